"""A random-play driver: seeded random legal games, for tests, simulations and smoke runs."""

from __future__ import annotations

from collections import defaultdict

from game.core.rng import derive_rng
from game.games.blast.rules.actions import Action
from game.games.blast.rules.state import MatchState, new_match


def random_step(match: MatchState, rng_seed: int, step: int) -> Action:
    """One random legal action for the seat to act: a kind of action first (play, trade, pass,
    defend, ...), then one of that kind, so the many trade choices do not crowd out the rest."""
    seat = match.current_player()
    if seat is None:
        raise ValueError("the match is over")
    kinds: dict[str, list[Action]] = defaultdict(list)
    for a in match.legal_actions(seat):
        kinds[type(a).__name__].append(a)
    rng = derive_rng(rng_seed, "random-play", step)
    kind = rng.choice(sorted(kinds))
    return rng.choice(kinds[kind])


def random_game(players: int, seed: int, *, max_rounds: int | None = None) -> MatchState:
    """Play a whole match of random legal actions (seeded: the same seed, the same match)."""
    options = {} if max_rounds is None else {"max_rounds": max_rounds}
    match = new_match(players, seed, **options)
    step = 0
    while not match.is_terminal():
        action = random_step(match, seed, step)
        refused = match.apply(action)
        if refused is not None:
            raise AssertionError(f"a legal action was refused: {action} ({refused.reason})")
        step += 1
    return match
