"""Fixed-step driver for a pymunk space: constant frame dt, substeps, an accumulator for scenes.

Physics must give the same result for the same inputs, so the space only ever advances by the same
small dt; the scene feeds real elapsed time to `advance()` and draws with `alpha` between frames.
"""

from __future__ import annotations

from collections.abc import Callable

import pymunk

from game.physics.guard import finite

FRAME_DT = 1.0 / 60.0
"""One simulation frame, seconds."""


class FrameClock:
    """Turns elapsed time into whole fixed frames, with the fraction left over for drawing.

    The one accumulator of a physics game: `FixedStepper.advance` uses it, and a scene whose
    world frame is longer than the app's logic step (or that runs its table faster, in tests
    and demos) feeds it the time and runs the frames it returns, drawing with `alpha`.
    """

    def __init__(self, frame_dt: float = FRAME_DT, max_frames: int = 5) -> None:
        if frame_dt <= 0 or max_frames < 1:
            raise ValueError("frame_dt must be > 0 and max_frames >= 1")
        self.frame_dt = frame_dt
        self.max_frames = max_frames
        self.accumulator = 0.0

    @property
    def alpha(self) -> float:
        """Fraction of a frame accumulated but not yet run, in [0, 1)."""
        return min(self.accumulator / self.frame_dt, 1.0)

    def reset(self) -> None:
        """Forget accumulated time (a new turn starts on a whole frame)."""
        self.accumulator = 0.0

    def advance(self, elapsed: float) -> int:
        """Accumulate `elapsed` seconds; return how many whole frames to run now (at most
        `max_frames`: time beyond that is dropped, so a stall slows the game instead of
        freezing it in catch-up)."""
        finite("elapsed time", elapsed)
        if elapsed < 0:
            raise ValueError("elapsed must be >= 0")
        self.accumulator += elapsed
        frames = 0
        # A tiny epsilon keeps float sums of logic steps from losing a frame.
        while self.accumulator >= self.frame_dt - 1e-9 and frames < self.max_frames:
            self.accumulator = max(0.0, self.accumulator - self.frame_dt)
            frames += 1
        if frames == self.max_frames and self.accumulator >= self.frame_dt:
            self.accumulator = self.accumulator % self.frame_dt
        return frames


class FixedStepper:
    """Steps `space` by `frame_dt` in `substeps`, with an accumulator capped against spirals.

    `step()` runs exactly one frame (what tests, AI and headless runs use); `advance(elapsed)` runs
    as many whole frames as real time allows (what a scene uses) and leaves `alpha`, the fraction
    of a frame left over, for interpolated drawing.
    """

    def __init__(
        self,
        space: pymunk.Space,
        frame_dt: float = FRAME_DT,
        substeps: int = 4,
        max_frames_per_advance: int = 5,
        before_frame: Callable[[], None] | None = None,
        after_frame: Callable[[], None] | None = None,
    ) -> None:
        if frame_dt <= 0 or substeps < 1:
            raise ValueError("frame_dt must be > 0 and substeps >= 1")
        self.space = space
        self.frame_dt = frame_dt
        self.substeps = substeps
        self.substep_dt = frame_dt / substeps
        self.max_frames_per_advance = max_frames_per_advance
        self.before_frame = before_frame
        self.after_frame = after_frame
        self.frames = 0
        self.clock = FrameClock(frame_dt, max_frames_per_advance)

    @property
    def time(self) -> float:
        """Simulated seconds since the stepper started (frames times dt, so no float drift)."""
        return self.frames * self.frame_dt

    @property
    def accumulator(self) -> float:
        """Seconds accumulated toward the next frame."""
        return self.clock.accumulator

    @property
    def alpha(self) -> float:
        """Fraction of a frame accumulated but not yet simulated, in [0, 1), for interpolation."""
        return self.clock.alpha

    def step(self) -> None:
        """Run exactly one frame: hooks around `substeps` space steps of `substep_dt`."""
        if self.before_frame is not None:
            self.before_frame()
        space_step = self.space.step
        h = self.substep_dt
        for _ in range(self.substeps):
            space_step(h)
        self.frames += 1
        if self.after_frame is not None:
            self.after_frame()

    def advance(self, elapsed: float) -> int:
        """Accumulate real `elapsed` seconds and run the whole frames it covers; return how many.

        At most `max_frames_per_advance` frames run per call; time beyond that is dropped, so a
        stalled window slows the game down instead of freezing it in catch-up.
        """
        ran = self.clock.advance(elapsed)
        for _ in range(ran):
            self.step()
        return ran


class SteppedWorld:
    """What a physics world driven by one `FixedStepper` tells and does the same in every
    physics game: the frames and seconds simulated, the fraction of a frame left over for
    drawing, and one frame's step."""

    space: pymunk.Space
    stepper: FixedStepper

    def _open_space(self, gravity: tuple[float, float], iterations: int, substeps: int) -> None:
        """Make the world's `space`, with `gravity` and the solver's `iterations`, and its
        `stepper`, running `substeps` a frame between the world's `_before_frame` and
        `_after_frame`."""
        self.space = pymunk.Space()
        self.space.gravity = gravity
        self.space.iterations = iterations
        self.stepper = FixedStepper(
            self.space,
            FRAME_DT,
            substeps,
            before_frame=self._before_frame,
            after_frame=self._after_frame,
        )

    def _before_frame(self) -> None:
        """What the world does before each frame's steps (nothing unless it says)."""

    def _after_frame(self) -> None:
        """What the world does after each frame's steps (nothing unless it says)."""

    @property
    def frame(self) -> int:
        """Frames simulated so far."""
        return self.stepper.frames

    @property
    def time(self) -> float:
        """Seconds simulated so far."""
        return self.stepper.time

    @property
    def alpha(self) -> float:
        """Fraction of a frame accumulated for drawing between frames."""
        return self.stepper.alpha

    def step(self) -> None:
        """Advance exactly one fixed frame (1/60 s, in the stepper's substeps)."""
        self.stepper.step()
