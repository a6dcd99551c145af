"""The centred panel over a dimmed, frozen screen that every modal overlay draws (pause, gamepad
unplugged, crash, a yes-or-no question). Kept apart from `overlays.py`, which imports the app,
so dialogs opened from launch and lobby code can share it without an import circle."""

from __future__ import annotations

import pygame

from game.app.display import LOGICAL_SIZE
from game.app.gui import MenuScene
from game.ui import text, theme
from game.ui.draw import dim_layer, panel


class OverlayScene(MenuScene):
    """A centred panel over a dimmed, frozen game."""

    opaque = False
    pauses_below = True
    music = None
    panel_size = (440, 420)
    heading = ""

    def panel_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, *self.panel_size)
        r.center = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
        return r

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(dim_layer(LOGICAL_SIZE, 170), (0, 0))
        r = self.panel_rect()
        panel(surface, r, theme.INK_2, border=theme.FUSE, radius=20, shadow=18)
        # One line across the panel: a long heading (a game's title in larger text) steps down.
        size, lines = text.fit(self.heading, 32, r.w - 48, text.line_height(32, True), True)
        text.blit(surface, lines[0] if lines else "", size, theme.CREAM, (r.centerx, r.y + 44),
                  "center", bold=True)
