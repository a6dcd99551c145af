"""Who drives each seat during a turn: the mouse, a cursor on a keyboard set or pad, or an AI.

Every controller acts only through the `TurnController` calls (grab/drag/rotate/release for the
builder, aim/fire for a saboteur), the same ones the AI uses, so a seat can change hands mid-turn
(a pad unplugged, an AI taking over) without the turn noticing. AI controllers act once per world
frame; human ones on their device's events and, for held keys and sticks, every logic step.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from game.core.voice import count
from game.games.tower.ai import GRAB_OFFSET, BuilderAI, SaboteurAI
from game.games.tower.data import (
    BLOCKS,
    DIE_SIZE,
    GRAVITY,
    MAX_LAUNCH_ANGLE,
    MAX_LAUNCH_SPEED,
    MIN_LAUNCH_ANGLE,
    MIN_LAUNCH_SPEED,
    ORIENTATION_ANGLE,
    SHAPES,
    SLOT_RANGES,
    TABLE_Y,
    TILES,
    TRAY_ZONE_Y,
    VIEW_H,
    VIEW_W,
    tower_words,
)
from game.games.tower.rules import Rejected, TileJudgement
from game.games.tower.turn import TurnController, in_snap_reach
from game.games.tower.worlddata import Where
from game.ui.tween import ramp_travel

Point = tuple[float, float]

QUARTER = math.pi / 2.0
ROTATE_STEP = QUARTER
"""One wheel notch, right click or rotate key of the mouse builder: towers need right angles."""
FINE_STEP = math.radians(15.0)
"""With the fine modifier (Shift), or a cursor's turn keys: angles snap to this grid."""
CURSOR_SPEED = 250.0
"""Top speed, units per second, of a keyboard or stick cursor at full deflection (about 560
screen pixels a second in the builder's close view): capped, so a held key never overshoots."""
CURSOR_SLOW = 0.7
"""Cursor speed factor while carrying a block (precise placing)."""
CURSOR_FINE = 40.0
"""Units per second in a push's first `CURSOR_HOLD` seconds, and all the time with the fine
modifier (Shift): a 0.1 s tap moves the hand 4 units (3 carrying), so a block can be put
exactly (issue 16)."""
CURSOR_TAP = 6.0
"""Units a fresh push (a tap of W/A/S/D, a nudge of the stick) moves the hand at once, about 16
screen pixels in the builder's close view (13 carrying): a tap moved it 2 pixels, a stranger
found. Not with the fine modifier (Shift), which keeps the creep for exact placing."""
CURSOR_HOLD = 0.3
"""Seconds a push stays at `CURSOR_FINE` before it speeds up."""
CURSOR_RAMP = 0.4
"""Seconds after `CURSOR_HOLD` for the cursor to reach its top speed: a 0.7 s hold moves the
hand about 72 units (160 screen pixels close up), not across the table."""


def cursor_speed(pushed: float, carrying: bool, fine: bool) -> float:
    """Units per second of a cursor pushed for `pushed` seconds: fine at first (or with the fine
    modifier), then up to the capped top speed."""
    k = CURSOR_SLOW if carrying else 1.0
    if fine or pushed <= CURSOR_HOLD:
        return CURSOR_FINE * k
    ramp = min((pushed - CURSOR_HOLD) / CURSOR_RAMP, 1.0)
    return (CURSOR_FINE + (CURSOR_SPEED - CURSOR_FINE) * ramp) * k


def hold_travel(held: float, ramp: float | None = None) -> float:
    """Full-rate seconds a hold of `held` seconds has moved the aim: nothing before
    `HOLD_DELAY`, then a third of the rate rising to the whole over `ramp` seconds (the
    angle's `HOLD_RAMP` unless given)."""
    ramp = HOLD_RAMP if ramp is None else ramp
    return ramp_travel(max(0.0, held - HOLD_DELAY), 1.0 / 3.0, 2.0 / (3.0 * ramp), 1.0)


def tap_power(power: float, way: int) -> float:
    """The power after a tap of right (`way` 1) or left (-1): the next whole `TAP_POWER` step
    above or below `power` (a hold's odd 63.7% goes to 65% or 60%), within `MIN_KEYS_POWER`
    and 1."""
    at = power / TAP_POWER
    n = math.floor(at + 1e-6) + 1 if way > 0 else math.ceil(at - 1e-6) - 1
    return min(max(round(n * TAP_POWER, 6), MIN_KEYS_POWER), 1.0)


def held_power(held: float) -> float:
    """Full-rate seconds a power key held `held` seconds has moved the power: nothing before
    `HOLD_DELAY` (a tap is its step alone), then the steady `POWER_RATE`."""
    return max(0.0, held - HOLD_DELAY)


GRAB_REACH = 30.0
"""A cursor grabs the nearest block this close when none is right under it."""
MOUSE_GRAB_REACH = 10.0
"""World units beside a block on the table (a fallen one) within which a mouse press still
takes it, nearest first (about 19 px in a turn's view): a stranger's presses just above a
knocked-off beam lying flat missed it, where the tray takes one a little off its block."""
AIM_RATE = math.radians(55.0)
"""Elevation change per second at full deflection."""
POWER_RATE = 0.6
"""Power change per second at full deflection once held past `HOLD_DELAY`, steady (a hold
reads as even on the gauge: a stranger's taps moved 2%, a 0.2 s hold 1%, and a 0.8 s hold took
54% to 0% with the old rising rate, 1.4 a second)."""
MIN_KEYS_POWER = 0.15
"""The least power keys or a stick can set or fire: a die at 0% dropped at a stranger's
catapult's feet."""
HOLD_DELAY = 0.2
"""Seconds a key or stick is held before the aim moves on smoothly: a tap is its fixed step
(`TAP_POWER`, `TAP_ANGLE`) alone."""
HOLD_RAMP = 1.0
"""Seconds past `HOLD_DELAY` for a hold to reach its full rate, from a third of it: a short
hold moves the aim a little (a stranger's short hold of A took his power from 69% to 38%)."""
TAP_POWER = 0.05
"""A tap of left or right: on to the next whole step of this much power (a tap shorter than a
frame changed nothing; 3% steps from wherever a hold left it read as uneven; 2% steps moved too
little to see), so taps read 60%, 65%, 70% on the gauge."""
TAP_ANGLE = math.radians(2.0)
"""A tap of up or down: this much elevation at once."""
MIN_PULL = 14.0
"""A mouse pull shorter than this is a cancelled shot, not a weak one."""
FULL_PULL = 110.0
"""World units of mouse pull that give full power (where the screen has room for it)."""
EDGE_ROOM = 6.0
"""A pull that reaches this close to the screen's edge is full power: the pointer stops at the
window's edge, so a catapult near it must still be able to fire at full strength."""
MIN_FULL_PULL = 40.0
"""The shortest pull ever asked for full power (a catapult right at the screen's edge)."""

LANDING_MARGIN = 16.0
"""The strongest mouse shot lands this many world units inside the screen's far edge."""

Rect = tuple[float, float, float, float]


def landing_x(launch: Point, facing: int, elevation: float, power: float) -> float:
    """Where a die shot from `launch` comes down on the table (free flight, no bounce): the
    trajectory preview's last point, in closed form so it can be asked many times a frame."""
    speed = MIN_LAUNCH_SPEED + min(max(power, 0.0), 1.0) * (MAX_LAUNCH_SPEED - MIN_LAUNCH_SPEED)
    vx, vy = facing * math.cos(elevation) * speed, math.sin(elevation) * speed  # vy upward
    drop = (TABLE_Y - DIE_SIZE / 2.0) - launch[1]  # how far below the cup it lands
    t = (vy + math.sqrt(vy * vy + 2.0 * GRAVITY * max(drop, 0.0))) / GRAVITY
    return launch[0] + vx * t


def power_cap(launch: Point, facing: int, elevation: float, bounds: Rect | None) -> float:
    """The mouse's strongest power at `elevation`: the most that still lands on screen
    (`LANDING_MARGIN` inside the far edge of `bounds`), or 1 when even full power does. A
    playtester's 115 px pull flew the die off screen; a full pull now lands at the far edge."""
    if bounds is None:
        return 1.0
    far = bounds[2] - LANDING_MARGIN if facing > 0 else bounds[0] + LANDING_MARGIN
    if (landing_x(launch, facing, elevation, 1.0) - far) * facing <= 0.0:
        return 1.0
    lo, hi = 0.0, 1.0
    for _ in range(20):
        mid = (lo + hi) / 2.0
        if (landing_x(launch, facing, elevation, mid) - far) * facing <= 0.0:
            lo = mid
        else:
            hi = mid
    return lo


