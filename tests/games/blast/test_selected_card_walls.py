"""The card a person selects to play, while they choose its target (a stranger choosing a
wall could not see their own walls: the lifted card and its glow rose over them)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.blast.controls import MARK_REACH
from game.games.blast.data import PALISADE, PIPE, STONE, TNT
from game.games.blast.demos import _give
from game.games.blast.layout import FELT, PREVIEW_SIZES, SIDEBAR, preview_rect
from game.games.blast.rules import MatchState, Options
from game.games.blast.view import preview_card
from game.ui import text, theme
from tests.games.blast.scene_helpers import HumanHands, make_setup, open_table


@pytest.mark.parametrize("n", [2, 4, 5])
@pytest.mark.parametrize("large", [False, True])
def test_the_selected_card_covers_no_wall(app: Any, driver: HeadlessDriver, n: int,
                                          large: bool) -> None:
    text.set_scale(theme.LARGE_TEXT_SCALE if large else 1.0)
    try:
        m = MatchState(Options(n, first=0), 3)
        _give(m, 0, [TNT, PIPE, STONE, PALISADE])
        scene = open_table(app, driver, make_setup(["mouse"] + ["easy"] * (n - 1), seed=4),
                           {"version": 1, "match": m.to_dict()})
        driver.run(3)
        lay = scene.layout
        walls = []
        for seat in range(n):  # a full row of walls and tokens at every seat
            walls += lay.wall_rects(seat, 5) + lay.wall_rects(seat, 8, 2) \
                + lay.token_rects(seat, 2)
        hands = HumanHands(app, driver, scene)
        for card in (TNT, PIPE):
            i = scene.presenter.hand.index(card)
            assert hands.point_at(0, f"hand:{i}")
            driver.step()
            assert scene.table_controls.pick.stage in ("target", "walls")
            slot = scene.table_controls.fan_slots()[i]
            assert slot.lift > 0  # still raised, to show which card is aimed
            r = pygame.Rect(0, 0, lay.hand_w, lay.hand_h)
            r.center = (round(slot.x), round(slot.y - slot.lift))
            hit = [w for w in walls if w.colliderect(r.inflate(2 * MARK_REACH, 2 * MARK_REACH))]
            assert not hit, (card, r, hit)
            # its large picture ("You can play this now") is the sidebar's, off the felt
            for big in [preview_card(), *(preview_rect(size) for size in PREVIEW_SIZES)]:
                assert SIDEBAR.contains(big) and not big.colliderect(FELT), big
            scene.table_controls.step_back()
            driver.step()
    finally:
        text.set_scale(1.0)
