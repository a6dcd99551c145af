"""Tower Kaboom's camera: which part of the table fills the screen, and how it moves there.

Pure math, no pygame: world units in, screen pixels out, so tests can check that a point under
the pointer is the point the hand grabs at any zoom. A `Frame` says what must be seen (a world
rectangle) and where on screen it must fit; the `Camera` eases toward the frame's view (zoom in
log space, so zooming in and out feel alike), or cuts straight to it with reduced motion,
where it also holds still until the frame no longer fits, so it never drifts.

A turn with a human in it is framed once (`turn_view`): every pad with its card above it, the
tray, and room to build the row's tallest small tower; the view then holds still for the whole
turn, so nothing moves under a player's pointer unless they move it (dice in flight are shown by
markers at the screen's edge, see view.py). Only a tower built higher than that room (the Mega)
widens it, once, after the builder lets go (scene.py).

A table of AIs only (demos, the AI-only turns of a watched match) keeps the film camera: close
(`BUILD_ZOOM`) however tall the towers grow, following the builder's hand up and down within a
dead zone, pulled out while a shot flies. A pulled-out view shows each catapult whole or not at
all, its pennant included.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from game.games.tower.data import (
    CATAPULT_SLOTS,
    SHAPES,
    SLOT_RANGES,
    TABLE_Y,
    TILES,
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
FOLLOW_RATE = 10.0
"""Per second, how fast the close-up closes in on a hand moving up or down (the same zoom):
quick enough that a block lifted at an AI's pace stays on screen."""
CARD_STRIP_BOTTOM = 172.0
"""Screen y under the shrunken card strip while zoomed in: towers are framed below it."""
TRAY_BOTTOM = 716.0
"""World y of the tray's lower edge: always in the build frame (the builder fetches there)."""
HEADROOM = 36.0
"""World units kept free above the tallest tower, to carry the next block over it."""
ROW_MARGIN = 24.0
FOLLOW_H = (VIEW_H - CARD_STRIP_BOTTOM) / BUILD_ZOOM
"""World height the close-up shows under the card strip (about 209 units)."""
HAND_ABOVE = 24.0
"""An empty hand keeps this much room above it on screen (else the camera follows it up)."""
HAND_BELOW = 24.0
"""The hand keeps this much room below it on screen (else the camera follows it down)."""
HELD_ABOVE = 16.0
"""A carried block keeps this much room above its top."""
FETCH_BELOW = 24.0
"""An empty hand this far below the towers' tops is going down to the tray to fetch."""
NEAR_TABLE = 60.0
"""A carried block whose lower end comes this close above the table top is being set on it:
the close-up shows the tiles and the table's edge under it (`TABLE_EDGE` below the top)."""
TABLE_EDGE = 24.0
LIFT = 132.0
"""How far above the towers' headroom a carried block may take the camera (an AI hand lifts a
long beam upright about this high to carry it over the towers)."""
CATAPULT_REACH = 40.0
"""Half the width of a catapult as drawn: frame, wheels, pennant and the arm at rest."""
CATAPULT_HEIGHT = 64.0
"""A catapult's height as drawn, pennant pole included, above the table top."""


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
    window: tuple[float, float] | None = None
    """(top, bottom) in world units to fill the screen area's height instead of `need`'s
    (the close-up following the hand; `need` is then what reduced motion keeps on screen)."""
    whole: tuple[Rect, ...] = ()
    """Things (catapults) the view shows wholly or not at all: one partly in view is taken
    in whole."""


def clamp_view(zoom: float, x0: float, y0: float, below: float = 0.0) -> View:
    """A view that never shows beyond the painted world (0..VIEW_W, 0..VIEW_H), nor more than
    `below` world units under it (Watch again's bar strip covers those)."""
    zoom = min(max(zoom, MIN_ZOOM), BUILD_ZOOM * 1.5)
    w, h = VIEW_W / zoom, VIEW_H / zoom
    return View(zoom, min(max(x0, 0.0), VIEW_W - w), min(max(y0, 0.0), VIEW_H + below - h))


