"""Tower Kaboom replays: every control input a turn receives, with the logic step it arrived at.

Recorded at the `TurnController` (the seam between every seat's controller, human or AI, and the
world), so playing back needs no AI and no device: only the inputs, the seed and fixed-step
physics. An input is `[kind, *args]` (`grab x y block`, `drag_to x y`, `rotate d`, `set_angle a`,
`release`, `settle` (a release with the mouse's aid), `let_go aided` (a human builder's
release, guarded against a tower's spot that wants another block; aided 1 adds the settle),
`put_back` (the held block back to the tray: a pause, a focus loss, the seat changing hands),
`fire angle power`, `aim angle power`,
`finish_now`) at a global logic step (world frames counted over the whole match). The builder's
tile choice before the sand timer turns is an input too, `choose slot spare`
(`MatchState.choose_tile`, recorded by `choice.choose`): it comes at the step the turn will
start from, before the turn's own inputs. Checkpoints: a hash of the world snapshot and the
match every `CHECK_EVERY` steps of a turn, and of the match after every turn. No pygame.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.core.replay import (
    Checker,
    Replay,
    ReplayError,
    Verdict,
    continue_or_start,
    cut_text,
    new_replay,
    starting_state,
    state_hash,
    summary,
)
from game.games.tower.rules import ChooseTile, MatchState, Options, Phase, new_match
from game.games.tower.turn import TABLE_SEAT, TurnController

log = logging.getLogger(__name__)

GAME_ID = "tower"
TITLE = "Tower Kaboom"
RULES = 11  # 3: a held block set down on release; 4: centred on a block within 9 units;
# 5: each seat keeps one catapult slot all match; 6: a die at rest on a pad is lifted off;
# 7: a loose block lying beside a tower on its tile does not spoil it; 8: the mouse's settle
# reaches a block's width and height, at any angle; 9: a person's block let go anywhere over a
# pad whose next spot wants another goes back to the tray, unless a block there still settles;
# 10: a block with a foot on the table leaning on a tower is not part of it (does not void it);
# 11: a block let go with the aid over its pad settles from as low as the table, not only above
"""Tower's replay revision: 2 since the builder's choice of eight open tiles (spares are dealt,
so a revision-1 file would re-run another match)."""
CHECK_EVERY = 60
"""Logic steps (one second of table time) between two checkpoints inside a turn."""
BUILDER_INPUTS = {"grab": 3, "drag_to": 2, "rotate": 1, "set_angle": 1, "release": 0,
                  "settle": 0, "let_go": 1, "put_back": 0}
SABOTEUR_INPUTS = {"fire": 2, "aim": 2}
CHOICE_INPUTS = {"choose": 2}
"""Inputs between turns (the match is READY): the builder swaps a pad's tile with a spare."""


def turn_hash(turn: TurnController) -> str:
    """The hash of a turn in progress: the world's snapshot and the match (timer, dice)."""
    return state_hash([turn.world.snapshot().to_dict(), turn.match.to_dict()])


def match_hash(match: MatchState) -> str:
    """The hash of the match between turns (tiles won, row, pile, scores, rng)."""
    return state_hash(match.to_dict())


class _Steps:
    """Counts logic steps over the match and names the checkpoints as a turn runs."""

    def __init__(self, on_checkpoint: Callable[[int, str, str], Any]) -> None:
        self.on_checkpoint = on_checkpoint
        self.step = 0
        self.turns = 0
        self._turn: TurnController | None = None

    def stepped(self, turn: TurnController) -> None:
        if turn is not self._turn:
            self._turn = turn
            self.turns += 1
        self.step += 1
        if turn.done:
            self.on_checkpoint(self.step, f"turn {self.turns} end", match_hash(turn.match))
        elif turn.world.frame % CHECK_EVERY == 0:
            label = f"turn {self.turns} step {turn.world.frame}"
            self.on_checkpoint(self.step, label, turn_hash(turn))


