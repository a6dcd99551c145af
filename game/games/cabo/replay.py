"""Kaboom! cards replays: every rules action, recorded where it is applied to `CaboState`.

Inputs are the actions themselves (`Action.to_dict()`), with the seat that took them (-1 for the
table) and the table time; step is the number of actions applied before it. Checkpoints: a hash
of the canonical rules state (everything but the event and action logs) after every
`CHECK_EVERY` actions and at the end of each round. AI and human actions are recorded the same
way, so verifying needs no AI: it applies the actions in order. Pure Python, no pygame.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping
from typing import Any

from game.core.replay import (
    Replay,
    TurnRecorder,
    TurnRules,
    Verdict,
    starting_state,
    state_hash,
    summary,
    verify_turns,
)
from game.core.replay import input_mismatch as core_mismatch
from game.core.rng import derive_seed
from game.games.cabo import rules as R

log = logging.getLogger(__name__)

GAME_ID = "cabo"
#: The replay revision of the rules: moved whenever a rules change would make an older replay
#: play out differently (tests/games/test_rules_revision.py catches a forgotten move).
RULES = 1
CHECK_EVERY = 10
"""Actions between two periodic checkpoints."""


def rules_hash(state: R.CaboState) -> str:
    """The hash of the rules state (cards, piles, phase, scores, rng), not of its logs."""
    events, actions = state.events, state.actions
    state.events, state.actions = [], []  # the logs only repeat the inputs; hashing them is O(n)
    try:
        data = state.to_dict()
    finally:
        state.events, state.actions = events, actions
    return state_hash(data)


def checkpoints_after(state: R.CaboState) -> list[tuple[str, str]]:
    """The checkpoints due right after an action: (label, hash) pairs, maybe none."""
    due: list[str] = []
    if state.move % CHECK_EVERY == 0:
        due.append(f"action {state.move}")
    last = state.actions[-1] if state.actions else None
    if isinstance(last, R.Reveal):
        due.append(f"round {state.round} end")
    if not due:
        return []
    digest = rules_hash(state)
    return [(label, digest) for label in due]


def fresh_state(options: Mapping[str, Any], seed: int) -> R.CaboState:
    """The match's first deal, as the table and simulate make it."""
    return R.new_game(R.CaboOptions.from_dict(options), derive_seed(seed, "deal"))


class CaboRecorder(TurnRecorder[R.CaboState, R.Action]):
    """Builds a match's replay as its actions are applied (the table's and simulate's seam); a
    resumed match's save holds every earlier action, re-run for their checkpoints."""

    def __init__(self, setup: Mapping[str, Any], state: R.CaboState) -> None:
        super().__init__(TURNS, GAME_ID, RULES, setup, state, state.options.to_dict(),
                         fresh_state, lambda st: summary(st.totals, st.winners(), st.round),
                         [(action, None) for action in state.actions])


def _who(seat: int) -> str:
    return "the table" if seat == R.TABLE else f"seat {seat}"


def action_text(action: R.Action) -> str:
    """An action in a message: its type and its fields but the player ('SlapStop',
    'SlapFlip(pos=(2, 0))', 'Replace(slot=3)')."""
    fields = [
        f"{f.name}={tuple(v) if isinstance(v, tuple) else v!r}"
        for f in dataclasses.fields(action)
        if f.name != "player" and (v := getattr(action, f.name)) is not None
    ]
    name = type(action).__name__
    return f"{name}({', '.join(fields)})" if fields else name


def input_mismatch(n: int, step: int, seat: int, move: int, action: R.Action) -> str | None:
    """Why input `n` (recorded at `step` for `seat`) can't be the action the re-run is at
    (`move` actions applied so far), in plain words; None when step and seat agree."""
    return core_mismatch(n, step, seat, move, action.player, action_text(action), who=_who)


def _apply(state: R.CaboState, action: R.Action) -> str | None:
    why = state.apply(action)
    return None if why is None else why.reason


TURNS: TurnRules[R.CaboState, R.Action] = TurnRules(
    title="Kaboom! cards", decode=R.Action.from_dict, encode=lambda a: a.to_dict(),
    actor=lambda a: a.player,
    describe=action_text, apply=_apply,
    checkpoints=lambda state, _applied, _before: checkpoints_after(state),
    final_hash=rules_hash, who=_who)


def verify(replay: Replay) -> Verdict:
    """Re-run the replay's actions from its seed and compare every checkpoint hash.

    Raises ReplayError when the replay's own content cannot describe a cabo match."""
    state = starting_state(replay, GAME_ID, "Kaboom! cards", fresh_state,
                           lambda st: st.players, RULES)
    return verify_turns(replay, state, TURNS)
