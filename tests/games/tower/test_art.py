"""Tower Kaboom's tile cards: each piece drawn with its block's own art (tone, grain and mark),
faded until built and bright once built, so a card's picture matches the tray at a glance."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from game.games.tower import art
from game.games.tower.data import ORIENTATION_ANGLE, TILES

Colour = tuple[float, float, float]


@pytest.fixture(autouse=True)
def _display(app: Any) -> None:
    """Fonts and a display for the card art (a headless App)."""


def _mean(surf: pygame.Surface, mask: pygame.Surface, at: tuple[int, int],
          inset: int = 0) -> Colour:
    """Mean colour of `surf` under the opaque pixels of `mask` placed at `at` (with `inset`,
    only those that many pixels inside its edge: a piece's tone, not its outline nor the
    ink marks of its kind)."""
    total = [0.0, 0.0, 0.0]
    n = 0
    w, h = mask.get_size()
    solid = pygame.mask.from_surface(mask, 220)
    inner = solid
    for off in ((inset, 0), (-inset, 0), (0, inset), (0, -inset)) if inset else ():
        inner = inner.overlap_mask(solid, off)
    for x in range(w):
        for y in range(h):
            if inner.get_at((x, y)):
                c = surf.get_at((at[0] + x, at[1] + y))
                if tuple(c)[:3] == art.MARK_INK:
                    continue  # a kind's ink pattern (grooves, nails), not the wood's tone
                total[0] += c[0]
                total[1] += c[1]
                total[2] += c[2]
                n += 1
    assert n > 0
    return (total[0] / n, total[1] / n, total[2] / n)


def _sprite_mean(sprite: pygame.Surface) -> Colour:
    return _mean(sprite, sprite, (0, 0))


def _faded(c: Colour, paper: tuple[int, int, int]) -> Colour:
    f = art.UNBUILT_FADE
    return (c[0] * (1 - f) + paper[0] * f, c[1] * (1 - f) + paper[1] * f,
            c[2] * (1 - f) + paper[2] * f)


def _uncovered(pieces: Any, i: int) -> pygame.Surface:
    """Piece `i`'s sprite with the pixels cleared that a later piece, outlined, draws over."""
    sprite, (px, py) = pieces[i]
    own = sprite.copy()
    for later, (lx, ly) in pieces[i + 1:]:
        cover = pygame.mask.from_surface(later, 1)
        for dx, dy in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)):
            ink = cover.to_surface(setcolor=(0, 0, 0, 255), unsetcolor=(0, 0, 0, 0))
            own.blit(ink, (lx - px + dx, ly - py + dy), special_flags=pygame.BLEND_RGBA_SUB)
    return own


def _width(tid: int) -> int:
    return art.card_width(2 if TILES[tid].mega else 0)


def test_every_piece_on_every_card_shows_its_blocks_tone_faded_then_bright():
    for tid, tile in TILES.items():
        width = _width(tid)
        paper = art.MEGA_PAPER if tile.mega else art.PAPER
        done = art.card_image(tid, width, len(tile.pieces), True)
        ox, oy = art.CARD_ORIGIN
        c = art.card(tid, width)
        for i, (key, _) in enumerate(tile.pieces):
            sprite, (px, py) = c.pieces[i]
            own = _uncovered(c.pieces, i)
            # The tray's block, at the card's angle (the piece's sprite is it, scaled: see
            # the mark test): its tone is the piece's tone.
            tray = _mean(sprite, own, (0, 0), inset=2)
            # Inside the piece's edge, where no piece above (or its outline) lies on it.
            unbuilt = _mean(c.base, own, (px, py), inset=2)
            built = _mean(done, own, (ox + px, oy + py), inset=2)
            assert math.dist(unbuilt, _faded(tray, paper)) < 20, (tile.name, key, unbuilt)
            assert math.dist(built, tray) < 20, (tile.name, key, built, tray)
            # Not a pale ghost: the tone stands off the paper, and building it shows.
            assert math.dist(unbuilt, paper) > 60, (tile.name, key, unbuilt)
            assert math.dist(built, unbuilt) > 50, (tile.name, key)


