"""Cosmic Kaboom rules, pure: every rule of the rulebook and issue 10 that needs no physics."""

from __future__ import annotations

import json
import random

import pytest

from game.games.cosmic.data import CARDS, COLOUR_KEYS, PLANETS, planets_of_colour
from game.games.cosmic.events import Bomb, Collected, ShipDestroyed
from game.games.cosmic.rules import (
    Action,
    EndTurn,
    Flick,
    FlickOutcome,
    Keep,
    MatchState,
    Options,
    Phase,
    Place,
    Play,
    Rejected,
    ReturnToBase,
    Toss,
    deal_planets,
    new_match,
)

# -- helpers ----------------------------------------------------------------------------------


def ready(players: int = 2, seed: int = 0, **options: object) -> MatchState:
    """A match past the opening card choices (each seat keeps the first card offered)."""
    m = new_match(players, seed, **options)
    while m.phase == Phase.DRAFT:
        seat = m.current_player()
        assert seat is not None
        assert m.apply(Keep(seat, m.drafts[0][1][0])) is None
    assert m.phase == Phase.FLICK
    return m


def planet(colour: str, dots: int) -> int:
    return next(p.planet_id for p in PLANETS if p.colour == colour and p.dots == dots)


def crystal(m: MatchState, colour: str = "red") -> int:
    at = m.crystal[colour]
    assert at is not None
    return at


def flick(m: MatchState, touches: tuple[int, ...] = (), **kw: object) -> Rejected | None:
    seat = m.current
    out = FlickOutcome.make({seat: touches}, **kw)  # type: ignore[arg-type]
    return m.apply(Flick(seat, out))


def toss(m: MatchState, under: tuple[int, ...] = (), **kw: object) -> Rejected | None:
    return m.apply(Toss(m.current, FlickOutcome.make(under_bomb=under, **kw)))  # type: ignore


def pass_to(m: MatchState, seat: int) -> None:
    """Empty flicks (at least one) until a new turn of `seat` begins."""
    assert flick(m) is None
    while m.current != seat or m.flicks_made:
        assert flick(m) is None


def give(m: MatchState, seat: int, card: str) -> None:
    if card in m.deck:
        m.deck.remove(card)
    m.players[seat].hand.append(card)


def bomb_turn(m: MatchState, seat: int) -> None:
    m.players[seat].base = list(COLOUR_KEYS)
    pass_to(m, seat)
    assert m.phase == Phase.BOMB


def enemy_planet(m: MatchState, seat: int, dots: int) -> int:
    return next(p for p, s in m.owner.items() if s != seat and PLANETS[p].dots == dots)


def own_planet(m: MatchState, seat: int, dots: int | None = None) -> int:
    return next(
        p for p, s in sorted(m.owner.items()) if s == seat and dots in (None, PLANETS[p].dots)
    )


# -- setup ------------------------------------------------------------------------------------


def test_setup_deals_two_cards_each_keep_one_other_to_bottom():
    m = new_match(3, seed=4)
    assert m.phase == Phase.DRAFT
    assert [s for s, _ in m.drafts] == [(m.first + k) % 3 for k in range(3)]
    seat, offer = m.drafts[0]
    assert len(offer) == 2
    assert m.apply(Keep(seat, offer[1])) is None
    assert m.players[seat].hand == [offer[1]]
    assert m.deck[-1] == offer[0]


def test_crystals_start_on_the_one_dot_planets():
    m = new_match(4, seed=1)
    for c in COLOUR_KEYS:
        assert PLANETS[crystal(m, c)].dots == 1


def test_seats_take_factions_and_two_players_sit_at_opposite_corners():
    assert new_match(2).players[0].faction == 0 and new_match(2).players[1].faction == 2
    m = new_match(3, factions=(3, 1, 0))
    assert [p.faction for p in m.players] == [3, 1, 0]
    with pytest.raises(ValueError):
        Options(2, factions=(1, 1))
    with pytest.raises(ValueError):
        Options(5)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_remaining_planets_are_distributed_evenly(players: int):
    m = new_match(players, seed=7)
    counts = [len(m.planets_of(s)) for s in range(players)]
    assert sum(counts) == 12 and max(counts) == min(counts)
    # the rules page says how many each player owns at this count (a stranger read "three
    # planets" at a two-player table and owned six)
    from game.games.cosmic.data import RULES_NOTES
    words = {4: "four players", 3: "three players", 2: "two players"}[players]
    assert any(f"with {words} {counts[0]}" in n or f"with {words} each owns {counts[0]}" in n
               for n in RULES_NOTES)


def test_two_player_spare_planets_give_each_player_one_of_each_dot():
    owner = deal_planets((0, 2), first=0)
    for seat in (0, 1):
        spare = [p for p, s in owner.items() if s == seat and PLANETS[p].faction in (1, 3)]
        assert sorted(PLANETS[p].dots for p in spare) == [1, 2, 3]


