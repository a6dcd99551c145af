"""The Kaboom! cards table: the flow of a match and the routing of every seat's input.

The scene is the controller. It asks the rules what may happen, lets AIs decide (paced so each
move can be followed), times slaps (reaction windows, `slaps.py`), lets couch players lift the
corner of their private cards (hold to look: `LOOK`), saves, and records the replay. Input
arrives as actions of the input layer (the pointer too) and is routed to a look, a slap, the
cursor or a target. The rest is in its own module:
what is on screen is the presenter's (it replays the rules' events) and the view's (`view.py`:
plates, HUD, sheet); what a human may choose and the prompt that says so are the controls'
(`controls.py`); the sounds of a press are `effects.py`'s.

Timing: all waits run on `clock`, logic time times `speed` (tests speed a match up without
changing what happens). A discard stays slappable until the next draw; the next draw by an AI
(or a flip, or the reveal) waits the rules' slap window (the lobby's Time to slap) after the
discard lands; a human's draw (or flip) pressed meanwhile is queued: the Draw button greys and
counts down, the draw pile says "Draw queued", and the draw happens when the wait ends (the
pile and the button say so, and the drawn card's buttons ignore a click for a moment after).
Presses made while the discard whose power a human uses is still flying to the pile are kept
too, and act once the power's choices show (`early_click`, `early_keys`). A lone human who
knows no match of the top card, with no computer seat's slap on its way, waits only
QUICK_WAIT in their own turn (on a couch the wait never shortens: its length would tell the
others what a player knows); every opening flip keeps the whole Time to slap.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.app.catalogue import MatchSetup
from game.app.input import MOUSE, POINT, ActionEvent
from game.core.replay import store
from game.core.rng import derive_rng, derive_seed
from game.games.cabo import rules as R
from game.games.cabo import words
from game.games.cabo.ai import Bot, make_bot
from game.games.cabo.coach import CALL_NEEDS, call_needs_here, kaboom_needs
from game.games.cabo.controls import DECLINE_KEY, KABOOM_KEY, TableControls
from game.games.cabo.knowing import ShownKnowledge, own_hands
from game.games.cabo.layout import CENTRE, END_CLEAR, TableLayout
from game.games.cabo.options import options_from
from game.games.cabo.presenter import Presenter
from game.games.cabo.replay import CaboRecorder
from game.games.cabo.savefmt import SAVE_VERSION
from game.games.cabo.slaps import CLOSERS, OPENING_EXTRA, SLAP_GRACE, SlapWindows
from game.games.cabo.view import SCORES_RECT, TableView
from game.tabletop.feedback import TableFeedback
from game.tabletop.scene import CardTableScene
from game.tabletop.targets import DIRS, TargetCursor
from game.ui import theme

if TYPE_CHECKING:
    from game.app.app import App

log = logging.getLogger(__name__)
# Seconds an AI takes over each kind of decision (times the AI pace option). An AI's turn at
# the default pace (4 seats, Time to slap 3 s) lasted 4.9 s: its discard lands (0.35 s), the
# whole slap window (3.0 s), its draw (0.5 s), 0.55 s over the drawn card. With a human seated a
# computer seat never draws before the whole Time to slap (a stranger who knew a match clicked
# after 1 s and found an AI had drawn already: the option is a promise).
THINK = {R.Phase.FLIP: 0.45, R.Phase.TURN: 0.75, R.Phase.DRAWN: 0.55, R.Phase.POWER: 0.9,
         R.Phase.KING_DECIDE: 1.1, R.Phase.SLAP: 0.8, R.Phase.GIVE: 0.8}
PACE = {"relaxed": 1.5, "normal": 1.0, "brisk": 0.6}
AUTO_FLIP = THINK[R.Phase.FLIP]
"""Seconds after a flip's beat before the table turns the next card for a human in turn (once
the slap window has lasted too): a slap-phase flip is no choice, so nobody waits on a press."""
ROUND_OVER_AUTO = 6.0  # an AI-only table deals the next round after this long
LATE_NOTICE = 1.5
"""Seconds after a slap window closes during which a press on the pile is told it came too late
for the card still on top (not "Nothing to slap", which read as a bug)."""
OWN_SLAP = "You slapped: flip a matching card, or Don't flip"
"""What another press says while the presser's own slap waits for its flip."""
TOO_LATE_REVEAL = "Too late: the cards are being turned over"
AGAIN_ONCE_LANDED = "{key} again once it lands"
"""A press for the next opening card while this one lands: short, so that it finds felt by its
seat on a couch with large text (the longer "SPACE asks for the next card once this one lands"
sat over two seats' plates and scores)."""
"""What a slap press says once the last chance to slap has passed and the hands turn over."""
QUICK_WAIT = 0.8
"""Seconds a discard stays slappable when nobody at the table may slap it (`nobody_may_slap`):
long enough to see the card, not the whole Time to slap (a stranger waited 1-3 s before every
draw with nothing to slap)."""
MIN_ON_TOP = 1.8
"""Seconds a slappable discard stays on top before the table turns or discards the next card,
whatever the AI pace: the pile never changes under a hand still reaching for it."""
TURN_GUARD = 0.35
"""Seconds after a human's turn is shown during which a Draw pressed is dropped: a press made
before the turn showed (Space pressed again and again to hurry the opening flips) rolled into
the first turn's draw, and a stranger drew without meaning to and lost a slap."""
AFTER_HOLD = 1.5
"""Seconds after a player closes a held-up look ("Memorise your two bottom cards") before the
table turns their own opening card: at the opening's 0.45 s it read as the close's press
flipping the card."""
DRAWN_SETTLE = 0.8
"""Seconds after a drawn card is shown during which a click on the discard pile is not a
discard: it was a slap on its way to the card below (a stranger's draw, held for the slap
window, went through just before his click on the pile for a 3 he knew; the click discarded
the 4 he had drawn, unseen)."""
EARLY_KEYS = 8
"""The most key or pad presses kept from the moment before a power's choice shows (the card
on its way to the pile, "Power!" rising): they act, in order, once it is there."""
LOOK = ("rotate_left",)
"""A keyboard's or pad's look control (Q, [, LB): held, a couch player's private card shows;
the mouse presses on the card itself instead. rotate_right is the decline key, never a look."""


SHORTCUT_CONTROLS = (KABOOM_KEY, DECLINE_KEY)
"""The controls that press a button directly: pressed with no button there, they say why."""


