"""Playtest, session 29: with an RPG's first wall chosen on a rival's row, Right (D) moved the
keys' cursor LEFT to another wall (nothing lay to the right, so it wrapped round the row). The
second wall's choice moves the way pressed, in the row's screen order, and stops at its end."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.demos import _give
from game.games.blast.rules import MatchState, Options
from tests.games.blast.scene_helpers import key_event, make_setup, open_table


def _rpg_duel() -> MatchState:
    m = MatchState(Options(2, first=0), 5)
    _give(m, 0, [D.RPG])
    assert m.current == 0 and m.conserved() and len(m.players[1].walls) >= 4
    return m


def _press(app: Any, driver: HeadlessDriver, action: str) -> None:
    driver.step([key_event(app, "keys1", action, True)])
    driver.step([key_event(app, "keys1", action, False)])


def _wall_x(scene: Any, key: str | None) -> int:
    t = scene.cursor.get(key)
    assert t is not None and key is not None and key.startswith("wall:"), key
    return int(t.rect.centerx)


@pytest.mark.parametrize("first", [0, 2, -1])
def test_the_second_walls_keys_move_the_way_pressed(app: Any, driver: HeadlessDriver,
                                                    first: int) -> None:
    scene = open_table(app, driver, make_setup(["keys1", "easy"], seed=5),
                       {"version": 1, "match": _rpg_duel().to_dict()})
    driver.run_until(lambda: scene.decider() == 0 and bool(scene.cursor.targets), 600)
    hand = list(scene.presenter.hand)
    scene.cursor.focus_key = f"hand:{hand.index(D.RPG)}"
    scene.cursor.focused().on_activate()
    driver.step()
    walls = scene.presenter.seats[1].walls
    at = first % len(walls)
    scene.cursor.focus_key = f"wall:1:{at}"
    scene.cursor.focused().on_activate()
    driver.step()
    assert scene.table_controls.pick.stage == "walls"
    left = sorted(_wall_x(scene, t.key) for t in scene.cursor.targets
                  if t.key.startswith("wall:"))
    assert len(left) == len(walls) - 1
    # Right from each wall: the next one to its right on screen, or it stays at the row's end
    for _ in range(len(walls) + 1):
        x = _wall_x(scene, scene.cursor.focus_key)
        _press(app, driver, "right")
        after = _wall_x(scene, scene.cursor.focus_key)
        further = [v for v in left if v > x]
        assert after == (further[0] if further else x), (x, after, left)
    # and Left back along the row the same way
    for _ in range(len(walls) + 1):
        x = _wall_x(scene, scene.cursor.focus_key)
        _press(app, driver, "left")
        after = _wall_x(scene, scene.cursor.focus_key)
        nearer = [v for v in left if v < x]
        assert after == (nearer[-1] if nearer else x), (x, after, left)
    assert scene.table_controls.pick.stage == "walls"  # nothing was chosen by a move
    assert pygame.K_d == pygame.key.key_code(app.input.bindings["keys1"]["right"])
