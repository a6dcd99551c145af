"""Tower Kaboom physics: the table, the 16 blocks, dice and catapults in pymunk (no pygame).

`TowerWorld` is one turn's table. It is built from the match (`TowerWorld.from_match`), steps at
a fixed dt with substeps, lets one hand carry a block (out of the physics while held: it slides
over placed blocks and never pushes them, and is set down gently where it was let go), fires dice
from catapults, and describes what stands on each tile as plain data for the rules to judge.
Same seed and inputs, same result. What it reads out is plain data (worlddata.py) and events
(events.py); the turn's flow on top of it (the sand timer, the rules' checks on every action,
the closing rule, settling and scoring) is `TurnController`'s (turn.py).

Coordinates are the logical 1280x720 view, x right, y down (see `data`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pymunk

from game.games.tower.bodies import (
    CAT_BLOCK,
    CAT_HELD,
    CT_BLOCK,
    CT_DIE,
    CT_TABLE,
    FILTER_BLOCK,
    FILTER_HELD,
    FILTER_TABLE,
    REST_NORMAL,
    SUBSTEPS,
    Block,
    Die,
    Owners,
    make_block,
    rotate,
    shape_polygons,
)
from game.games.tower.catapults import Catapults
from game.games.tower.data import (
    BLOCKS,
    CATAPULT_SLOTS,
    GRAVITY,
    KILL_X,
    KILL_Y,
    ORIENTATION_ANGLE,
    ROW_SLOTS,
    SHAPES,
    SLOT_RANGES,
    TABLE_FRICTION,
    TABLE_LEFT,
    TABLE_RIGHT,
    TABLE_Y,
    TRAY_ZONE_Y,
    VIEW_H,
    VIEW_W,
    WOOD_ELASTICITY,
    Piece,
)
from game.games.tower.events import (
    BlockPlaced,
    BlockReturned,
    DieHit,
    DieLost,
    DieRested,
    Impact,
    WorldEvent,
)
from game.games.tower.rules import (
    DIE,
    TABLE,
    BlockView,
    MatchState,
    TableView,
    TileView,
)
from game.games.tower.worlddata import (
    BodyState,
    Point,
    Pose,
    Stats,
    Where,
    WorldSetup,
    WorldSnapshot,
)
from game.physics.contact import read_contact
from game.physics.guard import finite, finite_point
from game.physics.stepper import FRAME_DT, FixedStepper

ITERATIONS = 12
MAX_SPEED = 1800.0
"""Units/s cap on every body (checked each frame): with SUBSTEPS no die can tunnel a block."""
REACH_X = (SLOT_RANGES[0][0] - 24.0, SLOT_RANGES[-1][1] + 24.0)
"""The builder's reach across the table: the row of pads with a margin, what the build view
shows (camera.turn_view). A block knocked beyond it that comes to rest goes back to the tray
after `REACH_FRAMES`: in the box a player would reach over and take it back; here the hand
stays in the view, which never moves while they build (issue 16)."""
REACH_FRAMES = 30
REACH_REST_SPEED = 6.0
"""Units per second under which a block out of reach counts as lying still."""
HELD_TURN_RATE = 12.0
"""Radians a second a held block turns toward the hand's angle (a quarter turn in 0.13 s)."""
HELD_CLIMB = 80.0
"""How far (units) a held block turned, or let go, inside others may rise to find room."""
LIFT_CLIMB = 400.0
"""How far (units) a block lifted from the tray into a tower or the table rises to find room."""
SWEEP_STEP = 3.0
"""A held block's move is checked every this many units, so it never jumps through a block."""
SET_DOWN_DROP = 14.0
"""Let go at most this far above a support, a block is set down on it rather than dropped
(a newcomer lets go a little high; issue 16)."""
SNAP_X = 9.0
"""Let go within this many units of the centre of the block it lands on, a block is centred
(9, not 6: a newcomer's cube let go 8 units off a pillar's centre used to land beside it)."""
Settle = Callable[[str, tuple[float, float, float]], tuple[float, float, float] | None]
"""Asked on release with a held block's shape and pose: the exact pose it settles into, if any."""
Refuse = Callable[[str, tuple[float, float, float]], bool]
"""Asked, with a let-go block's shape and pose, whether the spot it is let go at wants another
block (the turn's wrong-spot guard): True sends it back to the tray instead."""
SNAP_ANGLE = math.radians(8.0)
"""Let go within this of square with its support, a block is squared up."""
TOUCH_GAP = 0.25
"""Units left between a set-down block and its support (the solver closes it)."""
SETTLE_SPEED = 4.0
SETTLE_SPIN = 0.15
SETTLE_FRAMES = 20
SETTLE_SECONDS = 4.0
"""End of turn: stop when everything is still for SETTLE_FRAMES, or after this long."""
DIE_REST_SPEED = 6.0
DIE_REST_SECONDS = 0.4
IMPACT_MIN = 2000.0
"""Smallest impact (reduced mass x closing speed) reported as an event."""


@dataclass
class _Lift:
    anchor: Point
    hand: Point
    angle: float


