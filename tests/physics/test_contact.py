"""Reading how hard a collision was, shared by the physics games."""

from __future__ import annotations

import pymunk
import pytest

from game.physics.contact import Contact, read_contact


def _collide(mass_b: float | None) -> list[Contact]:
    space = pymunk.Space()
    a = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0, 10))
    a.position = (0, 0)
    a.velocity = (300, 0)
    b = (pymunk.Body(mass_b, pymunk.moment_for_circle(mass_b, 0, 10)) if mass_b
         else space.static_body)
    if mass_b:
        b.position = (40, 0)
    sa = pymunk.Circle(a, 10)
    sb = pymunk.Circle(b, 10, (0, 0) if mass_b else (40, 0))
    sa.collision_type, sb.collision_type = 1, 2
    space.add(a, sa, sb) if not mass_b else space.add(a, sa, b, sb)
    got: list[Contact] = []

    def begin(arb: pymunk.Arbiter, _space: pymunk.Space, _data: object) -> None:
        c = read_contact(arb)
        if c is not None:
            got.append(c)

    space.on_collision(1, 2, begin=begin)
    for _ in range(60):
        space.step(1 / 240)
    return got


def test_a_head_on_hit_reads_its_closing_speed_point_and_reduced_mass() -> None:
    (c,) = _collide(3.0)
    assert c.closing == pytest.approx(300.0, rel=0.05)
    assert c.reduced_mass == pytest.approx(0.75)
    assert c.impulse == pytest.approx(c.closing * 0.75)
    assert 5.0 < c.x < 35.0 and abs(c.y) < 1.0


def test_a_static_body_counts_as_infinitely_heavy() -> None:
    (c,) = _collide(None)
    assert c.reduced_mass == pytest.approx(1.0)
