"""The table's geometry for 2-5 seats, and every blast screen in both text sizes (no text over
other text, none leaving its panel or the screen)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.blast import data, hud
from game.games.blast.controls import arrange_rects, picker_rects
from game.games.blast.layout import BAR, FELT, TableLayout
from game.ui import text, theme
from tests.ui.layout import open_scene, problems, record_frame, recording

SCENES = ["blast.play", "blast.hand", "blast.attack", "blast.defence", "blast.chain",
          "blast.endgame", "blast.over", "blast.duel"]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("home", [0, 1])
def test_zones_piles_and_stage_fit_the_felt_apart(n: int, home: int) -> None:
    lay = TableLayout(n, home)
    zones = [lay.zone(s).rect for s in range(n)]
    assert lay.zone(home).side == "bottom"
    centre = [lay.stage_rect(), lay.piles_rect()]
    for i, z in enumerate(zones):
        assert FELT.contains(z), (n, i, z)
        assert z.collidelist([o for k, o in enumerate(zones) if k != i]) < 0
        assert z.collidelist(centre) < 0, (n, i)
        walls = lay.wall_rects(i, 9, 2)  # many walls and two characters still fit the row
        tokens = lay.token_rects(i, 2)
        assert all(lay.zone(i).row.contains(r) for r in walls + tokens)
        assert walls[-1].right <= tokens[0].x
    assert FELT.contains(lay.button_row(400))


@pytest.mark.parametrize("n", [2, 4])
def test_five_walls_beside_two_characters_stand_apart_and_whole(n: int) -> None:
    """A 300 px zone with 5 walls and 2 tokens shrinks its walls evenly: none covers another."""
    lay = TableLayout(n, 0)
    walls = lay.wall_rects(0, 5, 2)
    assert all(a.right <= b.x for a, b in zip(walls, walls[1:], strict=False))
    assert len({(r.w, r.h) for r in walls}) == 1 and walls[0].w >= 28
    assert walls[-1].right <= lay.token_rects(0, 2)[0].x
    assert lay.wall_rects(0, 3, 0)[0].w == 40  # a roomy row keeps the full size


def test_a_two_player_hand_fans_large_cards_side_by_side_across_the_felt() -> None:
    """With two players seven large cards sit in a row with no more than a sliver overlapped,
    under the home zone and the buttons, inside the felt."""
    from game.tabletop.fan import fan_layout

    lay = TableLayout(2, 1)
    assert (lay.hand_w, lay.hand_h) > (TableLayout(4).hand_w, TableLayout(4).hand_h)
    slots = fan_layout(7, lay.fan_centre, lay.fan_pitch,
                       lay.fan_width + lay.fan_pitch - lay.hand_w, spread_deg=lay.fan_spread)
    assert all(b.x - a.x >= lay.hand_w for a, b in zip(slots, slots[1:], strict=False))
    top = min(s.y for s in slots) - lay.hand_h / 2 - 34  # the focused card's lift
    assert top >= lay.zone(1).rect.bottom and top >= lay.button_row(300).bottom - 4
    assert slots[0].x - lay.hand_w / 2 >= FELT.x and slots[-1].x + lay.hand_w / 2 <= FELT.right


def test_picker_and_arrangement_rows_fit_the_felt() -> None:
    assert all(FELT.contains(r) for r in picker_rects())
    for n in (2, 3, 4, 5):
        lay = TableLayout(n, 0)
        rects = arrange_rects(4, lay.wide)
        sides = [lay.zone(s).rect for s in range(n)]
        assert all(FELT.contains(r) and r.collidelist(sides) < 0 for r in rects), n


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE], ids=["normal", "large"])
def test_long_prompt_fits_the_bar(scale: float) -> None:
    long = ("Cleo sends the TNT on to you (iron wall)! Answer with a defence, or take it "
            "(W A S D and SPACE).")
    with recording(scale) as rec:
        bar = hud.prompt_bar("", theme.SKY, "star", long, scale)
    assert bar.get_height() == BAR.h
    assert problems(rec) == []


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("scene_id", SCENES)
def test_every_blast_screen_reads_in_both_text_sizes(scene_id: str, large: bool) -> None:
    app, driver = open_scene(scene_id, large)
    try:
        found = problems(record_frame(app, driver, 60))
    finally:
        app.shutdown(quit_pygame=False)
    assert not found, "\n".join(found)


def test_the_news_banner_never_lies_under_a_button_of_the_decision() -> None:
    """A stranger saw "Take it" drawn over the message of the card aimed at them."""
    from game.games.blast.view import banner_place

    app, driver = open_scene("blast.defence", False)
    try:
        driver.run(60)
        sc = app.stack.top
        buttons = [t.rect for t in sc.cursor.targets if t.kind == "button"]
        assert buttons and sc.decider() is not None
        img = hud.banner_surface("Ben fires TNT at you (iron wall). A long message that wraps "
                                 "to a third line", theme.SKY, 330)
        place = banner_place(sc, img.get_size())
        if place is not None:
            assert pygame.Rect(place, img.get_size()).collidelist(buttons) < 0
    finally:
        app.shutdown(quit_pygame=False)


def test_the_log_beside_a_read_card_keeps_seven_lines_of_moves() -> None:
    from game.games.blast.layout import LOG_RECT, PREVIEW, READING

    assert (LOG_RECT.h - 34) // 20 >= 7 and LOG_RECT.bottom < READING.y < PREVIEW.y
    app, driver = open_scene("blast.hand", False)
    try:
        driver.run(30)
        pr = app.stack.top.presenter
        assert pr.moves.texts() and not any("turn (round" in t for t in pr.moves.texts())
        assert any("turn (round" in t for t in pr.log.texts())
    finally:
        app.shutdown(quit_pygame=False)


def test_the_round_says_what_wins_and_the_bound_every_round() -> None:
    """A stranger's 41-round duel felt open-ended: the bound now shows from round one."""
    from game.games.blast.view import round_status

    assert round_status(3, 60) == "Round 3 of 60 · last one standing wins"
    assert round_status(41, 60) == "Round 41 of 60 · last one standing wins"
    assert round_status(12, 30) == "Round 12 of 30 · last one standing wins"
    assert round_status(57, 60) == "Round 57 of 60 · then top walls win"


