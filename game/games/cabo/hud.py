"""Everything around the cards: seat plates, the sidebar, the prompt bar and the score sheet rows.

Plates and panels are rendered into cached surfaces keyed by what they show, so a frame is a
handful of blits; only pulses (whose turn it is, the slap window) are drawn live.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pygame

from game.app.input import MOUSE, InputManager
from game.games.cabo import rules as R
from game.games.cabo.layout import BAR as BAR
from game.games.cabo.layout import FELT, SIDEBAR
from game.tabletop.effects import news_bubble
from game.tabletop.frame import sidebar_frame as sidebar_frame
from game.tabletop.prompt import prompt_surface as prompt_surface
from game.tabletop.scoresheet import SheetRow
from game.ui import text, theme
from game.ui.draw import lerp_colour, panel, seat_shape

Colour = tuple[int, int, int]


def fit_sub(sub: str, room: int) -> str:
    """A plate's second line in `room` px: the short names of devices first ("Keyboard (l…"
    was cut on a playtester's plate), then an ellipsis only if even those do not fit."""
    if text.render(sub, 12, theme.MUTED).get_width() > room:
        sub = sub.replace("Keyboard", "Keys").replace("Gamepad", "Pad")
    return text.ellipsize(sub, 12, room)


@lru_cache(maxsize=64)
def plate_surface(name: str, sub: str, colour: Colour, shape: str, total: int, width: int,
                  height: int, kaboom: bool, ai: bool, result: str = "",
                  result_colour: Colour = theme.CREAM) -> pygame.Surface:
    """A seat's name plate: marker, name, what plays it (or how the round went), and the
    running total. A Kaboom! caller's second line says "called KABOOM!" inside the plate (a
    tag on its edge overlapped the plate's frame and the turn glow, and a top plate's was cut
    by the screen's edge)."""
    s = pygame.Surface((width + 20, height + 20), pygame.SRCALPHA)
    r = pygame.Rect(10, 10, width, height)
    fill = lerp_colour(theme.INK_2, colour, 0.12)
    panel(s, r, fill, radius=12, border=lerp_colour(colour, theme.INK, 0.25), shadow=8)
    # a dark rim outside the seat's colour: a green seat's plate sat on the green felt with
    # nothing between them in the colour-blind palette
    pygame.draw.rect(s, theme.INK, r.inflate(4, 4), 2, border_radius=14)
    pygame.draw.rect(s, colour, (r.x + 1, r.y + 6, 5, r.h - 12), border_radius=3)
    seat_shape(s, shape, (r.x + 22, r.centery), 9, colour, theme.INK)
    label = name
    while len(label) > 3 and text.render(label, 16, theme.CREAM, True).get_width() > width - 104:
        label = label[:-2] + "."
    # Two lines centred on the plate by their glyphs (Noto Sans: caps start ~0.36 em below
    # the line's top, descenders end ~0.96 em below the caps), so larger text still fits.
    name_h, sub_h = round(0.96 * text.px(16)), round(0.96 * text.px(12))
    top = r.y + max(2, (r.h - name_h - 1 - sub_h) // 2)
    text.blit(s, label, 16, theme.CREAM, (r.x + 38, top - round(0.36 * text.px(16))), bold=True)
    sub_y = top + name_h + 1 - round(0.36 * text.px(12))
    total_w = text.render(f"{total}", 22, theme.SPARK, True).get_width()
    pts_w = text.render("pts", 11, theme.MUTED).get_width()
    total_right = r.right - 8 - pts_w - 3  # "pts" measured: larger text ran the two together
    room = total_right - total_w - 8 - (r.x + 38)  # from the line's start to before the total
    if kaboom and not result:
        result, result_colour = "called KABOOM!", theme.BLAST  # "KABOOM!" if narrow
    sub = fit_sub(sub, room)
    if result:
        # "missed! +46" ran into the total: words go from the front, the number stays
        while " " in result and text.render(result, 12, result_colour, True).get_width() > room:
            result = result.split(" ", 1)[1]
        result = text.ellipsize(result, 12, room, bold=True)
        text.blit(s, result, 12, result_colour, (r.x + 38, sub_y), bold=True)
    else:
        text.blit(s, sub, 12, lerp_colour(colour, theme.CREAM, 0.55) if not ai else theme.MUTED,
                  (r.x + 38, sub_y))
    total_txt = text.render(f"{total}", 22, theme.SPARK, True)
    s.blit(total_txt, total_txt.get_rect(midright=(total_right, r.centery - 1)))
    text.blit(s, "pts", 11, theme.MUTED, (r.right - 8, r.centery + 6), "midright")
    return s


def result_line(card_total: int, score: int, kaboomer: bool, winner: bool
                ) -> tuple[str, Colour]:
    """How a seat's round went, short enough for its plate after the reveal (a missed call
    says so: its score went up, not down)."""
    if kaboomer:
        if score < 0:
            return f"Kaboom! {score:+d}", theme.SKY
        return f"missed! {score:+d}", theme.BLAST
    if winner:
        return f"closest: {card_total}", theme.MINT
    return f"total: {card_total}", theme.CREAM  # points held, not a count of cards


@lru_cache(maxsize=32)
def legend_surface(lines: tuple[tuple[str, Colour, str, str], ...], footer: str,
                   height: int, live: bool = True) -> pygame.Surface:
    """Who slaps with what: one line per human (shape, colour, name, key), or two when the
    name and the key do not fit side by side (a long name beside "click the discard pile",
    or larger text): the key is never cut. Rows and footer are spaced by the text's line
    height, and the panel grows past `height` if they need it. Bright only when `live` (a
    card can be slapped now); dimmed otherwise (a stranger read the always-lit SLAP as
    something to press when nothing could be slapped)."""
    step = max(21, text.line_height(14, True))
    foot = text.wrap(footer, 12, SIDEBAR.w - 24) if footer else []
    foot_h = max(16, text.line_height(12) - 2)
    room = SIDEBAR.w - 12 - 32 - 8  # from the name's left to the key's right, less a gap
    rows = [1 if text.render(name, 14, theme.CREAM, True).get_width()
            + text.render(key, 13, theme.CREAM, True).get_width() <= room else 2
            for _, _, name, key in lines]
    height = max(height, 30 + step * sum(rows) + foot_h * len(foot) + 10)
    s = pygame.Surface((SIDEBAR.w, height), pygame.SRCALPHA)
    r = s.get_rect()
    panel(s, r, theme.INK_2, radius=14, border=theme.LINE, shadow=0, alpha=235)
    dim = 0.0 if live else 0.6
    head = "SLAP now!" if live and lines else "SLAP"
    text.blit(s, head, 13, lerp_colour(theme.SPARK, theme.INK_2, dim), (12, 8), bold=True)
    y = 30
    for (shape, colour, name, key), n in zip(lines, rows, strict=True):
        mid = y + step // 2
        seat_shape(s, shape, (20, mid), 6, lerp_colour(colour, theme.INK_2, dim), None)
        text.blit(s, text.ellipsize(name, 14, r.w - 12 - 32, True), 14,
                  lerp_colour(theme.CREAM, theme.INK_2, dim), (32, mid), "midleft", bold=True)
        text.blit(s, key, 13, lerp_colour(lerp_colour(colour, theme.CREAM, 0.5), theme.INK_2, dim),
                  (r.right - 12, mid + step * (n - 1)), "midright", bold=True)
        y += step * n
    for i, ln in enumerate(foot):
        text.blit(s, ln, 12, theme.MUTED, (12, r.bottom - 8 - foot_h * (len(foot) - i)))
    return s


BANNER_WIDTHS = (180, 240, 300, 340)
"""A banner's widths, narrowest first: the first on which its words take at most two lines
(with larger text "Ana's Kaboom! missed (Ben was closer to zero): +23" took five lines of the
narrow bubble), else the widest."""


@lru_cache(maxsize=8)
def banner_surface(message: str, colour: Colour, width: int = 180) -> pygame.Surface:
    """News beside the piles ("Ben: blind swap!"), wrapped to fit between the seats (wider
    where the words need it: `BANNER_WIDTHS`); its lines as far apart as the text size sets
    (fixed 21 px steps ran "the game!" out of the bubble with larger text). Made once per
    message, colour and text size."""
    return _banner_surface(message, colour, width, text.scale())


@lru_cache(maxsize=32)
def _banner_surface(message: str, colour: Colour, width: int, scale: float) -> pygame.Surface:
    del scale  # (the cache's key: the text size)
    for w in [width] + [b for b in BANNER_WIDTHS if b > width]:
        if len(text.wrap(message, 16, w - 24, bold=True)) <= 2:
            width = w
            break
    else:
        width = max(width, BANNER_WIDTHS[-1])
    return news_bubble(message, colour, width, margin=24, left=14, top=8)


@lru_cache(maxsize=8)
def win_banner(message: str, colour: Colour, scale: float, width: int = 300) -> pygame.Surface:
    """The match's winner over the felt ("You win the game!"), large, for as long as the
    match's end shows (`scale`, the text setting, is the cache's key)."""
    del scale
    lines = text.wrap(message, 26, width - 32, bold=True)
    step = text.line_height(26, True)
    w = min(width, max(text.render(ln, 26, theme.CREAM, True).get_width() for ln in lines) + 40)
    s = pygame.Surface((w, 20 + step * len(lines)), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, (*lerp_colour(theme.INK, colour, 0.3), 245), r, border_radius=18)
    pygame.draw.rect(s, colour, r, 3, border_radius=18)
    for i, ln in enumerate(lines):
        text.blit(s, ln, 26, theme.CREAM, (r.centerx, 10 + step * i), "midtop", bold=True,
                  shadow=True)
    return s


@lru_cache(maxsize=4)
def finale_band(title: str, line: str, won: bool, scale: float) -> pygame.Surface:
    """The band across the table as the match ends: a person's win in large gold words on
    ink edged in gold, a loss smaller and quieter in cream (`scale`: the cache's key)."""
    del scale
    size, colour, edge = (40, theme.SPARK, theme.SPARK) if won else (28, theme.CREAM, theme.LINE)
    head = text.render(title, size, colour, True)
    sub = text.render(line, 16, theme.CREAM) if line else None
    w = min(FELT.w - 40, max(head.get_width(), sub.get_width() if sub else 0) + 96)
    h = head.get_height() + (sub.get_height() + 4 if sub else 0) + (36 if won else 28)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, (*theme.INK, 235), r, border_radius=20)
    pygame.draw.rect(s, edge, r, 4 if won else 2, border_radius=20)
    y = (36 if won else 28) // 2
    text.blit(s, title, size, colour, (r.centerx, y), "midtop", bold=True, shadow=won)
    if sub is not None:
        text.blit(s, line, 16, theme.CREAM, (r.centerx, y + head.get_height() + 4), "midtop")
    return s


