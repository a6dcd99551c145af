"""The game finds its assets however it is installed: their sources are the top-level `assets/`,
which the build copies into the package as `game/assets/` (setup.py for a wheel, the spec for
the frozen build); a checkout and an editable install read the top-level folder."""

from __future__ import annotations

import fnmatch
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game.ui import assets
from game.ui.assets import assets_dir

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"


def test_a_checkout_reads_the_top_level_assets() -> None:
    assert assets_dir() == ROOT / "assets"
    assert (assets_dir() / "theme.json").is_file()
    assert len(list((assets_dir() / "sounds").glob("*.wav"))) >= 15  # the kit; games own theirs
    assert not (GAME / "assets").exists()  # one copy of the sources, not two to keep in step


def test_an_installed_copy_inside_the_package_comes_first(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A wheel's `game/assets/` is what the installed game reads (the top-level folder is not
    there once installed)."""
    package = tmp_path / "site-packages" / "game"
    (package / "assets").mkdir(parents=True)
    monkeypatch.setattr(assets, "PACKAGE", package)
    assert assets.assets_dir() == package / "assets"
    (package / "assets").rmdir()
    assert assets.assets_dir() == tmp_path / "site-packages" / "assets"


def test_every_data_file_in_the_package_is_declared_package_data() -> None:
    """A wheel carries only what package-data names: a new kind of asset must be added there."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["game"]
    data = [p.relative_to(GAME).as_posix() for p in GAME.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts]
    assert data, "no data files found"
    missing = [f for f in data if not any(fnmatch.fnmatchcase(f, pat) for pat in patterns)]
    assert missing == []


def test_the_frozen_build_bundles_the_top_level_assets_as_package_data() -> None:
    spec = (ROOT / "build" / "kaboom.spec").read_text(encoding="utf-8")
    assert "_game_datas()" in spec and 'ASSETS = ROOT / "assets"' in spec
    assert 'PurePath("game", "assets"' in spec


def test_the_wheels_build_copies_the_assets_into_the_package(tmp_path: Path) -> None:
    """setup.py's build_py, run as a wheel's build runs it: `game/assets/` in the built tree
    holds every file of the top-level `assets/`."""
    out = tmp_path / "lib"
    subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(out)],
                   cwd=ROOT, check=True, capture_output=True)
    want = sorted(p.relative_to(ROOT / "assets").as_posix()
                  for p in (ROOT / "assets").rglob("*") if p.is_file())
    got = sorted(p.relative_to(out / "game" / "assets").as_posix()
                 for p in (out / "game" / "assets").rglob("*") if p.is_file())
    assert want and got == want