def test_three_player_spare_planets_go_lowest_dots_first_to_the_last_seat():
    owner = deal_planets((0, 1, 2), first=1)
    spare = {PLANETS[p].dots: s for p, s in owner.items() if PLANETS[p].faction == 3}
    assert spare == {1: 0, 2: 2, 3: 1}


def test_first_player_comes_from_the_match_seed():
    firsts = {new_match(4, seed=s).first for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert new_match(4, seed=9).first == new_match(4, seed=9).first


# -- piloting ---------------------------------------------------------------------------------


def test_one_flick_a_turn():
    m = ready()
    seat = m.current
    assert flick(m) is None
    assert m.current == (seat + 1) % 2
    assert m.flicks_made == 0


def test_a_collected_cube_grants_another_flick():
    m = ready()
    seat = m.current
    red = crystal(m)
    assert flick(m, (red,)) is None
    assert m.players[seat].hold == ["red"]
    assert m.current == seat and m.flicks_left == 1
    assert flick(m) is None
    assert m.current != seat


def test_collecting_moves_the_crystal_one_two_three_back_to_one():
    m = ready()
    seen = []
    for _ in range(4):
        at = crystal(m, "blue")
        seen.append(PLANETS[at].dots)
        seat = m.current
        m.players[seat].hold = []
        m.players[seat].base = []
        assert flick(m, (at,)) is None
        assert flick(m) is None  # use the extra flick
    assert seen == [1, 2, 3, 1]


def test_hitting_a_planet_whose_colour_you_hold_moves_nothing_and_grants_nothing():
    m = ready()
    seat = m.current
    m.players[seat].hold = ["red"]
    red = crystal(m)
    assert flick(m, (red,)) is None
    assert crystal(m) == red
    assert m.players[seat].hold == ["red"]
    assert m.current != seat


def test_hitting_a_planet_whose_colour_is_on_your_base_moves_nothing_and_grants_nothing():
    m = ready()
    seat = m.current
    m.players[seat].base = ["red"]
    red = crystal(m)
    assert flick(m, (red,)) is None
    assert crystal(m) == red and m.players[seat].hold == []
    assert m.current != seat


def test_one_cube_per_colour_between_hold_and_base():
    m = ready()
    rng = random.Random(3)
    while not m.is_terminal():
        seat = m.current
        touches = tuple(rng.sample(range(12), 3))
        if m.phase == Phase.DRAFT:
            assert m.apply(Keep(m.drafts[0][0], m.drafts[0][1][0])) is None
        elif m.phase == Phase.BOMB:
            assert toss(m, (rng.randrange(12),)) is None
        elif rng.random() < 0.2:
            assert m.apply(ReturnToBase(seat)) is None or flick(m) is None
        else:
            assert flick(m, touches) is None
        for p in m.players:
            assert not set(p.hold) & set(p.base)
            assert len(p.hold) == len(set(p.hold))
    assert sum(isinstance(e, Collected) for e in m.events) > 10
    assert any(isinstance(e, Bomb) for e in m.events)


def test_a_planet_without_the_crystal_gives_nothing():
    m = ready()
    seat = m.current
    red = crystal(m)
    other = next(p.planet_id for p in planets_of_colour("red") if p.planet_id != red)
    assert flick(m, (other,)) is None
    assert m.players[seat].hold == [] and m.current != seat


def test_one_flick_collects_every_crystal_it_touches_but_grants_one_more_flick():
    m = ready()
    seat = m.current
    assert flick(m, (crystal(m, "red"), crystal(m, "blue"))) is None
    assert m.players[seat].hold == ["red", "blue"]
    assert m.flicks_left == 1
    assert flick(m) is None and m.current != seat


def test_only_the_flicked_ship_collects():
    m = ready()
    seat = m.current
    other = 1 - seat
    out = FlickOutcome.make({other: (crystal(m),)})
    assert m.apply(Flick(seat, out)) is None
    assert m.players[other].hold == [] and m.players[seat].hold == []


def test_ship_completely_outside_is_destroyed_loses_hold_and_returns_to_base():
    m = ready()
    seat = m.current
    assert flick(m, (crystal(m),), ships_out=(seat,)) is None
    p = m.players[seat]
    assert p.hold == [] and p.docked
    assert m.current != seat  # a ship destroyed on its own flick ends the turn


def test_ship_pushed_out_by_another_ship_is_destroyed():
    m = ready()
    seat = m.current
    other = 1 - seat
    m.players[other].hold = ["green"]
    m.players[other].docked = False
    assert flick(m, ships_out=(other,)) is None
    assert m.players[other].hold == [] and m.players[other].docked
    assert any(isinstance(e, ShipDestroyed) and e.seat == other for e in m.events)


def test_return_to_base_instead_of_flicking_banks_the_hold_and_ends_the_turn():
    m = ready()
    seat = m.current
    assert flick(m, (crystal(m),)) is None
    assert m.apply(ReturnToBase(seat)) is None
    p = m.players[seat]
    assert p.base == ["red"] and p.hold == [] and p.docked
    assert m.current != seat


def test_return_to_base_refused_when_docked_with_an_empty_hold():
    m = ready()
    r = m.apply(ReturnToBase(m.current))
    assert isinstance(r, Rejected) and "empty Hold" in r.reason


def test_end_turn_after_an_earned_flick_but_not_before_flicking():
    m = ready()
    seat = m.current
    assert isinstance(m.apply(EndTurn(seat)), Rejected)
    assert flick(m, (crystal(m),)) is None
    assert EndTurn(seat) in m.legal_actions(seat)
    assert m.apply(EndTurn(seat)) is None and m.current != seat


def test_fly_back_variant_has_no_return_and_banks_when_the_flick_ends_on_base():
    m = ready(fly_back=True)
    seat = m.current
    assert flick(m, (crystal(m),)) is None
    assert ReturnToBase(seat) not in m.legal_actions(seat)
    r = m.apply(ReturnToBase(seat))
    assert isinstance(r, Rejected) and "fly-back" in r.reason
    assert flick(m, on_base=(seat,)) is None
    assert m.players[seat].base == ["red"] and m.players[seat].docked


def test_standard_rules_do_not_bank_a_ship_that_merely_rests_on_its_base():
    m = ready()
    seat = m.current
    assert flick(m, (crystal(m),)) is None
    assert flick(m, on_base=(seat,)) is None
    assert m.players[seat].hold == ["red"] and m.players[seat].base == []


# -- the Space Bomb ---------------------------------------------------------------------------


def test_four_colours_banked_at_the_start_of_a_turn_make_it_a_bomb_toss():
    m = ready()
    seat = m.current
    m.players[seat].base = ["red", "blue", "green"]
    m.players[seat].hold = ["yellow"]
    m.players[seat].docked = False
    assert m.apply(ReturnToBase(seat)) is None
    assert m.phase == Phase.FLICK  # banking the fourth does not bomb at once
    pass_to(m, seat)
    assert m.phase == Phase.BOMB
    assert [type(a) for a in m.legal_actions(seat)] == [Toss]
    r = flick(m)
    assert isinstance(r, Rejected) and "Space Bomb" in r.reason


def test_bomb_success_destroys_planets_under_it_and_discards_the_four_cubes():
    m = ready()
    seat = 0
    bomb_turn(m, seat)
    a, b = enemy_planet(m, seat, 3), enemy_planet(m, seat, 1)
    assert toss(m, (a, b)) is None
    assert a not in m.alive and b not in m.alive
    assert m.destroyed_by == {a: seat, b: seat}
    assert m.players[seat].base == []


def test_bomb_miss_keeps_the_cubes_for_the_next_turn():
    m = ready()
    bomb_turn(m, 0)
    assert toss(m, ()) is None
    assert m.players[0].base == list(COLOUR_KEYS)
    assert m.current == 1
    pass_to(m, 0)
    assert m.phase == Phase.BOMB


def test_illegal_bomb_release_destroys_nothing_and_waits_a_turn():
    m = ready()
    bomb_turn(m, 0)
    target = enemy_planet(m, 0, 3)
    assert toss(m, (target,), foul=True) is None
    assert target in m.alive and m.players[0].base == list(COLOUR_KEYS)
    assert m.current == 1


def test_bomb_does_not_affect_ships():
    m = ready()
    bomb_turn(m, 0)
    m.players[1].hold = ["red"]
    assert toss(m, (), ships_out=(1,)) is None
    assert m.players[1].hold == ["red"]


def test_bomb_on_your_own_planet_destroys_it_for_no_points():
    m = ready()
    bomb_turn(m, 0)
    mine = own_planet(m, 0, 3)
    before = m.score_breakdown(0)["total"]
    assert toss(m, (mine,)) is None
    after = m.score_breakdown(0)
    assert mine not in m.alive
    assert after["total"] == before - 2 and after["own_destroyed"] == 1
    assert m.players[0].base == []  # still a success: the cubes are spent


def test_destroyed_planet_holding_a_crystal_sends_it_to_the_next_planet():
    m = ready()
    bomb_turn(m, 0)
    red = crystal(m)
    assert toss(m, (red,)) is None
    assert PLANETS[crystal(m)].dots == 2


def test_a_colour_with_every_planet_destroyed_has_no_crystal():
    m = ready(4, seed=1)
    reds = [p.planet_id for p in planets_of_colour("red")]
    m._destroy_planet(reds[1], by=0)
    m._destroy_planet(reds[2], by=0)
    assert crystal(m) == reds[0]
    m._destroy_planet(reds[0], by=0)
    assert m.crystal["red"] is None


def test_owner_of_a_destroyed_planet_draws_two_and_keeps_one():
    m = ready()
    bomb_turn(m, 0)
    target = enemy_planet(m, 0, 2)
    owner = m.owner[target]
    top_two = m.deck[:2]
    hand = len(m.players[owner].hand)
    assert toss(m, (target,)) is None
    assert m.phase == Phase.DRAFT and m.current_player() == owner
    assert m.drafts[0][1] == top_two
    assert m.apply(Keep(owner, top_two[0])) is None
    assert len(m.players[owner].hand) == hand + 1 and m.deck[-1] == top_two[1]


def test_bombing_planets_of_two_owners_gives_each_a_draw_in_turn_order():
    m = ready(3, seed=2)
    seat = m.current
    bomb_turn(m, seat)
    targets = [own_planet(m, (seat + 2) % 3), own_planet(m, (seat + 1) % 3)]
    assert toss(m, tuple(targets)) is None
    assert [s for s, _ in m.drafts] == [(seat + 1) % 3, (seat + 2) % 3]


# -- planets pushed out -----------------------------------------------------------------------


def test_planet_pushed_out_is_placed_back_by_its_owner_even_out_of_turn():
    m = ready()
    seat = m.current
    theirs = own_planet(m, 1 - seat)
    assert flick(m, (crystal(m),), planets_out=(theirs,)) is None
    assert m.phase == Phase.PLACE and m.current_player() == 1 - seat
    assert m.legal_actions(seat) == []
    assert m.legal_actions(1 - seat) == [Place(1 - seat, theirs)]
    assert isinstance(m.apply(Place(1 - seat, theirs, -5.0, 40.0)), Rejected)
    assert m.apply(Place(1 - seat, theirs, 360.0, 360.0)) is None
    assert m.phase == Phase.FLICK and m.current == seat  # the earned flick remains
    assert m.events[-1].to_dict() == {"kind": "placed", "seat": 1 - seat, "planet": theirs,
                            "x": 360.0, "y": 360.0}


def test_the_worlds_placement_check_refuses_a_taken_spot():
    m = ready()
    seat = m.current
    mine = own_planet(m, seat)
    m.placement_check = lambda planet, x, y: x > 300.0
    assert flick(m, planets_out=(mine,)) is None
    r = m.apply(Place(seat, mine, 100.0, 100.0))
    assert isinstance(r, Rejected) and "taken" in r.reason
    assert m.apply(Place(seat, mine, 400.0, 100.0)) is None
    assert m.current != seat


# -- game end and scoring ---------------------------------------------------------------------


def test_game_ends_when_seven_planets_are_destroyed():
    m = ready(4, seed=3)
    seat = m.current
    victims = [p for p in range(12) if m.owner[p] != seat]
    # Spread over three owners so that no faction is wiped out first.
    picks = [p for p in victims if PLANETS[p].dots != 3][:6] + [
        next(p for p in victims if PLANETS[p].dots == 3)
    ]
    for p in picks[:6]:
        m._destroy_planet(p, by=seat)
    m._check_end()
    assert not m.is_terminal()
    bomb_turn(m, seat)
    assert toss(m, (picks[6],)) is None
    assert m.is_terminal() and m.end_reason == "planets" and m.phase == Phase.OVER
    assert m.drafts == [] and m.legal_actions(seat) == []


def test_game_ends_when_a_whole_faction_is_gone():
    m = ready(4, seed=3)
    seat = m.current
    victim = (seat + 1) % 4
    bomb_turn(m, seat)
    assert toss(m, tuple(m.planets_of(victim))) is None
    assert m.is_terminal() and m.end_reason == "faction"


def test_game_ends_after_the_round_limit():
    m = ready(2, max_rounds=3)
    for _ in range(6):
        assert not m.is_terminal()
        assert flick(m) is None
    assert m.is_terminal() and m.end_reason == "rounds"


def test_game_ends_when_a_colour_is_gone_and_no_one_holds_its_cube():
    """Every red planet destroyed takes the red crystal with it; while a player still holds a
    red cube a bomb can be built, so play goes on; once no one does, the turn's end ends the
    match (no Space Bomb can ever be built again), scored as it stands."""
    m = ready(2, seed=0)
    for p in planets_of_colour("red"):
        m._destroy_planet(p.planet_id, by=0)
    assert m.crystal["red"] is None and not m.is_terminal()
    holder = (m.current + 1) % 2
    m.players[holder].base = ["red"]
    assert m.bombs_impossible() == []
    assert flick(m) is None  # the turn ends: the other seat's red keeps bombs possible
    assert not m.is_terminal()
    m.players[holder].base = []
    assert m.bombs_impossible() == ["red"]
    assert flick(m) is None
    assert m.is_terminal() and m.end_reason == "no_bomb" and m.phase == Phase.OVER
    assert m.scores() == [m.score_breakdown(s)["total"] for s in range(2)]


def test_scoring_two_per_survivor_three_four_five_per_enemy_planet_none_for_own():
    m = ready(2, seed=0)
    e1, e2, e3 = (enemy_planet(m, 0, d) for d in (1, 2, 3))
    own = own_planet(m, 0)
    for p in (e1, e2, e3, own):
        m._destroy_planet(p, by=0)
    b = m.score_breakdown(0)
    assert b["survivors"] == 5
    assert (b["destroyed_1"], b["destroyed_2"], b["destroyed_3"]) == (1, 1, 1)
    assert b["total"] == 5 * 2 + 3 + 4 + 5
    assert m.score_breakdown(1)["total"] == 3 * 2
    assert m.winners() == [] and not m.is_over  # winners are named once the match is over
    m.over = True
    assert m.winners() == [0]


def test_tied_highest_scores_share_the_win():
    m = ready(2, max_rounds=1)
    assert flick(m) is None and flick(m) is None
    assert m.is_terminal() and m.scores() == [12, 12]
    assert m.winners() == [0, 1] and m.returns() == [0.5, 0.5]


# -- cards: timing ----------------------------------------------------------------------------


def test_cards_are_played_only_on_your_own_turn():
    m = ready()
    other = 1 - m.current
    give(m, other, "afterburner")
    r = m.apply(Play(other, "afterburner"))
    assert isinstance(r, Rejected)
    assert not any(isinstance(a, Play) for a in m.legal_actions(other))


def test_automatic_cards_cannot_be_played():
    m = ready()
    seat = m.current
    for card in ("escape_pod", "planetary_shield", "salvage"):
        give(m, seat, card)
        r = m.apply(Play(seat, card))
        assert isinstance(r, Rejected) and "automatic" in r.reason


def test_a_card_you_do_not_hold_is_refused():
    m = ready()
    seat = m.current
    m.players[seat].hand = []
    r = m.apply(Play(seat, "afterburner"))
    assert isinstance(r, Rejected) and "do not hold" in r.reason


def test_every_card_has_a_test_below():
    tests = [n for n in globals() if n.startswith("test_card_")]
    for c in CARDS:
        assert any(n.startswith(f"test_card_{c.card_id}_") for n in tests), c.card_id


# -- cards: each effect -----------------------------------------------------------------------


def test_card_afterburner_flicks_one_extra_time():
    m = ready()
    seat = m.current
    give(m, seat, "afterburner")
    assert m.apply(Play(seat, "afterburner")) is None
    assert "afterburner" in m.discard and "afterburner" not in m.players[seat].hand
    assert flick(m) is None and m.current == seat
    assert flick(m) is None and m.current != seat


def test_card_escape_pod_keeps_the_hold_when_the_ship_is_destroyed():
    m = ready()
    seat = m.current
    give(m, seat, "escape_pod")
    assert flick(m, (crystal(m),), ships_out=(seat,)) is None
    assert m.players[seat].hold == ["red"] and m.players[seat].docked
    assert "escape_pod" in m.discard


def test_card_escape_pod_stays_in_hand_when_the_hold_is_empty():
    m = ready()
    seat = m.current
    give(m, seat, "escape_pod")
    assert flick(m, ships_out=(seat,)) is None
    assert "escape_pod" in m.players[seat].hand


def test_card_escape_pod_triggers_on_another_players_turn():
    m = ready()
    seat = m.current
    give(m, 1 - seat, "escape_pod")
    m.players[1 - seat].hold = ["blue"]
    m.players[1 - seat].docked = False
    assert flick(m, ships_out=(1 - seat,)) is None
    assert m.players[1 - seat].hold == ["blue"] and m.players[1 - seat].docked


def test_card_teleporter_banks_the_hold_and_the_ship_stays_in_space():
    m = ready()
    seat = m.current
    give(m, seat, "teleporter")
    assert isinstance(m.apply(Play(seat, "teleporter")), Rejected)  # empty Hold
    assert flick(m, (crystal(m),)) is None
    assert m.apply(Play(seat, "teleporter")) is None
    p = m.players[seat]
    assert p.base == ["red"] and p.hold == [] and not p.docked
    assert m.current == seat and m.flicks_left == 1


def test_card_crystal_magnet_moves_a_crystal_to_another_planet_of_its_colour():
    m = ready()
    seat = m.current
    give(m, seat, "crystal_magnet")
    three = planet("green", 3)
    assert isinstance(m.apply(Play(seat, "crystal_magnet", planet=crystal(m, "green"))), Rejected)
    assert m.apply(Play(seat, "crystal_magnet", planet=three)) is None
    assert crystal(m, "green") == three


def test_card_planetary_shield_spares_your_planets_from_a_bomb():
    m = ready()
    bomb_turn(m, 0)
    give(m, 1, "planetary_shield")
    theirs = own_planet(m, 1, 3)
    assert toss(m, (theirs,)) is None
    assert theirs in m.alive and "planetary_shield" in m.discard
    assert m.players[0].base == list(COLOUR_KEYS)  # nothing destroyed: a miss


def test_card_supply_drop_puts_a_missing_colour_in_the_hold():
    m = ready()
    seat = m.current
    give(m, seat, "supply_drop")
    m.players[seat].base = ["yellow"]
    assert isinstance(m.apply(Play(seat, "supply_drop", colour="yellow")), Rejected)
    assert m.apply(Play(seat, "supply_drop", colour="green")) is None
    assert m.players[seat].hold == ["green"]


def test_card_hijack_discards_a_cube_from_another_players_hold():
    m = ready()
    seat = m.current
    give(m, seat, "hijack")
    m.players[1 - seat].hold = ["red", "blue"]
    assert isinstance(m.apply(Play(seat, "hijack", colour="green", target=1 - seat)), Rejected)
    assert isinstance(m.apply(Play(seat, "hijack", colour="red", target=seat)), Rejected)
    assert m.apply(Play(seat, "hijack", colour="red", target=1 - seat)) is None
    assert m.players[1 - seat].hold == ["blue"]


def test_card_emp_blast_returns_every_other_ship_to_base_keeping_holds():
    m = ready(3, seed=1)
    seat = m.current
    give(m, seat, "emp_blast")
    assert isinstance(m.apply(Play(seat, "emp_blast")), Rejected)  # all docked
    for q in m.players:
        q.docked = False
        q.hold = ["red"]
    assert m.apply(Play(seat, "emp_blast")) is None
    assert [q.docked for q in m.players] == [q.seat != seat for q in m.players]
    assert all(q.hold == ["red"] for q in m.players)


def test_card_second_payload_tosses_again_after_a_miss():
    m = ready()
    give(m, 0, "second_payload")
    assert m.current != 0 or isinstance(m.apply(Play(0, "second_payload")), Rejected)
    bomb_turn(m, 0)
    assert m.apply(Play(0, "second_payload")) is None
    assert toss(m, ()) is None
    assert m.current == 0 and m.phase == Phase.BOMB
    assert toss(m, ()) is None
    assert m.current == 1


def test_card_prototype_bomb_tosses_with_three_colours_banked():
    m = ready()
    seat = m.current
    give(m, seat, "prototype_bomb")
    m.players[seat].base = ["red", "blue"]
    assert isinstance(m.apply(Play(seat, "prototype_bomb")), Rejected)
    m.players[seat].base = ["red", "blue", "green"]
    assert m.apply(Play(seat, "prototype_bomb")) is None
    assert m.phase == Phase.BOMB
    target = enemy_planet(m, seat, 2)
    assert toss(m, (target,)) is None
    assert target not in m.alive and m.players[seat].base == []


def test_card_prototype_bomb_only_at_the_start_of_the_turn():
    m = ready()
    seat = m.current
    give(m, seat, "prototype_bomb")
    m.players[seat].base = ["red", "blue", "green"]
    assert flick(m, (crystal(m, "yellow"),)) is None
    r = m.apply(Play(seat, "prototype_bomb"))
    assert isinstance(r, Rejected) and "start" in r.reason


def test_card_orbital_shift_picks_up_your_planet_to_place_it_anywhere():
    m = ready()
    seat = m.current
    give(m, seat, "orbital_shift")
    assert isinstance(m.apply(Play(seat, "orbital_shift", planet=own_planet(m, 1 - seat))),
                      Rejected)
    mine = own_planet(m, seat)
    assert m.apply(Play(seat, "orbital_shift", planet=mine)) is None
    assert m.phase == Phase.PLACE
    assert m.apply(Place(seat, mine, 200.0, 500.0)) is None
    assert m.phase == Phase.FLICK and m.current == seat and m.flicks_made == 0


def test_card_intelligence_draws_two_and_keeps_one():
    m = ready()
    seat = m.current
    give(m, seat, "intelligence")
    offer = m.deck[:2]
    assert m.apply(Play(seat, "intelligence")) is None
    assert m.phase == Phase.DRAFT and m.drafts == [(seat, offer)]
    assert m.apply(Keep(seat, offer[1])) is None
    assert offer[1] in m.players[seat].hand and m.phase == Phase.FLICK


def test_card_tractor_beam_grants_one_more_flick_for_a_repeated_colour_once():
    m = ready()
    seat = m.current
    give(m, seat, "tractor_beam")
    m.players[seat].hold = ["red"]
    assert m.apply(Play(seat, "tractor_beam")) is None
    red = crystal(m)
    assert flick(m, (red,)) is None
    assert m.current == seat and crystal(m) == red and m.players[seat].hold == ["red"]
    assert flick(m, (red,)) is None
    assert m.current != seat  # only once


def test_card_salvage_takes_the_cubes_you_lack_from_a_ship_you_destroy():
    m = ready()
    seat = m.current
    give(m, seat, "salvage")
    m.players[seat].base = ["red"]
    m.players[1 - seat].hold = ["red", "blue"]
    assert flick(m, ships_out=(1 - seat,)) is None
    assert m.players[seat].hold == ["blue"]
    assert m.players[1 - seat].hold == []
    assert "salvage" in m.discard


# -- API: refusals, determinism, saves, observation, termination -------------------------------


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda m: Flick(1 - m.current, FlickOutcome()), "not your turn"),
        (lambda m: Flick(m.current), "outcome"),
        (lambda m: Flick(m.current, FlickOutcome.make({m.current: (99,)})), "unknown planet"),
        (lambda m: Flick(m.current, FlickOutcome.make(ships_out=(7,))), "seat"),
        (lambda m: Toss(m.current, FlickOutcome()), "Space Bomb"),
        (lambda m: Keep(m.current, "afterburner"), "no card choice"),
        (lambda m: Place(m.current, 0, 100.0, 100.0), "no planet"),
        (lambda m: Play(m.current, "nonsense"), "no such card"),
        (lambda m: Flick(9, FlickOutcome()), "no such seat"),
    ],
)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(make, reason):
    m = ready()
    before = json.dumps(m.to_dict(), sort_keys=True)
    r = m.apply(make(m))
    assert isinstance(r, Rejected) and reason in r.reason
    assert json.dumps(m.to_dict(), sort_keys=True) == before


