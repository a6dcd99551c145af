"""Drawing the Kaboom! Explosive table: felt, seat zones with their walls, characters and badges,
the piles, the chain on the stage with its arrows, the hand fan, the decision's targets and
panels (the endgame picker, the Twist of Fate), the HUD and the end-of-game summary.

The view only reads the scene (its state, presenter and controls) and keeps nothing but caches.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.app.input import MOUSE
from game.app.menus.matchend import BAR_H as END_BAR_H
from game.core.voice import count
from game.games.blast import art, hud
from game.games.blast import words as W
from game.games.blast.controls import (
    PICK_H,
    PICK_W,
    PICKER_HEAD,
    arrange_headers,
    arrange_rects,
    arrange_slots,
    chosen_places,
    picker_rects,
)
from game.games.blast.data import (
    CARDS,
    ENDGAME_CARDS,
    FIRESTORM,
    FORCE_FIELD,
    PALISADE,
    WALLS,
)
from game.games.blast.layout import (
    ARROW_HEAD,
    CENTRE,
    DRAG_SLOP,
    FELT,
    HINT_H,
    LOG_RECT,
    LOG_TALL,
    MINI_H,
    MINI_W,
    NOTE_H,
    PILE_H,
    PILE_W,
    PREVIEW,
    PREVIEW_SIZES,
    READING,
    SCREEN,
    SIDEBAR,
    STACK_OFFSET,
    TABLE,
    TOKEN,
    ZONE_W,
    WallSlot,
    look_size,
    preview_rect,
    wall_tip,
)
from game.games.blast.rules import Phase, strongest_hit
from game.games.blast.rules.events import (
    Answered,
    Destroyed,
    Eliminated,
    EndgameCard,
    ForceFieldDestroyed,
    Played,
    Sabotaged,
)
from game.tabletop.arrow import bezier, clear_progress, control_point, draw_arrow
from game.tabletop.effects import SCALE_STEPS, scaled
from game.tabletop.movelog import MoveLog, marker_indent, row_height
from game.tabletop.placement import clear_place
from game.tabletop.sprites import CardSprite
from game.tabletop.table import draw_turn_glow, felt_table
from game.tabletop.targets import Target, draw_button
from game.ui import text, theme
from game.ui.draw import lerp_colour, seat_shape

if TYPE_CHECKING:
    from game.games.blast.rules.state import MatchState
    from game.games.blast.scene import BlastScene

INFO_H = 142
END_BAR_TOP = SCREEN[1] - 8 - END_BAR_H
"""Where the match's end bar (game.app.menus.matchend) begins."""


