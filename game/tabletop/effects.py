"""Table effects both card games share: the slap hand, comic bursts, floating words, shake, and
the bubble that carries a table's news.

Every image is drawn once and cached (sizes and rotations in steps), so effects cost a few blits
a frame. Time is logic time; `reduced` (the reduced-motion setting) drops shake and big motion.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import text, theme
from game.ui.draw import burst, lerp_colour
from game.ui.particles import Particles
from game.ui.tween import ease_out_back, ease_out_cubic

Colour = tuple[int, int, int]
ANGLE_STEP = 15
SCALE_STEPS = 8


def _capsule(surface: pygame.Surface, colour: Colour, a: tuple[float, float],
             b: tuple[float, float], width: float) -> None:
    """A thick line with round ends (a finger)."""
    r = width / 2
    pygame.draw.line(surface, colour, a, b, max(1, round(width)))
    pygame.draw.circle(surface, colour, a, r)
    pygame.draw.circle(surface, colour, b, r)


@lru_cache(maxsize=32)
def hand_image(colour: Colour, size: int = 86) -> pygame.Surface:
    """A cartoon glove in a seat's colour, palm down, fingers pointing up, with a cream cuff."""
    S = float(size)
    W = S * 0.82
    s = pygame.Surface((round(W) + 8, size + 8), pygame.SRCALPHA)
    ox, oy = 4.0, 4.0
    edge = lerp_colour(colour, (15, 18, 30), 0.7)
    light = lerp_colour(colour, (255, 255, 255), 0.35)
    fw = S * 0.13
    fingers = []
    for i, (fx, length) in enumerate(((0.27, 0.27), (0.42, 0.33), (0.58, 0.31), (0.73, 0.24))):
        base = (ox + W * fx, oy + S * 0.5)
        tip = (ox + W * fx + (i - 1.5) * S * 0.035, oy + S * (0.5 - length))
        fingers.append((base, tip))
    thumb = ((ox + W * 0.24, oy + S * 0.68), (ox + W * 0.04, oy + S * 0.5))
    palm = pygame.Rect(0, 0, round(W * 0.66), round(S * 0.42))
    palm.center = (round(ox + W * 0.5), round(oy + S * 0.62))
    cuff = pygame.Rect(0, 0, round(W * 0.56), round(S * 0.15))
    cuff.midbottom = (palm.centerx, round(oy + S))
    for grow, col in ((3.0, edge), (0.0, colour)):
        for base, tip in fingers:
            _capsule(s, col, base, tip, fw + grow * 2)
        _capsule(s, col, thumb[0], thumb[1], fw * 1.1 + grow * 2)
        pygame.draw.rect(s, col, palm.inflate(grow * 2, grow * 2), border_radius=round(S * .16))
    for _base, tip in fingers:  # a shine along each finger
        _capsule(s, light, (tip[0] - fw * 0.18, tip[1] + fw * 0.2),
                 (tip[0] - fw * 0.12, tip[1] + fw * 1.1), fw * 0.22)
    for i in range(1, 4):  # the gaps between fingers, down into the palm
        x = (fingers[i - 1][0][0] + fingers[i][0][0]) / 2
        pygame.draw.line(s, edge, (x, palm.y + 2), (x, palm.y + S * 0.09), 2)
    pygame.draw.rect(s, edge, cuff.inflate(6, 6), border_radius=round(S * 0.05))
    pygame.draw.rect(s, theme.CREAM, cuff, border_radius=round(S * 0.04))
    pygame.draw.line(s, lerp_colour(theme.CREAM, edge, 0.3), (cuff.x + 4, cuff.centery),
                     (cuff.right - 4, cuff.centery), 2)
    return s


@lru_cache(maxsize=256)
def rotated_hand(colour: Colour, size: int, angle_step: int) -> pygame.Surface:
    """The hand rotated to one of 24 directions (cached)."""
    return pygame.transform.rotozoom(hand_image(colour, size), angle_step * ANGLE_STEP, 1.0)


