"""Session 32's playtest fixes: the targeting arrow stops short of the target's name plate, a
toast never covers a seat's plate or the hand, larger text reaches the hand's card faces, and
the hand closes up after a card leaves it."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.blast.layout import ARROW_HEAD, TableLayout, wall_tip
from game.games.blast.view import AIM_BOW, arrow_reach, link_bow
from game.tabletop.arrow import arrow_points, covers


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_an_arrow_head_never_lands_on_the_target_seats_plate(n: int) -> None:
    """A stranger's arrow head sat on the plate of the seat it aimed at, over its name: aimed
    at a seat or at any of its walls, the head stays off that seat's plate."""
    for home in range(n):
        lay = TableLayout(n, home, anchor=0)
        for source in range(n):
            for target in range(n):
                if source == target:
                    continue
                plate = lay.zone(target).plate
                ends = [lay.zone(target).anchor]
                for walls, extra in ((5, 0), (5, 2), (9, 2), (1, 0)):
                    ends += [wall_tip(r, lay.zone(source).anchor)
                             for r in lay.wall_rects(target, walls, extra)]
                for end in ends:
                    for bow, width in ((AIM_BOW, 14), (link_bow(0), 16), (link_bow(1), 16),
                                       (link_bow(0), 12)):
                        start = lay.zone(source).anchor
                        reach = arrow_reach(start, end, plate, bow, width)
                        _, head = arrow_points(start, end, bow=bow, width=width,
                                               head=ARROW_HEAD, progress=reach)
                        where = (n, home, source, target, end, bow)
                        assert head and not covers(head, plate), where
                        if end == ends[0]:  # it still reaches the seat (by its plate)
                            assert lay.zone(target).rect.inflate(60, 60).collidepoint(
                                head[0]), where
                        else:  # or the very wall
                            assert math.dist(head[0], end) < 4, where


def test_a_head_over_a_rect_covers_it_and_one_beside_does_not() -> None:
    plate = pygame.Rect(100, 100, 200, 40)
    _, head = arrow_points((200, 0), (200, 120), bow=0.0, head=ARROW_HEAD)
    assert covers(head, plate)
    stop = arrow_reach((200, 0), (200, 120), plate, 0.0, 14)
    _, short = arrow_points((200, 0), (200, 120), bow=0.0, head=ARROW_HEAD, progress=stop)
    assert not covers(short, plate) and short[0][1] > 90  # just short of the plate's edge


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_a_seat_note_never_covers_a_plate_or_the_hand(n: int) -> None:
    """A toast sat on a seat's hand count: wherever a seat's note goes, at any width, it
    covers no seat's name plate (its counts) and not the home hand."""
    from game.games.blast.layout import FELT
    from game.games.blast.scene import note_centre

    for home in range(n):
        lay = TableLayout(n, home, anchor=0)
        keep = lay.keep_clear()
        for seat in range(n):
            for size in ((180, 34), (330, 34), (480, 60), (700, 40)):
                cx, cy = note_centre(lay, seat, size)
                r = pygame.Rect((0, 0), size)
                r.center = (round(cx), round(cy))
                assert FELT.contains(r), (n, home, seat, size)
                assert r.collidelist(keep) < 0, (n, home, seat, size, r)


def test_a_word_over_a_row_stays_off_the_plate() -> None:
    """"Turn lost" and "Force Field!" rose 46 px from the walls row onto the plate's count."""
    from game.games.blast.presenter import ROW_RISE
    from game.ui import text

    pygame.font.init()
    lay = TableLayout(4, 0)
    for z in lay.zones:
        top = z.row.centery - ROW_RISE - text.line_height(22, True) / 2
        assert top >= z.plate.bottom, z


@pytest.mark.parametrize("kinds", [["mouse", "easy"], ["mouse", "easy", "easy", "easy"],
                                   ["mouse", "easy", "easy", "easy", "easy"]])
def test_a_bubble_by_a_seat_never_covers_a_plate_or_the_hand(app: Any, driver: HeadlessDriver,
                                                             kinds: list[str]) -> None:
    """An idle Underminer's bubble sat over his token, on his plate's hand count."""
    from game.games.blast import data as D
    from game.games.blast import hud
    from tests.games.blast.scene_helpers import make_setup, open_table

    scene = open_table(app, driver, make_setup(kinds))
    for seat in range(len(kinds)):
        scene.presenter.seats[seat].characters.append(D.UNDERMINER)
        for words in ("Underminer: no wall to take", "Underminer stays idle",
                      "Underminer: a Force Field keeps him away"):
            at = scene.view.bubble_at(seat, hud.note_surface(words).get_size())
            assert at.collidelist(scene.layout.keep_clear()) < 0, (seat, at)


@pytest.mark.parametrize("name", ["blast.play", "blast.hand", "blast.attack", "blast.defence",
                                  "blast.chain", "blast.duel", "blast.endgame"])
