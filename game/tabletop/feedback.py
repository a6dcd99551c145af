"""What a card table plays back to a player's own input, before the rules say anything:
interface sounds panned to where they happen, and a short note by a seat when a press does
nothing. Both card games use it; each says only where a seat sits and how its note is shown.

The sounds, shakes and bursts of the game itself (a flip, a slap, an explosion) come from the
rules' events and are the presenter's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class Sounds(Protocol):
    def play(self, name: str, volume: float = 1.0, pan: float = 0.0) -> object: ...


class TableFeedback:
    """Interface sounds and refusal notes for one table.

    `pan(x)` turns a table x into a stereo pan (the current layout's), `centre_x` is where a
    sound with no place plays, `seat_x(seat)` is where a seat sits and `note(seat, words)` shows
    a refusal by that seat."""

    def __init__(self, sounds: Sounds, pan: Callable[[float], float], centre_x: float,
                 seat_x: Callable[[int], float], note: Callable[[int, str], None]) -> None:
        self.sounds = sounds
        self.pan = pan
        self.centre_x = centre_x
        self.seat_x = seat_x
        self.note = note

    def play(self, sound: str, x: float | None = None, volume: float = 1.0) -> None:
        """A sound, panned to where on the table it happens (the middle when unsaid)."""
        self.sounds.play(sound, volume, self.pan(self.centre_x if x is None else x))

    def click(self) -> None:
        """A choice was taken, or a step of one."""
        self.play("ui_click")

    def error(self) -> None:
        """A choice the rules refused."""
        self.play("ui_error")

    def hover(self, x: float | None = None) -> None:
        """The pointer entered a target, or a cursor moved (soft, where it happened)."""
        self.play("ui_hover", x, 0.4)

    def refused(self, seat: int, message: str) -> None:
        """A press that did nothing: a note by the seat and a soft buzz from there."""
        self.note(seat, message)
        self.play("ui_error", self.seat_x(seat), 0.6)
