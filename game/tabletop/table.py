"""The card table itself: a felt top in a wooden rim, baked once into one surface.

Drawing the table is then a single blit per frame whatever its detail (grain, vignette, stitching).
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.draw import lerp_colour, vertical_gradient

Colour = tuple[int, int, int]
RectTuple = tuple[int, int, int, int]


@lru_cache(maxsize=4)
def felt_table(size: tuple[int, int], table: RectTuple, felt: Colour = theme.FELT,
               felt_dark: Colour = theme.FELT_DARK, rim: Colour = theme.WOOD,
               rim_dark: Colour = theme.WOOD_DARK, seed: int = 7) -> pygame.Surface:
    """A whole-screen backdrop: dark room, wooden rim and a lit felt top inside `table`."""
    w, h = size
    surf = vertical_gradient(size, (22, 28, 48), (10, 12, 22)).copy()
    outer = pygame.Rect(table)
    radius = 46
    # soft shadow under the table
    for i in range(14, 0, -2):
        sh = pygame.Surface(outer.inflate(i * 2, i * 2).size, pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 10), sh.get_rect(), border_radius=radius + i)
        surf.blit(sh, (outer.x - i, outer.y - i + 6))
    # wooden rim with a few grain lines
    pygame.draw.rect(surf, rim_dark, outer, border_radius=radius)
    pygame.draw.rect(surf, rim, outer.inflate(-6, -6), border_radius=radius - 3)
    rng = random.Random(seed)
    grain = pygame.Surface(outer.size, pygame.SRCALPHA)
    for _ in range(70):
        y = rng.randrange(outer.h)
        x0 = rng.randrange(outer.w)
        length = rng.randrange(40, 220)
        pygame.draw.line(grain, (*rim_dark, rng.randrange(30, 70)), (x0, y), (x0 + length, y), 1)
    mask = pygame.Surface(outer.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    grain.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(grain, outer)
    # felt: concentric rounded rectangles give a lamp-lit centre and darker edges
    inner = outer.inflate(-28, -28)
    steps = 18
    for i in range(steps):
        t = i / (steps - 1)
        r = inner.inflate(-round(inner.w * 0.5 * t * 0.9), -round(inner.h * 0.5 * t * 0.9))
        colour = lerp_colour(felt_dark, lerp_colour(felt, (58, 130, 104), 0.35), t ** 0.8)
        pygame.draw.rect(surf, colour, r, border_radius=max(8, radius - 14 - i))
    # fine felt speckle
    speck = pygame.Surface(inner.size, pygame.SRCALPHA)
    for _ in range(inner.w * inner.h // 180):
        x, y = rng.randrange(inner.w), rng.randrange(inner.h)
        a = rng.randrange(8, 22)
        speck.set_at((x, y), (0, 0, 0, a) if rng.random() < 0.5 else (255, 255, 255, a // 2))
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius - 14)
    speck.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(speck, inner)
    # stitching just inside the rim
    stitch = inner.inflate(-10, -10)
    _dashed_round_rect(surf, stitch, lerp_colour(felt, (255, 255, 255), 0.18), radius - 20)
    return surf.convert() if pygame.display.get_surface() else surf


def _dashed_round_rect(surf: pygame.Surface, rect: pygame.Rect, colour: Colour,
                       radius: int) -> None:
    """A dashed outline (straight edges only; the corners stay plain felt)."""
    dash, gap = 10, 8
    for x in range(rect.x + radius, rect.right - radius, dash + gap):
        end = min(x + dash, rect.right - radius)
        pygame.draw.line(surf, colour, (x, rect.y), (end, rect.y))
        pygame.draw.line(surf, colour, (x, rect.bottom), (end, rect.bottom))
    for y in range(rect.y + radius, rect.bottom - radius, dash + gap):
        end = min(y + dash, rect.bottom - radius)
        pygame.draw.line(surf, colour, (rect.x, y), (rect.x, end))
        pygame.draw.line(surf, colour, (rect.right, y), (rect.right, end))


@lru_cache(maxsize=16)
def pile_shadow(w: int, h: int, depth: int) -> pygame.Surface:
    """The edges of a stack of `depth` face-down cards under the top card of a pile."""
    depth = max(0, min(depth, 6))
    s = pygame.Surface((w + depth * 2 + 4, h + depth * 2 + 4), pygame.SRCALPHA)
    radius = max(4, w // 9)
    for i in range(depth, 0, -1):
        r = pygame.Rect(i * 1, i * 2, w, h)
        pygame.draw.rect(s, (236, 228, 212), r, border_radius=radius)
        pygame.draw.rect(s, (150, 140, 124), r, 1, border_radius=radius)
    return s


def draw_turn_glow(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, t: float,
                   reduced: bool, *, grow: int = 3, radius: int = 12,
                   pointer: bool = False) -> None:
    """A pulsing outline round the plate (or zone) of the seat whose turn it is, still under
    reduced motion; with `pointer`, an arrow at its left edge too."""
    k = 0.5 if reduced else (1 + math.sin(t * 5)) / 2
    out = grow + round(2 * k)
    pygame.draw.rect(surface, lerp_colour(colour, theme.SPARK, 0.35 + 0.3 * k),
                     rect.inflate(out * 2, out * 2), 3, border_radius=radius + out)
    if pointer:
        x, y = rect.x - 4 - out, rect.centery
        pygame.draw.polygon(surface, theme.SPARK,
                            [(x - 12, y - 8), (x - 12, y + 8), (x - 2, y)])
