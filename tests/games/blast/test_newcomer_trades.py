"""The newcomer model (`tiers.NEWCOMER`, the stand-in for a person when measuring Easy) does
as the prompt bar says when nothing it holds breaks any enemy wall: it trades three for one
(a model that never traded could not show what that advice does to a duel's length)."""

from __future__ import annotations

from game.games.blast import data as D
from game.games.blast.ai import decide
from game.games.blast.rules import MatchState, Trade
from game.games.blast.tiers import NEWCOMER_LEVEL, seat_ai
from tests.games.blast.helpers import table


def _behind_iron(hand: list[str]) -> MatchState:
    m = table(2, hands={0: hand},
              walls={0: [D.PALISADE, D.STONE, D.IRON, D.STONE], 1: [D.IRON, D.STEEL, D.IRON]})
    m.turn = 8 * 2  # round 9, as in the stranger's duel
    return m


def test_the_newcomer_trades_when_nothing_it_holds_breaks_an_enemy_wall() -> None:
    hand = [D.ARROW, D.ARROW, D.PIPE, D.PIPE, D.PALISADE]  # a wall to build instead
    trades = sum(isinstance(decide(seat_ai(NEWCOMER_LEVEL, 0, seed), _behind_iron(hand)), Trade)
                 for seed in range(24))
    assert trades >= 12, trades  # (a blunder now and then plays something else)


def test_the_newcomer_does_not_trade_with_a_breaker_in_hand() -> None:
    hand = [D.ARROW, D.PIPE, D.PIPE, D.TNT, D.PALISADE]
    for seed in range(24):
        a = decide(seat_ai(NEWCOMER_LEVEL, 0, seed), _behind_iron(hand))
        assert not isinstance(a, Trade), (seed, a)
