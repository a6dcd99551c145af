"""Drawing helpers: panels with soft shadows, gradients, badges and seat markers."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from game.ui import text
from game.ui.cache import cached

Colour = tuple[int, int, int]


@cached(64, max_mb=16)
def vertical_gradient(size: tuple[int, int], top: Colour, bottom: Colour) -> pygame.Surface:
    """A cached top-to-bottom gradient surface."""
    w, h = size
    strip = pygame.Surface((1, max(2, h)))
    for y in range(h):
        t = y / max(1, h - 1)
        strip.set_at((0, y), lerp_colour(top, bottom, t))
    surf = pygame.transform.scale(strip, (w, h))
    return surf.convert() if pygame.display.get_surface() else surf


@cached(128, max_mb=16)
def _shadow(size: tuple[int, int], radius: int, spread: int, alpha: int) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface((w + spread * 2, h + spread * 2), pygame.SRCALPHA)
    for i in range(spread, 0, -2):
        a = int(alpha * (1 - i / (spread + 1)) ** 2 / 2.2)
        pygame.draw.rect(surf, (0, 0, 0, a), (spread - i, spread - i, w + i * 2, h + i * 2),
                         border_radius=radius + i)
    return surf


def prewarm_panel(size: tuple[int, int], *, radius: int = 14, shadow: int = 10) -> None:
    """Make the drop shadow `panel` draws for a panel of this size now (a big panel's first
    shadow costs a few milliseconds: a screen that shows one later makes it in a quiet frame)."""
    if shadow:
        _shadow(size, radius, shadow, 150)


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: Colour, *, radius: int = 14,
          border: Colour | None = None, border_w: int = 2, shadow: int = 10,
          alpha: int = 255) -> None:
    """A rounded panel with a soft drop shadow (shadow surfaces are cached per size)."""
    if shadow:
        sh = _shadow(rect.size, radius, shadow, 150)
        at = (rect.x - shadow, rect.y - shadow + shadow // 3)
        if alpha >= 255:
            # Only the shadow's rim is blended: the middle is painted over by the fill at once
            # (a big panel's shadow, blended whole, cost as much as the rest of its frame).
            surface.blits(_rim(sh, at, rect.inflate(-2 * radius, -2 * radius)), False)
        else:
            surface.blit(sh, at)
    if alpha >= 255:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    else:
        tmp = _alpha_rect(rect.size, fill, radius, alpha)
        surface.blit(tmp, rect)
    if border:
        pygame.draw.rect(surface, border, rect, border_w, border_radius=radius)
    obs = text.observer()
    if obs is not None:
        obs.panel(surface, rect)


def _rim(img: pygame.Surface, at: tuple[int, int], hidden: pygame.Rect
         ) -> list[tuple[pygame.Surface, tuple[int, int], pygame.Rect]]:
    """`img` blitted at `at` as the parts outside `hidden` (screen coordinates): up to four
    bands, for `Surface.blits`."""
    w, h = img.get_size()
    x0 = min(max(hidden.x - at[0], 0), w)
    x1 = min(max(hidden.right - at[0], x0), w)
    y0 = min(max(hidden.y - at[1], 0), h)
    y1 = min(max(hidden.bottom - at[1], y0), h)
    if hidden.w <= 0 or hidden.h <= 0 or x0 >= x1 or y0 >= y1:
        return [(img, at, pygame.Rect(0, 0, w, h))]
    bands = (pygame.Rect(0, 0, w, y0), pygame.Rect(0, y1, w, h - y1),
             pygame.Rect(0, y0, x0, y1 - y0), pygame.Rect(x1, y0, w - x1, y1 - y0))
    return [(img, (at[0] + b.x, at[1] + b.y), b) for b in bands if b.w > 0 and b.h > 0]


@cached(64, max_mb=6)
def _alpha_rect(size: tuple[int, int], fill: Colour, radius: int, alpha: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*fill, alpha), s.get_rect(), border_radius=radius)
    return s


@cached(8, max_mb=12)
def dim_layer(size: tuple[int, int], alpha: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((8, 10, 20, alpha))
    return s


#: The keys' focus ring: this thick, outside the element, edged in dark so it reads on any
#: colour. The pointer's hover is only a quiet border (the theme's `hovered_border`): a
#: stranger could not tell the ring the keys act on from the button under the mouse.
FOCUS_RING_W = 5
FOCUS_EDGE = (10, 12, 22)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, t: float,
               radius: int = 12) -> None:
    """A thick, pulsing ring around the element that keyboard/gamepad focus is on (still at
    t=0, for reduced motion)."""
    grow = 5 + round(2 * (1 + math.sin(t * 6)) / 2)
    outer = rect.inflate(grow * 2, grow * 2)
    pygame.draw.rect(surface, FOCUS_EDGE, outer.inflate(4, 4), 2,
                     border_radius=radius + grow + 2)
    pygame.draw.rect(surface, colour, outer, FOCUS_RING_W, border_radius=radius + grow)


def seat_shape(surface: pygame.Surface, shape: str, centre: tuple[float, float], r: float,
               colour: Colour, outline: Colour | None = (15, 18, 30)) -> None:
    """The seat's marker: its colour in a shape, so colour is never the only cue."""
    cx, cy = centre
    pts: list[tuple[float, float]] = []
    if shape == "square":
        pts = [(cx - r * .85, cy - r * .85), (cx + r * .85, cy - r * .85),
               (cx + r * .85, cy + r * .85), (cx - r * .85, cy + r * .85)]
    elif shape == "triangle":
        pts = [(cx, cy - r), (cx + r * .95, cy + r * .75), (cx - r * .95, cy + r * .75)]
    elif shape == "diamond":
        pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    elif shape == "star":
        for i in range(10):
            rr = r if i % 2 == 0 else r * .45
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    elif shape == "hexagon":
        pts = [(cx + r * math.cos(a), cy + r * math.sin(a))
               for a in (i * math.pi / 3 for i in range(6))]
    if pts:
        pygame.draw.polygon(surface, colour, pts)
        if outline:
            pygame.draw.polygon(surface, outline, pts, 2)
    else:
        pygame.draw.circle(surface, colour, (cx, cy), r)
        if outline:
            pygame.draw.circle(surface, outline, (cx, cy), r, 2)


def burst(surface: pygame.Surface, centre: tuple[float, float], r_out: float, r_in: float,
          points: int, colour: Colour, rot: float = 0.0) -> None:
    """A comic-book explosion star."""
    cx, cy = centre
    pts = []
    for i in range(points * 2):
        rr = r_out if i % 2 == 0 else r_in
        a = rot + i * math.pi / points
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts)


def lerp_colour(a: Colour, b: Colour, t: float) -> Colour:
    t = max(0.0, min(1.0, t))
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


@contextmanager
def clipped(surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Draw inside `rect` only (within the clip already set), then restore the clip."""
    was = surface.get_clip()
    surface.set_clip(rect.clip(was))
    try:
        yield
    finally:
        surface.set_clip(was)
