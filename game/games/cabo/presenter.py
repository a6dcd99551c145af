"""The presenter: plays the rules' event stream on the table as animations, one beat at a time.

It owns the picture of the table (a sprite per card, the piles, effects, the move log) and builds
it only from events, never from the state's hidden cards. Each event is redacted for the screen's
current `viewer` just before it is shown: the single human, or nobody (`None`: only public faces).

In couch play (two or more humans at one screen) a private card is seen as a real one is, by
lifting its corner: the card (a drawn card, a peeked one, a King's two) waits face down with a
lifted corner, and its face is drawn only while its owner holds their look control (`look`);
letting go hides it at once. The presenter keeps such a face as a `Secret` beside the sprite,
never on it while nobody holds.

Each event becomes a small generator that starts animations and yields how long to wait, a
`Hold` (a lone human looking at a card keeps it up until they press a key or the timeout ends),
or a `Look` (couch players' peeks wait until each has held to look and let go).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Protocol

import pygame

from game.core.rng import derive_seed
from game.games.cabo import art, hud, words
from game.games.cabo import rules as R
from game.games.cabo.layout import CENTRE, END_CLEAR, NOTE_H, SLAP_BURST_W, TableLayout
from game.tabletop import playing_cards
from game.tabletop.celebration import Celebration, win_word
from game.tabletop.effects import (
    SCALE_STEPS,
    Burst,
    Effects,
    FloatText,
    SlapHand,
    rotated_hand,
    scaled,
    scatter_angle,
)
from game.tabletop.movelog import MoveLog
from game.tabletop.sprites import FLIP_STEPS, CardSprite, _transformed, set_calm
from game.tabletop.table import pile_shadow
from game.tabletop.timeline import Timeline
from game.ui import text, theme
from game.ui.draw import lerp_colour, seat_shape
from game.ui.tween import Ease, ease_in_out_cubic, ease_out_cubic

Colour = tuple[int, int, int]
DISCARD_SHOWN = 4  # sprites kept on the discard pile; older cards are only counted
# Seconds a human may keep their two dealt cards up, and a card they looked at with a power,
# before the table moves on without their click. Long: the prompt says "then click", and a
# stranger whose look timed out after 8 s (a key for full screen, a glance away) never saw
# their cards; the limit only keeps a table whose player walked away from waiting long.
START_PEEK_HOLD = 30.0
PEEK_HOLD = 30.0
LOOK_WAIT = math.inf
"""How long a couch peek waits for its owners to hold and look: until they have. A peek is a
seat's only look at those cards; a stranger's couch table turned the opening peek down after
30 s that nobody had held, and both humans played the round blind."""
FACE_POLL = 0.02
LAND_POLL = 0.001
"""A beat waiting for its cards to land looks again the next frame (a step shorter than any
frame): the hand line counts a swapped card in the very frame it lands (`_count_on_landing`)."""
"""Seconds between looks at whether the opening peek's faces show yet (the hand line waits)."""


PENALTY_RED = lerp_colour(theme.BLAST, theme.CREAM, 0.25)  # red that reads on a dark plate
NOTE_BUTTONS_W = (240, 100)
"""The widths of a seat's usual button rows (Draw and Kaboom!, Draw alone): a word about the
seat keeps off where the widest that has room there comes."""
WORD_STACK = 38  # px between two plated words that rise from the same place
PLATE_ALPHA = 215  # the dark plate behind a word on the felt (a playtester could not read
# "+1 penalty card" in red, or "Power!", straight on the green felt)


