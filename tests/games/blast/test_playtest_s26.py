"""What the sixth playtest (a stranger, 6/10) found, each fixed: a hand whose rule text came out
about 7 px (readable only in the preview), and the smaller things listed with each test."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.blast import art
from game.games.blast import data as D
from game.games.blast.demos import _give
from game.games.blast.layout import (
    DUEL_HAND_H,
    DUEL_HAND_W,
    HAND_H,
    HAND_W,
    PREVIEW_H,
    PREVIEW_W,
    SMALL_HAND_H,
    SMALL_HAND_W,
)
from game.games.blast.rules import STEAL, MatchState, Options, Play
from game.ui import text
from tests.games.blast.scene_helpers import HumanHands, make_setup, open_table

HANDS = ((SMALL_HAND_W, SMALL_HAND_H), (HAND_W, HAND_H), (DUEL_HAND_W, DUEL_HAND_H))


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize("scale", [1.0, 1.25])
def test_every_hand_card_prints_its_gist_whole_at_a_readable_size(scale: float) -> None:
    text.set_scale(scale)
    try:
        for w, h in HANDS:
            for cid in D.CARDS:
                lay = art.face_layout(cid, w, h)
                if lay.rule is None and (w, h) != (DUEL_HAND_W, DUEL_HAND_H):
                    continue  # too long to read on this small card: the preview prints it
                assert lay.rule is not None and lay.rule_box is not None, (cid, w, h)
                assert lay.rule.size >= art.HAND_GIST_PX, (cid, w, h, lay.rule.size)
                assert " ".join(lay.rule.lines) in (D.GISTS[cid], D.SHORT_GISTS.get(cid)), \
                    (cid, w, h)
                assert lay.rule.squeeze == 1.0 and lay.rule.height <= lay.rule_box.h
                assert lay.art.h >= h * .28, (cid, w, h)
        # the usual four-player hand reads at 12 px (the full line was 7-8 px there)
        assert min(art.text_sizes(c, HAND_W, HAND_H)[1] or 99 for c in D.CARDS) >= 12
    finally:
        text.set_scale(1.0)


def test_the_preview_still_prints_the_full_rule_and_gists_are_short() -> None:
    assert set(D.GISTS) == set(D.CARDS)
    for cid in D.CARDS:
        lay = art.face_layout(cid, PREVIEW_W, PREVIEW_H)
        assert lay.rule is not None and " ".join(lay.rule.lines) == D.CARDS[cid].text
        assert len(D.GISTS[cid]) <= len(D.CARDS[cid].text), cid
        assert len(D.GISTS[cid]) <= 40, cid


def test_an_upgraded_explosive_reads_as_what_it_hits_like() -> None:
    assert art.acting_gist(D.PIPE, 3) == "Hits like TNT."
    assert art.acting_gist(D.ARROW, 2) == "Hits like a Pipe Bomb."
    assert art.acting_gist(D.C4, 5) == "Hits like an RPG."
    assert art.acting_gist(D.PIPE, 2) == D.GISTS[D.PIPE]
    assert art.acting_gist(D.SPY, 3) == D.GISTS[D.SPY]


def _aimed_at_ana(card: str, walls: tuple[str, ...], hand: list[str] | None = None,
                  spent: tuple[str, ...] = ()) -> MatchState:
    """Ben (seat 1) aims `card` at Ana (seat 0); Ana holds `hand` (her dealt hand if None) and
    every copy of the `spent` cards lies in the discard pile."""
    m = MatchState(Options(3, first=1), 3)
    _give(m, 1, [card])
    for d in spent:
        for p in m.players:
            while d in p.hand:
                p.hand.remove(d)
                m.supply.append(d)
        while d in m.supply:
            m.supply.remove(d)
            m.discard.append(d)
    if hand is not None:
        m.supply.extend(m.players[0].hand)
        m.players[0].hand = []
        _give(m, 0, hand)
    assert m.conserved()
    assert m.apply(Play(1, card, 0, walls, STEAL if card == D.SPY else "")) is None
    return m


def _couch(app: Any, driver: HeadlessDriver, m: MatchState) -> Any:
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    scene.presenter.set_viewer(1)  # Ben has just played: his hand is the one up
    return scene


def _until_curtain_or_taken(driver: HeadlessDriver, scene: Any) -> list[str]:
    said: list[str] = []
    for _ in range(600):
        driver.step()
        said.append(scene.prompt()[1])
        if scene.curtain is not None or scene.state.window() is None:
            break
    return said


def test_the_couch_curtain_says_what_comes_and_what_to_do(app: Any,
                                                          driver: HeadlessDriver) -> None:
    """The pass step before a card aimed at you named no card ("A card is aimed at you"): it
    now says what comes, from whom, and what to look for, the same whatever the hand holds."""
    reasons = []
    for hand in ([D.BLAST_SHIELD], [D.OOPS]):
        scene = _couch(app, driver, _aimed_at_ana(D.TNT, (D.IRON,), hand))
        _until_curtain_or_taken(driver, scene)
        assert scene.curtain is not None and scene.curtain.name == "Ana"
        reasons.append(scene.curtain.reason)
        scene.curtain.cancel()
        driver.run(2)
    assert reasons[0] == reasons[1]  # the line never says which answer is held
    assert reasons[0] == "TNT from Ben: can your hand answer it?", reasons


def test_no_hand_off_when_the_table_shows_no_answer_can_be_held(
        app: Any, driver: HeadlessDriver) -> None:
    """A hand-off that can only end in "nothing in your hand answers it" is skipped when that
    is plain to all: every Guard lies in the discard pile (a Spy)."""
    scene = _couch(app, driver, _aimed_at_ana(D.SPY, (), [D.PALISADE], spent=(D.GUARD,)))
    assert scene.out_of_reach() == "spent"
    said = _until_curtain_or_taken(driver, scene)
    assert scene.curtain is None and scene.state.window() is None
    assert any("discard pile" in line for line in said), said
    scene = _couch(app, driver, _aimed_at_ana(D.SPY, (), [D.PALISADE], spent=(D.GUARD,)))
    shown = []  # whose hand is up while the table reads the hit (s33: Ben's stayed up)
    for _ in range(60):
        driver.step()
        if scene.state.window() is not None:
            shown.append(scene.presenter.viewer)
    assert shown and set(shown) == {None}, shown
    scene = _couch(app, driver, _aimed_at_ana(D.SPY, (), [D.GUARD]))
    assert scene.out_of_reach() == ""  # a Guard is held: the curtain, as ever
    _until_curtain_or_taken(driver, scene)
    assert scene.curtain is not None


def test_extra_plays_count_down_to_the_last(app: Any, driver: HeadlessDriver) -> None:
    """"(2 plays left)" vanished after one play, read as never updated: it counts down to
    "(1 play left)" (a turn of one play says no count)."""
    m = MatchState(Options(2, first=0), 3)
    _give(m, 0, [D.PRODUCTIVITY, D.PALISADE, D.STONE, D.ARROW])
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    said: list[str] = []
    for card in (None, D.PRODUCTIVITY, D.PALISADE):
        if card is not None:
            scene.human_act(Play(0, card))
        driver.run_until(lambda: scene.prompt()[0] == 0 and not scene.presenter.busy, 300)
        said.append(scene.prompt()[1])
    assert "left)" not in said[0]
    assert said[1].startswith("Your turn (2 plays left):"), said
    assert said[2].startswith("Your turn (1 play left):"), said


def test_a_wall_gone_from_under_the_pointer_is_no_longer_previewed(
        app: Any, driver: HeadlessDriver) -> None:
    """A destroyed wall's preview stayed up: the pointer's last hovered wall kept showing after
    the wall went from under it. Only a wall under the pointer is previewed."""
    m = MatchState(Options(2, first=0), 3)
    _give(m, 0, [D.TNT])
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run_until(lambda: scene.decider() == 0, 300)
    driver.step()
    hands = HumanHands(app, driver, scene)
    assert hands.point_at(0, f"hand:{scene.presenter.hand.index(D.TNT)}")  # TNT picked up
    driver.step()
    wall = next(t for t in scene.cursor.targets if t.key.startswith(("wall:1:", "no:wall:1:")))
    scene.cursor.hover_key = wall.key
    scene.table_controls.pointer_pos = wall.rect.center
    scene.table_controls.focus_index = None  # no card held up (as in an Underminer's dig)
    shown = scene.view._previewed()
    assert shown is not None and shown[0] == scene.presenter.seats[1].walls[0]
    scene.table_controls.pointer_pos = (640, 300)  # the wall went from under the pointer
    assert scene.view._previewed() is None


@pytest.mark.parametrize("scale", [1.0, 1.25])
def test_a_long_not_now_note_stands_clear_of_the_preview_in_both_text_sizes(
        scale: float) -> None:
    """Larger text laid the third line of a "Not now" note over the previewed card."""
    from game.games.blast.layout import PREVIEW
    from game.games.blast.view import note_layout, reading_box

    text.set_scale(scale)
    try:
        note = note_layout("Not now: Non-Violent Protests need a C4 or an RPG played first.")
        size, lines, step = note
        assert len(lines) >= 2 and step >= text.px(size) + 4  # lines clear of each other
        box = reading_box(note)
        assert box.y + 3 + len(lines) * step <= PREVIEW.y
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("scale", [1.0, 1.25])
def test_the_summary_columns_stand_clear_of_the_panel_edge(scale: float) -> None:
    """Larger text put the PLAYED heading against the summary panel's border."""
    from game.games.blast import hud
    from tests.ui.layout import recording

    rows = (hud.SummaryRow(1, "Dev", (80, 200, 120), "diamond", "Winner", 15, 0, True),
            hud.SummaryRow(2, "Ana", (230, 80, 60), "circle", "Out in round 6", 17, None, False))
    hud.summary_surface.cache_clear()
    with recording(scale) as rec:
        img = hud.summary_surface("Dev wins!", rows, "", scale)
        boxes = rec._images[id(img)][2]
    hud.summary_surface.cache_clear()
    played = next(b.rect for b in boxes if b.text == "PLAYED")
    smashed = next(b.rect for b in boxes if b.text == "SMASHED")
    walls = next(b.rect for b in boxes if b.text == "WALLS LEFT")
    row_right = 12 + 640 - 8  # the highlighted row's right edge
    assert played.right <= row_right - 8, (played, row_right)
    assert walls.right + 12 <= smashed.x and smashed.right + 12 <= played.x


