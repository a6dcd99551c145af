"""Cosmic Kaboom's heads-up display, drawn from plain data: a panel beside each Base (faction,
player, score, Hold and Base cubes, planets, cards), the turn banner, the HUD buttons, card
faces, the card choice, the target chooser and the final score sheet.

The scene hands over what to show (`SeatInfo`, `Button`, ...); these functions only lay out and
draw. Layout functions (`panel_rect`, `card_rects`, `button_rects`, ...) are shared with the
scene, which hit-tests the same rectangles the player sees. A seat's panel is drawn once per
change into a bounded cache, so a frame only blits it.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations

import pygame

from game.games.cosmic import art
from game.games.cosmic.data import (
    CARDS_BY_ID,
    COLOUR_KEYS,
    FACTIONS,
    PLANETS,
    SURVIVOR_POINTS,
    Effect,
)
from game.ui import text, theme
from game.ui.cache import cached
from game.ui.draw import burst, focus_ring, lerp_colour, panel, seat_shape

Colour = tuple[int, int, int]

PANEL_W = 316
PANEL_TOP = 116
"""Panels start below the top corners' bomb hand, its power ring and spin label (which reach
down to about y 110), so aiming a Space Bomb never covers a panel."""
PANEL_BOTTOM = 604
"""...and end above the bottom corners' Bases and bomb hands (from about y 612)."""
PANEL_GAP = 8
SHORT_H = (PANEL_BOTTOM - PANEL_TOP - PANEL_GAP) // 2
"""A panel sharing its side of the table with another seat's."""
TALL_H = PANEL_BOTTOM - PANEL_TOP
"""A panel alone on its side (two or three players): room for every card's full line."""
SIDE_X = (12, 1280 - 12 - PANEL_W)
BANNER = pygame.Rect(404, 4, 472, 52)
BUTTON_W = 176
BUTTON_H = 38
BUTTON_Y = 672
CARD_TOP = 178
"""Where a panel's cards start (below the header, cubes, planets and trophies)."""
MINI_STEP = 27
MINI_R = 12
"""A panel's planet icon: radius and spacing (a playtester found 9 px icons too small to
tell apart)."""
DRAFT_CARD = (210, 196)
CHOOSER_W = 380
OPTION_H = 34


@dataclass(frozen=True)
class SeatInfo:
    """One seat's panel as it looks now."""

    seat: int
    name: str
    faction: int
    who: str
    """"You", "AI · hard", "Keyboard (left)"... under the name."""
    score: int
    hold: tuple[str, ...]
    base: tuple[str, ...]
    planets: tuple[tuple[int, bool], ...]
    """(planet id, still in play) of every planet the seat owns."""
    cards: tuple[str, ...]
    """Card ids shown face up (the acting human's), else empty."""
    card_count: int
    playable: tuple[bool, ...]
    """Per shown card, whether it can be played now."""
    active: bool
    docked: bool
    took: tuple[int, ...] = ()
    """Planets of other seats this seat destroyed (its points from bombs)."""
    took_points: int = 0
    tall: bool = False
    """The panel takes its whole side of the table (alone there, with cards to show)."""
    span: tuple[int, int] = (0, 0)
    """(top, height) when the panel shares its side unevenly (see `side_spans`), else (0, 0):
    the half of the side or the whole side (`tall`)."""


@dataclass(frozen=True)
class Button:
    """A HUD button: what it does (`key`), its words, where, and whether it works now."""

    key: str
    label: str
    rect: tuple[int, int, int, int]
    enabled: bool = True
    why: str = ""
    """Greyed out: why, in a sentence (its tooltip, and the note a press on it shows)."""


def panel_rect(faction: int, tall: bool = False) -> pygame.Rect:
    """A seat's panel on its faction's side of space, between the corners' bomb zones: the
    upper or lower half of the side, or the whole side when `tall`."""
    cx, cy = FACTIONS[faction].corner
    x = SIDE_X[0] if cx < 1 else SIDE_X[1]
    if tall:
        return pygame.Rect(x, PANEL_TOP, PANEL_W, TALL_H)
    y = PANEL_TOP if cy < 1 else PANEL_BOTTOM - SHORT_H
    return pygame.Rect(x, y, PANEL_W, SHORT_H)


def alone(faction: int, factions: tuple[int, ...]) -> bool:
    """Whether a faction's side of the table has no other seat (its panel may be tall)."""
    return 3 - faction not in factions


def seat_rect(faction: int, factions: tuple[int, ...]) -> pygame.Rect:
    """A seat's panel with the factions in play: tall when alone on its side."""
    return panel_rect(faction, alone(faction, factions))


CARD_WORDS_Y = 24
"""Where a card row's words start under its name."""


def card_row_h(card: str, w: int) -> int:
    """The height of a panel row `w` wide that shows a card's name and its words whole,
    wrapped at full size."""
    return _card_row_h(card, w, text.scale())


@functools.lru_cache(maxsize=256)
def _card_row_h(card: str, w: int, scale: float) -> int:
    lines = len(text.wrap(CARDS_BY_ID[card].text, 11, w - 16))
    return CARD_WORDS_Y + lines * text.line_height(11) + 6


def cards_height(cards: Sequence[str], w: int = PANEL_W) -> int:
    """Pixels a panel `w` wide needs below its header for its cards' rows, every card's words
    whole (`CARD_TOP` + this is the panel's height)."""
    if not cards:
        return 0
    return sum(card_row_h(c, w - 20) for c in cards) + 4 * (len(cards) - 1) + 8


