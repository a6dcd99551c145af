"""A Tab note about a fallen block goes as soon as its tower no longer needs that block: a
stranger's "TAB picks up a fallen pillar for the Column" stayed up with the Column rebuilt."""

from __future__ import annotations

from typing import Any

import pygame

from .test_jump import _beam_knocked_off, _keyboard_scene, press


def test_the_fallen_block_note_goes_once_the_block_is_set_on_its_tower(
        app: Any, driver: Any) -> None:
    scene, b = _keyboard_scene(app, driver)
    _beam_knocked_off(scene, driver, b)
    press(driver, pygame.K_TAB)
    assert b.note == "TAB picks up a fallen long beam for the Bench" and b.note_left > 0
    driver.run(5)
    assert b.note_left > 0  # still wanted: the beam is in the hand, not yet on the Bench
    press(driver, pygame.K_SPACE)
    driver.run(40)
    assert scene.turn is not None and scene.turn.judgements()[0].progress == 1
    assert b.note_left == 0.0  # the Bench needs a cube now: the note is gone
