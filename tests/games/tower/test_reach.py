"""A saboteur's aim pays off: at full power a well-aimed die from every catapult reaches every
pad, and the mouse can pull to full power from the turn's view however near the screen's edge."""

from __future__ import annotations

import math

import pytest

from game.games.tower import data as W
from game.games.tower.camera import catapult_body, turn_view
from game.games.tower.controls import FULL_PULL, MouseSaboteurControl, full_pull, power_cap
from game.games.tower.rules import MatchState, Options, new_match
from game.games.tower.turn import TurnController


def _sabotaging(players: int, slot_index: int) -> MatchState:
    """A match at a turn whose table has a catapult in `slot_index` (seat `slot_index`'s own:
    each seat keeps one catapult all match, empty while that seat builds)."""
    m = new_match(Options(players=players), seed=4)
    m.turn = (slot_index + 1) % players
    assert slot_index in m.catapult_layout()
    return m



def _landing_x(turn: TurnController, seat: int, angle: float) -> float:
    path = turn.world.catapults.predict_shot(seat, angle, 1.0, seconds=4.0, every=1)
    return path[-1][0]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_full_power_reaches_every_pad_from_every_catapult(players: int) -> None:
    turn = TurnController(new_match(Options(players=players), seed=2))
    for seat, cat in turn.world.catapults.items():
        angles = [W.MIN_LAUNCH_ANGLE + i * (W.MAX_LAUNCH_ANGLE - W.MIN_LAUNCH_ANGLE) / 60
                  for i in range(61)]
        reach = [_landing_x(turn, seat, a) for a in angles]
        for x0, x1 in W.SLOT_RANGES:
            centre = (x0 + x1) / 2.0
            assert any(x0 + 8 <= x <= x1 - 8 for x in reach), (cat.slot_index, centre)
        far = max(reach, key=lambda x: x * cat.slot.facing)
        # Well beyond the far pad, so a full-power shot is not at the edge of its range.
        far_pad = W.SLOT_RANGES[-1][1] if cat.slot.facing > 0 else W.SLOT_RANGES[0][0]
        assert (far - far_pad) * cat.slot.facing > 40.0


@pytest.mark.parametrize("slot_index", [0, 1, 2, 3])
def test_a_pull_to_the_screen_edge_is_full_power(slot_index: int) -> None:
    players = 2 if slot_index == 0 else (3 if slot_index == 1 else 5)
    turn = TurnController(_sabotaging(players, slot_index))
    seat = next(s for s, c in turn.world.catapults.items() if c.slot_index == slot_index)
    cat = turn.world.catapults[seat]
    view = turn_view(W.TABLE_Y, [slot_index])
    bounds = view.world_rect()
    assert view.contains(catapult_body(slot_index), 0.0)  # the whole catapult on screen
    ctl = MouseSaboteurControl(seat, "mouse")
    ctl.bounds = bounds
    cup = cat.slot.launch_point
    ctl.press(turn, cup)
    for deg in (20.0, 35.0, 45.0, 60.0):
        # Pull straight back-and-down (the die flies opposite) until the pointer meets the edge.
        d = (-cat.slot.facing * math.cos(math.radians(deg)), math.sin(math.radians(deg)))
        t = min((cup[0] - bounds[0]) / -d[0] if d[0] < 0 else (bounds[2] - cup[0]) / d[0],
                (bounds[3] - cup[1]) / d[1])
        edge = (cup[0] + d[0] * (t - 1.0), cup[1] + d[1] * (t - 1.0))
        ctl.motion(turn, edge)
        assert ctl.strength == pytest.approx(1.0), (deg, t)  # the strongest mouse shot
        assert cat.aim_power == pytest.approx(power_cap(cup, cat.slot.facing,
                                                        cat.aim_angle, bounds))
        assert math.degrees(cat.aim_angle) == pytest.approx(deg, abs=0.5)


