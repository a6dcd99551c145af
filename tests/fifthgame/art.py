"""Dice Race's drawings: the catalogue picture (two dice on felt)."""

from __future__ import annotations

import pygame

from game.ui import theme


def picture(surface: pygame.Surface) -> None:
    """The catalogue card's picture: a five and a three, tumbling."""
    surface.fill(theme.FELT)
    w, h = surface.get_size()
    side = max(8, min(w, h) // 3)
    for (cx, cy), pips in (((w * 0.38, h * 0.5), 5), ((w * 0.64, h * 0.44), 3)):
        die = pygame.Rect(0, 0, side, side)
        die.center = (round(cx), round(cy))
        pygame.draw.rect(surface, theme.CREAM, die, border_radius=max(2, side // 6))
        spots = {5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)]}[pips]
        step = side / 4
        for col, row in spots:
            centre = (round(die.x + step * (col + 1)), round(die.y + step * (row + 1)))
            pygame.draw.circle(surface, theme.INK, centre, max(1, side // 12))