def test_a_short_beam_and_a_pillar_differ_in_tone_on_the_cards():
    tee, column = TILES[21], TILES[13]  # a short beam upright; pillars upright
    assert tee.pieces[0] == ("plank", "upright") and column.pieces[0] == ("pillar", "upright")
    tones = {}
    for tile in (tee, column):
        c = art.card(tile.tile_id, _width(tile.tile_id))
        sprite, at = c.pieces[0]
        tones[tile.pieces[0][0]] = (_mean(c.base, sprite, at), _sprite_mean(sprite))
    for i in (0, 1):  # faded, and built
        assert math.dist(tones["plank"][i], tones["pillar"][i]) > 60, tones


def test_each_piece_carries_its_kinds_mark_on_the_card():
    """The mark burnt into each block (nails, flutes, diamond, keystone, shingles) is drawn on
    the card too: the card's piece is the block's sprite, marked, not a plain shape."""
    c = art.card(25, _width(25))  # Temple: beam, arch, short beam, pillar, roof
    for (key, orient), (sprite, _) in zip(TILES[25].pieces, c.pieces, strict=True):
        marked = art.block_sprite(key, ORIENTATION_ANGLE[orient])
        expect = pygame.transform.smoothscale(marked, sprite.get_size())
        assert pygame.image.tobytes(expect, "RGBA") == pygame.image.tobytes(sprite, "RGBA"), key


def test_card_images_are_made_once_per_tile_progress_and_size():
    a = art.card_image(7, 92, 1, False)
    assert art.card_image(7, 92, 1, False) is a
    assert art.card_image(7, 92, 2, False) is not a
    assert art.card_image(7, 120, 1, False) is not a
    # Drawing a card is one blit of that image.
    s1 = pygame.Surface((200, 220), pygame.SRCALPHA)
    art.draw_card(s1, 7, pygame.Rect(30, 20, 92, art.CARD_H), 1)
    s2 = pygame.Surface((200, 220), pygame.SRCALPHA)
    s2.blit(a, (30 - art.CARD_ORIGIN[0], 20 - art.CARD_ORIGIN[1]))
    assert pygame.image.tobytes(s1, "RGBA") == pygame.image.tobytes(s2, "RGBA")


def test_tile_names_are_readable_at_the_smallest_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """A playtester read tile names about 6 px tall at 1024x576: every card's name is drawn at
    least 11 px there (the 1280x720 picture shrinks by 0.8), the longest on the narrowest pad."""
    from game.games.tower.data import SLOT_RANGES

    said: dict[str, tuple[int, pygame.Surface]] = {}
    render = art.text.render

    def spy(label: str, size: int, *a: Any, **kw: Any) -> pygame.Surface:
        img = render(label, size, *a, **kw)
        said[label] = (size, img)
        return img

    monkeypatch.setattr(art.text, "render", spy)
    narrow = round(min(x1 - x0 for x0, x1 in SLOT_RANGES))
    for tile in TILES.values() if isinstance(TILES, dict) else TILES:
        art._card_base(tile, 120 if tile.mega else narrow)
        name = "Mega Tower" if tile.mega else tile.name
        size, img = said[name]
        width = 120 if tile.mega else narrow
        squeeze = min(1.0, (width - 4) / img.get_width())
        assert size * squeeze * 0.8 >= 10.5, (tile.name, size, squeeze)


