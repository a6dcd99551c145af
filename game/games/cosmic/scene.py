"""Cosmic Kaboom on screen: the flow of a match. Whose decision it is, an AI's thinking and
showing, flicks and tosses played out frame by frame, the Space Bomb's moment, saves, the end.

`CosmicScene` runs a `CosmicMatch`. The seat that must decide (`match.to_act()`) is either a
human, whose device actions go to `commands.py` (`scene.commands`: the aims of `controls.py`, a
slingshot on the mouse, an aim and a power meter on keys or a pad, the bomb's hand, a planet's
ghost, the HUD's buttons, cards and chooser), or an AI, which thinks a few milliseconds a frame
(`CosmicAI.work`), then shows its aim for a moment before it flicks. A flick or toss is a
`CosmicWorld` stepped once per 1/60 s world frame by the scene's `FrameClock`; once every body
rests the match takes its outcome. Between decisions the match is plain data, so saves may
happen then; the scene autosaves at the start of each turn. `view.py` draws it all;
`effects.py` keeps the sounds, particles and the flight's shown crystals; `presenter.py` says
it (banner, notes, the bomb's result, the log, the rules' events); `previews.py` caches the
trajectory assist.
"""

from __future__ import annotations

import contextlib
import copy
import importlib
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.app.catalogue import MatchSetup
from game.app.clock import LOGIC_DT, MAX_FRAME_DT
from game.app.gamescene import GameScene
from game.app.input import ActionEvent
from game.games.cosmic import art, hud
from game.games.cosmic.commands import TableCommands
from game.games.cosmic.controls import Aims
from game.games.cosmic.data import CARDS_BY_ID
from game.games.cosmic.effects import CosmicEffects, bomb_effect
from game.games.cosmic.match import CosmicMatch, FlickInput, Input, TossInput
from game.games.cosmic.presenter import DRAFT_CURTAIN, RESULT_BEAT, RESULT_SECONDS, TablePresenter
from game.games.cosmic.previews import AimPreviews
from game.games.cosmic.rules import Keep, Phase, Play
from game.games.cosmic.savefmt import SAVE_VERSION
from game.games.cosmic.stage import AI_CHOICE_SECONDS, AI_SHOW_SECONDS, BOMB_SHOW_SECONDS, Stage
from game.games.cosmic.world import CosmicWorld, WorldEvent
from game.physics.stepper import FRAME_DT, FrameClock
from game.tabletop.curtain import PassCurtain

if TYPE_CHECKING:
    from game.app.app import App
    from game.games.cosmic.view import CosmicView

Point = tuple[float, float]

