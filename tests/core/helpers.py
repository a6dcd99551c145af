"""Shared helpers for core tests: the sample files and what atomic writes and moves leave behind."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples"

SampleCopier = Callable[[str, Path], Path]


def aside_files(path: Path) -> list[Path]:
    """Files put aside next to ``path`` (``<name>.<tag>-<time>``)."""
    return sorted(path.parent.glob(f"{path.name}.*-*"))


def temp_files(directory: Path) -> list[Path]:
    """Leftover temporary files of atomic writes in ``directory``."""
    return sorted(directory.glob(".*.tmp"))
