"""A Kaboom! called with a known total above what a call usually needs at the table asks once
(a newcomer called with 4 and with 10 at four seats and lost both, +14 and +20)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.cabo import INFO
from game.games.cabo import rules as R
from game.games.cabo.coach import KABOOM_NEEDS, kaboom_needs
from tests.games.cabo.test_scene_table import floated, press, table

ALL_SEEN = {0: [(0, 0), (0, 1), (0, 2), (0, 3)]}


def test_a_known_high_total_asks_once_with_what_a_call_usually_needs(
        app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys1", "hard", "hard"], phase=R.Phase.TURN, turn=0,
                  seen=ALL_SEEN)  # 7 + 3 + 4 + 5 = 19, every card known
    driver.step()
    needs = KABOOM_NEEDS[3]["hard"]
    assert scene.kaboom_needs(0) == needs
    press(app, driver, "keys1", "secondary")
    assert scene.state.kaboomer is None  # asked, not called
    assert "Sure? Kaboom! again to call" in floated(scene), floated(scene)
    assert scene.prompt()[1] == (f"Your 19 points: a good call usually has {needs} or less "
                                 "here. Call anyway? Press LEFT CTRL again to call it, or draw "
                                 "a card."), scene.prompt()
    press(app, driver, "keys1", "secondary")  # the second press calls it
    assert scene.state.kaboomer == 0


def test_a_known_total_a_call_usually_wins_with_calls_at_once(
        app: Any, driver: HeadlessDriver) -> None:
    grids = [["AH", "2S", "XR", "KH"], ["7D", "3H", "4H", "5H"], ["2D", "3D", "4D", "5D"]]
    scene = table(app, driver, ["keys1", "hard", "hard"], phase=R.Phase.TURN, turn=0,
                  seen=ALL_SEEN, grids=grids)  # 1 + 2 - 1 + 0 = 2
    driver.step()
    press(app, driver, "keys1", "secondary")
    assert scene.state.kaboomer == 0


def test_what_a_call_needs_follows_the_table_size_and_its_strongest_rival() -> None:
    assert kaboom_needs(4, ["easy", "hard", "human"]) == KABOOM_NEEDS[4]["hard"]
    assert kaboom_needs(2, ["human"]) == KABOOM_NEEDS[2]["medium"]
    # measured: a bigger table needs a lower total (more rivals, one of them likely close)
    assert all(KABOOM_NEEDS[n]["medium"] >= KABOOM_NEEDS[n + 1]["medium"] for n in range(2, 6))


def test_the_first_tips_say_what_a_call_usually_needs() -> None:
    tip = INFO.first_tips[-1]
    assert all(f"{KABOOM_NEEDS[n]['medium']} or less with {w}" in tip
               for n, w in ((2, "two players"), (3, "three"), (4, "four"))), tip


@pytest.mark.parametrize(("seats", "word"), [(2, "two"), (3, "three"), (4, "four")])
def test_the_first_tips_over_a_table_give_what_a_call_needs_at_its_size(
        app: Any, driver: HeadlessDriver, seats: int, word: str) -> None:
    """A stranger at three seats read what a call needs with two players and with four, not
    three: the tips over a new table give it for the table's own size and rivals."""
    from game.app.menus.coach import first_match_tips

    app.settings.assists.first_match_tips = True
    scene = table(app, driver, ["mouse"] + ["hard"] * (seats - 1),
                  grids=[["7H", "3S", "4S", "5S"], ["7D", "3H", "4H", "5H"],
                         ["2D", "3D", "4D", "5D"], ["2C", "3C", "4C", "5C"]][:seats],
                  phase=R.Phase.TURN, turn=0)
    coach = first_match_tips(app, INFO, scene)
    assert coach is not None
    said = " ".join(coach.tips)  # type: ignore[attr-defined]
    needs = KABOOM_NEEDS[seats]["hard"]
    assert f"At this table of {word} players a good call usually has {needs} or less; " \
        "any total may call." in said
    assert "with two players" not in said, said


@pytest.mark.parametrize("scale", [1.0, 1.3])
def test_the_first_tips_come_one_short_tip_at_a_time(
        app: Any, driver: HeadlessDriver, scale: float) -> None:
    """Strangers found the first tips a wall of text: each tip takes at most 3 lines and the
    card shows one at a time, in its box at both text sizes; Next tip or a click on the card
    turns to the next, and the last tip's Let's play starts the table."""
    from game.app.menus.coach import PAGE_LINES, PANEL_W, FirstMatchTips
    from game.ui import text, theme

    assert scale in (1.0, theme.LARGE_TEXT_SCALE)
    text.set_scale(scale)
    try:
        app.settings.assists.first_match_tips = True
        scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.TURN, turn=0)
        coach = FirstMatchTips(app, INFO, "mouse", scene)
        app.stack.push(coach)
        app.stack.apply_requests()
        driver.run(5)
        assert len(coach.tips) >= 5
        seen = []
        for page in range(len(coach.tips)):
            assert coach.page == page
            lines = text.wrap(coach.tips[page], coach.size, PANEL_W - 150)
            assert len(lines) <= PAGE_LINES, lines
            r = coach.panel_rect()
            assert pygame.Rect(0, 0, 1280, 720).contains(r)
            bottom = r.y + 90 + text.line_height(15) + 16 + len(lines) * text.line_height(
                coach.size)
            top_of_buttons = min(e.rect.top for e in coach.elements if hasattr(e, "text"))
            assert bottom <= top_of_buttons, (bottom, top_of_buttons)
            seen.append(coach.tips[page])
            labels = [getattr(e, "text", "") for e in coach.elements]
            assert "Let's play" in labels
            if page == len(coach.tips) - 1:
                assert "Next tip" not in labels
                break
            if page % 2:
                nxt = next(e for e in coach.elements if getattr(e, "text", "") == "Next tip")
                driver.click(nxt.rect.center)
            else:
                driver.click((r.centerx, r.y + 120))  # on the card, off its buttons
            driver.settle(5)
        assert seen == list(coach.tips)
        assert " ".join(seen).count("slap it (click your matching card") == 1
    finally:
        text.set_scale(1.0)


def test_an_unsure_call_says_the_seen_cards_total_and_the_second_press_calls(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger called with a known 10 (one card unseen) against an Easy table's 3 and lost:
    the ask says what the seen cards add to and that a call wins only when lowest."""
    scene = table(app, driver, ["keys1", "easy", "easy"], phase=R.Phase.TURN, turn=0,
                  seen={0: [(0, 0), (0, 1), (0, 2)]})  # 7 + 3 + 4 seen, the 5 not
    driver.step()
    press(app, driver, "keys1", "secondary")
    assert scene.state.kaboomer is None  # asked, not called
    assert scene.prompt()[1] == (
        "You know 3 of your 4 cards: they add to 14. Kaboom! wins only if yours is lowest "
        "(a tie misses); a miss scores 10 + your total. To call it anyway, press LEFT CTRL "
        "again; or draw a card."), scene.prompt()
    press(app, driver, "keys1", "secondary")  # the second press calls it
    assert scene.state.kaboomer == 0
