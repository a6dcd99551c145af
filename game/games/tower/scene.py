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
from game.games.tower.camera import (
    BUILD_ZOOM,
    CARD_STRIP_BOTTOM,
    FULL,
    Camera,
    Rect,
    View,
    build_frame,
    catapult_rect,
    fit,
)
from game.games.tower.controls import (
    FINE_STEP,
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
    SHAPES,
    SLOT_RANGES,
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
    explain,
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
from game.physics.stepper import FRAME_DT, FrameClock
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
MAX_FRAMES_PER_UPDATE = 60
"""World frames one logic step may run (a table sped up for tests and demos); beyond, time
is dropped rather than caught up."""
JUDGE_EVERY = 4
"""World frames between live verdicts (tile progress on the cards, falls, the ghost)."""
NOTE_SECONDS = 3.5
"""How long a tile's "why not" note stays on screen after a tower goes wrong."""
NOTE_REASONS = ("wrong order", "toppled", "too many blocks", "not one stack", "not on the tile")
"""Live verdicts worth telling the builder at once (not "unfinished": that is just building)."""
COMPACT_CARD = 0.6
"""Card size while the camera is close in: the row of cards shrinks into a strip at the top."""
COMPACT_TOP = 84
EDGE_BAND = 240.0
"""Screen pixels from the left or right edge where the builder's hand makes the camera pan."""
AIM_SEEN_SECONDS = 2.0
"""A human saboteur who aimed this recently keeps their catapult in the camera's frame."""


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


def hand_faint(sprite: pygame.Surface) -> pygame.Surface:
    """The glove while it holds a block: see-through, so it never hides the block."""
    got = _FAINT.get(id(sprite))
    if got is None or got[0] is not sprite:
        faint = sprite.copy()
        faint.set_alpha(120)
        got = (sprite, faint)
        _FAINT[id(sprite)] = got
    return got[1]


_FAINT: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}


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
        """The pointer in world units (through the camera)."""
        self.mouse_screen: Point = (640.0, 360.0)
        self.camera = Camera(FULL)
        self._bg: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._card_imgs: dict[tuple[Any, ...], pygame.Surface] = {}
        self._scaled_cards: dict[int, tuple[tuple[Any, ...], pygame.Surface]] = {}
        self._dice_cache: dict[tuple[int, tuple[int, int]],
                               tuple[pygame.Surface, pygame.Surface]] = {}
        self.notes: dict[int, tuple[str, float]] = {}
        """Per slot, why its tower is wrong in player words, and seconds left to show it."""
        self._aim_seen: dict[int, tuple[float, float, float]] = {}
        """Per human saboteur, their last aim (angle, power) and the stage time it changed."""
        self._frame_key: tuple[Any, ...] | None = None
        self._mouse_at = -1e9
        """Stage time the mouse last moved (a mouse saboteur reaching for their catapult)."""
        self.clock = FrameClock(FRAME_DT, max_frames=MAX_FRAMES_PER_UPDATE)
        """The turn's world frames (1/60 s) out of the app's logic steps, and the fraction of a
        frame the drawing interpolates by."""
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
                    "Wheel or right click: quarter turn (Shift + wheel: fine) · "
                    "let go over the tray to put back"]
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
        self.clock.reset()
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
        self.notes = {}
        self._aim_seen = {}
        art.prewarm_blocks(art.zoom_level(BUILD_ZOOM), (0.0, math.pi / 2))
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
            self.mouse_screen = (float(event.pos[0]), float(event.pos[1]))
            self.mouse_pos = self.camera.view.to_world(self.mouse_screen)
            self._mouse_at = self.stage_t
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
                fine = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
                b.wheel(turn, 1 if event.y > 0 else -1, fine)
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
        step = FINE_STEP if pygame.key.get_mods() & pygame.KMOD_SHIFT else ROTATE_STEP
        if action.is_("rotate_left"):
            return rotate_held(self.turn, -step)
        if action.is_("rotate_right"):
            return rotate_held(self.turn, step)
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
        self._update_camera(sdt)
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
                if isinstance(b, CursorBuilderControl):
                    # A keyboard or stick hand stays where the camera shows it.
                    x0, y0, x1, y1 = self.camera.view.world_rect()
                    x, y = b.pos
                    b.pos = (min(max(x, x0 + 6.0), x1 - 6.0), min(max(y, y0 + 6.0), y1 - 6.0))
            for ctl in self.sab_ctls.values():
                axis = (0.0, 0.0)
                if ctl.device and ctl.device != MOUSE:
                    axis = self.app.input.axis(ctl.device)
                ctl.update(turn, dt, axis)
        for _ in range(self.clock.advance(sdt)):
            if self.stage != Stage.PLAY:
                break
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
            old_reason = before.reason if before is not None else ""
            if j.reason in NOTE_REASONS and j.reason != old_reason and not by_hand \
                    and turn.world.held_block not in j.stack:
                why = explain(j)
                self.notes[slot] = (why[:1].upper() + why[1:], NOTE_SECONDS)
            elif j.reason not in NOTE_REASONS:
                self.notes.pop(slot, None)
        self.judgements = new

    def _kaboom(self, slot: int) -> None:
        x0, x1 = SLOT_RANGES[slot]
        wx = (x0 + x1) / 2.0
        sx, sy = self.camera.view.to_screen((wx, TABLE_Y - 80.0))
        x = sx + self.fx_rng.uniform(-10, 10)
        self.popups.append(Popup("KABOOM!", x, max(CARD_STRIP_BOTTOM + 40, sy), 1.1, 26,
                                 (theme.SPARK, theme.BLAST),
                                 rot=self.fx_rng.uniform(-0.3, 0.3)))
        self._sound("kaboom", 0.9, wx)
        self._sound("tower_fall", 0.8, wx)
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
            self._emit(self.dust, ev.x, ev.y, n, (190, 168, 140), speed=90, life=0.7,
                       size=3.5, gravity=-30, drag=3.0)
            if s > 8000.0:
                self._add_shake(min(5.0, s / 6000.0))
            if has_die and s > 4000.0:
                self._splinters(ev.x, ev.y, 6)
        elif isinstance(ev, DieFired):
            self._sound("catapult_fire", 0.9, ev.x)
            self._emit(self.dust, ev.x, ev.y + 8, 5, (200, 180, 150), speed=60, life=0.5,
                       size=3, gravity=-20, drag=3.0)
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
            x0, x1 = SLOT_RANGES[ev.slot]
            sx, sy = self.camera.view.to_screen(((x0 + x1) / 2.0, TABLE_Y - 40.0))
            self.popups.append(Popup("CLOSED", sx, sy, 1.0, 22, (theme.CREAM, theme.BLAST)))
            self._sound("penalty", 0.8, (x0 + x1) / 2.0)
        elif isinstance(ev, TimeUp):
            self.popups.append(Popup("TIME!", 640, 300, 1.3, 44, (theme.SPARK, theme.BLAST)))
            self._sound("timer_end", 1.0)
            if self.builder_ctl is not None and self.turn is not None:
                self.builder_ctl.frame(self.turn)  # the hand let go: it notices
        elif isinstance(ev, TurnOver):
            self._enter_judge(ev.result)

    def _splinters(self, x: float, y: float, n: int) -> None:
        for col in ((214, 160, 96), (150, 98, 52)):
            self._emit(self.splinters, x, y, n // 2, col, speed=260, life=0.8, size=2.6,
                       gravity=900, drag=1.0)

    def _update_fx(self, sdt: float) -> None:
        for p in (self.dust, self.splinters, self.confetti):
            p.update(sdt)
        self.notes = {slot: (msg, life - sdt) for slot, (msg, life) in self.notes.items()
                      if life - sdt > 0.0}
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

    # -- camera -------------------------------------------------------------------------------

    def _update_camera(self, dt: float) -> None:
        """Frame the build (or the whole table between turns) and keep the pointer's world point
        under the pointer while the view moves."""
        before = self.camera.view
        if self.stage == Stage.PLAY and self.turn is not None:
            b = self.builder_ctl
            key = (self._frames, b.hand if b is not None else None, self._mouse_at,
                   self.camera.view)
            if self._frame_key != key:
                # Once per world frame or hand move, not per logic step.
                frame = self._build_frame()
                self._frame_key = key
                self.camera.aim(fit(frame), frame.need)
        else:
            self.camera.aim(FULL, None)
        self.camera.update(dt, self.app.reduced_motion)
        if self.camera.view != before:
            self.mouse_pos = self.camera.view.to_world(self.mouse_screen)
            turn = self.turn
            if turn is None or self.stage != Stage.PLAY or not turn.building:
                return
            b = self.builder_ctl
            if isinstance(b, MouseBuilderControl):
                b.motion(turn, self.mouse_pos)
            for ctl in self.sab_ctls.values():
                if isinstance(ctl, MouseSaboteurControl) and ctl.pulling:
                    ctl.motion(turn, self.mouse_pos)

    def _top_of(self, block_id: int) -> float:
        """The top of a block's bounding box (cheap: its box turned by its angle)."""
        x, y, a = self.world.block_pose(block_id)
        shape = SHAPES[self.world.block_shape(block_id)]
        return y - abs(shape.width / 2 * math.sin(a)) - abs(shape.height / 2 * math.cos(a))

    def _build_frame(self) -> Any:
        """What the camera must show this frame: the tiles and tray, room above the tallest
        tower, shots in flight with their catapult, and the catapults of saboteurs aiming."""
        world = self.world
        lo, hi = SLOT_RANGES[0][0] - 40.0, SLOT_RANGES[-1][1] + 40.0
        tower_top = TABLE_Y
        held = world.held_block
        for bid in range(len(world.blocks)):
            if bid == held or bid in self.collected or world.block_where(bid) != Where.TABLE:
                continue
            x, _, _ = world.block_pose(bid)
            if lo <= x <= hi:
                tower_top = min(tower_top, self._top_of(bid))
        held_top = self._top_of(held) if held is not None and \
            world.block_where(held) == Where.HELD else None
        extra: list[Rect] = []
        for seat, x, y in world.dice_in_flight():
            cat = world.catapults.get(seat)
            if cat is not None:
                extra.append(catapult_rect(cat.slot_index))
            extra.append((x - 30.0, y - 30.0, x + 30.0, y + 30.0))
        b = self.builder_ctl
        human_builder = b is not None and b.kind != "ai"
        for seat, ctl in self.sab_ctls.items():
            cat = world.catapults.get(seat)
            if cat is None:
                continue
            if ctl.human:
                aim = (cat.aim_angle, cat.aim_power)
                seen = self._aim_seen.get(seat)
                if seen is None or seen[:2] != aim:
                    self._aim_seen[seat] = (*aim, self.stage_t if seen is not None else -1e9)
                recent = self.stage_t - self._aim_seen[seat][2] < AIM_SEEN_SECONDS
                if isinstance(ctl, MouseSaboteurControl):
                    recent = recent or self.stage_t - self._mouse_at < AIM_SEEN_SECONDS
                pulling = isinstance(ctl, MouseSaboteurControl) and ctl.pulling
                if pulling or recent or not human_builder or ctl.feedback > 0.0:
                    extra.append(catapult_rect(cat.slot_index))
            elif isinstance(ctl, AISaboteurControl) and ctl.ai is not None \
                    and ctl.ai.aiming is not None:
                extra.append(catapult_rect(cat.slot_index))  # a shot is coming: show who
        hand_x: float | None = None
        if b is not None and b.hand is not None:
            v = self.camera.view
            hx = b.hand[0]
            sx = v.to_screen((hx, 0.0))[0]
            if sx < EDGE_BAND or sx > VIEW_W - EDGE_BAND or b.kind == "ai":
                hand_x = hx
            else:
                hand_x = v.x0 + VIEW_W / v.zoom / 2.0
        return build_frame(tower_top, held_top, hand_x, extra, b.hand if b else None,
                           self.camera, [c.slot_index for c in world.catapults.values()])

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
        v = self.camera.view
        ox, oy = self.shake_off
        make = self.camera.view == self.camera.target  # no new sprites while the camera moves
        self._draw_background(surface, v, ox, oy)
        self._draw_catapults(surface, v, ox, oy)
        self._draw_ghost(surface, v, ox, oy, make)
        self._draw_bodies(surface, v, ox, oy, make)
        self._draw_hand(surface, v, ox, oy)
        self.dust.draw(surface, (ox, oy))
        self.splinters.draw(surface, (ox, oy))
        self._draw_aims(surface, v, ox, oy)
        self._draw_cards(surface, v, ox, oy)
        self._draw_notes(surface, v)
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

    def to_screen(self, p: Point) -> tuple[int, int]:
        """Where a world point is drawn now (camera and shake)."""
        x, y = self.camera.view.to_screen(p)
        return (round(x) + self.shake_off[0], round(y) + self.shake_off[1])

    def _emit(self, ps: Particles, x: float, y: float, n: int, colour: Colour,
              **kw: Any) -> None:
        """Particles from a world point: emitted on screen, sized and sped by the zoom."""
        v = self.camera.view
        sx, sy = v.to_screen((x, y))
        z = v.zoom
        for k in ("speed", "size", "gravity"):
            if k in kw:
                kw[k] = kw[k] * z
        ps.emit(sx, sy, n, colour, **kw)

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

    def _table_layer(self) -> pygame.Surface:
        """Background, tile slabs and catapult frames in one surface (MARGIN all round, for
        shake). Rebuilt only when something on it changes; the cards are drawn over it."""
        m = art.MARGIN
        cats = tuple(sorted((seat, c.slot_index) for seat, c in self.world.catapults.items()))
        slabs = tuple(self.turn_row if self.stage in (Stage.PLAY, Stage.JUDGE)
                      else self.match.row)
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
        if self._layer_key != (slabs,):
            bg = art.background()
            a = art.SLAB_STRIP.move(m, m)
            layer.blit(bg, a, a)
            for slot, tid in enumerate(slabs):
                if tid is not None:
                    r = art.card_rect(slot).move(m, m)
                    layer.blit(art.tile_slab(tid, r.w), (r.x, round(TABLE_Y) - 12 + m))
            self._layer_key = (slabs,)
            self._bg = None
        return layer

    def _draw_background(self, surface: pygame.Surface, v: View, ox: int, oy: int) -> None:
        """The still table through the camera: one blit at full view, else one smooth scale
        of the part in view (reused while the camera and the table stand still)."""
        layer = self._table_layer()
        m = art.MARGIN
        if v == FULL:
            surface.blit(layer, (ox - m, oy - m))
            return
        key = (v, id(layer), self._layer_key)
        if self._bg is None or self._bg[0] != key:
            pad = m / v.zoom
            src = pygame.Rect(0, 0, 0, 0)
            src.x = max(0, math.floor(v.x0 + m - pad))
            src.y = max(0, math.floor(v.y0 + m - pad))
            src.w = min(layer.get_width() - src.x, math.ceil(VIEW_W / v.zoom + 2 * pad))
            src.h = min(layer.get_height() - src.y, math.ceil(VIEW_H / v.zoom + 2 * pad))
            size = (round(src.w * v.zoom), round(src.h * v.zoom))
            img = pygame.transform.smoothscale(layer.subsurface(src), size)
            self._bg = (key, img)
        img = self._bg[1]
        sx, sy = v.to_screen((0.0, 0.0))
        # The layer's (x, y) is world (x - MARGIN, y - MARGIN).
        x0 = max(0, math.floor(v.x0 + m - m / v.zoom))
        y0 = max(0, math.floor(v.y0 + m - m / v.zoom))
        surface.blit(img, (round(sx + (x0 - m) * v.zoom) + ox, round(sy + (y0 - m) * v.zoom) + oy))

    def card_rect(self, slot: int) -> pygame.Rect:
        """Where a slot's card is on screen: hung on the wall in the full view, shrunk into a
        strip at the top, over its tile, when the camera is close in."""
        full = art.card_rect(slot)
        v = self.camera.view
        t = min(1.0, max(0.0, (v.zoom - 1.0) / 0.5))
        if t <= 0.0:
            return full
        x0, x1 = SLOT_RANGES[slot]
        cx = v.to_screen(((x0 + x1) / 2.0, 0.0))[0]
        w, h = full.w * COMPACT_CARD, full.h * COMPACT_CARD
        cx = min(max(cx, w / 2 + 6), VIEW_W - w / 2 - 6)
        small = pygame.Rect(round(cx - w / 2), COMPACT_TOP, round(w), round(h))
        if t >= 1.0:
            return small
        return pygame.Rect(round(full.x + (small.x - full.x) * t),
                           round(full.y + (small.y - full.y) * t),
                           round(full.w + (small.w - full.w) * t),
                           round(full.h + (small.h - full.h) * t))

    def _card_image(self, tid: int, width: int, progress: int, complete: bool,
                    closed: bool) -> pygame.Surface:
        """A card as it hangs (pin, shadow, lit pieces, glow, CLOSED stamp), cached."""
        key = (tid, width, progress, complete, closed)
        img = self._card_imgs.get(key)
        if img is None:
            pad = 16
            img = pygame.Surface((width + 2 * pad, art.CARD_H + 2 * pad), pygame.SRCALPHA)
            r = pygame.Rect(pad, pad, width, art.CARD_H)
            art.draw_card(img, tid, r, progress, complete)
            if closed:
                stamp = art.closed_stamp()
                img.blit(stamp, stamp.get_rect(center=(r.centerx, r.centery + 10)))
            if len(self._card_imgs) > 200:
                self._card_imgs.clear()
            self._card_imgs[key] = img
        return img

    def _draw_cards(self, surface: pygame.Surface, v: View, ox: int, oy: int) -> None:
        """The tiles' cards: on the wall, or in the strip over the close-up (screen space)."""
        closed = self.match.closed if self.stage == Stage.PLAY else {}
        for slot in range(ROW_SLOTS):
            tid, dy, progress, complete = self._slot_view(slot)
            if tid is None:
                continue
            full = art.card_rect(slot)
            r = self.card_rect(slot).move(ox, oy + round(dy))
            img = self._card_image(tid, full.w, progress, complete, slot in closed)
            if r.size == full.size:
                surface.blit(img, (r.x - 16, r.y - 16))
                continue
            k = r.w / full.w
            key = (tid, progress, complete, slot in closed, r.size)
            got = self._scaled_cards.get(slot)
            if got is None or got[0] != key:
                size = (round(img.get_width() * k), round(img.get_height() * k))
                got = (key, pygame.transform.smoothscale(img, size))
                self._scaled_cards[slot] = got
            surface.blit(got[1], (r.x - round(16 * k), r.y - round(16 * k)))

    def _draw_notes(self, surface: pygame.Surface, v: View) -> None:
        """Why a tower is wrong, next to it, in player words (the first seconds after)."""
        if self.stage != Stage.PLAY:
            return
        for slot, (msg, life) in self.notes.items():
            x0, x1 = SLOT_RANGES[slot]
            j = self.judgements.get(slot)
            top = TABLE_Y
            if j is not None:
                for bid in j.stack:
                    top = min(top, self._top_of(bid))
            sx, sy = v.to_screen(((x0 + x1) / 2.0, top))
            # Under the tile's card, above its tower: clear of the KABOOM! over the tower.
            y = CARD_STRIP_BOTTOM + 40 if v.zoom > 1.2 else max(340, sy - 70)
            lines = text.wrap(msg, 14, 260, bold=True)
            alpha = round(230 * min(1.0, life / 0.4))
            hud.draw_hint(surface, lines, (round(min(max(sx, 150), VIEW_W - 150)), round(y)),
                          theme.CREAM, alpha)

    def _draw_catapults(self, surface: pygame.Surface, v: View, ox: int, oy: int) -> None:
        """The catapults' swinging arms and the die waiting in each cup."""
        dice = self.dice_display()
        loaded = self.stage in (Stage.PLAY, Stage.READY)
        z = v.zoom
        for cv in self.world.catapult_views():
            a = cv.arm_angle
            dx, dy = -cv.facing * math.sin(a), -math.cos(a)
            tipw = (cv.pivot[0] + dx * cv.arm_length, cv.pivot[1] + dy * cv.arm_length)
            pv = self.to_screen(cv.pivot)
            tip = self.to_screen(tipw)
            art.draw_arm(surface, pv, tip, z)
            left, _ = dice.get(cv.seat, (0, 0))
            if loaded and cv.ready and left > 0:
                die = self._die_sprite(self.colours[cv.seat], 5, a * cv.facing, z, True)
                surface.blit(die, die.get_rect(center=self.to_screen(
                    (tipw[0] + dx * 4, tipw[1] + dy * 4))))

    def _die_sprite(self, colour: Colour, face: int, angle: float, zoom: float,
                    make: bool) -> pygame.Surface:
        """A die at the camera's zoom: scaled once per rotation and resting zoom (cached);
        a quick unsmoothed scale while the camera moves."""
        sprite = art.die_sprite(colour, face, angle)
        if abs(zoom - 1.0) < 1e-3:
            return sprite
        w, h = sprite.get_size()
        size = (round(w * zoom), round(h * zoom))
        if not make:
            return pygame.transform.scale(sprite, size)
        key = (id(sprite), size)
        got = self._dice_cache.get(key)
        if got is None or got[0] is not sprite:
            if len(self._dice_cache) > 4000:
                self._dice_cache.clear()
            got = (sprite, pygame.transform.smoothscale(sprite, size))
            self._dice_cache[key] = got
        return got[1]

    def _draw_ghost(self, surface: pygame.Surface, v: View, ox: int, oy: int,
                    make: bool) -> None:
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
        sprite = art.ghost_sprite(key, a, 130, v.zoom, make)
        surface.blit(sprite, sprite.get_rect(center=self.to_screen((x, y))))

    def _draw_bodies(self, surface: pygame.Surface, v: View, ox: int, oy: int,
                     make: bool) -> None:
        """Blocks (tray ones too) and dice, with soft shadows under what stands on the table."""
        alpha = self.clock.alpha if self.stage == Stage.PLAY else 1.0
        dice = self.world.dice
        near = TABLE_Y - 60.0
        z = v.zoom
        floor_y = self.to_screen((0.0, TABLE_Y))[1] - round(5 * z)
        shadows: list[tuple[pygame.Surface, tuple[int, int]]] = []
        sprites: list[tuple[pygame.Surface, tuple[int, int]]] = []
        collected = self.collected
        for p in self.world.poses(alpha):
            if p.kind == "block":
                if p.ident in collected:
                    continue
                if p.where == "lift":
                    sprite = art.ghost_sprite(p.shape, p.angle, 170, z, make)
                else:
                    sprite = art.block_sprite(p.shape, p.angle, z, make)
                    if p.y > near and p.where != "tray":
                        sh = art.contact_shadow(min(round(96 * z), sprite.get_width()) & ~3)
                        sx = self.to_screen((p.x, p.y))[0]
                        shadows.append((sh, (sx - (sh.get_width() >> 1), floor_y)))
            else:
                die = dice.get(p.ident)
                colour = self.colours[die.seat] if die is not None else theme.CREAM
                sprite = self._die_sprite(colour, art.die_face(p.ident), p.angle, z, make)
            w, h = sprite.get_size()
            sx, sy = self.to_screen((p.x, p.y))
            sprites.append((sprite, (sx - w // 2, sy - h // 2)))
        surface.blits(shadows, False)
        surface.blits(sprites, False)

    def _draw_hand(self, surface: pygame.Surface, v: View, ox: int, oy: int) -> None:
        """The builder's glove; while it holds a block it is a faint outline beside the grip,
        so the block itself stays in full view."""
        b = self.builder_ctl
        if self.stage != Stage.PLAY or b is None or self.turn is None:
            return
        hand = b.hand
        if hand is None:
            return
        colour = self.colours[b.seat]
        held = self.world.held_block
        hx, hy = self.to_screen(hand)
        holding = False
        if held is not None and b.holding and self.world.block_where(held) == Where.HELD:
            holding = True
            x, y, a = self.world.block_pose(held)
            ax, ay = self.world.hand.anchor if self.world.hand.attached is not None else (0, 0)
            c, s = math.cos(a), math.sin(a)
            anchor = self.to_screen((x + ax * c - ay * s, y + ax * s + ay * c))
            if math.dist(anchor, (hx, hy)) > 4:
                pygame.draw.line(surface, colour, anchor, (hx, hy), 2)
            if b.kind != "ai" and over_tray(hand):
                tl = self.to_screen((art.TRAY_RECT.x - 6, art.TRAY_RECT.y - 6))
                br = self.to_screen((art.TRAY_RECT.right + 6, art.TRAY_RECT.bottom + 6))
                pygame.draw.rect(surface, theme.SPARK, (*tl, br[0] - tl[0], br[1] - tl[1]), 3,
                                 border_radius=12)
        elif held is not None and b.holding:
            holding = True
        sprite = art.hand_sprite(colour, b.holding)
        if holding and held is not None:
            # A small grip mark on the block, and the glove, see-through, just beside the
            # block: the block is what the builder needs to see.
            right = max(self.to_screen(p)[0] for poly in self.world.block_polygons(held)
                        for p in poly)
            gx = min(right + 4, round(VIEW_W) - 40) if right + 4 > hx else hx + 10
            pygame.draw.circle(surface, (20, 16, 24), (hx, hy), 4)
            pygame.draw.circle(surface, colour, (hx, hy), 3)
            pygame.draw.line(surface, colour, (hx + 4, hy), (gx + 6, hy), 2)
            surface.blit(hand_faint(sprite), (gx, hy - 22))
        else:
            surface.blit(sprite, (hx - 20, hy - 22))

    def _draw_aims(self, surface: pygame.Surface, v: View, ox: int, oy: int) -> None:
        turn = self.turn
        if self.stage != Stage.PLAY or turn is None or not turn.building:
            return
        assist = self.app.settings.assists.trajectory_preview
        z = v.zoom
        for seat, ctl in self.sab_ctls.items():
            if not ctl.human or seat not in self.world.catapults:
                continue
            cat = self.world.catapults[seat]
            colour = self.colours[seat]
            lx, ly = cat.slot.launch_point
            cup = self.to_screen((lx, ly))
            if not 0 <= cup[0] <= VIEW_W:
                # Off screen (the camera frames the build): an arrow at the edge says where.
                self._draw_offscreen_marker(surface, seat, cup)
                continue
            if assist and self.match.dice_left.get(seat, 0) > 0:
                key = (round(cat.aim_angle, 4), round(cat.aim_power, 4))
                cached = self._path_cache.get(seat)
                if cached is None or cached[0] != key:
                    cached = (key, self.world.predict_shot(seat, every=6))
                    self._path_cache[seat] = cached
                pts = cached[1]
                n = len(pts)
                for i, (x, y) in enumerate(pts[1::2]):
                    r = (3 if i < n // 4 else 2) * min(z, 1.6)
                    pygame.draw.circle(surface, colour if i % 2 == 0 else theme.CREAM,
                                       self.to_screen((x, y)), round(r))
            # The arrow is drawn in screen pixels (readable at any zoom) from the cup.
            d = (cat.slot.facing * math.cos(cat.aim_angle), -math.sin(cat.aim_angle))
            length = 24 + 56 * cat.aim_power
            base = self.to_screen((lx, ly))
            tip = (base[0] + d[0] * length, base[1] + d[1] * length)
            pygame.draw.line(surface, (20, 16, 24), base, tip, 6)
            pygame.draw.line(surface, colour, base, tip, 3)
            nx, ny = -d[1], d[0]
            head = [tip, (tip[0] - d[0] * 10 + nx * 6, tip[1] - d[1] * 10 + ny * 6),
                    (tip[0] - d[0] * 10 - nx * 6, tip[1] - d[1] * 10 - ny * 6)]
            pygame.draw.polygon(surface, colour, head)
            if isinstance(ctl, MouseSaboteurControl) and ctl.pulling:
                pull = self.to_screen(ctl.pull_to)
                pygame.draw.line(surface, theme.CREAM, base, pull, 2)
                pygame.draw.circle(surface, theme.CREAM, pull, 5, 2)
            foot = self.to_screen((cat.slot.x, TABLE_Y))
            bar = pygame.Rect(0, 0, 46, 6)
            bar.midtop = (foot[0], foot[1] + 14)
            pygame.draw.rect(surface, (20, 16, 24), bar.inflate(4, 4), border_radius=4)
            fill = bar.copy()
            fill.w = max(1, round(bar.w * cat.aim_power))
            pygame.draw.rect(surface, colour, fill, border_radius=3)
            if ctl.feedback > 0.0 and ctl.last_rejected:
                msg = "No dice left" if "dice" in ctl.last_rejected else (
                    "Reloading…" if "reload" in ctl.last_rejected else "Not now")
                hud.draw_hint(surface, [msg], (foot[0] + 40 * cat.slot.facing, foot[1] - 110))

    def _draw_offscreen_marker(self, surface: pygame.Surface, seat: int,
                               at: tuple[int, int]) -> None:
        """An arrow at the screen edge toward a catapult the camera does not show."""
        x = 18 if at[0] < 0 else round(VIEW_W) - 18
        y = min(max(at[1], 120), round(VIEW_H) - 40)
        d = -1 if at[0] < 0 else 1
        pts = [(x + 12 * d, y), (x - 6 * d, y - 12), (x - 6 * d, y + 12)]
        pygame.draw.polygon(surface, (20, 16, 24), [(px + 2, py + 2) for px, py in pts])
        pygame.draw.polygon(surface, self.colours[seat], pts)

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
            y = 640 if self.camera.view.zoom < 1.2 else round(CARD_STRIP_BOTTOM) + 36
            hud.draw_hint(surface, lines, (640, y))
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
                self._emit(self.dust, x, y, 6, (214, 190, 150), speed=110, life=0.6, size=4,
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
                hud.draw_stamp(surface, (r.centerx, r.bottom + 26), False, k, "")
                if k >= 0.99:
                    self._draw_why(surface, j, r)
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

    @staticmethod
    def _draw_why(surface: pygame.Surface, j: TileJudgement, r: pygame.Rect) -> None:
        """Under a refused tile's cross: why, in a player's words, wrapped to the tile."""
        why = explain(j)
        why = why[:1].upper() + why[1:]
        lines = text.wrap(why, 12, r.w + 6, bold=True)
        y = r.bottom + 56
        for line in lines:
            text.blit(surface, line, 12, theme.CREAM, (r.centerx, y), "center", bold=True,
                      shadow=True)
            y += 15

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
