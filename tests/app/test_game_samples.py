"""What a game writes besides its folder is only what scripts make from the catalogue: its real
sample save comes from its recipe (`tests/games/<id>/sample.py`), and its optional modules
(`replay`, `watch`) are found through the package that registered it, not guessed."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

from game.app import catalogue
from game.app.menus import replays
from tests.contract import TEST_GAMES, is_shipped, recipe_of

SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples"


def test_every_game_has_a_sample_recipe_and_its_real_sample() -> None:
    for info in catalogue.games():
        recipe = recipe_of(info.id)
        assert callable(recipe.make_sample), info.id
        path = SAMPLES / recipe.SAMPLE
        assert path.is_file(), (f"{info.id}: no sample {path.name}; write it with "
                                f"`python saves/make_samples.py {info.id}`")
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["game"] == info.id
        assert data["state"]["setup"]["game_id"] == info.id


def test_a_games_package_is_the_one_that_registered_it() -> None:
    for info in catalogue.games():
        package = catalogue.package_of(info.id)
        # A shipped game's package is one of GAME_MODULES; a test game's, one of TEST_GAMES.
        assert package in (catalogue.GAME_MODULES if is_shipped(info.id) else TEST_GAMES)
        assert package == replays.game_package(info)
        assert importlib.import_module(package).__name__ == package
    assert catalogue.package_of("no-such-game") is None


def test_watch_and_verify_are_found_by_package() -> None:
    from game.cli import _replay_verifier

    for info in catalogue.games():
        assert replays.can_watch(info.id), info.id
        verify = _replay_verifier(info)
        assert callable(verify), info.id
        assert verify.__module__ == f"{catalogue.package_of(info.id)}.replay"
