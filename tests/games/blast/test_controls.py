"""What a human may choose at the table: exactly the legal defences plus Take it, the question
asked even without a defence, targeting by mouse and keys, trade, Twist of Fate, the endgame
picker."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.blast import art
from game.games.blast.data import (
    ASSASSIN,
    CARDS,
    FIRESTORM,
    FIZZLE,
    FORCE_FIELD,
    IRON,
    PALISADE,
    PIPE,
    STONE,
    TNT,
    TWIST,
)
from game.games.blast.demos import _defence_table, _give
from game.games.blast.layout import PREVIEW, PREVIEW_H, PREVIEW_W
from game.games.blast.rules import Defend, MatchState, Options, Phase, Play, TakeIt
from game.games.blast.rules.base import sort_cards
from game.games.blast.rules.events import Traded
from game.ui import theme
from tests.games.blast.scene_helpers import HumanHands, make_setup, open_table


def _open(app: Any, driver: HeadlessDriver, m: MatchState, device: str = "mouse") -> Any:
    setup = make_setup([device, "hard", "medium", "easy"][:m.options.players], seed=4)
    scene = open_table(app, driver, setup, {"version": 1, "match": m.to_dict()})
    driver.run(3)
    return scene


def test_a_defence_window_offers_exactly_the_legal_defences_and_take_it(
        app: Any, driver: HeadlessDriver) -> None:
    _, m = _defence_table(4)
    m.apply(Play(1, TNT, 0, ("iron_wall",)))
    scene = _open(app, driver, m)
    assert scene.decider() == 0
    legal = m.legal_actions(0)
    kinds = {a.card for a in legal if isinstance(a, Defend)}
    assert kinds == {"blast_shield", "oops", "backfire"}  # a Fizzle does not stop TNT
    buttons = {t.key for t in scene.cursor.targets if t.kind == "button"}
    assert buttons == {f"btn:def:{c}" for c in kinds} | {"btn:take"}
    hand = scene.presenter.hand
    lifted = {hand[i] for i in scene.table_controls.playable}
    assert lifted == kinds and FIZZLE in hand
    dimmed = {hand[i] for i in scene.table_controls.unplayable}
    assert FIZZLE in dimmed and not dimmed & kinds
    assert scene.table_controls.reason_for(hand.index(FIZZLE)) == "A Fizzle does not answer TNT"
    # Oops goes on to a chosen player: the seats it may reach, with an arrow from the defender
    HumanHands(app, driver, scene).point_at(0, "btn:def:oops")
    driver.step()
    assert {t.key for t in scene.cursor.targets if t.key.startswith("seat:")} == {"seat:2",
                                                                                  "seat:3"}
    HumanHands(app, driver, scene).point_at(0, "seat:3")
    assert scene.state.window() is not None and scene.state.window().target == 3


def test_the_question_is_asked_even_without_a_defence(app: Any,
                                                      driver: HeadlessDriver) -> None:
    m = MatchState(Options(3, first=1), 8)
    _give(m, 1, [TNT])
    answers = ("oops", "backfire", "blast_shield")
    m.supply.extend(c for c in m.players[0].hand if c in answers)  # every card stays in play
    m.players[0].hand = [c for c in m.players[0].hand if c not in answers]
    assert m.conserved()
    m.apply(Play(1, TNT, 0, ("iron_wall",)))
    assert m.legal_actions(0) == [TakeIt(0)]
    scene = _open(app, driver, m)
    driver.run(90)  # the table asks the human first (it takes the card for them only later)
    assert scene.decider() == 0 and scene.state.window() is not None
    assert [t.key for t in scene.cursor.targets if t.kind == "button"] == ["btn:take"]
    assert not scene.table_controls.playable  # every card in the hand is dimmed, and says why
    assert scene.table_controls.unplayable == set(range(len(scene.presenter.hand)))
    assert "Nothing in your hand answers it" in scene.prompt()[1]
    HumanHands(app, driver, scene).point_at(0, "btn:take")
    assert scene.state.window() is None


def test_targeting_an_explosive_by_keys_then_choosing_the_wall(app: Any,
                                                               driver: HeadlessDriver) -> None:
    m = MatchState(Options(3, first=0), 3)
    _give(m, 0, [TNT])
    scene = _open(app, driver, m, "keys1")
    hands = HumanHands(app, driver, scene)
    i = scene.presenter.hand.index(TNT)
    hands.point_at(0, f"hand:{i}")
    driver.step()
    assert scene.table_controls.pick.stage == "target"
    # the players' panels are the mouse's: the keys go straight between the walls it takes
    # (a stranger's cursor stopped on a panel and Space hit a wall he never picked)
    assert {t.key for t in scene.cursor.targets if t.key.startswith("seat:")} == {"seat:1",
                                                                                  "seat:2"}
    assert not any(t.keys for t in scene.cursor.targets if t.key.startswith("seat:"))
    walls = {t.label for t in scene.cursor.targets if t.key.startswith("wall:2:")}
    assert walls == {"palisade", "stone wall", "iron wall"}
    key = next(t.key for t in scene.cursor.targets
               if t.key.startswith("wall:2:") and t.label == "stone wall")
    hands.point_at(0, key)
    assert STONE not in scene.state.players[2].walls or scene.state.window() is not None
    assert any(e.kind == "played" and e.card == TNT and e.walls == (STONE,)
               for e in scene.state.events)


def test_a_mouse_click_on_a_card_of_the_fan_picks_it(app: Any, driver: HeadlessDriver) -> None:
    m = MatchState(Options(3, first=0), 3)
    _give(m, 0, [ASSASSIN, PALISADE])
    scene = _open(app, driver, m)
    i = scene.presenter.hand.index(PALISADE)
    hands = HumanHands(app, driver, scene)
    hands.point_at(0, f"hand:{i}")  # picked: lifted
    assert scene.table_controls.pick.card == PALISADE
    driver.step()
    hands.point_at(0, f"hand:{i}")  # and played
    assert m.players[0].walls.count(PALISADE) + 1 == scene.state.players[0].walls.count(PALISADE)


def test_trade_three_for_one(app: Any, driver: HeadlessDriver) -> None:
    m = MatchState(Options(3, first=0), 3)
    scene = _open(app, driver, m)
    hands = HumanHands(app, driver, scene)
    hand = list(scene.presenter.hand)
    hands.point_at(0, "btn:trade")
    for i in (0, 1, 2):
        driver.step()
        hands.point_at(0, f"hand:{i}")
    driver.step()
    assert scene.cursor.get("btn:confirm") is not None
    hands.point_at(0, "btn:confirm")
    traded = next(e for e in scene.state.events if isinstance(e, Traded))
    assert sorted(traded.cards) == sorted(hand[:3])


def test_twist_of_fate_puts_the_cards_back_in_the_chosen_order(
        app: Any, driver: HeadlessDriver) -> None:
    m = MatchState(Options(3, first=0), 3)
    _give(m, 0, [TWIST])
    scene = _open(app, driver, m, "keys1")
    hands = HumanHands(app, driver, scene)
    hands.point_at(0, f"hand:{scene.presenter.hand.index(TWIST)}")
    driver.step()
    hands.point_at(0, "btn:play")  # the keys' first press only arms the card
    assert driver.run_until(lambda: scene.decider() == 0 and scene.state.phase == Phase.ARRANGE)
    driver.step()
    looking = scene.state.looking()
    order = [3, 1, 0, 2][:len(looking)]
    for i in order[:-1]:  # the last card lies last by itself
        driver.step()
        hands.point_at(0, f"look:{i}")
    driver.step()
    assert scene.cursor.get(f"look:{order[-1]}") is None
    assert "put them back in this order" in scene.prompt()[1]  # not "5th from the top" of 4
    hands.point_at(0, "btn:confirm")
    assert scene.state.phase != Phase.ARRANGE
    top = scene.state.supply[::-1][:len(looking)] if scene.state.supply else []
    drawn_after = [looking[i] for i in order]
    assert top == drawn_after or scene.state.current != 0


def test_the_endgame_picker_offers_the_available_cards_and_aims(app: Any,
                                                               driver: HeadlessDriver) -> None:
    from game.games.blast import demos

    scene = demos.endgame(app, 4)
    scene.demo = False
    app.stack.push(scene)
    app.stack.apply_requests()
    driver.run(3)
    assert scene.state.phase == Phase.ENDGAME and scene.decider() == 0
    offered = {t.key for t in scene.cursor.targets if t.key.startswith("eg:")}
    assert offered == {f"eg:{c}" for c in ("earthquake", "advanced_technology", "alien_invasion",
                                           "sabotage", "epidemic", "christmas")}
    hands = HumanHands(app, driver, scene)
    hands.point_at(0, "eg:sabotage")
    driver.step()
    seats = {t.key for t in scene.cursor.targets if t.key.startswith("seat:")}
    assert seats == {"seat:1", "seat:2", "seat:3"}
    hands.point_at(0, "seat:2")
    assert any(e.kind == "endgame_card" and e.card == "sabotage" and e.target == 2
               for e in scene.state.events)


def test_a_card_that_cannot_be_played_says_why_in_the_rules_words(
        app: Any, driver: HeadlessDriver) -> None:
    m = MatchState(Options(2, first=0), 3)
    _give(m, 0, [FIZZLE, TNT])
    scene = _open(app, driver, m)
    hand = scene.presenter.hand
    i = hand.index(FIZZLE)
    assert i in scene.table_controls.unplayable and hand.index(TNT) in scene.table_controls.playable
    before = scene.state.to_dict()
    HumanHands(app, driver, scene).point_at(0, f"hand:{i}")
    driver.step()
    assert scene.state.to_dict() == before and scene.table_controls.pick.stage == "card"
    why = scene.state.why_unplayable(0, FIZZLE)
    assert why is not None
    assert scene.prompt()[1] == f"{why.say(scene.names)}." and "Fizzle" in scene.prompt()[1]


def test_the_hovered_or_focused_card_shows_large_with_its_rule_readable(
        app: Any, driver: HeadlessDriver) -> None:
    for cid in CARDS:
        assert art.text_sizes(cid, PREVIEW_W, PREVIEW_H)[1] >= 16, cid
    for device in ("mouse", "keys1"):
        m = MatchState(Options(2, first=0), 3)
        _give(m, 0, [FIZZLE, TNT])
        scene = _open(app, driver, m, device)
        i = scene.presenter.hand.index(FIZZLE)
        hands = HumanHands(app, driver, scene)
        if device == "mouse":
            slot = scene.table_controls.slots[i]
            pos = (round(slot.top[0]), round(slot.top[1]) - 30)
            driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                            buttons=(0, 0, 0))])
        else:
            path = scene.cursor.path_to(f"hand:{i}")
            assert path is not None
            for d in path:
                hands.press(device, d)
        driver.run(30)
        assert scene.table_controls.focus_index == i
        surface = pygame.Surface((1280, 720))
        scene.draw(surface)
        face = art.card_face(FIZZLE, PREVIEW_W, PREVIEW_H)
        centre = (PREVIEW_W // 2, PREVIEW_H // 3)
        assert surface.get_at((PREVIEW.x + centre[0], PREVIEW.y + centre[1])) == \
            face.get_at(centre)


def test_with_nothing_playable_the_prompt_says_so_and_what_to_do(
        app: Any, driver: HeadlessDriver) -> None:
    m = MatchState(Options(2, first=0), 5)
    p = m.players[0]
    m.supply.extend(c for c in p.hand)  # every card stays in play
    p.hand = []
    for card in (FIZZLE, "guard", "oops", "backfire"):
        m.supply.remove(card)
        p.hand.append(card)
    p.hand = sort_cards(p.hand)
    assert m.conserved()
    assert not [a for a in m.legal_actions(0) if isinstance(a, Play)]
    scene = _open(app, driver, m)
    assert scene.decider() == 0 and not scene.table_controls.playable
    assert scene.prompt()[1] == ("No card in your hand can be played now: \"Trade 3 for 1\" "
                                 "gives three of them for a new card (it ends your turn), or "
                                 "pass.")
    trade = scene.cursor.get("btn:trade")  # the way out, glowing as the move to make
    assert trade is not None and trade.accent == theme.FUSE


def _aim_table(app: Any, driver: HeadlessDriver) -> Any:
    """Three seats: Ana (mouse) holds TNT and a Pipe Bomb; Cleo stands behind a Force Field."""
    m = MatchState(Options(3, first=0), 3)
    _give(m, 0, [TNT, PIPE])
    _give(m, 2, [FORCE_FIELD])
    m.players[2].hand.remove(FORCE_FIELD)
    m.players[2].walls.append(FORCE_FIELD)
    assert m.conserved()
    return _open(app, driver, m)


def test_a_chosen_explosive_is_played_by_one_click_on_a_wall(app: Any,
                                                              driver: HeadlessDriver) -> None:
    scene = _aim_table(app, driver)
    hands = HumanHands(app, driver, scene)
    hands.point_at(0, f"hand:{scene.presenter.hand.index(TNT)}")
    driver.step()
    keys = {t.key for t in scene.cursor.targets}
    assert "no:seat:2" in keys and "seat:2" not in keys  # the Force Field: not a target
    before = scene.state.to_dict()
    hands.point_at(0, "no:seat:2")  # pointing at it says why, and changes nothing
    assert scene.state.to_dict() == before
    assert scene.prompt()[1] == "Cleo's Force Field stops explosives: a Spy removes it."
    assert scene.table_controls.pick.stage == "target"
    stone = scene.presenter.seats[1].walls.index(STONE)
    hands.point_at(0, f"wall:1:{stone}")  # straight from the choice of target: played
    assert any(e.kind == "played" and e.card == TNT and e.target == 1
               and e.walls == (STONE,) for e in scene.state.events)


def test_a_wall_too_strong_says_why_and_a_card_can_be_dragged_onto_a_wall(
        app: Any, driver: HeadlessDriver) -> None:
    scene = _aim_table(app, driver)
    hands = HumanHands(app, driver, scene)
    i = scene.presenter.hand.index(PIPE)
    slot = scene.table_controls.slots[i]
    start = (round(slot.top[0]), round(slot.top[1]) - 30)
    hands.click(start)  # picked: a second press on it starts the drag
    driver.step()
    iron = scene.presenter.seats[1].walls.index(IRON)
    no = scene.cursor.get(f"no:wall:1:{iron}")
    assert no is not None and "cannot destroy an iron wall" in no.label
    palisade = scene.cursor.get(f"wall:1:{scene.presenter.seats[1].walls.index(PALISADE)}")
    assert palisade is not None
    end = palisade.rect.center
    hands.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    for k in range(1, 6):
        p = (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5)
        hands.step([pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                       buttons=(1, 0, 0))])
    hands.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])
    assert any(e.kind == "played" and e.card == PIPE and e.target == 1
               and e.walls == (PALISADE,) for e in scene.state.events)


def test_a_click_on_the_aimed_card_with_several_targets_keeps_it_chosen(
        app: Any, driver: HeadlessDriver) -> None:
    """It is never put down without a word (session 43): it stays chosen, the bar says again
    what to click."""
    scene = _aim_table(app, driver)
    hands = HumanHands(app, driver, scene)
    hands.point_at(0, f"hand:{scene.presenter.hand.index(TNT)}")
    driver.step()
    assert scene.table_controls.pick.card == TNT
    hands.point_at(0, f"hand:{scene.presenter.hand.index(TNT)}")
    driver.step()
    assert scene.table_controls.pick.card == TNT and not scene.actions
    assert scene.table_controls.prompt()[1].startswith("Still chosen.")


def test_on_a_couch_a_card_nobody_can_answer_asks_for_no_curtain(app: Any,
                                                                  driver: HeadlessDriver) -> None:
    from game.tabletop.curtain import PassCurtain

    m = MatchState(Options(3, first=1), 3)
    _give(m, 1, [FIRESTORM])
    m.apply(Play(1, FIRESTORM, 0))
    assert m.window() is not None and m.legal_actions(0) == [TakeIt(0)]
    setup = make_setup(["mouse", "keys1", "easy"], seed=4)
    scene = open_table(app, driver, setup, {"version": 1, "match": m.to_dict()})
    curtains: list[str] = []

    def watch() -> bool:
        top = app.stack.top
        if isinstance(top, PassCurtain):
            curtains.append(top.name)
        return scene.state.window() is None

    driver.run(20)
    assert scene.state.window() is not None
    assert "No defence answers a Firestorm" in scene.prompt()[1]
    driver.run_until(watch, 600)
    assert "Ana" not in curtains  # nothing to hide from anyone: no pass, no click
    assert any(e.kind == "took" and e.seat == 0 for e in scene.state.events)


@pytest.mark.parametrize("holds", [(), ("oops",)])
def test_with_no_walls_the_question_says_taking_it_knocks_you_out(
        app: Any, driver: HeadlessDriver, holds: tuple[str, ...]) -> None:
    """A stranger with no walls left was asked to "answer with a defence, or take it" and took
    it, not knowing it put them out."""
    m = MatchState(Options(3, first=1), 8)
    _give(m, 1, [TNT])
    answers = ("oops", "backfire", "blast_shield")
    m.supply.extend(c for c in m.players[0].hand if c in answers)
    m.players[0].hand = [c for c in m.players[0].hand if c not in answers]
    m.supply.extend(m.players[0].walls)
    m.players[0].walls = []
    _give(m, 0, list(holds))
    assert m.conserved()
    m.apply(Play(1, TNT, 0))
    scene = _open(app, driver, m)
    driver.run(90)
    assert scene.decider() == 0
    said = scene.prompt()[1]
    assert "knocks you out" in said
    assert ("answer with a defence" in said) == bool(holds)


def test_the_underminer_digging_at_you_says_what_stops_him(
        app: Any, driver: HeadlessDriver) -> None:
    from game.games.blast.rules import Undermine

    m = MatchState(Options(3, first=1), 3)
    _give(m, 1, ["underminer"])
    m.apply(Play(1, "underminer"))
    assert m.apply(Undermine(1, 0, PALISADE)) is None
    scene = _open(app, driver, m)
    driver.run(20)
    said = scene.prompt()[1]
    assert "Underminer digs under your palisade" in said and "Assassin" in said, said


def test_the_question_over_a_nuclear_bomb_closes_its_sentence_once(
        app: Any, driver: HeadlessDriver) -> None:
    """The bar read 'Cy drops the Nuclear Bomb on you!! ...' (the aim's own '!' doubled)."""
    from game.games.blast.rules import Pass
    from tests.games.blast.helpers import ok, table

    m = table(4, hands={1: ["flaming_arrow", "nuclear_bomb", "spy"], 2: ["spy"]},
              walls={3: []})
    ok(m, Pass(0), Play(1, "flaming_arrow", 3), TakeIt(3), Pass(2), Pass(3), Pass(0),
       Play(1, "nuclear_bomb", 0))
    scene = _open(app, driver, m)
    driver.run(90)
    assert scene.decider() == 0
    said = scene.prompt()[1]
    assert "drops the Nuclear Bomb on you! " in said and "!!" not in said


def test_with_no_card_to_play_the_keys_start_on_the_underminer_not_end_turn(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger brought in the Underminer with his last play; the keys sat on End turn and
    his Space ended the turn undug. With no card left to play and the Underminer free to dig,
    the keys start on him."""
    from game.games.blast.rules import Pass, Undermine

    m = MatchState(Options(2, first=0), 3)
    _give(m, 0, ["underminer"])
    m.apply(Play(0, "underminer"))
    legal = m.legal_actions(0)
    assert any(isinstance(a, Undermine) for a in legal)
    assert not any(isinstance(a, Play) for a in legal)
    assert any(isinstance(a, Pass) for a in legal)
    scene = _open(app, driver, m, "keys1")
    driver.run(60)
    assert scene.decider() == 0
    assert scene.cursor.focus_key == "btn:mine"


def test_on_a_couch_a_hit_with_no_answer_costs_the_hand_off_one_press(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's couch met "Pass to Ana" on every attack, then had to press "Take it" when
    her hand held no answer: two presses for no decision, half the match's screens. The
    curtain still comes (skipping it would tell the couch the hand held nothing); the press
    that lifts it shows the hand, and the hit lands at once with a note saying why (a later
    stranger sat through "Nothing in your hand answers it: it hits in 1 s" on every hit).
    Nothing is taken while the curtain is up."""
    from game.games.blast.data import TNT
    from game.tabletop.curtain import PassCurtain

    HANDED_TAKE_S = 1.5  # noqa: N806 (a while behind the curtain)

    m = MatchState(Options(3, first=1), 3)
    _give(m, 1, [TNT])
    assert m.apply(Play(1, TNT, 0, (m.players[0].walls[0],))) is None
    legal = m.legal_actions(0)
    if any(isinstance(a, Defend) for a in legal):  # this seed dealt an answer: drop it
        m.players[0].hand[:] = [c for c in m.players[0].hand
                                if not any(isinstance(a, Defend) and a.card == c
                                           for a in legal)]
    assert m.legal_actions(0) == [TakeIt(0)]
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    assert not scene.out_of_reach()  # answers are still out there, in someone's hands
    assert driver.run_until(lambda: isinstance(app.stack.top, PassCurtain), 300)
    driver.run(int(HANDED_TAKE_S * 60) * 2)  # a curtain left up: nothing is taken behind it
    assert isinstance(app.stack.top, PassCurtain)
    assert not any(e.kind == "took" for e in scene.state.events)
    hands = HumanHands(app, driver, scene)
    notes: list[tuple[int, str]] = []
    said = scene.feedback.note
    scene.feedback.note = lambda seat, words: (notes.append((seat, words)),  # type: ignore
                                               said(seat, words))
    hands.click((640, 360))  # the hand-off's one press: the hit lands at once
    assert app.stack.top is scene
    assert any(e.kind == "took" and e.seat == 0 for e in scene.state.events)
    assert (0, "Nothing in your hand answers the TNT: it hits you.") in notes
    app.stack.pop()
    app.stack.apply_requests()


def test_on_a_couch_a_hand_with_an_answer_is_still_asked(
        app: Any, driver: HeadlessDriver) -> None:
    """Behind the curtain a hand that holds an answer is asked and waited for, as before: only
    a hand with nothing to choose is taken by itself."""
    _, m = _defence_table(3)
    m.apply(Play(1, TNT, 0, ("iron_wall",)))
    assert any(isinstance(a, Defend) for a in m.legal_actions(0))
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    from game.tabletop.curtain import PassCurtain

    assert driver.run_until(lambda: isinstance(app.stack.top, PassCurtain), 300)
    HumanHands(app, driver, scene).click((640, 360))
    driver.run(60 * 6)
    assert scene.auto_take_in(0) is None and scene.decider() == 0
    assert not any(e.kind == "took" for e in scene.state.events)
    assert "btn:take" in {t.key for t in scene.cursor.targets}
    app.stack.pop()
    app.stack.apply_requests()


def _walls_only(m: MatchState, seat: int) -> None:
    """Swap every card but walls out of a seat's hand for walls from the supply, then from the
    other hands (all 108 kept)."""
    from game.games.blast.data import FORCE_FIELD, WALLS

    p = m.players[seat]
    piles = [m.supply] + [q.hand for q in m.players if q is not p]
    for i, c in enumerate(list(p.hand)):
        if c not in WALLS:
            pile, j = next((pile, k) for pile in piles for k, s in enumerate(pile)
                           if s in WALLS and s != FORCE_FIELD)
            p.hand[i], pile[j] = pile[j], c
    p.hand = sort_cards(p.hand)
    for q in m.players:
        q.hand = sort_cards(q.hand)
    assert m.conserved()


def test_a_hand_of_only_walls_is_told_the_trade_is_the_way_to_an_attack(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger held only walls for turns ("I couldn't attack, and Trade 3 for 1 was the
    only way out") and missed the blue trade button beside Pass. A hand that can only build
    is told so, with the trade named by its button, and the button glows as the move to
    make; a hand with an attack keeps the quiet button."""
    m = MatchState(Options(4, first=0), 3)
    _walls_only(m, 0)
    scene = _open(app, driver, m)
    driver.run(30)
    assert scene.decider() == 0
    said = scene.prompt()[1]
    assert said.startswith("Nothing to attack with now") and '"Trade 3 for 1"' in said, said
    trade = scene.cursor.get("btn:trade")
    assert trade is not None and trade.accent == theme.FUSE
    app.stack.pop()
    app.stack.apply_requests()

    m = MatchState(Options(4, first=0), 3)
    _walls_only(m, 0)
    _give(m, 0, [TNT])
    scene = _open(app, driver, m)
    driver.run(30)
    assert "Nothing to attack with" not in scene.prompt()[1]
    trade = scene.cursor.get("btn:trade")
    assert trade is not None and trade.accent == theme.SKY


def test_a_trade_names_the_card_it_brings(app: Any, driver: HeadlessDriver) -> None:
    """A stranger's traded-for card just appeared among the others, unnamed: the banner
    tells its owner which card the trade brought."""
    from game.games.blast.rules import Trade
    from game.games.blast.words import bare

    m = MatchState(Options(2, first=0), 3)
    _walls_only(m, 0)
    scene = _open(app, driver, m)
    driver.run(30)
    assert scene.decider() == 0
    hand = scene.state.players[0].hand
    coming = scene.state.supply[-1]
    assert scene._apply(Trade(0, tuple(hand[:3])))
    for _ in range(120):
        driver.step()
        banner = scene.presenter.banner
        if banner is not None and banner[0].startswith("The trade brings you"):
            break
    assert scene.presenter.banner is not None
    assert scene.presenter.banner[0].startswith("The trade brings you")
    assert bare(coming) in scene.presenter.banner[0], (coming, scene.presenter.banner)
