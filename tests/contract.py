"""The games every contract test runs over: the catalogue's, each with its real sample save
(`tests/games/<id>/sample.py` names it; `saves/make_samples.py` writes it). A game gets the
contract tests by registering and writing its sample."""

from __future__ import annotations

import importlib
from pathlib import Path

from game.app import catalogue

SAMPLES = Path(__file__).resolve().parents[1] / "saves" / "samples"
#: Options that keep a game's whole match short, for the contract tests that play one.
SHORT_OPTIONS: dict[str, list[str]] = {"cabo": ["rounds=1"], "tower": ["rounds=1"],
                                       "cosmic": ["length=short"]}


def game_ids() -> list[str]:
    """Every registered game, in catalogue order."""
    return [g.id for g in catalogue.games()]


def sample_name(game_id: str) -> str:
    """The file name of a game's real sample save (in `saves/samples/`)."""
    return str(importlib.import_module(f"tests.games.{game_id}.sample").SAMPLE)


def game_title(game_id: str) -> str:
    """The game's name as players see it."""
    info = catalogue.get(game_id)
    assert info is not None, game_id
    return info.title
