"""Tower Kaboom AI: a builder that stacks blocks with a visible hand, and saboteurs that aim dice.

Both are step-wise controllers: `update(turn)` once per fixed frame does a little work and acts
through the same `TurnController` calls a human's input does (grab/drag/release, aim/fire), so
the AI never stalls a frame and the scene can draw its hand and aim. Difficulty sets pace,
precision and judgement. Each controller has its own seeded rng: same seed, same play.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass

from game.games.tower.bodies import SUBSTEPS, die_polygon, shape_polygons
from game.games.tower.data import (
    BLOCKS,
    DIE_SIZE,
    GRAVITY,
    MAX_LAUNCH_ANGLE,
    MAX_LAUNCH_SPEED,
    MIN_LAUNCH_ANGLE,
    MIN_LAUNCH_SPEED,
    SHAPES,
    SLOT_RANGES,
    TABLE_Y,
    TILES,
    TRAY_ZONE_Y,
    difficulty,
)
from game.games.tower.rules import BlockView, TileJudgement
from game.games.tower.turn import TurnController
from game.games.tower.worlddata import Where
from game.physics.ballistic import predict_path, solve_launch
from game.physics.stepper import FRAME_DT

Point = tuple[float, float]
DIFFICULTIES = ("easy", "medium", "hard")
"""The levels a player picks in the lobby."""
RANDOM = "random"
"""Random legal play at a human pace: a baseline for the ladder and `simulate`, not a level."""
SIM_DIFFICULTIES = (*DIFFICULTIES, RANDOM)
"""Every computer seat `simulate` (and a table set up from the command line) can play."""

GRAB_OFFSET: dict[str, Point] = {"arch": (0.0, -9.0)}
"""Where on a shape (local) the AI's hand takes hold: the arch by its top bar, others centred."""
DESPERATE_DEFICIT = 6
"""Points behind on its last turn as builder that make an AI go for the Mega tower."""
TOUCH_SPEED = 40.0
"""Units per second of the last few units down, until the block meets its support."""
MEGA_THREAT = 15.0
"""How much a saboteur fears a finished Mega tower, in small-tile points."""
MEGA_STEADY = 0.5
"""From this share of the Mega built, every saboteur aims to hit it (Easy's misses too)."""
PAD_MARGIN = 1.5
"""Units two boxes may overlap and still not be in each other's way (the next block's spot
touches the block below it); a block is set down at least this far from a die beside it."""
BLOCKED_SCORE = 0.25
"""A tile whose next block's spot a die fills is worth this much of its score to it (it builds
elsewhere if it can, and tries it once if not: a die is often pushed aside)."""
SPOT_STEPS = 60
"""Half the widest pad, in 2-unit steps: how far across a pad it looks for a free spot."""
SHORT_SCORE = 0.2
"""What a tower worth beginning is worth when it may not be finished in time (`margin`)."""
STRETCH_TIME = 8.0
"""Seconds of sand from which a builder with `stretch` tries a tower that may not fit."""
PLAIN_BLOCKS = 3
"""The most blocks a tower may have for a plain builder to take it at its worth (`plain`)."""
NUDGE_SPEED = 24.0
"""Units per second it nudges a block lowered a little off its spot over to it."""
SWAY_EVERY = 4
"""Frames between the turns of a swaying block (`BuilderSkill.wobble`)."""
SWAY_RATE = 9.0
"""Radians per second of a swaying block's to and fro (about 1.4 sways a second)."""
TIDY_TIME = 3.0
"""Seconds of sand a tidy builder wants left to carry a loose block back to the tray."""
CLEAR_LANES = (150.0, 1130.0)
"""Where across a cleared block may be taken down to the tray: between the inner catapults."""


@dataclass(frozen=True)
class BuilderSkill:
    """How an AI builder plays: hand pace and precision, thinking time, taste for risk."""

    hand_speed: float
    """Units per second the hand travels."""
    lower_speed: float
    """Units per second while setting a block down."""
    pos_error: float
    """Standard deviation of where a block is set down, units."""
    angle_error: float
    """Standard deviation of a block's angle when set down, radians."""
    think: float
    """Seconds between finishing one action and starting the next."""
    block_time: float
    """Its own estimate of seconds per block, for choosing towers that fit the time left."""
    caution: float
    """How much it shies from unstable towers (0: not at all)."""
    mega_value: float
    """How many points the Mega tower is worth to it (0: never tries)."""
    ease: float = 0.0
    """How much longer it thinks between blocks for each point it leads every person at the
    table by (at most 10): 0.3 thinks twice as long 3.3 points ahead. Easy eases off when it
    is ahead of the people, as a friend teaching the game would (issue 16: a stranger lost
    5-8 and 8-9 to an Easy that "built four towers in 30 s"); AIs alone never ease."""
    aided: bool = False
    """Builds as a person with a mouse does: carries the block to its outline and lets go
    there for the mouse's aid to settle it (`TurnController.settle`), instead of lowering it
    by hand until it rests (`tiers.NEWCOMER`)."""
    plain: float = 0.0
    """How much it shies from long towers beyond their worth for the time: a tower of n blocks
    (more than `PLAIN_BLOCKS`) is worth (PLAIN_BLOCKS / n) ** plain as much to it (a beginner
    keeps to short cards)."""
    focus: float = 1.25
    """How much more the tower it is building is worth to it than one not begun: a beginner
    builds one tower at a time, and builds it again when it falls."""
    margin: float = 1.0
    """Begins a tower that this many times its estimate of the seconds it takes does not fit in
    the sand left only when no other will do (`SHORT_SCORE`): a beginner would rather finish."""
    stretch: float = 1.0
    """How far past the sand left (at least `STRETCH_TIME`) its estimate of a tower may go for
    it to try it all the same when nothing else will do, and (above 1) it goes on with its
    own tower to the last: a beginner tries rather than stands idle with the hand in the
    air."""
    tidy: bool = False
    """Takes up a block of its that fell (off its tower, or knocked off) to set it again before
    any other, reuses blocks lying loose on the table before the tray's, and with nothing left
    to build in the time puts loose blocks back in the tray: no rubble left lying about."""
    hesitate: float = 0.0
    """Chance per block of stopping on the way across for a moment, as if unsure of the pad."""
    fumble: float = 0.0
    """Chance per block of lowering it a little beside its spot, seeing that, and nudging it
    over before letting go (set down a bit off, and fixed)."""
    wobble: float = 0.0
    """Radians its carried block sways to and fro on the way across (an unsteady hand)."""


NEWCOMER = BuilderSkill(300.0, 70.0, 2.5, math.radians(2.5), 1.6, 5.5, 1.2, 0.0)
"""A person's pace, for the random builder: slow to fetch, careful to lower, a pause to think
between blocks, and a little off where it lets go. The measured model of a person's first
matches, rules knowledge and catapult included, is `tiers.NEWCOMER`."""

RANDOM_BUILDER = NEWCOMER
"""The random builder's hand: a person's pace (its choices are random, not its speed)."""

