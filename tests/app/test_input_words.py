"""One vocabulary for a device's controls, and the seat helpers every game scene shares."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.catalogue import MatchSetup, Seat
from game.app.gamescene import GameScene
from game.app.input import PAD_BUTTONS, PAD_WORDS, InputManager
from game.app.menus.howto import controls_page
from game.core.settings import DEFAULT_KEYS1, DEFAULT_KEYS2
from game.tabletop.curtain import open_hint


def test_each_kind_of_device_names_its_controls(app: Any) -> None:
    im: InputManager = app.input
    assert im.word_for("mouse", "confirm") == "click"
    assert im.word_for("mouse", "back") == "right-click"
    assert im.word_for("pad1", "confirm") == "A" and im.word_for("pad0", "primary") == "X"
    assert im.word_for("keys1", "confirm") == "SPACE"
    assert im.word_for("keys2", "confirm") == "RETURN"
    assert im.word_for("keys1", "move") == "W A S D"
    # the arrows by their name (a stranger read "UP LEFT DOWN RIGHT and RETURN" as debug)
    assert im.word_for("keys2", "move") == "ARROW KEYS"


def test_every_gamepad_button_has_a_word_matching_its_action() -> None:
    words = {PAD_WORDS[action] for action in PAD_BUTTONS.values()}
    assert {"A", "B", "X", "Y", "LB", "RB", "Start"} <= words
    assert PAD_BUTTONS[pygame.CONTROLLER_BUTTON_A] == "confirm" and PAD_WORDS["confirm"] == "A"


def test_keyboard_words_follow_the_bindings_everywhere(app: Any) -> None:
    app.input.set_bindings(dict(DEFAULT_KEYS1, confirm="f", primary="g"), DEFAULT_KEYS2)
    assert app.input.word_for("keys1", "confirm") == "F"
    assert open_hint(app, "keys1") == "press F"
    assert open_hint(app, "pad0") == "press A on Gamepad 1"
    assert open_hint(app, "mouse") == "click anywhere"
    page = controls_page(app)
    assert "F confirm" in page and "G action" in page and "A confirm, B back" in page


def test_game_words_come_from_the_input_layer(app: Any) -> None:
    from game.games.cabo.hud import device_words

    app.input.set_bindings(dict(DEFAULT_KEYS1, confirm="f", primary="g"), DEFAULT_KEYS2)
    assert device_words(app.input, "keys1")["choose"] == "F"
    assert device_words(app.input, "keys1")["slap"] == "G"
    assert device_words(app.input, "pad0") == {"choose": "A", "move": "the stick", "slap": "X",
                                               "back": "B", "alt": "Y", "look": "LB"}
    assert device_words(app.input, "mouse")["slap"] == "click the discard pile"


def test_seat_helpers_live_in_the_game_scene_base(app: Any) -> None:
    seats = [Seat("A", "#ffffff", "human", device="keys1"), Seat("B", "#ffffff", "ai"),
             Seat("C", "#ffffff", "human", device="pad0")]
    scene = GameScene(app, MatchSetup("cabo", seats, {}, 1))
    assert scene.humans() == [0, 2]
    assert scene.is_human(2) and not scene.is_human(1) and not scene.is_human(7)
    assert scene.device_of(2) == "pad0"
    assert scene.seats_for("pad0") == [2] and scene.seats_for("mouse") == []
    lone = GameScene(app, MatchSetup("cabo", seats[:2], {}, 1))
    assert lone.seats_for("mouse") == [0]  # a lone human may use any device
    assert lone.seat_of("mouse") == []  # seat_of stays strict


def test_tower_prompts_use_the_same_words(app: Any) -> None:
    from game.app import catalogue
    from game.games.tower.scene import TowerScene

    app.input.set_bindings(dict(DEFAULT_KEYS1, confirm="f", secondary="h"), DEFAULT_KEYS2)
    info = catalogue.get("tower")
    assert info is not None
    seats = [Seat("A", "#ffffff", "human", device="keys1"), Seat("B", "#ffffff", "ai")]
    scene = info.make_scene(app, MatchSetup("tower", seats, info.default_options(), 3), None)
    assert isinstance(scene, TowerScene)
    assert scene.confirm_word("keys1") == "Press F"
    assert scene.confirm_word("pad0") == "Press A" and scene.confirm_word("mouse") == "Click"
    assert scene.builder_hint("keys1") == [
        "TAB: the gold-ringed card's next block, over its spot · F lets go (and grabs) · "
        "Q / E: another tower",
        "WASD move the hand (hold Shift: slow) · H turns a held block 90° · Shift + Q / E: "
        "finely"]
    assert scene.builder_hint("pad0") == [
        "B: the gold-ringed card's next block, over its spot · A lets go (and grabs) · "
        "LB / RB: another tower",
        "Stick moves the hand · Y turns a held block 90°"]
    assert scene.saboteur_hint("pad0").endswith("X fires")
