"""The Replays list dates a match by when it was last played (finished): a match continued
from a save showed the day it began (its replay, carried in the save, kept that date)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from game.app.menus.replays import _row
from game.core import replay


def test_a_continued_match_is_listed_by_the_day_it_finished(
        kaboom_home: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """...in the player's own clock and words, as the unfinished-game question says when a
    save was made (the list said "21:40 UTC" beside a save's "today at 22:40")."""
    monkeypatch.setenv("TZ", "KBM-1")  # a clock an hour ahead of UTC (POSIX form: no tz files)
    time.tzset()
    setup = {"game_id": "cabo", "seed": 7, "options": {},
             "seats": [{"name": "Ana", "kind": "human"}, {"name": "Ben", "kind": "ai"}]}
    monkeypatch.setattr(replay, "_now", lambda: "2026-03-01T09:15:00Z")  # the match begins
    rep = replay.new_replay("cabo", setup, {"players": 2})
    rep.summary = replay.summary([3.0, 9.0], [0], 2)
    rep.add_input(0, 0, 0.5, {"type": "Draw", "player": 0})
    rep.final_hash = replay.state_hash({"a": 1})
    # saved, closed, continued on another day and finished then
    monkeypatch.setattr(replay, "_now", lambda: "2026-03-04T21:40:00Z")
    path = replay.store(rep)
    assert path is not None
    row = _row(path)
    assert row is not None and "4 Mar" in row[1] and "at 22:40)" in row[1], row
    assert "UTC" not in row[1]
    assert replay.load(path).created == "2026-03-04T21:40:00Z"


@pytest.fixture(autouse=True)
def _local_clock_back() -> Any:
    yield
    time.tzset()  # the process's own zone again once TZ is restored
