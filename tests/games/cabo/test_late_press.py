"""A press refused as too late is spent: it never also slaps the card that covered the one it
was meant for (a stranger's Right Shift on a 9 was told "Too late: the 9 is covered", and 1.5 s
later the log said he had slapped the 8 on top, for a penalty)."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from game.games.cabo.scene import CaboScene
from tests.games.cabo.scene_helpers import key_event
from tests.games.cabo.test_scene_table import notes, slaps, table

GRIDS = [["9H", "3S", "4S", "5S"], ["7D", "3H", "4H", "5H"], ["2D", "3D", "4D", "5D"]]


def eight_over_a_nine(app: Any, driver: HeadlessDriver, device: str) -> CaboScene:
    """An opening 8 has just landed over a 9 that the human (knowing a 9) meant to slap."""
    scene = table(app, driver, [device, "hard", "hard"], phase=R.Phase.FLIP, turn=1,
                  discard=["9D"], draw=["8C", "6C"], window=True, seen={0: [(0, 0)]},
                  grids=GRIDS, options=R.CaboOptions(players=3, first_starter=0,
                                                     slap_window=4.0))
    assert driver.run_until(lambda: scene.state.discard[-1] == R.card("8C")
                            and scene.landed_window == scene.state.window_id, 900)
    assert driver.run_until(lambda: scene.clock - scene.landed_at >= 1.5, 300)
    assert scene.in_grace()
    return scene


def press(app: Any, driver: HeadlessDriver, device: str, frames_held: int = 0) -> None:
    driver.step([key_event(app, device, "primary", True)])
    for _ in range(frames_held):
        driver.step()
    driver.step([key_event(app, device, "primary", False)])


def test_a_late_key_press_is_refused_and_no_slap_follows_on_the_new_card(
        app: Any, driver: HeadlessDriver) -> None:
    scene = eight_over_a_nine(app, driver, "keys2")
    press(app, driver, "keys2", frames_held=20)
    assert "Too late: the 9 is covered" in notes(scene)
    driver.run(30)
    press(app, driver, "keys2")  # the press's echo, half a second on: spent too
    assert driver.run_until(lambda: not scene.in_grace(), 300)
    assert slaps(scene) == [] and scene.state.slap is None


def test_a_late_click_is_refused_and_no_slap_follows_on_the_new_card(
        app: Any, driver: HeadlessDriver) -> None:
    scene = eight_over_a_nine(app, driver, "mouse")
    p = (round(scene.layout.discard_pos[0]), round(scene.layout.discard_pos[1]))
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1)])
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1)])
    assert "Too late: the 9 is covered" in notes(scene)
    driver.run(30)
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1)])
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1)])
    driver.run(120)
    assert slaps(scene) == [] and scene.state.slap is None
