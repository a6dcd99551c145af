"""Aiming a flick as a stranger meets it: the pull-to-power curve that keeps long shots as
fine as short ones, Shift's fine aim, the preview that shows only the start of a long path,
and the layout rules round it (the previous pull's ghost never crosses a panel, the move log
keeps one place all match)."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from game.app.input import ActionEvent
from game.games.cosmic import aimview as aim_mod
from game.games.cosmic import art, hud, marks
from game.games.cosmic import view as view_mod
from game.games.cosmic.controls import (
    FINE,
    MouseFlick,
    MouseToss,
    hand_reach,
)
from game.games.cosmic.data import CARDS, FIELD
from game.games.cosmic.pull import MAX_PULL, PREVIEW_REACH, pull_power, pull_share
from game.games.cosmic.world import flick_line
from game.ui import text

from .test_scene import human_turn, mouse, open_scene, stub_ai, tick  # noqa: F401

POINT = "point"


def _reach(power: float) -> float:
    """World units a flick of `power` from the middle of an empty table travels."""
    match = human_turn()
    table = match.table
    empty = type(table)(table.factions, {}, {0: (360.0, 360.0)})
    pts = flick_line(empty, 0, 0.0, power).points
    return math.dist(pts[0], pts[-1])


def test_a_short_pull_is_a_gentle_flick_and_full_power_stays_reachable() -> None:
    # Strangers overshot with the mouse: at share ** 1.2 over 190 px half the pull was 44% of
    # full power (the ship slid 160 units) and a short tug crossed a good part of space. Half
    # the pull is clearly under half power now, a quarter a short slide, and a pixel at the
    # long end still moves the ship less than a hundredth of space more than one at 30%.
    def per_pixel(share: float) -> float:
        px = share * MAX_PULL
        return _reach(pull_power(px + 1)) - _reach(pull_power(px))

    assert pull_power(MAX_PULL / 2) < 0.4
    assert pull_power(MAX_PULL / 4) < 0.16 and _reach(pull_power(MAX_PULL / 4)) < 30.0
    assert pull_power(MAX_PULL / 2) < pull_power(MAX_PULL * 0.51)  # it rises all the way
    assert per_pixel(0.9) < per_pixel(0.3) + 0.01 * FIELD
    # the gentler curve keeps a tug just past the dead zone a flick (it would fall under the
    # weakest flick and silently do nothing)
    from game.games.cosmic.controls import DEAD_ZONE
    from game.games.cosmic.world import MIN_FLICK_POWER

    assert pull_power(DEAD_ZONE) >= MIN_FLICK_POWER
    assert pull_power(MAX_PULL) == 1.0 and pull_power(0.0) == 0.0
    for p in (0.1, 0.37, 0.8):
        assert pull_power(pull_share(p) * MAX_PULL) == pytest.approx(p)


def test_shift_moves_the_hand_a_quarter_as_far_and_letting_go_keeps_it() -> None:
    aim = MouseFlick(0, "mouse")
    ship = (360.0, 360.0)
    sx, sy = art.to_screen(*ship)
    aim.press((sx, sy), ship)
    aim.motion((sx - 60, sy))
    coarse = aim.power
    aim.motion((sx - 100, sy), fine=True)  # 40 px more with Shift: the hand moves 10
    assert aim.fine
    assert aim.hand[0] == pytest.approx(sx - 60 - 40 * FINE)
    assert coarse < aim.power < pull_power(100)
    aim.motion((sx - 104, sy))  # Shift let go: moves count in full from where the hand is
    assert aim.hand[0] == pytest.approx(sx - 60 - 40 * FINE - 4)
    got = aim.release((sx - 104, sy))
    assert got is not None and got.power == pytest.approx(pull_power(60 + 40 * FINE + 4))


def test_shift_fines_the_bomb_pull_too() -> None:
    toss = MouseToss(0, "mouse", 0)
    toss.press((640.0, 360.0))
    toss.motion((600.0, 360.0), fine=True)
    assert toss.pull is not None and toss.pull.length == pytest.approx(40 * FINE)


def test_a_long_flick_is_previewed_only_on_its_way(app: Any, monkeypatch: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    drawn: list[tuple[tuple[tuple[float, float], ...], str, bool]] = []

    def spy(self: Any, surface: Any, line: Any, colour: Any, off: Any,
            whole: bool = True, close: str | None = None, seat: int | None = None,
            far: Any = None) -> None:
        drawn.append((line.points, line.end, whole))

    monkeypatch.setattr(aim_mod.AimView, "_flick_path", spy)
    ship = art.to_screen(*scene.match.ship_at(0))
    # pressed in open space (a full pull from the docked ship runs past the window's edge)
    press = art.FIELD_RECT.center
    assert mouse(scene, "primary", press)
    centre = math.atan2(art.FIELD_RECT.centery - ship[1], art.FIELD_RECT.centerx - ship[0])
    # the board varies with the seed: flick along the open line nearest the centre's
    flicks = [centre + k * 0.05 * sign for k in range(16) for sign in (1, -1)]
    flick = next(a for a in flicks if marks.path_length(
        scene.previews.preview(0, a, 1.0).points) > PREVIEW_REACH + 150)
    away = flick + math.pi
    full = MAX_PULL
    for share in (1.0, 0.25):
        mouse(scene, POINT, (press[0] + math.cos(away) * full * share,
                             press[1] + math.sin(away) * full * share))
        scene.draw(pygame.Surface((1280, 720)))
    (long_pts, _, long_whole), (short_pts, _, short_whole) = drawn
    whole = scene.previews.preview(0, scene.aims.mouse_aim.angle, 1.0).points  # type: ignore[union-attr]
    assert marks.path_length(whole) > PREVIEW_REACH + 150  # a full flick goes well past
    assert not long_whole  # cut: the dots fade (an end met is marked: `far`)
    assert marks.path_length(long_pts) == pytest.approx(PREVIEW_REACH, abs=1.0)
    assert short_whole and marks.path_length(short_pts) < PREVIEW_REACH


def test_the_previous_pulls_ghost_never_crosses_a_panel(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    aim = scene.aims.mouse_aim
    assert aim is not None
    panel = scene.panel(0)
    ship = art.to_screen(*scene.match.ship_at(0))
    # a last pull whose hand was let go over the seat's own panel
    to = (panel.centerx, panel.centery)
    angle = math.atan2(ship[1] - to[1], ship[0] - to[0])
    frames = []
    for last in (None, (angle, 1.0)):
        aim.last = last
        shown = pygame.Surface((1280, 720))
        scene.draw(shown)
        frames.append(shown)
    open_area = [r for r in scene.view.open_rects() if r.colliderect(art.FIELD_RECT)]
    assert open_area  # the ghost still shows in space
    for x in range(panel.left, panel.right, 2):
        for y in range(panel.top, panel.bottom, 2):
            assert frames[0].get_at((x, y)) == frames[1].get_at((x, y)), (x, y)


def test_the_log_keeps_one_place_when_the_players_panel_grows(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    hand = scene.match.state.players[0].hand
    del hand[1:]
    before = scene.view.log_rect()
    scene.draw(pygame.Surface((1280, 720)))
    hand.extend(c.card_id for c in CARDS[:3])
    scene.draw(pygame.Surface((1280, 720)))
    assert scene.view.seat_info(0).tall  # the player's cards get their whole side
    assert scene.view.log_rect() == before
    assert not any(scene.view.log_rect().colliderect(scene.panel(s)) for s in range(2))


def test_the_log_home_never_lies_under_a_panel_at_any_table() -> None:
    for factions in ((0, 2), (0, 1), (0, 1, 2), (0, 1, 2, 3), (1, 3)):
        for growers in ((), factions[:1], factions):
            home = hud.log_home(factions, growers)
            for f in factions:
                assert not hud.panel_rect(f).colliderect(home)
                if hud.may_grow(f, factions, home):
                    assert not hud.panel_rect(f, True).colliderect(home)


def test_open_rects_cover_the_screen_less_the_blockers() -> None:
    blockers = [pygame.Rect(12, 116, 316, 240), pygame.Rect(404, 4, 472, 52)]
    rects = hud.open_rects(blockers)
    assert sum(r.w * r.h for r in rects) == 1280 * 720 - sum(b.w * b.h for b in blockers)
    assert not any(r.colliderect(b) for r in rects for b in blockers)


def test_shift_during_a_mouse_pull_is_fine_aim_never_a_keyboard_flick(app: Any) -> None:
    # Left Shift is also the left keys' fire: a stranger holding it for fine aim had a weak
    # keyboard flick fired the moment he let it go.
    from game.app.input import MOUSE, ActionEvent

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    assert 0 in scene.seats_for("keys1")  # a lone human's keys act for the seat
    ship = art.to_screen(*scene.match.ship_at(0))
    assert mouse(scene, "primary", ship)
    mouse(scene, POINT, (ship[0] + 40, ship[1] + 40))
    made = len(scene.inputs)
    scene.handle_action(ActionEvent("keys1", "primary", True))
    tick(scene, 0.4)
    for k in range(1, 5):
        scene.handle_action(ActionEvent(MOUSE, POINT, True, (round(ship[0] + 40 + 4 * k),
                                                             round(ship[1] + 40)), True))
    scene.handle_action(ActionEvent("keys1", "primary", False))
    assert len(scene.inputs) == made and scene.aims.mouse_aim is not None
    assert scene.aims.mouse_aim.active and scene.aims.mouse_aim.fine
    hand = scene.aims.mouse_aim.hand
    assert hand[0] == pytest.approx(ship[0] + 40 + 16 * FINE, abs=0.6)


def test_the_power_bar_keeps_off_the_band_behind_the_ship() -> None:
    # A pull straight up from a ship below the top of space put the hand on "power 79%".
    for at, angle in (((703.0, 193.0), math.pi / 2), ((640.0, 360.0), 0.3),
                      ((500.0, 500.0), -2.0), ((800.0, 250.0), 2.5)):
        bar = marks.meter_rect(at, angle, band=marks.BAND_REACH)
        plate = bar.union(bar.move(0, -26)).inflate(8, 8)
        dx, dy = math.cos(angle), math.sin(angle)
        for k in range(0, 131, 5):  # the band from the ship to the longest pull's hand
            hand = (round(at[0] - dx * k), round(at[1] - dy * k))
            assert not plate.collidepoint(hand), (at, angle, k)


def test_a_new_flights_banner_never_shows_the_move_befores_note(app: Any) -> None:
    from game.games.cosmic.match import FlickInput

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    scene.presenter.note("KABOOM! 1 planet destroyed", 6.0)
    assert scene.perform(FlickInput(0, 0.3, 0.5))
    title, hint, _ = scene.presenter.banner()
    assert title == "Your flick" and "KABOOM" not in hint


def test_at_three_seats_the_log_keeps_a_half_side_and_no_panel_jumps(app: Any) -> None:
    """A stranger's three-seat log was a 100 px strip with one line shown (the lone panel had
    grown over its half-side), and his panel jumped from 355 to 605 px when he kept a card:
    the log keeps a half-side while the panel holds no card, each panel keeps its height
    until it shows cards, and then grows only as far as their words need (with larger text
    two cards showed their names only), the log keeping at least `hud.LOG_MIN`."""
    scene = open_scene(app, "mouse", "ai:easy", "ai:easy", match=human_turn(seed=3, players=3))
    tick(scene)
    before = scene.view.log_rect()
    height = scene.panel(0).h
    empty = scene.view.seat_info(0).tall
    hand = scene.match.state.players[0].hand
    hand[:] = [c.card_id for c in CARDS[:3]]
    scene.draw(pygame.Surface((1280, 720)))
    assert scene.view.seat_info(0).tall == empty and before.h >= hud.SHORT_H
    grown = scene.panel(0)
    assert height < grown.h <= hud.CARD_TOP + hud.cards_height(hand)
    log = scene.view.log_rect()
    assert log.h >= hud.LOG_MIN and log.bottom == before.bottom
    assert not any(log.colliderect(scene.panel(s)) for s in range(3))
    assert all(r.h >= 24 for r in hud.card_rects(scene.panel(0), 3))  # each card's name


def test_a_two_seat_players_panel_keeps_one_height_all_match(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    hand = scene.match.state.players[0].hand
    heights = set()
    for n in (0, 1, 2, 0):
        hand[:] = [c.card_id for c in CARDS[:n]]
        heights.add(scene.panel(0).h)
        heights.add(hud.info_rect(scene.view.seat_info(0)).h)
    assert len(heights) == 1


def test_a_keyboard_seat_sees_the_dotted_path_before_it_fires(app: Any, monkeypatch: Any) -> None:
    """A stranger on the keys got no dotted path while the mouse seat got one: a keyboard
    seat's aim is drawn with its preview at the power shown, before fire is touched, and an
    up tap moves the previewed power."""
    scene = open_scene(app, "keys1", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    asked: list[tuple[float, float]] = []
    real = scene.previews.preview

    def spy(seat: int, angle: float, power: float) -> Any:
        asked.append((angle, power))
        return real(seat, angle, power)

    monkeypatch.setattr(scene.previews, "preview", spy)
    scene.draw(pygame.Surface((1280, 720)))
    aim = scene.aims.pad_aim
    assert aim is not None and not aim.active
    assert asked and asked[-1] == pytest.approx((aim.angle, aim.power))
    scene.handle_action(ActionEvent("keys1", "up", True))
    scene.handle_action(ActionEvent("keys1", "up", False))
    scene.draw(pygame.Surface((1280, 720)))
    assert asked[-1][1] == pytest.approx(aim.power) and asked[-1][1] > asked[0][1]


def test_the_last_flicks_ghost_arrow_stops_at_the_first_planet(app: Any) -> None:
    """The previous flick's faint arrow was drawn straight through a planet beside the ship
    (a stranger read it as a lane through the planet): it ends at the planet's edge."""
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    table = scene.match.table
    planet = next(iter(table.planets.values()))
    sx, sy = art.to_screen(*scene.match.ship_at(0))
    px_, py_ = art.to_screen(*planet)
    angle = math.atan2(py_ - sy, px_ - sx)
    gap = marks.ray_clear((sx, sy), angle, [(px_, py_)])
    assert gap == pytest.approx(math.dist((sx, sy), (px_, py_)) - art.px(view_mod.PLANET_RADIUS))
    assert marks.ray_clear((sx, sy), angle + math.pi, [(px_, py_)]) == math.inf
    assert marks.ray_clear((sx, sy), angle, scene.view.planet_screens()) <= gap
    inside = pygame.Surface((1280, 720))
    near = (px_ - math.cos(angle) * (art.px(view_mod.PLANET_RADIUS) + 30),
            py_ - math.sin(angle) * (art.px(view_mod.PLANET_RADIUS) + 30))
    scene.view.aim._last_pull(inside, near, angle, 1.0)
    centre = (round(px_), round(py_))
    assert inside.get_at(centre)[:3] != marks.LAST_AIM  # nothing drawn over the planet
    far = (round(px_ + math.cos(angle) * 10), round(py_ + math.sin(angle) * 10))
    assert inside.get_at(far)[:3] != marks.LAST_AIM


