"""Easy behind an enemy's Force Field (a stranger's duel with Easy stood 36 rounds: Easy traded
away its TNT, C4 and RPG and played Productivity twice with nothing to follow it)."""

from __future__ import annotations

from game.games.blast import data as D
from game.games.blast.ai import decide, make_ai
from game.games.blast.rules import BREAK_FIELD, Action, MatchState, Play, Trade
from tests.games.blast.helpers import table

FIELDED = {1: [D.PALISADE, D.STONE, D.FORCE_FIELD]}
"""Seat 1 behind a Force Field, with walls an explosive would break once it falls."""


def _easy(m: MatchState, seed: int) -> Action:
    return decide(make_ai("easy", 0, seed), m)


def _fielded(hand: list[str]) -> MatchState:
    m = table(2, hands={0: hand}, walls=FIELDED)
    m.turn = 4 * 2  # round 5: past Easy's opening rounds, when it holds its big attacks
    return m


def test_easy_with_explosives_behind_a_field_keeps_them() -> None:
    """Nothing to play but TNT, C4 and an RPG the field stops: Easy keeps them for when a Spy
    brings the field down, on every seed (it traded all three away)."""
    for seed in range(16):
        a = _easy(_fielded([D.TNT, D.C4, D.RPG]), seed)
        assert not (isinstance(a, Trade) and set(a.cards) & set(D.EXPLOSIVES)), (seed, a)


def test_easy_plays_no_productivity_with_nothing_to_follow_it() -> None:
    """Productivity and explosives the field stops: no seed plays the Productivity."""
    plays = [_easy(_fielded([D.PRODUCTIVITY, D.TNT, D.TNT]), seed) for seed in range(16)]
    assert Play(0, D.PRODUCTIVITY) not in plays
    # with a wall to follow it Productivity is still a card Easy plays now and then (with no
    # attack to hand: with one, a blunder is another attack)
    m = table(2, hands={0: [D.PRODUCTIVITY, D.PIPE, D.TNT, D.IRON]},
              walls={0: [D.PALISADE, D.STONE, D.IRON, D.STONE], 1: [D.STEEL, D.STEEL]})
    m.turn = 4 * 2
    assert any(_easy(m, seed) == Play(0, D.PRODUCTIVITY) for seed in range(40))


def test_easy_breaks_a_field_that_stops_its_explosives() -> None:
    """A Spy, a Mad Chemist and TNT the field stops: the Spy goes at the field more often
    than with no explosive behind it (a field that stops nothing Easy holds is no hurry)."""
    def breaks(hand: list[str]) -> int:
        return sum(_easy(_fielded(hand), seed) == Play(0, D.SPY, 1, (), BREAK_FIELD)
                   for seed in range(24))

    stalled, idle = breaks([D.SPY, D.CHEMIST, D.TNT]), breaks([D.SPY, D.CHEMIST, D.FIZZLE])
    assert stalled >= 14 and stalled > idle + 6, (stalled, idle)


def test_easy_leaves_a_seat_alone_until_its_first_turn() -> None:
    """A stranger lost three walls to an Easy Firestorm before their first move, in three
    matches of four: in round one Easy attacks no seat whose first turn is still to come."""
    m = table(3, hands={0: [D.TNT, D.PIPE, D.ARROW, D.PALISADE]})
    assert m.round == 1 and m.first == 0 and m.current == 0
    for seed in range(16):
        a = _easy(m, seed)
        assert not (isinstance(a, Play) and a.target in (1, 2)), (seed, a)
    m.turn = 3  # round two: everyone has had a turn, and Easy attacks again
    assert any(isinstance(a := _easy(m, seed), Play) and a.target in (1, 2)
               for seed in range(16))


def test_easy_spreads_endgame_cards_from_the_seat_the_last_one_hit() -> None:
    """Sabotage, Epidemic, Epidemic and Sabotage came one after another at one stranger: an
    Easy seat weighs an endgame card at the seat the table's last one hit a quarter."""
    import dataclasses
    import random

    from game.games.blast.ai import CASUAL_SPREAD, PROFILES, Policy
    from game.games.blast.rules import Endgame
    from game.games.blast.rules.events import EndgameCard
    from tests.games.blast.test_endgame import endgame_table

    def epidemic_on_0(after_hit_on: int | None) -> float:
        m = endgame_table(walls={1: [D.PALISADE, D.STONE, D.IRON, D.STEEL]})
        if after_hit_on is not None:
            m.events.append(EndgameCard(turn=m.turn, seat=2, card=D.SABOTAGE,
                                        target=after_hit_on))
        # the weights of a turn it calls a card (not one it lets go by: `endgame_rest`)
        easy = dataclasses.replace(PROFILES["easy"], endgame_rest=0.0)
        ranked = Policy(easy).ranked(m, 3, random.Random(0))
        return next(s for s, a in ranked if a.to_dict() == Endgame(3, D.EPIDEMIC, 0).to_dict())

    assert epidemic_on_0(0) == epidemic_on_0(None) * CASUAL_SPREAD
    assert epidemic_on_0(1) == epidemic_on_0(None)


def test_easy_trades_its_defences_for_a_hit_on_a_wall_less_enemy() -> None:
    """A wall-less enemy falls to any explosive: Easy holding only defences trades three of them
    for a fresh card rather than passing (duels dragged on while it passed with five)."""
    m = table(2, hands={0: [D.GUARD, D.FIZZLE, D.FIZZLE, D.ASSASSIN, D.BACKFIRE]},
              walls={0: [D.STONE, D.STEEL, D.STEEL], 1: []})
    m.turn = 14 * 2
    trades = sum(isinstance(_easy(m, seed), Trade) for seed in range(16))
    assert trades >= 10, trades


def test_easy_stalled_behind_a_field_with_five_cards_trades_explosives_it_cannot_use() -> None:
    """Five cards, no Spy, nothing that hurts past the field: Easy trades the explosives only
    the field stops rather than passing turn after turn (it did so up to seven cards)."""
    def behind(hand: list[str]) -> MatchState:
        m = table(2, hands={0: hand},
                  walls={0: [D.PALISADE, D.STONE, D.IRON, D.STONE], **FIELDED})
        m.turn = 9 * 2
        return m

    five = behind([D.ARROW, D.PIPE, D.TNT, D.GUARD, D.FIZZLE])
    trades = [a for seed in range(16) if isinstance(a := _easy(five, seed), Trade)]
    assert len(trades) >= 8 and all(set(a.cards) & set(D.EXPLOSIVES) for a in trades), trades
    four = behind([D.ARROW, D.PIPE, D.TNT, D.GUARD])  # four: it keeps them
    assert not any(isinstance(_easy(four, seed), Trade) for seed in range(16))
