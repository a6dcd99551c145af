"""Moments at the Kaboom! cards table, each set up from a hand-made state and played with real
input: slaps (first input wins), slap timing, powers, the cursor, the log and the presenter."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.cabo import art, words
from game.games.cabo import rules as R
from game.games.cabo.layout import FELT
from game.games.cabo.scene import CaboScene
from game.tabletop.targets import DIRS
from game.ui import theme
from tests.games.cabo.scene_helpers import HumanHands, key_event, make_setup, open_table

GRIDS = [["7H", "3S", "4S", "5S"], ["7D", "3H", "4H", "5H"], ["2D", "3D", "4D", "5D"]]


def table(app: Any, driver: HeadlessDriver, kinds: list[str], speed: float = 1.0,
          **layout: Any) -> CaboScene:
    """A table opened at a hand-made moment (as a resumed game)."""
    grids = layout.pop("grids", GRIDS)
    layout.setdefault("options", R.CaboOptions(players=len(grids), first_starter=0,
                                               slap_window=1.5))  # as make_setup's
    state = R.CaboState.from_layout(grids, **layout)
    setup = make_setup(kinds, seed=1, rounds=layout.get("round", 1) + 1)
    return open_table(app, driver, setup, {"version": 1, "rules": state.to_dict()}, speed)


def slappable(app: Any, driver: HeadlessDriver, kinds: list[str], **kw: Any) -> CaboScene:
    """Seat 2 (an AI) to play; the 7 of clubs was just discarded by seat 1 and may be slapped.
    Seat 0 knows its 7 of hearts, seat 1 its 7 of diamonds; the AI knows nothing."""
    return table(app, driver, kinds, discard=["7C"], phase=R.Phase.TURN, turn=2, window=True,
                 window_from=1, seen={0: [(0, 0)], 1: [(1, 0)]}, **kw)


def click_down(pos: tuple[float, float]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(pos[0]), round(pos[1])),
                              button=1)


def click(driver: HeadlessDriver, pos: tuple[float, float]) -> None:
    p = (round(pos[0]), round(pos[1]))
    driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))])
    driver.step([click_down(p)])
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1)])


def press(app: Any, driver: HeadlessDriver, device: str, action: str) -> None:
    driver.step([key_event(app, device, action, True)])
    driver.step([key_event(app, device, action, False)])


def wait_idle(driver: HeadlessDriver, scene: CaboScene, limit: int = 600) -> None:
    assert driver.run_until(lambda: not scene.presenter.busy, limit)


def slaps(scene: CaboScene) -> list[R.SlapAttempt]:
    return [e for e in scene.state.events if isinstance(e, R.SlapAttempt)]


# ---------------------------------------------------------------- slapping


@pytest.mark.parametrize("first", ["keys1", "mouse"])
def test_first_slap_input_wins(app: Any, driver: HeadlessDriver, first: str) -> None:
    scene = slappable(app, driver, ["mouse", "keys1", "medium"])
    key = key_event(app, "keys1", "primary", True)
    mouse = click_down(scene.layout.discard_pos)
    driver.step([key, mouse] if first == "keys1" else [mouse, key])
    winner = 1 if first == "keys1" else 0
    (attempt,) = slaps(scene)
    assert attempt.player == winner and scene.state.slap is not None
    assert attempt.t < 0.1  # seconds after the discard landed
    # the late slap did nothing: no second attempt, no penalty for the loser
    driver.run(10)
    assert len(slaps(scene)) == 1
    assert not any(isinstance(e, R.Penalty) and e.player != winner for e in scene.state.events)


def test_click_slap_then_flip_a_match_and_stop(app: Any, driver: HeadlessDriver) -> None:
    sounds: list[str] = []
    app.sound.play = lambda name, *a, **k: sounds.append(name)  # type: ignore[method-assign]
    scene = slappable(app, driver, ["mouse", "keys1", "medium"])
    click(driver, scene.layout.discard_pos)
    assert scene.state.slap is not None and scene.state.slap.player == 0
    wait_idle(driver, scene)
    assert "slap" in sounds and scene.presenter.effects.hands  # a hand slammed the pile
    assert scene.decider() == 0 and "you slapped the 7 first" in scene.prompt()[1]
    click(driver, scene.cursor.get("card:0:0").rect.center)  # type: ignore[union-attr]
    flipped = [e for e in scene.state.events if isinstance(e, R.SlapFlipped)]
    assert flipped and flipped[0].match and flipped[0].pos == R.Pos(0, 0)
    wait_idle(driver, scene)
    click(driver, scene.cursor.get("btn:stop").rect.center)  # type: ignore[union-attr]
    result = [e for e in scene.state.events if isinstance(e, R.SlapResult)]
    assert result and result[0].matched == 1 and result[0].penalty == 0
    wait_idle(driver, scene)
    driver.run(30)  # the hand lifts away
    assert scene.presenter.grids[0][0] is None and not scene.presenter.effects.hands
    assert "7H" in scene.presenter.shown_codes()  # face up on the discard pile


def test_key_slap_flip_anothers_card_and_give_one_of_yours(app: Any,
                                                           driver: HeadlessDriver) -> None:
    # seat 1 (keys1) knows seat 0's 7 of hearts as well as its own 7 of diamonds
    scene = table(app, driver, ["mouse", "keys1", "medium"], discard=["7C"],
                  phase=R.Phase.TURN, turn=2, window=True, window_from=1,
                  seen={1: [(1, 0), (0, 0)]})
    press(app, driver, "keys1", "primary")
    wait_idle(driver, scene)
    hands = HumanHands(app, driver, scene)
    assert hands.choose_target(1, "card:0:0")
    assert scene.state.phase is R.Phase.GIVE
    wait_idle(driver, scene)
    assert "give one of your cards" in scene.prompt()[1]
    assert hands.choose_target(1, "card:1:3")
    gave = [e for e in scene.state.events if isinstance(e, R.Gave)]
    assert gave and gave[0].to == R.Pos(0, 0)
    wait_idle(driver, scene)
    assert scene.presenter.sprite_at(R.Pos(0, 0)) is not None
    assert scene.presenter.sprite_at(R.Pos(1, 3)) is None


def test_wrong_flip_costs_two_penalty_cards_that_slide_in(app: Any,
                                                         driver: HeadlessDriver) -> None:
    scene = slappable(app, driver, ["mouse", "keys1", "medium"])
    click(driver, scene.layout.discard_pos)
    wait_idle(driver, scene)
    click(driver, scene.cursor.get("card:0:1").rect.center)  # type: ignore[union-attr]
    wait_idle(driver, scene)
    (penalty,) = [e for e in scene.state.events if isinstance(e, R.Penalty)]
    assert penalty.player == 0 and len(penalty.slots) == 2
    sprites = [s for s in scene.presenter.grids[0] if s is not None]
    assert len(sprites) == 5 and all(not s.showing_face for s in sprites)
    assert any("2 penalty cards" in t for t in scene.presenter.log.texts())


def test_slap_and_no_flip_costs_one_card(app: Any, driver: HeadlessDriver) -> None:
    scene = slappable(app, driver, ["keys1", "keys2", "medium"])
    press(app, driver, "keys2", "primary")
    wait_idle(driver, scene)
    assert "(])" in scene.prompt()[1]  # the bar names the decline key
    press(app, driver, "keys2", "secondary")  # the Kaboom! key does not stop a slap
    assert not [e for e in scene.state.events if isinstance(e, R.Penalty)]
    assert scene.state.kaboomer is None
    press(app, driver, "keys2", "rotate_right")  # the "Don't flip" key
    (penalty,) = [e for e in scene.state.events if isinstance(e, R.Penalty)]
    assert penalty.player == 1 and len(penalty.slots) == 1


def test_slapping_nothing_does_nothing(app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys1", "medium"], grids=GRIDS[:2], phase=R.Phase.TURN, turn=1)
    move = scene.state.move
    press(app, driver, "keys1", "primary")
    click(driver, scene.layout.discard_pos)
    assert scene.state.move == move and not slaps(scene)
    assert any(f.label == "Nothing to slap" for f in scene.presenter.effects.floats)


def test_a_kaboomer_cannot_slap(app: Any, driver: HeadlessDriver) -> None:
    scene = slappable(app, driver, ["keys1", "keys2", "medium"], kaboomer=0)
    press(app, driver, "keys1", "primary")
    assert not slaps(scene)
    press(app, driver, "keys2", "primary")
    assert slaps(scene)[0].player == 1


# ---------------------------------------------------------------- timing


@pytest.mark.parametrize("wait", [1.0, 4.0])
def test_ai_waits_the_lobbys_time_to_slap_before_drawing(app: Any, driver: HeadlessDriver,
                                                         wait: float) -> None:
    """One slap timing, the match's own (Settings' "Pause for slaps" held a 1 s window to
    1.2 s, and strangers could not tell the two apart)."""
    scene = slappable(app, driver, ["keys1", "keys2", "medium"],
                      options=R.CaboOptions(players=3, first_starter=0, slap_window=wait))
    assert not hasattr(app.settings.assists, "slap_pause_s")

    def drew() -> bool:
        return any(isinstance(e, R.Drew) for e in scene.state.events)

    driver.run_until(lambda: scene.clock >= wait - 0.1, 1000)
    assert not drew() and scene.state.window  # the discard is still slappable
    driver.run_until(lambda: scene.clock >= wait + 0.2, 1000)
    assert drew() and not scene.state.window  # the draw closed the window


def test_a_draw_pressed_during_the_slap_wait_is_queued_and_acts_when_it_ends(
        app: Any, driver: HeadlessDriver) -> None:
    """A press on Draw while the last discard may be slapped is remembered: the pile says
    "Draw queued", the bar says when, and the draw happens by itself when the wait ends, with
    no "Not yet" note (a stranger's press in the wait did nothing visible)."""
    scene = table(app, driver, ["keys1", "medium", "medium"], discard=["7C"],
                  phase=R.Phase.TURN, turn=0, window=True, window_from=2,
                  seen={0: [(0, 0)]})  # a 7 known: the whole Time to slap
    driver.step()
    assert scene.decider() == 0 and scene.cursor.focus_key == "draw"
    assert scene.draw_wait_left() > 1.0
    press(app, driver, "keys1", "confirm")
    labels = [f.label for f in scene.presenter.effects.floats]
    assert not any(lab.startswith("Not yet") for lab in labels), labels
    assert scene.draw_queued(0) and not any(isinstance(e, R.Drew) for e in scene.state.events)
    assert "Your turn: drawing in" in scene.prompt_line(), scene.prompt_line()
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    pile = pygame.Rect(0, 0, scene.layout.card_w, scene.layout.card_h)
    pile.center = (round(scene.layout.draw_pos[0]), round(scene.layout.draw_pos[1]))
    assert surface.get_at((pile.centerx, pile.y - 3))[:3] == theme.SPARK  # ringed
    press(app, driver, "keys1", "confirm")  # a second press keeps the one draw
    assert driver.run_until(lambda: any(isinstance(e, R.Drew) for e in scene.state.events),
                            600)
    assert scene.clock >= scene.state.options.slap_window - 0.1
    driver.run(120)
    assert sum(isinstance(e, R.Drew) for e in scene.state.events) == 1
    assert scene.state.phase is R.Phase.DRAWN and scene.state.current_player() == 0


def test_a_click_after_a_queued_draw_does_not_act_on_the_drawn_card(
        app: Any, driver: HeadlessDriver) -> None:
    """The mouse: two clicks on Draw in the wait draw once, when it ends; a click on a button
    the moment the drawn card shows (meant for Draw) uses no power and discards nothing; the
    drawn card waits for the player."""
    scene = table(app, driver, ["mouse", "medium", "medium"], discard=["7C"],
                  phase=R.Phase.TURN, turn=0, window=True, window_from=2,
                  seen={0: [(0, 0)]}, draw=["TS"])  # a 10: a power
    driver.run(10)
    draw = next(t for t in scene.cursor.targets if t.key == "btn:draw")
    click(driver, draw.rect.center)
    click(driver, draw.rect.center)
    assert driver.run_until(lambda: scene.state.phase is R.Phase.DRAWN
                            and scene.decider() == 0, 600)
    for t in scene.cursor.targets:
        if t.kind == "button":
            click(driver, t.rect.center)
            assert scene.state.phase is R.Phase.DRAWN, t.key
    driver.run(120)
    assert scene.state.phase is R.Phase.DRAWN and scene.state.current_player() == 0
    assert sum(isinstance(e, R.Drew) for e in scene.state.events) == 1


@pytest.mark.parametrize("who", ["lone, no match", "lone, a match", "couch"])
def test_the_draw_waits_less_when_nobody_may_slap(app: Any, driver: HeadlessDriver,
                                                  who: str) -> None:
    """A lone human who knows no card matching the discard, with no computer seat's slap on its
    way, waits QUICK_WAIT before drawing, not the whole Time to slap; on a couch the wait stays
    (its length would tell the couch what a player knows)."""
    from game.games.cabo.scene import QUICK_WAIT

    kinds = ["mouse", "keys1", "random"] if who == "couch" else ["mouse", "random", "random"]
    seen = {0: [(0, 0)]} if who == "lone, a match" else {}
    scene = table(app, driver, kinds, discard=["7C"], phase=R.Phase.TURN, turn=0, window=True,
                  window_from=2, seen=seen,
                  options=R.CaboOptions(players=3, first_starter=0, slap_window=3.0))
    assert driver.run_until(lambda: scene.landed_window == scene.state.window_id, 300)
    scene.slaps.due_at.clear()  # no computer seat's slap on its way
    landed = scene.landed_at
    assert driver.run_until(lambda: scene.draw_wait_left() == 0, 600)
    waited = scene.clock - landed
    if who == "lone, no match":
        assert waited <= QUICK_WAIT + 0.1, waited
    else:
        assert waited >= 3.0, waited


def test_ai_slap_beats_a_slow_human(app: Any, driver: HeadlessDriver) -> None:
    # the hard AI (seat 2) remembers its own 7: it slaps within its reaction range
    from game.games.cabo.ai import PROFILES

    lo, hi = PROFILES["hard"].reaction
    scene = table(app, driver, ["keys1", "medium", "hard"],
                  grids=[["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"],
                         ["7D", "3D", "4D", "5D"]],
                  discard=["7C"], phase=R.Phase.TURN, turn=1, window=True, window_from=0,
                  seen={2: [(2, 0)]})
    driver.run_until(lambda: scene.clock >= hi + 0.2, 200)
    press(app, driver, "keys1", "primary")  # the human, slower than the AI's slowest
    assert [e.player for e in slaps(scene)] == [2]
    assert lo - 0.05 <= slaps(scene)[0].t <= hi + 0.05


# ---------------------------------------------------------------- what each player sees


def test_deal_peek_shows_only_the_lone_humans_two_cards(app: Any,
                                                        driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["mouse", "hard", "hard", "hard"], seed=3),
                       speed=1.0)
    assert driver.run_until(lambda: scene.presenter.hold is not None, 900)
    driver.run(30)
    mine = {c.code for c in scene.state.hand(0)[2:4]}
    assert scene.presenter.shown_codes() == mine
    lifted = [s for p in (1, 2, 3) for s in scene.presenter.grids[p] if s and s.lift > 5]
    assert len(lifted) == 6  # every AI lifts its two cards, faces hidden
    assert "memorise" in scene.prompt()[1]
    click(driver, (640, 500))
    driver.run(40)
    assert scene.presenter.shown_codes() == set() and scene.presenter.known_codes() == set()