AI_BUDGET = 0.03 * LOGIC_DT
"""Seconds an AI may think per logic step, 3% of it: 0.25 ms at 120 steps a second, about
half a millisecond per 60 Hz frame. Frames never stall; a medium AI decides a flick in about a
second, a hard one in two or three, about as long as a person lining up a shot."""
END_AFTER_RESULT = 4.0
"""When the last Space Bomb ends the match, its explosion and result stay on the table this long
before the final score sheet covers it (also when it destroyed nothing and the match ended on
the round limit: a playtester never saw the match-ending bomb go off; at 2.5 s the next one
learnt which of his planets it took only from the score table)."""
MAX_FRAMES_PER_UPDATE = 8
"""World frames one logic step may run (a table sped up for tests and demos)."""


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
        self.steering: int | None = None
        """The human seat whose held keys or stick `frame` applies (set by each logic step)."""
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
        self.relative_mouse = False
        """Whether the mouse is read in relative mode now (`hold_pointer`)."""
        self.commands = TableCommands(self)
        """The acting human's mouse, keys or pad at the table, and what they aim or focus
        (commands.py)."""
        self.presenter = TablePresenter(self)
        """The table's words: banner, notes, the bomb's result, the log (presenter.py)."""
        self.peeked: int | None = None
        """On a couch, the seat whose cards are face up: it passed the curtain and is acting."""
        self.curtain: PassCurtain | None = None
        self.previews = AimPreviews(self.match)
        """The trajectory assist's lines and the open lanes, cached per aim (previews.py)."""
        #: A couch seat whose cards wait behind a curtain, asked for once the table has shown
        #: a bomb's result for a beat (the curtain came down over the explosion at once).
        self.curtain_due: int | None = None
        self.end_wait = 0.0
        """Seconds the table stays up after the match ended on a bomb (its result is read)."""
        self.bomb_went_off = False
        """The input just finished was a Space Bomb that went off (the end holds for it)."""
        self.bomb_shown = ""
        """What the last Space Bomb showed going off: "hit", "shield" or "miss"."""
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
        """Another screen covers the table: forget half a pull or charge (a keys aim stays as
        it was set)."""
        self.aims.let_go()
        self.hold_pointer()

    def exit(self) -> None:
        """The table is gone: the mouse is the system's again."""
        self.aims.cancel()
        self.hold_pointer()
        super().exit()

    def hold_pointer(self) -> None:
        """Relative mouse mode while a mouse pull is pinned at the window's edge
        (`Aims.pinned`), so the pull goes on past it by the mouse's own motion and a pull's
        power stays its length alone; off again (the cursor back) once it is let go of."""
        want = self.aims.pinned
        if want == self.relative_mouse:
            return
        self.relative_mouse = want
        with contextlib.suppress(pygame.error):  # (no window: the motion still counts)
            pygame.mouse.set_relative_mode(want)

    def identity_changed(self) -> None:
        """The ships wear their seat's colour and shape (the lobby's; again after the
        colour-blind palette is switched mid-match), and so do their Bases and panels: the
        table layer that keeps them is drawn again."""
        art.set_livery({f: (self.colours[i], self.shapes[i]) for i, f in enumerate(self.factions)})
        presenter = getattr(self, "presenter", None)  # the log's bullets too
        if presenter is not None:
            presenter.recolour_log()
        view = getattr(self, "view", None)  # the first call comes before the view exists
        if view is not None:
            view.forget_table_layer()

    def save_state(self) -> dict[str, Any] | None:
        """The match as it stands between decisions. Mid-flick (or with the bomb about to go
        off) it is the match with that flick or toss played out (`_landed`): a player who left
        while a ship was being destroyed found the turn rewound on Continue, the kill undone
        and the shot his to take again."""
        if self.match.over:
            return None
        if self.stage in (Stage.DECIDE, Stage.SHOW):
            self.safe_state = self.match.to_dict()
        landed = self._landed()
        if landed is not None:
            return {"version": SAVE_VERSION, "match": landed[0], "replay": landed[1]}
        return {"version": SAVE_VERSION, "match": self.safe_state,
                "replay": self.recorder.partial(self.safe_state) if self.recorder else None}

    def _landed(self) -> tuple[dict[str, Any], str | None] | None:
        """The flick or toss in play finished (on a copy: the table plays on untouched), and
        the replay up to it, or None when nothing is in play or the match would be over. The
        world is deterministic from the table it starts on, so the copy lands exactly where
        the screen's flight does."""
        inp = self.pending
        if self.stage not in (Stage.FLIGHT, Stage.BOMB_REST) or inp is None:
            return None
        done = CosmicMatch.from_dict(self.safe_state)
        if done.apply(inp) is not None or done.over:
            return None
        data = done.to_dict()
        replay_text: str | None = None
        if self.recorder is not None:
            rec = copy.deepcopy(self.recorder)
            rec.record(inp, done)
            replay_text = rec.partial(data)
        return data, replay_text

    def save_summary(self) -> str:
        """The saved match's line on the resume screen: the round and who leads with what (a
        tie reads as one: "level at 12")."""
        st = self.match.state
        return f"Round {st.round}, {self.voice.lead(st.scores())}"

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
            self.presenter.refuse(why)
            return False
        self.inputs.append(inp)
        self.commands.decided(inp)
        if isinstance(inp, (FlickInput, TossInput)):
            self.safe_state = self.match.to_dict()
            self.world = self.match.world_for(inp)
            self.pending = inp
            self.events_seen = []
            self.fx.new_flight()
            self.clock.reset()
            self.stage = Stage.FLIGHT
            self.stage_t = 0.0
            # the banner under a new flight speaks of it, not of the move before (a stranger
            # read "KABOOM! 1 planet destroyed", his own bomb's, under Ben's bomb in flight)
            self.presenter.notes = []
            if isinstance(inp, FlickInput):
                self.fx.launch(art.to_screen(*self.match.ship_at(inp.player)), inp.angle,
                               inp.power)
            else:
                self.fx.sound("bomb_toss", 0.9, art.to_screen(inp.x, inp.y)[0])
            return True
        got = self.match.apply(inp)
        if got is not None:
            self.presenter.refuse(got.reason)
            return False
        self._record(inp)
        if isinstance(inp, Keep):
            self.fx.sound("card_deal", 0.7)
        self.stage = Stage.DECIDE
        self.stage_t = 0.0
        self._after_rules()
        return True

    # -- the rules' events ----------------------------------------------------------------------

    def _after_rules(self) -> None:
        """Show what the rules just did (events since last time); the end; autosave."""
        st = self.match.state
        new = st.events[self.rules_seen:]
        self.rules_seen = len(st.events)
        turned = self.presenter.show(new)
        self.fx.flight_told()
        if turned:
            self.fx.end_turn()
        if turned and self.to_act is not None and self.is_human(self.to_act):
            # the turn passed to a person: their banner says what to do now, not what the seat
            # before did (a playtester read the last seat's note for 3 s; the log keeps it)
            self.presenter.notes = []
        if self.match.over:
            shown = self.presenter.result is not None or self.bomb_went_off
            if shown and self.stage == Stage.DECIDE and not self.demo:
                self.end_wait = END_AFTER_RESULT  # the sheet comes once the result is read
            else:
                self._enter_over()
        elif turned:
            self.safe_state = self.match.to_dict()
            self.autosave()
        self.bomb_went_off = False

    def planet_screen(self, planet: int) -> Point | None:
        """A planet on the canvas, if it lies in space."""
        got = self.match.table.planets.get(planet)
        return None if got is None else art.to_screen(*got)

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

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A raw event: a mouse move's own motion is kept for the pointer move it brings
        (`TableCommands.rel`: a pull pinned at the window's edge goes on by it)."""
        if event.type == pygame.MOUSEMOTION:
            rel = getattr(event, "rel", (0, 0))
            self.commands.rel = (float(rel[0]), float(rel[1]))
        return False

    def game_action(self, action: ActionEvent) -> bool:
        """A player's mouse, keys or pad at the table: routed by `commands` (commands.py)."""
        self.commands.track(action)
        if self.stage == Stage.OVER:
            self.hold_pointer()
            return False  # the match's end bar offers what comes next
        try:
            return self.commands.handle(action)
        finally:
            self.hold_pointer()

    # -- logic ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.steering = None
        if self.curtain is not None:
            return  # the screen is being passed: the table waits
        sdt = dt * self.time_scale
        self.stage_t += sdt
        self.fx.update(sdt)
        self.presenter.update(dt, sdt)
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
                        self.presenter.result is None
                        or self.presenter.result[2] <= RESULT_SECONDS - RESULT_BEAT):
                    self.curtain_due = None
                    self.request_curtain(seat, DRAFT_CURTAIN)
                    return
                if self.peeked == seat and self.couch() and self.aims.active:
                    self.peeked = None  # a pull or charge begun: the cards go face down
                self.steering = seat  # its held keys act in `frame`, on real time
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

    def frame(self, frame_dt: float) -> None:
        """Once per rendered frame: the acting human's held keys or stick turn the aim, ramp
        the power (W/S, up/down) and charge it by the frame's real time, not the logic clock,
        so they move at the same speed on a slow machine (whose frames outrun the 120 Hz
        catch-up and drop logic time) as on a fast one."""
        self.view.note_buttons(self.commands.buttons(), self.commands.mouse)
        self.hold_pointer()  # (a pull let go of by the table, not a press: a flight, a curtain)
        seat = self.steering
        if seat is None or self.stage != Stage.DECIDE or self.to_act != seat \
                or self.curtain is not None:
            return
        self.commands.steer(seat, min(max(frame_dt, 0.0), MAX_FRAME_DT))

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
            self.presenter.note(self.voice.says(seat, "is", "are", f" playing {d.name}"),
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
                self.fx.on_flight(ev, self.pending)
            self.fx.follow_ships(w)
            if w.at_rest:
                break
        if w.at_rest and not self.fx.busy:
            if isinstance(self.pending, TossInput) and not w.foul and w.bomb is not None:
                self.stage = Stage.BOMB_REST
                self.stage_t = 0.0
            else:
                self._finish_world()

    def _explode(self) -> None:
        """The resting bomb goes off: the rules first, then the effect for what it did
        (`bomb_effect`): the full explosion for a hit, a shield's bubble over the planets it
        saved, a grey puff and "MISS" for nothing (a miss used to look like a hit)."""
        w = self.world
        if w is None or w.bomb is None:
            self._finish_world()
            return
        at = art.to_screen(w.bomb.x, w.bomb.y)
        under = list(w.under_bomb())
        spots = {p: art.to_screen(*xy) for p, xy in w.table_after().planets.items()}
        owner = dict(self.match.state.owner)
        start = len(self.match.state.events)
        self.bomb_went_off = True
        self._finish_world()
        kind, shields = bomb_effect(self.match.state.events[start:])
        self.bomb_shown = kind
        if kind == "hit":
            self.fx.explode(at, art.px(44.0))
        elif kind == "shield":
            self.fx.shielded([spots[p] for p in under if p in spots and owner.get(p) in shields],
                             at)
        else:
            self.fx.fizzle(at, art.px(44.0))

    def _finish_world(self) -> None:
        w, inp = self.world, self.pending
        self.stage = Stage.DECIDE
        self.stage_t = 0.0
        if w is None or inp is None:
            return
        got = self.match.finish(inp, w)
        self.world = None
        self.pending = None
        if got is not None:
            self.presenter.refuse(got.reason)
        else:
            self._record(inp)
            if isinstance(inp, FlickInput):
                self.presenter.say_why_a_turn_ended(inp.player)
        self._after_rules()

    def _record(self, inp: Input) -> None:
        """An input the match accepted: into the replay."""
        if self.recorder is not None:
            self.recorder.record(inp, self.match)

    def seat_who(self, seat: int) -> str:
        """Under a seat's name: the AI's level or the human's device (who played it, when a
        replay is played back)."""
        return self.seat_label(seat).replace("AI - ", "AI · ")

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)


