"""A mouse builder's hand starts the turn at the pointer (a stranger's sat on the sand timer's
number after Continue until the mouse moved)."""

from __future__ import annotations

import math
from typing import Any

from game.games.tower.controls import MouseBuilderControl
from game.games.tower.scene import Stage

from .test_scene import open_game


def test_the_mouse_builders_hand_starts_the_turn_at_the_pointer(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy")
    driver.step()
    at = (1150, 400)
    driver.move(at)  # the pointer, still, in the get-ready view
    scene.start_turn()  # the sand timer turned (after Continue, by whichever press)
    assert scene.stage == Stage.PLAY
    scene.draw(app.screen)
    b = scene.builder_ctl
    assert isinstance(b, MouseBuilderControl)
    hand = scene.camera.view.to_screen(b.pos)
    assert math.dist(hand, at) < 3.0, (hand, at)
