"""What the Kaboom! Explosive table plays back to a player's own input: interface sounds panned
to where they happen, and a short note over a seat when a press does nothing.

The sounds, shakes and bursts of the game itself (an explosion, a wall coming down, a defence
popping) come from the rules' events and are the presenter's; these come before the rules say
anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.games.blast.layout import CENTRE, TableLayout
from game.ui import theme

if TYPE_CHECKING:
    from game.app.app import App
    from game.games.blast.presenter import Presenter


class TableFeedback:
    """Interface sounds and refusal notes for one table."""

    def __init__(self, app: App, layout: TableLayout, presenter: Presenter) -> None:
        self.app = app
        self.layout = layout
        self.presenter = presenter

    def play(self, sound: str, x: float = CENTRE[0], volume: float = 1.0) -> None:
        """A sound, panned to where on the table it happens."""
        self.app.sound.play(sound, volume, self.layout.pan(x))

    def click(self) -> None:
        """A choice was taken, or a step of one."""
        self.play("ui_click")

    def error(self) -> None:
        """A choice the rules refused."""
        self.play("ui_error")

    def hover(self, x: float | None = None) -> None:
        """The pointer entered a target, or a cursor moved (soft, where it happened)."""
        self.play("ui_hover", CENTRE[0] if x is None else x, 0.4)

    def refused(self, seat: int, message: str) -> None:
        """A press that did nothing: a note over the seat's zone and a soft buzz."""
        zone = self.layout.zone(seat).rect
        self.presenter.effects.float_text(message, zone.midtop, theme.MUTED, 16)
        self.play("ui_error", zone.centerx, 0.6)
