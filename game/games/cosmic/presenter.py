"""What the Cosmic Kaboom table says: the banner's title and hint, the notes for everyone, a
Space Bomb's result and the move log, and the rules' events turned into those words and into
effects (`REACTIONS`, by the event's class).

`CosmicScene` owns one `TablePresenter` (`scene.presenter`): the scene hands it the rules' new
events after each decision (`show`), the view reads its words and draws them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.app.input import MOUSE
from game.core.dispatch import ByClass
from game.core.voice import Voice, capitalise, count, listing
from game.games.cosmic import art, hud, story
from game.games.cosmic.controls import keys_words, lane_words, spin_words
from game.games.cosmic.data import (
    CARDS_BY_ID,
    DESTROYED_POINTS,
    PLANETS,
    SURVIVOR_POINTS,
    Effect,
)
from game.games.cosmic.events import (
    Banked,
    Bomb,
    BombFoul,
    Collected,
    EscapePod,
    Event,
    Over,
    Placed,
    PlanetOut,
    Played,
    Repeat,
    Returned,
    Salvaged,
    Shielded,
    ShipDestroyed,
    Turn,
)
from game.games.cosmic.match import TossInput
from game.games.cosmic.rules import MatchState, Phase, Play, ReturnToBase
from game.games.cosmic.stage import Stage
from game.tabletop.movelog import MoveLog
from game.ui import text, theme

if TYPE_CHECKING:
    from game.games.cosmic.scene import CosmicScene

Point = tuple[float, float]

DRAFT_CURTAIN = "Choose an Advancement card where only you can see"
"""The couch curtain's words before a draft (and the banner's until it opens)."""
RESULT_SECONDS = 6.0
"""A Space Bomb's result (whose planets went, what each scored) stays up this long."""
RESULT_BEAT = 3.0
"""A curtain for a couch seat's cards waits until a bomb's result has been up this long."""
RESULT_MIN = 2.0
"""Once the next turn has begun, a bomb's result goes after it has been up this long (the
banner's note and the log still say it)."""
DRAFT_AFTER_RESULT = 2.5
"""The keep-a-card dialog after a Space Bomb waits this long (or for a click or a key), so the
player sees which planets went first (it covered the explosion at once)."""


def end_line(state: MatchState, voice: Voice) -> str:
    """Why the match ended, for under the final score sheet (a newcomer may not know the
    match stops at a count of destroyed planets)."""
    if not state.over:
        return ""
    if state.end_reason == "faction":
        gone = [s for s in range(state.options.players)
                if all(p in state.destroyed_by for p in state.planets_of(s))]
        if gone:
            whose = listing([voice.poss(s) for s in gone])
            return f"Every one of {whose} planets is destroyed: that ends the match."
    if state.end_reason == "no_bomb":
        lost = [c.capitalize() for c in state.bombs_impossible()]
        if lost:
            return (f"No {listing(lost)} crystal is left and no one holds that colour: no Space "
                    "Bomb can be built, so the match ends.")
    if state.end_reason == "rounds":
        return f"{state.options.max_rounds} rounds played: the match is scored as it stands."
    n = len(state.destroyed_by)
    return f"{count(n, 'planet')} destroyed: that ends the match."


def end_near(state: MatchState, turn: Turn) -> str:
    """The warning that the match's end is near, said as a turn begins (or ""): the last
    round's first turn for the rounds' end; a bomb turn one or a few planets short of the
    destroyed count that ends the match."""
    o = state.options
    if turn.phase == str(Phase.BOMB):
        left = o.end_at - len(state.destroyed_by)
        if left == 1:
            return "1 planet to go: the match ends if this Space Bomb destroys one"
        if 1 < left <= 2:
            return f"{left} planets to go: the match ends at {o.end_at} destroyed"
    if o.max_rounds > 1 and turn.turn == (o.max_rounds - 1) * o.players:
        return "Last round: the match ends after it"
    return ""


