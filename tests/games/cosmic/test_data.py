"""Cosmic Kaboom's data: factions at the corners, planets, crystal order, scoring, the deck."""

from __future__ import annotations

import itertools
import math
from collections import Counter

from game.games import cosmic
from game.games.cosmic import data
from game.games.cosmic.data import (
    CARDS,
    CARDS_BY_ID,
    COLOUR_KEYS,
    CRYSTAL_ORDER,
    DESTROYED_POINTS,
    FACTIONS,
    FIELD,
    PLANET_RADIUS,
    PLANETS,
    Effect,
    deck_list,
    next_in_sequence,
    planets_of_colour,
    start_layout,
)


def test_module_docstring_lists_the_decisions():
    doc = data.__doc__ or ""
    for words in ("Decisions", "corners", "1 -> 2 -> 3", "Two or three players", "First player",
                  "Fly-back", "BOMB_OVERLAP", "MAX_ROUNDS", "Automatic"):
        assert words in doc
    assert len(data.RULES_NOTES) >= 10


def test_the_package_registers_the_game_in_the_catalogue():
    from game.app import catalogue

    assert "game.games.cosmic" in catalogue.GAME_MODULES
    info = catalogue.get("cosmic")
    assert info is not None and info.title == cosmic.INFO.title


def test_four_faction_bases_at_the_four_corners():
    assert sorted(f.corner for f in FACTIONS) == sorted(
        [(0.0, 0.0), (FIELD, 0.0), (0.0, FIELD), (FIELD, FIELD)]
    )
    assert len({f.shape for f in FACTIONS}) == 4  # colour-blind: shapes differ too
    assert len({f.name for f in FACTIONS}) == 4


def test_each_faction_owns_three_planets_one_of_each_dot_and_colour_but_its_own():
    for f in FACTIONS:
        mine = [p for p in PLANETS if p.faction == f.faction_id]
        assert sorted(p.dots for p in mine) == [1, 2, 3]
        assert len({p.colour for p in mine}) == 3
        assert COLOUR_KEYS[f.faction_id] not in {p.colour for p in mine}
    assert [p.planet_id for p in PLANETS] == list(range(12))


def test_each_colour_has_one_planet_of_each_dot_owned_by_different_factions():
    for c in COLOUR_KEYS:
        ps = planets_of_colour(c)
        assert [p.dots for p in ps] == [1, 2, 3]
        assert len({p.faction for p in ps}) == 3


def test_crystal_travels_one_two_three_back_to_one():
    assert CRYSTAL_ORDER == (1, 2, 3)
    assert [next_in_sequence(d) for d in (1, 2, 3)] == [2, 3, 1]


def _every_board() -> list[dict[int, tuple[float, float]]]:
    return [data.layout_from(spots, mirror) for spots in data.LAYOUT_SETS
            for mirror in (False, True)]


def test_start_layout_keeps_every_planet_inside_and_none_touching():
    from game.games.cosmic.table import BASE_RADIUS

    for layout in _every_board():
        assert sorted(layout) == list(range(12))
        for x, y in layout.values():
            assert PLANET_RADIUS + 12 <= x <= FIELD - PLANET_RADIUS - 12
            assert PLANET_RADIUS + 12 <= y <= FIELD - PLANET_RADIUS - 12
            for f in FACTIONS:  # clear of every Base, with room for a ship to leave it
                assert math.dist((x, y), f.corner) > BASE_RADIUS + PLANET_RADIUS + 60
        for (a, pa), (b, pb) in itertools.combinations(layout.items(), 2):
            assert math.dist(pa, pb) > 2 * PLANET_RADIUS + 30, (a, b)


def test_the_quick_start_board_follows_the_seed():
    """Same seed, same board (rules stay deterministic); across seeds, many boards."""
    assert start_layout(7) == start_layout(7)
    boards = {tuple(sorted(start_layout(seed).items())) for seed in range(40)}
    assert len(boards) >= 8
    every = {tuple(sorted(b.items())) for b in _every_board()}
    assert boards <= every and len(every) == 2 * len(data.LAYOUT_SETS)


def test_scoring_values_are_the_rulebooks():
    assert data.SURVIVOR_POINTS == 2
    assert DESTROYED_POINTS == {1: 3, 2: 4, 3: 5}
    assert data.GAME_END_DESTROYED == 7


def test_deck_has_at_least_twelve_distinct_cards_each_with_a_one_line_face():
    assert len(CARDS) >= 12
    assert len(CARDS_BY_ID) == len(CARDS)
    assert len({c.name for c in CARDS}) == len(CARDS)
    for c in CARDS:
        assert c.count >= 1
        assert "\n" not in c.text and 10 < len(c.text) <= 90
        assert c.text.endswith(".")
    assert Counter(deck_list()) == {c.card_id: c.count for c in CARDS}
    assert len(deck_list()) == data.DECK_SIZE


def test_every_effect_kind_is_on_exactly_one_card():
    assert sorted(c.effect for c in CARDS) == sorted(Effect)


def test_automatic_cards_say_so_on_their_face():
    for c in CARDS:
        assert c.automatic == c.text.startswith("Automatic:")


def test_deck_is_balanced_no_card_more_than_two_copies_and_deck_outlasts_the_draws():
    assert all(c.count <= 2 for c in CARDS)
    # Four kept at the start plus one kept per destroyed planet up to the game's end.
    assert data.DECK_SIZE >= 4 + data.GAME_END_DESTROYED + 2


def test_the_colour_blind_seats_stand_apart_from_the_planet_colours() -> None:
    # A stranger's colour-blind seat 1 was amber, read as the yellow planets (38-cb-large):
    # the first two safe seats (a two-player table) stay clear of every planet colour, and
    # of yellow by a wide margin, for every kind of vision.
    from game.games.cosmic.data import COLOURS
    from game.ui import theme

    for seat in theme.SEAT_COLOURS_SAFE[:2]:
        rgb = theme.hex_rgb(seat)
        for c in COLOURS:
            for vision in theme.VISIONS:
                d = theme.colour_distance(rgb, c.rgb, vision)
                assert d >= 14.0, (seat, c.key, vision, round(d, 1))
                if c.key == "yellow":
                    assert d >= 30.0, (seat, vision, round(d, 1))
