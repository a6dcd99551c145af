"""A fast mouse drag lands the block under the pointer (a stranger's quick drags through a slow
window twice set a block on the wrong pad): driven with pygame events through App.frame, the
pointer's last move and the release arriving in the same frame."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.data import BLOCKS, SLOT_RANGES, TABLE_Y
from game.games.tower.scene import Stage
from game.games.tower.worlddata import Where
from tests.games.tower.test_scene import ROW, down, ev, glide_world, open_game, screen_of


def _start(app: Any, driver: Any, row: list[int | None] | None = None) -> Any:
    scene = open_game(app, "mouse", "keys1", row=row or ROW)
    driver.step()
    driver.click((640, 400))  # the builder turns the sand timer
    assert scene.stage == Stage.PLAY and scene.turn is not None
    return scene


def _fling(driver: Any, scene: Any, to: tuple[float, float]) -> None:
    """The pointer jumps to `to` and the button comes up there, both in one frame."""
    p = screen_of(scene, to)
    driver.step([ev(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)),
                 ev(pygame.MOUSEBUTTONUP, pos=p, button=1)])


def _centre(slot: int) -> float:
    x0, x1 = SLOT_RANGES[slot]
    return (x0 + x1) / 2.0


def test_a_block_flung_from_the_tray_lands_on_the_pad_under_the_pointer(app: Any,
                                                                         driver: Any) -> None:
    scene = _start(app, driver)
    world = scene.turn.world
    bid = next(b.block_id for b in BLOCKS if b.shape == "cube")
    start = BLOCKS[bid].tray_pos
    glide_world(driver, scene, scene.mouse_pos, start, per_frame=40.0, buttons=0)
    down(driver, screen_of(scene, start))
    assert world.hand.held_block == bid
    target = (_centre(3), TABLE_Y - 40.0)
    _fling(driver, scene, target)
    assert world.hand.held_block is None
    assert world.block_where(bid) == Where.TABLE  # not back in the tray
    driver.run(40)
    x, y, _ = world.block_pose(bid)
    assert abs(x - target[0]) < 3.0 and world.slot_at(x) == 3
    assert y > target[1]  # let fall onto the pad below the pointer


def test_a_block_flung_from_one_pad_to_another_lands_on_the_new_one(app: Any,
                                                                    driver: Any) -> None:
    # Twin cubes on pad 0 and Three cubes on pad 4: both towers start with a cube (a block
    # let go where a tower wants another goes back to the tray, test_wrong_spot).
    scene = _start(app, driver, [3, 2, 0, 7, 10])
    world = scene.turn.world
    bid = next(b.block_id for b in BLOCKS if b.shape == "cube")
    start = BLOCKS[bid].tray_pos
    glide_world(driver, scene, scene.mouse_pos, start, per_frame=40.0, buttons=0)
    down(driver, screen_of(scene, start))
    _fling(driver, scene, (_centre(0), TABLE_Y - 30.0))
    driver.run(40)
    x, y, _ = world.block_pose(bid)
    assert world.slot_at(x) == 0
    glide_world(driver, scene, scene.mouse_pos, (x, y), per_frame=40.0, buttons=0)
    down(driver, screen_of(scene, (x, y)))
    assert world.hand.held_block == bid
    target = (_centre(4), TABLE_Y - 60.0)
    _fling(driver, scene, target)
    driver.run(40)
    x, _, _ = world.block_pose(bid)
    assert abs(x - target[0]) < 3.0 and world.slot_at(x) == 4
