"""Session 49: while a card was aimed by keys, S from the last player jumped to the on-screen
Back button instead of the next player. Up and Down now go round the players only (Tab and
Esc step back)."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from tests.games.blast.test_playtest_s41_keys import _aim


def test_up_and_down_go_round_the_players_never_to_the_buttons(
        app: Any, driver: HeadlessDriver) -> None:
    scene, hands = _aim(app, driver)  # seat 0 aims TNT at Ben's two walls or Cleo's four
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
