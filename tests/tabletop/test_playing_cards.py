"""Card faces: court cards are drawn figures in a frame (not a letter in a box), double-ended,
with an index in two corners like every card."""

from __future__ import annotations

import pygame
import pytest

from game.tabletop import playing_cards

W, H = 60, 84  # the four-player table's card size


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


def _colours(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    return {tuple(surface.get_at((x, y)))[:3]  # type: ignore[misc]
            for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)}


def _centre(w: int, h: int) -> pygame.Rect:
    r = pygame.Rect(0, 0, w // 2, h // 2)
    r.center = (w // 2, h // 2)
    return r


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_court_cards_are_distinct_figures(suit: str) -> None:
    faces = {r: playing_cards.face(r + suit, W, H) for r in "JQK"}
    centre = _centre(W, H)
    for rank, img in faces.items():
        # a figure has skin, hair, gold and the robe: many colours, where a letter has two
        assert len(_colours(img, centre)) > 40, rank
        assert (playing_cards.SKIN in _colours(img, centre)) or any(
            abs(c[0] - playing_cards.SKIN[0]) + abs(c[1] - playing_cards.SKIN[1]) < 12
            for c in _colours(img, centre)), rank
    pictures = [pygame.image.tobytes(img.subsurface(centre), "RGBA") for img in faces.values()]
    assert len(set(pictures)) == 3  # Jack, Queen and King each look different


def test_a_court_figure_is_double_ended() -> None:
    img = playing_cards.face("KH", W * 2, H * 2)
    frame = pygame.Rect(0, 0, round(W * 2 * .52), round(H * 2 * .86))
    frame.center = (W, H)
    pic = img.subsurface(frame.inflate(-12, -12)).copy()
    top = pic.subsurface((0, 0, pic.get_width(), pic.get_height() // 2 - 4)).copy()
    bottom = pic.subsurface((0, pic.get_height() - top.get_height(), pic.get_width(),
                             top.get_height())).copy()
    turned = pygame.transform.rotate(bottom, 180)
    same = sum(top.get_at((x, y)) == turned.get_at((x, y))
               for x in range(top.get_width()) for y in range(top.get_height()))
    assert same / (top.get_width() * top.get_height()) > 0.8


@pytest.mark.parametrize("code", ["JS", "QD", "KC", "7H", "TS"])
def test_every_card_has_its_index_in_two_corners(code: str) -> None:
    img = playing_cards.face(code, W, H)
    corner = pygame.Rect(2, 2, round(W * .21), round(H * .36))
    top_left = img.subsurface(corner).copy()
    far = pygame.Rect(W - corner.right, H - corner.bottom, corner.w, corner.h)
    bottom_right = pygame.transform.rotate(img.subsurface(far).copy(), 180)
    ink = playing_cards.suit_colour(code[1])
    for part in (top_left, bottom_right):
        assert ink in _colours(part, part.get_rect())
    same = sum(top_left.get_at((x, y)) == bottom_right.get_at((x, y))
               for x in range(corner.w) for y in range(corner.h))
    assert same / (corner.w * corner.h) > 0.85
    # and a value badge takes the far corner's place
    badged = playing_cards.face(code, W, H, "12")
    assert pygame.image.tobytes(badged, "RGBA") != pygame.image.tobytes(img, "RGBA")


@pytest.mark.parametrize(("code", "w", "h"), [("6S", 64, 90), ("9H", 64, 90), ("6D", 52, 73),
                                              ("9C", 52, 73)])
def test_a_six_or_nines_corner_underline_is_a_thick_bar_under_the_digit(
        code: str, w: int, h: int) -> None:
    """At a 1024x576 window (0.8 screen px a canvas px) the 1-2 px underline vanished: it is at
    least 3 canvas px thick, right under the digit's ink, across its width."""
    from game.ui import text

    face = playing_cards.face(code, w, h)
    col = playing_cards.suit_colour(code[1])
    corner = max(9, int(h * 0.2))
    img = text.render(code[0], corner, col, bold=True)
    r = img.get_rect(center=(round(w * .13), round(h * .12)))
    ink = img.get_bounding_rect().move(r.topleft)
    solid = [y for y in range(ink.bottom, ink.bottom + 8)
             if all(tuple(face.get_at((x, y)))[:3] == col for x in range(ink.x, ink.right))]
    assert len(solid) >= 3, (solid, ink)
    assert solid[0] <= ink.bottom + 2  # under the digit, not under the pip
