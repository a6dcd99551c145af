"""Statistics: recording, round trip, sample file, damaged and newer files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.core import paths
from game.core.stats import STATS_VERSION, GameStats, Stats

from .helpers import SampleCopier, aside_files


def test_record_and_read() -> None:
    stats = Stats()
    stats.record("Ana", "cabo", won=True, score=12, seconds=300)
    stats.record("Ana", "cabo", won=False, score=30.5, seconds=200.5)
    stats.record(" Ana ", "tower", won=False, score=-4, seconds=0)
    stats.record("Ben", "cabo", won=True, score=7, seconds=60)
    cabo = stats.for_profile("Ana")["cabo"]
    assert (cabo.played, cabo.won, cabo.best_high, cabo.best_low) == (2, 1, 30.5, 12.0)
    assert cabo.total_seconds == 500.5 and cabo.win_rate == 0.5
    assert cabo.last_played is not None
    assert list(stats.for_profile("Ana")) == ["cabo", "tower"]
    assert stats.profiles() == ["Ana", "Ben"]
    assert stats.for_profile("Nobody") == {}
    assert GameStats().win_rate == 0.0


def test_for_profile_returns_copies() -> None:
    stats = Stats()
    stats.record("Ana", "cabo", won=True, score=1, seconds=1)
    stats.for_profile("Ana")["cabo"].played = 99
    assert stats.for_profile("Ana")["cabo"].played == 1


@pytest.mark.parametrize(
    "kwargs",
    [
        {"profile": "", "game_id": "cabo"},
        {"profile": "x" * 40, "game_id": "cabo"},
        {"profile": "Ana", "game_id": "Cabo!"},
        {"profile": "Ana", "game_id": "cabo", "score": float("nan")},
        {"profile": "Ana", "game_id": "cabo", "score": "10"},
        {"profile": "Ana", "game_id": "cabo", "seconds": -1},
        {"profile": "Ana", "game_id": "cabo", "seconds": float("inf")},
    ],
)
def test_record_rejects_bad_input(kwargs: dict[str, Any]) -> None:
    args: dict[str, Any] = {"won": True, "score": 1.0, "seconds": 1.0, **kwargs}
    with pytest.raises(ValueError):
        Stats().record(args.pop("profile"), args.pop("game_id"), **args)


def test_round_trip_default_path(kaboom_home: Path) -> None:
    stats = Stats.load()
    assert stats.problems == [] and stats.profiles() == []
    stats.record("Zoë", "blast", won=True, score=3, seconds=42)
    stats.save()
    path = kaboom_home / "data" / "stats.json"
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == STATS_VERSION
    again = Stats.load()
    assert again.for_profile("Zoë") == stats.for_profile("Zoë") and again.problems == []


def test_save_goes_back_where_it_came_from(tmp_path: Path) -> None:
    path = tmp_path / "elsewhere" / "stats.json"
    stats = Stats.load(path)
    stats.record("Ana", "cabo", won=False, score=1, seconds=1)
    stats.save()
    assert path.is_file() and not paths.stats_path().exists()


def test_sample(tmp_path: Path, copy_sample: SampleCopier) -> None:
    path = copy_sample("stats-v1.json", tmp_path / "stats.json")
    stats = Stats.load(path)
    assert stats.problems == []
    assert stats.profiles() == ["Ana", "Ben"]
    cabo = stats.for_profile("Ana")["cabo"]
    assert (cabo.played, cabo.won, cabo.best_high, cabo.best_low) == (5, 3, 31.0, 4.0)
    assert stats.to_dict() == json.loads(path.read_text(encoding="utf-8"))


def test_bad_entries_are_repaired_or_dropped(tmp_path: Path) -> None:
    data = {
        "version": 1,
        "profiles": {
            "Ana": {
                "cabo": {"played": "many", "won": 2, "best_high": "x", "total_seconds": -5},
                "tower": {"played": 2, "won": 5, "best_low": 3, "last_played": 17},
                "Bad Id": {"played": 1},
                "blast": [1, 2],
            },
            "": {"cabo": {"played": 1}},
            "Ben": "nope",
        },
    }
    path = tmp_path / "stats.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    stats = Stats.load(path)
    assert stats.problems == [] and stats.profiles() == ["Ana"]
    ana = stats.for_profile("Ana")
    assert set(ana) == {"cabo", "tower"}
    assert ana["cabo"] == GameStats(played=0, won=0, best_high=None, total_seconds=0.0)
    assert ana["tower"] == GameStats(played=2, won=2, best_low=3.0, last_played=None)


@pytest.mark.parametrize(
    "kind",
    [
        "corrupt-truncated.json",
        "corrupt-binary.json",
        "list",
        "future",
        "no-version",
        "bad-profiles",
    ],
)
def test_bad_file_is_moved_aside(tmp_path: Path, copy_sample: SampleCopier, kind: str) -> None:
    path = tmp_path / "stats.json"
    contents = {
        "list": "[]",
        "future": json.dumps({"version": STATS_VERSION + 1, "profiles": {}}),
        "no-version": json.dumps({"profiles": {}}),
        "bad-profiles": json.dumps({"version": 1, "profiles": [1]}),
    }
    if kind in contents:
        path.write_text(contents[kind], encoding="utf-8")
    else:
        copy_sample(kind, path)
    original = path.read_bytes()
    stats = Stats.load(path)
    assert stats.profiles() == []
    assert len(stats.problems) == 1
    problem = stats.problems[0]
    assert problem.moved_to is not None and problem.moved_to.read_bytes() == original
    assert not path.exists() and aside_files(path) == [problem.moved_to]
    tag = "newer" if kind == "future" else "corrupt"
    assert problem.moved_to.name.startswith(f"stats.json.{tag}-")
    assert problem.message.startswith("Your statistics file ")
    assert problem.message.endswith("your statistics start afresh.")
    # The app goes on recording and saving.
    stats.record("Ana", "cabo", won=True, score=1, seconds=1)
    stats.save()
    assert Stats.load(path).profiles() == ["Ana"]
