"""How the AI levels measure up: a newcomer model, the newcomer table and the ladder.

`NEWCOMER` is a person in their first Tower Kaboom matches with a mouse (see its docstring for
where each number comes from). It plays a seat of `sim.simulate_match` like an AI level does.

Newcomer table (`python -m game.games.tower.tiers`): the newcomer builds against AI saboteurs
of one difficulty on the real physics; a tower counts as started when the builder set a block
on its tile, and as finished when it scored at the end of the turn.

Ladder (`python -m game.games.tower.tiers --ladder`): two-player matches through
`sim.simulate_match` (the table's own match), each pair playing the same seeds with the seats
swapped every other game. A tied match (both seats share the win) counts half a win to each.
Easy must be a real but beatable opponent (session 29: a stranger found an Easy that scored 0
"no opponent"), yet a newcomer building by mouse lost to it (session 30): Easy wins 35-55% of
matches against the newcomer (it won 35% against the unaided session-29 model) and scores well
above 0;
Medium beats Easy in 60-85% of matches and Hard beats Medium in 60-85% (the kit's bands,
`game.core.ladder.BANDS`, the same in every game). The stranger (a first
match in a slow window) usually loses to it.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from game.core import ladder
from game.core.ladder import NEWCOMER as NEWCOMER_NAME
from game.core.ladder import PairRow
from game.core.rng import derive_seed
from game.games.tower.ai import (
    DIFFICULTIES,
    RANDOM,
    BuilderAI,
    BuilderSkill,
    SaboteurAI,
    SaboteurSkill,
    SeatModel,
)
from game.games.tower.rules import Options, new_match
from game.games.tower.sim import simulate_match
from game.games.tower.turn import TurnController

NEWCOMER = SeatModel(
    builder=BuilderSkill(
        hand_speed=460.0,
        lower_speed=105.0,
        pos_error=2.2,
        angle_error=math.radians(2.5),
        think=0.9,
        block_time=2.6,
        caution=0.0,
        mega_value=0.0,
        aided=True,
    ),
    slip=0.05,
    saboteur=SaboteurSkill(
        first_delay=5.0,
        cadence=6.5,
        angle_error=math.radians(14.0),
        power_error=0.16,
        patience=0.0,
        path_check=False,
        aim_time=1.2,
        elevations=(45.0,),
        reserve=0,
        end_window=0.0,
    ),
)
"""A person's first matches with a mouse, as an AI seat.

Measured against the playtest of issue 16: a stranger with a mouse scored 24 points in three
builder turns against Easy (about 8 a turn). The model first built at 4-5 s a block (the
estimates below) and scored 4.8 a builder turn against Easy: too slow. A person who has the
hang of dragging by the first turn fetches and sets a block in about 2-2.5 s (the Fitts times
below are 1.2 s of it; the rest is a short look at the card, `think` 0.45 s), misreads about
one block in twenty (`slip`), and sets it a little more surely than the first guess. Now it
scores about 7 a builder turn against Easy (`tiers.py --ladder`'s matches, the seats' points
per builder turn). The first estimates, for where each number comes from:

