"""Tower Kaboom on screen: the table, the turn, the judging and the scoreboard, for every seat.

`TowerScene` runs a match from `rules.py` turn by turn. Between turns it shows "Builder: <name>,
get ready"; the next builder starts the sand timer (an AI builder after a moment). During a turn
a `TurnController` (world.py) steps once per 1/60 s world frame, fed by the seats' controllers
(`controls.py`): the builder on the mouse or a cursor, saboteurs on keys, pads or the mouse, and
AIs. When the turn is judged, verdicts are stamped on the tiles, won tiles fly to the builder's
chip, new tiles drop in, and the scoreboard shows before the next builder. Saves happen between
turns only (a turn's physics is not part of a save).

This module is the flow (stages, turns, the judging sequence, saves, the replay's recording) and
the routing of the seats' input; `view.py` draws the table (`TowerView`) and `effects.py` keeps
its sounds, particles, shake and notes (`TowerEffects`).
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import pygame

from game.app.catalogue import MatchSetup
from game.app.gamescene import GameScene
from game.app.input import MOUSE, POINT, ActionEvent
from game.core.replay import ReplayError, store
from game.games.tower import art, hud
from game.games.tower.ai import BuilderAI, SaboteurAI
from game.games.tower.camera import (
    BUILD_ZOOM,
    FULL,
    Camera,
    Rect,
    View,
    build_frame,
    catapult_rect,
    fit,
    turn_view,
)
from game.games.tower.controls import (
    DIE_STAYS_WORDS,
    FINE_STEP,
    NOTE_SECONDS,
    ROTATE_STEP,
    AIBuilderControl,
    AISaboteurControl,
    BuilderControl,
    CursorBuilderControl,
    MouseBuilderControl,
    MouseSaboteurControl,
    PadSaboteurControl,
    SaboteurControl,
    finishable,
    free_blocks,
    keys_start_aim,
    rotate_held,
    shortfall,
    starved,
    starved_words,
)
from game.games.tower.data import (
    ROW_SLOTS,
    SHAPES,
    SLOT_RANGES,
    TABLE_Y,
    TILES,
    VIEW_H,
    VIEW_W,
    BlockShape,
)
from game.games.tower.effects import BLOCKED_WORDS, TowerEffects
from game.games.tower.events import (
    BlockReturned,
    DieFired,
    DieHit,
    TimeUp,
    TurnEvent,
    TurnOver,
)
from game.games.tower.knocks import FallWatch, KnockLedger, knock_words
from game.games.tower.options import ai_difficulty, options_from_setup
from game.games.tower.replay import TowerRecorder
from game.games.tower.rules import (
    MatchState,
    TileJudgement,
    TurnResult,
    new_match,
)
from game.games.tower.savefmt import SAVE_VERSION
from game.games.tower.tilechoice import TileChoice
from game.games.tower.turn import TurnController
from game.games.tower.turnlog import TurnLog, play_back, replay_choices
from game.games.tower.world import TowerWorld
from game.games.tower.worlddata import Where, WorldSetup
from game.physics.stepper import FRAME_DT, FrameClock
from game.ui import theme
from game.ui.draw import dim_layer

if TYPE_CHECKING:
    from game.app.app import App
    from game.games.tower.view import TowerView

Point = tuple[float, float]
Colour = tuple[int, int, int]

log = logging.getLogger(__name__)

READY_AI_SECONDS = 2.5
"""An AI builder turns the sand timer after this long on the get-ready screen."""
SCORE_SECONDS = 6.0
"""With no human at the table (a demo), the scoreboard moves on by itself after this long; with
one, it says "Click to continue" and waits for that click."""
READY_GUARD_SECONDS = 0.8
"""The get-ready screen (the next builder, the tile swap) shows this long before a press can
turn the sand timer: the second click of a double click on the scores, or a click meant for
the screen before, never starts the builder's 30 seconds."""
MEGA_SAID_S = 5.0
"""Seconds the words "... starts the Mega Tower" stay by its pad."""
CLICK_SLOP = 12
"""Pixels a click between turns may travel from press to release and still be a click (more
is a drag: a builder still reaching for a block)."""
SKIP_GUARD_SECONDS = 0.8
SCORE_REACT_SECONDS = 0.4
"""A press on the scores sooner than this after they come up is no answer to them (nobody
reads a panel and presses in less): it is the turn's, still being hammered as the sand ran
out, and is dropped; a later one is kept until the scores take it (a stranger's Tab and Space
at the end of his keyboard build skipped the scores unseen once a fresh press was kept from
their first frame)."""
"""The judging and the scores move on with no press for this long after they come up: a fire
or a drop still pressed as the sand ran out skipped the scores unseen (a stranger, twice). The
judging ignores one; the scores, which ask for it, keep a fresh one until then."""
SCORE_SAVE_AT = 0.5
"""Stage seconds into the scores when the match after the turn is autosaved: once the board has
slid in (0.4 s) and before the next get-ready panel is made (1 s), a frame where nothing moves."""
FLIGHT_SECONDS = 0.8
DROP_SECONDS = 0.55
FALL_DROP = 2
"""A tower that falls (a lasting drop, knocks.FallWatch) by this many right blocks: KABOOM!"""
FALL_WINDOW = 60
"""World frames (one second): a tile that showed KABOOM! shows no other for twice this."""
MAX_FRAMES_PER_UPDATE = 60
"""World frames one logic step may run (a table sped up for tests and demos); beyond, time
is dropped rather than caught up."""
PREWARM_EVERY = 3
"""While the get-ready screen shows, one close-up block sprite is made every this many frames."""
PREWARM_ANGLES = (0.0, math.pi / 2)
"""The rotations made ahead for a turn's first close-up: blocks lying and standing."""
JUDGE_EVERY = 4
"""World frames between live verdicts (tile progress on the cards, falls, the ghost)."""
EDGE_BAND = 240.0
"""Screen pixels from the left or right edge where the builder's hand makes the camera pan."""
NOTE_AFTER_SET = 90
"""World frames (1.5 s) after a human builder sets a block on a tile in which a wrong tower
there is theirs to be told about (a rule note); later changes are the dice's doing."""
HURRY_SCALE = 4.0
HURRY_ACTION = "secondary"
"""The key that presses "Faster" on a keyboard or pad (Left Ctrl, Y): not the build key. With
Space, a keys builder's own grab press toggled it (a stranger found it unreliable)."""
"""A human builder who is done while only AIs aim at their towers may speed the rest of the
turn up this much: the sand runs its full game time (the AIs keep every second to fire, as
the rulebook has it), only quicker to watch (a stranger sat through 15 s of nothing), until a
die is fired: then back to normal speed, so the builder can answer it."""
HURRY_BROKEN_S = 2.5
"""Seconds the button says a die brought the turn back to normal speed."""
HURRY_LEAST = 2.0
"""Sand seconds left under which speeding up is no longer offered (nothing to save)."""
HURRY_RECT = pygame.Rect(1126, 648, 150, 62)
"""The "Speed up" button, in the screen's bottom-right corner: right of the tray, under the
pads' row, where no block, card or pad is."""
AIM_SEEN_SECONDS = 2.0
"""A human saboteur who aimed this recently keeps their catapult in the camera's frame."""


