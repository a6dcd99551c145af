"""The tray's block names ("Roof x1") are the human builder's help: an AI's build shows none."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.tower.camera import turn_view
from game.games.tower.data import BLOCKS, SHAPES, TABLE_Y
from game.ui import text, theme
from tests.games.tower.test_scene import open_game
from tests.ui.layout import Words, observing


def _tray_words(app: Any, driver: Any, *specs: str) -> list[str]:
    scene = open_game(app, *specs)
    scene.start_turn()
    driver.run(3)
    with observing(Words()) as seen:
        scene.draw(app.screen)
    names = {s.name for s in SHAPES.values()}
    return [w for w in seen.words if w.split(" x")[0] in names]


def test_an_ai_build_draws_no_tray_labels(app: Any, driver: Any) -> None:
    assert _tray_words(app, driver, "ai:easy", "mouse") == []


def test_a_human_build_names_the_tray(app: Any, driver: Any) -> None:
    assert len(_tray_words(app, driver, "mouse", "ai:easy")) >= 5


class _Seen:
    def __init__(self) -> None:
        self.labels: list[tuple[str, pygame.Rect]] = []

    def text(self, surface: object, rect: pygame.Rect, label: str, img: pygame.Surface) -> None:
        if label.split(" x")[0] in {s.name for s in SHAPES.values()}:
            self.labels.append((label, img.get_bounding_rect(min_alpha=40).move(rect.topleft)))

    def panel(self, surface: object, rect: object) -> None:
        pass

    def rendered(self, img: object, label: str) -> None:
        pass


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("rise", [100.0, 200.0, 240.0, 270.0, 300.0, 400.0])
def test_tray_names_cover_little_of_their_blocks_however_far_the_view_draws_out(
        app: Any, driver: Any, rise: float, large: bool) -> None:
    """A tower built tall draws the builder's view out (zoom 1.875 down to 1.0): the tray gets
    small, and the back row's names, pushed under the rim, hid most of the long and short
    beams. Every name stays whole on the screen and its letters cover at most a quarter of
    any block in the tray (the back row's names go over the rim), with larger text too."""
    if large:
        text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        _check_tray_names(app, driver, rise)
    finally:
        text.set_scale(1.0)


def _check_tray_names(app: Any, driver: Any, rise: float) -> None:
    scene = open_game(app, "mouse", "ai:easy")
    scene.start_turn()
    driver.run(3)
    scene.stage_t = 100.0  # the turn's first tips are gone
    scene.turn_view = turn_view(TABLE_Y - rise, [])
    driver.run(10)
    seen = _Seen()
    text.observe(seen)
    try:
        scene.draw(app.screen)
    finally:
        text.observe(None)
    assert len(seen.labels) == 6, seen.labels
    view = scene.table_view
    boxes = []
    for b in BLOCKS:
        pts = [view.to_screen(p) for poly in scene.world.block_polygons(b.block_id)
               for p in poly]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        boxes.append(pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    for label, ink in seen.labels:
        assert app.screen.get_rect().contains(ink), (label, ink)
        for box in boxes:
            if ink.colliderect(box):
                assert ink.clip(box).h <= 0.25 * box.h, (scene.camera.view.zoom, label, ink, box)
