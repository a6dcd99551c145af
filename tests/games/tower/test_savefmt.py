"""The Tower Kaboom save check accepts every turn start real play reaches, refuses broken ones."""

from __future__ import annotations

from typing import Any

import pytest

from game.games.tower import sim
from game.games.tower.rules import MatchState, new_match
from game.games.tower.savefmt import SAVE_VERSION, check


def _state(match: MatchState) -> dict[str, Any]:
    seats = [{"name": n} for n in match.names]
    return {"setup": {"seats": seats}, "game": {"version": SAVE_VERSION, "match": match.to_dict()}}


def test_every_turn_start_of_a_match_passes_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    real = sim.play_turn
    checked: list[int] = []

    def checking(match: MatchState, *args: Any, **kwargs: Any) -> Any:
        check(_state(match))  # the scene saves at exactly this point: between turns
        checked.append(match.turn)
        return real(match, *args, **kwargs)

    monkeypatch.setattr(sim, "play_turn", checking)
    sim.simulate_match(["easy", "medium"], 4, {"rounds": 1, "turn_seconds": 12.0})
    assert checked == [0, 1]


@pytest.mark.parametrize("field,value", [("turn", -3), ("row", [999, None, 0, None, None]),
                                         ("pile", [12345]), ("won", [[1]]),
                                         ("time_left", 1e9), ("mega_winner", 8),
                                         ("dice_left", {"7": 2}), ("phase", "lunch")])
def test_broken_matches_are_refused(field: str, value: Any) -> None:
    state = _state(new_match(3, 1, ["A", "B", "C"]))
    state["game"]["match"][field] = value
    with pytest.raises(Exception):  # noqa: B017 - any refusal will do: it is moved aside
        check(state)
