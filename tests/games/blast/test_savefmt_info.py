"""Kaboom! Explosive: the save check refuses damage; the rules page is written from the data."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from game.games.blast.data import CARD_TYPES, COUNT_TABLE, DECISIONS, TOTAL_CARDS
from game.games.blast.info import count_table, rules_page
from game.games.blast.rules import MatchState, new_match, random_step
from game.games.blast.savefmt import SAVE_VERSION, check


def _mid_game(players: int, seed: int, steps: int) -> MatchState:
    m = new_match(players, seed)
    for k in range(steps):
        if m.is_terminal():
            break
        random_step(m, seed, k)
    return m


def _save(m: MatchState) -> dict[str, Any]:
    return {"setup": {"seats": [{}] * m.options.players},
            "game": {"version": SAVE_VERSION, "match": m.to_dict()}}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_saves_of_real_matches_pass_the_check(players: int) -> None:
    for steps in (0, 15, 60, 200):
        check(_save(_mid_game(players, 7 + players, steps)))


def _first_wall_seat(g: dict[str, Any]) -> dict[str, Any]:
    return next(p for p in g["players"] if p["walls"])


@pytest.mark.parametrize(
    "damage",
    [
        lambda g: g["supply"].append("flaming_arrow"),  # a card too many
        lambda g: g["supply"].pop(),  # a card missing
        lambda g: g["discard"].append("laser_sword"),  # an unknown card
        lambda g: _first_wall_seat(g)["walls"].__setitem__(0, "tnt"),  # TNT is no wall
        lambda g: g["players"][0]["characters"].append("spy"),
        lambda g: g.update(current=9),
        lambda g: g.update(turn=-1),
        lambda g: g["players"].pop(),
        lambda g: g.update(version=99),
    ],
)
def test_the_save_check_refuses_damage(damage: Any) -> None:
    good = _save(_mid_game(4, 3, 40))
    check(good)
    bad = copy.deepcopy(good)
    damage(bad["game"]["match"])
    with pytest.raises((ValueError, KeyError, TypeError, IndexError)):
        check(bad)


def test_the_save_check_refuses_a_seat_count_mismatch() -> None:
    save = _save(new_match(3, 1))
    save["setup"]["seats"] = [{}, {}]
    with pytest.raises(ValueError):
        check(save)


def test_the_rules_page_prints_the_count_table_and_every_decision() -> None:
    page = rules_page()
    for card in CARD_TYPES:
        assert card.name in page and f"×{card.count}" in page
    for decision in DECISIONS:
        assert decision in page
    assert f"{TOTAL_CARDS} cards" in page
    assert sum(count for _, _, count in COUNT_TABLE) == TOTAL_CARDS
    assert len(count_table()) == 4
    words = rules_page(lambda device, control: f"<{device}:{control}>")
    assert "<keys1:confirm>" in words and "<pad1:back>" in words


def _swap_supply(save: dict[str, Any], old: str, new: str, count: int) -> dict[str, Any]:
    """`save` with `count` of the supply's `old` cards turned into `new` ones."""
    out = copy.deepcopy(save)
    supply = out["game"]["match"]["supply"]
    for _ in range(count):
        supply[supply.index(old)] = new
    return out


def test_a_game_dealt_from_the_second_editions_deck_still_resumes() -> None:
    """Replay revision 3 made a Fizzle, a Blast Shield, a Guard and a Twist of Fate explosives:
    a game saved before then holds the cards as dealt from that deck, and resumes (the sample
    save was moved aside as "more copies than the deck holds"); a copy more than any deck held
    is still refused."""
    second = _save(new_match(2, 5))
    for old, new in (("pipe_bomb", "twist_of_fate"), ("tnt", "fizzle"), ("tnt", "guard"),
                     ("c4", "blast_shield")):
        second = _swap_supply(second, old, new, 1)
    check(second)
    with pytest.raises(ValueError, match="more copies than the deck holds of"):
        check(_swap_supply(second, "tnt", "fizzle", 1))
