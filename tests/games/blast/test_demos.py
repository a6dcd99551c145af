"""Kaboom! Explosive's demo tables are built for any seed (pure rules, many seeds): the cards
a demo hands out are found wherever the deal put them, and the 108 stay conserved."""

from __future__ import annotations

from game.games.blast.demos import (
    EXPLOSIVES,
    TNT,
    _attack_table,
    _chain_table,
    _defence_table,
    _endgame_table,
    demo_setup,
)
from game.games.blast.rules import Phase, Play

SEEDS = range(300)


def test_the_defence_chain_and_endgame_tables_are_built_for_every_seed() -> None:
    for seed in SEEDS:
        _, m = _defence_table(seed)
        assert m.apply(Play(1, TNT, 0, ("iron_wall",))) is None, seed
        assert m.conserved()
        chain = _chain_table(seed)
        assert chain.conserved() and len(chain.chain) == 2, seed
        end = _endgame_table(seed)
        assert end.phase == Phase.ENDGAME and end.conserved(), seed


def test_the_attack_table_has_an_explosive_to_aim_even_when_you_are_out_early() -> None:
    for seed in (33, 7):  # at 33 the AIs knock you out before a fitting turn comes
        m = _attack_table(demo_setup(seed, devices=("keys1",)))
        assert m.current == 0 and m.players[0].alive and m.conserved()
        assert any(isinstance(a, Play) and a.card in EXPLOSIVES for a in m.legal_actions(0))
