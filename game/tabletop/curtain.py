"""The pass-the-device curtain: hides the table until the named player opens it.

With two or more humans at one screen, anything private (a peek, a drawn card) is shown only
after this curtain, which opens only for the named player's own input (their confirm or action
key, their gamepad's A or X, or a click if they hold the mouse).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.app.input import MOUSE, ActionEvent, device_label
from game.app.scene import Scene
from game.ui import text, theme
from game.ui.draw import panel, seat_shape, vertical_gradient
from game.ui.theme import Colour

if TYPE_CHECKING:
    from game.app.app import App


def open_hint(app: App, device: str) -> str:
    """How the curtain's player opens it, in the input layer's words."""
    if device == MOUSE:
        return f"{app.input.word_for(device, 'confirm')} anywhere"
    if device.startswith("pad"):
        return f"press {app.input.word_for(device, 'confirm')} on {device_label(device)}"
    return f"press {app.input.word_for(device, 'confirm')}"


class PassCurtain(Scene):
    """Opaque cover: 'Pass to <name>'. Opens for `device` only, then calls `on_open`."""

    scene_id = "curtain"
    opaque = True
    pauses_below = True
    match_time = True  # the device going round is part of the match (Statistics' time played)

    def __init__(self, app: App, name: str, colour: tuple[int, int, int], device: str,
                 on_open: Callable[[], None], reason: str = "", shape: str = "circle",
                 on_cancel: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.name = name
        self.colour = colour
        self.device = device
        self.on_open = on_open
        self.on_cancel = on_cancel
        self.reason = reason
        self.shape = shape
        self.opened = False
        self.cancelled = False

    def _open(self) -> None:
        if self.opened or self.cancelled:
            return
        self.opened = True
        self.app.sound.play("ui_open")
        self.app.stack.pop()
        self.on_open()

    def exit(self) -> None:
        """Gone from the stack: its seconds stay in the match under it."""
        from game.app.gamescene import GameScene

        below = [s for s in self.app.stack.scenes if isinstance(s, GameScene)]
        if below:
            below[-1].time_above += self.real_time

    def cancel(self) -> None:
        """Nobody needs to look any more (the seat went to an AI): leave without opening.

        The curtain may sit under an overlay, so it leaves on its own next update."""
        if not self.opened:
            self.cancelled = True

    def update(self, dt: float) -> None:
        if self.cancelled and not self.opened and self.app.stack.top is self:
            self.opened = True
            self.app.stack.pop()
            if self.on_cancel:
                self.on_cancel()

    def devices_in_use(self) -> set[str]:
        """The game's devices, so an unplugged pad is noticed while the curtain is up."""
        from game.app.gamescene import GameScene

        below = [s for s in self.app.stack.scenes if isinstance(s, GameScene)]
        return below[-1].devices_in_use() if below else {self.device}

    def handle_action(self, action: ActionEvent) -> bool:
        if action.is_("pause") and action.device != MOUSE:
            from game.app.gamescene import GameScene

            below = [s for s in self.app.stack.scenes if isinstance(s, GameScene)]
            if below:
                below[-1].open_pause()
            return True
        if (action.device == self.device and action.is_("confirm", "primary")
                and self.time > 0.25):
            self._open()
            return True
        return False

    def layout(self) -> tuple[pygame.Rect, list[tuple[str, int, Colour, bool, int]]]:
        """The card and its lines (words, size, colour, bold, top), stacked by their heights
        with a clear gap between them: at fixed places, with larger text the title crowded
        the reason under it (a stranger's "Pass to Cleo" sat on "Choose an Advancement
        card..."), and a long reason ran to the card's edges; it wraps inside them now."""
        width = 620
        lines: list[tuple[str, int, Colour, bool, int]] = [
            (f"Pass to {self.name}", 40, theme.CREAM, True, 14)]
        if self.reason:
            for i, line in enumerate(text.wrap(self.reason, 18, width - 44)):
                lines.append((line, 18, theme.MUTED, False, 14 if i == 0 else 2))
        lines.append((f"{self.name}: {open_hint(self.app, self.device)} to look", 20,
                      self.colour, True, 22))
        top = 64 + 26 + 20  # under the seat's shape
        rows: list[tuple[str, int, Colour, bool, int]] = []
        y = top
        for words, size, colour, bold, gap in lines:
            y += gap if rows else 0
            rows.append((words, size, colour, bold, y))
            y += text.line_height(size, bold)
        r = pygame.Rect(0, 0, width, max(300, y + 30))
        r.center = (640, 360)
        return r, [(w, sz, c, b, r.y + yy) for w, sz, c, b, yy in rows]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(vertical_gradient((1280, 720), (20, 26, 46), (10, 12, 22)), (0, 0))
        t = 0.0 if self.app.reduced_motion else self.time
        r, rows = self.layout()
        panel(surface, r, theme.INK_2, border=self.colour, radius=24, shadow=20)
        bob = math.sin(t * 3) * 4
        seat_shape(surface, self.shape, (640, r.y + 64 + bob), 26, self.colour)
        for words, size, colour, bold, y in rows:
            text.blit(surface, words, size, colour, (640, y), "midtop", bold=bold)
        text.blit(surface, "Everyone else, look away!", 16, theme.MUTED, (640, 690), "center")
