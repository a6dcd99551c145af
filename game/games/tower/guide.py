"""The builder's guide to the blocks: which tile card the pointer is reading (drawn enlarged
with its parts named, bottom first), the tray's kinds named under the blocks, and which kinds
the tower being built still needs (lit in the tray).

A playtester could not tell a pillar from a short beam on a 55 px card and put a beam where a
pillar was meant; the words here are the block names of the rulebook (`BlockShape.name`).
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.games.tower import art
from game.games.tower.controls import CursorBuilderControl
from game.games.tower.data import (
    BLOCKS,
    LYING,
    ROW_SLOTS,
    SHAPES,
    SLOT_RANGES,
    TABLE_Y,
    TILES,
    TRAY_ROW_FLOORS,
    TileDef,
)
from game.games.tower.worlddata import Where
from game.ui import text, theme
from game.ui.cache import BoundedCache

if TYPE_CHECKING:
    from game.games.tower.scene import TowerScene
    from game.games.tower.view import TowerView

Colour = tuple[int, int, int]

GOLD: Colour = (255, 214, 102)
ENLARGE = 1.6
"""How much bigger the card under the pointer is drawn than the card on the wall."""
ENLARGE_STEPS = (ENLARGE, 1.45, 1.3, 1.15, 1.0)
"""The sizes tried, biggest first, for the card under the pointer: the first that finds room
clear of the pads and the tray (`_place_big`); never smaller than it hangs on the wall."""


def piece_words(tile: TileDef, progress: int = 0) -> list[tuple[str, bool]]:
    """A tile's blocks bottom first, named as the tray names them ("Short beam, lying"),
    each with whether it is already built (the first `progress`)."""
    out: list[tuple[str, bool]] = []
    for i, (key, orient) in enumerate(tile.pieces):
        name = SHAPES[key].name
        if LYING in SHAPES[key].orientations:
            name += ", lying" if orient == LYING else ", standing"
        out.append((f"{i + 1}. {name}", i < progress))
    return out


def still_needs(tile: TileDef, progress: int) -> Counter[str]:
    """The kinds (and how many of each) a tower still needs above its `progress` built."""
    return Counter(key for key, _ in tile.pieces[max(0, progress):])


def tray_groups(in_tray: set[int] | None = None) -> dict[str, tuple[float, float, int]]:
    """Each kind's place in the tray (world): the centre x of its blocks (of those in
    `in_tray`, all if None), the top of its row (one line of labels a row) and how many."""
    xs: dict[str, list[float]] = {}
    row_top: dict[float, float] = {}
    floor_of: dict[str, float] = {}
    for b in BLOCKS:
        h = SHAPES[b.shape].size(b.tray_orientation)[1]
        floor = round(b.tray_pos[1] + h / 2.0, 3)
        row_top[floor] = min(row_top.get(floor, 1e9), b.tray_pos[1] - h / 2.0)
        floor_of[b.shape] = floor
        if in_tray is None or b.block_id in in_tray:
            xs.setdefault(b.shape, []).append(b.tray_pos[0])
    return {k: ((min(v) + max(v)) / 2.0, row_top[floor_of[k]], len(v)) for k, v in xs.items()}


@lru_cache(maxsize=64)
def _groups(in_tray: frozenset[int]) -> dict[str, tuple[float, float, int]]:
    """`tray_groups`, kept for the few tray contents a turn sees (drawn every frame)."""
    return tray_groups(set(in_tray))


def working_slot(sc: TowerScene) -> int | None:
    """The tile the builder is working on: the one a block was last let go over whose tower
    is neither finished nor empty; else None."""
    best: tuple[int, int] | None = None
    for slot, frame in sc._set_at.items():
        j = sc.judgements.get(slot)
        if j is None or j.scored or j.progress <= 0 or sc.turn_row[slot] is None:
            continue
        if best is None or frame > best[0]:
            best = (frame, slot)
    return None if best is None else best[1]


def needed_kinds(sc: TowerScene, hovered: int | None) -> tuple[Counter[str], str]:
    """What the tray lights: the kinds the card under the pointer needs (all of its tower not
    built yet), else the kinds the tower being built still needs; and that tile's name."""
    slot = hovered if hovered is not None else working_slot(sc)
    b = sc.builder_ctl
    if hovered is None and isinstance(b, CursorBuilderControl) and sc.turn is not None:
        # A keyboard or pad builder: the tower ringed in gold (`TowerView.key_target`: after
        # Q / E the ring moved to the Signpost and a stranger's tray still lit the Viaduct's)
        slot = sc.table_view.key_target()
    if slot is None:
        return Counter(), ""
    tid = sc.turn_row[slot]
    if tid is None:
        return Counter(), ""
    j = sc.judgements.get(slot)
    progress = j.progress if j is not None and j.tile_id == tid else 0
    return still_needs(TILES[tid], progress), TILES[tid].name


