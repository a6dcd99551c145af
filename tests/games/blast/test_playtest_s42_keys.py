"""Session 42: choosing a player for a Spy, the bar said "W A S D" but D did nothing (only S
reached Ana, sat right of Ben). With no walls to go along, Left and Right go between the
players by where they sit on screen."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from tests.games.blast.helpers import table
from tests.games.blast.scene_helpers import HumanHands, make_setup, open_table


def test_left_and_right_go_between_players_when_there_are_no_walls_to_go_along(
        app: Any, driver: HeadlessDriver) -> None:
    m = table(4, hands={0: [D.SPY, D.STONE], 1: [D.TNT], 2: [D.TNT], 3: [D.TNT]})
    scene = open_table(app, driver, make_setup(["keys1", "hard", "medium", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    hands = HumanHands(app, driver, scene)
    hands.lift(0, D.SPY)
    assert scene.table_controls.pick.stage == "target"
    seats = {t.key: t.rect for t in scene.cursor.targets if t.key.startswith("seat:")}
    assert len(seats) == 3, seats
    by_x = sorted(seats, key=lambda k: seats[k].centerx)
    assert seats[by_x[0]].centerx < seats[by_x[-1]].centerx  # they sit apart across the felt
    scene.cursor.focus_key = by_x[0]
    seen = [by_x[0]]
    for _ in range(len(by_x) - 1):
        hands.press("keys1", "right")
        seen.append(scene.cursor.focus_key)
    assert len(set(seen)) == len(seen), seen  # each press went on to another player
    pairs = zip(seen, seen[1:], strict=False)
    assert all(seats[a].centerx < seats[b].centerx for a, b in pairs), seen
    hands.press("keys1", "right")  # the rightmost player: the focus stays
    assert scene.cursor.focus_key == seen[-1]
    hands.press("keys1", "left")
    assert scene.cursor.focus_key != seen[-1]
    assert seats[scene.cursor.focus_key].centerx < seats[seen[-1]].centerx
    app.stack.pop()
    app.stack.apply_requests()