def test_the_facts_name_the_mad_chemist_as_an_upgrade() -> None:
    """A stranger's Mad Chemist stood on the table while the facts said "Upgrades: none"."""
    from game.games.blast.view import upgrades

    app, driver = open_scene("blast.duel", False)
    try:
        driver.run(5)
        sc = app.stack.top
        pr = sc.presenter
        pr.seats[1].characters = []
        pr.seats[0].characters = ["mad_chemist"]
        assert upgrades(sc) == f"{sc.voice.Poss(0)} Mad Chemist"
        pr.seats[0].characters = []
        assert upgrades(sc) == "none"
        pr.tech = True
        assert upgrades(sc) == "Advanced Tech"
        from game.games.blast.layout import SIDEBAR

        shown = text.ellipsize(upgrades(sc), 13, SIDEBAR.w - 130, True)
        assert shown == "Advanced Tech"  # the facts' value column shows it whole, not cut
    finally:
        app.shutdown(quit_pygame=False)


def test_a_long_reason_over_the_preview_is_never_cut() -> None:
    """The note over a read card once stopped at its third line ("...keep it for")."""
    from game.games.blast.layout import LOG_RECT, PREVIEW, READING
    from game.games.blast.view import note_layout, reading_box

    app, _driver = open_scene("blast.hand", False)
    try:
        long = "Not now: A Blast Shield is played only when a Flaming Arrow, a Pipe Bomb, a " \
               "TNT or a C4 is aimed at you: keep it for then."
        size, lines, step = note_layout(long)
        assert " ".join(lines).replace("  ", " ") == long
        box = reading_box((size, lines, step))
        assert box.bottom == READING.bottom and box.y + len(lines) * step <= PREVIEW.y
        short = note_layout("You can play this now")
        assert reading_box(short) == READING and READING.y > LOG_RECT.bottom
        three = note_layout("Cleo's Underminer: only an Assassin removes him; a Force Field "
                            "or Diplomacy keeps him away.")
        assert len(three[1]) == 3 and reading_box(three) == READING  # the log keeps its room
    finally:
        app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_facts_show_whole_values_beside_short_labels(scale: float,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """'Goal  Last one standing' reads whole with larger text (it was cut to 'Last one
    standi...' at a fixed width): a value has the row's width beside its own label."""
    pygame.init()
    shown: list[str] = []
    real = text.ellipsize

    def spy(value: str, size: int, width: int, bold: bool = False) -> str:
        shown.append(real(value, size, width, bold))
        return shown[-1]

    monkeypatch.setattr(text, "ellipsize", spy)
    text.set_scale(scale)
    try:
        hud.info_surface((("Goal", "Last one standing"), ("Upgrades", "Ben's Mad Chemist")), 0)
    finally:
        text.set_scale(1.0)
    assert shown == ["Last one standing", "Ben's Mad Chemist"]


def test_a_couch_prompt_after_a_name_goes_on_in_lower_case() -> None:
    """A playtester read "Ben, Your turn" on the couch bar."""
    from game.games.blast.view import after_name

    assert after_name("Ben,", "Your turn: play a glowing card") == "your turn: play a glowing card"
    assert after_name("Ben,", "You may answer") == "you may answer"
    assert after_name("Ben,", "Cleo fires TNT at you") == "Cleo fires TNT at you"
    assert after_name("", "Your turn") == "Your turn"


def test_a_couch_table_keeps_every_other_seat_on_its_side() -> None:
    """Couch playtest: Cleo sat top-left for Ben and top-right for Ana, so watchers saw seats
    jump. A stable layout keeps each seat that is not trading the bottom place where it was."""
    from game.games.blast.layout import TableLayout

    for n in (3, 4, 5):
        for anchor in range(n):
            first = TableLayout(n, anchor, anchor=anchor)
            for home in range(n):
                now = TableLayout(n, home, anchor=anchor)
                assert now.zones[anchor].name == "B"  # the fan changes owner, no seat moves
                for s in range(n):
                    assert now.zones[s].name == first.zones[s].name, (n, anchor, home, s)
    # the clockwise layout (one person at the screen) is unchanged
    assert [z.name for z in TableLayout(3, 1).zones] == ["TR", "B", "TL"]


def test_the_preview_stays_readable_beside_a_busy_log_which_shows_its_newest_lines(
        app: Any, driver: HeadlessDriver) -> None:
    """The preview shrank (to a hand card's size, its words at 12 px) to give a busy log room
    for the other seats' whole last turn, and strangers (s31) could not read it: it keeps its
    full size, every word on it at 16 px or more, and the log beside it shows its newest lines
    (the whole log when nothing is pointed at)."""
    from game.games.blast import art
    from game.games.blast.layout import LOG_RECT, PREVIEW
    from game.games.blast.rules.events import Turn
    from game.games.blast.view import fitted_log, note_layout
    from game.ui import theme
    from tests.games.blast.scene_helpers import make_setup, open_table

    scene = open_table(app, driver, make_setup(["keys1", "easy"], seed=7))
    pr = scene.presenter
    pr._log(Turn(turn=9, seat=1, round=3, alive=True))
    long = "Ben's Oops sends the TNT on to your stone wall."
    for _ in range(7):
        pr._add_line(long, theme.CREAM, ("square", theme.SKY))
    pr._log(Turn(turn=10, seat=0, round=4, alive=True))
    card, box = scene.view._reading(note_layout("You can play this now"))
    assert card.size == PREVIEW.size
    for c in data.CARDS:
        lay = art.face_layout(c, card.w, card.h)
        assert lay.name.size >= 16 and lay.rule is not None and lay.rule.size >= 16, c
    room = pygame.Rect(LOG_RECT.x, LOG_RECT.y, LOG_RECT.w, box.y - 6 - LOG_RECT.y)
    shown = fitted_log(pr.moves, room, 14)
    assert LOG_RECT.y <= shown.y and shown.bottom <= box.y  # the newest lines, beside it


def test_the_short_log_beside_a_preview_keeps_the_turn_lines(app: Any,
                                                             driver: HeadlessDriver) -> None:
    """A stranger (s31) saw "Your turn (round 1)" vanish from the log at their first click:
    with a card read below it, the log showed the moves without the turn lines. It is the same
    log, its newest lines."""
    from tests.games.blast.scene_helpers import make_setup, open_table

    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=7))
    pr = scene.presenter
    drawn: list[str] = []
    pr.log.draw = lambda *a, **k: drawn.append("log")  # type: ignore[method-assign]
    pr.moves.draw = lambda *a, **k: drawn.append("moves")  # type: ignore[method-assign]
    scene.view._sidebar(pygame.Surface((1280, 720)), facts=False, log_bottom=400)
    assert drawn == ["log"]
    driver.run(240)
    assert any("turn (round" in ln.text for ln in pr.log.lines), [ln.text for ln in pr.log.lines]
