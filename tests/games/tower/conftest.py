"""Shared helpers for Tower Kaboom tests: hand-made table views and perfectly placed towers."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from game.games.tower.data import ORIENTATION_ANGLE, SHAPES, SLOT_RANGES, TABLE_Y, TILES
from game.games.tower.rules import TABLE, BlockView, TableView, TileView
from game.games.tower.world import TowerWorld
from game.games.tower.worlddata import WorldSetup

ROW = (1, 2, 0, 3, 4)
"""A fixed row for world tests: Bench, Hut, Mega, Twin cubes, Cottage."""


def stack_views(tile_id: int, slot: int, first_id: int = 0) -> list[BlockView]:
    """Block views of a correctly built tower on a slot (bottom first)."""
    x0, x1 = SLOT_RANGES[slot]
    cx = (x0 + x1) / 2.0
    views: list[BlockView] = []
    y = TABLE_Y
    for i, (shape, orient) in enumerate(TILES[tile_id].pieces):
        w, h = SHAPES[shape].size(orient)
        y -= h / 2.0
        views.append(
            BlockView(
                block_id=first_id + i,
                shape=shape,
                angle=ORIENTATION_ANGLE[orient],
                rests_on=(TABLE,) if i == 0 else (first_id + i - 1,),
                table_span=(cx - w / 2.0, cx + w / 2.0) if i == 0 else None,
                position=(cx, y),
            )
        )
        y -= h / 2.0
    return views


def table_view(
    row: list[int | None], blocks: dict[int, list[BlockView]] | None = None
) -> TableView:
    """A table view of a row with the given blocks on some slots."""
    blocks = blocks or {}
    return TableView(
        tuple(
            TileView(slot, tid, SLOT_RANGES[slot], tuple(blocks.get(slot, [])))
            for slot, tid in enumerate(row)
        )
    )


def place_tower(
    world: TowerWorld, slot: int, tile_id: int, avoid: set[int] | None = None, dx: float = 0.0
) -> tuple[int, ...]:
    """Set a tile's tower on a slot block by block, exactly, letting each settle a moment."""
    used = set(avoid or ())
    stack: tuple[int, ...] = ()
    for piece in TILES[tile_id].pieces:
        bid = next(
            b
            for b in range(16)
            if b not in used and world.block_shape(b) == piece[0] and world.block_where(b) == "tray"
        )
        used.add(bid)
        x, y, a = world.reading.placement_pose(slot, stack, piece)
        world.hand.place(bid, x + dx, y - 0.5, a)
        for _ in range(10):
            world.step()
        stack += (bid,)
    return stack


@pytest.fixture
def make_world() -> Callable[..., TowerWorld]:
    """Factory for a turn's world with a given row and saboteurs."""

    def make(row: tuple[int | None, ...] = ROW, saboteurs: tuple[int, ...] = (1,), seed: int = 7):
        return TowerWorld(WorldSetup(row, saboteurs, seed))

    return make


def elevation_direction(facing: int, elevation: float) -> float:
    """World-space launch direction angle for a catapult elevation."""
    return math.atan2(-math.sin(elevation), facing * math.cos(elevation))
