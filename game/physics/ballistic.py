"""Ballistic shots under constant gravity: solve a launch for a target, and predict a path.

Pure math (no pymunk import) in any units and any gravity vector. With `step_dt` the answers
match pymunk's integrator exactly (it moves a body by its velocity, then adds gravity), which
lands a discrete path `g * step_dt * t / 2` away from the textbook parabola.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.physics.guard import finite, finite_point

Vec = tuple[float, float]


def _cross(a: Vec, b: Vec) -> float:
    return a[0] * b[1] - a[1] * b[0]


def _dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1]


def _solve_speed_continuous(d: Vec, g: Vec, speed: float, high: bool) -> tuple[Vec, float] | None:
    """Velocity of the given speed that carries a point by `d` on a true parabola, and the time."""
    gg = _dot(g, g)
    if gg == 0.0:
        dist = math.hypot(*d)
        if dist == 0.0 or speed <= 0.0:
            return None
        t = dist / speed
        return (d[0] / t, d[1] / t), t
    # |d - g t^2 / 2|^2 = s^2 t^2 is a quadratic in T = t^2.
    a = 0.25 * gg
    b = -(_dot(d, g) + speed * speed)
    c = _dot(d, d)
    disc = b * b - 4.0 * a * c
    if disc < 0.0:
        return None
    root = math.sqrt(disc)
    big_t = (-b + root) / (2.0 * a) if high else (-b - root) / (2.0 * a)
    if big_t <= 0.0:
        return None
    t = math.sqrt(big_t)
    return (d[0] / t - 0.5 * g[0] * t, d[1] / t - 0.5 * g[1] * t), t


def solve_launch(
    src: Vec,
    dst: Vec,
    gravity: Vec,
    *,
    speed: float | None = None,
    angle: float | None = None,
    high: bool = False,
    step_dt: float = 0.0,
) -> tuple[Vec, float] | None:
    """Launch velocity from `src` that passes through `dst`, and the flight time; None if none.

    Give exactly one of `speed` (then `high` picks the lob over the flat shot) or `angle` (the
    launch direction in world coordinates, radians, `atan2(vy, vx)`; the solver finds the
    speed). `step_dt` is the physics step the shot will be simulated with (0 for the parabola).
    """
    if (speed is None) == (angle is None):
        raise ValueError("give exactly one of speed or angle")
    finite_point("launch source", src)
    finite_point("launch target", dst)
    finite_point("gravity", gravity)
    finite("launch step", step_dt)
    if speed is not None:
        finite("launch speed", speed)
    if angle is not None:
        finite("launch angle", angle)
    d = (dst[0] - src[0], dst[1] - src[1])
    h = max(step_dt, 0.0)
    if angle is not None:
        u = (math.cos(angle), math.sin(angle))
        ug = _cross(u, gravity)
        if ug == 0.0:
            return None  # gravity along the aim line: no unique speed
        # Discrete path: d = v t + g t (t - h) / 2 with v = k u; the cross with u removes k.
        c = _cross(u, d) / ug
        disc = h * h + 8.0 * c
        if disc < 0.0:
            return None
        t = (h + math.sqrt(disc)) / 2.0
        if t <= 0.0:
            return None
        k = (
            _dot((d[0] - 0.5 * gravity[0] * t * (t - h), d[1] - 0.5 * gravity[1] * t * (t - h)), u)
            / t
        )
        if k <= 0.0:
            return None
        return (k * u[0], k * u[1]), t
    assert speed is not None
    # Speed mode: solve the parabola for an adjusted speed so the discrete velocity has `speed`.
    target = speed
    trial = speed
    best: tuple[Vec, float] | None = None
    for _ in range(6):
        sol = _solve_speed_continuous(d, gravity, trial, high)
        if sol is None:
            return best
        (vx, vy), t = sol
        v = (vx + 0.5 * gravity[0] * h, vy + 0.5 * gravity[1] * h)
        best = v, t
        err = target - math.hypot(*v)
        if abs(err) < 1e-9:
            break
        trial += err
    return best


def predict_path(
    src: Vec,
    velocity: Vec,
    gravity: Vec,
    dt: float,
    max_time: float,
    *,
    every: int = 1,
    stop: Callable[[Vec], bool] | None = None,
) -> list[Vec]:
    """Points of a free flight integrated like pymunk does at step `dt`, one per `every` steps.

    Starts with `src`; ends after `max_time` seconds or at the first point where `stop(point)`.
    """
    finite_point("path source", src)
    finite_point("path velocity", velocity)
    finite_point("gravity", gravity)
    finite("path step and time", dt, max_time)
    if dt <= 0.0:
        raise ValueError("dt must be > 0")
    every = max(1, every)
    x, y = src
    vx, vy = velocity
    gx, gy = gravity[0] * dt, gravity[1] * dt
    points: list[Vec] = [(x, y)]
    steps = int(max_time / dt + 1e-9)
    for i in range(1, steps + 1):
        x += vx * dt
        y += vy * dt
        vx += gx
        vy += gy
        if stop is not None and stop((x, y)):
            points.append((x, y))
            break
        if i % every == 0:
            points.append((x, y))
    return points