def test_a_power_peek_is_shown_to_the_peeker_only(app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.POWER, turn=0,
                  power=R.Power.PEEK_OTHER, discard=["9S"])
    driver.step()
    click(driver, scene.cursor.get("card:1:2").rect.center)  # type: ignore[union-attr]
    driver.run_until(lambda: scene.presenter.hold is not None, 200)
    driver.run(20)
    assert scene.presenter.shown_codes() == {"4H", "9S"} and scene.presenter.hold is not None
    assert any(t == "You looked at Ben's bottom-left card." for t in scene.presenter.log.texts())
    click(driver, (640, 500))
    wait_idle(driver, scene)
    assert scene.presenter.shown_codes() == {"9S"}


def test_an_ai_peek_at_the_humans_card_shows_no_face(app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.POWER, turn=1,
                  power=R.Power.PEEK_OTHER, discard=["9S"])
    driver.run_until(lambda: any(isinstance(e, R.Peeked) for e in scene.state.events), 400)
    for _ in range(120):
        driver.step()
        assert scene.presenter.shown_codes() <= {"9S"}


def test_king_look_then_swap_with_buttons(app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.POWER, turn=0,
                  power=R.Power.VISIBLE_SWAP, discard=["KS"])
    driver.step()
    assert "first of two cards" in scene.prompt()[1]
    click(driver, scene.cursor.get("card:0:3").rect.center)  # type: ignore[union-attr]
    assert scene.selection == R.Pos(0, 3) and "second card" in scene.prompt()[1]
    click(driver, scene.cursor.get("card:1:0").rect.center)  # type: ignore[union-attr]
    wait_idle(driver, scene)
    assert scene.state.phase is R.Phase.KING_DECIDE
    assert scene.presenter.shown_codes() == {"KS", "5S", "7D"}
    click(driver, scene.cursor.get("btn:swap").rect.center)  # type: ignore[union-attr]
    wait_idle(driver, scene)
    assert scene.state.card_at(R.Pos(0, 3)) == R.card("7D")
    assert scene.presenter.shown_codes() == {"KS"}
    assert "You swapped the two cards." in scene.presenter.log.texts()


def test_blind_swap_by_keyboard_can_be_cancelled(app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys1", "hard", "hard"], phase=R.Phase.POWER, turn=0,
                  power=R.Power.BLIND_SWAP, discard=["JS"])
    driver.step()
    hands = HumanHands(app, driver, scene)
    assert hands.choose_target(0, "card:0:0") and scene.selection == R.Pos(0, 0)
    press(app, driver, "keys1", "back")
    assert scene.selection is None
    assert hands.choose_target(0, "card:0:1")
    assert hands.choose_target(0, "card:2:2")
    (swap,) = [e for e in scene.state.events if isinstance(e, R.Swapped)]
    assert swap.blind and {swap.a, swap.b} == {R.Pos(0, 1), R.Pos(2, 2)}
    wait_idle(driver, scene)
    assert "You blind-swapped your own top-right card with Cleo's bottom-left card." in \
        scene.presenter.log.texts()


def test_kaboom_by_the_second_action_key(app: Any, driver: HeadlessDriver) -> None:
    sounds: list[str] = []
    app.sound.play = lambda name, *a, **k: sounds.append(name)  # type: ignore[method-assign]
    scene = table(app, driver, ["keys1", "hard", "hard"], phase=R.Phase.TURN, turn=0)
    driver.step()
    assert "LEFT CTRL" in scene.prompt()[1]
    press(app, driver, "keys1", "secondary")
    # knowing none of its cards (a stranger's unsure calls cost him the match), it asks once
    assert scene.state.kaboomer is None
    assert ("Sure? Kaboom! again to call"
            in floated(scene)), floated(scene)
    assert scene.prompt()[1].endswith("To call it anyway, press LEFT CTRL again; or draw a "
                                      "card."), scene.prompt()  # the bar asks too
    press(app, driver, "keys1", "secondary")  # the second press calls it
    assert scene.state.kaboomer == 0
    wait_idle(driver, scene)
    assert "kaboom" in sounds and scene.presenter.kaboomer == 0


def test_cursor_reaches_every_target(app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys1", "hard", "hard", "hard", "hard", "hard"],
                  grids=[["7H", "3S", "4S", "5S", "6S", None, "8S"], ["7D", "3H", "4H", "5H"],
                         ["2D", "3D", None, "5D"], ["AC", "2C", "3C", "4C"],
                         ["6C", "7C", "8C", "9C"], ["TC", "JC", "QC", "KC"]],
                  phase=R.Phase.POWER, turn=0, power=R.Power.BLIND_SWAP, discard=["JS"])
    driver.step()
    keys = [t.key for t in scene.cursor.targets]
    assert len(keys) == 6 + 4 + 3 + 4 + 4 + 4
    for k in keys:
        assert scene.cursor.path_to(k) is not None, k
    for d in DIRS:
        assert scene.cursor.neighbour(scene.cursor.focus_key, d) in keys


# ---------------------------------------------------------------- the round and the log


def test_round_end_waits_for_a_human_and_shows_the_scores_by_the_hands(
        app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["mouse", "hard"], grids=GRIDS[:2], phase=R.Phase.LAST_CALL,
                  kaboomer=1, turn=0, seen={0: [(0, 0)], 1: [(1, 0), (1, 1)]})
    driver.run_until(lambda: scene.state.phase is R.Phase.ROUND_OVER, 400)
    wait_idle(driver, scene)
    info = scene.presenter.reveal
    assert info is not None and info.knew[(1, 1)] == (1,) and info.knew[(0, 0)] == (0,)
    assert scene.presenter.shown_codes() >= {c.code for c in scene.state.hand(0)}
    driver.run(400)
    # the scores come up in the sidebar, every revealed card still in sight; the sheet waits
    # on its button
    assert scene.state.phase is R.Phase.ROUND_OVER and not scene.show_scores
    scene.view.draw(pygame.Surface((1280, 720)))
    assert scene.view.results_due() and scene.view.results_at is not None
    click(driver, scene.cursor.get("btn:scores").rect.center)  # type: ignore[union-attr]
    assert scene.show_scores and scene.view.sheet is not None
    click(driver, scene.cursor.get("btn:scores").rect.center)  # type: ignore[union-attr]
    assert not scene.show_scores
    click(driver, scene.cursor.get("btn:next").rect.center)  # type: ignore[union-attr]
    assert scene.state.round == 2 and scene.state.phase is R.Phase.FLIP


def test_an_ai_table_deals_the_next_round_by_itself(app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["hard", "hard"], grids=GRIDS[:2], phase=R.Phase.LAST_CALL,
                  kaboomer=1, turn=0, speed=10.0)
    driver.run_until(lambda: scene.state.round == 2, 900)
    assert scene.state.round == 2


def test_log_lines_name_places_in_the_third_person() -> None:
    names = ["Ana", "Ben", "Cleo"]
    swap = R.Swapped(0, R.Pos(1, 0), R.Pos(0, 3), True)
    assert words.describe(swap, names) == \
        "Ana blind-swapped Ben's top-left card with their own bottom-right card."
    drew = R.Drew(1, R.card("QH"))
    assert words.describe(drew, names) == "Ben drew a card."  # never the private card
    peek = R.Peeked(2, R.Pos(2, 1), R.card("5S"), "peek_own")
    assert words.describe(peek, names) == "Cleo looked at their own top-right card."
    pen = R.Penalty(0, (4, 5), (R.card("2C"), R.card("3C")), "slapped without flipping a card")
    line = words.describe(pen, names)
    assert line is not None and "2 penalty cards" in line and "clubs" not in line
    wrong = R.Penalty(0, (4, 5), (R.card("2C"), R.card("3C")), R.WRONG_FLIP_REASON)
    assert words.describe(wrong, names) is None  # the wrong flip's own line said it


def test_presenter_matches_the_rules_whenever_it_rests(app: Any,
                                                       driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["hard", "medium", "easy", "hard"], seed=6,
                                               rounds=1), speed=30.0)
    checked = 0
    for _ in range(3000):
        driver.step()
        if scene.state.is_terminal():
            break
        if scene.presenter.busy:
            continue
        st, pr = scene.state, scene.presenter
        for p, grid in enumerate(st.grids):
            assert [c is None for c in grid] == [s is None for s in pr.grids[p]][:len(grid)]
        assert pr.draw_count == len(st.draw)
        if st.discard and pr.discard:
            assert pr.discard[-1].code == st.discard[-1].code
        assert pr.shown_codes() <= {c.code for c in st.discard} | (
            {c.code for g in st.grids for c in (x.card for x in g if x)}
            if st.phase is R.Phase.ROUND_OVER else set())
        checked += 1
    assert checked > 50 and scene.state.is_terminal()


def test_reduced_motion_keeps_the_table_still(app: Any, driver: HeadlessDriver) -> None:
    app.settings.accessibility.reduced_motion = True
    scene = slappable(app, driver, ["keys1", "keys2", "medium"])
    press(app, driver, "keys1", "primary")
    for _ in range(40):
        driver.step()
        assert scene.presenter.effects.offset() == (0.0, 0.0)
    from game.tabletop import sprites

    assert sprites._calm  # and its cards glide straight, untilted (they tumbled as dealt)


def test_score_sheet_toggles_with_back_and_the_sidebar_button(app: Any,
                                                              driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys1", "hard"], grids=GRIDS[:2], phase=R.Phase.TURN, turn=1)
    press(app, driver, "keys1", "back")
    assert scene.show_scores
    from game.games.cabo.view import SCORES_RECT

    click(driver, SCORES_RECT.center)
    assert not scene.show_scores


def test_every_ai_move_stays_on_screen_long_enough_to_follow(app: Any,
                                                             driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["hard", "medium", "easy"], seed=12, rounds=1),
                       speed=4.0)
    applied: list[tuple[float, R.Action]] = []
    real_apply = scene._apply

    def spy(action: R.Action) -> bool:
        applied.append((scene.clock, action))
        return real_apply(action)

    scene._apply = spy  # type: ignore[method-assign]
    driver.run(1500)
    decisions = [(t, a) for t, a in applied if not isinstance(a, R.Slap | R.Reveal |
                                                              R.NextRound)]
    assert len(decisions) > 30
    gaps = [b[0] - a[0] for a, b in zip(decisions, decisions[1:], strict=False)]
    assert min(gaps) >= 0.6  # seconds of table time between one AI move and the next
    # and a draw never comes before the slap window has had its time
    draws = [t for t, a in decisions if isinstance(a, R.Draw)]
    assert draws


def test_game_over_offers_play_again(app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["mouse", "hard"], grids=GRIDS[:2], phase=R.Phase.LAST_CALL,
                  kaboomer=1, turn=0, options=R.CaboOptions(players=2, rounds=1))
    driver.run_until(lambda: scene.finished and not scene.presenter.busy, 900)
    assert scene.finished and "Game over" in scene.prompt()[1]
    assert scene.cursor.get("btn:again") is None  # the kit's end bar offers it, not the table
    driver.run(90)
    from tests.app.test_match_end import bar_button

    driver.click(bar_button(app, "Play again").center)
    driver.run(40)
    top = app.stack.top
    assert isinstance(top, CaboScene) and top is not scene and top.state.round == 1


@pytest.mark.parametrize("n", [2, 4, 6])
def test_the_home_hand_is_clear_of_the_end_bar_before_the_final_scores_and_stays_still(
        app: Any, driver: HeadlessDriver, n: int) -> None:
    """The end bar covers the screen's foot, so the home seat moves up: as the last round's
    hands turn over, never after (a stranger saw the hand jump about 20 px as the final
    scores came up). From the scores on, no home card moves."""
    from game.app.menus.matchend import BAR_H

    extra = [["6C", "8C", "9C", "TC"], ["6D", "8D", "9D", "TD"], ["6H", "8H", "9H", "TH"]]
    grids = ([GRIDS[0] + ["6S", "8S"]] + GRIDS[1:] + extra)[:n]  # a penalty column at home
    scene = table(app, driver, ["mouse"] + ["hard"] * (n - 1), grids=grids,
                  phase=R.Phase.LAST_CALL, kaboomer=1, turn=0,
                  options=R.CaboOptions(players=n, rounds=1))
    from game.games.cabo.layout import TableLayout

    lay, pr = scene.layout, scene.presenter
    bar_top = 720 - BAR_H - 8
    assert TableLayout(n).plate_rect(0).bottom > bar_top  # in play: the screen's foot
    driver.run_until(lambda: pr.reveal is not None, 900)  # the scores are up
    cards = [s for s in pr.grids[0] if s is not None]
    driver.run_until(lambda: not any(s.moves for s in cards), 60)
    at_scores = [s.rect().topleft for s in cards]
    assert lay.plate_rect(0).bottom <= bar_top and lay.grid_rect(0, 6).bottom <= bar_top
    plate = lay.plate_rect(0)
    driver.run_until(lambda: scene.finished and not pr.busy, 900)
    driver.run(40)
    assert len(cards) == 6 and all(s.rect().bottom <= bar_top and not s.moves for s in cards)
    assert [s.rect().topleft for s in cards] == at_scores and lay.plate_rect(0) == plate


def test_a_ten_round_match_keeps_the_home_seat_at_the_foot_between_rounds(
        app: Any, driver: HeadlessDriver) -> None:
    """Only the last round's reveal lifts the home seat: between other rounds it stays down,
    where the buttons of every seat have their room."""
    scene = table(app, driver, ["mouse", "hard"], grids=GRIDS[:2], phase=R.Phase.LAST_CALL,
                  kaboomer=1, turn=0)
    bottom = scene.layout.plate_rect(0).bottom
    driver.run_until(lambda: scene.presenter.reveal is not None, 900)
    driver.run(60)
    assert scene.layout.plate_rect(0).bottom == bottom


