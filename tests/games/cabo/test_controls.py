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
    # the bar names both keys (a stranger found discard, E, by guessing)
    ctrl = app.input.word_for("keys1", "secondary")
    assert f"card, {ctrl}), or discard it (E)." in scene.prompt()[1], scene.prompt()[1]
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


def _king_looked(app: Any, driver: HeadlessDriver, device: str, **layout: Any) -> Any:
    """Seat 0 (`device`) drew the King of clubs, used it and looked at its own top-left card
    and seat 1's: the Swap / Don't swap decision."""
    scene = table(app, driver, [device, "medium", "medium"], draw=["KC"], phase=R.Phase.TURN,
                  turn=0, **layout)
    for action in (R.Draw(0), R.UsePower(0), R.KingLook(0, R.Pos(0, 0), R.Pos(1, 0))):
        scene.human_act(action)
        wait_idle(driver, scene)
    return scene


def test_with_keys_only_the_focused_button_is_lit(app: Any, driver: HeadlessDriver,
                                                  monkeypatch: Any) -> None:
    """A King's Swap / Don't swap with the keyboard: the focused button is lit with its ring,
    the other drawn in the kit's unfocused look (an orange "Swap them" beside a focused grey
    "Don't swap" read as the focus to a stranger), its colour kept: dimmed toward the ink it
    read as disabled."""
    import game.games.cabo.view as view

    scene = _king_looked(app, driver, "keys1")
    assert scene.state.phase is R.Phase.KING_DECIDE and scene.cursor.focus_key == "btn:noswap"
    drawn: dict[str, tuple[Any, bool, bool]] = {}

    def spy(surface: Any, target: Any, **kw: Any) -> None:
        drawn[target.key] = (target.accent, kw.get("focus", False), kw.get("unfocused", False))

    monkeypatch.setattr(view, "draw_button", spy)
    scene.draw(app.screen)
    own = {t.key: t.accent for t in scene.cursor.targets if t.kind == "button"}
    assert drawn["btn:noswap"] == (own["btn:noswap"], True, False)
    assert drawn["btn:swap"] == (own["btn:swap"], False, True)


def test_the_eyes_only_tag_sits_by_the_card_it_is_about() -> None:
    """A couch player's "For Ben's eyes only" sat in the table's corner, by another seat's
    plate: it goes beside the shown card, clear of the other cards, inside the table."""
    import pygame

    from game.games.cabo.view import TABLE, tag_place

    card = pygame.Rect(206, 324, 64, 90)  # Ben's drawn card, left of the table
    grid = [pygame.Rect(56, 286, 64, 90), pygame.Rect(126, 286, 64, 90),
            pygame.Rect(126, 383, 64, 90)]
    tag = tag_place(pygame.Rect(0, 0, 173, 24), card, grid)
    assert TABLE.contains(tag) and tag.collidelist(grid) < 0
    assert abs(tag.top - card.bottom) <= 10 or abs(tag.bottom - card.top) <= 10
    assert tag.left <= card.centerx <= tag.right
    home = pygame.Rect(472, 548, 136, 90)  # the home seat's near row, at the table's foot
    up = tag_place(pygame.Rect(0, 0, 173, 24), home, [])
    assert TABLE.contains(up) and up.bottom <= home.top


def _hold_look(app: Any, driver: HeadlessDriver, device: str, down: bool) -> None:
    from tests.games.cabo.scene_helpers import key_event

    driver.step([key_event(app, device, "rotate_left", down)])
    driver.run(3)


def _notes(scene: Any) -> list[str]:
    return [f.label for f in scene.presenter.effects.floats]


def test_a_couch_players_buttons_are_the_same_whatever_card_they_drew(
        app: Any, driver: HeadlessDriver) -> None:
    """On a couch a power button that came only with a power card told the onlookers what the
    hidden card was: every drawn card shows the same buttons, the same keys and the same words;
    pressing the power for a card without one is refused and KEEPS the card (a stranger's
    press on an Ace, before he had looked, threw the Ace away)."""
    seen = []
    for drawn in ("9C", "8C", "KS", "6C", "XR"):
        scene = table(app, driver, ["keys1", "keys2", "hard"], phase=R.Phase.DRAWN, turn=0,
                      drawn=drawn)
        wait_idle(driver, scene)
        driver.step()
        _places, buttons, focus, shortcuts = offered(scene)
        labels = [scene.cursor.get(b).label for b in buttons]
        seen.append((buttons, labels, focus, shortcuts))
    assert all(s == seen[0] for s in seen), seen
    assert seen[0][0] == ["btn:discard", "btn:power"]
    # the Joker: no power. Pressed after a look it is refused, the card kept, and why is
    # said only in its owner's private tag
    _hold_look(app, driver, "keys1", True)
    _hold_look(app, driver, "keys1", False)
    press(app, driver, "keys1", "secondary")
    assert scene.state.phase is R.Phase.DRAWN and scene.state.drawn == R.card("XR")
    assert not [e for e in scene.state.events if isinstance(e, R.Discarded)]
    assert "power" not in scene.prompt()[1].replace("use its power if it has one", "")
    assert scene.table_controls.held_words(0) == ("Not used: the Joker has no power. "
                                                  "Swap it or discard it.")


