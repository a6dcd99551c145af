"""The first-match coach: before a profile's first match of a game, that game's first-turn tips.

A card over the freshly dealt table, numbered tips from the game (`GameInfo.first_tips`), then
"Let's play" (or any confirm) and the table starts. A game may show them one at a time
(`GameInfo.first_tips_paged`): Next tip, or a click on the card, turns to the next tip.
"No more tips" switches the coach off for every game (Settings, Assists, turns it back on).
A profile that has finished a match of the game never sees its tips again: the statistics
remember it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.menus.overlay_base import OverlayScene
from game.ui import text, theme

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.catalogue import GameInfo
    from game.app.scene import Scene

TIP_SIZE = 19
PAGE_LINES = 3
"""The most lines a paged tip (`GameInfo.first_tips_paged`) takes, at either text size."""
PAGED_H = 330
"""The height of the paged tips' card at normal text size."""
PANEL_W = 780
MAX_H = 690
LAST_USED = "last used"
"""The coach's default device: the one the player used last."""


def wants_tips(app: App, info: GameInfo) -> bool:
    """Whether a new match of `info` should open with its tips for the current profile."""
    if not info.first_tips or not app.settings.assists.first_match_tips:
        return False
    played = app.stats.for_profile(app.settings.profile).get(info.id)
    return played is None or played.played == 0


def first_match_tips(app: App, info: GameInfo, table: Scene) -> Scene | None:
    """The coach to show over `table`, or None when this profile needs no tips."""
    if not wants_tips(app, info):
        return None
    return FirstMatchTips(app, info, tips_device(app, table), table)


def tips_device(app: App, table: Scene) -> str | None:
    """The device the tips speak to: the one the table's humans play with (the last used one
    when there are no human seats), or None when the humans use several."""
    seats = getattr(table, "seats", None)
    if seats is None:
        return app.input.last_device
    devices = {s.device for s in seats if not s.is_ai}
    if not devices:
        return app.input.last_device
    return devices.pop() if len(devices) == 1 else None


def tips_text(app: App, info: GameInfo, device: str | None) -> tuple[str, ...]:
    """`info`'s first tips in the words of `device` (as written when None or not worded)."""
    if device is None or info.first_tips_for is None:
        return info.first_tips
    return info.first_tips_for(device, app.input.word_for)


class FirstMatchTips(OverlayScene):
    """Numbered tips over the new table; the table waits under them."""

    scene_id = "first_tips"
    panel_size = (PANEL_W, 500)

    def __init__(self, app: App, info: GameInfo, device: str | None = LAST_USED,
                 table: Scene | None = None) -> None:
        """`device`: whose words the tips use (None: several, the tips as written); `table`:
        the new table, which may fit the tips to itself (its `table_tips`: Kaboom! cards says
        what a call needs at its own size)."""
        super().__init__(app)
        self.info = info
        self.tips = tips_text(app, info, app.input.last_device if device == LAST_USED else device)
        fit = getattr(table, "table_tips", None)
        if callable(fit):
            self.tips = tuple(fit(self.tips))
        self.heading = f"Your first game of {info.title}"
        self.paged = info.first_tips_paged
        self.page = 0
        self._fit()

    def _fit(self) -> None:
        """Wrap the tips for the text size in use: larger text grows the card, up to the
        screen, then takes a smaller size. Done again if the size changes under the card."""
        self.fitted_scale = text.scale()
        if self.paged:
            self.size = TIP_SIZE
            self.lines = [text.wrap(tip, TIP_SIZE, PANEL_W - 150) for tip in self.tips]
            step = text.line_height(TIP_SIZE)
            body = PAGE_LINES * step + 40
            self.panel_size = (PANEL_W, min(MAX_H, max(PAGED_H, 96 + body + 100)))
            return
        for size in range(TIP_SIZE, 13, -1):
            self.size = size
            self.lines = [text.wrap(tip, size, PANEL_W - 150) for tip in self.tips]
            step = text.line_height(size)
            body = sum(len(lines) * step + 14 for lines in self.lines)
            if 96 + body + 100 <= MAX_H:
                break
        self.panel_size = (PANEL_W, min(MAX_H, max(320, 96 + body + 100)))

    def build(self) -> None:
        r = self.panel_rect()
        y = r.bottom - 76
        if self.paged and self.page < len(self.tips) - 1:
            self.button((r.centerx - 330, y, 220, 52), "Next tip", self.next_tip,
                        object_id="#primary", row=0, col=0)
            self.button((r.centerx - 96, y, 220, 52), "Let's play", self.app.pop,
                        object_id="#small", row=0, col=1)
            self.button((r.centerx + 138, y, 192, 52), "No more tips", self._no_more,
                        object_id="#small", row=0, col=2)
        else:
            self.button((r.centerx - 250, y, 280, 52), "Let's play", self.app.pop,
                        object_id="#primary", row=0, col=0)
            self.button((r.centerx + 46, y, 204, 52), "No more tips", self._no_more,
                        object_id="#small", row=0, col=1)
        self.nav.visible = self.app.input.last_device != "mouse"

    def next_tip(self) -> None:
        """Turn to the next tip (paged tips only); past the last, the table starts."""
        if self.page >= len(self.tips) - 1:
            self.app.pop()
            return
        self.page += 1
        self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on the paged card (off its buttons) turns to the next tip."""
        if self.paged and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.panel_rect().collidepoint(event.pos) \
                and not any(e.rect.collidepoint(event.pos) for e in self.elements):
            self.next_tip()
            return True
        return super().handle_event(event)

    def _no_more(self) -> None:
        self.app.settings.assists.first_match_tips = False
        self.app.save_settings()
        self.app.notify("First-match tips are off: Settings, Assists turns them back on.", "info")
        self.app.pop()

    def on_back(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        if text.scale() != self.fitted_scale:  # larger text switched on under the card
            self._fit()
            self.rebuild()
        super().draw(surface)
        r = self.panel_rect()
        step = text.line_height(self.size)
        y = r.y + 90
        if self.paged:
            n = self.page + 1
            text.blit(surface, f"Tip {n} of {len(self.tips)}", 15, theme.MUTED,
                      (r.centerx, y), "midtop")
            y += text.line_height(15) + 16
            shown = [(n, self.lines[self.page])]
        else:
            shown = list(enumerate(self.lines, start=1))
        for n, lines in shown:
            pygame.draw.circle(surface, theme.FUSE, (r.x + 62, y + step // 2), 15)
            text.blit(surface, str(n), 17, theme.INK, (r.x + 62, y + step // 2), "center",
                      bold=True)
            for line in lines:
                text.blit(surface, line, self.size, theme.CREAM, (r.x + 96, y))
                y += step
            y += 14
