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


def _setup(game_id: str, players: str, seed: int, **options: Any) -> catalogue.MatchSetup:
    info = catalogue.get(game_id)
    assert info is not None
    seats = catalogue.parse_players(players, info)
    return catalogue.MatchSetup(game_id, seats, {**info.default_options(), **options}, seed)


def _copy(setup: catalogue.MatchSetup) -> catalogue.MatchSetup:
    return catalogue.MatchSetup.from_dict(setup.to_dict())


@pytest.mark.parametrize("seed", [1, 4, 6])
def test_cabo_on_screen_is_the_simulated_match(app: Any, driver: HeadlessDriver,
                                                seed: int) -> None:
    from game.games.cabo import rules as R
    from game.games.cabo.scene import CaboScene
    from game.games.cabo.sim import play_match, start_match

    setup = _setup("cabo", "ai:hard,ai:medium,ai:easy", seed, rounds=1)
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
    # The same deal and the same seats: the first moves (the flip race and the first turns,
    # before any slap race between table pacing and simulated pacing) are identical.
    state, bots = start_match([s.difficulty for s in setup.seats], seed,
                              {"rounds": 1, "first_starter": 0, "slap_window": 1.5})
    play_match(state, bots)
    first = next(i for i, a in enumerate(state.actions) if isinstance(a, R.Slap))
    assert state.actions[:first] == scene.state.actions[:first]


def test_tower_on_screen_is_the_simulated_match(app: Any, driver: HeadlessDriver) -> None:
    from game.games.tower.scene import Stage, TowerScene

    setup = _setup("tower", "ai:hard,ai:medium,ai:easy", 11, rounds=1)
    info = catalogue.get("tower")
    assert info is not None
    sim = info.simulate(_copy(setup))
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
