"""A die resting on a tower is not the builder's to move: a stranger's press on one took the
block under it (which went back to the tray) and nothing said why. A press on a resting die
takes nothing and says so."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.games.tower.controls import DIE_STAYS_WORDS
from game.games.tower.data import BLOCKS
from game.games.tower.demos import place_tower
from game.games.tower.scene import Stage
from game.games.tower.worlddata import Where
from tests.ui.layout import Words, observing

from .test_scene import ROW, open_game


def test_a_press_on_a_resting_die_takes_nothing_and_says_why(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "keys1", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    turn = scene.turn
    assert turn is not None
    world = turn.world
    slot = 1
    place_tower(world, slot, ROW[slot], count=1)  # a flat beam to rest on
    world.settle(1.0)
    ids = [b.block_id for b in BLOCKS]
    stack = [b for b in ids if world.block_where(b) == Where.TABLE]
    assert stack
    top = min(stack, key=lambda b: world.block_pose(b)[1])  # the highest block (y down)
    tx, ty, _a = world.block_pose(top)
    turn.aim(1, math.radians(45.0), 0.4)
    die = turn.fire(1)
    assert isinstance(die, int)
    body = world.dice[die].body
    body.position = (tx, ty - 40.0)  # set down on the tower's top, as a die comes to rest
    body.velocity = (0.0, 0.0)
    body.angular_velocity = 0.0
    driver.run(30)
    x, y, _a = world.die_pose(die)
    assert abs(x - tx) < 80 and y < ty, "the die should rest on the tower"
    before = {b: world.block_where(b) for b in ids}
    at = scene.table_view.to_screen((x, y))
    under = world.hand.block_near((x, y), 40.0)
    assert under is not None  # a block lies just under the die (what a press took)
    driver.move(at)
    driver.wait_for_guard()
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)])
    assert world.hand.held_block is None, "the press on the die took the block under it"
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)])
    assert {b: world.block_where(b) for b in ids} == before
    with observing(Words()) as words:
        scene.draw(app.screen)
    assert DIE_STAYS_WORDS in words.words, words.words
