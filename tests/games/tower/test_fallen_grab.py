"""A block knocked off a tower onto the table is as easy to take with the mouse as a tray
block: a press just beside it (above a beam lying flat, a stranger's near misses) takes it,
the nearer of two, and a press well away from every block takes none. Played headless through
the real app, with real mouse events on the screen."""

from __future__ import annotations

from typing import Any

from game.games.tower.controls import MOUSE_GRAB_REACH
from game.games.tower.data import BLOCKS, SLOT_RANGES, TABLE_Y
from game.games.tower.scene import Stage, TowerScene
from game.games.tower.worlddata import Where

from .test_scene import ROW, down, open_game, screen_of, up


def _lying_on_the_table(driver: Any, scene: TowerScene, shape: str, x: float) -> int:
    """A `shape` block from the tray dropped lying on the table at x (as one knocked off)."""
    turn = scene.turn
    assert turn is not None
    world = turn.world
    bid = next(b.block_id for b in BLOCKS
               if b.shape == shape and world.block_where(b.block_id) == Where.TRAY)
    assert turn.grab(BLOCKS[bid].tray_pos, bid) == bid
    turn.drag_to((x, TABLE_Y - 120.0))  # lying, as the tray keeps it
    driver.run(20)
    turn.release()
    driver.run(120)
    assert world.block_where(bid) == Where.TABLE
    pts = [p for poly in world.block_polygons(bid) for p in poly]
    w = max(p[0] for p in pts) - min(p[0] for p in pts)
    h = max(p[1] for p in pts) - min(p[1] for p in pts)
    assert w > 2 * h  # lying flat
    return bid


def _top_on_screen(scene: TowerScene, bid: int) -> tuple[int, int]:
    """The screen point at the middle of a block's top edge."""
    world = scene.world
    x, _y, _a = world.block_pose(bid)
    top = min(p[1] for poly in world.block_polygons(bid) for p in poly)
    return screen_of(scene, (x, top))


def _press_and_let_go(driver: Any, scene: TowerScene, at: tuple[int, int]) -> int | None:
    """Press the left button at a screen point; what the hand holds then (let go after)."""
    down(driver, at)
    held = scene.world.hand.held_block
    up(driver, (at[0], at[1] - 200))  # let go high over the table, away from every tray
    driver.run(90)
    return held


def test_a_press_just_beside_a_fallen_block_takes_it(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "keys1", row=list[int | None](ROW))
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY and scene.turn is not None
    # A short beam lying in the gap between the first two pads, a pillar between the next.
    gap1 = (SLOT_RANGES[0][1] + SLOT_RANGES[1][0]) / 2.0
    gap2 = (SLOT_RANGES[1][1] + SLOT_RANGES[2][0]) / 2.0
    beam = _lying_on_the_table(driver, scene, "plank", gap1)
    pillar = _lying_on_the_table(driver, scene, "pillar", gap2)
    zoom = scene.camera.view.zoom
    # Just above the beam's top edge (off the wood, within the reach): it is taken.
    x, y = _top_on_screen(scene, beam)
    off = round(0.7 * MOUSE_GRAB_REACH * zoom)
    assert off >= 10  # a real miss by the old exact test: 10 px and more above the wood
    assert scene.world.hand.block_at(scene.camera.view.to_world((x, y - off))) is None
    assert _press_and_let_go(driver, scene, (x, y - off)) == beam
    # Beside the pillar's end, nearer it than the beam: the pillar.
    px, py = _top_on_screen(scene, pillar)
    assert _press_and_let_go(driver, scene, (px, py - off)) == pillar
    # Well away from every block: nothing taken.
    far = round(3 * MOUSE_GRAB_REACH * zoom)
    assert _press_and_let_go(driver, scene, (px, py - far)) is None
