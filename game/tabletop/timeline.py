"""A presenter's timeline: calls due after some table time (a sound on impact, a shake as a
card lands), run in the order they fall due as the table's time advances."""

from __future__ import annotations

from collections.abc import Callable


class Timeline:
    """Callbacks waiting for table time. Pure Python: the table's `update(dt)` advances it."""

    def __init__(self) -> None:
        self._waiting: list[tuple[float, Callable[[], None]]] = []  # (time left, callback)

    def __len__(self) -> int:
        return len(self._waiting)

    def later(self, delay: float, fn: Callable[[], None]) -> None:
        """Call `fn` after `delay` seconds of table time (at once when `delay` <= 0)."""
        if delay <= 0:
            fn()
        else:
            self._waiting.append((delay, fn))

    def advance(self, dt: float) -> None:
        """Move on `dt` seconds and call what fell due, in the order it was asked for."""
        if not self._waiting:
            return
        waiting = [(left - dt, fn) for left, fn in self._waiting]
        self._waiting = [(left, fn) for left, fn in waiting if left > 0]
        for left, fn in waiting:
            if left <= 0:
                fn()
