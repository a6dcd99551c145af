"""The lobby's options -> the rules' match (no pygame): the table and `simulate` both start a
match here, so `play --seed N` and `simulate --seed N` deal the same cards."""

from __future__ import annotations

from game.app.catalogue import MatchSetup
from game.games.blast.rules import MatchState, Options

PACES: dict[str, float] = {"relaxed": 1.5, "normal": 1.0, "brisk": 0.6}
"""The AI pace option: how long computer players seem to think (the table only)."""


def options_from(setup: MatchSetup) -> Options:
    """The rules' options for a lobby setup: one seat per player, the first seat drawn from the
    seed (decision 3)."""
    return Options(len(setup.seats))


def new_match_for(setup: MatchSetup) -> MatchState:
    """A fresh match for a setup: the match seed is the setup's seed."""
    return MatchState(options_from(setup), setup.seed)


def pace_of(setup: MatchSetup) -> float:
    """The AI pace factor the setup asks for (1.0 when unknown)."""
    return PACES.get(str(setup.options.get("ai_pace", "normal")), 1.0)
