"""Session 42: an eight-card (or longer) hand ran off the felt's left edge; the whole hand
stays on the felt, its cards overlapping more, whichever card is lifted."""

from __future__ import annotations

from typing import Any

import pytest

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.layout import FELT
from game.games.blast.view import card_bounds
from tests.games.blast.helpers import table
from tests.games.blast.scene_helpers import make_setup, open_table

CARDS = [D.ARROW, D.PIPE, D.TNT, D.PALISADE, D.STONE, D.IRON, D.FIZZLE, D.OOPS, D.SPY,
         D.BLAST_SHIELD, D.GUARD, D.CHEMIST]


@pytest.mark.parametrize("count", [8, 10, 12])
@pytest.mark.parametrize("players", [2, 4])
def test_a_long_hand_stays_on_the_felt(app: Any, driver: HeadlessDriver, count: int,
                                        players: int) -> None:
    m = table(players, hands={0: CARDS[:count]},
              walls={s: [D.PALISADE] for s in range(players)})
    scene = open_table(app, driver, make_setup(["keys1"] + ["easy"] * (players - 1), seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    assert len(scene.presenter.fan) == count
    for i in (0, count // 2, count - 1):  # each end's card, and one mid-hand, focused
        scene.cursor.focus_key = f"hand:{i}"
        driver.run(40)  # the hand settles where it is laid out
        for card in scene.presenter.fan:
            box = card_bounds(card)
            assert FELT.left <= box.left and box.right <= FELT.right, (i, card.code, box)
    app.stack.pop()
    app.stack.apply_requests()


@pytest.mark.parametrize("count", [8, 10, 12])
def test_a_long_hand_held_under_the_pointer_stays_on_the_felt(
        app: Any, driver: HeadlessDriver, count: int) -> None:
    """A card kept under a resting pointer shifts the whole hand (up to a card's pitch): the
    hand still stays on the felt, either way."""
    m = table(4, hands={0: CARDS[:count]}, walls={s: [D.PALISADE] for s in range(4)})
    scene = open_table(app, driver, make_setup(["mouse", "easy", "easy", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    tc = scene.table_controls
    for shift in (-1.0, 1.0):
        tc.pointer_pos = (FELT.centerx, FELT.bottom - 20)  # resting on the hand
        tc.hold_dx = shift * scene.layout.fan_pitch
        driver.run(40)
        for card in scene.presenter.fan:
            box = card_bounds(card)
            assert FELT.left <= box.left and box.right <= FELT.right, (shift, card.code, box)
        xs = [card.x for card in scene.presenter.fan]
        assert xs == sorted(xs) and len(set(xs)) == count  # in order, none on another
    app.stack.pop()
    app.stack.apply_requests()
