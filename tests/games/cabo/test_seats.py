"""Seat identities at the Kaboom! cards table: a colour far from every other seat's in every
palette and colour vision, a shape of its own; and in couch play the turn marker and the
buttons follow whoever must act."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from game.games.cabo.layout import FELT, TableLayout
from game.ui import theme
from tests.games.cabo.scene_helpers import HumanHands, make_setup, open_table


@pytest.mark.parametrize(("palette", "visions"), [
    (theme.SEAT_COLOURS, ("normal",)),
    (theme.SEAT_COLOURS_SAFE, theme.VISIONS),
])
def test_every_pair_of_seat_colours_is_far_apart(palette: tuple[str, ...],
                                                 visions: tuple[str, ...]) -> None:
    colours = [theme.hex_rgb(c) for c in palette]
    assert len(colours) == 6
    for (i, a), (j, b) in itertools.combinations(enumerate(colours), 2):
        for vision in visions:
            d = theme.colour_distance(a, b, vision)
            assert d >= theme.MIN_SEAT_DISTANCE, (palette[i], palette[j], vision, round(d, 1))
    for c in colours:  # and every seat reads on the ink panels
        assert theme.lab(c)[0] >= 45, c


def test_the_old_amber_and_yellow_would_fail() -> None:
    """The distance check sees what players saw: Okabe-Ito amber and yellow, deutan."""
    amber, yellow = theme.hex_rgb("#e69f00"), theme.hex_rgb("#f0e442")
    assert theme.colour_distance(amber, yellow, "deutan") < theme.MIN_SEAT_DISTANCE
    assert theme.colour_distance(amber, yellow) > theme.MIN_SEAT_DISTANCE


def test_the_colour_blind_table_gives_each_seat_its_colour_and_shape(app: Any,
                                                                     driver: HeadlessDriver
                                                                     ) -> None:
    app.settings.accessibility.colourblind = True
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "keys2", "hard", "medium",
                                                "easy"], rounds=1))
    assert scene.colours == [theme.hex_rgb(c) for c in theme.SEAT_COLOURS_SAFE]
    assert len(set(scene.shapes)) == 6


def _centre_distance(a: Any, b: Any) -> float:
    return math.dist(a.center, b.center)


def test_couch_marker_and_buttons_follow_whoever_must_flip(app: Any,
                                                           driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "medium", "keys2"], seed=4,
                                               rounds=1), speed=6.0)
    hands = HumanHands(app, driver, scene, slaps=False)
    lay = scene.layout
    flippers: set[int] = set()
    for _ in range(20000):
        st = scene.state
        seat = scene.decider()
        if st.phase is not R.Phase.FLIP and flippers:
            break
        if seat is not None and st.phase is R.Phase.FLIP and not scene.presenter.busy:
            scene.table_controls.refresh(seat)
            button = scene.cursor.get("btn:flip")
            assert button is not None
            assert scene.presenter.turn == seat  # the marker is on the seat that must flip
            blocks = [lay.block_rect(p) for p in range(st.players)]
            mine = _centre_distance(button.rect, blocks[seat])
            assert all(mine < _centre_distance(button.rect, b)
                       for p, b in enumerate(blocks) if p != seat), (seat, button.rect)
            assert FELT.contains(button.rect)
            flippers.add(seat)
        if not hands.act():
            hands.step()
    assert {0, 1} <= flippers  # at least two different humans flipped


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_button_rows_fit_by_every_seat(n: int) -> None:
    lay = TableLayout(n, home=0)
    for seat in range(n):
        for width in (120, 260, 380):
            row = lay.button_row(seat, width)
            assert FELT.contains(row), (n, seat, width)
            for p in range(n):
                assert row.collidelist(lay.seat_rects(p)) < 0, (n, seat, width, p)
            assert not row.colliderect(lay.piles_rect().inflate(-30, -44)), (n, seat, width)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_words_about_a_seat_rise_and_fade_on_free_felt(n: int) -> None:
    """'Last turn', '+2 penalty cards' or 'Nothing to slap' rise about 46 px by their seat: the
    whole sweep stays on the felt and crosses no card, plate, pile or held card."""
    lay = TableLayout(n, home=0)
    for seat in range(n):
        longest = (4, 6, 8) if n <= 4 else (4, 6)  # 5-6 seats: a long grid may crowd it
        for count, width in itertools.product(longest, (94, 135, 179)):
            x, y = lay.note_point(seat, count, width)  # "Last turn" .. "+2 penalty cards"
            path = lay.note_path(x, y, width)
            assert FELT.contains(path), (n, seat, count, path)
            counts = [4] * n
            counts[seat] = count
            for p in range(n):
                # a crowded table (5-6 seats) may let a word cross a plate, never a card
                keep_off = lay.seat_rects(p, counts[p]) if n <= 4 else [lay.grid_rect(p, counts[p])]
                assert path.collidelist(keep_off) < 0, (n, seat, count, width, p)
                hx, hy = lay.hand_pos(p, counts[p])
                assert not path.collidepoint(hx, hy), (n, seat, count, p)
            assert not path.colliderect(lay.piles_rect()), (n, seat, count)
            near = pygame.Rect(lay.block_rect(seat, count)).inflate(2 * 140, 2 * 140)
            assert near.colliderect(path), (n, seat, count)  # still by its seat


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_a_long_note_by_a_seat_never_sits_on_the_piles(n: int) -> None:
    """A sentence by a seat ("Next card when Ben is ready", "Hold to look at the card first",
    wider still in larger text) sat on the draw pile and its count: where no free felt takes
    it whole, it may cross felt by the seat, never the piles."""
    lay = TableLayout(n, home=0)
    for seat in range(n):
        for width in (255, 325):
            x, y = lay.note_point(seat, 4, width)
            path = lay.note_path(x, y, width)
            assert FELT.contains(path), (n, seat, width, path)
            assert not path.colliderect(lay.piles_rect()), (n, seat, width, path)
            near = pygame.Rect(lay.block_rect(seat, 4)).inflate(2 * 140, 2 * 140)
            assert near.colliderect(path), (n, seat, width)  # still by its seat


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_a_peeked_card_never_rises_over_its_owners_plate(n: int) -> None:
    lay = TableLayout(n, home=0)
    for owner in range(n):
        plate = lay.plate_rect(owner)
        for looker in range(n):
            for slot in range(6):
                x, y = lay.peek_pos(owner, looker, 6, 16, slot)
                card = pygame.Rect(0, 0, lay.card_w, lay.card_h)
                card.center = (round(x), round(y - 16))  # drawn lifted by 16
                assert not card.colliderect(plate), (n, owner, looker, slot)
                sx, sy = lay.slot_pos(owner, slot, 6)
                assert abs(x - sx) <= 12 and abs(y - sy) <= 30  # still on its own place


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_words_about_the_piles_rise_clear_of_every_seat(n: int) -> None:
    """'Match!', 'Power!', 'Swap!' rise beside the piles, over no seat's cards or plate."""
    lay = TableLayout(n, home=0)
    path = lay.note_path(*lay.word_point(130), 130)
    assert FELT.contains(path) and not path.colliderect(lay.piles_rect())
    for p in range(n):
        assert path.collidelist(lay.seat_rects(p)) < 0, (n, p)
        hx, hy = lay.hand_pos(p)
        assert not path.collidepoint(hx, hy), (n, p)


