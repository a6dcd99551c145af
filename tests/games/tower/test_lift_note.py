"""A Tab note about a fallen block goes as soon as its tower no longer needs that block: a
stranger's "TAB picks up a fallen pillar for the Column" stayed up with the Column rebuilt."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.data import ORIENTATION_ANGLE, SHAPES, SLOT_RANGES, TABLE_Y

from .test_jump import _built_on, _keyboard_scene, press


def test_the_fallen_block_note_goes_once_the_block_is_set_on_its_tower(
        app: Any, driver: Any) -> None:
    scene, b = _keyboard_scene(app, driver)
    world = scene.world
    beams = [i for i in range(16) if world.block_shape(i) == "beam"]
    _, bh = SHAPES["beam"].size("lying")
    world.hand.place(beams[0], sum(SLOT_RANGES[3]) / 2.0, TABLE_Y - bh / 2.0 - 0.5,
                     ORIENTATION_ANGLE["lying"])  # knocked onto another tower's pad
    for k, other in enumerate(beams[1:]):  # the others taken with won towers
        world.hand.place(other, sum(SLOT_RANGES[4]) / 2.0,
                         TABLE_Y - bh * (k + 0.5) - 0.5 * (k + 1), ORIENTATION_ANGLE["lying"])
        world.hand.locked.add(other)
    driver.run(30)
    _built_on(scene, b, 0)  # building the Bench (a long beam, then a cube)
    press(driver, pygame.K_TAB)
    assert b.note == "TAB picks up a fallen long beam for the Bench" and b.note_left > 0
    driver.run(5)
    assert b.note_left > 0  # still wanted: the beam is in the hand, not yet on the Bench
    press(driver, pygame.K_SPACE)
    driver.run(40)
    assert scene.turn is not None and scene.turn.judgements()[0].progress == 1
    assert b.note_left == 0.0  # the Bench needs a cube now: the note is gone
