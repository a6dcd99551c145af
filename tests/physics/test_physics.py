"""Shared physics helpers: fixed stepping, the bounded drag handle, ballistic shots."""

from __future__ import annotations

import math

import pymunk
import pytest

from game.physics import FRAME_DT, DragHandle, FixedStepper, predict_path, solve_launch
from game.physics.guard import NotFiniteError

G = (0.0, 1962.0)


def falling_space() -> tuple[pymunk.Space, pymunk.Body]:
    space = pymunk.Space()
    space.gravity = G
    body = pymunk.Body()
    shape = pymunk.Poly.create_box(body, (10.0, 10.0))
    shape.density = 0.01
    space.add(body, shape)
    return space, body


# -- FixedStepper -------------------------------------------------------------------------------


def test_step_runs_one_frame_of_substeps():
    space, body = falling_space()
    calls: list[str] = []
    stepper = FixedStepper(
        space,
        substeps=4,
        before_frame=lambda: calls.append("b"),
        after_frame=lambda: calls.append("a"),
    )
    stepper.step()
    assert calls == ["b", "a"] and stepper.frames == 1
    assert stepper.time == pytest.approx(FRAME_DT)
    assert space.current_time_step == pytest.approx(FRAME_DT / 4)
    assert body.velocity.y == pytest.approx(G[1] * FRAME_DT)


def test_advance_accumulates_real_time_and_caps_catch_up():
    space, _ = falling_space()
    stepper = FixedStepper(space, max_frames_per_advance=5)
    assert stepper.advance(0.01) == 0
    assert stepper.advance(0.01) == 1
    assert 0.0 <= stepper.alpha < 1.0
    assert stepper.advance(1.0) == 5  # a stall does not spiral into catch-up
    assert stepper.accumulator < stepper.frame_dt
    with pytest.raises(ValueError):
        stepper.advance(-1.0)
    with pytest.raises(ValueError):
        FixedStepper(space, substeps=0)


def test_same_inputs_same_result():
    results = []
    for _ in range(2):
        space, body = falling_space()
        body.velocity = (123.4, -567.8)
        body.angular_velocity = 3.3
        stepper = FixedStepper(space)
        for _ in range(120):
            stepper.step()
        results.append((tuple(body.position), body.angle))
    assert results[0] == results[1]


# -- DragHandle ---------------------------------------------------------------------------------


def test_drag_handle_carries_and_turns_a_body():
    space, body = falling_space()
    hand = DragHandle(space)
    stepper = FixedStepper(
        space, before_frame=lambda: hand.begin_frame(FRAME_DT), after_frame=hand.end_frame
    )
    weight = body.mass * G[1]
    hand.attach(body, (0.0, 0.0), max_force=10 * weight, max_torque=400 * body.moment, angle=0.0)
    assert hand.attached is body
    hand.move_to((100.0, -50.0), angle=1.0)
    for _ in range(60):
        stepper.step()
    assert body.position.x == pytest.approx(100.0, abs=0.5)
    assert body.position.y == pytest.approx(-50.0, abs=0.5)
    assert body.angle == pytest.approx(1.0, abs=0.02)
    assert hand.detach() is body and hand.attached is None
    assert len(space.constraints) == 0


def test_drag_force_is_bounded():
    space, body = falling_space()
    hand = DragHandle(space)
    stepper = FixedStepper(
        space, before_frame=lambda: hand.begin_frame(FRAME_DT), after_frame=hand.end_frame
    )
    weight = body.mass * G[1]
    hand.attach(body, (0.0, 0.0), max_force=0.5 * weight, max_torque=1.0)
    hand.move_to((0.0, -100.0))
    for _ in range(30):
        stepper.step()
    assert body.position.y > 0.0  # too weak to lift it: it falls anyway


# -- ballistic ----------------------------------------------------------------------------------


def closest(path: list[tuple[float, float]], target: tuple[float, float]) -> float:
    return min(math.dist(p, target) for p in path)


@pytest.mark.parametrize("high", [False, True])
def test_solve_for_speed_reaches_the_target(high: bool):
    src, dst = (100.0, 550.0), (600.0, 500.0)
    sol = solve_launch(src, dst, G, speed=1200.0, high=high)
    assert sol is not None
    v, t = sol
    assert math.hypot(*v) == pytest.approx(1200.0)
    x = src[0] + v[0] * t
    y = src[1] + v[1] * t + 0.5 * G[1] * t * t
    assert (x, y) == pytest.approx(dst)
    low = solve_launch(src, dst, G, speed=1200.0)
    lob = solve_launch(src, dst, G, speed=1200.0, high=True)
    assert low is not None and lob is not None and low[1] < lob[1]


