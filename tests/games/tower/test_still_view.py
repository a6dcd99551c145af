"""The turn's view is chosen once and never moves while a tower rises (issue rule: nothing
under the builder's pointer moves unless the player moves it; a stranger's view zoomed out by
itself mid-build as his tower grew); a block under the top bar shows through it instead."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.data import BLOCKS, TILES
from game.games.tower.scene import Stage
from game.games.tower.worlddata import Where

from .test_scene import open_game

ROW = [25, 6, 0, 1, 14]
"""Temple, Bridge, the Mega (slot 2), Bench, Aqueduct."""


def test_the_view_holds_while_the_mega_rises_to_its_full_height_and_the_bar_fades(
        app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", row=list(ROW))
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY and scene.turn is not None
    scene.sab_ctls.clear()
    scene.match.dice_left = {s: 0 for s in scene.match.dice_left}  # no die: the view's test
    view = scene.camera.view
    origin = scene.table_view.to_screen((0.0, 0.0))
    assert not scene.table_view.top_bar_faded()
    world = scene.turn.world
    stack: tuple[int, ...] = ()
    for n, piece in enumerate(TILES[0].pieces, 1):  # block by block, as a builder sets them
        bid = next(b.block_id for b in BLOCKS if b.shape == piece[0]
                   and world.block_where(b.block_id) == Where.TRAY)
        x, y, a = world.reading.placement_pose(2, stack, piece)
        world.hand.place(bid, x, y - 0.5, a)
        stack += (bid,)
        world.settle(0.2)
        driver.run(4)
        assert scene.camera.view == view, n
        assert scene.table_view.to_screen((0.0, 0.0)) == origin
    driver.run(32)  # half a second, the hand empty: the old view stepped out then
    assert scene.camera.view == view and scene.table_view.to_screen((0.0, 0.0)) == origin
    j = scene.judgements[2]
    assert j.progress == len(TILES[0].pieces), j
    # The Mega's roof stands under the top bar: the bar is drawn faint over it.
    assert scene.table_view.top_bar_faded()
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
