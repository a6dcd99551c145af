"""Tower Kaboom's table read as plain data (no pygame): what each block on the table rests on
and where it touches the table, what stands on each tile (the judged `TableView` the rules
score), a block's top face, where the next piece of a tower sits, and what rides on a tower.

`TableReading(world)` is part of `TowerWorld` (world.py), as `world.reading`: it reads the
world's bodies and contacts (the held block, out of the physics, through the hand's shape
queries) and keeps the last judged view until the world's `version` moves on.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pymunk

from game.games.tower.bodies import REST_NORMAL, Block, shape_polygons
from game.games.tower.data import (
    ORIENTATION_ANGLE,
    SHAPES,
    SLOT_RANGES,
    TABLE_Y,
    Piece,
)
from game.games.tower.rules import DIE, TABLE, BlockView, TableView, TileView
from game.games.tower.worlddata import Point, Where

if TYPE_CHECKING:
    from game.games.tower.world import TowerWorld


class TableReading:
    """What a `TowerWorld`'s table reads as, for the judge, the builder's ghost and the AIs."""

    def __init__(self, world: TowerWorld) -> None:
        self.world = world
        self.blocks = world.blocks
        self.dice = world.dice
        self.owner = world.owner
        self._judged: tuple[int, TableView] | None = None

    # -- what rests on what ------------------------------------------------------------------

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
        for sh in self.world.hand.overlaps(blk, x, y + 1.0, a, depth=-0.5):
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
            speed=self.world.block_speed(blk.spec.block_id),
            held=True,
            position=(x, y),
        )

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

    # -- what stands on each tile ------------------------------------------------------------

    def judge_recent(self, frames: int = 3) -> TableView:
        """`judge()`, or its cached view when it is at most `frames` physics frames old and no
        hand action or placement came since: for the ghost outline, which a 50 ms old view
        draws the same (the full judge every frame cost the build view about 0.7 ms a frame).
        Rules, scoring and the AIs use `judge()`."""
        judged, world = self._judged, self.world
        if judged is not None and world.version - judged[0] <= min(frames,
                                                                  world.frames_since_touch):
            return judged[1]
        return self.judge()

    def judge(self) -> TableView:
        """What stands on each slot: blocks resting on its surface and all resting on them.

        Cached until the next frame or hand action, so the HUD, ghost and AIs may all ask.
        """
        if self._judged is not None and self._judged[0] == self.world.version:
            return self._judged[1]
        view = self._judge()
        self._judged = (self.world.version, view)
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
            tiles.append(TileView(slot, self.world.setup.row[slot], (x0, x1), tuple(ordered)))
        return TableView(tuple(tiles))

    # -- where the next piece goes -----------------------------------------------------------

    def top_face(self, block_id: int) -> tuple[Point, float, Point]:
        """A block's most upward-facing edge now: its midpoint, its slope (radians), its normal."""
        best: tuple[Point, float, Point] | None = None
        best_ny = math.inf
        for poly in self.world.block_polygons(block_id):
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