def bomb_lines(voice: Voice, owner: dict[int, int], bomber: int,
               destroyed: list[int], when: str = "next turn", shielded: bool = False,
               ) -> tuple[str, list[str]]:
    """A Space Bomb's result in words: a title and one line per planet destroyed, saying
    whose it was and what it scored (nothing for the bomber's own, which say why); a miss
    says the crystals stay and when and why the bomber tosses again (`story.rethrow_line`:
    a Second Payload, `shielded` by a Planetary Shield)."""
    if not destroyed:
        return ("The Space Bomb misses", [story.rethrow_line(voice, bomber, when, shielded)])
    n = len(destroyed)
    title = f"KABOOM! {count(n, 'planet')} destroyed"
    lines = []
    by = voice.obj(bomber)
    for planet in destroyed:
        p = PLANETS[planet]
        who = owner[planet]
        what = f"{p.colour.capitalize()} {p.dots}-dot planet"
        # (no-break spaces: "−2 for Ben" stays on one row; "−2 for / Ben" read as two
        # sayings in the result box)
        lost = f"−{SURVIVOR_POINTS}\u00a0for\u00a0{voice.obj(who)}"
        if who == bomber:
            lines.append(f"{voice.Poss(who)} own {what}: 0\u00a0for\u00a0{by}, own planets "
                         f"score nothing ({lost})")
        else:
            lines.append(f"{voice.Poss(who)} {what}: +{DESTROYED_POINTS[p.dots]}\u00a0for"
                         f"\u00a0{by}, {lost}")  # (a bracket split over two rows read as stray)
    return title, lines


def blast_preview_words(voice: Voice, owner: dict[int, int], doomed: list[int],
                        maybe: list[int], close: Sequence[int] = ()) -> str:
    """The toss preview's words for where the bomb stops: "destroys 2: Ben's Red ••, your
    Red •" or "goes off here: hits nothing". `doomed` counts only planets the rules destroy
    (`bomb_result`); `maybe`, a hidden hand's planets a Planetary Shield the thrower cannot
    see could spare, follow apart: "(and Ben's Green ••• unless shielded)"; `close`, those a
    toss a hair off would catch too, last: "; close to Ben's Yellow ••"."""
    def names(planets: list[int]) -> str:
        return ", ".join(f"{voice.poss(owner[p])} {PLANETS[p].colour.capitalize()} "
                         f"{'•' * PLANETS[p].dots}" for p in planets)

    near = f"; close to {names(list(close))}" if close else ""
    if not doomed and not maybe:
        return f"goes off here: hits nothing{near}"
    if not doomed:  # short: the label must fit between the planets
        return f"destroys {names(maybe)} unless shielded{near}"
    words = f"destroys {len(doomed)}: {names(doomed)}"
    if maybe:
        words += f" (and {names(maybe)} unless shielded)"
    return words + near



SHORT_KEYS = {"LEFT CTRL": "L CTRL", "RIGHT CTRL": "R CTRL", "LEFT SHIFT": "L SHIFT",
              "RIGHT SHIFT": "R SHIFT", "LEFT ALT": "L ALT", "RIGHT ALT": "R ALT",
              "BACKSPACE": "BKSP"}
"""Long key names as a keyboard's own caps shorten them, for a banner line with no room."""
BANNER_TITLE_LONGEST = "Cleo's turn · flick 2 · 1 left · round 12"
"""A long turn title, the one the banner's hint is measured under."""


def short_key_word(word: Callable[[str, str], str]) -> Callable[[str, str], str]:
    """`word` (a control's key name) with long key names shortened (`SHORT_KEYS`)."""
    return lambda device, control: SHORT_KEYS.get(word(device, control),
                                                  word(device, control))


def flicks_words(st: MatchState) -> str:
    """The header's count of the turn's flicks: the flicks truly left and, once a flick has
    been made, which flick comes next ("flick 2 · 1 left"). A stranger read "1 flick left"
    before and after a crystal earned him another flick and took it for a count that never
    moved."""
    left = st.flicks_left
    if st.flicks_made == 0:
        return f"{count(left, 'flick')} left"
    return f"flick {st.flicks_made + 1} · {left} left"

