"""The top bar and the get-ready panel's saboteurs' line with larger text (a stranger's
playtest): a saboteur's name touched the row of dice under it, "ROUND 1 / 1" touched the
timer's digits, with three players the right side of the bar stood bare, and "Saboteurs,
4 dice each" touched the spare cards' feet. At both text sizes, for 2, 3 and 4 players, none
of those rects overlap, and every player's panel is as wide (the third was twice as wide)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.tower import art, hud
from game.games.tower.tilechoice import SPARE_TOP
from game.games.tower.view import COMPACT_TOP

from .test_choice import ready
from .test_larger_text_overlaps import SIZES, Inks, _inks_drawing, _sized
from .test_scene import open_game

NAMES = ("Bartholomew", "Gg jy", "Cleo")
"""Names with capitals and descenders, long and short."""


def _ink(words: str, size: int) -> pygame.Rect:
    from game.ui import text, theme

    img = text.render(words, size, theme.CREAM, bold=True, shadow=True)
    return img.get_bounding_rect(min_alpha=40)


@pytest.mark.parametrize("large", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_top_bars_rects_do_not_overlap(large: bool, players: int) -> None:
    _sized(large)
    try:
        chips = hud.chip_rects(players)
        assert len(chips) == players
        canvas = pygame.Surface((1280, 720))
        for secs in (0, 30, 120):  # the timer's glass, its digits, the round's plate
            label = str(secs)
            plate = hud.draw_timer(canvas, float(secs), 120.0, True, 0.0, "ROUND 1 / 1")
            glass, figure = hud.timer_rects(label)
            digits = _ink(label, 32).move(figure.topleft)
            assert plate.top - digits.bottom >= 3, (plate, digits)
            assert plate.top >= glass.bottom, (plate, glass)
            assert plate.bottom < COMPACT_TOP, plate  # clear of the card strip's tops
            for r in chips:
                assert not r.colliderect(glass.union(digits).union(plate)), (r, label)
        for a, b in zip(chips, chips[1:], strict=False):
            assert a.right < b.left, (a, b)
        lefts = [r for r in chips if r.right < hud.TIMER_CX]
        rights = [r for r in chips if r.left > hud.TIMER_CX]
        assert len(lefts) - len(rights) in (0, 1)
        # Every player's panel as wide (with three the lone right one was twice as wide).
        assert len({r.w for r in chips}) == 1, [r.w for r in chips]
        for w in {r.w for r in chips}:
            for name in NAMES:
                hud._chip_face.cache_clear()
                inks = Inks()
                from game.ui import text

                text.observe(inks)
                try:
                    face = hud._chip_face(w, hud.CHIP_H, name, (60, 120, 220), "square", False)
                finally:
                    text.observe(None)
                ink = next(r for got, r in inks.on(face) if got.startswith(name[:3]))
                chip = pygame.Rect(8, 6, w, hud.CHIP_H)
                dice = pygame.Rect(chip.x + 36, chip.y + hud.DICE_DY, chip.w - 100, 12)
                assert dice.top - ink.bottom >= 2, (name, ink, dice)  # clear of the dice
                assert ink.top - chip.top >= 4, (name, ink, chip)  # off the border
    finally:
        _sized(False)


@pytest.mark.parametrize("large", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_saboteurs_line_stands_clear_of_the_spare_cards(app: Any, driver: Any, large: bool,
                                                            players: int) -> None:
    _sized(large)
    try:
        scene = open_game(app, *["mouse", "keys1", "keys2", "pad1"][:players])
        ready(driver, scene)
        inks = _inks_drawing(lambda: scene.draw(app.screen))
        lines = inks.on(app.screen)
        sabs = [r for label, r in lines if label.startswith("Saboteurs, ")]
        hints = [r for label, r in lines if label.startswith("Human 2: ")]
        assert sabs and hints, lines
        feet = SPARE_TOP + art.CARD_H
        assert sabs[0].top - feet >= 12, (sabs, feet)  # it touched them at 8
        assert hints[0].top - sabs[0].bottom >= 2, (hints, sabs)
        assert hints[0].bottom < scene.picker.prompt_box.top, (hints, scene.picker.prompt_box)
    finally:
        _sized(False)
