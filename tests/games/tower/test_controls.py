"""Tower Kaboom controls: the keyboard or stick hand creeps at first, then speeds up to a capped
top speed; Shift keeps it creeping. Driven with a fixed dt (no timing)."""

from __future__ import annotations

import pytest

from game.games.tower.camera import BUILD_ZOOM
from game.games.tower.controls import (
    CURSOR_FINE,
    CURSOR_HOLD,
    CURSOR_RAMP,
    CURSOR_SLOW,
    CURSOR_SPEED,
    CURSOR_TAP,
    CursorBuilderControl,
)
from game.games.tower.rules import Options, new_match
from game.games.tower.turn import TurnController
from game.games.tower.world import FRAME_DT


def hold(turn: TurnController, ctl: CursorBuilderControl, seconds: float,
         axis: tuple[float, float] = (1.0, 0.0)) -> float:
    """Hold a direction for `seconds` in fixed steps, then let go; how far the hand moved."""
    x0 = ctl.pos[0]
    for _ in range(round(seconds / FRAME_DT)):
        ctl.update(turn, FRAME_DT, axis)
    ctl.update(turn, FRAME_DT, (0.0, 0.0))
    return abs(ctl.pos[0] - x0)


@pytest.fixture
def turn() -> TurnController:
    return TurnController(new_match(Options(players=2), seed=1))


def test_a_tap_moves_the_hand_a_useful_step(turn: TurnController) -> None:
    """A stranger's tap of W/A/S/D moved the hand about 2 pixels: a tap (one frame down) now
    steps it 12-16 screen pixels in the builder's close view, and each tap again as far."""
    ctl = CursorBuilderControl(seat=turn.builder, kind="keys", pos=(400.0, 300.0))
    one = hold(turn, ctl, FRAME_DT)
    assert 12.0 <= one * BUILD_ZOOM <= 18.0, one * BUILD_ZOOM
    assert hold(turn, ctl, FRAME_DT) == pytest.approx(one)  # tap again: as far again
    assert hold(turn, ctl, 0.1) == pytest.approx(CURSOR_TAP + CURSOR_FINE * 0.1)
    ctl.carrying = True
    assert hold(turn, ctl, 0.1) == pytest.approx((CURSOR_TAP + CURSOR_FINE * 0.1) * CURSOR_SLOW)
    y0 = ctl.pos[1]
    ctl.update(turn, FRAME_DT, (0.0, -1.0))  # W: up as far
    assert y0 - ctl.pos[1] == pytest.approx((CURSOR_TAP + CURSOR_FINE * FRAME_DT) * CURSOR_SLOW)


def test_holding_speeds_the_hand_up(turn: TurnController) -> None:
    ctl = CursorBuilderControl(seat=turn.builder, kind="keys", pos=(100.0, 300.0))
    for _ in range(round(0.8 / FRAME_DT)):
        ctl.update(turn, FRAME_DT, (1.0, 0.0))
    x0 = ctl.pos[0]
    ctl.update(turn, FRAME_DT, (1.0, 0.0))
    assert ctl.pos[0] - x0 > 4 * CURSOR_FINE * FRAME_DT  # no tap step mid-hold, but faster


def test_positions_after_given_holds(turn: TurnController) -> None:
    ctl = CursorBuilderControl(seat=turn.builder, kind="keys", pos=(100.0, 300.0))
    # The first 0.3 s creep; a 0.7 s hold goes about 72 units (it went ~250 before: overshoot).
    assert hold(turn, ctl, CURSOR_HOLD) == pytest.approx(CURSOR_TAP + CURSOR_FINE * CURSOR_HOLD)
    ramp_avg = (CURSOR_FINE + CURSOR_SPEED) / 2.0
    expected = CURSOR_TAP + CURSOR_FINE * CURSOR_HOLD + ramp_avg * CURSOR_RAMP
    assert hold(turn, ctl, 0.7) == pytest.approx(expected, rel=0.02)
    assert 60.0 < expected < 90.0
    # Held long, the speed is capped: each further second adds exactly the top speed.
    one = hold(turn, ctl, 1.0)
    two = hold(turn, ctl, 2.0)
    assert two - one == pytest.approx(CURSOR_SPEED, rel=0.02)


def test_the_same_hold_in_coarser_steps_goes_as_far(turn: TurnController) -> None:
    a = CursorBuilderControl(seat=turn.builder, kind="keys", pos=(100.0, 300.0))
    b = CursorBuilderControl(seat=turn.builder, kind="keys", pos=(100.0, 300.0))
    for _ in range(60):
        a.update(turn, 1 / 60, (1.0, 0.0))
    for _ in range(20):
        b.update(turn, 1 / 20, (1.0, 0.0))
    assert a.pos[0] == pytest.approx(b.pos[0], abs=2.0)


def test_shift_keeps_the_hand_fine_and_a_new_direction_starts_slow(turn: TurnController) -> None:
    ctl = CursorBuilderControl(seat=turn.builder, kind="keys", pos=(100.0, 300.0))
    ctl.fine = True
    assert hold(turn, ctl, 2.0) == pytest.approx(CURSOR_FINE * 2.0, rel=0.01)
    ctl.fine = False
    for _ in range(90):
        ctl.update(turn, FRAME_DT, (1.0, 0.0))
    before = ctl.pos[0]
    ctl.update(turn, FRAME_DT, (-1.0, 0.0))  # reversing starts with a step, no fling back
    assert before - ctl.pos[0] == pytest.approx(CURSOR_TAP + CURSOR_FINE * FRAME_DT)