BUILDER_SKILLS: dict[str, BuilderSkill] = {
    # Easy builds simple towers steadily, a block every 4 s or so (a newcomer, `tiers.NEWCOMER`,
    # one every 5-7 s): at a newcomer's pace it built one 2-point tower in three turns against
    # a stranger and Medium beat it in every match. Now it wins about half against a newcomer
    # and each level above beats the one below in two to three matches of four
    # (`tiers.py --ladder`).
    # Issue 16 again: a stranger with a mouse beat that Easy 24-8 (its towers few, its dice
    # wide). With the newcomer made as quick as that stranger (about 2.5 s a block), Easy
    # builds at about the same pace, a little surer and warier of tall towers; the levels
    # above are a touch quicker still (`tiers.py --ladder`).
    # Session 27: a stranger's first match in a slow window (`tiers.STRANGER`, 6-7 s a block)
    # lost 12-21 to that Easy, 3 tiles to its 7. Easy now builds at a stranger's pace, a block
    # every 6-7 s with a hand that misplaces some, and wins about half against the stranger
    # (`tiers.py --ladder --pairs easy-stranger`); Medium and Hard are the challenge.
    # Later that session a stranger beat it 13-0 and found it "no opponent": one tower a turn,
    # knocked down. It now thinks 3 s between blocks, not 4, and shies from shaky towers.
    # Session 29: a stranger's Easy scored 0; against the newcomer model it set 3-4 blocks a
    # turn, lost every match and scored 7.5 a match. It now sets about a block every 3 s (a
    # newcomer about one every 2.5 s): the newcomer beats it in about 63% of matches, Easy
    # scores about 13 a match, and Medium beats it in about 73% (`tiers.py --ladder`).
    # Session 30: its catapult made gentle (`SABOTEUR_SKILLS`), the newcomer beat it in 65%
    # of 40 matches; it thinks a little less between blocks (0.95 s, not 1.1: still a touch
    # slower than the newcomer) and carries a little quicker (420, not 380) to stay a match.
    # Session 33: strangers still lost close matches to it (5-8, 8-9): ahead of every person
    # at the table it now eases off (`ease`), up to three times the thought between blocks.
    # Session 35: a stranger lost 19-27 to it by mouse with 45 s of sand and scored 0 against
    # two Easy AIs with 30 s ("Easy is not easy"): it thinks 1.0 s between blocks, not 0.95
    # (ladder, 120 matches: 33.8% -> 29.2% against the newcomer model, just under the band
    # that model was given; strangers in a real window build slower than it does).
    # Session 36: the next stranger found it "too soft to be tense" (it scored 2 in three
    # turns) and Medium far stronger: it thinks 0.8 s (ladder, 120 matches: easy-newcomer
    # 29.2% -> 35.0%, in the band; medium-easy 82.5% -> 82.1%).
    # Session 37: a stranger won 19-6 and found Easy "broken rather than weak": 0 in two of
    # its three turns, half-built towers and fallen blocks left lying on the pads, a Gatehouse
    # that was one long beam when the sand ran out, an arch seemingly carried with a cube (a
    # block cleared straight down through the tower). Easy is a beginner now: it keeps to
    # short, steady towers (`plain`; `caution` 2, not 0.7: a Bench or a Gatehouse before a
    # Needle), builds one at a time and again when it falls (`focus`), begins one it may not
    # finish only when nothing else will do and then goes on with it to the last (`margin`,
    # `stretch`), picks up what fell and puts loose blocks away (`tidy`), and is visibly
    # unsure: it stops on the way (`hesitate`), its block sways (`wobble`), and it sets some
    # down a little off and nudges them over (`fumble`). The time those take comes out of its
    # thought between blocks (0.5 s, not 0.8; `ease` 0.5, so easing off when ahead stays as
    # slow as it was). Ladder, 40 matches a pair: easy-newcomer 37.5% -> 46.2%, medium-easy
    # 80.0% -> 78.8%. With `caution` 3 it won 42.5% and Medium beat it in 82.5%; without
    # `plain` (the Steps, the Temple) 31.2%, under the band.
    "easy": BuilderSkill(420.0, 94.0, 2.8, math.radians(3.2), 0.5, 3.5, 2.0, 0.0, ease=0.5,
                         plain=2.0, focus=3.0, margin=1.1, stretch=1.5, tidy=True,
                         hesitate=0.3, fumble=0.3, wobble=math.radians(5.0)),
    # Medium, session 39: it beat Easy in 91.2% of 40 matches (the band is 60-85%), and its
    # thought between blocks must stay under Easy's (a longer one, 1.0 s, gave 71.2%). It is
    # warier of shaky towers than Hard, less than Easy (`caution` 1.0, not 0.4: a Gatehouse
    # before a Column, still a Needle before a Bench), and its hand a little less sure and
    # quick (465/110 units a second, not 480/125; set down within 2.2 units and 2.6 degrees,
    # not 1.9 and 2.0): still quicker and surer than Easy's and the newcomer model's. Its
    # catapult is softened with it (`SABOTEUR_SKILLS`). Ladder, 20 matches each: caution
    # alone 85.0%, the hand and catapult alone 85.0%; together, 40 matches: medium-easy
    # 73.8%, hard-medium 87.5% (80.0% before, 20 matches: just over the band now).
    "medium": BuilderSkill(465.0, 110.0, 2.2, math.radians(2.6), 0.45, 2.7, 1.0, 1.0),
    "hard": BuilderSkill(500.0, 130.0, 1.7, math.radians(1.8), 0.4, 2.6, 0.4, 2.5),
}


@dataclass(frozen=True)
class SeatModel:
    """A way of playing a seat that is not a lobby level (`tiers.NEWCOMER`, a person's first
    games): its builder's hand, its misreadings of the cards, its catapult hand."""

    builder: BuilderSkill
    slip: float
    """Chance per block of misreading the card (`BuilderAI`'s `slip`)."""
    saboteur: SaboteurSkill


@dataclass(frozen=True)
class SaboteurSkill:
    """How an AI saboteur plays: when it starts, how often it fires, how well it aims."""

    first_delay: float
    cadence: float
    """Mean seconds between shots."""
    angle_error: float
    """Standard deviation of elevation, radians."""
    power_error: float
    """Standard deviation of power (0-1 scale)."""
    patience: float
    """Smallest threat (tile points x completion) worth a die before time runs short."""
    path_check: bool
    """Picks an elevation whose arc clears other stacks."""
    aim_time: float
    """Seconds spent visibly aiming before a shot."""
    elevations: tuple[float, ...]
    """Elevations (degrees) it tries, in order of preference."""
    reserve: int
    """Dice it keeps (at most half its share) for the last `end_window` seconds."""
    end_window: float
    shots: int = 99
    """Most dice it fires in one turn (Easy leaves the rest of its share unfired)."""
    idle_fire: bool = False
    """With no tower standing, lobs a die at a tile anyway (Easy keeps up the tension)."""
    spread: bool = False
    """Shares the sand left among the dice left: waits no longer between shots than that
    share, so its whole share is fired over the turn (Easy with eight dice in a two-player
    match fires them all, not half)."""
    spare_hand: bool = False
    """Never fires at a tile while the builder's hand holds a block over it (a block being set
    down): it picks another tower, or holds its aim until the hand moves off."""
    early_error: float = 1.0
    """How much wider it aims in the match's first round (a newcomer's first turns)."""
    early_shots: int = 99
    """Most dice it fires in a turn of the match's first round."""
    hit_every: int = 0
    """0: every die aimed with the errors above (luck decides). N: of its dice at a standing
    tower, one in N (the first of them at a random one of its first N) is aimed to hit and
    the others to fly past every tower (each aim drawn again, a few times at most, until its
    predicted flight does so): a steady number of hits a turn, not a lucky or a blank match
    (a stranger saw Easy knock three towers with four dice, then miss eight times)."""
    late_miss: float = 0.0
    """With `hit_every`, its dice in the turn's last `late_miss` seconds are all aimed to fly
    past: a tower knocked too late to rebuild felt like a snipe (a stranger lost a 6-point
    tower to Easy with 5 s of sand left)."""
    last_shot: float = 0.0
    """Seconds of sand from which it launches no die at all (a die aimed that late is held,
    and the rest of its share with it), and over which `spread` shares its dice: the builder
    always has the time to rebuild after its last shot."""


