"""Validation for names that end up in file names and files: game ids and profile names."""

from __future__ import annotations

import re
import unicodedata

GAME_ID_PATTERN = re.compile(r"[a-z0-9_]{1,64}")
MAX_PROFILE_LENGTH = 32


def check_game_id(game_id: object) -> str:
    """Return ``game_id`` if it is 1-64 of ``[a-z0-9_]`` (safe in a file name), else ValueError."""
    if not isinstance(game_id, str) or GAME_ID_PATTERN.fullmatch(game_id) is None:
        raise ValueError(f"invalid game id {game_id!r}: use 1-64 characters from [a-z0-9_]")
    return game_id


def clean_profile(name: object) -> str:
    """Return the name without outer spaces; ValueError if empty, too long or unprintable."""
    if not isinstance(name, str):
        raise ValueError(f"profile name must be text, not {type(name).__name__}")
    cleaned = name.strip()
    if not cleaned:
        raise ValueError("profile name is empty")
    if len(cleaned) > MAX_PROFILE_LENGTH:
        raise ValueError(f"profile name is longer than {MAX_PROFILE_LENGTH} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in cleaned):
        raise ValueError("profile name contains control characters")
    return cleaned
