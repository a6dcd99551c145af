"""Tower Kaboom on screen: the table, the turn, the judging and the scoreboard, for every seat.

`TowerScene` runs a match from `rules.py` turn by turn. Between turns it shows "Builder: <name>,
get ready"; the next builder starts the sand timer (an AI builder after a moment). During a turn
a `TurnController` (world.py) steps once per 1/60 s world frame, fed by the seats' controllers
(`controls.py`): the builder on the mouse or a cursor, saboteurs on keys, pads or the mouse, and
AIs. When the turn is judged, verdicts are stamped on the tiles, won tiles fly to the builder's
chip, new tiles drop in, and the scoreboard shows before the next builder. Saves happen between
turns only (a turn's physics is not part of a save).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.app.catalogue import MatchSetup
from game.app.gamescene import GameScene
from game.app.input import MOUSE, ActionEvent
from game.core.replay import store
from game.core.rng import derive_rng, derive_seed
from game.games.tower import art, hud
from game.games.tower.ai import BuilderAI, SaboteurAI
from game.games.tower.controls import (
    ROTATE_STEP,
    AIBuilderControl,
    AISaboteurControl,
    BuilderControl,
    CursorBuilderControl,
    MouseBuilderControl,
    MouseSaboteurControl,
    PadSaboteurControl,
    SaboteurControl,
    over_tray,
    rotate_held,
)
from game.games.tower.data import (
    CATAPULT_SLOTS,
    ROW_SLOTS,
    TABLE_Y,
    TILES,
    VIEW_H,
    VIEW_W,
)
from game.games.tower.options import ai_difficulty, options_from_setup
from game.games.tower.replay import TowerRecorder
from game.games.tower.rules import (
    MatchState,
    TileJudgement,
    TurnResult,
    new_match,
)
from game.games.tower.world import (
    BlockPlaced,
    BlockReturned,
    DieFired,
    DieHit,
    Impact,
    TileClosed,
    TimeUp,
    TowerWorld,
    TurnController,
    TurnOver,
    Where,
    WorldEvent,
    WorldSetup,
)
from game.physics.stepper import FRAME_DT
from game.ui import text, theme
from game.ui.draw import dim_layer
from game.ui.particles import Particles
from game.ui.tween import ease_in_out_cubic, ease_out_back, ease_out_cubic

if TYPE_CHECKING:
    from game.app.app import App

Point = tuple[float, float]
Colour = tuple[int, int, int]

SAVE_VERSION = 1
READY_AI_SECONDS = 2.5
"""An AI builder turns the sand timer after this long on the get-ready screen."""
SCORE_SECONDS = 6.0
"""The scoreboard moves on by itself after this long (any confirm moves on sooner)."""
FLIGHT_SECONDS = 0.8
DROP_SECONDS = 0.55
HINT_SECONDS = 7.0
"""Control hints show for this long at the start of a turn."""
FALL_DROP = 2
"""A tower that loses this many right blocks within `FALL_WINDOW` was knocked down: KABOOM!"""
FALL_WINDOW = 60
"""World frames (one second) over which a fall is measured."""
JUDGE_EVERY = 4
"""World frames between live verdicts (tile progress on the cards, falls, the ghost)."""


class Stage(StrEnum):
    """Where the scene is in the flow of turns."""

    READY = "ready"
    PLAY = "play"
    JUDGE = "judge"
    SCORE = "score"
    OVER = "over"


@dataclass
class Popup:
    """A short-lived comic word or number on the table (KABOOM!, +3, TIME!)."""

    word: str
    x: float
    y: float
    life: float
    size: int = 34
    colours: tuple[Colour, Colour] = (theme.SPARK, theme.FUSE)
    age: float = 0.0
    rot: float = 0.0


@dataclass
class JudgePlan:
    """The end-of-turn show: when each verdict appears, each won tile flies, new tiles drop."""

    reveals: list[tuple[float, TileJudgement]]
    flights: list[tuple[float, int, int]]
    """(start, slot, tile id) of each won tile flying to the builder's chip."""
    drops: list[tuple[float, int, int | None]]
    """(start, slot, new tile id or None) of each replacement."""
    mega_at: float | None
    end: float
    landed: set[int] = field(default_factory=set)
    fired: set[tuple[str, int]] = field(default_factory=set)