def test_each_piece_on_a_card_is_outlined_so_stacked_pieces_read_apart():
    """A stranger took the Column (two pillars) for a long beam on the small cards: each piece
    has a dark outline, so the seam between two stacked pillars shows, and the card's pillar
    is half a long beam's height (the Needle's)."""
    column, needle = art.card(13, _width(13)), art.card(20, _width(20))
    assert TILES[13].pieces[0][0] == TILES[13].pieces[1][0] == "pillar"
    assert TILES[20].pieces[0] == ("beam", "upright")
    (low, (lx, ly)), (high, (hx, hy)) = column.pieces
    centre = lx + low.get_width() // 2
    tone = _mean(column.base, low, (lx, ly))
    seam = min(sum(column.base.get_at((centre, y))[:3]) / 3 for y in range(ly - 2, ly + 3))
    assert seam < sum(tone) / 3 - 60, (seam, tone)
    # Around every piece, just outside it, the outline: darker than the paper.
    paper = sum(art.PAPER) / 3
    for sprite, (px, py) in column.pieces:
        left = column.base.get_at((px - 1 + _first_opaque_x(sprite), py + sprite.get_height() // 2))
        assert sum(left[:3]) / 3 < paper - 80, left
    beam = needle.pieces[0][0]
    assert 1.6 < beam.get_height() / low.get_height() < 2.4


def _first_opaque_x(sprite: pygame.Surface) -> int:
    """The first column of a sprite's middle row that is solid."""
    y = sprite.get_height() // 2
    return next(x for x in range(sprite.get_width()) if sprite.get_at((x, y))[3] > 110)


def test_a_faded_pillar_and_short_beam_differ_by_pattern_not_shade() -> None:
    """A faded dark pillar read as a light short beam on a card (nearly the same size): a
    pillar's card piece has two ink grooves down it, a short beam's nails, no groove."""
    import pygame

    from game.games.tower import art as tower_art

    def groove_share(tile_id: int, index: int) -> float:
        c = tower_art.card(tile_id, 92)
        lit, (x, y) = c.pieces[index]
        r = pygame.Rect(x, y, *lit.get_size())
        col = r.x + round(r.w / 3)
        ys = range(r.y + r.h // 8, r.bottom - r.h // 8)
        ink = sum(tuple(c.base.get_at((col, yy)))[:3] == tower_art.MARK_INK for yy in ys)
        return ink / len(ys)

    assert groove_share(7, 0) > 0.8  # the Post's standing pillar
    assert groove_share(21, 0) < 0.3  # the Tee's standing short beam


def _ink_in(c: Any, index: int, box: tuple[float, float, float, float]) -> int:
    """Ink-mark pixels of a card piece inside a box given as fractions of its solid rect."""
    lit, (x, y) = c.pieces[index]
    r = lit.get_bounding_rect(min_alpha=110).move(x, y)
    x0, y0 = r.x + round(r.w * box[0]), r.y + round(r.h * box[1])
    x1, y1 = r.x + round(r.w * box[2]), r.y + round(r.h * box[3])
    return sum(tuple(c.base.get_at((px, py)))[:3] == art.MARK_INK
               for px in range(x0, x1) for py in range(y0, y1))


def test_a_cube_and_a_short_beam_differ_plainly_on_the_small_card() -> None:
    """A stranger set a cube where the Stack's short beam goes: on the small card the two
    looked alike. A cube carries a bold ink diamond in its middle; a short beam dark end grain
    at both ends (a board), which a cube never has."""
    stack = art.card(16, _width(16))
    assert [k for k, _ in TILES[16].pieces] == ["cube", "plank", "cube", "roof"]
    for cube in (0, 2):
        assert _ink_in(stack, cube, (0.2, 0.2, 0.8, 0.8)) >= 8  # the diamond
        assert _ink_in(stack, cube, (0.0, 0.3, 0.12, 0.7)) == 0  # no end grain
        assert _ink_in(stack, cube, (0.88, 0.3, 1.0, 0.7)) == 0
    assert _ink_in(stack, 1, (0.0, 0.25, 0.1, 0.75)) >= 3  # the short beam's two ends
    assert _ink_in(stack, 1, (0.9, 0.25, 1.0, 0.75)) >= 3
