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
import stat
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

Upgrader = Callable[[dict[str, Any]], dict[str, Any]]

#: Larger files are refused unread: every file the game writes is far smaller.
MAX_FILE_BYTES = 16 * 1024 * 1024
#: Deeper nesting is refused, so nothing downstream (parsing, deepcopy) can hit the recursion limit.
MAX_DEPTH = 64
#: A hidden temporary file this old is what a killed write left behind; younger ones may be live.
STALE_TEMP_SECONDS = 60.0


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


def write_json_atomic(path: Path, data: Any, *, compact: bool = False) -> None:
    """Write ``data`` as indented, sorted JSON atomically; on failure raise and keep the old file.

    ``compact`` writes one line with no spaces instead: for files written during play (the
    autosave at every turn), which nobody reads by eye. Python's JSON encoder is C only when it
    does not indent: an indented save of a long match took some 6 ms (Kaboom! cards) to 90 ms
    (a Tower replay's size) of the frame it was written in, the compact one a quarter of that.

    NaN and infinity are refused (ValueError): they are not JSON and :func:`read_json` refuses them.
    """
    # Serialise before touching the disk so a TypeError or ValueError leaves nothing behind.
    if compact:
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":")) + "\n"
    else:
        text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False,
                          allow_nan=False) + "\n"
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
    message = f"Your {what} {reason}; it was moved to {target} and {fallback}."
    return LoadProblem(path=path, message=message, moved_to=target, detail=detail)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def nesting_depth(data: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply lists and objects nest in ``data`` (a scalar is 0), counted to ``limit + 1``.

    Iterative, so a pathological document cannot exhaust the stack while it is being measured.
    """
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        stack.extend((child, depth) for child in children)
    return deepest


def read_limited(path: Path) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_FILE_BYTES`; OSError or ValueError else."""
    with open(path, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise ValueError(f"{info.st_size} bytes, more than the {MAX_FILE_BYTES} allowed")
        raw = handle.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise ValueError(f"more than the {MAX_FILE_BYTES} bytes allowed")
    return raw


def remove_stale_temps(folder: Path, max_age: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete hidden ``.<name>.XXXX.tmp`` files older than ``max_age`` s that killed writes left.

    Only our own temporary files are touched (never a player's file); errors are logged.
    """
    removed: list[Path] = []
    try:
        candidates = list(Path(folder).glob(".*.tmp"))
    except OSError as err:
        log.info("could not look for stale temporary files in %s: %s", folder, err)
        return removed
    now = time.time()
    for tmp in candidates:
        try:
            info = tmp.lstat()
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < max_age:
                continue
            tmp.unlink()
        except OSError as err:
            log.info("could not remove stale temporary file %s: %s", tmp, err)
            continue
        removed.append(tmp)
        log.info("removed %s, left by an interrupted write", tmp)
    return removed


def read_json(
    path: Path, what: str, *, fallback: str = "defaults were used"
) -> tuple[Any | None, LoadProblem | None]:
    """Read a JSON object: (data, None); (None, None) if missing; (None, problem) if unusable.

    A file that is unreadable, not a regular file (a folder, a device), larger than
    :data:`MAX_FILE_BYTES`, not UTF-8, invalid or truncated JSON (NaN and Infinity included),
    nested deeper than :data:`MAX_DEPTH`, or whose top level is not an object, is moved aside.
    A dangling symbolic link counts as missing.
    """
    path = Path(path)
    try:
        raw = read_limited(path)
    except FileNotFoundError:
        return None, None
    except (OSError, ValueError) as err:
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
    if nesting_depth(data) > MAX_DEPTH:
        detail = f"nested more than {MAX_DEPTH} levels deep"
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
