"""Dice Race replays: every action, recorded where it is applied (the table's and simulate's
seam), verified with the kit's `verify_turns`. No pygame."""

from __future__ import annotations

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
from tests.fifthgame import rules as R

GAME_ID = "dicerace"
TITLE = "Dice Race"
#: The rules revision: moved whenever a rules change would make an older replay differ.
RULES = 1
CHECK_EVERY = 5


def rules_hash(state: R.State) -> str:
    """The hash of the race (not of its action log, which only repeats the inputs)."""
    data = state.to_dict()
    data.pop("actions")
    return state_hash(data)


def checkpoints_after(state: R.State) -> list[tuple[str, str]]:
    """A checkpoint every `CHECK_EVERY` actions."""
    if state.move % CHECK_EVERY:
        return []
    return [(f"action {state.move}", rules_hash(state))]


def fresh_state(options: Mapping[str, Any], seed: int) -> R.State:
    """The race as the table and simulate start it."""
    return R.new_match(R.Options.from_dict(dict(options)), seed)


class Recorder(TurnRecorder[R.State, R.Action]):
    """Builds a match's replay as its actions are applied; a resumed match re-runs the actions
    its save holds, and a table that does not follow from its seed records nothing."""

    def __init__(self, setup: Mapping[str, Any], state: R.State) -> None:
        super().__init__(TURNS, GAME_ID, RULES, setup, state, state.options.to_dict(),
                         fresh_state, lambda st: summary(st.scores, st.winners(), 1),
                         [(action, None) for action in state.actions])


def _apply(state: R.State, action: R.Action) -> str | None:
    why = state.apply(action)
    return None if why is None else why.reason


TURNS: TurnRules[R.State, R.Action] = TurnRules(
    title=TITLE, decode=R.Action.from_dict, encode=lambda a: a.to_dict(),
    actor=lambda a: a.player,
    describe=lambda a: a.kind, apply=_apply,
    checkpoints=lambda state, _applied, _before: checkpoints_after(state),
    final_hash=rules_hash, waiting=lambda state: None if state.is_over else state.turn)


def verify(replay: Replay) -> Verdict:
    """Re-run the replay's actions from its seed and compare every checkpoint hash."""
    state = starting_state(replay, GAME_ID, TITLE, fresh_state, lambda st: st.players, RULES)
    return verify_turns(replay, state, TURNS)
