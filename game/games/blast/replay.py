"""Kaboom! An Explosive Card Game (blast) replays: every rules action, recorded where it is applied.

Inputs are the actions themselves (`Action.to_dict()`), with the seat that took them and the
table time; step is the number of actions applied before it. Checkpoints: a hash of the rules
state without its log (`rules_hash`) every `CHECK_EVERY` actions and after every elimination.
AI and human actions are recorded the same way, so verifying needs no AI: it applies the
actions in order from the seed. Pure Python, no pygame.

`RULES` is this game's replay revision (`game.core.replay`): raise it when a rules change means
an older replay could no longer be re-run, so such a file is refused in words.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping, Sequence
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
from game.games.blast.rules import Action, MatchState, Options

log = logging.getLogger(__name__)

GAME_ID = "blast"
TITLE = "Kaboom! An Explosive Card Game"
RULES = 3  # 2: the rebalanced deck (data.py, decision 2); 3: four walls made explosives
"""The replay revision of blast's rules (see the module docstring)."""
CHECK_EVERY = 10
"""Actions between two periodic checkpoints."""


def rules_hash(state: MatchState) -> str:
    """The hash of the rules state (cards, piles, chain, turn, chance counter), not its log."""
    events = state.events
    state.events = []  # the log only repeats the inputs; hashing it would be O(n) per check
    try:
        data = state.to_dict()
    finally:
        state.events = events
    return state_hash(data)


def fresh_state(options: Mapping[str, Any], seed: int) -> MatchState:
    """The match's first deal from its rules options and seed, as the table and simulate make
    it."""
    return MatchState(Options.from_dict(options), seed)


def checkpoints_after(state: MatchState, step: int, outs_before: int) -> list[tuple[str, str]]:
    """The checkpoints due after the `step`-th action: (label, hash) pairs, maybe none.
    `outs_before`: eliminations before that action."""
    due: list[str] = []
    if step % CHECK_EVERY == 0:
        due.append(f"action {step}")
    if state.eliminations > outs_before:
        out = sorted((p for p in state.players if p.out_order >= outs_before),
                     key=lambda p: p.out_order)
        due.extend(f"seat {p.seat} out" for p in out)
    if not due:
        return []
    digest = rules_hash(state)
    return [(label, digest) for label in due]


class BlastRecorder(TurnRecorder[MatchState, Action]):
    """Builds a match's replay as its actions are applied (the table's and simulate's seam).

    A match resumed from a save passes the inputs recorded before (`inputs`, this recorder's
    `replay.inputs` saved with the match): they are re-run from the seed for their checkpoints
    and must lead to `state`; otherwise (a hand-made table) recording is given up."""

    def __init__(self, setup: Mapping[str, Any], state: MatchState,
                 inputs: Sequence[Sequence[Any]] = ()) -> None:
        super().__init__(TURNS, GAME_ID, RULES, setup, state, state.options.to_dict(),
                         fresh_state, _summary, _earlier(inputs))


def _earlier(inputs: Sequence[Sequence[Any]]) -> list[tuple[Action, float | None]]:
    """The saved inputs as actions with their table times, up to the first unreadable one."""
    out: list[tuple[Action, float | None]] = []
    for item in inputs:
        try:
            out.append((Action.from_dict(item[3]), item[2]))
        except (KeyError, TypeError, ValueError, IndexError):
            break
    return out


def _summary(state: MatchState) -> dict[str, Any]:
    from game.games.blast.options import places

    return summary(places(state), state.winners(), state.round)


def action_text(action: Action) -> str:
    """An action in a message: its type and fields but the player ('Play(card='tnt',
    target=2, walls=('iron_wall',), mode='')', 'TakeIt')."""
    fields = [f"{f.name}={getattr(action, f.name)!r}" for f in dataclasses.fields(action)
              if f.name != "player"]
    name = type(action).__name__
    return f"{name}({', '.join(fields)})" if fields else name


def input_mismatch(n: int, step: int, seat: int, applied: int, action: Action,
                   to_act: int | None) -> str | None:
    """Why input `n` (recorded after `step` actions, for `seat`) cannot be the action the
    re-run is at (`applied` actions so far, the match waiting for `to_act`), in plain words;
    None when they agree."""
    return core_mismatch(n, step, seat, applied, action.player, action_text(action), to_act)


def _apply(state: MatchState, action: Action) -> str | None:
    refused = state.apply(action)
    return None if refused is None else refused.reason


TURNS: TurnRules[MatchState, Action] = TurnRules(
    title=TITLE, decode=Action.from_dict, encode=lambda a: a.to_dict(),
    actor=lambda a: a.player, describe=action_text,
    apply=_apply, checkpoints=checkpoints_after, final_hash=rules_hash,
    waiting=lambda state: state.current_player(), before=lambda state: state.eliminations)


def verify(replay: Replay) -> Verdict:
    """Re-run the replay's actions from its seed and compare every checkpoint hash.

    Raises ReplayError when the replay's own content cannot describe a blast match."""
    state = starting_state(replay, GAME_ID, TITLE, fresh_state,
                           lambda st: st.options.players, RULES)
    return verify_turns(replay, state, TURNS)