def test_removing_a_seat_in_the_lobby_leaves_the_others_their_names(app: Any,
                                                                    driver: Any) -> None:
    """Removing a seat shifted the names of the seats after it (each took its old
    neighbour's name field): every other seat keeps its name, typed or given."""
    from game.app import catalogue
    from game.app.menus.lobby import LobbyScene

    info = catalogue.get("cabo")
    assert info is not None
    lobby = LobbyScene(app, info)
    app.stack.push(lobby)
    app.stack.apply_requests()
    driver.step()
    while len(lobby.setup.seats) < 4:
        lobby._add()
    lobby.name_fields[2].set_text("Zed")  # typed, not yet read
    names = [s.name for s in lobby.setup.seats]
    lobby._remove(1)
    assert [s.name for s in lobby.setup.seats] == [names[0], "Zed", names[3]]
    assert [f.get_text() for f in lobby.name_fields] == [names[0], "Zed", names[3]]


@pytest.mark.parametrize(("seats", "apart"), [(3, 60), (4, 40)])
def test_the_first_safe_seats_hold_no_two_pinks(seats: int, apart: int) -> None:
    """Three strangers read the colour-blind rose first seat and a magenta third as one pink:
    the first three safe seats are of three different hue families. Another read seat 1
    (rose) and seat 4 (magenta) as "two close pinks" at four seats: the first four are at
    least 40 degrees of hue apart."""
    import colorsys

    hues = []
    for c in theme.SEAT_COLOURS_SAFE[:seats]:
        r, g, b = (v / 255 for v in theme.hex_rgb(c))
        hues.append(colorsys.rgb_to_hls(r, g, b)[0] * 360)
    for i, j in itertools.combinations(range(seats), 2):
        d = abs(hues[i] - hues[j])
        assert min(d, 360 - d) >= apart, (theme.SEAT_COLOURS_SAFE[i],
                                          theme.SEAT_COLOURS_SAFE[j])
