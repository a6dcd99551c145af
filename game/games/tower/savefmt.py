"""How a Tower Kaboom save is versioned and checked before the table sees it (pure Python).

The game's part of a save is ``{"version": 2, "match": MatchState.to_dict()}``, saved between
turns. :data:`SAVE_VERSION` is the one place the save's version is written: the scene's save,
the demos and this check use it (the match's own dict carries the rules' `STATE_VERSION`).
:data:`FORMAT` lists the upgraders from older versions
(version 1 had no spare tiles beside the row: the upgrader deals them from the pile's top, as a
new match does) and :func:`check`, which rebuilds the match and checks every seat, tile and
timer in it, so a damaged or hand-edited save is refused at load instead of breaking the table
later.
"""

from __future__ import annotations

import math
from typing import Any

from game.core.bounds import MAX_COUNT, check_count, check_real, check_saved_match, check_seed
from game.core.saves import GameFormat, saved_game
from game.games.tower.data import MEGA_TILE_ID, OPEN_SPARES, TILES
from game.games.tower.rules import DICE_PER_SABOTEUR, MatchState

SAVE_VERSION = 2
"""Version of the game's part of a save and of `MatchState.to_dict()` (rules.py imports it)."""
MAX_TURN_SECONDS = 3600.0
"""No turn timer the lobby offers is longer than this."""


def _upgrade_1_to_2(game: dict[str, Any]) -> dict[str, Any]:
    """Version 1 had no spares: deal `OPEN_SPARES` face up from the pile's top, as
    `new_match` does after the pads, so a resumed match offers the same choice."""
    match = dict(game["match"])
    pile = [int(t) for t in match["pile"]]
    spares = [pile.pop() for _ in range(min(OPEN_SPARES, len(pile)))]
    match.update(version=2, pile=pile, spares=spares)
    return {**game, "version": 2, "match": match}


def _tile(tile_id: int, what: str) -> None:
    if tile_id not in TILES:
        raise ValueError(f"{what} holds unknown tile {tile_id}")


def check(state: dict[str, Any]) -> None:
    """Raise unless ``state`` (``{"setup", "game"}``) is a Tower Kaboom match the table can run."""
    game, seats = saved_game(state, SAVE_VERSION, "Tower Kaboom")
    match = MatchState.from_dict(game["match"])
    n = match.players
    check_saved_match(game, match.seed, n, seats,
                      [("names", len(match.names)), ("piles of won tiles", len(match.won))])
    check_seed(match.turn_seed)
    check_count(match.options.rounds, "the rounds", 1, MAX_COUNT)
    check_count(match.turn, "the turn", 0, match.options.rounds * n)
    check_real(match.options.turn_seconds, "the seconds a turn lasts", 1.0, MAX_TURN_SECONDS)
    dice = max(DICE_PER_SABOTEUR.values())
    for dice_left in match.dice_left.values():
        check_count(dice_left, "the dice left", 0, dice)
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
    if len(match.spares) > OPEN_SPARES:
        raise ValueError(f"{len(match.spares)} spare tiles, at most {OPEN_SPARES}")
    for tile in match.spares:
        _tile(tile, "the spares")
        if tile == MEGA_TILE_ID:
            raise ValueError("the Mega tile cannot be a spare")
    every = [t for w in match.won for t in w] + [t for t in match.row if t is not None] \
        + match.pile + match.spares
    twice = sorted({t for t in every if every.count(t) > 1})
    if twice:
        raise ValueError(f"tiles {twice} are in two places at once")
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


FORMAT = GameFormat(version=SAVE_VERSION, upgraders={1: _upgrade_1_to_2}, check=check)