def test_full_pull_is_the_same_everywhere_with_room_and_shorter_near_an_edge() -> None:
    assert full_pull((600.0, 500.0), (-50.0, 50.0), (0.0, 0.0, 1280.0, 720.0)) == FULL_PULL
    assert full_pull((600.0, 500.0), (-50.0, 50.0), None) == FULL_PULL
    near = full_pull((50.0, 500.0), (-1.0, 0.0), (0.0, 0.0, 1280.0, 720.0))
    assert near == pytest.approx(44.0)
    ctl_pull = full_pull((10.0, 500.0), (-1.0, 0.0), (0.0, 0.0, 1280.0, 720.0))
    assert ctl_pull == 40.0  # never shorter than a real gesture


@pytest.mark.parametrize("slot_index", [0, 2])
def test_a_left_edge_catapult_takes_a_flat_short_shot_from_a_drag_anywhere(
        slot_index: int) -> None:
    """A stranger on the left edge's catapult could not pull back (the window's edge stopped
    the pointer): the pull is measured from where the press began, so a short drag leftward
    made in the middle of the screen is a flat, weak shot."""
    players = 2 if slot_index == 0 else 5
    turn = TurnController(_sabotaging(players, slot_index))
    seat = next(s for s, c in turn.world.catapults.items() if c.slot_index == slot_index)
    cat = turn.world.catapults[seat]
    bounds = turn_view(W.TABLE_Y, [slot_index]).world_rect()
    ctl = MouseSaboteurControl(seat, "mouse")
    ctl.bounds = bounds
    start = ((bounds[0] + bounds[2]) / 2.0, (bounds[1] + bounds[3]) / 2.0)
    ctl.press(turn, start)
    ctl.motion(turn, (start[0] - 15.0, start[1] + 1.0))  # short, nearly level, back
    # The ring round the cup is short there (the edge is near): the pull is measured on it.
    cup = cat.slot.launch_point
    assert ctl.reach == pytest.approx(full_pull(cup, (-15.0, 1.0), bounds))
    assert ctl.strength == pytest.approx(math.hypot(15.0, 1.0) / ctl.reach)
    assert ctl.strength < 0.5
    assert math.degrees(cat.aim_angle) < 15.0
    assert cat.aim_power < 0.5
    # The band is drawn from the cup, the pull's way laid from there.
    assert ctl.band_end == pytest.approx((cup[0] - 15.0, cup[1] + 1.0))


@pytest.mark.parametrize("slot_index", [0, 1, 2, 3])
def test_the_same_drag_is_the_same_shot_wherever_the_press_began(slot_index: int) -> None:
    """A stranger's equal pulls gave different powers: the ring of the strongest pull was
    measured from where the press began (nearer an edge, shorter). Now it is the ring drawn
    round the cup: a drag of the same length and direction, pressed at the cup, in the
    middle of the screen or near its edge, aims the same shot."""
    players = 2 if slot_index == 0 else (3 if slot_index == 1 else 5)
    turn = TurnController(_sabotaging(players, slot_index))
    seat = next(s for s, c in turn.world.catapults.items() if c.slot_index == slot_index)
    cat = turn.world.catapults[seat]
    bounds = turn_view(W.TABLE_Y, [slot_index]).world_rect()
    f = cat.slot.facing
    cup = cat.slot.launch_point
    mid = ((bounds[0] + bounds[2]) / 2.0, (bounds[1] + bounds[3]) / 2.0)
    # Near the edge behind the catapult, with room to drag the pull's way.
    near = (bounds[0] + 70.0 if f > 0 else bounds[2] - 70.0, bounds[1] + 60.0)
    for drag in ((-f * 40.0, 30.0), (-f * 20.0, 8.0), (-f * 30.0, 45.0)):
        got = []
        for start in (cup, mid, near):
            ctl = MouseSaboteurControl(seat, "mouse")
            ctl.bounds = bounds
            ctl.press(turn, start)
            ctl.motion(turn, (start[0] + drag[0], start[1] + drag[1]))
            got.append((ctl.strength, cat.aim_angle, cat.aim_power, ctl.reach))
        for g in got[1:]:
            assert g == pytest.approx(got[0]), (drag, got)
