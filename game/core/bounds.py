"""One set of bounds for every number a player, a file or a command line can hand the game.

Seeds and counts are checked the same way wherever they come from (command-line arguments,
saves, replays), against the same limits, with the same words, so a number the command line
refuses is refused in a file too. Pure Python.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

MAX_SEED = 2**63 - 1
"""The largest seed: seeds are whole numbers from 0 to 2**63-1 (what the rng derivation and
every file format carry)."""
MAX_COUNT = 1_000_000
"""The largest count a command takes (games to simulate, frames to run, rounds, minutes)."""
MAX_ITEMS = 100_000
"""The most entries any list or object in a save may hold (a whole match holds a few hundred)."""


def seed_problem(value: Any) -> str | None:
    """Why `value` is not a seed, in words, or None if it is one."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        return f"the seed {_short(value)} is not a whole number from 0 to 2**63-1"
    return None


def check_seed(value: Any) -> int:
    """`value` if it is a seed, else ValueError saying so."""
    problem = seed_problem(value)
    if problem is not None:
        raise ValueError(problem)
    return int(value)


def count_problem(value: Any, what: str, low: int = 1, high: int = MAX_COUNT) -> str | None:
    """Why `value` is not a count from `low` to `high`, in words, or None if it is one."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return f"{what} must be a whole number from {low:,} to {high:,}, not {_short(value)}"
    return None


def check_count(value: Any, what: str, low: int = 0, high: int = MAX_COUNT) -> int:
    """`value` if it is a whole number from `low` to `high`, else ValueError naming `what`."""
    problem = count_problem(value, what, low, high)
    if problem is not None:
        raise ValueError(problem)
    return int(value)


def check_real(value: Any, what: str, low: float, high: float) -> float:
    """`value` if it is a finite number from `low` to `high`, else ValueError naming `what`."""
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not math.isfinite(value) or not low <= value <= high:
        raise ValueError(f"{what} must be a number from {low:g} to {high:g}, not {_short(value)}")
    return float(value)


def check_sizes(data: Any, what: str, limit: int = MAX_ITEMS) -> None:
    """ValueError if any list or object inside `data` holds more than `limit` entries (a
    hand-made file must not make a check or the table walk millions of entries)."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict | list):
            if len(value) > limit:
                raise ValueError(f"{what} holds a list of {len(value):,} entries, more than "
                                 f"{limit:,}")
            stack.extend(value.values() if isinstance(value, dict) else value)


def _short(value: Any) -> str:
    """A value for a message, cut short (a 300-digit number is not read out whole)."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to print at all
        return "a number too long to print"
    return text if len(text) <= 24 else f"{text[:20]}... ({len(text)} characters)"


def check_seat_counts(n: int, setup_seats: int, parts: Iterable[tuple[str, int]],
                      whose: str = "the match has") -> None:
    """Raise unless a saved match of `n` players has as many seats in its setup and one of
    each of its `parts` (what, how many: "names", 3) per player; the words list them all
    ("the match has 3 players, 2 names and the setup 3 seats")."""
    parts = list(parts)
    if n != setup_seats or any(k != n for _, k in parts):
        counts = ", ".join([f"{n} players", *(f"{k} {what}" for what, k in parts)])
        raise ValueError(f"{whose} {counts} and the setup {setup_seats} seats")


def check_saved_match(game: Any, seed: Any, n: int, setup_seats: int,
                      parts: Iterable[tuple[str, int]], whose: str = "the match has") -> None:
    """Raise unless a saved match's seats agree with its setup (`check_seat_counts`), its
    game part `game` is of a size a save may have and its `seed` is a seed."""
    check_seat_counts(n, setup_seats, parts, whose)
    check_sizes(game, "the save")
    check_seed(seed)
