"""Keys dice that reach the row: a stranger's keys began at 60% and, held between 42% and 60%,
piled every die on the table in front of the towers ("barely do anything")."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game.games.tower.controls import (
    MouseSaboteurControl,
    PadSaboteurControl,
    keys_start_aim,
    landing_x,
)
from game.games.tower.data import SLOT_RANGES
from game.games.tower.rules import Options, new_match
from game.games.tower.turn import TurnController
from tests.games.tower.test_scene import open_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_keys_start_aim_lands_on_the_row(players: int) -> None:
    turn = TurnController(new_match(Options(players=players), seed=4))
    lo = min(a for a, _ in SLOT_RANGES)
    hi = max(b for _, b in SLOT_RANGES)
    for seat, cat in turn.world.catapults.items():
        elevation, power = keys_start_aim(turn, seat)
        land = landing_x(cat.slot.launch_point, cat.slot.facing, elevation, power)
        assert lo <= land <= hi, (seat, land)
        assert any(a <= land <= b for a, b in SLOT_RANGES)  # on a pad, not in a gap


def test_a_keys_saboteur_starts_the_turn_aimed_at_the_row(app: Any, driver: Any) -> None:
    scene = open_game(app, "ai:medium", "keys1")
    scene.start_turn()
    driver.step()
    assert scene.turn is not None
    ctl = scene.sab_ctls[1]
    assert isinstance(ctl, PadSaboteurControl)
    cat = scene.turn.world.catapults[1]
    assert (ctl.elevation, ctl.power) == (cat.aim_angle, cat.aim_power)
    land = landing_x(cat.slot.launch_point, cat.slot.facing, cat.aim_angle, cat.aim_power)
    pads = [SLOT_RANGES[s] for s, t in enumerate(scene.match.row) if t is not None]
    a, b = min(pads, key=lambda r: abs((r[0] + r[1]) / 2.0 - cat.slot.launch_point[0]))
    assert a <= land <= b  # on the pad nearest its catapult


def test_a_keys_shot_flies_as_a_mouse_shot_at_the_same_aim() -> None:
    turns = [TurnController(new_match(Options(players=2), seed=4)) for _ in range(2)]
    seat = next(iter(turns[0].world.catapults))
    cup = turns[0].world.catapults[seat].slot.launch_point
    facing = turns[0].world.catapults[seat].slot.facing
    mouse = MouseSaboteurControl(seat, "mouse")
    mouse.press(turns[0], cup)
    back = (-facing * math.cos(math.radians(50.0)), math.sin(math.radians(50.0)))
    mouse.motion(turns[0], (cup[0] + back[0] * 70.0, cup[1] + back[1] * 70.0))
    aim = (turns[0].world.catapults[seat].aim_angle, turns[0].world.catapults[seat].aim_power)
    assert mouse.lift(turns[0], (cup[0] + back[0] * 70.0, cup[1] + back[1] * 70.0))
    keys = PadSaboteurControl(seat, "pad", "keys1", elevation=aim[0], power=aim[1])
    turns[1].aim(seat, *aim)
    assert keys.fire(turns[1])
    (a,), (b,) = (t.world.dice.values() for t in turns)
    assert tuple(a.body.velocity) == tuple(b.body.velocity)
    assert tuple(a.body.position) == tuple(b.body.position)