def random_game(players: int, seed: int, limit: int = 5000) -> tuple[MatchState, list[Action]]:
    """Play a whole match with random legal choices and random outcomes."""
    m = new_match(players, seed)
    rng = random.Random(seed)
    log: list[Action] = []
    for _ in range(limit):
        if m.is_terminal():
            break
        seat = m.current_player()
        assert seat is not None
        a = rng.choice(m.legal_actions(seat))
        if isinstance(a, Flick):
            a = Flick(seat, FlickOutcome.make(
                {seat: rng.sample(range(12), rng.randint(0, 3))},
                ships_out=[s for s in range(players) if rng.random() < 0.05],
                planets_out=[p for p in range(12) if rng.random() < 0.02],
                on_base=[seat] if rng.random() < 0.1 else []))
        elif isinstance(a, Toss):
            a = Toss(seat, FlickOutcome.make(under_bomb=rng.sample(range(12), rng.randint(0, 2)),
                                             foul=rng.random() < 0.1))
        elif isinstance(a, Place):
            a = Place(seat, a.planet, rng.uniform(40, 680), rng.uniform(40, 680))
        assert m.apply(a) is None, a
        log.append(a)
    return m, log


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_game_always_ends_within_the_round_limit(players: int):
    for seed in range(12):
        m, log = random_game(players, seed)
        assert m.is_terminal(), seed
        assert m.turn <= m.options.max_rounds * players
        assert m.end_reason in ("planets", "faction", "rounds", "no_bomb")