def reaching_power(launch: Point, facing: int, elevation: float, x: float) -> float:
    """The power whose arc at `elevation` comes down on the table at `x` (0 or 1 when it is
    nearer or farther than any power reaches)."""
    lo, hi = 0.0, 1.0
    for _ in range(24):
        mid = (lo + hi) / 2.0
        if (landing_x(launch, facing, elevation, mid) - x) * facing < 0.0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


def keys_start_aim(turn: TurnController, seat: int) -> tuple[float, float]:
    """Where a keys saboteur's aim starts a turn: the catapult's elevation, at the power whose
    arc lands on the nearest standing tower (the nearest pad with a tile when none stands).
    A stranger's keys began at 60% and, held between 42% and 60%, piled every die on the
    table in front of the towers: "barely do anything"."""
    cat = turn.world.catapults[seat]
    launch, facing = cat.slot.launch_point, cat.slot.facing
    standing = {tv.slot for tv in turn.world.reading.judge().tiles if tv.blocks}
    slots = [s for s in standing if turn.match.row[s] is not None] or \
        [s for s, t in enumerate(turn.match.row) if t is not None] or list(range(len(SLOT_RANGES)))
    mids = [(SLOT_RANGES[s][0] + SLOT_RANGES[s][1]) / 2.0 for s in slots]
    x = min(mids, key=lambda m: abs(m - launch[0]))
    return cat.aim_angle, max(reaching_power(launch, facing, cat.aim_angle, x), MIN_KEYS_POWER)


def full_pull(cup: Point, pull: Point, bounds: Rect | None) -> float:
    """The pull length that is full power in the pull's direction: `FULL_PULL`, or less where
    the edge of the screen (`bounds`, the world rect in view) comes first, so pulling the pointer
    to the edge is always a full-power shot."""
    length = math.hypot(*pull)
    if bounds is None or length <= 0.0:
        return FULL_PULL
    ux, uy = pull[0] / length, pull[1] / length
    room = math.inf
    if ux < 0.0:
        room = min(room, (cup[0] - bounds[0]) / -ux)
    elif ux > 0.0:
        room = min(room, (bounds[2] - cup[0]) / ux)
    if uy < 0.0:
        room = min(room, (cup[1] - bounds[1]) / -uy)
    elif uy > 0.0:
        room = min(room, (bounds[3] - cup[1]) / uy)
    return max(MIN_FULL_PULL, min(FULL_PULL, room - EDGE_ROOM))


def snapped(angle: float, delta: float, grid: float = FINE_STEP) -> float:
    """The held angle turned by `delta` and snapped to `grid` (a quarter turn from 15 degrees
    lands on 90, not 105)."""
    return round((angle + delta) / grid) * grid


def rotate_held(turn: TurnController, delta: float) -> bool:
    """Turn the block in the builder's hand by `delta` (snapped to right angles when `delta` is
    a whole number of quarter turns, else to `FINE_STEP`); False if nothing is held."""
    current = turn.world.hand.held_angle
    if current is None or not turn.building:
        return False
    quarters = delta / QUARTER
    grid = QUARTER if delta and abs(quarters - round(quarters)) < 1e-9 else FINE_STEP
    turn.set_angle(snapped(current, delta, grid))
    return True


DIE_PRESS_REACH = 2.0
"""World units round a die within which a mouse builder's press is on it (takes nothing)."""
DIE_STAYS_WORDS = "A die rests there: it stays, and the block under it too"
"""Said when a mouse builder presses on a die."""
NOTE_SECONDS = 3.0
"""How long a keyboard builder's "No cube left ..." note stays up."""

FIXABLE = ("empty", "unfinished", "still moving", "block still held")
"""Verdicts a block set on top can still bring to a score (a toppled or wrong block cannot)."""
PAD_SLACK = 5.0
"""Pixels either side of a slot's range that still count as its pad for the keyboard's last
let-go (the ranges leave 8 px between pads)."""


def tile_words(tile_id: int) -> str:
    """A tile's tower in a sentence: "the Signpost", "the Table tower", "the Mega tower"."""
    return tower_words(tile_id)


def build_target(judgements: Iterable[TileJudgement], can_build_on: Callable[[int], bool],
                 last_pad: float | None,
                 finishable: Callable[[int], bool] | None = None) -> int | None:
    """The tile a keyboard or pad builder is building: the one under the pad of its last jump
    while that tower can still be finished by stacking on it, else the next such tile to the
    right (round the row), else the leftmost unfinished tile that is not the Mega (the Mega if
    nothing else is open); None when every open tile is finished. A stranger's fast Tab+Space
    kept piling blocks on a tower whose lying pillar no block on top could mend."""
    open_js = [j for j in judgements if can_build_on(j.slot) and not j.complete]
    if not open_js:
        return None
    fixable = [j for j in open_js if j.reason in FIXABLE] or open_js
    if last_pad is not None:
        # The last pad's tower stays the target while its tile is open, even knocked: Tab
        # lifts the fallen blocks off it first (`CursorBuilderControl.wreck_block`; session
        # 30: a die knocked the Belfry and Tab went off to fetch for the Mega tower). The
        # pads' gaps count as the nearer pad's (a hand let go in one lost its tower).
        for j in open_js:
            x0, x1 = SLOT_RANGES[j.slot]
            if x0 - PAD_SLACK <= last_pad <= x1 + PAD_SLACK:
                return j.slot
    small = [j for j in fixable if not TILES[j.tile_id].mega]
    if finishable is not None:
        # one the free blocks can still finish first (the ring went to a Gatehouse after
        # the Aqueduct had taken both arches: `missing_kind`)
        small = [j for j in small if finishable(j.slot)] or small
    if not small:
        # A knocked small tower before the untouched Mega: Tab lifts its fallen blocks off
        # (a stranger's Tab said "TAB now fetches for the Mega tower", then "No arch left for
        # the Mega tower", with his Steps unbuilt and a stray block on it).
        small = [j for j in open_js if not TILES[j.tile_id].mega] or fixable
    return min(small, key=lambda j: SLOT_RANGES[j.slot][0]).slot


def shortfall(turn: TurnController, judgements: Iterable[TileJudgement], slot: int
              ) -> tuple[str, int, int] | None:
    """(kind, how many the tower on `slot` still needs of it, how many are free) for the first
    kind the free blocks cannot give enough of (`missing_kind`), None when they can."""
    js = list(judgements)
    kind = missing_kind(turn, js, slot)
    if kind is None:
        return None
    j = next(j for j in js if j.slot == slot)
    need = sum(1 for k, _ in TILES[j.tile_id].pieces[j.progress:] if k == kind)
    return kind, need, free_blocks(turn, js).get(kind, 0)


def free_blocks(turn: TurnController, judgements: Iterable[TileJudgement]) -> dict[str, int]:
    """How many blocks of each kind are free: the tray's, the hand's and those lying loose on
    the table (on no tower's stack)."""
    used = {bid for other in judgements for bid in other.stack}
    free: dict[str, int] = {}
    for b in BLOCKS:
        where = turn.world.block_where(b.block_id)
        if where in (Where.TRAY, Where.LIFT, Where.HELD) \
                or (where == Where.TABLE and b.block_id not in used):
            free[b.shape] = free.get(b.shape, 0) + 1
    return free


def missing_kind(turn: TurnController, judgements: Iterable[TileJudgement], slot: int
                 ) -> str | None:
    """The first kind the tower on `slot` still needs that no free block can give: the tray's,
    the hand's and those lying loose on the table (on no tower's stack) count, the blocks of
    any tower's stack do not. None when its remaining pieces are all there. A stranger's
    Tab+Space put a long beam on the Gatehouse when no arch was left to finish it."""
    js = list(judgements)
    j = next((j for j in js if j.slot == slot), None)
    if j is None:
        return None
    free = free_blocks(turn, js)
    for kind, _ in TILES[j.tile_id].pieces[j.progress:]:
        if free.get(kind, 0) <= 0:
            return kind
        free[kind] -= 1
    return None


def starved(turn: TurnController, judgements: Sequence[TileJudgement]) -> dict[int, str]:
    """The open towers the free blocks can no longer finish, with the first kind they lack
    (`missing_kind`): {slot: kind}. A Mega not begun is left out (the small towers use its
    blocks by design). A stranger used both arches on the Bridge and the Viaduct, and the
    Temple's outline went on asking for an arch with no word until the scores ("still needs
    an arch on top"): the table says so at once and marks that outline."""
    out: dict[int, str] = {}
    for j in judgements:
        tile = TILES[j.tile_id]
        if j.complete or not turn.match.can_build_on(j.slot) or (tile.mega and j.progress == 0):
            continue
        kind = missing_kind(turn, judgements, j.slot)
        if kind is not None:
            out[j.slot] = kind
    return out


