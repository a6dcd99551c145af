"""Session 37's playtest fixes for Kaboom! Explosive: on a couch, a person whose hand comes up
again is told what their own moves did while the screen was another's (a stranger never saw
her TNT land, nor which card her trade brought: the curtain went to Ben first), and that
private word goes when her hand does."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast.data import DEFENCES, TNT
from game.games.blast.demos import _give
from game.games.blast.rules import MatchState, Options, Phase, Play
from game.games.blast.rules.actions import TakeIt, Trade
from game.games.blast.rules.events import Drew
from tests.games.blast.scene_helpers import make_setup, open_table


def _no_answers(m: MatchState, seat: int) -> None:
    p = m.players[seat]
    answers = [c for c in p.hand if c in DEFENCES]
    p.hand[:] = [c for c in p.hand if c not in DEFENCES]
    m.supply.extend(answers)


def _couch(app: Any, driver: HeadlessDriver, m: MatchState) -> Any:
    scene = open_table(app, driver, make_setup(["mouse", "keys1"], seed=5),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    driver.step()
    return scene


def test_a_couch_person_is_told_what_their_attack_did_behind_the_curtain(
        app: Any, driver: HeadlessDriver) -> None:
    m = MatchState(Options(2, first=0), 5)
    _give(m, 0, [TNT])
    _no_answers(m, 1)
    assert m.conserved() and m.players[1].walls
    start = len(m.events)
    wall = m.players[1].walls[0]
    assert m.apply(Play(0, TNT, 1, (wall,))) is None
    assert m.phase == Phase.DEFEND
    assert m.apply(TakeIt(1)) is None
    scene = _couch(app, driver, m)
    names = scene.presenter.host.voice.names
    said = scene.presenter.couch_recap(0, start, len(scene.state.events))
    assert said.startswith("While you waited: "), said
    assert f"your TNT destroyed {names[1]}'s" in said, said
    # the target took it themselves and saw the wall fall: it is not retold as "While you
    # waited" (playtest 18), nor told as an attack of their own
    theirs = scene.presenter.couch_recap(1, start, len(scene.state.events))
    assert "fell to TNT" not in theirs and "destroyed" not in theirs, theirs


def test_a_couch_trade_names_the_new_card_to_its_owner_alone(
        app: Any, driver: HeadlessDriver) -> None:
    m = MatchState(Options(2, first=0), 5)
    start = len(m.events)
    assert m.apply(Trade(0, tuple(m.players[0].hand[:3]))) is None
    drew = next(e for e in m.events[start:] if isinstance(e, Drew) and e.why == "trade")
    assert drew.cards
    scene = _couch(app, driver, m)
    pr = scene.presenter
    from game.games.blast import words as W

    card = W.bare(drew.cards[0])
    mine = pr.couch_recap(0, start, len(scene.state.events))
    assert f"your trade brought {card}" in mine, mine
    assert "trade" not in pr.couch_recap(1, start, len(scene.state.events))
    # shown to her, it goes the moment her hand does (the next person must not read it)
    pr.set_viewer(0, list(scene.state.players[0].hand))
    scene.seen_upto[0] = start
    scene._recap(0)
    assert pr.bubble is not None and pr.bubble[:2] == (mine, 0)
    pr.set_viewer(None)
    assert pr.bubble is None


def test_walls_lost_together_are_counted_in_the_recap(app: Any, driver: HeadlessDriver) -> None:
    """A stranger read 'your palisade and palisade and palisade fell to Firestorm'."""
    from game.games.blast.data import FIRESTORM, PALISADE
    from game.games.blast.rules.events import Destroyed

    m = MatchState(Options(2, first=0), 5)
    scene = _couch(app, driver, m)
    start = len(scene.state.events)
    scene.state.events.append(Destroyed(turn=m.turn, seat=0, walls=(PALISADE,) * 3,
                                        card=FIRESTORM, by=1))
    said = scene.presenter.couch_recap(0, start, start + 1)
    assert "your three palisades fell to Firestorm" in said, said


def test_the_reading_hint_speaks_to_the_device_in_use(app: Any, driver: HeadlessDriver,
                                                       monkeypatch: Any) -> None:
    """A stranger on the keyboard was told 'Point at any card to read it large here'."""
    from game.games.blast import hud

    said: list[str] = []
    real = hud.reading_hint

    def spy(*a: Any) -> Any:
        said.append(hud.READ_HINTS[a[3]])
        return real(*a)

    for device, words in (("keys1", hud.READ_HINTS[False]), ("mouse", hud.READ_HINTS[True])):
        m = MatchState(Options(2, first=1), 5)  # the AI's turn: no card is read
        open_table(app, driver, make_setup([device, "easy"], seed=5),
                   {"version": 1, "match": m.to_dict()}, speed=1.0)
        said.clear()
        monkeypatch.setattr(hud, "reading_hint", spy)
        driver.run(3)
        monkeypatch.setattr(hud, "reading_hint", real)
        assert said and set(said) == {words}, (device, said)
        app.stack.pop()
        app.stack.apply_requests()


def test_the_underminer_digs_at_once_where_one_wall_is_left(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger was asked to pick the one wall left to dig under, and a click beside it left
    the turn waiting: with one wall to take, the Underminer's button digs it."""
    from game.games.blast.data import PALISADE, PIPE, STONE, UNDERMINER
    from game.games.blast.rules.events import Undermined
    from tests.games.blast.helpers import table
    from tests.games.blast.scene_helpers import HumanHands

    for walls, digs in (([PALISADE], True), ([PALISADE, STONE], False)):
        m = table(2, hands={0: [PIPE]}, walls={1: walls}, characters={0: [UNDERMINER]})
        scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                           {"version": 1, "match": m.to_dict()})
        driver.run(3)
        assert scene.decider() == 0 and scene.table_controls.can_undermine
        assert HumanHands(app, driver, scene).point_at(0, "btn:mine")
        driver.step()
        dug = [e for e in scene.state.events if isinstance(e, Undermined)]
        assert bool(dug) == digs, walls
        if not digs:
            assert scene.table_controls.pick.stage == "undermine"
        app.stack.pop()
        app.stack.apply_requests()


