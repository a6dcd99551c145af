"""Where everything sits on the Kaboom! Explosive table for 2-5 players (geometry only).

The seat whose hand the screen shows (the lone human, the couch player behind the curtain, or seat
0 at an AI-only table) sits at the bottom: its walls and plate at the bottom left, its hand as a
fan beside them. The others follow clockwise (left, top, right), each with a zone: a name plate
over a row of walls, characters and badges at the row's end. The middle of the felt is the
stage: the card on its way, with the arrow from its sender to its target, the piles under it and
the buttons of the decision the table waits on.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.tabletop.frame import BAR as BAR
from game.tabletop.frame import FELT as FELT
from game.tabletop.frame import SCREEN as SCREEN
from game.tabletop.frame import SIDEBAR as SIDEBAR
from game.tabletop.frame import TABLE as TABLE

CENTRE = (492, 262)
PLATE_H = 40
ZONE_W = 300
ZONE_H = 122
WALL_W, WALL_H = 40, 54
WALL_GAP = 8
"""With a wall 40 wide, a step of 48: each wall's clickable column is TARGET_MIN wide."""
TOKEN = 46
HAND_W, HAND_H = 100, 140
STAGE_W, STAGE_H = 100, 140
PILE_W, PILE_H = 72, 100
MINI_W, MINI_H = 72, 100
LOOK_W, LOOK_H = 100, 140
"""The Twist of Fate's cards: large enough for their rule lines (at 72x100 a face has none)."""
LOOK_NARROW_W, LOOK_NARROW_H = 76, 108
"""Their size at four or five players, between the side seats: the least with a rule line."""


def look_size(wide: bool) -> tuple[int, int]:
    """The Twist of Fate's card size: large at a table of up to three, narrower between the
    side seats of a fuller one (pointing at a card still shows it large in the preview)."""
    return (LOOK_W, LOOK_H) if wide else (LOOK_NARROW_W, LOOK_NARROW_H)
BUTTON_H = 48
"""Buttons are at least TARGET_MIN tall (a playtester missed 36 px ones)."""
TARGET_MIN = 48
"""The least width and height of anything to click at 1280x720 (a stranger missed 35 px
walls): a wall's clickable area reaches to the midpoints with its neighbours and past its ends."""
BUTTONS_Y = 420
SIDE_Y = 210
"""The top of the left and right seats' zones (clear of the raised home zone under them)."""
PREVIEW_W, PREVIEW_H = 250, 350
PREVIEW = pygame.Rect(SIDEBAR.x + (SIDEBAR.w - PREVIEW_W) // 2, SIDEBAR.bottom - PREVIEW_H - 8,
                      PREVIEW_W, PREVIEW_H)
"""The large preview of the hovered or focused card: in the sidebar's reading panel, beside
the fan's right end, where it covers none of the table's targets and not the move log (its rule
line is drawn at 16 px or more)."""
PREVIEW_SIZES = ((PREVIEW_W, PREVIEW_H), (230, 322), (210, 294), (190, 266), (170, 238))
"""The preview's card sizes, largest first (`preview_rect`): the full size wherever the log
over it keeps its least rows (`view.LOG_MIN_ROWS`), a little smaller where it would not (larger
text: a stranger's log shrank to two entries beside the card). Never down to a hand card's
size (its words at 12 px, which strangers could not read)."""


