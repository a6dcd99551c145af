"""Tower Kaboom art, drawn by code once and cached: wood blocks, dice, tile cards, the table.

Block sprites are made per shape and per 2-degree angle (folded by the shape's symmetry) and lit
from above in world space, so a turned block keeps its highlight on top. Dice are cached per
colour, face and angle. A tile card draws each piece with the very block art (tone, grain and
mark), faded on its base until built and bright once built, so a picture matches the tray at a
glance; each (tile, width, progress) is one cached image. A frame only blits what is here.
"""

from __future__ import annotations

import copy
import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.games.tower.camera import ZOOM_STEP
from game.games.tower.data import (
    CATAPULT_SLOTS,
    DIE_SIZE,
    MEGA_SLOT,
    ORIENTATION_ANGLE,
    SHAPES,
    SLOT_RANGES,
    TABLE_Y,
    TILES,
    TRAY_FLOOR_Y,
    TRAY_ROW_FLOORS,
    VIEW_H,
    VIEW_W,
    TileDef,
)
from game.ui import text, theme
from game.ui.cache import BoundedCache
from game.ui.draw import burst, seat_shape

Colour = tuple[int, int, int]
Point = tuple[float, float]

SS = 2
"""Supersampling factor: sprites are drawn at twice the size and scaled down once, smoothly."""
ANGLE_STEP = 2
"""Degrees between cached block rotations."""
DIE_ANGLE_STEP = 3
MARGIN = 10
"""Extra background around the view, so a screen shake never shows an edge."""

TABLE_BACK_Y = 558
"""Back edge of the table top as drawn (the top is seen slightly from above)."""
CARD_TOP = 146
CARD_H = 160
NAME_SIZE = 14
"""Text size of a card's tile name at the 1280x720 picture (11 px at the smallest window)."""
TRAY_RECT = pygame.Rect(388, 634, 504, 80)
"""The two-row tray under the tiles, where the builder's blocks wait."""

WOOD_OUTLINE = (66, 38, 20)
WALL_TOP = (20, 26, 46)
WALL_BOTTOM = (52, 38, 50)

TIER_COLOURS: dict[int, Colour] = {
    1: (84, 168, 104),
    2: (46, 156, 146),
    3: (70, 136, 214),
    4: (136, 96, 206),
    5: (228, 118, 48),
    6: (214, 58, 70),
}
MEGA_COLOUR = (236, 184, 40)


def tier_colour(tile: TileDef) -> Colour:
    """The colour of a tile's band: by points, gold for the Mega tile."""
    return MEGA_COLOUR if tile.mega else TIER_COLOURS.get(tile.points, TIER_COLOURS[6])


