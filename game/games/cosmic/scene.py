"""Cosmic Kaboom on screen: whose decision it is, the seats' input, flicks and tosses played out
frame by frame, the Space Bomb's explosion, the rules' events turned into effects, and the end.

`CosmicScene` runs a `CosmicMatch`. The seat that must decide (`match.to_act()`) is either a
human, whose device actions go to its controllers (`controls.py`: a slingshot on the mouse, an
aim and a power meter on keys or a pad, the bomb's hand, a planet's ghost, the HUD's buttons and
cards), or an AI, which thinks a few milliseconds a frame (`CosmicAI.work`), then shows its aim
for a moment before it flicks. A flick or toss is a `CosmicWorld` stepped once per 1/60 s world
frame by the scene's `FrameClock`; once every body rests the match takes its outcome. Between
decisions the match is plain data, so saves may happen then; the scene autosaves at the start
of each turn. `view.py` draws it all; `effects.py` keeps the sounds and particles.
"""

from __future__ import annotations

import importlib
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.app.catalogue import MatchSetup
from game.app.clock import LOGIC_DT
from game.app.gamescene import GameScene
from game.app.input import MOUSE, ActionEvent
from game.core.dispatch import ByClass
from game.core.voice import Voice, capitalise, count, listing
from game.games.cosmic import art, hud, story
from game.games.cosmic.commands import ANGLE_STEP, POWER_STEP, TableCommands
from game.games.cosmic.controls import Aims, keys_words
from game.games.cosmic.data import (
    CARDS_BY_ID,
    DESTROYED_POINTS,
    PLANETS,
    SURVIVOR_POINTS,
)
from game.games.cosmic.effects import CosmicEffects
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
from game.games.cosmic.match import CosmicMatch, FlickInput, Input, TossInput
from game.games.cosmic.rules import Keep, MatchState, Phase, Play, ReturnToBase
from game.games.cosmic.savefmt import SAVE_VERSION
from game.games.cosmic.world import (
    CosmicWorld,
    FlickLine,
    ShipOut,
    Touched,
    WorldEvent,
    blast_at,
    bounce_line,
    clear_shots,
    flick_line,
    preview_toss,
)
from game.physics.stepper import FRAME_DT, FrameClock
from game.tabletop.curtain import PassCurtain
from game.tabletop.movelog import MoveLog
from game.ui import theme
from game.ui.cache import BoundedCache

if TYPE_CHECKING:
    from game.app.app import App
    from game.games.cosmic.view import CosmicView

Point = tuple[float, float]
TossLine = tuple[list[Point], list[Point], list[int]]
"""A toss preview: the flight, the slide to rest, the planets the blast there destroys."""

DRAFT_CURTAIN = "Choose an Advancement card where only you can see"
"""The couch curtain's words before a draft (and the banner's until it opens)."""
AI_BUDGET = 0.03 * LOGIC_DT
"""Seconds an AI may think per logic step, 3% of it: 0.25 ms at 120 steps a second, about
half a millisecond per 60 Hz frame. Frames never stall; a medium AI decides a flick in about a
second, a hard one in two or three, about as long as a person lining up a shot."""
AI_SHOW_SECONDS = 0.9
"""An AI's aim line shows this long before its flick or toss."""
AI_CHOICE_SECONDS = 0.6
"""An AI's card choice, card play or placement shows this long before it happens."""
BOMB_SHOW_SECONDS = 1.3
"""The resting bomb shows which planets it covers this long before it goes off."""
RESULT_SECONDS = 6.0
"""A Space Bomb's result (whose planets went, what each scored) stays up this long."""
RESULT_BEAT = 3.0
"""A curtain for a couch seat's cards waits until a bomb's result has been up this long."""
DRAFT_AFTER_RESULT = 2.5
"""The keep-a-card dialog after a Space Bomb waits this long (or for a click or a key), so the
player sees which planets went first (it covered the explosion at once)."""
END_AFTER_RESULT = 2.5
"""When the last Space Bomb ends the match, its result stays readable this long before the
final score sheet covers the table."""
MAX_FRAMES_PER_UPDATE = 8
"""World frames one logic step may run (a table sped up for tests and demos)."""
PREVIEW_CACHE = 48


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
            return (f"No {listing(lost)} crystal is left and no one holds that cube: no Space "
                    "Bomb can be built, so the match ends.")
    if state.end_reason == "rounds":
        return f"{state.options.max_rounds} rounds played: the match is scored as it stands."
    n = len(state.destroyed_by)
    return f"{count(n, 'planet')} destroyed: that ends the match."


def bomb_lines(voice: Voice, owner: dict[int, int], bomber: int,
               destroyed: list[int]) -> tuple[str, list[str]]:
    """A Space Bomb's result in words: a title and one line per planet destroyed, saying
    whose it was and what it scored (nothing for the bomber's own, which say why)."""
    if not destroyed:
        return ("The Space Bomb misses", [f"{voice.Poss(bomber)} crystals stay on the "
                                          "Base for the next toss"])
    n = len(destroyed)
    title = f"KABOOM! {count(n, 'planet')} destroyed"
    lines = []
    by = voice.obj(bomber)
    for planet in destroyed:
        p = PLANETS[planet]
        who = owner[planet]
        what = f"{p.colour.capitalize()} {p.dots}-dot planet"
        lost = f"−{SURVIVOR_POINTS} for {voice.obj(who)}"
        if who == bomber:
            lines.append(f"{voice.Poss(who)} own {what}: 0 for {by}, own planets "
                         f"score nothing ({lost})")
        else:
            lines.append(f"{voice.Poss(who)} {what}: +{DESTROYED_POINTS[p.dots]} for "
                         f"{by} ({lost})")
    return title, lines


