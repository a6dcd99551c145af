"""How a Cosmic Kaboom save is versioned and checked before the table sees it (pure Python).

The game's part of a save is ``{"version": 1, "match": CosmicMatch.to_dict()}`` (the rules'
state and the table of positions), saved between turns. :func:`check` rebuilds the match and
checks every seat, planet, crystal, cube, card and position in it, so a damaged or hand-edited
save is refused at load (moved aside, the player told) instead of breaking the table later.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.bounds import check_count
from game.core.saves import GameFormat, saved_game
from game.games.cosmic.data import CARDS_BY_ID, COLOUR_KEYS, MAX_ROUNDS, PLANETS, deck_list

#: The version of a Cosmic Kaboom save (its "game" part), here and nowhere else.
SAVE_VERSION = 1
MAX_EVENTS = 20_000
"""A whole match logs a few thousand events; more is not a match this game played."""


def max_flicks() -> int:
    """The most flicks one turn can hold: its first, one per colour collected and per card
    played (each earns at most one more)."""
    return 1 + len(PLANETS) + len(COLOUR_KEYS) + len(deck_list())


def _colours(what: str, colours: list[str]) -> None:
    bad = [c for c in colours if c not in COLOUR_KEYS]
    if bad:
        raise ValueError(f"{what} holds unknown colours {bad}")
    if len(set(colours)) != len(colours):
        raise ValueError(f"{what} holds a colour twice")


def check(state: dict[str, Any]) -> None:
    """Raise unless ``state`` (``{"setup", "game"}``) is a Cosmic Kaboom match the table can run."""
    from game.games.cosmic.match import CosmicMatch

    game, seats = saved_game(state, SAVE_VERSION, "Cosmic Kaboom")
    match = CosmicMatch.from_dict(game["match"])
    m = match.state
    n = m.options.players
    m.check_saved(game, seats)
    check_count(m.options.max_rounds, "the round limit", 1, MAX_ROUNDS)
    check_count(m.turn, "the turn", 0, m.options.max_rounds * n)
    check_count(m.flicks_left, "the flicks left", 0, max_flicks())
    check_count(m.flicks_made, "the flicks made", 0, max_flicks())
    check_count(len(m.events), "the events logged", 0, MAX_EVENTS)
    if sorted(m.owner) != [p.planet_id for p in PLANETS]:
        raise ValueError("the planets' owners are not every planet once")
    if any(not 0 <= s < n for s in m.owner.values()):
        raise ValueError("a planet belongs to a seat not in play")
    alive, gone = set(m.alive), set(m.destroyed_by)
    if len(alive) != len(m.alive) or alive & gone or alive | gone != set(m.owner):
        raise ValueError("every planet must be either in play or destroyed, once")
    if any(not 0 <= s < n for s in m.destroyed_by.values()):
        raise ValueError("a planet was destroyed by a seat not in play")
    for colour in COLOUR_KEYS:
        at = m.crystal.get(colour, "missing")
        if at == "missing":
            raise ValueError(f"the {colour} crystal is missing")
        if at is not None and (at not in alive or PLANETS[int(at)].colour != colour):
            raise ValueError(f"the {colour} crystal sits on planet {at}")
    for p in m.players:
        _colours(f"seat {p.seat}'s Hold", p.hold)
        _colours(f"seat {p.seat}'s Base", p.base)
        if set(p.hold) & set(p.base):
            raise ValueError(f"seat {p.seat} holds a colour in both its Hold and Base")
    cards = [c for p in m.players for c in p.hand] + m.deck + m.discard
    cards += [c for _, offer in m.drafts for c in offer]
    unknown = sorted({c for c in cards if c not in CARDS_BY_ID})
    if unknown:
        raise ValueError(f"unknown Advancement cards {unknown}")
    if Counter(cards) != Counter(deck_list()):
        raise ValueError("the Advancement cards do not add up to the deck")
    for s, offer in m.drafts:
        if not 0 <= s < n or not 1 <= len(offer) <= 2:
            raise ValueError("a card choice is malformed")
    for s, planet in m.placements:
        if planet not in alive or m.owner.get(planet) != s:
            raise ValueError(f"seat {s} cannot place planet {planet}")
    t = match.table
    if t.factions != m.options.seat_factions:
        raise ValueError("the table's factions are not the match's")
    for planet in t.planets:
        if planet not in alive:
            raise ValueError(f"planet {planet} lies on the table but is not in play")
    for seat in t.ships:
        if not 0 <= seat < n or m.players[seat].docked:
            raise ValueError(f"a ship of seat {seat} is on the table")
    problem = t.problem()
    if problem is not None:
        raise ValueError(f"the table cannot arise: {problem}")
    waiting = {q for _, q in m.placements}
    missing = sorted(alive - waiting - set(t.planets))
    if missing:
        raise ValueError(f"planets {missing} are in play but nowhere on the table")


FORMAT = GameFormat(version=SAVE_VERSION, upgraders={}, check=check)
"""The save format the framework's save loader uses for Cosmic Kaboom."""
