"""Every demo scene of every game opens and runs for seeds other than the smoke's default:
the seeds at which Kaboom! Explosive's demos once failed (chain 5, defence 10, endgame 11,
attack 33) are tried on every game's every demo scene."""

from __future__ import annotations

import pytest

from game.app import catalogue
from game.app.headless import HeadlessDriver, make_headless_app

SEEDS = (5, 10, 11, 33)
DEMOS = [(info.id, demo.scene_id) for info in catalogue.games() for demo in info.demo_scenes]


@pytest.mark.parametrize("game_id,scene_id", DEMOS)
def test_a_demo_scene_opens_and_runs_for_several_seeds(game_id: str, scene_id: str) -> None:
    info = catalogue.get(game_id)
    assert info is not None
    demo = next(d for d in info.demo_scenes if d.scene_id == scene_id)
    app = make_headless_app()  # one app, each seed's table opened and closed in turn
    try:
        driver = HeadlessDriver(app)
        for seed in SEEDS:
            app.stack.push(demo.build(app, seed))
            app.stack.apply_requests()
            driver.run(3)
            top = app.stack.top
            assert top is not None and top.scene_id != "crash", (scene_id, seed)
            app.stack.pop()
            app.stack.apply_requests()
    finally:
        app.shutdown(quit_pygame=False)