def starved_words(tile_id: int, kind: str, need: int = 1, have: int = 0) -> str:
    """What the table says of a tower that lacks a kind: "No arch left for the Temple: take
    one from another tower"; when some are left but too few, how many it needs and has ("The
    Viaduct needs 2 cubes: 1 left in the tray. Take one from another tower": a stranger read
    "No cube left" with "Cube x1" in the tray)."""
    name = SHAPES[kind].name.lower()
    if have <= 0:
        return f"No {name} left for {tile_words(tile_id)}: take one from another tower"
    tower = tile_words(tile_id)
    return (f"{tower[0].upper()}{tower[1:]} needs {count(need, name)}: {have} left in the "
            f"tray. Take {'one' if need - have == 1 else need - have} from another tower")


def finishable(turn: TurnController, judgements: Sequence[TileJudgement]
               ) -> Callable[[int], bool]:
    """Whether the free blocks can still finish the tower on a slot (`missing_kind`), for
    `build_target`'s choice of a tower to ring."""
    return lambda slot: missing_kind(turn, judgements, slot) is None


def needed_pieces(judgements: Iterable[TileJudgement], slot: int) -> list[tuple[str, str]]:
    """The printed pieces (kind, way up) the tower on `slot` still needs, its next block's
    first: what a keyboard's Tab fetches and how any hand's block comes up turned."""
    j = next((j for j in judgements if j.slot == slot), None)
    if j is None:
        return []
    return list(TILES[j.tile_id].pieces[j.progress:])


def turn_as_printed(turn: TurnController, bid: int, slots: Iterable[int]) -> bool:
    """Turn the block just taken as the card prints it for the next position its kind fills
    on the first of `slots` whose tower needs one (an arch or roof upside down is turned over):
    True if a tower needs it. Keys and mouse alike, so a block comes up ready to set."""
    shape = turn.world.block_shape(bid)
    judgements = turn.judgements()
    slots = list(slots)
    # A tower whose very next block is this kind first (a long beam picked up off the table
    # came up lying, as a later block of the tower being built prints it, and "hung off"
    # the Needle it had fallen from, which needed it standing next).
    nexts = [s for s in slots if next(iter(needed_pieces(judgements, s)), ("", ""))[0] == shape]
    for slot in [*nexts, *(s for s in slots if s not in nexts)]:
        orient = next((o for key, o in needed_pieces(judgements, slot) if key == shape), None)
        if orient is None:
            continue
        current = turn.world.hand.held_angle
        if current is None:
            return False
        target = ORIENTATION_ANGLE[orient]
        # A half turn is as printed for a beam or pillar, not for an arch or roof knocked
        # upside down and picked up off the table (session 30).
        sym = max(math.pi, SHAPES[shape].symmetry)
        off = (current - target + sym / 2) % sym - sym / 2
        if abs(off) > math.radians(20.0):
            turn.set_angle(target)
        return True
    return False


# ---------------------------------------------------------------------------------------------
# Builders
# ---------------------------------------------------------------------------------------------


@dataclass
class BuilderControl:
    """Base: the seat building this turn and where its hand is (for drawing and the ghost)."""

    seat: int
    kind: str = "none"
    device: str = ""

    @property
    def hand(self) -> Point | None:
        """Where to draw the builder's hand, if anywhere."""
        return None

    @property
    def holding(self) -> bool:
        """Whether the hand holds a block."""
        return False

    def frame(self, turn: TurnController) -> None:
        """Once per world frame, before the physics step."""

    def update(self, turn: TurnController, dt: float, axis: Point) -> None:
        """Once per logic step with the device's analogue direction (held keys, stick)."""

    def drop(self, turn: TurnController) -> None:
        """Put whatever is held back in the tray (the seat changes hands, the game pauses, the
        window loses focus): a block hanging from the hand is not dropped where it hangs."""
        if turn.world.hand.held_block is not None:
            turn.put_back()


@dataclass
class AIBuilderControl(BuilderControl):
    """An AI builder from `ai.py`, with its visible hand."""

    ai: BuilderAI | None = None

    @property
    def hand(self) -> Point | None:
        return self.ai.hand if self.ai is not None else None

    @property
    def holding(self) -> bool:
        return self.ai is not None and self.ai.holding is not None

    def frame(self, turn: TurnController) -> None:
        if self.ai is not None:
            self.ai.update(turn)


@dataclass
class MouseBuilderControl(BuilderControl):
    """Drag with the left button, turn with the wheel or a right click, let go to place.

    Forgiving as the keys are (strangers building by mouse lost to Easy while Tab built
    exactly): a block taken from the tray comes up turned as the card prints it for the tower
    being built, a faint outline shows where it goes while it is dragged (`outline`), and one
    let go close to the outline settles into it (`TurnController.settle`)."""

    pos: Point = (640.0, 640.0)
    dragging: bool = False
    last_pad: float | None = None
    """Where the last block was let go over the table: the tower being built."""
    to_turn: int | None = None
    """A block taken from the tray, to turn as printed once it is out of the tray (turned in
    the tray, a long block poked out of the view's bottom edge)."""
    die_refused: bool = False
    """The last press was on a die resting on the table or a tower: nothing was taken (the
    scene says why, `DIE_STAYS_WORDS`, and clears this)."""

    @property
    def hand(self) -> Point | None:
        return self.pos

    @property
    def holding(self) -> bool:
        return self.dragging

    def press(self, turn: TurnController, pos: Point, button: int) -> bool:
        """A mouse button went down: grab (left) or turn the held block (right). A block
        taken from the tray, or picked up off the table, comes up turned as printed
        (`pick_slots`): a stranger's fallen pillar, picked up lying and let go upright on its
        pad's outline, never settled into it as a tray block does. A press just beside a
        block on the table takes it (`MOUSE_GRAB_REACH`), as the tray's blocks are taken."""
        self.pos = pos
        if button == 1 and not self.dragging:
            hand = turn.world.hand
            near = None
            if turn.building and hand.held_block is None and math.isfinite(pos[0]) \
                    and math.isfinite(pos[1]) and hand.block_at(pos) is None \
                    and hand.die_at(pos, DIE_PRESS_REACH) is not None:
                # On a die: it stays, and so does the block under it (a stranger's press on
                # a die took the block beneath, which went back to the tray, unexplained).
                self.die_refused = True
                return False
            if turn.building and hand.held_block is None and math.isfinite(pos[0]) \
                    and math.isfinite(pos[1]) and hand.block_at(pos) is None:
                # Just beside a block on the table: that one (its id goes in the replay).
                near = hand.block_near(pos, MOUSE_GRAB_REACH)
            took = near if near is not None else hand.block_at(pos)
            from_tray = took is not None and turn.world.block_where(took) == Where.TRAY
            bid = turn.grab(pos, near)
            self.dragging = bid is not None
            # A block from the tray keeps the way it lay there (a stranger's long beam, taken
            # flat for a flat spot, turned upright in his hand): its outline still settles it
            # as printed, turned any way. One picked up off the table is turned as printed
            # (an arch knocked upside down comes up on its legs).
            self.to_turn = None if from_tray else bid
            self._turn_when_out(turn)
            return self.dragging
        if button == 3:
            self.to_turn = None  # turned by hand: not turned again
            return rotate_held(turn, QUARTER)
        return False

    def _turn_when_out(self, turn: TurnController) -> None:
        """The block taken from the tray has come up out of it: turn it as printed."""
        bid = self.to_turn
        if bid is None or not self.dragging or turn.world.hand.held_block != bid:
            self.to_turn = None
            return
        if turn.world.block_where(bid) == Where.HELD:
            self.to_turn = None
            turn_as_printed(turn, bid, self.pick_slots(turn, turn.world.block_shape(bid)))

    def pick_slots(self, turn: TurnController, shape: str) -> list[int]:
        """The towers a `shape` block taken from the tray is turned for, in turn: the one
        being built (`build_target`, from where the last block was let go), then those whose
        next block is that kind, then the other open ones, nearest it first; an untouched
        Mega only when it is the one being built (a beam came up lying, as the Mega prints
        it, while the Needle at the far end needed it standing)."""
        judgements = turn.judgements()
        target = build_target(judgements, turn.match.can_build_on, self.last_pad)
        if target is None:
            return []
        at = sum(SLOT_RANGES[target]) / 2.0
        others = [j for j in judgements if j.slot != target and turn.match.can_build_on(j.slot)
                  and not j.complete and not (TILES[j.tile_id].mega and j.progress == 0)]
        others.sort(key=lambda j: (next(iter(needed_pieces([j], j.slot)), ("", ""))[0] != shape,
                                   abs(sum(SLOT_RANGES[j.slot]) / 2.0 - at)))
        return [target, *(j.slot for j in others)]

    def outline(self, turn: TurnController) -> tuple[str, float, float, float, bool] | None:
        """While a block is dragged: (shape, x, y, angle) of where it goes (the next block of
        the nearest tower that needs its kind next) and whether letting go now settles it
        there; None when nothing is dragged or no tower needs that kind next."""
        bid = turn.world.hand.held_block
        if not self.dragging or bid is None or not turn.building:
            return None
        shape = turn.world.block_shape(bid)
        pose = turn.world.block_pose(bid)
        target = turn.settle_target(shape, pose)
        if target is None:
            return None
        _, x, y, a = target
        return (shape, x, y, a, in_snap_reach(shape, pose, (x, y, a)))

    def motion(self, turn: TurnController, pos: Point) -> None:
        """The pointer moved: the hand follows, and the held block with it (pushing nothing)."""
        self.pos = pos
        if self.dragging:
            turn.drag_to(pos)
            self._turn_when_out(turn)

    def lift(self, turn: TurnController, pos: Point, button: int) -> bool:
        """A mouse button came up: the left one lets go (close to the outline, the block
        settles into it)."""
        self.pos = pos
        if button == 1 and self.dragging:
            self.dragging = False
            turn.drag_to(pos)
            if pos[1] <= TRAY_ZONE_Y:
                self.last_pad = pos[0]
            turn.let_go(aided=True)
            return True
        return False

    def wheel(self, turn: TurnController, notches: int, fine: bool = False) -> bool:
        """Wheel up turns anticlockwise, down clockwise: a quarter turn a notch, or 15 degrees
        with the fine modifier."""
        self.to_turn = None  # turned by hand: not turned again
        return rotate_held(turn, -(FINE_STEP if fine else ROTATE_STEP) * notches)

    def frame(self, turn: TurnController) -> None:
        if self.dragging and turn.world.hand.held_block is None:
            self.dragging = False  # time ran out, or the block was knocked from the hand
        self._turn_when_out(turn)

    def drop(self, turn: TurnController) -> None:
        self.dragging = False
        super().drop(turn)


