"""Session 42: the end screen read "1 elimination in 14rounds." (the font's space after a
figure is 3 px at the summary's size): its counts stand an en space from their words."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.games.blast.view import spaced_count
from game.ui import text


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield
    text.set_scale(1.0)


def test_a_summary_count_stands_clear_of_its_word() -> None:
    said = spaced_count(14, "round")
    assert said.replace("\u00a0", " ") == "14 rounds"
    # one ordinary space wide (an en space read as two, session 43)
    spaced = text.render("14 rounds", 13, (255, 255, 255)).get_width()
    assert text.render(said, 13, (255, 255, 255)).get_width() == spaced
    assert text.wrap(f"eliminations in {said}.", 13, 90)[-1].startswith("14")  # one line
