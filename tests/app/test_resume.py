"""Continue and Resume through the real menus: real samples, the newest game, per-game versions,
saves moved aside (never deleted), crashes on resume, and match time carried across a save."""

from __future__ import annotations

import dataclasses
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import catalogue
from game.app.catalogue import GameInfo
from game.app.headless import HeadlessDriver, make_headless_app
from game.app.menus.catalogue import CatalogueScene
from game.app.menus.overlays import CrashScene
from game.app.menus.title import TitleScene
from game.core import saves as core_saves
from game.core.saves import GameFormat, upgrade_game_state
from tests.app import fakegame
from tests.contract import folder as contract_folder
from tests.contract import game_ids, sample_name

SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples"


@pytest.fixture
def counter() -> Iterator[GameInfo]:
    info = fakegame.register()
    yield info
    catalogue.unregister(info.id)


def saves_dir(home: Path) -> Path:
    folder = home / "data" / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def put_sample(home: Path, sample: str, name: str, saved_at: str | None = None) -> Path:
    """Copy a sample save into the player's saves folder (optionally with another time)."""
    dest = saves_dir(home) / name
    if saved_at is None:
        shutil.copyfile(SAMPLES / sample, dest)
    else:
        data = json.loads((SAMPLES / sample).read_text(encoding="utf-8"))
        data["saved_at"] = saved_at
        dest.write_text(json.dumps(data), encoding="utf-8")
    return dest


def assert_holds(now: Any, saved: Any, where: str = "game") -> None:
    """`now` keeps everything `saved` holds, unchanged (it may hold fields added since)."""
    if isinstance(saved, dict):
        assert isinstance(now, dict), where
        for key, value in saved.items():
            assert key in now, f"{where}/{key} was lost"
            assert_holds(now[key], value, f"{where}/{key}")
    elif isinstance(saved, list):
        assert isinstance(now, list) and len(now) == len(saved), where
        for i, (a, b) in enumerate(zip(now, saved, strict=True)):
            assert_holds(a, b, f"{where}[{i}]")
    else:
        assert now == saved, f"{where}: {now!r} != {saved!r}"


def labels(scene: Any) -> list[str]:
    return [str(getattr(e, "text", "")) for e in scene.elements]


def click_label(driver: HeadlessDriver, scene: Any, label: str) -> None:
    for el in scene.elements:
        if getattr(el, "text", None) == label:
            driver.click(el.rect.center)
            return
    raise AssertionError(f"no button {label!r}; have {labels(scene)}")


def open_title(app: Any) -> tuple[HeadlessDriver, TitleScene]:
    title = TitleScene(app)
    driver = HeadlessDriver(app, title)
    driver.step()
    return driver, title


def aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.*-*"))


@pytest.mark.parametrize("game_id,sample", [(g, sample_name(g)) for g in game_ids()]
                         + [("tower", "save-v1-tower.json")])
def test_real_sample_continues_from_the_title(kaboom_home: Path, game_id: str,
                                              sample: str) -> None:
    """Every game's real sample (and Tower's older one) continues from the title as it was
    saved: the same setup, the same game part (after the game's upgraders), the same time."""
    path = put_sample(kaboom_home, sample, f"{game_id}.json")
    saved = json.loads(path.read_text(encoding="utf-8"))
    app = make_headless_app()
    try:
        driver, title = open_title(app)
        info = catalogue.get(game_id)
        assert info is not None
        click_label(driver, title, f"Continue {info.title}")
        driver.settle(40)
        scene = app.stack.top
        assert scene is not None and scene.scene_id == game_id
        written = dict(saved["state"]["setup"])
        # Options added since the sample was written come in at their defaults.
        written["options"] = {**info.default_options(), **written["options"]}
        assert scene.setup.to_dict() == written
        # An older game part resumes through its game's upgraders (tower v1 -> v2: spares).
        game = upgrade_game_state(game_id, saved["state"])["game"]
        # Nothing moved between the resume and its save (the replay it carries may be dropped:
        # one recorded under older rules plays on unrecorded, tests/games/test_replays.py).
        # Fields added to a game since its sample was written come in at their defaults.
        now = {k: v for k, v in scene.save_state().items() if not k.startswith("replay")}
        assert_holds(now, {k: v for k, v in game.items() if not k.startswith("replay")})
        if sample == "save-v1-tower.json":
            assert saved["state"]["game"]["version"] == 1 and len(scene.match.spares) == 4
            assert scene.match.pile == saved["state"]["game"]["match"]["pile"][:-4]
        assert scene.elapsed_before == pytest.approx(saved["meta"]["elapsed_s"])
        assert path.read_bytes() == (SAMPLES / sample).read_bytes()  # resuming never rewrites
    finally:
        app.shutdown(quit_pygame=False)


