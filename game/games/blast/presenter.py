"""The presenter: plays the rules' event log on the table, one beat at a time.

It keeps the picture of the table (each seat's walls, characters, badges and hand size, the
piles, the chain on the stage, the home seat's hand as card sprites, the move log) and builds it
only from events, each redacted for the screen's `viewer` just before it is shown: the lone
human, the couch player behind an opened curtain, or nobody (`None`: public faces only). The
hand fan shows faces only while the viewer is the home seat; anyone else's hand is a count.

Each event becomes a small generator that starts animations and yields how long to wait, so a
chain reads step by step: the card flies to the stage, the arrow grows to its target, a defence
pops, the arrow turns, the explosion lands and the walls crumble.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from game.core.dispatch import ByClass
from game.core.rng import derive_seed
from game.games.blast import art, hud
from game.games.blast import words as W
from game.games.blast.data import CARD_ORDER, CARDS, CHEMIST, DEFENCES, UNDERMINER, Category
from game.games.blast.layout import (
    CENTRE,
    FELT,
    MINI_H,
    MINI_W,
    PILE_H,
    PILE_W,
    STAGE_H,
    STAGE_W,
    TOKEN,
    WALL_H,
    WALL_W,
    TableLayout,
)
from game.games.blast.rules import MatchState
from game.games.blast.rules.events import (
    Aimed,
    Answered,
    Cancelled,
    Dealt,
    Destroyed,
    DiplomacyEnded,
    Drew,
    Earthquake,
    Eliminated,
    EndgameCard,
    EndgameStarted,
    Epidemic,
    Event,
    Fallout,
    ForceFieldDestroyed,
    Inspected,
    Invaded,
    Killed,
    LostTurn,
    Over,
    Passed,
    Played,
    Protested,
    Reshuffled,
    Sabotaged,
    Setup,
    Stolen,
    Stopped,
    TechnologyEnded,
    Took,
    Traded,
    Turn,
    Undermined,
    UnderminerIdle,
)
from game.tabletop.celebration import Celebration, win_word
from game.tabletop.effects import SCALE_STEPS, Effects, scaled
from game.tabletop.fan import FanSlot
from game.tabletop.fan import hit as fan_hit
from game.tabletop.movelog import MoveLog
from game.tabletop.sprites import CardSprite, set_calm
from game.tabletop.timeline import Timeline
from game.ui import text, theme
from game.ui.draw import lerp_colour

Colour = tuple[int, int, int]
Beat = Iterator[float]

BURSTS: dict[str, tuple[str, Colour]] = {
    "oops": ("OOPS!", theme.SKY),
    "backfire": ("BACKFIRE!", theme.FUSE),
    "fizzle": ("FIZZLE", theme.MUTED),
    "blast_shield": ("SHIELDED!", theme.MINT),
    "guard": ("GUARDED!", theme.MINT),
}
"""The word a defence pops with, and its colour."""

FIELD_BURST = ("FORCE FIELD!", theme.SKY)
"""The word over a seat whose Force Field stops what hits it (never a BOOM for an attack that
did nothing)."""


LOG_FOLLOW_S = 4.0
"""A log scrolled back this long ago comes back to the newest when a move arrives."""


def _the(card: str) -> str:
    """A card's name inside a sentence: "the Underminer", "TNT", "the Pipe Bomb"."""
    name = W.name_of(card)
    return f"the {name[4:]}" if name.startswith("The ") else name


def _sent_on(events: list[Event], at: int, ev: Destroyed) -> str:
    """The defence ("oops", "backfire") with which `ev.by` only sent on the card that made
    `ev` (events[`at`]), or "" when the card was their own: the chain back to its play."""
    for e in reversed(events[:at]):
        if isinstance(e, Answered) and e.seat == ev.by and e.against == ev.card \
                and e.card in ("oops", "backfire"):
            return e.card
        if isinstance(e, Played | Undermined | Turn):
            return ""
    return ""


@dataclass
class SeatView:
    """One seat as the table shows it (public facts only)."""

    walls: list[str] = field(default_factory=list)
    characters: list[str] = field(default_factory=list)
    diplomacy: bool = False
    hand: int = 0
    alive: bool = True
    skip_next: bool = False


@dataclass
class Link:
    """One link of the chain on the stage: an arrow from `source` to `target`."""

    card: str
    source: int
    target: int
    via: str = ""
    walls: tuple[str, ...] = ()
    mode: str = ""
    t: float = 0.0  # seconds since it appeared (the arrow grows)
    power: int = 0  # the rank it acts at: where it lands when it names no wall (an Oops')


@dataclass
class Crumble:
    """A wall coming down: it cracks, then sinks and fades."""

    seat: int
    wall: str
    rect: pygame.Rect
    t: float = 0.0
    life: float = 0.9


INSPECT_S = 2.8
HEADLINE_S = 3.2
"""Seconds a knock-out headline ("Ben's Mad Chemist is down!") stays up: long enough to read
twice (a stranger could not read the small rising "Mad Chemist down!", gone in a second)."""
HEADLINE_PX = 30
"""The headline's text size (logical px), on its own dark panel."""
"""Seconds a Weapons Inspector's look lies on the felt for the inspector."""


class Host(Protocol):
    """What the presenter needs from its scene."""

    names: list[str]
    colours: list[Colour]
    shapes: list[str]

    @property
    def voice(self) -> W.Voice: ...

    def play(self, sound: str, x: float = ..., volume: float = 1.0) -> None: ...

    def human_count(self) -> int: ...

    def is_human(self, seat: int) -> bool: ...


ROW_RISE = 12.0
"""How far a word over a seat's walls row rises ("Turn lost"): within the row, off the name
plate over it (at the kit's 46 px it rose onto the plate's hand count)."""
BUBBLE_S = 2.4
"""How long a seat's bubble shows (a short sentence read once)."""
RECAP_S = 5.0
"""How long "While you waited: ..." shows at a person's turn (`while_you_waited`)."""


COUCH_RECAP_ITEMS = 3
"""At most this many things a couch person's "While you waited" names (the newest), with a
word that the log holds the rest."""
COUCH_RECAP_S = 7.0
"""How long a couch person's "While you waited" shows once their hand is up (it names more
than a lone person's, who watched the table between turns)."""


def hand_order(cards: list[str]) -> list[str]:
    return sorted(cards, key=CARD_ORDER.__getitem__)


def chose_to_take(events: list[Event], seat: int) -> set[int]:
    """The places in `events` of walls of `seat` destroyed by a card `seat` took itself (its
    "Take it", or its hand holding no answer): the person saw them fall, on their own
    decision, so no "While you waited" retells them."""
    out: set[int] = set()
    landing = False
    for i, ev in enumerate(events):
        if isinstance(ev, Took):
            # a card no defence answers (a Firestorm, the Underminer) is taken with no hand
            # up: the person did not see it land (Cleo's palisades burnt unseen, untold)
            landing = ev.seat == seat and any(ev.card in CARDS[d].answers for d in DEFENCES)
        elif isinstance(ev, Aimed | Turn | Answered):
            landing = False
        elif landing and isinstance(ev, Destroyed) and ev.seat == seat:
            out.add(i)
    return out


