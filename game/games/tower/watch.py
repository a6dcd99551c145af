"""Watch a Tower Kaboom match again: the real table, its turns fed the replay's control inputs.

No controller and no AI runs: before each logic step the inputs recorded for that step go to the
`TurnController` exactly as the seats' controllers gave them, so the fixed-step physics plays the
same match. The builder's recorded tile choices are made on the get-ready screen, where the
cards are seen changing places. Play/pause and 0.5x-8x scale the table's time; "End this turn"
runs the rest of the turn at once. A demo table: it never saves, records statistics or writes a
replay.
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import pygame

from game.app.input import MOUSE, POINT, ActionEvent
from game.app.menus.replays import WatchControls, WatchTable
from game.core.replay import Replay, ReplayError
from game.games.tower import art
from game.games.tower.camera import TRAY_BOTTOM, View, turn_view
from game.games.tower.data import CATAPULT_SLOTS, TABLE_Y, VIEW_W
from game.games.tower.replay import RULES, apply_choice, apply_input, fresh_match, is_choice
from game.games.tower.rules import MatchState
from game.games.tower.scene import Stage, TowerScene
from game.games.tower.view import TowerView
from game.ui import text, theme

if TYPE_CHECKING:
    from game.app.app import App

log = logging.getLogger(__name__)
BAR = pygame.Rect(190, 668, 900, 46)
"""The play-back bar: along the bottom edge, over the tray's rim, clear of the tiles' cards
at the top and of the towers."""
WIDE_BAR = pygame.Rect(10, 668, 1260, 46)
"""The bar with larger text: the screen's width (under the catapults, over the tray as BAR)."""
STRIP_GAP = 10
"""Screen pixels of the bar's strip above the bar: the tray ends over it."""
SKIP_LIMIT = 60 * 600
"""Logic steps "End this turn" runs at most (ten minutes of table time)."""


class TowerWatchScene(WatchTable, TowerScene):
    """The Tower Kaboom table playing a replay back."""

    replaying = True

    scene_id = "tower.watch"

    def __init__(self, app: App, rep: Replay) -> None:
        setup, played_by = self.open_replay(rep, "Tower Kaboom", RULES)
        start = fresh_match(rep.options, rep.seed)
        super().__init__(app, setup, None, demo=True)
        self.played_by = played_by  # the panels say who played each seat, not the stand-ins
        dealt, wanted = dict(self.safe_state), start.to_dict()  # as dealt, before any choice
        dealt.pop("names")
        wanted.pop("names")
        if dealt != wanted:
            raise ValueError("the replay's match is not the one this version deals")
        self.match = start  # the names the match was recorded with (simulate names its AIs)
        self.safe_state = self.match.to_dict()
        self.rep = rep
        self.step_no = 0
        self.next_input = 0
        self.diverged: str | None = None
        self.controls = TowerWatchControls("End this turn")
        self.picker.chooser = self._recorded_choices
        self.picker.begin()
        self.table_view = WatchView(self)

    # -- play-back ----------------------------------------------------------------------------

    def _make_controls(self) -> None:
        self.builder_ctl = None  # the replay's inputs are the only hands at the table
        self.sab_ctls = {}

    def _sync_controls(self) -> None:
        """No controller to keep in step with its seat."""

    def _choose_view(self) -> None:
        """Each turn in the still view play gives people (`camera.turn_view`): every pad, the
        tray and every catapult. The film camera of an AI-only table came in closer than play
        and cut the leftmost pad (a playtester's Watch again)."""
        used = {c.slot_index for c in self.world.catapults.values()}
        # With the empty spot across from each catapult, so the row stays in the middle.
        cats = sorted(used | {i for i, s in enumerate(CATAPULT_SLOTS)
                              for u in used if abs(s.x + CATAPULT_SLOTS[u].x - VIEW_W) < 1.0})
        self._tall_since = None
        self._view_cats = cats
        self.turn_view = self._turn_view(TABLE_Y, cats)
        self.camera.cut(self.turn_view)
        self.mouse_pos = self.camera.view.to_world(self.mouse_screen)

    def _turn_view(self, tower_top: float, cats: list[int]) -> View:
        """The still view, raised so the tray sits over the play-back bar (the bar covered
        the tray's front row): the table's foot goes under the bar's own strip."""
        v = turn_view(tower_top, cats)
        top = min(BAR.top, WIDE_BAR.top) - STRIP_GAP
        y0 = max(v.y0, TRAY_BOTTOM + 2.0 - top / v.zoom)
        self.camera.below = max(self.camera.below, y0 - v.y0)
        return View(v.zoom, v.x0, y0)

    def _world_frame(self) -> None:
        turn = self.turn
        assert turn is not None
        inputs = self.rep.inputs
        while self.diverged is None and self.next_input < len(inputs) and \
                inputs[self.next_input][0] == self.step_no and not turn.done:
            _, seat, _, payload = inputs[self.next_input]
            try:
                problem = apply_input(turn, self.next_input, seat, payload, self.match.players)
            except ReplayError as err:
                problem = str(err)
            if problem is not None:
                self.diverged = problem
                log.warning("replay play-back stopped: %s", problem)
            self.next_input += 1
        was_done = turn.done
        super()._world_frame()
        if not was_done:
            self.step_no += 1

    def _recorded_choices(self, match: MatchState) -> list[tuple[int, int]]:
        """The builder's tile choices recorded before this turn, made on `match`."""
        made: list[tuple[int, int]] = []
        inputs = self.rep.inputs
        while self.diverged is None and self.next_input < len(inputs) and \
                inputs[self.next_input][0] == self.step_no and \
                is_choice(inputs[self.next_input][3]):
            _, seat, _, payload = inputs[self.next_input]
            try:
                problem = apply_choice(match, self.next_input, seat, payload)
            except ReplayError as err:
                problem = str(err)
            if problem is not None:
                self.diverged = problem
                log.warning("replay play-back stopped: %s", problem)
            else:
                made.append((int(payload[1]), int(payload[2])))
            self.next_input += 1
        return made

    def update(self, dt: float) -> None:
        self.time_scale = self.controls.rate
        super().update(dt)

    def skip_turn(self) -> None:
        """Run the rest of this turn at once (or start the next one from between turns)."""
        if self.stage != Stage.PLAY:
            self.advance()
            return
        for _ in range(SKIP_LIMIT):
            if self.stage != Stage.PLAY:
                break
            self._world_frame()

    # -- input --------------------------------------------------------------------------------

    def step_now(self) -> None:
        self.skip_turn()

    def watch_status(self) -> str:
        """Where the play-back is, in a player's words and short enough for the bar: the turn
        and its builder, and the sand left while a turn is built (a stranger read "step 1157"
        as nothing; the round is on the table's own header)."""
        m = self.match
        if self.stage == Stage.OVER or m.is_over:
            return "The match is over"
        turns = m.total_turns
        # The game's voice with the watcher's names: "You build", "Ben builds" (a stranger read
        # "You builds").
        who = self.voice.says(m.builder, "builds", "build")
        where = f"Turn {min(m.turn + 1, turns)}/{turns}: {who}"
        if self.stage == Stage.PLAY and self.turn is not None and self.turn.building:
            return f"{where}, {math.ceil(m.time_left)} s left"
        return where

    def game_action(self, action: ActionEvent) -> bool:
        if action.device == MOUSE and action.pos is not None \
                and action.action in (POINT, "primary", "secondary"):
            self.mouse_pos = (float(action.pos[0]), float(action.pos[1]))
        return super().game_action(action)


