"""Kaboom! An Explosive Card Game: the 32 card pictograms, drawn with pygame.draw primitives.

Every pictogram is drawn on a 100 x 100 design grid (`Pen`), supersampled, given a dark sticker
outline around its silhouette and scaled down smoothly once; `icon` keeps the results in a
bounded cache. The wall textures (`draw_wall`) are shared with the wall pieces laid on the table,
so a wall card's picture and the wall in front of a player are the same drawing.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import pygame

from game.games.blast import data
from game.ui.cache import cached

Colour = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Paint = Colour | RGBA
Point = tuple[float, float]

OUTLINE: Colour = (34, 26, 40)
WHITE: Colour = (255, 255, 255)
CREAM: Colour = (252, 246, 232)
RED: Colour = (214, 52, 60)
RED_D: Colour = (150, 30, 40)
ORANGE: Colour = (255, 122, 47)
YELLOW: Colour = (255, 210, 63)
PALE_YELLOW: Colour = (255, 244, 170)
SKIN: Colour = (244, 200, 160)
SKIN_D: Colour = (214, 164, 124)
WOOD: Colour = (176, 112, 60)
WOOD_L: Colour = (212, 152, 90)
WOOD_D: Colour = (120, 72, 36)
STONE: Colour = (156, 154, 150)
STONE_L: Colour = (192, 190, 182)
STONE_D: Colour = (110, 108, 106)
IRON: Colour = (92, 100, 116)
IRON_L: Colour = (130, 140, 156)
IRON_D: Colour = (62, 66, 80)
RUST: Colour = (166, 88, 46)
STEEL: Colour = (184, 200, 218)
STEEL_L: Colour = (236, 244, 252)
STEEL_D: Colour = (112, 128, 150)
FIELD: Colour = (90, 200, 255)
FIELD_L: Colour = (200, 240, 255)
GREEN: Colour = (70, 170, 90)
GREEN_D: Colour = (40, 120, 64)
LEAF: Colour = (96, 168, 72)
BLUE: Colour = (60, 110, 200)
NAVY: Colour = (40, 58, 118)
PURPLE: Colour = (124, 82, 200)
GOLD: Colour = (232, 178, 52)
GOLD_D: Colour = (166, 116, 30)
BOMB: Colour = (44, 44, 58)
GREY: Colour = (150, 156, 168)
GREY_L: Colour = (196, 202, 212)
GREY_D: Colour = (96, 102, 116)

STROKE = 2.2
"""Outline width of the shapes inside a pictogram, in design units."""
SILHOUETTE = 2.6
"""Width of the sticker outline around a pictogram's silhouette, in design units."""


def bez(p0: Point, p1: Point, p2: Point, n: int = 10) -> list[Point]:
    """Points along a quadratic Bezier curve (p0 and p2 included)."""
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _rot(pts: Sequence[Point], centre: Point, degrees: float) -> list[Point]:
    """`pts` turned by `degrees` (clockwise on screen) about `centre`."""
    a = math.radians(degrees)
    ca, sa = math.cos(a), math.sin(a)
    cx, cy = centre
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca)
            for x, y in pts]


def box(cx: float, cy: float, w: float, h: float, degrees: float = 0.0) -> list[Point]:
    """A w x h rectangle centred at (cx, cy), turned by `degrees`."""
    pts = [(cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx + w / 2, cy + h / 2),
           (cx - w / 2, cy + h / 2)]
    return _rot(pts, (cx, cy), degrees)


