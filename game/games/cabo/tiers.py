"""How the Kaboom! cards AI levels measure up: the newcomer row and the ladder.

`python -m game.games.cabo.tiers` plays two-player matches through `sim.play_match` (the slap
windows and AI seats the table uses), each pair on the same match seeds, the stronger seat first
in even games and second in odd ones:

* easy against a newcomer (`ai.NEWCOMER`: a person's first evening, every number sourced in its
  docstring): easy should win 30-45% of the matches, so a stranger wins 55-70%: more often than
  not, yet easy is a real opponent (at 28-33% strangers found it a pushover);
* each level against the one below: 60-85% medium-easy and 55-80% hard-medium, a step a
  player feels but can climb, at five rounds and at the rulebook's ten;
* hard against easy and easy against random play, as a check that the ladder is one ladder;
* a sharp player (`ai.SHARP`: forgets nothing, counts cards) against hard: how far the top
  level stays from perfect memory.

A tied match (a shared lowest total) counts half a win to each. AI strength is measured here,
never pinned in a test.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.rng import derive_seed
from game.games.cabo.sim import play_match, start_match

PAIRS: tuple[tuple[str, str], ...] = (
    ("easy", "newcomer"),
    ("medium", "easy"),
    ("hard", "medium"),
    ("hard", "easy"),
    ("easy", "random"),
    ("sharp", "hard"),
)
"""Two-player rows: (level, the level it should beat)."""
TARGETS: dict[tuple[str, str], tuple[float, float]] = {
    ("easy", "newcomer"): (0.30, 0.45),
    ("medium", "easy"): (0.60, 0.85),
    ("hard", "medium"): (0.55, 0.80),
}
"""The share each row should land in (the rest have no band)."""


@dataclass(frozen=True)
class TierRow:
    """One pair over `games` two-player matches: the first level's wins, ties and losses."""

    stronger: str
    weaker: str
    games: int
    wins: int
    ties: int
    losses: int
    seconds: float

    @property
    def share(self) -> float:
        """The first level's share of the matches, a tie counting half a win."""
        return (self.wins + 0.5 * self.ties) / self.games if self.games else 0.0

    @property
    def verdict(self) -> str:
        """'ok' or 'low' / 'high' against the row's target band ('' without one)."""
        band = TARGETS.get((self.stronger, self.weaker))
        if band is None:
            return ""
        lo, hi = band
        return "low" if self.share < lo else "high" if self.share > hi else "ok"


def pair(stronger: str, weaker: str, games: int, seed: int = 1, rounds: int = 5) -> TierRow:
    """`games` two-player matches of `rounds` rounds between two levels."""
    wins = ties = losses = 0
    started = time.perf_counter()
    for i in range(games):
        first = i % 2 == 0
        levels = [stronger, weaker] if first else [weaker, stronger]
        me = 0 if first else 1
        state, bots = start_match(levels, derive_seed(seed, "tiers", i), {"rounds": rounds})
        play_match(state, bots)
        winners = state.winners()
        if me in winners and len(winners) > 1:
            ties += 1
        elif me in winners:
            wins += 1
        else:
            losses += 1
    return TierRow(stronger, weaker, games, wins, ties, losses, time.perf_counter() - started)


def table(pairs: Sequence[tuple[str, str]] = PAIRS, games: int = 200, seed: int = 1,
          rounds: int = 5) -> list[TierRow]:
    """Every row over the same match seeds."""
    return [pair(a, b, games, seed, rounds) for a, b in pairs]


def main(argv: list[str] | None = None) -> None:
    """Print the tiers table."""
    ap = argparse.ArgumentParser(prog="python -m game.games.cabo.tiers",
                                 description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=200, help="two-player matches per row")
    ap.add_argument("--rounds", type=int, default=5, help="rounds per match (the default game)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        ap.error("--games and --rounds must be at least 1")
    print(f"{'pair':<18} {'games':>5} {'wins':>5} {'ties':>5} {'losses':>6} {'share':>6} "
          f"{'target':>9} {'':>4}")
    for a, b in PAIRS:
        row = pair(a, b, args.games, args.seed, args.rounds)
        band = TARGETS.get((a, b))
        target = f"{band[0]:.0%}-{band[1]:.0%}" if band else ""
        print(f"{a + '-' + b:<18} {row.games:>5} {row.wins:>5} {row.ties:>5} {row.losses:>6} "
              f"{row.share:>6.1%} {target:>9} {row.verdict:>4}", flush=True)
    print("share: the first level's wins, a tied match counting half")


if __name__ == "__main__":
    main()
