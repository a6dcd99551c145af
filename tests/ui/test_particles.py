"""Particles are drawn as kept dots blitted in one list: the picture is the very one a
`pygame.draw.circle` a particle makes (the calls were most of a confetti frame)."""

from __future__ import annotations

import random

import pygame

from game.ui.particles import Particles


def _circles(surface: pygame.Surface, parts: Particles, offset: tuple[int, int]) -> None:
    for p in parts.items:
        t = p.life / p.max_life
        r = max(1, round(p.size * (0.4 + 0.6 * t)))
        pygame.draw.circle(surface, p.colour,
                           (round(p.x + offset[0]), round(p.y + offset[1])), r)


def test_particles_draw_the_pixels_draw_circle_draws() -> None:
    rng = random.Random(3)
    for flags in (0, pygame.SRCALPHA):
        for trial in range(20):
            parts = Particles(capacity=300, seed=trial)
            for _ in range(12):
                colour = rng.choice(((0, 0, 0), (255, 255, 255), (250, 200, 40),
                                     (rng.randrange(256), rng.randrange(256), rng.randrange(256))))
                parts.emit(rng.uniform(-20, 340), rng.uniform(-20, 260), rng.randint(1, 20),
                           colour, size=rng.uniform(0.5, 12), life=rng.uniform(0.2, 2.0))
            for _ in range(rng.randint(0, 40)):
                parts.update(1 / 120)
            offset = (rng.randint(-5, 5), rng.randint(-5, 5))
            want = pygame.Surface((320, 240), flags)
            got = pygame.Surface((320, 240), flags)
            for s in (want, got):
                s.fill((30, 60, 90))
            _circles(want, parts, offset)
            parts.draw(got, offset)
            assert parts.items
            assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA")
