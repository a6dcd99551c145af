"""Replays of both games verify in a second process: AI-only matches from `simulate
--replay-dir`, scripted human matches played on the real table, tampered and damaged files.

`python -m game replay FILE --verify` runs in a subprocess (a fresh interpreter, so nothing of
the recording process is shared) and must load no pygame.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.app import catalogue
from game.app.headless import HeadlessDriver
from game.core import paths, replay

ROOT = Path(__file__).resolve().parents[2]
VERIFY = """
import sys
from game.cli import main
rc = main(["replay", sys.argv[1], "--verify"])
print("PYGAME-MODULES", sum(1 for m in sys.modules if m.split(".")[0] in ("pygame", "pygame_gui")))
sys.exit(rc)
"""


def kaboom(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "KABOOM_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def verify_elsewhere(path: Path) -> tuple[int, str, str]:
    """Verify in a fresh interpreter; (exit code, stdout, stderr). Asserts no pygame loaded."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    res = subprocess.run([sys.executable, "-c", VERIFY, str(path)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    found = re.search(r"PYGAME-MODULES (\d+)", res.stdout)
    assert found is not None, res.stdout + res.stderr
    assert found.group(1) == "0", "verifying a replay loaded pygame"
    assert "Traceback" not in res.stderr, res.stderr
    return res.returncode, res.stdout, res.stderr


def diverged_step(out: str) -> int:
    found = re.search(r"DIVERGED at step (\d+)", out)
    assert found is not None, out
    return int(found.group(1))


def simulated(game: str, players: str, tmp_path: Path, *options: str) -> Path:
    """One AI-only match through the command line, its replay written by --replay-dir."""
    folder = tmp_path / f"{game}-replays"
    opts = [a for o in options for a in ("--option", o)]
    res = kaboom("simulate", game, "--players", players, "--seed", "4", "--json",
                 "--replay-dir", str(folder), *opts, home=tmp_path / "home")
    assert res.returncode == 0, res.stderr
    row = json.loads(res.stdout.splitlines()[0])
    files = sorted(folder.glob("*.json"))
    assert [str(f) for f in files] == [row["replay"]]
    rep = replay.load(files[0])
    assert rep.summary["scores"] == row["scores"] and rep.summary["winners"] == row["winners"]
    return files[0]


def tampered(path: Path, change: Any, name: str) -> Path:
    data = json.loads(path.read_text())
    change(data)
    out = path.with_name(name)
    out.write_text(json.dumps(data))
    return out


def first_checkpoint_after(data: dict[str, Any], step: int) -> int:
    return int(next(c[0] for c in data["checkpoints"] if c[0] >= step))


# ---------------------------------------------------------------- AI-only matches


@pytest.fixture(scope="module")
def cabo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return simulated("cabo", "ai:hard,ai:easy,ai:medium", tmp_path_factory.mktemp("cabo"),
                     "rounds=3")


@pytest.fixture(scope="module")
def tower_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return simulated("tower", "ai:hard,ai:easy", tmp_path_factory.mktemp("tower"),
                     "rounds=1")


def test_an_ai_cabo_match_verifies_in_another_process(cabo_file: Path) -> None:
    rep = replay.load(cabo_file)
    assert rep.game == "cabo" and len(rep.inputs) > 100
    assert any(label.endswith("end") for _, label, _ in rep.checkpoints)  # round ends
    assert {seat for _, seat, _, _ in rep.inputs} >= {0, 1, 2}
    rc, out, _ = verify_elsewhere(cabo_file)
    assert rc == 0 and out.startswith("Kaboom! cards replay") and "OK:" in out


def test_an_ai_tower_match_verifies_in_another_process(tower_file: Path) -> None:
    rep = replay.load(tower_file)
    assert rep.game == "tower" and len(rep.checkpoints) > 10
    kinds = {payload[0] for _, _, _, payload in rep.inputs}
    assert {"grab", "drag_to", "release", "fire"} <= kinds
    rc, out, _ = verify_elsewhere(tower_file)
    assert rc == 0 and "OK:" in out


# ---------------------------------------------------------------- tampering


