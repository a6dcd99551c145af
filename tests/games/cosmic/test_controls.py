"""The slingshot pull: its length alone is its power, from any ship, past the window's edge by
the mouse's own motion; the hand held at full."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game.games.cosmic import art
from game.games.cosmic.controls import (
    MAX_PULL,
    STUCK_SECONDS,
    Aims,
    FinePointer,
    MouseFlick,
    MouseToss,
    pull_power,
)
from game.games.cosmic.pull import toss_power
from game.games.cosmic.table import dock_spot, release_default


def _to_edge(at: tuple[float, float], away: float) -> tuple[float, float]:
    """Where a pointer going from `at` along `away` meets the window's edge (its last pixel)."""
    w, h = art.SCREEN
    cx, cy = math.cos(away), math.sin(away)
    k = min((0 - at[0]) / cx if cx < -1e-9 else (w - 1 - at[0]) / cx if cx > 1e-9 else math.inf,
            (0 - at[1]) / cy if cy < -1e-9 else (h - 1 - at[1]) / cy if cy > 1e-9 else math.inf)
    return (at[0] + cx * k, at[1] + cy * k)


@pytest.mark.parametrize("faction", [0, 1, 2, 3])
def test_a_docked_ship_pulled_to_the_window_edge_goes_on_past_it_to_full_power(
        faction: int) -> None:
    # Each Base is in a corner: the pointer meets the window's edge short of a full pull.
    # There the power is the pull's length's, as anywhere (the edge used to count as full
    # power: 70 px toward the top was 85% from a Base); the pull is pinned, and the mouse's
    # own motion past the edge (relative mode) carries it on to full power.
    ship = dock_spot(faction)
    sx, sy = art.to_screen(*ship)
    corner = art.to_screen(*(0.0 if sx < 640 else 720.0, 0.0 if sy < 360 else 720.0))
    away = math.atan2(corner[1] - sy, corner[0] - sx)
    aim = MouseFlick(0, "mouse")
    assert aim.press((sx, sy), ship)
    edge = _to_edge((sx, sy), away)
    k = math.hypot(edge[0] - sx, edge[1] - sy)
    aim.motion(edge)
    assert k < MAX_PULL and aim.power == pytest.approx(pull_power(k)) and aim.power < 0.9
    assert aim.pointer.pinned
    step = (math.cos(away) * 10.0, math.sin(away) * 10.0)
    while math.hypot(aim.hand[0] - sx, aim.hand[1] - sy) < MAX_PULL - 10.0:
        before = aim.power
        aim.motion(edge, rel=step)  # the system's pointer stays on the edge; the mouse moves on
        assert aim.power > before
    for _ in range(3):
        aim.motion(edge, rel=step)
    got = aim.release(edge)
    assert got is not None and got.power == pytest.approx(1.0)
    assert math.cos(got.angle - away) < -0.99  # flies away from the corner


def test_a_pinned_pull_comes_back_by_the_mouse_motion_and_a_release_adds_nothing() -> None:
    p = FinePointer()
    p.reset((100.0, 40.0))
    p.move((100.0, 0.0), False, (0.0, -40.0))
    assert p.pinned and p.at == (100.0, 0.0)
    p.move((100.0, 0.0), False, (0.0, -60.0))  # past the top: only the motion says so
    assert p.at == (100.0, -60.0)
    p.move((100.0, 30.0), False, (0.0, 20.0))  # back down by 20 (the system's place differs)
    assert p.at == (100.0, -40.0)
    assert p.move((300.0, 300.0), False) == (100.0, -40.0)  # the release's place: no move
    p.move((100.0, 0.0), True, (8.0, 0.0))  # Shift: a quarter of the motion
    assert p.at == (102.0, -40.0)
    p.reset((50.0, 50.0))
    assert not p.pinned


def test_the_same_pull_is_the_same_power_by_the_edge_and_mid_board() -> None:
    # The playtest: mid-board 70 px up or down was 30%, from a Base a 70 px pull ending near
    # the top edge 85%; 118 px was MAX toward the top but 56% sideways.
    for length in (70.0, 118.0):
        want = pull_power(length)
        assert want < 0.7
        for start, a in (((640.0, 360.0), -math.pi / 2), ((640.0, 360.0), math.pi / 2),
                         ((400.0, 75.0), -math.pi / 2 + 0.3), ((400.0, 125.0), -math.pi / 2),
                         ((400.0, 125.0), 0.0)):
            aim = MouseFlick(0, "mouse")
            assert aim.press(start, (0.0, 0.0))
            pointer = (start[0] + math.cos(a) * length, start[1] + math.sin(a) * length)
            if pointer[1] < 0:
                continue  # past the window: only relative motion goes there
            got = aim.release(pointer)
            assert got is not None and got.power == pytest.approx(want, abs=1e-9), (start, a)