class TablePresenter:
    """The table's words for a `CosmicScene`: notes, the bomb's result, the log, the banner."""

    def __init__(self, scene: CosmicScene) -> None:
        self.sc = scene
        self.log = MoveLog(keep=80)
        """The match's story in short lines (story.py), drawn beside the panels."""
        self._told_inputs = 0
        """Inputs whose events the log has told (the next events belong to the next one)."""
        self.notes: list[tuple[str, float]] = []
        """Messages for everyone (a card played, a foul), newest last, with seconds left."""
        self.shielded_now: list[int] = []
        """Seats whose Planetary Shield spared their planets from the bomb going off now."""
        self.result: tuple[str, tuple[str, ...], float] | None = None
        """The last Space Bomb's result (title, lines, seconds left), shown over space."""
        self.result_spots: tuple[Point, ...] = ()
        """Where the planets the last result names were (gone from the table now)."""
        self.result_seen = False
        """The acting human clicked or pressed on past the bomb's result (the card dialog)."""
        self.result_turned = False
        """A new turn began since the bomb's result went up (it goes after `RESULT_MIN`)."""
        # the story so far from the rules' events: a resumed match's whole log, a new one's
        # "Round 1" (so a log after Continue reads line for line as it did when first shown)
        st = scene.match.state
        if st.events:
            for seat, line in story.replay_lines(st.events, scene.voice, st.owner,
                                                 st.options.players)[-self.log.keep:]:
                self._log_line(seat, line)

    def update(self, dt: float, sdt: float) -> None:
        """Notes and the bomb's result run down in game time, the log in real time."""
        self.notes = [(m, t - sdt) for m, t in self.notes if t - sdt > 0.0]
        self.log.update(dt)
        if self.result is not None:
            title, lines, left = self.result
            self.result = (title, lines, left - sdt) if left > sdt else None
            if (RESULT_SECONDS - left >= RESULT_BEAT or self.result_turned) \
                    and self.sc.acting_human() is not None \
                    and self.sc.match.phase in (Phase.FLICK, Phase.BOMB):
                # Seen: a person's aim over space outranks it (a stranger's next turn began
                # with "KABOOM! 1 planet destroyed" still over the planets he aimed at), and
                # a person's own new turn closes it at once (a stranger's "Your Planetary
                # Shield holds" stayed into his turn over his "last pull"; the banner's note
                # and the log still say it)
                self.result = None
        self._drop_seen_result()

    def _drop_seen_result(self) -> None:
        """The bomb's result goes once a new turn has begun and it has been up `RESULT_MIN`."""
        if self.result is not None and self.result_turned \
                and RESULT_SECONDS - self.result[2] >= RESULT_MIN:
            self.result = None

    def recolour_log(self) -> None:
        """The log's bullets wear each seat's shape in its colour of now."""
        self.log.recolour(self.sc.shapes, self.sc.colours)

    def show(self, events: list[Event]) -> bool:
        """The rules' new events into the log and onto the table; True when one began a
        turn."""
        self._tell(events)
        turned = False
        for ev in events:
            turned |= self._on_rules_event(ev)
        return turned

    def draft_waits(self) -> bool:
        """Whether a human's keep-a-card dialog waits for a bomb's fresh result to be seen
        (`DRAFT_AFTER_RESULT`, or until a click or key)."""
        return (self.sc.match.phase == Phase.DRAFT and self.result is not None
                and not self.result_seen
                and self.result[2] > RESULT_SECONDS - DRAFT_AFTER_RESULT)

    def refuse(self, why: str) -> None:
        """A decision the rules refuse: say why, with the error sound."""
        self.sc.fx.sound("ui_error", 0.7)
        self.note(why[:1].upper() + why[1:])

    def note(self, message: str, seconds: float = 3.0) -> None:
        """A message for everyone in the banner area."""
        self.notes = [*self.notes[-2:], (message, seconds)]

    def _tell(self, events: list[Event]) -> None:
        """The rules' new events into the move log, with the seat each line is about."""
        sc = self.sc
        if not events:
            return
        cause = sc.inputs[-1] if len(sc.inputs) > self._told_inputs else None
        self._told_inputs = len(sc.inputs)
        st = sc.match.state
        for seat, line in story.lines_for(events, sc.voice, st.owner, cause,
                                          st.options.players):
            self._log_line(seat, line)

    def _log_line(self, seat: int | None, line: str) -> None:
        """One story line into the move log, marked with its seat's shape and colour."""
        sc = self.sc
        if seat is None or not 0 <= seat < len(sc.seats):
            self.log.add(line, theme.MUTED)
        else:
            self.log.add(line, theme.CREAM, (sc.shapes[seat], sc.colours[seat]))

    def _on_rules_event(self, ev: Event) -> bool:
        """Show one of the rules' events (`REACTIONS`, by its class); True when it began a
        turn."""
        react = REACTIONS.get(type(ev))
        return bool(react(self, ev)) if react is not None else False

    def _whose(self, seat: int) -> str:
        """"Ben's" for a seat at the table ("" for none)."""
        sc = self.sc
        return sc.voice.Poss(seat) if 0 <= seat < len(sc.seats) else ""

    def _on_collected(self, ev: Collected) -> None:
        sc = self.sc
        if ev.colour not in sc.fx.collected_now:
            at = self._last_planet.get(ev.planet) or sc.planet_screen(ev.planet)
            if at is not None:
                sc.fx.collect(ev.colour, at, hud.hold_slot(sc.panel(ev.seat), ev.colour),
                                ev.seat)

    def _on_repeat(self, ev: Repeat) -> None:
        at = self._last_planet.get(ev.planet)
        if at is not None:
            self.sc.fx.popup("already held", at[0], at[1] - 30, size=15, colour=(180, 180, 200),
                             life=HELD_SECONDS, turn_bound=True)

    def _on_ship_destroyed(self, ev: ShipDestroyed) -> None:
        self.note(f"{self._whose(ev.seat)} ship is lost in deep space" + (
            "" if ev.by == ev.seat else f" (knocked out by {self.sc.voice.obj(ev.by)})"))

    def _on_planet_out(self, ev: PlanetOut) -> None:
        self.note("A planet left space: " + self.sc.voice.says(ev.owner, "places", "place",
                                                             " it back"))

    def _on_placed(self, ev: Placed) -> None:
        self.sc.fx.sound("bomb_land", 0.4)

    def _on_banked(self, ev: Banked) -> None:
        sc = self.sc
        bx, by = art.base_points(sc.faction_of(ev.seat))
        sc.fx.popup("BANKED", bx, by, size=20, colour=(120, 230, 160))
        sc.fx.sound("score", 0.7, bx)

    def _on_returned(self, ev: Returned) -> None:
        self.note(self.sc.voice.says(ev.seat, "returns", "return", " to Base"))

    def _on_bomb(self, ev: Bomb) -> None:
        sc = self.sc
        seat, voice = ev.seat, sc.voice
        hit = list(ev.destroyed)
        st = sc.match.state
        for p in hit:
            at = self._last_planet.get(p)
            if at is not None:
                sc.fx.planet_destroyed(at, PLANETS[p].colour)
                own = st.owner[p] == seat
                gain = DESTROYED_POINTS[PLANETS[p].dots]
                sc.fx.popup("0: own planet" if own else f"+{gain}",
                              at[0], at[1] - 40, size=18 if own else 26,
                              colour=(230, 120, 120) if own else (255, 214, 90))
        # a miss or a shield leaves the crystals on the Base: said on the result card too,
        # which outlasts the note (a stranger's note went as the next turn began, and he
        # saw nothing say his crystals stayed)
        when = "" if sc.match.over else (
            "now" if st.current_player() == seat and sc.match.phase == Phase.BOMB
            else "next turn")
        shields = [voice.poss(s) for s in self.shielded_now]
        title, lines = bomb_lines(voice, st.owner, seat, hit, when, bool(shields))
        self.shielded_now = []
        if shields and hit:
            lines.append(f"{capitalise(listing(shields))} Planetary Shield "
                         "spared the rest")
        elif shields:
            title = f"{capitalise(listing(shields))} Planetary Shield holds"
        if hit or not sc.match.over:  # (a last bomb that took nothing: the end sheet says)
            self.result = (title, tuple(lines), RESULT_SECONDS)
            self.result_spots = tuple(at for p in hit
                                      if (at := self._last_planet.get(p)) is not None)
            self.result_seen = False
            self.result_turned = False
        if hit:
            self.note(title, RESULT_SECONDS)
        elif sc.match.over:
            self.note(f"{title}: nothing destroyed", RESULT_SECONDS)
        else:  # short enough for the banner (the card below says when to toss again)
            self.note(f"{title}: nothing destroyed, {voice.poss(seat)} crystals stay",
                      RESULT_SECONDS)

    def _on_bomb_foul(self, ev: BombFoul) -> None:
        self.note(f"Foul! {self._whose(ev.seat)} bomb left from in front of the Base")

    def _on_shielded(self, ev: Shielded) -> None:
        self.shielded_now.append(ev.seat)

    def _on_played(self, ev: Played) -> None:
        sc = self.sc
        card = CARDS_BY_ID[ev.card]
        self.note(sc.voice.says(ev.seat, "plays", "play", f" {card.name}"))
        sc.fx.sound("card_flip", 0.8)

    def _on_escape_pod(self, ev: EscapePod) -> None:
        self.note(f"{self._whose(ev.seat)} Escape Pod saves the Hold")

    def _on_salvaged(self, ev: Salvaged) -> None:
        self.note(self.sc.voice.says(ev.seat, "salvages", "salvage", " crystals from the wreck"))

    def _on_turn(self, ev: Turn) -> bool:
        sc = self.sc
        # a new turn: the bomb's result box leaves the board once it has been up a moment (a
        # stranger's "The Space Bomb misses" stayed mid-board over the next player's lanes)
        self.result_turned = True
        self._drop_seen_result()
        sc.fx.sound("round_end" if ev.turn % len(sc.seats) == 0 else "card_slide", 0.35)
        near = end_near(sc.match.state, ev)
        if near:
            # the end said before it comes (a stranger's match ended abruptly)
            self.note(near, 4.0)
            self.log.add(near, theme.SPARK)
        return True

    @property
    def _last_planet(self) -> dict[int, Point]:
        """Where each planet was last drawn (a destroyed one is gone from the table)."""
        return self.sc.view.planet_spots

    def say_why_a_turn_ended(self, seat: int) -> None:
        """A flick that took no crystal and left no flicks ends the turn in silence unless
        said: "Your flick took no crystal: your turn is over." (a stranger wondered where
        their turn went). A ship lost or a bank says it itself."""
        sc = self.sc
        new = sc.match.state.events[sc.rules_seen:]
        kinds = {type(ev) for ev in new}
        if Turn not in kinds or kinds & {Collected, ShipDestroyed, Banked, Over}:
            return
        v = sc.voice
        self.note(f"{v.Poss(seat)} flick took no crystal: {v.their(seat)} turn is over")

    def banner(self) -> tuple[str, str, tuple[int, int, int]]:
        """The banner's title, hint and colour for the moment."""
        sc = self.sc
        st = sc.match.state
        if sc.match.over:
            if self.result is not None and sc.stage != Stage.OVER:
                # the bomb's KABOOM card is read first: "The match is over" waits for it (a
                # stranger's match ended abruptly over the card still up)
                return (self.result[0], "", (200, 200, 220))
            return ("The match is over", "", (200, 200, 220))
        seat = sc.to_act
        if seat is None:
            return ("", "", (200, 200, 220))
        colour = art.faction_colour(sc.faction_of(seat))
        name = sc.name(seat)
        phase = sc.match.phase
        hint = self.notes[-1][0] if self.notes else self.hint(seat)
        if sc.stage == Stage.BOMB_REST:  # at rest, about to go off: no controls to show
            return (f"{sc.voice.Poss(seat)} Space Bomb stops here…", "", colour)
        if sc.stage == Stage.FLIGHT:
            what = "Space Bomb!" if isinstance(sc.pending, TossInput) else "flick"
            return (f"{sc.voice.Poss(seat)} {what}",
                    hint if self.notes else "", colour)
        if phase == Phase.DRAFT:
            if sc.is_human(seat) and not sc.hand_shown(seat):
                hint = DRAFT_CURTAIN  # the cards wait behind the couch curtain: no keys yet
            elif sc.is_human(seat) and not self.draft_waits():
                # the dialog is up: its keys (or click), not the bomb's "KABOOM!" note, which
                # the result card and the log still show (a keyboard player after a bomb
                # faced two cards and no word of which keys choose)
                hint = self.hint(seat)
            return (f"{name}: keep one Advancement card", hint, colour)
        if phase == Phase.PLACE and st.deploying:
            left = sum(1 for s, _ in st.placements if s == seat)
            return (f"Setup · {name}: place a planet ({left} to place)", hint, colour)
        if phase == Phase.PLACE:
            return (f"{name}: place your planet back", hint, colour)
        if phase == Phase.BOMB:  # a turn like any other: it shows its round (none is skipped)
            return (f"{name}: toss the Space Bomb! · round {st.round}", hint, colour)
        return (f"{sc.voice.Poss(seat)} turn · {flicks_words(st)} · round {st.round}",
                hint, colour)

    def device_for(self, seat: int) -> str:
        """The device a person's words speak to: their seat's, or, a lone person's, the one
        they last took up (a mouse seat's keys)."""
        sc = self.sc
        if sc.human_count() == 1 and sc.aims.device != MOUSE:
            return sc.aims.device
        return sc.device_of(seat)

    def hint(self, seat: int) -> str:
        """The acting seat's controls for this decision, in its device's words; with larger
        text in their short words (`SHORT_HINTS`), so the banner says them whole."""
        said = self._hint(seat)
        if text.scale() <= 1.0:
            return said
        if said in SHORT_HINTS:
            return SHORT_HINTS[said]
        # (no room for the right click's lanes beside a lane hint: its tip and the rules say it)
        said = said.removesuffix(MOUSE_LANES)
        return SHORT_HINTS.get(said, said)

    def _hint(self, seat: int) -> str:
        sc = self.sc
        if not sc.is_human(seat):
            if sc.stage == Stage.SHOW and sc.match.phase in (Phase.FLICK, Phase.BOMB):
                return sc.voice.says(seat, "takes", "take", " aim…")  # its arrow grows
            if sc.stage == Stage.SHOW:
                return sc.voice.says(seat, "chooses", "choose", "…")
            return (sc.voice.says(seat, "is", "are", " thinking…") if sc.stage == Stage.DECIDE
                    else "")
        device = self.device_for(seat)
        phase = sc.match.phase
        k = sc.app.input.word_for
        if self.draft_waits():
            return "Click to keep a card" if device == MOUSE else \
                f"{k(device, 'confirm')} to keep a card"
        if sc.commands.chooser is not None:
            # What is chosen, by name: a stranger read "Pick a target" over Supply Drop's
            # colours.
            plays = sc.commands.chooser[1]
            what = ("planet" if any(p.planet is not None for p in plays)
                    else "colour" if any(p.colour is not None for p in plays)
                    else "player" if any(p.target is not None for p in plays) else "choice")
            return f"Click the {what} you want" if device == MOUSE else \
                (f"{k(device, 'up')}/{k(device, 'down')} choose the {what} · "
                 f"{k(device, 'confirm')} plays")
        # a card playable before the toss (Second Payload): the banner says so, the toss
        # after it (a stranger on the keys tossed before he found his card)
        card_first = phase == Phase.BOMB and any(isinstance(a, Play) for a in sc.legal(seat))
        # a card that may be played now (Prototype Bomb with three colours banked) is said
        # before the aim: a stranger's banner said "No straight lane… try a bounce" while
        # his bomb card waited unnoticed
        card = self.card_now(seat, rare=True) \
            if phase == Phase.FLICK and not sc.aims.active else None
        if device == MOUSE and card is not None:
            return card_words(card)
        if device == MOUSE:
            return {
                Phase.DRAFT: "Click the card to keep",
                Phase.PLACE: "Drag the planet to a free spot (green ring) and let go",
                Phase.BOMB: "Click your card to play it first, or pull back and let go"
                            if card_first else "Press in space, pull back toward your Base, "
                            "let go · Shift fine · wheel spins",
                Phase.FLICK: self.flick_hint(seat),
            }.get(phase, "")
        confirm = k(device, "confirm")
        if phase == Phase.DRAFT:
            return f"{k(device, 'left')}/{k(device, 'right')} choose · {confirm} keeps"
        if phase == Phase.PLACE:
            return f"{k(device, 'move')} move · {confirm} places"
        if sc.commands.menu_focus is not None and phase in (Phase.FLICK, Phase.BOMB):
            # on the HUD the keys press what is ringed, not the aim (a stranger read "SPACE
            # to aim" there, and Space pressed the focused button)
            # the buttons sit side by side: left and right move along them (the hint said
            # "W/S choose" over a row)
            move = "Stick" if device.startswith("pad") else \
                f"{k(device, 'left')}/{k(device, 'right')}"
            if text.scale() > 1.0:  # (larger text: the whole of it in the banner's line)
                return f"{move} choose · {confirm} presses · {k(device, 'secondary')} back"
            return (f"{move} choose · {confirm} presses the ringed one · "
                    f"{k(device, 'secondary')} back to aiming")
        # in this device's own words (the left keys' W/S, the right keys' arrows), the same
        # scheme for the flick and the bomb, the rules page's words too (`keys_words`)
        pad = sc.aims.pad_toss if phase == Phase.BOMB else sc.aims.pad_aim
        armed = pad is None or pad.armed
        bomb = phase == Phase.BOMB
        # (the bomb's spin keys last: the banner drops the spin first)
        spin = f" · {spin_words(k, device)}" if bomb else ""

        reach = sc.commands.menu_start() is not None

        def said(short: bool) -> str:
            # the next-lane key after the menu key (the keys newcomer's way to Return to
            # Base), both always said: where the line has no room for them (larger text, the
            # arrows' long key names), in short words (a stranger never found the next-lane
            # key the banner dropped)
            w = short_key_word(k) if short else k
            menu = "cards" if card_first else "menu"
            # the menu key only while it reaches something (at a turn's first flick, with no
            # card to play, a lone mouse seat's first hint named "R CTRL menu", which only
            # said "Nothing to play or press now")
            menu_said = f"{w(device, 'secondary')} {menu} · " if reach else ""
            return f"{keys_words(w, device, bomb, armed, short, spin_said=False)} · " \
                   f"{menu_said}{lane_words(w, device, bomb, short)}{spin}"

        whole = said(False)
        if card is not None and reach:
            first = f"You can play {card} now: {k(device, 'secondary')} cards · "
            for words in (first + whole, first + said(True)):
                if text.scale() <= 1.0 and hud.banner_says_whole(BANNER_TITLE_LONGEST,
                                                                words.removesuffix(spin)):
                    return words
            # no room for both: the card first, then how to reach it (the aim's keys are
            # said again once it is played or the menu left)
            return (f"You can play {card} now: {k(device, 'secondary')} cards, "
                    f"{confirm} plays")
        if text.scale() <= 1.0 and hud.banner_says_whole(BANNER_TITLE_LONGEST,
                                                        whole.removesuffix(spin)):
            return whole
        return said(True)

    def card_now(self, seat: int, rare: bool = False) -> str | None:
        """The name of the first card in the seat's hand it may play now, or None; `rare`:
        only a card playable just now and then (Prototype Bomb, with three colours banked),
        not one any turn may play (Intelligence), whose PLAY tag says it."""
        sc = self.sc
        plays = {a.card for a in sc.legal(seat) if isinstance(a, Play)}
        for card in sc.match.state.players[seat].hand:
            if card in plays and (not rare or CARDS_BY_ID[card].effect in RARE_PLAYS):
                return CARDS_BY_ID[card].name
        return None

    def flick_hint(self, seat: int) -> str:
        """The mouse's flick hint: how to pull, and where the clear shots are (the dotted
        lanes), or what to do when no straight flick reaches a crystal the seat needs."""
        sc = self.sc
        if sc.aims.active:
            return "Let go to flick · hold Shift for fine aim · right click cancels"
        aim = sc.aims.mouse_aim
        if aim is not None and aim.snap is not None:
            # a lane snapped to (right click): its pull shown, a click on the ship flicks it
            return "Click your ship to flick as shown · or pull back to aim" + MOUSE_LANES
        if not sc.app.settings.assists.trajectory_preview:
            return "Press anywhere in open space and pull back · right click cancels"
        if sc.previews.open_shots(seat):
            if sc.match.state.players[seat].hold:
                return ("Brackets: crystals a straight flick reaches · press in open space, "
                        "pull back" + MOUSE_LANES)
            return ("Dotted lanes lead to crystals you need · press in open space, pull back"
                    + MOUSE_LANES)
        near = {kind for _, _, kind in sc.previews.near_lanes(seat)}
        if near:
            # the nearest thing to a lane, said for what it is (a stranger met "No straight
            # lane" on most turns, most of them crystals out of one flick's reach)
            if "narrow" in near:
                return ("Narrow lanes only: aim with care · press in open space, pull back"
                        + MOUSE_LANES)
            if "tight" in near:
                return ("Dotted lane: only full power gets there · press in open space, "
                        "pull back" + MOUSE_LANES)
            # no lane drawn: even MAX stops short of them (a stranger followed a lane drawn
            # to one at MAX and stopped short)
            return OUT_OF_REACH
        st = sc.match.state
        back = any(isinstance(a, ReturnToBase) for a in sc.legal(seat))
        if all(st.players[seat].holds(c) or planet is None
               for c, planet in st.crystal.items()):
            if back and st.players[seat].hold:
                return "Every colour you need is yours · Return to Base to bank them"
            return "Press in open space, pull back · no crystal left that you need"
        return ("No straight lane to a crystal you need · try a bounce"
                + (", or Return to Base" if back else " off a planet"))


