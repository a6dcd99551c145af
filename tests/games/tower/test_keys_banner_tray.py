"""With larger text the keys builder's banner, moved off tall towers, came down over the tray
and hid the block names (a stranger): it keeps off the tray and its names."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower import art
from game.ui import text, theme

from .test_scene import ROW, open_game


def test_the_keys_banner_moved_off_the_towers_keeps_off_the_tray(app: Any, driver: Any) -> None:
    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        row: list[int | None] = list(ROW)
        scene = open_game(app, "keys1", "ai:easy", row=row)
        driver.step()
        driver.key(pygame.K_SPACE)
        driver.run(20)
        driver.step(draw=True)
        view = scene.table_view
        banner = view.hint_plates[0]
        assert view.tray_labels
        v = scene.camera.view
        (x0, y0), (x1, y1) = (v.to_screen(p) for p in (art.TRAY_RECT.topleft,
                                                        art.TRAY_RECT.bottomright))
        tray = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
        # tall towers on every pad, up past where the banner stands
        towers = [pygame.Rect(0, 100, 1280, round(y0) - 140)]
        got = view._off_towers(banner.copy(), towers, [])
        assert got.size == banner.size
        assert not got.colliderect(tray), (tuple(got), tuple(tray))
        assert not any(got.colliderect(lb) for lb in view.tray_labels)
        assert not any(got.colliderect(view.card_rect(s)) for s in range(5))
    finally:
        text.set_scale(1.0)