@dataclass
class CursorBuilderControl(BuilderControl):
    """A hand steered by a keyboard set or a stick: confirm grabs and lets go, rotate keys turn."""

    pos: Point = (640.0, 560.0)
    carrying: bool = False
    pushed: float = 0.0
    """Seconds the direction has been held (fine for `CURSOR_HOLD`, then faster)."""
    heading: Point = (0.0, 0.0)
    fine: bool = False
    """The fine modifier (Shift) is held: the hand creeps at `CURSOR_FINE` (set by the scene)."""
    last_pad: float | None = None
    """Centre x of the pad the hand last jumped to: a block taken next goes there first."""
    fetch_for: int | None = None
    """The slot whose next block the last tray jump offered (the carried block goes there)."""
    note: str = ""
    """Why the last jump did not fetch the block the target tower needs (shown for a moment)."""
    note_left: float = 0.0
    """Seconds left to show `note`."""
    seen_target: int | None = None
    """The target tile at the last look (`watch_target`), its progress, and `last_pad` then."""
    seen_progress: int = 0
    seen_pad: float | None = None
    seen_fixable: bool = True
    """Whether the target tower could take a block on top at the last look."""
    key: str = "Tab"
    """The word for the device's jump button (the scene's, from `watch_target`)."""
    clearing: int | None = None
    """A fallen block Tab offered to lift off the target tower (`wreck_block`)."""
    lifting: tuple[int, int, str, bool, str] | None = None
    """(slot, block, kind, on its pad, the note) of the fallen block `note` says Tab picks up,
    while it shows (`_say_lifting`; dropped by `watch_target` once its tower no longer needs it)."""
    grab_key: str = "Space"
    """The word for the device's grab button (the scene's, from `watch_target`)."""
    confirm_lift: int | None = None
    """A standing tower's block the last grab press was asked to take: taken only by a second
    press on it (a stranger's Space over a finished Totem lifted its top block, and the tower
    scored nothing when the sand ran out with it held)."""

    @property
    def hand(self) -> Point | None:
        return self.pos

    @property
    def holding(self) -> bool:
        return self.carrying

    def update(self, turn: TurnController, dt: float, axis: Point) -> None:
        self.note_left = max(0.0, self.note_left - dt)
        ax, ay = axis
        if ax == 0.0 and ay == 0.0:
            self.pushed = 0.0
            return
        heading = (float(ax > 0) - float(ax < 0), float(ay > 0) - float(ay < 0))
        if heading != self.heading:
            self.pushed, self.heading = 0.0, heading  # a new direction starts slow again
        # A fresh push steps the hand at once (`CURSOR_TAP`), then it creeps and speeds up.
        tap = 0.0 if self.pushed > 0.0 or self.fine else \
            CURSOR_TAP * (CURSOR_SLOW if self.carrying else 1.0)
        # The speed over this step is taken at its middle, so the distance does not depend on
        # how the hold is cut into steps.
        speed = cursor_speed(self.pushed + dt / 2.0, self.carrying, self.fine)
        self.pushed += dt
        norm = math.hypot(ax, ay)
        x = min(max(self.pos[0] + ax * speed * dt + tap * ax / norm, 0.0), VIEW_W)
        y = min(max(self.pos[1] + ay * speed * dt + tap * ay / norm, 0.0), VIEW_H)
        self.pos = (x, y)
        if self.carrying:
            turn.drag_to(self.pos)

    def action(self, turn: TurnController, action: str) -> bool:
        """A button of the builder's device: grab/let go, or turn the held block; `back` (and,
        hand empty, the turn keys) jumps the hand to the next kind in the tray or the next pad."""
        if action == "back":
            # Always the selected tower: its next block, or (carrying) its pad; pressed twice
            # it stays there (a stranger's second Tab went on to another tower unasked). With
            # the hand empty it also takes the block and carries it over its spot: a block in
            # two presses, Tab and Space (four, Tab Space Tab Space, built about 4 blocks in
            # 30 s against the mouse's 7-8).
            if self.carrying:
                return self.jump(turn, 0)
            return self.fetch_and_carry(turn)
        if action in ("rotate_left", "rotate_right") and not (self.carrying and self.fine):
            # The turn keys choose another tower: hand empty, its next block in the tray;
            # carrying, the held block goes with the hand over that tower's pad (a stranger's
            # Q and E only turned the block). Shift + Q / E turn the held block finely.
            step = -1 if action == "rotate_left" else 1
            if self.carrying and turn.world.hand.held_block is not None:
                return self.carry_to(turn, step)
            return self.jump(turn, step)
        if action in ("confirm", "primary"):
            if self.carrying:
                self.carrying = False
                if self.pos[1] <= TRAY_ZONE_Y:
                    self.last_pad = self._held_x(turn)  # the tower being built
                self.fetch_for = None
                turn.let_go(aided=True)
                return True
            asked, self.confirm_lift = self.confirm_lift, None
            choice = self._grab_choice(turn)
            if choice is not None and choice[0] != asked:
                standing = self._standing_tower(turn, choice[0])
                if standing is not None:
                    # A block of a standing tower: never lifted by one press (`confirm_lift`).
                    slot, top = standing
                    name = self._tile_name(turn, slot)
                    whose = f"{name}'" if name.endswith("s") else f"{name}'s"
                    what = f"{whose} top block" if top else f"a block of {name}"
                    self.confirm_lift = choice[0]
                    self.note = f"{self.grab_key} again to lift {what}"
                    self.note_left = NOTE_SECONDS
                    return True
            bid = self._grab(turn)
            self.carrying = bid is not None
            if bid is not None and self.fetch_for is not None and bid != self.clearing \
                    and self._next_kind(turn, self.fetch_for) != turn.world.block_shape(bid):
                self.fetch_for = None  # steered to another block: not the one Tab offered
            if bid is not None:
                self._turn_as_printed(turn, bid)
            return True
        if action == "rotate_left":
            return rotate_held(turn, -FINE_STEP)
        if action == "rotate_right":
            return rotate_held(turn, FINE_STEP)
        if action == "secondary":
            return rotate_held(turn, QUARTER)
        return False

    def _standing_tower(self, turn: TurnController, bid: int) -> tuple[int, bool] | None:
        """(slot, is its top block) of the tower whose right-built stack holds `bid`, if any."""
        for j in turn.judgements():
            if bid in j.stack:
                return j.slot, j.stack[-1] == bid
        return None

    def carry_to(self, turn: TurnController, step: int) -> bool:
        """Q or E while carrying: the ring to the next (1) or previous (-1) open tower, and
        the held block with the hand over its pad, ready to let go."""
        ring = sorted((j.slot for j in turn.judgements()
                       if turn.match.can_build_on(j.slot) and not j.complete),
                      key=lambda s: SLOT_RANGES[s][0])
        if not ring:
            return False
        bx = self._held_x(turn)
        here = next((s for s in ring if SLOT_RANGES[s][0] - PAD_SLACK <= bx
                     <= SLOT_RANGES[s][1] + PAD_SLACK), None)
        on = here if here is not None else (
            self.fetch_for if self.fetch_for in ring else None)
        if on is not None:
            nxt = ring[(ring.index(on) + step) % len(ring)]
        else:
            way = [s for s in ring if (SLOT_RANGES[s][0] - bx) * step > 0]
            nxt = (way[0] if step > 0 else way[-1]) if way else \
                (ring[0] if step > 0 else ring[-1])
        self.fetch_for, self.clearing = nxt, None
        self.last_pad = sum(SLOT_RANGES[nxt]) / 2.0
        target = self._pad_target(turn, 0, fresh=True)
        if target is None:
            return False
        self.pos = target
        turn.drag_to(target)
        return True

    def fetch_and_carry(self, turn: TurnController) -> bool:
        """Tab with the hand empty: to the next block the selected tower needs (`jump`), take
        it, turned as its card prints it, and carry it over its spot, ready for Space to let
        go (or the keys to adjust it first). False when there is nothing to fetch."""
        if not self.jump(turn, 0):
            return False
        bid = self._grab(turn)
        self.carrying = bid is not None
        if bid is None:
            return True  # the hand went there; nothing could be taken (it stays)
        self._turn_as_printed(turn, bid)
        self.jump(turn, 0)
        return True

    def jump(self, turn: TurnController, step: int) -> bool:
        """Keyboard and pad building in a few presses (a playtester could not finish a tower
        in 30 s by steering the hand): with the hand empty, to the next block the selected
        tower needs in the tray (`step` 0, Back), or another tower's (`step` 1 the next, -1
        the one before: the turn keys); carrying, over the pad of the tower it was fetched
        for, the block's foot just above its top, ready to let go."""
        held = turn.world.hand.held_block
        if self.carrying and held is not None and held == self.clearing \
                and self.fetch_for is not None \
                and self._next_kind(turn, self.fetch_for) != turn.world.block_shape(held):
            # A fallen block the tower does not need next: back to the tray with it.
            target: Point | None = next(b.tray_pos for b in BLOCKS if b.block_id == held)
            kind = SHAPES[turn.world.block_shape(held)].name.lower()
            self.note = f"Let go: the {kind} goes back to the tray"
            self.note_left = NOTE_SECONDS
        elif self.carrying and held is not None and held == self.clearing:
            # The fallen block the tower needs next: straight back over its own pad.
            self.clearing = None
            target = self._pad_target(turn, step, fresh=True)
        elif self.carrying and held is not None and step == 0 and self._messy(turn):
            # Tab never takes a block over a pile it could only be dropped onto (a knocked
            # tower): back over its tray spot, said why.
            target = next(b.tray_pos for b in BLOCKS if b.block_id == held)
            kind = SHAPES[turn.world.block_shape(held)].name.lower()
            slot = self.fetch_for if self.fetch_for is not None else self.target_slot(turn)
            name = self._tile_name(turn, slot) if slot is not None else "That tower"
            self.note = (f"{name[:1].upper()}{name[1:]} cannot take a block as it stands: "
                         f"let go, the {kind} goes back to the tray")
            self.note_left = NOTE_SECONDS
        elif self.carrying and held is not None:
            target = self._pad_target(turn, step)
        else:
            target = self._tray_target(turn, step)
        if target is None:
            return False
        off = self.pos[0] - self._held_x(turn)  # the hand's hold off the block's centre
        self.pos = target
        turn.drag_to(target)
        if self.carrying and target[1] <= TRAY_ZONE_Y:
            self.last_pad = target[0] - off  # the block follows the hand a moment later
        return True

    def _messy(self, turn: TurnController) -> bool:
        """Whether the tower a carried block was fetched for (else the target) is a knocked
        pile that no block set on top can bring to a score."""
        slot = self.fetch_for if self.fetch_for is not None else self.target_slot(turn)
        j = next((j for j in turn.judgements() if j.slot == slot), None)
        return j is not None and j.reason not in FIXABLE

    def _held_x(self, turn: TurnController) -> float:
        """The centre x of the carried block (else the hand's): the pad it is over. The hand
        holds a long beam or an arch off its centre, and a hand's x had fallen between pads or
        over the next one, so Tab's tower moved on unasked."""
        held = turn.world.hand.held_block
        if held is None:
            return self.pos[0]
        pts = [p for poly in turn.world.block_polygons(held) for p in poly]
        return (min(p[0] for p in pts) + max(p[0] for p in pts)) / 2.0

    def target_slot(self, turn: TurnController) -> int | None:
        """The tile this keyboard builder is building (`build_target`)."""
        js = turn.judgements()
        return build_target(js, turn.match.can_build_on, self.last_pad, finishable(turn, js))

    def watch_target(self, judgements: list[TileJudgement], can_build_on: Callable[[int], bool],
                     key: str, finishable: Callable[[int], bool] | None = None) -> None:
        """A new look at the table: when a die (or a stray block) leaves the target tower
        unable to take a block on top, or closes its tile, Tab's target moves on; say so in the
        note ("The Signpost fell: TAB now fetches for the Temple"). A stranger's Tab fetched
        for another tower with no word why. Nothing is said when the tower was finished or the
        player jumped elsewhere themselves."""
        self.key = key
        self._drop_stale_lift_note(judgements, can_build_on)
        target = build_target(judgements, can_build_on, self.last_pad, finishable)
        was, was_progress, same_pad = self.seen_target, self.seen_progress, \
            self.seen_pad == self.last_pad
        was_fixable = self.seen_fixable
        now = next((j for j in judgements if j.slot == target), None)
        self.seen_target, self.seen_pad = target, self.last_pad
        self.seen_progress = now.progress if now is not None else 0
        self.seen_fixable = now is None or now.reason in FIXABLE
        if (target is not None and target == was and same_pad and was_fixable
                and now is not None and now.reason not in FIXABLE):
            # Knocked: the tower stays the target and Tab lifts its fallen blocks off first.
            name = tile_words(now.tile_id)
            # in the verdict's own terms (a stranger read "was knocked" of a Column standing
            # upright beside a stray block)
            fell = now.progress < was_progress or now.reason in ("toppled", "wrong order")
            what = "was knocked" if fell else {
                "not one stack": "has a stray block on its tile",
                "too many blocks": "has a stray block on its tile",
                "not on the tile": "stands off its tile"}.get(now.reason, "was knocked")
            self.note = (f"{name[:1].upper()}{name[1:]} {what}: {key} picks up "
                         "the loose blocks first" if what != "was knocked" else
                         f"{name[:1].upper()}{name[1:]} was knocked: {key} picks up "
                         "the fallen blocks first")
            self.note_left = NOTE_SECONDS
            return
        if was is None or target is None or target == was or not same_pad:
            return
        old = next((j for j in judgements if j.slot == was), None)
        if old is None or old.complete or now is None:
            return
        closed = not can_build_on(was)
        if not closed and old.reason in FIXABLE:
            return
        name = tile_words(old.tile_id)
        if closed:
            what = f"A die closed {name}'s tile" if not name.endswith("s") \
                else f"A die closed {name}' tile"
        elif old.progress < was_progress:
            what = f"{name[:1].upper()}{name[1:]} fell"
        else:
            what = f"{name[:1].upper()}{name[1:]} cannot take a block on top as it stands"
        self.note = f"{what}: {key} now fetches for {tile_words(now.tile_id)}"
        self.note_left = NOTE_SECONDS
        if not self.carrying and self.fetch_for == was:
            self.fetch_for = None  # the next Space or Tab serves the new target

    def _drop_stale_lift_note(self, judgements: list[TileJudgement],
                              can_build_on: Callable[[int], bool]) -> None:
        """A "Tab picks up a fallen pillar for the Column" note goes as soon as its tower no
        longer needs that block: finished, closed, the block back in it, or (a block fetched
        for it) its next block another kind. A stranger's stayed up with the Column rebuilt."""
        if self.lifting is None or self.note_left <= 0.0 or self.note != self.lifting[4]:
            self.lifting = None  # gone, or another note said since
            return
        slot, bid, kind, on_pad, _ = self.lifting
        j = next((j for j in judgements if j.slot == slot), None)
        pieces = TILES[j.tile_id].pieces if j is not None else ()
        stale = j is None or j.complete or not can_build_on(slot) or bid in j.stack or (
            not on_pad and (j.progress >= len(pieces) or pieces[j.progress][0] != kind))
        if stale:
            self.note_left, self.lifting = 0.0, None

    def _turn_as_printed(self, turn: TurnController, bid: int) -> None:
        """A block taken for the target tile comes up turned as its card prints it (upright or
        lying): a stranger building by Tab and Space set pillars lying down and could not see
        why the tower never scored."""
        slot = self.fetch_for if self.fetch_for is not None else self.target_slot(turn)
        if slot is not None:
            turn_as_printed(turn, bid, [slot])

    def needed_order(self, turn: TurnController) -> list[str]:
        """The kinds the target tile still needs, its next block's first and then up its card
        (a stranger pressed Tab about 11 times to reach an arch through kinds nobody wanted)."""
        slot = self.target_slot(turn)
        if slot is None:
            return []
        out: list[str] = []
        for key, _ in needed_pieces(turn.judgements(), slot):
            if key not in out:
                out.append(key)
        return out

    def _next_kind(self, turn: TurnController, slot: int) -> str | None:
        """The kind of the next block the tower on `slot` needs, if it needs one."""
        j = next((j for j in turn.judgements() if j.slot == slot), None)
        if j is None or j.progress >= len(TILES[j.tile_id].pieces):
            return None
        return TILES[j.tile_id].pieces[j.progress][0]

    def offers(self, turn: TurnController, mega: bool = False
               ) -> tuple[list[tuple[int, str, Point]], list[tuple[int, str]]]:
        """What Tab may fetch: (slot, kind, tray spot) of the next block of each open tower the
        tray still holds, the target tower's first, then the others left to right (an untouched
        Mega last, and only when it is the target or `mega`: the turn keys, a choice, reach it;
        a stranger found no key to start it); and (slot, kind) of those whose next block
        is gone. Never any other kind: a stranger's Tab+Space put a long beam on Three cubes
        and an arch on a Mega Tower nobody meant to build, once the set's cubes ran out."""
        target = self.target_slot(turn)
        if target is None:
            return [], []
        js = [j for j in turn.judgements() if turn.match.can_build_on(j.slot)
              and not j.complete and (j.reason not in FIXABLE
                                      or j.progress < len(TILES[j.tile_id].pieces))]
        js.sort(key=lambda j: (j.slot != target,
                               TILES[j.tile_id].mega and j.progress == 0,
                               SLOT_RANGES[j.slot][0]))
        found: list[tuple[int, str, Point]] = []
        gone: list[tuple[int, str]] = []
        every = turn.judgements()
        for j in js:
            if TILES[j.tile_id].mega and j.progress == 0 and j.slot != target and not mega:
                continue  # never start the Mega unasked
            if j.reason not in FIXABLE:
                # A knocked tower: its fallen block to lift (the turn keys reach it too; a
                # stranger's Q and E could not get back to his knocked Steps).
                wreck = self.wreck_block(turn, j.slot)
                if wreck is not None:
                    found.append((j.slot, turn.world.block_shape(wreck),
                                  self._grab_point(turn, wreck)))
                continue
            lacking = missing_kind(turn, every, j.slot)
            if lacking is not None:
                gone.append((j.slot, lacking))  # it can no longer be finished: never fed
                continue
            kind = TILES[j.tile_id].pieces[j.progress][0]
            left = [b for b in BLOCKS if b.shape == kind
                    and turn.world.block_where(b.block_id) == Where.TRAY]
            loose = self.loose_block(turn, every, kind)
            if left:
                found.append((j.slot, kind, left[-1].tray_pos))
            elif loose is not None:
                # None in the tray: one knocked onto the table, wherever it lies (a stranger's
                # Column lost its pillar off its pad, and Tab said "No pillar left").
                found.append((j.slot, kind, self._grab_point(turn, loose)))
            else:
                gone.append((j.slot, kind))
        return found, gone

    def loose_block(self, turn: TurnController, judgements: Iterable[TileJudgement],
                    kind: str) -> int | None:
        """A block of `kind` lying on the table in no tower's stack, free to take (the lowest
        first: the one at rest, not one still tumbling off a tower)."""
        used = {bid for j in judgements for bid in j.stack}
        world = turn.world
        lying = [b.block_id for b in BLOCKS if b.shape == kind
                 and world.block_where(b.block_id) == Where.TABLE
                 and b.block_id not in used and b.block_id not in world.hand.locked]
        return max(lying, key=lambda bid: world.block_pose(bid)[1]) if lying else None

    def _tray_target(self, turn: TurnController, step: int) -> Point | None:
        """The next block a tower needs (`offers`); again in the tray, the next tower's. When
        the target tower's next kind is gone, say so and serve another tower, or do nothing."""
        target = self.target_slot(turn)
        wreck = self.wreck_block(turn, target)
        if step == 0 and target is not None and wreck is not None:
            self._say_lifting(turn, wreck, target)
            self.fetch_for, self.clearing = target, wreck
            return self._grab_point(turn, wreck)
        at_wreck, self.clearing = self.clearing is not None, None
        found, gone = self.offers(turn, mega=step != 0)
        if step != 0:
            return self._ring_step(turn, step, target, found, gone)
        if gone and gone[0][0] == target:
            js = turn.judgements()
            tid = next(j.tile_id for j in js if j.slot == target)
            short = shortfall(turn, js, target)
            # as the table says it to any hand
            self.note = starved_words(tid, *(short or (gone[0][1],)))
            self.note_left = NOTE_SECONDS
        elif target is not None and found and all(f[0] != target for f in found):
            # A knocked tower with nothing of it left to lift: said, and Tab moves on (a
            # stranger's Tab and Space did nothing for 10 s with the ring on such a tower).
            self.note = f"Nothing to take for {self._tile_name(turn, target)}: {self.key} " \
                f"fetches for {self._tile_name(turn, found[0][0])}"
            self.note_left = NOTE_SECONDS
        if not found:
            self.fetch_for = None
            if target is not None and not (gone and gone[0][0] == target):
                self.note = "No block left for an open tower"
                self.note_left = NOTE_SECONDS
            return None
        if found[0][0] != target:
            self.last_pad = sum(SLOT_RANGES[found[0][0]]) / 2.0  # the ring moves on with it
        if not gone or gone[0][0] != target:
            self.note_left = 0.0  # the target is served: an old note would mislead
        i = 0
        on = self.fetch_for if (self.pos[1] > TRAY_ZONE_Y or at_wreck) else None
        if step != 0 and on is None:
            on = target  # the first turn key after a tower is done goes on from the target
        if on is not None:
            here = next((k for k, f in enumerate(found) if f[0] == on), -1)
            i = max(here, 0) if step == 0 else (here + step) % len(found)
        self.fetch_for = found[i][0]
        wreck = self.wreck_block(turn, self.fetch_for)
        if wreck is None:  # a block of its kind fetched off the table (`offers`)
            wreck = self.loose_block(turn, turn.judgements(), found[i][1])
        if wreck is not None and self._grab_point(turn, wreck) == found[i][2]:
            self.clearing = wreck  # a knocked tower's fallen block: `jump` takes it on
            self._say_lifting(turn, wreck, self.fetch_for)
        return found[i][2]

    def _tile_name(self, turn: TurnController, slot: int) -> str:
        """'the Steps', the tower on `slot` as the notes name it."""
        return tile_words(next(j.tile_id for j in turn.judgements() if j.slot == slot))

    def _ring_step(self, turn: TurnController, step: int, target: int | None,
                   found: list[tuple[int, str, Point]], gone: list[tuple[int, str]]
                   ) -> Point | None:
        """Q or E with the hand empty: the ring to the next (1) or previous (-1) open tile,
        the Mega's too, always; the hand to that tower's block when one can be taken, else a
        short note why. A stranger's ring stayed on a knocked tower and Q and E no longer
        moved it (they stepped only between towers with a block to take)."""
        ring = sorted((j.slot for j in turn.judgements()
                       if turn.match.can_build_on(j.slot) and not j.complete),
                      key=lambda s: SLOT_RANGES[s][0])
        if not ring:
            self.fetch_for = None
            return None
        # From the ringed tower (`TowerView.key_target`): the one Tab last fetched for while
        # it is open, else the target; a finished tower's ring moves on by itself, and a
        # stranger's E then went on from the finished Needle's stale fetch, past the Post the
        # ring showed, to the Mega.
        on = self.fetch_for if self.fetch_for in ring else target
        if on in ring:
            nxt = ring[(ring.index(on) + step) % len(ring)]
        else:
            x = SLOT_RANGES[on][0] if on is not None else -1.0
            way = [s for s in ring if (SLOT_RANGES[s][0] - x) * step > 0]
            nxt = (way[0] if step > 0 else way[-1]) if way else \
                (ring[0] if step > 0 else ring[-1])
        self.fetch_for = nxt
        self.last_pad = sum(SLOT_RANGES[nxt]) / 2.0  # the ring stays where the keys put it
        entry = next((f for f in found if f[0] == nxt), None)
        if entry is None:
            js = turn.judgements()
            lacking = next((k for s, k in gone if s == nxt), None)
            if lacking is not None:
                tid = next(j.tile_id for j in js if j.slot == nxt)
                self.note = starved_words(tid, *(shortfall(turn, js, nxt) or (lacking,)))
            else:
                self.note = f"Nothing to take for {self._tile_name(turn, nxt)} now"
            self.note_left = NOTE_SECONDS
            return None
        self.note_left = 0.0
        wreck = self.wreck_block(turn, nxt)
        if wreck is None:
            wreck = self.loose_block(turn, turn.judgements(), entry[1])
        if wreck is not None and self._grab_point(turn, wreck) == entry[2]:
            self.clearing = wreck
            self._say_lifting(turn, wreck, nxt)
        return entry[2]

    def _say_lifting(self, turn: TurnController, wreck: int, slot: int) -> None:
        """The note for a fallen block Tab lifts for the tower on `slot`: "from" it when it
        lies on that tower's pad, "for" it when it lies elsewhere on the table."""
        kind = SHAPES[turn.world.block_shape(wreck)].name.lower()
        tid = next(j.tile_id for j in turn.judgements() if j.slot == slot)
        on_pad = any(b.block_id == wreck for b in turn.world.reading.judge().tile(slot).blocks)
        self.note = (f"{self.key} picks up the fallen {kind} from {tile_words(tid)}" if on_pad
                     else f"{self.key} picks up a fallen {kind} for {tile_words(tid)}")
        self.note_left = NOTE_SECONDS
        self.lifting = (slot, wreck, turn.world.block_shape(wreck), on_pad, self.note)

    def wreck_block(self, turn: TurnController, slot: int | None) -> int | None:
        """A fallen block on the pad of the tower `slot` for Tab to lift: with the tower
        unable to take a block on top, the highest block on its pad that is not part of it
        (the one knocked onto it first); with the tower fine, a block of the kind it needs
        next lying on its pad (the fallen pillar, not a fresh one from the tray)."""
        if slot is None:
            return None
        j = next((j for j in turn.judgements() if j.slot == slot), None)
        if j is None or j.complete:
            return None
        world = turn.world
        loose = [b for b in world.reading.judge().tile(slot).blocks
                 if b.block_id not in j.stack and not b.held
                 and world.block_where(b.block_id) == Where.TABLE
                 and b.block_id not in world.hand.locked]
        if j.reason not in FIXABLE:
            return min(loose, key=lambda b: b.position[1]).block_id if loose else None
        kind = self._next_kind(turn, slot)
        fits = [b for b in loose if b.shape == kind]
        return min(fits, key=lambda b: b.position[1]).block_id if fits else None

    def _grab_point(self, turn: TurnController, bid: int) -> Point:
        """Where the hand takes hold of a block on the table (an arch by its top bar)."""
        x, y, a = turn.world.block_pose(bid)
        ox, oy = GRAB_OFFSET.get(turn.world.block_shape(bid), (0.0, 0.0))
        return (x + ox * math.cos(a) - oy * math.sin(a), y + ox * math.sin(a) + oy * math.cos(a))

    def _pad_target(self, turn: TurnController, step: int, fresh: bool = False
                    ) -> Point | None:
        held = turn.world.hand.held_block
        assert held is not None
        view = turn.world.reading.judge()
        pads = [t for t in view.tiles if t.tile_id is not None
                and t.slot not in turn.match.closed]
        if not pads:
            return None
        centres = [(t.x_range[0] + t.x_range[1]) / 2.0 for t in pads]
        pts = [p for poly in turn.world.block_polygons(held) for p in poly]
        bx = (min(p[0] for p in pts) + max(p[0] for p in pts)) / 2.0
        foot = max(p[1] for p in pts)
        if fresh or step == 0 or self.pos[1] > TRAY_ZONE_Y:
            # Just taken from the tray: first to the pad of the last jump (the tower being
            # built), else the turn's first tile from the left that is not the Mega (the
            # pad nearest a hand in the middle of the tray was the Mega's: a playtester's
            # first block went there).
            # The target tile is the one whose next block the tray jump offered.
            slot = self.fetch_for if self.fetch_for is not None else self.target_slot(turn)
            if slot is not None or self.last_pad is not None:
                at = (sum(SLOT_RANGES[slot]) / 2.0 if slot is not None
                      else float(self.last_pad or 0.0))
                i = min(range(len(pads)), key=lambda k: abs(centres[k] - at))
            else:
                small = [k for k, t in enumerate(pads) if not TILES[t.tile_id or 0].mega]
                i = min(small, key=lambda k: centres[k]) if small else 0
        else:
            # On from the pad the block is over (its centre, not the hand's: a block held
            # left of the hand sat left of its pad's centre, and Tab went back to that pad).
            here = min(range(len(pads)), key=lambda k: abs(centres[k] - bx))
            if abs(centres[here] - bx) > 1.0:  # between pads: the nearest one that way
                side = [k for k in range(len(pads)) if (centres[k] - bx) * step > 0]
                here = (min(side, key=lambda k: abs(centres[k] - bx)) - step) if side \
                    else (len(pads) - 1 if step > 0 else 0)
            i = (here + step) % len(pads)
        top = min((b.position[1] - _half_height(turn, b.block_id) for b in pads[i].blocks
                   if b.block_id != held), default=TABLE_Y)
        # A die on the pile (or beside it, under the block's span) counts as its top: the
        # block hovers clear of it, never let go into it.
        span = (max(p[0] for p in pts) - min(p[0] for p in pts)) / 2.0 + DIE_SIZE
        for die in turn.world.die_ids():
            dx, dy, _ = turn.world.die_pose(die)
            if abs(dx - centres[i]) <= span and dy >= top - 3.0 * DIE_SIZE:
                top = min(top, dy - DIE_SIZE * 0.75)
        hx, hy = self.pos
        return (centres[i] + (hx - bx), top - JUMP_CLEARANCE - (foot - hy))

    def _grab_choice(self, turn: TurnController) -> tuple[int, Point] | None:
        """The block a grab press would take, and where the hand takes it (`_grab`)."""
        world = turn.world
        if not turn.building or world.hand.held_block is not None:
            return None
        free = (Where.TRAY, Where.TABLE)
        if self.clearing is not None and world.block_where(self.clearing) == Where.TABLE \
                and self.clearing not in world.hand.locked \
                and math.dist(self._grab_point(turn, self.clearing), self.pos) <= 1.0:
            return self.clearing, self.pos
        under = world.hand.block_at(self.pos)
        if under is not None and under not in world.hand.locked \
                and world.block_where(under) in free:
            return under, self.pos
        best: tuple[float, int, Point] | None = None
        for spec in BLOCKS:
            bid = spec.block_id
            if world.block_where(bid) not in free or bid in world.hand.locked:
                continue
            x, y, _ = world.block_pose(bid)
            d = math.dist((x, y), self.pos)
            if d <= GRAB_REACH and (best is None or d < best[0]):
                best = (d, bid, (x, y))
        return None if best is None else (best[1], best[2])

    def _grab(self, turn: TurnController) -> int | None:
        choice = self._grab_choice(turn)
        if choice is None:
            return None
        bid, at = choice
        if at == self.pos:
            got = turn.grab(self.pos, bid if bid == self.clearing else None)
            if got is not None:
                return got
        self.pos = at
        return turn.grab(at, bid)

    def frame(self, turn: TurnController) -> None:
        if self.carrying and turn.world.hand.held_block is None:
            self.carrying = False

    def drop(self, turn: TurnController) -> None:
        self.carrying = False
        super().drop(turn)


