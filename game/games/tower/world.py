"""Tower Kaboom physics: the table, the 16 blocks and the dice in pymunk (no pygame).

`TowerWorld` is one turn's table. It is built from the match (`TowerWorld.from_match`), steps at
a fixed dt with substeps (speed caps, blocks and dice lost off the table, a block out of reach
handed back, a die come to rest on a pad), and reads out its bodies, events and snapshots. Its
parts do the rest: `world.hand` (hand.py) carries one block (out of the physics while held: it
slides over placed blocks and never pushes them, and is set down gently where it was let go),
`world.catapults` (catapults.py) aims and fires dice, and `world.reading` (reading.py) describes
what stands on each tile as plain data for the rules to judge; the bodies and their collision
filters are bodies.py's. Same seed and inputs, same result. What it reads out is plain data
(worlddata.py) and events (events.py); the turn's flow on top of it (the sand timer, the rules'
checks on every action, the closing rule, settling and scoring) is `TurnController`'s (turn.py).

Coordinates are the logical 1280x720 view, x right, y down (see `data`).
"""

from __future__ import annotations

import math
import random
from typing import Any

import pymunk

from game.games.tower.bodies import (
    CT_BLOCK,
    CT_DIE,
    CT_TABLE,
    FILTER_TABLE,
    SUBSTEPS,
    Block,
    Die,
    Owners,
    make_block,
    shape_polygons,
)
from game.games.tower.catapults import Catapults
from game.games.tower.data import (
    BLOCKS,
    CATAPULT_SLOTS,
    GRAVITY,
    KILL_X,
    KILL_Y,
    ROW_SLOTS,
    SLOT_RANGES,
    TABLE_FRICTION,
    TABLE_LEFT,
    TABLE_RIGHT,
    TABLE_Y,
    WOOD_ELASTICITY,
)
from game.games.tower.events import (
    DieHit,
    DieLost,
    DieRested,
    Impact,
    WorldEvent,
)
from game.games.tower.hand import Hand
from game.games.tower.reading import TableReading
from game.games.tower.rules import (
    MatchState,
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
from game.physics.guard import finite
from game.physics.stepper import FRAME_DT, SteppedWorld

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
SETTLE_SPEED = 4.0
SETTLE_SPIN = 0.15
SETTLE_FRAMES = 20
SETTLE_SECONDS = 4.0
"""End of turn: stop when everything is still for SETTLE_FRAMES, or after this long."""
DIE_REST_SPEED = 6.0
DIE_REST_SECONDS = 0.4
IMPACT_MIN = 2000.0
"""Smallest impact (reduced mass x closing speed) reported as an event."""


class TowerWorld(SteppedWorld):
    """One turn's table in pymunk: blocks and dice, with a hand, catapults and its reading."""

    def __init__(self, setup: WorldSetup) -> None:
        if len(setup.row) != ROW_SLOTS:
            raise ValueError("a row has five slots")
        if len(setup.saboteurs) > len(CATAPULT_SLOTS):
            raise ValueError("too many saboteurs")
        self.setup = setup
        self.rng = random.Random(setup.seed)
        self._open_space((0.0, GRAVITY), ITERATIONS, SUBSTEPS)
        self.events: list[WorldEvent] = []
        self._version = 0
        self.frames_since_touch = 0
        """Physics frames since the last hand action or placement (`reading.judge_recent`)."""
        self.stats = Stats()
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
        self.hand = Hand(self)
        """The builder's hand: grab, carry, turn and let go of a block."""
        self.reading = TableReading(self)
        """The table read as data: what rests on what, what stands on each tile."""
        self._install_handlers()

    @classmethod
    def from_match(cls, match: MatchState) -> TowerWorld:
        """The table for the match's current turn (blocks in the tray, no dice)."""
        return cls(WorldSetup.from_match(match))

    # -- collisions --------------------------------------------------------------------------

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
        self.hand.before_frame()

    def _after_frame(self) -> None:
        self._version += 1
        self.frames_since_touch += 1
        self.catapults.after_frame()
        lo_x, hi_x = KILL_X
        cap2 = MAX_SPEED * MAX_SPEED
        for blk in self.blocks:
            if blk.where != Where.TABLE:
                continue
            body = blk.body
            p = body.position
            if p.y > KILL_Y or p.x < lo_x or p.x > hi_x:
                self.hand.to_tray(blk, "fell")
                continue
            v = body.velocity
            sp2 = v.x * v.x + v.y * v.y
            if sp2 > cap2:
                body.velocity = v * (MAX_SPEED / math.sqrt(sp2))
            if blk.where == Where.TABLE and not REACH_X[0] <= p.x <= REACH_X[1] \
                    and sp2 < REACH_REST_SPEED * REACH_REST_SPEED:
                blk.still += 1
                if blk.still >= REACH_FRAMES:
                    self.hand.to_tray(blk, "reach")
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

    # -- versions ----------------------------------------------------------------------------

    @property
    def version(self) -> int:
        """Bumped by every world frame and hand action: what is read from the world with the
        same version is still true."""
        return self._version

    def touch(self) -> None:
        """A hand action or a placement: every cached view is stale at once."""
        self._version += 1
        self.frames_since_touch = 0

    # -- reading the bodies ------------------------------------------------------------------

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

    @staticmethod
    def slot_at(x: float) -> int | None:
        """The row slot whose tile lies under an x (for hovering and ghosts)."""
        for slot, (x0, x1) in enumerate(SLOT_RANGES):
            if x0 <= x <= x1:
                return slot
        return None

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

    # -- settling ----------------------------------------------------------------------------

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
            held=self.hand.held_state(),
            locked=tuple(sorted(self.hand.locked)),
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
        w.hand.restore(snap.held, snap.locked)
        w.catapults.restore(snap)
        stats = dict(snap.stats)
        w.stats.dice_fired = stats.get("dice_fired", 0)
        w.stats.dice_hit = stats.get("dice_hit", 0)
        w.stats.blocks_placed = stats.get("blocks_placed", 0)
        w.stats.blocks_fell = stats.get("blocks_fell", 0)
        return w