def test_a_tampered_cabo_checkpoint_names_its_step(cabo_file: Path) -> None:
    data = json.loads(cabo_file.read_text())
    k = len(data["checkpoints"]) // 2
    step = data["checkpoints"][k][0]

    def change(d: dict[str, Any]) -> None:
        d["checkpoints"][k][2] = "0123456789abcdef"

    rc, out, _ = verify_elsewhere(tampered(cabo_file, change, "cp.json"))
    assert rc == 1 and diverged_step(out) == step


def test_a_tampered_cabo_action_diverges_where_it_was_changed(cabo_file: Path) -> None:
    data = json.loads(cabo_file.read_text())
    n = next(i for i, (_, _, _, a) in enumerate(data["inputs"])
             if a["type"] == "Replace" and i > 40)
    step = data["inputs"][n][0]

    def change(d: dict[str, Any]) -> None:
        action = d["inputs"][n][3]
        action["slot"] = (action["slot"] + 1) % 4

    rc, out, _ = verify_elsewhere(tampered(cabo_file, change, "act.json"))
    assert rc == 1
    assert step <= diverged_step(out) <= first_checkpoint_after(data, step + 1)


def test_a_tampered_tower_shot_diverges_at_the_next_checkpoint(tower_file: Path) -> None:
    data = json.loads(tower_file.read_text())
    n = next(i for i, (_, _, _, p) in enumerate(data["inputs"])
             if p[0] == "fire" and p[2] is not None)
    step = data["inputs"][n][0]

    def change(d: dict[str, Any]) -> None:
        payload = d["inputs"][n][3]
        payload[2] = 0.2 if payload[2] > 0.6 else 0.95

    rc, out, _ = verify_elsewhere(tampered(tower_file, change, "shot.json"))
    assert rc == 1 and diverged_step(out) == first_checkpoint_after(data, step + 1)


# ---------------------------------------------------------------- damaged files


@pytest.mark.parametrize(("damage", "words"), [
    (lambda d: d.update(version=99), "newer"),
    (lambda d: d["inputs"][3].__setitem__(3, {"type": "Teleport", "player": 0}),
     "not a Kaboom! cards action"),
    (lambda d: d["options"].update(players="two"), "options"),
    (lambda d: d["inputs"].__setitem__(2, [5, 0]), "input 2"),
    (lambda d: d.pop("checkpoints"), "checkpoints"),
])
def test_a_damaged_cabo_replay_exits_2_with_a_message(cabo_file: Path, damage: Any,
                                                      words: str) -> None:
    rc, out, err = verify_elsewhere(tampered(cabo_file, damage, "damaged.json"))
    assert rc == 2 and words in err and "kaboom replay:" in err


@pytest.mark.parametrize("payload", [["teleport", 1.0], ["drag_to", "left", 3.0],
                                     ["grab", 1.0, 2.0, 1.5], "release"])
def test_a_damaged_tower_input_exits_2(tower_file: Path, payload: Any) -> None:
    def damage(d: dict[str, Any]) -> None:
        d["inputs"][5][3] = payload

    rc, _, err = verify_elsewhere(tampered(tower_file, damage, "damaged.json"))
    assert rc == 2 and "input 5" in err


def test_truncated_and_missing_files_exit_2(tmp_path: Path, cabo_file: Path) -> None:
    cut = tmp_path / "cut.json"
    cut.write_text(cabo_file.read_text()[:500])
    for path in (cut, tmp_path / "missing.json"):
        rc, _, err = verify_elsewhere(path)
        assert rc == 2 and err.startswith("kaboom replay:")


# ---------------------------------------------------------------- scripted humans at the table


