"""How the Kaboom! cards AI levels measure up: the newcomer row and the ladder.

`python -m game.games.cabo.tiers` plays two-player matches through `sim.play_match` (the slap
windows and AI seats the table uses), each pair on the same match seeds, the stronger seat first
in even games and second in odd ones:

* easy against a newcomer (`ai.NEWCOMER`: a person's first evening, every number sourced in its
  docstring): easy should win 35-55% of the matches, the kit's band for every game (at 28-33%
  strangers found it a pushover);
* each level against the one below: 60-85%, a step a player feels but can climb, at five
  rounds and at the rulebook's ten;
* hard against easy and easy against random play, as a check that the ladder is one ladder;
* a sharp player (`ai.SHARP`: forgets nothing, counts cards) against hard: how far the top
  level stays from perfect memory.

A tied match (a shared lowest total) counts half a win to each. AI strength is measured here,
never pinned in a test. `--habits` adds what a player sees of each level in those matches: the
share of slap chances it takes (a match of the face-up discard among its own cards it has
seen, whether or not it still remembers it), in play and in the opening flips, and its
Kaboom! calls and how many miss (the numbers `ai.py`'s profiles cite).
"""

from __future__ import annotations

import argparse
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.core import ladder
from game.core.ladder import NEWCOMER, PairRow
from game.core.rng import derive_seed
from game.games.cabo import rules as R
from game.games.cabo.sim import play_match, start_match
from game.games.cabo.slaps import SlapWindows, next_action

PAIRS: tuple[tuple[str, str], ...] = (
    ("easy", NEWCOMER),
    ("medium", "easy"),
    ("hard", "medium"),
    ("hard", "easy"),
    ("easy", "random"),
    ("sharp", "hard"),
)
"""Two-player rows: (level, the level it should beat); the bands are the kit's
(`game.core.ladder.BANDS`)."""
NAMES = ("random", NEWCOMER, "easy", "medium", "hard", "sharp")
"""The seats a pair may name."""


def pair(stronger: str, weaker: str, games: int, seed: int = 1, rounds: int = 5) -> PairRow:
    """`games` two-player matches of `rounds` rounds between two levels."""

    def play(levels: list[str], i: int) -> tuple[Collection[int], int | None]:
        state, bots = start_match(levels, derive_seed(seed, "tiers", i), {"rounds": rounds})
        play_match(state, bots)
        return state.winners(), None

    return ladder.play_pair(stronger, weaker, games, play)


@dataclass
class Habits:
    """What one level did over a pair's matches (`habits`)."""

    level: str
    chances: int = 0  # slap windows in play with a seen match of its own (worth > 0)
    slapped: int = 0  # ...that it slapped first
    opening_chances: int = 0  # the same in the opening flips
    opening_slapped: int = 0
    calls: int = 0  # Kaboom! calls (not the automatic one)
    missed: int = 0  # ...not closest to zero alone
    rounds: int = 0

    def line(self) -> str:
        def share(a: int, b: int) -> str:
            return f"{a / b:.0%}" if b else "-"
        return (f"{self.level:9} slaps {share(self.slapped, self.chances)} of its seen matches "
                f"in play and {share(self.opening_slapped, self.opening_chances)} in the "
                f"opening; calls Kaboom! in {share(self.calls, self.rounds)} of rounds, "
                f"{share(self.missed, self.calls)} of calls missed")


def habits(stronger: str, weaker: str, games: int, seed: int = 1,
           rounds: int = 5) -> tuple[Habits, Habits]:
    """The two levels' habits over the same matches `pair` plays."""
    out = {stronger: Habits(stronger), weaker: Habits(weaker)}
    for i in range(games):
        levels, _ = ladder.seating(stronger, weaker, i)
        state, bots = start_match(levels, derive_seed(seed, "tiers", i), {"rounds": rounds})
        seats = dict(enumerate(bots))
        slaps = SlapWindows()
        chances: dict[tuple[int, int], bool] = {}  # (window, seat) -> an opening flip
        caller: int | None = None  # who called Kaboom! this round (not automatically)
        while not state.is_terminal():
            top = state.top
            if state.window and state.slap is None and top is not None:
                for seat, grid in enumerate(state.grids):
                    if seat != state.kaboomer and (state.window_id, seat) not in chances and \
                            any(c is not None and seat in c.seen and top.matches(c.card)
                                and c.card.value > 0 for c in grid):
                        chances[(state.window_id, seat)] = state.phase is R.Phase.FLIP
            window = state.window_id
            done = len(state.events)
            state.must_apply(next_action(state, seats, slaps))
            for event in state.events[done:]:
                if isinstance(event, R.SlapAttempt) and (window, event.player) in chances:
                    h = out[levels[event.player]]
                    if chances[(window, event.player)]:
                        h.opening_slapped += 1
                    else:
                        h.slapped += 1
                elif isinstance(event, R.KaboomCalled) and not event.auto:
                    out[levels[event.player]].calls += 1
                    caller = event.player
                elif isinstance(event, R.RoundEnded):
                    for level in levels:
                        out[level].rounds += 1
                    if caller is not None and (caller not in event.winners
                                               or len(event.winners) > 1):
                        out[levels[caller]].missed += 1  # a tie is a miss (rule 3)
                    caller = None
        for (_, seat), opening in chances.items():
            h = out[levels[seat]]
            if opening:
                h.opening_chances += 1
            else:
                h.chances += 1
    return out[stronger], out[weaker]


def table(pairs: Sequence[tuple[str, str]] = PAIRS, games: int = 200, seed: int = 1,
          rounds: int = 5) -> list[PairRow]:
    """Every row over the same match seeds."""
    return [pair(a, b, games, seed, rounds) for a, b in pairs]


def main(argv: list[str] | None = None) -> int:
    """Print the tiers table; exit 1 when a row misses its band."""
    ap = argparse.ArgumentParser(prog="python -m game.games.cabo.tiers",
                                 description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=200, help="two-player matches per row")
    ap.add_argument("--rounds", type=int, default=5, help="rounds per match (the default game)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pairs", default="", help="only these pairs, e.g. easy-newcomer,hard-medium")
    ap.add_argument("--habits", action="store_true",
                    help="also each level's slaps taken and Kaboom! calls missed, per pair")
    args = ap.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        ap.error("--games and --rounds must be at least 1")
    try:
        pairs = ladder.parse_pairs(args.pairs, PAIRS, NAMES)
    except ValueError as exc:
        ap.error(str(exc))
    rows = (pair(a, b, args.games, args.seed, args.rounds) for a, b in pairs)
    met = ladder.print_ladder(rows)
    if args.habits:
        for a, b in pairs:
            print(f"{a}-{b}:")
            for h in habits(a, b, args.games, args.seed, args.rounds):
                print("  " + h.line())
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