@lru_cache(maxsize=8)
def private_tag(words: str, colour: Colour, hand: str = "",
                power: str = "") -> pygame.Surface:
    """The words "For Ana's eyes only": shown while a couch player's private card is up; with
    `hand`, what that player knows of their own hand on a line under it, and with `power`,
    what their drawn card can do (in the same tag, so neither is read without the card up,
    and never on the shared prompt bar)."""
    img = text.render(words, 15, theme.INK, True)
    extras = [text.render(line, 13, theme.INK, True) for line in (power, hand) if line]
    w = max([img.get_width()] + [e.get_width() for e in extras]) + 28
    h = max(24, img.get_height() + 6) + sum(e.get_height() for e in extras)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, colour, r, border_radius=12)
    pygame.draw.rect(s, theme.CREAM, r, 2, border_radius=12)
    if not extras:
        s.blit(img, img.get_rect(center=r.center))
        return s
    s.blit(img, img.get_rect(midtop=(r.centerx, 3)))
    y = 3 + img.get_height()
    for e in extras:
        s.blit(e, e.get_rect(midtop=(r.centerx, y)))
        y += e.get_height()
    return s


TALL_HEADER_H = 64
"""The sidebar's header with larger text: the title on one row, the round and the Scores
button on the next (50 px squeezed the two lines together)."""


