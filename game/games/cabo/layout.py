"""Where everything sits on the Kaboom! cards table for 2-6 players (geometry only).

The home seat (the single human, or the first human, or seat 0) sits at the bottom and the others
follow clockwise: left, top, right. Every grid is drawn upright, far row on top (slots 0-1) and
near row below (slots 2-3), so "top-left" in the move log is top-left on screen for every seat.
Penalty cards add columns on the side with room, packed closer when a grid gets long.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

SCREEN = (1280, 720)
TABLE = pygame.Rect(8, 8, 984, 652)  # the wooden rim's outer edge
FELT = TABLE.inflate(-28, -28)
SIDEBAR = pygame.Rect(1002, 8, 270, 652)
BAR = pygame.Rect(8, 668, 1264, 46)
CENTRE = (500, 316)
PLATE_H = 40
PLATE_GAP = 6
PLATE_W = 176
BUTTON_H = 36
CARD_SIZES = {2: (60, 84, 8), 3: (60, 84, 8), 4: (60, 84, 8), 5: (56, 78, 7), 6: (52, 73, 6)}


@dataclass(frozen=True)
class Spot:
    """A place at the table: the centre of its starting 2x2 grid and how the grid grows."""

    name: str
    side: str  # bottom | top | left | right: where the owner sits
    cx: float
    cy: float
    grow: int  # +1: extra columns to the right, -1: to the left
    max_w: int  # widest the grid may get
    hand: int  # the drawn card is held on this side of the grid (-1 left, +1 right)

    @property
    def facing(self) -> tuple[float, float]:
        """Unit vector from the grid toward its owner."""
        return {"bottom": (0.0, 1.0), "top": (0.0, -1.0), "left": (-1.0, 0.0),
                "right": (1.0, 0.0)}[self.side]


ARRANGEMENTS: dict[int, tuple[str, ...]] = {
    2: ("B", "T"),
    3: ("B", "TL", "TR"),
    4: ("B", "L", "T", "R"),
    5: ("B", "L", "TL", "TR", "R"),
    6: ("B", "LL", "LU", "T", "RU", "RL"),
}


def _spots(n: int) -> dict[str, Spot]:
    w, h, g = CARD_SIZES[n]
    half = (2 * h + g) / 2
    top_cy = FELT.y + 8 + PLATE_H + PLATE_GAP + half
    bottom_cy = FELT.bottom - 6 - half
    side_cy = CENTRE[1] + (PLATE_H + PLATE_GAP) / 2
    left_cx = FELT.x + 12 + PLATE_W / 2
    right_cx = FELT.right - 12 - PLATE_W / 2
    block = PLATE_H + PLATE_GAP + 2 * h + g
    stack_top = CENTRE[1] - (2 * block + 16) / 2
    upper_cy = stack_top + PLATE_H + PLATE_GAP + half
    lower_cy = upper_cy + block + 16
    return {
        "B": Spot("B", "bottom", CENTRE[0], bottom_cy, 1, 330, -1),
        "T": Spot("T", "top", CENTRE[0], top_cy, 1, 330, -1),
        "L": Spot("L", "left", left_cx, side_cy, 1, 250, 1),
        "R": Spot("R", "right", right_cx, side_cy, -1, 250, -1),
        "TL": Spot("TL", "top", CENTRE[0] - 190, top_cy, 1, 240, -1),
        "TR": Spot("TR", "top", CENTRE[0] + 190, top_cy, -1, 240, 1),
        "LU": Spot("LU", "left", left_cx, upper_cy, 1, 250, 1),
        "LL": Spot("LL", "left", left_cx, lower_cy, 1, 250, 1),
        "RU": Spot("RU", "right", right_cx, upper_cy, -1, 250, -1),
        "RL": Spot("RL", "right", right_cx, lower_cy, -1, 250, -1),
    }


class TableLayout:
    """Card size and every position for `n` players with `home` at the bottom."""

    def __init__(self, n: int, home: int = 0) -> None:
        if n not in ARRANGEMENTS:
            raise ValueError(f"the table seats 2-6 players, not {n}")
        self.n = n
        self.home = home
        self.card_w, self.card_h, self.gap = CARD_SIZES[n]
        spots = _spots(n)
        names = ARRANGEMENTS[n]
        self.spots: list[Spot] = [spots[names[(s - home) % n]] for s in range(n)]
        self.draw_pos = (CENTRE[0] - self.card_w // 2 - 20, CENTRE[1])
        self.discard_pos = (CENTRE[0] + self.card_w // 2 + 20, CENTRE[1])
        self.buttons_y = CENTRE[1] + self.card_h // 2 + 12

    # ---- grids

    def columns(self, count: int) -> int:
        return max(2, math.ceil(count / 2))

    def _step(self, seat: int, cols: int) -> float:
        natural = self.card_w + self.gap
        if cols <= 2:
            return natural
        room = self.spots[seat].max_w - (2 * self.card_w + self.gap)
        return min(natural, room / (cols - 2))

    def slot_pos(self, seat: int, slot: int, count: int = 4) -> tuple[float, float]:
        """Centre of the card in `slot` of a grid that has `count` slots."""
        sp = self.spots[seat]
        col, row = (slot % 2, slot // 2) if slot < 4 else (2 + (slot - 4) // 2, (slot - 4) % 2)
        natural = self.card_w + self.gap
        y = sp.cy + (row - 0.5) * (self.card_h + self.gap)
        if col < 2:
            return (sp.cx + (col - 0.5) * natural, y)
        step = self._step(seat, self.columns(count))
        if sp.grow > 0:
            return (sp.cx + natural / 2 + (col - 1) * step, y)
        return (sp.cx - natural / 2 - (col - 1) * step, y)

    def grid_rect(self, seat: int, count: int = 4) -> pygame.Rect:
        """The rectangle the grid's cards cover."""
        xs = [self.slot_pos(seat, s, max(count, 4))[0] for s in range(max(count, 4))]
        sp = self.spots[seat]
        h = 2 * self.card_h + self.gap
        r = pygame.Rect(0, 0, round(max(xs) - min(xs)) + self.card_w, h)
        r.x = round(min(xs) - self.card_w / 2)
        r.centery = round(sp.cy)
        return r

    def plate_rect(self, seat: int) -> pygame.Rect:
        """The seat's name plate, above the starting 2x2 grid."""
        sp = self.spots[seat]
        w = max(PLATE_W, 2 * self.card_w + self.gap)
        r = pygame.Rect(0, 0, w, PLATE_H)
        r.centerx = round(sp.cx)
        r.bottom = round(sp.cy - (2 * self.card_h + self.gap) / 2 - PLATE_GAP)
        return r

    def block_rect(self, seat: int, count: int = 4) -> pygame.Rect:
        """Plate and grid together: what a seat occupies on the table."""
        return self.plate_rect(seat).union(self.grid_rect(seat, count))

    def hand_pos(self, seat: int, count: int = 4) -> tuple[float, float]:
        """Where this seat holds a card it has drawn: beside its grid, on the open side."""
        sp = self.spots[seat]
        grid = self.grid_rect(seat, count)
        off = 16 + self.card_w / 2
        x = grid.right + off if sp.hand > 0 else grid.x - off
        return (x, sp.cy)

    def note_point(self, seat: int, count: int = 4) -> tuple[int, int]:
        """Where a word about a seat ("Last turn", "+2 penalty cards") starts to rise: under
        its plate, or under the grid for a seat at the top edge (it would rise off the felt)."""
        if self.spots[seat].side == "top":
            g = self.grid_rect(seat, count)
            return (g.centerx, g.bottom + 30)
        return self.plate_rect(seat).midbottom

    def piles_rect(self) -> pygame.Rect:
        """Both piles with the slap ring and its label around the discard pile."""
        r = pygame.Rect(0, 0, self.card_w, self.card_h)
        r.center = (round(self.draw_pos[0]), round(self.draw_pos[1]))
        d = r.copy()
        d.center = (round(self.discard_pos[0]), round(self.discard_pos[1]))
        return r.union(d).inflate(30, 44)

    def button_row(self, seat: int | None, width: int, counts: list[int] | None = None,
                   height: int = BUTTON_H) -> pygame.Rect:
        """Where a row of buttons for `seat`'s decision goes: beside that seat's own cards, in
        felt no seat, pile or held card uses (under the piles for the home seat, or when the
        table has no room by the seat)."""
        counts = counts or [4] * self.n
        centre = pygame.Rect(0, 0, width, height)
        centre.midtop = (CENTRE[0], self.buttons_y)
        if seat is None or self.spots[seat].side == "bottom":
            return centre
        block = self.block_rect(seat, counts[seat])
        side = self.spots[seat].side
        cands: list[pygame.Rect] = []
        below = pygame.Rect(0, block.bottom + 10, width, height)
        above = pygame.Rect(0, block.y - 10 - height, width, height)
        if side == "left":
            below.x = above.x = block.x
            cands += [below, above]
        elif side == "right":
            below.right = above.right = block.right
            cands += [below, above]
        else:  # top: beside the grid, level with it
            right = pygame.Rect(block.right + 16, 0, width, height)
            left = pygame.Rect(0, 0, width, height)
            left.right = block.x - 16
            right.centery = left.centery = block.centery + PLATE_H // 2
            cands += [right, left, below]
        blocked = [self.block_rect(p, counts[p]) for p in range(self.n)]
        blocked += [self.piles_rect()]
        for p in range(self.n):
            hand = pygame.Rect(0, 0, self.card_w + 8, self.card_h + 8)
            hx, hy = self.hand_pos(p, counts[p])
            hand.center = (round(hx), round(hy))
            blocked.append(hand)
        for r in cands:
            if FELT.contains(r) and r.collidelist(blocked) < 0:
                return r
        return centre

    def owner_point(self, seat: int, distance: float = 240) -> tuple[float, float]:
        """A point beyond the grid on the owner's side (where their slapping hand comes from)."""
        sp = self.spots[seat]
        fx, fy = sp.facing
        return (sp.cx + fx * distance, sp.cy + fy * distance)

    def peek_offset(self, seat: int, amount: float = 12) -> tuple[float, float]:
        """How far a card slides toward its owner when they look at it."""
        fx, fy = self.spots[seat].facing
        return (fx * amount, fy * amount)

    def pan(self, x: float) -> float:
        """Stereo pan for a sound made at screen x."""
        return max(-1.0, min(1.0, (x - CENTRE[0]) / 520))
