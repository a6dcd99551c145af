"""The end of a match deals no tiles: the won tiles of the last turn leave their pads, and no
new tile drops onto a pad behind the final scoreboard (a stranger saw the table deal as if
there were more to play)."""

from __future__ import annotations

from typing import Any

from game.games.tower.scene import Stage
from tests.games.tower.test_scene import fast_forward, open_game


def test_the_last_turn_deals_no_tiles_behind_the_final_board(app: Any, driver: Any) -> None:
    for seed in range(1, 12):
        scene = open_game(app, "ai:hard", "ai:easy", seed=seed, rounds=1)
        driver.step()
        while scene.match.turn < scene.match.total_turns - 1:
            fast_forward(driver, scene, Stage.READY if scene.stage != Stage.READY else None)
        fast_forward(driver, scene, Stage.JUDGE)
        assert scene.result is not None and scene.match.is_over
        won = [j.slot for j in scene.result.judgements if j.scored]
        if won and scene.result.replaced:
            break
        app.stack.pop()
        app.stack.apply_requests()
    else:
        raise AssertionError("no seed's last turn won a tile")
    assert scene.plan is not None and scene.plan.drops == []  # nothing dealt in the show
    fast_forward(driver, scene, Stage.OVER)
    view = scene.table_view
    for slot in won:
        assert view.slot_view(slot)[0] is None  # its card left with the tile; none dealt
        assert scene.shown_row()[slot] is None
    for slot, tid in enumerate(scene.turn_row):
        if slot not in won:
            assert view.slot_view(slot)[0] == tid
