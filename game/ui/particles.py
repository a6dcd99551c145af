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
        ox, oy = offset
        for p in self.items:
            t = p.life / p.max_life
            r = max(1, round(p.size * (0.4 + 0.6 * t)))
            pygame.draw.circle(surface, p.colour, (round(p.x + ox), round(p.y + oy)), r)