@lru_cache(maxsize=16)
def comic_burst(label: str, width: int, fill: Colour = theme.BLAST,
                edge: Colour = theme.SPARK, ink: Colour = theme.CREAM) -> pygame.Surface:
    """A comic-book explosion with a word across it ("KABOOM!", "SLAP!"). A long name goes on
    two lines, and the burst grows to hold its words ("ADVANCED TECHNOLOGY" ran past its
    points in larger text)."""
    lines, size = _burst_words(label, width, ink)
    f_h = text.line_height(size, True)
    widest = max(text.render(ln, size, ink, True).get_width() for ln in lines)
    width = max(width, math.ceil(widest / BURST_ROOM))
    h = max(int(width * 0.62), math.ceil(len(lines) * f_h / 0.56))
    s = pygame.Surface((width, h), pygame.SRCALPHA)
    c = (width / 2, h / 2)
    r = h * 0.5
    for k, (col, shrink) in enumerate(((edge, 1.0), (fill, 0.86), (lerp_colour(fill, edge, .35),
                                                                    0.56))):
        pts = []
        n = 14
        for i in range(n * 2):
            rr = (r if i % 2 == 0 else r * 0.62) * shrink
            a = i * math.pi / n + k * 0.1
            pts.append((c[0] + rr * math.cos(a) * width / h * 0.92, c[1] + rr * math.sin(a)))
        pygame.draw.polygon(s, col, pts)
    top = c[1] - len(lines) * f_h / 2
    for i, ln in enumerate(lines):
        y = top + (i + 0.5) * f_h
        shadow = text.render(ln, size, (40, 10, 14), True)
        word = text.render(ln, size, ink, True)
        s.blit(shadow, shadow.get_rect(center=(c[0] + 3, y + 4)))
        s.blit(word, word.get_rect(center=(c[0], y)))
    return s


BURST_ROOM = 0.74
"""The share of a burst's width its words may take (inside its points)."""
BURST_MIN_PX = 18
"""A burst's words never shrink below this (before larger text): they go on two lines."""


def _burst_words(label: str, width: int, ink: Colour) -> tuple[list[str], int]:
    """The burst's lines and size: one line from about a third of its height down to
    `BURST_MIN_PX`; a longer label of several words on two balanced lines."""
    start = max(BURST_MIN_PX, int(width * 0.62 * 0.3))

    def fits(lines: list[str], size: int) -> bool:
        return max(text.render(ln, size, ink, True).get_width() for ln in lines) \
            <= width * BURST_ROOM

    words = label.split()
    options = [[label]]
    if len(words) > 1:
        cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i]))
                                                         - len(" ".join(words[i:]))))
        options.append([" ".join(words[:cut]), " ".join(words[cut:])])
    for lines in options:
        for size in range(start, BURST_MIN_PX - 1, -2):
            if fits(lines, size):
                return lines, size
    return options[-1], BURST_MIN_PX  # the burst grows to hold them


@lru_cache(maxsize=128)
def news_bubble(message: str, colour: Colour, width: int, *, margin: int, left: int,
                top: int) -> pygame.Surface:
    """News over a card table ("Ana fires TNT at Bo"): the words wrapped to `width` less
    `margin`, on a panel tinted with `colour` with a stripe down its left side; the lines
    start `left` in and `top` down, with as much room again below them. Drawn anew on each
    call: each game caches its bubbles under its own key."""
    lines = text.wrap(message, 16, width - margin, bold=True)
    step = text.line_height(16, True)
    h = 2 * top + step * len(lines)
    s = pygame.Surface((width, h), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, (*lerp_colour(theme.INK, colour, 0.22), 238), r, border_radius=14)
    pygame.draw.rect(s, colour, r, 2, border_radius=14)
    pygame.draw.rect(s, colour, (0, 10, 5, h - 20), border_radius=3)
    for i, ln in enumerate(lines):
        text.blit(s, ln, 16, theme.CREAM, (left, top + step * i), bold=True, shadow=True)
    return s


@lru_cache(maxsize=160)
def scaled(surf_key: tuple[str, int, Colour, Colour, Colour], step: int) -> pygame.Surface:
    """A comic burst at one of SCALE_STEPS pop-in sizes (cached, never scaled per frame: the
    cache was missing, so every burst frame smooth-scaled its picture again and the tables'
    warm-ups warmed nothing). Shared: copy it before changing it."""
    base = comic_burst(*surf_key)
    k = step / SCALE_STEPS
    w = max(2, round(base.get_width() * k))
    h = max(2, round(base.get_height() * k))
    return pygame.transform.smoothscale(base, (w, h))


@lru_cache(maxsize=256)
def faded_text(label: str, size: int, colour: Colour, alpha_step: int,
               bold: bool = True, outline: bool = False) -> pygame.Surface:
    """Text with a shadow at one of 8 alpha levels (cached copies; the text cache is shared).
    `outline`: ringed in dark ink instead, for a light word over busy art (a stranger could
    not read the light-blue "Field down!" over the wall pictures)."""
    img = (outlined(label, size, colour, bold, text.scale()) if outline
           else text.render(label, size, colour, bold, shadow=True)).copy()
    img.set_alpha(round(255 * alpha_step / 8))
    return img


