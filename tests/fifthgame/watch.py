"""Watch a Dice Race match again: the real table, fed the replay's actions in order.

Nobody plays; every seat's decision is the next recorded one, at the recorded time (or a short
gap when it is unknown). The bar's play/pause, speed and step come from `WatchControls`; a
demo table, it never saves, records statistics or writes a replay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.menus.replays import WatchControls, WatchTable
from game.core.replay import Replay
from tests.fifthgame import rules as R
from tests.fifthgame.replay import RULES, TITLE, rules_hash
from tests.fifthgame.scene import DiceScene
from tests.fifthgame.words import prompt

if TYPE_CHECKING:
    from game.app.app import App

GAP = 0.6
"""Table seconds between two actions whose time the replay does not know."""


class DiceWatchScene(WatchTable, DiceScene):
    """The Dice Race table playing a replay back."""

    replaying = True
    scene_id = "dicerace.watch"
    log_rect = pygame.Rect(40, 600, 1200, 56)  # the watch bar takes the bottom

    def __init__(self, app: App, rep: Replay) -> None:
        setup, played_by = self.open_replay(rep, TITLE, RULES)
        super().__init__(app, setup, None, demo=True)
        self.played_by = played_by
        self.bots = {}
        self.rep = rep
        self.next_input = 0
        self.clock = 0.0
        self.due = 0.0
        self.diverged: str | None = None
        self.controls = WatchControls("Step")

    def update(self, dt: float) -> None:
        self.clock += dt * self.controls.rate * (0.0 if self.controls.paused else 1.0)
        if self.next_input < len(self.rep.inputs) and self.clock >= self._due():
            self.step_now()

    def _due(self) -> float:
        t = self.rep.inputs[self.next_input][2]
        return self.due + GAP if t is None else max(t, self.due)

    def step_now(self) -> None:
        """Apply the next recorded action at once (nothing after a divergence or the end)."""
        if self.diverged is not None or self.next_input >= len(self.rep.inputs):
            return
        step, seat, _t, payload = self.rep.inputs[self.next_input]
        try:
            action = R.Action.from_dict(payload)
        except ValueError as err:
            self.diverged = f"input {self.next_input} is not an action ({err})"
            return
        if seat != self.state.turn or not self.act(action):
            self.diverged = f"input {self.next_input}: seat {seat} cannot {action.kind} there"
            return
        self.next_input += 1
        self.due = max(self.clock, self._due() if self.next_input < len(self.rep.inputs)
                       else self.clock)
        self.clock = max(self.clock, self.due)
        if self.next_input == len(self.rep.inputs) and \
                rules_hash(self.state) != self.rep.final_hash:
            self.diverged = "the match ended another way than the file"

    def watch_status(self) -> str:
        return f"action {self.next_input} of {len(self.rep.inputs)}"

    def prompt_words(self) -> str:
        return prompt(self.voice, self.state, "", "")


def make_watch_scene(app: App, rep: Replay) -> DiceWatchScene:
    """The table playing `rep` back (ReplayError or ValueError when it cannot)."""
    return DiceWatchScene(app, rep)
