"""The end of every match: Play again, Watch again, Main menu, by mouse, keys and pad.

One bar for all four games, pushed by `GameScene.finish` over the game's own result panel. It
waits a moment before it offers anything, so the press that ended the match (or the second
click of a double click) cannot start the next one; the app's press guard does the rest.
Its buttons are drawn here from cached text, not built as widgets: the bar arrives in the
middle of the table's celebration and must not cost that frame anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game.app.display import LOGICAL_SIZE
from game.app.input import MOUSE, POINT, ActionEvent
from game.app.scene import Scene
from game.ui import text, theme
from game.ui.draw import focus_ring, panel

if TYPE_CHECKING:
    from game.app.app import App

#: Seconds the result shows alone before the bar appears and takes input.
SHOW_AFTER = 1.2
#: Seconds the bar is on screen before a key's or pad's confirm acts on it.
LOOK = 0.8
BAR_H = 84
BUTTON_W, BUTTON_H, GAP = 230, 52, 18


class FinishedTable(Protocol):
    """What the bar needs of the finished game below it (every `GameScene`)."""

    def play_again(self) -> None: ...

    def can_watch_again(self) -> bool: ...

    def watch_again(self) -> None: ...

    def quit_to_menu(self) -> None: ...


class MatchEndBar(Scene):
    """A bar along the bottom of the finished table with the three ways on."""

    scene_id = "match_end"
    opaque = False
    pauses_below = False  # the table's celebration plays on underneath
    music = None

    def __init__(self, app: App, table: FinishedTable, *, show_after: float = SHOW_AFTER) -> None:
        super().__init__(app)
        self.table = table
        self.show_after = show_after
        self.focus = 0
        self.hover: int | None = None
        self.pressed: int | None = None
        #: Whether the focus ring shows: on Play again as the bar appears when the player
        #: came by keys or a pad (the arrows move it from the first press: a stranger's
        #: Right, Right, Space meant Main menu), hidden for the mouse.
        self.ring = False
        #: A confirm acts once the player steered the ring (an arrow pressed on the bar), or
        #: when it comes `LOOK` seconds after an earlier one: a stranger playing cards with
        #: Space went on pressing it as the match ended and was dealt a new match without
        #: seeing the results, so the first confirm on its own only marks the ring.
        self.steered = False
        self.ready_at = 0.0
        self.armed = False
        self.buttons: list[tuple[str, pygame.Rect, Callable[[], None]]] = []
        self.rect = pygame.Rect(0, 0, 0, BAR_H)

    def frame(self, frame_dt: float) -> None:
        if self.shown and not self.buttons:
            self._lay_out()  # what is offered is decided as the bar appears (a replay written?)
            self.ready_at = max(self.ready_at, self.time + LOOK)
            self.ring = self.app.input.last_device != MOUSE and self._at(
                self.app.input.mouse_pos) is None

    def resume(self) -> None:
        """Back on the bar (Back from Watch again): a player on keys or a pad sees the focus at
        once and the arrows move it from the first press (the ring the mouse had hidden made
        the first arrows after Back only wake it); a confirm waits for a look again."""
        super().resume()
        if not self.buttons:
            return
        self.hover = self._at(self.app.input.mouse_pos)
        self.pressed = None
        self.ring = self.app.input.last_device != MOUSE
        self.ready_at = max(self.ready_at, self.time + LOOK)
        self.steered = self.armed = False

    def _lay_out(self) -> None:
        t = self.table
        actions: dict[str, Callable[[], None]] = {
            "again": t.play_again, "watch": t.watch_again, "menu": t.quit_to_menu}
        choices = self.choices()
        n = len(choices)
        self.rect = pygame.Rect(0, 0, n * BUTTON_W + (n - 1) * GAP + 2 * 28, BAR_H)
        self.rect.midbottom = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] - 8)
        x = self.rect.x + 28
        y = self.rect.y + (BAR_H - BUTTON_H) // 2
        for key, label in choices:
            self.buttons.append((label, pygame.Rect(x, y, BUTTON_W, BUTTON_H), actions[key]))
            x += BUTTON_W + GAP

    def choices(self) -> list[tuple[str, str]]:
        """(key, label) of each button, left to right."""
        out = [("again", "Play again")]
        if self.table.can_watch_again():
            out.append(("watch", "Watch again"))
        out.append(("menu", "Main menu"))
        return out

    @property
    def shown(self) -> bool:
        return self.time >= self.show_after

    def labels(self) -> list[str]:
        return [label for label, _, _ in self.buttons]

    def _at(self, pos: tuple[int, int] | None) -> int | None:
        if pos is None:
            return None
        return next((i for i, (_, r, _) in enumerate(self.buttons) if r.collidepoint(pos)), None)

    def _choose(self, i: int) -> None:
        self.app.sound.play("ui_click")
        self.focus = i  # back here (from Watch again), the focus is on the button chosen
        self.buttons[i][2]()

    def handle_action(self, action: ActionEvent) -> bool:
        if not self.buttons:
            if action.pressed and action.device != MOUSE and action.is_("confirm", "primary"):
                self.ready_at = self.time + LOOK  # a key hammered through the result: not a choice
            return True  # the result is still on its own: nothing acts yet
        if action.device == MOUSE:
            at = self._at(action.pos)
            if action.action == POINT:
                if at != self.hover and at is not None:
                    self.app.sound.play("ui_hover", 0.5)
                self.hover = at
                self.ring = False
            elif action.action == "primary":
                if action.pressed:
                    self.pressed = at
                elif at is not None and at == self.pressed:
                    self._choose(at)
                if not action.pressed:
                    self.pressed = None
            return True
        if not action.pressed:
            return True
        if action.is_("back", "pause"):
            self.app.sound.play("ui_back")
            self.table.quit_to_menu()
        elif action.is_("left", "right") and not self.ring and self.hover is None:
            # The mouse had hidden the ring: the first arrow shows where the focus is, it does
            # not move it from a place the player could not see.
            self.ring = True
            self.ready_at = max(self.ready_at, self.time + LOOK)
            self.app.sound.play("ui_hover", 0.6)
        elif action.is_("left", "right"):
            step = -1 if action.action == "left" else 1
            if not self.ring and self.hover is not None:
                # The ring was hidden by the mouse: the keys go on from the lit button under
                # the pointer (Right with the pointer on Watch again is Main menu: it was Play
                # again's ring, from where the focus had been hidden, and Enter started a match).
                self.focus = self.hover
            # Every arrow moves, the first too, and stops at the ends (no wrap from Main menu
            # round to Play again).
            moved = max(0, min(len(self.buttons) - 1, self.focus + step))
            if moved != self.focus:
                self.focus = moved
                self.app.sound.play("ui_hover", 0.6)
            self.ring = self.steered = True
        elif action.is_("confirm", "primary"):
            if self.ring and (self.steered or self.armed and self.time >= self.ready_at):
                self._choose(self.focus)
            else:
                if not self.ring and self.hover is not None:
                    self.focus = self.hover  # the ring shows where the pointer is, acts later
                # Too soon: each such press restarts the look, so Space hammered out of habit
                # ("press Space to continue") never starts the next match; one press after a
                # pause does.
                self.ready_at = max(self.ready_at, self.time + LOOK)
                self.armed = True
            self.ring = True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The bar's panel and its three buttons, from cached text."""
        if not self.buttons:
            return
        panel(surface, self.rect, theme.INK_2, border=theme.FUSE, radius=18, shadow=12)
        for i, (label, r, _) in enumerate(self.buttons):
            primary = i == 0
            lit = i == self.hover
            fill = theme.FUSE if primary else theme.INK_3
            if lit:
                fill = tuple(min(255, c + 28) for c in fill)  # type: ignore[assignment]
            # The pointer's hover is a quiet lift; the keys' focus is the gold ring below.
            panel(surface, r, fill, radius=12, border=theme.MUTED if lit else theme.LINE)
            text.blit(surface, label, 22, theme.INK if primary else theme.CREAM, r.center,
                      "center", bold=True)
        if self.ring:
            focus_ring(surface, self.buttons[self.focus][1], theme.SPARK, self.app.time)