@lru_cache(maxsize=64)
def plated_word(label: str, size: int, colour: Colour, alpha_step: int) -> pygame.Surface:
    """A word on a dark rounded plate at one of 8 alpha levels: readable on any felt."""
    img = text.render(label, size, colour, True, shadow=True)
    s = pygame.Surface((img.get_width() + 20, img.get_height() + 6), pygame.SRCALPHA)
    pygame.draw.rect(s, (*theme.INK, PLATE_ALPHA), s.get_rect(), border_radius=s.get_height() // 2)
    pygame.draw.rect(s, (*colour, 200), s.get_rect(), 2, border_radius=s.get_height() // 2)
    s.blit(img, img.get_rect(center=s.get_rect().center))
    s.set_alpha(round(255 * alpha_step / 8))
    return s


@dataclass
class PlatedWord(FloatText):
    """A word that rises by a seat or the piles on its own plate, and stays a little longer."""

    life: float = 2.0

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        k = self.t / self.life
        alpha = 8 if k < 0.7 else max(0, round(8 * (1 - (k - 0.7) / 0.3)))
        if alpha <= 0:
            return
        img = plated_word(self.label, self.size, self.colour, alpha)
        y = self.pos[1] - self.rise * ease_out_cubic(min(1.0, k * 1.4))
        surface.blit(img, img.get_rect(center=(round(self.pos[0] + offset[0]),
                                               round(y + offset[1]))))


CALM_SLIDE = 0.15
"""Reduced motion: the seconds a card takes to glide to its place, however long its move;
it then rests there for the rest of the move's time (the beat and its landing keep their
moment: only how the motion is drawn changes)."""
CALM_FADE_IN = 0.15
"""Reduced motion: a SLAP! or KABOOM! burst fades in over this, at its full size."""


@lru_cache(maxsize=48)
def _faded_card(key: tuple[str, int, int, str], lift: int, deck: str,
                level: int) -> pygame.Surface:
    """A card's image (unsquashed, untilted) at `level` of `FLIP_STEPS // 2` alpha steps: the
    face of a calm flip fading in over its back."""
    img = _transformed(key, 0, 0, lift, deck).copy()
    img.set_alpha(round(255 * level / (FLIP_STEPS // 2)))
    return img


@dataclass
class TableCard(CardSprite):
    """A card of this table. With reduced motion (`calm`) it never squashes to a thin edge
    as it turns over: its face cross-fades over its back (over the second half of the turn,
    as the face shows at all in a squashing turn: `showing_face` still says when a face is
    in sight); and a long move is a short glide that then rests at its place (a stranger with
    reduced motion on still saw cards slide across the table and flip edge on)."""

    calm: bool = False

    def move_to(self, pos: tuple[float, float], duration: float = 0.35, delay: float = 0.0,
                ease: Ease = ease_out_cubic, arc: float = 0.0,
                on_done: Callable[[], None] | None = None) -> None:
        if not self.calm or duration <= CALM_SLIDE:
            super().move_to(pos, duration, delay, ease, arc, on_done)
            return
        super().move_to(pos, CALM_SLIDE, delay, ease_out_cubic)
        # at rest where it went, until the move would have ended (its landing, then)
        super().move_to(pos, duration - CALM_SLIDE, on_done=on_done)

    def draw(self, surface: pygame.Surface, offset: tuple[float, float] = (0, 0)) -> None:
        if not self.calm:
            super().draw(surface, offset)
            return
        if not self.visible:
            return
        lift = min(20, round(self.lift / 2) * 2)
        centre = (round(self.x + offset[0]), round(self.y + offset[1] - self.lift))
        back = _transformed(("", self.w, self.h, ""), 0, 0, lift, self.deck)
        at = back.get_rect(center=centre)
        step = round(self.flip * FLIP_STEPS)
        half = FLIP_STEPS // 2
        if self.showing_face:
            key = (self.code, self.w, self.h, self.badge)
            if step < FLIP_STEPS:  # turning: the face over the back, partly there
                surface.blit(back, at)
                surface.blit(_faded_card(key, lift, self.deck, step - half), at)
            else:
                surface.blit(_transformed(key, 0, 0, lift, self.deck), at)
        else:
            surface.blit(back, at)
        if self.highlight:
            r = pygame.Rect(0, 0, self.w + 8, self.h + 8)
            r.center = centre
            pygame.draw.rect(surface, self.highlight, r, 3, border_radius=max(6, self.w // 8))


@lru_cache(maxsize=24)
def _faded_burst(key: tuple[str, int, Colour, Colour, Colour], level: int) -> pygame.Surface:
    """A burst at its full size at one of 8 alpha levels (a calm burst's fade)."""
    img = scaled(key, SCALE_STEPS).copy()
    img.set_alpha(round(255 * level / 8))
    return img


@dataclass
class CalmBurst(Burst):
    """Reduced motion's SLAP! or KABOOM!: at its full size throughout, fading in and out;
    it never pops in past its size and back (a pulse), for as long as the usual one."""

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        if self.t < CALM_FADE_IN:
            k = self.t / CALM_FADE_IN
        elif self.t > self.hold + 0.2:
            k = 1 - (self.t - self.hold - 0.2) / 0.25
        else:
            k = 1.0
        level = max(0, min(8, round(k * 8)))
        if level <= 0:
            return
        img = _faded_burst((self.label, self.width, self.fill, self.edge, theme.CREAM), level)
        surface.blit(img, img.get_rect(center=(round(self.pos[0] + offset[0]),
                                               round(self.pos[1] + offset[1]))))


class CalmHand(SlapHand):
    """Reduced motion's slap: the hand lands without the ring that spreads from it."""

    def draw(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        img = rotated_hand(self.colour, self.size, self.angle_step)
        x, y = self.position()
        surface.blit(img, img.get_rect(center=(round(x + offset[0]), round(y + offset[1]))))


class TableEffects(Effects):
    """The kit's effects; with reduced motion its bursts and slaps are the calm ones (the
    table's shake is already still then)."""

    def burst(self, label: str, pos: tuple[float, float], width: int = 320,
              fill: Colour = theme.BLAST, edge: Colour = theme.SPARK, hold: float = 1.1) -> None:
        if not self.reduced:
            super().burst(label, pos, width, fill, edge, hold)
            return
        self.bursts.append(CalmBurst(label, pos, width, fill, edge, hold))

    def slap(self, colour: Colour, start: tuple[float, float], end: tuple[float, float],
             size: int = 86) -> SlapHand:
        hand = super().slap(colour, start, end, size)
        if self.reduced:
            calm = CalmHand(hand.colour, hand.start, hand.end, hand.size, hand.t, hand.duration,
                            hand.leaving)
            self.hands[-1] = calm
            return calm
        return hand


@dataclass
class Secret:
    """A couch player's private face: shown on `sprite` only while `seat` holds to look."""

    sprite: CardSprite
    seat: int
    code: str
    seen: bool = False  # its owner has held it up at least once


@dataclass
class Look:
    """Wait until every seat in `seats` has held to look and let go, or `timeout` passes."""

    seats: frozenset[int]
    timeout: float


@dataclass
class Hold:
    """Keep what is shown until `seat` confirms, or `timeout` seconds pass."""

    seat: int
    timeout: float
    kind: str  # start | peek
    released: bool = False


FINALE_S = 2.5
"""Seconds the match's end band lies across the table before the cards show again."""


@dataclass
class Finale:
    """The band across the table as the match ends: who won, a line under it, whether a
    person at the screen won (a celebration) and the seconds it has left."""

    title: str
    line: str
    won: bool
    left: float


def finale_line(ev: R.GameEnded, humans: list[int], voice: words.Voice) -> str:
    """Under the end band: the people's places ('You finish 2nd of 3 with 16 points')."""
    order = sorted(range(len(ev.totals)), key=lambda p: ev.totals[p])
    parts = []
    for p in humans[:2]:
        place = 1 + sum(1 for q in order if ev.totals[q] < ev.totals[p])
        nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")
        parts.append(f"{voice.says(p, 'finishes', 'finish', '')} {nth} of {len(ev.totals)} "
                     f"with {words.points(ev.totals[p])}")
    return "; ".join(parts)


@dataclass
class RevealInfo:
    """The end of a round as the table shows it: totals and who had seen which card."""

    round: int
    card_totals: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    kaboomer: int | None
    winners: tuple[int, ...]  # the round's best as shown: never a caller who missed
    knew: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    story: str = ""  # who called, who was closest, what the caller scores and why
    made: bool | None = None  # the call was made (None: no call)
    whys: tuple[str, ...] = ()  # each seat's score in words ("cards add up to 8")


class Host(Protocol):
    """What the presenter needs from its scene."""

    names: list[str]
    colours: list[Colour]
    shapes: list[str]
    rounds: int

    @property
    def voice(self) -> words.Voice: ...

    def is_human(self, seat: int) -> bool: ...

    def couch(self) -> bool: ...

    def looker(self, event: R.Event) -> int | None: ...

    def on_landed(self) -> None: ...

    def knowledge(self) -> dict[tuple[int, int], tuple[int, ...]]: ...

    def play(self, sound: str, x: float = CENTRE[0], volume: float = 1.0) -> None: ...


Beat = Iterator["float | Hold | Look"]


class Presenter:
    """The animated table, fed by `state.events`."""

    def __init__(self, host: Host, layout: TableLayout, state: R.CaboState,
                 reduced_motion: bool = False) -> None:
        self.host = host
        #: The rects a word about a seat keeps off when it can (the table's buttons showing).
        self.keep_clear: Callable[[], list[pygame.Rect]] = list
        #: Where the buttons a slap brings up may show ("Don't flip" by each person's seat): a
        #: SLAP! burst keeps off them, as they come up under it.
        self.slap_buttons: Callable[[], list[pygame.Rect]] = list
        self.layout = layout
        self.state = state  # read for its event list only (and public counts at a resume)
        self.n = state.players
        self.viewer: int | None = None
        self.grids: list[list[CardSprite | None]] = [[] for _ in range(self.n)]
        self.discard: list[CardSprite] = []
        self.discard_depth = 0
        self.draw_count = 0
        self.held: CardSprite | None = None
        self.held_seat: int | None = None
        self.opening = False  # the last card shown was an opening flip
        self.flying: list[CardSprite] = []  # cards on their way back into the draw pile
        self.round = state.round
        self.turn: int | None = None
        self.kaboomer: int | None = None
        self.slapper: int | None = None
        self.slapped: R.Card | None = None  # the card the current slap was made on
        self.king_up: list[R.Pos] = []
        self.marks: dict[int, tuple[Colour, float]] = {}  # sprite id -> ring colour, time left
        self.reveal: RevealInfo | None = None
        self.totals: list[int] = list(state.totals)  # as last shown (the state may be ahead)
        self.scored_rounds = len(state.history)
        self.banner: tuple[str, Colour, float] | None = None
        self.log = MoveLog(keep=160, wheel_hint=True)
        self.effects = TableEffects(reduced_motion, seed=derive_seed(state.seed, "fx", 0))
        self.celebration = Celebration(state.seed, reduced_motion)
        self.finale: Finale | None = None  # the match's end band over the table, while it shows
        """A person's win: its word, sparks and confetti (the kit's, as Explosive's)."""
        self.reduced = reduced_motion
        set_calm(reduced_motion)  # its cards glide straight, untilted
        self.next_event = 0
        #: Events whose beats are over or hold their cards up to be looked at now (a peek):
        #: what the screen has shown (the state's knowledge of a later event is not yet told).
        self.shown_events = 0
        self._beat_end = 0  # the event count once the beat under way is shown
        self._told = False  # the beat under way has its log line (`_tell_on_face`)
        self.gen: Beat | None = None
        self.timer = 0.0
        self.hold: Hold | None = None
        self.secrets: list[Secret] = []  # couch players' private faces, shown while held
        self.looking: set[int] = set()  # couch seats holding their look control now
        self.noted: list[tuple[int, FloatText]] = []  # the seats' notes on show (`note`)
        self.look_wait: Look | None = None  # the peek beat waiting for its owners to look
        self.looked: set[int] = set()  # seats that held and let go during `look_wait`
        self.timeline = Timeline()  # sounds and shakes due on impact

    def warm_up(self) -> None:
        """Render once, as the table opens, what a first flip, slap or Kaboom! would otherwise
        render mid-animation (card faces, bursts at every pop-in size, each seat's hand)."""
        w, h = self.layout.card_w, self.layout.card_h
        for c in R.DECK:
            art.face(c.code, w, h)
            if c.power is not None:
                art.face(c.code, w, h, art.POWER)
        playing_cards.back(w, h)
        playing_cards.slot(w, h)
        for step in range(1, SCALE_STEPS + 2):
            scaled(("KABOOM!", 380, theme.BLAST, theme.SPARK, theme.CREAM), step)
            for colour in set(self.host.colours):
                scaled(("SLAP!", 150, colour, theme.CREAM, theme.CREAM), step)
        for seat in range(self.n):
            hand = SlapHand(self.host.colours[seat], self.layout.owner_point(seat, 260),
                            self.layout.discard_pos, int(w * 1.5))
            rotated_hand(hand.colour, hand.size, hand.angle_step)
        words_ = (("Match!", theme.MINT, 24), ("No match!", PENALTY_RED, 24),
                  ("Power!", theme.SPARK, 24), ("+1 penalty card", PENALTY_RED, 22),
                  ("+2 penalty cards", PENALTY_RED, 22), ("Last turn", theme.SPARK, 18))
        for label, colour, size in words_:
            for alpha in range(9):
                plated_word(label, size, colour, alpha)

    # ------------------------------------------------------------------ queries

    @property
    def busy(self) -> bool:
        """Something is still being shown (the controller waits before the next decision)."""
        return (self.gen is not None or self.hold is not None or self.look_wait is not None
                or self.next_event < len(self.state.events))

    # ------------------------------------------------------------------ hold to look

    def lookable(self, seat: int) -> list[CardSprite]:
        """The cards `seat` may lift a corner of now (their private faces on the table)."""
        return [sec.sprite for sec in self.secrets if sec.seat == seat]

    def held_secret(self, seat: int) -> Secret | None:
        """`seat`'s drawn card kept private on a couch (its face shown only while held)."""
        return next((sec for sec in self.secrets
                     if sec.seat == seat and sec.sprite is self.held), None)

    def waiting_to_look(self) -> list[int]:
        """Seats a peek waits on: they have not yet held to look and let go."""
        if self.look_wait is None:
            return []
        return sorted(self.look_wait.seats - self.looked)

    def look(self, seat: int, on: bool) -> None:
        """`seat` pressed (on) or let go of (off) their look control: faces follow at once."""
        if on:
            self.looking.add(seat)
        elif seat in self.looking:
            self.looking.discard(seat)
            if any(sec.seat == seat for sec in self.secrets):
                self.looked.add(seat)
        self._show_secrets()

    def _keep_secret(self, s: CardSprite, seat: int, code: str) -> None:
        """`code` is `seat`'s private face on `s`: face down unless they hold to look."""
        self._forget(s)
        self.secrets.append(Secret(s, seat, code))
        s.set_face(False)
        s.code = ""
        self._show_secrets()

    def _forget(self, s: CardSprite) -> None:
        """`s` is no longer anybody's private card (public now, or back among the grid)."""
        if any(sec.sprite is s for sec in self.secrets):
            self.secrets = [sec for sec in self.secrets if sec.sprite is not s]
            s.set_face(False)

    def _show_secrets(self) -> None:
        """Each private face up exactly while its owner holds to look."""
        for sec in self.secrets:
            s = sec.sprite
            if sec.seat in self.looking:
                sec.seen = True
                if not s.face_up:
                    s.code = sec.code
                    s.secret = True
                    s.turn(True, 0.08)
            elif s.face_up or s.flip > 0:
                s.set_face(False)  # hidden the moment the player lets go

    def sprites(self) -> list[CardSprite]:
        out = [s for g in self.grids for s in g if s is not None]
        out.extend(self.discard)
        if self.held is not None:
            out.append(self.held)
        out.extend(self.flying)
        return out

    def shown_codes(self) -> set[str]:
        """Codes of every card face on screen right now (what a privacy test checks)."""
        return {s.code for s in self.sprites() if s.visible and s.showing_face}

    def known_codes(self) -> set[str]:
        """Codes the table holds at all, shown or about to be (never a hidden card)."""
        return {s.code for s in self.sprites() if s.code}

    def sprite_at(self, pos: R.Pos) -> CardSprite | None:
        grid = self.grids[pos.player] if 0 <= pos.player < self.n else []
        return grid[pos.slot] if 0 <= pos.slot < len(grid) else None

    def xy(self, seat: int, slot: int) -> tuple[float, float]:
        return self.layout.slot_pos(seat, slot, len(self.grids[seat]))

    # ------------------------------------------------------------------ the viewer

    def set_viewer(self, seat: int | None) -> None:
        if seat != self.viewer:
            self.conceal()
        self.viewer = seat

    def conceal(self) -> None:
        """Turn every private face down at once (someone else may be looking now)."""
        for s in self.sprites():
            if s.secret and s.face_up:
                s.turn(False, 0.15)

    def reshow_drawn(self, card: R.Card | None) -> None:
        """Show the viewer the card they hold again (after a curtain)."""
        if card is None or self.held is None:
            return
        self.held.code = card.code
        self.held.secret = True
        self.held.turn(True, 0.25)

    def reshow_king(self, cards: dict[R.Pos, R.Card]) -> None:
        """Show the viewer the two cards their King looked at again (still in place)."""
        for pos, c in cards.items():
            s = self.sprite_at(pos)
            if s is not None:
                s.code = c.code
                s.secret = True
                s.turn(True, 0.25)

    def release(self, seat: int) -> bool:
        """The holding player has seen enough (or their seat went to an AI)."""
        if self.look_wait is not None and seat in self.look_wait.seats:
            self.looked.add(seat)
        if self.hold is not None and self.hold.seat == seat:
            self.hold.released = True
            return True
        return False

    def drop_secrets(self, seat: int) -> None:
        """`seat`'s player is gone (an AI took over): nothing of theirs can be lifted now."""
        self.looking.discard(seat)
        for sec in [sec for sec in self.secrets if sec.seat == seat]:
            self._forget(sec.sprite)

    # ------------------------------------------------------------------ building

    def _sprite(self, xy: tuple[float, float], code: str = "") -> CardSprite:
        return TableCard(xy[0], xy[1], self.layout.card_w, self.layout.card_h, code=code,
                         deck=art.DECK, calm=self.reduced)

    def _ensure_slot(self, seat: int, slot: int) -> None:
        grid = self.grids[seat]
        while len(grid) <= slot:
            grid.append(None)

    def sync(self, state: R.CaboState, viewer: int | None) -> None:
        """Lay the table out as the state stands (a resume or a demo), without animation."""
        self.viewer = viewer
        self.round = state.round
        phase = state.phase
        revealed = phase in (R.Phase.ROUND_OVER, R.Phase.GAME_OVER)
        self.turn = None if phase in (R.Phase.LAST_CALL, R.Phase.ROUND_OVER,
                                      R.Phase.GAME_OVER) else state.turn
        self.kaboomer = state.kaboomer
        obs = state.observation(viewer, with_legal=False) if viewer is not None else None
        # every round clear of the end bar already (a grid grown taller, too)
        self.layout.lift_home(END_CLEAR, len(state.grids[self.layout.home]))
        self.grids = []
        for p, grid in enumerate(state.grids):
            row: list[CardSprite | None] = []
            for i, cell in enumerate(grid):
                if cell is None:
                    row.append(None)
                    continue
                s = self._sprite(self.layout.slot_pos(p, i, len(grid)),
                                 cell.card.code if revealed else "")
                s.set_face(revealed)
                row.append(s)
            self.grids.append(row)
        self.discard = []
        for k, c in enumerate(state.discard[-DISCARD_SHOWN:]):
            s = self._sprite(self.layout.discard_pos, c.code)
            s.angle = scatter_angle(len(state.discard) - DISCARD_SHOWN + k)
            s.set_face(True)
            self.discard.append(s)
        self.discard_depth = len(state.discard)
        if self.discard and phase in (R.Phase.POWER, R.Phase.KING_DECIDE):
            self.discard[-1].badge = art.POWER  # discarded for the power being used
        self.draw_count = len(state.draw)
        self.held = None
        self.held_seat = None
        self.secrets = []
        self.looking.clear()
        looker = None
        if state.turn >= 0 and self.host.looker(R.Drew(state.turn, None)) is not None:
            looker = state.turn  # a couch player: their private cards wait to be lifted
            obs = state.observation(looker, with_legal=False)
        if state.drawn is not None:
            self.held_seat = state.turn
            self.held = self._sprite(self.layout.hand_pos(state.turn,
                                                          len(state.grids[state.turn])))
            self.held.raise_to(10)
            self.held.badge = art.POWER
            if obs is not None and obs.drawn is not None:
                if looker is not None:
                    self._keep_secret(self.held, looker, obs.drawn.code)
                else:
                    self.reshow_drawn(obs.drawn)
        self.king_up = []
        if phase is R.Phase.KING_DECIDE and obs is not None and obs.king is not None:
            self.king_up = list(obs.king)
            for pos in self.king_up:
                up = self.sprite_at(pos)
                if up is not None:
                    up.raise_to(14)
            if obs.king_cards is not None:
                cards = {pos: c for pos, c in zip(obs.king, obs.king_cards, strict=True)
                         if state.card_at(pos) == c}
                if looker is not None:
                    for pos, c in cards.items():
                        up = self.sprite_at(pos)
                        if up is not None:
                            self._keep_secret(up, looker, c.code)
                else:
                    self.reshow_king(cards)
        self.totals = list(state.totals)
        self.scored_rounds = len(state.history)
        self.slapper = state.slap.player if state.slap is not None else None
        self.slapped = state.slap.card if state.slap is not None else None
        if self.slapper is not None:
            self._slap_hand(self.slapper, instant=True)
        self.reveal = None
        if revealed:
            last = next((e for e in reversed(state.events) if isinstance(e, R.RoundEnded)), None)
            if last is not None:
                self.reveal = self._reveal_info(last)
        self.next_event = len(state.events)
        self.shown_events = self._beat_end = self.next_event
        self._prefill_log(state)

    def show_start_peek_again(self) -> bool:
        """After a resume in the round's opening flips: the dealt peek once more. The save was
        made after it, so a player who quit during the deal would play the round blind (a
        playtester did). False when the round has no start peek to show, or when a card has
        been turned off the pile since: the save is of a later moment (the peek then covered
        the flipped card and asked to memorise cards already hidden)."""
        events = self.state.events
        begun = max((i for i, e in enumerate(events) if isinstance(e, R.RoundStarted)),
                    default=-1)
        first = next((i for i in range(begun + 1, len(events))
                      if isinstance(events[i], R.Peeked)
                      and getattr(events[i], "reason", "") == "start"), None)
        if first is None or any(isinstance(e, R.Flipped) for e in events[first:]):
            return False
        peek = events[first]
        assert isinstance(peek, R.Peeked)
        group = self._peek_group(peek, at=first)
        self.gen = self._beat([self._for_screen(e) for e in group], told=True)
        return True

    def _prefill_log(self, state: R.CaboState) -> None:
        """The log as it read before a resume: the last lines, told as they were live (the
        dealt peeks as one line, not one per card)."""
        events = state.events[-120:]
        told: list[tuple[R.Event, str]] = []
        i = 0
        while i < len(events):
            ev = events[i]
            j = i + 1
            if isinstance(ev, R.Peeked) and ev.reason == "start":
                while j < len(events) and isinstance(events[j], R.Peeked) and \
                        getattr(events[j], "reason", "") == "start":
                    j += 1
                line = self._start_peek_line(events[i:j])
            else:
                line = self.host.voice.describe(ev)
            if line is not None:
                told.append((ev, line))
            i = j
        for ev, line in told[-16:]:
            self._log(ev, fresh=False, line=line)

    def _start_peek_line(self, peeks: list[R.Event]) -> str | None:
        """One line for the dealt peeks shown together."""
        who = {e.player for e in peeks if isinstance(e, R.Peeked)}
        if len(who) > 1:
            return "Everyone peeks at their two bottom cards."
        return self.host.voice.describe(peeks[0])

    # ------------------------------------------------------------------ per step

    def later(self, delay: float, fn: Callable[[], None]) -> None:
        """Call `fn` after `delay` seconds of table time (sounds and shakes on impact)."""
        self.timeline.later(delay, fn)

    def update(self, dt: float) -> None:
        for s in self.sprites():
            s.update(dt)
        for s in self.discard:
            if not s.moves:
                s.raise_to(0)  # a card that has landed lies flat on the pile
        if self.flying:
            self.flying = [s for s in self.flying if s.moves]
        self.timeline.advance(dt)
        self.effects.update(dt)
        self.celebration.update(dt)
        if self.finale is not None:
            self.finale.left -= dt
            if self.finale.left <= 0:
                self.finale = None
        self.log.update(dt)
        if self.marks:
            self.marks = {k: (c, t - dt) for k, (c, t) in self.marks.items() if t - dt > 0}
        if self.banner is not None:
            msg, colour, ttl = self.banner
            self.banner = (msg, colour, ttl - dt) if ttl - dt > 0 else None
        if self.hold is not None:
            self.hold.timeout -= dt  # the beat's own clock waits while someone looks
        elif self.look_wait is not None:
            self.look_wait.timeout -= dt
        else:
            self.timer -= dt
        self._advance()

    def _advance(self) -> None:
        for _ in range(400):  # a beat never loops forever, whatever dt is
            if self.hold is not None:
                if not (self.hold.released or self.hold.timeout <= 0):
                    return
                self.hold = None
            if self.look_wait is not None:
                if self.waiting_to_look() and self.look_wait.timeout > 0:
                    return
                self.look_wait = None
            if self.timer > 0:
                return
            if self.gen is None:
                if not self._start_next():
                    self.timer = 0.0
                    return
                continue
            try:
                step = next(self.gen)
            except StopIteration:
                self.gen = None
                self.shown_events = max(self.shown_events, self._beat_end)
                continue
            if isinstance(step, Hold):
                self.hold = step
                self.shown_events = max(self.shown_events, self._beat_end)  # cards held up
            elif isinstance(step, Look):
                self.look_wait = step
                self.shown_events = max(self.shown_events, self._beat_end)
                self.looked = set()
            else:
                self.timer += step

    def _start_next(self) -> bool:
        events = self.state.events
        if self.next_event >= len(events):
            return False
        raw = events[self.next_event]
        group = [raw]
        if isinstance(raw, R.Peeked) and raw.reason in ("start", "king"):
            group = self._peek_group(raw)
        self.next_event += len(group)
        self._beat_end = self.next_event
        shown = [self._for_screen(e) for e in group]
        self.gen = self._beat(shown)
        return True

    def _for_screen(self, raw: R.Event) -> R.Event:
        """The event as the screen may hold it: for its couch owner (their faces then wait to
        be lifted, see `_private_to`), else for the viewer."""
        owner = self.host.looker(raw)
        return raw.redacted(owner if owner is not None else self.viewer)

    def _private_to(self, ev: R.Event) -> int | None:
        """The couch player whose face in `ev` is shown only while they hold to look."""
        return self.host.looker(ev)

    def _peek_group(self, first: R.Peeked, at: int | None = None) -> list[R.Event]:
        """Everyone's start peeks shown together (couch players each lift their own); a King's
        two together. `at`: where `first` stands in the events (default: the next event)."""
        events = self.state.events
        group: list[R.Event] = [first]
        i = (self.next_event if at is None else at) + 1
        while i < len(events):
            ev = events[i]
            if not (isinstance(ev, R.Peeked) and ev.reason == first.reason):
                break
            if first.reason == "king" and not (ev.player == first.player and len(group) < 2):
                break
            group.append(ev)
            i += 1
        return group

    # ------------------------------------------------------------------ beats

    def _log(self, ev: R.Event, fresh: bool = True, line: str | None = None) -> None:
        if isinstance(ev, R.Drew):
            return  # every turn draws: the line after "Ben's turn" says what came of it
        line = line if line is not None else self.host.voice.describe(ev)
        if line is None:
            return
        seat = words.actor(ev) if not line.startswith("Everyone") else None
        marker = (self.host.shapes[seat], self.host.colours[seat]) if seat is not None else None
        colour = theme.MUTED if isinstance(ev, R.TurnStarted) else theme.CREAM
        if isinstance(ev, R.KaboomCalled | R.SlapAttempt | R.RoundEnded | R.GameEnded):
            colour = lerp_colour(theme.SPARK, theme.CREAM, 0.3)
        # a new turn, a round's and the game's end bring a log scrolled back to the newest
        self.log.add(line, colour, marker,
                     isinstance(ev, R.TurnStarted | R.RoundEnded | R.GameEnded))
        if not fresh:
            self.log.lines[-1].age = 10.0

    def _tell(self, ev: R.Event, shown: list[R.Event]) -> None:
        """The log's line for a beat (a round's end is told once its cards are turned over)."""
        if isinstance(ev, R.Peeked) and ev.reason == "start":
            self._log(ev, line=self._start_peek_line(list(shown)))
        elif not isinstance(ev, R.RoundEnded | R.Flipped | R.SlapFlipped | R.Discarded
                                | R.Replaced):  # (on the face: `_tell_on_face`: "Ana
            # discarded the Jack of diamonds" was read while the card flew face down)
            self._log(ev)

    def _beat(self, shown: list[R.Event], told: bool = False) -> Beat:
        """One event's animation; `told`: the log already has its line (shown again)."""
        ev = shown[0]
        self._told = told
        if not told:
            self._tell(ev, shown)
        handler = _HANDLERS.get(type(ev))
        if handler is None:
            yield 0.1
            return
        yield from handler(self, shown)

    def _tell_on_face(self, ev: R.Event, s: CardSprite, limit: float) -> Iterator[float]:
        """A card turning over is told in the log once its face shows (at most `limit`
        seconds on): "The 2 of clubs turns over" was read while the card still showed its
        back. Yields the seconds it waited (the beat's own wait goes on after them)."""
        waited = 0.0
        while not s.showing_face and waited < limit:
            yield FACE_POLL
            waited += FACE_POLL
        if not self._told:
            self._log(ev)
        self._told = True

    def note(self, seat: int, label: str, colour: Colour, size: int) -> None:
        """A word that rises by a seat, in free felt beside its cards (never over them); never
        a second of one still on show by that seat (repeated clicks stacked two "Wait: Ana is
        slapping")."""
        self.noted = [(s, f) for s, f in self.noted if not f.done and f in self.effects.floats]
        if any(s == seat and f.label == label for s, f in self.noted):
            return
        box = plated_word(label, size, colour, 8).get_size()  # its size at this text scale
        width = max(box[0], text.render(label, size, colour, True, shadow=True).get_width() + 24)
        # off the buttons showing, and off where the seat's own buttons come next ("Last turn"
        # rose where its Draw button then appeared, over the home plate)
        counts = [len(g) for g in self.grids]
        coming = [r for w in NOTE_BUTTONS_W if (r := self.layout.button_spot(seat, w, counts))
                  is not None]
        avoid = self.keep_clear() + coming[:1]
        at = self.layout.note_point(seat, len(self.grids[seat]), width, avoid, counts,
                                    height=max(NOTE_H, box[1]))
        self.word(label, at, colour, size)
        self.noted.append((seat, self.effects.floats[-1]))

    def _word_point(self) -> tuple[int, int]:
        """Where a word about the piles rises, with every grid as it lies."""
        return self.layout.word_point(counts=[len(g) for g in self.grids])

    def word(self, label: str, at: tuple[int, int], colour: Colour, size: int = 22) -> None:
        """A word rising at `at` on its dark plate (readable in any colour on the felt); a
        word still showing there ("No match!") keeps its place and this one stacks beside it
        (the penalty that follows was drawn over it)."""
        step = -WORD_STACK if at[1] > CENTRE[1] else WORD_STACK
        showing = [plated_word(f.label, f.size, f.colour, 8).get_rect(center=f.pos)
                   for f in self.effects.floats if isinstance(f, PlatedWord) and not f.done]
        rect = plated_word(label, size, colour, 8).get_rect(center=at)
        for _ in range(4):
            if rect.collidelist(showing) < 0:
                break
            rect.y += step
        # reduced motion: the word fades where it is, without rising
        self.effects.floats.append(PlatedWord(label, rect.center, colour, size,
                                              rise=0.0 if self.reduced else FloatText.rise))

    def _power_spent(self) -> None:
        """No card on the discard pile shows its power band any more (its power was used, or
        another card covers it): only a power that can still be used is named on a card."""
        for d in self.discard:
            d.badge = ""

    def _push_discard(self, s: CardSprite) -> None:
        self._power_spent()
        s.badge = ""
        s.angle = scatter_angle(self.discard_depth)
        self.discard.append(s)
        self.discard_depth += 1
        if len(self.discard) > DISCARD_SHOWN:
            del self.discard[0]

    def _landed(self) -> None:
        self.host.on_landed()

    def _pan_x(self, seat: int) -> float:
        return self.layout.spots[seat].cx

    def _b_round_started(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.RoundStarted)
        self.round = ev.round
        self.turn = ev.starter
        self.kaboomer = None
        self.slapper = None
        self.reveal = None
        self.king_up = []
        self.effects.lift_hands()
        leaving = self.sprites()
        self.grids = [[] for _ in range(self.n)]
        self.discard = []
        self.discard_depth = 0
        self.held = None
        self.held_seat = None
        for sec in self.secrets:
            sec.sprite.set_face(False)
        self.secrets = []
        if leaving:
            self.host.play("card_shuffle")
            for i, s in enumerate(leaving):
                s.turn(False, 0.2)
                s.secret = False
                s.raise_to(0)
                s.angle = 0
                s.move_to(self.layout.draw_pos, 0.4, delay=min(0.5, i * 0.01),
                          ease=ease_in_out_cubic)
            self.flying = leaving
            yield 0.8
        self.flying = []
        # every round's home seat stands clear of the match's end bar from its deal (moved
        # at the reveal, the player's cards rose ~18 px as they turned over; lifted in the
        # last round only, the seat stood higher there than in the rounds before)
        self.layout.lift_home(END_CLEAR)
        self.draw_count = len(R.DECK)
        self.banner = (f"Round {ev.round} of {self.host.rounds}", theme.SPARK, 1.6)
        yield 0.5

    def _b_dealt(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.Dealt)
        self.grids = [[None] * c for c in ev.counts]
        k = 0
        step = 0.03 if self.reduced else 0.05
        for slot in range(max(ev.counts)):
            for p in range(self.n):
                if slot >= ev.counts[p]:
                    continue
                s = self._sprite(self.layout.draw_pos)
                s.move_to(self.layout.slot_pos(p, slot, ev.counts[p]), 0.3, delay=k * step,
                          arc=18)
                self.grids[p][slot] = s
                if k % 3 == 0:
                    x = self.layout.spots[p].cx
                    self.later(k * step, partial(self.host.play, "card_deal", x, 0.7))
                k += 1
        self.draw_count -= k
        yield k * step + 0.35

    def _b_peeked(self, shown: list[R.Event]) -> Beat:
        peeks = [e for e in shown if isinstance(e, R.Peeked)]
        first = peeks[0]
        faces_for: int | None = None
        lifters: set[int] = set()  # couch players who must lift these corners to see them
        lifted: list[tuple[CardSprite, R.Pos]] = []
        for i, ev in enumerate(peeks):
            s = self.sprite_at(ev.pos)
            if s is None:
                continue
            s.move_to(self.layout.peek_pos(ev.pos.player, ev.player,
                                           len(self.grids[ev.pos.player]), 16, ev.pos.slot),
                      0.22)
            s.raise_to(16)
            s.angle = (-3 if i % 2 else 3) if ev.player != ev.pos.player else 0
            if ev.card is not None and self._private_to(ev) is not None:
                self._keep_secret(s, ev.player, ev.card.code)
                lifters.add(ev.player)
            elif ev.card is not None:
                s.code = ev.card.code
                s.secret = True
                s.turn(True, 0.25)
                faces_for = ev.player
            lifted.append((s, ev.pos))
        if first.reason != "start":
            self.marks.update({id(s): (self.host.colours[first.player], 1.6)
                               for s, _ in lifted})
        self.host.play("peek", self._pan_x(first.player))
        if first.reason == "start":
            # the hand line counts the opening's two as their faces turn up: not a beat later
            # (a stranger read "You know none of your cards yet" above his two cards face up),
            # nor before ("You know 2 of 4 cards: 11 points" stood over two cards still face
            # down); a couch's private faces count once they may be lifted (`Look`)
            waited = 0.0
            while faces_for is not None and waited < 0.35 and not any(
                    s.showing_face for s, _ in lifted):
                yield FACE_POLL
                waited += FACE_POLL
            if not lifters:
                self.shown_events = max(self.shown_events, self._beat_end)
            yield max(0.0, 0.35 - waited)
        else:
            yield 0.35
        if first.reason == "king":
            self.king_up = [p for _, p in lifted]
            yield 0.5
            return
        if lifters:
            yield Look(frozenset(lifters), LOOK_WAIT)
            for s, _pos in lifted:
                self._forget(s)
        elif faces_for is not None and self.host.is_human(faces_for):
            yield Hold(faces_for, START_PEEK_HOLD if first.reason == "start" else PEEK_HOLD,
                       first.reason)
        else:
            yield 1.2 if first.reason == "start" else 0.9
        for s, pos in lifted:
            s.turn(False, 0.25)
            s.raise_to(0)
            s.angle = 0
            if self.sprite_at(pos) is s:
                s.move_to(self.xy(pos.player, pos.slot), 0.22)
        if first.reason != "start":
            self._power_spent()  # the peek or spy is done
        yield 0.3

    def _b_flipped(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.Flipped)
        self.opening = True
        s = self._sprite(self.layout.draw_pos, ev.card.code)
        s.move_to(self.layout.discard_pos, 0.34, arc=34, on_done=self._landed)
        s.turn(True, 0.3)
        s.raise_to(0)
        self.draw_count = max(0, self.draw_count - 1)
        self._push_discard(s)
        self.turn = (ev.player + 1) % self.n  # the flips go round the table (decision 8)
        self.host.play("card_flip", self._pan_x(ev.player))
        waited = 0.0
        for step in self._tell_on_face(ev, s, 0.45):
            waited += step
            yield step
        yield max(0.0, 0.45 - waited)

    def _b_reshuffled(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.Reshuffled)
        top = self.discard[-1:] if self.discard else []
        for i, s in enumerate(self.discard[:-1]):
            s.turn(False, 0.2)
            s.angle = 0
            s.move_to(self.layout.draw_pos, 0.35, delay=i * 0.05)
            self.flying.append(s)
        self.discard = top
        self.discard_depth = len(top)
        self.draw_count = ev.count
        self.host.play("card_shuffle")
        self.banner = ("Discards shuffled into a new draw pile", theme.SKY, 1.6)
        yield 0.7

    def _b_drew(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.Drew)
        s = self._sprite(self.layout.draw_pos)
        if ev.card is not None and self._private_to(ev) is not None:
            self._keep_secret(s, ev.player, ev.card.code)
        elif ev.card is not None:
            s.code = ev.card.code
            s.secret = True
            s.turn(True, 0.3)
        s.raise_to(10)
        s.badge = art.POWER  # a freshly drawn card may be discarded for its power
        s.move_to(self.layout.hand_pos(ev.player, len(self.grids[ev.player])), 0.4, arc=26)
        self.held = s
        self.held_seat = ev.player
        self.draw_count = max(0, self.draw_count - 1)
        self.host.play("card_slide", self._pan_x(ev.player))
        yield 0.5

    def _take_held(self, seat: int) -> CardSprite:
        s = self.held
        self.held = None
        self.held_seat = None
        if s is None:
            s = self._sprite(self.layout.hand_pos(seat, len(self.grids[seat])))
        return s

    def _b_discarded(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.Discarded)
        s = self._take_held(ev.player)
        self._forget(s)
        s.secret = False
        s.code = ev.card.code
        s.turn(True, 0.22)
        s.raise_to(0)
        s.move_to(self.layout.discard_pos, 0.34, arc=22, on_done=self._landed)
        self._push_discard(s)
        power = ev.card.power
        if ev.use_power and power is not None:
            s.badge = art.POWER  # named on the pile while it is being used
        self.host.play("card_flip", self._pan_x(ev.player))
        waited = 0.0
        for step in self._tell_on_face(ev, s, 0.45):
            waited += step
            yield step
        yield max(0.0, 0.45 - waited)
        if ev.use_power and power is not None:
            self.banner = (self.host.voice.power_banner(ev.player, power),
                           self.host.colours[ev.player], 2.0)
            self.word("Power!", self._word_point(), theme.SPARK, 24)
            yield 0.45

    def _b_replaced(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.Replaced)
        old = self.sprite_at(R.Pos(ev.player, ev.slot))
        new = self._take_held(ev.player)
        self._forget(new)
        if old is not None:
            old.secret = False
            old.code = ev.old.code
            old.raise_to(14)
            old.turn(True, 0.3)
            old.move_to(self.layout.discard_pos, 0.42, delay=0.05, arc=30, on_done=self._landed)
            self._push_discard(old)
        new.badge = ""  # in a grid a card's power is spent
        if new.face_up:
            new.turn(False, 0.25)
        new.raise_to(0)
        new.move_to(self.xy(ev.player, ev.slot), 0.42, delay=0.12)
        self._ensure_slot(ev.player, ev.slot)
        self.grids[ev.player][ev.slot] = new
        self.host.play("card_slide", self._pan_x(ev.player))
        self.later(0.3, lambda: self.host.play("card_flip", self.layout.discard_pos[0], 0.6))
        told = 0.0
        if old is not None:  # the log's line once the old card's face shows
            for step in self._tell_on_face(ev, old, 0.5):
                told += step
                yield step
        elif not self._told:
            self._log(ev)
            self._told = True
        waited = yield from self._count_on_landing((new,), max(0.0, 1.0 - told))
        yield max(0.0, 0.6 - told - waited)

    def _count_on_landing(self, cards: tuple[CardSprite | None, ...],
                          limit: float) -> Generator[float, None, float]:
        """Wait (at most `limit` s) until `cards` have landed, then let the hand line count
        the beat's events: in the frame the swapped cards come down, not a pause later nor
        while they fly (strangers read a stale "You know N of M cards" after swaps). Returns
        the time waited."""
        waited = 0.0
        while waited < limit and any(c is not None and c.moves for c in cards):
            step = LAND_POLL - min(0.0, self.timer)  # the beat's clock owes no frame
            yield step
            waited += step
        self.shown_events = max(self.shown_events, self._beat_end)
        return waited

    def _b_power_used(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.PowerUsed)
        colour = self.host.colours[ev.player]
        for pos in ev.targets:
            s = self.sprite_at(pos)
            if s is not None:
                self.marks[id(s)] = (colour, 1.4)
        yield 0.45

    def _b_swapped(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.Swapped)
        sa, sb = self.sprite_at(ev.a), self.sprite_at(ev.b)
        pa, pb = self.xy(ev.a.player, ev.a.slot), self.xy(ev.b.player, ev.b.slot)
        for s, dest, arc in ((sa, pb, 46), (sb, pa, -30)):
            if s is not None:
                s.move_to(dest, 0.6, arc=arc, ease=ease_in_out_cubic)
        self.grids[ev.a.player][ev.a.slot] = sb
        self.grids[ev.b.player][ev.b.slot] = sa
        colour = self.host.colours[ev.player]
        for s in (sa, sb):
            if s is not None:
                self.marks[id(s)] = (colour, 1.0)
        self.host.play("swap", self._pan_x(ev.player))
        self._power_spent()
        # the cards are down: the hand line counts them now, not after the pause (a King swap
        # took a stranger's Ace and "You know ..." kept its numbers a second longer)
        waited = yield from self._count_on_landing((sa, sb), 1.0)
        yield max(0.0, 0.75 - waited)

    def _b_king_decided(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.KingDecided)
        for pos in self.king_up:
            s = self.sprite_at(pos)
            if s is not None:
                self._forget(s)
                s.turn(False, 0.25)
                s.raise_to(0)
                s.angle = 0
                s.move_to(self.xy(pos.player, pos.slot), 0.2)
        self.king_up = []
        self._power_spent()
        self.word("Swap!" if ev.swap else "No swap", self._word_point(),
                  lerp_colour(self.host.colours[ev.player], theme.CREAM, 0.3), 26)
        yield 0.5

    def _slap_hand(self, seat: int, instant: bool = False) -> None:
        start = self.layout.owner_point(seat, 260)
        fx, fy = self.layout.spots[seat].facing
        px, py = self.layout.discard_pos
        w, h = self.layout.card_w, self.layout.card_h
        # fingers on the pile's lower right, palm toward the slapper: the rank stays in view
        end = (px + w * 0.2 + fx * h * 0.32, py + h * 0.2 + fy * h * 0.32)
        hand = self.effects.slap(self.host.colours[seat], start, end, size=int(w * 1.5))
        if instant:
            hand.t = 10.0

    def _b_slap_attempt(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.SlapAttempt)
        self.opening = False  # a right slap starts play itself; a wrong one flips on
        self.slapper = ev.player
        self._slap_hand(ev.player)
        colour = self.host.colours[ev.player]
        dx, dy = self.layout.discard_pos

        def impact() -> None:
            self.host.play("slap", dx)
            self.effects.shake(9)
            self.effects.sparks((dx, dy), colour, 26)
            # off the buttons showing and those the slap brings up (a race's burst covered the
            # "Don't flip" button it had brought up)
            avoid = self.keep_clear() + self.slap_buttons()
            self.effects.burst("SLAP!", self.layout.slap_burst_pos(ev.player, avoid=avoid),
                               SLAP_BURST_W,
                               colour, theme.CREAM, 0.8)

        self.later(0.16, impact)
        self.slapped = ev.card  # what the flips that follow are judged against
        self.banner = (self.host.voice.slap_banner(ev.player, ev.card), colour, 2.0)
        yield 0.75

    def _b_slap_flipped(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.SlapFlipped)
        s = self.sprite_at(ev.pos)
        if s is None:
            s = self._sprite(self.xy(ev.pos.player, ev.pos.slot))
        self.grids[ev.pos.player][ev.pos.slot] = None
        # the card has left its grid: the hand line counts it gone now, not when the beat
        # ends (a stranger read "You know both cards: 5 points" a second with one card left)
        self.shown_events = max(self.shown_events, self._beat_end)
        self._forget(s)
        s.secret = False
        s.code = ev.card.code
        s.raise_to(18)
        s.turn(True, 0.25)
        s.move_to(self.layout.discard_pos, 0.4, delay=0.3, arc=30)
        self.later(0.35, lambda: s.raise_to(0))
        self._push_discard(s)
        self.host.play("card_flip", self._pan_x(ev.pos.player))
        x, y = self.layout.discard_pos
        word, colour, sound = (("Match!", theme.MINT, "score") if ev.match
                               else ("No match!", PENALTY_RED, "slap_wrong"))

        said = self.host.voice.slap_verdict(ev.player, ev.card, self.slapped, ev.match)

        def verdict() -> None:  # by the slapper, whose flip it judges (not by the piles,
            # where a playtester read it as another seat's); the banner says against which
            # card and why, so a wrong slap is understood, not only heard. A wrong flip is
            # said once, by the banner (with its penalty): "No match!", the banner and
            # "+2 penalty cards" at once read as three mistakes to a stranger
            if ev.match:
                self.note(ev.player, word, colour, 24)
            self.banner = (said, colour, 3.2 if not ev.match else 2.6)
            self.host.play(sound, x)

        self.later(0.7, verdict)
        if not ev.match:
            self.later(0.7, lambda: self.effects.shake(5))
        waited = 0.0
        for step in self._tell_on_face(ev, s, 1.0):
            waited += step
            yield step
        yield max(0.0, 1.0 - waited)

    def _b_gave(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.Gave)
        s = self.sprite_at(R.Pos(ev.player, ev.slot))
        self.grids[ev.player][ev.slot] = None
        self._ensure_slot(ev.to.player, ev.to.slot)
        self.grids[ev.to.player][ev.to.slot] = s
        if s is not None:
            s.move_to(self.xy(ev.to.player, ev.to.slot), 0.55, arc=40, ease=ease_in_out_cubic)
            self.marks[id(s)] = (self.host.colours[ev.player], 1.0)
        self.host.play("card_slide", self._pan_x(ev.to.player))
        waited = yield from self._count_on_landing((s,), 1.0)
        yield max(0.0, 0.65 - waited)

    def _b_penalty(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.Penalty)
        if not ev.slots:
            yield 0.1
            return
        seat = ev.player
        for slot in ev.slots:
            self._ensure_slot(seat, slot)
        self._relayout(seat)
        for i, slot in enumerate(ev.slots):
            s = self._sprite(self.layout.draw_pos)
            s.move_to(self.xy(seat, slot), 0.42, delay=i * 0.2, arc=20)
            self.grids[seat][slot] = s
            self.marks[id(s)] = (theme.BLAST, 1.6)
        self.draw_count = max(0, self.draw_count - len(ev.slots))
        k = len(ev.slots)
        if not words.told_by_the_flip(ev):
            self.note(seat, f"+{k} penalty card{'s' * (k != 1)}", PENALTY_RED, 22)
        self.host.play("penalty", self._pan_x(seat))
        yield 0.55 + 0.2 * k

    def clear_bottom(self, bottom: int = END_CLEAR) -> None:
        """The home seat's plate and cards move up to end at `bottom` (the match's end bar
        would cover their foot); its cards slide there. Every round is dealt there already
        (`_b_round_started`, `sync`): this only moves a grid that grew taller since."""
        home = self.layout.home
        if self.layout.lift_home(bottom, len(self.grids[home])):
            for slot, s in enumerate(self.grids[home]):
                if s is not None:
                    s.move_to(self.xy(home, slot), 0.35, ease=ease_in_out_cubic)

    def _relayout(self, seat: int) -> None:
        """Slide a grid's cards to their places after it grew a column."""
        for slot, s in enumerate(self.grids[seat]):
            if s is not None and not s.moves:
                dest = self.xy(seat, slot)
                if (round(s.x), round(s.y)) != (round(dest[0]), round(dest[1])):
                    s.move_to(dest, 0.3)

    def _b_slap_result(self, shown: list[R.Event]) -> Beat:
        self.effects.lift_hands()
        self.slapper = None
        yield 0.3

    def _b_kaboom(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.KaboomCalled)
        self.kaboomer = ev.player
        grid = self.layout.grid_rect(ev.player, len(self.grids[ev.player]))
        pos = (grid.centerx * 0.55 + CENTRE[0] * 0.45, grid.centery * 0.55 + CENTRE[1] * 0.45)
        colour = self.host.colours[ev.player]
        self.effects.burst("KABOOM!", pos, 380, theme.BLAST, theme.SPARK, 1.3)
        self.effects.sparks(pos, theme.SPARK, 40, 380)
        self.effects.sparks(pos, colour, 30, 300)
        self.effects.shake(14)
        self.host.play("kaboom", pos[0])
        self.banner = ("Kaboom! Everyone else has one last turn", theme.BLAST, 2.4)
        yield 1.6

    def _b_turn_started(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.TurnStarted)
        self.turn = ev.player
        self._power_spent()
        if self.opening:  # the opening flips ran out with no match slapped: say who starts
            self.opening = False  # (play began with no word and a stranger kept waiting)
            starts = self.host.voice.says(ev.player, "starts", "start", " play")
            self.banner = (f"No match slapped. {starts}.", theme.SPARK, 2.6)
        if ev.last:
            self.note(ev.player, "Last turn", theme.SPARK, 18)
        yield 0.15

    def _reveal_info(self, ev: R.RoundEnded) -> RevealInfo:
        return RevealInfo(ev.round, ev.card_totals, ev.scores, ev.totals, ev.kaboomer,
                          words.round_best(ev), self.host.knowledge(),
                          self.host.voice.round_story(
                              ev, words.first_paid_call(self.state.events, ev)),
                          words.kaboom_made(ev),
                          tuple(self.host.voice.score_why(ev, p) for p in range(self.n)))

    def _b_round_ended(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.RoundEnded)
        self.turn = None
        self.effects.lift_hands()
        if ev.round >= self.host.rounds:
            self.clear_bottom()  # the end bar will come: move now, while every card turns
        info = self._reveal_info(ev)
        order = [(self.layout.home + k) % self.n for k in range(self.n)]
        delay = 0.0
        for p in order:
            for slot, c in enumerate(ev.hands[p]):
                s = self.sprite_at(R.Pos(p, slot))
                if s is None or c is None:
                    continue

                def show(s: CardSprite = s, code: str = c.code) -> None:
                    self._forget(s)
                    s.secret = False
                    s.code = code
                    s.turn(True, 0.3)

                self.later(delay, show)
                delay += 0.07
            x = self.layout.spots[p].cx
            self.later(delay, partial(self.host.play, "card_flip", x, 0.8))
            delay += 0.12
        yield delay + 0.4
        self._log(ev)
        self.banner = self._verdict_banner(info)
        self.reveal = info
        self.totals = list(ev.totals)
        self.scored_rounds += 1
        self.host.play("round_end")
        for w in ev.winners:
            plate = self.layout.plate_rect(w)
            self.effects.sparks(plate.center, theme.MINT, 24)
        yield 1.2

    def _verdict_banner(self, info: RevealInfo) -> tuple[str, Colour, float] | None:
        """Beside the piles as the cards turn over: the call made or missed, in a few words."""
        k = info.kaboomer
        if k is None:
            return None
        voice = self.host.voice
        if info.made:
            return (f"{voice.Poss(k)} Kaboom! worked: {info.scores[k]:+d}", theme.SKY, 8.0)
        best = [voice.obj(p) for p in info.winners]
        tied = bool(info.winners) and \
            abs(info.card_totals[info.winners[0]]) == abs(info.card_totals[k])
        were = voice.group_verb(info.winners, "was", "were")
        # "closer", not "closer to zero": with larger text the bubble took five lines
        why = f"{words.listing(best)} {'tied' if tied else were + ' closer'}"
        return (f"{voice.Poss(k)} Kaboom! missed ({why}): {info.scores[k]:+d}", theme.BLAST,
                8.0)

    def _b_game_ended(self, shown: list[R.Event]) -> Beat:
        ev = shown[0]
        assert isinstance(ev, R.GameEnded)
        voice = self.host.voice
        self.banner = (voice.game_won(ev.winners), theme.SPARK, 30.0)
        # a person at the screen won: a moment of its own over the felt (a stranger found
        # only "Final scores: You win!" in the side panel, then only a small bubble): a large
        # band across the table for a couple of seconds, the win sound and the kit's burst
        # and confetti, as the other card game ends; a person's loss gets a quieter band
        people = [w for w in ev.winners if self.host.is_human(w)]
        humans = [p for p in range(len(self.grids)) if self.host.is_human(p)]
        word = win_word(voice, people)
        if humans:
            self.finale = Finale(voice.game_won(ev.winners), finale_line(ev, humans, voice),
                                 word is not None, FINALE_S)
        if word is not None or not humans:
            self.host.play("game_win")
            # on felt no hand or name plate uses (it covered the top seat's cards), nor the
            # band's headline (a stranger saw it hide the "Y" of "You win the game!")
            centre, width = self.layout.win_burst_place([len(g) for g in self.grids],
                                                        self.finale_rects())
            self.celebration.begin(self.effects, self.later, word, centre, width)
        else:
            self.host.play("round_end")  # no fanfare for a loss
        yield 1.5

    def finale_rects(self) -> list[pygame.Rect]:
        """Where the match's end band lies over the table (`TableView._finale`), if shown."""
        f = self.finale
        if f is None:
            return []
        return [hud.finale_band(f.title, f.line, f.won, text.scale()).get_rect(center=CENTRE)]

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, offset: tuple[float, float], t: float) -> None:
        """Piles, cards (resting first, moving and lifted on top), marks and effects."""
        ox, oy = offset
        lay = self.layout
        w, h = lay.card_w, lay.card_h
        # the draw pile
        dx, dy = lay.draw_pos
        if self.draw_count > 0:
            depth = min(6, 1 + self.draw_count // 9)
            under = pile_shadow(w, h, depth)
            surface.blit(under, (round(dx - w / 2 + ox), round(dy - h / 2 + oy)))
            back = playing_cards.back(w, h)
            surface.blit(back, (round(dx - w / 2 + ox), round(dy - h / 2 + oy)))
        else:
            surface.blit(playing_cards.slot(w, h), (round(dx - w / 2 + ox), round(dy - h / 2 + oy)))
        badge = text.render(f"{self.draw_count}", 12, theme.CREAM, True)
        br = pygame.Rect(0, 0, badge.get_width() + 12, 18)
        # inside the pile's bottom edge: the outlines and the keyboard's cursor ring go round
        # the card, outside it, so they never cover the count
        br.midbottom = (round(dx + ox), round(dy + h / 2 - 5 + oy))
        pygame.draw.rect(surface, theme.INK, br, border_radius=9)
        pygame.draw.rect(surface, theme.LINE, br, 1, border_radius=9)
        surface.blit(badge, badge.get_rect(center=br.center))
        # the discard pile's older depth
        sx, sy = lay.discard_pos
        if self.discard_depth > len(self.discard):
            depth = min(6, 1 + (self.discard_depth - len(self.discard)) // 6)
            surface.blit(pile_shadow(w, h, depth), (round(sx - w / 2 + ox), round(sy - h / 2 + oy)))
        elif not self.discard:
            surface.blit(playing_cards.slot(w, h), (round(sx - w / 2 + ox), round(sy - h / 2 + oy)))
        empty = playing_cards.slot(w, h)
        for p, g in enumerate(self.grids):
            for slot, s in enumerate(g):
                if s is None:
                    x, y = self.xy(p, slot)
                    surface.blit(empty, (round(x - w / 2 + ox), round(y - h / 2 + oy)))
        resting, moving = self.layers()
        for s in resting:
            s.draw(surface, offset)
        if self.kaboomer is not None:
            self._draw_locks(surface, offset)
        self._draw_marks(surface, offset, t)
        for s in moving:
            s.draw(surface, offset)
        if self.reveal is not None:
            self._draw_recap(surface, offset)

    def layers(self) -> tuple[list[CardSprite], list[CardSprite]]:
        """Card sprites in drawing order: (resting, moving), each drawn bottom to top.

        A card that has landed on the discard pile rests there in pile order whatever its lift,
        so an older discard can never cover the newer top card (the pile is what slaps go by).
        Resting discards come first so grid cards are never hidden by them.
        """
        resting = [s for s in self.discard if not s.moves]
        moving = [s for s in self.discard if s.moves]
        for g in self.grids:
            for s in g:
                if s is not None:
                    (moving if s.moves or s.lift > 1 else resting).append(s)
        moving.extend(self.flying)
        if self.held is not None:
            moving.append(self.held)
        moving.sort(key=lambda s: s.lift)  # stable: discards keep their pile order
        return resting, moving

    def top_at(self, point: tuple[float, float]) -> CardSprite | None:
        """The card drawn uppermost at `point` (what a player sees on top of a pile)."""
        resting, moving = self.layers()
        for s in reversed(resting + moving):
            if s.visible and s.rect().collidepoint(point):
                return s
        return None

    def _draw_marks(self, surface: pygame.Surface, offset: tuple[float, float],
                    t: float) -> None:
        if not self.marks:
            return
        for s in self.sprites():
            mark = self.marks.get(id(s))
            if mark is None:
                continue
            colour, left = mark
            r = s.rect().move(round(offset[0]), round(offset[1])).inflate(10, 10)
            width = 3 if int(left * 6) % 2 == 0 or self.reduced else 2
            # on a dark backing: a green seat's ring was lost on the green felt
            pygame.draw.rect(surface, theme.INK, r.inflate(4, 4), width + 4, border_radius=10)
            pygame.draw.rect(surface, colour, r, width, border_radius=8)

    def _draw_locks(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        seat = self.kaboomer
        assert seat is not None
        for s in self.grids[seat]:
            if s is None or s.moves or s.showing_face:  # a face shows its value there
                continue
            r = s.rect().move(round(offset[0]), round(offset[1]))
            _padlock(surface, (r.right - 12, r.y + 14))

    def _draw_recap(self, surface: pygame.Surface, offset: tuple[float, float]) -> None:
        """On each revealed card's left edge, low down, the marks of the seats that had seen
        it (`recap_marks`: clear of its pips, its corners' indexes and the word JOKER)."""
        info = self.reveal
        assert info is not None
        for p, grid in enumerate(self.grids):
            for slot, s in enumerate(grid):
                if s is None:
                    continue
                seen = info.knew.get((p, slot), ())
                if not seen:
                    continue
                r = s.rect().move(round(offset[0]), round(offset[1]))
                parts, eye, marks, mark_r = recap_marks(r, len(seen))
                for part in parts:  # a cream rim round the strip's whole outline
                    pygame.draw.rect(surface, theme.CREAM, part.inflate(2, 2),
                                     border_radius=(part.w + 2) // 2)
                for part in parts:
                    pygame.draw.rect(surface, theme.INK, part, border_radius=part.w // 2)
                ex, ey = eye
                pygame.draw.ellipse(surface, theme.CREAM, (ex - EYE_W // 2, ey - 3, EYE_W, 7))
                pygame.draw.circle(surface, theme.INK, (ex, ey), 2)
                for seat, at in zip(seen, marks, strict=True):
                    # the seat's colour in its shape, on the strip's dark ink (its rim)
                    seat_shape(surface, self.host.shapes[seat], at, mark_r,
                               self.host.colours[seat], None)


#: The recap strip's head (round the card's edge, holding the eye) and its eye's widths, and
#: the largest radius of a seat's mark in its body.
STRIP_W, EYE_W, MARK_R = 10, 8, 6.0


def recap_strip(card: pygame.Rect, seats: int) -> tuple[list[pygame.Rect], float]:
    """Where the "who had seen it" strip of a revealed card goes, and the step between its
    marks: upright on the card's left edge, from below the middle to above the foot, never
    past half the gap to a card beside it. Its head holds the eye, narrow (the pip's edge
    comes near the margin there); its body, in the wider blank margin low on the card, holds
    the seats' marks. Across the middle it covered the pip, and at the foot the word JOKER:
    these margins hold no ink on any face (the corners keep the rank and the value badge)."""
    w, h = card.size
    body_top = card.top + round(h * 0.6)
    bottom = card.bottom - round(h * 0.07)
    gap = max(2, round(w * 0.12))  # the table's gap between two cards is 6-8 px
    body = pygame.Rect(card.left - gap // 2, body_top,
                       gap // 2 + 1 + round(w * 0.15), bottom - body_top)
    room = body.h - 2
    step = min(2 * MARK_R + 2.0, room / max(1, seats))
    body.h = min(body.h, round(step * seats + 2))  # as long as its marks need
    head_top = card.top + round(h * 0.46)
    head = pygame.Rect(card.left - STRIP_W // 2, head_top, STRIP_W, body_top - head_top + 4)
    return [head, body], step


def recap_marks(card: pygame.Rect, seats: int) -> tuple[list[pygame.Rect], tuple[int, int],
                                                        list[tuple[float, int]], float]:
    """The "who had seen it" strip of a revealed card (`recap_strip`: its head and body),
    its eye's centre (in the head), each seat mark's centre down the body, and the marks'
    radius (smaller only when many seats had seen it)."""
    (head, body), step = recap_strip(card, seats)
    eye = (head.centerx, head.top + (body.top - head.top) // 2 + 1)
    r = max(4.0, min(MARK_R, (body.w - 3) / 2, step / 2 - 0.5))
    first = body.top + 1 + step / 2
    return [head, body], eye, [(body.left + body.w / 2, round(first + i * step))
                               for i in range(seats)], r


def _padlock(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    """A small padlock: a Kaboomer's cards can't be touched."""
    x, y = centre
    pygame.draw.circle(surface, theme.INK, (x, y), 11)
    pygame.draw.rect(surface, theme.SPARK, (x - 6, y - 1, 12, 9), border_radius=2)
    pygame.draw.arc(surface, theme.SPARK, (x - 5, y - 8, 10, 12), 0, 3.1416, 2)


_HANDLERS: dict[type, Callable[[Presenter, list[R.Event]], Beat]] = {
    R.RoundStarted: Presenter._b_round_started,
    R.Dealt: Presenter._b_dealt,
    R.Peeked: Presenter._b_peeked,
    R.Flipped: Presenter._b_flipped,
    R.Reshuffled: Presenter._b_reshuffled,
    R.Drew: Presenter._b_drew,
    R.Discarded: Presenter._b_discarded,
    R.Replaced: Presenter._b_replaced,
    R.PowerUsed: Presenter._b_power_used,
    R.Swapped: Presenter._b_swapped,
    R.KingDecided: Presenter._b_king_decided,
    R.SlapAttempt: Presenter._b_slap_attempt,
    R.SlapFlipped: Presenter._b_slap_flipped,
    R.Gave: Presenter._b_gave,
    R.Penalty: Presenter._b_penalty,
    R.SlapResult: Presenter._b_slap_result,
    R.KaboomCalled: Presenter._b_kaboom,
    R.TurnStarted: Presenter._b_turn_started,
    R.RoundEnded: Presenter._b_round_ended,
    R.GameEnded: Presenter._b_game_ended,
}
