"""Easy plays like a weak but sensible person (a stranger's 7/10: Easy traded away Fizzle,
Fizzle and Oops, sat bare for two turns with a wall in hand, and left its Underminer idle three
times beside walls he could dig; it looked broken rather than easy)."""

from __future__ import annotations

from game.games.blast import data as D
from game.games.blast.ai import decide, make_ai
from game.games.blast.rules import Action, MatchState, Play, Trade, Undermine
from game.games.blast.rules.events import UnderminerIdle
from tests.games.blast.helpers import table


def _easy(m: MatchState, seed: int) -> Action:
    return decide(make_ai("easy", 0, seed), m)


def test_easy_keeps_its_defences_when_stuck() -> None:
    """Three defences and nothing to play: Easy passes with them in hand, never trades them in
    (it did so stuck, every seed)."""
    m = table(2, hands={0: [D.FIZZLE, D.FIZZLE, D.OOPS]}, walls={0: [D.STONE, D.IRON]})
    assert not any(isinstance(_easy(m, seed), Trade) for seed in range(12))


def test_easy_spends_a_big_hand_but_not_its_defences() -> None:
    """A big hand is spent three spare cards for one, but the defences are not spare (with the
    TNTs kept for use, a Fizzle was the third spare card)."""
    hand = [D.FIZZLE, D.FIZZLE, D.OOPS, D.TNT, D.TNT, D.INSPECTOR, D.TWIST]
    m = table(2, hands={0: hand}, walls={0: [D.STONE, D.IRON, D.STEEL]})
    for seed in range(12):
        a = _easy(m, seed)
        assert not (isinstance(a, Trade) and set(a.cards) & set(D.DEFENCES)), a


def test_easy_trades_the_defences_past_its_best_three_when_stuck() -> None:
    """Six defences and nothing to play: the best three stay, the rest may go (a hand of
    defences kept whole passed turn after turn, and duels stood still to the round bound)."""
    hand = [D.BLAST_SHIELD, D.BLAST_SHIELD, D.BACKFIRE, D.GUARD, D.GUARD, D.OOPS]
    m = table(2, hands={0: hand}, walls={0: [D.STONE, D.IRON]})
    trades = [a for a in (_easy(m, seed) for seed in range(12)) if isinstance(a, Trade)]
    assert trades
    for a in trades:
        assert sorted(a.cards) == sorted([D.GUARD, D.GUARD, D.BLAST_SHIELD]), a


def test_a_bare_easy_seat_rebuilds_rather_than_racing() -> None:
    """No wall of its own and a wall in hand: it builds, every seed, even when an attack would
    leave the enemy thin (the race is for a seat that still has a wall to stand behind)."""
    m = table(2, hands={0: [D.PIPE, D.STONE]}, walls={0: [], 1: [D.PALISADE, D.STONE]})
    m.turn = 3 * 2  # round 4: past the opening rounds, when Easy leaves a thin row alone
    assert all(_easy(m, seed) == Play(0, D.STONE) for seed in range(12))


def test_easy_underminer_digs_whenever_a_wall_is_there() -> None:
    """Every seed digs (it left him idle seven turns in ten), and not always the best wall:
    Easy's weakness is where he digs, so the targets vary from seed to seed."""
    m = table(3, hands={0: [D.FIZZLE]}, characters={0: [D.UNDERMINER]},
              walls={1: [D.PALISADE, D.IRON], 2: [D.STONE]})
    m.turn = 3 * 3
    digs = [_easy(m, seed) for seed in range(16)]
    assert all(isinstance(a, Undermine) for a in digs), digs
    assert len({(a.target, a.wall) for a in digs if isinstance(a, Undermine)}) >= 2


def test_easy_underminer_never_rests_with_a_wall_to_take_in_a_match() -> None:
    """Played out over several turns, the log never says Easy's Underminer rests beside a wall
    he could have taken."""
    m = table(2, hands={0: [D.INSPECTOR, D.TWIST]}, characters={0: [D.UNDERMINER]},
              walls={1: [D.PALISADE, D.STONE, D.IRON, D.PALISADE, D.STONE]})
    m.turn = 3 * 2
    ai = make_ai("easy", 0, 5)
    other = make_ai("medium", 1, 6)
    for _ in range(60):
        if m.over or m.round > 8:
            break
        seat = m.current_player()
        assert seat is not None
        assert m.apply(decide(ai if seat == 0 else other, m)) is None
    idle = [e for e in m.events if isinstance(e, UnderminerIdle) and e.seat == 0]
    assert not any("open" in e.why for e in idle), idle