def test_the_twist_of_fate_panel_is_covered_by_no_banner_and_previews_nothing_under_it(
        ) -> None:
    """Over a Twist of Fate's cards the news banner hid the panel's caption, and a pointer on
    the panel previewed the discard pile's top it covers."""
    from game.games.blast.view import banner_place, decision_panel
    from tests.ui.layout import open_scene

    app, driver = open_scene("blast.twist", False)
    try:
        driver.run(60)
        sc = app.stack.top
        panel = decision_panel(sc)
        assert panel is not None
        for size in ((330, 40), (200, 30)):
            place = banner_place(sc, size)
            assert place is None or not pygame.Rect(place, size).colliderect(panel)
        pile = (round(sc.layout.discard_pos[0]), round(sc.layout.discard_pos[1]))
        assert panel.collidepoint(pile)
        assert sc.view.table_card_at(pile) is None
    finally:
        app.shutdown(quit_pygame=False)


def _with_a_character(app: Any, driver: HeadlessDriver, card: str, character: str) -> Any:
    """A duel's table where seat 0 holds `card` and has `character` in front of it."""
    m = MatchState(Options(2, first=0), 3)
    _give(m, 0, [card, character])
    m.players[0].hand.remove(character)
    m.players[0].characters.append(character)
    assert m.conserved()
    return open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                      {"version": 1, "match": m.to_dict()})


