"""A note on a tower lies beside the blocks it talks about, never over them: a stranger's
"Signpost hangs off its tile" lay over the Signpost itself (a block off its tile is in no
tower, so the note went where the tower's top would have been)."""

from __future__ import annotations

from typing import Any

import pytest

from game.games.tower.camera import clamp_view
from game.games.tower.data import BLOCKS, TILES
from game.games.tower.worlddata import Where

from .test_scene import open_game

SIGNPOST = 9


@pytest.mark.parametrize("dx", [10.0, 25.0])
def test_a_hangs_off_note_lies_clear_of_the_signpost(app: Any, driver: Any, dx: float) -> None:
    row: list[int | None] = [20, SIGNPOST, 0, 11, 4]
    scene = open_game(app, "mouse", "ai:easy", row=row)
    driver.step()
    driver.click((640, 400))
    driver.run(5)
    world = scene.world
    stack: tuple[int, ...] = ()
    for piece in TILES[SIGNPOST].pieces:  # built whole, a little off its tile
        bid = next(b.block_id for b in BLOCKS
                   if b.shape == piece[0] and world.block_where(b.block_id) == Where.TRAY)
        x, y, a = world.reading.placement_pose(1, stack, piece)
        world.hand.place(bid, x + dx, y - 0.5, a)
        for _ in range(10):
            world.step()
        stack += (bid,)
    driver.run(30)
    assert scene.judgements[1].reason == "not on the tile"
    scene.camera.cut(clamp_view(1.0, 0.0, 0.0))  # the whole room, the note's widest place
    scene._update_camera = lambda dt: None
    scene.fx.notes = {1: ("Signpost hangs off its tile", 3.0)}
    scene.draw(app.screen)
    view = scene.table_view
    note = view.note_plates[1]
    boxes = view._block_boxes(scene.camera.view)
    assert len(boxes) == 2
    assert not any(note.colliderect(b) for b in boxes), (note, boxes)
    assert not any(note.colliderect(p) for p in view.hint_plates)
    assert note.bottom <= min(b.top for b in boxes) or note.left >= max(
        b.right for b in boxes) or note.right <= min(b.left for b in boxes)  # beside them
