"""Cosmic Kaboom's drawings: where space sits on the 1280x720 canvas, the starfield and the
field with its four Bases (one cached layer), planets, ships, the Space Bomb, crystals and cubes
as cached sprites, and the catalogue picture.

Every sprite is drawn once and kept in a bounded cache, keyed by what it shows (a ship's angle
and the bomb's size are rounded to a few steps first), so the frame loop only blits.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping

import pygame

from game.games.cosmic.data import (
    BOMB_RADIUS,
    COLOURS,
    FACTIONS,
    FIELD,
    PATTERNS,
    PLANET_RADIUS,
    PLANETS,
    SHIP_RADIUS,
)
from game.games.cosmic.table import BASE_RADIUS, RELEASE_RADIUS, corner_of
from game.ui import theme
from game.ui.cache import BoundedCache, cached, clear_all
from game.ui.draw import lerp_colour, seat_shape

Colour = tuple[int, int, int]
Point = tuple[float, float]

SIDE = 600
"""Pixels across the square of space on the canvas."""
SCALE = SIDE / FIELD
"""Canvas pixels per world unit."""
FIELD_X = 340
FIELD_Y = 60
FIELD_RECT = pygame.Rect(FIELD_X, FIELD_Y, SIDE, SIDE)
SCREEN = (1280, 720)
SHIP_ANGLES = 48
"""A ship's sprite is turned in this many steps."""
BOMB_SCALES = 10
BOMB_ANGLES = 36
SPACE_TOP = (8, 10, 26)
SPACE_BOTTOM = (18, 14, 40)
COLOUR_RGB: dict[str, Colour] = {c.key: c.rgb for c in COLOURS}
COLOUR_MARK: dict[str, str] = {"red": "R", "blue": "B", "green": "G", "yellow": "Y"}
"""A letter on every cube, so a cube's colour never rests on colour alone."""


def to_screen(x: float, y: float) -> Point:
    """A world point on the canvas."""
    return (FIELD_X + x * SCALE, FIELD_Y + y * SCALE)


def to_world(sx: float, sy: float) -> Point:
    """A canvas point in world units."""
    return ((sx - FIELD_X) / SCALE, (sy - FIELD_Y) / SCALE)


def px(units: float) -> int:
    """A world length in canvas pixels (at least one)."""
    return max(1, round(units * SCALE))


_LIVERY: dict[int, tuple[Colour, str]] = {}
"""The colour and shape of the seat at each faction's Base, at the table now open."""


def set_livery(livery: Mapping[int, tuple[Colour, str]]) -> None:
    """Paint each faction in its seat's identity (the lobby's colour and shape), so a seat looks
    the same in the lobby, on its Base, its ship, its planets and its panel. Sprites already
    drawn in other colours are forgotten."""
    new = dict(livery)
    if new != _LIVERY:
        _LIVERY.clear()
        _LIVERY.update(new)
        clear_all()


UNCLAIMED: Colour = (240, 240, 220)
"""A Base no seat plays from: a pale ivory, at least 33 CIELAB apart from every seat colour of
both palettes in every vision (`theme.lab`). Its faction's own yellow lay 8 from the
colour-blind palette's orange, and a playtester took the unclaimed Base for that seat's."""


def faction_colour(faction: int) -> Colour:
    """The colour of the seat at a faction's Base (the faction's own with no table open,
    `UNCLAIMED` for a Base no seat plays from at an open table)."""
    got = _LIVERY.get(faction)
    if got is not None:
        return got[0]
    return UNCLAIMED if _LIVERY else FACTIONS[faction].rgb


def faction_shape(faction: int) -> str:
    """The shape of the seat at a faction's Base: colour is never the only cue."""
    got = _LIVERY.get(faction)
    return got[1] if got is not None else FACTIONS[faction].shape


# ---------------------------------------------------------------------------------------------
# The static layer: space, its edge, the Bases
# ---------------------------------------------------------------------------------------------


