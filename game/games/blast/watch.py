"""Watch a Kaboom! Explosive match again: the real table, every seat's decisions fed from the
replay where an AI would give its own, at the table's own seeded pace.

Nobody plays and no AI thinks: each seat is a `FeedSeat` handing the table the next recorded
action when that seat is to decide, so chains, defences and the endgame play out exactly as in
the match. The watcher cycles whose hand is shown: one seat's point of view or the table's
(public cards only). Play/pause, 0.5x-8x and step (the next action at once) come from
`WatchControls`. A demo table: it never saves, records statistics or writes a replay. Should the
file and this version disagree, play-back stops and says where.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.app.input import MOUSE
from game.app.menus.replays import FedWatch, WatchControls
from game.core.replay import FeedSeat, Replay, ReplayError
from game.games.blast.replay import RULES, fresh_state, rules_hash
from game.games.blast.rules import Action
from game.games.blast.savefmt import SAVE_VERSION
from game.games.blast.scene import BlastScene

if TYPE_CHECKING:
    from game.app.app import App

log = logging.getLogger(__name__)
TITLE = "Kaboom! Explosive"
HINT_KEYS = "keys1"
"""Whose keys the bar names while the mouse drives it (the keyboard works the bar as well)."""


class BlastWatchScene(FedWatch, BlastScene):
    """The Kaboom! Explosive table playing a replay back."""

    replaying = True

    scene_id = "blast.watch"

    def __init__(self, app: App, rep: Replay) -> None:
        setup, played_by = self.open_replay(rep, TITLE, RULES)
        start = fresh_state(rep.options, rep.seed)
        if len(setup.seats) != start.options.players:
            raise ReplayError("damaged replay: its seats and its match disagree")
        super().__init__(app, setup, {"version": SAVE_VERSION, "match": start.to_dict()}, demo=True)
        self.played_by = played_by  # the plates say who played each seat, not the stand-ins
        if rules_hash(self.state) != rules_hash(start):
            raise ValueError("the replay's deal is not the one this version deals")
        self.rep = rep
        self.feed_from(rep, Action.from_dict, "an action")
        self.ais = {s: FeedSeat(self.feed, s, self.state.is_terminal)  # type: ignore[misc]
                    for s in range(len(setup.seats))}
        # the table turned as it was played: the first person's seat at the bottom (a
        # stranger's five-seat replay sat him elsewhere, and he could not find himself)
        people = [i for i, s in enumerate(rep.setup.get("seats", []))
                  if isinstance(s, dict) and s.get("kind") != "ai"]
        if people and self.layout.home != people[0]:
            self.layout = self._layout_for(people[0])
            self.presenter.set_layout(self.layout)
        views = [f"View: {n}" for n in self.names] + ["View: table"]
        self.controls = WatchControls("Step", views)
        self._set_view(len(self.names))

    def _make_ais(self) -> None:
        """The replay plays every seat (see `__init__`)."""

    # ------------------------------------------------------------------ play-back

    def _set_view(self, index: int) -> None:
        self.controls.view_index = index
        if index < len(self.names):
            self._show_hand_of(index)
        else:
            self.presenter.set_viewer(None)

    def _ai_step(self, seat: int) -> None:
        if self.diverged is not None:
            return
        self.table_controls.refresh(None)
        if self._ai_due is None:
            self._ai_due = self.clock + self.ai_pause()
        if self.clock < self._ai_due or self._ai_action is None:
            return
        action = self._ai_action
        self._ai_action = None
        if not self._apply(action):
            self.refuse(str(self.state.why_illegal(action)))

    def update(self, dt: float) -> None:
        self.speed = self.controls.rate
        super().update(dt)

    def step_now(self) -> None:
        """Show the next action at once."""
        self.controls.paused = True
        self._ai_due = self.clock

    # ------------------------------------------------------------------ input

    def show_view(self, index: int) -> None:
        self._set_view(index)

    def watch_status(self) -> str:
        # the round the table shows (the header's), not the rules' one ahead of the animation
        return f"action {self.next_input} of {len(self.feed)}, round {self.presenter.round}"

    def watch_hint(self) -> str:
        """The bar's line of keys: the device's last used, and the keyboard's once the mouse
        has clicked the bar (its hint went blank: a stranger who clicked + up to 4x lost the
        line saying how to pause, step and change the speed)."""
        c = self.controls
        word = self.app.input.word_for
        if c.device != MOUSE:
            return c.hint(word)
        used, c.device = c.device, HINT_KEYS
        try:
            return c.hint(word)
        finally:
            c.device = used

    def draw_watch_bar(self, surface: pygame.Surface) -> None:
        why = self.why_stopped()
        status = self.watch_status() if why is None else f"stopped: {why}"
        self.controls.draw(surface, status, self.watch_hint())


def make_watch_scene(app: App, rep: Replay) -> BlastWatchScene:
    """The catalogue's way in (see game.app.menus.replays): the table playing `rep` back."""
    return BlastWatchScene(app, rep)
