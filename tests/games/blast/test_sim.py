"""Headless blast matches: the simulate contract and its details, determinism, no pygame."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.app.catalogue import MatchSetup, Seat, SimResult
from game.games.blast.data import CARDS, PLAYERS_MAX
from game.games.blast.sim import options_from, simulate, simulate_match

ROOT = Path(__file__).resolve().parents[3]
LEVELS = ["medium", "easy", "random", "medium", "easy"]


def setup_of(levels: list[str], seed: int, **options: object) -> MatchSetup:
    seats = [Seat(f"P{i}", "#ffffff", "ai", level) for i, level in enumerate(levels)]
    return MatchSetup("blast", seats, dict(options), seed)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_simulate_reports_the_contract_and_the_games_details(players: int) -> None:
    result = simulate(setup_of(LEVELS[:players], 20 + players))
    assert isinstance(result, SimResult) and result.game == "blast"
    row = json.loads(json.dumps(result.to_json()))
    assert {"game", "seed", "players", "scores", "winner", "winners", "rounds", "moves",
            "seconds", "ranking", "eliminations", "turns", "end_reason", "cards_played",
            "categories_played", "defences_played", "chain_lengths", "longest_chain",
            "undermines", "trades", "endgame_cards"} <= set(row)
    assert row["players"] == LEVELS[:players] and len(row["scores"]) == players
    assert row["winners"] == row["ranking"][0] and row["winner"] == row["winners"][0]
    assert sorted(s for g in row["ranking"] for s in g) == list(range(players))
    assert row["end_reason"] in ("last_standing", "round_limit")
    outs = [e["seat"] for e in row["eliminations"]]
    assert len(outs) == len(set(outs)) and set(outs).isdisjoint(row["winners"])
    if row["end_reason"] == "last_standing":
        assert len(outs) == players - 1
    assert all(card in CARDS for card in row["cards_played"])
    assert sum(row["categories_played"].values()) == sum(row["cards_played"].values())
    assert all(int(k) >= 1 for k in row["chain_lengths"]) and row["moves"] > row["turns"] // 2


def test_simulate_is_deterministic_per_seed_and_takes_options() -> None:
    a = simulate_match(["medium", "easy", "random"], 9)
    b = simulate_match(["medium", "easy", "random"], 9)
    c = simulate_match(["medium", "easy", "random"], 10)
    for r in (a, b, c):
        del r["seconds"]
    assert a == b and a != c
    short = simulate_match(["random", "random"], 3, {"max_rounds": 2, "first": 1})
    assert short["rounds"] == 2 and short["turns"] == 4
    assert short["end_reason"] == "round_limit"
    assert options_from(PLAYERS_MAX, {}).first is None


def test_a_hard_seat_in_a_short_match() -> None:
    row = simulate(setup_of(["hard", "medium"], 4, max_rounds=3)).to_json()
    assert row["rounds"] <= 4 and row["players"] == ["hard", "medium"]