HOVER_REST_S = 0.25
"""Seconds the pointer rests on a card (hand empty) before it shows large: a stranger's
pointer, just let go of the Mega tower's top block under the card strip, popped the card
over the spot he was building (a pointer still where it let a block go waits until it moves
onto a card). Longer, a stranger waited about a second and thought nothing would come."""
REST_JITTER = 6
"""Screen pixels the pointer may move in a frame and still count as resting on a card (a hand
on a mouse drifts: measured from where it first stopped, a stranger's slow drift kept the
card from ever showing)."""
LET_GO = -1
"""`TowerView.hover_rest`'s slot while the pointer stays where it let a block go."""


def hovered_card(view: TowerView) -> int | None:
    """The slot whose card the pointer has rested on (`HOVER_REST_S`) while a person builds,
    hand empty; else None."""
    sc = view.scene
    b = sc.builder_ctl
    mx, my = round(sc.mouse_screen[0]), round(sc.mouse_screen[1])
    now = sc.real_time
    if b is None or b.kind != "mouse" or sc.world.hand.held_block is not None:
        view.hover_rest = None if b is None or b.kind != "mouse" else (LET_GO, now, (mx, my))
        return None
    rest = view.hover_rest
    if rest is not None and rest[0] == LET_GO:
        if math.dist(rest[2], (mx, my)) <= REST_JITTER:
            return None  # still where a block was let go: not reading a card
        rest = view.hover_rest = None
    for slot in range(ROW_SLOTS):
        if sc.turn_row[slot] is not None and view.card_rect(slot).inflate(8, 8).collidepoint(
                mx, my):
            shown = rest is not None and rest[0] == slot and now - rest[1] >= HOVER_REST_S
            if not shown and (rest is None or rest[0] != slot
                              or math.dist(rest[2], (mx, my)) > REST_JITTER):
                view.hover_rest = (slot, now, (mx, my))  # moving on it: not yet
                return None
            if not shown:
                assert rest is not None
                view.hover_rest = (slot, rest[1], (mx, my))  # resting: the drift is followed
            return slot if shown else None
    view.hover_rest = None
    return None


def asked_box(view: TowerView, kind: str, oy: int = 0) -> pygame.Rect | None:
    """The screen box round a kind's blocks in the tray (None when none lies there)."""
    v = view.scene.camera.view
    world = view.scene.world
    box: pygame.Rect | None = None
    for b in BLOCKS:
        if b.shape != kind or world.block_where(b.block_id) != Where.TRAY:
            continue
        w, h = SHAPES[kind].size(b.tray_orientation)
        x0, y0 = v.to_screen((b.tray_pos[0] - w / 2.0, b.tray_pos[1] - h / 2.0))
        x1, y1 = v.to_screen((b.tray_pos[0] + w / 2.0, b.tray_pos[1] + h / 2.0))
        r = pygame.Rect(round(x0), round(y0) + oy, round(x1 - x0), round(y1 - y0))
        box = r if box is None else box.union(r)
    return None if box is None else box.inflate(10, 8)


