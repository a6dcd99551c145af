"""Where a card table's parts sit on the 1280x720 screen, the same for every card game: the
table in its wooden rim, the felt inside it, the sidebar on the right, the prompt bar along the
bottom; and the sidebar's header (the game's name and its status)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import text, theme
from game.ui.draw import panel

SCREEN = (1280, 720)
TABLE = pygame.Rect(8, 8, 984, 652)  # the wooden rim's outer edge
FELT = TABLE.inflate(-28, -28)
SIDEBAR = pygame.Rect(1002, 8, 270, 652)
BAR = pygame.Rect(8, 668, 1264, 46)


@lru_cache(maxsize=8)
def sidebar_frame(title: str, status: str = "", scale: float = 1.0) -> pygame.Surface:
    """The sidebar's header: the title, and the status (the round) beside it, or under it
    when larger text leaves no room (`scale` is the text scale, so a change redraws it)."""
    s = pygame.Surface((SIDEBAR.w, 50), pygame.SRCALPHA)
    r = pygame.Rect(0, 0, SIDEBAR.w, 50)
    panel(s, r, theme.INK_2, radius=14, border=theme.LINE, shadow=0)
    title_w = text.render(title, 19, theme.SPARK, True, True).get_width()
    status_w = text.render(status, 14, theme.CREAM, True).get_width() if status else 0
    if 14 + title_w + 12 + status_w + 14 <= r.w:
        text.blit(s, title, 19, theme.SPARK, (14, 25), "midleft", bold=True, shadow=True)
        if status:
            text.blit(s, status, 14, theme.CREAM, (r.right - 14, 25), "midright", bold=True)
    else:
        text.blit(s, title, 16, theme.SPARK, (14, 15), "midleft", bold=True, shadow=True)
        text.blit(s, status, 13, theme.CREAM, (14, 36), "midleft", bold=True)
    return s
