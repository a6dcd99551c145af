"""The deck as data: counts, unique cards, starting walls, the wall table, the decisions."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import game.games.blast
import game.games.blast.rules as rules_pkg
from game.games.blast import data as D

PALI, STONE, IRON, STEEL, FF = D.PALISADE, D.STONE, D.IRON, D.STEEL, D.FORCE_FIELD


def test_108_cards_102_deck_6_endgame() -> None:
    assert sum(count for _, _, count in D.COUNT_TABLE) == D.TOTAL_CARDS == 108
    assert D.DECK_SIZE == 102
    assert len(D.ENDGAME_CARDS) == 6
    assert all(D.CARDS[c].count == 1 for c in D.ENDGAME_CARDS)
    assert len(D.deck_list(3)) == 102
    assert not set(D.deck_list(5)) & set(D.ENDGAME_CARDS)


def test_types_named_and_the_33rd_decided() -> None:
    assert D.NAMED_TYPES == 32 and D.RULEBOOK_TYPES == 33
    assert "33" in D.DECISIONS[0] and "Quick Reference" in D.DECISIONS[0]
    assert len({c.card_id for c in D.CARD_TYPES}) == len(D.CARD_TYPES)


def test_unique_and_rare_cards() -> None:
    for unique in (D.CHEMIST, D.UNDERMINER, D.NUKE):
        assert D.CARDS[unique].count == 1
    steel = D.CARDS[STEEL].count
    assert steel <= 2 and all(steel < D.CARDS[w].count for w in (PALI, STONE, IRON))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_deck_holds_the_starting_walls(players: int) -> None:
    walls = D.starting_walls(players)
    assert walls.count(IRON) == 1 and walls.count(STONE) == 1
    assert walls.count(PALI) == (2 if players == 5 else 3)
    deck = D.deck_list(players)
    for w in set(walls):
        assert deck.count(w) >= walls.count(w) * players + 2, w
    assert deck.count(D.NUKE) == (0 if players == 2 else 1)


WALL_TABLE = {  # the rulebook: which explosive destroys which wall
    D.ARROW: {PALI},
    D.PIPE: {PALI, STONE},
    D.TNT: {PALI, STONE, IRON},
    D.C4: {PALI, STONE, IRON, STEEL},
    D.RPG: {PALI, STONE, IRON, STEEL},
}


@pytest.mark.parametrize("card", D.EXPLOSIVES)
def test_wall_table(card: str) -> None:
    power = D.CARDS[card].power
    assert {w for w in D.WALLS if D.can_destroy(power, w)} == WALL_TABLE[card]
    assert not D.can_destroy(power, FF)
    assert D.walls_hit(power) == (2 if card == D.RPG else 1)


def test_upgrades_one_rank_and_rpg_stays() -> None:
    ranks = [D.CARDS[c].power for c in D.EXPLOSIVES]
    assert [D.upgraded(r) for r in ranks] == [2, 3, 4, 5, 5]
    assert D.can_destroy(D.upgraded(1), STONE)  # flaming arrow with the Chemist
    assert D.can_destroy(D.upgraded(3), STEEL)  # TNT with the Chemist
    assert D.walls_hit(D.upgraded(4)) == 2  # C4 does an RPG's damage


def test_card_faces_are_one_short_line() -> None:
    for c in D.CARD_TYPES:
        assert c.text and "\n" not in c.text and len(c.text) <= 100, c.card_id


def test_defences_answer_what_the_rulebook_says() -> None:
    assert set(D.CARDS[D.FIZZLE].answers) == {D.ARROW, D.PIPE}
    assert set(D.CARDS[D.BLAST_SHIELD].answers) == {D.ARROW, D.PIPE, D.TNT, D.C4}
    assert D.CARDS[D.GUARD].answers == (D.SPY,)
    assert set(D.CARDS[D.OOPS].answers) == set(D.CARDS[D.BACKFIRE].answers) == set(D.EXPLOSIVES)


def test_decisions_and_notes_cover_the_open_questions() -> None:
    text = " ".join(D.DECISIONS)
    for topic in ("Chains", "Oops", "Backfire", "Guard", "Force Field", "weakest", "strongest",
                  "rounds", "rank", "share the win"):
        assert topic in text, topic
    assert len(D.DECISIONS) == 25 and D.RULES_NOTES
    assert "DECISIONS" in (rules_pkg.__doc__ or "")


PURE = ("data.py", "ai.py", "belief.py", "sim.py", "replay.py", "savefmt.py", "options.py",
        "tiers.py")
"""The modules a headless simulation, the AI and saves use: never pygame."""


def test_the_rules_ai_and_simulation_are_pure_python() -> None:
    root = Path(game.games.blast.__file__).parent
    for path in [*(root / name for name in PURE), *root.glob("rules/*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            mods = ([a.name for a in node.names] if isinstance(node, ast.Import)
                    else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(m.split(".")[0] in ("pygame", "pymunk", "pygame_gui") for m in mods)
