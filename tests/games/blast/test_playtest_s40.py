"""Playtest s40's fixes for Kaboom! Explosive: a couch hand-off that showed a stale hand, keys
and clicks dropped while a move landed, a lifted card clicked again, a knock-out's unreadable
word, the card preview too small to read at four seats or 1024x576, and two-player stalls."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.blast.data import ASSASSIN, CHEMIST
from game.games.blast.rules import Play
from tests.games.blast.helpers import table
from tests.games.blast.scene_helpers import make_setup, open_table


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_a_character_knocked_out_is_a_large_headline_on_a_panel_long_enough_to_read(
        app: Any, driver: HeadlessDriver, reduced: bool) -> None:
    """"Mad Chemist down!" was a small word rising for a second over the walls, unreadable:
    a headline says whose character is down, in large words on an opaque panel, for seconds
    (reduced motion: the same, still)."""
    from game.games.blast.presenter import HEADLINE_PX, HEADLINE_S
    from game.games.blast.view import headline_rect

    app.settings.accessibility.reduced_motion = reduced
    m = table(2, hands={0: [ASSASSIN]}, characters={1: [CHEMIST]})
    assert m.apply(Play(0, ASSASSIN, 1, (), CHEMIST)) is None
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    pr = scene.presenter
    for _ in range(900):
        driver.step()
        if pr.headline is not None:
            break
    assert pr.headline is not None
    assert pr.headline[0] == "Ben's Mad Chemist is down!", pr.headline
    assert HEADLINE_PX >= 28 and HEADLINE_S >= 3.0
    got = headline_rect(scene)
    assert got is not None
    img, r = got
    assert img.get_height() >= HEADLINE_PX + 20 and r.w >= 300
    # an opaque dark panel behind the words, whatever the table under it
    inside = img.get_at((12, img.get_height() // 2))
    assert inside.a >= 240 and inside.r + inside.g + inside.b < 200, inside
    assert r.collidelist([z.rect for z in scene.layout.zones]) < 0  # on no seat's walls
    assert pygame.Rect(0, 0, 1280, 720).contains(r)
    # still up after two and a half seconds of the table's time, gone after its time
    pr.update(2.5)
    assert pr.headline is not None
    pr.update(HEADLINE_S)
    assert pr.headline is None and headline_rect(scene) is None


def test_a_couch_hand_goes_down_as_the_decision_passes_and_the_next_comes_up_current(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's couch saw the previous seat's hand "for a moment" at a hand-off: Ana's hand
    stayed face up (and live to the keys) through the table's settling, while the decision was
    already Ben's. It goes down as soon as the decision is another person's; Ben's hand is
    his current one the instant his curtain lifts."""
    from game.games.blast.data import PALISADE, PIPE, STONE, TNT
    from game.games.blast.rules import Pass
    from game.tabletop.curtain import PassCurtain
    from tests.games.blast.scene_helpers import HumanHands

    m = table(2, hands={0: [TNT, PALISADE], 1: [PIPE, STONE, STONE]}, top=[TNT, PIPE])
    scene = open_table(app, driver, make_setup(["keys1", "keys2"], seed=4),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    hands = HumanHands(app, driver, scene)
    assert driver.run_until(lambda: isinstance(app.stack.top, PassCurtain), 300)
    assert hands.act()  # Ana's curtain lifts on her hand
    assert driver.run_until(lambda: scene.decider() == 0, 300)
    assert sorted(scene.presenter.fan_faces()) == sorted(scene.state.players[0].hand)
    scene.human_act(Pass(0))
    assert scene.state.current_player() == 1
    frames = 0
    while not isinstance(app.stack.top, PassCurtain):
        driver.step()
        frames += 1
        assert frames < 600
        pr = scene.presenter
        # Ben's decision: nothing of Ana's is up, nor choosable with Ben's keys
        assert pr.viewer != 0 and not pr.fan_faces(), frames
        assert not any(t.key.startswith("hand:") for t in scene.cursor.targets), frames
    assert frames > 5  # the table settled in sight before the hand-off
    assert hands.act()  # Ben's curtain lifts
    pr = scene.presenter
    assert pr.viewer == 1 and not pr.busy
    assert sorted(pr.fan_faces()) == sorted(scene.state.players[1].hand)


def _lift(hands: Any, scene: Any, card: str) -> tuple[int, int]:
    """Click `card` in the mouse seat's hand (it lifts, to be aimed); where it was clicked."""
    i = scene.presenter.hand.index(card)
    for _ in range(60):
        if scene.presenter.fan_settled(scene.table_controls.slots):
            break
        hands.step()
    slot = scene.table_controls.slots[i]
    pos = (round(slot.top[0]), round(slot.top[1]) - 30)
    hands.click(pos)
    assert scene.table_controls.pick.stage == "target" and scene.table_controls.pick.card == card
    return pos


def _move(hands: Any, pos: tuple[int, int]) -> None:
    hands.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def _aim_table(app: Any, driver: HeadlessDriver) -> tuple[Any, Any]:
    from game.games.blast.data import PALISADE, STONE, TNT
    from tests.games.blast.scene_helpers import HumanHands

    m = table(2, hands={0: [TNT, STONE]}, walls={1: [PALISADE, STONE]})
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    assert driver.run_until(lambda: scene.decider() == 0, 300)
    return scene, HumanHands(app, driver, scene)


def test_a_lifted_card_clicked_again_plays_on_its_lit_target(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger clicked TNT, pointed at Ben's stone wall, and clicked the TNT again to
    play it: it went back down. Clicking twice means "play it": on the target pointed at,
    which stays lit and which the prompt names."""
    from game.games.blast.data import STONE, TNT

    scene, hands = _aim_table(app, driver)
    at = _lift(hands, scene, TNT)
    assert "click" in scene.prompt()[1]
    wall = scene.cursor.get(f"wall:1:{scene.presenter.seats[1].walls.index(STONE)}")
    assert wall is not None
    _move(hands, wall.rect.center)
    _move(hands, at)  # back on the card: the wall stays the aim's lit target
    said = scene.prompt()[1]
    assert "click it again to play it on Ben's stone wall" in said, said
    assert "or click a target" in said, said
    before = len(scene.actions)
    hands.click(at)
    assert scene.actions[before:] == [Play(0, TNT, 1, (STONE,))]


@pytest.mark.parametrize("how", ["right-click", "felt", "esc"])
def test_a_lifted_card_is_still_easy_to_put_down(app: Any, driver: HeadlessDriver,
                                                 how: str) -> None:
    """The lifted card goes back down, unplayed: a right click, a click on the bare felt, or
    Esc (clicked again with no target lit it stays chosen, or plays on its only target:
    `test_playtest_s43`)."""
    from game.games.blast.data import TNT
    from tests.games.blast.scene_helpers import key_event

    scene, hands = _aim_table(app, driver)
    at = _lift(hands, scene, TNT)
    if how == "right-click":
        hands.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=3)])
        hands.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=3)])
    elif how == "felt":
        hands.click((560, 300))  # the middle of the felt: no seat, wall or card there
    else:
        hands.step([key_event(app, "keys1", "back", True)])
    assert scene.table_controls.pick.stage == "card" and not scene.table_controls.pick.card
    assert not scene.actions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_pointed_card_is_shown_large_enough_to_read_even_in_the_smallest_window(
        app: Any, driver: HeadlessDriver, players: int) -> None:
    """At four seats, or in a 1024x576 window, a stranger read 9 px card words: the card
    pointed at is shown in the preview with every word of its rule at 20 logical px or more,
    16 px on the screen at 1024x576 (the canvas at 0.8), for every card, upgraded or not."""
    from game.app.display import LOGICAL_SIZE, MIN_WINDOW
    from game.games.blast import art
    from game.games.blast.data import CARDS
    from game.games.blast.view import note_layout

    shrink = MIN_WINDOW[0] / LOGICAL_SIZE[0]
    scene = open_table(app, driver, make_setup(["mouse"] + ["easy"] * (players - 1), seed=7))
    assert driver.run_until(lambda: scene.decider() == 0, 3000)
    for _ in range(40):
        driver.step()
    slot = scene.table_controls.slots[0]
    pos = (round(slot.top[0]), round(slot.top[1]) - 20)
    for _ in range(3):
        driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0),
                                        buttons=(0, 0, 0))])
    shown = scene.view._previewed()
    assert shown is not None and shown[0] == scene.presenter.hand[0]
    card, _box = scene.view._reading(note_layout(shown[1]))
    for code in CARDS:
        for power in range(6):
            lay = art.face_layout(code, card.w, card.h, power)
            assert lay.name.size * shrink >= 16, (code, lay.name.size)
            if lay.rule is not None:
                assert lay.rule.size * shrink >= 16, (code, power, lay.rule.size)
                assert not lay.rule.lines[-1].endswith("…") and lay.rule.squeeze >= 1, code


def _productive_turn(app: Any, driver: HeadlessDriver, kinds: list[str]) -> tuple[Any, Any]:
    """Seat 0 (a person) has played Productivity and aims a pipe bomb at Easy Ben's palisade:
    Ben's answer window is open, and seat 0's turn goes on once it lands."""
    from game.games.blast.data import PALISADE, PIPE, PRODUCTIVITY, STONE, TNT

    m = table(2, hands={0: [PRODUCTIVITY, PIPE, TNT, STONE], 1: [STONE]},
              walls={1: [PALISADE, STONE]})
    assert m.apply(Play(0, PRODUCTIVITY)) is None
    assert m.apply(Play(0, PIPE, 1, (PALISADE,))) is None
    assert m.current_player() == 1 and m.current == 0
    scene = open_table(app, driver, make_setup(kinds, seed=4),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    assert scene.decider() is None
    return scene, m


def test_keys_pressed_while_an_ai_answers_act_when_the_turn_comes_back(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's keys pressed while Ben's answer to his attack landed were dropped ("waiting
    for Ben"), though his turn went on after it: they are kept and act when it does."""
    from tests.games.blast.scene_helpers import key_event

    scene, _m = _productive_turn(app, driver, ["keys1", "easy"])
    for a in ("right", "confirm"):
        driver.step([key_event(app, "keys1", a, True)])
        driver.step([key_event(app, "keys1", a, False)])
    assert [k[1] for k in scene.keys_kept] == ["right", "confirm"]
    assert driver.run_until(lambda: scene.decider() == 0, 2000)
    driver.step()
    # the kept confirm chose the card its kept arrow moved to: a card is lifted
    assert scene.table_controls.pick.card and scene.table_controls.pick.stage != "card"
    assert not scene.keys_kept


def test_a_click_on_a_hand_card_while_an_ai_answers_is_kept(
        app: Any, driver: HeadlessDriver) -> None:
    """The same by mouse: a hand card clicked while Ben's answer lands is picked up when the
    turn comes back."""
    from tests.games.blast.scene_helpers import HumanHands

    scene, _m = _productive_turn(app, driver, ["mouse", "easy"])
    hands = HumanHands(app, driver, scene)
    card = scene.presenter.hand[0]
    slot = scene.table_controls.slots[0] if scene.table_controls.slots else None
    assert slot is not None
    hands.click((round(slot.top[0]), round(slot.top[1]) - 30))
    assert scene.queued is not None and scene.queued[1] == card
    assert driver.run_until(lambda: scene.decider() == 0, 2000)
    driver.step()
    assert scene.table_controls.pick.card == card
