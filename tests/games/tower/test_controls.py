"""Tower Kaboom controls: the keyboard or stick hand is slow at first and speeds up when held."""

from __future__ import annotations

import pytest

from game.games.tower.controls import (
    CURSOR_SLOW,
    CURSOR_SPEED,
    CURSOR_START,
    CursorBuilderControl,
)
from game.games.tower.rules import Options, new_match
from game.games.tower.world import FRAME_DT, TurnController


def test_a_tap_moves_the_cursor_a_few_units_and_a_held_key_speeds_it_up() -> None:
    turn = TurnController(new_match(Options(players=2), seed=1))
    ctl = CursorBuilderControl(seat=turn.builder, kind="keys", pos=(400.0, 300.0))
    ctl.carrying = True
    for _ in range(6):  # a 0.1 s tap
        ctl.update(turn, FRAME_DT, (1.0, 0.0))
    tap = ctl.pos[0] - 400.0
    assert 0.0 < tap < 4.0
    ctl.update(turn, FRAME_DT, (0.0, 0.0))  # let go: the next push starts slow again
    start = ctl.pos[0]
    for _ in range(120):  # held 2 s
        ctl.update(turn, FRAME_DT, (1.0, 0.0))
    last = ctl.pos[0]
    ctl.update(turn, FRAME_DT, (1.0, 0.0))
    assert ctl.pos[0] - last == pytest.approx(CURSOR_SPEED * CURSOR_SLOW * FRAME_DT)
    assert last - start > 60 * tap
    before = ctl.pos[0]
    ctl.update(turn, FRAME_DT, (-1.0, 0.0))  # a new direction starts slow
    assert before - ctl.pos[0] == pytest.approx(
        CURSOR_SPEED * CURSOR_SLOW * CURSOR_START * FRAME_DT, rel=0.2)