def test_the_lone_human_sees_an_eye_on_the_cards_they_have_looked_at(
        app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["mouse", "hard"], grids=GRIDS[:2], phase=R.Phase.TURN, turn=1,
                  seen={0: [(0, 0), (0, 3)], 1: [(1, 1)]})
    wait_idle(driver, scene)
    scene.view.draw(pygame.Surface((1280, 720)))
    assert sorted(scene.view.own_hand(0).slots) == [0, 3]  # their own seen cards, never a rival's
    sprite = scene.presenter.sprite_at(R.Pos(0, 0))
    assert sprite is not None and not sprite.showing_face  # an eye, not the value


# ---------------------------------------------------------------- power bands


def banded(scene: CaboScene) -> list[str]:
    """Codes of the sprites whose face would carry the power band."""
    return [s.code for s in scene.presenter.sprites() if s.badge == art.POWER and s.code]


def test_the_power_band_shows_on_the_drawn_card_and_its_discard_only(
        app: Any, driver: HeadlessDriver) -> None:
    grids = [["8H", "3S", "4S", "5S"], GRIDS[1], GRIDS[2]]
    scene = table(app, driver, ["mouse", "hard", "hard"], grids=grids, draw=["7C"],
                  discard=["9D"], phase=R.Phase.TURN, turn=0)
    driver.step()
    assert banded(scene) == []  # the 9 on the pile was not discarded for its power
    click(driver, scene.cursor.get("draw").rect.center)  # type: ignore[union-attr]
    wait_idle(driver, scene)
    assert banded(scene) == ["7C"] and scene.presenter.held is not None
    click(driver, scene.cursor.get("btn:power").rect.center)  # type: ignore[union-attr]
    wait_idle(driver, scene)
    assert scene.state.phase is R.Phase.POWER
    assert banded(scene) == ["7C"] and scene.presenter.discard[-1].code == "7C"
    click(driver, scene.cursor.get("card:0:0").rect.center)  # type: ignore[union-attr]
    driver.run_until(lambda: scene.presenter.hold is not None, 200)
    driver.run(20)
    peeked = scene.presenter.sprite_at(R.Pos(0, 0))
    assert peeked is not None and peeked.showing_face and peeked.code == "8H"
    assert "8H" not in banded(scene)  # a peeked 8 in a grid has no power to offer
    click(driver, (640, 500))
    wait_idle(driver, scene)
    assert banded(scene) == []  # the peek is done: the 7 on the pile is a plain card now


def test_a_resumed_power_choice_names_the_power_on_the_pile(app: Any,
                                                            driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.POWER, turn=0,
                  power=R.Power.BLIND_SWAP, discard=["JS", "8D"])
    driver.step()
    assert banded(scene) == ["JS"]


# ---------------------------------------------------------------- clicks while it animates


def test_a_king_pick_clicked_during_the_power_animation_counts(app: Any,
                                                               driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.DRAWN, turn=0,
                  drawn="KS", discard=["9D"])
    driver.step()
    click(driver, scene.cursor.get("btn:power").rect.center)  # type: ignore[union-attr]
    assert scene.state.phase is R.Phase.POWER
    driver.run(3)
    assert scene.presenter.busy  # the card flies to the pile, "Power!" rises
    mine = scene.presenter.sprite_at(R.Pos(0, 3))
    assert mine is not None
    click(driver, mine.rect().center)
    assert scene.presenter.busy and scene.selection is None  # not yet: it waits, not dropped
    wait_idle(driver, scene)
    driver.step()
    assert scene.selection == R.Pos(0, 3)
    click(driver, scene.cursor.get("card:1:0").rect.center)  # type: ignore[union-attr]
    wait_idle(driver, scene)
    assert scene.state.phase is R.Phase.KING_DECIDE
    assert scene.presenter.shown_codes() == {"KS", "9D", "5S", "7D"}


def test_a_click_during_an_animation_is_dropped_once_the_table_moves_on(
        app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.DRAWN, turn=0,
                  drawn="KS", discard=["9D"])
    driver.step()
    click(driver, scene.cursor.get("btn:power").rect.center)  # type: ignore[union-attr]
    mine = scene.presenter.sprite_at(R.Pos(0, 3))
    assert mine is not None and scene.presenter.busy
    click(driver, mine.rect().center)
    assert scene.early_click is not None
    scene.state.apply(R.KingLook(0, R.Pos(0, 0), R.Pos(1, 1)))  # the table moved on
    wait_idle(driver, scene)
    driver.step()
    assert scene.early_click is None and scene.selection is None


@pytest.mark.parametrize("device", ["keys1", "pad1"])
def test_keys_pressed_during_the_power_animation_act_when_the_choice_shows(
        app: Any, driver: HeadlessDriver, device: str) -> None:
    """A stranger's keys pressed as the 7 flew to the pile were dropped (a click was kept):
    they are kept and act, in order, once the peek's choices show."""
    scene = table(app, driver, [device, "hard", "hard"], phase=R.Phase.DRAWN, turn=0,
                  drawn="7C", discard=["9D"])
    wait_idle(driver, scene)
    hands = HumanHands(app, driver, scene)
    hands.press(device, "secondary")  # the power button's own key
    assert scene.state.phase is R.Phase.POWER and scene.presenter.busy
    hands.press(device, "right")
    hands.press(device, "confirm")
    assert scene.presenter.busy  # pressed before the choices showed
    assert not any(isinstance(e, R.Peeked) and e.reason == "peek_own"
                   for e in scene.state.events)
    def peeks() -> list[R.Pos]:
        return [e.pos for e in scene.state.events if isinstance(e, R.Peeked)
                and e.reason == "peek_own"]

    assert driver.run_until(lambda: bool(peeks()), 200)
    assert peeks() == [R.Pos(0, 1)]  # right of the first card, then chosen


def test_keys_pressed_during_the_power_animation_are_dropped_once_the_table_moves_on(
        app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys1", "hard", "hard"], phase=R.Phase.DRAWN, turn=0,
                  drawn="7C", discard=["9D"])
    wait_idle(driver, scene)
    press(app, driver, "keys1", "secondary")
    press(app, driver, "keys1", "confirm")
    assert scene.early_keys is not None
    scene.state.apply(R.PeekOwn(0, 3))  # the table moved on
    driver.step()
    assert scene.early_keys is None and "Press again: the table changed" in notes(scene)
    driver.run(60)
    assert [e.pos for e in scene.state.events if isinstance(e, R.Peeked)
            and e.reason == "peek_own"] == [R.Pos(0, 3)]


def flipped_over_an_ace(app: Any, driver: HeadlessDriver, mine: str,
                        window: float = 1.5) -> CaboScene:
    """The mouse seat, knowing its `mine` (top left), turns a 6 over the Ace of diamonds."""
    grids = [[mine, "3S", "4S", "5S"], *GRIDS[1:]]
    # (every opening card keeps the whole Time to slap:
    # `test_every_opening_card_keeps_the_whole_time_to_slap`)
    scene = table(app, driver, ["mouse", "keys1", "hard"], phase=R.Phase.FLIP, turn=0,
                  discard=["AD"], draw=["6C"], seen={0: [(0, 0)]}, grids=grids,
                  options=R.CaboOptions(players=3, first_starter=0, slap_window=window))
    driver.step()
    click(driver, scene.cursor.get("draw").rect.center)  # type: ignore[union-attr]
    assert scene.state.discard[-1] == R.card("6C") and scene.state.window
    return scene


def notes(scene: CaboScene) -> list[str]:
    return [f.label for f in scene.presenter.effects.floats]


def test_a_slap_while_the_next_card_is_still_flying_is_refused_not_spent_on_it(
        app: Any, driver: HeadlessDriver) -> None:
    """A press meant for the Ace while the 6 is in the air is refused; once the 6 has landed a
    player who knows a 6 (and no Ace) slaps it at once: their hand was for the 6."""
    scene = flipped_over_an_ace(app, driver, "6H")
    click(driver, scene.layout.discard_pos)  # meant for the Ace; the 6 is still in the air
    assert slaps(scene) == [] and scene.state.slap is None
    assert "Too late: the Ace is covered" in notes(scene)  # named (a new card is on its way)
    assert driver.run_until(lambda: scene.landed_window == scene.state.window_id, 200)
    assert scene.in_grace()
    click(driver, scene.layout.discard_pos)
    assert [s.card for s in slaps(scene)] == [R.card("6C")]


