"""The Kaboom! Explosive table: the flow of a match and the routing of every seat's input.

The scene is the controller. It asks the rules who must act, lets the AIs think in slices of a
few milliseconds each frame (as `simulate` drives them, so a seeded match is the same match on
screen), paces their answers with a seeded, human-like pause that depends on nothing in their
hand, puts up "pass to" curtains when several humans share the screen, autosaves at every human
decision, and records the actions. What is on screen is the presenter's (it replays the rules'
events) and the view's; what a human may choose and the prompt that says so are the controls'.

Out-of-turn defences: every card aimed at a player opens a defence window (the rules open it
even when the target holds no defence). A human target who holds an answer is asked, privately
(behind a curtain when other humans share the screen), and is offered only the defences the
rules allow plus "Take it"; one who holds none is hit after a short pause (on a couch, where an
answer could be held, the curtain still comes and the hit lands as it lifts, a note saying why:
one press per hand-off; where none can be, in public: decision 25). An AI target answers after
its pause.
"""

from __future__ import annotations

import json
import logging
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.app.catalogue import MatchSetup
from game.app.clock import LOGIC_DT
from game.app.input import MOUSE, POINT, ActionEvent
from game.core.rng import derive_rng
from game.games.blast import hud, words
from game.games.blast.ai import BlastAI, ai_seed, make_ai
from game.games.blast.controls import TableControls
from game.games.blast.data import CARDS, DEFENCES
from game.games.blast.layout import CENTRE, DRAG_SLOP, FELT, LOG_TALL, TableLayout
from game.games.blast.options import new_match_for, pace_of, places
from game.games.blast.presenter import COUCH_RECAP_S, Presenter
from game.games.blast.rules import Action, Defend, MatchState, Phase, TakeIt
from game.games.blast.rules.events import Drew, Turn
from game.games.blast.savefmt import SAVE_VERSION
from game.games.blast.view import TableView
from game.tabletop.curtain import PassCurtain
from game.tabletop.feedback import TableFeedback
from game.tabletop.placement import clear_place
from game.tabletop.scene import CardTableScene
from game.tabletop.targets import DIRS, TargetCursor

if TYPE_CHECKING:
    from game.app.app import App

log = logging.getLogger(__name__)

AI_BUDGET_S = 0.045 * LOGIC_DT
"""Seconds of AI thinking per logic step, 4.5% of it (about 0.75 ms per 60 Hz frame): frames
never stall, and the AI's choice does not depend on the slicing. The seeded pause before an AI's
move shows is longer than its thinking, so nobody waits for it."""
PAUSE: dict[Phase, tuple[float, float]] = {
    Phase.PLAY: (0.4, 0.8), Phase.DEFEND: (0.6, 1.2), Phase.ARRANGE: (0.6, 1.0),
    Phase.ENDGAME: (0.7, 1.1),
}
"""The range of an AI's seeded pause per kind of decision (seconds, times the AI pace). Trimmed
in the tenth playtest ("matches are long"; play 0.55-1.05 s, answer 0.9-1.8 s before): the
card's flight and burst still show every move, the wait before it is shorter."""
UNANSWERABLE_PAUSE = (0.25, 0.35)
"""An AI's pause before taking a card no defence answers (public: it says nothing of a hand)."""
HANDOFF_PAUSE = 1.0
"""Seconds the table holds still, all shown, before a hand-off curtain covers it."""
SETTLE_S = 2.5
"""The longest a hand-off curtain waits for the last play's burst and words to finish."""
CURTAIN_REASONS: dict[Phase, str] = {
    Phase.PLAY: "Your turn: see your hand",
    Phase.DEFEND: "A card is aimed at you: answer it in private",
    Phase.ARRANGE: "Arrange the cards your Twist of Fate showed you",
    Phase.ENDGAME: "Your endgame turn",
}


AUTO_TAKE_S = 2.5
"""Seconds a card aimed at a person who holds no answer waits before it is taken for them."""
HANDED_TAKE_S = 0.0
"""The same on a couch, once the curtain lifted on a hand with no answer: at once. The press
that lifted it is the hand-off's only press, and the hit lands as the hand comes up, a note on
the person's panel saying why (a couch spent a second press, "Take it", on every such hit, and
then a stranger sat through "Nothing in your hand answers it: it hits in 1 s" each time). The
curtain itself must stay: whether it comes may depend on public facts alone
(`out_of_reach`), or its absence would tell the couch that the hand held no answer."""
WAIT_NOTE_S = 1.2
"""A press that must wait says why at most this often (a burst of clicks, one note)."""
KEPT_KEYS = 6
"""At most this many keys pressed while a move lands are kept for the decision after it."""


@dataclass(frozen=True)
class SeatNote:
    """A seat's short note on the table: its words, its panel's centre, when it came."""

    words: str
    centre: tuple[float, float]
    born: float
    width: int = 0
    """Wrapped to this width (0: one line), to keep off the piles (`note_surface`)."""

    def alive(self, clock: float) -> bool:
        return clock - self.born < hud.NOTE_LIFE_S


def note_place(layout: TableLayout, seat: int, words_: str,
               avoid: Sequence[pygame.Rect] = ()) -> tuple[int, tuple[float, float]]:
    """A seat's note: its width (0: one line) and centre. On one line where that keeps off the
    piles and the card in play, else wrapped to the seat's zone (a couch's "Ana decides how to
    answer the TNT: one moment." by the left seat lay over the draw pile and the flying TNT)."""
    middle = [layout.piles_rect(), layout.stage_rect()]
    for width in (0, layout.zone(seat).rect.w):
        size = hud.note_surface(words_, width).get_size()
        cx, cy = note_centre(layout, seat, size, avoid)
        r = pygame.Rect((0, 0), size)
        r.center = (round(cx), round(cy))
        if r.collidelist(middle) < 0:
            break
    return width, (cx, cy)


