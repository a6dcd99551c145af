"""Session 41's floating notes: "Underminer: no wall to take" stayed over the table into later
turns; it goes when the turn after it ends. ("Cancelled" on the saved wall:
`test_playtest_s28`.)"""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast.rules import events as E
from tests.games.blast.scene_helpers import make_setup, open_table


def _run(beat: Any) -> None:
    for _ in beat:
        pass


def test_an_underminer_idle_word_goes_when_the_next_turn_ends(
        app: Any, driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["easy", "easy", "easy"]))
    pr = scene.presenter
    _run(pr._b_underminer_idle(E.UnderminerIdle(turn=3, seat=1, enemies=(0, 2),
                                                why=("no_wall", "no_wall"))))
    assert pr.bubble is not None and "no wall to take" in pr.bubble[0]
    _run(pr._b_turn(E.Turn(turn=4, seat=2, round=2, alive=True)))
    assert pr.bubble is not None and "no wall to take" in pr.bubble[0]  # read as Cleo begins
    _run(pr._b_turn(E.Turn(turn=5, seat=0, round=2, alive=True)))
    assert pr.bubble is None or "no wall to take" not in pr.bubble[0]  # Cleo's turn ended


def test_a_note_to_one_couch_person_goes_when_the_hand_passes(
        app: Any, driver: HeadlessDriver) -> None:
    """A fading "Nothing in your hand answers..." lay under the next person's "For Ben's eyes
    only": it was said to the person whose hand was up."""
    scene = open_table(app, driver, make_setup(["mouse", "keys1"]))
    scene._show_hand_of(0)
    scene._note(0, "Nothing in your hand answers the TNT: it hits you.")
    scene._show_hand_of(0)  # the same person's hand: the note stays
    assert scene.note is not None
    scene._show_hand_of(1)
    assert scene.note is None


def test_a_target_label_stands_clear_of_its_panels_edge() -> None:
    """"palisade" lay across the border of the panel holding the wall: the label now starts
    below that panel's edge (and still clear of the hand, `label_place`)."""
    import pygame

    from game.games.blast.view import label_place

    panel = pygame.Rect(520, 30, 310, 124)
    wall = pygame.Rect(620, 76, 54, 70)  # its foot 8 px over the panel's bottom edge
    at = label_place("palisade", wall, [], [panel, pygame.Rect(150, 30, 300, 124)])
    assert at.top >= panel.bottom + 2
    assert abs(at.centerx - wall.centerx) <= 1
    alone = label_place("palisade", wall, [])
    assert alone.top < panel.bottom  # without the panels: on the border, as before
    below = pygame.Rect(28, panel.bottom + 10, 300, 120)  # a panel right under it
    left = pygame.Rect(20, 30, 310, 124)
    foot = pygame.Rect(80, 76, 54, 70)
    inside = label_place("palisade", foot, [], [left, below])
    assert left.top < inside.top and inside.bottom <= left.bottom - 2  # on its own panel
    assert not inside.colliderect(below)


def test_a_two_line_prompt_keeps_a_full_line_apart_in_larger_text() -> None:
    """With larger text the bottom prompt wrapped to two cramped lines (3 px closer than a
    line): they now stand a line and a little apart, the bar as tall as that needs."""
    from game.games.blast import hud
    from game.ui import text, theme

    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        long = ("Cleo's Underminer digs under Ana's iron wall! No defence answers him (only an "
                "Assassin removes him; a Force Field or Diplomacy keeps him away): it hits in 3 s.")
        bar = hud.prompt_bar("Ana", theme.CREAM, "circle", long, text.scale())
        font_h = theme.font(text.px(hud.PROMPT_MIN_PX)).get_height()
        assert bar.get_height() >= text.line_height(hud.PROMPT_MIN_PX) + font_h \
            + 2 * hud.PROMPT_PAD
    finally:
        text.set_scale(1.0)
