"""Every catalogue game's pure rules take the kit's one shape (`game.core.rules.Rules`, the
OpenSpiel shape): legal actions per seat, `apply` returning a refusal as a value and changing
nothing then, an observation per seat, winners once over, an independent clone, and a save
that reads back the same. A fifth game gets these tests by registering its `new_rules`."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from game.app import catalogue
from game.core.moves import Rejected
from game.core.rules import Rules
from tests.contract import game_ids

STEPS = 60
"""Moves of a seeded random playout per game (physical games stop at their first move that
needs the physics: a template is refused until its outcome is filled in)."""


def _fresh(game_id: str, seed: int = 3) -> Rules:
    info = catalogue.get(game_id)
    assert info.new_rules is not None, f"{game_id} registers no new_rules"
    state = info.new_rules(info.min_players + (1 if info.max_players > info.min_players else 0),
                           seed)
    assert isinstance(state, Rules), f"{game_id}'s rules lack part of the shape"
    return state


def _saved(state: Rules) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def _taken(state: Rules, rng: random.Random) -> tuple[Rules, Any] | None:
    """A clone with one accepted move applied, and that move (None: no seat has one)."""
    now = state.current_player()
    seats = [now] if now is not None else list(range(_players(state))) + [-1]
    for seat in seats:
        actions = list(state.legal_actions(seat))
        rng.shuffle(actions)
        for action in actions:
            trial = state.clone()
            if trial.apply(action) is None:
                return trial, action
    return None


def _playout(game_id: str, seed: int = 3) -> list[tuple[Rules, Any]]:
    """(state before, move) for each move of a seeded random playout."""
    state, rng, out = _fresh(game_id, seed), random.Random(seed), []
    for _ in range(STEPS):
        if state.is_over:
            break
        got = _taken(state, rng)
        if got is None:
            break
        out.append((state, got[1]))
        state = got[0]
    return out


@pytest.mark.parametrize("game_id", game_ids())
def test_a_fresh_match_is_not_over_has_no_winner_and_someone_may_act(game_id: str) -> None:
    state = _fresh(game_id)
    assert not state.is_over and list(state.winners()) == []
    assert _playout(game_id), f"{game_id}: no seat has a move it may take at the start"


@pytest.mark.parametrize("game_id", game_ids())
def test_a_save_reads_back_the_same_at_every_step(game_id: str) -> None:
    for state, _ in _playout(game_id)[::6]:
        data = json.loads(_saved(state))
        assert _saved(type(state).from_dict(data)) == _saved(state)


@pytest.mark.parametrize("game_id", game_ids())
def test_a_refused_move_is_a_value_and_changes_nothing(game_id: str) -> None:
    refused = 0
    for state, action in _playout(game_id)[:12]:
        before = _saved(state)
        for other in (-7, 99):
            wrong = dataclasses.replace(action, player=other)
            why = state.apply(wrong)
            assert isinstance(why, Rejected) and why.reason, (game_id, wrong)
            assert _saved(state) == before, f"{game_id}: a refused {wrong} changed the state"
            refused += 1
    assert refused


@pytest.mark.parametrize("game_id", game_ids())
def test_a_clone_is_independent_of_its_original(game_id: str) -> None:
    for state, action in _playout(game_id)[:8]:
        before = _saved(state)
        copy = state.clone()
        assert _saved(copy) == before
        assert copy.apply(action) is None
        assert _saved(state) == before, f"{game_id}: a move on the clone changed the original"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_seat_has_an_observation_and_the_seat_to_act_has_a_move(game_id: str) -> None:
    for state, _ in _playout(game_id)[:10]:
        for seat in range(_players(state)):
            state.observation(seat)
        now = state.current_player()
        if now is not None and now >= 0:
            assert list(state.legal_actions(now)), f"{game_id}: seat {now} is to act, with no move"


def _players(state: Rules) -> int:
    """How many seats the match has (every game's options say)."""
    return int(state.options.players)  # type: ignore[attr-defined]
