"""A human saboteur sees the same table every turn: their catapult keeps one slot all match,
so the view framed round it (camera.turn_view) is one per match too (a playtester's catapult
moved from side to side, and the towers with it)."""

from __future__ import annotations

from typing import Any

import pytest

from game.games.tower.options import Options
from game.games.tower.rules import new_match
from game.games.tower.scene import Stage
from tests.games.tower.test_scene import open_game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_seat_keeps_one_catapult_all_match(players: int) -> None:
    m = new_match(Options(players=players), seed=2)
    slots: dict[int, set[int]] = {}
    for turn in range(players * 2):
        m.turn = turn
        layout = m.catapult_layout()
        assert sorted(s for s in layout if s >= 0) == sorted(m.saboteurs())
        for s in m.saboteurs():
            slots.setdefault(s, set()).add(m.catapult_of(s))
    for seat in range(min(players, 4)):
        assert slots[seat] == {seat}, (players, seat, slots)


def test_a_human_saboteur_gets_one_view_all_match(app: Any, driver: Any) -> None:
    scene = open_game(app, "ai:easy", "mouse", "ai:easy")
    seen = set()
    for turn in (0, 2, 3, 5):  # seat 1 fires: the builder is seat 0, then seat 2
        scene.match.turn = turn
        scene.stage = Stage.READY
        scene.world = scene._preview_world()
        scene.start_turn()
        assert scene.turn is not None and scene.turn_view is not None
        cat = scene.turn.world.catapults[1]
        seen.add((scene.turn_view, cat.slot_index))
        assert scene.turn_view.contains((cat.slot.x - 30.0, 500.0, cat.slot.x + 30.0, 560.0),
                                        0.0)
    assert len(seen) == 1, seen


def test_two_catapults_on_one_side_are_told_apart() -> None:
    m = new_match(Options(players=3), seed=2)
    m.turn = 1  # seat 1 builds: seats 2 and 0 both fire from the left
    assert {m.catapult_words(s) for s in m.saboteurs()} == {"inner left catapult",
                                                           "outer left catapult"}
    m.turn = 0
    assert [m.catapult_words(s) for s in m.saboteurs()] == ["right catapult", "left catapult"]