def test_solve_for_angle_matches_the_discrete_integrator():
    src, dst = (100.0, 550.0), (640.0, 480.0)
    h = FRAME_DT / 4
    angle = math.atan2(-math.sin(math.radians(40)), math.cos(math.radians(40)))
    sol = solve_launch(src, dst, G, angle=angle, step_dt=h)
    assert sol is not None
    v, t = sol
    assert math.atan2(v[1], v[0]) == pytest.approx(angle)
    path = predict_path(src, v, G, h, t + h)
    assert closest(path, dst) < math.hypot(*v) * h
    # And pymunk agrees with predict_path step for step.
    space = pymunk.Space()
    space.gravity = G
    body = pymunk.Body(1.0, 1.0)
    body.position = src
    body.velocity = v
    space.add(body)
    for p in path[1:50]:
        space.step(h)
        assert tuple(body.position) == pytest.approx(p, abs=1e-9)


def test_unreachable_targets_have_no_solution():
    assert solve_launch((0.0, 0.0), (5000.0, 0.0), G, speed=300.0) is None
    down_angle = math.atan2(1.0, 1.0)  # aimed below a target that is above
    assert solve_launch((0.0, 0.0), (100.0, -100.0), G, angle=down_angle) is None
    with pytest.raises(ValueError):
        solve_launch((0.0, 0.0), (1.0, 1.0), G)


def test_predict_path_stops_and_samples():
    path = predict_path(
        (0.0, 0.0), (100.0, -300.0), G, 0.01, 5.0, every=5, stop=lambda p: p[1] > 50
    )
    assert path[0] == (0.0, 0.0) and path[-1][1] > 50
    assert len(path) < 5.0 / 0.01 / 5
    with pytest.raises(ValueError):
        predict_path((0.0, 0.0), (1.0, 1.0), G, 0.0, 1.0)


BAD = [math.nan, math.inf, -math.inf]


@pytest.mark.parametrize("bad", BAD)
def test_physics_helpers_refuse_numbers_that_are_not_finite(bad: float):
    space = pymunk.Space()
    body = pymunk.Body(1.0, 10.0)
    space.add(body, pymunk.Circle(body, 5.0))
    hand = DragHandle(space)
    with pytest.raises(NotFiniteError, match="drag point"):
        hand.attach(body, (bad, 0.0), 100.0, 100.0)
    assert hand.attached is None
    hand.attach(body, (0.0, 0.0), 100.0, 100.0)
    with pytest.raises(NotFiniteError, match="drag target"):
        hand.move_to((0.0, bad))
    with pytest.raises(NotFiniteError, match="drag angle"):
        hand.move_to((1.0, 1.0), bad)
    assert hand.target == (0.0, 0.0) and hand.target_angle == 0.0
    with pytest.raises(NotFiniteError, match="launch target"):
        solve_launch((0.0, 0.0), (bad, 10.0), (0.0, 100.0), speed=50.0)
    with pytest.raises(NotFiniteError, match="launch speed"):
        solve_launch((0.0, 0.0), (10.0, 10.0), (0.0, 100.0), speed=bad)
    with pytest.raises(NotFiniteError, match="launch angle"):
        solve_launch((0.0, 0.0), (10.0, 10.0), (0.0, 100.0), angle=bad)
    with pytest.raises(NotFiniteError, match="path velocity"):
        predict_path((0.0, 0.0), (bad, 1.0), (0.0, 10.0), 0.01, 1.0)
    stepper = FixedStepper(space)
    with pytest.raises(NotFiniteError, match="elapsed"):
        stepper.advance(bad)
    assert stepper.accumulator == 0.0


def test_frame_clock_counts_whole_frames_and_keeps_the_fraction_for_drawing():
    from game.physics.stepper import FrameClock

    clock = FrameClock(FRAME_DT, max_frames=4)
    assert clock.advance(FRAME_DT / 2) == 0 and clock.alpha == pytest.approx(0.5)
    assert clock.advance(FRAME_DT / 2) == 1 and clock.alpha == pytest.approx(0.0, abs=1e-6)
    assert clock.advance(FRAME_DT * 2.25) == 2 and clock.alpha == pytest.approx(0.25)
    assert clock.advance(FRAME_DT * 10) == 4  # capped; the backlog is dropped, not owed
    assert clock.alpha < 1.0
    clock.reset()
    assert clock.alpha == 0.0
    # 120 Hz logic steps drive 60 Hz frames exactly, without float drift over a long run.
    frames = sum(clock.advance(1.0 / 120.0) for _ in range(120 * 60))
    assert frames == 60 * 60
