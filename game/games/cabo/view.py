"""Drawing the Kaboom! cards table: felt, seat plates, the presenter's cards and effects, the
targets of the decision, the HUD (sidebar, prompt bar, banner) and the score sheet.

The view only reads the scene (its state, its presenter, its controls) and keeps nothing but
caches and where the sidebar's Scores button was last drawn; every change comes from the scene.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.app.input import MOUSE
from game.app.menus.matchend import BAR_H
from game.games.cabo import hud, words
from game.games.cabo import rules as R
from game.games.cabo.controls import CONFIRM_HINT
from game.games.cabo.knowing import OwnHand
from game.games.cabo.layout import BAR, BUTTON_H, CENTRE, FELT, SCREEN, SIDEBAR, TABLE
from game.tabletop.effects import SCALE_STEPS, Burst, scaled
from game.tabletop.placement import least_covering
from game.tabletop.scoresheet import score_sheet
from game.tabletop.table import draw_turn_glow, felt_table
from game.tabletop.targets import Target, button_width, draw_button
from game.ui import text, theme
from game.ui.draw import lerp_colour

"""With a key or pad, the buttons beside the focused one are this much darker."""
WAIT_BUTTONS = ("btn:draw", "btn:flip")
"""The buttons that wait for the last discard's slap window: greyed, with its countdown."""
WAITING_GREY = (92, 96, 110)



def waiting_label(label: str, width: int, wait: float) -> tuple[str, int]:
    """A waiting Draw's (or Flip's) words with its countdown, and their size, in the button's
    own width ("Draw 3 s", "Flip in 2 s"): a greyed "Draw" read the same whether it came in
    1 s or 3 (a stranger waited on it, unsure it would come)."""
    n = math.ceil(wait)
    first = label.split()[0]
    for words_ in (f"{label} in {n} s", f"{label} {n} s", f"{first} in {n} s",
                   f"{first} {n} s"):
        for size in (17, 15, 14):
            if button_width(words_, "", size) <= width:
                return words_, size
    return label, 17


if TYPE_CHECKING:
    from game.games.cabo.presenter import Finale
    from game.games.cabo.scene import CaboScene


SCORES_RECT = pygame.Rect(SIDEBAR.right - 92, SIDEBAR.y + 10, 82, 30)
"""The sidebar's Scores button, where it was last drawn (a click there toggles the sheet)."""
SHEET_CENTRE = (FELT.centerx, FELT.centery - 18)
SHEET_W = FELT.w - 16
"""The score sheet sits in the middle of the felt, its buttons just under it, wide enough to
cover the side seats' plates whole (a plate half under it reads as a stray bubble)."""
SHEET_FOOTER = ("Green: closest to zero.  Blue / red: a Kaboom! call made / missed.  "
                "Small: running total.  Lowest total wins.")


def rank_of(value: int) -> int:
    """The rank of a card worth `value` points (a King is worth 0 or 30 by its colour; every
    other rank has a value of its own)."""
    return next(c.rank for c in R.DECK if c.value == value)


