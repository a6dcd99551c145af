"""The match driver (rules + table), its inputs, the save check and the rules page."""

from __future__ import annotations

import copy
import math
import random
from typing import Any

import pytest

from game.games.cosmic.data import CARDS, FIELD, PLANETS
from game.games.cosmic.info import rules_page
from game.games.cosmic.match import (
    CosmicMatch,
    FlickInput,
    PlaceInput,
    TossInput,
    input_from_dict,
    input_to_dict,
)
from game.games.cosmic.rules import EndTurn, Keep, Phase, Play, ReturnToBase
from game.games.cosmic.savefmt import SAVE_VERSION, check
from game.games.cosmic.table import release_default


def _random_move(m: CosmicMatch, rng: random.Random) -> Any:
    s = m.to_act()
    assert s is not None
    legal = m.state.legal_actions(s)
    if m.phase == Phase.DRAFT:
        return rng.choice(legal)
    if m.phase == Phase.PLACE:
        planet = m.state.placements[0][1]
        x, y = m.table.free_spot(planet, (rng.uniform(0, FIELD), rng.uniform(0, FIELD)))
        return PlaceInput(s, planet, x, y)
    if m.phase == Phase.BOMB:
        rx, ry = release_default(m.table.factions[s])
        angle = math.atan2(FIELD / 2 - ry, FIELD / 2 - rx) + rng.uniform(-0.4, 0.4)
        return TossInput(s, rx, ry, angle, rng.uniform(0.3, 1.0), rng.uniform(-1, 1))
    plays = [a for a in legal if isinstance(a, Play)]
    if plays and rng.random() < 0.2:
        return rng.choice(plays)
    if any(isinstance(a, EndTurn) for a in legal) and rng.random() < 0.25:
        return EndTurn(s)
    hold = m.state.players[s].hold
    if any(isinstance(a, ReturnToBase) for a in legal) and hold and rng.random() < 0.5:
        return ReturnToBase(s)
    x, y = m.ship_at(s)
    tx, ty = rng.choice(list(m.table.planets.values()) or [(FIELD / 2, FIELD / 2)])
    return FlickInput(s, math.atan2(ty - y, tx - x) + rng.uniform(-0.15, 0.15), rng.uniform(0.2, 1))


def play_random(players: int, seed: int, limit: int = 4000) -> tuple[CosmicMatch, list[Any]]:
    rng = random.Random(seed)
    m = CosmicMatch.new(players, seed=seed)
    inputs = []
    for _ in range(limit):
        if m.over:
            break
        inp = _random_move(m, rng)
        assert m.apply(inp) is None, inp
        inputs.append(inp)
    return m, inputs


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_matches_end_and_stay_consistent(players: int) -> None:
    m, inputs = play_random(players, seed=players * 11)
    assert m.over and inputs
    check(
        {
            "setup": {"seats": [{}] * players},
            "game": {"version": SAVE_VERSION, "match": m.to_dict()},
        }
    )
    assert set(m.table.planets) <= set(m.state.alive)


def test_the_same_inputs_replay_to_the_same_match() -> None:
    m, inputs = play_random(3, seed=5, limit=120)
    again = CosmicMatch.new(3, seed=5)
    for inp in inputs:
        assert again.apply(input_from_dict(input_to_dict(inp))) is None
    assert again.to_dict() == m.to_dict()


def test_a_match_round_trips_mid_game() -> None:
    m, _ = play_random(4, seed=2, limit=60)
    back = CosmicMatch.from_dict(m.to_dict())
    assert back.to_dict() == m.to_dict()
    clone = m.clone()
    rng = random.Random(1)
    for _ in range(10):
        if clone.over:
            break
        clone.apply(_random_move(clone, rng))
    assert m.to_dict() == back.to_dict()  # the clone is independent


