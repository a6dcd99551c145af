"""The games every contract test runs over: the catalogue's, each with its real sample save and
its recipe (`SAMPLE`, `make_sample`, `BAD_GAME_STATES`, `REFUSED_SAMPLES`, `SHORT_OPTIONS`).
A game gets the contract tests by registering and writing its recipe and sample: the real
games' recipes are `tests/games/<id>/sample.py`; a game that lives under the tests (Dice Race,
`tests/fifthgame/`, registered for the test session by `tests/conftest.py`) is its own tests
folder, so its recipe is its package's `sample` module."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

from game.app import catalogue

SAMPLES = Path(__file__).resolve().parents[1] / "saves" / "samples"
TEST_GAMES: tuple[str, ...] = ("tests.fifthgame",)
"""Games that live under the tests: registered for the test session, never shown to players."""


def register_test_games() -> None:
    """Register the test games after the real ones (each package's `register()`)."""
    for package in TEST_GAMES:
        importlib.import_module(package).register()


def game_ids() -> list[str]:
    """Every registered game, in catalogue order (the test session's fifth game last)."""
    return [g.id for g in catalogue.games()]


def shipped_ids() -> list[str]:
    """The games players get (`GAME_MODULES`): what the README and the credits name."""
    return [g.id for g in catalogue.games() if is_shipped(g.id)]


def is_shipped(game_id: str) -> bool:
    """Whether a game is one of the collection's own (not one the tests registered)."""
    return catalogue.package_of(game_id) in catalogue.GAME_MODULES


def folder(game_id: str) -> Path:
    """The game's own folder (`game/games/<id>`, or the tests' package for a test game)."""
    package = catalogue.package_of(game_id)
    assert package is not None, game_id
    return catalogue.game_folder(package)


def recipe_of(game_id: str) -> ModuleType:
    """The game's sample recipe: `tests.games.<id>.sample`, or the test game's own."""
    package = catalogue.package_of(game_id)
    if package is not None and not is_shipped(game_id):
        return importlib.import_module(f"{package}.sample")
    return importlib.import_module(f"tests.games.{game_id}.sample")


def short_options(game_id: str) -> list[str]:
    """Options (`KEY=VALUE`) that keep a whole match of the game short (its recipe's
    `SHORT_OPTIONS`; none: the defaults are short enough)."""
    return list(getattr(recipe_of(game_id), "SHORT_OPTIONS", []))


def sample_name(game_id: str) -> str:
    """The file name of a game's real sample save (in `saves/samples/`)."""
    return str(recipe_of(game_id).SAMPLE)


def game_title(game_id: str) -> str:
    """The game's name as players see it."""
    info = catalogue.get(game_id)
    assert info is not None, game_id
    return info.title