def test_the_hand_stops_at_full_strength_and_power_never_passes_one() -> None:
    aim = MouseFlick(0, "mouse")
    ship = (360.0, 360.0)  # the middle of space: room on every side
    sx, sy = art.to_screen(*ship)
    aim.press((sx, sy), ship)
    aim.motion((sx - 400, sy))
    assert aim.power == 1.0 and aim.pull is not None and aim.pull.at_max
    assert math.hypot(aim.hand[0] - sx, aim.hand[1] - sy) == pytest.approx(MAX_PULL)
    aim.motion((sx - MAX_PULL / 2, sy))
    assert aim.power == pytest.approx(pull_power(MAX_PULL / 2)) and 0.3 < aim.power < 0.5


def test_a_toss_pulled_toward_the_corner_goes_on_past_the_edge_to_full_power() -> None:
    toss = MouseToss(0, "mouse", 0)
    toss.press((60.0, 60.0))
    toss.motion((4.0, 4.0))
    assert toss.power == pytest.approx(toss_power(56.0 * math.sqrt(2)))  # its length's
    toss.motion((0.0, 0.0))
    assert toss.fine_pointer.pinned
    aims = Aims("mouse", mouse_toss=toss)
    assert aims.pinned  # the scene reads the mouse in relative mode now
    for _ in range(10):
        toss.motion((0.0, 0.0), rel=(-10.0, -10.0))
    got = toss.release((0.0, 0.0))
    assert got is not None and got.power == pytest.approx(1.0)
    assert not aims.pinned  # let go: the mouse is the system's again


@pytest.mark.parametrize("faction", [0, 1, 2, 3])
def test_a_toss_pull_is_the_same_power_pressed_in_the_zone_or_in_space(faction: int) -> None:
    """The playtest: pressed in the green zone by the Base, 14 px of pull was 30% and 45 px
    MAX; pressed in space, 26 px was 9%. One pull length is one power wherever the press
    starts (along the toss's scale, `pull.toss_power`), every way the window leaves room for
    it."""
    zone = art.to_screen(*release_default(faction))
    space = (640.0, 360.0)
    for length in (1.0, 14.0, 26.0, 45.0, 120.0, 160.0):
        for k in range(16):
            a = k * math.tau / 16
            ends = [(at[0] + math.cos(a) * length, at[1] + math.sin(a) * length)
                    for at in (zone, space)]
            if not all(0 < x < art.SCREEN[0] - 1 and 0 < y < art.SCREEN[1] - 1
                       for x, y in ends):
                continue  # past the window's edge: only the mouse's own motion goes there
            got = []
            for at in (zone, space):
                toss = MouseToss(0, "mouse", faction)
                toss.press(at)
                toss.motion((at[0] + math.cos(a) * length, at[1] + math.sin(a) * length))
                got.append(toss.power)
            assert got[0] == pytest.approx(got[1], abs=1e-9), (length, a, got)
            assert got[0] == pytest.approx(toss_power(length), abs=1e-9)


def test_aims_follow_the_device_that_steers_and_clear_between_decisions() -> None:
    aims = Aims("mouse")
    aims.flick(0, "mouse", dock_spot(0))  # a mouse seat whose player takes the keys
    assert aims.pad_aim is not None and aims.device == "mouse" and not aims.pad_aim.armed
    before = aims.pad_aim.angle
    aims.steer(0.2, (1.0, 0.0), "keys1")
    aims.steer(0.3, (1.0, 0.0), "keys1")
    assert aims.device == "keys1" and aims.pad_aim.angle > before and aims.pad_aim.armed
    aims.clear()
    assert aims.pad_aim is None and aims.mouse_aim is None and aims.place is None
    assert aims.device == "mouse"  # the keys' turn never carries over to the next seat


