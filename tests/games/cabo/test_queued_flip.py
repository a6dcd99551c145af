"""The opening prompt's words are true: a press on one's own opening card flips it next (once
the card on top has had its Time to slap), and a queued flip that can no longer happen says
so (a stranger's Return "to flip it now" showed "Flip queued", an AI slapped the card showing,
play began, and the flip never came)."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from tests.games.cabo.test_scene_table import GRIDS, notes, table


def test_a_queued_opening_flip_spent_by_a_slap_says_it_was_cancelled(
        app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys2", "hard", "hard"], phase=R.Phase.FLIP, turn=0,
                  discard=["7C"], draw=["6C", "5C", "8C"], window=True, window_from=2,
                  seen={1: [(1, 0)]}, grids=GRIDS,
                  options=R.CaboOptions(players=3, first_starter=0, slap_window=4.0))
    assert driver.run_until(lambda: scene.landed_window == scene.state.window_id, 300)
    if scene.presenter.hold is not None:
        scene._close_hold(scene.presenter.hold.seat)
    assert "to flip next" in scene.prompt_line() and "flip it now" not in scene.prompt_line()
    scene.human_act(R.FlipTop(0))
    assert scene.draw_queued(0)
    assert driver.run_until(lambda: any(isinstance(e, R.SlapAttempt)
                                        for e in scene.state.events), 600)
    assert driver.run_until(lambda: scene.queued is None, 60)
    assert not any(isinstance(e, R.Flipped) and e.player == 0 for e in scene.state.events)
    assert "Flip cancelled: Ben's slap started play" in notes(scene)
