"""Headless Tower Kaboom: AI-only matches on the real physics at fixed dt, faster than real time.

`simulate_match` is what `kaboom simulate tower` and the tests call; `play_turn` runs one turn
with AI seats and returns its statistics (also used to measure the AI).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from game.app.catalogue import DEFAULT_NAMES, MatchSetup, SimResult
from game.core import replay
from game.games.tower.ai import SIM_DIFFICULTIES, BuilderAI, SaboteurAI, SeatModel
from game.games.tower.choice import ai_choose
from game.games.tower.options import ai_difficulty, options_from_setup
from game.games.tower.replay import TowerRecorder
from game.games.tower.rules import MatchState, Options, Phase, new_match
from game.games.tower.turn import TurnController, TurnRecorder


def play_turn(
    match: MatchState,
    difficulties: list[str],
    *,
    saboteurs: bool = True,
    recorder: TurnRecorder | None = None,
    models: Mapping[str, SeatModel] | None = None,
) -> dict[str, Any]:
    """Play the match's next turn with AI seats; return what happened (tiles, dice, blocks).

    Frame for frame what the table does with AI seats (`TowerScene._world_frame`): the builder
    acts, then each saboteur in seat order, then the world steps; the turn runs until its sand
    timer is out and the table has settled, as on the table (no early finish), so a replay of
    a simulated match and one of the table's are the same inputs at the same steps.
    `saboteurs=False` leaves the catapults idle (to measure a builder unopposed). A seat whose
    name is in `models` plays that model (`tiers.NEWCOMER`), making no tile swaps.
    """
    models = models or {}
    ai_choose(match, difficulties[match.builder], recorder)  # swap tiles first (choice.py)
    turn = TurnController(match)
    turn.recorder = recorder
    builder_seat = match.builder
    name = difficulties[builder_seat]
    model = models.get(name)
    people = frozenset(s for s, d in enumerate(difficulties) if d in models)  # (stand-ins)
    builder = BuilderAI(name, match.ai_seed(builder_seat), model.builder, model.slip) \
        if model is not None else BuilderAI(name, match.ai_seed(builder_seat), people=people)
    sabs = (
        [
            SaboteurAI(seat, difficulties[seat], match.ai_seed(seat),
                       models[difficulties[seat]].saboteur
                       if difficulties[seat] in models else None)
            for seat in match.saboteurs()
        ]
        if saboteurs
        else []
    )
    frames = 0
    while not turn.done:
        if turn.building:
            builder.update(turn)
            for s in sabs:
                s.update(turn)
        turn.step()
        turn.pop_events()
        frames += 1
    result = turn.result
    assert result is not None
    stats = turn.world.stats
    return {
        "builder": builder_seat,
        "won": list(result.won_tiles),
        "points": result.points,
        "towers": len(result.won_tiles) + (1 if result.mega else 0),
        "mega": result.mega,
        "dice_fired": stats.dice_fired,
        "dice_hit": stats.dice_hit,
        "blocks_placed": builder.placed,
        "frames": frames,
    }


def simulate_match(
    difficulties: list[str], seed: int, options: dict[str, Any] | None = None,
    *, setup: MatchSetup | None = None, models: Mapping[str, SeatModel] | None = None,
) -> dict[str, Any]:
    """Play a whole AI-only match headless; deterministic for the seed.

    `difficulties` has one of "easy", "medium", "hard" or "random" per seat (2-5 seats). The
    seats are named by `setup` when given (names are part of the match's state), else as the
    command line names AI seats. `options` may set
    `rounds`, `closing_rule` and `turn_seconds` (others are ignored). Returns scores (points per
    seat), winner (the Mega builder, else the highest total; a tie goes to the lowest seat),
    winners (every seat sharing the win), rounds, turns, moves (blocks placed + dice fired, with
    `move_counts` apart), seed and timing.
    """
    for d in difficulties:
        if d not in SIM_DIFFICULTIES and d not in (models or {}):
            raise ValueError(f"unknown difficulty {d!r}")
    given = dict(options or {})
    if given.setdefault("players", len(difficulties)) != len(difficulties):
        raise ValueError("one difficulty per seat")
    opts = Options.from_dict(given)
    if setup is not None:
        names = [s.name for s in setup.seats]
    else:
        names = [DEFAULT_NAMES[i % len(DEFAULT_NAMES)] for i in range(len(difficulties))]
    match = new_match(opts, seed, names=names)
    recorder = TowerRecorder(setup.to_dict(), match) if setup and replay.capturing() else None
    started = time.perf_counter()
    turns: list[dict[str, Any]] = []
    while match.phase != Phase.OVER:
        turns.append(play_turn(match, difficulties, recorder=recorder, models=models))
    if recorder is not None:
        made = recorder.finish(match)
        if made is not None:
            replay.captured(made)
    wall = time.perf_counter() - started
    frames = sum(t["frames"] for t in turns)
    blocks = sum(t["blocks_placed"] for t in turns)
    dice = sum(t["dice_fired"] for t in turns)
    winners = match.winners()
    return {
        "game": "tower",
        "seed": seed,
        "difficulties": list(difficulties),
        "options": opts.to_dict(),
        "scores": match.totals(),
        "tiles": [list(w) for w in match.won],
        "winner": winners[0] if winners else None,  # None: nobody scored, a draw
        "winners": winners,
        "mega": match.mega_winner is not None,
        "rounds": match.round,
        "turns": len(turns),
        "moves": blocks + dice,
        "move_counts": {
            "blocks_placed": blocks,
            "dice_fired": dice,
            "dice_hit": sum(t["dice_hit"] for t in turns),
        },
        "per_turn": turns,
        "sim_seconds": frames / 60.0,
        "seconds": wall,
        "speedup": (frames / 60.0) / wall if wall > 0 else float("inf"),
    }


def simulate(setup: MatchSetup) -> SimResult:
    """The catalogue's simulate: an AI-only match of `setup`, the same match the table plays.

    Scores are points per seat; `winners` is the Mega builder, else every seat with the highest
    total. Tower's own figures (tiles, turns, move counts, speed-up) go in `details`.
    """
    report = simulate_match([ai_difficulty(s.difficulty) for s in setup.seats], setup.seed,
                            options_from_setup(setup).to_dict(), setup=setup)
    keep = ("tiles", "mega", "turns", "move_counts", "per_turn", "sim_seconds", "speedup")
    return SimResult.build(setup, scores=report["scores"], winners=report["winners"],
                           rounds=report["rounds"], moves=report["moves"],
                           seconds=report["seconds"], details={k: report[k] for k in keep})
