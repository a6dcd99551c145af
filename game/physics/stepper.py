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
        self.accumulator = 0.0

    @property
    def time(self) -> float:
        """Simulated seconds since the stepper started (frames times dt, so no float drift)."""
        return self.frames * self.frame_dt

    @property
    def alpha(self) -> float:
        """Fraction of a frame accumulated but not yet simulated, in [0, 1), for interpolation."""
        return self.accumulator / self.frame_dt

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
        finite("elapsed time", elapsed)
        if elapsed < 0:
            raise ValueError("elapsed must be >= 0")
        self.accumulator += elapsed
        ran = 0
        while self.accumulator >= self.frame_dt and ran < self.max_frames_per_advance:
            self.step()
            self.accumulator -= self.frame_dt
            ran += 1
        if ran == self.max_frames_per_advance and self.accumulator >= self.frame_dt:
            self.accumulator = self.accumulator % self.frame_dt
        return ran