class TowerScene(GameScene):
    """A Tower Kaboom match on one screen: every seat plays at once, turn by turn."""

    scene_id = "tower"
    music = None

    def __init__(self, app: App, setup: MatchSetup, state: dict[str, Any] | None = None, *,
                 demo: bool = False) -> None:
        super().__init__(app, setup)
        self.demo = demo
        self.time_scale = 1.0
        """Game seconds per real second (tests and demos speed the table up)."""
        if state is not None:
            if state.get("version") != SAVE_VERSION:
                raise ValueError(f"unsupported tower scene save {state.get('version')!r}")
            self.match = MatchState.from_dict(state["match"])
            if self.match.players != len(setup.seats):
                raise ValueError("the save's players do not match its seats")
        else:
            self.match = new_match(options_from_setup(setup), setup.seed,
                                   [s.name for s in setup.seats])
        art.prewarm_blocks()
        art.prewarm_cards()
        hud.prewarm_text()
        dim_layer((round(VIEW_W), round(VIEW_H)), hud.DIM_ALPHA)
        self.colours: list[Colour] = [app.seat_colour(i, s.colour)
                                      for i, s in enumerate(setup.seats)]
        self.shapes = [theme.SEAT_SHAPES[i % len(theme.SEAT_SHAPES)]
                       for i in range(len(setup.seats))]
        for c in self.colours:
            art.prewarm_dice(c)
            hud.glow(c)
        self.stage = Stage.READY
        self.stage_t = 0.0
        self.turn: TurnController | None = None
        self.world: TowerWorld = self._preview_world()
        self.turn_row: list[int | None] = list(self.match.row)
        self.turn_builder = self.match.builder
        self.turn_round = self.match.round
        self.result: TurnResult | None = None
        self.plan: JudgePlan | None = None
        self.builder_ctl: BuilderControl | None = None
        self.sab_ctls: dict[int, SaboteurControl] = {}
        self.judgements: dict[int, TileJudgement] = {}
        self._recent: dict[int, list[tuple[int, int]]] = {}
        """Per slot, (world frame, tower progress) over the last second: falls show KABOOM."""
        self._last_kaboom: dict[int, int] = {}
        self.shown_scores: list[float] = [float(t) for t in self.match.totals()]
        self.shown_tiles: list[int] = [len(w) for w in self.match.won]
        self.dice_view: dict[int, int] = {}
        self.popups: list[Popup] = []
        self.fx_rng = derive_rng(setup.seed, "fx", 0)
        self.dust = Particles(220, seed=derive_seed(setup.seed, "fx", 1))
        self.splinters = Particles(140, seed=derive_seed(setup.seed, "fx", 2))
        self.confetti = Particles(260, seed=derive_seed(setup.seed, "fx", 3))
        for p in (self.dust, self.splinters, self.confetti):
            p.enabled = not app.reduced_motion
        self.shake = 0.0
        self.shake_off = (0, 0)
        self.mouse_pos: Point = (640.0, 360.0)
        self._acc = 0.0
        self._frames = 0
        self._last_tick = 0
        self._path_cache: dict[int, tuple[tuple[float, float], list[Point]]] = {}
        self._flying_cards: dict[tuple[int, int], pygame.Surface] = {}
        self.safe_state: dict[str, Any] = self.match.to_dict()
        self.recorder = None if demo else TowerRecorder.start(setup.to_dict(), self.match, state)
        self.replay_path: Path | None = None  # where the finished match's replay went
        if self.match.is_over:
            self.stage = Stage.OVER
        self.collected: set[int] = set()
        """Blocks that left with a won tile (not drawn until the next turn's table)."""
        self._layer: pygame.Surface | None = None
        self._layer_cats: tuple[tuple[int, int], ...] = ()
        self._layer_key: tuple[tuple[Any, ...], ...] | None = None
        self.events_seen: list[WorldEvent] = []
        """Every world event of the current turn (tests and the closing note read them)."""

    # -- lifecycle --------------------------------------------------------------------------

    def enter(self) -> None:
        if self.stage == Stage.READY:
            self.autosave()

    def pause(self) -> None:
        """Another screen covers the table: let go of the mouse's block, forget half a pull."""
        pygame.mouse.set_visible(True)
        if self.turn is not None and self.stage == Stage.PLAY:
            if isinstance(self.builder_ctl, MouseBuilderControl):
                self.builder_ctl.drop(self.turn)
            for ctl in self.sab_ctls.values():
                ctl.cancel()

    def exit(self) -> None:
        pygame.mouse.set_visible(True)

    def resume(self) -> None:
        self._cursor()

    def _cursor(self) -> None:
        """Hide the system pointer while the mouse is the builder's hand (the glove shows)."""
        hide = self.stage == Stage.PLAY and isinstance(self.builder_ctl, MouseBuilderControl)
        if pygame.mouse.get_visible() == hide:
            pygame.mouse.set_visible(not hide)

    def save_state(self) -> dict[str, Any] | None:
        """The match as it was at the start of this turn (saves happen between turns)."""
        if self.match.is_over:
            return None
        return {"version": SAVE_VERSION, "match": self.safe_state,
                "replay": self.recorder.partial(self.safe_state) if self.recorder else None}

    def save_summary(self) -> str:
        m = self.match
        totals = m.totals()
        best = max(range(len(totals)), key=lambda i: (totals[i], -i))
        return (f"Round {m.round} of {m.options.rounds}, {m.names[best]} leads with "
                f"{totals[best]}")

    def replace_device(self, old: str, new: str | None) -> None:
        """A seat changes hands (a pad unplugged): rebuild its controller mid-turn if need be."""
        super().replace_device(old, new)
        self._sync_controls()

    # -- helpers ----------------------------------------------------------------------------

    def _preview_world(self) -> TowerWorld:
        """A table for between turns: blocks in the tray, this turn's catapults at rest."""
        m = self.match
        sabs = tuple(m.saboteurs()) if not m.is_over else ()
        return TowerWorld(WorldSetup(tuple(m.row), sabs, 0))

    def _sound(self, name: str, volume: float = 1.0, x: float | None = None) -> None:
        pan = 0.0 if x is None else max(-1.0, min(1.0, (x - VIEW_W / 2) / (VIEW_W / 2)))
        self.app.sound.play(name, volume, pan)

    def confirm_word(self, device: str) -> str:
        """How a device says "go": Click, Press SPACE, Press A."""
        word = self.app.input.word_for(device, "confirm")
        return word.capitalize() if device == MOUSE else f"Press {word}"

    def builder_hint(self, device: str) -> list[str]:
        """The builder's controls, for the device they play on."""
        if device == MOUSE:
            return ["Drag blocks from the tray onto the tiles",
                    "Wheel or right click turns the held block · let go over the tray to put back"]
        k = self.app.input.word_for
        hand = ("Stick moves" if device.startswith("pad")
                else f"{k(device, 'move').replace(' ', '')} move")
        return [f"{hand} the hand · {k(device, 'confirm')} grabs and lets go",
                f"{k(device, 'rotate_left')} / {k(device, 'rotate_right')} turn · "
                f"{k(device, 'secondary')} turns 90°"]

    def saboteur_hint(self, device: str) -> str:
        """A saboteur's controls, for the device they play on."""
        if device == MOUSE:
            return "Pull back from your catapult and let go"
        k = self.app.input.word_for
        if device.startswith("pad"):
            return f"Stick: up/down aim, toward the tiles for power · {k(device, 'primary')} fires"
        return (f"{k(device, 'up')}/{k(device, 'down')} aim · {k(device, 'left')}/"
                f"{k(device, 'right')} power · {k(device, 'primary')} fires")

    def dice_display(self) -> dict[int, tuple[int, int]]:
        """What the HUD shows per saboteur: (dice left, dice per saboteur)."""
        per = self.match.dice_per_saboteur()
        if self.stage == Stage.PLAY:
            return {s: (self.match.dice_left.get(s, 0), per) for s in self.match.saboteurs()}
        if self.stage == Stage.READY:
            return {s: (per, per) for s in self.match.saboteurs()}
        return {s: (n, per) for s, n in self.dice_view.items()}

    # -- controllers --------------------------------------------------------------------------

    def _builder_for(self, seat: int) -> BuilderControl:
        s = self.seats[seat]
        if s.is_ai:
            ai = BuilderAI(ai_difficulty(s.difficulty), self.match.ai_seed(seat))
            return AIBuilderControl(seat, "ai", "", ai)
        if s.device == MOUSE:
            return MouseBuilderControl(seat, "mouse", MOUSE, pos=self.mouse_pos)
        return CursorBuilderControl(seat, "cursor", s.device, pos=(640.0, 560.0))

    def _saboteur_for(self, seat: int) -> SaboteurControl:
        s = self.seats[seat]
        if s.is_ai:
            ai = SaboteurAI(seat, ai_difficulty(s.difficulty), self.match.ai_seed(seat))
            return AISaboteurControl(seat, "ai", "", ai=ai)
        if s.device == MOUSE:
            return MouseSaboteurControl(seat, "mouse", MOUSE)
        cat = self.world.catapults[seat]
        return PadSaboteurControl(seat, "pad", s.device, elevation=cat.aim_angle,
                                  power=cat.aim_power)

    @staticmethod
    def _wanted(is_ai: bool, device: str) -> tuple[str, str]:
        if is_ai:
            return ("ai", "")
        return ("mouse", MOUSE) if device == MOUSE else ("cursor", device)

    def _make_controls(self) -> None:
        self.builder_ctl = self._builder_for(self.match.builder)
        self.sab_ctls = {s: self._saboteur_for(s) for s in self.match.saboteurs()}

    def _sync_controls(self) -> None:
        """Controllers that no longer match their seat (kind or device) are replaced."""
        if self.turn is None or self.stage != Stage.PLAY:
            return
        b = self.builder_ctl
        seat = self.match.builder
        s = self.seats[seat]
        want = self._wanted(s.is_ai, s.device)
        if b is None or (b.kind, b.device) != want:
            if b is not None:
                b.drop(self.turn)
            self.builder_ctl = self._builder_for(seat)
        for seat, ctl in list(self.sab_ctls.items()):
            s = self.seats[seat]
            kind = "ai" if s.is_ai else "mouse" if s.device == MOUSE else "pad"
            if (ctl.kind, ctl.device) != (kind, "" if s.is_ai else s.device):
                ctl.cancel()
                self.sab_ctls[seat] = self._saboteur_for(seat)

    # -- stages -------------------------------------------------------------------------------

    def start_turn(self) -> None:
        """The builder turns the sand timer: build the turn's table and its controllers."""
        if self.stage != Stage.READY or self.match.is_over:
            return
        self.turn_row = list(self.match.row)
        self.turn_round = self.match.round
        self.collected = set()
        self.turn = TurnController(self.match)
        self.turn.recorder = self.recorder
        self.world = self.turn.world
        self.turn_builder = self.match.builder
        self._acc = 0.0
        self._frames = 0
        self.events_seen = []
        self.judgements = {}
        self._recent = {}
        self._last_kaboom = {}
        self._refresh_judgements()
        self._make_controls()
        self.stage = Stage.PLAY
        self.stage_t = 0.0
        self._last_tick = math.ceil(self.match.time_left)
        self.dice_view = dict(self.match.dice_left)
        self._path_cache = {}
        self._sound("wood_place", 0.8)
        self._sound("timer_tick", 0.6)

    def _enter_judge(self, result: TurnResult) -> None:
        self.result = result
        self.stage = Stage.JUDGE
        self.stage_t = 0.0
        self.judgements = {}
        js = sorted(result.judgements, key=lambda j: j.slot)
        shown = [j for j in js if j.progress or j.extra or j.scored]
        t = 0.5
        reveals: list[tuple[float, TileJudgement]] = []
        mega_at: float | None = None
        for j in shown:
            reveals.append((t, j))
            if j.scored and TILES[j.tile_id].mega:
                mega_at = t
            t += 0.5
        t += 0.2
        flights: list[tuple[float, int, int]] = []
        for j in js:
            if j.scored and not TILES[j.tile_id].mega:
                flights.append((t, j.slot, j.tile_id))
                t += 0.22
        flights_end = flights[-1][0] + FLIGHT_SECONDS if flights else t
        drops = [(flights_end + 0.1 + 0.12 * i, slot, new)
                 for i, (slot, new) in enumerate(sorted(result.replaced.items()))]
        end = max(flights_end, drops[-1][0] + DROP_SECONDS if drops else 0.0) + 0.8
        if mega_at is not None:
            end = max(end, mega_at + 3.4)
        if not shown:
            end = 1.8
            self.popups.append(Popup("No towers!", 640, 300, 1.6, 30,
                                     (theme.CREAM, theme.LINE)))
        self.plan = JudgePlan(reveals, flights, drops, mega_at, end)

    def _enter_score(self) -> None:
        self.stage = Stage.SCORE
        self.stage_t = 0.0
        self.shown_scores = [float(t) for t in self.match.totals()]
        self.shown_tiles = [len(w) for w in self.match.won]
        if self.match.turn % self.match.players == 0:
            self._sound("round_end", 0.8)

    def _enter_ready(self) -> None:
        self.stage = Stage.READY
        self.stage_t = 0.0
        self.turn = None
        self.builder_ctl = None
        self.sab_ctls = {}
        self.result = None
        self.plan = None
        self.judgements = {}
        self.world = self._preview_world()
        self.collected = set()
        self.turn_row = list(self.match.row)
        self.turn_builder = self.match.builder
        self.shown_scores = [float(t) for t in self.match.totals()]
        self.safe_state = self.match.to_dict()
        self.autosave()

    def _enter_over(self) -> None:
        self.stage = Stage.OVER
        self.stage_t = 0.0
        self.shown_scores = [float(t) for t in self.match.totals()]
        self.shown_tiles = [len(w) for w in self.match.won]
        self._sound("game_win", 1.0)
        if self.recorder is not None:
            self.replay_path = store(self.recorder.finish(self.match))
        self.finish([float(t) for t in self.match.totals()], self.match.winners())

    def advance(self) -> None:
        """Move on from the current between-turns screen (what confirm does)."""
        if self.stage == Stage.READY:
            self.start_turn()
        elif self.stage == Stage.JUDGE and self.plan is not None:
            self._judge_tick(self.stage_t, self.plan.end + 1.0)
            self.stage_t = self.plan.end
        elif self.stage == Stage.SCORE:
            self._enter_ready()

    # -- input --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        et = event.type
        if et in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse_pos = (float(event.pos[0]), float(event.pos[1]))
        if self.stage != Stage.PLAY or self.turn is None or not self.turn.building:
            return False
        turn = self.turn
        b = self.builder_ctl
        if isinstance(b, MouseBuilderControl):
            if et == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
                b.press(turn, self.mouse_pos, event.button)
                return True
            if et == pygame.MOUSEMOTION:
                b.motion(turn, self.mouse_pos)
                return True
            if et == pygame.MOUSEBUTTONUP and event.button in (1, 3):
                b.lift(turn, self.mouse_pos, event.button)
                return True
            if et == pygame.MOUSEWHEEL and event.y:
                b.wheel(turn, 1 if event.y > 0 else -1)
                return True
            return False
        for ctl in self.sab_ctls.values():
            if isinstance(ctl, MouseSaboteurControl):
                if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
                    return ctl.press(turn, self.mouse_pos)
                if et == pygame.MOUSEMOTION:
                    ctl.motion(turn, self.mouse_pos)
                    return ctl.pulling
                if et == pygame.MOUSEBUTTONUP and event.button == 1:
                    ctl.lift(turn, self.mouse_pos)
                    return True
        return False

    def game_action(self, action: ActionEvent) -> bool:
        if not action.pressed:
            return False
        if self.stage == Stage.OVER and action.is_("secondary") and self.replay_path is not None:
            from game.app.menus.replays import open_replay

            return open_replay(self.app, self.replay_path)  # watch the match again
        seats = self.seat_of(action.device)
        if not seats:
            return self._spare_keys(action)
        go = action.is_("confirm", "primary")
        if self.stage == Stage.READY:
            builder = self.seats[self.match.builder]
            if go and not builder.is_ai and builder.device == action.device:
                self.start_turn()
                return True
            return False
        if self.stage == Stage.PLAY:
            return self._play_action(action, seats)
        if self.stage in (Stage.JUDGE, Stage.SCORE) and go:
            self.advance()
            return True
        if self.stage == Stage.OVER and go and self.stage_t > 0.8:
            self.quit_to_menu()
            return True
        return False

    def _spare_keys(self, action: ActionEvent) -> bool:
        """A keyboard set nobody plays on turns the mouse builder's block (Q / E by default)."""
        b = self.builder_ctl
        if (self.stage != Stage.PLAY or self.turn is None or action.device == MOUSE
                or action.device in self.devices_in_use()
                or not isinstance(b, MouseBuilderControl)):
            return False
        if action.is_("rotate_left"):
            return rotate_held(self.turn, -ROTATE_STEP)
        if action.is_("rotate_right"):
            return rotate_held(self.turn, ROTATE_STEP)
        return False

    def _play_action(self, action: ActionEvent, seats: list[int]) -> bool:
        turn = self.turn
        if turn is None or not turn.building:
            return False
        for seat in seats:
            b = self.builder_ctl
            if seat == self.match.builder and isinstance(b, CursorBuilderControl):
                return b.action(turn, action.action)
            ctl = self.sab_ctls.get(seat)
            if isinstance(ctl, PadSaboteurControl) and action.is_("primary", "confirm"):
                ctl.fire(turn)
                return True
        return False

    # -- logic --------------------------------------------------------------------------------

    def frame(self, frame_dt: float) -> None:
        if self.app.stack.top is self:
            self._cursor()

    def update(self, dt: float) -> None:
        sdt = dt * self.time_scale
        self.stage_t += sdt
        self._update_fx(sdt)
        if self.stage == Stage.READY:
            if self.seats[self.match.builder].is_ai and self.stage_t >= READY_AI_SECONDS:
                self.start_turn()
        elif self.stage == Stage.PLAY:
            self._update_play(dt, sdt)
        elif self.stage == Stage.JUDGE and self.plan is not None:
            if self.stage_t - sdt < 0.25 <= self.stage_t:
                # Drawn now, before the verdicts come in, so the board slides in smoothly.
                hud.board_panel(self._board_info(self.match.is_over))
            self._judge_tick(self.stage_t - sdt, self.stage_t)
            if self.stage_t >= self.plan.end:
                if self.match.is_over:
                    self._enter_over()
                else:
                    self._enter_score()
        elif self.stage == Stage.SCORE:
            if self.stage_t - sdt < 1.0 <= self.stage_t:
                hud.ready_panel(self._ready_info())  # drawn now, while nothing moves
            if self.stage_t >= SCORE_SECONDS:
                self._enter_ready()
        elif self.stage == Stage.OVER and self.stage_t < 6.0 and self.confetti.enabled \
                and self.fx_rng.random() < 0.5:
            col = self.fx_rng.choice((theme.SPARK, theme.FUSE, theme.MINT, theme.SKY, theme.BLAST))
            self.confetti.emit(self.fx_rng.uniform(100, 1180), -10, 3, col, speed=120,
                               angle=math.pi / 2, spread=1.2, life=3.0, size=4, gravity=180,
                               drag=0.6)

    def _update_play(self, dt: float, sdt: float) -> None:
        turn = self.turn
        assert turn is not None
        if turn.building:
            b = self.builder_ctl
            if b is not None and b.device and b.device != MOUSE:
                b.update(turn, dt, self.app.input.axis(b.device))
            for ctl in self.sab_ctls.values():
                axis = (0.0, 0.0)
                if ctl.device and ctl.device != MOUSE:
                    axis = self.app.input.axis(ctl.device)
                ctl.update(turn, dt, axis)
        self._acc += sdt
        while self._acc >= FRAME_DT - 1e-9 and self.stage == Stage.PLAY:
            self._acc -= FRAME_DT
            self._world_frame()

    def _world_frame(self) -> None:
        turn = self.turn
        assert turn is not None
        if self._frames % JUDGE_EVERY == 0:
            # Before the AIs act: their own look at the table this frame reuses this view.
            self._refresh_judgements()
        if turn.building:
            if self.builder_ctl is not None:
                self.builder_ctl.frame(turn)
            for ctl in self.sab_ctls.values():
                ctl.frame(turn)
        turn.step()
        self._frames += 1
        if turn.building:
            self.dice_view = dict(self.match.dice_left)
            secs = math.ceil(self.match.time_left)
            if secs < self._last_tick:
                self._last_tick = secs
                if 0 < secs <= 5:
                    self._sound("timer_tick", 0.9)
        events = turn.pop_events()
        for ev in events:
            self.events_seen.append(ev)
            self._on_event(ev)

    def _refresh_judgements(self) -> None:
        turn = self.turn
        if turn is None or turn.done:
            return
        new = {j.slot: j for j in turn.judgements()}
        frame = self._frames
        for slot, j in new.items():
            recent = [(f, p) for f, p in self._recent.get(slot, []) if frame - f <= FALL_WINDOW]
            peak = max((p for _, p in recent), default=0)
            quiet = frame - self._last_kaboom.get(slot, -10_000) > 2 * FALL_WINDOW
            before = self.judgements.get(slot)
            by_hand = before is not None and turn.world.held_block in before.stack
            if peak - j.progress >= FALL_DROP and quiet and not by_hand:
                self._last_kaboom[slot] = frame
                self._kaboom(slot)
                recent = []
            recent.append((frame, j.progress))
            self._recent[slot] = recent
        self.judgements = new

    def _kaboom(self, slot: int) -> None:
        r = art.card_rect(slot)
        x = r.centerx + self.fx_rng.uniform(-10, 10)
        self.popups.append(Popup("KABOOM!", x, 440, 1.1, 26, (theme.SPARK, theme.BLAST),
                                 rot=self.fx_rng.uniform(-0.3, 0.3)))
        self._sound("kaboom", 0.9, x)
        self._sound("tower_fall", 0.8, x)
        self._add_shake(7.0)

    def _add_shake(self, amount: float) -> None:
        if not self.app.reduced_motion:
            self.shake = min(10.0, self.shake + amount)

    def _on_event(self, ev: WorldEvent) -> None:
        if isinstance(ev, Impact):
            # Strengths run from IMPACT_MIN (2000) to about 25000 for a tall piece hitting the
            # table; a die on a block is typically 3000-7000.
            s = ev.strength
            loud = min(1.0, max(0.25, (s - 1000.0) / 8000.0))
            has_die = "die" in ev.kinds
            if has_die and "block" in ev.kinds:
                self._sound("die_hit", loud, ev.x)
            elif s > 6000.0:
                self._sound("wood_hit_hard", loud, ev.x)
            else:
                self._sound("wood_hit_soft", loud, ev.x)
            n = min(10, 2 + int(s / 2500.0))
            self.dust.emit(ev.x, ev.y, n, (190, 168, 140), speed=90, life=0.7, size=3.5,
                           gravity=-30, drag=3.0)
            if s > 8000.0:
                self._add_shake(min(5.0, s / 6000.0))
            if has_die and s > 4000.0:
                self._splinters(ev.x, ev.y, 6)
        elif isinstance(ev, DieFired):
            self._sound("catapult_fire", 0.9, ev.x)
            self.dust.emit(ev.x, ev.y + 8, 5, (200, 180, 150), speed=60, life=0.5, size=3,
                           gravity=-20, drag=3.0)
        elif isinstance(ev, DieHit):
            if ev.direct:
                x, y, _ = self.world.block_pose(ev.block_id)
                self._splinters(x, y, 8)
                self._add_shake(3.0)
        elif isinstance(ev, BlockPlaced):
            x, y, _ = self.world.block_pose(ev.block_id)
            self._sound("wood_place", 0.5, x)
        elif isinstance(ev, BlockReturned):
            if ev.reason == "tray":
                self._sound("wood_place", 0.35)
        elif isinstance(ev, TileClosed):
            r = art.card_rect(ev.slot)
            self.popups.append(Popup("CLOSED", r.centerx, 470, 1.0, 22,
                                     (theme.CREAM, theme.BLAST)))
            self._sound("penalty", 0.8, r.centerx)
        elif isinstance(ev, TimeUp):
            self.popups.append(Popup("TIME!", 640, 300, 1.3, 44, (theme.SPARK, theme.BLAST)))
            self._sound("timer_end", 1.0)
            if self.builder_ctl is not None and self.turn is not None:
                self.builder_ctl.frame(self.turn)  # the hand let go: it notices
        elif isinstance(ev, TurnOver):
            self._enter_judge(ev.result)

    def _splinters(self, x: float, y: float, n: int) -> None:
        for col in ((214, 160, 96), (150, 98, 52)):
            self.splinters.emit(x, y, n // 2, col, speed=260, life=0.8, size=2.6, gravity=900,
                                drag=1.0)

    def _update_fx(self, sdt: float) -> None:
        for p in (self.dust, self.splinters, self.confetti):
            p.update(sdt)
        for pop in self.popups:
            pop.age += sdt
        self.popups = [p for p in self.popups if p.age < p.life]
        if self.shake > 0.05:
            self.shake *= math.exp(-10.0 * sdt)
            a = self.shake
            self.shake_off = (round(self.fx_rng.uniform(-a, a)), round(self.fx_rng.uniform(-a, a)))
        else:
            self.shake = 0.0
            self.shake_off = (0, 0)

    # -- judging show ------------------------------------------------------------------------

    def _chip_centre(self, seat: int) -> Point:
        r = hud.chip_rects(len(self.seats))[seat]
        return (float(r.centerx), float(r.centery))

    def _judge_tick(self, t0: float, t1: float) -> None:
        plan = self.plan
        if plan is None:
            return
        for t, j in plan.reveals:
            if t0 < t <= t1 and ("reveal", j.slot) not in plan.fired:
                plan.fired.add(("reveal", j.slot))
                r = art.card_rect(j.slot)
                if j.scored:
                    self._sound("score", 0.7, r.centerx)
                    self.dust.emit(r.centerx, r.y + 60, 10, theme.MINT, speed=160, life=0.6,
                                   size=3, gravity=200)
                else:
                    self._sound("wood_hit_soft", 0.6, r.centerx)
        if plan.mega_at is not None and t0 < plan.mega_at <= t1:
            self._sound("kaboom", 1.0)
            self._add_shake(8.0)
            for _ in range(6):
                self.confetti.emit(640, 320, 14, self.fx_rng.choice(
                    (theme.SPARK, theme.FUSE, theme.MINT, theme.SKY)), speed=520, life=2.2,
                    size=4, gravity=420, drag=0.8)
        for start, slot, tid in plan.flights:
            if t0 < start <= t1:
                self._sound("wood_place", 0.6, art.card_rect(slot).centerx)
                self._collect(slot)
            land = start + FLIGHT_SECONDS
            if land <= t1 and slot not in plan.landed:
                plan.landed.add(slot)
                b = self.turn_builder
                self.shown_scores[b] += TILES[tid].points
                self.shown_tiles[b] += 1
                cx, cy = self._chip_centre(b)
                self._sound("score", 0.9, cx)
                self.popups.append(Popup(f"+{TILES[tid].points}", cx, cy + 54, 1.0, 24,
                                         (theme.MINT, theme.INK_3)))
                self.confetti.emit(cx, cy + 20, 12, theme.SPARK, speed=200, life=0.7, size=3,
                                   gravity=300)
        for start, slot, _ in plan.drops:
            if t0 < start <= t1:
                self._sound("card_slide", 0.6, art.card_rect(slot).centerx)

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ox, oy = self.shake_off
        surface.blit(self._table_layer(), (ox - art.MARGIN, oy - art.MARGIN))
        self._draw_tiles(surface, ox, oy)
        self._draw_catapults(surface, ox, oy)
        self._draw_ghost(surface, ox, oy)
        self._draw_bodies(surface, ox, oy)
        self._draw_hand(surface, ox, oy)
        self.dust.draw(surface, (ox, oy))
        self.splinters.draw(surface, (ox, oy))
        self._draw_aims(surface, ox, oy)
        self._draw_popups(surface, ox, oy)
        if self.stage == Stage.READY:
            self._draw_ready(surface)
        elif self.stage == Stage.SCORE:
            self._draw_board(surface, final=False)
        elif self.stage == Stage.OVER:
            self._draw_board(surface, final=True)
        self._draw_hud(surface)
        if self.stage == Stage.JUDGE:
            self._draw_judge(surface)
        self.confetti.draw(surface)

    def _slot_view(self, slot: int) -> tuple[int | None, float, int, bool]:
        """What a slot shows now: tile id, card drop offset, lit pieces, complete glow."""
        if self.stage == Stage.READY:
            return self.match.row[slot], 0.0, 0, False
        if self.stage == Stage.PLAY:
            j = self.judgements.get(slot)
            if j is None:
                return self.turn_row[slot], 0.0, 0, False
            return self.turn_row[slot], 0.0, j.progress, j.scored
        result = self.result
        verdicts = {j.slot: j for j in result.judgements} if result is not None else {}
        plan = self.plan
        if self.stage == Stage.JUDGE and plan is not None:
            t = self.stage_t
            for start, s, new in plan.drops:
                if s == slot and t >= start:
                    p = min(1.0, (t - start) / DROP_SECONDS)
                    return new, -(1.0 - ease_out_back(p)) * 300.0, 0, False
            for start, s, _ in plan.flights:
                if s == slot and t >= start:
                    return None, 0.0, 0, False
        elif self.match.row[slot] != self.turn_row[slot]:
            return self.match.row[slot], 0.0, 0, False
        j = verdicts.get(slot)
        tid = self.turn_row[slot]
        if j is None:
            return tid, 0.0, 0, False
        return tid, 0.0, j.progress, j.scored

    def _layer_slots(self) -> tuple[tuple[Any, ...], ...]:
        """Per slot, what the table layer shows: (card tile, lit pieces, glow, closed, slab)."""
        closed = self.match.closed if self.stage == Stage.PLAY else {}
        out: list[tuple[Any, ...]] = []
        for slot in range(ROW_SLOTS):
            tid, dy, progress, complete = self._slot_view(slot)
            if dy != 0.0:
                out.append((None, 0, False, False, None))  # dropping in: drawn live
            else:
                out.append((tid, progress, complete, slot in closed, tid))
        return tuple(out)

    def _table_layer(self) -> pygame.Surface:
        """Background, tiles (slabs and cards) and catapult frames in one surface (MARGIN all
        round, for shake). Rebuilt only when something on it changes, so a frame draws the
        whole still table with a single blit."""
        m = art.MARGIN
        cats = tuple(sorted((seat, c.slot_index) for seat, c in self.world.catapults.items()))
        slots = self._layer_slots()
        layer = self._layer
        if layer is None or self._layer_cats != cats:
            if layer is None:
                layer = art.background().copy()
            else:
                layer.blit(art.background(), (0, 0))
            for seat, index in cats:
                cat = CATAPULT_SLOTS[index]
                colour = self.colours[seat]
                base, (px, py) = art.catapult_base(cat.facing, colour, self.shapes[seat])
                layer.blit(art.contact_shadow(60), (round(cat.x) - 37 + m,
                                                    round(TABLE_Y) - 5 + m))
                layer.blit(base, (round(cat.pivot[0]) - px + m, round(cat.pivot[1]) - py + m))
            self._layer, self._layer_cats, self._layer_key = layer, cats, None
        if self._layer_key != slots:
            bg = art.background()
            for area in (art.CARD_STRIP, art.SLAB_STRIP):
                a = area.move(m, m)
                layer.blit(bg, a, a)
            for slot, (tid, progress, complete, closed, slab) in enumerate(slots):
                r = art.card_rect(slot).move(m, m)
                if slab is not None:
                    layer.blit(art.tile_slab(slab, r.w), (r.x, round(TABLE_Y) - 12 + m))
                if tid is None:
                    continue
                art.draw_card(layer, tid, r, progress, complete)
                if closed:
                    stamp = art.closed_stamp()
                    layer.blit(stamp, stamp.get_rect(center=(r.centerx, r.centery + 10)))
            self._layer_key = slots
        return layer

    def _draw_tiles(self, surface: pygame.Surface, ox: int, oy: int) -> None:
        """Cards dropping in after a win (everything else on the wall is in the table layer)."""
        if self.stage != Stage.JUDGE:
            return
        for slot in range(ROW_SLOTS):
            tid, dy, progress, complete = self._slot_view(slot)
            if tid is not None and dy != 0.0:
                r = art.card_rect(slot)
                art.draw_card(surface, tid, r.move(ox, oy + round(dy)), progress, complete)

    def _draw_catapults(self, surface: pygame.Surface, ox: int, oy: int) -> None:
        """The catapults' swinging arms and the die waiting in each cup."""
        dice = self.dice_display()
        loaded = self.stage in (Stage.PLAY, Stage.READY)
        for cv in self.world.catapult_views():
            pvx, pvy = cv.pivot[0] + ox, cv.pivot[1] + oy
            a = cv.arm_angle
            dx, dy = -cv.facing * math.sin(a), -math.cos(a)
            tip = (pvx + dx * cv.arm_length, pvy + dy * cv.arm_length)
            art.draw_arm(surface, (pvx, pvy), tip)
            left, _ = dice.get(cv.seat, (0, 0))
            if loaded and cv.ready and left > 0:
                die = art.die_sprite(self.colours[cv.seat], 5, a * cv.facing)
                surface.blit(die, die.get_rect(center=(round(tip[0] + dx * 4),
                                                       round(tip[1] + dy * 4))))

    def _draw_ghost(self, surface: pygame.Surface, ox: int, oy: int) -> None:
        turn = self.turn
        b = self.builder_ctl
        if turn is None or not turn.building or b is None or b.kind == "ai":
            return
        hand = b.hand
        if hand is None or hand[1] > TABLE_Y:
            return
        slot = TowerWorld.slot_at(hand[0])
        if slot is None:
            return
        ghost = turn.ghost(slot)
        if ghost is None:
            return
        key, x, y, a = ghost
        sprite = art.ghost_sprite(key, a, 130)
        surface.blit(sprite, sprite.get_rect(center=(round(x) + ox, round(y) + oy)))

    def _draw_bodies(self, surface: pygame.Surface, ox: int, oy: int) -> None:
        """Blocks (tray ones too) and dice, with soft shadows under what stands on the table."""
        alpha = min(1.0, self._acc / FRAME_DT) if self.stage == Stage.PLAY else 1.0
        dice = self.world.dice
        near = TABLE_Y - 60.0
        floor_y = round(TABLE_Y) - 5 + oy
        shadows: list[tuple[pygame.Surface, tuple[int, int]]] = []
        sprites: list[tuple[pygame.Surface, tuple[int, int]]] = []
        collected = self.collected
        for p in self.world.poses(alpha):
            if p.kind == "block":
                if p.ident in collected:
                    continue
                if p.where == "lift":
                    sprite = art.ghost_sprite(p.shape, p.angle, 170)
                else:
                    sprite = art.block_sprite(p.shape, p.angle)
                    if p.y > near and p.where != "tray":
                        sh = art.contact_shadow(min(96, sprite.get_width() & ~3))
                        shadows.append((sh, (round(p.x) - (sh.get_width() >> 1) + ox, floor_y)))
            else:
                die = dice.get(p.ident)
                colour = self.colours[die.seat] if die is not None else theme.CREAM
                sprite = art.die_sprite(colour, art.die_face(p.ident), p.angle)
            w, h = sprite.get_size()
            sprites.append((sprite, (round(p.x - w / 2) + ox, round(p.y - h / 2) + oy)))
        surface.blits(shadows, False)
        surface.blits(sprites, False)

    def _draw_hand(self, surface: pygame.Surface, ox: int, oy: int) -> None:
        b = self.builder_ctl
        if self.stage != Stage.PLAY or b is None or self.turn is None:
            return
        hand = b.hand
        if hand is None:
            return
        colour = self.colours[b.seat]
        held = self.world.held_block
        hx, hy = hand[0] + ox, hand[1] + oy
        if held is not None and b.holding and self.world.block_where(held) == Where.HELD:
            x, y, a = self.world.block_pose(held)
            ax, ay = self.world.hand.anchor if self.world.hand.attached is not None else (0, 0)
            c, s = math.cos(a), math.sin(a)
            anchor = (x + ax * c - ay * s + ox, y + ax * s + ay * c + oy)
            if math.dist(anchor, (hx, hy)) > 4:
                pygame.draw.line(surface, colour, anchor, (hx, hy), 2)
            if b.kind != "ai" and over_tray(hand):
                tray = art.TRAY_RECT.inflate(12, 12).move(ox, oy)
                pygame.draw.rect(surface, theme.SPARK, tray, 3, border_radius=12)
        sprite = art.hand_sprite(colour, b.holding)
        surface.blit(sprite, (round(hx) - 20, round(hy) - 22))

    def _draw_aims(self, surface: pygame.Surface, ox: int, oy: int) -> None:
        turn = self.turn
        if self.stage != Stage.PLAY or turn is None or not turn.building:
            return
        assist = self.app.settings.assists.trajectory_preview
        for seat, ctl in self.sab_ctls.items():
            if not ctl.human or seat not in self.world.catapults:
                continue
            cat = self.world.catapults[seat]
            colour = self.colours[seat]
            lx, ly = cat.slot.launch_point
            if assist and self.match.dice_left.get(seat, 0) > 0:
                key = (round(cat.aim_angle, 4), round(cat.aim_power, 4))
                cached = self._path_cache.get(seat)
                if cached is None or cached[0] != key:
                    cached = (key, self.world.predict_shot(seat, every=6))
                    self._path_cache[seat] = cached
                pts = cached[1]
                n = len(pts)
                for i, (x, y) in enumerate(pts[1::2]):
                    r = 3 if i < n // 4 else 2
                    pygame.draw.circle(surface, colour if i % 2 == 0 else theme.CREAM,
                                       (round(x) + ox, round(y) + oy), r)
            d = (cat.slot.facing * math.cos(cat.aim_angle), -math.sin(cat.aim_angle))
            length = 24 + 56 * cat.aim_power
            tip = (lx + d[0] * length + ox, ly + d[1] * length + oy)
            base = (lx + ox, ly + oy)
            pygame.draw.line(surface, (20, 16, 24), base, tip, 6)
            pygame.draw.line(surface, colour, base, tip, 3)
            nx, ny = -d[1], d[0]
            head = [tip, (tip[0] - d[0] * 10 + nx * 6, tip[1] - d[1] * 10 + ny * 6),
                    (tip[0] - d[0] * 10 - nx * 6, tip[1] - d[1] * 10 - ny * 6)]
            pygame.draw.polygon(surface, colour, head)
            if isinstance(ctl, MouseSaboteurControl) and ctl.pulling:
                pygame.draw.line(surface, theme.CREAM, base, ctl.pull_to, 2)
                pygame.draw.circle(surface, theme.CREAM, ctl.pull_to, 5, 2)
            bar = pygame.Rect(0, 0, 46, 6)
            bar.midtop = (round(cat.slot.x) + ox, round(TABLE_Y) + 14 + oy)
            pygame.draw.rect(surface, (20, 16, 24), bar.inflate(4, 4), border_radius=4)
            fill = bar.copy()
            fill.w = max(1, round(bar.w * cat.aim_power))
            pygame.draw.rect(surface, colour, fill, border_radius=3)
            if ctl.feedback > 0.0 and ctl.last_rejected:
                msg = "No dice left" if "dice" in ctl.last_rejected else (
                    "Reloading…" if "reload" in ctl.last_rejected else "Not now")
                hud.draw_hint(surface, [msg], (round(cat.slot.x) + 40 * cat.slot.facing,
                                               round(TABLE_Y) - 110))

    def _draw_popups(self, surface: pygame.Surface, ox: int, oy: int) -> None:
        for p in self.popups:
            k = ease_out_back(min(1.0, p.age / 0.22))
            if p.age > p.life - 0.25:
                k *= max(0.0, (p.life - p.age) / 0.25)
            hud.draw_comic(surface, (p.x + ox, p.y + oy - p.age * 12), p.word, k, p.size,
                           p.colours, p.rot)

    def _chips(self) -> list[hud.SeatChip]:
        dice = self.dice_display()
        builder = self.turn_builder if self.stage in (Stage.JUDGE, Stage.SCORE) \
            else self.match.builder
        out: list[hud.SeatChip] = []
        for i, seat in enumerate(self.seats):
            left, total = dice.get(i, (0, 0))
            out.append(hud.SeatChip(
                seat.name, self.colours[i], self.shapes[i], round(self.shown_scores[i]),
                self.shown_tiles[i], builder == i and self.stage != Stage.OVER, left, total,
                i in dice))
        return out

    def _draw_hud(self, surface: pygame.Surface) -> None:
        hud.draw_chips(surface, self._chips(), self.time)
        m = self.match
        running = self.stage == Stage.PLAY and self.turn is not None and self.turn.building
        total = m.options.turn_seconds
        left = m.time_left if self.stage == Stage.PLAY else (total if self.stage == Stage.READY
                                                             else 0.0)
        shown = self.turn_round if self.stage in (Stage.PLAY, Stage.JUDGE) else m.round
        label = f"ROUND {shown} / {m.options.rounds}"
        hud.draw_timer(surface, left, total, running, self.time, label)
        if self.stage == Stage.PLAY and self.turn is not None and not self.turn.building:
            text.blit(surface, "The table settles…", 16, theme.CREAM, (640, 96), "center",
                      bold=True, shadow=True)
        if self.stage == Stage.PLAY and self.stage_t < HINT_SECONDS and running:
            self._draw_hints(surface)

    def _draw_hints(self, surface: pygame.Surface) -> None:
        b = self.builder_ctl
        if b is not None and b.kind != "ai":
            lines = self.builder_hint(self.seats[b.seat].device)
            hud.draw_hint(surface, lines, (640, 640))
        shown = {1: 0, -1: 0}
        for seat, ctl in self.sab_ctls.items():
            if not ctl.human:
                continue
            slot = CATAPULT_SLOTS[self.match.catapult_of(seat)]
            x = 200 if slot.facing > 0 else 1080
            y = 290 + 64 * shown[slot.facing]
            shown[slot.facing] += 1
            hud.draw_hint(surface, [self.seats[seat].name,
                                    self.saboteur_hint(self.seats[seat].device)], (x, y),
                          self.colours[seat])

    def _collect(self, slot: int) -> None:
        """A won tile leaves the table with its tower: its blocks vanish in a puff of dust."""
        if self.result is None:
            return
        for j in self.result.judgements:
            if j.slot != slot:
                continue
            for bid in j.stack:
                x, y, _ = self.world.block_pose(bid)
                self.dust.emit(x, y, 6, (214, 190, 150), speed=110, life=0.6, size=4,
                               gravity=-40, drag=3.0)
                self.collected.add(bid)

    def _draw_judge(self, surface: pygame.Surface) -> None:
        plan = self.plan
        if plan is None:
            return
        t = self.stage_t
        for start, j in plan.reveals:
            if t < start:
                continue
            if any(s == j.slot and t >= fs for fs, s, _ in plan.flights):
                continue
            k = ease_out_back(min(1.0, (t - start) / 0.3))
            r = art.card_rect(j.slot)
            tile = TILES[j.tile_id]
            if j.scored:
                label = "MEGA!" if tile.mega else f"+{tile.points}"
                hud.draw_stamp(surface, (r.centerx, r.bottom + 26), True, k, label)
            else:
                hud.draw_stamp(surface, (r.centerx, r.bottom + 26), False, k, j.reason)
        for start, slot, tid in plan.flights:
            if not start <= t < start + FLIGHT_SECONDS:
                continue
            p = ease_in_out_cubic((t - start) / FLIGHT_SECONDS)
            r = art.card_rect(slot)
            cx, cy = self._chip_centre(self.turn_builder)
            x = r.centerx + (cx - r.centerx) * p
            y = r.centery + (cy - r.centery) * p - math.sin(p * math.pi) * 90
            scale = 1.0 - 0.78 * p
            img = self._flying_card(tid, r.w, scale)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        if plan.mega_at is not None and t >= plan.mega_at:
            k = ease_out_back(min(1.0, (t - plan.mega_at) / 0.35))
            hud.draw_comic(surface, (640, 300), "MEGA TOWER!", k, 52,
                           (theme.SPARK, theme.BLAST), -0.05)
            if k >= 1.0:
                name = self.seats[self.turn_builder].name
                text.blit(surface, f"{name} wins the game!", 34, theme.CREAM, (640, 400),
                          "center", bold=True, shadow=True)

    def _flying_card(self, tile_id: int, width: int, scale: float) -> pygame.Surface:
        """A won card shrunk for its flight (cached per tile and a few sizes)."""
        level = max(1, min(10, round(scale * 10)))
        key = (tile_id, level)
        got = self._flying_cards.get(key)
        if got is None:
            full = pygame.Surface((width, art.CARD_H), pygame.SRCALPHA)
            art.draw_card(full, tile_id, pygame.Rect(0, 0, width, art.CARD_H),
                          len(TILES[tile_id].pieces), True)
            size = (max(4, round(width * level / 10)), max(4, round(art.CARD_H * level / 10)))
            got = pygame.transform.smoothscale(full, size)
            self._flying_cards[key] = got
        return got

    def _draw_ready(self, surface: pygame.Surface) -> None:
        m = self.match
        builder = self.seats[m.builder]
        k = ease_out_back(min(1.0, self.stage_t / 0.45))
        if builder.is_ai:
            left = max(0, math.ceil(READY_AI_SECONDS - self.stage_t))
            prompt = f"{builder.name} turns the sand timer in {left}…" if left else "Go!"
        else:
            prompt = f"{self.confirm_word(builder.device)} to turn the sand timer"
        hud.draw_ready(surface, self._ready_info(), k=k, t=self.time, prompt=prompt)

    def _ready_info(self) -> hud.ReadyInfo:
        """What the get-ready screen of the match's next turn says."""
        m = self.match
        seat = m.builder
        builder = self.seats[seat]
        sabs: list[tuple[str, Colour, str, str, str]] = []
        for s in m.saboteurs():
            slot = CATAPULT_SLOTS[m.catapult_of(s)]
            side = "left" if slot.facing > 0 else "right"
            inner = m.catapult_of(s) < 2
            where = f"{'inner' if inner else 'outer'} {side} catapult" if m.players > 3 \
                else f"{side} catapult"
            how = "" if self.seats[s].is_ai else self.saboteur_hint(self.seats[s].device)
            sabs.append((self.seats[s].name, self.colours[s], self.shapes[s], where, how))
        kicker = (f"ROUND {m.round} OF {m.options.rounds}  ·  TURN {m.turn + 1} OF "
                  f"{m.total_turns}")
        return hud.ReadyInfo(kicker, builder.name, self.colours[seat], self.shapes[seat],
                             tuple(sabs), m.dice_per_saboteur())

    def _board_info(self, final: bool) -> hud.BoardInfo:
        """What the scoreboard says: after a turn, or at the end of the match."""
        m = self.match
        winners = m.winners() if final else []
        totals = m.totals()
        rows = [hud.BoardRow(s.name, self.colours[i], self.shapes[i], totals[i],
                             tuple(m.won[i]),
                             (self.result.points if self.result is not None and not final
                              and i == self.turn_builder else 0), i in winners)
                for i, s in enumerate(self.seats)]
        if final:
            rows.sort(key=lambda r: -r.total)
            names = [m.names[w] for w in winners]
            if m.mega_winner is not None:
                title = f"Mega Tower! {names[0]} wins!"
                sub = "The Mega Tower stood when the sand ran out"
            elif len(names) == 1:
                title = f"{names[0]} wins!"
                sub = f"Final scores after {m.round} round{'s' if m.round != 1 else ''}"
            else:
                title = f"{' and '.join(names)} share the win!"
                sub = "Equal highest totals share the win"
            foot = "Thanks for playing Tower Kaboom"
            if self.replay_path is not None:
                h = self.first_human()
                device = self.seats[h].device if h is not None else MOUSE
                foot = f"{self.app.input.word_for(device, 'secondary')}: watch it again"
            return hud.BoardInfo(tuple(rows), title, sub, foot, theme.SPARK)
        round_over = m.turn % m.players == 0
        title = f"End of round {m.round - 1}" if round_over else "Scores"
        sub = f"Turn {m.turn} of {m.total_turns} played"
        return hud.BoardInfo(tuple(rows), title, sub,
                             f"Next builder: {self.seats[m.builder].name}", theme.FUSE)

    def _draw_board(self, surface: pygame.Surface, *, final: bool) -> None:
        k = ease_out_cubic(min(1.0, self.stage_t / 0.4))
        humans = self.humans()
        word = self.confirm_word(self.seats[humans[0]].device) if humans else ""
        if final:
            prompt = f"{word} to return to the menu" if humans else ""
            hud.draw_board(surface, self._board_info(True), prompt=prompt, t=self.time, k=k,
                           countdown=None)
        else:
            prompt = f"{word} to continue" if humans else ""
            hud.draw_board(surface, self._board_info(False), prompt=prompt, t=self.time, k=k,
                           countdown=1.0 - self.stage_t / SCORE_SECONDS)
