"""Session 49 (7/10): Easy was harsh in a duel's first rounds: by round 5 a Firestorm then an
RPG took both of a stranger's iron walls, by round 6 a second RPG."""

from __future__ import annotations

from game.games.blast import data as D
from game.games.blast.ai import decide, make_ai
from game.games.blast.rules import Action, MatchState, Play
from tests.games.blast.helpers import table

BIG = (D.FIRESTORM, D.C4, D.RPG, D.NUKE)


def _easy(m: MatchState, seeds: int = 24) -> list[Action]:
    return [decide(make_ai("easy", 0, seed), m.clone()) for seed in range(seeds)]


def test_easy_holds_its_heaviest_cards_through_round_five() -> None:
    """Firestorm, C4 and an RPG beside an arrow in round 5: no seed plays a big one; from
    round 6 they come out."""
    m = table(2, hands={0: [D.FIRESTORM, D.C4, D.RPG, D.ARROW]},
              walls={1: [D.PALISADE, D.IRON, D.IRON, D.STONE]})
    m.turn = 4 * 2
    assert m.round == 5
    assert not any(isinstance(a, Play) and a.card in BIG for a in _easy(m))
    m.turn = 5 * 2
    assert any(isinstance(a, Play) and a.card in BIG for a in _easy(m))


def test_easy_leaves_a_last_wall_standing_before_round_six() -> None:
    """Ben is down to one iron wall in round 5 and Easy holds TNT: it does not strip him bare
    on any seed; in round 6 it does on some."""
    m = table(2, hands={0: [D.TNT, D.ARROW, D.FIZZLE]}, walls={1: [D.IRON]})
    m.turn = 4 * 2

    def strips(acts: list[Action]) -> int:
        return sum(isinstance(a, Play) and a.target == 1 and a.card in D.EXPLOSIVES
                   and D.IRON in a.walls for a in acts)

    assert strips(_easy(m)) == 0
    m.turn = 5 * 2
    assert strips(_easy(m)) > 0
