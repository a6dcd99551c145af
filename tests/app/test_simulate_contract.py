"""The simulate contract: a typed result, ties credited to every winner, and no pygame loaded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.app import catalogue
from game.app.catalogue import MatchSetup, Seat, SimResult
from tests.contract import folder, game_ids, is_shipped, short_options

ROOT = Path(__file__).resolve().parents[2]


#: `python -m game`, for a game that lives under the tests: its package registered first.
WITH_TEST_GAMES = ("import sys; from tests.contract import register_test_games; "
                   "register_test_games(); from game.cli import main; sys.exit(main(sys.argv[1:]))")


def _imported(args: list[str], tmp_path: Path, shipped: bool = True) -> tuple[set[str], str]:
    """Run `python -m game ARGS` with -X importtime; the modules it imported and its stdout."""
    env = {**os.environ, "KABOOM_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    run = ["-m", "game"] if shipped else ["-c", WITH_TEST_GAMES]
    res = subprocess.run([sys.executable, "-X", "importtime", *run, *args], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    mods = {line.rsplit("|", 1)[1].strip() for line in res.stderr.splitlines()
            if line.startswith("import time:") and "|" in line}
    return mods, res.stdout


@pytest.mark.parametrize("game", game_ids())
def test_headless_simulate_loads_no_pygame(game: str, tmp_path: Path) -> None:
    """Every game's `simulate` from the command line: its JSON row, and no pygame loaded."""
    options = [a for o in short_options(game) for a in ("--option", o)]
    mods, out = _imported(["simulate", game, "--players", "ai:easy,ai:medium,random",
                           "--seed", "3", "--json", *options], tmp_path, is_shipped(game))
    # The importtime listing really covers the run.
    assert f"{catalogue.package_of(game)}.sim" in mods
    assert sorted(m for m in mods if m.split(".")[0] in ("pygame", "pygame_gui")) == []
    if (folder(game) / "world.py").exists():  # a physics game (README: its folder's world.py)
        assert "pymunk" in mods  # the real physics, without a window
    row = json.loads(out.strip().splitlines()[-1])
    assert {"game", "seed", "players", "scores", "winner", "winners", "rounds", "moves",
            "seconds"} <= set(row)
    assert row["game"] == game and row["seed"] == 3 and row["winner"] == row["winners"][0]


def test_simulate_returns_a_frozen_typed_result() -> None:
    info = catalogue.get("cabo")
    assert info is not None
    setup = MatchSetup("cabo", catalogue.parse_players("ai:hard,ai:medium", info),
                       {"rounds": 1}, 9)
    result = info.simulate(setup)
    assert isinstance(result, SimResult)
    assert result.game == "cabo" and result.seed == 9 and result.players == ("hard", "medium")
    assert result.rounds == 1 and result.moves > 0 and len(result.scores) == 2
    assert result.winners == tuple(p for p, s in enumerate(result.scores)
                                   if s == min(result.scores))
    with pytest.raises(AttributeError):
        result.seed = 1  # type: ignore[misc]


def test_a_result_refuses_winners_that_are_not_seats() -> None:
    setup = MatchSetup("cabo", [Seat("A", "#fff", "ai"), Seat("B", "#fff", "ai")], {}, 1)
    with pytest.raises(ValueError, match="not seats"):
        SimResult.build(setup, scores=[1, 2], winners=[2], rounds=1, moves=1, seconds=0.0)
    with pytest.raises(ValueError, match="scores"):
        SimResult.build(setup, scores=[1], winners=[0], rounds=1, moves=1, seconds=0.0)


def test_which_score_is_best_is_a_field_of_the_game() -> None:
    cabo, tower = catalogue.get("cabo"), catalogue.get("tower")
    assert cabo is not None and tower is not None
    assert cabo.higher_is_better is False and tower.higher_is_better is True


def test_a_tie_credits_every_tied_human_with_the_win(app: Any) -> None:
    from game.app.gamescene import GameScene

    seats = [Seat("You", "#fff", "human", device="mouse"), Seat("Bea", "#fff", "human",
                                                                  device="keys1"),
             Seat("Cy", "#fff", "human", device="keys2")]
    scene = GameScene(app, MatchSetup("cabo", seats, {}, 1))
    scene.finish([4.0, 4.0, 9.0], (0, 1))
    you = app.stats.for_profile(app.settings.profile)["cabo"]
    bea = app.stats.for_profile("Bea")["cabo"]
    cy = app.stats.for_profile("Cy")["cabo"]
    assert (you.played, you.won) == (1, 1)
    assert (bea.played, bea.won) == (1, 1)
    assert (cy.played, cy.won) == (1, 0)


def test_the_statistics_menu_shows_each_games_own_best(app: Any) -> None:
    from game.app.menus.stats import StatsScene

    me = app.settings.profile
    for score in (12.0, -3.0, 30.0):
        app.stats.record(me, "cabo", won=False, score=score, seconds=60.0)
        app.stats.record(me, "tower", won=False, score=score, seconds=60.0)
    scene = StatsScene(app)
    rows = {r[0]: r for r in scene.rows(me)}
    assert rows["Kaboom! cards"][4] == "-3 (lower wins)"  # lowest total is best, and says so
    assert rows["Tower Kaboom"][4] == "30"  # highest points are best


def test_options_parse_beside_the_game_with_clear_errors() -> None:
    info = catalogue.get("tower")
    assert info is not None
    opts = info.parse_options(["rounds=2", "closing_rule=on"])
    assert opts == {**info.default_options(), "rounds": 2, "closing_rule": True}
    assert info.parse_options(["closing_rule=FALSE"])["closing_rule"] is False
    with pytest.raises(ValueError, match="tower options: rounds, closing_rule"):
        info.parse_options(["speed=9"])
    with pytest.raises(ValueError, match="--option rounds: '9' is not one of 1, 2, 3, 4, 5"):
        info.parse_options(["rounds=9"])


def test_a_seat_read_from_a_file_never_keeps_a_colour_the_table_cannot_draw() -> None:
    seat = Seat.from_dict({"name": "Ann", "colour": "#fff", "kind": "ai"}, 2)
    assert seat.colour == catalogue.SEAT_COLOURS[2]
    assert Seat.from_dict({"colour": "#12ab9F"}, 0).colour == "#12ab9F"
    assert Seat.from_dict({"colour": 7}, 1).colour == catalogue.SEAT_COLOURS[1]