# ---------------------------------------------------------------------------------------------
# Saboteurs
# ---------------------------------------------------------------------------------------------


@dataclass
class SaboteurControl:
    """Base: one saboteur seat's catapult."""

    seat: int
    kind: str = "none"
    device: str = ""
    last_rejected: str = ""
    feedback: float = 0.0
    """Seconds left to show `last_rejected` near the catapult."""
    refusals: int = 0
    """Presses refused so far (the scene answers each new one with a sound)."""
    queued: bool = False
    """A human's fire press made while the catapult reloads: the die flies the moment it is
    loaded (a stranger's presses during the reload did nothing, and two of eight dice went
    unused). The fire is recorded when it happens, so replays stay the same."""

    @property
    def human(self) -> bool:
        """Humans get the aim arrow, the trajectory assist and key hints."""
        return self.kind != "ai"

    def frame(self, turn: TurnController) -> None:
        """Once per world frame, before the physics step: a press kept through the reload
        fires as soon as the die is loaded (dropped if the dice or the sand ran out)."""
        if not self.queued:
            return
        why = turn.can_fire(self.seat)
        if why is None:
            self.queued = False
            self.fire(turn)
        elif "reload" not in why.reason:
            self.queued = False

    def update(self, turn: TurnController, dt: float, axis: Point) -> None:
        """Once per logic step with the device's analogue direction."""
        self.feedback = max(0.0, self.feedback - dt)

    def fire(self, turn: TurnController) -> bool:
        """Launch a die at the current aim; remember why not for a moment if refused. A
        human's press while the catapult reloads is kept, and fires when it is loaded."""
        why = turn.can_fire(self.seat)
        if self.human and why is not None and "reload" in why.reason:
            self.queued = True
            self.feedback = 0.0
            return True
        self.queued = False
        got = turn.fire(self.seat)
        if isinstance(got, Rejected):
            self.last_rejected = got.reason
            self.feedback = 1.2
            self.refusals += 1
            return False
        return True

    def cancel(self) -> None:
        """Forget a half-made gesture (pause, the seat changes hands), and a kept press."""
        self.queued = False


