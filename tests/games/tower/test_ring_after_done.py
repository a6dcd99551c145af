"""After a tower is finished the gold ring moves on by itself; Q and E step from that ringed
tower. A stranger's ring stayed on his finished Needle (Tab's last fetch was for it), and E
went on from the Post the ring should have moved to, to the Mega."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.controls import CursorBuilderControl

from .test_jump import _built_on, _keyboard_scene, press

NEEDLE_ROW: list[int | None] = [20, 7, 0, 21, 15]
"""Needle, Post, Mega, Tee, Watchtower (the stranger's row)."""


def _needle_finished(app: Any, driver: Any) -> tuple[Any, CursorBuilderControl]:
    scene, b = _keyboard_scene(app, driver, NEEDLE_ROW)
    _built_on(scene, b, 0)
    for _ in range(2):  # Tab fetches each block, Space lets go on it
        press(driver, pygame.K_TAB)
        press(driver, pygame.K_SPACE)
        driver.run(40)
    assert scene.turn.judgements()[0].complete
    return scene, b


def test_the_ring_moves_off_a_finished_tower_and_e_steps_on_from_it(
        app: Any, driver: Any) -> None:
    scene, b = _needle_finished(app, driver)
    b.fetch_for = 0  # Tab's last fetch was for the Needle, now finished
    ringed = scene.table_view.key_target()
    assert ringed == b.target_slot(scene.turn) == 1  # the Post, shown as the choice
    press(driver, pygame.K_e)
    assert scene.table_view.key_target() == 2  # the tile after the Post
    press(driver, pygame.K_q)
    assert scene.table_view.key_target() == 1


def test_e_after_a_finished_tower_goes_to_the_tile_after_the_ringed_one(
        app: Any, driver: Any) -> None:
    scene, b = _needle_finished(app, driver)
    assert scene.table_view.key_target() == 1
    press(driver, pygame.K_q)  # back round the row, past the finished Needle
    assert scene.table_view.key_target() == 4
