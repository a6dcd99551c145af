"""Where Cosmic Kaboom's marks go on the board, and the small drawings they are made of: aim
arrows' and paths' geometry, the power bar's place, label spots that keep off planets, ships and
panels, leaders, rings, the flash. Pure geometry and stateless drawing helpers for `view` and
`aimview`: nothing here reads a scene.
"""

from __future__ import annotations

import contextlib
import functools
import math
from collections.abc import Sequence

import pygame

from game.games.cosmic import art, hud
from game.games.cosmic.controls import (
    hand_reach,
)
from game.games.cosmic.data import (
    FACTIONS,
    PLANET_RADIUS,
    SHIP_RADIUS,
)
from game.games.cosmic.effects import FLASH_PEAK
from game.games.cosmic.table import BASE_RADIUS
from game.ui import text, theme
from game.ui.cache import BoundedCache
from game.ui.draw import clipped, lerp_colour

Point = tuple[float, float]
Colour = tuple[int, int, int]


def toward_centre(x: float, y: float) -> float:
    return math.atan2(360.0 - y, 360.0 - x)


_FAINT: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}


def faded(img: pygame.Surface) -> pygame.Surface:
    """A see-through copy of a sprite (a placement ghost)."""
    got = _FAINT.get(id(img))
    if got is None or got[0] is not img:
        faint = img.copy()
        faint.set_alpha(140)
        if len(_FAINT) > 16:
            _FAINT.clear()
        got = (img, faint)
        _FAINT[id(img)] = got
    return got[1]


_SMALL: BoundedCache[int, tuple[pygame.Surface, pygame.Surface]] = BoundedCache(1)


