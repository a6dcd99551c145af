"""What the eighth playtest (a stranger, 6/10) found, each fixed: the couch curtain straight
after a player's own play, and the smaller things listed with each test."""

from __future__ import annotations

from typing import Any

import pytest

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast import hud
from game.games.blast.demos import _give
from game.games.blast.rules import MatchState, Options, Play
from game.tabletop.curtain import PassCurtain
from tests.games.blast.scene_helpers import (
    HumanHands,
    PrivacyWatch,
    key_event,
    make_setup,
    open_table,
    plan,
)
from tests.ui.layout import Words, observing


def _productive_ana() -> MatchState:
    """Ana (seat 0, a couch human) has played Productivity and holds TNT; Ben (seat 1) is the
    other human, Cleo (seat 2) an Easy AI."""
    m = MatchState(Options(3, first=0), 3)
    _give(m, 0, [D.PRODUCTIVITY, D.TNT, D.PALISADE])
    assert m.apply(Play(0, D.PRODUCTIVITY)) is None
    assert m.conserved()
    return m


def test_no_curtain_after_your_own_play_when_the_next_input_is_yours_again(
        app: Any, driver: HeadlessDriver) -> None:
    """A couch hand-off came straight after Ana's own play (her TNT at the AI, more plays
    left): her hand, hidden while the AI answered, comes back up with no curtain; the next
    human still gets one, and no hand is ever up for the wrong seat."""
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=4),
                       {"version": 1, "match": _productive_ana().to_dict()})
    hands = HumanHands(app, driver, scene)
    watch = PrivacyWatch(scene)
    hands.frames_check.append(watch)
    driver.run_until(lambda: isinstance(app.stack.top, PassCurtain), 200)
    assert hands.act() and scene.curtains_opened == [0]  # Ana's first hand-off, as ever
    driver.run_until(lambda: scene.decider() == 0 and bool(scene.cursor.targets), 200)
    cleo = scene.state.players[2]
    tnt = Play(0, D.TNT, 2, (max(cleo.walls, key=D.wall_strength),))
    before = len(scene.state.events)
    for key in plan(scene, tnt):
        if len(scene.state.events) != before:
            break
        hands.step()
        assert hands.point_at(0, key), key
    assert any(e.kind == "aimed" and e.target == 2 for e in scene.state.events)
    seen_ai_window = False
    for _ in range(600):
        hands.step()
        seen_ai_window |= scene.state.window() is not None
        assert not isinstance(app.stack.top, PassCurtain), "a curtain before Ana's own play"
        if scene.decider() == 0 and scene.presenter.viewer == 0 and not scene.presenter.busy:
            break
    assert seen_ai_window and scene.state.plays_left > 0
    assert scene.presenter.viewer == 0 and scene.curtains_opened == [0]
    assert watch.face_frames > 0
    # Ana passes: Ben's turn still comes behind his own curtain
    hands.step()
    assert hands.point_at(0, "btn:pass")
    for _ in range(900):
        hands.step()
        if isinstance(app.stack.top, PassCurtain):
            break
        assert scene.presenter.viewer in (None, 0)
    top = app.stack.top
    assert isinstance(top, PassCurtain) and top.name == "Ben"
    assert scene.presenter.viewer is None and not scene.presenter.fan_faces()


def _fielded_duel(spy: bool, field: bool = True) -> MatchState:
    """A duel at Ana's turn: Ben stands behind a Force Field (if `field`); Ana holds
    explosives, a wall, and a Spy if `spy`."""
    m = MatchState(Options(2, first=1), 5)
    m.players[0].hand = [c for c in m.players[0].hand if c != D.SPY]
    _give(m, 1, [D.FORCE_FIELD] if field else [D.PALISADE])
    assert m.apply(Play(1, D.FORCE_FIELD if field else D.PALISADE)) is None
    _give(m, 0, [D.TNT, D.C4, D.PALISADE] + ([D.SPY] if spy else []))
    if not spy:
        assert D.SPY not in m.players[0].hand
    assert m.current == 0 and m.conserved()
    return m


@pytest.mark.parametrize("spy", [False, True])
def test_a_force_field_that_dims_every_explosive_says_why_over_the_hand(
        app: Any, driver: HeadlessDriver, spy: bool) -> None:
    """Easy's Force Field dimmed a stranger's whole hand of explosives, each card saying why
    only when pointed at: a line over the hand names the field and what still works."""
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=5),
                       {"version": 1, "match": _fielded_duel(spy).to_dict()})
    driver.run_until(lambda: scene.decider() == 0 and bool(scene.cursor.targets), 300)
    line = scene.table_controls.field_line()
    assert line is not None and line.startswith("Ben's Force Field stops every explosive")
    assert ("Play your Spy" in line) == spy and "Spy" in line
    hud.caption_surface.cache_clear()  # its pill is cached: render it afresh to see it drawn
    with observing(Words(rendered=True)) as seen:
        scene.draw(app.screen)
    assert line in seen.words
    bare = open_table(app, driver, make_setup(["mouse", "easy"], seed=5),
                      {"version": 1, "match": _fielded_duel(spy, field=False).to_dict()})
    driver.run_until(lambda: bare.decider() == 0 and bool(bare.cursor.targets), 300)
    assert bare.table_controls.field_line() is None


