"""The Cosmic Kaboom world: flicks, collisions, bodies leaving space, the bomb, determinism."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from typing import Any

import pytest

from game.games.cosmic.data import BOMB_OVERLAP, FIELD, PLANET_RADIUS, SHIP_RADIUS
from game.games.cosmic.table import (
    Table,
    bomb_cover,
    clamp_release,
    dock_spot,
    inside,
    release_default,
    release_ok,
)
from game.games.cosmic.world import (
    MAX_FLICK_SPEED,
    CosmicWorld,
    Impact,
    PlanetOut,
    ShipOut,
    Touched,
    flick_line,
    play_flick,
    play_toss,
)
from game.physics.guard import NotFiniteError

TWO = (0, 2)


def aim(src: tuple[float, float], dst: tuple[float, float]) -> float:
    return math.atan2(dst[1] - src[1], dst[0] - src[0])


def test_a_flick_slides_to_rest_and_touches_the_planet_in_its_path() -> None:
    table = Table(TWO, {5: (300.0, 300.0)}, {0: (150.0, 300.0)})
    w = play_flick(table, 0, 0.0, 0.6)
    assert w.at_rest
    out = w.outcome()
    assert out.touched_by(0) == (5,)
    assert any(isinstance(e, Touched) and e.planet == 5 for e in w.events)
    after = w.table_after()
    # the ship bounced back off the planet; the heavy planet moved a little along the hit
    assert after.ships[0][0] < 300.0 - PLANET_RADIUS
    assert 300.0 < after.planets[5][0] < 360.0
    assert not out.ships_out and not out.planets_out


def test_touches_are_recorded_in_order() -> None:
    table = Table(TWO, {1: (250.0, 100.0), 2: (400.0, 100.0)}, {0: (100.0, 100.0)})
    # the first planet is hit off-centre so the ship glances on to the second
    w = play_flick(table, 0, aim((100.0, 100.0), (250.0, 100.0 + PLANET_RADIUS + 8)), 1.0)
    touched = w.outcome().touched_by(0)
    assert touched and touched[0] == 1


def test_friction_stops_everything_well_before_the_cap() -> None:
    table = Table(TWO, {}, {0: (360.0, 360.0)})
    w = CosmicWorld(table)
    w.flick(0, 0.3, 0.3)
    frames = w.run_to_rest()
    assert frames < 240
    x, y = w.table_after().ships[0]
    travelled = math.hypot(x - 360.0, y - 360.0)
    assert 40.0 < travelled < 300.0


def test_a_ship_flicked_hard_out_of_space_is_destroyed() -> None:
    table = Table(TWO, {}, {0: (650.0, 360.0)})
    w = play_flick(table, 0, 0.0, 1.0)
    out = w.outcome()
    assert out.ships_out == (0,)
    assert 0 not in w.table_after().ships
    assert any(isinstance(e, ShipOut) for e in w.events)


def test_a_ship_half_over_the_edge_is_not_destroyed() -> None:
    # completely outside is required: a ship resting across the boundary stays in play
    table = Table(TWO, {}, {0: (FIELD - 3.0, 360.0)})
    w = CosmicWorld(table)
    w.flick(0, 0.0, 0.0)
    w.run_to_rest()
    assert w.outcome().ships_out == ()


def test_a_ship_pushes_another_ship_out() -> None:
    table = Table(TWO, {}, {0: (560.0, 360.0), 1: (660.0, 360.0)})
    w = play_flick(table, 0, 0.0, 1.0)
    out = w.outcome()
    assert 1 in out.ships_out


def test_a_hard_hit_pushes_a_planet_out_of_space() -> None:
    # a planet already knocked half over the edge goes right out on a hard hit
    table = Table(TWO, {7: (FIELD + 6.0, 360.0)}, {0: (560.0, 360.0)})
    w = play_flick(table, 0, 0.0, 1.0)
    out = w.outcome()
    assert out.planets_out == (7,)
    assert 7 not in w.table_after().planets
    assert any(isinstance(e, PlanetOut) for e in w.events)


def test_impacts_report_where_and_how_hard() -> None:
    table = Table(TWO, {5: (300.0, 300.0)}, {0: (150.0, 300.0)})
    w = play_flick(table, 0, 0.0, 1.0)
    hits = [e for e in w.events if isinstance(e, Impact)]
    assert hits and hits[0].strength > 200.0
    assert 250.0 < hits[0].x < 300.0


def test_no_tunnelling_and_no_escape_at_full_strength() -> None:
    # a ship at full strength against a planet: it must bounce, never pass through
    for angle_deg in range(0, 360, 15):
        a = math.radians(angle_deg)
        src = (360.0 - math.cos(a) * 120.0, 360.0 - math.sin(a) * 120.0)
        table = Table(TWO, {3: (360.0, 360.0)}, {0: src})
        w = CosmicWorld(table)
        w.flick(0, a, 1.0)
        w.step()
        w.step()
        crossed = False
        for _ in range(60):
            w.step()
            pos = w.ship_position(0)
            if pos is None:
                break
            planet = w.planets[3].position
            d = math.hypot(pos[0] - planet.x, pos[1] - planet.y)
            assert d > PLANET_RADIUS + SHIP_RADIUS - 4.0, f"overlap at {angle_deg} degrees"
            ahead = (pos[0] - planet.x) * math.cos(a) + (pos[1] - planet.y) * math.sin(a)
            crossed = crossed or ahead > PLANET_RADIUS + SHIP_RADIUS
        assert not crossed, f"the ship passed through the planet at {angle_deg} degrees"
        assert w.outcome().touched_by(0) == (3,)


def test_speeds_stay_capped() -> None:
    assert MAX_FLICK_SPEED * (1.0 / 60.0) / 4 < SHIP_RADIUS  # a substep never skips a ship


def test_a_docked_ship_launches_from_its_dock_spot() -> None:
    table = Table(TWO, {}, {})
    w = CosmicWorld(table)
    w.flick(1, -3 * math.pi / 4, 0.2)
    assert w.ship_position(1) == pytest.approx(dock_spot(2))
    w.run_to_rest()
    x, y = w.table_after().ships[1]
    assert x < dock_spot(2)[0] and y < dock_spot(2)[1]


def test_fly_back_reports_a_ship_resting_on_its_own_base() -> None:
    table = Table(TWO, {}, {0: (120.0, 120.0)})
    home = aim((120.0, 120.0), (20.0, 20.0))
    docked = [k for k in range(20, 50) if play_flick(table, 0, home, k / 100).outcome().on_base]
    assert docked, "some gentle flick home ends on the Base"
    assert play_flick(table, 0, home, 0.1).outcome().on_base == ()  # short of it
    assert play_flick(table, 0, home, 1.0).outcome().ships_out == (0,)  # straight past it


def test_bad_numbers_are_refused() -> None:
    w = CosmicWorld(Table(TWO, {}, {}))
    with pytest.raises(NotFiniteError):
        w.flick(0, math.nan, 0.5)
    w2 = CosmicWorld(Table(TWO, {}, {}))
    with pytest.raises(NotFiniteError):
        w2.toss(0, (math.inf, 0.0), 0.0, 0.5)


def test_a_world_plays_one_flick_only() -> None:
    w = CosmicWorld(Table(TWO, {}, {}))
    w.flick(0, 0.0, 0.5)
    with pytest.raises(RuntimeError):
        w.flick(0, 0.0, 0.5)


# -- the Space Bomb ------------------------------------------------------------------------------


def test_release_zone_is_behind_the_base() -> None:
    for f in range(4):
        rx, ry = release_default(f)
        assert release_ok(f, rx, ry)
        assert not inside(rx, ry, 0.0)
    assert not release_ok(0, 40.0, 40.0)  # in front of its Base, inside space
    assert not release_ok(0, -20.0, 300.0)  # beside space, far from its corner
    assert not release_ok(0, *release_default(2))  # another faction's corner
    cx, cy = clamp_release(0, 90.0, 60.0)
    assert release_ok(0, cx, cy)


def test_a_toss_from_in_front_of_the_base_is_a_foul() -> None:
    table = Table(TWO, {0: (200.0, 200.0)}, {})
    w = play_toss(table, 0, (40.0, 40.0), math.pi / 4, 0.5)
    out = w.outcome()
    assert out.foul and out.under_bomb == ()
    assert w.bomb is None


def test_the_bomb_flies_over_planets_and_destroys_where_it_rests() -> None:
    start = release_default(0)
    planets = {4: (200.0, 200.0), 9: (420.0, 420.0)}
    table = Table(TWO, planets, {})
    angle = aim(start, (420.0, 420.0))
    best = None
    for k in range(40):
        power = 0.3 + k * 0.0175
        w = play_toss(table, 0, start, angle, power)
        assert w.table_after().planets == planets  # nothing was pushed: it passed over
        if 9 in w.outcome().under_bomb:
            best = w
            break
    assert best is not None, "some power lands the bomb on the far planet"
    assert best.bomb is not None
    cover = bomb_cover((best.bomb.x, best.bomb.y), planets[9])
    assert cover >= BOMB_OVERLAP
    assert 4 not in best.outcome().under_bomb


def test_the_bomb_shows_its_height_in_flight_and_lands() -> None:
    w = CosmicWorld(Table(TWO, {}, {}))
    w.toss(0, release_default(0), math.pi / 4, 0.7, 0.5)
    heights = []
    while not w.at_rest:
        w.step()
        heights.append(next(p.height for p in w.poses() if p.kind == "bomb"))
    assert max(heights) > 0.9 and heights[-1] == 0.0
    assert any(h > 0 for h in heights[:5])


def test_spin_curves_the_slide() -> None:
    table = Table(TWO, {}, {})
    straight = play_toss(table, 0, release_default(0), math.pi / 4, 0.8, 0.0).bomb
    left = play_toss(table, 0, release_default(0), math.pi / 4, 0.8, -1.0).bomb
    right = play_toss(table, 0, release_default(0), math.pi / 4, 0.8, 1.0).bomb
    assert straight is not None and left is not None and right is not None
    d = (straight.x - straight.y, left.x - left.y, right.x - right.y)
    assert abs(d[0]) < 1.0
    assert d[1] * d[2] < 0  # the two spins bend to opposite sides


def test_cover_measures_overlap() -> None:
    assert bomb_cover((0.0, 0.0), (0.0, 0.0)) == pytest.approx(1.0)
    assert bomb_cover((0.0, 0.0), (500.0, 0.0)) == 0.0
    half = bomb_cover((0.0, 0.0), (60.0, 0.0))
    assert 0.0 < half < 1.0


# -- the table -----------------------------------------------------------------------------------


def test_placement_check() -> None:
    table = Table(TWO, {0: (300.0, 300.0)}, {0: (500.0, 500.0)})
    assert table.can_place(1, 400.0, 300.0)
    assert not table.can_place(1, 330.0, 300.0)  # touching a planet
    assert not table.can_place(1, 520.0, 500.0)  # touching a ship
    assert not table.can_place(1, 20.0, 300.0)  # not completely inside
    assert not table.can_place(1, 60.0, 60.0)  # on a Base
    assert not table.can_place(1, math.nan, 300.0)
    x, y = table.free_spot(1, (300.0, 300.0))
    assert table.can_place(1, x, y)


def _engine_until_contact(table: Table, seat: int, angle: float,
                          power: float) -> tuple[str, int | None, Any]:
    """What the physics engine says a flick meets first, and the ship's centre then."""
    w = CosmicWorld(table, poses=False)
    w.flick(seat, angle, power)
    while not w.at_rest:
        w.step()
        for e in w.events:
            if isinstance(e, Touched):
                return "planet", e.planet, w.ship_position(seat)
            if isinstance(e, ShipOut):
                return "out", None, None
    return "rest", None, w.ship_position(seat)


