"""Session 38's playtest fixes for Kaboom! Explosive (a stranger in a real window, 7/10)."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.rules import MatchState
from game.games.blast.rules.events import Traded, Undermined
from tests.games.blast.helpers import ok, table
from tests.games.blast.scene_helpers import HumanHands, make_setup, open_match, open_table


def test_a_trade_says_it_ends_the_turn_and_warns_while_the_underminer_may_dig(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's "Trade 3 for 1" ended his turn unwarned and his Underminer lost its dig
    (the rulebook: a turn plays, trades or passes; the Underminer digs besides). The button
    and the bar say the trade ends the turn; with the dig unused, "Trade these 3" first
    warns, Back lets him dig, and a second press trades anyway."""
    hand = [D.PALISADE, D.STONE, D.IRON, D.FIZZLE]
    m = table(2, hands={0: hand}, characters={0: [D.UNDERMINER]})
    scene = open_match(app, driver, m, ["mouse", "hard"])
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


def _trade_first_three(hands: HumanHands, driver: HeadlessDriver) -> None:
    """Seat 0 opens the trade, picks its first three cards and presses to trade them."""
    hands.point_at(0, "btn:trade")
    for i in (0, 1, 2):
        driver.step()
        hands.point_at(0, f"hand:{i}")
    driver.step()
    hands.point_at(0, "btn:confirm")


def test_a_second_press_trades_anyway_and_no_underminer_no_warning(
        app: Any, driver: HeadlessDriver) -> None:
    m = table(2, hands={0: [D.PALISADE, D.STONE, D.IRON, D.FIZZLE]},
              characters={0: [D.UNDERMINER]})
    scene = open_match(app, driver, m, ["keys1", "hard"])
    hands = HumanHands(app, driver, scene)
    _trade_first_three(hands, driver)
    driver.step()
    assert "Press " in scene.prompt()[1] and not any(
        isinstance(e, Traded) for e in scene.state.events)
    hands.point_at(0, "btn:confirm")
    assert any(isinstance(e, Traded) for e in scene.state.events)
    app.stack.pop()
    app.stack.apply_requests()
    # no Underminer: the first press trades
    m = table(2, hands={0: [D.PALISADE, D.STONE, D.IRON, D.FIZZLE]})
    scene = open_match(app, driver, m, ["mouse", "hard"])
    hands = HumanHands(app, driver, scene)
    _trade_first_three(hands, driver)
    assert any(isinstance(e, Traded) for e in scene.state.events)


def _aim(app: Any, driver: HeadlessDriver, card: str) -> tuple[Any, HumanHands]:
    m = table(3, hands={0: [D.RPG, D.ARROW, D.STONE]},
              walls={1: [D.PALISADE, D.PALISADE, D.STONE, D.IRON],
                     2: [D.PALISADE, D.FORCE_FIELD]})
    scene = open_match(app, driver, m, ["keys1", "hard", "medium"])
    hands = HumanHands(app, driver, scene)
    hands.lift(0, card)
    assert scene.table_controls.pick.stage == "target"
    return scene, hands


