"""Setup and turns: the deal, the draw, play/trade/pass, Productivity, empty hands, the supply,
Twist of Fate."""

from __future__ import annotations

import pytest

from game.games.blast import data as D
from game.games.blast.rules import (
    Arrange,
    Pass,
    Phase,
    Play,
    Trade,
    new_match,
)
from tests.games.blast.helpers import ok, refused, table


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup(players: int) -> None:
    m = new_match(players, 7)
    for p in m.players:
        assert sorted(p.walls) == sorted(D.starting_walls(players))
        assert len(p.hand) == D.HAND_SIZE + (p.seat == m.first)  # the first turn's card drawn
    assert m.removed == ([D.NUKE] if players == 2 else [])
    assert D.NUKE not in m.supply + [c for p in m.players for c in p.hand] or players > 2
    assert m.endgame_set == list(D.ENDGAME_CARDS)
    assert m.conserved() and m.phase == Phase.PLAY and m.current_player() == m.first


def test_first_player_option_and_seeded_draw() -> None:
    assert new_match(4, 1, first=2).current == 2
    firsts = {new_match(4, s).first for s in range(20)}
    assert len(firsts) > 1 and new_match(4, 5).first == new_match(4, 5).first


def test_turn_draws_one_then_one_play_ends_it() -> None:
    m = table(3, hands={0: [D.PALISADE, D.SPY], 1: [D.STONE, D.IRON]}, top=[D.C4, D.TNT])
    ok(m, Play(0, D.PALISADE))
    assert m.players[0].walls.count(D.PALISADE) == 4 and m.players[0].hand == [D.SPY]
    assert m.current == 1 and m.players[1].hand == [D.C4, D.STONE, D.IRON]  # drew the top
    assert refused(m, Play(0, D.STONE)) == "not your turn"


def test_pass_ends_the_turn() -> None:
    m = table(3)
    ok(m, Pass(0))
    assert m.current == 1 and m.phase == Phase.PLAY


def test_trade_three_for_one_ends_the_turn() -> None:
    m = table(3, hands={0: [D.PALISADE, D.PALISADE, D.SPY, D.GUARD]}, top=[D.RPG])
    ok(m, Trade(0, (D.PALISADE, D.PALISADE, D.GUARD)))
    assert m.players[0].hand == [D.RPG, D.SPY] and m.current == 1
    assert m.discard[-3:] == [D.PALISADE, D.PALISADE, D.GUARD]


def test_trade_refusals() -> None:
    m = table(3, hands={0: [D.PALISADE, D.SPY, D.GUARD, D.PRODUCTIVITY]})
    assert refused(m, Trade(0, (D.PALISADE, D.PALISADE, D.SPY))) == "you do not hold those cards"
    assert refused(m, Trade(0, (D.PALISADE, D.SPY))) == "trade exactly three cards"
    ok(m, Play(0, D.PRODUCTIVITY))
    assert "not after playing" in refused(m, Trade(0, (D.PALISADE, D.SPY, D.GUARD)))


def test_productivity_two_more_plays() -> None:
    m = table(3, hands={0: [D.PRODUCTIVITY, D.PALISADE, D.STONE, D.IRON]})
    ok(m, Play(0, D.PRODUCTIVITY))
    assert m.plays_left == 2
    ok(m, Play(0, D.PALISADE), Play(0, D.STONE))
    assert m.current == 1  # two plays used: the turn is over


def test_productivity_within_productivity_makes_three() -> None:
    m = table(3, hands={0: [D.PRODUCTIVITY, D.PRODUCTIVITY, D.PRODUCTIVITY, D.PALISADE,
                            D.STONE, D.IRON, D.IRON]})
    ok(m, Play(0, D.PRODUCTIVITY), Play(0, D.PRODUCTIVITY))
    assert m.plays_left == 2  # three more in all, one of them the second Productivity
    ok(m, Play(0, D.PRODUCTIVITY))
    assert m.plays_left == 1  # a third adds none
    ok(m, Play(0, D.PALISADE))
    assert m.current == 1


def test_empty_hand_draws_three() -> None:
    m = table(3, hands={0: [D.PALISADE]}, top=[D.SPY, D.GUARD, D.TNT])
    ok(m, Play(0, D.PALISADE))
    assert sorted(m.players[0].hand) == sorted([D.SPY, D.GUARD, D.TNT])
    assert any(e.kind == "drew" and e.why == "empty hand" for e in m.events)


def test_supply_reshuffles_the_discard_pile_seeded() -> None:
    def run(seed: int) -> list[str]:
        m = table(3, hands={0: [D.PALISADE]}, seed=seed)
        m.discard.extend(m.supply)
        m.supply = []
        ok(m, Pass(0))
        assert m.conserved() and not m.discard
        assert any(e.kind == "reshuffled" for e in m.events)
        return m.supply

    assert run(1) == run(1) and run(1) != run(2)


def test_nothing_to_draw_draws_nothing() -> None:
    m = table(3, hands={0: [D.PALISADE]})
    m.players[2].hand.extend(m.supply)
    m.supply = []
    ok(m, Pass(0))
    assert m.current == 1 and len(m.players[1].hand) == 1 and m.conserved()


def test_twist_of_fate_rearranges_the_top_four() -> None:
    m = table(3, hands={0: [D.TWIST, D.PALISADE], 1: [D.STONE]},
              top=[D.ARROW, D.PIPE, D.TNT, D.C4, D.RPG])
    ok(m, Play(0, D.TWIST))
    assert m.phase == Phase.ARRANGE and m.current_player() == 0
    assert m.looking() == [D.ARROW, D.PIPE, D.TNT, D.C4]
    assert m.observation(0)["looking"] == [D.ARROW, D.PIPE, D.TNT, D.C4]
    assert m.observation(1)["looking"] == [] and m.observation(1)["looking_count"] == 4
    assert len(m.legal_actions(0)) == 24
    assert refused(m, Arrange(0, (D.RPG, D.PIPE, D.TNT, D.C4))) == (
        "arrange exactly the cards you looked at")
    assert "arrange" in refused(m, Pass(0))
    ok(m, Arrange(0, (D.C4, D.TNT, D.ARROW, D.PIPE)))
    assert m.current == 1 and D.C4 in m.players[1].hand  # seat 1 drew the new top
    assert m.supply[-3:] == [D.PIPE, D.ARROW, D.TNT]


def test_twist_with_a_short_supply_looks_at_fewer() -> None:
    m = table(3, hands={0: [D.TWIST, D.PALISADE]}, top=[D.ARROW, D.PIPE])
    m.discard.extend(m.supply[:-2])
    del m.supply[:-2]
    ok(m, Play(0, D.TWIST))
    assert m.looking() == [D.ARROW, D.PIPE] and len(m.legal_actions(0)) == 2