def test_a_human_cabo_match_on_the_table_writes_a_replay_that_verifies(
        app: Any, driver: HeadlessDriver) -> None:
    from tests.games.cabo.scene_helpers import HumanHands, make_setup, open_table

    scene = open_table(app, driver, make_setup(["mouse", "hard", "easy"], seed=9, rounds=2))
    hands = HumanHands(app, driver, scene)
    hands.play()
    assert scene.finished and scene.replay_path is not None
    assert scene.replay_path.parent == paths.replays_dir()
    rep = replay.load(scene.replay_path)
    assert [p for _, _, _, p in rep.inputs] == [a.to_dict() for a in scene.state.actions]
    assert len([i for i in rep.inputs if i[1] == 0]) > 5  # the human's own actions
    assert all(t is not None for _, _, t, _ in rep.inputs)
    assert rep.setup["seats"][0]["kind"] == "human"
    assert rep.summary["scores"] == [float(t) for t in scene.state.totals]
    rc, out, _ = verify_elsewhere(scene.replay_path)
    assert rc == 0, out


def test_a_human_tower_match_on_the_table_writes_a_replay_that_verifies(
        app: Any, driver: HeadlessDriver) -> None:
    from game.games.tower.scene import Stage
    from tests.games.tower.test_scene import (
        click_on,
        drag_piece,
        fast_forward,
        mouse_fire,
        open_game,
    )

    scene = open_game(app, "mouse", "ai:easy", seed=21, rounds=1)
    driver.step()
    for _ in range(20):
        if scene.stage == Stage.OVER:
            break
        if scene.stage == Stage.READY:
            if scene.match.builder == 0:
                driver.click((640, 400))  # the human turns the sand timer
                slot = next(s for s, t in enumerate(scene.match.row) if t not in (None, 0))
                drag_piece(driver, scene, slot)
            else:
                fast_forward(driver, scene)
                assert scene.turn is not None
                lx, ly = scene.turn.world.catapults[0].slot.launch_point
                facing = scene.turn.world.catapults[0].slot.facing
                mouse_fire(driver, scene, 0, (round(lx - facing * 70), round(ly + 60)))
            fast_forward(driver, scene, Stage.JUDGE)
        else:
            click_on(driver, scene)
    assert scene.stage == Stage.OVER and scene.replay_path is not None
    rep = replay.load(scene.replay_path)
    mine = {p[0] for _, seat, _, p in rep.inputs if seat == 0}
    # The human built by mouse (a mouse let-go is a guarded, aided `let_go`: close to its
    # outline, a block settles into it; at a spot that wants another, it goes back) and fired.
    assert {"grab", "drag_to", "let_go", "aim", "fire"} <= mine
    rc, out, _ = verify_elsewhere(scene.replay_path)
    assert rc == 0, out


def test_a_human_who_swaps_tiles_replays_to_the_same_hashes_and_watch_shows_it(
        app: Any, driver: HeadlessDriver) -> None:
    from game.games.tower.scene import Stage
    from game.games.tower.tilechoice import Spot
    from game.games.tower.watch import TowerWatchScene
    from tests.games.tower.test_scene import click_on, drag_piece, fast_forward, open_game

    scene = open_game(app, "mouse", "ai:medium", seed=23, rounds=1)
    driver.step()
    dealt = (list(scene.match.row), list(scene.match.spares))

    def at(spot: Spot) -> tuple[int, int]:
        return scene.picker.rect(spot).center

    driver.click(at(Spot("spare", 2)))  # click a spare, then a pad
    driver.click(at(Spot("pad", 3)))
    driver.drag(at(Spot("spare", 0)), at(Spot("pad", 0)))  # or drag one onto a pad
    driver.step()
    chosen = (list(scene.match.row), list(scene.match.spares))
    assert chosen != dealt and chosen[0][3] == dealt[1][2] and chosen[0][0] == dealt[1][0]
    driver.click((640, 400))  # the human turns the sand timer
    assert scene.stage == Stage.PLAY and scene.turn_row == chosen[0]
    drag_piece(driver, scene, 3)
    for _ in range(20):
        if scene.stage == Stage.OVER:
            break
        if scene.stage in (Stage.READY, Stage.PLAY):
            fast_forward(driver, scene, Stage.JUDGE)
        else:
            click_on(driver, scene)
    assert scene.stage == Stage.OVER and scene.replay_path is not None
    rep = replay.load(scene.replay_path)
    choices = [(seat, p) for _, seat, _, p in rep.inputs if p[0] == "choose"]
    assert choices[:2] == [(0, ["choose", 3, 2]), (0, ["choose", 0, 0])]
    rc, out, _ = verify_elsewhere(scene.replay_path)
    assert rc == 0, out
    # A changed choice is another match: the re-run diverges.
    bad = tampered(scene.replay_path, lambda d: d["inputs"][0][3].__setitem__(2, 1),
                   "other-choice.json")
    rc, out, _ = verify_elsewhere(bad)
    assert rc == 1 and "DIVERGED" in out
    # Watch again makes the same choice on the get-ready screen, cards seen moving.
    watch = TowerWatchScene(app, rep)
    assert watch.picker.swaps == [(3, 2), (0, 0)]
    assert watch.match.row == chosen[0] and watch.match.spares == chosen[1]
    assert watch.picker._after(0) == dealt


