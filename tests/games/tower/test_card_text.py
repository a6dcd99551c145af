"""A tile card's words stand clear of each other in both text sizes: the Mega's name and its
"wins the game" ran into each other, cut by the card's edge, with larger text."""

from __future__ import annotations

import pygame
import pytest

from game.games.tower import art
from game.games.tower.data import MEGA_TILE_ID, TILES
from game.ui import text, theme


@pytest.fixture
def scale(request: pytest.FixtureRequest) -> float:
    pygame.init()
    text.set_scale(request.param)
    yield request.param
    text.set_scale(1.0)


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE], ids=["normal", "large"],
                         indirect=True)
def test_a_cards_foot_holds_its_words_in_both_text_sizes(scale: float) -> None:
    for mega in (False, True):
        foot, name_h, sub_h = art.card_foot(mega)
        assert name_h + sub_h <= foot, (mega, scale)
        assert text.line_height(art.NAME_SIZE, True) == name_h


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE], ids=["normal", "large"],
                         indirect=True)
def test_every_tile_card_draws_with_its_picture_box_above_the_foot(scale: float) -> None:
    for tid in [MEGA_TILE_ID, *(t.tile_id for t in TILES.values() if not t.mega)]:
        tile = TILES[tid]
        _base, box = art._card_base(tile, 92)
        foot = art.card_foot(tile.mega)[0]
        assert box.bottom <= art.CARD_H - foot, (tile.name, scale)
