"""Playtest s44's fixes for Kaboom! Explosive: hand cards whose words read 8-9 px on screen in
a 1024x576 window, and an Oops arrow that pointed at another wall than the one that fell."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.display import MIN_WINDOW
from game.app.headless import HeadlessDriver
from game.games.blast import art
from game.games.blast import data as D
from game.games.blast.layout import TableLayout
from tests.games.blast.helpers import table
from tests.games.blast.scene_helpers import open_match


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize("window", [MIN_WINDOW, (1280, 720)], ids=["1024x576", "1280x720"])
def test_every_hand_cards_words_read_on_screen_and_fit_in_the_card(
        window: tuple[int, int]) -> None:
    """Strangers read the hand cards themselves, not the preview: every hand size's card
    names are at least 12 px on screen and any other words at least 11 px (the canvas is
    1280x720, drawn at 0.8 in the smallest window), all of them inside the card."""
    scale = window[0] / 1280
    sizes = sorted({s for n in (2, 3, 4, 5) for s in TableLayout(n).hand_sizes})
    printed = 0
    for w, h in sizes:
        for cid in D.CARDS:
            lay = art.face_layout(cid, w, h)
            assert lay.name.size * scale >= 12, (cid, w, h, lay.name.size)
            assert lay.name.height <= lay.header.h, (cid, w, h)
            for ln in lay.name.lines:
                assert art._measure(ln, lay.name.size, True) * lay.name.squeeze \
                    <= lay.header.w, (cid, w, h, ln)
            if lay.rule is None:
                continue
            printed += 1
            assert lay.rule_box is not None
            assert lay.rule.size * scale >= 11, (cid, w, h, lay.rule.size)
            assert not lay.rule.lines[-1].endswith("…") and lay.rule.squeeze == 1.0
            assert " ".join(lay.rule.lines) in (D.GISTS[cid], D.SHORT_GISTS.get(cid))
            assert lay.rule.height <= lay.rule_box.h
            assert pygame.Rect(0, 0, w, h).contains(lay.rule_box)
            for ln in lay.rule.lines:
                assert art._measure(ln, lay.rule.size, False) <= lay.rule_box.w, (cid, ln)
    # the two-player hand still prints every card's gist
    duel = TableLayout(2).hand_sizes[0]
    assert all(art.face_layout(c, *duel).rule is not None for c in D.CARDS)
    assert printed >= len(D.CARDS) * 1.5


def test_an_oops_arrow_ends_on_the_wall_the_explosive_will_break(app: Any,
                                                                 driver: HeadlessDriver) -> None:
    """An Oops sends an explosive on naming no wall; its arrow ended in the middle of the new
    target's zone, over another wall than the one that fell. It ends on the wall the rules
    break: the strongest the explosive can (TNT: the iron wall, not the palisade)."""
    from game.games.blast.layout import wall_tip
    from game.games.blast.presenter import Link
    from game.games.blast.rules import strongest_hit

    m = table(3, walls={2: [D.PALISADE, D.STONE, D.IRON, D.STEEL]})
    scene = open_match(app, driver, m, ["mouse", "easy", "easy"])
    walls = scene.presenter.seats[2].walls
    assert strongest_hit(list(walls), D.CARDS[D.TNT].power) == [D.IRON]
    link = Link(D.TNT, 1, 2, "oops", (), "", power=D.CARDS[D.TNT].power)
    start = scene.layout.zone(link.source).anchor
    ends = scene.view.link_ends(link.target, link.walls, link.card, start, link.power)
    rects = scene.wall_rects(2)
    iron = rects[walls.index(D.IRON)]
    assert ends == [wall_tip(iron, start)]
    assert iron.inflate(2, 2).collidepoint(ends[0])
    assert not any(r.inflate(2, 2).collidepoint(ends[0])
                   for i, r in enumerate(rects) if walls[i] != D.IRON)
    # behind a Force Field nothing falls: the arrow ends at the zone
    scene.presenter.seats[2].walls.append(D.FORCE_FIELD)
    assert scene.view.link_ends(2, (), D.TNT, start, 3) == [scene.layout.zone(2).anchor]
