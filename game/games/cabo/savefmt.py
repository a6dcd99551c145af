"""How a Kaboom! cards save is versioned and checked before the table sees it (pure Python).

The game's part of a save is ``{"version": 1, "rules": CaboState.to_dict()}``. :data:`FORMAT`
lists the upgraders from older versions (none yet: version 1 is the first) and :func:`check`,
which rebuilds the rules state and proves every seat index in it is in range, so a damaged or
hand-edited save is refused at load instead of crashing the table later.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.core.bounds import MAX_COUNT, check_count, check_real, check_saved_match
from game.core.saves import GameFormat, saved_game
from game.games.cabo import rules as R

#: The version of a Kaboom! cards save (its "game" part), here and nowhere else.
SAVE_VERSION = 1
MAX_GRID = 16  # a grid holds four cards plus penalty cards; more is not a real game
MAX_ROUND_POINTS = 20 * MAX_GRID
"""More points than one round can score a seat, either way (a grid full of the highest card)."""
MAX_SLAP_WINDOW = 60.0
"""No slap window the lobby offers is longer than this (seconds)."""


def _seat(value: Any, players: int, what: str, *, optional: bool = False) -> None:
    """ValueError unless ``value`` is a seat index (or None when ``optional``)."""
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ValueError(f"{what} {value!r} is not a seat of {players}")


def _positions(positions: Iterable[R.Pos | None], state: R.CaboState, what: str) -> None:
    for pos in positions:
        if pos is None:
            continue
        _seat(pos.player, state.players, what)
        if not 0 <= pos.slot < max(len(state.grids[pos.player]), 1) + 1:
            raise ValueError(f"{what} slot {pos.slot} is off the grid")


def check(state: dict[str, Any]) -> None:
    """Raise unless ``state`` (``{"setup", "game"}``) is a Kaboom! cards match the table can run."""
    game, seats = saved_game(state, SAVE_VERSION, "Kaboom! cards")
    rules = R.CaboState.from_dict(game["rules"])
    n = rules.players
    check_saved_match(game, rules.seed, n, seats,
                      [("grids", len(rules.grids)), ("totals", len(rules.totals))],
                      "the rules have")
    rounds = check_count(rules.options.rounds, "the rounds", 1, MAX_COUNT)
    check_count(rules.round, "the round", 0, rounds + 1)
    check_count(rules.move, "the moves", 0, MAX_COUNT)
    check_real(rules.options.slap_window, "the slap window", 0.0, MAX_SLAP_WINDOW)
    points = MAX_ROUND_POINTS * rounds
    for total in rules.totals:
        check_count(total, "a seat's total", -points, points)
    for row in rules.history:
        for score in row:
            check_count(score, "a round's score", -MAX_ROUND_POINTS, MAX_ROUND_POINTS)
    _seat(rules.turn, n, "turn")
    _seat(rules.starter, n, "starter")
    _seat(rules.next_starter, n, "next starter", optional=True)
    _seat(rules.kaboomer, n, "Kaboom! caller", optional=True)
    _seat(rules.window_from, n, "slap window owner", optional=True)
    if any(len(row) != n for row in rules.history):
        raise ValueError("a round in the history does not score every seat")
    for grid in rules.grids:
        if len(grid) > MAX_GRID:
            raise ValueError(f"a grid of {len(grid)} cards")
        for cell in grid:
            if cell is not None:
                for seat in cell.seen:
                    _seat(seat, n, "a card seen by")
    if rules.slap is not None:
        _seat(rules.slap.player, n, "slapper")
        _positions([rules.slap.give_to], rules, "slap gift")
    if rules.king is not None:
        _positions([rules.king.a, rules.king.b], rules, "King's look")
    # Exercise what the table asks of the state first: any IndexError shows up here, not on screen.
    rules.current_player()
    rules.scores()
    for viewer in range(n):
        rules.observation(viewer)
    rules.legal_actions()


FORMAT = GameFormat(version=SAVE_VERSION, upgraders={}, check=check)
