"""Logging to a rotating file in the log folder, and crash reports a player can attach to a bug."""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import platform
import sys
import tempfile
import traceback
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core import paths
from game.core.jsonio import remove_stale_temps, write_text_atomic

LOG_FILE = "kaboom.log"
LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 3
LOG_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
CONSOLE_FORMAT = "Kaboom! Collection: %(message)s"
"""A warning on the terminal is a line for the player, in the game's name; the log file keeps
the time, level and module beside it."""

log = logging.getLogger(__name__)

_handlers: list[logging.Handler] = []
_log_path: Path | None = None


#: A private temp folder made when neither the log folder nor the shared temp one can be used.
_private_fallback: Path | None = None
#: The log folder the current handlers were set up for (None: it could not be made).
_set_up_for: tuple[Path | None] | None = None


def _fallback_dirs() -> Iterator[Path]:
    """Folders to try when the log folder cannot be used, in order: the shared one in the temp
    dir (``/tmp/KaboomCollection``), then a fresh private one (made once per process). A folder
    that cannot be made is skipped (the shared one may belong to another user)."""
    global _private_fallback
    shared = Path(tempfile.gettempdir()) / paths.APP_NAME
    try:
        shared.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        log.info("cannot use %s: %s", shared, err)
    else:
        yield shared
    if _private_fallback is None or not _private_fallback.is_dir():
        try:
            _private_fallback = Path(tempfile.mkdtemp(prefix=f"{paths.APP_NAME}-"))
        except OSError as err:
            log.info("cannot make a private temporary folder: %s", err)
            return
    yield _private_fallback


def _log_folders() -> Iterator[Path]:
    """The log folder if it can be made, then the fallbacks."""
    try:
        yield paths.log_dir()
    except OSError as err:
        log.info("cannot use the log folder: %s", err)
    yield from _fallback_dirs()


def _open_log_file(level: int) -> tuple[logging.Handler, Path] | None:
    """A rotating handler on ``kaboom.log`` in the first folder that takes it, or None."""
    for directory in _log_folders():
        remove_stale_temps(directory)  # crash reports half-written when the game was killed
        path = directory / LOG_FILE
        try:
            handler = logging.handlers.RotatingFileHandler(
                path, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
            )
        except OSError as err:
            log.info("cannot write the log at %s: %s", path, err)
            continue
        handler.setLevel(level)
        return handler, path
    return None


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Log ``level``+ to ``kaboom.log`` (1 MB x 3 backups), WARNING+ to stderr; return the log path.

    The log goes in the log folder, else a temp folder; if no folder at all can be written, only
    stderr gets the warnings and None is returned (never an exception).
    Idempotent: calling again only changes the level, unless the log folder moved (after set_home).
    """
    global _log_path, _set_up_for
    try:
        wanted: tuple[Path | None] = (paths.log_dir(),)
    except OSError:
        wanted = (None,)
    root = logging.getLogger()
    root.setLevel(level)
    if _set_up_for == wanted and _handlers:
        for handler in _handlers:
            if isinstance(handler, logging.FileHandler):
                handler.setLevel(level)
        return _log_path

    shutdown_logging()
    formatter = logging.Formatter(LOG_FORMAT)
    opened = _open_log_file(level)
    path = None if opened is None else opened[1]
    if opened is not None:
        opened[0].setFormatter(formatter)
        _handlers.append(opened[0])
    # Windowed builds (PyInstaller --noconsole) have no stderr at all.
    if sys.stderr is not None:
        stream_handler = _ConsoleHandler()
        stream_handler.setLevel(logging.WARNING)
        stream_handler.setFormatter(logging.Formatter(CONSOLE_FORMAT))
        _handlers.append(stream_handler)
    for handler in _handlers:
        root.addHandler(handler)
    logging.captureWarnings(True)
    _log_path = path
    _set_up_for = wanted
    if path is None:
        log.warning("no folder for the log file can be written; warnings go to stderr only")
    else:
        log.info("logging to %s", path)
    return path


class _ConsoleHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Warnings to whatever `sys.stderr` is when they are written, not the stream it was when
    logging was set up (a stream swapped out since, by a test's capture or an embedding
    program, and closed, made every later warning a "--- Logging error ---" traceback)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, value: Any) -> None:
        pass  # always the current sys.stderr


def shutdown_logging() -> None:
    """Remove and close the handlers :func:`setup_logging` added (for tests, or to move the log)."""
    global _log_path, _set_up_for
    root = logging.getLogger()
    for handler in _handlers:
        root.removeHandler(handler)
        handler.close()
    _handlers.clear()
    _log_path = None
    _set_up_for = None
    logging.captureWarnings(False)


def _version() -> str:
    try:
        from game import __version__
    except Exception:  # a broken package import must not stop the crash report
        return "unknown"
    return str(__version__)


def _safe_str(value: Any) -> str:
    try:
        return str(value)
    except Exception:
        return f"<unprintable {type(value).__name__}>"


def format_crash_report(exc: BaseException, context: Mapping[str, Any] | None = None) -> str:
    """A crash report's text: version, Python, platform, context (seed, scene...) and traceback."""
    lines = [
        "Kaboom! Collection crash report",
        f"time: {datetime.now(UTC).isoformat(timespec='seconds')}",
        f"version: {_version()}",
        f"python: {sys.version.replace(chr(10), ' ')}",
        f"platform: {platform.platform()}",
        f"frozen: {bool(getattr(sys, 'frozen', False))}",
        "",
        "context:",
    ]
    items = sorted((context or {}).items(), key=lambda item: _safe_str(item[0]))
    lines += [f"  {_safe_str(key)}: {_safe_str(value)}" for key, value in items] or ["  (none)"]
    lines += ["", "traceback:"]
    try:
        lines.append("".join(traceback.format_exception(exc)).rstrip())
    except Exception:
        lines.append(f"{type(exc).__name__}: <traceback unavailable>")
    return "\n".join(lines) + "\n"


def _free_report_path(directory: Path) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    candidate = directory / f"crash-{stamp}.txt"
    counter = 2
    while candidate.exists():
        candidate = directory / f"crash-{stamp}-{counter}.txt"
        counter += 1
    return candidate


def write_crash_report(exc: BaseException, context: dict[str, Any] | None = None) -> Path:
    """Write ``crash-YYYYMMDD-HHMMSS.txt`` in the log folder (else the temp dir); never raises.

    If nothing can be written, the report goes to stderr and the path it was meant for is returned.
    """
    try:
        text = format_crash_report(exc, context)
    except Exception:
        text = f"Kaboom! Collection crash report\n{type(exc).__name__}\n"
    target: Path | None = None
    try:
        for directory in _log_folders():
            try:
                target = _free_report_path(directory)
                write_text_atomic(target, text)
                return target
            except Exception:
                continue
    except Exception:  # noqa: BLE001 - a crash report never raises
        pass
    with contextlib.suppress(Exception):
        if sys.stderr is not None:
            sys.stderr.write(text)
    return target if target is not None else Path(tempfile.gettempdir()) / "crash.txt"