def test_a_held_charge_reaches_a_useful_power_in_about_a_second() -> None:
    """A stranger's 1.2 s hold of fire gave 17%: a second's hold now reaches half power, a
    half second a real flick, and the meter still reaches full and comes back."""
    from game.games.cosmic.controls import CHARGE_SECONDS, sweep, sweep_time

    assert sweep(1.0) >= 0.5 and sweep(0.5) >= 0.2
    assert sweep(CHARGE_SECONDS) == 1.0 and sweep(0.0) == 0.0
    assert sweep(1.5 * CHARGE_SECONDS) == pytest.approx(sweep(0.5 * CHARGE_SECONDS))
    steps = [i / 120 for i in range(int(CHARGE_SECONDS * 120) + 1)]
    powers = [sweep(t) for t in steps]
    assert powers == sorted(powers)  # it only rises while it fills
    for p in (0.1, 0.37, 0.8):
        assert sweep(sweep_time(p)) == pytest.approx(p)


def test_keyboard_power_is_set_in_small_taps_and_shown_before_fire() -> None:
    """A keyboard or pad seat aims as the mouse does: its power waits at a shown value (the
    last flick's, or a starting one) so the dotted path is drawn before fire, a tap of up or
    down is a small fixed step (a quarter with Shift), a held key moves it on, and a held
    fire charges on from it; a cancelled charge goes back to it."""
    from game.games.cosmic.controls import POWER_STEP, READY_POWER, PadFlick

    aim = PadFlick(0, "keys1", armed=True)
    assert aim.power == pytest.approx(READY_POWER)
    # the last flick's power is marked on the meter, never where a new aim waits
    assert PadFlick(0, "keys1", last=(1.0, 0.92)).power == pytest.approx(READY_POWER)
    aim.step(1)
    aim.step(1)
    assert aim.power == pytest.approx(READY_POWER + 2 * POWER_STEP)
    aim.step(-1, fine=True)
    assert aim.power == pytest.approx(READY_POWER + 1.75 * POWER_STEP)
    for _ in range(200):
        aim.step(-1)
    assert aim.power > 0.0  # never below the weakest flick
    aim.set_power(0.4)
    aim.update(0.1, 0.0, lift=1.0)  # held over frames (one long first frame is a tap)
    aim.update(0.5, 0.0, lift=1.0)
    assert 0.5 < aim.power < 0.7
    shown = aim.power
    aim.hold()
    aim.update(0.2, 0.0)
    assert aim.power > shown  # the charge picks up from the power shown
    aim.cancel()
    assert aim.power == pytest.approx(shown)
    aim.hold()
    flick = aim.release()  # a tap of fire flicks at the power shown
    assert flick is not None and flick.power == pytest.approx(shown)


def test_a_ship_hanging_over_any_edge_reaches_full_power_past_the_window() -> None:
    """A ship resting half out of space (it is lost only wholly outside) is flicked back in
    at full power: a playtester's ship was stuck on the top edge, the pointer at the window's
    top before the pull was strong enough. The pointer meets the edge; the mouse's own
    motion carries the pull on to full."""
    from game.games.cosmic.data import FIELD, SHIP_RADIUS

    past = SHIP_RADIUS - 0.5
    for x, y in ((FIELD / 2, -past), (FIELD / 2, FIELD + past), (-past, FIELD / 2),
                 (FIELD + past, FIELD / 2)):
        anchor = art.to_screen(x, y)
        angle = math.atan2(FIELD / 2 - y, FIELD / 2 - x)  # back into space
        aim = MouseFlick(0, "mouse")
        assert aim.press(anchor, (x, y))
        edge = _to_edge(anchor, angle + math.pi)
        aim.motion(edge)
        assert aim.pointer.pinned
        if math.dist(edge, anchor) < MAX_PULL:  # (the top and bottom: the sides have room)
            assert aim.power == pytest.approx(pull_power(math.dist(edge, anchor)))
            assert aim.power < 1.0
        for _ in range(20):
            aim.motion(edge, rel=(-math.cos(angle) * 10.0, -math.sin(angle) * 10.0))
        got = aim.release(edge)
        assert got is not None and got.power == pytest.approx(1.0)
        assert math.cos(got.angle - angle) > 0.99


def test_a_seats_next_toss_starts_from_its_last_aim_and_spin() -> None:
    from game.games.cosmic.controls import visible_release
    from game.games.cosmic.match import TossInput
    from game.games.cosmic.table import release_default

    aims = Aims("mouse")
    hx, hy = release_default(0)
    aims.remember(TossInput(0, hx + 3.0, hy - 2.0, 0.9, 0.6, 0.5))
    aims.toss(0, "keys1", 0, (640.0, 360.0))
    pad = aims.pad_toss
    assert pad is not None
    assert pad.angle == pytest.approx(0.9) and pad.spin == pytest.approx(0.5)
    assert pad.hand == pytest.approx(visible_release(0))  # where the whole bomb shows
    # disarmed (fire first only shows it), at the last strength: that bomb stopped in space
    assert not pad.armed and pad.power == pytest.approx(0.6)
    aims.toss(1, "keys1", 1, (640.0, 360.0))  # another seat keeps its own (none yet)
    assert aims.pad_toss is not None and aims.pad_toss.spin == 0.0
    assert aims.pad_toss.hand == pytest.approx(visible_release(1))  # in the window


