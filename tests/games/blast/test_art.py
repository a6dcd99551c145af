"""Kaboom! An Explosive Card Game's art: every face at every size, text that fits, a shape for
every category (not colour alone), the walls with their pips and cracks, bounded caches."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.games.blast import art, data, icons
from game.tabletop.sprites import CardSprite
from game.ui import cache, text

IDS = [c.card_id for c in data.CARD_TYPES]
SIZES = [(48, 68), (80, 112), (240, 336)]


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield
    text.set_scale(1.0)


def _bytes(s: pygame.Surface) -> bytes:
    return pygame.image.tobytes(s, "RGBA")


@pytest.mark.parametrize("size", SIZES)
def test_every_card_renders_at_the_asked_size(size: tuple[int, int]) -> None:
    for cid in IDS:
        face = art.card_face(cid, *size)
        assert face.get_size() == size, cid
        assert face.get_at((size[0] // 2, size[1] // 2))[3] == 255  # an opaque card
        assert face.get_at((0, 0))[3] < 128  # with rounded corners


def test_odd_sizes_and_badges_render() -> None:
    for w, h in ((50, 70), (61, 87), (100, 140), (133, 190)):
        face = art.card_face(data.PROTESTS, w, h, "3")
        assert face.get_size() == (w, h)
    plain = art.card_face(data.TNT, 80, 112)
    badged = art.card_face(data.TNT, 80, 112, "2")
    assert _bytes(plain) != _bytes(badged)


def test_faces_of_different_cards_differ() -> None:
    for w, h in ((48, 68), (80, 112)):
        faces = {_bytes(art.card_face(cid, w, h)) for cid in IDS}
        assert len(faces) == len(IDS)


def test_all_32_pictograms_are_distinct_and_transparent_around() -> None:
    assert set(icons.DRAWINGS) == set(IDS) and len(IDS) == 32
    seen = set()
    for cid in IDS:
        img = art.icon(cid, 64)
        assert img.get_size() == (64, 64)
        assert img.get_at((0, 0))[3] == 0 and img.get_at((63, 63))[3] == 0, cid
        covered = sum(img.get_at((x, y))[3] > 128 for x in range(0, 64, 2) for y in range(0, 64, 2))
        assert covered > 120, cid  # a real picture, not a speck
        seen.add(_bytes(img))
    assert len(seen) == 32


def test_every_category_has_a_colour_and_a_shape() -> None:
    cats = [str(c) for c in data.Category]
    colours = {art.category_colour(c) for c in cats}
    shapes = {art.category_shape(c) for c in cats}
    assert len(colours) == len(cats) and len(shapes) == len(cats)
    assert art.category_shape("attack") == "burst" and art.category_shape("wall") == "brick"
    assert art.category_shape("defence") == "shield"
    for shape in shapes:  # each shape draws
        s = pygame.Surface((40, 40), pygame.SRCALPHA)
        art.draw_shape(s, shape, pygame.Rect(4, 4, 32, 32), (200, 0, 0), (0, 0, 0))
        assert s.get_at((20, 20))[3] == 255, shape


def test_the_category_shape_tells_categories_apart_without_colour() -> None:
    """Same pictogram window, shapes only: grey copies of a defence and a special differ."""
    def grey(cid: str) -> bytes:
        s = art.card_face(cid, 120, 168).copy()
        return _bytes(pygame.transform.grayscale(s))
    assert grey(data.FIZZLE) != grey(data.SPY)


def test_the_registered_deck_draws_faces_and_backs() -> None:
    card = CardSprite(100, 100, w=80, h=112, code=data.TNT, deck=art.DECK)
    back = card.image()
    centre = (back.get_width() // 2, back.get_height() // 2 + 20)
    card.set_face(True)
    face = card.image()
    assert _bytes(face) != _bytes(back)
    own_face = art.card_face(data.TNT, 80, 112)
    pad = (face.get_width() - 80) // 2
    assert face.get_at((pad + 40, 6 + 70))[:3] == own_face.get_at((40, 70))[:3]
    assert back.get_at(centre)[3] == 255


@pytest.mark.parametrize("w,h", [(48, 68), (80, 112), (240, 336)])
def test_the_back_has_the_asked_size(w: int, h: int) -> None:
    back = art.card_back(w, h)
    assert back.get_size() == (w, h)
    assert back.get_at((w // 2, h // 2))[3] == 255


@pytest.mark.parametrize("wall", data.WALLS)
def test_each_wall_piece_renders_and_cracks(wall: str) -> None:
    whole = art.wall_piece(wall, 72, 48)
    assert whole.get_size() == (72, 48)
    half = art.wall_piece(wall, 72, 48, 0.5)
    assert _bytes(whole) != _bytes(half)
    assert art.wall_piece(wall, 72, 48, 0.501) is half  # damage in cached steps
    assert art.wall_piece(wall, 36, 24, 1.0).get_size() == (36, 24)


def test_wall_pips_show_each_walls_strength() -> None:
    """Lit pips grow with strength (a palisade once showed five, the weakest looked strongest)."""
    assert art.strength_pips(data.PALISADE) == (True, False, False, False, False)
    assert art.strength_pips(data.STEEL) == (True, True, True, True, False)
    assert art.strength_pips(data.FORCE_FIELD) == (True,) * 5
    lit = [sum(art.strength_pips(w)) for w in data.WALLS]
    assert lit == [1, 2, 3, 4, 5]


def test_walls_look_different_and_non_walls_are_refused() -> None:
    assert len({_bytes(art.wall_piece(w, 72, 48)) for w in data.WALLS}) == 5
    with pytest.raises(KeyError):
        art.wall_piece(data.TNT, 72, 48)


def test_tokens_and_badges() -> None:
    for cid in data.CHARACTERS:
        token = art.character_token(cid, 64)
        assert token.get_size() == (64, 64)
        assert token.get_at((0, 0))[3] == 0 and token.get_at((32, 32))[3] >= 250
    assert _bytes(art.character_token(data.CHEMIST, 64)) != _bytes(
        art.character_token(data.UNDERMINER, 64))
    badges = set()
    for kind in ("diplomacy", "epidemic", "advanced_technology", "eliminated"):
        b = art.status_badge(kind, 24)
        assert b.get_size() == (24, 24)
        badges.add(_bytes(b))
    assert len(badges) == 4
    with pytest.raises(KeyError):
        art.status_badge("sleepy", 24)


@pytest.mark.parametrize("size", [(320, 180), (256, 190), (120, 90), (640, 360)])
def test_the_picture_fills_any_size(size: tuple[int, int]) -> None:
    s = pygame.Surface(size)
    art.picture(s)
    colours = {tuple(s.get_at((x, y))) for x in range(0, size[0], 7) for y in range(0, size[1], 7)}
    assert len(colours) > 30


def test_names_always_fit_and_never_shrink_below_the_floor() -> None:
    for w, h in ((48, 68), (60, 84), (80, 112), (120, 168), (240, 336)):
        for cid in IDS:
            lay = art.face_layout(cid, w, h)
            name_px, rule_px = art.text_sizes(cid, w, h)
            assert name_px >= art.NAME_MIN_PX
            assert lay.name.height <= lay.header.h
            for ln in lay.name.lines:
                assert art._measure(ln, lay.name.size, True) * lay.name.squeeze <= lay.header.w
            hand = w >= art.NAME_FLOOR_W and h < art.FULL_RULE_H
            if h < art.RULE_MIN_H or hand and lay.rule is None:  # a hand card's gist may be
                assert rule_px == 0 and lay.rule is None  # left to the preview
            else:
                assert lay.rule is not None and lay.rule_box is not None
                assert rule_px >= (art.HAND_GIST_PX if hand else art.RULE_MIN_PX)
                assert lay.rule.height <= lay.rule_box.h
                assert lay.rule_box.bottom <= h and lay.art.bottom <= lay.rule_box.y
                for ln in lay.rule.lines:
                    assert art._measure(ln, lay.rule.size, False) <= lay.rule_box.w
            # the picture keeps room (less in the preview, whose words come first: read at
            # 16 px even in a 1024x576 window, `art.READ_RULE_PX`)
            floor = art.READ_ART if w >= art.READ_W and h >= art.FULL_RULE_H else .28
            assert lay.art.h >= h * floor, (cid, w, h)


def test_zoomed_cards_print_every_rule_and_name_in_full() -> None:
    for cid in IDS:
        lay = art.face_layout(cid, 200, 280)
        assert lay.rule is not None and not lay.rule.lines[-1].endswith("…"), cid
        assert " ".join(lay.rule.lines) == data.CARDS[cid].text
        assert " ".join(lay.name.lines) == data.CARDS[cid].name and lay.name.squeeze == 1.0
        assert art.text_sizes(cid, 200, 280)[1] >= 12


def test_hand_size_names_are_whole_or_the_short_name() -> None:
    for cid in IDS:
        name = " ".join(art.face_layout(cid, 80, 112).name.lines)
        assert name in (data.CARDS[cid].name, art.SHORT_NAMES.get(cid)), cid


def test_large_text_draws_larger_and_still_fits() -> None:
    before = art.text_sizes(data.TNT, 200, 280)
    text.set_scale(1.25)
    after = art.text_sizes(data.TNT, 200, 280)
    assert after[0] > before[0] and after[1] > before[1]
    lay = art.face_layout(data.PROTESTS, 116, 162)
    assert lay.rule is not None and lay.rule_box is not None
    assert lay.rule.height <= lay.rule_box.h


def test_caches_are_bounded_and_registered() -> None:
    caches = [art.card_face, art.card_back, art._wall_piece, art.character_token,
              art.status_badge, icons.icon, art.face_layout, art.fit_text, art._label]
    every = cache.every_cache()
    for fn in caches:
        assert isinstance(fn, cache.CachedFunction)
        assert fn.cache in every
        assert fn.cache.max_entries <= 1000
    for cached_fn in (art.card_face, art._wall_piece, icons.icon):
        assert cached_fn.cache.max_bytes is not None
    for i in range(art.card_back.cache.max_entries + 5):
        art.card_back(40 + i, 60)
    assert len(art.card_back.cache) <= art.card_back.cache.max_entries
    a = art.card_face(data.SPY, 80, 112)
    assert art.card_face(data.SPY, 80, 112) is a


def test_a_hand_of_all_32_faces_is_built_once_and_then_cached() -> None:
    # speed is measured with `python -m game bench`, never in a test: here only that a hand
    # of faces is made once per size and then served from the cache
    cache.clear_all()
    first = [art.card_face(cid, 80, 112) for cid in IDS]
    again = [art.card_face(cid, 80, 112) for cid in IDS]
    assert all(a is b for a, b in zip(first, again, strict=True))


def test_the_contact_sheet_is_written(tmp_path: Path) -> None:
    out = tmp_path / "sheet.png"
    sheet = art.contact_sheet(str(out))
    assert out.exists() and sheet.get_width() > 1000


def test_productivity_is_one_name_on_every_size_the_table_draws() -> None:
    from game.games.blast import words
    from game.games.blast.layout import HAND_H, HAND_W, MINI_H, MINI_W, PILE_H, PILE_W

    assert words.name_of(data.PRODUCTIVITY) == data.CARDS[data.PRODUCTIVITY].name
    for w, h in ((PILE_W, PILE_H), (MINI_W, MINI_H), (HAND_W, HAND_H), (250, 350)):
        lay = art.face_layout(data.PRODUCTIVITY, w, h)
        assert " ".join(lay.name.lines) == "Productivity", (w, h)
