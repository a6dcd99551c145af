"""The judge's end-of-turn notes keep off the towers they explain, off each other and off the
tray (a stranger's three notes stacked down over the towers and onto the tray)."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower import art
from game.games.tower.data import ROW_SLOTS
from game.games.tower.rules import TileJudgement
from game.games.tower.scene import Stage
from tests.games.tower.test_scene import fast_forward, open_game


def test_three_or_more_judge_notes_cover_no_tower_no_note_and_not_the_tray(
        app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy")
    driver.step()
    driver.click((640, 400))
    fast_forward(driver, scene, Stage.JUDGE)
    view = scene.table_view
    placed: list[pygame.Rect] = []
    for slot in range(ROW_SLOTS):
        tid = scene.turn_row[slot]
        if tid is None:
            continue
        j = TileJudgement(slot, tid, False, "wrong order", 0, (), 0, "arch")
        view._draw_why(app.screen, j, art.card_rect(slot), placed)
    assert len(placed) >= 3
    towers = view.tower_rects()
    assert towers
    tray = scene.camera.view.to_screen((0.0, float(art.TRAY_RECT.y)))[1]
    for i, r in enumerate(placed):
        assert app.screen.get_rect().contains(r), r
        assert r.collidelist(towers) < 0, (r, towers)
        assert r.bottom <= tray + 4, (r, tray)
        assert not any(r.colliderect(o) for o in placed[:i]), (r, placed)
