"""Elimination, the endgame cards, the last player standing, the round bound and its ranking."""

from __future__ import annotations

from game.games.blast import data as D
from game.games.blast.rules import (
    NO_TARGET,
    Endgame,
    MatchState,
    Pass,
    Phase,
    Play,
    TakeIt,
    new_match,
)
from game.games.blast.rules.events import Invaded
from tests.games.blast.helpers import ok, refused, table

P, S, FF = D.PALISADE, D.STONE, D.FORCE_FIELD


def endgame_table(**kw: object) -> MatchState:
    """Four seats; seat 3 is eliminated on turn 0 and it is now seat 3's endgame turn."""
    hands = {0: [D.ARROW, D.SPY], 1: [D.SPY], 2: [D.SPY]}
    hands.update(kw.pop("hands", {}))  # type: ignore[arg-type]
    walls = {3: []}
    walls.update(kw.pop("walls", {}))  # type: ignore[arg-type]
    m = table(4, hands=hands, walls=walls, **kw)  # type: ignore[arg-type]
    ok(m, Play(0, D.ARROW, 3), TakeIt(3), Pass(1), Pass(2))
    assert m.phase == Phase.ENDGAME and m.current_player() == 3
    return m


def test_eliminated_seat_chooses_an_endgame_card_or_passes() -> None:
    m = endgame_table()
    legal = m.legal_actions(3)
    assert Pass(3) in legal and Endgame(3, D.CHRISTMAS) in legal
    assert {a.card for a in legal if isinstance(a, Endgame)} == set(D.ENDGAME_CARDS)
    assert refused(m, Play(3, D.SPY)) == "you are eliminated: choose an endgame card or pass"
    assert refused(m, Endgame(3, D.SABOTAGE, 3)) == "name a remaining player"
    ok(m, Pass(3))
    assert m.current == 0 and m.phase == Phase.PLAY


def test_earthquake_takes_each_weakest_wall_but_a_force_field() -> None:
    m = endgame_table(walls={1: [FF, S], 2: [D.STEEL]})
    ok(m, Endgame(3, D.EARTHQUAKE))
    assert m.players[1].walls == [FF] and m.players[2].walls == []
    assert m.players[0].walls == [P, P, S, D.IRON]
    assert m.endgame_set == list(D.ENDGAME_CARDS)  # back at once


def test_sabotage_takes_the_strongest_wall_force_field_included() -> None:
    m = endgame_table(walls={1: [P, FF]}, hands={1: [D.BLAST_SHIELD]})
    ok(m, Endgame(3, D.SABOTAGE, 1))
    assert m.legal_actions(1) == [TakeIt(1)]
    ok(m, TakeIt(1))
    assert m.players[1].walls == [P] and D.SABOTAGE in m.endgame_set


def test_alien_invasion_discards_spies_assassins_inspectors_and_guards() -> None:
    m = endgame_table(hands={1: [D.SPY, D.ASSASSIN, D.INSPECTOR, D.GUARD, D.TNT]})
    ok(m, Endgame(3, D.ALIENS, 1), TakeIt(1))
    left = m.players[1].hand
    assert D.TNT in left and not set(left) & set(D.ALIEN_TAKEN)
    assert [e for e in m.events if isinstance(e, Invaded)][0].discarded == (
        D.SPY, D.GUARD, D.ASSASSIN, D.INSPECTOR)


def test_christmas_every_remaining_player_draws_three() -> None:
    m = endgame_table()
    sizes = [len(p.hand) for p in m.players]
    ok(m, Endgame(3, D.CHRISTMAS))
    assert [len(p.hand) for p in m.players[1:3]] == [sizes[1] + 3, sizes[2] + 3]
    assert len(m.players[0].hand) == sizes[0] + 3 + 1 and m.players[3].hand == []


def test_advanced_technology_upgrades_for_a_round_then_returns() -> None:
    m = endgame_table(hands={0: [D.ARROW, D.ARROW, D.SPY, D.PIPE]}, walls={1: [S]})
    ok(m, Endgame(3, D.ADVANCED_TECH))
    assert D.ADVANCED_TECH not in m.endgame_set and m.tech_seat == 3
    assert Play(0, D.ARROW, 1, (S,)) in m.legal_actions(0)  # as if everyone had the Chemist
    assert m.census()["endgame"] == 6
    ok(m, Pass(0), Pass(1), Pass(2))
    assert m.tech_seat == -1 and D.ADVANCED_TECH in m.endgame_set
    assert refused(m, Endgame(3, D.ADVANCED_TECH, 0)) == "Advanced Technology names no target"


