"""Every game speaks through the kit's Voice: a seat named You is spoken to in every line a match
shows ("You take", "You return to Base", "You destroy"), never "You takes", in every game of the
catalogue (a fifth game gets this test by registering)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from game.app import catalogue
from game.app.catalogue import MatchSetup, Seat, parse_players
from game.app.gamescene import GameScene
from game.app.headless import HeadlessDriver
from game.ui import text
from tests.contract import game_ids, short_options

#: "You" followed by a verb agreeing with he/she: "You takes", "You returns", "You is", "You has".
WRONG = re.compile(r"\bYou (?:is|has|was|does|(?!\w*ss\b)[a-z]+[^s\W]s)\b"
                   # or "You" capitalised inside a sentence: "(the RPG from You)", "by You"
                   r"|\b(?:from|by|to|for|with|of|at|on|and|than) You\b")
FRAMES = 2400  # a few minutes of play at the raised pace: dozens of lines from every seat
#: One frame in three is drawn: every line a match shows stays up a second or more (15 frames
#: here), so none is missed, and the test costs a third of the drawing.
DRAW_EVERY = 3
#: Seats at the table: three (so lines naming two others, "at Cleo", "Ben and You", are made),
#: but two where one seat more only makes the match longer (Cosmic's and Tower's AIs think and
#: fly for every turn: their three-seat matches cost 24 and 13 s under load, two 12 and 6, and
#: still show You flicking, banking, tossing the bomb, winning, at the catapult, the timer).
SEATS: dict[str, int] = {"cosmic": 2, "tower": 2}


class _Lines:
    """A draw observer that keeps every text drawn."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def text(self, surface: Any, rect: Any, label: str, img: Any) -> None:
        self.seen.add(label)

    def panel(self, surface: Any, rect: Any) -> None:
        pass

    def rendered(self, img: Any, label: str) -> None:
        self.seen.add(label)


def test_the_pattern_sees_what_players_saw() -> None:
    for bad in ("You returns to Base", "KABOOM! You destroys 1 planet", "You takes the C4",
                "You is out", "You has no walls", "Out in round 3 (RPG from You)",
                "knocked out by You", "Ben and You win"):
        assert WRONG.search(bad), bad
    for good in ("You return to Base", "You destroy 1 planet", "You pass", "You miss",
                 "You press", "You guess", "Your turn", "You: 3 points",
                 "Out in round 3 (RPG from you)", "Game over: You win"):
        assert not WRONG.search(good), good


@pytest.mark.parametrize("game", game_ids())
def test_a_seat_named_you_is_spoken_to_in_every_line(app: Any, driver: HeadlessDriver,
                                                     game: str) -> None:
    info = catalogue.get(game)
    assert info is not None
    seats = parse_players(",".join(["ai:easy"] * SEATS.get(game, 3)), info)
    seats[0] = Seat("You", seats[0].colour, "ai", "easy")  # the cheapest thinkers: words, not play
    options = info.parse_options(short_options(game))
    scene = info.make_scene(app, MatchSetup(game, seats, options, 4), None)
    assert isinstance(scene, GameScene)
    for attr, fast in (("speed", 8.0), ("time_scale", 6.0)):
        if hasattr(scene, attr):
            setattr(scene, attr, fast)
    app.stack.push(scene)
    app.stack.apply_requests()
    lines = _Lines()
    text.observe(lines)
    try:
        for i in range(FRAMES):
            driver.step(dt=1 / 15, draw=i % DRAW_EVERY == 0)
            if scene.finished:
                break
    finally:
        text.observe(None)
    said_to_you = sorted(s for s in lines.seen if re.search(r"\bYou\b", s))
    assert said_to_you, f"{game}: no line named the seat You in {FRAMES} frames"
    wrong = sorted(s for s in lines.seen if WRONG.search(s))
    assert not wrong, f"{game}: " + " | ".join(wrong)
