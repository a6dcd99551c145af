"""Logging setup and crash reports."""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path
from typing import Any

import pytest

from game import __version__
from game.core import log, paths


def _ours() -> list[logging.Handler]:
    return [h for h in logging.getLogger().handlers if h in log._handlers]


def test_setup_logging_writes_to_log_dir(kaboom_home: Path) -> None:
    path = log.setup_logging(logging.DEBUG)
    assert path == kaboom_home / "logs" / "kaboom.log"
    logging.getLogger("game.test").debug("hello from the test")
    for handler in _ours():
        handler.flush()
    assert "hello from the test" in path.read_text(encoding="utf-8")


def test_setup_logging_is_idempotent(kaboom_home: Path) -> None:
    first = log.setup_logging()
    count = len(_ours())
    assert log.setup_logging(logging.WARNING) == first
    assert len(_ours()) == count
    assert logging.getLogger().level == logging.WARNING


def test_setup_logging_follows_set_home(tmp_path: Path) -> None:
    first = log.setup_logging()
    paths.set_home(tmp_path / "cli")
    second = log.setup_logging()
    assert second == tmp_path / "cli" / "logs" / "kaboom.log" != first
    assert len(_ours()) in (1, 2)  # the file, and stderr when there is one
    log.shutdown_logging()
    assert _ours() == []


def test_stderr_gets_warnings_only(capsys: pytest.CaptureFixture[str]) -> None:
    log.setup_logging()
    logger = logging.getLogger("game.test")
    logger.info("quiet info")
    logger.warning("loud warning")
    err = capsys.readouterr().err
    assert "loud warning" in err and "quiet info" not in err


def _raise_and_catch() -> BaseException:
    table: dict[str, int] = {}
    try:
        table["missing"]  # noqa: B018
    except KeyError as exc:
        return exc
    raise AssertionError("unreachable")


def test_crash_report(kaboom_home: Path) -> None:
    exc = _raise_and_catch()
    path = log.write_crash_report(exc, {"seed": 1234, "scene": "CaboTable"})
    assert path.parent == kaboom_home / "logs"
    assert path.name.startswith("crash-") and path.suffix == ".txt"
    text = path.read_text(encoding="utf-8")
    assert f"version: {__version__}" in text
    assert "python: " in text and "platform: " in text
    assert "seed: 1234" in text and "scene: CaboTable" in text
    assert "Traceback" in text and "KeyError: 'missing'" in text and "_raise_and_catch" in text
    second = log.write_crash_report(exc)
    assert second != path and second.is_file()
    assert "(none)" in second.read_text(encoding="utf-8")


def test_crash_report_falls_back_to_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_log_dir() -> Path:
        raise OSError("read-only home")

    monkeypatch.setattr(paths, "log_dir", no_log_dir)
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    path = log.write_crash_report(RuntimeError("boom"))
    assert path.parent == tmp_path / "tmp" / paths.APP_NAME
    assert "RuntimeError: boom" in path.read_text(encoding="utf-8")


def test_crash_report_never_raises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*_: Any) -> None:
        raise OSError("nothing works")

    class Unprintable:
        def __str__(self) -> str:
            raise RuntimeError("no")

    monkeypatch.setattr(log, "write_text_atomic", broken)
    path = log.write_crash_report(ValueError("bad"), {"thing": Unprintable()})
    assert isinstance(path, Path) and not path.exists()
    err = capsys.readouterr().err
    assert "ValueError: bad" in err and "<unprintable Unprintable>" in err


def test_setup_removes_stale_half_written_reports(kaboom_home: Path) -> None:
    import os

    logs = kaboom_home / "logs"
    logs.mkdir(parents=True)
    stale = logs / ".crash-20261101-101010.txt.a1b2.tmp"
    stale.write_text("Traceback (most rec")
    os.utime(stale, (1_000_000, 1_000_000))
    fresh = logs / ".crash-20261101-101011.txt.c3d4.tmp"
    fresh.write_text("being written")
    log.setup_logging()
    assert not stale.exists() and fresh.exists()


def _no_log_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The log folder cannot be made, and the temp dir is `tmp_path/tmp`."""
    def no_log_dir() -> Path:
        raise PermissionError(13, "Permission denied", "/home/player/.local/state")

    monkeypatch.setattr(paths, "log_dir", no_log_dir)
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(temp))
    monkeypatch.setattr(log, "_private_fallback", None)
    return temp


def _unusable_shared_folder(temp: Path) -> None:
    """The shared fallback exists but nothing in it can be opened (as when another user owns
    it: the suite runs as root, so a folder stands where the log file would go)."""
    shared = temp / paths.APP_NAME
    shared.mkdir()
    (shared / log.LOG_FILE).mkdir()


@pytest.mark.parametrize("shared", ["a file", "unopenable"])
def test_logging_survives_an_unusable_shared_temp_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shared: str) -> None:
    temp = _no_log_dir(monkeypatch, tmp_path)
    if shared == "a file":
        (temp / paths.APP_NAME).write_text("someone else's file")
    else:
        _unusable_shared_folder(temp)
    try:
        path = log.setup_logging()
        assert path is not None and path.name == log.LOG_FILE
        assert path.parent.parent == temp and path.parent.name.startswith(f"{paths.APP_NAME}-")
        logging.getLogger("game.test").warning("written somewhere")
        for handler in _ours():
            handler.flush()
        assert "written somewhere" in path.read_text(encoding="utf-8")
        assert log.setup_logging() == path  # idempotent: no second private folder
        assert len(list(temp.glob(f"{paths.APP_NAME}-*"))) == 1
        report = log.write_crash_report(RuntimeError("boom"))
        if shared == "a file":
            assert report.parent == path.parent
        assert "RuntimeError: boom" in report.read_text(encoding="utf-8")
    finally:
        log.shutdown_logging()


def test_logging_with_no_writable_folder_at_all_uses_stderr(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    temp = _no_log_dir(monkeypatch, tmp_path)
    (temp / paths.APP_NAME).write_text("someone else's file")

    def no_mkdtemp(*_: Any, **__: Any) -> str:
        raise PermissionError(13, "Permission denied", str(temp))

    monkeypatch.setattr(tempfile, "mkdtemp", no_mkdtemp)
    try:
        assert log.setup_logging() is None
        logging.getLogger("game.test").warning("still heard")
        err = capsys.readouterr().err
        assert "still heard" in err and "stderr only" in err and "Traceback" not in err
        log.write_crash_report(RuntimeError("boom"))
        assert "RuntimeError: boom" in capsys.readouterr().err
    finally:
        log.shutdown_logging()


def test_console_warnings_go_to_the_current_stderr_in_the_games_name(
        kaboom_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stderr swapped out and closed after logging was set up (a test's capture did it) made
    every later warning a "--- Logging error ---" traceback: the console follows sys.stderr."""
    import io
    import sys

    before = io.StringIO()
    monkeypatch.setattr(sys, "stderr", before)
    log.shutdown_logging()
    log.setup_logging()
    before.close()
    after = io.StringIO()
    monkeypatch.setattr(sys, "stderr", after)
    logging.getLogger("game.test").warning("the table is wobbly")
    assert after.getvalue() == "Kaboom! Collection: the table is wobbly\n"
    log.shutdown_logging()
