"""A Mega win says so: the "… wins the game!" line on a dark plate over the yellow burst, and
the final board shows the Mega among the winner's tiles and says it was built (a stranger read
only "Ben scored 2 points" under a Mega win, and cream words on the burst)."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.data import MEGA_TILE_ID, TILES
from game.games.tower.demos import place_tower
from game.games.tower.scene import Stage

from .test_scene import ROW, fast_forward, open_game


def _luma(c: Any) -> float:
    return float(0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2])


def test_a_mega_win_is_read_on_a_dark_plate_and_shown_on_the_final_board(
        app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "keys1", row=list(ROW))
    driver.step()
    driver.click((640, 400))
    assert scene.turn is not None
    assert place_tower(scene.turn.world, 2, 0) == len(TILES[0].pieces)
    scene.turn.world.settle(1.0)
    fast_forward(driver, scene, Stage.JUDGE)
    plan = scene.plan
    assert plan is not None and plan.mega_at is not None
    assert driver.run_until(lambda: scene.stage_t >= plan.mega_at + 0.4, 600)
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    plate = scene.table_view.mega_plate
    assert plate is not None and plate.collidepoint(640, 400)
    assert _luma(surface.get_at((plate.left + 8, plate.centery))) < 60  # dark under the words
    fast_forward(driver, scene, Stage.OVER)
    info = scene.table_view.board_info(True)
    winner = next(r for r in info.rows if r.winner)
    assert MEGA_TILE_ID in winner.tiles
    assert "built the Mega Tower" in info.notes[0]
    assert not any("scored" in n for n in info.notes)