def test_a_tap_held_for_a_few_frames_is_still_one_small_step() -> None:
    """A real key tap stays down a few frames: those frames' smooth turn made a 2.5 degree
    tap turn 8. Holding on past `HOLD_DELAY` turns (and moves the power) smoothly."""
    from game.games.cosmic.controls import (
        HOLD_DELAY,
        POWER_STEP,
        TAP_STEP,
        PadFlick,
    )

    aim = PadFlick(0, "keys1", armed=True)
    aim.nudge(1)
    for _ in range(6):  # 0.1 s down
        aim.update(1 / 60, 1.0)
    aim.update(1 / 60, 0.0)
    assert aim.angle == pytest.approx(TAP_STEP)
    shown = aim.power
    aim.step(1)
    for _ in range(6):
        aim.update(1 / 60, 0.0, lift=1.0)
    assert aim.power == pytest.approx(shown + POWER_STEP)
    for _ in range(round(HOLD_DELAY * 60) + 30):  # held on: half a second more turns on
        aim.update(1 / 60, 1.0, lift=1.0)
    assert aim.angle > TAP_STEP + math.radians(8)  # (`test_a_held_turn_is_steady_then...`)
    assert aim.power > shown + POWER_STEP + 0.1


def test_a_quick_tap_of_fire_flicks_at_the_power_shown() -> None:
    """A tap of fire held for a few frames flicked harder than the dotted path showed (the
    charge began at once): fire charges only once held past the hold delay."""
    from game.games.cosmic.controls import HOLD_DELAY, PadFlick

    aim = PadFlick(0, "keys1", power=0.45, armed=True)
    aim.hold()
    for _ in range(int(HOLD_DELAY * 60)):  # about 0.17 s of frames
        aim.update(1 / 60, 0.0)
    flick = aim.release()
    assert flick is not None and flick.power == pytest.approx(0.45)
    aim.hold()
    for _ in range(60):  # a second's hold charges on
        aim.update(1 / 60, 0.0)
    assert aim.power > 0.45


def test_a_stick_turned_with_a_slight_tilt_leaves_the_power_alone() -> None:
    from game.games.cosmic.controls import aim_axes

    assert aim_axes((0.9, -0.2)) == (0.9, 0.0)  # turning right, tilted up a little
    assert aim_axes((0.1, -0.8)) == (0.0, 0.8)  # pushing up: power, no turn
    assert aim_axes((-1.0, 0.0)) == (-1.0, 0.0) and aim_axes((0.0, 1.0)) == (0.0, -1.0)


def test_the_keyboard_bomb_turns_a_small_step_a_tap_and_smoothly_once_held() -> None:
    """A stranger's 0.3 s hold of D swung the bomb's aim about 50 degrees (a flick's turned a
    small step a tap): the toss turns as the flick does."""
    from game.games.cosmic.controls import HOLD_DELAY, TAP_STEP, PadToss

    toss = PadToss(0, "keys1", 0, armed=True)
    before = toss.angle
    toss.nudge(1)
    assert toss.angle == pytest.approx(before + TAP_STEP)
    for _ in range(int(HOLD_DELAY * 60)):  # a tap held a few frames: no more than its step
        toss.update(1 / 60, (1.0, 0.0))
    assert toss.angle == pytest.approx(before + TAP_STEP)
    for _ in range(30):
        toss.update(1 / 60, (1.0, 0.0))
    assert toss.angle > before + TAP_STEP  # held on: it turns smoothly


@pytest.mark.parametrize("faction", [0, 1, 2, 3])
def test_a_keyboard_bomb_hand_starts_legal_and_wholly_inside_the_window(faction: int) -> None:
    from game.games.cosmic.controls import PadToss
    from game.games.cosmic.table import release_ok

    toss = PadToss(0, "keys1", faction)
    assert release_ok(faction, *toss.hand)
    sx, sy = art.to_screen(*toss.hand)
    w, h = art.SCREEN
    assert min(sx, sy, w - sx, h - sy) >= 20  # the bomb drawn there is seen whole


