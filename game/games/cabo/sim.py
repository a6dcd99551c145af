"""Headless Kaboom! (cabo) matches between computer seats, for the CLI, benchmarks and tests.

Slap timing: every seat that wants the slappable discard gives a reaction time; the earliest that
lands inside the slap window wins (ties clockwise from the discarder, as in the rules). Each
decision of the seat on turn takes `ACTION_TIME` seconds of table time, so a slap lands before the
turn's next decision only if it is quicker than that; the next draw waits for the window.
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
from game.games.cabo.rules import (
    TABLE,
    CaboOptions,
    CaboState,
    Draw,
    FlipTop,
    Pass,
    Reveal,
    Slap,
    first_slap,
)

ACTION_TIME = 0.5  # seconds a seat takes for one decision, for slap timing
MAX_MOVES_PER_ROUND = 5000  # a safety net: the AIs always end a round long before this
_CLOSERS = (Draw, FlipTop, Reveal, Pass)


def play_match(
    state: CaboState, bots: Sequence[Bot], *, max_moves_per_round: int = MAX_MOVES_PER_ROUND,
    recorder: CaboRecorder | None = None,
) -> int:
    """Play `state` to the end with one bot per seat; return the number of actions applied.

    A `recorder` is told every applied action with its table time (ACTION_TIME per action)."""
    n = state.players
    slap_window = state.options.slap_window
    moves = 0
    round_start = 0
    window_key = -1
    attempts: dict[int, Slap] = {}
    elapsed = 0.0
    current_round = state.round
    while not state.is_terminal():
        if state.round != current_round:
            current_round, round_start = state.round, moves
        if moves - round_start > max_moves_per_round:
            raise RuntimeError(f"round {state.round} ran past {max_moves_per_round} moves")
        winner: Slap | None = None
        if state.window and state.slap is None:
            if state.window_id != window_key:
                window_key, attempts, elapsed = state.window_id, {}, 0.0
            for p in range(n):
                if p not in attempts and p != state.kaboomer:
                    bot = bots[p]
                    slap = bot.react(state.observation(p, with_legal=bot.needs_legal))
                    if slap is not None:
                        attempts[p] = Slap(p, elapsed + slap.t)
            landed = [s for s in attempts.values() if s.t < slap_window and state.is_legal(s)]
            winner = first_slap(landed, state.window_from, n)
        cur = state.current_player()
        if cur == TABLE:
            action = state.legal_actions()[0]
        else:
            bot = bots[cur]
            action = bot.choose(state.observation(cur, with_legal=bot.needs_legal))
        if winner is not None and (
            winner.t <= elapsed + ACTION_TIME or isinstance(action, _CLOSERS)
        ):
            action = winner
        state.must_apply(action)
        moves += 1
        if recorder is not None:
            recorder.applied(state, action, moves * ACTION_TIME)
        if state.window and state.window_id == window_key:
            elapsed += ACTION_TIME
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
                             "slap_window": opts.slap_window}, setup=setup)
    return SimResult.build(setup, scores=report["scores"], winners=report["winners"],
                           rounds=report["rounds"], moves=report["moves"],
                           seconds=report["seconds"])
