"""The prompt bar keeps every word of a long instruction, in both text sizes."""

from __future__ import annotations

import pygame
import pytest

from game.games.cabo import hud
from game.ui import text, theme
from tests.ui.layout import LayoutRecorder, problems

LONG = ("You drew the Queen of diamonds. Swap it for one of your cards (press SPACE on one), "
        "use its power (swap two cards blind: RETURN), or discard it (BACKSPACE).")


@pytest.mark.parametrize("scale", [1.0, 1.2], ids=["normal", "large"])
def test_long_prompt_fits_the_bar(scale: float) -> None:
    pygame.init()
    text.set_scale(scale)
    canvas = pygame.Surface((1280, 720))
    rec = LayoutRecorder(canvas)
    text.observe(rec)
    try:
        bar = hud.prompt_surface("Maximilianaaaa", theme.SKY, "star", LONG)
    finally:
        text.observe(None)
        text.set_scale(1.0)
    assert bar.get_height() == hud.BAR.h
    assert problems(rec) == []  # nothing cut off the bar's image
    words = {w for boxes in rec._images.values() for b in boxes[2] for w in b.text.split()}
    assert set(LONG.split()) <= words


def test_a_top_seats_wide_buttons_stay_off_the_home_seat_and_clear_of_every_card() -> None:
    """A couch player at the top whose grid has grown: their "Don't flip (1 penalty card)"
    row goes beside the piles, never under them by the home seat's plate (whose it would
    seem to be), and covers no grid, pile or held card."""
    from game.games.cabo.layout import TableLayout

    lay = TableLayout(3)
    for counts in ([5, 5, 3], [4, 6, 4], [4, 4, 4]):
        row = lay.button_row(1, 276, counts)
        assert row.collidelist(lay._taken(counts)) < 0, (counts, row)
        assert row.bottom < lay.plate_rect(0).y - 30, (counts, row)  # not by the home plate


def test_a_plates_device_line_shortens_its_words_before_cutting_them() -> None:
    """"Keyboard (l…" was all a playtester saw of "Keyboard (left)" on a narrow plate."""
    pygame.font.init()
    wide = text.render("Keyboard (left)", 12, theme.MUTED).get_width()
    assert hud.fit_sub("Keyboard (left)", wide + 4) == "Keyboard (left)"
    assert hud.fit_sub("Keyboard (left)", wide - 10) == "Keys (left)"
