"""A block picked up off the table comes up turned the way the tower that needs it next
prints it (a stranger's long beam, fallen off the Needle, came up lying as a later block of
the Seesaw prints it, and "hung off its tile" on the Needle)."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from game.games.tower.controls import turn_as_printed
from game.games.tower.data import BLOCKS, ORIENTATION_ANGLE
from game.games.tower.worlddata import Where

from .test_scene import open_game

ROW = [20, 17, 0, 3, 4]
"""Needle (long beam upright, cube) on slot 0; Seesaw (beam lying, cube, beam lying) on 1."""


def test_a_block_off_the_table_comes_up_as_the_tower_needing_it_next_prints_it(
        app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", row=list(ROW))
    driver.step()
    driver.click((640, 400))
    turn = scene.turn
    assert turn is not None
    real = turn.judgements

    def judgements() -> list[Any]:  # the Seesaw built to its cube: its long beam comes later
        return [dataclasses.replace(j, progress=1) if j.slot == 1 else j for j in real()]

    turn.judgements = judgements  # type: ignore[method-assign]
    world = turn.world
    bid = next(b.block_id for b in BLOCKS
               if b.shape == "beam" and world.block_where(b.block_id) == Where.TRAY)
    assert turn.grab(BLOCKS[bid].tray_pos, bid) == bid
    lying = world.hand.held_angle
    assert lying is not None
    # the Seesaw (the tower being built) first, the Needle after: the Needle needs it next
    assert turn_as_printed(turn, bid, [1, 0])
    driver.run(2)
    angle = world.hand.held_angle
    assert angle is not None
    off = (angle - ORIENTATION_ANGLE["upright"] + math.pi / 2) % math.pi - math.pi / 2
    assert abs(off) < math.radians(20.0), (angle, lying)