def _shade(c: Colour, k: float) -> Colour:
    return (
        max(0, min(255, round(c[0] * k))),
        max(0, min(255, round(c[1] * k))),
        max(0, min(255, round(c[2] * k))),
    )


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _alpha(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def _opaque(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert() if pygame.display.get_surface() else surf


def _down(surf: pygame.Surface) -> pygame.Surface:
    """Scale a supersampled sprite down to its final size (once, at cache time)."""
    w, h = surf.get_size()
    return _alpha(pygame.transform.smoothscale(surf, (max(1, w // SS), max(1, h // SS))))


# ---------------------------------------------------------------------------------------------
# Lighting: world-fixed rims on any silhouette
# ---------------------------------------------------------------------------------------------


def _light(surf: pygame.Surface, rim: int, hi: tuple[int, int, int, int],
           lo: tuple[int, int, int, int], outline: Colour | None, width: int = 2) -> None:
    """Light a sprite from above: a bright top rim, a dark bottom rim and an outline."""
    mask = pygame.mask.from_surface(surf, 127)
    # copy.copy, not Mask.copy(): pygame-ce 2.5's Mask.copy() leaks an object on every call
    top = copy.copy(mask)
    top.erase(mask, (rim // 2, rim))
    bottom = copy.copy(mask)
    bottom.erase(mask, (-rim // 2, -rim))
    surf.blit(top.to_surface(setcolor=hi, unsetcolor=(0, 0, 0, 0)), (0, 0))
    surf.blit(bottom.to_surface(setcolor=lo, unsetcolor=(0, 0, 0, 0)), (0, 0))
    if outline is not None:
        pts = mask.outline()
        if len(pts) > 2:
            pygame.draw.lines(surf, outline, True, pts, width)


def _vertical_shade(surf: pygame.Surface, top: int = 255, bottom: int = 205) -> None:
    """Darken a sprite toward its bottom (world-fixed, so rotation keeps it right)."""
    surf.blit(pygame.transform.scale(_shade_strip(surf.get_height(), top, bottom),
                                     surf.get_size()), (0, 0),
              special_flags=pygame.BLEND_RGB_MULT)


@lru_cache(maxsize=512)
def _shade_strip(h: int, top: int, bottom: int) -> pygame.Surface:
    """A one-pixel-wide column from `top` grey down to `bottom` grey, `h` high (made once per
    height: a block's rotations share a handful of heights)."""
    strip = pygame.Surface((1, max(2, h)))
    for y in range(h):
        v = round(top + (bottom - top) * y / max(1, h - 1))
        strip.set_at((0, y), (v, v, v))
    return strip


# ---------------------------------------------------------------------------------------------
# Blocks
# ---------------------------------------------------------------------------------------------


def _wood_texture(key: str, level: float = 1.0, marked: bool = True) -> pygame.Surface:
    """A shape's wood, upright, supersampled at `level` times the table scale, with grain along
    its length and the shape's mark; transparent outside."""
    shape = SHAPES[key]
    k = SS * level
    pad = 2
    w, h = round(shape.width * k) + pad * 2, round(shape.height * k) + pad * 2
    base = shape.colour
    rng = random.Random(key)
    tex = pygame.Surface((w, h), pygame.SRCALPHA)
    tex.fill((*base, 255))
    vertical = shape.height >= shape.width
    length, across = (h, w) if vertical else (w, h)
    # Grain: long wavy lines, darker and lighter streaks, and the odd knot on long pieces.
    n = max(3, round(across / (k * 3.2)))
    for i in range(n):
        off = (i + 0.5) * across / n + rng.uniform(-2, 2) * level
        amp = rng.uniform(0.6, 2.2) * k
        freq = rng.uniform(0.02, 0.05) / level
        phase = rng.uniform(0, math.tau)
        col = _shade(base, rng.choice((0.78, 0.84, 0.9, 1.1)))
        pts: list[Point] = []
        step = max(2, round(6 * level))
        for t in range(0, length + 8, step):
            o = off + math.sin(t * freq + phase) * amp
            pts.append((o, t) if vertical else (t, o))
        pygame.draw.lines(tex, col, False, pts, max(1, round(rng.choice((1, 2, 2, 3)) * level)))
    if marked:
        _mark(tex, key, k)
    # Keep only the silhouette.
    sil = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, cy = w / 2, h / 2
    for part in shape.parts:
        pygame.draw.polygon(sil, (255, 255, 255, 255),
                            [(cx + x * k, cy + y * k) for x, y in part])
    tex.blit(sil, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return tex


def _mark(tex: pygame.Surface, key: str, k: float) -> None:
    """Each kind's own mark, burnt into the wood, so kinds differ at a glance in any palette:
    long beam three nail heads, short beam one, pillar a fluted column with capital and base,
    cube a diamond, arch a keystone, roof its shingles."""
    shape = SHAPES[key]
    w, h = tex.get_size()
    cx, cy = w / 2, h / 2
    ink = _shade(shape.colour, 0.42)
    hi = _shade(shape.colour, 1.22)

    def nail(x: float, y: float) -> None:
        pygame.draw.circle(tex, ink, (x, y), 2.6 * k)
        pygame.draw.circle(tex, hi, (x - 0.6 * k, y - 0.6 * k), 1.0 * k)

    if key == "beam":
        for f in (-0.36, 0.0, 0.36):
            nail(cx, cy + f * shape.height * k)
    elif key == "plank":
        nail(cx, cy)
    elif key == "pillar":
        band = 5.0 * k
        top, bottom = cy - shape.height * k / 2, cy + shape.height * k / 2
        for y in (top, bottom - band):
            pygame.draw.rect(tex, _shade(shape.colour, 0.62), (0, y, w, band))
            pygame.draw.line(tex, hi, (0, y + band - k), (w, y + band - k), max(1, round(k / 2)))
        for fx in (-0.22, 0.22):
            x = cx + fx * shape.width * k
            pygame.draw.line(tex, ink, (x, top + band + 2 * k), (x, bottom - band - 2 * k),
                             max(1, round(1.4 * k)))
    elif key == "cube":
        r = 6.0 * k
        pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
        pygame.draw.polygon(tex, ink, pts, max(1, round(1.6 * k)))
    elif key == "arch":
        top = cy - shape.height * k / 2
        ks = [(cx - 4 * k, top), (cx + 4 * k, top), (cx + 3 * k, top + 10 * k),
              (cx - 3 * k, top + 10 * k)]
        pygame.draw.polygon(tex, _shade(shape.colour, 0.7), ks)
        pygame.draw.polygon(tex, ink, ks, max(1, round(k)))
    elif key == "roof":
        for f in (0.35, 0.65):
            y = cy - shape.height * k / 2 + f * shape.height * k
            pygame.draw.line(tex, ink, (0, y), (w, y), max(1, round(1.2 * k)))


@lru_cache(maxsize=64)
def _texture(key: str, level: float = 1.0) -> pygame.Surface:
    return _wood_texture(key, level)


def zoom_level(zoom: float) -> float:
    """The cached sprite level that serves a zoom (1.0, 1.125, 1.25, ...)."""
    return max(1.0, round(zoom / ZOOM_STEP) * ZOOM_STEP)


_SYM: dict[str, tuple[float, int]] = {
    k: (math.degrees(s.symmetry), max(1, round(math.degrees(s.symmetry) / ANGLE_STEP)))
    for k, s in SHAPES.items()
}
_DEG = 180.0 / math.pi


def angle_index(key: str, angle: float) -> int:
    """Which cached rotation shows a shape at `angle` (radians, clockwise on screen)."""
    sym, n = _SYM[key]
    return round(((angle * _DEG) % sym) / ANGLE_STEP) % n


# Bounded: every rotation at table scale (about 720) plus close-ups at other zoom levels.
_BLOCKS: BoundedCache[tuple[str, int, float], pygame.Surface] = BoundedCache(1200)
_GHOSTS: BoundedCache[tuple[str, int, int, float], pygame.Surface] = BoundedCache(256)


def _make_block(key: str, idx: int, level: float = 1.0) -> pygame.Surface:
    tex = _texture(key, level)
    rot = pygame.transform.rotate(tex, -idx * ANGLE_STEP)
    _vertical_shade(rot, 255, 200)
    _light(rot, round((3 * SS // 2 + 1) * level), (255, 236, 200, 120), (40, 18, 6, 110),
           WOOD_OUTLINE, max(2, round(2 * level)))
    return _down(rot)


def _scaled(sprite: pygame.Surface, k: float, smooth: bool = True) -> pygame.Surface:
    w, h = sprite.get_size()
    size = (max(1, round(w * k)), max(1, round(h * k)))
    if smooth:
        return pygame.transform.smoothscale(sprite, size)
    return pygame.transform.scale(sprite, size)


_LEVELS: dict[tuple[str, int], list[float]] = {}
"""Per shape and rotation, the zoom levels cached in `_BLOCKS`."""


def _nearest_level(key: str, idx: int, level: float) -> float | None:
    """The cached level closest to `level` for this sprite (None if none is cached)."""
    levels = [lv for lv in _LEVELS.get((key, idx), ()) if (key, idx, lv) in _BLOCKS]
    if not levels:
        return None
    return min(levels, key=lambda lv: abs(lv - level))


def _store(key: str, idx: int, level: float) -> pygame.Surface:
    got = _make_block(key, idx, level)
    _BLOCKS[(key, idx, level)] = got
    levels = _LEVELS.setdefault((key, idx), [])
    if level not in levels:  # made again after the bounded cache let it go
        levels.append(level)
    return got


MAKE_PER_FRAME = 1
"""While a view is drawn, at most this many new crisp block sprites are made in one frame
(when the camera comes to rest at a new zoom, the rest show quick-scaled from another level
for a frame or two, then crisp)."""
_make_left: int | None = None
"""New crisp sprites the frame being drawn may still make (None: outside a frame, no limit)."""


def frame_budget(on: bool) -> None:
    """A view starts (True) or ends (False) drawing a frame: while on, block sprites are made
    at most `MAKE_PER_FRAME` a frame."""
    global _make_left
    _make_left = MAKE_PER_FRAME if on else None


def block_sprite(key: str, angle: float, zoom: float = 1.0, make: bool = True) -> pygame.Surface:
    """The lit sprite of a block shape at an angle and camera zoom, centred on the shape's
    origin. Crisp at each `ZOOM_STEP` level (made once); between levels, or with `make` False
    (the camera is moving: no new sprite may stall a frame), the nearest one scaled. A frame
    makes at most `MAKE_PER_FRAME` new ones; past that, the nearest one quick-scaled too."""
    global _make_left
    sym, n = _SYM[key]
    idx = round(((angle * _DEG) % sym) / ANGLE_STEP) % n
    level = zoom_level(zoom)
    got = _BLOCKS.get((key, idx, level))
    if got is None:
        spent = _make_left is not None and _make_left <= 0
        near = None if make and not spent else _nearest_level(key, idx, level)
        if near is not None:
            # The camera is moving (or this frame made its share): a quick scale of the
            # nearest crisp one, for a frame.
            return _scaled(_BLOCKS[(key, idx, near)], zoom / near, smooth=False)
        if _make_left is not None:
            _make_left -= 1
        got = _store(key, idx, level)
    if abs(zoom - level) > 1e-3:
        return _scaled(got, zoom / level, smooth=make)
    return got


def ghost_sprite(key: str, angle: float, alpha: int = 90, zoom: float = 1.0,
                 make: bool = True) -> pygame.Surface:
    """A faint, pale copy of a block sprite (the next block's ghost, a lifted block)."""
    idx = angle_index(key, angle)
    level = zoom_level(zoom)
    got = _GHOSTS.get((key, idx, alpha, level))
    if got is None:
        got = block_sprite(key, angle, level, make).copy()
        if alpha < 150:
            got.fill((90, 96, 90, 0), special_flags=pygame.BLEND_RGBA_ADD)
        got.set_alpha(alpha)
        if (key, idx, level) in _BLOCKS:  # made from the crisp sprite, not a quick scale
            _GHOSTS[(key, idx, alpha, level)] = got
    if abs(zoom - level) > 1e-3:
        scaled = _scaled(got, zoom / level)
        scaled.set_alpha(alpha)
        return scaled
    return got


def prewarm_blocks(level: float = 1.0, angles: tuple[float, ...] | None = None) -> None:
    """Render block rotations now: every one at table scale (about a quarter second, once per
    process), or a few `angles` at another zoom level (a turn's first close-up)."""
    for key, shape in SHAPES.items():
        n = max(1, round(math.degrees(shape.symmetry) / ANGLE_STEP))
        idxs = range(n) if angles is None else {angle_index(key, a) for a in angles}
        for idx in idxs:
            if (key, idx, level) not in _BLOCKS:
                _store(key, idx, level)


def prewarm_one(level: float, angles: tuple[float, ...]) -> bool:
    """Make one of the rotations `prewarm_blocks(level, angles)` would make, if one is not
    made yet (True); a quiet screen spreads a turn's first close-up over its frames."""
    for key in SHAPES:
        for idx in sorted({angle_index(key, a) for a in angles}):
            if (key, idx, level) not in _BLOCKS:
                _store(key, idx, level)
                return True
    return False


@lru_cache(maxsize=64)
def contact_shadow(width: int) -> pygame.Surface:
    """A soft dark ellipse to put under something standing on the table."""
    w = max(8, width + 14)
    s = pygame.Surface((w * SS, 12 * SS), pygame.SRCALPHA)
    for i in range(6):
        a = 18 + i * 10
        r = pygame.Rect(0, 0, (w - i * 2) * SS, (10 - i * 1.2) * SS)
        r.center = (w * SS // 2, 6 * SS)
        pygame.draw.ellipse(s, (10, 6, 4, a), r)
    return _down(s)


# ---------------------------------------------------------------------------------------------
# Dice
# ---------------------------------------------------------------------------------------------

PIPS: dict[int, tuple[Point, ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
_DICE: BoundedCache[tuple[Colour, int, int], pygame.Surface] = BoundedCache(1200)


def die_face(die_id: int) -> int:
    """The face a die shows (varied per die, stable for its flight)."""
    return (4, 5, 1, 4, 5, 6)[die_id % 6]


def _make_die(colour: Colour, face: int, idx: int) -> pygame.Surface:
    s = round(DIE_SIZE * SS)
    pad = 4
    base = pygame.Surface((s + pad * 2, s + pad * 2), pygame.SRCALPHA)
    body = _mix(colour, (245, 235, 215), 0.12)
    pygame.draw.rect(base, (*body, 255), (pad, pad, s, s), border_radius=5)
    step = s * 0.27
    c = pad + s / 2
    for px, py in PIPS[face]:
        pygame.draw.circle(base, (252, 246, 232), (c + px * step, c + py * step), 2.6)
    rot = pygame.transform.rotate(base, -idx * DIE_ANGLE_STEP)
    _vertical_shade(rot, 255, 190)
    _light(rot, 3, (255, 255, 255, 110), (0, 0, 0, 90), _shade(colour, 0.45), 2)
    return _down(rot)


def die_sprite(colour: Colour, face: int, angle: float) -> pygame.Surface:
    """A die of a saboteur's colour showing `face`, at an angle."""
    period = 90 if face in (1, 4, 5) else 180
    idx = round((math.degrees(angle) % period) / DIE_ANGLE_STEP) % (period // DIE_ANGLE_STEP)
    key = (colour, face, idx)
    got = _DICE.get(key)
    if got is None:
        got = _make_die(colour, face, idx)
        _DICE[key] = got
    return got


def prewarm_dice(colour: Colour) -> None:
    """Render every rotation of a saboteur's dice (a few milliseconds)."""
    for face in (1, 4, 5, 6):
        period = 90 if face in (1, 4, 5) else 180
        for idx in range(period // DIE_ANGLE_STEP):
            if (colour, face, idx) not in _DICE:
                _DICE[(colour, face, idx)] = _make_die(colour, face, idx)


@lru_cache(maxsize=32)
def die_icon(colour: Colour, spent: bool, size: int = 14) -> pygame.Surface:
    """A small die for the HUD: full for one left, a hollow outline for one fired."""
    s = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    r = pygame.Rect(1, 1, size * SS - 2, size * SS - 2)
    if spent:
        pygame.draw.rect(s, (*_shade(colour, 0.6), 150), r, 3, border_radius=6)
    else:
        pygame.draw.rect(s, (*colour, 255), r, border_radius=6)
        pygame.draw.rect(s, (*_shade(colour, 0.5), 255), r, 2, border_radius=6)
        c = size * SS / 2
        for px, py in PIPS[5]:
            pygame.draw.circle(s, (252, 246, 232), (c + px * size * 0.55, c + py * size * 0.55),
                               size * 0.2)
    return _down(s)


# ---------------------------------------------------------------------------------------------
# Tile cards
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A tile's card: the base (blueprint tower, points, name) and a lit sprite per piece."""

    tile_id: int
    base: pygame.Surface
    hung: pygame.Surface
    """The base with its pin and the shadow it casts on the wall, drawn from `HUNG_OFFSET`."""
    pieces: tuple[tuple[pygame.Surface, tuple[int, int]], ...]
    """Lit piece sprites and where to blit them on the card, bottom first."""
    done: pygame.Surface
    """The card's glow when its tower is complete."""


def card_width(slot: int) -> int:
    """A card is as wide as its slot's tile."""
    x0, x1 = SLOT_RANGES[slot]
    return round(x1 - x0)


def _tower_layout(tile: TileDef, box: pygame.Rect) -> tuple[float, list[tuple[str, float, Point]]]:
    """Scale and centre of each printed piece, stacked bottom first inside `box`."""
    sizes = [SHAPES[k].size(o) for k, o in tile.pieces]
    total_h = sum(h for _, h in sizes)
    max_w = max(w for w, _ in sizes)
    scale = min(0.72, box.h / total_h, box.w / max_w)
    y = float(box.bottom)
    out: list[tuple[str, float, Point]] = []
    for (key, orient), (_, h) in zip(tile.pieces, sizes, strict=True):
        y -= h * scale / 2
        out.append((key, ORIENTATION_ANGLE[orient], (box.centerx, y)))
        y -= h * scale / 2
    return scale, out


PAPER = (248, 238, 216)
MEGA_PAPER = (252, 240, 204)
UNBUILT_FADE = 0.45
"""How far a piece not yet built fades toward the card's paper: its tone and mark still
match the tray's block at a glance, and a built piece stands out bright."""


def _unbuilt(sprite: pygame.Surface, paper: Colour) -> pygame.Surface:
    """A piece's lit sprite faded toward the paper (the same block art, tone and mark)."""
    s = sprite.copy()
    keep = round(255 * (1.0 - UNBUILT_FADE))
    s.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    s.fill(tuple(round(c * UNBUILT_FADE) for c in paper), special_flags=pygame.BLEND_RGB_ADD)
    return s


def _silhouette(surface: pygame.Surface, sprite: pygame.Surface, at: tuple[int, int],
                colour: Colour) -> None:
    """A piece's outline a pixel wide around where it goes, so each block on a small card shows
    its own shape (a stranger took two stacked pillars for one long beam): drawn bottom piece
    first, each outline also marks the seam on the piece below."""
    mask = pygame.mask.from_surface(sprite, 110)
    ink = mask.to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0))
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        surface.blit(ink, (at[0] + dx, at[1] + dy))


def card_foot(mega: bool) -> tuple[int, int, int]:
    """A tile card's foot under its ground line, and the heights of the name and (the Mega's)
    "wins the game" lines in it: as tall as the text is (larger text ran the Mega's two lines
    into each other)."""
    name_h = text.line_height(NAME_SIZE, True)
    sub_h = text.line_height(10, True) if mega else 0
    foot = max(24, name_h + 4) if not mega else max(36, name_h + sub_h)
    return foot, name_h, sub_h


def _card_base(tile: TileDef, width: int) -> tuple[pygame.Surface, pygame.Rect]:
    ss_w, ss_h = width * SS, CARD_H * SS
    s = pygame.Surface((ss_w, ss_h), pygame.SRCALPHA)
    band = tier_colour(tile)
    paper = MEGA_PAPER if tile.mega else PAPER
    rect = pygame.Rect(0, 0, ss_w, ss_h)
    pygame.draw.rect(s, (*paper, 255), rect, border_radius=9 * SS)
    # A faint blueprint grid on the paper.
    for gx in range(6 * SS, ss_w, 10 * SS):
        pygame.draw.line(s, (*_shade(paper, 0.95), 255), (gx, 26 * SS), (gx, ss_h - 26 * SS), 1)
    for gy in range(26 * SS, ss_h - 24 * SS, 10 * SS):
        pygame.draw.line(s, (*_shade(paper, 0.95), 255), (4 * SS, gy), (ss_w - 4 * SS, gy), 1)
    head = pygame.Rect(0, 0, ss_w, 24 * SS)
    pygame.draw.rect(s, (*band, 255), head, border_top_left_radius=9 * SS,
                     border_top_right_radius=9 * SS)
    pygame.draw.line(s, (*_shade(band, 0.7), 255), (0, head.bottom), (ss_w, head.bottom), SS)
    pygame.draw.rect(s, (*_shade(band, 0.55), 255), rect, 2 * SS, border_radius=9 * SS)
    foot, name_h, _sub_h = card_foot(tile.mega)
    ground_y = ss_h - foot * SS
    pygame.draw.line(s, (*_shade(band, 0.85), 255), (6 * SS, ground_y), (ss_w - 6 * SS, ground_y),
                     2 * SS)
    s = _down(s)
    # Text is drawn at final size (crisp): points (or MEGA) in the band, the name at the foot.
    if tile.mega:
        label = text.render("MEGA", 17, theme.INK, bold=True)
        s.blit(label, label.get_rect(center=(width // 2, 12)))
        sub = card_line("wins the game", 10, (120, 84, 20), width)
        s.blit(sub, sub.get_rect(midbottom=(width // 2, CARD_H - 1)))
    else:
        pts = text.render(str(tile.points), 19, (255, 255, 255), bold=True, shadow=True)
        unit = text.render("pt" if tile.points == 1 else "pts", 11, (255, 255, 255), bold=True)
        total = pts.get_width() + 3 + unit.get_width()
        x = width // 2 - total // 2
        s.blit(pts, pts.get_rect(midleft=(x, 12)))
        s.blit(unit, unit.get_rect(midleft=(x + pts.get_width() + 3, 14)))
    name = tile.name if not tile.mega else "Mega Tower"
    # At least 11 px on a 1024x576 window (a playtester read 6 px names there): 14 px at the
    # 1280x720 picture, squeezed a hair only for the longest names on the narrowest pads.
    # The Mega's wide card keeps its name clear of the border; a small tile's name on the
    # narrowest pad keeps its size (readable at 1024x576) and only 3 px each side.
    nm = card_line(name, NAME_SIZE, (70, 52, 36), width,
                   CARD_TEXT_MARGIN if tile.mega else CARD_NAME_MARGIN)
    s.blit(nm, nm.get_rect(center=(width // 2, CARD_H - foot + name_h // 2 + 1)))
    box = pygame.Rect(6, 30, width - 12, CARD_H - 30 - foot - 3)
    return s, box


CARD_TEXT_MARGIN = 6
"""Pixels a card's name keeps from each side (its border is 2 wide): larger text ran "wins the
game" and "Mega Tower" onto the Mega card's border."""


CARD_NAME_MARGIN = 5
"""Pixels a small tile's name keeps from each side of its card, 3 clear of its border: at 3
"Three cubes" touched the card's edges in larger text (a stranger)."""


def card_line(label: str, size: int, colour: Colour, card_width: int,
              margin: int = CARD_TEXT_MARGIN) -> pygame.Surface:
    """A card's one line of text (its name, the Mega's "wins the game") at its size, narrowed
    (never made smaller in height than a hair, never cut short) to keep `margin` pixels from
    each side of the card."""
    return condensed(text.render(label, size, colour, bold=True), card_width - 2 * margin)


CONDENSE = 0.7
"""The narrowest a line of text is condensed to (a share of its width) before it is also
drawn smaller."""


def condensed(img: pygame.Surface, width: int) -> pygame.Surface:
    """`img` as it is, or narrowed to `width` if it is wider (a long name on a narrow card):
    condensed, its height kept, down to `CONDENSE` of its width, and only past that scaled
    down too. Scaled down whole, "Three cubes" and "Watchtower" shrank to a tiny font on the
    get-ready screen with larger text (a stranger)."""
    w, h = img.get_size()
    if w <= width:
        return img
    narrow = max(width, round(w * CONDENSE))
    return pygame.transform.smoothscale(img, (width, round(h * width / narrow)))


MARK_INK: Colour = (70, 52, 36)


def kind_mark(surface: pygame.Surface, key: str, r: pygame.Rect) -> None:
    """A faded card piece's kind drawn in ink, by pattern not shade: a pillar's two grooves
    down its length, a beam's nails along its middle between dark end-grain bands at both
    ends (one band and two nails for the short beam, three for the long one), a cube's bold
    diamond (a faded dark pillar read as a light short beam, the two being nearly the same
    size; a stranger set a cube where the Stack's short beam goes: on the small card the two
    looked alike; colour-blind eyes lose the shade too)."""
    upright = r.h > r.w
    long_side, short_side = (r.h, r.w) if upright else (r.w, r.h)
    if key == "pillar":
        inset = max(2, long_side // 10)
        for f in (1 / 3, 2 / 3):
            o = round(short_side * f)
            if upright:
                a, b = (r.x + o, r.y + inset), (r.x + o, r.bottom - 1 - inset)
            else:
                a, b = (r.x + inset, r.y + o), (r.right - 1 - inset, r.y + o)
            pygame.draw.line(surface, MARK_INK, a, b, 1)
    elif key in ("plank", "beam"):
        n = 2 if key == "plank" else 3
        rad = 1 if short_side < 14 else 2
        band = max(2, long_side // 12)
        for end in (0, long_side - band):  # the end grain: a board, not a block
            cap = pygame.Rect(r.x, r.y + end, short_side, band) if upright else \
                pygame.Rect(r.x + end, r.y, band, short_side)
            pygame.draw.rect(surface, MARK_INK, cap.inflate(-2, 0) if upright
                             else cap.inflate(0, -2))
        for i in range(n):
            along = round(long_side * (i + 1) / (n + 1))
            at = (r.x + short_side // 2, r.y + along) if upright else \
                (r.x + along, r.y + short_side // 2)
            pygame.draw.circle(surface, MARK_INK, at, rad)
    elif key == "cube":
        c = r.center
        h = max(2, round(min(r.w, r.h) * 0.3))
        pts = [(c[0], c[1] - h), (c[0] + h, c[1]), (c[0], c[1] + h), (c[0] - h, c[1])]
        pygame.draw.polygon(surface, MARK_INK, pts, 2 if min(r.w, r.h) >= 14 else 1)


_CARDS: BoundedCache[tuple[int, int], Card] = BoundedCache(128)
HUNG_OFFSET = (-10, -8)


def card(tile_id: int, width: int) -> Card:
    """A tile's card (cached per tile and width)."""
    got = _CARDS.get((tile_id, width))
    if got is not None:
        return got
    tile = TILES[tile_id]
    base, box = _card_base(tile, width)
    scale, layout = _tower_layout(tile, box)
    pieces: list[tuple[pygame.Surface, tuple[int, int]]] = []
    paper = MEGA_PAPER if tile.mega else PAPER
    for key, angle, (cx, cy) in layout:
        # The very block art of the tray and the table (tone, grain, mark), so a tile's
        # picture matches the tray at a glance: faded until built, then bright.
        lit = _scaled(block_sprite(key, angle), scale)
        r = lit.get_rect(center=(round(cx), round(cy)))
        _silhouette(base, lit, r.topleft, _shade(SHAPES[key].colour, 0.45))
        base.blit(_unbuilt(lit, paper), r)
        kind_mark(base, key, lit.get_bounding_rect(min_alpha=110).move(r.topleft))
        pieces.append((lit, r.topleft))
    done = pygame.Surface((width + 16, CARD_H + 16), pygame.SRCALPHA)
    for i in range(8, 0, -1):
        pygame.draw.rect(done, (*theme.MINT, 16 + (8 - i) * 8),
                         (8 - i, 8 - i, width + i * 2, CARD_H + i * 2), border_radius=10 + i)
    hung = pygame.Surface((width + 24, CARD_H + 26), pygame.SRCALPHA)
    hx, hy = -HUNG_OFFSET[0], -HUNG_OFFSET[1]
    hung.blit(card_shadow(width), (hx - 8, hy - 5))
    hung.blit(base, (hx, hy))
    p = pin()
    hung.blit(p, p.get_rect(center=(hx + width // 2, hy + 2)))
    got = Card(tile_id, base, _alpha(hung), tuple(pieces), _alpha(done))
    _CARDS[(tile_id, width)] = got
    return got


def prewarm_cards() -> None:
    """Render every tile's card (a few dozen milliseconds, once per process)."""
    for tid in TILES:
        card(tid, card_width(MEGA_SLOT if TILES[tid].mega else 0))


def _strip(top: int, bottom: int) -> pygame.Rect:
    x0 = round(SLOT_RANGES[0][0]) - 16
    x1 = round(SLOT_RANGES[-1][1]) + 18
    return pygame.Rect(x0, top, x1 - x0, bottom - top)


CARD_STRIP = _strip(CARD_TOP - 12, CARD_TOP + CARD_H + 20)
"""Where the cards (with pins, glows and shadows) are drawn: redrawn whole when one changes."""
SLAB_STRIP = _strip(round(TABLE_Y) - 12, round(TABLE_Y) + 3)
"""Where the tiles lie on the table top."""


def card_rect(slot: int) -> pygame.Rect:
    """Where a slot's card hangs on the wall."""
    x0, x1 = SLOT_RANGES[slot]
    return pygame.Rect(round(x0), CARD_TOP, round(x1 - x0), CARD_H)


@lru_cache(maxsize=4)
def card_shadow(width: int) -> pygame.Surface:
    """The soft shadow a card casts on the wall."""
    s = pygame.Surface(((width + 20) * SS, (CARD_H + 20) * SS), pygame.SRCALPHA)
    for i in range(10, 0, -1):
        pygame.draw.rect(s, (0, 0, 0, 14), ((10 - i) * SS, (10 - i) * SS,
                                            (width + i * 2) * SS, (CARD_H + i * 2) * SS),
                         border_radius=(10 + i) * SS)
    return _down(s)


@lru_cache(maxsize=1)
def pin() -> pygame.Surface:
    """A red thumbtack."""
    s = pygame.Surface((14 * SS, 14 * SS), pygame.SRCALPHA)
    pygame.draw.circle(s, (60, 10, 10, 120), (8 * SS, 8 * SS), 5 * SS)
    pygame.draw.circle(s, (214, 52, 52), (7 * SS, 7 * SS), 5 * SS)
    pygame.draw.circle(s, (255, 150, 140), (5.5 * SS, 5.5 * SS), 1.6 * SS)
    return _down(s)


CARD_ORIGIN = (-HUNG_OFFSET[0], -HUNG_OFFSET[1])
"""Where a card's top-left corner lies on its `card_image` (room for shadow and glow)."""


@lru_cache(maxsize=256)
def card_image(tile_id: int, width: int, progress: int = 0, complete: bool = False
               ) -> pygame.Surface:
    """A card as it hangs, its first `progress` pieces built (bright), the rest faded, and a
    glow when complete: one surface per (tile, width, progress), so a frame blits it once.
    The card's corner is at `CARD_ORIGIN` on it."""
    c = card(tile_id, width)
    ox, oy = CARD_ORIGIN
    img = pygame.Surface(c.hung.get_size(), pygame.SRCALPHA)
    if complete:
        img.blit(c.done, (ox - 8, oy - 8))
        img.blit(c.base, (ox, oy))
        p = pin()
        img.blit(p, p.get_rect(center=(ox + width // 2, oy + 2)))
    else:
        img.blit(c.hung, (0, 0))
    for sprite, (px, py) in c.pieces[:progress]:
        img.blit(sprite, (ox + px, oy + py))
    return img


def draw_card(surface: pygame.Surface, tile_id: int, rect: pygame.Rect, progress: int = 0,
              complete: bool = False) -> None:
    """A card on the wall with `progress` pieces built (and a glow when complete)."""
    img = card_image(tile_id, rect.w, progress, complete)
    surface.blit(img, (rect.x - CARD_ORIGIN[0], rect.y - CARD_ORIGIN[1]))


# ---------------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------------


def _grain_band(surf: pygame.Surface, rect: pygame.Rect, base: Colour, rng: random.Random,
                lines: int, dark: float = 0.86) -> None:
    """Horizontal planks of wood grain across a band."""
    pygame.draw.rect(surf, base, rect)
    for _ in range(lines):
        y = rng.uniform(rect.top + 1, rect.bottom - 1)
        col = _shade(base, rng.choice((dark, dark + 0.05, 1.06, 1.1)))
        pts = []
        amp = rng.uniform(0.3, 1.6)
        f = rng.uniform(0.004, 0.02)
        ph = rng.uniform(0, 6)
        for x in range(rect.left, rect.right + 24, 24):
            pts.append((x, y + math.sin(x * f + ph) * amp))
        pygame.draw.lines(surf, col, False, pts, 1)


def _window(s: pygame.Surface, rect: pygame.Rect, rng: random.Random, moon: bool) -> None:
    """A night window: sky, stars, hills with lit houses, a frame with muntins, curtains."""
    sky = pygame.Surface(rect.size)
    for y in range(rect.h):
        sky.fill(_mix((10, 14, 40), (44, 58, 108), (y / rect.h) ** 1.4), (0, y, rect.w, 1))
    for _ in range(70):
        x, y = rng.randrange(rect.w), rng.randrange(int(rect.h * 0.75))
        b = rng.randrange(110, 255)
        sky.set_at((x, y), (b, b, min(255, b + 20)))
        if rng.random() < 0.12:
            pygame.draw.circle(sky, (b, b, 255), (x, y), 1)
    if moon:
        mx, my = rect.w * 0.66, rect.h * 0.28
        halo = pygame.Surface(rect.size, pygame.SRCALPHA)
        for r in range(60, 18, -4):
            pygame.draw.circle(halo, (200, 220, 255, 6), (mx, my), r)
        sky.blit(halo, (0, 0))
        pygame.draw.circle(sky, (244, 238, 214), (mx, my), 18)
        pygame.draw.circle(sky, (222, 214, 188), (mx - 5, my + 4), 4)
        pygame.draw.circle(sky, (226, 218, 192), (mx + 6, my - 5), 3)
    hill: list[Point] = [(0.0, float(rect.h))]
    for x in range(0, rect.w + 20, 20):
        hill.append((x, rect.h * 0.78 - 14 * math.sin(x * 0.018 + (2 if moon else 0)) - 6))
    hill.append((rect.w, rect.h))
    pygame.draw.polygon(sky, (16, 22, 40), hill)
    for _ in range(5):
        hx = rng.randrange(10, rect.w - 30)
        hy = round(rect.h * 0.78 - 14 * math.sin(hx * 0.018 + (2 if moon else 0)) - 4)
        pygame.draw.polygon(sky, (12, 16, 30), [(hx, hy), (hx + 10, hy - 9), (hx + 20, hy),
                                                (hx + 20, hy + 12), (hx, hy + 12)])
        pygame.draw.rect(sky, (255, 196, 92), (hx + 7, hy + 3, 5, 4))
    frame = (96, 62, 36)
    pygame.draw.rect(s, (12, 10, 14), rect.inflate(26, 26).move(3, 5), border_radius=6)
    s.blit(sky, rect.topleft)
    pygame.draw.rect(s, frame, rect.inflate(24, 24), 12, border_radius=5)
    pygame.draw.rect(s, (150, 104, 64), rect.inflate(24, 24), 2, border_radius=5)
    pygame.draw.rect(s, (60, 38, 22), rect.inflate(2, 2), 2)
    pygame.draw.line(s, frame, (rect.centerx, rect.top), (rect.centerx, rect.bottom), 8)
    pygame.draw.line(s, frame, (rect.left, rect.top + rect.h * 0.42),
                     (rect.right, rect.top + rect.h * 0.42), 8)
    sill = pygame.Rect(rect.x - 22, rect.bottom + 10, rect.w + 44, 10)
    pygame.draw.rect(s, (140, 94, 56), sill, border_radius=3)
    pygame.draw.line(s, (190, 140, 92), sill.topleft, sill.topright, 2)
    # Curtains gathered at each side.
    for side in (-1, 1):
        edge = rect.left - 6 if side < 0 else rect.right + 6
        body = [(edge - side * 10, rect.top - 26), (edge + side * 32, rect.top - 26),
                (edge + side * 18, rect.bottom + 4), (edge - side * 14, rect.bottom + 4)]
        pygame.draw.polygon(s, (128, 38, 44), body)
        for k in range(1, 4):
            fx0 = body[0][0] + (body[1][0] - body[0][0]) * k / 4
            fx1 = body[3][0] + (body[2][0] - body[3][0]) * k / 4
            pygame.draw.line(s, (96, 24, 32), (fx0, rect.top - 24), (fx1, rect.bottom + 2), 3)
            pygame.draw.line(s, (168, 62, 64), (fx0 + 3, rect.top - 24), (fx1 + 3, rect.bottom),
                             1)
        tie_y = rect.top + rect.h * 0.55
        pygame.draw.ellipse(s, (214, 170, 70),
                            (min(body[0][0], body[1][0]) - 2, tie_y, 46, 8))
    rod_y = rect.top - 28
    pygame.draw.line(s, (60, 44, 30), (rect.left - 62, rod_y), (rect.right + 62, rod_y), 5)
    for x in (rect.left - 62, rect.right + 62):
        pygame.draw.circle(s, (190, 150, 80), (x, rod_y), 6)


@lru_cache(maxsize=1)
def background() -> pygame.Surface:
    """Wall, windows, lamp light, picture rail, the wooden table and its tray; the HUD's dark band
    and the vignette baked in (MARGIN all round, for screen shake)."""
    m = MARGIN
    w, h = round(VIEW_W) + 2 * m, round(VIEW_H) + 2 * m
    s = pygame.Surface((w, h))
    rng = random.Random(1913)
    # The wall: night gradient with faint vertical wallpaper stripes.
    for y in range(h):
        t = y / (h - 1)
        pygame.draw.line(s, _mix(WALL_TOP, WALL_BOTTOM, t ** 1.3), (0, y), (w, y))
    stripes = pygame.Surface((w, h), pygame.SRCALPHA)
    for x in range(0, w, 36):
        pygame.draw.rect(stripes, (255, 255, 255, 5), (x, 0, 14, h))
    s.blit(stripes, (0, 0))
    _window(s, pygame.Rect(58 + m, 160 + m, 214, 210), rng, False)
    _window(s, pygame.Rect(1008 + m, 160 + m, 214, 210), rng, True)
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, cy = w // 2, 230 + m
    for r in range(620, 0, -12):
        a = round(26 * (1 - r / 620) ** 1.6)
        pygame.draw.ellipse(glow, (255, 176, 96, a), (cx - r * 1.25, cy - r * 0.72,
                                                        r * 2.5, r * 1.44))
    s.blit(glow, (0, 0))
    # Wainscot panels low on the wall.
    wains_y = 440 + m
    pygame.draw.rect(s, _shade(WALL_BOTTOM, 0.82), (0, wains_y, w, TABLE_BACK_Y + m - wains_y))
    pygame.draw.line(s, _shade(WALL_BOTTOM, 1.25), (0, wains_y), (w, wains_y), 2)
    pygame.draw.line(s, _shade(WALL_BOTTOM, 0.6), (0, wains_y + 3), (w, wains_y + 3), 2)
    for x in range(m - 40, w, 160):
        box = pygame.Rect(x + 14, wains_y + 18, 132, TABLE_BACK_Y + m - wains_y - 26)
        pygame.draw.rect(s, _shade(WALL_BOTTOM, 0.74), box, border_radius=4)
        pygame.draw.line(s, _shade(WALL_BOTTOM, 1.08), box.bottomleft, box.bottomright, 1)
        pygame.draw.line(s, _shade(WALL_BOTTOM, 0.6), box.topleft, box.topright, 2)
    # The picture rail the tile cards hang from.
    x0 = SLOT_RANGES[0][0] - 30 + m
    x1 = SLOT_RANGES[-1][1] + 30 + m
    rail = pygame.Rect(round(x0), CARD_TOP - 16 + m, round(x1 - x0), 9)
    pygame.draw.rect(s, (16, 12, 14), rail.move(0, 4), border_radius=3)
    s.set_clip(rail)
    _grain_band(s, rail, (128, 84, 48), rng, 3)
    s.set_clip(None)
    pygame.draw.line(s, (190, 140, 92), rail.topleft, rail.topright, 1)
    for x in (rail.left + 6, rail.right - 6):
        pygame.draw.circle(s, (200, 160, 90), (x, rail.centery), 3)
    # Shadow of the table on the wall.
    shadow = pygame.Surface((w, 30), pygame.SRCALPHA)
    for i in range(30):
        pygame.draw.line(shadow, (0, 0, 0, round(90 * (i / 30) ** 2)), (0, i), (w, i))
    s.blit(shadow, (0, TABLE_BACK_Y + m - 30))
    # Table top, seen slightly from above.
    top = pygame.Rect(0, TABLE_BACK_Y + m, w, round(TABLE_Y) - TABLE_BACK_Y)
    s.set_clip(top)
    _grain_band(s, top, (176, 116, 62), rng, 26, 0.8)
    s.set_clip(None)
    for i in range(top.h):
        a = round(70 * (1 - i / top.h) ** 2)
        if a:
            line = pygame.Surface((w, 1), pygame.SRCALPHA)
            line.fill((30, 14, 4, a))
            s.blit(line, (0, top.y + i))
    for x in range(m + 150, w, 310):
        pygame.draw.line(s, (120, 74, 36), (x, top.y), (x - 6, top.bottom), 1)
    # Front edge: bright lip, then the apron.
    ty = round(TABLE_Y) + m
    pygame.draw.rect(s, (236, 182, 116), (0, ty, w, 3))
    pygame.draw.rect(s, (196, 136, 78), (0, ty + 3, w, 3))
    apron = pygame.Rect(0, ty + 6, w, h - ty - 6)
    s.set_clip(apron)
    _grain_band(s, apron, (126, 76, 40), rng, 40, 0.82)
    s.set_clip(None)
    for i in range(apron.h):
        a = round(110 * (i / apron.h) ** 1.5)
        line = pygame.Surface((w, 1), pygame.SRCALPHA)
        line.fill((16, 8, 4, a))
        s.blit(line, (0, apron.y + i))
    # A brass maker's plate on the apron.
    label = text.render("TOWER KABOOM", 12, (92, 64, 20), bold=True)
    # as wide as its words (larger text ran them past the plate's ends)
    plate = pygame.Rect(0, 0, max(150, label.get_width() + 30), max(22, label.get_height() + 4))
    plate.center = (m + 110, ty + 32)  # left of the end-of-match bar's widest (three buttons)
    pygame.draw.rect(s, (60, 36, 16), plate.move(1, 2), border_radius=5)
    pygame.draw.rect(s, (206, 170, 88), plate, border_radius=5)
    pygame.draw.rect(s, (246, 220, 150), plate.inflate(-4, -4), 1, border_radius=4)
    pygame.draw.rect(s, (120, 90, 36), plate, 1, border_radius=5)
    s.blit(label, label.get_rect(center=plate.center))
    for x in (plate.left + 7, plate.right - 7):
        pygame.draw.circle(s, (140, 110, 50), (x, plate.centery), 2)
    # The tray: a felt-lined trough along the front edge where the blocks wait.
    tray = TRAY_RECT.move(m, m)
    pygame.draw.rect(s, (52, 30, 16), tray.inflate(10, 10), border_radius=10)
    pygame.draw.rect(s, (214, 160, 96), tray.inflate(10, 10), 2, border_radius=10)
    pygame.draw.rect(s, theme.FELT_DARK, tray, border_radius=7)
    felt = tray.inflate(-6, -6)
    felt.bottom = round(TRAY_FLOOR_Y) + m + 3
    pygame.draw.rect(s, theme.FELT, felt, border_radius=5)
    for i in range(10):
        pygame.draw.line(s, _shade(theme.FELT_DARK, 0.7 + i * 0.03),
                         (tray.x + 4, tray.y + 3 + i), (tray.right - 4, tray.y + 3 + i))
    # The shelf the back row stands on.
    shelf_y = round(TRAY_ROW_FLOORS[0]) + m
    pygame.draw.rect(s, (52, 30, 16), (tray.x + 2, shelf_y, tray.w - 4, 5))
    pygame.draw.line(s, (214, 160, 96), (tray.x + 2, shelf_y), (tray.right - 3, shelf_y), 2)
    # Baked on top: the vignette, and the dark band the HUD sits on.
    s.blit(_vignette((w, h)), (0, 0))
    s.blit(_top_band(w), (0, 0))
    return _opaque(s)


def _vignette(size: tuple[int, int]) -> pygame.Surface:
    small = pygame.Surface((64, 36), pygame.SRCALPHA)
    for y in range(36):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
            d = math.hypot(dx, dy)
            small.set_at((x, y), (0, 0, 0, round(max(0.0, d - 0.7) * 170)))
    return pygame.transform.smoothscale(small, size)


def _top_band(w: int) -> pygame.Surface:
    h = 80 + MARGIN
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        a = round(190 * (1 - (y / h) ** 2.2))
        pygame.draw.line(s, (10, 12, 24, a), (0, y), (w, y))
    return s


@lru_cache(maxsize=64)
def tile_slab(tile_id: int, width: int) -> pygame.Surface:
    """A tile lying flat on the table top, seen from the front: its band colour and paper."""
    tile = TILES[tile_id]
    band = tier_colour(tile)
    h = 14
    s = pygame.Surface((width * SS, h * SS), pygame.SRCALPHA)
    inset = 5 * SS
    top = [(inset, 0), (width * SS - inset, 0), (width * SS, 10 * SS), (0, 10 * SS)]
    pygame.draw.polygon(s, (*_mix(band, (250, 240, 220), 0.35), 255), top)
    pygame.draw.polygon(s, (*_shade(band, 0.6), 255), top, SS)
    pygame.draw.rect(s, (*_shade(band, 0.55), 255), (0, 10 * SS, width * SS, 3 * SS))
    mid = [(inset + 6 * SS, 3 * SS), (width * SS - inset - 6 * SS, 3 * SS),
           (width * SS - 8 * SS, 7 * SS), (8 * SS, 7 * SS)]
    pygame.draw.polygon(s, (*band, 255), mid)
    return _down(s)


# ---------------------------------------------------------------------------------------------
# Catapults, the hand, the sand timer
# ---------------------------------------------------------------------------------------------


@lru_cache(maxsize=32)
def catapult_base(facing: int, colour: Colour, shape: str = "circle"
                  ) -> tuple[pygame.Surface, tuple[int, int]]:
    """A catapult's wheeled sled and frame with the saboteur's pennant (their colour and
    shape); and where its arm's pivot is on the sprite."""
    slot = CATAPULT_SLOTS[0]
    hw = slot.half_width + 6
    ph = slot.pivot_height
    w, h = round(hw * 2 + 44), round(ph + 62)
    s = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    cx = w / 2
    ground = h - 1

    def P(x: float, y: float) -> Point:  # noqa: N802 - tiny local helper
        return ((cx + x * facing) * SS, (ground + y) * SS)

    wood, light, dark = (176, 114, 60), (214, 156, 96), (84, 48, 22)
    # Deck on two wheels.
    deck = [P(-hw, -5), P(hw, -5), P(hw - 2, -11), P(-hw + 2, -11)]
    pygame.draw.polygon(s, wood, deck)
    pygame.draw.polygon(s, dark, deck, SS)
    pygame.draw.line(s, light, P(-hw + 3, -10), P(hw - 3, -10), SS)
    for wx in (-hw + 8, hw - 8):
        pygame.draw.circle(s, dark, P(wx, -6), 6.5 * SS)
        pygame.draw.circle(s, (150, 98, 52), P(wx, -6), 5 * SS)
        pygame.draw.circle(s, dark, P(wx, -6), 1.8 * SS)
        for k in range(3):
            a = k * math.pi / 3
            pygame.draw.line(s, dark, P(wx - 5 * math.cos(a), -6 - 5 * math.sin(a)),
                             P(wx + 5 * math.cos(a), -6 + 5 * math.sin(a)), SS)
    # Side frame: two uprights and a brace to the pivot.
    for dx in (-9, 7):
        up = [P(dx - 3, -11), P(dx + 3, -11), P(1.8, -ph - 2), P(-1.8, -ph - 2)]
        pygame.draw.polygon(s, wood, up)
        pygame.draw.polygon(s, dark, up, SS)
    # Padded stop bar the arm strikes when it throws.
    pygame.draw.line(s, dark, P(1, -ph - 6), P(hw - 8, -11), 4 * SS)
    pygame.draw.line(s, wood, P(1, -ph - 6), P(hw - 8, -11), 2 * SS)
    pygame.draw.circle(s, (200, 60, 50), P(4, -ph - 5), 3.2 * SS)
    # Twisted rope bundle at the pivot.
    pygame.draw.circle(s, (222, 198, 146), P(0, -ph), 5 * SS)
    pygame.draw.circle(s, (120, 96, 60), P(0, -ph), 5 * SS, SS)
    for k in (-2, 0, 2):
        pygame.draw.line(s, (150, 124, 80), P(-3 + k, -ph - 4), P(3 + k, -ph + 4), SS)
    # Pennant on a pole at the back, in the saboteur's colour, with their shape.
    pole_x = -hw + 3
    pygame.draw.line(s, (60, 42, 26), P(pole_x, -10), P(pole_x, -58), 2 * SS)
    pygame.draw.circle(s, (214, 180, 90), P(pole_x, -59), 2 * SS)
    # The pennant flies toward the table's middle, so the outermost catapult's stays on screen.
    flag = [P(pole_x, -57), P(pole_x + 24, -50), P(pole_x, -41)]
    pygame.draw.polygon(s, colour, flag)
    pygame.draw.polygon(s, _shade(colour, 0.5), flag, SS)
    fx, fy = P(pole_x + 8, -49)
    seat_shape(s, shape, (fx, fy), 3.6 * SS, (255, 255, 255), None)
    _vertical_shade(s, 255, 215)
    out = _down(s)
    return out, (round(cx), round(ground - ph))


def draw_arm(surface: pygame.Surface, pivot: Point, tip: Point, zoom: float = 1.0) -> None:
    """A catapult's throwing arm from its pivot to its cup (live: it swings), at a zoom."""
    px, py = pivot
    tx, ty = tip
    dx, dy = tx - px, ty - py
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    z = zoom
    tail = (px - ux * 9 * z, py - uy * 9 * z)
    pygame.draw.line(surface, (70, 40, 18), tail, tip, max(1, round(7 * z)))
    pygame.draw.line(surface, (196, 134, 74), tail, tip, max(1, round(4 * z)))
    pygame.draw.line(surface, (226, 176, 116), (tail[0] - uy, tail[1] + ux), tip,
                     max(1, round(z)))
    # The cup: a small bowl across the arm's end.
    nx, ny = -uy, ux
    cup = [(tx + nx * 8 * z, ty + ny * 8 * z),
           (tx + (nx * 6 + ux * 4) * z, ty + (ny * 6 + uy * 4) * z),
           (tx + (-nx * 6 + ux * 4) * z, ty + (-ny * 6 + uy * 4) * z),
           (tx - nx * 8 * z, ty - ny * 8 * z)]
    pygame.draw.polygon(surface, (150, 96, 48), cup)
    pygame.draw.polygon(surface, (70, 40, 18), cup, max(1, round(2 * z)))
    pygame.draw.circle(surface, (222, 198, 146), (round(px), round(py)), round(3 * z))


@lru_cache(maxsize=16)
def hand_sprite(colour: Colour, closed: bool) -> pygame.Surface:
    """A cartoon glove with a cuff in the builder's colour; open to reach, closed to hold."""
    size = 40
    s = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    glove, line = (250, 246, 238), (40, 36, 48)
    c = size * SS / 2
    u = SS

    def rr(x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(round(c + x * u), round(c + y * u), round(w * u), round(h * u))

    shapes: list[pygame.Rect] = []
    if closed:
        shapes += [rr(-9, -6, 18, 14)]
        shapes += [rr(-9 + i * 4.6, -10, 4.6, 8) for i in range(4)]
        thumb = rr(-12, -2, 7, 9)
    else:
        shapes += [rr(-8, -4, 16, 13)]
        shapes += [rr(-8.5 + i * 4.4, -15 + abs(i - 1.5) * 1.6, 4.2, 13) for i in range(4)]
        thumb = rr(-14, -1, 8, 5)
    cuff = rr(-8, 8, 16, 7)
    for r in (*shapes, thumb, cuff):
        pygame.draw.rect(s, line, r.inflate(3 * u, 3 * u), border_radius=round(3 * u))
    for r in (*shapes, thumb):
        pygame.draw.rect(s, glove, r, border_radius=round(2.4 * u))
    pygame.draw.rect(s, colour, cuff, border_radius=round(2 * u))
    for r in shapes[1:]:
        pygame.draw.line(s, (200, 196, 206), (r.x + 2, r.bottom - 2), (r.x + 2, r.y + 3), 1)
    return _down(s)


@lru_cache(maxsize=1)
def hourglass_frame() -> pygame.Surface:
    """The sand timer's wooden caps and posts (the glass and sand are drawn live)."""
    w, h = HG_W, HG_H
    s = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    wood, dark = (176, 112, 58), (86, 50, 22)
    for y in (0, h - 7):
        pygame.draw.rect(s, dark, (0, y * SS, w * SS, 7 * SS), border_radius=3 * SS)
        pygame.draw.rect(s, wood, (SS, (y + 1) * SS, (w - 2) * SS, 4 * SS), border_radius=2 * SS)
    for x in (3, w - 6):
        pygame.draw.rect(s, dark, (x * SS, 6 * SS, 3 * SS, (h - 12) * SS))
        pygame.draw.rect(s, wood, ((x + 0.5) * SS, 6 * SS, 1.5 * SS, (h - 12) * SS))
    return _down(s)


HG_W, HG_H = 40, 64


def glass_profile(y: float) -> float:
    """Half-width of the timer's glass at a height 0 (top) .. 1 (bottom)."""
    d = abs(y - 0.5) * 2
    return 2.0 + 11.5 * float(d ** 0.8)


@lru_cache(maxsize=8)
def _glass(cx: int, gy0: int, gh: int) -> tuple[list[Point], list[Point]]:
    left = [(cx - glass_profile(i / 10), gy0 + gh * i / 10) for i in range(11)]
    right = [(cx + glass_profile(i / 10), gy0 + gh * i / 10) for i in range(10, -1, -1)]
    return left, right


def draw_hourglass(surface: pygame.Surface, centre: tuple[int, int], frac: float, t: float,
                   running: bool, urgent: bool) -> None:
    """A sand timer whose top bulb drains (`frac` of the time left) into the bottom one."""
    x0 = centre[0] - HG_W // 2
    y0 = centre[1] - HG_H // 2
    gy0, gy1 = y0 + 7, y0 + HG_H - 7
    gh = gy1 - gy0
    cx = centre[0]
    glass = (200, 226, 240) if not urgent else (255, 200, 190)
    left, right = _glass(cx, gy0, gh)
    pygame.draw.polygon(surface, (34, 44, 70), left + right)
    sand = (246, 200, 96) if not urgent else (255, 170, 80)
    frac = max(0.0, min(1.0, frac))
    if frac > 0.0:
        level = 0.5 - 0.5 * math.sqrt(frac)  # volume-ish: the top drains slowly, then fast
        n = 6
        ys = [level + (0.5 - level) * i / n for i in range(n + 1)]
        poly = [(cx - glass_profile(y) + 1, gy0 + gh * y) for y in ys]
        poly += [(cx + glass_profile(y) - 1, gy0 + gh * y) for y in reversed(ys)]
        pygame.draw.polygon(surface, sand, poly)
    fill = 1.0 - frac
    if fill > 0.0:
        top = 1.0 - 0.5 * math.sqrt(fill) * 0.96
        peak = max(0.52, top - 0.08)
        hw = glass_profile(1.0) - 1
        pile = [(cx - hw, gy1 - 1), (cx - glass_profile(top) + 1, gy0 + gh * top),
                (cx, gy0 + gh * peak), (cx + glass_profile(top) - 1, gy0 + gh * top),
                (cx + hw, gy1 - 1)]
        pygame.draw.polygon(surface, _shade(sand, 0.92), pile)
    if running and frac > 0.0:
        wob = math.sin(t * 40) * 0.5
        pygame.draw.line(surface, sand, (cx + wob, gy0 + gh * 0.5),
                         (cx + wob, gy1 - 3 - gh * 0.5 * math.sqrt(fill) * 0.9), 2)
    pygame.draw.lines(surface, glass, False, left, 1)
    pygame.draw.lines(surface, glass, False, right, 1)
    pygame.draw.line(surface, (255, 255, 255), (cx - 8, gy0 + 4), (cx - 6, gy0 + gh * 0.3), 1)
    surface.blit(hourglass_frame(), (x0, y0))


def picture(surface: pygame.Surface) -> None:
    """The catalogue picture (256x190): a tower on its tile under fire, a card behind it."""
    w, h = surface.get_size()
    for row in range(h):
        pygame.draw.line(surface, _mix((30, 36, 62), (70, 48, 56), row / h), (0, row), (w, row))
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    for r in range(140, 0, -10):
        pygame.draw.circle(glow, (255, 176, 96, round(22 * (1 - r / 140))), (w // 2, 50), r)
    surface.blit(glow, (0, 0))
    ty = h - 36
    pygame.draw.rect(surface, (176, 116, 62), (0, ty - 10, w, 10))
    pygame.draw.rect(surface, (236, 182, 116), (0, ty, w, 3))
    pygame.draw.rect(surface, (120, 72, 38), (0, ty + 3, w, h - ty))
    c = card(19, 92)
    surface.blit(pygame.transform.smoothscale(c.base, (61, 105)), (16, 22))
    for i, (sp, (px, py)) in enumerate(c.pieces):
        if i < 2:
            surface.blit(pygame.transform.smoothscale(
                sp, (max(1, sp.get_width() * 2 // 3), max(1, sp.get_height() * 2 // 3))),
                (16 + px * 2 // 3, 22 + py * 2 // 3))
    x = 150
    y = float(ty)
    for key, orient, dx in (("beam", "lying", 0), ("arch", "upright", 0), ("plank", "lying", 0),
                            ("pillar", "upright", 0), ("roof", "upright", 4)):
        _, sh = SHAPES[key].size(orient)
        y -= sh / 2
        angle = ORIENTATION_ANGLE[orient] + (0.12 if key == "roof" else 0.0)
        sp = block_sprite(key, angle)
        surface.blit(sp, sp.get_rect(center=(x + dx, round(y))))
        y -= sh / 2
    col = theme.hex_rgb(theme.SEAT_COLOURS[1])
    for i, (px, py) in enumerate(((60, 120), (84, 96), (104, 84))):
        pygame.draw.circle(surface, (255, 255, 255), (px, py), 1 + i)
    d = die_sprite(col, 5, 0.5)
    surface.blit(d, d.get_rect(center=(122, 80)))
    burst(surface, (140, 88), 16, 7, 9, theme.SPARK, 0.2)
    burst(surface, (140, 88), 9, 4, 9, theme.FUSE, 0.5)
    base, (px, py) = catapult_base(1, col)
    surface.blit(base, (20 - px + 10, ty - base.get_height() + 2))


@lru_cache(maxsize=1)
def closed_stamp() -> pygame.Surface:
    """The optional rule's rubber stamp across a closed tile's card."""
    label = text.render("CLOSED", 18, (255, 255, 255), bold=True)
    w, h = label.get_width() + 20, label.get_height() + 8
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (*theme.BLAST, 230), s.get_rect(), border_radius=6)
    pygame.draw.rect(s, (255, 255, 255), s.get_rect().inflate(-4, -4), 2, border_radius=5)
    s.blit(label, label.get_rect(center=(w // 2, h // 2)))
    return _alpha(pygame.transform.rotozoom(s, 18, 1.0))
