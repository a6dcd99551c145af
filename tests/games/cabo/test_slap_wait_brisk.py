"""With a person seated, no computer seat draws or flips the next card before the whole Time to
slap set in the lobby has passed since the slappable card landed on screen, even at the brisk
AI pace (a stranger at brisk felt the 4 s window shorter: the next AI drew, discarded and
peeked before his slap came)."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from tests.games.cabo.scene_helpers import make_setup, open_table


def test_at_brisk_pace_an_ai_draws_only_after_the_whole_time_to_slap(
        app: Any, driver: HeadlessDriver) -> None:
    setup = make_setup(["mouse", "hard", "hard"], seed=5)
    setup.options.update({"ai_pace": "brisk", "slap_window": 4.0})
    scene = open_table(app, driver, setup, None, speed=4.0)
    waits: list[float] = []
    apply = scene._apply

    def timed(action: R.Action) -> bool:
        st = scene.state
        if isinstance(action, R.Draw | R.FlipTop) and not scene.is_human(action.player) \
                and st.window and st.slap is None:
            assert scene.landed_window == st.window_id  # the card is on screen
            waits.append(scene.clock - scene.landed_at)
        return apply(action)

    scene._apply = timed  # type: ignore[method-assign]
    for _ in range(1500):
        driver.step()
        if scene.presenter.hold is not None:
            scene._close_hold(scene.presenter.hold.seat)
        if scene.decider() == 0 and not scene.presenter.busy and scene.window_wait_over():
            legal = [a for a in scene.state.legal_actions(0)
                     if not isinstance(a, R.Slap | R.CallKaboom)]
            scene.human_act(legal[0])
        if len(waits) >= 6:
            break
    assert len(waits) >= 6
    assert min(waits) >= 4.0 - 1e-9
