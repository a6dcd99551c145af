"""Headless Cosmic Kaboom matches between computer seats, on the real physics (no pygame).

Each input is decided by the seat's `CosmicAI` (`ai.decide`) and applied the way the table
applies it: a flick or toss is played out in a world from `CosmicMatch.world_for`, run to rest,
then `finish`ed; every other input goes through `CosmicMatch.apply`. With a replay capture open
(`simulate --replay-dir`), `CosmicRecorder` records the match exactly as the table's scene does.

Options (`setup.options`): `fly_back` (bool, the variant where ships must fly home to bank) and
`rounds` (int, the round limit; the rulebook's `MAX_ROUNDS` by default: tests use a short one).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.app.catalogue import MatchSetup, SimResult
from game.core import replay
from game.games.cosmic.ai import AI_LEVELS, CosmicAI, decide, make_ai
from game.games.cosmic.events import Bomb, Collected, ShipDestroyed
from game.games.cosmic.match import CosmicMatch, FlickInput, TossInput
from game.games.cosmic.options import ai_seed, options_of
from game.games.cosmic.replay import CosmicRecorder
from game.games.cosmic.rules import MatchState

MAX_INPUTS = 20_000
"""A safety net: every match ends (the round limit) long before this many inputs."""



def play_match(
    levels: Sequence[str], seed: int, options: Mapping[str, Any] | None = None,
    *, recorder_setup: Mapping[str, Any] | None = None,
    factory: Callable[[str, int, int], CosmicAI] = make_ai,
) -> dict[str, Any]:
    """Play a whole AI-only match headless; deterministic for the seed.

    `levels` has one of "easy", "medium", "hard" or "random" per seat (2-4 seats). Returns the
    scores, winners, per-seat figures (crystals, flicks, crystals per flick, bomb tosses and
    hits, planets destroyed, ships lost), the end reason, turns, rounds, inputs, physics frames
    and timing. With `recorder_setup` (a MatchSetup's dict) the match is recorded and its
    replay is under "replay". `factory(level, seat, seed)` makes each seat's player (the
    ladder's newcomer model comes in this way); "timeline" lists every input as (seat, kind,
    physics frames, seconds the seat spent deciding) for a pace estimate."""
    for level in levels:
        if factory is make_ai and level not in AI_LEVELS:
            raise ValueError(f"unknown difficulty {level!r}")
    match = CosmicMatch(MatchState(options_of(len(levels), options), seed))
    ais: list[CosmicAI] = [factory(lv, s, ai_seed(seed, s)) for s, lv in enumerate(levels)]
    recorder = CosmicRecorder(recorder_setup, match) if recorder_setup is not None else None
    n = len(levels)
    flicks, tosses = [0] * n, [0] * n
    frames = 0
    inputs = 0
    timeline: list[tuple[int, str, int, float]] = []
    started = time.perf_counter()
    while not match.over:
        seat = match.to_act()
        assert seat is not None
        t0 = time.perf_counter()
        inp = decide(ais[seat], match)
        thought = time.perf_counter() - t0
        before = frames
        if isinstance(inp, (FlickInput, TossInput)):
            why = match.why_not(inp)
            if why is not None:
                raise RuntimeError(f"the {levels[seat]} AI made an illegal input: {why}")
            world = match.world_for(inp, poses=False)
            frames += world.run_to_rest()
            got = match.finish(inp, world)
            if isinstance(inp, FlickInput):
                flicks[seat] += 1
            else:
                tosses[seat] += 1
        else:
            got = match.apply(inp)
        if got is not None:
            raise RuntimeError(f"the {levels[seat]} AI made an illegal input: {got.reason}")
        inputs += 1
        timeline.append((seat, type(inp).__name__, frames - before, thought))
        if recorder is not None:
            recorder.record(inp, match)
        if inputs > MAX_INPUTS:
            raise RuntimeError(f"the match ran past {MAX_INPUTS} inputs")
    wall = time.perf_counter() - started
    state = match.state
    collected, hits, destroyed, lost = [0] * n, [0] * n, [0] * n, [0] * n
    for e in state.events:
        if isinstance(e, Collected):
            collected[e.seat] += 1
        elif isinstance(e, Bomb) and e.destroyed:
            hits[e.seat] += 1
            destroyed[e.seat] += len(e.destroyed)
        elif isinstance(e, ShipDestroyed):
            lost[e.seat] += 1
    winners = state.winners()
    report: dict[str, Any] = {
        "game": "cosmic",
        "seed": seed,
        "levels": list(levels),
        "options": state.options.to_dict(),
        "scores": state.scores(),
        "winners": winners,
        "end_reason": state.end_reason,
        "turns": state.turn,
        "rounds": state.round,
        "moves": inputs,
        "crystals": collected,
        "flicks": flicks,
        "crystals_per_flick": [round(c / f, 4) if f else 0.0 for c, f in zip(collected, flicks,
                                                                             strict=True)],
        "bomb_tosses": tosses,
        "bomb_hits": hits,
        "planets_destroyed": destroyed,
        "ships_lost": lost,
        "frames": frames,
        "ai_frames": [ai.frames for ai in ais],
        "sim_seconds": frames / 60.0,
        "seconds": wall,
        "speedup": (frames / 60.0) / wall if wall > 0 else float("inf"),
        "timeline": timeline,
    }
    if recorder is not None:
        report["replay"] = recorder.finish(match)
    return report


DETAILS = ("end_reason", "turns", "crystals", "flicks", "crystals_per_flick", "bomb_tosses",
           "bomb_hits", "planets_destroyed", "ships_lost", "sim_seconds", "speedup")
"""The per-game figures `simulate` reports beside the catalogue's own fields."""


def simulate(setup: MatchSetup) -> SimResult:
    """The catalogue's simulate: an AI-only match of `setup`, the same match the table plays
    (the match seed is the setup's; each seat plays its difficulty; a human seat plays as
    "medium"). Records the replay when a capture is open."""
    levels = [s.difficulty if s.is_ai and s.difficulty in AI_LEVELS else "medium"
              for s in setup.seats]
    report = play_match(levels, setup.seed, setup.options,
                        recorder_setup=setup.to_dict() if replay.capturing() else None)
    made = report.pop("replay", None)
    if made is not None:
        replay.captured(made)
    return SimResult.build(setup, scores=report["scores"], winners=report["winners"],
                           rounds=report["rounds"], moves=report["moves"],
                           seconds=report["seconds"],
                           details={k: report[k] for k in DETAILS})
