"""Cosmic Kaboom replays: every input a match receives, recorded where `CosmicMatch` takes it.

An input is `input_to_dict(inp)` (a flick's angle and power, a toss's release point, angle,
power and spin, a planet's spot, or a rules action such as `Keep`, `Play`, `ReturnToBase`), with
the seat that gave it and its step: the number of inputs applied before it. Physical inputs are
re-played on fresh fixed-step physics rebuilt from the table, so a replay needs no AI and no
device. Checkpoints: after every input, the hash of the canonical match (`match_hash`: the
rules state and the table's positions, without the rules' event log, which only repeats what
the inputs did); the final hash is the same of the finished match. AI and human inputs are
recorded the same way (the table's scene and `sim` both call `CosmicRecorder.record`).
Pure Python, no pygame.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
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
from game.games.cosmic.match import CosmicMatch, Input, input_from_dict, input_to_dict
from game.games.cosmic.rules import MatchState, Options

log = logging.getLogger(__name__)

GAME_ID = "cosmic"
TITLE = "Cosmic Kaboom"
RULES = 9  # 9: a ship at rest is moved out to a clear gap from a planet (world.clear_of_planets)
"""Cosmic Kaboom's replay revision: raise it when a rules or physics change means an older
replay would re-run another match."""


def canonical(match: CosmicMatch) -> dict[str, Any]:
    """The match as hashed: `CosmicMatch.to_dict()` without the rules' event log."""
    return canonical_data(match.to_dict())


def canonical_data(data: Mapping[str, Any]) -> dict[str, Any]:
    """`canonical` of a match already in plain-data form (a save's copy)."""
    out = dict(data)
    out["state"] = {k: v for k, v in dict(data["state"]).items() if k != "events"}
    return out


def match_hash(match: CosmicMatch) -> str:
    """The checkpoint hash of a match (sha256 of its sorted-key JSON, 16 hex digits)."""
    return state_hash(canonical(match))


def fresh_match(options: Mapping[str, Any], seed: int) -> CosmicMatch:
    """The match a replay starts from: its options and seed on the default deployment."""
    return CosmicMatch(MatchState(Options.from_dict(options), seed))


def label(step: int) -> str:
    """A checkpoint's label after `step` inputs."""
    return f"input {step}"


class CosmicRecorder:
    """Builds a match's replay as its inputs are applied (the table's and simulate's seam).

    A match that does not start fresh from its seed (a resumed or hand-made table) is not
    recorded: `ok` is False and `finish` gives None."""

    def __init__(self, setup: Mapping[str, Any], match: CosmicMatch) -> None:
        options = match.state.options.to_dict()
        self.replay = new_replay(GAME_ID, setup, options, RULES)
        self.step = 0
        self.points: dict[str, tuple[int, int, int]] = {}
        """Hash of the match after each recorded input -> (inputs, checkpoints, step): where a
        save made at that point can continue the replay."""
        try:
            fresh = fresh_match(options, self.replay.seed)
            self.ok = match_hash(fresh) == match_hash(match)
        except ValueError:
            self.ok = False
        if not self.ok:
            log.info("this cosmic match is not recorded: it does not start from its seed")

    def record(self, inp: Input, match_after: CosmicMatch) -> None:
        """`inp` was just applied (accepted) to the match, which is now `match_after`."""
        if not self.ok:
            return
        self.replay.add_input(self.step, inp.player, None, input_to_dict(inp))
        self.step += 1
        digest = match_hash(match_after)
        self.replay.add_checkpoint(self.step, label(self.step), digest)
        self.points[digest] = (len(self.replay.inputs), len(self.replay.checkpoints), self.step)

    @classmethod
    def start(cls, setup: Mapping[str, Any], match: CosmicMatch,
              saved: Mapping[str, Any] | None) -> CosmicRecorder:
        """The recorder for a table: a new match, or one resumed from a save carrying the
        replay so far (its `replay`); a save whose replay cannot continue is not recorded."""
        return continue_or_start(saved, lambda: cls(setup, match),
                                 lambda data: cls.resume(match, data), TITLE)

    @classmethod
    def resume(cls, match: CosmicMatch, data: Mapping[str, Any]) -> CosmicRecorder:
        """Continue the replay a save carried; raise ReplayError unless it leads to `match`."""
        rep = Replay.from_dict(data.get("replay"))
        step = data.get("step")
        if not isinstance(step, int) or step != len(rep.inputs):
            raise ReplayError("the saved replay's step does not match its inputs")
        if rep.final_hash != match_hash(match):
            raise ReplayError("the saved replay does not lead to the saved match")
        rec = cls.__new__(cls)
        rep.final_hash = ""
        rec.replay, rec.step, rec.ok = rep, step, True
        rec.points = {match_hash(match): (len(rep.inputs), len(rep.checkpoints), step)}
        return rec

    def partial(self, match_data: Mapping[str, Any]) -> str | None:
        """The replay up to the point where the match was `match_data` (a save's copy of
        `CosmicMatch.to_dict()`), as compact JSON text, or None when no recorded point is it."""
        if not self.ok:
            return None
        try:
            digest = state_hash(canonical_data(match_data))
        except (KeyError, TypeError, ValueError):
            return None
        got = self.points.get(digest)
        if got is None:
            return None
        n_in, n_cp, step = got
        return cut_text(self.replay, n_in, n_cp, digest, step=step)

    def finish(self, match: CosmicMatch) -> Replay | None:
        """The finished match's replay (None when it was not recorded from its start)."""
        if not self.ok:
            return None
        state = match.state
        self.replay.final_hash = match_hash(match)
        self.replay.summary = summary(state.scores(), state.winners(), state.round)
        return self.replay


def verify(replay: Replay) -> Verdict:
    """Re-run the replay's inputs on fresh physics from its seed and compare every checkpoint.

    Raises ReplayError when the replay's own content cannot describe a Cosmic Kaboom match."""
    match = starting_state(replay, GAME_ID, TITLE, fresh_match,
                           lambda m: m.state.options.players, RULES)
    checker = Checker(replay)
    done = 0
    for n, (step, seat, _t, payload) in enumerate(replay.inputs):
        if not isinstance(payload, dict):
            raise ReplayError(f"damaged replay: input {n} is not a Cosmic Kaboom input")
        try:
            inp = input_from_dict(payload)
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise ReplayError(f"damaged replay: input {n} is not a Cosmic Kaboom input "
                              f"({err!r})") from None
        if step != done:
            checker.fail(done, f"input {n}: the file says it comes after {step} inputs, but "
                               f"{done} came before it (inputs are missing or out of order)")
            break
        if seat != inp.player:
            checker.fail(done, f"input {n}: the file says seat {seat} gave it, but it is "
                               f"seat {inp.player}'s")
            break
        try:
            got = match.apply(inp)
        except (ValueError, RuntimeError) as err:
            raise ReplayError(f"damaged replay: input {n} cannot be played ({err})") from None
        if got is not None:
            checker.fail(done, f"step {done}: input {n} ({payload.get('type')}) is not legal "
                               f"there ({got.reason})")
            break
        done += 1
        if not checker.check(done, label(done), match_hash(match)):
            break
    return checker.finish(done, match_hash(match))