def _overlaps(view: View, r: Rect) -> bool:
    x0, y0, x1, y1 = view.world_rect()
    return r[0] < x1 and r[2] > x0 and r[1] < y1 and r[3] > y0


def _fit_once(frame: Frame, need: Rect) -> View:
    left, top, right, bottom = need
    sl, st, sr, sb = frame.screen
    sw, sh = sr - sl, sb - st
    zoom = max(MIN_ZOOM, min(frame.max_zoom, sh / max(1.0, bottom - top),
                             sw / max(1.0, right - left)))
    # Down onto the sprite grid (never closer than the need allows): a camera at rest draws
    # every block from its cache, unscaled.
    zoom = max(MIN_ZOOM, math.floor(zoom / ZOOM_STEP + 1e-6) * ZOOM_STEP)
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


def fit(frame: Frame) -> View:
    """The closest view that shows `frame.need` inside `frame.screen` (the screen area), its
    bottom on the area's bottom; along `frame.pan` it follows `frame.focus_x`. Anything in
    `frame.whole` that would be cut by the screen's edge is taken in whole."""
    need = frame.need
    if frame.window is not None:
        need = (need[0], frame.window[0], need[2], frame.window[1])
    view = _fit_once(frame, need)
    pending = list(frame.whole)
    while pending:
        cut = [r for r in pending if _overlaps(view, r) and not view.contains(r, 0.0)]
        if not cut:
            break
        for r in cut:
            pending.remove(r)
            need = (min(need[0], r[0]), min(need[1], r[1]), max(need[2], r[2]),
                    max(need[3], r[3]))
        # Taking a catapult in means seeing its side of the table: pan freely, zoom out.
        frame = Frame(need, frame.screen, frame.max_zoom)
        view = _fit_once(frame, need)
    return view


CARRY_ROOM = 40.0
"""World units the turn's view keeps above the tallest tower it was framed for: room to carry
that tower's top block over it and set it down (a lying beam or an arch, held by its middle)."""
STEP_OUT_ROOM = 12.0
"""A tower whose top comes this close under the turn view's top edge widens the view (scene.py)."""


def tower_height(tile_id: int) -> float:
    """How tall a tile's finished tower stands, in world units."""
    return sum(SHAPES[k].size(o)[1] for k, o in TILES[tile_id].pieces)


TALLEST_SMALL = max(tower_height(t) for t in TILES if not TILES[t].mega)
"""The tallest small tower of the game (the Temple): every turn's view has room for it."""
HUD_BOTTOM = 70.0
"""Screen y under the seats' name plates: a tower may rise into the card strip, not above."""


def turn_view(tower_top: float = TABLE_Y, catapults: Iterable[int] = ()) -> View:
    """The view a turn with a human in it is built in: the whole row of pads (their cards
    shrink into the strip above them), the tray, and room above the game's tallest small tower
    (and any tower already higher, `tower_top`) to carry its last block over it; `catapults`
    (a human saboteur's, whose pull starts there) are taken in whole. The same view every turn
    of a match (a playtester lost the pads and tray when each turn was framed for its own
    row), on the sprite grid (zoom 1.875). The Mega tower is left out: it may rise into the
    card strip, and only a tower under the name plates widens the view (`STEP_OUT_ROOM`)."""
    top = max(0.0, min(TABLE_Y - TALLEST_SMALL, tower_top) - CARRY_ROOM)
    need: Rect = (SLOT_RANGES[0][0] - ROW_MARGIN, top, SLOT_RANGES[-1][1] + ROW_MARGIN,
                  TRAY_BOTTOM)
    for i in catapults:
        r = catapult_rect(i)
        need = (min(need[0], r[0]), min(need[1], r[1]), max(need[2], r[2]), max(need[3], r[3]))
    return fit(Frame(need, (0.0, CARD_STRIP_BOTTOM, VIEW_W, VIEW_H)))


def catapult_body(slot_index: int) -> Rect:
    """A catapult as drawn (frame, wheels, arm at rest, pennant on its pole), in world units."""
    s = CATAPULT_SLOTS[slot_index]
    return (s.x - CATAPULT_REACH, TABLE_Y - CATAPULT_HEIGHT, s.x + CATAPULT_REACH, TABLE_Y + 10.0)