def preview_rect(size: tuple[int, int]) -> pygame.Rect:
    """The preview card of `size`, centred in the sidebar, resting on its foot."""
    w, h = size
    return pygame.Rect(SIDEBAR.x + (SIDEBAR.w - w) // 2, SIDEBAR.bottom - h - 8, w, h)


NOTE_H = 56
"""The note over the preview: two lines (three smaller), so the log above keeps its room."""
READING = pygame.Rect(SIDEBAR.x, PREVIEW.y - NOTE_H, SIDEBAR.w,
                      SIDEBAR.bottom - PREVIEW.y + NOTE_H)
"""The sidebar's reading panel: a note over the preview; the facts when no card is pointed
at."""
LOG_RECT = pygame.Rect(SIDEBAR.x, SIDEBAR.y + 58, SIDEBAR.w, READING.y - 6 - SIDEBAR.y - 58)
"""The move log in the sidebar while a card is previewed: over the reading panel, so the
newest moves stay in sight beside the card being read (seven lines, of moves only)."""
NOTE_ROOM = 4 * 17 + 5
"""The tallest note over the preview the log above it leaves room for (four lines at 13 px,
`view.note_layout`): the log's height over a preview does not change with what is pointed at."""
HINT_H = 48
"""The one-line "point at a card" hint under the tall log."""
LOG_TALL = pygame.Rect(LOG_RECT.x, LOG_RECT.y, LOG_RECT.w,
                       SIDEBAR.bottom - 142 - 12 - HINT_H - LOG_RECT.y)
"""The move log while no card is pointed at: down to the hint over the table facts (142 px),
so a dozen and more recent moves read at once; the preview takes the lower part back only
while something is pointed at."""
DRAG_SLOP = 14
"""How far (px) the mouse must move while held for a picked card to count as dragged."""
WIDE_TOP_W = 460
"""With two players the one enemy's zone across the top is this wide (the felt is free)."""
DUEL_HAND_W, DUEL_HAND_H = 116, 162
"""With two or three players the middle of the felt is free: the hand's cards are this large,
so their titles and rule lines read without pointing at them, eight of them side by side."""
WIDE_HAND_MAX = 3
"""Tables of up to this many players seat nobody at the sides: the home zone rises to the left
and the hand's large cards span the felt (a couch playtester found the small fan cramped)."""
DUEL_BUTTONS_Y = 396
"""With two players the buttons sit higher, over the larger lifted cards."""
SMALL_HAND_W, SMALL_HAND_H = 88, 123
"""A long hand's cards (ten and more): every title still whole, side by side."""
HAND_OVERLAP = 5
"""The most (px) a hand's card may hide of its neighbour before the hand takes the next smaller
card size: a nine-card duel hand of large cards hid 18 px of each ("Flaming Arro")."""
MIN_WALL_W = 28
"""Walls shrink evenly down to this width before they overlap (a crowded row stays readable)."""
STACK_OFFSET = 3
"""How far each card behind a stack's top wall shows (up and right): two at most."""


@dataclass(frozen=True)
class WallSlot:
    """One place in a walls row: a single wall, or a stack of `count` identical walls (one kind)
    drawn as offset cards with a "×N" badge. `first` is the index in the seat's walls of the
    slot's first wall; `rect` the slot's whole footprint, `card` where its top wall is drawn."""

    first: int
    count: int
    rect: pygame.Rect
    card: pygame.Rect

ARRANGEMENTS: dict[int, tuple[str, ...]] = {
    2: ("B", "T"),
    3: ("B", "TL", "TR"),
    4: ("B", "L", "T", "R"),
    5: ("B", "L", "TL", "TR", "R"),
}


@dataclass(frozen=True)
class Zone:
    """One seat's place: the plate over the walls row, and where the table meets it."""

    name: str
    side: str  # bottom | left | top | right
    rect: pygame.Rect

    @property
    def plate(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y, self.rect.w, PLATE_H)

    @property
    def row(self) -> pygame.Rect:
        """The walls row (walls from the left, characters and badges from the right)."""
        return pygame.Rect(self.rect.x + 4, self.rect.y + PLATE_H + 8, self.rect.w - 8,
                           WALL_H + 12)

    @property
    def anchor(self) -> tuple[float, float]:
        """Where an arrow aimed at this seat ends (the side of the zone facing the stage),
        clear of its name plate: the bottom seat's just over its plate's top edge (an arrow
        ending on the plate hid the name of the seat it aimed at)."""
        r = self.rect
        return {"bottom": (r.centerx + 40, r.y - 10), "top": (r.centerx, r.bottom - 4),
                "left": (r.right - 6, r.centery + 10),
                "right": (r.x + 6, r.centery + 10)}[self.side]

    @property
    def source(self) -> tuple[float, float]:
        """Where an arrow this seat sends starts: on its name plate, at the plate's edge
        facing the stage (an attack arrow's first frame began at the side of the zone and
        crossed the draw pile before it reached the attacker's name)."""
        p = self.plate
        return {"bottom": (p.centerx, p.y), "top": (p.centerx, p.bottom),
                "left": (p.right, p.centery), "right": (p.x, p.centery)}[self.side]


ARROW_HEAD = 24.0
"""The length of a targeting arrow's head: short enough to fit between a wall's top and the
name plate over it, so the head aimed at a wall never covers the seat's name or counts."""


def wall_tip(wall: pygame.Rect, start: tuple[float, float]) -> tuple[float, float]:
    """Where an arrow from `start` aimed at a wall ends: from below, on its lower edge; from
    above, a little into its top, so the whole head lies in the gap under the seat's name
    plate at any angle (at the wall's top edge the head reached 16 px into the plate, over the
    seat's name; the shaft passes behind the plate)."""
    if start[1] > wall.bottom:
        return (wall.centerx, wall.bottom - 6)
    return (wall.centerx, wall.y + 18)


def _zones() -> dict[str, pygame.Rect]:
    top_y = FELT.y + 8
    side_y = SIDE_Y
    left_x = FELT.x + 8
    right_x = FELT.right - 8 - ZONE_W
    return {
        "B": pygame.Rect(left_x, FELT.bottom - 8 - ZONE_H, ZONE_W, ZONE_H),
        "T": pygame.Rect(CENTRE[0] - ZONE_W // 2, top_y, ZONE_W, ZONE_H),
        "TL": pygame.Rect(CENTRE[0] - ZONE_W - 36, top_y, ZONE_W, ZONE_H),
        "TR": pygame.Rect(CENTRE[0] + 36, top_y, ZONE_W, ZONE_H),
        "L": pygame.Rect(left_x, side_y, ZONE_W, ZONE_H),
        "R": pygame.Rect(right_x, side_y, ZONE_W, ZONE_H),
    }


SIDES = {"B": "bottom", "T": "top", "TL": "top", "TR": "top", "L": "left", "R": "right"}


class TableLayout:
    """Every place on the table for `n` players with `home` at the bottom.

    `anchor`: the seats sit clockwise from `anchor`, whoever `home` is, and stay there: on a
    couch (anchor: the first person) only the hand in the fan at the bottom changes owner
    behind the pass curtain; every zone and plate keeps its place for the whole match (a
    stranger saw the two people's zones trade places every turn, then watchers saw Cleo
    jump left to right when the screen passed from Ana to Ben). `bottom`: the seat whose
    zone sits at the bottom, over the fan."""

    def __init__(self, n: int, home: int = 0, anchor: int | None = None) -> None:
        if n not in ARRANGEMENTS:
            raise ValueError(f"the table seats 2-5 players, not {n}")
        self.n = n
        self.home = home
        rects = _zones()
        names = ARRANGEMENTS[n]
        self.zones: list[Zone] = []
        if n == 2:
            rects["T"] = rects["T"].inflate(WIDE_TOP_W - ZONE_W, 0)
        base = home if anchor is None else anchor
        self.bottom = base
        for s in range(n):
            name = names[(s - base) % n]
            self.zones.append(Zone(name, SIDES[name], rects[name].copy()))
        cx, cy = CENTRE
        self.stage = (cx, cy + 20)
        self.wide = n <= WIDE_HAND_MAX
        """Whether the home hand is large and spans the felt (no seat sits at the sides)."""
        self.hand_sizes: tuple[tuple[int, int], ...] = (
            ((DUEL_HAND_W, DUEL_HAND_H),) if self.wide else ()) + (
            (HAND_W, HAND_H), (SMALL_HAND_W, SMALL_HAND_H))
        """The home hand's card sizes, largest first (`fit_hand` picks one for its length)."""
        self.hand_w, self.hand_h = self.hand_sizes[0]
        """The home hand's card size now (larger at a two- or three-player table, smaller for a
        long hand)."""
        self.buttons_y = DUEL_BUTTONS_Y if self.wide else BUTTONS_Y
        if self.wide:  # the home zone rises to the left of the stage; the hand fills the felt
            self.zones[base].rect.bottom = FELT.bottom - 6 - self.hand_h - 34
            left = FELT.x + 30  # room for the focused card to push its neighbours out
            right = FELT.right - 30
            self.fan_centre: tuple[float, float] = ((left + right) / 2,
                                                    FELT.bottom - 6 - self.hand_h / 2)
            self.fan_width = float(right - left)
            self.fan_spread = 0.0  # flat: no tilt to read across
            self.fan_pitch = (self.hand_w + 6) / 0.72
        else:  # the home zone rises over the left of the hand, which lies flat across the
            # felt: eight cards side by side, their rule lines uncovered (a keyboard or couch
            # player has no pointer to spread a fan; a playtester found the fan cramped)
            self.zones[base].rect.bottom = FELT.bottom - 6 - self.hand_h - 22
            left = FELT.x + 30
            right = FELT.right - 30
            self.fan_centre = ((left + right) / 2, FELT.bottom - 6 - self.hand_h / 2)
            self.fan_width = float(right - left)
            self.fan_spread = 0.0
            self.fan_pitch = (self.hand_w + 6) / 0.72
        """fan_layout spaces cards at 0.72 of the width it is given: at a two-player table it
        is given this wider pitch, so side by side cards barely overlap when the felt has room."""
        self.supply_pos = (cx - 112, cy + 20)
        self.discard_pos = (cx + 112, cy + 20)

    def fit_hand(self, count: int) -> bool:
        """Size the home hand's cards for `count` of them: the largest size at which side by
        side none hides more than HAND_OVERLAP px of its neighbour (the smallest past that).
        Whether the size changed."""
        fits = (size for size in self.hand_sizes if count <= 1
                or size[0] - (self.fan_width - size[0]) / (count - 1) <= HAND_OVERLAP)
        w, h = next(fits, self.hand_sizes[-1])
        changed = (w, h) != (self.hand_w, self.hand_h)
        self.hand_w, self.hand_h = w, h
        self.fan_centre = (self.fan_centre[0], FELT.bottom - 6 - h / 2)
        self.fan_pitch = (w + 6) / 0.72
        return changed

    def hand_rect(self) -> pygame.Rect:
        """The home hand's strip across the felt, with room for a lifted card."""
        top = round(self.fan_centre[1] - self.hand_h / 2 - 30)
        return pygame.Rect(FELT.x, top, FELT.w, FELT.bottom - top)

    def keep_clear(self) -> list[pygame.Rect]:
        """What no note, bubble or banner may cover: every seat's name plate (its name, what
        plays it and its hand's count) and the home hand (a toast sat on a seat's count)."""
        return [z.plate for z in self.zones] + [self.hand_rect()]

    def zone(self, seat: int) -> Zone:
        return self.zones[seat]

    def wall_rects(self, seat: int, count: int, extra: int = 0,
                   walls: tuple[str, ...] | list[str] | None = None) -> list[pygame.Rect]:
        """Where each of `count` walls stands in the seat's row, leaving room for `extra`
        tokens (characters, badges) at the row's right end. When they do not fit side by side
        the walls shrink evenly (down to MIN_WALL_W) so none covers another; past that, given
        the seat's `walls`, walls of one kind gather into a stack (`wall_slots`) and every wall
        of a stack stands at the stack's place (a crumble or a landing goes to/from it)."""
        out: list[pygame.Rect] = []
        for slot in self.wall_slots(seat, count, extra, walls):
            out += [slot.rect.copy() for _ in range(slot.count)]
        return out

    def wall_slots(self, seat: int, count: int, extra: int = 0,
                   walls: tuple[str, ...] | list[str] | None = None) -> list[WallSlot]:
        """The row's places: one per wall while each can be MIN_WALL_W wide; past that (with
        `walls` known, kept weakest first so a kind's walls are side by side) the kind with the
        most walls gathers into one stack, then the next, until the places fit readable wide
        (at most one stack per kind: five places at most). A session-47 stranger saw a long
        duel's dozen walls squashed over one another."""
        row = self.zones[seat].row
        room = row.w - extra * (TOKEN + 6) - 4
        groups: list[tuple[int, int]] = [(i, 1) for i in range(count)]
        if walls is not None and len(walls) == count and count > 1 \
                and (room + 3) // count - 3 < MIN_WALL_W:
            runs: list[tuple[int, int]] = []
            for i, kind in enumerate(walls):
                if runs and walls[runs[-1][0]] == kind:
                    runs[-1] = (runs[-1][0], runs[-1][1] + 1)
                else:
                    runs.append((i, 1))
            stacked: set[int] = set()

            def places() -> list[tuple[int, int]]:
                out: list[tuple[int, int]] = []
                for first, n in runs:
                    out += [(first, n)] if first in stacked else [(first + k, 1) for k in range(n)]
                return out

            def fits(ps: list[tuple[int, int]]) -> bool:
                extra_w = sum(2 * STACK_OFFSET for _, n in ps if n > 1)
                return (room - extra_w + 3) // len(ps) - 3 >= MIN_WALL_W
            groups = places()
            for first, _ in sorted((r for r in runs if r[1] > 1), key=lambda r: -r[1]):
                if fits(groups):
                    break
                stacked.add(first)
                groups = places()
        stacks = sum(1 for _, n in groups if n > 1)
        room -= stacks * 2 * STACK_OFFSET
        k = len(groups)
        w, h, gap = WALL_W, WALL_H, WALL_GAP
        if k > 1 and (w + gap) * k - gap > room:
            gap = 3
            w = max(MIN_WALL_W if stacks == 0 else 22, (room + gap) // k - gap)
            h = round(w * WALL_H / WALL_W)
        step = w + gap
        if k > 1 and stacks == 0 and step * (k - 1) + w > room:
            step = max(12, (room - w) // (k - 1))
        y = row.y + (row.h - h) // 2
        out: list[WallSlot] = []
        x = row.x
        for first, n in groups:
            if n > 1:
                rect = pygame.Rect(x, y - 2 * STACK_OFFSET, w + 2 * STACK_OFFSET,
                                   h + 2 * STACK_OFFSET)
                card = pygame.Rect(x, y, w, h)
                x += w + 2 * STACK_OFFSET + gap
            else:
                rect = pygame.Rect(x, y, w, h)
                card = rect.copy()
                x += step
            out.append(WallSlot(first, n, rect, card))
        return out

    def wall_hits(self, seat: int, count: int, extra: int = 0,
                  walls: tuple[str, ...] | list[str] | None = None) -> list[pygame.Rect]:
        """Where each wall is clicked: its column of the row, from the midpoints with its
        neighbours, centred on its wall (the first and last as wide on their open side as on
        the other: the first reached 48 px to its left and sat visibly left of its wall), at
        least TARGET_MIN wide while the row holds that much per wall, TARGET_MIN tall or more."""
        slots = self.wall_slots(seat, count, extra, walls)
        if not slots:
            return []
        rects = [s.rect for s in slots]
        row = self.zones[seat].row
        left_end = self.zones[seat].rect.x
        right_end = (row.right - extra * (TOKEN + 6)) if extra else self.zones[seat].rect.right
        h = max(TARGET_MIN, row.h)
        out = []
        for i, r in enumerate(rects):
            lo = None if i == 0 else (rects[i - 1].right + r.x) // 2
            hi = None if i == len(rects) - 1 else (r.right + rects[i + 1].x) // 2
            half = max(TARGET_MIN // 2, r.w // 2)
            if lo is None and hi is not None:
                half = max(half, hi - r.centerx)
            elif hi is None and lo is not None:
                half = max(half, r.centerx - lo)
            lo = max(left_end, r.centerx - half) if lo is None else lo
            hi = min(right_end, r.centerx + half) if hi is None else hi
            out.append(pygame.Rect(lo, r.centery - h // 2, max(hi - lo, r.w), h))
        # every wall of a stack is clicked at the stack (the controls keep its first one)
        return [out[i].copy() for i, s in enumerate(slots) for _ in range(s.count)]

    def token_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """Characters, Diplomacy and badges: from the right end of the walls row."""
        row = self.zones[seat].row
        y = row.centery - TOKEN // 2
        return [pygame.Rect(row.right - (i + 1) * (TOKEN + 6), y, TOKEN, TOKEN)
                for i in range(count)][::-1]

    def hand_anchor(self, seat: int) -> tuple[float, float]:
        """Where cards go to and come from a seat's hand (the fan for the home seat)."""
        if seat == self.home:
            return self.fan_centre
        p = self.zones[seat].plate
        return (p.right - 30, p.centery)

    def button_room(self) -> int:
        """How wide a row of buttons may be (between the home seat's plate and the felt's
        right edge)."""
        return FELT.right - 8 - (FELT.x + ZONE_W + 20)

    def button_row(self, width: int, height: int = BUTTON_H) -> pygame.Rect:
        """The row of buttons of the decision the table waits on (above the fan)."""
        r = pygame.Rect(0, self.buttons_y, width, height)
        r.centerx = round(self.fan_centre[0])
        r.x = max(FELT.x + ZONE_W + 20, min(r.x, FELT.right - 8 - width))
        return r

    def piles_rect(self) -> pygame.Rect:
        s = pygame.Rect(0, 0, PILE_W, PILE_H)
        s.center = (round(self.supply_pos[0]), round(self.supply_pos[1]))
        d = s.copy()
        d.center = (round(self.discard_pos[0]), round(self.discard_pos[1]))
        return s.union(d).inflate(8, 30)

    def stage_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, STAGE_W, STAGE_H)
        r.center = (round(self.stage[0]), round(self.stage[1]))
        return r

    def pan(self, x: float) -> float:
        """Stereo pan for a sound made at screen x."""
        return max(-1.0, min(1.0, (x - CENTRE[0]) / 520))
