"""Saves: round trip, save vs autosave, v0 upgrade, damaged and newer files, game id checks."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from game.core.saves import SAVE_UPGRADERS, SAVE_VERSION, SaveStore

from .helpers import SampleCopier, aside_files, temp_files

STATE: dict[str, Any] = {"round": 2, "hands": [[1, 2], [3, 4]], "scores": {"ana": 3, "bot": 7}}


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "saves")


def _rewrite(path: Path, **changes: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.update(changes)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_round_trip(store: SaveStore) -> None:
    path = store.save("cabo", STATE, seed=42, summary="Round 2", meta={"players": 2})
    assert path == store.root / "cabo.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["version"] == SAVE_VERSION and doc["kind"] == "resume" and doc["game"] == "cabo"
    assert doc["meta"] == {"summary": "Round 2", "players": 2}
    assert store.has_save("cabo")
    save = store.load("cabo")
    assert save is not None
    assert (save.game, save.seed, save.state, save.summary) == ("cabo", 42, STATE, "Round 2")
    assert save.autosave is False and save.path == path and save.meta["players"] == 2
    assert save.saved_time is not None and save.saved_time.tzinfo is not None
    assert store.problems == [] and temp_files(store.root) == []


def test_default_root_uses_kaboom_home(kaboom_home: Path) -> None:
    store = SaveStore()
    path = store.save("tower", {"blocks": []}, seed=1, autosave=True)
    assert path == kaboom_home / "data" / "saves" / "tower.autosave.json"
    loaded = store.load("tower")
    assert loaded is not None and loaded.autosave is True


def test_load_prefers_the_newer_file(store: SaveStore) -> None:
    resume = store.save("cabo", {"n": "resume"}, seed=1)
    auto = store.save("cabo", {"n": "auto"}, seed=1, autosave=True)
    _rewrite(resume, saved_at="2026-01-01T10:00:00+00:00")
    _rewrite(auto, saved_at="2026-01-01T11:00:00+01:00")  # the same instant: a tie
    save = store.load("cabo")
    assert save is not None and save.state == {"n": "resume"}
    _rewrite(auto, saved_at="2026-01-01T10:30:00+00:00")
    save = store.load("cabo")
    assert save is not None and save.state == {"n": "auto"} and save.autosave
    _rewrite(resume, saved_at="2026-01-01T12:00:00+00:00")
    save = store.load("cabo")
    assert save is not None and save.state == {"n": "resume"}


def test_unreadable_saved_at_counts_as_oldest(store: SaveStore) -> None:
    resume = store.save("cabo", {"n": "resume"}, seed=1)
    store.save("cabo", {"n": "auto"}, seed=1, autosave=True)
    _rewrite(resume, saved_at="last tuesday")
    save = store.load("cabo")
    assert save is not None and save.state == {"n": "auto"}
    assert store.problems == []


def test_delete_removes_both(store: SaveStore) -> None:
    store.save("cabo", STATE, seed=1)
    store.save("cabo", STATE, seed=1, autosave=True)
    store.save("blast", STATE, seed=1)
    assert store.game_ids() == ["blast", "cabo"]
    store.delete("cabo")
    assert not store.has_save("cabo") and store.load("cabo") is None
    assert store.game_ids() == ["blast"]
    store.delete("cabo")  # nothing left: still fine


def test_missing_save(store: SaveStore) -> None:
    assert store.load("cabo") is None and not store.has_save("cabo") and store.problems == []


@pytest.mark.parametrize("bad", ["", "Cabo", "ca-bo", "a.b", "../x", "x/y", "a" * 65, 7, None])
def test_invalid_game_id(store: SaveStore, bad: Any) -> None:
    with pytest.raises(ValueError):
        store.save(bad, STATE, seed=1)
    with pytest.raises(ValueError):
        store.load(bad)
    with pytest.raises(ValueError):
        store.has_save(bad)
    with pytest.raises(ValueError):
        store.delete(bad)


def test_bad_arguments_keep_previous_save(store: SaveStore) -> None:
    path = store.save("cabo", STATE, seed=1)
    before = path.read_bytes()
    with pytest.raises(TypeError):
        store.save("cabo", {"card": object()}, seed=2)
    with pytest.raises(ValueError):
        store.save("cabo", {"x": float("nan")}, seed=2)
    with pytest.raises(TypeError):
        store.save("cabo", STATE, seed=True)
    with pytest.raises(TypeError):
        store.save("cabo", [1, 2], seed=2)  # type: ignore[arg-type]
    assert path.read_bytes() == before
    assert temp_files(store.root) == []


def test_v0_sample_upgrades(store: SaveStore, copy_sample: SampleCopier) -> None:
    copy_sample("save-v0-cabo.json", store.root / "cabo.json")
    save = store.load("cabo")
    assert store.problems == []
    assert save is not None
    assert save.seed == 424242 and save.summary == "Round 2 - Ana 14, Bot 9"
    assert save.state["hands"] == [[2, 8, 12, 6], [1, 4, 9, 10]]
    when = save.saved_time
    assert when is not None and when.tzinfo is not None
    assert when.replace(tzinfo=None) == datetime(2025, 3, 14, 18, 2, 11)


def test_v0_upgrader_alone() -> None:
    v1 = SAVE_UPGRADERS[0]({"game_id": "cabo", "rng_seed": 5, "state": {}, "summary": "s"})
    assert v1["game"] == "cabo" and v1["seed"] == 5 and v1["kind"] == "resume"
    assert v1["meta"] == {"summary": "s"} and v1["saved_at"] == ""


def test_v1_sample(store: SaveStore, copy_sample: SampleCopier) -> None:
    copy_sample("save-v1-cabo.json", store.root / "cabo.autosave.json")
    save = store.load("cabo")
    assert save is not None and save.autosave
    assert save.seed == 31 and save.state["game"]["rules"]["round"] == 2
    assert save.summary.startswith("Round 2 of 3") and save.meta["elapsed_s"] > 0


def _write_bad(store: SaveStore, copy_sample: SampleCopier, kind: str) -> Path:
    path = store.root / "cabo.json"
    good: dict[str, Any] = {"version": 1, "game": "cabo", "seed": 3, "state": {}, "saved_at": ""}
    contents = {
        "list": "[1, 2, 3]",
        "future": json.dumps({**good, "version": SAVE_VERSION + 1}),
        "bad-version": json.dumps({**good, "version": "one"}),
        "bad-seed": json.dumps({**good, "seed": "abc"}),
        "bad-state": json.dumps({**good, "state": [1, 2]}),
        "other-game": json.dumps({**good, "game": "tower"}),
        "v0-no-seed": json.dumps({"game_id": "cabo", "state": {}}),
    }
    if kind in contents:
        path.write_text(contents[kind], encoding="utf-8")
    else:
        copy_sample(kind, path)
    return path


BAD_KINDS = [
    "corrupt-truncated.json",
    "corrupt-binary.json",
    "list",
    "future",
    "bad-version",
    "bad-seed",
    "bad-state",
    "other-game",
    "v0-no-seed",
]


@pytest.mark.parametrize("kind", BAD_KINDS)
def test_bad_save_is_moved_aside(store: SaveStore, copy_sample: SampleCopier, kind: str) -> None:
    path = _write_bad(store, copy_sample, kind)
    original = path.read_bytes()
    assert store.load("cabo") is None
    assert len(store.problems) == 1
    problem = store.problems[0]
    assert problem.path == path and problem.moved_to is not None
    assert problem.moved_to.read_bytes() == original
    assert not path.exists() and not store.has_save("cabo")
    assert aside_files(path) == [problem.moved_to]
    tag = "newer" if kind == "future" else "corrupt"
    assert problem.moved_to.name.startswith(f"cabo.json.{tag}-")
    assert problem.message.startswith("Your saved game for cabo ")
    assert problem.moved_to.name in problem.message
    # The app goes on: a new save works and loads cleanly.
    assert store.take_problems() == [problem] and store.problems == []
    store.save("cabo", STATE, seed=9)
    save = store.load("cabo")
    assert save is not None and save.seed == 9 and store.problems == []


def test_bad_autosave_does_not_hide_good_save(store: SaveStore) -> None:
    store.save("cabo", STATE, seed=5)
    store.path_for("cabo", autosave=True).write_bytes(b"\x00\x01")
    save = store.load("cabo")
    assert save is not None and save.seed == 5 and not save.autosave
    assert len(store.problems) == 1 and "autosave for cabo" in store.problems[0].message
