"""How a pull becomes a flick's power, and how much of its path the preview shows: pure (no
pygame), shared by the screen's controls and view and by the newcomer model in `tiers`."""

from __future__ import annotations

MAX_PULL = 130.0
"""Canvas pixels of pull for a full-strength flick or toss (a finger's whole swing)."""
PULL_CURVE = 0.7
"""A pull's share of full length becomes power as share ** this: the hard end gets more pull
per unit of power (a flick's reach grows about as power ** 1.8, so with a straight line each
pixel of a long pull moved the ship twice as far as a pixel of a short one, and strangers
found long shots needed one-pixel precision); now a pixel moves it about as far anywhere."""
PREVIEW_REACH = 300.0
"""World units of a flick's path the trajectory preview shows (about a third of space): a
near shot is shown to its end, a long one only set off on its way, so the preview helps
without playing the shot (a stranger took all four crystals on his first turn by laying the
whole path on each one)."""


def pull_power(length: float, full: float = MAX_PULL) -> float:
    """The power (0..1) of a pull of `length` canvas pixels when `full` pixels is full power,
    along `PULL_CURVE`."""
    share = min(1.0, max(0.0, length / max(1.0, full)))
    return float(share ** PULL_CURVE)


def pull_share(power: float) -> float:
    """The share of the full pull (0..1) that gives `power`: `pull_power`'s inverse, for
    drawing where a past flick's hand was let go."""
    return float(min(1.0, max(0.0, power)) ** (1.0 / PULL_CURVE))
