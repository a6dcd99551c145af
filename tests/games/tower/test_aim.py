"""The catapult's aim as a stranger meets it: a mouse pull that is capped so the strongest shot
lands on screen, a power reading beside the cup, keys whose power direction is the same on
either side of the table, and hints that name the keys."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game.games.tower.camera import turn_view
from game.games.tower.controls import (
    LANDING_MARGIN,
    MouseSaboteurControl,
    PadSaboteurControl,
    landing_x,
    power_cap,
)
from game.games.tower.data import TABLE_Y
from game.games.tower.options import Options
from game.games.tower.rules import new_match
from game.games.tower.turn import TurnController
from tests.games.tower.test_reach import _sabotaging
from tests.games.tower.test_scene import down, glide, open_game, screen_of


def test_landing_x_agrees_with_the_trajectory_preview() -> None:
    turn = TurnController(new_match(Options(players=3), seed=4))
    for seat, cat in turn.world.catapults.items():
        for deg in (15.0, 45.0, 70.0):
            for power in (0.2, 0.6, 1.0):
                pts = turn.world.catapults.predict_shot(seat, math.radians(deg), power, 6.0, 1)
                got = landing_x(cat.slot.launch_point, cat.slot.facing, math.radians(deg), power)
                assert got == pytest.approx(pts[-1][0], abs=LANDING_MARGIN / 2)


@pytest.mark.parametrize("slot_index", [0, 1])
def test_the_longest_mouse_pull_lands_on_screen(slot_index: int) -> None:
    turn = TurnController(_sabotaging(3, slot_index))
    seat = next(s for s, c in turn.world.catapults.items() if c.slot_index == slot_index)
    cat = turn.world.catapults[seat]
    bounds = turn_view(TABLE_Y, [slot_index]).world_rect()
    ctl = MouseSaboteurControl(seat, "mouse")
    ctl.bounds = bounds
    cup = cat.slot.launch_point
    ctl.press(turn, cup)
    for deg in (25.0, 45.0, 60.0):
        # Far past the ring of the strongest pull: still the strongest shot, on screen.
        back = (-cat.slot.facing * math.cos(math.radians(deg)), math.sin(math.radians(deg)))
        ctl.motion(turn, (cup[0] + back[0] * 400.0, cup[1] + back[1] * 400.0))
        assert ctl.strength == pytest.approx(1.0)
        land = turn.world.catapults.predict_shot(seat, every=1, seconds=6.0)[-1][0]
        assert bounds[0] <= land <= bounds[2], (deg, land, bounds)
        # The band drawn stops at the ring.
        assert math.dist(ctl.band_end, cup) == pytest.approx(ctl.reach)
    # The cap only ever holds a mouse back where full power would leave the screen.
    assert power_cap(cup, cat.slot.facing, math.radians(10.0), bounds) == 1.0
    assert power_cap(cup, cat.slot.facing, math.radians(45.0), bounds) < 1.0


def test_a_half_pull_reads_half_power_beside_the_cup(app: Any, driver: Any) -> None:
    scene = open_game(app, "ai:medium", "mouse")
    scene.start_turn()
    driver.step()
    assert scene.turn is not None
    ctl = scene.sab_ctls[1]
    assert isinstance(ctl, MouseSaboteurControl)
    cat = scene.turn.world.catapults[1]
    cup = cat.slot.launch_point
    start = screen_of(scene, cup)
    down(driver, start)
    half = (cup[0] - cat.slot.facing * ctl.reach * 0.35, cup[1] + ctl.reach * 0.35)
    glide(driver, start, screen_of(scene, half), per_frame=6.0)
    first = (cat.aim_angle, cat.aim_power)
    assert 0.4 < ctl.strength < 0.6
    # The arc follows the pointer live: a further pull changes the aim before any release.
    glide(driver, screen_of(scene, half),
          screen_of(scene, (cup[0] - cat.slot.facing * 20.0, cup[1] + 60.0)), per_frame=6.0)
    assert (cat.aim_angle, cat.aim_power) != first
    scene.draw(app.screen)
    plate = scene.table_view.power_plate
    assert plate is not None and math.dist(plate.center, start) < 90


@pytest.mark.parametrize("players,slot_index", [(2, 0), (3, 1)])
def test_the_right_key_adds_power_on_either_side(players: int, slot_index: int) -> None:
    turn = TurnController(_sabotaging(players, slot_index))
    seat = next(s for s, c in turn.world.catapults.items() if c.slot_index == slot_index)
    ctl = PadSaboteurControl(seat, "pad", "keys1", power=0.5)
    ctl.update(turn, 0.5, (1.0, 0.0))
    assert ctl.power > 0.5
    ctl.update(turn, 1.0, (-1.0, 0.0))
    assert ctl.power < 0.5


def test_a_tap_of_a_key_is_a_small_fixed_step_of_power_or_angle() -> None:
    """A tap shorter than a frame changed nothing (five taps moved a stranger's power by 1%):
    each press is a step at once, on the catapult's arm too."""
    from game.games.tower.controls import TAP_ANGLE, TAP_POWER

    turn = TurnController(_sabotaging(2, 0))
    seat = next(iter(turn.world.catapults))
    ctl = PadSaboteurControl(seat, "pad", "keys1", power=0.5)
    up = ctl.elevation
    for _ in range(5):
        assert ctl.nudge(turn, "right")
    assert ctl.power == pytest.approx(0.5 + 5 * TAP_POWER)
    assert ctl.nudge(turn, "up") and ctl.elevation == pytest.approx(up + TAP_ANGLE)
    cat = turn.world.catapults[seat]
    assert (cat.aim_angle, cat.aim_power) == pytest.approx((ctl.elevation, ctl.power))
    assert not ctl.nudge(turn, "secondary")


def test_a_tap_of_power_goes_to_the_next_whole_step() -> None:
    """Taps of the power keys are even 5% steps on the gauge wherever a hold left the power
    (a stranger's taps moved 2%, too little to see): 63.7% taps to 65%, 70%, and back to 65%,
    60%; never past 1 or below `MIN_KEYS_POWER`."""
    from game.games.tower.controls import MIN_KEYS_POWER, TAP_POWER, tap_power

    assert 0.04 < TAP_POWER < 0.06
    assert tap_power(0.637, 1) == pytest.approx(0.65)
    assert tap_power(0.65, 1) == pytest.approx(0.70)
    assert tap_power(0.65, -1) == pytest.approx(0.60)
    assert tap_power(0.637, -1) == pytest.approx(0.60)
    assert tap_power(0.99, 1) == 1.0 and tap_power(1.0, 1) == 1.0
    assert tap_power(0.16, -1) == MIN_KEYS_POWER and tap_power(0.0, -1) == MIN_KEYS_POWER
    turn = TurnController(_sabotaging(2, 0))
    seat = next(iter(turn.world.catapults))
    ctl = PadSaboteurControl(seat, "pad", "keys1", power=0.637)
    for want in (0.65, 0.70, 0.75):
        assert ctl.nudge(turn, "right") and ctl.power == pytest.approx(want)
    assert ctl.nudge(turn, "left") and ctl.power == pytest.approx(0.70)
    assert turn.world.catapults[seat].aim_power == pytest.approx(0.70)


def test_the_keyboard_hint_names_the_power_angle_and_fire_keys(app: Any) -> None:
    scene = open_game(app, "mouse", "keys1")
    k = app.input.word_for
    hint = scene.saboteur_hint("keys1")
    assert f"{k('keys1', 'left')}/{k('keys1', 'right')} power" in hint
    assert f"{k('keys1', 'up')}/{k('keys1', 'down')} angle" in hint
    assert "fires" in hint and k("keys1", "primary") in hint


def test_a_press_made_before_the_sand_turns_still_pulls(app: Any, driver: Any) -> None:
    scene = open_game(app, "ai:medium", "mouse")
    driver.step()
    start = screen_of(scene, scene.world.catapults[1].slot.launch_point)
    down(driver, start)  # on the get-ready screen, on the catapult
    scene.start_turn()
    driver.step()
    ctl = scene.sab_ctls[1]
    assert isinstance(ctl, MouseSaboteurControl) and not ctl.pulling
    assert scene.turn is not None
    cat = scene.turn.world.catapults[1]
    before = (cat.aim_angle, cat.aim_power)
    cup = cat.slot.launch_point
    # The pull is measured from where the button went down (the view has moved since).
    glide(driver, start, screen_of(scene, (cup[0] - cat.slot.facing * 80.0, cup[1] + 60.0)))
    assert ctl.pulling and ctl.aimed and ctl.strength > 0.3
    assert (cat.aim_angle, cat.aim_power) != before


def test_the_keys_preview_draws_the_whole_flight_and_its_landing(app: Any, driver: Any) -> None:
    """Keys and pads saw only the first part of the arc and no landing point, while a mouse's
    pull showed the whole flight and a ring where it lands: keys get the same, as the shot
    will fly, and nothing with the assist off."""
    scene = open_game(app, "ai:medium", "keys1")
    scene.start_turn()
    driver.step()
    assert scene.turn is not None
    world = scene.turn.world
    world.catapults.aim(1, math.radians(45.0), 0.7)
    rings: list[tuple[int, int]] = []
    view = scene.table_view
    draw_path = view._draw_path

    def spy(surface: Any, v: Any, pts: Any, colour: Any, landing: bool = False,
            landed: int | None = None) -> None:
        if landing:
            rings.append(view.to_screen(pts[-1 if landed is None else landed]))
        draw_path(surface, v, pts, colour, landing, landed)

    view._draw_path = spy  # type: ignore[method-assign]
    scene.draw(app.screen)
    shown = view.preview_shown[1]
    whole = world.catapults.predict_shot(1, seconds=4.0, every=6)
    assert shown[:len(whole)] == whole and len(whole) > 4  # launch to landing, as it will fly
    assert whole[-1][1] >= TABLE_Y - 20.0  # down at the table
    assert rings == [view.to_screen(whole[-1])]  # a ring where it comes down
    app.settings.assists.trajectory_preview = False
    try:
        scene.draw(app.screen)
        assert 1 not in view.preview_shown
    finally:
        app.settings.assists.trajectory_preview = True


def test_a_mouse_pull_previews_the_whole_flight_and_its_power_only_while_pulling(
        app: Any, driver: Any) -> None:
    """A stranger aiming by mouse guessed at every shot: the preview was a short start and the
    power bar read his last pull between shots. While he pulls, the preview is the whole
    flight to where the die comes down (as the shot flies), with its power; not pulling,
    neither; with the assist off, no preview but the power still."""
    scene = open_game(app, "ai:medium", "mouse")
    scene.start_turn()
    driver.step()
    assert scene.turn is not None
    ctl = scene.sab_ctls[1]
    assert isinstance(ctl, MouseSaboteurControl)
    world = scene.turn.world
    view = scene.table_view
    scene.draw(app.screen)
    assert 1 not in view.preview_shown and 1 not in view.power_plates  # not pulling
    cat = world.catapults[1]
    cup = cat.slot.launch_point
    start = screen_of(scene, cup)
    down(driver, start)
    glide(driver, start, screen_of(scene, (cup[0] - cat.slot.facing * 60.0, cup[1] + 45.0)),
          per_frame=6.0)
    assert ctl.pulling
    scene.draw(app.screen)
    shown = view.preview_shown[1]
    whole = world.catapults.predict_shot(1, seconds=4.0, every=6)
    assert shown[:len(whole)] == whole and len(whole) > 4  # launch to landing, as it flies
    assert whole[-1][1] >= TABLE_Y - 20.0  # down at the table
    assert 1 in view.power_plates
    app.settings.assists.trajectory_preview = False
    try:
        scene.draw(app.screen)
        assert 1 not in view.preview_shown and 1 in view.power_plates
    finally:
        app.settings.assists.trajectory_preview = True


def test_the_gauges_of_two_left_catapults_keep_apart(app: Any, driver: Any) -> None:
    """Two people on the left's catapults: neither power gauge (bar, MAX, figure) lies on the
    other gauge or on the other catapult (a stranger read one's "60%" over the other's cup)."""
    scene = open_game(app, "ai:medium", "ai:easy", "mouse", "ai:easy", "keys1")
    scene.start_turn()
    driver.step()
    assert scene.turn is not None
    cat = scene.turn.world.catapults[2]
    cup = cat.slot.launch_point
    start = screen_of(scene, cup)
    down(driver, start)  # the mouse's gauge shows while it pulls
    glide(driver, start, screen_of(scene, (cup[0] - cat.slot.facing * 50.0, cup[1] + 40.0)))
    scene.draw(app.screen)
    plates = scene.table_view.power_plates
    assert scene.turn is not None and set(plates) == {2, 4}
    assert not plates[2].colliderect(plates[4])
    for seat, other in ((2, 4), (4, 2)):
        cup = screen_of(scene, scene.turn.world.catapults[other].slot.launch_point)
        assert not plates[seat].colliderect((cup[0] - 30, cup[1] - 20, 60, 60)), seat


def test_a_held_power_key_moves_the_power_at_a_steady_rate_and_stops_at_the_ends() -> None:
    """A stranger's power was erratic: a 0.2 s hold moved it 1%, a 0.8 s hold took it from 54%
    to 0%. A hold moves nothing for its first moment (the tap's step alone), then steadily at
    `POWER_RATE` (about 60% a second) in any frame rate, and stops at `MIN_KEYS_POWER` and 1."""
    from game.games.tower.controls import HOLD_DELAY, MIN_KEYS_POWER, POWER_RATE

    assert 0.5 <= POWER_RATE <= 0.7
    turn = TurnController(_sabotaging(2, 0))
    seat = next(iter(turn.world.catapults))

    def hold(seconds: float, dt: float, start: float = 0.5, way: float = 1.0) -> float:
        ctl = PadSaboteurControl(seat, "pad", "keys1", power=start)
        for _ in range(round(seconds / dt)):
            ctl.update(turn, dt, (way, 0.0))
        return ctl.power

    assert hold(HOLD_DELAY * 0.9, 1 / 60) == pytest.approx(0.5)
    assert hold(HOLD_DELAY + 0.25, 1 / 60) == pytest.approx(0.5 + 0.25 * POWER_RATE, abs=0.01)
    assert hold(HOLD_DELAY + 0.5, 1 / 60) == pytest.approx(0.5 + 0.5 * POWER_RATE, abs=0.01)
    assert hold(0.7, 1 / 60) == pytest.approx(hold(0.7, 1 / 20), abs=0.01)
    assert hold(0.8, 1 / 60, start=0.54, way=-1.0) == pytest.approx(0.54 - 0.6 * POWER_RATE,
                                                                    abs=0.01)
    assert hold(3.0, 1 / 60, start=0.5) == 1.0  # clamped, never wrapped
    assert hold(3.0, 1 / 60, start=0.5, way=-1.0) == MIN_KEYS_POWER


def test_keys_never_fire_below_the_least_power() -> None:
    """A stranger's die fired at 0% dropped at his catapult's feet: keys fire at no less than
    `MIN_KEYS_POWER`, however the aim was set."""
    from game.games.tower.controls import MIN_KEYS_POWER

    turn = TurnController(_sabotaging(2, 0))
    seat = next(iter(turn.world.catapults))
    ctl = PadSaboteurControl(seat, "pad", "keys1", power=0.0)
    turn.aim(seat, ctl.elevation, 0.0)
    assert ctl.fire(turn) and not ctl.queued  # fired now
    assert ctl.power == MIN_KEYS_POWER
    assert turn.world.catapults[seat].aim_power == pytest.approx(MIN_KEYS_POWER)


def test_the_preview_goes_on_past_the_first_contact_with_the_table(app: Any, driver: Any) -> None:
    """A stranger's preview ended where the die first met the table: it goes on a short
    tumble past that point, the way the shot flies, low along the table, ring at the contact."""
    from game.games.tower.catapults import TUMBLE_MAX

    scene = open_game(app, "ai:medium", "keys1")
    scene.start_turn()
    driver.step()
    assert scene.turn is not None
    world = scene.turn.world
    for deg, power in ((45.0, 0.7), (30.0, 0.4)):
        world.catapults.aim(1, math.radians(deg), power)
        scene.draw(app.screen)
        shown = scene.table_view.preview_shown[1]
        flight = world.catapults.predict_shot(1, seconds=4.0, every=6)
        contact = flight[-1]
        after = shown[len(flight):]
        facing = world.catapults[1].slot.facing
        assert len(after) >= 4
        assert all((x - contact[0]) * facing > 0 for x, _ in after)  # on past the contact
        assert 20.0 < (after[-1][0] - contact[0]) * facing <= TUMBLE_MAX
        assert all(TABLE_Y - 60.0 < y <= TABLE_Y for _, y in after)  # low, on the table
