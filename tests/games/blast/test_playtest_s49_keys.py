"""Session 49: while a card was aimed by keys, S from the last player jumped to the on-screen
Back button instead of the next player. Up and Down now go round the players only (Tab and
Esc step back)."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from tests.games.blast.helpers import table
from tests.games.blast.scene_helpers import HumanHands, make_setup, open_table


def test_up_and_down_go_round_the_players_never_to_the_buttons(
        app: Any, driver: HeadlessDriver) -> None:
    m = table(3, hands={0: [D.TNT, D.STONE]},
              walls={1: [D.PALISADE, D.STONE], 2: [D.PALISADE, D.STONE, D.IRON, D.STEEL]})
    scene = open_table(app, driver, make_setup(["keys1", "hard", "medium"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    hands = HumanHands(app, driver, scene)
    hands.lift(0, D.TNT)
    assert scene.table_controls.pick.stage == "target"
    seen = []
    for direction in ("down", "down", "down", "up", "up", "up", "up"):
        hands.press("keys1", direction)
        seen.append(scene.cursor.focus_key or "")
    assert all(k.startswith(("wall:1:", "wall:2:")) for k in seen), seen
    assert {k.split(":")[1] for k in seen} == {"1", "2"}, seen  # both players reached
    assert scene.table_controls.pick.stage == "target"
    hands.press("keys1", "back")  # Tab or Esc: back, the card put down
    assert scene.table_controls.pick.stage != "target"
    app.stack.pop()
    app.stack.apply_requests()
