"""Cosmic Kaboom's geometry and physics on every input and table the game accepts: the hand's
release clamp never fouls, bodies pushed out of space at rest are reported, and pooled bodies
play exactly as fresh ones (property tests over many random points and tables)."""

from __future__ import annotations

import math
import random

from game.games.cosmic.data import FIELD, PLANET_RADIUS, SHIP_RADIUS, start_layout
from game.games.cosmic.table import (
    OVERLAP_SLOP,
    RELEASE_RADIUS,
    Table,
    clamp_release,
    corner_of,
    release_ok,
)
from game.games.cosmic.world import BodyPool, CosmicWorld

POINTS_PER_CORNER = 10_000
"""A clamp with too thin a margin (1e-14 or 0) and no last check fouls at 2-6% of these points,
the first within the first 32 at every corner: ten thousand still find hundreds."""
TABLES = 30
"""A pooled body not reset (its bias velocity, velocity or spin kept) plays differently by the
6th table of these and on a third to all of the rest: thirty catch each by a wide margin."""


def test_the_release_clamp_only_gives_legal_points_at_every_corner() -> None:
    """Ten thousand points around each corner: most near the zone's rim (just past the
    100-unit radius, where rounding bites), the rest anywhere about the corner."""
    rng = random.Random(19)
    for faction in range(4):
        cx, cy = corner_of(faction)
        fouls = []
        for n in range(POINTS_PER_CORNER):
            if n % 2:
                a = rng.uniform(0.0, 2 * math.pi)
                r = RELEASE_RADIUS + rng.uniform(-0.5, 0.5)
            else:
                a = rng.uniform(0.0, 2 * math.pi)
                r = rng.uniform(0.0, 3 * RELEASE_RADIUS)
            x, y = clamp_release(faction, cx + r * math.cos(a), cy + r * math.sin(a))
            if not release_ok(faction, x, y):
                fouls.append((x, y))
        assert fouls == [], f"faction {faction}: {len(fouls)} fouls, e.g. {fouls[:3]}"


def test_the_release_clamp_keeps_legal_points_where_they_are() -> None:
    rng = random.Random(5)
    for faction in range(4):
        cx, cy = corner_of(faction)
        for _ in range(2000):
            x, y = cx + rng.uniform(-90, 90), cy + rng.uniform(-90, 90)
            got = clamp_release(faction, x, y)
            if release_ok(faction, x, y):
                assert math.hypot(got[0] - x, got[1] - y) < 1e-5
            assert release_ok(faction, *got)
    assert release_ok(0, *clamp_release(0, math.nan, 3.0))


def test_a_body_pushed_wholly_out_of_space_at_rest_is_reported_out() -> None:
    """Two overlapping planets at the edge: pushing them apart moves one out of space with no
    velocity. It must leave space like any other body (no table can keep it)."""
    table = Table((0, 1), {0: (-30.0, 360.0), 1: (10.0, 360.0)}, {})
    w = CosmicWorld(table, poses=False)
    w.flick(0, 0.0, 0.05)
    w.run_to_rest()
    assert w.outcome().planets_out == (0,)
    assert w.table_after().problem() is None


def random_table(rng: random.Random) -> Table:
    """A table the save check accepts: bodies anywhere at least partly in space, none
    overlapping by more than the slop, half of them touching another body."""
    factions = tuple(rng.sample(range(4), rng.choice((2, 3, 4))))
    placed: list[tuple[float, float, float]] = []

    def spot(radius: float) -> tuple[float, float] | None:
        for _ in range(60):
            if placed and rng.random() < 0.5:  # touching a body already there
                ox, oy, orad = rng.choice(placed)
                a = rng.uniform(0, 2 * math.pi)
                d = orad + radius - rng.uniform(0.0, OVERLAP_SLOP * 0.9)
                x, y = ox + d * math.cos(a), oy + d * math.sin(a)
            else:
                x = rng.uniform(-radius + 0.5, FIELD + radius - 0.5)
                y = rng.uniform(-radius + 0.5, FIELD + radius - 0.5)
            if min(x, y) <= -radius or max(x, y) >= FIELD + radius:
                continue
            if all(math.hypot(x - a, y - b) >= r + radius - OVERLAP_SLOP * 0.95
                   for a, b, r in placed):
                placed.append((x, y, radius))
                return (x, y)
        return None

    planets = {p: xy for p in start_layout() if rng.random() < 0.85
               and (xy := spot(PLANET_RADIUS)) is not None}
    ships = {s: xy for s in range(len(factions)) if rng.random() < 0.6
             and (xy := spot(SHIP_RADIUS)) is not None}
    table = Table(factions, planets, ships)
    assert table.problem() is None, table.problem()
    return table


def _play(table: Table, seat: int, angle: float, power: float, pool: BodyPool | None) -> tuple:
    w = CosmicWorld(table, poses=False, pool=pool)
    w.flick(seat, angle, power)
    w.run_to_rest()
    got = (w.outcome(), w.table_after().to_dict(), w.frame)
    w.release()
    return got


def test_pooled_bodies_play_exactly_as_fresh_ones_on_every_accepted_table() -> None:
    """BodyPool's promise, on random tables the save check accepts (bodies touching included:
    a body that ended its last world in contact must not carry the solver's push along)."""
    rng = random.Random(2026)
    pool = BodyPool()
    differ = []
    for n in range(TABLES):
        table = random_table(rng)
        seat = rng.randrange(len(table.factions))
        angle, power = rng.uniform(0, 2 * math.pi), rng.uniform(0.05, 1.0)
        fresh = _play(table, seat, angle, power, None)
        pooled = _play(table, seat, angle, power, pool)
        if fresh != pooled:
            differ.append(n)
    assert len(pool) > 0
    assert differ == []


def test_the_table_check_refuses_what_no_flick_leaves() -> None:
    good = Table((0, 2), {0: (100.0, 100.0), 1: (100.0 + 2 * PLANET_RADIUS, 100.0)}, {})
    assert good.problem() is None
    assert "overlap" in str(Table((0, 2), {0: (100.0, 100.0), 1: (130.0, 100.0)}, {}).problem())
    assert "off the table" in str(Table((0, 2), {0: (1e300, 5.0)}, {}).problem())
    assert "off the table" in str(Table((0, 2), {}, {0: (-SHIP_RADIUS - 1, 5.0)}).problem())
    assert "factions" in str(Table((0, 0), {}, {}).problem())
