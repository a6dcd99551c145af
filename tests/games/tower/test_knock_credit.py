"""One seat is named for a knock, live and on the score screen: the seat whose die knocked the
tower. A stranger's red die knocked the Gatehouse while the other saboteur's die landed on its
falling blocks; the live words named the other seat and the score screen hers."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.games.tower.events import DieHit
from game.games.tower.scene import Stage

from .conftest import place_tower
from .test_scene import fast_forward, mouse_fire, open_game, pull_for, verdict


def test_the_live_words_and_the_score_credit_name_the_die_that_knocked_the_tower(
        app: Any, driver: Any) -> None:
    scene = open_game(app, "keys1", "mouse", "keys2", row=[4, 2, 0, 3, 13])  # Column, right
    driver.step()
    driver.key(pygame.K_SPACE)
    turn = scene.turn
    assert turn is not None and scene.stage == Stage.PLAY
    place_tower(turn.world, 4, 13)
    turn.world.settle(1.0)
    assert verdict(scene, 4).scored
    column = verdict(scene, 4).stack
    x, y, _ = turn.world.block_pose(column[-1])
    mouse_fire(driver, scene, 1, pull_for(scene, 1, (x, y), 35.0))
    other = turn.fire(2, math.radians(100.0), 0.2)  # the second saboteur's die, elsewhere
    assert isinstance(other, int)
    mine = next(d for d, die in turn.world.catapults.dice.items() if die.seat == 1)
    for _ in range(120):
        driver.step()
        if any(isinstance(e, DieHit) and e.die_id == mine for e in scene.events_seen):
            break
    driver.run(6)  # the Column is falling: the other die lands on its blocks
    for b in column:
        turn.world.events.append(DieHit(other, b, True, 400.0))
    driver.run(80)
    assert not verdict(scene, 4).scored
    words, _, colour = scene.fx.credits[4]
    live = scene.fx.credit_seats[4]
    assert live == 1 and words.startswith(f"{scene.names[1]}'s die")
    assert colour == scene.colours[1]
    fast_forward(driver, scene, Stage.JUDGE)
    j = next(j for j in scene.result.judgements if j.slot == 4) if scene.result else None
    assert j is not None
    knock = scene.knocks.standing_knock(j)
    assert knock is not None and knock.seat == live
    assert [r.denied for r in scene.table_view.board_info(final=False).rows] == [0, 4, 0]
