"""Dice Race's drawings: a die face (the table's and the rules page's) and the catalogue
picture (two dice on felt)."""

from __future__ import annotations

import pygame

from game.ui import theme

SPOTS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
         4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
         6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
"""Where each face's pips sit on a 3x3 grid (column, row)."""


def pips(surface: pygame.Surface, die: pygame.Rect, n: int) -> None:
    """The `n` pips of a die face drawn inside `die`."""
    step = die.width / 4
    for col, row in SPOTS[n]:
        centre = (round(die.x + step * (col + 1)), round(die.y + step * (row + 1)))
        pygame.draw.circle(surface, theme.INK, centre, max(1, die.width // 12))


def die_face(n: int, side: int = 80) -> pygame.Surface:
    """A die showing `n`, on a transparent surface (the rules page's pictures)."""
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, theme.CREAM, rect, border_radius=side // 6)
    pygame.draw.rect(surface, theme.LINE, rect, 2, border_radius=side // 6)
    pips(surface, rect, n)
    return surface


def picture(surface: pygame.Surface) -> None:
    """The catalogue card's picture: a five and a three, tumbling."""
    surface.fill(theme.FELT)
    w, h = surface.get_size()
    side = max(8, min(w, h) // 3)
    for (cx, cy), n in (((w * 0.38, h * 0.5), 5), ((w * 0.64, h * 0.44), 3)):
        die = pygame.Rect(0, 0, side, side)
        die.center = (round(cx), round(cy))
        pygame.draw.rect(surface, theme.CREAM, die, border_radius=max(2, side // 6))
        pips(surface, die, n)
