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

    def draw_still(self, surface: pygame.Surface) -> Sequence[pygame.Rect]:
        top = header(surface, "Credits")
        rect = pygame.Rect(160, 120, 960, 500)
        panel(surface, rect, theme.INK_2, border=theme.LINE)
        y = rect.y + 30
        for title, body in self.entries:
            text.blit(surface, title, 22, theme.SPARK, (rect.x + 40, y), bold=True)
            for line in text.wrap(body, 18, rect.w - 80):
                y += 28
                text.blit(surface, line, 18, theme.CREAM, (rect.x + 40, y))
            y += 40
        return [top, rect]
