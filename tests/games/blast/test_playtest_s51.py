"""Playtest s51: every hand card keeps a rule line at larger text; the log beside the preview;
the thief sees what her Spy took; a human's seat reads as her turn; the Oops card at two."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.blast import art
from game.games.blast import data as D
from game.games.blast.layout import TableLayout
from game.games.blast.rules import Phase
from game.ui import text, theme
from tests.games.blast.scene_helpers import make_setup, open_table


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


def test_a_persons_seat_is_their_turn_not_thinking(app: Any, driver: HeadlessDriver) -> None:
    # "Ben is thinking: wait for your turn" was said of a person at the couch
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=3))
    assert scene.state.phase == Phase.PLAY
    tc = scene.table_controls
    assert tc.waiting_for(1) == f"{scene.names[1]}'s turn: wait for yours."
    assert "thinking" in tc.waiting_for(2)  # an AI does think


def test_the_oops_hand_card_says_what_it_does_at_two_players() -> None:
    # its face said "sends a blast elsewhere" while its button at two said "cancel it"
    pygame.font.init()
    for scale in (1.0, theme.LARGE_TEXT_SCALE):
        text.set_scale(scale)
        try:
            for seats in (2, 4):
                lay = art.face_layout(D.OOPS, TableLayout(seats).hand_w, TableLayout(seats).hand_h)
                assert lay.rule is not None
                words = " ".join(lay.rule.lines)
                assert "at two" in words and "cancel" in words, words
        finally:
            text.set_scale(1.0)


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_log_beside_a_preview_keeps_five_lines(scale: float) -> None:
    # larger text: the Moves log shrank to two lines beside the preview
    from game.games.blast import view
    from game.games.blast.layout import LOG_RECT
    from game.tabletop.movelog import MoveLog, row_height

    pygame.font.init()
    text.set_scale(scale)
    try:
        log = MoveLog()
        for i in range(12):
            log.add(f"Ben's Oops sends the TNT on to Cleo's stone wall ({i}).", theme.CREAM)
        for words in ("You can play this now",
                      "Not now: you may play it only when an explosive is aimed at you."):
            note = view.note_layout(words)
            need = view.newest_rows(log, LOG_RECT.w, 14)
            card = view.preview_card(note, need)
            box = view.reading_box(note, card)
            foot = min(view.log_foot(need), box.y - 6)
            shown = view.fitted_log(log, pygame.Rect(LOG_RECT.x, LOG_RECT.y, LOG_RECT.w,
                                                     foot - LOG_RECT.y), 14)
            rows = (shown.h - view.LOG_TITLE_H - 10) // row_height(14)
            assert rows >= 5, (words, rows)
            assert art.face_layout(D.TNT, card.w, card.h).rule is not None
    finally:
        text.set_scale(1.0)