def test_continue_offers_the_most_recent_game(kaboom_home: Path) -> None:
    put_sample(kaboom_home, "save-v1-cabo.json", "cabo.json", "2026-11-20T10:00:00+00:00")
    put_sample(kaboom_home, "save-v1-tower.json", "tower.autosave.json",
               "2026-11-21T10:00:00+00:00")
    app = make_headless_app()
    try:
        _, title = open_title(app)
        assert "Continue Tower Kaboom" in labels(title)
        assert "Continue Kaboom! cards" not in labels(title)
    finally:
        app.shutdown(quit_pygame=False)
    put_sample(kaboom_home, "save-v1-cabo.json", "cabo.json", "2026-11-22T10:00:00+00:00")
    app = make_headless_app()
    try:
        _, title = open_title(app)
        assert "Continue Kaboom! cards" in labels(title)
    finally:
        app.shutdown(quit_pygame=False)


def test_catalogue_resumes_each_game(kaboom_home: Path) -> None:
    put_sample(kaboom_home, "save-v1-cabo.json", "cabo.json", "2026-11-22T10:00:00+00:00")
    put_sample(kaboom_home, "save-v1-tower.json", "tower.json", "2026-11-20T10:00:00+00:00")
    app = make_headless_app()
    try:
        menu = CatalogueScene(app)
        driver = HeadlessDriver(app, menu)
        driver.step()
        resumes = [e for e in menu.elements if getattr(e, "text", None) == "Resume"]
        assert len(resumes) == 2
        tower_card = next(i for i, g in enumerate(menu.games) if g.id == "tower")
        button = min(resumes, key=lambda e: abs(e.rect.centerx - menu.cards[tower_card].centerx))
        driver.click(button.rect.center)
        driver.settle(40)
        assert app.stack.top is not None and app.stack.top.scene_id == "tower"
    finally:
        app.shutdown(quit_pygame=False)


def test_good_save_beside_a_bad_autosave_is_kept_and_offered(kaboom_home: Path) -> None:
    good = put_sample(kaboom_home, "save-v1-cabo.json", "cabo.json", "2026-11-20T10:00:00+00:00")
    data = json.loads(good.read_text(encoding="utf-8"))
    data["saved_at"] = "2026-11-21T10:00:00+00:00"  # newer, so it is tried first
    data["kind"] = "autosave"
    data["state"]["game"]["rules"]["turn"] = 7  # out of range for three seats
    bad = saves_dir(kaboom_home) / "cabo.autosave.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    bad_bytes, good_bytes = bad.read_bytes(), good.read_bytes()
    app = make_headless_app()
    try:
        driver, title = open_title(app)
        assert "Continue Kaboom! cards" in labels(title)
        moved = aside(bad)
        assert len(moved) == 1 and moved[0].read_bytes() == bad_bytes
        assert any(str(moved[0]) in t.text and "autosave for Kaboom! cards" in t.text
                   for t in app.toasts)
        click_label(driver, title, "Continue Kaboom! cards")
        driver.settle(40)
        assert app.stack.top is not None and app.stack.top.scene_id == "cabo"
        assert app.stack.top.state.turn == 0
        assert good.read_bytes() == good_bytes
    finally:
        app.shutdown(quit_pygame=False)


