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


@pytest.mark.parametrize("spares", [[999], [0], [3, 3], "row", "pile", [1, 2, 3, 4, 5]])
def test_broken_spares_are_refused(spares: Any) -> None:
    match = new_match(3, 1, ["A", "B", "C"])
    data = match.to_dict()
    if spares == "row":
        spares = [next(t for t in match.row if t)]  # a tile on a pad and beside the row
    elif spares == "pile":
        spares = [match.pile[0]]
    data["spares"] = spares
    state = {"setup": {"seats": [{"name": n} for n in match.names]},
             "game": {"version": SAVE_VERSION, "match": data}}
    with pytest.raises(ValueError):
        check(state)


def test_a_version_1_save_is_upgraded_with_spares_dealt_from_the_pile() -> None:
    from game.core.saves import upgrade_game_state
    from game.games.tower.data import OPEN_SPARES

    match = new_match(3, 8, ["A", "B", "C"])
    old = match.to_dict()
    pile = old["pile"] + old.pop("spares")[::-1]  # as version 1 dealt: pads only
    old.update(version=1, pile=pile)
    state = {"setup": {"seats": [{"name": n} for n in match.names]},
             "game": {"version": 1, "match": old}}
    up = upgrade_game_state("tower", state)
    assert up["game"]["version"] == SAVE_VERSION == 2
    again = MatchState.from_dict(up["game"]["match"])
    assert again.spares == match.spares and len(again.spares) == OPEN_SPARES
    assert again.to_dict() == match.to_dict()  # exactly the match a new one deals
    assert state["game"]["version"] == 1  # the loaded data is untouched


def test_the_scene_the_match_and_the_format_share_one_version() -> None:
    from game.games.tower import scene
    from game.games.tower.savefmt import FORMAT

    assert new_match(2, 1).to_dict()["version"] == SAVE_VERSION == FORMAT.version
    assert scene.SAVE_VERSION is SAVE_VERSION
