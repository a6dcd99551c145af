"""Kaboom! An Explosive Card Game's art, drawn by code and kept in bounded caches.

A card face is its category's colour with the category's shape behind the pictogram (attack a
burst, wall a brick band, defence a shield, special a diamond, character a round portrait,
endgame a hexagon, the same shape small in the corner), so no card is told apart by colour
alone; the name always, power or strength pips for explosives and walls, and the rule line once
the card is tall enough. Text is fitted to the card: wrapped, made smaller down to a floor, a
short name on the smallest cards, and never spills out. The deck registers itself with the card
sprites on import (``CardSprite(deck=DECK)``).

Run ``python -m game.games.blast.art --sheet /tmp/blast_sheet.png`` for a contact sheet.
"""

from __future__ import annotations

import argparse
import math
import random
from dataclasses import dataclass

import pygame

from game.core.voice import article, capitalise
from game.games.blast import data, icons
from game.tabletop import sprites
from game.ui import text, theme
from game.ui.cache import cached

Colour = tuple[int, int, int]

DECK = "blast"
"""The sprite deck name of these cards."""

CATEGORY_COLOURS: dict[str, Colour] = {
    "attack": (214, 52, 60),
    "wall": (158, 102, 56),
    "special": (128, 84, 200),
    "defence": (40, 120, 206),
    "character": (34, 146, 104),
    "endgame": (226, 172, 48),
}
CATEGORY_SHAPES: dict[str, str] = {
    "attack": "burst",
    "wall": "brick",
    "special": "diamond",
    "defence": "shield",
    "character": "circle",
    "endgame": "hexagon",
}
ENDGAME_BODY: Colour = (44, 38, 62)
"""The endgame cards are night-dark with gold, where the others are their colour."""
PAPER: Colour = (252, 248, 238)
INK: Colour = (34, 26, 40)
DIM_PIP: Colour = (92, 84, 104)
WALL_PIP: Colour = (234, 196, 150)
"""A lit brick of a wall's strength pips."""

SHORT_NAMES: dict[str, str] = {
    data.ARROW: "Arrow",
    data.PIPE: "Pipe",
    data.NUKE: "Nuke",
    data.BLAST_SHIELD: "Shield",
    data.CHEMIST: "Chemist",
    data.UNDERMINER: "Underminer",
    data.INSPECTOR: "Inspector",
    data.TWIST: "Twist",
    data.PROTESTS: "Protests",
    data.EARTHQUAKE: "Quake",
    data.ADVANCED_TECH: "Tech",
    data.ALIENS: "Aliens",
    data.CHRISTMAS: "Xmas",
    data.FORCE_FIELD: "Field",
    data.STONE: "Stone",
    data.IRON: "Iron",
    data.STEEL: "Steel",
}
"""Names for the smallest cards, used only when the full name cannot fit."""

NAME_MIN_PX = 8
"""The smallest a card's name is drawn (px) on a card too small for `NAME_FLOOR_PX`."""
NAME_FLOOR_PX = 11
"""The smallest a card's name is drawn (px at normal text, grown with larger text) on a card
of the table's sizes: a long name wraps to two lines (or is condensed) before it shrinks
under it (a stranger read "Flaming Arrow" and "Stone Wall" at about 7 px)."""
NAME_FLOOR_W = 60
"""Cards at least this wide hold their name at `NAME_FLOOR_PX` (the wall icons are smaller)."""
RULE_MIN_PX = 7
"""The smallest a card's rule line is drawn (px)."""
RULE_MIN_H = 108
"""Cards at least this tall print their rule line."""
FULL_RULE_H = 200
"""Cards at least this tall (the preview, the rules page) print the card's full rule line;
smaller ones (the hand) print its gist (`data.GISTS`) at a size read at a glance: the full
line on a hand card came out about 7 px, readable only in the preview."""
GIST_MIN_PX = 10
"""The smallest a hand card's gist is drawn (px at 1280x720)."""
HAND_NAME_PX = 15
"""A hand card's name is never drawn smaller than this (logical px): 12 px on screen in the
smallest window, 1024x576, whose canvas is drawn at 0.8 (a stranger read 8-9 px hand cards)."""
HAND_GIST_PX = 14
"""A hand card's gist is never drawn smaller than this (logical px, 11 px on screen at
1024x576); a gist that does not fit at it is left off the card, to the large preview."""
READ_W = 240
"""A card at least this wide is the hovered or focused card's preview, drawn to be read."""
READ_RULE_PX = 20
"""The preview's rule line is never smaller than this (logical px): 16 px on screen even in the
smallest window, 1024x576 (a stranger read 9 px card words at four seats and at 1024x576)."""
READ_ART = 0.2
"""The preview's picture keeps at least this share of its height for the words' sake (divided
by the text scale with larger text, whose words take more of it)."""
ART_SHARE = 0.3
"""The picture keeps at least this share of a card's height, whatever the rule line needs."""
ART_FLOOR = 0.28
"""With larger text the picture gives the rule line some of its share, down to this one."""
LARGE_ART_KEEP = 0.8
"""With larger text a hand card's picture keeps this share of its normal-text height and gives
the rest to its name and gist, which grow with the text (they stayed their normal size and a
stranger with larger text on could not read the hand; at two thirds the pictures looked
shrunk)."""
CONDENSE_MIN = 0.62
"""A word may be squeezed to this share of its width before it is cut short."""

BADGE_KINDS: dict[str, tuple[str, Colour]] = {
    "diplomacy": ("dove", (120, 186, 250)),
    "epidemic": (data.EPIDEMIC, (56, 128, 64)),
    "advanced_technology": (data.ADVANCED_TECH, (36, 56, 108)),
    "eliminated": ("skull", (196, 40, 52)),
}
"""Status badge kinds: the pictogram and the disc colour."""


def category_colour(category: str) -> Colour:
    """The colour of a card category (attack, wall, special, defence, character, endgame)."""
    return CATEGORY_COLOURS[str(category)]


def category_shape(category: str) -> str:
    """The shape that stands for a category, so colour is never the only cue."""
    return CATEGORY_SHAPES[str(category)]


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _shade(c: Colour, k: float) -> Colour:
    return (max(0, min(255, round(c[0] * k))), max(0, min(255, round(c[1] * k))),
            max(0, min(255, round(c[2] * k))))


