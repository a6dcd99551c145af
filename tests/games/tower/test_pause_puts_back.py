"""A block held by the mouse when the game pauses goes back to the tray, not into play where
it hung (a stranger's Esc mid-drag dropped a block onto the Mega pad, which the score sheet then
called a failed Mega tower)."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.controls import MouseBuilderControl
from game.games.tower.data import BLOCKS, SLOT_RANGES, TABLE_Y
from game.games.tower.replay import turn_hash
from game.games.tower.scene import Stage
from game.games.tower.worlddata import Where
from tests.games.tower.test_scene import down, glide_world, open_game, screen_of
from tests.games.tower.test_wrong_spot import Inputs, lamp_with_its_pillar


def test_esc_while_dragging_a_tray_block_puts_it_back_in_the_tray(app: Any,
                                                                   driver: Any) -> None:
    scene = open_game(app, "mouse", "keys1")
    driver.step()
    driver.click((640, 400))  # the builder turns the sand timer
    assert scene.stage == Stage.PLAY and scene.turn is not None
    world = scene.turn.world
    bid = next(b.block_id for b in BLOCKS if b.shape == "cube")
    x0, x1 = SLOT_RANGES[2]
    start = BLOCKS[bid].tray_pos
    glide_world(driver, scene, scene.mouse_pos, start, per_frame=40.0, buttons=0)
    down(driver, screen_of(scene, start))
    glide_world(driver, scene, start, ((x0 + x1) / 2.0, TABLE_Y - 90.0), per_frame=40.0)
    assert world.hand.held_block == bid and world.block_where(bid) != Where.TRAY
    driver.key(pygame.K_ESCAPE)  # pause
    assert world.hand.held_block is None
    driver.key(pygame.K_ESCAPE)  # resume
    driver.settle(10)
    assert app.stack.top is scene
    driver.run(20)
    assert world.block_where(bid) == Where.TRAY
    assert world.block_pose(bid)[:2] == BLOCKS[bid].tray_pos
    assert all(world.slot_at(world.block_pose(b.block_id)[0]) is None
               or world.block_where(b.block_id) != Where.TABLE for b in BLOCKS)


def test_a_put_back_block_from_a_tower_goes_to_the_tray_and_replays_the_same() -> None:
    turn, pillar = lamp_with_its_pillar()
    rec = Inputs()
    turn.recorder = rec
    start = turn_hash(turn)
    x, y, _ = turn.world.block_pose(pillar)
    assert turn.grab((x, y), pillar) == pillar  # taken off its pad, held on the table
    turn.drag_to((x, y - 80.0))
    for _ in range(3):
        turn.step()
    assert turn.world.hand.held_block == pillar
    ctl = MouseBuilderControl(seat=turn.builder, kind="mouse")
    ctl.drop(turn)  # the game pauses
    assert turn.world.hand.held_block is None
    for _ in range(30):
        turn.step()
    assert turn.world.block_where(pillar) == Where.TRAY
    assert [p for _, _, p in rec.inputs][-1] == ["put_back"]
    end = turn_hash(turn)
    replayed, _ = lamp_with_its_pillar()
    assert turn_hash(replayed) == start
    rec.feed(replayed)
    assert turn_hash(replayed) == end
    assert replayed.world.block_where(pillar) == Where.TRAY
