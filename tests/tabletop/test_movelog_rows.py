"""The move log's rows grow with larger text: its lines never run together."""

from __future__ import annotations

import pygame

from game.tabletop.movelog import MoveLog
from game.ui import text, theme
from tests.ui.layout import Words, observing


def test_in_larger_text_the_logs_rows_never_run_together() -> None:
    """At a fixed size + 6 the rows of larger text ran together and the seat markers floated
    above their lines (a stranger saw them)."""
    pygame.init()
    log = MoveLog()
    for i in range(8):
        log.add(f"Ben fires a Pipe Bomb at Ana (stone wall), move {i}", theme.CREAM,
                ("square", (60, 140, 230)))
    surface = pygame.Surface((1280, 720))
    for scale in (1.0, theme.LARGE_TEXT_SCALE):
        text.set_scale(scale)
        try:
            with observing(Words()) as seen:
                log._cache = None
                log.draw(surface, pygame.Rect(1000, 60, 270, 400), 14)
        finally:
            text.set_scale(1.0)
        rows = sorted(box for label, box in seen.boxes if label.startswith(("Ben", "Ana",
                                                                            "move", "(stone")))
        rows.sort(key=lambda r: r.y)
        assert len(rows) >= 4
        for a, b in zip(rows, rows[1:], strict=False):
            assert b.y >= a.bottom - 3, (scale, a, b)
