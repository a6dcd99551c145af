"""The "Faster" button sits clear of the tray and the catapults however the camera frames the
table: a stranger's sat on the tray's corner in a close view."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.tower.camera import FULL, View

from .test_hurry import all_built
from .test_scene import ROW, open_game

CLOSE_RIGHT = View(1.4, 9.4, 202.0)
"""A close view with the tray reaching the screen's bottom-right corner (the stranger's)."""
CLOSE_LEFT = View(1.4, -40.0, 202.0)
"""A close view with the tray in the screen's bottom-left."""


@pytest.mark.parametrize("view", [FULL, CLOSE_RIGHT, CLOSE_LEFT])
def test_the_faster_button_covers_neither_the_tray_nor_a_catapult(
        app: Any, driver: Any, view: View) -> None:
    scene = open_game(app, "keys1", "ai:easy", "ai:easy", row=ROW)
    driver.step()
    driver.key(pygame.K_SPACE)
    all_built(scene)
    assert scene.hurry_offered()
    scene.turn_view = view
    scene.camera.cut(view)
    scene.draw(app.screen)
    tv = scene.table_view
    r = tv.hurry_rect()
    assert app.screen.get_rect().contains(r)
    for a in tv.hurry_avoids():
        assert not r.colliderect(a), (r, a)
    assert not tv.hurry_cap.colliderect(tv.hurry_avoids()[0])
    was = scene.hurried
    driver.click(r.center)  # it presses where it is drawn
    assert scene.hurried != was
