"""Seeded randomness: each match owns one ``random.Random`` from a seed that saves and reports keep.

Never use the module-level ``random`` functions in game code: they cannot be replayed. Every random
stream of a match (the deal, the tile pile, each AI seat, each turn's physics, the effects) is
``derive_rng(seed, purpose, index)`` of the one match seed, so ``play --seed N`` and
``simulate --seed N`` are the same match. Purposes in use: ``"deal"`` (cabo's deck),
``"tiles"`` (tower's pile), ``"turn"`` (tower's physics per turn), ``"ai"`` (a seat, by index),
``"fx"`` (cosmetic effects only) and ``"game"`` (the k-th match of a ``simulate --games K`` run).
"""

from __future__ import annotations

import hashlib
import random
import secrets

SEED_LIMIT = 2**31  # seeds are 0..SEED_LIMIT-1: short enough to type into the CLI's --seed


def new_seed() -> int:
    """A fresh, unpredictable seed in 0..2**31-1 for a new match."""
    return secrets.randbelow(SEED_LIMIT)


def make_rng(seed: int) -> random.Random:
    """The match's random generator; the same seed always gives the same sequence."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    return random.Random(seed)


def derive_seed(seed: int, *labels: str | int) -> int:
    """A sub-seed for one purpose (``derive_seed(seed, "ai", 2)``), stable across runs and machines.

    Uses SHA-256, not ``hash()`` (salted per process); ``1`` and ``"1"`` give different seeds.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    parts = [f"i:{seed}"]
    for label in labels:
        if isinstance(label, str):
            parts.append(f"s:{label}")
        elif isinstance(label, int) and not isinstance(label, bool):
            parts.append(f"i:{label}")
        else:
            raise TypeError(f"labels must be str or int, not {type(label).__name__}")
    # Length-prefix each part so no two different label lists can encode to the same bytes.
    encoded = b"".join(len(p.encode()).to_bytes(4, "big") + p.encode() for p in parts)
    digest = hashlib.sha256(encoded).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT


def derive_rng(seed: int, *labels: str | int) -> random.Random:
    """The random stream ``derive_seed(seed, *labels)`` seeds: one per purpose and index."""
    return random.Random(derive_seed(seed, *labels))