def test_same_seed_and_actions_give_the_same_match():
    a, log = random_game(3, 11)
    b = new_match(3, 11)
    for action in log:
        assert b.apply(action) is None
    assert b.to_dict() == a.to_dict()
    assert new_match(3, 12).deck != new_match(3, 11).deck


def test_flick_seeds_come_from_the_match_seed():
    m = ready(seed=5)
    s1 = m.flick_seed()
    assert s1 == ready(seed=5).flick_seed()
    assert flick(m, (crystal(m),)) is None
    assert m.flick_seed() != s1


def test_to_dict_from_dict_round_trip_through_json_mid_match():
    m, _ = random_game(4, 2, limit=60)
    d = json.loads(json.dumps(m.to_dict()))
    back = MatchState.from_dict(d)
    assert back.to_dict() == m.to_dict()
    assert back.legal_actions(m.current_player() or 0) == m.legal_actions(m.current_player() or 0)


def test_from_dict_refuses_another_save_version():
    d = ready().to_dict()
    d["version"] = 99
    with pytest.raises(ValueError):
        MatchState.from_dict(d)


def test_clone_is_independent():
    m = ready()
    c = m.clone()
    assert flick(c, (crystal(c),)) is None
    assert m.players[m.current].hold == [] and c.to_dict() != m.to_dict()


