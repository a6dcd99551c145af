"""How a Kaboom! Explosive save is versioned and checked before the table sees it (pure Python).

The game's part of a save is ``{"version": 1, "match": MatchState.to_dict()}``, saved at each
safe point (between decisions, never halfway through an animation). :func:`check` rebuilds the
match and checks every seat, card and chain link in it: every card is a known type, all 108 are
somewhere exactly once (`MatchState.conserved`), walls and characters are the right kinds, and
the seat to act is a seat. A damaged or hand-edited save is refused at load (moved aside, the
player told) instead of breaking the table later.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.bounds import MAX_COUNT, check_count
from game.core.saves import GameFormat, saved_game
from game.games.blast.data import CARDS, CHARACTERS, ENDGAME_CARDS, WALLS, deck_list

#: The version of a Kaboom! Explosive save (its "game" part), here and nowhere else.
SAVE_VERSION = 1


def check(state: dict[str, Any]) -> None:
    """Raise unless ``state`` (``{"setup", "game"}``) is a Kaboom! Explosive match the table
    can run."""
    from game.games.blast.rules import MatchState

    game, seats = saved_game(state, SAVE_VERSION, "Kaboom! Explosive")
    m = MatchState.from_dict(game["match"])
    n = m.options.players
    m.check_saved(game, seats)
    check_count(m.options.max_rounds, "the round limit", 1, MAX_COUNT)
    check_count(m.turn, "the turn", 0, m.options.max_rounds * n)
    cards = len(deck_list(n)) + len(ENDGAME_CARDS) + 1
    for what, value in (("plays left", m.plays_left), ("cards played", m.played),
                        ("productivity", m.productivity), ("twist", m.twist)):
        check_count(value, f"the {what}", 0, cards)
    check_count(m.eliminations, "the eliminations", 0, n)
    check_count(m.chance, "the chance draws", 0, MAX_COUNT)
    everywhere = list(m.supply) + list(m.discard) + list(m.removed) + list(m.endgame_set)
    for p in m.players:
        everywhere += p.hand + p.walls + p.characters
        if any(w not in WALLS for w in p.walls):
            raise ValueError(f"seat {p.seat} has a wall that is not a wall")
        if any(c not in CHARACTERS for c in p.characters):
            raise ValueError(f"seat {p.seat} has a character that is not a character")
        if not p.alive and (p.hand or p.walls or p.characters):
            raise ValueError(f"seat {p.seat} is out but still holds cards")
    unknown = sorted({c for c in everywhere if c not in CARDS})
    if unknown:
        raise ValueError(f"unknown cards {unknown}")
    if not m.conserved():
        raise ValueError("the 108 cards do not add up: some are missing or doubled")
    counted = Counter(c for c in everywhere if c not in ENDGAME_CARDS)
    extras = [_extra(counted, _edition_deck(n, edition)) for edition in EDITIONS]
    if all(extras):  # not one deck (today's or an earlier edition's) holds these cards
        raise ValueError(f"more copies than the deck holds of {extras[0]}")
    if any(not 0 <= link.target < n or not 0 <= link.source < n for link in m.chain):
        raise ValueError("a card in flight is aimed at a seat not in play")
    if m.current_player() is None and not m.over:
        raise ValueError("nobody is to act, yet the match is not over")


#: The second edition's counts of the cards that replay revision 3 changed (four delaying cards
#: made explosives, data.py decision 2): a game saved before it was dealt from that deck and
#: resumes as it was (its own cards, its rules).
SECOND_EDITION: dict[str, int] = {
    "pipe_bomb": 8, "tnt": 8, "c4": 5, "guard": 3, "fizzle": 4, "blast_shield": 3,
    "twist_of_fate": 2,
}

#: The first edition's counts of the cards the first rebalance (replay revision 2) changed, over
#: the second edition's.
FIRST_EDITION: dict[str, int] = {
    **SECOND_EDITION, "flaming_arrow": 8, "pipe_bomb": 7, "tnt": 6, "c4": 4, "palisade": 17,
    "stone_wall": 9, "iron_wall": 8, "force_field": 2, "spy": 4, "firestorm": 2,
}

#: Every deck a saved game may have been dealt from, today's first: each edition's counts over
#: today's (`deck_list`).
EDITIONS: tuple[dict[str, int], ...] = ({}, SECOND_EDITION, FIRST_EDITION)


def _edition_deck(players: int, edition: dict[str, int]) -> Counter[str]:
    deck = Counter(deck_list(players))
    deck.update({card: count - deck[card] for card, count in edition.items()})
    return deck


def _extra(counted: Counter[str], deck: Counter[str]) -> list[str]:
    """The cards of which the match holds more copies than `deck` (the Nuclear Bomb may be
    one over: the endgame's comes back into play)."""
    return sorted(c for c in counted if counted[c] > deck[c] + (1 if c == "nuclear_bomb" else 0))

FORMAT = GameFormat(version=SAVE_VERSION, upgraders={}, check=check)
"""The save format the framework's save loader uses for Kaboom! Explosive."""