class TowerRecorder(_Steps):
    """Builds a match's replay: give it to each turn (`turn.recorder = recorder`).

    A save between turns carries the replay so far (`partial`), so a resumed match still
    writes the whole replay (`resume`)."""

    def __init__(self, setup: Mapping[str, Any], match: MatchState) -> None:
        super().__init__(self._checkpoint)
        options = {**match.options.to_dict(), "names": list(match.names)}
        self.replay = new_replay(GAME_ID, setup, options, RULES)
        self.ok = match.turn == 0 and match.phase == Phase.READY
        if self.ok:
            try:
                self.ok = match_hash(fresh_match(options, match.seed)) == match_hash(match)
            except ValueError:
                self.ok = False
        if not self.ok:
            log.info("this tower match is not recorded: it does not start from its seed "
                     "(a resumed or hand-made table)")
        # Between turns: (match hash, inputs, checkpoints, step, turns) to cut a save's copy at.
        self.safe_points: list[tuple[str, int, int, int, int]] = [
            (match_hash(match), 0, 0, 0, 0)]

    @classmethod
    def start(cls, setup: Mapping[str, Any], match: MatchState,
              saved: Mapping[str, Any] | None) -> TowerRecorder:
        """The recorder for a table: a new match, or one resumed from a save (its `replay`)."""
        return continue_or_start(saved, lambda: cls(setup, match),
                                 lambda data: cls.resume(setup, match, data), TITLE)

    @classmethod
    def resume(cls, setup: Mapping[str, Any], match: MatchState,
               partial: Any) -> TowerRecorder:
        """Continue the replay a save carried; raise ReplayError unless it leads to `match`."""
        if not isinstance(partial, dict):
            raise ReplayError("the saved replay is not an object")
        rep = Replay.from_dict(partial.get("replay"))
        step, turns = partial.get("step"), partial.get("turns")
        if not isinstance(step, int) or not isinstance(turns, int) or step < 0 or turns < 0:
            raise ReplayError("the saved replay has no step count")
        here = match_hash(match)
        ends = [c for c in rep.checkpoints if c[1].endswith(" end")]
        if rep.game != GAME_ID or rep.seed != match.seed or rep.setup != dict(setup):
            raise ReplayError("the saved replay is of another match")
        if ends and ends[-1][2] != here or not ends and \
                match_hash(fresh_match(rep.options, rep.seed)) != here:
            raise ReplayError("the saved replay does not lead to the saved match")
        rec = cls.__new__(cls)
        _Steps.__init__(rec, rec._checkpoint)
        rec.replay, rec.ok = rep, True
        rec.step, rec.turns = step, turns
        rec.safe_points = [(here, len(rep.inputs), len(rep.checkpoints), step, turns)]
        return rec

    def partial(self, match_data: Mapping[str, Any]) -> str | None:
        """The replay up to the point between turns where the match was `match_data` (a save's
        copy of `MatchState.to_dict()`), or None when it is not such a point.

        Compact JSON text: a save is indented JSON, which would put every number of thousands
        of inputs on a line of its own."""
        if not self.ok:
            return None
        want = state_hash(match_data)
        for digest, n_in, n_cp, step, turns in reversed(self.safe_points):
            if digest == want:
                return cut_text(self.replay, n_in, n_cp, digest, step=step, turns=turns)
        return None

    def note(self, seat: int, kind: str, args: tuple[Any, ...]) -> None:
        """An input reached the turn before step `self.step`."""
        if self.ok:
            self.replay.add_input(self.step, seat, None, [kind, *args])

    def _checkpoint(self, step: int, label: str, digest: str) -> None:
        if self.ok:
            self.replay.add_checkpoint(step, label, digest)
            if label.endswith(" end"):
                self.safe_points.append((digest, len(self.replay.inputs),
                                         len(self.replay.checkpoints), step, self.turns))

    def finish(self, match: MatchState) -> Replay | None:
        """The finished match's replay (None when the match was not recorded from its start)."""
        if not self.ok:
            return None
        self.replay.final_hash = match_hash(match)
        self.replay.summary = summary(match.totals(), match.winners(), match.round)
        return self.replay


class _Replayer(_Steps):
    """Re-runs a replay's inputs and checks its checkpoints as the turns step."""

    def __init__(self, replay: Replay) -> None:
        self.checker = Checker(replay)
        super().__init__(self.checker.check)

    def note(self, seat: int, kind: str, args: tuple[Any, ...]) -> None:
        """Inputs are applied by `verify` itself from the file; nothing to note."""


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def apply_input(turn: TurnController, n: int, seat: int, payload: Any, players: int) -> str | None:
    """Give input `n` to the turn; a message when it cannot be the same match (None if fine).

    Raises ReplayError when the payload is not a Tower Kaboom input at all."""
    if not isinstance(payload, list) or not payload or not isinstance(payload[0], str):
        raise ReplayError(f"damaged replay: input {n} is not [kind, ...]")
    kind, args = payload[0], payload[1:]
    if kind in CHOICE_INPUTS:
        _choice_args(n, args)
        return f"input {n} (choose) comes while the sand timer runs"
    arity = BUILDER_INPUTS.get(kind, SABOTEUR_INPUTS.get(kind, 0 if kind == "finish_now" else -1))
    if arity < 0 or len(args) != arity:
        raise ReplayError(f"damaged replay: input {n} is an unknown input {kind!r}")
    numbers = args[:2] if kind == "grab" else args
    if not all(_number(a) or (a is None and kind in SABOTEUR_INPUTS) for a in numbers):
        raise ReplayError(f"damaged replay: input {n} ({kind}) has a bad value")
    if kind == "grab" and args[2] is not None and not (isinstance(args[2], int)
                                                       and not isinstance(args[2], bool)):
        raise ReplayError(f"damaged replay: input {n} (grab) has a bad block id")
    if kind in BUILDER_INPUTS and seat != turn.builder:
        return f"input {n} ({kind}) comes from seat {seat}, but seat {turn.builder} builds"
    if kind in SABOTEUR_INPUTS and not 0 <= seat < players:
        return f"input {n} ({kind}) names no seat"
    if kind == "finish_now" and seat != TABLE_SEAT:
        return f"input {n} (finish_now) must come from the table"
    if kind == "grab":
        turn.grab((args[0], args[1]), args[2])
    elif kind == "drag_to":
        turn.drag_to((args[0], args[1]))
    elif kind == "rotate":
        turn.rotate(args[0])
    elif kind == "set_angle":
        turn.set_angle(args[0])
    elif kind == "release":
        turn.release()
    elif kind == "settle":
        turn.settle()
    elif kind == "let_go":
        turn.let_go(bool(args[0]))
    elif kind == "put_back":
        turn.put_back()
    elif kind == "fire":
        turn.fire(seat, args[0], args[1])
    elif kind == "aim":
        turn.aim(seat, args[0], args[1])
    else:
        turn.finish_now()
    return None


