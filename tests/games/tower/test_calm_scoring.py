"""Reduced motion at the scoring: a won tile's new card is in place at once (no drop from
above), the stamps and the Mega's burst are whole at once (no pop-in overshoot), and won cards
fade where they hang (a stranger with reduced motion on saw no difference in Tower)."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.demos import place_tower
from game.games.tower.scene import Stage

from .test_scene import ROW, fast_forward, open_game


def test_with_reduced_motion_new_cards_drop_in_nowhere_and_stamps_do_not_pop(
        app: Any, driver: Any) -> None:
    app.settings.accessibility.reduced_motion = True
    try:
        scene = open_game(app, "mouse", "ai:easy", row=list(ROW))
        driver.step()
        driver.click((640, 400))
        assert scene.turn is not None
        place_tower(scene.turn.world, 0, ROW[0])
        scene.turn.world.settle(1.0)
        fast_forward(driver, scene, Stage.JUDGE)
        plan = scene.plan
        assert plan is not None and plan.drops and plan.flights
        view = scene.table_view
        start, slot, new = plan.drops[0]
        scene.stage_t = start + 0.05
        assert view.slot_view(slot)[:2] == (new, 0.0)  # in place, not 300 px above
        assert view._pop(0.05) == 1.0
        fstart, fslot, _ = plan.flights[0]
        x, y, scale, alpha = view.flight_pose(fslot, 0.5)
        assert (x, y, scale) == (view.flight_pose(fslot, 0.0)[:3]) and alpha < 255
        scene.draw(pygame.Surface((1280, 720)))
        app.settings.accessibility.reduced_motion = False
        assert view.slot_view(slot)[1] < -50.0  # the drop, as it is without
        assert view._pop(0.05) < 1.0
    finally:
        app.settings.accessibility.reduced_motion = False
