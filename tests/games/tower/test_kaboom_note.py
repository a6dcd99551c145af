"""A saboteur's knock note and the KABOOM! over the tower it fell from: a stranger found the
burst's spikes over the start of "Ben's die knocks the short beam and the arch off the
Temple!". The note keeps clear of the whole burst, however the table is seen."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.tower import hud

from .test_overlaps import knocked_table

WORDS = "Ben's die knocks the short beam and the arch off the Temple!"


@pytest.mark.parametrize("specs", [("ai:easy", "mouse"), ("mouse", "ai:easy", "ai:easy"),
                                   ("ai:easy", "mouse", "keys1")])
def test_a_knock_note_is_clear_of_the_kaboom_burst(app: Any, driver: Any,
                                                  specs: tuple[str, ...]) -> None:
    hits = []
    for slot in (0, 1, 3, 4):
        scene = knocked_table(app, driver, specs, slot)
        scene.fx.kaboom(slot)
        scene.fx.knocked(slot, WORDS, (90, 140, 230), big=True)
        for _ in range(6):  # through the burst's pop-in, when it is at its fullest
            driver.run(3)
            scene.draw(app.screen)
            note = scene.table_view.note_plates[slot]
            for p in scene.fx.popups:
                reach = round(hud.comic_reach(p.word, p.size))
                burst = pygame.Rect(0, 0, 2 * reach, 2 * reach)
                burst.center = (round(p.x), round(p.y - p.age * 12))
                if note.colliderect(burst):
                    hits.append((specs, slot, note, burst))
        app.stack.pop()
        app.stack.apply_requests()
    assert not hits, hits
