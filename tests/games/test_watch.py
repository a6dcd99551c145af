"""Watch again: replays play back on the real tables, reached from Statistics' Replays list and
from the end of a match, with play/pause, speed, step / next turn and whose cards are shown.

Every play-back is checked against the replay's own final hash: the table shows the same match.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.app import catalogue
from game.app.headless import HeadlessDriver
from game.app.menus.replays import RATES, ReplaysScene
from game.app.menus.stats import StatsScene
from game.core import replay
from game.core.replay import Replay
from tests.app.test_match_end import bar_button
from tests.app.test_menus import button_rect


def simulated(game: str, players: str, seed: int, **options: Any) -> Replay:
    info = catalogue.get(game)
    assert info is not None
    setup = catalogue.MatchSetup(game, catalogue.parse_players(players, info),
                                 {**info.default_options(), **options}, seed)
    with replay.capture() as made:
        info.simulate(setup)
    assert len(made) == 1
    return made[0]


def open_from_stats(app: Any, driver: HeadlessDriver, rep: Replay) -> Any:
    """Statistics -> Replays -> Watch, by mouse; return the scene playing it back."""
    path = replay.save(rep)
    app.stack.push(StatsScene(app))
    driver.step()
    driver.click(button_rect(app.stack.top, "Replays").center)
    driver.run(20)
    listing = app.stack.top
    assert isinstance(listing, ReplaysScene)
    assert [p for p, _, _ in listing.rows] == [path]
    driver.click(button_rect(listing, "Watch").center)
    driver.run(20)
    return app.stack.top


def fast(app: Any, driver: HeadlessDriver, done: Any, limit: int = 20000) -> None:
    driver.press("keys1", "right")
    driver.press("keys1", "right")
    driver.press("keys1", "right")  # 1x -> 8x
    assert app.stack.top.controls.rate == RATES[-1]
    driver.run_until(done, max_frames=limit)


def test_a_cabo_replay_from_statistics_plays_the_same_match(app: Any,
                                                            driver: HeadlessDriver) -> None:
    from game.games.cabo.replay import rules_hash
    from game.games.cabo.watch import CaboWatchScene

    rep = simulated("cabo", "ai:hard,ai:easy,ai:medium", 3, rounds=1)
    scene = open_from_stats(app, driver, rep)
    assert isinstance(scene, CaboWatchScene)
    assert scene.presenter.viewer == 0  # the first seat's point of view
    fast(app, driver, lambda: scene.finished)
    assert scene.next_input == len(rep.inputs) and scene.diverged is None
    assert rules_hash(scene.state) == rep.final_hash
    driver.press("keys1", "back")
    driver.run(20)
    assert isinstance(app.stack.top, ReplaysScene)


def test_cabo_pause_step_speed_and_view(app: Any, driver: HeadlessDriver,
                                        monkeypatch: Any) -> None:
    from game.games.cabo.replay import rules_hash

    rep = simulated("cabo", "ai:hard,ai:easy", 5, rounds=1)
    scene = open_from_stats(app, driver, rep)
    driver.run(120)
    driver.press("keys1", "confirm")  # pause
    assert scene.controls.paused
    at, clock = scene.next_input, scene.clock
    driver.run(300)
    assert scene.next_input == at and scene.clock == clock  # nothing moves while paused
    driver.press("keys1", "primary")  # step: exactly the next action
    assert scene.next_input == at + 1 and scene.state.move == at + 1
    driver.press("keys1", "left")
    driver.press("keys1", "confirm")  # play again, at half speed
    assert not scene.controls.paused and scene.controls.rate == 0.5
    driver.press("keys1", "secondary")
    assert scene.presenter.viewer == 1
    driver.press("keys1", "secondary")
    assert scene.presenter.viewer is None and not scene.all_face_up  # public faces only
    driver.press("keys1", "secondary")
    assert scene.all_face_up
    driver.run_until(lambda: not scene.presenter.busy, max_frames=600)
    driver.step()
    assert rules_hash(scene.shown) == rules_hash(scene.state)  # every card, as it stands
    # each face as the table draws it, its value badge too (a stranger saw bare faces)
    from game.games.cabo import art as cabo_art

    faces: list[str] = []
    real_face = cabo_art.face
    monkeypatch.setattr(cabo_art, "face", lambda code, *a, **k: (faces.append(code),
                                                                 real_face(code, *a, **k))[1])
    scene.draw(app.screen)
    assert faces
    pause = next(r for r, c in scene.controls.buttons if c == "toggle")
    driver.click(pause.center)  # the bar works by mouse too
    assert scene.controls.paused


def test_a_cabo_replay_names_every_seat_whichever_view_is_shown(app: Any,
                                                                driver: HeadlessDriver) -> None:
    """A watcher is nobody at the table: with Ben's hidden cards shown, the log still says
    "Ben", and only the seat that was called You is "You" (it read "You gave your card to
    you" of two seats)."""
    rep = simulated("cabo", "ai:hard,ai:easy", 5, rounds=1)
    rep.setup["seats"][0]["name"] = "You"
    scene = open_from_stats(app, driver, rep)
    driver.press("keys1", "secondary")
    assert scene.presenter.viewer == 1
    voice = scene.voice
    assert voice.subj(1) == scene.names[1] != "You" and voice.subj(0) == "You"


def test_a_tower_replay_plays_the_same_match_and_skips_turns(app: Any,
                                                             driver: HeadlessDriver) -> None:
    from game.games.tower.replay import match_hash
    from game.games.tower.scene import Stage
    from game.games.tower.watch import TowerWatchScene

    rep = simulated("tower", "ai:hard,ai:easy", 8, rounds=1)
    rep.setup["seats"][1].update(kind="human", device="mouse")  # as if a person played it
    scene = open_from_stats(app, driver, rep)
    assert isinstance(scene, TowerWatchScene)
    # Who played each seat, not the replay's stand-in AIs (issue 16).
    ready = scene.table_view.ready_info()
    assert ready.label == "AI - hard" and ready.saboteurs[0][4] == "Mouse"
    driver.run_until(lambda: scene.stage == Stage.PLAY, max_frames=600)
    driver.press("keys1", "confirm")  # pause
    steps = scene.step_no
    driver.run(120)
    assert scene.step_no == steps
    driver.press("keys1", "primary")  # next turn: the rest of this turn at once
    assert scene.stage != Stage.PLAY and scene.match.turn == 1
    driver.press("keys1", "confirm")
    fast(app, driver, lambda: scene.stage == Stage.OVER)
    assert scene.diverged is None and scene.next_input == len(rep.inputs)
    assert match_hash(scene.match) == rep.final_hash


def test_the_end_of_a_cabo_match_offers_watch_again(app: Any, driver: HeadlessDriver) -> None:
    from game.games.cabo.watch import CaboWatchScene
    from tests.games.cabo.scene_helpers import HumanHands, make_setup, open_table

    table = open_table(app, driver, make_setup(["mouse", "hard"], seed=12, rounds=1))
    HumanHands(app, driver, table).play()
    assert table.replay_path is not None and table.replay_path.exists()
    driver.run(90)  # the end bar comes after the result has had its moment
    driver.click(bar_button(app, "Watch again").center)
    driver.run(20)
    assert isinstance(app.stack.top, CaboWatchScene)


def test_the_end_of_a_tower_match_offers_watch_again(app: Any, driver: HeadlessDriver) -> None:
    from game.games.tower.scene import Stage
    from game.games.tower.watch import TowerWatchScene
    from tests.games.tower.test_scene import fast_forward, open_game

    scene = open_game(app, "ai:easy", "ai:medium", seed=2, rounds=1, sand=15)
    fast_forward(driver, scene, Stage.OVER, limit=20000)
    assert scene.replay_path is not None and Path(scene.replay_path).exists()
    driver.run(90)
    driver.click(bar_button(app, "Watch again").center)
    driver.run(20)
    assert isinstance(app.stack.top, TowerWatchScene)


def test_a_damaged_replay_is_not_listed_and_cannot_be_opened(app: Any, driver: HeadlessDriver,
                                                             kaboom_home: Path) -> None:
    from game.app.menus.replays import open_replay

    bad = replay.save(simulated("cabo", "ai:hard,ai:easy", 3, rounds=1))
    bad.write_text(bad.read_text()[:200])
    app.stack.push(ReplaysScene(app))
    driver.step()
    assert app.stack.top.rows == []
    assert not open_replay(app, bad)
    assert any("damaged replay" in t.text for t in app.toasts)
    assert bad.exists()  # never deleted: the player may want it


def test_an_explosive_replay_seats_the_person_where_they_sat(app: Any,
                                                           driver: HeadlessDriver) -> None:
    """A stranger's five-seat replay put him (seat 2, at the bottom when he played) on the
    left, and he could not find himself: Watch again turns the table as it was played, the
    first person's seat at the bottom."""
    from game.games.blast.watch import BlastWatchScene

    rep = simulated("blast", "ai:easy,ai:easy,ai:easy", 5)
    rep.setup["seats"][1]["kind"] = "human"
    rep.setup["seats"][1]["device"] = "mouse"
    scene = BlastWatchScene(app, rep)
    assert scene.layout.home == 1
    assert scene.presenter.layout is scene.layout
