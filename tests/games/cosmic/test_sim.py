"""Headless AI-only Cosmic Kaboom matches on the real physics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.app.catalogue import MatchSetup, Seat
from game.games.cosmic.sim import DETAILS, play_match, simulate

ROOT = Path(__file__).resolve().parents[3]


def setup_of(levels: list[str], seed: int = 3, **options: object) -> MatchSetup:
    seats = [Seat(f"AI {i}", "#e8553d", "ai", lv) for i, lv in enumerate(levels)]
    return MatchSetup("cosmic", seats, dict(options), seed)


@pytest.mark.parametrize("levels", [["hard", "medium"], ["medium", "easy", "random"],
                                    ["easy", "random", "medium", "easy"]])
def test_simulate_finishes_whole_games(levels: list[str]) -> None:
    result = simulate(setup_of(levels, rounds=2))
    row = result.to_json()
    json.dumps(row)
    assert row["game"] == "cosmic" and row["players"] == levels
    assert len(row["scores"]) == len(levels) and row["winners"]
    assert max(row["scores"]) == row["scores"][row["winners"][0]]
    for key in DETAILS:
        assert key in row
    assert row["end_reason"] in ("rounds", "planets", "faction")
    assert row["turns"] <= 2 * len(levels)
    assert sum(row["flicks"]) > 0 and row["moves"] >= sum(row["flicks"])
    for per_seat in ("crystals", "flicks", "crystals_per_flick", "bomb_tosses", "bomb_hits",
                     "ships_lost"):
        assert len(row[per_seat]) == len(levels)


def test_a_full_match_ends_by_the_rules_and_is_deterministic() -> None:
    # The short match (19 rounds, to the planets' end) is every rule the full length (41
    # rounds, to the round limit: the fly-back test's) plays, in half the time.
    a = play_match(["easy", "random"], 5, {"length": "short"})
    b = play_match(["easy", "random"], 5, {"length": "short"})
    assert a["end_reason"] in ("planets", "faction", "rounds", "no_bomb")
    assert sum(a["bomb_tosses"]) > 0 and a["speedup"] > 1.0
    keep = ("scores", "winners", "turns", "crystals", "flicks", "bomb_hits", "frames")
    assert {k: a[k] for k in keep} == {k: b[k] for k in keep}


def test_fly_back_variant() -> None:
    r = play_match(["hard", "medium"], 2, {"fly_back": True, "rounds": 3})
    assert r["options"]["fly_back"] and r["options"]["max_rounds"] == 3
    assert r["turns"] <= 6


def test_bad_levels_are_refused() -> None:
    with pytest.raises(ValueError):
        play_match(["medium", "impossible"], 1)
