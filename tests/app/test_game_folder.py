"""Adding a game touches only its folder and GAME_MODULES: what the collection writes about its
games (the README table, the credits, the sounds) comes from each game's `GameInfo`."""

from __future__ import annotations

import dataclasses
import importlib.util
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from game.app import catalogue
from game.app.menus.credits import credits
from tests.contract import is_shipped

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("readme_games",
                                                  ROOT / "scripts" / "readme_games.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def new_game() -> Iterator[catalogue.GameInfo]:
    """A game registered the way a new game folder registers itself."""
    base = catalogue.get("tower")
    assert base is not None
    info = dataclasses.replace(base, id="flick", title="Cosmic Kaboom", pitch="Flick discs.",
                               min_players=2, max_players=4,
                               credit="Adapted from Cosmic Kaboom (Minion Games).")
    catalogue.register(info)
    yield info
    catalogue.unregister("flick")


def test_the_readme_games_table_is_the_catalogues() -> None:
    script = _script()
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    games = [g for g in catalogue.games() if is_shipped(g.id)]  # not the tests' own game
    assert script.replace_block(text, script.games_block(games)) == text, \
        "run scripts/readme_games.py"
    for info in games:
        assert f"| `{info.id}` | {info.title} | {info.pitch} |" in text


def test_a_new_game_gets_its_readme_row_and_credit(new_game: catalogue.GameInfo) -> None:
    script = _script()
    block = script.games_block(catalogue.games())
    assert "| `flick` | Cosmic Kaboom | Flick discs. | 2-4 |" in block
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`flick`" not in text and "`flick`" in script.replace_block(text, block)
    assert ("Cosmic Kaboom", "Adapted from Cosmic Kaboom (Minion Games).") in credits()


def test_the_credits_name_every_game_and_its_source() -> None:
    lines = credits()
    for info in catalogue.games():
        assert info.credit, f"{info.id} has no credit line"
        assert (info.title, info.credit) in lines
    assert lines[0][0] == "Kaboom! Collection" and lines[-1][0] == "Sound"


def test_a_readme_without_the_markers_is_refused() -> None:
    with pytest.raises(ValueError, match="no '<!-- games:begin"):
        _script().replace_block("# A README\n", "")


def test_each_game_folder_holds_its_own_sounds() -> None:
    for module in catalogue.GAME_MODULES:
        folder = catalogue.game_folder(module)
        assert folder.parent == ROOT / "game" / "games"
        assert (folder / "assets" / "sounds") in catalogue.sound_dirs()
    with pytest.raises(ValueError, match="no game package"):
        catalogue.game_folder("game.games.no_such_game")
