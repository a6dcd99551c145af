"""Tweens and easing, advanced by logic time so animations are deterministic."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

Ease = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_elastic(t: float) -> float:
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


@dataclass
class Tween:
    """Moves a value from `start` to `end` over `duration` seconds after `delay`."""

    start: float
    end: float
    duration: float
    ease: Ease = ease_out_cubic
    delay: float = 0.0
    elapsed: float = 0.0
    on_done: Callable[[], None] | None = None
    done: bool = False

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.done = True
            if self.on_done:
                self.on_done()

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        return self.start + (self.end - self.start) * self.ease(self.progress)


@dataclass
class Tweener:
    """A bag of running tweens; finished ones drop out."""

    tweens: list[Tween] = field(default_factory=list)

    def add(self, tween: Tween) -> Tween:
        self.tweens.append(tween)
        return tween

    def update(self, dt: float) -> None:
        for tw in list(self.tweens):
            tw.update(dt)
        self.tweens = [t for t in self.tweens if not t.done]

    @property
    def busy(self) -> bool:
        return bool(self.tweens)


def settle_shake(amount: float, decay: float, dt: float,
                 rng: random.Random) -> tuple[float, tuple[int, int]]:
    """A screen shake `dt` seconds on: its amount, fading by `decay` per second, and the whole
    pixels the table is drawn off by (drawn from `rng`, within the amount); still, and
    (0, 0), once the amount has fallen to 0.05."""
    if amount > 0.05:
        amount *= math.exp(-decay * dt)
        return amount, (round(rng.uniform(-amount, amount)), round(rng.uniform(-amount, amount)))
    return 0.0, (0, 0)


def ramp_travel(t: float, start: float, accel: float, top_rate: float) -> float:
    """How far a held key or stick has moved something in its first `t` seconds of smooth
    movement, at a rate from `start` rising by `accel` a second to `top_rate`: a short hold
    moves a little, a long one at the full rate (Cosmic's aim and power, Tower's catapult)."""
    top = (top_rate - start) / accel  # when the rate reaches its top
    if t <= top:
        return start * t + accel * t * t / 2
    return start * top + accel * top * top / 2 + top_rate * (t - top)
