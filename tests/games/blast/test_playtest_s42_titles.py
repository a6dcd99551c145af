"""Session 42: long card names ("Flaming Arrow", "The Mad Chemist", "Stone Wall" on the
discard pile) shrank to about 7 px, and larger text did not enlarge them. A name wraps to two
lines (or condenses) before it goes under NAME_FLOOR_PX, and grows with larger text."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.games.blast import art
from game.games.blast import data as D
from game.games.blast.layout import HAND_H, HAND_W, PILE_H, PILE_W, SMALL_HAND_H, SMALL_HAND_W
from game.ui import text


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield
    text.set_scale(1.0)


SIZES = [(PILE_W, PILE_H), (SMALL_HAND_W, SMALL_HAND_H), (HAND_W, HAND_H)]


@pytest.mark.parametrize(("w", "h"), SIZES)
def test_every_card_name_reads_at_the_floor_or_larger(w: int, h: int) -> None:
    for card in D.CARDS:
        lay = art._face_layout(card, w, h, 0, 1.0)
        assert lay.name.size >= art.NAME_FLOOR_PX, (card, w, lay.name)
        assert not lay.name.lines[-1].endswith("…"), (card, w, lay.name)
        assert lay.name.height <= lay.header.h, (card, w)  # the name inside its band


def test_larger_text_grows_the_long_names() -> None:
    for card in (D.ARROW, D.CHEMIST, D.STONE):
        normal = art._face_layout(card, SMALL_HAND_W, SMALL_HAND_H, 0, 1.0).name
        large = art._face_layout(card, SMALL_HAND_W, SMALL_HAND_H, 0, 1.25).name
        assert large.size >= normal.size >= art.HAND_NAME_PX, (card, normal, large)