@lru_cache(maxsize=8)
def tall_header(title: str, status: str, scale: float) -> pygame.Surface:
    """The sidebar's header for larger text (`scale`, the text setting, is the cache's key):
    the title on its own row, the status under it at the left (the Scores button goes at the
    right of that row, `TableView._sidebar`)."""
    del scale
    s = pygame.Surface((SIDEBAR.w, TALL_HEADER_H), pygame.SRCALPHA)
    r = s.get_rect()
    panel(s, r, theme.INK_2, radius=14, border=theme.LINE, shadow=0)
    text.blit(s, title, 17, theme.SPARK, (14, 19), "midleft", bold=True, shadow=True)
    text.blit(s, status, 13, theme.CREAM, (14, 47), "midleft", bold=True)
    return s


@lru_cache(maxsize=16)
def hand_tag(words: str, colour: Colour, width: int, scale: float) -> pygame.Surface:
    """By a seat's own cards: what it knows of its hand ("You know 3 of 4: 7 points so far"),
    on up to two lines of at most `width` (`scale`, the text setting, is the cache's key)."""
    del scale
    first, _, rest = words.partition(": ")
    if rest and len(text.wrap(first + ":", 14, width - 20, True)) > 1:
        # larger text: "You know 2 of 4 cards:" took two lines, the points a third, and the
        # tag ran into the table's rim; "You know 2 of 4:" says it on one
        first = first.removesuffix(" cards")
    if rest and len(text.wrap(first + ":", 14, width - 20, True)) > 1:
        # still two lines ("You know your card:" over "3 points"): what is known, without
        # "You know" ("Your card: 3 points", "2 of 4: 7 points so far")
        known = re.sub(r"^.*? knows? ", "", first)
        first = known[:1].upper() + known[1:]
    lines = [first + ":", rest] if rest else [first]
    lines = [ln for part in lines for ln in text.wrap(part, 14, width - 20, True)]
    imgs = [text.render(ln, 14, theme.CREAM, True) for ln in lines]
    step = text.line_height(14, True)
    w = max(i.get_width() for i in imgs) + 20
    s = pygame.Surface((w, step * len(imgs) + 8), pygame.SRCALPHA)
    r = s.get_rect()
    pygame.draw.rect(s, theme.INK, r, border_radius=10)  # its edge a dark rim on the felt
    pygame.draw.rect(s, colour, r.inflate(-4, -4), 2, border_radius=8)
    for k, img in enumerate(imgs):
        s.blit(img, img.get_rect(midtop=(r.centerx, 4 + k * step)))
    return s