def test_actions_round_trip_as_plain_data():
    actions = [
        Flick(0, FlickOutcome.make({0: (1, 2), 1: (3,)}, ships_out=(1,), planets_out=(4,))),
        Toss(1, FlickOutcome.make(under_bomb=(5,), foul=True)),
        Play(0, "hijack", colour="red", target=1),
        Place(1, 3, 10.5, 20.0),
        Keep(0, "salvage"),
        ReturnToBase(1),
        EndTurn(0),
    ]
    for a in actions:
        assert Action.from_dict(json.loads(json.dumps(a.to_dict()))) == a


def test_observation_hides_other_hands_and_the_deck_order():
    m = new_match(2, seed=6)
    seat = m.current_player()
    assert seat is not None
    obs = m.observation(seat)
    json.dumps(obs)
    assert obs["offer"] == m.drafts[0][1]
    assert m.observation(1 - seat)["offer"] == []
    m = ready(seed=6)
    obs = m.observation(0)
    assert "hand" in obs["players"][0] and "hand" not in obs["players"][1]
    assert obs["players"][1]["hand_count"] == len(m.players[1].hand)
    assert obs["deck_count"] == len(m.deck) and "deck" not in obs


def test_legal_actions_are_all_accepted():
    m, _ = random_game(3, 5, limit=40)
    seat = m.current_player()
    assert seat is not None
    for a in m.legal_actions(seat):
        if isinstance(a, (Flick, Toss, Place)):
            continue  # templates: the world supplies the outcome or the spot
        assert m.clone().apply(a) is None, a


