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


def test_the_final_board_says_why_the_last_turn_scored_what_it_did(app: Any, driver: Any) -> None:
    """The board after every turn explains it (knocked towers, towers that scored nothing);
    the last turn went from its judging straight to the final board with none of that. The
    final board now says it, headed "Last turn:", and what the turn gained."""
    import pygame

    from game.games.tower import hud
    from game.ui import text, theme

    for seed in range(1, 12):
        scene = open_game(app, "ai:hard", "ai:easy", seed=seed, rounds=1)
        driver.step()
        fast_forward(driver, scene, Stage.OVER)
        assert scene.result is not None
        turn_notes = scene.table_view.last_turn_notes()
        if turn_notes and scene.result.points:
            break
        app.stack.pop()
        app.stack.apply_requests()
    else:
        raise AssertionError("no seed's last turn both scored and had a note")
    info = scene.table_view.board_info(final=True)
    assert info.notes[0].startswith("Last turn: ")
    name = scene.seats[scene.turn_builder].name
    assert info.notes[0] == f"Last turn: {name} scored {scene.result.points} point" + \
        ("s" if scene.result.points != 1 else "")
    assert info.notes[1:] == turn_notes
    for scale in (1.0, theme.LARGE_TEXT_SCALE):
        text.set_scale(scale)
        try:
            hud.board_panel.cache_clear()
            board = hud.board_panel(info)
            assert board.get_height() <= 720 and board.get_width() <= 1280
        finally:
            text.set_scale(1.0)
    scene.draw(pygame.Surface((1280, 720)))