@lru_cache(maxsize=16)
def look_tag(label: str, colour: Colour) -> pygame.Surface:
    """Under a couch player's private card: how to lift its corner ("Hold Q")."""
    img = text.render(label, 12, theme.CREAM, True)
    s = pygame.Surface((img.get_width() + 18, img.get_height() + 8), pygame.SRCALPHA)
    pygame.draw.rect(s, theme.INK, s.get_rect(), border_radius=11)  # the dark rim: it reads
    r = s.get_rect().inflate(-4, -4)  # on the felt and the cards in every palette
    pygame.draw.rect(s, colour, r, 2, border_radius=9)
    s.blit(img, img.get_rect(center=r.center))
    return s


def story_band(story: str, colour: Colour, width: int) -> pygame.Surface:
    """Under the score sheet: the round's story (who called, who was closest, what the caller
    scores and why), in reading size with the call's colour beside it."""
    lines = text.wrap(story, 15, width - 34)
    step = text.line_height(15)
    s = pygame.Surface((width, 16 + step * len(lines)), pygame.SRCALPHA)
    r = s.get_rect()
    panel(s, r, lerp_colour(theme.INK_2, colour, 0.12), radius=12, border=colour, shadow=0)
    pygame.draw.rect(s, colour, (4, 8, 5, r.h - 16), border_radius=3)
    for i, ln in enumerate(lines):
        text.blit(s, ln, 15, theme.CREAM, (18, 8 + step * i))
    return s