def test_a_refused_couch_power_press_shows_the_table_nothing(
        app: Any, driver: HeadlessDriver) -> None:
    """Once its owner has looked, only a card without a usable power is refused: a public note
    or buzz for that refusal told the couch the hidden card was a low one (a stranger saw it).
    The refused press changes nothing anyone else can see or hear: no note, no sound, no face,
    the same bar and buttons; why is in the owner's private tag while they hold the card."""
    for drawn in ("XR", "5C", "AD"):
        scene = table(app, driver, ["keys1", "keys2", "hard"], phase=R.Phase.DRAWN, turn=0,
                      drawn=drawn)
        wait_idle(driver, scene)
        driver.step()
        _hold_look(app, driver, "keys1", True)
        _hold_look(app, driver, "keys1", False)
        sounds: list[str] = []

        def record(name: str, *_a: Any, _into: list[str] = sounds, **_k: Any) -> None:
            _into.append(name)

        app.sound.play = record  # type: ignore[method-assign]
        pr = scene.presenter
        notes, bar = _notes(scene), scene.prompt()
        buttons = [(t.key, t.label, t.rect.copy()) for t in scene.cursor.targets]
        events = len(scene.state.events)
        press(app, driver, "keys1", "secondary")
        shown: set[str] = set()
        for _ in range(40):
            driver.step()
            shown |= pr.shown_codes()
        assert len(scene.state.events) == events and scene.state.drawn == R.card(drawn)
        assert shown == set() and sounds == [] and _notes(scene) == notes, (shown, sounds)
        assert scene.prompt() == bar
        assert [(t.key, t.label, t.rect) for t in scene.cursor.targets] == buttons
        _hold_look(app, driver, "keys1", True)  # its owner alone reads why
        assert pr.shown_codes() == {drawn}
        assert scene.table_controls.held_words(0).startswith("Not used: the ")
        _hold_look(app, driver, "keys1", False)


def test_a_couch_power_press_before_looking_is_refused_alike_for_every_card(
        app: Any, driver: HeadlessDriver) -> None:
    """Before its owner has held the drawn card up, "Use its power" does the same for a power
    card and a powerless one: refused in the same words and sound, the card kept; after a look
    a power card's power is used."""
    heard: list[tuple[list[str], list[str]]] = []
    for drawn in ("9C", "AC", "4C"):
        scene = table(app, driver, ["keys1", "keys2", "hard"], phase=R.Phase.DRAWN, turn=0,
                      drawn=drawn)
        wait_idle(driver, scene)
        driver.step()
        sounds: list[str] = []

        def record(name: str, *_a: Any, _into: list[str] = sounds, **_k: Any) -> None:
            _into.append(name)

        app.sound.play = record  # type: ignore[method-assign]
        n, before = len(scene.state.events), len(_notes(scene))
        press(app, driver, "keys1", "secondary")
        assert len(scene.state.events) == n  # nothing happened in the rules
        assert scene.state.phase is R.Phase.DRAWN and scene.state.drawn == R.card(drawn)
        heard.append((sounds[:], _notes(scene)[before:]))
    assert heard[0] == heard[1] == heard[2], heard
    assert heard[0][1] == ["Hold to look at the card first"]
    scene = table(app, driver, ["keys1", "keys2", "hard"], phase=R.Phase.DRAWN, turn=0,
                  drawn="9C")
    wait_idle(driver, scene)
    driver.step()
    _hold_look(app, driver, "keys1", True)
    _hold_look(app, driver, "keys1", False)
    press(app, driver, "keys1", "secondary")
    assert scene.state.phase is R.Phase.POWER and scene.state.power is R.Power.PEEK_OTHER


def test_after_a_kings_look_the_bar_still_says_what_comes_next(
        app: Any, driver: HeadlessDriver) -> None:
    """While the discarded King may still be slapped, the bar had only the slap hint: the
    player did not know the swap was theirs to decide. It says what comes next, every frame."""
    scene = table(app, driver, ["mouse", "medium", "medium"], draw=["KC"], phase=R.Phase.TURN,
                  turn=0)
    scene.human_act(R.Draw(0))
    wait_idle(driver, scene)
    scene.human_act(R.UsePower(0))
    wait_idle(driver, scene)
    scene.human_act(R.KingLook(0, R.Pos(0, 0), R.Pos(1, 0)))
    said = []
    for _ in range(200):
        driver.step()
        said.append(scene.prompt())
    assert scene.state.phase is R.Phase.KING_DECIDE
    assert all(seat == 0 and "swap the two cards you looked at, or leave them" in line
               for seat, line in said), set(said)