def test_a_ship_resting_against_a_planet_touches_it_within_a_couple_of_pixels() -> None:
    # The rulebook: a ship that "collides with" a planet takes its crystal. Resting against it
    # is touching it, to within TOUCH_SLACK (9 px on screen at 1280x720); further is not.
    from game.games.cosmic.data import PLANET_RADIUS, SHIP_RADIUS, TOUCH_SLACK
    from game.games.cosmic.rules import resting_against

    contact = PLANET_RADIUS + SHIP_RADIUS
    planets = {3: (300.0, 300.0), 7: (300.0 + 2 * contact + TOUCH_SLACK + 1.0, 300.0)}
    assert resting_against((300.0 + contact, 300.0), planets) == [3]
    assert resting_against((300.0 + contact + TOUCH_SLACK - 0.1, 300.0), planets) == [7, 3]
    assert resting_against((300.0, 300.0 + contact + TOUCH_SLACK - 0.1), planets) == [3]
    assert resting_against((300.0, 300.0 + contact + TOUCH_SLACK + 0.1), planets) == []
    assert resting_against((300.0, 300.0 + contact - 0.5), planets) == [3]  # pressed in



def test_a_ship_whose_hull_rests_on_a_planets_rim_touched_it() -> None:
    # A stranger's ship (25.png) rested with its hull on a blue planet's owner rim: centres
    # 44 px apart at 1280x720 (5/6 px a unit: 52.8 units), and took nothing. What is drawn
    # touching counts; a visible gap (50 px: 60 units) does not.
    from game.games.cosmic.rules import resting_against

    planets = {4: (400.0, 300.0)}
    assert resting_against((400.0 - 52.8, 300.0), planets) == [4]
    assert resting_against((400.0, 300.0 + 53.5), planets) == [4]
    assert resting_against((400.0 - 60.0, 300.0), planets) == []


