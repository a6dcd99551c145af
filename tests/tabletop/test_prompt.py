"""The card tables' prompt bar: a long line fits clear of the bar's edges (one line at a
smaller size, or two), and a count stays with its unit."""

from __future__ import annotations

import pygame

from game.tabletop.prompt import BAR, prompt_surface
from game.ui import text, theme

UNDERMINER = ("Ben's Underminer digs under your iron wall! No defence answers him (only an "
              "Assassin removes him; a Force Field or Diplomacy keeps him away): it hits "
              "in 2\u00a0s.")


def test_two_lines_keep_clear_of_the_bars_edges_and_a_count_keeps_its_unit() -> None:
    """A stranger saw '...it hits in 2' on one line and 's.' on the next, its foot on the
    bar's border."""
    pygame.init()
    seen: list[tuple[str, int]] = []
    real = text.blit

    def spy(surface, line, size, *a, **k):  # type: ignore[no-untyped-def]
        seen.append((line, size))
        return real(surface, line, size, *a, **k)

    text.blit = spy  # type: ignore[assignment]
    try:
        prompt_surface.cache_clear()
        prompt_surface("", theme.CREAM, "circle", UNDERMINER)
    finally:
        text.blit = real  # type: ignore[assignment]
    size = seen[0][1]
    assert len(seen) * (text.line_height(size) - 2) <= BAR.h - 4, seen
    assert seen[-1][0].endswith("2\u00a0s.") and not seen[-1][0].startswith("s.")
