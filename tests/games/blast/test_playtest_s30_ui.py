"""Session 30 playtest fixes on the Kaboom! Explosive table (the UI side)."""

from __future__ import annotations

import json
from typing import Any

from game.app import catalogue
from game.app.headless import HeadlessDriver
from game.games.blast.scene import BlastScene
from tests.games.blast.scene_helpers import make_setup, open_table


def _discard_under(scene: BlastScene) -> int:
    st = scene.state
    return len(st.discard) - len(st.chain)


def test_the_discard_count_shown_is_the_piles_own_and_survives_a_resume(
        app: Any, driver: HeadlessDriver) -> None:
    """A tester read 21 on the discard pile before saving and 19 after Continue: the count the
    table draws is the pile's own whenever the table is still, and a resume reads the same."""
    import game.games.blast as blast

    catalogue.register(blast.INFO)
    setup = make_setup(["hard", "medium", "easy", "hard"], seed=7)
    scene = open_table(app, driver, setup, speed=60)
    seen: list[tuple[int, int]] = []
    for _ in range(40000):
        driver.step()
        if not scene.presenter.busy and not scene.presenter.flying:
            seen.append((scene.presenter.discard_count, _discard_under(scene)))
        if scene.finished and not scene.presenter.busy:
            break
        if (_discard_under(scene) >= 36 and not scene.state.over
                and not scene.presenter.busy and not scene.presenter.flying):
            break  # deep enough into the match that cards left play without a beat
    wrong = [s for s in seen if s[0] != s[1]]
    assert seen and not wrong, wrong[:5]
    assert not scene.state.over
    shown = scene.presenter.discard_count
    saved = json.loads(json.dumps(scene.save_state()))
    app.stack.pop()
    app.stack.apply_requests()
    info = catalogue.get("blast")
    assert info is not None
    resumed = info.make_scene(app, setup, saved)
    assert isinstance(resumed, BlastScene)
    app.stack.push(resumed)
    app.stack.apply_requests()
    driver.run(3)
    assert resumed.presenter.discard_count == shown
