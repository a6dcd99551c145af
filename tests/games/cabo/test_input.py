"""The table hears devices only through the input layer: the pointer is actions of the mouse,
and every word a prompt uses for a control is the input layer's word for that device."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.core.settings import DEFAULT_KEYS1, DEFAULT_KEYS2
from game.games.cabo import rules as R
from game.games.cabo.scene import CaboScene
from tests.games.cabo.scene_helpers import key_event, make_setup, open_table
from tests.games.cabo.test_scene_table import GRIDS, click, table


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def test_no_raw_pygame_events_in_the_table() -> None:
    from game.app.scene import Scene

    assert CaboScene.handle_event is Scene.handle_event


def test_the_pointer_hovers_a_button_with_a_tick(app: Any, driver: HeadlessDriver) -> None:
    sounds: list[str] = []
    app.sound.play = lambda name, *a, **k: sounds.append(name)  # type: ignore[method-assign]
    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.TURN, turn=0)
    driver.step()
    kaboom = scene.cursor.get("btn:kaboom")
    assert kaboom is not None and scene.cursor.hover_key is None
    driver.step([motion(kaboom.rect.center)])
    assert scene.cursor.hover_key == "btn:kaboom" and sounds == ["ui_hover"]
    driver.step([motion((kaboom.rect.centerx + 1, kaboom.rect.centery))])
    assert sounds == ["ui_hover"]  # still on the same button: no second tick
    driver.step([motion((5, 5))])
    assert scene.cursor.hover_key is None
    driver.step([motion(scene.layout.draw_pos)])
    assert scene.cursor.hover_key == "draw" and sounds == ["ui_hover"]  # piles hover silently


def test_a_lone_player_moving_the_mouse_gets_mouse_prompts(app: Any,
                                                           driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys1", "hard", "hard"], phase=R.Phase.TURN, turn=0)
    driver.step()
    assert "click" not in scene.prompt()[1]
    driver.step([motion((640, 360))])
    assert scene.last_device == "mouse"
    assert "click on the draw pile" in scene.prompt()[1]


def test_the_window_moving_under_a_still_pointer_keeps_key_prompts(
        app: Any, driver: HeadlessDriver) -> None:
    """F11 (or a resize) reopens the window and SDL reports the still pointer's new place as
    a move: a keys player's prompts stay in keys (a playtester's flipped to "click" after F11);
    the mouse really moved a moment later turns them, as it always does."""
    scene = table(app, driver, ["keys1", "hard", "hard"], phase=R.Phase.TURN, turn=0)
    driver.step()
    driver.key(pygame.K_F11)
    driver.step([motion((700, 300))])
    assert scene.last_device == "keys1"
    assert "click" not in scene.prompt()[1]
    app.mode_changed_at -= 5.0  # the player takes up the mouse later
    driver.step([motion((640, 360))])
    assert "click on the draw pile" in scene.prompt()[1]


def test_the_pointer_does_not_hover_for_a_seat_that_is_not_deciding(
        app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys1", "mouse", "hard"], phase=R.Phase.TURN, turn=0)
    driver.step()
    draw = scene.cursor.get("draw")
    assert draw is not None
    driver.step([motion(draw.rect.center)])
    assert scene.cursor.hover_key is None
    assert scene.last_device == "keys1"  # in couch play moving the mouse changes no prompt


def _couch_drew(app: Any, driver: HeadlessDriver, devices: list[str]) -> CaboScene:
    """Seat 0 of a two-human couch holds the 9 of clubs it has just drawn."""
    setup = make_setup(devices, seed=2, rounds=1)
    state = R.CaboState.from_layout([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]],
                                    phase=R.Phase.DRAWN, drawn="9C")
    scene = open_table(app, driver, setup, {"version": 1, "rules": state.to_dict()})
    driver.run(30)
    return scene


def test_a_couch_player_presses_their_drawn_card_to_look_and_lets_go_to_hide_it(
        app: Any, driver: HeadlessDriver) -> None:
    scene = _couch_drew(app, driver, ["mouse", "keys1"])
    pr = scene.presenter
    assert app.stack.top is scene and scene.decider() == 0  # no curtain, no extra click
    assert pr.shown_codes() == set() and len(pr.lookable(0)) == 1
    assert "press the card and hold to look" in scene.prompt()[1]
    card = pr.lookable(0)[0].rect().center
    driver.step([key_event(app, "keys1", "rotate_left", True)])  # the other player's look key
    driver.run(3)
    assert pr.shown_codes() == set()
    driver.step([key_event(app, "keys1", "rotate_left", False)])
    right = {"pos": card, "button": 3}
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, right)])
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, right)])
    assert pr.shown_codes() == set()  # a right click opens the score sheet, lifts nothing
    assert scene.show_scores
    scene.toggle_scores()  # (the table waits under the sheet: closed again)
    click(driver, (card[0] - 120, card[1]))  # a press beside the card lifts nothing
    assert pr.shown_codes() == set()
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card, button=1)])
    driver.run(3)
    assert pr.shown_codes() == {"9C"} and pr.looking == {0}
    held = [(t.label, t.rect.copy()) for t in scene.cursor.targets if t.kind == "button"]
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=card, button=1)])
    assert pr.shown_codes() == set()  # hidden the frame the button comes up
    driver.step()
    # letting go moves no button: the next click lands where the player saw it
    assert [(t.label, t.rect) for t in scene.cursor.targets if t.kind == "button"] == held
    assert scene.state.phase is R.Phase.DRAWN and scene.decider() == 0  # looking chose nothing


def test_a_keyboard_couch_player_holds_their_look_key(app: Any, driver: HeadlessDriver) -> None:
    scene = _couch_drew(app, driver, ["keys1", "keys2"])
    pr = scene.presenter
    assert "hold Q to look" in scene.prompt()[1]
    buttons = [(t.label, t.rect.copy()) for t in scene.cursor.targets if t.kind == "button"]
    assert ("Power, if any" in [b[0] for b in buttons])  # names no power: says no card
    assert "peek at another" not in scene.prompt()[1]
    unheld = scene.prompt()
    driver.step([key_event(app, "keys2", "rotate_left", True)])  # not theirs to lift
    driver.run(3)
    assert pr.shown_codes() == set()
    driver.step([key_event(app, "keys2", "rotate_left", False)])
    driver.step([key_event(app, "keys1", "rotate_left", True)])
    for _ in range(5):
        driver.step()
        assert pr.shown_codes() == {"9C"}  # up for as long as the key is down
    # its owner, holding it up, reads the power in the bar; the buttons stay exactly where
    # they were (a new label's width moved the row: the next click after letting go of the
    # card landed on nothing)
    # its owner, holding it up, reads the power in their private tag, never in the shared
    # bar (the other player read "peek at another player's card" there and knew a 9 or 10)
    held = scene.prompt()
    assert held == unheld and "peek at another" not in held[1]
    assert "peek at another player's card" in scene.table_controls.held_words(0)
    assert [(t.label, t.rect) for t in scene.cursor.targets if t.kind == "button"] == buttons
    driver.step([key_event(app, "keys1", "rotate_left", False)])
    assert pr.shown_codes() == set()
    driver.step()
    assert scene.prompt() == unheld
    assert [(t.label, t.rect) for t in scene.cursor.targets if t.kind == "button"] == buttons
    driver.step([key_event(app, "keys1", "rotate_left", True)])
    driver.run(2)
    app.input.release_all()  # the window lost focus with the key down
    driver.step()
    assert pr.shown_codes() == set() and pr.looking == set()


@pytest.mark.parametrize("device", ["mouse", "keys1", "pad0"])
def test_prompts_name_the_players_own_controls(app: Any, driver: HeadlessDriver,
                                               device: str) -> None:
    app.input.set_bindings(dict(DEFAULT_KEYS1, confirm="f", primary="g"), DEFAULT_KEYS2)
    word = app.input.word_for
    scene = table(app, driver, [device, "hard", "hard"], phase=R.Phase.TURN, turn=0)
    driver.step()
    turn = scene.prompt()[1]
    assert f"({word(device, 'confirm')} on the draw pile)" in turn
    scene = table(app, driver, [device, "hard", "hard"], phase=R.Phase.POWER, turn=0,
                  power=R.Power.PEEK_OWN)
    driver.step()
    peek = scene.prompt()[1]
    if device == "mouse":
        assert "(click one)" in peek and "press" not in turn + peek
    else:
        assert f"({word(device, 'move')} and {word(device, 'confirm')})" in peek
        assert "click" not in turn + peek
    assert ("F" in peek) == (device == "keys1")


@pytest.mark.parametrize("device", ["mouse", "keys1", "pad0"])
def test_the_slap_hint_names_the_players_slap(app: Any, driver: HeadlessDriver,
                                              device: str) -> None:
    app.input.set_bindings(dict(DEFAULT_KEYS1, primary="g"), DEFAULT_KEYS2)
    scene = table(app, driver, [device, "hard", "hard"], discard=["7C"], phase=R.Phase.TURN,
                  turn=0, window=True, window_from=2)
    driver.run(5)
    how = {"mouse": "click the discard pile", "keys1": "press G", "pad0": "press X"}[device]
    assert f"Slap it: {how}." in scene.prompt()[1]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_couch_players_buttons_stay_by_their_own_cards(app: Any, driver: HeadlessDriver,
                                                         n: int) -> None:
    """Every couch seat's "Discard it" and "Use its power" sit by that seat's own grid, never
    in the middle of the table where they read as another seat's (a row too wide for the
    seat's side is stacked there instead)."""
    devices = ["keys1", "keys2", "pad0", "pad1"][:n]
    grids = [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"], ["2D", "3D", "4D", "5D"],
             ["2C", "3C", "4C", "5C"]][:n]
    for seat in range(n):
        state = R.CaboState.from_layout(grids, phase=R.Phase.DRAWN, drawn="9C", turn=seat)
        scene = open_table(app, driver, make_setup(devices, seed=2, rounds=1),
                           {"version": 1, "rules": state.to_dict()})
        driver.run(30)
        buttons = [t.rect for t in scene.cursor.targets if t.kind == "button"]
        assert len(buttons) == 2, (n, seat)
        lay = scene.layout
        block = lay.block_rect(seat, 4)
        hand = pygame.Rect(0, 0, lay.card_w + 8, lay.card_h + 8)  # the card it holds up
        hand.center = tuple(round(v) for v in lay.hand_pos(seat, 4))
        block = block.union(hand)
        for rect in [buttons[0].unionall(buttons[1:])]:
            gap = max(block.x - rect.right, rect.x - block.right, block.y - rect.bottom,
                      rect.y - block.bottom)
            plate = scene.layout.plate_rect(seat)
            by_plate = max(plate.x - rect.right, rect.x - plate.right, plate.y - rect.bottom,
                           rect.y - plate.bottom)
            assert min(gap, by_plate) <= 30, (n, seat, rect, block)
        app.stack.pop()
        app.stack.apply_requests()