def test_the_pull_is_long_and_finer_at_low_power() -> None:
    # Strangers: 45 px was 64% power, 100 px MAX, and 2-3 px turned a hit into a miss. Full
    # power now takes 170-200 canvas pixels (the canvas scales with the window), 45 px is a
    # soft shot, and a pixel of a short pull moves the power less than one of a long pull.
    assert 170.0 <= MAX_PULL <= 200.0
    assert pull_power(MAX_PULL) == 1.0 and pull_power(MAX_PULL - 1) < 1.0
    assert pull_power(45.0) < 0.3 and pull_power(100.0) < 0.6
    soft = pull_power(31.0) - pull_power(28.0)
    middle = pull_power(98.0) - pull_power(95.0)
    hard = pull_power(MAX_PULL) - pull_power(MAX_PULL - 3)
    assert soft < middle < hard and hard < 0.025
    # at the hard end a pixel moves the reach (about power ** 1.8) by barely a hundredth
    assert pull_power(MAX_PULL) ** 1.8 - pull_power(MAX_PULL - 1) ** 1.8 < 0.014


def test_a_pull_begun_ahead_of_the_ship_is_drawn_behind_it(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    ship = art.to_screen(*scene.match.ship_at(0))
    cx, cy = art.FIELD_RECT.center
    d = math.hypot(cx - ship[0], cy - ship[1])
    ux, uy = (cx - ship[0]) / d, (cy - ship[1]) / d
    press = (ship[0] + ux * 120, ship[1] + uy * 120)  # in space, on the way ahead
    assert mouse(scene, "primary", press)
    mouse(scene, POINT, (press[0] - ux * 60, press[1] - uy * 60))
    aim = scene.aims.mouse_aim
    assert isinstance(aim, MouseFlick) and not aim.on_ship
    assert math.cos(aim.angle - math.atan2(uy, ux)) > 0.99  # aimed ahead
    hand = aim_mod.AimView.band_hand(aim, ship)
    behind = (hand[0] - ship[0]) * ux + (hand[1] - ship[1]) * uy
    assert behind < -20  # the handle sits behind the ship, off the path ahead
    assert math.hypot(hand[0] - ship[0], hand[1] - ship[1]) == pytest.approx(
        hand_reach(aim.power), abs=1.0)


def test_the_power_bar_keeps_off_the_predicted_path() -> None:
    at = (640.0, 360.0)
    plain = marks.meter_rect(at, 0.0)
    # a bounce coming back across where the bar would go
    through = plain.center
    path = ((at[0] + 20, round(at[1])), (at[0] + 200, round(at[1])),
            (through[0] + 150, through[1]), (through[0] - 150, through[1]))
    placed = marks.meter_rect(at, 0.0, (), 0.0, path)
    plate = placed.union(placed.move(0, -22))
    for p0, p1 in zip(path, path[1:], strict=False):
        assert not plate.clipline(p0, p1)


def test_a_long_open_space_flick_marks_where_it_stops_at_the_paths_end(app: Any,
                                                                      monkeypatch: Any) -> None:
    """A stranger could not tell how far a flick goes: the preview shows only the start of a
    long path. A run through open space past the preview's reach is marked where the very
    simulation the preview draws says the ship comes to rest (contacts stay judged by eye)."""
    from game.games.cosmic.pull import PREVIEW_REACH
    from game.games.cosmic.world import flick_line

    from .test_scene import human_turn, open_scene, tick

    scene = open_scene(app, "keys1", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    table = scene.match.table
    found = None
    for k in range(720):
        for power in (1.0, 0.9, 0.8):
            line = flick_line(table, 0, math.radians(k * 0.5), power)
            if line.end == "rest" and marks.path_length(line.points) > PREVIEW_REACH + 20:
                found = (math.radians(k * 0.5), power)
                break
        if found:
            break
    assert found is not None
    pad = scene.aims.pad_aim
    assert pad is not None
    pad.angle, pad.power, pad.armed = found[0], found[1], True
    stops: list[Any] = []
    monkeypatch.setattr(scene.view.aim, "_stop_mark", lambda s, at, c, off: stops.append(at))
    scene.draw(pygame.Surface((1280, 720)))
    line = scene.previews.preview(0, *found)
    assert line.end == "rest" and stops == [line.points[-1]]  # the simulated path's end
    # a shot the preview shows whole keeps its own end and gets no extra mark
    stops.clear()
    pad.power = 0.2
    scene.draw(pygame.Surface((1280, 720)))
    assert stops == []


def _grazing(match: Any) -> tuple[int, float, float, float]:
    """Seat 0's (planet, angle at its centre, last angle on the grid that still touches it,
    power): a flick along the planet's rim."""
    from game.games.cosmic.previews import ANGLE_STEP, AimPreviews

    previews = AimPreviews(match)
    ship = match.table.ship_at(0)
    for planet, (px, py) in sorted(match.table.planets.items()):
        centre = round(math.atan2(py - ship[1], px - ship[0]) / ANGLE_STEP) * ANGLE_STEP
        power = 0.8
        if previews.preview(0, centre, power).hit != planet:
            continue
        a = centre
        while previews.preview(0, a + ANGLE_STEP, power).hit == planet:
            a += ANGLE_STEP
        return planet, centre, a, power
    raise AssertionError("no planet in a straight line")


def test_a_grazing_flick_is_previewed_as_a_close_call_and_a_sure_one_is_not(app: Any,
                                                                           monkeypatch: Any
                                                                           ) -> None:
    """A stranger's previewed hit grazed past (a hand lets go a pixel off the aim shown): a
    flick whose first contact changes half a degree or two power steps off says "close: may
    miss" by its broken ring, and the engine agrees that one step off misses; a flick at the
    planet's middle says nothing of the kind."""
    from game.games.cosmic import view as view_mod
    from game.games.cosmic.previews import ANGLE_STEP
    from game.games.cosmic.world import CosmicWorld

    from .test_scene import human_turn, open_scene, tick

    match = human_turn()
    planet, centre, edge, power = _grazing(match)
    scene = open_scene(app, "keys1", "ai:easy", match=match)
    tick(scene)
    assert scene.previews.close_call(0, centre, power) is None
    assert scene.previews.close_call(0, edge, power) == "close: may miss"
    world = CosmicWorld(match.table, poses=False)
    world.flick(0, edge + ANGLE_STEP, power)
    world.run_to_rest()
    assert planet not in world.outcome().touched_by(0)[:1]
    said: list[str] = []
    real = view_mod.board_label

    def spy(surface: Any, words: str, *args: Any, **kw: Any) -> None:
        said.append(words)
        real(surface, words, *args, **kw)

    monkeypatch.setattr(view_mod, "board_label", spy)
    monkeypatch.setattr(aim_mod, "board_label", spy)
    aim = scene.aims.pad_aim
    assert aim is not None and aim.armed
    aim.angle, aim.power = edge, power
    scene.draw(pygame.Surface((1280, 720)))
    assert "close: may miss" in said
    said.clear()
    aim.angle = centre
    scene.draw(pygame.Surface((1280, 720)))
    assert not any(w.startswith("close") for w in said)


def test_a_previewed_flicks_arrow_never_reaches_past_where_the_ship_stops(
        app: Any, monkeypatch: Any) -> None:
    """A stranger pulled 25% toward a planet and stopped half way: the aim arrow and its
    full-strength outline reached the planet while the dotted path stopped short. With the
    path previewed the arrow only points (no outline beyond) and its head stays short of
    where the ship comes to rest; with the preview off it still shows the power."""
    from .test_scene import human_turn, open_scene, tick

    scene = open_scene(app, "keys1", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    pad = scene.aims.pad_aim
    assert pad is not None
    pad.angle, pad.power, pad.armed = math.radians(45.0), 0.25, True
    drawn: list[tuple[float, bool, float | None]] = []
    real = scene.view.aim._arrow

    def spy(surface: Any, start: Any, angle: float, power: float, colour: Any,
            ghost: bool = False, most: float | None = None) -> None:
        drawn.append((power, ghost, most))
        real(surface, start, angle, power, colour, ghost, most)

    monkeypatch.setattr(scene.view.aim, "_arrow", spy)
    scene.draw(pygame.Surface((1280, 720)))
    line = scene.previews.preview(0, pad.angle, pad.power)
    travel = marks.path_length([art.to_screen(*p) for p in line.points])
    assert drawn and drawn[-1] == (0.25, False, pytest.approx(travel))
    assert 18 + marks.arrow_length(0.25, travel) + 12 <= max(travel, 18 + 8 + 12)
    assert marks.arrow_length(0.25, travel) < marks.arrow_length(0.25)  # cut short
    drawn.clear()
    scene.app.settings.assists.trajectory_preview = False
    scene.draw(pygame.Surface((1280, 720)))
    assert drawn and drawn[-1] == (0.25, True, None)


def test_an_aim_label_follows_its_aim_instead_of_hopping_between_spots(
        app: Any, monkeypatch: Any) -> None:
    """A stranger saw the preview's words jump about as his hand moved a pixel: each frame
    picked the first clear spot afresh. A label now keeps last frame's offset from its place
    while that stays clear, and starts afresh once it was not drawn for a frame."""
    from .test_scene import human_turn, open_scene, tick

    scene = open_scene(app, "keys1", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    v = scene.view
    surface = pygame.Surface((1280, 720))
    placed: list[tuple[int, int]] = []
    monkeypatch.setattr(aim_mod, "board_label", lambda s, w, size, c, at, **k: placed.append(
        (round(at[0]), round(at[1]))))
    monkeypatch.setattr(v, "keep_off", lambda: [])
    monkeypatch.setattr(v.aim, "_band_rects", lambda: [])
    blocker: list[tuple[tuple[float, float], float]] = [((640.0, 410.0), 30.0)]
    monkeypatch.setattr(v, "circles", lambda: blocker)

    def frame(at: tuple[float, float]) -> tuple[int, int]:
        v.aim._label_offsets, v.aim._labels_now = v.aim._labels_now, {}
        v.aim._space_label(surface, "close: may miss", 14, (250, 200, 90), at)
        return placed[-1]

    first = frame((640.0, 400.0))  # its own place is blocked: it sits off to one side
    assert first != (640, 402)
    blocker.clear()  # the way is clear now, and the aim moved 3 px
    second = frame((643.0, 400.0))
    assert (second[0] - first[0], second[1] - first[1]) == (3, 0)  # it moved with the aim
    v.aim._label_offsets, v.aim._labels_now = v.aim._labels_now, {}  # a frame without it
    assert frame((643.0, 400.0)) == (643, 402)  # afresh: at its own place


def test_a_hard_flick_that_leaves_space_past_the_preview_says_so(app: Any,
                                                                 monkeypatch: Any) -> None:
    """A stranger's hard flicks took a crystal and flew on out of space, his whole Hold lost,
    with no warning: the dots show only the path's start. Past them, a run that leaves space
    (straight, or glancing off a planet) is said where the dots end."""
    from .test_scene import human_turn, open_scene, tick

    checked = set()
    said: list[str] = []
    for seed in range(3, 12):
        scene = open_scene(app, "keys1", "ai:easy", match=human_turn(seed=seed, players=2))
        tick(scene)
        table = scene.match.table
        pv = scene.previews
        found: dict[str, tuple[float, float]] = {}
        for k in range(360):
            a = math.radians(k)
            for power in (1.0, 0.95):
                line = flick_line(table, 0, a, power)
                if marks.path_length(line.points) <= PREVIEW_REACH + 10:
                    continue
                if line.end == "out":
                    found.setdefault("far", (a, power))
                elif line.end == "planet":
                    bounce = pv.bounce_preview(0, a, power)
                    if bounce is not None and bounce.end == "out":
                        found.setdefault("after", (a, power))
        pad = scene.aims.pad_aim
        assert pad is not None
        monkeypatch.setattr(scene.view.aim, "_space_label",
                            lambda s, words, *a, **k: said.append(words))
        for kind, words in (("far", aim_mod.LOST_FAR), ("after", aim_mod.LOST_AFTER)):
            if kind not in found:
                continue
            pad.angle, pad.power, pad.armed = *found[kind], True
            said.clear()
            scene.draw(pygame.Surface((1280, 720)))
            assert words in said, (kind, said)
            checked.add(kind)
        pad.power = 0.3  # a short flick that stays in space: nothing said of it
        said.clear()
        scene.draw(pygame.Surface((1280, 720)))
        assert aim_mod.LOST_FAR not in said and aim_mod.LOST_AFTER not in said
        if checked == {"far", "after"}:
            break
    assert checked == {"far", "after"}


def test_the_last_pulls_words_are_never_cut_at_a_panels_edge(app: Any) -> None:
    """A stranger read "ast pull": its words sat across a panel's edge and were clipped there.
    They now stand whole in open space (and only with their ring in sight)."""
    rooms = [pygame.Rect(340, 60, 600, 600), pygame.Rect(0, 400, 300, 200)]
    cut = pygame.Rect(320, 300, 60, 16)  # across the board's left edge
    assert marks.whole_in(cut, rooms) == pygame.Rect(340, 300, 60, 16)
    inside = pygame.Rect(400, 300, 60, 16)
    assert marks.whole_in(inside, rooms) is inside
    from .test_scene import human_turn, open_scene, tick

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    blits: list[tuple[str, tuple[int, int]]] = []
    real = aim_mod.text.blit

    def spy(surface: Any, words: str, size: int, colour: Any, at: Any, *a: Any, **k: Any) -> Any:
        blits.append((words, at))
        return real(surface, words, size, colour, at, *a, **k)

    rooms = scene.view.open_rects()
    ship = art.to_screen(*scene.match.ship_at(0))
    hidden = 0
    for angle in (0.0, 1.0, 2.0, 2.6, 3.0, 3.6, 4.5, 5.5):  # the last pull every way round
        blits.clear()
        aim_mod.text.blit = spy
        try:
            scene.view.aim._last_pull(pygame.Surface((1280, 720)), ship, angle, 1.0)
        finally:
            aim_mod.text.blit = real
        said = [at for words, at in blits if words == "last pull"]
        hand = marks.last_pull_hand(ship, angle, 1.0)
        if not any(r.collidepoint(hand) for r in rooms):
            assert not said  # its ring under a panel: no words for it
            continue
        # (or none, where no place round the ring holds them whole, clear of the ring and
        # of a panel's glow: see test_layout's last pull test)
        assert len(said) <= 1
        hidden += not said
        if not said:
            continue
        w, h = aim_mod.text.render("last pull", 12, marks.LAST_AIM).get_size()
        box = pygame.Rect(0, 0, w, h)
        box.center = said[0]
        assert any(r.contains(box) for r in rooms), (angle, box)
    assert hidden <= 2


def test_the_hud_buttons_share_one_text_size_and_none_is_cut(app: Any) -> None:
    """A stranger's couch row read "Return to Base" small, "End turn: flick..." cut and
    "Cleo's cards" large: a row's labels now share the largest size at which all fit, and
    beside two other buttons the greyed End turn leaves its why to its tooltip."""
    from game.ui import text

    from .test_scene import human_turn, open_scene, tick

    for players in ("mouse", "keys1"):
        scene = open_scene(app, "mouse", "keys1", match=human_turn(seed=3, players=2)) \
            if players == "mouse" else open_scene(app, "mouse", "ai:easy",
                                                  match=human_turn(seed=3, players=2))
        tick(scene)
        buttons = scene.commands.buttons()
        assert buttons
        size = hud.row_size(buttons)
        for b in buttons:
            fitted, lines = text.fit(b.label, size, b.rect[2] - 16, b.rect[3] - 6, bold=True)
            assert fitted == size and lines[0] == b.label, (b.label, fitted, lines)
        if players == "mouse":  # the couch, with cards in hand: three buttons
            assert len(buttons) == 3, [b.label for b in buttons]
            end = next(b for b in buttons if b.key == "end")
            assert end.label == "End turn" and end.why  # the why in its tooltip


def test_switching_larger_text_off_mid_match_draws_the_panels_again(app: Any) -> None:
    """A stranger turned larger text off mid-match and the side panels kept their larger size
    until their contents changed: the table layer is drawn afresh at the new text size."""
    from game.ui import text, theme

    from .test_scene import human_turn, open_scene, tick

    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
        tick(scene)
        scene.draw(pygame.Surface((1280, 720)))
        large = scene.view._layer
        assert large is not None
        text.set_scale(1.0)
        scene.draw(pygame.Surface((1280, 720)))
        assert scene.view._layer is not large  # drawn again, not patched panel by panel
        assert scene.view._layer_scale == 1.0
    finally:
        text.set_scale(1.0)


def test_a_popped_up_word_and_the_last_pulls_words_never_overlap(app: Any,
                                                                 monkeypatch: Any) -> None:
    """A stranger read "+ CRYSTAL" over "last pull" as his next flick began: the last pull's
    words wait until a word popping up over them has gone (the ring stays)."""
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    ship = art.to_screen(*scene.match.ship_at(0))
    angle = next(a for a in (2.6, 2.0, 3.0, 1.0, 3.6, 0.0, 4.5, 5.5)
                 if any(r.collidepoint(marks.last_pull_hand(ship, a, 0.6))
                        for r in scene.view.open_rects()))
    blits: list[str] = []
    real = text.blit

    def spy(surface: Any, words: str, *a: Any, **k: Any) -> Any:
        blits.append(words)
        return real(surface, words, *a, **k)

    monkeypatch.setattr(text, "blit", spy)
    surface = pygame.Surface((1280, 720))
    scene.view.aim._last_pull(surface, ship, angle, 0.6)
    if "last pull" not in blits:
        pytest.skip("no room for the words round this ring")
    words = scene.view.aim.last_pull_place(ship, marks.last_pull_hand(ship, angle, 0.6))
    scene.fx.popup("+ CRYSTAL", words.centerx, words.centery, size=20)
    blits.clear()
    scene.view.aim._last_pull(surface, ship, angle, 0.6)
    assert "last pull" not in blits
    scene.fx.popups.clear()  # gone: the words come back
    scene.view.aim._last_pull(surface, ship, angle, 0.6)
    assert "last pull" in blits


def test_banked_pops_up_off_the_bases_shape_badge(app: Any) -> None:
    """A stranger read "BANKED" over his Base's shape badge: the word now rises clear of
    every Base's badge (and of planets, ships and panels, as before)."""
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    for f in range(4):
        scene.fx.popups.clear()
        bx, by = art.base_points(f)
        scene.fx.popup("BANKED", bx, by, size=20)
        scene.draw(pygame.Surface((1280, 720)))
        p = scene.fx.popups[0]
        assert p.spot is not None
        w, h = text.render("BANKED", 20, p.colour, True).get_size()
        box = pygame.Rect(0, 0, w, h + 24)
        box.center = p.spot
        for g in range(4):
            cx, cy = art.base_badge(g)
            nx, ny = min(max(cx, box.left), box.right), min(max(cy, box.top), box.bottom)
            assert math.hypot(cx - nx, cy - ny) >= art.BADGE_RADIUS, (f, g, box)


def test_a_pixel_of_a_toss_pull_moves_the_landing_alike_and_gently_at_the_strong_end() -> None:
    """A stranger found the toss touchy between 70% and 90%: along the flick's curve a pixel
    of pull there moved the landing 7 to 9 world units (its reach grew as length ** 2.4).
    A toss's pull now moves the landing the same distance a pixel all along, about 5 units,
    and full length is still full power."""
    from game.games.cosmic.ai import bomb_reach
    from game.games.cosmic.pull import MAX_PULL, toss_power, toss_share

    assert toss_power(0.0) == pytest.approx(0.0, abs=1e-9) and toss_power(MAX_PULL) == 1.0
    assert toss_power(MAX_PULL + 50) == 1.0
    steps = []
    for length in range(20, round(MAX_PULL) - 1, 5):
        here, there = toss_power(length), toss_power(length + 1)
        assert there > here  # every pixel still moves it
        steps.append(bomb_reach(there) - bomb_reach(here))
        assert toss_share(here) * MAX_PULL == pytest.approx(length, abs=0.01)
    assert max(steps) < 5.5 and max(steps) / min(steps) < 1.02, steps
    strong = [length for length in range(20, round(MAX_PULL))
              if 0.7 <= toss_power(length) <= 0.9]
    assert len(strong) > 0.2 * MAX_PULL  # the strong end has room for the hand


def test_a_mouse_toss_throws_the_power_its_pull_shows() -> None:
    from game.games.cosmic.pull import toss_power

    toss = MouseToss(0, "mouse", 0)
    toss.press((640.0, 360.0))
    toss.motion((640.0 - 150.0, 360.0))
    shown = toss.power
    assert shown == pytest.approx(toss_power(150.0))
    got = toss.release((640.0 - 150.0, 360.0))
    assert got is not None and got.power == pytest.approx(shown)


def test_the_keys_preview_marks_a_crystal_already_held(app: Any, monkeypatch: Any) -> None:
    """A stranger's keys aimed the preview at a crystal whose colour he had banked and read
    "only a crystal already held" after the flick: the preview's ringed planet says "already
    held" by it, and says nothing of the kind for a colour still needed."""
    from game.games.cosmic.data import PLANETS
    from game.games.cosmic.world import clear_shots

    words: list[str] = []
    real = marks.board_label

    def spy(surface: pygame.Surface, said: str, *a: Any, **k: Any) -> None:
        words.append(said)
        real(surface, said, *a, **k)

    monkeypatch.setattr(aim_mod, "board_label", spy)
    scene = open_scene(app, "keys1", "ai:medium", match=human_turn())
    tick(scene)
    st = scene.match.state
    table = scene.match.table
    shots = clear_shots(table, 0, list(table.planets))
    found = None
    for planet, angle in shots:
        for k in range(3, 21):
            line = scene.previews.preview(0, angle, k / 20)
            if line.end == "planet" and line.hit == planet \
                    and marks.path_length(line.points) < PREVIEW_REACH - 20:
                found = (planet, angle, k / 20)
                break
        if found:
            break
    assert found is not None
    planet, angle, power = found
    colour = PLANETS[planet].colour
    st.crystal[colour] = planet
    pad = scene.aims.pad_aim
    assert pad is not None
    pad.angle, pad.power, pad.armed = angle, power, True
    st.players[0].base[:] = [colour]
    scene.draw(pygame.Surface((1280, 720)))
    assert aim_mod.ALREADY_HELD in words
    words.clear()
    st.players[0].base[:] = []
    scene.draw(pygame.Surface((1280, 720)))
    assert aim_mod.ALREADY_HELD not in words


def test_a_cut_preview_that_a_hair_more_would_fly_out_says_so(app: Any,
                                                              monkeypatch: Any) -> None:
    """A whole path says "close: may fly out" when a hair's change of the aim leaves space;
    a hard flick's cut dots said nothing of it (a stranger's MAX flick). Past the dots, a
    stop that a hair more or off would turn into a loss is said where the dots end."""
    from .test_scene import human_turn, open_scene, tick

    scene = open_scene(app, "keys1", "ai:easy", match=human_turn(seed=1, players=2))
    tick(scene)
    a, power = math.radians(94.0), 0.9
    line = scene.previews.preview(0, a, power)
    assert line.end == "rest" and marks.path_length(line.points) > PREVIEW_REACH
    assert scene.previews.may_leave(0, a, power)
    said: list[str] = []
    monkeypatch.setattr(scene.view.aim, "_space_label",
                        lambda s, words, *a, **k: said.append(words))
    pad = scene.aims.pad_aim
    assert pad is not None
    pad.angle, pad.power, pad.armed = a, power, True
    scene.draw(pygame.Surface((1280, 720)))
    assert aim_mod.LOST_MAYBE in said, said
    pad.power = 0.3  # a short flick well inside space: nothing said of it
    said.clear()
    scene.draw(pygame.Surface((1280, 720)))
    assert aim_mod.LOST_MAYBE not in said


def test_a_long_run_on_after_a_bounce_marks_where_it_stops(app: Any, monkeypatch: Any) -> None:
    """A stranger's long shot showed only the start of its path: past the preview's reach a
    bounce that comes to rest in open space gets the stop mark at the prediction's end."""
    scene = open_scene(app, "keys1", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    aim = (math.radians(52.0), 1.0)  # meets a planet near by, glances off and runs on far
    line = scene.previews.preview(0, *aim)
    bounce = scene.previews.bounce_preview(0, *aim)
    assert line.end == "planet" and bounce is not None and bounce.end == "rest"
    pad = scene.aims.pad_aim
    assert pad is not None
    pad.angle, pad.power, pad.armed = aim[0], aim[1], True
    stops: list[Any] = []
    monkeypatch.setattr(scene.view.aim, "_stop_mark", lambda s, at, c, off: stops.append(at))
    scene.draw(pygame.Surface((1280, 720)))
    assert stops == [bounce.points[-1]]


def test_an_aim_label_keeps_off_a_word_popping_up_on_the_table(app: Any,
                                                               monkeypatch: Any) -> None:
    """A stranger's floating "already held" sat on "bounce: may fly out of space": an aim's
    label is placed clear of the words popping up on the table."""
    from .test_scene import human_turn, open_scene, tick

    scene = open_scene(app, "keys1", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    v = scene.view
    placed: list[pygame.Rect] = []

    def label(s: Any, words: str, size: int, c: Any, at: Any, **k: Any) -> None:
        w, h = text.render(words, size, c, True).get_size()
        placed.append(pygame.Rect(round(at[0]) - w // 2, round(at[1]), w, h))

    monkeypatch.setattr(aim_mod, "board_label", label)
    monkeypatch.setattr(v, "circles", lambda: [])
    scene.fx.popup("already held", 640.0, 420.0, size=15, life=5.0)
    v.aim._label_offsets, v.aim._labels_now = {}, {}
    v.aim._space_label(pygame.Surface((1280, 720)), "bounce: may fly out of space", 13,
                       (250, 120, 90), (640.0, 410.0))
    assert placed and placed[-1].collidelist(v.aim.popup_boxes()) < 0


def test_the_bombs_aim_arrow_is_never_drawn_over_a_panel(app: Any, monkeypatch: Any) -> None:
    """Ben's bomb aim arrow was drawn over his own panel: it is drawn between the side
    panels only, as a flick's is."""
    from game.games.cosmic.controls import PadToss

    from .test_layout import bomb_turn_match
    from .test_scene import open_scene, tick

    scene = open_scene(app, "keys1", "ai:easy", match=bomb_turn_match())
    tick(scene)
    toss = scene.aims.pad_toss
    assert isinstance(toss, PadToss)
    clips: list[pygame.Rect] = []
    monkeypatch.setattr(scene.view.aim, "_arrow",
                        lambda s, *a, **k: clips.append(s.get_clip()))
    panels = [hud.seat_rect(f, scene.factions) for f in scene.factions]
    for armed in (False, True):
        toss.armed = armed
        scene.draw(pygame.Surface((1280, 720)))
    assert clips and all(c.collidelist(panels) < 0 for c in clips)


def test_a_long_pull_that_meets_a_planet_past_the_reach_marks_where_it_ends(
        app: Any, monkeypatch: Any) -> None:
    """A stranger's long flicks showed dots fading half way ("only the start of the
    longest"): he could not tell whether a long pull reaches. A path cut at the preview's
    reach that meets a planet still gets the ring on it, the ship's outline where it stops,
    and the close-call words a short pull gets."""
    from game.games.cosmic.data import PLANET_RADIUS

    scene = open_scene(app, "keys1", "ai:easy", match=human_turn(seed=5, players=2))
    tick(scene)
    found = None
    for k in range(0, 720, 2):
        a = math.radians(k * 0.5)
        line = scene.previews.preview(0, a, 1.0)
        if line.end == "planet" and marks.path_length(line.points) > PREVIEW_REACH + 40:
            found = (a, line)
            break
    assert found is not None
    a, line = found
    pad = scene.aims.pad_aim
    assert pad is not None
    pad.angle, pad.power, pad.armed = a, 1.0, True
    rings: list[tuple[tuple[int, int], int]] = []
    real = pygame.draw.circle

    def spy(surface: Any, colour: Any, at: Any, radius: Any, *rest: Any) -> Any:
        rings.append(((round(at[0]), round(at[1])), round(radius)))
        return real(surface, colour, at, radius, *rest)

    monkeypatch.setattr(pygame.draw, "circle", spy)
    monkeypatch.setattr(aim_mod, "broken_ring",
                        lambda s, c, at, r, w: rings.append(((at[0], at[1]), r)))
    scene.draw(pygame.Surface((1280, 720)))
    assert line.hit is not None
    px, py = art.to_screen(*scene.match.table.planets[line.hit])
    ring = art.px(PLANET_RADIUS) + 7
    assert ((round(px), round(py)), ring) in rings  # the planet it meets, ringed
    ex, ey = art.to_screen(*line.points[-1])
    assert any(abs(at[0] - ex) <= 1 and abs(at[1] - ey) <= 1 for at, _ in rings)


def test_the_pull_has_a_scale_of_marks_at_a_quarter_half_three_quarters_and_full() -> None:
    """A stranger found the pull's power uneven with nothing on screen to tell a quarter
    from a half: marks across the band (and the bomb's pull) stand where the power bar reads
    25, 50, 75 and 100% (the pull's share of the full pull), each further out, the last at
    the full pull."""
    from game.games.cosmic.aimview import tick_marks
    from game.games.cosmic.pull import (
        MAX_PULL,
        pull_power,
        pull_readout,
        pull_ticks,
        toss_power,
    )

    for toss, power_of in ((False, pull_power), (True, toss_power)):
        ticks = pull_ticks(toss)
        assert [p for p, _ in ticks] == [0.25, 0.5, 0.75, 1.0]
        lengths = [length for _, length in ticks]
        assert lengths == sorted(lengths) and lengths[-1] == pytest.approx(MAX_PULL)
        for shown, length in ticks:
            assert pull_readout(power_of(length), toss) == pytest.approx(shown, abs=0.01)
        marks = tick_marks((100.0, 100.0), 0.0, ticks)
        for (power, a, b), (want, length) in zip(marks, ticks, strict=True):
            assert power == want
            assert (a[0] + b[0]) / 2 == pytest.approx(100.0 + length)  # across the band
            assert a[0] == pytest.approx(b[0]) and abs(a[1] - b[1]) >= 8.0
