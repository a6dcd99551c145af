"""Atomic writes, tolerant reads, moving damaged files aside, and version upgrades."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from game.core.jsonio import (
    UpgradeError,
    file_version,
    move_aside,
    read_json,
    upgrade,
    write_json_atomic,
)

from .helpers import SAMPLES, SampleCopier, aside_files, temp_files


def test_write_is_sorted_indented_and_ends_with_newline(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b.json"
    write_json_atomic(path, {"b": 1, "a": {"d": "é", "c": [1, 2]}})
    text = path.read_text(encoding="utf-8")
    assert (
        text
        == json.dumps({"a": {"c": [1, 2], "d": "é"}, "b": 1}, indent=2, ensure_ascii=False) + "\n"
    )
    assert temp_files(path.parent) == []


def test_a_compact_write_is_one_sorted_line_that_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    data = {"b": 1, "a": {"d": "é", "c": [1, 2.5]}}
    write_json_atomic(path, data, compact=True)
    text = path.read_text(encoding="utf-8")
    assert text == '{"a":{"c":[1,2.5],"d":"é"},"b":1}\n'
    assert read_json(path, "file") == (data, None)
    with pytest.raises(ValueError):
        write_json_atomic(path, {"x": float("nan")}, compact=True)
    assert read_json(path, "file") == (data, None)  # the refused write kept the old file


def test_unserialisable_data_keeps_old_file(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    write_json_atomic(path, {"old": True})
    with pytest.raises(TypeError):
        write_json_atomic(path, {"new": object()})
    assert json.loads(path.read_text()) == {"old": True}
    assert temp_files(tmp_path) == []


def test_nan_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    with pytest.raises(ValueError):
        write_json_atomic(path, {"score": float("nan")})
    assert not path.exists()
    assert temp_files(tmp_path) == []


def test_failed_replace_removes_temp_and_keeps_old(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "x.json"
    write_json_atomic(path, {"old": True})

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError("disk on fire")

    monkeypatch.setattr("game.core.jsonio.os.replace", broken_replace)
    with pytest.raises(OSError, match="disk on fire"):
        write_json_atomic(path, {"new": True})
    monkeypatch.undo()
    assert json.loads(path.read_text()) == {"old": True}
    assert temp_files(tmp_path) == []


def test_failed_write_removes_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "x.json"

    def broken_fsync(fd: int) -> None:
        raise OSError("no space left")

    monkeypatch.setattr("game.core.jsonio.os.fsync", broken_fsync)
    with pytest.raises(OSError):
        write_json_atomic(path, {"new": True})
    assert not path.exists()
    assert temp_files(tmp_path) == []


def test_read_missing_is_not_a_problem(tmp_path: Path) -> None:
    assert read_json(tmp_path / "nope.json", "file") == (None, None)


def test_read_valid_with_bom(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(b"\xef\xbb\xbf" + b'{"a": 1}')
    assert read_json(path, "file") == ({"a": 1}, None)


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"   \n",
        b'{"a": 1',
        b'{"a": 1}}',
        b"\xff\xfe\x00garbage",
        b"[1, 2, 3]",
        b'"text"',
        b"null",
        b'{"a": NaN}',
        b'{"a": Infinity}',
    ],
    ids=[
        "empty",
        "blank",
        "truncated",
        "trailing",
        "binary",
        "list",
        "string",
        "null",
        "nan",
        "inf",
    ],
)
def test_bad_content_is_moved_aside(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    data, problem = read_json(path, "settings file")
    assert data is None
    assert problem is not None
    assert not path.exists()
    assert problem.moved_to is not None and problem.moved_to.read_bytes() == content
    assert problem.moved_to.name.startswith("settings.json.corrupt-")
    assert problem.moved_to.name in problem.message
    assert problem.message.startswith("Your settings file was damaged; it was moved to ")
    assert problem.message.endswith(" and defaults were used.")
    assert problem.detail


def test_unreadable_path_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.mkdir()
    data, problem = read_json(path, "settings file", fallback="we carried on")
    assert data is None and problem is not None
    assert problem.moved_to is not None and problem.moved_to.is_dir()
    assert "we carried on" in problem.message


def test_file_left_in_place_when_move_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "stats.json"
    path.write_bytes(b"{oops")

    def refuse(self: Path, target: Any) -> Path:
        raise PermissionError("read-only")

    monkeypatch.setattr(Path, "rename", refuse)
    data, problem = read_json(path, "statistics file")
    assert data is None and problem is not None
    assert problem.moved_to is None
    assert path.read_bytes() == b"{oops"
    assert "could not be moved aside" in problem.message
    assert any(r.levelname == "WARNING" for r in caplog.records)


def test_move_aside_never_overwrites(tmp_path: Path) -> None:
    first = tmp_path / "a.json"
    moved = []
    for text in ("one", "two", "three"):
        first.write_text(text)
        problem = move_aside(first, "file", detail="test")
        assert problem.moved_to is not None
        moved.append(problem.moved_to)
    assert len(set(moved)) == 3
    assert sorted(p.read_text() for p in moved) == ["one", "three", "two"]
    assert aside_files(first) == sorted(moved)


def test_file_version() -> None:
    assert file_version({}) == 0
    assert file_version({"version": 3}) == 3
    for bad in ("1", 1.0, True, -1, None):
        with pytest.raises(UpgradeError):
            file_version({"version": bad})


def test_upgrade_chain_does_not_mutate_input() -> None:
    def zero(d: dict[str, Any]) -> dict[str, Any]:
        d["seen"] = [0]
        return d

    def one(d: dict[str, Any]) -> dict[str, Any]:
        d["seen"].append(1)
        return d

    original: dict[str, Any] = {"payload": {"x": 1}}
    result, found = upgrade(original, 2, {0: zero, 1: one})
    assert found == 0
    assert result == {"payload": {"x": 1}, "seen": [0, 1], "version": 2}
    assert original == {"payload": {"x": 1}}


def test_upgrade_leaves_current_and_future_alone() -> None:
    data = {"version": 5, "x": 1}
    assert upgrade(data, 2, {}) == (data, 5)
    assert upgrade({"version": 2}, 2, {}) == ({"version": 2}, 2)


def test_upgrade_errors() -> None:
    with pytest.raises(UpgradeError, match="no upgrader"):
        upgrade({"version": 0}, 1, {})

    def broken(d: dict[str, Any]) -> dict[str, Any]:
        raise KeyError("missing")

    with pytest.raises(UpgradeError, match="failed"):
        upgrade({}, 1, {0: broken})


def test_atomic_write_replaces_existing_file_on_this_os(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    write_json_atomic(path, {"v": 1})
    write_json_atomic(path, {"v": 2})
    assert json.loads(path.read_text()) == {"v": 2}
    assert sorted(os.listdir(tmp_path)) == ["x.json"]


def test_every_sample_file_is_known(tmp_path: Path, copy_sample: SampleCopier) -> None:
    names = sorted(p.name for p in SAMPLES.iterdir() if p.suffix == ".json")
    fixed = {"corrupt-binary.json", "corrupt-truncated.json", "settings-v0.json",
             "settings-v1.json", "stats-v1.json"}
    from game.app import catalogue

    games = "|".join(re.escape(info.id) for info in catalogue.games())
    save = re.compile(rf"save-v\d+-({games})\.json")  # a game's saves, this and older versions
    assert fixed <= set(names)
    assert [n for n in names if n not in fixed and not save.fullmatch(n)] == []
    for info in catalogue.games():
        assert any(save.fullmatch(n) and n.endswith(f"-{info.id}.json") for n in names), info.id
    for name in names:
        data, problem = read_json(copy_sample(name, tmp_path / name), name)
        if name.startswith("corrupt-"):
            assert data is None and problem is not None and problem.moved_to is not None
        else:
            assert isinstance(data, dict) and problem is None
