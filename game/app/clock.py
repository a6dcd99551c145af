"""Fixed-timestep accumulator: constant logic dt, capped catch-up, interpolation fraction."""

from __future__ import annotations

from dataclasses import dataclass

LOGIC_HZ = 120
LOGIC_DT = 1.0 / LOGIC_HZ
MAX_FRAME_DT = 0.25  # a long stall (window drag, breakpoint) never replays more than this
MAX_STEPS_PER_FRAME = 8


@dataclass
class FixedStep:
    """Turns variable frame times into a whole number of constant logic steps.

    The same sequence of frame times always gives the same sequence of steps, so the game
    is deterministic for the same inputs; `alpha` is the fraction of a step left over,
    used to draw between the previous and the current logic state.
    """

    dt: float = LOGIC_DT
    max_frame_dt: float = MAX_FRAME_DT
    max_steps: int = MAX_STEPS_PER_FRAME
    accumulator: float = 0.0
    steps_total: int = 0
    dropped_time: float = 0.0

    def advance(self, frame_dt: float) -> int:
        """Add a frame's real time and return how many logic steps to run now."""
        frame_dt = max(0.0, min(frame_dt, self.max_frame_dt))
        self.accumulator += frame_dt
        steps = 0
        # A tiny epsilon keeps 1/60 s frames from alternating 1 and 3 steps at 120 Hz.
        while self.accumulator + 1e-9 >= self.dt and steps < self.max_steps:
            self.accumulator -= self.dt
            steps += 1
        if steps == self.max_steps and self.accumulator >= self.dt:
            # Spiral-of-death guard: forget the backlog rather than fall further behind.
            self.dropped_time += self.accumulator
            self.accumulator = 0.0
        self.accumulator = max(0.0, self.accumulator)
        self.steps_total += steps
        return steps

    @property
    def alpha(self) -> float:
        """Fraction of a logic step accumulated but not yet simulated (0..1)."""
        return min(1.0, self.accumulator / self.dt)
