"""Session 38's playtest fixes for Kaboom! Explosive (a stranger in a real window, 7/10)."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.rules import MatchState
from game.games.blast.rules.events import Traded, Undermined
from tests.games.blast.helpers import table
from tests.games.blast.scene_helpers import HumanHands, make_setup, open_table


def _open(app: Any, driver: HeadlessDriver, m: MatchState, kinds: list[str]) -> Any:
    scene = open_table(app, driver, make_setup(kinds[:m.options.players], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    return scene


def test_a_trade_says_it_ends_the_turn_and_warns_while_the_underminer_may_dig(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's "Trade 3 for 1" ended his turn unwarned and his Underminer lost its dig
    (the rulebook: a turn plays, trades or passes; the Underminer digs besides). The button
    and the bar say the trade ends the turn; with the dig unused, "Trade these 3" first
    warns, Back lets him dig, and a second press trades anyway."""
    hand = [D.PALISADE, D.STONE, D.IRON, D.FIZZLE]
    m = table(2, hands={0: hand}, characters={0: [D.UNDERMINER]})
    scene = _open(app, driver, m, ["mouse", "hard"])
    hands = HumanHands(app, driver, scene)
    trade = scene.cursor.get("btn:trade")
    assert trade is not None and trade.label == "Trade 3 for 1 (ends your turn)"
    assert "(ends your turn)" in scene.prompt()[1], scene.prompt()
    hands.point_at(0, "btn:trade")
    said = scene.prompt()[1]
    assert said.startswith("Trade (ends your turn):") and "Underminer has not dug" in said, said
    for i in (0, 1, 2):
        driver.step()
        hands.point_at(0, f"hand:{i}")
    driver.step()
    confirm = scene.cursor.get("btn:confirm")
    assert confirm is not None and confirm.label == "Trade these 3 (ends your turn)"
    hands.point_at(0, "btn:confirm")
    driver.step()
    assert not any(isinstance(e, Traded) for e in scene.state.events)  # only warned
    said = scene.prompt()[1]
    assert said.startswith("Your Underminer has not dug yet, and a trade ends your turn."), said
    assert "again to trade anyway" in said
    # Back (three times: one card back at a time, then out) and dig first
    for _ in range(4):
        if scene.table_controls.pick.stage != "trade":
            break
        hands.point_at(0, "btn:back")
        driver.step()
    assert scene.cursor.get("btn:mine") is not None
    hands.point_at(0, "btn:mine")
    driver.step()
    wall = next(t.key for t in scene.cursor.targets if t.key.startswith("wall:"))
    hands.point_at(0, wall)
    driver.run(60)
    assert any(isinstance(e, Undermined) for e in scene.state.events)


def test_a_second_press_trades_anyway_and_no_underminer_no_warning(
        app: Any, driver: HeadlessDriver) -> None:
    m = table(2, hands={0: [D.PALISADE, D.STONE, D.IRON, D.FIZZLE]},
              characters={0: [D.UNDERMINER]})
    scene = _open(app, driver, m, ["keys1", "hard"])
    hands = HumanHands(app, driver, scene)
    hands.point_at(0, "btn:trade")
    for i in (0, 1, 2):
        driver.step()
        hands.point_at(0, f"hand:{i}")
    driver.step()
    hands.point_at(0, "btn:confirm")
    driver.step()
    assert "Press " in scene.prompt()[1] and not any(
        isinstance(e, Traded) for e in scene.state.events)
    hands.point_at(0, "btn:confirm")
    assert any(isinstance(e, Traded) for e in scene.state.events)
    app.stack.pop()
    app.stack.apply_requests()
    # no Underminer: the first press trades
    m = table(2, hands={0: [D.PALISADE, D.STONE, D.IRON, D.FIZZLE]})
    scene = _open(app, driver, m, ["mouse", "hard"])
    hands = HumanHands(app, driver, scene)
    hands.point_at(0, "btn:trade")
    for i in (0, 1, 2):
        driver.step()
        hands.point_at(0, f"hand:{i}")
    driver.step()
    hands.point_at(0, "btn:confirm")
    assert any(isinstance(e, Traded) for e in scene.state.events)