def test_a_hand_explosive_under_its_own_chemist_reads_as_it_will_act(
        app: Any, driver: HeadlessDriver) -> None:
    """A Flaming Arrow in a hand beside its own Mad Chemist still said "Breaks a palisade."
    (only the preview said it hits like a Pipe Bomb): the hand's face says it too."""
    scene = _with_a_character(app, driver, D.ARROW, D.CHEMIST)
    driver.run_until(lambda: scene.decider() == 0, 300)
    driver.step()
    arrow = next(s for s in scene.presenter.fan if s.code == D.ARROW)
    assert arrow.badge == f"{art.RANK_BADGE}2"
    lay = art.face_layout(D.ARROW, arrow.w, arrow.h, 2)
    assert lay.rule is not None
    assert " ".join(lay.rule.lines) == "Hits like a Pipe Bomb." and lay.rule.squeeze == 1.0
    for s in scene.presenter.fan:  # every explosive goes up one rank; nothing else changes
        up = D.CARDS[s.code].is_explosive and s.code != D.RPG
        assert s.badge == (f"{art.RANK_BADGE}{D.CARDS[s.code].power + 1}" if up else ""), s


def test_protests_that_get_through_agree_with_their_plural_name() -> None:
    """A stranger's log read "The Non-Violent Protests gets through to you."."""
    from game.games.blast.words import Voice

    m = MatchState(Options(2, first=0), 5)
    m.heavy_played = True
    _give(m, 0, [D.PROTESTS])
    start = len(m.events)
    assert m.apply(Play(0, D.PROTESTS, 1)) is None
    if m.window() is not None:
        from game.games.blast.rules import TakeIt

        assert m.apply(TakeIt(1)) is None
    lines = [Voice(["Ana", "Bo"]).describe(e) or "" for e in m.events_for(-1, start)]
    assert "The Non-Violent Protests get through to Bo." in lines, lines


