"""A tiny registered game for framework tests: a counter that each seat bumps."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import catalogue
from game.app.catalogue import GameInfo, MatchSetup, Option, SimResult
from game.app.gamescene import GameScene
from game.app.input import ActionEvent


class CounterScene(GameScene):
    scene_id = "counter"

    def __init__(self, app: Any, setup: MatchSetup, state: dict[str, Any] | None) -> None:
        super().__init__(app, setup)
        self.counts = list(state["counts"]) if state else [0] * len(setup.seats)
        self.explode = False

    def game_action(self, action: ActionEvent) -> bool:
        for seat in self.seat_of(action.device):
            if action.is_("primary"):
                self.counts[seat] += 1
                self.autosave()
                if self.counts[seat] >= int(self.setup.options["target"]):
                    self.finish([float(c) for c in self.counts], [seat])
                return True
        return False

    def update(self, dt: float) -> None:
        if self.explode:
            raise RuntimeError("boom in update")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((30, 60, 40))

    def save_state(self) -> dict[str, Any] | None:
        return {"counts": self.counts}


def register() -> GameInfo:
    info = GameInfo(
        id="counter", title="Counter", pitch="Press your action button first to the target.",
        min_players=2, max_players=4,
        make_scene=lambda app, setup, state: CounterScene(app, setup, state),
        simulate=lambda setup: SimResult.build(setup, scores=[1.0] * len(setup.seats),
                                               winners=[0], rounds=1, moves=1, seconds=0.0),
        rules_page=lambda word=None: "<b>Counter</b><br>Press your button.",
        draw_picture=lambda surf: surf.fill((200, 80, 40)),
        options=(Option("target", "Target", (3, 5, 10), 3),),
        default_players=2,
    )
    catalogue.register(info)
    return info
