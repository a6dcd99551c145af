"""Tower Kaboom's builder's hand (no pygame): it takes a block from the tray or the table,
carries it (out of the physics: it slides over placed blocks and never pushes them, climbs out
of them when turned or let go inside them), turns it, and sets it down gently where it was let
go, or sends it back to the tray.

`Hand(world)` is part of `TowerWorld` (world.py), as `world.hand`: it moves the world's blocks
in and out of the world's space, follows the pointer once a frame (`before_frame`), and asks the
world only for what it reads of the table (`reading.top_face`, `slot_at`), its events, stats and
`touch` (a hand action makes every cached read-out stale). The turn's rules on top of it
(whose hand may move, the wrong-spot guard, the mouse's aid) are `TurnController`'s (turn.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pymunk

from game.games.tower.bodies import (
    CAT_BLOCK,
    CAT_DIE,
    CAT_HELD,
    FILTER_BLOCK,
    FILTER_HELD,
    Block,
    rotate,
    shape_polygons,
)
from game.games.tower.data import (
    ORIENTATION_ANGLE,
    TABLE_Y,
    TRAY_ZONE_Y,
    VIEW_H,
    VIEW_W,
)
from game.games.tower.events import BlockPlaced, BlockReturned
from game.games.tower.worlddata import Point, Where
from game.physics.guard import finite, finite_point
from game.physics.stepper import FRAME_DT

if TYPE_CHECKING:
    from game.games.tower.world import TowerWorld

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
SNAP_ANGLE = math.radians(8.0)
"""Let go within this of square with its support, a block is squared up."""
TOUCH_GAP = 0.25
"""Units left between a set-down block and its support (the solver closes it)."""
Settle = Callable[[str, tuple[float, float, float]], tuple[float, float, float] | None]
"""Asked on release with a held block's shape and pose: the exact pose it settles into, if any."""
Refuse = Callable[[str, tuple[float, float, float]], bool]
"""Asked, with a let-go block's shape and pose, whether the spot it is let go at wants another
block (the turn's wrong-spot guard): True sends it back to the tray instead."""
Held = tuple[int, Point, Point, float]
"""What a snapshot keeps of the hand: (block id, anchor on the block, hand, angle)."""


@dataclass
class Lift:
    anchor: Point
    hand: Point
    angle: float


