"""Easy moves a duel on (a stranger's 2-player match against Easy lasted 31 rounds: 'the Easy
AI rebuilds a palisade every time I knock one down', long runs with nothing to attack with)."""

from __future__ import annotations

import random
from dataclasses import replace

from game.games.blast import data as D
from game.games.blast.ai import PROFILES, Policy, decide, make_ai
from game.games.blast.rules import Action, MatchState, Play, Trade
from tests.games.blast.helpers import table


def _easy(m: MatchState, seed: int) -> Action:
    return decide(make_ai("easy", 0, seed), m)


def test_a_thin_easy_row_attacks_rather_than_rebuilds() -> None:
    """One wall of its own (thin, not bare), a wall in hand and a Pipe Bomb that breaks the
    enemy's palisade: every seed attacks (it rebuilt one turn in two)."""
    m = table(2, hands={0: [D.PIPE, D.STONE]},
              walls={0: [D.IRON], 1: [D.PALISADE, D.STONE, D.IRON, D.STEEL]})
    m.turn = 4 * 2  # round 5: past the opening rounds
    for seed in range(16):
        a = _easy(m, seed)
        assert isinstance(a, Play) and a.card == D.PIPE and a.target == 1, (seed, a)


def test_a_thin_easy_row_with_no_attack_still_rebuilds() -> None:
    """With no explosive that breaks an enemy wall the thin row builds as before."""
    m = table(2, hands={0: [D.ARROW, D.STONE]}, walls={0: [D.IRON], 1: [D.STEEL, D.IRON]})
    m.turn = 4 * 2
    walls = [a for a in (_easy(m, seed) for seed in range(16)) if a == Play(0, D.STONE)]
    assert len(walls) >= 4


def test_easy_with_nothing_to_attack_with_digs_for_an_attack() -> None:
    """Arrows that no enemy wall yields to and an Inspector: Easy trades three cards for a fresh
    one on most seeds rather than playing the Inspector or passing (it never traded here)."""
    m = table(2, hands={0: [D.ARROW, D.ARROW, D.INSPECTOR]},
              walls={0: [D.STONE, D.IRON, D.STEEL], 1: [D.STEEL, D.IRON]})
    m.turn = 4 * 2
    trades = [a for a in (_easy(m, seed) for seed in range(16)) if isinstance(a, Trade)]
    assert len(trades) >= 8


def test_easy_blunders_at_another_attack_when_its_best_is_one() -> None:
    """Two explosives at a walled enemy, a wall and a Twist of Fate in hand: every seed's play
    is an explosive (a blunder picked the wall or the Twist, and the duel dragged)."""
    m = table(2, hands={0: [D.PIPE, D.TNT, D.TWIST, D.INSPECTOR]},
              walls={0: [D.STONE, D.IRON, D.STEEL], 1: [D.PALISADE, D.STONE, D.IRON]})
    m.turn = 4 * 2
    for seed in range(24):
        a = _easy(m, seed)
        assert isinstance(a, Play) and a.card in (D.PIPE, D.TNT), (seed, a)


def test_a_blunder_never_lets_the_winning_hit_go() -> None:
    """The last enemy stands bare: even a blundering seat (its blunders not bound to attacks)
    plays the hit that wins, every seed."""
    policy = Policy(replace(PROFILES["easy"], spend_attacks=False, blunder=1.0))
    m = table(2, hands={0: [D.ARROW, D.TWIST, D.INSPECTOR]},
              walls={0: [D.STONE, D.IRON, D.STEEL], 1: []})
    m.turn = 4 * 2
    for seed in range(16):
        a = policy.choose(m, 0, random.Random(seed))
        assert a == Play(0, D.ARROW, 1, ()), (seed, a)
