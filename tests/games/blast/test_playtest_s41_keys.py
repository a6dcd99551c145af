"""Session 41: keyboard targeting always began at the first wall of the first rival (a
stranger pressed eight times to reach Ana's iron wall). The aim now starts on the strongest
wall the card breaks at the leading rival; Up and Down jump between the players, Left and
Right go along one player's walls, and the bar says so."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from tests.games.blast.helpers import table
from tests.games.blast.scene_helpers import HumanHands, make_setup, open_table


def _aim(app: Any, driver: HeadlessDriver) -> tuple[Any, HumanHands]:
    """Seat 0 (keys) aims TNT: Ben holds a palisade and a stone wall, Cleo (the leader) a
    palisade, a stone wall, an iron wall and a steel wall."""
    m = table(3, hands={0: [D.TNT, D.STONE]},
              walls={1: [D.PALISADE, D.STONE], 2: [D.PALISADE, D.STONE, D.IRON, D.STEEL]})
    scene = open_table(app, driver, make_setup(["keys1", "hard", "medium"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    hands = HumanHands(app, driver, scene)
    hands.lift(0, D.TNT)
    assert scene.table_controls.pick.stage == "target"
    return scene, hands


def test_the_keys_aim_starts_on_the_leaders_strongest_breakable_wall(
        app: Any, driver: HeadlessDriver) -> None:
    scene, _hands = _aim(app, driver)
    assert scene.cursor.focus_key == "wall:2:2"  # Cleo's iron wall (TNT cannot take steel)
    said = scene.prompt()[1]
    assert "player" in said and "wall" in said and "W/S" in said and "A/D" in said, said
    app.stack.pop()
    app.stack.apply_requests()


def test_up_and_down_jump_between_players_left_and_right_stay_on_ones_walls(
        app: Any, driver: HeadlessDriver) -> None:
    scene, hands = _aim(app, driver)
    hands.press("keys1", "up")  # to Ben, on his strongest wall
    assert scene.cursor.focus_key == "wall:1:1"
    hands.press("keys1", "right")  # Ben's last wall: the focus stays on his row
    assert scene.cursor.focus_key == "wall:1:1"
    hands.press("keys1", "left")
    assert scene.cursor.focus_key == "wall:1:0"
    hands.press("keys1", "down")  # back to Cleo
    assert scene.cursor.focus_key == "wall:2:2"
    hands.press("keys1", "left")
    assert scene.cursor.focus_key == "wall:2:1"
    app.stack.pop()
    app.stack.apply_requests()