def test_demo_tables_and_hand_made_tables_write_no_replay(app: Any) -> None:
    from game.games.tower.rules import new_match
    from game.games.tower.scene import SAVE_VERSION, TowerScene, options_from_setup

    info = catalogue.get("tower")
    assert info is not None
    setup = catalogue.default_setup(info, 3)
    m = new_match(options_from_setup(setup), 3, [s.name for s in setup.seats])
    m.row = list(reversed(m.row))  # not the row the seed deals
    scene = TowerScene(app, setup, {"version": SAVE_VERSION, "match": m.to_dict()})
    assert scene.recorder is not None and not scene.recorder.ok
    assert TowerScene(app, setup, demo=True).recorder is None


def test_a_resumed_cabo_match_still_writes_the_whole_replay(app: Any,
                                                            driver: HeadlessDriver) -> None:
    from game.games.cabo import rules as R
    from game.games.cabo.scene import CaboScene
    from tests.games.cabo.scene_helpers import HumanHands, make_setup, open_table

    setup = make_setup(["mouse", "hard"], seed=31, rounds=2)
    first = open_table(app, driver, setup)
    hands = HumanHands(app, driver, first)
    for _ in range(30000):
        if first.state.round == 2 and first.decider() == 0 and first.state.phase is R.Phase.TURN:
            break
        if not hands.act():
            hands.step()
    assert first.state.round == 2
    saved = json.loads(json.dumps(first.save_state()))
    before = len(first.state.actions)
    app.stack.pop()
    app.stack.apply_requests()
    resumed = open_table(app, driver, setup, saved)
    assert isinstance(resumed, CaboScene) and resumed.recorder is not None
    assert resumed.recorder.ok and len(resumed.recorder.replay.inputs) == before
    HumanHands(app, driver, resumed).play()
    assert resumed.replay_path is not None
    rep = replay.load(resumed.replay_path)
    assert len(rep.inputs) == len(resumed.state.actions) > before
    assert rep.inputs[0][2] is None and rep.inputs[-1][2] is not None  # times after resuming
    rc, out, _ = verify_elsewhere(resumed.replay_path)
    assert rc == 0, out