def test_a_walls_only_hand_after_a_dig_is_told_to_end_the_turn_as_its_button_says(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's bar said 'or pass' beside an 'End turn' button once his Underminer had
    dug."""
    from game.games.blast.data import IRON, PALISADE, STEEL, STONE, UNDERMINER
    from game.games.blast.rules.actions import Undermine
    from tests.games.blast.helpers import table

    m = table(2, hands={0: [IRON, STEEL, PALISADE, STONE]}, walls={1: [STONE, STONE]},
              characters={0: [UNDERMINER]})
    assert m.apply(Undermine(0, 1, STONE)) is None
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    said = scene.prompt()[1]
    assert said.startswith("Nothing to attack with now"), said
    assert said.endswith("or end your turn."), said
    button = scene.cursor.get("btn:pass")
    assert button is not None and button.label == "End turn"


def test_a_force_fields_stop_is_said_once(app: Any, driver: HeadlessDriver) -> None:
    """A stranger's Force Field stopped a blast: 'FORCE FIELD!' burst and a 'Force Field!'
    label lay over each other, unreadable. The burst says it; the label is not added."""
    from game.games.blast.data import BACKFIRE, FORCE_FIELD, PALISADE
    from game.games.blast.rules.actions import Defend
    from game.games.blast.rules.events import Stopped
    from tests.games.blast.helpers import table

    # Cleo's TNT at Ben, turned back by his Backfire onto her own Force Field
    m = table(2, hands={0: [TNT], 1: [BACKFIRE]}, walls={0: [PALISADE, FORCE_FIELD]})
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    fx = scene.presenter.effects
    st = scene.state
    assert st.apply(Play(0, TNT, 1, (st.players[1].walls[0],))) is None
    assert st.phase == Phase.DEFEND
    assert st.apply(Defend(1, BACKFIRE)) is None
    while st.phase == Phase.DEFEND and st.current_player() == 0:
        assert st.apply(TakeIt(0)) is None
    assert any(isinstance(e, Stopped) for e in st.events), st.events[-4:]
    said: list[str] = []
    for _ in range(1200):
        driver.step()
        said += [b.label for b in fx.bursts] + [f.label for f in fx.floats]
        if scene.presenter.next_event >= len(st.events) and not fx.busy:
            break
    assert scene.presenter.next_event >= len(st.events)  # every beat shown
    assert "FORCE FIELD!" in said
    assert "Force Field!" not in said, sorted(set(said))


def test_after_continue_no_recap_retells_the_match(app: Any, driver: HeadlessDriver) -> None:
    """After Continue a couch recap grew to eight lines over the table, re-telling the whole
    match: a match opened from a save recaps only what happens after it opens, in three
    things at most."""
    from game.games.blast.presenter import COUCH_RECAP_ITEMS

    m = MatchState(Options(2, first=0), 5)
    _give(m, 0, [TNT])
    _no_answers(m, 1)
    assert m.apply(Play(0, TNT, 1, (m.players[1].walls[0],))) is None
    assert m.apply(TakeIt(1)) is None
    scene = _couch(app, driver, m)
    assert scene.seen_upto == {0: len(m.events), 1: len(m.events)}
    assert scene.presenter.couch_recap(1, scene.seen_upto[1], len(scene.state.events)) == ""
    assert COUCH_RECAP_ITEMS <= 3


def test_a_recap_keeps_off_the_eyes_only_tag(app: Any, driver: HeadlessDriver) -> None:
    """A stranger's couch recap covered 'For Ben's eyes only' four times."""
    from game.games.blast import hud

    m = MatchState(Options(2, first=0), 5)
    scene = _couch(app, driver, m)
    home = scene.layout.home
    scene.presenter.set_viewer(home, list(scene.state.players[home].hand))
    eyes = scene.view.eyes_only_rect()
    assert eyes is not None
    for words in ("While you waited: your TNT destroyed Ben's palisade",
                  "While you waited: Ana is out (hand to the discard pile: Pipe Bomb, TNT, "
                  "C4, Guard); your stone wall and iron wall fell to RPG; more in the log"):
        img = hud.note_surface(words, 300)
        at = scene.view.bubble_at(home, img.get_size())
        assert not at.colliderect(eyes), (words, at, eyes)


def test_a_knocked_out_easy_lets_about_a_third_of_its_turns_go_by() -> None:
    """A stranger met a knocked-out Easy's Sabotage, Epidemic or Earthquake every turn, with
    nothing to answer them (the next found half too few: the endgame stalled): a knocked-out
    Easy passes about a third of its turns; Medium and Hard call a card every turn."""
    from game.core.rng import derive_rng
    from game.games.blast.ai import make_ai
    from game.games.blast.rules.actions import Endgame
    from tests.games.blast.test_playtest_s36 import cleo_out_at_her_endgame_turn

    m = cleo_out_at_her_endgame_turn()
    calls = {}
    for level in ("easy", "medium"):
        chosen = []
        for k in range(60):
            scored = make_ai(level, 2, k).policy._endgame(m, 2, derive_rng(k, "s37"))
            order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
            chosen.append(scored[order[0]][1])
        calls[level] = sum(isinstance(a, Endgame) for a in chosen)
    assert calls["medium"] == 60
    assert 30 <= calls["easy"] <= 52, calls


def test_the_wheel_over_the_moves_scrolls_them(app: Any, driver: HeadlessDriver) -> None:
    from game.app.input import MOUSE, ActionEvent

    m = MatchState(Options(2, first=1), 5)
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=5),
                       {"version": 1, "match": m.to_dict()}, speed=30.0)
    driver.run_until(lambda: len(scene.presenter.log.lines) > 4, 900)
    log = scene.presenter.log
    driver.step()
    assert log.drawn_at is not None
    at = log.drawn_at.center
    assert scene.game_action(ActionEvent(MOUSE, "rotate_left", True, at))
    assert log.back == 1
    assert scene.game_action(ActionEvent(MOUSE, "rotate_right", True, at))
    assert log.back == 0
    away = (log.drawn_at.x - 40, log.drawn_at.y)  # elsewhere the wheel does what it did
    scene.game_action(ActionEvent(MOUSE, "rotate_left", True, away))
    assert log.back == 0


def test_a_turned_back_card_names_whose_it_is_and_who_sent_it(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger read 'TNT from Ana' of Cleo's TNT that Ana's Backfire turned back."""
    from game.games.blast.data import BACKFIRE
    from game.games.blast.rules.actions import Defend
    from tests.games.blast.helpers import table

    m = table(2, hands={0: [TNT, BACKFIRE], 1: [BACKFIRE]})
    assert m.apply(Play(0, TNT, 1, (m.players[1].walls[0],))) is None
    assert m.apply(Defend(1, BACKFIRE)) is None
    assert m.phase == Phase.DEFEND and m.current_player() == 0
    scene = _couch(app, driver, m)
    ben = scene.names[1]
    assert scene.curtain_reason(0) == \
        f"Your TNT, turned back by {ben}: can your hand answer it?"


def test_a_couch_inspector_is_told_the_hand_it_saw_behind_its_own_curtain(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's log said 'Cleo sees Ana's hand' and Cleo never saw it: the screen was
    Ana's as it resolved. Cleo's next hand-up names the hand, to her alone."""
    from game.games.blast.data import INSPECTOR
    from game.games.blast.rules.events import Inspected

    m = MatchState(Options(2, first=0), 5)
    _give(m, 0, [INSPECTOR])
    _no_answers(m, 1)
    start = len(m.events)
    assert m.apply(Play(0, INSPECTOR, 1)) is None
    while m.phase == Phase.DEFEND:
        assert m.apply(TakeIt(m.current_player())) is None
    seen = next(e for e in m.events[start:] if isinstance(e, Inspected))
    assert seen.hand
    scene = _couch(app, driver, m)
    from game.games.blast import words as W

    said = scene.presenter.couch_recap(0, start, len(scene.state.events))
    assert f"your Weapons Inspector saw {scene.names[1]}'s hand: " \
        f"{W.cards_phrase(seen.hand)}" in said, said
    assert "Inspector saw" not in scene.presenter.couch_recap(1, start,
                                                              len(scene.state.events))


def test_the_twist_caption_and_the_rules_say_what_strangers_met(monkeypatch: Any) -> None:
    """'Left card on top' read wrong over cards ordered by number; the rules page said you are
    asked every time a card is aimed at you, where a hand with no answer is told so and hit."""
    import pygame

    from game.games.blast import hud
    from game.games.blast.info import rules_page
    from tests.ui.layout import open_scene

    page = " ".join(rules_page()) if not isinstance(rules_page(), str) else rules_page()
    assert "always stops for you" in page and "asked every time" not in page
    said: list[str] = []
    real = hud.caption_surface

    def spy(words: str, *a: Any, **k: Any) -> pygame.Surface:
        said.append(words)
        return real(words, *a, **k)

    monkeypatch.setattr(hud, "caption_surface", spy)
    app, driver = open_scene("blast.twist", False)
    try:
        driver.run(30)
        assert any(w.startswith("Your first pick goes on top: ") for w in said), said
        assert not any("Left card" in w for w in said)
    finally:
        app.shutdown(quit_pygame=False)


def test_a_couch_person_robbed_by_a_spy_is_told_which_card_went(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger robbed on the couch was never told which card the Spy took: the recap
    behind their own curtain names it; the other person's names no card."""
    from game.games.blast.data import SPY
    from game.games.blast.rules.events import Stolen

    m = MatchState(Options(2, first=1), 5)
    _give(m, 1, [SPY])
    _no_answers(m, 0)
    start = len(m.events)
    assert m.apply(Play(1, SPY, 0, (), "steal")) is None
    while m.phase == Phase.DEFEND:
        assert m.apply(TakeIt(m.current_player())) is None
    took = next(e for e in m.events[start:] if isinstance(e, Stolen))
    assert took.count and took.card
    scene = _couch(app, driver, m)
    from game.games.blast import words as W

    said = scene.presenter.couch_recap(0, start, len(scene.state.events))
    assert f"Spy took {W.name_of(took.card)} from you" in said, said


def test_esc_puts_a_picked_card_down_before_it_pauses(app: Any, driver: HeadlessDriver) -> None:
    """A stranger's Esc with a card picked opened the pause menu instead of putting the card
    down: the first Esc puts it down, the next pauses."""
    from game.app.input import ActionEvent
    from game.app.menus.overlays import PauseOverlay
    from game.games.blast.data import PALISADE
    from tests.games.blast.helpers import table
    from tests.games.blast.scene_helpers import HumanHands

    m = table(2, hands={0: [PALISADE, TNT]})
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    assert HumanHands(app, driver, scene).point_at(
        0, f"hand:{scene.presenter.hand.index(PALISADE)}")
    driver.step()
    tc = scene.table_controls
    assert tc.pick.stage == "armed"
    scene.handle_action(ActionEvent("keys1", "pause", True))
    app.stack.apply_requests()
    assert tc.pick.stage == "card" and not isinstance(app.stack.top, PauseOverlay)
    scene.handle_action(ActionEvent("keys1", "pause", True))
    app.stack.apply_requests()
    assert isinstance(app.stack.top, PauseOverlay)
