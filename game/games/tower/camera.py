"""Tower Kaboom's camera: which part of the table fills the screen, and how it moves there.

Pure math, no pygame: world units in, screen pixels out, so tests can check that a point under
the pointer is the point the hand grabs at any zoom. A `Frame` says what must be seen (a world
rectangle) and where on screen it must fit; the `Camera` eases toward the frame's view (zoom in
log space, so zooming in and out feel alike), or cuts straight to it with reduced motion,
where it also holds still until the frame no longer fits, so it never drifts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.games.tower.data import (
    CATAPULT_SLOTS,
    SLOT_RANGES,
    TABLE_Y,
    VIEW_H,
    VIEW_W,
)

Point = tuple[float, float]
Rect = tuple[float, float, float, float]
"""(left, top, right, bottom) in world units or screen pixels."""

ZOOM_STEP = 0.125
"""Resting zooms lie on this grid, where block sprites are drawn crisp and cached."""
BUILD_ZOOM = 2.625
"""The closest the camera comes while building: blocks 2.6 times their full-table size."""
MIN_ZOOM = 1.0
"""The whole table (the view is never wider than the world)."""
ZOOM_IN_RATE = 2.5
"""Per second, how fast the zoom closes in on its target (log space)."""
ZOOM_OUT_RATE = 7.0
"""Zooming out is quicker: a shot must be seen while it flies."""
PAN_RATE = 6.0
"""Per second, how fast the view's centre closes in on its target."""
CARD_STRIP_BOTTOM = 172.0
"""Screen y under the shrunken card strip while zoomed in: towers are framed below it."""
TRAY_BOTTOM = 716.0
"""World y of the tray's lower edge: always in the build frame (the builder fetches there)."""
HEADROOM = 36.0
"""World units kept free above the tallest tower, to carry the next block over it."""
ROW_MARGIN = 24.0


@dataclass(frozen=True)
class View:
    """A camera pose: `zoom` screen pixels per world unit; (x0, y0) the world point at the
    screen's top-left corner."""

    zoom: float
    x0: float
    y0: float

    def to_screen(self, p: Point) -> Point:
        """Where a world point appears on screen."""
        return ((p[0] - self.x0) * self.zoom, (p[1] - self.y0) * self.zoom)

    def to_world(self, p: Point) -> Point:
        """The world point under a screen point (the pointer, a click)."""
        return (p[0] / self.zoom + self.x0, p[1] / self.zoom + self.y0)

    def world_rect(self) -> Rect:
        """The part of the world the screen shows."""
        return (self.x0, self.y0, self.x0 + VIEW_W / self.zoom, self.y0 + VIEW_H / self.zoom)

    def contains(self, r: Rect, slack: float = 0.5) -> bool:
        """Whether a world rectangle is wholly on screen."""
        x0, y0, x1, y1 = self.world_rect()
        return (r[0] >= x0 - slack and r[1] >= y0 - slack and r[2] <= x1 + slack
                and r[3] <= y1 + slack)


FULL = View(1.0, 0.0, 0.0)
"""The whole table, as the between-turn screens show it."""


@dataclass(frozen=True)
class Frame:
    """What the camera must show: a world rect, fitted into a screen area, nearest `focus_x`."""

    need: Rect
    screen: Rect = (0.0, 0.0, VIEW_W, VIEW_H)
    max_zoom: float = BUILD_ZOOM
    focus_x: float | None = None
    """When the whole row does not fit, the view centres here (the builder's hand)."""
    pan: Rect | None = None
    """World rect the view may range over while following `focus_x` (default: `need`)."""


def clamp_view(zoom: float, x0: float, y0: float) -> View:
    """A view that never shows beyond the painted world (0..VIEW_W, 0..VIEW_H)."""
    zoom = min(max(zoom, MIN_ZOOM), BUILD_ZOOM * 1.5)
    w, h = VIEW_W / zoom, VIEW_H / zoom
    return View(zoom, min(max(x0, 0.0), VIEW_W - w), min(max(y0, 0.0), VIEW_H - h))


