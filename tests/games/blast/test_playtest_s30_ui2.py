"""What the s30 couch playtest found (helper blast-ui2): one attack between two couch humans
took three hand-over screens; the private labels and hint boxes sat over the wrong things."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.demos import _give
from game.games.blast.rules import MatchState, Options, Phase, Play
from game.tabletop.curtain import PassCurtain
from tests.games.blast.scene_helpers import (
    HumanHands,
    PrivacyWatch,
    make_setup,
    open_table,
    plan,
)


def _ana_digs_then_aims() -> MatchState:
    """Ana (seat 0, mouse) on turn with her Underminer in play and one play left, TNT in hand;
    Ben (seat 1, keys) holds a Blast Shield and a palisade stands; Cleo (seat 2) an Easy AI."""
    m = MatchState(Options(3, first=0), 3)
    _give(m, 0, [D.PRODUCTIVITY, D.UNDERMINER, D.TNT])
    _give(m, 1, [D.BLAST_SHIELD])
    assert m.apply(Play(0, D.PRODUCTIVITY)) is None
    assert m.apply(Play(0, D.UNDERMINER)) is None
    assert m.plays_left == 1 and D.PALISADE in m.players[1].walls + m.players[2].walls
    assert m.conserved()
    return m


def test_an_attack_between_couch_people_hands_the_screen_over_once(
        app: Any, driver: HeadlessDriver) -> None:
    """Ana's last play, a TNT at Ben (who may answer): the screen goes to Ben once; Ana's
    Underminer strike or end of turn (nothing from her hand) is chosen at the open table with
    no hand-over and no hand up; Ben's own turn then comes behind his curtain, as anyone's
    turn after another person looked does. Before: Ben, Ana (only to end her turn), Ben."""
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=4),
                       {"version": 1, "match": _ana_digs_then_aims().to_dict()})
    hands = HumanHands(app, driver, scene)
    watch = PrivacyWatch(scene)
    hands.frames_check.append(watch)
    driver.run_until(lambda: isinstance(app.stack.top, PassCurtain), 200)
    assert hands.act() and scene.curtains_opened == [0]
    driver.run_until(lambda: scene.decider() == 0 and bool(scene.cursor.targets), 200)
    ben = scene.state.players[1]
    tnt = Play(0, D.TNT, 1, (max(ben.walls, key=D.wall_strength),))
    before = len(scene.state.events)
    for key in plan(scene, tnt):
        if len(scene.state.events) != before:
            break
        hands.step()
        assert hands.point_at(0, key), key
    assert scene.state.phase == Phase.DEFEND
    curtains: list[tuple[str, str, int]] = []
    ana_open_table = False
    for _ in range(3000):
        hands.step()
        st = scene.state
        top = app.stack.top
        if isinstance(top, PassCurtain):
            curtains.append((top.name, st.phase.name, st.current))
            hands.act()
            continue
        if scene.decider() == 0 and st.phase == Phase.PLAY and bool(scene.cursor.targets):
            assert scene.presenter.viewer is None and not scene.presenter.fan_faces()
            ana_open_table = True
            hands.step()
            assert hands.point_at(0, "btn:pass")
            continue
        if scene.decider() == 1 and st.current == 1 and st.phase == Phase.PLAY \
                and scene.presenter.viewer == 1:
            break
        if scene.decider() == 1:
            hands.act()
    else:
        raise AssertionError(f"Ben's turn never came: {curtains}")
    assert ana_open_table
    assert curtains == [("Ben", "DEFEND", 0), ("Ben", "PLAY", 1)], curtains


def test_a_turn_that_goes_on_after_the_attack_shows_the_hand_only_when_asked(
        app: Any, driver: HeadlessDriver) -> None:
    """Ana has plays left after her TNT at Ben: once Ben has answered behind his curtain,
    her turn goes on at the open table with her hand hidden; "Show my hand" brings it up at
    once (no curtain screen), and "End turn" would need none. Ben's own turn then comes
    behind his curtain. Before: Ben, Ana (a full curtain), Ben."""
    from tests.games.blast.test_playtest_s27 import _productive_ana

    m = _productive_ana()
    _give(m, 1, [D.BLAST_SHIELD])
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    hands = HumanHands(app, driver, scene)
    watch = PrivacyWatch(scene)
    hands.frames_check.append(watch)
    driver.run_until(lambda: isinstance(app.stack.top, PassCurtain), 200)
    assert hands.act() and scene.curtains_opened == [0]
    driver.run_until(lambda: scene.decider() == 0 and bool(scene.cursor.targets), 200)
    ben = scene.state.players[1]
    tnt = Play(0, D.TNT, 1, (max(ben.walls, key=D.wall_strength),))
    for key in plan(scene, tnt):
        hands.step()
        if scene.state.phase == Phase.DEFEND:
            break
        assert hands.point_at(0, key), key
    curtains: list[tuple[str, str, int]] = []
    shown = False
    for _ in range(3000):
        hands.step()
        st = scene.state
        top = app.stack.top
        if isinstance(top, PassCurtain):
            curtains.append((top.name, st.phase.name, st.current))
            hands.act()
            continue
        if scene.decider() == 0 and st.phase == Phase.PLAY and bool(scene.cursor.targets):
            if not shown:
                assert st.plays_left > 0 and scene.presenter.viewer is None
                assert not scene.presenter.fan_faces()
                # the fan lies face down for her own cards, not for Ben's
                assert scene.layout.home == 0 and len(scene.presenter.fan) == len(
                    st.players[0].hand)
                assert scene.table_controls.prompt()[1].startswith("Your turn goes on")
                hands.step()
                assert hands.point_at(0, "btn:show")
                hands.step()
                assert scene.presenter.viewer == 0 and not isinstance(app.stack.top,
                                                                      PassCurtain)
                assert scene.cursor.get("btn:show") is None
                shown = True
            else:
                assert hands.point_at(0, "btn:pass")
            continue
        if scene.decider() == 1 and st.current == 1 and st.phase == Phase.PLAY \
                and scene.presenter.viewer == 1:
            break
        if scene.decider() == 1:
            hands.act()
    else:
        raise AssertionError(f"Ben's turn never came: {curtains}")
    assert shown and watch.face_frames > 0
    assert curtains == [("Ben", "DEFEND", 0), ("Ben", "PLAY", 1)], curtains


def test_decision_25_says_when_the_screen_is_handed_over() -> None:
    from game.games.blast.info import rules_page

    page = rules_page()
    assert "25. Several people at one screen" in page
    assert "handed over only when a person must look at their own hand" in page
    assert "one attack costs at most one hand-over" in page and "Show my hand" in page


def _gap(a: Any, b: Any) -> int:
    """Pixels between two rects (0 when they touch or overlap)."""
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return max(dx, dy)


def test_eyes_only_sits_at_the_owners_panel_and_the_field_line_clear_of_the_buttons(
        app: Any, driver: HeadlessDriver) -> None:
    """On a couch the seats keep their places, so the label over the bottom panel read "For
    Ben's eyes only" over Ana's: it sits at Ben's own panel while his hand shows, clear of
    every other. The Force Field line sat over the Trade and Pass buttons: it is clear of the
    button row, every panel and the hand."""
    from game.games.blast import hud
    from tests.games.blast.test_playtest_s27 import _fielded_duel

    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=4),
                       {"version": 1, "match": _ana_digs_then_aims().to_dict()})
    hands = HumanHands(app, driver, scene)
    driver.run_until(lambda: isinstance(app.stack.top, PassCurtain), 200)
    assert hands.act()
    driver.run_until(lambda: scene.decider() == 0 and bool(scene.cursor.targets), 200)
    ben = scene.state.players[1]
    tnt = Play(0, D.TNT, 1, (max(ben.walls, key=D.wall_strength),))
    for key in plan(scene, tnt):
        hands.step()
        if scene.state.phase == Phase.DEFEND:
            break
        assert hands.point_at(0, key), key
    for _ in range(600):
        if isinstance(app.stack.top, PassCurtain):
            hands.act()
        hands.step()
        if scene.decider() == 1 and scene.presenter.viewer == 1:
            break
    assert scene.presenter.viewer == 1 and scene.layout.bottom == 0
    size = hud.caption_surface("For Ben's eyes only", scene.colours[1]).get_size()
    for seat in (0, 1):
        scene.layout = scene._layout_for(seat)
        at = scene.view.eyes_only_at(size)
        own = scene.layout.zone(seat).rect
        assert _gap(at, own) <= 12, (seat, at, own)
        for other in range(3):
            if other != seat:
                assert not at.colliderect(scene.layout.zone(other).rect), (seat, other)
                assert _gap(at, scene.layout.zone(other).rect) > _gap(at, own)
    app.stack.pop()

    duel = open_table(app, driver, make_setup(["mouse", "keys1"], seed=5),
                      {"version": 1, "match": _fielded_duel(True).to_dict()})
    hands = HumanHands(app, driver, duel)
    for _ in range(300):
        if app.stack.top is not duel:
            hands.act()
        hands.step()
        if duel.decider() == 0 and duel.cursor.targets:
            break
    line = duel.table_controls.field_line()
    assert line is not None
    at = duel.view.field_line_at(hud.caption_surface(line, (90, 170, 230)).get_size())
    buttons = [t.rect for t in duel.cursor.targets if t.key.startswith("btn:")]
    assert {t.key for t in duel.cursor.targets if t.key.startswith("btn:")} >= \
        {"btn:trade", "btn:pass"}
    for r in buttons:
        assert not at.colliderect(r), (at, r)
    for z in duel.layout.zones:
        assert not at.colliderect(z.rect), (at, z.rect)
    card_top = min(slot.top[1] for slot in duel.table_controls.slots) - duel.layout.hand_h / 2
    assert at.bottom <= card_top


def test_larger_text_keeps_the_hand_cards_pictures_and_reads_large_on_the_preview() -> None:
    """Settings > Larger text gave a hand card's picture room to the bigger words, and the
    pictures shrank by a third: a hand card's picture is now never smaller than at normal
    text (its name and gist no smaller either), and the hovered or focused card's preview
    reads the whole rule at 16 px or more."""
    import pygame

    from game.games.blast import art, layout
    from game.ui import text, theme

    pygame.font.init()
    hands = [(layout.HAND_W, layout.HAND_H), (layout.DUEL_HAND_W, layout.DUEL_HAND_H),
             (layout.SMALL_HAND_W, layout.SMALL_HAND_H), (layout.LOOK_W, layout.LOOK_H),
             (layout.LOOK_NARROW_W, layout.LOOK_NARROW_H)]
    try:
        text.set_scale(1.0)
        before = {(c, w, h): art.face_layout(c, w, h) for c in D.DECK_TYPES for w, h in hands}
        text.set_scale(theme.LARGE_TEXT_SCALE)
        for (c, w, h), old in before.items():
            new = art.face_layout(c, w, h)
            # s32: the words grow at last, the picture giving at most a fifth of its height
            # (a stranger with larger text on could not read the hand's names)
            assert new.art.h >= old.art.h * art.LARGE_ART_KEEP - 1 and new.art.w >= old.art.w
            assert art.LARGE_ART_KEEP >= 0.8
            assert new.name.size >= old.name.size, (c, w, h)
            if h < art.FULL_RULE_H and (old.rule is None or new.rule is None):
                continue  # a hand card's gist too long for it at a readable size
            assert old.rule is not None and new.rule is not None
            assert new.rule.size >= old.rule.size, (c, w, h)
        for c in D.DECK_TYPES:
            big = art.face_layout(c, layout.PREVIEW_W, layout.PREVIEW_H)
            assert big.rule is not None and big.rule.size >= 16, c
            assert not big.rule.lines[-1].endswith("…") and big.rule.squeeze == 1.0, c
    finally:
        text.set_scale(1.0)


def test_an_idle_underminer_says_so_at_his_seat(app: Any, driver: HeadlessDriver) -> None:
    """UnderminerIdle was only a log line: a small bubble now says why at the Underminer's
    token (no wall to take, or left idle), for a moment before the next turn's news."""
    from game.games.blast import hud
    from game.games.blast.rules import events as E

    scene = open_table(app, driver, make_setup(["easy", "easy", "easy"]))
    pr = scene.presenter
    pr.seats[1].characters.append(D.UNDERMINER)
    for why, words in ((("no_wall", "force_field"), "Underminer: no wall within reach"),
                       (("open", "no_wall"), "Underminer rests")):
        pr.bubble = None
        beat = pr._beat(E.UnderminerIdle(turn=3, seat=1, enemies=(0, 2), why=why))
        assert next(beat) > 0  # a moment of its own before the next turn's news
        assert pr.bubble is not None and pr.bubble[:2] == (words, 1)
        at = scene.view.bubble_at(1, hud.note_surface(words).get_size())
        token = scene.layout.token_rects(1, 1)[0]
        zone = scene.layout.zone(1).rect
        # by his seat (session 32: under or over his zone, no longer on his plate's count)
        assert at.bottom <= zone.y or at.y >= zone.bottom or at.x >= zone.right
        assert abs(at.centerx - token.centerx) <= at.w // 2 + zone.w // 2
        assert at.collidelist(scene.layout.keep_clear()) < 0
        assert not at.colliderect(scene.layout.zone(2).rect)
    pr.update(5.0)
    assert pr.bubble is None  # gone again
