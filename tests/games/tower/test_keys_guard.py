"""The keyboard builder's guards (a stranger's playtest): Space with an empty hand never
takes a block off a standing tower at one press, and Q / E move a held block to another
tower."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.controls import CursorBuilderControl
from game.games.tower.data import SLOT_RANGES

from .test_jump import _keyboard_scene, press

TWIN_ROW: list[int | None] = [3, 4, 0, 1, 2]
"""Twin cubes (cube, cube), Cottage, Mega, Bench, Hut."""


def _built_twin(app: Any, driver: Any) -> tuple[Any, CursorBuilderControl, Any]:
    scene, b = _keyboard_scene(app, driver, TWIN_ROW)
    for _ in range(2):
        press(driver, pygame.K_TAB)
        press(driver, pygame.K_SPACE)
        driver.run(40)
    j = next(j for j in scene.turn.judgements() if j.slot == 0)
    assert j.complete, j
    return scene, b, j


def test_space_over_a_finished_tower_asks_before_lifting_its_top_block(
        app: Any, driver: Any) -> None:
    scene, b, j = _built_twin(app, driver)
    top = j.stack[-1]
    b.pos = b._grab_point(scene.turn, top)
    press(driver, pygame.K_SPACE)
    assert scene.world.hand.held_block is None and not b.carrying
    assert b.note == "SPACE again to lift the Twin cubes' top block" and b.note_left > 0.0
    press(driver, pygame.K_SPACE)  # the second press means it
    assert scene.world.hand.held_block == top and b.carrying


def test_space_over_the_tray_still_grabs_at_once(app: Any, driver: Any) -> None:
    scene, b, _ = _built_twin(app, driver)
    press(driver, pygame.K_TAB)  # the hand to the Cottage's next block in the tray
    assert scene.world.hand.held_block is not None  # Tab takes it at once
    press(driver, pygame.K_SPACE)
    driver.run(40)
    assert scene.world.hand.held_block is None


def test_q_and_e_carry_a_held_block_to_another_tower(app: Any, driver: Any) -> None:
    scene, b = _keyboard_scene(app, driver, TWIN_ROW)
    press(driver, pygame.K_TAB)
    held = scene.world.hand.held_block
    assert held is not None and SLOT_RANGES[0][0] <= b._held_x(scene.turn) <= SLOT_RANGES[0][1]
    angle = scene.world.hand.held_angle
    press(driver, pygame.K_e)
    assert scene.world.hand.held_block == held and b.carrying
    assert b.fetch_for == 1 and scene.world.hand.held_angle == angle  # moved, not turned
    assert SLOT_RANGES[1][0] <= b._held_x(scene.turn) <= SLOT_RANGES[1][1]
    press(driver, pygame.K_q)
    assert b.fetch_for == 0
    assert SLOT_RANGES[0][0] <= b._held_x(scene.turn) <= SLOT_RANGES[0][1]


def test_a_block_lifted_off_a_tower_and_held_at_time_up_is_said_on_the_score_sheet(
        app: Any, driver: Any) -> None:
    scene, b, j = _built_twin(app, driver)
    b.pos = b._grab_point(scene.turn, j.stack[-1])
    press(driver, pygame.K_SPACE)
    press(driver, pygame.K_SPACE)
    assert scene.world.hand.held_block == j.stack[-1]
    scene.turn.finish_now()
    for _ in range(40):
        driver.run(30)
        if scene.result is not None:
            break
    assert scene.result is not None
    notes = scene.table_view.last_turn_notes()
    assert any("Twin cubes' cube was still in hand when the sand ran out" in n
               for n in notes), notes