class Presenter:
    """The animated table, fed by `state.events`."""

    def __init__(self, host: Host, layout: TableLayout, state: MatchState,
                 reduced_motion: bool = False) -> None:
        self.host = host
        self.layout = layout
        self.state = state  # read for its event list (and, at a sync, the table as it stands)
        self.n = state.options.players
        self.viewer: int | None = None
        self.seats = [SeatView() for _ in range(self.n)]
        self.supply = 0
        self.discard_top: str | None = None
        self.discard_count = 0
        self.turn: int | None = None
        self.round = 1
        self.endgame = False
        #: The win is on the table (its banner shown): the sidebar says the match is over.
        self.over_shown = False
        self.tech = False
        self.chain: list[Link] = []
        self.stage: list[CardSprite] = []  # the card on its way, then the answers beside it
        self.flying: list[CardSprite] = []  # cards on their way somewhere, gone when landed
        self.hand: list[str] = []  # the viewer's cards when the viewer is the home seat
        self.fan: list[CardSprite] = []  # the home seat's hand (faces only for the viewer)
        self.fan_down = False  # no hand in the fan (the screen is being passed: `hide_fan`)
        self.crumbles: list[Crumble] = []
        self.marks: dict[int, float] = {}  # seat -> seconds its zone flashes (hit)
        self.banner: tuple[str, Colour, float] | None = None
        #: A knock-out's headline (words, colour, seconds left): large, on a panel, still.
        self.headline: tuple[str, Colour, float] | None = None
        #: A small bubble at a seat (words, seat, seconds left): the idle Underminer's word.
        self.bubble: tuple[str, int, float] | None = None
        #: Turns begun so far, and the count when the public bubble was set: it goes when
        #: the turn after it ends (`_b_turn`).
        self.turns_begun = 0
        self.bubble_turn = 0
        self.field_said: int | None = None
        """The seat whose Force Field's stop a burst has just announced."""
        self.bubble_private = False
        """The bubble speaks to its seat's person alone (a couch recap, which may name the card
        their trade brought): it goes when their hand goes down (`set_viewer`)."""
        self.log = MoveLog(keep=160, wheel_hint=True)
        self.moves = MoveLog(keep=160)
        """The log without its "Ben's turn (round 3)" lines: what the short log shows while a
        card is read in the preview, so it keeps seven moves in sight, not three."""
        self.moves_added = 0  # lines ever added to `moves` (it keeps only the newest)
        self.log_still = LOG_FOLLOW_S
        """Seconds since the log was last scrolled (`scrolled`): a log scrolled back longer
        ago than `LOG_FOLLOW_S` comes back to the newest for the next move."""
        self.turn_starts: list[tuple[int, int]] = []  # (seat, moves_added) as each turn began
        self.effects = Effects(reduced_motion, seed=derive_seed(state.seed, "fx", 0))
        self.celebration = Celebration(state.seed, reduced_motion)
        """A person's win: its word, sparks and confetti (the kit's, as Kaboom! cards')."""
        self.inspected: list[CardSprite] = []  # an enemy's hand, shown to its inspector
        self.reduced = reduced_motion
        set_calm(reduced_motion)  # its cards glide straight, untilted
        self.next_event = 0
        self.gen: Beat | None = None
        self.timer = 0.0
        self.timeline = Timeline()  # sounds and shakes due on impact
        #: The starting walls are up (before the deal's beat, no seat has lost its walls).
        self.walls_up = False

    def warm_up(self) -> None:
        """Render once, as the table opens, what a play would otherwise render mid-animation:
        every card's face at the hand, stage, answer and pile sizes, the backs, the walls and
        the bursts at every pop-in size."""
        lay = self.layout
        sizes = (*lay.hand_sizes, (STAGE_W, STAGE_H), (STAGE_W - 16, STAGE_H - 22),
                 (PILE_W, PILE_H))
        for card in CARDS:
            for w, h in sizes:
                art.card_face(card, w, h)
        for w, h in sizes:
            art.card_back(w, h)
        for wall in ("palisade", "stone_wall", "iron_wall", "steel_wall", "force_field"):
            for k in range(5):
                art.wall_piece(wall, WALL_W, WALL_H, k / 4)
        words_ = [("BOOM!", 190, theme.BLAST, theme.SPARK), ("KABOOM!", 260, theme.BLAST,
                                                             theme.SPARK),
                  ("OUT!", 200, theme.INK_3, theme.BLAST)]
        words_ += [(word, 200, colour, theme.CREAM)
                   for word, colour in (*BURSTS.values(), FIELD_BURST)]
        for label, width, fill, edge in words_:
            for step in range(1, SCALE_STEPS + 2):
                scaled((label, width, fill, edge, theme.CREAM), step)

    # ------------------------------------------------------------------ queries

    @property
    def busy(self) -> bool:
        """Something is still being shown (the scene waits before the next decision)."""
        return self.gen is not None or self.next_event < len(self.state.events)

    def sprites(self) -> list[CardSprite]:
        return [*self.fan, *self.stage, *self.flying]

    def shown_cards(self) -> list[str]:
        """Card ids of every face drawn on screen right now (what a privacy test checks)."""
        return [s.code for s in self.sprites() if s.visible and s.showing_face]

    def fan_faces(self) -> list[str]:
        """Faces in the hand fan now (only ever the viewer's own cards)."""
        return [s.code for s in self.fan if s.showing_face]

    # ------------------------------------------------------------------ the viewer

    def set_layout(self, layout: TableLayout) -> None:
        """A new home seat at the bottom: the fan is laid out again for it."""
        self.layout = layout
        self._rebuild_fan()

    def set_viewer(self, seat: int | None, cards: list[str] | None = None) -> None:
        """Whose private cards the screen may show (`cards`: their hand as it stands); a
        private bubble to anyone else goes with their hand."""
        if self.bubble_private and self.bubble is not None and self.bubble[1] != seat:
            self.bubble = None
        self.viewer = seat
        if seat is not None:
            self.fan_down = False  # a hand comes up: the screen has been passed
        self.hand = hand_order(cards or []) if seat is not None else []
        self._rebuild_fan()

    def hide_fan(self, down: bool) -> None:
        """Take every card out of the fan while the screen passes to another couch person
        (`down`), or lay the home seat's hand in it again."""
        if down != self.fan_down:
            self.fan_down = down
            self._rebuild_fan()
        elif down and self.fan:
            self.fan = []

    def _rebuild_fan(self) -> None:
        if self.fan_down:
            self.fan = []
            return
        home = self.layout.home
        mine = self.viewer == home
        count = len(self.hand) if mine else self.seats[home].hand
        ax, ay = self.layout.hand_anchor(home)
        self.fan = []
        for i in range(count):
            s = self._sprite((ax, ay), self.layout.hand_w, self.layout.hand_h,
                             self.hand[i] if mine else "")
            if mine:
                s.secret = True
                s.set_face(True)
            self.fan.append(s)

    # ------------------------------------------------------------------ building

    def _sprite(self, xy: tuple[float, float], w: int, h: int, code: str = "") -> CardSprite:
        return CardSprite(xy[0], xy[1], w, h, code=code, deck=art.DECK)

    def sync(self, state: MatchState, viewer: int | None) -> None:
        """Lay the table out as the state stands (a resume or a demo), without animation."""
        self.state = state
        self.viewer = viewer
        self.walls_up = any(isinstance(e, Setup) for e in state.events)
        for p, sv in zip(state.players, self.seats, strict=True):
            sv.walls = list(p.walls)
            sv.characters = list(p.characters)
            sv.diplomacy = p.diplomacy
            sv.hand = len(p.hand)
            sv.alive = p.alive
            sv.skip_next = p.skip_next
        self.supply = len(state.supply)
        under = state.discard[:len(state.discard) - len(state.chain)]  # the chain is staged
        self.discard_top = under[-1] if under else None
        self.discard_count = len(under)
        self.turn = state.current if not state.over else None
        self.round = state.round
        self.endgame = state.endgame
        self.over_shown = state.over
        self.tech = state.tech_seat >= 0
        self.chain = [Link(s.card, s.source, s.target, s.via, s.walls, s.mode, 9.0)
                      for s in state.chain]
        self.stage = []
        if self.chain:
            first = self._sprite(self.layout.stage, STAGE_W, STAGE_H, self.chain[0].card)
            first.set_face(True)
            self.stage.append(first)
            for link in self.chain[1:]:
                self._answer_sprite(link.via, instant=True)
        self.hand = hand_order(state.players[viewer].hand) if viewer is not None else []
        self._rebuild_fan()
        self.next_event = len(state.events)
        for e in state.events[-60:]:
            self._log(e, fresh=False)

    # ------------------------------------------------------------------ per frame

    def later(self, delay: float, fn: Callable[[], None]) -> None:
        """Call `fn` after `delay` seconds of table time (sounds and shakes on impact)."""
        self.timeline.later(delay, fn)

    def scrolled(self) -> None:
        """The wheel scrolled the log: it stays where it was put while the reader reads."""
        self.log_still = 0.0

    def update(self, dt: float) -> None:
        self.log_still += dt
        for s in self.sprites():
            s.update(dt)
        self.flying = [s for s in self.flying if s.moves]
        for link in self.chain:
            link.t += dt
        for c in self.crumbles:
            c.t += dt
        self.crumbles = [c for c in self.crumbles if c.t < c.life]
        if self.marks:
            self.marks = {k: v - dt for k, v in self.marks.items() if v - dt > 0}
        self.timeline.advance(dt)
        home = self.layout.home
        if self.viewer != home and not self.flying and len(self.timeline) == 0 \
                and not self.fan_down and len(self.fan) != self.seats[home].hand:
            # the face-down hand between couch turns shows the true count once the table is
            # still (a stranger counted 7 backs while he held 6)
            self._rebuild_fan()
        self.effects.update(dt)
        self.celebration.update(dt)
        self.log.update(dt)
        self.moves.update(dt)
        if self.banner is not None:
            msg, colour, ttl = self.banner
            self.banner = (msg, colour, ttl - dt) if ttl - dt > 0 else None
        if self.headline is not None:
            msg, colour, ttl = self.headline
            self.headline = (msg, colour, ttl - dt) if ttl - dt > 0 else None
        if self.bubble is not None:
            words, seat, ttl = self.bubble
            self.bubble = (words, seat, ttl - dt) if ttl - dt > 0 else None
        self.timer -= dt
        self._advance()

    def _advance(self) -> None:
        for _ in range(400):  # a beat never loops forever, whatever dt is
            if self.timer > 0:
                return
            if self.gen is None:
                if self.next_event >= len(self.state.events):
                    self.timer = 0.0
                    self._settle_discard()
                    return
                raw = self.state.events[self.next_event]
                self.next_event += 1
                self.gen = self._beat(raw.redacted(self.viewer))
                continue
            try:
                self.timer += next(self.gen)
            except StopIteration:
                self.gen = None

    def _settle_discard(self) -> None:
        """Once every event is shown, the discard pile reads the pile's own count and top card
        (the chain in flight is staged, not yet on it). The beats count cards as they land, and
        that count drifted from the pile (a tester read 21 before saving and 19 after Continue,
        which rebuilds the table from the state)."""
        if self.flying:
            return  # a card still on its way lands first, then the count is the pile's
        st = self.state
        under = st.discard[:len(st.discard) - len(st.chain)]
        self.discard_count = len(under)
        self.discard_top = under[-1] if under else None

    def skip(self) -> None:
        """Show everything still queued at once (a resume, a test that only wants the end)."""
        while self.busy:
            self.update(0.5)

    # ------------------------------------------------------------------ beats

    def _name_what_was_seen(self, e: Event, line: str) -> str:
        """A Spy's theft names the card in the log for the one it was taken from (and the
        thief) when the screen is theirs alone: "Ben's Spy takes a card from you (the
        Backfire)." On a shared couch screen the line keeps it secret (the banner tells the
        owner while the card flies). A Weapons Inspector's look lists the hand it saw, on
        the same terms ("You see Ben's hand (TNT, C4 and Wall)."): the line stays in the log
        after the screen passes on."""
        if self.host.human_count() != 1:
            return line
        if isinstance(e, Inspected):
            hand = e.hand
            if hand is None or self.viewer not in (e.seat, e.by):
                return line
            listed = W.listing([W.bare(c) for c in hand]) if hand else "no cards"
            return line.replace(" hand", f" hand ({listed})", 1)
        if not isinstance(e, Stolen):
            return line
        card = e.card
        if card is None or self.viewer not in (e.seat, e.by):
            return line
        return f"{line[:-1]} (the {W.bare(card)}){line[-1]}" if line[-1:] in ".!" else line

    def _log(self, e: Event, fresh: bool = True) -> None:
        line = self.host.voice.describe(e)
        if line is None:
            return
        line = self._name_what_was_seen(e, line)
        seat = W.actor(e)
        if isinstance(e, Played) and e.target < 0:
            seat = e.seat
        marker = (self.host.shapes[seat], self.host.colours[seat]) if seat is not None else None
        turn = isinstance(e, Turn)
        if isinstance(e, Turn):
            self.turn_starts.append((e.seat, self.moves_added))
        colour = theme.MUTED if turn else theme.CREAM
        if isinstance(e, Eliminated | Over | EndgameStarted):
            colour = lerp_colour(theme.SPARK, theme.CREAM, 0.3)
        elif isinstance(e, Destroyed | Took):
            colour = lerp_colour(theme.BLAST, theme.CREAM, 0.45)
        elif isinstance(e, Answered):
            colour = lerp_colour(theme.SKY, theme.CREAM, 0.45)
        lines = [(line, colour, marker)]
        if isinstance(e, Eliminated):  # the hand that went with the seat, marked as theirs
            lines.append((self.host.voice.hand_to_pile(e) or "", theme.CREAM,
                          (self.host.shapes[e.seat], self.host.colours[e.seat])))
        for said, tint, mark in lines:
            if not said:
                continue
            # a new turn and the match's end bring a log scrolled back to the newest
            self._add_line(said, tint, mark, not turn, turn or isinstance(e, Over))
            if not fresh:
                self.log.lines[-1].age = 10.0
                if not turn:
                    self.moves.lines[-1].age = 10.0

    def recolour_log(self) -> None:
        """The seats' colours changed: both logs' markers follow (`MoveLog.recolour`)."""
        for log in (self.log, self.moves):
            log.recolour(self.host.shapes, self.host.colours)

    def _add_line(self, line: str, colour: Colour, marker: tuple[str, Colour] | None,
                  move: bool = True, newest: bool = False) -> None:
        """A line in the log (and in the short log of moves, unless it only marks a turn);
        `newest`: it brings a log scrolled back to the newest (`MoveLog.add`'s `turn`); so
        does any move once the log was last scrolled `LOG_FOLLOW_S` ago (a stranger's log,
        scrolled up once, stayed on "Moves: earlier" through the moves that followed)."""
        newest = newest or (self.log.back > 0 and self.log_still >= LOG_FOLLOW_S)
        self.log.add(line, colour, marker, newest)
        if move:
            self.moves.add(line, colour, marker, newest)
            self.moves_added += 1

    def since_others_turns(self, seat: int | None) -> int:
        """How many of the newest move lines hold the whole last turn of every seat but
        `seat` (and `seat`'s own turn now, if it is theirs): what the short log beside a
        previewed card must keep in sight (an AI's whole turn scrolled out of it)."""
        starts = self.turn_starts
        if not starts:
            return self.moves_added
        begin = starts[0][1]
        for i in range(len(starts) - 2, -1, -1):
            if starts[i][0] == seat:  # the seat's last turn that is over: from the next one
                begin = starts[i + 1][1]
                break
        else:
            if seat is None:
                begin = starts[max(0, len(starts) - len(self.seats))][1]
        return self.moves_added - begin

    def _beat(self, e: Event) -> Beat:
        self._log(e)
        handler = _HANDLERS.get(type(e))
        if handler is None:
            return
        yield from handler(self, e)

    def _x(self, seat: int) -> float:
        return self.layout.zone(seat).rect.centerx

    def _to_discard(self, s: CardSprite, card: str, delay: float = 0.0) -> None:
        s.raise_to(0)
        s.move_to(self.layout.discard_pos, 0.35, delay=delay, arc=20,
                  on_done=lambda: self._landed(card))
        self.flying.append(s)

    def _landed(self, card: str) -> None:
        """A card reaches the pile: it is counted now, one by one (a knocked-out hand counted
        all at once, before its cards were seen to leave, read as a jump)."""
        self.discard_top = card
        self.discard_count += 1

    def _from_hand(self, seat: int, card: str) -> CardSprite:
        """The sprite of a card leaving a seat's hand, face up (a played card is public)."""
        self.seats[seat].hand = max(0, self.seats[seat].hand - 1)
        if seat == self.layout.home and self.fan:
            index = self.hand.index(card) if card in self.hand else len(self.fan) - 1
            if card in self.hand:
                self.hand.remove(card)
            s = self.fan.pop(index)
            s.secret = False
            s.code = card
            s.turn(True, 0.2)
            return s
        s = self._sprite(self.layout.hand_anchor(seat), self.layout.hand_w,
                         self.layout.hand_h, card)
        s.turn(True, 0.25)
        return s

    def _drop_from_hand(self, seat: int, cards: list[str]) -> None:
        """Cards leave a hand for the discard pile (a trade, Protests, Aliens)."""
        for i, c in enumerate(cards):
            s = self._from_hand(seat, c)
            s.w, s.h = PILE_W, PILE_H
            self._to_discard(s, c, delay=i * 0.08)

    def fan_settled(self, slots: list[FanSlot], within: float = 10.0) -> bool:
        """Every card of the hand rests at its slot (within `within` px): a click on the hand
        takes the card the player sees under the pointer only then."""
        return len(self.fan) == len(slots) and all(
            not s.moves and abs(s.x - slot.x) <= within and abs(s.y - slot.y) <= within
            for s, slot in zip(self.fan, slots, strict=False))

    def fan_drawn(self) -> list[FanSlot]:
        """The hand's cards where they are drawn this frame (mid-slide included: the table's
        shake, the straight lift and the tilt as `CardSprite.draw` shows them), for a
        hit-test that takes the card the player sees under the pointer (a stranger's click
        on a card still sliding to its new place took nothing, or its neighbour)."""
        ox, oy = self.effects.offset()
        return [FanSlot(i, s.x + ox, s.y + oy - s.lift,
                        0.0 if self.reduced else round(s.angle / 3) * 3, 0.0)
                for i, s in enumerate(self.fan) if s.visible]

    def fan_drawn_hit(self, pos: tuple[float, float]) -> int | None:
        """The index of the hand card drawn top-most under `pos` now, if any."""
        if not self.fan:
            return None
        return fan_hit(self.fan_drawn(), pos, self.layout.hand_w, self.layout.hand_h)

    def place_fan(self, slots: list[FanSlot], dt: float) -> None:
        """Ease each resting card of the hand toward its slot in the fan (tilt and lift too)."""
        k = min(1.0, dt * 14)
        for s, slot in zip(self.fan, slots, strict=False):
            s.raise_to(slot.lift)
            if s.moves:
                continue
            s.x += (slot.x - s.x) * k
            s.y += (slot.y - s.y) * k
            s.angle += (slot.angle - s.angle) * k

    def _b_setup(self, e: Setup) -> Beat:
        self.supply = e.supply
        self.walls_up = True
        for sv in self.seats:
            sv.walls = sorted(e.walls, key=lambda w: CARDS[w].strength)
        self.banner = ("Walls up, cards dealt: let the blasting begin!", theme.SPARK, 2.0)
        yield 0.2

    def _b_dealt(self, e: Dealt) -> Beat:
        yield from self._add_cards(e.seat, e.count,
                                   list(e.cards or ()), 0.04)

    def _b_drew(self, e: Drew) -> Beat:
        cards = list(e.cards or ())
        self.supply = max(0, self.supply - e.count)
        if e.why == "trade" and cards and e.seat == self.viewer \
                and self.host.human_count() == 1:
            # Which card the trade brought, said to its owner when the screen is theirs
            # alone (a stranger's new card just appeared among the others, unnamed).
            self.banner = (f"The trade brings you {W.listing([W.bare(c) for c in cards])}",
                           self.host.colours[e.seat], 2.2)
        yield from self._add_cards(e.seat, e.count, cards, 0.08)

    def _add_cards(self, seat: int, count: int, cards: list[str], step: float) -> Beat:
        if count <= 0:
            return
        self.seats[seat].hand += count
        home = self.layout.home
        if seat == home:
            mine = self.viewer == home and len(cards) == count
            for i in range(count):
                code = cards[i] if mine else ""
                s = self._sprite(self.layout.supply_pos, self.layout.hand_w,
                                 self.layout.hand_h, code)
                if mine:
                    s.secret = True
                    s.turn(True, 0.3)
                    self.hand = hand_order([*self.hand, code])
                    self.fan.insert(self.hand.index(code) if code in self.hand else len(self.fan),
                                    s)
                else:
                    self.fan.append(s)
            self.host.play("card_deal", self._x(seat), 0.7)
            yield 0.25 + step * count
            return
        self.seats[seat].hand -= count  # counted as each lands (session 43: the count
        # changed before the card arrived)
        flights = min(count, 3)
        for i in range(flights):
            s = self._sprite(self.layout.supply_pos, PILE_W, PILE_H)
            s.move_to(self.draw_spot(seat), 0.3, delay=i * 0.06, arc=14)
            self.flying.append(s)
        self.host.play("card_deal", self._x(seat), 0.5)
        land = 0.3 + 0.06 * (flights - 1)
        yield land
        self.seats[seat].hand += count
        rest = 0.2 + step * flights - land
        if rest > 0:
            yield rest

    def draw_spot(self, seat: int) -> tuple[float, float]:
        """Where a card drawn by another seat flies to: just under its name plate, off the
        hand count and whole on the felt (session 43: to a top seat's plate it flew over the
        window's top edge and covered the count)."""
        p = self.layout.zone(seat).plate
        room = FELT.inflate(-PILE_W - 8, -PILE_H - 8)
        x = max(room.x, min(p.right - 30, room.right))
        y = max(room.y, min(p.bottom + PILE_H / 2 + 4, room.bottom))
        return float(x), float(y)

    def _b_turn(self, e: Turn) -> Beat:
        if self.bubble is not None and not self.bubble_private \
                and self.bubble_turn < self.turns_begun:
            # a seat's word from before the turn that just ended goes with it ("Underminer:
            # no wall to take" stayed over the table into later turns at a brisk pace)
            self.bubble = None
        self.turns_begun += 1
        self.turn = e.seat
        self.round = e.round
        recap = self.while_you_waited(e.seat, self.next_event - 1)
        if recap:
            self.bubble = (recap, e.seat, RECAP_S)
            self.bubble_private = False
            self.bubble_turn = self.turns_begun
        yield 0.15

    def while_you_waited(self, seat: int, at: int) -> str:
        """For a person whose turn begins (the event at index `at`), what befell the table
        since their last turn, in a few words: who went out, which of their walls fell, what
        was taken from them ("While you waited: Ana is out; your steel wall fell"). The short
        log scrolled such things away (a stranger never saw Ana knocked out, nor what took his
        wall). Empty when nothing did, or for an AI."""
        if not self.host.is_human(seat) or self.host.human_count() > 1:
            return ""  # (a couch person is told when their hand comes up: `couch_recap`)
        events = self.state.events
        start = next((i for i in range(at - 1, -1, -1)
                      if isinstance(ev := events[i], Turn) and ev.seat == seat), None)
        if start is None:
            return ""
        v = self.host.voice
        said: list[str] = []
        taken = chose_to_take(events, seat)
        for i, ev in enumerate(events[start + 1:at], start + 1):
            if isinstance(ev, Eliminated) and ev.seat != seat and seat not in (ev.by,
                                                                                ev.origin):
                # (not one the seat put out itself: a stranger was told "Dev is out" of his
                # own doing)
                said.append(f"{v.subj(ev.seat)} {v.verb(ev.seat, 'is', 'are')} out")
            elif isinstance(ev, Destroyed) and ev.seat == seat and i not in taken:
                # (not a hit they took themselves, the wall falling in their sight: a
                # stranger clicked "Take it" and was told "While you waited: ... fell")
                kinds = W.walls_phrase(ev.walls)
                said.append(f"{v.poss(seat)} {kinds} fell to {W.name_of(ev.card)}")
            elif isinstance(ev, Stolen) and ev.seat == seat and ev.count:
                what = W.name_of(ev.card) if ev.card else "a card"  # (the screen is theirs)
                said.append(f"{v.Poss(ev.by)} Spy took {what} from {v.obj(seat)}")
        if not said:
            return ""
        return "While you waited: " + "; ".join(dict.fromkeys(said[-3:]))

    def couch_recap(self, seat: int, start: int, end: int,
                    seen: Collection[int] = ()) -> str:
        """For a couch person whose hand comes up again, every public thing that happened to the
        table since their hand was last up (events `start` to `end`): knock-outs and the hands
        they sent to the pile, walls lost, characters brought in or killed, endgame cards
        called, cards discarded or stolen. The log scrolled such lines away while the screen
        was someone else's (Ana never saw Ben's Mad Chemist come in; neither saw how a
        Non-Violent Protests reached the pile). Events in `seen` (shown at the open table, to
        the whole couch) are not told. Empty when nothing did."""
        v = W.Voice.speaking_to(self.host.voice.names, seat)
        said: list[str] = []
        lost: list[str] = []  # what happened to their own walls, characters and hand
        taken = chose_to_take(self.state.events, seat)
        for i, ev in enumerate(self.state.events[max(0, start):end], max(0, start)):
            if i in seen:
                continue
            if self._recap_loss(v, seat, i, ev, taken, lost):
                continue
            if isinstance(ev, Eliminated) and ev.seat != seat:
                out = f"{v.subj(ev.seat)} {v.verb(ev.seat, 'is', 'are')} out"
                if ev.hand:
                    out += f" (hand to the discard pile: {W.cards_phrase(ev.hand)})"
                said.append(out)
            elif isinstance(ev, Destroyed) and ev.by == seat and ev.walls:
                # what their own attack did, shown while the screen was its target's (a
                # stranger's couch never saw her TNT land: the curtain went to Ben first);
                # "your Underminer", never "your The Underminer"; a card they only sent on
                # is not theirs (a stranger's Oops was told as "your Pipe Bomb")
                # A card they only sent on (their Oops, their Backfire) is not told: the
                # recap is what the others did (a stranger's Ana was told what her own Oops
                # had done the round before)
                if not _sent_on(self.state.events, i, ev):
                    said.append(f"{v.poss(seat)} {W.bare(ev.card)} destroyed "
                                f"{v.poss(ev.seat)} {W.walls_phrase(ev.walls)}")
            elif isinstance(ev, Answered) and ev.source == seat and ev.seat != seat:
                said.append(f"{v.subj(ev.seat)} answered {v.poss(seat)} "
                            f"{W.name_of(ev.against)} with {W.name_of(ev.card)}")
            elif isinstance(ev, Inspected) and ev.by == seat and ev.hand:
                # what their Weapons Inspector saw, when the screen was the inspected
                # person's as it resolved (private: said behind their own curtain; a
                # stranger's log said "Cleo sees Ana's hand" and Cleo never saw it)
                said.append(f"{v.poss(seat)} Weapons Inspector saw {v.poss(ev.seat)} hand: "
                            f"{W.cards_phrase(ev.hand)}")
            elif isinstance(ev, Drew) and ev.seat == seat and ev.why == "trade" and ev.cards:
                # private: this bubble shows behind their own curtain (a stranger's couch
                # trade ended her turn, the screen went to Ben, the new card never named)
                said.append(f"{v.poss(seat)} trade brought "
                            f"{W.listing([W.bare(c) for c in ev.cards])}")
            elif isinstance(ev, Played) and ev.seat != seat \
                    and CARDS[ev.card].category == Category.CHARACTER:
                said.append(f"{v.subj(ev.seat)} brought in the {W.bare(ev.card)}")
            elif isinstance(ev, Killed) and ev.by != seat:  # their own Assassin they
                # played and saw strike (no answer holds it up): not told back to them
                said.append(f"the Assassin killed {v.poss(ev.seat)} {W.bare(ev.character)}")
            elif isinstance(ev, EndgameCard) and ev.seat != seat:
                on = f" on {v.obj(ev.target)}" if ev.target >= 0 else ""
                said.append(f"{v.subj(ev.seat)} called {W.name_of(ev.card)}{on}")
            elif isinstance(ev, Protested | Invaded | Inspected) and ev.discarded:
                why = {Protested: "Protests", Invaded: "Alien Invasion",
                       Inspected: "the Weapons Inspector"}[type(ev)]
                said.append(f"{v.subj(ev.seat)} discarded {W.cards_phrase(ev.discarded)} "
                            f"to {why}")
        # their own losses lead, then the rest, newest kept (a stranger's Firestorm-burnt
        # palisades and dug stone wall were dropped for "your TNT destroyed Ben's palisade")
        lost = list(dict.fromkeys(lost))
        said = [x for x in dict.fromkeys(said) if x not in lost]
        room = max(0, COUCH_RECAP_ITEMS - len(lost))
        rest = said[-room:] if room else []
        items = lost[:COUCH_RECAP_ITEMS] + rest
        if not items:
            return ""
        if len(lost) + len(said) > len(items):
            items.append("more in the log")
        return "While you waited: " + "; ".join(items)

    def _recap_loss(self, v: W.Voice, seat: int, i: int, ev: Event, taken: set[int],
                    lost: list[str]) -> bool:
        """What event `i` did to `seat`'s own walls, characters or hand, added to `lost`
        (whether it was one)."""
        if isinstance(ev, Destroyed) and ev.seat == seat and ev.walls:
            if i not in taken:  # (one they took themselves they saw fall)
                kinds = W.walls_phrase(ev.walls)
                lost.append(f"{v.poss(seat)} {kinds} fell to {_the(ev.card)}")
            return True
        if isinstance(ev, Killed) and ev.seat == seat and ev.by != seat:
            lost.append(f"the Assassin killed {v.poss(seat)} {W.bare(ev.character)}")
            return True
        if isinstance(ev, Stolen) and ev.seat == seat and ev.count:
            # which card, to its owner alone (this bubble shows behind their curtain; a
            # stranger robbed on the couch was never told what went)
            what = W.name_of(ev.card) if ev.card else "a card"
            lost.append(f"{v.Poss(ev.by)} Spy took {what} from {v.obj(seat)}")
            return True
        if isinstance(ev, Protested | Invaded | Inspected) and ev.seat == seat \
                and ev.discarded:
            why = {Protested: "Protests", Invaded: "Alien Invasion",
                   Inspected: "the Weapons Inspector"}[type(ev)]
            lost.append(f"{v.subj(seat)} discarded {W.cards_phrase(ev.discarded)} to {why}")
            return True
        return False

    def _b_played(self, e: Played) -> Beat:
        seat, card = e.seat, e.card
        ct = CARDS[card]
        s = self._from_hand(seat, card)
        s.raise_to(0)
        self.host.play("card_slide", self._x(seat))
        if ct.is_wall or ct.category == Category.CHARACTER or card == "diplomacy":
            dest = self._landing(seat, card)
            s.move_to(dest.center, 0.4, arc=24)
            s.w, s.h = dest.w, dest.h
            self.flying.append(s)
            yield 0.45
            sv = self.seats[seat]
            if ct.is_wall:
                sv.walls = sorted([*sv.walls, card], key=lambda w: CARDS[w].strength)
            elif card == "diplomacy":
                sv.diplomacy = True
            else:
                sv.characters.append(card)
            self.host.play("card_flip", self._x(seat), 0.8)
            self.effects.sparks(dest.center, self.host.colours[seat], 14, 160)
            yield 0.25
            return
        s.move_to(self.layout.stage, 0.45, arc=30)
        s.w, s.h = STAGE_W, STAGE_H
        if e.target >= 0:
            self.stage = [s]
            self.banner = (self.host.voice.aim(seat, card, e.target,
                                               list(e.walls), e.mode),
                           self.host.colours[seat], 2.4)
            yield 0.5
            return
        self.flying.append(s)
        self.banner = (f"{self.host.voice.subj(seat)}: {W.name_of(card)}",
                       self.host.colours[seat], 1.6)
        yield 0.7
        self._to_discard(s, card)
        yield 0.3

    def _b_aimed(self, e: Aimed) -> Beat:
        link = Link(e.card, e.source, e.target, e.via,
                    e.walls, e.mode, power=e.power)
        if not self.stage:  # an endgame card or the Underminer: it appears on the stage
            s = self._sprite(self.layout.hand_anchor(link.source), STAGE_W, STAGE_H, link.card)
            s.turn(True, 0.25)
            s.move_to(self.layout.stage, 0.4, arc=24)
            self.stage = [s]
        self.chain.append(link)
        printed = CARDS[link.card].power
        if CARDS[link.card].is_explosive and e.link == 0 \
                and e.power > printed:
            # the Mad Chemist (or Advanced Technology) acts here: say so, or a flaming arrow
            # breaking a stone wall reads as a mistake
            by = CHEMIST if CHEMIST in self.seats[link.source].characters else "tech"
            seat = link.source
            self._add_line(self.host.voice.upgraded(seat, link.card, e.power, by),
                           lerp_colour(theme.SPARK, theme.CREAM, 0.5),
                           (self.host.shapes[seat], self.host.colours[seat]))
        lit = CARDS[link.card].is_explosive or link.card in ("firestorm", "nuclear_bomb")
        self.host.play("fuse_hiss" if lit else "card_slide", self._x(link.target), 0.8)
        yield 0.55

    def answer_pos(self, k: int) -> tuple[float, float]:
        """Where the k-th answer of a chain lies on the stage (fanned over the first card)."""
        return (self.layout.stage[0] + 26 * k, self.layout.stage[1] + 8 * k)

    def _answer_sprite(self, card: str, instant: bool = False) -> CardSprite:
        k = len(self.stage)
        x, y = self.answer_pos(k)
        s = self._sprite((x, y), STAGE_W - 16, STAGE_H - 22, card)
        s.angle = -6.0 * k
        if instant:
            s.set_face(True)
        self.stage.append(s)
        return s

    def _b_answered(self, e: Answered) -> Beat:
        seat, card = e.seat, e.card
        s = self._from_hand(seat, card)
        self.stage.append(s)
        k = len(self.stage) - 1
        s.w, s.h = STAGE_W - 16, STAGE_H - 22
        s.angle = -6.0 * k
        s.raise_to(0)
        s.move_to(self.answer_pos(k), 0.35, arc=26)
        word, colour = BURSTS.get(card, ("ANSWERED!", theme.SKY))
        line = self.host.voice.answer(seat, card, e.against, e.to,
                                      e.source)
        self.banner = (line, self.host.colours[seat], 2.6)
        pos = (self.layout.stage[0] + 20, self.layout.stage[1] + 30)
        self.later(0.3, lambda: self.effects.burst(word, pos, 200, colour, theme.CREAM, 0.8))
        answer = "oops_whoosh" if card in ("oops", "backfire") else "shield_up"
        self.later(0.3, lambda: self.host.play(answer, pos[0]))
        yield 0.95

    def _clear_stage(self, to: tuple[float, float] | None = None) -> Beat:
        """The chain is over: its cards leave the stage (to `to`, the target, then the pile)."""
        cards = list(self.stage)
        self.stage = []
        self.chain = []
        for i, s in enumerate(cards):
            if to is not None and i == 0:
                s.move_to(to, 0.22, arc=10)
            self._to_discard(s, s.code, delay=0.2 * (to is not None) + i * 0.06)
            s.w, s.h = PILE_W, PILE_H
        yield 0.1

    def _b_cancelled(self, e: Cancelled) -> Beat:
        # once the answer's burst has faded ("SHIELDED!" lay over "Cancelled"), over the stage:
        # under it the news banner hid the word (a playtest in a real window)
        yield 0.3
        # on the wall it saved (a stranger saw "Cancelled" at the attacker's panel edge), else
        # over the answering seat's row; cream ringed in ink over the walls' pictures
        at, rise = self.saved_spot(e.seat)
        self.effects.float_text("Cancelled", at, theme.CREAM, 22, rise=rise, outline=True)
        yield 0.4
        yield from self._clear_stage()
        yield 0.3

    def _b_took(self, e: Took) -> Beat:
        seat, card = e.seat, e.card
        zone = self.layout.zone(seat).rect
        target = (zone.centerx, zone.centery + 10)
        if self.stage:
            self.stage[0].move_to(target, 0.25, arc=12)
        yield 0.25
        after = self.state.events[self.next_event:self.next_event + 1]
        if after and isinstance(after[0], Stopped) and after[0].seat == seat:
            # a Force Field stops it: the stop's moment, not a BOOM over a harmless attack
            word, colour = FIELD_BURST
            self.effects.burst(word, target, 200, colour, theme.CREAM, 0.7)
            self.field_said = seat  # the stop's own beat says no more (`_b_stopped`)
            self.effects.sparks(target, theme.SKY, 20, 220)
            self.host.play("shield_up", target[0])
        elif CARDS[card].is_explosive or card == "firestorm":
            self.marks[seat] = 0.8
            big = card in ("rpg", "c4", "nuclear_bomb")
            self.effects.burst("KABOOM!" if big else "BOOM!", target, 260 if big else 190,
                               theme.BLAST, theme.SPARK, 0.7)
            self.effects.sparks(target, theme.SPARK, 40 if big else 26, 360)
            self.effects.shake(12 if big else 7)
            self.host.play("nuke_rumble" if card == "nuclear_bomb"
                           else "kaboom" if big else "penalty", target[0])
        else:
            self.marks[seat] = 0.8
            self.effects.sparks(target, self.host.colours[seat], 16, 200)
            self.host.play("card_flip", target[0])
        yield from self._clear_stage()
        yield 0.35

    def _crumble(self, seat: int, walls: list[str]) -> None:
        sv = self.seats[seat]
        rects = self.layout.wall_rects(seat, len(sv.walls), self._tokens(seat), sv.walls)
        for w in walls:
            if w in sv.walls:
                i = sv.walls.index(w)
                self.crumbles.append(Crumble(seat, w, rects[i].copy()))
                sv.walls.pop(i)
                rects.pop(i)
                self.discard_top = w
                self.discard_count += 1
                self.effects.sparks(self.crumbles[-1].rect.center, (150, 130, 110), 18, 150)

    def saved_spot(self, seat: int) -> tuple[tuple[float, float], float]:
        """Where "Cancelled" floats for an answer by `seat`: the middle of the (first) wall the
        cancelled card was aimed at, when it was aimed at walls of that seat's row, else over
        the row (`row_word_spot`); and how far it rises."""
        link = next((ln for ln in reversed(self.chain) if ln.target == seat), None)
        walls = self.seats[seat].walls
        if link is not None and link.walls and link.walls[0] in walls:
            rects = self.layout.wall_rects(seat, len(walls), self._tokens(seat), walls)
            i = walls.index(link.walls[0])
            if i < len(rects):
                # the word whole inside the seat's panel (session 43: over an end wall it
                # spilled out of the panel's edge)
                zone = self.layout.zone(seat).rect
                half = text.render("Cancelled", 22, theme.CREAM, True,
                                   shadow=True).get_width() / 2
                x = max(zone.x + 6 + half, min(rects[i].centerx, zone.right - 6 - half))
                return (x, rects[i].centery), ROW_RISE
        return self.row_word_spot(seat, "Cancelled", 22)

    def _landing(self, seat: int, card: str) -> pygame.Rect:
        """Where a wall, character or Diplomacy played to a seat's row lands: the very place it
        will stand, card-shaped, not the middle of the row (a Mad Chemist landed over the walls,
        which then jumped aside)."""
        sv = self.seats[seat]
        tokens = self._tokens(seat)
        if CARDS[card].is_wall:
            walls = sorted([*sv.walls, card], key=lambda w: CARDS[w].strength)
            at = len(walls) - 1 - walls[::-1].index(card)
            return self.layout.wall_rects(seat, len(walls), tokens, walls)[at].copy()
        slot = self.layout.token_rects(seat, tokens + 1)[len(sv.characters)]
        r = pygame.Rect(0, 0, round(TOKEN * 0.72), TOKEN)
        r.center = slot.center
        return r

    def _tokens(self, seat: int) -> int:
        sv = self.seats[seat]
        return len(sv.characters) + sv.diplomacy + sv.skip_next + (not sv.alive)

    def _b_destroyed(self, e: Destroyed | Earthquake | Sabotaged | Fallout) -> Beat:
        seat = e.seat
        walls = list(e.walls)
        if walls:
            self._crumble(seat, walls)
            self.host.play("wall_crumble", self._x(seat), 0.9)
            yield 0.7

    def _b_walls_lost(self, e: Earthquake | Sabotaged | Fallout) -> Beat:
        yield from self._b_destroyed(e)

    def _b_stopped(self, e: Stopped) -> Beat:
        if self.field_said == e.seat:  # its burst said it: a second "Force Field!" over
            self.field_said = None  # "FORCE FIELD!" read as neither (a stranger's table)
        else:
            at, rise = self.row_word_spot(e.seat, "Force Field!", 22)
            self.effects.float_text("Force Field!", at, theme.SKY, 22, rise=rise, outline=True)
        yield 0.5

    def _b_eliminated(self, e: Eliminated) -> Beat:
        seat = e.seat
        sv = self.seats[seat]
        self._crumble(seat, list(sv.walls))
        # the rest of the seat's cards go to the pile in sight, each counted as it lands: the
        # pile's count jumped by a whole hand once the table settled (17 to 23 at game over)
        for i, c in enumerate(e.hand):
            s = self._from_hand(seat, c)
            s.w, s.h = PILE_W, PILE_H
            self._to_discard(s, c, delay=i * 0.05)
        if seat == self.layout.home:
            self.fan = []
            self.hand = []
        rects = self.layout.token_rects(seat, self._tokens(seat))
        table = [*sv.characters, *(["diplomacy"] if sv.diplomacy else [])]
        for c, r in zip(table, rects, strict=False):
            s = self._sprite(r.center, r.w, r.h, c)
            s.set_face(True)
            self._to_discard(s, c, delay=0.1)
        sv.alive = False
        sv.hand = 0
        sv.characters = []
        sv.diplomacy = False
        z = self.layout.zone(seat).rect
        # over the walls row, under the name plate ("OUT!" hid "Out: picks endgame cards")
        self.effects.burst("OUT!", (z.centerx, self.layout.zone(seat).row.centery + 22), 200,
                           theme.INK_3, theme.BLAST, 1.1)
        self.effects.shake(10)
        self.host.play("kaboom", z.centerx)
        self.banner = (f"{self.host.voice.subj(seat)} "
                       f"{self.host.voice.verb(seat, 'is', 'are')} out!", theme.BLAST, 2.4)
        yield 1.2

    def _b_endgame_started(self, e: EndgameStarted) -> Beat:
        self.endgame = True
        # (only at a table of three or more, whose deck holds the Nuclear Bomb) the bomb is
        # live now: said in the banner (a stranger's couch was ended by one nobody had heard
        # was playable)
        self.banner = ("The endgame begins: the Nuclear Bomb may now be played!", theme.SPARK,
                       3.2)
        self.host.play("round_end")
        yield 1.4

    def _b_traded(self, e: Traded) -> Beat:
        self._drop_from_hand(e.seat, list(e.cards))
        self.host.play("card_shuffle", self._x(e.seat), 0.7)
        yield 0.5

    def _b_passed(self, e: Passed) -> Beat:
        yield 0.2

    def _b_undermine(self, e: Undermined) -> Beat:
        aim = self.host.voice.aim(e.seat, "underminer", e.target,
                                  [e.wall])
        self.banner = (f"{W.sentence(aim)} {W.sentence(W.capitalise(W.STOPPED_BY[UNDERMINER]))}",
                       self.host.colours[e.seat], 2.4)
        yield 0.1

    def _b_reshuffled(self, e: Reshuffled) -> Beat:
        self.supply = e.count
        self.discard_top = None
        self.discard_count = 0
        self.host.play("card_shuffle")
        self.banner = ("The discard pile is shuffled into a new supply", theme.SKY, 1.6)
        yield 0.6

    def _b_killed(self, e: Killed) -> Beat:
        seat = e.seat
        character = e.character
        sv = self.seats[seat]
        if character in sv.characters:
            sv.characters.remove(character)
            self.discard_top = character
            self.discard_count += 1
        word = f"{W.bare(character)} down!"  # where it happened, at the seat's row
        at, rise = self.row_word_spot(seat, word, 20)
        self.effects.float_text(word, at, theme.BLAST, 20, rise=rise)
        # what happened, in a headline to read (the small rising word alone was unreadable)
        self.headline = (f"{self.host.voice.Poss(seat)} {W.bare(character)} is down!",
                         theme.BLAST, HEADLINE_S)
        yield 0.5

    def _b_inspected(self, e: Inspected) -> Beat:
        """The inspector sees the hand as cards, laid out across the felt for a moment (it
        was only a log line); nobody else's screen shows it (the event is redacted)."""
        if e.hand is not None and self.viewer == e.by and e.hand:
            v = self.host.voice
            self.banner = (f"{v.Poss(e.seat)} hand, for {v.poss(e.by)} eyes only",
                           self.host.colours[e.by], INSPECT_S)
            w, h = MINI_W, MINI_H
            step = min(w + 8, 880 // len(e.hand))
            x0 = CENTRE[0] - step * (len(e.hand) - 1) / 2
            self.inspected = []
            for i, card in enumerate(e.hand):
                s = self._sprite((x0 + i * step, CENTRE[1] + 4), w, h, card)
                s.set_face(True)
                self.inspected.append(s)
            yield INSPECT_S
            self.inspected = []
        yield from self._b_discards(e)

    def _b_discards(self, e: Protested | Invaded | Inspected) -> Beat:
        gone = list(e.discarded)
        if gone:
            self._drop_from_hand(e.seat, gone)
            yield 0.5

    def _b_stolen(self, e: Stolen) -> Beat:
        seat, by = e.seat, e.by
        if not e.count:
            yield 0.2
            return
        card = e.card
        self.seats[seat].hand -= 1
        home = self.layout.home
        if isinstance(card, str) and self.viewer in (seat, by) \
                and self.host.human_count() <= 1:
            # the log line keeps the card secret; the one person at the screen, who lost it or
            # took it, is told which card on the stage while it flies. Never on a couch: the
            # banner is the whole couch's (a stranger's named the stolen card to both)
            v = self.host.voice
            self.banner = (f"{v.Poss(by)} Spy takes {v.poss(seat)} {W.name_of(card)}",
                           self.host.colours[by], 2.2)
        if seat == home and self.fan:
            idx = self.hand.index(card) if card in self.hand else len(self.fan) - 1
            if card in self.hand:
                self.hand.remove(card)
            s = self.fan.pop(idx)
            s.turn(False, 0.15)
        else:
            s = self._sprite(self.layout.hand_anchor(seat), PILE_W, PILE_H)
        s.move_to(self.layout.hand_anchor(by), 0.45, delay=0.1, arc=30)
        self.flying.append(s)
        yield 0.55
        self.seats[by].hand += 1
        if by == home:
            known = isinstance(card, str) and self.viewer == home
            t = self._sprite(self.layout.hand_anchor(by), self.layout.hand_w, self.layout.hand_h,
                             card if known and isinstance(card, str) else "")
            if known and isinstance(card, str):
                t.secret = True
                t.set_face(True)
                self.hand = hand_order([*self.hand, card])
                self.fan.insert(self.hand.index(card), t)
            else:
                self.fan.append(t)
        yield 0.1

    def _b_force_field(self, e: ForceFieldDestroyed) -> Beat:
        seat = e.seat
        self._crumble(seat, list(e.walls))
        at, rise = self.row_word_spot(seat, "Field down!", 22)
        self.effects.float_text("Field down!", at, theme.SKY, 22, rise=rise,
                                outline=True)  # light blue over the walls: ringed dark to be read
        self.headline = (f"{self.host.voice.Poss(seat)} Force Field is down!", theme.SKY,
                         HEADLINE_S)
        yield 0.6

    def _b_endgame_card(self, e: EndgameCard) -> Beat:
        seat, card = e.seat, e.card
        if card == "advanced_technology":
            self.tech = True
        if e.target >= 0:
            yield 0.1
            return  # the aimed link shows it
        s = self._sprite(self.layout.hand_anchor(seat), STAGE_W, STAGE_H, card)
        s.turn(True, 0.25)
        s.move_to(self.layout.stage, 0.4, arc=24)
        self.flying.append(s)
        self.banner = (f"{self.host.voice.subj(seat)}: {W.name_of(card)}!",
                       self.host.colours[seat], 2.0)
        self.effects.burst(W.name_of(card).upper(), (self.layout.stage[0],
                                                     self.layout.stage[1] - 80),
                           240, theme.INK_3, theme.SPARK, 0.9)
        self.host.play("round_end", self._x(seat), 0.8)
        yield 1.1
        s.move_to(self.layout.hand_anchor(seat), 0.3)
        yield 0.3

    def _b_epidemic(self, e: Epidemic) -> Beat:
        v = self.host.voice
        self.seats[e.seat].skip_next = True
        self.banner = (f"Epidemic: {v.obj(e.seat)} will lose {v.their(e.seat)} next turn",
                       self.host.colours[e.seat], 2.2)
        yield 0.6

    def _b_lost_turn(self, e: LostTurn) -> Beat:
        """A skipped turn, in a banner (a stranger saw only a log line and wondered why the
        turn went on without them)."""
        seat = e.seat
        v = self.host.voice
        self.seats[seat].skip_next = False
        self.banner = (f"{v.subj(seat)} {v.verb(seat, 'is', 'are')} sick: "
                       f"{v.their(seat)} turn is skipped", self.host.colours[seat], 2.2)
        at, rise = self.row_word_spot(seat, "Turn lost", 20)
        self.effects.float_text("Turn lost", at, theme.MUTED, 20, rise=rise)
        yield 1.0

    def status_rect(self, seat: int) -> pygame.Rect | None:
        """Where a seat's status line ("No walls left!") is drawn at the left of its row, or
        None while it has walls (`view._zones`)."""
        if self.seats[seat].walls or not self.walls_up:
            return None
        row = self.layout.zone(seat).row
        img = text.render(hud.NO_WALLS, hud.NO_WALLS_PX, theme.BLAST, True)
        return img.get_rect(midleft=(row.x + 8, row.centery))

    def row_word_spot(self, seat: int, word: str,
                      size: int) -> tuple[tuple[float, float], float]:
        """Where a floating word over a seat's row starts, and how far it rises: the row's
        middle, or with the status line showing clear of it all the way, past it when there
        is room, else over it, still (a stranger saw "Mad Chemist down!" drawn right over
        "No walls left!", and "Turn lost" before)."""
        row = self.layout.zone(seat).row
        status = self.status_rect(seat)
        if status is None:
            return row.center, ROW_RISE
        w, h = text.render(word, size, theme.CREAM, True, shadow=True).get_size()
        x = max(row.centerx, status.right + 16 + w / 2)
        if x + w / 2 <= row.right - 4:
            return (x, row.centery), ROW_RISE
        return (row.centerx, status.top - 3 - h / 2), 0.0

    def _b_underminer_idle(self, e: UnderminerIdle) -> Beat:
        """The seat's Underminer takes no wall this turn: a small bubble says so at him (the
        log line alone left him sitting still with no word at the table)."""
        self.bubble = (underminer_idle_words(e.why), e.seat, BUBBLE_S)
        self.bubble_private = False
        self.bubble_turn = self.turns_begun
        yield 0.5

    def bubble_anchor(self, seat: int) -> pygame.Rect:
        """What a seat's bubble points at: its Underminer's token, else its walls row."""
        sv = self.seats[seat]
        if UNDERMINER in sv.characters:
            return self.layout.token_rects(seat, self._tokens(seat))[
                sv.characters.index(UNDERMINER)]
        return self.layout.zone(seat).row

    def _b_diplomacy_ended(self, e: DiplomacyEnded) -> Beat:
        self.seats[e.seat].diplomacy = False
        self.discard_top = "diplomacy"
        self.discard_count += 1
        yield 0.1

    def _b_technology_ended(self, e: TechnologyEnded) -> Beat:
        self.tech = False
        yield 0.1

    def _b_over(self, e: Over) -> Beat:
        self.turn = None
        self.bubble = None  # an old "While you waited" peeked from behind the results
        self.over_shown = True
        self.banner = (f"{self.host.voice.winners(list(e.winners))}!", theme.SPARK,
                       30.0)
        # a person at the screen won: a moment of its own, not the loss's panel
        people = [w for w in e.winners if self.host.is_human(w)]
        self.celebration.begin(self.effects, self.later, win_word(self.host.voice, people),
                               (492, 262))
        self.host.play("game_win")
        yield 1.2


_HANDLERS: ByClass[Presenter, Beat] = ByClass()
"""The beat that animates each event class (none: only its log line)."""
add = _HANDLERS.add


add(Setup, Presenter._b_setup)
add(Dealt, Presenter._b_dealt)
add(Drew, Presenter._b_drew)
add(Turn, Presenter._b_turn)
add(Played, Presenter._b_played)
add(Aimed, Presenter._b_aimed)
add(Answered, Presenter._b_answered)
add(Cancelled, Presenter._b_cancelled)
add(Took, Presenter._b_took)
add(Destroyed, Presenter._b_destroyed)
add(Earthquake, Presenter._b_walls_lost)
add(Sabotaged, Presenter._b_walls_lost)
add(Fallout, Presenter._b_walls_lost)
add(Stopped, Presenter._b_stopped)
add(Eliminated, Presenter._b_eliminated)
add(EndgameStarted, Presenter._b_endgame_started)
add(Traded, Presenter._b_traded)
add(Passed, Presenter._b_passed)
add(Undermined, Presenter._b_undermine)
add(Reshuffled, Presenter._b_reshuffled)
add(Killed, Presenter._b_killed)
add(Protested, Presenter._b_discards)
add(Invaded, Presenter._b_discards)
add(Inspected, Presenter._b_inspected)
add(Stolen, Presenter._b_stolen)
add(ForceFieldDestroyed, Presenter._b_force_field)
add(EndgameCard, Presenter._b_endgame_card)
add(Epidemic, Presenter._b_epidemic)
add(LostTurn, Presenter._b_lost_turn)
add(UnderminerIdle, Presenter._b_underminer_idle)
add(DiplomacyEnded, Presenter._b_diplomacy_ended)
add(TechnologyEnded, Presenter._b_technology_ended)
add(Over, Presenter._b_over)


def underminer_idle_words(why: tuple[str, ...]) -> str:
    """The bubble at an idle Underminer: why he took no wall, as the rules logged it per enemy
    (a stranger read "no wall to take" when her Force Field was what kept him away)."""
    if "open" in why:
        return "Underminer rests"  # its seat's choice ("stays idle" read as a broken AI)
    if "no_wall" in why and len(set(why)) > 1:
        return "Underminer: no wall within reach"
    if "force_field" in why and "diplomacy" in why:
        return "Underminer: kept away"
    if "force_field" in why:
        return "Underminer: a Force Field keeps him away"
    if "diplomacy" in why:
        return "Underminer: Diplomacy keeps him away"
    return "Underminer: no wall to take"