def test_keys_pressed_while_a_twist_of_fate_lands_act_when_it_shows(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's keys while their Twist of Fate landed were dropped: the arrows and the
    confirm pressed then are kept, in order, and act once the four cards show."""
    m = MatchState(Options(2, first=0), 7)
    _give(m, 0, [D.TWIST])
    scene = open_table(app, driver, make_setup(["keys1", "easy"], seed=7),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    driver.run_until(lambda: scene.decider() == 0 and bool(scene.cursor.targets), 300)
    scene.human_act(Play(0, D.TWIST))
    driver.step()
    assert scene.presenter.busy and scene.decider() is None
    for a in ("right", "confirm"):
        driver.step([key_event(app, "keys1", a, True)])
        driver.step([key_event(app, "keys1", a, False)])
    assert scene.presenter.busy and [k[1] for k in scene.keys_kept] == ["right", "confirm"]
    assert scene.note is not None and "Kept" in scene.note.words
    driver.run_until(lambda: not scene.presenter.busy, 600)
    driver.step()
    assert scene.table_controls.pick.picked == [1]  # the second card lies on top
    assert not scene.keys_kept


def test_a_seats_note_is_drawn_on_a_dark_panel(app: Any, driver: HeadlessDriver) -> None:
    """'One moment: the last move is still landing.' floated bare over the cards, unreadable:
    a note now lies on a dark panel of its own."""
    from game.ui import theme

    m = MatchState(Options(2, first=0), 7)
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=7),
                       {"version": 1, "match": m.to_dict()})
    type(scene)._note(scene, 0, "One moment: the last move is still landing.")
    note = scene.note
    assert note is not None
    scene.draw(app.screen)
    w = hud.note_surface(note.words, note.width).get_width()
    x, y = round(note.centre[0] - w / 2 + 12), round(note.centre[1])
    got = app.screen.get_at((x, y))[:3]
    assert max(abs(a - b) for a, b in zip(got, theme.INK, strict=True)) <= 12, got
    driver.run(round(hud.NOTE_LIFE_S * 60) + 5)
    assert not note.alive(scene.clock)


def test_wall_targets_sit_centred_on_their_walls() -> None:
    """A stranger's wall target boxes sat a few px left of their walls: the first reached up to
    48 px to its left. Every box now holds its wall and is centred on it, at every table."""
    from game.games.blast.layout import WALL_H, WALL_W, TableLayout

    for players in range(2, 6):
        lay = TableLayout(players, 0)
        for seat in range(players):
            for count in (1, 3, 5, 7):
                walls = lay.wall_rects(seat, count)
                hits = lay.wall_hits(seat, count)
                for wall, hit in zip(walls, hits, strict=True):
                    assert hit.contains(wall.inflate(0, -2)) or hit.w >= wall.w
                    assert abs(hit.centerx - wall.centerx) <= 2, (players, seat, count)
    from game.games.blast import art

    assert art.wall_pip(WALL_W, WALL_H) >= 6  # the strength pips read at 1280x720
    assert 5 * art.wall_pip(WALL_W, WALL_H) <= WALL_W


@pytest.mark.parametrize(("players", "label"), [(2, "Oops: cancel it"),
                                                (3, "Oops: send it to Cleo"),
                                                (4, "Oops: choose where")])
def test_an_oops_says_where_it_sends_the_blast(app: Any, driver: HeadlessDriver,
                                               players: int, label: str) -> None:
    """A stranger's Oops went off with no word of where, read as a skipped choice. As the
    rulebook rules it: two left, it cancels; three, it goes to the one player left over; four
    or more, its player chooses (only among those, never back to the sender)."""
    m = MatchState(Options(players, first=1), 3)
    _give(m, 1, [D.TNT])
    _give(m, 0, [D.OOPS])
    assert m.apply(Play(1, D.TNT, 0, (D.IRON,))) is None
    kinds = ["mouse", "easy", "easy", "easy"][:players]
    scene = open_table(app, driver, make_setup(kinds, seed=3),
                       {"version": 1, "match": m.to_dict()})
    driver.run_until(lambda: scene.decider() == 0 and bool(scene.cursor.targets), 300)
    button = scene.cursor.get("btn:def:oops")
    assert button is not None and button.label == label
    if players == 4:
        button.on_activate()
        driver.step()
        seats = sorted(int(t.key.split(":")[1]) for t in scene.cursor.targets
                       if t.key.startswith("seat:"))
        assert seats == [2, 3]
