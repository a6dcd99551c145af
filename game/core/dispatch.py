"""A table of functions by class: what a game does for each kind of typed event (its words, its
animation, the table's reaction), filed under the event's class.

`add(cls, fn)` is checked by mypy: `fn` must take an instance of `cls` (after its owner, the
`Voice`, `Presenter` or scene it is a method of), so a table cannot file a handler under the
wrong class, and nobody needs a cast or an `Any` event to build one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

_O = TypeVar("_O")
_R = TypeVar("_R")
_E = TypeVar("_E")

__all__ = ["ByClass"]


class ByClass(Generic[_O, _R]):
    """Functions `fn(owner, event) -> result`, one per event class."""

    def __init__(self) -> None:
        self._fns: dict[type, Callable[[_O, Any], _R]] = {}

    def add(self, cls: type[_E], fn: Callable[[_O, _E], _R]) -> None:
        """File `fn` for the events of class `cls` (a later add for the class replaces it)."""
        self._fns[cls] = fn

    def get(self, cls: type) -> Callable[[_O, Any], _R] | None:
        """The function filed for exactly `cls`, or None."""
        return self._fns.get(cls)

    def __contains__(self, cls: object) -> bool:
        return cls in self._fns

    def classes(self) -> list[type]:
        """The classes with a function, in the order they were added."""
        return list(self._fns)