def draw_tray_labels(surface: pygame.Surface, view: TowerView, need: Counter[str],
                     oy: int = 0, asked: frozenset[str] = frozenset()) -> None:
    """Each kind's name over its blocks in the tray; a kind still needed is lit gold with
    how many ("Pillar x2"), so the player sees which blocks to fetch. A kind a refusal asks
    for now (`asked`: "That spot needs the long beam, standing on its end...") is ringed in
    gold in the tray: a stranger took the Needle's standing long beam for a pillar."""
    sc = view.scene
    v = sc.camera.view
    view.tray_marks = {}
    view.tray_labels = []
    for kind in sorted(asked):
        box = asked_box(view, kind, oy)
        if box is not None:
            pygame.draw.rect(surface, theme.INK, box.inflate(4, 4), 2, border_radius=8)
            pygame.draw.rect(surface, GOLD, box, 3, border_radius=7)
            view.tray_marks[kind] = box
    in_tray = frozenset(b.block_id for b in BLOCKS
                        if sc.world.block_where(b.block_id) == Where.TRAY)
    labels: list[tuple[str, int, pygame.Surface, pygame.Rect, pygame.Rect, float, int]] = []
    over_rim = False
    for key, (wx, wy, here) in _groups(in_tray).items():
        sx, sy = v.to_screen((wx, wy))
        y = round(sy) + oy - 3
        if y > 716 or y < 0:
            continue
        # how many of those still needed lie here (one knocked onto the table is fetched
        # from there: "Arch x2" over one arch read as a miscount)
        n = min(need.get(key, 0), here)
        if key in asked:
            n = max(n, 1)  # the kind a refusal asks for is lit whichever tower is ringed
        label = SHAPES[key].name if n == 0 else f"{SHAPES[key].name} x{n}"
        colour = GOLD if n else theme.CREAM
        img = text.render(label, 13, colour, bold=True, shadow=True)
        ink = _INK.get((label, colour, text.scale()))
        if ink is None:  # where its letters lie in the image, measured once per text size
            ink = _INK[(label, colour, text.scale())] = img.get_bounding_rect(min_alpha=40)
        r = img.get_rect(midbottom=(round(sx), y))
        # The letters stay in the felt under the rim or the shelf above their row: larger text
        # ran them into the wood, so where the gap is too low they come down over the blocks'
        # tops, on a plate of their own.
        ceiling = round(v.to_screen((wx, row_ceiling(wy)))[1]) + oy + 2
        r.y = max(r.y, ceiling - ink.y)
        if wy < TRAY_ROW_FLOORS[0]:
            # The back row's long, low beams: with the view drawn out (a tall tower), names
            # pushed down under the rim hid most of them (a beam is 16 units, the gap over it
            # 9). Then the row's names go over the tray's rim, on the table's front.
            floor = v.to_screen((wx, TRAY_ROW_FLOORS[0]))[1] + oy
            over_rim |= r.y + ink.bottom + 2 - y > TRAY_LABEL_COVER * (floor - y)
        labels.append((label, n, img, ink, r, wy, y))
    rim = round(v.to_screen((0.0, float(art.TRAY_RECT.y) - RIM_DEPTH + 3.0))[1]) + oy
    base = max((ink.bottom for _, _, _, ink, _, wy, _ in labels if wy < TRAY_ROW_FLOORS[0]),
               default=0)
    for label, n, img, ink, r, wy, y in labels:
        above = over_rim and wy < TRAY_ROW_FLOORS[0]
        if above:
            r.y = rim - 3 - base  # one line over the rim ("Long beam"'s g hangs below it)
        if n or above or r.y + img.get_height() > y:
            plate = pygame.Rect(ink.move(r.topleft).inflate(12, 4))
            pygame.draw.rect(surface, (60, 44, 14) if n else theme.INK, plate, border_radius=7)
            pygame.draw.rect(surface, GOLD if n else theme.LINE, plate, 1, border_radius=7)
        surface.blit(img, r)
        text.note(surface, r, label, img)
        view.tray_labels.append(ink.move(r.topleft).inflate(12, 4))


