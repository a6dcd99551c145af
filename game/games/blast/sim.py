"""Headless Kaboom! An Explosive Card Game (blast) matches between computer seats: for the CLI
(`simulate blast`), the tiers table, benchmarks and tests. No pygame.

The match is the table's own: `MatchState(options, setup.seed)` with one `BlastAI` per seat
seeded `ai.ai_seed(seed, seat)`, each decision blocking (`ai.decide`), which reaches the very
decision the table reaches thinking a slice per frame. With a replay capture open
(`simulate --replay-dir`) the match is recorded as the table records it.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from game.app.catalogue import MatchSetup, SimResult
from game.core import replay
from game.games.blast.ai import BlastAI, ai_seed, decide, make_ai
from game.games.blast.data import CARDS
from game.games.blast.options import options_from, places
from game.games.blast.replay import BlastRecorder
from game.games.blast.rules import MatchState
from game.games.blast.rules.events import (
    Aimed,
    Answered,
    Cancelled,
    Eliminated,
    EndgameCard,
    Played,
    Took,
    Traded,
    Undermined,
)

MAX_ACTIONS = 100_000
"""A safety net: the round bound ends every match long before this."""


def start_match(levels: Sequence[str], seed: int,
                options: Mapping[str, Any] | None = None) -> tuple[MatchState, list[BlastAI]]:
    """The deal and the computer seats of match `seed`, as the table makes them."""
    match = MatchState(options_from(len(levels), options or {}), seed)
    ais = [make_ai(level, seat, ai_seed(seed, seat)) for seat, level in enumerate(levels)]
    return match, ais


def play_match(match: MatchState, ais: Sequence[BlastAI],
               recorder: BlastRecorder | None = None) -> int:
    """Play `match` to its end with one AI per seat; the number of actions applied."""
    moves = 0
    while not match.is_terminal():
        seat = match.current_player()
        assert seat is not None
        action = decide(ais[seat], match)
        refused = match.apply(action)
        if refused is not None:
            raise RuntimeError(f"seat {seat}'s AI chose an illegal {action}: {refused.reason}")
        moves += 1
        if recorder is not None:
            recorder.applied(match, action)
        if moves > MAX_ACTIONS:
            raise RuntimeError(f"the match ran past {MAX_ACTIONS} actions")
    return moves


def turns_played(match: MatchState) -> int:
    """Turns begun (at the round bound the turn counter has stepped past the last one)."""
    return match.turn if match.end_reason == "round_limit" else match.turn + 1


def rounds_played(match: MatchState) -> int:
    """Rounds begun, the last one included."""
    return (turns_played(match) - 1) // match.options.players + 1


def details(match: MatchState) -> dict[str, Any]:
    """What a finished match reports beyond the contract's fields, from its log."""
    played: Counter[str] = Counter()
    categories: Counter[str] = Counter()
    defences: Counter[str] = Counter()
    endgame_cards: Counter[str] = Counter()
    chains: Counter[int] = Counter()
    eliminations: list[dict[str, Any]] = []
    undermines = trades = 0
    links = 0
    for e in match.events:
        if isinstance(e, Played):
            played[e.card] += 1
            categories[str(CARDS[e.card].category)] += 1
        elif isinstance(e, Answered):
            defences[e.card] += 1
        elif isinstance(e, Undermined):
            undermines += 1
        elif isinstance(e, Traded):
            trades += 1
        elif isinstance(e, EndgameCard):
            endgame_cards[e.card] += 1
        elif isinstance(e, Aimed):
            links = e.link + 1
        elif isinstance(e, Took | Cancelled) and links:
            chains[links] += 1
            links = 0
        elif isinstance(e, Eliminated):
            eliminations.append({"seat": e.seat, "by": e.by, "card": e.card,
                                 "turn": e.turn, "round": e.turn // match.options.players
                                 + 1})
    return {
        "ranking": [list(g) for g in match.ranking()],
        "eliminations": eliminations,
        "turns": turns_played(match),
        "end_reason": match.end_reason,
        "cards_played": dict(sorted(played.items())),
        "categories_played": dict(sorted(categories.items())),
        "defences_played": dict(sorted(defences.items())),
        "chain_lengths": {str(k): chains[k] for k in sorted(chains)},
        "longest_chain": max(chains, default=0),
        "undermines": undermines,
        "trades": trades,
        "endgame_cards": dict(sorted(endgame_cards.items())),
    }


def simulate_match(levels: Sequence[str], seed: int, options: Mapping[str, Any] | None = None,
                   *, setup: MatchSetup | None = None) -> dict[str, Any]:
    """One match between computer seats ("easy", "medium", "hard" or "random").

    Returns scores (each seat's place: 1 is the winner, tied seats share a place; lower is
    better, as the catalogue says), winners, rounds, moves, seed, seconds and the `details`
    (with each seat's `wall_strength` at the end). Deterministic per seed. With `setup` and a
    replay capture open, the match's replay goes to the capture."""
    match, ais = start_match(levels, seed, options)
    recorder = (BlastRecorder(setup.to_dict(), match)
                if setup is not None and replay.capturing() else None)
    started = time.perf_counter()
    moves = play_match(match, ais, recorder)
    seconds = time.perf_counter() - started
    if recorder is not None:
        made = recorder.finish(match)
        if made is not None:
            replay.captured(made)
    return {"scores": places(match), "winners": match.winners(), "rounds": rounds_played(match),
            "wall_strength": match.scores(),
            "moves": moves, "seed": seed, "seconds": seconds, **details(match)}


def simulate(setup: MatchSetup) -> SimResult:
    """The catalogue's simulate: an AI-only match of `setup`, the same match the table plays
    (a human seat is played by medium)."""
    levels = [s.difficulty if s.is_ai else "medium" for s in setup.seats]
    report = simulate_match(levels, setup.seed, setup.options, setup=setup)
    extra = {k: v for k, v in report.items()
             if k not in ("scores", "winners", "rounds", "moves", "seed", "seconds")}
    return SimResult.build(setup, scores=report["scores"], winners=report["winners"],
                           rounds=report["rounds"], moves=report["moves"],
                           seconds=report["seconds"], details=extra)
