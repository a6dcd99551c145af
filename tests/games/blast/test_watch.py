"""Watch again: a simulated Kaboom! Explosive match played back on the real table, action for
action, ending as the match ended; a tampered file stops play-back and says where."""

from __future__ import annotations

from typing import Any

from game.app import catalogue
from game.app.menus.replays import RATES
from game.core import replay
from game.games.blast.replay import rules_hash
from game.games.blast.watch import BlastWatchScene


def _simulated(seed: int = 4) -> replay.Replay:
    info = catalogue.get("blast")
    assert info is not None
    seats = catalogue.parse_players("ai:medium,ai:easy,ai:easy", info)
    setup = catalogue.MatchSetup("blast", seats, {"max_rounds": 6}, seed)
    with replay.capture() as made:
        info.simulate(setup)
    return made[0]


def _run(scene: BlastWatchScene, frames: int = 60000) -> None:
    for _ in range(frames):
        if scene.finished or scene.diverged is not None:
            return
        scene.update(1.0 / 30.0)


def test_a_replay_plays_back_to_the_recorded_end(app: Any) -> None:
    rep = _simulated()
    scene = BlastWatchScene(app, rep)
    scene.controls.rate_index = len(RATES) - 1  # the fastest play-back
    _run(scene)
    assert scene.diverged is None
    assert scene.next_input == len(rep.inputs)
    assert scene.state.is_terminal()
    assert rules_hash(scene.state) == rep.final_hash


def test_views_turn_the_table_to_a_seat_or_show_only_public_cards(app: Any) -> None:
    scene = BlastWatchScene(app, _simulated())
    assert scene.presenter.viewer is None  # the table's view: no hand face up
    scene._set_view(1)
    assert scene.presenter.viewer == 1
    assert sorted(scene.presenter.hand) == sorted(scene.state.players[1].hand)
    scene._set_view(len(scene.names))
    assert scene.presenter.viewer is None and scene.presenter.hand == []


def test_a_tampered_replay_stops_and_says_where(app: Any) -> None:
    rep = _simulated()
    step, seat, t, payload = rep.inputs[2]
    rep.inputs[2] = (step, (seat + 1) % 3, t, {**payload, "player": (seat + 1) % 3})
    scene = BlastWatchScene(app, rep)
    _run(scene)
    assert scene.diverged is not None and "input 2" in scene.diverged


def test_watch_again_shows_the_seats_as_they_were_played(app: Any) -> None:
    """A playtester's seat read "AI - easy" in Watch again: the plates say who played each
    seat in the match (the kit's `WatchTable.open_replay`), while the replay drives every seat."""
    info = catalogue.get("blast")
    assert info is not None
    seats = catalogue.parse_players("human:mouse,ai:easy", info)
    setup = catalogue.MatchSetup("blast", seats, info.default_options(), 4)
    with replay.capture() as made:
        info.simulate(setup)
    scene = BlastWatchScene(app, made[0])
    assert [scene.seat_label(i) for i in range(2)] == ["Mouse", "AI - easy"]
    assert all(s.is_ai for s in scene.seats)
