"""Reaction windows: timed out-of-turn answers, the fair winner, table time, chains."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from game.tabletop.reactions import Reaction, ReactionWindow, draw_delay


def test_the_earliest_reaction_wins() -> None:
    w = ReactionWindow(4, 1.5)
    w.submit(2, 0.8)
    w.submit(3, 0.41)
    w.submit(0, 1.2)
    assert w.first() == Reaction(3, 0.41)
    assert [r.seat for r in w.ranked()] == [3, 2, 0]


def test_exact_ties_go_clockwise_from_the_first_seat() -> None:
    w = ReactionWindow(4, 1.5, first_seat=2)
    for seat in (0, 1, 3):
        w.submit(seat, 0.5)
    assert w.order == (2, 3, 0, 1)
    assert [r.seat for r in w.ranked()] == [3, 0, 1]
    w2 = ReactionWindow(4, 1.5, first_seat=1)
    w2.submit(0, 0.5)
    w2.submit(3, 0.5)
    assert w2.first() == Reaction(3, 0.5)


def test_a_seeded_tie_order_is_a_fair_deterministic_draw() -> None:
    orders = {ReactionWindow(4, 1.0, tie_rng=random.Random(seed)).order for seed in range(40)}
    assert all(sorted(o) == [0, 1, 2, 3] for o in orders)
    assert len(orders) > 10  # the draw really varies with the seed
    a = ReactionWindow(4, 1.0, tie_rng=random.Random(7))
    b = ReactionWindow(4, 1.0, tie_rng=random.Random(7))
    assert a.order == b.order
    for w in (a, b):
        for seat in range(4):
            w.submit(seat, 0.3)
    first = a.first()
    assert first is not None and first == b.first() and first.seat == a.order[0]


def test_a_seat_answers_once_and_nothing_is_accepted_after_close() -> None:
    w = ReactionWindow(3, 1.5)
    assert w.submit(1, 0.9) == Reaction(1, 0.9)
    assert w.submit(1, 0.1) is None  # a second, quicker try does not replace the first
    assert w.first() == Reaction(1, 0.9)
    w.close(w.first())
    assert w.closed and w.winner == Reaction(1, 0.9)
    assert w.submit(0, 0.0) is None
    assert not w.answered(0)


def test_a_reaction_after_the_window_never_wins_but_counts_as_the_seats_go() -> None:
    w = ReactionWindow(2, 1.0)
    assert w.submit(0, 1.0) == Reaction(0, 1.0)
    assert w.first() is None and w.ranked() == []
    assert w.answered(0) and w.submit(0, 0.2) is None
    w.submit(1, 0.99)
    assert w.first() == Reaction(1, 0.99)


def test_table_time_moves_in_decisions() -> None:
    w = ReactionWindow(3, 2.0, step=0.5)
    w.submit(0, 0.7)  # lands at 0.7: after the next decision (due by 0.5)
    assert w.first(until=w.now + w.step) is None
    assert w.first() == Reaction(0, 0.7)  # but before a closing action
    w.advance()
    assert w.now == 0.5
    assert w.first(until=w.now + w.step) == Reaction(0, 0.7)
    w.submit(1, 0.1)  # a seat that looks now reacts from now
    assert w.reactions[1] == Reaction(1, 0.6)
    assert w.first(until=w.now + w.step) == Reaction(1, 0.6)
    w.advance_to(1)  # never backwards
    assert w.steps == 1
    w.advance_to(3)
    assert w.now == 1.5
    with pytest.raises(ValueError):
        w.advance(-1)


def test_invalid_reactions_are_passed_over() -> None:
    w = ReactionWindow(3, 1.5)
    w.submit(0, 0.2)
    w.submit(2, 0.6)
    assert w.first(valid=lambda r: r.seat != 0) == Reaction(2, 0.6)
    assert w.first(valid=lambda r: False) is None


def test_declining_settles_the_window() -> None:
    w = ReactionWindow(3, 1.5)
    assert not w.settled
    w.decline(0)
    w.submit(1, 0.4, kind="defuse")
    assert not w.settled
    w.decline(2)
    assert w.settled
    assert w.submit(2, 0.1) is None  # a seat that declined does not come back
    w.decline(1)  # declining after reacting keeps the reaction
    assert w.first() == Reaction(1, 0.4, "defuse")


def test_ai_delays_come_from_the_seats_own_rng() -> None:
    a = [draw_delay(random.Random(5), 0.35, 0.6) for _ in range(3)]
    assert len(set(a)) == 1  # the same seed, the same delay
    rng = random.Random(11)
    delays = [draw_delay(rng, 0.35, 0.6) for _ in range(200)]
    assert all(0.35 <= d <= 0.6 and d == round(d, 3) for d in delays)
    assert len(set(delays)) > 50
    assert draw_delay(random.Random(1), 0.5, 0.5) == 0.5
    with pytest.raises(ValueError):
        draw_delay(rng, 0.6, 0.3)
    with pytest.raises(ValueError):
        draw_delay(rng, -0.1, 0.3)


@pytest.mark.parametrize("bad", [
    lambda: ReactionWindow(0, 1.0),
    lambda: ReactionWindow(2, 0.0),
    lambda: ReactionWindow(2, float("inf")),
    lambda: ReactionWindow(2, 1.0, step=-0.5),
    lambda: ReactionWindow(2, 1.0).submit(2, 0.1),
    lambda: ReactionWindow(2, 1.0).submit(-1, 0.1),
    lambda: ReactionWindow(2, 1.0).submit(0, -0.1),
    lambda: ReactionWindow(2, 1.0).submit(0, float("nan")),
    lambda: ReactionWindow(2, 1.0).decline(5),
])
def test_bad_input_is_refused_with_a_message(bad: object) -> None:
    with pytest.raises(ValueError, match=r"\w"):
        bad()  # type: ignore[operator]


def test_the_module_is_pure() -> None:
    code = ("import sys, game.tabletop.reactions; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pymunk')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