def test_a_ship_stopped_inside_the_previews_ring_round_a_planet_touched_it() -> None:
    # A stranger's ship stopped about 2 px short of a planet, its hull over the ring the
    # preview draws round it (7 px past the disc), and the log said "no crystal". The
    # ship's drawn hull (2 px past its body) inside that ring is a touch; clear of it is not.
    from game.games.cosmic import art
    from game.games.cosmic.data import PLANET_RADIUS, SHIP_RADIUS
    from game.games.cosmic.rules import resting_against

    planets = {4: (400.0, 300.0)}
    unit = 1 / art.SCALE  # world units per screen pixel
    inside = PLANET_RADIUS + SHIP_RADIUS + (7 + 2 - 0.5) * unit  # hull half a px into the ring
    assert resting_against((400.0 - inside, 300.0), planets) == [4]
    clear = PLANET_RADIUS + SHIP_RADIUS + (7 + 2 + 1.5) * unit
    assert resting_against((400.0, 300.0 + clear), planets) == []


def test_the_rules_page_numbers_what_touching_means_on_a_screen() -> None:
    from game.games.cosmic.data import RULES_NOTES, TOUCH_SLACK
    from game.games.cosmic.info import rules_page

    notes = [n for n in RULES_NOTES if n.startswith("Touching on a screen")]
    assert len(notes) == 1 and f"{TOUCH_SLACK:.0f} units" in notes[0]
    i = RULES_NOTES.index(notes[0]) + 1
    assert f"<b>Decision {i}</b>: Touching on a screen" in rules_page()


