"""Session 50: what a stranger's playtest found in Kaboom! Explosive, each pinned."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from tests.games.blast.scene_helpers import make_setup, open_table


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
