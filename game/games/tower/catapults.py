"""Tower Kaboom's catapults and the dice they fire (no pygame): aiming (by angle and power or by
a mouse's pull), reloading, the predicted path, firing a die into the table, lifting a spent
die off it, and where the dice in flight are and will come down.

`Catapults(world, saboteurs)` is part of `TowerWorld` (world.py), as `world.catapults`: a
mapping of seat to its `Catapult` (`world.catapults[seat]`, `seat in world.catapults`), with
the catapults' jobs as its methods. It adds its dice to the world's space and `world.dice`; the
world steps them (speed cap, loss off the table, rest on a pad). The rules on top of it (dice
left, the sand timer, whose turn) are `TurnController`'s (turn.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pymunk

from game.games.tower.bodies import REST_NORMAL, SUBSTEPS, Die, make_die
from game.games.tower.data import (
    CATAPULT_RELOAD,
    CATAPULT_SLOTS,
    DIE_SIZE,
    GRAVITY,
    MAX_LAUNCH_ANGLE,
    MAX_LAUNCH_SPEED,
    MIN_LAUNCH_ANGLE,
    MIN_LAUNCH_SPEED,
    TABLE_Y,
    CatapultSlot,
)
from game.games.tower.events import DieCleared, DieFired
from game.games.tower.worlddata import CatapultView, Point, WorldSnapshot
from game.physics.ballistic import predict_path
from game.physics.guard import finite, finite_point
from game.physics.stepper import FRAME_DT

TUMBLE_SECONDS = 0.2
"""A fired die tumbles on past its first contact about this many seconds of its speed across
(measured: 95 to 270 units at 690 to 980 units a second): the preview's continuation."""
TUMBLE_MAX = 260.0
"""Units at most that the preview's continuation runs on past the first contact."""

if TYPE_CHECKING:
    from game.games.tower.world import TowerWorld


@dataclass
class Catapult:
    seat: int
    slot_index: int
    slot: CatapultSlot
    aim_angle: float = math.radians(40.0)
    aim_power: float = 0.6
    since_fire: float = 1e9
    shots: int = 0


