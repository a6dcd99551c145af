"""Headless Kaboom! (cabo) matches between computer seats, for the CLI, benchmarks and tests.

Slap timing is `game.games.cabo.slaps` (the table on screen uses the same windows): each decision
takes `ACTION_TIME` seconds of window time, a slap lands before the next decision when it is
quicker than that, and before the next draw when it is inside the slap window.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from game.app.catalogue import MatchSetup, SimResult
from game.core import replay
from game.core.rng import derive_rng, derive_seed
from game.games.cabo.ai import Bot, make_bot
from game.games.cabo.options import options_from
from game.games.cabo.replay import CaboRecorder
from game.games.cabo.rules import CaboOptions, CaboState
from game.games.cabo.slaps import ACTION_TIME, SlapWindows, next_action

MAX_MOVES_PER_ROUND = 5000  # a safety net: the AIs always end a round long before this


def play_match(
    state: CaboState, bots: Sequence[Bot], *, max_moves_per_round: int = MAX_MOVES_PER_ROUND,
    recorder: CaboRecorder | None = None,
) -> int:
    """Play `state` to the end with one bot per seat; return the number of actions applied.

    A `recorder` is told every applied action with its table time (ACTION_TIME per action)."""
    moves = 0
    round_start = 0
    current_round = state.round
    seats = dict(enumerate(bots))
    slaps = SlapWindows()
    while not state.is_terminal():
        if state.round != current_round:
            current_round, round_start = state.round, moves
        if moves - round_start > max_moves_per_round:
            raise RuntimeError(f"round {state.round} ran past {max_moves_per_round} moves")
        state.must_apply(next_action(state, seats, slaps))
        moves += 1
        if recorder is not None:
            recorder.applied(state, state.actions[-1], moves * ACTION_TIME)
    return moves


def start_match(
    difficulties: Sequence[str], seed: int, options: Mapping[str, Any] | None = None
) -> tuple[CaboState, list[Bot]]:
    """The deal and the computer seats of the match `seed` names, as the table makes them."""
    opts = dict(options or {})
    opts.setdefault("players", len(difficulties))
    if opts["players"] != len(difficulties):
        raise ValueError("one difficulty per seat")
    state = CaboState(CaboOptions.from_dict(opts), derive_seed(seed, "deal"))
    bots = [make_bot(d, seat, derive_rng(seed, "ai", seat)) for seat, d in enumerate(difficulties)]
    return state, bots


def simulate_match(
    difficulties: Sequence[str], seed: int, options: Mapping[str, Any] | None = None,
    *, setup: MatchSetup | None = None,
) -> dict[str, Any]:
    """Play one match between computer seats ("easy", "medium", "hard" or "random").

    Returns scores (final totals per seat), winner (lowest total; a tie goes to the lowest seat),
    winners (every seat tied for lowest), rounds, moves, seed and seconds. Deterministic per seed.
    With `setup` and a replay capture open (`simulate --replay-dir`), the match's replay is
    handed to the capture.
    """
    state, bots = start_match(difficulties, seed, options)
    recorder = CaboRecorder(setup.to_dict(), state) if setup and replay.capturing() else None
    started = time.perf_counter()
    moves = play_match(state, bots, recorder=recorder)
    if recorder is not None:
        made = recorder.finish(state)
        if made is not None:
            replay.captured(made)
    winners = state.winners()
    return {
        "scores": state.scores(),
        "winner": winners[0],
        "winners": list(winners),
        "rounds": state.round,
        "moves": moves,
        "seed": seed,
        "seconds": time.perf_counter() - started,
    }


def simulate(setup: MatchSetup) -> SimResult:
    """The catalogue's simulate: an AI-only match of `setup`, the same match the table plays."""
    opts = options_from(setup)
    report = simulate_match([s.difficulty for s in setup.seats], setup.seed,
                            {"rounds": opts.rounds, "first_starter": opts.first_starter,
                             "slap_window": opts.slap_window,
                             "opening_flips": opts.opening_flips}, setup=setup)
    return SimResult.build(setup, scores=report["scores"], winners=report["winners"],
                           rounds=report["rounds"], moves=report["moves"],
                           seconds=report["seconds"])