def _top(shape: BlockShape, y: float, angle: float) -> float:
    """The top of a block's bounding box at height y, turned by angle."""
    return y - abs(shape.width / 2 * math.sin(angle)) - abs(shape.height / 2 * math.cos(angle))


class Stage(StrEnum):
    """Where the scene is in the flow of turns."""

    READY = "ready"
    PLAY = "play"
    JUDGE = "judge"
    SCORE = "score"
    OVER = "over"


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
        self.hurried = False
        """The human builder, done, sped the rest of this turn up (`HURRY_SCALE`)."""
        self._mega_said = -1
        """The turn whose builder was last said to have started the Mega Tower."""
        self._click_from: tuple[Stage, int, tuple[int, int]] | None = None
        """Where a mouse press between turns began (the screen, the turn, the point): let go
        there, it is a click that moves on (`_between_turns_click`)."""
        self.go_when_ready = False
        """A fresh confirm or click on the scores before they take one (`SKIP_GUARD_SECONDS`):
        kept, and acted on as they do. A stranger's first Space on "Press SPACE to continue"
        did nothing, and only a second moved on (a press held over from the turn never
        reaches the scores: the app drops it, `App.guard_presses`)."""
        self.hurry_broken: float | None = None
        """When (real time) a die fired while sped up brought the turn back to normal speed:
        a stranger pressed "Faster" and watched two towers fall at four times the pace."""
        self.built_all = False
        self.starved: dict[int, str] = {}
        self._starved_said: dict[int, str] = {}
        """The starved towers (`starved`) already said, each with the kind it lacks."""
        self.free_kinds: dict[str, int] = {}
        """How many free blocks of each kind there are (`controls.free_blocks`), as of the
        last look at the starved towers: an outline is crossed out only when none is left."""
        """The open towers the free blocks can no longer finish, and the kind each lacks
        (`controls.starved`): their outlines are marked, and each new one is said at once."""
        self.supply_note = ""
        """A mouse builder's note of a tower just starved of a kind (`controls.starved_words`;
        a keyboard builder's goes in its own note), shown until frame `supply_note_until`."""
        self.supply_note_until = 0
        """Every open tower stands finished or cannot be (an untouched Mega aside, and none
        the builder began unfinished): the builder may hurry the sand (`hurry_offered`)."""
        self.pause_on_open = False
        """A turn was played back from a save: the table opens under the pause menu."""
        self.restarted = False
        """The save resumed was written during a turn: that turn starts again from its
        beginning (a turn in progress is not saved), and the get-ready screen says so."""
        if state is not None:
            self.match = MatchState.from_dict(self.resumed_part(state, SAVE_VERSION, "match"))
            self.check_seats(self.match.players)
            self.restarted = bool(state.get("turn_begun", False))
        else:
            self.match = new_match(options_from_setup(setup), setup.seed,
                                   [s.name for s in setup.seats])
        art.prewarm_blocks()
        art.prewarm_cards()
        hud.prewarm_text()
        dim_layer((round(VIEW_W), round(VIEW_H)), hud.DIM_ALPHA)
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
        self.peak: dict[int, int] = {}
        """The most blocks each pad's tower has had right this turn: a tower with fewer now
        lost some (its note says "standing", not "built")."""
        self.falls = FallWatch()
        """Per slot, a drop in a tower waiting to be confirmed as a fall (KABOOM, a knock)."""
        self._last_kaboom: dict[int, int] = {}
        self.knocks = KnockLedger()
        """This turn's dice hits and the knocks they caused (credited to the saboteur)."""
        self._set_at: dict[int, int] = {}
        """Per slot, the world frame the builder last let go of a block over it."""
        self.built_slots: set[int] = set(range(ROW_SLOTS))
        """The pads the builder set a block on in the turn just judged: what lies on any other
        is debris a die knocked there, never the builder's tower (judging and scoreboard)."""
        self._held_last: int | None = None
        self._refusals_heard: dict[int, int] = {}
        """Each saboteur's refused presses already answered with a sound."""
        self.shown_scores: list[float] = [float(t) for t in self.match.totals()]
        self.shown_tiles: list[int] = [len(w) for w in self.match.won]
        self.dice_view: dict[int, int] = {}
        self.fx = TowerEffects(self, setup.seed)
        """Sounds, particles, shake, comic words and why-notes (effects.py)."""
        self.mouse_pos: Point = (640.0, 360.0)
        """The pointer in world units (through the camera)."""
        self.mouse_screen: Point = (640.0, 360.0)
        self.camera = Camera(FULL)
        self.turn_view: View | None = None
        """The view a turn with a human in it holds all turn (chosen as the timer turns); None
        on a table of AIs only, where the film camera follows the build."""
        self._view_cats: list[int] = []
        self._tall_since: int | None = None
        """World frame since which a tower has stood above the turn view's room (the Mega)."""
        self._aim_seen: dict[int, tuple[float, float, float]] = {}
        """Per human saboteur, their last aim (angle, power) and the stage time it changed."""
        self._frame_key: tuple[Any, ...] | None = None
        self._facts: tuple[TowerWorld, tuple[Any, ...],
                           tuple[float, float | None, list[tuple[int, float, float]]]] | None = None
        self._mouse_at = -1e9
        """Stage time the mouse last moved (a mouse saboteur reaching for their catapult)."""
        self.clock = FrameClock(FRAME_DT, max_frames=MAX_FRAMES_PER_UPDATE)
        """The turn's world frames (1/60 s) out of the app's logic steps, and the fraction of a
        frame the drawing interpolates by."""
        self._frames = 0
        self._last_tick = 0
        self.safe_state: dict[str, Any] = self.match.to_dict()
        self.recorder = None if demo else TowerRecorder.start(setup.to_dict(), self.match, state)
        self.log = TurnLog(self.recorder)
        """Every input since the last safe point, told on to the recorder: a save made during
        a turn carries the turn (turnlog.py), and Continue plays it back to where it was."""
        if self.match.is_over:
            self.stage = Stage.OVER
        self.collected: set[int] = set()
        self.collected_dice: set[int] = set()
        """Dice taken off the table with a won tower they rested on (not drawn)."""
        """Blocks that left with a won tile (not drawn until the next turn's table)."""
        self.events_seen: list[TurnEvent] = []
        """Every world event of the current turn (tests and the closing note read them)."""
        self.ready_guard = 0.0
        """Stage seconds the get-ready screen swallows the builder's presses: READY_GUARD_SECONDS
        after the scores (a click there may come twice), none at the match's start."""
        self.picker = TileChoice(self)  # the builder's tile choice while READY (tilechoice.py)
        self.picker.prewarm()
        if self.stage == Stage.READY:
            self.picker.begin()
        from game.games.tower.view import TowerView

        self.table_view: TowerView = TowerView(self)
        """Draws the table (view.py); the scene's `draw` is its `draw`."""
        if state is not None and isinstance(state.get("turn"), dict) \
                and self.stage == Stage.READY:
            self._play_back(setup, state)

    # -- lifecycle --------------------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        if self.stage == Stage.READY:
            self.autosave()
        elif self.stage == Stage.OVER:
            self.show_match_end()  # a table that opens finished still offers what comes next

    def pause(self) -> None:
        """Another screen covers the table: let go of the mouse's block, forget half a pull."""
        pygame.mouse.set_visible(True)
        self.pause_on_open = False  # (the menu a turn played back from a save opens under)
        self.go_when_ready = False  # a press kept on the scores was for them, not the menu's
        if self.turn is not None and self.stage == Stage.PLAY:
            if isinstance(self.builder_ctl, MouseBuilderControl):
                self.builder_ctl.drop(self.turn)
            for ctl in self.sab_ctls.values():
                ctl.cancel()

    def exit(self) -> None:
        pygame.mouse.set_visible(True)
        super().exit()

    def resume(self) -> None:
        super().resume()
        self._cursor()

    def _cursor(self) -> None:
        """Hide the system pointer while the mouse is the builder's hand (the glove shows)."""
        hide = self.stage == Stage.PLAY and isinstance(self.builder_ctl, MouseBuilderControl)
        if pygame.mouse.get_visible() == hide:
            pygame.mouse.set_visible(not hide)

    def save_state(self) -> dict[str, Any] | None:
        """The match between turns (saves happen between turns): at the start of the turn in
        play, or after the turn once it is judged."""
        if self.match.is_over:
            return None
        # A save made while the sand runs (or the table settles) holds the turn's start and
        # its inputs so far (`turnlog`): "Continue" plays the turn back to where it was left
        # (a stranger who quit late in a good turn got it all to play again). Should that
        # fail, the turn starts again and the get-ready screen says so. Once the turn is
        # judged (its show, the
        # scores) the save holds the match after it: "Continue" opens the next builder's
        # get-ready screen with the scores kept (a stranger who left on the scores got the
        # turn just scored to play again).
        begun = self.stage == Stage.PLAY and self.turn is not None and not self.turn.done
        state = {"version": SAVE_VERSION, "match": self.safe_state,
                 "replay": self.recorder.partial(self.safe_state) if self.recorder else None,
                 "turn_begun": begun}
        if begun and self.turn is not None:
            state["turn"] = self.log.to_dict(self.turn)
        return state

    def save_summary(self) -> str:
        m = self.match
        return f"Round {m.round} of {m.options.rounds}, {self.voice.lead(m.totals())}"

    def replace_device(self, old: str, new: str | None) -> None:
        """A seat changes hands (a pad unplugged): rebuild its controller mid-turn if need be."""
        super().replace_device(old, new)
        self._sync_controls()

    # -- helpers ----------------------------------------------------------------------------

    def _preview_world(self) -> TowerWorld:
        """A table for between turns: blocks in the tray, this turn's catapults at rest."""
        m = self.match
        sabs = m.catapult_layout() if not m.is_over else ()
        return TowerWorld(WorldSetup(tuple(m.row), sabs, 0))

    def confirm_word(self, device: str) -> str:
        """How a device says "go": Click, Press SPACE, Press A."""
        word = self.app.input.word_for(device, "confirm")
        return word.capitalize() if device == MOUSE else f"Press {word}"

    def continue_words(self) -> str:
        """How the people at the table move on from the scores (any human's confirm does):
        every human's device, the mouse first, then the others in seat order ("Click or press
        SPACE"). A stranger on the mouse, next to build, read "Press SPACE to continue" (the
        first seat's keys); one wording all match long (another read "Press SPACE or click"
        and "Click or press SPACE" on two screens)."""
        humans = self.humans()
        if not humans:
            return ""
        devices = list(dict.fromkeys(self.seats[h].device for h in humans))
        devices.sort(key=lambda d: d != MOUSE)
        words = [self.confirm_word(d) for d in devices]
        words = [words[0]] + [w[:1].lower() + w[1:] for w in words[1:]]
        if len(words) == 1:
            return words[0]
        return f"{', '.join(words[:-1])} or {words[-1]}"

    def builder_hint(self, device: str) -> list[str]:
        """The builder's controls, for the device they play on."""
        if device == MOUSE:
            return ["Drag a block onto its faint outline: it settles in, turned to fit · "
                    "point at a card to read it",
                    "Wheel or right click: quarter turn (Shift + wheel: fine) · "
                    "let go over the tray to put back"]
        k = self.app.input.word_for
        hand = ("Stick moves" if device.startswith("pad")
                else f"{k(device, 'move').replace(' ', '')} move")
        fine = "" if device.startswith("pad") else " (hold Shift: slow)"
        return [f"{k(device, 'back')}: the gold-ringed card's next block, over its spot · "
                f"{k(device, 'confirm')} lets go (and grabs) · "
                f"{k(device, 'rotate_left')} / {k(device, 'rotate_right')}: another tower",
                f"{hand} the hand{fine} · {k(device, 'secondary')} turns a held block 90°"
                + ("" if device.startswith("pad") else
                   f" · Shift + {k(device, 'rotate_left')} / {k(device, 'rotate_right')}: "
                   "finely")]

    def saboteur_hint(self, device: str) -> str:
        """A saboteur's controls, for the device they play on."""
        if device == MOUSE:
            return "Press anywhere, pull back like a sling, aim by the dots, let go"
        k = self.app.input.word_for
        if device.startswith("pad"):
            return (f"Stick: left/right power, up/down angle · {k(device, 'primary')} fires")
        return (f"{k(device, 'left')}/{k(device, 'right')} power · {k(device, 'up')}/"
                f"{k(device, 'down')} angle · {k(device, 'primary')} fires")

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
            people = frozenset(i for i, other in enumerate(self.seats) if not other.is_ai)
            ai = BuilderAI(ai_difficulty(s.difficulty), self.match.ai_seed(seat), people=people)
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

    def start_turn(self, fresh: bool = True) -> None:
        """The builder turns the sand timer: build the turn's table and its controllers
        (`fresh` False: a saved turn about to be played back, whose inputs hold its start)."""
        if self.stage != Stage.READY or self.match.is_over:
            return
        self.turn_row = list(self.match.row)
        self.turn_round = self.match.round
        self.collected = set()
        self.collected_dice = set()
        self.turn = TurnController(self.match)
        self.log.inputs, self.log.steps = [], 0
        self.turn.recorder = self.log
        self.world = self.turn.world
        self.turn_builder = self.match.builder
        self.clock.reset()
        self._frames = 0
        self.events_seen = []
        self.judgements = {}
        self.built_all = False
        self.starved, self.supply_note, self.supply_note_until = {}, "", 0
        self._starved_said = {}
        self.peak = {}
        self.free_kinds = {}
        self.falls = FallWatch()
        self._last_kaboom = {}
        self.knocks = KnockLedger()
        self._set_at = {}
        self._held_last = None
        self._refresh_judgements()
        self._make_controls()
        for seat, ctl in self.sab_ctls.items() if fresh else ():
            if isinstance(ctl, PadSaboteurControl):
                # A new turn: the keys' aim reaches the row (`keys_start_aim`), recorded as
                # an input (a turn played back after Continue comes back to it by itself).
                ctl.elevation, ctl.power = keys_start_aim(self.turn, seat)
                self.turn.aim(seat, ctl.elevation, ctl.power)
        self.stage = Stage.PLAY
        self.stage_t = 0.0
        self._last_tick = math.ceil(self.match.time_left)
        self.dice_view = dict(self.match.dice_left)
        self.table_view.new_turn()
        self.fx.notes = {}
        self.fx.noted = {}
        self.fx.refusals = {}
        self._aim_seen = {}
        self.hurried = False
        self._choose_view()
        self.restarted = False  # a quit from here on saves that the turn had begun (said)
        art.prewarm_blocks(art.zoom_level(BUILD_ZOOM), PREWARM_ANGLES)  # what is left
        self.fx.sound("wood_place", 0.8)
        self.fx.sound("timer_tick", 0.6)

    def _play_back(self, setup: MatchSetup, state: dict[str, Any]) -> None:
        """Continue a save made during a turn: the builder's tile choices again, the turn
        begun, and its inputs played back headless to the step it was left at (the table's
        hash checked). A save that does not lead there restarts the turn from its beginning
        (`restarted`: the get-ready screen says so), the match as at its safe point."""
        saved = state["turn"]
        try:
            if self.picker.human:  # an AI builder's choices were made again as it opened
                replay_choices(self.match, saved, self.log)
            self.picker.swaps = []
            self.start_turn(fresh=False)
            turn = self.turn
            assert turn is not None

            def stepped() -> None:
                self._frames += 1
                for ev in turn.pop_events():
                    self.events_seen.append(ev)
                    self._count_knock(ev)

            # The seats in the order a world frame has them act; the AIs play again.
            ctls = [(self.match.builder, self.builder_ctl), *self.sab_ctls.items()]
            actors = [(seat, None if c is None or c.kind != "ai" else
                       (lambda c=c: c.frame(turn))) for seat, c in ctls]
            play_back(turn, saved, stepped, self.log, actors)
        except (ReplayError, ValueError, TypeError, KeyError) as exc:
            log.warning("the turn in the save could not be played back (%s): it starts again",
                        exc)
            self.match = MatchState.from_dict(self.resumed_part(state, SAVE_VERSION, "match"))
            self.recorder = TowerRecorder.start(setup.to_dict(), self.match, state)
            self.log = TurnLog(self.recorder)
            self.turn, self.builder_ctl, self.sab_ctls = None, None, {}
            self.world = self._preview_world()
            self.stage, self.stage_t, self._frames = Stage.READY, 0.0, 0
            self.restarted = True
            self.picker.begin()
            return
        held = turn.world.hand.held_block
        b = self.builder_ctl
        if held is not None and isinstance(b, CursorBuilderControl):
            b.carrying = True  # the keys' hand was carrying a block when the game was left
            b.pos = turn.world.hand.position or b.pos
        elif held is not None and not isinstance(b, AIBuilderControl):
            turn.release()  # (an AI's hand carries on: it played its part of the turn again)
        for seat, ctl in self.sab_ctls.items():
            if isinstance(ctl, PadSaboteurControl) and seat in turn.world.catapults:
                cat = turn.world.catapults[seat]  # the keys' aim as it was left
                ctl.elevation, ctl.power = cat.aim_angle, cat.aim_power
        self.stage_t = self._frames * FRAME_DT
        self.dice_view = dict(self.match.dice_left)
        self._last_tick = math.ceil(self.match.time_left)
        self._held_last = turn.world.hand.held_block
        self._refresh_judgements()
        self.fx.notes, self.fx.noted, self.fx.refusals = {}, {}, {}
        self.fx.credits.clear()
        self.pause_on_open = True

    def _enter_judge(self, result: TurnResult) -> None:
        self.result = result
        self.stage = Stage.JUDGE
        self.stage_t = 0.0
        # The turn is scored: a save from here on holds the match after it (the recorder's
        # "turn N end" checkpoint, taken this very step, is the point its replay is cut at).
        self.safe_state = self.match.to_dict()
        self.judgements = {}
        self.built_all = False
        js = sorted(result.judgements, key=lambda j: j.slot)
        # A tile the builder never set a block on is not judged aloud: debris fallen on it
        # is no tower of theirs (the Mega was blamed for what lay on its pad).
        built = (self.turn.world.hand.built if self.turn is not None
                 else set(range(len(SLOT_RANGES))))
        self.built_slots = set(built)
        shown = [j for j in js if j.scored or ((j.progress or j.extra) and j.slot in built)]
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
        # The match's last turn deals nothing: a new tile dropping onto a pad behind the final
        # scoreboard said there was more to play (`shown_row`).
        drops = [] if self.match.is_over else \
            [(flights_end + 0.1 + 0.12 * i, slot, new)
             for i, (slot, new) in enumerate(sorted(result.replaced.items()))]
        end = max(flights_end, drops[-1][0] + DROP_SECONDS if drops else 0.0) + 0.8
        if mega_at is not None:
            end = max(end, mega_at + 3.4)
        if not shown:
            end = 1.8
            self.fx.no_towers()
        self.plan = JudgePlan(reveals, flights, drops, mega_at, end)

    def _enter_score(self) -> None:
        self.stage = Stage.SCORE
        self.stage_t = 0.0
        self.go_when_ready = False
        self.app.guard_presses()  # a press held through the judging belongs to the build
        self.shown_scores = [float(t) for t in self.match.totals()]
        self.shown_tiles = [len(w) for w in self.match.won]
        if self.match.turn % self.match.players == 0:
            self.fx.sound("round_end", 0.8)

    def _enter_ready(self) -> None:
        self.stage = Stage.READY
        self.stage_t = 0.0
        self.go_when_ready = False
        self.app.guard_presses()  # the click that closed the scores never reaches this screen
        self.ready_guard = READY_GUARD_SECONDS
        self.turn = None
        self.builder_ctl = None
        self.sab_ctls = {}
        self.result = None
        self.plan = None
        self.judgements = {}
        self.built_all = False
        self.world = self._preview_world()
        self.collected = set()
        self.collected_dice = set()
        self.turn_row = list(self.match.row)
        self.turn_builder = self.match.builder
        self.shown_scores = [float(t) for t in self.match.totals()]
        self.safe_state = self.match.to_dict()
        self.log = TurnLog(self.recorder)
        self.autosave()
        self.picker.begin()

    def _enter_over(self) -> None:
        self.stage = Stage.OVER
        self.stage_t = 0.0
        self.shown_scores = [float(t) for t in self.match.totals()]
        self.shown_tiles = [len(w) for w in self.match.won]
        self.fx.sound("game_win", 1.0)
        self._conclude()

    def _conclude(self) -> None:
        """The match is over: its replay is stored and its result recorded (saves dropped)."""
        if self.finished:
            return
        if self.recorder is not None:
            self.replay_path = store(self.recorder.finish(self.match))
        self.finish([float(t) for t in self.match.totals()], self.match.winners())

    def quit_to_menu(self) -> None:
        """Leaving during the last turn's judging ends the match as its show would: its result
        counts and no save is left to play that turn again (the one made as it began)."""
        if self.match.is_over and not self.demo:
            self._conclude()
        super().quit_to_menu()

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

    def _pointer(self, action: ActionEvent) -> bool | None:
        """The mouse device's pointer actions: where it is (in world units through the camera),
        and the mouse builder's hand or a mouse saboteur's pull. None when the action is not
        the pointer's, or is left for the stage (a click between turns)."""
        if action.device != MOUSE:
            return None
        pointer = action.action in (POINT, "primary", "secondary")
        was = self.mouse_screen  # where the pointer was before this action
        if pointer and action.pos is not None:
            self.mouse_screen = (float(action.pos[0]), float(action.pos[1]))
            self.mouse_pos = self.camera.view.to_world(self.mouse_screen)
            self._mouse_at = self.stage_t
        if self.stage != Stage.PLAY or self.turn is None or not self.turn.building:
            return None
        turn = self.turn
        b = self.builder_ctl
        button = {"primary": 1, "secondary": 3}.get(action.action)
        if button == 1 and action.pos is not None and self.hurry_offered() \
                and self.table_view.hurry_rect().collidepoint(action.pos) \
                and not (b is not None and b.holding):
            if action.pressed:
                self.toggle_hurry()
            return True  # the button's click, never the hand's
        if isinstance(b, MouseBuilderControl):
            if button is not None:
                if action.pressed:
                    b.press(turn, self.mouse_pos, button)
                    if b.die_refused:
                        # A press on a die took nothing: why, under the builder's tips.
                        b.die_refused = False
                        self.supply_note = DIE_STAYS_WORDS
                        self.supply_note_until = self._frames + round(NOTE_SECONDS / FRAME_DT)
                else:
                    b.lift(turn, self.mouse_pos, button)
                return True
            if action.action == POINT:
                b.motion(turn, self.mouse_pos)
                return True
            if action.action in ("rotate_left", "rotate_right"):
                b.wheel(turn, 1 if action.action == "rotate_left" else -1, action.fine)
                return True
            return None
        for ctl in self.sab_ctls.values():
            if isinstance(ctl, MouseSaboteurControl):
                if button == 1 and action.pressed:
                    ctl.bounds = self.camera.view.world_rect()
                    return ctl.press(turn, self.mouse_pos) or None
                if action.action == POINT:
                    if not ctl.pulling and 1 in action.buttons:
                        # The button went down before the sand turned (a stranger pressed on
                        # the catapult during the get-ready screen): the drag is a pull all
                        # the same, so the arc follows it.
                        # The pull starts where the pointer was, through today's camera.
                        ctl.bounds = self.camera.view.world_rect()
                        ctl.press(turn, self.camera.view.to_world(was))
                    ctl.motion(turn, self.mouse_pos)
                    return ctl.pulling or None
                if button == 1:
                    ctl.lift(turn, self.mouse_pos)
                    return True
        return None

    def game_action(self, action: ActionEvent) -> bool:
        handled = self._pointer(action)
        if handled is not None:
            return handled
        if self.stage == Stage.READY and self.picker.action(action):
            return True  # the builder swaps tiles (tilechoice.py)
        if self._between_turns_click(action):
            return True
        if not action.pressed or action.action == POINT:
            return False
        seats = self.seat_of(action.device)
        if not seats:
            return self._spare_keys(action)
        go = action.is_("confirm", "primary")
        if self.stage == Stage.READY:
            builder = self.seats[self.match.builder]
            if go and not builder.is_ai and builder.device == action.device:
                if self.stage_t < self.ready_guard:
                    return True  # too soon to be meant for the timer: swallowed
                self.start_turn()
                return True
            return False
        if self.stage == Stage.PLAY:
            return self._play_action(action, seats)
        # Between turns only confirm (or a click) moves on: a keyboard saboteur's fire key
        # pressed late, after the sand ran out, skipped a stranger's round-end scores unseen
        # twice (the pad's X, its fire, likewise).
        if self.stage in (Stage.JUDGE, Stage.SCORE) and action.is_("confirm"):
            self._move_on()  # (too soon on the judging: a press meant for the turn just ended)
            return True
        return False

    def _move_on(self) -> None:
        """A press that moves on from the judging or the scores: at once if they take one; on
        the scores before that, kept until they do (they invite it from their first frame)."""
        if self.stage_t >= SKIP_GUARD_SECONDS:
            self.advance()
        elif self.stage == Stage.SCORE and self.stage_t >= SCORE_REACT_SECONDS:
            self.go_when_ready = True

    def _between_turns_click(self, action: ActionEvent) -> bool:
        """The mouse moves on from the judging and the scores with a click: pressed on that
        screen and let go there without dragging. A stranger still repairing his towers when
        the sand ran out dragged on, and each drag skipped a screen: his own score unseen."""
        if action.device != MOUSE or action.action != "primary" \
                or self.stage not in (Stage.JUDGE, Stage.SCORE):
            self._click_from = None
            return False
        pos = action.pos or (round(self.mouse_screen[0]), round(self.mouse_screen[1]))
        if action.pressed:
            # (pressed on the judging too soon: the turn's press; on the scores, a fresh one)
            fresh = self.stage_t >= SKIP_GUARD_SECONDS or (
                self.stage == Stage.SCORE and self.stage_t >= SCORE_REACT_SECONDS)
            self._click_from = (self.stage, self.match.turn, pos) if fresh else None
            return True
        start, self._click_from = self._click_from, None
        if start is not None and start[:2] == (self.stage, self.match.turn) \
                and abs(pos[0] - start[2][0]) + abs(pos[1] - start[2][1]) <= CLICK_SLOP:
            self._move_on()
        return True

    def _spare_keys(self, action: ActionEvent) -> bool:
        """A keyboard set nobody plays on turns the mouse builder's block (Q / E by default)."""
        b = self.builder_ctl
        if (self.stage != Stage.PLAY or self.turn is None or action.device == MOUSE
                or action.device in self.devices_in_use()
                or not isinstance(b, MouseBuilderControl)):
            return False
        step = FINE_STEP if action.fine else ROTATE_STEP
        if action.is_("rotate_left"):
            return rotate_held(self.turn, -step)
        if action.is_("rotate_right"):
            return rotate_held(self.turn, step)
        return False

    def hurry_device(self) -> str | None:
        """The keyboard or pad whose `HURRY_ACTION` key presses "Faster" (the person done: the
        builder, else a saboteur with no die left); None with only the mouse (it clicks)."""
        b = self.builder_ctl
        seats = ([self.match.builder] if b is not None and b.kind != "ai" else []) + \
            [c.seat for c in self.sab_ctls.values() if c.human]
        return next((self.seats[s].device for s in seats if self.seats[s].device != MOUSE),
                    None)

    def _play_action(self, action: ActionEvent, seats: list[int]) -> bool:
        turn = self.turn
        if turn is None or not turn.building:
            return False
        if action.is_(HURRY_ACTION) and action.device == self.hurry_device() \
                and self.hurry_offered() and turn.world.hand.held_block is None:
            # "Faster" by its key (a stranger on the keys found none to press)
            return self.toggle_hurry()
        for seat in seats:
            b = self.builder_ctl
            if seat == self.match.builder and isinstance(b, CursorBuilderControl):
                return b.action(turn, action.action)
            ctl = self.sab_ctls.get(seat)
            if isinstance(ctl, PadSaboteurControl) and action.is_("primary", "confirm"):
                ctl.fire(turn)
                return True
            if isinstance(ctl, PadSaboteurControl) and action.pressed \
                    and ctl.nudge(turn, action.action):
                return True
        return False

    # -- logic --------------------------------------------------------------------------------

    def frame(self, frame_dt: float) -> None:
        if self.app.stack.top is self:
            self._cursor()
        if self.stage == Stage.READY and self.app.frame_count % PREWARM_EVERY == 0:
            # The next turn's close-up sprites, one every few frames while the get-ready
            # screen shows, so turning the sand timer does not stall a frame making them all.
            art.prewarm_one(art.zoom_level(BUILD_ZOOM), PREWARM_ANGLES)

    def hurry_offered(self) -> bool:
        """Whether "Speed up" is on offer: a person builds and has built all they can (every
        open tower stands finished or cannot be, an untouched Mega aside: a stranger clicked
        it mid-build out of curiosity and his own sand ran at four times the pace), with no
        block in hand and no tower they began left unfinished (`built_all`), only AIs
        aim at their towers (no person's shot to wait for), and the sand has a while to run.
        Pressed again it slows back down (the builder thought of another block)."""
        turn = self.turn
        b = self.builder_ctl
        if not (self.stage == Stage.PLAY and turn is not None and turn.building
                and b is not None and not self.demo):
            return False
        people = [c for c in self.sab_ctls.values() if c.human]
        if b.kind == "ai" and not people:
            return False  # nobody at the screen plays this turn (an all-AI match)
        # Every person at the table is done: a person builder has built all they can, their
        # hand empty, and a person saboteur has no die left (a stranger's dice were gone 25 s
        # before the sand and the AI's rebuild idled on with nothing offered).
        done = (b.kind == "ai" or (self.built_all and turn.world.hand.held_block is None)) \
            and all(self.match.dice_left.get(c.seat, 0) <= 0 for c in people)
        return self.hurried or (done and self.match.time_left > HURRY_LEAST)

    def toggle_hurry(self) -> bool:
        """The builder's "Speed up" (or "Normal speed"): True if it was on offer."""
        if not self.hurry_offered():
            return False
        self.hurried = not self.hurried
        self.hurry_broken = None
        self.fx.sound("ui_click", 0.7)
        return True

    def update(self, dt: float) -> None:
        if self.pause_on_open:
            # A turn played back from a save opens paused: the player comes back to a sand
            # timer that waits for them, not one already running under the title's click.
            # The menu comes at the frame's end: until it covers the table (`pause`), the
            # frame's other logic steps leave it still too (a long first frame ran it on).
            self.open_pause()
            return
        hurry = HURRY_SCALE if self.hurried and self.stage == Stage.PLAY else 1.0
        sdt = dt * self.time_scale * hurry
        dt *= hurry
        self.stage_t += sdt
        self.fx.update(sdt)
        self._update_camera(sdt)
        if self.stage == Stage.READY:
            if self.seats[self.match.builder].is_ai and self.stage_t >= READY_AI_SECONDS:
                self.start_turn()
        elif self.stage == Stage.PLAY:
            self._update_play(dt, sdt)
        elif self.stage == Stage.JUDGE and self.plan is not None:
            if self.stage_t - sdt < 0.25 <= self.stage_t:
                # Drawn now, before the verdicts come in, so the board slides in smoothly.
                hud.board_panel(self.table_view.board_info(self.match.is_over))
            self._judge_tick(self.stage_t - sdt, self.stage_t)
            if self.stage_t >= self.plan.end:
                if self.match.is_over:
                    self._enter_over()
                else:
                    self._enter_score()
        elif self.stage == Stage.SCORE:
            if self.stage_t - sdt < SCORE_SAVE_AT <= self.stage_t:
                self.autosave()  # the turn scored is kept, even if the window is closed now
            if self.stage_t - sdt < 1.0 <= self.stage_t:
                hud.ready_panel(self.table_view.ready_info())  # drawn now, while nothing moves
            if self.stage_t >= SCORE_SECONDS and not self.humans():
                self._enter_ready()
            elif self.go_when_ready and self.stage_t >= SKIP_GUARD_SECONDS:
                self.advance()  # the press made as the scores came up
        elif self.stage == Stage.OVER and self.match.winners():
            self.fx.celebrate(self.stage_t)  # no confetti over a draw

    def _update_play(self, dt: float, sdt: float) -> None:
        turn = self.turn
        assert turn is not None
        if turn.building:
            b = self.builder_ctl
            if b is not None and b.device and b.device != MOUSE:
                if isinstance(b, CursorBuilderControl):
                    b.fine = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
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
            self.log.in_frame = True  # (marked: a turn played back gives them here again)
            if self.builder_ctl is not None:
                self.builder_ctl.frame(turn)
            for ctl in self.sab_ctls.values():
                ctl.frame(turn)
            self.log.in_frame = False
        held, now = self._held_last, turn.world.hand.held_block
        if held is not None and held != now and turn.world.block_where(held) == Where.TABLE:
            # The builder let go: over which tile (rule notes are for their own work).
            slot = TowerWorld.slot_at(turn.world.block_pose(held)[0])
            if slot is not None:
                self._set_at[slot] = self._frames
        self._held_last = now
        for seat, ctl in self.sab_ctls.items():
            if ctl.human and ctl.refusals != self._refusals_heard.get(seat, 0):
                # A refused fire press (reloading, no dice) is answered, never swallowed.
                self._refusals_heard[seat] = ctl.refusals
                self.fx.sound("ui_error", 0.7)
        turn.step()
        self._frames += 1
        if turn.building:
            self.dice_view = dict(self.match.dice_left)
            secs = math.ceil(self.match.time_left)
            if secs < self._last_tick:
                self._last_tick = secs
                if 0 < secs <= 5:
                    self.fx.sound("timer_tick", 0.9)
        events = turn.pop_events()
        for ev in events:
            self.events_seen.append(ev)
            self._on_event(ev)

    def crossed(self, slot: int | None, key: str) -> bool:
        """Whether the outline of a `key` block on `slot` is crossed out: its tower starved
        (`starved`) and no free block of that kind left to fill it."""
        return slot in self.starved and self.free_kinds.get(key, 0) <= 0

    def _working_slot(self, turn: TurnController) -> int | None:
        """The tower the builder is working on: a keys builder's, the one Tab last fetched
        for; the mouse's, the pad its held block is over, else the one it last let go a block
        over. None before they begin one."""
        b = self.builder_ctl
        if isinstance(b, CursorBuilderControl):
            return b.fetch_for
        held = turn.world.hand.held_block
        if held is not None:
            return TowerWorld.slot_at(turn.world.block_pose(held)[0])
        return max(self._set_at, key=lambda s: self._set_at[s]) if self._set_at else None

    def _watch_supply(self, turn: TurnController, js: list[TileJudgement]) -> None:
        """Towers the free blocks can no longer finish (`controls.starved`): a tower newly
        starved of a kind is said at once ("No arch left for the Temple: take one from another
        tower"), in a keyboard builder's note or on the table for the mouse."""
        now = starved(turn, js)
        # An outline a free block can still fill is never crossed out (a stranger's Viaduct
        # showed a red X over the cube the tray's last cube then fitted: it needed two).
        self.free_kinds = free_blocks(turn, js)
        # Said only of the tower the builder is working on (any, before they begin one), and
        # of another once they turn to it ("No arch left for the Gatehouse" came up while a
        # stranger built the Mega).
        work = self._working_slot(turn)
        fresh = [(slot, kind) for slot, kind in now.items()
                 if self._starved_said.get(slot) != kind and work in (None, slot)]
        self.starved = now
        self._starved_said = {s: k for s, k in now.items()
                              if work in (None, s) or self._starved_said.get(s) == k}
        if not fresh:
            return
        slot, kind = fresh[0]
        short = shortfall(turn, js, slot)
        words = starved_words(next(j.tile_id for j in js if j.slot == slot),
                              *(short or (kind,)))
        b = self.builder_ctl
        if isinstance(b, CursorBuilderControl):
            b.note, b.note_left = words, NOTE_SECONDS
        else:
            self.supply_note = words
            self.supply_note_until = self._frames + round(NOTE_SECONDS / FRAME_DT)

    def _refresh_judgements(self) -> None:
        turn = self.turn
        if turn is None or turn.done:
            return
        new = {j.slot: j for j in turn.judgements()}
        frame = self._frames
        for slot, j in new.items():
            self.peak[slot] = max(self.peak.get(slot, 0), j.progress)
        b = self.builder_ctl
        human = b is not None and b.kind != "ai"
        js = list(new.values())
        can_finish = finishable(turn, js)
        if isinstance(b, CursorBuilderControl) and turn.building:
            b.watch_target(js, self.match.can_build_on,
                           self.app.input.word_for(b.device, "back"), can_finish)
            b.grab_key = self.app.input.word_for(b.device, "confirm")
        if human and turn.building:
            self._watch_supply(turn, js)
        # (only a person's turn may be hurried: an AI's turn skips the blocks' count). A tower
        # the builder set a block on and left unfinished is one they are still building, even
        # when the free blocks cannot finish it (the Mega begun after the small towers): a
        # stranger was offered "Faster" during his own build.
        # An untouched Mega the free blocks can still finish is left to build too: a
        # stranger was offered "Faster ×4" with seconds left for the Mega he then built.
        began = turn.world.hand.built
        self.built_all = human and all(
            j.complete or not self.match.can_build_on(j.slot)
            or (j.slot not in began and not can_finish(j.slot)) for j in js)
        for slot, j in new.items():
            quiet = frame - self._last_kaboom.get(slot, -10_000) > 2 * FALL_WINDOW
            before = self.judgements.get(slot)
            by_hand = before is not None and turn.world.hand.held_block in before.stack
            if by_hand and turn.world.hand.held_block is not None:
                self.knocks.lifted_off(turn.world.hand.held_block, slot)
            # A drop counts once it lasts (knocks.FallWatch): a jolted tower that stands back
            # up gets no KABOOM! and credits no knock.
            # Blocks on a tile the builder never let go over are debris (knocked off another
            # tower), not a tower: their fall is no knock (a playtester read "knocks the long
            # beam off the Mega tower" when debris on the Mega's pad was hit).
            built = slot in turn.world.hand.built or by_hand
            was = self.falls.seen(before, j, frame, by_hand) if built else None
            knock = None if was is None else \
                self.knocks.judged(was, j, frame, self.falls.dropped_at)
            # KABOOM! only for a die's knock: a stranger saw one as they took a wrong block off
            # their own tower, with no die in flight.
            if knock is not None and was is not None and was.progress - j.progress >= FALL_DROP \
                    and quiet:
                self._last_kaboom[slot] = frame
                self.fx.kaboom(slot)
            if knock is not None:
                # The saboteur's hit, in words and their colour (never the builder's mistake).
                said = knock_words(knock, self.voice, self.turn_builder)
                self.fx.knocked(slot, said, self.colours[knock.seat],
                                big=frame == self._last_kaboom.get(slot), seat=knock.seat)
            mine = human and frame - self._set_at.get(slot, -10_000) <= NOTE_AFTER_SET \
                and slot not in self.fx.credits
            self.fx.verdict(slot, before, j, by_hand, turn.world.hand.held_block, mine)
        self.judgements = new
        mega = next((j for j in new.values() if TILES[j.tile_id].mega), None)
        if mega is not None and mega.progress >= 1 and turn.building \
                and mega.slot in turn.world.hand.built \
                and self._mega_said != self.match.turn and mega.slot not in self.fx.credits:
            # (built there by the builder's hand: a beam a die knocked off the Needle onto the
            # Mega's pad read "You start the Mega Tower" to a stranger)
            # The Mega's first right block: a finished Mega wins outright, said by its pad
            # (a stranger's Medium built it on the last turn unannounced and won).
            self._mega_said = self.match.turn
            self.fx.credits[mega.slot] = (self.voice.says(
                self.turn_builder, "starts", "start",
                " the Mega Tower: finished, it wins outright!"), MEGA_SAID_S, theme.SPARK)
        # A human's held block over a pad whose tower wants it, where a stray block stops it
        # settling: said at once by that pad, not only in the score panel (a stranger's).
        held = turn.world.hand.held_block
        spot = None
        if human and turn.building and held is not None:
            spot = turn.blocked_spot(turn.world.block_shape(held), turn.world.block_pose(held))
        self.fx.blocked = {} if spot is None else {spot: BLOCKED_WORDS}

    def _on_event(self, ev: TurnEvent) -> None:
        self.fx.on_event(ev)
        self._count_knock(ev)
        if isinstance(ev, BlockReturned) and ev.reason == "time" and self.turn is not None:
            self.knocks.timed_out(ev.block_id, self.turn.world.block_shape(ev.block_id))
        if isinstance(ev, DieFired) and self.hurried and self.builder_ctl is not None \
                and self.builder_ctl.kind != "ai":
            # a die is coming at a person's towers: the builder gets the time to answer it
            self.hurried = False
            self.hurry_broken = self.real_time
        if isinstance(ev, TimeUp):
            if self.builder_ctl is not None and self.turn is not None:
                self.builder_ctl.frame(self.turn)  # the hand let go: it notices
        elif isinstance(ev, TurnOver):
            self._enter_judge(ev.result)

    def _count_knock(self, ev: TurnEvent) -> None:
        """A die fired or a hit, into this turn's knock ledger (live, and in a turn played
        back from a save)."""
        if isinstance(ev, DieFired):
            self.knocks.fired(ev.seat, ev.die_id)
        elif isinstance(ev, DieHit):
            self.knocks.hit(ev.die_id, ev.block_id, self._frames, self._slot_of(ev.block_id),
                            ev.speed)

    def _slot_of(self, block_id: int) -> int | None:
        """The tile a block stands on (in its tower or not), if any."""
        if self.turn is None:
            return None
        for tv in self.turn.world.reading.judge().tiles:
            if any(b.block_id == block_id for b in tv.blocks):
                return tv.slot
        return None

    # -- camera -------------------------------------------------------------------------------

    def _choose_view(self) -> None:
        """A turn with a human in it gets one view for the whole turn (camera.turn_view), cut to
        at once: the row of pads and cards, the tray, room to build. A person building gets
        the solo builder's view on a couch too (a keyboard or pad saboteur's catapult widened
        it, and moved the table, issue 16): that saboteur aims from the screen's edge, where
        their marker, power and arc are drawn (view.py). Only a mouse saboteur's catapult is
        taken in (their pull is drawn from its cup), and with an AI building, every human
        saboteur's. A table of AIs only keeps the film camera."""
        b = self.builder_ctl
        human_builder = b is not None and b.kind != "ai"
        cats = [self.world.catapults[s].slot_index for s, c in self.sab_ctls.items()
                if c.human and s in self.world.catapults
                and (not human_builder or isinstance(c, MouseSaboteurControl))]
        self._tall_since = None
        if not human_builder and not cats:
            self.turn_view = None
            return
        self._view_cats = cats
        self.turn_view = self._turn_view(TABLE_Y, cats)
        self.camera.cut(self.turn_view)
        self.mouse_pos = self.camera.view.to_world(self.mouse_screen)
        if isinstance(b, MouseBuilderControl) and not b.dragging:
            # The hand at the pointer in the turn's view: placed in the view before the cut,
            # it sat on the sand timer's number until the mouse moved (a stranger).
            b.pos = self.mouse_pos

    def _turn_view(self, tower_top: float, cats: list[int]) -> View:
        """The turn's still view (`camera.turn_view`); Watch again raises it over its bar."""
        return turn_view(tower_top, cats)

    def _hold_view(self) -> None:
        """The turn's view holds still all turn: nothing under the builder's pointer moves
        unless the player moves it (a stranger's view zoomed out by itself mid-build as his
        tower rose). A tower or a block risen under the top bar shows through it instead
        (view.py fades the bar), as one risen into its card does; the view has room for the
        Mega whole, its roof just under the name plates (`camera.turn_view`)."""
        view = self.turn_view
        assert view is not None
        if self.camera.view != view:
            self.camera.cut(view)

    def _update_camera(self, dt: float) -> None:
        """Frame the build (or the whole table between turns) and keep the pointer's world point
        under the pointer while the view moves. A turn with a human in it holds one view."""
        before = self.camera.view
        if self.stage == Stage.PLAY and self.turn is not None and self.turn_view is not None:
            self._hold_view()
        elif self.stage == Stage.PLAY and self.turn is not None:
            b = self.builder_ctl
            key = (self._frames, b.hand if b is not None else None, self._mouse_at,
                   self.camera.view)
            if self._frame_key != key:
                # Once per world frame or hand move, not per logic step.
                frame = self._build_frame()
                self._frame_key = key
                self.camera.aim(fit(frame), frame.need)
        else:
            self.turn_view = None
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

    def shown_row(self) -> list[int | None]:
        """The tiles the table shows on its pads between turns: the match's row; once the
        match is over, the last turn's row with the won tiles gone (nothing is dealt for a
        turn that will not come)."""
        if not self.match.is_over:
            return list(self.match.row)
        won = {j.slot for j in self.result.judgements if j.scored} \
            if self.result is not None else set()
        return [None if slot in won else tid for slot, tid in enumerate(self.turn_row)]

    def top_of(self, block_id: int) -> float:
        """The top of a block's bounding box (cheap: its box turned by its angle)."""
        x, y, a = self.world.block_pose(block_id)
        return _top(SHAPES[self.world.block_shape(block_id)], y, a)

    def _table_facts(self) -> tuple[float, float | None, list[tuple[int, float, float]]]:
        """The tallest tower's top, the carried block's top and the dice in flight: read from
        the world once per world frame or hand action (the camera asks every logic step)."""
        world = self.world
        held = world.hand.held_block
        key = (world.version, held, len(self.collected), len(self.collected_dice),
               tuple(world.dice))
        got = self._facts
        if got is not None and got[0] is world and got[1] == key:
            return got[2]
        lo, hi = SLOT_RANGES[0][0] - 40.0, SLOT_RANGES[-1][1] + 40.0
        tower_top = TABLE_Y
        for bid in range(len(world.blocks)):
            if bid == held or bid in self.collected or world.block_where(bid) != Where.TABLE:
                continue
            x, y, a = world.block_pose(bid)
            if lo <= x <= hi:
                tower_top = min(tower_top, _top(SHAPES[world.block_shape(bid)], y, a))
        held_top = self.top_of(held) if held is not None and \
            world.block_where(held) == Where.HELD else None
        facts = (tower_top, held_top, world.catapults.dice_in_flight())
        self._facts = (world, key, facts)
        return facts

    def _build_frame(self) -> Any:
        """What the camera must show this frame: the tiles and tray, room above the tallest
        tower, shots in flight with their catapult, and the catapults of saboteurs aiming."""
        world = self.world
        tower_top, held_top, flying = self._table_facts()
        extra: list[Rect] = []
        for seat, x, y in flying:
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
                if pulling or recent or not human_builder or ctl.feedback > 0.0 \
                        or ctl.queued:
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

    def _judge_tick(self, t0: float, t1: float) -> None:
        """The show's moments between stage times t0 and t1: verdicts, flights, drops."""
        plan = self.plan
        if plan is None:
            return
        for t, j in plan.reveals:
            if t0 < t <= t1 and ("reveal", j.slot) not in plan.fired:
                plan.fired.add(("reveal", j.slot))
                self.fx.reveal(j.slot, j.scored)
        if plan.mega_at is not None and t0 < plan.mega_at <= t1:
            self.fx.mega()
        for start, slot, tid in plan.flights:
            if t0 < start <= t1:
                self.fx.card_leaves(slot)
                self._collect(slot)
            land = start + FLIGHT_SECONDS
            if land <= t1 and slot not in plan.landed:
                plan.landed.add(slot)
                b = self.turn_builder
                self.shown_scores[b] += TILES[tid].points
                self.shown_tiles[b] += 1
                self.fx.card_lands(self.table_view.chip_centre(b), TILES[tid].points)
        for start, slot, _ in plan.drops:
            if t0 < start <= t1:
                self.fx.card_drops(slot)

    def _collect(self, slot: int) -> None:
        """A won tile leaves the table with its tower: its blocks vanish in a puff of dust."""
        if self.result is None:
            return
        for j in self.result.judgements:
            if j.slot != slot:
                continue
            for bid in j.stack:
                x, y, _ = self.world.block_pose(bid)
                self.fx.puff(x, y)
                self.collected.add(bid)
            # What rests on the tower goes with it: a die on its top hung in the air.
            blocks, dice = self.world.reading.riders(set(j.stack))
            for bid in blocks - self.collected:
                x, y, _ = self.world.block_pose(bid)
                self.fx.puff(x, y)
                self.collected.add(bid)
            for did in dice - self.collected_dice:
                x, y, _ = self.world.die_pose(did)
                self.fx.puff(x, y)
                self.collected_dice.add(did)

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.table_view.draw(surface)
