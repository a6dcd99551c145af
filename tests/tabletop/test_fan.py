"""The hand fan's geometry: fitting, tilting, lifting and hit-testing."""

from __future__ import annotations

import pytest

from game.tabletop.fan import FOCUS_LIFT, PLAYABLE_LIFT, fan_layout, hit


def test_an_empty_hand_has_no_slots() -> None:
    assert fan_layout(0, (640, 600), 80, 600) == []


def test_a_fan_is_symmetric_and_tilts_outward() -> None:
    slots = fan_layout(5, (640, 600), 80, 800)
    assert slots[2].x == pytest.approx(640) and slots[2].angle == 0
    assert slots[0].x - 640 == pytest.approx(-(slots[4].x - 640))
    assert slots[0].angle > 0 > slots[4].angle  # left cards lean left (counter-clockwise)
    assert slots[0].y > slots[2].y  # the ends sag along the arc


def test_a_big_hand_squeezes_to_fit() -> None:
    slots = fan_layout(14, (640, 600), 80, 600)
    width = slots[-1].x - slots[0].x + 80
    assert width <= 600 + 1
    assert abs(slots[0].angle) <= 20.0 + 1e-9


def test_playable_cards_rise_and_the_focused_card_rises_most() -> None:
    slots = fan_layout(4, (640, 600), 80, 800, playable={1, 3}, focus=3)
    assert [s.lift for s in slots] == [0.0, PLAYABLE_LIFT, 0.0, FOCUS_LIFT]
    plain = fan_layout(4, (640, 600), 80, 800)
    assert slots[2].x < plain[2].x  # neighbours make room for the focused card


def test_hit_takes_the_top_card() -> None:
    slots = fan_layout(5, (640, 600), 80, 400)
    assert hit(slots, (slots[4].top[0] + 30, slots[4].top[1]), 80, 112) == 4
    # where two cards overlap the later (top) one wins
    between = ((slots[1].top[0] + slots[2].top[0]) / 2, slots[2].top[1])
    assert hit(slots, between, 80, 112) == 2
    assert hit(slots, (100, 100), 80, 112) is None