class TowerWatchControls(WatchControls):
    """The play-back bar between the catapults; with larger text it takes the screen's width
    (`WIDE_BAR`), so the device's keys fit whole beside the buttons (they ended '...next…',
    'back' lost). Laid out again whenever the text size changes, the play-back kept."""

    def __init__(self, step_word: str) -> None:
        super().__init__(step_word, bar=BAR)
        self._scale = 1.0
        self.fit()

    def fit(self) -> None:
        """The bar and its buttons for the current text size."""
        scale = text.scale()
        if scale == self._scale:
            return
        kept = (self.paused, self.rate_index, self.view_index, self.device)
        super().__init__(self.step_word, self.views, WIDE_BAR if scale > 1.0 else BAR)
        self.paused, self.rate_index, self.view_index, self.device = kept
        self._scale = scale

    def command(self, action: ActionEvent) -> str | None:
        self.fit()  # a click finds the buttons where they are drawn
        return super().command(action)

    def draw(self, surface: pygame.Surface, status: str, hint: str = "") -> None:
        self.fit()
        super().draw(surface, status, hint)


class WatchView(TowerView):
    """The table as played back, with the play-back bar over it."""

    scene: TowerWatchScene

    def __init__(self, scene: TowerWatchScene) -> None:
        super().__init__(scene)
        self.scene = scene

    def draw(self, surface: pygame.Surface) -> None:
        """The table, raised over the play-back bar's own strip along the bottom (the table's
        foot under it), where the bar is drawn next."""
        super().draw(surface)
        top = min(BAR.top, WIDE_BAR.top) - STRIP_GAP
        strip = pygame.Rect(0, top, surface.get_width(), surface.get_height() - top)
        surface.fill(theme.INK, strip)
        pygame.draw.line(surface, theme.LINE, strip.topleft, (strip.right, strip.top), 2)

    def draw_hand(self, surface: pygame.Surface, v: View, ox: int, oy: int) -> None:
        """The builder's hand wherever the replay holds a block (no controller draws it)."""
        sc = self.scene
        hand = sc.world.hand.position if sc.stage == Stage.PLAY else None
        if hand is None:
            return
        sprite = art.hand_sprite(sc.colours[sc.match.builder], True)
        hx, hy = self.to_screen(hand)
        surface.blit(sprite, (hx - 20, hy - 22))  # to_screen includes the shake


def make_watch_scene(app: App, rep: Replay) -> TowerWatchScene:
    """The catalogue's way in (see game.app.menus.replays): the table playing `rep` back."""
    return TowerWatchScene(app, rep)