@pytest.mark.parametrize("angle,power,end", [(0.0, 1.0, "planet"), (math.pi, 1.0, "out"),
                                             (math.pi / 2, 0.3, "rest")])
def test_the_flick_preview_is_the_engines_path(angle: float, power: float, end: str) -> None:
    # The assist's line ends where the engine's flick first touches, leaves or stops.
    table = Table(TWO, {5: (600.0, 300.0)}, {0: (150.0, 300.0)})
    line = flick_line(table, 0, angle, power)
    kind, hit, at = _engine_until_contact(table, 0, angle, power)
    assert line.end == kind == end
    assert line.hit == hit
    if at is not None:
        assert math.hypot(line.points[-1][0] - at[0], line.points[-1][1] - at[1]) < 16.0
    if end == "planet":  # the line stops touching the planet, not inside it
        d = math.hypot(line.points[-1][0] - 600.0, line.points[-1][1] - 300.0)
        assert d == pytest.approx(PLANET_RADIUS + SHIP_RADIUS, abs=0.5)


@pytest.mark.parametrize("angle", [math.pi, math.pi * 0.6, -math.pi * 0.55])
def test_a_ship_resting_against_a_planet_is_previewed_slipping_free(angle: float) -> None:
    # After taking a crystal the ship rests touching that planet: a flick away from it or
    # along it is drawn in full (to where the engine stops it), one into it hits at once.
    table = Table(TWO, {5: (600.0, 300.0)}, {0: (600.0 - PLANET_RADIUS - SHIP_RADIUS, 300.0)})
    line = flick_line(table, 0, angle, 0.3)
    assert line.end == "rest" and len(line.points) > 10
    w = play_flick(table, 0, angle, 0.3)
    at = w.ship_position(0)
    assert at is not None and math.dist(line.points[-1], at) < 1e-6
    into = flick_line(table, 0, 0.0, 0.3)
    assert (into.end, into.hit, len(into.points)) == ("planet", 5, 2)


