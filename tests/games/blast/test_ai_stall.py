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
    # with a wall to follow it Productivity is still a card Easy plays now and then
    m = table(2, hands={0: [D.PRODUCTIVITY, D.PIPE, D.TNT, D.IRON]},
              walls={0: [D.PALISADE, D.STONE, D.IRON, D.STONE]})
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
