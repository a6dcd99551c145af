"""A match only ever touches its own saves: starting one asks before writing over an unfinished
game, finishing one removes only the files it came from or wrote, and a crash just after a resume
moves aside every save of that match (so the next start is clean). All through the real menus
and every game's real table (tests/contract.py: the catalogue's games and their samples)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import catalogue
from game.app.headless import HeadlessDriver, make_headless_app
from game.app.menus.confirm import ConfirmDialog
from game.app.menus.lobby import LobbyScene
from game.app.menus.overlays import CrashScene
from game.app.menus.title import TitleScene
from tests.app.test_resume import click_label, labels
from tests.contract import SAMPLES, game_ids, game_title, sample_name


def put_sample(home: Path, game: str, name: str) -> Path:
    folder = home / "data" / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    dest = folder / name
    shutil.copyfile(SAMPLES / sample_name(game), dest)
    return dest


def aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.*-*"))


def open_lobby(app: Any, game: str) -> tuple[HeadlessDriver, LobbyScene]:
    info = catalogue.get(game)
    assert info is not None
    driver = HeadlessDriver(app, TitleScene(app))
    lobby = LobbyScene(app, info)
    app.push(lobby)
    driver.settle(5)
    assert app.stack.top is lobby
    return driver, lobby


def play_until_autosaved(driver: HeadlessDriver, path: Path, frames: int = 900) -> None:
    for _ in range(frames):
        if path.exists():
            return
        driver.step()
    raise AssertionError(f"the match never autosaved to {path}")


# Finishing -------------------------------------------------------------------------------

@pytest.mark.parametrize("game", game_ids())
def test_finishing_a_new_match_keeps_another_save(kaboom_home: Path, app: Any,
                                                  game: str) -> None:
    manual = put_sample(kaboom_home, game, f"{game}.json")
    original = manual.read_bytes()
    driver, lobby = open_lobby(app, game)
    click_label(driver, lobby, "Start game")  # a manual save is never written over: no question
    driver.settle(40)
    scene = app.stack.top
    assert scene is not None and scene.scene_id == game and scene.resumed_from is None
    if hasattr(scene, "speed"):
        scene.speed = 8.0  # logic time runs faster, as in the scene tests (a look waits 30 s)
    autosave = manual.with_name(f"{game}.autosave.json")
    play_until_autosaved(driver, autosave)
    scene.finish([0.0] * len(scene.seats), [0])
    assert not autosave.exists()  # the match's own autosave is gone
    assert manual.read_bytes() == original  # the other game's save is untouched


@pytest.mark.parametrize("game", game_ids())
def test_finishing_a_resumed_match_removes_the_save_it_came_from(kaboom_home: Path, app: Any,
                                                                 game: str) -> None:
    manual = put_sample(kaboom_home, game, f"{game}.json")
    title = TitleScene(app)
    driver = HeadlessDriver(app, title)
    driver.step()
    click_label(driver, title, f"Continue {game_title(game)}")
    driver.settle(40)
    scene = app.stack.top
    assert scene is not None and scene.resumed_from == manual
    autosave = manual.with_name(f"{game}.autosave.json")
    play_until_autosaved(driver, autosave)
    scene.finish([0.0] * len(scene.seats), [0])
    assert not manual.exists() and not autosave.exists()
    assert aside(manual) == [] and aside(autosave) == []


# Starting: the lobby asks before writing over an unfinished game --------------------------

def _unfinished(kaboom_home: Path) -> tuple[Path, bytes]:
    path = put_sample(kaboom_home, "cabo", "cabo.autosave.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["kind"] = "autosave"
    data["saved_at"] = "2026-11-20T14:03:00+00:00"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, path.read_bytes()


def test_the_lobby_asks_before_a_new_match_replaces_an_unfinished_one(kaboom_home: Path,
                                                                      app: Any) -> None:
    path, original = _unfinished(kaboom_home)
    driver, lobby = open_lobby(app, "cabo")
    click_label(driver, lobby, "Start game")
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.message.startswith("You have an unfinished Kaboom! cards game (saved ")
    assert "2026 at " in dialog.message or "20 Nov" in dialog.message
    assert dialog.message.endswith("Starting a new one replaces it. Start anyway?")
    assert dialog.detail == "Round 2 of 3: Ana 12, Ben -9, Cleo 10"  # the summary, quieter
    assert labels(dialog) == ["Continue my game", "Start anyway"]
    driver.step()
    driver.screenshot(kaboom_home / "dialog.png")  # draws without error
    # The keyboard: Escape changes nothing; the focus starts on the safe choice.
    driver.key(pygame.K_ESCAPE)
    driver.settle(5)
    assert app.stack.top is lobby and path.read_bytes() == original
    # The mouse: "Continue my game" goes back to the saved match, not to a new one.
    click_label(driver, lobby, "Start game")
    click_label(driver, app.stack.top, "Continue my game")
    driver.settle(40)
    resumed = app.stack.top
    assert resumed is not None and resumed.scene_id == "cabo"
    assert resumed.setup.seed == 31 and list(app.stack.scenes)[-2] is lobby
    app.pop()
    driver.settle(40)
    assert app.stack.top is lobby
    # A pad: right to "Start anyway", confirm. The match takes the lobby's place.
    click_label(driver, lobby, "Start game")
    below = list(app.stack.scenes)[:-2]
    driver.press("pad0", "right")  # the first press shows the focus ring (on Continue my game)
    assert app.stack.top.nav.visible
    assert app.stack.top.nav.focused.element.text == "Continue my game"
    driver.press("pad0", "right")
    driver.press("pad0", "confirm")
    driver.settle(40)
    scene = app.stack.top
    assert scene is not None and scene.scene_id == "cabo"
    assert list(app.stack.scenes) == [*below, scene]
    assert scene.setup.seed == lobby.setup.seed != 31  # the new match, not the saved one


def test_no_question_without_an_unfinished_game(kaboom_home: Path, app: Any) -> None:
    driver, lobby = open_lobby(app, "cabo")
    click_label(driver, lobby, "Start game")
    driver.settle(40)
    assert app.stack.top is not None and app.stack.top.scene_id == "cabo"


def test_a_bad_autosave_found_on_start_is_moved_aside_not_asked_about(kaboom_home: Path,
                                                                      app: Any) -> None:
    driver, lobby = open_lobby(app, "cabo")
    path = kaboom_home / "data" / "saves" / "cabo.autosave.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"version": 1, "trunc')  # damaged while the lobby was open
    click_label(driver, lobby, "Start game")
    driver.settle(40)
    assert app.stack.top is not None and app.stack.top.scene_id == "cabo"
    moved = aside(path)
    assert len(moved) == 1 and moved[0].read_bytes() == b'{"version": 1, "trunc'
    assert any(str(moved[0]) in t.text for t in app.toasts)


def test_play_from_the_command_line_asks_too(kaboom_home: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from game import cli
    from game.app.app import App
    from game.core.log import shutdown_logging

    path, original = _unfinished(kaboom_home)
    seen: dict[str, Any] = {}

    def run(self: App, first: Any) -> int:
        self.stack.push(first)
        self.stack.apply_requests()
        seen["first"] = first
        driver = HeadlessDriver(self)
        driver.step()
        driver.key(pygame.K_ESCAPE)
        driver.settle(5)
        seen["after"] = self.stack.top
        seen["offered"] = labels(self.stack.top)
        self.shutdown(quit_pygame=False)
        return 0

    monkeypatch.setattr(App, "run", run)
    try:
        code = cli.main(["--data-dir", str(kaboom_home), "play", "cabo", "--players", "human,ai"])
    finally:
        shutdown_logging()
    assert code == 0
    assert isinstance(seen["first"], ConfirmDialog)
    assert isinstance(seen["after"], TitleScene)  # kept: back at the title, which offers it
    assert "Continue Kaboom! cards" in seen["offered"]
    assert path.read_bytes() == original


# Crashing just after a resume -------------------------------------------------------------

@pytest.mark.parametrize("game,name", [("cabo", "cabo.autosave.json")]
                         + [(game, f"{game}.json") for game in game_ids()])
def test_a_crash_after_a_resume_that_autosaved_leaves_a_clean_next_start(
        kaboom_home: Path, monkeypatch: pytest.MonkeyPatch, game: str, name: str) -> None:
    from game.app.gamescene import GameScene

    path = put_sample(kaboom_home, game, name)
    original = path.read_bytes()
    autosave = path.with_name(f"{game}.autosave.json")
    crashed: list[GameScene] = []

    app = make_headless_app()
    try:
        title = TitleScene(app)
        driver = HeadlessDriver(app, title)
        driver.step()
        click_label(driver, title, f"Continue {game_title(game)}")
        for _ in range(60):  # through the fade, until the table is on top
            if isinstance(app.stack.top, GameScene):
                break
            driver.step()
        scene = app.stack.top
        assert isinstance(scene, GameScene) and scene.scene_id == game
        scene_class = type(scene)
        real_update = scene_class.update

        def update(self: GameScene, dt: float) -> None:
            if self.saves_written:  # the resumed match has autosaved: now it breaks
                crashed.append(self)
                raise RuntimeError("boom in the resumed match")
            real_update(self, dt)

        monkeypatch.setattr(scene_class, "update", update)
        for _ in range(900):
            if crashed:
                break
            app.safe_frame(pygame.event.get(), 1 / 60)  # the real loop's frame: crashes caught
        assert crashed, "the resumed match never autosaved"
        assert crashed[0].time < 10.0  # within the grace time after a resume
        assert isinstance(app.stack.top, CrashScene)
        told = " ".join(t.text for t in app.toasts)
        moved = aside(path) + (aside(autosave) if autosave != path else [])
        assert moved and all(str(m) in told for m in moved)  # told where each file went
        assert not path.exists() and not autosave.exists()
        assert any(m.read_bytes() == original for m in moved) or name.endswith(".autosave.json")
    finally:
        app.shutdown(quit_pygame=False)
        if crashed:
            monkeypatch.setattr(type(crashed[0]), "update", real_update)
    app = make_headless_app()  # the next start: nothing that crashes is offered, nothing told
    try:
        title = TitleScene(app)
        HeadlessDriver(app, title).step()
        assert not any(label.startswith("Continue") for label in labels(title))
        assert app.toasts == []
    finally:
        app.shutdown(quit_pygame=False)


def test_continuing_a_saved_game_keeps_an_older_autosave_of_another_match(
        kaboom_home: Path, app: Any) -> None:
    manual = put_sample(kaboom_home, "cabo", "cabo.json")  # saved 23 Nov
    older = manual.with_name("cabo.autosave.json")
    data = json.loads(manual.read_text(encoding="utf-8"))
    data.update(kind="autosave", saved_at="2026-11-01T10:00:00+00:00", seed=77)
    data["state"]["setup"]["seed"] = 77
    older.write_text(json.dumps(data), encoding="utf-8")
    older_bytes = older.read_bytes()
    title = TitleScene(app)
    driver = HeadlessDriver(app, title)
    driver.step()
    click_label(driver, title, "Continue Kaboom! cards")
    driver.settle(40)
    scene = app.stack.top
    assert scene is not None and scene.scene_id == "cabo" and scene.resumed_from == manual
    kept = aside(older)
    assert len(kept) == 1 and kept[0].name.startswith("cabo.autosave.json.older-")
    assert kept[0].read_bytes() == older_bytes
    assert any(str(kept[0]) in t.text and "another, older game" in t.text for t in app.toasts)
    play_until_autosaved(driver, older)
    assert json.loads(older.read_text(encoding="utf-8"))["seed"] == 31  # the continued match
    assert kept[0].read_bytes() == older_bytes
