"""Bounded caches for drawings kept at module level.

A drawing cached for the life of the process must have a fixed limit, or a long session (match
after match, each at new angles, zooms and sizes) grows without end. `BoundedCache` is a dict
that keeps at most `max_entries` items and forgets the least recently used one first. Every
instance is registered, so a change of text size can clear them all (`clear_all`), as it does
every `functools.lru_cache` in the game.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from typing import Generic, TypeVar, overload

__all__ = ["BoundedCache", "clear_all", "every_cache"]

K = TypeVar("K")
V = TypeVar("V")
D = TypeVar("D")

_ALL: weakref.WeakSet[BoundedCache[object, object]] = weakref.WeakSet()


class BoundedCache(OrderedDict[K, V], Generic[K, V]):
    """A dict of at most `max_entries` items, least recently used out first."""

    def __init__(self, max_entries: int) -> None:
        if max_entries < 1:
            raise ValueError("a cache must hold at least one entry")
        super().__init__()
        self.max_entries = max_entries
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
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.max_entries:
            self.popitem(last=False)

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


def every_cache() -> list[BoundedCache[object, object]]:
    """Every bounded cache alive in the process."""
    return list(_ALL)


def clear_all() -> None:
    """Forget the contents of every bounded cache."""
    for cache in every_cache():
        cache.clear()
