"""Reduced motion (Settings) and the table's bursts: a stranger with it on found KABOOM! and
TIME! no calmer. With it on they are smaller, hold still (no pop-in past full size, no rise)
and fade in and out, and the table does not shake."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.effects import Popup
from game.games.tower.view import CALM_SCALE

from .test_scene import open_game


def _drawn(scene: Any, age: float) -> tuple[pygame.Rect, int]:
    """The burst's area on a clear screen at `age`, and its most opaque pixel's alpha."""
    surf = pygame.Surface((1280, 720), pygame.SRCALPHA)
    scene.fx.popups[0].age = age
    scene.table_view._draw_popups(surf, 0, 0)
    box = surf.get_bounding_rect(min_alpha=1)
    alpha = max((surf.get_at((x, box.centery))[3] for x in range(box.left, box.right)),
                default=0)
    return box, alpha


def test_bursts_are_smaller_still_and_fading_with_reduced_motion(app: Any, driver: Any) -> None:
    scene = open_game(app, "ai:easy", "ai:easy")
    scene.start_turn()
    driver.run(3)
    scene.fx.popups = [Popup("KABOOM!", 640.0, 360.0, 1.1, 26)]
    full = [_drawn(scene, a)[0] for a in (0.1, 0.2, 0.5)]
    assert len({r.size for r in full}) > 1 or full[0].centery != full[-1].centery  # it moves
    app.settings.accessibility.reduced_motion = True
    calm = [_drawn(scene, a) for a in (0.02, 0.1, 0.2, 0.5, 0.9, 1.05)]
    boxes = [r for r, _ in calm if r.w]
    assert len({(r.size, r.center) for r in boxes}) == 1, boxes  # one size, one place
    biggest = max(full, key=lambda r: r.w)
    assert boxes[0].w <= biggest.w * (CALM_SCALE + 0.05), (boxes[0], biggest)
    alphas = [a for _, a in calm]
    assert alphas[0] < alphas[3] and alphas[-1] < alphas[3], alphas  # fades in and out
    app.settings.accessibility.reduced_motion = False
    scene.fx.popups = [Popup("TIME!", 640.0, 360.0, 1.3, 44)]
    loud = _drawn(scene, 0.6)[0]
    app.settings.accessibility.reduced_motion = True
    quiet = _drawn(scene, 0.6)[0]
    assert 0 < quiet.w <= loud.w * (CALM_SCALE + 0.05), (quiet, loud)


def test_no_shake_with_reduced_motion(app: Any, driver: Any) -> None:
    app.settings.accessibility.reduced_motion = True
    scene = open_game(app, "ai:easy", "ai:easy")
    scene.start_turn()
    driver.run(3)
    scene.fx.kaboom(1)
    scene.fx.mega()
    scene.fx.update(1 / 60)
    assert scene.fx.shake == 0.0 and scene.fx.shake_off == (0, 0)