def _alpha(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert_alpha() if pygame.display.get_surface() else surf


def _fonts() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


def shape_points(shape: str, rect: pygame.Rect | tuple[float, float, float, float]
                 ) -> list[tuple[float, float]]:
    """The outline of a category shape filling `rect` (every shape but "brick")."""
    x, y, w, h = (float(v) for v in rect)
    cx, cy = x + w / 2, y + h / 2
    r = min(w, h) / 2
    if shape == "burst":
        return icons.star(cx, cy, r, r * .62, 10, -math.pi / 2)
    if shape == "diamond":
        return [(cx, cy - r), (cx + r * .82, cy), (cx, cy + r), (cx - r * .82, cy)]
    if shape == "hexagon":
        return [(cx + r * math.cos(a), cy + r * math.sin(a))
                for a in (math.pi / 6 + i * math.pi / 3 for i in range(6))]
    if shape == "shield":
        top, bottom = cy - r * .92, cy + r
        side = [(cx + r * .86, top + r * .12)] + icons.bez(
            (cx + r * .86, cy + r * .08), (cx + r * .8, cy + r * .7), (cx, bottom), 8)
        return [(cx - r * .86, top + r * .12), (cx, top)] + side + \
            [(2 * cx - px, py) for px, py in side[-2:0:-1]]
    if shape == "circle":
        return [(cx + r * math.cos(i * math.tau / 32), cy + r * math.sin(i * math.tau / 32))
                for i in range(32)]
    raise ValueError(f"no polygon for shape {shape!r}")


def draw_shape(surface: pygame.Surface, shape: str, rect: pygame.Rect, colour: Colour,
               outline: Colour | None = None, width: int = 1) -> None:
    """A category shape filling `rect`: the brick is a little wall of three bricks."""
    if shape == "brick":
        bh = rect.h / 3
        rows = ((0.0, 1.0), (-0.5, 0.5, 1.5), (0.0, 1.0))
        clip = surface.get_clip()
        surface.set_clip(rect)
        for i, starts in enumerate(rows):
            for sx in starts:
                b = pygame.Rect(round(rect.x + sx * rect.w / 2), round(rect.y + i * bh),
                                round(rect.w / 2), round(bh))
                pygame.draw.rect(surface, colour, b)
                if outline:
                    pygame.draw.rect(surface, outline, b, width)
        surface.set_clip(clip)
        if outline:
            pygame.draw.rect(surface, outline, rect, width)
        return
    if shape == "circle":
        pygame.draw.circle(surface, colour, rect.center, min(rect.w, rect.h) / 2)
        if outline:
            pygame.draw.circle(surface, outline, rect.center, min(rect.w, rect.h) / 2, width)
        return
    pts = shape_points(shape, rect)
    pygame.draw.polygon(surface, colour, pts)
    if outline:
        pygame.draw.polygon(surface, outline, pts, width)


# ---------------------------------------------------------------------------------------------
# Text fitting (below the UI's MIN_PX: card faces are pictures, and must fit the smallest hand)
# ---------------------------------------------------------------------------------------------


def line_step(size: int) -> int:
    """The distance between lines of card text at `size`."""
    return round(size * 1.18) + 1


def _font(size: int, bold: bool) -> pygame.font.Font:
    _fonts()
    return theme.font(size, bold)


TEXT_SS = 3
"""Text smaller than SHARP_PX is drawn this much larger and scaled down: even letter spacing
where the font's hinting would bunch tiny letters."""
SHARP_PX = 13


def _measure(words: str, size: int, bold: bool) -> int:
    """The width of `words` as `_label` draws them."""
    if size < SHARP_PX:
        return math.ceil(_font(size * TEXT_SS, bold).size(words)[0] / TEXT_SS)
    return int(_font(size, bold).size(words)[0])


def _wrap(words: str, size: int, width: int, bold: bool) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in words.split():
        cand = f"{line} {word}" if line else word
        if line and _measure(cand, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = cand
    if line:
        lines.append(line)
    return lines


@dataclass(frozen=True)
class Fit:
    """Text fitted to a box: its size, its lines and how much its widest line is squeezed."""

    size: int
    lines: tuple[str, ...]
    squeeze: float = 1.0

    @property
    def height(self) -> int:
        return line_step(self.size) * len(self.lines)


@cached(512)
def fit_text(words: str, largest: int, smallest: int, width: int, height: int, bold: bool,
             max_lines: int, prefer_one_line: bool = False) -> Fit:
    """The largest size from `largest` down to `smallest` at which `words` wraps into
    `width` x `height` in at most `max_lines`. Failing that, at `smallest`: a word too wide is
    squeezed (down to CONDENSE_MIN), lines that do not fit are dropped and the last kept line
    ends in an ellipsis."""
    largest = max(largest, smallest)
    width = max(4, width)
    sizes = range(largest, smallest - 1, -1)
    if prefer_one_line:  # a title: one line a little smaller beats two lines
        for s in sizes:
            if s < largest * .78:
                break
            if _measure(words, s, bold) <= width and line_step(s) <= height:
                return Fit(s, (words,))
    for s in sizes:
        lines = _wrap(words, s, width, bold)
        if len(lines) <= max_lines and len(lines) * line_step(s) <= height and \
                all(_measure(ln, s, bold) <= width for ln in lines):
            return Fit(s, tuple(lines))
    s = smallest
    lines = _wrap(words, s, width, bold)
    keep = max(1, min(max_lines, height // line_step(s)))
    if len(lines) > keep:
        lines = lines[:keep]
        last = lines[-1]
        while last and _measure(last + "…", s, bold) > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    widest = max(_measure(ln, s, bold) for ln in lines)
    squeeze = 1.0
    if widest > width:
        squeeze = max(CONDENSE_MIN, width / widest)
        for i, ln in enumerate(lines):
            cut = ln
            while len(cut) > 1 and _measure(cut, s, bold) * squeeze > width:
                cut = cut[:-2] + "."
            lines[i] = cut
    return Fit(s, tuple(lines), squeeze)


@cached(800, max_mb=4)
def _label(words: str, size: int, colour: Colour, bold: bool, squeeze: float = 1.0
           ) -> pygame.Surface:
    ss = TEXT_SS if size < SHARP_PX else 1
    img = _font(size * ss, bold).render(words, True, colour)
    if ss > 1 or squeeze < 1.0:
        img = pygame.transform.smoothscale(
            img.convert_alpha() if pygame.display.get_surface() else img,
            (max(1, round(img.get_width() * squeeze / ss)), max(1, round(img.get_height() / ss))))
    return img


def _draw_fit(surface: pygame.Surface, fit: Fit, box: pygame.Rect, colour: Colour, bold: bool,
              shadow: Colour | None = None) -> None:
    """Fitted lines centred in `box`."""
    step = line_step(fit.size)
    y0 = box.centery - fit.height / 2
    for i, ln in enumerate(fit.lines):
        img = _label(ln, fit.size, colour, bold, fit.squeeze)
        centre = (box.centerx, round(y0 + step * (i + .5)))
        if shadow is not None:
            sh = _label(ln, fit.size, shadow, bold, fit.squeeze)
            off = max(1, fit.size // 12)
            surface.blit(sh, sh.get_rect(center=(centre[0] + off, centre[1] + off)))
        surface.blit(img, img.get_rect(center=centre))


# ---------------------------------------------------------------------------------------------
# Card faces
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FaceLayout:
    """Where a face's parts go at one size, and the text as fitted there."""

    frame: int
    header: pygame.Rect
    art: pygame.Rect
    rule_box: pygame.Rect | None
    name: Fit
    rule: Fit | None


def acting_text(card_id: str, power: int) -> str:
    """The rule line of an explosive as it will act at rank `power` (its printed line when
    not upgraded): 'Upgraded: hits like TNT. Destroys one palisade, stone or iron wall. A
    Fizzle or Blast Shield still cancels it.' (a stranger read a Chemist's C4 'hits like an
    RPG' as past a Blast Shield: defences answer the printed card)."""
    card = data.CARDS[card_id]
    if not card.is_explosive or power <= card.power:
        return card.text
    like = next(c for c in data.EXPLOSIVES if data.CARDS[c].power == min(power, data.RPG_POWER))
    name = data.CARDS[like].name
    a = "" if like in (data.TNT, data.C4) else "an " if name[0] in "AEIOR" else "a "
    still = data.printed_answers(card_id)
    names = " or ".join(data.CARDS[c].name for c in still)
    tail = f" {capitalise(article(names))} {names} still cancels it." if still else ""
    return f"Upgraded: hits like {a}{name}. {data.CARDS[like].text}{tail}"



def acting_gist(card_id: str, power: int) -> str:
    """A hand card's few words: the gist, or for an upgraded explosive the explosive it hits
    like ('Hits like a Pipe Bomb.'; the preview says what that breaks)."""
    card = data.CARDS[card_id]
    if not card.is_explosive or power <= card.power:
        return data.GISTS[card_id]
    like = next(c for c in data.EXPLOSIVES if data.CARDS[c].power == min(power, data.RPG_POWER))
    name = data.CARDS[like].name
    a = "" if like in (data.TNT, data.C4) else "an " if name[0] in "AEIOR" else "a "
    return f"Hits like {a}{name}."


@cached(512)
def face_layout(card_id: str, w: int, h: int, power: int = 0) -> FaceLayout:
    """The parts of a card face at w x h, with its name (and rule line) fitted; `power` above
    an explosive's printed rank fits the line it acts by (`acting_text`)."""
    return _face_layout(card_id, w, h, power, text.scale())


def _face_layout(card_id: str, w: int, h: int, power: int, scale: float) -> FaceLayout:
    """`face_layout` for text `scale`. On a card with a gist (a hand card) larger text takes
    some of the picture's room, no more than LARGE_ART_KEEP leaves: the name and the gist grow
    (they stayed their normal size, too small for a stranger who had asked for larger text),
    the name onto two lines only where the gist does not shrink for it. A card large enough
    for its whole rule (the hovered or focused card's preview) is where the words are read
    large: there the rule box grows into the picture as before."""
    lay = _face_layout_at(card_id, w, h, power, scale, False)
    if scale <= 1.0 or h >= FULL_RULE_H:
        return lay
    base = _face_layout_at(card_id, w, h, power, 1.0, False)
    if lay.rule is None:  # larger text left off the rule line normal text prints: keep it
        return base

    def fits(f: FaceLayout) -> bool:  # its words no smaller than at normal text, none cut
        return f.name.size >= base.name.size and len(" ".join(f.name.lines)) >= len(
            " ".join(base.name.lines)) and (  # nor a name shorter than there
            f.rule is None or base.rule is None or f.rule.size >= base.rule.size
            and not f.rule.lines[-1].endswith("…") and f.rule.squeeze >= base.rule.squeeze)

    if fits(lay):
        return lay
    one = _face_layout_at(card_id, w, h, power, scale, True)  # the name on one line, so the
    return one if fits(one) else base  # gist keeps its room; else as at normal text


def _face_layout_at(card_id: str, w: int, h: int, power: int, scale: float,
                    one_line: bool) -> FaceLayout:
    """`_face_layout` with the name on one line (`one_line`) or two where they fit."""
    card = data.CARDS[card_id]
    full = h >= FULL_RULE_H
    rule_text = acting_text(card_id, power) if full else acting_gist(card_id, power)
    base = _face_layout_at(card_id, w, h, power, 1.0, False) if scale > 1.0 and not full \
        else None
    b = max(2, round(w * .045))
    inner_w = w - 2 * b
    pad = max(1, round(w * .03))
    name_largest = round((4 + w * .085) * scale)
    name_smallest = round(NAME_FLOOR_PX * max(1.0, scale)) if w >= NAME_FLOOR_W \
        else NAME_MIN_PX
    hand = not full and w >= NAME_FLOOR_W  # a hand-size card: its words read in the hand
    if hand:
        name_smallest = max(name_smallest, HAND_NAME_PX)
    name_largest = max(name_largest, name_smallest)
    name_room = max(line_step(NAME_MIN_PX), round(h * .2 * (scale if base else 1.0)))
    if w >= NAME_FLOOR_W:  # room for two lines at the floor: a long name wraps, not shrinks
        name_room = max(name_room, 2 * line_step(name_smallest))
    if base is not None:  # the name band grows with the text, as far as the picture lets it
        name_room = min(name_room, h - 2 * b - max(math.ceil(base.art.h * LARGE_ART_KEEP),
                                                   min(base.art.h, math.ceil(h * ART_FLOOR)))
                        - (base.rule_box.h if base.rule_box else 0))
        if one_line:
            name_room = min(name_room, line_step(name_largest) + 1)
        if w >= NAME_FLOOR_W:
            name_room = max(name_room, (1 if one_line else 2) * line_step(name_smallest))
    name = fit_text(card.name, name_largest, name_smallest, inner_w - 2 * pad, name_room, True,
                    1 if one_line else 2, True)
    if name_smallest > max(NAME_FLOOR_PX, HAND_NAME_PX if hand else 0) and (
            name.squeeze < 1 or name.lines[-1].endswith("…")):
        # larger text grows a name only as far as it stays whole
        name_smallest = max(NAME_FLOOR_PX, HAND_NAME_PX if hand else 0)
        name = fit_text(card.name, name_largest, name_smallest, inner_w - 2 * pad, name_room,
                        True, 1 if one_line else 2, True)
    short = SHORT_NAMES.get(card_id)
    if short and (name.squeeze < 1 or name.lines[-1].endswith(("…", "."))
                  or name.size < NAME_MIN_PX + 1 and len(name.lines) > 1 and h < 90):
        name = fit_text(short, name_largest, name_smallest, inner_w - 2 * pad, name_room, True,
                        1)
    header_h = max(round(h * .12), name.height + 2 * max(1, round(h * .018)))
    header = pygame.Rect(b, b, inner_w, header_h)
    rule: Fit | None = None
    rule_box: pygame.Rect | None = None
    bottom = h - b
    dropped = False  # a hand card's gist too long for it at a readable size
    if h >= RULE_MIN_H:
        rpad = 2 if hand else max(2, round(w * .04))
        largest = round((2 + w * .062) * scale) if full else round((3 + w * .09) * scale)
        smallest = RULE_MIN_PX if full else GIST_MIN_PX
        if hand:
            smallest = HAND_GIST_PX
        reading = full and w >= READ_W
        if reading:  # the preview: its words first, the picture gives them the room they need
            smallest = READ_RULE_PX
            if scale > 1.0:  # larger text reads larger than normal text does
                normal = _face_layout_at(card_id, w, h, power, 1.0, False).rule
                smallest = max(smallest, normal.size + 1 if normal is not None else 0)
            largest = max(largest, round(READ_RULE_PX * scale) + 2, smallest)
        box_w = inner_w - 2 * rpad
        # larger text takes its room from the picture: the rule box may grow by the text's
        # scale and the art shrink by it, so the words grow on every card, not only on those
        # whose words already had room to spare (a hand card's line stayed its old size)
        grow = max(1.0, scale) ** 2
        picture = round(h * ART_SHARE) if grow == 1.0 \
            else max(1, b // 2) + math.ceil(h * max(ART_SHARE / grow, ART_FLOOR))
        most = min(round(h * .46 * grow), h - header.bottom - b - picture)
        if base is not None:  # the picture keeps most of its normal-text height
            keep = max(math.ceil(base.art.h * LARGE_ART_KEEP),
                       min(base.art.h, math.ceil(h * ART_FLOOR)))
            most = min(round(h * .46 * grow), h - b - header.bottom - keep - max(1, b // 2))
        if reading:
            most = h - header.bottom - b - max(1, b // 2) - math.ceil(h * READ_ART / scale)
        rule = fit_text(rule_text, largest, smallest, box_w,
                        min(most, round(h * (.3 if full else .46 if hand else .38) * grow))
                        - 2 * rpad, False,
                        12)
        if rule.lines[-1].endswith("…") or rule.squeeze < 1:
            rule = fit_text(rule_text, largest, smallest, box_w, most - 2 * rpad, False, 12)
        short = data.SHORT_GISTS.get(card_id)
        if hand and short and rule_text == data.GISTS[card_id] and (
                rule.lines[-1].endswith("…") or rule.squeeze < 1):
            rule = fit_text(short, largest, smallest, box_w, most - 2 * rpad, False, 12)
        if hand and (rule.lines[-1].endswith("…") or rule.squeeze < 1):
            rule, dropped = None, True  # too long at a readable size: the preview reads it
        else:
            box_h = rule.height + 2 * rpad
            rule_box = pygame.Rect(b, h - b - box_h, inner_w, box_h)
            bottom = rule_box.y - max(1, b // 2)
    if not one_line and len(name.lines) > 1 and (dropped or rule is not None and (
            rule.lines[-1].endswith("…") or rule.squeeze < 1)):
        # a name on two lines cut the rule line (or left it off a hand card, whose words must
        # read there): on one line, condensed (or its short name)
        one = _face_layout_at(card_id, w, h, power, scale, True)
        if not dropped or one.rule is not None:
            return one
    art = pygame.Rect(b, header.bottom, inner_w, max(8, bottom - header.bottom))
    return FaceLayout(b, header, art, rule_box, name, rule)


def text_sizes(card_id: str, w: int, h: int) -> tuple[int, int]:
    """The pixel sizes a face at w x h draws its name and its rule line at (0: no rule line)."""
    lay = face_layout(card_id, w, h)
    return lay.name.size, lay.rule.size if lay.rule else 0


def _gradient_card(w: int, h: int, top: Colour, bottom: Colour, radius: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        pygame.draw.line(s, _mix(top, bottom, y / max(1, h - 1)), (0, y), (w, y))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    s.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return s


def _pips(surface: pygame.Surface, centre: tuple[float, float], rank: int, kind: str,
          size: int) -> pygame.Rect:
    """Five pips, `rank` of them lit: bursts for an explosive's power, bricks for a wall's
    strength, on a dark pill; returns the pill."""
    gap = max(1, round(size * .4))
    pw = 5 * size + 4 * gap + 2 * gap
    pill = pygame.Rect(0, 0, pw, size + 2 * max(1, gap * 2 // 3))
    pill.center = (round(centre[0]), round(centre[1]))
    pygame.draw.rect(surface, INK, pill, border_radius=pill.h // 2)
    for i in range(5):
        c = (pill.x + gap + size / 2 + i * (size + gap), pill.centery)
        lit = i < rank
        if kind == "attack":
            if lit:
                pygame.draw.polygon(surface, icons.ORANGE,
                                    icons.star(c[0], c[1], size * .62, size * .3, 6))
                pygame.draw.circle(surface, icons.YELLOW, c, size * .2)
            else:
                pygame.draw.circle(surface, DIM_PIP, c, size * .26)
        else:
            r = pygame.Rect(0, 0, size, round(size * .72))
            r.center = (round(c[0]), round(c[1]))
            if lit:
                pygame.draw.rect(surface, WALL_PIP, r, border_radius=max(1, size // 5))
            else:
                pygame.draw.rect(surface, DIM_PIP, r, 1, border_radius=max(1, size // 5))
    return pill


@cached(320, max_mb=24)
def card_face(card_id: str, w: int, h: int, badge: str = "", power: int = 0) -> pygame.Surface:
    """The face of card type `card_id` at w x h (48x68 up to 240x336 and beyond), cached;
    `power` above an explosive's printed rank draws it as it will act (the Mad Chemist or
    Advanced Technology): its pips lit to that rank, its rule line the upgraded one."""
    card = data.CARDS[card_id]
    power = power if card.is_explosive and power > card.power else 0
    cat = str(card.category)
    col = category_colour(cat)
    shape = category_shape(cat)
    lay = face_layout(card_id, w, h, power)
    b = lay.frame
    radius = max(4, w // 9)
    endgame = cat == "endgame"
    body = ENDGAME_BODY if endgame else col
    s = _gradient_card(w, h, _mix(body, (255, 255, 255), .14), _shade(body, .78), radius)
    pygame.draw.rect(s, _shade(body, .5), s.get_rect(), max(1, w // 60), border_radius=radius)
    if endgame:
        pygame.draw.rect(s, col, s.get_rect().inflate(-b, -b), max(1, b // 2),
                         border_radius=max(2, radius - b // 2))
    # the name
    name_col = col if endgame else theme.CREAM
    _draw_fit(s, lay.name, lay.header, name_col, True, shadow=_shade(body, .45))
    # the picture window: the category shape behind the pictogram
    art = lay.art
    tint = _mix(col, PAPER, .8 if not endgame else .72)
    rad = max(2, radius - b)
    pygame.draw.rect(s, tint, art, border_radius=rad)
    has_pips = card.power > 0 or card.strength > 0
    pip = max(3, round(w * .066))
    pill_h = pip + 2 * max(1, round(pip * .4) * 2 // 3)
    room = art.inflate(-2, -2)
    if has_pips:
        room.h -= pill_h // 2 + 1
    shape_col = _mix(col, PAPER, .5)
    shade_line = _mix(col, INK, .35)
    if shape == "brick":
        band = pygame.Rect(art.x, art.bottom - art.h * .42, art.w, art.h * .42)
        clip = s.get_clip()
        s.set_clip(art.inflate(-1, -1))
        bh = max(3, round(band.h / 3))
        bw = max(6, bh * 2)
        for row in range(3):
            y = band.y + row * bh
            x0 = band.x - (bw // 2 if row % 2 else 0)
            for x in range(x0, band.right, bw):
                r = pygame.Rect(x, y, bw, bh)
                pygame.draw.rect(s, shape_col, r)
                pygame.draw.rect(s, _mix(col, PAPER, .68), r, max(1, bh // 6))
        s.set_clip(clip)
    else:
        side = min(room.w, room.h) * (1.0 if shape == "burst" else .94)
        srect = pygame.Rect(0, 0, round(side), round(side))
        srect.center = room.center
        draw_shape(s, shape, srect, shape_col, _mix(col, PAPER, .3), max(1, w // 70))
    size = max(8, round(min(room.w, room.h) * (.9 if shape != "burst" else .82)))
    if shape == "brick":
        size = max(8, round(min(room.w * .92, room.h * .98)))
    pic = icons.icon(card_id, size)
    s.blit(pic, pic.get_rect(center=room.center))
    pygame.draw.rect(s, shade_line, art, max(1, w // 80), border_radius=rad)
    # the corner emblem: the category shape, small
    e = max(8, round(w * .15))
    emblem = pygame.Rect(art.x + max(1, b // 2), art.y + max(1, b // 2), e, e)
    if shape == "brick":
        emblem.h = round(e * .75)
    draw_shape(s, shape, emblem, col, INK if shape != "brick" else _shade(col, .55),
               max(1, e // 9))
    if has_pips:
        kind = "attack" if card.power else "wall"
        _pips(s, (art.centerx, art.bottom - pill_h // 2 - max(1, b // 2)),
              power or card.power or card.strength, kind, pip)
    # the rule line
    if lay.rule is not None and lay.rule_box is not None:
        pygame.draw.rect(s, PAPER, lay.rule_box, border_radius=rad)
        pygame.draw.rect(s, shade_line, lay.rule_box, max(1, w // 80), border_radius=rad)
        _draw_fit(s, lay.rule, lay.rule_box, INK, False)
    if badge:
        bsize = max(8, round(h * .075))
        img = _label(badge, bsize, theme.SPARK, True)
        pill = pygame.Rect(0, 0, max(img.get_width() + bsize, round(w * .3)),
                           max(img.get_height(), round(h * .13)))
        pill.bottomright = (w - b, h - b)
        pygame.draw.rect(s, theme.INK, pill, border_radius=pill.h // 2)
        pygame.draw.rect(s, theme.SPARK, pill, 1, border_radius=pill.h // 2)
        s.blit(img, img.get_rect(center=pill.center))
    return _alpha(s)


# ---------------------------------------------------------------------------------------------
# The back
# ---------------------------------------------------------------------------------------------


@cached(32, max_mb=8)
def card_back(w: int, h: int) -> pygame.Surface:
    """The deck's back: a red sunburst, a lit bomb on a spark and the KABOOM! wordmark."""
    ss = 2
    W, H = w * ss, h * ss
    radius = max(4, w // 9) * ss
    base = _gradient_card(W, H, (196, 50, 52), (120, 24, 40), radius)
    rays = pygame.Surface((W, H), pygame.SRCALPHA)
    c = (W / 2, H * .44)
    n = 24
    far = math.hypot(W, H)
    for i in range(0, n, 2):
        a0, a1 = i * math.tau / n, (i + 1) * math.tau / n
        pygame.draw.polygon(rays, (255, 150, 70, 60), [c, (c[0] + far * math.cos(a0),
                                                           c[1] + far * math.sin(a0)),
                                                       (c[0] + far * math.cos(a1),
                                                        c[1] + far * math.sin(a1))])
    for r in range(round(W * .5), 0, -max(2, W // 40)):
        pygame.draw.circle(rays, (255, 200, 90, 10), c, r)
    mask = pygame.Surface((W, H), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    rays.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    base.blit(rays, (0, 0))
    inset = max(3, round(W * .05))
    frame = base.get_rect().inflate(-inset * 2, -inset * 2)
    pygame.draw.rect(base, theme.CREAM, frame, max(1, ss * max(1, w // 60)),
                     border_radius=max(2, radius - inset))
    for corner in (frame.topleft, frame.topright, frame.bottomleft, frame.bottomright):
        pygame.draw.polygon(base, theme.SPARK, icons.star(corner[0], corner[1], inset * .9,
                                                           inset * .4, 4, 0))
    burst_r = W * .36
    pygame.draw.polygon(base, INK, icons.star(c[0], c[1], burst_r * 1.06, burst_r * .64, 12, .1))
    pygame.draw.polygon(base, theme.SPARK, icons.star(c[0], c[1], burst_r, burst_r * .6, 12, .1))
    pygame.draw.polygon(base, theme.FUSE, icons.star(c[0], c[1], burst_r * .72, burst_r * .44,
                                                      12, .35))
    bomb = icons.icon("bomb", max(8, round(w * .52)))
    bomb = pygame.transform.smoothscale(bomb, (bomb.get_width() * ss, bomb.get_height() * ss))
    base.blit(bomb, bomb.get_rect(center=(c[0], c[1] + W * .02)))
    out = pygame.transform.smoothscale(base, (w, h))
    if w >= 60:  # the wordmark, on a ribbon
        size = max(8, round(w * .17))
        word = _outlined_word("KABOOM!", size)
        if word.get_width() > w * .86:
            k = w * .86 / word.get_width()
            word = pygame.transform.smoothscale(word, (round(word.get_width() * k),
                                                       round(word.get_height() * k)))
        word = pygame.transform.rotozoom(word, 6, 1.0)
        out.blit(word, word.get_rect(center=(w / 2, h * .8)))
    return _alpha(out)


def _outlined_word(words: str, size: int) -> pygame.Surface:
    """Bold spark-yellow lettering with a thick ink edge (the Kaboom! mark)."""
    fill = _font(size, True).render(words, True, theme.SPARK)
    edge = _font(size, True).render(words, True, INK)
    o = max(1, size // 9)
    s = pygame.Surface((fill.get_width() + 2 * o, fill.get_height() + 2 * o + o), pygame.SRCALPHA)
    for dx in range(-o, o + 1):
        for dy in range(-o, o + 2):
            if dx * dx + dy * dy <= (o + .5) ** 2 + 1:
                s.blit(edge, (o + dx, o + dy))
    s.blit(fill, (o, o))
    return s


# ---------------------------------------------------------------------------------------------
# Pictograms, walls, tokens, badges
# ---------------------------------------------------------------------------------------------


def icon(card_id: str, size: int) -> pygame.Surface:
    """The card's pictogram alone, size x size, transparent background (cached)."""
    return icons.icon(card_id, size)


DAMAGE_STEPS = 20
"""Wall damage is drawn in this many steps (each a cached image)."""


def wall_piece(card_id: str, w: int, h: int, damage: float = 0.0) -> pygame.Surface:
    """A wall as laid in front of a player, w x h: its material at a glance, five strength pips
    (lit up to its strength, as on its card) and, with `damage` 0..1, cracks and broken chunks."""
    if card_id not in data.WALLS:
        raise KeyError(f"{card_id!r} is not a wall")
    step = round(max(0.0, min(1.0, damage)) * DAMAGE_STEPS)
    return _wall_piece(card_id, w, h, step)


def strength_pips(wall: str) -> tuple[bool, ...]:
    """The five strength pips of `wall`, lit up to its strength (palisade 1 .. steel 4, Force
    Field 5), on the table as on the card in hand. Lit pips once showed the explosives that
    break it, so the weakest wall (a palisade, five lit) looked the strongest to a stranger."""
    return tuple(i < data.CARDS[wall].strength for i in range(5))


def _cracks(s: pygame.Surface, r: pygame.Rect, damage: float, seed: int, width: int) -> None:
    rng = random.Random(seed)
    n = math.ceil(damage * 6)
    for _ in range(n):
        x = r.x + r.w * (.12 + rng.random() * .76)
        y = float(r.y + r.h * rng.random() * .3)
        pts = [(x, y)]
        length = r.h * (.35 + damage * .8)
        while y < r.y + r.h * .3 + length and y < r.bottom - 1:
            y += r.h * (.1 + rng.random() * .12)
            x += (rng.random() - .5) * r.h * .3
            pts.append((x, min(y, r.bottom - 1.0)))
        if len(pts) > 1:
            pygame.draw.lines(s, (255, 255, 255, 90), False, [(px + 1, py) for px, py in pts],
                              max(1, width // 2))
            pygame.draw.lines(s, (26, 18, 26, 255), False, pts, width)
    if damage >= .45:  # chunks knocked out of the top edge
        for _ in range(round(damage * 4)):
            cx = r.x + r.w * rng.random()
            cw = r.w * (.08 + rng.random() * .1) * damage * 1.4
            depth = r.h * (.12 + rng.random() * .18) * damage
            pygame.draw.polygon(s, (0, 0, 0, 0), [(cx - cw, r.y - 2), (cx + cw, r.y - 2),
                                                  (cx + cw * .4, r.y + depth),
                                                  (cx - cw * .3, r.y + depth * .7)])


def wall_pip(w: int, h: int) -> int:
    """The size in px of one strength pip under a wall w x h: the five span the wall's width
    (4 px each at 1280x720 read as specks: a stranger could not tell a wall's strength)."""
    return max(4, round(min(w * .155, h * .2)))


@cached(200, max_mb=12)
def _wall_piece(card_id: str, w: int, h: int, step: int) -> pygame.Surface:
    ss = 3 if max(w, h) < 120 else 2
    W, H = w * ss, h * ss
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    stroke = max(1, round(min(W, H) * .028))
    pip = wall_pip(w, h) * ss
    gap = max(1, round(pip * .2))
    pill_h = pip + 2 * max(1, gap * 2 // 3)
    pad = stroke * 2
    wall = pygame.Rect(pad, pad, W - 2 * pad, H - 2 * pad - pill_h // 2)
    seed = sum(ord(ch) for ch in card_id)
    icons.draw_wall(big, card_id, wall, stroke, seed)
    damage = step / DAMAGE_STEPS
    if damage > 0:
        _cracks(big, wall, damage, seed + step, max(1, stroke))
        dark = round(255 * (1 - .22 * damage))
        big.fill((dark, dark, dark, 255), special_flags=pygame.BLEND_RGBA_MULT)
    big = icons.outlined(big, stroke)
    pw = 5 * pip + 6 * gap
    pill = pygame.Rect(0, 0, pw, pill_h)
    pill.midbottom = (W // 2, H - 1)
    pygame.draw.rect(big, INK, pill, border_radius=pill_h // 2)
    pygame.draw.rect(big, (255, 255, 255, 70), pill, max(1, ss // 2), border_radius=pill_h // 2)
    for i, on in enumerate(strength_pips(card_id)):  # bricks, as on the card in hand
        c = (pill.x + gap + pip / 2 + i * (pip + gap), pill.centery)
        r = pygame.Rect(0, 0, pip, round(pip * .72))
        r.center = (round(c[0]), round(c[1]))
        if on:
            pygame.draw.rect(big, WALL_PIP, r, border_radius=max(1, pip // 5))
        else:
            pygame.draw.rect(big, DIM_PIP, r, max(1, ss), border_radius=max(1, pip // 5))
    return _alpha(pygame.transform.smoothscale(big, (w, h)))


def _disc(size: int, ring: Colour, fill_top: Colour, fill_bottom: Colour, ss: int
          ) -> tuple[pygame.Surface, pygame.Rect]:
    """A round token: an ink edge, a gold line, a coloured ring and a shaded disc inside."""
    S = size * ss
    s = pygame.Surface((S, S), pygame.SRCALPHA)
    c = (S / 2, S / 2)
    R = S / 2 - ss
    pygame.draw.circle(s, INK, c, R)
    pygame.draw.circle(s, icons.GOLD, c, R * .95)
    pygame.draw.circle(s, ring, c, R * .9)
    inner_r = R * .78
    disc = _gradient_card(round(inner_r * 2), round(inner_r * 2), fill_top, fill_bottom,
                          round(inner_r))
    inner = disc.get_rect(center=(round(c[0]), round(c[1])))
    s.blit(disc, inner)
    return s, inner


@cached(32, max_mb=6)
def character_token(card_id: str, size: int) -> pygame.Surface:
    """A character standing on the table: a round portrait token, size x size."""
    card = data.CARDS[card_id]
    col = category_colour(str(card.category))
    ss = 3 if size < 100 else 2
    s, inner = _disc(size, col, _mix(col, PAPER, .82), _mix(col, PAPER, .5), ss)
    portrait = icons.render(card_id, round(inner.w * 1.04))
    layer = pygame.Surface(inner.size, pygame.SRCALPHA)
    layer.blit(portrait, portrait.get_rect(midbottom=(inner.w // 2, inner.h + inner.h // 14)))
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (inner.w / 2, inner.h / 2), inner.w / 2)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(layer, inner)
    pygame.draw.circle(s, INK, inner.center, inner.w / 2, max(1, ss))
    return _alpha(pygame.transform.smoothscale(s, (size, size)))


@cached(32, max_mb=2)
def status_badge(kind: str, size: int) -> pygame.Surface:
    """A small round badge by a player's name: diplomacy, epidemic, advanced_technology or
    eliminated."""
    if kind not in BADGE_KINDS:
        raise KeyError(f"no status badge {kind!r}")
    name, col = BADGE_KINDS[kind]
    ss = 4 if size < 40 else 2
    S = size * ss
    s = pygame.Surface((S, S), pygame.SRCALPHA)
    c = (S / 2, S / 2)
    pygame.draw.circle(s, INK, c, S / 2 - 1)
    pygame.draw.circle(s, theme.CREAM, c, S / 2 - 1 - max(1, S // 28))
    pygame.draw.circle(s, col, c, S / 2 - 1 - max(2, S // 11))
    pic = icons.render(name, round(S * .74))
    s.blit(pic, pic.get_rect(center=(round(c[0]), round(c[1]))))
    return _alpha(pygame.transform.smoothscale(s, (size, size)))


# ---------------------------------------------------------------------------------------------
# The catalogue picture
# ---------------------------------------------------------------------------------------------


def picture(surface: pygame.Surface) -> None:
    """The catalogue picture at any size: a row of walls, one blown up, and a fan of cards."""
    w, h = surface.get_size()
    u = min(w / 320, h / 180)
    horizon = round(h * .66)
    for y in range(horizon):
        pygame.draw.line(surface, _mix((24, 22, 50), (104, 48, 62), y / max(1, horizon)),
                         (0, y), (w, y))
    rng = random.Random(4)
    for _ in range(round(w * h / 900)):
        sx, sy = rng.random() * w, rng.random() * horizon * .8
        pygame.draw.circle(surface, (255, 246, 220), (sx, sy),
                           max(1.0, u * rng.choice((.6, 1.0, 1.4))))
    pygame.draw.rect(surface, theme.FELT, (0, horizon, w, h - horizon))
    pygame.draw.rect(surface, (54, 128, 102), (0, horizon, w, max(2, round(3 * u))))
    pygame.draw.rect(surface, theme.FELT_DARK, (0, round(h * .9), w, h))
    # the wall row, the middle one going up
    ww, wh = max(12, round(42 * u)), max(9, round(34 * u))
    walls = (data.PALISADE, data.STONE, "", data.IRON, data.STEEL)
    gap = max(2, round(4 * u))
    x0 = w - len(walls) * (ww + gap) - round(6 * u)
    base = horizon + round(18 * u)
    blast = (0.0, 0.0)
    for i, wall in enumerate(walls):
        x = x0 + i * (ww + gap)
        if not wall:
            blast = (x + ww / 2, base - wh * .55)
            continue
        piece = wall_piece(wall, ww, wh, .35 if i == 1 else 0.0)
        surface.blit(piece, (x, base - wh))
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    for r in range(round(90 * u), 0, -max(1, round(6 * u))):
        pygame.draw.circle(glow, (255, 170, 80, 14), blast, r)
    surface.blit(glow, (0, 0))
    bx, by = blast
    br = 44 * u
    pygame.draw.polygon(surface, INK, icons.star(bx, by, br * 1.06, br * .56, 11, .2))
    pygame.draw.polygon(surface, theme.BLAST, icons.star(bx, by, br, br * .52, 11, .2))
    pygame.draw.polygon(surface, theme.FUSE, icons.star(bx, by, br * .72, br * .38, 11, .5))
    pygame.draw.polygon(surface, theme.SPARK, icons.star(bx, by, br * .44, br * .24, 9, .1))
    for _ in range(12):  # flying debris
        a = rng.uniform(-math.pi * .95, -math.pi * .05)
        d = br * rng.uniform(.9, 1.6)
        cx, cy = bx + d * math.cos(a), by + d * math.sin(a)
        sz = u * rng.uniform(3, 6)
        chunk = icons.box(cx, cy, sz * 1.4, sz, rng.uniform(0, 90))
        pygame.draw.polygon(surface, rng.choice((icons.STONE, icons.WOOD, icons.STONE_L)), chunk)
        pygame.draw.polygon(surface, INK, chunk, 1)
    # a fan of cards at the front left
    cw = max(20, round(50 * u))
    ch = round(cw * 1.4)
    pivot = (round(w * .17), h + round(ch * .42))
    for cid, ang in ((data.TNT, 20), (data.RPG, 2), (data.C4, -16)):
        face = card_face(cid, cw, ch)
        turned = pygame.transform.rotozoom(face, ang, 1.0)
        rad = math.radians(ang)
        off = ch * .85
        centre = (pivot[0] - off * math.sin(rad), pivot[1] - off * math.cos(rad))
        shadow = pygame.Surface(turned.get_size(), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 90), special_flags=0)
        shadow.blit(turned, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        shadow.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MIN)
        surface.blit(shadow, shadow.get_rect(center=(centre[0] + 3 * u, centre[1] + 3 * u)))
        surface.blit(turned, turned.get_rect(center=centre))
    word = _outlined_word("KABOOM!", max(8, round(26 * u)))
    word = pygame.transform.rotozoom(word, 8, 1.0)
    surface.blit(word, word.get_rect(center=(bx, max(word.get_height() / 2 + 2, by - br * 1.5))))


RANK_BADGE = "rank:"
"""A sprite's badge `rank:N` draws its explosive as it acts at rank N (no badge shown)."""


def _sprite_face(card_id: str, w: int, h: int, badge: str = "") -> pygame.Surface:
    """The face a table sprite shows: an upgraded explosive in a hand (badge `rank:N`) reads
    as it will act, as the preview does (a hand's Flaming Arrow under its own Mad Chemist
    still said "Breaks a palisade.")."""
    if badge.startswith(RANK_BADGE):
        return card_face(card_id, w, h, power=int(badge[len(RANK_BADGE):]))
    return card_face(card_id, w, h, badge)


sprites.register_deck(DECK, _sprite_face, card_back)


# ---------------------------------------------------------------------------------------------
# Contact sheet
# ---------------------------------------------------------------------------------------------


def contact_sheet(path: str) -> pygame.Surface:
    """Every face at hand size (80x112) and zoomed (200x280), the smallest size (48x68), the
    backs, the walls at damage 0 and 0.5, the tokens, the badges and the picture; saved to
    `path` and returned."""
    _fonts()
    ids = [c.card_id for c in data.CARD_TYPES]
    cols = 8
    sheet = pygame.Surface((cols * 212 + 12, 3000))
    sheet.fill(theme.INK)
    y = 10
    for i, cid in enumerate(ids):  # hand size and the smallest
        x = 10 + (i % cols) * 212
        yy = y + (i // cols) * 122
        sheet.blit(card_face(cid, 80, 112), (x, yy))
        sheet.blit(card_face(cid, 48, 68), (x + 88, yy))
        sheet.blit(card_face(cid, 60, 84, "2"), (x + 142, yy))
    y += 4 * 122 + 10
    for i, cid in enumerate(ids):  # zoomed
        x = 10 + (i % cols) * 212
        yy = y + (i // cols) * 290
        sheet.blit(card_face(cid, 200, 280), (x, yy))
    y += 4 * 290 + 10
    x = 10
    for bw, bh in ((48, 68), (80, 112), (200, 280)):
        sheet.blit(card_back(bw, bh), (x, y))
        x += bw + 12
    pic = pygame.Surface((320, 180))
    picture(pic)
    sheet.blit(pic, (x + 10, y))
    big_pic = pygame.Surface((640, 360))
    picture(big_pic)
    sheet.blit(big_pic, (x + 350, y))
    y += 370
    x = 10
    for wall in data.WALLS:
        for dmg in (0.0, 0.5, 0.9):
            sheet.blit(wall_piece(wall, 72, 48, dmg), (x, y))
            sheet.blit(wall_piece(wall, 36, 24, dmg), (x, y + 54))
            x += 80
    y += 90
    x = 10
    for cid in data.CHARACTERS:
        for size in (40, 64, 120):
            sheet.blit(character_token(cid, size), (x, y))
            x += size + 10
    for kind in BADGE_KINDS:
        for size in (20, 32, 64):
            sheet.blit(status_badge(kind, size), (x, y))
            x += size + 8
    y += 130
    out = sheet.subsurface((0, 0, sheet.get_width(), y)).copy()
    pygame.image.save(out, path)
    return out


def main(argv: list[str] | None = None) -> None:
    """``--sheet PATH``: render the contact sheet."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sheet", default="/tmp/blast_sheet.png")
    args = parser.parse_args(argv)
    pygame.init()
    contact_sheet(args.sheet)
    print(args.sheet)


if __name__ == "__main__":
    main()
