"""The Needle's tall light piece is the long beam standing on its end: a stranger took it for a
pillar, let a pillar go there, read "That spot needs the long beam, not a pillar" and could not
tell which tray piece that was (4 s of a 30 s turn). The refusal says how the piece stands,
and while it shows the tray's long beams are ringed in gold."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.data import BLOCKS
from game.games.tower.effects import how_it_stands, refusal_note
from game.games.tower.guide import GOLD
from game.games.tower.worlddata import Where

from .test_scene import drop_from_tray, open_game, screen_of

NEEDLE_ROW = [20, 2, 0, 3, 4]
"""The Needle (a long beam standing on its end, then a cube), Hut, Mega, Twin cubes, Cottage."""


def test_a_pillar_on_the_needles_spot_is_told_the_standing_long_beam(app: Any,
                                                                     driver: Any) -> None:
    scene = open_game(app, "mouse", "keys1", row=NEEDLE_ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.turn is not None
    world = scene.turn.world
    pillar = next(b.block_id for b in BLOCKS
                  if b.shape == "pillar" and world.block_where(b.block_id) == Where.TRAY)
    x, y, _ = world.reading.placement_pose(0, (), ("pillar", "upright"))
    drop_from_tray(driver, scene, pillar, x, y)
    driver.run(10)
    assert world.block_where(pillar) == Where.TRAY  # refused, back in the tray
    said = scene.fx.refusals[0][0]
    assert said == "That spot needs the long beam, standing on its end, not a pillar"
    scene.draw(app.screen)
    view = scene.table_view
    assert set(view.tray_marks) == {"beam"}  # the tray's long beams, ringed in gold
    ring = view.tray_marks["beam"]
    for b in BLOCKS:  # round every long beam left in the tray, and no other block
        r = pygame.Rect(screen_of(scene, b.tray_pos), (1, 1))
        assert ring.contains(r) == (b.shape == "beam"), b
    assert tuple(app.screen.get_at((ring.left + 1, ring.centery)))[:3] == GOLD
    # Gone with the refusal.
    scene.fx.refusals.clear()
    scene.draw(app.screen)
    assert view.tray_marks == {}


def test_each_piece_is_told_how_it_stands() -> None:
    assert how_it_stands(("beam", "upright")) == "standing on its end"
    assert how_it_stands(("plank", "upright")) == "standing on its end"
    assert how_it_stands(("beam", "lying")) == "lying flat"
    assert how_it_stands(("pillar", "upright")) == "standing up"
    assert how_it_stands(("cube", "upright")) == ""
    # The Tee: a short beam on its end, then one lying flat across it.
    assert refusal_note(21, "cube", "plank", 1) == \
        "That spot needs the short beam, lying flat, not a cube"
    assert refusal_note(21, "arch", "plank", 0) == \
        "That spot needs the short beam, standing on its end, not an arch"
    assert refusal_note(2, "cube", "roof", 1) == "That spot needs the roof, not a cube"
