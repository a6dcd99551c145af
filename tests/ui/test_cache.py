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



def test_a_pixel_limit_drops_old_drawings_but_keeps_the_newest() -> None:
    c: BoundedCache[int, pygame.Surface] = BoundedCache(100, max_mb=0.05)  # 50,000 bytes
    for i in range(5):
        c[i] = pygame.Surface((50, 50), pygame.SRCALPHA)  # 10,000 bytes each
    assert list(c) == [0, 1, 2, 3, 4] and c.bytes == 50_000
    c[5] = pygame.Surface((50, 50), pygame.SRCALPHA)
    assert list(c) == [1, 2, 3, 4, 5] and c.bytes == 50_000
    c[6] = pygame.Surface((200, 200), pygame.SRCALPHA)  # larger than the limit on its own
    assert list(c) == [6] and c.bytes == 160_000
    del c[6]
    assert c.bytes == 0


def test_a_cached_function_computes_each_argument_once_within_its_limit() -> None:
    calls: list[tuple[int, int]] = []

    @cache.cached(2)
    def square(w: int, h: int = 1) -> pygame.Surface:
        calls.append((w, h))
        return pygame.Surface((w, h))

    a = square(3)
    assert square(3) is a and calls == [(3, 1)]
    square(4, h=2)
    square(5)  # the third: (3,) was the least recently used
    assert square(4, h=2) is not None and calls == [(3, 1), (4, 2), (5, 1)]
    assert square(3) is not a and square.cache_info().currsize == 2
    text.forget_cached_drawings()
    assert square.cache_info().currsize == 0