def test_keys_aiming_at_walls_move_only_between_the_walls_it_takes(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's cursor stopped on Ben's whole panel (no wall labelled) and Space hit a
    palisade he never picked; with the RPG it would not go onto Ana's Force-Fielded panel
    while the Arrow's did and said why. Now, for every explosive, the keys go only between
    the walls it may destroy, the Back button, and a player it cannot reach (which says
    why); every target is reachable (session 49: Back by the back key only)."""
    for card in (D.ARROW, D.RPG):
        scene, hands = _aim(app, driver, card)
        keyed = {t.key for t in scene.cursor.targets if t.keys}
        assert "seat:1" not in keyed, card
        assert "no:wall:1:2" not in keyed  # the Arrow cannot take the stone wall
        assert all(k.startswith(("wall:", "no:seat:", "btn:back")) for k in keyed), keyed
        assert "no:seat:2" in keyed
        for key in keyed - {"btn:back"}:  # Back is the back key's (Tab, Esc): Up and Down
            assert scene.cursor.path_to(key) is not None, (card, key)  # stay on the players
        hands.press("keys1", "right")
        for _ in range(8):  # walking the keys never lands on a panel without a wall
            focus = scene.cursor.focus_key or ""
            assert not focus.startswith("seat:"), focus
            hands.press("keys1", "right")
            hands.press("keys1", "up")
        app.stack.pop()
        app.stack.apply_requests()


def test_an_rpg_held_to_one_players_walls_says_so_at_the_rows_end(
        app: Any, driver: HeadlessDriver) -> None:
    scene, hands = _aim(app, driver, D.RPG)
    for _ in range(4):  # the aim starts on Ben's strongest wall: back along to his first
        hands.press("keys1", "left")
    driver.step()
    assert scene.cursor.focus_key == "wall:1:0"
    hands.press("keys1", "confirm")  # the first wall: the second must be Ben's too
    driver.step()
    assert scene.table_controls.pick.stage == "walls"
    for _ in range(4):
        hands.press("keys1", "right")
    driver.step()
    assert scene.cursor.focus_key == "wall:1:3"
    said = scene.prompt()[1]
    assert said.startswith("The RPG destroys two walls of one player: its second is Ben's too"), \
        said


def _recap_scene(app: Any, driver: HeadlessDriver, m: MatchState) -> Any:
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "hard"][:m.options.players],
                                               seed=5),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    driver.step()
    return scene


def test_while_you_waited_says_your_underminer_and_what_an_oops_only_sent_on(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger read "your The Underminer destroyed ...", was told "your Pipe Bomb" of a
    bomb his Oops only sent on, and Cleo was told of the Assassin she had just played."""
    from game.games.blast.rules import Defend, Play, TakeIt, Undermine

    m = table(2, hands={0: [D.STONE]}, characters={0: [D.UNDERMINER]})
    start = len(m.events)
    ok(m, Undermine(0, 1, D.PALISADE), TakeIt(1))
    scene = _recap_scene(app, driver, m)
    said = scene.presenter.couch_recap(0, start, len(m.events))
    assert "your Underminer destroyed Ben's palisade" in said, said
    theirs = scene.presenter.couch_recap(1, start, len(m.events))
    assert "The Underminer" not in theirs, theirs
    app.stack.pop()
    app.stack.apply_requests()

    m = table(3, hands={0: [D.PIPE], 1: [D.OOPS], 2: [D.STONE]})
    start = len(m.events)
    ok(m, Play(0, D.PIPE, 1, (D.PALISADE,)), Defend(1, D.OOPS, 2))
    while m.chain:
        ok(m, TakeIt(m.current_player() or 0))
    scene = _recap_scene(app, driver, m)
    said = scene.presenter.couch_recap(1, start, len(m.events))
    # what their own Oops did is not told back to them (session 50): the others' doings only
    assert "Oops" not in said and "destroyed Cleo's" not in said, said
    assert "your Pipe Bomb" not in said
    said = scene.presenter.couch_recap(0, start, len(m.events))
    assert "Ben answered your Pipe Bomb with Oops" in said, said  # Ana's own card
    app.stack.pop()
    app.stack.apply_requests()

    m = table(2, hands={0: [D.ASSASSIN]}, characters={1: [D.CHEMIST]})
    start = len(m.events)
    ok(m, Play(0, D.ASSASSIN, 1, (), D.CHEMIST))
    while m.chain:
        ok(m, TakeIt(m.current_player() or 0))
    scene = _recap_scene(app, driver, m)
    assert "Assassin" not in scene.presenter.couch_recap(0, start, len(m.events))
    assert "the Assassin killed your Mad Chemist" in \
        scene.presenter.couch_recap(1, start, len(m.events))


def test_the_couch_bar_says_aimed_at_until_the_target_has_answered(
        app: Any, driver: HeadlessDriver) -> None:
    from game.games.blast.rules import Play

    m = table(2, hands={0: [D.TNT], 1: [D.STONE]})
    ok(m, Play(0, D.TNT, 1, (D.IRON,)))
    scene = _recap_scene(app, driver, m)
    assert not scene.out_of_reach()
    said = scene.table_controls._public_hit(1)
    assert said.endswith("Aimed at Ben: Ben may answer it."), said
    assert "It hits" not in said


def test_the_log_over_a_preview_keeps_one_height_and_follows_new_moves(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's log shrank and grew as the pointer went along the hand (each card's note
    over the preview took another height from it), and once scrolled up it stayed on "Moves:
    earlier" through the moves that followed."""
    import pygame

    from game.app.input import MOUSE, ActionEvent
    from game.games.blast.demos import _give
    from game.games.blast.rules import Options
    from game.games.blast.view import note_layout as view_note

    m = MatchState(Options(4, first=1), 7)
    _give(m, 0, [D.BLAST_SHIELD])  # its note over the preview takes four lines
    scene = open_table(app, driver, make_setup(["mouse", "easy", "easy", "easy"], seed=5),
                       {"version": 1, "match": m.to_dict()}, speed=30.0)
    assert driver.run_until(lambda: scene.decider() == 0 and not scene.presenter.busy, 3000)
    driver.run(40)
    log = scene.presenter.log
    heights = set()
    notes = set()
    for slot in list(scene.table_controls.slots):
        pos = (round(slot.top[0]), round(slot.top[1]) - 30)
        driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                        buttons=(0, 0, 0))])
        driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + 1, pos[1]),
                                        rel=(1, 0), buttons=(0, 0, 0))])
        shown = scene.view._previewed()
        assert shown is not None
        notes.add(shown[1])
        assert log.drawn_at is not None
        heights.add(log.drawn_at.h)
    assert max(len(view_note(n)[1]) for n in notes) >= 4, notes
    assert len(notes) > 1 and len(heights) == 1, (notes, heights)

    # scrolled back: a move soon after keeps the place; one after a while brings the newest
    assert log.drawn_at is not None
    at = log.drawn_at.center
    assert scene.game_action(ActionEvent(MOUSE, "rotate_left", True, at))
    assert log.back == 1
    pr = scene.presenter
    pr._add_line("a move", (255, 255, 255), None)
    assert log.back == 2
    pr.update(5.0)
    pr._add_line("another move", (255, 255, 255), None)
    assert log.back == 0