def _soft_blob(surface: pygame.Surface, centre: Point, radius: int, colour: Colour,
               alpha: int) -> None:
    """A soft nebula cloud: concentric translucent discs."""
    blob = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    steps = 12
    for i in range(steps):
        r = radius * (1.0 - i / steps)
        a = int(alpha * (i + 1) / steps / 3)
        pygame.draw.circle(blob, (*colour, a), (radius, radius), max(1, round(r)))
    surface.blit(blob, (centre[0] - radius, centre[1] - radius))


def starfield(seed: int = 7) -> pygame.Surface:
    """Deep space behind everything: a gradient, two nebulae and a few hundred still stars."""
    got = _STARFIELD.get(seed)
    if got is not None:
        return got
    w, h = SCREEN
    surf = pygame.Surface((w, h))
    for y in range(h):
        pygame.draw.line(surf, lerp_colour(SPACE_TOP, SPACE_BOTTOM, y / h), (0, y), (w, y))
    rng = random.Random(seed)
    _soft_blob(surf, (470, 230), 300, (90, 40, 140), 70)
    _soft_blob(surf, (860, 520), 260, (30, 80, 150), 70)
    _soft_blob(surf, (640, 380), 180, (150, 60, 110), 40)
    for _ in range(420):
        x, y = rng.randrange(w), rng.randrange(h)
        v = rng.randint(70, 200)
        tint = rng.choice(((0, 0, 0), (-20, -10, 30), (30, 10, -20)))
        c = tuple(max(0, min(255, v + t)) for t in tint)
        surf.set_at((x, y), c)
    for _ in range(40):
        x, y = rng.randrange(w), rng.randrange(h)
        pygame.draw.circle(surf, (200, 210, 240), (x, y), 1)
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    _STARFIELD[seed] = surf
    return surf


_STARFIELD: BoundedCache[int, pygame.Surface] = BoundedCache(2)


def twinkle_stars(seed: int = 11, n: int = 36) -> list[tuple[int, int, float, float]]:
    """The few stars that twinkle: (x, y, phase, speed), drawn each frame (cheap dots)."""
    rng = random.Random(seed)
    return [(rng.randrange(SCREEN[0]), rng.randrange(SCREEN[1]), rng.uniform(0, math.tau),
             rng.uniform(1.2, 3.2)) for _ in range(n)]


def base_points(faction: int) -> Point:
    """A Base's centre on the canvas (its corner of space)."""
    cx, cy = corner_of(faction)
    return to_screen(cx, cy)


def static_layer(factions: tuple[int, ...]) -> pygame.Surface:
    """Space, the edge of the field and all four Bases (unused ones dim): one opaque image."""
    got = _STATIC.get(factions)
    if got is not None:
        return got
    surf = starfield().copy()
    edge = FIELD_RECT
    glow = pygame.Surface(edge.inflate(24, 24).size, pygame.SRCALPHA)
    for i in range(6):
        pygame.draw.rect(glow, (120, 110, 255, 10 + i * 4), glow.get_rect().inflate(-i * 4, -i * 4),
                         2, border_radius=10)
    surf.blit(glow, edge.inflate(24, 24).topleft)
    inner = pygame.Surface(edge.size, pygame.SRCALPHA)
    inner.fill((20, 24, 60, 60))
    grid = (90, 100, 170, 26)
    step = SIDE // 8
    for i in range(1, 8):
        pygame.draw.line(inner, grid, (i * step, 0), (i * step, SIDE))
        pygame.draw.line(inner, grid, (0, i * step), (SIDE, i * step))
    surf.blit(inner, edge.topleft)
    pygame.draw.rect(surf, (130, 140, 230), edge, 2)
    for f in range(len(FACTIONS)):
        _draw_base(surf, f, f in factions)
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    _STATIC[factions] = surf
    return surf


_STATIC: BoundedCache[tuple[int, ...], pygame.Surface] = BoundedCache(3, max_mb=12)


