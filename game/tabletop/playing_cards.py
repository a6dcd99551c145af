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
from game.ui.draw import burst

RED = (206, 44, 62)
BLACK = (28, 30, 44)
PAPER = (252, 248, 238)
PAPER_EDGE = (214, 204, 186)
RANK_LABELS = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K", "X": "★"}


def suit_colour(suit: str) -> tuple[int, int, int]:
    return RED if suit in ("H", "D", "R") else BLACK


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


@lru_cache(maxsize=256)
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
        text.blit(s, label, corner, col, (w * .16 if label != "10" else w * .2, h * .13),
                  "center", bold=True)
        draw_suit(s, suit, (w * .16, h * .13 + corner * .95), corner * .62)
        if rank in "JQK":
            inner = pygame.Rect(0, 0, int(w * .56), int(h * .6))
            inner.center = (int(w * .55), int(h * .55))
            pygame.draw.rect(s, (246, 236, 214), inner, border_radius=radius // 2)
            pygame.draw.rect(s, col, inner, max(1, w // 45), border_radius=radius // 2)
            text.blit(s, label, int(h * .36), col, inner.center, "center", bold=True)
            draw_suit(s, suit, (inner.centerx, inner.bottom - h * .07), h * .1)
        else:
            draw_suit(s, suit, (w * .56, h * .56), h * .36)
    if badge:
        bw = max(16, int(w * .36))
        bh = max(12, int(h * .16))
        b = pygame.Rect(w - bw - w * .06, h - bh - h * .04, bw, bh)
        pygame.draw.rect(s, theme.INK, b, border_radius=bh // 2)
        text.blit(s, badge, max(8, int(bh * .72)), theme.SPARK, b.center, "center", bold=True)
    return s.convert_alpha() if pygame.display.get_surface() else s


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
