"""Tower Kaboom drawn: the table through the camera, blocks and dice, catapults and aims, the
cards, the builder's hand, the HUD, the between-turns screens and the judging show.

`TowerView(scene).draw(surface)` reads the scene's state (and its effects') and changes nothing
in the match; what it keeps are caches of drawn surfaces, each bounded.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from game.core.voice import count
from game.games.tower import art, guide, hud
from game.games.tower.bodies import shape_polygons
from game.games.tower.camera import CARD_STRIP_BOTTOM, FULL, View, tower_height
from game.games.tower.controls import (
    CursorBuilderControl,
    MouseBuilderControl,
    MouseSaboteurControl,
    PadSaboteurControl,
    build_target,
    finishable,
    landing_x,
    over_tray,
)
from game.games.tower.data import (
    CATAPULT_RELOAD,
    CATAPULT_SLOTS,
    DIE_SIZE,
    MEGA_TILE_ID,
    ROW_SLOTS,
    SHAPES,
    SLOT_RANGES,
    TABLE_Y,
    TILES,
    VIEW_H,
    VIEW_W,
    said_as_tower,
)
from game.games.tower.effects import popup_rect
from game.games.tower.inset import Insets
from game.games.tower.knocks import knocked_words
from game.games.tower.rules import TileJudgement, explain, standing_note
from game.games.tower.scene import (
    DROP_SECONDS,
    FLIGHT_SECONDS,
    HURRY_BROKEN_S,
    HURRY_RECT,
    HURRY_SCALE,
    READY_AI_SECONDS,
    SCORE_SECONDS,
    Stage,
)
from game.games.tower.world import TowerWorld
from game.games.tower.worlddata import Where
from game.tabletop.placement import least_covering
from game.ui import text, theme
from game.ui.cache import BoundedCache
from game.ui.draw import panel
from game.ui.tween import ease_in_out_cubic, ease_out_back

if TYPE_CHECKING:
    from game.games.tower.scene import TowerScene

Point = tuple[float, float]
Colour = tuple[int, int, int]

SETTLE_WORDS = "The table settles…"
COMPACT_CARD = 0.9
"""Card size while the camera is close in: the row of cards shrinks into a strip at the top."""
COMPACT_TOP = 84
WHY_WIDTH = 260
"""How wide the plate saying why a tile was refused wraps (two or three lines)."""
KNOCK_WIDTH = 330
"""A knock told at the judging ("Ben's die knocked the Lamp down") fits one line."""
STAMP_DROP = 26
"""How far under its card a tile's verdict stamp sits."""
LANDING_LEAD = 1.2
"""Seconds before a die comes down over which its landing shadow darkens to full."""
HINT_SECONDS = 7.0
"""Control hints show for this long at the start of a turn."""
STARVED = theme.BLAST
"""The edge and cross of an outline whose tower can no longer be finished (`_mark_starved`)."""


def hand_faint(sprite: pygame.Surface) -> pygame.Surface:
    """The glove while it holds a block: see-through, so it never hides the block."""
    got = _FAINT.get(id(sprite))
    if got is None or got[0] is not sprite:
        faint = sprite.copy()
        faint.set_alpha(120)
        got = (sprite, faint)
        _FAINT[id(sprite)] = got
    return got[1]


_FAINT: BoundedCache[int, tuple[pygame.Surface, pygame.Surface]] = BoundedCache(16)
_REACH = {key: math.hypot(shape.width, shape.height) / 2.0 for key, shape in SHAPES.items()}
"""Per block shape, how far from its centre it reaches at any angle (world units)."""


#: The longest aim arrow drawn from a catapult's cup, in screen pixels (full power).
AIM_ARROW_MAX = 80
LAST_RING = 16
"""Radius (screen px) of the ring where a saboteur's last die came down."""
CALM_SCALE = 0.75
"""With reduced motion, a burst's size against its full size (held still, no pop-in)."""
CALM_FADE_IN, CALM_FADE_OUT = 0.2, 0.5
"""With reduced motion, the seconds a burst fades in and out."""
MISS_HINT_SECONDS = 4.0
"""How long the hint after a keys or pad saboteur's first miss shows."""


