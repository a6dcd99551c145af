"""A begun Mega moves nothing under the builder's pointer, and the builder's tips and notes
keep off every open tower's slots, the Mega's top included (a stranger's Mega rose behind the
"No arch left" note; a later stranger's first Mega block widened the view under his pointer)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
import pytest

from game.games.tower.camera import tower_height
from game.games.tower.controls import CursorBuilderControl
from game.games.tower.data import SHAPES, SLOT_RANGES, TABLE_Y, TILES
from game.games.tower.scene import Stage

from .test_scene import open_game

ROW = [25, 6, 0, 1, 14]
"""Temple, Bridge, the Mega (slot 2), Bench, Aqueduct."""


def _top_slot(scene: Any) -> pygame.Rect:
    """The Mega's top block's screen box, the tower built whole."""
    tid = ROW[2]
    key, orient = TILES[tid].pieces[-1]
    h = SHAPES[key].size(orient)[1]
    x0, x1 = SLOT_RANGES[2]
    top = TABLE_Y - tower_height(tid)
    v = scene.camera.view
    (sx0, sy0), (sx1, sy1) = v.to_screen((x0, top)), v.to_screen((x1, top + h))
    return pygame.Rect(round(sx0), round(sy0), round(sx1 - sx0), round(sy1 - sy0))


@pytest.mark.parametrize("device", ["mouse", "keys1"])
def test_a_begun_mega_holds_the_view_and_the_notes_keep_off_its_slots(
        app: Any, driver: Any, device: str) -> None:
    scene = open_game(app, device, "ai:easy", row=list(ROW))
    driver.step()
    if device == "mouse":
        driver.click((640, 400))
    else:
        driver.key(pygame.K_SPACE)
    assert scene.stage == Stage.PLAY and scene.turn is not None
    scene.sab_ctls.clear()
    driver.run(3)
    close = scene.camera.view
    turn = scene.turn
    real = turn.judgements

    def judgements() -> list[Any]:  # the Mega's first block set
        return [dataclasses.replace(j, progress=1) if j.slot == 2 else j for j in real()]

    turn.judgements = judgements  # type: ignore[method-assign]
    driver.run(45)
    # The Mega's first block moves nothing under the pointer: the view holds (it steps out
    # once, to take the Mega in whole, only when the Mega rises into the cards).
    assert scene.camera.view == close
    words = "No arch left for the Aqueduct: take one from another tower"
    if device == "mouse":
        scene.supply_note, scene.supply_note_until = words, scene._frames + 600
    else:
        b = scene.builder_ctl
        assert isinstance(b, CursorBuilderControl)
        b.note, b.note_left = words, 10.0
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    view = scene.table_view
    top = _top_slot(scene)
    assert top.top >= 0  # on screen (under the cards once it rises: the one step out)
    plates = view.hint_plates
    assert len(plates) == 2  # the tips and the note
    for r in plates:
        assert not top.colliderect(r), (top, r)
    # every open tower's slots clear of the plates too
    for t in view.tower_rects():
        for r in plates:
            assert not t.colliderect(r), (t, r)
    # the note off the tray's names too (beside the Mega, or on the table's front; the
    # first seconds' two-line tips, too wide for either, go down by the tray)
    assert view.tray_labels
    for lb in view.tray_labels:
        assert not plates[-1].colliderect(lb), (plates[-1], lb)