@lru_cache(maxsize=32)
def outlined(label: str, size: int, colour: Colour, bold: bool, scale: float
             ) -> pygame.Surface:
    """`label` in `colour` ringed 2 px round in dark ink (cached per text size `scale`)."""
    ink = text.render(label, size, theme.INK, bold)
    face = text.render(label, size, colour, bold)
    r = 2
    img = pygame.Surface((face.get_width() + 2 * r, face.get_height() + 2 * r), pygame.SRCALPHA)
    for dx in range(-r, r + 1):
        for dy in range(-r, r + 1):
            if (dx or dy) and dx * dx + dy * dy <= r * r + 1:
                img.blit(ink, (r + dx, r + dy))
    img.blit(face, (r, r))
    return img


@dataclass
class SlapHand:
    """A hand that flies in from its owner's side and slams down on a point."""

    colour: Colour
    start: tuple[float, float]
    end: tuple[float, float]
    size: int = 86
    t: float = 0.0
    duration: float = 0.16
    leaving: float = -1.0  # >= 0 while it lifts away

    @property
    def angle_step(self) -> int:
        dx = self.end[0] - self.start[0]
        dy = self.end[1] - self.start[1]
        # the image points up (-y); rotate so the fingers point along the travel direction
        deg = math.degrees(math.atan2(-dy, dx)) - 90
        return round(deg / ANGLE_STEP) % (360 // ANGLE_STEP)

    @property
    def landed(self) -> bool:
        return self.t >= self.duration

    @property
    def done(self) -> bool:
        return self.leaving >= 0.3

    def update(self, dt: float) -> None:
        self.t += dt
        if self.leaving >= 0:
            self.leaving += dt

    def position(self) -> tuple[float, float]:
        if self.leaving >= 0:
            k = ease_out_cubic(min(1.0, self.leaving / 0.3))
            a, b = self.end, self.start
        else:
            k = min(1.0, self.t / self.duration) ** 2  # accelerating into the slam
            a, b = self.start, self.end
        return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        img = rotated_hand(self.colour, self.size, self.angle_step)
        x, y = self.position()
        if self.landed and self.leaving < 0 and self.t < self.duration + 0.25:
            r = int(30 + 160 * (self.t - self.duration))
            ring_col = lerp_colour(theme.SPARK, self.colour, (self.t - self.duration) * 4)
            pygame.draw.circle(surface, ring_col, (round(self.end[0] + offset[0]),
                                                   round(self.end[1] + offset[1])), r, 4)
        surface.blit(img, img.get_rect(center=(round(x + offset[0]), round(y + offset[1]))))


@dataclass
class Burst:
    """A comic burst that pops in, holds, and pops out."""

    label: str
    pos: tuple[float, float]
    width: int = 320
    fill: Colour = theme.BLAST
    edge: Colour = theme.SPARK
    hold: float = 1.1
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.hold + 0.45

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        if self.t < 0.3:
            k = max(0.1, ease_out_back(self.t / 0.3))
        elif self.t > self.hold + 0.2:
            k = max(0.0, 1 - (self.t - self.hold - 0.2) / 0.25)
        else:
            k = 1.0
        step = max(1, min(SCALE_STEPS + 1, round(k * SCALE_STEPS)))
        if k <= 0.02:
            return
        img = scaled((self.label, self.width, self.fill, self.edge, theme.CREAM), step)
        surface.blit(img, img.get_rect(center=(round(self.pos[0] + offset[0]),
                                               round(self.pos[1] + offset[1]))))


@dataclass
class FloatText:
    """A word that rises from a point and fades ("+2", "Match!")."""

    label: str
    pos: tuple[float, float]
    colour: Colour = theme.SPARK
    size: int = 22
    life: float = 1.4
    rise: float = 46.0
    t: float = 0.0
    outline: bool = False  # ringed in dark ink: a light word over busy art

    @property
    def done(self) -> bool:
        return self.t >= self.life

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        k = self.t / self.life
        alpha = 8 if k < 0.6 else max(0, round(8 * (1 - (k - 0.6) / 0.4)))
        if alpha <= 0:
            return
        img = faded_text(self.label, self.size, self.colour, alpha, outline=self.outline)
        y = self.pos[1] - self.rise * ease_out_cubic(min(1.0, k * 1.4))
        surface.blit(img, img.get_rect(center=(round(self.pos[0] + offset[0]),
                                               round(y + offset[1]))))


class Effects:
    """Every running effect of a table, with the shake they cause, in logic time."""

    def __init__(self, reduced_motion: bool = False, seed: int = 0) -> None:
        self.reduced = reduced_motion
        self.hands: list[SlapHand] = []
        self.bursts: list[Burst] = []
        self.floats: list[FloatText] = []
        self.particles = Particles(300, seed)
        self.particles.enabled = not reduced_motion
        self.shake_amount = 0.0
        self.time = 0.0

    @property
    def busy(self) -> bool:
        return bool(self.bursts or self.floats)

    def slap(self, colour: Colour, start: tuple[float, float], end: tuple[float, float],
             size: int = 86) -> SlapHand:
        hand = SlapHand(colour, start, end, size)
        if self.reduced:
            hand.duration = 0.08
        self.hands.append(hand)
        return hand

    def lift_hands(self) -> None:
        for hand in self.hands:
            if hand.leaving < 0:
                hand.leaving = 0.0

    def burst(self, label: str, pos: tuple[float, float], width: int = 320,
              fill: Colour = theme.BLAST, edge: Colour = theme.SPARK, hold: float = 1.1) -> None:
        self.bursts.append(Burst(label, pos, width, fill, edge, hold))

    def float_text(self, label: str, pos: tuple[float, float], colour: Colour = theme.SPARK,
                   size: int = 22, life: float = FloatText.life,
                   rise: float = FloatText.rise, outline: bool = False) -> None:
        """A rising word; a sentence (a note to read) is given a longer `life`; a word over a
        seat's row rises less (`rise`), so it stays off the name plate over the row; a light
        word over the walls' pictures is ringed in dark ink (`outline`)."""
        self.floats.append(FloatText(label, pos, colour, size, life, rise, outline=outline))

    def sparks(self, pos: tuple[float, float], colour: Colour, n: int = 24,
               speed: float = 260.0) -> None:
        self.particles.emit(pos[0], pos[1], n, colour, speed=speed, life=0.7, size=4,
                            gravity=300)

    def shake(self, amount: float) -> None:
        """Shake the table; reduced motion keeps it still."""
        if not self.reduced:
            self.shake_amount = max(self.shake_amount, amount)

    def offset(self) -> tuple[float, float]:
        a = self.shake_amount
        if a < 0.3:
            return (0.0, 0.0)
        return (math.sin(self.time * 71.0) * a, math.cos(self.time * 53.0) * a * 0.7)

    def update(self, dt: float) -> None:
        self.time += dt
        self.shake_amount = max(0.0, self.shake_amount - dt * 40)
        for group in (self.hands, self.bursts, self.floats):
            for fx in group:
                fx.update(dt)
        self.hands = [h for h in self.hands if not h.done]
        self.bursts = [b for b in self.bursts if not b.done]
        self.floats = [f for f in self.floats if not f.done]
        self.particles.update(dt)

    def clear(self) -> None:
        self.hands.clear()
        self.bursts.clear()
        self.floats.clear()

    def draw(self, surface: pygame.Surface, offset: tuple[float, float] = (0, 0),
             bursts: bool = True) -> None:
        """Hands, sparks, bursts and rising words; `bursts=False` leaves the bursts for
        `draw_bursts`, for a table that draws its tags and banners first (a SLAP! burst went
        under a seat's tag)."""
        for hand in self.hands:
            hand.draw(surface, offset)
        self.particles.draw(surface, offset)
        if bursts:
            self.draw_bursts(surface, offset)
        for f in self.floats:
            f.draw(surface, offset)

    def draw_bursts(self, surface: pygame.Surface,
                    offset: tuple[float, float] = (0, 0)) -> None:
        """The comic bursts ("SLAP!", "KABOOM!") alone: over everything on the table."""
        for b in self.bursts:
            b.draw(surface, offset)


def scatter_angle(index: int) -> int:
    """A small, repeatable tilt for the cards of a pile (-6..6 degrees in 3 degree steps)."""
    return ((index * 7919) % 5 - 2) * 3


def burst_star(surface: pygame.Surface, centre: tuple[float, float], r: float,
               colour: Colour) -> None:
    """A small spark star (for 'your turn' and match markers)."""
    burst(surface, centre, r, r * 0.45, 8, colour, 0.2)
