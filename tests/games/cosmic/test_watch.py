"""Watch again: a simulated Cosmic Kaboom match played back on the real table, decision for
decision, ending as the match ended; a tampered file stops play-back and says where."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game.app import catalogue
from game.app.menus.replays import RATES
from game.core import replay
from game.games.cosmic.data import FIELD
from game.games.cosmic.scene import Stage
from game.games.cosmic.table import BASE_RADIUS
from game.games.cosmic.watch import CosmicWatchScene
from game.ui import text, theme


def _simulated(seed: int = 4) -> replay.Replay:
    info = catalogue.get("cosmic")
    assert info is not None
    seats = catalogue.parse_players("ai:hard,ai:easy", info)
    setup = catalogue.MatchSetup("cosmic", seats, {"fly_back": False, "rounds": 3}, seed)
    with replay.capture() as made:
        info.simulate(setup)
    return made[0]


def _run(scene: CosmicWatchScene, frames: int = 30000) -> None:
    for _ in range(frames):
        if scene.stage == Stage.OVER or scene.diverged is not None:
            return
        scene.update(1.0 / 15.0)


def test_a_replay_plays_back_to_the_recorded_end(app: Any) -> None:
    rep = _simulated()
    scene = CosmicWatchScene(app, rep)
    scene.controls.rate_index = len(RATES) - 1  # the fastest play-back
    _run(scene)
    assert scene.diverged is None
    assert scene.stage == Stage.OVER
    assert scene.next_input == len(rep.inputs)
    from game.games.cosmic.replay import match_hash

    assert match_hash(scene.match) == rep.final_hash


def test_a_tampered_replay_stops_and_says_where(app: Any) -> None:
    rep = _simulated()
    seat, payload = rep.inputs[3][1], rep.inputs[3][3]
    rep.inputs[3] = (rep.inputs[3][0], 1 - seat, None, {**payload, "player": 1 - seat})
    scene = CosmicWatchScene(app, rep)
    _run(scene)
    assert scene.diverged is not None and "input 3" in scene.diverged


def test_watch_again_shows_the_seats_as_they_were_played(app: Any) -> None:
    """A match a person played, played back: their panel names their device, not 'AI'."""
    info = catalogue.get("cosmic")
    assert info is not None
    seats = catalogue.parse_players("human:mouse,ai:easy", info)
    setup = catalogue.MatchSetup("cosmic", seats, {**info.default_options(), "length": "short"},
                                 4)
    with replay.capture() as made:
        info.simulate(setup)
    scene = CosmicWatchScene(app, made[0])
    assert [scene.seat_who(i) for i in range(2)] == ["Mouse", "AI · easy"]
    assert all(s.is_ai for s in scene.seats)  # the replay still drives every seat


def test_the_play_back_bar_shows_its_status_and_keys_in_full(app: Any) -> None:
    from game.games.cosmic import art
    from game.games.cosmic.watch import BAR
    from game.ui import text

    scene = CosmicWatchScene(app, _simulated())
    bar = scene.controls
    assert bar.bar == BAR
    left = bar.buttons[-1][0].right + 10
    replay_w = text.render("REPLAY paused", 14, (0, 0, 0), True).get_width()
    status = "round 40 · 999/999"  # the longest the status gets
    assert text.ellipsize(status, 12, BAR.right - 16 - left - replay_w) == status
    for device in ("keys1", "keys2", "pad0"):
        bar.device = device
        hint = bar.hint(app.input.word_for)
        assert hint and text.render(hint, 12, (0, 0, 0)).get_width() <= BAR.w - 16
    # it hides nothing of the table: no Base (claimed or not) and nothing of space
    r = art.px(BASE_RADIUS)
    for corner in ((0.0, FIELD), (FIELD, FIELD)):
        cx, cy = art.to_screen(*corner)
        assert math.hypot(max(BAR.left - cx, 0, cx - BAR.right),
                          max(BAR.top - cy, 0, cy - BAR.bottom)) >= r
    assert BAR.top >= art.FIELD_RECT.bottom


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_play_back_bar_buttons_hold_their_words_with_room_and_never_touch(
        scale: float) -> None:
    """With larger text the bar's buttons stood edge to edge, their words filling them
    ("Pause-+Next flickBack"): each is as wide as its words and some room, apart from the
    next, and all inside the bar, at either text size."""
    from game.games.cosmic.watch import BAR, CosmicWatchControls

    text.set_scale(scale)
    try:
        controls = CosmicWatchControls("Next flick", BAR)
        words = {"toggle": "Pause", "slower": "-", "faster": "+", "step": "Next flick",
                 "back": "Back"}
        rects = [r for r, _ in controls.buttons]
        for rect, command in controls.buttons:
            need = text.render(words[command], controls.BUTTON_SIZE, theme.CREAM).get_width()
            assert rect.w >= need + 2 * controls.PAD, command
            assert BAR.contains(rect), command
        for a, b in zip(rects, rects[1:], strict=False):
            assert b.left - a.right >= controls.GAP
    finally:
        text.set_scale(1.0)