def sheet_rows(names: list[str], colours: list[Colour], shapes: list[str],
               ended: list[R.RoundEnded], totals: list[int],
               game_over: bool) -> tuple[SheetRow, ...]:
    """Score sheet rows from the rounds played: each cell is the round's points (coloured by
    how it went) over the running total."""
    rows = []
    best = min(totals) if totals else 0
    for p, nm in enumerate(names):
        cells = []
        running = 0
        for ev in ended:
            sc = ev.scores[p]
            running += sc
            style = ""
            if ev.kaboomer == p:
                style = "good" if sc < 0 else "bad"
            elif p in ev.winners:
                style = "win"
            main = f"{sc:+d}" if ev.kaboomer == p else f"{sc}"
            cells.append((main, f"{running}", style))
        rows.append(SheetRow(nm, colours[p], shapes[p], tuple(cells), f"{totals[p]}",
                             best=totals[p] == best and bool(ended)))
    return tuple(rows)


def device_words(app_input: InputManager, device: str) -> dict[str, str]:
    """How to say each control of a device in a prompt, in the input layer's words
    ("SPACE", "click", "A"); the mouse slaps by clicking the discard pile."""
    w = app_input.word_for
    words = {"choose": w(device, "confirm"), "move": w(device, "move"),
             "slap": w(device, "primary"), "back": w(device, "back"),
             "alt": w(device, "secondary"), "look": w(device, "rotate_left")}
    if device == MOUSE:
        words.update(slap=f"{w(device, 'primary')} the discard pile", alt=w(device, "primary"),
                     look="press the card")
    return words


ResultRow = tuple[str, Colour, str, int, int, int, bool, bool, str]
"""One seat in the results panel: name, colour, shape, card total, round score, match total,
called Kaboom!, best this round (or, at the end, winner of the match), and the round score
in words ("cards add up to 8"; empty: no line for it)."""


@lru_cache(maxsize=8)
def results_panel(title: str, rows: tuple[ResultRow, ...], width: int, note: str = "",
                  note_colour: Colour = theme.CREAM, scale: float = 1.0,
                  title_room: int = 0) -> pygame.Surface:
    """The round's scores in the sidebar, in place of the move log (over the felt the piles
    showed through it and it covered the cards across the table): a narrow table of each
    seat's round score and running total, and under each name how that score came (a
    stranger found the caller's score wrong); each hand's card total is on its plate.
    `title_room` keeps the first title line clear of the Scores button at the top right;
    `scale` is the text size it is drawn for (a switch to larger text draws it again)."""
    del scale
    pad = 12
    title_lines = text.wrap(title, 16, (title_room or width) - 2 * pad, True)
    title_lines = title_lines[:1] + text.wrap(" ".join(title_lines[1:]), 16, width - 2 * pad,
                                              True) if len(title_lines) > 1 else title_lines
    title_h = text.line_height(16, True)
    note_lines = text.wrap(note, 14, width - 2 * pad, True)[:3] if note else []
    note_h = text.line_height(14, True)
    label_h = text.line_height(12) + 2
    why_h = text.line_height(12)
    base_h = max(24, text.line_height(15, True) + 4)
    head_h = 8 + title_h * len(title_lines) + note_h * len(note_lines) + label_h
    cols = (width - 78, width - pad - 4)  # right edges: round, total
    total_w = text.render("-999", 17, theme.SPARK, True).get_width()
    round_w = text.render("+99", 15, theme.CREAM, True).get_width()
    cols = (min(cols[0], cols[1] - total_w - 14), cols[1])
    name_room = cols[0] - round_w - 10 - 30
    whys = [text.wrap(row[8], 12, width - 30 - pad) if row[8] else [] for row in rows]
    height = head_h + sum(base_h + why_h * len(lines) for lines in whys) + 8
    s = pygame.Surface((width, height), pygame.SRCALPHA)
    r = s.get_rect()
    panel(s, r, theme.INK_2, radius=14, border=theme.SPARK, shadow=0)
    y = 8
    for line in title_lines:
        text.blit(s, line, 16, theme.SPARK, (pad, y), bold=True)
        y += title_h
    for line in note_lines:
        text.blit(s, line, 14, note_colour, (pad, y), bold=True)
        y += note_h
    for label, x in zip(("round", "total"), cols, strict=True):
        text.blit(s, label, 12, theme.MUTED, (x, y), "topright")
    y += label_h
    for (name, colour, shape, _cards, score, total, kaboom, best, _), lines in zip(
            rows, whys, strict=True):
        row_h = base_h + why_h * len(lines)
        band = pygame.Rect(4, y, width - 8, row_h - 2)
        if best:
            pygame.draw.rect(s, lerp_colour(theme.INK_2, theme.MINT, 0.25), band,
                             border_radius=8)
        cy = band.y + (base_h - 2) // 2
        seat_shape(s, shape, (pad + 6, cy), 7, colour)
        label = name + (" Kaboom!" if kaboom else "")
        if text.render(label, 15, theme.CREAM, True).get_width() > name_room:
            label = name
        text.blit(s, text.ellipsize(label, 15, name_room, True), 15, theme.CREAM,
                  (pad + 18, cy), "midleft", bold=True)
        score_colour = theme.CREAM if not kaboom else theme.SKY if score < 0 else theme.BLAST
        text.blit(s, f"{score:+d}" if kaboom else str(score), 15, score_colour,
                  (cols[0], cy), "midright", bold=True)
        text.blit(s, str(total), 17, theme.SPARK, (cols[1], cy), "midright", bold=True)
        why_colour = score_colour if kaboom else theme.MUTED
        for i, line in enumerate(lines):
            text.blit(s, line, 12, why_colour,
                      (pad + 18, band.bottom - 3 - why_h * (len(lines) - 1 - i)), "bottomleft")
        y += row_h
    return s