def _choice_args(n: int, args: list[Any]) -> tuple[int, int]:
    if len(args) != CHOICE_INPUTS["choose"] or not all(
            isinstance(a, int) and not isinstance(a, bool) for a in args):
        raise ReplayError(f"damaged replay: input {n} (choose) is not [choose, slot, spare]")
    return args[0], args[1]


def apply_choice(match: MatchState, n: int, seat: int, payload: Any) -> str | None:
    """Give input `n`, a tile choice between turns, to the match; a message when it cannot be
    the same match (None if fine). Raises ReplayError when it is not a choice at all."""
    if not isinstance(payload, list) or not payload or payload[0] not in CHOICE_INPUTS:
        raise ReplayError(f"damaged replay: input {n} is not a tile choice")
    slot, spare = _choice_args(n, payload[1:])
    if seat != match.builder:
        return f"input {n} (choose) comes from seat {seat}, but seat {match.builder} builds"
    why = match.apply(ChooseTile(seat, slot, spare))
    return None if why is None else f"input {n} (choose) was refused: {why.reason}"


def is_choice(payload: Any) -> bool:
    """Whether a recorded input is a tile choice between turns."""
    return isinstance(payload, list) and bool(payload) and payload[0] in CHOICE_INPUTS


def fresh_match(options: Mapping[str, Any], seed: int) -> MatchState:
    """The match a replay starts from (its options carry the seats' names)."""
    rules = {k: v for k, v in options.items() if k != "names"}
    names = options.get("names")
    if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
        raise ValueError("no seat names")
    return new_match(Options.from_dict(rules), seed, list(names))


def verify(replay: Replay) -> Verdict:
    """Re-run the replay on fresh fixed-step physics and compare every checkpoint hash.

    Raises ReplayError when the replay's own content cannot describe a Tower Kaboom match."""
    match = starting_state(replay, GAME_ID, TITLE, fresh_match, lambda m: m.players,
                           RULES)
    runner = _Replayer(replay)
    checker = runner.checker
    inputs: Sequence[tuple[int, int, float | None, Any]] = replay.inputs
    i = 0
    # A damaged file must not run forever: no match goes two minutes past its last record.
    limit = max([0] + [x[0] for x in inputs[-1:]] + [c[0] for c in replay.checkpoints[-1:]])
    limit += 120 * 60
    while match.phase != Phase.OVER and checker.failure is None:
        while i < len(inputs) and inputs[i][0] == runner.step and is_choice(inputs[i][3]):
            step, seat, _t, payload = inputs[i]
            problem = apply_choice(match, i, seat, payload)
            if problem is not None:
                checker.fail(step, f"step {step}: {problem}")
                break
            i += 1
        if checker.failure is not None:
            break
        turn = TurnController(match)
        turn.recorder = runner
        while not turn.done and checker.failure is None:
            while i < len(inputs) and inputs[i][0] == runner.step:
                step, seat, _t, payload = inputs[i]
                problem = apply_input(turn, i, seat, payload, match.players)
                if problem is not None:
                    checker.fail(step, f"step {step}: {problem}")
                    break
                i += 1
            if checker.failure is not None:
                break
            turn.step()
            turn.pop_events()
            if runner.step > limit:
                checker.fail(runner.step, f"step {runner.step}: the re-run goes on past the "
                                          "replay's end")
    if checker.failure is None and i < len(inputs):
        checker.fail(inputs[i][0], f"step {inputs[i][0]}: the match ended at step "
                                   f"{runner.step}, before input {i}")
    return checker.finish(runner.step, match_hash(match))
