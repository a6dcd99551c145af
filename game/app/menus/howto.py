"""How to play: each registered game's rules page, plus the controls."""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.app import catalogue, rulepics
from game.app.gui import MenuScene, NavItem
from game.app.input import KEYS1, KEYS2, PAD_WORDS, ActionEvent, device_label
from game.app.menus.common import header
from game.app.rulepics import HEADING_COLOUR, heading

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.catalogue import GameInfo

log = logging.getLogger(__name__)


def controls_page(app: App) -> str:
    """The controls page, written from the player's current key bindings."""

    def keys(dev: str) -> str:
        k = app.input.key_for
        return (f"{k(dev, 'up')} {k(dev, 'left')} {k(dev, 'down')} {k(dev, 'right')} move, "
                f"{k(dev, 'confirm')} confirm, {k(dev, 'back')} back, {k(dev, 'primary')} action "
                f"(slap / fire), {k(dev, 'secondary')} second action, {k(dev, 'rotate_left')} / "
                f"{k(dev, 'rotate_right')} rotate, {k(dev, 'pause')} pause.")

    p = PAD_WORDS
    return (
        f"{heading('Controls')}"
        "Every menu works with the <b>mouse</b>, either <b>keyboard set</b> and any "
        "<b>gamepad</b>.<br><br>"
        f"<b>{device_label(KEYS1)}</b>: {keys('keys1')}<br><br>"
        f"<b>{device_label(KEYS2)}</b>: {keys('keys2')}<br><br>"
        f"<b>Gamepad</b>: stick or d-pad move, {p['confirm']} confirm, {p['back']} back, "
        f"{p['primary']} action, {p['secondary']} second action, {p['rotate_left']} / "
        f"{p['rotate_right']} rotate, {p['pause']} pause. Plug a gamepad in at any time; if one "
        "is unplugged mid-game the game pauses and asks what to do.<br><br>"
        "<b>Back</b> cancels what a seat has started (a chosen card, an armed shot, a menu). In "
        f"Tower Kaboom a keyboard or gamepad builder's back ({app.input.key_for('keys1', 'back')}, "
        f"{app.input.key_for('keys2', 'back')}, {p['back']}) fetches the next block the tower "
        "needs from the tray instead; pause still pauses.<br><br>"
        "<b>F11</b> switches between a window and full screen. Keys can be changed in "
        "Settings, Controls.<br><br>"
        "In a game each human seat uses its own device, chosen in the lobby, so friends on one "
        "couch play at once: one on the mouse, two on the keyboard, the rest on gamepads.")


def first_tips(info: GameInfo, device: str,
               word: Callable[[str, str], str]) -> tuple[str, ...]:
    """The game's first-match tips, worded for `device` where the game words them so."""
    if info.first_tips_for is not None:
        return info.first_tips_for(device, word)
    return info.first_tips


def with_summary(page: str, tips: Sequence[str]) -> str:
    """A rules page with "In short" under its title: the first-match tips, numbered, so a
    stranger reads the game in five lines before the full rules (a stranger found the page a
    wall of text)."""
    if not tips:
        return page
    head, sep, rest = page.partition("<br><br>")  # under the title
    if not sep:
        return page
    lines = "".join(f"<b>{i}.</b> {html.escape(t)}<br>" for i, t in enumerate(tips, 1))
    block = (f"<font color={HEADING_COLOUR}><b>In short</b></font><br>{lines}"
             f"<br><font color={HEADING_COLOUR}><b>The rules in full</b></font><br>")
    return f"{head}{sep}{block}{rest}"


def normalise(page: str) -> str:
    """pygame-gui breaks lines at newlines; our pages break only at <br>."""
    return " ".join(page.split("\n"))



WHEEL_SPEED = 120.0
"""The rules page's scroll per wheel notch, in pygame-gui's units (its default, 40, moved a
25th of the view a notch)."""


