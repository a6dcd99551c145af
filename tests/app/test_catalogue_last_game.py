"""The catalogue remembers the game last played and starts the keys' focus on its New game,
across restarts (the settings' `last_game`, written atomically); an unusable or unknown value
falls back to the first game, with a warning for an unusable one."""

from __future__ import annotations

import json
from typing import Any

import pygame

from game.app import catalogue
from game.app.launch import remember_game
from game.app.menus.catalogue import CatalogueScene
from game.core import paths
from game.core.settings import Settings, load_settings


def open_catalogue(app: Any, driver: Any) -> CatalogueScene:
    scene = CatalogueScene(app)
    app.stack.push(scene)
    driver.settle(3)
    return scene


def focused_game(scene: CatalogueScene) -> str:
    item = scene.nav.focused
    assert item is not None and item.row == 0
    return scene.games[item.col].id


def test_the_game_last_played_is_preselected_and_remembered(app: Any, driver: Any) -> None:
    games = [info.id for info in catalogue.games()]
    assert len(games) >= 2
    first = open_catalogue(app, driver)
    assert focused_game(first) == games[0]  # nothing played yet
    app.stack.pop()
    driver.settle(2)
    remember_game(app, catalogue.get(games[2]))  # as starting or resuming a match does
    on_disk = json.loads(paths.settings_path().read_text())
    assert on_disk["last_game"] == games[2]
    assert load_settings()[0].last_game == games[2]  # the next run reads it back
    again = open_catalogue(app, driver)
    assert focused_game(again) == games[2]
    driver.key(pygame.K_RETURN)  # the ring shows on it, and Enter is that game's New game
    driver.key(pygame.K_RETURN)
    driver.settle(20)
    assert getattr(app.stack.top, "info", None) is catalogue.get(games[2])


def test_a_bad_or_unknown_last_game_falls_back_to_the_first(app: Any, driver: Any) -> None:
    for bad in (42, ["cabo"], "../../etc", "x" * 200):
        settings, warnings = Settings.from_dict({"version": 1, "last_game": bad})
        assert settings.last_game == "" and warnings, bad
    settings, warnings = Settings.from_dict({"version": 1, "last_game": "cabo"})
    assert settings.last_game == "cabo" and not warnings
    app.settings.last_game = "gone_game"  # a game no longer in the catalogue
    scene = open_catalogue(app, driver)
    assert focused_game(scene) == catalogue.games()[0].id