class Hand:
    """The builder's one hand over a `TowerWorld`: grab, carry, turn, let go; lock and place."""

    def __init__(self, world: TowerWorld) -> None:
        self.world = world
        self.space = world.space
        self.blocks = world.blocks
        self.owner = world.owner
        self.locked: set[int] = set()
        """Blocks the hand may not pick up (a closed tile's finished tower)."""
        self.built: set[int] = set()
        """Slots a block was let go over by the hand (or `place`d) this turn: blocks on any other
        tile are debris, not a tower anyone built. Not in snapshots (a turn is never resumed)."""
        self._held: int | None = None
        self._hold: Lift | None = None
        self._lift: Lift | None = None
        self._followed: Point | None = None
        """Where the hand was when the held block last followed it."""
        self._lift_id = -1

    # -- what it holds -----------------------------------------------------------------------

    @property
    def held_block(self) -> int | None:
        """Id of the block in the hand (lifted from the tray or held on the table), if any."""
        if self._lift is not None:
            return self._lift_id
        return self._held

    @property
    def _grip(self) -> Lift | None:
        """The hand's grip now: a lift under way, else a block held."""
        return self._lift if self._lift is not None else self._hold

    @property
    def position(self) -> Point | None:
        """Where the hand is while it holds something."""
        return None if self._grip is None else self._grip.hand

    @property
    def held_anchor(self) -> Point | None:
        """Where on the held block (its own frame) the hand holds it."""
        return None if self._grip is None else self._grip.anchor

    @property
    def held_angle(self) -> float | None:
        """The angle the hand turns its block toward."""
        return None if self._grip is None else self._grip.angle

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

    def die_at(self, point: Point, reach: float = 0.0) -> int | None:
        """The die under `point` (or within `reach` units of it), if any: a die is never the
        hand's to take."""
        point = finite_point("die_at point", point)
        hits = self.space.point_query(point, reach, pymunk.ShapeFilter(mask=CAT_DIE))
        ids = sorted(got[1] for h in hits for got in [self.owner.get(h.shape)]
                     if got is not None and got[0] == "die")
        return ids[0] if ids else None

    def block_near(self, point: Point, reach: float) -> int | None:
        """The block on the table whose outline comes nearest `point`, within `reach` units
        (one under it first), not locked; None if none. A mouse builder's press just beside
        a fallen block takes it, as a press just beside a tray block does (`block_at`)."""
        point = finite_point("block_near point", point)
        hits = self.space.point_query(point, reach, pymunk.ShapeFilter(mask=CAT_BLOCK))
        best: tuple[float, int] | None = None
        for h in hits:
            got = self.owner.get(h.shape)
            if got is None or got[0] != "block" or got[1] in self.locked:
                continue
            if best is None or (h.distance, got[1]) < best:
                best = (h.distance, got[1])
        return None if best is None else best[1]

    # -- taking hold -------------------------------------------------------------------------

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
            self._lift = Lift(anchor, (float(point[0]), float(point[1])), blk.body.angle)
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
        self.world.touch()
        if blk.body.space is not None:
            self.space.remove(blk.body, *blk.shapes)
        local = blk.body.world_to_local(point)
        self._hold = Lift((float(local.x), float(local.y)), (float(point[0]), float(point[1])),
                          float(angle))
        blk.body.velocity = (0.0, 0.0)
        blk.body.angular_velocity = 0.0
        for s in blk.shapes:
            s.filter = FILTER_HELD
        blk.where = Where.HELD
        blk.still = 0
        self._held = blk.spec.block_id

    # -- where a held block may go -----------------------------------------------------------

    def _blocked(self, blk: Block, x: float, y: float, a: float) -> bool:
        """Would the held block at this pose overlap the table or a placed block?"""
        return bool(self.overlaps(blk, x, y, a))

    def overlaps(self, blk: Block, x: float, y: float, a: float,
                 depth: float = 0.05) -> set[pymunk.Shape]:
        """The table and placed-block shapes a held block (out of the space) would overlap by
        more than `depth` at this pose (it is left at that pose)."""
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

    def before_frame(self) -> None:
        """Once a world frame, before physics: a lifted block joins the table when it can, and a
        held block follows the hand."""
        if self._lift is not None:
            self._try_enter()
        if self._hold is not None:
            self._follow_hand()

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

    def _pose_from_hand(self, lift: Lift) -> tuple[float, float, float]:
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

    # -- moving and turning ------------------------------------------------------------------

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

    # -- letting go --------------------------------------------------------------------------

    def release(self, settle: Settle | None = None, refuse: Refuse | None = None) -> int | None:
        """Let go. Over the tray (or never out of it) the block goes back; else it stays in play.

        `settle` (the mouse's aid) is asked, with the block's shape and pose as it is let go,
        for an exact pose to settle it into (its outline's); when it names one and nothing
        fills it, the block is put there at rest instead of where it was let go. Else `refuse`
        (the wrong-spot guard) is asked whether the spot wants another block: then the block
        goes back to the tray (`BlockReturned` "refused") instead of being set down there."""
        world = self.world
        world.touch()
        if self._lift is not None and self._lift.hand[1] < TRAY_ZONE_Y:
            # Carried out of the tray and let go before a frame took it onto the table (a fast
            # drag): it joins the table where the pointer is, as it would have a frame later.
            self._try_enter()
            if self._hold is not None:
                self._follow_hand()
        if self._lift is not None:
            return self._unlift()
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
                self.to_tray(blk, "refused")
                return bid
            else:
                pose = self._set_down(blk)
        self._hold = None
        self._held = None
        for s in blk.shapes:
            s.filter = FILTER_BLOCK
        blk.where = Where.TABLE
        if pose is None:
            self.to_tray(blk, "tray")
            return bid
        blk.body.position = (pose[0], pose[1])
        blk.body.angle = pose[2]
        blk.body.velocity = (0.0, 0.0)
        blk.body.angular_velocity = 0.0
        blk.prev = pose
        self.space.add(blk.body, *blk.shapes)
        world.stats.blocks_placed += 1
        slot = world.slot_at(pose[0])
        if slot is not None:
            self.built.add(slot)
        world.events.append(BlockPlaced(bid))
        return bid

    def _unlift(self) -> int:
        """A block lifted but not yet out of the tray goes back to its tray spot."""
        bid = self._lift_id
        self._lift = None
        blk = self.blocks[bid]
        blk.where = Where.TRAY
        blk.body.position = blk.spec.tray_pos
        blk.body.angle = ORIENTATION_ANGLE[blk.spec.tray_orientation]
        self.world.events.append(BlockReturned(bid, "tray"))
        return bid

    def put_back(self) -> int | None:
        """The block in the hand (lifted, or held on the table) goes back to the tray, never
        into play where it hangs: the game pauses, the window loses focus, the seat changes
        hands (a stranger's Esc mid-drag dropped a block onto the Mega pad, then scored as a
        failed tower). What it was holding up is left to stand or fall."""
        self.world.touch()
        if self._lift is not None:
            return self._unlift()
        if self._held is None:
            return None
        bid = self._held
        self.to_tray(self.blocks[bid], "tray")
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
        below = self.overlaps(blk, pose[0], pose[1] + 1.0, pose[2], depth=-0.5)
        owners = {self.owner.get(sh, ("?", -1)) for sh in below}
        blocks = sorted(i for kind, i in owners if kind == "block")
        snapped = pose
        if len(owners) == 1 and (blocks or ("table", 0) in owners):
            tilt = 0.0
            mid: Point | None = None
            if blocks:
                (mx, my), tilt, _ = self.world.reading.top_face(blocks[0])
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
        self.to_tray(self.blocks[bid], "time")
        return bid

    def to_tray(self, blk: Block, reason: str) -> None:
        """Send a block back to its tray spot, out of the physics (out of the hand if held):
        let go over the tray, refused, time up, or (the world's) fallen or out of reach."""
        world = self.world
        world.touch()
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
            world.stats.blocks_fell += 1
        world.events.append(BlockReturned(blk.spec.block_id, reason))

    # -- tools -------------------------------------------------------------------------------

    def lock(self, block_ids: tuple[int, ...] | list[int]) -> None:
        """Stop the hand from picking these blocks up (a closed tile's finished tower)."""
        self.locked.update(block_ids)

    def place(self, block_id: int, x: float, y: float, angle: float) -> None:
        """Put a block straight onto the table at a pose, at rest (tests, tools, demos)."""
        finite("place pose", x, y, angle)
        self.world.touch()
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
        slot = self.world.slot_at(x)
        if slot is not None:
            self.built.add(slot)

    # -- snapshots ---------------------------------------------------------------------------

    def held_state(self) -> Held | None:
        """What a snapshot keeps of the hand, if it holds a block."""
        if self._lift is not None:
            return (self._lift_id, self._lift.anchor, self._lift.hand, self._lift.angle)
        if self._held is not None and self._hold is not None:
            return (self._held, self._hold.anchor, self._hold.hand, self._hold.angle)
        return None

    def restore(self, held: Held | None, locked: tuple[int, ...]) -> None:
        """Take hold again as a snapshot held (its blocks already restored, lifted or held)."""
        if held is not None:
            bid, anchor, hand, angle = held
            blk = self.blocks[bid]
            if blk.where == Where.LIFT:
                self._lift = Lift(anchor, hand, angle)
                self._lift_id = bid
            else:
                world_anchor = blk.body.local_to_world(anchor)
                self._attach(blk, (float(world_anchor.x), float(world_anchor.y)), blk.body.angle)
                self._hold = Lift(anchor, hand, angle)
        self.locked = set(locked)