class CaboScene(CardTableScene):
    """One match of Kaboom! cards at the table."""

    scene_id = "cabo"
    state: R.CaboState
    controls_type: type[TableControls] = TableControls

    def __init__(self, app: App, setup: MatchSetup, saved: dict[str, Any] | None = None, *,
                 speed: float = 1.0, demo: bool = False) -> None:
        super().__init__(app, setup)
        self.speed = speed
        self.demo = demo  # a screenshot/bench table: never saves, never records statistics
        n = len(setup.seats)
        if saved is not None:
            self.state = R.CaboState.from_dict(self.resumed_part(saved, SAVE_VERSION, "rules"))
            self.check_seats(self.state.players)
        else:
            self.state = R.new_game(options_from(setup), derive_seed(setup.seed, "deal"))
        self.recorder = None if demo else CaboRecorder(setup.to_dict(), self.state)
        self.rounds = self.state.options.rounds
        self.pace = PACE.get(str(setup.options.get("ai_pace", "normal")), 1.0)
        self.bots: dict[int, Bot] = {}
        self._make_bots()
        home = next((i for i, s in enumerate(setup.seats) if not s.is_ai), 0)
        self.layout = TableLayout(n, home)
        # every round clear of the match's end bar, not the last only: the home seat's plate
        # and cards stood ~18 px higher in the last round than in the rounds before
        self.layout.lift_home(END_CLEAR)
        self.presenter = Presenter(self, self.layout, self.state, app.reduced_motion)
        self.presenter.warm_up()
        self.feedback = TableFeedback(
            app.sound, lambda x: self.layout.pan(x), CENTRE[0],
            seat_x=lambda seat: self.layout.spots[seat].cx,
            note=lambda seat, words: self.presenter.note(seat, words, theme.MUTED, 16))
        self.clock = 0.0
        self.landed_at = 0.0
        self.landed_window: int | None = None
        self.landed_code = ""  # the card whose landing started the last slap clock
        self.covered: R.Card | None = None  # the card the last landing covered (a grace
        # press was aimed there)
        self.kaboom_asked: tuple[int, int] | None = None  # (seat, events) of an unsure call
        self.slaps = SlapWindows()  # AI slaps, timed as `simulate` times them
        self._ai_key: tuple[int, int] | None = None
        self._ai_due = 0.0
        self.next_votes: tuple[int, set[int]] = (-1, set())  # (window, seats) that pressed
        # the draw pile in the opening flips: nothing to slap, next card please
        # a click on a card or pile made while the table still shows the move that made the
        # choice theirs (seat, move, where): it acts once the animation ends
        self.early_click: tuple[int, int, tuple[int, int]] | None = None
        # key or pad presses (cursor moves, confirm, a button's own key) made while the table
        # still shows the discard whose power is theirs to use (seat, move, controls): they act
        # once the power's choices show, as an early click does
        self.early_keys: tuple[int, int, list[str]] | None = None
        self._shown: tuple[int, int] | None = None  # the human decision last put on screen
        # a draw or flip pressed during the slap wait (seat, move): it acts when the wait ends
        self.queued: tuple[int, int] | None = None
        self.queued_flip = False  # the queued press is an opening flip (`_flip_spent`)
        self.queued_drew = False  # the drawn card on show came from a queued press
        # a Draw pressed while another seat's slap in the presser's own turn was on (seat,
        # turns): it draws once the turn is theirs again (`_slap_draw_acts`)
        self.slap_draw: tuple[int, int] | None = None
        self._quiet: tuple[Any, ...] = ()  # (key, answer) of `nobody_may_slap`
        self.shown_at = 0.0  # ... and when
        self.hold_closed_at = -AFTER_HOLD  # when a human last closed a held-up look
        self.flip_waits: tuple[int, int] | None = None  # (seat, move): that opening card
        # turns on its player's own press, not by itself (`_close_hold`)
        self.applied_any = False  # a move was made at this table since it opened (a resumed
        # turn is on screen from the start: no press can be meant for an earlier moment)
        self.table_controls = self.controls_type(self)  # targets, cursor and prompts
        self.presenter.keep_clear = self._keep_clear
        self.presenter.slap_buttons = self.table_controls.slap_buttons
        self.view = TableView(self)
        self.knowing = ShownKnowledge()  # what each seat knows of its hand, as shown
        self.knowing.note(self.state)
        self.show_scores = False
        self.round_over_at: float | None = None
        self.knew: dict[tuple[int, int], tuple[int, ...]] = {}
        self.mouse_look: int | None = None  # the seat whose card the held mouse button lifts
        self.last_saved_move = -1
        hs = self.humans()
        # the device the lone human last used (prompts name its keys); seat devices otherwise
        self.last_device = self.seats[hs[0]].device if hs else MOUSE
        self.presenter.viewer = self.default_viewer()
        if saved is not None:
            self.presenter.sync(self.state, self.default_viewer())
            if self.state.window:
                self.landed_window = self.state.window_id
                self.landed_code = self.presenter.discard[-1].code if self.presenter.discard \
                    else ""
            if self.state.phase is R.Phase.FLIP and not demo:
                self.presenter.show_start_peek_again()  # quit during the deal: look again
            if self.state.phase is R.Phase.ROUND_OVER and self.presenter.reveal is not None:
                self.knew = self._knowledge_from_cells()
                self.presenter.reveal.knew = dict(self.knew)

    def _keep_clear(self) -> list[pygame.Rect]:
        """What a word by a seat or a SLAP! burst must not cover: the buttons showing and the
        lone human's "You know 1 of 4 cards" tag (a Kaboom! warning ran under it, cut short,
        and a SLAP! covered it)."""
        keep = [t.rect for t in self.cursor.targets if t.kind == "button"]
        view = getattr(self, "view", None)
        if view is not None and view.hand_at is not None and not self.couch():
            keep.append(view.hand_at)
        return keep

    # ------------------------------------------------------------------ seats

    def _make_bots(self) -> None:
        for i, seat in enumerate(self.seats):
            if seat.is_ai and i not in self.bots:
                rng = derive_rng(self.setup.seed, "ai", i)
                diff = seat.difficulty if seat.difficulty in ("easy", "medium", "hard",
                                                              "random") else "medium"
                self.bots[i] = make_bot(diff, i, rng)
        for i in list(self.bots):
            if not self.seats[i].is_ai:
                del self.bots[i]

    def identity_changed(self) -> None:
        """The seats' colours changed mid-match: the log's markers follow."""
        presenter = getattr(self, "presenter", None)  # the first call may come before it
        if presenter is not None:
            presenter.log.recolour(self.shapes, self.colours)

    def couch(self) -> bool:
        """Two or more humans share the screen: a private card shows only while held."""
        return len(self.humans()) >= 2

    @property
    def voice(self) -> words.Voice:
        """Words for the seats: a lone human is addressed as "you"; a card is named by where
        it lies in its grid on screen."""
        return words.Voice(self.names, self.default_viewer(), self.grid_shape)

    def grid_shape(self, seat: int) -> words.GridShape:
        """How `seat`'s grid lies on screen now: its places and the side it grows to."""
        grids = self.presenter.grids
        count = len(grids[seat]) if seat < len(grids) else 4
        return (count, self.layout.spots[seat].grow)

    def default_viewer(self) -> int | None:
        """Whose private cards the screen may show without asking: a lone human's."""
        hs = self.humans()
        return hs[0] if len(hs) == 1 else None

    def replace_device(self, old: str, new: str | None) -> None:
        """A pad went away: its seat moves to another device, or an AI takes it over."""
        affected = [i for i, s in enumerate(self.seats) if not s.is_ai and s.device == old]
        super().replace_device(old, new)
        self._make_bots()
        for seat in affected:
            self.presenter.look(seat, False)
            if new is None:
                self._ai_took_over(seat)
        viewer = self.default_viewer()
        if viewer is not None:
            self.presenter.set_viewer(viewer)
        elif not self.couch():
            self.presenter.set_viewer(None)
        self.table_controls.invalidate()
        self._ai_key = None

    def _ai_took_over(self, seat: int) -> None:
        """The seat's pad is gone for good: nothing waits on its player's eyes any more."""
        self.presenter.release(seat)
        self.presenter.drop_secrets(seat)
        if self.presenter.viewer == seat:
            self.presenter.set_viewer(None)
        self.app.notify(f"An AI now plays for {self.names[seat]}.", "info", 4)

    # ------------------------------------------------------------------ presenter host

    def looker(self, event: R.Event) -> int | None:
        """The couch player who sees `event`'s private card only while holding to look (None:
        not a couch player's private event; the screen's viewer rules then)."""
        if self.couch() and isinstance(event, R.Peeked | R.Drew) and \
                self.is_human(event.player):
            return event.player
        return None

    def on_landed(self) -> None:
        """A slappable discard has reached the pile: its slap clock starts now."""
        self.landed_at = self.clock
        self.landed_window = self.state.window_id
        self.landed_code = self.presenter.discard[-1].code if self.presenter.discard else ""
        under = self.presenter.discard[-2:-1]  # the card the landing one covered, if any
        self.covered = R.card(under[0].code) if under and under[0].code else None

    def knowledge(self) -> dict[tuple[int, int], tuple[int, ...]]:
        return dict(self.knew)

    def play(self, sound: str, x: float = CENTRE[0], volume: float = 1.0) -> None:
        self.feedback.play(sound, x, volume)

    def _capture_knowledge(self) -> dict[tuple[int, int], tuple[int, ...]]:
        """Before the reveal: which seats had seen each card, from their observations."""
        seen: dict[tuple[int, int], list[int]] = {}
        for viewer in range(self.state.players):
            obs = self.state.observation(viewer, with_legal=False)
            for pos in obs.known():
                seen.setdefault((pos.player, pos.slot), []).append(viewer)
        return {k: tuple(v) for k, v in seen.items()}

    def _knowledge_from_cells(self) -> dict[tuple[int, int], tuple[int, ...]]:
        """At a resumed round end: the same, read from the revealed table."""
        out: dict[tuple[int, int], tuple[int, ...]] = {}
        for p, grid in enumerate(self.state.grids):
            for i, cell in enumerate(grid):
                if cell is not None and cell.seen:
                    out[(p, i)] = tuple(sorted(cell.seen))
        return out

    # ------------------------------------------------------------------ timing

    def slap_open(self) -> bool:
        """A card can be slapped now: the discard pile's top card has landed on screen in an
        open slap window and no slap is playing out (the pile's SLAP! and the sidebar's SLAP
        panel are bright only then)."""
        st = self.state
        return bool(st.window) and st.top is not None and st.slap is None \
            and self.landed_window == st.window_id

    def window_open_for(self) -> float:
        """Seconds the current discard has been slappable on screen."""
        if self.landed_window != self.state.window_id:
            return 0.0
        return max(0.0, self.clock - self.landed_at)

    def window_wait_over(self) -> bool:
        """The next draw, flip or reveal may happen (no open window, or it has lasted the
        lobby's Time to slap, recorded with the match: the one slap timing a player sets)."""
        st = self.state
        if not st.window:
            return True
        if self.landed_window != st.window_id:
            return False
        return self.clock - self.landed_at >= self.slap_wait() or self.all_said_next()

    def slap_wait(self) -> float:
        """Seconds the current discard stays slappable before the next draw or flip: the
        lobby's Time to slap (`ai_wait`), or QUICK_WAIT when nobody at the table may slap it."""
        if not self.nobody_may_slap():
            return self.ai_wait()
        return min(QUICK_WAIT, self.ai_wait())

    def nobody_may_slap(self) -> bool:
        """No person at the table could slap the top card before the human in turn draws: the
        one human (a lone human; never on a couch, where a short wait would tell everyone that
        nobody knows a match) knows no card matching it, or has called Kaboom!, and no
        computer seat's slap is on its way. Only on that human's own turn: a computer seat
        always waits the whole Time to slap when a human is seated (a stranger who knew a match
        clicked after 1 s, and an AI had drawn already). Never in the opening flips:
        every opening card keeps the whole Time to slap (strangers found a quicker opening
        rushed, "under 3 s to react")."""
        st = self.state
        hs = self.humans()
        cur = st.current_player()
        turn = st.phase is R.Phase.TURN and cur >= 0 and cur == hs[0] if hs else False
        if len(hs) != 1 or not turn \
                or st.top is None or not st.window or st.slap is not None \
                or self.landed_window != st.window_id or self.slaps.due_at:
            return False
        key = (st.window_id, st.move, len(st.events))
        if self._quiet[:1] == (key,):
            return bool(self._quiet[1])
        seat, top = hs[0], st.top
        known = st.observation(seat, with_legal=False).known().values()
        quiet = seat == st.kaboomer or not any(c.matches(top) for c in known)
        self._quiet = (key, quiet)
        return quiet

    def draw_wait_left(self) -> float:
        """Seconds before the next draw or flip may be made (the last discard's slap window);
        0.0: now."""
        if self.window_wait_over():
            return 0.0
        st = self.state
        if self.landed_window != st.window_id:
            return self.ai_wait()  # the card is still landing
        return max(0.1, self.slap_wait() - (self.clock - self.landed_at))

    def draw_queued(self, seat: int | None = None) -> bool:
        """A draw or flip pressed during the slap wait waits to act (`seat`'s, if given)."""
        q = self.queued
        return q is not None and q[1] == self.state.move and (seat is None or q[0] == seat)

    def all_said_next(self) -> bool:
        """In the opening flips, every human who may slap has pressed the draw pile for the
        next card (`say_next`), no computer seat's slap is on its way, and the card has been
        on top MIN_ON_TOP: the next card may come before the slap window's end. The rulebook
        asks for quick flips; a full window a card made a 16-card opening last a minute."""
        st = self.state
        if st.phase is not R.Phase.FLIP or self.next_votes[0] != st.window_id:
            return False
        slappers = {s for s in self.humans() if s != st.kaboomer}
        return (bool(slappers) and slappers <= self.next_votes[1] and not self.slaps.due_at
                and self.top_stayed())

    def say_next(self, seat: int) -> bool:
        """A human pressed the draw pile in the opening flips: nothing to slap for them, the
        next card may come (once everyone has said so). False: not the opening flips."""
        st = self.state
        if st.phase is not R.Phase.FLIP or not st.window or st.slap is not None or \
                self.landed_window != st.window_id:
            return False
        if self.next_votes[0] != st.window_id:
            self.next_votes = (st.window_id, set())
        if seat not in self.next_votes[1]:
            self.next_votes[1].add(seat)
            self.feedback.click()
            waiting = [s for s in self.humans() if s != st.kaboomer
                       and s not in self.next_votes[1]]
            if waiting:
                self.feedback.note(seat, f"Next card when {self.voice.group(waiting)} "
                                   f"{self.voice.group_verb(waiting, 'is', 'are')} ready")
        return True

    def ai_wait(self) -> float:
        """Seconds a discard stays slappable before the next draw or flip: the rules' slap
        window, and OPENING_EXTRA more for each opening flip at a table with an Easy AI (a
        newcomer's table: a stranger found the opening's card every 2.5 s too quick to slap)."""
        st = self.state
        extra = OPENING_EXTRA if st.phase is R.Phase.FLIP and any(
            getattr(b, "difficulty", "") == "easy" for b in self.bots.values()) else 0.0
        return st.options.slap_window + extra

    # ------------------------------------------------------------------ the loop

    def update(self, dt: float) -> None:
        if self.show_scores and not self.finished and self.state.phase not in (
                R.Phase.ROUND_OVER, R.Phase.GAME_OVER):
            # the sheet covers the table: the table waits under it (a stranger read the sheet
            # while four opening cards turned under it, his free slap among them)
            return
        dt *= self.speed
        self.clock += dt
        if self.presenter.hold is not None and self.landed_window == self.state.window_id:
            # A player's own look (a peek) waits for their click: the card on the pile stays
            # slappable meanwhile (a stranger's peek found a match, and the click that closed
            # the peek had spent the window)
            self.landed_at += dt
        self._check_looks()
        self.presenter.update(dt)
        if self.finished:
            self.table_controls.refresh(None)
            return
        self._ai_slaps()
        self._flip_spent()
        self._try_early_keys()
        if self.king_shown():
            self.table_controls.refresh(self.state.current_player())
        if self.presenter.busy:
            return
        self._decide()
        self._try_early_click()

    def _try_early_click(self) -> None:
        """A click made during the last animation acts now, on what is under it (the King's
        first pick made while "Power!" still showed was dropped, the next click took its
        place); a card or pile only, never a button that was not there when it was made."""
        if self.early_click is None or self.presenter.busy:
            return
        seat, move, pos = self.early_click
        self.early_click = None
        if move != self.state.move or self.decider() != seat:
            # the table moved on (a slap): the click meant something else; say so
            self.feedback.refused(seat, "Click again: the table changed")
            return
        t = self.cursor.hit(pos)
        if t is not None and t.kind in ("card", "pile"):
            self.cursor.focus_key = t.key
            t.on_activate()

    def _keep_early_key(self, seat: int, a: str) -> bool:
        """A key or pad press made while the table still shows the discard whose power is
        `seat`'s to use (the card flies to the pile, "Power!" rises) is kept and acts once the
        power's choices show (a stranger's keys in that moment were dropped, where a click
        was kept). True: kept."""
        st = self.state
        if st.phase is not R.Phase.POWER or not self._shows_own_move(seat) or not (
                a in DIRS or a == "confirm" or a in SHORTCUT_CONTROLS):
            return False
        if self.early_keys is None or self.early_keys[:2] != (seat, st.move):
            self.early_keys = (seat, st.move, [])
        if len(self.early_keys[2]) < EARLY_KEYS:
            self.early_keys[2].append(a)
        return True

    def _try_early_keys(self) -> None:
        """The presses kept by `_keep_early_key` act now, in order, on the power's choices
        (each on the choices as the one before left them); if the table moved on meanwhile (a
        slap), they are dropped and the player is told."""
        if self.early_keys is None:
            return
        seat, move, keys = self.early_keys
        if move != self.state.move:
            self.early_keys = None
            self.feedback.refused(seat, "Press again: the table changed")
            return
        if self.presenter.busy:
            return
        self.early_keys = None
        if self.decider() != seat:
            return
        for a in keys:
            if self.state.move != move or self.decider() != seat:
                return  # a press chose: the rest were for choices now gone
            self.table_controls.refresh(seat)
            self._cursor(a)

    def _check_looks(self) -> None:
        """A look lasts only while its control is held (a focus loss lets go of everything)."""
        for seat in list(self.presenter.looking):
            if not self._holds_look(seat):
                self.presenter.look(seat, False)
                if self.mouse_look == seat:
                    self.mouse_look = None

    def _holds_look(self, seat: int) -> bool:
        device = self.device_of(seat)
        if device == MOUSE:
            return self.mouse_look == seat and self.app.input.is_held(MOUSE, "primary")
        return any(self.app.input.is_held(device, a) for a in LOOK)

    def _ai_slaps(self) -> None:
        st = self.state
        if self.slaps.current(st) is None or self.landed_window != st.window_id:
            return
        self.slaps.ask(st, self.bots, self.clock)
        slap = self.slaps.on_screen(st, self.clock, humans=bool(self.humans()))
        if slap is not None:
            self._apply(slap)

    def _table_acts(self, seat: int) -> bool:
        if seat != R.TABLE:
            return False
        self._table_step()
        return True

    def _table_step(self) -> None:
        if self.state.phase is R.Phase.LAST_CALL:
            self._last_call()
        elif self.state.phase is R.Phase.ROUND_OVER:
            self._round_over()

    def _last_call(self) -> None:
        """After the last turn's window: a slap inside it comes first, then the reveal."""
        st = self.state
        if not self.window_wait_over():
            return
        self.slaps.ask(st, self.bots, self.clock)
        slap = self.slaps.due(st, closing=True)
        if slap is not None:
            self._apply(slap)
            return
        self.knew = self._capture_knowledge()
        self._apply(R.Reveal())

    def _round_over(self) -> None:
        """Save; show the reveal with the round's scores over the piles (the sheet on its
        button); deal again when asked (or, at an AI-only table, after a while)."""
        if self.round_over_at is None:
            self.round_over_at = self.clock
            self.autosave()
        since = self.clock - self.round_over_at
        if self.humans():
            self.table_controls.refresh(None)
        elif since >= ROUND_OVER_AUTO:
            self.next_round()

    def next_round(self) -> None:
        if self.state.phase is R.Phase.ROUND_OVER:
            self.round_over_at = None
            self.show_scores = False
            self.knew = {}
            self._apply(R.NextRound())

    def _ai_ready(self, seat: int, think: float | None = None) -> bool:
        """The AI has 'thought' long enough (`think` seconds, else its phase's time at the AI
        pace), and any discard has been slappable long enough."""
        st = self.state
        key = (st.move, seat)
        if self._ai_key != key:
            self._ai_key = key
            wait = THINK.get(st.phase, 0.8) * self.pace if think is None else think
            self._ai_due = self.clock + wait
        if self.clock < self._ai_due:
            return False
        if st.phase in (R.Phase.FLIP, R.Phase.DRAWN) and not self.top_stayed():
            return False  # this decision puts a new card on the pile: the top has to stay
        # the pause before an AI draws: humans may still slap
        return st.phase not in (R.Phase.FLIP, R.Phase.TURN) or self.window_wait_over()

    def top_stayed(self) -> bool:
        """The last slappable discard has been on top MIN_ON_TOP seconds (or is not showing)."""
        if self.landed_window is None:
            return True
        return self.clock - self.landed_at >= MIN_ON_TOP

    def _ai_step(self, seat: int) -> None:
        st = self.state
        bot = self.bots.get(seat)
        if not self._ai_ready(seat) or bot is None:
            return
        self.slaps.ask(st, self.bots, self.clock)
        slap = self.slaps.due(st)  # a slap landing before this decision, as `simulate` has it
        if slap is None:
            action = bot.choose(st.observation(seat, with_legal=bot.needs_legal))
            if isinstance(action, CLOSERS):
                slap = self.slaps.due(st, closing=True)
        if slap is not None:
            self._apply(slap)
            return
        if not self._apply(action):
            self._ai_fallback(seat, action)

    def _ai_fallback(self, seat: int, action: R.Action) -> None:
        log.warning("AI seat %s chose an illegal %s", seat, action)
        legal = self.state.legal_actions(seat)
        fallback = next((a for a in legal if not isinstance(a, R.Slap)), None)
        if fallback is not None:
            self._apply(fallback)

    def _human_step(self, seat: int) -> None:
        st = self.state
        if self._shown != (st.move, seat):
            self._shown = (st.move, seat)
            self.shown_at = self.clock
        if st.phase in (R.Phase.TURN, R.Phase.FLIP) and self.last_saved_move != st.move:
            self.last_saved_move = st.move
            self.autosave()
        self.table_controls.refresh(seat)
        if self._slap_draw_acts(seat) or self._queued_acts(seat):
            return
        if st.phase is R.Phase.FLIP and self._ai_ready(seat, AUTO_FLIP) and \
                self.clock - self.hold_closed_at >= AFTER_HOLD and \
                not self.flip_waits_press(seat):
            self._auto_flip(seat)

    def _turn_too_new(self, seat: int) -> bool:
        """`seat`'s turn to draw is not yet on screen, or came on it less than TURN_GUARD ago:
        a Draw pressed now was meant for something before it (`TURN_GUARD`)."""
        st = self.state
        if st.phase is not R.Phase.TURN or st.current_player() != seat:
            return False
        if self._shown != (st.move, seat):
            return self.applied_any
        return self.applied_any and self.clock - self.shown_at < TURN_GUARD

    def _close_hold(self, seat: int) -> None:
        """`seat` closes the look held up for them: the press does nothing else (AFTER_HOLD).
        If their own opening card is next, it waits for their next press: a stranger's one
        Space closed "Memorise your two bottom cards" and, 1.5 s later, the card turned as if
        the same press had flipped it."""
        self.presenter.release(seat)
        self.hold_closed_at = self.clock
        st = self.state
        if st.phase is R.Phase.FLIP and st.current_player() == seat:
            self.flip_waits = (seat, st.move)

    def flip_waits_press(self, seat: int) -> bool:
        """`seat`'s opening card turns only on their press (they just closed their peek)."""
        return self.flip_waits == (seat, self.state.move)

    def _keeps_draw(self, seat: int, pos: tuple[int, int]) -> bool:
        """A click on the draw pile, or where `seat`'s Draw button stood, while another seat's
        slap (its hand, "Match!", its flip) plays out in `seat`'s own turn: kept, and drawn
        once the turn is theirs again, as a Draw pressed in the slap wait is (the lead's
        clicks on Draw in that moment were dropped three times in one match). True: kept."""
        if not self._draw_keepable(seat):
            return False
        place = self.table_controls.draw_place(seat)
        if not (self._on_draw_pile(pos) or (place is not None and place.collidepoint(pos))):
            return False
        self._keep_draw(seat)
        return True

    def _draw_keepable(self, seat: int) -> bool:
        """The table is `seat`'s to draw from once it stops moving: a rival's slap plays out
        in `seat`'s turn, or the last discard (a slap's flip) is still landing as `seat`'s
        turn begins. Never in the opening flips (a press there asks for the next card: Space
        pressed again and again to hurry them drew a stranger's first card, `TURN_GUARD`)."""
        st = self.state
        if self.finished or seat == st.kaboomer or st.phase is R.Phase.ROUND_OVER \
                or self._opening_ends() or (self._in_opening() and any(
                    isinstance(e, R.RoundStarted) for e in st.events)):
            return False
        slap = st.slap
        others = slap is not None and slap.player != seat and slap.resume is R.Phase.TURN \
            and st.turn == seat
        shown = slap is None and st.phase is R.Phase.TURN and st.current_player() == seat \
            and self.presenter.busy
        return others or shown

    def _keep_draw(self, seat: int) -> None:
        """Keep `seat`'s Draw until the turn is theirs to play (`_slap_draw_acts`); the pile
        says "Draw queued" (once a turn)."""
        st = self.state
        if self.slap_draw != (seat, st.turns):
            self.slap_draw = (seat, st.turns)
            self.feedback.click()
            self.feedback.note(seat, "Draw queued")

    def _slap_draw_acts(self, seat: int) -> bool:
        """The Draw kept by `_keeps_draw` acts now the turn is `seat`'s to play (queued again
        if the slap left a discard still slappable). True: it did."""
        kept = self.slap_draw
        st = self.state
        if kept is None or kept[0] != seat:
            return False
        self.slap_draw = None
        draw = R.Draw(seat)
        if kept[1] != st.turns or st.phase is not R.Phase.TURN or not st.is_legal(draw):
            return False  # the turn moved on (a Kaboom!, the next player): the press is spent
        self.human_act(draw, kept=True)
        return True

    def _queued_acts(self, seat: int) -> bool:
        """A draw or flip pressed during the slap wait happens once the wait is over (and an
        opening card has been on top MIN_ON_TOP). True: it did."""
        st = self.state
        if self.queued is None:
            return False
        if not self.draw_queued(seat):
            self.queued = None  # the table moved on (a slap, a Kaboom!): the press is spent
            return False
        if not self.window_wait_over() or (st.phase is R.Phase.FLIP and not self.top_stayed()):
            return False
        self.queued = None
        action: R.Action = R.Draw(seat) if st.phase is R.Phase.TURN else R.FlipTop(seat)
        if not self._apply(action):
            return False
        self.queued_drew = isinstance(action, R.Draw)
        self.feedback.click()
        return True

    def _flip_spent(self) -> None:
        """An opening flip queued in the slap wait that can no longer happen (the table moved
        on: a slap began play) is dropped, and its player told why: a stranger's Return showed
        "Flip queued", an AI's slap began play, and the flip never came, with nothing said."""
        q = self.queued
        st = self.state
        if q is None or not self.queued_flip or q[1] == st.move:
            return
        self.queued = None
        self.queued_flip = False
        if st.phase is R.Phase.FLIP and st.current_player() == q[0]:
            return  # still theirs to flip (`flip_waits`, the auto flip)
        slapper = next((e.player for e in reversed(st.events)
                        if isinstance(e, R.SlapAttempt)), None)
        why = f"{self.voice.poss(slapper)} slap started play" if slapper is not None \
            else "the table moved on"
        self.feedback.refused(q[0], words.capitalise(f"Flip cancelled: {why}"))

    def _auto_flip(self, seat: int) -> None:
        """The slap phase's flip for a human in turn (the rulebook's quick flip): the table
        turns the card as it does an AI's, after the same slap window, so a newcomer who has
        nothing to slap never holds the round up; a press on the pile flips it sooner."""
        flip = R.FlipTop(seat)
        if self.state.is_legal(flip):
            self._apply(flip)
        elif self.state.is_legal(R.Pass(seat)):
            self._apply(R.Pass(seat))

    def _apply(self, action: R.Action) -> bool:
        if self.state.apply(action) is not None:
            return False
        self.queued_drew = False
        self.applied_any = True
        self.knowing.note(self.state)
        if self.recorder is not None:
            self.recorder.applied(self.state, action, self.clock)
        self.table_controls.applied(action)
        return True

    def _game_over(self) -> None:
        if not self.finished:
            st = self.state
            winners = st.winners()
            if self.recorder is not None:
                self.replay_path = store(self.recorder.finish(st))
            self.finish([float(t) for t in st.totals], winners)
            self.presenter.clear_bottom()  # (done as the last hands were turned over)
        self.table_controls.refresh(None)

    # ------------------------------------------------------------------ human decisions

    def decider(self) -> int | None:
        """The human seat whose choice the table waits for, if any."""
        if self.presenter.busy and not self.king_shown():
            return None
        cur = self.state.current_player()
        return cur if cur >= 0 and self.is_human(cur) else None

    def king_shown(self) -> bool:
        """A human's King has lifted its two cards and the table only finishes showing them:
        Swap / Don't swap are offered at once (they waited out the look and the slap window's
        hint, ~1-3 s, the bar saying "Then swap..." with no button to press). A press acts at
        once; its own beat comes after the look's."""
        st = self.state
        pr = self.presenter
        cur = st.current_player()
        if st.phase is not R.Phase.KING_DECIDE or self.finished or cur < 0 \
                or not self.is_human(cur) or pr.hold is not None or pr.look_wait is not None \
                or pr.gen is None or pr.next_event < len(st.events) or not st.events:
            return False
        last = st.events[-1]  # the beat now showing is the King's own look, its last event
        return isinstance(last, R.Peeked) and last.reason == "king" and last.player == cur

    @property
    def cursor(self) -> TargetCursor:
        """The targets of the decision the table waits on, and which one is focused."""
        return self.table_controls.cursor

    @property
    def selection(self) -> R.Pos | None:
        """The first card chosen of a pair (blind swap, King), if any."""
        return self.table_controls.selection

    def toggle_scores(self) -> None:
        self.show_scores = not self.show_scores
        self.table_controls.invalidate()
        self.feedback.click()

    def human_act(self, action: R.Action, kept: bool = False) -> None:
        """A human chose `action` (from a target). A draw or flip pressed during the slap wait
        is queued and happens when the wait ends (`_queued_acts`): the pile says "Draw queued"
        meanwhile (a stranger's Draw in the wait was refused with "Not yet", and his click to
        end the opening was answered so on the first turn). Once a queued draw has happened,
        the drawn card's buttons ignore a click for DRAWN_SETTLE (a stranger's held draw went
        through and his next click, meant for Draw, used the drawn 10's power unseen)."""
        if isinstance(action, R.Draw) and not kept and self._turn_too_new(action.player):
            return  # pressed before the turn showed: not a draw (`TURN_GUARD`)
        voted = isinstance(action, R.FlipTop) and self.say_next(action.player)
        if isinstance(action, R.Draw | R.FlipTop) and not self.window_wait_over():
            if not voted and not self.draw_queued(action.player):
                self.feedback.click()
            self.queued = (action.player, self.state.move)
            self.queued_flip = isinstance(action, R.FlipTop)
            return
        if isinstance(action, R.CallKaboom) and self._kaboom_unsure(action.player):
            return
        if self._apply(action):
            self.feedback.click()
        else:
            self.feedback.refused(action.player, self.why_wait(action.player))

    def _kaboom_unsure(self, seat: int) -> bool:
        """A Kaboom! called by someone who does not know all their own cards asks once more
        (the second press calls it): a stranger's two calls with a card unseen cost him 10
        points each and the match. Says how many they know; True while it waits."""
        hand = own_hands(self.state)[seat]
        key = (seat, len(self.state.events))
        if self.kaboom_asked == key or (not self.couch() and len(hand.known) >= hand.cards
                                        and abs(sum(hand.values)) <= self.kaboom_needs(seat)):
            # (on a couch every first press asks: asking only some calls told the table the
            # caller's hand was unsure or high)
            return False
        self.kaboom_asked = key
        # short: the bar says what a miss costs (the whole sentence crossed the buttons and
        # the home cards, and ran under the "You know none of your cards" tag)
        self.feedback.note(seat, "Sure? Kaboom! again to call")
        return True

    def kaboom_needs(self, seat: int) -> int:
        """The total a Kaboom! by `seat` usually needs (or less) at this table, measured from
        simulated games of its size and AI levels (`coach.KABOOM_NEEDS`): a newcomer called
        with 4 and with 10 at four seats and lost both (+14, +20), nothing having said that a
        call there usually needs 3 or less."""
        rivals = [s.difficulty if s.is_ai else "human" for i, s in enumerate(self.seats)
                  if i != seat]
        return kaboom_needs(self.state.players, rivals)

    def table_tips(self, tips: tuple[str, ...]) -> tuple[str, ...]:
        """The first-match tips for this table (`FirstMatchTips`): what a Kaboom! call usually
        needs at its own size and rivals, not at two and four seats only."""
        humans = [i for i, s in enumerate(self.seats) if not s.is_ai]
        here = call_needs_here(self.state.players, self.kaboom_needs(humans[0] if humans else 0))
        return tuple(t.replace(CALL_NEEDS, here) for t in tips)

    def kaboom_doubt(self, seat: int) -> str:
        """What the bar says of an unsure Kaboom! (`_kaboom_unsure`): cards not all seen, or
        a known total above what a call usually needs here. On a couch the whole table reads
        the bar: it names nothing of the caller's hand ("You know only 2 of your 4 cards"
        told the other player how much the caller had seen)."""
        if self.couch():
            return (f"Sure? A missed Kaboom! (not the lowest, or tied) scores 10 + your total; "
                    f"a good call usually has {self.kaboom_needs(seat)} or less here.")
        hand = own_hands(self.state)[seat]
        if len(hand.known) >= hand.cards:
            total = sum(hand.values)
            return (f"Your {words.points(total)}: a good call usually has "
                    f"{self.kaboom_needs(seat)} or less here. Call anyway?")
        # the seen cards' total too: a stranger called with a known 10 (and 9) against an
        # Easy table's 3 and lost both matches, the bar having said only how many he knew
        seen = f" they add to {sum(hand.values)}." if hand.known else ""
        known = f"{len(hand.known)} of" if hand.known else "none of"
        # "or tied": a stranger lost two rounds to an exact tie, which misses (rule 3)
        return (f"You know {known} your {hand.cards} cards:{seen} Kaboom! wins only if "
                "yours is lowest (a tie misses); a miss scores 10 + your total.")

    def slap(self, seat: int) -> bool:
        """A human slapped the pile: the first input wins; a slap at nothing does nothing."""
        st = self.state
        if self._beaten(seat):
            # another hand got there first: say so, or the press seems lost (a stranger
            # pressed on a 6 he knew while an AI's slap on it was being settled: nothing said)
            assert st.slap is not None
            self.feedback.refused(seat, f"{self.names[st.slap.player]} slapped first")
            return False
        if st.window and st.slap is None and self.landed_window != st.window_id:
            # the new card is still on its way: the press was meant for the one before it
            # (a stranger slow on an Ace slapped the next card, unseen, at 0.00 s); it names
            # the card the press was for, as a late press on a covered card does (a stranger
            # read "a new card is landing" in the opening without knowing which he had missed:
            # "Too late: the 7 is covered" says which, and why)
            under = self.presenter.discard[-2:-1]  # the landing card is the pile's top sprite
            meant = f"the {R.card(under[0].code).rank_name}" if under and under[0].code \
                else "that card"
            self.feedback.refused(seat, f"Too late: {meant} is covered")
            return False
        if self.aimed_below(seat):
            # the hand was on its way to the card the new one covered, whose window had
            # closed: too late, no penalty, never a slap of a card not yet seen
            # the rank only, and nothing more: a longer word ("Too late for the 5 of diamonds:
            # no penalty") had no room by the home seat and rose under its buttons
            gone = f"the {self.covered.rank_name}" if self.covered is not None else "that card"
            self.feedback.refused(seat, f"Too late: {gone} is covered")
            return False
        if self._turning_over():
            self.feedback.refused(seat, TOO_LATE_REVEAL)
            return False
        attempt = R.Slap(seat, round(self.window_open_for(), 3))
        why = st.why_illegal(attempt)
        if why is not None:
            if st.slap is not None and st.slap.player == seat:
                self.feedback.refused(seat, OWN_SLAP)  # a second press: what comes next
            else:
                self.feedback.refused(seat, "No slaps after Kaboom!"
                                      if seat == st.kaboomer else self._missed_words(seat))
            return False
        return self._apply(attempt)

    def _turning_over(self) -> bool:
        """The round's cards are being turned over after the last chance to slap."""
        return (self.state.phase is R.Phase.ROUND_OVER and not self.finished
                and self.presenter.busy)

    def _just_drawn(self, seat: int) -> bool:
        """`seat`'s drawn card has been shown for less than DRAWN_SETTLE seconds."""
        return (self.state.phase is R.Phase.DRAWN and self.decider() == seat
                and self._shown == (self.state.move, seat)
                and self.clock - self.shown_at < DRAWN_SETTLE)

    def _beaten(self, seat: int) -> bool:
        """Another seat's slap is being settled: `seat`'s press came second."""
        slap = self.state.slap
        return slap is not None and slap.player != seat and seat != self.state.kaboomer

    def _missed_words(self, seat: int) -> str:
        """Why a slap did nothing: the card still on top was slappable a moment ago (the next
        player has drawn since) says so and names it; otherwise there was nothing to slap."""
        st = self.state
        top = self.presenter.discard[-1].code if self.presenter.discard else ""
        drawer = self._drew_over(top, seat)
        if drawer is not None:
            # however long ago: a stranger who knew a match clicked and heard nothing of why
            return f"Too late: {self.names[drawer]} drew"
        recent = self.landed_window is not None and \
            self.clock - self.landed_at < self.ai_wait() + LATE_NOTICE
        if top and recent and not st.window and st.slap is None:
            return f"Too late for {words.card_name(R.card(top))}"
        return "Nothing to slap"

    def _drew_over(self, top: str, seat: int) -> int | None:
        """The seat whose draw closed the slap window of `top`, the card still on the pile
        (None: no draw closed it, or it was `seat`'s own draw)."""
        st = self.state
        if st.phase is not R.Phase.DRAWN or st.window or st.slap is not None or not top \
                or top != self.landed_code:
            return None
        cur = st.current_player()
        return cur if cur >= 0 and cur != seat else None

    def in_grace(self) -> bool:
        """A press now may have been aimed at the card the new top covered: it landed under
        SLAP_GRACE seconds ago, over another card."""
        st = self.state
        return (self.covered is not None and self.landed_window == st.window_id
                and self.clock - self.landed_at < SLAP_GRACE)

    def aimed_below(self, seat: int) -> bool:
        """`seat`'s press now is judged against the covered card (SLAP_GRACE says when not).
        Every such press in the grace is: a press refused as too late is spent, and its echo
        (a stranger's one Right Shift was told "Too late: the 9 is covered" and 1.5 s later
        slapped the 8 on top, for a penalty) is refused alike, never a slap of the new card."""
        st = self.state
        if not self.in_grace():
            return False
        if st.window_from == seat and st.phase is not R.Phase.FLIP:
            return False  # their own discard: they knew it (a flip they had not seen)
        top, below = st.discard[-1] if st.discard else None, self.covered
        if top is None or below is None:
            return True
        known = st.observation(seat, with_legal=False).known().values()
        return not (any(c.matches(top) for c in known)
                    and not any(c.matches(below) for c in known))

    def prompt(self) -> tuple[int | None, str]:
        """Who must act and exactly what to press (the bar at the bottom)."""
        return self.table_controls.prompt()

    def prompt_line(self) -> str:
        """The bar's whole sentence (label and prompt), as a player reads it."""
        seat, message = self.prompt()
        label = self.table_controls.prompt_label(seat)
        return f"{label} {message}" if label else words.capitalise(message)

    # ------------------------------------------------------------------ input

    def device_in_use(self, seat: int | None) -> str:
        """The device `seat` plays with now: a lone human's last used one (None: the table's
        buttons, pressed by whoever moved last), otherwise the seat's own."""
        if seat is None or len(self.humans()) == 1:
            return self.last_device
        return self.device_of(seat)

    def may_point(self, seat: int) -> bool:
        """May this seat use the targets now (its decision, or a between-rounds button)?"""
        if self.finished or self.state.phase is R.Phase.ROUND_OVER:
            return not self.presenter.busy
        return self.decider() == seat

    def game_action(self, action: ActionEvent) -> bool:
        if action.action == POINT and action.device == MOUSE and action.pos is not None:
            return self._point(action.pos, action.moved)
        if action.device == MOUSE and self.presenter.log.wheel(action.action, action.pos):
            return True  # the wheel over the moves scrolls them, as at every card table
        seats = self.seats_for(action.device)
        if not seats:
            return False
        seat = seats[0]
        if self._look_control(seat, action):
            return True
        if not action.pressed:
            return False
        self.last_device = action.device
        if action.device == MOUSE:
            return self._mouse(seat, action)
        return self._device(seat, action.action)

    def _point(self, pos: tuple[int, int], moved: bool = True) -> bool:
        """The pointer moved: hover the target under it (a soft tick entering a button). A lone
        human's prompts turn to the mouse's words only when the player moved it (`moved`)."""
        seats = self.seats_for(MOUSE)
        if len(self.humans()) == 1 and moved:
            self.last_device = MOUSE
        t = self.cursor.hit(pos) if seats and self.may_point(seats[0]) else None
        key = t.key if t is not None else None
        if key != self.cursor.hover_key and t is not None and t.kind == "button":
            self.feedback.hover(pos[0])
        self.cursor.hover_key = key
        return bool(seats)

    def _look_control(self, seat: int, action: ActionEvent) -> bool:
        """Hold to look: a couch player's look control pressed or let go (the mouse presses on
        one of its player's private cards)."""
        pr = self.presenter
        if action.device == MOUSE:
            if action.action != "primary":
                return False
            if not action.pressed:
                if self.mouse_look is None:
                    return False
                self.mouse_look = None
                pr.look(seat, False)
                return True
            if action.pos is None or not any(s.rect().collidepoint(action.pos)
                                             for s in pr.lookable(seat)):
                return False
            self.mouse_look = seat
            pr.look(seat, True)
            return True
        if action.action not in LOOK or not self.couch():
            return False
        if action.pressed:
            pr.look(seat, True)
        elif not self._holds_look(seat):
            pr.look(seat, False)
        return True

    def _mouse(self, seat: int, action: ActionEvent) -> bool:
        if action.action == "primary" and action.pos is not None:
            return self._click(seat, action.pos)
        if action.action == "secondary":
            return self._back(seat)
        return False

    def _click(self, seat: int, pos: tuple[int, int]) -> bool:
        if SCORES_RECT.collidepoint(pos):
            self.toggle_scores()
            return True
        hold = self.presenter.hold
        if hold is not None and hold.seat == seat:
            slot = self._own_slot_at(seat, pos)
            self._close_hold(seat)
            if slot is not None and self._may_slap_with(seat, slot):
                # a click on the peeked card that matches the pile: the slap, at once (a
                # stranger's click only closed the peek, and an AI drew before the second)
                self._slap_with(seat, slot)
            return True
        pile = pygame.Rect(0, 0, self.layout.card_w + 16, self.layout.card_h + 16)
        pile.center = self.layout.discard_pos
        st = self.state
        if pile.collidepoint(pos) and (st.window and st.slap is None or self._beaten(seat)):
            return self.slap(seat)
        slot = self._own_slot_at(seat, pos)
        if slot is not None and self._may_slap_with(seat, slot):
            # (not while the card is the seat's own choice to make: a King's or a peek's)
            # one click on a card of one's own, known to match the pile: the slap and that
            # card flipped onto it, as a hand does at a real table (a stranger's mouse needed
            # the pile, then the card, inside the window, and lost the race). A click on a
            # card not known, or known not to match, is no slap (in a real window a click on
            # a card as the pile changed cost 2 penalty cards): the pile slaps as before.
            self._slap_with(seat, slot)
            return True
        if pile.collidepoint(pos) and self._just_drawn(seat):
            self.feedback.refused(seat, self._missed_words(seat))  # a slap, not a discard
            return True
        if self.queued_drew and self._just_drawn(seat) and any(
                t.kind == "button" and t.rect.collidepoint(pos) for t in self.cursor.targets):
            # a click meant for Draw, a moment after the queued draw went through: no power
            # used or card discarded unseen
            self.feedback.note(seat, "You drew a card: look at it first")
            return True
        if self.may_point(seat):
            t = self.cursor.hit(pos)
            if t is not None:
                self.cursor.focus_key = t.key
                t.on_activate()
                return True
            answer = self.slap_answer(seat, pos)
            if answer is None:
                return False
            self.feedback.refused(seat, answer)  # a press on a card around a slap: never mute
            return True
        if st.phase is R.Phase.LAST_CALL and st.window and self._on_cards(pos):
            # "Last chance to slap": a press on a card is a slap while the window is open (a
            # stranger's click on his matching card was told to wait, and the round scored)
            return self.slap(seat) or True
        if self._turning_over() and (pile.collidepoint(pos) or self._on_cards(pos)):
            self.feedback.refused(seat, TOO_LATE_REVEAL)  # a late slap: say why, not nothing
            return True
        if self._on_draw_pile(pos) and self._opening_ends():
            # a press for the next opening card as the last one turns: never the first turn's
            # draw (a stranger's click to end the opening was answered "Not yet" on his turn)
            self.feedback.click()
            return True
        if self._keeps_draw(seat, pos):
            return True
        if self._shows_own_move(seat) and self._on_cards(pos):
            self.early_click = (seat, st.move, pos)  # acts when the animation ends
            return True
        if self._on_draw_pile(pos) and self._in_opening():
            if self.say_next(seat):
                return True  # the opening flips: nothing for me, next card
            # the next card is on its way, or someone slapped: say that, not a word about
            # slapping at the pile (a stranger read "Ben slapped first", "To slap the 7, click
            # the pile" for his clicks asking for the next card)
            self.feedback.note(seat, self.why_wait(seat) if st.slap is not None
                               else "The next card is coming")
            return True
        if self.table_controls.vanished_at(seat, pos) is not None or (
                self._on_cards(pos) and self.state.phase is not R.Phase.ROUND_OVER
                and not self.finished):
            # a button another seat's move took away under the pointer (a Kaboom! click
            # landed just as an AI slapped, and nothing at all happened), or a card pressed
            # while the table is another seat's (around a slap window, what it did to the slap)
            self.feedback.refused(seat, self.slap_answer(seat, pos) or self.why_wait(seat))
            return True
        return False

    def slap_answer(self, seat: int, pos: tuple[int, int]) -> str | None:
        """What a press on a card or a pile at `pos` did to a slap, while a discard may be
        slapped or just after (None away from the cards or from any slap): a stranger's click
        on his own 9 as the next card covered it did nothing at all, with nothing said."""
        st = self.state
        if not self._on_cards(pos) or self.finished or st.phase is R.Phase.ROUND_OVER:
            return None
        slot = self._own_slot_at(seat, pos)
        top = st.top
        if st.slap is not None:
            if st.slap.player != seat:
                return f"{self.names[st.slap.player]} slapped first"
            return OWN_SLAP
        if st.window and seat == st.kaboomer:
            return "No slaps after Kaboom!"
        known = slot is not None and slot in self.view.own_hand(seat).slots
        card = st.card_at(R.Pos(seat, slot)) if slot is not None else None
        if self.in_grace() and self.covered is not None and known and card is not None \
                and card.matches(self.covered) and (top is None or not card.matches(top)):
            return f"Too late: the {self.covered.rank_name} is covered"
        if st.window and top is not None:
            if slot is None:
                return f"To slap the {top.rank_name}, click the discard pile"
            if not known:
                return "You haven't seen that card: click the discard pile to slap"
            if card is not None and not card.matches(top):
                # the two cards named in one clause (a stranger's click on his own 2 under a
                # Queen seemed to do nothing: "Wrong card" alone did not say why)
                return f"Your {card.rank_name} doesn't match the {top.rank_name}"
            return f"To slap the {top.rank_name}, click the discard pile"
        missed = self._missed_words(seat)
        return missed if missed.startswith("Too late") else None

    def _on_draw_pile(self, pos: tuple[int, int]) -> bool:
        pile = pygame.Rect(0, 0, self.layout.card_w + 16, self.layout.card_h + 16)
        pile.center = (round(self.layout.draw_pos[0]), round(self.layout.draw_pos[1]))
        return pile.collidepoint(pos)

    def why_wait(self, seat: int) -> str:
        """Why a press by `seat` cannot act now, in a few words by their seat (the button works
        again once the table is theirs)."""
        st = self.state
        v = self.voice
        if st.slap is not None and st.slap.player != seat:
            return f"Wait: {v.subj(st.slap.player)} {v.verb(st.slap.player, 'is', 'are')} " \
                "slapping"
        cur = st.current_player()
        if cur == seat or self.presenter.busy:
            return "Wait: the cards are still moving"
        if cur == R.TABLE:
            return "Wait: the cards are about to be turned over" \
                if st.phase is R.Phase.LAST_CALL else "Wait a moment"
        return f"Wait for your turn: {v.subj(cur)} {v.verb(cur, 'is', 'are')} playing" \
            if cur >= 0 else "Wait a moment"

    def _in_opening(self) -> bool:
        """The round's opening flips are on (a slap among them too): no turn has started."""
        st = self.state
        if st.phase is R.Phase.FLIP:
            return True
        if st.phase not in (R.Phase.SLAP, R.Phase.GIVE):
            return False
        for ev in reversed(st.events):
            if isinstance(ev, R.TurnStarted):
                return False
            if isinstance(ev, R.RoundStarted):
                return True
        return True

    def _opening_ends(self) -> bool:
        """The table still shows the opening's last card turning over (play has begun)."""
        ev = self.state.events
        return (self.presenter.busy and self.state.phase is R.Phase.TURN and len(ev) >= 2
                and isinstance(ev[-2], R.Flipped) and isinstance(ev[-1], R.TurnStarted))

    def _shows_own_move(self, seat: int) -> bool:
        """The choice is already `seat`'s and the table only finishes showing how it came."""
        st = self.state
        return (self.presenter.busy and not self.finished and st.phase is not R.Phase.ROUND_OVER
                and st.current_player() == seat)

    def _may_slap_with(self, seat: int, slot: int) -> bool:
        """A click on `seat`'s own card in `slot` is a slap with it: the window is open, no
        slap taken, and the seat knows the card matches the pile."""
        st = self.state
        return bool(st.window) and st.slap is None and st.phase is not R.Phase.LAST_CALL \
            and (st.current_player() != seat or st.phase in (R.Phase.TURN, R.Phase.FLIP)) \
            and self._knows_a_match(seat, slot)

    def _slap_with(self, seat: int, slot: int) -> None:
        """The slap and `seat`'s card in `slot` flipped onto the pile, as one press."""
        if self.slap(seat):
            flip = R.SlapFlip(seat, R.Pos(seat, slot))
            if self.state.is_legal(flip):
                self.human_act(flip)

    def _knows_a_match(self, seat: int, slot: int) -> bool:
        """Whether `seat` has seen its card in `slot` (as the table has shown it) and that
        card matches the top of the discard pile."""
        top = self.state.top
        card = self.state.card_at(R.Pos(seat, slot))
        return top is not None and card is not None and card.matches(top) \
            and slot in self.view.own_hand(seat).slots

    def _own_slot_at(self, seat: int, pos: tuple[int, int]) -> int | None:
        """The slot of `seat`'s own card at rest under `pos`, if any."""
        grid = self.presenter.grids[seat] if 0 <= seat < len(self.presenter.grids) else []
        for slot, sprite in enumerate(grid):
            if sprite is not None and sprite.visible and not sprite.moves \
                    and sprite.rect().collidepoint(pos):
                return slot
        return None

    def _on_cards(self, pos: tuple[int, int]) -> bool:
        """`pos` is on a card (at rest or on its way) or a pile."""
        lay = self.layout
        if self.presenter.top_at(pos) is not None:
            return True
        for centre in (lay.draw_pos, lay.discard_pos):
            pile = pygame.Rect(0, 0, lay.card_w, lay.card_h)
            pile.center = (round(centre[0]), round(centre[1]))
            if pile.collidepoint(pos):
                return True
        return False

    def _device(self, seat: int, a: str) -> bool:
        """A keyboard set or pad: its action key slaps, confirm lets go of a card held up,
        back hides the sheet or a first pick, and the rest drive the cursor."""
        if a == "primary":
            self.slap(seat)
            return True
        hold = self.presenter.hold
        if hold is not None and hold.seat == seat and a == "confirm":
            self._close_hold(seat)
            return True
        if a == "back":
            return self._back(seat)
        if self._keep_early_key(seat, a):
            return True
        if not self.may_point(seat):
            if a == "confirm" and self.say_next(seat):
                return True  # the opening flips: nothing for me, next card
            if a == "confirm" and self.state.phase is R.Phase.FLIP and self.state.window:
                # the opening card is still landing: say what the key will do, and when (a
                # stranger's Space was told only "Wait: the cards are still moving")
                key = self.app.input.word_for(self.device_of(seat), "confirm")
                self.feedback.refused(seat, AGAIN_ONCE_LANDED.format(key=key))
                return True
            if a == "confirm" and self._draw_keepable(seat):
                # Draw pressed while the last discard still lands in one's own turn: kept,
                # drawn when the table is still (a stranger's Space was told "Wait: the cards
                # are still moving" and dropped)
                self._keep_draw(seat)
                return True
            if a == "confirm" or a in SHORTCUT_CONTROLS:
                # a press meant for a button that is not (or no longer) there: say why
                self.feedback.refused(seat, self.why_wait(seat))
                return True
            return False
        return self._cursor(a)

    def _cursor(self, a: str) -> bool:
        if a in DIRS:
            if self.cursor.move(a):
                self.feedback.hover()
            return True
        shortcut = self.table_controls.shortcuts.get(a)
        if a == "confirm" or shortcut is not None:
            key = self.cursor.focus_key if a == "confirm" else shortcut
            t = self.cursor.get(key)
            if t is not None:
                t.on_activate()
            return True
        return False

    def _back(self, seat: int) -> bool:
        if self.selection is not None and self.decider() == seat:
            self.table_controls.cancel_selection()
            return True
        self.toggle_scores()
        return True

    # ------------------------------------------------------------------ saves

    def save_state(self) -> dict[str, Any] | None:
        return {"version": SAVE_VERSION, "rules": self.state.to_dict()}

    def save_summary(self) -> str:
        st = self.state
        totals = ", ".join(f"{n} {t}" for n, t in zip(self.names, st.totals, strict=True))
        return f"Round {st.round} of {self.rounds}: {totals}"

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
