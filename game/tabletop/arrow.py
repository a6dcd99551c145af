"""A targeting arrow from one seat to another: a curved, tapered band with a head.

Card tables point with it: an attack on its way, an Oops redirecting, a card picking a victim.
The curve is a quadratic Bezier bowed to one side; `arrow_points` is the pure geometry (tested),
`draw_arrow` paints it with an outline so it reads on any felt. `progress` (0..1) grows the arrow
from its tail, for the moment it is played.
"""

from __future__ import annotations

import math

import pygame

Point = tuple[float, float]


def bezier(p0: Point, c: Point, p1: Point, t: float) -> Point:
    """The quadratic Bezier point at `t`."""
    u = 1.0 - t
    return (u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0],
            u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1])


def control_point(start: Point, end: Point, bow: float) -> Point:
    """The Bezier control point: the chord's middle pushed sideways by `bow` x chord length."""
    mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
    dx, dy = end[0] - start[0], end[1] - start[1]
    return (mx - dy * bow, my + dx * bow)


def arrow_points(start: Point, end: Point, *, bow: float = 0.18, width: float = 14.0,
                 head: float = 30.0, progress: float = 1.0,
                 samples: int = 18) -> tuple[list[Point], list[Point]]:
    """The arrow's outline as (shaft polygon, head triangle), grown to `progress` of its length.

    The shaft tapers from a third of `width` at the tail to `width` at the head's base.
    """
    progress = min(max(progress, 0.0), 1.0)
    c = control_point(start, end, bow)
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    if length < 1.0 or progress <= 0.0:
        return [], []
    t_end = progress
    # stop the shaft where the head begins
    t_head = max(0.0, t_end - min(0.45, head / max(length, 1.0)))
    pts = [bezier(start, c, end, t_head * k / samples) for k in range(samples + 1)]
    left: list[Point] = []
    right: list[Point] = []
    for k, (x, y) in enumerate(pts):
        nxt = pts[min(k + 1, samples)]
        prv = pts[max(k - 1, 0)]
        tx, ty = nxt[0] - prv[0], nxt[1] - prv[1]
        n = math.hypot(tx, ty) or 1.0
        w = width * (0.33 + 0.67 * k / samples) / 2
        left.append((x - ty / n * w, y + tx / n * w))
        right.append((x + ty / n * w, y - tx / n * w))
    shaft = left + right[::-1]
    tip = bezier(start, c, end, t_end)
    base = pts[-1]
    bx, by = tip[0] - base[0], tip[1] - base[1]
    n = math.hypot(bx, by) or 1.0
    hw = width * 1.15
    head_tri = [tip, (base[0] - by / n * hw, base[1] + bx / n * hw),
                (base[0] + by / n * hw, base[1] - bx / n * hw)]
    return shaft, head_tri


def draw_arrow(surface: pygame.Surface, start: Point, end: Point,
               colour: tuple[int, int, int], *, bow: float = 0.18, width: float = 14.0,
               progress: float = 1.0, head: float = 30.0) -> None:
    """Paint the arrow: a dark outline, then the colour, then a light core line. `head` is
    the head's length (a shorter one fits between a target and the name plate over it)."""
    shaft, tri = arrow_points(start, end, bow=bow, width=width, progress=progress, head=head)
    if len(shaft) < 3:
        return
    dark = (20, 16, 24)
    pygame.draw.polygon(surface, dark, shaft, 0)
    pygame.draw.polygon(surface, dark, tri, 0)
    pygame.draw.aalines(surface, dark, True, shaft)
    pygame.draw.aalines(surface, dark, True, tri)
    inner, inner_head = arrow_points(start, end, bow=bow, width=width - 5, progress=progress,
                                     head=head)
    if len(inner) >= 3:
        pygame.draw.polygon(surface, colour, inner, 0)
        pygame.draw.polygon(surface, colour, inner_head, 0)
    light = tuple(min(255, v + 70) for v in colour)
    mid = len(shaft) // 2
    core = shaft[: mid]
    if len(core) >= 2:
        spine = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                 for a, b in zip(shaft[:mid], shaft[::-1][:mid], strict=False)]
        pygame.draw.aalines(surface, light, False, spine)


def _separated(axis: Point, a: list[Point], b: list[Point]) -> bool:
    pa = [p[0] * axis[0] + p[1] * axis[1] for p in a]
    pb = [p[0] * axis[0] + p[1] * axis[1] for p in b]
    return max(pa) <= min(pb) or max(pb) <= min(pa)


def covers(polygon: list[Point], rect: pygame.Rect) -> bool:
    """Whether a convex polygon (an arrow's head) overlaps the inside of `rect` (touching its
    edge does not count)."""
    if len(polygon) < 3:
        return False
    box = [(float(rect.x), float(rect.y)), (float(rect.right), float(rect.y)),
           (float(rect.right), float(rect.bottom)), (float(rect.x), float(rect.bottom))]
    axes: list[Point] = [(1.0, 0.0), (0.0, 1.0)]
    for k, p in enumerate(polygon):
        q = polygon[(k + 1) % len(polygon)]
        axes.append((q[1] - p[1], p[0] - q[0]))
    return not any(_separated(ax, polygon, box) for ax in axes if ax != (0.0, 0.0))


def clear_progress(start: Point, end: Point, avoid: list[pygame.Rect], *, bow: float = 0.18,
                   width: float = 14.0, head: float = 30.0, step: float = 0.01) -> float:
    """How far (0..1) the arrow may run before its head would cover any of `avoid` (a name
    plate it must leave readable): 1.0 when the whole arrow's head is clear, else the head
    stops just short of the first rect it would reach."""
    k = 1.0
    while k > step:
        _, tri = arrow_points(start, end, bow=bow, width=width, head=head, progress=k)
        if not any(covers(tri, r) for r in avoid):
            return k
        k -= step
    return k
