"""A drag handle of bounded force: how a hand (mouse or AI) moves a body with physical feel.

The hand is a kinematic body; a PivotJoint pulls the grabbed point toward it and a GearJoint
turns the body toward the hand's angle. Both have a bounded `max_force`, so the dragged body
pushes what it meets (and can knock it over) instead of passing through it.
"""

from __future__ import annotations

import pymunk

from game.physics.guard import finite, finite_point

Point = tuple[float, float]


class DragHandle:
    """Kinematic hand + bounded pivot and gear joints attached to at most one body at a time."""

    def __init__(
        self,
        space: pymunk.Space,
        max_bias: float = 1500.0,
        angular_max_bias: float = 8.0,
        error_bias: float = 0.0005,
    ) -> None:
        self.space = space
        self.body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.max_bias = max_bias
        self.angular_max_bias = angular_max_bias
        self.error_bias = error_bias
        self.target: Point = (0.0, 0.0)
        self.target_angle = 0.0
        self.attached: pymunk.Body | None = None
        self.anchor: Point = (0.0, 0.0)
        self._pivot: pymunk.PivotJoint | None = None
        self._gear: pymunk.GearJoint | None = None
        space.add(self.body)

    def attach(
        self,
        body: pymunk.Body,
        world_point: Point,
        max_force: float,
        max_torque: float,
        angle: float | None = None,
    ) -> None:
        """Grab `body` at `world_point`; the hand starts there, holding the body at `angle`."""
        world_point = finite_point("drag point", world_point)
        finite("drag force", max_force, max_torque)
        if angle is not None:
            finite("drag angle", angle)
        self.detach()
        self.anchor = (
            float(body.world_to_local(world_point).x),
            float(body.world_to_local(world_point).y),
        )
        self.target = (float(world_point[0]), float(world_point[1]))
        self.target_angle = float(body.angle if angle is None else angle)
        self.body.position = self.target
        self.body.velocity = (0.0, 0.0)
        self.body.angle = self.target_angle
        self.body.angular_velocity = 0.0
        pivot = pymunk.PivotJoint(self.body, body, (0.0, 0.0), self.anchor)
        pivot.max_force = max_force
        pivot.max_bias = self.max_bias
        pivot.error_bias = self.error_bias
        gear = pymunk.GearJoint(self.body, body, 0.0, 1.0)
        gear.max_force = max_torque
        gear.max_bias = self.angular_max_bias
        gear.error_bias = self.error_bias
        self.space.add(pivot, gear)
        self._pivot, self._gear = pivot, gear
        self.attached = body

    def detach(self) -> pymunk.Body | None:
        """Let go; return the body that was held, if any."""
        held = self.attached
        if self._pivot is not None and self._gear is not None:
            self.space.remove(self._pivot, self._gear)
        self._pivot = self._gear = None
        self.attached = None
        self.body.velocity = (0.0, 0.0)
        self.body.angular_velocity = 0.0
        return held

    def move_to(self, point: Point, angle: float | None = None) -> None:
        """Set where the hand should be (and its angle) at the end of the next frame."""
        point = finite_point("drag target", point)
        if angle is not None:
            finite("drag angle", angle)
        self.target = (float(point[0]), float(point[1]))
        if angle is not None:
            self.target_angle = float(angle)

    def begin_frame(self, frame_dt: float) -> None:
        """Give the hand the velocity that reaches the target in one frame (smooth substeps)."""
        pos = self.body.position
        self.body.velocity = (
            (self.target[0] - pos.x) / frame_dt,
            (self.target[1] - pos.y) / frame_dt,
        )
        self.body.angular_velocity = (self.target_angle - self.body.angle) / frame_dt

    def end_frame(self) -> None:
        """Pin the hand exactly on target (removes float drift) and stop it."""
        self.body.position = self.target
        self.body.angle = self.target_angle
        self.body.velocity = (0.0, 0.0)
        self.body.angular_velocity = 0.0