TRAY_LABEL_COVER = 0.25
"""The most of its blocks' height (on screen) a back-row name may cover in the tray; more, and
it stands over the tray's rim."""
RIM_DEPTH = 9.0
"""World units from the felt under the tray's rim (`row_ceiling`) up to the top of the rim's
frame."""


_INK: BoundedCache[tuple[str, Colour, float], pygame.Rect] = BoundedCache(64)
"""Where each tray name's letters lie in its image."""


def row_ceiling(row_top: float) -> float:
    """World y of the wood over a tray row whose blocks' tops are at `row_top`: the tray's rim
    over the back row, the shelf (5 units deep) over the front row."""
    if row_top < TRAY_ROW_FLOORS[0]:
        return float(art.TRAY_RECT.y + 3)
    return TRAY_ROW_FLOORS[0] + 5.0


def needed_areas(view: TowerView, reading: int | None = None) -> list[pygame.Rect]:
    """What the builder needs to see while building, on screen: every block on the table or a
    tile (not the tray's) and the block in hand, and the column over the tile being built and
    over the tile whose card is `reading` (where the next blocks will go)."""
    sc = view.scene
    v = sc.camera.view
    out: list[pygame.Rect] = []
    world = sc.world
    for spec in BLOCKS:
        bid = spec.block_id
        if world.block_where(bid) == Where.TRAY and world.hand.held_block != bid:
            continue
        pts = [v.to_screen(p) for poly in world.block_polygons(bid) for p in poly]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        out.append(pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)) + 1,
                               round(max(ys) - min(ys)) + 1).inflate(8, 8))
    for slot in {working_slot(sc), reading} - {None}:
        assert slot is not None
        x0, x1 = SLOT_RANGES[slot]
        (sx0, sy), (sx1, _) = v.to_screen((x0, TABLE_Y)), v.to_screen((x1, TABLE_Y))
        out.append(pygame.Rect(round(sx0), 0, round(sx1 - sx0), round(sy)))
    return out


