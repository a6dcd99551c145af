"""The prompt bar keeps every word of a long instruction, in both text sizes."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.cabo import hud
from game.ui import text, theme
from tests.ui.layout import LayoutRecorder, problems, recording

LONG = ("You drew the Queen of diamonds. Swap it for one of your cards (press SPACE on one), "
        "use its power (swap two cards blind: RETURN), or discard it (BACKSPACE).")


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE], ids=["normal", "large"])
def test_long_prompt_fits_the_bar(scale: float) -> None:
    with recording(scale) as rec:
        bar = hud.prompt_surface("Maximilianaaaa", theme.SKY, "star", LONG)
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


def test_a_top_seats_grown_grid_keeps_its_buttons_on_its_own_side_of_the_piles() -> None:
    """A couch player at the top right with 2 penalty cards: Kaboom!/Draw stay under their
    own grid, right of the piles, not left of the draw pile far from their drawn card (a
    stranger hunted for them)."""
    from game.games.cabo.layout import TableLayout

    lay = TableLayout(3)
    seat = next(p for p in range(3) if lay.spots[p].side == "top"
                and lay.block_rect(p, 6).centerx > lay.piles_rect().centerx)
    counts = [4, 4, 4]
    counts[seat] = 6
    for width in (220, 276):
        row = lay.button_row(seat, width, counts)
        assert row.collidelist(lay._taken(counts)) < 0, (width, row)
        assert row.x >= lay.piles_rect().right, (width, row)
        assert row.x < lay.block_rect(seat, 6).right, (width, row)


def test_a_plates_device_line_shortens_its_words_before_cutting_them() -> None:
    """"Keyboard (l…" was all a playtester saw of "Keyboard (left)" on a narrow plate."""
    pygame.font.init()
    wide = text.render("Keyboard (left)", 12, theme.MUTED).get_width()
    assert hud.fit_sub("Keyboard (left)", wide + 4) == "Keyboard (left)"
    assert hud.fit_sub("Keyboard (left)", wide - 10) == "Keys (left)"


def _card(lay: object, centre: tuple[float, float], lift: float = 0) -> pygame.Rect:
    from game.games.cabo.layout import TableLayout

    assert isinstance(lay, TableLayout)
    r = pygame.Rect(0, 0, lay.card_w, lay.card_h)
    r.center = (round(centre[0]), round(centre[1] - lift))
    return r


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_a_peeked_near_card_stays_off_the_far_row_above_it(n: int) -> None:
    """In the deal every seat peeks at its near row: a playtester saw the opponents' lifted
    cards rise over their own far row (the rows overlapped). Penalty columns too."""
    from game.games.cabo.layout import TableLayout

    lay = TableLayout(n)
    for seat in range(n):
        for count, near, far in ((4, 2, 0), (4, 3, 1), (6, 5, 4)):
            lifted = _card(lay, lay.peek_pos(seat, seat, count, 16, near), 16)
            above = _card(lay, lay.slot_pos(seat, far, count))
            assert not lifted.colliderect(above), (n, seat, near)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_a_slap_burst_pops_on_felt_beside_the_name_never_over_a_name_or_cards(n: int) -> None:
    """The SLAP! burst covered a top seat's name and was cut at the top of the screen."""
    from game.games.cabo.layout import FELT, SLAP_BURST_TALL, SLAP_BURST_W, TableLayout

    lay = TableLayout(n)
    for seat in range(n):
        box = pygame.Rect(0, 0, SLAP_BURST_W, round(SLAP_BURST_W * SLAP_BURST_TALL))
        box.center = tuple(map(round, lay.slap_burst_pos(seat)))  # type: ignore[assignment]
        assert FELT.contains(box), (n, seat, box)
        for other in range(n):
            assert not box.colliderect(lay.plate_rect(other)), (n, seat, other)
            assert not box.colliderect(lay.grid_rect(other)), (n, seat, other)
        assert not box.colliderect(lay.piles_rect())


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE], ids=["normal", "large"])
def test_a_kaboom_callers_plate_says_so_inside_its_frame(scale: float) -> None:
    """A Kaboom! caller's plate says "called KABOOM!" on its second line: nothing is drawn
    outside the plain plate's ink (a tag on the edge overlapped the frame and the turn glow,
    and a top plate's was cut by the screen)."""
    pygame.init()
    text.set_scale(scale)
    try:
        plain = hud.plate_surface("Ben", "AI - medium", theme.SKY, "square", 23, 176, 40,
                                  False, True)
        called = hud.plate_surface("Ben", "AI - medium", theme.SKY, "square", 23, 176, 40,
                                   True, True)
    finally:
        text.set_scale(1.0)

    def ink(s: pygame.Surface) -> set[tuple[int, int]]:
        return {(x, y) for x in range(s.get_width()) for y in range(s.get_height())
                if s.get_at((x, y)).a > 40}

    assert ink(called) <= ink(plain)  # nothing outside the plate
    assert pygame.image.tobytes(called, "RGBA") != pygame.image.tobytes(plain, "RGBA")
    blast = sum(called.get_at((x, y))[:3] == theme.BLAST[:3] for x in range(called.get_width())
                for y in range(called.get_height()))
    assert blast > 0  # the words, in the Kaboom! colour


