"""Couch, two people and an AI: a saboteur's own widgets (power gauge, aim notes) stand by
their own catapult, never over the pads being built on nor over the tile cards."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from game.games.tower.data import SLOT_RANGES, TABLE_Y
from tests.games.tower.test_scene import open_game


@pytest.mark.parametrize("seed", [3, 8])
def test_a_couch_saboteurs_gauge_and_notes_keep_off_the_pads_and_cards(
        app: Any, driver: Any, seed: int) -> None:
    scene = open_game(app, "mouse", "keys1", "ai:medium", seed=seed)
    scene.start_turn()
    driver.step()
    view = scene.table_view
    humans = [s for s, c in scene.sab_ctls.items() if c.human]
    assert humans
    for seat in humans:
        scene.turn.world.catapults.aim(seat, math.radians(60.0), 1.0)
        view.miss_hint[seat] = scene.real_time + 5.0  # a "Missed" note up as well
    driver.step(draw=True)
    v = scene.camera.view
    blocked: list[pygame.Rect] = []
    for slot, tid in enumerate(scene.match.row):
        if tid is None:
            continue
        x0, x1 = SLOT_RANGES[slot]
        (sx0, sy), (sx1, _) = v.to_screen((x0, TABLE_Y)), v.to_screen((x1, TABLE_Y))
        blocked.append(pygame.Rect(round(sx0), round(sy) - 14, round(sx1 - sx0), 20))
        blocked.append(view.card_rect(slot))
    for seat in humans:
        mine = [view.power_plates[seat]]
        if seat in view.aim_notes:
            mine.append(view.aim_notes[seat])
        assert len(mine) == 2  # the gauge and the note, both drawn
        for r in mine:
            hit = [tuple(b) for b in blocked if r.colliderect(b)]
            assert not hit, f"seat {seat}'s widget {tuple(r)} lies over {hit}"