def test_the_header_counts_the_flick_a_crystal_earned() -> None:
    # A stranger read "1 flick left" before and after a crystal earned another flick: the
    # header says which flick comes next once one is made, and how many are truly left.
    from game.games.cosmic.presenter import flicks_words

    m = ready()
    assert flicks_words(m) == "1 flick left"
    assert flick(m, (crystal(m),)) is None
    assert flicks_words(m) == "flick 2 · 1 left"
    assert flick(m, (crystal(m, "blue"),)) is None
    assert flicks_words(m) == "flick 3 · 1 left"
    m.flicks_left += 1  # an Afterburner played now
    assert flicks_words(m) == "flick 3 · 2 left"


def test_a_card_choice_never_offers_two_alike_while_the_deck_holds_another() -> None:
    """The first card choice offered two Planetary Shields: an offer is the top card and the
    next one unlike it (the cards passed over keep their order), two alike only when the
    deck holds nothing else."""
    from game.core.rng import derive_rng
    from game.games.cosmic.data import deck_list
    from game.games.cosmic.rules import MatchState, Options

    for seed in range(300):
        for players in (2, 3, 4):
            state = MatchState(Options(players=players), seed)
            assert len(state.drafts) == players
            for _, offer in state.drafts:
                assert len(offer) == 2 and offer[0] != offer[1], (seed, players, offer)
            # the cards passed over keep their order: the shuffled deck less each offer
            rest = deck_list()
            derive_rng(seed, "deck").shuffle(rest)
            for _, offer in state.drafts:
                for card in offer:
                    rest.remove(card)
            assert state.deck == rest, (seed, players)
    state = MatchState(Options(players=2), 1)
    state.deck[:] = ["planetary_shield", "planetary_shield", "hijack", "planetary_shield"]
    state._queue_draft(0)
    assert state.drafts[-1][1] == ["planetary_shield", "hijack"]
    assert state.deck == ["planetary_shield", "planetary_shield"]
    state._queue_draft(1)
    assert state.drafts[-1][1] == ["planetary_shield", "planetary_shield"] and state.deck == []