@lru_cache(maxsize=8)
def seen_tag(colour: Colour = theme.SPARK) -> pygame.Surface:
    """The eye on a face-down card its owner has looked at (no value: that is to remember);
    at a couch, in the colour of the seat that looked (its rim and pupil), so Ana's eye on
    Ben's card is never read as Ben's."""
    s = pygame.Surface((34, 18), pygame.SRCALPHA)
    pygame.draw.rect(s, theme.INK, s.get_rect(), border_radius=9)
    pygame.draw.rect(s, colour, s.get_rect(), 1 if colour == theme.SPARK else 2,
                     border_radius=9)
    pygame.draw.ellipse(s, theme.CREAM, (8, 4, 18, 10), 2)
    pygame.draw.circle(s, colour, (17, 9), 3)
    return s


PAD_ROWS = 6  # the most rounds the score pad lists (the latest; the sheet has them all)


@lru_cache(maxsize=8)
def score_pad(names: tuple[str, ...], colours: tuple[Colour, ...], shapes: tuple[str, ...],
              rounds_played: tuple[tuple[int, ...], ...], totals: tuple[int, ...], round_no: int,
              rounds: int, width: int, height: int) -> pygame.Surface:
    """The paper score pad of a two-player table (the rulebook's pen and paper): each round's
    points per seat, latest last, and the totals, the lowest ringed. It sits on the felt's
    right, which two seats leave empty."""
    s = pygame.Surface((width, height), pygame.SRCALPHA)
    paper = lerp_colour(theme.CREAM, (236, 222, 196), 0.5)
    ink = theme.INK
    panel(s, pygame.Rect(0, 0, width, height - 6), paper, radius=10, shadow=6)
    pencil = lerp_colour(ink, paper, 0.45)
    text.blit(s, "Score pad", 15, ink, (12, 8), bold=True)
    shown = min(round_no, rounds)
    sub_y = 8 + round(1.35 * text.px(15))
    text.blit(s, f"Round {shown} of {rounds}", 12, pencil, (12, sub_y))
    col_w = (width - 44) // max(1, len(names))
    head_y = sub_y + round(1.4 * text.px(12)) + 10
    for i, nm in enumerate(names):
        cx = 38 + col_w * i + col_w // 2
        seat_shape(s, shapes[i], (cx - col_w // 2 + 10, head_y), 6, colours[i])
        text.blit(s, text.ellipsize(nm, 13, col_w - 22), 13, ink, (cx + 6, head_y), "center",
                  bold=True)
    line_y = head_y + round(0.5 * text.px(13)) + 5
    pygame.draw.line(s, pencil, (10, line_y), (width - 10, line_y), 1)
    row_h = max(17, round(1.25 * text.px(12)))
    first = max(0, len(rounds_played) - PAD_ROWS)
    y = line_y + 4
    for r, row in enumerate(rounds_played[first:], start=first + 1):
        text.blit(s, f"{r}", 12, pencil, (24, y + row_h // 2), "center")
        for i, pts in enumerate(row):
            cx = 38 + col_w * i + col_w // 2
            text.blit(s, f"{pts}", 13, ink, (cx + 6, y + row_h // 2), "center")
        y += row_h
    if not rounds_played:
        text.blit(s, "no rounds yet", 12, pencil, (width // 2, y + row_h // 2), "center")
    foot = height - 6 - 12 - round(1.3 * text.px(15))
    pygame.draw.line(s, ink, (10, foot), (width - 10, foot), 2)
    best = min(totals) if rounds_played else None
    text.blit(s, "Total", 12, pencil, (12, foot + 8))
    for i, total in enumerate(totals):
        cx = 38 + col_w * i + col_w // 2
        tx = text.render(f"{total}", 15, ink, True)
        box = tx.get_rect(center=(cx + 6, foot + 8 + tx.get_height() // 2))
        text.blit(s, f"{total}", 15, ink, box.center, "center", bold=True)
        if total == best:
            pygame.draw.ellipse(s, theme.BLAST, box.inflate(16, 6), 2)
    return s



@lru_cache(maxsize=8)
def compact_pad(names: tuple[str, ...], colours: tuple[Colour, ...], shapes: tuple[str, ...],
                last: tuple[int, ...] | None, totals: tuple[int, ...], width: int,
                scale: float) -> pygame.Surface:
    """The score pad of a table of 3-6, in the sidebar (the felt has no room for the paper one):
    a line a seat with its shape and name, the last round's points and the total, the lowest
    ringed; the whole sheet is on Scores. `scale` is the text size it was drawn at (a cache
    key: larger text draws it again, larger)."""
    del scale
    pad = 12
    title_h = round(1.45 * text.px(13))
    row_h = max(18, round(1.3 * text.px(13)))
    height = title_h + row_h * len(names) + 10
    s = pygame.Surface((width, height), pygame.SRCALPHA)
    panel(s, pygame.Rect(0, 0, width, height), theme.INK_3, radius=10, shadow=0)
    text.blit(s, "SCORE PAD", 13, theme.SPARK, (pad, 6), bold=True)
    right = width - pad
    mid = right - text.px(13) * 4
    text.blit(s, "last" if last is not None else "", 12, theme.MUTED, (mid, 6 + text.px(13) // 2),
              "midright")
    text.blit(s, "total", 12, theme.MUTED, (right, 6 + text.px(13) // 2), "midright")
    best = min(totals) if last is not None else None
    y = title_h + 4
    for i, nm in enumerate(names):
        cy = y + row_h // 2
        seat_shape(s, shapes[i], (pad + 6, cy), 6, colours[i])
        room = mid - text.px(13) * 3 - pad - 18
        text.blit(s, text.ellipsize(nm, 13, room), 13, theme.CREAM, (pad + 18, cy), "midleft",
                  bold=True)
        if last is not None:
            text.blit(s, f"{last[i]:+d}" if last[i] else "0", 13, theme.MUTED, (mid, cy),
                      "midright")
        colour = theme.MINT if totals[i] == best else theme.CREAM
        text.blit(s, f"{totals[i]}", 13, colour, (right, cy), "midright", bold=True)
        y += row_h
    return s