def test_the_flick_preview_stops_at_another_ship() -> None:
    table = Table(TWO, {}, {0: (150.0, 300.0), 1: (400.0, 300.0)})
    line = flick_line(table, 0, 0.0, 1.0)
    assert (line.end, line.hit) == ("ship", 1)


def _run_flick_json() -> str:
    code = (
        "import json, math\n"
        "from game.games.cosmic.rules import new_match\n"
        "from game.games.cosmic.table import Table\n"
        "from game.games.cosmic.world import play_flick\n"
        "t = Table.start(new_match(4, seed=3))\n"
        "t.ships[1] = (500.0, 200.0)\n"
        "w = play_flick(t, 0, 0.83, 1.0)\n"
        "print(json.dumps([w.outcome().to_dict(), w.table_after().to_dict(), w.frame]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return done.stdout.strip()


def test_the_same_flick_gives_the_same_result_in_two_processes() -> None:
    a, b = _run_flick_json(), _run_flick_json()
    assert a == b
    outcome, table, frames = json.loads(a)
    assert frames > 10
    assert table["planets"]


def test_clear_shots_name_the_planets_one_straight_flick_reaches_first() -> None:
    from game.games.cosmic.world import clear_shots

    ship = (200.0, 360.0)
    table = Table((0, 2), {1: (360.0, 360.0), 2: (520.0, 360.0), 3: (360.0, 520.0)},
                  {0: ship})
    got = dict(clear_shots(table, 0, [1, 2, 3, 9]))
    assert set(got) == {1, 3}  # 2 hides behind 1; 9 is not on the table
    assert got[3] == pytest.approx(aim(ship, (360.0, 520.0)))
    line = flick_line(table, 0, got[3], 1.0)
    assert line.end == "planet" and line.hit == 3


def test_a_lane_past_a_grazing_blocker_is_still_a_lane() -> None:
    """A planet whose centre line a nearby planet grazes is still reached off-centre: the
    hint must not say "no straight lane" then (a playtester saw it say so wrongly)."""
    from game.games.cosmic.world import clear_shots

    ship = (100.0, 360.0)
    # 1 lies 40 units beside the centre line to 2, inside the 48 a ship needs to pass
    table = Table((0, 2), {1: (300.0, 400.0), 2: (500.0, 360.0)}, {0: ship})
    assert flick_line(table, 0, aim(ship, (500.0, 360.0)), 1.0).hit == 1
    got = dict(clear_shots(table, 0, [2]))
    assert set(got) == {2}
    line = flick_line(table, 0, got[2], 1.0)
    assert line.end == "planet" and line.hit == 2
    # the grazing planet right beside the ship (as in the playtest): a hair's turn clears it
    near = Table((0, 2), {1: (180.0, 406.0), 2: (600.0, 360.0)}, {0: ship})
    assert flick_line(near, 0, aim(ship, (600.0, 360.0)), 1.0).hit == 1
    got = dict(clear_shots(near, 0, [2]))
    assert set(got) == {2} and flick_line(near, 0, got[2], 1.0).hit == 2


def test_the_quick_start_keeps_lanes_open_from_most_of_space() -> None:
    """On every quick-start board, from open points all over space, a straight flick reaches
    over half the planets (the two rings the first board replaced: 0.43), and every Base's
    dock reaches a starting (1-dot) crystal: most turns offer a target one can see."""
    from game.games.cosmic.data import LAYOUT_SETS, PLANETS, layout_from
    from game.games.cosmic.world import clear_shots

    for spots in LAYOUT_SETS:
        for mirror in (False, True):
            layout = layout_from(spots, mirror)
            reached = tried = 0
            for gx in range(60, 700, 100):
                for gy in range(60, 700, 100):
                    if any(math.hypot(gx - x, gy - y) < PLANET_RADIUS + SHIP_RADIUS + 2
                           for x, y in layout.values()):
                        continue
                    table = Table((0,), dict(layout), {0: (float(gx), float(gy))})
                    reached += len(clear_shots(table, 0, range(len(PLANETS))))
                    tried += len(PLANETS)
            assert tried and reached / tried > 0.5, (spots, mirror, reached / tried)
            for faction in range(4):
                shots = clear_shots(Table((faction,), dict(layout), {}), 0,
                                    range(len(PLANETS)))
                assert any(PLANETS[p].dots == 1 for p, _ in shots), (spots, mirror, faction)


def _lane_chain(layout: dict[int, tuple[float, float]], factions: tuple[int, ...],
                seat: int) -> int:
    """How many crystals a first turn collects by always flicking down an open lane to a
    crystal it still needs (a strong player's plan), each flick played out on the engine."""
    from game.games.cosmic.data import PLANETS
    from game.games.cosmic.world import clear_shots

    table = Table(factions, dict(layout), {})
    have: set[str] = set()
    while True:
        targets = [p.planet_id for p in PLANETS if p.dots == 1 and p.colour not in have]
        moved = False
        for _planet, angle in clear_shots(table, seat, targets):
            for power in (0.7, 0.85, 1.0):
                w = play_flick(table, seat, angle, power)
                got = [q for q in w.touches.get(seat, ()) if q in targets]
                if seat not in w.ships_out and got:
                    have.add(PLANETS[got[0]].colour)
                    table, moved = w.table_after(), True
                    break
            if moved:
                break
        if not moved or len(have) == 4:
            return len(have)


def test_no_quick_start_board_lays_all_four_crystals_in_one_lane_chain() -> None:
    """The playtest's complaint: on the first board a first turn could collect all four
    crystals (each in an open lane from the last). On every board now, following open lanes
    from crystal to crystal collects at most three from any seat, usually one or two."""
    from game.games.cosmic.data import LAYOUT_SETS, LAYOUT_SPOTS, layout_from

    assert _lane_chain(layout_from(LAYOUT_SPOTS), (0, 2), 0) == 4  # the measure sees it
    chains: list[int] = []
    for spots in LAYOUT_SETS:
        for mirror in (False, True):
            layout = layout_from(spots, mirror)
            for factions in ((0, 2), (0, 1, 2, 3)):
                for seat in range(len(factions)):
                    chains.append(_lane_chain(layout, factions, seat))
    assert max(chains) <= 3 and min(chains) >= 1
    assert sum(chains) / len(chains) <= 2.0


def test_the_bank_shot_preview_follows_the_engine_off_a_planet() -> None:
    """After glancing off a planet the estimated second leg ends where the engine's ship
    stops (within a few units: the struck planet's own drift is not modelled)."""
    from game.games.cosmic.world import bounce_line

    for turn, power in ((0.25, 0.6), (-0.3, 0.8)):
        table = Table(TWO, {1: (360.0, 360.0)}, {0: (200.0, 360.0)})
        angle = turn  # the planet lies straight ahead: a glancing hit
        leg = bounce_line(table, 0, angle, power)
        assert leg is not None and leg.end == "rest"
        rest = play_flick(table, 0, angle, power).ship_position(0)
        assert rest is not None and math.dist(leg.points[-1], rest) < 15.0
        assert math.dist(leg.points[0], flick_line(table, 0, angle, power).points[-1]) < 1e-9
    open_space = Table(TWO, {1: (360.0, 600.0)}, {0: (200.0, 360.0)})
    assert bounce_line(open_space, 0, 0.0, 0.5) is None  # meets no planet: no bank shot


def test_a_flick_that_stops_a_hair_short_of_a_planet_touches_it() -> None:
    # The engine may stop a ship 1-2 units short of a planet it visibly rests against: that
    # is a touch (`rules.resting_against`), in the outcome, its event and the preview alike.
    from game.games.cosmic.data import TOUCH_SLACK

    contact = PLANET_RADIUS + SHIP_RADIUS
    table = Table(TWO, {5: (400.0, 300.0)}, {0: (400.0 - contact - 60.0, 300.0)})
    lo, hi = 0.05, 0.6
    for _ in range(60):  # the power whose slide stops just short of contact
        mid = (lo + hi) / 2
        line = flick_line(table, 0, 0.0, mid)
        gap = 400.0 - line.points[-1][0] - contact
        lo, hi = (mid, hi) if line.end == "rest" or gap > TOUCH_SLACK * 0.6 else (lo, mid)
    line = flick_line(table, 0, 0.0, hi)
    gap = 400.0 - line.points[-1][0] - contact
    assert 0.3 < gap <= TOUCH_SLACK and (line.end, line.hit) == ("planet", 5)
    w = play_flick(table, 0, 0.0, hi)
    at = w.ship_position(0)
    assert at is not None and 0.3 < 400.0 - at[0] - contact <= TOUCH_SLACK
    assert w.outcome().touched_by(0) == (5,)
    assert any(isinstance(e, Touched) and e.planet == 5 for e in w.events)
    # a little further off is no touch
    far = Table(TWO, {5: (400.0 + TOUCH_SLACK + 1.0, 300.0)}, dict(table.ships))
    assert play_flick(far, 0, 0.0, hi).outcome().touched_by(0) == ()


def test_a_lane_is_hinted_only_where_the_ship_surely_gets_there() -> None:
    """A stranger's dotted lane led to a crystal his MAX flick stopped short of. A planet the
    ship only just reaches at full power is no hinted lane; one well inside its reach is, and
    every hinted lane's flick at full power reaches its planet first."""
    from game.games.cosmic.world import LANE_SURE_POWER, clear_shots, sure_shots

    ship = (30.0, 30.0)
    way = math.pi / 4  # corner to corner: the longest run in space
    free = flick_line(Table((0, 2), {}, {0: ship}), 0, way, 1.0)
    assert free.end == "rest"
    run = math.dist(ship, free.points[-1])  # how far a full flick slides on open space

    def planet_at(d: float) -> dict[int, tuple[float, float]]:
        return {1: (ship[0] + math.cos(way) * d, ship[1] + math.sin(way) * d)}

    far = Table((0, 2), planet_at(run + PLANET_RADIUS + SHIP_RADIUS - 3.0), {0: ship})
    assert max(far.planets[1]) < FIELD - PLANET_RADIUS
    assert [p for p, _ in clear_shots(far, 0, [1])] == [1]  # MAX only just gets there
    assert flick_line(far, 0, way, LANE_SURE_POWER).end == "rest"
    assert sure_shots(far, 0, [1]) == []  # so no lane is drawn to it
    near = Table((0, 2), planet_at(0.6 * run), {0: ship})
    got = sure_shots(near, 0, [1])
    assert [p for p, _ in got] == [1]
    line = flick_line(near, 0, got[0][1], 1.0)
    assert line.end == "planet" and line.hit == 1


@pytest.mark.parametrize("gap", [-0.5, -0.2, 0.0, 0.2])
def test_a_ship_resting_against_a_planet_leaves_it_as_the_preview_says(gap: float) -> None:
    """A ship at rest against a planet overlaps it a hair. Flicked along the planet or away
    from it, the engine counted the leaving as a new touch (a crystal the preview's line never
    promised) where the line slipped free: a flick now leaves from `launch_spot`, clear of the
    planet, and the engine and the line agree on what it meets and where it ends."""
    from game.games.cosmic.world import LAUNCH_CLEAR, launch_spot

    reach = PLANET_RADIUS + SHIP_RADIUS
    for degrees in (80.0, 85.0, 90.0, 95.0, 135.0, 180.0, 225.0, 265.0, 270.0, 275.0):
        for sign in (1.0, -1.0):
            angle = math.radians(degrees) * sign
            t = Table((0, 1), {0: (500.0, 500.0)}, {0: (500.0 + reach + gap, 500.0)})
            spot = launch_spot(t, 0)
            assert math.dist(spot, (500.0, 500.0)) >= reach + min(gap, LAUNCH_CLEAR) - 1e-6
            line = flick_line(t, 0, angle, 0.6)
            w = play_flick(t, 0, angle, 0.6)
            touched = any(0 in planets for _, planets in w.outcome().touches)
            assert touched == (line.end == "planet"), (gap, degrees * sign, line.end)
            end = w.table_after().ships.get(0)
            if line.end != "planet" and end is not None:
                assert math.dist(end, line.points[-1]) < 1.0, (gap, degrees * sign)


def test_a_ship_that_stops_against_a_planet_rests_clear_of_it_and_flicks_away_fully() -> None:
    """A ship flicked into a planet comes to rest `REST_GAP` clear of it, the touch still
    counted; the next flick away moves it as far as the same flick in open space."""
    from game.games.cosmic.world import REST_GAP, play_flick

    table = Table((0, 1), {0: (400.0, 360.0)}, {0: (200.0, 360.0)})
    w = play_flick(table, 0, 0.0, 0.43)  # stops pressed against the planet
    assert w.outcome().touches == ((0, (0,)),)
    after = w.table_after()
    ship = after.ships[0]
    gap = math.dist(ship, after.planets[0]) - PLANET_RADIUS - SHIP_RADIUS
    assert gap == pytest.approx(REST_GAP, abs=1e-6)
    away = play_flick(after, 0, math.pi, 0.3).table_after().ships[0]
    free = play_flick(Table((0, 1), {}, {0: ship}), 0, math.pi, 0.3).table_after().ships[0]
    assert math.dist(ship, away) == pytest.approx(math.dist(ship, free), abs=1e-6)
    assert math.dist(ship, away) > 70.0