@dataclass
class AISaboteurControl(SaboteurControl):
    """An AI saboteur from `ai.py`."""

    ai: SaboteurAI | None = None

    def frame(self, turn: TurnController) -> None:
        if self.ai is not None:
            self.ai.update(turn)


@dataclass
class PadSaboteurControl(SaboteurControl):
    """Keys or stick: up/down raise and lower the arm, toward the tiles adds power, fire fires."""

    elevation: float = math.radians(40.0)
    power: float = 0.6
    held: tuple[float, float] = (0.0, 0.0)
    """Seconds the power and the angle direction have been held (`hold_travel`)."""

    def update(self, turn: TurnController, dt: float, axis: Point) -> None:
        super().update(turn, dt, axis)
        ax, ay = axis
        was_x, was_y = self.held
        self.held = (was_x + dt if ax else 0.0, was_y + dt if ay else 0.0)
        if ax == 0.0 and ay == 0.0:
            return
        cat = turn.world.catapults.get(self.seat)
        if cat is None:
            return
        kx = held_power(self.held[0]) - held_power(was_x if ax else 0.0)
        ky = hold_travel(self.held[1]) - hold_travel(was_y if ay else 0.0)
        self.elevation = min(max(self.elevation - ay * AIM_RATE * ky, MIN_LAUNCH_ANGLE),
                             MAX_LAUNCH_ANGLE)
        # Right (D, the stick right) is always more power, left less, on either side of the
        # table: "toward the tiles" read backwards on the right-hand catapults (a playtester).
        self.power = min(max(self.power + ax * POWER_RATE * kx, MIN_KEYS_POWER), 1.0)
        turn.aim(self.seat, self.elevation, self.power)

    def fire(self, turn: TurnController) -> bool:
        """Fire at the aim, never below `MIN_KEYS_POWER` (a start aim or an old save's may be)."""
        if self.power < MIN_KEYS_POWER:
            self.power = MIN_KEYS_POWER
            if turn.world.catapults.get(self.seat) is not None:
                turn.aim(self.seat, self.elevation, self.power)
        return super().fire(turn)

    def nudge(self, turn: TurnController, action: str) -> bool:
        """A press of a direction: a small fixed step of power (left/right) or elevation
        (up/down) at once; holding goes on smoothly. False for any other action."""
        if action in ("left", "right"):
            self.power = tap_power(self.power, 1 if action == "right" else -1)
        elif action in ("up", "down"):
            step = TAP_ANGLE if action == "up" else -TAP_ANGLE
            self.elevation = min(max(self.elevation + step, MIN_LAUNCH_ANGLE), MAX_LAUNCH_ANGLE)
        else:
            return False
        if turn.world.catapults.get(self.seat) is not None:
            turn.aim(self.seat, self.elevation, self.power)
        return True