class HowToScene(MenuScene):
    scene_id = "howto"

    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = catalogue.games()
        ids = [g.id for g in self.games]
        self.page = ids.index(game_id) if game_id in ids else 0 if ids else -1
        self.read_first = game_id in ids
        """Opened for one game (catalogue, pause menu): the keys start in its page, so up and
        down scroll it (from the page's button they moved to the Tower tab a stranger then
        opened with Enter)."""

    def build(self) -> None:
        for i, info in enumerate(self.games):
            self.button((64, 130 + i * 58, 280, 48), info.title, partial(self._show, i),
                        object_id="#primary" if i == self.page else None, row=i, col=0)
        n = len(self.games)
        self.button((64, 130 + n * 58, 280, 48), "Controls", lambda: self._show(-1),
                    object_id="#primary" if self.page == -1 else None, row=n, col=0)
        body = normalise(self._page_html())
        rect = pygame.Rect(372, 120, 844, 510)
        try:
            self.box = pygame_gui.elements.UITextBox(body, rect, self.manager)
        except (OSError, pygame.error):  # a picture's file went missing or is unreadable
            log.warning("rules page pictures could not be loaded; showing the words alone",
                        exc_info=True)
            self.box = pygame_gui.elements.UITextBox(rulepics.strip_images(body), rect,
                                                     self.manager)
        self.track(self.box)
        bar = getattr(self.box, "scroll_bar", None)
        if bar is not None:
            # A notch of the wheel moves an eighth to a fifth of the view (pygame-gui's default,
            # a 25th, took a stranger six notches to move 125 px down a long page).
            bar.scroll_wheel_speed = WHEEL_SPEED
        self.text_item = self.nav.add(NavItem(rect, None, row=0, col=1))
        self.button((64, 650, 160, 44), "Back", self.on_back, object_id="#small", row=20)
        self.nav.set(max(0, self.page if self.page >= 0 else n))
        if self.read_first:
            self.read_first = False
            self.nav.focus(self.text_item)

    def _page_html(self) -> str:
        """The shown page: a game's rules with its pictures drawn in, or the controls."""
        if self.page < 0:
            return controls_page(self.app)
        info = self.games[self.page]
        page = with_summary(info.rules_page(self.app.input.word_for),
                            first_tips(info, self.app.input.last_device,
                                       self.app.input.word_for))
        return rulepics.page_with_pictures(info.id, page, info.rules_pictures)

    def _show(self, i: int) -> None:
        self.page = i
        self.rebuild()

    def scroll(self, d: float) -> None:
        bar = getattr(self.box, "scroll_bar", None)
        if bar is not None:
            bar.set_scroll_from_start_percentage(min(1.0, max(0.0, bar.start_percentage + d)))

    def handle_action(self, action: ActionEvent) -> bool:
        focused = self.nav.focused
        if action.device != "mouse" and action.pressed and focused is self.text_item \
                and action.action in ("up", "down"):
            # A third of the view a press: long pages (pictures and all) stay quick to read
            # through, and no line is skipped. The page scrolls whether or not the focus ring
            # shows yet (a first Down moved the hidden focus to another game's tab).
            self.nav.visible = True
            bar = getattr(self.box, "scroll_bar", None)
            step = 0.08 if bar is None else max(0.01, bar.visible_percentage / 3)
            self.scroll(-step if action.action == "up" else step)
            return True
        if action.device != "mouse" and action.pressed and self.nav.visible:
            if focused is self.text_item:
                if action.action == "left":  # back to the page's own button
                    self.nav.set(max(0, self.page if self.page >= 0 else len(self.games)))
                    return True
            elif action.action == "right" and focused is not None and focused.col == 0 \
                    and focused.row <= len(self.games):
                self.nav.focus(self.text_item)  # from any page button into the page
                return True
        return super().handle_action(action)

    def draw_still(self, surface: pygame.Surface) -> Sequence[pygame.Rect]:
        return [header(surface, "How to play")]
