"""How hard each catapult level is on a newcomer: towers started and finished, per level.

The AI builder plays at human pace (`ai.NEWCOMER`) against AI saboteurs of one difficulty on
the real physics; a tower counts as started when the builder set a block on its tile, and as
finished when it scored at the end of the turn. `python -m game.games.tower.tiers` prints the
table the catapults are tuned by (easy: most towers finished, medium: about half, hard: few).
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass

from game.games.tower.ai import DIFFICULTIES, NEWCOMER, BuilderAI, SaboteurAI
from game.games.tower.rules import Options, new_match
from game.games.tower.world import TurnController


@dataclass(frozen=True)
class TierRow:
    """One catapult level against a newcomer: turns, towers started and finished, dice."""

    level: str
    turns: int
    started: int
    finished: int
    dice_fired: int
    dice_hit: int

    @property
    def finish_rate(self) -> float:
        """Share of started towers that scored."""
        return self.finished / self.started if self.started else 0.0


def newcomer_turn(level: str, seed: int, players: int = 3) -> tuple[int, int, int, int]:
    """One turn of a newcomer builder against `players - 1` saboteurs of `level`: (towers
    started, finished, dice fired, dice that hit a block in flight)."""
    rng = random.Random(seed)
    match = new_match(Options(players=players), rng.getrandbits(32))
    turn = TurnController(match)
    builder = BuilderAI("easy", rng.getrandbits(32), NEWCOMER)
    sabs = [SaboteurAI(s, level, rng.getrandbits(32)) for s in match.saboteurs()]
    while not turn.done:
        if turn.building:
            builder.update(turn)
            for sab in sabs:
                sab.update(turn)
        turn.step()
        turn.pop_events()
    result = turn.result
    assert result is not None
    scored = {j.slot for j in result.judgements if j.scored}
    stats = turn.world.stats
    return (len(builder.started), len(builder.started & scored), stats.dice_fired,
            stats.dice_hit)


def measure(levels: tuple[str, ...] = DIFFICULTIES, turns: int = 30, players: int = 3,
            seed: int = 1) -> list[TierRow]:
    """The table: for each level, `turns` newcomer turns (the same seeds for every level)."""
    rows: list[TierRow] = []
    for level in levels:
        started = finished = fired = hit = 0
        for i in range(turns):
            s, f, d, h = newcomer_turn(level, seed * 100_003 + i, players)
            started, finished, fired, hit = started + s, finished + f, fired + d, hit + h
        rows.append(TierRow(level, turns, started, finished, fired, hit))
    return rows


def main(argv: list[str] | None = None) -> None:
    """Print the newcomer table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--turns", type=int, default=30)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print(f"{'catapults':<10} {'turns':>5} {'started':>8} {'finished':>9} {'rate':>6} "
          f"{'dice':>5} {'hit':>5}")
    for r in measure(turns=args.turns, players=args.players, seed=args.seed):
        print(f"{r.level:<10} {r.turns:>5} {r.started:>8} {r.finished:>9} "
              f"{r.finish_rate:>6.0%} {r.dice_fired:>5} {r.dice_hit:>5}", flush=True)


if __name__ == "__main__":
    main()
