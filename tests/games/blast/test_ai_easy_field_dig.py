"""A stranger's 41-round duel stood still behind his Force Field while Easy passed turn after
turn holding five or six cards: explosives only the field stopped and the defences it kept.
With no Spy, Easy keeps its best answer only and trades the rest to dig for one."""

from __future__ import annotations

import random

from game.games.blast import data as D
from game.games.blast.ai import PROFILES, Policy
from game.games.blast.rules import Pass, Trade
from tests.games.blast.helpers import table


def test_easy_behind_a_force_field_with_five_cards_digs_for_a_spy() -> None:
    m = table(2, hands={0: [D.FIZZLE, D.GUARD, D.BLAST_SHIELD, D.TNT, D.PIPE], 1: [D.STONE]},
              walls={0: [D.PALISADE, D.STONE, D.IRON], 1: [D.STONE, D.FORCE_FIELD]})
    policy = Policy(PROFILES["easy"])
    best = policy.ranked(m, 0, random.Random(0))[0][1]
    assert isinstance(best, Trade)
    assert sum(c in D.DEFENCES for c in best.cards) >= 1  # its best answer stays in hand
    assert sum(c in D.DEFENCES for c in m.players[0].hand if c not in best.cards) >= 1
    choices = [policy.choose(m, 0, random.Random(i)) for i in range(30)]
    assert not any(isinstance(a, Pass) for a in choices)
