"""Module-level drawing caches are bounded: least recently used out first, all clearable."""

from __future__ import annotations

import pygame

from game.ui import cache, text
from game.ui.cache import BoundedCache


def test_keeps_at_most_its_limit_and_drops_the_least_recently_used() -> None:
    c: BoundedCache[str, int] = BoundedCache(3)
    c["a"], c["b"], c["c"] = 1, 2, 3
    assert c.get("a") == 1  # "a" is now the most recently used
    c["d"] = 4
    assert list(c) == ["c", "a", "d"]
    assert c["c"] == 3
    c["e"] = 5
    assert list(c) == ["d", "c", "e"] and len(c) == 3
    assert c.get("a") is None and c.get("a", 0) == 0
    assert c.setdefault("f", 6) == 6 and "d" not in c


def test_a_change_of_text_size_clears_every_bounded_cache() -> None:
    c: BoundedCache[int, pygame.Surface] = BoundedCache(4)
    c[1] = pygame.Surface((2, 2))
    assert c in cache.every_cache()
    text.forget_cached_drawings()
    assert len(c) == 0

