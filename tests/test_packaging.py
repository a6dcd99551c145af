"""The game finds its assets however it is installed: they are package data inside `game/`."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

from game.ui.assets import assets_dir

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"


def test_the_assets_are_inside_the_package() -> None:
    assert assets_dir() == GAME / "assets"
    assert (assets_dir() / "theme.json").is_file()
    assert len(list((assets_dir() / "sounds").glob("*.wav"))) >= 15  # the kit; games own theirs
    assert not (ROOT / "assets").exists()  # nothing left outside the package to forget


def test_every_data_file_in_the_package_is_declared_package_data() -> None:
    """A wheel carries only what package-data names: a new kind of asset must be added there."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["game"]
    data = [p.relative_to(GAME).as_posix() for p in GAME.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts]
    assert data, "no data files found"
    missing = [f for f in data if not any(fnmatch.fnmatchcase(f, pat) for pat in patterns)]
    assert missing == []


def test_the_frozen_build_bundles_the_package_data_not_a_top_level_folder() -> None:
    spec = (ROOT / "build" / "kaboom.spec").read_text(encoding="utf-8")
    assert "_game_datas()" in spec and 'ROOT / "assets"' not in spec
