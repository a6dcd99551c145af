"""Dice Race's computer seats: bank once the pot reaches the seat's nerve (or the target).

Each seat's rng is `derive_rng(seed, "ai", seat)`; "random" rolls or banks at random. A decision
is a few comparisons, so it never needs slicing across frames.
"""

from __future__ import annotations

import random

from game.core.rng import derive_rng
from tests.fifthgame import rules as R

NERVE = {"easy": 8, "medium": 15, "hard": 20}
"""The pot at which a seat of each difficulty banks."""


class Bot:
    """One computer seat."""

    def __init__(self, seat: int, difficulty: str, seed: int) -> None:
        self.seat = seat
        self.difficulty = difficulty
        self.rng: random.Random = derive_rng(seed, "ai", seat)

    def decide(self, state: R.State) -> R.Action:
        """The seat's next action (it must be this seat's turn)."""
        legal = state.legal_actions(self.seat)
        if not legal:
            raise ValueError(f"seat {self.seat} is not to act")
        if len(legal) == 1:
            return legal[0]
        if self.difficulty == "random":
            return self.rng.choice(legal)
        mine = state.scores[self.seat]
        if mine + state.pot >= state.options.target or state.pot >= NERVE[self.difficulty]:
            return R.Action(self.seat, "bank")
        return R.Action(self.seat, "roll")
