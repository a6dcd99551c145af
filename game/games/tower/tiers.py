"""How the AI levels measure up: the newcomer table and the ladder.

Newcomer table (`python -m game.games.tower.tiers`): the AI builder plays at human pace
(`ai.NEWCOMER`) against AI saboteurs of one difficulty on the real physics; a tower counts as
started when the builder set a block on its tile, and as finished when it scored at the end of
the turn. The catapults are tuned by it (easy: most towers finished, medium: about half, hard:
few).

Ladder (`python -m game.games.tower.tiers --ladder`): two-player matches through
`sim.simulate_match` (the table's own match), each pair of levels playing the same seeds with
the seats swapped every other game, and each level against random legal play. A tied match
(both seats share the win) counts half a win to each. Each level should beat the one below in
about 60-85% of matches, and hard beat easy more often than either step.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.rng import derive_seed
from game.games.tower.ai import DIFFICULTIES, NEWCOMER, RANDOM, BuilderAI, SaboteurAI
from game.games.tower.rules import Options, new_match
from game.games.tower.sim import simulate_match
from game.games.tower.world import TurnController

LADDER_PAIRS: tuple[tuple[str, str], ...] = (
    ("medium", "easy"),
    ("hard", "medium"),
    ("hard", "easy"),
    ("easy", RANDOM),
    ("medium", RANDOM),
    ("hard", RANDOM),
)
"""(stronger, weaker): the steps, hard against easy, and every level against random play."""


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
    started, finished, dice fired, dice that hit a block in flight).

    `seed` is the match's; every AI is seeded as the table seeds it (`MatchState.ai_seed`)."""
    match = new_match(Options(players=players), seed)
    turn = TurnController(match)
    builder = BuilderAI("easy", match.ai_seed(match.builder), NEWCOMER)
    sabs = [SaboteurAI(s, level, match.ai_seed(s)) for s in match.saboteurs()]
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
            s, f, d, h = newcomer_turn(level, derive_seed(seed, "newcomer", i), players)
            started, finished, fired, hit = started + s, finished + f, fired + d, hit + h
        rows.append(TierRow(level, turns, started, finished, fired, hit))
    return rows


@dataclass(frozen=True)
class LadderRow:
    """One pair of levels over `games` two-player matches: the stronger's wins, ties, losses."""

    stronger: str
    weaker: str
    games: int
    wins: int
    ties: int
    losses: int

    @property
    def share(self) -> float:
        """The stronger level's share of the matches, a tie counting half a win."""
        return (self.wins + 0.5 * self.ties) / self.games if self.games else 0.0


def ladder_pair(stronger: str, weaker: str, games: int, seed: int = 1,
                rounds: int = 3) -> LadderRow:
    """`games` two-player matches of `rounds` rounds; the stronger level sits first in even
    games and second in odd ones (the match seeds are the same for every pair)."""
    wins = ties = losses = 0
    for i in range(games):
        first = i % 2 == 0
        seats = [stronger, weaker] if first else [weaker, stronger]
        me = 0 if first else 1
        r = simulate_match(seats, derive_seed(seed, "ladder", i), {"rounds": rounds})
        winners = r["winners"]
        if me in winners and len(winners) > 1:
            ties += 1
        elif me in winners:
            wins += 1
        else:
            losses += 1
    return LadderRow(stronger, weaker, games, wins, ties, losses)


def ladder(pairs: Sequence[tuple[str, str]] = LADDER_PAIRS, games: int = 100, seed: int = 1,
           rounds: int = 3) -> list[LadderRow]:
    """The ladder: every pair over the same `games` match seeds."""
    return [ladder_pair(a, b, games, seed, rounds) for a, b in pairs]


def main(argv: list[str] | None = None) -> None:
    """Print the newcomer table, or the ladder with `--ladder`."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--ladder", action="store_true",
                    help="two-player matches between the levels and against random play")
    ap.add_argument("--turns", type=int, default=30, help="newcomer turns per catapult level")
    ap.add_argument("--players", type=int, default=3, help="seats in the newcomer's turns")
    ap.add_argument("--games", type=int, default=100, help="ladder matches per pair")
    ap.add_argument("--rounds", type=int, default=3, help="rounds per ladder match")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.ladder:
        print(f"{'pair':<16} {'games':>5} {'wins':>5} {'ties':>5} {'losses':>6} {'share':>6}")
        for pair in LADDER_PAIRS:
            row = ladder_pair(*pair, games=args.games, seed=args.seed, rounds=args.rounds)
            name = f"{row.stronger}-{row.weaker}"
            print(f"{name:<16} {row.games:>5} {row.wins:>5} {row.ties:>5} {row.losses:>6} "
                  f"{row.share:>6.1%}", flush=True)
        print("share: the first level's wins, a tied match counting half")
        return
    print(f"{'catapults':<10} {'turns':>5} {'started':>8} {'finished':>9} {'rate':>6} "
          f"{'dice':>5} {'hit':>5}")
    for r in measure(turns=args.turns, players=args.players, seed=args.seed):
        print(f"{r.level:<10} {r.turns:>5} {r.started:>8} {r.finished:>9} "
              f"{r.finish_rate:>6.0%} {r.dice_fired:>5} {r.dice_hit:>5}", flush=True)


if __name__ == "__main__":
    main()
