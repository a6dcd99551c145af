"""Credits: who made what, and the games this collection adapts."""

from __future__ import annotations

import pygame

from game.app import catalogue
from game.app.gui import MenuScene
from game.app.menus.common import header
from game.ui import text, theme
from game.ui.draw import panel

CREDITS = [
    ("Kaboom! Collection", "Designed and built by the Kaboom! studio team."),
    ("Made with", "pygame-ce, pymunk, pygame-gui and platformdirs. Type: Noto Sans."),
    ("Sound", "Every effect is synthesized by the project's own script."),
]


def credits() -> list[tuple[str, str]]:
    """The collection's line, each registered game's own credit (`GameInfo.credit`), the tools."""
    games = [(g.title, g.credit) for g in catalogue.games() if g.credit]
    return CREDITS[:1] + games + CREDITS[1:]


class CreditsScene(MenuScene):
    scene_id = "credits"

    def build(self) -> None:
        self.button((64, 650, 160, 44), "Back", self.on_back, object_id="#small")

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        header(surface, "Credits")
        rect = pygame.Rect(160, 120, 960, 500)
        panel(surface, rect, theme.INK_2, border=theme.LINE)
        y = rect.y + 30
        for title, body in credits():
            text.blit(surface, title, 22, theme.SPARK, (rect.x + 40, y), bold=True)
            for line in text.wrap(body, 18, rect.w - 80):
                y += 28
                text.blit(surface, line, 18, theme.CREAM, (rect.x + 40, y))
            y += 40
