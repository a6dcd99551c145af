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
    TurnRules,
    Verdict,
    new_replay,
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
RULES = 2  # 2: the rebalanced deck (data.py, decision 2)
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


class BlastRecorder:
    """Builds a match's replay as its actions are applied (the table's and simulate's seam).

    A match resumed from a save passes the inputs recorded before (`inputs`, this recorder's
    `replay.inputs` saved with the match): they are re-run from the seed for their checkpoints
    and must lead to `state`; otherwise (a hand-made table) recording is given up."""

    def __init__(self, setup: Mapping[str, Any], state: MatchState,
                 inputs: Sequence[Sequence[Any]] = ()) -> None:
        self.replay = new_replay(GAME_ID, setup, state.options.to_dict(), RULES)
        self.ok = True
        self.step = 0
        self._outs = 0
        self._catch_up(state, inputs)

    def _catch_up(self, state: MatchState, inputs: Sequence[Sequence[Any]]) -> None:
        rerun = fresh_state(self.replay.options, self.replay.seed)
        for item in inputs:
            try:
                action = Action.from_dict(item[3])
            except (KeyError, TypeError, ValueError, IndexError):
                break
            if rerun.apply(action) is not None:
                break
            self._note(rerun, action, item[2])
        if rules_hash(rerun) != rules_hash(state):
            log.info("this blast match does not follow from its seed and inputs: no replay")
            self.ok = False

    def applied(self, state: MatchState, action: Action, t: float | None = None) -> None:
        """`action` was just applied to `state` at table time `t` seconds."""
        if self.ok:
            self._note(state, action, t)

    def _note(self, state: MatchState, action: Action, t: float | None) -> None:
        self.replay.add_input(self.step, action.player, t, action.to_dict())
        self.step += 1
        for label, digest in checkpoints_after(state, self.step, self._outs):
            self.replay.add_checkpoint(self.step, label, digest)
        self._outs = state.eliminations

    def finish(self, state: MatchState) -> Replay | None:
        """The finished match's replay (None if recording was given up)."""
        if not self.ok:
            return None
        self.replay.final_hash = rules_hash(state)
        from game.games.blast.options import places

        self.replay.summary = summary(places(state), state.winners(), state.round)
        return self.replay


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
    title=TITLE, decode=Action.from_dict, actor=lambda a: a.player, describe=action_text,
    apply=_apply, checkpoints=checkpoints_after, final_hash=rules_hash,
    waiting=lambda state: state.current_player(), before=lambda state: state.eliminations)


def verify(replay: Replay) -> Verdict:
    """Re-run the replay's actions from its seed and compare every checkpoint hash.

    Raises ReplayError when the replay's own content cannot describe a blast match."""
    state = starting_state(replay, GAME_ID, TITLE, fresh_state,
                           lambda st: st.options.players, RULES)
    return verify_turns(replay, state, TURNS)
