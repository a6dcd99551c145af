"""Headless matches: the simulate_match contract, determinism and a glimpse of AI strength."""

import pytest

from game.games.cabo.ai import CaboAI
from game.games.cabo.rules import CaboOptions, CaboState, Slap
from game.games.cabo.sim import play_match, simulate_match


def test_simulate_match_reports_scores_winner_rounds_and_moves():
    result = simulate_match(["hard", "medium", "easy", "random"], seed=1)
    assert set(result) >= {"scores", "winner", "winners", "rounds", "moves"}
    assert len(result["scores"]) == 4 and result["rounds"] == 10 and result["moves"] > 100
    best = min(result["scores"])
    assert result["winner"] == min(result["winners"])
    assert result["winners"] == [p for p, s in enumerate(result["scores"]) if s == best]


def test_simulate_match_is_deterministic_for_a_seed():
    a = simulate_match(["hard", "medium", "easy"], seed=7)
    b = simulate_match(["hard", "medium", "easy"], seed=7)
    c = simulate_match(["hard", "medium", "easy"], seed=8)
    del a["seconds"], b["seconds"], c["seconds"]
    assert a == b and a != c


def test_simulate_match_takes_options():
    result = simulate_match(["random"] * 6, seed=2, options={"rounds": 2, "first_starter": None})
    assert result["rounds"] == 2 and len(result["scores"]) == 6
    with pytest.raises(ValueError):
        simulate_match(["hard", "hard"], seed=0, options={"players": 3})


def test_slaps_in_a_simulation_land_only_inside_the_slap_window():
    st = CaboState(CaboOptions(players=4, rounds=3, slap_window=1.0), 5)
    bots = [CaboAI(d, s, s) for s, d in enumerate(["hard", "medium", "easy", "medium"])]
    play_match(st, bots)
    slaps = [a for a in st.actions if isinstance(a, Slap)]
    assert slaps and all(s.t < 1.0 for s in slaps)


def test_hard_beats_random_every_time_in_two_player_games():
    wins = sum(simulate_match(["hard", "random"], seed=s)["winner"] == 0 for s in range(10))
    assert wins == 10
