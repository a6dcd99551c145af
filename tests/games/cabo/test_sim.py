"""Headless matches: the simulate_match contract, determinism and a glimpse of AI strength."""

import pytest

from game.games.cabo import tiers
from game.games.cabo.ai import PROFILES, CaboAI
from game.games.cabo.rules import DEFAULT_ROUNDS, DEFAULT_SLAP_WINDOW, CaboOptions, CaboState, Slap
from game.games.cabo.sim import play_match, simulate_match


def test_simulate_match_reports_scores_winner_rounds_and_moves():
    result = simulate_match(["hard", "medium", "easy", "random"], seed=1)
    assert set(result) >= {"scores", "winner", "winners", "rounds", "moves"}
    assert len(result["scores"]) == 4 and result["rounds"] == DEFAULT_ROUNDS
    assert result["moves"] > 100
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
    st = CaboState(CaboOptions(players=4, rounds=3, slap_window=1.5), 5)
    bots = [CaboAI(d, s, s) for s, d in enumerate(["hard", "medium", "easy", "medium"])]
    play_match(st, bots)
    slaps = [a for a in st.actions if isinstance(a, Slap)]
    assert slaps and all(s.t < 1.5 for s in slaps)
    assert {s.player for s in slaps} <= {0, 1, 3}  # easy's 1.8 s or more never fits in 1.5 s


def test_the_default_slap_window_lets_easy_slap_as_late_as_it_does():
    """Easy reaches for a slap 2.3-3.2 s after a card lands (a newcomer 1.8-3.3 s): the
    default 3 s window holds most of them, so a match against Easy has slaps from it, late
    ones included, and none after the window (those came too late)."""
    st = CaboState(CaboOptions(players=2, rounds=3), 3)
    play_match(st, [CaboAI("easy", 0, 0), CaboAI("easy", 1, 1)])
    times = [a.t for a in st.actions if isinstance(a, Slap)]
    assert times and min(times) >= PROFILES["easy"].reaction[0] and max(times) > 2.6
    assert max(times) < DEFAULT_SLAP_WINDOW


def test_tiers_habits_count_what_each_level_did() -> None:
    """`tiers --habits`: the slap chances each level took and its Kaboom! calls, over the
    pair's own matches (the same for a seed)."""
    strong, weak = tiers.habits("medium", "easy", 6, seed=3, rounds=2)
    assert (strong.level, weak.level) == ("medium", "easy")
    for h in (strong, weak):
        assert 0 <= h.slapped <= h.chances and 0 <= h.opening_slapped <= h.opening_chances
        assert 0 <= h.missed <= h.calls <= h.rounds == 12
    assert strong.chances + strong.opening_chances > 0 and strong.slapped > 0
    assert tiers.habits("medium", "easy", 6, seed=3, rounds=2) == (strong, weak)
    assert "of its seen matches in play" in weak.line()


def test_hard_beats_random_every_time_in_two_player_games():
    wins = sum(simulate_match(["hard", "random"], seed=s)["winner"] == 0 for s in range(10))
    assert wins == 10
