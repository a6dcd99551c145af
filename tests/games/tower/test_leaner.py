"""A stray block that fell onto the table and leans on a tower's side is not part of the tower
(the rulebook judges each tower stacked in order on its tile): it does not void it. A block
stacked on the tower still does."""

from __future__ import annotations

import dataclasses

from game.games.tower.data import SLOT_RANGES, TABLE_Y, TILES
from game.games.tower.rules import TABLE, BlockView, explain, judge_tile

from .conftest import stack_views, table_view

POST = 7  # pillar, cube
ROW = [POST, None, 0, None, None]


def _leaner(on: int, span: tuple[float, float]) -> BlockView:
    return BlockView(block_id=9, shape="beam", angle=0.6, rests_on=(TABLE, on), table_span=span,
                     position=((span[0] + span[1]) / 2.0, TABLE_Y - 20.0))


def test_a_block_leaning_on_a_tower_from_the_table_beside_its_tile_does_not_void_it() -> None:
    tower = stack_views(POST, 0)
    x0, _ = SLOT_RANGES[0]
    for on in (b.block_id for b in tower):  # leaning on the pillar, or on the cube at the top
        for span in ((x0 - 40.0, x0 - 30.0), (x0 + 2.0, x0 + 10.0)):  # off the tile, on it
            j = judge_tile(TILES[POST], table_view(ROW, {0: [*tower, _leaner(on, span)]}).tile(0))
            assert j.scored and (j.reason, j.progress, j.extra) == ("standing", 2, 0), (on, span)


def test_a_block_resting_on_the_leaner_only_is_not_in_the_tower_either() -> None:
    tower = stack_views(POST, 0)
    x0, _ = SLOT_RANGES[0]
    leaner = _leaner(0, (x0 - 40.0, x0 - 30.0))
    rider = dataclasses.replace(leaner, block_id=10, shape="cube", rests_on=(9,), table_span=None)
    j = judge_tile(TILES[POST], table_view(ROW, {0: [*tower, leaner, rider]}).tile(0))
    assert j.scored and j.extra == 0


def test_a_block_stacked_on_top_of_a_tower_still_fails_it() -> None:
    tower = stack_views(POST, 0)
    top = tower[-1]
    extra = dataclasses.replace(top, block_id=9, shape="cube", rests_on=(top.block_id,),
                                position=(top.position[0], top.position[1] - 24.0))
    j = judge_tile(TILES[POST], table_view(ROW, {0: [*tower, extra]}).tile(0))
    assert not j.scored and j.reason == "too many blocks"
    # And a wrong block in the middle of the order, with a leaner beside: still wrong order.
    wrong = dataclasses.replace(tower[1], shape="beam")
    x0, _ = SLOT_RANGES[0]
    j = judge_tile(TILES[POST], table_view(ROW, {0: [tower[0], wrong, _leaner(0, (
        x0 - 40.0, x0 - 30.0))]}).tile(0))
    assert not j.scored and j.reason == "wrong order" and "not a" in explain(j)