@pytest.mark.parametrize("faction", [0, 1, 2, 3])
def test_a_pulls_power_follows_its_length_the_same_every_way(faction: int) -> None:
    """The playtest: from a docked ship 79 px gave MAX, 88 px diagonally 64%, 105 px 74%. Now
    one pull length gives one power every way, a near edge or none, and a longer pull more."""
    ship = dock_spot(faction)
    at = art.to_screen(*ship)
    lengths = (60.0, 70.0, 79.0, 88.0, 105.0)  # (shorter ones are refused: too short)
    for k in range(12):
        a = k * math.tau / 12
        row = []
        for d in lengths:
            aim = MouseFlick(0, "mouse")
            assert aim.press(at, ship)
            pointer = (at[0] + math.cos(a) * d, at[1] + math.sin(a) * d)
            w, h = art.SCREEN
            if not (0 < pointer[0] < w - 1 and 0 < pointer[1] < h - 1):
                break  # past the window's edge: only the mouse's own motion goes
            got = aim.release(pointer)
            assert got is not None
            row.append(got.power)
            assert got.power == pytest.approx(pull_power(d), abs=1e-9)
        assert row == sorted(row)  # monotonic in the pull's length


def test_a_pulls_power_is_its_length_alone_wherever_the_window_leaves_room() -> None:
    # A stranger: from the Base corner 70 px gave 91% and 35 px 52%, mid-board 86 px 65%.
    # The same length is the same power by a corner and in the middle, every way, toward a
    # near edge too.
    from game.games.cosmic.art import FIELD_RECT

    corner = (float(FIELD_RECT.left), float(FIELD_RECT.top) + 8.0)
    middle = (640.0, 360.0)
    for length in (60.0, 70.0, 86.0, 150.0):  # (shorter ones are refused: too short)
        powers = set()
        for anchor in (corner, middle):
            for k in range(16):
                a = k * math.tau / 16
                end = (anchor[0] + math.cos(a) * length, anchor[1] + math.sin(a) * length)
                if not (0 < end[0] < art.SCREEN[0] - 1 and 0 < end[1] < art.SCREEN[1] - 1):
                    continue  # past the window's edge: only the mouse's own motion goes
                aim = MouseFlick(0, "mouse")
                assert aim.press(anchor, (360.0, 360.0))
                got = aim.release((anchor[0] + math.cos(a) * length,
                                   anchor[1] + math.sin(a) * length))
                assert got is not None
                powers.add(round(got.power, 9))
        assert len(powers) == 1 and powers == {round(pull_power(length), 9)}, (length, powers)



def test_a_held_charge_follows_time_not_the_frame_rate() -> None:
    """Holding fire 0.7 s charges the meter to the same power at 30, 60 and 144 frames a
    second: the table runs fixed logic steps from the frames' real time."""
    from game.app.clock import FixedStep
    from game.games.cosmic.controls import PadFlick

    powers = []
    for fps in (30, 60, 144):
        aim = PadFlick(0, "keys1", armed=True)
        aim.hold()
        clock = FixedStep()
        for _ in range(round(0.7 * fps)):
            for _ in range(clock.advance(1.0 / fps)):
                aim.update(clock.dt, 0.0)
        powers.append(aim.power)
    assert max(powers) - min(powers) < 0.03, powers


