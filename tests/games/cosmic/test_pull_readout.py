"""The power bar's percentage is the pull's share of the full pull, for a flick and a Space
Bomb toss alike: a stranger read one bomb pull as 89% and then 61%, and a nudge moved it from
61% to 96% (the toss picks its power so the landing moves evenly with the pull, and the bar
showed that power)."""

from __future__ import annotations

import re
from typing import Any

import pygame

from game.games.cosmic import aimview as aim_mod
from game.games.cosmic.controls import DEAD_ZONE
from game.games.cosmic.pull import MAX_PULL, pull_power, toss_power

from .test_scene import open_scene, tick


def _readouts(scene: Any, monkeypatch: Any, toss: bool) -> list[int]:
    """The bar's percentage for each whole-pixel pull length past the dead zone."""
    said: list[str] = []
    monkeypatch.setattr(aim_mod, "board_label",
                        lambda _s, words, *_a, **_k: said.append(words))
    surface = pygame.Surface((1280, 720))
    power_of = toss_power if toss else pull_power
    out = []
    for length in range(int(DEAD_ZONE), int(MAX_PULL) + 1):
        said.clear()
        scene.view.aim._meter(surface, (640.0, 360.0), 0.0, power_of(float(length)),
                              toss=toss)
        (words,) = said
        found = re.fullmatch(r"power (\d+)%", words)
        out.append(100 if words == "MAX power" else int(found.group(1)) if found else -1)
    return out


def test_the_bar_reads_the_pulls_share_evenly_for_a_flick_and_a_toss(app: Any,
                                                                     monkeypatch: Any) -> None:
    scene = open_scene(app, "keys1", "ai:easy")
    tick(scene)
    flick = _readouts(scene, monkeypatch, toss=False)
    toss = _readouts(scene, monkeypatch, toss=True)
    for shown in (flick, toss):
        assert shown == sorted(shown)  # never falls as the pull grows
        assert max(b - a for a, b in zip(shown, shown[1:], strict=False)) <= 3
        assert shown[-1] == 100
    half = int(MAX_PULL / 2) - int(DEAD_ZONE)
    assert flick[half] == toss[half] == 50  # the same pull reads the same, flick or bomb
    # (past the weakest flick's floor; a toss's power is found by search, so within a point)
    assert all(abs(a - b) <= 1 for a, b in zip(flick[10:], toss[10:], strict=True))
