"""Refuse numbers that would poison a physics world: NaN or infinite positions, angles, powers.

One bad value (a stick reading, a division by zero in an aim helper) put into pymunk spreads to
every body it touches and never recovers, so the world's public doors check what comes in and
refuse with a message that names the argument.
"""

from __future__ import annotations

import math
from collections.abc import Iterable


class NotFiniteError(ValueError):
    """A physics input was NaN or infinite."""


def finite(what: str, *values: float) -> None:
    """Raise `NotFiniteError` naming `what` unless every value is a finite number."""
    for v in values:
        if not is_finite(v):
            raise NotFiniteError(f"{what} must be a finite number, got {_short(v)}")


def finite_point(what: str, point: Iterable[float]) -> tuple[float, float]:
    """A finite (x, y) pair as floats, or `NotFiniteError` naming `what`."""
    try:
        x, y = point
    except (TypeError, ValueError):
        raise NotFiniteError(f"{what} must be an (x, y) pair, got {point!r}") from None
    finite(what, x, y)
    return (float(x), float(y))


def _finite_one(v: object) -> bool:
    """A real number that is finite as a float (an int too big for a float, 10**400, is not)."""
    if not isinstance(v, (int, float)):
        return False
    try:
        return math.isfinite(float(v))
    except OverflowError:
        return False


def _short(v: object) -> str:
    """The value for a message, cut short (a 400-digit int would drown it)."""
    try:
        text = repr(v)
    except ValueError:  # an int beyond Python's digit limit for str()
        text = f"an int of {int.bit_length(v) if isinstance(v, int) else '?'} bits"
    return text if len(text) <= 40 else f"{text[:37]}..."


def is_finite(*values: float) -> bool:
    """Whether every value is a finite number (for callers that skip rather than raise)."""
    return all(_finite_one(v) for v in values)
