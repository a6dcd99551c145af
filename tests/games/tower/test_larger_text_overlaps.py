"""Settings' larger text, seen by a stranger in a real window (and the couch view at normal
size): the get-ready screen's hint line "Ben: Press anywhere..." was cut through by the
"Press SPACE to turn the sand timer" outline; the tray's back-row names, drawn over the rim
when the view draws out, lay on the gold arrows at the Tab pad's ends; "Cleo" sat on
"BUILDER", and "BUILDER" on its chip's border. Nothing overlaps at either size."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.games.tower import hud
from game.games.tower.camera import turn_view
from game.games.tower.data import SHAPES, TABLE_Y
from game.games.tower.scene import Stage
from game.games.tower.tilechoice import SABS_LINE_GAP
from game.ui import text, theme

from .test_choice import ready
from .test_scene import open_game

SIZES = [pytest.param(False, id="normal"), pytest.param(True, id="large")]


class Inks:
    """Every text's ink, by the surface it went on."""

    def __init__(self) -> None:
        self.seen: list[tuple[object, str, pygame.Rect]] = []

    def text(self, surface: object, rect: pygame.Rect, label: str, img: pygame.Surface) -> None:
        self.seen.append((surface, label, img.get_bounding_rect(min_alpha=40).move(rect.topleft)))

    def panel(self, surface: object, rect: object) -> None:
        pass

    def rendered(self, img: object, label: str) -> None:
        pass

    def on(self, surface: object) -> list[tuple[str, pygame.Rect]]:
        return [(label, r) for s, label, r in self.seen if s is surface]


def _inks_drawing(draw: Callable[[], object]) -> Inks:
    """Every text's ink while draw() draws."""
    inks = Inks()
    text.observe(inks)
    try:
        draw()
    finally:
        text.observe(None)
    return inks


def _sized(large: bool) -> None:
    text.set_scale(theme.LARGE_TEXT_SCALE if large else 1.0)
    text.forget_cached_drawings()


@pytest.mark.parametrize("large", SIZES)
def test_the_get_ready_prompt_keeps_clear_of_the_saboteurs_lines(app: Any, driver: Any,
                                                                 large: bool) -> None:
    _sized(large)
    try:
        scene = open_game(app, "keys1", "mouse", "keys2")
        ready(driver, scene)
        picker = scene.picker
        assert picker.cursor.kind == "timer"  # the outline is round the prompt
        for t in (0.0, math.pi / 10, 3 * math.pi / 10):  # the prompt bobs: level, down, up
            scene.time = t
            inks = _inks_drawing(lambda: scene.draw(app.screen))
            lines = inks.on(app.screen)
            hint = [r for label, r in lines if label.startswith("Human 2: ")]
            sabs = [r for label, r in lines if label.startswith("Saboteurs, ")]
            assert hint and sabs, lines
            box = picker.prompt_box.inflate(0, 4)  # at its highest and lowest
            for label, r in lines:
                if "sand timer" in label and "Press" in label:
                    continue  # the prompt itself, inside its outline
                assert not r.colliderect(box), (label, r, box)
            assert hint[0].top > sabs[0].bottom, (hint, sabs)
            # A clear gap between the two lines' letters (with larger text they touched).
            assert hint[0].top - sabs[0].bottom >= SABS_LINE_GAP, (hint, sabs)
    finally:
        _sized(False)


@pytest.mark.parametrize("large", SIZES)
def test_the_builders_name_and_badge_sit_apart_in_the_chip(large: bool) -> None:
    _sized(large)
    try:
        w, h = hud.chip_rects(3)[0].size
        inks = Inks()
        text.observe(inks)
        try:
            face = hud._chip_face(w, h, "Cleo", (220, 80, 70), "circle", True)
        finally:
            text.observe(None)
        got = dict(inks.on(face))
        name, badge = got["Cleo"], got["BUILDER"]
        chip = pygame.Rect(8, 6, w, h)
        probe = text.render("Hg", 16, theme.CREAM, bold=True).get_bounding_rect(min_alpha=40)
        descender = probe.bottom - text.render("H", 16, theme.CREAM,
                                                bold=True).get_bounding_rect(min_alpha=40).bottom
        assert badge.top - (name.bottom + descender) >= 4, (name, badge)  # a clear gap
        assert chip.bottom - badge.bottom >= 6, (badge, chip)  # off the border
        assert name.top - chip.top >= 5, (name, chip)
    finally:
        _sized(False)


@pytest.mark.parametrize("large", SIZES)
@pytest.mark.parametrize("rise", [0.0, 200.0, 300.0, 400.0])
def test_the_tray_names_keep_off_the_tab_pads_arrows(app: Any, driver: Any, large: bool,
                                                     rise: float) -> None:
    """In the couch view (a keyboard builder, two saboteurs) and as a tall tower draws the
    view out, the back row's names go over the tray's rim: the gold arrows marking Tab's pad
    are never under them, nor are the names on the pads."""
    _sized(large)
    try:
        scene = open_game(app, "keys1", "mouse", "keys2")
        scene.start_turn()
        driver.run(3)
        scene.stage_t = 100.0  # the turn's first tips are gone
        if rise:
            scene.turn_view = turn_view(TABLE_Y - rise, [])
        driver.run(10)
        assert scene.stage == Stage.PLAY
        inks = _inks_drawing(lambda: scene.draw(app.screen))
        names = {s.name for s in SHAPES.values()}
        labels = [(label, r) for label, r in inks.on(app.screen) if label.split(" x")[0] in names]
        assert len(labels) == 6, labels
        view = scene.table_view
        assert len(view.pad_markers) == 2
        table = scene.camera.view.to_screen((0.0, TABLE_Y))[1]
        for label, r in labels:
            for m in view.pad_markers:
                assert not r.colliderect(m.inflate(4, 4)), (label, r, m)
            assert r.top > table, (label, r, table)  # under the pads, never on them
    finally:
        _sized(False)
