"""Where settings, saves, statistics and logs live on disk.

The root comes from, in order: :func:`set_home` (the CLI's ``--data-dir``), the ``KABOOM_HOME``
environment variable, then the per-user folders platformdirs picks for the OS. Every lookup is made
afresh on each call (tests change the environment) and creates the directory it returns.
"""

from __future__ import annotations

import logging
import os
from datetime import datetime
from pathlib import Path

import platformdirs

log = logging.getLogger(__name__)

APP_NAME = "KaboomCollection"
HOME_ENV = "KABOOM_HOME"

_home_override: Path | None = None
_notices: list[str] = []


def set_home(path: str | os.PathLike[str] | None) -> None:
    """Put every file under ``path`` (``None`` clears it); beats KABOOM_HOME and platformdirs."""
    global _home_override
    _home_override = None if path is None else Path(path).expanduser().absolute()


def home() -> Path | None:
    """Return the overriding root folder, or ``None`` when the OS's per-user folders are used."""
    if _home_override is not None:
        return _home_override
    env = os.environ.get(HOME_ENV, "").strip()
    return Path(env).expanduser().absolute() if env else None


def _ensure(path: Path) -> Path:
    """Create the folder ``path``; a file (or dangling link) in its way is renamed aside first.

    Raises OSError (with the folder named) when the folder cannot be made, e.g. read-only disks.
    """
    if path.is_dir():
        return path
    if path.exists() or path.is_symlink():
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.corrupt-{stamp}")
        counter = 2
        while aside.exists() or aside.is_symlink():
            aside = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
            counter += 1
        path.rename(aside)
        log.warning("%s was not a folder; moved it to %s", path, aside)
        _notices.append(f"{path} was a file, not a folder; it was moved to {aside}.")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError as err:
        raise NotADirectoryError(f"{path} cannot be a folder: {err}") from err
    return path


def take_notices() -> list[str]:
    """Player-readable notes about files moved out of the way of a folder (each given once)."""
    notes = list(_notices)
    _notices.clear()
    return notes


def config_dir() -> Path:
    """Folder for settings (``<root>/config`` or the OS's per-user config folder)."""
    root = home()
    if root is not None:
        return _ensure(root / "config")
    return _ensure(Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)))


def data_dir() -> Path:
    """Folder for saves and statistics (``<root>/data`` or the OS's per-user data folder)."""
    root = home()
    if root is not None:
        return _ensure(root / "data")
    return _ensure(Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)))


def log_dir() -> Path:
    """Folder for the log and crash reports (``<root>/logs`` or the OS's per-user log folder)."""
    root = home()
    if root is not None:
        return _ensure(root / "logs")
    return _ensure(Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)))


def cache_dir() -> Path:
    """Folder for files the game can draw again (``<root>/cache`` or the OS's per-user cache)."""
    root = home()
    if root is not None:
        return _ensure(root / "cache")
    return _ensure(Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)))


def saves_dir() -> Path:
    """Folder holding one resumable save (and autosave) per game."""
    return _ensure(data_dir() / "saves")


def replays_dir() -> Path:
    """Folder holding the replays of finished matches (the newest 50 are kept)."""
    return _ensure(data_dir() / "replays")


def settings_path() -> Path:
    """The settings file (its folder is created; the file may not exist yet)."""
    return config_dir() / "settings.json"


def stats_path() -> Path:
    """The per-profile statistics file (its folder is created; the file may not exist yet)."""
    return data_dir() / "stats.json"
