"""The end of every match: Play again, Watch again, Main menu, by mouse, keys and pad.

One bar for all four games, pushed by `GameScene.finish` over the game's own result panel. It
waits a moment before it offers anything, so the press that ended the match (or the second
click of a double click) cannot start the next one; the app's press guard does the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.app.display import LOGICAL_SIZE
from game.app.gui import MenuScene
from game.app.input import MOUSE, ActionEvent
from game.ui import theme
from game.ui.draw import panel

if TYPE_CHECKING:
    from game.app.app import App

#: Seconds the result shows alone before the bar slides in and takes input.
SHOW_AFTER = 1.2
BAR_H = 84
BUTTON_W, BUTTON_H, GAP = 230, 52, 18


class FinishedTable(Protocol):
    """What the bar needs of the finished game below it (every `GameScene`)."""

    def play_again(self) -> None: ...

    def can_watch_again(self) -> bool: ...

    def watch_again(self) -> None: ...

    def quit_to_menu(self) -> None: ...


class MatchEndBar(MenuScene):
    """A bar along the bottom of the finished table with the three ways on."""

    scene_id = "match_end"
    opaque = False
    pauses_below = False  # the table's celebration plays on underneath
    music = None

    def __init__(self, app: App, table: FinishedTable, *, show_after: float = SHOW_AFTER) -> None:
        super().__init__(app)
        self.table = table
        self.show_after = show_after
        self.built = False

    def choices(self) -> list[tuple[str, str, str | None]]:
        """(key, label, pygame-gui object id) of each button, left to right."""
        out: list[tuple[str, str, str | None]] = [("again", "Play again", "#primary")]
        if self.table.can_watch_again():
            out.append(("watch", "Watch again", None))
        out.append(("menu", "Main menu", None))
        return out

    def bar_rect(self) -> pygame.Rect:
        n = len(self.choices())
        w = n * BUTTON_W + (n - 1) * GAP + 2 * 28
        r = pygame.Rect(0, 0, w, BAR_H)
        r.midbottom = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] - 8)
        return r

    def enter(self) -> None:
        """The buttons come with the bar, after the result has had its moment."""
        if self.show_after <= 0:
            self.build()

    def build(self) -> None:
        self.built = True
        r = self.bar_rect()
        x = r.x + 28
        y = r.y + (BAR_H - BUTTON_H) // 2
        actions = {"again": self.table.play_again, "watch": self.table.watch_again,
                   "menu": self.table.quit_to_menu}
        for col, (key, label, oid) in enumerate(self.choices()):
            self.button((x, y, BUTTON_W, BUTTON_H), label, actions[key], object_id=oid,
                        row=0, col=col)
            x += BUTTON_W + GAP
        self.nav.visible = self.app.input.last_device != MOUSE

    def resume(self) -> None:
        """Back from Watch again: the bar is as it was."""
        if self.built:
            self.rebuild()

    def frame(self, frame_dt: float) -> None:
        if not self.built and self.time >= self.show_after:
            self.build()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.built:
            return True  # the result is still on its own: nothing acts yet
        return super().handle_event(event)

    def handle_action(self, action: ActionEvent) -> bool:
        if not self.built:
            return True
        return super().handle_action(action)

    def on_back(self) -> None:
        """Back, Escape or B: the main menu, as the bar's last button says."""
        self.table.quit_to_menu()

    def draw(self, surface: pygame.Surface) -> None:
        """The bar's panel under the buttons (which pygame-gui draws)."""
        if self.built:
            panel(surface, self.bar_rect(), theme.INK_2, border=theme.FUSE, radius=18,
                  shadow=12)
