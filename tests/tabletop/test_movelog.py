"""The move log panel shows whole lines: an older line that does not fit is left out, never
cut to its last part."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.tabletop import movelog
from game.tabletop.movelog import MoveLog


def test_an_older_line_that_does_not_fit_whole_is_left_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.font.init()
    shown: list[str] = []
    real = movelog.text.blit

    def spy(surface: pygame.Surface, line: str, *args: Any, **kwargs: Any) -> Any:
        shown.append(line)
        return real(surface, line, *args, **kwargs)

    monkeypatch.setattr(movelog.text, "blit", spy)
    log = MoveLog()
    long = "The endgame begins: whoever is out picks an endgame card each turn, until the end " \
        "of the game, and this line is long enough to wrap over several lines of the panel"
    log.add(long)
    for i in range(3):
        log.add(f"Short line {i}.")
    surface = pygame.Surface((300, 200), pygame.SRCALPHA)
    rect = pygame.Rect(8, 8, 270, 34 + 4 * 20 + 4)  # room for four lines of size 14
    log.draw(surface, rect, 14)
    parts = movelog.text.wrap(long, 14, rect.w - 24)
    assert len(parts) > 1
    assert not any(p in shown for p in parts)  # no stray half of the long line
    assert "Short line 0." in shown and "Short line 1." in shown
