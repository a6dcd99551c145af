"""`play --seed N` with AI seats and `simulate --seed N` are the same match, for every game.

Both sides are built the way the command line builds them (`parse_players`, one `MatchSetup`);
the table runs in the real App through the headless driver, the simulation through
`GameInfo.simulate`, and the outcomes must agree move for move.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.app import catalogue
from game.app.headless import HeadlessDriver
from tests.contract import game_ids, short_options


def _setup(game_id: str, players: str, seed: int, **options: Any) -> catalogue.MatchSetup:
    info = catalogue.get(game_id)
    assert info is not None
    seats = catalogue.parse_players(players, info)
    return catalogue.MatchSetup(game_id, seats, {**info.default_options(), **options}, seed)


def _copy(setup: catalogue.MatchSetup) -> catalogue.MatchSetup:
    return catalogue.MatchSetup.from_dict(setup.to_dict())


@pytest.mark.parametrize(("players", "seed", "pace"), [
    ("ai:hard,ai:medium,ai:easy", 1, "normal"), ("ai:hard,ai:medium,ai:easy", 9, "brisk"),
    ("ai:hard,ai:hard,ai:medium,ai:easy", 12, "relaxed")])
def test_cabo_on_screen_is_the_simulated_match(app: Any, driver: HeadlessDriver, players: str,
                                                seed: int, pace: str) -> None:
    from game.games.cabo import rules as R
    from game.games.cabo.scene import CaboScene
    from game.games.cabo.sim import play_match, start_match

    setup = _setup("cabo", players, seed, rounds=1, ai_pace=pace)
    info = catalogue.get("cabo")
    assert info is not None
    sim = info.simulate(_copy(setup))
    scene = info.make_scene(app, setup, None)
    assert isinstance(scene, CaboScene)
    scene.speed = 8.0  # faster table time; the AIs' choices do not depend on it
    app.stack.push(scene)
    app.stack.apply_requests()
    assert driver.run_until(lambda: scene.finished, 20000)
    assert scene.state.totals == list(sim.scores)
    assert list(scene.state.winners()) == list(sim.winners)
    assert scene.state.round == sim.rounds
    assert len(scene.state.actions) == sim.moves
    # The same deal, the same seats and the same slap windows: every action, slaps and their
    # times included, is the simulated one, although the table paces its AIs by its own clock.
    state, bots = start_match([s.difficulty for s in setup.seats], seed,
                              {"rounds": 1, "first_starter": 0,
                               "slap_window": setup.options["slap_window"]})
    play_match(state, bots)
    assert any(isinstance(a, R.Slap) for a in state.actions)
    assert state.actions == scene.state.actions

@pytest.mark.parametrize(("players", "seed"), [("ai:hard,ai:medium,ai:easy", 11),
                                              ("ai:easy,random", 3)])
def test_tower_on_screen_is_the_simulated_match(app: Any, driver: HeadlessDriver, players: str,
                                                seed: int) -> None:
    from game.core import replay
    from game.games.tower.scene import Stage, TowerScene

    setup = _setup("tower", players, seed, rounds=1)
    info = catalogue.get("tower")
    assert info is not None
    with replay.capture() as made:
        # The setup as the command line hands it over (a copy through `to_dict` would turn a
        # "random" seat, which only the command line seats, into a medium one).
        sim = info.simulate(catalogue.MatchSetup(setup.game_id, list(setup.seats),
                                                 dict(setup.options), setup.seed))
    assert len(made) == 1
    simulated = made[0]
    scene = info.make_scene(app, setup, None)
    assert isinstance(scene, TowerScene)
    scene.time_scale = 6.0
    app.stack.push(scene)
    app.stack.apply_requests()
    assert driver.run_until(lambda: scene.stage == Stage.OVER, 3000, dt=1.0 / 15.0)
    assert scene.match.totals() == list(sim.scores)
    assert scene.match.winners() == list(sim.winners)
    assert scene.match.round == sim.rounds
    turns = [(h["builder"], h["won"], h["points"]) for h in scene.match.history]
    assert turns == [(t["builder"], t["won"], t["points"]) for t in sim.details["per_turn"]]
    # The same match step for step: the same seat names and options, every input of every
    # seat at the same logic step, and every checkpoint hash of the world and the match.
    assert scene.recorder is not None
    played = scene.recorder.replay
    assert played.options == simulated.options
    assert played.inputs == simulated.inputs
    assert played.checkpoints == simulated.checkpoints
    assert len(played.checkpoints) > 20
    assert played.final_hash == simulated.final_hash != ""


@pytest.mark.parametrize(("players", "seed"), [("ai:hard,ai:medium", 5),
                                              ("ai:medium,ai:easy,ai:hard", 8)])
def test_cosmic_on_screen_is_the_simulated_match(app: Any, driver: HeadlessDriver, players: str,
                                                 seed: int) -> None:
    from game.core import replay
    from game.games.cosmic.replay import verify
    from game.games.cosmic.scene import CosmicScene, Stage

    setup = _setup("cosmic", players, seed, rounds=4)
    info = catalogue.get("cosmic")
    assert info is not None
    with replay.capture() as made:
        sim = info.simulate(_copy(setup))
    assert len(made) == 1
    simulated = made[0]
    scene = info.make_scene(app, setup, None)
    assert isinstance(scene, CosmicScene)
    scene.time_scale = 8.0
    app.stack.push(scene)
    app.stack.apply_requests()
    assert driver.run_until(lambda: scene.stage == Stage.OVER, 20000, dt=1.0 / 15.0)
    assert scene.match.state.scores() == list(sim.scores)
    assert scene.match.state.winners() == list(sim.winners)
    # every flick, toss, card and planet placed back is the simulated one, in the same order,
    # and the table's replay verifies on fresh physics
    assert scene.recorder is not None
    played = scene.recorder.replay
    assert played.inputs == simulated.inputs
    assert played.checkpoints == simulated.checkpoints
    assert played.final_hash == simulated.final_hash != ""
    assert verify(played).ok


@pytest.mark.parametrize(("players", "seed"), [("ai:medium,ai:easy,random", 3),
                                              ("ai:hard,ai:medium", 6)])
def test_blast_on_screen_is_the_simulated_match(app: Any, driver: HeadlessDriver, players: str,
                                                seed: int) -> None:
    from game.core import replay
    from game.games.blast.replay import verify
    from game.games.blast.scene import BlastScene

    setup = _setup("blast", players, seed, max_rounds=8, ai_pace="brisk")
    info = catalogue.get("blast")
    assert info is not None
    with replay.capture() as made:
        sim = info.simulate(catalogue.MatchSetup(setup.game_id, list(setup.seats),
                                                 dict(setup.options), setup.seed))
    assert len(made) == 1
    simulated = made[0]
    scene = info.make_scene(app, setup, None)
    assert isinstance(scene, BlastScene)
    scene.speed = 8.0  # faster table time; the AIs' choices do not depend on it
    app.stack.push(scene)
    app.stack.apply_requests()
    assert driver.run_until(lambda: scene.finished, 40000)
    assert scene.actions and [a.to_dict() for a in scene.actions] == [
        p for _, _, _, p in simulated.inputs]
    assert list(scene.state.winners()) == list(sim.winners)
    assert scene.recorder is not None
    played = scene.recorder.replay
    assert played.checkpoints == simulated.checkpoints
    assert played.final_hash == simulated.final_hash != ""
    assert verify(played).ok


def _without_own_test() -> list[str]:
    """Games this module has no finer test of its own for (`test_<id>_on_screen_is_the_...`):
    a new game gets the contract below by registering, and may write its own instead."""
    return [g for g in game_ids() if f"test_{g}_on_screen_is_the_simulated_match" not in globals()]


@pytest.mark.parametrize("game_id", _without_own_test())
def test_every_games_table_plays_the_simulated_match(app: Any, driver: HeadlessDriver,
                                                     game_id: str, tmp_path: Any) -> None:
    """The contract for any game, by its replays: an all-AI table (as `play` builds it) and
    `simulate` with the same setup make the same inputs and end in the same state (final hash,
    scores, winners). A fifth game gets it by registering; the tests above check more of each
    real game (each ran it in turn: it holds for all four)."""
    from game.app.gamescene import GameScene
    from game.core import replay

    info = catalogue.get(game_id)
    assert info is not None
    setup = catalogue.MatchSetup(game_id, catalogue.parse_players("ai:hard,ai:easy", info),
                                 info.parse_options(short_options(game_id)), 6)
    with replay.capture() as made:
        info.simulate(_copy(setup))
    assert len(made) == 1
    scene = info.make_scene(app, setup, None)
    assert isinstance(scene, GameScene)
    for attr, fast in (("speed", 30.0), ("time_scale", 6.0)):  # the pace changes no choice
        if hasattr(scene, attr):
            setattr(scene, attr, fast)
    app.stack.push(scene)
    app.stack.apply_requests()
    assert driver.run_until(lambda: scene.finished, 20000, dt=1 / 15)
    assert scene.replay_path is not None
    played = replay.load(scene.replay_path)
    assert [i[3] for i in played.inputs] == [i[3] for i in made[0].inputs]
    assert played.final_hash == made[0].final_hash
    assert played.summary == made[0].summary
