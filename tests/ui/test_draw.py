"""The look layer's panels: a panel over a busy picture looks the same whether its shadow is
blended whole or only at its rim (the middle is painted over by the fill)."""

from __future__ import annotations

import random

import pygame

from game.ui import draw


def test_a_panel_blends_only_its_shadows_rim_and_looks_the_same() -> None:
    rng = random.Random(5)
    for _ in range(12):
        back = pygame.Surface((420, 300))
        for _ in range(40):  # a busy picture behind the panel
            colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
            back.fill(colour, (rng.randrange(420), rng.randrange(300), 60, 40))
        rect = pygame.Rect(rng.randrange(-20, 300), rng.randrange(-20, 200),
                           rng.randrange(30, 300), rng.randrange(30, 200))
        radius, shadow = rng.choice((6, 14, 22)), rng.choice((6, 10, 18))
        fill, border = (30, 40, 60), (200, 180, 90)
        whole = back.copy()
        sh = draw._shadow(rect.size, radius, shadow, 150)
        whole.blit(sh, (rect.x - shadow, rect.y - shadow + shadow // 3))
        pygame.draw.rect(whole, fill, rect, border_radius=radius)
        pygame.draw.rect(whole, border, rect, 2, border_radius=radius)
        rim = back.copy()
        draw.panel(rim, rect, fill, radius=radius, border=border, shadow=shadow)
        assert pygame.image.tobytes(rim, "RGB") == pygame.image.tobytes(whole, "RGB"), rect
        # and the rim is a rim: the hidden middle is never blended
        bands = draw._rim(sh, (rect.x - shadow, rect.y - shadow + shadow // 3),
                          rect.inflate(-2 * radius, -2 * radius))
        blended = sum(area.w * area.h for _, _, area in bands)
        assert blended < sh.get_width() * sh.get_height() or min(rect.size) <= 2 * radius
