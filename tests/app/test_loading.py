"""A match is set up in the dark of the fade with "Setting up ..." showing, not under a frozen
lobby; reduced motion turns fades into cuts."""

from __future__ import annotations

from typing import Any

from game.app import catalogue
from game.app.gamescene import GameScene
from game.app.headless import HeadlessDriver
from game.app.launch import start_game
from game.app.menus.lobby import LobbyScene
from game.app.scene import Scene
from tests.ui.layout import Words, observing


def tables(app: Any) -> list[Scene]:
    return [s for s in app.stack.scenes if isinstance(s, GameScene)]


def start_from_lobby(app: Any, driver: HeadlessDriver,
                     game_id: str) -> tuple[Any, list[str], tuple[int, ...]]:
    """Start a match from the lobby; return the game, the labels drawn in the frames before the
    table was built, and the colour of the last of those frames at the lobby's options panel
    (what the window shows while the table is set up)."""
    info = catalogue.get(game_id)
    assert info is not None
    app.stack.push(LobbyScene(app, info))
    app.stack.apply_requests()
    driver.step()
    start_game(app, info, catalogue.default_setup(info, 5))
    frames: list[list[str]] = []
    shown: tuple[int, ...] = ()
    while not tables(app):
        assert len(frames) < 60, "the table is never set up"
        before = tuple(app.display.canvas.get_at((900, 200)))
        with observing(Words()) as labels:
            driver.step(draw=True)
        frames.append(labels.words)
        shown = before
    return info, [label for frame in frames[:-1] for label in frame], shown


def test_a_new_match_is_set_up_in_the_dark_with_a_loading_sign(
        app: Any, driver: HeadlessDriver) -> None:
    info, before, shown = start_from_lobby(app, driver, "cosmic")
    assert f"Setting up {info.title}…" in before, "a frame before the build says it is coming"
    assert shown[:3] == (8, 10, 20), f"the lobby still shows through the dark: {shown}"
    assert app.stack.scenes[-1] is not None and tables(app)
    driver.settle(40)
    assert app._fade is None and tables(app)[0] in app.stack.scenes
    assert not any(isinstance(s, LobbyScene) for s in app.stack.scenes), "it took the lobby's place"


def test_with_reduced_motion_a_fade_is_a_cut_and_the_loading_sign_still_shows(
        app: Any, driver: HeadlessDriver) -> None:
    app.settings.accessibility.reduced_motion = True
    a, b = Scene(app), Scene(app)
    app.stack.push(a)
    driver.step()
    app.replace(b, fade=0.4)
    assert app._fade is None, "no dip to dark"
    driver.step()
    assert app.stack.top is b
    info, before, _ = start_from_lobby(app, driver, "cabo")
    assert f"Setting up {info.title}…" in before
    driver.step()
    assert app._fade is None, "the labelled cut is over once the table is up"
