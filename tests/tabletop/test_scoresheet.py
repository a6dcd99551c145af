"""The score sheet re-lays itself out for larger text: nothing overlaps, nothing is cut off."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.tabletop.scoresheet import SheetRow, score_sheet, sheet_layout
from game.ui import text

FOOTER = ("Green: closest to zero.  Blue / red: a Kaboom! call made / missed.  "
          "Small: running total.  Lowest total wins.")
TITLE = "Final scores: Alex and Zoë win!"


@pytest.fixture
def scale() -> Iterator[None]:
    pygame.font.init()
    yield
    text.set_scale(1.0)


@pytest.mark.usefixtures("scale")
@pytest.mark.parametrize("size", [1.0, 1.2, 1.5])
def test_nothing_overlaps_or_leaves_the_panel(size: float) -> None:
    text.set_scale(size)
    lay = sheet_layout(6, 10, TITLE, 780, FOOTER)
    boxes = lay.text_boxes()
    for i, a in enumerate(boxes):
        assert lay.panel.contains(a), (size, i, a, lay.panel)
        for b in boxes[i + 1:]:
            assert not a.colliderect(b), (size, a, b)
    title_img = text.render(TITLE, 24, (0, 0, 0), True)
    assert lay.title.size == title_img.get_size()  # measured at this text size
    footer_text = " ".join(" ".join(line for line, _ in lay.footer).split())
    assert footer_text == " ".join(FOOTER.split())  # the whole legend, wrapped, none cut off


@pytest.mark.usefixtures("scale")
def test_larger_text_makes_a_taller_sheet() -> None:
    rows = tuple(SheetRow(n, (200, 80, 60), "circle", (("3", "3", ""),), "3")
                 for n in ("Ana", "Ben", "Cleo"))
    small = score_sheet(rows, 10, TITLE, 0, 780, FOOTER)
    text.set_scale(1.5)
    large = score_sheet(rows, 10, TITLE, 0, 780, FOOTER)
    assert large.get_height() > small.get_height()
    lay = sheet_layout(3, 10, TITLE, 780, FOOTER)
    assert large.get_height() >= lay.panel.bottom
