"""Playtest s51: every hand card keeps a rule line at larger text; the log beside the preview;
the thief sees what her Spy took; a human's seat reads as her turn; the Oops card at two."""

from __future__ import annotations

import pygame
import pytest

from game.games.blast import art
from game.games.blast import data as D
from game.games.blast.layout import TableLayout
from game.ui import text, theme


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
@pytest.mark.parametrize("seats", [2, 4])
def test_every_hand_card_draws_a_rule_line_inside_the_card(scale: float, seats: int) -> None:
    # a stranger with larger text on saw the Twist of Fate in the hand with no words at all
    pygame.font.init()
    w, h = TableLayout(seats).hand_w, TableLayout(seats).hand_h
    text.set_scale(scale)
    try:
        for cid in D.DECK_TYPES:
            lay = art.face_layout(cid, w, h)
            assert lay.rule is not None and lay.rule_box is not None, (cid, w, h, scale)
            words = " ".join(lay.rule.lines)
            assert words.strip() and words in (D.GISTS[cid], D.SHORT_GISTS.get(cid)), cid
            assert not lay.rule.lines[-1].endswith("…") and lay.rule.squeeze == 1.0, cid
            assert lay.rule.size >= art.HAND_GIST_PX, (cid, lay.rule.size)
            assert pygame.Rect(3, 3, w - 6, h - 6).contains(lay.rule_box), (cid, lay.rule_box)
            assert lay.rule.height <= lay.rule_box.h, cid
            for ln in lay.rule.lines:
                assert art._measure(ln, lay.rule.size, False) <= lay.rule_box.w, (cid, ln)
    finally:
        text.set_scale(1.0)


def test_short_gists_are_shorter_and_only_for_cards_with_a_gist() -> None:
    for cid, short in D.SHORT_GISTS.items():
        assert len(short) < len(D.GISTS[cid]), cid