def card_rects(rect: pygame.Rect, n: int, cards: Sequence[str] = ()) -> list[pygame.Rect]:
    """The rows of a panel's cards: each as tall as its `cards`' words wrap to where the panel
    has room for them all (with larger text two cards showed their names only, and a lone
    Hijack "Discard one …"); else taller with few cards (room for the card's line); in two
    columns when a short panel holds many."""
    if n <= 0:
        return []
    room = rect.h - CARD_TOP - 8
    if len(cards) == n and CARD_TOP + cards_height(cards, rect.w) <= rect.h:
        out: list[pygame.Rect] = []
        y = rect.y + CARD_TOP
        for card in cards:
            h = card_row_h(card, rect.w - 20)
            out.append(pygame.Rect(rect.x + 10, y, rect.w - 20, h))
            y += h + 4
        return out
    # up to three lines of the card's words where the panel has room: with larger text two
    # cut "At the start of your turn with thr…" in a tall, empty panel
    row = min(72 if text.scale() <= 1.0 else 104, (room - 4 * (n - 1)) // n)
    if row >= 24:
        return [pygame.Rect(rect.x + 10, rect.y + CARD_TOP + i * (row + 4), rect.w - 20, row)
                for i in range(n)]
    per_col = (n + 1) // 2
    row = max(16, min(56, (room - 4 * (per_col - 1)) // per_col))
    w = (rect.w - 26) // 2
    return [pygame.Rect(rect.x + 10 + (i // per_col) * (w + 6),
                        rect.y + CARD_TOP + (i % per_col) * (row + 4), w, row)
            for i in range(n)]


def button_rects(n: int) -> list[pygame.Rect]:
    """The HUD buttons under space, centred between the two lower Bases (narrower when three
    would reach over a Base)."""
    gap = 16
    room = art.SIDE - 2 * 60  # the Bases' discs reach about 48 px into the bottom corners
    w = min(BUTTON_W, (room - (n - 1) * gap) // max(1, n))
    total = n * w + (n - 1) * gap
    x0 = 640 - total // 2
    return [pygame.Rect(x0 + i * (w + gap), BUTTON_Y, w, BUTTON_H) for i in range(n)]


DRAFT_W = 520
DRAFT_HINT = "Keep one of these; the other goes under the deck"
CHOOSER_HINT = "Pick one · right click or Back cancels"
HINT_PX = 13


def hint_height(w: int, hint: str) -> int:
    """Pixels a modal box `w` wide gives its hint under the title: one line, or as many as
    the hint wraps to at full size (with larger text it no longer shrinks or is cut)."""
    lines = len(text.wrap(hint, HINT_PX, w - 32))
    return max(20, lines * text.line_height(HINT_PX))


def modal_tops(w: int, hint: str) -> tuple[int, int]:
    """Where a modal box's hint starts and where what follows it may start, from the box's
    top: under a title as tall as its text (with larger text a chooser's first option covered
    the hint's last line)."""
    hint_y = 10 + max(30, text.line_height(20, True))
    return hint_y, hint_y + hint_height(w, hint) + 8


def draft_rects() -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The card choice: its panel over space and the two card faces in it, tall enough for
    every card's words at full size (with larger text they were cut to "…")."""
    w = DRAFT_CARD[0]
    h = max(DRAFT_CARD[1], max(card_height(c, w) for c in CARDS_BY_ID))
    top = modal_tops(DRAFT_W, DRAFT_HINT)[1] + 6
    box = pygame.Rect(0, 0, DRAFT_W, top + h + 50)
    box.center = art.FIELD_RECT.center
    cards = [pygame.Rect(box.centerx - w - 12, box.y + top, w, h),
             pygame.Rect(box.centerx + 12, box.y + top, w, h)]
    return box, cards


def chooser_rects(n: int, faction: int | None = None, hint: str = CHOOSER_HINT,
                  ) -> tuple[pygame.Rect, list[pygame.Rect]]:
    """The target chooser: its panel over the chooser's own side panel (`faction`'s: the
    card's words are in its title), else over space; one row per option under its `hint`.
    Over space it hid the very planets it named (a stranger's Crystal Magnet list covered the
    board)."""
    w = CHOOSER_W if faction is None else PANEL_W
    rows_y = modal_tops(w, hint)[1]
    h = rows_y + n * (OPTION_H + 4) + 36
    box = pygame.Rect(0, 0, w, min(h, art.SIDE - 10))
    box.center = art.FIELD_RECT.center
    if faction is not None:
        side = panel_rect(faction, True)
        box.centerx = side.centerx
        box.y = max(8, min(side.y, art.SCREEN[1] - 8 - box.h))
    rows = [pygame.Rect(box.x + 16, box.y + rows_y + i * (OPTION_H + 4), box.w - 32,
                        OPTION_H) for i in range(n)]
    return box, rows


# ---------------------------------------------------------------------------------------------
# Seat panels
# ---------------------------------------------------------------------------------------------


def at_rest(info: SeatInfo) -> SeatInfo:
    """The panel without its turn marker, which is drawn live: a turn passing re-renders
    nothing."""
    return replace(info, active=False) if info.active else info


def info_rect(info: SeatInfo) -> pygame.Rect:
    """Where a seat's panel lies."""
    r = panel_rect(info.faction, info.tall)
    if info.span[1]:
        r.y, r.h = info.span
    return r


LOG_MIN = 128
"""The least the log keeps of a half-side when the panel beside it grows for its cards."""
NEIGHBOUR_MIN = CARD_TOP + 30
"""The least a panel keeps when the other panel on its side grows for its cards' words: all
its rows, name and score, Hold, Base, Planets, Took and its cards' row (with larger text a
stranger opened "Ben's cards" and Cleo's panel below lost its Planets, Took and cards rows;
at 128 it kept only Hold and Base). A card whose words the grown panel still cuts shows
whole beside it when pointed at."""


def side_spans(faction: int, cards: Sequence[str], other: bool,
               keep: pygame.Rect | None = None) -> tuple[tuple[int, int], tuple[int, int]]:
    """(top, height) of a short panel showing `cards` and of the other panel on its side
    (`other`: a seat there; `keep`: the log's place, when on that side): the first grows
    toward the middle of the side, as far as its cards' words need, and the other gives way
    down to `NEIGHBOUR_MIN` (with larger text two cards showed their names only). Both
    (0, 0) when the short panel has room already."""
    need = CARD_TOP + cards_height(cards)
    if need <= SHORT_H:
        return (0, 0), (0, 0)
    most = TALL_H - PANEL_GAP - (NEIGHBOUR_MIN if other else 0)
    upper = FACTIONS[faction].corner[1] < 1
    if keep is not None and keep.colliderect(panel_rect(faction, True)):
        most = min(most, TALL_H - PANEL_GAP - LOG_MIN)  # the log there gives way too
    h = max(SHORT_H, min(need, most))
    rest = TALL_H - PANEL_GAP - h
    if upper:
        return (PANEL_TOP, h), ((PANEL_BOTTOM - rest, rest) if other else (0, 0))
    return (PANEL_BOTTOM - h, h), ((PANEL_TOP, rest) if other else (0, 0))


def blit_panel(surface: pygame.Surface, info: SeatInfo) -> None:
    """A seat's panel as it stands, without the turn marker (see `draw_seat`)."""
    r = info_rect(info)
    surface.blit(_seat_image(at_rest(info)), (r.x - 10, r.y - 10))


def draw_seat(surface: pygame.Surface, info: SeatInfo, t: float, focus: int | None,
              panel: bool = True) -> None:
    """A seat's panel (unless already drawn: `panel` False); a glowing edge on the seat whose
    turn it is; a ring on a focused card."""
    r = info_rect(info)
    colour = art.faction_colour(info.faction)
    if info.active:
        glow = 2 + round(2 * (1 + math.sin(t * 4)) / 2)
        pygame.draw.rect(surface, colour, r.inflate(glow * 2, glow * 2), 3,
                         border_radius=16 + glow)
    if panel:
        surface.blit(_seat_image(at_rest(info)), (r.x - 10, r.y - 10))
    if info.active:
        pygame.draw.rect(surface, colour, r, 2, border_radius=14)
    if focus is not None and 0 <= focus < len(info.cards):
        focus_ring(surface, card_rects(r, len(info.cards), info.cards)[focus], theme.SPARK,
                   t, 8)


CUBE_X = 70
CUBE_STEP = 30
HOLD_Y = 62


def hold_slot(rect: pygame.Rect, colour: str) -> tuple[float, float]:
    """Where a colour's cube sits in a seat's Hold (a flying crystal lands there)."""
    i = COLOUR_KEYS.index(colour)
    return (rect.x + CUBE_X + i * CUBE_STEP + 12, rect.y + HOLD_Y + 12)


@cached(24, max_mb=8)
def _seat_image(info: SeatInfo) -> pygame.Surface:
    """A seat's whole panel (cached: it changes only when something on it does): who, the
    score, the Hold and Base cubes, its planets, the planets it destroyed, its cards."""
    r0 = info_rect(info)
    s = pygame.Surface((r0.w + 20, r0.h + 20), pygame.SRCALPHA)
    r = pygame.Rect(10, 10, r0.w, r0.h)
    colour = art.faction_colour(info.faction)
    panel(s, r, theme.INK_2, radius=14, border=colour if info.active else theme.LINE,
          border_w=2, shadow=8, alpha=232)
    seat_shape(s, art.faction_shape(info.faction), (r.x + 22, r.y + 22), 11, colour)
    score = text.render(str(info.score), 30, theme.SPARK, bold=True)
    # with larger text "points" goes beside the score, not under it: under it, it sat on
    # "docked" / "in space" below (`points_rect`)
    beside = text.scale() > 1.0
    words_w = text.render("points", 12, theme.MUTED).get_width() + 6 if beside else 0
    name_w = r.w - 52 - max(score.get_width() + words_w, 44) - 8
    size, lines = text.fit(info.name, 20, name_w, 26, bold=True)
    text.blit(s, text.ellipsize(lines[0] if len(lines) == 1 else info.name, size, name_w,
                                bold=True), size, theme.CREAM, (r.x + 40, r.y + 8), bold=True)
    # The seat is its lobby name, colour and shape: no faction name beside it to learn.
    text.blit(s, text.ellipsize(info.who, 13, name_w), 13, theme.MUTED, (r.x + 40, r.y + 34))
    text.blit(s, str(info.score), 30, theme.SPARK, (r.right - 12, r.y + 2), "topright",
              bold=True, shadow=True)
    text.blit(s, "points", 12, theme.MUTED, *points_spot(r, score.get_width()))
    status = ("docked" if info.docked else "in space",
              "BOMB!" if len(info.base) == len(COLOUR_KEYS) else f"{len(info.base)} of 4")
    for row, (label, cubes) in enumerate((("Hold", info.hold), ("Base", info.base))):
        y = r.y + HOLD_Y + row * 30
        text.blit(s, label, 14, theme.MUTED, (r.x + 12, y + 12), "midleft")
        for i, c in enumerate(COLOUR_KEYS):
            s.blit(art.cube(c, 24, c in cubes), (r.x + CUBE_X + i * CUBE_STEP, y))
        bomb = row == 1 and status[1] == "BOMB!"
        text.blit(s, status[row], 14 if bomb else 12, theme.BLAST if bomb else theme.MUTED,
                  (r.right - 12, y + 12), "midright", bold=bomb)
    y = r.y + 124
    if r.h < y - r.y + 26:  # gave way to the cards of the other panel on its side
        return s
    name = text.blit(s, "Planets", 14, theme.MUTED, (r.x + 12, y + 10), "midleft")
    x0 = mini_start(r.x, name.right)
    left = sum(1 for _, alive in info.planets if alive)
    pts = text.blit(s, f"{left * SURVIVOR_POINTS} pts", 12, theme.MUTED,
                    (r.right - 12, y + 10), "midright")
    step = mini_step(x0, pts.left, len(info.planets))
    for i, (planet, alive) in enumerate(info.planets):
        _mini_planet(s, (x0 + round(i * step), y + 10), planet, alive)
    y = r.y + 150
    if r.h < y - r.y + 22:  # gave way to the cards of the other panel on its side
        return s
    name = text.blit(s, "Took", 14, theme.MUTED, (r.x + 12, y + 10), "midleft")
    if info.took:
        x0 = mini_start(r.x, name.right)
        pts = text.blit(s, f"{info.took_points} pts", 12, theme.SPARK, (r.right - 12, y + 10),
                        "midright", bold=True)
        # as many as fit before the points at no tighter than the planets' row allows
        room = max(1, int((pts.left - MINI_GAP - MINI_R - MINI_RING - x0)
                          // MINI_MIN_STEP) + 1)
        shown = info.took[:room]
        step = mini_step(x0, pts.left, len(shown))
        for i, planet in enumerate(shown):
            _mini_planet(s, (x0 + round(i * step), y + 10), planet, True)
    else:
        text.blit(s, "no planets yet", 12, theme.MUTED, (r.x + CUBE_X, y + 10), "midleft")
    y = r.y + CARD_TOP
    if r.h < CARD_TOP + 30:
        return s
    if info.cards:
        for card, rect, ok in zip(info.cards, card_rects(r, len(info.cards), info.cards),
                                  info.playable, strict=True):
            _card_row(s, rect, card, ok)
    else:
        word = "card" if info.card_count == 1 else "cards"
        said = text.blit(s, f"{info.card_count} {word}", 14, theme.MUTED, (r.x + 12, y + 14),
                         "midleft")
        # the backs after the words (with larger text "3 cards" ran under the first back)
        bx = max(r.x + CUBE_X, said.right + 8)
        for i in range(min(info.card_count, 8, max(1, (r.right - 12 - bx + 4) // 26))):
            back = pygame.Rect(bx + i * 26, y, 22, 30)
            pygame.draw.rect(s, theme.INK_3, back, border_radius=4)
            pygame.draw.rect(s, colour, back, 2, border_radius=4)
    return s


MINI_RING = 5
"""How far a ringed planet icon's band reaches past its disc (the blue planets')."""
MINI_GAP = 8
"""Pixels kept between a row's words and its planet icons (bands included)."""
MINI_MIN_STEP = 2 * MINI_R + 2
"""The closest a row's planet icons are drawn (their discs clear of each other)."""


def mini_start(x: int, label_right: int) -> int:
    """The first planet icon's centre in a panel row: in the cubes' column, or after the
    row's label (band and all) when larger text makes the label reach it (a ringed
    planet's band touched "Planets")."""
    return max(x + CUBE_X + MINI_R, label_right + MINI_GAP + MINI_R + MINI_RING)


def mini_step(x0: int, words_left: int, n: int) -> float:
    """The step between a row's `n` planet icons from the first centre `x0`: `MINI_STEP`,
    closer (down to `MINI_MIN_STEP`) when that would reach the row's points at `words_left`
    (with larger text six icons ran into "12 pts")."""
    if n <= 1:
        return float(MINI_STEP)
    room = words_left - MINI_GAP - MINI_R - MINI_RING - x0
    return float(max(MINI_MIN_STEP, min(MINI_STEP, room / (n - 1))))


def _mini_planet(s: pygame.Surface, c: tuple[int, int], planet: int, alive: bool) -> None:
    p = PLANETS[planet]
    col = art.COLOUR_RGB[p.colour]
    r = MINI_R
    if alive:
        pygame.draw.circle(s, col, c, r)
        art.pattern(s, c, r, p.colour, lerp_colour(col, (10, 10, 25), 0.6))
        pygame.draw.circle(s, (250, 250, 250), c, r, 1)
    else:
        pygame.draw.circle(s, lerp_colour(col, theme.INK_2, 0.7), c, r, 2)
        pygame.draw.line(s, theme.BLAST, (c[0] - r + 2, c[1] - r + 2),
                         (c[0] + r - 2, c[1] + r - 2), 2)
    for k in range(p.dots):
        pygame.draw.circle(s, (20, 20, 30) if alive else theme.MUTED,
                           (c[0] - (p.dots - 1) * 4 + k * 8, c[1] + 5), 2)


def card_words_fit(rect: pygame.Rect, cards: tuple[str, ...]) -> bool:
    """Whether every card's line is shown whole in a panel `rect` (`_card_row`'s room): a
    seat whose cards do not fit takes its whole side when it may (a stranger read "Pick up
    one of your planets and place it…")."""
    return all(row_words_fit(row, card)
               for row, card in zip(card_rects(rect, len(cards), cards), cards, strict=False))


def row_words_fit(row: pygame.Rect, card: str) -> bool:
    """Whether a card's line is shown whole in its panel row `row` (`_card_row`)."""
    if not shows_words(row, card):
        return False
    words = CARDS_BY_ID[card].text
    _, lines = text.fit(words, 11, row.w - 16, row.h - 26)
    return not (lines and lines[-1].endswith("…") and not words.endswith("…"))


CARD_TIP = (210, 260)
"""A card shown whole beside its panel while pointed at or focused (its row cuts its line)."""


def card_tip_height() -> int:
    """How tall the whole-face tip is: `CARD_TIP`'s height, or taller where the longest
    card's words need it at full size (with larger text Escape Pod's and Salvage Rights'
    words shrank a size to fit, smaller than every other card's)."""
    return _card_tip_height(text.scale())


@functools.lru_cache(maxsize=8)
def _card_tip_height(_scale: float) -> int:
    w, h = CARD_TIP
    return max(h, max(card_height(c, w) for c in CARDS_BY_ID))


def card_tip_rect(panel_rect: pygame.Rect, row: pygame.Rect) -> pygame.Rect:
    """Where a card's whole face shows beside its panel: on the space side, level with its
    row, kept on the screen."""
    w = CARD_TIP[0]
    h = card_tip_height()
    x = panel_rect.right + 10 if panel_rect.centerx < art.SCREEN[0] // 2 \
        else panel_rect.x - 10 - w
    y = min(max(8, row.centery - h // 2), art.SCREEN[1] - 8 - h)
    return pygame.Rect(x, y, w, h)


def shows_words(row: pygame.Rect, card: str) -> bool:
    """Whether a card's panel row shows its words under its name (else the name alone)."""
    return row.h >= 48 or row.h >= card_row_h(card, row.w)


def play_pill(rect: pygame.Rect, mid: bool) -> tuple[pygame.Surface, pygame.Rect]:
    """A playable card row's green PLAY button: its word (cut to its letters) and its box, at
    the row's top right above the card's words (with larger text the box reached down into
    them), or level with a name held in the middle."""
    full = text.render("PLAY", 12, theme.INK, True)
    label = full.subsurface(full.get_bounding_rect()).copy()
    box = pygame.Rect(0, 0, label.get_width() + 16, min(label.get_height() + 8,
                                                         CARD_WORDS_Y - 5))
    if mid:
        box.midright = (rect.right - 6, rect.centery)
    else:
        box.topright = (rect.right - 6, rect.y + 3)
    return label, box


def _card_row(s: pygame.Surface, rect: pygame.Rect, card: str, playable: bool) -> None:
    """A card in a panel: its name, and its line when there is room."""
    d = CARDS_BY_ID[card]
    fill = theme.INK_3 if playable else lerp_colour(theme.INK_2, theme.INK, 0.5)
    panel(s, rect, fill, radius=8, border=theme.SPARK if playable else theme.LINE, border_w=1,
          shadow=0)
    name_col = theme.CREAM if playable else theme.MUTED
    tag = "auto" if d.automatic else ("PLAY" if playable else "")
    pill = tag == "PLAY"  # a button's look: a stranger saw no way to play a kept card
    # a row with no room for the card's line holds its name in the middle (with larger text,
    # at the top it touched the row's edge)
    mid = not shows_words(rect, card)
    label, box = play_pill(rect, mid) if pill else (None, pygame.Rect(0, 0, 0, 0))
    tag_w = box.w + 6 if label is not None else (40 if tag else 0)
    text.blit(s, text.ellipsize(d.name, 14, rect.w - 20 - tag_w, bold=True), 14, name_col,
              (rect.x + 8, rect.centery) if mid else (rect.x + 8, rect.y + 4),
              "midleft" if mid else "topleft", bold=True)
    if label is not None:
        pygame.draw.rect(s, theme.MINT, box, border_radius=box.h // 2)
        s.blit(label, label.get_rect(center=box.center))
    elif tag:
        text.blit(s, tag, 11, theme.MUTED,
                  (rect.right - 8, rect.centery) if mid else (rect.right - 8, rect.y + 6),
                  "midright" if mid else "topright")
    if not mid:
        size, lines = text.fit(d.text, 11, rect.w - 16, rect.h - 26)
        lh = text.line_height(size)
        for i, line in enumerate(lines):
            text.blit(s, line, size, theme.MUTED, (rect.x + 8, rect.y + 24 + i * lh))


LOG_STRIP = pygame.Rect(12, 610, 272, 106)
"""The move log's place when every half-side holds a panel: under the left panels, beside the
lower Base (a full table has no unclaimed label there); four lines of small print."""
LOG_OPEN = pygame.Rect(12, 330, 272, 386)
"""The strip's log opened while the pointer rests on it: it grows up over the lower-left
panel to show the last 18 lines (a four-seat table's strip held only two before)."""
LOG_SMALL = 12
"""The strip's text size."""


def _mirror(r: pygame.Rect) -> pygame.Rect:
    """`r` on the other side of the screen."""
    return pygame.Rect(art.SCREEN[0] - r.right, r.y, r.w, r.h)


def log_strip(factions: tuple[int, ...]) -> pygame.Rect:
    """The strip under the left panels, or under the right ones when the lower-left Base is
    unclaimed: its label lies there, and a three-seat table's log covered it."""
    lower_left = next((f for f, fa in enumerate(FACTIONS) if fa.corner[0] < 1
                       and fa.corner[1] >= 1), None)
    if lower_left is None or lower_left in factions:
        return pygame.Rect(LOG_STRIP)
    return _mirror(LOG_STRIP)


def log_opened(strip: pygame.Rect) -> pygame.Rect:
    """The strip's log opened upward over the panels on its side (`LOG_OPEN` or its mirror)."""
    return pygame.Rect(LOG_OPEN) if strip.x == LOG_STRIP.x else _mirror(LOG_OPEN)


def log_room(rect: pygame.Rect, size: int) -> int:
    """How many text lines the move log (`MoveLog.draw`) shows in `rect` at `size`: its title
    takes 34 px and each line `size` + 6."""
    return max(0, (rect.h - 34) // (size + 6))


def log_home(factions: tuple[int, ...], growers: tuple[int, ...] = ()) -> pygame.Rect:
    """The move log's one place for a whole match, from the factions in play: a half-side no
    seat's panel covers even at its tallest (`growers`, the factions whose panel may grow to
    show its cards' words), else the strip under the left panels. Chosen once, so the log
    never jumps across the table when a panel grows (a playtester lost it that way), and a
    player's own cards keep their words (a half-side log would squeeze them to names)."""
    short = [panel_rect(f) for f in factions]
    tall = [f for f in growers if alone(f, factions)]
    for k in range(len(tall), 0, -1):  # a half-side for the log before a panel's growth
        for some in combinations(tall, k):
            slot = log_rect(short + [panel_rect(f, True) for f in some], factions)
            if slot.size != LOG_STRIP.size:
                return slot
    # no half-side left beside a grown panel (three seats): the log keeps its half-side and
    # no panel grows (a grown panel left the log a 100 px strip showing one line)
    return log_rect(short, factions)


def may_grow(faction: int, factions: tuple[int, ...], home: pygame.Rect) -> bool:
    """Whether a seat's panel may take its whole side: alone there, and the log's place
    (`home`) is not on that side."""
    return alone(faction, factions) and not panel_rect(faction, True).colliderect(home)


def open_rects(blockers: list[pygame.Rect]) -> list[pygame.Rect]:
    """The screen less `blockers`, as rectangles (vertical slabs split round each blocker):
    clip rectangles for drawing that must cross no panel."""
    screen = pygame.Rect(0, 0, *art.SCREEN)
    xs = sorted({screen.left, screen.right, *(x for b in blockers for x in (b.left, b.right)
                                              if screen.left < x < screen.right)})
    out: list[pygame.Rect] = []
    for x0, x1 in zip(xs, xs[1:], strict=False):
        spans = sorted((b.top, b.bottom) for b in blockers if b.left < x1 and b.right > x0)
        y = screen.top
        for top, bottom in spans:
            if top > y:
                out.append(pygame.Rect(x0, y, x1 - x0, top - y))
            y = max(y, bottom)
        if y < screen.bottom:
            out.append(pygame.Rect(x0, y, x1 - x0, screen.bottom - y))
    return out


def log_rect(panels: list[pygame.Rect], factions: tuple[int, ...] = ()) -> pygame.Rect:
    """Where the move log goes: a half-side of the table no seat's panel covers (the lower
    left first, near the player's hand), else the strip under the panels of a side whose
    lower Base is claimed (`log_strip`; with no `factions` given, the left one)."""
    for x in SIDE_X:
        for y in (PANEL_BOTTOM - SHORT_H, PANEL_TOP):
            slot = pygame.Rect(x, y, PANEL_W, SHORT_H)
            if not any(slot.colliderect(r) for r in panels):
                return slot
    return log_strip(factions) if factions else pygame.Rect(LOG_STRIP)


def unclaimed_rect(faction: int) -> pygame.Rect:
    """Where an unused faction's label lies: by its corner, above or below the panels."""
    r = panel_rect(faction)
    img = _unclaimed(faction)
    y = 14 if FACTIONS[faction].corner[1] < 1 else 720 - img.get_height() - 14
    x = r.x if r.x < 640 else r.right - img.get_width()
    return pygame.Rect(x, y, img.get_width(), img.get_height())


def draw_unclaimed(surface: pygame.Surface, faction: int) -> None:
    """An unused faction's corner: its name, small and faint."""
    surface.blit(_unclaimed(faction), unclaimed_rect(faction))


@cached(4)
def _unclaimed(faction: int) -> pygame.Surface:
    f = FACTIONS[faction]
    label = f"{f.name} Base · unclaimed"
    img = text.render(label, 13, lerp_colour(art.UNCLAIMED, theme.MUTED, 0.5))
    s = pygame.Surface((img.get_width() + 30, img.get_height() + 12), pygame.SRCALPHA)
    seat_shape(s, f.shape, (10, s.get_height() // 2), 7,
               lerp_colour(art.UNCLAIMED, theme.INK, 0.4))
    s.blit(img, (24, 6))
    text.note(s, img.get_rect(topleft=(24, 6)), label, img)
    return s


# ---------------------------------------------------------------------------------------------
# Banner and buttons
# ---------------------------------------------------------------------------------------------


BANNER_TITLE_PX = 17
BANNER_HINT_PX = 13


BANNER_WIDE = pygame.Rect(390, 1, 500, art.FIELD_Y - 3)
"""The banner under larger text: the strip above space between the top Bases' rings (over
them it hid a top-corner player's bomb arrow and landing mark), one line of title and one of
hint, the hint's last controls dropped whole where they do not fit. A three-line banner
(title and the hint on two lines) hung over the top of space and hid a ship under it."""
BANNER_PAD = 6
BANNER_EDGE = 2
"""Pixels the wide banner's title and hint keep from its top and bottom edges."""
"""Pixels of the wide banner's words from its sides (the longest hint fills its line)."""


def points_spot(r: pygame.Rect, score_w: int) -> tuple[tuple[int, int], str]:
    """Where a seat panel's "points" goes (point, anchor) in panel `r` beside a score
    `score_w` wide: under the score, or with larger text beside it on the score's
    baseline (under it, it sat on the "docked" line below)."""
    if text.scale() > 1.0:
        return (r.right - 12 - score_w - 6, r.y + 38), "bottomright"
    return (r.right - 12, r.y + 40), "topright"


def banner_rect() -> pygame.Rect:
    """The banner as drawn now: `BANNER`, or with larger text `BANNER_WIDE`; either way in the
    strip above space, never over it (`art.FIELD_RECT`). Its size follows the text size only,
    never the words, so it does not grow and shrink under the pointer as the hint changes."""
    if text.scale() <= 1.0:
        return BANNER
    return BANNER_WIDE


def draw_banner(surface: pygame.Surface, title: str, hint: str, colour: Colour) -> None:
    """Whose turn it is and what to do, above space."""
    r = banner_rect()
    surface.blit(_banner(title, hint, colour, r.w, r.h), (r.x - 8, r.y - 6))


def banner_says_whole(title: str, hint: str) -> bool:
    """Whether the banner says `hint` whole under `title` (no control dropped from its end)."""
    r = banner_rect()
    wide = r.w > BANNER.w
    pad = 2 * BANNER_PAD if wide else 24
    tsize = BANNER_TITLE_PX - 2 if wide else BANNER_TITLE_PX
    size, _ = text.fit(title, tsize, r.w - pad,
                       text.line_height(tsize, True) if wide else 24, bold=True)
    room = r.h - (2 * BANNER_EDGE if wide else 8) - (text.line_height(size, True) if wide
                                                      else 22)
    _, lines = text.fit(hint, BANNER_HINT_PX, r.w - pad, room)
    return not (lines and lines[-1].endswith("…"))


@cached(16, max_mb=2)
def _banner(title: str, hint: str, colour: Colour, w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
    r = pygame.Rect(8, 6, w, h)
    wide = w > BANNER.w  # larger text: a line of title and a line of hint, edge to edge
    panel(s, r, theme.INK_2, radius=12, border=colour, border_w=2,
          shadow=0 if wide else 6, alpha=236)  # no shadow spilling over space below
    pad = 2 * BANNER_PAD if wide else 24
    # larger text: the title a step smaller than the table's, so both lines keep a margin
    # from the banner's edges (they touched them, and the hint's last words were cut)
    tsize = BANNER_TITLE_PX - 2 if wide else BANNER_TITLE_PX
    size, lines = text.fit(title, tsize, r.w - pad,
                           text.line_height(tsize, True) if wide else 24, bold=True)
    edge = BANNER_EDGE if wide else 4
    text.blit(s, lines[0], size, theme.CREAM, (r.centerx, r.y + edge), "midtop", bold=True)
    room = r.h - (2 * BANNER_EDGE if wide else 8) - (text.line_height(size, True) if wide
                                                      else 22)
    hsize, hlines = text.fit(hint, BANNER_HINT_PX, r.w - pad, room)
    while hlines and hlines[-1].endswith("…") and " · " in hint:
        # a whole control dropped from the end, not one cut mid-word (larger text read
        # "LEFT CTRL cards &…")
        hint = hint.rsplit(" · ", 1)[0]
        hsize, hlines = text.fit(hint, BANNER_HINT_PX, r.w - pad, room)
    lh = text.line_height(hsize)
    foot = r.bottom - edge
    for i, line in enumerate(hlines):
        text.blit(s, line, hsize, theme.MUTED, (r.centerx, foot - (len(hlines) - 1 - i) * lh),
                  "midbottom")
    return s


def draw_buttons(surface: pygame.Surface, buttons: list[Button], focus: int | None,
                 hover: tuple[int, int], t: float, tips: bool = False) -> list[pygame.Rect]:
    """The HUD buttons; the focused one (keys, pad) ringed. A greyed-out button under the
    pointer, or the focused one while `tips` (keys or a pad are on the HUD), says why above
    itself: one tooltip at a time, gone when the focus moves on (every greyed button's at
    once overlapped each other and the board: a stranger's Left Ctrl then A showed Return
    to Base's and End turn's together). Returns where the tips went."""
    shown: list[pygame.Rect] = []
    size = row_size(buttons)  # one size for the row (a stranger saw three)
    for i, b in enumerate(buttons):
        r = pygame.Rect(b.rect)
        hot = b.enabled and r.collidepoint(hover)
        surface.blit(_button(b.label, r.w, r.h, b.enabled, hot, size), (r.x - 6, r.y - 6))
        if focus == i:
            focus_ring(surface, r, theme.SPARK, t, 10)
    for i, b in enumerate(buttons):
        r = pygame.Rect(b.rect)
        if b.enabled or not b.why or not ((tips and focus == i) or r.collidepoint(hover)):
            continue
        img = button_tip(b.why)
        at = img.get_rect(midbottom=(r.centerx, min([r.top - 6, *(s.top - 4 for s in shown)])))
        at.clamp_ip(surface.get_rect())
        surface.blit(img, at)
        shown.append(at)
    return shown


TIP_W = 340
"""The widest a greyed-out button's tooltip gets."""


@cached(8, max_mb=1)
def button_tip(why: str) -> pygame.Surface:
    """Why a button is greyed out, in a small dark box (wrapped to TIP_W)."""
    size = 14
    lines = text.wrap(why, size, TIP_W - 20)
    lh = text.line_height(size)
    w = min(TIP_W, max(text.render(ln, size, theme.CREAM).get_width() for ln in lines) + 20)
    s = pygame.Surface((w, len(lines) * lh + 12), pygame.SRCALPHA)
    panel(s, s.get_rect(), theme.INK_2, radius=8, border=theme.LINE, border_w=1)
    for i, ln in enumerate(lines):
        text.blit(s, ln, size, theme.CREAM, (10, 6 + i * lh))
    return s


def row_size(buttons: Sequence[Button]) -> int:
    """The text size a row of buttons shares: the largest at which every label fits its own
    button (each label alone was fitted, and a row showed three sizes side by side). Worked
    out once per row and text size, not every frame."""
    return _row_size(tuple((b.label, b.rect[2], b.rect[3]) for b in buttons), text.scale())


@functools.lru_cache(maxsize=32)
def _row_size(row: tuple[tuple[str, int, int], ...], scale: float) -> int:
    return min((text.fit(label, BUTTON_PX, w - 16, h - 6, bold=True)[0]
                for label, w, h in row), default=BUTTON_PX)


BUTTON_PX = 16
"""A HUD button's label size when it has room."""


@cached(24, max_mb=2)
def _button(label: str, w: int, h: int, enabled: bool, hot: bool,
            most: int = BUTTON_PX) -> pygame.Surface:
    s = pygame.Surface((w + 12, h + 12), pygame.SRCALPHA)
    r = pygame.Rect(6, 4, w, h)
    fill = (theme.FUSE if hot else lerp_colour(theme.FUSE, theme.INK_2, 0.2)) if enabled \
        else theme.INK_3
    panel(s, r, fill, radius=10, border=theme.CREAM if enabled else theme.LINE, border_w=1,
          shadow=4)
    size, lines = text.fit(label, most, w - 16, h - 6, bold=True)
    text.blit(s, lines[0], size, theme.CREAM if enabled else theme.MUTED, r.center, "center",
              bold=True)
    return s


def result_rect(n: int, top: int | None = None, left: int | None = None,
                w: int = 0) -> pygame.Rect:
    """The Space Bomb's result card of `n` rows, `w` wide (RESULT_W unless said): at (`left`,
    `top`), else low over space, centred (above the buttons, between the bottom corners'
    docked ships)."""
    w = w or RESULT_W
    h = 40 + 22 * n
    return pygame.Rect(640 - w // 2 if left is None else left,
                       BUTTON_Y - 10 - h if top is None else top, w, h)


RESULT_W = 320
"""The result card's usual width: narrow enough to sit in the open middle of most boards."""
RESULT_WIDTHS = (320, 400, 260, 480)
"""The widths the card may take to find felt clear of every planet (a wider card wraps its
lines less and is shorter; a narrower one fits between planets), the usual first."""


def draw_result(surface: pygame.Surface, title: str, lines: tuple[str, ...],
                alpha: float, top: int | None = None, left: int | None = None,
                w: int = 0) -> None:
    """Whose planets the bomb destroyed and what each scored; fading out at the end."""
    w = w or RESULT_W
    img = _result(title, lines, w)
    r = result_rect(result_rows(lines, w, title), top, left, w)
    img.set_alpha(None if alpha >= 1.0 else round(255 * max(0.0, alpha)))
    surface.blit(img, r.topleft)


_KEY = (255, 0, 255)


@cached(4, max_mb=2)
def _result(title: str, lines: tuple[str, ...], w: int = RESULT_W) -> pygame.Surface:
    """The card, opaque with a colour key for its corners (a cheap blit every frame)."""
    r0 = result_rect(result_rows(lines, w, title), w=w)
    s = pygame.Surface((r0.w, r0.h))
    s.fill(_KEY)
    s.set_colorkey(_KEY, pygame.RLEACCEL)
    r = pygame.Rect(0, 0, r0.w, r0.h)
    panel(s, r, theme.INK, radius=12, border=theme.BLAST, border_w=2, shadow=0, alpha=255)
    # the title wrapped to the card (in larger text "KABOOM! 2 planets destroyed" ran off
    # both its sides), a row of the card's per line past the first
    heads = _title_rows(title, w)
    for i, head in enumerate(heads):
        text.blit(s, head, 17, theme.SPARK, (r.centerx, r.y + 8 + i * 22), "midtop",
                  bold=True)
    rows = [row for line in lines for row in _result_wrap(line, w, len(lines) > 1)]
    top = 34 + (len(heads) - 1) * 22
    for i, row in enumerate(rows):
        text.blit(s, row, RESULT_PX, theme.CREAM, (r.x + 14, r.y + top + i * 22))
    return s


def _title_rows(title: str, w: int) -> list[str]:
    """The result card's title in lines that fit its width (one, unless larger text)."""
    return text.wrap(title, 17, w - 24, True) or [title]


RESULT_PX = 14
"""The result card's line size: a line too long for the card wraps onto a second row."""


def _result_wrap(line: str, w: int = RESULT_W, hang: bool = True) -> list[str]:
    """One result line in the card's rows, never cut short; its continued rows indented
    where the card has more than one line (`hang`), to tell them apart; a lone line's are
    not (a stranger read its indent as a stray space)."""
    rows = text.wrap(line, RESULT_PX, w - 28)
    if len(rows) <= 1 or not hang:
        return rows
    rest = text.wrap(" ".join(rows[1:]), RESULT_PX, w - 40)
    return [rows[0], *("   " + r for r in rest)]


def result_rows(lines: Sequence[str], w: int = RESULT_W, title: str = "") -> int:
    """How many rows the result card's `lines` take once each is wrapped to its width (a
    stranger's own-planet line ended in "…" at "0 for you, own…"), and its `title`'s lines
    past the first."""
    extra = len(_title_rows(title, w)) - 1 if title else 0
    return sum(len(_result_wrap(line, w, len(lines) > 1)) for line in lines) + extra


# ---------------------------------------------------------------------------------------------
# Modals
# ---------------------------------------------------------------------------------------------


def draw_emblem(s: pygame.Surface, effect: Effect, centre: tuple[int, int], r: int,
                colour: tuple[int, int, int]) -> None:
    """Each card's own pictogram, from what it does, in `r`-sized strokes around `centre`."""
    cx, cy = centre
    dark = (40, 30, 80)

    def poly(points: list[tuple[float, float]], width: int = 0) -> None:
        pygame.draw.polygon(s, colour, [(cx + x * r, cy + y * r) for x, y in points], width)

    if effect == Effect.EXTRA_FLICK:  # a flame
        poly([(0, -1), (0.55, 0.1), (0.4, 0.8), (0, 1), (-0.4, 0.8), (-0.55, 0.1)])
        pygame.draw.polygon(s, dark, [(cx, cy - r * 0.2), (cx + r * 0.25, cy + r * 0.5),
                                      (cx, cy + r * 0.8), (cx - r * 0.25, cy + r * 0.5)])
    elif effect == Effect.KEEP_HOLD:  # an escape capsule
        pygame.draw.ellipse(s, colour, (cx - r * 0.6, cy - r, r * 1.2, r * 2))
        pygame.draw.circle(s, dark, (cx, cy - r * 0.3), r * 0.3)
    elif effect == Effect.BANK_IN_PLACE:  # a teleport ring
        for k in (1.0, 0.65, 0.3):
            pygame.draw.ellipse(s, colour, (cx - r * k, cy - r * k * 0.45 + r * (1 - k) * 0.6,
                                            r * 2 * k, r * 0.9 * k), 2)
    elif effect == Effect.MOVE_CRYSTAL:  # a horseshoe magnet
        pygame.draw.arc(s, colour, (cx - r * 0.8, cy - r * 0.2, r * 1.6, r * 1.4), math.pi,
                        2 * math.pi, max(3, r // 3))
        for side in (-1, 1):
            pygame.draw.rect(s, colour, (cx + side * r * 0.8 - (r * 0.35 if side > 0 else 0),
                                         cy - r * 0.9, r * 0.35, r * 0.8))
    elif effect == Effect.SHIELD:  # a shield
        poly([(-0.8, -0.9), (0.8, -0.9), (0.8, 0.1), (0, 1), (-0.8, 0.1)])
        poly([(0, -0.6), (0.45, -0.6), (0.45, 0.05), (0, 0.6)], 0)
    elif effect == Effect.GAIN_CUBE:  # a crate under a parachute
        pygame.draw.arc(s, colour, (cx - r, cy - r, r * 2, r * 1.2), 0, math.pi, 2)
        pygame.draw.line(s, colour, (cx - r, cy - r * 0.4), (cx - r * 0.3, cy + r * 0.2), 1)
        pygame.draw.line(s, colour, (cx + r, cy - r * 0.4), (cx + r * 0.3, cy + r * 0.2), 1)
        pygame.draw.rect(s, colour, (cx - r * 0.4, cy + r * 0.2, r * 0.8, r * 0.8))
    elif effect == Effect.DISCARD_RIVAL_CUBE:  # a cube struck out
        pygame.draw.rect(s, colour, (cx - r * 0.6, cy - r * 0.6, r * 1.2, r * 1.2), 2)
        pygame.draw.line(s, colour, (cx - r, cy - r), (cx + r, cy + r), 3)
        pygame.draw.line(s, colour, (cx - r, cy + r), (cx + r, cy - r), 3)
    elif effect == Effect.RECALL_RIVALS:  # a lightning bolt
        poly([(0.2, -1), (-0.6, 0.15), (-0.05, 0.15), (-0.3, 1), (0.6, -0.2), (0.05, -0.2)])
    elif effect in (Effect.BOMB_RETRY, Effect.EARLY_BOMB):  # one bomb, or two
        bombs = [(-0.35, 0.25), (0.4, -0.05)] if effect == Effect.BOMB_RETRY else [(0, 0.15)]
        k = 0.5 if effect == Effect.BOMB_RETRY else 0.75
        for bx, by in bombs:
            pygame.draw.circle(s, colour, (cx + bx * r, cy + by * r), r * k)
            pygame.draw.line(s, colour, (cx + bx * r + r * k * 0.6, cy + by * r - r * k * 0.6),
                             (cx + bx * r + r * k, cy + by * r - r * k * 1.1), 2)
    elif effect == Effect.MOVE_OWN_PLANET:  # planets shifting round an orbit
        orbit_arrows(s, colour, centre, r)
    elif effect == Effect.DRAW_CARD:  # an eye
        poly([(-1, 0), (-0.4, -0.55), (0.4, -0.55), (1, 0), (0.4, 0.55), (-0.4, 0.55)], 2)
        pygame.draw.circle(s, colour, (cx, cy), r * 0.32)
    elif effect == Effect.REPEAT_HIT_FLICK:  # a tractor beam
        poly([(-0.25, -1), (0.25, -1), (0.8, 0.9), (-0.8, 0.9)], 2)
        pygame.draw.circle(s, colour, (cx, cy + r * 0.45), r * 0.25)
    else:  # Effect.SALVAGE: a grappling hook
        pygame.draw.line(s, colour, (cx, cy - r), (cx, cy + r * 0.4), 3)
        pygame.draw.arc(s, colour, (cx - r * 0.7, cy - r * 0.2, r * 1.4, r * 1.2), math.pi,
                        2 * math.pi, 3)
        pygame.draw.circle(s, colour, (cx, cy - r), r * 0.2, 2)


ORBIT_R = 0.78
"""Orbital Shift's orbit, as a share of the emblem's size."""
ORBIT_ARCS = ((25.0, 120.0), (205.0, 300.0))
"""Its two arrows along the orbit (degrees, counter-clockwise from the right, screen up)."""
ORBIT_PLANETS = (180.0, 0.0)
"""Where its two planets sit, in the gaps the arrows point into."""


def orbit_arrows(s: pygame.Surface, colour: tuple[int, int, int], centre: tuple[int, int],
                 r: int) -> None:
    """Orbital Shift's pictogram: a round orbit drawn as two arrows chasing each other, and
    a planet in each gap they point into, so it reads as "planets move along the orbit" (the
    old ringed planet read as an eye)."""
    cx, cy = centre
    rad = r * ORBIT_R
    box = pygame.Rect(0, 0, round(rad * 2), round(rad * 2))
    box.center = centre
    width = max(2, r // 6)
    for a0, a1 in ORBIT_ARCS:
        pygame.draw.arc(s, colour, box, math.radians(a0), math.radians(a1), width)
        a = math.radians(a1)
        px_, py_ = cx + rad * math.cos(a), cy - rad * math.sin(a)
        tx, ty = -math.sin(a), -math.cos(a)  # along the orbit, the way the arc runs
        nx, ny = math.cos(a), -math.sin(a)  # out from the centre
        head = r * 0.42
        pygame.draw.polygon(s, colour, [(px_ + tx * head, py_ + ty * head),
                                        (px_ + nx * head * 0.6, py_ + ny * head * 0.6),
                                        (px_ - nx * head * 0.6, py_ - ny * head * 0.6)])
    for deg in ORBIT_PLANETS:
        a = math.radians(deg)
        pygame.draw.circle(s, colour, (round(cx + rad * math.cos(a)),
                                       round(cy - rad * math.sin(a))), max(2, round(r * 0.24)))
    pygame.draw.circle(s, colour, centre, max(2, round(r * 0.16)))  # the star they circle


FACE_NAME_PX = 18
"""The size of a card face's name, where every card's name fits (`face_name_size`)."""


def face_name_size(w: int) -> int:
    """The one size every card's name is drawn at on a `w`-wide face: the largest, up to
    `FACE_NAME_PX`, at which each name fits its room (each fitted alone, the card choice
    showed Planetary Shield a size smaller than the card beside it with larger text)."""
    return _face_name_size(w, text.scale())


@functools.lru_cache(maxsize=32)
def _face_name_size(w: int, _scale: float) -> int:
    return min(text.fit(c.name, FACE_NAME_PX, w - 24, 48, bold=True)[0]
               for c in CARDS_BY_ID.values())


def _face_name(card: str, w: int) -> tuple[int, list[str], int]:
    """A card face's name (size, lines) and the y of its emblem's centre."""
    size, lines = text.fit(CARDS_BY_ID[card].name, face_name_size(w), w - 24, 48, bold=True)
    return size, lines, 12 + len(lines) * text.line_height(size, True) + 26


AUTO_LABEL = 11
"""The size of the AUTOMATIC label at a card face's foot."""


def _face_foot(card: str) -> int:
    """The room under a card face's words: for an automatic card its AUTOMATIC label as tall
    as it draws, with a gap above (with larger text Escape Pod's "them." ran into it)."""
    if not CARDS_BY_ID[card].automatic:
        return 26
    return max(26, 8 + text.line_height(AUTO_LABEL, True) + 8)


def card_height(card: str, w: int, size: int = 14) -> int:
    """How tall a `w`-wide face of `card` must be for its words whole at `size`."""
    _, _, cy = _face_name(card, w)
    lines = text.wrap(CARDS_BY_ID[card].text, size, w - 24)
    return cy + 30 + len(lines) * text.line_height(size) + _face_foot(card)


@cached(16, max_mb=3)
def card_face(card: str, w: int, h: int, size: int = 14) -> pygame.Surface:
    """A large Advancement card: its name (at `face_name_size`, one size for every card), an
    emblem and its line (at `size`, the same for every card where `h` is `card_height`'s room
    for the longest; smaller only where `h` leaves too little room)."""
    d = CARDS_BY_ID[card]
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, (36, 30, 70), r, border_radius=12)
    pygame.draw.rect(s, (120, 100, 220), r, 3, border_radius=12)
    pygame.draw.rect(s, (60, 50, 110), r.inflate(-14, -14), 1, border_radius=8)
    # (the name's size once took over `size`, so a short line was drawn at the name's 18 and
    # a long one shrank toward 14: every card's words a different size)
    nsize, lines, cy = _face_name(card, w)
    lh = text.line_height(nsize, True)
    for i, line in enumerate(lines):
        text.blit(s, line, nsize, theme.CREAM, (w // 2, 12 + i * lh), "midtop", bold=True)
    pygame.draw.circle(s, (80, 60, 160), (w // 2, cy), 20)
    pygame.draw.circle(s, theme.SPARK, (w // 2, cy), 20, 2)
    draw_emblem(s, d.effect, (w // 2, cy), 14, theme.SPARK)
    top = cy + 30
    tsize, tlines = text.fit(d.text, size, w - 24, h - top - _face_foot(card))
    tlh = text.line_height(tsize)
    for i, line in enumerate(tlines):
        text.blit(s, line, tsize, theme.CREAM, (w // 2, top + i * tlh), "midtop")
    if d.automatic:
        text.blit(s, "AUTOMATIC", AUTO_LABEL, theme.MINT, (w // 2, h - 8), "midbottom",
                  bold=True)
    return s


def draw_draft(surface: pygame.Surface, title: str, offer: tuple[str, ...], focus: int,
               t: float, show_focus: bool) -> None:
    """Keep one of two cards: both faces, the focused one ringed."""
    box, rects = draft_rects()
    surface.blit(_modal_box(box.w, box.h, title, DRAFT_HINT), (box.x - 12, box.y - 12))
    for i, (card, r) in enumerate(zip(offer, rects, strict=False)):
        surface.blit(card_face(card, r.w, r.h), r)
        if show_focus and i == focus:
            focus_ring(surface, r, theme.SPARK, t, 12)


def draw_chooser(surface: pygame.Surface, title: str, labels: list[str], focus: int,
                 t: float, faction: int | None = None, hint: str = CHOOSER_HINT) -> None:
    """A card's targets: one row each, the focused one ringed (`chooser_rects`)."""
    box, rows = chooser_rects(len(labels), faction, hint)
    surface.blit(_modal_box(box.w, box.h, title, hint), (box.x - 12, box.y - 12))
    for i, (label, r) in enumerate(zip(labels, rows, strict=True)):
        surface.blit(_option(label, r.w, r.h, i == focus), r.topleft)
        if i == focus:
            focus_ring(surface, r, theme.SPARK, t, 8)


@cached(32, max_mb=2)
def _option(label: str, w: int, h: int, focused: bool) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = s.get_rect()
    panel(s, r, theme.INK_3 if focused else theme.INK_2, radius=8, border=theme.LINE,
          border_w=1, shadow=0)
    size, lines = text.fit(label, 15, w - 20, h - 4)
    text.blit(s, lines[0], size, theme.CREAM, (12, h // 2), "midleft")
    return s


@cached(8, max_mb=4)
def _modal_box(w: int, h: int, title: str, hint: str) -> pygame.Surface:
    s = pygame.Surface((w + 24, h + 24), pygame.SRCALPHA)
    r = pygame.Rect(12, 12, w, h)
    # opaque: the panel under a chooser showed through it (a stranger's larger text)
    panel(s, r, theme.INK, radius=16, border=theme.SPARK, border_w=2, shadow=12, alpha=255)
    hint_y = modal_tops(w, hint)[0]
    size, lines = text.fit(title, 20, w - 32, hint_y - 10, bold=True)
    text.blit(s, lines[0], size, theme.CREAM, (r.centerx, r.y + 10), "midtop", bold=True)
    hsize, hlines = text.fit(hint, HINT_PX, w - 32, hint_height(w, hint))
    for i, line in enumerate(hlines):  # the box leaves it room (`hint_height`)
        text.blit(s, line, hsize, theme.MUTED,
                  (r.centerx, r.y + hint_y + i * text.line_height(hsize)), "midtop")
    return s


# ---------------------------------------------------------------------------------------------
# The end
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreRow:
    """One seat on the final score sheet (from `rules.score_breakdown`)."""

    name: str
    faction: int
    survivors: int
    survivor_points: int
    destroyed: tuple[int, int, int]
    """Enemy planets destroyed, by 1, 2 and 3 dots."""
    own_destroyed: int
    total: int
    winner: bool


OVER_BOX = pygame.Rect(0, 0, 820, 420)
OVER_BOX.center = (640, 360)
"""The score sheet's frame at its tallest (four seats); `over_box` fits it to the rows."""
COLUMNS = ("Survivors", "1-dot", "2-dot", "3-dot", "Total")


def over_box(rows: int) -> pygame.Rect:
    """The score sheet's frame for `rows` seats: as tall as its rows and why the match
    ended need, centred a little above the end-of-match bar (no empty band under two rows)."""
    h = min(OVER_BOX.h, 88 + 34 + 60 * max(1, rows) + 52)
    r = pygame.Rect(0, 0, OVER_BOX.w, h)
    r.center = (640, 330)
    return r


@cached(4, max_mb=4)
def over_sheet(title: str, rows: tuple[ScoreRow, ...], hint: str) -> pygame.Surface:
    """The final score sheet: a row per seat, points per kind of planet, the winners starred,
    and under them `hint` (why the match ended)."""
    box = over_box(len(rows))
    s = pygame.Surface((box.w + 24, box.h + 24), pygame.SRCALPHA)
    r = pygame.Rect(12, 12, box.w, box.h)
    panel(s, r, theme.INK, radius=18, border=theme.SPARK, border_w=3, shadow=12, alpha=246)
    size, lines = text.fit(title, 30, r.w - 40, 44, bold=True)
    text.blit(s, lines[0], size, theme.SPARK, (r.centerx, r.y + 14), "midtop", bold=True,
              shadow=True)
    name_x = r.x + 30
    col_x = [r.x + 330 + i * 100 for i in range(len(COLUMNS))]
    text.blit(s, "2 points per planet left · 3/4/5 per enemy 1/2/3-dot planet destroyed", 13,
              theme.MUTED, (r.centerx, r.y + 58), "midtop")
    head_y = r.y + 88
    for label, x in zip(COLUMNS, col_x, strict=True):
        text.blit(s, label, 14, theme.MUTED, (x, head_y), "midtop")
    y = head_y + 34
    row_h = min(60, (r.bottom - 60 - y) // max(1, len(rows)))
    for row in rows:
        colour = art.faction_colour(row.faction)
        band = pygame.Rect(r.x + 16, y, r.w - 32, row_h - 6)
        panel(s, band, theme.INK_3 if row.winner else theme.INK_2, radius=10,
              border=colour if row.winner else theme.LINE, border_w=2, shadow=0)
        seat_shape(s, art.faction_shape(row.faction), (name_x + 6, band.centery), 10, colour)
        if row.winner:
            burst(s, (name_x + 34, band.centery), 10, 4.5, 5, theme.SPARK, -math.pi / 2)
        text.blit(s, text.ellipsize(row.name, 18, 200, bold=True), 18, theme.CREAM,
                  (name_x + 52, band.centery), "midleft", bold=True)
        cells = (f"{row.survivors} × {row.survivor_points // max(1, row.survivors)}"
                 if row.survivors else "–",
                 *(f"{n} × {p}" if n else "–" for n, p in zip(row.destroyed, (3, 4, 5),
                                                              strict=True)),
                 str(row.total))
        for i, (cell, x) in enumerate(zip(cells, col_x, strict=True)):
            last = i == len(cells) - 1
            text.blit(s, cell, 22 if last else 15, theme.SPARK if last else theme.CREAM,
                      (x, band.centery), "center", bold=last)
        y += row_h
    if hint:
        hsize, hlines = text.fit(hint, 15, r.w - 40, 22)
        text.blit(s, hlines[0], hsize, theme.CREAM, (r.centerx, r.bottom - 18), "midbottom")
    return s
