"""The keyboard builder's guards (a stranger's playtest): Space with an empty hand never
takes a block off a standing tower at one press, and Q / E move a held block to another
tower."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.controls import CursorBuilderControl
from game.games.tower.data import BLOCKS, DIE_SIZE, SLOT_RANGES

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


def _one_cube_and_another_held(app: Any, driver: Any) -> tuple[Any, CursorBuilderControl, int]:
    """The Twin cubes' first cube set, the second carried over it by Tab."""
    scene, b = _keyboard_scene(app, driver, TWIN_ROW)
    press(driver, pygame.K_TAB)
    press(driver, pygame.K_SPACE)
    driver.run(40)
    j = next(j for j in scene.turn.judgements() if j.slot == 0)
    assert j.progress == 1
    press(driver, pygame.K_TAB)
    assert scene.world.hand.held_block is not None
    return scene, b, j.stack[0]


def test_tab_holds_a_block_clear_of_a_die_on_the_tower(app: Any, driver: Any) -> None:
    scene, b, cube = _one_cube_and_another_held(app, driver)
    world = scene.world
    seat = next(iter(world.catapults))
    die = world.catapults.fire(seat)
    assert die is not None
    x, y, _ = world.block_pose(cube)
    top = min(p[1] for poly in world.block_polygons(cube) for p in poly)
    body = world.dice[die].body
    body.position = (x, top - DIE_SIZE / 2.0)  # a die lying on the cube
    body.velocity = (0.0, 0.0)
    before = b.pos
    assert b.jump(scene.turn, 0)  # Tab again: over the tower, now above the die
    # the held block's foot goes as far above the die's top as it went above the cube's
    assert b.pos[0] == before[0] and b.pos[1] <= before[1] - DIE_SIZE * 0.7, (b.pos, before)


def test_tab_never_takes_a_block_over_a_knocked_pile(app: Any, driver: Any) -> None:
    scene, b, cube = _one_cube_and_another_held(app, driver)
    world = scene.world
    held = world.hand.held_block
    world.blocks[cube].body.angle = 0.7  # the cube knocked onto a corner: toppled
    world.touch()
    j = next(j for j in scene.turn.judgements() if j.slot == 0)
    assert j.reason == "toppled", j
    assert b.jump(scene.turn, 0)
    spec = next(s for s in BLOCKS if s.block_id == held)
    assert b.pos == spec.tray_pos  # over its tray spot, not the pile
    assert "cannot take a block as it stands" in b.note
