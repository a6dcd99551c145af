"""Credits: who made what, and the games in the collection (from the catalogue)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.app.gui import MenuScene
from game.app.menus.common import header
from game.ui import text, theme
from game.ui.draw import panel

if TYPE_CHECKING:
    from game.app.app import App

STUDIO = ("Kaboom! Collection", "Designed and built by the Kaboom! studio team.")
TOOLS = [
    ("Made with", "pygame-ce, pymunk, pygame-gui and platformdirs. Type: Noto Sans."),
    ("Sound", "Every effect is synthesized by the project's own script."),
]


def credits() -> list[tuple[str, str]]:
    """(heading, text) pairs: the studio, each game in the catalogue (and only those), tools."""
    from game.app import catalogue

    games = [(g.title, g.credit or g.pitch) for g in catalogue.games()]
    return [STUDIO, *games, *TOOLS]


class CreditsScene(MenuScene):
    scene_id = "credits"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries = credits()

    def build(self) -> None:
        self.button((64, 650, 160, 44), "Back", self.on_back, object_id="#small")

    def _sizes(self, rect: pygame.Rect) -> tuple[int, int]:
        """The body size (headings 4 larger) and the gap between entries at which every entry
        fits the panel: 18 when it can, smaller with larger text."""
        for size in range(18, text.MIN_PX - 1, -1):
            gap = 12 if size > 15 else 6
            need = sum(text.line_height(size + 4, True) + gap
                       + len(text.wrap(body, size, rect.w - 80)) * text.line_height(size)
                       for _, body in self.entries)
            if need <= rect.h - 36:
                return size, gap
        return text.MIN_PX, 6

    def draw_still(self, surface: pygame.Surface) -> Sequence[pygame.Rect]:
        top = header(surface, "Credits")
        rect = pygame.Rect(160, 120, 960, 500)
        panel(surface, rect, theme.INK_2, border=theme.LINE)
        body_size, gap = self._sizes(rect)
        y = rect.y + 24
        for title, body in self.entries:  # lines spaced by the text size (larger text too)
            text.blit(surface, title, body_size + 4, theme.SPARK, (rect.x + 40, y), bold=True)
            y += text.line_height(body_size + 4, True)
            for line in text.wrap(body, body_size, rect.w - 80):
                text.blit(surface, line, body_size, theme.CREAM, (rect.x + 40, y))
                y += text.line_height(body_size)
            y += gap
        return [top, rect]
