"""What the table offers a deciding human (cards, piles, buttons, where the cursor starts, what
the second action key presses) and what the bar says, one decision at a time."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from tests.games.cabo.test_scene_table import press, table, wait_idle


def offered(scene: Any) -> tuple[list[str], list[str], str | None, dict[str, str]]:
    """Cards and piles, buttons in their order, the focused key and the shortcut buttons."""
    targets = scene.cursor.targets
    return ([t.key for t in targets if t.kind != "button"],
            [t.key for t in targets if t.kind == "button"], scene.cursor.focus_key,
            scene.table_controls.shortcuts)


def test_a_drawn_power_card_offers_own_cards_the_discard_and_its_power(
        app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys1", "hard", "hard"], phase=R.Phase.DRAWN, turn=0,
                  drawn="9C")
    wait_idle(driver, scene)
    driver.step()
    places, buttons, focus, shortcuts = offered(scene)
    assert sorted(places) == ["card:0:0", "card:0:1", "card:0:2", "card:0:3", "discard"]
    assert buttons == ["btn:discard", "btn:power"]
    # no thanks: throw it away; and the power has a key of its own (a playtester found the
    # Spy button had none): the Kaboom! key, never offered beside a power
    assert shortcuts == {"rotate_right": "btn:discard", "secondary": "btn:power"}
    assert focus == "card:0:0"  # the first of the player's own cards
    power = scene.cursor.get("btn:power")
    assert power.label == "Spy on a rival's card"  # the power, named as what it does
    assert power.hint == app.input.word_for("keys1", "secondary")  # its key, always shown
    assert scene.cursor.get("btn:discard").hint == "E"
    press(app, driver, "keys1", "secondary")  # uses the power
    assert scene.state.phase is R.Phase.POWER and scene.state.power is R.Power.PEEK_OTHER
    wait_idle(driver, scene)
    driver.step()
    places, buttons, _focus, _alt = offered(scene)
    assert buttons == [] and places and all(not p.startswith("card:0:") for p in places)
    assert "choose another player's card to look at (W A S D and SPACE)" in scene.prompt()[1]


def test_the_decline_key_discards_a_drawn_card(app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys1", "hard", "hard"], phase=R.Phase.DRAWN, turn=0,
                  drawn="5C")
    wait_idle(driver, scene)
    driver.step()
    press(app, driver, "keys1", "rotate_right")
    assert scene.state.top is not None and scene.state.top.code == "5C"
    assert scene.state.drawn is None


def test_a_turn_offers_the_draw_pile_first_and_kaboom_on_the_second_key(
        app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys1", "hard", "hard"], phase=R.Phase.TURN, turn=0)
    driver.step()
    places, buttons, focus, shortcuts = offered(scene)
    assert places == ["draw"] and focus == "draw"
    assert buttons == ["btn:kaboom", "btn:draw"] and shortcuts == {"secondary": "btn:kaboom"}
    # the slap's Stop sat where Draw is now: a second click on it never calls Kaboom!
    home = scene.layout.button_row(0, 200)
    assert scene.cursor.get("btn:draw").rect.right == home.right
    assert scene.cursor.get("btn:kaboom").hint == "LEFT CTRL"
    press(app, driver, "keys1", "rotate_right")  # the decline key never calls Kaboom!
    assert scene.state.kaboomer is None and scene.state.phase is R.Phase.TURN


def test_a_blind_swap_is_two_picks_and_back_chooses_again(app: Any,
                                                          driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys1", "hard", "hard"], phase=R.Phase.POWER, turn=0,
                  power=R.Power.BLIND_SWAP)
    driver.step()
    places, buttons, _focus, _alt = offered(scene)
    assert buttons == [] and len(places) == 12  # any card of any grid
    scene.cursor.get("card:0:1").on_activate()
    driver.step()
    places, buttons, _focus, _alt = offered(scene)
    assert scene.selection == R.Pos(0, 1) and buttons == ["btn:cancel"]
    assert "card:0:1" not in places and len(places) == 11  # any other card
    assert "now the second card to swap blind (TAB to choose again)" in scene.prompt()[1]
    press(app, driver, "keys1", "back")
    assert scene.selection is None
    assert "choose the first of two cards to swap blind" in scene.prompt()[1]


def test_an_ai_about_to_give_a_card_says_so(app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys1", "hard", "hard"], phase=R.Phase.TURN, turn=1)
    scene.state.phase = R.Phase.GIVE
    assert scene.prompt() == (1, "may give a card away...")
    scene.state.phase = R.Phase.DRAWN
    assert scene.prompt() == (1, "looks at the drawn card...")
