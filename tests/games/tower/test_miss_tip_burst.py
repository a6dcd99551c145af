"""A keys saboteur's "Missed: A/D ... W/S to turn" tip keeps off a comic burst: a stranger's
"HIT!" burst hid it."""

from __future__ import annotations

import math
from typing import Any

from game.games.tower.effects import Popup, popup_rect
from game.ui import theme
from tests.games.tower.test_scene import open_game


def test_the_missed_tip_keeps_off_a_hit_burst(app: Any, driver: Any) -> None:
    scene = open_game(app, "ai:easy", "keys1", seed=3)
    scene.start_turn()
    driver.step()
    view = scene.table_view
    seat = 1
    assert scene.turn is not None
    scene.turn.world.catapults.aim(seat, math.radians(60.0), 0.5)
    view.miss_hint[seat] = scene.real_time + 5.0
    driver.step(draw=True)
    note = view.aim_notes[seat]
    assert note.w > 0 and view.miss_words(seat).startswith("Missed:")
    scene.fx.popups.append(Popup("HIT!", note.centerx, note.centery, 5.0, 26,
                                 (theme.SPARK, theme.INK_3)))
    for _ in range(3):
        driver.step(draw=True)
        note = view.aim_notes[seat]
        for pop in scene.fx.popups:
            x0, y0, x1, y1 = popup_rect(pop)
            assert not note.colliderect((round(x0), round(y0), round(x1 - x0),
                                         round(y1 - y0))), (tuple(note), pop)
