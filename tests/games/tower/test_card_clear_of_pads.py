"""The card under the pointer, drawn enlarged, never covers a pad or the tray: a playtester
reading a card could not see where to build (it was placed under its card, down over the pads).
It stands in free wall instead (smaller, or its list in two columns, where it must), clear of
the notes too."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.tower import art, guide
from game.games.tower.data import ROW_SLOTS, SLOT_RANGES, TABLE_Y
from game.games.tower.scene import Stage

from .test_scene import open_game

ROW = [20, 15, 0, 11, 4]
"""Needle, Watchtower, Mega, Chapel, Cottage: the Mega's long list and the tallest cards."""
DROPPED = (4, 0, 3, 1)
"""The slots emptied, in turn, for a turn with fewer tiles."""


def _floor(scene: Any) -> list[pygame.Rect]:
    """Every pad's slab and the tray, on screen now."""
    v = scene.camera.view
    out = []
    for x0, x1 in SLOT_RANGES:
        (a, b), (c, d) = v.to_screen((x0, TABLE_Y - 12)), v.to_screen((x1, TABLE_Y + 2))
        out.append(pygame.Rect(round(a), round(b), round(c - a), round(d - b)))
    (a, b), (c, d) = (v.to_screen(p) for p in (art.TRAY_RECT.topleft,
                                               art.TRAY_RECT.bottomright))
    return out + [pygame.Rect(round(a), round(b), round(c - a), round(d - b))]


@pytest.mark.parametrize("tiles", [5, 4, 3, 2, 1])
def test_the_enlarged_card_covers_no_pad_nor_the_tray_nor_a_note(
        app: Any, driver: Any, tiles: int) -> None:
    row: list[int | None] = list(ROW)
    for s in DROPPED[:5 - tiles]:
        row[s] = None
    scene = open_game(app, "mouse", "ai:easy", row=row)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    driver.run(10)
    view = scene.table_view
    read = 0
    for slot in range(ROW_SLOTS):
        if scene.turn_row[slot] is None:
            continue
        scene.fx.notes = {slot: ("The Twin cubes' cube at the bottom has another block on "
                                 "the tile beside it", 3.0)}
        scene.mouse_screen = view.card_rect(slot).center
        guide.hovered_card(view)
        scene.real_time += guide.HOVER_REST_S + 0.01  # the pointer rests on the card
        assert guide.hovered_card(view) == slot
        scene.draw(app.screen)
        big = view.enlarged
        assert big is not None and app.screen.get_rect().contains(big), slot
        assert big.h >= art.CARD_H, slot  # never smaller than it hangs on the wall
        for r in _floor(scene):
            assert not big.colliderect(r), (tiles, slot, big, r)
        assert not big.colliderect(view.note_plates[slot]), (tiles, slot)
        read += 1
    assert read == tiles
