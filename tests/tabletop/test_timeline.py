"""A presenter's timeline calls what falls due, in order, once."""

from __future__ import annotations

from game.tabletop.timeline import Timeline


def test_calls_fall_due_in_order_once_and_a_zero_delay_runs_at_once() -> None:
    t = Timeline()
    seen: list[str] = []
    t.later(0.3, lambda: seen.append("thud"))
    t.later(0.1, lambda: seen.append("flip"))
    t.later(0.0, lambda: seen.append("now"))
    assert seen == ["now"] and len(t) == 2
    t.advance(0.05)
    assert seen == ["now"]
    t.advance(0.3)  # both fall due in one step: in the order they were asked for
    assert seen == ["now", "thud", "flip"] and len(t) == 0
    t.advance(1.0)
    assert seen == ["now", "thud", "flip"]