def _draw_base(surf: pygame.Surface, faction: int, used: bool) -> None:
    """One Base: a station disc on its corner, rings in the house colour, the faction's shape."""
    cx, cy = base_points(faction)
    r = px(BASE_RADIUS)
    col = faction_colour(faction)
    dim = lerp_colour(col, (30, 30, 50), 0.65 if used else 0.82)
    disc = pygame.Surface((r * 2 + 8, r * 2 + 8), pygame.SRCALPHA)
    c = (r + 4, r + 4)
    pygame.draw.circle(disc, (*lerp_colour(dim, (10, 10, 20), 0.4), 220), c, r)
    pygame.draw.circle(disc, (*col, 255 if used else 90), c, r, 3)
    pygame.draw.circle(disc, (*col, 120 if used else 40), c, r - 10, 1)
    for k in range(12):
        a = k * math.tau / 12
        p0 = (c[0] + math.cos(a) * (r - 6), c[1] + math.sin(a) * (r - 6))
        p1 = (c[0] + math.cos(a) * (r - 1), c[1] + math.sin(a) * (r - 1))
        pygame.draw.line(disc, (*col, 160 if used else 50), p0, p1, 2)
    surf.blit(disc, (cx - r - 4, cy - r - 4))
    seat_shape(surf, faction_shape(faction), base_badge(faction), BADGE_RADIUS,
               col if used else dim)


BADGE_RADIUS = 9
"""A Base's shape badge's size (`base_badge`)."""


def base_badge(faction: int) -> Point:
    """Where a Base's shape badge sits on the canvas: on the quarter of the Base outside
    space (words on the table keep off it: a stranger read "BANKED" over it)."""
    cx, cy = base_points(faction)
    r = px(BASE_RADIUS)
    ox = -1 if cx < FIELD_X + SIDE / 2 else 1
    oy = -1 if cy < FIELD_Y + SIDE / 2 else 1
    return (cx + ox * r * 0.45, cy + oy * r * 0.45)


ZONE_EDGE = 3
"""Screen pixels kept between the bomb's release zone and the window's edge."""


def release_zone(faction: int) -> tuple[pygame.Surface, Point]:
    """The legal release zone behind a Base (translucent), and where its top left goes."""
    got = _ZONES.get(faction)
    if got is None:
        r = px(RELEASE_RADIUS)
        s = pygame.Surface((r * 2, r * 2), pygame.SRCALPHA)
        cx, cy = corner_of(faction)
        sx = -1 if cx < FIELD / 2 else 1
        sy = -1 if cy < FIELD / 2 else 1
        start = {(-1, -1): math.pi, (1, -1): 1.5 * math.pi, (1, 1): 0.0,
                 (-1, 1): 0.5 * math.pi}[(sx, sy)]
        bx, by = base_points(faction)
        pts: list[tuple[float, float]] = [(float(r), float(r))]
        for k in range(25):
            a = start + k * (math.pi / 2) / 24
            pts.append((r + math.cos(a) * r, r + math.sin(a) * r))
        # the part past the window's edge cannot be reached: the zone ends along the edge,
        # outlined there too, instead of its arc running off the screen
        lo_x, lo_y = ZONE_EDGE - (bx - r), ZONE_EDGE - (by - r)
        hi_x, hi_y = SCREEN[0] - ZONE_EDGE - (bx - r), SCREEN[1] - ZONE_EDGE - (by - r)
        pts = [(min(max(x, lo_x), hi_x), min(max(y, lo_y), hi_y)) for x, y in pts]
        pygame.draw.polygon(s, (*theme.MINT, 46), pts)
        pygame.draw.polygon(s, (*theme.MINT, 170), pts, 2)
        got = (s, (bx - r, by - r))
        _ZONES[faction] = got
    return got


_ZONES: BoundedCache[int, tuple[pygame.Surface, Point]] = BoundedCache(4)

# ---------------------------------------------------------------------------------------------
# Bodies
# ---------------------------------------------------------------------------------------------


