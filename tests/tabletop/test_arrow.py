"""The targeting arrow: its curve, taper and growth, and that it paints."""

from __future__ import annotations

import math

import pygame

from game.tabletop.arrow import arrow_points, bezier, control_point, draw_arrow


def test_the_curve_runs_from_start_to_end_and_bows_to_one_side() -> None:
    c = control_point((0, 0), (100, 0), 0.2)
    assert bezier((0, 0), c, (100, 0), 0.0) == (0, 0)
    assert bezier((0, 0), c, (100, 0), 1.0) == (100, 0)
    assert bezier((0, 0), c, (100, 0), 0.5)[1] > 5  # bowed off the chord


def test_the_head_tip_is_at_the_end_and_the_shaft_tapers() -> None:
    shaft, head = arrow_points((0, 0), (300, 0), bow=0.0, width=14)
    assert head[0] == (300.0, 0.0)
    n = len(shaft) // 2
    tail_w = math.dist(shaft[0], shaft[-1])
    base_w = math.dist(shaft[n - 1], shaft[n])
    assert tail_w < base_w
    assert max(x for x, _ in shaft) < 300 - 20  # the shaft stops where the head begins


def test_progress_grows_the_arrow() -> None:
    _, half = arrow_points((0, 0), (300, 0), bow=0.0, progress=0.5)
    assert half[0][0] == 150.0
    assert arrow_points((0, 0), (300, 0), progress=0.0) == ([], [])
    assert arrow_points((5, 5), (5, 5)) == ([], [])


def test_draw_arrow_paints_between_the_ends() -> None:
    surf = pygame.Surface((400, 200))
    surf.fill((0, 0, 0))
    draw_arrow(surf, (40, 100), (360, 100), (230, 80, 60), bow=0.0)
    assert surf.get_at((200, 100))[:3] != (0, 0, 0)
    assert surf.get_at((200, 20))[:3] == (0, 0, 0)
