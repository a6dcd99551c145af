"""Two or more humans on one screen: what each of them needs to read is in sight.

A stranger's couch game hid the Kaboom! question ("Sure? Kaboom! again to call") under the
Draw button."""

from __future__ import annotations

from typing import Any

import pytest

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from game.games.cabo.presenter import PlatedWord, plated_word
from game.tabletop.effects import FloatText
from tests.games.cabo.test_scene_table import click, press, table, wait_idle

GRIDS = [["7H", "3S", "4S", "5S"], ["7D", "3H", "4H", "5H"], ["2D", "3D", "4D", "5D"],
         ["2C", "3C", "4C", "5C"], ["6C", "8C", "9C", "TC"], ["6D", "8D", "9D", "TD"]]


@pytest.mark.parametrize(("n", "seat"), [(3, 1), (4, 0), (6, 1)])
def test_the_kaboom_question_never_rises_under_a_button(app: Any, driver: HeadlessDriver,
                                                        n: int, seat: int) -> None:
    """A couch player who knows none of their cards presses Kaboom!: the question rises in
    felt where no button is drawn over it, from start to end of its rise."""
    scene = table(app, driver, ["mouse", "keys1"] + ["hard"] * (n - 2), grids=GRIDS[:n],
                  phase=R.Phase.TURN, turn=seat, seen={})
    wait_idle(driver, scene)
    driver.run(3)
    buttons = [t.rect for t in scene.cursor.targets if t.kind == "button"]
    assert buttons
    if seat == 0:
        click(driver, scene.cursor.get("btn:kaboom").rect.center)  # type: ignore[union-attr]
    else:
        press(app, driver, "keys1", "secondary")
    (word,) = [f for f in scene.presenter.effects.floats
               if isinstance(f, PlatedWord) and f.label.startswith("Sure?")]
    assert not any(isinstance(e, R.KaboomCalled) for e in scene.state.events)
    start = plated_word(word.label, word.size, word.colour, 8).get_rect(center=word.pos)
    path = start.union(start.move(0, -round(FloatText.rise)))
    assert path.collidelist(buttons) < 0, (path, buttons)
    assert not path.colliderect(scene.layout.piles_rect())

