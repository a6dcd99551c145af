"""The blocks, towers, points and table layout as data."""

from __future__ import annotations

import itertools
import math
from collections import Counter

from game.games.tower import data
from game.games.tower.data import (
    BLOCKS,
    INVENTORY,
    MEGA_TILE,
    SHAPES,
    SMALL_TILES,
    TILES,
    difficulty,
    fits,
    points_for,
)


def test_sixteen_blocks_of_a_few_shapes():
    assert len(BLOCKS) == data.BLOCK_COUNT == 16
    assert [b.block_id for b in BLOCKS] == list(range(16))
    assert Counter(b.shape for b in BLOCKS) == INVENTORY
    assert 4 <= len(SHAPES) <= 8


def test_tray_blocks_sit_below_the_table_top_without_overlap():
    boxes = []
    for b in BLOCKS:
        w, h = SHAPES[b.shape].size(b.tray_orientation)
        x, y = b.tray_pos
        assert y - h / 2 > data.TRAY_ZONE_Y  # in the tray, on the table's front edge
        assert y + h / 2 <= data.VIEW_H
        # Under the row of tiles, so the camera that frames the tiles frames the tray too.
        assert x - w / 2 >= data.SLOT_RANGES[0][0] and x + w / 2 <= data.SLOT_RANGES[-1][1]
        boxes.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1], (a, b)


def test_twenty_five_small_towers_and_one_mega():
    assert len(SMALL_TILES) == 25
    assert sorted(t.tile_id for t in SMALL_TILES) == list(range(1, 26))
    assert MEGA_TILE.mega and MEGA_TILE.points == 0
    assert len(TILES) == 26
    assert len({t.pieces for t in SMALL_TILES}) == 25  # all different
    assert len(MEGA_TILE.pieces) > max(len(t.pieces) for t in SMALL_TILES)


def test_towers_are_well_formed():
    for t in TILES.values():
        assert len(t.pieces) >= 2
        for i, (shape, orient) in enumerate(t.pieces):
            assert orient in SHAPES[shape].orientations
            if SHAPES[shape].top(orient) == 0:
                assert i == len(t.pieces) - 1  # nothing can stand on a roof
        assert fits([t])  # each tower alone can be built with the 16 blocks


def test_printed_points_follow_the_difficulty_formula():
    for t in SMALL_TILES:
        assert t.points == points_for(difficulty(t.pieces)), t.name
        assert 1 <= t.points <= 6
    assert {t.points for t in SMALL_TILES} == {1, 2, 3, 4, 5, 6}


def test_harder_towers_are_worth_more():
    ranked = sorted(SMALL_TILES, key=lambda t: difficulty(t.pieces))
    assert [t.points for t in ranked] == sorted(t.points for t in ranked)
    assert ranked[-1].points > ranked[0].points
    # More blocks make a tower harder: every prefix of a tower is easier than the tower.
    for t in TILES.values():
        for n in range(2, len(t.pieces)):
            assert difficulty(t.pieces[:n]) < difficulty(t.pieces)
    # A less stable order is harder: a cube on a pillar beats a pillar on a cube.
    up, cube = ("pillar", data.UPRIGHT), ("cube", data.UPRIGHT)
    assert difficulty((up, cube)) > difficulty((cube, up))
    assert difficulty((("beam", data.UPRIGHT), cube)) > difficulty((("beam", data.LYING), cube))


def test_sixteen_blocks_build_several_towers_but_not_all():
    smalls = list(SMALL_TILES)
    pairs = list(itertools.combinations(smalls, 2))
    assert sum(fits(p) for p in pairs) / len(pairs) > 0.75
    assert any(fits(tr) for tr in itertools.combinations(smalls, 3))
    assert not all(fits(q) for q in itertools.combinations(smalls, 4))
    assert not fits(smalls)
    assert any(fits((MEGA_TILE, t)) for t in smalls)
    assert not all(fits((MEGA_TILE, t)) for t in smalls)


def test_units_and_layout():
    assert math.isclose(data.ONE_FOOT, 30.48 * data.UNITS_PER_CM)
    ranges = data.SLOT_RANGES
    assert len(ranges) == data.ROW_SLOTS == 5
    widths = [b - a for a, b in ranges]
    assert widths[data.MEGA_SLOT] == max(widths)
    assert all(a[1] < b[0] for a, b in itertools.pairwise(ranges))
    mid = (ranges[2][0] + ranges[2][1]) / 2
    assert math.isclose(mid, data.VIEW_W / 2)


def test_rules_notes_are_printable():
    assert len(data.RULES_NOTES) >= 8
    assert all(isinstance(n, str) and n.strip() for n in data.RULES_NOTES)
    assert any("foot" in n for n in data.RULES_NOTES)


def test_two_catapults_on_one_side_stand_apart_as_drawn() -> None:
    """A stranger saw two catapults on one side overlap (the inner one's die, held back in its
    cup, sat on the outer one's deck): as drawn and loaded they stand apart, each deck on the
    painted table, the inner ones still one foot from the row."""
    from game.games.tower.data import CATAPULT_SLOTS, ONE_FOOT, VIEW_W, catapult_extent

    for side in (+1, -1):
        inner, outer = (s for s in CATAPULT_SLOTS if s.facing == side)
        a, b = sorted((catapult_extent(inner), catapult_extent(outer)))
        assert a[1] < b[0], (a, b)
        for s in (inner, outer):
            lo, hi = s.footprint
            assert lo >= 0.0 and hi <= VIEW_W
    assert CATAPULT_SLOTS[0].footprint[1] <= data.SLOT_RANGES[0][0] - ONE_FOOT + 1.0
    assert CATAPULT_SLOTS[1].footprint[0] >= data.SLOT_RANGES[-1][1] + ONE_FOOT - 1.0
