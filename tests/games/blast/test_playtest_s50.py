"""Session 50: what a stranger's playtest found in Kaboom! Explosive, each pinned."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.tabletop.curtain import PassCurtain
from tests.games.blast.scene_helpers import HumanHands, make_setup, open_table


@pytest.mark.parametrize("source", [0, 1, 2])
def test_an_attack_arrow_starts_at_the_attackers_plate_from_its_first_frame(
        app: Any, driver: HeadlessDriver, monkeypatch: Any, source: int) -> None:
    """The attack arrow's first frame began at the side of the attacker's zone and crossed
    the draw pile: it starts on the attacker's name plate from the first frame."""
    from game.games.blast import view as V
    from game.games.blast.data import ARROW
    from game.games.blast.presenter import Link

    scene = open_table(app, driver, make_setup(["mouse", "easy", "easy"], seed=5))
    starts: list[tuple[float, float]] = []
    monkeypatch.setattr(V, "draw_arrow", lambda _s, start, *_x, **_k: starts.append(start))
    target = (source + 1) % 3
    scene.presenter.chain = [Link(ARROW, source, target, t=0.02)]
    scene.view._arrows(pygame.Surface((1280, 720)), True)
    plate = scene.layout.zone(source).plate
    assert starts and all(plate.inflate(2, 2).collidepoint(s) for s in starts), (starts, plate)


def test_before_a_curtain_lifts_no_other_seats_hand_shows_and_the_bar_says_pass(
        app: Any, driver: HeadlessDriver) -> None:
    """Twice, just before "Pass to Ana", the bar read "Ana, your turn: show your hand..." over
    another seat's five face-down cards (Ana held eight), and no buttons. Over a seeded couch
    match (two people and an AI): whenever the bar names a person, any hand in the fan is
    theirs (its count, its cards); from the last seat's end until the curtain lifts the bar
    says "Pass to ..." and the fan holds no hand."""
    scene = open_table(app, driver, make_setup(["keys1", "keys2", "medium"], seed=6))
    hands = HumanHands(app, driver, scene, seed=9)
    seen = {"pass": 0, "curtain": 0, "named": 0}

    def check() -> None:
        pr = scene.presenter
        seat, said = scene.prompt()
        if isinstance(app.stack.top, PassCurtain) or scene.curtain is not None:
            seen["curtain"] += 1
            assert not pr.fan, "a hand in the fan behind the curtain"
        if said.startswith("Pass to "):
            seen["pass"] += 1
            name = said[len("Pass to "):].split(":")[0]
            assert scene.passing_to() == scene.names.index(name), said
            assert not pr.fan and seat is None, (said, len(pr.fan))
            assert said.endswith(".")
        if seat is not None and scene.is_human(seat):
            seen["named"] += 1
            assert not pr.fan or scene.layout.home == seat, (said, scene.layout.home, seat)
            hand = scene.state.players[seat].hand
            if pr.fan and not pr.busy:
                assert len(pr.fan) == len(hand), (said, len(pr.fan), hand)
            faces = pr.fan_faces()
            if faces and not pr.busy:
                assert sorted(faces) == sorted(hand), (said, faces, hand)

    hands.frames_check.append(check)
    start = driver.frames
    while len(hands.curtains) < 5 and driver.frames - start < 20000:
        if not hands.act():
            hands.step()
    assert len(hands.curtains) >= 5
    assert seen["pass"] > 0 and seen["curtain"] > 0 and seen["named"] > 0, seen
