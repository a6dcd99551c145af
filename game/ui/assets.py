"""Where the game's assets live, however it is installed.

Their sources are the project's top-level `assets/` (theme.json, the kit's sounds: what the
scripts make), beside `game/`. The build installs them into the package: a wheel carries them as
`game/assets/` (setup.py's `build_py` copies them in) and a frozen PyInstaller build bundles
them as `game/assets` under `sys._MEIPASS`. A source checkout and an editable install read the
top-level folder itself. Found from this module's own location, never the working folder.
"""

from __future__ import annotations

import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
"""The `game` package's folder."""


def assets_dir() -> Path:
    """The assets folder (theme.json, sounds/): the installed copy inside the package when
    there is one (a wheel, a frozen build), else the project's top-level `assets/`."""
    if getattr(sys, "frozen", False) and hasattr(sys, "_MEIPASS"):
        return Path(sys._MEIPASS) / "game" / "assets"
    installed = PACKAGE / "assets"
    if installed.is_dir():
        return installed
    return PACKAGE.parent / "assets"
