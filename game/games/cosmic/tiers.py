"""How the Cosmic Kaboom AI levels measure up: the ladder (`python -m game.games.cosmic.tiers`).

Two-player matches through `sim.play_match` (the table's own match on the real physics): each
pair of levels plays the same seeds with the seats swapped every other game (so each level
moves first as often; the first player is drawn from the seed), and a tied match counts half a
win to each. Targets: hard beats medium in at least 65% of matches, medium beats easy and easy
beats random in more than half. Then, per level over every match it played: crystals per
flick, the share of bomb tosses that destroyed something, and the longest single `work()` call
(measured on a few decisions sliced as the table slices them, `--budget` seconds a call).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.core.rng import derive_seed
from game.games.cosmic.ai import AI_LEVELS, make_ai
from game.games.cosmic.match import CosmicMatch
from game.games.cosmic.options import ai_seed
from game.games.cosmic.sim import play_match

LADDER: tuple[tuple[str, str, float], ...] = (
    ("hard", "medium", 0.65),
    ("medium", "easy", 0.5),
    ("easy", "random", 0.5),
)
"""(stronger, weaker, the share of wins the stronger must beat)."""


@dataclass
class LevelStats:
    """One level's figures over every match it played."""

    crystals: int = 0
    flicks: int = 0
    tosses: int = 0
    hits: int = 0
    games: int = 0
    seconds: list[float] = field(default_factory=list)

    @property
    def per_flick(self) -> float:
        """Crystals collected per flick."""
        return self.crystals / self.flicks if self.flicks else 0.0

    @property
    def hit_rate(self) -> float:
        """Share of bomb tosses that destroyed at least one planet."""
        return self.hits / self.tosses if self.tosses else 0.0


@dataclass
class PairResult:
    """A pair of levels over `games` matches: the stronger's wins (ties count half)."""

    strong: str
    weak: str
    target: float
    games: int = 0
    wins: float = 0.0
    frames: int = 0
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        """The stronger level's share of wins."""
        return self.wins / self.games if self.games else 0.0


def play_pair(strong: str, weak: str, target: float, games: int, stats: dict[str, LevelStats],
              seed: int = 0) -> PairResult:
    """Play `games` two-player matches between two levels, seats swapped every other game."""
    out = PairResult(strong, weak, target)
    for k in range(games):
        match_seed = derive_seed(seed, "tiers", strong, weak, k // 2)
        levels = [strong, weak] if k % 2 == 0 else [weak, strong]
        r = play_match(levels, match_seed)
        me = levels.index(strong)
        if me in r["winners"]:
            out.wins += 1.0 / len(r["winners"])
        out.games += 1
        out.frames += r["frames"]
        out.seconds += r["seconds"]
        for seat, level in enumerate(levels):
            s = stats.setdefault(level, LevelStats())
            s.games += 1
            s.crystals += r["crystals"][seat]
            s.flicks += r["flicks"][seat]
            s.tosses += r["bomb_tosses"][seat]
            s.hits += r["bomb_hits"][seat]
            s.seconds.append(r["seconds"] / 2)
    return out


def longest_slice(level: str, budget: float, decisions: int = 30, seed: int = 5) -> tuple[float,
                                                                                          int]:
    """The longest single `work(budget)` call in ms, and the most work units in one call, over
    the first `decisions` decisions of a match of `level` against itself."""
    match = CosmicMatch.new(2, seed=seed)
    ais = [make_ai(level, s, ai_seed(seed, s)) for s in range(2)]
    longest = 0.0
    for _ in range(decisions):
        if match.over:
            break
        seat = match.to_act()
        assert seat is not None
        ai = ais[seat]
        ai.begin(match)
        while True:
            t0 = time.perf_counter()
            got = ai.work(budget)
            longest = max(longest, time.perf_counter() - t0)
            if got is not None:
                break
        match.apply(got)
    return longest * 1000.0, max(a.max_slice_frames for a in ais)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the ladder; exit 1 when a target is missed."""
    parser = argparse.ArgumentParser(prog="python -m game.games.cosmic.tiers",
                                     description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100, help="matches for hard vs medium")
    parser.add_argument("--games-lower", type=int, default=60,
                        help="matches for medium vs easy and easy vs random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=0.004,
                        help="seconds per work() call when measuring slices")
    parser.add_argument("--only", choices=[f"{a}-{b}" for a, b, _ in LADDER], default=None)
    args = parser.parse_args(argv)
    stats: dict[str, LevelStats] = {}
    ok = True
    print(f"{'pair':<18}{'games':>6}{'wins':>8}{'target':>8}{'s/game':>8}{'x real':>8}")
    for strong, weak, target in LADDER:
        if args.only is not None and args.only != f"{strong}-{weak}":
            continue
        games = args.games if strong == "hard" else args.games_lower
        r = play_pair(strong, weak, target, games, stats, args.seed)
        met = r.rate > target if target == 0.5 else r.rate >= target
        ok = ok and met
        speed = (r.frames / 60.0) / r.seconds if r.seconds else 0.0
        print(f"{strong + ' v ' + weak:<18}{r.games:>6}{r.rate:>8.1%}{target:>8.0%}"
              f"{r.seconds / max(1, r.games):>8.2f}{speed:>8.1f}  {'ok' if met else 'MISSED'}",
              flush=True)
    print()
    print(f"{'level':<8}{'games':>6}{'cryst/flick':>12}{'bomb hits':>16}{'max work ms':>12}"
          f"{'units/slice':>12}")
    for level in AI_LEVELS:
        s = stats.get(level)
        if s is None:
            continue
        ms, units = longest_slice(level, args.budget)
        print(f"{level:<8}{s.games:>6}{s.per_flick:>12.3f}"
              f"{f'{s.hits}/{s.tosses}':>11} {s.hit_rate:>4.0%}{ms:>12.2f}{units:>12}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
