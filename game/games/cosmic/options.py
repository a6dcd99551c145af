"""A setup's options as Cosmic Kaboom's rules take them, and the AI seats' seeds: one place, so
the table on screen and `simulate` start the very same match. Pure Python."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.rng import derive_seed
from game.games.cosmic.data import MAX_ROUNDS
from game.games.cosmic.rules import Options


def options_of(players: int, options: Mapping[str, Any] | None) -> Options:
    """The rules' options for `players` seats from a setup's options (`fly_back`, and `rounds`,
    the round limit: the rulebook's `MAX_ROUNDS` unless a test asks for a short match)."""
    opts = dict(options or {})
    return Options(players, fly_back=bool(opts.get("fly_back", False)),
                   max_rounds=int(opts.get("rounds", MAX_ROUNDS)))


def ai_seed(seed: int, seat: int) -> int:
    """The seed of a computer seat in the match `seed` (the table and `simulate` alike)."""
    return derive_seed(seed, "ai", seat)
