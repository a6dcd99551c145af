"""Hand-made tables for scenario tests: a real match whose hands, walls and supply top are set,
every card taken from the supply so the 108 cards stay conserved."""

from __future__ import annotations

from game.games.blast.data import STONE
from game.games.blast.rules import Action, MatchState, new_match
from game.games.blast.rules.base import sort_cards, sort_walls


def _take(m: MatchState, card: str) -> str:
    if card in m.supply:
        m.supply.remove(card)
    elif card in m.discard:
        m.discard.remove(card)
    else:
        raise AssertionError(f"no {card} left to hand out")
    return card


def table(
    players: int = 3,
    *,
    hands: dict[int, list[str]] | None = None,
    walls: dict[int, list[str]] | None = None,
    characters: dict[int, list[str]] | None = None,
    top: list[str] | None = None,
    seed: int = 0,
    **options: object,
) -> MatchState:
    """A match at seat 0's play step (its turn card already drawn) with the given hands (other
    seats hold one stone wall), walls (others keep their starting walls), characters and supply
    top (first listed is drawn first)."""
    m = new_match(players, seed, first=0, **options)
    hands = hands or {}
    walls = walls or {}
    for p in m.players:
        m.supply.extend(p.hand)
        p.hand = []
        if p.seat in walls:
            m.supply.extend(p.walls)
            p.walls = []
    for p in m.players:
        p.hand = sort_cards(_take(m, c) for c in hands.get(p.seat, [STONE]))
        if p.seat in walls:
            p.walls = sort_walls(_take(m, w) for w in walls[p.seat])
        for c in (characters or {}).get(p.seat, []):
            p.characters.append(_take(m, c))
    for c in reversed(top or []):
        m.supply.append(_take(m, c))
    assert m.conserved(), m.census()
    return m


def ok(m: MatchState, *actions: Action) -> MatchState:
    """Apply actions that must all be accepted."""
    for a in actions:
        refused = m.apply(a)
        assert refused is None, f"{a} refused: {refused.reason}"
    return m


def refused(m: MatchState, action: Action) -> str:
    """Apply an action that must be refused, and check nothing changed; its reason."""
    before = m.to_dict()
    why = m.apply(action)
    assert why is not None, f"{action} was accepted"
    assert m.to_dict() == before
    return why.reason
