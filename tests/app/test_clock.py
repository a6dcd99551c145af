"""The fixed-step loop: constant dt, capped catch-up, deterministic for the same frame times."""

from __future__ import annotations

import random

from game.app.clock import LOGIC_DT, FixedStep


def test_sixty_fps_gives_two_steps_per_frame_at_120hz() -> None:
    fs = FixedStep()
    steps = [fs.advance(1 / 60) for _ in range(600)]
    assert set(steps) == {2}
    assert fs.steps_total == 1200


def test_long_stall_is_capped_and_backlog_dropped() -> None:
    fs = FixedStep()
    n = fs.advance(5.0)
    assert n <= fs.max_steps
    assert fs.accumulator < fs.dt
    # A stall never makes the next frames replay it.
    assert fs.advance(1 / 60) == 2


def test_uneven_frames_keep_total_logic_time() -> None:
    fs = FixedStep()
    rng = random.Random(4)
    real = 0.0
    for _ in range(1000):
        dt = rng.uniform(0.005, 0.03)
        real += dt
        fs.advance(dt)
    assert abs(fs.steps_total * LOGIC_DT + fs.accumulator - real) < 1e-6
    assert 0.0 <= fs.alpha <= 1.0


def test_same_frame_times_same_steps() -> None:
    rng = random.Random(9)
    times = [rng.uniform(0.001, 0.1) for _ in range(500)]
    a, b = FixedStep(), FixedStep()
    assert [a.advance(t) for t in times] == [b.advance(t) for t in times]


def test_negative_frame_time_is_ignored() -> None:
    fs = FixedStep()
    assert fs.advance(-1.0) == 0
    assert fs.accumulator == 0.0
