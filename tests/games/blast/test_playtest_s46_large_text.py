"""Larger text on the blast table: the prompt bar's two lines fit under the table and the
sidebar, and the move log shows its newest entry whole (a stranger's bar covered the rim's foot
and the facts' "Goal" row; a long log entry was cut to "a Fizzle or Blast Shield still ...")."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.blast import hud, view
from game.games.blast.layout import LOG_RECT, SIDEBAR, TABLE
from game.tabletop.movelog import MoveLog
from game.ui import text
from tests.ui.layout import open_scene

SCENES = ["blast.play", "blast.attack", "blast.defence"]
LONG = ("Cleo's Underminer digs under Ana's iron wall! No defence answers him (only an "
        "Assassin removes him; a Force Field or Diplomacy keeps him away): it hits in 3 s.")
CHEMIST = ("Advanced Technology makes Cleo's Flaming Arrow hit like a Pipe Bomb (a Fizzle or "
           "Blast Shield still cancels it).")


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("scene_id", SCENES)
def test_the_prompt_bar_fits_under_the_table_and_sidebar(
        scene_id: str, large: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    app, driver = open_scene(scene_id, large)
    try:
        driver.run(30)
        scene = app.stack.top
        seat, shown = scene.prompt()
        blits: list[tuple[pygame.Surface, str, pygame.Rect]] = []
        placed: list[pygame.Rect] = []
        real, real_at = text.blit, hud.prompt_bar_at

        def spy(surface: pygame.Surface, words: str, *a: Any, **k: Any) -> pygame.Rect:
            rect = real(surface, words, *a, **k)
            blits.append((surface, words, rect))
            return rect

        def at(img: pygame.Surface) -> tuple[int, int]:
            pos = real_at(img)
            placed.append(pygame.Rect(pos, img.get_size()))
            return pos

        for message in (shown, LONG):
            for who in (seat, None):
                monkeypatch.setattr(scene, "prompt", lambda m=message, s=who: (s, m))
                blits.clear()
                placed.clear()
                monkeypatch.setattr(text, "blit", spy)
                monkeypatch.setattr(hud, "prompt_bar_at", at)
                hud.prompt_bar.cache_clear()
                scene.view._prompt(pygame.Surface((1280, 720)))
                monkeypatch.setattr(text, "blit", real)
                monkeypatch.setattr(hud, "prompt_bar_at", real_at)
                (bar,) = placed
                assert pygame.Rect(0, 0, 1280, 720).contains(bar), bar
                assert not bar.colliderect(TABLE) and not bar.colliderect(SIDEBAR), bar
                words = [r for _s, w, r in blits if w and w in message and len(w) > 8]
                assert words, message
                for r in words:  # the words' rects (on the bar's surface) inside the bar
                    assert pygame.Rect((0, 0), bar.size).contains(r), (message, r, bar)
    finally:
        text.set_scale(1.0)
        hud.prompt_bar.cache_clear()
        app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("scene_id", SCENES)
def test_no_moves_entry_is_cut_with_an_ellipsis(
        scene_id: str, large: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    app, driver = open_scene(scene_id, large)
    try:
        driver.run(30)
        scene = app.stack.top
        log: MoveLog = scene.presenter.log
        log.add("Ben's turn (round 3).")
        log.add(CHEMIST)
        need = view.newest_rows(log, LOG_RECT.w, 14)
        assert need >= 3
        room = pygame.Rect(LOG_RECT.x, LOG_RECT.y, LOG_RECT.w,
                           view.log_foot(need) - LOG_RECT.y)
        drawn: list[str] = []
        real = text.blit

        def spy(surface: pygame.Surface, words: str, *a: Any, **k: Any) -> pygame.Rect:
            drawn.append(words)
            return real(surface, words, *a, **k)

        monkeypatch.setattr(text, "blit", spy)
        log.draw(pygame.Surface((1280, 720)), view.fitted_log(log, room, 14), 14)
        monkeypatch.setattr(text, "blit", real)
        assert not any(w.rstrip().endswith("…") for w in drawn), drawn
        assert any(w.endswith("cancels it).") for w in drawn), drawn  # its end in sight
        card = view.preview_card(None, need)
        assert card.y > room.bottom
    finally:
        text.set_scale(1.0)
        app.shutdown(quit_pygame=False)