def test_chemist_and_technology_are_not_cumulative() -> None:
    m = endgame_table(characters={0: [D.CHEMIST]})
    ok(m, Endgame(3, D.ADVANCED_TECH))
    assert m.power_of(0, D.ARROW) == 2 and m.power_of(0, D.C4) == D.RPG_POWER


def test_epidemic_loses_a_turn_at_most_once_every_two_turns() -> None:
    m = endgame_table()
    ok(m, Endgame(3, D.EPIDEMIC, 1), TakeIt(1))
    assert m.players[1].skip_next
    ok(m, Pass(0))
    assert m.current == 2 and "lost_turn" in [e.kind for e in m.events]
    ok(m, Pass(2))
    assert refused(m, Endgame(3, D.EPIDEMIC, 2)) == "Epidemic: at most once every two of your turns"
    ok(m, Pass(3), Pass(0), Pass(1), Pass(2))
    assert Endgame(3, D.EPIDEMIC, 2) in m.legal_actions(3)


def test_epidemic_not_on_a_player_already_losing_a_turn() -> None:
    m = endgame_table()
    m.players[1].skip_next = True
    assert refused(m, Endgame(3, D.EPIDEMIC, 1)) == "they already lose their next turn"


def test_diplomacy_keeps_aimed_endgame_cards_off() -> None:
    m = endgame_table()
    m.players[1].diplomacy = True
    m.supply.remove(D.DIPLOMACY)  # the card lies on seat 1's table
    assert "Diplomacy" in refused(m, Endgame(3, D.SABOTAGE, 1))
    ok(m, Endgame(3, D.EARTHQUAKE))  # table-wide effects still reach them
    assert m.players[1].walls == [P, P, S, D.IRON]


def test_last_player_standing_wins() -> None:
    m = table(2, hands={0: [D.ARROW, D.SPY]}, walls={1: []})
    ok(m, Play(0, D.ARROW, 1, ()), TakeIt(1))
    assert m.is_terminal() and m.winners() == [0] and m.returns() == [1.0, 0.0]
    assert m.end_reason == "last_standing" and m.current_player() is None
    assert m.legal_actions(0) == [] and refused(m, Pass(0)) == "the match is over"


def test_a_duel_ends_at_its_elimination_without_announcing_an_endgame() -> None:
    # a stranger read "the endgame begins" and at once "game over" in a two-player match
    m = table(2, hands={0: [D.ARROW, D.SPY]}, walls={1: []})
    ok(m, Play(0, D.ARROW, 1, ()), TakeIt(1))
    kinds = [e.kind for e in m.events]
    assert "eliminated" in kinds and "over" in kinds and "endgame_started" not in kinds
    three = endgame_table()  # with others still standing it is announced
    assert [e.kind for e in three.events].count("endgame_started") == 1


def test_round_bound_ends_the_match_with_a_ranking() -> None:
    m = new_match(3, 4, first=0, max_rounds=2)
    m.players[1].walls.append(m.supply.pop(m.supply.index(FF)))
    m.players[2].walls.remove(P)
    m.supply.append(P)
    for _ in range(6):
        seat = m.current_player()
        assert seat is not None
        ok(m, Pass(seat))
    assert m.is_terminal() and m.end_reason == "round_limit" and m.turn == 6
    assert m.winners() == [1] and m.ranking()[-1] == [2]


def test_ties_at_the_bound_share_the_win() -> None:
    m = new_match(2, 4, first=0, max_rounds=1)
    hand = len(m.players[0].hand)
    ok(m, Pass(0))
    assert len(m.players[1].hand) == hand  # same walls, same cards in hand
    ok(m, Pass(1))
    assert m.winners() == [0, 1] and m.returns() == [0.5, 0.5]


def test_eliminated_rank_by_order_out() -> None:
    m = endgame_table(hands={0: [D.ARROW, D.ARROW, D.SPY, D.PRODUCTIVITY]}, walls={2: []})
    assert m.ranking()[-1] == [3]
    ok(m, Pass(3), Play(0, D.PRODUCTIVITY), Play(0, D.ARROW, 2, ()), TakeIt(2))
    assert m.ranking()[-2:] == [[2], [3]] and not m.over
    assert NO_TARGET == -1
