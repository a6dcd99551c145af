"""The prompt bar of a card table: who must act (their seat's shape and colour) and exactly
what to do, on one line, or two at the smallest size. Shared by the card games."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import text, theme
from game.ui.draw import lerp_colour, panel, seat_shape

Colour = tuple[int, int, int]
BAR = pygame.Rect(8, 668, 1264, 46)
"""Where a card table's prompt bar sits: along the bottom edge."""


@lru_cache(maxsize=64)
def prompt_surface(who: str, colour: Colour, shape: str, message: str,
                   width: int = BAR.w, height: int = BAR.h) -> pygame.Surface:
    """The bar: `who` in their colour after their shape, then `message`, smaller until it fits
    on one line; at the smallest size it may take two (larger text, long words)."""
    s = pygame.Surface((width, height), pygame.SRCALPHA)
    r = s.get_rect()
    panel(s, r, theme.INK_2, radius=14, border=lerp_colour(colour, theme.LINE, 0.4), shadow=0)
    x = 16
    if who:
        seat_shape(s, shape, (x + 8, r.centery), 8, colour)
        x += 24
        w = text.blit(s, who, 18, colour, (x, r.centery), "midleft", bold=True, shadow=True)
        x = w.right + 10
    # Two lines set 2 px closer than the font's spacing fill the bar: with larger text the
    # smallest size's two lines need all of it (a long keyboard prompt lost its last words);
    # at other sizes they keep 2 px from its edges (a stranger's second line met the border).
    size, lines = text.fit(message, 17, width - x - 16, r.h - 4, leading=-2)
    if lines and lines[-1].endswith("…") and not message.endswith("…"):
        size, lines = text.fit(message, 17, width - x - 16, r.h, leading=-2)
    step = text.line_height(size) - 2
    lift = 0
    if len(lines) > 1:  # two lines keep off the border: with larger text the second one's
        # descenders sat on it (a stranger's "Nothing to attack with now ... or pass.")
        ink = theme.font(text.px(size)).get_height()
        step = min(step, (r.h - 6 - ink) // (len(lines) - 1) + 4)
        lift = 2
    for i, ln in enumerate(lines):
        y = r.centery - lift + round((i - (len(lines) - 1) / 2) * step)
        text.blit(s, ln, size, theme.CREAM, (x, y), "midleft")
    return s
