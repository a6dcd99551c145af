"""Couch: a human saboteur's hint ("A/D power · W/S angle · LEFT SHIFT fires") keeps off her
own aim preview: a stranger's hint hid the dots of the flight coming in from her screen edge."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.tower.test_scene import open_game


@pytest.mark.parametrize("angle", [0.5, 1.1, 1.3])
def test_a_saboteurs_hint_covers_none_of_her_aim_dots(app: Any, driver: Any,
                                                      angle: float) -> None:
    scene = open_game(app, "mouse", "keys1", "keys2", seed=3)
    scene.start_turn()
    driver.run(30)
    view = scene.table_view
    for cat in scene.world.catapults.values():
        cat.aim_angle = angle  # high: the flight comes in past the hints at the edges
    driver.step(draw=True)
    assert set(view.preview_shown) == {1, 2}  # both keyboards aim, their flights drawn
    names = {scene.seats[s].name: s for s in (1, 2)}
    hints = 0
    for plate in view.hint_plates:
        for name, seat in names.items():
            dots = [view.to_screen(p) for p in view.preview_shown[seat]]
            if any(plate.collidepoint(d) for d in dots):
                raise AssertionError((name, plate, angle))
        hints += 1
    assert hints >= 3  # the builder's tips and each saboteur's keys
