"""Everything around the cards: seat zones and plates, the sidebar, the prompt bar, banners and the
end-of-game summary.

Plates, panels and the summary are rendered into cached surfaces keyed by what they show, so a
frame is a handful of blits; only pulses (whose turn it is, the target of a card) are drawn live.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.games.blast import art
from game.games.blast.layout import FELT, PLATE_H, SIDEBAR, TABLE
from game.games.blast.rules import BREAK_FIELD, STEAL
from game.tabletop.effects import news_bubble
from game.tabletop.frame import sidebar_frame as sidebar_frame
from game.tabletop.prompt import BAR
from game.ui import text, theme
from game.ui.draw import lerp_colour, panel, seat_shape

Colour = tuple[int, int, int]

DEFENCE = (46, 140, 96)
"""Buttons that answer with a defence card."""
CHARACTER = (140, 86, 178)
"""The Underminer's button."""
MODE_LABELS = {STEAL: "Steal a card", BREAK_FIELD: "Destroy the Force Field"}
"""A Spy's two modes, as its buttons say them."""


@lru_cache(maxsize=32)
def zone_surface(width: int, height: int, colour: Colour, alive: bool) -> pygame.Surface:
    """A seat's zone on the felt: a soft panel tinted with the seat's colour (grey once out)."""
    s = pygame.Surface((width + 16, height + 16), pygame.SRCALPHA)
    r = pygame.Rect(8, 8, width, height)
    tint = colour if alive else (90, 90, 96)
    fill = lerp_colour(theme.FELT_DARK, tint, 0.10 if alive else 0.05)
    panel(s, r, fill, radius=14, border=lerp_colour(tint, theme.FELT_DARK, 0.45), shadow=6,
          alpha=210)
    row = pygame.Rect(r.x + 6, r.y + PLATE_H + 4, r.w - 12, r.h - PLATE_H - 10)
    pygame.draw.rect(s, (*lerp_colour(theme.FELT_DARK, (0, 0, 0), 0.35), 150), row,
                     border_radius=10)
    return s


