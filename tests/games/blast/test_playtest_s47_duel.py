"""A stranger's duel against Easy stood 41 rounds unfinished: they built a wall whenever they
could, kept their defences and seldom went for a Force Field. Four cards that only delay became
explosives (data.py, decision 2) and a long duel's Easy closes it (`Profile.closing_round`)."""

from __future__ import annotations

import re
import statistics

from game.games.blast import data as D
from game.games.blast import tiers
from game.games.blast.ai import decide, make_ai
from game.games.blast.rules import Play
from tests.games.blast.helpers import table


def test_a_long_duels_easy_attacks_rather_than_plays_a_quiet_card() -> None:
    """A Pipe Bomb, Diplomacy, a wall and an Assassin: in round 5 Easy mostly plays Diplomacy;
    from round 15 of a duel every seed attacks."""
    def attacks(rnd: int) -> int:
        m = table(2, hands={0: [D.PIPE, D.DIPLOMACY, D.STONE, D.ASSASSIN]},
                  walls={0: [D.PALISADE, D.STONE], 1: [D.PALISADE, D.STONE, D.IRON]})
        m.turn = (rnd - 1) * 2
        acts = [decide(make_ai("easy", 0, seed), m) for seed in range(24)]
        return sum(1 for a in acts if isinstance(a, Play) and a.card == D.PIPE and a.target == 1)

    assert attacks(5) < 24
    assert attacks(16) == 24


def test_a_cautious_newcomers_duel_with_easy_ends_by_play() -> None:
    """Easy against the cautious newcomer model (walls whenever it can, defences kept), 24
    duels: none reaches the round bound and nine in ten end before round 30 (the old deck and
    Easy: 37 rounds in the longest tenth of these)."""
    row = tiers.measure("easy", tiers.CAUTIOUS_LEVEL, 2, 24, seed=1)
    assert row.by_play == row.games
    assert statistics.quantiles(row.rounds, n=10, method="inclusive")[-1] < 30, row.rounds


def test_the_deck_decision_states_the_deck_as_it_is() -> None:
    """Decision 2 names the deck's explosives, walls and other cards: the counts it states are
    the deck's own."""
    found = re.search(r"(\d+) explosives, (\d+) walls, (\d+) special", D.DECISIONS[1])
    assert found is not None
    deck = [D.CARDS[c] for c in D.DECK_TYPES]
    explosives = sum(c.count for c in deck if c.category == D.Category.ATTACK
                     and c.card_id != D.FIRESTORM)
    walls = sum(c.count for c in deck if c.category == D.Category.WALL)
    assert (int(found[1]), int(found[2]), int(found[3])) == (
        explosives, walls, D.DECK_SIZE - explosives - walls)
    assert explosives > walls  # more to blow up with than to hide behind