def test_a_held_turn_is_steady_with_a_gentle_capped_speed_up_at_any_frame_rate() -> None:
    """A stranger found the keyboard's turn erratic (a 0.5 s hold turned a few degrees, a
    1.2 s hold about 120): a tap turns 2 degrees, a held left or right is that step, nothing
    more until `TURN_DELAY`, then `AIM_RATE` (60 deg/s) speeding up gently to at most
    `AIM_RATE_MAX` (120 deg/s); the same hold turns the same at 30, 60 and 144 frames a
    second."""
    from game.games.cosmic.controls import AIM_RATE_MAX, TURN_DELAY, PadFlick

    def held(seconds: float, fps: int = 60) -> float:
        """Degrees turned by a tap held `seconds`."""
        aim = PadFlick(0, "keys1", angle=0.0, armed=True)
        aim.nudge(1)
        for _ in range(round(seconds * fps)):
            aim.update(1 / fps, 1.0)
        return math.degrees(aim.angle)

    assert held(0.0) == pytest.approx(2.0)  # a tap
    assert held(TURN_DELAY - 0.02) == pytest.approx(2.0)  # a slow tap
    half, long = held(0.5), held(1.2)
    assert 12.0 < half < 25.0
    assert 55.0 < long < 85.0
    for fps in (30, 144):
        assert held(0.5, fps) == pytest.approx(half, abs=0.2)
        assert held(1.2, fps) == pytest.approx(long, abs=0.2)
    # the pace never jumps: each tenth of a second turns a little more than the last, and
    # never more than the cap
    marks = [held(TURN_DELAY + k / 10) for k in range(25)]  # (under a full turn)
    steps = [b - a for a, b in zip(marks[:-1], marks[1:], strict=True)]
    assert all(b >= a - 0.05 for a, b in zip(steps[:-1], steps[1:], strict=True))
    assert max(steps) <= math.degrees(AIM_RATE_MAX) / 10 + 0.5
    assert 5.0 < steps[0] < 7.0
    # twenty quick taps turn forty degrees, no more
    aim = PadFlick(0, "keys1", angle=0.0, armed=True)
    for _ in range(20):
        aim.nudge(1)
        for _ in range(5):  # each key down for 5 frames (under the hold delay)
            aim.update(1 / 60, 1.0)
        aim.update(1 / 60, 0.0)
    assert math.degrees(aim.angle) == pytest.approx(40.0)


def test_a_tap_turns_the_same_step_in_a_flick_and_a_toss() -> None:
    """The same tap turned a flick a step, a disarmed bomb nothing, and anything a quarter
    step with Shift (the keys' fire) held: one fixed step everywhere (once shown)."""
    from game.games.cosmic.controls import TAP_STEP, PadFlick, PadToss

    for armed in (False, True):
        flick = PadFlick(0, "keys1", angle=1.0, armed=armed)
        toss = PadToss(0, "keys1", 0, armed=armed)
        before = toss.angle
        if not armed:  # (the first tap only shows a disarmed aim)
            flick.nudge(1)
            toss.nudge(1)
        flick.nudge(1)
        toss.nudge(1)
        assert flick.angle == pytest.approx(1.0 + TAP_STEP)
        assert toss.angle == pytest.approx(before + TAP_STEP)
        assert flick.armed and toss.armed


def test_a_tap_over_one_slow_frame_is_still_one_small_step() -> None:
    """A stranger's tap of D turned 2.5 degrees one time and 10 the next on a loaded machine:
    a key-up a slow frame late made the tap a hold. The first frame a direction is seen held
    counts at most `FIRST_HELD_S`, so a tap over a long frame stays its step."""
    from game.games.cosmic.controls import TAP_STEP, PadFlick

    aim = PadFlick(0, "keys1", armed=True)
    aim.nudge(1)
    aim.update(0.6, 1.0)  # one 0.6 s frame with the key still down
    aim.update(1 / 60, 0.0)
    assert math.degrees(aim.angle) == pytest.approx(math.degrees(TAP_STEP), abs=1.0)
    shown = aim.power
    aim.step(1)
    aim.update(0.6, 0.0, lift=1.0)
    aim.update(1 / 60, 0.0)
    assert aim.power - shown == pytest.approx(0.025, abs=0.02)


def test_the_first_tap_of_left_or_right_only_shows_a_disarmed_aim() -> None:
    """A stranger's first D both showed the aim and turned it, taking a fine lane to "close:
    may miss": the first tap shows the aim where it stands, the next turns it."""
    from game.games.cosmic.controls import TAP_STEP, PadFlick, PadToss

    aim = PadFlick(0, "keys1", angle=1.0, armed=False)
    aim.nudge(+1)
    assert aim.armed and aim.angle == pytest.approx(1.0)
    aim.nudge(+1)
    assert aim.angle == pytest.approx(1.0 + TAP_STEP)
    aim.nudge(-1)
    assert aim.angle == pytest.approx(1.0)
    toss = PadToss(0, "keys1", 0, armed=False)
    before = toss.angle
    toss.nudge(-1)
    assert toss.armed and toss.angle == pytest.approx(before)