def test_a_slow_press_on_a_card_just_covered_is_too_late_for_it_and_costs_nothing(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's slaps came 1-2 s late and landed on the card that had replaced the one he
    meant, for a penalty: 2 s after a 6 covers the Ace he knew, his press is judged against the
    Ace, refused in words, costs nothing, and nothing is slapped; the press is spent: another
    in the grace is refused alike (`test_late_press`)."""
    scene = flipped_over_an_ace(app, driver, "AH", window=3.0)
    assert driver.run_until(lambda: scene.landed_window == scene.state.window_id, 200)
    assert driver.run_until(lambda: scene.clock - scene.landed_at >= 2.0, 300)
    assert scene.in_grace() and scene.covered == R.card("AD")
    cards = [len([c for c in g if c is not None]) for g in scene.state.grids]
    click(driver, scene.layout.discard_pos)
    assert slaps(scene) == [] and scene.state.slap is None and scene.state.window
    assert "Too late: the Ace is covered" in notes(scene)
    assert [len([c for c in g if c is not None]) for g in scene.state.grids] == cards
    click(driver, scene.layout.discard_pos)  # pressing again in the grace: spent too
    assert slaps(scene) == [] and scene.state.slap is None


def test_a_press_by_a_player_who_knows_no_match_is_judged_against_the_covered_card(
        app: Any, driver: HeadlessDriver) -> None:
    """A press just after the 6 lands from a player who knows neither a 6 nor an Ace (a guess
    was on its way to the Ace) slaps nothing; after the grace the 6 can be slapped."""
    scene = flipped_over_an_ace(app, driver, "7H", window=3.0)
    assert driver.run_until(lambda: scene.landed_window == scene.state.window_id, 200)
    assert driver.run_until(lambda: scene.clock - scene.landed_at >= 0.7, 200)
    click(driver, scene.layout.discard_pos)
    assert slaps(scene) == [] and scene.state.slap is None and scene.state.window
    assert driver.run_until(lambda: not scene.in_grace(), 300)
    assert scene.state.discard[-1] == R.card("6C")
    click(driver, scene.layout.discard_pos)
    assert [s.card for s in slaps(scene)] == [R.card("6C")]


def test_a_press_just_after_your_own_discard_lands_slaps_the_card_you_discarded(
        app: Any, driver: HeadlessDriver) -> None:
    """A playtester discarded his 4 of clubs, holding a known 4, and pressed 0.4 s later: the
    grace judged him against the card his 4 covered ("Too late for the 2 of diamonds"). The
    grace is for a card the hand had not seen; your own discard you know."""
    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.DRAWN, turn=0,
                  drawn="4C", discard=["9D"], window=True, seen={0: [(0, 2)]})
    driver.step()
    scene.human_act(R.Discard(0))
    assert scene.state.discard[-1] == R.card("4C") and scene.state.window
    assert driver.run_until(lambda: scene.landed_window == scene.state.window_id, 200)
    assert scene.in_grace() and scene.covered == R.card("9D")
    click(driver, scene.layout.discard_pos)
    assert [s.card for s in slaps(scene)] == [R.card("4C")]


def test_the_table_leaves_a_discard_on_top_before_turning_the_next(
        app: Any, driver: HeadlessDriver) -> None:
    """The next card never covers a slappable one sooner than MIN_ON_TOP after it landed, even
    at the brisk pace (the opening's flips came every 1.5 s and hands slapped the wrong one)."""
    from game.games.cabo.scene import MIN_ON_TOP

    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.FLIP, turn=1,
                  discard=["AD"], draw=["6C", "5C"], window=True)
    scene.pace = 0.6  # brisk
    assert driver.run_until(lambda: len(scene.state.discard) > 1, 600)
    assert scene.clock - scene.landed_at >= MIN_ON_TOP - 1e-9
    assert scene.state.options.slap_window < MIN_ON_TOP


def test_continue_during_the_opening_flips_shows_your_two_cards_again(
        app: Any, driver: HeadlessDriver) -> None:
    """A save made in the deal (quit while the cards were turned off the pile) resumes with the
    dealt peek shown again: a playtester who quit there played the next round blind."""
    from game.core.rng import derive_seed
    from game.games.cabo.options import options_from
    from game.games.cabo.savefmt import SAVE_VERSION

    setup = make_setup(["mouse", "easy"], seed=5, rounds=3)
    state = R.new_game(options_from(setup), derive_seed(setup.seed, "deal"))
    assert state.phase is R.Phase.FLIP
    scene = open_table(app, driver, setup, {"version": SAVE_VERSION, "rules": state.to_dict()},
                       speed=1.0)
    for _ in range(120):
        hold = scene.presenter.hold
        if hold is not None:
            break
        driver.step()
    assert hold is not None and hold.kind == "start" and hold.seat == 0


def test_continue_after_a_card_was_flipped_shows_that_moment_not_the_deal_again(
        app: Any, driver: HeadlessDriver) -> None:
    """A save made after the first card came off the pile resumes at that moment: the flipped
    card face up on the discard pile, your cards face down, the flip's prompt, never the
    deal's 'memorise your two bottom cards' over the flipped card (a playtester saw that)."""
    from game.core.rng import derive_seed
    from game.games.cabo.options import options_from
    from game.games.cabo.savefmt import SAVE_VERSION

    setup = make_setup(["mouse", "easy"], seed=5, rounds=3)
    state = R.new_game(options_from(setup), derive_seed(setup.seed, "deal"))
    flipper = state.current_player()
    state.must_apply(R.FlipTop(flipper))
    top = state.discard[-1]
    scene = open_table(app, driver, setup, {"version": SAVE_VERSION, "rules": state.to_dict()},
                       speed=1.0)
    pr = scene.presenter
    for _ in range(60):
        assert pr.hold is None
        assert "memorise" not in scene.prompt_line()
        assert not any(s is not None and s.showing_face for s in pr.grids[0])  # face down
        driver.step()
    assert pr.discard[-1].code == top.code and pr.discard[-1].showing_face


def _luminance(c: tuple[int, int, int]) -> float:
    lin = [(v / 255) / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_match_rises_by_the_slapper_on_a_readable_plate(app: Any, driver: HeadlessDriver) -> None:
    """A playtester read "Match!" as another seat's (it rose by the piles) and could hardly see
    "+1 penalty card" (red on green): words rise by the seat they are about, on a dark plate."""
    from game.games.cabo.presenter import PENALTY_RED, PlatedWord

    scene = slappable(app, driver, ["mouse", "keys1", "medium"])
    assert scene.slap(1)
    wait_idle(driver, scene)
    scene.human_act(R.SlapFlip(1, R.Pos(1, 0)))
    lay = scene.layout

    def match_word() -> PlatedWord | None:
        return next((f for f in scene.presenter.effects.floats
                     if isinstance(f, PlatedWord) and f.label == "Match!"), None)

    assert driver.run_until(lambda: match_word() is not None, 300)
    word = match_word()
    assert word is not None

    def far(seat: int) -> float:
        r = lay.block_rect(seat, 4)
        return float(abs(word.pos[0] - r.centerx) + abs(word.pos[1] - r.centery))

    assert min(range(3), key=far) == 1
    ink = _luminance(theme.INK)
    for colour in (PENALTY_RED, theme.SPARK, theme.MINT):
        assert (_luminance(colour) + 0.05) / (ink + 0.05) >= 4.5  # WCAG AA on the plate


def test_a_penalty_word_never_covers_the_verdict_still_showing(
        app: Any, driver: HeadlessDriver) -> None:
    """'+2 penalty cards' rose over 'No match!' at the same place in a real window."""
    from game.games.cabo.presenter import plated_word

    scene = slappable(app, driver, ["mouse", "keys1", "medium"])
    p = scene.presenter
    p.note(0, "No match!", theme.BLAST, 24)
    p.note(0, "+2 penalty cards", theme.BLAST, 22)
    a, b = p.effects.floats[-2:]
    ra, rb = (plated_word(f.label, f.size, f.colour, 8).get_rect(center=f.pos) for f in (a, b))
    assert not ra.colliderect(rb)


def test_a_slap_just_after_the_next_draw_is_told_it_was_too_late(
        app: Any, driver: HeadlessDriver) -> None:
    """A press on the 7 after the next player drew is refused and says why, naming the
    drawer: however long after (a stranger who knew a match clicked late and heard nothing)."""
    from game.games.cabo.scene import LATE_NOTICE

    scene = slappable(app, driver, ["mouse", "keys1", "medium"])
    driver.step()
    assert scene.state.apply(R.Draw(2)) is None and not scene.state.window
    scene.clock += scene.ai_wait() + LATE_NOTICE + 1.0  # long after: still said
    assert not scene.slap(0) and slaps(scene) == []
    labels = [f.label for f in scene.presenter.effects.floats]
    assert "Too late: Cleo drew" in labels, labels


def test_the_opening_flip_prompt_names_the_draw_pile_not_just_the_pile(
        app: Any, driver: HeadlessDriver) -> None:
    """'Click the pile to flip it now. Know a 6? Slap it: click the pile' named two piles
    alike; the flip is the draw pile's."""
    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.FLIP, turn=0,
                  discard=["AD"], draw=["6C"], window=True)
    driver.step()
    line = scene.prompt_line()
    assert "click the draw pile to flip next" in line, line


def results_words(scene: CaboScene) -> list[str]:
    """The words the round's scores are drawn with (the panel drawn afresh, watched)."""
    from game.games.cabo import hud

    drawn: list[str] = []
    real = hud.text.blit

    def seen(surface: Any, words: str, *args: Any, **kw: Any) -> Any:
        drawn.append(words)
        return real(surface, words, *args, **kw)

    hud.text.blit = seen  # type: ignore[assignment]
    hud.results_panel.cache_clear()
    try:
        scene.view.draw(pygame.Surface((1280, 720)))
    finally:
        hud.text.blit = real  # type: ignore[assignment]
    return drawn


@pytest.mark.parametrize(("n", "last", "large"), [
    (2, False, False), (2, True, True), (4, True, False), (4, False, True), (6, False, False),
    (6, True, True)])  # each table size at a round's end and the match's, in both text sizes
def test_the_rounds_scores_stand_in_the_sidebar_whole_and_off_the_felt(
        app: Any, driver: HeadlessDriver, n: int, last: bool, large: bool) -> None:
    """Over the felt the scores let the piles show through and, in larger text, covered the
    cards across the table: they stand in the sidebar, in the move log's place, clear of the
    Scores button and (at the match's end) of the end bar, every seat's total and the
    caller's reason whole (each reason too when there is room)."""
    from game.app.menus.matchend import BAR_H
    from game.games.cabo.layout import FELT, SIDEBAR
    from game.games.cabo.view import SCORES_RECT
    from game.ui import text

    if large:
        app.settings.accessibility.large_text = True
        app.apply_settings()
        text.forget_cached_drawings()
    grids = (GRIDS + [["6C", "8C", "9C", "TC"], ["6D", "8D", "9D", "TD"],
                      ["6H", "8H", "9H", "TH"]])[:n]
    scene = table(app, driver, ["mouse"] + ["hard"] * (n - 1), speed=10.0, grids=grids,
                  phase=R.Phase.LAST_CALL, kaboomer=1, turn=0,
                  options=R.CaboOptions(players=n, first_starter=0, slap_window=1.5,
                                        rounds=1 if last else 10))
    assert driver.run_until(lambda: scene.view.results_due() and not scene.presenter.busy
                            and (scene.finished or not last), 400)
    assert scene.finished is last
    drawn = results_words(scene)
    at = scene.view.results_at
    info = scene.presenter.reveal
    assert at is not None and info is not None and info.whys[1]
    assert SIDEBAR.contains(at) and not at.colliderect(FELT)
    assert not at.colliderect(SCORES_RECT) or at.y < SCORES_RECT.bottom  # title beside it
    if last:
        assert at.bottom <= 720 - 8 - BAR_H
    said = " ".join(drawn)
    assert info.whys[1] in said, drawn  # the caller's reason, line after line
    assert not [w for w in drawn if w.endswith("…")], drawn
    for seat in range(n):
        assert scene.names[seat] in said and str(scene.presenter.totals[seat]) in drawn
    assert "cards add up to" in said or (large and n == 6)


def test_a_press_that_comes_second_is_told_who_slapped_first(app: Any,
                                                            driver: HeadlessDriver) -> None:
    """While another seat's slap is settled, a press on the pile (click or key) says who got
    there first: a stranger's click on a 6 he knew, an instant after an AI's slap on it, said
    nothing at all."""
    scene = slappable(app, driver, ["mouse", "keys1", "medium"])
    driver.run(60)  # the 7 has landed and may be slapped
    press(app, driver, "keys1", "primary")  # seat 1 slaps first
    assert scene.state.slap is not None and scene.state.slap.player == 1
    move = scene.state.move
    click(driver, scene.layout.discard_pos)  # the mouse seat's press comes second
    assert scene.state.move == move and scene.state.slap.player == 1
    labels = [f.label for f in scene.presenter.effects.floats]
    assert "Ben slapped first" in labels, labels


def test_a_click_on_the_pile_just_after_a_draw_is_a_late_slap_not_a_discard(
        app: Any, driver: HeadlessDriver) -> None:
    """A click on the discard pile in the moment after a draw (a hand on its way to slap the
    card below) discards nothing unseen: it is told it came too late for that card. Once the
    drawn card has been in sight a moment, a click on the pile discards it as before."""
    from game.games.cabo.scene import DRAWN_SETTLE

    scene = table(app, driver, ["mouse", "medium", "medium"], discard=["7C"],
                  phase=R.Phase.TURN, turn=0, window=True, window_from=2)
    driver.run_until(lambda: scene.draw_wait_left() == 0, 600)
    click(driver, scene.layout.draw_pos)
    driver.run_until(lambda: scene.decider() == 0 and scene.state.phase is R.Phase.DRAWN, 600)
    click(driver, scene.layout.discard_pos)
    assert scene.state.phase is R.Phase.DRAWN  # nothing discarded
    labels = [f.label for f in scene.presenter.effects.floats]
    assert f"Too late for {words.card_name(R.card('7C'))}" in labels, labels
    driver.run(round(DRAWN_SETTLE * 60) + 6)
    click(driver, scene.layout.discard_pos)
    assert any(isinstance(e, R.Discarded) and e.player == 0 for e in scene.state.events)


def test_the_click_that_ends_the_opening_does_not_act_on_the_first_turn(
        app: Any, driver: HeadlessDriver) -> None:
    """A click on the draw pile as the opening's last card turns over (it asked for that card)
    is not kept for the first turn: no draw queued, no "Not yet" note (a stranger's click for
    the 8th card started play and was answered "Not yet: time to slap the 5 first")."""
    scene = table(app, driver, ["mouse", "medium", "medium"], phase=R.Phase.FLIP, turn=0,
                  seen={0: [(0, 0)]}, options=R.CaboOptions(players=3, first_starter=0,
                                                            slap_window=3.0, opening_flips=1))
    assert driver.run_until(lambda: scene.state.phase is R.Phase.TURN, 300)
    assert scene.presenter.busy  # the last opening card is still turning over
    click(driver, scene.layout.draw_pos)
    wait_idle(driver, scene)
    driver.run(30)
    labels = [f.label for f in scene.presenter.effects.floats]
    assert not any(lab.startswith("Not yet") for lab in labels), labels
    assert not scene.draw_queued() and scene.early_click is None
    driver.run(300)
    assert not any(isinstance(e, R.Drew) for e in scene.state.events)
    assert scene.state.phase is R.Phase.TURN and scene.decider() == 0


def test_in_the_opening_the_draw_pile_never_answers_with_slap_words(
        app: Any, driver: HeadlessDriver) -> None:
    """Clicks on the draw pile in the opening ask for the next card: while another seat's slap
    is settled they say the table waits for it, never "Ben slapped first" or "To slap the 7,
    click the pile" (a stranger's clicks for the next card read so)."""
    scene = table(app, driver, ["mouse", "keys1", "medium"], phase=R.Phase.FLIP, turn=2,
                  window=True, window_from=1, discard=["9C"], seen={1: [(1, 0)]},
                  grids=[["7H", "3S", "4S", "5S"], ["9D", "3H", "4H", "5H"],
                         ["2D", "3D", "4D", "5D"]],
                  options=R.CaboOptions(players=3, first_starter=0, slap_window=4.0))
    click(driver, scene.layout.draw_pos)  # the 9 is still landing
    assert driver.run_until(lambda: scene.landed_window == scene.state.window_id, 300)
    press(app, driver, "keys1", "primary")  # Ben slaps the 9
    assert scene.state.slap is not None and scene.state.slap.player == 1
    click(driver, scene.layout.draw_pos)
    labels = [f.label for f in scene.presenter.effects.floats]
    assert labels and not any("slapped first" in lab or "To slap" in lab for lab in labels), \
        labels
    assert "Wait: Ben is slapping" in labels, labels


def test_an_opening_with_no_slap_says_who_starts_play(app: Any, driver: HeadlessDriver) -> None:
    """After the quick opening's flips (R.OPENING_FLIPS) with no match slapped, play starts with the
    round's starter, and the table says so (play began silently and a stranger kept waiting)."""
    scene = table(app, driver, ["keys1", "medium", "medium"], phase=R.Phase.FLIP, turn=0,
                  seen={}, options=R.CaboOptions(players=3, first_starter=0, slap_window=1.5,
                                                 opening_flips=R.OPENING_FLIPS))
    banners: list[str] = []

    def started() -> bool:
        if scene.presenter.banner is not None:
            banners.append(scene.presenter.banner[0])
        return scene.state.phase is R.Phase.TURN and not scene.presenter.busy

    assert driver.run_until(started, 4000)
    assert scene.state.opening_flips() == R.OPENING_FLIPS and scene.state.turn == 0
    assert "No match slapped. You start play." in banners


def test_a_power_waiting_out_the_slaps_says_so(app: Any, driver: HeadlessDriver) -> None:
    """After discarding a power card the table waits for slaps before the power: the bar said
    only "Know a 9? Slap it", and a stranger thought their presses were ignored."""
    scene = table(app, driver, ["mouse", "easy", "easy"], phase=R.Phase.DRAWN, turn=0,
                  drawn="9C", seen={})
    driver.run(30)
    assert scene._apply(R.UsePower(0))
    said = []
    for _ in range(120):
        driver.step()
        said.append(scene.prompt())
    assert (0, "Know a 9? Slap it: click the discard pile.  Your power comes once the slaps are "
               "over.") in said
    assert said[-1][1].startswith("choose another player's card to look at")


def test_a_refusal_by_the_home_seat_rises_clear_of_its_buttons(
        app: Any, driver: HeadlessDriver) -> None:
    """In a real window "Too late for the 5 of diamonds: no penalty" rose under the "Flip the
    top card" button and could not be read: a word about a seat keeps off the buttons (and
    names the card it was too late for by its rank, short enough for the felt there)."""
    from game.games.cabo.presenter import PlatedWord, plated_word

    grids = [["AH", "3S", "4S", "5S"], GRIDS[1]]
    scene = table(app, driver, ["mouse", "hard"], phase=R.Phase.FLIP, turn=1, grids=grids,
                  discard=["AD"], draw=["6C"], seen={0: [(0, 0)]},
                  options=R.CaboOptions(players=2, first_starter=0, slap_window=3.0))
    assert driver.run_until(lambda: scene.state.discard[-1] == R.card("6C")
                            and scene.landed_window == scene.state.window_id, 400)
    driver.run_until(lambda: bool([t for t in scene.cursor.targets if t.kind == "button"]), 100)
    buttons = [t.rect for t in scene.cursor.targets if t.kind == "button"]
    assert buttons and scene.in_grace()
    click(driver, scene.layout.discard_pos)
    late = "Too late: the Ace is covered"
    word = next(f for f in scene.presenter.effects.floats
                if isinstance(f, PlatedWord) and f.label == late)
    assert plated_word(word.label, word.size, word.colour, 8).get_rect(
        center=word.pos).collidelist(buttons) < 0


def test_the_memorise_step_waits_for_the_players_click(app: Any,
                                                       driver: HeadlessDriver) -> None:
    """A stranger pressed F11 at "Memorise your two bottom cards, then click" and the step had
    timed out (8 s) by the next screenshot: they never saw their cards. It waits for the click
    (a table left alone for half a minute moves on)."""
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=5, rounds=3), speed=1.0)
    assert driver.run_until(lambda: scene.presenter.hold is not None, 600)
    hold = scene.presenter.hold
    assert hold is not None and hold.kind == "start"
    driver.run(60 * 20)  # twenty seconds without a click
    assert scene.presenter.hold is hold and "memorise" in scene.prompt_line().lower()


