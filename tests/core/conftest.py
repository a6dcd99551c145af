"""Fixtures for core tests: an isolated KABOOM_HOME per test and copies of the sample files."""

from __future__ import annotations

import logging
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core import log, paths

from .helpers import SAMPLES, SampleCopier


@pytest.fixture(autouse=True)
def kaboom_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Point every core path into tmp_path, and undo set_home and logging setup afterwards."""
    home = tmp_path / "kaboom-home"
    paths.set_home(None)
    monkeypatch.setenv(paths.HOME_ENV, str(home))
    root_level = logging.getLogger().level
    yield home
    paths.set_home(None)
    log.shutdown_logging()
    logging.getLogger().setLevel(root_level)


@pytest.fixture
def copy_sample() -> SampleCopier:
    """Copy ``saves/samples/<name>`` to ``dest`` so moving a file aside never touches the repo."""

    def copy(name: str, dest: Path) -> Path:
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(SAMPLES / name, dest)
        return dest

    return copy
