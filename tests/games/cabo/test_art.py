"""The table's card faces carry the point value and the power in plain sight."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.cabo import art
from game.games.cabo import rules as R
from game.tabletop import playing_cards
from game.ui import theme


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


def _has(surface: pygame.Surface, colour: tuple[int, int, int], area: pygame.Rect) -> bool:
    return any(surface.get_at((x, y))[:3] == colour
               for x in range(area.x, area.right) for y in range(area.y, area.bottom))


def test_every_face_has_a_value_badge_in_the_top_right_corner() -> None:
    w, h = 64, 90
    corner = pygame.Rect(w // 2, 0, w // 2, h // 3)
    for code in ("AS", "KS", "KH", "XR", "QD", "5C"):
        assert _has(art.face(code, w, h), theme.INK, corner), code
        assert not _has(playing_cards.face(code, w, h), theme.INK, corner), code


def test_a_usable_power_card_names_its_power_and_no_other_face_has_a_band() -> None:
    w, h = 64, 90
    band = pygame.Rect(4, h - h // 5, w - 8, h // 5 - 2)
    assert _has(art.face("7H", w, h, art.POWER), theme.SKY, band)  # peek: blue
    assert _has(art.face("9S", w, h, art.POWER), theme.SKY, band)  # spy: blue
    assert _has(art.face("JC", w, h, art.POWER), theme.FUSE, band)  # swap: orange
    for code in ("7H", "9S", "JC"):  # lying in a grid or under the pile: no power to use
        assert not _has(art.face(code, w, h), theme.SKY, band), code
        assert not _has(art.face(code, w, h), theme.FUSE, band), code
    assert not _has(art.face("5C", w, h, art.POWER), theme.SKY, band)
    assert not _has(art.face("5C", w, h, art.POWER), theme.FUSE, band)
    assert set(art.POWER_TAGS) == {c.power for c in R.DECK if c.power is not None}


def test_value_colours_run_from_good_to_bad() -> None:
    assert art.value_colour(-1) == art.value_colour(0) == theme.MINT
    assert art.value_colour(30) != art.value_colour(3) != theme.MINT


def _ink(w: int, h: int) -> set[tuple[int, int]]:
    """Every pixel of a w x h card that some face draws on (not its paper, nor the outline
    round its edge)."""
    ink: set[tuple[int, int]] = set()
    for c in R.DECK:
        f = art.face(c.code, w, h)
        paper = f.get_at((3, h // 2))
        for y in range(1, h - 1):
            for x in range(1, w - 1):
                p = f.get_at((x, y))
                if abs(p.r - paper.r) + abs(p.g - paper.g) + abs(p.b - paper.b) > 40:
                    ink.add((x, y))
    return ink


@pytest.mark.parametrize("n", [2, 5, 6])
def test_the_who_had_seen_it_strip_covers_no_pip_index_or_joker(n: int) -> None:
    """At the reveal the strip of seats that had seen a card crossed its middle, over the
    pip (at its foot it had covered the word JOKER): it sits on the card's left edge now,
    over no ink of any face, short of the card beside it, its marks inside it."""
    import pygame

    from game.games.cabo.layout import CARD_SIZES
    from game.games.cabo.presenter import recap_marks

    w, h, gap = CARD_SIZES[n]
    ink = _ink(w, h)
    card = pygame.Rect(100, 100, w, h)
    for seats in range(1, n + 1):
        parts, eye, marks, r = recap_marks(card, seats)
        for strip in parts:
            on_card = strip.clip(card)
            covered = {(x - card.x, y - card.y) for x in range(on_card.left, on_card.right)
                       for y in range(on_card.top, on_card.bottom)}
            assert on_card.w and not covered & ink, (seats, sorted(covered & ink)[:5])
            assert strip.left > card.left - gap  # the card to its left keeps its edge
        assert parts[0].collidepoint(eye)
        assert all(parts[1].collidepoint(x, y) for x, y in marks)
        if seats <= 2:  # the usual few are each whole (8 px across), one under the other
            ys = [y for _, y in marks]
            assert all(b - a >= 8 for a, b in zip(ys, ys[1:], strict=False))


@pytest.mark.parametrize("n", [2, 5, 6])
def test_the_seats_marks_at_the_reveal_are_large_enough_to_read(n: int) -> None:
    """The seats' marks down a revealed card's edge were 8 px pips a stranger could not
    read: for the usual one or two seats each is 9-12 px across (its shape readable), clear
    of the next; with three, 8 px still; whole inside the strip's body, over no ink of any
    face."""
    import pygame

    from game.games.cabo.layout import CARD_SIZES
    from game.games.cabo.presenter import recap_marks

    w, h, _gap = CARD_SIZES[n]
    ink = _ink(w, h)
    card = pygame.Rect(100, 100, w, h)
    for seats in range(1, min(n, 3) + 1):
        parts, _eye, marks, r = recap_marks(card, seats)
        body = parts[1]
        assert 2 * r >= (12 if w >= 64 else 9) if seats <= 2 else 2 * r >= 8, (seats, r)
        boxes = [pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))
                 for x, y in marks]
        assert all(body.contains(b) for b in boxes), (seats, body, boxes)
        if seats <= 2:
            assert all(a.bottom <= b.top + 1 for a, b in zip(boxes, boxes[1:], strict=False))
        for b in boxes:
            on_card = b.clip(card)
            covered = {(x - card.x, y - card.y) for x in range(on_card.left, on_card.right)
                       for y in range(on_card.top, on_card.bottom)}
            assert not covered & ink


@pytest.mark.parametrize("n", [2, 4, 6])
def test_with_larger_text_the_value_badge_grows_within_the_card(n: int) -> None:
    """With larger text everything grew but the cards' values: the badge grows with the text
    setting, still in the top-right corner, clear of the rank in the top-left one."""
    from game.games.cabo.art import badge_rect
    from game.games.cabo.layout import CARD_SIZES

    w, h, _ = CARD_SIZES[n]
    for digits in (1, 2):
        small, large = badge_rect(w, h, digits, 1.0), badge_rect(w, h, digits, 1.2)
        assert large.h > small.h and large.w >= small.w
        card = pygame.Rect(0, 0, w, h)
        assert card.contains(large) and large.x >= w * 0.36 and large.bottom <= h * 0.4


@pytest.mark.parametrize("n", [2, 5, 6])
@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_a_court_cards_value_badge_leaves_its_face_in_sight(n: int, scale: float) -> None:
    """The badge covered the top half of every Jack, Queen and King (a stranger saw headless
    bodies): every pixel of the upper head (skin, hair, beard) shows as the plain card has
    it, and the value badge is still in the top-right corner."""
    from game.games.cabo.layout import CARD_SIZES
    from game.tabletop.playing_cards import SKIN
    from game.ui import text

    w, h, _ = CARD_SIZES[n]
    text.set_scale(scale)
    try:
        for code in ("KH", "KS", "QD", "QC", "JC", "JH"):
            plain, ours = playing_cards.face(code, w, h), art.face(code, w, h)
            # the face (its skin, but for a pixel or two of a Jack's gold feather that reads
            # as skin, right of the head)
            pixels = [(x, y) for x in range(w) for y in range(h // 2)
                      if sum(abs(a - b) for a, b in zip(plain.get_at((x, y))[:3], SKIN,
                                                        strict=True)) < 40]
            assert len(pixels) > 10, code
            shown = [p for p in pixels if ours.get_at(p) == plain.get_at(p)]
            assert len(shown) >= 0.85 * len(pixels), (code, len(shown), len(pixels))
            assert _has(ours, theme.INK, pygame.Rect(w // 2, 0, w // 2, h // 3)), code
    finally:
        text.set_scale(1.0)


def test_the_kings_power_tag_is_an_eye_and_a_readable_word() -> None:
    """"LOOK+SWAP" fitted a 64 px card only at 8 px: the King's tag is an eye and SWAP, the
    word at 12 px like the others' (PEEK, SPY, SWAP) on a table's usual card."""
    from game.ui import text

    w, h = 64, 90
    for code, word in (("KH", "SWAP"), ("QD", "SWAP"), ("7H", "PEEK"), ("9S", "SPY")):
        tags: list[tuple[str, int]] = []
        real = art._font_fit

        def spy(label: str, px: int, width: int, real: Any = real,
                tags: list[tuple[str, int]] = tags) -> pygame.Surface:
            img = real(label, px, width)
            tags.append((label, img.get_height()))
            return img

        art._font_fit = spy
        try:
            art._face.cache_clear()
            art.face(code, w, h, art.POWER)
        finally:
            art._font_fit = real
        (label, height), = tags
        assert label == word, (code, label)
        assert height >= theme.font(12, True).get_height(), (code, height)
    king = art.face("KS", w, h, art.POWER)
    band = pygame.Rect(4, h - h // 5, w - 8, h // 5 - 2)
    assert _has(king, theme.CREAM, band) and _has(king, theme.INK, band)  # the eye
    assert text.scale() == 1.0
