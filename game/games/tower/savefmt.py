"""How a Tower Kaboom save is versioned and checked before the table sees it (pure Python).

The game's part of a save is ``{"version": 1, "match": MatchState.to_dict()}``, saved between
turns. :data:`FORMAT` lists the upgraders from older versions (none yet: version 1 is the first)
and :func:`check`, which rebuilds the match and checks every seat, tile and timer in it, so a
damaged or hand-edited save is refused at load instead of breaking the table later.
"""

from __future__ import annotations

import math
from typing import Any

from game.core.saves import GameFormat
from game.games.tower.data import TILES
from game.games.tower.rules import MatchState

SAVE_VERSION = 1


def _tile(tile_id: int, what: str) -> None:
    if tile_id not in TILES:
        raise ValueError(f"{what} holds unknown tile {tile_id}")


def check(state: dict[str, Any]) -> None:
    """Raise unless ``state`` (``{"setup", "game"}``) is a Tower Kaboom match the table can run."""
    game = state["game"]
    if not isinstance(game, dict) or game.get("version") != SAVE_VERSION:
        raise ValueError("not a Tower Kaboom save of this version")
    match = MatchState.from_dict(game["match"])
    n = match.players
    seats = state["setup"]["seats"]
    if n != len(seats) or len(match.names) != n or len(match.won) != n:
        raise ValueError(f"the match has {n} players, {len(match.names)} names, "
                         f"{len(match.won)} piles of won tiles and the setup {len(seats)} seats")
    if match.turn < 0:
        raise ValueError(f"turn {match.turn} is negative")
    if not math.isfinite(match.time_left) or not 0 <= match.time_left <= \
            match.options.turn_seconds:
        raise ValueError(f"time left {match.time_left!r} is outside the turn")
    for tiles in match.won:
        for tile in tiles:
            _tile(tile, "a player's pile")
    for slot in match.row:
        if slot is not None:
            _tile(slot, "the row")
    for tile in match.pile:
        _tile(tile, "the draw pile")
    for seat, dice in match.dice_left.items():
        if not 0 <= seat < n or dice < 0:
            raise ValueError(f"dice left {dice} for seat {seat}")
    for slot in match.closed:
        if not 0 <= slot < len(match.row):
            raise ValueError(f"closed slot {slot} is not in the row")
    if match.mega_winner is not None and not 0 <= match.mega_winner < n:
        raise ValueError(f"Mega winner {match.mega_winner} is not a seat")
    # Exercise what the table asks of the match first, so an error shows up here, not on screen.
    match.totals()
    for slot in range(len(match.row)):
        match.tile_at(slot)


FORMAT = GameFormat(version=SAVE_VERSION, upgraders={}, check=check)