@lru_cache(maxsize=64)
def plate_surface(name: str, sub: str, colour: Colour, shape: str, hand: int, width: int,
                  alive: bool) -> pygame.Surface:
    """A seat's plate: marker, name, what plays it, and how many cards it holds."""
    s = pygame.Surface((width, PLATE_H), pygame.SRCALPHA)
    r = s.get_rect()
    tint = colour if alive else (120, 120, 128)
    pygame.draw.rect(s, lerp_colour(theme.INK_2, tint, 0.16), r, border_radius=12)
    pygame.draw.rect(s, tint, (r.x + 1, r.y + 6, 5, r.h - 12), border_radius=3)
    seat_shape(s, shape, (r.x + 22, r.centery), 9, tint)
    count_w = 58 if alive else 0
    label = text.ellipsize(name, 16, width - 44 - count_w - 10, bold=True)
    name_h, sub_h = round(0.96 * text.px(16)), round(0.96 * text.px(12))
    top = r.y + max(1, (r.h - name_h - 1 - sub_h) // 2)
    text.blit(s, label, 16, theme.CREAM if alive else theme.MUTED,
              (r.x + 38, top - round(0.36 * text.px(16))), bold=True)
    sub = text.ellipsize(sub, 12, width - 44 - count_w - 10)
    text.blit(s, sub, 12, lerp_colour(tint, theme.CREAM, 0.5),
              (r.x + 38, top + name_h + 1 - round(0.36 * text.px(12))))
    if alive:
        cx = r.right - count_w + 4
        for k in range(3):
            card = pygame.Rect(cx + k * 5, r.centery - 12 + k, 16, 23)
            s.blit(art.card_back(card.w, card.h), card)
            pygame.draw.rect(s, theme.INK, card, 1, border_radius=3)
        text.blit(s, f"{hand}", 18, theme.SPARK, (r.right - 10, r.centery), "midright",
                  bold=True)
    return s


READ_HINTS = {True: "Point at any card to read it large here.",
              False: "Move onto any card to read it large here."}
"""The reading panel's hint for the mouse, and for the keys and pads (a stranger on the
keyboard was told to point)."""


@lru_cache(maxsize=4)
def reading_hint(w: int, h: int, scale: float, mouse: bool = True) -> pygame.Surface:
    """The reading panel with no card pointed at: how to read one here."""
    s = pygame.Surface((w, max(40, h)), pygame.SRCALPHA)
    r = s.get_rect()
    panel(s, r, theme.INK_2, radius=14, border=theme.LINE, shadow=0, alpha=200)
    msg = READ_HINTS[mouse]
    size = 15
    lines = text.wrap(msg, size, w - 24)
    if len(lines) * text.line_height(size) > h - 6:
        size = 13
        lines = text.wrap(msg, size, w - 20)
    step = text.line_height(size)
    y = r.centery - len(lines) * step // 2
    for ln in lines:
        text.blit(s, ln, size, theme.MUTED, (r.centerx, y), "midtop")
        y += step
    return s


def _list_rows(value: str, width: int) -> list[str]:
    """A list of names ("Advanced Tech, your Underminer, Ben's Mad Chemist") on rows of
    `width`, broken between the names where they fit (not "Ben's" on one row and
    "Underminer" on the next)."""
    rows: list[str] = []
    for item in value.split(", "):
        joined = f"{rows[-1]}, {item}" if rows else item
        if rows and text.render(joined + ",", 13, theme.CREAM, True).get_width() <= width:
            rows[-1] = joined
        else:
            if rows:
                rows[-1] += ","
            rows += text.wrap(item, 13, width, bold=True)
    return rows


@lru_cache(maxsize=16)
def info_surface(lines: tuple[tuple[str, str], ...], height: int) -> pygame.Surface:
    """The sidebar's table facts under the log: label and value per line."""
    step = max(19, text.line_height(13) + 1)
    # The value has the row's width beside its own label (a short label leaves more: larger
    # text cut "Goal  Last one standi..." at a fixed width); one too long for that goes on a
    # row of its own under its label ("Upgrades  Ben's Mad Che..." with larger text).
    # A value too long for a row of its own is wrapped over as many rows as it needs (every
    # character on the table is listed: one cut to "Ben's Mad Chemist, Ben's Und..." hid one).
    rows: list[list[str] | None] = []  # None: beside its label; else its rows under it
    for label, value in lines:
        room = SIDEBAR.w - 36 - text.render(label, 13, theme.MUTED).get_width()
        long = text.render(value, 13, theme.CREAM, True).get_width() > room
        rows.append(_list_rows(value, SIDEBAR.w - 24) if long else None)
    height = max(height, 14 + step * sum(1 + len(r or ()) for r in rows))
    s = pygame.Surface((SIDEBAR.w, height), pygame.SRCALPHA)
    r = s.get_rect()
    panel(s, r, theme.INK_2, radius=14, border=theme.LINE, shadow=0, alpha=235)
    y = 8
    for (label, value), under in zip(lines, rows, strict=True):
        text.blit(s, label, 13, theme.MUTED, (12, y))
        if under is None:
            room = r.w - 36 - text.render(label, 13, theme.MUTED).get_width()
            text.blit(s, text.ellipsize(value, 13, room, True), 13, theme.CREAM,
                      (r.right - 12, y), "topright", bold=True)
        for part in under or ():
            y += step
            text.blit(s, text.ellipsize(part, 13, r.w - 24, True), 13, theme.CREAM,
                      (r.right - 12, y), "topright", bold=True)
        y += step
    return s


@lru_cache(maxsize=8)
def banner_surface(message: str, colour: Colour, width: int = 300) -> pygame.Surface:
    """News over the stage ("Ana fires TNT at Bo"), wrapped to fit."""
    return news_bubble(message, colour, width, margin=28, left=16, top=7)


@lru_cache(maxsize=16)
def headline_surface(message: str, colour: Colour, size: int, width: int = 640) -> pygame.Surface:
    """A knock-out's headline ("Ben's Mad Chemist is down!"): `size` px bold cream words on an
    opaque dark panel ringed in `colour`, wrapped inside `width` (a stranger could not read
    the small rising word it was alone)."""
    lines = text.wrap(message, size, width - 48, bold=True)
    step = text.line_height(size, True)
    w = min(width, max(text.render(ln, size, theme.CREAM, True).get_width() for ln in lines) + 48)
    s = pygame.Surface((w, step * len(lines) + 28), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, (*lerp_colour(theme.INK, colour, 0.18), 248), r, border_radius=16)
    pygame.draw.rect(s, colour, r, 4, border_radius=16)
    for i, ln in enumerate(lines):
        text.blit(s, ln, size, theme.CREAM, (w // 2, 14 + step * i), "midtop", bold=True,
                  shadow=True)
    return s


@lru_cache(maxsize=16)
def caption_surface(message: str, colour: Colour) -> pygame.Surface:
    """A small pill of words over a panel (the picker's and the arrangement's titles)."""
    img = text.render(message, 15, theme.CREAM, True)
    s = pygame.Surface((img.get_width() + 28, img.get_height() + 10), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, (*lerp_colour(theme.INK, colour, 0.25), 235), r,
                     border_radius=r.h // 2)
    pygame.draw.rect(s, colour, r, 2, border_radius=r.h // 2)
    s.blit(img, img.get_rect(center=r.center))
    return s


PROMPT_MIN_PX = 14
"""The prompt bar's words never go smaller than this (scaled for larger text)."""
PROMPT_PAD = 4
"""How far (px) two lines of the prompt bar keep from its border."""

PROMPT_LEADING = 0
"""Extra px between the two lines of a long prompt: none, a full line apart (they were 3 px
closer than a line: with larger text the lines met, two cramped lines to a stranger; 2 px more
than a line made the larger text's bar too tall for the room under the table)."""


@lru_cache(maxsize=64)
def prompt_bar(who: str, colour: Colour, shape: str, message: str,
               scale: float) -> pygame.Surface:
    """The prompt bar as the kit draws it (`prompt_surface`: `who` in their colour after
    their shape), its words on one line at the largest size from 17 px down to PROMPT_MIN_PX
    that fits; a message longer than that gets a taller bar, two lines at PROMPT_MIN_PX with
    PROMPT_PAD px round them (the kit's bar wrapped onto two lines at 13 to 15 px that met its
    border for a stranger). Drawn with its bottom at the bar's (`prompt_bar_at`)."""
    x = 16 + (24 + text.render(who, 18, colour, True, shadow=True).get_width() + 10
              if who else 0)
    room = BAR.w - x - 16
    size = next((px for px in range(17, PROMPT_MIN_PX - 1, -1)
                 if text.render(message, px, theme.CREAM).get_width() <= room), None)
    step = text.line_height(PROMPT_MIN_PX) + PROMPT_LEADING  # two lines with air between
    # them (with larger text they met, "two cramped lines" to a stranger)
    if size is None:
        font_h = theme.font(text.px(PROMPT_MIN_PX)).get_height()
        lines = text.fit(message, PROMPT_MIN_PX, room, 2 * step,
                         leading=PROMPT_LEADING)[1][:2]
        h = max(BAR.h, step * (len(lines) - 1) + font_h + 2 * PROMPT_PAD)
    else:
        lines, h = [message], BAR.h
    s = pygame.Surface((BAR.w, h), pygame.SRCALPHA)
    r = s.get_rect()
    panel(s, r, theme.INK_2, radius=14, border=lerp_colour(colour, theme.LINE, 0.4), shadow=0)
    if who:
        seat_shape(s, shape, (16 + 8, r.centery), 8, colour)
        text.blit(s, who, 18, colour, (40, r.centery), "midleft", bold=True, shadow=True)
    if size is not None:
        text.blit(s, message, size, theme.CREAM, (x, r.centery), "midleft")
        return s
    top = r.centery - (step * (len(lines) - 1) + font_h) // 2
    for i, ln in enumerate(lines):
        text.blit(s, ln, PROMPT_MIN_PX, theme.CREAM, (x, top + i * step), "topleft")
    return s


def prompt_bar_at(img: pygame.Surface) -> tuple[int, int]:
    """Where the prompt bar goes: its bottom at the bar's; a taller one (two lines) rises to
    just under the table and the sidebar and reaches down towards the screen's foot, never over
    them (in larger text it covered the rim's foot and the facts' "Goal" row)."""
    top = max(TABLE.bottom, SIDEBAR.bottom) + 1
    return BAR.x, max(top, BAR.bottom - img.get_height())


def tag_surface(message: str, colour: Colour) -> pygame.Surface:
    """A slim pill of words hung on a card's edge (TRADE on a card picked for a trade)."""
    img = text.render(message, 14, theme.INK, True)
    s = pygame.Surface((img.get_width() + 16, img.get_height()), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, colour, r, border_radius=r.h // 2)
    pygame.draw.rect(s, theme.INK, r, 2, border_radius=r.h // 2)
    s.blit(img, img.get_rect(center=r.center))
    return s


NO_WALLS = "No walls left!"
"""Said in a wall-less seat's row (drawn by the view; "Turn lost" rises past it)."""
NO_WALLS_PX = 14
NOTE_PX = 17
"""The size of a seat's short note (a refusal, or why a press waits)."""
NOTE_LIFE_S = 2.6
"""Seconds a seat's note shows (long enough to read a sentence)."""


@lru_cache(maxsize=16)
def note_surface(message: str, width: int = 0) -> pygame.Surface:
    """A seat's short note on a dark pill, readable over any card or wall of the table (it
    floated bare over the felt and the cards, unreadable where they lay under it). `width`
    (0: one line): wrapped to it on a rounded panel, to fit beside a seat's zone."""
    lines = [message] if not width else text.wrap(message, NOTE_PX, width - 32, bold=True)
    imgs = [text.render(ln, NOTE_PX, theme.CREAM, True) for ln in lines]
    step = text.line_height(NOTE_PX, True)
    s = pygame.Surface((max(i.get_width() for i in imgs) + 32,
                        imgs[0].get_height() + step * (len(imgs) - 1) + 14), pygame.SRCALPHA)
    r = s.get_rect()
    radius = r.h // 2 if len(imgs) == 1 else 14
    pygame.draw.rect(s, (*theme.INK, 240), r, border_radius=radius)
    pygame.draw.rect(s, theme.FUSE, r, 2, border_radius=radius)
    for i, img in enumerate(imgs):
        s.blit(img, img.get_rect(midtop=(r.centerx, 7 + step * i)))
    return s


@dataclass(frozen=True)
class SummaryRow:
    """One seat on the final summary: place, name, how it ended, what it did."""

    place: int
    name: str
    colour: Colour
    shape: str
    fate: str  # "Winner", "Out in round 7 (TNT from Ana)", "12 wall strength left"
    played: int  # cards played, answers and endgame cards included
    walls: int | None  # walls standing at the end, a Force Field not counted (shown beside
    # them); None for a seat knocked out (its walls went with it: a 0 there said nothing)
    winner: bool
    force_field: bool = False
    smashed: int = 0  # rivals' walls this seat destroyed


#: The summary's number columns, left to right: heading and what a row shows under it.
SUMMARY_COLUMNS = ("WALLS LEFT", "SMASHED", "PLAYED")
SUMMARY_MAX_W = FELT.w - 40
"""The summary panel's widest (its surface has a 12 px margin each side, kept on the felt)."""


@lru_cache(maxsize=8)
def summary_surface(title: str, rows: tuple[SummaryRow, ...], footer: str,
                    scale: float = 1.0, won: bool = False) -> pygame.Surface:
    """The end-of-game summary: ranking, who was knocked out by what, walls left, rivals'
    walls smashed and cards played. A win by a person at the screen gets a gold title and a
    gold double frame (a win and a loss looked the same); a loss a quiet cream title."""
    # the number columns' widths, from their headings (Larger text widens them)
    col_ws = [max(40, text.render(h, 13, theme.MUTED, True).get_width())
              for h in SUMMARY_COLUMNS]
    cols = sum(w + 22 for w in col_ws)
    # the panel widens, up to the felt, until each row's name and how it ended fit whole; past
    # that a row's reason wraps under its name (in larger text "Out in round 13 (Pipe Bom..."
    # was cut off)
    need = max((max(text.render(r.name, 16, theme.CREAM, True).get_width(),
                    text.render(r.fate, 12, theme.MUTED).get_width()) for r in rows), default=0)
    width = max(640, min(SUMMARY_MAX_W, 64 + 20 + need + 8 + cols + 24))
    name_w = width - 24 - cols - 64 - 8
    fates = [text.wrap(r.fate, 12, name_w - 20) or [""] for r in rows]
    line16, line12 = text.line_height(16, True), text.line_height(12)
    row_hs = [max(44, line16 + line12 * len(f) + 6) for f in fates]
    title_h = text.line_height(24, True)
    head_h = text.line_height(13, True)
    foot = text.wrap(footer, 13, width - 40) if footer else []
    foot_h = text.line_height(13)
    height = 24 + title_h + 10 + head_h + 6 + sum(row_hs) + 12 + foot_h * len(foot) + 14
    s = pygame.Surface((width + 24, height + 24), pygame.SRCALPHA)
    r = pygame.Rect(12, 8, width, height)
    panel(s, r, theme.INK_2, radius=18, border=theme.SPARK if won else theme.LINE, shadow=10)
    if won:
        pygame.draw.rect(s, theme.SPARK, r.inflate(-10, -10), 2, border_radius=14)
    text.blit(s, title, 24, theme.SPARK if won else theme.CREAM, (r.x + 20, r.y + 14),
              bold=True)
    y = r.y + 14 + title_h + 10
    # the number columns sit in from the right by their headings' own width (Larger text put
    # "PLAYED" against the panel's border); their middles, right to left
    mids: list[int] = []
    right = r.right - 24
    for w in reversed(col_ws):
        mids.insert(0, right - w // 2)
        right -= w + 22
    name_x = r.x + 64
    text.blit(s, "#", 13, theme.MUTED, (r.x + 30, y), "midtop", bold=True)
    text.blit(s, "PLAYER", 13, theme.MUTED, (name_x, y), bold=True)
    for heading, mid in zip(SUMMARY_COLUMNS, mids, strict=True):
        text.blit(s, heading, 13, theme.MUTED, (mid, y), "midtop", bold=True)
    y += head_h + 6
    for i, (row, fate, row_h) in enumerate(zip(rows, fates, row_hs, strict=True)):
        box = pygame.Rect(r.x + 8, y, width - 16, row_h - 4)
        if row.winner:
            pygame.draw.rect(s, lerp_colour(theme.INK_2, theme.SPARK, 0.18), box,
                             border_radius=10)
        elif i % 2 == 0:
            pygame.draw.rect(s, lerp_colour(theme.INK_2, theme.INK_3, 0.55), box,
                             border_radius=10)
        text.blit(s, f"{row.place}", 22, theme.SPARK if row.winner else theme.CREAM,
                  (r.x + 30, box.centery), "center", bold=True)
        seat_shape(s, row.shape, (name_x + 6, box.centery), 7, row.colour)
        top = box.y + 3
        text.blit(s, text.ellipsize(row.name, 16, name_w - 20, True), 16, theme.CREAM,
                  (name_x + 20, top), bold=True)
        for k, line in enumerate(fate):
            text.blit(s, line, 12, theme.MINT if row.winner else theme.MUTED,
                      (name_x + 20, top + line16 + k * line12))
        walls_mid, smashed_mid, played_mid = mids
        if row.walls is None:  # knocked out: no walls to count (its fate says when)
            text.blit(s, "-", 18, theme.MUTED, (walls_mid, box.centery), "center", bold=True)
        elif row.force_field:  # a Force Field is not a wall to count: named under the count
            text.blit(s, f"{row.walls}", 18, theme.CREAM, (walls_mid, box.centery - 7),
                      "center", bold=True)
            text.blit(s, "+ Force Field", 11, theme.MINT, (walls_mid, box.centery + 11),
                      "center")
        else:
            text.blit(s, f"{row.walls}", 18, theme.CREAM, (walls_mid, box.centery),
                      "center", bold=True)
        text.blit(s, f"{row.smashed}", 18, theme.CREAM, (smashed_mid, box.centery), "center",
                  bold=True)
        text.blit(s, f"{row.played}", 18, theme.CREAM, (played_mid, box.centery), "center",
                  bold=True)
        y += row_h
    y += 8
    for line in foot:
        text.blit(s, line, 13, theme.MUTED, (r.x + 20, y))
        y += foot_h
    return s