Grabbing and carrying (`hand_speed`, world units a second; at the build view's zoom of about
2.25 a unit is 2.25 px). Fitts's law for a mouse, from MacKenzie, Sellen & Buxton (CHI 1991):
pointing takes about 0.22 s a bit, dragging 0.25 s a bit, plus about 0.1 s. Fetching a block
(about 450 px to a 60-110 px block, 2.5-3 bits) takes about 0.6 s and carrying it to its tile
(450 px to a 200 px pad, about 1.7 bits) about 0.55 s: about 360 units a second for trained
subjects; a newcomer, who also looks for the block while moving, about 280.
Setting down (`lower_speed` 70, `pos_error` 3.0 units = 7 px, `angle_error` 2.5 degrees): the
last few units are a precise move onto a face a block wide; a released button slips the pointer
a few pixels (the endpoint spread of a mouse at 4% misses is W / 4.1 for a target W wide, about
7 px for the ghost's 30 px face). The angle comes from the quarter-turn keys and the carry's
swing, hence small.
Thinking (`think` 2.0 s between blocks, `block_time` 5.5 s its own estimate): choosing among six
block shapes (Hick-Hyman: about 0.2 + 0.15 x log2(7) = 0.6 s), searching the 16-block tray for
one (serial search at 25-50 ms an item: about 0.4 s), checking the card's order (about 0.5 s),
and for about half the blocks a quarter turn by wheel or right click (about 0.5 s more). Blocks
come every 4-5 s, as the playtest of issue 16 saw (3 turns, 0 towers, with the view moving).
Rules (`slip` 0.12, `caution` 0, `mega_value` 0): an estimate from the playtest, where rule
notes came up and towers were rebuilt: about one block in eight set the wrong way up or out of
order (it is then taken off and set again, as the AI does); it does not judge a tower's
stability, never tries the Mega, and makes no tile swaps (the get-ready screen offers them; a
newcomer does not know what they are for).
Catapult (`first_delay` 5 s, `cadence` 6.5 s, `aim_time` 1.2 s, errors 14 degrees and 0.16 of
full power): finding one's catapult and reading its hint, then a pull and release of about a
second (two Fitts moves and a hold), reload 0.6 s and a look at where the last die went; the
aim follows the dotted preview but a newcomer does not yet know which arc hits, so aims are
wide, and they fire at whatever stands (`patience` 0) at one elevation (`elevations`).
Building by the mouse's aid (`aided`, session 30): strangers building by mouse lost to Easy
9-17 and 5-11, fighting the physics, while the keys' Tab built exactly. The mouse now helps as
the keys do: a block comes up turned as its card prints it, a faint outline shows where it
goes, and one let go close to the outline settles into it (`TurnController.settle`). The model
builds as such a player does: it carries the block to its outline and lets go a little above
it (`ai.AIDED_HEIGHT`), with no slow last lowering and no wait for the block to hang still.
`think` 0.9 s (it was 0.45, fitted to issue 16's one quick stranger, quicker than session 30's
who lost): choosing the shape (Hick-Hyman, 0.6 s, as above) and finding it in the tray, whose
rows are now labelled (about 0.3 s); the card's way-up check and the quarter turns of the first
estimate are the aid's now. Easy won about 45% against it when it was fitted (100 ladder
matches; 40 give 35-55% with the seeds' noise) and about 51% against the same newcomer without
the aid. The latest ladder, 40 matches a pair (session 37, Easy a beginner: short towers, visible
fumbles, no rubble left): Easy wins 46.2% against the newcomer, Medium beats Easy in 78.8% and
Hard beats Medium in 76.2%. Session 40, Easy keeping to tiles of at most 4 points
(`choice.MOST_POINTS`): Easy wins 48.8% against the newcomer and Medium beats Easy in 73.8%."""

STRANGER_NAME = "stranger"

STRANGER = SeatModel(
    builder=BuilderSkill(
        hand_speed=230.0,
        lower_speed=60.0,
        pos_error=4.5,
        angle_error=math.radians(4.0),
        think=2.6,
        block_time=6.0,
        caution=0.0,
        mega_value=0.0,
    ),
    slip=0.15,
    saboteur=SaboteurSkill(
        first_delay=8.0,
        cadence=8.5,
        angle_error=math.radians(16.0),
        power_error=0.2,
        patience=0.0,
        path_check=False,
        aim_time=2.0,
        elevations=(45.0,),
        reserve=0,
        end_window=0.0,
    ),
)
"""A stranger's very first match in a real window on a busy machine, as an AI seat.

Measured against the playtest of session 27: a stranger who had never seen the game played
through a remote window that added 1-10 s to each action, lost 5-10 s of sand per drag and
built 1-3 tiles a turn (3 to Easy's 7). So: about 6-7 s a block all told (`think` 3.2 s to
find the card, the block and the pad; a slow carry at 230 units a second, 60 while setting
down), a hand that misplaces some blocks (`pos_error` 4.5 units, about 10 px, so some slide off
and are set again), one block in seven set from a misread card (`slip`), and a catapult found
late (8 s), fired every 8-9 s after a 2 s aim, as wide as a newcomer's. `NEWCOMER` is the same
person a few matches on, quick with the mouse."""

LADDER_PAIRS: tuple[tuple[str, str], ...] = (
    ("easy", STRANGER_NAME),
    ("easy", NEWCOMER_NAME),
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
    builder = BuilderAI(NEWCOMER_NAME, match.ai_seed(match.builder), NEWCOMER.builder,
                        NEWCOMER.slip)
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


MODELS: dict[str, SeatModel] = {NEWCOMER_NAME: NEWCOMER, STRANGER_NAME: STRANGER}
"""The seat models a ladder pair may name besides the levels."""


def ladder_pair(stronger: str, weaker: str, games: int, seed: int = 1,
                rounds: int = 3, seconds: float | None = None) -> PairRow:
    """`games` two-player matches of `rounds` rounds (sand timers of `seconds`, default the
    rulebook's), seated as `ladder.seating` seats them (the match seeds are the same for every
    pair). Either side may be a model of `MODELS`; a match nobody scored in is a draw."""
    opts: dict[str, float] = {"rounds": rounds}
    if seconds is not None:
        opts["turn_seconds"] = seconds

    def play(levels: list[str], i: int) -> tuple[Collection[int], int | None]:
        r = simulate_match(levels, derive_seed(seed, "ladder", i), opts, models=MODELS)
        return r["winners"], None

    return ladder.play_pair(stronger, weaker, games, play)


def ladder_rows(pairs: Sequence[tuple[str, str]] = LADDER_PAIRS, games: int = 100,
                seed: int = 1, rounds: int = 3) -> list[PairRow]:
    """The ladder: every pair over the same `games` match seeds."""
    return [ladder_pair(a, b, games, seed, rounds) for a, b in pairs]


def main(argv: list[str] | None = None) -> int:
    """Print the newcomer table, or the ladder with `--ladder` (exit 1 when a pair misses its
    band)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--ladder", action="store_true",
                    help="two-player matches between the levels and against random play")
    ap.add_argument("--turns", type=int, default=30, help="newcomer turns per catapult level")
    ap.add_argument("--players", type=int, default=3, help="seats in the newcomer's turns")
    ap.add_argument("--games", type=int, default=100, help="ladder matches per pair")
    ap.add_argument("--rounds", type=int, default=3, help="rounds per ladder match")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=None, help="sand timer (default 30)")
    ap.add_argument("--pairs", default="", help="only these pairs, e.g. easy-newcomer,hard-medium")
    args = ap.parse_args(argv)
    if args.ladder:
        names = (*DIFFICULTIES, RANDOM, *MODELS)
        try:
            pairs = ladder.parse_pairs(args.pairs, LADDER_PAIRS, names)
        except ValueError as exc:
            ap.error(str(exc))
        rows = (ladder_pair(a, b, games=args.games, seed=args.seed, rounds=args.rounds,
                            seconds=args.seconds) for a, b in pairs)
        return 0 if ladder.print_ladder(rows) else 1
    print(f"{'catapults':<10} {'turns':>5} {'started':>8} {'finished':>9} {'rate':>6} "
          f"{'dice':>5} {'hit':>5}")
    for r in measure(turns=args.turns, players=args.players, seed=args.seed):
        print(f"{r.level:<10} {r.turns:>5} {r.started:>8} {r.finished:>9} "
              f"{r.finish_rate:>6.0%} {r.dice_fired:>5} {r.dice_hit:>5}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
