"""Animated backgrounds: the title's starburst and embers, and the calmer menu backdrop.

Everything heavy (gradients, the logo) is rendered once and cached; a frame only blits
those and draws a few dozen primitives, so menus cost well under a millisecond.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

import pygame

from game.ui import text, theme
from game.ui.cache import cached
from game.ui.draw import burst, vertical_gradient

SIZE = (1280, 720)
_EMBERS = [(random.Random(i).random(), random.Random(i * 7 + 1).random(),
            random.Random(i * 13 + 5).random()) for i in range(70)]


def _embers(surface: pygame.Surface, t: float, count: int, speed: float,
            behind: Sequence[pygame.Rect] = ()) -> None:
    """Rising sparks; those inside a rect of `behind` are hidden (they pass behind a card)."""
    w, h = SIZE
    for i in range(count):
        a, b, c = _EMBERS[i]
        y = h + 20 - ((t * speed * (0.4 + c) + a * h * 1.3) % (h + 60))
        x = b * w + math.sin(t * (0.6 + c) + i) * 18
        if behind and any(r.collidepoint(x, y) for r in behind):
            continue
        r = 1 + int(c * 3)
        col = theme.SPARK if i % 3 == 0 else theme.FUSE if i % 3 == 1 else (255, 140, 90)
        fade = min(1.0, (h - y) / 200 + 0.2) if y < h else 0.0
        col = (int(col[0] * fade + theme.INK[0] * (1 - fade)),
               int(col[1] * fade + theme.INK[1] * (1 - fade)),
               int(col[2] * fade + theme.INK[2] * (1 - fade)))
        pygame.draw.circle(surface, col, (int(x), int(y)), r)


def draw_menu_background(surface: pygame.Surface, t: float, reduced_motion: bool = False, *,
                         backdrop: pygame.Surface | None = None,
                         behind: Sequence[pygame.Rect] = ()) -> None:
    """The backdrop of every menu screen: night gradient, faint grid and rising embers.
    `backdrop`: the menu backdrop with a screen's still parts baked in (its embers then pass
    behind the rects of `behind`)."""
    surface.blit(backdrop if backdrop is not None else menu_backdrop(), (0, 0))
    _embers(surface, 0.0 if reduced_motion else t, 36, 22.0, behind)


@lru_cache(maxsize=1)
def menu_backdrop() -> pygame.Surface:
    """Gradient and faint grid baked into one opaque surface: a single fast blit per frame."""
    s = vertical_gradient(SIZE, (24, 31, 56), (12, 15, 27)).copy()
    grid = pygame.Surface(SIZE, pygame.SRCALPHA)
    for x in range(0, SIZE[0], 64):
        pygame.draw.line(grid, (255, 255, 255, 9), (x, 0), (x, SIZE[1]))
    for y in range(0, SIZE[1], 64):
        pygame.draw.line(grid, (255, 255, 255, 9), (0, y), (SIZE[0], y))
    s.blit(grid, (0, 0))
    return s


def draw_title_background(surface: pygame.Surface, t: float, reduced_motion: bool = False) -> None:
    """The title screen: slowly turning rays behind the logo, embers and drifting props."""
    tt = 0.0 if reduced_motion else t
    surface.blit(vertical_gradient(SIZE, (34, 24, 48), (12, 15, 27)), (0, 0))
    cx, cy = 640, 250
    rot = tt * 0.08
    n = 14
    for i in range(n):
        a0 = rot + i * math.tau / n
        a1 = a0 + math.tau / n / 2
        col = (44, 32, 60) if i % 2 == 0 else (38, 28, 54)
        pygame.draw.polygon(surface, col, [(cx, cy), (cx + 1400 * math.cos(a0),
                                                      cy + 1400 * math.sin(a0)),
                                           (cx + 1400 * math.cos(a1), cy + 1400 * math.sin(a1))])
    _props(surface, tt)
    _embers(surface, tt, 70, 40.0)


def _props(surface: pygame.Surface, t: float) -> None:
    """Floating silhouettes of the four games: a card, a die, a block and a planet."""
    props = ((170, 520, 0.0), (1110, 470, 1.6), (260, 190, 3.1), (1040, 170, 4.4))
    for i, (x, y, ph) in enumerate(props):
        yy = y + math.sin(t * 0.9 + ph) * 14
        ang = math.sin(t * 0.5 + ph) * 12
        img = _prop_image(i)
        rimg = _rotated(i, round(ang))
        surface.blit(rimg, rimg.get_rect(center=(x, yy)))
        del img


@lru_cache(maxsize=4)
def _prop_image(kind: int) -> pygame.Surface:
    s = pygame.Surface((120, 120), pygame.SRCALPHA)
    if kind == 0:  # a card
        pygame.draw.rect(s, (250, 244, 230), (28, 14, 64, 92), border_radius=8)
        pygame.draw.rect(s, theme.BLAST, (28, 14, 64, 92), 3, border_radius=8)
        burst(s, (60, 60), 20, 9, 8, theme.FUSE)
    elif kind == 1:  # a die
        pygame.draw.rect(s, (245, 238, 220), (30, 30, 60, 60), border_radius=10)
        for px, py in ((45, 45), (75, 75), (60, 60), (45, 75), (75, 45)):
            pygame.draw.circle(s, theme.INK, (px, py), 5)
    elif kind == 2:  # a wooden block
        pygame.draw.rect(s, theme.WOOD, (20, 44, 80, 32), border_radius=4)
        for gx in range(28, 96, 14):
            pygame.draw.line(s, theme.WOOD_DARK, (gx, 48), (gx + 6, 72), 2)
    else:  # a planet
        pygame.draw.circle(s, (90, 120, 230), (60, 60), 30)
        pygame.draw.ellipse(s, (255, 210, 63), (14, 52, 92, 16), 3)
    s.set_alpha(150)
    return s


@cached(128, max_mb=6)
def _rotated(kind: int, angle: int) -> pygame.Surface:
    return pygame.transform.rotozoom(_prop_image(kind), angle, 1.0)


@lru_cache(maxsize=2)
def logo(scale: float = 1.0) -> pygame.Surface:
    """The KABOOM! wordmark: blast star, chunky outlined letters and a sub-title, 860x340 at
    `scale` 1 (the title draws it smaller when a Continue needs the room)."""
    w, h = round(860 * scale), round(340 * scale)
    s = pygame.Surface((860, 340), pygame.SRCALPHA)
    s_off = 20
    burst(s, (430, 130 + s_off), 160, 105, 16, theme.BLAST, 0.1)
    burst(s, (430, 130 + s_off), 132, 92, 16, theme.FUSE, 0.3)
    word = "KABOOM!"
    f = theme.font(112, True)
    outline = f.render(word, True, theme.INK)
    fill = f.render(word, True, theme.SPARK)
    rect = fill.get_rect(center=(430, 122 + s_off))
    for dx in range(-5, 6, 2):
        for dy in range(-5, 6, 2):
            s.blit(outline, rect.move(dx, dy + 4))
    s.blit(fill, rect)
    hi = f.render(word, True, (255, 244, 190))
    hi_clip = pygame.Surface(hi.get_size(), pygame.SRCALPHA)
    hi_clip.blit(hi, (0, 0))
    hi_clip.fill((255, 255, 255, 0), (0, hi.get_height() // 2, hi.get_width(), hi.get_height()),
                 special_flags=pygame.BLEND_RGBA_MULT)
    s.blit(hi_clip, rect)
    sub = text.render("C O L L E C T I O N", 30, theme.CREAM, bold=True)
    band = pygame.Rect(0, 0, sub.get_width() + 48, 48)
    band.center = (430, 232 + s_off)
    pygame.draw.rect(s, theme.INK, band.inflate(8, 8), border_radius=26)
    pygame.draw.rect(s, theme.INK_3, band, border_radius=24)
    s.blit(sub, sub.get_rect(center=band.center))
    if scale != 1.0:
        s = pygame.transform.smoothscale(s, (w, h))
    return s
