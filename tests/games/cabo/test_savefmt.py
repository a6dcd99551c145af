"""The Kaboom! cards save check accepts every state real play reaches and refuses broken ones."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.games.cabo import rules as R
from game.games.cabo.savefmt import SAVE_VERSION, check


def _state(rules: R.CaboState) -> dict[str, Any]:
    seats = [{"name": f"P{i}"} for i in range(rules.players)]
    return {"setup": {"seats": seats}, "game": {"version": SAVE_VERSION, "rules": rules.to_dict()}}


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (6, 3)])
def test_every_state_of_random_play_passes_the_check(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = R.new_game(R.CaboOptions(players=players, rounds=2), seed)
    checked = 0
    while not state.is_terminal() and checked < 1500:
        if checked % 3 == 0:
            check(_state(state))
        checked += 1
        actions = state.legal_actions()
        state.must_apply(actions[0] if state.current_player() == R.TABLE else rng.choice(actions))
    assert checked > 50


@pytest.mark.parametrize("field,value", [("turn", 4), ("turn", -1), ("starter", 9),
                                         ("kaboomer", 7), ("next_starter", 3), ("totals", [0]),
                                         ("history", [[1, 2]]), ("draw", ["ZZ"]),
                                         ("phase", "napping"), ("grids", [[None]])])
def test_broken_states_are_refused(field: str, value: Any) -> None:
    state = _state(R.new_game(R.CaboOptions(players=3), 5))
    state["game"]["rules"][field] = value
    with pytest.raises(Exception):  # noqa: B017 - any refusal will do: it is moved aside
        check(state)
