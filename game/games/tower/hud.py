"""Tower Kaboom's heads-up display and between-turn panels, drawn from plain data.

The scene hands over what to show (`SeatChip`, `BoardRow`); these functions only draw, with
cached text (names, numbers and prompts repeat, so nothing new is rendered per frame) and the
shared panel helpers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.core.voice import count as counted
from game.games.tower import art
from game.games.tower.data import TILES
from game.ui import text, theme
from game.ui.cache import BoundedCache, cached
from game.ui.draw import burst, dim_layer, panel, seat_shape

Colour = tuple[int, int, int]

CHIP_Y = 8
CHIP_H = 54
TIMER_CX = 640
TIMER_HALF = 74
"""Half the width kept free for the sand timer in the middle of the top bar."""


@dataclass(frozen=True)
class SeatChip:
    """One seat in the top bar."""

    name: str
    colour: Colour
    shape: str
    score: int
    tiles: int
    builder: bool
    dice_left: int
    dice_total: int
    saboteur: bool


@dataclass(frozen=True)
class BoardRow:
    """One seat on a scoreboard."""

    name: str
    colour: Colour
    shape: str
    total: int
    tiles: tuple[int, ...]
    gained: int
    winner: bool
    denied: int = 0
    """Points this saboteur's dice kept from the builder this turn (knocked finished towers)."""
    denied_whose: str = ""
    """Whose points they were, as said inside a sentence ("Ann's", "your")."""


def light(colour: Colour, k: float = 0.45) -> Colour:
    """A seat colour lifted toward white: readable as text on the dark plates."""
    r, g, b = colour
    return (round(r + (255 - r) * k), round(g + (255 - g) * k), round(b + (255 - b) * k))


