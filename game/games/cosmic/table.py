"""Where everything lies on the Cosmic Kaboom table, as plain data, and the geometry the rules,
the world, the AI and the screen share: docking spots, the Bases, the bomb's release zones,
overlap of discs, and where a planet may be placed back. Pure Python (no pygame, no pymunk).

The rules (`rules.MatchState`) know who holds what; a `Table` knows where the undocked ships and
the planets lying in space are. A docked ship sits on its Base, off the field; a planet waiting
to be placed (pushed out, or picked up by Orbital Shift) is in its owner's hand, not on the
table; a destroyed planet is gone. `Table.synced(state)` applies those three facts after every
rules action, so the two never disagree.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.games.cosmic.data import (
    BOMB_RADIUS,
    FACTIONS,
    FIELD,
    PLANET_RADIUS,
    SHIP_RADIUS,
    base_clear,
    start_layout,
)

if TYPE_CHECKING:
    from game.games.cosmic.rules import MatchState

Point = tuple[float, float]

BASE_RADIUS = 58.0
"""A Base is a disc centred on its corner of space; a quarter of it lies inside the field."""
DOCK_INSET = 30.0
"""A docked ship launches from this far inside the field, along its corner's diagonal."""
RELEASE_RADIUS = 100.0
"""The Space Bomb leaves the hand within this distance of the thrower's corner..."""
RELEASE_CLEARANCE = 6.0
"""...and completely behind the Base: outside the field by at least this much on both axes."""
PLACE_GAP = 2.0
"""A placed planet keeps at least this gap to every other body."""
OVERLAP_SLOP = 0.5
"""Two resting bodies may overlap by this much (the physics lets touching bodies sink a
little); more is a table no flick leaves."""


def corner_of(faction: int) -> Point:
    """The corner of space a faction's Base marks."""
    return FACTIONS[faction].corner


def inward(faction: int) -> Point:
    """The unit vector from a faction's corner toward the centre of space."""
    cx, cy = corner_of(faction)
    dx = 1.0 if cx < FIELD / 2 else -1.0
    dy = 1.0 if cy < FIELD / 2 else -1.0
    s = 1.0 / math.sqrt(2.0)
    return (dx * s, dy * s)


def dock_spot(faction: int) -> Point:
    """Where a docked ship of the faction starts its flick."""
    cx, cy = corner_of(faction)
    ix, iy = inward(faction)
    d = DOCK_INSET + SHIP_RADIUS
    return (cx + ix * d, cy + iy * d)


def on_base(faction: int, x: float, y: float) -> bool:
    """Whether a ship centred at (x, y) rests on the faction's Base (fly-back docking)."""
    cx, cy = corner_of(faction)
    return math.hypot(x - cx, y - cy) <= BASE_RADIUS


def release_ok(faction: int, x: float, y: float) -> bool:
    """Whether the Space Bomb may leave the hand at (x, y): behind the thrower's own Base.

    "Behind" is outside the field on both axes (past the corner, on the far side of the Base
    from space) and within `RELEASE_RADIUS` of the corner. Anywhere else is a foul.
    """
    cx, cy = corner_of(faction)
    ix, iy = inward(faction)
    behind_x = (x - cx) * (1.0 if ix > 0 else -1.0) <= -RELEASE_CLEARANCE
    behind_y = (y - cy) * (1.0 if iy > 0 else -1.0) <= -RELEASE_CLEARANCE
    return behind_x and behind_y and math.hypot(x - cx, y - cy) <= RELEASE_RADIUS