class TowerWorld:
    """One turn's table in pymunk: blocks, dice, catapults, a drag hand; judged as plain data."""

    def __init__(self, setup: WorldSetup) -> None:
        if len(setup.row) != ROW_SLOTS:
            raise ValueError("a row has five slots")
        if len(setup.saboteurs) > len(CATAPULT_SLOTS):
            raise ValueError("too many saboteurs")
        self.setup = setup
        self.rng = random.Random(setup.seed)
        self.space = pymunk.Space()
        self.space.gravity = (0.0, GRAVITY)
        self.space.iterations = ITERATIONS
        self.stepper = FixedStepper(
            self.space,
            FRAME_DT,
            SUBSTEPS,
            before_frame=self._before_frame,
            after_frame=self._after_frame,
        )
        self.events: list[WorldEvent] = []
        self._version = 0
        self._frames_since_hand = 0
        """Physics frames since the last hand action or placement (`judge_recent`)."""
        self._judged: tuple[int, TableView] | None = None
        self.stats = Stats()
        self.locked: set[int] = set()
        self.built: set[int] = set()
        """Slots a block was let go over by the hand (or `place`d) this turn: blocks on any other
        tile are debris, not a tower anyone built. Not in snapshots (a turn is never resumed)."""
        self.owner: Owners = {}
        """What each shape on the table belongs to (the table, a block, a die)."""
        self._table = pymunk.Poly(
            self.space.static_body,
            [
                (TABLE_LEFT, TABLE_Y),
                (TABLE_RIGHT, TABLE_Y),
                (TABLE_RIGHT, TABLE_Y + 40.0),
                (TABLE_LEFT, TABLE_Y + 40.0),
            ],
        )
        self._table.friction = TABLE_FRICTION
        self._table.elasticity = WOOD_ELASTICITY
        self._table.collision_type = CT_TABLE
        self._table.filter = FILTER_TABLE
        self.space.add(self._table)
        self.owner[self._table] = ("table", 0)
        self.blocks: list[Block] = [make_block(spec, self.owner) for spec in BLOCKS]
        self.dice: dict[int, Die] = {}
        self.catapults = Catapults(self, setup.saboteurs)
        """The saboteurs' catapults by seat; they fire the dice."""
        self._held: int | None = None
        self._hold: _Lift | None = None
        self._lift: _Lift | None = None
        self._followed: Point | None = None
        """Where the hand was when the held block last followed it."""
        self._lift_id = -1
        self._install_handlers()

    @classmethod
    def from_match(cls, match: MatchState) -> TowerWorld:
        """The table for the match's current turn (blocks in the tray, no dice)."""
        return cls(WorldSetup.from_match(match))

    # -- construction ------------------------------------------------------------------------

    def _install_handlers(self) -> None:
        self.space.on_collision(CT_DIE, CT_BLOCK, begin=self._on_die_block)
        self.space.on_collision(CT_DIE, CT_TABLE, begin=self._on_die_table)
        for a, b in ((CT_BLOCK, CT_BLOCK), (CT_BLOCK, CT_TABLE), (CT_DIE, CT_DIE)):
            self.space.on_collision(a, b, begin=self._on_impact)

    def _impact_of(self, arb: pymunk.Arbiter) -> tuple[float, Point] | None:
        c = read_contact(arb)
        return None if c is None else (c.impulse, (c.x, c.y))

    def _on_impact(self, arb: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        got = self._impact_of(arb)
        if got is None or got[0] < IMPACT_MIN:
            return
        ka = self.owner.get(arb.shapes[0], ("?", 0))[0]
        kb = self.owner.get(arb.shapes[1], ("?", 0))[0]
        self.events.append(Impact((ka, kb), got[1][0], got[1][1], got[0]))

    def _on_die_block(self, arb: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        die_id = self.owner[arb.shapes[0]][1]
        block_id = self.owner[arb.shapes[1]][1]
        die = self.dice.get(die_id)
        if die is not None and not die.hit:
            die.hit = True
            if not die.landed:
                self.stats.dice_hit += 1
            self.events.append(DieHit(die_id, block_id, not die.landed,
                                      float(die.body.velocity.length)))
        self._on_impact(arb, space, data)

    def _on_die_table(self, arb: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        die = self.dice.get(self.owner[arb.shapes[0]][1])
        if die is not None:
            die.landed = True
        self._on_impact(arb, space, data)

    # -- time --------------------------------------------------------------------------------

    @property
    def frame(self) -> int:
        """Frames simulated so far."""
        return self.stepper.frames

    @property
    def time(self) -> float:
        """Seconds simulated so far."""
        return self.stepper.time

    def step(self) -> None:
        """Advance exactly one fixed frame (1/60 s, `SUBSTEPS` physics steps)."""
        self.stepper.step()

    def advance(self, elapsed: float) -> int:
        """For a scene: run the whole frames real `elapsed` time covers; see `stepper.alpha`."""
        return self.stepper.advance(elapsed)

    def _before_frame(self) -> None:
        for blk in self.blocks:
            p = blk.body.position
            blk.prev = (p.x, p.y, blk.body.angle)
        for die in self.dice.values():
            p = die.body.position
            die.prev = (p.x, p.y, die.body.angle)
        if self._lift is not None:
            self._try_enter()
        if self._hold is not None:
            self._follow_hand()

    def _after_frame(self) -> None:
        self._version += 1
        self._frames_since_hand += 1
        self.catapults.after_frame()
        lo_x, hi_x = KILL_X
        cap2 = MAX_SPEED * MAX_SPEED
        for blk in self.blocks:
            if blk.where != Where.TABLE:
                continue
            body = blk.body
            p = body.position
            if p.y > KILL_Y or p.x < lo_x or p.x > hi_x:
                self._to_tray(blk, "fell")
                continue
            v = body.velocity
            sp2 = v.x * v.x + v.y * v.y
            if sp2 > cap2:
                body.velocity = v * (MAX_SPEED / math.sqrt(sp2))
            if blk.where == Where.TABLE and not REACH_X[0] <= p.x <= REACH_X[1] \
                    and sp2 < REACH_REST_SPEED * REACH_REST_SPEED:
                blk.still += 1
                if blk.still >= REACH_FRAMES:
                    self._to_tray(blk, "reach")
            else:
                blk.still = 0
        for die in list(self.dice.values()):
            body = die.body
            p = body.position
            if p.y > KILL_Y or p.x < lo_x or p.x > hi_x:
                self.space.remove(body, die.shape)
                del self.owner[die.shape]
                del self.dice[die.die_id]
                self.events.append(DieLost(die.die_id))
                continue
            v = body.velocity
            sp2 = v.x * v.x + v.y * v.y
            if sp2 > cap2:
                body.velocity = v * (MAX_SPEED / math.sqrt(sp2))
            if sp2 < DIE_REST_SPEED * DIE_REST_SPEED and abs(body.angular_velocity) < 0.5:
                before = die.rest_time
                die.rest_time += FRAME_DT
                if before < DIE_REST_SECONDS <= die.rest_time:
                    self._check_die_rest(die)
            else:
                die.rest_time = 0.0

    def _check_die_rest(self, die: Die) -> None:
        xs: list[float] = []

        def collect(arb: pymunk.Arbiter) -> None:
            if self._table in arb.shapes:
                xs.extend(float(c.point_a.x) for c in arb.contact_point_set.points)

        die.body.each_arbiter(collect)
        if not xs:
            return
        x = sum(xs) / len(xs)
        for slot, (x0, x1) in enumerate(SLOT_RANGES):
            if x0 <= x <= x1 and self.setup.row[slot] is not None and die.rested_slot != slot:
                die.rested_slot = slot
                self.events.append(DieRested(die.die_id, slot))

    # -- the builder's hand --------------------------------------------------------------------

    @property
    def version(self) -> int:
        """Bumped by every world frame and hand action: what is read from the world with the
        same version is still true."""
        return self._version

    @property
    def held_block(self) -> int | None:
        """Id of the block in the hand (lifted from the tray or held on the table), if any."""
        if self._lift is not None:
            return self._lift_id
        return self._held

    @property
    def hand_position(self) -> Point | None:
        """Where the hand is while it holds something."""
        if self._lift is not None:
            return self._lift.hand
        if self._hold is not None:
            return self._hold.hand
        return None

    @property
    def held_anchor(self) -> Point | None:
        """Where on the held block (its own frame) the hand holds it."""
        if self._lift is not None:
            return self._lift.anchor
        if self._hold is not None:
            return self._hold.anchor
        return None

    def block_at(self, point: Point) -> int | None:
        """The block under a point: on the table first, then in the tray."""
        point = finite_point("block_at point", point)
        hits = self.space.point_query(point, 0.0, pymunk.ShapeFilter(mask=CAT_BLOCK | CAT_HELD))
        ids = sorted({self.owner[h.shape][1] for h in hits if h.shape in self.owner})
        if ids:
            return ids[0]
        for blk in self.blocks:
            if blk.where != Where.TRAY:
                continue
            w, h = blk.shape.size(blk.spec.tray_orientation)
            tx, ty = blk.spec.tray_pos
            if abs(point[0] - tx) <= w / 2 + 3.0 and abs(point[1] - ty) <= h / 2 + 3.0:
                return blk.spec.block_id
        return None

    def grab(self, point: Point, block_id: int | None = None) -> int | None:
        """Take hold of the block under `point` (or `block_id`, grabbed at `point`); None if none.

        Refused for locked blocks (a closed tile's tower) and while already holding one; a NaN
        or infinite point raises `NotFiniteError`.
        """
        point = finite_point("grab point", point)
        if self.held_block is not None:
            return None
        bid = self.block_at(point) if block_id is None else block_id
        if bid is None or bid in self.locked:
            return None
        blk = self.blocks[bid]
        if blk.where == Where.TRAY:
            anchor = rotate(
                (point[0] - blk.body.position.x, point[1] - blk.body.position.y),
                -blk.body.angle,
            )
            self._lift = _Lift(anchor, (float(point[0]), float(point[1])), blk.body.angle)
            self._lift_id = bid
            blk.where = Where.LIFT
            self._try_enter()
            return bid
        if blk.where != Where.TABLE:
            return None
        self._attach(blk, point, blk.body.angle)
        return bid

    def _attach(self, blk: Block, point: Point, angle: float) -> None:
        """Take a block out of the physics into the hand, held at `point` (world)."""
        self.touch()
        if blk.body.space is not None:
            self.space.remove(blk.body, *blk.shapes)
        local = blk.body.world_to_local(point)
        self._hold = _Lift((float(local.x), float(local.y)), (float(point[0]), float(point[1])),
                           float(angle))
        blk.body.velocity = (0.0, 0.0)
        blk.body.angular_velocity = 0.0
        for s in blk.shapes:
            s.filter = FILTER_HELD
        blk.where = Where.HELD
        blk.still = 0
        self._held = blk.spec.block_id

    def _blocked(self, blk: Block, x: float, y: float, a: float) -> bool:
        """Would the held block at this pose overlap the table or a placed block?"""
        return bool(self._overlaps(blk, x, y, a))

    def _overlaps(self, blk: Block, x: float, y: float, a: float,
                  depth: float = 0.05) -> set[pymunk.Shape]:
        """The table and placed-block shapes a held block (out of the space) would overlap by
        more than `depth` at this pose."""
        body = blk.body
        body.position = (x, y)
        body.angle = a
        out: set[pymunk.Shape] = set()
        for s in blk.shapes:
            s.cache_bb()
            for hit in self.space.shape_query(s):
                if hit.shape is None:
                    continue
                if any(pt.distance < -depth for pt in hit.contact_point_set.points):
                    out.add(hit.shape)
        return out

    def _slide(self, blk: Block, pose: tuple[float, float, float], dx: float,
               dy: float) -> tuple[float, float, float]:
        """Move a held block by (dx, dy) as far as it goes without entering anything."""
        x, y, a = pose
        if dx == 0.0 and dy == 0.0:
            return pose
        samples = max(1, math.ceil(math.hypot(dx, dy) / SWEEP_STEP))
        lo, hi = 0.0, 1.0
        for i in range(1, samples + 1):
            t = i / samples
            if self._blocked(blk, x + dx * t, y + dy * t, a):
                hi = t
                break
            lo = t
        else:
            return (x + dx, y + dy, a)
        for _ in range(7):
            mid = (lo + hi) / 2.0
            if self._blocked(blk, x + dx * mid, y + dy * mid, a):
                hi = mid
            else:
                lo = mid
        return (x + dx * lo, y + dy * lo, a)

    def _follow_hand(self) -> None:
        """Once a frame: the held block goes where the hand holds it, turning at
        `HELD_TURN_RATE`. It pushes nothing (issue 16): across and up it passes through what is
        built, like a block held in front of the tower; lowered, it stops on what is below, so
        it comes to rest on a tower's top where the player sets it down."""
        hold = self._hold
        if hold is None or self._held is None:
            return
        blk = self.blocks[self._held]
        y, a = float(blk.body.position.y), float(blk.body.angle)
        step = HELD_TURN_RATE * FRAME_DT
        ta = a + min(max(hold.angle - a, -step), step)
        ax, ay = rotate(hold.anchor, ta)
        tx, ty = hold.hand[0] - ax, hold.hand[1] - ay
        pose = (tx, min(y, ty), ta)
        if ty > y and not self._blocked(blk, *pose):
            pose = self._slide(blk, pose, 0.0, ty - y)
        else:
            pose = (tx, ty, ta)
        blk.body.position = (pose[0], pose[1])
        blk.body.angle = pose[2]
        self._followed = hold.hand

    def _climb(self, blk: Block, pose: tuple[float, float, float],
               limit: float) -> tuple[float, float, float] | None:
        """The pose itself if free, else the nearest free one straight above within `limit`."""
        x, y, a = pose
        rise = 0.0
        while rise <= limit:
            if not self._blocked(blk, x, y - rise, a):
                return (x, y - rise, a)
            rise += 1.0
        return None

    def _pose_from_hand(self, lift: _Lift) -> tuple[float, float, float]:
        ax, ay = rotate(lift.anchor, lift.angle)
        return (lift.hand[0] - ax, lift.hand[1] - ay, lift.angle)

    def _try_enter(self) -> None:
        """A lifted block joins the table once it is above the table top in free space."""
        lift = self._lift
        if lift is None:
            return
        blk = self.blocks[self._lift_id]
        x, y, angle = self._pose_from_hand(lift)
        blk.body.position = (x, y)
        blk.body.angle = angle
        blk.body.velocity = (0.0, 0.0)
        blk.body.angular_velocity = 0.0
        lowest = max(py for poly in shape_polygons(blk.spec.shape, x, y, angle) for _, py in poly)
        free = lowest <= TABLE_Y - 1.0
        if free:
            for s in blk.shapes:
                s.cache_bb()
                if self.space.shape_query(s):
                    free = False
                    break
        if free:
            self._lift = None
            self._attach(blk, lift.hand, angle)
            return
        if lift.hand[1] >= TRAY_ZONE_Y:
            return  # still in the tray: it passes through the other blocks there
        # The hand is over the table but the block would be in the table or a tower (a
        # keyboard hand lowered it straight onto a pad): it comes out on top of what is there,
        # held and solid, instead of staying a see-through lifted block the player cannot set
        # down (playtest: an arch stayed see-through until the sand ran out).
        rise = max(0.0, lowest - (TABLE_Y - 1.0))
        pose = self._climb(blk, (x, y - rise, angle), LIFT_CLIMB)
        if pose is None:
            return
        self._lift = None
        blk.body.position = (x, y)
        self._attach(blk, lift.hand, angle)  # gripped where the hand took it
        blk.body.position = (pose[0], pose[1])

    def drag_to(self, point: Point) -> None:
        """Move the hand (clamped to the view); a held block follows it (see `_follow_hand`)."""
        point = finite_point("drag_to point", point)
        p = (min(max(point[0], 0.0), VIEW_W), min(max(point[1], 0.0), VIEW_H))
        if self._lift is not None:
            self._lift.hand = p
            x, y, angle = self._pose_from_hand(self._lift)
            blk = self.blocks[self._lift_id]
            blk.body.position = (x, y)
            blk.body.angle = angle
        elif self._hold is not None:
            self._hold.hand = p

    def set_held_angle(self, angle: float) -> None:
        """Turn the held block toward an absolute angle (radians)."""
        finite("held angle", angle)
        if self._lift is not None:
            self._lift.angle = float(angle)
            self.drag_to(self._lift.hand)
        elif self._hold is not None:
            self._hold.angle = float(angle)

    def rotate_held(self, delta: float) -> None:
        """Turn the held block by `delta` radians (wheel, right click or keys)."""
        finite("rotation", delta)
        if self._lift is not None:
            self.set_held_angle(self._lift.angle + delta)
        elif self._hold is not None:
            self.set_held_angle(self._hold.angle + delta)

    @property
    def held_angle(self) -> float | None:
        """The angle the hand turns its block toward."""
        if self._lift is not None:
            return self._lift.angle
        if self._hold is not None:
            return self._hold.angle
        return None

    def release(self, settle: Settle | None = None, refuse: Refuse | None = None) -> int | None:
        """Let go. Over the tray (or never out of it) the block goes back; else it stays in play.

        `settle` (the mouse's aid) is asked, with the block's shape and pose as it is let go,
        for an exact pose to settle it into (its outline's); when it names one and nothing
        fills it, the block is put there at rest instead of where it was let go. Else `refuse`
        (the wrong-spot guard) is asked whether the spot wants another block: then the block
        goes back to the tray (`BlockReturned` "refused") instead of being set down there."""
        self.touch()
        if self._lift is not None and self._lift.hand[1] < TRAY_ZONE_Y:
            # Carried out of the tray and let go before a frame took it onto the table (a fast
            # drag): it joins the table where the pointer is, as it would have a frame later.
            self._try_enter()
            if self._hold is not None:
                self._follow_hand()
        if self._lift is not None:
            bid = self._lift_id
            self._lift = None
            blk = self.blocks[bid]
            blk.where = Where.TRAY
            blk.body.position = blk.spec.tray_pos
            blk.body.angle = ORIENTATION_ANGLE[blk.spec.tray_orientation]
            self.events.append(BlockReturned(bid, "tray"))
            return bid
        if self._held is None or self._hold is None:
            return None
        if self._hold.hand != self._followed:
            # The hand moved since the last frame (a fast drag let go in the same frame): the
            # block goes under the pointer first, so it lands where the player let go.
            self._follow_hand()
        bid = self._held
        over_tray = self._hold.hand[1] > TRAY_ZONE_Y
        blk = self.blocks[bid]
        pose = None
        if not over_tray:
            here = (float(blk.body.position.x), float(blk.body.position.y),
                    float(blk.body.angle))
            target = settle(blk.spec.shape, here) if settle is not None else None
            if target is not None and not self._blocked(blk, target[0],
                                                          target[1] - TOUCH_GAP, target[2]):
                pose = (target[0], target[1] - TOUCH_GAP, target[2])
            elif refuse is not None and refuse(blk.spec.shape, here):
                self._hold = None
                self._held = None
                blk.where = Where.TABLE
                self._to_tray(blk, "refused")
                return bid
            else:
                pose = self._set_down(blk)
        self._hold = None
        self._held = None
        for s in blk.shapes:
            s.filter = FILTER_BLOCK
        blk.where = Where.TABLE
        if pose is None:
            self._to_tray(blk, "tray")
            return bid
        blk.body.position = (pose[0], pose[1])
        blk.body.angle = pose[2]
        blk.body.velocity = (0.0, 0.0)
        blk.body.angular_velocity = 0.0
        blk.prev = pose
        self.space.add(blk.body, *blk.shapes)
        self.stats.blocks_placed += 1
        slot = self.slot_at(pose[0])
        if slot is not None:
            self.built.add(slot)
        self.events.append(BlockPlaced(bid))
        return bid

    def _set_down(self, blk: Block) -> tuple[float, float, float] | None:
        """Where a let-go block is put into play: where it looks placed. Inside others it rises
        to the nearest room (None: no room, back to the tray); a little above a support it is
        set down on it, squared up to it and, on a block, centred on it if nearly so; higher
        up it is let fall. It starts at rest: a release never throws."""
        x, y, a = (float(blk.body.position.x), float(blk.body.position.y),
                   float(blk.body.angle))
        free = self._climb(blk, (x, y, a), HELD_CLIMB)
        if free is None:
            return None
        pose = self._slide(blk, free, 0.0, SET_DOWN_DROP)
        if pose[1] - free[1] >= SET_DOWN_DROP - 1e-6:
            return free  # nothing close below: it falls from where it was let go
        below = self._overlaps(blk, pose[0], pose[1] + 1.0, pose[2], depth=-0.5)
        owners = {self.owner.get(sh, ("?", -1)) for sh in below}
        blocks = sorted(i for kind, i in owners if kind == "block")
        snapped = pose
        if len(owners) == 1 and (blocks or ("table", 0) in owners):
            tilt = 0.0
            mid: Point | None = None
            if blocks:
                (mx, my), tilt, _ = self.top_face(blocks[0])
                mid = (mx, my)
            quarter = math.pi / 2.0
            k = round((pose[2] - tilt) / quarter)
            sa = tilt + k * quarter
            sx, sy = pose[0], pose[1]
            if abs(sa - pose[2]) > SNAP_ANGLE:
                sa = pose[2]
            if mid is not None:
                c, s = math.cos(tilt), math.sin(tilt)
                along = (sx - mid[0]) * c + (sy - mid[1]) * s
                if abs(along) <= SNAP_X:
                    sx, sy = sx - along * c, sy - along * s
            lifted = self._climb(blk, (sx, sy, sa), 6.0)
            if lifted is not None:
                snapped = self._slide(blk, lifted, 0.0, SET_DOWN_DROP)
        x, y, a = snapped
        y -= TOUCH_GAP
        if self._blocked(blk, x, y, a):
            return pose
        return (x, y, a)

    def withdraw_held(self) -> int | None:
        """Time is up: the block in the hand goes back to the tray and does not count.

        Everyone stops when the sand runs out, so a block still held (or lifted) is not let go
        onto a tower; what it was holding up is left to stand or fall.
        """
        if self._lift is not None:
            return self.release()
        if self._held is None:
            return None
        bid = self._held
        self._to_tray(self.blocks[bid], "time")
        return bid

    def _to_tray(self, blk: Block, reason: str) -> None:
        self.touch()
        if blk.where == Where.HELD or self._held == blk.spec.block_id:
            self._hold = None
            self._held = None
        if blk.body.space is not None:
            self.space.remove(blk.body, *blk.shapes)
        for s in blk.shapes:
            s.filter = FILTER_BLOCK
        blk.where = Where.TRAY
        blk.still = 0
        blk.body.position = blk.spec.tray_pos
        blk.body.angle = ORIENTATION_ANGLE[blk.spec.tray_orientation]
        blk.body.velocity = (0.0, 0.0)
        blk.body.angular_velocity = 0.0
        if reason == "fell":
            self.stats.blocks_fell += 1
        self.events.append(BlockReturned(blk.spec.block_id, reason))

    def lock(self, block_ids: tuple[int, ...] | list[int]) -> None:
        """Stop the hand from picking these blocks up (a closed tile's finished tower)."""
        self.locked.update(block_ids)

    def place(self, block_id: int, x: float, y: float, angle: float) -> None:
        """Put a block straight onto the table at a pose, at rest (tests, tools, demos)."""
        finite("place pose", x, y, angle)
        self.touch()
        blk = self.blocks[block_id]
        if blk.where in (Where.LIFT, Where.HELD):
            self.release()
        if blk.body.space is None:
            self.space.add(blk.body, *blk.shapes)
        blk.body.position = (x, y)
        blk.body.angle = angle
        blk.body.velocity = (0.0, 0.0)
        blk.body.angular_velocity = 0.0
        blk.where = Where.TABLE
        blk.prev = (x, y, angle)
        self.space.reindex_shapes_for_body(blk.body)
        slot = self.slot_at(x)
        if slot is not None:
            self.built.add(slot)

    def riders(self, block_ids: set[int] | frozenset[int]) -> tuple[set[int], set[int]]:
        """What rests on these blocks, directly or on something resting on them: (block ids,
        die ids). A tower taken off the table (a won tile's) takes them with it, so a die that
        came to rest on top of it does not hang in the air where it stood."""
        above: dict[tuple[str, int], set[tuple[str, int]]] = {}

        def collect(arb: pymunk.Arbiter) -> None:
            s0, s1 = arb.shapes
            a, b = self.owner.get(s0), self.owner.get(s1)
            if a is None or b is None:
                return
            # The normal points from s0 to s1; y is down, so s1 is on top of s0 when it points up.
            if -arb.normal.y >= REST_NORMAL:
                above.setdefault(a, set()).add(b)
            elif arb.normal.y >= REST_NORMAL:
                above.setdefault(b, set()).add(a)

        for blk in self.blocks:
            if blk.body.space is not None:
                blk.body.each_arbiter(collect)
        for die in self.dice.values():
            die.body.each_arbiter(collect)
        seen: set[tuple[str, int]] = {("block", i) for i in block_ids}
        todo = list(seen)
        while todo:
            for up in above.get(todo.pop(), ()):
                if up[0] in ("block", "die") and up not in seen:
                    seen.add(up)
                    todo.append(up)
        blocks = {i for kind, i in seen if kind == "block"} - set(block_ids)
        return blocks, {i for kind, i in seen if kind == "die"}

    # -- what to draw ------------------------------------------------------------------------

    def poses(self, alpha: float = 1.0) -> list[Pose]:
        """Every block (tray ones too) and die, interpolated `alpha` of the way from last frame."""
        out: list[Pose] = []
        for blk in self.blocks:
            b = blk.body
            (x, y), a = b.position, b.angle
            if alpha < 1.0 and blk.where == Where.TABLE:
                px, py, pa = blk.prev
                x, y, a = px + (x - px) * alpha, py + (y - py) * alpha, pa + (a - pa) * alpha
            out.append(Pose("block", blk.spec.block_id, blk.spec.shape, blk.where.value, x, y, a))
        for die in self.dice.values():
            b = die.body
            (x, y), a = b.position, b.angle
            if alpha < 1.0:
                px, py, pa = die.prev
                x, y, a = px + (x - px) * alpha, py + (y - py) * alpha, pa + (a - pa) * alpha
            out.append(Pose("die", die.die_id, "die", "table", x, y, a))
        return out

    def block_where(self, block_id: int) -> Where:
        """Where a block is now."""
        return self.blocks[block_id].where

    def settling_over(self, x0: float, x1: float, speed: float) -> bool:
        """Whether a block let go on the table (not in the hand) with its centre between `x0`
        and `x1` still moves faster than `speed`: just set, or falling."""
        for blk in self.blocks:
            if blk.where == Where.TABLE and x0 <= blk.body.position.x <= x1 \
                    and blk.body.velocity.length > speed:
                return True
        return False

    def block_pose(self, block_id: int) -> tuple[float, float, float]:
        """(x, y, angle) of a block."""
        b = self.blocks[block_id].body
        x, y = b.position
        return (float(x), float(y), float(b.angle))

    def block_speed(self, block_id: int) -> float:
        """Speed of a block (0 in the tray)."""
        blk = self.blocks[block_id]
        if blk.where == Where.HELD:
            px, py, _ = blk.prev
            p = blk.body.position
            return math.hypot(p.x - px, p.y - py) / FRAME_DT
        if blk.where != Where.TABLE:
            return 0.0
        return float(blk.body.velocity.length)

    def block_polygons(self, block_id: int) -> list[list[Point]]:
        """World-space convex parts of a block now."""
        x, y, a = self.block_pose(block_id)
        return shape_polygons(self.blocks[block_id].spec.shape, x, y, a)

    def block_shape(self, block_id: int) -> str:
        """Shape key of a block."""
        return self.blocks[block_id].spec.shape

    def die_ids(self) -> list[int]:
        """Dice on the table or in flight."""
        return list(self.dice)

    def die_pose(self, die_id: int) -> tuple[float, float, float]:
        """(x, y, angle) of a die."""
        b = self.dice[die_id].body
        return (float(b.position.x), float(b.position.y), float(b.angle))

    def pop_events(self) -> list[WorldEvent]:
        """Events since the last call (impacts, shots, hits, losses, returns, rests)."""
        out, self.events = self.events, []
        return out

    # -- settling and judging ----------------------------------------------------------------

    def is_still(self) -> bool:
        """Everything in play is (nearly) at rest."""
        s2 = SETTLE_SPEED * SETTLE_SPEED
        for blk in self.blocks:
            if blk.where == Where.TABLE:
                if blk.body.velocity.length_squared > s2:
                    return False
                if abs(blk.body.angular_velocity) > SETTLE_SPIN:
                    return False
        for die in self.dice.values():
            if die.body.velocity.length_squared > s2:
                return False
            if abs(die.body.angular_velocity) > SETTLE_SPIN:
                return False
        return True

    def settle(self, max_seconds: float = SETTLE_SECONDS) -> bool:
        """Step until everything is still for a moment (True) or `max_seconds` pass (False)."""
        finite("settle time", max_seconds)
        quiet = 0
        frames = int(round(max_seconds / FRAME_DT))
        for _ in range(frames):
            self.step()
            quiet = quiet + 1 if self.is_still() else 0
            if quiet >= SETTLE_FRAMES:
                return True
        return False

    def block_views(self) -> list[BlockView]:
        """Every block on the table as the judge sees it (what it rests on, its table contact)."""
        views: list[BlockView] = []
        for blk in self.blocks:
            if blk.where == Where.HELD:
                views.append(self._held_view(blk))
                continue
            if blk.where != Where.TABLE:
                continue
            body = blk.body
            rests: set[int] = set()
            xs: list[float] = []

            def collect(
                arb: pymunk.Arbiter,
                body: pymunk.Body = body,
                rests: set[int] = rests,
                xs: list[float] = xs,
            ) -> None:
                s0, s1 = arb.shapes
                n = arb.normal
                if s0.body is body:
                    other, ny = s1, n.y
                else:
                    other, ny = s0, -n.y
                if ny < REST_NORMAL:
                    return
                kind, ident = self.owner.get(other, ("?", 0))
                if kind == "table":
                    rests.add(TABLE)
                    xs.extend(float(c.point_a.x) for c in arb.contact_point_set.points)
                elif kind == "block":
                    rests.add(ident)
                elif kind == "die":
                    rests.add(DIE)

            body.each_arbiter(collect)
            views.append(
                BlockView(
                    block_id=blk.spec.block_id,
                    shape=blk.spec.shape,
                    angle=float(body.angle),
                    rests_on=tuple(sorted(rests, reverse=True)),
                    table_span=(min(xs), max(xs)) if xs else None,
                    speed=float(body.velocity.length),
                    position=(float(body.position.x), float(body.position.y)),
                )
            )
        return views

    def _held_view(self, blk: Block) -> BlockView:
        """The held block as the judge sees it: resting on what is just under it (it is out
        of the physics, so this is read from the shapes, not from contacts)."""
        x, y, a = (float(blk.body.position.x), float(blk.body.position.y),
                   float(blk.body.angle))
        rests: set[int] = set()
        xs: list[float] = []
        for sh in self._overlaps(blk, x, y + 1.0, a, depth=-0.5):
            kind, ident = self.owner.get(sh, ("?", 0))
            if kind == "table":
                rests.add(TABLE)
            elif kind == "block":
                rests.add(ident)
        blk.body.position = (x, y)
        blk.body.angle = a
        if TABLE in rests:
            pts = [p for poly in shape_polygons(blk.spec.shape, x, y, a) for p in poly]
            low = max(py for _, py in pts)
            xs = [px for px, py in pts if py >= low - 1.5]
        return BlockView(
            block_id=blk.spec.block_id,
            shape=blk.spec.shape,
            angle=a,
            rests_on=tuple(sorted(rests, reverse=True)),
            table_span=(min(xs), max(xs)) if xs else None,
            speed=self.block_speed(blk.spec.block_id),
            held=True,
            position=(x, y),
        )

    def touch(self) -> None:
        """A hand action or a placement: every cached view is stale at once."""
        self._version += 1
        self._frames_since_hand = 0

    def judge_recent(self, frames: int = 3) -> TableView:
        """`judge()`, or its cached view when it is at most `frames` physics frames old and no
        hand action or placement came since: for the ghost outline, which a 50 ms old view
        draws the same (the full judge every frame cost the build view about 0.7 ms a frame).
        Rules, scoring and the AIs use `judge()`."""
        judged = self._judged
        if judged is not None and self._version - judged[0] <= min(frames,
                                                                 self._frames_since_hand):
            return judged[1]
        return self.judge()

    def judge(self) -> TableView:
        """What stands on each slot: blocks resting on its surface and all resting on them.

        Cached until the next frame or hand action, so the HUD, ghost and AIs may all ask.
        """
        if self._judged is not None and self._judged[0] == self._version:
            return self._judged[1]
        view = self._judge()
        self._judged = (self._version, view)
        return view

    def _judge(self) -> TableView:
        views = self.block_views()
        by_id = {v.block_id: v for v in views}
        tiles: list[TileView] = []
        for slot, (x0, x1) in enumerate(SLOT_RANGES):
            members: set[int] = set()
            for v in views:
                if TABLE in v.rests_on and v.table_span is not None:
                    cx = (v.table_span[0] + v.table_span[1]) / 2.0
                    if x0 <= cx <= x1:
                        members.add(v.block_id)
            frontier = list(members)
            while frontier:
                below = frontier.pop()
                for v in views:
                    if v.block_id not in members and below in v.rests_on:
                        members.add(v.block_id)
                        frontier.append(v.block_id)
            ordered = sorted(
                (by_id[i] for i in members), key=lambda v: (-v.position[1], v.block_id)
            )
            tiles.append(TileView(slot, self.setup.row[slot], (x0, x1), tuple(ordered)))
        return TableView(tuple(tiles))

    def top_face(self, block_id: int) -> tuple[Point, float, Point]:
        """A block's most upward-facing edge now: its midpoint, its slope (radians), its normal."""
        best: tuple[Point, float, Point] | None = None
        best_ny = math.inf
        for poly in self.block_polygons(block_id):
            for i, a in enumerate(poly):
                b = poly[(i + 1) % len(poly)]
                dx, dy = b[0] - a[0], b[1] - a[1]
                length = math.hypot(dx, dy)
                if length < 1.0:
                    continue
                nx, ny = dy / length, -dx / length  # outward for the shapes' winding (y down)
                if ny < best_ny - 1e-9:
                    best_ny = ny
                    mid = ((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0)
                    best = (mid, math.atan2(dy, dx), (nx, ny))
        assert best is not None
        return best

    @staticmethod
    def slot_at(x: float) -> int | None:
        """The row slot whose tile lies under an x (for hovering and ghosts)."""
        for slot, (x0, x1) in enumerate(SLOT_RANGES):
            if x0 <= x <= x1:
                return slot
        return None

    def placement_pose(
        self, slot: int, stack: tuple[int, ...], piece: Piece
    ) -> tuple[float, float, float]:
        """Pose (x, y, angle) for the next piece, resting on `stack`'s top block or on the tile.

        For the builder's ghost and the AI's hand: centred on the top face of the block below
        and tilted with it, just touching it.
        """
        shape_key, orientation = piece
        _, h = SHAPES[shape_key].size(orientation)
        angle = ORIENTATION_ANGLE[orientation]
        if not stack:
            x0, x1 = SLOT_RANGES[slot]
            return ((x0 + x1) / 2.0, TABLE_Y - h / 2.0, angle)
        (mx, my), tilt, (nx, ny) = self.top_face(stack[-1])
        return (mx + nx * h / 2.0, my + ny * h / 2.0, angle + tilt)

    # -- snapshots ---------------------------------------------------------------------------

    def snapshot(self) -> WorldSnapshot:
        """Everything needed to rebuild this world (for prediction, replays and tests)."""

        def st(b: pymunk.Body) -> BodyState:
            return (
                float(b.position.x),
                float(b.position.y),
                float(b.angle),
                float(b.velocity.x),
                float(b.velocity.y),
                float(b.angular_velocity),
            )

        held: tuple[int, Point, Point, float] | None = None
        if self._lift is not None:
            held = (self._lift_id, self._lift.anchor, self._lift.hand, self._lift.angle)
        elif self._held is not None and self._hold is not None:
            held = (self._held, self._hold.anchor, self._hold.hand, self._hold.angle)
        return WorldSnapshot(
            setup=self.setup,
            frame=self.frame,
            blocks=tuple((b.spec.block_id, b.where.value, st(b.body)) for b in self.blocks),
            dice=tuple(
                (d.die_id, d.seat, st(d.body), d.hit, d.landed, d.rest_time, d.rested_slot)
                for d in self.dice.values()
            ),
            catapults=tuple(
                (c.seat, c.aim_angle, c.aim_power, c.since_fire, c.shots)
                for c in self.catapults.values()
            ),
            held=held,
            locked=tuple(sorted(self.locked)),
            next_die=self.catapults.next_die,
            rng=self.rng.getstate(),
            stats=self.stats.as_tuple(),
        )

    @classmethod
    def from_snapshot(cls, snap: WorldSnapshot) -> TowerWorld:
        """A fresh world in the snapshot's state; two rebuilt from one snapshot run identically."""
        w = cls(snap.setup)
        w.stepper.frames = snap.frame
        w.rng.setstate(snap.rng)
        held_id = snap.held[0] if snap.held is not None else None
        for bid, where, (x, y, a, vx, vy, av) in snap.blocks:
            blk = w.blocks[bid]
            blk.body.position = (x, y)
            blk.body.angle = a
            blk.prev = (x, y, a)
            state = Where(where)
            if state == Where.TABLE:
                w.space.add(blk.body, *blk.shapes)
                blk.body.velocity = (vx, vy)
                blk.body.angular_velocity = av
                blk.where = Where.TABLE
            elif state in (Where.LIFT, Where.HELD):
                blk.where = state
        if snap.held is not None and held_id is not None:
            bid, anchor, hand, angle = snap.held
            blk = w.blocks[bid]
            if blk.where == Where.LIFT:
                w._lift = _Lift(anchor, hand, angle)
                w._lift_id = bid
            else:
                world_anchor = blk.body.local_to_world(anchor)
                w._attach(blk, (float(world_anchor.x), float(world_anchor.y)), blk.body.angle)
                w._hold = _Lift(anchor, hand, angle)
        w.catapults.restore(snap)
        w.locked = set(snap.locked)
        stats = dict(snap.stats)
        w.stats.dice_fired = stats.get("dice_fired", 0)
        w.stats.dice_hit = stats.get("dice_hit", 0)
        w.stats.blocks_placed = stats.get("blocks_placed", 0)
        w.stats.blocks_fell = stats.get("blocks_fell", 0)
        return w