def test_docked_ships_and_destroyed_planets_leave_the_table() -> None:
    m = CosmicMatch.new(2, seed=1)
    while m.phase == Phase.DRAFT:
        s = m.to_act()
        assert s is not None
        m.apply(m.state.legal_actions(s)[0])
    s = m.state.current
    assert m.apply(FlickInput(s, math.pi / 4 if s == 0 else -3 * math.pi / 4, 0.3)) is None
    assert s in m.table.ships or m.state.players[s].docked
    # a ship flicked straight out of space is destroyed and docks: off the table
    m2 = CosmicMatch.new(2, seed=1)
    while m2.phase == Phase.DRAFT:
        t = m2.to_act()
        assert t is not None
        m2.apply(m2.state.legal_actions(t)[0])
    s2 = m2.state.current
    away = -3 * math.pi / 4 if s2 == 0 else math.pi / 4
    assert m2.apply(FlickInput(s2, away, 1.0)) is None
    assert m2.state.players[s2].docked and s2 not in m2.table.ships


def test_a_planet_pushed_out_is_placed_back_where_the_table_allows() -> None:
    m = CosmicMatch.new(2, seed=4)
    planet = PLANETS[0].planet_id
    m.state.placements.append((m.state.owner[planet], planet))
    m.table = m.table.synced(m.state)
    assert planet not in m.table.planets
    owner = m.state.owner[planet]
    taken = next(iter(m.table.planets.values()))
    while m.phase == Phase.DRAFT:
        s = m.to_act()
        assert s is not None
        m.apply(m.state.legal_actions(s)[0])
    assert m.phase == Phase.PLACE
    refused = m.apply(PlaceInput(owner, planet, taken[0], taken[1]))
    assert refused is not None and "taken" in refused.reason
    x, y = m.table.free_spot(planet, taken)
    assert m.apply(PlaceInput(owner, planet, x, y)) is None
    assert m.table.planets[planet] == (x, y)


def test_inputs_refuse_bad_data() -> None:
    with pytest.raises((KeyError, ValueError, TypeError)):
        input_from_dict({"type": "Nope"})
    with pytest.raises(ValueError):
        input_from_dict({"type": "Flick", "player": 0})  # outcomes come from the world
    keep = Keep(0, "afterburner")
    assert input_from_dict(input_to_dict(keep)) == keep
    toss = TossInput(1, -40.0, -30.0, 0.7, 0.5, -0.2)
    assert input_from_dict(input_to_dict(toss)) == toss


def test_an_illegal_input_is_refused_and_changes_nothing() -> None:
    m = CosmicMatch.new(2, seed=3)
    before = m.to_dict()
    wrong = 1 - (m.to_act() or 0)
    got = m.apply(FlickInput(wrong, 0.0, 0.5))
    assert got is not None and got.reason
    assert m.to_dict() == before


def _save(m: CosmicMatch) -> dict[str, Any]:
    return {
        "setup": {"seats": [{}] * m.state.options.players},
        "game": {"version": SAVE_VERSION, "match": m.to_dict()},
    }


@pytest.mark.parametrize(
    "damage",
    [
        lambda g: g["state"]["players"][0]["hold"].append("purple"),
        lambda g: g["state"]["deck"].append("afterburner"),
        lambda g: g["state"]["alive"].append(g["state"]["alive"][0]),
        lambda g: g["state"]["crystal"].update(red=99),
        lambda g: g["table"]["planets"].update({"0": [float("nan"), 3.0]}),
        lambda g: g["table"].update(factions=[0, 1]),
        lambda g: g["state"]["owner"].update({"3": 7}),
        lambda g: g["table"]["planets"].clear(),
    ],
)
def test_the_save_check_refuses_damage(damage: Any) -> None:
    m, _ = play_random(2, seed=9, limit=30)
    good = _save(m)
    check(good)
    bad = copy.deepcopy(good)
    damage(bad["game"]["match"])
    with pytest.raises((ValueError, KeyError, TypeError, IndexError)):
        check(bad)


def test_the_save_check_refuses_a_seat_count_mismatch() -> None:
    m = CosmicMatch.new(3, seed=1)
    save = _save(m)
    save["setup"]["seats"] = [{}, {}]
    with pytest.raises(ValueError):
        check(save)


def test_the_rules_page_is_written_from_the_data() -> None:
    page = rules_page()
    for card in CARDS:
        assert card.name in page and card.text in page
    assert "behind your own Base" in page
    assert "Zorblax" in page and "•••" in page
    words = rules_page(lambda device, control: f"<{device}:{control}>")
    assert "<keys1:rotate_left>" in words
