"""Credits: who made what, and the games this collection adapts."""

from __future__ import annotations

import pygame

from game.app.gui import MenuScene
from game.app.menus.common import header
from game.ui import text, theme
from game.ui.draw import panel

CREDITS = [
    ("Kaboom! Collection", "Designed and built by the Kaboom! studio team."),
    ("Tower Kaboom", "Adapted from Kaboom by Florence and Roberto Fraga (HUCH! & friends, "
                     "Blue Orange)."),
    ("Cosmic Kaboom", "Adapted from Cosmic Kaboom (Minion Games)."),
    ("Kaboom! cards", "The traveler's memory card game of the Cabo family, as played on the "
                      "trails."),
    ("Kaboom! explosive", "Adapted from Kaboom! An Explosive Card Game (Jem Games)."),
    ("Made with", "pygame-ce, pymunk, pygame-gui and platformdirs. Type: Noto Sans."),
    ("Sound", "Every effect is synthesized by the project's own script."),
]


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
        for title, body in CREDITS:
            text.blit(surface, title, 22, theme.SPARK, (rect.x + 40, y), bold=True)
            for line in text.wrap(body, 18, rect.w - 80):
                y += 28
                text.blit(surface, line, 18, theme.CREAM, (rect.x + 40, y))
            y += 40