def test_a_save_the_game_refuses_is_moved_aside_not_deleted(kaboom_home: Path,
                                                            counter: GameInfo) -> None:
    app = make_headless_app()
    try:
        setup = catalogue.default_setup(counter, seed=5, humans=2)
        path = app.saves.save("counter", {"setup": setup.to_dict(), "game": {"counts": [1, 0]}},
                              seed=5, autosave=True)
        original = path.read_bytes()

        def refuse(*_: Any) -> Any:
            raise ValueError("unreadable table")

        refusing = dataclasses.replace(counter, make_scene=refuse)
        catalogue.register(refusing)
        from game.app.launch import resume_game

        assert not resume_game(app, refusing)
        moved = aside(path)
        assert not path.exists() and len(moved) == 1 and moved[0].read_bytes() == original
        assert any(str(moved[0]) in t.text for t in app.toasts)
        assert not any("set aside" in t.text for t in app.toasts)
    finally:
        app.shutdown(quit_pygame=False)


def test_a_crash_right_after_resuming_sets_the_save_aside(kaboom_home: Path,
                                                          counter: GameInfo) -> None:
    app = make_headless_app()
    try:
        setup = catalogue.default_setup(counter, seed=5, humans=2)
        path = app.saves.save("counter", {"setup": setup.to_dict(), "game": {"counts": [2, 1]}},
                              seed=5)
        original = path.read_bytes()
        driver, title = open_title(app)
        click_label(driver, title, "Continue Counter")
        driver.settle(40)
        game = app.stack.top
        assert game is not None and game.scene_id == "counter"
        game.explode = True
        app.safe_frame([], 1 / 60)
        assert isinstance(app.stack.top, CrashScene)
        moved = aside(path)
        assert not path.exists() and len(moved) == 1 and moved[0].read_bytes() == original
        assert any(str(moved[0]) in t.text for t in app.toasts)
    finally:
        app.shutdown(quit_pygame=False)
    app = make_headless_app()  # the next start is clean: nothing to continue, nothing told
    try:
        _, title = open_title(app)
        assert not any(label.startswith("Continue") for label in labels(title))
        assert app.toasts == []
    finally:
        app.shutdown(quit_pygame=False)


def _counter_format(version: int, upgraders: dict[int, Any]) -> GameFormat:
    def check(state: dict[str, Any]) -> None:
        counts = state["game"]["counts"]
        if len(counts) != len(state["setup"]["seats"]):
            raise ValueError("one count per seat")

    return GameFormat(version=version, upgraders=upgraders, check=check)


def test_an_older_game_save_is_upgraded_and_a_newer_one_set_aside(
        kaboom_home: Path, counter: GameInfo, monkeypatch: pytest.MonkeyPatch) -> None:
    def two_from_one(game: dict[str, Any]) -> dict[str, Any]:
        return {"counts": [c * 10 for c in game["tallies"]]}

    monkeypatch.setitem(core_saves._GAME_FORMATS, "counter",
                        lambda: _counter_format(2, {1: two_from_one}))
    app = make_headless_app()
    try:
        setup = catalogue.default_setup(counter, seed=5, humans=2).to_dict()
        app.saves.save("counter", {"setup": setup, "game": {"version": 1, "tallies": [1, 2]}},
                       seed=5)
        from game.app.launch import resume_game

        assert resume_game(app, counter)
        HeadlessDriver(app).settle(40)
        assert app.stack.top is not None and app.stack.top.counts == [10, 20]
        app.stack.pop()
        app.stack.apply_requests()
        newer = app.saves.save("counter", {"setup": setup, "game": {"version": 3, "counts": [1]}},
                               seed=5)
        original = newer.read_bytes()
        assert not resume_game(app, counter)
        moved = aside(newer)
        assert len(moved) == 1 and moved[0].name.startswith("counter.json.newer-")
        assert moved[0].read_bytes() == original
        assert any("newer version" in t.text and str(moved[0]) in t.text for t in app.toasts)
    finally:
        app.shutdown(quit_pygame=False)


