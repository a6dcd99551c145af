"""How the blast AI levels measure up: the ladder, the four-player table and the thinking time.

`python -m game.games.blast.tiers` plays, on the same match seeds for every row:

* two-player pairs (stronger, weaker), the stronger seat first in even games and second in odd
  ones: each level should beat the one below in most games (random < easy < medium < hard);
* four-player tables of one level against three of another, its seat rotated through the four:
  hard should win at least 40% against three mediums (25% is chance).

Every AI thinks in slices as on the table (`BlastAI.work(budget)` with `--budget`, 4 ms by
default), which reaches the very decisions a blocking `decide` reaches; the time each decision
took in all and the longest single slice are reported per level. A tied match (shared win at
the round bound) counts each winner's share.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.core.rng import derive_seed
from game.games.blast.ai import ai_seed, make_ai
from game.games.blast.rules import MatchState, new_match

PAIRS: tuple[tuple[str, str], ...] = (
    ("easy", "random"),
    ("medium", "easy"),
    ("hard", "medium"),
    ("medium", "random"),
    ("hard", "easy"),
)
"""Two-player rows: (stronger, weaker)."""
TABLES: tuple[tuple[str, str, int], ...] = (("hard", "medium", 4), ("medium", "easy", 4))
"""Table rows: (level, the others' level, players)."""


@dataclass
class Timing:
    """Thinking time of one level: per decision (all its slices) and the longest slice."""

    decisions: int = 0
    total: float = 0.0
    longest_decision: float = 0.0
    longest_slice: float = 0.0

    def add(self, spent: float, slices: list[float]) -> None:
        """One decision that took `spent` seconds in `slices`."""
        self.decisions += 1
        self.total += spent
        self.longest_decision = max(self.longest_decision, spent)
        self.longest_slice = max([self.longest_slice, *slices])

    @property
    def mean(self) -> float:
        """Mean seconds per decision."""
        return self.total / self.decisions if self.decisions else 0.0


@dataclass
class Row:
    """One row: the level's share of `games` matches (each win split among its winners)."""

    name: str
    games: int = 0
    share: float = 0.0
    seconds: float = 0.0
    timing: dict[str, Timing] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        """The level's share of the wins."""
        return self.share / self.games if self.games else 0.0


def play_sliced(levels: Sequence[str], seed: int, budget: float,
                timing: dict[str, Timing]) -> MatchState:
    """One match as the table plays it: every decision thought in slices of `budget` seconds
    (timed into `timing`, per level)."""
    match = new_match(len(levels), seed)
    ais = [make_ai(level, s, ai_seed(seed, s)) for s, level in enumerate(levels)]
    while not match.is_terminal():
        seat = match.current_player()
        assert seat is not None
        ai = ais[seat]
        slices: list[float] = []
        start = time.perf_counter()
        ai.begin(match)
        action = None
        while action is None:
            t = time.perf_counter()
            action = ai.work(budget)
            slices.append(time.perf_counter() - t)
        timing.setdefault(levels[seat], Timing()).add(time.perf_counter() - start, slices)
        refused = match.apply(action)
        if refused is not None:
            raise RuntimeError(f"{levels[seat]} chose an illegal {action}: {refused.reason}")
    return match


def measure(level: str, others: str, players: int, games: int, seed: int = 1,
            budget: float = 0.004) -> Row:
    """`level` in one seat against `others` in the rest, the seat rotated game by game."""
    many = f"{players - 1}x {others}" if players > 2 else others
    row = Row(f"{level} vs {many} ({players}p)")
    started = time.perf_counter()
    for g in range(games):
        mine = g % players
        levels = [level if s == mine else others for s in range(players)]
        match = play_sliced(levels, derive_seed(seed, "tiers", players, g), budget, row.timing)
        row.share += match.returns()[mine]
        row.games += 1
    row.seconds = time.perf_counter() - started
    return row


def main(argv: list[str] | None = None) -> None:
    """Print the ladder, the tables and the thinking time."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=100, help="two-player matches per pair")
    ap.add_argument("--table-games", type=int, default=100, help="matches per table row")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=0.004, help="seconds per work() slice")
    args = ap.parse_args(argv)
    timing: dict[str, Timing] = {}
    print(f"{'row':<28} {'games':>5} {'share':>6} {'games/s':>8}")
    for a, b in PAIRS:
        _print(measure(a, b, 2, args.games, args.seed, args.budget), timing)
    for level, others, players in TABLES:
        _print(measure(level, others, players, args.table_games, args.seed, args.budget),
               timing)
    print("share: the first level's share of the wins (seats rotated; chance is 1/players)")
    print()
    print(f"{'level':<8} {'decisions':>9} {'mean ms':>8} {'max ms':>7} {'max slice ms':>13}")
    for level in ("random", "easy", "medium", "hard"):
        t = timing.get(level)
        if t is not None:
            print(f"{level:<8} {t.decisions:>9} {1000 * t.mean:>8.2f} "
                  f"{1000 * t.longest_decision:>7.1f} {1000 * t.longest_slice:>13.2f}")


def _print(row: Row, timing: dict[str, Timing]) -> None:
    for level, t in row.timing.items():
        total = timing.setdefault(level, Timing())
        total.decisions += t.decisions
        total.total += t.total
        total.longest_decision = max(total.longest_decision, t.longest_decision)
        total.longest_slice = max(total.longest_slice, t.longest_slice)
    speed = row.games / row.seconds if row.seconds else 0.0
    print(f"{row.name:<28} {row.games:>5} {row.rate:>6.1%} {speed:>8.1f}", flush=True)


if __name__ == "__main__":
    main()
