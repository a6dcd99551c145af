"""Controls tells the player about key names the game does not know and keys bound twice."""

from __future__ import annotations

import json
from pathlib import Path

from game.app.headless import HeadlessDriver, make_headless_app
from game.app.menus.settings import ControlsScene


def test_unknown_and_duplicate_keys_are_told_in_controls(kaboom_home: Path) -> None:
    path = kaboom_home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 1, "controls": {
        "keys1": {"up": "notakey"}, "keys2": {"confirm": "space"}}}), encoding="utf-8")
    app = make_headless_app()
    try:
        scene = ControlsScene(app)
        driver = HeadlessDriver(app, scene)
        driver.step()
        assert any("'notakey' (Up, left) is not a key" in p for p in scene.problems)
        assert "SPACE is bound to Confirm (left) and Confirm (right)" in scene.problems
        assert len(scene.problems) == 2
        assert app.input.bindings["keys1"]["up"] == "w"  # the default stands in meanwhile
    finally:
        app.shutdown(quit_pygame=False)


def test_default_controls_have_nothing_to_tell(app: object) -> None:
    scene = ControlsScene(app)  # type: ignore[arg-type]
    driver = HeadlessDriver(app, scene)  # type: ignore[arg-type]
    driver.step()
    assert scene.problems == []
