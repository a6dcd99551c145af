"""The hand while a choice that is not a card's is made (a stranger choosing the Underminer's
wall saw his hand un-dim and look playable)."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast.data import PALISADE, PIPE, STONE, TNT, UNDERMINER
from game.games.blast.demos import _give
from game.games.blast.rules import MatchState, Options, Play
from tests.games.blast.scene_helpers import HumanHands, make_setup, open_table


def _underminer_table(app: Any, driver: HeadlessDriver, device: str) -> Any:
    """Seat 0 (a person) with the Underminer in play and cards it could still play."""
    m = MatchState(Options(2, first=0), 3)
    _give(m, 0, [UNDERMINER, PIPE, STONE, PALISADE])
    m.apply(Play(0, UNDERMINER))
    m.plays_left += 1  # a play still to make: the hand would be live but for the choice
    setup = make_setup([device, "easy"], seed=4)
    scene = open_table(app, driver, setup, {"version": 1, "match": m.to_dict()})
    driver.run(3)
    return scene


def test_the_hand_stays_dimmed_while_the_underminer_is_aimed(
        app: Any, driver: HeadlessDriver) -> None:
    scene = _underminer_table(app, driver, "mouse")
    tc = scene.table_controls
    assert scene.decider() == 0 and tc.playable  # before: cards to play, lifted
    HumanHands(app, driver, scene).point_at(0, "btn:mine")
    driver.step()
    assert tc.pick.stage == "undermine"
    hand = range(len(scene.presenter.hand))
    assert not tc.playable and tc.unplayable == set(hand)
    assert "Underminer" in (tc.reason_for(0) or "")
    cards = [t for t in scene.cursor.targets if t.key.startswith("hand:")]
    assert cards and not any(t.keys for t in cards)  # the keys never reach the hand
    seat = scene.cursor.get("seat:1")
    assert seat is not None
    seat.on_activate()  # the seat chosen (its wall not yet): still dimmed
    driver.step()
    assert tc.pick.stage == "mine" and not tc.playable and tc.unplayable == set(hand)
    tc.step_back()
    tc.step_back()
    driver.step()
    assert tc.pick.stage == "card" and tc.playable and tc.dimmed_why is None


def test_the_hand_stays_dimmed_while_an_explosive_s_wall_is_chosen(
        app: Any, driver: HeadlessDriver) -> None:
    """The same at an explosive's choice of wall: only the aimed card stays up, undimmed."""
    m = MatchState(Options(3, first=0), 3)
    _give(m, 0, [TNT, PIPE, STONE])
    scene = open_table(app, driver, make_setup(["keys1", "easy", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    tc = scene.table_controls
    hands = HumanHands(app, driver, scene)
    tnt = scene.presenter.hand.index(TNT)
    hands.point_at(0, f"hand:{tnt}")
    driver.step()
    seat2 = scene.cursor.get("seat:2")  # the panel is the mouse's (the keys go to the walls)
    assert seat2 is not None and not seat2.keys
    seat2.on_activate()
    driver.step()
    assert tc.pick.stage == "walls"
    assert not tc.playable and tc.unplayable == set(range(len(scene.presenter.hand))) - {tnt}
    assert tc.focus_index == tnt  # the aimed card stays up
    assert not any(t.keys for t in scene.cursor.targets if t.key.startswith("hand:"))