def test_a_king_whose_looked_card_was_slapped_away_says_the_swap_is_off(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger looked at his King and Dev's Ace; Ana slapped the discarded King with the
    very King he had looked at, and the bar still asked him to swap, with only "Don't swap"
    working. It says the slap took the card and the swap can't happen."""
    scene = _king_looked(app, driver, "mouse",
                         grids=[["2S", "3S", "4S", "5S"], ["KH", "3H", "4H", "5H"],
                                ["2D", "3D", "4D", "5D"]])
    _, before = scene.table_controls.prompt()
    assert "swap the two cards you looked at" in before
    st = scene.state
    st.must_apply(R.Slap(1, 0.5))
    st.must_apply(R.SlapFlip(1, R.Pos(1, 0)))
    st.must_apply(R.SlapStop(1))
    wait_idle(driver, scene)
    assert st.phase is R.Phase.KING_DECIDE
    seat, said = scene.table_controls.prompt()
    assert seat == 0 and "the swap can't happen" in said and "Don't swap" in said, said


def test_a_kings_swap_or_leave_shows_as_its_two_cards_come_up(
        app: Any, driver: HeadlessDriver) -> None:
    """After a King's look the bar said "Then swap the two cards you looked at, or leave
    them" with no button to press while the look and the slap window's hint ran (a stranger
    waited ~3 s): Swap / Don't swap show as soon as the two cards are lifted, and a click on
    one acts then, the table still showing the look."""
    from tests.games.cabo.test_scene_table import click

    scene = table(app, driver, ["mouse", "medium", "medium"], draw=["KC"],
                  phase=R.Phase.TURN, turn=0)
    for action in (R.Draw(0), R.UsePower(0)):
        scene.human_act(action)
        wait_idle(driver, scene)
    scene.human_act(R.KingLook(0, R.Pos(0, 0), R.Pos(1, 0)))
    assert driver.run_until(lambda: scene.cursor.get("btn:swap") is not None, 120)
    assert scene.presenter.busy  # the look still showing
    assert scene.decider() == 0
    assert scene.prompt()[1].startswith("swap the two cards you looked at, or leave them? "
                                        "Everyone will hear."), scene.prompt()
    click(driver, scene.cursor.get("btn:swap").rect.center)
    decided = [e for e in scene.state.events if isinstance(e, R.KingDecided)]
    assert decided and decided[0].swap
    wait_idle(driver, scene)
    assert scene.state.card_at(R.Pos(0, 0)) == R.card("7D")  # seat 1's card, swapped in


def test_a_waiting_draw_button_counts_down_on_itself(app: Any, driver: HeadlessDriver,
                                                     monkeypatch: Any) -> None:
    """The greyed Draw of the slap wait read "Draw" whether it came in 1 s or 3: it says when,
    in its own width."""
    import game.games.cabo.view as view
    from game.tabletop.targets import button_width

    scene = table(app, driver, ["mouse", "medium", "medium"], discard=["7C"],
                  phase=R.Phase.TURN, turn=0, window=True, window_from=2,
                  seen={0: [(0, 0)]})  # a 7 known: the whole Time to slap (1.5 s)
    driver.step()
    assert scene.draw_wait_left() > 1.0
    drawn: dict[str, tuple[str, int]] = {}

    def spy(surface: Any, target: Any, **kw: Any) -> None:
        drawn[target.key] = (target.label, kw.get("size", 17))

    monkeypatch.setattr(view, "draw_button", spy)
    scene.draw(app.screen)
    label, size = drawn["btn:draw"]
    assert label == "Draw 2 s", label
    assert button_width(label, "", size) <= scene.cursor.get("btn:draw").rect.w
    assert view.waiting_label("Flip the top card", 172, 0.4) == ("Flip in 1 s", 17)


def test_an_ai_flipping_an_opening_card_says_what_the_player_should_do(
        app: Any, driver: HeadlessDriver) -> None:
    """"Ben is about to flip" left a stranger on keys unsure what to do: the bar says the
    flip comes next and to slap if it matches one of the player's cards."""
    scene = table(app, driver, ["keys1", "hard", "hard"], phase=R.Phase.FLIP, turn=1)
    seat, message = scene.prompt()
    assert seat == 1
    assert message.startswith("flips the top card next (opening card 1") and \
        message.endswith(": slap if it matches one of yours..."), message
