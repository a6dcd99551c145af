"""Art for a French 54-card deck, drawn by code and cached per size.

Suit symbols are drawn as shapes (the bundled font has no suit glyphs), so they stay crisp at
every size. Rank codes follow the card game's rules: A 2-9 T J Q K, X for a Joker; suits S H D C,
R/B for the red and black Joker.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui import text, theme
from game.ui.cache import cached
from game.ui.draw import burst

RED = (206, 44, 62)
BLACK = (28, 30, 44)
PAPER = (252, 248, 238)
PAPER_EDGE = (214, 204, 186)
RANK_LABELS = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K", "X": "★"}


def suit_colour(suit: str) -> tuple[int, int, int]:
    return RED if suit in ("H", "D", "R") else BLACK


SMALL_SPADE = 20
"""Below this many pixels tall a spade is drawn as a pointed outline (`draw_suit`)."""


def draw_suit(surface: pygame.Surface, suit: str, centre: tuple[float, float], size: float,
              colour: tuple[int, int, int] | None = None) -> None:
    """A suit symbol `size` pixels tall centred at `centre`."""
    c = colour or suit_colour(suit)
    x, y = centre
    s = size / 2
    if suit == "D":
        pygame.draw.polygon(surface, c, [(x, y - s), (x + s * .72, y), (x, y + s),
                                         (x - s * .72, y)])
    elif suit == "H":
        r = s * .52
        pygame.draw.circle(surface, c, (x - r * .92, y - s * .28), r)
        pygame.draw.circle(surface, c, (x + r * .92, y - s * .28), r)
        pygame.draw.polygon(surface, c, [(x - s * .98, y - s * .12), (x + s * .98, y - s * .12),
                                         (x, y + s)])
    elif suit == "S" and size < SMALL_SPADE:
        # a corner's small spade: round lobes this small read as a club's at 1024x576, so it
        # is an upturned heart's outline, its point sharp, over a flared stem
        k = s * .052  # the heart curve spans 29 units: its point at y - s, its lobes at y + s/2
        top = [(x + k * 16 * math.sin(t) ** 3,
                y - s * .116 + k * (13 * math.cos(t) - 5 * math.cos(2 * t)
                                    - 2 * math.cos(3 * t) - math.cos(4 * t)))
               for t in (i * math.pi / 20 for i in range(41))]
        pygame.draw.polygon(surface, c, top)
        pygame.draw.polygon(surface, c, [(x, y), (x + s * .42, y + s), (x - s * .42, y + s)])
    elif suit == "S":
        r = s * .5
        pygame.draw.circle(surface, c, (x - r * .9, y + s * .18), r)
        pygame.draw.circle(surface, c, (x + r * .9, y + s * .18), r)
        pygame.draw.polygon(surface, c, [(x - s * .94, y + s * .1), (x + s * .94, y + s * .1),
                                         (x, y - s)])
        pygame.draw.polygon(surface, c, [(x, y + s * .2), (x + s * .34, y + s),
                                         (x - s * .34, y + s)])
    elif suit == "C":
        r = s * .38
        pygame.draw.circle(surface, c, (x, y - s * .48), r)
        pygame.draw.circle(surface, c, (x - s * .46, y + s * .12), r)
        pygame.draw.circle(surface, c, (x + s * .46, y + s * .12), r)
        pygame.draw.polygon(surface, c, [(x, y), (x + s * .32, y + s), (x - s * .32, y + s)])
    else:  # a joker's star
        pts = []
        for i in range(10):
            rr = s if i % 2 == 0 else s * .45
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        pygame.draw.polygon(surface, c, pts)


def _rounded(size: tuple[int, int], fill: tuple[int, int, int], edge: tuple[int, int, int],
             radius: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, fill, s.get_rect(), border_radius=radius)
    pygame.draw.rect(s, edge, s.get_rect(), max(1, size[0] // 50), border_radius=radius)
    return s


GOLD = (222, 170, 52)
GOLD_DARK = (150, 104, 24)
SKIN = (244, 206, 168)
FRAME_PAPER = (248, 238, 216)
HAIR = {"J": (120, 72, 36), "Q": (226, 178, 70), "K": (236, 236, 236)}
COURT_SCALE = 3  # court figures are drawn this much larger, then smoothly scaled down


def _court_half(w: int, h: int, rank: str, suit: str) -> pygame.Surface:
    """One half of a court card's double-ended figure: a bust in the suit's robe, with a
    crown (King), a tiara and a rose (Queen) or a feathered cap (Jack), head at the top."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    robe = suit_colour(suit)
    trim = (52, 84, 160) if suit in ("H", "D") else RED
    cx = w / 2
    head_y, head_r = h * .5, w * .15
    # robe and shoulders
    shoulders = [(w * .08, h), (w * .14, h * .76), (cx - w * .2, h * .68),
                 (cx + w * .2, h * .68), (w * .86, h * .76), (w * .92, h)]
    pygame.draw.polygon(s, robe, shoulders)
    pygame.draw.polygon(s, trim, [(cx - w * .2, h * .68), (cx, h * .96), (cx + w * .2, h * .68),
                                  (cx + w * .1, h * .68), (cx, h * .84), (cx - w * .1, h * .68)])
    pygame.draw.lines(s, GOLD, False, shoulders[1:5], max(2, w // 30))
    pygame.draw.line(s, GOLD, (cx, h * .84), (cx, h), max(2, w // 26))
    for k in range(3):  # buttons down the front
        pygame.draw.circle(s, GOLD, (cx, h * (.88 + k * .05)), max(2, w * .02))
    if rank == "Q":  # long hair behind the face
        pygame.draw.ellipse(s, HAIR[rank], (cx - head_r * 1.5, head_y - head_r * 1.2,
                                            head_r * 3, head_r * 3.3))
    # neck and head
    pygame.draw.rect(s, SKIN, (cx - head_r * .45, head_y, head_r * .9, head_r * 1.6))
    pygame.draw.circle(s, SKIN, (cx, head_y), head_r)
    eye = max(1, w * .018)
    for dx in (-.4, .4):
        pygame.draw.circle(s, BLACK, (cx + dx * head_r, head_y - head_r * .1), eye)
    pygame.draw.arc(s, (170, 70, 60), (cx - head_r * .4, head_y, head_r * .8, head_r * .6),
                    math.pi * 1.15, math.pi * 1.85, max(1, w // 50))
    if rank == "K":
        beard = [(cx - head_r, head_y + head_r * .1), (cx - head_r * .7, head_y + head_r * 1.25),
                 (cx, head_y + head_r * 1.7), (cx + head_r * .7, head_y + head_r * 1.25),
                 (cx + head_r, head_y + head_r * .1), (cx + head_r * .5, head_y + head_r * .75),
                 (cx - head_r * .5, head_y + head_r * .75)]
        pygame.draw.polygon(s, HAIR[rank], beard)
        pygame.draw.polygon(s, (200, 200, 200), beard, max(1, w // 60))
        top, base = head_y - head_r * 2.3, head_y - head_r * .75
        crown = [(cx - head_r * 1.15, base), (cx - head_r * 1.25, top + head_r * .3),
                 (cx - head_r * .6, top + head_r * .85), (cx, top),
                 (cx + head_r * .6, top + head_r * .85), (cx + head_r * 1.25, top + head_r * .3),
                 (cx + head_r * 1.15, base)]
        pygame.draw.polygon(s, GOLD, crown)
        pygame.draw.polygon(s, GOLD_DARK, crown, max(1, w // 50))
        for px, py in crown[1:6:2]:
            pygame.draw.circle(s, GOLD, (px, py), max(2, w * .03))
        pygame.draw.circle(s, trim, (cx, base - head_r * .45), max(2, w * .035))
    elif rank == "Q":
        band = head_y - head_r * .8
        tiara = [(cx - head_r * .95, band), (cx - head_r * .55, band - head_r * .55),
                 (cx, band - head_r * .95), (cx + head_r * .55, band - head_r * .55),
                 (cx + head_r * .95, band)]
        pygame.draw.polygon(s, GOLD, tiara)
        pygame.draw.polygon(s, GOLD_DARK, tiara, max(1, w // 50))
        pygame.draw.circle(s, trim, (cx, band - head_r * .45), max(2, w * .03))
        # a rose held at the shoulder
        rx, ry = cx + w * .27, h * .8
        pygame.draw.line(s, (60, 130, 70), (rx, ry), (rx - w * .08, h * .98), max(2, w // 30))
        for a in range(5):
            ang = a * math.tau / 5
            pygame.draw.circle(s, RED if suit in ("S", "C") else (250, 120, 140),
                               (rx + math.cos(ang) * w * .03, ry + math.sin(ang) * w * .03),
                               w * .035)
        pygame.draw.circle(s, GOLD, (rx, ry), w * .02)
    else:  # Jack: a cap with a long feather
        cap = pygame.Rect(0, 0, head_r * 2.5, head_r * 1.3)
        cap.midbottom = (round(cx), round(head_y - head_r * .35))
        pygame.draw.ellipse(s, robe, cap)
        pygame.draw.rect(s, trim, (cap.x, cap.bottom - head_r * .4, cap.w, head_r * .4),
                         border_radius=3)
        feather = [(cx + head_r * .6, cap.y + head_r * .3), (cx + head_r * 2.4, cap.y - head_r),
                   (cx + head_r * 2.0, cap.y - head_r * .2)]
        pygame.draw.polygon(s, GOLD, feather)
        pygame.draw.line(s, GOLD_DARK, feather[0], feather[1], max(1, w // 60))
        pygame.draw.rect(s, HAIR[rank], (cx - head_r, head_y - head_r * .35, head_r * .35,
                                         head_r * .9))
        pygame.draw.rect(s, HAIR[rank], (cx + head_r * .65, head_y - head_r * .35,
                                         head_r * .35, head_r * .9))
    draw_suit(s, suit, (w * .16, h * .22), w * .2)
    return s


def _court_frame(s: pygame.Surface, rank: str, suit: str, frame: pygame.Rect) -> None:
    """The framed, double-ended court picture (the same upside down) inside `frame`."""
    k = COURT_SCALE
    big = pygame.Surface((frame.w * k, frame.h * k), pygame.SRCALPHA)
    bw, bh = big.get_size()
    radius = max(3, bw // 12)
    pygame.draw.rect(big, FRAME_PAPER, big.get_rect(), border_radius=radius)
    half = _court_half(bw, bh // 2, rank, suit)
    inner = pygame.Surface((bw, bh), pygame.SRCALPHA)
    inner.blit(half, (0, 0))
    inner.blit(pygame.transform.rotate(half, 180), (0, bh - half.get_height()))
    mask = pygame.Surface((bw, bh), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(inner, (0, 0))
    pygame.draw.line(big, GOLD, (bw * .06, bh / 2), (bw * .94, bh / 2), max(2, k))
    col = suit_colour(suit)
    pygame.draw.rect(big, col, big.get_rect(), max(2, k * max(1, frame.w // 30)),
                     border_radius=radius)
    pygame.draw.rect(big, GOLD, big.get_rect().inflate(-k * 4, -k * 4), max(1, k // 2 + 1),
                     border_radius=max(2, radius - k * 2))
    s.blit(pygame.transform.smoothscale(big, frame.size), frame)


@cached(256, max_mb=4)
def face(code: str, w: int, h: int, badge: str = "") -> pygame.Surface:
    """The face of card `code` (e.g. 'QH', 'TS', 'XR') at w x h, with an optional value badge."""
    rank, suit = code[0], code[1]
    col = suit_colour(suit)
    radius = max(4, w // 9)
    s = _rounded((w, h), PAPER, PAPER_EDGE, radius)
    label = RANK_LABELS.get(rank, rank)
    corner = max(9, int(h * 0.2))
    if rank == "X":
        burst(s, (w / 2, h / 2), w * .42, w * .24, 12, theme.FUSE if suit == "R" else BLACK, .2)
        burst(s, (w / 2, h / 2), w * .28, w * .16, 12, theme.SPARK if suit == "R" else
              (90, 96, 120), .4)
        text.blit(s, "JOKER", max(8, int(h * .13)), col, (w / 2, h * .86), "center", bold=True)
        draw_suit(s, "X", (w * .16, h * .14), corner * .9, col)
    else:
        if rank in "JQK":
            frame = pygame.Rect(0, 0, round(w * .52), round(h * .86))
            frame.center = (round(w * .5), round(h * .5))
            _court_frame(s, rank, suit, frame)
        else:
            draw_suit(s, suit, (w * .56, h * .56), h * .36)
        _index(s, label, suit, corner, w, h)
        if not badge:  # the same index upside down in the far corner, as on a real card
            turned = pygame.Surface((w, h), pygame.SRCALPHA)
            _index(turned, label, suit, corner, w, h)
            turned = pygame.transform.rotate(turned, 180)
            corner_rect = pygame.Rect(round(w * .6), round(h * .55), w - round(w * .6),
                                      h - round(h * .55))
            s.blit(turned, corner_rect, corner_rect)
    if badge:
        bw = max(16, int(w * .36))
        bh = max(12, int(h * .16))
        b = pygame.Rect(w - bw - w * .06, h - bh - h * .04, bw, bh)
        pygame.draw.rect(s, theme.INK, b, border_radius=bh // 2)
        text.blit(s, badge, max(8, int(bh * .72)), theme.SPARK, b.center, "center", bold=True)
    return s.convert_alpha() if pygame.display.get_surface() else s


def _index(s: pygame.Surface, label: str, suit: str, corner: int, w: int, h: int) -> None:
    """A corner index: the rank over a small suit symbol, in the top-left corner."""
    col = suit_colour(suit)
    x = w * .2 if label == "10" else w * .13
    r = text.blit(s, label, corner, col, (x, h * .12), "center", bold=True)
    pip_y = h * .12 + corner * .95
    if label in ("6", "9"):  # underlined, so the upside-down corner never reads 9 for 6
        # under the digit's own ink (the font's box runs lower), thick enough to see at a
        # 1024x576 window (0.8 screen px a canvas px: a 2 px bar vanished there)
        ink = text.render(label, corner, col, bold=True).get_bounding_rect().move(r.topleft)
        bar = underline_px(corner)
        pygame.draw.rect(s, col, (ink.x, ink.bottom + 1, ink.w, bar))
        pip_y += bar  # the pip steps down clear of the bar
    draw_suit(s, suit, (w * .13, pip_y), corner * .62)


def underline_px(corner: int) -> int:
    """The thickness of a 6's or 9's corner underline for an index `corner` pixels tall: at
    least 3 canvas px (2 screen px at a 1024x576 window)."""
    return max(3, round(corner / 6))


@lru_cache(maxsize=32)
def back(w: int, h: int, accent: tuple[int, int, int] = theme.FUSE) -> pygame.Surface:
    """The house card back: ink navy, a diagonal lattice and the Kaboom! burst."""
    radius = max(4, w // 9)
    s = _rounded((w, h), theme.INK_2, PAPER, radius)
    inner = pygame.Rect(0, 0, w - max(6, w // 8), h - max(6, w // 8))
    inner.center = (w // 2, h // 2)
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    step = max(6, w // 7)
    for i in range(-inner.h, inner.w + inner.h, step):
        pygame.draw.line(pattern, (*theme.LINE, 255), (i, 0), (i + inner.h, inner.h), 1)
        pygame.draw.line(pattern, (*theme.LINE, 255), (i, inner.h), (i + inner.h, 0), 1)
    s.blit(pattern, inner)
    pygame.draw.rect(s, accent, inner, max(1, w // 40), border_radius=max(3, radius - 3))
    burst(s, (w / 2, h / 2), w * .3, w * .17, 10, accent, .1)
    burst(s, (w / 2, h / 2), w * .19, w * .11, 10, theme.SPARK, .35)
    return s.convert_alpha() if pygame.display.get_surface() else s


@lru_cache(maxsize=8)
def slot(w: int, h: int) -> pygame.Surface:
    """An empty place on the table where a card was."""
    radius = max(4, w // 9)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (255, 255, 255, 28), s.get_rect(), 2, border_radius=radius)
    return s
