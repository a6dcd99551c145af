"""A yes-or-no question over the screen below, worked by mouse, keyboard and pad like every menu.

The safe answer ("no") has the focus first and is also what Back / Escape / B give.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.menus.overlay_base import OverlayScene
from game.ui import text, theme

if TYPE_CHECKING:
    from game.app.app import App


class ConfirmDialog(OverlayScene):
    """`message` (and a quieter `detail`) with two buttons: `no_label` is the safe answer (it
    calls `on_no` if given, else closes the dialog and changes nothing; Back always just
    closes it); `yes_label` calls `on_yes` (which closes the dialog itself if it should)."""

    scene_id = "confirm"
    panel_size = (600, 360)

    def __init__(self, app: App, heading: str, message: str, *, yes_label: str,
                 no_label: str, on_yes: Callable[[], None], detail: str = "",
                 on_no: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.heading = heading
        self.message = message
        self.detail = detail
        self.yes_label = yes_label
        self.no_label = no_label
        self.on_yes = on_yes
        self.on_no = on_no

    def build(self) -> None:
        # Each answer's button fits its words in the theme's font (they grow with larger
        # text: "Continue my game" overflowed); the panel widens when two would not fit.
        th = self.manager.get_theme()
        widest = max(th.get_font([oid, "button"]).size(label)[0]
                     for oid, label in (("#primary", self.no_label),
                                        ("#danger", self.yes_label)))
        w = max(225, widest + 36)
        self.panel_size = (max(type(self).panel_size[0], 2 * w + 150), self.panel_size[1])
        r = self.panel_rect()
        y = r.bottom - 90
        left = r.centerx - w - 15
        self.button((left, y, w, 56), self.no_label, self.on_no or self.on_back,
                    object_id="#primary",
                    row=0, col=0)
        self.button((left + w + 30, y, w, 56), self.yes_label, self._yes, object_id="#danger",
                    row=0, col=1)
        self.nav.focus(self.nav.items[0])  # the safe answer first
        self.nav.visible = self.app.input.last_device != "mouse"

    def _yes(self) -> None:
        self.on_yes()

    def on_back(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)  # the dimmed screen, the panel and the heading
        r = self.panel_rect()
        y = r.y + 100
        for line in text.wrap(self.message, 20, r.w - 80):
            text.blit(surface, line, 20, theme.CREAM, (r.centerx, y), "center")
            y += 30
        for line in text.wrap(self.detail, 16, r.w - 80)[:2] if self.detail else []:
            text.blit(surface, line, 16, theme.MUTED, (r.centerx, y + 12), "center")
            y += 24
