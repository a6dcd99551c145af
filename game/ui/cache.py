"""Bounded caches for drawings kept at module level.

A drawing cached for the life of the process must have a fixed limit, or a long session (match
after match, each at new angles, zooms and sizes) grows without end. A limit in entries alone
is not enough when one entry is a card and the next a full-screen shadow, so a cache may also
have a limit in megabytes of pixels. `BoundedCache` is a dict that keeps within both and forgets
the least recently used item first; `cached` is `functools.lru_cache` on one. Every cache is
registered, so a change of text size can clear them all (`clear_all`), as it does every
`functools.lru_cache` in the game.
"""

from __future__ import annotations

import functools
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec, TypeVar, overload

import pygame

__all__ = ["BoundedCache", "CachedFunction", "cached", "clear_all", "every_cache", "pixel_bytes"]

K = TypeVar("K")
V = TypeVar("V")
D = TypeVar("D")
P = ParamSpec("P")
R = TypeVar("R")

_ALL: weakref.WeakSet[BoundedCache[object, object]] = weakref.WeakSet()


def pixel_bytes(value: object) -> int:
    """The pixel memory a cached value holds: its surfaces' (in tuples and lists too)."""
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_height()
    if isinstance(value, tuple | list):
        return sum(pixel_bytes(v) for v in value)
    return 0


class BoundedCache(OrderedDict[K, V], Generic[K, V]):
    """A dict of at most `max_entries` items (and, if given, `max_mb` megabytes of pixels),
    least recently used out first. The newest item always stays, however large."""

    def __init__(self, max_entries: int, max_mb: float | None = None) -> None:
        if max_entries < 1:
            raise ValueError("a cache must hold at least one entry")
        super().__init__()
        self.max_entries = max_entries
        self.max_bytes = None if max_mb is None else int(max_mb * 1_000_000)
        self._weights: dict[K, int] = {}
        self.bytes = 0
        _ALL.add(self)  # type: ignore[arg-type]

    def __getitem__(self, key: K) -> V:
        value = super().__getitem__(key)
        self.move_to_end(key)
        return value

    @overload
    def get(self, key: K, default: None = None, /) -> V | None: ...
    @overload
    def get(self, key: K, default: V, /) -> V: ...
    @overload
    def get(self, key: K, default: D, /) -> V | D: ...
    def get(self, key: K, default: object = None, /) -> object:
        if key in self:
            return self[key]
        return default

    def __setitem__(self, key: K, value: V) -> None:
        if key in self:
            self.bytes -= self._weights.pop(key, 0)
        super().__setitem__(key, value)
        self.move_to_end(key)
        if self.max_bytes is not None:
            weight = pixel_bytes(value)
            self._weights[key] = weight
            self.bytes += weight
        while len(self) > self.max_entries or (
                self.max_bytes is not None and self.bytes > self.max_bytes and len(self) > 1):
            self.popitem(last=False)

    def __delitem__(self, key: K) -> None:
        super().__delitem__(key)
        self.bytes -= self._weights.pop(key, 0)

    def popitem(self, last: bool = True) -> tuple[K, V]:
        key, value = super().popitem(last)
        self.bytes -= self._weights.pop(key, 0)
        return key, value

    def clear(self) -> None:
        super().clear()
        self._weights.clear()
        self.bytes = 0

    def setdefault(self, key: K, default: V) -> V:
        if key not in self:
            self[key] = default
        return self[key]

    def cache_clear(self) -> None:
        """Forget everything (the name `functools.lru_cache` uses)."""
        self.clear()

    # Equal contents are not the same cache: hash and compare by identity, so a WeakSet can
    # hold caches (a dict's own hash would refuse).
    __hash__ = object.__hash__  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        return self is other


class CachedFunction(Generic[P, R]):
    """A function whose results are kept in a `BoundedCache` by its arguments."""

    def __init__(self, fn: Callable[P, R], max_entries: int, max_mb: float | None) -> None:
        self._fn = fn
        self.cache: BoundedCache[Hashable, tuple[R]] = BoundedCache(max_entries, max_mb)
        functools.update_wrapper(self, fn)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        key: Hashable = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        got = self.cache.get(key)
        if got is None:
            got = (self._fn(*args, **kwargs),)  # in a 1-tuple, so a None result is cached too
            self.cache[key] = got
        return got[0]

    def cache_clear(self) -> None:
        self.cache.clear()

    def cache_info(self) -> functools._CacheInfo:
        return functools._CacheInfo(0, 0, self.cache.max_entries, len(self.cache))


def cached(max_entries: int, max_mb: float | None = None
           ) -> Callable[[Callable[P, R]], CachedFunction[P, R]]:
    """`functools.lru_cache(max_entries)` that also keeps within `max_mb` of pixels."""
    def wrap(fn: Callable[P, R]) -> CachedFunction[P, R]:
        return CachedFunction(fn, max_entries, max_mb)
    return wrap


def every_cache() -> list[BoundedCache[object, object]]:
    """Every bounded cache alive in the process."""
    return list(_ALL)


def clear_all() -> None:
    """Forget the contents of every bounded cache."""
    for cache in every_cache():
        cache.clear()
