"""The lobby's options -> the rules' match, and the places a finished match gives (no pygame):
the table and `simulate` both start a match here and score it here, so `play --seed N` and
`simulate --seed N` deal the same cards and report the same result."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.app.catalogue import MatchSetup
from game.games.blast.data import MAX_ROUNDS
from game.games.blast.rules import MatchState, Options

PACES: dict[str, float] = {"relaxed": 1.5, "normal": 1.0, "brisk": 0.6}
"""The AI pace option: how long computer players seem to think (the table only)."""


def options_from(players: int, options: Mapping[str, Any] | None = None) -> Options:
    """The rules' options for a table of `players` from a setup's options: ``first`` (a seat,
    or absent for the seed's draw, decision 3) and ``max_rounds`` (the bound, decision 23)."""
    opts = dict(options or {})
    first = opts.get("first")
    return Options(players, None if first is None else int(first),
                   int(opts.get("max_rounds", MAX_ROUNDS)))


def new_match_for(setup: MatchSetup) -> MatchState:
    """A fresh match for a setup: the match seed is the setup's seed."""
    return MatchState(options_from(len(setup.seats), setup.options), setup.seed)


def places(match: MatchState) -> list[int]:
    """Each seat's place (1 best; tied seats share a place): a finished match's scores."""
    out = [0] * match.options.players
    better = 0
    for group in match.ranking():
        for seat in group:
            out[seat] = better + 1
        better += len(group)
    return out


def pace_of(setup: MatchSetup) -> float:
    """The AI pace factor the setup asks for (1.0 when unknown)."""
    return PACES.get(str(setup.options.get("ai_pace", "normal")), 1.0)
