"""Logging to a rotating file in the log folder, and crash reports a player can attach to a bug."""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import platform
import sys
import tempfile
import traceback
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core import paths
from game.core.jsonio import remove_stale_temps, write_text_atomic

LOG_FILE = "kaboom.log"
LOG_MAX_BYTES = 1_000_000
LOG_BACKUPS = 3
LOG_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

log = logging.getLogger(__name__)

_handlers: list[logging.Handler] = []
_log_path: Path | None = None


def _fallback_dir() -> Path:
    """A folder in the temp dir for when the log folder cannot be created."""
    path = Path(tempfile.gettempdir()) / paths.APP_NAME
    path.mkdir(parents=True, exist_ok=True)
    return path


def setup_logging(level: int = logging.INFO) -> Path:
    """Log ``level``+ to ``kaboom.log`` (1 MB x 3 backups), WARNING+ to stderr; return the log path.

    Idempotent: calling again only changes the level, unless the log folder moved (after set_home).
    """
    global _log_path
    try:
        directory = paths.log_dir()
    except OSError:
        directory = _fallback_dir()
    remove_stale_temps(directory)  # crash reports half-written when the game was killed
    path = directory / LOG_FILE
    root = logging.getLogger()
    root.setLevel(level)
    if _log_path == path and _handlers:
        _handlers[0].setLevel(level)
        return path

    shutdown_logging()
    formatter = logging.Formatter(LOG_FORMAT)
    try:
        file_handler: logging.Handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
        )
    except OSError:
        path = _fallback_dir() / LOG_FILE
        file_handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
        )
    file_handler.setLevel(level)
    file_handler.setFormatter(formatter)
    _handlers.append(file_handler)
    # Windowed builds (PyInstaller --noconsole) have no stderr at all.
    if sys.stderr is not None:
        stream_handler = logging.StreamHandler(sys.stderr)
        stream_handler.setLevel(logging.WARNING)
        stream_handler.setFormatter(formatter)
        _handlers.append(stream_handler)
    for handler in _handlers:
        root.addHandler(handler)
    logging.captureWarnings(True)
    _log_path = path
    log.info("logging to %s", path)
    return path


def shutdown_logging() -> None:
    """Remove and close the handlers :func:`setup_logging` added (for tests, or to move the log)."""
    global _log_path
    root = logging.getLogger()
    for handler in _handlers:
        root.removeHandler(handler)
        handler.close()
    _handlers.clear()
    _log_path = None
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
    for directory in (paths.log_dir, _fallback_dir):
        try:
            target = _free_report_path(directory())
            write_text_atomic(target, text)
            return target
        except Exception:
            continue
    with contextlib.suppress(Exception):
        if sys.stderr is not None:
            sys.stderr.write(text)
    return target if target is not None else Path(tempfile.gettempdir()) / "crash.txt"