def clamp_release(faction: int, x: float, y: float) -> Point:
    """The legal release point nearest to (x, y): what the screen and the AI use, so a hand
    never fouls. Always a point `release_ok` accepts (rounding included)."""
    cx, cy = corner_of(faction)
    ix, iy = inward(faction)
    sx = 1.0 if ix > 0 else -1.0
    sy = 1.0 if iy > 0 else -1.0
    if not (math.isfinite(x) and math.isfinite(y)):
        return release_default(faction)
    # Work in the corner's frame where "behind" is negative on both axes, a hair inside the
    # limits so that turning the point back into table units cannot round it out of them.
    clear = RELEASE_CLEARANCE + _RELEASE_MARGIN
    radius = RELEASE_RADIUS - _RELEASE_MARGIN
    lx = min((x - cx) * sx, -clear)
    ly = min((y - cy) * sy, -clear)
    d = math.hypot(lx, ly)
    if d > radius:
        # Nearest point of the arc that lies behind the Base on both axes.
        k = radius / d
        lx, ly = lx * k, ly * k
        if lx > -clear or ly > -clear:
            edge = -math.sqrt(radius * radius - clear * clear)
            lx, ly = (-clear, edge) if lx > -clear else (edge, -clear)
    point = (cx + lx * sx, cy + ly * sy)
    if release_ok(faction, *point):
        return point
    return release_default(faction)  # unreachable with the margin; never a foul all the same


_RELEASE_MARGIN = 1e-6
"""How far inside the release zone's edges a clamped point is put (table units)."""


def release_default(faction: int) -> Point:
    """A comfortable release point behind the Base (where the hand starts)."""
    cx, cy = corner_of(faction)
    ix, iy = inward(faction)
    d = BASE_RADIUS + 24.0
    return (cx - ix * d, cy - iy * d)


def completely_outside(x: float, y: float, radius: float) -> bool:
    """Whether a disc lies completely outside the square of space."""
    return x < -radius or y < -radius or x > FIELD + radius or y > FIELD + radius


def inside(x: float, y: float, radius: float) -> bool:
    """Whether a disc lies completely inside the square of space."""
    return radius <= x <= FIELD - radius and radius <= y <= FIELD - radius


def overlap_area(d: float, r1: float, r2: float) -> float:
    """The area two discs of radii r1, r2 share when their centres are d apart."""
    if d >= r1 + r2:
        return 0.0
    if d <= abs(r1 - r2):
        r = min(r1, r2)
        return math.pi * r * r
    a1 = math.acos(max(-1.0, min(1.0, (d * d + r1 * r1 - r2 * r2) / (2 * d * r1))))
    a2 = math.acos(max(-1.0, min(1.0, (d * d + r2 * r2 - r1 * r1) / (2 * d * r2))))
    k = (-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2)
    return r1 * r1 * a1 + r2 * r2 * a2 - 0.5 * math.sqrt(max(0.0, k))


def bomb_cover(bomb: Point, planet: Point) -> float:
    """The share (0..1) of a planet's disc the bomb covers."""
    d = math.hypot(bomb[0] - planet[0], bomb[1] - planet[1])
    return overlap_area(d, BOMB_RADIUS, PLANET_RADIUS) / (math.pi * PLANET_RADIUS * PLANET_RADIUS)


