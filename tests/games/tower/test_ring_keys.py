"""The keyboard builder's gold ring never sticks: Q and E always move it to the next or previous
open tile, the Mega's too, and say why when that tower has no block to take; Tab on a ringed
tower it cannot serve says why and moves the ring on. A stranger's ring stayed on a knocked
tower: Q and E no longer moved it and Tab and Space did nothing for 10 s."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.data import ORIENTATION_ANGLE, SHAPES, SLOT_RANGES, TABLE_Y

from .test_jump import _built_on, _keyboard_scene, press


def _no_long_beams(scene: Any, driver: Any) -> None:
    """Every long beam knocked onto the Twin cubes' pad and taken with won towers: the Bench
    and the Mega cannot get their first block, the Twin cubes has nothing to lift."""
    world = scene.world
    _, bh = SHAPES["beam"].size("lying")
    for k, bid in enumerate(i for i in range(16) if world.block_shape(i) == "beam"):
        world.hand.place(bid, sum(SLOT_RANGES[3]) / 2.0, TABLE_Y - bh * (k + 0.5) - 0.5 * (k + 1),
                         ORIENTATION_ANGLE["lying"])
        world.hand.locked.add(bid)
    driver.run(30)


def test_q_and_e_step_the_ring_through_every_open_tile_the_mega_too(
        app: Any, driver: Any) -> None:
    scene, b = _keyboard_scene(app, driver)
    _no_long_beams(scene, driver)
    _built_on(scene, b, 1)  # the Cottage
    rings, notes = [], []
    for _ in range(5):
        press(driver, pygame.K_e)
        rings.append(scene.table_view.key_target())
        notes.append(b.note if b.note_left > 0 else "")
    assert rings == [2, 3, 4, 0, 1]
    assert notes[0].startswith("No long beam left for the Mega"), notes
    assert notes[1] == "Nothing to take for the Twin cubes now"
    assert notes[3].startswith("No long beam left for the Bench"), notes
    assert scene.world.block_shape(scene.world.hand.block_at(b.pos) or 0) == "plank"
    press(driver, pygame.K_q)
    press(driver, pygame.K_q)
    assert scene.table_view.key_target() == 4


def test_q_moves_the_ring_off_a_knocked_tower_with_nothing_to_lift(
        app: Any, driver: Any) -> None:
    scene, b = _keyboard_scene(app, driver)
    _no_long_beams(scene, driver)
    _built_on(scene, b, 3)  # the Twin cubes, now knocked under locked beams
    assert scene.turn.judgements()[3].reason not in ("empty", "unfinished")
    assert scene.table_view.key_target() == 3
    press(driver, pygame.K_q)
    assert scene.table_view.key_target() == 2  # the Mega, the tile before it
    press(driver, pygame.K_q)
    assert scene.table_view.key_target() == 1
    assert scene.world.block_shape(scene.world.hand.block_at(b.pos) or 0) == "plank"


def test_tab_on_a_ringed_tower_it_cannot_serve_says_why_and_moves_the_ring_on(
        app: Any, driver: Any) -> None:
    scene, b = _keyboard_scene(app, driver)
    _no_long_beams(scene, driver)
    _built_on(scene, b, 0)  # the Bench: its long beam is gone
    press(driver, pygame.K_TAB)
    assert b.note.startswith("No long beam left for the Bench"), b.note
    held = scene.world.hand.held_block
    assert held is not None and scene.world.block_shape(held) == "plank"  # the Cottage's
    assert b.target_slot(scene.turn) == 1
    press(driver, pygame.K_SPACE)
    driver.run(30)
    _built_on(scene, b, 3)  # the knocked Twin cubes: nothing of it to lift
    press(driver, pygame.K_TAB)
    assert b.note == "Nothing to take for the Twin cubes: TAB fetches for the Cottage", b.note
    assert b.target_slot(scene.turn) == 1 and scene.table_view.key_target() == 1