def test_statistics_count_the_time_before_a_save(kaboom_home: Path, counter: GameInfo) -> None:
    app = make_headless_app()
    try:
        setup = catalogue.default_setup(counter, seed=5, humans=2)
        setup.seats[0].device, setup.seats[1].device = "keys1", "keys2"
        game = counter.make_scene(app, setup, None)
        driver = HeadlessDriver(app, game)
        driver.run(600)  # ten seconds of play
        driver.key(pygame.K_LSHIFT)  # seat 0 scores and autosaves
        assert app.saves.load("counter").meta["elapsed_s"] == pytest.approx(game.time, abs=0.1)
        app.stack.pop()
        app.stack.apply_requests()
        from game.app.launch import resume_game

        assert resume_game(app, counter)
        driver.settle(40)
        resumed = app.stack.top
        assert resumed is not game and resumed.elapsed_before == pytest.approx(10.0, abs=0.2)
        driver.run(300)
        for _ in range(2):
            driver.key(pygame.K_LSHIFT)
        assert resumed.finished
        record = app.stats.for_profile(app.settings.profile)["counter"]
        assert record.total_seconds == pytest.approx(resumed.elapsed_before + resumed.time, abs=0.1)
        assert record.total_seconds > 15.0
    finally:
        app.shutdown(quit_pygame=False)


def test_each_game_writes_its_save_version_once() -> None:
    """A game's save version is one number, written once, in its savefmt, and nowhere else:
    every other module that names it imports it from there (scenes, demos; the rules keep
    their own STATE_VERSION for the dict they write, and never import the save's)."""
    import importlib
    import re

    for info in catalogue.games():
        folder = contract_folder(info.id)
        written = [f"{path.relative_to(folder)}:{n}" for path in sorted(folder.rglob("*.py"))
                   for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                   if re.match(r"SAVE_VERSION\s*(:\s*int\s*)?=\s*\d", line)]
        assert written and all(w.startswith("savefmt.py:") for w in written) \
            and len(written) == 1, f"{info.id} writes SAVE_VERSION in {written}"
        elsewhere = [f"{path.relative_to(folder)}" for path in sorted(folder.rglob("*.py"))
                     if path.name != "savefmt.py" and "SAVE_VERSION" in (
                         source := path.read_text(encoding="utf-8"))
                     and not re.search(r"from [\w.]+\.savefmt import[^\n]*SAVE_VERSION", source)]
        assert not elsewhere, f"{info.id} names SAVE_VERSION without savefmt's: {elsewhere}"
        savefmt = importlib.import_module(f"{catalogue.package_of(info.id)}.savefmt")
        fmt = core_saves.game_format(info.id)
        assert fmt is not None and fmt.version == savefmt.SAVE_VERSION


@pytest.mark.parametrize("device", ["mouse", "keys2", "pad0", "pad999", "pad1000", "pad\u00b2",
                                    "pad\u0663", "pad", "pad-1", "keys3", "PAD1"])
def test_the_command_line_and_the_save_check_agree_on_devices(device: str) -> None:
    from game.app.launch import check_setup

    info = catalogue.get("cabo")
    assert info is not None
    try:
        seats = catalogue.parse_players(f"human:{device},ai", info)
    except ValueError as exc:
        assert "unknown device" in str(exc)
        cli_ok = False
    else:
        cli_ok = True
        device = seats[0].device  # as the command line spells it ("PAD1" -> "pad1")
    saved = json.loads((SAMPLES / "save-v1-cabo.json").read_text(encoding="utf-8"))
    saved["state"]["setup"]["seats"][0]["device"] = device
    try:
        check_setup(saved["state"]["setup"], info)
    except ValueError as exc:
        assert f"unknown device {device!r}" in str(exc)
        save_ok = False
    else:
        save_ok = True
    assert cli_ok == save_ok
    assert cli_ok == (device in ("mouse", "keys2", "pad0", "pad999", "pad1"))