def test_a_card_stays_slappable_while_the_player_looks_at_a_peeked_card(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's peek found a match for the card on the pile; the click that closed the peek
    was the window's last moment. While a player's own look waits for their click, the card
    on the pile's slap window does not run."""
    from game.games.cabo.presenter import Hold

    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=5, rounds=3), speed=1.0)
    scene.landed_window = scene.state.window_id
    scene.landed_at = scene.clock
    scene.presenter.hold = Hold(0, 30.0, "peek")
    before = scene.window_open_for()
    for _ in range(120):
        scene.update(1 / 60)
    assert scene.window_open_for() == pytest.approx(before, abs=1e-6)
    scene.presenter.hold = None
    scene.update(0.5)
    assert scene.window_open_for() == pytest.approx(before + 0.5, abs=1e-6)


def test_each_opening_card_at_an_easy_table_stays_the_default_four_seconds(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger at an Easy table found the opening's cards covered after 2-3 s, tight for a
    newcomer: the lobby's Time to slap is 4 s by default, and the computer seat's next flip
    waits the whole of it from the moment the card lands."""
    import dataclasses

    from game.games.cabo import INFO

    assert next(o for o in INFO.options if o.key == "slap_window").default == 4.0
    setup = make_setup(["mouse", "easy"], seed=5, rounds=3)
    setup = dataclasses.replace(setup, options={k: v for k, v in setup.options.items()
                                                if k != "slap_window"})
    scene = open_table(app, driver, setup, speed=4.0)
    assert scene.state.options.slap_window == 4.0
    assert driver.run_until(lambda: scene.presenter.hold is not None, 600)
    scene._close_hold(0)
    scene.human_act(R.FlipTop(0))  # the player's own card turns on their press
    landed: dict[int, float] = {}
    waits: list[float] = []
    seen = len(scene.state.events)
    for _ in range(60 * 6):
        driver.step()
        if scene.landed_window == scene.state.window_id:
            landed.setdefault(scene.state.window_id, scene.landed_at)
        for e in scene.state.events[seen:]:
            if isinstance(e, R.Flipped) and landed:
                waits.append(scene.clock - max(landed.values()))
        seen = len(scene.state.events)
        if len(waits) >= 2:
            break
    assert len(waits) == 2 and all(w >= 4.0 for w in waits)


def test_a_click_on_a_peeked_card_matching_the_pile_slaps_it_at_once(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger peeked their own 7 as the 7 lay on the pile: their click on it only closed
    the peek, and an AI had drawn by the second ("Too late: the 7 is covered"). The click on
    the peeked card closes the peek and slaps it onto the pile."""
    scene = table(app, driver, ["mouse", "easy"], grids=[GRIDS[0], GRIDS[2]],
                  phase=R.Phase.DRAWN, turn=0, drawn="7C", seen={})
    driver.run(30)
    assert scene._apply(R.UsePower(0))
    assert driver.run_until(lambda: scene.state.phase is R.Phase.POWER
                            and not scene.presenter.busy, 900)
    assert scene._apply(R.PeekOwn(0, 0))
    assert driver.run_until(lambda: scene.presenter.hold is not None, 300)
    click(driver, scene.presenter.grids[0][0].rect().center)
    assert scene.presenter.hold is None
    assert [s.player for s in slaps(scene)] == [0]
    assert any(isinstance(e, R.SlapFlipped) and e.pos == R.Pos(0, 0)
               for e in scene.state.events)


# ---------------------------------------------------------------- what you know of your hand


def test_the_lone_human_is_told_what_the_cards_they_have_seen_add_up_to(
        app: Any, driver: HeadlessDriver) -> None:
    """A first-timer had nothing to judge a Kaboom! call by: a line by their plate counts the
    cards they have seen (their own observation: never a rival's card they know, never one
    they have not seen)."""
    scene = table(app, driver, ["mouse", "hard"], grids=GRIDS[:2], phase=R.Phase.TURN, turn=1,
                  seen={0: [(0, 0), (0, 3), (1, 1)], 1: [(1, 1)]})
    wait_idle(driver, scene)
    scene.view.draw(pygame.Surface((1280, 720)))
    assert scene.view.hand_words(0) == "You know 2 of 4 cards: 12 points so far"  # 7 + 5
    plate = scene.layout.plate_rect(0)
    at = scene.view.hand_at
    assert at is not None and at.left > scene.layout.grid_rect(0, 6).right \
        and abs(at.centery - plate.centery) <= 1
    assert words.hand_line([7, 5, -1, 0], 4) == "You know all 4 cards: 11 points"
    assert words.hand_line([1], 2) == "You know 1 of 2 cards: 1 point so far"
    assert words.hand_line([], 4) == "You know none of your cards yet"
    # a Joker alone: the voice's plural rule, "-1 point" (the hand box read "-1 points")
    assert words.hand_line([-1], 4) == "You know 1 of 4 cards: -1 point so far"
    assert words.hand_line([-1, 0], 2) == "You know both cards: -1 point"
    assert words.points(-2) == "-2 points" and words.points(0) == "0 points"


def test_a_new_deal_never_shows_last_rounds_count(app: Any, driver: HeadlessDriver) -> None:
    """A stranger read "You know all 3 cards: 2 points" over four fresh cards while round 2
    was dealt: while the new deal is on its way the new round knows nothing yet."""
    grids = [["AH", "2S", "AS"], ["9D", "TH", "QH", "JH"]]
    state = R.CaboState.from_layout(grids, phase=R.Phase.TURN, turn=0,
                                    seen={0: [(0, 0), (0, 1), (0, 2)]},
                                    options=R.CaboOptions(players=2, first_starter=0,
                                                          slap_window=1.5, rounds=2))
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=1, rounds=2),
                       {"version": 1, "rules": state.to_dict()})
    wait_idle(driver, scene)
    assert scene.view.hand_words(0) == "You know all 3 cards: 4 points"
    scene.human_act(R.CallKaboom(0))
    assert driver.run_until(lambda: scene.state.phase is R.Phase.ROUND_OVER
                            and not scene.presenter.busy, 3000)
    scene.next_round()
    pr = scene.presenter
    assert driver.run_until(lambda: pr.round == 2, 600)
    assert scene.view.hand_words(0) == "You know none of your cards yet"


def test_watching_another_seat_the_hand_line_names_it() -> None:
    """Watch again, viewing Ben: "Ben knows ...", never "You know ..." beside Ben's cards."""
    voice = words.Voice(["Ana", "Ben"], you=0)
    assert words.hand_line([1, 2], 4, voice, 1) == "Ben knows 2 of 4 cards: 3 points so far"
    assert words.hand_line([], 4, voice, 1) == "Ben knows none of their cards yet"
    assert words.hand_line([5], 1, voice, 1) == "Ben knows their card: 5 points"
    assert words.hand_line([1, 2], 4, voice, 0) == "You know 2 of 4 cards: 3 points so far"


def test_on_a_couch_the_hand_line_shows_only_while_its_owner_holds_a_card_up(
        app: Any, driver: HeadlessDriver) -> None:
    """Two humans at one screen: the count would tell the other seat what you know, so it
    rises with "For Ben's eyes only" while Ben holds his drawn card up, and is gone after."""
    scene = table(app, driver, ["mouse", "keys1"], grids=GRIDS[:2], phase=R.Phase.TURN,
                  turn=1, draw=["9C"], seen={0: [(0, 0)], 1: [(1, 0), (1, 1)]})
    wait_idle(driver, scene)
    scene.human_act(R.Draw(1))
    wait_idle(driver, scene)
    surface = pygame.Surface((1280, 720))
    scene.view.draw(surface)
    assert scene.view.hand_at is None
    hands = HumanHands(app, driver, scene)
    frames: list[tuple[bool, bool]] = []  # (Ben's card up, the line drawn) each frame

    def check() -> None:
        scene.view.draw(surface)
        up = any(sec.seat == 1 and sec.sprite.showing_face for sec in scene.presenter.secrets)
        frames.append((up, scene.view.hand_at is not None))

    hands.frames_check.append(check)
    hands.look(1, frames=6)
    assert (True, True) in frames and all(up == drawn for up, drawn in frames)
    assert scene.view.hand_words(1) == "You know 2 of 4 cards: 10 points so far"  # 7 + 3
    scene.view.draw(surface)
    assert scene.view.hand_at is None


