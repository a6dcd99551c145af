"""How a pull becomes a flick's power, and how much of its path the preview shows: pure (no
pygame), shared by the screen's controls and view and by the newcomer model in `tiers`."""

from __future__ import annotations

MAX_PULL = 150.0
"""Canvas pixels of pull for a full-strength flick or toss (a finger's whole swing; 130 was
found twitchy: a stranger's few pixels moved the power by a tenth)."""
PULL_CURVE = 0.85
"""A pull's share of full length becomes power as share ** this. Below one, the hard end
gets more pull per unit of power (a flick's reach grows about as power ** 1.8: with a
straight line a pixel of a long pull moved the ship twice as far as one of a short pull);
0.7 made the first pixels jump (a 13-pixel pull was 20% power), so 0.85 with the longer
`MAX_PULL` is gentler near the start and keeps a pixel of a long pull moving the ship about
as far as 0.7 did."""
PREVIEW_REACH = 440.0
"""World units of a flick's path the trajectory preview shows (well over half of space): a
near or middling shot is shown to its end, only the longest set off on their way, so the
preview helps without playing every shot (300 left strangers guessing at every long shot;
the whole path let one lay it on all four crystals in his first turn)."""


def pull_power(length: float, full: float = MAX_PULL) -> float:
    """The power (0..1) of a pull of `length` canvas pixels when `full` pixels is full power,
    along `PULL_CURVE`."""
    share = min(1.0, max(0.0, length / max(1.0, full)))
    return float(share ** PULL_CURVE)


def pull_share(power: float) -> float:
    """The share of the full pull (0..1) that gives `power`: `pull_power`'s inverse, for
    drawing where a past flick's hand was let go."""
    return float(min(1.0, max(0.0, power)) ** (1.0 / PULL_CURVE))