def fit(frame: Frame) -> View:
    """The closest view that shows `frame.need` inside `frame.screen` (the screen area), its
    bottom on the area's bottom; along `frame.pan` it follows `frame.focus_x`."""
    left, top, right, bottom = frame.need
    sl, st, sr, sb = frame.screen
    sw, sh = sr - sl, sb - st
    zoom = max(MIN_ZOOM, min(frame.max_zoom, sh / max(1.0, bottom - top),
                             sw / max(1.0, right - left)))
    # Down onto the sprite grid (never closer than the need allows): a camera at rest draws
    # every block from its cache, unscaled.
    zoom = max(MIN_ZOOM, math.floor(zoom / ZOOM_STEP + 1e-9) * ZOOM_STEP)
    cx = (left + right) / 2.0
    pan = frame.pan
    if pan is not None:
        half = sw / zoom / 2.0
        if pan[2] - pan[0] <= 2.0 * half:
            cx = (pan[0] + pan[2]) / 2.0
        else:
            fx = frame.focus_x if frame.focus_x is not None else cx
            cx = min(max(fx, pan[0] + half), pan[2] - half)
    return clamp_view(zoom, cx - (sl + sw / 2.0) / zoom, bottom - sb / zoom)


def build_frame(tower_top: float, held_top: float | None, hand_x: float | None,
                extra: list[Rect] | None = None) -> Frame:
    """The frame while building: the row of tiles and the tray, with room above the tallest
    tower (and the held block), under the card strip; `extra` (a shot in flight, a human
    saboteur's catapult) widens it."""
    row_l = SLOT_RANGES[0][0] - ROW_MARGIN
    row_r = SLOT_RANGES[-1][1] + ROW_MARGIN
    top = min(TABLE_Y - HEADROOM, tower_top - HEADROOM)
    if held_top is not None:
        top = min(top, held_top - 12.0)
    top = max(top, 0.0)
    need: Rect = (row_l, top, row_r, TRAY_BOTTOM)
    if extra:
        for e in extra:
            need = (min(need[0], e[0]), min(need[1], e[1]), max(need[2], e[2]),
                    max(need[3], e[3]))
        return Frame(need, (0.0, CARD_STRIP_BOTTOM, VIEW_W, VIEW_H))
    centre = hand_x if hand_x is not None else (row_l + row_r) / 2.0
    return Frame((centre - 1.0, top, centre + 1.0, TRAY_BOTTOM),
                 (0.0, CARD_STRIP_BOTTOM, VIEW_W, VIEW_H), focus_x=centre,
                 pan=(row_l, top, row_r, TRAY_BOTTOM))


def catapult_rect(slot_index: int) -> Rect:
    """A catapult, its pennant and room to show an aim arrow, in world units."""
    s = CATAPULT_SLOTS[slot_index]
    return (s.x - 60.0, TABLE_Y - 130.0, s.x + 60.0, TABLE_Y + 20.0)


class Camera:
    """Eases (or, with reduced motion, cuts) from view to view; `view` is what to draw with."""

    def __init__(self, view: View = FULL) -> None:
        self.view = view
        self.target = view
        self.need: Rect | None = None

    def aim(self, target: View, need: Rect | None = None) -> None:
        """Where to go next (`need`: what must be on screen, for reduced motion's cuts)."""
        self.target = target
        self.need = need

    def cut(self, target: View) -> None:
        """Go there at once (a new turn, a between-turn screen)."""
        self.view = self.target = target
        self.need = None

    def update(self, dt: float, reduced_motion: bool) -> None:
        """Move toward the target for `dt` seconds."""
        cur, tgt = self.view, self.target
        if reduced_motion:
            # Never glide: hold still while what matters is on screen and the view is not far
            # too wide, else cut to the target in one frame.
            need = self.need
            fits = need is None or cur.contains(need)
            if cur != tgt and (not fits or tgt.zoom > cur.zoom * 1.25 or need is None):
                self.view = tgt
            return
        rate = ZOOM_OUT_RATE if tgt.zoom < cur.zoom else ZOOM_IN_RATE
        kz = 1.0 - math.exp(-rate * dt)
        kp = 1.0 - math.exp(-max(rate, PAN_RATE) * dt)
        zoom = math.exp(math.log(cur.zoom) + (math.log(tgt.zoom) - math.log(cur.zoom)) * kz)
        # Ease the centre of the view, not its corner, so a zoom does not swing sideways.
        ccx = cur.x0 + VIEW_W / cur.zoom / 2.0
        ccy = cur.y0 + VIEW_H / cur.zoom / 2.0
        tcx = tgt.x0 + VIEW_W / tgt.zoom / 2.0
        tcy = tgt.y0 + VIEW_H / tgt.zoom / 2.0
        cx = ccx + (tcx - ccx) * kp
        cy = ccy + (tcy - ccy) * kp
        nxt = clamp_view(zoom, cx - VIEW_W / zoom / 2.0, cy - VIEW_H / zoom / 2.0)
        close = (abs(math.log(nxt.zoom / tgt.zoom)) < 1e-3 and abs(nxt.x0 - tgt.x0) < 0.05
                 and abs(nxt.y0 - tgt.y0) < 0.05)
        self.view = tgt if close else nxt