def test_a_gamepad_seat_from_the_command_line_resumes_from_the_title(kaboom_home: Path) -> None:
    info = catalogue.get("cabo")
    assert info is not None
    seat = catalogue.parse_players("human:pad999,ai", info)[0]
    data = json.loads((SAMPLES / "save-v1-cabo.json").read_text(encoding="utf-8"))
    data["state"]["setup"]["seats"][0]["device"] = seat.device
    path = saves_dir(kaboom_home) / "cabo.autosave.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    app = make_headless_app()
    try:
        driver, title = open_title(app)
        assert app.toasts == []
        click_label(driver, title, "Continue Kaboom! cards")
        driver.settle(40)
        scene = app.stack.top
        assert scene is not None and scene.scene_id == "cabo"
        assert scene.setup.seats[0].device == "pad999"
        assert path.exists() and not aside(path)
    finally:
        app.shutdown(quit_pygame=False)


def test_a_crash_after_the_resumed_match_autosaved_keeps_the_original_bytes(
        kaboom_home: Path, counter: GameInfo) -> None:
    """The resumed match autosaves over the file it came from, then crashes: the player's
    original bytes are the ones set aside under the save's name, the new file beside them."""
    app = make_headless_app()
    try:
        setup = catalogue.default_setup(counter, seed=5, humans=2)
        path = app.saves.save("counter", {"setup": setup.to_dict(), "game": {"counts": [2, 1]}},
                              seed=5, autosave=True)
        original = path.read_bytes()
        driver, title = open_title(app)
        click_label(driver, title, "Continue Counter")
        driver.settle(40)
        game = app.stack.top
        assert isinstance(game, fakegame.CounterScene)
        game.counts[0] += 1
        game.autosave()  # its first turn: written over the very file it was resumed from
        assert path.read_bytes() != original
        game.explode = True
        app.safe_frame([], 1 / 60)
        assert isinstance(app.stack.top, CrashScene)
        moved = aside(path)
        assert not path.exists() and len(moved) == 2
        assert sorted(m.read_bytes() == original for m in moved) == [False, True]
        assert not list(path.parent.glob("*.resumed"))
        told = " ".join(t.text for t in app.toasts)
        assert all(str(m) in told for m in moved)
    finally:
        app.shutdown(quit_pygame=False)


def test_a_healthy_resumed_match_drops_the_kept_copy(kaboom_home: Path,
                                                     counter: GameInfo) -> None:
    app = make_headless_app()
    try:
        setup = catalogue.default_setup(counter, seed=5, humans=2)
        path = app.saves.save("counter", {"setup": setup.to_dict(), "game": {"counts": [2, 1]}},
                              seed=5, autosave=True)
        driver, title = open_title(app)
        click_label(driver, title, "Continue Counter")
        driver.settle(40)
        game = app.stack.top
        assert isinstance(game, fakegame.CounterScene)
        kept = path.with_name(path.name + ".resumed")
        assert kept.exists()  # held while a crash would still be blamed on the save
        game.autosave()
        assert kept.exists()
        game.time = 11.0
        game.autosave()
        assert not kept.exists() and path.exists() and aside(path) == []
    finally:
        app.shutdown(quit_pygame=False)


def test_statistics_count_real_seconds_on_a_slow_machine(kaboom_home: Path,
                                                         counter: GameInfo) -> None:
    """A machine too slow for 60 logic steps a second drops steps, not the player's time: ten
    frames of 0.2 s each are two seconds at the table however few steps ran."""
    app = make_headless_app()
    try:
        setup = catalogue.default_setup(counter, seed=5, humans=2)
        setup.seats[0].device, setup.seats[1].device = "keys1", "keys2"
        game = counter.make_scene(app, setup, None)
        app.stack.push(game)
        app.stack.apply_requests()
        app.fixed.max_steps = 2  # this machine manages two logic steps a frame at most
        for _ in range(10):
            app.frame([], 0.2)
        assert game.time < 0.5 and game.elapsed == pytest.approx(2.0, abs=0.05)
        app.frame([], 3600.0)  # the lid was closed for an hour
        assert game.elapsed == pytest.approx(3.0, abs=0.05)
    finally:
        app.shutdown(quit_pygame=False)


