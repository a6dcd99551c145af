"""One press never plays a card the player did not choose (a stranger's single Space after a
hand-off built a Palisade the game had focused for him; one click brought in his Underminer):
every device arms a card with nothing to aim at, a second press or click plays it, Back puts
it down."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast.data import FIZZLE, PALISADE, PRODUCTIVITY, STONE, UNDERMINER
from game.games.blast.rules import MatchState, Play
from game.games.blast.rules.events import Played
from game.tabletop.curtain import PassCurtain
from tests.games.blast.helpers import table
from tests.games.blast.scene_helpers import HumanHands, make_setup, open_table


def _open(app: Any, driver: HeadlessDriver, m: MatchState, device: str) -> Any:
    setup = make_setup([device, "easy"], seed=4)
    scene = open_table(app, driver, setup, {"version": 1, "match": m.to_dict()})
    driver.run(3)
    return scene


def _played(scene: Any) -> list[str]:
    return [e.card for e in scene.state.events if isinstance(e, Played) and e.seat == 0]


def test_the_keys_first_press_only_arms_the_focused_card(
        app: Any, driver: HeadlessDriver) -> None:
    m = table(2, hands={0: [PALISADE, FIZZLE]}, walls={0: [PALISADE]})
    scene = _open(app, driver, m, "keys1")
    hands = HumanHands(app, driver, scene)
    tc = scene.table_controls
    assert scene.decider() == 0 and scene.cursor.focus_key == "hand:0"  # the turn's start
    hands.press("keys1", "confirm")
    driver.step()
    assert _played(scene) == [] and tc.pick.stage == "armed" and tc.pick.card == PALISADE
    assert tc.focus_index == 0 and scene.cursor.focus_key == "btn:play"  # lifted, Play next
    assert "again to play it" in scene.prompt()[1]
    hands.press("keys1", "back")  # Back puts it down
    driver.step()
    assert _played(scene) == [] and tc.pick.stage == "card"
    assert scene.cursor.focus_key == "hand:0"
    hands.press("keys1", "confirm")
    driver.step()
    hands.press("keys1", "confirm")  # the second press plays it
    assert _played(scene) == [PALISADE]


def test_the_mouse_arms_every_card_and_a_second_click_plays_it(
        app: Any, driver: HeadlessDriver) -> None:
    """Every card is lifted by its first click, wall and character alike, as the keys' first
    press lifts it: two strangers found one-click walls beside two-click characters a trap."""
    for card in (UNDERMINER, PALISADE):
        m = table(2, hands={0: [PALISADE, UNDERMINER]})
        m.turn = 2 * 3  # round 4
        scene = _open(app, driver, m, "mouse")
        hands = HumanHands(app, driver, scene)
        tc = scene.table_controls
        mine = f"hand:{scene.presenter.hand.index(card)}"
        assert hands.point_at(0, mine)
        driver.step()
        assert _played(scene) == [] and tc.pick.stage == "armed" and tc.pick.card == card
        assert "click it again" in scene.prompt()[1]
        tc.step_back()  # Back (right click) puts it down
        driver.step()
        assert _played(scene) == [] and tc.pick.stage == "card"
        assert hands.point_at(0, mine)
        driver.step()
        assert hands.point_at(0, mine)  # the lifted card clicked again: played
        assert _played(scene) == [card]
        app.stack.pop()
        app.stack.apply_requests()


def test_the_play_button_plays_an_armed_card(app: Any, driver: HeadlessDriver) -> None:
    m = table(2, hands={0: [PALISADE, UNDERMINER]})
    scene = _open(app, driver, m, "mouse")
    hands = HumanHands(app, driver, scene)
    assert hands.point_at(0, f"hand:{scene.presenter.hand.index(PALISADE)}")
    driver.step()
    assert _played(scene) == []
    assert hands.point_at(0, "btn:play")
    assert _played(scene) == [PALISADE]


def test_after_a_hand_off_one_space_plays_nothing(app: Any, driver: HeadlessDriver) -> None:
    """Two keyboard players on a couch: Ana takes the screen behind her curtain, her hand shows
    with the Palisade focused, and her first Space only arms it."""
    m = table(2, hands={0: [PALISADE, FIZZLE]}, walls={0: [PALISADE]})
    scene = open_table(app, driver, make_setup(["keys1", "keys2"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    hands = HumanHands(app, driver, scene)
    assert driver.run_until(lambda: isinstance(app.stack.top, PassCurtain), 200)
    assert hands.act()  # the hand-off: Ana's Space lifts her curtain
    assert driver.run_until(lambda: scene.decider() == 0 and bool(scene.cursor.targets), 200)
    assert scene.cursor.focus_key == "hand:0"
    hands.press("keys1", "confirm")
    driver.run(5)
    assert _played(scene) == [] and scene.table_controls.pick.stage == "armed"


def test_a_wasted_productivity_armed_by_the_keys_says_press_again(
        app: Any, driver: HeadlessDriver) -> None:
    """The warning of a second Productivity names the press where the keys stand (its Play
    button), not "on it", the card the keys can no longer reach once it is armed."""
    m = table(2, hands={0: [PRODUCTIVITY, PRODUCTIVITY, PALISADE, STONE]})
    assert m.apply(Play(0, PRODUCTIVITY)) is None
    scene = _open(app, driver, m, "keys1")
    hands = HumanHands(app, driver, scene)
    assert hands.point_at(0, f"hand:{scene.presenter.hand.index(PRODUCTIVITY)}")
    driver.step()
    assert hands.point_at(0, "btn:play")
    said = scene.prompt()[1]
    assert "again to play it anyway" in said and "on it" not in said, said
    assert _played(scene) == [PRODUCTIVITY]
    assert hands.point_at(0, "btn:play")
    assert _played(scene) == [PRODUCTIVITY, PRODUCTIVITY]


def test_after_a_play_the_keys_come_back_where_the_card_was(
        app: Any, driver: HeadlessDriver) -> None:
    """The keys stand by the card just played, not on the hand's first card (a stranger
    walked back along the hand after every play)."""
    m = table(2, hands={0: [FIZZLE, STONE, PRODUCTIVITY, PALISADE, STONE]})
    scene = _open(app, driver, m, "keys1")
    hands = HumanHands(app, driver, scene)
    hand = list(scene.presenter.hand)
    at = hand.index(PRODUCTIVITY)
    assert scene.cursor.focus_key != f"hand:{at}"
    scene.cursor.focus_key = f"hand:{at}"
    hands.press("keys1", "confirm")
    driver.step()
    hands.press("keys1", "confirm")
    assert _played(scene) == [PRODUCTIVITY]
    assert driver.run_until(lambda: scene.decider() == 0 and scene.table_controls.pick.stage
                            == "card" and bool(scene.cursor.targets), 300)
    live = sorted(scene.table_controls.playable)
    assert len(live) >= 2
    assert scene.cursor.focus_key == f"hand:{min(live, key=lambda i: (abs(i - at), i))}"
    assert scene.cursor.focus_key != f"hand:{live[0]}"
