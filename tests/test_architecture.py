"""The design's one-way imports, checked on the source: rules know no pygame or pymunk, worlds
know no pygame, core knows neither, and the framework knows no particular game."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


def offenders(files: list[Path], banned: tuple[str, ...]) -> list[str]:
    bad = []
    for f in files:
        # A module a file imports is named in its text: a file naming none is not parsed
        # (parsing and walking all 221 files of the game took 3 s a test).
        text = f.read_text(encoding="utf-8")
        if not any(b in text for b in banned):
            continue
        for mod in imported_modules(f):
            if mod.split(".")[0] in banned or any(mod.startswith(b + ".") or mod == b
                                                  for b in banned):
                bad.append(f"{f.relative_to(ROOT)} imports {mod}")
    return bad


def test_rules_are_pure_python() -> None:
    files = list(GAME.glob("games/*/rules.py")) + list(GAME.glob("games/*/rules/*.py"))
    assert GAME / "games" / "cabo" / "rules" / "state.py" in files
    # The games that live under the tests keep the same rule (tests/fifthgame).
    from tests.contract import TEST_GAMES

    files += [ROOT.joinpath(*p.split("."), "rules.py") for p in TEST_GAMES]
    assert all(f.is_file() for f in files)
    assert offenders(files, ("pygame", "pymunk", "pygame_gui")) == []


def test_worlds_do_not_draw() -> None:
    files = list(GAME.glob("games/*/world.py")) + list(GAME.glob("physics/*.py"))
    # Tower's world is composed of parts that are physics too.
    parts = ("bodies", "hand", "catapults", "reading")
    files += [GAME / "games" / "tower" / f"{part}.py" for part in parts]
    assert all(f.is_file() for f in files)
    assert offenders(files, ("pygame", "pygame_gui")) == []


def test_core_needs_no_pygame() -> None:
    assert offenders(list(GAME.glob("core/*.py")), ("pygame", "pymunk", "pygame_gui")) == []


def test_framework_knows_no_particular_game() -> None:
    files = [p for d in ("app", "core", "ui", "tabletop", "physics") for p in
             (GAME / d).rglob("*.py")]
    assert offenders(files, ("game.games",)) == []


def test_the_look_layer_never_reaches_into_the_framework() -> None:
    """game/ui draws and plays; it is told what to draw (the app names the games' sound
    folders to the sound bank), it never imports game.app, lazily or not."""
    assert offenders(list((GAME / "ui").rglob("*.py")), ("game.app",)) == []


@pytest.mark.skipif(shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff")
                    .exists(), reason="ruff is installed with the test extra")
def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    res = subprocess.run([ruff, "check", "game", "tests", "scripts"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr


HEADLESS_PARTS = ("options", "sim", "replay", "rules", "savefmt", "ai", "tiers", "world", "turn",
                  "worlddata", "events", "bodies", "hand", "catapults", "reading")
"""A game's parts that simulate, replay and judge without a screen (the `simulate` and
`replay --verify` commands, the tiers): they must load no drawing library."""


def test_a_games_headless_parts_load_no_pygame() -> None:
    """Imported alone, in a fresh process, every game's headless parts pull in no pygame and
    no pygame-gui, not even through a package `__init__` (pymunk is the physics, allowed)."""
    from tests.contract import TEST_GAMES

    modules = [f"game.games.{d.name}.{part}" for d in sorted((GAME / "games").iterdir())
               if (d / "__init__.py").is_file() for part in HEADLESS_PARTS
               if (d / f"{part}.py").is_file() or (d / part / "__init__.py").is_file()]
    modules += [f"{p}.{part}" for p in TEST_GAMES for part in HEADLESS_PARTS
                if ROOT.joinpath(*p.split("."), f"{part}.py").is_file()]
    assert "game.games.cabo.rules" in modules and "game.games.tower.sim" in modules
    code = ("import importlib, sys\n"
            f"for m in {modules!r}:\n"
            "    importlib.import_module(m)\n"
            "    bad = [k for k in ('pygame', 'pygame_gui') if k in sys.modules]\n"
            "    if bad:\n"
            "        print(m, 'loads', *bad)\n"
            "        break\n")
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == ""


def test_no_game_imports_another() -> None:
    """Each game is its folder and the kit: what two games share belongs in the kit."""
    bad = []
    for folder in sorted(p for p in (GAME / "games").iterdir() if p.is_dir()):
        others = tuple(f"game.games.{p.name}" for p in (GAME / "games").iterdir()
                       if p.is_dir() and p != folder)
        bad += offenders(list(folder.rglob("*.py")), others)
    assert bad == []


def _module_name(path: Path, top: Path) -> str:
    parts = list(path.relative_to(top.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _top_level_imports(path: Path, name: str, modules: set[str]) -> set[str]:
    """The game modules `name` imports as it loads: module-level imports (inside `if`/`try`
    too), not those in functions or under `TYPE_CHECKING`; importing `a.b.c` loads `a.b`."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If):
                if "TYPE_CHECKING" not in ast.unparse(node.test):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                for block in (node.body, node.orelse, node.finalbody,
                              *(h.body for h in node.handlers)):
                    visit(block)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                found.add(base)
                found.update(f"{base}.{a.name}" for a in node.names
                             if f"{base}.{a.name}" in modules)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    out = set()
    for mod in found:
        parts = mod.split(".")
        for i in range(1, len(parts) + 1):
            q = ".".join(parts[:i])
            # A package's own `__init__` is loaded before its modules: not an edge back.
            if q in modules and q != name and not name.startswith(q + "."):
                out.add(q)
    return out


def import_cycles(root: Path) -> list[list[str]]:
    """The groups of modules under `root` whose load-time imports go round in a circle."""
    from tests.app.test_import_graph import cycles

    paths = {_module_name(p, root): p for p in root.rglob("*.py")}
    return cycles({n: _top_level_imports(p, n, set(paths)) for n, p in paths.items()})


def test_no_import_cycle_as_the_game_loads(tmp_path: Path) -> None:
    """The parts map's arrows run one way when the game loads: no two modules need each
    other at import time (a circle would force imports into functions to dodge it)."""
    assert import_cycles(GAME) == []
    # The check sees a circle (here through a package's `__init__`).
    pk = tmp_path / "game" / "pk"
    pk.mkdir(parents=True)
    (tmp_path / "game" / "__init__.py").write_text("")
    (pk / "__init__.py").write_text("from game.pk.a import A\n")
    (pk / "a.py").write_text("from game.other import B\nA = 1\n")
    (tmp_path / "game" / "other.py").write_text("import game.pk\nB = 2\n")
    assert import_cycles(tmp_path / "game") == [["game.other", "game.pk", "game.pk.a"]]