def test_the_score_sheet_in_the_first_round_never_says_after_round_0(
        app: Any, driver: HeadlessDriver, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stranger opened the sheet in round 1 and read 'Score sheet after round 0'."""
    from game.games.cabo import view as cabo_view

    titles: list[str] = []
    real = cabo_view.score_sheet

    def spy(rows: Any, rounds: int, title: str, *args: Any) -> Any:
        titles.append(title)
        return real(rows, rounds, title, *args)
    monkeypatch.setattr(cabo_view, "score_sheet", spy)
    scene = table(app, driver, ["keys1", "hard"], grids=GRIDS[:2], phase=R.Phase.TURN, turn=1)
    press(app, driver, "keys1", "back")
    driver.step(draw=True)
    assert scene.show_scores and titles
    assert all("round 0" not in t for t in titles) and "round 1" in titles[-1]


def floated(scene: CaboScene) -> list[str]:
    return [f.label for f in scene.presenter.effects.floats]


def test_a_kaboom_click_as_an_ai_slaps_says_wait_and_works_once_the_slap_is_over(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's Kaboom! click landed just as an AI slapped and nothing visible happened:
    now the press says who it waits for, and the button works again after the slap."""
    scene = table(app, driver, ["mouse", "keys1", "medium"], discard=["7C"],
                  phase=R.Phase.TURN, turn=0, window=True, window_from=2)
    wait_idle(driver, scene)
    button = scene.cursor.get("btn:kaboom")
    assert button is not None and scene.decider() == 0
    where = button.rect.center
    assert scene._apply(R.Slap(2, 0.4))  # the AI's slap lands, as `_ai_slaps` applies it
    move = scene.state.move
    click(driver, where)
    assert scene.state.move == move and scene.state.kaboomer is None
    assert "Wait: Cleo is slapping" in floated(scene), floated(scene)
    press(app, driver, "keys1", "secondary")  # the couch's other player: not their turn either
    assert floated(scene).count("Wait: Cleo is slapping") == 2
    assert driver.run_until(lambda: scene.decider() == 0 and
                            scene.state.phase is R.Phase.TURN, 1200)
    again = scene.cursor.get("btn:kaboom")
    assert again is not None
    click(driver, again.rect.center)
    click(driver, again.rect.center)  # (its cards unknown: the second click calls it)
    assert scene.state.kaboomer == 0


def test_a_shortcut_pressed_on_someone_elses_turn_says_whose_it_is(
        app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["keys1", "mouse", "medium"], discard=["7C"],
                  phase=R.Phase.TURN, turn=2, window=False)
    wait_idle(driver, scene)
    move = scene.state.move
    press(app, driver, "keys1", "secondary")  # the Kaboom! key
    assert scene.state.move == move
    assert any(w.startswith("Wait for your turn: Cleo is") for w in floated(scene)), \
        floated(scene)


@pytest.mark.parametrize("say_next", [False, True])
def test_in_the_opening_a_press_on_the_draw_pile_says_next_card_please(
        app: Any, driver: HeadlessDriver, say_next: bool) -> None:
    """The opening flips wait the whole Time to slap on every card (a 16-card opening took a
    minute): a player with nothing to slap presses the draw pile and the next card comes once
    it has been on top MIN_ON_TOP, unless a computer seat's slap is on its way."""
    from game.games.cabo.scene import MIN_ON_TOP

    grids = [["9H", "3S", "4S", "5S"], *GRIDS[1:]]  # a 9 known: the whole Time to slap
    scene = table(app, driver, ["mouse", "medium", "medium"], phase=R.Phase.FLIP, turn=1,
                  window=True, window_from=0, discard=["9C"], grids=grids, seen={0: [(0, 0)]},
                  options=R.CaboOptions(players=3, first_starter=0, slap_window=4.0))
    assert driver.run_until(lambda: scene.landed_window == scene.state.window_id, 300)
    landed, flips = scene.landed_at, scene.state.opening_flips()
    wait_idle(driver, scene)
    assert "Nothing? Click the draw pile for the next card." in scene.prompt_line()
    if say_next:
        click(driver, scene.layout.draw_pos)
        assert scene.next_votes[1] == {0}
    assert driver.run_until(lambda: scene.state.opening_flips() > flips, 900)
    waited = scene.clock - landed
    if say_next:
        assert MIN_ON_TOP <= waited < 3.0, waited
    else:
        assert waited >= 4.0, waited


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_a_word_about_the_piles_rises_beside_the_discard(n: int) -> None:
    """'Power!' rose by the home plate on a 3-seat table, far from the card it was about."""
    from game.games.cabo.layout import TableLayout

    lay = TableLayout(n, 0)
    x, y = lay.word_point()
    piles = lay.piles_rect()
    assert lay.discard_pos[0] <= x <= piles.right + 140, (x, piles)  # the discard's side
    assert piles.y - 40 <= y <= piles.bottom + 90, (y, piles)
    assert lay.note_path(x, y, 130).collidelist(lay._taken()) < 0


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("home_cards", [4, 6])
def test_last_turn_rises_clear_of_the_draw_button_that_comes_with_it(
        app: Any, driver: HeadlessDriver, n: int, home_cards: int) -> None:
    """'Last turn' rose where the home seat's Draw button then appeared (over its plate)."""
    if n == 6 and home_cards == 6:
        pytest.skip("six seats, six home cards: no free felt by the home seat (known, left)")
    from game.games.cabo.presenter import plated_word

    more = [["2C", "3C", "4C", "5C"], ["6C", "8C", "8D", "8H"], ["6D", "6H", "9D", "9H"]]
    grids = (GRIDS + more)[:n]
    grids[0] = grids[0] + ["TC", "TD"][:home_cards - 4]
    scene = table(app, driver, ["mouse"] + ["medium"] * (n - 1), grids=grids,
                  phase=R.Phase.TURN, turn=n - 1,
                  options=R.CaboOptions(players=n, first_starter=0, slap_window=1.5))
    wait_idle(driver, scene)
    assert scene._apply(R.CallKaboom(n - 1))
    assert driver.run_until(lambda: scene.decider() == 0 and scene.cursor.get("btn:draw")
                            is not None, 900)
    button = scene.cursor.get("btn:draw")
    assert button is not None
    (word,) = [f for f in scene.presenter.effects.floats if f.label == "Last turn"]
    start = plated_word(word.label, word.size, word.colour, 8).get_rect(center=word.pos)
    sweep = start.union(start.move(0, -46))  # it rises NOTE_RISE from there
    assert not sweep.colliderect(button.rect), (sweep, button.rect)



def test_a_card_clicked_on_someone_elses_turn_says_whose_turn_it_is(
        app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["mouse", "medium", "medium"], discard=["7C"],
                  phase=R.Phase.TURN, turn=2, window=False)
    wait_idle(driver, scene)
    move = scene.state.move
    card = scene.presenter.sprite_at(R.Pos(0, 1))
    assert card is not None
    click(driver, card.target)
    assert scene.state.move == move
    assert any(w.startswith("Wait for your turn: Cleo is") for w in floated(scene)), \
        floated(scene)


def test_a_persons_win_has_its_own_moment_over_the_felt(app: Any,
                                                        driver: HeadlessDriver) -> None:
    """A stranger's win ended on "Final scores: You win!" in the side panel only: the kit's
    win moment (the word over the felt, confetti) marks it, and an AI's win has no word."""
    scene = table(app, driver, ["mouse", "hard"], grids=GRIDS[:2], phase=R.Phase.TURN, turn=1)
    wait_idle(driver, scene)
    pr = scene.presenter
    beat = pr._b_game_ended([R.GameEnded(totals=(3, 20), winners=(0,))])
    next(beat)
    assert [b.label for b in pr.effects.bursts] == ["YOU WIN!"]
    pr.update(0.2)
    assert pr.celebration.since is not None and pr.celebration.confetti.items
    other = table(app, driver, ["mouse", "hard"], grids=GRIDS[:2], phase=R.Phase.TURN, turn=1)
    wait_idle(driver, other)
    next(other.presenter._b_game_ended([R.GameEnded(totals=(20, 3), winners=(1,))]))
    assert other.presenter.effects.bursts == [] and other.presenter.celebration.since is None


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_win_word_covers_no_hand_and_no_name_plate(app: Any, driver: HeadlessDriver,
                                                       n: int) -> None:
    """"YOU WIN!" burst over the top seat's hand: at 2, 3 and 4 seats, with grids grown by
    penalty cards, it pops on felt no seat's cards or plate use, inside the felt and above
    the match's end bar."""
    from game.games.cabo.layout import END_CLEAR, WIN_BURST_TALL

    grids = [["7H", "3S", "4S", "5S", "6S", "8S"], ["7D", "3H", "4H", "5H", "6H"],
             ["2D", "3D", "4D", "5D"], ["2C", "3C", "4C", "5C", "6C", "8C"]][:n]
    scene = table(app, driver, ["mouse"] + ["hard"] * (n - 1), grids=grids,
                  phase=R.Phase.TURN, turn=1)
    wait_idle(driver, scene)
    pr = scene.presenter
    next(pr._b_game_ended([R.GameEnded(totals=(3,) + (20,) * (n - 1), winners=(0,))]))
    (burst,) = pr.effects.bursts
    box = pygame.Rect(0, 0, burst.width, round(burst.width * WIN_BURST_TALL))
    box.center = (round(burst.pos[0]), round(burst.pos[1]))
    lay = pr.layout
    seats = [r for s in range(n) for r in lay.seat_rects(s, len(grids[s]))]
    cards = [sp.rect() for g in pr.grids for sp in g if sp is not None]
    assert box.collidelist(seats + cards) < 0, (box, seats)
    assert FELT.contains(box) and box.bottom <= END_CLEAR and burst.width >= 240


@pytest.mark.parametrize("where", ["card", "pile"])
def test_a_last_chance_slap_counts_and_a_late_one_says_why(
        app: Any, driver: HeadlessDriver, where: str) -> None:
    """After a Kaboom!, at "Last chance to slap", a stranger's click on his matching card did
    nothing and the round scored. While the window is open a press on a card or the pile
    slaps; once the cards are being turned over, it says so by the seat."""
    def last_call() -> tuple[CaboScene, list[str]]:
        scene = table(app, driver, ["mouse", "hard"], grids=GRIDS[:2], phase=R.Phase.LAST_CALL,
                      kaboomer=1, turn=0, discard=["7C"], window=True, window_from=0,
                      seen={0: [(0, 0)], 1: [(1, 0)]})
        notes: list[str] = []
        scene.feedback.note = lambda seat, message: notes.append(message)  # type: ignore
        return scene, notes

    def spot(scene: CaboScene) -> tuple[float, float]:
        if where == "pile":
            return scene.layout.discard_pos
        sprite = scene.presenter.sprite_at(R.Pos(0, 0))  # the known 7 of hearts
        assert sprite is not None
        return sprite.rect().center

    scene, notes = last_call()
    driver.run(20)
    assert "Last chance to slap" in scene.prompt()[1] and scene.state.window
    click(driver, spot(scene))
    assert [s.player for s in slaps(scene)] == [0] and notes == []
    app.stack.pop()
    app.stack.apply_requests()
    scene, notes = last_call()
    driver.run_until(lambda: scene.state.phase is R.Phase.ROUND_OVER, 400)
    click(driver, spot(scene))
    assert notes == ["Too late: the cards are being turned over"] and not slaps(scene)


@pytest.mark.parametrize("n", [2, 4, 6])
def test_a_slap_burst_keeps_off_the_dont_flip_button(
        app: Any, driver: HeadlessDriver, n: int) -> None:
    """A stranger's SLAP! burst covered the "Don't flip" button his slap brought up: the burst
    pops where no button stands or comes up."""
    from game.games.cabo.layout import SLAP_BURST_TALL, SLAP_BURST_W

    extra = [["6C", "8C", "9C", "TC"], ["6D", "8D", "9D", "TD"], ["6H", "8H", "9H", "TH"]]
    scene = table(app, driver, ["mouse"] + ["hard"] * (n - 1), grids=(GRIDS + extra)[:n],
                  discard=["7C"], phase=R.Phase.TURN, turn=1, window=True, window_from=1,
                  seen={0: [(0, 0)]}, options=R.CaboOptions(players=n, slap_window=9.0))
    wait_idle(driver, scene)
    click(driver, scene.layout.discard_pos)
    assert [s.player for s in slaps(scene)] == [0]
    effects = scene.presenter.effects
    assert driver.run_until(lambda: bool(effects.bursts), 60)
    burst = effects.bursts[-1]
    box = pygame.Rect(0, 0, SLAP_BURST_W, round(SLAP_BURST_W * SLAP_BURST_TALL))
    box.center = (round(burst.pos[0]), round(burst.pos[1]))
    assert driver.run_until(lambda: scene.cursor.get("btn:stop") is not None, 120)
    stop = scene.cursor.get("btn:stop")
    assert stop is not None and not box.colliderect(stop.rect), (box, stop.rect)


def test_a_slap_key_pressed_as_the_cards_turn_over_says_too_late(
        app: Any, driver: HeadlessDriver) -> None:
    """The slap key, like a click, says why nothing happens once the last chance has passed
    (not "Nothing to slap" while the slappable card still lies on the pile)."""
    scene = table(app, driver, ["keys1", "hard"], grids=GRIDS[:2], phase=R.Phase.LAST_CALL,
                  kaboomer=1, turn=0, discard=["7C"], window=True, window_from=0,
                  seen={0: [(0, 0)], 1: [(1, 0)]})
    notes: list[str] = []
    scene.feedback.note = lambda seat, message: notes.append(message)  # type: ignore
    driver.run_until(lambda: scene.state.phase is R.Phase.ROUND_OVER, 400)
    press(app, driver, "keys1", "primary")
    assert notes == ["Too late: the cards are being turned over"] and not slaps(scene)


@pytest.mark.parametrize("reduced", [False, True])
def test_a_single_round_matchs_win_is_named_on_the_felt_to_the_end(
        app: Any, driver: HeadlessDriver, reduced: bool) -> None:
    """A stranger's win (a one-round match) was told only as "Final scores: You win!" in the
    side panel, the verdict's bubble giving way to the scores: the winner stays named large on
    the felt, clear of every card, plate and pile, with confetti unless motion is reduced."""
    from tests.ui.layout import Words, observing

    app.settings.accessibility.reduced_motion = reduced
    app.apply_settings()
    grids = [["AH", "2S", "AS", "2C"], ["9D", "TH", "QH", "JH"]]
    state = R.CaboState.from_layout(grids, phase=R.Phase.TURN, turn=0,
                                    options=R.CaboOptions(players=2, first_starter=0,
                                                          slap_window=1.5, rounds=1))
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=1, rounds=1),
                       {"version": 1, "rules": state.to_dict()})
    wait_idle(driver, scene)
    scene.human_act(R.CallKaboom(0))
    scene.human_act(R.CallKaboom(0))  # (its cards unknown: the second press calls it)
    pr = scene.presenter
    assert driver.run_until(lambda: pr.celebration.since is not None, 3000)
    driver.step()
    assert bool(pr.celebration.confetti.items) is not reduced
    assert driver.run_until(lambda: scene.finished and not pr.busy, 3000)
    driver.run(120)  # long after the burst and the verdict's bubble are gone
    from game.games.cabo import hud

    hud.win_banner.cache_clear()  # drawn afresh, so its words are seen
    with observing(Words()) as seen:
        scene.draw(app.screen)
    assert "You win the game!" in seen.words, seen.words
    at = scene.view.win_at
    assert at is not None and FELT.contains(at)
    cards = [s.rect() for s in pr.sprites() if s.visible]
    plates = [scene.layout.plate_rect(p) for p in range(2)]
    assert at.collidelist(cards + plates) < 0, (at, cards, plates)


def test_round_twos_opening_peek_is_counted_while_the_cards_are_up(
        app: Any, driver: HeadlessDriver) -> None:
    """At round 2's start a stranger read "You know none of your cards yet" beside his two
    bottom cards lying face up for the opening peek: while the table shows them, the line
    counts them."""
    grids = [["AH", "2S", "AS", "2C"], ["9D", "TH", "QH", "JH"]]
    state = R.CaboState.from_layout(grids, phase=R.Phase.TURN, turn=0,
                                    options=R.CaboOptions(players=2, first_starter=0,
                                                          slap_window=1.5, rounds=2))
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=1, rounds=2),
                       {"version": 1, "rules": state.to_dict()})
    wait_idle(driver, scene)
    scene.human_act(R.CallKaboom(0))
    scene.human_act(R.CallKaboom(0))  # (its cards unknown: the second press calls it)
    assert driver.run_until(lambda: scene.state.phase is R.Phase.ROUND_OVER
                            and not scene.presenter.busy, 3000)
    scene.next_round()
    pr = scene.presenter
    assert driver.run_until(lambda: pr.hold is not None and pr.hold.kind == "start"
                            and not any(s.moves for s in pr.sprites()), 3000)
    up = [s for s in pr.grids[0] if s is not None and s.showing_face]
    assert len(up) == 2
    said = scene.view.hand_words(0)
    assert said.startswith("You know 2 of 4 cards"), said


@pytest.mark.parametrize("seats", [2, 3])
def test_the_hand_count_never_covers_where_a_drawn_card_is_held(
        app: Any, driver: HeadlessDriver, seats: int) -> None:
    """With larger text the "You know 2 of 4 cards" tag sat on the card the player had just
    drawn (only "K 30" showed): it keeps off every seat's drawn-card place, at every size."""
    from game.ui import text, theme

    kinds = ["keys1", "easy", "easy"][:seats]
    for scale in (1.0, theme.LARGE_TEXT_SCALE):
        text.set_scale(scale)
        try:
            scene = table(app, driver, kinds, grids=GRIDS[:seats], phase=R.Phase.TURN,
                          turn=1, seen={0: [(0, 0), (0, 3)]})
            wait_idle(driver, scene)
            scene.view.draw(pygame.Surface((1280, 720)))
            at = scene.view.hand_at
            assert at is not None
            lay = scene.layout
            for p in range(seats):
                held = pygame.Rect(0, 0, lay.card_w, lay.card_h)
                held.center = tuple(round(c) for c in lay.hand_pos(p, 4))
                assert not at.colliderect(held), (scale, p, at, held)
        finally:
            text.set_scale(1.0)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_opening_is_slower_at_an_easy_table(app: Any, driver: HeadlessDriver,
                                                level: str) -> None:
    """A stranger found the opening's card every 2.5 s too quick to slap: at a table with an
    Easy AI each opening card stays slappable OPENING_EXTRA seconds longer (and the Draw/Flip
    countdown and the pile's bar say so); other levels keep the lobby's time to slap."""
    from game.games.cabo.slaps import OPENING_EXTRA

    # the player knows a 7 and the first cards turned are 7s: the whole time to slap (as
    # every opening card, `test_every_opening_card_keeps_the_whole_time_to_slap`)
    scene = table(app, driver, ["keys1", level, level], phase=R.Phase.FLIP, turn=1,
                  seen={0: [(0, 0)]}, draw=["7C", "7S", "9C", "9D", "8C", "8D"],
                  options=R.CaboOptions(players=3, first_starter=1, slap_window=1.5,
                                        opening_flips=R.OPENING_FLIPS))
    times: list[float] = []

    def flips() -> bool:
        n = sum(isinstance(e, R.Flipped) for e in scene.state.events)
        if n > len(times):
            times.append(scene.clock)
        return len(times) >= 3

    assert driver.run_until(flips, 4000)
    gap = times[2] - times[1]
    want = 1.5 + (OPENING_EXTRA if level == "easy" else 0.0)
    assert want <= gap < want + 1.5, (level, gap)


def test_confirm_while_an_opening_card_lands_says_what_it_will_do(
        app: Any, driver: HeadlessDriver) -> None:
    """Space pressed while an opening card is still on its way is told what Space does and
    when (a stranger was told only "Wait: the cards are still moving")."""
    scene = table(app, driver, ["keys1", "medium", "medium"], phase=R.Phase.FLIP, turn=1,
                  seen={}, options=R.CaboOptions(players=3, first_starter=1, slap_window=1.5,
                                                 opening_flips=R.OPENING_FLIPS))
    assert driver.run_until(lambda: scene.state.window
                            and scene.landed_window != scene.state.window_id, 2000)
    press(app, driver, "keys1", "confirm")
    labels = [f.label for f in scene.presenter.effects.floats]
    assert any(" again once it lands" in lab for lab in labels), labels


@pytest.mark.parametrize("seats", [2, 3])
def test_the_hand_count_and_the_home_buttons_never_overlap(
        app: Any, driver: HeadlessDriver, seats: int) -> None:
    """With larger text the Kaboom!/Draw row covered the "You know 2 of 4 cards" tag's second
    line (the total): on the player's own turn the two never overlap, at every size."""
    from game.ui import text, theme

    kinds = ["keys1", "easy", "easy"][:seats]
    for scale in (1.0, theme.LARGE_TEXT_SCALE):
        text.set_scale(scale)
        try:
            scene = table(app, driver, kinds, grids=GRIDS[:seats], phase=R.Phase.TURN,
                          turn=0, seen={0: [(0, 0), (0, 3)]})
            wait_idle(driver, scene)
            scene.view.draw(pygame.Surface((1280, 720)))
            at = scene.view.hand_at
            buttons = [t.rect for t in scene.cursor.targets if t.kind == "button"]
            assert at is not None and buttons
            assert at.collidelist(buttons) < 0, (scale, at, buttons)
        finally:
            text.set_scale(1.0)