def test_a_two_player_table_keeps_its_score_pad_on_the_empty_felt() -> None:
    """Two seats left the felt's right third empty (a playtester): the score pad lies there,
    clear of every card (penalty columns too), plate, pile, held card, SLAP! burst and button,
    and a word or button placed later keeps off it. More seats use that felt: no pad."""
    from game.games.cabo.layout import FELT, SLAP_BURST_TALL, SLAP_BURST_W, TableLayout

    assert all(TableLayout(n).score_pad_rect() is None for n in (3, 4, 5, 6))
    for home in (0, 1):
        lay = TableLayout(2, home)
        pad = lay.score_pad_rect()
        assert pad is not None and FELT.contains(pad)
        assert pad.right > FELT.x + 2 * FELT.w // 3  # in the right third
        for seat in (0, 1):
            for count in (4, 6, 8):
                assert not pad.colliderect(lay.block_rect(seat, count)), (seat, count)
                held = _card(lay, lay.hand_pos(seat, count))
                assert not pad.colliderect(held)
            burst = pygame.Rect(0, 0, SLAP_BURST_W, round(SLAP_BURST_W * SLAP_BURST_TALL))
            burst.center = tuple(map(round, lay.slap_burst_pos(seat)))  # type: ignore[assignment]
            assert not pad.colliderect(burst)
            assert not pad.colliderect(lay.button_row(seat, 300))
        assert not pad.colliderect(lay.piles_rect())
        assert pad in lay._taken()


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE], ids=["normal", "large"])
def test_the_score_pad_lists_each_round_and_keeps_its_words_inside(scale: float) -> None:
    rows = tuple((r, -r) for r in range(10))
    with recording(scale) as rec:
        pad = hud.score_pad(("Maximilianaaaa", "Ben"), (theme.SKY, theme.MINT),
                            ("circle", "square"), rows, (45, -45), 11, 10, 184, 236)
    assert problems(rec) == []
    words = {w for boxes in rec._images.values() for b in boxes[2] for w in b.text.split()}
    assert {"Total", "45", "-45", "9", "-9", "10"} <= words and "3" not in words  # the latest six
    assert "Round 10 of 10" in " ".join(b.text for boxes in rec._images.values()
                                        for b in boxes[2])
    assert pad.get_size() == (184, 236)


def test_an_empty_score_pad_says_so_inside_its_paper() -> None:
    pygame.init()
    canvas = pygame.Surface((1280, 720))
    rec = LayoutRecorder(canvas)
    text.observe(rec)
    try:
        hud.score_pad(("You", "Ben"), (theme.SKY, theme.MINT), ("circle", "square"), (),
                      (0, 0), 1, 5, 184, 236)
    finally:
        text.observe(None)
    assert problems(rec) == []
    said = " ".join(b.text for boxes in rec._images.values() for b in boxes[2])
    assert "no rounds yet" in said and "Round 1 of 5" in said



@pytest.mark.parametrize("n", [3, 4, 6])
def test_a_table_of_three_to_six_keeps_a_score_pad_in_sight(
        app: Any, driver: Any, n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stranger at a table of four saw the score pad vanish (only two players have the
    paper one): a compact pad under the moves lists every seat's last round and total, and
    grows with larger text."""
    from game.games.cabo import rules as R
    from game.games.cabo.layout import SIDEBAR
    from tests.games.cabo.test_scene_table import GRIDS, table

    extra = [["6C", "8C", "9C", "TC"], ["6D", "8D", "9D", "TD"], ["6H", "8H", "9H", "TH"]]
    scene = table(app, driver, ["mouse"] + ["hard"] * (n - 1), grids=(GRIDS + extra)[:n],
                  phase=R.Phase.TURN, turn=0, options=R.CaboOptions(players=n))
    assert scene.layout.score_pad_rect() is None  # no paper pad on the felt
    drawn: list[tuple[Any, ...]] = []
    real = hud.compact_pad

    def spy(*args: Any) -> pygame.Surface:
        drawn.append(args)
        return real(*args)

    monkeypatch.setattr(hud, "compact_pad", spy)
    scene.view.draw(pygame.Surface((1280, 720)))
    assert drawn, "no score pad drawn"
    names, _c, _s, last, totals, width, scale = drawn[-1]
    assert names == tuple(scene.names) and len(totals) == n and last is None
    assert width <= SIDEBAR.w
    small = real(*drawn[-1]).get_height()
    text.set_scale(1.3)
    try:
        large = real(names, _c, _s, (1, -1) + (0,) * (n - 2), totals, width, 1.3).get_height()
    finally:
        text.set_scale(scale)
    assert large > small >= 18 * n


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_larger_text_grows_the_name_plates_so_their_lines_fit_whole(n: int) -> None:
    """With larger text a plate read "Keys (le..." and "KABO...": it grows (inside the felt,
    off every other plate and grid) and says them whole, with a two-digit total."""
    from game.games.cabo import hud as cabo_hud
    from game.games.cabo.layout import FELT, TableLayout
    from game.ui import text, theme
    from tests.ui.layout import Words, observing

    pygame.init()
    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        lay = TableLayout(n, home=0)
        plates = [lay.plate_rect(p) for p in range(n)]
        for seat, r in enumerate(plates):
            assert FELT.contains(r), (n, seat, r)
            others = plates[:seat] + plates[seat + 1:]
            grids = [lay.grid_rect(p, 4) for p in range(n)]
            assert r.collidelist(others + grids) < 0, (n, seat, r)
            for sub, kaboom in (("Keys (left)", False), ("AI - medium", False), ("", True)):
                cabo_hud.plate_surface.cache_clear()
                with observing(Words()) as seen:
                    cabo_hud.plate_surface("Ben", sub, theme.SKY, "circle", -12, r.w, r.h,
                                           kaboom, False)
                want = "KABOOM!" if kaboom else sub
                assert any(want in w and "…" not in w for w in seen.words), (n, seat, seen.words)
    finally:
        text.set_scale(1.0)
