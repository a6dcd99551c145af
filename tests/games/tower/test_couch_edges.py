"""Couch clutter: a keyboard builder building while the mouse player aims saw three hint boxes
stacked across the middle over the tower being built (the builder's keys, a warning, the mouse
player's hint). A saboteur's hint stands at its own edge of the screen, beside its catapult,
and its power gauge goes once its dice are all fired."""

from __future__ import annotations

from typing import Any

from game.games.tower.data import TILES, VIEW_W
from game.games.tower.demos import place_tower
from tests.games.tower.test_scene import open_game


def _building(app: Any, driver: Any, *specs: str) -> Any:
    scene = open_game(app, *specs, seed=3)
    scene.start_turn()
    turn = scene.turn
    small = [s for s, t in enumerate(scene.match.row) if t is not None and not TILES[t].mega]
    place_tower(turn.world, small[1], scene.match.row[small[1]] or 0)
    turn.world.settle(1.0)
    driver.run(30)
    return scene


def test_a_saboteurs_hint_stands_at_its_own_edge_not_stacked_in_the_middle(
        app: Any, driver: Any) -> None:
    scene = _building(app, driver, "keys1", "mouse")
    b = scene.builder_ctl
    b.note, b.note_left = "No arch left for the Gatehouse", 5.0
    driver.step(draw=True)
    plates = scene.table_view.hint_plates
    assert len(plates) == 3  # the builder's keys, the warning, the mouse player's hint
    hint = plates[-1]
    facing = scene.world.catapults[1].slot.facing
    if facing < 0:
        assert hint.right == round(VIEW_W) - 8 and hint.left > VIEW_W / 2
    else:
        assert hint.left == 8 and hint.right < VIEW_W / 2
    assert not any(hint.colliderect(p) for p in plates[:-1])


def test_a_saboteurs_power_gauge_goes_with_its_last_die(app: Any, driver: Any) -> None:
    scene = _building(app, driver, "mouse", "keys1")
    driver.step(draw=True)
    assert 1 in scene.table_view.power_plates
    scene.match.dice_left[1] = 0
    driver.step(draw=True)
    assert 1 not in scene.table_view.power_plates
