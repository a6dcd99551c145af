"""Build hook: the project's top-level `assets/` travels inside the package as `game/assets/`.

Everything else about the package is in pyproject.toml. The assets' sources sit at the top level
(the design's layout: what the scripts make lives beside the code, not in it); a wheel and a
non-editable install must still find them inside the installed package, so `build_py` copies
them in. An editable install and a source checkout read the top-level folder itself
(`game/ui/assets.py`).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ASSETS = Path(__file__).resolve().parent / "assets"


class BuildPyWithAssets(build_py):
    """`build_py`, then a copy of `assets/` into the built package (not for editable builds)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        if not (ASSETS / "theme.json").is_file():
            raise SystemExit(f"the assets are missing: {ASSETS} has no theme.json")
        target = Path(self.build_lib) / "game" / "assets"
        shutil.copytree(ASSETS, target, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithAssets})