@cached(40, max_mb=4)
def planet_sprite(planet: int, owner_faction: int) -> pygame.Surface:
    """A planet: a shaded disc of its energy colour, a wide rim of its owner's house colour
    with the owner's shape on a badge at its upper left, and its 1/2/3 dots."""
    p = PLANETS[planet]
    r = px(PLANET_RADIUS)
    pad = 6
    size = r * 2 + pad * 2
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    base = COLOUR_RGB[p.colour]
    dark = lerp_colour(base, (10, 10, 25), 0.6)
    for i in range(r, 0, -1):
        t = i / r
        col = lerp_colour(lerp_colour(base, (255, 255, 255), 0.35), dark, t ** 1.6)
        off = round((1 - t) * r * 0.35)
        pygame.draw.circle(s, col, (c[0] - off, c[1] - off), i)
    pattern(s, c, r, p.colour, dark)
    rim = faction_colour(owner_faction)
    # The owner reads at a glance (a stranger twice aimed the bomb at his own planet: a thin
    # rim of his red on a red planet): a dark seam parts the disc from a wide rim of the
    # owner's colour, and the owner's shape rides on a dark badge at the rim
    pygame.draw.circle(s, (15, 18, 30), c, r + 1, 2)
    pygame.draw.circle(s, rim, c, r + 5, 4)
    dot_r = max(3, r // 7)
    spread = dot_r * 2 + 3
    for k in range(p.dots):
        dx = (k - (p.dots - 1) / 2) * spread
        pygame.draw.circle(s, (15, 15, 30), (round(c[0] + dx), c[1] + r // 3 + 1), dot_r + 1)
        pygame.draw.circle(s, (250, 250, 250), (round(c[0] + dx), c[1] + r // 3), dot_r)
    badge = (round(c[0] - r * 0.72), round(c[1] - r * 0.72))
    pygame.draw.circle(s, (15, 18, 30), badge, 11)
    pygame.draw.circle(s, rim, badge, 11, 2)
    seat_shape(s, faction_shape(owner_faction), badge, 7, rim, None)
    return s


def pattern(s: pygame.Surface, at: tuple[int, int], r: int, colour: str,
            dark: Colour) -> None:
    """A planet kind's pattern (`data.PATTERNS`) on a disc of radius `r` at `at`: red banded,
    blue ringed, green cratered, yellow striped, kept off the badge at the top and the dots
    at the bottom. Drawn on a small layer masked to the disc (the ring also crosses it), so a
    panel's small discs get the same marks."""
    reach = r + max(3, r // 5)
    side = reach * 2 + 4
    c = (side // 2, side // 2)
    layer = pygame.Surface((side, side), pygame.SRCALPHA)
    light = lerp_colour(COLOUR_RGB[colour], (255, 255, 255), 0.7)
    w = max(1, r // 9)
    kind = PATTERNS[colour]
    if kind == "banded":
        for k in (-0.05, 0.16):
            pygame.draw.rect(layer, (*dark, 170), (c[0] - r, round(c[1] + k * r * 2 - w),
                                                   r * 2, max(2, w * 2)))
    elif kind == "striped":
        for k in range(-4, 5):
            x0 = c[0] + k * max(4, r // 3)
            pygame.draw.line(layer, (*dark, 150), (x0 - r, c[1] + r), (x0 + r, c[1] - r),
                             max(2, w + 1))
    elif kind == "cratered":
        for fx, fy, fr in ((-0.55, -0.05, 0.2), (0.55, 0.08, 0.17), (-0.3, 0.72, 0.12),
                           (0.62, -0.45, 0.12)):
            cc = (round(c[0] + fx * r), round(c[1] + fy * r))
            rr = max(2, round(fr * r))
            pygame.draw.circle(layer, (*dark, 200), cc, rr)
            pygame.draw.circle(layer, (*light, 200), cc, rr, 1)
    mask = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), c, r)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if kind == "ringed":  # a tilted ring, crossing in front of the disc and reaching past it
        box = pygame.Rect(0, 0, reach * 2, max(4, round(reach * 0.3)))
        box.center = c  # between the badge above and the dots below
        pygame.draw.ellipse(layer, (*dark, 255), box.inflate(2, 2), max(2, w + 2))
        pygame.draw.ellipse(layer, (*light, 255), box, max(1, w + 1))
    s.blit(layer, (at[0] - c[0], at[1] - c[1]))


@cached(32, max_mb=4)
def crystal_glow(colour: str, step: int) -> pygame.Surface:
    """The glow of an Energy Crystal (added to what is below); `step` 0..5 is its pulse."""
    r = px(PLANET_RADIUS) + 16 + step * 2
    s = pygame.Surface((r * 2, r * 2))
    s.fill((0, 0, 0))
    base = COLOUR_RGB[colour]
    rp = px(PLANET_RADIUS)
    for i in range(r, 0, -1):
        t = 1.0 if i <= rp else (r - i) / (r - rp)
        k = 0.8 * t ** 1.7
        pygame.draw.circle(s, tuple(round(c * k) for c in base), (r, r), i)
    return s


@cached(8)
def crystal_gem(colour: str, size: int) -> pygame.Surface:
    """A faceted Energy Crystal, for the planet holding it and for one flying to a Hold."""
    s = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
    c = size
    base = COLOUR_RGB[colour]
    light = lerp_colour(base, (255, 255, 255), 0.55)
    pts = [(c, c - size), (c + size * 0.6, c - size * 0.2), (c + size * 0.45, c + size * 0.8),
           (c - size * 0.45, c + size * 0.8), (c - size * 0.6, c - size * 0.2)]
    pygame.draw.polygon(s, base, pts)
    pygame.draw.polygon(s, light, [(c, c - size), (c + size * 0.6, c - size * 0.2), (c, c)])
    pygame.draw.polygon(s, (255, 255, 255), pts, 2)
    return s


@cached(8)
def _ship_base(faction: int) -> pygame.Surface:
    """A ship pointing right: a hull in the faction's shape, a cockpit and an engine."""
    r = px(SHIP_RADIUS) + 2
    size = r * 2 + 8
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size / 2, size / 2)
    col = faction_colour(faction)
    hull = lerp_colour(col, (255, 255, 255), 0.15)
    pygame.draw.circle(s, (*lerp_colour(col, (0, 0, 0), 0.5), 255), c, r)
    seat_shape(s, faction_shape(faction), c, r - 1, hull, outline=(20, 20, 35))
    pygame.draw.polygon(s, (240, 240, 255), [(c[0] + r + 3, c[1]), (c[0] + r - 5, c[1] - 4),
                                             (c[0] + r - 5, c[1] + 4)])
    pygame.draw.circle(s, (200, 235, 255), (c[0] + 3, c[1]), max(2, r // 3))
    return s


@cached(4 * SHIP_ANGLES, max_mb=3)
def ship_sprite(faction: int, step: int) -> pygame.Surface:
    """A ship turned to angle step `step` of `SHIP_ANGLES`."""
    deg = -step * 360.0 / SHIP_ANGLES
    return pygame.transform.rotate(_ship_base(faction), deg)


def ship_step(angle: float) -> int:
    """The nearest sprite step to an angle (radians, y down)."""
    return round(angle / math.tau * SHIP_ANGLES) % SHIP_ANGLES


@cached(2)
def _bomb_base() -> pygame.Surface:
    """The Space Bomb at rest size: a dark sphere, hazard band, fins and a spark."""
    r = px(BOMB_RADIUS)
    size = r * 2 + 10
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    for i in range(r, 0, -1):
        t = i / r
        col = lerp_colour((120, 120, 140), (25, 25, 35), t ** 0.8)
        pygame.draw.circle(s, col, (c[0] - round((1 - t) * r * 0.3),
                                    c[1] - round((1 - t) * r * 0.3)), i)
    pygame.draw.circle(s, theme.FUSE, c, r - 6, 4)
    for k in range(8):
        a = k * math.tau / 8
        p0 = (c[0] + math.cos(a) * (r - 10), c[1] + math.sin(a) * (r - 10))
        p1 = (c[0] + math.cos(a) * (r - 2), c[1] + math.sin(a) * (r - 2))
        pygame.draw.line(s, theme.SPARK if k % 2 else (30, 30, 30), p0, p1, 4)
    pygame.draw.circle(s, (15, 15, 20), c, r, 2)
    pygame.draw.circle(s, theme.BLAST, c, max(4, r // 5))
    pygame.draw.circle(s, theme.SPARK, c, max(2, r // 10))
    return s


@cached(BOMB_SCALES * BOMB_ANGLES, max_mb=16)
def bomb_sprite(scale_step: int, angle_step: int) -> pygame.Surface:
    """The bomb at size step `scale_step` (0 = resting size, each +6%) and turned."""
    zoom = 1.0 + 0.06 * scale_step
    return pygame.transform.rotozoom(_bomb_base(), -angle_step * 360.0 / BOMB_ANGLES, zoom)


@cached(BOMB_SCALES)
def bomb_shadow(step: int) -> pygame.Surface:
    """The bomb's shadow on the table: smaller and fainter the higher it flies."""
    r = px(BOMB_RADIUS)
    k = 1.0 - 0.05 * step
    w, h = round(r * 2 * k), round(r * 2 * k * 0.8)
    s = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
    pygame.draw.ellipse(s, (0, 0, 0, max(40, 130 - step * 9)), (2, 2, w, h))
    return s


@cached(32)
def cube(colour: str, size: int, filled: bool) -> pygame.Surface:
    """An Energy Cube with its colour's letter; an empty slot when not `filled`."""
    s = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    r = pygame.Rect(1, 1, size, size)
    base = COLOUR_RGB[colour]
    if filled:
        pygame.draw.rect(s, lerp_colour(base, (0, 0, 0), 0.35), r, border_radius=4)
        pygame.draw.rect(s, base, r.inflate(-4, -4).move(-1, -1), border_radius=3)
        pygame.draw.rect(s, (250, 250, 250), r, 1, border_radius=4)
        from game.ui import text

        # the letter in the colour that stands out from the cube's (dark on yellow, white on
        # red, blue and green), ringed in the other: dark letters on the red, blue and green
        # crystal tags were hard to read, with the colour-blind palette worst of all
        ink, ring = mark_inks(base)
        size_px = max(10, size - 5)
        mark = COLOUR_MARK[colour]
        edge = text.render(mark, size_px, ring, bold=True)
        at = edge.get_rect(center=r.center)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            s.blit(edge, at.move(dx, dy))
        s.blit(text.render(mark, size_px, ink, bold=True), at)
    else:
        pygame.draw.rect(s, (*lerp_colour(base, (40, 40, 60), 0.6), 255), r, 2, border_radius=4)
    return s


MARK_DARK: Colour = (16, 16, 26)
MARK_LIGHT: Colour = (255, 255, 255)


def mark_inks(base: Colour) -> tuple[Colour, Colour]:
    """(letter, ring) for a cube's letter on `base`: whichever of dark and white stands
    further from it in luminance, ringed in the other."""
    def lum(c: Colour) -> float:
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    light = abs(lum(MARK_LIGHT) - lum(base)) >= abs(lum(base) - lum(MARK_DARK))
    return (MARK_LIGHT, MARK_DARK) if light else (MARK_DARK, MARK_LIGHT)


# ---------------------------------------------------------------------------------------------
# The catalogue picture
# ---------------------------------------------------------------------------------------------


def picture(surface: pygame.Surface) -> None:
    """The catalogue picture: a ship streaking past glowing planets toward a crystal."""
    w, h = surface.get_size()
    sky = starfield()
    surface.blit(pygame.transform.smoothscale(sky, (w, h)), (0, 0))
    planets = ((0.3, 0.6, 2, 1), (0.62, 0.35, 6, 2), (0.78, 0.7, 9, 0))
    for fx, fy, pid, owner in planets:
        img = planet_sprite(pid, owner)
        k = h / 300.0
        img = pygame.transform.smoothscale(img, (round(img.get_width() * k),
                                                 round(img.get_height() * k)))
        if pid == 6:
            glow = crystal_glow(PLANETS[pid].colour, 3)
            g = pygame.transform.smoothscale(glow, (round(glow.get_width() * k),
                                                    round(glow.get_height() * k)))
            surface.blit(g, g.get_rect(center=(fx * w, fy * h)), special_flags=pygame.BLEND_ADD)
        surface.blit(img, img.get_rect(center=(fx * w, fy * h)))
    sx, sy = 0.18 * w, 0.25 * h
    for i in range(12):
        t = i / 12
        pygame.draw.circle(surface, lerp_colour((60, 60, 120), (255, 200, 120), t),
                           (round(sx - (1 - t) * 0.12 * w), round(sy - (1 - t) * 0.04 * h)),
                           max(1, round(2 + 3 * t)))
    ship = pygame.transform.rotozoom(_ship_base(0), -15, h / 200.0)
    surface.blit(ship, ship.get_rect(center=(sx, sy)))
