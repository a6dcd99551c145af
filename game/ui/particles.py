"""A small particle system for sparks, dust and confetti (fixed-capacity, cheap to draw)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame


@dataclass(slots=True)
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    max_life: float
    size: float
    colour: tuple[int, int, int]
    gravity: float
    drag: float


class Particles:
    """Emits and updates particles; at most `capacity` live at once."""

    def __init__(self, capacity: int = 400, seed: int = 0) -> None:
        self.items: list[Particle] = []
        self.capacity = capacity
        self.rng = random.Random(seed)
        self.enabled = True

    def emit(self, x: float, y: float, n: int, colour: tuple[int, int, int], *,
             speed: float = 180.0, spread: float = math.tau, angle: float = -math.pi / 2,
             life: float = 0.8, size: float = 4.0, gravity: float = 400.0,
             drag: float = 1.5) -> None:
        if not self.enabled:
            n = max(1, n // 4)  # reduced motion: a hint of the effect, not a storm
        rng = self.rng
        for _ in range(n):
            if len(self.items) >= self.capacity:
                self.items.pop(0)
            a = angle + (rng.random() - 0.5) * spread
            s = speed * (0.35 + rng.random() * 0.65)
            lf = life * (0.6 + rng.random() * 0.4)
            self.items.append(Particle(x, y, math.cos(a) * s, math.sin(a) * s, lf, lf,
                                       size * (0.6 + rng.random() * 0.6), colour, gravity, drag))

    def update(self, dt: float) -> None:
        alive: list[Particle] = []
        keep = alive.append
        for p in self.items:
            life = p.life - dt
            p.life = life
            if life <= 0:
                continue
            k = 1 - p.drag * dt
            if k <= 0.0:  # as max(0.0, k), a call a particle cheaper
                k = 0.0
            p.vx *= k
            p.vy = p.vy * k + p.gravity * dt
            p.x += p.vx * dt
            p.y += p.vy * dt
            keep(p)
        self.items = alive

    def draw(self, surface: pygame.Surface, offset: tuple[float, float] = (0, 0)) -> None:
        """Each particle a filled circle: one blit list of kept dots, each the very pixels
        `pygame.draw.circle` sets (a call a particle was most of a confetti frame)."""
        if not self.items:
            return
        ox, oy = offset
        if surface.get_flags() & pygame.SRCALPHA:
            for p in self.items:
                t = p.life / p.max_life
                r = max(1, round(p.size * (0.4 + 0.6 * t)))
                pygame.draw.circle(surface, p.colour, (round(p.x + ox), round(p.y + oy)), r)
            return
        dots: list[tuple[pygame.Surface, tuple[int, int]]] = []
        add = dots.append
        for p in self.items:
            t = p.life / p.max_life
            r = round(p.size * (0.4 + 0.6 * t))
            if r < 1:
                r = 1
            dot = _dot(p.colour, r)
            add((dot, (round(p.x + ox) - r - 1, round(p.y + oy) - r - 1)))
        surface.blits(dots, False)


_dots: dict[tuple[tuple[int, int, int], int], pygame.Surface] = {}


def _dot(colour: tuple[int, int, int], r: int) -> pygame.Surface:
    """A filled circle of radius `r` as `pygame.draw.circle` draws it centred at (r + 1, r + 1),
    on a colour key (so it is blitted as its exact pixels)."""
    key = (colour, r)
    dot = _dots.get(key)
    if dot is None:
        if len(_dots) > 512:
            _dots.clear()
        size = 2 * r + 3
        dot = pygame.Surface((size, size))
        # The key: a colour that is not the dot's own.
        bg = (0, 0, 0) if tuple(colour[:3]) != (0, 0, 0) else (255, 255, 255)
        dot.fill(bg)
        pygame.draw.circle(dot, colour, (r + 1, r + 1), r)
        if pygame.display.get_surface() is not None:
            dot = dot.convert()  # the screen's own format: a plain copy when blitted
        dot.set_colorkey(bg)
        _dots[key] = dot
    return dot