def test_a_seat_away_from_home_keeps_its_draw_button_in_one_place(
        app: Any, driver: HeadlessDriver) -> None:
    """A couch's mouse player at the top found Draw left of the piles on one turn (beside
    Kaboom!) and over the piles on her last turn (Draw alone): a seat's Draw stays put."""
    rects = []
    for kaboomer in (None, 0):
        scene = table(app, driver, ["keys1", "easy", "mouse"], phase=R.Phase.TURN, turn=2,
                      kaboomer=kaboomer)
        wait_idle(driver, scene)
        scene.table_controls.refresh(2)
        keys = [t.key for t in scene.cursor.targets if t.kind == "button"]
        assert ("btn:kaboom" in keys) == (kaboomer is None), keys
        rects.append(next(t.rect for t in scene.cursor.targets if t.key == "btn:draw"))
    assert rects[0] == rects[1], rects


def test_the_slap_legend_follows_the_device_the_lone_player_uses(
        app: Any, driver: HeadlessDriver, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stranger on a mouse seat played by keys read "click the pile" in the slap box under a
    prompt of W A S D: the box names the slap of the device in use, as the prompt does."""
    from game.games.cabo import hud

    said: list[tuple[object, ...]] = []
    real = hud.legend_surface

    def spy(lines: tuple[object, ...], footer: str, h: int, live: bool = True) -> pygame.Surface:
        said.append((*lines, footer))
        return real(lines, footer, h, live)  # type: ignore[arg-type]

    monkeypatch.setattr(hud, "legend_surface", spy)
    scene = table(app, driver, ["mouse", "easy", "easy"], phase=R.Phase.TURN, turn=0)
    driver.step(draw=True)
    mouse_slap = hud.device_words(app.input, "mouse")["slap"]
    keys_slap = hud.device_words(app.input, "keys1")["slap"]
    assert said and said[-1][0][3] == mouse_slap  # type: ignore[index]
    driver.step([key_event(app, "keys1", "right", True)])
    driver.step([key_event(app, "keys1", "right", False)])
    driver.step(draw=True)
    assert scene.last_device == "keys1"
    assert said[-1][0][3] == keys_slap != mouse_slap  # type: ignore[index]


def test_the_table_waits_while_the_score_sheet_covers_it(app: Any,
                                                         driver: HeadlessDriver) -> None:
    """A stranger read the score sheet while four opening cards turned over under it, a free
    slap of his among them: while the sheet is up mid-round nothing moves on; closed, the
    table goes on."""
    scene = table(app, driver, ["keys1", "hard"], grids=GRIDS[:2], phase=R.Phase.TURN, turn=1)
    press(app, driver, "keys1", "back")
    assert scene.show_scores
    moves, clock = len(scene.state.events), scene.clock
    driver.run(600)  # ten seconds: the AI would have played its turn
    assert len(scene.state.events) == moves and scene.clock == clock
    press(app, driver, "keys1", "back")
    assert not scene.show_scores
    driver.run(600)
    assert len(scene.state.events) > moves


def test_at_a_four_seat_table_the_winner_is_named_clear_of_every_grid(
        app: Any, driver: HeadlessDriver) -> None:
    """At a four-seat table "Ben wins the game!" lay over Dev's cards and his empty place:
    it goes where it covers no seat's grid (empty places too), plate or pile."""
    grids = [["AH", "2S", "AS", "2C"], ["9D", "TH", "QH", "JH"], ["3D", "4H", "5H", "6H"],
             ["3C", "4C", "5C", "6C"]]
    state = R.CaboState.from_layout(grids, phase=R.Phase.TURN, turn=0,
                                    options=R.CaboOptions(players=4, first_starter=0,
                                                          slap_window=1.5, rounds=1))
    scene = open_table(app, driver, make_setup(["mouse", "easy", "easy", "easy"], seed=1,
                                               rounds=1),
                       {"version": 1, "rules": state.to_dict()})
    wait_idle(driver, scene)
    scene.human_act(R.CallKaboom(0))
    scene.human_act(R.CallKaboom(0))
    pr = scene.presenter
    assert driver.run_until(lambda: scene.finished and not pr.busy, 6000)
    driver.run(120)
    scene.draw(app.screen)
    at = scene.view.win_at
    assert at is not None and FELT.contains(at)
    lay = scene.layout
    grids_now = [lay.grid_rect(p, len(pr.grids[p])) for p in range(4) if pr.grids[p]]
    plates = [lay.plate_rect(p) for p in range(4)]
    assert at.collidelist(grids_now + plates) < 0, (at, grids_now, plates)


def test_the_wheel_over_the_moves_scrolls_them(app: Any, driver: HeadlessDriver) -> None:
    from game.app.input import MOUSE, ActionEvent

    scene = table(app, driver, ["mouse", "medium", "medium"], discard=["7C"],
                  phase=R.Phase.TURN, turn=0)
    for i in range(6):
        scene.presenter.log.add(f"Move {i}.")
    driver.step()
    log = scene.presenter.log
    assert log.drawn_at is not None
    assert scene.game_action(ActionEvent(MOUSE, "rotate_left", True, log.drawn_at.center))
    assert log.back == 1
    assert scene.game_action(ActionEvent(MOUSE, "rotate_right", True, log.drawn_at.center))
    assert log.back == 0


def test_a_new_turn_brings_a_scrolled_back_log_to_the_newest(
        app: Any, driver: HeadlessDriver) -> None:
    """Scrolled back once, the log stayed on old moves through the next turns and the
    result: a turn, a round's end and the game's end show the newest again."""
    scene = table(app, driver, ["mouse", "medium", "medium"], discard=["7C"],
                  phase=R.Phase.TURN, turn=0)
    pr = scene.presenter
    for i in range(10):
        pr.log.add(f"Move {i}.")
    for ev in (R.TurnStarted(1, False), R.GameEnded((1, 2, 3), (0,))):
        pr.log.scroll(4)
        assert pr.log.back == 4
        pr._log(ev)
        assert pr.log.back == 0, ev


def test_the_wheel_hint_keeps_off_the_scores_button(app: Any, driver: HeadlessDriver) -> None:
    """The log's "Wheel up: earlier moves" hint ran under the Scores button at its title's
    right: it keeps to the room left of the button."""
    from game.games.cabo.view import SCORES_RECT
    from tests.ui.layout import Words, observing

    scene = table(app, driver, ["mouse", "medium", "medium"], discard=["7C"],
                  phase=R.Phase.TURN, turn=0)
    for i in range(30):
        scene.presenter.log.add(f"Move {i}.")
    with observing(Words()) as seen:
        scene.draw(app.screen)
    at = scene.presenter.log.drawn_at
    assert at is not None
    # on the log's cached panel, blitted 8 px up and left of the log's place
    hints = [r.move(at.x - 8, at.y - 8) for w, r in seen.boxes if w.startswith("Wheel up")]
    assert hints
    assert not any(h.colliderect(SCORES_RECT) for h in hints), (hints, SCORES_RECT)


def test_one_click_on_ones_own_card_slaps_and_flips_it(app: Any, driver: HeadlessDriver) -> None:
    """A stranger's mouse needed two clicks inside the window (the pile, then his card) and
    lost the race: one click on a card of his own while the pile may be slapped slaps and
    flips that card, as a hand does at a real table."""
    scene = slappable(app, driver, ["mouse", "keys1", "medium"])
    mine = scene.presenter.grids[0][0]
    assert mine is not None
    click(driver, mine.rect().center)
    assert scene.state.slap is not None or slaps(scene)
    assert slaps(scene)[0].player == 0
    flipped = [e for e in scene.state.events if isinstance(e, R.SlapFlipped)]
    assert flipped and flipped[0].pos == R.Pos(0, 0) and flipped[0].match  # his 7 on the 7


def test_a_click_on_a_card_not_known_to_match_is_no_slap(app: Any, driver: HeadlessDriver) -> None:
    """In a real window a click on one's own card as the pile changed slapped with a card
    that did not match and cost 2 penalty cards: only a card the player has seen and that
    matches the pile slaps in one click; any other is no slap (the pile slaps as ever)."""
    scene = slappable(app, driver, ["mouse", "keys1", "medium"])
    unseen = scene.presenter.grids[0][1]  # never looked at
    assert unseen is not None
    click(driver, unseen.rect().center)
    assert not slaps(scene) and scene.state.slap is None
    assert not [e for e in scene.state.events if isinstance(e, R.Penalty)]


def test_the_score_sheet_dims_the_turns_buttons_with_the_table(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger pressed Tab in his turn: the table dimmed under the sheet, but the Kaboom!
    and Draw buttons stayed bright over the dimming."""
    scene = table(app, driver, ["keys1", "hard"], grids=GRIDS[:2], phase=R.Phase.TURN, turn=0)
    wait_idle(driver, scene)
    driver.step(draw=True)
    buttons = [t.rect.copy() for t in scene.cursor.targets if t.kind == "button"]
    assert buttons
    surface = pygame.Surface((1280, 720))

    def light(r: pygame.Rect) -> float:
        return sum(pygame.transform.average_color(surface, r)[:3]) / 3

    scene.view.draw(surface)
    bright = [light(r) for r in buttons]
    press(app, driver, "keys1", "back")
    assert scene.show_scores
    scene.view.draw(surface)
    for r, before in zip(buttons, bright, strict=True):
        assert light(r) < before * 0.6, (r, light(r), before)


def test_the_hand_line_counts_a_swap_the_moment_the_cards_land(
        app: Any, driver: HeadlessDriver) -> None:
    """A King swap took a stranger's Ace: "You know ..." kept the Ace's numbers for a second
    after the cards had landed. It counts the new card as they come to rest."""
    grids = [["AH", "3S", "4S", "5S"], ["9D", "3H", "4H", "5H"]]
    scene = table(app, driver, ["mouse", "hard"], grids=grids, draw=["KC"],
                  phase=R.Phase.TURN, turn=0, seen={0: [(0, 0)]})
    for action in (R.Draw(0), R.UsePower(0), R.KingLook(0, R.Pos(0, 0), R.Pos(1, 0))):
        scene.human_act(action)
        wait_idle(driver, scene)
    assert scene.view.hand_words(0) == "You know 1 of 4 cards: 1 point so far"
    pr = scene.presenter
    nine = pr.grids[1][0]
    assert nine is not None
    scene.human_act(R.KingDecide(0, True))
    assert driver.run_until(lambda: any(isinstance(e, R.Swapped)
                                        for e in scene.state.events[:pr.next_event]), 200)
    landed = False
    for _ in range(200):
        driver.step()
        if pr.grids[0][0] is nine and not nine.moves:
            landed = True
            break
    assert landed
    assert scene.view.hand_words(0) == "You know 1 of 4 cards: 9 points so far"


# ---------------------------------------------------------------- one press, one thing


@pytest.mark.parametrize("device", ["mouse", "keys1"])
def test_closing_the_memorise_step_does_not_also_flip_the_first_card(
        app: Any, driver: HeadlessDriver, device: str) -> None:
    """A stranger's click (or Space) that closed "Memorise your two bottom cards" seemed to
    flip the first opening card too: it turned 0.7 s later, then 1.5 s later. The press only
    closes the look: the player's own card waits for their next press, and the bar says so."""
    scene = open_table(app, driver, make_setup([device, "easy"], seed=5, rounds=3), speed=1.0)
    assert driver.run_until(lambda: scene.presenter.hold is not None, 600)
    assert scene.state.phase is R.Phase.FLIP and scene.state.current_player() == 0
    before = len(scene.state.events)
    if device == "mouse":
        click(driver, (640, 360))
    else:
        press(app, driver, device, "confirm")
    assert scene.presenter.hold is None
    driver.run(60 * 8)  # 8 s: longer than any wait of the table's own
    assert not any(isinstance(e, R.Flipped) for e in scene.state.events[before:])
    assert "to flip it." in scene.prompt_line() and "turns over next" not in scene.prompt_line()
    if device == "mouse":
        click(driver, scene.layout.draw_pos)
    else:
        press(app, driver, device, "confirm")
    assert driver.run_until(
        lambda: any(isinstance(e, R.Flipped) for e in scene.state.events[before:]), 120)


def test_a_press_made_as_the_turn_comes_on_screen_does_not_draw(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger pressed Space again and again to hurry the opening flips and the last press
    drew his first card (he lost a slap). A Draw pressed before the turn showed, or in its
    first TURN_GUARD, is dropped; the next press draws."""
    from game.games.cabo.scene import TURN_GUARD

    scene = table(app, driver, ["keys1", "easy"], grids=GRIDS[:2], phase=R.Phase.TURN, turn=1)
    st = scene.state
    assert driver.run_until(lambda: st.phase is R.Phase.TURN and st.current_player() == 0
                            and scene.decider() == 0, 60 * 20)
    before = len(st.events)
    press(app, driver, "keys1", "confirm")  # in the turn's first frames
    driver.run(60)
    assert not any(isinstance(e, R.Drew) for e in st.events[before:])
    assert scene.clock - scene.shown_at > TURN_GUARD
    press(app, driver, "keys1", "confirm")
    assert driver.run_until(lambda: any(isinstance(e, R.Drew) for e in st.events[before:]),
                            60 * 5)


@pytest.mark.parametrize("scale", [1.0, 1.3])
def test_the_hand_line_keeps_one_place_clear_of_the_buttons(app: Any, driver: HeadlessDriver,
                                                            scale: float) -> None:
    """In a keyboard match the Discard it button covered "You know 3 of 5 cards" and hid its
    points; the box had jumped from the right of the cards to the left when a penalty card
    came. It stands in one place for the home seat, whatever its cards (room for six and a
    drawn card held), and never under a button."""
    from game.ui import text

    text.set_scale(scale)
    places = []
    for grid in (["AH", "2S", "3S", "4S"], ["AH", "2S", "3S", "4S", "5S"],
                 ["AH", "2S", "3S", "4S", "5S", "6S"]):
        scene = table(app, driver, ["keys1", "hard"], grids=[grid, GRIDS[1]],
                      phase=R.Phase.TURN, turn=0, draw=["9C", "8C"], seen={0: [(0, 0), (0, 1)]})
        wait_idle(driver, scene)
        press(app, driver, "keys1", "confirm")  # draws: Discard it and the power's buttons
        assert driver.run_until(lambda sc=scene: sc.state.phase is R.Phase.DRAWN
                                and not sc.presenter.busy, 600)
        driver.step()
        scene.view.draw(pygame.Surface((1280, 720)))
        buttons = [t.rect for t in scene.cursor.targets if t.kind == "button"]
        at = scene.view.hand_at
        assert buttons and at is not None and at.collidelist(buttons) < 0, (at, buttons)
        cards = [scene.presenter.sprite_at(R.Pos(0, i)) for i in range(len(grid))]
        assert all(c is None or not at.colliderect(c.rect()) for c in cards)
        places.append(at.midleft)
        app.stack.pop()
    assert len(set(places)) == 1, places


def test_every_opening_card_keeps_the_whole_time_to_slap(
        app: Any, driver: HeadlessDriver) -> None:
    """Strangers found a quicker opening rushed ("under 3 s to react"): every flipped opening
    card keeps the whole Time to slap, one the lone human knows no match for too (it no longer
    passes after QUICK_WAIT), one they could slap, and every card on a couch."""
    waits, stays = {}, {}
    for kinds, seen in ((["mouse", "hard"], [(0, 0)]), (["mouse", "hard"], [(0, 0), (0, 1)]),
                        (["mouse", "keys1"], [(0, 0)])):
        scene = table(app, driver, kinds, phase=R.Phase.FLIP, turn=1, discard=["AD"],
                      grids=[["AH", "6S", "4S", "5S"], GRIDS[1]], draw=["6C", "9C"],
                      seen={0: seen}, options=R.CaboOptions(players=2, first_starter=0,
                                                            slap_window=3.0))
        assert driver.run_until(lambda sc=scene: sc.state.discard[-1:] == [R.card("6C")]
                                and sc.landed_window == sc.state.window_id, 400)
        key = (kinds[1], len(seen))
        waits[key] = scene.slap_wait()
        landed = scene.clock
        assert driver.run_until(lambda sc=scene: sc.state.discard[-1:] != [R.card("6C")], 600)
        stays[key] = scene.clock - landed
        app.stack.pop()
    assert set(waits.values()) == {3.0}, waits
    assert min(stays.values()) >= 3.0 - 0.05, stays


def test_a_draw_key_pressed_while_the_last_discard_lands_draws_once_it_is_still(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger pressed Space to draw as the AI's discard flew to the pile in his turn: "Wait:
    the cards are still moving", and the press was dropped. It is kept ("Draw queued") and
    draws when the table allows."""
    scene = table(app, driver, ["keys1", "easy"], grids=GRIDS[:2], phase=R.Phase.TURN, turn=1)
    st = scene.state
    assert driver.run_until(lambda: st.phase is R.Phase.TURN and st.current_player() == 0
                            and scene.presenter.busy, 60 * 20)
    before = len(st.events)
    press(app, driver, "keys1", "confirm")
    assert "Draw queued" in [f.label for f in scene.presenter.effects.floats]
    assert "Wait: the cards are still moving" not in [f.label for f in
                                                      scene.presenter.effects.floats]
    assert driver.run_until(lambda: any(isinstance(e, R.Drew) and e.player == 0
                                        for e in st.events[before:]), 60 * 6)


@pytest.mark.parametrize("knows", [False, True])
def test_a_computer_seat_never_draws_before_the_whole_time_to_slap(
        app: Any, driver: HeadlessDriver, knows: bool) -> None:
    """With a human seated, a computer seat draws (ending the chance to slap) only once the
    whole Time to slap has passed since the discard landed, whatever the table thinks the
    human knows: a stranger who knew his 7 matched clicked after 1 s and an AI had drawn."""
    seen = {0: [(0, 0)]} if knows else {}
    scene = table(app, driver, ["mouse", "medium", "medium"], discard=["7C"],
                  phase=R.Phase.TURN, turn=1, window=True, window_from=0, seen=seen,
                  options=R.CaboOptions(players=3, first_starter=0, slap_window=3.0))
    assert driver.run_until(lambda: scene.landed_window == scene.state.window_id, 300)
    scene.slaps.due_at.clear()  # no computer seat's slap on its way
    landed = scene.landed_at
    assert driver.run_until(lambda: bool(scene.state.events), 600)
    assert isinstance(scene.state.events[0], R.Drew), scene.state.events  # nobody slapped
    assert scene.clock - landed >= 3.0, scene.clock - landed


def test_a_computer_seat_decides_on_its_drawn_card_in_half_a_second(
        app: Any, driver: HeadlessDriver) -> None:
    """The pause over an AI's drawn card (0.95 s) was dead time in every AI turn: 0.55 s."""
    from game.games.cabo.scene import THINK

    assert THINK[R.Phase.DRAWN] <= 0.6
    scene = table(app, driver, ["mouse", "random", "random"], phase=R.Phase.TURN, turn=1)
    st = scene.state
    assert driver.run_until(lambda: st.phase is R.Phase.DRAWN and not scene.presenter.busy, 600)
    shown = scene.clock
    assert driver.run_until(lambda: st.phase is not R.Phase.DRAWN, 600)
    assert scene.clock - shown <= THINK[R.Phase.DRAWN] + 0.1, scene.clock - shown


@pytest.mark.parametrize(("seen", "focus"), [([(0, 3)], "card:0:3"),
                                             ([(1, 0)], "card:1:0"),
                                             ([(1, 0), (0, 3)], "card:0:3")])
def test_the_cursor_starts_a_key_slap_on_the_known_match(app: Any, driver: HeadlessDriver,
                                                         seen: list[tuple[int, int]],
                                                         focus: str) -> None:
    """After Left Shift (slap) the cursor started on the top-left card, not on the match the
    table glowed round: it starts on a card the slapper has seen that matches (their own
    first)."""
    grids = [["3S", "4S", "5S", "7H"], GRIDS[1], GRIDS[2]]
    scene = table(app, driver, ["keys1", "medium", "medium"], grids=grids, discard=["7C"],
                  phase=R.Phase.TURN, turn=2, window=True, window_from=1, seen={0: seen})
    driver.run(5)
    press(app, driver, "keys1", "primary")
    assert scene.state.slap is not None and scene.state.slap.player == 0
    wait_idle(driver, scene)
    driver.step()
    assert scene.decider() == 0 and scene.cursor.focus_key == focus


def test_a_flip_is_told_in_the_log_once_its_face_shows(app: Any, driver: HeadlessDriver) -> None:
    """The log said "The 2 of clubs turns over" while the pile still showed the card's back:
    the line comes as the face shows."""
    scene = table(app, driver, ["mouse", "medium"], grids=GRIDS[:2], draw=["2C"],
                  phase=R.Phase.FLIP, turn=1)
    pr = scene.presenter
    for _ in range(600):
        driver.step()
        if any("turns over" in line.text for line in pr.log.lines):
            break
    else:
        raise AssertionError("no flip was told")
    assert pr.discard and pr.discard[-1].showing_face


def test_the_hand_line_drops_a_slapped_away_card_as_it_leaves_the_grid(
        app: Any, driver: HeadlessDriver) -> None:
    """After a slap the hand line still said "You know both cards: 5 points" a second with
    one card left: it counts the card gone as it leaves the grid."""
    grids = [["3S", "4S", "5S", "7H"], GRIDS[1], GRIDS[2]]
    scene = table(app, driver, ["keys1", "medium", "medium"], grids=grids, discard=["7C"],
                  phase=R.Phase.TURN, turn=2, window=True, window_from=1,
                  seen={0: [(0, 2), (0, 3)]})
    driver.run(5)
    press(app, driver, "keys1", "primary")
    wait_idle(driver, scene)
    driver.step()
    assert scene.view.own_hand(0).slots == [2, 3]
    target = scene.cursor.get("card:0:3")
    assert target is not None
    target.on_activate()
    pr = scene.presenter
    assert driver.run_until(lambda: pr.grids[0][3] is None, 120)
    assert pr.busy and scene.view.own_hand(0).slots == [2]


def test_the_hand_count_takes_two_lines_on_the_felt_with_larger_text(
        app: Any, driver: HeadlessDriver) -> None:
    """With larger text "You know 2 of 4 cards: 7 points so far" wrapped to three lines and
    ran into the table's rim: two lines ("You know 2 of 4:"), inside the felt."""
    from game.ui import text

    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        scene = table(app, driver, ["keys1", "easy", "easy", "easy"], phase=R.Phase.TURN,
                      grids=GRIDS + [["2C", "3C", "4C", "5C"]], turn=1,
                      seen={0: [(0, 0), (0, 3)]})
        wait_idle(driver, scene)
        scene.view.draw(pygame.Surface((1280, 720)))
        at = scene.view.hand_at
        assert at is not None and scene.view.hand_words(0).startswith("You know 2 of 4 cards")
        assert at.height <= 2 * text.line_height(14, True) + 8, at
        assert FELT.inflate(-8, -8).contains(at), at
    finally:
        text.set_scale(1.0)


def test_the_turns_countdown_fits_the_bar_on_one_line_with_larger_text(
        app: Any, driver: HeadlessDriver) -> None:
    """With larger text the bar's "draw in 3 s (time to slap the last discard) or call
    Kaboom! (E). Know a 7? Slap: ..." shrank to its smallest size (or wrapped to two tight
    lines): the slap hint says why the draw waits, so the countdown says only when."""
    from game.games.cabo.layout import BAR
    from game.ui import text

    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        scene = table(app, driver, ["keys1", "keys2", "mouse", "medium"], discard=["7C"],
                      grids=GRIDS + [["2C", "3C", "4C", "5C"]], phase=R.Phase.TURN, turn=0,
                      window=True, window_from=3, seen={0: [(0, 0)]})
        driver.run(5)
        scene.table_controls.invalidate()
        seat, message = scene.prompt()
        assert seat == 0 and "draw in" in message and "Slap:" in message, message
        label = scene.table_controls.prompt_label(0)
        room = BAR.w - 40 - text.render(label, 18, theme.CREAM, True).get_width() - 26
        size, lines = text.fit(message, 17, room, BAR.h - 4, leading=-2)
        assert len(lines) == 1 and size >= 14, (size, lines)  # (13: the smallest, cramped)
    finally:
        text.set_scale(1.0)


def test_the_sidebar_header_has_a_row_each_with_larger_text(app: Any,
                                                            driver: HeadlessDriver) -> None:
    """With larger text the sidebar's title and "Round 2 of 10" were squeezed into its 50 px,
    the Scores button over their corner: a row each, the button beside the round, inside."""
    from game.games.cabo.layout import SIDEBAR
    from game.games.cabo.view import SCORES_RECT
    from game.ui import text

    seen: dict[str, pygame.Rect] = {}

    class Boxes:
        def text(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
                 img: pygame.Surface) -> None:
            if surface.get_width() == SIDEBAR.w and surface.get_height() <= 70:
                seen[label] = rect.move(SIDEBAR.topleft)

        def panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
            pass

        def rendered(self, img: pygame.Surface, label: str) -> None:
            pass

    text.set_scale(theme.LARGE_TEXT_SCALE)
    text.observe(Boxes())  # (from the first frame: the header is drawn once, then cached)
    try:
        scene = table(app, driver, ["keys1", "easy", "easy"], phase=R.Phase.TURN, turn=1)
        wait_idle(driver, scene)
        scene.view.draw(pygame.Surface((1280, 720)))
    finally:
        text.observe(None)
        text.set_scale(1.0)
    title = seen["Kaboom! cards"]
    status = next(r for label, r in seen.items() if label.startswith("Round "))
    assert title.bottom <= status.top, (title, status)
    header = pygame.Rect(SIDEBAR.x, SIDEBAR.y, SIDEBAR.w, status.bottom - SIDEBAR.y + 4)
    assert header.contains(SCORES_RECT) and not SCORES_RECT.colliderect(title) \
        and not SCORES_RECT.colliderect(status), (SCORES_RECT, title, status)


def test_a_note_identical_to_one_on_show_is_not_stacked(app: Any,
                                                        driver: HeadlessDriver) -> None:
    """Repeated clicks stacked two "Wait: Ana is slapping" notes by a seat: a note the
    same as one still rising by that seat is not said again; another note still is, and the
    same note by another seat (a couch's other player) too."""
    scene = slappable(app, driver, ["mouse", "easy", "easy"])
    wait_idle(driver, scene)
    for _ in range(3):
        scene.feedback.refused(0, "Wait: Ana is slapping")
        driver.step()
    scene.feedback.refused(0, "Nothing to slap")
    assert floated(scene).count("Wait: Ana is slapping") == 1
    assert floated(scene).count("Nothing to slap") == 1
    scene.feedback.refused(1, "Wait: Ana is slapping")
    assert floated(scene).count("Wait: Ana is slapping") == 2


@pytest.mark.parametrize("swap", [False, True])
def test_the_log_tells_a_discard_once_its_card_shows_its_face(
        app: Any, driver: HeadlessDriver, swap: bool) -> None:
    """The move log ran ahead of the table: "Ana discarded the Jack of diamonds" while the
    card still flew face down. A discarded (or swapped-out) card is told once its face
    shows."""
    scene = table(app, driver, ["mouse", "easy", "easy"], phase=R.Phase.DRAWN, turn=0,
                  drawn="JD", seen={})
    wait_idle(driver, scene)
    pr = scene.presenter
    assert scene._apply(R.Replace(0, 0) if swap else R.Discard(0))
    name = "the 7 of hearts" if swap else "the Jack of diamonds"
    told = False
    for _ in range(90):
        driver.step()
        if any(name in t for t in pr.log.texts()):
            told = True
            assert pr.discard[-1].showing_face
    assert told


def test_the_home_seat_stands_in_the_same_place_in_every_round(
        app: Any, driver: HeadlessDriver) -> None:
    """The home seat's plate and cards stood ~18 px higher in the last round (clear of the
    match's end bar from its deal) than in rounds 1 and 2: every round is laid out alike."""
    setup = make_setup(["mouse", "easy", "easy"], seed=5, rounds=3)
    first = open_table(app, driver, setup, speed=4.0)
    assert first.state.round == 1
    rects = [first.layout.plate_rect(0), first.layout.grid_rect(0)]
    app.stack.pop()
    app.stack.apply_requests()
    state = R.CaboState.from_layout(GRIDS[:3], phase=R.Phase.TURN, turn=0, round=3,
                                    options=R.CaboOptions(players=3, first_starter=0,
                                                          slap_window=1.5, rounds=3))
    last = open_table(app, driver, setup, {"version": 1, "rules": state.to_dict()}, 4.0)
    assert last.state.round == 3 == last.rounds
    assert [last.layout.plate_rect(0), last.layout.grid_rect(0)] == rects