def test_a_pull_pinned_at_the_edge_with_no_motion_of_its_own_is_stuck_after_a_moment() -> None:
    """A pointer moved by absolute positions (xdotool, a remote desktop) brings no motion of
    the mouse's own in relative mode: its pull stays at the edge's power. After
    `STUCK_SECONDS` so pinned, short of full power, the pull is `stuck` (the table says to
    start the pull in open space); motion arriving, full power or a new press end it."""
    ship = dock_spot(0)
    sx, sy = art.to_screen(*ship)
    aims = Aims("mouse")
    aims.flick(0, "mouse", ship)
    aim = aims.mouse_aim
    assert aim is not None and aim.press((sx, sy), ship)
    edge = (sx, 0.0)
    aim.motion(edge, rel=(0.0, -sy))
    assert aim.pointer.pinned and aim.power < 0.9
    for _ in range(10):
        aims.steer(STUCK_SECONDS / 12, (0.0, 0.0), "mouse")
    assert not aim.stuck and not aims.stuck  # a moment first: a real mouse's motion comes
    for _ in range(3):
        aims.steer(STUCK_SECONDS / 12, (0.0, 0.0), "mouse")
        aim.motion(edge, rel=(0.0, 0.0))  # absolute moves: no motion of its own
    assert aim.stuck and aims.stuck
    aim.motion(edge, rel=(0.0, -4.0))  # the mouse's own motion: it goes on
    assert not aim.stuck
    aims.steer(1.0, (0.0, 0.0), "mouse")
    assert not aim.stuck  # a real mouse resting at the edge is never told off
    assert aim.press((sx, sy), ship)  # a new pull starts afresh
    aim.motion(edge, rel=(0.0, -sy))
    aims.steer(STUCK_SECONDS + 0.01, (0.0, 0.0), "mouse")
    assert aim.stuck
    aim.release(edge)
    assert not aims.stuck


def test_a_stuck_pull_at_full_power_and_a_stuck_toss_pull() -> None:
    """Full power is never stuck (the edge took nothing from it); a toss's pull pinned
    likewise is stuck."""
    aim = MouseFlick(0, "mouse")
    ship = (360.0, 360.0)
    assert aim.press(art.to_screen(*ship), ship)
    aim.motion((0.0, art.to_screen(*ship)[1]))  # a full pull and more, to the left edge
    assert aim.pointer.pinned and aim.power == pytest.approx(1.0)
    aim.pointer.wait(STUCK_SECONDS * 2)
    assert aim.pointer.stuck and not aim.stuck
    aims = Aims("mouse")
    aims.toss(0, "mouse", 0, (400.0, 100.0))
    toss = aims.mouse_toss
    assert toss is not None and toss.press((400.0, 40.0))
    toss.motion((400.0, 0.0))
    assert toss.fine_pointer.pinned and not toss.stuck
    aims.steer(STUCK_SECONDS + 0.01, (0.0, 0.0), "mouse")
    assert toss.stuck and aims.stuck


@pytest.mark.parametrize("offset", [(25.0, 0.0), (0.0, -25.0), (-20.0, 15.0), (0.0, 0.0)])
def test_a_pull_counts_from_wherever_on_the_ship_it_was_pressed(
        offset: tuple[float, float]) -> None:
    """A press by the ship's rim starts at no power and no aim: a click there is no flick,
    and the same drag flicks the same way and as hard as one pressed at the ship's centre
    (counted from the centre, a press 25 px off began at 9% aimed away from the press)."""
    ship = (360.0, 360.0)
    sx, sy = art.to_screen(*ship)
    at = (sx + offset[0], sy + offset[1])
    aim = MouseFlick(0, "mouse")
    assert aim.press(at, ship) and aim.on_ship
    assert aim.power == 0.0 and aim.in_dead_zone
    assert aim.release(at) is None  # a click on the ship, wherever on it, flicks nothing
    aim.press(at, ship)
    got = aim.release((at[0] - 100.0, at[1]))  # 100 px straight back (left): fly right
    assert got is not None
    assert got.angle == pytest.approx(0.0, abs=1e-9)
    assert got.power == pytest.approx(pull_power(100.0))


@pytest.mark.parametrize("window", [(1280, 720), (1024, 576)])
def test_a_drags_power_follows_its_screen_pixels_scaled_to_the_window(
        app: Any, window: tuple[int, int]) -> None:
    """Full power is a drag of `MAX_PULL` canvas pixels: 200 px in a 1280x720 window, 160 in
    a 1024x576 one (the same share of the window); half of it is the same power in both."""
    import pygame

    display = app.display
    kept = display.dest
    display.dest = pygame.Rect(0, 0, *window)
    try:
        k = window[0] / 1280
        ship = (360.0, 360.0)
        sx, sy = art.to_screen(*ship)
        start = (sx * k, sy * k)  # the ship, in window pixels
        for drag, want in ((MAX_PULL * k, 1.0), (MAX_PULL * k / 2, pull_power(MAX_PULL / 2))):
            aim = MouseFlick(0, "mouse")
            assert aim.press(display.to_logical(start), ship)
            got = aim.release(display.to_logical((start[0] - drag - 0.5, start[1])))
            assert got is not None and got.power == pytest.approx(want, abs=0.01), (drag, k)
    finally:
        display.dest = kept
    assert 160 <= MAX_PULL <= 200