def small_bomb(img: pygame.Surface) -> pygame.Surface:
    """The bomb as it sits in the hand (smaller than on the table)."""
    got = _SMALL.get(id(img))
    if got is None or got[0] is not img:
        w, h = img.get_size()
        got = (img, pygame.transform.smoothscale(img, (w * 2 // 3, h * 2 // 3)))
        _SMALL.clear()  # one bomb image at a time
        _SMALL[id(img)] = got
    return got[1]


_FLASH: BoundedCache[int, pygame.Surface] = BoundedCache(17)
"""The flash at each quantised level (a bounded cache, emptied with the others)."""


_FIRE: BoundedCache[tuple[int, int], pygame.Surface] = BoundedCache(48)
"""Fireball sprites by quantised radius and age (a bounded cache, emptied with the others)."""


def fireball(surface: pygame.Surface, centre: tuple[int, int], radius: int, t: float) -> None:
    """A swelling fireball at `centre`, white-hot at first, cooling to red and fading by t=1;
    added onto the frame so it lights what lies under it."""
    rq = max(2, radius // 4 * 4)
    tq = min(7, int(t * 8))
    key = (rq, tq)
    img = _FIRE.get(key)
    if img is None:
        img = pygame.Surface((rq * 2 + 2, rq * 2 + 2))
        k = 1.0 - tq / 8
        for i in range(rq, 0, -2):
            u = i / rq  # 1 at the rim, 0 at the core
            hot = lerp_colour((255, 250, 220), (255, 120, 40), u)
            col = lerp_colour((0, 0, 0), lerp_colour((160, 30, 20), hot, k), k * (1.1 - 0.6 * u))
            pygame.draw.circle(img, col, (rq + 1, rq + 1), i)
        _FIRE[key] = img
    surface.blit(img, img.get_rect(center=centre), special_flags=pygame.BLEND_ADD)


def flash_overlay(surface: pygame.Surface, flash: float) -> None:
    """The Space Bomb's flash at `flash` (1 at the blast, 0 gone): white laid over the screen
    at most `FLASH_PEAK` of the way (partial alpha, never a whited-out screen)."""
    level = round(255 * FLASH_PEAK * max(0.0, min(1.0, flash)))
    if level <= 0:
        return
    surface.blit(_flash(level), (0, 0))


def _flash(level: int) -> pygame.Surface:
    """A full-screen white veil at alpha `level` (quantised, a few kept)."""
    q = max(0, min(255, level // 8 * 8))
    got = _FLASH.get(q)
    if got is None:
        got = pygame.Surface((1280, 720))
        got.fill((255, 255, 240))
        got.set_alpha(q)
        _FLASH[q] = got
    return got


PREVIEW_FADE = 90.0
"""Canvas pixels over which a cut preview's dots fade out toward its end."""


def arrow_length(power: float, most: float | None = None) -> float:
    """An aim arrow's shaft (it starts 18 px out from the ship; its head adds 12): longer
    with more power, and with `most` (how far the ship will travel) never past where it stops."""
    length = ARROW_MIN + max(0.0, min(1.0, power)) * ARROW_SPAN
    if most is not None:
        length = max(ARROW_STUB, min(length, most - 18 - 12))
    return length


def path_length(points: tuple[Point, ...] | list[Point]) -> float:
    """The length of a polyline (in its own units)."""
    return sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))


def preview_cut(points: tuple[Point, ...], reach: float) -> tuple[list[Point], bool]:
    """A previewed path (world units) cut to its first `reach` units, and whether it was
    shown whole (its end, and what it meets there, lie within reach)."""
    if not points:
        return [], True
    out = [points[0]]
    run = 0.0
    for a, b in zip(points, points[1:], strict=False):
        seg = math.dist(a, b)
        if run + seg > reach:
            k = (reach - run) / seg if seg > 0 else 0.0
            out.append((a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k))
            return out, False
        run += seg
        out.append(b)
    return out, True


LAST_AIM: Colour = (110, 116, 160)
"""The previous flick's ghost: faint, under the live aim."""
ARROW_STUB = 8.0
"""The shortest an aim arrow is drawn when it stops where the ship will (`_arrow`'s `most`)."""
ARROW_MIN = 26.0
"""Canvas pixels of the aim arrow at the least power."""
ARROW_SPAN = 120.0
"""Canvas pixels the aim arrow grows by from the least power to full."""


def ray_clear(start: Point, angle: float, planets: list[Point]) -> float:
    """Canvas pixels from `start` along `angle` to the edge of the first planet the line
    meets (inf if none): the last flick's ghost arrow stops there, never drawn through one
    (a stranger read a line through a planet as a lane)."""
    dx, dy = math.cos(angle), math.sin(angle)
    r = art.px(PLANET_RADIUS)
    best = math.inf
    for px_, py_ in planets:
        rx, ry = px_ - start[0], py_ - start[1]
        along = rx * dx + ry * dy
        off = abs(rx * dy - ry * dx)
        if along > 0 and off < r:
            best = min(best, along - math.sqrt(r * r - off * off))
    return max(0.0, best)


def power_colour(power: float) -> Colour:
    """A flick's or toss's strength as a colour: green when soft, yellow, red at full."""
    p = max(0.0, min(1.0, power))
    if p < 0.5:
        return lerp_colour(theme.MINT, theme.SPARK, p * 2)
    return lerp_colour(theme.SPARK, theme.BLAST, (p - 0.5) * 2)


EFFECTS_RECT = pygame.Rect(hud.SIDE_X[0] + hud.PANEL_W, 0,
                           hud.SIDE_X[1] - hud.SIDE_X[0] - hud.PANEL_W, art.SCREEN[1])
"""Where sparks, debris and blasts may be drawn: space and the strip between the side panels."""

BOARD_CLIP = pygame.Rect(EFFECTS_RECT.x, hud.BANNER.bottom + 2, EFFECTS_RECT.w,
                         art.SCREEN[1] - hud.BANNER.bottom - 2)
"""Where a pull's rubber band, its hand and the last pull's mark may be drawn: the board
between the side panels (and the log on them) and under the prompt bar (a stranger saw the
band drawn over both)."""


def cross_spot(end: tuple[int, int], arm: int) -> tuple[int, int]:
    """Where a "ship lost" cross of half-size `arm` is drawn for a path leaving space at
    `end`: there, or pulled just inside `BOARD_CLIP` so the whole cross shows on the board
    (a stranger's lay half over the prompt bar)."""
    room = BOARD_CLIP.inflate(-2 * (arm + 3), -2 * (arm + 3))
    return (min(max(end[0], room.left), room.right), min(max(end[1], room.top), room.bottom))


def on_board(surface: pygame.Surface) -> contextlib.AbstractContextManager[None]:
    """Draw inside `BOARD_CLIP` only (within the clip already set), then restore the clip."""
    return clipped(surface, BOARD_CLIP)


SIDE_STRIPS = (pygame.Rect(0, hud.BANNER.bottom + 2, EFFECTS_RECT.left,
                           art.SCREEN[1] - hud.BANNER.bottom - 2),
               pygame.Rect(EFFECTS_RECT.right, hud.BANNER.bottom + 2,
                           art.SCREEN[0] - EFFECTS_RECT.right,
                           art.SCREEN[1] - hud.BANNER.bottom - 2))
"""The side panels' columns under the prompt bar: where a pull's rubber band, the aim arrow
and a bomb's toss are drawn again over the panels (a stranger's band and bomb arc vanished
behind the panels, his hand still pulling)."""


BAND_SHOWN = pygame.Rect(0, BOARD_CLIP.top, art.SCREEN[0], BOARD_CLIP.h)
"""Where a pull's band and hand can be seen: the board and the side strips, under the prompt
bar (`on_board`, then `SIDE_STRIPS` over the panels)."""
EDGE_INSET = 14
"""Pixels inside `BAND_SHOWN` the marker of a hand out of sight is drawn (`edge_exit`)."""


def edge_exit(start: Point, end: Point, room: pygame.Rect = BAND_SHOWN,
              inset: int = EDGE_INSET) -> Point | None:
    """Where the band from `start` (in sight) to `end` leaves `room` shrunk by `inset`, when
    `end` is out of `room`'s sight: the hand is out of the window (or under the prompt bar),
    and a mark there shows the pull going on (a stranger's band ran off the top, only the
    power bar still moving). None while the hand shows."""
    shown = room.inflate(-2, -2)
    if shown.collidepoint(end[0], end[1]):
        return None
    inner = room.inflate(-2 * inset, -2 * inset)
    x0, y0 = start
    dx, dy = end[0] - x0, end[1] - y0
    t = 1.0
    for d, lo, hi, p in ((dx, inner.left, inner.right - 1, x0),
                         (dy, inner.top, inner.bottom - 1, y0)):
        if d < 0.0:
            t = min(t, (lo - p) / d)
        elif d > 0.0:
            t = min(t, (hi - p) / d)
    t = max(t, 0.0)  # (a ship by the edge itself: the mark is pulled inside by it)
    return (min(max(x0 + dx * t, inner.left), inner.right - 1),
            min(max(y0 + dy * t, inner.top), inner.bottom - 1))


METER_CLEAR = 40.0
"""Pixels the power bar's plate keeps from the aim line and the ship when there is room."""
METER_SHOW_THROUGH = 85
"""How much of a planet under the power bar shows through it (0-255), when no clear place is."""
BAND_REACH = 140.0
"""Pixels behind the ship the power bar keeps clear of: the longest pull and the hand."""
METER_SIZE = (104, 12)


def meter_words_h() -> int:
    """The height the power bar's words take above it ("power 44%", with the gap under
    them): as tall as the text (with larger text a fixed 22 px let the words sit on a
    planet the bar kept off)."""
    return text.line_height(15, True) + 4
"""The power bar's size in pixels (its words sit on a plate above it)."""


def meter_words_w() -> int:
    """The width the power bar's words may take ("power 100%", "MAX power"): with larger text
    wider than the bar, so its plate is at least this wide (a stranger's "power 54%" stuck out
    past the bar onto "last pull")."""
    return max(text.render(w, 15, theme.CREAM, True).get_width()
               for w in ("power 100%", "MAX power")) + 4


def meter_rect(at: Point, angle: float,
               planets: tuple[tuple[int, int], ...] = (), band: float = 0.0,
               path: tuple[tuple[int, int], ...] = (),
               avoid: tuple[tuple[int, int, int, int], ...] = (),
               keep: tuple[int, int] | None = None) -> pygame.Rect:
    """`_meter_rect`, remembered for the last few aims (the bar and the toss label both ask
    for it every frame); a fresh Rect each time, so no caller can change the remembered one.
    `avoid`: boxes (x, y, w, h) the bar and its words keep off as they do planets (the last
    pull's ring and words). `keep`: the plate's centre's offset from `at` last frame, kept
    while it is still clear (so the bar stays put through a pull instead of hopping)."""
    return pygame.Rect(_meter_rect(at, angle, planets, band, path, hud.banner_rect().bottom,
                                   meter_words_h(), meter_words_w(), avoid, keep))


def screen_path(points: list[Point], off: tuple[int, int] = (0, 0),
                step: float = 24.0) -> tuple[tuple[int, int], ...]:
    """A world path as a few canvas points about `step` pixels apart (and its end): what the
    power bar keeps off, coarse enough to stay cheap and to be remembered between frames."""
    out: list[tuple[int, int]] = []
    last: Point | None = None
    for x, y in (art.to_screen(*p) for p in points):
        if last is None or math.dist(last, (x, y)) >= step:
            out.append((round(x + off[0]), round(y + off[1])))
            last = (x, y)
    if points:
        ex, ey = art.to_screen(*points[-1])
        out.append((round(ex + off[0]), round(ey + off[1])))
    return tuple(out)


@functools.lru_cache(maxsize=32)
def _meter_rect(at: Point, angle: float,
                planets: tuple[tuple[int, int], ...] = (), band: float = 0.0,
                path: tuple[tuple[int, int], ...] = (), banner: int = 0,
                words: int = 22, words_w: int = 0,
                avoid: tuple[tuple[int, int, int, int], ...] = (),
                keep_at: tuple[int, int] | None = None) -> pygame.Rect:
    """Where the power bar goes for a ship or hand at `at` aiming along `angle`: inside space,
    where no panel, prompt or button is, on the nearest ring round the ship where its plate
    (the bar and its words) keeps `METER_CLEAR` from the aim line (and the slingshot's band,
    `band` pixels behind a flicked ship, and the predicted `path`, canvas points), the ship,
    and covers none of the `planets` (screen centres, with their badges and glow,
    `planet_keep_r`) nor a Base's ring, else the clearest place there is; its words stay
    under the banner's `banner` bottom edge (taller with larger text); the words are
    `words` px tall and `words_w` wide (the plate as wide as the wider of them and the bar),
    and the plate keeps a few pixels off each `avoid` box as it does off planets. With
    `keep_at` (the plate's centre's offset from `at` last frame) that place wins while it is
    fully clear: a stranger saw the bar jump to another spot between frames of one pull."""
    keep = planet_keep_r()
    base_r = art.px(BASE_RADIUS) + 2
    bases = [(round(x), round(y)) for x, y in (art.base_points(f) for f in range(len(FACTIONS)))]
    w, h = METER_SIZE
    top = max(art.FIELD_Y + 26, banner + 32)
    room = pygame.Rect(art.FIELD_X + 8, top, art.SIDE - 16, art.FIELD_RECT.bottom - 8 - top)
    dx, dy = math.cos(angle), math.sin(angle)
    end = (at[0] + dx * 200, at[1] + dy * 200)
    # and off the slingshot's band behind the ship: the hand never lands on the bar's words
    # (a playtester's pull straight up went through "power 79%")
    back = (at[0] - dx * band, at[1] - dy * band)

    def scored(centre: tuple[int, int]) -> tuple[float, pygame.Rect]:
        r = pygame.Rect(0, 0, max(w, words_w), h + words)  # the bar, its words above
        r.center = centre
        r.clamp_ip(room)
        # the whole plate (not just its middle) clear of the aim line and the ship:
        # by a corner the clamp pulls a near place back against the ship
        pts = [r.center, r.topleft, r.topright, r.bottomleft, r.bottomright, r.midtop,
               r.midbottom, r.midleft, r.midright]
        line = min(to_segment((round(x), round(y)), back, end) for x, y in pts)
        wide = r.inflate(2 * METER_CLEAR, 2 * METER_CLEAR)
        near_path = [(p0, p1) for p0, p1 in zip(path, path[1:], strict=False)
                     if wide.clipline(p0, p1)]  # only the stretches that come near
        if near_path:
            line = min(line, *(to_segment((round(x), round(y)), p0, p1)
                               for x, y in pts for p0, p1 in near_path))
        near = math.dist(at, (min(max(at[0], r.left), r.right),
                              min(max(at[1], r.top), r.bottom)))
        score = min(line, near * 0.8, METER_CLEAR)
        # the plate as drawn (its dark margin, the notch under the bar) off every planet
        # with its badge and glow, and off the Bases' rings (a stranger's "power 82%"
        # sat on a planet's badge, another's on his Base's ring)
        plate = r.inflate(6, 14)
        if any(box_cuts_ring(plate, p, keep) for p in planets) or any(
                box_cuts_ring(plate, b, base_r) for b in bases):
            score -= METER_CLEAR  # over a planet or ship: only if nothing clear is near
        if any(r.inflate(8, 8).colliderect(b) for b in avoid):
            score -= METER_CLEAR  # on the last pull's ring or words: likewise
        return score, r

    if keep_at is not None:
        kept = scored((round(at[0] + keep_at[0]), round(at[1] + keep_at[1])))
        if kept[0] >= METER_CLEAR:
            return pygame.Rect(kept[1].centerx - w // 2, kept[1].bottom - h, w, h)
    best: tuple[float, pygame.Rect] | None = None
    # the nearest ring with a clear place wins; the outer rings and half steps are tried only
    # when none nearer is (a toss's path fills the rings round the hand: a stranger's
    # "power 45%" sat on the end of the slide)
    for out, steps in ((64.0, 12), (100.0, 12), (140.0, 12), (190.0, 24), (250.0, 24),
                       (320.0, 24)):
        for k in range(steps):
            a = k * math.tau / steps
            score, r = scored((round(at[0] + math.cos(a) * out),
                               round(at[1] + math.sin(a) * out)))
            if best is None or score > best[0] + 1:
                best = (score, r)
        if best is not None and best[0] >= METER_CLEAR:
            break
    assert best is not None
    return pygame.Rect(best[1].centerx - w // 2, best[1].bottom - h, w, h)


def last_pull_hand(ship: Point, angle: float, power: float) -> tuple[int, int]:
    """Where the hand of a flick at `angle` and `power` from `ship` was let go: the last
    pull's ring."""
    reach = hand_reach(power)
    return (round(ship[0] - math.cos(angle) * reach), round(ship[1] - math.sin(angle) * reach))


def yours_box(size: tuple[int, int], at: tuple[int, int], planet_r: int,
              ring: tuple[int, int], ring_r: int, room: pygame.Rect) -> pygame.Rect:
    """Where a doomed planet's "yours!" goes: above, below, right or left of the planet at
    `at` (the first, pulled inside `room`, whose words cross neither the blast's ring of
    radius `ring_r` round `ring` nor the crosshair at its centre), else above."""
    sides = [(at[0], at[1] - planet_r, "midbottom"), (at[0], at[1] + planet_r, "midtop"),
             (at[0] + planet_r, at[1], "midleft"), (at[0] - planet_r, at[1], "midright")]
    boxes = []
    for x, y, anchor in sides:
        box = pygame.Rect((0, 0), size)
        setattr(box, anchor, (round(x), round(y)))
        box.clamp_ip(room)
        boxes.append(box)
        corners = (box.topleft, box.topright, box.bottomleft, box.bottomright)
        inside = all(math.dist(p, ring) < ring_r - 3 for p in corners)
        if (inside or not box_cuts_ring(box, ring, ring_r + 3)) \
                and not box.inflate(16, 16).collidepoint(ring):
            return box
    return boxes[0]


LAST_RING_CLEAR = 10
"""Pixels the "last pull" words keep from their ring's centre (the ring reaches 8 from its
middle): "last pul" ran into it."""
PANEL_CLEAR = 14
"""Pixels words on the board keep from a side panel's edge: its turn glow hid "l"."""


def last_pull_words(hand: tuple[int, int], circles: list[tuple[Point, float]],
                    keep_off: list[pygame.Rect],
                    rooms: list[pygame.Rect] | None = None) -> pygame.Rect:
    """Where the words "last pull" go round its ring at `hand`: under it, else above or
    beside it, wherever they cover no planet or ship (`circles`) and no panel (`keep_off`);
    a short pull left them under the ship itself. With `rooms`, only a place one of them
    holds whole and clear of the ring (`words_fit`) is taken while there is one."""
    size = text.render("last pull", 12, LAST_AIM).get_size()
    w, h = size
    x, y = hand
    near: list[tuple[Point, str]] = [((x, y + 10 + h / 2), "center"),
                                     ((x, y - 10 - h / 2), "center"),
                                     ((x + 12 + w / 2, y), "center"),
                                     ((x - 12 - w / 2, y), "center")]
    far = [((x + dx, y + dy), "center") for k in (1.6, 2.6, 3.6, 4.6)
           for dx, dy in ((0, 10 + h * k), (0, -10 - h * k), (w * 0.6 + 12 * k, 10 + h * k),
                          (-w * 0.6 - 12 * k, 10 + h * k), (w * 0.6 + 12 * k, -10 - h * k),
                          (-w * 0.6 - 12 * k, -10 - h * k))]
    # then every way round the ring, a step further out at a time: by a planet's glow and
    # badge the few places above left none clear (a stranger read "ast pull")
    round_ring = [((x + math.cos(k * math.tau / 16) * (out + w / 2),
                    y + math.sin(k * math.tau / 16) * (out + h / 2)), "center")
                  for out in range(16, 136, 12) for k in range(16)]
    spots = near + far + round_ring
    if rooms is not None:
        def box_at(at: Point) -> pygame.Rect:
            box = pygame.Rect((0, 0), size)
            box.center = (round(at[0]), round(at[1]))
            return box

        def clear(box: pygame.Rect) -> bool:
            return box.collidelist(keep_off) < 0 and not any(
                box_cuts_ring(box, (round(c[0]), round(c[1])), round(r)) for c, r in circles)

        box = None
        for tried in (near + far, spots):  # the ring round it only when nothing near is clear
            fits = [(at, anchor) for at, anchor in tried
                    if words_fit(box_at(at), hand, rooms)]
            if fits:
                box = clear_place(size, fits, circles, keep_off, pygame.Rect(0, 0, *art.SCREEN))
                if clear(box):
                    return box
        if box is not None and box.collidelist(keep_off) < 0:
            return box
    return clear_place(size, spots, circles, keep_off, art.FIELD_RECT)


def words_fit(box: pygame.Rect, ring: tuple[int, int], rooms: list[pygame.Rect]) -> bool:
    """Whether words at `box` show whole (one of `rooms` holds them) and clear of their
    ring at `ring`."""
    return any(r.contains(box) for r in rooms) and not box_cuts_ring(box, ring,
                                                                     LAST_RING_CLEAR)


def whole_in(box: pygame.Rect, rooms: list[pygame.Rect]) -> pygame.Rect:
    """`box` as it is when one of `rooms` holds it whole, else moved into the room it overlaps
    most (the least way), so words drawn there are never cut at a room's edge."""
    if any(r.contains(box) for r in rooms) or not rooms:
        return box
    best = max(rooms, key=lambda r: (box.clip(r).w * box.clip(r).h, -abs(r.centerx - box.centerx)))
    return box.clamp(best)


def lane_boxes(start: Point, end: Point, half: int = 5) -> list[pygame.Rect]:
    """Small squares along the straight line from `start` to `end`: what a label keeps off."""
    n = max(1, round(math.dist(start, end) / (half * 2)))
    return [pygame.Rect(round(start[0] + (end[0] - start[0]) * k / n) - half,
                        round(start[1] + (end[1] - start[1]) * k / n) - half, 2 * half, 2 * half)
            for k in range(n + 1)]


def arrow_boxes(start: Point, angle: float) -> list[pygame.Rect]:
    """Small squares along the aim arrow from `start` (as `_arrow` draws it at full strength,
    head and all): what a label keeps off."""
    dx, dy = math.cos(angle), math.sin(angle)
    x0, y0 = start[0] + dx * 18, start[1] + dy * 18
    length = ARROW_MIN + ARROW_SPAN + 12
    n = max(1, round(length / 10))
    return [pygame.Rect(round(x0 + dx * length * k / n) - 9, round(y0 + dy * length * k / n) - 9,
                        18, 18) for k in range(n + 1)]


PLANET_COVER_COST = 4.0
"""What "goes off here" covering the bomb's path costs, in 25 px steps of distance from its
ring."""
PLANET_HALO = 12
"""Pixels past a planet's disc that words on the board keep off: its owner's badge reaches
about 11 px past the rim at the upper left, its crystal's glow further (a stranger read
"destroys Ben's Yellow" over Ben's planet and "ast pull" half hidden by a planet's glow)."""


def planet_keep_r() -> int:
    """The radius round a planet's centre (canvas pixels) words on the board keep out of:
    the disc with its badge and glow (`PLANET_HALO`)."""
    return art.px(PLANET_RADIUS) + PLANET_HALO


def landing_label_box(size: tuple[int, int], ring: tuple[int, int], ring_r: int,
                      sides: Sequence[tuple[float, float, str]],
                      planets: list[tuple[int, int]],
                      ships: list[tuple[int, int]], keep_off: list[pygame.Rect],
                      room: pygame.Rect,
                      targets: Sequence[tuple[int, int]] = (),
                      path: Sequence[tuple[int, int]] = (),
                      bases: Sequence[tuple[tuple[int, int], int]] = ()) -> pygame.Rect:
    """Where the toss preview's "goes off here" words go (their plate): the first of `sides`
    (a point and the anchor there), each first pulled inside `room`, that covers no keep-off
    rect, planet, ship or the blast ring itself; else the one covering least. `targets`, the
    planets the bomb is aimed at (those it destroys, or the nearest), weigh like a panel:
    a stranger's "destroys ..." lay over the very planet he was aiming at. Any planet
    covered (with its badge and glow, `planet_keep_r`) or ship weighs like a panel too: the
    words go round the ring, further out a step at a time, to a place that covers none,
    and a leader line joins them to the ring (a stranger's "destroys Ben's Yellow ...
    unless shielded" lay over Ben's planet). The bomb's `path` (canvas points) under them
    costs as much as words 100 px further out. `bases` (centre, radius) weigh like a
    panel: a stranger's words sat on a Base in a corner of space. Always in `room`, so
    never off the screen."""
    reach = art.px(PLANET_RADIUS)
    keep_r = planet_keep_r()
    ship_r = art.px(SHIP_RADIUS) + 3
    best: tuple[float, pygame.Rect] | None = None
    # after the given sides, every way round the ring a step further out at a time: a clear
    # place a little way off the four sides beats words over a planet or a ship
    w, h = size[0] + 10, size[1] + 4
    round_ring: list[tuple[float, float, str]] = []
    for out in range(ring_r + 6, ring_r + 326, 20):
        for k in range(24):
            a = k * math.tau / 24
            ux, uy = math.cos(a), math.sin(a)
            half = abs(ux) * w / 2 + abs(uy) * h / 2
            round_ring.append((ring[0] + ux * (out + half), ring[1] + uy * (out + half),
                               "center"))
    for i, (x, y, anchor) in enumerate([*sides, *round_ring]):
        box = pygame.Rect((0, 0), size).inflate(10, 4)
        setattr(box, anchor, (round(x), round(y)))
        box.clamp_ip(room)
        # words far from their ring read as another place's (a stranger's sat 100 px off):
        # a place further than the best so far costs more whatever it covers (so a clear
        # place near the ring ends the search cheaply, every frame)
        cost = max(0.0, box_gap(box, ring) - ring_r - 6) / 25.0
        cost += 0.01 * i  # the nearer sides first when nothing is hidden
        if best is not None and cost >= best[0]:
            continue
        cost += 100.0 * len(box.collidelistall(keep_off))
        cost += 100.0 * sum(box_cuts_ring(box, at, r) for at, r in bases)
        cost += 100.0 * sum(box_cuts_ring(box, p, keep_r) for p in planets)
        cost += PLANET_COVER_COST * any(box.inflate(6, 6).collidepoint(p) for p in path)
        cost += 50.0 * sum(box.inflate(reach * 2, reach * 2).collidepoint(p) for p in targets)
        # a ship under the words hides as much as a planet (a stranger's "goes off here:
        # hits nothing; close to ..." lay over a planet and a ship)
        cost += 100.0 * sum(box_cuts_ring(box, p, ship_r) for p in ships)
        cost += 3.0 if box.inflate(-4, -4).collidepoint(ring) or box_cuts_ring(
            box, ring, ring_r) else 0.0
        if best is None or cost < best[0]:
            best = (cost, box)
    assert best is not None
    return best[1]


EDGE_MARK_R = 10
"""The radius of the mark at the open board's edge for a toss landing out of sight."""


def landing_edge(at: tuple[int, int],
                 bases: Sequence[tuple[tuple[int, int], int]] = ()) -> tuple[int, int]:
    """Where a toss landing at `at`, out of sight under a panel or the log (or off the
    screen), is marked: the nearest point of space with the whole mark inside it, clear of
    the `bases` (centre, radius) in space's corners (a full table's log lies by one)."""
    inner = art.FIELD_RECT.inflate(-2 * EDGE_MARK_R - 8, -2 * EDGE_MARK_R - 8)
    near = (min(max(at[0], inner.left), inner.right - 1),
            min(max(at[1], inner.top), inner.bottom - 1))

    def clear(p: tuple[int, int]) -> bool:
        return all(math.dist(p, b) >= r + EDGE_MARK_R + 4 for b, r in bases)

    if clear(near):
        return near
    edge = [*((x, y) for x in range(inner.left, inner.right, 4)
              for y in (inner.top, inner.bottom - 1)),
            *((x, y) for y in range(inner.top, inner.bottom, 4)
              for x in (inner.left, inner.right - 1))]
    return min((p for p in edge if clear(p)), key=lambda p: math.dist(p, at), default=near)


def edge_landing(surface: pygame.Surface, mark: tuple[int, int],
                 toward: tuple[int, int]) -> None:
    """The mark for a toss landing out of sight: a small blast ring with its crosshair at
    `mark` and an arrow out of it pointing on to where the bomb stops (`toward`)."""
    d = math.dist(toward, mark) or 1.0
    dx, dy = (toward[0] - mark[0]) / d, (toward[1] - mark[1]) / d
    x, y = mark
    pygame.draw.circle(surface, (10, 12, 28), mark, EDGE_MARK_R + 2)
    pygame.draw.circle(surface, theme.FUSE, mark, EDGE_MARK_R, 2)
    pygame.draw.line(surface, theme.FUSE, (x - 4, y), (x + 4, y), 2)
    pygame.draw.line(surface, theme.FUSE, (x, y - 4), (x, y + 4), 2)
    bx, by = x + dx * (EDGE_MARK_R + 2), y + dy * (EDGE_MARK_R + 2)
    tip = (bx + dx * 9, by + dy * 9)
    pygame.draw.polygon(surface, theme.FUSE, [tip, (bx - dy * 6, by + dx * 6),
                                               (bx + dy * 6, by - dx * 6)])


def broken_ring(surface: pygame.Surface, colour: Colour, at: tuple[int, int], r: int,
                width: int) -> None:
    """A ring drawn in eight dashes: a touch the preview is not sure of (a close call)."""
    box = pygame.Rect(0, 0, 2 * r, 2 * r)
    box.center = at
    for k in range(8):
        start = k * math.tau / 8
        pygame.draw.arc(surface, colour, box, start, start + math.tau / 16, width)


def maybe_mark(surface: pygame.Surface, at: tuple[int, int], r: int) -> None:
    """A planet the previewed blast destroys unless a hidden Planetary Shield spares it: the
    gunsight's four ticks only, dimmer, with no ring (a sure one wears `doomed_mark`)."""
    dim = lerp_colour(theme.BLAST, (10, 12, 28), 0.35)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        pygame.draw.line(surface, dim, (at[0] + dx * (r - 6), at[1] + dy * (r - 6)),
                         (at[0] + dx * (r + 12), at[1] + dy * (r + 12)), 2)


def near_mark(surface: pygame.Surface, at: tuple[int, int], r: int) -> None:
    """A planet a toss a hair off would catch too (a near miss, not destroyed as aimed): a
    dashed ring in the toss's own colour, nothing red."""
    broken_ring(surface, theme.FUSE, at, r + 6, 2)


def doomed_mark(surface: pygame.Surface, at: tuple[int, int], r: int) -> None:
    """A planet the previewed blast destroys: a gunsight (a broken ring and four ticks across
    the rim), never a plain red ring, which a red player's own planets wear as their rim."""
    box = pygame.Rect(0, 0, 2 * (r + 6), 2 * (r + 6))
    box.center = at
    for k in range(4):  # four arcs with gaps where the ticks cross
        start = k * math.pi / 2 + 0.25
        pygame.draw.arc(surface, theme.BLAST, box, start, start + math.pi / 2 - 0.5, 3)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        pygame.draw.line(surface, theme.BLAST, (at[0] + dx * (r - 6), at[1] + dy * (r - 6)),
                         (at[0] + dx * (r + 12), at[1] + dy * (r + 12)), 3)


GEM_SIZE = 7
"""A planet's crystal, drawn wholly inside its disc, above the owner's badge: a gem that
stuck out past the disc looked touched by a ship that only touched the gem (a stranger's
"took no crystal" on a gem his ship sat on). Only the disc counts, so only the disc shows."""


CRYSTAL_TAG = 17
"""Canvas pixels of the lettered cube beside a planet's crystal (at 14 its 9-pixel letter was
hard to read, with the colour-blind palette worst of all)."""


def crystal_tag_centre(cx: float, cy: float) -> tuple[int, int]:
    """Where the lettered cube beside the crystal of a planet centred at (cx, cy) goes: to
    the gem's right, clear of the owner's badge below it."""
    return (round(cx + GEM_SIZE + CRYSTAL_TAG // 2 + 2), round(cy + gem_rise()))


def gem_rise() -> float:
    """Canvas pixels from a planet's centre to its gem's centre (negative: above), so the
    gem's point stays a pixel inside the rim (`art.crystal_gem` reaches `GEM_SIZE` above its
    centre and 0.8 of it below)."""
    return -(art.px(PLANET_RADIUS) - GEM_SIZE - 1.5)


def box_gap(box: pygame.Rect, at: Point) -> float:
    """How far `at` lies from `box` (0 inside it)."""
    dx = max(box.left - at[0], 0.0, at[0] - box.right)
    dy = max(box.top - at[1], 0.0, at[1] - box.bottom)
    return math.hypot(dx, dy)


def leader(surface: pygame.Surface, box: pygame.Rect, at: Point, colour: Colour,
           reach: float) -> None:
    """A thin line from a label's plate to the mark it names (`at`), when the plate had to
    sit more than `reach` away: the words never float free of what they are about."""
    if box_gap(box, at) <= reach:
        return
    x = min(max(at[0], box.left), box.right)
    y = min(max(at[1], box.top), box.bottom)
    dx, dy = at[0] - x, at[1] - y
    d = math.hypot(dx, dy)
    end = (at[0] - dx / d * reach * 0.5, at[1] - dy / d * reach * 0.5)
    pygame.draw.line(surface, colour, (round(x), round(y)), (round(end[0]), round(end[1])), 1)


def box_cuts_ring(box: pygame.Rect, centre: tuple[int, int], r: int) -> bool:
    """Whether a rect overlaps the disc of radius `r` round `centre`."""
    dx = max(box.left - centre[0], 0, centre[0] - box.right)
    dy = max(box.top - centre[1], 0, centre[1] - box.bottom)
    return dx * dx + dy * dy < r * r


def flyer_point(start: Point, end: Point, t: float) -> Point:
    """A collected crystal's place `t` (0..1) of the way from its planet to the Hold slot: it
    rises or falls to the Hold's height first and slides in sideways, so it never crosses the
    panel's name above the Hold (a playtester saw it fly over a name)."""
    kx = t * t * t
    ky = 1.0 - (1.0 - t) ** 5
    return (start[0] + (end[0] - start[0]) * kx, start[1] + (end[1] - start[1]) * ky)


def label_spots(at: Point, size: tuple[int, int]) -> list[tuple[Point, str]]:
    """Where a label meant for `at` may go, nearest first: there, then above, below and to
    either side, one to three label-heights (or widths) away, then the diagonals and a wider
    ring (a crowded board leaves no straight gap near a planet)."""
    w, h = size
    out: list[tuple[Point, str]] = [(at, "center")]
    dy, dx = h * 0.6 + 8, w * 0.5 + 20
    for k in (1, 2, 3):
        out += [((at[0], at[1] - k * dy), "center"),
                ((at[0], at[1] + k * dy), "center"),
                ((at[0] + k * dx, at[1]), "center"),
                ((at[0] - k * dx, at[1]), "center")]
    for k in (1, 2, 3):
        out += [((at[0] + sx * k * dx, at[1] + sy * k * dy), "center")
                for sx in (1, -1) for sy in (-1, 1)]
    out += [((at[0], at[1] + s * k * dy), "center") for k in (4, 5) for s in (-1, 1)]
    return out


def clear_place(size: tuple[int, int], spots: list[tuple[Point, str]],
                circles: list[tuple[Point, float]], keep_off: list[pygame.Rect],
                room: pygame.Rect, first_clear: bool = False) -> pygame.Rect:
    """A label of `size` at the first of `spots` (a point and the label's anchor there) where
    it covers no circle (a planet or ship), no `keep_off` rect (panels, the banner) and stays
    in `room`; else where it covers least. With `first_clear` the first spot (where the label
    sat last frame) is taken only when clear: else the search starts over from the rest."""
    best: tuple[float, pygame.Rect] | None = None
    for i, (at, anchor) in enumerate(spots):
        r = pygame.Rect((0, 0), size)
        setattr(r, anchor, (round(at[0]), round(at[1])))
        cost = 0.0
        for (cx, cy), rad in circles:
            dx = max(r.left - cx, 0.0, cx - r.right)
            dy = max(r.top - cy, 0.0, cy - r.bottom)
            if dx * dx + dy * dy < rad * rad:
                cost += 1.0
        cost += 10.0 * sum(r.colliderect(k) for k in keep_off)
        cost += 0.0 if room.contains(r) else 50.0
        if cost == 0.0:
            return r
        if first_clear and i == 0:
            continue
        if best is None or cost < best[0]:
            best = (cost, r)
    assert best is not None
    return best[1]


ZONE_WORDS = "toss from here"
"""The release zone's caption: the patch behind the Base is where the bomb leaves the hand."""
ZONE_SIZE = 13


def board_label(surface: pygame.Surface, words: str, size: int, colour: Colour, at: Point,
           anchor: str = "midtop") -> None:
    """A short aim label on a dark plate (readable over stars and planets), kept on screen."""
    img = text.render(words, size, colour, True)
    rect = img.get_rect(**{anchor: (round(at[0]), round(at[1]))})
    rect.clamp_ip(pygame.Rect(6, 6, art.SCREEN[0] - 12, art.SCREEN[1] - 12))
    pygame.draw.rect(surface, (10, 12, 28), rect.inflate(10, 4), border_radius=4)
    text.blit(surface, words, size, colour, rect.topleft, bold=True)


def inward(at: tuple[int, int], by: float) -> Point:
    """A point `by` pixels from `at` toward the middle of the screen (for a label by an edge)."""
    cx, cy = art.SCREEN[0] / 2, art.SCREEN[1] / 2
    d = math.hypot(cx - at[0], cy - at[1]) or 1.0
    return (at[0] + (cx - at[0]) / d * by, at[1] + (cy - at[1]) / d * by)


def to_segment(p: tuple[int, int], a: Point, b: Point) -> float:
    """Pixels from `p` to the segment a-b."""
    vx, vy = b[0] - a[0], b[1] - a[1]
    n = vx * vx + vy * vy
    t = 0.0 if n <= 0.0 else max(0.0, min(1.0, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / n))
    return math.dist(p, (a[0] + vx * t, a[1] + vy * t))


def under_box(size: tuple[int, int], planet: tuple[int, int], planet_r: int,
              bomb: tuple[int, int], bomb_r: int) -> pygame.Rect:
    """Where a covered planet's "69% under" goes: above it, below, right or left, on the
    first side clear of the resting bomb (the side away from the bomb first); else above.
    A stranger read "69% under" drawn over the bomb itself."""
    w, h = size
    x, y = planet
    sides = [("midbottom", (x, y - planet_r - 4)), ("midtop", (x, y + planet_r + 4)),
             ("midleft", (x + planet_r + 6, y)), ("midright", (x - planet_r - 6, y))]
    if bomb[1] < y:  # the bomb above: below first
        sides[0], sides[1] = sides[1], sides[0]
    boxes = []
    for anchor, at in sides:
        box = pygame.Rect((0, 0), (w, h))
        setattr(box, anchor, at)
        boxes.append(box)
        if not box_cuts_ring(box, bomb, bomb_r + 2):
            return box
    return boxes[0]
