"""Where everything sits on the Kaboom! cards table for 2-6 players (geometry only).

The home seat (the single human, or the first human, or seat 0) sits at the bottom and the others
follow clockwise: left, top, right. Every grid is drawn upright, far row on top (slots 0-1) and
near row below (slots 2-3), so "top-left" in the move log is top-left on screen for every seat.
Penalty cards add columns on the side with room, packed closer when a grid gets long.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from game.app.menus.matchend import BAR_H
from game.tabletop.frame import BAR as BAR
from game.tabletop.frame import FELT as FELT
from game.tabletop.frame import SCREEN as SCREEN
from game.tabletop.frame import SIDEBAR as SIDEBAR
from game.tabletop.frame import TABLE as TABLE

CENTRE = (500, 356)
PLATE_H = 40
PLATE_GAP = 6
PLATE_W = 176
PLATE_SUBS = ("Keys (left)", "KABOOM!")
"""A plate's longest second lines, whole in any text size (larger text cut "Keys (le..."
and "KABO...")."""


def plate_width() -> int:
    """A name plate's width in the current text size: PLATE_W, or wide enough for the marker,
    a second line of PLATE_SUBS and a two-digit total with "pts" (as `hud.plate_surface`
    lays them out)."""
    from game.ui import text

    sub = max(text.render(w, 12, (0, 0, 0), w.isupper()).get_width() for w in PLATE_SUBS)
    total = text.render("-10", 22, (0, 0, 0), True).get_width()
    pts = text.render("pts", 11, (0, 0, 0)).get_width()
    content = 38 + sub + 8 + total + 3 + pts + 8
    # PLATE_W is the normal size's (its plates shorten a long line their own way): the plate
    # grows by what the text grew, so every line fits whole as it did at the normal size
    return max(PLATE_W, round(PLATE_W + content - content / text.scale()))
BUTTON_H = 36
CARD_SIZES = {2: (64, 90, 8), 3: (64, 90, 8), 4: (64, 90, 8), 5: (58, 81, 7), 6: (52, 73, 6)}
SLAP_BURST_W = 150  # a SLAP! burst's width
SLAP_BURST_TALL = 0.75  # its height over its width (the star's rays)
PAD_W, PAD_H = 184, 236  # a two-player table's score pad
NOTE_W = 170  # the widest word that rises by a seat ("+2 penalty cards", "Nothing to slap")
NOTE_H = 24  # its height
NOTE_RISE = 46  # how far it rises (`game.tabletop.effects.FloatText.rise`)
NOTE_NUDGES = sorted(((dx, dy) for dx in (0, -60, 60, -120, 120, -180, 180)
                      for dy in (0, 44, -44, 88, -88) if dx or dy),
                     key=lambda d: abs(d[0]) + abs(d[1]))
"""Moves of a word's places, nearest first, tried before it may cross a button (a button
row's height and more, and sideways)."""
WIN_BURST_WIDTHS = (420, 380, 340, 300, 270, 240)
"""Widths the match's win burst may take, widest first (`TableLayout.win_burst_place`)."""
WIN_BURST_TALL = 0.62
"""A comic burst's height over its width (`game.tabletop.effects.comic_burst`)."""
END_CLEAR = SCREEN[1] - 8 - BAR_H - 8
"""At the match's end the home plate and cards end above this line: the kit's end bar
(`game.app.menus.matchend`, BAR_H tall, 8 px off the screen's foot) and its 8 px margin."""


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
    bottom_cy = FELT.bottom - 8 - half  # the home plate sits beside this grid, not over it
    side_cy = CENTRE[1] + (PLATE_H + PLATE_GAP) / 2
    left_cx = FELT.x + 12 + PLATE_W / 2
    right_cx = FELT.right - 12 - PLATE_W / 2
    block = PLATE_H + PLATE_GAP + 2 * h + g
    stack_top = CENTRE[1] - (2 * block + 16) / 2
    upper_cy = stack_top + PLATE_H + PLATE_GAP + half
    lower_cy = upper_cy + block + 16
    return {
        "B": Spot("B", "bottom", CENTRE[0] + 40, bottom_cy, 1, 300, 1),
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
        """The seat's name plate: above the starting 2x2 grid, or for the home seat at the
        bottom, left of it (the rows of felt it saves let every card be bigger). Larger text
        grows it (`plate_width`), inside the felt."""
        sp = self.spots[seat]
        w = max(plate_width(), 2 * self.card_w + self.gap)
        r = pygame.Rect(0, 0, w, PLATE_H)
        if sp.side == "bottom":
            r.w = plate_width()
            r.right = round(sp.cx - (2 * self.card_w + self.gap) / 2 - 14)
            r.bottom = round(sp.cy + (2 * self.card_h + self.gap) / 2)
            return r.clamp(FELT.inflate(-8, -8))
        r.centerx = round(sp.cx)
        r.bottom = round(sp.cy - (2 * self.card_h + self.gap) / 2 - PLATE_GAP)
        return r.clamp(FELT.inflate(-8, -8))

    def block_rect(self, seat: int, count: int = 4) -> pygame.Rect:
        """Plate and grid together: what a seat occupies on the table."""
        return self.plate_rect(seat).union(self.grid_rect(seat, count))

    def seat_rects(self, seat: int, count: int = 4) -> list[pygame.Rect]:
        """The seat's plate and its cards' rectangle: what nothing else may cover (the felt
        between them, over the home seat's plate, is free)."""
        return [self.plate_rect(seat), self.grid_rect(seat, count)]

    def lift_home(self, bottom: int, count: int = 4) -> bool:
        """Move the home seat up until its plate and cards end at `bottom` or above (the
        match's end bar covers the screen's foot); True if it moved."""
        for seat, sp in enumerate(self.spots):
            if sp.side != "bottom":
                continue
            over = max(self.plate_rect(seat).bottom, self.grid_rect(seat, count).bottom) - bottom
            if over > 0:
                self.spots[seat] = replace(sp, cy=sp.cy - over)
                return True
        return False

    def hand_pos(self, seat: int, count: int = 4) -> tuple[float, float]:
        """Where this seat holds a card it has drawn: beside its grid, on the open side."""
        sp = self.spots[seat]
        grid = self.grid_rect(seat, count)
        off = 16 + self.card_w / 2
        x = grid.right + off if sp.hand > 0 else grid.x - off
        return (x, sp.cy)

    def note_path(self, x: float, y: float, width: int = NOTE_W,
                  height: int = NOTE_H) -> pygame.Rect:
        """The felt a word `height` tall rising from (x, y) sweeps over (`FloatText`: it rises
        NOTE_RISE)."""
        r = pygame.Rect(0, 0, width, NOTE_RISE + height)
        r.midbottom = (round(x), round(y + height / 2))
        return r

    def _taken(self, counts: list[int] | None = None) -> list[pygame.Rect]:
        """What a word or a button must not cover: every seat's plate and grid, both piles
        with the slap ring, where each seat holds a drawn card, and a score pad."""
        counts = counts or [4] * self.n
        taken = [self.block_rect(p, counts[p]) for p in range(self.n)]
        for p in range(self.n):  # the home seat's plate and cards, not the felt over its plate
            if self.spots[p].side == "bottom":
                taken[p] = self.grid_rect(p, counts[p])
                taken.append(self.plate_rect(p))
        taken.append(self.piles_rect())
        for p in range(self.n):
            hand = pygame.Rect(0, 0, self.card_w + 8, self.card_h + 8)
            hx, hy = self.hand_pos(p, counts[p])
            hand.center = (round(hx), round(hy))
            taken.append(hand)
        pad = self.score_pad_rect()
        if pad is not None:
            taken.append(pad)
        return taken

    def note_point(self, seat: int, count: int = 4, width: int = NOTE_W,
                   avoid: Sequence[pygame.Rect] = (),
                   counts: Sequence[int] = (), height: int = NOTE_H) -> tuple[int, int]:
        """Where a word about a seat ("Last turn", "+2 penalty cards", "Nothing to slap")
        starts to rise: in free felt beside the seat's plate and grid, never over a card, a
        plate or a pile (beside the block for a seat at the top or bottom, under or over it
        for a seat at a side), and off the `avoid` rects (the buttons showing) when it can."""
        # every seat's grid as it lies (a grid grown by penalty cards reaches further)
        counts = [max(4, c) for c in counts] if len(counts) == self.n else [4] * self.n
        counts[seat] = max(4, count)
        block = self.block_rect(seat, counts[seat])
        side = self.spots[seat].side
        gap = 8 + width // 2
        beside = [(block.right + gap, block.centery + NOTE_RISE // 2),
                  (block.x - gap, block.centery + NOTE_RISE // 2)]
        out = 1 if block.centerx >= CENTRE[0] else -1  # away from the table's middle
        under = [(block.centerx + out * k, block.bottom + NOTE_RISE + NOTE_H)
                 for k in (0, 90, 180)]
        over = [(block.centerx + out * k, block.y - NOTE_H) for k in (0, 90, 180)]
        if side == "bottom":  # the home plate sits left of the cards: over the plate first
            plate = self.plate_rect(seat)
            over = [(plate.centerx + k, plate.y - NOTE_H) for k in (0, -60)] + over
        cands = beside + under + over if side in ("top", "bottom") else \
            under + over + beside
        taken = self._taken(counts)
        # every plate counts as a card: on a couch with large text the long "SPACE asks for
        # the next card once this one lands" crossed two seats' plates and scores
        cards = [self.grid_rect(p, counts[p]) for p in range(self.n)] + \
            [self.plate_rect(p) for p in range(self.n)] + taken[self.n:]
        # then the same places moved a little (nearest first), before a word may cross a
        # button: a couch player's "Sure? Kaboom! again to call" rose under their own Kaboom!
        # and Draw buttons (every place beside their cards was under a button), unread
        moved = [(x + dx, y + dy) for dx, dy in NOTE_NUDGES for x, y in cands]
        # a button covered "Too late for the 5 of diamonds: no penalty" in a real window
        for keep_off, places in ((taken + list(avoid), cands), (cards + list(avoid), cands),
                                 (taken + list(avoid), moved), (cards + list(avoid), moved),
                                 (taken, cands), (cards, cands)):  # a crowded table lets a
            # word cross a plate, then a button, never a card
            for x, y in places:
                path = self.note_path(x, y, width, height)
                if FELT.contains(path) and path.collidelist(keep_off) < 0:
                    return (round(x), round(y))
        piles = self.piles_rect()
        cands += [(x + dx, y) for x, y in cands for dx in (-120, 120)] + moved

        def covered(c: tuple[float, float]) -> int:  # card area a sweep from c would cross
            # never over the piles and the draw pile's count ("Next card when Ben is ready"
            # sat on them): what a crowded table gives up last; a button counts four times
            # (a word goes under it, unread: a couch player's Kaboom! question rose under his
            # Kaboom! button on a six-seat table), a card once (the word is read over it)
            path = self.note_path(c[0], c[1], width, height)
            return sum((path.clip(r).w * path.clip(r).h) for r in cards) + \
                4 * sum((path.clip(r).w * path.clip(r).h) for r in avoid) + \
                (0 if FELT.contains(path) else 10**6) + \
                (10**5 if path.colliderect(piles) else 0)

        x, y = min(cands, key=covered)  # a long grid on a crowded table: the least covered
        return (round(x), round(y))

    def word_point(self, width: int = 130, counts: Sequence[int] = ()) -> tuple[int, int]:
        """Where a word about the piles ("Match!", "Power!", "Swap!") rises: in free felt
        beside the piles (right of the discard first, above the banner's line), clear of every
        seat's cards, plates and held cards."""
        piles = self.piles_rect()
        right = piles.right + width // 2 + 6
        left = piles.x - width // 2 - 6
        above = piles.y + NOTE_RISE // 2
        below = piles.bottom + NOTE_RISE + NOTE_H // 2
        # a little further out before the far side: on a 3-seat table the first place's rise
        # crossed a top seat's cards and the next one clipped the home cards by 3 px, and
        # "Power!" rose by the home plate, far from the card it was about
        cands = [(right + dx, above) for dx in (0, 24, 48)] + \
            [(right + dx, below) for dx in (0, 24, 48)] + \
            [(left, above), (left, below), (piles.centerx, piles.y - NOTE_H // 2),
             (right, piles.centery), (left, piles.centery)]
        # every seat's grid as it lies ("Swap!" rose over the home seat's fifth card)
        taken = self._taken([max(4, c) for c in counts] if len(counts) == self.n else None)
        for x, y in cands:
            path = self.note_path(x, y, width)
            if FELT.contains(path) and path.collidelist(taken) < 0:
                return (x, y)
        return cands[0]

    def peek_pos(self, seat: int, looker: int, count: int = 4, lift: float = 16,
                 slot: int = 0) -> tuple[float, float]:
        """Where a card of `seat`'s grid rests while `looker` peeks at it: slid a little toward
        the looker, lifted by `lift`, but never up over its owner's name plate."""
        x, y = self.slot_pos(seat, slot, count)
        dx, dy = self.peek_offset(looker, 12)
        x, y = x + dx, y + dy
        top = y - lift - self.card_h / 2  # where the lifted card's top edge is drawn
        floor = self.plate_rect(seat).bottom + 3 if self.spots[seat].side != "bottom" else 0
        row = slot // 2 if slot < 4 else (slot - 4) % 2
        if row == 1:
            # a near-row card stays off the far row above it (the opponents' peeked cards
            # rose over their own far row in the deal)
            above = self.slot_pos(seat, slot - 2 if slot < 4 else slot - 1, count)[1]
            floor = max(floor, round(above + self.card_h / 2 + 2))
        if top < floor:
            y += floor - top
        return (x, y)

    def slap_burst_pos(self, seat: int, width: int = SLAP_BURST_W,
                       avoid: Sequence[pygame.Rect] = ()) -> tuple[float, float]:
        """Where a seat's SLAP! burst pops: by its name plate on felt that no plate, grid or
        pile uses, never over the name (it covered a top seat's name and was cut at the
        screen's top), nor over the `avoid` rects (buttons). Beside the plate on the table's side
        first, then a little lower, then above the plate."""
        plate = self.plate_rect(seat)
        half_w, half_h = width / 2 + 6, width * SLAP_BURST_TALL / 2
        side = plate.right + half_w if CENTRE[0] >= plate.centerx else plate.left - half_w
        if self.spots[seat].side == "bottom":
            side = plate.left - half_w  # right of the home plate are its own cards
        spots = [(side, plate.centery), (side, plate.centery + half_h),
                 (side, plate.centery - half_h), (plate.centerx, plate.top - half_h - 4),
                 (plate.centerx, plate.bottom + half_h + 4)]
        # further out along the table's side, then above any buttons by the plate (the home
        # seat's "Don't flip" row stands beside and above its plate)
        out = -1 if side < plate.centerx else 1
        spots += [(side + out * k * half_w, plate.centery - j * half_h)
                  for j in (0, 1, 2) for k in (1, 2, 3)]
        above = min((r.top for r in avoid if r.colliderect(plate.inflate(600, 200))),
                    default=plate.top)
        spots += [(side, above - half_h - 4), (plate.centerx, above - half_h - 4)]
        taken = [self.plate_rect(s) for s in range(self.n)] + \
            [self.grid_rect(s) for s in range(self.n)] + [self.piles_rect(), *avoid]
        placed: list[tuple[float, float]] = []
        for x, y in spots:
            x = min(max(x, FELT.x + half_w), FELT.right - half_w)
            y = min(max(y, FELT.y + half_h + 4), FELT.bottom - half_h - 4)
            box = pygame.Rect(0, 0, width, round(width * SLAP_BURST_TALL))
            box.center = (round(x), round(y))
            if box.collidelist(taken) < 0:
                return (x, y)
            placed.append((x, y))
        return placed[0]

    def win_burst_place(self, counts: Sequence[int], avoid: Sequence[pygame.Rect] = (),
                        widths: Sequence[int] = WIN_BURST_WIDTHS) -> tuple[tuple[int, int], int]:
        """Where the match's "YOU WIN!" burst pops, and how wide: the widest of `widths` whose
        box (a comic burst is 0.62 as tall as wide) fits on the felt, above the end bar, over
        no seat's cards or name plate nor the `avoid` rects, nearest the table's middle (it
        was drawn over the top seat's hand). Clear of the piles and the score pad too where
        it can be; else the piles may be covered (the match is over), never the winner's
        banner beside them where there is room."""
        seats = [r for s in range(self.n) for r in self.seat_rects(s, counts[s])]
        pad = self.score_pad_rect()
        room = pygame.Rect(FELT.x + 6, FELT.y + 6, FELT.w - 12, END_CLEAR - FELT.y - 6)
        tidy = [self.piles_rect(), *([pad] if pad is not None else [])]
        # the winner's banner goes right of the piles (`TableView._win_banner`): off it if we can
        banner = pygame.Rect(round(self.discard_pos[0] + self.card_w / 2) + 24,
                             CENTRE[1] - 40, 300, 80)
        passes = [(w, seats + tidy + list(avoid)) for w in widths if w >= 300]
        passes += [(w, seats + [banner] + list(avoid)) for w in widths]
        passes += [(w, seats + list(avoid)) for w in widths]
        for width, taken in passes:
            h = round(width * WIN_BURST_TALL)
            best: tuple[float, pygame.Rect] | None = None
            for y in range(room.y, room.bottom - h + 1, 6):
                for x in range(room.x, room.right - width + 1, 6):
                    box = pygame.Rect(x, y, width, h)
                    if box.collidelist(taken) >= 0:
                        continue
                    d = math.hypot(box.centerx - CENTRE[0], box.centery - CENTRE[1])
                    if best is None or d < best[0]:
                        best = (d, box)
            if best is not None:
                return best[1].center, width
        # nowhere clear (never at 2-6 seats): the smallest, over the seats' cards the least
        width = widths[-1]
        box = pygame.Rect(0, 0, width, round(width * WIN_BURST_TALL))
        box.center = CENTRE
        return box.center, width

    def score_pad_rect(self) -> pygame.Rect | None:
        """Where a two-player table's score pad lies: the felt's top right, right of the far
        seat's grid at its widest, above the news beside the piles (None for more seats, whose
        places use that felt)."""
        if self.n != 2:
            return None
        r = pygame.Rect(0, 0, PAD_W, PAD_H)
        r.topright = (FELT.right - 14, FELT.y + 14)
        return r

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
        spot = self.button_spot(seat, width, counts, height)
        if spot is not None:
            return spot
        centre = pygame.Rect(0, 0, width, height)
        centre.midtop = (CENTRE[0], self.buttons_y)
        return centre

    def button_spot(self, seat: int | None, width: int, counts: list[int] | None = None,
                    height: int = BUTTON_H) -> pygame.Rect | None:
        """Free felt of this size by `seat`'s own cards (the home seat: over its plate, else
        under the piles), or None when there is none there (a row too wide for the seat's
        side: the caller may stack the buttons instead)."""
        counts = counts or [4] * self.n
        centre = pygame.Rect(0, 0, width, height)
        centre.midtop = (CENTRE[0], self.buttons_y)
        if seat is None or self.spots[seat].side == "bottom":
            # the home seat's buttons: over its plate, left of its cards (under the piles
            # when a crowded table has a seat there)
            home = next(p for p in range(self.n) if self.spots[p].side == "bottom")
            plate = self.plate_rect(home)
            over = pygame.Rect(0, 0, width, height)
            over.bottomright = (plate.right, plate.y - 10)
            # between rounds on a crowded table: right of the home cards, at the felt's foot
            # (under where a drawn card is held), before under the piles, where the round's
            # scores stand (six seats' buttons covered the panel's last rows)
            beside = pygame.Rect(0, 0, width, height)
            beside.bottomleft = (self.grid_rect(home, counts[home]).right + 12, FELT.bottom - 4)
            blocked = self._taken(counts)
            for r in (over, beside, centre) if seat is None else (over,):
                if FELT.contains(r) and r.collidelist(blocked) < 0:
                    return r
            return None if seat is not None else centre
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
            below.centerx = block.centerx
            over = pygame.Rect(0, 0, width, height)  # over the piles, on the seat's side
            over.midbottom = (CENTRE[0], self.piles_rect().y - 8)
            piles = self.piles_rect()
            by_piles = pygame.Rect(0, 0, width, height)  # left of the piles (the news banner
            by_piles.midright = (piles.x - 12, piles.centery)  # takes their right side)
            hand = pygame.Rect(0, 0, self.card_w + 8, self.card_h + 8)  # the held card
            hand.center = tuple(round(v) for v in self.hand_pos(seat, counts[seat]))
            beyond = left.copy()  # past the card the seat holds up beside its grid
            beyond.right = min(left.right, hand.x - 12)
            under_l, under_r = below.copy(), below.copy()  # under the grid, clear of the piles
            under_l.right, under_r.x = block.right, block.x
            # under the grid on its own side of the piles: a grid grown by penalty cards
            # reaches over the piles, and its buttons went left of them, far from the seat's
            # drawn card (a stranger hunted for them)
            clear = below.copy()
            if block.centerx >= CENTRE[0]:
                clear.x = max(block.x, piles.right + 12)
            else:
                clear.right = min(block.right, piles.x - 12)
            cands += [right, left, beyond, below, under_l, under_r, clear, over, by_piles]
        blocked = self._taken(counts)
        for r in cands:
            if FELT.contains(r) and r.collidelist(blocked) < 0:
                return r
        return None

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
