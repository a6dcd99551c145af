"""What a save made during a turn needs to play that turn back to where it was left.

A stranger who quit late in a good turn and pressed Continue got the whole turn to play again
from a full timer (his three fired dice given back). A turn is pure and seeded like the rest of
the match: its start (the match at the last safe point and the builder's tile choices since)
and every input by the logic step it came before lead to the very table that was left. So a
save in the middle of a turn carries them (`TurnLog.to_dict`), and Continue plays them back
headless (`play_back`) before the first frame, checked by the table's hash; a save that does
not lead there restarts the turn from its beginning, as before, and says so.

The AIs play the turn back too, from their seeds, in the frame's order (`play_back`'s
`actors`), rather than being fed their inputs: a stranger's Continue in an AI builder's turn
found its hand empty and its plan forgotten (the block it carried let go, the Post begun
again), the knocked pillar and the die spent on it lost. So the inputs the table's controllers
give inside a world frame are marked (`IN_FRAME`): a person's are given back at that place, an
AI's are made again by the AI, and must come out the same.

No pygame: the log sits between the turn and the replay recorder, forwarding what it is told.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.core.replay import ReplayError
from game.games.tower.choice import CHOICE_INPUT, choose
from game.games.tower.replay import apply_input, turn_hash
from game.games.tower.rules import MatchState
from game.games.tower.turn import TurnController, TurnRecorder

MAX_STEPS = 60 * 60 * 5
"""The most logic steps a saved turn may ask to be played back (five minutes of table time:
more than any sand timer and its settling): a damaged save never stalls the start."""
IN_FRAME = 1
"""The mark (a 4th element) of an input a seat's controller gave inside a world frame, after
the inputs from the devices and before the step: `[step, seat, input, IN_FRAME]`."""


class TurnLog:
    """Told every input between two safe points (forwarded to the replay recorder, if any):
    the builder's tile choices, then the turn's inputs by the step they came before."""

    def __init__(self, inner: TurnRecorder | None) -> None:
        self.inner = inner
        self.choices: list[list[int]] = []
        """(seat, pad slot, spare index) of each tile choice since the last safe point."""
        self.inputs: list[list[Any]] = []
        """(step, seat, [kind, *args]) of each input of the turn in play, `IN_FRAME` after an
        input a controller gave inside a world frame."""
        self.steps = 0
        """Logic steps the turn in play has taken."""
        self.in_frame = False
        """The seats' controllers act inside a world frame (set by the scene): inputs marked."""

    def note(self, seat: int, kind: str, args: tuple[Any, ...]) -> None:
        if kind == CHOICE_INPUT:
            self.choices.append([seat, *args])
        else:
            item: list[Any] = [self.steps, seat, [kind, *args]]
            self.inputs.append(item + [IN_FRAME] if self.in_frame else item)
        if self.inner is not None:
            self.inner.note(seat, kind, args)

    def stepped(self, turn: TurnController) -> None:
        self.steps += 1
        if self.inner is not None:
            self.inner.stepped(turn)

    def to_dict(self, turn: TurnController) -> dict[str, Any]:
        """The turn in play as a save carries it (plain data, with the table's hash)."""
        return {"choices": [list(c) for c in self.choices], "steps": self.steps,
                "inputs": [[s, seat, list(p), *mark] for s, seat, p, *mark in self.inputs],
                "marked": True, "hash": turn_hash(turn)}


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


def play_back(turn: TurnController, saved: Mapping[str, Any], on_step: Callable[[], None],
              log: TurnLog, actors: Sequence[tuple[int, Callable[[], None] | None]]) -> None:
    """Feed a just-begun turn (told to `log`) the saved inputs step by step (`on_step` after
    each step) up to the saved step, then check the inputs and the table's hash; ReplayError
    when the save does not lead there (damaged, or from other rules).

    `actors` are the seats' controllers in the order they act in a world frame while the sand
    runs: (seat, an AI's frame to run) or (seat, None) for a person, whose inputs in the frame
    come from the save. An AI plays again from its seed, so its mind is where it was left (its
    hand, its plan, its aim); its inputs must come out as saved."""
    steps, inputs, digest = saved.get("steps"), saved.get("inputs"), saved.get("hash")
    if not isinstance(steps, int) or isinstance(steps, bool) or not 0 <= steps <= MAX_STEPS:
        raise ReplayError("the saved turn has no step count")
    if not isinstance(inputs, list) or not isinstance(digest, str):
        raise ReplayError("the saved turn has no inputs or no hash")
    ais = {seat for seat, act in actors if act is not None}
    if ais and saved.get("marked") is not True:
        raise ReplayError("the saved turn is from before the AIs could play a turn back")
    devices: dict[int, list[tuple[int, int, Any]]] = {}
    framed: dict[tuple[int, int], list[tuple[int, int, Any]]] = {}
    for n, item in enumerate(inputs):
        if not (isinstance(item, list) and len(item) in (3, 4) and isinstance(item[0], int)
                and isinstance(item[1], int) and 0 <= item[0] <= steps
                and item[3:] in ([], [IN_FRAME])):
            raise ReplayError(f"saved input {n} is not [step, seat, input]")
        if len(item) == 3:
            devices.setdefault(item[0], []).append((n, item[1], item[2]))
        elif item[1] not in ais:
            framed.setdefault((item[0], item[1]), []).append((n, item[1], item[2]))
    players = turn.match.players

    def give(given: list[tuple[int, int, Any]]) -> None:
        for n, seat, payload in given:
            why = apply_input(turn, n, seat, payload, players)
            if why is not None:
                raise ReplayError(why)

    for k in range(steps + 1):
        give(devices.get(k, []))
        if k == steps:
            break
        if turn.done:
            raise ReplayError("the saved turn ends before its last step")
        if turn.building:
            log.in_frame = True
            for seat, act in actors:
                if act is not None:
                    act()
                else:
                    give(framed.get((k, seat), []))
            log.in_frame = False
        turn.step()
        on_step()
    if log.inputs != inputs:
        raise ReplayError("the AIs did not play the saved turn back as it was played")
    if turn_hash(turn) != digest:
        raise ReplayError("the saved turn does not lead to the table that was left")