class Catapults(Mapping[int, Catapult]):
    """The saboteurs' catapults on a `TowerWorld`, by seat, and the dice they fire."""

    def __init__(self, world: TowerWorld, saboteurs: tuple[int, ...]) -> None:
        self.world = world
        self.dice = world.dice
        self._by_seat: dict[int, Catapult] = {
            seat: Catapult(seat, i, CATAPULT_SLOTS[i]) for i, seat in enumerate(saboteurs)
            if seat >= 0
        }
        self.next_die = 0
        """The id the next die fired gets."""

    # -- the mapping -------------------------------------------------------------------------

    def __getitem__(self, seat: int) -> Catapult:
        return self._by_seat[seat]

    def __iter__(self) -> Iterator[int]:
        return iter(self._by_seat)

    def __len__(self) -> int:
        return len(self._by_seat)

    def __contains__(self, seat: object) -> bool:
        return seat in self._by_seat

    # -- aiming ------------------------------------------------------------------------------

    def aim(self, seat: int, angle: float, power: float) -> None:
        """Point a catapult: elevation (radians above horizontal, toward the middle), power 0-1."""
        finite("aim", angle, power)
        cat = self._by_seat[seat]
        cat.aim_angle = min(max(angle, MIN_LAUNCH_ANGLE), MAX_LAUNCH_ANGLE)
        cat.aim_power = min(max(power, 0.0), 1.0)

    def pull_to_aim(self, seat: int, pull: Point, full_pull: float = 160.0) -> tuple[float, float]:
        """Mouse aiming: a pull-back vector (from the cup to the pointer) to (elevation, power).

        The die flies opposite the pull; a pull of `full_pull` units or more is full power.
        """
        pull = finite_point("pull", pull)
        finite("full pull", full_pull)
        if full_pull <= 0.0:
            raise ValueError("full pull must be > 0")
        cat = self._by_seat[seat]
        fx, fy = -pull[0] * cat.slot.facing, pull[1]  # toward the middle, and up (y down)
        elevation = math.atan2(fy, fx) if (fx, fy) != (0.0, 0.0) else cat.aim_angle
        elevation = min(max(elevation, MIN_LAUNCH_ANGLE), MAX_LAUNCH_ANGLE)
        power = min(math.hypot(*pull) / full_pull, 1.0)
        return elevation, power

    def can_fire(self, seat: int) -> bool:
        """The seat has a catapult and it has reloaded."""
        cat = self._by_seat.get(seat)
        return cat is not None and cat.since_fire >= CATAPULT_RELOAD

    def launch_velocity(self, seat: int, angle: float, power: float) -> Point:
        """The die velocity a catapult gives for an elevation and power (clamped to its limits)."""
        finite("launch aim", angle, power)
        cat = self._by_seat[seat]
        a = min(max(angle, MIN_LAUNCH_ANGLE), MAX_LAUNCH_ANGLE)
        p = min(max(power, 0.0), 1.0)
        speed = MIN_LAUNCH_SPEED + p * (MAX_LAUNCH_SPEED - MIN_LAUNCH_SPEED)
        return (cat.slot.facing * math.cos(a) * speed, -math.sin(a) * speed)

    def predict_shot(
        self,
        seat: int,
        angle: float | None = None,
        power: float | None = None,
        seconds: float = 2.0,
        every: int = 4,
    ) -> list[Point]:
        """The free-flight path of a shot (trajectory assist): points until it reaches the table."""
        finite("predicted shot", seconds, *(v for v in (angle, power) if v is not None))
        cat = self._by_seat[seat]
        v = self.launch_velocity(
            seat,
            cat.aim_angle if angle is None else angle,
            cat.aim_power if power is None else power,
        )
        return predict_path(
            cat.slot.launch_point,
            v,
            (0.0, GRAVITY),
            FRAME_DT / SUBSTEPS,
            seconds,
            every=every,
            stop=lambda p: p[1] > TABLE_Y - DIE_SIZE / 2.0,
        )

    def predict_tumble(
        self,
        seat: int,
        landing: Point,
        angle: float | None = None,
        power: float | None = None,
        step: float = 12.0,
    ) -> list[Point]:
        """Where a die tumbles on after it comes down at `landing` (the trajectory preview's
        short continuation past its first bounce): two low hops along the table, about
        `TUMBLE_SECONDS` of its speed across (at most `TUMBLE_MAX`), a point each `step`
        units. A stranger's preview ended where the die first met the table and he could not
        tell where it went on to. Free of towers, as the flight's preview is."""
        finite_point("tumble landing", landing)
        cat = self._by_seat[seat]
        vx, _ = self.launch_velocity(
            seat,
            cat.aim_angle if angle is None else angle,
            cat.aim_power if power is None else power,
        )
        run = min(abs(vx) * TUMBLE_SECONDS, TUMBLE_MAX)
        sign = 1.0 if vx >= 0.0 else -1.0
        x0, _ = landing
        rest = TABLE_Y - DIE_SIZE / 2.0
        points: list[Point] = []
        start = 0.0
        for share, height in ((0.6, 0.12), (0.4, 0.06)):  # a hop, then a lower one
            span = run * share
            n = max(2, math.ceil(span / step))
            for i in range(1, n + 1):
                t = i / n
                lift = 4.0 * height * span * t * (1.0 - t)
                points.append((x0 + sign * (start + span * t), rest - lift))
            start += span
        return points

    # -- firing ------------------------------------------------------------------------------

    def fire(self, seat: int, angle: float | None = None, power: float | None = None) -> int | None:
        """Launch a die from a seat's catapult (at its aim, or the given one); its id, or None.

        Only checks the catapult's reload: the rules (dice left, timer) are `TurnController`'s.
        A NaN or infinite aim raises `NotFiniteError` before anything happens.
        """
        finite("fire aim", *(v for v in (angle, power) if v is not None))
        if not self.can_fire(seat):
            return None
        world = self.world
        cat = self._by_seat[seat]
        if angle is not None or power is not None:
            self.aim(
                seat,
                cat.aim_angle if angle is None else angle,
                cat.aim_power if power is None else power,
            )
        v = self.launch_velocity(seat, cat.aim_angle, cat.aim_power)
        body, shape = make_die()
        lx, ly = cat.slot.launch_point
        body.position = (lx, ly)
        body.velocity = v
        body.angular_velocity = world.rng.uniform(-12.0, 12.0)
        die_id = self.next_die
        self.next_die += 1
        die = Die(die_id, seat, body, shape, prev=(lx, ly, 0.0))
        world.space.add(body, shape)
        world.owner[shape] = ("die", die_id)
        self.dice[die_id] = die
        cat.since_fire = 0.0
        cat.shots += 1
        world.stats.dice_fired += 1
        world.events.append(DieFired(seat, die_id, lx, ly))
        return die_id

    def after_frame(self) -> None:
        """Once a world frame: the catapults reload."""
        for cat in self._by_seat.values():
            cat.since_fire += FRAME_DT

    def clear_die(self, die_id: int) -> bool:
        """Lift a die at rest off the table (a spent die lying on a pad, closing rule off),
        unless a block leans or rests on its upper half (taking it away would move a block
        the builder set). True if it was lifted."""
        die = self.dice.get(die_id)
        if die is None:
            return False
        world = self.world
        body = die.body
        held_up = False

        def check(arb: pymunk.Arbiter) -> None:
            nonlocal held_up
            s0, s1 = arb.shapes
            other, up = (s1, -arb.normal.y) if s0 is die.shape else (s0, arb.normal.y)
            # `up`: how much the contact's normal points from the die up to the other shape.
            if world.owner.get(other, ("?", 0))[0] == "block" and up >= REST_NORMAL:
                held_up = True

        body.each_arbiter(check)
        if held_up:
            return False
        x, y = float(body.position.x), float(body.position.y)
        world.touch()
        world.space.remove(body, die.shape)
        del world.owner[die.shape]
        del self.dice[die_id]
        world.events.append(DieCleared(die_id, x, y))
        return True

    # -- what to draw ------------------------------------------------------------------------

    def views(self) -> list[CatapultView]:
        """Catapults to draw, with the arm swinging forward on a shot and back while reloading."""
        out: list[CatapultView] = []
        for seat, cat in self._by_seat.items():
            s = cat.slot
            t = cat.since_fire
            swing = 0.08
            if t < swing:
                arm = s.rest_angle + (s.release_angle - s.rest_angle) * (t / swing)
            elif t < CATAPULT_RELOAD:
                k = (t - swing) / (CATAPULT_RELOAD - swing)
                arm = s.release_angle + (s.rest_angle - s.release_angle) * k
            else:
                arm = s.rest_angle
            out.append(
                CatapultView(
                    seat,
                    cat.slot_index,
                    s.x,
                    TABLE_Y,
                    s.facing,
                    s.pivot,
                    s.arm_length,
                    arm,
                    cat.aim_angle,
                    cat.aim_power,
                    s.launch_point,
                    t >= CATAPULT_RELOAD,
                    cat.shots,
                )
            )
        return out

    def dice_in_flight(self, speed: float = 80.0) -> list[tuple[int, float, float]]:
        """(seat, x, y) of every die moving faster than `speed` (the camera shows their shots)."""
        out: list[tuple[int, float, float]] = []
        for die in self.dice.values():
            b = die.body
            if b.velocity.length > speed:
                out.append((die.seat, b.position.x, b.position.y))
        return out

    def dice_landings(self) -> list[tuple[int, int, float, float]]:
        """(seat, die id, x, seconds) for each die still in its first flight (it has touched
        neither the table nor a block): where on the table it will come down and how soon,
        from its free fall (a tower in the way stops it first)."""
        out: list[tuple[int, int, float, float]] = []
        floor = TABLE_Y - DIE_SIZE / 2.0
        for die in self.dice.values():
            if die.landed or die.hit:
                continue
            p, v = die.body.position, die.body.velocity
            drop = floor - p.y
            disc = v.y * v.y + 2.0 * GRAVITY * drop
            if disc < 0.0:
                continue
            t = (-v.y + math.sqrt(disc)) / GRAVITY
            if t < 0.0:
                continue
            out.append((die.seat, die.die_id, p.x + v.x * t, t))
        return out

    # -- snapshots ---------------------------------------------------------------------------

    def restore(self, snap: WorldSnapshot) -> None:
        """The snapshot's dice back on the table, and its catapults' aims, reloads and shots."""
        world = self.world
        for die_id, seat, (x, y, a, vx, vy, av), hit, landed, rest, rslot in snap.dice:
            body, shape = make_die()
            body.position = (x, y)
            body.angle = a
            body.velocity = (vx, vy)
            body.angular_velocity = av
            world.space.add(body, shape)
            world.owner[shape] = ("die", die_id)
            self.dice[die_id] = Die(
                die_id, seat, body, shape, hit, landed, rest, rslot, prev=(x, y, a)
            )
        for seat, aim_a, aim_p, since, shots in snap.catapults:
            cat = self._by_seat[seat]
            cat.aim_angle, cat.aim_power, cat.since_fire, cat.shots = aim_a, aim_p, since, shots
        self.next_die = snap.next_die

