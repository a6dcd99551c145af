"""Playtest s44's fixes for Kaboom! Explosive: hand cards whose words read 8-9 px on screen in
a 1024x576 window."""

from __future__ import annotations

import pygame
import pytest

from game.app.display import MIN_WINDOW
from game.games.blast import art
from game.games.blast import data as D
from game.games.blast.layout import TableLayout


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
            assert " ".join(lay.rule.lines) == D.GISTS[cid]
            assert lay.rule.height <= lay.rule_box.h
            assert pygame.Rect(0, 0, w, h).contains(lay.rule_box)
            for ln in lay.rule.lines:
                assert art._measure(ln, lay.rule.size, False) <= lay.rule_box.w, (cid, ln)
    # the two-player hand still prints every card's gist
    duel = TableLayout(2).hand_sizes[0]
    assert all(art.face_layout(c, *duel).rule is not None for c in D.CARDS)
    assert printed >= len(D.CARDS) * 1.5