def tag_place(tag: pygame.Rect, cards: pygame.Rect, avoid: list[pygame.Rect],
              gap: int = 6, keep_off: list[pygame.Rect] | None = None) -> pygame.Rect:
    """Where "For Ana's eyes only" goes: beside the cards it is about (under them, else above,
    else to a side), inside the table and clear of `avoid` (cards, plates) where it can be; a
    tag in the table's corner read as being about the seat whose plate was there. It never
    lies on `keep_off` (the action buttons, the held card): on a crowded table with large text
    the tag had nowhere clear and sat over the "Discard it" button and the drawn card; then it
    takes the felt covering least of `avoid`."""
    room = TABLE.inflate(-16, -16)
    hard = list(keep_off or [])
    avoid = avoid + hard
    w, h = tag.size
    below, over = cards.bottom + gap, cards.top - gap - h
    xs = (cards.centerx - w // 2, cards.left, cards.right - w)
    spots = [(x, below) for x in xs] + [(x, over) for x in xs] + [
        (cards.right + gap, cards.centery - h // 2), (cards.left - gap - w, cards.centery - h // 2)]
    places = [pygame.Rect(x, y, w, h) for x, y in spots]
    inside = [p for p in places if room.contains(p)]
    for place in inside:
        if place.collidelist(avoid) < 0:
            return place
    # a crowded couch table (four seats, a long power line): the nearest free felt, never
    # over a card (the tag sat on the next seat's grid)
    free = clear_spot(tag, cards, avoid, room)
    if free is not None:
        return free
    return least_covering(tag, cards, avoid, hard, room)



def clear_spot(box: pygame.Rect, near: pygame.Rect, avoid: list[pygame.Rect],
               room: pygame.Rect, step: int = 8) -> pygame.Rect | None:
    """The place for `box` inside `room`, clear of every `avoid` rect, nearest to `near`'s
    centre (None when the room has no such place)."""
    w, h = box.size
    best: pygame.Rect | None = None
    best_d = 0
    cx, cy = near.center
    for y in range(room.top, room.bottom - h + 1, step):
        for x in range(room.left, room.right - w + 1, step):
            d = (x + w // 2 - cx) ** 2 + (y + h // 2 - cy) ** 2
            if best is not None and d >= best_d:
                continue
            r = pygame.Rect(x, y, w, h)
            if r.collidelist(avoid) < 0:
                best, best_d = r, d
    return best


def place_clear(box: pygame.Rect, near: pygame.Rect, avoid: list[pygame.Rect],
                room: pygame.Rect, gap: int = 24) -> pygame.Rect:
    """Where `box` goes beside `near` (right, left, above, below; then further out), inside
    `room` and clear of `avoid` where it can be (else the first place inside the room)."""
    w, h = box.size
    places = []
    for step in (gap, gap + 60, gap + 120):
        places += [pygame.Rect(near.right + step, near.centery - h // 2, w, h),
                   pygame.Rect(near.left - step - w, near.centery - h // 2, w, h),
                   pygame.Rect(near.centerx - w // 2, near.top - step // 2 - h, w, h),
                   pygame.Rect(near.centerx - w // 2, near.bottom + step // 2, w, h)]
    inside = [p.clamp(room) for p in places]  # slid into the room, still beside `near`
    for place in inside:
        if place.collidelist(avoid) < 0:
            return place
    # none of those: the clear place nearest `near` on a coarse grid of the room (at a
    # four-seat table the winner's banner lay over a seat's cards), else the least covering
    best: tuple[tuple[int, float], pygame.Rect] | None = None
    for y in range(room.y, room.bottom - h + 1, 12):
        for x in range(room.x, room.right - w + 1, 12):
            r = pygame.Rect(x, y, w, h)
            hits = r.collidelistall(avoid)
            cover = sum(r.clip(avoid[i]).w * r.clip(avoid[i]).h for i in hits)
            score = (cover, math.hypot(r.centerx - near.centerx, r.centery - near.centery))
            if best is None or score < best[0]:
                best = (score, r)
    return best[1] if best is not None else inside[0]


class TableView:
    """Draws one scene's table, back to front, every frame."""

    def __init__(self, scene: CaboScene) -> None:
        self.scene = scene
        self.sheet: pygame.Surface | None = None
        self._sheet_key: tuple[Any, ...] | None = None
        self.results_at: pygame.Rect | None = None  # where the round's scores were last drawn
        self.hand_at: pygame.Rect | None = None  # where that line was last drawn
        self.win_at: pygame.Rect | None = None  # where the match's winner was last named
        self.key_cursor_at: pygame.Rect | None = None  # the keys' cursor's pointer, last drawn
        self.key_cursor_tag: pygame.Rect | None = None  # its words' tag ("Spy on this card")
        self._tag_spots: dict[object, pygame.Rect] = {}  # where a tag found room, by ring
        self._win_place: tuple[Any, pygame.Rect] | None = None  # (what it avoided, where)
        self.banner_at: pygame.Rect | None = None  # where the banner was last drawn
        self.finale_at: pygame.Rect | None = None  # where the match's end band was drawn
        self._banner_key: tuple[Any, pygame.Rect] | None = None  # (what, where) it was placed
        self.match_glow_at: list[pygame.Rect] = []  # the match hint's cards, last drawn
        self.look_tags_at: list[pygame.Rect] = []  # the couch's "Hold Q" tags, last drawn

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.scene
        t = sc.clock
        surface.blit(felt_table(SCREEN, (TABLE.x, TABLE.y, TABLE.w, TABLE.h)), (0, 0))
        self._plates(surface, t)
        self._score_pad(surface)
        off = sc.presenter.effects.offset()
        self._window_ring(surface)
        sc.presenter.draw(surface, off, t)
        self._match_glow(surface, off, t)
        self._seen_marks(surface, off)
        self._corners(surface, t)
        self._targets(surface, t)
        self._queued_tag(surface)
        sc.presenter.effects.draw(surface, off, bursts=False)  # bursts: over the tags
        self.finale_at = None
        finale = sc.presenter.finale
        if finale is not None and not sc.show_scores:
            self._finale(surface, finale)  # the match's end, across the table a moment
        sc.presenter.celebration.draw(surface)  # a person's win: confetti over the table
        self.win_at = None
        self.banner_at = None
        if self.finale_at is not None:
            pass  # the band says who won: no bubble beside it
        elif not self.results_due():  # the round's scores stand in the sidebar, the verdict
            self._banner(surface)  # with them
        elif sc.finished and not sc.show_scores:
            self._win_banner(surface)
        self.hand_at = None
        self._hand_line(surface)
        self._private_tag(surface)
        self._sidebar(surface)
        self._prompt(surface)
        # a SLAP! (or KABOOM!) burst over every tag, banner and the prompt bar: it went under
        # a box drawn after it
        sc.presenter.effects.draw_bursts(surface, off)
        # between rounds the sheet's own buttons (Next round) stand under it, lit; in a turn
        # the Kaboom!/Draw row goes under the sheet's dimming (it stood bright over it)
        under = sc.show_scores and not (sc.finished or sc.state.phase is R.Phase.ROUND_OVER)
        if under:
            self._buttons(surface, t)
        if sc.show_scores:
            self._sheet(surface)
        if not under:
            self._buttons(surface, t)

    # ------------------------------------------------------------------ the table

    def _plates(self, surface: pygame.Surface, t: float) -> None:
        sc = self.scene
        pr = sc.presenter
        info = pr.reveal
        st = sc.state
        acting = pr.turn  # whose turn; while a slap is settled, the slapper deciding
        if st.phase in (R.Phase.SLAP, R.Phase.GIVE) and not pr.busy and st.current_player() >= 0:
            acting = st.current_player()
        for seat in range(sc.state.players):
            rect = sc.layout.plate_rect(seat)
            sub = sc.seat_label(seat)
            result, result_colour = "", theme.CREAM
            if info is not None:
                result, result_colour = hud.result_line(
                    info.card_totals[seat], info.scores[seat], info.kaboomer == seat,
                    seat in info.winners)
            img = hud.plate_surface(sc.names[seat], sub, sc.colours[seat], sc.shapes[seat],
                                    pr.totals[seat], rect.w, rect.h, pr.kaboomer == seat,
                                    sub.startswith("AI - "), result, result_colour)
            surface.blit(img, (rect.x - 10, rect.y - 10))
            if acting == seat:
                draw_turn_glow(surface, rect, sc.colours[seat], t, sc.app.reduced_motion,
                               pointer=True)
            elif info is not None and seat in info.winners:
                pygame.draw.rect(surface, theme.MINT, rect.inflate(6, 6), 3, border_radius=14)

    def _score_pad(self, surface: pygame.Surface) -> None:
        """Two players: the score pad on the felt they leave empty (each round's points)."""
        sc = self.scene
        rect = sc.layout.score_pad_rect()
        if rect is None:
            return
        st = sc.state
        played = tuple(tuple(row) for row in st.history)
        totals = tuple(sc.presenter.totals)
        while played and tuple(map(sum, zip(*played, strict=True))) != totals:
            played = played[:-1]  # the table has not shown that round's scores yet
        img = hud.score_pad(tuple(sc.names), tuple(sc.colours), tuple(sc.shapes), played,
                            totals, st.round, sc.rounds, rect.w, rect.h)
        surface.blit(img, rect)

    def _seen_marks(self, surface: pygame.Surface, off: tuple[float, float]) -> None:
        """A small eye on each of the lone human's face-down cards they have looked at (never
        its value: remembering that is the game), so they know which cards they know and see
        when a swap takes one away; and on each rival's card they have looked at with a Spy
        or a King until it moves (a stranger's spied cards had no mark while his own did).
        At a couch every human's eyes show, each in its seat's colour, side by side on a card
        two of them know (which cards a player looked at is no secret at a real table; a
        stranger's couch game showed no eyes at all)."""
        sc = self.scene
        pr = sc.presenter
        if pr.reveal is not None or sc.finished:
            return
        for place, colours in self.seen_marks().items():
            sp = pr.sprite_at(place)
            if sp is None or sp.moves or sp.showing_face or not sp.visible:
                continue
            r = sp.rect().move(round(off[0]), round(off[1]))
            for i, colour in enumerate(colours):
                tag = hud.seen_tag(colour)
                x = r.centerx + round((i - (len(colours) - 1) / 2) * (tag.get_width() + 2))
                surface.blit(tag, tag.get_rect(midbottom=(x, r.bottom - 4)))

    def seen_marks(self) -> dict[R.Pos, list[tuple[int, int, int]]]:
        """The eyes to draw: each card the screen may say a human has looked at, with the
        colour of each eye on it (the lone human's in gold; at a couch each seat's own)."""
        sc = self.scene
        viewer = sc.presenter.viewer
        seers = [viewer] if viewer is not None else sc.humans() if sc.couch() else []
        marks: dict[R.Pos, list[tuple[int, int, int]]] = {}
        for seat in seers:
            colour = theme.SPARK if viewer is not None else sc.colours[seat]
            hand = self.own_hand(seat)
            for place in [R.Pos(seat, slot) for slot in hand.slots] + \
                    [R.Pos(p, slot) for p, slot in hand.rivals]:
                marks.setdefault(place, []).append(colour)
        return marks

    def match_hint_on(self) -> bool:
        """The match hint is for beginners: at a table with an Easy AI, or while Settings'
        First-match tips are on (a stranger missed slaps of cards he knew: "a glow on the
        matching own card, at least on Easy or while first-match tips are on")."""
        sc = self.scene
        return any(getattr(b, "difficulty", "") == "easy" for b in sc.bots.values()) or \
            sc.app.settings.assists.first_match_tips

    def match_hint(self) -> list[R.Pos]:
        """While the face-up discard may be slapped, the cards of the human whose hand the
        screen shows that they have seen (as the table has shown it: their "seen" eyes) and
        that match it: the lone human's, or on a couch the player holding their own card up
        (no one else's, ever). A card worth nothing or less (a Joker, a red King) is not
        hinted: slapping it away gives up a good card."""
        sc = self.scene
        st = sc.state
        pr = sc.presenter
        if not (st.window and st.slap is None and sc.landed_window == st.window_id) or \
                pr.reveal is not None or sc.finished or not self.match_hint_on():
            return []
        if sc.couch():
            held = {sec.seat for sec in pr.secrets if sec.sprite.showing_face}
            seat = held.pop() if len(held) == 1 else None
        else:
            seat = pr.viewer
        top = pr.discard[-1].code if pr.discard else ""
        if seat is None or seat == st.kaboomer or not top or not sc.is_human(seat):
            return []
        rank = R.card(top).rank
        out = []
        for slot, value in self.own_hand(seat).known:
            place = R.Pos(seat, slot)
            sp = pr.sprite_at(place)
            if sp is None or sp.showing_face or not sp.visible or sp.moves or value <= 0:
                continue  # (a face up, as a peek shows it, needs no hint)
            if rank == rank_of(value):
                out.append(place)
        return out

    def _match_glow(self, surface: pygame.Surface, off: tuple[float, float], t: float) -> None:
        """A soft outline pulsing round each card `match_hint` names, in the slap ring's
        colour (steady with reduced motion)."""
        self.match_glow_at = []
        places = self.match_hint()
        if not places:
            return
        pr = self.scene.presenter
        k = 0.6 if self.scene.app.reduced_motion else (1 + math.sin(t * 4.0)) / 2
        for place in places:
            sp = pr.sprite_at(place)
            if sp is None:
                continue
            r = sp.rect().move(round(off[0]), round(off[1]))
            glow = pygame.Surface((r.w + 28, r.h + 28), pygame.SRCALPHA)
            inner = pygame.Rect(0, 0, r.w, r.h)
            inner.center = glow.get_rect().center
            for grow, alpha, width in ((22, 60, 4), (14, 120, 4), (6, 240, 3)):
                pygame.draw.rect(glow, (*theme.SPARK, round(alpha * (0.5 + 0.5 * k))),
                                 inner.inflate(grow, grow), width, border_radius=10 + grow // 4)
            at = glow.get_rect(center=r.center)
            surface.blit(glow, at)
            self.match_glow_at.append(r)

    def _window_ring(self, surface: pygame.Surface) -> None:
        """Round the discard while it may be slapped, with a bar that runs out when the AIs
        may draw."""
        sc = self.scene
        st = sc.state
        if not sc.slap_open():
            return
        x, y = sc.layout.discard_pos
        r = pygame.Rect(0, 0, sc.layout.card_w + 26, sc.layout.card_h + 26)
        r.center = (round(x), round(y))
        left = 1 - min(1.0, sc.window_open_for() / max(0.01, sc.ai_wait()))
        colour = theme.SPARK if left > 0 else lerp_colour(theme.SPARK, theme.FELT, 0.5)
        pygame.draw.rect(surface, lerp_colour(theme.FELT_DARK, colour, 0.35), r, 2,
                         border_radius=12)
        if left > 0:
            bar = pygame.Rect(r.x, r.bottom + 4, round(r.w * left), 5)
            pygame.draw.rect(surface, colour, bar, border_radius=3)
        if [s for s in sc.humans() if s != st.kaboomer]:  # a Kaboomer may not slap
            text.blit(surface, "SLAP!", 13, colour, (r.centerx, r.y - 4), "midbottom", bold=True,
                      shadow=True)

    # ------------------------------------------------------------------ the decision

    def _targets(self, surface: pygame.Surface, t: float) -> None:
        """Outlines round what the deciding seat may choose, its first pick, and the cursor
        of a keyboard or pad (the mouse hovers instead)."""
        sc = self.scene
        seat = sc.decider()
        if seat is None:
            return
        show_cursor = sc.device_in_use(seat) != MOUSE
        colour = lerp_colour(sc.colours[seat], theme.CREAM, 0.2)
        cursor = sc.cursor
        for tg in cursor.targets:
            if tg.key == "draw" and sc.draw_wait_left() > 0:
                # the draw pile waits with its button (greyed): no outline inviting a press
                continue
            if tg.kind != "button":
                hover = tg.key == cursor.hover_key and not show_cursor
                pygame.draw.rect(surface, theme.SPARK if hover else colour, tg.rect.inflate(8, 8),
                                 3 if hover else 2, border_radius=9)
        self._first_pick(surface)
        focus = cursor.focused()
        if show_cursor and focus is not None and focus.kind != "button":
            self._key_cursor(surface, focus.rect, t, self._cursor_words(focus.kind))

    def _cursor_words(self, kind: str) -> str:
        """What the keys' cursor on a card says it will do, for a look at one card: a
        stranger on keys could not tell which rival card his Spy was on."""
        st = self.scene.state
        if kind != "card" or st.phase is not R.Phase.POWER:
            return ""
        return {R.Power.PEEK_OTHER: "Spy on this card",
                R.Power.PEEK_OWN: "Look at this card"}.get(st.power, "") \
            if st.power is not None else ""

    def _queued_tag(self, surface: pygame.Surface) -> None:
        """A draw (or flip) pressed during the slap wait: the pile says it is coming, ringed,
        until it happens (`CaboScene.human_act`)."""
        sc = self.scene
        seat = sc.decider()
        if seat is None or not sc.draw_queued(seat):
            return
        lay = sc.layout
        pile = pygame.Rect(0, 0, lay.card_w, lay.card_h)
        pile.center = (round(lay.draw_pos[0]), round(lay.draw_pos[1]))
        pygame.draw.rect(surface, theme.SPARK, pile.inflate(8, 8), 3, border_radius=9)
        word = "Flip queued" if sc.state.phase is R.Phase.FLIP else "Draw queued"
        img = text.render(word, 13, theme.INK, bold=True)
        tag = img.get_rect(center=pile.center).inflate(12, 6)
        pygame.draw.rect(surface, theme.SPARK, tag, border_radius=6)
        surface.blit(img, img.get_rect(center=tag.center))

    def _key_cursor(self, surface: pygame.Surface, rect: pygame.Rect, t: float,
                    words_: str = "") -> None:
        """The keys' or pad's cursor on a card or pile: a thick cream ring edged in ink and a
        pointer over it that bobs, unlike the thin outlines of everything else that may be
        chosen (a stranger's cursor looked like one more yellow outline among his cards).
        With `words_` (a Spy's "Spy on this card") the ring is bright and thicker and a tag
        beside it says what the choice does."""
        k = 0.5 if self.scene.app.reduced_motion else (1 + math.sin(t * 6)) / 2
        r = rect.inflate(14 + round(4 * k), 14 + round(4 * k))
        ring = theme.SPARK if words_ else theme.CREAM
        pygame.draw.rect(surface, theme.INK, r.inflate(4, 4), 10 if words_ else 8,
                         border_radius=14)
        pygame.draw.rect(surface, ring, r, 6 if words_ else 4, border_radius=12)
        tip = (r.centerx, r.y - 4 - round(4 * k))
        pts = [tip, (tip[0] - 10, tip[1] - 14), (tip[0] + 10, tip[1] - 14)]
        at = pygame.Rect(tip[0] - 10, tip[1] - 14, 21, 15)
        lay = self.scene.layout
        plates = [lay.plate_rect(p).inflate(4, 4) for p in range(self.scene.state.players)]
        if at.collidelist(plates) >= 0:
            # over a seat's name plate (a top seat's card: "Kev▼oard (left)"): below the
            # card, pointing up at it
            tip = (r.centerx, r.bottom + 4 + round(4 * k))
            pts = [tip, (tip[0] - 10, tip[1] + 14), (tip[0] + 10, tip[1] + 14)]
            at = pygame.Rect(tip[0] - 10, tip[1], 21, 15)
        pygame.draw.polygon(surface, theme.INK, [(x, y + 2) for x, y in pts])
        pygame.draw.polygon(surface, ring, pts)
        self.key_cursor_at = at
        self.key_cursor_tag = self._cursor_tag(surface, r, at, plates, words_) \
            if words_ else None

    def _cursor_tag(self, surface: pygame.Surface, ring: pygame.Rect, pointer: pygame.Rect,
                    plates: list[pygame.Rect], words_: str) -> pygame.Rect:
        """The keys' cursor's words in a bright tag beside its ring: over the pointer, else
        under the ring, else to a side; on the felt, off every name plate and every seat's
        cards (over the next card it read as that card's)."""
        img = text.render(words_, 14, theme.INK, bold=True)
        felt = FELT.inflate(-8, -8)
        lay, st = self.scene.layout, self.scene.state
        others = plates + [s.rect() for grid in self.scene.presenter.grids for s in grid
                           if s is not None and not ring.contains(s.rect())]
        plates = plates + [lay.grid_rect(p, len(st.grids[p])).inflate(8, 8)
                           for p in range(st.players)]
        places = [img.get_rect(midbottom=(pointer.centerx, min(pointer.y, ring.y) - 6)),
                  img.get_rect(midtop=(ring.centerx, max(pointer.bottom, ring.bottom) + 6)),
                  img.get_rect(midleft=(ring.right + 13, ring.centery)),
                  img.get_rect(midright=(ring.x - 13, ring.centery))]
        spots = [p.inflate(14, 8) for p in places]
        taken = [*plates, pointer, ring]
        tag = next((t for t in spots if felt.contains(t) and t.collidelist(taken) < 0), None)
        if tag is None:
            # no room beside the ring (a side seat's corner card): the nearest free felt, tied
            # to the ring by a line
            key = (ring.center, words_, tuple(map(tuple, taken)))
            if key not in self._tag_spots:
                free = [t for t in (spots[2].move(dx, dy) for d in range(0, 400, 8)
                                    for dx, dy in ((d, 0), (-d, 0), (0, -d), (0, d), (d, d),
                                                   (-d, d), (d, -d), (-d, -d)))
                        if felt.contains(t) and t.collidelist(taken) < 0]
                # nearest first whose line crosses no other card or plate
                clear = (t for t in free if not any(
                    r.clipline(*_tie(ring, t)) for r in others))
                self._tag_spots[key] = next(clear, free[0] if free else spots[0].clamp(felt))
            tag = self._tag_spots[key]
            start, end = _tie(ring, tag)
            pygame.draw.line(surface, theme.INK, start, end, 6)
            pygame.draw.line(surface, theme.SPARK, start, end, 3)
        pygame.draw.rect(surface, theme.INK, tag.inflate(4, 4), border_radius=8)
        pygame.draw.rect(surface, theme.SPARK, tag, border_radius=7)
        surface.blit(img, img.get_rect(center=tag.center))
        return tag

    def _first_pick(self, surface: pygame.Surface) -> None:
        sc = self.scene
        s = sc.presenter.sprite_at(sc.selection) if sc.selection is not None else None
        if s is not None:
            r = s.rect().inflate(14, 14)
            pygame.draw.rect(surface, theme.SPARK, r, 4, border_radius=10)
            text.blit(surface, "1st", 12, theme.INK, (r.right - 4, r.y + 2), "topright",
                      bold=True)

    def _buttons(self, surface: pygame.Surface, t: float) -> None:
        sc = self.scene
        buttons = [b for b in sc.cursor.targets if b.kind == "button"]
        if not buttons:
            return
        seat = sc.decider()
        between = sc.finished or sc.state.phase is R.Phase.ROUND_OVER
        if seat is None and not (between and not sc.presenter.busy):
            return
        mouse = sc.device_in_use(seat) == MOUSE
        if between and sc.show_scores and self.sheet is not None:
            rect = self.sheet.get_rect(center=SHEET_CENTRE)
            if any(b.rect.colliderect(rect) for b in buttons):  # else they stay put
                for b in buttons:
                    b.rect.y = min(rect.bottom + 4, TABLE.bottom - 50)
        focused = not mouse and any(b.key == sc.cursor.focus_key for b in buttons)
        wait = sc.draw_wait_left() if seat is not None else 0.0
        for b in buttons:
            focus = b.key == sc.cursor.focus_key and not mouse
            if wait > 0 and b.key in WAIT_BUTTONS:
                self._waiting_button(surface, b, wait)
                continue
            if b.hint.startswith(CONFIRM_HINT):  # pressed by confirming: named when focused
                b = replace(b, hint=b.hint[len(CONFIRM_HINT):] if focus else "")
            # keys and pads: only the focused button is lit, the others drawn as available
            # but not chosen (dimmed toward the ink they read as disabled to a stranger)
            draw_button(surface, b, hover=b.key == sc.cursor.hover_key and mouse,
                        focus=focus, pulse=t, unfocused=focused and not focus)

    def _waiting_button(self, surface: pygame.Surface, b: Target, wait: float) -> None:
        """Draw (or Flip) while the last discard may still be slapped: greyed, no hover or
        focus glow, and a bar under it that shrinks to nothing as the wait runs out (a press
        now is queued and happens then, `CaboScene.human_act`)."""
        label, size = waiting_label(b.label, b.rect.w, wait)
        draw_button(surface, replace(b, label=label, accent=WAITING_GREY, hint=""), size=size)
        full = max(0.1, self.scene.slap_wait())
        bar = pygame.Rect(b.rect.x + 10, b.rect.bottom + 3, b.rect.w - 20, 5)
        pygame.draw.rect(surface, theme.INK_2, bar, border_radius=2)
        bar.w = max(1, round(bar.w * min(1.0, wait / full)))
        pygame.draw.rect(surface, theme.SPARK, bar, border_radius=2)

    # ------------------------------------------------------------------ the HUD

    def own_hand(self, seat: int) -> OwnHand:
        """What `seat` knows of its own hand as far as the table has shown it (0 cards before
        the opening peek is shown; a peek, a swap in or out, a blind swap counted once it is
        on screen, never before and never a turn late)."""
        sc = self.scene
        pr = sc.presenter
        sc.knowing.note(sc.state)
        cards = sum(1 for s in pr.grids[seat] if s is not None) if seat < len(pr.grids) else 0
        return sc.knowing.hand(seat, pr.shown_events, pr.round, cards)

    def hand_words(self, seat: int) -> str:
        """What `seat` knows of its own hand, from its own observation only (the cards it has
        seen and followed), as far as the table has shown it."""
        hand = self.own_hand(seat)
        return words.hand_line(hand.values, hand.cards, self._hand_voice(), seat)

    def _hand_voice(self) -> words.Voice | None:
        """Whose words the hand line speaks in: a couch's private tag is read by its owner
        alone ("You know ..."); otherwise the table's voice, so watching Ben it says "Ben
        knows ..."."""
        return None if self.scene.couch() else self.scene.voice

    def _hand_line(self, surface: pygame.Surface) -> None:
        """The lone human's count of their own hand, left of their plate, so a first-timer can
        judge when to call Kaboom! (on a couch it is in the "For Ana's eyes only" tag instead)."""
        sc = self.scene
        pr = sc.presenter
        seat = pr.viewer
        if seat is None or sc.couch() or pr.reveal is not None or sc.finished \
                or sc.show_scores or not pr.grids[seat]:
            return
        lay = sc.layout
        plate = lay.plate_rect(seat)
        room = plate.left - 24 - FELT.x - 8
        avoid = [lay.plate_rect(p) for p in range(sc.state.players) if p != seat]
        avoid += [lay.grid_rect(p, len(g)) for p, g in enumerate(pr.grids)]
        avoid.append(lay.piles_rect())
        for p, g in enumerate(pr.grids):  # where each seat holds a card it drew (with larger
            # text the tag covered the player's own drawn King, only "K 30" showing)
            held = pygame.Rect(0, 0, lay.card_w, lay.card_h)
            held.center = tuple(round(c) for c in lay.hand_pos(p, len(g)))
            avoid.append(held.inflate(8, 8))
        if lay.spots[seat].side == "bottom":
            # the band over the home plate where the seat's Kaboom!/Draw/Discard row stands
            # (`TableLayout.button_spot`): with larger text the tag rose into it and the row
            # hid its second line, the total; the tag (the smaller) keeps out of it, always,
            # so it does not jump as the buttons come and go
            avoid.append(pygame.Rect(FELT.x, plate.y - 14 - BUTTON_H, plate.right - FELT.x,
                                     BUTTON_H + 8))
        avoid += [t.rect for t in sc.cursor.targets if t.kind == "button"]  # never under one
        felt = FELT.inflate(-8, -8)
        fixed = self._hand_spot(seat)
        if fixed is not None:
            # the home seat's one place: right of where it holds a drawn card with six cards
            # (a keys player's Discard it button covered the tag left of the plate, and a
            # penalty card moved it from the right of the cards to the left)
            img = hud.hand_tag(self.hand_words(seat), sc.colours[seat],
                               min(240, felt.right - fixed[0]), text.scale())
            at = img.get_rect(midleft=fixed)
            at.bottom = min(at.bottom, felt.bottom)  # (larger text: more lines, kept on felt)
            if felt.contains(at) and at.collidelist(avoid) < 0:
                surface.blit(img, at)
                self.hand_at = at
                return
        img = hud.hand_tag(self.hand_words(seat), sc.colours[seat], min(240, max(room, 160)),
                           text.scale())
        at = img.get_rect(midright=(plate.left - 24, plate.centery))
        if at.collidelist(avoid) >= 0:  # lower, beside the plate, when the felt has room
            lower = at.copy()
            lower.top = plate.y - 4
            if felt.contains(lower) and lower.collidelist(avoid) < 0:
                at = lower
        if not felt.contains(at) or at.collidelist(avoid) >= 0:
            # a seat at the top or a side (Watch again, viewing Cleo): left of its plate
            # covered the next seat's name plate; beside its own plate where felt is free
            block = plate.union(lay.grid_rect(seat, len(pr.grids[seat])))
            for width in (240, 200, 170):  # narrower, on more lines, where room is short
                img = hud.hand_tag(self.hand_words(seat), sc.colours[seat], width,
                                   text.scale())
                at = place_clear(img.get_rect(), block, avoid + [plate], felt, gap=12)
                if at.collidelist(avoid + [plate]) < 0:
                    break
        surface.blit(img, at)
        self.hand_at = at

    def _hand_spot(self, seat: int) -> tuple[int, int] | None:
        """Where the home seat's hand line starts (its left middle): right of a drawn card
        held by six cards, level with the plate; None for a seat at the top or a side."""
        lay = self.scene.layout
        if lay.spots[seat].side != "bottom":
            return None
        x, _ = lay.hand_pos(seat, 6)
        return round(x + lay.card_w / 2 + 16), lay.plate_rect(seat).centery

    def _private_tag(self, surface: pygame.Surface) -> None:
        """In couch play, while someone holds a private card up: whose eyes only."""
        sc = self.scene
        pr = sc.presenter
        shown = [sec.seat for sec in pr.secrets if sec.sprite.showing_face]
        if not shown or not sc.couch():
            return
        v = shown[0]
        held = any(sec.sprite is pr.held for sec in pr.secrets if sec.seat == v
                   and sec.sprite.showing_face)
        power = sc.table_controls.held_words(v) if held else ""
        img = hud.private_tag(sc.voice.eyes_only(v), sc.colours[v], self.hand_words(v), power)
        cards = [sec.sprite.rect() for sec in pr.secrets
                 if sec.seat == v and sec.sprite.showing_face]
        avoid = self._felt_taken()
        # never over the buttons or the held card (where it is, and where it comes to rest: a
        # card still flying in was not in the list, and the tag landed on it)
        keep_off = [t.rect.inflate(8, 8) for t in sc.cursor.targets if t.kind == "button"]
        keep_off += [sec.sprite.rect() for sec in pr.secrets if sec.seat == v]
        if pr.held is not None:
            rest = pygame.Rect(0, 0, sc.layout.card_w, sc.layout.card_h)
            rest.center = tuple(round(c) for c in sc.layout.hand_pos(v, len(pr.grids[v])))
            keep_off += [pr.held.rect(), rest]
        at = tag_place(img.get_rect(), cards[0].unionall(cards[1:]), avoid, keep_off=keep_off)
        surface.blit(img, at)
        self.hand_at = at  # the count of their hand rides in the same tag

    def _corners(self, surface: pygame.Surface, t: float) -> None:
        """A couch player's private cards wait face down with a lifted corner and a tag on the
        card saying how to look ("Hold Q"; "Hold" for the mouse: press on it), in the owner's
        colour, in felt beside the card: never over a card, a plate or a button (on the card it
        covered the lower part of Ben's cards)."""
        sc = self.scene
        pr = sc.presenter
        self.look_tags_at = []
        if not pr.secrets:
            return
        ox, oy = pr.effects.offset()
        avoid = self._felt_taken()
        keep_off = [t.rect.inflate(8, 8) for t in sc.cursor.targets if t.kind == "button"]
        for sec in pr.secrets:
            s = sec.sprite
            if s.showing_face or s.moves or not s.visible:
                continue
            r = s.rect().move(round(ox), round(oy))
            colour = sc.colours[sec.seat]
            fold = max(12, r.w // 4)
            x, y = r.right - 3, r.bottom - 3
            pygame.draw.polygon(surface, theme.INK, [(x - fold, y), (x, y - fold), (x, y)])
            pygame.draw.polygon(surface, theme.CREAM,
                                [(x - fold, y), (x, y - fold), (x - fold + 3, y - fold + 3)])
            pygame.draw.polygon(surface, colour,
                                [(x - fold, y), (x, y - fold), (x - fold + 3, y - fold + 3)], 2)
            k = sc.table_controls.keys(sec.seat)
            label = "Hold" if k.mouse else f"Hold {k['look']}"
            img = hud.look_tag(label, colour)
            at = tag_place(img.get_rect(), r, avoid + self.look_tags_at, gap=3,
                           keep_off=keep_off)
            surface.blit(img, at)
            self.look_tags_at.append(at)

    def _felt_taken(self) -> list[pygame.Rect]:
        """What a tag on the felt must not cover: every card (in a grid, held or at rest),
        every plate (with its score) and both piles."""
        sc = self.scene
        pr = sc.presenter
        avoid = [sp.rect() for grid in pr.grids for sp in grid if sp is not None]
        avoid += [sp.rect() for sp in pr.sprites() if sp.visible and not sp.moves]
        avoid += [sc.layout.plate_rect(seat) for seat in range(len(pr.grids))]
        for pile in (sc.layout.draw_pos, sc.layout.discard_pos):
            r = pygame.Rect(0, 0, sc.layout.card_w, sc.layout.card_h)
            r.center = (round(pile[0]), round(pile[1]))
            avoid.append(r)
        pad = sc.layout.score_pad_rect()
        if pad is not None:
            avoid.append(pad)
        return avoid

    def results_due(self) -> bool:
        """After the reveal, until the next deal (and at the match's end): the round's scores
        take the move log's place in the sidebar."""
        sc = self.scene
        return sc.presenter.reveal is not None and not sc.show_scores and (
            sc.finished or sc.state.phase is R.Phase.ROUND_OVER)

    def _results(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """The round's scores in `room` (the move log's place in the sidebar): the felt keeps
        every revealed hand and the piles in sight, and nothing moves over them (the score
        sheet, on its button, has every round)."""
        sc = self.scene
        info = sc.presenter.reveal
        assert info is not None
        best = set(sc.state.winners()) if sc.finished else set(info.winners)

        def rows_with(whys: list[str]) -> tuple[hud.ResultRow, ...]:
            return tuple((sc.names[p], sc.colours[p], sc.shapes[p], info.card_totals[p],
                          info.scores[p], sc.presenter.totals[p], info.kaboomer == p,
                          p in best, whys[p]) for p in range(sc.state.players))

        whys = [info.whys[p] if p < len(info.whys) else "" for p in range(sc.state.players)]
        if sc.finished:
            title = f"Final scores: {sc.voice.winners(sc.state.winners())}!"
        else:
            title = f"Round {info.round} of {sc.rounds}: the scores"
        banner = sc.presenter.banner  # the round's verdict (at the end the title says it all;
        # when each row says how its score came, the verdict is the caller's row)
        note, colour = (banner[0], banner[1]) if banner is not None and not sc.finished \
            and not info.whys else ("", theme.CREAM)
        title_room = SCORES_RECT.x - 8 - room.x
        tries = (whys, [w if p == info.kaboomer else "" for p, w in enumerate(whys)],
                 [""] * len(whys))  # a long table in large text: the caller's reason only
        for said in tries:
            img = hud.results_panel(title, rows_with(said), room.w, note, colour,
                                    text.scale(), title_room)
            if img.get_height() <= room.h:
                break
        at = img.get_rect(topleft=room.topleft)
        surface.blit(img, at, pygame.Rect(0, 0, room.w, room.h))
        self.results_at = at.clip(room)

    def _banner(self, surface: pygame.Surface) -> None:
        sc = self.scene
        banner = sc.presenter.banner
        if banner is None or sc.show_scores:  # the sheet says it; no bubble left beside it
            return
        msg, colour, _ = banner
        img = hud.banner_surface(msg, colour)
        x = sc.layout.discard_pos[0] + sc.layout.card_w // 2 + 24
        at = img.get_rect(midleft=(x, CENTRE[1]))
        # beside the piles, unless a card lies there (at four seats a grid grown by penalty
        # cards reached under "Round 2 of 10"): then the nearest felt clear of every card,
        # plate and pile, worked out once for the banner and the cards as they lie
        pr = sc.presenter
        lay = sc.layout
        cards = [sp.rect().inflate(6, 6) for sp in pr.sprites() if sp.visible and not sp.moves]
        # and off a KABOOM! or SLAP! burst (the bubble "Kaboom! Everyone else has one last
        # turn" ran into the burst); where it stood it stays, once clear
        cards += [burst_rect(b) for b in pr.effects.bursts if not b.done]
        cards += self._word_paths()  # and off "Power!" as it rises (it rose behind the bubble)
        key = (msg, at.size, tuple(tuple(r) for r in cards))
        if self._banner_key is None or self._banner_key[0] != key:
            was = self._banner_key[1] if self._banner_key is not None and \
                self._banner_key[0][:2] == key[:2] else None
            avoid = cards + [lay.plate_rect(p).inflate(6, 6) for p in range(sc.state.players)]
            for pile in (lay.draw_pos, lay.discard_pos):
                r = pygame.Rect(0, 0, lay.card_w + 12, lay.card_h + 12)
                r.center = (round(pile[0]), round(pile[1]))
                avoid.append(r)
            if was is not None and was.collidelist(avoid) < 0:
                at = was
            elif at.collidelist(avoid) >= 0:
                at = clear_spot(at, at, avoid, FELT.inflate(-12, -12)) or at
            self._banner_key = (key, at)
        at = self._banner_key[1]
        surface.blit(img, at)
        self.banner_at = at

    def _word_paths(self) -> list[pygame.Rect]:
        """Where each word rising on its plate ("Power!", "No match!") goes, start to end."""
        from game.games.cabo.presenter import PlatedWord, plated_word

        paths = []
        for f in self.scene.presenter.effects.floats:
            if isinstance(f, PlatedWord) and not f.done:
                r = plated_word(f.label, f.size, f.colour, 8).get_rect(
                    center=(round(f.pos[0]), round(f.pos[1])))
                paths.append(r.union(r.move(0, -round(f.rise))).inflate(6, 6))
        return paths

    def _finale(self, surface: pygame.Surface, finale: Finale) -> None:
        """The match's end across the middle of the table for a couple of seconds (a
        stranger's win was only a small bubble): for a person's win the felt dims under a
        large gold band; a loss gets a quieter band on the felt as it is."""
        if finale.won:
            surface.fill((150, 150, 160), FELT, special_flags=pygame.BLEND_RGB_MULT)
        img = hud.finale_band(finale.title, finale.line, finale.won, text.scale())
        at = img.get_rect(center=CENTRE)
        surface.blit(img, at)
        self.finale_at = at

    def _win_banner(self, surface: pygame.Surface) -> None:
        """At the match's end, who won, large on the felt beside the piles for as long as the
        end shows (a stranger's win was told only in the side panel: the verdict's bubble
        gives way to the scores there). Clear of every card, plate and pile."""
        sc = self.scene
        img = hud.win_banner(sc.voice.game_won(sc.state.winners()), theme.SPARK, text.scale())
        lay = sc.layout
        pr = sc.presenter
        avoid = [sp.rect() for sp in pr.sprites() if sp.visible]
        avoid += [lay.plate_rect(seat) for seat in range(sc.state.players)]
        # and every seat's whole grid, its empty places too (it lay over Dev's cards at a
        # four-seat table)
        avoid += [lay.grid_rect(seat, len(pr.grids[seat])).inflate(8, 8)
                  for seat in range(sc.state.players) if pr.grids[seat]]
        piles = []
        for pile in (lay.draw_pos, lay.discard_pos):
            r = pygame.Rect(0, 0, lay.card_w, lay.card_h)
            r.center = (round(pile[0]), round(pile[1]))
            piles.append(r)
        avoid += piles
        both = piles[0].union(piles[1])
        key = (img.get_size(), tuple(tuple(r) for r in avoid))
        if self._win_place is None or self._win_place[0] != key:  # placed once, then kept
            self._win_place = (key, place_clear(img.get_rect(), both, avoid,
                                                FELT.inflate(-16, -16)))
        at = self._win_place[1]
        surface.blit(img, at)
        self.win_at = at

    def _sidebar(self, surface: pygame.Surface) -> None:
        sc = self.scene
        status = f"Round {sc.presenter.round} of {sc.rounds}"
        large = text.scale() > 1.0
        if large:  # the title and the round on rows of their own (they were squeezed)
            surface.blit(hud.tall_header("Kaboom! cards", status, text.scale()),
                         SIDEBAR.topleft)
        else:
            surface.blit(hud.sidebar_frame("Kaboom! cards", status, text.scale()),
                         SIDEBAR.topleft)
        top = hud.TALL_HEADER_H + 8 if large else 58
        # at the match's end nobody slaps: the end bar's corner would cut the legend, so the
        # move log takes its place
        legend = None if sc.finished else self._legend()
        end_bar_top = SCREEN[1] - 8 - BAR_H  # the match's end bar (game.app.menus.matchend)
        lh = SIDEBAR.bottom - end_bar_top + 6 if legend is None else legend.get_height()
        log_rect = pygame.Rect(SIDEBAR.x, SIDEBAR.y + top, SIDEBAR.w, SIDEBAR.h - top - 8 - lh)
        r = pygame.Rect(0, 0, 74, 24)
        r.topright = (log_rect.right - 10, log_rect.y + 5)
        keep_right = log_rect.right - r.x - 4
        if large:
            # larger text puts the round under the title: the button goes beside it, and the
            # wheel's hint has the moves' title row ("Wheel up: earlier" was cut to "Wheel up")
            r = pygame.Rect(0, 0, 74, 24)
            r.center = (SIDEBAR.right - 10 - 37, SIDEBAR.y + 47)
            keep_right = 0
        SCORES_RECT.update(r)
        self.results_at = None
        if self.results_due():
            self._results(surface, log_rect)
        else:
            pad = self._compact_pad(log_rect.w - 16)
            if pad is not None:  # 3-6 seats: the score pad under the moves, always in sight
                log_rect.h -= pad.get_height() + 6
                surface.blit(pad, (log_rect.x + 8, log_rect.bottom))
            # the wheel's hint keeps off the Scores button at the title row's right
            sc.presenter.log.draw(surface, log_rect, 14, keep_right=keep_right)
        if legend is not None:
            surface.blit(legend, (SIDEBAR.x, SIDEBAR.bottom - lh))
        pygame.draw.rect(surface, theme.INK_3 if not sc.show_scores else theme.SPARK, r,
                         border_radius=12)
        text.blit(surface, "Scores", 13, theme.CREAM if not sc.show_scores else theme.INK,
                  r.center, "center", bold=True)

    def _compact_pad(self, width: int) -> pygame.Surface | None:
        """A table of 3-6's score pad for the sidebar (two players have the paper one on the
        felt): each seat's last round and total, as the table has shown them."""
        sc = self.scene
        if sc.layout.score_pad_rect() is not None:
            return None
        played = tuple(tuple(row) for row in sc.state.history)
        totals = tuple(sc.presenter.totals)
        while played and tuple(map(sum, zip(*played, strict=True))) != totals:
            played = played[:-1]  # the table has not shown that round's scores yet
        return hud.compact_pad(tuple(sc.names), tuple(sc.colours), tuple(sc.shapes),
                               played[-1] if played else None, totals, width, text.scale())

    def _legend(self) -> pygame.Surface:
        """Each human's slap key, and how to bring up the score sheet."""
        sc = self.scene
        word = sc.app.input.word_for
        lines = []
        # each person's slap as the prompt says it: the device they use now (a stranger on a
        # mouse seat played by keys read "click the pile" here under a prompt of W A S D)
        for seat in sc.humans():
            w = hud.device_words(sc.app.input, sc.device_in_use(seat))
            lines.append((sc.shapes[seat], sc.colours[seat], sc.names[seat], w["slap"]))
        if not lines:
            what = "A replay" if getattr(sc, "replaying", False) else "AI-only table"
            return hud.legend_surface(
                (), f"{what}: watch them play. The Scores button shows the sheet.", 70)
        first = sc.device_in_use(sc.humans()[0])
        # A stranger read "Scores: click Scores" as a stray line: say which button, and where.
        footer = ("Score sheet: the Scores button above" if first == MOUSE
                  else f"Score sheet: {word(first, 'back')}")
        return hud.legend_surface(tuple(lines), footer, 54 + 21 * len(lines),
                                  live=sc.slap_open())

    def _prompt(self, surface: pygame.Surface) -> None:
        sc = self.scene
        seat, message = sc.prompt()
        if sc.finished:
            seat, message = None, ""  # the end bar covers the bar; the sheet names the winner
        label = sc.table_controls.prompt_label(seat)
        if seat is not None and label:
            img = hud.prompt_surface(label, sc.colours[seat], sc.shapes[seat], message)
        elif seat is not None:
            img = hud.prompt_surface("", sc.colours[seat], sc.shapes[seat],
                                     words.capitalise(message))
        else:
            img = hud.prompt_surface("", theme.SPARK, "circle", message)
        surface.blit(img, BAR.topleft)

    def _sheet(self, surface: pygame.Surface) -> None:
        """The score sheet over the dimmed table."""
        sc = self.scene
        key = (sc.presenter.scored_rounds, sc.finished, text.scale())
        if key != self._sheet_key or self.sheet is None:
            self._sheet_key = key
            self.sheet = self._render_sheet()
        # dim the table by multiplying (cheaper than blending a table-sized alpha layer)
        surface.fill((96, 98, 112), TABLE, special_flags=pygame.BLEND_RGB_MULT)
        surface.blit(self.sheet, self.sheet.get_rect(center=SHEET_CENTRE))

    def _render_sheet(self) -> pygame.Surface:
        sc = self.scene
        st = sc.state
        ended = [e for e in st.events if isinstance(e, R.RoundEnded)]
        ended = ended[:sc.presenter.scored_rounds]
        totals = [sum(e.scores[p] for e in ended) for p in range(st.players)]
        rows = hud.sheet_rows(sc.names, sc.colours, sc.shapes, ended, totals, sc.finished)
        if sc.finished:
            title = f"Final scores: {sc.voice.winners(st.winners())}!"
        elif not ended:
            title = f"Score sheet: round 1 of {sc.rounds} under way"  # never 'after round 0'
        else:
            title = f"Score sheet after round {len(ended)}"
        sheet = score_sheet(rows, sc.rounds, title, len(ended) - 1, SHEET_W, SHEET_FOOTER)
        if not ended or ended[-1].kaboomer is None:
            return sheet
        last = ended[-1]
        colour = theme.SKY if words.kaboom_made(last) else theme.BLAST
        story = sc.voice.round_story(last, words.first_paid_call(st.events, last))
        band = hud.story_band(f"Round {last.round}: {story}", colour,
                              sheet.get_width() - 24)
        out = pygame.Surface((sheet.get_width(), sheet.get_height() + band.get_height() - 8),
                             pygame.SRCALPHA)
        out.blit(sheet, (0, 0))
        out.blit(band, (12, sheet.get_height() - 14))
        return out


def _tie(ring: pygame.Rect, tag: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int]]:
    """The ends of the line from a cursor's ring to its words' tag: the nearest points of
    their edges."""
    start = (min(max(tag.centerx, ring.x), ring.right - 1),
             min(max(tag.centery, ring.y), ring.bottom - 1))
    end = (min(max(start[0], tag.x), tag.right - 1), min(max(start[1], tag.y), tag.bottom - 1))
    return start, end


def burst_rect(burst: Burst) -> pygame.Rect:
    """Where a SLAP! or KABOOM! burst stands at its full size."""
    img = scaled((burst.label, burst.width, burst.fill, burst.edge, theme.CREAM), SCALE_STEPS)
    return img.get_rect(center=(round(burst.pos[0]), round(burst.pos[1])))