def note_centre(layout: TableLayout, seat: int, size: tuple[int, int],
                avoid: Sequence[pygame.Rect] = ()) -> tuple[float, float]:
    """Where a seat's note of `size` sits: over its zone, else beside it (towards the stage),
    else under it; on the felt, never on a seat's name plate or the home hand ("Cleo is
    thinking" lay on the plate of the top seat who pressed; a toast sat on a hand's count),
    and, where a place allows, on no other zone and on nothing in `avoid` (the buttons); else
    at the nearest place clear of plates and hand."""
    z = layout.zone(seat)
    r0 = z.rect
    w, h = size
    half = w / 2 + 6

    def on_felt(cx: float) -> float:
        return max(FELT.x + half, min(cx, FELT.right - half))

    x = on_felt(float(r0.centerx))
    beside = r0.x - 8 - w / 2 if z.side == "right" else r0.right + 8 + w / 2
    places = [(x, r0.y - h / 2 - 4), (on_felt(beside), float(z.plate.centery)),
              (x, r0.bottom + h / 2 + 4)]
    others = [layout.zone(s).rect for s in range(layout.n) if s != seat] + [*avoid]
    at = clear_place(size, [(p, "center") for p in places], layout.keep_clear() + [r0], FELT,
                     prefer_off=others)
    if at is None:  # no room clear of every plate: still on the felt, over the zone
        return x, max(float(FELT.y) + h / 2 + 6, r0.y - h / 2 - 4)
    return float(at.centerx), float(at.centery)