def test_the_news_banner_never_covers_a_plate_or_the_hand(name: str) -> None:
    """The news banner under the stage reached over the home seat's plate (its hand count)."""
    from game.games.blast import hud
    from game.games.blast.view import banner_place
    from game.ui import theme
    from tests.ui.layout import open_scene

    app, driver = open_scene(name, False)
    try:
        driver.run(30)
        sc = app.stack.top
        for words in ("Ben: TNT", "Dev answers with Backfire: it turns on Cleo and on and on"):
            img = hud.banner_surface(words, theme.SKY, 330)
            place = banner_place(sc, img.get_size())
            if place is not None:
                box = pygame.Rect(place, img.get_size())
                assert box.collidelist(sc.layout.keep_clear()) < 0, (name, box)
    finally:
        app.shutdown(quit_pygame=False)


def test_larger_text_reaches_the_hands_card_faces() -> None:
    """With larger text on, the hand's card names and gists stayed their normal size: now no
    face's words shrink, most names and gists grow, and the picture keeps most of its room."""
    from game.games.blast import art, data
    from game.ui import text

    pygame.font.init()
    sizes = sorted({s for n in (2, 3, 4, 5) for s in TableLayout(n).hand_sizes})
    try:
        text.set_scale(1.0)
        normal = {(c, s): art.face_layout(c, *s) for c in data.CARDS for s in sizes}
        text.set_scale(1.3)
        large = {(c, s): art.face_layout(c, *s) for c in data.CARDS for s in sizes}
    finally:
        text.set_scale(1.0)
    names = rules = 0
    for key, n in list(normal.items()):
        g = large[key]
        if n.rule is None or g.rule is None:  # a gist too long for a small card to read
            del normal[key]
            continue
        assert n.rule is not None and g.rule is not None, key
        assert g.name.size >= n.name.size and g.rule.size >= n.rule.size, key
        assert g.art.h >= n.art.h * art.LARGE_ART_KEEP - 1, key
        names += g.name.size > n.name.size
        rules += g.rule.size > n.rule.size
    # (most gists now start at the hand's readable floor, `art.HAND_GIST_PX`, and larger
    # text grows them where the card has room)
    assert names >= 0.75 * len(normal) and rules >= 0.6 * len(normal), (names, rules)
    assert large[("tnt", (100, 140))].name.size >= normal[("tnt", (100, 140))].name.size + 1


def test_the_hand_closes_up_right_after_a_card_leaves_it(app: Any,
                                                         driver: HeadlessDriver) -> None:
    """After a card was played its hole stayed in the hand (while the pointer rested on it)
    until something else happened: the others now slide together at once, smoothly."""
    from tests.games.blast.scene_helpers import make_setup, open_table

    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4))
    driver.run(5)
    ctl = scene.table_controls
    pr = scene.presenter
    assert len(pr.fan) >= 4
    slots = ctl.fan_slots()
    ctl.pointer_pos = (round(slots[1].x), round(slots[1].y))  # resting on the hand
    ctl.seen_cards = {id(c) for c in pr.fan}
    for s, slot in zip(pr.fan, ctl.fan_slots(), strict=True):
        s.x, s.y = slot.x, slot.y
    pr.fan.pop(1)  # the second card leaves the hand
    xs = [s.x for s in pr.fan]
    closed = ctl.fan_slots()
    gap = closed[1].x - closed[0].x
    assert gap < (xs[1] - xs[0]) - 20  # the slots close the hole at once
    pr.place_fan(closed, 1 / 60)  # one frame: the cards slide toward them, no jump
    moved = [s.x for s in pr.fan]
    assert moved != xs and all(
        min(a, slot.x) - 0.01 <= m <= max(a, slot.x) + 0.01
        for a, m, slot in zip(xs, moved, closed, strict=True))
    assert any(abs(m - slot.x) > 1 for m, slot in zip(moved, closed, strict=True))
    for _ in range(60):
        pr.place_fan(ctl.fan_slots(), 1 / 60)
    assert pr.fan_settled(ctl.fan_slots(), within=1.0)  # closed within a second


def test_a_couch_note_by_a_seat_keeps_off_the_piles_and_the_card_in_play() -> None:
    """"Ana decides how to answer the TNT: one moment." by a three-seat couch's left seat lay
    over the draw pile and the flying TNT: it wraps to the seat's zone where one line cannot
    keep off them, and stays whole on the felt and off every plate."""
    from game.games.blast import hud
    from game.games.blast.layout import FELT
    from game.games.blast.scene import note_place

    words = "Ana decides how to answer the TNT: one moment."
    for n in (2, 3, 4):
        lay = TableLayout(n, 0, anchor=0)
        for seat in range(n):
            width, (cx, cy) = note_place(lay, seat, words)
            r = pygame.Rect((0, 0), hud.note_surface(words, width).get_size())
            r.center = (round(cx), round(cy))
            assert FELT.contains(r) and r.collidelist(lay.keep_clear()) < 0, (n, seat, r)
            if n == 3:
                assert r.collidelist([lay.piles_rect(), lay.stage_rect()]) < 0, (seat, r)