def test_a_save_part_of_another_version_or_table_size_is_refused_in_words(
        kaboom_home: Path, counter: GameInfo) -> None:
    """Every game reads its part of a save through the kit: another version, a missing part or
    another number of players is refused in words (the launcher moves such a save aside)."""
    app = make_headless_app()
    try:
        setup = catalogue.default_setup(counter, seed=5, humans=2)
        scene = counter.make_scene(app, setup, None)
        assert scene.resumed_part({"version": 1, "counts": [1, 2]}, 1, "counts") == [1, 2]
        for saved in ({"version": 2, "counts": [1, 2]}, {"version": 1}):
            with pytest.raises(ValueError, match="not a Counter save this version can read"):
                scene.resumed_part(saved, 1, "counts")
        scene.check_seats(len(setup.seats))
        with pytest.raises(ValueError, match="the save has 5 players, the setup 2"):
            scene.check_seats(5)
    finally:
        app.shutdown(quit_pygame=False)


def test_the_save_check_keeps_the_profiles_seat_mark() -> None:
    """A couch's "You", renamed "Cleo" by the lobby, carries the profile's mark: the save
    check dropped it, so after Continue her results went under "Cleo" and the replay (its
    setup no longer the match's) was never written: no Watch again (two strangers)."""
    from game.app.launch import check_setup

    info = catalogue.get("cabo")
    assert info is not None
    saved = json.loads((SAMPLES / "save-v1-cabo.json").read_text(encoding="utf-8"))
    raw = saved["state"]["setup"]
    raw["seats"][0]["name"] = "Cleo"
    raw["seats"][0]["profile"] = True
    setup = check_setup(raw, info)
    assert setup.seats[0].profile and setup.seats[0].name == "Cleo"
    assert setup.seats[0].to_dict().get("profile") is True
    assert not any(s.profile for s in setup.seats[1:])


def test_a_continued_couch_tower_match_still_writes_its_replay(app: Any,
                                                                driver: Any) -> None:
    """The continued couch match of two strangers had no Watch again and was missing from
    Replays and the profile's Statistics: its seats, the profile's marked, come back as they
    were, its recorder goes on, and the finished match writes its replay."""
    from game.app.catalogue import MatchSetup
    from game.app.launch import resume_game
    from game.games.tower.scene import Stage, TowerScene
    from tests.games.tower.test_scene import fast_forward, make_seats

    info = catalogue.get("tower")
    assert info is not None
    seats = make_seats("mouse", "keys1", "ai:easy")
    seats[0].name, seats[0].profile = "Cleo", True
    setup = MatchSetup("tower", seats, {**info.default_options(), "rounds": 1}, 9)
    scene = info.make_scene(app, setup, None)
    app.stack.push(scene)
    app.stack.apply_requests()
    driver.step()
    scene.start_turn()
    fast_forward(driver, scene, Stage.PLAY)
    driver.run(30)
    scene.quit_to_menu()  # mid-turn: Save and quit
    driver.settle(20)
    assert resume_game(app, info)
    driver.settle(40)
    from game.app.menus.overlays import PauseOverlay

    paused = app.stack.top  # the turn played back to where it was left waits under the menu
    assert isinstance(paused, PauseOverlay)
    paused.on_back()
    driver.settle(2)
    resumed = app.stack.top
    assert isinstance(resumed, TowerScene) and resumed is not scene
    assert resumed.setup.seats[0].profile and resumed.setup.seats[0].name == "Cleo"
    assert resumed.recorder is not None and resumed.recorder.ok
