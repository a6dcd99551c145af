"""What the eleventh playtest (a stranger, 7/10) found in Kaboom! Explosive, each fixed: couch
seats that traded screen places every turn, seat colours that moved with the palette."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast.layout import TableLayout
from game.ui import theme
from tests.games.blast.scene_helpers import make_setup, open_table


def test_couch_zones_keep_their_places_whoever_holds_the_screen() -> None:
    """Two people and an AI: the fan at the bottom changes owner, no zone moves."""
    for n in (2, 3, 4, 5):
        for anchor in range(n):
            first = TableLayout(n, anchor, anchor=anchor)
            for home in range(n):
                now = TableLayout(n, home, anchor=anchor)
                assert [z.rect for z in now.zones] == [z.rect for z in first.zones], (n, home)
                assert [z.name for z in now.zones] == [z.name for z in first.zones]
                assert now.hand_anchor(home) == now.fan_centre  # the fan is the holder's


def test_the_couch_table_does_not_move_when_the_screen_passes(app: Any,
                                                             driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=5))
    before = [z.rect.copy() for z in scene.layout.zones]
    for seat in (1, 0, 1):
        scene._show_hand_of(seat)
        assert scene.presenter.viewer == seat
        assert [z.rect for z in scene.layout.zones] == before


def test_the_safe_palette_keeps_each_seat_in_its_own_colour() -> None:
    """Ana chose blue, Ben red: with the safe palette Ana stays the bluish seat (by seat
    number she had turned orange and Ben taken her blue)."""
    blue, red = theme.SEAT_COLOURS[1], theme.SEAT_COLOURS[0]
    ana, ben = theme.seat_colour(0, True, blue), theme.seat_colour(1, True, red)
    assert ana[2] > ana[0] and ben[0] > ben[2]
    assert theme.seat_colour(3, True, blue) == ana  # blue's shade whoever sits in it
    safe = {theme.seat_colour(i, True, c) for i, c in enumerate(theme.SEAT_COLOURS)}
    assert len(safe) == len(theme.SEAT_COLOURS)  # still one colour a seat
    assert safe == {theme.hex_rgb(c) for c in theme.SEAT_COLOURS_SAFE}


def test_a_table_wall_shows_as_many_bricks_as_its_card() -> None:
    """The table's wall and the hand's card light the same pips: more for a stronger wall
    (lit pixels of the pill's bright brick colour grow palisade .. Force Field)."""
    from game.games.blast import art, data
    from game.games.blast import words as W

    brick = (234, 196, 150)  # a lit brick, as the card in hand draws it

    def lit(surface: Any) -> int:
        w, h = surface.get_size()
        band = range(h - h // 4, h)  # the pill under the wall
        return sum(1 for x in range(w) for y in band
                   if abs(surface.get_at((x, y))[0] - brick[0]) < 12
                   and abs(surface.get_at((x, y))[1] - brick[1]) < 12
                   and abs(surface.get_at((x, y))[2] - brick[2]) < 12)

    counts = [lit(art.wall_piece(w, 96, 64)) for w in data.WALLS]
    assert counts == sorted(counts) and counts[0] < counts[-1], counts
    assert W.strength_note(data.PALISADE).startswith("Strength 1 of 5")
    assert "only a Spy" in W.strength_note(data.FORCE_FIELD)