class Stage(StrEnum):
    """Where the scene is: a decision awaited, an AI's shown, a flick playing out, the bomb's
    moment of truth, the end."""

    DECIDE = "decide"
    SHOW = "show"
    FLIGHT = "flight"
    BOMB_REST = "bomb_rest"
    OVER = "over"


class CosmicAIProtocol(Protocol):
    """What the scene asks of an AI (`game.games.cosmic.ai.CosmicAI`)."""

    def begin(self, match: CosmicMatch) -> None: ...

    def work(self, budget_s: float) -> Input | None: ...

    @property
    def thinking(self) -> bool: ...


def ai_module() -> Any:
    """The AI module, imported when an AI seat first decides (it is heavy)."""
    return importlib.import_module("game.games.cosmic.ai")


class CosmicScene(GameScene):
    """A Cosmic Kaboom match on one screen, for 2-4 seats of humans and AIs."""

    scene_id = "cosmic"
    music = None

    def __init__(self, app: App, setup: MatchSetup, state: dict[str, Any] | None = None, *,
                 demo: bool = False) -> None:
        super().__init__(app, setup)
        self.demo = demo
        self.time_scale = 1.0
        """Game seconds per real second (tests and demos speed the table up)."""
        n = len(setup.seats)
        if state is not None:
            self.match = CosmicMatch.from_dict(self.resumed_part(state, SAVE_VERSION, "match"))
            self.check_seats(self.match.state.options.players)
        else:
            from game.games.cosmic.options import options_of
            from game.games.cosmic.rules import MatchState

            self.match = CosmicMatch(MatchState(options_of(n, setup.options), setup.seed))
        self.factions: tuple[int, ...] = self.match.state.options.seat_factions
        self.identity_changed()
        from game.games.cosmic.replay import CosmicRecorder

        self.recorder: CosmicRecorder | None = (
            None if demo else CosmicRecorder.start(setup.to_dict(), self.match, state)
        )
        self.stage = Stage.DECIDE
        self.stage_t = 0.0
        self.fx = CosmicEffects(self, setup.seed)
        self.clock = FrameClock(FRAME_DT, max_frames=MAX_FRAMES_PER_UPDATE)
        self.world: CosmicWorld | None = None
        self.pending: FlickInput | TossInput | None = None
        self.events_seen: list[WorldEvent] = []
        """Every world event of the flick under way (tests read them)."""
        self.inputs: list[Input] = []
        """Every input made in this scene, in order (tests and the record of the match)."""
        self.rules_seen = len(self.match.state.events)
        self.ais: dict[int, CosmicAIProtocol] = {}
        self.ai_key: tuple[Any, ...] | None = None
        self.ai_choice: Input | None = None
        self.decision_key: tuple[Any, ...] | None = None
        self.commands = TableCommands(self)
        """The acting human's mouse, keys or pad at the table, and what they aim or focus
        (commands.py)."""
        self.collected_now: set[str] = set()
        self.hidden_crystals: set[str] = set()
        self.shown_hold: dict[int, set[str]] = {}
        """Cubes that flew into a Hold during the flick under way (the rules take them at rest)."""
        self.last_ship: dict[int, Point] = {}
        self.log = MoveLog(keep=80)
        """The match's story in short lines (story.py), drawn beside the panels."""
        # the story so far from the rules' events: a resumed match's whole log, a new one's
        # "Round 1" (so a log after Continue reads line for line as it did when first shown)
        if self.match.state.events:
            st = self.match.state
            for seat, line in story.replay_lines(st.events, self.voice, st.owner,
                                                 st.options.players)[-self.log.keep:]:
                self._log_line(seat, line)
        self._told_inputs = 0
        """Inputs whose events the log has told (the next events belong to the next one)."""
        self.notes: list[tuple[str, float]] = []
        """Messages for everyone (a card played, a foul), newest last, with seconds left."""
        self.bomb_focus: list[int] = []
        self.peeked: int | None = None
        """On a couch, the seat whose cards are face up: it passed the curtain and is acting."""
        self.curtain: PassCurtain | None = None
        self._preview: BoundedCache[tuple[Any, ...], FlickLine] = BoundedCache(PREVIEW_CACHE)
        self._toss_preview: BoundedCache[tuple[Any, ...], TossLine] = BoundedCache(PREVIEW_CACHE)
        self._bounce: BoundedCache[tuple[Any, ...], FlickLine | None] = \
            BoundedCache(PREVIEW_CACHE)
        self._shots_key: tuple[Any, ...] | None = None
        self._shots: list[tuple[int, float]] = []
        self.shielded_now: list[int] = []
        """Seats whose Planetary Shield spared their planets from the bomb going off now."""
        self.result: tuple[str, tuple[str, ...], float] | None = None
        self.result_seen = False
        """The acting human clicked or pressed on past the bomb's result (the card dialog)."""
        #: A couch seat whose cards wait behind a curtain, asked for once the table has shown
        #: a bomb's result for a beat (the curtain came down over the explosion at once).
        self.curtain_due: int | None = None
        """The last Space Bomb's result (title, lines, seconds left), shown over space."""
        self.end_wait = 0.0
        """Seconds the table stays up after the match ended on a bomb (its result is read)."""
        self._table_id = 0
        self._table_obj = self.match.table
        self.safe_state: dict[str, Any] = self.match.to_dict()
        if self.match.over:
            self.stage = Stage.OVER
        from game.games.cosmic.view import CosmicView

        self.view: CosmicView = CosmicView(self)

    # -- lifecycle ------------------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        self.autosave()
        if self.stage == Stage.OVER:
            self.show_match_end()  # a table that opens finished still offers what comes next


    def pause(self) -> None:
        """Another screen covers the table: forget half a pull or charge."""
        self.aims.cancel()

    def identity_changed(self) -> None:
        """The ships wear their seat's colour and shape (the lobby's; again after the
        colour-blind palette is switched mid-match), and so do their Bases and panels: the
        table layer that keeps them is drawn again."""
        art.set_livery({f: (self.colours[i], self.shapes[i]) for i, f in enumerate(self.factions)})
        log = getattr(self, "log", None)
        if log is not None:  # the log's bullets too: each seat's shape in its colour of now
            seat_of = {shape: i for i, shape in enumerate(self.shapes)}
            for ln in log.lines:
                if ln.marker is not None and ln.marker[0] in seat_of:
                    ln.marker = (ln.marker[0], self.colours[seat_of[ln.marker[0]]])
            log._cache = None  # drawn again with them
        view = getattr(self, "view", None)  # the first call comes before the view exists
        if view is not None:
            view.forget_table_layer()

    def save_state(self) -> dict[str, Any] | None:
        """The match as it stands between decisions (never mid-flick: the last safe point)."""
        if self.match.over:
            return None
        if self.stage in (Stage.DECIDE, Stage.SHOW):
            self.safe_state = self.match.to_dict()
        return {"version": SAVE_VERSION, "match": self.safe_state,
                "replay": self.recorder.partial(self.safe_state) if self.recorder else None}

    def save_summary(self) -> str:
        """The saved match's line on the resume screen: the round and who leads with what (a
        tie reads as one: "level at 12")."""
        st = self.match.state
        scores = st.scores()
        top = max(scores)
        best = [i for i, s in enumerate(scores) if s == top]
        v = self.voice
        if len(best) == len(scores):
            return f"Round {st.round}, all level at {top}"
        if len(best) > 1:
            return f"Round {st.round}, {listing([v.obj(i) for i in best])} level at {top}"
        lead = v.verb(best[0], "leads", "lead")
        return f"Round {st.round}, {v.obj(best[0])} {lead} with {top}"

    # -- queries --------------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat that must decide now."""
        return self.match.to_act()

    @property
    def aims(self) -> Aims:
        """The acting human's pulls, charges and planet ghost (kept by `commands`)."""
        return self.commands.aims

    def acting_human(self) -> int | None:
        """The seat deciding now, if it is a person's and the scene waits for it."""
        seat = self.to_act
        if seat is None or self.stage != Stage.DECIDE or not self.is_human(seat):
            return None
        return seat

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def faction_of(self, seat: int) -> int:
        return self.factions[seat]

    def panel(self, seat: int) -> pygame.Rect:
        """Where a seat's panel lies on the canvas (tall all match for a human alone on its
        side when the log has room elsewhere)."""
        return hud.info_rect(self.view.seat_info(seat))

    def table_version(self) -> int:
        """A number that changes whenever the table of positions is replaced."""
        if self.match.table is not self._table_obj:
            self._table_obj = self.match.table
            self._table_id += 1
        return self._table_id

    def preview(self, seat: int, angle: float, power: float) -> FlickLine:
        """A flick's path to what it meets first (the trajectory assist), cached per aim."""
        a = round(angle / ANGLE_STEP)
        p = round(power / POWER_STEP)
        key = (self.table_version(), seat, a, p)
        got = self._preview.get(key)
        if got is None:
            got = flick_line(self.match.table, seat, a * ANGLE_STEP, p * POWER_STEP)
            self._preview[key] = got
        return got

    def bounce_preview(self, seat: int, angle: float, power: float) -> FlickLine | None:
        """Where the flick goes after glancing off the first planet it meets (an estimate,
        see `world.bounce_line`), cached per aim like `preview`."""
        a = round(angle / ANGLE_STEP)
        p = round(power / POWER_STEP)
        key = (self.table_version(), seat, a, p, "bounce")
        if key not in self._bounce:
            self._bounce[key] = bounce_line(self.match.table, seat, a * ANGLE_STEP,
                                            p * POWER_STEP)
        return self._bounce[key]

    def open_shots(self, seat: int) -> list[tuple[int, float]]:
        """The crystals `seat` still needs that one straight flick from its ship reaches
        (planet, angle), for the lanes drawn on its turn; cached per table and holdings."""
        st = self.match.state
        p = st.players[seat]
        want = [planet for colour, planet in sorted(st.crystal.items())
                if planet is not None and not p.holds(colour)]
        key = (self.table_version(), seat, tuple(want))
        if self._shots_key != key:
            self._shots_key = key
            self._shots = clear_shots(self.match.table, seat, want)
        return self._shots

    def toss_preview(self, hand: Point, angle: float, power: float, spin: float) -> TossLine:
        """A toss's flight to where it comes down, its whole slide to where it stops, and the
        planets it would destroy going off there (the preview assist), cached per aim."""
        a = round(angle / ANGLE_STEP)
        p = round(power / POWER_STEP)
        key = (self.table_version(), round(hand[0]), round(hand[1]), a, p, round(spin * 4))
        got = self._toss_preview.get(key)
        if got is None:
            flight, slide = preview_toss(hand, a * ANGLE_STEP, p * POWER_STEP, spin)
            got = (flight, slide, blast_at(self.match.table, slide[-1]))
            self._toss_preview[key] = got
        return got

    def legal(self, seat: int) -> list[Any]:
        """The rules' actions for a seat now."""
        return self.match.state.legal_actions(seat)

    def card_plays(self, seat: int, card: str) -> list[Play]:
        """The concrete plays of one card a seat may make now."""
        return [a for a in self.legal(seat) if isinstance(a, Play) and a.card == card]

    def couch(self) -> bool:
        """Two or more humans share the screen: their cards go behind a curtain."""
        return self.human_count() >= 2

    def hand_shown(self, seat: int) -> bool:
        """Whether a seat's cards are face up: a lone human's own always; on a couch only the
        acting human's, once the screen was passed to them behind the curtain."""
        if not self.is_human(seat):
            return False
        return not self.couch() or self.peeked == seat

    def draft_waits(self) -> bool:
        """Whether a human's keep-a-card dialog waits for a bomb's fresh result to be seen
        (`DRAFT_AFTER_RESULT`, or until a click or key)."""
        return (self.match.phase == Phase.DRAFT and self.result is not None
                and not self.result_seen
                and self.result[2] > RESULT_SECONDS - DRAFT_AFTER_RESULT)

    def request_curtain(self, seat: int, reason: str) -> None:
        """Ask everyone else to look away before a seat's cards are shown."""
        if self.curtain is not None:
            return
        self.peeked = None
        self.aims.cancel()
        self.app.input.release_all()
        faction = self.faction_of(seat)  # the seat's lobby colour and shape, as on the table
        self.curtain = PassCurtain(self.app, self.name(seat), art.faction_colour(faction),
                                   self.device_of(seat), lambda: self._curtain_opened(seat),
                                   reason, art.faction_shape(faction),
                                   on_cancel=self._curtain_cancelled)
        self.app.stack.push(self.curtain)

    def _curtain_opened(self, seat: int) -> None:
        self.curtain = None
        self.peeked = seat

    def _curtain_cancelled(self) -> None:
        self.curtain = None

    def replace_device(self, old: str, new: str | None) -> None:
        """A pad went away: its seat moves to another device or an AI; a curtain waiting for
        that pad follows it (or leaves when an AI takes the seat over)."""
        super().replace_device(old, new)
        if self.curtain is not None and self.curtain.device == old:
            if new is None:
                self.curtain.cancel()
            else:
                self.curtain.device = new
        self.ai_key = None

    # -- decisions ------------------------------------------------------------------------------

    def _decision(self) -> tuple[Any, ...]:
        st = self.match.state
        return (self.to_act, str(self.match.phase), st.turn, st.flicks_made,
                len(st.events), len(st.placements), len(st.drafts))

    def _prepare(self) -> None:
        """A new decision is due: set up the acting human's controllers (or its AI)."""
        key = self._decision()
        if key == self.decision_key:
            return
        self.decision_key = key
        self.commands.reset()
        self.curtain_due = None
        seat = self.to_act
        if self.peeked is not None and (self.couch() or self.peeked != seat):
            # Each move puts a couch player's cards face down again: the turn's flicks are
            # everyone's to watch (a stranger saw a seat's cards stay up all its turn).
            self.peeked = None
        if seat is None or not self.is_human(seat):
            return
        phase = self.match.phase
        if phase == Phase.DRAFT and not self.hand_shown(seat):
            self.curtain_due = seat  # once a bomb's result has been seen (`update`)
        self.commands.prepare(seat)

    def ai_for(self, seat: int) -> CosmicAIProtocol:
        """The AI of a seat (made on its first decision)."""
        got = self.ais.get(seat)
        if got is None:
            s = self.seats[seat]
            mod = ai_module()
            level = s.difficulty if s.difficulty in mod.AI_LEVELS else "medium"
            from game.games.cosmic.options import ai_seed

            got = mod.make_ai(level, seat, ai_seed(self.setup.seed, seat))
            self.ais[seat] = got
        return got

    def perform(self, inp: Input) -> bool:
        """Make a decision: a flick or toss starts playing out; anything else applies now."""
        if self.stage not in (Stage.DECIDE, Stage.SHOW) or self.match.over:
            return False
        why = self.match.why_not(inp)
        if why is not None:
            self.refuse(why)
            return False
        self.inputs.append(inp)
        self.commands.decided(inp)
        if isinstance(inp, (FlickInput, TossInput)):
            self.safe_state = self.match.to_dict()
            self.world = self.match.world_for(inp)
            self.pending = inp
            self.events_seen = []
            self.collected_now = set()
            self.hidden_crystals = set()
            self.shown_hold = {}
            self.clock.reset()
            self.stage = Stage.FLIGHT
            self.stage_t = 0.0
            # the banner under a new flight speaks of it, not of the move before (a stranger
            # read "KABOOM! 1 planet destroyed", his own bomb's, under Ben's bomb in flight)
            self.notes = []
            if isinstance(inp, FlickInput):
                self.fx.launch(art.to_screen(*self.match.ship_at(inp.player)), inp.angle,
                               inp.power)
            else:
                self.fx.sound("bomb_toss", 0.9, art.to_screen(inp.x, inp.y)[0])
            return True
        got = self.match.apply(inp)
        if got is not None:
            self.refuse(got.reason)
            return False
        self._record(inp)
        if isinstance(inp, Keep):
            self.fx.sound("card_deal", 0.7)
        self.stage = Stage.DECIDE
        self.stage_t = 0.0
        self._after_rules()
        return True

    def refuse(self, why: str) -> None:
        """A decision the rules refuse: say why, with the error sound."""
        self.fx.sound("ui_error", 0.7)
        self.note(why[:1].upper() + why[1:])

    def note(self, message: str, seconds: float = 3.0) -> None:
        """A message for everyone in the banner area."""
        self.notes = [*self.notes[-2:], (message, seconds)]

    # -- the rules' events ----------------------------------------------------------------------

    def _after_rules(self) -> None:
        """Show what the rules just did (events since last time); the end; autosave."""
        st = self.match.state
        new = st.events[self.rules_seen:]
        self.rules_seen = len(st.events)
        self._tell(new)
        turned = False
        for ev in new:
            turned |= self._on_rules_event(ev)
        self.shown_hold = {}
        self.hidden_crystals = set()
        if turned and self.to_act is not None and self.is_human(self.to_act):
            # the turn passed to a person: their banner says what to do now, not what the seat
            # before did (a playtester read the last seat's note for 3 s; the log keeps it)
            self.notes = []
        if self.match.over:
            if self.result is not None and self.stage == Stage.DECIDE and not self.demo:
                self.end_wait = END_AFTER_RESULT  # the sheet comes once the result is read
            else:
                self._enter_over()
        elif turned:
            self.safe_state = self.match.to_dict()
            self.autosave()

    def _tell(self, events: list[Event]) -> None:
        """The rules' new events into the move log, with the seat each line is about."""
        if not events:
            return
        cause = self.inputs[-1] if len(self.inputs) > self._told_inputs else None
        self._told_inputs = len(self.inputs)
        st = self.match.state
        for seat, line in story.lines_for(events, self.voice, st.owner, cause,
                                          st.options.players):
            self._log_line(seat, line)

    def _log_line(self, seat: int | None, line: str) -> None:
        """One story line into the move log, marked with its seat's shape and colour."""
        if seat is None or not 0 <= seat < len(self.seats):
            self.log.add(line, theme.MUTED)
        else:
            self.log.add(line, theme.CREAM, (self.shapes[seat], self.colours[seat]))

    def planet_screen(self, planet: int) -> Point | None:
        """A planet on the canvas, if it lies in space."""
        got = self.match.table.planets.get(planet)
        return None if got is None else art.to_screen(*got)

    def _on_rules_event(self, ev: Event) -> bool:
        """Show one of the rules' events (`REACTIONS`, by its class); True when it began a
        turn."""
        react = REACTIONS.get(type(ev))
        return bool(react(self, ev)) if react is not None else False

    def _whose(self, seat: int) -> str:
        """"Ben's" for a seat at the table ("" for none)."""
        return self.voice.Poss(seat) if 0 <= seat < len(self.seats) else ""

    def _on_collected(self, ev: Collected) -> None:
        if ev.colour not in self.collected_now:
            at = self._last_planet.get(ev.planet) or self.planet_screen(ev.planet)
            if at is not None:
                self.fx.collect(ev.colour, at, hud.hold_slot(self.panel(ev.seat), ev.colour),
                                ev.seat)

    def _on_repeat(self, ev: Repeat) -> None:
        at = self._last_planet.get(ev.planet)
        if at is not None:
            self.fx.popup("already held", at[0], at[1] - 30, size=15, colour=(180, 180, 200))

    def _on_ship_destroyed(self, ev: ShipDestroyed) -> None:
        self.note(f"{self._whose(ev.seat)} ship is lost in deep space" + (
            "" if ev.by == ev.seat else f" (knocked out by {self.voice.obj(ev.by)})"))

    def _on_planet_out(self, ev: PlanetOut) -> None:
        self.note("A planet left space: " + self.voice.says(ev.owner, "places", "place",
                                                             " it back"))

    def _on_placed(self, ev: Placed) -> None:
        self.fx.sound("bomb_land", 0.4)

    def _on_banked(self, ev: Banked) -> None:
        bx, by = art.base_points(self.faction_of(ev.seat))
        self.fx.popup("BANKED", bx, by, size=20, colour=(120, 230, 160))
        self.fx.sound("score", 0.7, bx)

    def _on_returned(self, ev: Returned) -> None:
        self.note(self.voice.says(ev.seat, "returns", "return", " to Base"))

    def _on_bomb(self, ev: Bomb) -> None:
        seat, voice = ev.seat, self.voice
        hit = list(ev.destroyed)
        st = self.match.state
        for p in hit:
            at = self._last_planet.get(p)
            if at is not None:
                self.fx.planet_destroyed(at, PLANETS[p].colour)
                own = st.owner[p] == seat
                gain = DESTROYED_POINTS[PLANETS[p].dots]
                self.fx.popup("0: own planet" if own else f"+{gain}",
                              at[0], at[1] - 40, size=18 if own else 26,
                              colour=(230, 120, 120) if own else (255, 214, 90))
        title, lines = bomb_lines(voice, st.owner, seat, hit)
        shields = [voice.poss(s) for s in self.shielded_now]
        self.shielded_now = []
        if shields:
            lines.append(f"{capitalise(listing(shields))} Planetary Shield "
                         "spared the rest")
        if hit:
            self.result = (title, tuple(lines), RESULT_SECONDS)
            self.result_seen = False
            self.note(title, RESULT_SECONDS)
        elif shields:
            self.note(f"{capitalise(listing(shields))} Planetary Shield holds: nothing "
                      f"destroyed, {voice.poss(seat)} crystals stay", RESULT_SECONDS)
        else:
            self.note(f"The Space Bomb misses: {voice.poss(seat)} crystals stay for the next "
                      "toss")

    def _on_bomb_foul(self, ev: BombFoul) -> None:
        self.note(f"Foul! {self._whose(ev.seat)} bomb left from in front of the Base")

    def _on_shielded(self, ev: Shielded) -> None:
        self.shielded_now.append(ev.seat)

    def _on_played(self, ev: Played) -> None:
        card = CARDS_BY_ID[ev.card]
        self.note(self.voice.says(ev.seat, "plays", "play", f" {card.name}"))
        self.fx.sound("card_flip", 0.8)

    def _on_escape_pod(self, ev: EscapePod) -> None:
        self.note(f"{self._whose(ev.seat)} Escape Pod saves the Hold")

    def _on_salvaged(self, ev: Salvaged) -> None:
        self.note(self.voice.says(ev.seat, "salvages", "salvage", " cubes from the wreck"))

    def _on_turn(self, ev: Turn) -> bool:
        self.fx.sound("round_end" if ev.turn % len(self.seats) == 0 else "card_slide", 0.35)
        return True

    @property
    def _last_planet(self) -> dict[int, Point]:
        """Where each planet was last drawn (a destroyed one is gone from the table)."""
        return self.view.planet_spots

    # -- the end ----------------------------------------------------------------------------------

    def _enter_over(self) -> None:
        if self.stage == Stage.OVER and self.finished:
            return
        self.stage = Stage.OVER
        self.stage_t = 0.0
        self.world = None
        self.pending = None
        self.fx.sound("game_win", 1.0)
        st = self.match.state
        if self.recorder is not None and not self.demo:
            from game.core.replay import store

            self.replay_path = store(self.recorder.finish(self.match))
        self.finish([float(s) for s in st.scores()], st.winners())

    # -- input ----------------------------------------------------------------------------------

    def game_action(self, action: ActionEvent) -> bool:
        """A player's mouse, keys or pad at the table: routed by `commands` (commands.py)."""
        self.commands.track(action)
        if self.stage == Stage.OVER:
            return False  # the match's end bar offers what comes next
        return self.commands.handle(action)

    # -- logic ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.curtain is not None:
            return  # the screen is being passed: the table waits
        sdt = dt * self.time_scale
        self.stage_t += sdt
        self.fx.update(sdt)
        self.notes = [(m, t - sdt) for m, t in self.notes if t - sdt > 0.0]
        self.log.update(dt)
        if self.result is not None:
            title, lines, left = self.result
            self.result = (title, lines, left - sdt) if left > sdt else None
        if self.stage == Stage.DECIDE:
            if self.match.over:
                self.end_wait -= sdt
                if self.end_wait <= 0.0:
                    self._enter_over()
                return
            self._prepare()
            seat = self.to_act
            if seat is None:
                return
            if self.is_human(seat):
                if self.curtain_due == seat and self.curtain is None and (
                        self.result is None or self.result[2] <= RESULT_SECONDS - RESULT_BEAT):
                    self.curtain_due = None
                    self.request_curtain(seat, DRAFT_CURTAIN)
                    return
                if self.peeked == seat and self.couch() and self.aims.active:
                    self.peeked = None  # a pull or charge begun: the cards go face down
                self.commands.steer(seat, sdt)
            else:
                self._update_ai(seat)
        elif self.stage == Stage.SHOW:
            if self.stage_t >= self._show_seconds():
                choice = self.ai_choice
                self.ai_choice = None
                self.stage = Stage.DECIDE
                if choice is not None and not self.perform(choice):
                    self.ai_key = None  # refused: the AI thinks again
        elif self.stage == Stage.FLIGHT:
            self._update_flight(sdt)
        elif self.stage == Stage.BOMB_REST and self.stage_t >= BOMB_SHOW_SECONDS:
            self._explode()

    def _show_seconds(self) -> float:
        if isinstance(self.ai_choice, (FlickInput, TossInput)):
            return AI_SHOW_SECONDS
        return AI_CHOICE_SECONDS

    def _update_ai(self, seat: int) -> None:
        key = self._decision()
        ai = self.ai_for(seat)
        if self.ai_key != key:
            self.ai_key = key
            ai.begin(self.match)
        got = ai.work(AI_BUDGET)
        if got is None:
            return
        self.ai_choice = got
        self.stage = Stage.SHOW
        self.stage_t = 0.0
        if isinstance(got, Play):
            d = CARDS_BY_ID[got.card]
            self.note(self.voice.says(seat, "is", "are", f" playing {d.name}"),
                      AI_CHOICE_SECONDS + 2.0)

    def _update_flight(self, sdt: float) -> None:
        w = self.world
        if w is None:
            self.stage = Stage.DECIDE
            return
        for _ in range(self.clock.advance(sdt)):
            w.step()
            for ev in w.take_events():
                self.events_seen.append(ev)
                self._on_world(ev)
            for s, body in w.ships.items():
                self.last_ship[s] = (float(body.position.x), float(body.position.y))
            if w.at_rest:
                break
        if w.at_rest and not self.fx.busy:
            if isinstance(self.pending, TossInput) and not w.foul and w.bomb is not None:
                self.stage = Stage.BOMB_REST
                self.stage_t = 0.0
                self.bomb_focus = w.under_bomb()
            else:
                self._finish_world()

    def _on_world(self, ev: WorldEvent) -> None:
        self.fx.on_world(ev)
        pending = self.pending
        if isinstance(ev, Touched) and isinstance(pending, FlickInput) \
                and ev.seat == pending.player:
            st = self.match.state
            colour = PLANETS[ev.planet].colour
            p = st.players[ev.seat]
            if st.crystal.get(colour) == ev.planet and not p.holds(colour) \
                    and colour not in self.collected_now and ev.planet in st.alive:
                self.collected_now.add(colour)
                self.hidden_crystals.add(colour)
                at = self.view.planet_spots.get(ev.planet) or self.planet_screen(ev.planet)
                if at is not None:
                    self.fx.collect(colour, at, hud.hold_slot(self.panel(ev.seat), colour),
                                    ev.seat)
                self.shown_hold.setdefault(ev.seat, set()).add(colour)
        elif isinstance(ev, ShipOut):
            at = self.last_ship.get(ev.seat)
            if at is not None:
                self.fx.ship_lost(art.to_screen(*at), self.faction_of(ev.seat))

    def _explode(self) -> None:
        w = self.world
        if w is not None and w.bomb is not None:
            self.fx.explode(art.to_screen(w.bomb.x, w.bomb.y), art.px(44.0))
        self._finish_world()

    def _finish_world(self) -> None:
        w, inp = self.world, self.pending
        self.stage = Stage.DECIDE
        self.stage_t = 0.0
        self.bomb_focus = []
        if w is None or inp is None:
            return
        got = self.match.finish(inp, w)
        self.world = None
        self.pending = None
        if got is not None:
            self.refuse(got.reason)
        else:
            self._record(inp)
            if isinstance(inp, FlickInput):
                self._say_why_a_turn_ended(inp.player)
        self._after_rules()

    def _say_why_a_turn_ended(self, seat: int) -> None:
        """A flick that took no crystal and left no flicks ends the turn in silence unless
        said: "Your flick took no crystal: your turn is over." (a stranger wondered where
        their turn went). A ship lost or a bank says it itself."""
        new = self.match.state.events[self.rules_seen:]
        kinds = {type(ev) for ev in new}
        if Turn not in kinds or kinds & {Collected, ShipDestroyed, Banked, Over}:
            return
        v = self.voice
        self.note(f"{v.Poss(seat)} flick took no crystal: {v.their(seat)} turn is over")

    def _record(self, inp: Input) -> None:
        """An input the match accepted: into the replay."""
        if self.recorder is not None:
            self.recorder.record(inp, self.match)

    # -- hints ----------------------------------------------------------------------------------

    def banner(self) -> tuple[str, str, tuple[int, int, int]]:
        """The banner's title, hint and colour for the moment."""
        st = self.match.state
        if self.match.over:
            return ("The match is over", "", (200, 200, 220))
        seat = self.to_act
        if seat is None:
            return ("", "", (200, 200, 220))
        colour = art.faction_colour(self.faction_of(seat))
        name = self.name(seat)
        phase = self.match.phase
        hint = self.notes[-1][0] if self.notes else self.hint(seat)
        if self.stage == Stage.BOMB_REST:  # at rest, about to go off: no controls to show
            return (f"{self.voice.Poss(seat)} Space Bomb stops here…", "", colour)
        if self.stage == Stage.FLIGHT:
            what = "Space Bomb!" if isinstance(self.pending, TossInput) else "flick"
            return (f"{self.voice.Poss(seat)} {what}",
                    hint if self.notes else "", colour)
        if phase == Phase.DRAFT:
            if self.is_human(seat) and not self.hand_shown(seat):
                hint = DRAFT_CURTAIN  # the cards wait behind the couch curtain: no keys yet
            elif self.is_human(seat) and not self.draft_waits():
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
        left = st.flicks_left
        return (f"{self.voice.Poss(seat)} turn · {count(left, 'flick')} left · round {st.round}",
                hint, colour)

    def hint(self, seat: int) -> str:
        """The acting seat's controls for this decision, in its device's words."""
        if not self.is_human(seat):
            if self.stage == Stage.SHOW and self.match.phase in (Phase.FLICK, Phase.BOMB):
                return self.voice.says(seat, "takes", "take", " aim…")  # its arrow grows
            if self.stage == Stage.SHOW:
                return self.voice.says(seat, "chooses", "choose", "…")
            return (self.voice.says(seat, "is", "are", " thinking…") if self.stage == Stage.DECIDE
                    else "")
        device = self.device_of(seat)
        if self.human_count() == 1 and self.aims.device != MOUSE:
            device = self.aims.device
        phase = self.match.phase
        k = self.app.input.word_for
        if self.draft_waits():
            return "Click to keep a card" if device == MOUSE else \
                f"{k(device, 'confirm')} to keep a card"
        if self.commands.chooser is not None:
            return "Pick a target" if device == MOUSE else \
                f"{k(device, 'up')}/{k(device, 'down')} choose · {k(device, 'confirm')} plays"
        if device == MOUSE:
            return {
                Phase.DRAFT: "Click the card to keep",
                Phase.PLACE: "Drag the planet to a free spot (green ring) and let go",
                Phase.BOMB: "Press in space, pull back toward your Base, let go · Shift fine · "
                            "wheel spins",
                Phase.FLICK: self.flick_hint(seat),
            }.get(phase, "")
        confirm = k(device, "confirm")
        if phase == Phase.DRAFT:
            return f"{k(device, 'left')}/{k(device, 'right')} choose · {confirm} keeps"
        if phase == Phase.PLACE:
            return f"{k(device, 'move')} move · {confirm} places"
        menu = f"{k(device, 'secondary')} cards & buttons"
        # in this device's own words (the left keys' W/S, the right keys' arrows), the same
        # scheme for the flick and the bomb, the rules page's words too (`keys_words`)
        pad = self.aims.pad_toss if phase == Phase.BOMB else self.aims.pad_aim
        armed = pad is None or pad.armed
        return f"{keys_words(k, device, phase == Phase.BOMB, armed)} · {menu}"

    def flick_hint(self, seat: int) -> str:
        """The mouse's flick hint: how to pull, and where the clear shots are (the dotted
        lanes), or what to do when no straight flick reaches a crystal the seat needs."""
        if self.aims.active:
            return "Let go to flick · hold Shift for fine aim · right click cancels"
        if not self.app.settings.assists.trajectory_preview:
            return "Pull back from your ship or anywhere in space · right click cancels"
        if self.open_shots(seat):
            if self.match.state.players[seat].hold:
                return ("Brackets: crystals a straight flick reaches · pull back from your "
                        "ship to flick")
            return "Dotted lanes lead to crystals you need · pull back from your ship to flick"
        st = self.match.state
        back = any(isinstance(a, ReturnToBase) for a in self.legal(seat))
        if all(st.players[seat].holds(c) or planet is None
               for c, planet in st.crystal.items()):
            if back and st.players[seat].hold:
                return "Every colour you need is yours · Return to Base to bank them"
            return "Pull back from your ship to flick · no crystal left that you need"
        return ("No straight lane to a crystal you need · try a bounce"
                + (", or Return to Base" if back else " off a planet"))

    def seat_who(self, seat: int) -> str:
        """Under a seat's name: the AI's level or the human's device (who played it, when a
        replay is played back)."""
        return self.seat_label(seat).replace("AI - ", "AI · ")

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)


REACTIONS: ByClass[CosmicScene, bool | None] = ByClass()
"""What the table shows for each of the rules' events, by its class (Flicked, Kept and Over
show nothing here: the log and the end screen tell them)."""
REACTIONS.add(Collected, CosmicScene._on_collected)
REACTIONS.add(Repeat, CosmicScene._on_repeat)
REACTIONS.add(ShipDestroyed, CosmicScene._on_ship_destroyed)
REACTIONS.add(PlanetOut, CosmicScene._on_planet_out)
REACTIONS.add(Placed, CosmicScene._on_placed)
REACTIONS.add(Banked, CosmicScene._on_banked)
REACTIONS.add(Returned, CosmicScene._on_returned)
REACTIONS.add(Bomb, CosmicScene._on_bomb)
REACTIONS.add(BombFoul, CosmicScene._on_bomb_foul)
REACTIONS.add(Shielded, CosmicScene._on_shielded)
REACTIONS.add(Played, CosmicScene._on_played)
REACTIONS.add(EscapePod, CosmicScene._on_escape_pod)
REACTIONS.add(Salvaged, CosmicScene._on_salvaged)
REACTIONS.add(Turn, CosmicScene._on_turn)
