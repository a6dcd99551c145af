"""Watch a Kaboom! cards match again: the real table, fed the replay's actions at their times.

Nobody plays: every seat is driven by the replay (no AI thinks, no curtain is asked for). The
watcher cycles whose hidden cards are shown: one seat's point of view (the presenter redacts
for that seat), the table's (public faces only), or all face up (the match is over: every
resting card in a grid is drawn face up, from a copy of the rules state kept at the pace of the
animations). Play/pause, 0.5x-8x and step (the next action at once) come from
`WatchControls`. A demo table: it never saves, records statistics or writes a replay.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.app.menus.replays import WatchControls, WatchTable
from game.core.replay import Replay
from game.games.cabo import art, words
from game.games.cabo import rules as R
from game.games.cabo.controls import TableControls
from game.games.cabo.replay import RULES, fresh_state, rules_hash
from game.games.cabo.scene import CaboScene
from game.tabletop.targets import Target

if TYPE_CHECKING:
    from game.app.app import App

log = logging.getLogger(__name__)
GAP = 0.8
"""Table seconds between two actions whose time the replay does not know."""


class NothingToChoose(TableControls):
    """Nobody plays a replay: no cards or buttons to choose (the bar is the only control)."""

    def build(self, seat: int | None) -> tuple[list[Target], str | None, dict[str, str]]:
        return [], None, {}


class CaboWatchScene(WatchTable, CaboScene):
    """The Kaboom! cards table playing a replay back."""

    replaying = True

    scene_id = "cabo.watch"
    controls_type = NothingToChoose

    def __init__(self, app: App, rep: Replay) -> None:
        setup, played_by = self.open_replay(rep, "Kaboom! cards", RULES)
        start = fresh_state(rep.options, rep.seed)
        super().__init__(app, setup, None, demo=True)
        self.played_by = played_by  # plates say who played each seat, not the stand-in AIs
        if rules_hash(self.state) != rules_hash(start):
            raise ValueError("the replay's deal is not the one this version deals")
        self.bots = {}
        self.rep = rep
        self.next_input = 0
        self.offset = 0.0  # added to recorded times: steps and unknown times move the clock
        self.last_due = 0.0
        self.diverged: str | None = None
        views = [f"View: {n}" for n in self.names] + ["View: table", "View: all face up"]
        self.shown = fresh_state(rep.options, rep.seed)  # the table as far as it is animated
        self.event_marks: list[int] = []  # the event count before each applied action
        self.controls = WatchControls("Step", views)
        self._set_view(0)

    # ------------------------------------------------------------------ play-back

    @property
    def all_face_up(self) -> bool:
        """The watcher chose to see every card."""
        return self.controls.view_index == len(self.names) + 1

    def _set_view(self, index: int) -> None:
        self.controls.view_index = index
        seat = index if index < len(self.names) else None
        self.presenter.set_viewer(seat)

    def _catch_up_shown(self) -> None:
        """Advance the copy of the rules state to the actions the presenter has begun to show."""
        done = len(self.shown.actions)
        while done < len(self.event_marks) and \
                self.presenter.next_event > self.event_marks[done]:
            self.shown.apply(self.state.actions[done])
            done += 1

    @property
    def voice(self) -> words.Voice:
        """A watcher is nobody at the table: every seat is named (only the seat that was
        called You keeps that name), whichever seat's hidden cards the view shows. Addressing
        the viewed seat as "you" made "You gave your card to you" of two seats."""
        return words.Voice(self.names, None, self.grid_shape)

    def default_viewer(self) -> int | None:
        """The watcher's chosen seat (None: the table, public faces only)."""
        i = self.controls.view_index if hasattr(self, "controls") else 0
        return i if i < len(self.names) else None

    def _due(self) -> float:
        t = self.rep.inputs[self.next_input][2]
        return (self.last_due + GAP if t is None else t) + self.offset

    def update(self, dt: float) -> None:
        self.speed = self.controls.rate
        super().update(dt)

    def _decide(self) -> None:
        if self.next_input >= len(self.rep.inputs) or self.diverged is not None:
            if self.state.is_terminal():
                super()._decide()  # the final score sheet
            return
        if self.clock >= self._due():
            self.play_next()

    def play_next(self) -> bool:
        """Apply the replay's next action now; False at the end or where it cannot apply."""
        if self.next_input >= len(self.rep.inputs) or self.diverged is not None:
            return False
        due = self._due()
        if due > self.clock:
            self.offset -= due - self.clock  # a step: later actions keep their spacing
            due = self.clock
        self.last_due = due - self.offset
        step, _seat, _t, payload = self.rep.inputs[self.next_input]
        self.next_input += 1
        try:
            action = R.Action.from_dict(payload)
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            self.diverged = f"input {self.next_input - 1} is not an action ({err})"
            return False
        before = len(self.state.events)
        if step != self.state.move or not self._apply(action):
            self.diverged = f"step {step}: {action} cannot be played here"
            log.warning("replay play-back stopped: %s", self.diverged)
            return False
        self.event_marks.append(before)
        return True

    # ------------------------------------------------------------------ input

    def step_now(self) -> None:
        self.controls.paused = True
        self.play_next()

    def show_view(self, index: int) -> None:
        self._set_view(index)

    # ------------------------------------------------------------------ drawing

    def draw_watched(self, surface: pygame.Surface) -> None:
        if self.all_face_up and not self.show_scores:
            self._draw_faces(surface)

    def watch_status(self) -> str:
        return f"action {self.next_input} of {len(self.rep.inputs)}, round {self.state.round}"

    def _draw_faces(self, surface: pygame.Surface) -> None:
        """Every resting grid card face up, as the animated table stands."""
        self._catch_up_shown()
        ox, oy = self.presenter.effects.offset()
        for seat, grid in enumerate(self.presenter.grids):
            for slot, sprite in enumerate(grid):
                if sprite is None or not sprite.visible or sprite.busy or sprite.showing_face:
                    continue
                card = self.shown.card_at(R.Pos(seat, slot))
                if card is None:
                    continue
                # the table's own face, its value badge too (a stranger's Watch again showed
                # bare faces, no values)
                img = art.face(card.code, sprite.w, sprite.h)
                surface.blit(img, img.get_rect(center=(round(sprite.x + ox),
                                                       round(sprite.y + oy - sprite.lift))))

    def prompt(self) -> tuple[int | None, str]:
        if self.state.is_terminal() and self.next_input >= len(self.rep.inputs):
            return None, "The end of the replay"
        return super().prompt()


def make_watch_scene(app: App, rep: Replay) -> CaboWatchScene:
    """The catalogue's way in (see game.app.menus.replays): the table playing `rep` back."""
    return CaboWatchScene(app, rep)
