"""A hand of cards held as a fan: where each card sits, how it tilts, which one the pointer is on.

Pure geometry (no pygame): the scene gives the hand's size and the card size and gets back a
`FanSlot` per card (centre, tilt, lift). Cards the player can play now are lifted; the hovered or
focused card is lifted further and spreads its neighbours a little so its face can be read.
Hit-testing goes from the top card down, in the tilted frame of each card, so the card drawn on
top is the one a click takes.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass

PLAYABLE_LIFT = 14.0
"""Pixels a playable card rises above the others."""
FOCUS_LIFT = 34.0
"""Pixels the hovered or focused card rises."""


@dataclass(frozen=True)
class FanSlot:
    """One card of a fan: centre (x, y) before lift, tilt in degrees (counter-clockwise, as
    `pygame.transform.rotate` takes it), and the lift in pixels (drawn that much higher)."""

    index: int
    x: float
    y: float
    angle: float
    lift: float

    @property
    def top(self) -> tuple[float, float]:
        """Where the card is drawn: its centre raised by the lift along its own up."""
        a = math.radians(self.angle)
        return (self.x - math.sin(a) * self.lift, self.y - math.cos(a) * self.lift)


def fan_layout(
    count: int,
    centre: tuple[float, float],
    card_w: float,
    max_width: float,
    *,
    spread_deg: float = 5.0,
    playable: Collection[int] = (),
    focus: int | None = None,
) -> list[FanSlot]:
    """Slots for `count` cards centred on `centre` (the fan's bottom middle card centre).

    Cards overlap as much as needed to fit `max_width` (never less than a quarter of a card
    showing), tilt `spread_deg` apart round a pivot below the hand, and sag along the arc.
    """
    if count <= 0:
        return []
    cx, cy = centre
    step = card_w * 0.72
    if count > 1 and step * (count - 1) + card_w > max_width:
        step = max(card_w * 0.25, (max_width - card_w) / (count - 1))
    spread = spread_deg if count > 1 else 0.0
    if count > 1 and spread * (count - 1) > 40.0:
        spread = 40.0 / (count - 1)
    mid = (count - 1) / 2.0
    out = []
    for i in range(count):
        off = i - mid
        push = 0.0
        if focus is not None and i != focus:
            push = card_w * 0.18 * (1 if i > focus else -1) / (1 + abs(i - focus) * 0.5)
        angle = -off * spread
        sag = abs(off) ** 2 * 1.6
        lift = FOCUS_LIFT if i == focus else PLAYABLE_LIFT if i in playable else 0.0
        out.append(FanSlot(i, cx + off * step + push, cy + sag, angle, lift))
    return out


def hit(slots: list[FanSlot], point: tuple[float, float], card_w: float,
        card_h: float) -> int | None:
    """The index of the top-most card under `point`, in each card's tilted frame."""
    px, py = point
    for slot in reversed(slots):
        tx, ty = slot.top
        a = math.radians(slot.angle)
        dx, dy = px - tx, py - ty
        # rotate the point into the card's frame (the card is turned `angle` degrees CCW)
        lx = dx * math.cos(a) - dy * math.sin(a)
        ly = dx * math.sin(a) + dy * math.cos(a)
        if abs(lx) <= card_w / 2 and abs(ly) <= card_h / 2:
            return slot.index
    return None