def build_frame(tower_top: float, held_top: float | None, hand_x: float | None,
                extra: list[Rect] | None = None, hand: Point | None = None,
                camera: Camera | None = None, catapults: Iterable[int] | None = None) -> Frame:
    """The frame while building: the row of tiles and the tray, with room above the tallest
    tower (and the held block), under the card strip; `extra` (a shot in flight, a human
    saboteur's catapult) widens it.

    Given the builder's `hand` (world point) and the `camera`, the close-up holds at
    `BUILD_ZOOM` when towers and tray do not both fit: the view follows the hand within a dead
    zone (see `_follow_top`). `catapults` are the slots shown on the table (default: all); a
    view shows each of them whole or not at all."""
    row_l = SLOT_RANGES[0][0] - ROW_MARGIN
    row_r = SLOT_RANGES[-1][1] + ROW_MARGIN
    slots = range(len(CATAPULT_SLOTS)) if catapults is None else catapults
    whole = tuple(catapult_body(i) for i in sorted(set(slots)))
    top = min(TABLE_Y - HEADROOM, tower_top - HEADROOM)
    if held_top is not None:
        top = min(top, held_top - HELD_ABOVE)
    top = max(top, 0.0)
    need: Rect = (row_l, top, row_r, TRAY_BOTTOM)
    area: Rect = (0.0, CARD_STRIP_BOTTOM, VIEW_W, VIEW_H)
    if extra:
        for e in extra:
            need = (min(need[0], e[0]), min(need[1], e[1]), max(need[2], e[2]),
                    max(need[3], e[3]))
        return Frame(need, area, whole=whole)
    centre = hand_x if hand_x is not None else (row_l + row_r) / 2.0
    if hand is None or TRAY_BOTTOM - top <= FOLLOW_H:
        # Everything fits close up (or nobody's hand to follow): show it all.
        return Frame((centre - 1.0, top, centre + 1.0, TRAY_BOTTOM), area, focus_x=centre,
                     pan=(row_l, top, row_r, TRAY_BOTTOM), whole=whole)
    i_top, i_bot, fetching = _interest(tower_top, held_top, hand)
    w_top = _follow_top(tower_top, i_top, i_bot, fetching, camera)
    window = (w_top, w_top + FOLLOW_H)
    # Reduced motion keeps this on screen (under the card strip) before it cuts: the part of
    # the interest the close-up can show.
    must: Rect = (centre - 1.0, max(i_top, w_top) - CARD_STRIP_BOTTOM / BUILD_ZOOM,
                  centre + 1.0, min(i_bot, window[1]))
    return Frame(must, area, focus_x=centre, pan=(row_l, window[0], row_r, window[1]),
                 window=window, whole=whole)


def _interest(tower_top: float, held_top: float | None, hand: Point
              ) -> tuple[float, float, bool]:
    """What the close-up must show of the builder's work, (top, bottom) in world units: the
    hand with a little room, and a carried block whole; and whether the hand is fetching
    (empty, below the towers' tops: going down to the tray)."""
    hy = hand[1]
    if held_top is not None:
        # The block hangs about as far below the hand as its top is above (held by the
        # middle): keep its lower end in view too, and the tile and the table's edge as it
        # comes down to the table.
        bottom = max(hy + HAND_BELOW, 2.0 * hy - held_top + 8.0)
        if bottom > TABLE_Y - NEAR_TABLE:
            bottom = max(bottom, TABLE_Y + TABLE_EDGE)
        return held_top - HELD_ABOVE, bottom, False
    fetching = hy > min(TABLE_Y, tower_top + FETCH_BELOW)
    return hy - HAND_ABOVE, hy + HAND_BELOW, fetching


