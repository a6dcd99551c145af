"""What a stranger's two-player playtest found on the table, each fixed: the log's markers and
its height, the preview of an upgraded card, the Twist of Fate's words and the flat hand."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.blast import art
from game.games.blast import data as D
from game.games.blast import words as W
from game.games.blast.rules import events as E
from tests.games.blast.scene_helpers import make_setup, open_table


def test_a_line_about_someone_elses_card_wears_their_marker_not_the_victims() -> None:
    """'Ben's Spy takes a card from you' wore your marker: it is Ben's doing."""
    assert W.actor(E.Stolen(turn=0, seat=0, by=1, origin=1, count=1, via="")) == 1
    assert W.actor(E.Inspected(turn=0, seat=0, by=2, discarded=())) == 2
    assert W.actor(E.Eliminated(turn=0, seat=0, by=3, origin=1, card=D.TNT, via="oops")) == 1
    assert W.actor(E.Killed(turn=0, seat=0, by=2, character=D.CHEMIST)) == 2
    assert W.actor(E.Took(turn=0, seat=0, card=D.TNT, source=1, link=0)) == 0
    assert W.actor(E.Destroyed(turn=0, seat=0, walls=(D.STONE,), by=1, card=D.TNT)) == 0
    assert W.actor(E.Aimed(turn=0, card=D.TNT, source=1, target=0, origin=1, power=3,
                           walls=(), mode="", link=0, via="")) is None


def test_the_log_markers_take_the_seats_colours_again_after_the_palette_changes(
        app: Any, driver: Any) -> None:
    scene = open_table(app, driver, make_setup(["mouse", "easy"]))
    log = scene.presenter.log
    log.add("Ben fires TNT at you.", marker=(scene.shapes[1], scene.colours[1]))
    new = [(10, 20, 30), (40, 50, 60)]
    scene.colours[:] = new
    scene.identity_changed()
    marked = [ln.marker for ln in log.lines if ln.marker is not None]
    assert marked and all(m[1] == new[scene.shapes.index(m[0])] for m in marked)


def test_a_short_log_hugs_its_lines_a_long_one_fills_its_room(app: Any, driver: Any) -> None:
    """One line used to sit at the foot of a tall empty panel."""
    from game.games.blast.layout import LOG_RECT
    from game.games.blast.view import fitted_log
    from game.tabletop.movelog import MoveLog

    log = MoveLog()
    log.add("Your turn (round 1).")
    room = pygame.Rect(LOG_RECT.x, LOG_RECT.y, LOG_RECT.w, 400)
    short = fitted_log(log, room, 14)
    assert short.topleft == room.topleft and short.h < room.h / 3
    for i in range(40):
        log.add(f"Ben builds palisade number {i}.")
    assert fitted_log(log, room, 14).h >= room.h - 20


def test_the_preview_shows_an_upgraded_explosive_as_it_will_act() -> None:
    printed = art.card_face(D.PIPE, 250, 350)
    chemist = art.card_face(D.PIPE, 250, 350, power=3)
    assert pygame.image.tobytes(printed, "RGBA") != pygame.image.tobytes(chemist, "RGBA")
    assert art.acting_text(D.PIPE, 3) == \
        "Upgraded: hits like TNT. Destroys one palisade, stone or iron wall. A Fizzle or " \
        "Blast Shield still cancels it."
    assert art.acting_text(D.C4, 5).startswith("Upgraded: hits like an RPG.")
    assert art.acting_text(D.PIPE, 2) == D.CARDS[D.PIPE].text  # not upgraded: as printed
    same = art.card_face(D.PALISADE, 250, 350, power=3)  # only explosives are upgraded
    assert pygame.image.tobytes(same, "RGBA") == \
        pygame.image.tobytes(art.card_face(D.PALISADE, 250, 350), "RGBA")


def test_the_table_previews_your_explosive_upgraded_by_your_chemist(app: Any,
                                                                    driver: Any) -> None:
    scene = open_table(app, driver, make_setup(["mouse", "easy"]))
    st = scene.state
    me = st.players[0]
    pr = scene.presenter
    explosive = next(c for c in pr.hand if c in D.EXPLOSIVES and c != D.RPG)  # (seed 11)
    i = next((k for k, s in enumerate(pr.fan) if s.code == explosive), None)
    assert i is not None
    scene.table_controls.focus_index = i
    assert scene.view._acting(explosive) == D.CARDS[explosive].power
    me.characters.append(D.CHEMIST)  # as if he were laid: the rules upgrade her explosives
    assert scene.view._acting(explosive) == D.upgraded(D.CARDS[explosive].power)
    me.characters.remove(D.CHEMIST)


def test_a_twist_of_fate_says_who_draws_the_left_card(app: Any, driver: Any) -> None:
    from game.games.blast.controls import next_draw

    scene = open_table(app, driver, make_setup(["mouse", "easy", "easy"]))
    scene.state.current = 0
    assert next_draw(scene) == "Ben draws this one next"
    scene.state.current = 2
    assert next_draw(scene) == "You draw this one next"


def test_a_twist_of_fate_says_who_draws_each_card_and_at_which_turn(
        app: Any, driver: Any) -> None:
    """"Ben draws it next" left a stranger guessing: each of the four places says who draws
    that card and at which of their turns; at two seats the same seat draws twice."""
    from game.games.blast.controls import draw_words

    scene = open_table(app, driver, make_setup(["mouse", "easy"]))
    scene.state.current = 0
    assert [draw_words(scene, i) for i in range(4)] == [
        "Ben draws this one next", "You draw this one at your next turn",
        "Ben draws this one at their turn after that",
        "You draw this one at your turn after that"]
    scene = open_table(app, driver, make_setup(["mouse", "easy", "easy", "easy"]))
    scene.state.current = 0
    names = [scene.voice.name(s) for s in (1, 2, 3)]
    assert [draw_words(scene, i) for i in range(4)] == [
        f"{names[0]} draws this one next", f"{names[1]} draws this one at their next turn",
        f"{names[2]} draws this one at their next turn",
        "You draw this one at your next turn"]


def test_a_full_tables_hand_lies_flat_its_cards_side_by_side(app: Any, driver: Any) -> None:
    """The keyboard and couch hand was a cramped, tilted fan: eight cards now lie side by side
    (none covers another's rule line) at four and five players, in larger text too."""
    from game.games.blast.layout import TableLayout
    from game.tabletop.fan import fan_layout

    for n in (4, 5):
        lay = TableLayout(n)
        slots = fan_layout(8, lay.fan_centre, lay.fan_pitch,
                           lay.fan_width + lay.fan_pitch - lay.hand_w,
                           spread_deg=lay.fan_spread)
        assert all(s.angle == 0 for s in slots)
        xs = [s.x for s in slots]
        assert all(b - a >= lay.hand_w for a, b in zip(xs, xs[1:], strict=False))
        assert xs[0] - lay.hand_w / 2 >= 22 and xs[-1] + lay.hand_w / 2 <= 978
        home = lay.zone(0).rect
        assert home.bottom <= lay.fan_centre[1] - lay.hand_h / 2 - 14  # the zone is clear
        assert not any(home.colliderect(lay.zone(s).rect) for s in range(1, n))
    scene = open_table(app, driver, make_setup(["keys1", "mouse", "easy", "easy"]))
    slots = scene.table_controls.fan_slots()
    assert slots and len({round(s.y) for s in slots}) == 1  # flat: no sag at the ends


def test_a_duel_never_shows_an_endgame_phase(app: Any, driver: Any) -> None:
    """A duel ends at its one elimination: the facts never read 'Endgame' for it."""
    from game.games.blast.view import fact_lines

    scene = open_table(app, driver, make_setup(["mouse", "easy"]))
    pr = scene.presenter
    pr.endgame = True
    pr.seats[1].alive = False
    assert dict(fact_lines(scene))["Phase"] != "Endgame"
    three = open_table(app, driver, make_setup(["mouse", "easy", "easy"]))
    three.presenter.endgame = True
    three.presenter.seats[2].alive = False
    assert dict(fact_lines(three))["Phase"] == "Endgame"


@pytest.mark.parametrize("n", [2, 4])
def test_a_twist_of_fate_s_captions_fit_at_two_and_four_seats(
        app: Any, driver: Any, n: int) -> None:
    """Each pick's caption over the row fits its panel at either text size; at normal size it
    says who draws the card and when (the prompt bar says it at either size)."""
    from game.games.blast import hud
    from game.games.blast.controls import arrange_headers
    from game.games.blast.data import TWIST
    from game.games.blast.demos import _give
    from game.games.blast.rules import MatchState, Options, Phase, Play
    from game.games.blast.view import decision_panel
    from game.ui import text, theme

    m = MatchState(Options(n, first=0), 3)
    _give(m, 0, [TWIST])
    assert m.apply(Play(0, TWIST)) is None and m.phase == Phase.ARRANGE
    scene = open_table(app, driver, make_setup(["mouse"] + ["easy"] * (n - 1)),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    box = decision_panel(scene)
    assert box is not None
    picked = scene.table_controls.pick.picked
    try:
        for scale in (1.0, theme.LARGE_TEXT_SCALE):
            text.set_scale(scale)
            picked.clear()
            for k in range(scene.state.twist):
                fits = [w for w in arrange_headers(scene)
                        if hud.caption_surface(w, theme.SKY).get_width() <= box.w - 16]
                assert fits, arrange_headers(scene)
                if scale == 1.0:
                    assert " this one " in fits[0], fits[0]
                assert " this one " in scene.prompt()[1]
                picked.append(k)
    finally:
        text.set_scale(1.0)
        picked.clear()