class BlastScene(CardTableScene):
    """One match of Kaboom! An Explosive Card Game at the table."""

    scene_id = "blast"
    state: MatchState

    def __init__(self, app: App, setup: MatchSetup, saved: dict[str, Any] | None = None, *,
                 speed: float = 1.0, demo: bool = False) -> None:
        super().__init__(app, setup)
        self.speed = speed
        self.demo = demo  # a screenshot/bench table: never saves, never records statistics
        if saved is not None:
            self.state = MatchState.from_dict(self.resumed_part(saved, SAVE_VERSION, "match"))
            self.check_seats(self.state.options.players)
        else:
            self.state = new_match_for(setup)
        self.pace = pace_of(setup)
        self.ais: dict[int, BlastAI] = {}
        self._make_ais()
        hs = self.humans()
        self._layouts: dict[tuple[int, int | None], TableLayout] = {}
        self.layout = self._layout_for(hs[0] if hs else 0)
        self.presenter = Presenter(self, self.layout, self.state, app.reduced_motion)
        self.presenter.warm_up()
        self.feedback = TableFeedback(
            app.sound, lambda x: self.layout.pan(x), CENTRE[0],
            seat_x=lambda seat: self.layout.zone(seat).rect.centerx,
            note=self._note)
        self.clock = 0.0
        self.actions: list[Action] = []  # every action applied at this table, in order
        from game.games.blast.replay import BlastRecorder

        self.recorder: BlastRecorder | None = None if demo else BlastRecorder(
            setup.to_dict(), self.state, self._saved_inputs(saved))
        self.table_controls = TableControls(self)
        self.view = TableView(self)
        self.curtain: PassCurtain | None = None
        self._shown_at = -1  # the events shown when the table last settled (`_settling`)
        self._shown_clock = 0.0
        self.curtains_opened: list[int] = []  # seats, in order (tests check who opened what)
        self.shown_to_all = False  # another couch person acted at the open table since then
        self.downed_for_ai = False
        """The last hand up went face down for an AI's decision since its curtain opened."""
        self.seen_upto: dict[int, int] = {
            s: len(self.state.events) for s in range(len(self.state.players))}
        """Per couch seat, how far into the log the table had been shown while their hand was
        last up: their "While you waited" starts there (`_recap`). A match opened from a save
        starts from where it was left (after Continue a recap told the whole match again, in
        eight lines over the table)."""
        self.note: SeatNote | None = None  # the seat's note showing (`_note`)
        self.open_events: set[int] = set()
        """The log's events shown at the open table (every hand down, no curtain): the whole
        couch saw them, so no recap tells them (`_recap`)."""
        self._shown = len(self.state.events)
        self.keys_kept: list[tuple[int, str, int]] = []  # (seat, key, log length): `_keep_key`
        self.show_log = True
        self._ai_key: tuple[int, int] | None = None
        self._ai_action: Action | None = None
        self._ai_due: float | None = None
        self._saved_at = -1
        self.drag: tuple[str, tuple[int, int], bool] | None = None
        """(card, where the press began, whether it was picked before the press) while a
        picked hand card may be dragged to its target."""
        self._no_answer: tuple[int, float] | None = None
        """(event count, scene time) at which a card aimed at a human with no answer is taken."""
        self.queued: tuple[int, str, int] | None = None
        """(seat, card, event count): a hand card pressed while the last move was still landing,
        picked up as soon as the seat's decision shows (a stranger's clicks then were lost)."""
        self._wait_note_at = -WAIT_NOTE_S
        self.last_device = self.seats[hs[0]].device if hs else MOUSE
        viewer = self.default_viewer()
        if saved is not None:
            self.presenter.sync(self.state, viewer)
        else:
            self.presenter.set_viewer(viewer, [])

    def _note(self, seat: int, words_: str) -> None:
        """A short note by a seat (a refusal, or why a press waits), on a panel by its zone
        and kept whole on the felt (one by the left seat ran off the screen's edge; one with no
        panel was unreadable over the table). A new note replaces the one showing."""
        buttons = [t.rect for t in self.cursor.targets if t.kind == "button"]
        width, centre = note_place(self.layout, seat, words_, buttons)
        self.note = SeatNote(words_, centre, self.clock, width)

    # ------------------------------------------------------------------ seats

    def _make_ais(self) -> None:
        for i, seat in enumerate(self.seats):
            if seat.is_ai and i not in self.ais:
                self.ais[i] = make_ai(seat.difficulty, i, ai_seed(self.setup.seed, i))
        for i in list(self.ais):
            if not self.seats[i].is_ai:
                del self.ais[i]

    def _layout_for(self, home: int) -> TableLayout:
        hs = self.humans()  # a couch keeps every seat but the two trading places still
        key = (home, hs[0] if len(hs) >= 2 else None)
        if key not in self._layouts:
            self._layouts[key] = TableLayout(len(self.seats), home, anchor=key[1])
        return self._layouts[key]

    def identity_changed(self) -> None:
        """The seats' colours changed mid-match: the log's markers follow (the table layer
        is keyed by the colours and redraws itself)."""
        presenter = getattr(self, "presenter", None)
        if presenter is not None:
            presenter.recolour_log()

    def couch(self) -> bool:
        """Two or more humans share the screen: hands go behind curtains."""
        return len(self.humans()) >= 2

    def default_viewer(self) -> int | None:
        """Whose hand the screen may show without asking: a lone human's."""
        hs = self.humans()
        return hs[0] if len(hs) == 1 else None

    @property
    def voice(self) -> words.Voice:
        """Words for the seats: a lone human is addressed as "you"."""
        return words.Voice(self.names, self.default_viewer())

    def play(self, sound: str, x: float = 492.0, volume: float = 1.0) -> None:
        """A sound of the game, panned to where it happens (the presenter's host)."""
        self.feedback.play(sound, x, volume)

    def replace_device(self, old: str, new: str | None) -> None:
        """A pad went away: its seat moves to another device, or an AI takes it over."""
        super().replace_device(old, new)
        self._make_ais()
        if self.curtain is not None and self.curtain.device == old:
            if new is None:
                self.curtain.cancel()
            else:
                self.curtain.device = new
        viewer = self.default_viewer()
        if viewer is not None and viewer != self.presenter.viewer:
            self._show_hand_of(viewer)
        elif not self.couch() and viewer is None:
            self.presenter.set_viewer(None)
        self.table_controls.invalidate()
        self._ai_key = None

    def _show_hand_of(self, seat: int) -> None:
        """Turn the table so `seat` sits at the bottom, its hand face up in the fan. Whatever
        is still being shown lands first: the hand is the state's, and a draw still to be shown
        would have dealt its card into the fan a second time (two Underminers in a replay's
        hand, the deck holding one)."""
        self.presenter.skip()
        if self.presenter.viewer != seat:
            # a note said to the person whose hand was up goes with it ("Nothing in your hand
            # answers..." faded under the next person's "For Ben's eyes only")
            self.note = None
        self.layout = self._layout_for(seat)
        self.presenter.set_layout(self.layout)
        self.presenter.set_viewer(seat, list(self.state.players[seat].hand))
        self.table_controls.invalidate()

    # ------------------------------------------------------------------ curtains

    def request_curtain(self, seat: int, reason: str) -> None:
        if self.curtain is not None:
            return
        self.presenter.set_viewer(None)
        self.presenter.log.to_newest()  # the next person reads what just happened, not the
        # earlier moves the last one scrolled back to
        self.app.input.release_all()
        # keys pressed before the hand-off never act behind it: the person had not seen the
        # hand they would act on (a stranger's Space, pressed as the table moved, lifted his
        # curtain and then picked his Flaming Arrow for him)
        self.keys_kept = []
        self.curtain = PassCurtain(self.app, self.names[seat], self.colours[seat],
                                   self.device_of(seat), lambda: self._curtain_opened(seat),
                                   reason, self.shapes[seat], on_cancel=self._curtain_cancelled)
        self.app.stack.push(self.curtain)

    def holds_screen(self, seat: int) -> bool:
        """Whether `seat` is the couch player who opened the last curtain: their hand, hidden
        while others moved, comes back up without a hand-off (a stranger met the curtain
        straight after their own play, an AI's answer between, nobody else's hand shown)."""
        return bool(self.curtains_opened) and self.curtains_opened[-1] == seat \
            and not self.shown_to_all \
            and not (self.downed_for_ai and self.state.current != seat)

    def hand_on_request(self, seat: int) -> bool:
        """Whether the couch person whose turn goes on after another looked at the screen
        takes it back at the open table, hand hidden (decision 25): their turn is under way
        (a play made, or the Underminer's strike), so they may end it or strike without their
        hand, and show it themselves ("Show my hand") only to play on. An attack between two
        couch people took three hand-overs: to the target, back to the attacker only to end
        the turn, and to the target again for their own turn."""
        st = self.state
        return st.phase == Phase.PLAY and st.current_player() == seat \
            and (st.plays_left <= 0 or st.played > 0 or st.undermined)

    def show_own_hand(self) -> None:
        """The person on turn asks for their own hand (the button at the open table): it comes
        up at once, as an opened curtain would show it."""
        seat = self.decider()
        if seat is None or not self.couch() or self.presenter.viewer == seat:
            return
        self.curtains_opened.append(seat)
        self.shown_to_all = False
        self.downed_for_ai = False
        self._show_hand_of(seat)
        self._recap(seat)
        self.feedback.click()

    def _curtain_opened(self, seat: int) -> None:
        self.curtain = None
        self.presenter.log.to_newest()
        self.downed_for_ai = False
        self.curtains_opened.append(seat)
        self.shown_to_all = False
        self.downed_for_ai = False
        self._show_hand_of(seat)
        self._recap(seat)

    def _recap(self, seat: int) -> None:
        """A couch person's hand is up again: what the table did since it was last up, in a
        bubble at their seat ("While you waited: Ben brought in the Mad Chemist; ..."). Each
        saw only the log's newest lines after a hand-off, the rest scrolled away while the
        screen was another's."""
        pr = self.presenter
        said = pr.couch_recap(seat, self.seen_upto.get(seat, 0), pr.next_event,
                              self.open_events)
        if said:
            pr.bubble = (said, seat, COUCH_RECAP_S)
            pr.bubble_private = True
        self.seen_upto[seat] = pr.next_event

    def _curtain_cancelled(self) -> None:
        self.curtain = None

    # ------------------------------------------------------------------ the loop

    def update(self, dt: float) -> None:
        self._update(dt)
        # between a seat's end and the hand-off curtain lifting, the fan holds no hand
        self.presenter.hide_fan(self.passing_to() is not None)

    def _update(self, dt: float) -> None:
        dt *= self.speed
        self.clock += dt
        self.presenter.update(dt)
        self.presenter.place_fan(self.table_controls.fan_slots(), dt)
        if self.couch() and self.presenter.viewer is not None:
            self.seen_upto[self.presenter.viewer] = self.presenter.next_event  # in their sight
        shown = self.presenter.next_event
        if self.couch() and self.presenter.viewer is None and self.curtain is None:
            # every hand down, no curtain: the open table was in everyone's sight, so no
            # "While you waited" retells it (session 43: it named what the whole couch had
            # just watched; it is for what a curtain or another's hand hid from them)
            self.open_events.update(range(min(self._shown, shown), shown))
        self._shown = shown
        if self.finished:
            self.table_controls.refresh(None)
            return
        if self.curtain is not None:
            return
        self._couch_hand_down()
        self._ai_think()
        if self.showing():
            self.table_controls.refresh(None)
            return
        self._decide()

    def _couch_hand_down(self) -> None:
        """On a couch a hand is up only while its person decides: once the decision is an
        AI's, it goes face down at once, whatever is still being shown (a stranger's couch saw
        Cleo's hand stay up through an AI's whole turn, after she had answered an attack)."""
        if not self.couch() or self.presenter.viewer is None or self.state.is_terminal():
            return
        cur = self.state.current_player()
        if cur is not None and not self.is_human(cur):
            self.presenter.set_viewer(None)
            self.table_controls.refresh(None)
            # Face down, the others look back at the table: out of its person's turn the hand
            # comes up again only behind a curtain (an AI's attack on Ben showed his hand to
            # Cleo, unasked; on his own turn, "Show my hand" or the hand as before).
            self.downed_for_ai = True
        elif cur is not None and cur != self.presenter.viewer and not self.holds_screen(cur):
            # The decision is another person's: the hand up goes face down at once, while its
            # last play still lands, not only when their curtain comes (a stranger's couch saw
            # Ana's hand still face up, and live to Ben's keys, through the table's settling
            # while the device went to Ben: the wrong seat's hand "for a moment").
            self.presenter.set_viewer(None)
            self.table_controls.refresh(None)

    def _ai_think(self) -> None:
        """Begin and work the AI whose decision it is, one slice a frame."""
        st = self.state
        cur = st.current_player()
        if cur is None or cur not in self.ais:
            return
        key = (len(st.events), cur)
        if key != self._ai_key:
            self._ai_key = key
            self._ai_action = None
            self._ai_due = None
            self.ais[cur].begin(st)  # reads the seat's observation: its own frame's work
            return
        if self._ai_action is None:
            self._ai_action = self.ais[cur].work(AI_BUDGET_S)

    def ai_pause(self) -> float:
        """The seeded pause before an AI's move shows: drawn from the match seed and the move's
        place in the log, never from anything in a hand."""
        st = self.state
        lo, hi = PAUSE.get(st.phase, (0.6, 1.0))
        if self.unanswerable():  # a Firestorm: no defence exists, so nobody "decides"
            lo, hi = UNANSWERABLE_PAUSE
        rng = derive_rng(self.setup.seed, "pause", len(st.events))
        return rng.uniform(lo, hi) * self.pace

    def _ai_step(self, seat: int) -> None:
        if self.couch() and self.presenter.viewer is not None:
            self.presenter.set_viewer(None)  # nobody's hand stays up while others play
        self.table_controls.refresh(None)
        if self._ai_due is None:
            self._ai_due = self.clock + self.ai_pause()
        if self.clock < self._ai_due or self._ai_action is None:
            return
        action = self._ai_action
        self._ai_action = None
        if not self._apply(action):
            log.warning("AI seat %s chose an illegal %s", seat, action)
            legal = self.state.legal_actions(seat)
            if legal:
                self._apply(legal[0])

    def _human_step(self, seat: int) -> None:
        if self.couch() and self.presenter.viewer != seat and self.state.phase == Phase.DEFEND \
                and self.out_of_reach():
            # decision 25: the device passes to a target whenever an answer could be in their
            # hand (from public facts); only when none can be (no card answers it, or every
            # answer is spent) does the whole table read that it hits. Passing only to a
            # target who held an answer told the couch who held none (a stranger, s29).
            # Whoever's hand was up puts it down: the table, the target first, reads the hit
            # (a stranger's couch saw Ana's hand while her Underminer dug under Cleo's wall).
            if self.presenter.viewer is not None:
                self.presenter.set_viewer(None)
            self.table_controls.refresh(None)
            self._take_unanswerable(seat)
            return
        if self.couch() and self.presenter.viewer != seat and not self.holds_screen(seat) \
                and self.hand_on_request(seat):
            # decision 25: nothing private is asked yet, so no hand-off: the hand stays hidden
            # while this person strikes with the Underminer or ends the turn in everyone's
            # sight, and comes up only when they show it to play on
            if self.presenter.viewer is not None or self.layout.home != seat:
                self.layout = self._layout_for(seat)  # the fan: their own cards, face down
                self.presenter.set_layout(self.layout)
                self.presenter.set_viewer(None)
            self.shown_to_all = True
            if self._saved_at != len(self.state.events):
                self._saved_at = len(self.state.events)
                self.autosave()
            self.table_controls.refresh(seat)
            self._pick_queued(seat)
            self._take_kept_keys(seat)
            return
        if self.couch() and self.presenter.viewer != seat and not self.holds_screen(seat):
            if self._settling():
                return  # the last play lands in everyone's sight before the hand-off
            self.request_curtain(seat, self.curtain_reason(seat))
            return
        if self.presenter.viewer != seat:
            self._show_hand_of(seat)
        if self._saved_at != len(self.state.events):
            self._saved_at = len(self.state.events)
            self.autosave()
        self.table_controls.refresh(seat)
        self._take_unanswerable(seat)
        self._pick_queued(seat)
        self._take_kept_keys(seat)

    def _settling(self) -> bool:
        """Whether the table is still showing the last play's landing (its burst, its words,
        a knock-out's OUT!), for up to `SETTLE_S` after the events were shown: a hand-off
        curtain waits for it (a stranger's Flaming Arrow that put Ana out, and his Firestorm,
        both landed behind the next person's curtain, and he learnt of them a turn later)."""
        pr = self.presenter
        if self._shown_at != len(self.state.events):
            self._shown_at, self._shown_clock = len(self.state.events), self.clock
        still = self.clock - self._shown_clock
        waiting = pr.effects.busy or len(pr.timeline) > 0 or bool(pr.crumbles)
        return still < HANDOFF_PAUSE or (waiting and still < SETTLE_S)

    def _answered_for(self, seat: int) -> bool:
        """Whether another seat is only answering `seat`'s card, in `seat`'s own turn: the
        decision comes back to `seat` once it lands (a press meanwhile is kept, not dropped:
        a stranger's keys and clicks while an AI's answer to his attack landed were lost)."""
        st = self.state
        cur = st.current_player()
        return not st.over and st.phase == Phase.DEFEND and st.current == seat \
            and cur is not None and cur != seat and st.players[seat].alive

    def _still_due(self, at: int) -> bool:
        """Whether a press kept at log length `at` may act now: the match has not moved on
        since (`at` < 0: kept while another seat answered, due for the rest of that turn)."""
        if at < 0:
            return -at - 1 == self.state.turn and self.state.current_player() == self.state.current
        return at == len(self.state.events)

    def _pick_queued(self, seat: int) -> None:
        """Pick up the hand card this seat pressed while the table was still moving, if the
        match has not moved on since and nothing else is picked."""
        queued, self.queued = self.queued, None
        if queued is None or queued[0] != seat or not self._still_due(queued[2]) \
                or self.table_controls.pick.card or queued[1] not in self.presenter.hand:
            return
        hit = self.cursor.get(f"hand:{self.presenter.hand.index(queued[1])}")
        if hit is not None:
            self.cursor.focus_key = hit.key
            hit.on_activate()

    def _press_waits(self, seat: int, pos: tuple[int, int] | None,
                     keep_card: bool = True) -> bool:
        """A press while the table is not asking this seat: say why it waits, and keep a press
        on a hand card for when the seat's own decision shows (nothing is dropped unsaid)."""
        if self.finished or self.curtain is not None:
            return False
        st = self.state
        cur = st.current_player()
        card = None
        if pos is not None and self.presenter.viewer == seat:
            i = self.presenter.fan_drawn_hit(pos)  # the card drawn under the pointer
            if i is not None and i < len(self.presenter.hand):
                card = self.presenter.hand[i]
        key = self.cursor.focus_key
        if not keep_card:
            card = None
        elif pos is None and self.presenter.viewer == seat and key and key.startswith("hand:"):
            i = int(key.split(":")[1])  # a key press on the focused hand card is kept too
            if i < len(self.presenter.hand):
                card = self.presenter.hand[i]
        if cur == seat and self.showing():
            if card is not None:
                self.queued = (seat, card, len(st.events))
                said = f"{words.name_of(card)}: yours as soon as this move lands."
            else:
                said = "One moment: the last move is still landing."
        elif card is not None and self._answered_for(seat):
            self.queued = (seat, card, -st.turn - 1)  # due once the answer lands
            said = f"{words.name_of(card)}: yours as soon as " \
                   f"{self.names[cur] if cur is not None else 'they'} has answered."
        elif cur is not None and cur != seat:
            said = self.table_controls.waiting_for(cur)
        else:
            return False
        if self.clock - self._wait_note_at >= WAIT_NOTE_S or card is not None:
            self._wait_note_at = self.clock
            self.feedback.note(seat, said)
        return True

    def can_answer(self, seat: int) -> bool:
        """Whether `seat` holds a card that answers the card aimed at them now (decision 25:
        only then does a couch hand go behind a curtain to be asked)."""
        st = self.state
        if st.phase != Phase.DEFEND or st.current_player() != seat:
            return True
        return any(isinstance(a, Defend) for a in st.legal_actions(seat))

    def unanswerable(self) -> bool:
        """Whether the card aimed now is one no defence answers (a Firestorm, an Assassin)."""
        link = self.state.window() if self.state.phase == Phase.DEFEND else None
        return link is not None and not any(link.card in CARDS[d].answers for d in DEFENCES)

    def out_of_reach(self) -> str:
        """Why, from public facts alone, no answer to the card aimed now can be held: "none"
        (no card in the game answers it) or "spent" (every copy of every answer lies face up
        in the discard pile); "" when one may be held (an empty hand is refilled). Only
        then does a couch hand go behind a curtain (a pass step that ended in "nothing in your
        hand answers it" cost a hand-off for nothing, and whether it comes must not depend on
        the hand)."""
        st = self.state
        link = st.window() if st.phase == Phase.DEFEND else None
        if link is None:
            return ""
        answers = [d for d in DEFENCES if link.card in CARDS[d].answers]
        if not answers:
            return "none"
        if all(st.discard.count(d) >= CARDS[d].count for d in answers):
            return "spent"
        return ""

    def curtain_reason(self, seat: int) -> str:
        """The curtain's line: for a card aimed at `seat`, what comes and what to do behind the
        curtain (public facts only: the card and who sent it; one short line, as the curtain
        draws it on one line)."""
        st = self.state
        link = st.window() if st.phase == Phase.DEFEND else None
        if link is None:
            return CURTAIN_REASONS.get(st.phase, "")
        def who(s: int) -> str:
            return self.names[s] if s != seat else "yourself"

        card = words.name_of(link.card)
        if link.via and link.origin != link.source:
            # whose card it is and who sent it on (a stranger read "TNT from Ana" of Cleo's
            # TNT that Ana's Backfire turned back)
            how = "turned back" if link.via == "backfire" else "sent on"
            origin = "Your" if link.origin == seat else f"{self.names[link.origin]}'s"
            return f"{origin} {card}, {how} by {who(link.source)}: can your hand answer it?"
        return f"{card} from {who(link.source)}: can your hand answer it?"

    def auto_take_in(self, seat: int) -> float | None:
        """Seconds before the card aimed at `seat` is taken by itself (they hold no answer),
        or None when they have a choice to make."""
        st = self.state
        if st.phase != Phase.DEFEND or st.current_player() != seat:
            return None
        delay = AUTO_TAKE_S
        if self.couch() and not self.out_of_reach():
            # on a couch, where an answer could be in the hand, the hand-off always comes
            # (`_human_step`); once the person's own hand is up, one with no answer is taken
            # after a short beat, still shown: a stranger's couch spent two presses (the
            # curtain, then "Take it") on every hit that was no decision
            if self.presenter.viewer != seat:
                return None
            delay = HANDED_TAKE_S
        legal = st.legal_actions(seat)
        if any(isinstance(a, Defend) for a in legal) or TakeIt(seat) not in legal:
            return None
        if self.curtain is not None or self.presenter.busy:
            # the count starts once their own hand is up to read (on a couch it was half gone
            # by the time the curtain lifted and the hand came up)
            self._no_answer = None
            return delay
        key = len(st.events)
        if self._no_answer is None or self._no_answer[0] != key:
            self._no_answer = (key, self.time + delay)  # real seconds: reading time
        return max(0.0, self._no_answer[1] - self.time)

    def _take_unanswerable(self, seat: int) -> None:
        """Nothing in the hand answers the card aimed at this person: after a moment to read
        what hit them, it is taken for them (the playtest's most repeated click that was no
        decision). A person with an answer is always asked, and waited for; on a couch
        everyone is (`auto_take_in`)."""
        left = self.auto_take_in(seat)
        if left is not None and left <= 0.0:
            self._no_answer = None
            link = self.state.window()
            if self.couch() and link is not None and not self.out_of_reach():
                # behind the hand-off, taken at once: the person reads why (the hand is up
                # to them alone; the others are away from the screen)
                self.feedback.note(seat, f"Nothing in your hand answers the "
                                         f"{words.name_of(link.card)}: it hits you.")
            self.human_act(TakeIt(seat))

    def _apply(self, action: Action) -> bool:
        if self.state.apply(action) is not None:
            return False
        self._record(action)
        self.table_controls.applied(action)
        return True

    def _record(self, action: Action) -> None:
        """Every applied action passes here: into the replay (with the table's time) and into
        `self.actions`, which tests compare with `simulate`."""
        self.actions.append(action)
        if self.recorder is not None:
            self.recorder.applied(self.state, action, round(self.clock, 3))

    @staticmethod
    def _saved_inputs(saved: dict[str, Any] | None) -> list[Any]:
        """The replay inputs a save carried, compact JSON text (so a resumed match is still
        recorded whole); none when absent or unreadable (that match is then not recorded)."""
        got = saved.get("replay_inputs") if saved is not None else None
        if not isinstance(got, str):
            return []
        try:
            data = json.loads(got)
        except (ValueError, RecursionError):
            return []
        return data if isinstance(data, list) else []

    def _game_over(self) -> None:
        if not self.finished:
            st = self.state
            if self.recorder is not None and not self.demo:
                from game.core.replay import store

                self.replay_path = store(self.recorder.finish(st))
            from game.games.blast import stats_score

            n = st.options.players  # the statistics keep the table's size with the place
            self.finish([stats_score(p, n) for p in places(st)], st.winners())
        self.table_controls.refresh(None)

    # ------------------------------------------------------------------ human decisions

    def decider(self) -> int | None:
        """The human seat whose choice the table waits for, if any (none while the screen
        is still to be passed to them: `passing_to`)."""
        if self.curtain is not None or self.showing() or self.finished \
                or self.passing_to() is not None:
            return None
        cur = self.state.current_player()
        return cur if cur is not None and self.is_human(cur) else None

    def passing_to(self) -> int | None:
        """The couch person a hand-off curtain is due to, from the moment the last seat's
        play has landed (the table settling, then the curtain) until it lifts: no hand is up
        or face down in the fan then, and the bar says to pass the screen (a stranger's bar
        read "Ana, your turn: show your hand..." over another seat's five face-down cards
        while Ana held eight, just before "Pass to Ana"). Mirrors `_human_step`."""
        if self.finished or not self.couch() or self.state.is_terminal():
            return None
        cur = self.state.current_player()
        if cur is None or not self.is_human(cur):
            return None
        if self.curtain is not None:
            return cur
        if self.showing() or self.presenter.viewer == cur or self.holds_screen(cur):
            return None
        if self.state.phase == Phase.DEFEND and self.out_of_reach():
            return None
        return None if self.hand_on_request(cur) else cur

    def showing(self) -> bool:
        """The presenter is still showing something the next decision waits for: anything
        but the opening of a person's own turn (their turn word and the card they draw),
        through which their playable cards already glow and take a click (a stranger waited
        through that beat for the hand to light up, with nothing else moving)."""
        return self.presenter.busy and not self.turn_opening()

    def turn_opening(self) -> bool:
        """All the presenter has left to show is the start of the turn of the person who now
        plays, seen at their own hand: their Turn and the card it draws, once the fan holds the
        whole hand (the drawn card on its way in): a click names a card they hold, and every
        card they hold can be clicked."""
        pr = self.presenter
        st = self.state
        seat = st.current_player()
        if seat is None or st.phase != Phase.PLAY or not self.is_human(seat) \
                or pr.viewer != seat or pr.layout.home != seat or self.curtain is not None:
            return False
        start = pr.next_event - 1 if pr.gen is not None else pr.next_event
        rest = st.events[max(0, start):]
        if not rest or not all(isinstance(e, Turn) and e.seat == seat or isinstance(e, Drew)
                               and e.seat == seat and e.why == "turn" for e in rest):
            return False
        return Counter(st.players[seat].hand) == Counter(pr.hand)

    @property
    def cursor(self) -> TargetCursor:
        return self.table_controls.cursor

    def human_act(self, action: Action) -> None:
        """A human chose `action` (from a target or a button)."""
        if self._apply(action):
            self.feedback.click()
        else:
            self.feedback.error()

    def wall_rects(self, seat: int) -> list[pygame.Rect]:
        """Where a seat's walls stand now (the presenter's walls, the layout's row)."""
        sv = self.presenter.seats[seat]
        return self.layout.wall_rects(seat, len(sv.walls), self.view.token_count(seat),
                                     sv.walls)

    def wall_hits(self, seat: int) -> list[pygame.Rect]:
        """Where a seat's walls are clicked: at least 48 px each while the row has room."""
        sv = self.presenter.seats[seat]
        return self.layout.wall_hits(seat, len(sv.walls), self.view.token_count(seat),
                                    sv.walls)

    def token_rects(self, seat: int) -> list[pygame.Rect]:
        return self.layout.token_rects(seat, self.view.token_count(seat))

    def prompt(self) -> tuple[int | None, str]:
        """Who must act and exactly what to do (the bar at the bottom)."""
        return self.table_controls.prompt()

    # ------------------------------------------------------------------ input

    def device_in_use(self, seat: int | None) -> str:
        """The device `seat` plays with now (a lone human's last used one)."""
        if seat is None or len(self.humans()) == 1:
            return self.last_device
        return self.device_of(seat)

    def may_point(self, seat: int) -> bool:
        if self.finished:
            return self.curtain is None and not self.presenter.busy
        return self.decider() == seat

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The pointer leaving the window lets go of what it pointed at: no mouse move comes
        to say so, and the preview kept showing a wall the pointer had left (a stranger's)."""
        if event.type == pygame.WINDOWLEAVE:
            self.pointer_left()
        return super().handle_event(event)

    def on_focus_lost(self) -> None:
        self.pointer_left()  # the pointer may come back elsewhere: nothing is pointed at
        super().on_focus_lost()

    def pointer_left(self) -> None:
        """Nothing is pointed at: no hover, no card lifted or previewed under the pointer."""
        self.table_controls.pointer_pos = None
        self.cursor.hover_key = None

    def cancel_choice(self, device: str) -> bool:
        """A card picked but not played, by the person deciding now, is put down by Esc (a
        stranger's Esc with a card picked opened the pause menu instead)."""
        seat = self.decider()
        tc = self.table_controls
        if seat is None or not self.is_human(seat) or self.curtain is not None \
                or tc.pick.stage == "card" or not tc.pick.card:
            return False
        tc.step_back()
        return True

    def game_action(self, action: ActionEvent) -> bool:
        if action.action == POINT and action.device == MOUSE and action.pos is not None:
            return self._point(action.pos)
        if action.device == MOUSE and self.presenter.log.wheel(action.action, action.pos):
            self.presenter.scrolled()
            return True  # the wheel over the moves scrolls them (a stranger could not find
            # what had happened a few moves back)
        seats = self.seats_for(action.device)
        if action.device == MOUSE and action.action == "primary" and not action.pressed:
            return self._drop(seats, action.pos)
        if not action.pressed or not seats:
            return False
        seat = seats[0]
        self.last_device = action.device
        self.cursor.pressed(self.real_time)
        if action.device == MOUSE:
            if action.action == "primary" and action.pos is not None:
                return self._click(seat, action.pos)
            if action.action == "secondary":
                return self._back(seat)
            return False
        return self._device(seat, action.action)

    def settling(self) -> bool:
        return self.cursor.settling(self.real_time)

    def target_at(self, pos: tuple[int, int]) -> str | None:
        """The key of the target under the pointer: buttons, then the hand's cards where they
        are drawn now (tilted, top-most first, mid-slide too), then the rest."""
        cursor = self.cursor
        for t in cursor.targets:
            if t.kind == "button" and t.rect.collidepoint(pos):
                return t.key
        i = self.presenter.fan_drawn_hit(pos)  # where the cards are drawn, mid-slide too
        if i is not None:
            if pos == self.table_controls.still_at:
                return None  # closed up under a resting pointer: the card that slid under
                # it is not pointed at until the pointer moves
            return f"hand:{i}" if cursor.get(f"hand:{i}") is not None else None
        for t in reversed(cursor.targets):  # never a hand card by its place: where no card
            if not t.key.startswith("hand:") and t.rect.collidepoint(pos):  # is drawn, it is
                return t.key  # still on its way there
        return None

    def _point(self, pos: tuple[int, int]) -> bool:
        # the pointer merely moving (the window opening under a resting mouse) does not make
        # the bar speak mouse to a keyboard player: a mouse press does (`game_action`)
        seats = self.seats_for(MOUSE)
        self.table_controls.pointer_pos = pos if seats else None
        self.table_controls.seen_cards = {id(s) for s in self.presenter.fan}
        if pos != self.table_controls.still_at:
            self.table_controls.still_at = None  # it moved: the card under it is pointed at
        key = self.target_at(pos) if seats and self.may_point(seats[0]) else None
        if key != self.cursor.hover_key and key is not None:
            self.feedback.hover(pos[0])
        self.cursor.hover_key = key
        self.table_controls.note_aim(key)
        return bool(seats)

    def _click(self, seat: int, pos: tuple[int, int]) -> bool:
        if LOG_TALL.collidepoint(pos):
            return False
        if self.cursor.just_left(pos, self.real_time):
            self.drag = None
            return True  # aimed at the choice that just left this spot (a prompt timed out)
        if not self.may_point(seat):
            return self._press_waits(seat, pos)
        hit = self.cursor.get(self.target_at(pos))
        self.drag = None
        pick = self.table_controls.pick
        if hit is None:
            if pick.card and pick.stage in ("target", "armed") and FELT.collidepoint(pos):
                self.table_controls.reset_and_click()  # a click on the bare felt puts the
                return True  # lifted card down, as Esc and a right click do
            return False
        self.cursor.focus_key = hit.key
        hand = self.presenter.hand
        if hit.key.startswith("hand:") and pick.stage == "target" and pick.card:
            i = int(hit.key.split(":")[1])
            if i < len(hand) and hand[i] == pick.card:
                # the card already aimed: the release decides (dropped on a target, or put
                # down where it was pressed)
                self.drag = (pick.card, pos, True)
                return True
        hit.on_activate()
        if hit.key.startswith("hand:") and pick.stage == "target" and pick.card:
            self.drag = (pick.card, pos, False)  # a press that picked a card may carry it on
        return True

    def _drop(self, seats: list[int], pos: tuple[int, int] | None) -> bool:
        """The mouse let go: a card dragged from the fan onto a seat or wall is played there
        (letting go where it was pressed leaves it picked, as a click does)."""
        drag, self.drag = self.drag, None
        if drag is None or pos is None or not seats or not self.may_point(seats[0]):
            return False
        card, start, was_picked = drag
        pick = self.table_controls.pick
        if pick.card != card or pick.stage != "target":
            return False
        if math.dist(start, pos) < DRAG_SLOP:
            if was_picked:  # a click on the aimed card: played on its lit target, if one
                self.table_controls.again_on_aim()  # was chosen, else put down
            return was_picked
        key = self.target_at(pos)
        hit = self.cursor.get(key)
        if hit is None or hit.key.startswith("hand:") or hit.kind == "button":
            return False
        self.cursor.focus_key = hit.key
        hit.on_activate()
        return True

    def _device(self, seat: int, a: str) -> bool:
        if a == "back" or a == "secondary":
            return self._back(seat)
        if not self.may_point(seat):
            if self._keep_key(seat, a):
                return True
            if a in DIRS and self._press_waits(seat, None, keep_card=False):
                return True  # another seat's move: the arrows wait with a word why
            return a in ("confirm", "primary") and self._press_waits(seat, None)
        if a in DIRS or a in ("confirm", "primary"):
            self._targets_ready(seat)
        if a in DIRS:
            if self.cursor.move(a):
                self.feedback.hover()
            else:  # the aim's row ends there: the bar says why (`TableControls.stuck`)
                self.table_controls.stuck(seat, a)
            return True
        if a in ("confirm", "primary"):
            t = self.cursor.focused()
            if t is not None and not self.cursor.just_left(None, self.real_time):
                t.on_activate()
            return True
        return False

    def _targets_ready(self, seat: int) -> None:
        """The targets of the step just entered, built before a key acts on them: keys
        pressed straight after Space (a card chosen) moved the hand's cursor, the targets
        not yet set up until the next frame (a stranger's aim went wrong on a busy machine)."""
        tc = self.table_controls
        if tc.seat == seat and not self.showing() and self.curtain is None \
                and not self.finished:
            tc.refresh(seat)

    def _keep_key(self, seat: int, a: str) -> bool:
        """A key of the seat whose own decision comes once the last move lands: kept, in
        order, and acted on when the decision shows (a stranger's keys while their Twist of
        Fate landed were dropped). A confirm on a hand card in play keeps that card instead
        (`_press_waits`)."""
        st = self.state
        if self.finished or self.curtain is not None or a not in (*DIRS, "confirm", "primary"):
            return False
        answering = self._answered_for(seat)
        if not answering and (not self.showing() or st.current_player() != seat):
            return False
        if len(self.keys_kept) >= KEPT_KEYS:
            # a burst past the few a person means: said, never dropped unsaid
            self.feedback.note(seat, "One moment: your last keys act as soon as this "
                                     "move lands.")
            return True
        self.keys_kept.append((seat, a, -st.turn - 1 if answering else len(st.events)))
        if answering:  # said once a burst, by whom it waits (arrows too)
            cur = st.current_player()
            if a in ("confirm", "primary") or self.clock - self._wait_note_at >= WAIT_NOTE_S:
                self._wait_note_at = self.clock
                self.feedback.note(seat, f"Kept: {self.names[cur] if cur is not None else ''} "
                                         "is answering; your keys act as soon as it lands.")
        elif a in ("confirm", "primary"):
            self.feedback.note(seat, "Kept: it acts as soon as this move lands.")
        return True

    def _take_kept_keys(self, seat: int) -> None:
        """Act on the keys this seat pressed while the table was still moving, in order, if
        the match has not moved on since."""
        kept, self.keys_kept = self.keys_kept, []
        steered = False
        for who, a, at in kept:
            if who != seat or not self.may_point(seat):
                continue
            if not self._still_due(at):
                self.feedback.note(seat, "The table moved on before your keys could act: "
                                         "press them again.")
                return
            if a in ("confirm", "primary") and not steered:
                t = self.cursor.focused()
                if t is not None and t.kind == "button":
                    # a key pressed blind while the move landed never ends a turn or opens a
                    # step on a button the player had not seen focused: said, not done
                    self.feedback.note(seat, f"Your key waited: press it again for "
                                             f"{t.label or 'that'}.")
                    continue
            steered = steered or a in DIRS
            self._device(seat, a)

    def _back(self, seat: int) -> bool:
        return self.decider() == seat and self.table_controls.back()

    # ------------------------------------------------------------------ saves

    def save_state(self) -> dict[str, Any] | None:
        if self.state.is_terminal():
            return None
        inputs = (json.dumps(self.recorder.replay.to_dict()["inputs"], separators=(",", ":"))
                  if self.recorder is not None and self.recorder.ok else None)
        return {"version": SAVE_VERSION, "match": self.state.to_dict(), "replay_inputs": inputs}

    def save_summary(self) -> str:
        st = self.state
        left = [self.names[p.seat] for p in st.players if p.alive]
        return f"Round {st.round}: {len(left)} of {st.options.players} standing " \
               f"({', '.join(left)})"

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
