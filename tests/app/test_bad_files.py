"""Bad files, table-driven, through the real start and Continue paths.

Each case damages one player file (settings, statistics, each catalogue game's save), starts
the real App (and the title's Continue, or the catalogue's Resume), and checks: no exception and
no traceback, the player told with the exact moved-to path, the original bytes
still on disk beside the file, and the next start clean (nothing to tell, nothing to continue).

The generic damage to the bytes (empty, truncated, binary, too deep, too big, a folder, a link)
is tried on the settings, the statistics and the first game's real sample save: the kit's reading
refuses it before any game's code runs. Every game in the catalogue gets the cases that reach its
own code, from its real sample save (its recipe, `tests/games/<id>/sample.py`): a wrong envelope
or setup, the Resume route, what is wrong inside its own game part (the recipe's
`BAD_GAME_STATES`) and the old samples it must refuse (`REFUSED_SAMPLES`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game.app import catalogue
from game.app.headless import HeadlessDriver, make_headless_app
from game.app.launch import resume_game
from game.app.menus.title import TitleScene
from game.core.jsonio import MAX_FILE_BYTES
from game.core.settings import SETTINGS_VERSION, Settings
from tests.contract import recipe_of

SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples"
Doc = dict[str, Any]


def deep(levels: int) -> str:
    """JSON text nested ``levels`` deep (lists inside objects), made as text: json.dumps of
    such a value would itself hit the recursion limit."""
    opens = "".join('{"a": ' if i % 2 else "[" for i in range(levels))
    closes = "".join("}" if i % 2 else "]" for i in reversed(range(levels)))
    return f"{opens}1{closes}"


@dataclass(frozen=True)
class Target:
    """A kind of player file: where it lives, a good document, and where deep junk goes."""

    name: str
    rel: str
    good: Callable[[], Doc]
    put_deep: Callable[[Doc, Any], None]
    game: str | None = None


def _sample(name: str) -> Callable[[], Doc]:
    return lambda: json.loads((SAMPLES / name).read_text(encoding="utf-8"))


def _meta(doc: Doc, value: Any) -> None:
    doc["meta"]["deep"] = value


def _recipe(game: str) -> Any:
    """A game's sample recipe (`tests/games/<id>/sample.py`; a test game's own `sample`)."""
    return recipe_of(game)


TARGETS = {
    "settings": Target("settings", "config/settings.json", lambda: Settings().to_dict(),
                       lambda d, v: d["last_setup"].update(cabo={"x": v})),
    "stats": Target("stats", "data/stats.json", _sample("stats-v1.json"),
                    lambda d, v: d.update(extra=v)),
    **{info.id: Target(info.id, f"data/saves/{info.id}.json", _sample(_recipe(info.id).SAMPLE),
                       _meta, info.id) for info in catalogue.games()},
}


def _text(doc: Doc) -> bytes:
    return json.dumps(doc).encode()


def _with(change: Callable[[Doc], None]) -> Callable[[Target], bytes]:
    def make(target: Target) -> bytes:
        doc = target.good()
        change(doc)
        return _text(doc)
    return make


def _deep(levels: int) -> Callable[[Target], bytes]:
    def make(target: Target) -> bytes:
        doc = target.good()
        target.put_deep(doc, "@DEEP@")
        return _text(doc).replace(b'"@DEEP@"', deep(levels).encode())
    return make


# Damage that every kind of file can suffer: name -> the bytes written.
GENERIC: dict[str, Callable[[Target], bytes]] = {
    "empty": lambda t: b"",
    "truncated": lambda t: _text(t.good())[: len(_text(t.good())) // 2],
    "not-utf8": lambda t: b'{"version": 1, "x": "\xff\xfe\xfa"}',
    "binary": lambda t: (SAMPLES / "corrupt-binary.json").read_bytes(),
    "nan": lambda t: b'{"version": 1, "x": NaN}',
    "top-level-list": lambda t: b"[1, 2, 3]",
    "deep-500": _deep(500),
    "deep-990": _deep(990),
    "deep-5000": _deep(5000),
    "newer-version": _with(lambda d: d.update(version=99)),
    "version-text": _with(lambda d: d.update(version="one")),
    "version-negative": _with(lambda d: d.update(version=-1)),
}
# Settings are read field by field: a file of another version is read as far as understood, the
# original moved aside, and what was read written back at this version (so the next start is clean).
REWRITTEN = {("settings", "newer-version"), ("settings", "version-text"),
             ("settings", "version-negative")}


def _setup(change: Callable[[Doc], None]) -> Callable[[Doc], None]:
    return lambda d: change(d["state"]["setup"])


def _save_cases(game: str) -> dict[str, Callable[[Doc], None]]:
    """Valid JSON, wrong inside: each must be refused before the table sees it (the envelope
    and setup of any game's save, then what its recipe knows is wrong in its own part)."""
    return {
        "setup-a-string": lambda d: d["state"].update(setup=f"{game} for four"),
        "seats-numbers": _setup(lambda s: s.update(seats=[1, 2, 3])),
        "seats-a-dict": _setup(lambda s: s.update(seats={"0": "Ana"})),
        "seat-colour": _setup(lambda s: s["seats"][0].update(colour="red")),
        "seat-kind": _setup(lambda s: s["seats"][1].update(kind="ghost")),
        "game-id-escape": _setup(lambda s: s.update(game_id="../../x")),
        "setup-seed-text": _setup(lambda s: s.update(seed="lucky")),
        "envelope-game": lambda d: d.update(game="../../x"),
        "envelope-seed": lambda d: d.update(seed=[1]),
        "no-game-part": lambda d: d["state"].pop("game"),
        "game-version-newer": lambda d: d["state"]["game"].update(version=99),
        "game-version-older": lambda d: d["state"]["game"].update(version=0),
        **_recipe(game).BAD_GAME_STATES,
    }


@dataclass(frozen=True)
class Case:
    target: Target
    name: str
    content: Callable[[Target], bytes] | None = None  # None: a special kind of damage
    route: str = "title"  # title (Continue) or resume (the catalogue's Resume)


def _cases() -> list[Case]:
    cases = []
    first_game = next(t.game for t in TARGETS.values() if t.game is not None)
    for target in TARGETS.values():
        if target.game in (None, first_game):
            # Damage to the bytes is refused by the kit's reading (`game.core.jsonio`) before
            # any game's code sees the file: one game's save stands for every game's here.
            for name, make in GENERIC.items():
                cases.append(Case(target, name, make))
            for special in ("huge", "folder", "symlink-to-bad"):
                cases.append(Case(target, special))
        if target.game is not None:
            for name, change in _save_cases(target.game).items():
                cases.append(Case(target, name, _with(change)))
            inside = next(iter(_recipe(target.game).BAD_GAME_STATES))
            for name in ("truncated", "deep-990", "seats-numbers", inside):
                make = GENERIC.get(name) or _with(_save_cases(target.game)[name])
                cases.append(Case(target, name, make, route="resume"))
            for old in _recipe(target.game).REFUSED_SAMPLES:
                cases.append(Case(target, f"old-sample-{old}",
                                  lambda t, old=old: (SAMPLES / old).read_bytes()))
    stats = TARGETS["stats"]
    cases.append(Case(stats, "profiles-a-list", _with(lambda d: d.update(profiles=[1]))))
    cases.append(Case(stats, "version-0", _with(lambda d: d.pop("version"))))
    return cases


CASES = _cases()


def _damage(case: Case, path: Path, outside: Path) -> None:
    """Put the damaged file in place; return nothing (the test reads the original back)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if case.name == "huge":
        with open(path, "wb") as handle:  # sparse: fast to make, too big to read
            handle.truncate(MAX_FILE_BYTES + 1)
    elif case.name == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("a folder where a file should be")
    elif case.name == "symlink-to-bad":
        outside.write_bytes(b'{"version": 1, "trunc')
        os.symlink(outside, path)
    else:
        assert case.content is not None
        path.write_bytes(case.content(case.target))


def _fingerprint(path: Path) -> Any:
    """What must survive the move: bytes, a link's target, or a folder's listing."""
    if path.is_symlink():
        return ("link", os.readlink(path))
    if path.is_dir():
        return ("dir", sorted(p.name for p in path.iterdir()))
    with open(path, "rb") as handle:
        return ("file", handle.read(4096), os.fstat(handle.fileno()).st_size)


def _start(case: Case) -> tuple[Any, list[str]]:
    """The real start: the App, then the title (which decides what Continue offers)."""
    app = make_headless_app()
    driver = HeadlessDriver(app)
    if case.route == "resume" and case.target.game is not None:
        info = catalogue.get(case.target.game)
        assert info is not None
        assert not resume_game(app, info)
    title = TitleScene(app)
    app.stack.push(title)
    app.stack.apply_requests()
    driver.step()
    offered = [str(getattr(e, "text", "")) for e in title.elements]
    return app, offered


@pytest.mark.parametrize("case", CASES, ids=[f"{c.target.name}-{c.name}-{c.route}"
                                             for c in CASES])
def test_bad_file(case: Case, kaboom_home: Path, tmp_path: Path,
                  capfd: pytest.CaptureFixture[str]) -> None:
    path = kaboom_home / case.target.rel
    _damage(case, path, tmp_path / "elsewhere.json")
    before = _fingerprint(path)
    app, offered = _start(case)
    try:
        told = " ".join(t.text for t in app.toasts)
        if case.target.game is not None:
            assert not any(o.startswith("Continue") for o in offered)
        moved = sorted(path.parent.glob(f"{path.name}.*-*"))
        assert len(moved) == 1, (moved, told)
        assert _fingerprint(moved[0]) == before  # the player's bytes, untouched
        assert str(moved[0]) in told  # the exact new path is on screen
        if (case.target.name, case.name) in REWRITTEN:
            assert json.loads(path.read_text(encoding="utf-8"))["version"] == SETTINGS_VERSION
        else:
            assert not (path.exists() or path.is_symlink())
    finally:
        app.shutdown(quit_pygame=False)
    if case.name == "symlink-to-bad":
        assert (tmp_path / "elsewhere.json").read_bytes() == b'{"version": 1, "trunc'
    app, offered = _start(Case(case.target, "next start"))  # clean: nothing told, nothing offered
    try:
        assert app.toasts == []
        assert not any(o.startswith("Continue") for o in offered)
        assert len(sorted(path.parent.glob(f"{path.name}.*-*"))) == 1
    finally:
        app.shutdown(quit_pygame=False)
    err = capfd.readouterr().err
    assert "Traceback" not in err


def test_settings_with_many_bad_fields_are_all_told_grouped(kaboom_home: Path) -> None:
    bad = {"version": 1, "display": {"fullscreen": "yes", "vsync": 3, "show_fps": None},
           "audio": {"master": "loud", "effects": 7, "music": -2},
           "accessibility": {"colourblind": 1, "reduced_motion": "no", "large_text": []},
           "controls": {"keys1": {"up": "", "down": 5}, "keys2": {"pause": "\u0007"}},
           "assists": {"first_match_tips": 99, "trajectory_preview": "on"}, "profile": ""}
    path = kaboom_home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(bad), encoding="utf-8")
    app = make_headless_app()
    try:
        assert len(app.settings_warnings) == 15
        told = [t.text for t in app.toasts]
        assert len(told) == 1  # one grouped notice, not the last four of fifteen
        for name in ("display: fullscreen, vsync, show_fps", "audio: master, effects, music",
                     "accessibility: colourblind, reduced_motion, large_text",
                     "controls.keys1: up, down", "controls.keys2: pause",
                     "assists: trajectory_preview, first_match_tips", "general: profile"):
            assert name in told[0], told[0]
        assert "15 settings" in told[0]
        assert path.exists()  # field-level trouble keeps the file; each field fell back
    finally:
        app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("folder", ["config", "data"])
def test_a_file_where_a_folder_goes_is_moved_aside(kaboom_home: Path, folder: str) -> None:
    kaboom_home.mkdir(parents=True)
    (kaboom_home / folder).write_bytes(b"not a folder")
    app = make_headless_app()
    try:
        moved = sorted(kaboom_home.glob(f"{folder}.corrupt-*"))
        assert len(moved) == 1 and moved[0].read_bytes() == b"not a folder"
        assert any(str(moved[0]) in t.text for t in app.toasts)
        app.settings.audio.master = 0.3
        app.save_settings()
        settings = kaboom_home / "config" / "settings.json"
        assert json.loads(settings.read_text())["audio"]["master"] == 0.3
        assert app.saves.save("cabo", {"x": 1}, seed=1).is_file()
    finally:
        app.shutdown(quit_pygame=False)


def test_read_only_data_folder_without_saves(kaboom_home: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core import paths

    def read_only() -> Path:
        raise PermissionError(13, "Read-only file system", str(kaboom_home / "data" / "saves"))

    monkeypatch.setattr(paths, "saves_dir", read_only)
    app, offered = _start(Case(TARGETS["cabo"], "read-only"))
    try:
        assert not any(o.startswith("Continue") for o in offered)
        info = catalogue.get("cabo")
        assert info is not None
        assert not resume_game(app, info)
        setup = catalogue.default_setup(info, seed=3)
        scene = info.make_scene(app, setup, None)
        scene.autosave()  # type: ignore[attr-defined]
        assert any("Could not save the game" in t.text for t in app.toasts)
    finally:
        app.shutdown(quit_pygame=False)


def test_stale_temporary_files_are_cleaned_at_start(kaboom_home: Path) -> None:
    folders = [kaboom_home / "config", kaboom_home / "data", kaboom_home / "data" / "saves",
               kaboom_home / "data" / "replays", kaboom_home / "logs"]
    stale, fresh = [], []
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
        old = folder / ".settings.json.abc123.tmp"
        old.write_text("{half")
        os.utime(old, (1_000_000, 1_000_000))
        stale.append(old)
        new = folder / ".stats.json.def456.tmp"
        new.write_text("{being written")
        fresh.append(new)
    keep = kaboom_home / "data" / "saves" / "notes.tmp"  # not ours: hidden .tmp files only
    keep.write_text("mine")
    os.utime(keep, (1_000_000, 1_000_000))
    replay = kaboom_home / "data" / "replays" / "cabo-20261120-101010-5.json"
    replay.write_text("{}")
    os.utime(replay, (1_000_000, 1_000_000))
    from game.core.log import setup_logging, shutdown_logging

    setup_logging()  # the command line's start, before the App
    app, _ = _start(Case(TARGETS["cabo"], "stale"))
    try:
        assert [p for p in stale if p.exists()] == []
        assert all(p.exists() for p in fresh)  # a write in progress elsewhere is left alone
        assert keep.exists() and replay.exists()
    finally:
        app.shutdown(quit_pygame=False)
        shutdown_logging()


def test_dangling_symlink_counts_as_missing(kaboom_home: Path) -> None:
    path = kaboom_home / "data" / "saves" / "cabo.json"
    path.parent.mkdir(parents=True)
    os.symlink(kaboom_home / "nowhere.json", path)
    app, offered = _start(Case(TARGETS["cabo"], "dangling"))
    try:
        assert not any(o.startswith("Continue") for o in offered)
        assert app.toasts == []
    finally:
        app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("seat", [{"name": "Ana", "colour": "red"}, {"name": ["Ana"]}, 7])
def test_bad_remembered_lobby_setup_is_forgotten_not_shown(kaboom_home: Path, seat: Any) -> None:
    path = kaboom_home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 1, "last_setup": {"cabo": {
        "seats": [seat, {"name": "Ben"}], "options": {"rounds": 3}}}}), encoding="utf-8")
    app = make_headless_app()
    try:
        assert "cabo" not in app.settings.last_setup
        assert any("remembered setup for 'cabo'" in t.text for t in app.toasts)
        from game.app.menus.lobby import LobbyScene

        info = catalogue.get("cabo")
        assert info is not None
        lobby = LobbyScene(app, info)
        HeadlessDriver(app, lobby).run(5)  # draws the default table, no crash
        assert all(s.colour.startswith("#") for s in lobby.setup.seats)
    finally:
        app.shutdown(quit_pygame=False)
