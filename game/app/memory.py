"""The process's memory: reading it, and handing freed memory back to the system.

pygame surfaces and pymunk spaces live in C memory; glibc's malloc keeps freed pages and, after
the first large frees, carves later large blocks out of its heap, so without help a process
that has drawn busy tables grows over an evening though nothing in Python does. The app tunes
the allocator once at start and, whenever a match begins (`GameScene`), empties the other
games' drawing caches and releases memory.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from collections.abc import Callable


def rss_mb() -> float:
    """The process's resident memory now, in MB (Linux's /proc; elsewhere its peak so far)."""
    return _status_mb("VmRSS:")


def peak_rss_mb() -> float:
    """The most resident memory the process has held so far, in MB (Linux's VmHWM; elsewhere
    the kernel's peak from getrusage)."""
    return _status_mb("VmHWM:")


def _status_mb(field: str) -> float:
    """A memory line of /proc/self/status in MB; where there is none, the peak from getrusage."""
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith(field):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024.0 * 1024.0) if sys.platform == "darwin" else peak / 1024.0


_trim: Callable[[int], int] | None = None
_trim_looked = False
_M_MMAP_THRESHOLD = -3
_M_ARENA_MAX = -8
MMAP_THRESHOLD = 256 * 1024
"""Blocks this large (a 256 x 256 surface and up) always get pages of their own, handed back
whole when freed; glibc would otherwise raise its threshold after the first large frees and
carve later surfaces out of the heap, which then cannot shrink past them."""
ARENAS = 2


def tune_allocator() -> bool:
    """Make glibc's malloc give freed surface memory back to the system (Linux only; True if
    done): a fixed mmap threshold for large blocks, and few arenas so pygame's and pymunk's
    threads do not each keep their own half-empty heap."""
    if not sys.platform.startswith("linux"):
        return False
    name = ctypes.util.find_library("c")
    if not name:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and \
        bool(mallopt(_M_ARENA_MAX, ARENAS))


def forget_other_games(game_id: str) -> int:
    """Empty the drawing caches of every game but `game_id` (their art, HUD plates, previews);
    return how many were emptied. Each cache is bounded, but four games' caches all full at
    once are most of what an evening's process holds beyond its first match; a table of one
    game never draws another's art, and the caches refill when that game is played again."""
    from game.ui.cache import BoundedCache

    own = f"game.games.{game_id}"
    emptied = 0
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith("game.games.") or name == own \
                or name.startswith(own + "."):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type):
                continue
            if isinstance(value, BoundedCache) or (
                    callable(getattr(value, "cache_clear", None))
                    and getattr(value, "__module__", None) == name):
                if isinstance(value, BoundedCache) and not value:
                    continue
                value.cache_clear()
                emptied += 1
    return emptied


def release_memory() -> None:
    """Collect garbage and hand freed heap pages back to the system (glibc's `malloc_trim`):
    pygame surfaces and pymunk spaces are freed by C, and glibc otherwise keeps the pages of
    its arenas, so a process that once drew a busy table would stay that large all evening."""
    global _trim, _trim_looked
    gc.collect()
    if not _trim_looked:
        _trim_looked = True
        name = ctypes.util.find_library("c") if sys.platform.startswith("linux") else None
        if name:
            try:
                _trim = ctypes.CDLL(name).malloc_trim
            except (OSError, AttributeError):
                _trim = None
    if _trim is not None:
        _trim(0)


def let_go_of_drawings() -> None:
    """Back at the main menu, let go of every cached drawing and font (tables' art, prompt
    bars, shadows, dim layers, sprites turned to every angle) and hand the pages back: they
    are most of what an evening's process holds (about 110 of 200 MB after a round of all
    four games, measured by the soak) and they refill when a table is drawn again. Each cache
    is bounded, but they fill over several matches, so without this the process grows for the
    first rounds of an evening before it settles."""
    from game.ui import text

    text.forget_cached_drawings()
    release_memory()