def _follow_top(tower_top: float, i_top: float, i_bot: float, fetching: bool,
                camera: Camera | None) -> float:
    """The close-up's top edge (world y under the card strip), following the interest
    [i_top, i_bot] within a dead zone: from where the camera is now it moves only as far as
    the interest needs, between `LIFT` over the towers' tops and the tray's bottom. A
    fetching hand has the view run ahead of it, down to the whole tray.

    With reduced motion it does not glide but cuts, as far as it can in one go (the interest
    to the far edge, or all the way to the tops or the tray), so a rising or falling hand
    makes a cut or two, not a cut every frame."""
    low = TRAY_BOTTOM - FOLLOW_H  # the tray's whole, the lowest the close-up goes
    # The highest: room to carry a block over the tallest tower. A fixed place, not one that
    # moves with the block (that would pull the view along, and a mouse's pointer with it).
    high = min(max(min(TABLE_Y, tower_top) - HEADROOM - LIFT, 0.0), low)
    reduced = camera is not None and camera.reduced
    view = camera.view if camera is not None else None
    if view is not None and abs(view.zoom - BUILD_ZOOM) < 1e-6:
        cur = view.y0 + CARD_STRIP_BOTTOM / view.zoom
    else:
        cur = low  # coming in from the whole table or a shot: from the tray
    cur = min(max(cur, high), low)
    if not reduced:
        if fetching:
            i_bot = max(i_bot, min(TRAY_BOTTOM, i_top + FOLLOW_H))
        # The least move that shows the interest (none while it is in view).
        return min(max(min(max(cur, i_bot - FOLLOW_H), i_top), high), low)
    if cur - 0.5 <= i_top and i_bot <= cur + FOLLOW_H + 0.5:
        return cur
    if i_top < cur:
        return min(max(high, i_bot - FOLLOW_H), cur)
    if fetching and i_top + HAND_ABOVE >= low - CARD_STRIP_BOTTOM / BUILD_ZOOM:
        return low  # the hand is still on screen there, going down to it
    return max(min(low, i_top), cur)


PULL_ROOM = 120.0
"""World units kept on screen behind a mouse saboteur's catapult for the pull (a full-power
pull is 110, controls.FULL_PULL), as far as the table goes."""


def catapult_rect(slot_index: int) -> Rect:
    """A catapult, its pennant, room to show an aim arrow in front and to pull back behind it,
    in world units."""
    s = CATAPULT_SLOTS[slot_index]
    back, front = (PULL_ROOM, 60.0) if s.facing > 0 else (60.0, PULL_ROOM)
    return (max(0.0, s.x - back), TABLE_Y - 130.0, min(VIEW_W, s.x + front), TABLE_Y + 20.0)


class Camera:
    """Eases (or, with reduced motion, cuts) from view to view; `view` is what to draw with."""

    def __init__(self, view: View = FULL) -> None:
        self.view = view
        self.target = view
        self.below = 0.0
        """World units under the painted world a view may show (covered by a strip there)."""
        self.need: Rect | None = None
        self.reduced = False
        """Whether the last update was with reduced motion (frames then plan cuts)."""

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
        self.reduced = reduced_motion
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
        if abs(math.log(zoom / tgt.zoom)) < 2e-3:
            zoom = tgt.zoom  # there (the last of a zoom is too slow to see; pans follow on)
        # Ease the centre of the view, not its corner, so a zoom does not swing sideways.
        ccx = cur.x0 + VIEW_W / cur.zoom / 2.0
        ccy = cur.y0 + VIEW_H / cur.zoom / 2.0
        tcx = tgt.x0 + VIEW_W / tgt.zoom / 2.0
        tcy = tgt.y0 + VIEW_H / tgt.zoom / 2.0
        cx = ccx + (tcx - ccx) * kp
        if tgt.zoom == cur.zoom:
            cy = ccy + (tcy - ccy) * (1.0 - math.exp(-FOLLOW_RATE * dt))
        else:
            cy = ccy + (tcy - ccy) * kp
        nxt = clamp_view(zoom, cx - VIEW_W / zoom / 2.0, cy - VIEW_H / zoom / 2.0, self.below)
        close = (abs(math.log(nxt.zoom / tgt.zoom)) < 1e-3 and abs(nxt.x0 - tgt.x0) < 0.05
                 and abs(nxt.y0 - tgt.y0) < 0.05)
        self.view = tgt if close else nxt