def test_a_couch_opening_peek_waits_for_its_owners_however_long(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's couch table turned the opening peek down after 30 s nobody had held, and
    both humans played the round blind: the peek waits until each owner has held to look."""
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=3, rounds=1))
    pr = scene.presenter
    assert driver.run_until(lambda: pr.look_wait is not None, 600)
    assert pr.waiting_to_look() == [0, 1]
    for _ in range(90):  # a minute and a half of nobody looking
        driver.step(dt=1.0)
    assert pr.waiting_to_look() == [0, 1]
    assert not any(isinstance(e, R.Flipped) for e in scene.state.events)
    assert scene.prompt()[0] == 0


def test_the_keys_cursor_stands_out_from_the_choices_outlines(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's keyboard cursor looked like one more yellow outline among his cards: it is
    a thick cream ring edged in ink, with a pointer over the card it is on."""
    from game.ui import theme

    scene = table(app, driver, ["keys1", "hard", "hard"], phase=R.Phase.TURN, turn=0)
    driver.run(5)
    focus = scene.cursor.focused()
    assert focus is not None and focus.kind != "button"
    scene.draw(app.screen)
    at = scene.view.key_cursor_at
    assert at is not None and at.bottom <= focus.rect.top and abs(at.centerx
                                                                  - focus.rect.centerx) <= 1
    assert tuple(app.screen.get_at((at.centerx, at.bottom - 6)))[:3] == theme.CREAM


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_keys_cursor_pointer_never_sits_on_a_name_plate(app: Any, driver: HeadlessDriver,
                                                            n: int) -> None:
    """On a couch the keys cursor's pointer over a top seat's card sat on its plate's name
    ("Kev▼oard (left)"): it goes below the card there, pointing up."""
    grids = (GRIDS + [["2C", "3C", "4C", "5C"]])[:n]
    scene = table(app, driver, ["keys1", "keys2"] + ["hard"] * (n - 2), phase=R.Phase.TURN,
                  turn=0, grids=grids)
    driver.run(5)
    plates = [scene.layout.plate_rect(p) for p in range(n)]
    surface = pygame.Surface((1280, 720))
    for p in range(n):
        sprite = scene.presenter.sprite_at(R.Pos(p, 0))
        assert sprite is not None
        card = sprite.rect()
        scene.view._key_cursor(surface, card, 0.0)
        at = scene.view.key_cursor_at
        assert at is not None and at.collidelist(plates) < 0, (p, at, plates)
        assert not at.colliderect(card) and abs(at.centerx - card.centerx) <= 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_spys_keys_cursor_is_a_bright_ring_that_says_spy_on_this_card(
        app: Any, driver: HeadlessDriver, n: int) -> None:
    """A stranger on keys could not tell which rival card his Spy was on: the cursor there is
    a bright, thicker ring with a tag "Spy on this card" beside it, on the felt and off every
    name plate and card."""
    from game.games.cabo.layout import FELT
    from game.ui import theme

    grids = (GRIDS + [["2C", "3C", "4C", "5C"]])[:n]
    scene = table(app, driver, ["keys1"] + ["hard"] * (n - 1), phase=R.Phase.POWER, turn=0,
                  power=R.Power.PEEK_OTHER, grids=grids)
    driver.run(5)
    plates = [scene.layout.plate_rect(p) for p in range(n)]
    cards = [s.rect() for grid in scene.presenter.grids for s in grid if s is not None]
    for key in [t.key for t in scene.cursor.targets if t.kind == "card"]:
        scene.cursor.focus_key = key
        focus = scene.cursor.focused()
        assert focus is not None and focus.key == key and not key.startswith("card:0:")
        scene.draw(app.screen)
        tag = scene.view.key_cursor_tag
        assert tag is not None and FELT.contains(tag), key
        assert tag.collidelist(plates + cards) < 0, (key, tag)
        assert tuple(app.screen.get_at((tag.x + 2, tag.centery)))[:3] == theme.SPARK
        # the ring, 6 px thick and bright, 2 to 9 px over the card as it bobs
        assert tuple(app.screen.get_at((focus.rect.x + 14, focus.rect.y - 4)))[:3] == \
            theme.SPARK
    assert scene.view._cursor_words("card") == "Spy on this card"
