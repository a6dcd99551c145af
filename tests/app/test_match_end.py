"""One end of match for every game: Play again, Watch again, Main menu, by mouse, keys and pad."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app import catalogue
from game.app.catalogue import MatchSetup, Seat
from game.app.gamescene import GameScene
from game.app.headless import HeadlessDriver
from game.app.menus.matchend import LOOK, SHOW_AFTER, MatchEndBar
from game.app.menus.title import TitleScene
from tests.app import fakegame


@pytest.fixture
def counter() -> Any:
    info = fakegame.register()
    yield info
    catalogue.unregister(info.id)


def finished_counter(app: Any, driver: HeadlessDriver) -> GameScene:
    setup = MatchSetup("counter", [Seat("You", "#ff5a4e", "human", device="keys1"),
                                   Seat("Ben", "#4e9bff", "ai", "easy")], {"target": 3}, 11)
    scene = catalogue.get("counter").make_scene(app, setup, None)  # type: ignore[union-attr]
    app.stack.push(scene)
    app.stack.apply_requests()
    driver.settle(20)
    for _ in range(3):
        driver.key(pygame.K_LSHIFT)  # keys1 'primary' bumps the counter
    assert scene.finished
    return scene


def finished_with_replay(app: Any, driver: HeadlessDriver, tmp_path: Any) -> GameScene:
    """A finished counter match that left a replay behind (the bar offers Watch again)."""
    scene = finished_counter(app, driver)
    path = tmp_path / "r.json"
    path.write_text("{}")
    scene.replay_path = path
    return scene


def bar_button(app: Any, label: str) -> pygame.Rect:
    bar = app.stack.top
    assert isinstance(bar, MatchEndBar) and bar.buttons
    for text, rect, _ in bar.buttons:
        if text == label:
            return rect
    raise AssertionError(f"no {label!r} button; have {bar.labels()}")


def test_a_finished_match_offers_the_end_bar_after_its_result_has_shown(
        app: Any, driver: HeadlessDriver, counter: Any) -> None:
    scene = finished_counter(app, driver)
    driver.step()
    bar = app.stack.top
    assert isinstance(bar, MatchEndBar)
    assert not bar.shown, "the bar waits while the result has its moment"
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 680), button=1)])
    assert app.stack.top is bar and app.stack.scenes[-2] is scene
    driver.run(int(SHOW_AFTER * 60) + 2)
    assert bar.shown
    assert bar.labels() == ["Play again", "Main menu"]  # no replay here


def test_play_again_keeps_the_seats_and_deals_a_new_seed(
        app: Any, driver: HeadlessDriver, counter: Any) -> None:
    scene = finished_counter(app, driver)
    driver.run(int(SHOW_AFTER * 60) + 4)
    driver.click(bar_button(app, "Play again").center)
    driver.settle(40)
    new = app.stack.top
    assert isinstance(new, GameScene) and new is not scene and not new.finished
    assert [s.to_dict() for s in new.seats] == [s.to_dict() for s in scene.seats]
    assert new.setup.options == scene.setup.options
    assert new.setup.seed != scene.setup.seed
    assert len(app.stack.scenes) == 1, "the finished table and its bar are gone"


def test_main_menu_by_keys_and_back(app: Any, driver: HeadlessDriver, counter: Any) -> None:
    """A key player sees the focus on Play again as the bar appears; a confirm hammered as the
    bar appears does nothing until the bar has been seen; the arrows move the focus."""
    finished_counter(app, driver)
    driver.run(int(SHOW_AFTER * 60) + 2)
    bar = app.stack.top
    assert isinstance(bar, MatchEndBar) and bar.shown and bar.ring
    driver.key(pygame.K_SPACE)  # too soon: the player has not looked yet
    assert bar.ring
    assert app.stack.top is bar and bar.table.finished is not False
    driver.key(pygame.K_d)  # right: from Play again to Main menu, at the first press
    assert bar.labels()[bar.focus] == "Main menu"
    driver.run(int(LOOK * 60) + 2)
    driver.key(pygame.K_SPACE)
    driver.settle(40)
    assert isinstance(app.stack.top, TitleScene)


def test_space_hammered_out_of_habit_never_starts_the_next_match(
        app: Any, driver: HeadlessDriver, counter: Any) -> None:
    """A stranger pressing Space through the scores ("press Space to continue") keeps pressing as
    the bar appears: each press too soon restarts the look; one press after a pause acts."""
    finished_counter(app, driver)
    driver.run(int(SHOW_AFTER * 60) + 2)
    bar = app.stack.top
    assert isinstance(bar, MatchEndBar)
    for _ in range(8):  # a press every half second, 4 s in all: always too soon
        driver.key(pygame.K_SPACE)
        driver.run(int(LOOK * 60 * 0.6))
        assert app.stack.top is bar, "a hammered Space started the next match"
    _space_after_a_look_deals_anew(app, driver)


def _space_after_a_look_deals_anew(app: Any, driver: HeadlessDriver) -> None:
    """A Space once the bar has been seen for a look starts the next match."""
    driver.run(int(LOOK * 60) + 2)
    driver.key(pygame.K_SPACE)
    driver.settle(40)
    assert isinstance(app.stack.top, GameScene) and not app.stack.top.finished


def test_the_first_confirm_on_the_bar_only_marks_the_focus_however_late(
        app: Any, driver: HeadlessDriver, counter: Any) -> None:
    """A stranger playing cards with Space pressed on, a few seconds apart, as the match ended,
    and was dealt a new match without seeing the results: the first confirm on the bar, however
    late, acts on nothing (the ring on Play again); a second, after a look, acts."""
    finished_counter(app, driver)
    driver.run(int(SHOW_AFTER * 60) + 180)  # the bar has been up for three seconds
    bar = app.stack.top
    assert isinstance(bar, MatchEndBar) and bar.ring
    driver.key(pygame.K_SPACE)
    assert app.stack.top is bar and bar.ring and bar.labels()[bar.focus] == "Play again"
    driver.key(pygame.K_SPACE)  # at once: still too soon
    assert app.stack.top is bar
    _space_after_a_look_deals_anew(app, driver)


def test_right_right_space_from_keys_is_main_menu(
        app: Any, driver: HeadlessDriver, counter: Any, tmp_path: Any) -> None:
    """A keys player sees the ring on Play again as the bar appears, so the arrows move it
    from the first press, and a confirm after steering acts at once: a stranger's Right,
    Right, Space meant Main menu (the first Right had only woken the ring, and the Space, too
    soon after it, was swallowed)."""
    finished_with_replay(app, driver, tmp_path)
    driver.run(int(SHOW_AFTER * 60) + 2)
    bar = app.stack.top
    assert isinstance(bar, MatchEndBar) and bar.ring
    assert bar.labels() == ["Play again", "Watch again", "Main menu"]
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert bar.labels()[bar.focus] == "Main menu"
    driver.key(pygame.K_SPACE)
    driver.settle(40)
    assert isinstance(app.stack.top, TitleScene)


def test_after_the_mouse_the_first_arrow_shows_the_focus_without_moving_it(
        app: Any, driver: HeadlessDriver, counter: Any) -> None:
    finished_counter(app, driver)
    driver.run(int(SHOW_AFTER * 60) + 2)
    bar = app.stack.top
    assert isinstance(bar, MatchEndBar)
    driver.move((640, 200))  # the mouse taken up, over no button: the ring hides
    assert not bar.ring
    driver.key(pygame.K_d)
    assert bar.ring and bar.labels()[bar.focus] == "Play again"
    driver.key(pygame.K_d)
    assert bar.labels()[bar.focus] != "Play again"


def test_a_mouse_player_sees_no_focus_ring_on_the_bar(
        app: Any, driver: HeadlessDriver, counter: Any) -> None:
    finished_counter(app, driver)
    driver.click((640, 300))  # a click while the result has its moment: the mouse is in use
    driver.run(int(SHOW_AFTER * 60) + 2)
    bar = app.stack.top
    assert isinstance(bar, MatchEndBar) and bar.shown and not bar.ring


def test_escape_on_the_bar_is_the_main_menu(app: Any, driver: HeadlessDriver,
                                            counter: Any) -> None:
    finished_counter(app, driver)
    driver.run(int(SHOW_AFTER * 60) + 4)
    driver.key(pygame.K_ESCAPE)
    driver.settle(40)
    assert isinstance(app.stack.top, TitleScene)


def test_watch_again_is_offered_when_the_match_left_a_replay(
        app: Any, driver: HeadlessDriver, counter: Any, tmp_path: Any) -> None:
    finished_with_replay(app, driver, tmp_path)
    driver.run(int(SHOW_AFTER * 60) + 4)
    bar = app.stack.top
    assert isinstance(bar, MatchEndBar)
    assert bar.labels() == ["Play again", "Watch again", "Main menu"]


@pytest.mark.parametrize("game_id", [g.id for g in catalogue.games()] or ["cabo"])
def test_every_game_ends_with_the_same_bar(app: Any, driver: HeadlessDriver,
                                          game_id: str) -> None:
    """Each registered game's table, once finished, is covered by the kit's bar and by no
    end controls of its own."""
    catalogue.load_games()
    info = catalogue.get(game_id)
    assert info is not None
    setup = catalogue.default_setup(info, 5)
    scene = info.make_scene(app, setup, None)
    assert isinstance(scene, GameScene)
    app.stack.push(scene)
    app.stack.apply_requests()
    driver.step()
    scene.finish([0.0] * len(setup.seats), [0])
    driver.run(int(SHOW_AFTER * 60) + 4)
    bar = app.stack.top
    assert isinstance(bar, MatchEndBar) and bar.table is scene
    driver.click(bar_button(app, "Play again").center)
    driver.settle(40)
    again = app.stack.top
    assert isinstance(again, GameScene) and again is not scene
    assert again.setup.game_id == game_id


def test_right_with_the_pointer_on_watch_again_goes_on_to_main_menu(
        app: Any, driver: HeadlessDriver, counter: Any, tmp_path: Any) -> None:
    """A stranger's Right then Enter, the pointer resting on Watch again, started a new match:
    the hidden focus was on Play again. The first arrow goes on from the lit button under the
    pointer, and the ring shows before a confirm acts."""
    finished_with_replay(app, driver, tmp_path)
    driver.run(int(SHOW_AFTER * 60) + 4)
    bar = app.stack.top
    assert isinstance(bar, MatchEndBar)
    driver.move(bar_button(app, "Watch again").center)
    driver.run(int(LOOK * 60) + 2)
    assert not bar.ring
    driver.key(pygame.K_RIGHT)
    assert bar.ring and bar.labels()[bar.focus] == "Main menu"
    driver.key(pygame.K_RIGHT)  # no wrap round to Play again
    assert bar.labels()[bar.focus] == "Main menu"
    driver.key(pygame.K_RETURN)
    driver.settle(40)
    assert isinstance(app.stack.top, TitleScene)


def test_back_from_watch_again_the_first_arrow_moves_the_bar(
        app: Any, driver: HeadlessDriver, tmp_path: Any) -> None:
    """After Back from Watch again (clicked with the mouse, left with Escape) the first arrows
    only woke the hidden ring while Enter still acted: the ring shows on Watch again at once
    and the first Right moves it."""
    from game.core import replay

    catalogue.load_games()
    info = catalogue.get("cabo")
    assert info is not None
    setup = MatchSetup("cabo", catalogue.parse_players("human:keys1,ai:easy", info),
                       {**info.default_options(), "rounds": 1}, 4)
    with replay.capture() as made:
        info.simulate(setup)
    scene = info.make_scene(app, setup, None)
    assert isinstance(scene, GameScene)
    app.stack.push(scene)
    app.stack.apply_requests()
    driver.step()
    scene.replay_path = replay.write(made[0], tmp_path / "r.json")
    scene.finish([0.0, 0.0], [0])
    driver.run(int((SHOW_AFTER + LOOK) * 60) + 4)
    bar = app.stack.top
    assert isinstance(bar, MatchEndBar)
    driver.click(bar_button(app, "Watch again").center)
    driver.settle(40)
    assert app.stack.top is not bar
    driver.key(pygame.K_ESCAPE)
    driver.settle(40)
    assert app.stack.top is bar
    assert bar.ring and bar.labels()[bar.focus] == "Watch again"
    driver.key(pygame.K_RIGHT)
    assert bar.labels()[bar.focus] == "Main menu"
    driver.key(pygame.K_a)  # WASD too
    assert bar.labels()[bar.focus] == "Watch again"
    driver.key(pygame.K_RETURN)  # steered there: it acts at once
    driver.settle(40)
    assert app.stack.top is not bar