@dataclass
class MouseSaboteurControl(SaboteurControl):
    """Press anywhere, pull back like a sling, and let go to fire: the pull is measured from
    where the press began, so its direction and length aim however near the window's edge the
    catapult stands (a stranger on the left edge's catapult could not pull back at all: the
    edge stopped the pointer, and only full-power lobs were left).

    The power is the pull's length against the ring drawn round the catapult's cup (`reach`,
    fixed by the cup and the pull's direction): the same drag is the same shot wherever the
    press began (a stranger's equal pulls gave different powers when the ring was measured
    from the press)."""

    pulling: bool = False
    pull_to: Point = (0.0, 0.0)
    anchor: Point = (0.0, 0.0)
    """Where the press began: the pull is the pointer's way from here."""
    cup: Point = field(default=(0.0, 0.0))
    bounds: Rect | None = None
    """The world rect on screen (set by the scene): a pull to its edge is full power."""
    reach: float = FULL_PULL
    """The pull length, in world units, of the strongest shot in the pull's direction (the
    ring drawn round the cup while pulling)."""
    strength: float = 0.0
    """How far the pull is drawn, 0 to 1 of `reach` (the power bar's reading: 1 is MAX)."""
    aimed: bool = False
    """A pull has aimed the catapult (before that the bar reads the catapult's resting aim)."""

    @property
    def band_end(self) -> Point:
        """Where the drawn band ends: the pull laid from the cup, held back to the ring of the
        strongest pull."""
        dx, dy = self.pull
        d = math.hypot(dx, dy)
        k = 1.0 if d <= self.reach or d <= 0.0 else self.reach / d
        return (self.cup[0] + dx * k, self.cup[1] + dy * k)

    @property
    def pull(self) -> Point:
        """The pull so far: the pointer's way from where the press began."""
        return (self.pull_to[0] - self.anchor[0], self.pull_to[1] - self.anchor[1])

    def press(self, turn: TurnController, pos: Point) -> bool:
        """Start a pull (anywhere: the mouse belongs to this saboteur)."""
        if self.seat not in turn.world.catapults:
            return False
        self.queued = False  # a new pull aims anew: the kept shot would fly mid-pull
        self.cup = turn.world.catapults[self.seat].slot.launch_point
        self.pulling = True
        self.pull_to = self.anchor = pos
        self.strength = 0.0
        return True

    def motion(self, turn: TurnController, pos: Point) -> None:
        """The pull follows the pointer; the catapult aims opposite it."""
        if not self.pulling or self.seat not in turn.world.catapults:
            return
        self.pull_to = pos
        pull = self.pull
        length = math.hypot(*pull)
        if length >= MIN_PULL:
            # The ring of the strongest pull is round the cup (where it is drawn), never round
            # where the press began: the same drag gives the same power anywhere.
            self.reach = full_pull(self.cup, pull, self.bounds)
            elevation, strength = turn.world.catapults.pull_to_aim(self.seat, pull, self.reach)
            slot = turn.world.catapults[self.seat].slot
            cap = power_cap(self.cup, slot.facing, elevation, self.bounds)
            self.strength, self.aimed = strength, True
            turn.aim(self.seat, elevation, strength * cap)
        else:
            self.strength = 0.0

    def lift(self, turn: TurnController, pos: Point) -> bool:
        """Let go: fire if the pull was long enough."""
        if not self.pulling:
            return False
        self.motion(turn, pos)
        self.pulling = False
        if math.hypot(*self.pull) < MIN_PULL:
            return False
        return self.fire(turn)

    def cancel(self) -> None:
        super().cancel()
        self.pulling = False


JUMP_KINDS = ("beam", "plank", "pillar", "cube", "arch", "roof")
"""The tray's kinds in the order the jump keys step through them (back row, then front)."""
JUMP_CLEARANCE = 3.0
"""World units a jump to a pad leaves between the carried block's foot and the tower's top."""


def _half_height(turn: TurnController, block_id: int) -> float:
    """Half the height of a block as it stands now (its turned bounding box)."""
    pts = [p for poly in turn.world.block_polygons(block_id) for p in poly]
    return (max(p[1] for p in pts) - min(p[1] for p in pts)) / 2.0


def over_tray(point: Point) -> bool:
    """Whether letting go here puts the block back in the tray."""
    return point[1] > TRAY_ZONE_Y
