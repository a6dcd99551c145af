"""Cosmic Kaboom replays: recorded by simulate, round trip as JSON, verify, and catch tampering."""

from __future__ import annotations

import json

import pytest

from game.app.catalogue import MatchSetup, Seat
from game.core import replay
from game.core.replay import Replay, ReplayError
from game.games.cosmic.match import CosmicMatch, FlickInput
from game.games.cosmic.replay import RULES, CosmicRecorder, match_hash, verify
from game.games.cosmic.rules import Keep
from game.games.cosmic.sim import simulate


def recorded(seed: int = 4, rounds: int = 3) -> Replay:
    seats = [Seat("A", "#e8553d", "ai", "medium"), Seat("B", "#3d8be8", "ai", "easy")]
    setup = MatchSetup("cosmic", seats, {"rounds": rounds}, seed)
    with replay.capture() as got:
        result = simulate(setup)
    assert len(got) == 1
    rep = got[0]
    assert rep.summary["scores"] == list(result.scores)
    assert rep.summary["winners"] == list(result.winners)
    return rep


@pytest.fixture(scope="module")
def rep() -> Replay:
    return recorded()


def test_round_trip_and_verify(rep: Replay) -> None:
    assert rep.game == "cosmic" and rep.rules == RULES
    assert rep.inputs and len(rep.checkpoints) == len(rep.inputs)
    again = Replay.from_dict(json.loads(json.dumps(rep.to_dict())))
    assert again.to_dict() == rep.to_dict()
    verdict = verify(again)
    assert verdict.ok, verdict.message
    assert verdict.checked == len(rep.checkpoints)


def test_a_tampered_flick_is_caught(rep: Replay) -> None:
    data = rep.to_dict()
    n = next(i for i, x in enumerate(data["inputs"]) if x[3]["type"] == "FlickInput")
    data["inputs"][n][3]["power"] = min(1.0, data["inputs"][n][3]["power"] + 0.2)
    verdict = verify(Replay.from_dict(data))
    assert not verdict.ok and verdict.step is not None and verdict.step <= n + 1


def test_a_tampered_final_hash_and_a_missing_input_are_caught(rep: Replay) -> None:
    data = rep.to_dict()
    data["final_hash"] = "0" * 16
    assert not verify(Replay.from_dict(data)).ok
    data = rep.to_dict()
    del data["inputs"][len(data["inputs"]) // 2]
    assert not verify(Replay.from_dict(data)).ok


def test_damaged_inputs_and_other_games_are_refused(rep: Replay) -> None:
    data = rep.to_dict()
    data["inputs"][0][3] = {"type": "Teleport"}
    with pytest.raises(ReplayError):
        verify(Replay.from_dict(data))
    data = rep.to_dict()
    data["rules"] = RULES + 1
    with pytest.raises(ReplayError):
        verify(Replay.from_dict(data))
    other = rep.to_dict()
    other["game"] = other["setup"]["game_id"] = "cabo"
    with pytest.raises(ReplayError):
        verify(Replay.from_dict(other))


def test_recorder_records_each_input_and_refuses_a_resumed_table() -> None:
    setup = {"game_id": "cosmic", "seats": [{"name": "a"}, {"name": "b"}], "options": {},
             "seed": 7}
    m = CosmicMatch.new(2, seed=7)
    rec = CosmicRecorder(setup, m)
    assert rec.ok
    while m.phase.value == "draft":
        seat = m.to_act()
        assert seat is not None
        keep = m.state.legal_actions(seat)[0]
        assert isinstance(keep, Keep) and m.apply(keep) is None
        rec.record(keep, m)
    flick = FlickInput(m.state.current, 0.8, 0.5)
    assert m.apply(flick) is None
    rec.record(flick, m)
    assert rec.replay.checkpoints[-1][2] == match_hash(m)
    assert rec.replay.inputs[-1][3]["type"] == "FlickInput"
    done = rec.finish(m)
    assert done is not None and done.final_hash == match_hash(m)
    assert verify(Replay.from_dict(json.loads(json.dumps(done.to_dict())))).ok
    assert not CosmicRecorder(setup, m).ok  # a match already under way is not recorded
