"""A spent die at rest on a pad is lifted off the table (a stranger built round dice lying on
the pads all turn): the decision in data.RULES_NOTES. With the closing rule on it stays (it
closes the tile), and one a block rests on stays (lifting it would move the builder's block)."""

from __future__ import annotations

import math

from game.games.tower.data import SLOT_RANGES, TABLE_Y
from game.games.tower.events import DieCleared
from game.games.tower.rules import Options, new_match
from game.games.tower.turn import TurnController


def _turn(closing: bool) -> TurnController:
    return TurnController(new_match(Options(players=2, closing_rule=closing), seed=3))


def _die_on_pad(turn: TurnController, slot: int) -> int:
    """A die fired, then set down at rest in the middle of a pad."""
    die_id = turn.world.catapults.fire(1, math.radians(45.0), 0.5)
    assert die_id is not None
    body = turn.world.dice[die_id].body
    x0, x1 = SLOT_RANGES[slot]
    body.position = ((x0 + x1) / 2.0, TABLE_Y - 8.0)
    body.velocity = (0.0, 0.0)
    body.angular_velocity = 0.0
    body.angle = 0.0
    return die_id


def _run(turn: TurnController, seconds: float) -> list[object]:
    seen: list[object] = []
    for _ in range(round(seconds * 60)):
        turn.step()
        seen.extend(turn.pop_events())
    return seen


def test_a_die_at_rest_on_a_pad_is_lifted_off() -> None:
    turn = _turn(closing=False)
    die_id = _die_on_pad(turn, 0)
    seen = _run(turn, 1.0)
    assert die_id not in turn.world.dice
    cleared = [e for e in seen if isinstance(e, DieCleared)]
    assert [e.die_id for e in cleared] == [die_id]
    x0, x1 = SLOT_RANGES[0]
    assert x0 <= cleared[0].x <= x1  # where it lay: the dust puff goes there


def test_with_the_closing_rule_it_stays_and_closes_the_tile() -> None:
    turn = _turn(closing=True)
    die_id = _die_on_pad(turn, 0)
    _run(turn, 1.0)
    assert die_id in turn.world.dice and 0 in turn.match.closed


def test_a_die_a_block_rests_on_stays() -> None:
    turn = _turn(closing=False)
    die_id = _die_on_pad(turn, 0)
    x0, x1 = SLOT_RANGES[0]
    beam = next(b for b in range(16) if turn.world.block_shape(b) == "beam")
    turn.world.hand.place(beam, (x0 + x1) / 2.0, TABLE_Y - 16.0 - 8.0 - 0.5, math.pi / 2)
    _run(turn, 1.0)
    assert die_id in turn.world.dice


def test_a_die_resting_on_a_won_tower_leaves_the_table_with_it(app: object,
                                                               driver: object) -> None:
    """A stranger saw a die that had come to rest on a tower hang in mid-air when the won
    tower was taken off the table after the turn: what rests on a tower goes with it."""
    from typing import Any

    from game.games.tower.demos import place_tower
    from game.games.tower.scene import Stage
    from tests.games.tower.test_scene import open_game

    drv: Any = driver
    scene = open_game(app, "mouse", "ai:easy", row=[3, 2, 0, 7, 4])  # Twin cubes on pad 0
    drv.step()
    drv.click((640, 400))
    turn = scene.turn
    assert scene.stage == Stage.PLAY and turn is not None
    world = turn.world
    assert place_tower(world, 0, 3) == 2
    for ctl in scene.sab_ctls.values():
        ctl.frame = lambda turn: None  # no more shots: only the die set here
    top = max((b for b in range(16) if world.block_where(b) == "table"),
              key=lambda b: -world.block_pose(b)[1])
    (mx, my), _, _ = world.reading.top_face(top)
    die_id = world.catapults.fire(1, math.radians(45.0), 0.5)
    assert die_id is not None
    body = world.dice[die_id].body
    body.position = (mx, my - 8.5)
    body.velocity = (0.0, 0.0)
    body.angular_velocity = 0.0
    drv.run(60)
    assert die_id in world.dice and world.die_pose(die_id)[1] < TABLE_Y - 40.0  # on top
    assert world.reading.riders({top}) == (set(), {die_id})
    turn.finish_now()
    for _ in range(60 * 12):
        drv.step()
        if die_id in scene.collected_dice:
            break
    assert top in scene.collected and die_id in scene.collected_dice
