"""Session 43's playtest fixes for Kaboom! Explosive (a stranger in a real window, 7/10)."""

from __future__ import annotations

import inspect
from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.ai import PROFILES, Policy, make_ai
from game.games.blast.controls import NO_WALLS_WARNING
from game.games.blast.layout import LOG_RECT, PREVIEW, SIDEBAR
from game.games.blast.view import (
    LOG_TITLE_H,
    fitted_log,
    log_rows_over,
    note_layout,
    preview_card,
    preview_log_bottom,
    reading_box,
)
from game.tabletop.movelog import MoveLog, row_height
from game.ui import text, theme
from tests.games.blast.helpers import table
from tests.games.blast.scene_helpers import HumanHands, open_match


def test_a_wall_less_person_is_warned_on_their_own_panel_and_turn_line(
        app: Any, driver: HeadlessDriver) -> None:
    """A newcomer's last wall went to an arrow and he was knocked out before his turn came
    back, never told: his own panel says "No walls left!" and his turn line warns him first;
    with a wall, no warning."""
    m = table(3, hands={0: [D.ARROW, D.STONE]}, walls={0: []})
    scene = open_match(app, driver, m, ["mouse", "easy", "medium"])
    driver.run(30)
    assert scene.view.no_walls_rect(0) is not None
    seat, said = scene.table_controls.prompt()
    assert seat == 0 and said.startswith(NO_WALLS_WARNING), said
    assert "build one or you can be knocked out" in said


def test_a_person_with_walls_is_not_warned(app: Any, driver: HeadlessDriver) -> None:
    m = table(3, hands={0: [D.ARROW, D.STONE]}, walls={0: [D.PALISADE]})
    scene = open_match(app, driver, m, ["mouse", "easy", "medium"])
    driver.run(30)
    assert scene.view.no_walls_rect(0) is None
    seat, said = scene.table_controls.prompt()
    assert seat == 0 and NO_WALLS_WARNING not in said, said


def test_easy_does_not_home_in_on_the_weakest_row_at_a_fuller_table() -> None:
    """At a three-seat table Easy weighs a one-wall seat as it weighs a full row (no pile-on
    on the weakest, who is often the newcomer); in a duel it still presses a thin row."""
    m = table(3, walls={0: [D.PALISADE], 2: [D.STONE, D.STONE, D.STEEL, D.PALISADE]})
    m.current = 1
    easy = Policy(PROFILES["easy"])
    assert easy._focus(m, 1, 0, 2) == easy._focus(m, 1, 2, 2)
    duel = table(2, walls={0: [D.PALISADE]})
    assert easy._focus(duel, 1, 0, 0) > 1.0


def test_the_ais_are_never_told_which_seats_are_human() -> None:
    """No AI chooses by who is human: the policy's inputs are the match, the seat and a
    random stream; the seats' kinds reach no AI (`make_ai(level, seat, seed)`)."""
    assert list(inspect.signature(make_ai).parameters) == ["level", "seat", "seed"]
    assert list(inspect.signature(Policy.ranked).parameters)[:4] == ["self", "m", "seat", "rng"]


@pytest.mark.parametrize(("scale", "least"), [(1.0, 6), (theme.LARGE_TEXT_SCALE, 6)])
def test_the_log_over_a_previewed_card_keeps_its_rows(scale: float, least: int) -> None:
    """A stranger's log shrank to two or three lines beside a card shown large, to two entries
    with larger text: the preview is made smaller instead, and the log keeps its rows, above
    the reading panel, inside the sidebar; the card stays whole on screen."""
    text.set_scale(scale)
    try:
        for words in ("", "You can play this now",
                      "Not now: a Stone Wall stops arrows, and the row is full of them, so "
                      "this cannot be played here today, nor on any of the walls there"):
            note = note_layout(words)
            card = preview_card(note)
            assert log_rows_over(card, note) >= least, words
            assert SIDEBAR.contains(card) and card.w >= 170
            box = reading_box(note, card)
            assert SIDEBAR.contains(box) and preview_log_bottom(card) >= LOG_RECT.y + 100
        if scale == 1.0:  # larger text: a size smaller, for the log's rows (s51)
            assert preview_card(note_layout("You can play this now")).size == PREVIEW.size
    finally:
        text.set_scale(1.0)


