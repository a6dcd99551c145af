"""Tower Kaboom's table as plain data: where a block is, what to draw (`Pose`, `CatapultView`),
what a turn's table is built from (`WorldSetup`), a whole table to rebuild (`WorldSnapshot`) and
its counters (`Stats`). No pygame, no pymunk: `TowerWorld` (world.py) makes and reads them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.games.tower.rules import MatchState

Point = tuple[float, float]


class Where(StrEnum):
    """Where a block is: in the tray, lifted out of it by the hand, held on the table, free."""

    TRAY = "tray"
    LIFT = "lift"
    HELD = "held"
    TABLE = "table"


# ---------------------------------------------------------------------------------------------
# Views for drawing
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pose:
    """A body to draw: `kind` "block" or "die", its id, shape key, where, centre and angle.

    (x, y) is the origin of the shape's local geometry (`data.SHAPES[key].parts`, the bounding
    box centre when upright; dice are `DIE_SIZE` squares about it).
    """

    kind: str
    ident: int
    shape: str
    where: str
    x: float
    y: float
    angle: float


@dataclass(frozen=True)
class CatapultView:
    """A catapult to draw: base centre, facing, arm lean back from vertical, aim and readiness."""

    seat: int
    slot: int
    x: float
    y: float
    facing: int
    pivot: Point
    arm_length: float
    arm_angle: float
    aim_angle: float
    aim_power: float
    launch_point: Point
    ready: bool
    shots: int


# ---------------------------------------------------------------------------------------------
# Setup and snapshots (plain data)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WorldSetup:
    """What a turn's table is built from: the row's tiles, who has which catapult, a seed."""

    row: tuple[int | None, ...]
    saboteurs: tuple[int, ...]
    """Seat of each catapult in `CATAPULT_SLOTS` order (-1: no catapult in that slot)."""
    seed: int

    @staticmethod
    def from_match(match: MatchState) -> WorldSetup:
        """The table of the match's current turn."""
        return WorldSetup(tuple(match.row), match.catapult_layout(), match.turn_seed)

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {"row": list(self.row), "saboteurs": list(self.saboteurs), "seed": self.seed}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> WorldSetup:
        """Inverse of `to_dict`."""
        return WorldSetup(
            tuple(None if t is None else int(t) for t in d["row"]),
            tuple(int(s) for s in d["saboteurs"]),
            int(d["seed"]),
        )


BodyState = tuple[float, float, float, float, float, float]
"""x, y, angle, vx, vy, angular velocity."""


@dataclass(frozen=True)
class WorldSnapshot:
    """Everything needed to rebuild a world exactly (plain data; JSON via `to_dict`)."""

    setup: WorldSetup
    frame: int
    blocks: tuple[tuple[int, str, BodyState], ...]
    dice: tuple[tuple[int, int, BodyState, bool, bool, float, int | None], ...]
    """id, seat, body state, hit a block, touched the table, seconds at rest, rested slot."""
    catapults: tuple[tuple[int, float, float, float, int], ...]
    held: tuple[int, Point, Point, float] | None
    locked: tuple[int, ...]
    next_die: int
    rng: tuple[Any, ...]
    stats: tuple[tuple[str, int], ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data."""
        return {
            "setup": self.setup.to_dict(),
            "frame": self.frame,
            "blocks": [[i, w, list(s)] for i, w, s in self.blocks],
            "dice": [
                [i, seat, list(s), hit, landed, rest, slot]
                for i, seat, s, hit, landed, rest, slot in self.dice
            ],
            "catapults": [list(c) for c in self.catapults],
            "held": None
            if self.held is None
            else [self.held[0], list(self.held[1]), list(self.held[2]), self.held[3]],
            "locked": list(self.locked),
            "next_die": self.next_die,
            "rng": [self.rng[0], list(self.rng[1]), self.rng[2]],
            "stats": [list(s) for s in self.stats],
        }

    @staticmethod
    def from_dict(d: dict[str, Any]) -> WorldSnapshot:
        """Inverse of `to_dict`."""

        def bs(v: list[float]) -> BodyState:
            return (float(v[0]), float(v[1]), float(v[2]), float(v[3]), float(v[4]), float(v[5]))

        held = d["held"]
        return WorldSnapshot(
            setup=WorldSetup.from_dict(d["setup"]),
            frame=int(d["frame"]),
            blocks=tuple((int(i), str(w), bs(s)) for i, w, s in d["blocks"]),
            dice=tuple(
                (
                    int(i),
                    int(seat),
                    bs(s),
                    bool(hit),
                    bool(landed),
                    float(rest),
                    None if sl is None else int(sl),
                )
                for i, seat, s, hit, landed, rest, sl in d["dice"]
            ),
            catapults=tuple(
                (int(c[0]), float(c[1]), float(c[2]), float(c[3]), int(c[4]))
                for c in d["catapults"]
            ),
            held=None
            if held is None
            else (
                int(held[0]),
                (float(held[1][0]), float(held[1][1])),
                (float(held[2][0]), float(held[2][1])),
                float(held[3]),
            ),
            locked=tuple(int(i) for i in d["locked"]),
            next_die=int(d["next_die"]),
            rng=(int(d["rng"][0]), tuple(int(x) for x in d["rng"][1]), d["rng"][2]),
            stats=tuple((str(k), int(v)) for k, v in d["stats"]),
        )


@dataclass
class Stats:
    """Counters for measurements: dice fired, dice hitting a block in flight, blocks placed/lost."""

    dice_fired: int = 0
    dice_hit: int = 0
    blocks_placed: int = 0
    blocks_fell: int = 0

    def as_tuple(self) -> tuple[tuple[str, int], ...]:
        """For snapshots."""
        return (
            ("dice_fired", self.dice_fired),
            ("dice_hit", self.dice_hit),
            ("blocks_placed", self.blocks_placed),
            ("blocks_fell", self.blocks_fell),
        )
