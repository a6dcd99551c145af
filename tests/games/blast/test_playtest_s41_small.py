"""Session 41's small things: the replay bar's round agrees with the header's."""

from __future__ import annotations

from typing import Any

from game.games.blast.view import round_status
from game.games.blast.watch import BlastWatchScene
from tests.games.blast.test_watch import _simulated


def test_the_replay_bar_says_the_round_the_header_says(app: Any) -> None:
    """The bar said "round 3" while the header said "Round 2": the rules run ahead of the
    table's animation, and the bar read the rules."""
    scene = BlastWatchScene(app, _simulated())
    for _ in range(6000):
        scene.update(1.0 / 30.0)
        if scene.state.round != scene.presenter.round or scene.finished:
            break
    assert scene.state.round != scene.presenter.round  # a moment when the two differ
    header = round_status(scene.presenter.round, scene.state.options.max_rounds)
    assert f"Round {scene.presenter.round} " in header
    assert scene.watch_status().endswith(f"round {scene.presenter.round}")
