"""What the physics games share: a fixed-step driver, a drag handle of bounded force, and
ballistic shot solving/prediction. Imports pymunk, never pygame."""

from game.physics.ballistic import predict_path, solve_launch
from game.physics.drag import DragHandle
from game.physics.stepper import FRAME_DT, FixedStepper

__all__ = ["FRAME_DT", "DragHandle", "FixedStepper", "predict_path", "solve_launch"]
