"""Seeds: fresh seeds in range, reproducible generators, stable derived seeds."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.rng import SEED_LIMIT, derive_seed, make_rng, new_seed


def test_new_seed_range() -> None:
    seeds = {new_seed() for _ in range(200)}
    assert all(0 <= s < SEED_LIMIT == 2**31 for s in seeds)
    assert len(seeds) > 190


def test_make_rng_is_reproducible() -> None:
    a, b = make_rng(1234), make_rng(1234)
    assert [a.random() for _ in range(5)] == [b.random() for _ in range(5)]
    assert make_rng(1).random() != make_rng(2).random()


def test_derive_seed_is_stable_across_runs() -> None:
    # Fixed values: if these change, every recorded seed and replay changes meaning.
    assert derive_seed(1234, "ai", 2) == 172335783
    assert derive_seed(0) == 2043428101


def test_derive_seed_distinguishes_labels() -> None:
    seeds = {
        derive_seed(7),
        derive_seed(7, "a"),
        derive_seed(7, "b"),
        derive_seed(7, "ab"),
        derive_seed(7, "a", "b"),
        derive_seed(7, 1),
        derive_seed(7, "1"),
        derive_seed(8, "a"),
    }
    assert len(seeds) == 8
    assert all(0 <= s < SEED_LIMIT for s in seeds)
    assert derive_seed(7, "deck") == derive_seed(7, "deck")


@pytest.mark.parametrize(
    ("seed", "labels"), [("7", ()), (True, ()), (7, (1.5,)), (7, (None,)), (7, (False,))]
)
def test_bad_types(seed: Any, labels: tuple[Any, ...]) -> None:
    with pytest.raises(TypeError):
        derive_seed(seed, *labels)


def test_make_rng_rejects_non_int() -> None:
    with pytest.raises(TypeError):
        make_rng("12")  # type: ignore[arg-type]
