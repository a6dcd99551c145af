"""Where the game's bundled assets live: `game/assets/`, inside the package itself.

Found from this module's own location, never the working folder, so the same code finds them in
a source checkout, an editable install, an installed wheel (package data) and a frozen
PyInstaller build (which bundles them as `game/assets` under `sys._MEIPASS`).
"""

from __future__ import annotations

import sys
from pathlib import Path


def assets_dir() -> Path:
    """The package's assets folder (theme.json, sounds/)."""
    if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS"):
        return Path(sys._MEIPASS) / "game" / "assets"
    return Path(__file__).resolve().parent.parent / "assets"
