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
never pinned in a test.
"""

from __future__ import annotations

import argparse
from collections.abc import Collection, Sequence

from game.core import ladder
from game.core.ladder import NEWCOMER, PairRow
from game.core.rng import derive_seed
from game.games.cabo.sim import play_match, start_match

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
    args = ap.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        ap.error("--games and --rounds must be at least 1")
    try:
        pairs = ladder.parse_pairs(args.pairs, PAIRS, NAMES)
    except ValueError as exc:
        ap.error(str(exc))
    rows = (pair(a, b, args.games, args.seed, args.rounds) for a, b in pairs)
    return 0 if ladder.print_ladder(rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