class _SmoothJob:
    """`pygame.transform.smoothscale(src, size)` in slices, one a `step`: the horizontal pass
    a band of rows at a time, then the vertical pass a band of columns at a time. Each pass
    treats rows (columns) independently, so the result is the whole scale's, pixel for pixel.
    """

    ROW_BANDS = 2
    COL_BANDS = 3

    def __init__(self, key: tuple[Any, ...], src: pygame.Surface, size: tuple[int, int],
                 mid: pygame.Surface, out: pygame.Surface) -> None:
        """`mid` (the horizontal pass, `size[0]` by the source's height) and `out` (`size`)
        are where the passes write."""
        self.key = key
        self.src = src
        self.size = size
        self.mid = mid
        self.out = out
        self.done = 0

    def step(self) -> bool:
        """Do the next slice; True once the whole scale is made."""
        sw, sh = self.src.get_size()
        w, h = self.size
        i = self.done
        if i < self.ROW_BANDS:
            band = -(-sh // self.ROW_BANDS)
            y0, y1 = i * band, min(sh, (i + 1) * band)
            if y1 > y0:
                pygame.transform.smoothscale(self.src.subsurface((0, y0, sw, y1 - y0)),
                                             (w, y1 - y0),
                                             self.mid.subsurface((0, y0, w, y1 - y0)))
        else:
            band = -(-w // self.COL_BANDS)
            j = i - self.ROW_BANDS
            x0, x1 = j * band, min(w, (j + 1) * band)
            if x1 > x0:
                pygame.transform.smoothscale(self.mid.subsurface((x0, 0, x1 - x0, sh)),
                                             (x1 - x0, h),
                                             self.out.subsurface((x0, 0, x1 - x0, h)))
        self.done += 1
        return self.done >= self.ROW_BANDS + self.COL_BANDS


PHRASE_STARTS = frozenset({"a", "an", "not", "at", "as", "on", "with", "when", "before",
                           "it", "they", "one", "must", "still", "too", "needs", "need",
                           "has", "have", "was", "were", "closed"})
"""Words a phrase of the judge's notes may start with: a note breaks only before one of them
(or after a colon or comma), so "a short beam lying flat" is never cut in two."""


HUD_BOTTOM = 86
TOP_BAR_FADE = 80
"""The alpha (of 255) the top bar is drawn at while a block is under it (`top_bar_faded`)."""
"""Screen y under the top bar's chips and the sand timer's round."""
FAINT_ALPHA = 120
"""How opaque a saboteur's key hint is where it cannot stand clear of the builder's towers."""
SIDE_HINT_WIDTHS = (420, 320, 240)
"""Widths a saboteur's aim hint is wrapped to, widest first, until it has room at its own edge
of the screen beside its catapult."""
NOTE_STEP = 12
"""Screen pixels between the places tried for a knock's note (across, then down)."""
NOTE_DOWN_COST = 3
"""For a knock's note, a pixel further down counts as this many further across from its pad."""
NOTE_PAD_CLEAR = 12
"""A knock's note stands at least this far to the side of the pad it talks about."""
NOTE_WIDE = 360
"""Pixels a knock's note wraps its words to (one bold line, its points on the next)."""
NOTE_NARROW = 260
"""Pixels a rule note wraps to, and a knock's note with no room clear of the towers wide."""
NOTE_RECHECK = 6
"""Frames a knock's note stays put before its place is checked for clearness again (a tower
grows into it over seconds; checking every frame cost a tenth of the frame)."""
NOTE_TOWER_MARGIN = 10
"""Screen pixels above a standing tower's top block that a knock's note keeps clear of."""
CATAPULT_ZONE = 300
"""Screen pixels in past a catapult's cup (or its edge of the screen, the catapult off it)
that a knock by another saboteur's die keeps out of."""
TAG_PAD = 10
"""A shrunk card's name tag is this much wider than its name."""
TAG_PAD_TIGHT = 8
"""A long name's tag padding (`_draw_name_tag`): the name gets nearly the card's whole width,
3 px clear of the tag's border each side (at 4, "Three cubes" touched it in larger text)."""
TAG_MARGIN = 2
"""The least room kept between a name tag and its card's edge."""


def name_tag_text(name: str, room: int) -> pygame.Surface:
    """See `_name_tag_text` (cached per text size)."""
    return _name_tag_text(name, room, text.scale())


@lru_cache(maxsize=64)
def _name_tag_text(name: str, room: int, _scale: float) -> pygame.Surface:
    """A shrunk card's name for its tag: one line at its text size, narrowed to `room` as a
    condensed face keeps its height (`art.condensed`). Two lines hid the Three cubes' cubes,
    and a one-word name ("Watchtower") left wider than its card overhung it (strangers, with
    larger text and on a 1024x576 window)."""
    return art.condensed(text.render(name, art.NAME_SIZE, (70, 52, 36), bold=True), room)


def phrase_wrap(words: str, size: int, width: int) -> list[str]:
    """A judge's note in as few lines as fit `width`, broken only between phrases (a
    playtester read "needs a short / beam lying flat"): one line if it fits, else the
    phrase breaks that keep the longest line shortest; plain word wrap only for a phrase
    wider than `width` by itself."""
    if text.render(words, size, theme.CREAM, bold=True).get_width() <= width:
        return [words]
    tokens = words.split(" ")
    cuts = [i for i in range(1, len(tokens))
            if tokens[i].lower() in PHRASE_STARTS or tokens[i - 1][-1:] in ":,"]

    def w(part: list[str]) -> int:
        return text.render(" ".join(part), size, theme.CREAM, bold=True).get_width()

    best: tuple[int, list[str]] | None = None
    for n in (1, 2):  # two lines, else three
        for combo in _combos(cuts, n):
            bounds = [0, *combo, len(tokens)]
            parts = [tokens[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
            widest = max(w(p) for p in parts)
            if widest <= width and (best is None or widest < best[0]):
                best = (widest, [" ".join(p) for p in parts])
        if best is not None:
            return best[1]
    return text.wrap(words, size, width, bold=True)


def _combos(cuts: list[int], n: int) -> list[tuple[int, ...]]:
    """Every choice of `n` cut positions, in order."""
    if n == 1:
        return [(c,) for c in cuts]
    return [(a, b) for i, a in enumerate(cuts) for b in cuts[i + 1:]]


def refusal_words(reason: str, reload_left: float) -> str:
    """What a saboteur is told when a fire press is refused: why, and while the catapult
    reloads, how long is left ("Reloading: 0.4 s")."""
    if "dice" in reason:
        return "No dice left"
    if "reload" in reason:
        return f"Reloading: {reload_left:.1f} s" if reload_left > 0.05 else "Loaded: fire!"
    return "Not now"


def queued_words(reload_left: float) -> str:
    """A fire press kept while the catapult reloads: "Loading: fires in 0.4 s"."""
    return f"Loading: fires in {max(reload_left, 0.1):.1f} s"


POWER_BAR_LEAST = 40
"""Pixels: the shortest a saboteur's power bar is drawn (held short under a couch inset)."""
RESTART_GAP = 4
"""Pixels between the get-ready panel and its note that a resumed turn starts again."""

NBSP = "\u00a0"
"""Holds a name's words together through the word wrap (made a plain space again to draw)."""


def _kept_names(msg: str) -> str:
    """`msg` with the spaces inside tower and block names made unbreakable (a stranger read
    "the short / beam off the Lamp" and "the Three / cubes!")."""
    names = {t.name for t in TILES.values() if " " in t.name} | {"short beam", "long beam"}
    for name in sorted(names, key=len, reverse=True):
        for n in (name, name[:1].upper() + name[1:]):
            msg = msg.replace(n, n.replace(" ", NBSP))
    return msg


def _note_lines(msg: str, width: int) -> list[str]:
    """A note's words wrapped to `width` pixels, its own line breaks kept, names never
    broken, and its lines balanced: as narrow as keeps their number, so no short word is
    left alone on the last line ("Ben's die knocks the Tee / down!")."""
    out: list[str] = []
    for part in _kept_names(msg).split("\n"):
        lines = text.wrap(part, 14, width, bold=True)
        if len(lines) > 1:
            lo, hi = 0, width
            while hi - lo > 2:
                mid = (lo + hi) // 2
                if len(text.wrap(part, 14, mid, bold=True)) <= len(lines):
                    hi = mid
                else:
                    lo = mid
            lines = text.wrap(part, 14, hi, bold=True)
        out += [ln.replace(NBSP, " ") for ln in lines]
    return out


def _nearest_place(xs: list[int], w: int, h: int, y0: int, column: pygame.Rect,
                   screen: pygame.Rect, hard: list[pygame.Rect],
                   towers: list[pygame.Rect]) -> tuple[int, pygame.Rect] | None:
    """`TowerView._beside_tower`'s search, every rect of a positive size: rows from `y0` down,
    each row's places in the order of `xs`, a step down costing NOTE_DOWN_COST steps across;
    a place inside `screen` and meeting none of `hard`, as little over `towers` as can be,
    then the nearest (the first in that order). Returns (area over towers, place).

    The same place as trying a Rect a place (`contains`, `collidelist`, `clip`), worked out
    a row at a time: a row's clear places from the rects that reach into it, its areas from
    how far each tower reaches into it, and a row showing what the row above showed is not
    looked at again (it could only be further). Place by place it cost a frame two
    milliseconds when no place was clear of every tower."""
    n = len(xs)
    cx = column.centerx
    hw, hh = w // 2, h // 2
    sx0, sx1, sy0, sy1 = screen.x, screen.x + screen.w, screen.y, screen.y + screen.h
    dist = [abs(x - cx) for x in xs]  # never falls along xs
    rxs = [x - hw for x in xs]
    inside = [i for i in range(n) if sx0 <= rxs[i] and rxs[i] + w <= sx1]
    order = sorted(range(n), key=rxs.__getitem__)
    sorted_rx = [rxs[i] for i in order]
    widths = [[max(0, min(rx + w, t.x + t.w) - max(rx, t.x)) for rx in rxs] for t in towers]
    clears: dict[tuple[int, ...], list[int]] = {}
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    best: tuple[int, int, int, int] | None = None  # covered, across, x, y
    y = y0
    while y + hh <= column.bottom:
        down = NOTE_DOWN_COST * (y - y0)
        if best is not None and best[0] == 0 and down >= best[1]:
            break
        ry = y - hh
        if sy0 <= ry and ry + h <= sy1:
            met = tuple(k for k, o in enumerate(hard) if o.y < ry + h and o.y + o.h > ry)
            depth = tuple(max(0, min(ry + h, t.y + t.h) - max(ry, t.y)) for t in towers)
            if (met, depth) not in seen:
                seen.add((met, depth))
                cl = clears.get(met)
                if cl is None:
                    out: set[int] = set()
                    for k in met:  # the places whose rect would meet hard[k]
                        lo, hi = hard[k].x - w, hard[k].x + hard[k].w
                        out.update(order[bisect_right(sorted_rx, lo):bisect_left(sorted_rx, hi)])
                    cl = clears[met] = [i for i in inside if i not in out]
                if cl:
                    covs = [0] * n
                    for d, ws in zip(depth, widths, strict=True):
                        if d:
                            covs = [c + d * x for c, x in zip(covs, ws, strict=True)]
                    i = min(cl, key=covs.__getitem__)  # the first of the least
                    key = (covs[i], down + dist[i])
                    if best is None or key < best[:2]:
                        best = (*key, xs[i], y)
        y += NOTE_STEP
    if best is None:
        return None
    r = pygame.Rect(0, 0, w, h)
    r.center = (best[2], best[3])
    return best[0], r


class TowerView:
    """Draws one `TowerScene` (its `draw` is the scene's)."""

    def __init__(self, scene: TowerScene) -> None:
        self.scene = scene
        self.hint_plates: list[pygame.Rect] = []
        self.hurry_cap = pygame.Rect(0, 0, 0, 0)
        """The key cap on the "Faster" button, once drawn."""
        self.mega_plate: pygame.Rect | None = None
        """The dark plate under "… wins the game!" at a Mega win, once drawn."""
        """This frame's controls hints on screen: the why-notes and knocks go clear of them."""
        self._bg: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._bg_buffer: pygame.Surface | None = None
        """Where the background is scaled while the camera moves (one screen's worth)."""
        self.glided = 0
        """Frames whose gliding background was scaled straight into the frame (tests)."""
        self._bg_job: _SmoothJob | None = None
        """The still view's smooth background being made, a slice a frame."""
        self._buffers: dict[str, pygame.Surface] = {}
        """Screen-sized surfaces the background is scaled into, made now (a first gliding or
        resting frame would stall making them): the quick scale's, the smooth scale's
        halfway pass, and two for smooth scales (one shown while the next is made)."""
        like = art.background()
        for name in ("moving", "mid", "smooth0", "smooth1"):
            self._buffer(name, (1, 1), like)
        self._card_imgs: dict[tuple[Any, ...], pygame.Surface] = {}
        self._scaled_cards: dict[int, tuple[tuple[Any, ...], pygame.Surface]] = {}
        self._faint_full: dict[int, tuple[tuple[Any, ...], pygame.Surface]] = {}
        """Per slot, its full-size card drawn faint (a block reaches into it)."""
        self._bar_layer: pygame.Surface | None = None
        """The top bar drawn faint (`top_bar_faded`), reused each frame."""
        self._name_tags: dict[tuple[int, float, int, int], pygame.Surface] = {}
        """A strip card's name tag per (tile, text size) (`_draw_name_tag`)."""
        self.tag_rects: dict[int, pygame.Rect] = {}
        """Per tile, where its name tag was last drawn on a shrunk card (tests read them)."""
        self._dice_cache: dict[tuple[int, tuple[int, int]],
                               tuple[pygame.Surface, pygame.Surface]] = {}
        self._path_cache: dict[int, tuple[tuple[float, float], list[Point], int]] = {}
        """Per seat: its aim, the preview's points (flight, then tumble) and the landing's index."""
        self.power_plate: pygame.Rect | None = None
        """Where the last human saboteur's power bar was drawn (tests read it)."""
        self.power_plates: dict[int, pygame.Rect] = {}
        self.sling_areas: dict[int, pygame.Rect] = {}
        """Per human saboteur aiming this frame, their catapult and the ring of their pull (or
        their aim arrow's reach) on screen: their hint keeps off it."""
        """The last drawn power bar of each human saboteur (their key hints go beside them)."""
        self.note_plates: dict[int, pygame.Rect] = {}
        """This frame's why-notes and knock notes on screen, per tile (tests read them)."""
        self.tray_marks: dict[str, pygame.Rect] = {}
        self.pad_markers: list[pygame.Rect] = []
        self.edge_marks: list[tuple[int, tuple[int, int]]] = []
        """The catapults marked at the screen's edge this frame (seat, where), drawn again over
        an enlarged card (`_draw_overlays`)."""
        """The gold arrows at the keyboard's target pad's ends, this frame (tests read them)."""
        """The tray's kinds ringed in gold as a refusal asks for them, and where (this frame)."""
        self._note_at: dict[int, tuple[pygame.Rect, int, int]] = {}
        self._note_width: dict[int, int] = {}
        """Per knock note, the width its words were wrapped to (narrower on a crowded table)."""
        """Where each knock's note stands (`_beside_tower`), how much of other towers it
        covers there (none, nearly always) and the notes frame it was last found clear in:
        kept while it stays as clear (looked at again every `NOTE_RECHECK` frames)."""
        self._notes_frame = 0
        self.keep_clear: list[pygame.Rect] = []
        """What a person building needs to see this frame (`_builder_areas`), kept clear."""
        self._flying_cards: dict[tuple[int, int], pygame.Surface] = {}
        self._why_places: dict[tuple[Any, ...], pygame.Rect] = {}
        """Judge's notes' places (`_why_place`) by what they were worked out from."""
        self.hover_rest: tuple[int, float, tuple[int, int]] | None = None
        """The card the pointer rests on, since when and where (`guide.hovered_card`)."""
        self.enlarged: pygame.Rect | None = None
        """The enlarged card being read this frame (guide.draw_enlarged), or None."""
        self.enlarged_lead: tuple[tuple[int, int], tuple[int, int]] | None = None
        """The gold lead last drawn from the card being read to its enlarged copy, or None."""
        self._text_scale = text.scale()
        """The text size the view's card caches were drawn at (`forget_text`)."""
        self._layer: pygame.Surface | None = None
        self._layer_cats: tuple[tuple[int, int, Any, str], ...] = ()
        self._layer_key: tuple[tuple[Any, ...], ...] | None = None
        self._quick_cards: dict[int, tuple[tuple[Any, ...], pygame.Surface]] = {}
        """Per slot, the card's quick scale while the camera moves (reused while its size holds)."""
        self._big_cards: dict[tuple[object, ...], pygame.Surface] = {}
        """The enlarged card under the pointer (guide.draw_enlarged), cached."""
        self.preview_shown: dict[int, list[Point]] = {}
        """Per human saboteur, the flight the aim preview drew last frame (its start, or the
        whole of a mouse's pull)."""
        self.aim_notes: dict[int, pygame.Rect] = {}
        """Per human saboteur, the note by their catapult drawn last frame (a miss, a refusal,
        a shot kept while loading), clear of the power gauges."""
        self._still_table: tuple[tuple[Any, ...], pygame.Surface] | None = None
        """The table behind the get-ready panel as last drawn, and what it showed."""
        self.landing_marks: dict[int, pygame.Rect] = {}
        """This frame's marks at the screen's side for dice landing beyond it, per die."""
        self.flight_marks: list[pygame.Rect] = []
        """This frame's edge markers of dice flying off the screen."""
        self.insets = Insets(self)
        self.faint_dots = 0
        self.tray_labels: list[pygame.Rect] = []
        """The tray's kind names drawn this frame (guide.draw_tray_labels): no plate covers one."""
        """How many of the last aim arc's dots were drawn faint over the builder's area."""
        """A couch saboteur's catapult off the builder's view, pictured in a corner (inset.py)."""
        self.last_touch: dict[int, Point] = {}
        """Per saboteur, where their last die first touched the table or a block this turn:
        marked while they aim again (the preview draws only the start of a flight, so a
        stranger aiming with the keys sent four dice to the same wrong pad, never seeing
        where one came down)."""
        self._first_flight: dict[int, int] = {}
        """Dice still in their first flight, and whose (to see which just came down)."""
        self.last_marks: dict[int, pygame.Rect] = {}
        """Per saboteur, the "last" mark drawn this frame (tests read them)."""
        self.miss_told: set[int] = set()
        """The keys and pad saboteurs told once this match how to change the aim after a miss."""
        self._calm_bursts: BoundedCache[tuple[Any, ...], pygame.Surface] = BoundedCache(16)
        """The bursts drawn once each for reduced motion (`_draw_calm_popups`)."""
        self.miss_hint: dict[int, float] = {}
        """Per saboteur, until when (real time) the hint after their first miss shows."""

    def new_turn(self) -> None:
        """A new turn's table: the aim previews and last shots of the last one are stale."""
        self._path_cache = {}
        self.last_touch = {}
        self._first_flight = {}

    def _track_touches(self) -> None:
        """Note where each die that was in its first flight last frame has come down, and
        whether it came down on the table (a miss: `miss_hint`)."""
        world = self.scene.world
        now = {die: seat for seat, die, _x, _t in world.catapults.dice_landings()}
        present = set(world.die_ids())
        for die, seat in self._first_flight.items():
            if die not in now and die in present:
                x, y, _a = world.die_pose(die)
                self.last_touch[seat] = (x, y)
                got = world.dice.get(die)
                if got is not None and not got.hit:
                    self._missed(seat)
        for die, seat in now.items():
            if die not in self._first_flight:
                # Their next shot is away: the note on the last one's miss is stale (a
                # stranger's "Missed: ..." stayed up after a later shot had hit).
                self.miss_hint.pop(seat, None)
        self._first_flight = now

    def _missed(self, seat: int) -> None:
        """A keys or pad saboteur's die came down on the table, no tower touched: the first
        time in the match, a short hint of the keys that change the aim (a stranger never
        pressed them between shots and sent all seven dice onto one pile)."""
        ctl = self.scene.sab_ctls.get(seat)
        if not isinstance(ctl, PadSaboteurControl) or seat in self.miss_told:
            return
        self.miss_told.add(seat)
        self.miss_hint[seat] = self.scene.real_time + MISS_HINT_SECONDS

    def miss_words(self, seat: int) -> str:
        """The hint after a miss, in the saboteur's own bindings."""
        sc = self.scene
        device = sc.seats[seat].device
        if device.startswith("pad"):
            return "Missed: stick left/right for power, up/down to turn"
        k = sc.app.input.word_for
        return (f"Missed: {k(device, 'left')}/{k(device, 'right')} for power, "
                f"{k(device, 'up')}/{k(device, 'down')} to turn")

    def _draw_last_touch(self, surface: pygame.Surface, seat: int, colour: Colour) -> None:
        """A ring where this saboteur's last die came down, with "last" on a plate over it:
        a stranger aiming with the keys never noticed the small one that was there and sent
        all seven dice onto one pile."""
        at = self.last_touch.get(seat)
        self.last_marks.pop(seat, None)
        if at is None:
            return
        x, y = self.to_screen(at)
        if not (0 <= x <= VIEW_W and 0 <= y <= VIEW_H):
            return
        r = LAST_RING
        ring = pygame.Rect(round(x) - r - 2, round(y) - r - 2, 2 * r + 5, 2 * r + 5)
        if ring.collidelist(self._burst_boxes()) >= 0:
            return  # never over a KABOOM burst (a stranger's "last" was drawn across one)
        pygame.draw.circle(surface, (20, 16, 24), (x, y), r + 2, 6)
        pygame.draw.circle(surface, colour, (x, y), r, 3)
        d = r // 2
        for sx, sy in ((-1, -1), (-1, 1)):
            pygame.draw.line(surface, (20, 16, 24), (x - d * sx, y - d * sy),
                             (x + d * sx, y + d * sy), 6)
            pygame.draw.line(surface, colour, (x - d * sx, y - d * sy), (x + d * sx, y + d * sy),
                             3)
        img = text.render("last", 15, colour, True)
        half = img.get_width() // 2 + 8
        lx = min(max(x, half), round(VIEW_W) - half)  # the word whole at the screen's edge
        at_word = self._last_word_at(img, (lx, x, y), r)
        plate = at_word.inflate(12, 2)
        pygame.draw.rect(surface, theme.INK, plate, border_radius=7)
        pygame.draw.rect(surface, colour, plate, 2, border_radius=7)
        surface.blit(img, at_word)
        text.note(surface, at_word, "last", img)
        self.last_marks[seat] = plate.union(pygame.Rect(x - r - 2, y - r - 2, 2 * r + 5,
                                                        2 * r + 5))

    def _last_word_at(self, img: pygame.Surface, at: tuple[int, int, int], r: int
                      ) -> pygame.Rect:
        """Where the "last" word goes by its ring (`at`: the word's x kept on screen, the
        ring's centre): above it, else below, left or right, the first place whose plate is
        clear of the builder's hand and every block (a stranger's sat on the builder's hand
        and tower); above when none is."""
        lx, x, y = at
        places = [img.get_rect(midbottom=(lx, y - r - 8)), img.get_rect(midtop=(lx, y + r + 8)),
                  img.get_rect(midright=(x - r - 14, y)), img.get_rect(midleft=(x + r + 14, y))]
        sc = self.scene
        # clear of the blocks, the bursts and the dice (a die's icon cut "last" to "las")
        ring = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        keep = [*self._block_boxes(sc.camera.view), *self._burst_boxes(),
                *(d for d in self._die_boxes(sc.camera.view)
                  if not ring.collidepoint(d.center))]  # (not the die that came down there)
        b = sc.builder_ctl
        hand = None if b is None else b.hand
        if hand is not None and sc.turn is not None and sc.turn.building:
            hx, hy = self.to_screen(hand)
            keep.append(pygame.Rect(hx - 24, hy - 24, 48, 48))
        screen = pygame.Rect(0, 0, round(VIEW_W), round(VIEW_H))
        for place in places:
            plate = place.inflate(12, 2)
            if screen.contains(plate) and plate.collidelist(keep) < 0:
                return place
        return places[0]

    def forget_text(self) -> None:
        """Larger text turned on or off: the cards' cached art (with their names in it) is
        drawn again at the new size. Kept, a stranger saw "Mega Tower" twice until a reload
        (text.set_scale clears the module caches, not these per-view ones)."""
        self._text_scale = text.scale()
        for got in (self._card_imgs, self._scaled_cards, self._flying_cards, self._big_cards,
                    self._name_tags, self._quick_cards, self._calm_bursts):
            got.clear()

    def draw(self, surface: pygame.Surface) -> None:
        if text.scale() != self._text_scale:
            self.forget_text()
        art.frame_budget(True)
        try:
            self._draw(surface)
        finally:
            art.frame_budget(False)

    def _still_table_key(self, surface: pygame.Surface) -> tuple[Any, ...] | None:
        """While the get-ready panel shows, the table behind it stands still (no world step,
        no hand, no dice): its drawing is kept and shown again while nothing on it moves (no
        shake, no glide, no dust, splinters or popups). None when it may move."""
        sc = self.scene
        fx = sc.fx
        if sc.stage != Stage.READY or fx.shake_off != (0, 0) or text.observer() is not None \
                or sc.camera.view != sc.camera.target \
                or fx.dust.items or fx.splinters.items or fx.confetti.items or fx.popups:
            return None
        v = sc.camera.view
        if self._bg_job is not None or (v != FULL and (self._bg is None or self._bg[0][0] != v)):
            return None  # the smooth backdrop of a close view is still being made
        m = sc.match
        return (m.round, m.turn, tuple(m.row), sc.camera.view, text.scale(),
                surface.get_size(), tuple(sc.colours), self._layer_key, self._chrome_kept())

    def _chrome_kept(self) -> bool:
        """Whether the get-ready panel is in place (its dim and frame then stand still and are
        kept with the table)."""
        sc = self.scene
        return sc.stage_t >= 0.45 and sc.picker.shows() and text.observer() is None

    def _draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        hovered = guide.hovered_card(self) if sc.stage == Stage.PLAY else None
        key = self._still_table_key(surface)
        kept = self._still_table
        if key is not None and kept is not None and kept[0] == key:
            surface.blit(kept[1], (0, 0))
        else:
            self._draw_table(surface, hovered)
            if key is not None and key[-1]:
                sc.picker.draw_chrome(surface, 1.0)
            if key is not None:
                if kept is None or kept[1].get_size() != surface.get_size():
                    self._still_table = (key, surface.copy())
                else:
                    kept[1].blit(surface, (0, 0))
                    self._still_table = (key, kept[1])
        self._draw_overlays(surface, hovered)

    def _draw_table(self, surface: pygame.Surface, hovered: int | None) -> None:
        """The table itself: backdrop, catapults, blocks, hand, dust, aims, cards, popups."""
        sc = self.scene
        v = sc.camera.view
        ox, oy = sc.fx.shake_off
        make = sc.camera.view == sc.camera.target  # no new sprites while the camera moves
        self.edge_marks = []
        self._draw_background(surface, v, ox, oy, make)
        self._draw_catapults(surface, v, ox, oy)
        self._draw_ghost(surface, v, ox, oy, make)
        self._draw_bodies(surface, v, ox, oy, make)
        self._draw_outline(surface)
        self.draw_hand(surface, v, ox, oy)
        sc.fx.dust.draw(surface, (ox, oy))
        sc.fx.splinters.draw(surface, (ox, oy))
        self._draw_aims(surface, v, ox, oy)
        self._draw_shot_markers(surface, v)
        self._draw_cards(surface, v, ox, oy, make)
        self.insets.draw(surface)
        self.tray_labels = []
        b = sc.builder_ctl
        if sc.stage == Stage.PLAY and b is not None and b.kind != "ai":
            # Only a person building reads the tray's names (an AI's turn shows bare wood).
            guide.draw_tray_labels(surface, self, guide.needed_kinds(sc, hovered)[0], oy,
                                   sc.fx.asked_kinds())
            self._draw_key_target(surface, v, ox, oy)
        self._draw_popups(surface, ox, oy)

    def key_target(self) -> int | None:
        """The pad a keyboard or pad builder's next Space builds on: the pad the carried block
        is over, else the tile its Tab offers the blocks of; None for a mouse or an AI."""
        sc = self.scene
        b = sc.builder_ctl
        if not isinstance(b, CursorBuilderControl) or sc.stage != Stage.PLAY:
            return None
        held = sc.world.hand.held_block
        if b.carrying and held is not None:
            x = sc.world.block_pose(held)[0]
            for slot, (x0, x1) in enumerate(SLOT_RANGES):
                if x0 <= x <= x1 and sc.turn_row[slot] is not None:
                    return slot
            return None
        js = list(sc.judgements.values())
        if any(j.slot == b.fetch_for and not j.complete and sc.match.can_build_on(j.slot)
               for j in js):  # the hand is on a block Tab fetched for that open tower
            return b.fetch_for
        turn = sc.turn
        return build_target(js, sc.match.can_build_on, b.last_pad,
                            None if turn is None else finishable(turn, js))

    def _draw_key_target(self, surface: pygame.Surface, v: View, ox: int, oy: int) -> None:
        """The keyboard's target pad, marked so a Tab player sees where Space will build: its
        card ringed in gold and a gold arrow at each end of the pad, beside it at its height
        (under the table's edge they lay where the tray's names go when the view draws out:
        "Long beam x1" covered one, a stranger saw)."""
        self.pad_markers = []
        slot = self.key_target()
        if slot is None:
            return
        pygame.draw.rect(surface, guide.GOLD, self.card_rect(slot).move(ox, oy).inflate(8, 8),
                         3, border_radius=8)
        x0, x1 = SLOT_RANGES[slot]
        (sx0, _), (sx1, _) = v.to_screen((x0, TABLE_Y)), v.to_screen((x1, TABLE_Y))
        y = round(v.to_screen((x0, TABLE_Y - 5.0))[1]) + oy  # the middle of the pad's slab
        for sx, d in ((sx0 + ox, 1), (sx1 + ox, -1)):  # an arrow at each end, pointing in
            tip = (round(sx) + 2 * d, y)
            pts = [tip, (tip[0] - 11 * d, y - 8), (tip[0] - 11 * d, y + 8)]
            pygame.draw.polygon(surface, guide.GOLD, pts)
            pygame.draw.polygon(surface, theme.INK, pts, 1)
            self.pad_markers.append(pygame.Rect(min(tip[0], pts[1][0]), y - 8, 12, 17))

    def _draw_overlays(self, surface: pygame.Surface, hovered: int | None) -> None:
        """What is drawn over the table: the stage's panel, the HUD, notes, the verdicts."""
        sc = self.scene
        if sc.stage == Stage.READY:
            self._draw_ready(surface)
        elif sc.stage == Stage.SCORE:
            self._draw_board(surface, final=False)
        elif sc.stage == Stage.OVER:
            sc.fx.confetti.draw(surface)  # over the table, behind the winner's board
            self._draw_board(surface, final=True)
        self.hint_plates = []
        self._draw_hud(surface)
        # The card being read, enlarged, is placed first: the notes keep clear of it (a
        # stranger's "The Twin cubes' cube ... has another block beside it" lay on that card).
        self.enlarged = None if hovered is None else guide.draw_enlarged(
            surface, self, hovered, self._big_cards, draw=False)
        self._draw_notes(surface, sc.camera.view)  # after the controls hints: placed clear of them
        if sc.stage == Stage.JUDGE:
            self._draw_judge(surface)
        if hovered is not None:
            guide.draw_enlarged(surface, self, hovered, self._big_cards)
            # The catapults' edge arrows stay on top (a stranger's enlarged card hid the right
            # edge's).
            for seat, at in self.edge_marks:
                self._draw_offscreen_marker(surface, seat, at, again=True)
        if sc.stage != Stage.OVER:
            sc.fx.confetti.draw(surface)

    def to_screen(self, p: Point) -> tuple[int, int]:
        """Where a world point is drawn now (camera and shake)."""
        sc = self.scene
        x, y = sc.camera.view.to_screen(p)
        return (round(x) + sc.fx.shake_off[0], round(y) + sc.fx.shake_off[1])

    def slot_view(self, slot: int) -> tuple[int | None, float, int, bool]:
        """What a slot shows now: tile id, card drop offset, lit pieces, complete glow."""
        sc = self.scene
        if sc.stage == Stage.READY:
            return sc.match.row[slot], 0.0, 0, False
        if sc.stage == Stage.PLAY:
            j = sc.judgements.get(slot)
            if j is None:
                return sc.turn_row[slot], 0.0, 0, False
            return sc.turn_row[slot], 0.0, j.progress, j.scored
        result = sc.result
        verdicts = {j.slot: j for j in result.judgements} if result is not None else {}
        plan = sc.plan
        if sc.stage == Stage.JUDGE and plan is not None:
            t = sc.stage_t
            for start, s, new in plan.drops:
                if s == slot and t >= start:
                    if sc.app.reduced_motion:
                        return new, 0.0, 0, False  # in place at once, no drop from above
                    p = min(1.0, (t - start) / DROP_SECONDS)
                    return new, -(1.0 - ease_out_back(p)) * 300.0, 0, False
            for start, s, _ in plan.flights:
                if s == slot and t >= start:
                    return None, 0.0, 0, False
        elif sc.shown_row()[slot] != sc.turn_row[slot]:
            return sc.shown_row()[slot], 0.0, 0, False
        j = verdicts.get(slot)
        tid = sc.turn_row[slot]
        if j is None:
            return tid, 0.0, 0, False
        return tid, 0.0, j.progress, j.scored

    def _table_layer(self) -> pygame.Surface:
        """Background, tile slabs and catapult frames in one surface (MARGIN all round, for
        shake). Rebuilt only when something on it changes; the cards are drawn over it."""
        sc = self.scene
        m = art.MARGIN
        # Keyed by each saboteur's colour and shape too: the colour-blind palette switched
        # mid-match repaints the pennants.
        cats = tuple(sorted((seat, c.slot_index, sc.colours[seat], sc.shapes[seat])
                            for seat, c in sc.world.catapults.items()))
        slabs = tuple(sc.turn_row if sc.stage in (Stage.PLAY, Stage.JUDGE)
                      else sc.shown_row())
        layer = self._layer
        if layer is None or self._layer_cats != cats:
            if layer is None:
                layer = art.background().copy()
            else:
                layer.blit(art.background(), (0, 0))
            for _seat, index, colour, shape in cats:
                cat = CATAPULT_SLOTS[index]
                base, (px, py) = art.catapult_base(cat.facing, colour, shape)
                layer.blit(art.contact_shadow(60), (round(cat.x) - 37 + m,
                                                    round(TABLE_Y) - 5 + m))
                layer.blit(base, (round(cat.pivot[0]) - px + m, round(cat.pivot[1]) - py + m))
            self._layer, self._layer_cats, self._layer_key = layer, cats, None
        if self._layer_key != (slabs,):
            bg = art.background()
            a = art.SLAB_STRIP.move(m, m)
            layer.blit(bg, a, a)
            for slot, tid in enumerate(slabs):
                if tid is not None:
                    r = art.card_rect(slot).move(m, m)
                    layer.blit(art.tile_slab(tid, r.w), (r.x, round(TABLE_Y) - 12 + m))
            self._layer_key = (slabs,)
            self._bg = self._bg_job = None
        return layer

    def _draw_background(self, surface: pygame.Surface, v: View, ox: int, oy: int,
                         make: bool) -> None:
        """The still table through the camera: one blit at full view, else one smooth scale
        of the part in view (reused while the camera and the table stand still). While the
        camera moves, a quick unsmoothed scale into one reused buffer, a frame each (as the
        blocks do): no smooth scale of the whole screen per frame."""
        layer = self._table_layer()
        m = art.MARGIN
        if v == FULL:
            surface.blit(layer, (ox - m, oy - m))
            return
        key = (v, id(layer), self._layer_key)
        img: pygame.Surface | None = None
        if self._bg is not None and self._bg[0] == key:
            img = self._bg[1]
        elif not make and self._glide_into(surface, layer, v, ox, oy):
            self.glided += 1
            return
        else:
            pad = m / v.zoom
            src = pygame.Rect(0, 0, 0, 0)
            src.x = max(0, math.floor(v.x0 + m - pad))
            src.y = max(0, math.floor(v.y0 + m - pad))
            src.w = min(layer.get_width() - src.x, math.ceil(VIEW_W / v.zoom + 2 * pad))
            src.h = min(layer.get_height() - src.y, math.ceil(VIEW_H / v.zoom + 2 * pad))
            size = (round(src.w * v.zoom), round(src.h * v.zoom))
            made = self._smooth_bg(key, layer.subsurface(src), size) if make else None
            img = made if made is not None else self._moving_bg(layer.subsurface(src), size)
        sx, sy = v.to_screen((0.0, 0.0))
        # The layer's (x, y) is world (x - MARGIN, y - MARGIN).
        x0 = max(0, math.floor(v.x0 + m - m / v.zoom))
        y0 = max(0, math.floor(v.y0 + m - m / v.zoom))
        surface.blit(img, (round(sx + (x0 - m) * v.zoom) + ox, round(sy + (y0 - m) * v.zoom) + oy))

    def _glide_into(self, surface: pygame.Surface, layer: pygame.Surface, v: View, ox: int,
                    oy: int) -> bool:
        """While the camera glides, the table scaled straight into the frame: one nearest
        scale of the part in view, written where it shows (no full-screen buffer blitted
        after it, which cost as much again; bench found `_moving_bg` a millisecond a frame).
        The scale is off by under a pixel across the screen for the frame; False (use the
        buffer) when the frame is not the screen or a shake moves it."""
        if (ox, oy) != (0, 0) or surface.get_size() != (round(VIEW_W), round(VIEW_H)) \
                or surface.get_bitsize() != layer.get_bitsize() \
                or surface.get_masks() != layer.get_masks():
            return False
        m = art.MARGIN
        w = min(layer.get_width(), max(1, round(VIEW_W / v.zoom)))
        h = min(layer.get_height(), max(1, round(VIEW_H / v.zoom)))
        x = min(max(0, round(v.x0 + m)), layer.get_width() - w)
        y = min(max(0, round(v.y0 + m)), layer.get_height() - h)
        pygame.transform.scale(layer.subsurface((x, y, w, h)), surface.get_size(), surface)
        return True

    def _smooth_bg(self, key: tuple[Any, ...], src: pygame.Surface,
                   size: tuple[int, int]) -> pygame.Surface | None:
        """The smooth scale of the still view's background, made a slice a frame (one smooth
        scale of the whole screen would stall the frame the camera comes to rest in): None
        until it is done (the quick scale shows meanwhile), then kept in `_bg`."""
        job = self._bg_job
        if job is None or job.key != key:
            shown = self._bg[1].get_parent() if self._bg is not None else None
            name = "smooth1" if shown is self._buffers.get("smooth0") else "smooth0"
            job = self._bg_job = _SmoothJob(key, src, size,
                                            self._buffer("mid", (size[0], src.get_height()), src),
                                            self._buffer(name, size, src))
        if not job.step():
            return None
        self._bg, self._bg_job = (key, job.out), None
        return job.out

    def _moving_bg(self, src: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """`src` scaled to `size` unsmoothed, in a buffer kept for it (no new surface a frame)."""
        out = self._buffer("moving", size, src)
        self._bg_buffer = out.get_parent()
        pygame.transform.scale(src, size, out)
        return out

    def _buffer(self, name: str, size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
        """The `size` corner of a kept surface (made larger only if the view needs more)."""
        buf = self._buffers.get(name)
        if buf is None or buf.get_width() < size[0] or buf.get_height() < size[1]:
            w = max(size[0], round(VIEW_W) + 4 * art.MARGIN)
            h = max(size[1], round(VIEW_H) + 4 * art.MARGIN)
            buf = self._buffers[name] = pygame.Surface((w, h), 0, like)
        return buf.subsurface((0, 0, *size))

    def card_rect(self, slot: int, view: View | None = None) -> pygame.Rect:
        """Where a slot's card is on screen: hung on the wall in the full view, shrunk into a
        strip at the top, over its tile, when the camera is close in (in `view`, by default
        the camera's)."""
        return card_rect_in(slot, self.scene.camera.view if view is None else view)

    def tower_rects(self, view: View | None = None) -> list[pygame.Rect]:
        """The screen boxes of every open tower of the turn, finished (every slot of it, the
        Mega's top included): what no banner or card may cover while a person builds."""
        return tower_rects_in(self.scene, self.scene.camera.view if view is None else view)

    def _card_image(self, tid: int, width: int, progress: int, complete: bool,
                    closed: bool) -> pygame.Surface:
        """A card as it hangs (pin, shadow, lit pieces, glow, CLOSED stamp), cached."""
        key = (tid, width, progress, complete, closed)
        img = self._card_imgs.get(key)
        if img is None:
            pad = 16
            img = pygame.Surface((width + 2 * pad, art.CARD_H + 2 * pad), pygame.SRCALPHA)
            r = pygame.Rect(pad, pad, width, art.CARD_H)
            art.draw_card(img, tid, r, progress, complete)
            if closed:
                stamp = art.closed_stamp()
                img.blit(stamp, stamp.get_rect(center=(r.centerx, r.centery + 10)))
            if len(self._card_imgs) > 200:
                self._card_imgs.clear()
            self._card_imgs[key] = img
        return img

    def _draw_cards(self, surface: pygame.Surface, v: View, ox: int, oy: int,
                    make: bool = True) -> None:
        """The tiles' cards: on the wall, or in the strip over the close-up (screen space).
        A card shrinking with the camera's zoom is scaled smoothly once it rests (kept per
        slot); while the camera moves, a quick unsmoothed scale for the frame."""
        sc = self.scene
        closed = sc.match.closed if sc.stage == Stage.PLAY else {}
        # Whether anything stands or is carried as high as the strip (the Mega): read once.
        high = False
        if sc.stage == Stage.PLAY:
            tower_top, held_top, _ = sc._table_facts()
            strip = v.y0 + max(CARD_STRIP_BOTTOM, COMPACT_TOP + art.CARD_H * COMPACT_CARD) / v.zoom
            high = min(tower_top, held_top if held_top is not None else tower_top) < strip
        boxes: list[pygame.Rect] | None = None
        for slot in range(ROW_SLOTS):
            tid, dy, progress, complete = self.slot_view(slot)
            if tid is None:
                continue
            full = art.card_rect(slot)
            r = self.card_rect(slot).move(ox, oy + round(dy))
            img = self._card_image(tid, full.w, progress, complete, slot in closed)
            # Any block that reaches into a card shows through it (a stranger's Mega tower
            # rose behind its card, which faded only while the hand was on it).
            if high and boxes is None:
                boxes = self._block_boxes(v)  # once a frame, for every card
            faded = high and self._under_card(slot, r, boxes)
            if r.size == full.size:
                if faded:
                    got = self._faint_full.get(slot)
                    if got is None or got[0] != (tid, progress, complete, slot in closed):
                        faint = img.copy()
                        faint.fill((255, 255, 255, 80), special_flags=pygame.BLEND_RGBA_MULT)
                        got = ((tid, progress, complete, slot in closed), faint)
                        self._faint_full[slot] = got
                    img = got[1]
                surface.blit(img, (r.x - 16, r.y - 16))
                continue
            k = r.w / full.w
            key = (tid, progress, complete, slot in closed, r.size, faded)
            got = self._scaled_cards.get(slot)
            quick = self._quick_cards.get(slot)
            if got is not None and got[0] == key:
                scaled = got[1]
            elif not make and quick is not None and quick[0] == key:
                scaled = quick[1]  # the camera moved, the card's size did not: last frame's
            else:
                size = (round(img.get_width() * k), round(img.get_height() * k))
                if make:
                    scaled = pygame.transform.smoothscale(img, size)
                    self._scaled_cards[slot] = (key, scaled)
                else:
                    scaled = pygame.transform.scale(img, size)
                if faded:
                    scaled = scaled.copy()
                    scaled.fill((255, 255, 255, 80), special_flags=pygame.BLEND_RGBA_MULT)
                    if make:
                        self._scaled_cards[slot] = (key, scaled)
                if not make:
                    self._quick_cards[slot] = (key, scaled)
            surface.blit(scaled, (r.x - round(16 * k), r.y - round(16 * k)))
            if k < 0.95 and not faded:
                self._draw_name_tag(surface, tid, r, k)

    def _draw_name_tag(self, surface: pygame.Surface, tid: int, r: pygame.Rect,
                       k: float) -> None:
        """A shrunk card's name, redrawn at full size on a paper tag over its foot: shrunk
        with the card it was about 6 px tall on a 1024x576 window (a playtester)."""
        tile = TILES[tid]
        name = "Mega Tower" if tile.mega else tile.name
        # The Mega's name keeps one line: its wide tag already covers its two-line foot, and
        # two lines of larger text hid half its tower's picture.
        # A long name takes the whole card's width, its tag's padding narrowed to a hair,
        # so it is condensed less (on a shrunk strip "Three cubes" fit only much smaller).
        natural = text.render(name, art.NAME_SIZE, (70, 52, 36), bold=True).get_width()
        pad = TAG_PAD if natural <= r.w - 2 * TAG_MARGIN - TAG_PAD else TAG_PAD_TIGHT
        img = name_tag_text(name, r.w - 2 * TAG_MARGIN - pad)
        # The Mega's is taller: it covers both lines of its foot (its name, "wins the game")
        # whole at any strip size, up to the ground line (with larger text the card's own
        # squeezed name showed over the tag).
        tall = 0
        if tile.mega:
            foot = math.ceil(art.card_foot(True)[0] * r.h / art.CARD_H)
            tall = max(round(8 * text.scale()), foot - 4 - img.get_height())
        wide = img.get_width() + pad
        key = (tid, text.scale(), wide, tall)
        tag = self._name_tags.get(key)
        if tag is None:  # made once per tile, text size and width, one blit a frame after
            tag = pygame.Surface((wide, img.get_height() + tall), pygame.SRCALPHA)
            plate = tag.get_rect()
            pygame.draw.rect(tag, art.MEGA_PAPER if tile.mega else art.PAPER, plate,
                             border_radius=5)
            pygame.draw.rect(tag, art.tier_colour(tile), plate, 1, border_radius=5)
            tag.blit(img, img.get_rect(center=plate.center))
            if len(self._name_tags) > 64:  # widths seen while the strip grows or shrinks
                self._name_tags.clear()
            self._name_tags[key] = tag
        at = tag.get_rect()
        at.center = (r.centerx, r.y + round((art.CARD_H - 12) * k))
        at.bottom = min(at.bottom, r.bottom - 2)
        if tile.mega:
            at.bottom = r.bottom - 2  # its foot covered from the card's bottom up
        at.x = min(max(at.x, 2), round(VIEW_W) - at.w - 2)
        surface.blit(tag, at)
        self.tag_rects[tid] = at
        text.note(surface, img.get_rect(center=at.center), name, img)

    def _under_card(self, slot: int, r: pygame.Rect,
                    boxes: list[pygame.Rect] | None = None) -> bool:
        """Whether a tower on this slot (the Mega) or a block carried over it has risen into its
        card in the strip: the card is then drawn faint, so the blocks show through. `boxes`:
        this frame's `_block_boxes`, when the caller has them."""
        sc = self.scene
        if sc.stage != Stage.PLAY:
            return False
        v = sc.camera.view
        x0, x1 = SLOT_RANGES[slot]
        j = sc.judgements.get(slot)
        bids = list(j.stack) if j is not None else []
        held = sc.world.hand.held_block
        if held is not None and x0 - 20.0 <= sc.world.block_pose(held)[0] <= x1 + 20.0:
            bids.append(held)
        if any(v.to_screen((0.0, sc.top_of(b)))[1] < r.bottom for b in bids):
            return True
        return any(r.colliderect(box)
                   for box in (boxes if boxes is not None else self._block_boxes(v)))

    def _burst_boxes(self) -> list[pygame.Rect]:
        """The screen boxes of the comic bursts showing (`effects.popup_rect`)."""
        out = []
        for pop in self.scene.fx.popups:
            x0, y0, x1, y1 = popup_rect(pop)
            out.append(pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)))
        return out

    def _die_boxes(self, v: View) -> list[pygame.Rect]:
        """The screen boxes of the dice in play (a little larger than drawn)."""
        world = self.scene.world
        out = []
        for die in world.die_ids():
            x, y, _a = world.die_pose(die)
            sx, sy = v.to_screen((x, y))
            half = DIE_SIZE * v.zoom * 0.75 + 2
            out.append(pygame.Rect(round(sx - half), round(sy - half), round(2 * half),
                                   round(2 * half)))
        return out

    def _block_boxes(self, v: View) -> list[pygame.Rect]:
        """The screen boxes of every block in play (on the table or in the hand): whichever
        tower they belong to, a card they reach into is drawn faint."""
        sc = self.scene
        world = sc.world
        boxes: list[pygame.Rect] = []
        for bid in range(len(world.blocks)):
            if bid in sc.collected or world.block_where(bid) not in (Where.TABLE, Where.HELD):
                continue
            x, y, a = world.block_pose(bid)
            shape = SHAPES[world.block_shape(bid)]
            c, s_ = abs(math.cos(a)), abs(math.sin(a))
            hw = (shape.width * c + shape.height * s_) / 2.0
            hh = (shape.width * s_ + shape.height * c) / 2.0
            x0, y0 = v.to_screen((x - hw, y - hh))
            x1, y1 = v.to_screen((x + hw, y + hh))
            boxes.append(pygame.Rect(round(x0), round(y0), max(1, round(x1 - x0)),
                                     max(1, round(y1 - y0))))
        return boxes

    def _draw_notes(self, surface: pygame.Surface, v: View) -> None:
        """Why a tower is wrong, next to it, in player words (the first seconds after)."""
        sc = self.scene
        self.note_plates = {}
        if sc.stage != Stage.PLAY:
            self._note_at = {}
            self._note_width = {}
            return
        self._notes_frame += 1
        for gone in set(self._note_at) - set(sc.fx.credits):
            del self._note_at[gone]
        for gone in set(self._note_width) - set(sc.fx.credits):
            del self._note_width[gone]
        placed: list[pygame.Rect] = list(self.hint_plates)
        if self.enlarged is not None:
            placed.append(self.enlarged.inflate(8, 8))
        # A saboteur's power bar (its MAX and figure) and a couch saboteur's picture of their
        # catapult: never under a note (a knock's note covered a couch saboteur's MAX).
        placed += [p.inflate(8, 8) for p in self.power_plates.values()]
        placed += [r.inflate(14, 14) for r in self.insets.rects.values()]
        for p in sc.fx.popups:
            # A KABOOM!'s whole burst, over the whole of its slow rise: its spikes once
            # covered the start of a stranger's "Ben's die knocks the short beam off..."
            x0, y0, x1, y1 = popup_rect(p)
            placed.append(pygame.Rect(math.floor(x0), math.floor(y0), math.ceil(x1 - x0),
                                      math.ceil(y1 - y0)))
        notes = {slot: (msg, life, theme.CREAM) for slot, (msg, life) in sc.fx.notes.items()}
        # A block just sent back from a tower's spot: why, by that tower (the builder's doing
        # this moment, so it outranks an older rule note there).
        notes.update({slot: (msg, life, theme.CREAM)
                      for slot, (msg, life) in sc.fx.refusals.items()})
        # A saboteur's knock outranks a rule note on that tile (their colour, lifted to read).
        notes.update({slot: (msg, life, hud.light(col))
                      for slot, (msg, life, col) in sc.fx.credits.items()})
        # The held block cannot settle on this pad: a stray block is in the way (what to do
        # now outranks what happened).
        notes.update({slot: (msg, 1.0, theme.CREAM)
                      for slot, msg in sc.fx.blocked.items()})
        boxes: list[pygame.Rect] | None = None  # the blocks in play, once a frame
        for slot, (msg, life, colour) in sorted(notes.items()):
            x0, x1 = SLOT_RANGES[slot]
            j = sc.judgements.get(slot)
            top = TABLE_Y
            if j is not None:
                for bid in j.stack:
                    top = min(top, sc.top_of(bid))
            sx, sy = v.to_screen(((x0 + x1) / 2.0, top))
            # Under the tile's card, above its tower: clear of the KABOOM! over the tower.
            # Under the tile's card (however far it has shrunk), never over it.
            under_card = max(CARD_STRIP_BOTTOM, self.card_rect(slot).bottom) + 40
            y = under_card if v.zoom > 1.2 else max(340, sy - 70)
            # A knock's sentence gets a wider plate: one bold line, its points on the next.
            width = self._note_width.get(slot, NOTE_WIDE) if slot in sc.fx.credits \
                else NOTE_NARROW
            lines = _note_lines(msg, width)
            alpha = round(230 * min(1.0, life / 0.4))
            half = width // 2 + 20
            centre = (round(min(max(sx, half), VIEW_W - half)), round(y))
            # Two towers wrong at once: the later note goes under the one it would cover.
            rect = hud.hint_rect(lines, centre)
            beside = self._beside_tower(slot, rect, placed, v) if slot in sc.fx.credits \
                else None
            if beside is not None and slot not in self._note_width:
                # No room clear of the towers for the wide plate (a crowded couch: the
                # saboteurs' bars, pictures and hints): narrower, if that is clear of more.
                over = self._note_at[slot][1]
                narrow = _note_lines(msg, NOTE_NARROW)
                other = None if over == 0 else self._beside_tower(
                    slot, hud.hint_rect(narrow, centre), placed, v)
                if other is not None and self._note_at[slot][1] < over:
                    lines, beside = narrow, other
                    self._note_width[slot] = NOTE_NARROW
                else:
                    self._note_width[slot] = width
                    if other is not None:
                        self._note_at[slot] = (beside, over, self._notes_frame)
            if beside is not None:
                rect = beside
            elif self.enlarged is not None and rect.colliderect(self.enlarged.inflate(8, 8)):
                # Beside the card being read, at its height, rather than down over the tray.
                big = self.enlarged.inflate(8, 8)
                for side in (big.right + 6, big.left - 6 - rect.w):
                    trial = rect.copy()
                    trial.x = side
                    if trial.x < 4 or trial.right > VIEW_W - 4:
                        continue
                    while any(trial.colliderect(p.inflate(0, 8)) for p in placed):
                        trial.y = max(p.bottom for p in placed
                                      if trial.colliderect(p.inflate(0, 8))) + 6
                    if trial.top < big.bottom:  # still beside it
                        rect = trial
                        break
                while any(rect.colliderect(p.inflate(0, 8)) for p in placed):
                    rect.y = max(p.bottom for p in placed
                                 if rect.colliderect(p.inflate(0, 8))) + 6
            else:
                while any(rect.colliderect(p.inflate(0, 8)) for p in placed):
                    rect.y = max(p.bottom for p in placed
                                 if rect.colliderect(p.inflate(0, 8))) + 6
            if boxes is None:
                boxes = self._block_boxes(v)
            rect = _clear_of_blocks(rect, boxes, placed, self.card_rect(slot).bottom)
            plate = hud.draw_hint(surface, lines, rect.center, colour, alpha)
            self.note_plates[slot] = plate
            placed.append(plate)

    def pad_column(self, slot: int, v: View) -> pygame.Rect:
        """A pad's column on screen: its width, from under the cards down to the table."""
        x0, x1 = SLOT_RANGES[slot]
        left, table = v.to_screen((x0, TABLE_Y))
        right = v.to_screen((x1, TABLE_Y))[0]
        top = max(CARD_STRIP_BOTTOM, self.card_rect(slot).bottom)
        return pygame.Rect(left, top, max(1, right - left), max(1, table - top))

    def tower_box(self, slot: int, v: View) -> pygame.Rect | None:
        """The screen box of the tower standing on a pad (its pad's width, from a little above
        its top block down to the table), or None when nothing of a tower stands there."""
        j = self.scene.judgements.get(slot)
        if j is None or not j.stack:
            return None
        top = min(self.scene.top_of(b) for b in j.stack)
        column = self.pad_column(slot, v)
        y = v.to_screen((0.0, top))[1] - NOTE_TOWER_MARGIN
        return pygame.Rect(column.x, y, column.w, max(1, column.bottom - y))

    def catapult_zone(self, seat: int) -> pygame.Rect:
        """The screen strip of a saboteur's catapult: from its edge of the screen to
        CATAPULT_ZONE pixels in past its cup (its picture, arrow, gauge and hint stand there
        when it is off the screen)."""
        sc = self.scene
        cat = sc.world.catapults[seat]
        cx = min(max(self.to_screen(cat.slot.launch_point)[0], 0), round(VIEW_W))
        if cat.slot.facing > 0:  # on the left, firing right
            return pygame.Rect(0, HUD_BOTTOM, cx + CATAPULT_ZONE, round(VIEW_H) - HUD_BOTTOM)
        left = max(0, cx - CATAPULT_ZONE)
        return pygame.Rect(left, HUD_BOTTOM, round(VIEW_W) - left, round(VIEW_H) - HUD_BOTTOM)

    def other_catapult_zones(self, seat: int) -> list[pygame.Rect]:
        """The strips of the other saboteurs' catapults (`catapult_zone`), but for one on the
        same side as this seat's (that side is theirs too)."""
        sc = self.scene
        if seat not in sc.world.catapults:
            return []
        mine = self.catapult_zone(seat)
        return [z for s in sc.sab_ctls if s != seat and s in sc.world.catapults
                for z in [self.catapult_zone(s)] if not z.colliderect(mine)]

    def _beside_tower(self, slot: int, rect: pygame.Rect, placed: list[pygame.Rect],
                      v: View) -> pygame.Rect | None:
        """Where a knock's note goes: beside the pad it talks about, never over it (a
        playtester read "knocks the pillar off the Lamp" drawn over the fallen Lamp), nor over
        another tower standing, a card, a hint or a burst; as near the pad and as high up as
        that allows. The place found is kept while it stays clear (a note does not wander).
        None when no such place is on the screen (the note goes under the others as before)."""
        kept = self._note_at.get(slot)
        if kept is not None and kept[0].size == rect.size \
                and self._notes_frame - kept[2] < NOTE_RECHECK:
            return kept[0]
        sc = self.scene
        column = self.pad_column(slot, v)
        hard = [column.inflate(2 * NOTE_PAD_CLEAR, 0)] + [p.inflate(0, 8) for p in placed]
        hard += [self.card_rect(s).inflate(8, 8) for s in range(ROW_SLOTS)
                 if sc.turn_row[s] is not None]
        shooter = sc.fx.credit_seats.get(slot)
        if shooter is not None:
            # Never by another saboteur's catapult (a stranger read "Ben's die knocks the Tee
            # down" at the far left, by Cleo's catapult, and Cleo's by Ben's).
            hard += self.other_catapult_zones(shooter)
        towers = [b for s in range(ROW_SLOTS) if s != slot
                  for b in [self.tower_box(s, v)] if b is not None]
        screen = pygame.Rect(4, HUD_BOTTOM, round(VIEW_W) - 8, column.bottom - HUD_BOTTOM)

        def clear(r: pygame.Rect) -> bool:
            return screen.contains(r) and r.collidelist(hard) < 0

        def covered(r: pygame.Rect) -> int:
            return sum(c.w * c.h for t in towers for c in [r.clip(t)])

        if kept is not None and kept[0].size == rect.size and clear(kept[0]) \
                and covered(kept[0]) <= kept[1]:
            self._note_at[slot] = (kept[0], kept[1], self._notes_frame)
            return kept[0]
        w, h = rect.size
        # The nearest clear place to the pad's top, a step down counting as NOTE_DOWN_COST
        # steps across; a place over another tower only when there is no other.
        best: tuple[int, int, pygame.Rect] | None = None
        y0 = y = rect.centery
        # Each row from the pad outward: the first clear place over no tower is that row's
        # best (a search of every place cost a 60 fps frame's fifth when a die knocked).
        xs = sorted(range(w // 2 + 4, round(VIEW_W) - w // 2 - 4, NOTE_STEP),
                    key=lambda x: abs(x - column.centerx))
        if w > 0 and h > 0 and all(o.w > 0 and o.h > 0 for o in hard + towers):
            found = _nearest_place(xs, w, h, y0, column, screen, hard, towers)
            if found is None:
                return None
            self._note_at[slot] = (found[1], found[0], self._notes_frame)
            return found[1]
        while y + h // 2 <= column.bottom:
            down = NOTE_DOWN_COST * (y - y0)
            if best is not None and best[0] == 0 and down >= best[1]:
                break
            for x in xs:
                across = down + abs(x - column.centerx)
                if best is not None and best[0] == 0 and across >= best[1]:
                    break
                r = pygame.Rect(0, 0, w, h)
                r.center = (x, y)
                if not clear(r):
                    continue
                key = (covered(r), across)
                if best is None or key < best[:2]:
                    best = (*key, r)
                if key[0] == 0:
                    break
            y += NOTE_STEP
        if best is None:
            return None
        self._note_at[slot] = (best[2], best[0], self._notes_frame)
        return best[2]

    def _draw_catapults(self, surface: pygame.Surface, v: View, ox: int, oy: int) -> None:
        """The catapults' swinging arms and the die waiting in each cup."""
        sc = self.scene
        dice = sc.dice_display()
        loaded = sc.stage in (Stage.PLAY, Stage.READY)
        z = v.zoom
        for cv in sc.world.catapults.views():
            a = cv.arm_angle
            dx, dy = -cv.facing * math.sin(a), -math.cos(a)
            tipw = (cv.pivot[0] + dx * cv.arm_length, cv.pivot[1] + dy * cv.arm_length)
            pv = self.to_screen(cv.pivot)
            tip = self.to_screen(tipw)
            art.draw_arm(surface, pv, tip, z)
            left, _ = dice.get(cv.seat, (0, 0))
            if loaded and cv.ready and left > 0:
                die = self._die_sprite(sc.colours[cv.seat], 5, a * cv.facing, z, True)
                surface.blit(die, die.get_rect(center=self.to_screen(
                    (tipw[0] + dx * 4, tipw[1] + dy * 4))))

    def _die_sprite(self, colour: Colour, face: int, angle: float, zoom: float,
                    make: bool) -> pygame.Surface:
        """A die at the camera's zoom: scaled once per rotation and resting zoom (cached);
        a quick unsmoothed scale while the camera moves."""
        sprite = art.die_sprite(colour, face, angle)
        if abs(zoom - 1.0) < 1e-3:
            return sprite
        w, h = sprite.get_size()
        size = (round(w * zoom), round(h * zoom))
        if not make:
            return pygame.transform.scale(sprite, size)
        key = (id(sprite), size)
        got = self._dice_cache.get(key)
        if got is None or got[0] is not sprite:
            if len(self._dice_cache) > 4000:
                self._dice_cache.clear()
            got = (sprite, pygame.transform.smoothscale(sprite, size))
            self._dice_cache[key] = got
        return got[1]

    def _draw_ghost(self, surface: pygame.Surface, v: View, ox: int, oy: int,
                    make: bool) -> None:
        sc = self.scene
        turn = sc.turn
        b = sc.builder_ctl
        if turn is None or not turn.building or b is None or b.kind == "ai":
            return
        if isinstance(b, MouseBuilderControl):
            got = b.outline(turn)
            if got is not None:
                # A dragged block's own outline: where it goes, whatever pad is hovered.
                key, x, y, a, _ = got
                sprite = art.ghost_sprite(key, a, 110, v.zoom, make)
                surface.blit(sprite, sprite.get_rect(center=self.to_screen((x, y))))
                # (the held block itself fills it: never crossed out)
                return
            if not b.dragging:
                self._draw_idle_ghosts(surface, v, make)
                return
        slot = self.ghost_slot()
        if slot is None:
            return
        ghost = turn.ghost(slot)
        if ghost is None:
            return
        key, x, y, a = ghost
        sprite = art.ghost_sprite(key, a, 130, v.zoom, make)
        surface.blit(sprite, sprite.get_rect(center=self.to_screen((x, y))))
        if sc.crossed(slot, key):
            self._mark_starved(surface, key, x, y, a)

    def _mark_starved(self, surface: pygame.Surface, key: str, x: float, y: float,
                      a: float) -> None:
        """An outline whose tower can no longer be finished (`TowerScene.starved`): its edge
        in the warning colour, crossed out (a stranger's Temple outline asked for an arch none
        was left of, with no word why)."""
        pts = [self.to_screen(p) for poly in shape_polygons(key, x, y, a) for p in poly]
        for poly in shape_polygons(key, x, y, a):
            pygame.draw.polygon(surface, STARVED, [self.to_screen(p) for p in poly], 2)
        x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
        y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
        pygame.draw.line(surface, STARVED, (x0, y0), (x1, y1), 3)
        pygame.draw.line(surface, STARVED, (x0, y1), (x1, y0), 3)

    def idle_ghosts(self) -> list[tuple[int, str, float, float, float]]:
        """(slot, shape, x, y, angle) of the next block of every tower a mouse builder with an
        empty hand may build on: the faint outlines the tips speak of show before a block is
        picked up (a stranger read "drag a block onto its faint outline" and saw none until
        he had one in hand, over the tray no ghost at all)."""
        turn = self.scene.turn
        if turn is None:
            return []
        out: list[tuple[int, str, float, float, float]] = []
        for slot in range(len(turn.match.row)):
            got = turn.ghost(slot)
            if got is not None:
                out.append((slot, *got))
        return out

    def _draw_idle_ghosts(self, surface: pygame.Surface, v: View, make: bool) -> None:
        """A mouse builder's empty hand: every open tower's next block, faint, with a thin
        pale edge (the one under the hand a little stronger)."""
        hovered = self.ghost_slot()
        for slot, key, x, y, a in self.idle_ghosts():
            sprite = art.ghost_sprite(key, a, 130 if slot == hovered else 100, v.zoom, make)
            surface.blit(sprite, sprite.get_rect(center=self.to_screen((x, y))))
            if self.scene.crossed(slot, key):
                self._mark_starved(surface, key, x, y, a)
                continue
            for poly in shape_polygons(key, x, y, a):
                pygame.draw.polygon(surface, theme.CREAM, [self.to_screen(p) for p in poly], 1)

    def ghost_slot(self) -> int | None:
        """The tower whose next block's ghost is drawn: for a keyboard or pad builder the one
        its Space builds on (the gold-ringed card: a stranger saw the ring on the Signpost and
        the ghost on the Mega pad under the idle hand), for the mouse the pad under the hand."""
        sc = self.scene
        b = sc.builder_ctl
        if isinstance(b, CursorBuilderControl):
            return self.key_target()
        hand = None if b is None else b.hand
        if hand is None or hand[1] > TABLE_Y:
            return None
        return TowerWorld.slot_at(hand[0])

    def _draw_outline(self, surface: pygame.Surface) -> None:
        """Over the blocks, the edge of a mouse builder's outline (the dragged block covers its
        ghost): a thin pale line, bold gold when letting go now settles the block into it."""
        sc = self.scene
        b = sc.builder_ctl
        if sc.turn is None or sc.stage != Stage.PLAY or not isinstance(b, MouseBuilderControl):
            return
        got = b.outline(sc.turn)
        if got is None:
            return
        key, x, y, a, near = got
        colour = guide.GOLD if near else theme.CREAM
        for poly in shape_polygons(key, x, y, a):
            pts = [self.to_screen(p) for p in poly]
            pygame.draw.polygon(surface, colour, pts, 2 if near else 1)

    def _draw_bodies(self, surface: pygame.Surface, v: View, ox: int, oy: int,
                     make: bool) -> None:
        """Blocks (tray ones too) and dice, with soft shadows under what stands on the table.
        What the camera does not show is skipped before its sprite is made or scaled."""
        sc = self.scene
        alpha = sc.clock.alpha if sc.stage == Stage.PLAY else 1.0
        dice = sc.world.dice
        near = TABLE_Y - 60.0
        z, vx, vy = v.zoom, v.x0, v.y0
        floor_y = round((TABLE_Y - vy) * z) + oy - round(5 * z)
        shadows: list[tuple[pygame.Surface, tuple[int, int]]] = []
        sprites: list[tuple[pygame.Surface, tuple[int, int]]] = []
        collected = sc.collected
        die_reach = DIE_SIZE * z + 8.0
        for p in sc.world.poses(alpha):
            sx, sy = round((p.x - vx) * z) + ox, round((p.y - vy) * z) + oy
            if p.kind == "block":
                if p.ident in collected:
                    continue
                reach = _REACH[p.shape] * z + 8.0
                if sx + reach < 0 or sx - reach > VIEW_W or sy + reach < 0 or sy - reach > VIEW_H:
                    continue  # off screen: no sprite, no shadow to see
                if p.where == "lift":
                    sprite = art.ghost_sprite(p.shape, p.angle, 170, z, make)
                else:
                    sprite = art.block_sprite(p.shape, p.angle, z, make)
                    if p.y > near and p.where != "tray":
                        sh = art.contact_shadow(min(round(96 * z), sprite.get_width()) & ~3)
                        shadows.append((sh, (sx - (sh.get_width() >> 1), floor_y)))
            else:
                if sx + die_reach < 0 or sx - die_reach > VIEW_W or sy + die_reach < 0 \
                        or sy - die_reach > VIEW_H or p.ident in sc.collected_dice:
                    continue  # off screen, or gone with the won tower it rested on
                die = dice.get(p.ident)
                colour = sc.colours[die.seat] if die is not None else theme.CREAM
                sprite = self._die_sprite(colour, art.die_face(p.ident), p.angle, z, make)
            w, h = sprite.get_size()
            sprites.append((sprite, (sx - w // 2, sy - h // 2)))
        surface.blits(shadows, False)
        surface.blits(sprites, False)

    def draw_hand(self, surface: pygame.Surface, v: View, ox: int, oy: int) -> None:
        """The builder's glove; while it holds a block it is a faint outline beside the grip,
        so the block itself stays in full view."""
        sc = self.scene
        b = sc.builder_ctl
        if sc.stage != Stage.PLAY or b is None or sc.turn is None:
            return
        hand = b.hand
        if hand is None:
            return
        colour = sc.colours[b.seat]
        held = sc.world.hand.held_block
        hx, hy = self.to_screen(hand)
        holding = False
        if held is not None and b.holding and sc.world.block_where(held) == Where.HELD:
            holding = True
            x, y, a = sc.world.block_pose(held)
            ax, ay = sc.world.hand.held_anchor or (0.0, 0.0)
            c, s = math.cos(a), math.sin(a)
            anchor = self.to_screen((x + ax * c - ay * s, y + ax * s + ay * c))
            if math.dist(anchor, (hx, hy)) > 4:
                pygame.draw.line(surface, colour, anchor, (hx, hy), 2)
            if b.kind != "ai" and over_tray(hand):
                tl = self.to_screen((art.TRAY_RECT.x - 6, art.TRAY_RECT.y - 6))
                br = self.to_screen((art.TRAY_RECT.right + 6, art.TRAY_RECT.bottom + 6))
                pygame.draw.rect(surface, theme.SPARK, (*tl, br[0] - tl[0], br[1] - tl[1]), 3,
                                 border_radius=12)
        elif held is not None and b.holding:
            holding = True
        sprite = art.hand_sprite(colour, b.holding)
        if holding and held is not None:
            # A small grip mark on the block, and the glove, see-through, just beside the
            # block: the block is what the builder needs to see.
            right = max(self.to_screen(p)[0] for poly in sc.world.block_polygons(held)
                        for p in poly)
            gx = min(right + 4, round(VIEW_W) - 40) if right + 4 > hx else hx + 10
            pygame.draw.circle(surface, (20, 16, 24), (hx, hy), 4)
            pygame.draw.circle(surface, colour, (hx, hy), 3)
            pygame.draw.line(surface, colour, (hx + 4, hy), (gx + 6, hy), 2)
            surface.blit(hand_faint(sprite), (gx, hy - 22))
        else:
            surface.blit(sprite, (hx - 20, hy - 22))

    def _draw_aims(self, surface: pygame.Surface, v: View, ox: int, oy: int) -> None:
        sc = self.scene
        turn = sc.turn
        self.power_plates.clear()  # only the bars drawn this frame push hints aside
        self.sling_areas.clear()
        self.aim_notes.clear()
        self.preview_shown.clear()
        self.keep_clear = self._builder_areas()
        self.insets.plan()
        if sc.stage != Stage.PLAY or turn is None or not turn.building:
            return
        self._track_touches()
        assist = sc.app.settings.assists.trajectory_preview
        z = v.zoom
        cups = {seat: self.to_screen(sc.world.catapults[seat].slot.launch_point)
                for seat, ctl in sc.sab_ctls.items()
                if ctl.human and seat in sc.world.catapults}
        for seat, ctl in sc.sab_ctls.items():
            if not ctl.human or seat not in sc.world.catapults:
                continue
            cat = sc.world.catapults[seat]
            # Another person's catapult just behind this one (two on the left): this gauge goes
            # up out of its way (a stranger read one's "60%" over the other catapult).
            mine = cups[seat]
            crowded = any(o != seat and 0 < (mine[0] - c[0]) * cat.slot.facing < 150
                          and abs(mine[1] - c[1]) < 80 for o, c in cups.items())
            colour = sc.colours[seat]
            lx, ly = cat.slot.launch_point
            cup = self.to_screen((lx, ly))
            if not 0 <= cup[0] <= VIEW_W:
                # Off screen (a couch builder's view, the solo one): an arrow at the edge says
                # where, and the aim is drawn from there (the arc comes in from the edge).
                cup = self._draw_offscreen_marker(surface, seat, cup)
            if sc.match.dice_left.get(seat, 0) > 0:
                self._draw_last_touch(surface, seat, colour)
            mouse = isinstance(ctl, MouseSaboteurControl)
            pulling = isinstance(ctl, MouseSaboteurControl) and ctl.pulling
            if assist and sc.match.dice_left.get(seat, 0) > 0 and (pulling or not mouse):
                # The whole flight to where it comes down, and a ring there: a mouse's while
                # it pulls (a stranger aiming by mouse guessed at every shot from its short
                # start), keys' and pads' all the while they aim (they saw only the start and
                # no landing while the mouse saw both). Not pulling, none.
                key = (round(cat.aim_angle, 4), round(cat.aim_power, 4))
                cached = self._path_cache.get(seat)
                if cached is None or cached[0] != key:
                    # The flight, and a short tumble on past where it first meets the table
                    # (a stranger could not tell where his die went after that).
                    flight = sc.world.catapults.predict_shot(seat, seconds=4.0, every=6)
                    tumble = sc.world.catapults.predict_tumble(seat, flight[-1])
                    cached = (key, flight + tumble, len(flight) - 1)
                    self._path_cache[seat] = cached
                shown = list(cached[1])
                self.preview_shown[seat] = shown
                self._draw_path(surface, v, shown, colour, landing=True, landed=cached[2])
            # The arrow is drawn in screen pixels (readable at any zoom) from the cup.
            d = (cat.slot.facing * math.cos(cat.aim_angle), -math.sin(cat.aim_angle))
            length = 24 + (AIM_ARROW_MAX - 24) * cat.aim_power
            base = cup
            tip = (base[0] + d[0] * length, base[1] + d[1] * length)
            pygame.draw.line(surface, (20, 16, 24), base, tip, 6)
            pygame.draw.line(surface, colour, base, tip, 3)
            nx, ny = -d[1], d[0]
            head = [tip, (tip[0] - d[0] * 10 + nx * 6, tip[1] - d[1] * 10 + ny * 6),
                    (tip[0] - d[0] * 10 - nx * 6, tip[1] - d[1] * 10 - ny * 6)]
            pygame.draw.polygon(surface, colour, head)
            strength = cat.aim_power
            if isinstance(ctl, MouseSaboteurControl):
                strength = ctl.strength if ctl.aimed else cat.aim_power
                if ctl.pulling:
                    # The ring of the strongest pull, and the band held back to it.
                    pygame.draw.circle(surface, (20, 16, 24), base, round(ctl.reach * z) + 1, 3)
                    pygame.draw.circle(surface, theme.CREAM, base, round(ctl.reach * z), 1)
                    pull = self.to_screen(ctl.band_end)
                    pygame.draw.line(surface, (20, 16, 24), base, pull, 5)
                    pygame.draw.line(surface, theme.CREAM, base, pull, 3)
                    pygame.draw.circle(surface, colour, pull, 7)
                    pygame.draw.circle(surface, theme.CREAM, pull, 7, 2)
            if (pulling or not mouse) and sc.match.dice_left.get(seat, 0) > 0:
                # No gauge once its dice are all fired. A mouse's power only while it pulls
                # (a stranger's bar read its last pull's power between shots, as if aimed).
                self.power_plate = self._draw_power(surface, base, cat.slot.facing, strength,
                                                    colour, crowded)
                self.power_plates[seat] = self.power_plate
            foot = self.to_screen((cat.slot.x, TABLE_Y))
            # A mouse's catapult and the ring of its strongest pull (drawn as it pulls): a
            # stranger's "Press anywhere..." hint lay over both.
            if isinstance(ctl, MouseSaboteurControl):
                reach = round(ctl.reach * z)
                sling = pygame.Rect(0, 0, 2 * reach + 8, 2 * reach + 8)
                sling.center = base
                self.sling_areas[seat] = sling.union(pygame.Rect(foot[0] - 50, base[1], 100,
                                                                 max(1, foot[1] - base[1])))
            foot = (min(max(foot[0], 160), round(VIEW_W) - 200), foot[1])  # on screen
            left = max(0.0, CATAPULT_RELOAD - cat.since_fire)
            if left > 0.0:
                # Reloading: a ring round the cup fills as the next die is loaded.
                done = 1.0 - left / CATAPULT_RELOAD
                ring = pygame.Rect(0, 0, 30, 30)
                ring.center = cup
                pygame.draw.circle(surface, (20, 16, 24), cup, 16, 4)
                pygame.draw.arc(surface, theme.CREAM, ring, math.pi / 2,
                                math.pi / 2 + 2 * math.pi * done, 3)
            words = None
            if ctl.queued:
                words = queued_words(left)
            elif ctl.feedback > 0.0 and ctl.last_rejected:
                words = refusal_words(ctl.last_rejected, left)
            elif self.miss_hint.get(seat, 0.0) > sc.real_time:
                words = self.miss_words(seat)
            if words is not None:
                at = self._clear_of_gauges([words], (foot[0] + 40 * cat.slot.facing,
                                                     foot[1] - 110))
                self.aim_notes[seat] = hud.draw_hint(surface, [words], at, theme.SPARK)

    def _clear_of_gauges(self, lines: list[str], centre: tuple[int, int]) -> tuple[int, int]:
        """Where a saboteur's note ("Missed: ...", "Loading ...") goes near `centre`: above
        any power gauge it would lie on (a stranger's "Missed" note was drawn over the power
        bar he meant to change), on the screen."""
        r = hud.hint_rect(lines, centre)
        for plate in sorted(self.power_plates.values(), key=lambda p: -p.bottom):
            if r.colliderect(plate.inflate(8, 8)):
                r.bottom = plate.top - 8
        screen = pygame.Rect(0, HUD_BOTTOM, round(VIEW_W), round(VIEW_H) - HUD_BOTTOM)
        r.clamp_ip(screen)
        # Off a comic burst too (a stranger's "HIT!" hid his "Missed: A/D ..." tip): under
        # it, else over it.
        bursts = [b.inflate(8, 8) for b in self._burst_boxes()]
        hit = r.collidelist(bursts)
        if hit >= 0:
            burst = bursts[hit]
            below, above = r.copy(), r.copy()
            below.top, above.bottom = burst.bottom, burst.top
            r = below if screen.contains(below) and below.collidelist(bursts) < 0 else above
            r.clamp_ip(screen)
        return r.center

    def _draw_path(self, surface: pygame.Surface, v: View, pts: list[Point],
                   colour: Colour, landing: bool = False, landed: int | None = None) -> None:
        """The trajectory preview as dots along the flight, and with `landing` a ring where it
        comes down: at `landed` (the index of its first contact; the points after it, its
        tumble on along the table, are small cream dots), else at the last point."""
        z = v.zoom
        end = len(pts) - 1 if landed is None else landed
        n = end + 1
        keep = self.keep_clear
        # Over the area a person builds in (every box they need, and between them), the arc
        # is faint: a couch saboteur's dots were drawn across the builder's view.
        area = keep[0].unionall(keep[1:]) if keep else None
        if area is not None:
            area = area.inflate(16, 16)
        faint = pygame.Surface(area.size, pygame.SRCALPHA) if area else None
        self.faint_dots = 0
        for i, (x, y) in enumerate(pts[1:]):
            r = (4 if i < n // 2 else 3) * min(z, 1.6)
            at = self.to_screen((x, y))
            if i + 1 > end:
                # The tumble past the first contact: small dots, under the ring.
                if not any(k.collidepoint(at) for k in keep):
                    pygame.draw.circle(surface, (20, 16, 24), at, 3)
                    pygame.draw.circle(surface, theme.CREAM, at, 2)
                continue
            if any(k.collidepoint(at) for k in keep):
                # Over the tower a person is building: a pin-prick, not a blot over the blocks.
                pygame.draw.circle(surface, colour, at, 1)
                continue
            on, dot = surface, at
            if faint is not None and area is not None and area.collidepoint(at):
                on, dot = faint, (at[0] - area.x, at[1] - area.y)
                self.faint_dots += 1
            pygame.draw.circle(on, (20, 16, 24), dot, round(r) + 1)
            pygame.draw.circle(on, colour if i % 2 == 0 else theme.CREAM, dot, round(r))
        if faint is not None and area is not None and self.faint_dots:
            faint.set_alpha(FAINT_ALPHA)
            surface.blit(faint, area.topleft)
        if landing and len(pts) >= 2:
            at = self.to_screen(pts[end])
            ring = max(6, round(DIE_SIZE * z * 0.7))
            pygame.draw.circle(surface, (20, 16, 24), at, ring + 1, 4)
            pygame.draw.circle(surface, colour, at, ring, 2)

    def _builder_areas(self) -> list[pygame.Rect]:
        """While a person builds beside human saboteurs, what the builder needs to see
        (`guide.needed_areas`): the saboteurs' aims and hints keep clear of it or are drawn
        faint over it; else nothing."""
        sc = self.scene
        b = sc.builder_ctl
        if b is None or b.kind == "ai" or sc.turn is None or not sc.turn.building \
                or not any(ctl.human for ctl in sc.sab_ctls.values()):
            return []
        return guide.needed_areas(self)

    def _draw_power(self, surface: pygame.Surface, cup: tuple[int, int], facing: int,
                    strength: float, colour: Colour, crowded: bool = False) -> pygame.Rect:
        """The shot's power beside the cup, up on its outer side (where no pull or arc goes): a
        bar that fills up to a marked MAX, and the figure under it (a playtester could not
        judge how hard they pulled). `crowded`: another catapult stands on that outer side, so
        the bar goes up above it, clear of the gauges already drawn."""
        bar = pygame.Rect(0, 0, 12, 70)
        bar.midbottom = (cup[0] - facing * 52, cup[1] - 26)  # above the pull, clear of the pennant
        x = min(max(bar.x, 30), round(VIEW_W) - 42)  # its figure ("100%", larger text) whole
        edge = x != bar.x
        if edge:
            # Pressed against the screen's edge (a catapult off screen, aimed from the edge):
            # the bar goes up out of the aim arrow's reach, so its figure is never under it.
            bar.bottom -= AIM_ARROW_MAX + 14
        elif crowded:
            bar.bottom -= AIM_ARROW_MAX + 14
        bar.x = x
        for plate in self.power_plates.values():
            # Never on a gauge drawn before it (its figure and MAX included).
            if plate.inflate(8, 40).colliderect(bar):
                bar.bottom = plate.top - 40
        # Its MAX (taller with larger text) never over the top bar or a tile's card: pushed up
        # against the edge it reached the cards in the strip.
        label_h = text.render("MAX", 12, theme.CREAM, bold=True, shadow=True).get_height()
        roof = HUD_BOTTOM
        for s in range(ROW_SLOTS):
            card = self.card_rect(s)
            if self.scene.turn_row[s] is not None and card.left < bar.right + 24 \
                    and card.right > bar.left - 24 and card.top < bar.bottom:
                roof = max(roof, card.bottom + 6)
        for pic in self.insets.rects.values():
            # Under a couch saboteur's inset in the corner, never behind it.
            if pic.left < bar.right + 24 and pic.right > bar.left - 24:
                roof = max(roof, pic.bottom + 10)
        if edge and bar.y < roof + label_h + 5:
            # Under a couch saboteur's picture (shown from the turn's start): shorter, its
            # foot kept where it was, so its figure stays out of the aim arrow's reach.
            bottom = bar.bottom
            bar.h = max(POWER_BAR_LEAST, bottom - (roof + label_h + 5))
            bar.bottom = bottom
        bar.y = max(bar.y, roof + label_h + 5)
        for plate in self.power_plates.values():
            # Held down under a couch inset onto a gauge drawn before it (two people aiming
            # from one side): beside it, toward the middle, MAX and figure clear.
            if plate.inflate(8, 8).colliderect(bar):
                bar.x += (-1 if bar.centerx > VIEW_W / 2 else 1) * (plate.w + 16)
        pygame.draw.rect(surface, (20, 16, 24), bar.inflate(6, 6), border_radius=5)
        fill = bar.copy()
        fill.h = max(2, round(bar.h * min(max(strength, 0.0), 1.0)))
        fill.bottom = bar.bottom
        pygame.draw.rect(surface, colour, fill, border_radius=3)
        pygame.draw.line(surface, theme.CREAM, (bar.x - 3, bar.y), (bar.right + 2, bar.y), 2)
        top = text.blit(surface, "MAX", 12, theme.CREAM, (bar.centerx, bar.y - 5), "midbottom",
                        bold=True, shadow=True)
        low = text.blit(surface, f"{round(strength * 100)}%", 14, theme.CREAM,
                        (bar.centerx, bar.bottom + 5), "midtop", bold=True, shadow=True)
        return bar.inflate(6, 6).union(top).union(low)

    def _draw_shot_markers(self, surface: pygame.Surface, v: View) -> None:
        """While the turn's view holds still, what it does not show is marked at its edge: each
        catapult off screen (a notch in its seat's colour at table height, brighter while a
        shot is coming) and each die in flight off screen (a die of its seat's colour, pinned to
        the edge where it is, with an arrow toward it), and where a die will come down beyond
        the screen's side. The view never moves to show them."""
        sc = self.scene
        turn = sc.turn
        self.landing_marks = {}
        self.flight_marks = []
        if sc.stage != Stage.PLAY or sc.turn_view is None or turn is None:
            return
        left, top, right, bottom = v.world_rect()
        for seat, cat in sc.world.catapults.items():
            ctl = sc.sab_ctls.get(seat)
            if ctl is None or ctl.human or left <= cat.slot.x <= right:
                continue
            # An outer catapult's notch sits under the inner one's on the same side.
            outer = 44.0 if cat.slot_index >= 2 else 0.0
            my = round(min(max(v.to_screen((0.0, TABLE_Y - 20.0))[1] + outer, 120.0),
                           VIEW_H - 40.0))
            mx = 14 if cat.slot.x < left else round(VIEW_W) - 14
            d = -1 if cat.slot.x < left else 1
            colour = sc.colours[seat]
            r = pygame.Rect(0, 0, 10, 34)
            r.center = (mx, my)
            pygame.draw.rect(surface, (20, 16, 24), r.inflate(4, 4), border_radius=5)
            pygame.draw.rect(surface, colour, r, border_radius=4)
            pts = [(mx + 12 * d, my), (mx + 4 * d, my - 7), (mx + 4 * d, my + 7)]
            pygame.draw.polygon(surface, colour, pts)
        self._draw_landings(surface, v)
        self._draw_ai_aims(surface, v)
        self.flight_marks = []
        for seat, x, y in sc.world.catapults.dice_in_flight():
            if left <= x <= right and top <= y <= bottom:
                continue
            sx, sy = v.to_screen((x, y))
            cx = min(max(sx, 22.0), VIEW_W - 22.0)
            cy = min(max(sy, 110.0), VIEW_H - 22.0)
            for pic in self.insets.rects.values():
                if pic.inflate(30, 30).collidepoint(cx, cy):
                    cy = pic.bottom + 30.0  # under a couch saboteur's picture, not behind it
            for plate in self.power_plates.values():
                if plate.inflate(24, 24).collidepoint(cx, cy):
                    # Nor on a power bar there: beside it, toward the middle.
                    cx = plate.left - 24.0 if plate.centerx > VIEW_W / 2 else plate.right + 24.0
            colour = sc.colours[seat]
            ang = math.atan2(sy - cy, sx - cx)
            c, s_ = math.cos(ang), math.sin(ang)
            tip = (cx + c * 20, cy + s_ * 20)
            pygame.draw.polygon(surface, colour, [tip, (cx + c * 10 - s_ * 7, cy + s_ * 10 + c * 7),
                                                  (cx + c * 10 + s_ * 7, cy + s_ * 10 - c * 7)])
            box = pygame.Rect(0, 0, 16, 16)
            box.center = (round(cx), round(cy))
            pygame.draw.rect(surface, (20, 16, 24), box.inflate(4, 4), border_radius=4)
            pygame.draw.rect(surface, colour, box, border_radius=3)
            pygame.draw.circle(surface, theme.CREAM, box.center, 2)
            self.flight_marks.append(box)

    def _draw_landings(self, surface: pygame.Surface, v: View) -> None:
        """Where each die in its first flight will come down, without moving the view: a shadow
        on the table in its seat's colour that darkens as it nears, and a falling-die marker
        over that spot that drops toward it as the die nears."""
        sc = self.scene
        z = v.zoom
        self.landing_marks = {}
        for seat, die, x, t in sc.world.catapults.dice_landings():
            sx, sy = v.to_screen((x, TABLE_Y))
            colour = sc.colours[seat]
            near = 1.0 - min(t, LANDING_LEAD) / LANDING_LEAD
            if not -20.0 <= sx <= VIEW_W + 20.0:
                # It comes down off the screen (a strong shot past the view's side): a die
                # pinned to that side at the table's height, pointing out and down, so a player
                # knows where it went (a stranger's high-power dice flew off unseen).
                self.landing_marks[die] = self._draw_off_landing(surface, sx < 0.0, sy, colour,
                                                                 near)
                continue
            w = round(DIE_SIZE * z * (1.2 + 0.8 * near))
            shadow = pygame.Rect(0, 0, w, max(4, w // 3))
            shadow.center = (round(sx), round(sy))
            layer = pygame.Surface(shadow.size, pygame.SRCALPHA)
            pygame.draw.ellipse(layer, (*colour, round(80 + 150 * near)), layer.get_rect())
            pygame.draw.ellipse(layer, (20, 16, 24, 200), layer.get_rect(), 2)
            surface.blit(layer, shadow)
            mx = round(min(max(sx, 16.0), VIEW_W - 16.0))
            box = pygame.Rect(0, 0, 14, 14)
            box.midbottom = (mx, round(sy - 26 - 110 * (1.0 - near)))
            pygame.draw.rect(surface, (20, 16, 24), box.inflate(4, 4), border_radius=4)
            pygame.draw.rect(surface, colour, box, border_radius=3)
            tip = box.bottom + 12
            pygame.draw.polygon(surface, (20, 16, 24), [(mx - 9, box.bottom + 2),
                                                        (mx + 9, box.bottom + 2), (mx, tip + 2)])
            pygame.draw.polygon(surface, colour, [(mx - 7, box.bottom + 3),
                                                  (mx + 7, box.bottom + 3), (mx, tip)])

    def ai_aims(self) -> list[tuple[int, float]]:
        """(seat, table x) of each AI saboteur taking aim now, where its die would come down,
        while a person builds (an AI's aim is otherwise drawn nowhere: a stranger building
        in the close view saw no shot coming until his tower was down)."""
        sc = self.scene
        b = sc.builder_ctl
        if sc.stage != Stage.PLAY or sc.turn is None or not sc.turn.building or b is None \
                or b.kind == "ai":
            return []
        out = []
        for seat, ctl in sc.sab_ctls.items():
            ai = getattr(ctl, "ai", None)
            if ai is None or ai.aiming is None or seat not in sc.world.catapults \
                    or sc.match.dice_left.get(seat, 0) <= 0:
                continue
            cat = sc.world.catapults[seat]
            angle, power = ai.aiming
            out.append((seat, landing_x(cat.slot.launch_point, cat.slot.facing, angle, power)))
        return out

    def _draw_ai_aims(self, surface: pygame.Surface, v: View) -> None:
        """Where each aiming AI saboteur's die would land (`ai_aims`): a ring on the table in
        its colour that pulses, and a chevron over it: the builder sees a shot coming."""
        sc = self.scene
        pulse = 0.5 + 0.5 * math.sin(sc.time * 9.0)
        for seat, x in self.ai_aims():
            sx, sy = v.to_screen((x, TABLE_Y))
            if not 0.0 <= sx <= VIEW_W:
                continue  # beyond the screen's side: its catapult's edge mark says enough
            colour = sc.colours[seat]
            w = round(DIE_SIZE * v.zoom * 2.2)
            ring = pygame.Rect(0, 0, w, max(8, w // 3))
            ring.center = (round(sx), round(sy))
            pygame.draw.ellipse(surface, (20, 16, 24), ring.inflate(4, 4), 4)
            pygame.draw.ellipse(surface, colour, ring, 2 + round(pulse))
            tip = round(sy - 18 - 6 * pulse)
            pts = [(round(sx) - 8, tip - 10), (round(sx) + 8, tip - 10), (round(sx), tip)]
            pygame.draw.polygon(surface, (20, 16, 24), [(px, py + 2) for px, py in pts])
            pygame.draw.polygon(surface, colour, pts)

    def _draw_off_landing(self, surface: pygame.Surface, left: bool, table_y: float,
                          colour: Colour, near: float) -> pygame.Rect:
        """A die coming down beyond the screen's side: its marker at that edge over the table,
        an arrow out and down toward where it lands, brighter as it nears; its rect."""
        # Under the table's edge, beside the tray: clear of the catapults' edge marks and aims.
        y = round(min(max(table_y + 40.0, 130.0), VIEW_H - 110.0))
        x = 36 if left else round(VIEW_W) - 36
        d = -1 if left else 1
        box = pygame.Rect(0, 0, 18, 18)
        box.center = (x - 6 * d, y)
        for pic in self.insets.rects.values():
            if pic.inflate(10, 10).collidepoint(box.center):
                box.top = pic.bottom + 16
        pygame.draw.rect(surface, (20, 16, 24), box.inflate(4, 4), border_radius=4)
        pygame.draw.rect(surface, colour, box, border_radius=3)
        pygame.draw.circle(surface, theme.CREAM, box.center, 2)
        # The arrow: out past the box and down to the table, growing as the die nears.
        reach = round(10 + 10 * near)
        tip = (box.centerx + d * (9 + reach), box.bottom + reach)
        pygame.draw.line(surface, (20, 16, 24), box.center, tip, 6)
        pygame.draw.line(surface, colour, box.center, tip, 3)
        pygame.draw.circle(surface, colour, tip, 4)
        return box.union(pygame.Rect(min(box.centerx, tip[0]) - 4, box.top,
                                     abs(tip[0] - box.centerx) + 8, tip[1] - box.top + 4))

    def _draw_offscreen_marker(self, surface: pygame.Surface, seat: int,
                               at: tuple[int, int], again: bool = False) -> tuple[int, int]:
        """An arrow at the screen edge toward a catapult the camera does not show; returns
        the point inside the edge its aim is drawn from (`again`: drawn over what came after,
        `edge_marks`)."""
        sc = self.scene
        if not again:
            self.edge_marks.append((seat, at))
        x = 18 if at[0] < 0 else round(VIEW_W) - 18
        y = min(max(at[1], 120), round(VIEW_H) - 40)
        d = -1 if at[0] < 0 else 1
        pts = [(x + 12 * d, y), (x - 6 * d, y - 12), (x - 6 * d, y + 12)]
        pygame.draw.polygon(surface, (20, 16, 24), [(px + 2, py + 2) for px, py in pts])
        pygame.draw.polygon(surface, sc.colours[seat], pts)
        return (x - 14 * d, y)

    def _draw_popups(self, surface: pygame.Surface, ox: int, oy: int) -> None:
        sc = self.scene
        if sc.app.reduced_motion:
            self._draw_calm_popups(surface, ox, oy)
            return
        for parts in ("burst", "word"):  # no burst covers another's word
            for p in sc.fx.popups:
                k = ease_out_back(min(1.0, p.age / 0.22))
                if p.age > p.life - 0.25:
                    k *= max(0.0, (p.life - p.age) / 0.25)
                centre = (p.x + ox, p.y + oy - p.age * 12)
                if p.faint:
                    # Over the builder's towers (no room clear of them): see-through.
                    reach = math.ceil(hud.comic_reach(p.word, p.size)) + 4
                    layer = pygame.Surface((2 * reach, 2 * reach), pygame.SRCALPHA)
                    hud.draw_comic(layer, (reach, reach), p.word, k, p.size, p.colours, p.rot,
                                   parts)
                    layer.set_alpha(FAINT_ALPHA)
                    surface.blit(layer, (round(centre[0]) - reach, round(centre[1]) - reach))
                    continue
                hud.draw_comic(surface, centre, p.word, k, p.size, p.colours, p.rot, parts)

    def calm_pose(self, age: float, life: float) -> tuple[float, int]:
        """A burst's scale and opacity `age` seconds into its `life` with reduced motion: a
        steady smaller size (no pop-in overshoot, no rise) fading in and out."""
        fade = min(1.0, age / CALM_FADE_IN, max(0.0, (life - age) / CALM_FADE_OUT))
        return CALM_SCALE, round(255 * max(0.0, fade))

    def _draw_calm_popups(self, surface: pygame.Surface, ox: int, oy: int) -> None:
        """The bursts with reduced motion (KABOOM!, TIME!, HIT!): smaller, still, fading in
        and out (`calm_pose`); each drawn once into a kept image, then only its opacity
        changes. A stranger with reduced motion on found them no calmer: they popped in past
        full size and rose."""
        for p in self.scene.fx.popups:
            k, alpha = self.calm_pose(p.age, p.life)
            if p.faint:
                alpha = min(alpha, FAINT_ALPHA)
            if alpha <= 0:
                continue
            key = (p.word, p.size, p.colours, round(p.rot, 3))
            img = self._calm_bursts.get(key)
            if img is None:
                reach = math.ceil(hud.comic_reach(p.word, p.size)) + 4
                full = pygame.Surface((2 * reach, 2 * reach), pygame.SRCALPHA)
                hud.draw_comic(full, (reach, reach), p.word, 1.0, p.size, p.colours, p.rot)
                side = max(1, round(2 * reach * k))  # the word shrinks with its burst
                img = pygame.transform.smoothscale(full, (side, side))
                self._calm_bursts[key] = img
            img.set_alpha(alpha)
            surface.blit(img, img.get_rect(center=(round(p.x) + ox, round(p.y) + oy)))

    def chips(self) -> list[hud.SeatChip]:
        sc = self.scene
        dice = sc.dice_display()
        builder = sc.turn_builder if sc.stage in (Stage.JUDGE, Stage.SCORE) \
            else sc.match.builder
        out: list[hud.SeatChip] = []
        for i, seat in enumerate(sc.seats):
            left, total = dice.get(i, (0, 0))
            out.append(hud.SeatChip(
                seat.name, sc.colours[i], sc.shapes[i], round(sc.shown_scores[i]),
                sc.shown_tiles[i], builder == i and sc.stage != Stage.OVER, left, total,
                i in dice))
        return out

    def top_bar_rect(self) -> pygame.Rect:
        """The top bar's band on screen: the seats' plates, the sand timer and the round."""
        plate_foot = hud.timer_rects("60")[0].bottom + 16
        return pygame.Rect(0, 0, round(VIEW_W), max(HUD_BOTTOM, plate_foot))

    def top_bar_faded(self) -> bool:
        """Whether a block (in a tower, on the table or in the hand) reaches under the top
        bar during play: it is then drawn faint so the block shows (the Mega's roof hid
        behind the bar and the round)."""
        sc = self.scene
        if sc.stage != Stage.PLAY or sc.turn is None:
            return False
        band = self.top_bar_rect()
        return any(band.colliderect(b) for b in self._block_boxes(sc.camera.view))

    def _draw_hud(self, surface: pygame.Surface) -> None:
        sc = self.scene
        m = sc.match
        running = sc.stage == Stage.PLAY and sc.turn is not None and sc.turn.building
        total = m.options.turn_seconds
        left = m.time_left if sc.stage == Stage.PLAY else (total if sc.stage == Stage.READY
                                                             else 0.0)
        faded = self.top_bar_faded()
        bar = surface
        if faded:
            # A tower or block risen under the top bar shows through it (the view never moves
            # to take it in: a stranger's zoomed out under his pointer mid-build).
            if self._bar_layer is None or self._bar_layer.get_size() != surface.get_size():
                self._bar_layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            bar = self._bar_layer
            bar.fill((0, 0, 0, 0))
        hud.draw_chips(bar, self.chips(), sc.time)
        hud.draw_timer(bar, left, total, running, sc.time, self.round_label())
        if faded:
            bar.fill((255, 255, 255, TOP_BAR_FADE), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(bar, (0, 0))
        if sc.stage == Stage.PLAY and sc.turn is not None and not sc.turn.building:
            text.blit(surface, SETTLE_WORDS, 16, theme.CREAM, self.settle_words_at(), "center",
                      bold=True, shadow=True)
        if sc.hurry_offered():
            self._draw_hurry(surface)
        if sc.stage == Stage.PLAY and running:
            # The tips for the turn's first seconds; a keyboard builder's note (why Tab fetched
            # nothing, or moved on to another tower) whenever it comes.
            self._draw_hints(surface, sc.stage_t < HINT_SECONDS)

    def hurry_words(self) -> tuple[str, str]:
        """The "Speed up" button's two lines: what it does now. It says it lasts till a die
        flies ("Done building?" promised an end, and a stranger's tower fell to the AI's shots
        at four times the pace), and for a moment after one did, that it is back to normal."""
        sc = self.scene
        if sc.hurried:
            return (f"Sand ×{round(HURRY_SCALE)}", "Click: normal")
        if sc.hurry_broken is not None and sc.real_time - sc.hurry_broken < HURRY_BROKEN_S:
            return ("Normal speed", "a die is flying")
        if sc.builder_ctl is not None and sc.builder_ctl.kind == "ai":
            return (f"Faster ×{round(HURRY_SCALE)}", "to the scores »")  # no die breaks it
        return (f"Faster ×{round(HURRY_SCALE)}", "till a die flies »")

    def _draw_hurry(self, surface: pygame.Surface) -> None:
        """The button a human builder clicks when done (only AIs aim at them): the rest of the
        turn plays quicker, the sand's game time the same."""
        sc = self.scene
        r = self.hurry_rect()
        hot = r.collidepoint(sc.mouse_screen)
        panel(surface, r, theme.INK, radius=10,
                  border=theme.SPARK if sc.hurried or hot else theme.LINE,
                  border_w=2, shadow=4, alpha=225)
        top, low = self.hurry_words()
        half = (r.h - 10) // 2
        for i, (words, colour) in enumerate(((top, theme.CREAM), (low, theme.SPARK))):
            size, lines = text.fit(words, 14, r.w - 14, half, bold=i == 0)
            text.blit(surface, lines[0], size, colour,
                      (r.centerx, r.y + 5 + half * i + half // 2), "center", bold=i == 0,
                      shadow=True)
        key = self.hurry_key()
        if key:
            # The key that presses it, on a cap on its top edge (a stranger on the keys found
            # none; the lines themselves have no room for it in larger text).
            self.hurry_cap = self.hurry_cap_rect(key)
            panel(surface, self.hurry_cap, theme.INK_3, radius=6, border=theme.SPARK,
                  border_w=1, shadow=0, alpha=240)
            text.blit(surface, key, 12, theme.CREAM, self.hurry_cap.center, "center", bold=True)

    def hurry_key(self) -> str:
        """The keyboard or pad key that presses "Faster" (`TowerScene.hurry_device`), or ""
        when only the mouse plays (it clicks)."""
        sc = self.scene
        device = sc.hurry_device()
        from game.games.tower.scene import HURRY_ACTION
        return "" if device is None else sc.app.input.word_for(device, HURRY_ACTION)

    def hurry_cap_rect(self, key: str) -> pygame.Rect:
        """The key's cap, centred on the button's top edge."""
        w = text.render(key, 12, theme.CREAM, bold=True).get_width() + 14
        h = text.line_height(12, True) + 4
        cap = pygame.Rect(0, 0, w, h)
        at = self.hurry_rect()
        cap.midbottom = (at.centerx, at.top + 5)  # clear of its first line
        return cap

    def hurry_avoids(self) -> list[pygame.Rect]:
        """What the "Faster" button must not cover: the tray (with its names' rim) and each
        catapult, as the camera shows them now."""
        v = self.scene.camera.view
        (tx0, ty0), (tx1, ty1) = (v.to_screen((x, y)) for x, y in (
            (art.TRAY_RECT.x, art.TRAY_RECT.y - 30),
            (art.TRAY_RECT.right, art.TRAY_RECT.bottom)))
        out = [pygame.Rect(round(tx0), round(ty0), round(tx1 - tx0), round(ty1 - ty0))]
        for cat in self.scene.world.catapults.values():
            (cx0, cy0), (cx1, cy1) = (v.to_screen((cat.slot.launch_point[0] + dx,
                                                    cat.slot.launch_point[1] + dy))
                                      for dx, dy in ((-60.0, -40.0), (60.0, 50.0)))
            out.append(pygame.Rect(round(cx0), round(cy0), round(cx1 - cx0), round(cy1 - cy0)))
        return out

    def hurry_rect(self) -> pygame.Rect:
        """Where the "Faster" button goes: the screen's bottom-right corner (`HURRY_RECT`),
        else the bottom-left, else high on the right or left under the cards, the first clear
        of the tray and the catapults (a stranger's sat on the tray's corner, close up)."""
        avoid = [a.inflate(4, 4) for a in self.hurry_avoids()]
        w, h = HURRY_RECT.size
        under = max(CARD_STRIP_BOTTOM, *(self.card_rect(s).bottom for s in range(ROW_SLOTS)))
        high = round(under) + 24
        for spot in (HURRY_RECT, pygame.Rect(round(VIEW_W) - HURRY_RECT.right, HURRY_RECT.y, w, h),
                     pygame.Rect(HURRY_RECT.x, high, w, h),
                     pygame.Rect(round(VIEW_W) - HURRY_RECT.right, high, w, h)):
            if not any(spot.colliderect(a) for a in avoid):
                return spot
        return HURRY_RECT

    def settle_words_at(self) -> tuple[int, int]:
        """Where "The table settles…" goes: under the cards, whatever their size (it was
        drawn over the Mega's card in the strip)."""
        under = max(CARD_STRIP_BOTTOM, *(self.card_rect(s).bottom for s in range(ROW_SLOTS)))
        return (640, round(under) + 24)

    def round_label(self) -> str:
        """The HUD's round: the round just played until the next turn's get-ready screen, so
        "End of round 2" on the scores sits beside "ROUND 2 / 3", not "ROUND 3 / 3"."""
        sc = self.scene
        m = sc.match
        shown = sc.turn_round if sc.stage in (Stage.PLAY, Stage.JUDGE, Stage.SCORE) else m.round
        return f"ROUND {shown} / {m.options.rounds}"

    def _draw_hints(self, surface: pygame.Surface, tips: bool = True) -> None:
        """The players' control tips (`tips`), and a keyboard builder's note under them (in
        their place once the tips are gone)."""
        sc = self.scene
        b = sc.builder_ctl
        placed: list[pygame.Rect] = []
        if b is not None and b.kind != "ai":
            under = max(CARD_STRIP_BOTTOM, *(self.card_rect(s).bottom for s in range(ROW_SLOTS)))
            y = 640 if sc.camera.view.zoom < 1.2 else round(under) + 36  # clear of the cards
            x = 640
            towers = self.tower_rects()
            below = None  # the note's top under the tips where they would be
            if tips:
                lines = sc.builder_hint(sc.seats[b.seat].device)
                r = hud.hint_rect(lines, (x, y))
                below = r.bottom + 8
                if any(r.colliderect(t) for t in towers):
                    # Never over a tower's slots (a stranger's Mega rose behind the tips and
                    # "No arch left" notes): on the table's front, else down by the tray.
                    r = self._off_towers(r, towers, placed)
                    y = r.centery
                hurry = self.hurry_rect()
                if sc.hurry_offered() and r.colliderect(hurry.inflate(16, 16)):
                    # Down by the tray (a wide view): left of the "Speed up" button.
                    x -= r.right - (hurry.left - 12)
                placed.append(hud.draw_hint(surface, lines, (x, y)))
            note = b.note if isinstance(b, CursorBuilderControl) and b.note_left > 0.0 \
                else sc.supply_note if sc._frames < sc.supply_note_until else ""
            if note:
                # Why Tab fetched nothing, or another tower's block, or that a tower lacks a
                # kind none is left of: just under the tips.
                rect = hud.hint_rect([note], (x, y))
                if placed:
                    rect.top = placed[-1].bottom + 8
                if below is not None and any(
                        hud.hint_rect([note], (x, below + rect.h // 2)).colliderect(t)
                        for t in towers):
                    # the tips moved off the towers: the note from where it would have been
                    rect.top = below
                lines = [note]
                if any(rect.colliderect(t) for t in towers):
                    wanted = rect.midtop
                    rect = self._off_towers(rect, towers, placed)
                    if not self._between(rect, towers, placed):
                        # No room beside a tower nor on the table's front by the tray's names
                        # (larger text): the note wrapped into the widest gap between the
                        # towers, under the tips.
                        narrow = self._in_gap(note, wanted, towers, placed)
                        if narrow is not None:
                            lines, rect = narrow
                hurry = self.hurry_rect()
                if sc.hurry_offered() and rect.colliderect(hurry.inflate(16, 16)):
                    rect.right = min(rect.right, hurry.left - 12)
                placed.append(hud.draw_hint(surface, lines, rect.center, theme.SPARK))
        if not tips:
            self.hint_plates = placed
            return
        shown = {1: 0, -1: 0}
        for seat, ctl in sc.sab_ctls.items():
            if not ctl.human:
                continue
            if sc.match.dice_left.get(seat, 0) < sc.match.dice_per_saboteur():
                continue  # fired: they know how (a stranger's hint hid his dots and dice)
            slot = CATAPULT_SLOTS[sc.match.catapult_of(seat)]
            x = 200 if slot.facing > 0 else 1080
            y = 290 + 64 * shown[slot.facing]
            shown[slot.facing] += 1
            hint = sc.saboteur_hint(sc.seats[seat].device)
            lines = [sc.seats[seat].name, hint]
            cards = [self.card_rect(s) for s in range(ROW_SLOTS)
                     if sc.turn_row[s] is not None]
            sling = self.sling_areas.get(seat)
            aim = self.aim_dots(seat)
            edge = None
            for width in SIDE_HINT_WIDTHS:
                # At its own edge of the screen beside its catapult, wrapped narrower until
                # it has room there (a couch stranger saw a mouse player's hint pushed into
                # the middle, stacked over the tower being built under the builder's keys
                # and a warning).
                wrapped = [sc.seats[seat].name, *text.wrap(hint, 14, width - 24)]
                r = hud.hint_rect(wrapped, (x, y))
                r.x = 8 if slot.facing > 0 else round(VIEW_W) - 8 - r.w
                edge = self._at_own_edge(r, sling, placed, cards, aim)
                if edge is not None:
                    lines = wrapped
                    break
            # Else never over another plate (a couch builder's tip, another saboteur's aim hint).
            rect = edge or hud.hint_rect(lines, (x, y))
            rect.x = min(max(rect.x, 8), round(VIEW_W) - 8 - rect.w)  # never off the screen
            hit = [c for c in cards if rect.colliderect(c.inflate(8, 8))]
            if hit:  # under the cards, never over one (a stranger lost a card's name)
                rect.top = max(c.bottom for c in hit) + 8
            for _ in range(0 if edge is not None else 4):
                # Beside the power bars (their MAX and figure), below the plates placed before:
                # until both hold (moved below the builder's tip, a stranger's hint sat over a
                # MAX in larger text).
                for power in self.power_plates.values():
                    if rect.colliderect(power.inflate(8, 8)):  # beside the bar, not over it
                        if power.centerx > rect.centerx:
                            rect.right = power.left - 8
                        else:
                            rect.left = power.right + 8
                rect.x = min(max(rect.x, 8), round(VIEW_W) - 8 - rect.w)
                moved = False
                while any(rect.colliderect(p.inflate(0, 8)) for p in placed):
                    rect.y = max(p.bottom for p in placed
                                 if rect.colliderect(p.inflate(0, 8))) + 8
                    moved = True
                if sling is not None and rect.colliderect(sling):
                    # Beside their own catapult and pull ring, toward the middle, never over
                    # them (a stranger aiming by mouse had her hint over her catapult and ring).
                    if sling.centerx > rect.centerx:
                        rect.right = sling.left - 8
                    else:
                        rect.left = sling.right + 8
                    moved = True
                if not moved and not any(rect.colliderect(p.inflate(8, 8))
                                         for p in self.power_plates.values()):
                    break
            labels = [lb for lb in self.tray_labels if rect.colliderect(lb.inflate(8, 8))]
            if labels:
                # Over the tray's names, never on them (at 1024x576 a saboteur's hint slid
                # over "Short beam"): up above them.
                rect.bottom = min(lb.top for lb in labels) - 8
            if any(rect.colliderect(k) for k in self.keep_clear):
                rect = self._clear_of_builder(rect, slot.facing, placed)
            if any(rect.colliderect(k) for k in self.keep_clear):
                # Nowhere clear of the towers: faint, so the blocks show through it.
                layer = pygame.Surface((rect.w + 8, rect.h + 8), pygame.SRCALPHA)
                hud.draw_hint(layer, lines, (rect.w // 2 + 4, rect.h // 2 + 4), sc.colours[seat])
                layer.set_alpha(FAINT_ALPHA)
                surface.blit(layer, (rect.x - 4, rect.y - 4))
                placed.append(rect)
                continue
            placed.append(hud.draw_hint(surface, lines, rect.center, sc.colours[seat]))
        self.hint_plates = placed

    def aim_dots(self, seat: int) -> list[pygame.Rect]:
        """The dots of a saboteur's aim preview drawn this frame, on screen, each with a rim
        (their hint keeps off them: a couch saboteur's hint hid her own flight's dots)."""
        return [pygame.Rect(x - 8, y - 8, 16, 16)
                for x, y in (self.to_screen(p) for p in self.preview_shown.get(seat, []))]

    def _at_own_edge(self, rect: pygame.Rect, sling: pygame.Rect | None,
                     placed: list[pygame.Rect], cards: list[pygame.Rect],
                     aim: list[pygame.Rect] | None = None) -> pygame.Rect | None:
        """A saboteur's aim hint at its own edge of the screen (`rect`'s x), beside its
        catapult: just above its catapult and pull ring, else higher up to the top bar, else
        under them, at the first height clear of the plates placed before, the power bars,
        the cards, the tray and its names, its own aim preview's dots (`aim`), and the towers
        being built (clear of all but the towers when none is); None where no height is
        clear."""
        v = self.scene.camera.view
        (tx0, ty0), (tx1, ty1) = (v.to_screen((x, y)) for x, y in (
            art.TRAY_RECT.topleft, art.TRAY_RECT.bottomright))
        tray = pygame.Rect(round(tx0), round(ty0), round(tx1 - tx0), round(ty1 - ty0))
        avoid = [*(p.inflate(0, 16) for p in placed),
                 *(p.inflate(16, 16) for p in self.power_plates.values()),
                 *(c.inflate(16, 16) for c in cards), tray.inflate(16, 16),
                 *(lb.inflate(16, 16) for lb in self.tray_labels),
                 *([sling] if sling is not None else []), *(aim or [])]
        if aim:  # kept off her dots, never pushed onto the pads and their outlines instead
            avoid += [pygame.Rect(f.x - 8, f.y - 48, f.w + 16, f.h + 56)
                      for f in guide.floor_areas(self)[:-1]]
        top = HUD_BOTTOM + 8  # beside the cards too, never over one (`avoid`)
        above = (sling.top if sling is not None else rect.bottom + 8) - 8
        below = (sling.bottom if sling is not None else rect.bottom) + 8
        ys = [*range(above - rect.h, top - 1, -8),
              *range(below, round(VIEW_H) - 8 - rect.h + 1, 8)]
        clear = [r for r in (rect.move(0, y - rect.y) for y in ys)
                 if r.left >= 0 and r.right <= VIEW_W and not any(r.colliderect(a) for a in avoid)]
        for r in clear:
            if not any(r.colliderect(k) for k in self.keep_clear):
                return r
        return clear[0] if clear else None

    def _off_towers(self, rect: pygame.Rect, towers: list[pygame.Rect],
                    placed: list[pygame.Rect]) -> pygame.Rect:
        """A builder's plate moved off the towers' slots: onto the table's front between the
        pads and the tray where it fits there, else down over the tray (under the plates
        already placed)."""
        def clear(r: pygame.Rect) -> bool:
            return (r.left >= 0 and r.right <= VIEW_W
                    and not any(r.colliderect(p.inflate(0, 8)) for p in placed)
                    and not any(r.colliderect(t) for t in towers) and not self._on_labels(r))

        for t in towers:
            if rect.colliderect(t):
                # beside the tower it would cover, at the same height (over the wall)
                for side in (rect.move(t.left - 8 - rect.right, 0),
                             rect.move(t.right + 8 - rect.left, 0)):
                    if clear(side):
                        return side
        v = self.scene.camera.view
        table = v.to_screen((0.0, TABLE_Y))[1]
        tray = v.to_screen((0.0, float(art.TRAY_RECT.y)))[1]
        front = rect.copy()
        front.center = (rect.centerx, round((table + tray) / 2))
        if front.top >= table and front.bottom <= tray + 4 and clear(front):
            return front
        low = rect.copy()
        low.center = (rect.centerx, 640)
        if placed and any(low.colliderect(p.inflate(0, 8)) for p in placed):
            low.top = max(p.bottom for p in placed) + 8
        # Never over the tray's kind names nor the cards: with larger text the keys banner
        # came down over the tray and hid the block names (a stranger). Where it covers the
        # least of the towers then.
        hard = [lb.inflate(4, 4) for lb in self.tray_labels] + \
            [p.inflate(0, 8) for p in placed] + [self.card_rect(s) for s in range(ROW_SLOTS)]
        (tx0, ty0), (tx1, ty1) = (v.to_screen((x, y)) for x, y in (
            art.TRAY_RECT.topleft, art.TRAY_RECT.bottomright))
        hard.append(pygame.Rect(round(tx0), round(ty0), round(tx1 - tx0), round(ty1 - ty0)))
        room = pygame.Rect(0, HUD_BOTTOM, round(VIEW_W), round(VIEW_H) - HUD_BOTTOM)
        if low.collidelist(hard) >= 0 or not room.contains(low):
            low = least_covering(low, rect, towers, hard, room)
        return low

    def _between(self, rect: pygame.Rect, towers: list[pygame.Rect],
                 placed: list[pygame.Rect]) -> bool:
        """Whether a plate there covers no tower, other plate, tray name or the tray itself."""
        tray = self.scene.camera.view.to_screen((0.0, float(art.TRAY_RECT.y)))[1]
        return (rect.bottom <= tray + 4 and not self._on_labels(rect)
                and not any(rect.colliderect(t) for t in towers)
                and not any(rect.colliderect(p.inflate(0, 8)) for p in placed))

    def _in_gap(self, note: str, top: tuple[int, int], towers: list[pygame.Rect],
                placed: list[pygame.Rect]) -> tuple[list[str], pygame.Rect] | None:
        """The note wrapped to fit the widest gap between the towers, its top at `top`'s
        height, if it fits there in three lines or fewer clear of everything."""
        edges = sorted((t.left, t.right) for t in towers)
        gaps, x = [], 8
        for left, right in edges:
            gaps.append((x, left - 8))
            x = max(x, right + 8)
        gaps.append((x, round(VIEW_W) - 8))
        x0, x1 = max(gaps, key=lambda g: g[1] - g[0])
        lines = text.wrap(note, 14, x1 - x0 - 24, bold=True)
        if not lines or len(lines) > 3:
            return None
        rect = hud.hint_rect(lines, ((x0 + x1) // 2, 0))
        rect.top = top[1]
        return (lines, rect) if self._between(rect, towers, placed) else None

    def _on_labels(self, rect: pygame.Rect) -> bool:
        """Whether a plate there would cover one of the tray's kind names."""
        return any(rect.colliderect(lb.inflate(4, 4)) for lb in self.tray_labels)

    def _clear_of_builder(self, rect: pygame.Rect, facing: int,
                          placed: list[pygame.Rect]) -> pygame.Rect:
        """A saboteur's key hint moved off the tower a person is building (a couch builder lost
        their tower under it): toward its catapult's edge of the screen, up or down, where it
        covers the least of what the builder needs, never over the cards, the tray, a power bar
        or another plate."""
        keep = self.keep_clear
        v = self.scene.camera.view
        (tx0, ty0), (tx1, ty1) = (v.to_screen((x, y)) for x, y in (
            art.TRAY_RECT.topleft, art.TRAY_RECT.bottomright))
        tray = pygame.Rect(round(tx0), round(ty0), round(tx1 - tx0), round(ty1 - ty0))
        avoid = [*placed, *(p.inflate(8, 8) for p in self.power_plates.values()),
                 *(self.card_rect(s).inflate(8, 8) for s in range(ROW_SLOTS)
                   if self.scene.turn_row[s] is not None), tray.inflate(16, 16),
                 *(lb.inflate(8, 8) for lb in self.tray_labels),
                 *self.sling_areas.values()]
        edge = 8 if facing > 0 else round(VIEW_W) - 8 - rect.w
        top = max(self.card_rect(s).bottom for s in range(ROW_SLOTS)) + 8
        best: tuple[int, int, pygame.Rect] | None = None
        for x in sorted({rect.x, edge, (rect.x + edge) // 2}):
            for y in range(top, round(VIEW_H) - rect.h - 8, 12):
                r = pygame.Rect(x, y, rect.w, rect.h)
                if any(r.colliderect(a) for a in avoid):
                    continue
                hidden = sum(r.clip(k).w * r.clip(k).h for k in keep)
                score = (hidden, abs(x - rect.x) + abs(y - rect.y))
                if best is None or score < best[:2]:
                    best = (*score, r)
        return rect if best is None else best[2]

    def _pop(self, f: float) -> float:
        """A stamp's or burst's size `f` of the way through its pop-in: with reduced motion
        whole at once (no overshoot)."""
        if self.scene.app.reduced_motion:
            return 1.0
        return ease_out_back(min(1.0, f))

    def _draw_judge(self, surface: pygame.Surface) -> None:
        sc = self.scene
        plan = sc.plan
        if plan is None:
            return
        t = sc.stage_t
        placed: list[pygame.Rect] = []
        for start, j in plan.reveals:
            if t < start:
                continue
            if any(s == j.slot and t >= fs for fs, s, _ in plan.flights):
                continue
            k = self._pop((t - start) / 0.3)
            r = art.card_rect(j.slot)
            tile = TILES[j.tile_id]
            if j.scored:
                label = "MEGA!" if tile.mega else f"+{tile.points}"
                hud.draw_stamp(surface, (r.centerx, r.bottom + STAMP_DROP), True, k, label)
            else:
                hud.draw_stamp(surface, (r.centerx, r.bottom + STAMP_DROP), False, k, "")
                if k >= 0.99:
                    self._draw_why(surface, j, r, placed)
        for start, slot, tid in plan.flights:
            if not start <= t < start + FLIGHT_SECONDS:
                continue
            r = art.card_rect(slot)
            x, y, scale, alpha = self.flight_pose(slot, (t - start) / FLIGHT_SECONDS)
            img = self._flying_card(tid, r.w, scale)
            if alpha < 255:
                img = img.copy()  # the card is cached: fade a copy
                img.set_alpha(alpha)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        if plan.mega_at is not None and t >= plan.mega_at:
            k = self._pop((t - plan.mega_at) / 0.35)
            hud.draw_comic(surface, (640, 300), "MEGA TOWER!", k, 52,
                           (theme.SPARK, theme.BLAST), -0.05)
            if k >= 1.0:
                # On a dark plate: cream on the yellow burst could not be read (a stranger).
                said = sc.voice.says(sc.turn_builder, "wins", "win", " the game!")
                img = text.render(said, 34, theme.CREAM, bold=True, shadow=True)
                plate = img.get_rect(center=(640, 400)).inflate(36, 16)
                panel(surface, plate, theme.INK, radius=12, border=theme.SPARK, border_w=2,
                      shadow=4, alpha=240)
                surface.blit(img, img.get_rect(center=plate.center))
                self.mega_plate = plate

    def flight_pose(self, slot: int, f: float) -> tuple[float, float, float, int]:
        """A won card `f` (0 to 1) of the way through its flight: centre, scale and opacity.
        It flies in an arc to the builder's chip, shrinking; with reduced motion it stays in
        place and fades out (a stranger with reduced motion on saw cards fly over the HUD)."""
        f = min(max(f, 0.0), 1.0)
        r = art.card_rect(slot)
        if self.scene.app.reduced_motion:
            return float(r.centerx), float(r.centery), 1.0, round(255 * (1.0 - f))
        p = ease_in_out_cubic(f)
        cx, cy = self.chip_centre(self.scene.turn_builder)
        x = r.centerx + (cx - r.centerx) * p
        y = r.centery + (cy - r.centery) * p - math.sin(p * math.pi) * 90
        return x, y, 1.0 - 0.78 * p, 255

    def _draw_why(self, surface: pygame.Surface, j: TileJudgement, r: pygame.Rect,
                  placed: list[pygame.Rect]) -> None:
        """Under a refused tile's cross: why, in a player's words, on a plate two or three lines
        deep (not a column the tile's width); a plate that would cover another's goes under it.
        A tower a saboteur's die knocked down says so, in that saboteur's colour."""
        sc = self.scene
        knock = sc.knocks.standing_knock(j)
        why = sc.knocks.held_words(j) or (said_as_tower(explain(j), j.tile_id) if knock is None
                                          else knocked_words(knock, sc.voice))
        colour = theme.CREAM if knock is None else hud.light(sc.colours[knock.seat])
        why = why[:1].upper() + why[1:]
        width = WHY_WIDTH if knock is None else KNOCK_WIDTH
        lines = phrase_wrap(why, 14, width)
        centre = (round(min(max(r.centerx, width / 2 + 16), VIEW_W - width / 2 - 16)),
                  r.bottom)
        rect = hud.hint_rect(lines, centre)
        # Wider than a card, so under every stamp's points (it covered a neighbour's "+3").
        rect.top = hud.stamp_rect((r.centerx, r.bottom + STAMP_DROP), "+6").bottom + 6
        top = rect.top
        while any(rect.colliderect(p.inflate(0, 6)) for p in placed):
            rect.y = max(p.bottom for p in placed if rect.colliderect(p.inflate(0, 6))) + 6
        rect = self._why_place(rect, top, placed)
        placed.append(hud.draw_hint(surface, lines, rect.center, colour, 235))

    def _why_place(self, rect: pygame.Rect, top: int,
                   placed: list[pygame.Rect]) -> pygame.Rect:
        """A judge's note off the towers, the other notes, the tray and its names (a
        stranger's end-of-turn notes stacked down over the towers they explained and onto the
        tray): the nearest free place to `rect`, never above `top` (under the stamps), a step
        down costing two across; `rect` itself if it is free or no place is."""
        towers = self.tower_rects()
        width = round(VIEW_W)
        if rect.left >= 4 and rect.right <= width - 4 and self._between(rect, towers, placed):
            return rect
        key = (tuple(rect), top, tuple(map(tuple, placed)), tuple(map(tuple, towers)),
               tuple(map(tuple, self.tray_labels)), self.scene.camera.view)
        kept = self._why_places.get(key)
        if kept is not None:
            return kept.copy()
        tray = self.scene.camera.view.to_screen((0.0, float(art.TRAY_RECT.y)))[1]
        best: tuple[int, pygame.Rect] | None = None
        for y in range(top, round(tray) - rect.h + 5, NOTE_STEP):
            for x in range(4, width - rect.w - 3, NOTE_STEP):
                cost = 2 * abs(y - rect.y) + abs(x - rect.x)
                if best is not None and cost >= best[0]:
                    continue
                r = pygame.Rect(x, y, rect.w, rect.h)
                if self._between(r, towers, placed):
                    best = (cost, r)
        if len(self._why_places) > 64:
            self._why_places.clear()
        self._why_places[key] = rect if best is None else best[1]
        return self._why_places[key].copy()

    def _flying_card(self, tile_id: int, width: int, scale: float) -> pygame.Surface:
        """A won card shrunk for its flight (cached per tile and a few sizes)."""
        level = max(1, min(10, round(scale * 10)))
        key = (tile_id, level)
        got = self._flying_cards.get(key)
        if got is None:
            full = pygame.Surface((width, art.CARD_H), pygame.SRCALPHA)
            art.draw_card(full, tile_id, pygame.Rect(0, 0, width, art.CARD_H),
                          len(TILES[tile_id].pieces), True)
            size = (max(4, round(width * level / 10)), max(4, round(art.CARD_H * level / 10)))
            got = pygame.transform.smoothscale(full, size)
            self._flying_cards[key] = got
        return got

    def _draw_ready(self, surface: pygame.Surface) -> None:
        sc = self.scene
        m = sc.match
        builder = sc.seats[m.builder]
        k = ease_out_back(min(1.0, sc.stage_t / 0.45))
        if builder.is_ai:
            left = max(0, math.ceil(READY_AI_SECONDS - sc.stage_t))
            prompt = (sc.voice.says(m.builder, "turns", "turn", f" the sand timer in {left}…")
                      if left else "Go!")
        elif sc.stage_t < sc.ready_guard:
            prompt = ""  # not yet: a press now is swallowed (scene.READY_GUARD_SECONDS)
        else:
            does = sc.picker.confirm_does() if sc.picker.shows() else ""
            # The prompt says what the key does now: on a card it picks, not the timer.
            prompt = f"{sc.confirm_word(builder.device)} to {does or 'turn the sand timer'}"
        kept = self._still_table is not None and self._still_table[0][-1] \
            and self._still_table[0] == self._still_table_key(surface)
        if sc.picker.draw(surface, prompt, k, chrome=not kept):
            bottom = sc.picker._rect(k).bottom  # the get-ready panel with the tile choice
        else:
            info = self.ready_info()
            hud.draw_ready(surface, info, k=k, t=sc.time, prompt=prompt)
            bottom = 356 + hud.ready_panel(info).get_height() // 2
        said = self.restart_words()
        if said and k > 0.95:
            # Just under the panel, over the dimmed tray: nothing the player reads is hidden.
            h = hud.hint_rect([said], (0, 0)).h
            y = min(bottom + RESTART_GAP + h // 2, surface.get_height() - h // 2 - 2)
            hud.draw_hint(surface, [said], (round(VIEW_W / 2), y), theme.SPARK, 235)

    def restart_words(self) -> str:
        """On the get-ready screen of a match resumed from a save made mid-turn whose turn
        could not be played back (`TowerScene._play_back`): that the turn starts again from
        its beginning ("" otherwise)."""
        sc = self.scene
        if not sc.restarted or sc.replaying:
            return ""
        return (f"{sc.voice.Poss(sc.match.builder)} turn starts again from its beginning "
                "(the save of it could not be used)")

    def ready_info(self) -> hud.ReadyInfo:
        """What the get-ready screen of the match's next turn says."""
        sc = self.scene
        m = sc.match
        seat = m.builder
        builder = sc.seats[seat]
        sabs: list[tuple[str, Colour, str, str, str]] = []
        for s in m.saboteurs():
            where = m.catapult_words(s)
            if sc.replaying:
                how = sc.seat_label(s)  # who played it, not the replay's stand-in
            else:
                how = "" if sc.seats[s].is_ai else sc.saboteur_hint(sc.seats[s].device)
            sabs.append((sc.seats[s].name, sc.colours[s], sc.shapes[s], where, how))
        kicker = (f"ROUND {m.round} OF {m.options.rounds}  ·  TURN {m.turn + 1} OF "
                  f"{m.total_turns}")
        return hud.ReadyInfo(kicker, builder.name, sc.colours[seat], sc.shapes[seat],
                             tuple(sabs), m.dice_per_saboteur(),
                             sc.seat_label(seat) if sc.replaying else "")

    def board_info(self, final: bool) -> hud.BoardInfo:
        """What the scoreboard says: after a turn, or at the end of the match."""
        sc = self.scene
        m = sc.match
        winners = m.winners() if final else []
        totals = m.totals()
        denied = (sc.knocks.denied(sc.result.judgements)
                  if sc.result is not None and not final else {})
        # The Mega among its builder's tiles on the final board (it won the game: a stranger
        # read only "Ben scored 2 points" under a Mega win).
        rows = [hud.BoardRow(s.name, sc.colours[i], sc.shapes[i], totals[i],
                             tuple(m.won[i]) + ((MEGA_TILE_ID,) if final and m.mega_winner == i
                                                else ()),
                             (sc.result.points if sc.result is not None and not final
                              and i == sc.turn_builder else 0), i in winners,
                             denied.get(i, 0), sc.voice.poss(sc.turn_builder))
                for i, s in enumerate(sc.seats)]
        if final:
            rows.sort(key=lambda r: -r.total)
            said = sc.voice.winners(winners)
            if m.mega_winner is not None:
                title = f"Mega Tower! {said}!"
                sub = "The Mega Tower stood when the sand ran out"
            elif not winners:
                title = "A draw: nobody scored"
                sub = f"No tower stood for a point in {count(m.round, 'round')}"
            elif len(winners) == 1:
                title = f"{said}!"
                sub = f"Final scores after {count(m.round, 'round')}"
            else:
                title = f"{said}!"
                sub = "Equal highest totals share the win"
            foot = "Thanks for playing Tower Kaboom"
            # The last turn's explanations too (the board after every other turn has them;
            # a stranger's last turn went from its judging straight to this board, unsaid).
            return hud.BoardInfo(tuple(rows), title, sub, foot, theme.SPARK,
                                 self.last_turn_notes(final=True))
        round_over = m.turn % m.players == 0
        title = f"End of round {m.round - 1}" if round_over else "Scores"
        sub = f"Turn {m.turn} of {m.total_turns} played"
        # the table is cleared for every turn (rule: the next builder takes all 16 blocks):
        # said, as a stranger read a tile left unfinished as a tower handed on to the next
        return hud.BoardInfo(tuple(rows), title, sub,
                             "Next: " + sc.voice.says(m.builder, "builds", "build",
                                                      " with all 16 blocks, the table cleared"),
                             theme.FUSE,
                             self.last_turn_notes())

    def last_turn_notes(self, final: bool = False) -> tuple[str, ...]:
        """Why the turn just judged scored what it did: each knocked tower (by whom, what it
        cost) and each standing tower that scored nothing. On the final board the first is
        headed "Last turn:" (and a scoring turn says what it gained)."""
        sc = self.scene
        notes: list[str] = []
        if sc.result is None:
            return ()
        # A pad the builder never set a block on holds no tower of theirs: blocks a die
        # knocked onto it are not blamed on them (a stranger's board did).
        for j in sorted(sc.result.judgements, key=lambda j: j.slot):
            knocked = sc.knocks.board_note(j, sc.voice, sc.turn_builder)
            if knocked is not None:
                # Each knocked tower by name, with what it cost and to whom the saboteur's
                # row credits it (the board said only "cost you 6 pts", never which towers).
                notes.append(knocked)
                continue
            note = said_as_tower(standing_note(j, sc.peak.get(j.slot, 0) > j.progress),
                                 j.tile_id)
            if note and j.slot in sc.built_slots:
                notes.append(f"{sc.voice.Poss(sc.turn_builder)} {note}")
        if final:
            b, pts = sc.turn_builder, sc.result.points
            if sc.result.mega:
                notes.insert(0, sc.voice.says(b, "built", "built",
                                              " the Mega Tower: it wins the game"))
            elif pts:
                notes.insert(0, sc.voice.says(b, "scored", "scored", f" {count(pts, 'point')}"))
            if notes:
                notes[0] = f"Last turn: {notes[0]}"
        return tuple(notes)

    def _draw_board(self, surface: pygame.Surface, *, final: bool) -> None:
        sc = self.scene
        humans = sc.humans()
        word = sc.continue_words()
        if final:
            prompt = ""  # the match's end bar offers what comes next
            hud.draw_board(surface, self.board_info(True), prompt=prompt, t=sc.time,
                           countdown=None)
        else:
            # With a human at the table the board waits for the click it asks for; only a
            # table of AIs moves on by itself (its countdown bar shows how soon).
            prompt = f"{word} to continue" if humans else ""
            hud.draw_board(surface, self.board_info(False), prompt=prompt, t=sc.time,
                           countdown=None if humans else 1.0 - sc.stage_t / SCORE_SECONDS)

    def chip_centre(self, seat: int) -> Point:
        sc = self.scene
        r = hud.chip_rects(len(sc.seats))[seat]
        return (float(r.centerx), float(r.centery))


def _clear_of_blocks(rect: pygame.Rect, boxes: list[pygame.Rect], placed: list[pygame.Rect],
                     top: int) -> pygame.Rect:
    """A note's plate moved off the blocks it lies on (a stranger's "Signpost hangs off its
    tile" lay over the Signpost itself: a block off its tile is in no tower, so the note went
    where the tower's top would be): just above them, else beside them, the first place clear
    of them and of the plates `placed`, on screen and under `top` (the cards); as it was where
    none is."""
    hit = [b for b in boxes if rect.colliderect(b.inflate(8, 8))]
    if not hit:
        return rect
    for _ in range(4):  # a place beside these blocks may lie on others: past those too
        up, right, left = rect.copy(), rect.copy(), rect.copy()
        up.bottom = min(b.top for b in hit) - 8
        right.left = max(b.right for b in hit) + 8
        left.right = min(b.left for b in hit) - 8
        for trial in (up, right, left):
            if trial.top < top + 4 or trial.left < 4 or trial.right > VIEW_W - 4:
                continue
            if not any(trial.colliderect(b.inflate(8, 8)) for b in boxes) and not any(
                    trial.colliderect(p.inflate(0, 8)) for p in placed):
                return trial
        more = [b for b in boxes if b not in hit and any(
            t.colliderect(b.inflate(8, 8)) for t in (up, right, left))]
        if not more:
            break
        hit += more
    return rect


def card_rect_in(slot: int, v: View) -> pygame.Rect:
    """Where a slot's card is on screen in view `v` (`TableView.card_rect`)."""
    full = art.card_rect(slot)
    t = min(1.0, max(0.0, (v.zoom - 1.0) / 0.5))
    if t <= 0.0:
        return full
    x0, x1 = SLOT_RANGES[slot]
    cx = v.to_screen(((x0 + x1) / 2.0, 0.0))[0]
    w, h = full.w * COMPACT_CARD, full.h * COMPACT_CARD
    cx = min(max(cx, w / 2 + 6), VIEW_W - w / 2 - 6)
    small = pygame.Rect(round(cx - w / 2), COMPACT_TOP, round(w), round(h))
    if t >= 1.0:
        return small
    # Between the two sizes (a view taking in a catapult), still centred over its pad.
    bw = round(full.w + (small.w - full.w) * t)
    out = pygame.Rect(0, round(full.y + (small.y - full.y) * t), bw,
                      round(full.h + (small.h - full.h) * t))
    out.centerx = round(min(max(v.to_screen(((x0 + x1) / 2.0, 0.0))[0], bw / 2 + 6),
                            VIEW_W - bw / 2 - 6))
    return out


def tower_rects_in(sc: TowerScene, v: View) -> list[pygame.Rect]:
    """Screen boxes of the finished towers of every open tile of the turn's row (`turn_row`,
    its tile open to building; a Mega only once begun: the small towers use its blocks by
    design): each tile's width, from the table up to the tower's full height
    (`camera.tower_height`)."""
    out: list[pygame.Rect] = []
    for slot, tid in enumerate(sc.turn_row):
        if tid is None or not sc.match.can_build_on(slot):
            continue
        j = sc.judgements.get(slot)
        if TILES[tid].mega and (j is None or j.progress == 0):
            continue
        x0, x1 = SLOT_RANGES[slot]
        (sx0, sy0), (sx1, sy1) = (v.to_screen(p) for p in (
            (x0, TABLE_Y - tower_height(tid)), (x1, TABLE_Y)))
        out.append(pygame.Rect(round(sx0), round(sy0), round(sx1 - sx0), round(sy1 - sy0)))
    return out