RARE_PLAYS = frozenset({Effect.EARLY_BOMB})
"""The cards' effects playable only now and then (Prototype Bomb: three colours banked, at a
turn's start), said first in the flick hint whenever they may be played."""


def card_words(card: str) -> str:
    """The mouse's hint when a card may be played now: the card first, then the aim."""
    if text.scale() > 1.0:
        return f"You can play {card} now: click it · or pull back"
    return f"You can play {card} now: click it · or press in space, pull back"


MOUSE_LANES = " · right-click: next lane"
"""The mouse's next-lane aid, said after a flick hint where lanes are drawn: a right click
snaps the aim to the next lane with its power (`TableCommands.snap_mouse`), as the keys' Tab
does (the mouse seat beside a keys seat had to drag precisely)."""

OUT_OF_REACH = "Crystals you need: out of reach even at full power · flick nearer them"
"""The flick hint when the only straight ways to the crystals a seat needs stop short even at
full power ("short" `near_lanes`): no lane is drawn to them."""

HELD_SECONDS = 0.9
"""How long "already held" floats over a planet whose crystal the ship already had."""


SHORT_HINTS = {
    "Dotted lanes lead to crystals you need · press in open space, pull back":
        "Dotted lanes to crystals · press in space, pull back",
    "Brackets: crystals a straight flick reaches · press in open space, pull back":
        "Brackets: crystals in reach · press in space, pull back",
    "No straight lane to a crystal you need · try a bounce off a planet":
        "No straight lane to a crystal · try a bounce off a planet",
    "No straight lane to a crystal you need · try a bounce, or Return to Base":
        "No straight lane to a crystal · bounce, or Return to Base",
    "Narrow lanes only: aim with care · press in open space, pull back":
        "Narrow lanes: aim with care · press in space, pull back",
    "Dotted lane: only full power gets there · press in open space, pull back":
        "Only full power gets there · press in space, pull back",
    OUT_OF_REACH: "Out of reach even at full power · flick nearer",
    "Press anywhere in open space and pull back · right click cancels":
        "Press in open space, pull back · right click cancels",
    "Press in open space, pull back · no crystal left that you need":
        "Press in space, pull back · no crystal left that you need",
    "Press in space, pull back toward your Base, let go · Shift fine · wheel spins":
        "Press in space, pull back, let go · Shift fine · wheel spins",
    "Click your ship to flick as shown · or pull back to aim · right-click: next lane":
        "Click ship: flick as shown · right-click: next lane",
}
"""The banner's hints too long for its line with larger text, in fewer words that say all
of it (a stranger's larger-text banner dropped "try a bounce off a planet")."""

REACTIONS: ByClass[TablePresenter, bool | None] = ByClass()
"""What the table shows for each of the rules' events, by its class (Flicked, Kept and Over
show nothing here: the log and the end screen tell them)."""
REACTIONS.add(Collected, TablePresenter._on_collected)
REACTIONS.add(Repeat, TablePresenter._on_repeat)
REACTIONS.add(ShipDestroyed, TablePresenter._on_ship_destroyed)
REACTIONS.add(PlanetOut, TablePresenter._on_planet_out)
REACTIONS.add(Placed, TablePresenter._on_placed)
REACTIONS.add(Banked, TablePresenter._on_banked)
REACTIONS.add(Returned, TablePresenter._on_returned)
REACTIONS.add(Bomb, TablePresenter._on_bomb)
REACTIONS.add(BombFoul, TablePresenter._on_bomb_foul)
REACTIONS.add(Shielded, TablePresenter._on_shielded)
REACTIONS.add(Played, TablePresenter._on_played)
REACTIONS.add(EscapePod, TablePresenter._on_escape_pod)
REACTIONS.add(Salvaged, TablePresenter._on_salvaged)
REACTIONS.add(Turn, TablePresenter._on_turn)