def test_a_resumed_tower_match_still_writes_the_whole_replay(app: Any,
                                                             driver: HeadlessDriver) -> None:
    from game.app.launch import resume_game
    from game.games.tower.scene import Stage, TowerScene
    from tests.games.tower.test_scene import (
        drag_piece,
        fast_forward,
        mouse_fire,
        open_game,
    )

    scene = open_game(app, "mouse", "ai:easy", seed=9, rounds=1)
    driver.step()
    driver.click((640, 400))
    drag_piece(driver, scene, 3)
    playing = scene.save_state()  # while the sand runs the save is the turn's start...
    assert playing is not None and playing["match"]["turn"] == 0
    early = json.loads(playing["replay"])  # ...and so is the replay it carries
    assert early["step"] == 0 and early["replay"]["inputs"] == []
    fast_forward(driver, scene, Stage.SCORE)
    assert scene.recorder is not None
    first_turn = list(scene.recorder.replay.inputs)
    kept = scene.match.totals()
    # Left on the scores: the save is the match after the turn, its replay cut at the turn's
    # end checkpoint, so Continue opens the next turn and the replay still leads to it.
    scene.quit_to_menu()
    driver.settle(20)
    info = catalogue.get("tower")
    assert info is not None and resume_game(app, info)
    driver.settle(40)
    resumed = app.stack.top
    assert isinstance(resumed, TowerScene) and resumed is not scene
    assert resumed.recorder is not None and resumed.recorder.ok
    assert resumed.stage == Stage.READY and resumed.match.turn == 1
    got = resumed.recorder.replay.inputs
    assert first_turn and got[:len(first_turn)] == first_turn
    # Beyond the first turn, only the AI builder's tile choice on its get-ready screen.
    assert all(p[0] == "choose" for _, _, _, p in got[len(first_turn):])
    assert resumed.match.totals() == kept and not resumed.restarted
    fast_forward(driver, resumed, Stage.PLAY)
    assert resumed.turn is not None
    lx, ly = resumed.turn.world.catapults[0].slot.launch_point
    facing = resumed.turn.world.catapults[0].slot.facing
    mouse_fire(driver, resumed, 0, (round(lx - facing * 70), round(ly + 60)))
    fast_forward(driver, resumed, Stage.OVER, limit=20000)
    assert resumed.replay_path is not None
    rep = replay.load(resumed.replay_path)
    assert [label for _, label, _ in rep.checkpoints if label.endswith("end")] == \
        ["turn 1 end", "turn 2 end"]
    rc, out, _ = verify_elsewhere(resumed.replay_path)
    assert rc == 0, out


def test_a_save_whose_replay_does_not_lead_to_it_is_played_unrecorded(app: Any) -> None:
    from game.games.tower.replay import TowerRecorder
    from game.games.tower.rules import new_match
    from game.games.tower.scene import options_from_setup

    info = catalogue.get("tower")
    assert info is not None
    setup = catalogue.default_setup(info, 4)
    match = new_match(options_from_setup(setup), 4, [s.name for s in setup.seats])
    fine = TowerRecorder.start(setup.to_dict(), match, {"replay": None})
    assert fine.ok
    partial = fine.partial(match.to_dict())
    assert partial is not None
    assert TowerRecorder.start(setup.to_dict(), match, {"replay": partial}).ok
    match.turn = 1  # a save of another point of the match
    for bad in (partial, "{", "[]", 12):
        assert not TowerRecorder.start(setup.to_dict(), match, {"replay": bad}).ok


def test_describing_a_replay_and_a_bad_watch_request(cabo_file: Path, tmp_path: Path) -> None:
    res = kaboom("replay", str(cabo_file), home=tmp_path)
    assert res.returncode == 0 and "Kaboom! cards replay, seed 4" in res.stdout
    assert "players: " in res.stdout and "winners" in res.stdout
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    res = kaboom("replay", str(bad), "--watch", home=tmp_path)
    assert res.returncode == 2 and "not a replay" in res.stderr


@pytest.mark.parametrize(("rules", "words"), [(1, "recorded before the game's rules changed"),
                                              (99, "newer Kaboom! Collection"),
                                              ("two", "invalid rules revision")])
def test_a_tower_replay_of_other_rules_is_refused_in_words(tower_file: Path, rules: Any,
                                                            words: str) -> None:
    """A replay recorded before Tower's rules changed (revision 1: no spare tiles) would re-run
    another match: verify refuses it (exit 2) instead of reporting a divergence."""
    from game.games.tower.replay import RULES

    assert json.loads(tower_file.read_text())["rules"] == RULES

    def damage(d: dict[str, Any]) -> None:
        d["rules"] = rules

    rc, _, err = verify_elsewhere(tampered(tower_file, damage, "old.json"))
    assert rc == 2 and words in err and "kaboom replay:" in err


def test_watching_a_tower_replay_of_older_rules_tells_the_player(app: Any,
                                                                  tower_file: Path,
                                                                  tmp_path: Path) -> None:
    from game.app.menus.replays import open_replay

    data = json.loads(tower_file.read_text())
    data.pop("rules")  # files written before revisions existed read as revision 1
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data))
    told: list[str] = []
    app.notify = lambda text, kind="info": told.append(text)
    assert open_replay(app, old) is False
    assert told and "can no longer be played back" in told[0]