def label_place(words: str, under: pygame.Rect, cards: list[pygame.Rect],
                panels: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a focused target's name stands: under the target `under`, inside the felt, clear
    of the hand's `cards` (in larger text "palisade" lay on the Pipe Bomb's title and ran off
    the felt's left edge) and below the edge of the seat's panel holding it (`panels`: a
    stranger's "palisade" lay across the panel's border). Too close to the hand, it rises
    onto the target's lower half, on a dark tag; with no room there, it stands over the
    target."""
    w, h = text.render(words, 16, theme.SPARK, True, True).get_size()
    at = pygame.Rect(0, 0, w, h)
    felt = FELT.inflate(-16, -8)
    top = under.bottom + 2
    own = next((p for p in panels if p.colliderect(under)), None)
    if own is not None:
        top = max(top, own.bottom + 4)  # clear of the border (drawn 2 px wide)
    at.midtop = (under.centerx, top)
    if own is not None and any(p.colliderect(at) for p in panels if p is not own):
        at.bottom = own.bottom - 4  # another panel under it: inside its own, on the wall's
        # foot (on its dark tag), still clear of the border
    at.clamp_ip(pygame.Rect(felt.x, at.y, felt.w, at.h))
    near = [c.inflate(4, 4) for c in cards]
    hits = [c for c in near if c.colliderect(at)]
    if hits:
        at.bottom = min(c.top for c in hits) - 2
        if at.top < under.centery or at.collidelist(near) >= 0:
            at.midbottom = (under.centerx, under.top - 2)
            at.clamp_ip(felt)
    return at


def spaced_count(n: int, word: str) -> str:
    """`count`, its figure and word one ordinary space apart that does not break, so the two
    stay on one line (an en space there read as a doubled one to a stranger: "1  elimination
    in 21  rounds")."""
    return count(n, word).replace(" ", "\u00a0", 1)


def label_clear(words: str, under: pygame.Rect, cards: list[pygame.Rect],
                panels: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
    """`label_place`, or None when even there it would lie on a card of the hand (a
    stranger's "iron wall" sat on the lifted card's title): the hand is never covered."""
    at = label_place(words, under, cards, panels)
    return None if at.collidelist(cards) >= 0 else at


def card_bounds(card: CardSprite) -> pygame.Rect:
    """The screen box a hand card covers, tilted in the fan and lifted as it is now."""
    r = card.rect()
    a = math.radians(card.angle)
    c, s = abs(math.cos(a)), abs(math.sin(a))
    box = pygame.Rect(0, 0, math.ceil(r.w * c + r.h * s), math.ceil(r.w * s + r.h * c))
    box.center = r.center
    return box


PICK_BADGE_R = 11
"""The radius of a Twist of Fate's pick number, hung from the card's foot."""


def edge_tag_rect(card: pygame.Rect, frame: int, size: tuple[int, int]) -> pygame.Rect:
    """Where a card's tag (TRADE, a pick's number) goes: hanging from the middle of its foot,
    over no more of the card than its frame (the picture, the name and the rule line clear)."""
    r = pygame.Rect((0, 0), size)
    r.midtop = (card.centerx, card.bottom - frame)
    return r


@lru_cache(maxsize=8)
def _dim(w: int, h: int, alpha: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((10, 14, 24, alpha))
    return s


@lru_cache(maxsize=64)
def card_mark(w: int, h: int, angle: int, playable: bool) -> pygame.Surface:
    """A hand card's mark at one tilt: a glowing rim round a card that can be played now, a
    dark veil over one that cannot (rotated as the card is, so it lies on it exactly)."""
    pad = 8
    s = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    r = pygame.Rect(pad, pad, w, h)
    radius = max(6, w // 9)
    if playable:
        for grow, alpha in ((7, 60), (5, 110), (3, 200)):
            pygame.draw.rect(s, (*theme.SPARK, alpha), r.inflate(grow * 2 - 2, grow * 2 - 2),
                             3, border_radius=radius + grow)
    else:
        pygame.draw.rect(s, (12, 16, 26, 150), r, border_radius=radius)
    return pygame.transform.rotate(s, angle) if angle else s


@lru_cache(maxsize=32)
def greyed(img: pygame.Surface) -> pygame.Surface:
    """A hand card's image in grey: how a card that cannot be played now is drawn, under its
    veil (kept per image: the sprites' images are cached, so each is greyed once)."""
    return pygame.transform.grayscale(img)


AIM_BOW = 0.12
"""The bow of the arrow from a seat to the target it is choosing."""


def link_bow(i: int) -> float:
    """The bow of the chain's `i`-th link (turning one way, then the other)."""
    return 0.16 if i % 2 == 0 else -0.08


def arrow_reach(start: tuple[float, float], end: tuple[float, float],
                plate: pygame.Rect | None, bow: float, width: float) -> float:
    """How far an arrow runs: all the way, unless its head would cover the target's name
    plate; then it stops just short of the plate, the name readable (a stranger's arrow head
    hid the name of the seat it aimed at)."""
    if plate is None:
        return 1.0
    return _reach(start, end, (plate.x, plate.y, plate.w, plate.h), bow, width)


@lru_cache(maxsize=64)
def _reach(start: tuple[float, float], end: tuple[float, float],
           plate: tuple[int, int, int, int], bow: float, width: float) -> float:
    return clear_progress(start, end, [pygame.Rect(plate)], bow=bow, width=width,
                          head=ARROW_HEAD)


class TableView:
    """Draws one scene's table, back to front, every frame."""

    def __init__(self, scene: BlastScene) -> None:
        self.scene = scene
        self._labels_over: list[tuple[str, pygame.Rect]] = []
        """A focused target's name and where, drawn over the hand after it."""
        self.marks: list[tuple[str, tuple[float, float]]] = []
        """The seat shapes drawn on the chain's arrows this frame (colour-blind palette)."""
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[object, ...] | None = None
        self._seat_keys: tuple[object, ...] = ()
        self._summary_memo: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._note_spot: tuple[tuple[object, ...], pygame.Rect] | None = None
        """The seat note's place moved clear of the bubbles, for the place it was given."""

    def token_count(self, seat: int) -> int:
        """Characters and badges at the end of a seat's walls row."""
        return len(self.tokens(seat))

    def tokens(self, seat: int) -> list[pygame.Surface]:
        sv = self.scene.presenter.seats[seat]
        out = [art.character_token(c, TOKEN) for c in sv.characters]
        if sv.diplomacy:
            out.append(art.status_badge("diplomacy", TOKEN))
        if sv.skip_next:
            out.append(art.status_badge("epidemic", TOKEN))
        if not sv.alive:
            out.append(art.status_badge("eliminated", TOKEN))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        t = sc.clock
        surface.blit(self._table_layer(), (0, 0))
        off = sc.presenter.effects.offset()
        self._zones_live(surface, t)
        self._piles(surface)
        self._arrows(surface, newest=False)
        self._stage(surface, off)
        self._arrows(surface, newest=True)
        self._flying(surface, off)
        self._panels(surface)
        self._labels_over = []
        self._targets(surface, t)
        self._fan(surface, off)
        for words, under in self._labels_over:  # a focused target's name, over the hand
            at = label_clear(words, under, [card_bounds(s) for s in sc.presenter.fan],
                             [z.rect for z in sc.layout.zones])
            if at is None:  # no room off the hand: the preview names it
                continue
            pygame.draw.rect(surface, theme.INK, at.inflate(10, 0), border_radius=8)
            text.blit(surface, words, 16, theme.SPARK, at.center, "center", bold=True,
                      shadow=True)
        self._dragged(surface)
        sc.presenter.effects.draw(surface, off)
        self._note(surface)
        self._bubble(surface)
        self._banner(surface)
        self._headline(surface)
        shown = None if sc.finished or sc.curtain is not None else self._previewed()
        if shown is not None and shown[0] in WALLS:  # what its bricks say, in words
            shown = (shown[0], wall_note(shown[0], shown[1]), shown[2])
        note = note_layout(shown[1] if shown is not None else "")
        need = newest_rows(sc.presenter.log, LOG_RECT.w, 14)
        card, box = self._reading(note, need) if shown is not None \
            else (PREVIEW, reading_box(note))
        # a preview covers the facts; the log over it keeps one height whatever is pointed
        # at (a note of up to four lines fits under it: `preview_log_bottom`), and room for
        # its newest entry whole (larger text cut one with "...")
        self._sidebar(surface, facts=shown is None,
                      log_bottom=min(log_foot(need), box.y - 6))
        if shown is not None:  # the facts: not drawn
            self._preview(surface, shown, note, box, card)
        if sc.finished and not sc.presenter.busy:
            self._summary(surface)  # its title says who won; the end bar covers the prompt's
        else:  # place, so the prompt is not drawn under it
            self._prompt(surface)
        self._buttons(surface, t)

    # ------------------------------------------------------------------ the table

    def _table_layer(self) -> pygame.Surface:
        """The felt with every seat's zone, plate, walls and tokens, drawn again only when one
        of them changes (a frame blits it once instead of some fifty pieces)."""
        sc = self.scene
        pr = sc.presenter
        base = (sc.layout.home, text.scale(), tuple(sc.colours))
        seats = tuple((tuple(v.walls), tuple(v.characters), v.diplomacy, v.alive, v.skip_next,
                       any(c.seat == i for c in pr.crumbles))
                      for i, v in enumerate(pr.seats))
        felt = felt_table(SCREEN, (TABLE.x, TABLE.y, TABLE.w, TABLE.h))
        if base != self._layer_key or self._layer is None:
            layer = felt.copy()
            self._zones(layer)
            self._layer = layer.convert() if pygame.display.get_surface() else layer
            self._layer_key = base
            self._seat_keys = seats
        elif seats != self._seat_keys:
            # only the seats that changed: their patch of felt again, then their zone
            for seat, (old, new) in enumerate(zip(self._seat_keys, seats, strict=True)):
                if old != new:
                    patch = self.zone_patch(seat)
                    self._layer.blit(felt, patch, patch)
                    self._zones(self._layer, (seat,))
            self._seat_keys = seats
        return self._layer

    def zone_patch(self, seat: int) -> pygame.Rect:
        """The part of the table a seat's zone covers (its panel, shadow and walls)."""
        return self.scene.layout.zone(seat).rect.inflate(16, 16).clip(TABLE)

    def _zones_live(self, surface: pygame.Surface, t: float) -> None:
        """What moves on the zones: the turn's glow, a hit's flash, walls crumbling."""
        sc = self.scene
        pr = sc.presenter
        for seat in range(sc.state.options.players):
            z = sc.layout.zone(seat)
            self._plate(surface, seat)
            if pr.turn == seat and not sc.finished:
                draw_turn_glow(surface, z.rect, sc.colours[seat], t, sc.app.reduced_motion,
                               grow=2, radius=14)
            if seat in pr.marks:
                pygame.draw.rect(surface, theme.BLAST, z.rect.inflate(6, 6), 4,
                                 border_radius=16)
        clip = surface.get_clip()
        for c in pr.crumbles:
            k = min(1.0, c.t / 0.45)
            damage = round(k * 4) / 4
            sink = max(0.0, c.t - 0.45) * 70
            if c.t < c.life - 0.05:
                # it sinks into its own place and fades there: drawn past it, the falling
                # wall hid its neighbours and the "No walls left!" under it
                piece = art.wall_piece(c.wall, c.rect.w, c.rect.h, damage).copy()
                piece.set_alpha(round(255 * (1.0 - max(0.0, c.t - 0.45) / (c.life - 0.45))))
                surface.set_clip(c.rect.clip(clip) if clip else c.rect)
                surface.blit(piece, c.rect.move(0, round(sink)))
                surface.set_clip(clip)
        for seat in range(sc.state.options.players):
            at = self.no_walls_rect(seat)
            if at is not None:
                text.blit(surface, hud.NO_WALLS, hud.NO_WALLS_PX, theme.BLAST, at.midleft,
                          "midleft", bold=True)

    def no_walls_rect(self, seat: int) -> pygame.Rect | None:
        """Where a seat's "No walls left!" shows now, or None: at the left of its row, past a
        wall still crumbling there, and only where it clears that wall and every burst (a
        stranger read it over the ruined wall and under the BOOM: it waits for them)."""
        sc = self.scene
        pr = sc.presenter
        sv = pr.seats[seat]
        if sv.walls or not sv.alive or not pr.walls_up:
            return None
        row = sc.layout.zone(seat).row
        falling = [c.rect.inflate(4, 4) for c in pr.crumbles if c.seat == seat]
        at = text.render(hud.NO_WALLS, hud.NO_WALLS_PX, theme.BLAST, True).get_rect()
        at.midleft = (max([row.x, *(r.right for r in falling)]) + 8, row.centery)
        if at.collidelist(falling) >= 0 or at.collidelist(self.burst_rects()) >= 0:
            return None
        return at

    def burst_rects(self) -> list[pygame.Rect]:
        """Where each burst on the table ("BOOM!", "OUT!") may reach at its largest."""
        out = []
        for b in self.scene.presenter.effects.bursts:
            img = scaled((b.label, b.width, b.fill, b.edge, theme.CREAM), SCALE_STEPS + 1)
            out.append(img.get_rect(center=(round(b.pos[0]), round(b.pos[1]))).inflate(8, 8))
        return out

    def _plate(self, surface: pygame.Surface, seat: int) -> None:
        """A seat's name plate: its name, what plays it and its hand's count."""
        sc = self.scene
        sv = sc.presenter.seats[seat]
        sub = sc.seat_label(seat)
        if not sv.alive:
            sub = "Out" if sc.finished or sc.state.is_terminal() else "Out: picks endgame cards"
        surface.blit(hud.plate_surface(sc.names[seat], sub, sc.colours[seat], sc.shapes[seat],
                                       sv.hand, sc.layout.zone(seat).rect.w, sv.alive),
                     sc.layout.zone(seat).plate.topleft)

    def _zones(self, surface: pygame.Surface, only: tuple[int, ...] | None = None) -> None:
        sc = self.scene
        pr = sc.presenter
        for seat in range(sc.state.options.players) if only is None else only:
            z = sc.layout.zone(seat)
            sv = pr.seats[seat]
            surface.blit(hud.zone_surface(z.rect.w, z.rect.h, sc.colours[seat], sv.alive),
                         (z.rect.x - 8, z.rect.y - 8))
            for slot in sc.layout.wall_slots(seat, len(sv.walls), self.token_count(seat),
                                             sv.walls):
                draw_wall_slot(surface, sv.walls[slot.first], slot)
            # "No walls left!": drawn live, clear of the debris and bursts (`_zones_live`)
            for img, r in zip(self.tokens(seat), sc.layout.token_rects(seat,
                                                                        self.token_count(seat)),
                              strict=True):
                surface.blit(img, r)

    def _piles(self, surface: pygame.Surface) -> None:
        sc = self.scene
        pr = sc.presenter
        lay = sc.layout
        for pos, label in ((lay.supply_pos, f"{pr.supply}"), (lay.discard_pos, "")):
            r = pygame.Rect(0, 0, PILE_W, PILE_H)
            r.center = (round(pos[0]), round(pos[1]))
            if pos == lay.supply_pos:
                if pr.supply:
                    surface.blit(art.card_back(PILE_W, PILE_H), r)
                else:
                    pygame.draw.rect(surface, theme.FELT_DARK, r, 2, border_radius=8)
            elif pr.discard_top is not None:
                surface.blit(art.card_face(pr.discard_top, PILE_W, PILE_H), r)
            else:
                pygame.draw.rect(surface, theme.FELT_DARK, r, 2, border_radius=8)
            caption = label or "discard"
            text.blit(surface, caption, 12, theme.MUTED,
                      (r.centerx, r.bottom + 3), "midtop", bold=bool(label))

    def _arrows(self, surface: pygame.Surface, newest: bool) -> None:
        """The chain's links: older ones thin under the stage's cards, the newest over them,
        with the arrow of a target being chosen."""
        sc = self.scene
        pr = sc.presenter
        links = pr.chain
        if not newest:
            self.marks = []
        for i, link in enumerate(links):
            if (i == len(links) - 1) != newest:
                continue
            start = sc.layout.zone(link.source).source
            colour = sc.colours[link.source] if newest else lerp_colour(
                sc.colours[link.source], theme.FELT_DARK, 0.5)
            progress = 1.0 if sc.app.reduced_motion else min(1.0, link.t / 0.35)
            ends = self.link_ends(link.target, link.walls, link.card, start, link.power)
            plate = sc.layout.zone(link.target).plate if 0 <= link.target < len(
                sc.layout.zones) else None
            for end in ends:  # one arrow to each wall the card hits (a Firestorm's palisades)
                width = (16 if newest else 9) if len(ends) == 1 else (12 if newest else 7)
                reach = arrow_reach(start, end, plate, link_bow(i), width)
                draw_arrow(surface, start, end, colour, bow=link_bow(i), width=width,
                           progress=min(progress, reach), head=ARROW_HEAD)
                if sc.app.colourblind and min(progress, reach) >= 0.5:
                    # whose arrow it is by shape too, on its shaft (crossing arrows of two
                    # seats told apart by colour alone under the colour-blind palette)
                    shape = sc.shapes[link.source]
                    self.marks.append((shape, arrow_mark(start, end, link_bow(i))))
                    seat_shape(surface, shape, self.marks[-1][1], 9 if newest else 8, colour)
                if plate is not None and end[1] > plate.bottom:  # at a wall under the plate:
                    self._plate(surface, link.target)  # the shaft passes behind the name
        seat = sc.decider()
        if seat is None or not newest:
            return
        key = sc.cursor.hover_key if sc.device_in_use(seat) == MOUSE else sc.cursor.focus_key
        target = sc.table_controls.pick.target  # chosen already: walls, mode or a dig
        if key is not None and key.startswith(("seat:", "wall:")):
            target = int(key.split(":")[1])
        if 0 <= target != seat:
            start = sc.layout.zone(seat).anchor
            ends = self.link_ends(target, (), sc.table_controls.pick.card, start)
            parts = key.split(":") if key is not None else []
            if len(parts) == 3 and parts[0] == "wall" and cursor_target(sc, key) is not None:
                rects = sc.wall_rects(target)  # aimed at the very wall pointed at
                if int(parts[2]) < len(rects):
                    ends = [wall_tip(rects[int(parts[2])], start)]
            for end in ends:
                width = 14 if len(ends) == 1 else 10
                plate = sc.layout.zone(target).plate
                draw_arrow(surface, start, end, sc.colours[seat], bow=AIM_BOW, width=width,
                           progress=arrow_reach(start, end, plate, AIM_BOW, width),
                           head=ARROW_HEAD)
                if end[1] > plate.bottom:  # the shaft passes behind the target's name
                    self._plate(surface, target)

    def link_ends(self, target: int, walls: tuple[str, ...], card: str = "",
                  start: tuple[float, float] = CENTRE, power: int = 0
                  ) -> list[tuple[float, float]]:
        """Where a chain link's arrows end: at each wall it hits, as that wall stands in the
        target's row (a stranger's arrow at Ben's left palisade ended on his iron wall; a
        Firestorm's, which burns every palisade, ended in the zone's middle), else at the
        target's zone. An explosive that names no wall (sent on by an Oops or a Backfire)
        at `power` ends at the walls the rules will break: the strongest it can (a stranger's
        Oops arrow pointed at another wall than the one that fell)."""
        sc = self.scene
        seats = sc.presenter.seats
        seat = seats[target] if 0 <= target < len(seats) else None
        anchor = sc.layout.zone(target).anchor
        if seat is None:
            return [anchor]
        if card == FIRESTORM:
            at = [i for i, w in enumerate(seat.walls) if w == PALISADE]
        elif not walls and power > 0 and card in CARDS and CARDS[card].is_explosive:
            if FORCE_FIELD in seat.walls:
                return [anchor]  # stopped by the field: no wall falls
            hit = tuple(strongest_hit(list(seat.walls), power))
            return self.link_ends(target, hit, card, start) if hit else [anchor]
        else:
            at = []
            for w in walls:  # each named wall once, left to right (two palisades: two places)
                i = next((k for k, v in enumerate(seat.walls) if v == w and k not in at), None)
                if i is None:
                    return [anchor]
                at.append(i)
        rects = sc.wall_rects(target)
        if not at or any(i >= len(rects) for i in at):
            return [anchor]
        return [wall_tip(rects[i], start) for i in at]

    def _stage(self, surface: pygame.Surface, off: tuple[float, float]) -> None:
        pr = self.scene.presenter
        for s in pr.stage:
            s.draw(surface, off)
        if pr.inspected:  # a Weapons Inspector's look, on its inspector's screen only, on a
            first, last = pr.inspected[0], pr.inspected[-1]  # dark tray over the piles
            tray = pygame.Rect(0, 0, round(last.x - first.x) + first.w + 24, first.h + 20)
            tray.center = (round((first.x + last.x) / 2), round(first.y))
            pygame.draw.rect(surface, theme.INK_2, tray, border_radius=12)
            pygame.draw.rect(surface, theme.SPARK, tray, 2, border_radius=12)
            for s in pr.inspected:
                s.draw(surface, off)

    def _flying(self, surface: pygame.Surface, off: tuple[float, float]) -> None:
        """The cards in flight: over the seats' name plates, which an arrow's shaft redraws
        over itself (a stranger saw a flying card pass under an opponent's panel header)."""
        for s in sorted(self.scene.presenter.flying, key=lambda s: s.lift):
            s.draw(surface, off)

    def _fan(self, surface: pygame.Surface, off: tuple[float, float]) -> None:
        sc = self.scene
        pr = sc.presenter
        picked = set(sc.table_controls.pick.picked) \
            if sc.table_controls.pick.stage == "trade" else set()
        tc = sc.table_controls
        decider = sc.decider()
        marking = decider is not None and pr.viewer == decider and not sc.finished
        tags: list[tuple[pygame.Rect, int]] = []
        ranks = self._hand_ranks()
        for i, s in enumerate(pr.fan):
            s.badge = ranks.get(s.code, "")
            if marking and not s.moves and s.showing_face and s.visible \
                    and i in tc.unplayable:  # in grey: a blue defence that cannot answer
                # read as playable under the veil alone (a stranger's Guard against TNT)
                img = greyed(s.image())
                surface.blit(img, img.get_rect(center=(round(s.x + off[0]),
                                                       round(s.y + off[1] - s.lift))))
            else:
                s.draw(surface, off)
            if marking and not s.moves and s.showing_face \
                    and (i in tc.playable or i in tc.unplayable):
                img = card_mark(round(s.w), round(s.h), round(s.angle / 3) * 3, i in tc.playable)
                surface.blit(img, img.get_rect(center=(round(s.x + off[0]),
                                                       round(s.y + off[1] - s.lift))))
            if i in picked:
                r = s.rect()
                pygame.draw.rect(surface, theme.SPARK, r.inflate(8, 8), 4, border_radius=10)
                tags.append((r, art.face_layout(s.code, round(s.w), round(s.h)).frame))
        for r, frame in tags:  # over every card (the next one overlaps), hanging from the
            # card's foot, clear of its picture, name and rule line (a stranger's TRADE tags
            # covered the pictures), and of the buttons above the fan
            tag = hud.tag_surface("TRADE", theme.FUSE)
            surface.blit(tag, edge_tag_rect(r, frame, tag.get_size()))
        seat = sc.decider()
        focus = sc.cursor.focused()
        if seat is not None and sc.device_in_use(seat) != MOUSE and focus is not None \
                and focus.key.startswith("hand:"):
            i = int(focus.key.split(":")[1])
            if i < len(pr.fan):
                k = 0.5 if sc.app.reduced_motion else (1 + math.sin(sc.clock * 6)) / 2
                r = pr.fan[i].rect().inflate(8 + round(4 * k), 8 + round(4 * k))
                pygame.draw.rect(surface, theme.SPARK, r, 4, border_radius=12)
        self._field_line(surface)
        eyes = self.eyes_only_rect()
        if eyes is not None:
            surface.blit(self._eyes_only_img(), eyes)

    def _eyes_only_img(self) -> pygame.Surface:
        home = self.scene.layout.home
        return hud.caption_surface(f"For {self.scene.voice.poss(home)} eyes only",
                                   self.scene.colours[home])

    def eyes_only_rect(self) -> pygame.Rect | None:
        """Where "For Ben's eyes only" shows now (a couch seat's hand up), or None."""
        sc = self.scene
        pr = sc.presenter
        if pr.viewer is None or pr.viewer != sc.layout.home or not sc.couch() or not pr.fan \
                or self.aiming():
            return None
        return self.eyes_only_at(self._eyes_only_img().get_size())

    def eyes_only_at(self, size: tuple[int, int]) -> pygame.Rect:
        """Where "For Ben's eyes only" goes: at the owner's own panel (above it, or below it
        when it sits at the felt's top), never over another seat's (the seats keep their
        places on a couch, so the bottom panel was Ana's while Ben's hand showed)."""
        lay = self.scene.layout
        z = lay.zone(lay.home).rect
        others = [o.rect for s, o in enumerate(lay.zones) if s != lay.home]
        room = FELT.inflate(-16, -16)
        tries = [pygame.Rect((0, 0), size) for _ in range(3)]
        tries[0].midbottom = (z.centerx, z.y - 8)  # above it
        tries[1].topleft = (z.right + 8, z.y)  # beside it (a side seat sits above it)
        tries[2].midtop = (z.centerx, z.bottom + 8)  # below it (it sits at the top)
        for at in tries:
            if room.contains(at) and at.collidelist(others) < 0:
                return at
        tries[0].clamp_ip(room)
        return tries[0]

    def _note(self, surface: pygame.Surface) -> None:
        """A seat's short note on its panel, fading in its last half second."""
        sc = self.scene
        note = sc.note
        at = self.note_rect()
        if note is None or at is None:
            return
        img = hud.note_surface(note.words, note.width)
        left = hud.NOTE_LIFE_S - (sc.clock - note.born)
        if left < 0.5:
            img = img.copy()
            img.set_alpha(round(255 * max(0.0, left) / 0.5))
        surface.blit(img, at)

    def note_rect(self) -> pygame.Rect | None:
        """Where the seat's note shows now (None: no note): where it was placed, else the
        nearest place clear of the bubble and "For Ben's eyes only" (session 43: after a couch
        hand-over "While you waited", "Nothing in your hand answers..." and "For Cleo's eyes
        only" sat on top of one another by one panel)."""
        sc = self.scene
        note = sc.note
        if note is None or not note.alive(sc.clock):
            return None
        size = hud.note_surface(note.words, note.width).get_size()
        r = pygame.Rect((0, 0), size)
        r.center = (round(note.centre[0]), round(note.centre[1]))
        busy = [b.inflate(8, 8) for b in (self.eyes_only_rect(), self.bubble_rect())
                if b is not None]
        if r.collidelist(busy) < 0:
            return r
        key = (note.born, r.topleft, tuple(tuple(b) for b in busy))
        if self._note_spot is not None and self._note_spot[0] == key:
            return self._note_spot[1]
        at = clear_place(size, [(r.center, "center")], busy + sc.layout.keep_clear(),
                         FELT.inflate(-16, -16)) \
            or clear_place(size, [(r.center, "center")], busy, FELT.inflate(-16, -16)) or r
        self._note_spot = (key, at)
        return at

    def aiming(self) -> bool:
        """A card is lifted and aimed at a player or a wall (keys or mouse): the bubbles
        ("While you waited", "For Ben's eyes only") stand aside until it is played or put
        back (a stranger's aiming arrow ran through them)."""
        return self.scene.table_controls.pick.stage in ("target", "walls")

    def bubble_shown(self) -> bool:
        """Whether the presenter's bubble is drawn now."""
        if self.scene.presenter.bubble is None or self.aiming():
            return False
        # (an old "While you waited" peeked out from behind the results)
        return not (self.scene.finished and not self.scene.presenter.busy)

    def _bubble_img(self, words: str, seat: int) -> pygame.Surface:
        # a long one (a turn's "While you waited: ...") wrapped to the seat's zone
        zone_w = self.scene.layout.zone(seat).rect.w
        wide = text.render(words, hud.NOTE_PX, theme.CREAM, True).get_width() + 32 > zone_w
        return hud.note_surface(words, max(zone_w, 300) if wide else 0)

    def bubble_rect(self) -> pygame.Rect | None:
        """Where the presenter's bubble shows now, or None."""
        bubble = self.scene.presenter.bubble
        if bubble is None or not self.bubble_shown():
            return None
        words, seat, _ = bubble
        return self.bubble_at(seat, self._bubble_img(words, seat).get_size())

    def _bubble(self, surface: pygame.Surface) -> None:
        """The presenter's bubble at a seat (an idle Underminer), fading in its last half
        second."""
        bubble = self.scene.presenter.bubble
        if bubble is None or not self.bubble_shown():
            return
        words, seat, left = bubble
        img = self._bubble_img(words, seat)
        if left < 0.5:
            img = img.copy()
            img.set_alpha(round(255 * max(0.0, left) / 0.5))
        surface.blit(img, self.bubble_at(seat, img.get_size()))

    def bubble_at(self, seat: int, size: tuple[int, int]) -> pygame.Rect:
        """Near what the bubble speaks for (the Underminer's token): under his zone, else over
        it, else beside it, on no seat's name plate nor the home hand (over the token it sat
        on his plate's hand count), and where it can on no other seat's zone."""
        lay = self.scene.layout
        anchor = self.scene.presenter.bubble_anchor(seat)
        z = lay.zone(seat)
        zone = z.rect
        w = size[0]
        x = min(max(anchor.centerx, zone.x + w // 2), zone.right - w // 2) \
            if w <= zone.w else zone.centerx
        side = (zone.x - 6, zone.centery, "midright") if z.side == "right" else (
            zone.right + 6, zone.centery, "midleft")
        spots = [((x, zone.bottom + 4), "midtop"), ((x, zone.y - 4), "midbottom"),
                 ((side[0], side[1]), side[2])]
        # then the open felt round it, when all three lie on another seat's zone (a
        # stranger's "While you waited" covered Ben's whole wall row, the felt empty beside)
        spots += [((zone.right + 6, zone.y), "topleft"), ((zone.x - 6, zone.y), "topright"),
                  ((zone.centerx, zone.y - 4), "midbottom")]
        spots += [((FELT.centerx + dx, FELT.centery + dy), "center")
                  for dy in (-60, 40, -140, 120) for dx in (0, -200, 200)]
        others = [o.rect for s, o in enumerate(lay.zones) if s != seat]
        keep = lay.keep_clear() + [zone, lay.piles_rect()]
        # off the decision's buttons (a five-seat "While you waited" lay under Trade / Pass)
        keep += [t.rect.inflate(8, 8) for t in self.scene.cursor.targets if t.kind == "button"]
        banner = self.scene.presenter.banner  # and off the banner by the piles
        if banner is not None:
            img = hud.banner_surface(banner[0], banner[1], 330)
            place = banner_place(self.scene, img.get_size())
            if place is not None:
                keep.append(pygame.Rect(place, img.get_size()).inflate(8, 8))
        eyes = self.eyes_only_rect()  # and off "For Ben's eyes only" (a stranger's recap
        if eyes is not None:  # covered it, four times)
            keep.append(eyes.inflate(8, 8))
        room = FELT.inflate(-16, -16)
        # the home seat's own words (its recap) may go anywhere on the open felt rather than
        # over another seat's walls; another seat's (an Underminer's) stay by that seat
        at = clear_place(size, spots, keep + others, room, search=True) \
            if seat == lay.home else None
        at = at or clear_place(size, spots, keep, room, prefer_off=others)
        if at is None:
            at = pygame.Rect((0, 0), size)
            at.midbottom = (x, zone.y - 4)
            at.clamp_ip(FELT.inflate(-16, -16))
        return at

    def _field_line(self, surface: pygame.Surface) -> None:
        """Over the hand, on a panel: whose Force Field dims every explosive in it and what
        still works (`TableControls.field_line`)."""
        sc = self.scene
        line = sc.table_controls.field_line()
        if line is None or sc.presenter.busy:
            return
        img = hud.caption_surface(line, theme.SKY)
        room = self.field_line_room()
        if img.get_width() > room.w and ". " in line:  # two sentences: one over the other
            first, rest = line.split(". ", 1)
            top_img = hud.caption_surface(first + ".", theme.SKY)
            img = hud.caption_surface(rest, theme.SKY)
            at = self.field_line_at(img.get_size())
            up = top_img.get_rect(midbottom=(at.centerx, at.y - 2))
            surface.blit(top_img, up)
        surface.blit(img, self.field_line_at(img.get_size()))

    def field_line_room(self) -> pygame.Rect:
        """The strip the Force Field line may take: right of the home panel, above the row of
        buttons (it sat over the Trade and Pass buttons, hiding half of them)."""
        lay = self.scene.layout
        left = FELT.x + ZONE_W + 20
        bottom = lay.buttons_y - 6
        return pygame.Rect(left, bottom - 40, FELT.right - 8 - left, 40)

    def field_line_at(self, size: tuple[int, int]) -> pygame.Rect:
        room = self.field_line_room()
        at = pygame.Rect((0, 0), size)
        at.midbottom = (room.centerx, room.bottom)
        at.clamp_ip(FELT.inflate(-16, -16))
        return at

    def _dragged(self, surface: pygame.Surface) -> None:
        """The picked card under the pointer while it is dragged to its target."""
        sc = self.scene
        pos = sc.table_controls.pointer_pos
        if sc.drag is None or pos is None or math.dist(sc.drag[1], pos) < DRAG_SLOP:
            return
        img = art.card_face(sc.drag[0], MINI_W, MINI_H)
        r = img.get_rect(topleft=(pos[0] + 16, pos[1] + 12))  # beside the pointer: the wall
        r.clamp_ip(TABLE)  # or seat under it stays in sight
        pygame.draw.rect(surface, theme.INK, r.move(4, 6), border_radius=8)
        surface.blit(img, r)

    def _reading(self, note: tuple[int, list[str], int], need: int = 0
                 ) -> tuple[pygame.Rect, pygame.Rect]:
        """(preview card, reading panel): the largest preview that leaves the log over it its
        least rows (`LOG_MIN_ROWS`), and `need` rows for its newest entry, whatever is pointed
        at (a stranger's log shrank to two or three lines beside the card, to two entries in
        larger text)."""
        card = preview_card(note, need)
        return card, reading_box(note, card)

    def _preview(self, surface: pygame.Surface, shown: tuple[str, str, tuple[int, int, int]],
                 note: tuple[int, list[str], int], box: pygame.Rect,
                 card: pygame.Rect = PREVIEW) -> None:
        """The hovered or focused card (the hand, a Twist of Fate's cards, the endgame
        picker, a card on the table), large enough to read every word, in the sidebar's
        reading panel beside the fan; over it, whether a hand card can be played now, and if
        not, why (`note` as `note_layout` fits it, `box` the panel that holds both)."""
        code, _note, colour = shown
        pygame.draw.rect(surface, (12, 16, 26), box, border_radius=12)  # opaque: one fill
        pygame.draw.rect(surface, colour, box, 2, border_radius=12)
        size, lines, step = note
        y = box.y + 3 + max(0, (card.y - box.y - 5 - len(lines) * step) // 2)
        for ln in lines:
            text.blit(surface, ln, size, colour, (box.centerx, y), "midtop", bold=True)
            y += step
        surface.blit(art.card_face(code, card.w, card.h, power=self._acting(code)), card)

    def _acting(self, code: str) -> int:
        """The rank a hand card previewed now will hit at (0: as printed): the viewer's own
        explosive, upgraded by their Mad Chemist or Advanced Technology, is shown as it will
        act (a playtester's preview showed the printed card under a Chemist)."""
        sc = self.scene
        pr = sc.presenter
        i = sc.table_controls.focus_index
        if pr.viewer is None or i is None or i >= len(pr.fan) or pr.fan[i].code != code \
                or not sc.state.players[pr.viewer].alive:
            return 0
        return sc.state.power_of(pr.viewer, code)

    def _hand_ranks(self) -> dict[str, str]:
        """The viewer's explosives that act above their printed rank now (their Mad Chemist,
        Advanced Technology), as the fan's sprite badge that draws them so."""
        sc = self.scene
        pr = sc.presenter
        if pr.viewer is None or not sc.state.players[pr.viewer].alive:
            return {}
        out = {}
        for code in set(pr.hand):
            if code in CARDS and CARDS[code].is_explosive:
                power = sc.state.power_of(pr.viewer, code)
                if power > CARDS[code].power:
                    out[code] = f"{art.RANK_BADGE}{power}"
        return out

    def _previewed(self) -> tuple[str, str, tuple[int, int, int]] | None:
        """(card, note, colour) of the card to show large now, or None."""
        sc = self.scene
        pr = sc.presenter
        tc = sc.table_controls
        i = tc.focus_index
        if i is not None and i < len(pr.fan) and pr.fan[i].showing_face \
                and pr.viewer is not None:
            why = tc.reason_for(i)
            if i in tc.playable:
                return pr.fan[i].code, PLAY_NOTES.get(pr.fan[i].code, PLAYABLE), \
                    theme.SPARK
            if why is not None:
                return pr.fan[i].code, W.sentence(f"Not now: {why}"), theme.BLAST
            return pr.fan[i].code, "", theme.CREAM
        seat = sc.decider()
        mouse = sc.device_in_use(seat) == MOUSE
        if mouse and tc.pointer_pos is not None:
            on_table = self.table_card_at(tc.pointer_pos)
            if on_table is not None:
                return on_table
        if seat is None:
            return None
        cursor = sc.cursor
        key = cursor.hover_key if mouse else cursor.focus_key
        if key is None:
            return None
        if key.startswith(("wall:", "char:", "no:wall:")):
            hovered = cursor.get(key)
            if mouse and (hovered is None or tc.pointer_pos is None
                          or not hovered.rect.collidepoint(tc.pointer_pos)):
                return None  # the wall went from under a still pointer: its preview goes too
            parts = key.split(":")
            s, rest = int(parts[-2]), parts[-1]
            if key.startswith("char:"):
                return rest, sc.voice.character_note(s, rest), theme.CREAM
            walls = pr.seats[s].walls
            k = int(rest)
            return (walls[k], self._whose(s, walls[k]), theme.CREAM) if k < len(walls) \
                else None
        if key.startswith("btn:def:"):  # a defence's button shows the card it plays
            return key[8:], PLAYABLE, theme.SPARK
        if key.startswith("eg:"):
            return key[3:], "", theme.SPARK
        if key.startswith("look:") and pr.viewer == seat:
            looking = sc.state.looking()
            k = int(key.split(":")[1])
            return (looking[k], "", theme.SKY) if k < len(looking) else None
        return None

    def _whose(self, seat: int, card: str) -> str:
        """"Ben's iron wall", "Your Mad Chemist": the owner of a card on the table."""
        sc = self.scene
        name = W.SHORT.get(card) or W.bare(card)
        return W.capitalise(f"{sc.voice.poss(seat)} {name}")

    def table_card_at(self, pos: tuple[int, int]) -> tuple[str, str, tuple[int, int, int]] | None:
        """The card on the table under the pointer (a wall, a character, a badge's card, the
        discard pile's top), to read in the preview."""
        sc = self.scene
        pr = sc.presenter
        panel = decision_panel(sc)
        if panel is not None and panel.collidepoint(pos):
            return None  # the Twist of Fate's or the endgame's panel covers the table there
        for seat in range(sc.state.options.players):
            if not sc.layout.zone(seat).rect.collidepoint(pos):
                continue
            sv = pr.seats[seat]
            for w, r in zip(sv.walls, sc.wall_rects(seat), strict=False):
                if r.collidepoint(pos):
                    return w, self._whose(seat, w), theme.CREAM
            codes = [*sv.characters, *(["diplomacy"] if sv.diplomacy else []),
                     *(["epidemic"] if sv.skip_next else [])]
            for c, r in zip(codes, sc.token_rects(seat), strict=False):
                if r.collidepoint(pos):
                    note = sc.voice.character_note(seat, c) if c in sv.characters \
                        else self._whose(seat, c)
                    return c, note, theme.CREAM
        d = pygame.Rect(0, 0, PILE_W, PILE_H)
        d.center = (round(sc.layout.discard_pos[0]), round(sc.layout.discard_pos[1]))
        if pr.discard_top is not None and d.collidepoint(pos):
            return pr.discard_top, "Top of the discard pile", theme.CREAM
        return None

    # ------------------------------------------------------------------ the decision

    def _panels(self, surface: pygame.Surface) -> None:
        """The endgame picker and the Twist of Fate's cards, for the seat choosing."""
        sc = self.scene
        seat = sc.decider()
        if seat is None:
            return
        st = sc.state
        box = decision_panel(sc)
        if box is None:
            return
        if st.phase == Phase.ENDGAME:
            rects = picker_rects()
            surface.blit(_dim(box.w, box.h, 190), box)
            pygame.draw.rect(surface, theme.SPARK, box, 2, border_radius=14)
            cap = hud.caption_surface("Endgame cards: pick one", theme.SPARK)
            surface.blit(cap, cap.get_rect(midtop=(box.centerx, box.y + 4)))
            available = {k.split(":", 1)[1] for k in (t.key for t in sc.cursor.targets)
                         if k.startswith("eg:")}
            for c, r in zip(ENDGAME_CARDS, rects, strict=True):
                img = art.card_face(c, PICK_W, PICK_H)
                at = img.get_rect(center=r.center)
                surface.blit(img, at)
                if c not in available:
                    surface.blit(_dim(PICK_W, PICK_H, 160), at)
                    why = "in play" if c == "advanced_technology" and st.tech_seat >= 0 \
                        else "not now"
                    text.blit(surface, why, 12, theme.CREAM, at.center, "center", bold=True)
        else:
            looking = st.looking()
            rects = arrange_rects(len(looking), sc.layout.wide)
            look_w, look_h = look_size(sc.layout.wide)
            # opaque: the played Twist of Fate's title ghosted through a see-through panel
            pygame.draw.rect(surface, theme.INK_2, box, border_radius=14)
            pygame.draw.rect(surface, theme.SKY, box, 2, border_radius=14)
            # the picks are numbered in the order chosen (a stranger read "Left card on top"
            # over cards he was ordering by number)
            # the longest wording that fits the panel (larger text ran it past both edges)
            heads = arrange_headers(sc)
            cap = next((img for words in heads
                        if (img := hud.caption_surface(words, theme.SKY)).get_width()
                        <= box.w - 16), hud.caption_surface(heads[-1], theme.SKY))
            surface.blit(cap, cap.get_rect(midtop=(box.centerx, box.y + 4)))
            picked = sc.table_controls.pick.picked
            # every card stays where it lay while picking (`arrange_slots`)
            for i, r in zip(arrange_slots(len(looking), picked), rects, strict=True):
                c = looking[i]
                img = art.card_face(c, look_w, look_h)  # large enough for the rule line
                at = img.get_rect(center=r.center)
                surface.blit(img, at)
                if i in picked:  # its number hangs from its foot, clear of the picture and
                    # the name (a stranger's numbers covered the pictures); never greyed (four
                    # placed cards all grey looked disabled): a bright rim marks it placed
                    pygame.draw.rect(surface, theme.SPARK, at.inflate(4, 4), 2,
                                     border_radius=8)
                    frame = art.face_layout(c, look_w, look_h).frame
                    badge = edge_tag_rect(at, frame, (2 * PICK_BADGE_R, 2 * PICK_BADGE_R))
                    pygame.draw.circle(surface, theme.SPARK, badge.center, PICK_BADGE_R)
                    pygame.draw.circle(surface, theme.INK, badge.center, PICK_BADGE_R, 2)
                    text.blit(surface, f"{picked.index(i) + 1}", 16, theme.INK, badge.center,
                              "center", bold=True)

    def _targets(self, surface: pygame.Surface, t: float) -> None:
        """Outlines round what the deciding seat may choose, and the cursor of keys or a pad."""
        sc = self.scene
        seat = sc.decider()
        if seat is None:
            return
        show_cursor = sc.device_in_use(seat) != MOUSE
        colour = lerp_colour(sc.colours[seat], theme.CREAM, 0.3)
        cursor = sc.cursor
        for tg in cursor.targets:
            if tg.kind in ("button", "card") and tg.key.startswith("hand:"):
                continue  # the fan lifts its playable cards instead
            if tg.kind == "button":
                continue
            hover = tg.key == (cursor.focus_key if show_cursor else cursor.hover_key) \
                or not show_cursor and tg.key == sc.table_controls.pick.aim  # the aim's lit
            # target: the lifted card clicked again goes there (`TableControls.again_on_aim`)
            if tg.key.startswith("no:"):  # cannot be chosen: says why when pointed at
                if hover:
                    pygame.draw.rect(surface, theme.BLAST, tg.rect.inflate(6, 6), 3,
                                     border_radius=12 if tg.kind == "seat" else 8)
                    self._why_not(surface, tg.rect, tg.label)
                continue
            pygame.draw.rect(surface, theme.SPARK if hover else colour, tg.rect.inflate(6, 6),
                             3 if hover else 2, border_radius=12 if tg.kind == "seat" else 8)
            if hover and tg.label and not tg.key.startswith("seat:") \
                    and tg.rect.bottom + 24 <= FELT.bottom:  # a card low in its tray shows
                # its own name: no label hanging off the felt under it (a stranger saw one)
                # under the target, clear of the name plate over a walls row; drawn over the
                # hand, after it (a home wall's name was cut off under the fan: "palis")
                self._labels_over.append((tg.label, tg.rect.copy()))
        pick = sc.table_controls.pick
        if pick.stage == "walls" and pick.chosen:
            rects = sc.wall_rects(pick.target)
            walls = list(sc.presenter.seats[pick.target].walls)
            for i in sorted(chosen_places(walls, pick.chosen, pick.at)):
                if i >= len(rects):
                    continue
                r = rects[i]
                pygame.draw.rect(surface, theme.SPARK, r.inflate(8, 8), 4, border_radius=9)
                # a dark tag over the wall's top edge: the wall's picture stays in sight, and
                # the focus ring on the next wall does not reach it (yellow on the grey wall
                # hid both)
                tag = pygame.Rect(0, 0, 34, 20)
                tag.center = (r.centerx, r.top - 2)
                pygame.draw.rect(surface, theme.INK, tag, border_radius=10)
                pygame.draw.rect(surface, theme.SPARK, tag, 2, border_radius=10)
                text.blit(surface, "1st", 13, theme.CREAM, tag.center, "center", bold=True)
        focus = cursor.focused()
        if show_cursor and focus is not None and focus.kind != "button":
            k = 0.5 if sc.app.reduced_motion else (1 + math.sin(t * 6)) / 2
            if not focus.key.startswith("hand:"):  # the fan rings its own, over the cards
                r = focus.rect.inflate(12 + round(4 * k), 12 + round(4 * k))
                pygame.draw.rect(surface, theme.SPARK, r, 4, border_radius=12)

    @staticmethod
    def _why_not(surface: pygame.Surface, rect: pygame.Rect, why: str) -> None:
        """A dark note beside a target that cannot be chosen, saying why (16 px)."""
        lines = text.wrap(why, 16, 300, bold=True)[:3]
        step = text.line_height(16, True)
        box = pygame.Rect(0, 0, 320, len(lines) * step + 12)
        box.midbottom = (rect.centerx, rect.y - 6)
        if box.y < FELT.y:
            box.midtop = (rect.centerx, rect.bottom + 6)
        box.clamp_ip(FELT)
        surface.blit(_dim(box.w, box.h, 225), box)
        pygame.draw.rect(surface, theme.BLAST, box, 2, border_radius=8)
        for i, ln in enumerate(lines):
            text.blit(surface, ln, 16, theme.CREAM, (box.centerx, box.y + 6 + i * step),
                      "midtop", bold=True)

    def _buttons(self, surface: pygame.Surface, t: float) -> None:
        sc = self.scene
        buttons = [b for b in sc.cursor.targets if b.kind == "button"]
        if sc.curtain is not None or not buttons:
            return
        seat = sc.decider()
        if seat is None and not (sc.finished and not sc.presenter.busy):
            return
        mouse = sc.device_in_use(seat) == MOUSE
        for b in buttons:
            draw_button(surface, b, hover=b.key == sc.cursor.hover_key and mouse,
                        focus=b.key == sc.cursor.focus_key and not mouse, pulse=t)

    # ------------------------------------------------------------------ the HUD

    def _banner(self, surface: pygame.Surface) -> None:
        banner = self.scene.presenter.banner
        if banner is None or self.scene.finished and not self.scene.presenter.busy:
            return
        msg, colour, _ = banner
        img = hud.banner_surface(msg, colour, 330)
        place = banner_place(self.scene, img.get_size())
        if place is not None:
            surface.blit(img, place)

    def _headline(self, surface: pygame.Surface) -> None:
        """A knock-out's headline, over the middle of the felt (`headline_rect`)."""
        got = headline_rect(self.scene)
        if got is not None:
            img, r = got
            surface.blit(img, r)

    def _sidebar(self, surface: pygame.Surface, facts: bool = True,
                 log_bottom: int = LOG_RECT.bottom) -> None:
        sc = self.scene
        pr = sc.presenter
        status = round_status(pr.round, sc.state.options.max_rounds)
        if text.render(status, 13, theme.CREAM, True).get_width() > SIDEBAR.w - 28:  # larger
            # text: the round alone
            status = status.split(" · ")[0]
        surface.blit(hud.sidebar_frame("Kaboom! Explosive", status, text.scale()),
                     SIDEBAR.topleft)
        if not facts:  # a card is read below: the same log, its newest lines (a stranger saw
            # "Your turn" vanish from it at the first click, when it showed the moves only)
            room = pygame.Rect(LOG_RECT.x, LOG_RECT.y, LOG_RECT.w, log_bottom - LOG_RECT.y)
            pr.log.draw(surface, fitted_log(pr.log, room, 14), 14)  # no blank row on top
            return
        lines = fact_lines(sc)
        if sc.finished:  # the end bar covers the sidebar's foot: the facts end above it, and
            pr.log.draw(surface, fitted_log(pr.log, LOG_TALL, 14), 14)
            img = hud.info_surface(lines[:4], 0)  # no card is read any more (no hint)
            surface.blit(img, (SIDEBAR.x, END_BAR_TOP - 6 - img.get_height()))
            return
        # From the foot up: the facts (taller in larger text), the reading hint, then the log
        # in what is left (larger text ran the facts into the hint).
        img = hud.info_surface(lines, INFO_H)
        info_top = SIDEBAR.bottom - img.get_height()
        hint_top = min(LOG_TALL.bottom + 6, info_top - 6 - HINT_H)
        log = LOG_TALL.copy()
        log.height = hint_top - 6 - log.y
        pr.log.draw(surface, fitted_log(pr.log, log, 14), 14)
        surface.blit(img, (SIDEBAR.x, info_top))
        seat = sc.decider()
        mouse = sc.device_in_use(seat if seat is not None and sc.is_human(seat) else None) \
            == MOUSE
        surface.blit(hud.reading_hint(SIDEBAR.w, HINT_H, text.scale(), mouse),
                     (SIDEBAR.x, hint_top))

    def _prompt(self, surface: pygame.Surface) -> None:
        sc = self.scene
        seat, message = sc.prompt()
        label = sc.table_controls.prompt_label(seat)
        if seat is not None:
            img = hud.prompt_bar(label, sc.colours[seat], sc.shapes[seat],
                                 W.capitalise(message) if not label
                                 else after_name(label, message), text.scale())
        else:
            img = hud.prompt_bar("", theme.SPARK, "circle", message, text.scale())
        surface.blit(img, hud.prompt_bar_at(img))

    def _summary(self, surface: pygame.Surface) -> None:
        sc = self.scene
        key = (len(sc.state.events), text.scale(), sc.presenter.celebration.since is not None,
               tuple(sc.names))
        if self._summary_memo is None or self._summary_memo[0] != key:
            self._summary_memo = (key, summary(sc))  # its tallies read every event: once
        img = self._summary_memo[1]
        surface.fill((96, 98, 112), TABLE, special_flags=pygame.BLEND_RGB_MULT)
        # a person's win: it rains on the table behind the summary (over it, its pieces sat
        # on "Ben wins!" and the results' header for a stranger)
        sc.presenter.celebration.draw(surface)
        surface.blit(img, summary_rect(img.get_size()))


PLAY_NOTES = {
    "non_violent_protests": "Playable: a C4 or RPG was played this match. It discards only "
                            "the pipe bombs and bigger the enemy holds",
}
"""The preview's note over a playable card that can be spent for nothing (a stranger's
Protests met a hand with no attacks, unwarned): the warning comes before the card goes. It
says why the card is playable too (the next read "does nothing unless the enemy holds a pipe
bomb" against the card's old "After a C4 or RPG was played" as a contradiction)."""

LOG_TITLE_H = 34
"""The log panel's title band (as `MoveLog` draws it); its rows follow, 10 px from the foot."""
LOG_MIN_ROWS = 6
"""The least rows the log keeps over a previewed card at normal text size..."""
LOG_MIN_ROWS_LARGE = 6
"""...and in larger text (`preview_card`): the card a size smaller instead (at four rows a
stranger's log showed two lines beside the card)."""


def preview_log_bottom(card: pygame.Rect) -> int:
    """The foot of the log over the preview `card`: room for a note of up to three lines
    between them, at the text size in use, so the log keeps one height whatever is pointed at
    (a longer note makes the card smaller, `preview_card`)."""
    room = max(NOTE_H, 3 * min(text.px(17), text.line_height(13, True)) + 5)
    return card.y - room - 6


def log_rows_over(card: pygame.Rect, note: tuple[int, list[str], int] | None = None) -> int:
    """Rows the log over the preview `card` (and its `note`) has room for."""
    bottom = preview_log_bottom(card)
    if note is not None:
        bottom = min(bottom, reading_box(note, card).y - 6)
    return (bottom - LOG_RECT.y - LOG_TITLE_H - 10) // row_height(14)


def newest_rows(log: MoveLog, width: int, size: int) -> int:
    """The rows the log's newest entry in sight wraps to in a panel `width` wide."""
    shown = log.lines[:len(log.lines) - log.back]
    if not shown:
        return 0
    ln = shown[-1]
    return len(text.wrap(ln.text, size, width - 24 - (marker_indent(size) if ln.marker else 0)))


def log_foot(need: int = 0) -> int:
    """The foot of the log over a previewed card, one height whatever is pointed at: over the
    largest card that leaves it its least rows (`LOG_MIN_ROWS`) with a short note between, and
    at least `need` rows (the newest entry whole: in larger text a long one was cut with "...";
    the list shows fewer entries and the card is a size smaller instead)."""
    need = max(need, LOG_MIN_ROWS if text.scale() <= 1.0 else LOG_MIN_ROWS_LARGE)
    for size in PREVIEW_SIZES:
        card = preview_rect(size)
        if log_rows_over(card) >= need:
            break
    return preview_log_bottom(card)


def preview_card(note: tuple[int, list[str], int] | None = None, need: int = 0
                 ) -> pygame.Rect:
    """The preview card: the largest of `PREVIEW_SIZES` whose `note` over it stays clear of
    the log's foot (`log_foot`, `need` rows for the newest entry): a long note makes the card
    smaller, not the log."""
    foot = log_foot(need)
    card = PREVIEW
    for size in PREVIEW_SIZES:
        card = preview_rect(size)
        if preview_log_bottom(card) >= foot and (
                note is None or reading_box(note, card).y - 6 >= foot):
            break
    return card


def fitted_log(log: MoveLog, room: pygame.Rect, size: int) -> pygame.Rect:
    """The log's panel in `room` cut to the rows it shows, from the top: a short log reads
    under its title instead of at the foot of an empty panel (a playtester saw one line with
    empty space above it), and a line too long for the rest of the room leaves no gap inside.
    Counts rows as `MoveLog` lays them out (an older line shows whole or not at all)."""
    line_h = row_height(size)
    fits = max(0, (room.h - LOG_TITLE_H - 10) // line_h)  # as `MoveLog` counts them: one
    # more than it draws left a blank row under the title
    indent = marker_indent(size)
    rows = 0
    # from the entry in sight at the foot: scrolled back, the panel sized for the newest lines
    # showed the older ones cut to "Ana's iron wall is ..."
    for ln in reversed(log.lines[:len(log.lines) - log.back]):
        parts = len(text.wrap(ln.text, size, room.w - 24 - (indent if ln.marker else 0)))
        if rows and rows + parts > fits:
            break
        rows += parts
        if rows >= fits:
            break
    rows = max(1, min(rows, fits))
    return pygame.Rect(room.x, room.y, room.w, min(room.h, LOG_TITLE_H + rows * line_h + 10))


PLAYABLE = "You can play this now"
"""The reading panel's note over a card the seat can play now."""


def arrow_mark(start: tuple[float, float], end: tuple[float, float],
               bow: float) -> tuple[float, float]:
    """Where the colour-blind palette's seat shape sits on an arrow: the middle of its shaft."""
    return bezier(start, control_point(start, end, bow), end, 0.45)


def stack_badge_text(slot: WallSlot) -> str:
    """A stack's count badge: "×N" for the N walls it stands for."""
    return f"\u00d7{slot.count}"


def draw_wall_slot(surface: pygame.Surface, wall: str, slot: WallSlot) -> None:
    """A single wall, or a stack: two or three offset cards (the back ones up and right) with
    a bold "×N" badge on the top card's lower right corner."""
    c = slot.card
    img = art.wall_piece(wall, c.w, c.h)
    if slot.count > 1:
        tone = pygame.transform.average_color(img, consider_alpha=True)[:3]
        for k in range(min(slot.count, 3) - 1, 0, -1):  # the cards under it, as card edges
            back = c.move(k * STACK_OFFSET, -k * STACK_OFFSET)
            pygame.draw.rect(surface, lerp_colour(tone, (20, 16, 14), 0.45), back,
                             border_radius=4)
            pygame.draw.rect(surface, theme.CREAM, back, 1, border_radius=4)
    surface.blit(img, c)
    if slot.count > 1:
        label = text.render(stack_badge_text(slot), 16, theme.CREAM, True)
        pill = pygame.Rect(0, 0, label.get_width() + 8, label.get_height() + 2)
        pill.midright = (slot.rect.right + 1, c.y + c.h * 2 // 5)
        pygame.draw.rect(surface, (24, 20, 18), pill, border_radius=pill.h // 2)
        pygame.draw.rect(surface, theme.CREAM, pill, 1, border_radius=pill.h // 2)
        surface.blit(label, label.get_rect(center=pill.center))


def wall_note(wall: str, note: str) -> str:
    """A wall's preview note: the note about playing it as a sentence of its own, then what
    its bricks say (a stranger read "You can play this now Strength 1 of 5 ...")."""
    if note == PLAYABLE:  # its glow says so: the note keeps to two lines and the log above
        # keeps its room (three lines left a keyboard player's log one line, the move before
        # it too long to show: "the log was wiped")
        note = "Playable now"
    return " ".join(filter(None, (W.sentence(note) if note else "", W.strength_note(wall))))


def note_layout(note: str) -> tuple[int, list[str], int]:
    """(size, lines, line step) of the note over the preview: two lines at 15 px, or as many
    as a long reason needs at 13 px (never cut: the panel grows into the log for it)."""
    if not note:
        return 15, [], text.line_height(15, True)
    lines = text.wrap(note, 15, READING.w - 16, bold=True)
    if len(lines) <= 2:
        return 15, lines, text.line_height(15, True)
    # a step of 17 px scaled with the text (a fixed 17 laid Larger text's lines over each
    # other and its last line over the preview)
    return 13, text.wrap(note, 13, READING.w - 12, bold=True), min(text.px(17),
                                                                   text.line_height(13, True))


def reading_box(note: tuple[int, list[str], int], card: pygame.Rect = PREVIEW) -> pygame.Rect:
    """The reading panel for a note over the preview `card`: `READING` for the full-size
    card, taller when the note needs more room."""
    _size, lines, step = note
    need = len(lines) * step + 5
    top = card.y - (PREVIEW.y - READING.y)
    grow = max(0, need - (card.y - top))
    return pygame.Rect(READING.x, top - grow, READING.w, READING.bottom - top + grow)


def after_name(label: str, message: str) -> str:
    """The prompt after a couch seat's name: "Ben, your turn...", never "Ben, Your turn"."""
    if label.endswith(",") and (message.startswith("Your ") or message.startswith("You ")):
        return message[0].lower() + message[1:]
    return message


def fact_lines(sc: BlastScene) -> tuple[tuple[str, str], ...]:
    """The sidebar's facts as (label, value) rows: piles counted in words that agree ('1
    card'), who stands, the phase, the upgrade and what wins (the round bound only near it)."""
    pr = sc.presenter
    st = sc.state
    standing = sum(1 for s in pr.seats if s.alive)
    return (("Supply", count(pr.supply, "card")),
            ("Discard pile", count(pr.discard_count, "card")),
            ("Standing", f"{standing} of {st.options.players}"),
            # "Over" as the win is shown (it said "Battle" under the winner's banner until the
            # table had finished), never before the table shows it
            ("Phase", "Over" if pr.over_shown or (st.over and sc.finished) else "Endgame"
             if pr.endgame and standing > 1 else "Battle"),  # a duel has no endgame
            ("In play", upgrades(sc)),  # (not "Upgrades": the Underminer is listed too)
            ("Goal", "Last one standing") if pr.round <= st.options.max_rounds - LIMIT_NEAR
            else ("Match ends", f"after round {st.options.max_rounds}"))


def upgrades(sc: BlastScene) -> str:
    """What stands on the table beyond the walls, as the facts say it: Advanced Tech
    (everyone's) and every seat's characters ("Ben's Mad Chemist, your Underminer"), or none
    (the Underminer was left out: "none" beside a player's own Underminer)."""
    pr = sc.presenter
    # the card's full name was cut to "Advanced Technol..." in the facts column
    parts = ["Advanced Tech"] if pr.tech else []
    parts += [f"{sc.voice.poss(s)} {W.bare(card)}" for s, sv in enumerate(pr.seats) if sv.alive
              for card in sv.characters]
    return W.capitalise(", ".join(parts)) if parts else "none"


def decision_panel(sc: BlastScene) -> pygame.Rect | None:
    """The panel of the decision on the felt, if one is up: the endgame cards to pick from, or
    the Twist of Fate's cards to arrange (only for the seat choosing, as `_panels` draws it)."""
    seat = sc.decider()
    if seat is None:
        return None
    st = sc.state
    if st.phase == Phase.ENDGAME and sc.table_controls.pick.stage == "card":
        rects = picker_rects()
        box = rects[0].union(rects[-1]).inflate(28, 0)
        box.y -= PICKER_HEAD  # its caption over the cards, and no more: the plate over it
        box.h += PICKER_HEAD + 8  # stays in sight
        return box
    elif st.phase == Phase.ARRANGE and sc.presenter.viewer == seat:
        rects = arrange_rects(len(st.looking()), sc.layout.wide)
    else:
        return None
    box = rects[0].union(rects[-1]).inflate(28, 60)
    box.y -= 14
    return box


def headline_rect(sc: BlastScene) -> tuple[pygame.Surface, pygame.Rect] | None:
    """(image, where) of the knock-out headline showing now, if any: centred over the felt,
    above the stage (under a curtain, or once the match's end is shown, none)."""
    pr = sc.presenter
    if pr.headline is None or sc.curtain is not None or sc.finished and not pr.busy:
        return None
    from game.games.blast.presenter import HEADLINE_PX

    msg, colour, _ = pr.headline
    img = hud.headline_surface(msg, colour, HEADLINE_PX)
    stage = sc.layout.stage_rect()
    zones = [z.rect for z in sc.layout.zones] + [sc.layout.hand_rect()]
    room = FELT.inflate(-16, -16)
    spots = []
    for x in (FELT.centerx, stage.centerx):  # nearest the stage's top edge first, clear of
        for y in range(room.y, room.bottom - img.get_height() + 1, 4):  # every seat's zone
            r = img.get_rect(topleft=(round(x - img.get_width() / 2), y))  # and the hand
            r.clamp_ip(room)
            if r.collidelist(zones) < 0:
                spots.append((abs(r.bottom - stage.y), r))
    if spots:
        return img, min(spots, key=lambda s: s[0])[1]
    r = img.get_rect(center=stage.center)  # no clear place: over the stage's middle
    r.clamp_ip(room)
    return img, r


def banner_place(sc: BlastScene, size: tuple[int, int]) -> tuple[int, int] | None:
    """Where the news banner goes: under the stage, or over it when a button of the decision
    would cover it there (the prompt bar says the same); beside its place when a seat's zone
    reaches under it; never on a name plate or the hand (it sat on a hand's count); None when
    no place near the stage is clear."""
    stage = sc.layout.stage_rect()
    shown = sc.curtain is None and sc.decider() is not None  # as `_buttons` draws them
    buttons = [t.rect for t in sc.cursor.targets if t.kind == "button"] if shown else []
    panel = decision_panel(sc)
    if panel is not None:  # a Twist of Fate's caption lay under the news banner
        buttons.append(panel)
    zones = [sc.layout.zone(s).rect for s in range(sc.state.options.players)]
    below = (stage.centerx, stage.bottom + 10)
    above = (stage.centerx, stage.y - 6)
    spots: list[tuple[tuple[float, float], str]] = [(below, "midtop")]
    w = size[0]
    for z in zones:  # slid off a zone that reaches under the stage (the home seat's, beside)
        if z.right > below[0] - w / 2 and z.x < below[0] - w / 2:
            spots.append(((z.right + 8, below[1]), "topleft"))
        if z.x < below[0] + w / 2 < z.right:
            spots.append(((z.x - 8, below[1]), "topright"))
    spots.append((above, "midbottom"))
    keep = sc.layout.keep_clear() + buttons + [stage]
    eyes = sc.view.eyes_only_rect()
    if eyes is not None:  # and off "For Ben's eyes only" (a stranger's banner covered it)
        keep.append(eyes.inflate(8, 8))
    at = clear_place(size, spots, keep, FELT, prefer_off=zones, search=False)
    if at is not None and at.midbottom == (round(above[0]), round(above[1])) \
            and at.collidelist(zones) >= 0:
        return None  # over the stage only where no zone is
    return None if at is None else at.topleft


LIMIT_NEAR = 5
"""The last rounds before the bound, where the sidebar says what wins then (top walls)."""


def round_status(round_: int, max_rounds: int) -> str:
    """The sidebar's status: the round of the match's bound and what wins ("Round 3 of 60 ·
    last one standing wins"; near the bound "Round 57 of 60 · then top walls win"). A
    stranger's 41-round duel read as open-ended while the bound stayed hidden until round 56."""
    if round_ > max_rounds - LIMIT_NEAR:
        return f"Round {round_} of {max_rounds} · then top walls win"
    return f"Round {round_} of {max_rounds} · last one standing wins"


def cursor_target(sc: BlastScene, key: str | None) -> Target | None:
    """The target of the table's cursor under `key` (None: no such target now)."""
    return sc.cursor.get(key) if key is not None else None


def summary_rect(size: tuple[int, int]) -> pygame.Rect:
    """Where the end-of-game summary lies: over the end-of-match bar, centred on the screen as
    that bar is, and halfway down the felt it dims (a playtester found it off-centre, high and
    to the left); kept inside the felt."""
    r = pygame.Rect((0, 0), size)
    r.center = (SCREEN[0] // 2, FELT.centery)
    r.right = min(r.right, FELT.right - 8)
    r.x = max(r.x, FELT.x + 8)
    return r


def tallies(st: MatchState) -> tuple[list[int], list[int]]:
    """Per seat, from the match's own record: the cards it played (answers and endgame cards
    too, a trade's discards not) and the rivals' walls it destroyed (a Force Field is not a
    wall). The table's running count of cards leaving hands said 13 for every seat."""
    n = st.options.players
    played, smashed = [0] * n, [0] * n
    for e in st.events:
        if isinstance(e, Played | Answered | EndgameCard):
            played[e.seat] += 1
        elif isinstance(e, Destroyed | Sabotaged | ForceFieldDestroyed) and 0 <= e.by < n \
                and e.by != e.seat:
            smashed[e.by] += sum(1 for w in e.walls if w != FORCE_FIELD)
    return played, smashed


def summary(sc: BlastScene) -> pygame.Surface:
    """The end-of-game summary for a finished scene (cached by what it shows)."""
    from game.games.blast.options import places

    st = sc.state
    where = places(st)
    played, smashed = tallies(st)
    rows = []
    for seat in sorted(range(st.options.players), key=lambda s: (where[s], s)):
        p = st.players[seat]
        won = seat in st.winners()
        if won:
            fate = "Winner" if len(st.winners()) == 1 else "Shares the win"
        elif p.alive:
            fate = f"Still standing: {p.wall_power()} wall strength"
        else:
            out = next((e for e in st.events if isinstance(e, Eliminated)
                        and e.seat == seat), None)
            how = f" ({W.name_of(out.card)} from {sc.voice.obj(out.by)})" \
                if out is not None and out.by >= 0 else ""
            rnd = p.out_turn // st.options.players + 1
            fate = f"Out in round {rnd}{how}"
        rows.append(hud.SummaryRow(where[seat], sc.names[seat], sc.colours[seat],
                                   sc.shapes[seat], fate, played[seat],
                                   sum(1 for w in p.walls if w != FORCE_FIELD)
                                   if p.alive else None, won,
                                   p.has_force_field(), smashed[seat]))
    title = f"{sc.voice.winners(st.winners())}!"
    reason = "after the round limit: strongest walls first" if st.end_reason == "round_limit" \
        else "last one standing"
    outs = len([e for e in st.events if isinstance(e, Eliminated)])
    footer = f"Ranked {reason}; eliminated players by how long they lasted. " \
             f"{spaced_count(outs, 'elimination')} in {spaced_count(st.round, 'round')}. " \
             "Smashed: the rivals' walls each player destroyed."
    mine = next((e for e in st.events if isinstance(e, Eliminated)
                 and sc.voice.is_you(e.seat)), None)
    if mine is not None:  # a stranger out early asked why: which card, what would have saved
        footer = f"{W.capitalise(sc.voice.whose(mine, mine.card))} knocked you out. " \
                 f"{sc.voice.knockout_why(mine)} {footer}"
    return hud.summary_surface(title, tuple(rows), footer, text.scale(),
                               sc.presenter.celebration.since is not None)