RANDOM_SABOTEUR = SaboteurSkill(
    first_delay=3.0,
    cadence=3.5,
    angle_error=0.0,
    power_error=0.0,
    patience=0.0,
    path_check=False,
    aim_time=0.8,
    elevations=(),
    reserve=0,
    end_window=0.0,
)
"""The random saboteur's pace: a person's (it aims anywhere, uniformly, so no aim skill)."""

SABOTEUR_SKILLS: dict[str, SaboteurSkill] = {
    # Levels differ in aim and judgement more than in pace: a die every six or seven
    # seconds, so in a three-player turn two saboteurs fire most of their four dice, and the
    # lone saboteur of a two-player match four of its eight. With the builders' pace above
    # they make the steps of the ladder (`tiers.py --ladder`, 40 matches a pair, session 30:
    # easy even with a newcomer at 50%, medium beating easy in 64%, hard medium in 74%).
    "easy": SaboteurSkill(
        # Playtests: Easy once knocked 3 of 3 newcomer builds with 2-4 dice a turn; then,
        # first shot at 14 s and two dice at most, it fired 0 of 8 dice in a two-player turn
        # (no tension). Easy fires steadily from about 6 s, a die every 6-7 s (four a turn)
        # with a long visible aim, at the table even before a tower stands. Aimed very wide
        # (30 degrees) its dice rarely hit and a stranger beat it 24-8 (issue 16): it now aims
        # about as well as a newcomer does with the dotted arc, a hit in three or four dice.
        # Session 27: its dice knocked a stranger's 5-point tower and the stranger lost 12-21.
        # It still starts early and lobs at an empty tile (tension), but at most three dice a
        # turn, a die every 9 s after a long visible aim, and wide: a hit in five or six dice.
        # It then fired 2 dice in a turn and never hit: now every die, one each 7 s, less wide.
        # Session 29: in a two-player match it fired only 4 of its 8 dice (`shots`), sitting
        # idle half the turn. It now spreads its whole share over the sand (`spread`), aimed
        # wider still: about 2 hits in 8 dice.
        first_delay=4.5,
        cadence=7.0,
        angle_error=math.radians(36.0),
        power_error=0.4,
        patience=0.0,
        path_check=False,
        aim_time=1.8,
        elevations=(50.0, 60.0, 40.0, 70.0),
        reserve=0,
        end_window=0.0,
        idle_fire=True,
        spread=True,
        # Session 30: a stranger building by mouse had every tower knocked in three turns and
        # lost 0-3. Easy is a gentle saboteur now: it never fires at a tower while a block is
        # being set on it, fires 7 of its dice (4 in the first round, a newcomer's first
        # turns) and aims wider still in that round.
        spare_hand=True,
        early_error=1.5,
        shots=7,
        early_shots=4,
        # Session 31: a stranger saw it knock three towers with four dice in one match and
        # miss eight times in the next. One die in four at a tower is now aimed to hit, the
        # others to fly past: about the same hits every turn (`hit_every`). Another lost a
        # 6-point tower to it with 5 s of sand left: no die of its last 8 s is aimed to hit
        # (`late_miss`; ladder, easy v newcomer: 80 matches 38.8%, in the 35-55% band).
        hit_every=4,
        late_miss=8.0,
        # Session 38: a stranger on 30 s of sand had both towers knocked down by Easy's dice
        # in the turn's last 7 s (0 points for the round; a die aimed to fly past still
        # tumbles into a tower), then the Lamp again the next turn. Easy is impatient now: it
        # starts sooner (4.5 s, not 6.5), shares its dice over the sand before its last 8.5 s
        # and launches none in those (`last_shot`).
        last_shot=8.5,
    ),
    "medium": SaboteurSkill(
        first_delay=2.5,
        # Session 39: a die every 6.9 s, not 6.5 (Easy's every 7), aimed wider (20 degrees
        # and 0.26 of power, not 13 and 0.19; Easy's 36 and 0.4), with its builder made
        # warier (`BUILDER_SKILLS`): medium-easy 91.2% -> 73.8%, hard-medium 80.0% (20
        # matches) -> 87.5% (40 matches).
        cadence=6.9,
        angle_error=math.radians(20.0),
        power_error=0.26,
        patience=0.4,
        path_check=True,
        aim_time=0.4,
        elevations=(46.0, 54.0, 38.0, 62.0),
        reserve=0,
        end_window=0.0,
    ),
    "hard": SaboteurSkill(
        first_delay=2.0,
        cadence=6.3,
        angle_error=math.radians(12.0),
        power_error=0.17,
        patience=0.9,
        path_check=True,
        aim_time=0.25,
        elevations=(30.0, 38.0, 46.0, 54.0, 62.0),
        reserve=0,
        end_window=0.0,
    ),
}


AIM_TRIES = 12
"""Most aims a `hit_every` saboteur draws for one die before it takes the last one."""

AIDED_HEIGHT = 4.0
"""Units above its outline an aided builder lets a block go (a person lets go a little high)."""


def _approach(p: Point, q: Point, step: float) -> tuple[Point, bool]:
    dx, dy = q[0] - p[0], q[1] - p[1]
    d = math.hypot(dx, dy)
    if d <= step or d == 0.0:
        return q, True
    return (p[0] + dx / d * step, p[1] + dy / d * step), False