def star(cx: float, cy: float, r_out: float, r_in: float, points: int,
          rot: float = -math.pi / 2) -> list[Point]:
    """A star (or burst) polygon."""
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = rot + i * math.pi / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _ring_arc(c: Point, r_out: float, r_in: float, a0: float, a1: float,
              n: int = 16) -> list[Point]:
    """A thick arc (angles in degrees) as one polygon."""
    outer = [(c[0] + r_out * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
              c[1] + r_out * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]
    inner = [(c[0] + r_in * math.cos(math.radians(a1 - (a1 - a0) * i / n)),
              c[1] + r_in * math.sin(math.radians(a1 - (a1 - a0) * i / n))) for i in range(n + 1)]
    return outer + inner


def gear_points(cx: float, cy: float, r_out: float, r_in: float, teeth: int,
                rot: float = 0.0) -> list[Point]:
    """A cog wheel's outline with flat-topped teeth."""
    pts = []
    step = math.tau / teeth
    for i in range(teeth):
        a = rot + i * step
        for frac, r in ((0.0, r_in), (0.18, r_out), (0.5, r_out), (0.68, r_in)):
            pts.append((cx + r * math.cos(a + frac * step), cy + r * math.sin(a + frac * step)))
    return pts


class Pen:
    """Draws on a surface in 100 x 100 design units (y down), shapes outlined in ink."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.k = surface.get_width() / 100
        self.ow = max(1, round(STROKE * self.k))

    def pt(self, p: Point) -> Point:
        """A design point in surface pixels."""
        return (p[0] * self.k, p[1] * self.k)

    def _stroke(self, pts: Sequence[Point], closed: bool, width: int, colour: Paint) -> None:
        pygame.draw.lines(self.surface, colour, closed, pts, width)
        if width > 2:
            for p in pts:
                pygame.draw.circle(self.surface, colour, p, width / 2 - 0.5)

    def poly(self, colour: Paint, pts: Sequence[Point], stroke: bool = True) -> None:
        """A filled polygon, outlined with round joins."""
        q = [self.pt(p) for p in pts]
        pygame.draw.polygon(self.surface, colour, q)
        if stroke:
            self._stroke(q, True, self.ow, OUTLINE)

    def circle(self, colour: Paint, c: Point, r: float, stroke: bool = True) -> None:
        """A filled circle."""
        pygame.draw.circle(self.surface, colour, self.pt(c), r * self.k)
        if stroke:
            pygame.draw.circle(self.surface, OUTLINE, self.pt(c), r * self.k, self.ow)

    def ellipse(self, colour: Paint, rect: tuple[float, float, float, float],
                stroke: bool = True) -> None:
        """A filled ellipse in the design rect (x, y, w, h)."""
        r = pygame.Rect(*(round(v * self.k) for v in rect))
        pygame.draw.ellipse(self.surface, colour, r)
        if stroke:
            pygame.draw.ellipse(self.surface, OUTLINE, r, self.ow)

    def rect(self, colour: Paint, rect: tuple[float, float, float, float], radius: float = 0,
             stroke: bool = True) -> None:
        """A filled (rounded) rectangle in the design rect (x, y, w, h)."""
        r = pygame.Rect(*(round(v * self.k) for v in rect))
        rad = round(radius * self.k) if radius else 0
        pygame.draw.rect(self.surface, colour, r, border_radius=rad)
        if stroke:
            pygame.draw.rect(self.surface, OUTLINE, r, self.ow, border_radius=rad)

    def line(self, colour: Paint, pts: Sequence[Point], width: float, closed: bool = False
             ) -> None:
        """A plain line through `pts`, `width` design units wide, with round joins."""
        q = [self.pt(p) for p in pts]
        self._stroke(q, closed, max(1, round(width * self.k)), colour)

    def stick(self, colour: Paint, pts: Sequence[Point], width: float) -> None:
        """A thick outlined line (a fuse, a handle, a wire) through `pts`."""
        q = [self.pt(p) for p in pts]
        w = max(1, round(width * self.k))
        self._stroke(q, False, w + 2 * self.ow, OUTLINE)
        self._stroke(q, False, w, colour)

    def arc(self, colour: Paint, rect: tuple[float, float, float, float], a0: float, a1: float,
            width: float) -> None:
        """An arc of the ellipse in `rect`, from a0 to a1 (radians, counter-clockwise)."""
        r = pygame.Rect(*(round(v * self.k) for v in rect))
        pygame.draw.arc(self.surface, colour, r, a0, a1, max(1, round(width * self.k)))

    def burst(self, c: Point, r_out: float, r_in: float, points: int = 9,
              colours: tuple[Paint, Paint] = (ORANGE, YELLOW), rot: float = 0.2) -> None:
        """A comic explosion: an outlined star with a brighter star inside."""
        self.poly(colours[0], star(c[0], c[1], r_out, r_in, points, rot))
        self.poly(colours[1], star(c[0], c[1], r_out * .55, r_in * .55, points, rot + .3),
                  stroke=False)

    def flame(self, base: Point, length: float, width: float, lean: float = 0.0,
              colours: tuple[Paint, Paint, Paint] = (RED, ORANGE, YELLOW)) -> None:
        """A tongue of fire standing on `base`, in three nested colours."""
        for i, (colour, k) in enumerate(zip(colours, (1.0, .7, .42), strict=True)):
            bx, by = base
            ln, wd = length * k, width * k
            cy = by - wd / 2
            tip = (bx + lean * k, by - ln)
            right = bez(tip, (bx + wd * .6 + lean * .2 * k, by - ln * .45), (bx + wd / 2, cy))
            bottom = [(bx + wd / 2 * math.cos(a), cy + wd / 2 * math.sin(a))
                      for a in (j * math.pi / 10 for j in range(1, 10))]
            left = bez((bx - wd / 2, cy), (bx - wd * .55 + lean * .3 * k, by - ln * .5), tip)
            self.poly(colour, right + bottom + left, stroke=i == 0)

    def spark(self, c: Point, r: float) -> None:
        """A lit fuse's spark."""
        self.poly(YELLOW, star(c[0], c[1], r, r * .4, 7, .1), stroke=False)
        self.poly(WHITE, star(c[0], c[1], r * .5, r * .22, 7, .4), stroke=False)

    def layer(self) -> Pen:
        """A transparent pen of the same size (for translucent parts, pasted with `paste`)."""
        return Pen(pygame.Surface(self.surface.get_size(), pygame.SRCALPHA))

    def paste(self, other: Pen, alpha: int = 255) -> None:
        """Blend a layer drawn with `layer` onto this pen's surface."""
        if alpha < 255:
            other.surface.set_alpha(alpha)
        self.surface.blit(other.surface, (0, 0))


# ---------------------------------------------------------------------------------------------
# Shared parts
# ---------------------------------------------------------------------------------------------


def _bust(p: Pen, coat: Colour, head: Point = (50, 46), r: float = 17, skin: Colour = SKIN
          ) -> None:
    """Shoulders in `coat` and a head: the base of every figure."""
    hx, hy = head
    p.poly(coat, [(12, 96), (16, 80), (30, 70), (70, 70), (84, 80), (88, 96)])
    p.rect(skin, (hx - 6, hy + r - 6, 12, 12), stroke=False)
    p.circle(skin, (hx, hy), r)


def _eyes(p: Pen, head: Point, dy: float = -1, gap: float = 6.5, r: float = 1.9) -> None:
    for dx in (-gap, gap):
        p.circle(OUTLINE, (head[0] + dx, head[1] + dy), r, stroke=False)


def _round_bomb(p: Pen, c: Point, r: float, lit: bool) -> None:
    """The cartoon bomb: a black ball, a cap, a fuse and (if lit) a spark."""
    cx, cy = c
    cap = box(cx + r * .62, cy - r * .62, r * .42, r * .36, 45)
    p.poly(GREY_D, cap)
    fuse_start = (cx + r * .78, cy - r * .8)
    if lit:
        fuse = bez(fuse_start, (cx + r * 1.0, cy - r * 1.45), (cx + r * 1.35, cy - r * 1.25), 8)
    else:  # a drooping dud fuse
        fuse = bez(fuse_start, (cx + r * 1.3, cy - r * 1.35), (cx + r * 1.4, cy - r * .7), 8)
    p.stick(WOOD_L, fuse, r * .12)
    p.circle(BOMB, c, r)
    p.ellipse((110, 112, 130), (cx - r * .62, cy - r * .62, r * .5, r * .34), stroke=False)
    p.circle((150, 152, 168), (cx - r * .5, cy - r * .1), r * .08, stroke=False)
    if lit:
        p.spark(fuse[-1], r * .42)


def _smoke(p: Pen, c: Point, r: float, alpha: int = 210) -> None:
    lay = p.layer()
    for dx, dy, k in ((0, 0, 1.0), (r * .9, -r * .5, .75), (r * 1.5, -r * 1.3, .5)):
        lay.circle((200, 204, 214), (c[0] + dx, c[1] + dy), r * k)
    p.paste(lay, alpha)


# ---------------------------------------------------------------------------------------------
# Walls: textures in pixels, shared by the wall cards' pictograms and the wall pieces
# ---------------------------------------------------------------------------------------------


def draw_wall(surface: pygame.Surface, wall: str, rect: pygame.Rect, stroke: int,
              seed: int = 0) -> None:
    """The wall `wall` filling `rect` of `surface` (pixels), outlined `stroke` pixels wide."""
    painter = _WALLS[wall]
    painter(surface, rect, stroke, random.Random(seed))


def _palisade(s: pygame.Surface, r: pygame.Rect, ow: int, rng: random.Random) -> None:
    n = max(3, min(7, round(r.w / max(1, r.h) * 3.2)))
    lw = r.w / n
    tip = min(lw * .9, r.h * .3)
    for i in range(n):
        x0, x1 = r.x + i * lw, r.x + (i + 1) * lw
        top = r.y + tip + (rng.random() - .5) * tip * .5
        pts = [(x0, r.bottom), (x0, top), ((x0 + x1) / 2, top - tip), (x1, top), (x1, r.bottom)]
        shade = (WOOD, WOOD_L, (192, 124, 66))[i % 3]
        pygame.draw.polygon(s, shade, pts)
        pygame.draw.line(s, WOOD_D, (x0 + lw * .3, top + tip * .3), (x0 + lw * .3, r.bottom - ow),
                         max(1, ow // 2))
        pygame.draw.lines(s, OUTLINE, True, pts, ow)
    for band in (.42, .74):  # two lashed cross-beams
        y = r.y + tip + (r.h - tip) * band
        pygame.draw.rect(s, WOOD_D, (r.x, y - r.h * .05, r.w, r.h * .1))
        pygame.draw.rect(s, OUTLINE, (r.x, y - r.h * .05, r.w, r.h * .1), max(1, ow // 2 + 1))


def _stone(s: pygame.Surface, r: pygame.Rect, ow: int, rng: random.Random) -> None:
    merlon_h = r.h * .2
    body = pygame.Rect(r.x, round(r.y + merlon_h), r.w, r.h - round(merlon_h))
    rows = 3
    rh = body.h / rows
    pygame.draw.rect(s, STONE_D, body)
    n_m = max(2, round(r.w / (r.h * .45)))
    mw = r.w / (n_m * 2 - 1)
    for i in range(n_m):  # crenellations
        m = pygame.Rect(round(r.x + i * 2 * mw), r.y, round(mw), round(merlon_h) + ow)
        pygame.draw.rect(s, STONE_L, m)
        pygame.draw.rect(s, OUTLINE, m, ow)
    for row in range(rows):
        y = body.y + row * rh
        x = float(body.x) - (rh * .8 if row % 2 else 0)
        while x < body.right:
            bw = rh * (1.3 + rng.random() * .8)
            if body.right - (x + bw) < rh * .8:  # no sliver of a stone at the end of a row
                bw = body.right - x
            block = pygame.Rect(round(x), round(y), round(bw), round(rh)).clip(body)
            tone = rng.choice((STONE, STONE_L, (170, 166, 158), (140, 140, 138)))
            pygame.draw.rect(s, tone, block, border_radius=max(1, round(rh * .18)))
            pygame.draw.rect(s, OUTLINE, block, max(1, ow * 2 // 3),
                             border_radius=max(1, round(rh * .18)))
            x += bw
    pygame.draw.rect(s, OUTLINE, body, ow)


def _iron(s: pygame.Surface, r: pygame.Rect, ow: int, rng: random.Random) -> None:
    n = 2 if r.w < r.h * 1.6 else 3
    pw = r.w / n
    for i in range(n):
        plate = pygame.Rect(round(r.x + i * pw), r.y, round(pw), r.h)
        pygame.draw.rect(s, IRON if i % 2 == 0 else (84, 92, 108), plate)
        pygame.draw.line(s, IRON_L, (plate.x + ow, plate.y + ow * 1.5),
                         (plate.right - ow, plate.y + ow * 1.5), max(1, ow))
        for _ in range(2):  # rust streaks running down from the rivets
            x = plate.x + plate.w * (.25 + rng.random() * .5)
            y0 = plate.y + plate.h * (.15 + rng.random() * .2)
            pygame.draw.line(s, RUST, (x, y0), (x, y0 + plate.h * (.25 + rng.random() * .3)),
                             max(1, ow * 2 // 3))
        rr = max(1.5, min(plate.w, plate.h) * .075)
        for fx in (.18, .82):
            for fy in (.16, .5, .84):
                c = (plate.x + plate.w * fx, plate.y + plate.h * fy)
                pygame.draw.circle(s, IRON_L, c, rr)
                pygame.draw.circle(s, OUTLINE, c, rr, max(1, ow // 2))
        pygame.draw.rect(s, OUTLINE, plate, ow)


def _steel(s: pygame.Surface, r: pygame.Rect, ow: int, rng: random.Random) -> None:
    rad = max(2, round(min(r.w, r.h) * .1))
    pygame.draw.rect(s, STEEL_D, r, border_radius=rad)
    bevel = max(2, round(min(r.w, r.h) * .1))
    inner = r.inflate(-bevel * 2, -bevel * 2)
    pygame.draw.rect(s, STEEL, inner, border_radius=max(1, rad // 2))
    shine = pygame.Surface(inner.size, pygame.SRCALPHA)
    for fx, wd in ((.15, .22), (.5, .1), (.66, .06)):  # diagonal polished streaks
        x = inner.w * fx
        sw = inner.w * wd
        pygame.draw.polygon(shine, (*STEEL_L, 200), [(x, 0), (x + sw, 0),
                                                     (x + sw - inner.h * .6, inner.h),
                                                     (x - inner.h * .6, inner.h)])
    s.blit(shine, inner)
    pygame.draw.line(s, STEEL_L, (r.x + rad, r.y + ow), (r.right - rad, r.y + ow), max(1, ow))
    rr = max(1.5, bevel * .55)
    for c in ((r.x + bevel, r.y + bevel), (r.right - bevel, r.y + bevel),
              (r.x + bevel, r.bottom - bevel), (r.right - bevel, r.bottom - bevel)):
        hexagon = [(c[0] + rr * math.cos(a * math.pi / 3), c[1] + rr * math.sin(a * math.pi / 3))
                   for a in range(6)]
        pygame.draw.polygon(s, STEEL_L, hexagon)
        pygame.draw.polygon(s, OUTLINE, hexagon, max(1, ow // 2))
    pygame.draw.rect(s, OUTLINE, inner, max(1, ow // 2), border_radius=max(1, rad // 2))
    pygame.draw.rect(s, OUTLINE, r, ow, border_radius=rad)


def _force_field(s: pygame.Surface, r: pygame.Rect, ow: int, rng: random.Random) -> None:
    dome = pygame.Rect(r.x, r.y, r.w, r.h * 2)
    lay = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.ellipse(lay, (*FIELD, 170), dome)
    # a hexagonal lattice, clipped to the dome
    grid = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    cell = max(4.0, r.h * .26)
    for row in range(int(r.h / cell) + 2):
        for col in range(int(r.w / cell) + 2):
            cx = r.x + col * cell * 1.5
            cy = r.y + row * cell * 1.73 + (cell * .87 if col % 2 else 0)
            hexagon = [(cx + cell * math.cos(a * math.pi / 3),
                        cy + cell * math.sin(a * math.pi / 3)) for a in range(6)]
            pygame.draw.polygon(grid, (*FIELD_L, 150), hexagon, max(1, ow // 2))
    mask = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.ellipse(mask, (255, 255, 255, 255), dome)
    grid.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    lay.blit(grid, (0, 0))
    inner = dome.inflate(-dome.w * .16, -dome.h * .16)
    pygame.draw.arc(lay, (*WHITE, 200), inner, math.pi * .58, math.pi * .86, max(1, ow))
    pygame.draw.ellipse(lay, (*FIELD_L, 255), dome, max(2, ow * 3 // 2))
    clip = pygame.Rect(0, 0, s.get_width(), r.bottom)
    s.blit(lay, clip, clip)
    pygame.draw.line(s, (*FIELD_L, 255), (r.x, r.bottom - ow), (r.right, r.bottom - ow),
                     max(2, ow))
    emitter = pygame.Rect(0, 0, max(4, r.w * .18), max(3, r.h * .14))
    emitter.midbottom = (r.centerx, r.bottom)
    pygame.draw.rect(s, GREY_D, emitter, border_radius=max(1, emitter.h // 3))
    pygame.draw.rect(s, OUTLINE, emitter, max(1, ow // 2), border_radius=max(1, emitter.h // 3))
    pygame.draw.circle(s, FIELD_L, emitter.center, max(1.5, emitter.h * .3))


_WALLS: dict[str, Callable[[pygame.Surface, pygame.Rect, int, random.Random], None]] = {
    data.PALISADE: _palisade,
    data.STONE: _stone,
    data.IRON: _iron,
    data.STEEL: _steel,
    data.FORCE_FIELD: _force_field,
}


def _wall_icon(wall: str) -> Callable[[Pen], None]:
    def draw(p: Pen) -> None:
        k = p.k
        box = pygame.Rect(round(10 * k), round(18 * k), round(80 * k), round(70 * k))
        if wall == data.FORCE_FIELD:
            box = pygame.Rect(round(7 * k), round(22 * k), round(86 * k), round(62 * k))
        draw_wall(p.surface, wall, box, p.ow, seed=7)
    return draw


# ---------------------------------------------------------------------------------------------
# Attack
# ---------------------------------------------------------------------------------------------


def _arrow(p: Pen) -> None:
    tail, head = (16, 86), (74, 28)
    p.stick(WOOD_L, [tail, head], 5)
    for side in (-1, 1):  # fletching
        f = _rot([(18, 84), (30, 72), (22, 62), (12, 74)], (20, 80), side * 16)
        p.poly(RED if side < 0 else CREAM, f)
    p.flame((66, 46), 40, 26, lean=-4)
    p.flame((78, 40), 26, 16, lean=6)
    p.poly(GREY_L, [(90, 12), (66, 22), (72, 28), (80, 36)])
    p.line(GREY_D, [(86, 16), (74, 28)], 1.4)


def _pipe_bomb(p: Pen) -> None:
    ang = -18
    c = (46, 60)
    fuse = bez((80, 46), (90, 26), (76, 16), 8)
    p.stick(WOOD_L, fuse, 3)
    p.poly(GREY, box(c[0], c[1], 60, 26, ang))
    p.poly(GREY_L, box(c[0] - 2, c[1] - 6, 52, 6, ang), stroke=False)
    for dx in (-33, 33):
        cap = _rot([(c[0] + dx, c[1])], c, ang)[0]
        p.poly(GREY_D, box(cap[0], cap[1], 12, 34, ang))
        for j in (-8, 0, 8):
            a = _rot([(c[0] + dx - 5, c[1] + j), (c[0] + dx + 5, c[1] + j)], c, ang)
            p.line(OUTLINE, a, 1.2)
    p.spark(fuse[-1], 11)


def _tnt(p: Pen) -> None:
    fuse = bez((50, 22), (58, 6), (74, 12), 8)
    p.stick(WOOD_L, fuse, 3)
    for x in (22, 62, 42):
        p.rect(RED, (x, 24, 18, 66), radius=4)
        p.ellipse((240, 110, 110), (x + 2, 25, 14, 7), stroke=False)
        p.rect((244, 120, 120), (x + 3, 34, 3, 50), stroke=False)
    p.rect(CREAM, (18, 52, 64, 14), radius=2)
    for x in (28, 46, 64):
        p.line(RED_D, [(x, 55), (x + 6, 63)], 2.4)
    p.spark(fuse[-1], 12)


def _c4(p: Pen) -> None:
    p.poly((214, 200, 150), [(12, 50), (30, 38), (92, 38), (74, 50)])
    p.poly((190, 176, 124), [(74, 50), (92, 38), (92, 76), (74, 88)])
    p.rect((200, 186, 134), (12, 50, 62, 38))
    p.rect((120, 110, 80), (12, 62, 62, 8), stroke=False)
    p.stick(RED, bez((40, 36), (34, 20), (20, 26), 6), 2.6)
    p.stick(BLUE, bez((56, 36), (66, 18), (80, 26), 6), 2.6)
    p.rect(BOMB, (30, 26, 38, 24), radius=3)
    p.rect((60, 18, 18), (34, 30, 30, 12), radius=2)
    for i in range(3):
        x = 37 + i * 9
        p.line((255, 70, 50), [(x, 33), (x + 5, 33), (x + 5, 39), (x, 39)], 1.4)
    p.circle((80, 255, 120), (64, 46), 2.2, stroke=False)


def _rpg(p: Pen) -> None:
    ang = -12
    p.flame((14, 74), 26, 20, lean=-10, colours=(ORANGE, YELLOW, WHITE))
    _smoke(p, (10, 80), 8)
    tube = box(44, 58, 56, 13, ang)
    p.poly((94, 112, 66), tube)
    grip = _rot([(38, 62), (46, 62), (44, 82), (36, 82)], (44, 58), ang)
    p.poly(WOOD_D, grip)
    head_c = _rot([(78, 52)], (44, 58), ang)[0]
    warhead = _rot([(head_c[0] - 8, head_c[1] - 8), (head_c[0] + 6, head_c[1] - 11),
                    (head_c[0] + 18, head_c[1]), (head_c[0] + 6, head_c[1] + 11),
                    (head_c[0] - 8, head_c[1] + 8)], head_c, ang)
    p.poly((76, 92, 56), warhead)
    p.poly((130, 150, 96), box(30, 58, 8, 13, ang))
    p.poly(GREY_D, _rot([(head_c[0] - 12, head_c[1] - 5), (head_c[0] - 8, head_c[1] - 5),
                         (head_c[0] - 8, head_c[1] + 5), (head_c[0] - 12, head_c[1] + 5)],
                        head_c, ang))


# ---------------------------------------------------------------------------------------------
# Specials
# ---------------------------------------------------------------------------------------------


def _spy(p: Pen) -> None:
    head = (50, 48)
    _bust(p, (178, 146, 96), head)
    p.poly((150, 118, 72), [(34, 70), (44, 64), (50, 84)])
    p.poly((150, 118, 72), [(66, 70), (56, 64), (50, 84)])
    p.ellipse((56, 56, 68), (20, 30, 60, 12))
    p.rect((56, 56, 68), (31, 12, 38, 26), radius=6)
    p.rect(OUTLINE, (31, 26, 38, 6), stroke=False)
    for x in (36, 51):
        p.rect(OUTLINE, (x, 44, 13, 8), radius=3, stroke=False)
    p.line(OUTLINE, [(48, 46), (52, 46)], 1.6)
    p.line(WHITE, [(39, 46), (42, 46)], 1.2)
    p.line(OUTLINE, [(46, 58), (55, 56)], 1.6)


def _guard(p: Pen) -> None:
    head = (42, 48)
    _bust(p, NAVY, head)
    p.poly(GOLD, star(36, 84, 6, 2.6, 5))
    p.rect(NAVY, (26, 18, 32, 16), radius=5)
    p.ellipse(OUTLINE, (22, 30, 40, 8), stroke=False)
    p.circle(GOLD, (42, 25), 3.6)
    _eyes(p, head, 1, 5.5)
    for dx in (-1, 1):
        p.line(OUTLINE, [(42 + dx * 3, 44), (42 + dx * 10, 42)], 1.8)
    p.line(OUTLINE, [(37, 57), (47, 57)], 1.8)
    # a raised hand: stop
    p.rect(SKIN, (66, 44, 22, 26), radius=6)
    for i, fh in enumerate((18, 22, 20, 15)):
        p.rect(SKIN, (66 + i * 5.5, 44 - fh + 8, 5.5, fh), radius=2.5)
    p.poly(SKIN, [(66, 56), (58, 46), (62, 42), (70, 50)])
    p.rect(NAVY, (66, 70, 22, 26))


def _nuke(p: Pen) -> None:
    p.poly(GREY_D, [(38, 6), (62, 6), (58, 24), (42, 24)])
    p.line(OUTLINE, [(50, 6), (50, 24)], 1.6)
    p.ellipse((240, 196, 40), (22, 18, 56, 74))
    p.ellipse((255, 226, 120), (30, 26, 14, 22), stroke=False)
    c = (50, 58)
    p.circle(OUTLINE, c, 3.6, stroke=False)
    for a in (-150, -30, 90):
        p.poly(OUTLINE, _ring_arc(c, 17, 6, a - 30, a + 30, 8), stroke=False)


def _assassin(p: Pen) -> None:
    hood = (60, 42, 84)
    p.poly((46, 30, 64), [(10, 96), (16, 76), (32, 66), (68, 66), (84, 76), (90, 96)])
    p.poly(hood, [(50, 8), (72, 26), (76, 56), (68, 74), (32, 74), (24, 56), (28, 26)])
    p.ellipse((18, 14, 26), (34, 32, 32, 36), stroke=False)
    for x in (42, 58):
        p.ellipse((255, 90, 60), (x - 4, 46, 8, 4), stroke=False)
    # the dagger
    p.poly(STEEL_L, [(72, 40), (77, 34), (82, 40), (80, 74), (74, 74)])
    p.line(STEEL_D, [(77, 40), (77, 72)], 1.4)
    p.rect(GOLD, (66, 73, 22, 5), radius=2)
    p.rect(WOOD_D, (74, 78, 6, 14), radius=2)


def _inspector(p: Pen) -> None:
    board = box(38, 52, 48, 66, -8)
    p.poly(WOOD, board)
    p.poly(CREAM, box(38, 55, 38, 52, -8), stroke=False)
    for i in range(4):
        a = _rot([(24, 40 + i * 10), (50, 40 + i * 10)], (38, 55), -8)
        p.line((150, 150, 160), a, 1.8)
    p.poly(GREY, box(37, 22, 20, 8, -8))
    lay = p.layer()
    lay.circle((170, 220, 255), (64, 56), 17, stroke=False)
    p.paste(lay, 150)
    p.stick(WOOD_D, [(77, 70), (90, 86)], 6)
    p.circle((0, 0, 0, 0), (64, 56), 0.1, stroke=False)
    pygame.draw.circle(p.surface, OUTLINE, p.pt((64, 56)), 20 * p.k, round(6 * p.k))
    pygame.draw.circle(p.surface, GREY_D, p.pt((64, 56)), 19 * p.k, round(4 * p.k))
    p.arc(WHITE, (52, 44, 24, 24), math.pi * .55, math.pi * .95, 2.4)


def _productivity(p: Pen) -> None:
    pivot = (46, 90)
    for ang, band in ((-22, RED), (0, BLUE), (22, GOLD)):
        p.poly(CREAM, _rot([(32, 26), (60, 26), (60, 72), (32, 72)], pivot, ang))
        p.poly(band, _rot([(35, 29), (57, 29), (57, 38), (35, 38)], pivot, ang), stroke=False)
    p.circle(GREEN, (72, 70), 17)
    p.rect(WHITE, (63, 67, 18, 6), radius=2, stroke=False)
    p.rect(WHITE, (69, 61, 6, 18), radius=2, stroke=False)


def _firestorm(p: Pen) -> None:
    p.flame((28, 90), 50, 30, lean=-8)
    p.flame((72, 90), 54, 30, lean=8)
    p.flame((50, 92), 82, 40, lean=2)
    for c, r in (((16, 34), 3), ((84, 28), 2.6), ((30, 16), 2.2), ((74, 12), 2)):
        p.circle(ORANGE, c, r)


def _twist(p: Pen) -> None:
    p.poly(GOLD, [(30, 78), (70, 78), (66, 94), (34, 94)])
    p.rect(GOLD_D, (34, 74, 32, 6), radius=2)
    p.circle((118, 84, 200), (50, 46), 30)
    p.circle((150, 112, 226), (50, 46), 20, stroke=False)
    p.arc((214, 196, 255), (34, 30, 32, 32), 0.3, 3.4, 3)
    p.arc((214, 196, 255), (42, 38, 16, 16), 3.4, 6.3, 2.6)
    lay = p.layer()
    lay.ellipse(WHITE, (30, 24, 16, 10), stroke=False)
    p.paste(lay, 170)
    for c, r in (((16, 18), 7), ((86, 22), 6), ((88, 64), 5), ((12, 60), 4)):
        p.poly(YELLOW, star(c[0], c[1], r, r * .3, 4))


def _dove_shape(p: Pen, dx: float = 0, dy: float = 0, s: float = 1.0) -> None:
    def t(pts: list[Point]) -> list[Point]:
        return [(50 + (x - 50) * s + dx, 50 + (y - 50) * s + dy) for x, y in pts]

    p.poly((236, 240, 246), t([(30, 54), (8, 44), (12, 66), (34, 64)]))
    p.poly(WHITE, t([(24, 56), (40, 44), (62, 44), (78, 50), (72, 64), (46, 70), (30, 64)]))
    p.poly(WHITE, t([(40, 50), (26, 14), (46, 22), (62, 48)]))
    p.line((190, 198, 210), t([(40, 30), (52, 46)]), 1.6 * s)
    p.line((190, 198, 210), t([(34, 22), (46, 46)]), 1.6 * s)
    p.circle(WHITE, t([(76, 44)])[0], 10 * s)
    p.poly(ORANGE, t([(84, 41), (96, 46), (84, 49)]))
    p.circle(OUTLINE, t([(78, 42)])[0], 1.9 * s, stroke=False)


def _diplomacy(p: Pen) -> None:
    branch = bez((92, 48), (94, 64), (80, 76), 6)
    p.stick((110, 84, 40), branch, 1.8)
    for i, c in enumerate(branch[2::2]):
        ang = 30 + i * 40
        p.poly(LEAF, _rot([(c[0] - 7, c[1]), (c[0], c[1] - 3), (c[0] + 7, c[1]), (c[0], c[1] + 3)],
                          c, ang))
    _dove_shape(p)


def _protests(p: Pen) -> None:
    # the sign behind: no bombs
    p.stick(WOOD, [(34, 96), (30, 50)], 4)
    back = box(30, 34, 36, 30, -10)
    p.poly((250, 236, 200), back)
    p.circle(BOMB, (30, 36), 7, stroke=False)
    pygame.draw.circle(p.surface, RED, p.pt((30, 35)), 11 * p.k, round(2.8 * p.k))
    p.line(RED, [(22, 43), (38, 27)], 2.8)
    # the sign in front: peace
    p.stick(WOOD_L, [(64, 96), (66, 52)], 4.5)
    p.poly(WHITE, box(66, 42, 44, 38, 8))
    c = p.pt((66, 42))
    r = 13 * p.k
    wd = round(3 * p.k)
    pygame.draw.circle(p.surface, BLUE, c, r, wd)
    pygame.draw.line(p.surface, BLUE, (c[0], c[1] - r), (c[0], c[1] + r), wd)
    for sx in (-1, 1):
        pygame.draw.line(p.surface, BLUE, c, (c[0] + sx * r * .7, c[1] + r * .7), wd)


def _earthquake(p: Pen) -> None:
    p.poly((146, 100, 60), [(8, 48), (46, 44), (52, 56), (44, 68), (50, 80), (44, 94), (8, 94)])
    p.poly((128, 86, 50), [(56, 56), (92, 60), (92, 94), (50, 94), (56, 82), (50, 70), (58, 60)])
    p.poly(GREEN, [(8, 44), (46, 40), (47, 48), (8, 52)])
    p.poly(GREEN, [(56, 52), (92, 56), (92, 64), (57, 60)])
    for c, r in (((52, 30), 4), ((58, 18), 3), ((44, 22), 2.6)):
        p.poly(STONE, star(c[0], c[1], r, r * .78, 4, .4))
    for x, sign in ((10, -1), (90, 1)):
        for i, y in enumerate((20, 30)):
            p.line(OUTLINE, [(x - sign * i * 3, y), (x + sign * 5 - sign * i * 3, y - 5)], 2)


def _advanced_tech(p: Pen) -> None:
    lay = p.layer()
    lay.circle((90, 220, 255), (50, 50), 40, stroke=False)
    p.paste(lay, 70)
    for i in range(5):
        o = 30 + i * 10
        for pins in ((o - 2, 12, 4, 16), (o - 2, 72, 4, 16), (12, o - 2, 16, 4),
                     (72, o - 2, 16, 4)):
            p.rect(GREY_L, pins)
    p.rect((44, 50, 64), (24, 24, 52, 52), radius=5)
    p.rect((90, 220, 255), (36, 36, 28, 28), radius=3)
    p.rect((200, 246, 255), (42, 42, 16, 16), radius=2, stroke=False)
    for x in (46, 50, 54):
        p.line((90, 220, 255), [(x, 42), (x, 58)], 1)


def _aliens(p: Pen) -> None:
    lay = p.layer()
    lay.poly((255, 240, 140), [(40, 58), (60, 58), (86, 96), (14, 96)], stroke=False)
    p.paste(lay, 150)
    p.circle((120, 220, 110), (50, 36), 10)
    for dx in (-1, 1):
        p.poly(OUTLINE, _rot(box(50 + dx * 4.6, 36, 6, 3.6), (50 + dx * 4.6, 36), dx * 30),
               stroke=False)
    dome = p.layer()
    dome.ellipse((150, 230, 255), (28, 18, 44, 40), stroke=False)
    p.paste(dome, 110)
    pygame.draw.ellipse(p.surface, OUTLINE, pygame.Rect(*(round(v * p.k) for v in
                                                          (28, 18, 44, 40))), p.ow)
    p.ellipse(GREY, (6, 42, 88, 26))
    p.ellipse(GREY_L, (10, 42, 80, 14), stroke=False)
    for i, col in enumerate((RED, YELLOW, (90, 220, 255), YELLOW, RED)):
        p.circle(col, (22 + i * 14, 58), 3)


def _sabotage(p: Pen) -> None:
    p.poly(GREY, gear_points(42, 58, 34, 26, 9, .2))
    p.circle(GREY_D, (42, 58), 10)
    p.circle((60, 64, 76), (42, 58), 4, stroke=False)
    p.stick((200, 60, 60), [(88, 92), (64, 38)], 9)
    head = _ring_arc((60, 30), 13, 5.5, 150, 470, 14)
    p.poly(GREY_L, head)
    for c, r in (((28, 20), 7), ((80, 54), 6)):
        p.poly(YELLOW, star(c[0], c[1], r, r * .35, 4, .3))


def _epidemic(p: Pen) -> None:
    c = (50, 50)
    for i in range(10):
        a = i * math.tau / 10 + .2
        end = (c[0] + 38 * math.cos(a), c[1] + 38 * math.sin(a))
        p.stick(GREEN_D, [c, end], 3.2)
        p.circle((150, 210, 90), end, 5.2)
    p.circle((120, 196, 80), c, 27)
    for dx, dy, r in ((-9, -8, 6), (10, -4, 4.6), (-2, 11, 5.4), (12, 12, 3)):
        p.circle((80, 150, 60), (c[0] + dx, c[1] + dy), r, stroke=False)
    p.ellipse((190, 240, 150), (32, 30, 12, 7), stroke=False)


def _christmas(p: Pen) -> None:
    p.rect(WOOD_D, (44, 82, 12, 12))
    for top, base_y, half in ((16, 42, 20), (28, 64, 28), (44, 86, 36)):
        p.poly((44, 140, 72), [(50, top), (50 + half, base_y), (50 - half, base_y)])
    for c, col in (((42, 38), RED), ((58, 56), BLUE), ((38, 60), GOLD), ((62, 78), RED),
                   ((34, 80), BLUE)):
        p.circle(col, c, 3.4)
    p.poly(YELLOW, star(50, 14, 10, 4.2, 5))
    p.rect(RED, (68, 76, 24, 18), radius=1)
    p.rect(GOLD, (77, 76, 6, 18), stroke=False)
    p.poly(GOLD, [(80, 76), (70, 68), (74, 66)])
    p.poly(GOLD, [(80, 76), (90, 68), (86, 66)])


# ---------------------------------------------------------------------------------------------
# Defences
# ---------------------------------------------------------------------------------------------


def _fizzle(p: Pen) -> None:
    _round_bomb(p, (42, 62), 28, lit=False)
    end = (81.2, 42.4)
    p.circle((70, 60, 56), end, 2.6)
    wisp = [(end[0] + 4 * math.sin(i * .9), end[1] - 4 - i * 4.2) for i in range(8)]
    p.stick((214, 218, 228), wisp, 3.2)
    p.poly((110, 190, 255), [(22, 30), (18, 40), (22, 44), (26, 40)])


def _blast_shield(p: Pen) -> None:
    p.burst((24, 26), 22, 11, 9)
    for a in ((8, 54), (4, 44)):
        p.line(WHITE, [a, (a[0] + 10, a[1] - 4)], 2)
    edge = bez((80, 54), (76, 80), (50, 94), 8)
    shield = [(26, 18), (50, 12), (80, 18)] + edge + [(x * -1 + 100, y) for x, y in edge[::-1]]
    p.poly((116, 148, 196), shield)
    inner = [(50 + (x - 50) * .78, 52 + (y - 52) * .78) for x, y in shield]
    p.poly((150, 180, 222), inner, stroke=False)
    p.line(GOLD, inner, 2.4, closed=True)
    p.poly((116, 148, 196), [(46, 22), (54, 22), (54, 84), (50, 88), (46, 84)], stroke=False)
    p.circle(GOLD, (50, 48), 7)


def _oops(p: Pen) -> None:
    _round_bomb(p, (32, 70), 18, lit=True)
    pts = bez((20, 40), (44, -6), (80, 36), 14)
    p.stick(ORANGE, pts, 7)
    end, before = pts[-1], pts[-3]
    ang = math.atan2(end[1] - before[1], end[0] - before[0])
    tip = (end[0] + 9 * math.cos(ang), end[1] + 9 * math.sin(ang))
    left = (end[0] + 9 * math.cos(ang + 2.2), end[1] + 9 * math.sin(ang + 2.2))
    right = (end[0] + 9 * math.cos(ang - 2.2), end[1] + 9 * math.sin(ang - 2.2))
    p.poly(ORANGE, [tip, left, right])
    p.rect(RED, (78, 54, 9, 24), radius=4)
    p.circle(RED, (82.5, 86), 5)


def _backfire(p: Pen) -> None:
    p.burst((78, 24), 18, 9, 8, (RED, ORANGE))
    trail = bez((70, 30), (40, 4), (18, 30), 10)
    for i in range(0, len(trail) - 1, 2):
        p.line((255, 255, 255, 230), [trail[i], trail[i + 1]], 2.4)
    arm1 = bez((16, 44), (24, 70), (44, 84), 8)
    arm2 = bez((44, 84), (66, 84), (86, 64), 8)
    p.stick((214, 128, 56), arm1 + arm2[1:], 12)
    p.line(CREAM, bez((20, 52), (26, 68), (38, 76), 6), 2.2)
    p.line(CREAM, bez((52, 80), (66, 80), (78, 68), 6), 2.2)


# ---------------------------------------------------------------------------------------------
# Characters
# ---------------------------------------------------------------------------------------------


def _chemist(p: Pen) -> None:
    head = (50, 44)
    p.poly((236, 236, 240), star(50, 36, 30, 19, 9, -1.2))
    _bust(p, (236, 238, 242), head)
    p.poly((200, 204, 214), [(40, 70), (50, 92), (44, 70)], stroke=False)
    p.poly((200, 204, 214), [(60, 70), (50, 92), (56, 70)], stroke=False)
    p.line(OUTLINE, [(33, 34), (67, 34)], 3)
    for x in (42, 58):
        p.circle((255, 170, 60), (x, 34), 6)
        p.circle((255, 220, 150), (x - 1.5, 32.5), 2, stroke=False)
    _eyes(p, head, 3, 6)
    p.poly(WHITE, [(40, 50), (60, 50), (56, 57), (44, 57)])
    # a bubbling flask
    p.stick((200, 230, 240), [(74, 62), (74, 72)], 6)
    p.circle((120, 230, 110), (74, 82), 12)
    p.ellipse((190, 255, 180), (66, 76, 7, 4), stroke=False)
    for c, r in (((70, 54), 2.6), ((78, 46), 3.4), ((72, 38), 2)):
        p.circle((170, 250, 150), c, r)


def _underminer(p: Pen) -> None:
    # the pickaxe over his shoulder
    p.stick(WOOD, [(80, 94), (66, 26)], 5)
    p.poly(GREY, _ring_arc((66, 44), 28, 22, 205, 335, 12))
    head = (46, 48)
    _bust(p, (150, 96, 52), head)
    p.line((100, 62, 30), [(36, 72), (34, 96)], 3)
    p.line((100, 62, 30), [(60, 72), (62, 96)], 3)
    p.circle((110, 100, 96, 120), (38, 56), 4, stroke=False)
    _eyes(p, head, 2, 6)
    p.line(OUTLINE, [(41, 58), (51, 58)], 1.8)
    p.poly(YELLOW, _ring_arc((46, 38), 19, 0.1, 180, 360, 12))
    p.rect(GOLD, (24, 36, 44, 5), radius=2)
    p.circle(WHITE, (46, 28), 4.4)


def _skull(p: Pen) -> None:
    p.circle(CREAM, (50, 42), 28)
    p.rect(CREAM, (34, 56, 32, 26), radius=6)
    for x in (39, 61):
        p.circle(OUTLINE, (x, 46), 7, stroke=False)
    p.poly(OUTLINE, [(50, 56), (46, 64), (54, 64)], stroke=False)
    for x in (42, 50, 58):
        p.line(OUTLINE, [(x, 70), (x, 80)], 2)


def _kaboom_bomb(p: Pen) -> None:
    _round_bomb(p, (44, 58), 32, lit=True)


DRAWINGS: dict[str, Callable[[Pen], None]] = {
    data.ARROW: _arrow,
    data.PIPE: _pipe_bomb,
    data.TNT: _tnt,
    data.C4: _c4,
    data.RPG: _rpg,
    data.PALISADE: _wall_icon(data.PALISADE),
    data.STONE: _wall_icon(data.STONE),
    data.IRON: _wall_icon(data.IRON),
    data.STEEL: _wall_icon(data.STEEL),
    data.FORCE_FIELD: _wall_icon(data.FORCE_FIELD),
    data.SPY: _spy,
    data.GUARD: _guard,
    data.NUKE: _nuke,
    data.FIZZLE: _fizzle,
    data.BLAST_SHIELD: _blast_shield,
    data.CHEMIST: _chemist,
    data.UNDERMINER: _underminer,
    data.ASSASSIN: _assassin,
    data.INSPECTOR: _inspector,
    data.OOPS: _oops,
    data.PRODUCTIVITY: _productivity,
    data.FIRESTORM: _firestorm,
    data.BACKFIRE: _backfire,
    data.TWIST: _twist,
    data.DIPLOMACY: _diplomacy,
    data.PROTESTS: _protests,
    data.EARTHQUAKE: _earthquake,
    data.ADVANCED_TECH: _advanced_tech,
    data.ALIENS: _aliens,
    data.SABOTAGE: _sabotage,
    data.EPIDEMIC: _epidemic,
    data.CHRISTMAS: _christmas,
}
"""The pictogram of every card type, by card id."""

EXTRA: dict[str, Callable[[Pen], None]] = {"skull": _skull, "bomb": _kaboom_bomb,
                                           "dove": lambda p: _dove_shape(p, -4, 0, .92)}
"""Pictograms that are no card: the eliminated badge's skull, the Kaboom! bomb, a lone dove."""


def supersample(size: int) -> int:
    """How much larger a pictogram of `size` pixels is drawn before it is scaled down."""
    return 4 if size < 48 else 3 if size < 120 else 2


def outlined(surface: pygame.Surface, width: int, colour: Colour = OUTLINE) -> pygame.Surface:
    """`surface` with a `width`-pixel ring of `colour` around its silhouette (a sticker edge)."""
    mask = pygame.mask.from_surface(surface, 24)
    grown = pygame.mask.Mask(surface.get_size())
    steps = max(8, width * 2)
    for i in range(steps):
        a = i * math.tau / steps
        for rr in (width, width * .5):
            grown.draw(mask, (round(rr * math.cos(a)), round(rr * math.sin(a))))
    grown.erase(mask, (0, 0))
    out = grown.to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0))
    out.blit(surface, (0, 0))
    return out


def render(name: str, size: int) -> pygame.Surface:
    """Draw pictogram `name` (a card id or an `EXTRA` name) at size x size, uncached."""
    painter = DRAWINGS.get(name) or EXTRA.get(name)
    if painter is None:
        raise KeyError(f"no pictogram named {name!r}")
    size = max(4, size)
    ss = supersample(size)
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    pen = Pen(big)
    painter(pen)
    big = outlined(big, max(1, round(SILHOUETTE * pen.k)))
    out = pygame.transform.smoothscale(big, (size, size))
    return out.convert_alpha() if pygame.display.get_surface() else out


@cached(400, max_mb=12)
def icon(card_id: str, size: int) -> pygame.Surface:
    """The card's pictogram alone, size x size on a transparent background (cached)."""
    return render(card_id, size)
