"""The first-match coach: a profile's first match of a game opens with that game's tips."""

from __future__ import annotations

from typing import Any

import pytest

from game.app import catalogue
from game.app.gamescene import GameScene
from game.app.headless import HeadlessDriver
from game.app.launch import start_game
from game.app.menus.coach import FirstMatchTips, wants_tips
from game.app.menus.lobby import LobbyScene


@pytest.fixture(autouse=True)
def coach_on(app: Any) -> None:
    app.settings.assists.first_match_tips = True  # the default a player has


def open_match(app: Any, driver: HeadlessDriver, game_id: str) -> Any:
    info = catalogue.get(game_id)
    assert info is not None
    app.stack.push(LobbyScene(app, info))
    app.stack.apply_requests()
    driver.step()
    start_game(app, info, catalogue.default_setup(info, 3))
    driver.settle(40)
    return info


@pytest.mark.parametrize("game_id", [g.id for g in catalogue.games()])
def test_every_game_coaches_a_first_match_and_lets_play_start_it(
        app: Any, driver: HeadlessDriver, game_id: str) -> None:
    info = open_match(app, driver, game_id)
    assert len(info.first_tips) >= 3
    tips = app.stack.top
    assert isinstance(tips, FirstMatchTips) and tips.info is info
    table = app.stack.scenes[-2]
    assert isinstance(table, GameScene)
    assert table.time == 0.0, "the table waits under the tips"
    driver.run(20)
    lets_play = next(e for e in tips.elements if getattr(e, "text", "") == "Let's play")
    driver.click(lets_play.rect.center)
    driver.settle(10)
    assert app.stack.top is table


def test_a_profile_that_has_played_the_game_is_not_coached_again(
        app: Any, driver: HeadlessDriver) -> None:
    info = catalogue.get("cabo")
    assert info is not None and wants_tips(app, info)
    app.stats.record(app.settings.profile, "cabo", won=False, score=12.0, seconds=300.0)
    assert not wants_tips(app, info)
    open_match(app, driver, "cabo")
    assert isinstance(app.stack.top, GameScene)


def test_no_more_tips_switches_the_coach_off_and_is_saved(
        app: Any, driver: HeadlessDriver) -> None:
    from game.core.settings import load_settings

    open_match(app, driver, "tower")
    tips = app.stack.top
    assert isinstance(tips, FirstMatchTips)
    driver.run(20)
    off = next(e for e in tips.elements if getattr(e, "text", "") == "No more tips")
    driver.click(off.rect.center)
    driver.settle(10)
    assert isinstance(app.stack.top, GameScene)
    assert app.settings.assists.first_match_tips is False
    assert load_settings()[0].assists.first_match_tips is False
    assert not wants_tips(app, catalogue.get("cosmic"))  # type: ignore[arg-type]
