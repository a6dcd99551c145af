"""What the sixth playtest (a stranger, 6/10) found, each fixed: a hand whose rule text came out
about 7 px (readable only in the preview), and the smaller things listed with each test."""

from __future__ import annotations

import pygame
import pytest

from game.games.blast import art
from game.games.blast import data as D
from game.games.blast.layout import (
    DUEL_HAND_H,
    DUEL_HAND_W,
    HAND_H,
    HAND_W,
    PREVIEW_H,
    PREVIEW_W,
    SMALL_HAND_H,
    SMALL_HAND_W,
)
from game.ui import text

HANDS = ((SMALL_HAND_W, SMALL_HAND_H), (HAND_W, HAND_H), (DUEL_HAND_W, DUEL_HAND_H))


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize("scale", [1.0, 1.25])
def test_every_hand_card_prints_its_gist_whole_at_a_readable_size(scale: float) -> None:
    text.set_scale(scale)
    try:
        for w, h in HANDS:
            for cid in D.CARDS:
                lay = art.face_layout(cid, w, h)
                assert lay.rule is not None and lay.rule_box is not None, (cid, w, h)
                assert lay.rule.size >= art.GIST_MIN_PX, (cid, w, h, lay.rule.size)
                assert " ".join(lay.rule.lines) == D.GISTS[cid], (cid, w, h)
                assert lay.rule.squeeze == 1.0 and lay.rule.height <= lay.rule_box.h
                assert lay.art.h >= h * .28, (cid, w, h)
        # the usual four-player hand reads at 12 px (the full line was 7-8 px there)
        assert min(art.text_sizes(c, HAND_W, HAND_H)[1] for c in D.CARDS) >= 12
    finally:
        text.set_scale(1.0)


def test_the_preview_still_prints_the_full_rule_and_gists_are_short() -> None:
    assert set(D.GISTS) == set(D.CARDS)
    for cid in D.CARDS:
        lay = art.face_layout(cid, PREVIEW_W, PREVIEW_H)
        assert lay.rule is not None and " ".join(lay.rule.lines) == D.CARDS[cid].text
        assert len(D.GISTS[cid]) <= len(D.CARDS[cid].text), cid
        assert len(D.GISTS[cid]) <= 40, cid


def test_an_upgraded_explosive_reads_as_what_it_hits_like() -> None:
    assert art.acting_gist(D.PIPE, 3) == "Upgraded: breaks palisade, stone or iron."
    assert art.acting_gist(D.PIPE, 2) == D.GISTS[D.PIPE]
    assert art.acting_gist(D.SPY, 3) == D.GISTS[D.SPY]
