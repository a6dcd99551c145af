"""Every press on a card or a pile around a slap window answers (slapped, too late, wrong card,
not yours to slap): a stranger's click on his own 9 just as the next card covered it did
nothing at all, with nothing said."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from game.games.cabo.scene import CaboScene
from tests.games.cabo.test_scene_table import click, press, table

GRIDS = [["7H", "3S", "9S", "5S"], ["7D", "3H", "4H", "5H"], ["2D", "3D", "4D", "5D"]]
SEEN = {0: [(0, 2), (0, 3)]}  # seat 0 knows its 9 of spades and its 5 of spades


def notes(scene: CaboScene) -> list[str]:
    return [f.label for f in scene.presenter.effects.floats]


def press_own(driver: HeadlessDriver, scene: CaboScene, slot: int) -> list[str]:
    sprite = scene.presenter.grids[0][slot]
    assert sprite is not None
    before = len(notes(scene))
    click(driver, sprite.rect().center)
    return notes(scene)[before:]


def window_open(app: Any, driver: HeadlessDriver, phase: R.Phase, turn: int) -> CaboScene:
    """A three-seat table, the mouse at seat 0, a slap window open on the discarded 9 of
    diamonds, in the phase and turn given."""
    scene = table(app, driver, ["mouse", "medium", "medium"], grids=GRIDS, discard=["9D"],
                  phase=phase, turn=turn, window=True, window_from=2, seen=SEEN)
    driver.run(20)
    return scene


def assert_unseen_and_wrong_cards_answer(driver: HeadlessDriver, scene: CaboScene) -> None:
    """A press on seat 0's unseen card, then on its seen 5, each says why it is no slap."""
    assert press_own(driver, scene, 0) == \
        ["You haven't seen that card: click the discard pile to slap"]
    assert press_own(driver, scene, 3) == ["Your 5 doesn't match the 9"]


def test_a_press_on_ones_own_card_just_covered_says_too_late(app: Any,
                                                             driver: HeadlessDriver) -> None:
    # the opening flips: seat 2 turns the 4 over the 9; seat 0 (the mouse) flips next
    scene = table(app, driver, ["mouse", "medium", "medium"], grids=GRIDS, draw=["4C"],
                  discard=["9D"], phase=R.Phase.FLIP, turn=2, window=True, window_from=1,
                  seen=SEEN)
    assert driver.run_until(lambda: scene.state.top == R.card("4C")
                            and not scene.presenter.busy, 2000)
    assert scene.in_grace()
    said = press_own(driver, scene, 2)
    assert said == ["Too late: the 9 is covered"], said
    assert not any(isinstance(e, R.SlapAttempt) for e in scene.state.events)


def test_presses_on_ones_own_cards_in_ones_own_turn_answer(app: Any,
                                                           driver: HeadlessDriver) -> None:
    scene = window_open(app, driver, R.Phase.TURN, 0)
    assert_unseen_and_wrong_cards_answer(driver, scene)
    assert not any(isinstance(e, R.SlapAttempt) for e in scene.state.events)


def test_a_press_on_a_card_in_anothers_turn_speaks_of_the_slap(app: Any,
                                                               driver: HeadlessDriver) -> None:
    scene = window_open(app, driver, R.Phase.FLIP, 1)
    assert_unseen_and_wrong_cards_answer(driver, scene)
    theirs = scene.presenter.grids[1][0]
    assert theirs is not None
    click(driver, theirs.rect().center)
    assert notes(scene)[-1] == "To slap the 9, click the discard pile"


def test_a_press_on_ones_own_match_in_ones_own_opening_flip_slaps(
        app: Any, driver: HeadlessDriver) -> None:
    scene = window_open(app, driver, R.Phase.FLIP, 0)
    press_own(driver, scene, 2)
    flipped = [e for e in scene.state.events if isinstance(e, R.SlapFlipped)]
    assert flipped and flipped[0].match and flipped[0].pos == R.Pos(0, 2)


def test_a_second_press_during_ones_own_slap_says_what_comes_next(
        app: Any, driver: HeadlessDriver) -> None:
    """After his slap a stranger pressed the pile (and his slap key) again: nothing said."""
    scene = table(app, driver, ["mouse", "keys1", "medium"], grids=GRIDS, discard=["9D"],
                  phase=R.Phase.TURN, turn=2, window=True, window_from=1, seen=SEEN)
    driver.run(20)
    click(driver, scene.layout.discard_pos)
    assert scene.state.slap is not None and scene.state.slap.player == 0
    assert driver.run_until(lambda: not scene.presenter.busy, 600)
    before = len(notes(scene))
    click(driver, scene.layout.discard_pos)
    assert notes(scene)[before:] == ["You slapped: flip a matching card, or Don't flip"]
    press(app, driver, "keys1", "primary")  # the other player's slap comes second
    assert notes(scene)[-1] == "Ana slapped first"
    assert len([e for e in scene.state.events if isinstance(e, R.SlapAttempt)]) == 1


def test_a_draw_clicked_during_a_rivals_slap_in_ones_turn_draws_when_the_turn_is_back(
        app: Any, driver: HeadlessDriver) -> None:
    """A click on Draw while an AI's slap (its hand, "Match!", its flip) played out in the
    clicker's own turn was dropped, and the lead clicked again three times in one match: it is
    kept and draws once the turn is theirs again."""
    from tests.games.cabo.test_scene_table import wait_idle

    scene = table(app, driver, ["mouse", "hard", "hard"], discard=["7C"], phase=R.Phase.TURN,
                  turn=0, window=True, window_from=2, seen={1: [(1, 0)]})
    wait_idle(driver, scene)
    driver.step()
    draw = scene.cursor.get("btn:draw")
    assert draw is not None and scene.decider() == 0
    assert scene._apply(R.Slap(1, 0.4))  # Ben slaps his known 7 in Ana's turn
    driver.step()
    assert scene.state.slap is not None and scene.decider() is None
    click(driver, draw.rect.center)  # where Draw was, Ben's slap still on
    assert "Draw queued" in [f.label for f in scene.presenter.effects.floats]
    assert not any(isinstance(e, R.Drew) for e in scene.state.events)
    assert driver.run_until(lambda: any(isinstance(e, R.Drew) and e.player == 0
                                        for e in scene.state.events), 900)
    assert any(isinstance(e, R.SlapResult) for e in scene.state.events)  # after the slap


def test_a_press_on_ones_own_non_matching_card_names_both_cards(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger clicked his own 2 while a Queen could be slapped: nothing happened and
    nothing was said. The answer says why in one clause."""
    grids = [["2H", "3S", "9S", "5S"], ["7D", "3H", "4H", "5H"], ["2D", "3D", "4D", "5D"]]
    scene = table(app, driver, ["mouse", "medium", "medium"], grids=grids, discard=["QD"],
                  phase=R.Phase.TURN, turn=1, window=True, window_from=0,
                  seen={0: [(0, 0)]})
    driver.run(20)
    assert press_own(driver, scene, 0) == ["Your 2 doesn't match the Queen"]
    assert not any(isinstance(e, R.SlapAttempt) for e in scene.state.events)
