"""Headless AI-only Tower Kaboom matches."""

from __future__ import annotations

import json

import pytest

from game.games.tower.sim import simulate_match


def strip_timing(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in ("seconds", "speedup")}


def test_simulate_a_full_match():
    """A whole (one-round) match, start to end, and the same again from the same seed."""
    r = simulate_match(["medium", "hard"], seed=1, options={"rounds": 1})
    json.dumps(r)  # plain data
    assert r["game"] == "tower" and r["seed"] == 1
    assert len(r["scores"]) == 2 and r["rounds"] == 1
    assert r["winners"] and r["winner"] == r["winners"][0]
    if not r["mega"]:
        assert r["turns"] == 2
        assert max(r["scores"]) == r["scores"][r["winners"][0]]
    counts = r["move_counts"]
    assert counts["blocks_placed"] > 0 and counts["dice_fired"] > 0
    assert r["moves"] == counts["blocks_placed"] + counts["dice_fired"]
    assert r["speedup"] > 5.0  # much faster than real time
    again = simulate_match(["medium", "hard"], seed=1, options={"rounds": 1})
    assert strip_timing(again) == strip_timing(r)


def test_simulate_with_options():
    r = simulate_match(
        ["easy", "medium", "hard"], seed=9, options={"rounds": 1, "closing_rule": True}
    )
    assert r["options"]["closing_rule"] and r["options"]["rounds"] == 1
    assert r["turns"] == 3 or r["mega"]
    assert r["move_counts"]["dice_fired"] <= 3 * 8


def test_bad_setups_are_refused():
    with pytest.raises(ValueError):
        simulate_match(["medium", "impossible"], seed=1)
    with pytest.raises(ValueError):
        simulate_match(["medium", "hard"], seed=1, options={"players": 3})
    with pytest.raises(ValueError):
        simulate_match(["medium"], seed=1)