def chip_rects(n: int) -> list[pygame.Rect]:
    """Seat chips across the top bar, all as wide: the first half left of the timer, the rest
    right of it (with three players the lone chip on the right was once as wide as the two on
    the left, and a stranger found the third panel twice as wide as the others)."""
    left = (n + 1) // 2
    right = n - left
    out: list[pygame.Rect] = []
    side_w = TIMER_CX - TIMER_HALF - 16
    gap = 8
    w_left = min(262, (side_w - gap * (left - 1)) // left)
    for count, x0 in ((left, 12), (right, TIMER_CX + TIMER_HALF + 4)):
        if count == 0:
            continue
        w = w_left
        total = w * count + gap * (count - 1)
        start = x0 + (side_w - total if x0 == 12 else 0)
        for i in range(count):
            out.append(pygame.Rect(start + i * (w + gap), CHIP_Y, w, CHIP_H))
    return out


def draw_chips(surface: pygame.Surface, chips: list[SeatChip], t: float) -> list[pygame.Rect]:
    """The seat chips: marker, name, role (building, or dice left) and score."""
    rects = chip_rects(len(chips))
    for chip, r in zip(chips, rects, strict=True):
        if chip.builder:
            glow = 2 + round(2 * (1 + math.sin(t * 4)) / 2)
            pygame.draw.rect(surface, chip.colour, r.inflate(glow * 2, glow * 2), 2,
                             border_radius=14 + glow)
        surface.blit(_chip(chip, r.w, r.h), (r.x - 8, r.y - 6))
    return rects


@cached(96, max_mb=4)
def _chip(chip: SeatChip, w: int, h: int) -> pygame.Surface:
    """A whole chip as it looks now (cached: it changes only when a die flies or points land)."""
    s = _chip_face(w, h, chip.name, chip.colour, chip.shape, chip.builder).copy()
    r = pygame.Rect(8, 6, w, h)
    if chip.saboteur and chip.dice_total and not chip.builder:
        size = 12 if chip.dice_total <= 4 else 10
        step = size + 2
        shown = min(chip.dice_total, max(1, (r.w - 100) // step))
        for i in range(shown):
            s.blit(art.die_icon(chip.colour, i >= chip.dice_left, size),
                   (r.x + 36 + i * step, r.y + DICE_DY))
        # Full dice are the ones left, hollow ones fired: said beside them where it fits (a
        # stranger read the pips as dice used).
        right = r.right - 12 - (_width(counted(chip.tiles, "tile")) + TILES_GAP + 8
                                if chip.tiles else 0)
        x = r.x + 36 + shown * step + 4
        num = str(chip.dice_left)
        if x + _width(num) + TILES_GAP + _width("left") <= right:
            mid = r.y + DICE_DY + size // 2
            text.blit(s, num, 11, theme.MUTED, (x, mid), "midleft")
            text.blit(s, "left", 11, theme.MUTED, (x + _width(num) + TILES_GAP, mid), "midleft")
    # With a tile count under it the score is a little smaller, so larger text still fits.
    size, y = (26, r.y + 2) if not chip.tiles else (22, r.y - 1)
    text.blit(s, str(chip.score), size, theme.CREAM, (r.right - 12, y), "topright",
              bold=True, shadow=True)
    if chip.tiles:
        # The count and its word apart by a clear gap: the small font's space all but vanished
        # ("4tiles", a stranger's screenshot).
        word = "tiles" if chip.tiles != 1 else "tile"
        end = (r.right - 12, r.bottom - 6)
        w = _width(word)
        text.blit(s, word, 11, theme.MUTED, end, "bottomright")
        text.blit(s, str(chip.tiles), 11, theme.MUTED, (end[0] - w - TILES_GAP, end[1]),
                  "bottomright")
    return s


TILES_GAP = 4
"""Pixels between a chip's tile count and the word "tiles"."""
DICE_DY = 31
"""A saboteur chip's row of dice, down from the chip's top."""
NAME_GAP = 3
"""The least gap between a chip's name's letters and the row of dice under it."""
TILE_SLIVER = 15
"""The least of a won tile a score row shows when they close up to all fit (its points show
in it)."""


def _width(words: str) -> int:
    """How wide the chip's small muted words are drawn."""
    return text.render(words, 11, theme.MUTED).get_width()


@lru_cache(maxsize=64)
def _chip_face(w: int, h: int, name: str, colour: Colour, shape: str,
               builder: bool) -> pygame.Surface:
    """A chip's unchanging part (panel, marker, name, builder badge), drawn once."""
    s = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
    r = pygame.Rect(8, 6, w, h)
    panel(s, r, theme.INK_2, radius=12, border=colour if builder else theme.LINE, border_w=2,
          shadow=6, alpha=228)
    seat_shape(s, shape, (r.x + 20, r.y + 19), 9, colour)
    name_w = r.w - 90
    label = text.ellipsize(name, 16, name_w, bold=True)  # never cut through a letter
    probe = text.render("Hg", 16, theme.CREAM, bold=True).get_bounding_rect(min_alpha=40)
    # The name's letters (descenders too) NAME_GAP px over the row of dice: in larger text a
    # saboteur's name touched them.
    name_top = min(r.y + 7, r.y + DICE_DY - NAME_GAP - probe.bottom)
    if builder:
        # "BUILDER" 7 px over the chip's foot at most, the name's letters (descenders too)
        # 5 px over it: in larger text "Cleo" sat on "BUILDER" and it on the border.
        badge = text.render("BUILDER", 12, theme.SPARK, bold=True)
        ink = badge.get_bounding_rect(min_alpha=40)
        foot = min(r.y + 31 + ink.bottom, r.bottom - 7)
        at = badge.get_rect(topleft=(r.x + 56, foot - ink.bottom))
        name_top = min(name_top, at.y + ink.top - 5 - probe.bottom)
        s.blit(_small_hand(colour), (r.x + 34, at.y + ink.centery - 10))
        s.blit(badge, at)
        text.note(s, at, "BUILDER", badge)
    text.blit(s, label, 16, theme.CREAM, (r.x + 36, name_top), bold=True)
    return s


_HANDS: BoundedCache[Colour, pygame.Surface] = BoundedCache(16)


def _small_hand(colour: Colour) -> pygame.Surface:
    got = _HANDS.get(colour)
    if got is None:
        got = pygame.transform.smoothscale(art.hand_sprite(colour, False), (20, 20))
        _HANDS[colour] = got
    return got


def draw_timer(surface: pygame.Surface, time_left: float, total: float, running: bool, t: float,
               label: str) -> pygame.Rect:
    """The sand timer in the middle of the top bar, its seconds beside it, the round under it."""
    urgent = running and time_left <= 5.0
    secs = max(0, math.ceil(time_left - 1e-6))
    colour = theme.BLAST if urgent and int(t * 4) % 2 == 0 else theme.CREAM
    glass, figure = timer_rects(str(secs))
    art.draw_hourglass(surface, glass.center, time_left / total if total else 0.0, t,
                       running, urgent)
    text.blit(surface, str(secs), 32, colour, figure.topleft, bold=True, shadow=True)
    # Its letters start under the glass's foot (larger text ran them into it), on a dark
    # plate of their own: in Watch again the card rail crossed them (a stranger's
    # "ROUND 1/3 sits under the card rail").
    w, ink_top, ink_bottom = _round_ink(label, text.scale())
    at = (TIMER_CX - w // 2, glass.bottom + 1 - ink_top)
    # The plate ends 1 px under the letters' foot: as tall as a line, in larger text it ran
    # onto the Mega card's top in the card strip.
    plate = pygame.Rect(at[0] - 5, glass.bottom, w + 10, ink_bottom - ink_top + 2)
    pygame.draw.rect(surface, theme.INK, plate, border_radius=4)
    text.blit(surface, label, 11, theme.MUTED, at, bold=True)
    return plate


@lru_cache(maxsize=16)
def _round_ink(label: str, _scale: float) -> tuple[int, int, int]:
    """The round's width and where its letters start and end in its image (once per text
    size)."""
    img = text.render(label, 11, theme.MUTED, bold=True)
    ink = img.get_bounding_rect(min_alpha=40)
    return img.get_width(), ink.y, ink.bottom


def timer_rects(figure: str) -> tuple[pygame.Rect, pygame.Rect]:
    """The sand timer's glass and its seconds' image, side by side and centred in the room kept
    for them between the chips (`TIMER_HALF`), so a 120 s timer's figure in larger text stays
    clear of the chip beside it."""
    img = text.render(figure, 32, theme.CREAM, bold=True, shadow=True)
    gap = 6
    x0 = TIMER_CX - (art.HG_W + gap + img.get_width()) // 2
    glass = pygame.Rect(x0, 3, art.HG_W, art.HG_H)
    # The figure's foot FIGURE_LIFT px over the glass's (the round's plate goes under that): in
    # larger text "ROUND 1 / 1" touched the digits.
    foot = _figure_foot(figure, text.scale())
    return glass, img.get_rect(topleft=(glass.right + gap,
                                        min(18, glass.bottom - FIGURE_LIFT - foot)))


FIGURE_LIFT = 5
"""Pixels the timer's seconds' letters stand over the foot of its glass."""


@lru_cache(maxsize=64)
def _figure_foot(figure: str, _scale: float) -> int:
    """Where the timer's seconds' letters end in their image (once per figure and text size)."""
    img = text.render(figure, 32, theme.CREAM, bold=True, shadow=True)
    return img.get_bounding_rect(min_alpha=40).bottom


def prewarm_text() -> None:
    """Render the words and numbers the table shows, so none is drawn for the first time
    in the middle of the action."""
    words = ("toppled", "wrong order", "unfinished", "not one stack", "not on the tile",
             "still moving", "tile closed", "too many blocks", "block still held", "MEGA!")
    for w in words:
        text.render(w, 13, theme.CREAM, bold=True, shadow=True)
    for n in range(1, 7):
        text.render(f"+{n}", 20, theme.SPARK, bold=True, shadow=True)
        text.render(f"+{n}", 24, theme.INK, bold=True)
    for w, size in (("KABOOM!", 26), ("TIME!", 44), ("CLOSED", 22), ("No towers!", 30),
                    ("MEGA TOWER!", 52)):
        text.render(w, size, theme.INK, bold=True)
    for n in range(0, 31):
        text.render(str(n), 32, theme.CREAM, bold=True, shadow=True)
        text.render(str(n), 32, theme.BLAST, bold=True, shadow=True)
        text.render(str(n), 26, theme.CREAM, bold=True, shadow=True)
    # The fonts of the why-notes and help plates: every letter drawn once (the font keeps
    # its glyphs), so a tower's first note does not stall its frame.
    for size, bold in ((14, True), (14, False), (12, True)):
        f = theme.font(text.px(size), bold)
        f.size(_LETTERS)
        f.render(_LETTERS, True, theme.CREAM)


_LETTERS = ("abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 "
            ".,:;!?'’\"…·-–—()/+")


STAMP_R = 22
"""A verdict stamp's radius at full size."""


def draw_stamp(surface: pygame.Surface, centre: tuple[float, float], ok: bool, k: float,
               label: str, sub: str = "") -> None:
    """A verdict on a tile: a green tick with the points, or a red cross with the reason."""
    k = max(0.0, k)
    if k <= 0.0:
        return
    r = STAMP_R * k
    cx, cy = centre
    colour = theme.MINT if ok else theme.BLAST
    pygame.draw.circle(surface, (12, 14, 24), (cx + 2, cy + 3), r + 3)
    pygame.draw.circle(surface, colour, (cx, cy), r)
    pygame.draw.circle(surface, (255, 255, 255), (cx, cy), r, max(1, round(3 * k)))
    w = max(2, round(5 * k))
    if ok:
        pts = [(cx - 10 * k, cy), (cx - 3 * k, cy + 8 * k), (cx + 11 * k, cy - 8 * k)]
        pygame.draw.lines(surface, (255, 255, 255), False, pts, w)
    else:
        d = 8 * k
        pygame.draw.line(surface, (255, 255, 255), (cx - d, cy - d), (cx + d, cy + d), w)
        pygame.draw.line(surface, (255, 255, 255), (cx - d, cy + d), (cx + d, cy - d), w)
    if k >= 0.99 and label:
        text.blit(surface, label, 20 if ok else 13, theme.SPARK if ok else theme.CREAM,
                  (cx, cy + r + 14), "center", bold=True, shadow=True)
    if k >= 0.99 and sub:
        text.blit(surface, sub, 11, theme.MUTED, (cx, cy + r + 30), "center")


def stamp_rect(centre: tuple[float, float], label: str) -> pygame.Rect:
    """The area a full-size `draw_stamp` covers: its disc, and its points label under it."""
    cx, cy = round(centre[0]), round(centre[1])
    r = pygame.Rect(0, 0, 2 * STAMP_R + 8, 2 * STAMP_R + 8)
    r.center = (cx, cy + 1)
    if label:
        w, h = text.render(label, 20, theme.SPARK, bold=True).get_size()
        under = pygame.Rect(0, 0, w + 4, h + 4)
        under.center = (cx, cy + STAMP_R + 14)
        r.union_ip(under)
    return r


def draw_comic(surface: pygame.Surface, centre: tuple[float, float], word: str, k: float,
               size: int = 34, colours: tuple[Colour, Colour] = (theme.SPARK, theme.FUSE),
               rot: float = 0.0, parts: str = "burst word") -> None:
    """A comic-book burst with a word in it (KABOOM!, TIME!). `parts`: draw only the "burst"
    or only the "word" (several at once: every burst first, then every word on top)."""
    if k <= 0.0:
        return
    img = text.render(word, size, theme.INK, bold=True)
    r = max(img.get_width(), img.get_height()) * 0.72 * k
    if "burst" in parts:
        burst(surface, centre, r * 1.25, r * 0.8, 12, colours[1], rot)
        burst(surface, centre, r * 1.05, r * 0.72, 12, colours[0], rot + 0.2)
    if k >= 0.6 and "word" in parts:
        surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def comic_reach(word: str, size: int) -> float:
    """How far a `draw_comic` burst reaches from its centre at its fullest (the pop-in
    overshoots to about 1.1)."""
    img = text.render(word, size, theme.INK, bold=True)
    return max(img.get_width(), img.get_height()) * 0.72 * 1.11 * 1.25


def hint_rect(lines: list[str], centre: tuple[int, int]) -> pygame.Rect:
    """Where `draw_hint` puts its plate for these lines around `centre`."""
    imgs = [text.render(line, 14, theme.CREAM, bold=i == 0) for i, line in enumerate(lines)]
    r = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 24,
                    sum(i.get_height() for i in imgs) + 12)
    r.center = centre
    return r


def draw_hint(surface: pygame.Surface, lines: list[str], centre: tuple[int, int],
              colour: Colour = theme.CREAM, alpha: int = 210) -> pygame.Rect:
    """A small dark plate with one or two lines of help; returns the plate's rect."""
    imgs = [text.render(line, 14, colour, bold=i == 0) for i, line in enumerate(lines)]
    r = hint_rect(lines, centre)
    panel(surface, r, theme.INK, radius=10, border=theme.LINE, border_w=1, shadow=4, alpha=alpha)
    y = r.y + 6
    for line, img in zip(lines, imgs, strict=True):
        at = img.get_rect(midtop=(r.centerx, y))
        surface.blit(img, at)
        text.note(surface, at, line, img)
        y += img.get_height()
    return r


# ---------------------------------------------------------------------------------------------
# Between turns
# ---------------------------------------------------------------------------------------------


DIM_ALPHA = 150


def _dim(surface: pygame.Surface) -> None:
    """Darken the table behind a panel (one cached layer; the panel's slide is the motion)."""
    surface.blit(dim_layer(surface.get_size(), DIM_ALPHA), (0, 0))


@lru_cache(maxsize=8)
def glow(colour: Colour, size: tuple[int, int] = (960, 520)) -> pygame.Surface:
    """A soft oval of light in a seat's colour, to set a panel off from the table."""
    small = pygame.Surface((96, 52), pygame.SRCALPHA)
    for i in range(12, 0, -1):
        r = pygame.Rect(0, 0, 96 * i / 12, 52 * i / 12)
        r.center = (48, 26)
        pygame.draw.ellipse(small, (*colour, 7), r)
    return pygame.transform.smoothscale(small, size)


@lru_cache(maxsize=4)
def _dim_glow(size: tuple[int, int], colour: Colour) -> pygame.Surface:
    """The dimmed table and a seat's glow in one layer: one full-screen blend a frame, not
    two (the same look to within a few levels of the glow's soft light)."""
    layer = dim_layer(size, DIM_ALPHA).copy()
    g = glow(colour)
    layer.blit(g, g.get_rect(center=(640, 352)))
    return layer


@dataclass(frozen=True)
class ReadyInfo:
    """What the get-ready screen says (hashable: its panel is drawn once and cached)."""

    kicker: str
    name: str
    colour: Colour
    shape: str
    saboteurs: tuple[tuple[str, Colour, str, str, str], ...]
    """(name, colour, seat shape, where, controls hint) of each saboteur."""
    dice: int
    label: str = ""
    """Who played the builder's seat (a match watched again): said instead of "get ready!"."""


@lru_cache(maxsize=4)
def ready_panel(info: ReadyInfo) -> pygame.Surface:
    """"Builder: <name>, get ready": who builds, who fires from where (the prompt is live)."""
    hints = sum(1 for s in info.saboteurs if s[4])
    w, h = 700, 300 + 30 * max(0, len(info.saboteurs) - 2) + 18 * hints
    surf = pygame.Surface((w + 40, h + 40), pygame.SRCALPHA)
    rect = pygame.Rect(20, 16, w, h)
    panel(surf, rect, theme.INK_2, radius=22, border=info.colour, border_w=3, shadow=18)
    text.blit(surf, info.kicker, 15, theme.MUTED, (rect.centerx, rect.y + 28), "center",
              bold=True)
    big = text.render(f"Builder: {info.name}", 44, info.colour, bold=True, shadow=True)
    by = rect.y + 74
    seat_shape(surf, info.shape, (rect.centerx - big.get_width() // 2 - 26, by), 15,
               info.colour)
    surf.blit(big, big.get_rect(center=(rect.centerx + 8, by)))
    if info.label:
        text.blit(surf, info.label, 20, theme.MUTED, (rect.centerx, by + 46), "center", bold=True)
    else:
        text.blit(surf, "get ready!", 26, theme.CREAM, (rect.centerx, by + 46), "center",
                  bold=True)
    art.draw_hourglass(surf, (rect.x + 60, rect.y + 88), 1.0, 0.0, False, False)
    art.draw_hourglass(surf, (rect.right - 60, rect.y + 88), 1.0, 0.0, False, False)
    y = by + 84
    pygame.draw.line(surf, theme.LINE, (rect.x + 40, y - 12), (rect.right - 40, y - 12), 1)
    text.blit(surf, f"Saboteurs ({info.dice} dice each)", 14, theme.SPARK,
              (rect.centerx, y + 2), "center", bold=True)
    y += 26
    for sname, scol, sshape, where, how in info.saboteurs:
        img = text.render(f"{sname}  ·  {where}", 17, theme.CREAM, bold=True)
        x = rect.centerx - (img.get_width() + 24) // 2
        seat_shape(surf, sshape, (x + 8, y + 11), 7, scol)
        surf.blit(img, (x + 24, y))
        if how:
            text.blit(surf, how, 13, theme.MUTED, (rect.centerx, y + 30), "center")
            y += 18
        y += 30
    return surf


def draw_ready(surface: pygame.Surface, info: ReadyInfo, *, k: float, t: float,
               prompt: str) -> None:
    """The get-ready panel sliding in over the dimmed table, with its pulsing prompt."""
    if k > 0.3:
        surface.blit(_dim_glow(surface.get_size(), info.colour), (0, 0))
    else:
        _dim(surface)
    img = ready_panel(info)
    rect = img.get_rect(center=(640, 356 - round((1.0 - k) * 420)))
    surface.blit(img, rect)
    if k > 0.95:
        lift = round(2 * math.sin(t * 5))
        text.blit(surface, prompt, 19, theme.SPARK, (rect.centerx, rect.bottom - 46 + lift),
                  "center", bold=True, shadow=True)


@dataclass(frozen=True)
class BoardInfo:
    """What a scoreboard says (hashable: drawn once and cached)."""

    rows: tuple[BoardRow, ...]
    title: str
    subtitle: str
    footer: str
    accent: Colour
    notes: tuple[str, ...] = ()
    """Why a tower that stands scored nothing, a line each, under the rows."""


NOTE_SIZE = 15
NOTE_H = 22
TITLE_GAP = 2
"""Pixels between the scoreboard title's line and its subtitle's (each line's own leading
above and below adds to it)."""


def board_heads(title_h: int, sub_h: int) -> tuple[int, int, int]:
    """Where the scoreboard's title, its subtitle and its first row begin, from the panel's
    top, for lines that tall: the subtitle a clear gap under the title, the rows under it
    (with larger text the two touched at their fixed places, a stranger saw)."""
    title_top = max(4, 36 - title_h // 2)
    sub_top = max(70 - sub_h // 2, title_top + title_h + TITLE_GAP)
    return title_top, sub_top, max(92, sub_top + sub_h + 6)


@lru_cache(maxsize=4)
def board_panel(info: BoardInfo) -> pygame.Surface:
    """The scoreboard: each seat's tiles and total, who just gained what, what comes next."""
    row_h = 60
    w = 780
    notes = [line for note in info.notes for line in _wrap(note, NOTE_SIZE, w - 64)]
    title = text.render(info.title, 34, theme.CREAM, bold=True, shadow=True)
    sub = text.render(info.subtitle, 15, theme.MUTED, bold=True)
    title_top, sub_top, top = board_heads(title.get_height(), sub.get_height())
    h = 168 + (top - 92) + row_h * len(info.rows) + NOTE_H * len(notes) + (8 if notes else 0)
    surf = pygame.Surface((w + 40, h + 40), pygame.SRCALPHA)
    rect = pygame.Rect(20, 16, w, h)
    panel(surf, rect, theme.INK_2, radius=22, border=info.accent, border_w=3, shadow=18)
    surf.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + title_top)))
    surf.blit(sub, sub.get_rect(midtop=(rect.centerx, rect.y + sub_top)))
    y = rect.y + top
    for i, row in enumerate(info.rows):
        r = pygame.Rect(rect.x + 24, y + i * row_h, w - 48, row_h - 8)
        fill = theme.INK_3 if row.gained or row.winner else theme.INK
        panel(surf, r, fill, radius=12, border=row.colour if row.winner else None, shadow=0,
              alpha=235)
        seat_shape(surf, row.shape, (r.x + 24, r.centery), 11, row.colour)
        text.blit(surf, row.name, 20, row.colour, (r.x + 46, r.centery), "midleft", bold=True)
        tx = r.x + 250
        # What this saboteur did, never read as their loss: whose points their dice knocked
        # down ("6 pts denied" in their own row read as if they had lost 6, and said not
        # whose; "cost you 5 pts" by the row's total of 0 read as a sum).
        said = ""
        if not row.gained and row.denied:
            whose = f"{row.denied_whose} " if row.denied_whose else ""
            said = f"knocked down {whose}{counted(row.denied, 'pt', 'pts')}"
        # The won tiles stop short of what is said at the row's end: they close up (each
        # overlapping the last, down to a sliver) to all show; past that, the rest are counted
        # in words ("+1" alone read as a point).
        end = r.right - 86 - (text.render(said, 16, theme.CREAM, bold=True).get_width()
                              if said else 60) - 12
        n = len(row.tiles)
        step, shown = tile_run(n, end - tx)
        for j, tid in enumerate(row.tiles[:shown]):
            tile = TILES[tid]
            tr = pygame.Rect(tx + j * step, r.centery - 17, 26, 34)
            pygame.draw.rect(surf, (248, 238, 216), tr, border_radius=5)
            pygame.draw.rect(surf, art.tier_colour(tile), (tr.x, tr.y, tr.w, 12),
                             border_top_left_radius=5, border_top_right_radius=5)
            pygame.draw.rect(surf, (90, 70, 50), tr, 1, border_radius=5)
            text.blit(surf, "M" if tile.mega else str(tile.points), 13, theme.INK,
                      (tr.x + min(tr.w // 2, step // 2 + 1), tr.centery + 5), "center",
                      bold=True)  # in the part the next tile leaves showing
        if n > shown:
            text.blit(surf, f"+{counted(n - shown, 'tile')}", 14, theme.MUTED,
                      (tx + (shown - 1) * step + 30, r.centery), "midleft", bold=True)
        if row.gained:
            text.blit(surf, f"+{row.gained}", 20, theme.SPARK, (r.right - 86, r.centery),
                      "midright", bold=True)
        elif said:
            text.blit(surf, said, 16, light(row.colour), (r.right - 86, r.centery), "midright",
                      bold=True)
        text.blit(surf, str(row.total), 30, theme.CREAM, (r.right - 18, r.centery),
                  "midright", bold=True, shadow=True)
        if row.winner:
            _crown(surf, (r.x + 24, r.y - 2), row.colour)
    ny = y + row_h * len(info.rows) + 4
    for line in notes:
        text.blit(surf, line, NOTE_SIZE, theme.CREAM, (rect.centerx, ny + NOTE_H // 2),
                  "center", bold=True)
        ny += NOTE_H
    text.blit(surf, info.footer, 17, theme.CREAM, (rect.centerx, rect.bottom - 56), "center",
              bold=True)
    return surf


def _wrap(words: str, size: int, width: int) -> list[str]:
    """A note broken into lines no wider than `width` at this text size, its last two words
    kept together (a stranger's window showed "no" at a line's end, "points" alone below)."""
    lines: list[str] = []
    parts = words.split()
    if len(parts) > 2:
        parts[-2:] = [f"{parts[-2]} {parts[-1]}"]
    for word in parts:
        if lines and text.render(f"{lines[-1]} {word}", size, theme.CREAM,
                                 bold=True).get_width() <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


BOARD_CENTRE_Y = 384
"""The scoreboard's centre height on the 1280x720 picture."""


def tile_run(n: int, room: int) -> tuple[int, int]:
    """A score row's `n` won tiles in `room` pixels: the step from one to the next (30 apart,
    closing up to `TILE_SLIVER` to all fit) and how many show (the rest are counted in words,
    "+2 tiles", which take 64 px)."""
    if n < 2:
        return 30, n
    step = max(TILE_SLIVER, min(30, (room - 26) // (n - 1)))
    if (n - 1) * step + 26 <= room:
        return step, n
    return step, max(1, (room - 26 - 64) // step + 1)


def draw_board(surface: pygame.Surface, info: BoardInfo, *, prompt: str, t: float,
               countdown: float | None) -> None:
    """The scoreboard over the dimmed table, its prompt and its countdown: there in its place
    from its first frame, prompt and all (a stranger saw it come up without "Click to
    continue", then jump up with it; with reduced motion it had faded in)."""
    _dim(surface)
    img = board_panel(info)
    rect = img.get_rect(center=(640, BOARD_CENTRE_Y))
    surface.blit(img, rect)
    inner = rect.inflate(-40, -40).move(0, -4)
    if prompt:
        # Held still: a prompt bobbing 2 px read as the panel jittering (a stranger's 16-a/b).
        text.blit(surface, prompt, 16, theme.SPARK, (inner.centerx, inner.bottom - 26),
                  "center", bold=True)
    if countdown is not None:
        bar = pygame.Rect(inner.x + 40, inner.bottom - 8, inner.w - 80, 3)
        pygame.draw.rect(surface, theme.LINE, bar)
        bar.w = round(bar.w * max(0.0, min(1.0, countdown)))
        pygame.draw.rect(surface, info.accent, bar)


def _crown(surface: pygame.Surface, at: tuple[int, int], colour: Colour) -> None:
    x, y = at
    pts = [(x - 12, y + 4), (x - 12, y - 8), (x - 6, y - 2), (x, y - 12), (x + 6, y - 2),
           (x + 12, y - 8), (x + 12, y + 4)]
    pygame.draw.polygon(surface, theme.SPARK, pts)
    pygame.draw.polygon(surface, (120, 80, 10), pts, 2)
