"""The news bubble beside the piles holds its words in both text sizes."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.cabo import hud
from game.ui import text, theme


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_bubble_grows_with_its_lines(scale: float) -> None:
    """"Ben wins the game!" ran out of its bubble with larger text (21 px steps)."""
    text.set_scale(scale)
    message = "Ben wins the game!"
    lines = text.wrap(message, 16, 180 - 24, bold=True)
    img = hud.banner_surface(message, theme.SPARK)
    assert img.get_height() >= 16 + len(lines) * text.line_height(16, True)
    assert hud.banner_surface(message, theme.SPARK) is img  # made once, not every frame


def _lum(c: tuple[int, ...]) -> float:
    def ch(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    lo, hi = sorted((_lum(a), _lum(b)))
    return (hi + 0.05) / (lo + 0.05)


def _over_felt(c: tuple[int, ...]) -> tuple[int, int, int]:
    a = c[3] / 255
    return tuple(round(c[i] * a + theme.FELT[i] * (1 - a)) for i in range(3))  # type: ignore[return-value]


@pytest.mark.parametrize("colourblind", [False, True])
def test_seat_plates_and_hold_badges_have_a_dark_rim_on_the_felt(colourblind: bool) -> None:
    """With the colour-blind palette a green seat's plate and its "Hold" badges sat on the
    green felt with nothing between them: each has a dark rim outside its seat colour, which
    reads against both the colour and the felt, in every seat colour of both palettes."""
    import pygame

    pygame.font.init()
    for seat in range(6):
        colour = theme.seat_colour(seat, colourblind)
        for tag in (hud.look_tag("Hold Q", colour),
                    hud.hand_tag("You know 2 of 4 cards: 7 points so far", colour, 240, 1.0)):
            rim = _over_felt(tuple(tag.get_at((tag.get_width() // 2, 0))))
            assert _contrast(rim, colour) >= 3.5 and _contrast(rim, theme.FELT) >= 2.0, colour
        plate = hud.plate_surface("Ana", "Mouse", colour, "triangle", 0, 180, 40, False, False)
        for at in ((10 + 90, 8), (8, 10 + 20), (10 + 90, 10 + 40 + 1)):
            rim = _over_felt(tuple(plate.get_at(at)))
            assert _contrast(rim, colour) >= 3.5 and _contrast(rim, theme.FELT) >= 2.0, \
                (colour, at)


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_slap_legend_says_the_discard_pile_whole_beside_a_long_name(
        scale: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """"the pile" was ambiguous: the mouse's slap is "click the discard pile", whole, and a
    long name gives way to it rather than run under it."""
    text.set_scale(scale)
    drawn: dict[str, pygame.Rect] = {}
    real = text.blit

    def spy(surface: pygame.Surface, words: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect = real(surface, words, *args, **kw)
        drawn[words] = rect
        return rect

    monkeypatch.setattr(text, "blit", spy)
    try:
        hud.legend_surface((("circle", theme.SPARK, "Maximilianusss", "click the discard pile"),
                            ("square", theme.SKY, "Ana", "LEFT SHIFT")), "", 80)
    finally:
        text.set_scale(1.0)
    assert not drawn["Maximilianusss"].colliderect(drawn["click the discard pile"])
    assert "Ana" in drawn and "LEFT SHIFT" in drawn
