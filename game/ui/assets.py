"""Where the game's bundled assets live, from the package itself and never the working folder."""

from __future__ import annotations

import sys
from pathlib import Path

import game


def assets_dir() -> Path:
    """The assets/ folder: inside the PyInstaller bundle when frozen, else next to the package."""
    if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS"):
        return Path(sys._MEIPASS) / "assets"
    return Path(game.__file__).resolve().parent.parent / "assets"
