"""Blast replays: recorded by simulate, verified by re-running, tampering found in words."""

from __future__ import annotations

import copy
import io
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from game.app import catalogue
from game.app.catalogue import GameInfo, MatchSetup, Seat
from game.core import replay
from game.core.replay import Replay, ReplayError
from game.games.blast.replay import (
    CHECK_EVERY,
    RULES,
    BlastRecorder,
    fresh_state,
    rules_hash,
    verify,
)
from game.games.blast.rules import Action
from game.games.blast.sim import simulate


def recorded(levels: list[str], seed: int) -> Replay:
    seats = [Seat(f"P{i}", "#ffffff", "ai", level) for i, level in enumerate(levels)]
    with replay.capture() as made:
        simulate(MatchSetup("blast", seats, {}, seed))
    assert len(made) == 1
    return made[0]


@pytest.fixture(scope="module")
def rep() -> Replay:
    return recorded(["medium", "easy", "random", "medium"], 8)


def test_a_simulated_match_replays_and_verifies(rep: Replay, tmp_path: Path) -> None:
    assert rep.game == "blast" and rep.rules == RULES and rep.inputs
    steps = [c[0] for c in rep.checkpoints]
    assert any(label.endswith(" out") for _, label, _ in rep.checkpoints)
    assert all(s % CHECK_EVERY == 0 for s, label, _ in rep.checkpoints
               if label.startswith("action"))
    assert steps == sorted(steps)
    assert [i[0] for i in rep.inputs] == list(range(len(rep.inputs)))
    loaded = replay.load(replay.write(rep, tmp_path / "blast.json"))
    verdict = verify(loaded)
    assert verdict.ok, verdict.message
    assert verdict.checked == len(rep.checkpoints)
    assert rep.summary["winners"]


def tampered(rep: Replay) -> Replay:
    return copy.deepcopy(rep)


def test_a_replay_naming_the_wrong_seat_is_refused_in_words(rep: Replay) -> None:
    bad = tampered(rep)
    step, seat, t, payload = bad.inputs[30]
    other = (seat + 1) % 4
    bad.inputs[30] = (step, other, t, payload)
    verdict = verify(bad)
    assert not verdict.ok and verdict.step == 30
    assert f"the file says seat {other} acted, but the action is seat {seat}'s" in \
        verdict.message


def test_a_changed_action_diverges(rep: Replay) -> None:
    bad = tampered(rep)
    n = next(i for i, inp in enumerate(bad.inputs) if inp[3]["type"] == "Play")
    step, seat, t, payload = bad.inputs[n]
    bad.inputs[n] = (step, seat, t, {"type": "Pass", "player": seat})
    verdict = verify(bad)
    assert not verdict.ok and verdict.step is not None and verdict.step >= step
    assert "differs" in verdict.message or "not legal" in verdict.message


def test_a_missing_input_and_a_wrong_hash_are_found(rep: Replay) -> None:
    bad = tampered(rep)
    del bad.inputs[5]
    verdict = verify(bad)
    assert not verdict.ok and "missing or out of order" in verdict.message
    bad = tampered(rep)
    s, label, _ = bad.checkpoints[1]
    bad.checkpoints[1] = (s, label, "0" * 16)
    verdict = verify(bad)
    assert not verdict.ok and f"the state at '{label}' differs" in verdict.message
    bad = tampered(rep)
    bad.final_hash = "f" * 16
    assert "final state differs" in verify(bad).message


def test_another_rules_revision_or_game_is_refused(rep: Replay) -> None:
    newer = tampered(rep)
    newer.rules = RULES + 1
    with pytest.raises(ReplayError, match="newer"):
        verify(newer)
    other = tampered(rep)
    other.game = "cabo"
    with pytest.raises(ReplayError, match="not a Kaboom! An Explosive Card Game replay"):
        verify(other)
    broken = tampered(rep)
    broken.inputs[0] = (0, broken.inputs[0][1], None, {"type": "Shout", "player": 0})
    with pytest.raises(ReplayError, match="input 0"):
        verify(broken)


def test_a_resumed_match_keeps_recording_from_its_inputs(rep: Replay) -> None:
    state = fresh_state(rep.options, rep.seed)
    half = rep.inputs[: len(rep.inputs) // 2]
    for inp in half:
        assert state.apply(Action.from_dict(inp[3])) is None
    resumed = BlastRecorder(rep.setup, state, [list(i) for i in half])
    assert resumed.ok and resumed.step == len(half)
    for inp in rep.inputs[len(half):]:
        action = Action.from_dict(inp[3])
        assert state.apply(action) is None
        resumed.applied(state, action)
    made = resumed.finish(state)
    assert made is not None and made.final_hash == rep.final_hash == rules_hash(state)
    assert made.checkpoints == rep.checkpoints
    assert BlastRecorder(rep.setup, state).ok is False  # not the seed's fresh deal


@pytest.fixture
def blast_registered() -> Iterator[None]:
    """Blast in the catalogue for this test (by hand, as a game's tests do), whatever was
    registered before put back after."""
    catalogue.load_games()
    before = catalogue.get("blast")

    def make_scene(app: Any, setup: MatchSetup, saved: dict[str, Any] | None) -> Any:
        raise NotImplementedError

    make_scene.__module__ = "game.games.blast.scene"
    catalogue.register(GameInfo("blast", "Kaboom! An Explosive Card Game", "walls", 2, 5,
                                make_scene, simulate, lambda word: "", lambda surface: None))
    try:
        yield
    finally:
        catalogue.unregister("blast")
        if before is not None:
            catalogue.register(before)


def test_the_command_line_verifies_a_blast_replay(rep: Replay, tmp_path: Path,
                                                  blast_registered: None) -> None:
    from game.cli import main

    assert catalogue.package_of("blast") == "game.games.blast"
    path = replay.write(rep, tmp_path / "ok.json")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["replay", str(path), "--verify"]) == 0
    assert "\nOK: " in out.getvalue()
    bad = tampered(rep)
    step, seat, t, payload = bad.inputs[12]
    bad.inputs[12] = (step, (seat + 2) % 4, t, payload)
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["replay", str(replay.write(bad, tmp_path / "bad.json")), "--verify"]) == 1
    assert "DIVERGED at step 12" in out.getvalue() and "the file says seat" in out.getvalue()
