"""What a save made during a turn needs to play that turn back to where it was left.

A stranger who quit late in a good turn and pressed Continue got the whole turn to play again
from a full timer (his three fired dice given back). A turn is pure and seeded like the rest of
the match: its start (the match at the last safe point and the builder's tile choices since)
and every input by the logic step it came before lead to the very table that was left. So a
save in the middle of a turn carries them (`TurnLog.to_dict`), and Continue plays them back
headless (`play_back`) before the first frame, checked by the table's hash; a save that does
not lead there restarts the turn from its beginning, as before, and says so.

No pygame: the log sits between the turn and the replay recorder, forwarding what it is told.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.core.replay import ReplayError
from game.games.tower.choice import CHOICE_INPUT, choose
from game.games.tower.replay import apply_input, turn_hash
from game.games.tower.rules import MatchState
from game.games.tower.turn import TurnController, TurnRecorder

MAX_STEPS = 60 * 60 * 5
"""The most logic steps a saved turn may ask to be played back (five minutes of table time:
more than any sand timer and its settling): a damaged save never stalls the start."""


class TurnLog:
    """Told every input between two safe points (forwarded to the replay recorder, if any):
    the builder's tile choices, then the turn's inputs by the step they came before."""

    def __init__(self, inner: TurnRecorder | None) -> None:
        self.inner = inner
        self.choices: list[list[int]] = []
        """(seat, pad slot, spare index) of each tile choice since the last safe point."""
        self.inputs: list[list[Any]] = []
        """(step, seat, [kind, *args]) of each input of the turn in play."""
        self.steps = 0
        """Logic steps the turn in play has taken."""

    def note(self, seat: int, kind: str, args: tuple[Any, ...]) -> None:
        if kind == CHOICE_INPUT:
            self.choices.append([seat, *args])
        else:
            self.inputs.append([self.steps, seat, [kind, *args]])
        if self.inner is not None:
            self.inner.note(seat, kind, args)

    def stepped(self, turn: TurnController) -> None:
        self.steps += 1
        if self.inner is not None:
            self.inner.stepped(turn)

    def to_dict(self, turn: TurnController) -> dict[str, Any]:
        """The turn in play as a save carries it (plain data, with the table's hash)."""
        return {"choices": [list(c) for c in self.choices], "steps": self.steps,
                "inputs": [[s, seat, list(p)] for s, seat, p in self.inputs],
                "hash": turn_hash(turn)}


def replay_choices(match: MatchState, saved: Mapping[str, Any], log: TurnLog) -> None:
    """Make a saved turn's tile choices again (told to `log`); ReplayError if one cannot be."""
    choices = saved.get("choices")
    if not isinstance(choices, list):
        raise ReplayError("the saved turn has no list of tile choices")
    for c in choices:
        if not (isinstance(c, list) and len(c) == 3
                and all(isinstance(x, int) and not isinstance(x, bool) for x in c)):
            raise ReplayError("a saved tile choice is not [seat, slot, spare]")
        seat, slot, spare = c
        if seat != match.builder:
            raise ReplayError("a saved tile choice is not the builder's")
        why = choose(match, slot, spare, log)
        if why is not None:
            raise ReplayError(f"a saved tile choice was refused: {why.reason}")


def play_back(turn: TurnController, saved: Mapping[str, Any],
              on_step: Callable[[], None]) -> None:
    """Feed a just-begun turn the saved inputs step by step (`on_step` after each step) up to
    the saved step, then check the table's hash; ReplayError when the save does not lead
    there (damaged, or from other rules)."""
    steps, inputs, digest = saved.get("steps"), saved.get("inputs"), saved.get("hash")
    if not isinstance(steps, int) or isinstance(steps, bool) or not 0 <= steps <= MAX_STEPS:
        raise ReplayError("the saved turn has no step count")
    if not isinstance(inputs, list) or not isinstance(digest, str):
        raise ReplayError("the saved turn has no inputs or no hash")
    by_step: dict[int, list[tuple[int, int, Any]]] = {}
    for n, item in enumerate(inputs):
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], int)
                and isinstance(item[1], int) and 0 <= item[0] <= steps):
            raise ReplayError(f"saved input {n} is not [step, seat, input]")
        by_step.setdefault(item[0], []).append((n, item[1], item[2]))
    players = turn.match.players
    for k in range(steps + 1):
        for n, seat, payload in by_step.get(k, ()):
            why = apply_input(turn, n, seat, payload, players)
            if why is not None:
                raise ReplayError(why)
        if k < steps:
            if turn.done:
                raise ReplayError("the saved turn ends before its last step")
            turn.step()
            on_step()
    if turn_hash(turn) != digest:
        raise ReplayError("the saved turn does not lead to the table that was left")