@dataclass
class Table:
    """Positions of the planets lying in space and of the undocked ships (by seat)."""

    factions: tuple[int, ...]
    planets: dict[int, Point] = field(default_factory=dict)
    ships: dict[int, Point] = field(default_factory=dict)

    @staticmethod
    def start(state: MatchState) -> Table:
        """The opening table: the seed's quick-start deployment, every ship docked."""
        layout = start_layout(state.seed)
        t = Table(state.options.seat_factions, {p: layout[p] for p in sorted(state.alive)}, {})
        return t.synced(state)

    def ship_at(self, seat: int) -> Point:
        """Where a seat's ship is: on the table, or its dock spot when docked."""
        got = self.ships.get(seat)
        return got if got is not None else dock_spot(self.factions[seat])

    def synced(self, state: MatchState) -> Table:
        """A copy agreeing with the rules: docked ships off the table, destroyed planets and
        planets waiting to be placed gone."""
        waiting = {q for _, q in state.placements}
        alive = set(state.alive)
        planets = {p: xy for p, xy in self.planets.items() if p in alive and p not in waiting}
        ships = {s: xy for s, xy in self.ships.items() if not state.players[s].docked}
        return Table(self.factions, dict(sorted(planets.items())), dict(sorted(ships.items())))

    def placed(self, planet: int, x: float, y: float) -> Table:
        """A copy with one planet put down at (x, y)."""
        planets = dict(self.planets)
        planets[planet] = (float(x), float(y))
        return Table(self.factions, dict(sorted(planets.items())), dict(self.ships))

    def can_place(self, planet: int, x: float, y: float) -> bool:
        """Whether a planet may be placed back at (x, y): completely inside space, touching no
        other planet and no undocked ship, and outside every Base's clear zone (`BASE_CLEAR`)."""
        if not (math.isfinite(x) and math.isfinite(y)) or not inside(x, y, PLANET_RADIUS):
            return False
        for q, (px, py) in self.planets.items():
            if q != planet and math.hypot(x - px, y - py) < 2 * PLANET_RADIUS + PLACE_GAP:
                return False
        for sx, sy in self.ships.values():
            if math.hypot(x - sx, y - sy) < PLANET_RADIUS + SHIP_RADIUS + PLACE_GAP:
                return False
        return base_clear(x, y)

    def free_spot(self, planet: int, near: Point) -> Point:
        """The legal spot for a planet nearest to `near`, searched on a spiral (an AI's choice,
        and the screen's start point for a human's)."""
        nx, ny = near
        nx = min(max(nx, PLANET_RADIUS), FIELD - PLANET_RADIUS)
        ny = min(max(ny, PLANET_RADIUS), FIELD - PLANET_RADIUS)
        if self.can_place(planet, nx, ny):
            return (nx, ny)
        step = 8.0
        for ring in range(1, 120):
            r = ring * step
            n = max(8, int(2 * math.pi * r / step))
            for k in range(n):
                a = 2 * math.pi * k / n
                x, y = nx + r * math.cos(a), ny + r * math.sin(a)
                if self.can_place(planet, x, y):
                    return (x, y)
        return (FIELD / 2, FIELD / 2)

    def problem(self) -> str | None:
        """Why no flick could have left this table (for a save's check), or None if one could.

        Every body lies at least partly in space (one wholly outside has left it), within the
        table, and no two bodies overlap by more than the physics' resting slop: a table with
        overlapping bodies cannot arise, and the physics would fling them apart.
        """
        if any(not 0 <= f < len(FACTIONS) for f in self.factions) or \
                len(set(self.factions)) != len(self.factions):
            return f"unknown or repeated factions {list(self.factions)}"
        bodies: list[tuple[str, float, float, float]] = []
        for what, group, radius in (("planet", self.planets, PLANET_RADIUS),
                                    ("ship", self.ships, SHIP_RADIUS)):
            for ident, (x, y) in group.items():
                if not (math.isfinite(x) and math.isfinite(y)) \
                        or completely_outside(x, y, radius):
                    return f"{what} {ident} lies at ({x!r}, {y!r}), off the table"
                bodies.append((f"{what} {ident}", x, y, radius))
        for i, (a, ax, ay, ar) in enumerate(bodies):
            for b, bx, by, br in bodies[i + 1:]:
                if math.hypot(ax - bx, ay - by) < ar + br - OVERLAP_SLOP:
                    return f"{a} and {b} overlap"
        return None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (floats round-trip exactly)."""
        return {
            "factions": list(self.factions),
            "planets": {str(p): [x, y] for p, (x, y) in sorted(self.planets.items())},
            "ships": {str(s): [x, y] for s, (x, y) in sorted(self.ships.items())},
        }

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Table:
        """Inverse of `to_dict`; refuses positions that are not finite numbers."""

        def pt(v: Any) -> Point:
            x, y = float(v[0]), float(v[1])
            if not (math.isfinite(x) and math.isfinite(y)):
                raise ValueError("a table position is not a finite number")
            return (x, y)

        return Table(
            tuple(int(f) for f in d["factions"]),
            {
                int(p): pt(v)
                for p, v in sorted(dict(d["planets"]).items(), key=lambda kv: int(kv[0]))
            },
            {int(s): pt(v) for s, v in sorted(dict(d["ships"]).items(), key=lambda kv: int(kv[0]))},
        )