@pytest.mark.parametrize("faction", [0, 1, 2, 3])
def test_a_full_power_drag_fits_on_screen_from_a_ship_at_an_edge(faction: int) -> None:
    """A docked ship sits in a corner, by the window's edge: a press in open space and a full
    pull there, the whole of it on the screen, flicks that ship at full power the way the
    drag says, its band and hand drawn behind the ship."""
    from game.games.cosmic.aimview import AimView

    ship = dock_spot(faction)
    sx, sy = art.to_screen(*ship)
    into = math.atan2(360.0 - sy, 640.0 - sx)  # toward the middle of the screen
    press = (640.0, 360.0)
    pointer = (press[0] - math.cos(into) * MAX_PULL, press[1] - math.sin(into) * MAX_PULL)
    w, h = art.SCREEN
    assert all(0 < x < lim - 1 for x, lim in ((press[0], w), (pointer[0], w),
                                              (press[1], h), (pointer[1], h)))
    aim = MouseFlick(0, "mouse")
    assert aim.press(press, ship) and not aim.on_ship
    aim.motion(pointer)
    assert aim.power == pytest.approx(1.0) and not aim.pointer.pinned
    hand = AimView.band_hand(aim, (sx, sy))
    assert math.dist(hand, (sx, sy)) == pytest.approx(MAX_PULL)
    got = aim.release(pointer)
    assert got is not None and got.power == pytest.approx(1.0)
    assert got.angle == pytest.approx(into, abs=1e-6)


@pytest.mark.parametrize(("angle", "power"), [(0.7, 0.45), (-2.1, 0.8), (3.0, 0.2)])
def test_the_mouse_and_the_keys_launch_the_same_flick(angle: float, power: float) -> None:
    """The same aim and power on the keys and with the mouse make the same flick, on the grid
    its preview is drawn on, and the world plays it out the same."""
    from game.games.cosmic.commands import as_previewed
    from game.games.cosmic.controls import PadFlick
    from game.games.cosmic.pull import pull_share
    from game.games.cosmic.world import flick_line

    from .test_scene import human_turn

    keys = PadFlick(0, "keys1", angle=angle, power=power, armed=True)
    keys.hold()
    by_keys = keys.release()
    ship = (360.0, 360.0)
    sx, sy = art.to_screen(*ship)
    reach = pull_share(power) * MAX_PULL
    mouse = MouseFlick(0, "mouse")
    mouse.press((sx, sy), ship)
    by_mouse = mouse.release((sx - math.cos(angle) * reach, sy - math.sin(angle) * reach))
    assert by_keys is not None and by_mouse is not None
    assert as_previewed(by_keys) == as_previewed(by_mouse)
    table = human_turn().table
    lines = [flick_line(table, 0, inp.angle, inp.power)
             for inp in (as_previewed(by_keys), as_previewed(by_mouse))]
    assert lines[0].points == lines[1].points and lines[0].end == lines[1].end


def test_a_kept_keys_aim_is_for_the_same_flick_only() -> None:
    """A card played mid-decision keeps the keys aim the player set; but a later flick from
    the same spot starts fresh (a stranger's ship, sent back to its Base by a rival's EMP
    Blast, met its old aim there at MAX power)."""
    from game.games.cosmic.controls import Aims

    base = (100.0, 600.0)
    aims = Aims("mouse")
    aims.flick(0, "keys1", base, 0.3, 0.5, when=(2, 0))
    assert aims.pad_aim is not None
    aims.pad_aim.angle, aims.pad_aim.power = 1.0, 1.0
    aims.clear()
    aims.flick(0, "keys1", base, 0.3, 0.5, when=(2, 0))  # a card played between: kept
    assert (aims.pad_aim.angle, aims.pad_aim.power) == (1.0, 1.0)
    aims.clear()
    aims.flick(0, "keys1", base, 0.3, 0.5, when=(4, 0))  # the next turn, back at Base: fresh
    assert (aims.pad_aim.angle, aims.pad_aim.power) == (0.3, 0.5)
