"""The power bar keeps one place beside the ship (or the bomb's hand) through a pull while
that place stays clear: a stranger saw it jump to another spot between frames as he
pulled."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.app.input import POINT
from game.games.cosmic import art

from .test_layout import bomb_turn_match
from .test_scene import human_turn, mouse, open_scene, tick


def _places(scene: Any, hands: list[tuple[float, float]]) -> list[tuple[int, int]]:
    """The bar's place (its top left) each frame as the pressed pointer goes through
    `hands`, then three frames held still."""
    surface = pygame.Surface((1280, 720))
    out = []
    for hand in [*hands, hands[-1], hands[-1], hands[-1]]:
        mouse(scene, POINT, hand)
        scene.draw(surface)
        bar = scene.view.aim.bar_area
        assert bar is not None
        out.append(bar.topleft)
    return out


def _hops(places: list[tuple[int, int]]) -> int:
    return sum(1 for a, b in zip(places, places[1:], strict=False) if a != b)


def test_the_flicks_power_bar_stays_put_through_a_pull(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    ship = art.to_screen(*scene.match.ship_at(0))
    assert mouse(scene, "primary", ship)
    hands = [(ship[0] + math.cos(a) * r, ship[1] + math.sin(a) * r)
             for a in (0.2, 0.7, 1.2, 1.7) for r in range(40, 170, 5)]
    places = _places(scene, hands)
    assert _hops(places) == 0  # the longer pull's path never came to where the bar sat


def test_the_bombs_power_bar_stays_put_through_a_pull(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:medium", match=bomb_turn_match())
    tick(scene)
    start = (560, 200)  # pressed in space and pulled back toward the Base
    mouse(scene, POINT, start)
    mouse(scene, "primary", start)
    hands = [(start[0] - math.cos(a) * r, start[1] - math.sin(a) * r)
             for a in (0.2, 0.35, 0.5) for r in range(30, 170, 4)]
    places = _places(scene, hands)
    # its landing moves with the pull: the bar moved only once its place was no longer
    # clear (it hopped three times before, back and forth)
    assert _hops(places) <= 1
    assert len(set(places[-4:])) == 1  # the pointer held still: the bar stays
