"""JSON files on disk: atomic writes, tolerant reads and version upgrades.

Writes go to a temporary file in the same folder, are flushed to disk, then renamed over the
target, so a crash or power cut leaves either the old file or the new one, never half of each.
Reads never raise for bad content: a damaged file is renamed aside (player data is never deleted)
and reported as a :class:`LoadProblem` the app can show on screen.
"""

from __future__ import annotations

import contextlib
import copy
import json
import logging
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

Upgrader = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class LoadProblem:
    """A file that could not be used: ``message`` is for players, ``detail`` for logs."""

    path: Path
    message: str
    moved_to: Path | None = None
    detail: str = ""


class UpgradeError(Exception):
    """A file whose version is invalid, or that no chain of upgraders can bring up to date."""


def write_text_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically; on failure the old file is untouched."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


def _fsync_dir(directory: Path) -> None:
    """Make the rename itself durable where the OS allows it (POSIX); elsewhere it is a no-op."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as indented, sorted JSON atomically; on failure raise and keep the old file.

    NaN and infinity are refused (ValueError): they are not JSON and :func:`read_json` refuses them.
    """
    # Serialise before touching the disk so a TypeError or ValueError leaves nothing behind.
    text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False, allow_nan=False) + "\n"
    write_text_atomic(path, text)


def aside_name(path: Path, tag: str) -> Path:
    """A free name ``<name>.<tag>-YYYYMMDD-HHMMSS[-n]`` beside ``path``, to put a file aside."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.name}.{tag}-{stamp}")
    counter = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.{tag}-{stamp}-{counter}")
        counter += 1
    return candidate


def move_aside(
    path: Path,
    what: str,
    *,
    detail: str,
    reason: str = "was damaged",
    tag: str = "corrupt",
    fallback: str = "defaults were used",
) -> LoadProblem:
    """Rename an unusable file to ``<name>.<tag>-<time>`` and describe it; leave it if that fails.

    ``what`` names the file for players ("settings file"); the message reads
    "Your <what> <reason>; it was moved to <new name> and <fallback>."
    """
    path = Path(path)
    try:
        target = aside_name(path, tag)
        path.rename(target)
    except OSError as err:
        log.warning("%s (%s) is unusable: %s; could not move it aside: %s", what, path, detail, err)
        message = f"Your {what} {reason} and could not be moved aside; {fallback}."
        return LoadProblem(path=path, message=message, moved_to=None, detail=detail)
    log.warning("%s (%s) is unusable: %s; moved it to %s", what, path, detail, target)
    message = f"Your {what} {reason}; it was moved to {target.name} and {fallback}."
    return LoadProblem(path=path, message=message, moved_to=target, detail=detail)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def read_json(
    path: Path, what: str, *, fallback: str = "defaults were used"
) -> tuple[Any | None, LoadProblem | None]:
    """Read a JSON object: (data, None); (None, None) if missing; (None, problem) if unusable.

    A file that is unreadable, not UTF-8, invalid or truncated JSON (NaN and Infinity included), or
    whose top level is not an object, is moved aside.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as err:
        return None, move_aside(path, what, detail=f"unreadable: {err}", fallback=fallback)
    try:
        data = json.loads(raw.decode("utf-8-sig"), parse_constant=_refuse_constant)
    except UnicodeDecodeError as err:
        return None, move_aside(path, what, detail=f"not UTF-8 text: {err}", fallback=fallback)
    except (ValueError, RecursionError) as err:
        return None, move_aside(path, what, detail=f"invalid JSON: {err}", fallback=fallback)
    if not isinstance(data, dict):
        detail = f"top level is {type(data).__name__}, expected an object"
        return None, move_aside(path, what, detail=detail, fallback=fallback)
    return data, None


def file_version(data: Mapping[str, Any]) -> int:
    """The format version a file declares; a file from before versioning (no ``version``) is 0."""
    if "version" not in data:
        return 0
    version = data["version"]
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise UpgradeError(f"invalid version {version!r}")
    return version


def upgrade(
    data: dict[str, Any], current: int, upgraders: Mapping[int, Upgrader]
) -> tuple[dict[str, Any], int]:
    """Bring ``data`` up to ``current`` with ``upgraders[n]`` (n -> n+1); return (data, found).

    The input is never mutated. Data from a newer version comes back unchanged: the caller decides.
    Raises :class:`UpgradeError` for an invalid version, a missing step or a failing upgrader.
    """
    found = file_version(data)
    if found >= current:
        return data, found
    result = copy.deepcopy(data)
    for version in range(found, current):
        step = upgraders.get(version)
        if step is None:
            raise UpgradeError(f"no upgrader from version {version} to {version + 1}")
        try:
            result = step(result)
        except Exception as err:  # an upgrader meeting data it cannot convert
            raise UpgradeError(f"upgrade from version {version} failed: {err!r}") from err
        if not isinstance(result, dict):
            raise UpgradeError(f"upgrader from version {version} returned {type(result).__name__}")
        result["version"] = version + 1
    return result, found