def _box(points: list[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _rot(p: Point, a: float) -> Point:
    c, s = math.cos(a), math.sin(a)
    return (p[0] * c - p[1] * s, p[0] * s + p[1] * c)


class BuilderAI:
    """Builds towers through the hand API: choose, fetch, carry, set down, check, repeat.

    `hand` is where its hand is (draw it); `holding` the block in it. Rebuilds after hits:
    wrong or fallen blocks on its tile go back to the tray first (a tidy builder, Easy, sets a
    fallen block again where the tower wants it, and puts loose blocks away when it has
    nothing left to build).
    """

    def __init__(self, difficulty_name: str, seed: int, skill: BuilderSkill | None = None,
                 slip: float = 0.0, people: frozenset[int] = frozenset()) -> None:
        """`skill` overrides the difficulty's pace and precision (e.g. `NEWCOMER`, to measure
        the catapults against a builder at human pace). `"random"` plays random legal moves
        (any free block, either way up, on any open tile) at a human pace. `slip` is the chance
        that it misreads the card for a block (a person's first games, `tiers.NEWCOMER`): sets
        it the wrong way up, or takes a later piece of the tower first."""
        self.slip = slip
        self.people = people
        """The seats people play (or a model of a person stands in for): `BuilderSkill.ease`."""
        self.aimless = difficulty_name == RANDOM
        if skill is None:
            skill = RANDOM_BUILDER if self.aimless else BUILDER_SKILLS[difficulty_name]
        self.skill = skill
        self.difficulty = difficulty_name
        self.rng = random.Random(seed)
        self.hand: Point = (640.0, 360.0)
        self.state = "think"
        self.wait = self.skill.think
        self.target: int | None = None
        self.block: int | None = None
        self.waypoints: list[tuple[str, Point, float]] = []
        self.expect: tuple[int | None, int] = (None, 0)
        self.goal: tuple[float, float, float] = (0.0, 0.0, 0.0)
        self.plan_stack: tuple[int, ...] = ()
        self.piece: tuple[str, str] = ("cube", "upright")
        """The shape and way up it sets the block in its hand down as."""
        self.clearing = False
        self.failures: Counter[int] = Counter()
        self.settle_time = 0.0
        self.idle = False
        self.placed = 0
        self.started: set[int] = set()
        """Slots it has set a block on this turn (the towers it started)."""
        self.dropped: int | None = None
        """The block it last set down that did not stay (a tidy builder sets it again)."""
        self.set_down: set[int] = set()
        """Blocks it has set down this turn: the loose ones a tidy builder takes up again."""
        self.sway = 0.0
        """Seconds its block has swayed on the way (`BuilderSkill.wobble`)."""

    @property
    def holding(self) -> int | None:
        """Block in the hand, if any."""
        return self.block if self.state == "carry" else None

    # -- choosing ----------------------------------------------------------------------------

    def _available(self, turn: TurnController, js: list[TileJudgement]) -> list[int]:
        protected = {b for j in js for b in j.stack}
        out: list[int] = []
        for spec in BLOCKS:
            bid = spec.block_id
            where = turn.world.block_where(bid)
            if bid in protected or bid in turn.world.hand.locked:
                continue
            if where in (Where.TRAY, Where.TABLE):
                out.append(bid)
        return out

    def _mega_value(self, turn: TurnController) -> float:
        """What the Mega tower is worth to it: a long shot, unless its last turn needs a miracle."""
        if self.skill.mega_value <= 0.0:
            return 0.0
        m = turn.match
        totals = m.totals()
        me = m.builder
        lead = max(t for i, t in enumerate(totals) if i != me)
        last_chance = m.turn + m.players >= m.total_turns
        if last_chance and lead - totals[me] >= DESPERATE_DEFICIT:
            return 40.0
        return self.skill.mega_value

    def _choose(self, turn: TurnController, js: list[TileJudgement]) -> int | None:
        free = Counter(turn.world.block_shape(b) for b in self._available(turn, js))
        best, best_score = None, 0.0
        time_left = turn.time_left
        # Seconds a block takes it: its own estimate, and the longer thought of easing off.
        per_block = self.skill.block_time + self.skill.think * (self.pace(turn) - 1.0)
        for j in js:
            tile = TILES[j.tile_id]
            if j.complete or not turn.match.can_build_on(j.slot) or self.failures[j.slot] >= 3:
                continue
            blocked = j.extra == 0 and self._spot(turn, j.slot, j.stack,
                                                  tile.pieces[j.progress]) is None
            if blocked and self.failures[j.slot] >= 1:
                continue  # it tried once: no heap of blocks on a die
            rest = tile.pieces[j.progress :]
            need = Counter(shape for shape, _ in rest)
            if any(need[k] > free[k] for k in need):
                continue
            steps = len(rest) + 0.5 * j.extra
            instability = (difficulty(tile.pieces) - len(tile.pieces)) / len(tile.pieces)
            est = steps * per_block
            # Its tower: the one it is building, and (tidy) any it built this turn that fell.
            mine = j.slot == self.target or self.skill.tidy and j.slot in self.started
            short = est > time_left
            if short and not (self.skill.stretch > 1.0 and (mine or time_left >= STRETCH_TIME
                                                            and est <= time_left
                                                            * self.skill.stretch)):
                continue
            value = self._mega_value(turn) if tile.mega else float(tile.points)
            if value <= 0.0:
                continue
            score = value / est / (1.0 + self.skill.caution * instability)
            score *= (PLAIN_BLOCKS / max(PLAIN_BLOCKS, len(tile.pieces))) ** self.skill.plain
            if mine:
                score *= self.skill.focus  # finish what it started
            if short or not mine and j.progress == 0 and est * self.skill.margin > time_left:
                score *= SHORT_SCORE  # a tower it may not finish: one it will, if any
            if blocked:
                score *= BLOCKED_SCORE
            if score > best_score:
                best, best_score = j.slot, score
        return best

    def _spot(self, turn: TurnController, slot: int, stack: tuple[int, ...],
              piece: tuple[str, str]) -> float | None:
        """Where across (x) it sets `piece` down on a slot's tower: where the tower's next block
        goes, or None if a die, or a block the tower does not hold (one lying on a die), fills
        that spot; on a bare pad, the nearest part of the pad that is free (session 29: an Easy
        builder piled three long beams on a die lying on a pad, retrying each, for the judge
        sees no tower on a die). What lies on the tile itself it clears instead."""
        world = turn.world
        x, y, a = world.reading.placement_pose(slot, stack, piece)
        own = {b.block_id for b in world.reading.judge().tile(slot).blocks}
        boxes = [_box(die_polygon(*world.die_pose(d))) for d in world.die_ids()]
        boxes += [_box(poly) for spec in BLOCKS if spec.block_id not in own
                  and world.block_where(spec.block_id) == Where.TABLE
                  for poly in world.block_polygons(spec.block_id)]
        x0, y0, x1, y1 = _box([p for poly in shape_polygons(piece[0], x, y, a) for p in poly])
        m = PAD_MARGIN

        def free(dx: float, gap: float) -> bool:
            return not any(bx0 < x1 + dx + gap and bx1 > x0 + dx - gap and by0 < y1 - m
                           and by1 > y0 + m for bx0, by0, bx1, by1 in boxes)

        if free(0.0, m):
            return x
        if stack:
            return None
        lo, hi = SLOT_RANGES[slot]
        gap = m + 2.0 * self.skill.pos_error  # its hand is not exact
        for dx in sorted((i * 2.0 for i in range(-SPOT_STEPS, SPOT_STEPS + 1)), key=abs):
            if lo <= x0 + dx and x1 + dx <= hi and free(dx, gap):
                return x + dx
        return None

    # -- acting ------------------------------------------------------------------------------

    def update(self, turn: TurnController, dt: float = FRAME_DT) -> None:
        """One frame of building."""
        if not turn.building:
            self.state = "think"
            return
        world = turn.world
        if self.state == "carry" and world.hand.held_block != self.block:
            self.state, self.wait = "think", self.skill.think  # dropped (knocked out of the hand)
        if self.state == "think":
            self.wait -= dt / self.pace(turn)
            if self.wait <= 0.0:
                self._decide(turn)
            return
        if self.state == "fetch":
            self._fetch(turn, dt)
        elif self.state == "carry":
            self._carry(turn, dt)
        elif self.state == "settle":
            self.settle_time += dt
            if self.settle_time >= 0.25:
                self.state, self.wait = "think", self.skill.think

    def pace(self, turn: TurnController) -> float:
        """How many times longer than its skill's `think` it thinks now (`BuilderSkill.ease`)."""
        match = turn.match
        rivals = [p for p in self.people if p != match.builder]
        if not self.skill.ease or not rivals:
            return 1.0
        totals = match.totals()
        lead = totals[match.builder] - max(totals[p] for p in rivals)
        return 1.0 + self.skill.ease * min(max(lead, 0), 10)

    def _decide(self, turn: TurnController) -> None:
        js = turn.judgements()
        by_slot = {j.slot: j for j in js}
        slot, wanted = self.expect
        if slot is not None and slot in by_slot and by_slot[slot].progress < wanted:
            self.failures[slot] += 1  # what it just set down did not stay
            self.dropped = self.block
        self.expect = (None, 0)
        if self.aimless:
            self._decide_randomly(turn, js)
            return
        self.target = self._choose(turn, js)
        self.idle = self.target is None
        if self.target is None:
            if not (self.skill.tidy and self._tidy_up(turn, js)):
                self.wait = 0.5
            return
        j = by_slot[self.target]
        view = turn.world.reading.judge().tile(self.target)
        pieces = TILES[j.tile_id].pieces
        if j.extra > 0:
            # Clear the topmost block that does not belong (wrong, fallen, or a die-borne block);
            # tidy, it sets one that fell off the tower again if the tower wants it next.
            keep = set(j.stack)
            loose = [b for b in view.blocks if b.block_id not in keep]
            top = min(loose, key=lambda b: b.position[1])
            under = self._under(turn, [b for b in view.blocks if b is not top], pieces)
            if self.skill.tidy and under is not None and len(under) < len(pieces) \
                    and top.block_id not in turn.world.hand.locked \
                    and turn.world.block_shape(top.block_id) == pieces[len(under)][0]:
                # It is the tower's next block, knocked askew: set it again.
                self._build_with(top.block_id, under, pieces[len(under)])
            else:
                self.block, self.clearing = top.block_id, True
        else:
            piece = self._misread(pieces, j.progress)
            cands = [b for b in self._available(turn, js) if turn.world.block_shape(b) == piece[0]]
            self._build_with(self._pick(turn, cands), j.stack, piece)
        self.state = "fetch"

    @staticmethod
    def _under(turn: TurnController, rest: list[BlockView], pieces: tuple[tuple[str, str], ...]
               ) -> tuple[int, ...] | None:
        """The tower as it would stand without the block taken off it: the tile's other blocks,
        bottom first, if they are its first pieces in order (else None)."""
        if len(rest) > len(pieces) or any(b.held for b in rest):
            return None
        rest = sorted(rest, key=lambda b: -b.position[1])
        shapes = [turn.world.block_shape(b.block_id) for b in rest]
        if shapes != [shape for shape, _ in pieces[:len(rest)]]:
            return None
        return tuple(b.block_id for b in rest)

    def _build_with(self, block: int, stack: tuple[int, ...], piece: tuple[str, str]) -> None:
        self.block = block
        self.clearing = False
        self.plan_stack = stack
        self.piece = piece

    def _pick(self, turn: TurnController, cands: list[int]) -> int:
        """Which of the free blocks of a shape it takes: the tray's first (one lying on the
        table if the tray has none, the nearest); tidy, the one of its own that just fell,
        then one it set down that lies loose on the table (the nearest to the tower), then
        the tray's."""
        world = turn.world
        table = [b for b in cands if world.block_where(b) == Where.TABLE]
        tray = [b for b in cands if world.block_where(b) == Where.TRAY]
        mine = [b for b in table if b in self.set_down]
        if self.skill.tidy:
            if self.dropped in mine:
                return self.dropped
            if mine and self.target is not None:
                x0, x1 = SLOT_RANGES[self.target]
                mid = (x0 + x1) / 2.0
                return min(mine, key=lambda b: (abs(world.block_pose(b)[0] - mid), b))
        if tray:
            return tray[0]
        return min(table, key=lambda b: math.dist(self.hand, world.block_pose(b)[:2]))

    def _tidy_up(self, turn: TurnController, js: list[TileJudgement]) -> bool:
        """With nothing it can build in the time left, it takes a block it set down that lies
        loose on the table (on a pad first, then the nearest) back to the tray; False if none
        lies about or the sand is too short to carry one there."""
        if turn.time_left < TIDY_TIME:
            return False
        world = turn.world
        loose = [b for b in self._available(turn, js)
                 if b in self.set_down and world.block_where(b) == Where.TABLE]
        if not loose:
            return False

        def order(b: int) -> tuple[bool, float, int]:
            x, y, _ = world.block_pose(b)
            return (world.slot_at(x) is None, math.dist(self.hand, (x, y)), b)

        self.block, self.clearing = min(loose, key=order), True
        self.state = "fetch"
        return True

    def _misread(self, pieces: tuple[tuple[str, str], ...], progress: int) -> tuple[str, str]:
        """The piece it sets next: the card's, or (with chance `slip`) a misreading of it."""
        piece = pieces[progress]
        if self.slip <= 0.0 or self.rng.random() >= self.slip:
            return piece
        shape = SHAPES[piece[0]]
        other = [o for o in shape.orientations if o != piece[1]]
        if other:
            return (piece[0], other[0])  # the wrong way up
        later = [p for p in pieces[progress + 1:] if p[0] != piece[0]]
        return later[0] if later else piece  # a later piece first

    def _decide_randomly(self, turn: TurnController, js: list[TileJudgement]) -> None:
        """Random legal play: a random open tile; clear what spoils it, else set any free block
        on it, either way up."""
        open_tiles = [j for j in js if turn.match.can_build_on(j.slot) and not j.complete]
        free = self._available(turn, js)
        # With no block free it can still clear what spoils a tile.
        choices = open_tiles if free else [j for j in open_tiles if j.extra > 0]
        self.idle = not choices
        if not choices:
            self.target = None
            self.wait = 0.5
            return
        j = self.rng.choice(choices)
        self.target = j.slot
        if j.extra > 0:
            keep = set(j.stack)
            tile = turn.world.reading.judge().tile(j.slot)
            loose = [b for b in tile.blocks if b.block_id not in keep]
            self.block = min(loose, key=lambda b: b.position[1]).block_id
            self.clearing = True
        else:
            self.block = self.rng.choice(free)
            shape = turn.world.block_shape(self.block)
            self.piece = (shape, self.rng.choice(SHAPES[shape].orientations))
            self.clearing = False
            self.plan_stack = j.stack
        self.state = "fetch"

    def _grab_point(self, turn: TurnController, bid: int) -> Point:
        x, y, a = turn.world.block_pose(bid)
        off = _rot(GRAB_OFFSET.get(turn.world.block_shape(bid), (0.0, 0.0)), a)
        return (x + off[0], y + off[1])

    def _fetch(self, turn: TurnController, dt: float) -> None:
        assert self.block is not None
        if turn.world.hand.held_block is not None:
            turn.release()
        goal = self._grab_point(turn, self.block)
        self.hand, arrived = _approach(self.hand, goal, self.skill.hand_speed * dt)
        if not arrived:
            return
        if turn.grab(self.hand, self.block) != self.block:
            self.state, self.wait = "think", self.skill.think
            return
        self._plan_carry(turn)

    def _safe_height(self, turn: TurnController) -> float:
        tops = [TABLE_Y]
        for spec in BLOCKS:
            if turn.world.block_where(spec.block_id) == Where.TABLE:
                polys = turn.world.block_polygons(spec.block_id)
                tops.append(min(py for poly in polys for _, py in poly))
        assert self.block is not None
        reach = max(SHAPES[turn.world.block_shape(self.block)].size("upright"))
        return max(60.0, min(tops) - reach - 30.0)

    def _plan_carry(self, turn: TurnController) -> None:
        assert self.block is not None
        speed = self.skill.hand_speed
        if self.clearing:
            # Up, across to where nothing stands on the table, and down over the tray's edge:
            # letting go there puts it back in the tray. (Taken straight down, a block slid
            # through the tower under it, as if the hand carried both: "an arch carried
            # together with a cube".)
            self.waypoints = self._to_tray(turn)
            self.state = "carry"
            return
        assert self.target is not None
        piece = self.piece
        x, y, a = turn.world.reading.placement_pose(self.target, self.plan_stack, piece)
        spot = self._spot(turn, self.target, self.plan_stack, piece)
        if spot is not None:
            x = spot  # beside a die on the pad
        x += self.rng.gauss(0.0, self.skill.pos_error)
        a += self.rng.gauss(0.0, self.skill.angle_error)
        # Turn the short way: any angle that looks the same (the shape's symmetry) will do.
        sym = SHAPES[piece[0]].symmetry
        current = turn.world.block_pose(self.block)[2]
        a += round((current - a) / sym) * sym
        self.goal = (x, y, a)
        self.sway = 0.0
        turn.set_angle(a)
        off = _rot(GRAB_OFFSET.get(piece[0], (0.0, 0.0)), a)
        hx, hy = x + off[0], y + off[1]
        safe = min(self._safe_height(turn), hy - 30.0)
        self.waypoints = [("move", (self.hand[0], safe), speed)]
        if self.skill.hesitate > 0.0 and self.rng.random() < self.skill.hesitate:
            # Unsure of the pad: it stops part of the way across, then goes on.
            part = self.rng.uniform(0.35, 0.75)
            self.waypoints += [("move", (self.hand[0] + (hx - self.hand[0]) * part, safe), speed),
                               ("pause", (0.0, 0.0), self.rng.uniform(0.3, 0.7))]
        self.waypoints += [("move", (hx, safe), speed), ("check", (hx, hy - 10.0), speed)]
        if self.skill.fumble > 0.0 and self.rng.random() < self.skill.fumble:
            # Lowered a little beside its spot, a look, and nudged over (set down a bit off,
            # and fixed) before it is let go.
            aside = self.rng.choice((-1.0, 1.0)) * self.rng.uniform(7.0, 11.0)
            self.waypoints += [("move", (hx + aside, hy - 1.5), self.skill.lower_speed),
                               ("pause", (0.0, 0.0), self.rng.uniform(0.25, 0.5)),
                               ("move", (hx, hy - 1.5), NUDGE_SPEED)]
        if self.skill.aided:
            # Onto the outline, a little high, and let go: the aid settles it if it is close.
            self.waypoints += [("move", (hx, hy - AIDED_HEIGHT), self.skill.lower_speed),
                               ("let", (hx, hy - AIDED_HEIGHT), 0.0)]
        else:
            self.waypoints += [
                ("move", (hx, hy - 1.5), self.skill.lower_speed),
                ("steady", (hx, hy - 1.5), 0.0),
                ("touch", (hx, hy + 6.0), TOUCH_SPEED),
            ]
        self.state = "carry"

    def _carry(self, turn: TurnController, dt: float) -> None:
        assert self.block is not None
        if not self.waypoints:
            # Over the tray (clearing) or lost its way: let go.
            turn.release()
            self.state, self.settle_time = "settle", 0.0
            return
        kind, goal, speed = self.waypoints[0]
        if kind == "pause":
            self.settle_time += dt
            if self.settle_time >= speed:
                self.waypoints.pop(0)
                self.settle_time = 0.0
            return
        if self.skill.wobble > 0.0 and not self.clearing:
            self._sway(turn, dt, kind == "move" and any(w[0] == "check" for w in self.waypoints))
        if kind == "steady":
            # Hover until the block hangs still, so it is set down, not dropped.
            self.settle_time += dt
            turned = abs(turn.world.block_pose(self.block)[2] - self.goal[2]) < 0.02
            if turn.world.block_speed(self.block) < 6.0 and turned or self.settle_time > 0.6:
                self.waypoints.pop(0)
            return
        if kind == "let" or kind == "touch" and self._touching(turn):
            # Resting on its support (or, aided, over its outline): let go at once rather
            # than press on the stack.
            if kind == "let":
                turn.settle()
            else:
                turn.release()
            self.placed += 1
            self.set_down.add(self.block)
            if self.target is not None:
                self.started.add(self.target)
            self.expect = (self.target, len(self.plan_stack) + 1)
            self.state, self.settle_time = "settle", 0.0
            return
        self.hand, arrived = _approach(self.hand, goal, speed * dt)
        turn.drag_to(self.hand)
        if not arrived:
            return
        self.waypoints.pop(0)
        self.settle_time = 0.0
        if kind == "check" and not self._stack_intact(turn):
            # The stack changed under it (a hit): take the block back and think again.
            self.waypoints = self._to_tray(turn)
            self.clearing = True

    def _sway(self, turn: TurnController, dt: float, moving: bool) -> None:
        """An unsteady hand: on the way across the block sways to and fro about its angle (a
        turn every few frames), and is held square again before it is lowered."""
        if not moving:
            if self.sway > 0.0:
                self.sway = 0.0
                turn.set_angle(self.goal[2])
            return
        self.sway += dt
        frame = round(self.sway / FRAME_DT)
        if frame % SWAY_EVERY == 0:
            turn.set_angle(self.goal[2] + self.skill.wobble * math.sin(SWAY_RATE * self.sway))

    def _to_tray(self, turn: TurnController) -> list[tuple[str, Point, float]]:
        """The way back to the tray with the block in hand: down where it is if nothing stands
        under it, else up, across to where nothing stands (`_lane`), and down over the tray's
        edge (letting go there puts it back)."""
        speed = self.skill.hand_speed
        lane = self._lane(turn)
        down = ("move", (lane, TRAY_ZONE_Y + 6.0), speed)
        if lane == self.hand[0]:
            return [down]
        safe = min(self._safe_height(turn), self.hand[1])
        return [("move", (self.hand[0], safe), speed), ("move", (lane, safe), speed), down]

    def _lane(self, turn: TurnController) -> float:
        """The x nearest the hand where nothing stands on the table (a block, a die) within the
        held block's half-width: where a cleared block is taken down to the tray."""
        world = turn.world
        assert self.block is not None
        half = max(SHAPES[world.block_shape(self.block)].size("upright")) / 2.0 + 4.0
        spans = [_box(poly)[::2] for spec in BLOCKS if spec.block_id != self.block
                 and world.block_where(spec.block_id) == Where.TABLE
                 for poly in world.block_polygons(spec.block_id)]
        spans += [_box(die_polygon(*world.die_pose(d)))[::2] for d in world.die_ids()]
        lo, hi = CLEAR_LANES
        x = min(max(self.hand[0], lo), hi)
        for dx in sorted((i * 4.0 for i in range(-250, 251)), key=lambda d: (abs(d), d)):
            cx = x + dx
            if lo <= cx <= hi and not any(a - half < cx < b + half for a, b in spans):
                return cx
        return x

    def _touching(self, turn: TurnController) -> bool:
        """The block has met its support: it no longer follows the hand down."""
        assert self.block is not None
        x, y, a = turn.world.block_pose(self.block)
        off = _rot(GRAB_OFFSET.get(turn.world.block_shape(self.block), (0.0, 0.0)), a)
        return self.hand[1] - (y + off[1]) > 0.8 and turn.world.block_speed(self.block) < 20.0

    def _stack_intact(self, turn: TurnController) -> bool:
        """Before setting down: is the stack it aimed at still as planned?"""
        assert self.target is not None
        if not turn.match.can_build_on(self.target):
            return False  # closed meanwhile (optional rule)
        for j in turn.judgements():
            if j.slot == self.target:
                return j.stack == self.plan_stack and j.extra == 0
        return False


def placing_slot(turn: TurnController) -> int | None:
    """The tile the builder's hand holds a block over (a block being set down there), if any."""
    world = turn.world
    hand = world.hand.position
    if world.hand.held_block is None or hand is None:
        return None
    return world.slot_at(hand[0])


class SaboteurAI:
    """Fires dice at the most threatening tower: aims with a ballistic solution plus error."""

    def __init__(self, seat: int, difficulty_name: str, seed: int,
                 skill: SaboteurSkill | None = None) -> None:
        """`"random"` fires at random legal aims (any elevation, any power) at a human pace;
        `skill` overrides the difficulty's (`tiers.NEWCOMER`'s catapult hand)."""
        self.seat = seat
        self.aimless = difficulty_name == RANDOM
        if skill is None:
            skill = RANDOM_SABOTEUR if self.aimless else SABOTEUR_SKILLS[difficulty_name]
        self.skill = skill
        self.difficulty = difficulty_name
        self.rng = random.Random(seed)
        self.cooldown = self.skill.first_delay * self.rng.uniform(0.8, 1.2)
        self.aiming: tuple[float, float] | None = None
        self.aim_left = 0.0
        self.target_slot: int | None = None
        self.at_towers = 0
        """Dice fired this turn at a standing tower (`hit_every`'s count)."""
        self.hit_at = self.rng.randrange(skill.hit_every) if skill.hit_every > 0 else 0
        """Which die of each `hit_every` at a tower is aimed to hit."""
        self.aimed_at_tower = False

    def update(self, turn: TurnController, dt: float = FRAME_DT) -> None:
        """One frame of sabotage."""
        if not turn.building:
            return
        if self.aiming is not None:
            self.aim_left -= dt
            if self.aim_left <= 0.0:
                if (self.skill.spare_hand and self.target_slot is not None
                        and self.target_slot == placing_slot(turn)
                        and turn.time_left > 1.5):
                    return  # holds its aim while a block is set on the tower it aims at
                angle, power = self.aiming
                self.aiming = None
                if turn.time_left < self.skill.last_shot:
                    self.cooldown = 1e9  # too late: the die is held, the builder rebuilds
                    return
                got = turn.fire(self.seat, angle, power)
                if isinstance(got, int):
                    self.at_towers += self.aimed_at_tower
                    self.cooldown = self._next_gap(turn)
                else:
                    self.cooldown = 0.2
            return
        self.cooldown -= dt
        if self.cooldown > 0.0:
            return
        left = turn.match.dice_left.get(self.seat, 0)
        if left <= 0 or self._shots_left(turn) <= 0:
            self.cooldown = 1e9  # out of dice, or fired all it fires in a turn
            return
        if turn.time_left - self.skill.aim_time < self.skill.last_shot:
            self.cooldown = 1e9  # its aim would end too late to launch
            return
        shot = self._plan(turn, left)
        if shot is None:
            self.cooldown = 0.25
            return
        self.aiming = shot
        self.aim_left = self.skill.aim_time
        turn.aim(self.seat, *shot)

    def _shots_left(self, turn: TurnController) -> int:
        """Dice it will still fire this turn: its `shots` (`early_shots` in the first round)
        less those fired."""
        cap = self.skill.early_shots if turn.match.round == 1 else self.skill.shots
        fired = turn.match.dice_per_saboteur() - turn.match.dice_left.get(self.seat, 0)
        return cap - fired

    def _next_gap(self, turn: TurnController) -> float:
        """Seconds until it starts aiming the next die: about its cadence; with `spread`, no
        more than the sand left shared among the dice left (less the aim, and a second and a
        half for the last die to fly)."""
        gap = self.rng.gauss(self.skill.cadence, 0.25 * self.skill.cadence)
        left = min(turn.match.dice_left.get(self.seat, 0), self._shots_left(turn))
        if self.skill.spread and left > 0:
            share = (turn.time_left - max(1.5, self.skill.last_shot)) / left - self.skill.aim_time
            gap = min(gap, share * self.rng.uniform(0.8, 1.0))
        return max(0.6, gap)

    def _plan(self, turn: TurnController, dice_left: int) -> tuple[float, float] | None:
        if self.aimless:
            return (self.rng.uniform(MIN_LAUNCH_ANGLE, MAX_LAUNCH_ANGLE), self.rng.random())
        js = turn.judgements()
        view = turn.world.reading.judge()
        spared = placing_slot(turn) if self.skill.spare_hand else None
        hurry = turn.time_left < dice_left * (self.skill.cadence + self.skill.aim_time) + 1.5
        if turn.time_left > self.skill.end_window and not hurry:
            keep = min(self.skill.reserve, turn.match.dice_per_saboteur() // 2)
            if dice_left <= keep:
                return None  # kept for the last seconds, when a rebuild is too late
        best: TileJudgement | None = None
        best_threat = 0.0
        self.aimed_at_tower = False
        for j in js:
            tv = view.tile(j.slot)
            if not tv.blocks or j.slot == spared:
                continue
            tile = TILES[j.tile_id]
            frac = j.progress / len(tile.pieces)
            # The Mega wins the game: ignore its first blocks, fear it from a third of the way
            # up (a stranger built it in one 45 s turn while three Easy AIs shot elsewhere).
            if tile.mega:
                threat = MEGA_THREAT * (max(0.0, frac - 0.2) / 0.8) ** 1.5
            else:
                threat = tile.points * frac**1.5
            threat += 0.05 * len(tv.blocks)
            value = MEGA_THREAT if tile.mega else float(tile.points)
            if j.scored:
                threat += value
            if threat > best_threat:
                best, best_threat = j, threat
        if best is None:
            if not self.skill.idle_fire or spared is not None:
                return None
            # Nothing stands yet: a die at a tile with one still to build, to keep up the pace.
            open_slots = [j.slot for j in js if not j.scored]
            if not open_slots:
                return None
            slot = self.rng.choice(open_slots)
            self.target_slot = slot
            x0, x1 = SLOT_RANGES[slot]
            return self._solve(turn, ((x0 + x1) / 2.0, TABLE_Y - 12.0), slot)
        if best_threat < self.skill.patience and not hurry:
            return None
        self.target_slot = best.slot
        tv = view.tile(best.slot)
        top = min(tv.blocks, key=lambda b: b.position[1])
        x, y, _ = turn.world.block_pose(top.block_id)
        self.aimed_at_tower = True
        hit = None
        if self.skill.hit_every > 0:
            hit = (self.at_towers % self.skill.hit_every == self.hit_at
                   and turn.time_left - self.skill.aim_time > self.skill.late_miss)
        mega = TILES[best.tile_id].mega
        if mega and best.progress / len(TILES[best.tile_id].pieces) >= MEGA_STEADY:
            # Every saboteur's aim steadies on a Mega half built: the rulebook calls finishing
            # it "the rare case", and building here is kinder than with real blocks.
            hit = True
        return self._solve(turn, (x, y), best.slot, hit)

    def _solve(self, turn: TurnController, dst: Point, slot: int, hit: bool | None = None
               ) -> tuple[float, float] | None:
        """The aim at `dst`: a ballistic solution plus the skill's error; with `hit` (the
        `hit_every` pattern) True, redrawn until its flight meets the tower on `slot`, False
        until it meets no tower (at most `AIM_TRIES` draws; the last one stands)."""
        cat = turn.world.catapults[self.seat]
        src = cat.slot.launch_point
        facing = cat.slot.facing
        g = (0.0, GRAVITY)
        h = FRAME_DT / SUBSTEPS
        obstacles = self._obstacles(turn, slot) if self.skill.path_check else []
        choice: tuple[float, float] | None = None
        best_clear = -1.0
        for deg in self.skill.elevations:
            elev = math.radians(deg)
            direction = math.atan2(-math.sin(elev), facing * math.cos(elev))
            sol = solve_launch(src, dst, g, angle=direction, step_dt=h)
            if sol is None:
                continue
            (vx, vy), t = sol
            speed = math.hypot(vx, vy)
            if not MIN_LAUNCH_SPEED <= speed <= MAX_LAUNCH_SPEED:
                continue
            power = (speed - MIN_LAUNCH_SPEED) / (MAX_LAUNCH_SPEED - MIN_LAUNCH_SPEED)
            if not obstacles:
                choice = (elev, power)
                break
            clear = self._clear_fraction((vx, vy), src, t, obstacles)
            if clear > best_clear:
                choice, best_clear = (elev, power), clear
            if clear >= 1.0:
                break
        if choice is None:
            return None
        wide = self.skill.early_error if turn.match.round == 1 else 1.0
        if hit is None:
            return self._err(choice, wide)
        boxes = self._tower_boxes(turn)
        aim = choice
        for _ in range(AIM_TRIES):
            # Aimed to hit: half as wide, so a few draws find the tower.
            aim = self._err(choice, wide * (0.5 if hit else 1.0))
            met = self._meets(turn, aim, boxes)
            if (slot in met) if hit else not met:
                break
        return aim

    def _err(self, aim: tuple[float, float], wide: float) -> tuple[float, float]:
        elev, power = aim
        elev += self.rng.gauss(0.0, self.skill.angle_error * wide)
        power += self.rng.gauss(0.0, self.skill.power_error * wide)
        elev = min(max(elev, MIN_LAUNCH_ANGLE), MAX_LAUNCH_ANGLE)
        return (elev, min(max(power, 0.0), 1.0))

    def _tower_boxes(self, turn: TurnController) -> dict[int, tuple[float, float, float, float]]:
        """Each tile's blocks on the table as one box (a die's half-size wider), by slot."""
        out: dict[int, tuple[float, float, float, float]] = {}
        m = DIE_SIZE / 2.0
        for tv in turn.world.reading.judge().tiles:
            pts = [p for b in tv.blocks if not b.held
                   for poly in turn.world.block_polygons(b.block_id) for p in poly]
            if pts:
                out[tv.slot] = (min(p[0] for p in pts) - m, min(p[1] for p in pts) - m,
                                max(p[0] for p in pts) + m, max(p[1] for p in pts) + m)
        return out

    def _meets(self, turn: TurnController, aim: tuple[float, float],
               boxes: dict[int, tuple[float, float, float, float]]) -> set[int]:
        """The slots whose towers a die fired with `aim` would meet in free flight, until it
        comes down to the table."""
        cat = turn.world.catapults[self.seat]
        v = turn.world.catapults.launch_velocity(self.seat, *aim)
        path = predict_path(cat.slot.launch_point, v, (0.0, GRAVITY), 1.0 / 120.0, 3.0,
                            every=2, stop=lambda p: p[1] > TABLE_Y)
        return {slot for px, py in path for slot, (x0, y0, x1, y1) in boxes.items()
                if x0 <= px <= x1 and y0 <= py <= y1}

    def _obstacles(
        self, turn: TurnController, slot: int
    ) -> list[tuple[float, float, float, float]]:
        view = turn.world.reading.judge()
        mine = {b.block_id for b in view.tile(slot).blocks}
        boxes: list[tuple[float, float, float, float]] = []
        for spec in BLOCKS:
            bid = spec.block_id
            if bid in mine or turn.world.block_where(bid) != Where.TABLE:
                continue
            pts = [p for poly in turn.world.block_polygons(bid) for p in poly]
            m = 9.0
            boxes.append(
                (
                    min(p[0] for p in pts) - m,
                    min(p[1] for p in pts) - m,
                    max(p[0] for p in pts) + m,
                    max(p[1] for p in pts) + m,
                )
            )
        return boxes

    def _clear_fraction(
        self, v: Point, src: Point, t: float, boxes: list[tuple[float, float, float, float]]
    ) -> float:
        """How far along the flight (0-1) the die gets before meeting another stack."""
        h = 1.0 / 120.0
        path = predict_path(src, v, (0.0, GRAVITY), h, t * 0.97)
        for i, (px, py) in enumerate(path):
            for x0, y0, x1, y1 in boxes:
                if x0 <= px <= x1 and y0 <= py <= y1:
                    return i / max(1, len(path))
        return 1.0
