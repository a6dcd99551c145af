"""Strangers' playtest (session 48): when a card was played by mouse, the rest of the hand
closed up and another card slid under the still pointer. The hand now closes up with a gap
between two cards under the resting pointer: nothing under it changes or lifts until it moves."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.controls import gap_shift
from game.games.blast.demos import _give
from game.games.blast.rules import MatchState, Options
from game.tabletop.fan import FanSlot
from tests.games.blast.scene_helpers import HumanHands, make_setup, open_table


def test_a_card_played_by_mouse_slides_no_other_card_under_the_still_pointer(
        app: Any, driver: HeadlessDriver) -> None:
    m = MatchState(Options(2, first=0), 3)
    _give(m, 0, [D.PALISADE, D.STONE, D.PRODUCTIVITY])
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run_until(lambda: scene.decider() == 0 and not scene.presenter.busy, 300)
    driver.run(5)
    pr, ctl = scene.presenter, scene.table_controls
    hands = HumanHands(app, driver, scene)
    i = pr.hand.index(D.PALISADE)
    assert hands.point_at(0, f"hand:{i}")  # armed
    slot = ctl.slots[i]
    pos = (round(slot.x), round(slot.y) + 10)  # the middle of the card
    hands.click(pos)  # played
    assert D.PALISADE not in pr.hand
    for _ in range(40):  # the pointer stays still
        hands.step()
        assert pr.fan_drawn_hit(pos) is None  # no card slid under it
        assert ctl.focus_index is None and scene.cursor.hover_key is None
    moved = (pos[0] + 70, pos[1])
    hands.step([pygame.event.Event(pygame.MOUSEMOTION, pos=moved, rel=(70, 0),
                                   buttons=(0, 0, 0))])
    hands.step()
    assert ctl.focus_index is not None  # it moved onto a card: that card is pointed at


def test_the_gap_shift_puts_the_pointer_between_two_cards() -> None:
    slots = [FanSlot(k, x, 500, 0.0, 0.0) for k, x in enumerate((100, 222, 344))]
    shift = gap_shift(slots, 222, 116, 122)
    assert 158 <= 222 - shift <= 164  # between the first two cards (158..164)
    assert gap_shift(slots, 161, 116, 122) == 0.0  # in a gap already
    overlapping = [FanSlot(k, x, 500, 0.0, 0.0) for k, x in enumerate((100, 180, 260))]
    assert gap_shift(overlapping, 180, 116, 122) == 0.0  # no gap near: the hand stays
