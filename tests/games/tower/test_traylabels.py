"""The tray's block names ("Roof x1") are the human builder's help: an AI's build shows none."""

from __future__ import annotations

from typing import Any

from game.games.tower.data import SHAPES
from tests.games.tower.test_scene import open_game
from tests.ui.layout import Words, observing


def _tray_words(app: Any, driver: Any, *specs: str) -> list[str]:
    scene = open_game(app, *specs)
    scene.start_turn()
    driver.run(3)
    with observing(Words()) as seen:
        scene.draw(app.screen)
    names = {s.name for s in SHAPES.values()}
    return [w for w in seen.words if w.split(" x")[0] in names]


def test_an_ai_build_draws_no_tray_labels(app: Any, driver: Any) -> None:
    assert _tray_words(app, driver, "ai:easy", "mouse") == []


def test_a_human_build_names_the_tray(app: Any, driver: Any) -> None:
    assert len(_tray_words(app, driver, "mouse", "ai:easy")) >= 5
