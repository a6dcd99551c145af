"""A table button's three looks never pass for one another: a stranger took a choice that
merely lacked the keys' focus for a disabled one (it was dimmed toward the ink)."""

from __future__ import annotations

import colorsys

import pygame

from game.tabletop.targets import DISABLED_TEXT, Target, draw_button
from game.ui import theme


def chroma(c: tuple[int, ...]) -> float:
    return colorsys.rgb_to_hsv(c[0] / 255, c[1] / 255, c[2] / 255)[1]


def render(accent: tuple[int, int, int], **kw: object) -> tuple[pygame.Surface, pygame.Rect]:
    pygame.font.init()
    surface = pygame.Surface((300, 80))
    surface.fill(theme.FELT)
    rect = pygame.Rect(30, 20, 220, 40)
    enabled = bool(kw.pop("enabled", True))
    t = Target("btn:x", rect, lambda: None, "Don't swap", "button", "E", accent, enabled)
    draw_button(surface, t, **kw)  # type: ignore[arg-type]
    return surface, rect


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> list[tuple[int, int, int]]:
    return [tuple(surface.get_at((x, y)))[:3] for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)]  # type: ignore[misc]


def test_focused_unfocused_and_disabled_look_different() -> None:
    for accent in (theme.FUSE, theme.INK_3):
        focused, rect = render(accent, focus=True)
        other, _ = render(accent, unfocused=True)
        disabled, _ = render(accent, enabled=False)
        ring = rect.inflate(8, 8)
        assert theme.SPARK in pixels(focused, ring)  # the focus ring
        assert theme.SPARK not in pixels(other, ring) and theme.SPARK not in pixels(disabled, ring)
        # an unfocused choice keeps its bright label and key cap; a disabled one has neither
        assert theme.CREAM in pixels(other, rect)
        assert theme.CREAM not in pixels(disabled, rect)
        assert DISABLED_TEXT in pixels(disabled, rect) or any(
            abs(p[0] - DISABLED_TEXT[0]) < 12 for p in pixels(disabled, rect))
        # the unfocused one keeps its colour on its rim: more colourful than the disabled grey
        rim = (rect.centerx, rect.top + 1)
        assert chroma(other.get_at(rim)) > chroma(disabled.get_at(rim)) + 0.05 or \
            accent == theme.INK_3
        assert pixels(other, rect) != pixels(disabled, rect)
        assert pixels(other, rect) != pixels(focused, rect)


def test_an_unfocused_primary_is_not_dimmed_to_the_ink() -> None:
    other, rect = render(theme.FUSE, unfocused=True)
    rim = other.get_at((rect.centerx, rect.top + 1))
    assert chroma(rim) > 0.4  # still orange, not grey
