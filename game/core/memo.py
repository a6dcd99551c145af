"""Work a process does again and again with the same answer, done once.

The demo scenes (screenshots, smoke, bench, the layout walk) play the same seeded match to the
same point each time one opens: the rules and the AIs are deterministic, so the answer is
kept, and each caller gets its own deep copy to change as it likes. Pure Python (no pygame).
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")

#: How many answers are kept (the oldest used goes first): a few demo matches, not a session.
LIMIT = 16

_kept: OrderedDict[Hashable, Any] = OrderedDict()


def remembered(key: Hashable, make: Callable[[], T]) -> T:
    """`make()`, or a copy of what it returned the last time it was asked under `key`. The key
    must name everything the answer depends on (the setup, the stopping point, the level)."""
    if key in _kept:
        _kept.move_to_end(key)
        return copy.deepcopy(_kept[key])  # type: ignore[no-any-return]
    value = make()
    _kept[key] = copy.deepcopy(value)
    while len(_kept) > LIMIT:
        _kept.popitem(last=False)
    return value


def forget() -> None:
    """Drop every kept answer (a memory measurement starts from nothing)."""
    _kept.clear()