def test_the_bar_names_the_underminer_while_he_may_dig(app: Any, driver: HeadlessDriver) -> None:
    """The Underminer's button stood beside the hand while the bar named only the cards."""
    scene = _with_a_character(app, driver, D.PALISADE, D.UNDERMINER)
    driver.run_until(lambda: scene.prompt()[0] == 0 and not scene.presenter.busy, 300)
    said = scene.prompt()[1]
    assert said.startswith("Your turn: play a glowing card (click one)") and \
        "dig with your Underminer" in said, said


def test_the_hand_off_never_depends_on_the_hand(app: Any, driver: HeadlessDriver) -> None:
    """Decision 25 (s29): handing the screen only to a target who held an answer told the couch
    who held none ("Ben holds nothing that answers it", a stranger). The screen passes whenever
    an answer could be held, whatever the hand; only public facts (no card answers it, or every
    answer is spent) let the table read in public that it hits."""
    for hand in ([D.PALISADE], [D.BLAST_SHIELD]):
        scene = _couch(app, driver, _aimed_at_ana(D.TNT, (D.IRON,), hand))
        said = _until_curtain_or_taken(driver, scene)
        assert scene.curtain is not None and scene.curtain.name == "Ana", (hand, said)
        assert not any("holds nothing" in line for line in said), said
    scene = _couch(app, driver, _aimed_at_ana(D.FIRESTORM, (), [D.BLAST_SHIELD]))
    said = _until_curtain_or_taken(driver, scene)
    assert scene.curtain is None and not scene.curtains_opened  # no card answers a Firestorm
    assert any("No defence answers" in line for line in said), said


def test_the_rules_page_prints_decision_25() -> None:
    """The couch hand-off rule is a numbered decision, printed on the rules page."""
    from game.games.blast.info import rules_page

    assert "nobody learns whether they held one" in D.DECISIONS[24]
    assert "25. Several people at one screen" in rules_page()


def test_the_bar_names_end_your_turn_as_its_button_does_when_only_a_trade_is_left(
        app: Any, driver: HeadlessDriver) -> None:
    """After the Underminer dug, with nothing playable but three cards to trade, the bar said
    "trade three cards for a new one, or pass" beside a button reading "End turn" (s33)."""
    m = MatchState(Options(2, first=0), 3)
    keep = [D.GUARD, D.BLAST_SHIELD, D.FIZZLE, D.OOPS]
    _give(m, 0, keep)
    m.supply.extend(c for c in m.players[0].hand if c not in keep)
    m.players[0].hand = list(keep)
    assert m.conserved()
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run_until(lambda: scene.prompt()[0] == 0 and not scene.presenter.busy, 300)
    assert scene.prompt()[1].endswith("for a new card (it ends your turn), or pass.")
    scene.state.undermined = True  # (as after the seat's Underminer dug this turn)
    scene.table_controls.invalidate()
    driver.step()
    said = scene.prompt()[1]
    buttons = {t.label for t in scene.cursor.targets if t.kind == "button"}
    assert "End turn" in buttons and "Pass" not in buttons, buttons
    assert said.endswith("for a new card, or end your turn."), said
