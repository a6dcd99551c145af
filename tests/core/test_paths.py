"""Where files live: set_home beats KABOOM_HOME beats platformdirs, and folders are created."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import platformdirs
import pytest

from game.core import paths


def test_kaboom_home_layout(kaboom_home: Path) -> None:
    assert paths.config_dir() == kaboom_home / "config"
    assert paths.data_dir() == kaboom_home / "data"
    assert paths.log_dir() == kaboom_home / "logs"
    assert paths.saves_dir() == kaboom_home / "data" / "saves"
    assert paths.settings_path() == kaboom_home / "config" / "settings.json"
    assert paths.stats_path() == kaboom_home / "data" / "stats.json"
    for folder in ("config", "data", "logs", "data/saves"):
        assert (kaboom_home / folder).is_dir()


def test_set_home_beats_env(tmp_path: Path, kaboom_home: Path) -> None:
    paths.set_home(tmp_path / "cli")
    assert paths.home() == tmp_path / "cli"
    assert paths.config_dir() == tmp_path / "cli" / "config"
    paths.set_home(None)
    assert paths.config_dir() == kaboom_home / "config"


def test_set_home_accepts_str_and_relative(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    paths.set_home("rel")
    monkeypatch.chdir("/")
    # Resolved when set, so a later change of working folder does not move the files.
    assert paths.data_dir() == tmp_path / "rel" / "data"


def test_env_is_read_on_every_call(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "one"))
    assert paths.data_dir() == tmp_path / "one" / "data"
    monkeypatch.setenv(paths.HOME_ENV, str(tmp_path / "two"))
    assert paths.data_dir() == tmp_path / "two" / "data"


@pytest.mark.parametrize("value", [None, "", "   "])
def test_platformdirs_without_override(
    value: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if value is None:
        monkeypatch.delenv(paths.HOME_ENV, raising=False)
    else:
        monkeypatch.setenv(paths.HOME_ENV, value)
    calls: list[tuple[str, Any, Any]] = []

    def fake(kind: str) -> Any:
        def lookup(appname: Any = None, appauthor: Any = None, **_: Any) -> str:
            calls.append((kind, appname, appauthor))
            return str(tmp_path / "os" / kind)

        return lookup

    for kind in ("user_config_dir", "user_data_dir", "user_log_dir"):
        monkeypatch.setattr(platformdirs, kind, fake(kind))
    assert paths.home() is None
    assert paths.config_dir() == tmp_path / "os" / "user_config_dir"
    assert paths.data_dir() == tmp_path / "os" / "user_data_dir"
    assert paths.log_dir() == tmp_path / "os" / "user_log_dir"
    assert paths.saves_dir() == tmp_path / "os" / "user_data_dir" / "saves"
    assert paths.log_dir().is_dir()
    assert {(name, author) for _, name, author in calls} == {(paths.APP_NAME, False)}


def test_set_home_beats_platformdirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.HOME_ENV, raising=False)
    paths.set_home(tmp_path / "cli")
    assert paths.log_dir() == tmp_path / "cli" / "logs"


def test_home_expands_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))
    monkeypatch.setenv(paths.HOME_ENV, "~/kh")
    assert paths.home() == tmp_path / "kh"
