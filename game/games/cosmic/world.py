"""The Cosmic Kaboom table in pymunk: one flick (or one Space Bomb toss) played out to rest.

Imports pymunk, never pygame. A world is always built afresh from a `Table` (plain positions),
bodies added in id order, so the same flick from the same table gives the same result in any
process; nothing is carried over from an earlier world (pymunk's copy of a space in contact is
not faithful). Space is top-down: no gravity; every body slides with Coulomb friction (a steady
deceleration, as a disc on felt) plus a little air drag, and stops dead below a small speed.

A flick sets the ship's velocity from an angle and a power in [0, 1]. The Space Bomb flies as a
kinematic point with a height (so the screen can draw its shadow and scale): it passes over
everything while airborne, lands, then slides and spins to a stop over the planets (a tile on the
table rides over the tokens rather than shoving them), curving a little with its spin. When
every body rests, `outcome()` is the rules' `FlickOutcome` and `table_after()` the new positions.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pymunk

from game.games.cosmic.data import BOMB_OVERLAP, BOMB_RADIUS, FIELD, PLANET_RADIUS, SHIP_RADIUS
from game.games.cosmic.rules import FlickOutcome, resting_against
from game.games.cosmic.table import (
    Point,
    Table,
    bomb_cover,
    completely_outside,
    dock_spot,
    on_base,
    release_ok,
)
from game.physics.contact import read_contact
from game.physics.guard import finite
from game.physics.stepper import FRAME_DT, SteppedWorld

SUBSTEPS = 4
ITERATIONS = 10
MAX_FLICK_SPEED = 900.0
"""Units/s of a full-power flick: enough to cross space and leave it."""
MIN_FLICK_POWER = 0.04
"""A flick weaker than this is no flick (the screen's dead zone)."""
SHIP_MASS = 1.0
PLANET_MASS = 5.0
SHIP_DECEL = 380.0
"""Units/s^2 of sliding friction on a ship."""
PLANET_DECEL = 700.0
"""Planets grip the table harder: only hard hits move them far."""
DRAG = 0.35
"""Per-second air drag on top of sliding friction."""
SPIN_DECEL = 9.0
"""Rad/s^2 of friction on spin."""
STOP_SPEED = 3.0
"""Below this speed a body stops dead."""
LAUNCH_CLEAR = 0.5
"""How far clear of every body a flicked ship leaves from (`launch_spot`): a ship at rest
against a planet overlaps it a hair, and the engine counted leaving it as a new touch (a
crystal the preview never promised) and could bend the start of a flick along it."""
REST_GAP = 8.0
"""World units of clear space a ship keeps from every planet once all bodies rest
(`clear_of_planets`): a ship that stopped against a planet (or a hair short of it) is moved
straight out to this gap, inside `TOUCH_SLACK`, so the touch still counts. Strangers saw a
ship left jammed on the planet it had just taken a crystal from and could not tell how to
pull it away; now a thin line of space always shows between them."""
SHIP_ELASTICITY = 0.9
PLANET_ELASTICITY = 0.8
REST_FRAMES = 6
MAX_FRAMES = 60 * 20
"""A flick is cut off after 20 simulated seconds (friction stops everything well before)."""
MAX_BODY_SPEED = 1400.0
"""Cap checked every frame; with `SUBSTEPS` no ship can tunnel a planet."""
IMPACT_MIN = 60.0

BOMB_SPEED = 760.0
"""Horizontal units/s of a full-strength toss."""
BOMB_AIR_MIN = 0.45
BOMB_AIR_MAX = 1.05
"""Seconds airborne at no and at full strength."""
BOMB_LANDING_KEEP = 0.5
"""Share of the horizontal speed kept when the bomb lands."""
BOMB_DECEL = 420.0
BOMB_CURVE = 0.045
"""How much spin bends the bomb's slide (lateral accel = curve x spin x speed)."""
MAX_SPIN = 12.0
"""Rad/s of the strongest spin."""

CT_SHIP = 1
CT_PLANET = 2


@dataclass(frozen=True)
class Impact:
    """A hit worth a spark and a sound: what met what, where, how hard (closing speed)."""

    kinds: tuple[str, str]
    x: float
    y: float
    strength: float


@dataclass(frozen=True)
class Touched:
    """A ship touched a planet (the first touch of that pair in this flick)."""

    seat: int
    planet: int


@dataclass(frozen=True)
class ShipOut:
    """A ship ended completely outside space."""

    seat: int


@dataclass(frozen=True)
class PlanetOut:
    """A planet was pushed completely outside space."""

    planet: int


@dataclass(frozen=True)
class BombLanded:
    """The bomb touched down at (x, y)."""

    x: float
    y: float


WorldEvent = Impact | Touched | ShipOut | PlanetOut | BombLanded


@dataclass(frozen=True)
class BodyPose:
    """One body to draw: kind ("ship"/"planet"/"bomb"), id, position, angle, speed, velocity
    (vx, vy: which way it travels); for the bomb its height above the table (0 once landed)."""

    kind: str
    ident: int
    x: float
    y: float
    angle: float
    speed: float
    height: float = 0.0
    vx: float = 0.0
    vy: float = 0.0


def flick_velocity(angle: float, power: float) -> Point:
    """The velocity a flick of `power` (0..1, clamped) gives along `angle` (radians)."""
    finite("flick angle and power", angle, power)
    p = min(max(power, 0.0), 1.0) * MAX_FLICK_SPEED
    return (math.cos(angle) * p, math.sin(angle) * p)


def bomb_air_time(power: float) -> float:
    """Seconds the bomb flies before landing for a toss of `power`."""
    p = min(max(power, 0.0), 1.0)
    return BOMB_AIR_MIN + (BOMB_AIR_MAX - BOMB_AIR_MIN) * p


class _Bomb:
    """The Space Bomb: plain kinematics (it never collides)."""

    def __init__(self, x: float, y: float, vx: float, vy: float, air: float, spin: float) -> None:
        self.x, self.y, self.vx, self.vy = x, y, vx, vy
        self.air_total = air
        self.air_left = air
        self.spin = spin
        self.angle = 0.0
        self.prev = (x, y, 0.0)

    @property
    def height(self) -> float:
        """0..1 of the top of its arc (a parabola over the flight)."""
        if self.air_left <= 0.0:
            return 0.0
        t = 1.0 - self.air_left / self.air_total
        return 4.0 * t * (1.0 - t)

    @property
    def speed(self) -> float:
        return math.hypot(self.vx, self.vy)

    def step(self, dt: float) -> bool:
        """Advance one frame; return True on the frame it lands."""
        self.prev = (self.x, self.y, self.angle)
        landed = False
        if self.air_left > 0.0:
            self.air_left -= dt
            if self.air_left <= 0.0:
                self.air_left = 0.0
                self.vx *= BOMB_LANDING_KEEP
                self.vy *= BOMB_LANDING_KEEP
                landed = True
        else:
            v = self.speed
            if v > 0.0:
                # spin bends the slide sideways, then friction slows it
                ax = -self.vy / v * BOMB_CURVE * self.spin * v
                ay = self.vx / v * BOMB_CURVE * self.spin * v
                self.vx += ax * dt
                self.vy += ay * dt
                v = self.speed
                dv = BOMB_DECEL * dt
                if v <= max(dv, STOP_SPEED):
                    self.vx = self.vy = 0.0
                else:
                    k = (v - dv) / v
                    self.vx *= k
                    self.vy *= k
            s = abs(self.spin)
            ds = SPIN_DECEL * dt
            self.spin = 0.0 if s <= ds else self.spin * (s - ds) / s
        self.x += self.vx * dt
        self.y += self.vy * dt
        self.angle += self.spin * dt
        return landed

    @property
    def resting(self) -> bool:
        return self.air_left <= 0.0 and self.vx == 0.0 and self.vy == 0.0 and self.spin == 0.0


class BodyPool:
    """Ship and planet bodies kept for reuse by whoever builds worlds by the hundred (the AI).

    Every pymunk body and shape is a reference cycle (it holds a handle to itself) that only the
    garbage collector frees: a planning AI building a fresh world per candidate shot would feed
    it hundreds of such objects a second and its pauses would land in frames. A reused body is
    reset completely (position, velocity, spin, force), so a world built from the pool plays
    exactly as a fresh one."""

    def __init__(self) -> None:
        self._free: dict[str, list[tuple[pymunk.Body, pymunk.Circle]]] = {"ship": [], "planet": []}

    def take(self, kind: str) -> tuple[pymunk.Body, pymunk.Circle] | None:
        """A free body of that kind ("ship" or "planet"), if any."""
        free = self._free[kind]
        return free.pop() if free else None

    def give(self, kind: str, body: pymunk.Body, shape: pymunk.Circle) -> None:
        """A body out of every space, back for reuse."""
        self._free[kind].append((body, shape))

    def __len__(self) -> int:
        return sum(len(v) for v in self._free.values())


class CosmicWorld(SteppedWorld):
    """One flick or toss, from a table to rest."""

    def __init__(
        self, table: Table, *, poses: bool = True, pool: BodyPool | None = None
    ) -> None:
        self.table = table
        self._pool = pool
        self._made: list[tuple[str, pymunk.Body, pymunk.Circle]] = []
        self._track = poses
        """Keep each body's previous-frame pose for drawing between frames (a screen does; the
        AI and headless runs need not)."""
        self._live: list[tuple[str, int, pymunk.Body, float, float]] = []
        """(kind, id, body, sliding deceleration, radius) of every body in space."""
        self._open_space((0.0, 0.0), ITERATIONS, SUBSTEPS)
        self.events: list[WorldEvent] = []
        self.ships: dict[int, pymunk.Body] = {}
        self.planets: dict[int, pymunk.Body] = {}
        self._shape_of: dict[pymunk.Shape, tuple[str, int]] = {}
        self._prev: dict[tuple[str, int], tuple[float, float, float]] = {}
        self.touches: dict[int, list[int]] = {}
        self.ships_out: list[int] = []
        self.planets_out: list[int] = []
        self.bomb: _Bomb | None = None
        self.foul = False
        self.mover: int | None = None
        self.launched = False
        self._rest_frames = 0
        for p, (x, y) in sorted(table.planets.items()):
            self._add("planet", p, x, y, PLANET_RADIUS, PLANET_MASS, PLANET_ELASTICITY, CT_PLANET)
        for s, (x, y) in sorted(table.ships.items()):
            self._add("ship", s, x, y, SHIP_RADIUS, SHIP_MASS, SHIP_ELASTICITY, CT_SHIP)
        self.space.on_collision(CT_SHIP, CT_PLANET, begin=self._on_ship_planet)
        self.space.on_collision(CT_SHIP, CT_SHIP, begin=self._on_impact)
        self.space.on_collision(CT_PLANET, CT_PLANET, begin=self._on_impact)

    # -- construction --------------------------------------------------------------------------

    def _add(
        self,
        kind: str,
        ident: int,
        x: float,
        y: float,
        radius: float,
        mass: float,
        elasticity: float,
        ctype: int,
    ) -> pymunk.Body:
        got = self._pool.take(kind) if self._pool is not None else None
        if got is None:
            body = pymunk.Body(mass, pymunk.moment_for_circle(mass, 0.0, radius))
            shape = pymunk.Circle(body, radius)
            shape.elasticity = elasticity
            shape.friction = 0.0  # smooth discs: hits push, never spin (spin only costs time)
            shape.collision_type = ctype
        else:
            body, shape = got
            body.velocity = (0.0, 0.0)
            body.angular_velocity = 0.0
            # The solver leaves a bias velocity on a body that ended its last world in contact;
            # a position update of no time clears it (else the body's first frame drifts).
            pymunk.Body.update_position(body, 0.0)
            body.angle = 0.0
            body.force = (0.0, 0.0)
            body.torque = 0.0
        body.position = (x, y)
        self._made.append((kind, body, shape))
        self.space.add(body, shape)
        self._shape_of[shape] = (kind, ident)
        (self.ships if kind == "ship" else self.planets)[ident] = body
        self._prev[(kind, ident)] = (x, y, 0.0)
        decel = PLANET_DECEL if kind == "planet" else SHIP_DECEL
        self._live.append((kind, ident, body, decel, radius))
        return body

    # -- inputs --------------------------------------------------------------------------------

    def flick(self, seat: int, angle: float, power: float) -> None:
        """Flick a seat's ship (a docked ship leaves from its dock spot)."""
        if self.launched:
            raise RuntimeError("a world plays out one flick or toss")
        if not 0 <= seat < len(self.table.factions):
            raise ValueError(f"no seat {seat}")
        vx, vy = flick_velocity(angle, power)
        body = self.ships.get(seat)
        if body is None:
            x, y = dock_spot(self.table.factions[seat])
            body = self._add("ship", seat, x, y, SHIP_RADIUS, SHIP_MASS, SHIP_ELASTICITY, CT_SHIP)
        else:
            x, y = launch_spot(self.table, seat)
            body.position = (x, y)
            self._prev[("ship", seat)] = (x, y, body.angle)
        body.velocity = (vx, vy)
        self.mover = seat
        self.launched = True
        self.touches.setdefault(seat, [])

    def toss(
        self, seat: int, release: Point, angle: float, power: float, spin: float = 0.0
    ) -> None:
        """Toss the Space Bomb from `release` along `angle` with `power` (0..1) and `spin`
        (-1..1). A release from anywhere but behind the seat's own Base is a foul: the bomb
        is taken back at once and destroys nothing."""
        if self.launched:
            raise RuntimeError("a world plays out one flick or toss")
        finite("toss release", *release)
        finite("toss angle, power and spin", angle, power, spin)
        self.mover = seat
        self.launched = True
        if not release_ok(self.table.factions[seat], release[0], release[1]):
            self.foul = True
            return
        p = min(max(power, 0.0), 1.0)
        s = min(max(spin, -1.0), 1.0) * MAX_SPIN
        speed = BOMB_SPEED * p
        self.bomb = _Bomb(
            release[0],
            release[1],
            math.cos(angle) * speed,
            math.sin(angle) * speed,
            bomb_air_time(p),
            s,
        )

    # -- stepping ------------------------------------------------------------------------------

    def advance(self, elapsed: float) -> int:
        """For a scene: run the whole frames `elapsed` real seconds cover."""
        if self.at_rest:
            return 0
        return self.stepper.advance(elapsed)

    def run_to_rest(self) -> int:
        """Simulate until every body rests (or the frame cap); return the frames run."""
        start = self.frame
        while not self.at_rest:
            self.step()
        return self.frame - start

    def release(self) -> None:
        """Done with this world: give its bodies back to its pool (worlds without a pool leave
        them to the garbage collector). The world must not be stepped or read after."""
        if self._pool is None:
            return
        for kind, body, shape in self._made:
            if body.space is not None:
                self.space.remove(body, shape)
            self._pool.give(kind, body, shape)
        self._made = []
        self._live = []
        self.ships.clear()
        self.planets.clear()
        self._shape_of.clear()

    @property
    def at_rest(self) -> bool:
        """Whether the flick has played out."""
        if not self.launched:
            return False
        if self.foul:
            return True
        return self._rest_frames >= REST_FRAMES or self.frame >= MAX_FRAMES

    def _bodies(self) -> list[tuple[str, int, pymunk.Body]]:
        out = [("planet", p, b) for p, b in self.planets.items()]
        out.extend(("ship", s, b) for s, b in self.ships.items())
        return out

    def _before_frame(self) -> None:
        """Sliding friction and air drag on every moving body (resting ones cost one read)."""
        dt = FRAME_DT
        track = self._track
        for kind, ident, body, decel, _radius in self._live:
            if track:
                p = body.position
                self._prev[(kind, ident)] = (p.x, p.y, 0.0)
            v = body.velocity
            vx, vy = v.x, v.y
            if vx == 0.0 and vy == 0.0:
                continue
            speed = math.hypot(vx, vy)
            drop = decel * dt + speed * DRAG * dt
            if speed <= max(drop, STOP_SPEED):
                body.velocity = (0.0, 0.0)
            else:
                k = (speed - drop) / speed
                if speed * k > MAX_BODY_SPEED:
                    k = MAX_BODY_SPEED / speed
                body.velocity = (vx * k, vy * k)

    def _after_frame(self) -> None:
        """Bodies completely out of space leave it; count the frames everything has rested."""
        moving = False
        gone: list[tuple[str, int, pymunk.Body]] = []
        for kind, ident, body, _decel, radius in self._live:
            v = body.velocity
            if v.x != 0.0 or v.y != 0.0:
                moving = True
            # A body at rest is checked too: pushing bodies apart moves one without giving it
            # any velocity, and it may be pushed wholly out of space.
            p = body.position
            if completely_outside(p.x, p.y, radius):
                gone.append((kind, ident, body))
        for kind, ident, body in gone:
            self._remove(kind, ident, body)
            if kind == "ship":
                self.ships_out.append(ident)
                self.events.append(ShipOut(ident))
            else:
                self.planets_out.append(ident)
                self.events.append(PlanetOut(ident))
        if self.bomb is not None and self.bomb.step(FRAME_DT):
            self.events.append(BombLanded(self.bomb.x, self.bomb.y))
        moving = moving or (self.bomb is not None and not self.bomb.resting)
        self._rest_frames = 0 if moving else self._rest_frames + 1
        if self._rest_frames == REST_FRAMES:
            self._rest_touches()
            self._settle_clear()

    def _rest_touches(self) -> None:
        """The flicked ship at rest against a planet touched it (`rules.resting_against`),
        even where the engine stopped it a hair short of contact."""
        seat = self.mover
        body = self.ships.get(seat) if seat is not None and self.bomb is None else None
        if seat is None or body is None:
            return
        at = (float(body.position.x), float(body.position.y))
        planets = {p: (float(b.position.x), float(b.position.y)) for p, b in self.planets.items()}
        seen = self.touches.setdefault(seat, [])
        for planet in resting_against(at, planets):
            if planet not in seen:
                seen.append(planet)
                self.events.append(Touched(seat, planet))

    def _settle_clear(self) -> None:
        """Every ship at rest closer than `REST_GAP` to a planet moves out to that gap
        (`clear_of_planets`), after its touches are counted."""
        planets = {p: (float(b.position.x), float(b.position.y)) for p, b in self.planets.items()}
        ships = {s: (float(b.position.x), float(b.position.y)) for s, b in self.ships.items()}
        for s, xy in clear_of_planets(ships, planets).items():
            body = self.ships[s]
            if xy != ships[s]:
                body.position = xy
                self._prev[("ship", s)] = (xy[0], xy[1], body.angle)

    def _remove(self, kind: str, ident: int, body: pymunk.Body) -> None:
        for shape in list(body.shapes):
            self._shape_of.pop(shape, None)
        self.space.remove(body, *body.shapes)
        (self.ships if kind == "ship" else self.planets).pop(ident)
        self._live = [e for e in self._live if e[2] is not body]

    # -- collisions ----------------------------------------------------------------------------

    def _on_impact(self, arb: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        c = read_contact(arb)
        if c is None or c.closing < IMPACT_MIN:
            return
        ka = self._shape_of.get(arb.shapes[0], ("?", 0))[0]
        kb = self._shape_of.get(arb.shapes[1], ("?", 0))[0]
        self.events.append(Impact((ka, kb), c.x, c.y, c.closing))

    def _on_ship_planet(self, arb: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
        seat = self._shape_of.get(arb.shapes[0], ("?", -1))[1]
        planet = self._shape_of.get(arb.shapes[1], ("?", -1))[1]
        seen = self.touches.setdefault(seat, [])
        if planet not in seen:
            seen.append(planet)
            self.events.append(Touched(seat, planet))
        self._on_impact(arb, space, data)

    # -- reading -------------------------------------------------------------------------------

    def take_events(self) -> list[WorldEvent]:
        """The events since the last call (impacts, touches, bodies out, the bomb landing)."""
        out, self.events = self.events, []
        return out

    def poses(self, alpha: float = 1.0) -> list[BodyPose]:
        """Every body, interpolated `alpha` of the way from the last frame to this one."""
        out: list[BodyPose] = []
        for kind, ident, body in self._bodies():
            px, py, pa = self._prev.get((kind, ident), (body.position.x, body.position.y, 0.0))
            x = px + (body.position.x - px) * alpha
            y = py + (body.position.y - py) * alpha
            a = pa + (body.angle - pa) * alpha
            v = body.velocity
            out.append(
                BodyPose(kind, ident, x, y, a, float(v.length), 0.0, float(v.x), float(v.y))
            )
        b = self.bomb
        if b is not None:
            px, py, pa = b.prev
            out.append(
                BodyPose(
                    "bomb",
                    0,
                    px + (b.x - px) * alpha,
                    py + (b.y - py) * alpha,
                    pa + (b.angle - pa) * alpha,
                    b.speed,
                    b.height,
                    b.vx,
                    b.vy,
                )
            )
        return out

    def ship_position(self, seat: int) -> Point | None:
        """A ship's position while it is on the table."""
        body = self.ships.get(seat)
        return None if body is None else (float(body.position.x), float(body.position.y))

    def under_bomb(self) -> list[int]:
        """Planets the landed bomb covers by at least `BOMB_OVERLAP` of their area."""
        b = self.bomb
        if b is None or b.air_left > 0.0:
            return []
        return [
            p
            for p, body in sorted(self.planets.items())
            if bomb_cover((b.x, b.y), (body.position.x, body.position.y)) >= BOMB_OVERLAP
        ]

    def outcome(self) -> FlickOutcome:
        """What the flick or toss did, for the rules (read once every body rests)."""
        on = [
            s
            for s, body in sorted(self.ships.items())
            if on_base(self.table.factions[s], body.position.x, body.position.y)
        ]
        return FlickOutcome.make(
            {s: ps for s, ps in self.touches.items() if ps},
            ships_out=self.ships_out,
            planets_out=self.planets_out,
            on_base=on,
            under_bomb=self.under_bomb() if self.bomb is not None else (),
            foul=self.foul,
        )

    def table_after(self) -> Table:
        """Positions once the flick has played out (bodies out of space are off the table)."""
        return Table(
            self.table.factions,
            {
                p: (float(b.position.x), float(b.position.y))
                for p, b in sorted(self.planets.items())
            },
            {s: (float(b.position.x), float(b.position.y)) for s, b in sorted(self.ships.items())},
        )


def play_flick(table: Table, seat: int, angle: float, power: float) -> CosmicWorld:
    """A world that has played one flick out to rest (what simulations and the AI use)."""
    w = CosmicWorld(table, poses=False)
    w.flick(seat, angle, power)
    w.run_to_rest()
    return w


def play_toss(
    table: Table, seat: int, release: Point, angle: float, power: float, spin: float = 0.0
) -> CosmicWorld:
    """A world that has played one Space Bomb toss out to rest."""
    w = CosmicWorld(table, poses=False)
    w.toss(seat, release, angle, power, spin)
    w.run_to_rest()
    return w


@dataclass(frozen=True)
class FlickLine:
    """A flick's predicted path up to whatever it meets first (the trajectory assist):
    `points` (world units, one a frame, the last the ship's centre at the end), and how it
    ends: "planet" or "ship" (touching body `hit`), "out" (the ship leaves space, lost) or
    "rest" (it stops in open space)."""

    points: tuple[Point, ...]
    end: str
    hit: int | None = None


def flick_line(table: Table, seat: int, angle: float, power: float) -> FlickLine:
    """The flick's straight run until its first contact, exit or stop, computed without the
    physics engine: before it meets anything the ship alone moves, slowed each frame by the
    very friction and drag `CosmicWorld` applies, so the line is the engine's to the pixel
    (tested) at a small fraction of its cost, cheap enough to redo on every pointer move."""
    vx, vy = flick_velocity(angle, power)
    return _run_line(table, seat, launch_spot(table, seat), vx, vy)[0]


def clear_of_planets(ships: dict[int, Point], planets: dict[int, Point]) -> dict[int, Point]:
    """Where ships at rest end up once each is moved straight out to `REST_GAP` from any
    planet it touches or nearly touches (a few passes, as moving off one planet may press it
    onto another; never onto another ship). Pure and deterministic: the world applies it when
    every body rests, so the saved table, replays and the screen agree."""
    out = dict(ships)
    reach = PLANET_RADIUS + SHIP_RADIUS + REST_GAP
    for s in sorted(out):
        x, y = out[s]
        for _ in range(4):
            moved = False
            for _p, (bx, by) in sorted(planets.items()):
                d = math.hypot(x - bx, y - by)
                if 1e-9 < d < reach - 1e-9:
                    nx, ny = bx + (x - bx) * reach / d, by + (y - by) * reach / d
                    if any(math.hypot(nx - ox, ny - oy) < 2 * SHIP_RADIUS
                           for o, (ox, oy) in out.items() if o != s):
                        continue
                    x, y = nx, ny
                    moved = True
            if not moved:
                break
        out[s] = (x, y)
    return out


def launch_spot(table: Table, seat: int) -> Point:
    """Where a seat's ship leaves from when flicked: where it rests, moved straight out to
    `LAUNCH_CLEAR` from any planet or ship it touches or overlaps (the engine and every
    preview start here, so neither sees a contact the other does not)."""
    x, y = table.ship_at(seat)
    if seat not in table.ships:
        return (x, y)  # leaving its dock
    bodies = [(PLANET_RADIUS + SHIP_RADIUS, xy) for _, xy in sorted(table.planets.items())]
    bodies += [(2 * SHIP_RADIUS, xy) for s, xy in sorted(table.ships.items()) if s != seat]
    for _ in range(4):  # moving off one body may press it onto another
        moved = False
        for reach, (bx, by) in bodies:
            d = math.hypot(x - bx, y - by)
            want = reach + LAUNCH_CLEAR
            if 1e-9 < d < want - 1e-9:
                x, y = bx + (x - bx) * want / d, by + (y - by) * want / d
                moved = True
        if not moved:
            break
    return (x, y)


def _run_line(table: Table, seat: int, start: Point, vx: float, vy: float
              ) -> tuple[FlickLine, Point]:
    """The ship alone from `start` at (vx, vy) until it touches a body, leaves space or stops
    (`flick_line`'s loop), and its velocity at that moment."""
    x, y = start
    pts: list[Point] = [(x, y)]
    bodies = [(PLANET_RADIUS + SHIP_RADIUS, "planet", p, xy)
              for p, xy in sorted(table.planets.items())]
    bodies += [(2 * SHIP_RADIUS, "ship", s, xy) for s, xy in sorted(table.ships.items())
               if s != seat]
    dt = FRAME_DT
    for _ in range(MAX_FRAMES):
        speed = math.hypot(vx, vy)
        drop = SHIP_DECEL * dt + speed * DRAG * dt
        if speed <= max(drop, STOP_SPEED):
            against = resting_against((x, y), table.planets)  # stops against one: touches it
            if against:
                return FlickLine(tuple(pts), "planet", against[0]), (0.0, 0.0)
            return FlickLine(tuple(pts), "rest"), (0.0, 0.0)
        k = min((speed - drop) / speed, MAX_BODY_SPEED / speed)
        vx, vy = vx * k, vy * k
        nx, ny = x + vx * dt, y + vy * dt
        first: tuple[float, str, int] | None = None
        for reach, kind, ident, (bx, by) in bodies:
            t = _segment_hits(x, y, nx, ny, bx, by, reach)
            if t is not None and (first is None or t < first[0]):
                first = (t, kind, ident)
        if first is not None:
            t = first[0]
            pts.append((x + (nx - x) * t, y + (ny - y) * t))
            return FlickLine(tuple(pts), first[1], first[2]), (vx, vy)
        x, y = nx, ny
        pts.append((x, y))
        if completely_outside(x, y, SHIP_RADIUS):
            return FlickLine(tuple(pts), "out"), (vx, vy)
    return FlickLine(tuple(pts), "rest"), (0.0, 0.0)


def bounce_line(table: Table, seat: int, angle: float, power: float) -> FlickLine | None:
    """Where the ship goes after glancing off the first planet it touches (the preview's
    bank shot), or None when the flick meets no planet. An estimate, not the engine: the
    ship leaves the contact with the velocity a frictionless hit on a resting planet gives
    (the planet's share of the push taken by mass and bounciness) and then runs alone as
    `flick_line` does, the planets where they were."""
    vx, vy = flick_velocity(angle, power)
    first, (ux, uy) = _run_line(table, seat, launch_spot(table, seat), vx, vy)
    if first.end != "planet" or first.hit is None or first.hit not in table.planets:
        return None
    cx, cy = first.points[-1]
    px_, py_ = table.planets[first.hit]
    d = math.hypot(cx - px_, cy - py_)
    if d <= 1e-9:
        return None
    nx, ny = (cx - px_) / d, (cy - py_) / d
    vn = ux * nx + uy * ny
    if vn >= 0.0:
        return None
    e = SHIP_ELASTICITY * PLANET_ELASTICITY
    after = vn * (SHIP_MASS - e * PLANET_MASS) / (SHIP_MASS + PLANET_MASS)
    bx, by = ux + (after - vn) * nx, uy + (after - vn) * ny
    ships = {s: xy for s, xy in table.ships.items() if s != seat}
    moved = Table(table.factions, dict(table.planets), {**ships, seat: (cx, cy)})
    return _run_line(moved, seat, (cx, cy), bx, by)[0]


def clear_shots(table: Table, seat: int, targets: Iterable[int]) -> list[tuple[int, float]]:
    """The `targets` (planets) a seat's ship can reach with one straight flick: aimed at the
    planet's centre or off it toward an edge (`LANE_OFFSETS`) at full power, the engine-exact
    `flick_line` meets that planet before any other body. Each as (planet, angle), in the
    order given: the screen draws these lanes so a player sees a target on most turns."""
    x, y = launch_spot(table, seat)
    out: list[tuple[int, float]] = []
    contact = PLANET_RADIUS + SHIP_RADIUS
    for planet in targets:
        at = table.planets.get(planet)
        if at is None:
            continue
        d = math.hypot(at[0] - x, at[1] - y)
        centre = math.atan2(at[1] - y, at[0] - x)
        for side in LANE_OFFSETS:  # the centre first, then past either edge of a blocker
            lateral = side * contact
            if d <= abs(lateral):
                continue
            angle = centre + math.asin(lateral / d)  # meets the planet `lateral` off centre
            if first_on_ray(table, seat, (x, y), angle) != planet:
                continue  # another body is in the way (a cheap test before the exact line)
            line = flick_line(table, seat, angle, 1.0)
            if line.end == "planet" and line.hit == planet:
                out.append((planet, angle))
            break  # a clear ray the ship still does not finish (too far) is no lane either
    return out


LANE_SURE_POWER = 0.9
"""A lane is hinted only when a flick this much under full power along it still reaches its
planet (`sure_shots`): a lane the ship only just reached at MAX left a stranger pulling to
MAX and stopping short (a hand a pixel off MAX, an aim rounded to the preview's grid)."""
LANE_AIM_SLACK = math.radians(0.3)
"""A hinted lane also reaches its planet at full power aimed this far either side (a flick's
aim is rounded to the preview's half-degree grid, and a hand follows a dotted lane by eye)."""


LANE_CLEARANCE = 4.0
"""Units a hinted lane passes clear of every other planet and ship, beyond contact..."""
LANE_HAND_SLACK = math.radians(1.0)
"""...and beyond what a hand's aim this far off the lane moves sideways by the time it gets
there (`lane_clear`): a lane that slipped past a planet the ship lay against by half a unit,
or past another ship by five, was bracketed as reached, and a stranger's flick along it met
the planet, or was blocked by the ship."""


def lane_clear(table: Table, seat: int, planet: int, angle: float) -> bool:
    """Whether the straight run from the seat's ship along `angle` to `planet` passes every
    other planet (one the ship lies against too) and every other ship with room to spare:
    `LANE_CLEARANCE`, plus `LANE_HAND_SLACK` of aim at that distance."""
    x, y = launch_spot(table, seat)
    at = table.planets[planet]
    dx, dy = math.cos(angle), math.sin(angle)
    contact = PLANET_RADIUS + SHIP_RADIUS
    # how far the ship runs until it touches its planet (the ray meets it: `clear_shots`)
    fx, fy = at[0] - x, at[1] - y
    along = fx * dx + fy * dy
    side = abs(fx * dy - fy * dx)
    run = along - math.sqrt(max(0.0, contact * contact - side * side))
    bodies = [(contact, xy) for p, xy in table.planets.items() if p != planet]
    bodies += [(2 * SHIP_RADIUS, xy) for s, xy in table.ships.items() if s != seat]
    for reach, (bx, by) in bodies:
        gx, gy = bx - x, by - y
        t = gx * dx + gy * dy
        if t <= 0.0 and math.hypot(gx, gy) > reach:
            continue  # behind the ship, not touching it
        t = min(max(t, 0.0), run)
        gap = math.hypot(gx - dx * t, gy - dy * t)
        if gap < reach + LANE_CLEARANCE + t * math.tan(LANE_HAND_SLACK):
            return False
    return True


def sure_shots(table: Table, seat: int, targets: Iterable[int]) -> list[tuple[int, float]]:
    """`clear_shots` the ship surely reaches: each still meets its planet first at
    `LANE_SURE_POWER`, and at full power aimed `LANE_AIM_SLACK` either side, and passes
    every other planet and ship with room to spare (`lane_clear`). What the dotted lanes and
    brackets show: a lane the ship might not finish, or one a hand a hair off would block, is
    left out (nothing said rather than a misleading hint)."""
    out: list[tuple[int, float]] = []
    for planet, angle in clear_shots(table, seat, targets):
        tries = ((angle, LANE_SURE_POWER), (angle - LANE_AIM_SLACK, 1.0),
                 (angle + LANE_AIM_SLACK, 1.0))
        if all(_meets(flick_line(table, seat, a, p), planet) for a, p in tries) \
                and lane_clear(table, seat, planet, angle):
            out.append((planet, angle))
    return out


def _meets(line: FlickLine, planet: int) -> bool:
    """Whether a flick's straight run ends touching `planet`."""
    return line.end == "planet" and line.hit == planet


def first_on_ray(table: Table, seat: int, start: Point, angle: float) -> int | None:
    """The planet a ship sliding from `start` along `angle` would touch first if it never
    stopped (None: a ship or nothing): straight-line geometry, no friction or edges."""
    dx, dy = math.cos(angle), math.sin(angle)
    best: tuple[float, int | None] | None = None
    bodies: list[tuple[float, int | None, Point]] = [
        (PLANET_RADIUS + SHIP_RADIUS, p, xy) for p, xy in table.planets.items()]
    bodies += [(2 * SHIP_RADIUS, None, xy) for s, xy in table.ships.items() if s != seat]
    for reach, ident, (bx, by) in bodies:
        fx, fy = start[0] - bx, start[1] - by
        b = fx * dx + fy * dy
        c = fx * fx + fy * fy - reach * reach
        if c <= 0.0:
            t = 0.0 if b < 0.0 else None  # touching: toward it meets it, away slips free
        else:
            disc = b * b - c
            t = -b - math.sqrt(disc) if disc >= 0.0 and b < 0.0 else None
        if t is not None and (best is None or t < best[0]):
            best = (t, ident)
    return None if best is None else best[1]


LANE_OFFSETS = (0.0, 0.3, -0.3, 0.6, -0.6, 0.85, -0.85)
"""Where a lane may meet its planet, as a share of the contact distance off its centre: a
planet whose centre line is blocked by a grazing body is often still reached off-centre (the
hint said "no straight lane" while one was open)."""


def _segment_hits(x0: float, y0: float, x1: float, y1: float, cx: float, cy: float,
                  reach: float) -> float | None:
    """Where (0..1) along the segment a point first comes within `reach` of (cx, cy)."""
    dx, dy = x1 - x0, y1 - y0
    fx, fy = x0 - cx, y0 - cy
    c = fx * fx + fy * fy - reach * reach
    b = 2.0 * (fx * dx + fy * dy)
    if c <= 0.0:
        # already touching (a ship rests against the planet it just took a crystal from):
        # a move toward it hits at once, a move along or away from it slips free
        return 0.0 if b < 0.0 else None
    a = dx * dx + dy * dy
    if a <= 1e-12:
        return None
    disc = b * b - 4.0 * a * c
    if disc < 0.0 or b >= 0.0:
        return None
    t = (-b - math.sqrt(disc)) / (2.0 * a)
    return t if 0.0 <= t <= 1.0 else None


def preview_toss(
    release: Point, angle: float, power: float, spin: float = 0.0
) -> tuple[list[Point], list[Point]]:
    """The toss-preview assist: the bomb's flight from the hand to where it comes down (the
    last point of the first list, exactly where this toss touches the table), then its whole
    slide to where it stops and goes off (the last point of the second list). The bomb never
    collides, so no table and no physics engine are needed: this is `CosmicWorld`'s own bomb
    stepped alone, the same frames to the last bit (tested)."""
    finite("toss preview", *release, angle, power, spin)
    p = min(max(power, 0.0), 1.0)
    speed = BOMB_SPEED * p
    bomb = _Bomb(release[0], release[1], math.cos(angle) * speed, math.sin(angle) * speed,
                 bomb_air_time(p), min(max(spin, -1.0), 1.0) * MAX_SPIN)
    flight: list[Point] = [(bomb.x, bomb.y)]
    for _ in range(MAX_FRAMES):
        landed = bomb.step(FRAME_DT)
        flight.append((bomb.x, bomb.y))
        if landed:
            break
    slide: list[Point] = [(bomb.x, bomb.y)]
    for _ in range(MAX_FRAMES):
        if bomb.vx == 0.0 and bomb.vy == 0.0:
            break  # (a spin left over only turns it in place)
        bomb.step(FRAME_DT)
        slide.append((bomb.x, bomb.y))
    return flight, slide


def blast_at(table: Table, at: Point) -> list[int]:
    """The planets a bomb going off at `at` would destroy (each covered by at least
    `BOMB_OVERLAP` of its area), as `CosmicWorld.under_bomb` counts them: a toss moves no
    planet, so they stand where the table has them."""
    finite("bomb position", *at)
    return [p for p, xy in sorted(table.planets.items()) if bomb_cover(at, xy) >= BOMB_OVERLAP]


__all__ = [
    "BOMB_RADIUS",
    "FIELD",
    "BodyPose",
    "BombLanded",
    "CosmicWorld",
    "Impact",
    "PlanetOut",
    "ShipOut",
    "Touched",
    "WorldEvent",
    "play_flick",
    "play_toss",
    "flick_line",
    "bounce_line",
    "clear_shots",
    "launch_spot",
    "sure_shots",
    "FlickLine",
    "preview_toss",
    "blast_at",
]