def test_the_log_over_a_preview_has_no_blank_row_on_top(app: Any) -> None:
    """Its panel is cut to the whole entries it shows (a blank first row sat under its title
    when an older entry did not fit whole)."""
    log = MoveLog()
    for i in range(12):
        log.add(f"Ben fires a Pipe Bomb at Cleo's palisade number {i} and it falls down flat"
                if i % 2 else f"Move {i}.")
    room = pygame.Rect(LOG_RECT.x, LOG_RECT.y, LOG_RECT.w,
                       preview_log_bottom(preview_card()) - LOG_RECT.y)
    got = fitted_log(log, room, 14)
    rows, fits = 0, (room.h - LOG_TITLE_H - 10) // row_height(14)
    for ln in reversed(log.lines):
        parts = len(text.wrap(ln.text, 14, room.w - 24))
        if rows + parts > fits:
            break
        rows += parts
    assert got.h == LOG_TITLE_H + rows * row_height(14) + 10


def _click_chosen(hands: HumanHands, scene: Any, card: str) -> None:
    slot = scene.table_controls.slots[scene.presenter.hand.index(card)]
    hands.click((round(slot.top[0]) + 3, round(slot.top[1]) - 30))


def test_a_second_click_plays_a_card_with_one_legal_target(app: Any,
                                                            driver: HeadlessDriver) -> None:
    """A stranger's second click on a chosen card put it down: with one legal target it plays
    it there."""
    m = table(2, hands={0: [D.ARROW, D.STONE]}, walls={1: [D.PALISADE, D.STONE]})
    scene = open_match(app, driver, m, ["mouse", "hard"])
    hands = HumanHands(app, driver, scene)
    hands.lift(0, D.ARROW)
    assert scene.table_controls.pick.card == D.ARROW
    _click_chosen(hands, scene, D.ARROW)
    assert any(getattr(a, "card", None) == D.ARROW for a in scene.actions)


def test_a_second_click_with_several_targets_keeps_the_card_and_says_again(
        app: Any, driver: HeadlessDriver) -> None:
    """With two palisades to choose from, it stays chosen and the bar repeats what to do."""
    m = table(3, hands={0: [D.ARROW, D.STONE]}, walls={1: [D.PALISADE], 2: [D.PALISADE]})
    scene = open_match(app, driver, m, ["mouse", "hard", "hard"])
    hands = HumanHands(app, driver, scene)
    hands.lift(0, D.ARROW)
    _click_chosen(hands, scene, D.ARROW)
    assert scene.table_controls.pick.card == D.ARROW
    assert not any(getattr(a, "card", None) == D.ARROW for a in scene.actions)
    assert scene.table_controls.prompt()[1].startswith("Still chosen. Flaming Arrow: click")


def test_the_face_down_hand_between_couch_turns_shows_the_true_count(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger counted 7 backs in the face-down hand between couch turns while he held 6:
    once the table is still, the backs are as many as the cards held."""
    m = table(3, hands={0: [D.ARROW, D.STONE, D.PALISADE]})
    scene = open_match(app, driver, m, ["mouse", "keys1", "easy"])
    pr = scene.presenter
    pr.set_viewer(None)
    pr.hide_fan(False)  # the backs show (not the moment the screen passes: `passing_to`)
    assert pr.viewer != scene.layout.home
    pr.fan.append(pr._sprite((0, 0), 10, 10))  # one back too many, left from a move
    pr.update(1 / 60)
    held = len(scene.state.players[scene.layout.home].hand)
    assert len(pr.fan) == pr.seats[scene.layout.home].hand == held


def test_a_flying_card_is_drawn_over_every_seat_plate(app: Any, driver: HeadlessDriver,
                                                      monkeypatch: Any) -> None:
    """A stranger saw a flying card pass under an opponent's panel header (the arrows draw
    a target's plate again over their shaft): cards in flight are drawn after every plate."""
    m = table(3, hands={0: [D.ARROW, D.STONE]})
    scene = open_match(app, driver, m, ["mouse", "easy", "medium"])
    view = scene.view
    order: list[str] = []
    plate = view._plate
    monkeypatch.setattr(view, "_plate", lambda surface, seat: (order.append("plate"),
                                                               plate(surface, seat)))
    arrows = view._arrows

    def arrows_with_plate(surface: Any, newest: bool) -> None:
        arrows(surface, newest)
        view._plate(surface, 1)  # as a shaft passing behind a target's name does

    monkeypatch.setattr(view, "_arrows", arrows_with_plate)
    card = scene.presenter._sprite(scene.layout.zone(1).plate.center, 72, 100)
    monkeypatch.setattr(card, "draw", lambda surface, off: order.append("fly"))
    scene.presenter.flying.append(card)
    view.draw(app.screen)
    assert "fly" in order and "plate" in order
    assert order.index("fly") > max(i for i, w in enumerate(order) if w == "plate")

