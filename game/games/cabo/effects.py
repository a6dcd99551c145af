"""What the Kaboom! cards table plays back to a player's own input: interface sounds panned to
where they happen, and the short note floated over a seat when a press does nothing.

The sounds, shakes and bursts of the game itself (a flip, a slap, a Kaboom!) come from the rules'
events and are the presenter's; these are the ones a press makes before the rules say anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.games.cabo.layout import CENTRE, TableLayout
from game.ui import theme

if TYPE_CHECKING:
    from game.app.app import App
    from game.games.cabo.presenter import Presenter


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
        """A choice was taken (or queued for the slap window)."""
        self.play("ui_click")

    def error(self) -> None:
        """A choice the rules refused."""
        self.play("ui_error")

    def hover(self, x: float | None = None) -> None:
        """The pointer entered a button, or a cursor moved (soft, where it happened)."""
        self.play("ui_hover", CENTRE[0] if x is None else x, 0.4)

    def refused(self, seat: int, message: str) -> None:
        """A press that did nothing (a slap at nothing): a note by the seat, a soft buzz."""
        self.presenter.note(seat, message, theme.MUTED, 16)
        self.play("ui_error", self.layout.spots[seat].cx, 0.6)
