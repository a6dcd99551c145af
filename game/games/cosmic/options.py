"""A setup's options as Cosmic Kaboom's rules take them, and the AI seats' seeds: one place, so
the table on screen and `simulate` start the very same match. Pure Python."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.rng import derive_seed
from game.games.cosmic.data import LAYOUTS, MAX_ROUNDS, end_at
from game.games.cosmic.rules import Options


def options_of(players: int, options: Mapping[str, Any] | None) -> Options:
    """The rules' options for `players` seats from a setup's options: `fly_back`; `length`
    ("rulebook" or "short", or `end_at` a number of planets); `planets` (the setup: "laid
    out" or "you place"); `rounds`, the round limit (the rulebook's `MAX_ROUNDS` unless a test
    asks for a short match)."""
    opts = dict(options or {})
    length = str(opts.get("length", "rulebook"))
    end = int(opts["end_at"]) if "end_at" in opts else end_at(players, length)
    layout = opts.get("planets", LAYOUTS[0])
    deploy = layout == LAYOUTS[1] if isinstance(layout, str) and layout in LAYOUTS \
        else _flag(layout)
    return Options(players, fly_back=_flag(opts.get("fly_back", False)),
                   max_rounds=int(opts.get("rounds", MAX_ROUNDS)), end_at=end, deploy=deploy)


def _flag(value: Any) -> bool:
    """A switch from a setup (a bool) or a command line ("on", "true", "1")."""
    if isinstance(value, str):
        return value.strip().lower() in ("on", "true", "1", "yes")
    return bool(value)


def ai_seed(seed: int, seat: int) -> int:
    """The seed of a computer seat in the match `seed` (the table and `simulate` alike)."""
    return derive_seed(seed, "ai", seat)