def draw_enlarged(surface: pygame.Surface, view: TowerView, slot: int,
                  cache: dict[tuple[object, ...], pygame.Surface],
                  draw: bool = True) -> pygame.Rect | None:
    """The card under the pointer drawn big, clear of the pads and towers in play
    (`_place_big`), its blocks listed by name bottom first (built ones ticked). Returns the
    area covered (`draw` False: only that, so the notes can be placed clear of it first)."""
    sc = view.scene
    tid, _, progress, complete = view.slot_view(slot)
    if tid is None:
        return None
    small = view.card_rect(slot)
    full = art.card_rect(slot)
    if small.w >= full.w:
        return None  # the card already hangs full size on the wall
    closed = slot in sc.match.closed
    lines = piece_words(TILES[tid], progress)
    imgs = [text.render("Bottom first:", 13, theme.CREAM, bold=True)]
    imgs += [text.render(line + (" (built)" if done else ""), 14,
                         theme.MINT if done else GOLD, bold=True) for line, done in lines]
    # As big as fits clear of the pads and the tray (a builder reading a card could not see
    # where to build): by its card if it can be, drawn smaller or its list in two columns
    # where the full size finds no room there, else wherever on screen it fits.
    placed = None
    screen = surface.get_size()
    # By the card where there is room (else anywhere): of the sizes and layouts that find
    # room, the one hiding least of the towers in play, then the biggest, then the nearest.
    options = []
    for near_only in (True, False):
        for scale in ENLARGE_STEPS:
            pad = round(16 * scale)
            card_w = round((full.w + 32) * scale) - 2 * pad
            card_h = round((full.h + 32) * scale) - 2 * pad
            for cols in (1, 2):
                spots, listing = _list_layout(imgs, cols)
                got = _place_big(view, slot, (card_w, card_h), listing, screen, near_only)
                if got is not None:
                    options.append(((got[3], -scale, got[4], cols), got[:3],
                                    scale, (card_w, card_h), spots, listing))
        if options:
            break
    if options:
        _, placed, scale, (card_w, card_h), spots, (list_w, list_h) = min(
            options, key=lambda o: o[0])
        pad = round(16 * scale)
    if placed is None:  # no room at all (not at 1280 x 720): under the card, on screen
        spots, (list_w, list_h) = _list_layout(imgs, 1)
        w, h = _big_area(0, 0, True, (card_w, card_h), (list_w, list_h)).size
        placed = (min(max(small.centerx - w // 2, BIG_GAP), screen[0] - w - BIG_GAP),
                  max(BIG_GAP, min(small.bottom + BIG_GAP, screen[1] - h - BIG_GAP)), True)
    x, y, beside = placed
    key = (tid, progress, complete, closed, scale)
    big = cache.get(key)
    if big is None:
        img = view._card_image(tid, full.w, progress, complete, closed)
        big = pygame.transform.smoothscale(
            img, (round(img.get_width() * scale), round(img.get_height() * scale)))
        if len(cache) > 24:
            cache.clear()
        cache[key] = big
    card_w, card_h = big.get_width() - 2 * pad, big.get_height() - 2 * pad
    area = _big_area(x, y, beside, (card_w, card_h), (list_w, list_h))
    if not draw:
        return area
    cx = x if beside else x + (area.w - card_w) // 2
    ring = small.inflate(6, 6)
    ends = callout(ring, pygame.Rect(cx, y, card_w, card_h))
    others = [view.card_rect(s) for s in range(ROW_SLOTS) if s != slot] + view.hint_plates
    if ends is not None and any(r.clipline(*ends) for r in others):
        ends = None  # across the other cards or the hints it reads as a line through: none
    view.enlarged_lead = ends
    if ends is not None:  # a gold lead from the card pointed at to its enlarged copy, which
        # may have to stand well away from it to keep the towers in play clear (a stranger
        # looked for it by the card)
        pygame.draw.line(surface, theme.INK, *ends, 6)
        pygame.draw.line(surface, GOLD, *ends, 3)
    surface.blit(big, (cx - pad, y - pad))
    pygame.draw.rect(surface, GOLD, ring, 2, border_radius=8)
    plate = pygame.Rect(x + card_w + 10, y + 8, list_w, list_h) if beside else \
        pygame.Rect(x + (area.w - list_w) // 2, y + card_h + 6, list_w, list_h)
    pygame.draw.rect(surface, theme.INK, plate, border_radius=10)
    pygame.draw.rect(surface, theme.LINE, plate, 1, border_radius=10)
    for img, (dx, dy) in zip(imgs, spots, strict=True):
        surface.blit(img, (plate.x + dx, plate.y + dy))
    return area


def _list_layout(imgs: list[pygame.Surface],
                 cols: int) -> tuple[list[tuple[int, int]], tuple[int, int]]:
    """Where each line of a card's block list goes on its plate (its heading first, then the
    blocks in `cols` columns, down each in turn), and the plate's size."""
    head, rest = imgs[0], imgs[1:]
    per = max(1, -(-len(rest) // cols))
    spots = [(10, 7)]
    x, widest = 10, head.get_width()
    y0 = 7 + head.get_height()
    bottom = y0
    for c in range(0, len(rest), per):
        y = y0
        column = rest[c:c + per]
        for img in column:
            spots.append((x, y))
            y += img.get_height()
        bottom = max(bottom, y)
        x += max(i.get_width() for i in column) + 16
        widest = max(widest, x - 16 - 10)
    return spots, (widest + 20, bottom + 7)


CALLOUT_MIN = 24
"""An enlarged card this close to the card being read needs no lead to it."""


def callout(small: pygame.Rect, big: pygame.Rect,
            least: int = CALLOUT_MIN) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The lead from a card's outline to its enlarged copy: from the point of each rect
    nearest the other's centre; None when they lie within `least` px (no lead needed)."""
    a = (min(max(big.centerx, small.left), small.right),
         min(max(big.centery, small.top), small.bottom))
    b = (min(max(a[0], big.left), big.right), min(max(a[1], big.top), big.bottom))
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) < least:
        return None
    return a, b


def _big_area(x: int, y: int, beside: bool, card: tuple[int, int],
              listing: tuple[int, int]) -> pygame.Rect:
    """What the enlarged card covers at (x, y): its list of blocks beside it or under it."""
    (cw, ch), (lw, lh) = card, listing
    if beside:
        return pygame.Rect(x, y, cw + 10 + lw, max(ch, lh + 8))
    w = max(cw, lw)
    return pygame.Rect(x, y, w, ch + 6 + lh)


HUD_BOTTOM = 86
"""Screen y under the seats' plates at the top (view.HUD_BOTTOM)."""
IN_PLAY_WEIGHT = 1000
"""How much worse it is for the enlarged card to hide a pixel of a pad or tower in play (or the
hand) than a pixel of the HUD or the tray."""
NEAR_WEIGHT = 8
"""Cost of each pixel the enlarged card stands away from the card being read."""
BIG_GAP = 6
"""Screen pixels between the enlarged card and what it keeps clear of (its card, the other
cards, the controls' hints, the screen's edge)."""
SLIDE_STEP = 16
"""Screen pixels between two places tried along the card being read."""
BESIDE_REACH = 64
"""How far (screen pixels) the enlarged card may stand aside of the card being read's column,
under it and off to one side (clear of the tower that card describes)."""


def in_play_areas(view: TowerView, slot: int) -> list[pygame.Rect]:
    """What the enlarged card had best not hide, on screen: every pad with a tile and the tower
    on it up to a little above its top (or the room over the pad where the first blocks go),
    every block on the table and the one in hand."""
    sc = view.scene
    v = sc.camera.view
    out = needed_areas(view, slot)
    for s in range(ROW_SLOTS):
        if sc.turn_row[s] is None:
            continue
        x0, x1 = SLOT_RANGES[s]
        (sx0, sy), (sx1, _) = v.to_screen((x0, TABLE_Y)), v.to_screen((x1, TABLE_Y))
        tower = view.tower_box(s, v)
        top = round(sy) - 70 if tower is None else min(tower.top, round(sy) - 70)
        out.append(pygame.Rect(round(sx0) - 4, top, round(sx1 - sx0) + 8, round(sy) + 14 - top))
    return out


def keep_off(view: TowerView, slot: int) -> list[pygame.Rect]:
    """What the enlarged card never covers: the card being read (the pointer is on it), the
    other cards in the row and the controls' hints (a stranger's Mega list lay over "Drag a
    block...", and the Needle's copy over the Watchtower and the Chapel)."""
    sc = view.scene
    out = [view.card_rect(slot).inflate(8, 8)]
    out += [view.card_rect(s).inflate(6, 6) for s in range(ROW_SLOTS)
            if s != slot and sc.turn_row[s] is not None]
    return out + [p.inflate(4, 4) for p in view.hint_plates]


def floor_areas(view: TowerView) -> list[pygame.Rect]:
    """The pads (each tile's slab on the table) and the tray with its names, on screen: the
    card being read never covers them (a builder reading one could not see where to build)."""
    v = view.scene.camera.view
    out = []
    for x0, x1 in SLOT_RANGES:
        (sx0, sy0) = v.to_screen((x0, TABLE_Y - PAD_ROOM))
        (sx1, sy1) = v.to_screen((x1, TABLE_Y + 3))
        out.append(pygame.Rect(round(sx0), round(sy0), round(sx1 - sx0), round(sy1 - sy0)))
    (tx0, ty0), (tx1, ty1) = (v.to_screen((x, y)) for x, y in (
        (art.TRAY_RECT.x, art.TRAY_RECT.y - 30), art.TRAY_RECT.bottomright))
    out.append(pygame.Rect(round(tx0), round(ty0), round(tx1 - tx0), round(ty1 - ty0)))
    return out


PAD_ROOM = 12.0
"""World units over the table kept clear of the card being read: a pad's slab."""


def _place_big(view: TowerView, slot: int, card: tuple[int, int], listing: tuple[int, int],
               screen: tuple[int, int],
               near_only: bool = True) -> tuple[int, int, bool, int, float] | None:
    """Where the enlarged card goes (x, y, list beside it or under it; then the pixels it hides
    of the pads and towers in play, and its cost): next to the card being
    read, under it (or over it, where there is room), across its column or just aside of it
    (clear of the tower the card describes, where that is the way), pushed down
    past whatever of the other cards and the controls' hints lies in the way, clamped on
    screen; of those places the one hiding the least of the pads and towers in play, then the
    nearest. Never over a pad or the tray (`floor_areas`): where no place by the card is clear
    of them (`near_only` False), anywhere on screen that is; None where none is at all. A
    stranger's copy of the Needle (far left) stood at the far right, over two other cards:
    placed by the least hidden anywhere on screen, it went where the towers were fewest. Kept
    while none of that moves (each size tried is kept apart)."""
    hard = in_play_areas(view, slot)
    off = keep_off(view, slot) + [f.inflate(BIG_GAP, BIG_GAP) for f in floor_areas(view)]
    own = view.tower_box(slot, view.scene.camera.view)  # the tower the card describes
    off += [] if own is None else [own]
    small = view.card_rect(slot)
    # Kept while what it keeps clear of stays within the same 16 pixels (a die's knock moves
    # a tower a little every frame).
    key = (slot, card, listing, screen, small.center, near_only,
           tuple((r.x // 16, r.y // 16, r.w // 16, r.h // 16) for r in hard + off))
    if key in _PLACES:
        return _PLACES[key]
    sw, sh = screen
    best: tuple[float, int, int, bool, int] | None = None
    for beside in (True, False):
        w, h = _big_area(0, 0, beside, card, listing).size
        lo = max(BIG_GAP, small.left - w - BESIDE_REACH) if near_only else BIG_GAP
        hi = min(sw - w - BIG_GAP, small.right + BESIDE_REACH) if near_only else \
            sw - w - BIG_GAP
        centred = min(max(small.centerx - w // 2, BIG_GAP), sw - w - BIG_GAP)
        xs = {centred, *range(lo, hi + 1, SLIDE_STEP)} if lo <= hi else {centred}
        for x in sorted(xs):
            for y in (_clear_y(x, w, h, small.bottom + BIG_GAP, 1, off, sh),
                      _clear_y(x, w, h, small.top - BIG_GAP - h, -1, off, sh),
                      _clear_y(x, w, h, HUD_BOTTOM + BIG_GAP, 1, off, sh)):
                if y is None:
                    continue
                area = pygame.Rect(x, y, w, h)
                hidden = sum(c.w * c.h for i in area.collidelistall(hard)
                             for c in [area.clip(hard[i])])
                near = abs(area.centerx - small.centerx) + (
                    y - small.bottom if y >= small.bottom else max(0, small.top - area.bottom))
                cost = IN_PLAY_WEIGHT * hidden + NEAR_WEIGHT * near + (0 if beside else 1)
                if best is None or cost < best[0]:
                    best = (cost, x, y, beside, hidden)
    got: tuple[int, int, bool, int, float] | None = None if best is None else (
        best[1], best[2], best[3], best[4], best[0])
    if len(_PLACES) > 128:
        _PLACES.clear()
    _PLACES[key] = got
    return got


def _clear_y(x: int, w: int, h: int, y: int, step: int, off: list[pygame.Rect],
             screen_h: int) -> int | None:
    """The first y from `y` going down (`step` 1) or up (-1) where a w x h area at x covers
    none of `off` and lies on screen; None when there is none."""
    while BIG_GAP <= y <= screen_h - h - BIG_GAP:
        area = pygame.Rect(x, y, w, h)
        hit = [off[i] for i in area.collidelistall(off)]
        if not hit:
            return y
        y = max(r.bottom for r in hit) + BIG_GAP if step > 0 else \
            min(r.top for r in hit) - BIG_GAP - h
    return None


_PLACES: dict[tuple[object, ...], tuple[int, int, bool, int, float] | None] = {}
"""Where each enlarged card was put, by what it had to keep clear of."""
