"""What a collision was like, read from a pymunk arbiter: where it happened and how hard.

Both physics games turn contacts into sparks, sounds and shakes; they share this one reading so
"how hard" means the same thing everywhere: the closing speed along the contact normal, and the
reduced mass of the pair (a static body counts as infinitely heavy).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pymunk


@dataclass(frozen=True)
class Contact:
    """A collision's first contact point, closing speed (units/s) and reduced mass."""

    x: float
    y: float
    closing: float
    reduced_mass: float

    @property
    def impulse(self) -> float:
        """Closing speed times reduced mass: how hard the hit was, whatever the bodies."""
        return self.closing * self.reduced_mass


def read_contact(arb: pymunk.Arbiter) -> Contact | None:
    """The contact an arbiter reports, or None when it has no point or two static bodies."""
    pts = arb.contact_point_set.points
    a, b = arb.shapes[0].body, arb.shapes[1].body
    if not pts or a is None or b is None:
        return None
    p = (pts[0].point_a + pts[0].point_b) / 2
    va = a.velocity_at_world_point(p)
    vb = b.velocity_at_world_point(p)
    n = arb.normal
    closing = abs((va.x - vb.x) * n.x + (va.y - vb.y) * n.y)
    ma = a.mass if a.body_type == pymunk.Body.DYNAMIC else math.inf
    mb = b.mass if b.body_type == pymunk.Body.DYNAMIC else math.inf
    if ma == math.inf and mb == math.inf:
        return None
    reduced = mb if ma == math.inf else ma if mb == math.inf else ma * mb / (ma + mb)
    return Contact(float(p.x), float(p.y), float(closing), float(reduced))
