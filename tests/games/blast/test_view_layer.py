"""The table's layer is kept up to date seat by seat: what it shows after a change is exactly
what drawing the whole table again would show."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.headless import HeadlessDriver
from tests.games.blast.scene_helpers import make_setup, open_table


def test_a_changed_seat_redraws_only_its_patch_and_matches_a_full_redraw(
        app: Any, driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["hard", "medium", "easy", "easy"], seed=5))
    view = scene.view
    layer = view._table_layer()
    first = layer.copy()
    seat = scene.presenter.seats[2]
    seat.walls = seat.walls[:-2]  # two walls crumble at seat 2
    assert view._table_layer() is layer  # the same layer, patched, not a new one drawn whole
    patched = layer.copy()
    assert pygame.image.tobytes(patched, "RGB") != pygame.image.tobytes(first, "RGB")
    view._layer_key = None  # draw the whole table again
    whole = view._table_layer()
    assert pygame.image.tobytes(patched, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_the_facts_count_the_piles_in_words_that_agree(app: Any, driver: HeadlessDriver) -> None:
    """The sidebar read 'Discard pile 1 cards' after the first card was discarded."""
    from game.games.blast.view import fact_lines

    scene = open_table(app, driver, make_setup(["mouse", "easy", "easy"], seed=3))
    scene.presenter.discard_count = 1
    scene.presenter.supply = 2
    facts = dict(fact_lines(scene))
    assert facts["Discard pile"] == "1 card" and facts["Supply"] == "2 cards"
