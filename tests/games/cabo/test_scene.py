"""The Kaboom! cards table, driven headless through the real App with real input events."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pygame
import pytest

from game.app import catalogue
from game.app.headless import HeadlessDriver, random_events
from game.games.cabo import rules as R
from game.games.cabo.layout import FELT, TableLayout
from game.games.cabo.scene import CaboScene
from tests.games.cabo.scene_helpers import (
    HumanHands,
    PrivacyWatch,
    key_event,
    make_setup,
    open_table,
)


@pytest.fixture(autouse=True)
def cabo_registered() -> None:
    """Other tests may empty the catalogue; these need Kaboom! cards in it."""
    import game.games.cabo as cabo

    catalogue.register(cabo.INFO)


# ---------------------------------------------------------------- the catalogue


def test_cabo_is_registered_with_options_rules_picture_and_demos(app: Any) -> None:
    info = catalogue.get("cabo")
    assert info is not None and (info.min_players, info.max_players) == (2, 6)
    assert info.default_options()["rounds"] == 5  # a 15-20 minute first match
    assert 10 in next(o for o in info.options if o.key == "rounds").choices  # the rulebook's
    assert {o.key for o in info.options} >= {"rounds", "first_starter", "slap_window"}
    page = info.rules_page()
    assert "<b>" in page and "<br>" in page and "Kaboom!" in page and "\n" not in page
    surf = pygame.Surface((256, 190))
    info.draw_picture(surf)
    ids = {d.scene_id for d in info.demo_scenes}
    assert {"cabo.deal", "cabo.play", "cabo.mid", "cabo.slap", "cabo.end", "cabo.six"} <= ids
    assert info.higher_is_better is False


def test_first_tips_name_the_slap_draw_and_kaboom_controls_of_the_players_device(
        app: Any, driver: HeadlessDriver) -> None:
    from game.app.menus.coach import FirstMatchTips, tips_device

    info = catalogue.get("cabo")
    assert info is not None
    said = {d: " ".join(FirstMatchTips(app, info, d).tips) for d in ("mouse", "keys1", "pad0")}
    assert "slap it (click your matching card, or the discard pile)" in said["mouse"] \
        and "press" not in said["mouse"]
    w = app.input.word_for
    for device in ("keys1", "pad0"):
        assert "click" not in said[device]
        for control in ("primary", "confirm", "secondary"):
            assert f"press {w(device, control)}" in said[device]
    table = open_table(app, driver, make_setup(["keys1", "mouse", "easy"]))
    assert tips_device(app, table) is None  # two devices: the tips as written, for both
    assert FirstMatchTips(app, info, None).tips == info.first_tips


def test_importing_the_game_does_not_load_the_table() -> None:
    code = ("import sys, game.games.cabo; "
            "print('game.games.cabo.scene' in sys.modules, 'game.games.cabo.presenter' in "
            "sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True).stdout.split()
    assert out == ["False", "False"]


def test_simulate_through_the_catalogue() -> None:
    info = catalogue.get("cabo")
    assert info is not None
    setup = make_setup(["hard", "medium", "easy"], seed=4, rounds=2)
    result = info.simulate(setup)
    assert result.rounds == 2 and len(result.scores) == 3 and result.moves > 0


# ---------------------------------------------------------------- whole matches


def test_a_whole_game_one_human_by_mouse_against_three_ais(app: Any,
                                                          driver: HeadlessDriver) -> None:
    """Two rounds (the whole match's flow, from deal to between rounds to end bar)."""
    scene = open_table(app, driver, make_setup(["mouse", "hard", "medium", "easy"], seed=11,
                                               rounds=2))
    hands = HumanHands(app, driver, scene)
    watch = PrivacyWatch(scene, {0})
    hands.frames_check.append(watch)
    hands.play()
    st = scene.state
    assert st.is_terminal() and len(st.history) == 2
    assert hands.actions > 15  # the human really played: draws, swaps, slaps, powers
    assert any(isinstance(e, R.SlapAttempt) and e.player == 0 for e in st.events)
    assert scene.finished and not app.saves.has_save("cabo")
    stats = app.stats.for_profile(app.settings.profile)
    assert stats["cabo"].played == 1
    assert any("Game over" in t for t in scene.presenter.log.texts())
    assert scene.presenter.totals == st.totals


def test_keyboard_human_plays_with_the_cursor(app: Any, driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["keys1", "medium", "hard"], seed=23, rounds=2))
    hands = HumanHands(app, driver, scene)
    hands.play()
    assert scene.state.is_terminal() and hands.actions > 10


def test_two_humans_and_an_ai_start_to_finish_holding_to_look(app: Any,
                                                               driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["keys1", "keys2", "medium"], seed=6, rounds=1))
    hands = HumanHands(app, driver, scene)
    watch = PrivacyWatch(scene, set())  # a private face only while its owner's key is down
    hands.frames_check.append(watch)
    covered: list[object] = []
    hands.frames_check.append(lambda: covered.append(app.stack.top) if app.stack.top
                              is not scene and not scene.finished else None)
    hands.play()
    st = scene.state
    assert st.is_terminal() and len(st.history) == 1  # a whole round, and the match's end
    assert covered == []  # no curtain or anything else covered the table (until its end bar)
    assert watch.private_frames > 40  # holding did show each player their own cards
    assert hands.seen_while_held  # ...as the presenter drew them
    # every look was made with the device of the seat that looked
    assert {seat for seat, _ in hands.looks} == {0, 1}
    assert all(dev == scene.device_of(seat) for seat, dev in hands.looks)
    # each human lifted their starting cards, and their drawn cards
    assert sum(1 for seat, _ in hands.looks if seat == 0) >= 2
    assert sum(1 for seat, _ in hands.looks if seat == 1) >= 2


def test_couch_start_peek_waits_for_each_player_to_hold_and_let_go(
        app: Any, driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["keys1", "mouse", "hard"], seed=5, rounds=1),
                       speed=4.0)
    pr = scene.presenter
    driver.run_until(lambda: bool(pr.waiting_to_look()), 600)
    assert pr.waiting_to_look() == [0, 1] and app.stack.top is scene
    mine = {c.code for c in scene.state.hand(0)[2:]}
    theirs = {c.code for c in scene.state.hand(1)[2:]}
    assert pr.shown_codes() == set() and scene.prompt()[0] == 0
    assert "hold Q to look at your two bottom cards" in scene.prompt()[1]
    driver.run(200)  # nothing moves on by itself while nobody looks
    assert pr.waiting_to_look() == [0, 1] and pr.shown_codes() == set()
    driver.step([key_event(app, "keys1", "rotate_left", True)])
    driver.run(3)
    assert pr.shown_codes() == mine  # only the holder's own two
    assert "let go to hide them" in scene.prompt()[1]
    driver.step([key_event(app, "keys1", "rotate_left", False)])
    assert pr.shown_codes() == set() and pr.waiting_to_look() == [1]
    assert scene.prompt()[0] == 1 and "press the card and hold" in scene.prompt()[1]
    card = pr.lookable(1)[0].rect().center
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card, button=1)])
    driver.run(3)
    assert pr.shown_codes() == theirs
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=card, button=1)])
    assert pr.shown_codes() == set() and pr.waiting_to_look() == []
    driver.run_until(lambda: not pr.busy, 600)
    assert pr.secrets == [] and scene.state.phase is R.Phase.FLIP


def test_the_slap_phase_flips_for_humans_after_the_slap_window(
        app: Any, driver: HeadlessDriver) -> None:
    """Nobody presses anything: the couch table still turns a card for each human in turn,
    and each flipped card stays slappable for the whole slap window first."""
    scene = open_table(app, driver, make_setup(["keys1", "mouse"], seed=5, rounds=1), speed=8.0)
    pr = scene.presenter
    for seat in (0, 1):  # both peek at their bottom cards (a couch peek waits for that)
        driver.run_until(lambda s=seat: s in pr.waiting_to_look(), 600)
        pr.look(seat, True)
        pr.look(seat, False)
    flips: list[tuple[int, float]] = []
    for _ in range(3000):
        driver.step()
        made = [e.player for e in scene.state.events if isinstance(e, R.Flipped)]
        if len(made) > len(flips):
            flips.append((made[-1], scene.clock))
        if len(flips) >= 3:
            break
    assert [p for p, _ in flips] == [0, 1, 0]
    gaps = [b - a for (_, a), (_, b) in zip(flips, flips[1:], strict=False)]
    assert min(gaps) >= scene.state.options.slap_window


def test_gamepad_and_mouse_humans(app: Any, driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["mouse", "pad0", "hard"], seed=8, rounds=1))
    hands = HumanHands(app, driver, scene)
    hands.frames_check.append(PrivacyWatch(scene, set()))
    hands.play()
    assert scene.state.is_terminal()


# ---------------------------------------------------------------- saves


def _play_until(hands: HumanHands, pred: Any, limit: int = 20000) -> None:
    for _ in range(limit):
        if pred():
            return
        if not hands.act():
            hands.step()
    raise AssertionError("never got there")


def test_save_mid_round_and_resume(app: Any, driver: HeadlessDriver) -> None:
    setup = make_setup(["mouse", "hard", "medium"], seed=31, rounds=3)
    scene = open_table(app, driver, setup)
    hands = HumanHands(app, driver, scene)
    _play_until(hands, lambda: scene.state.round == 2 and scene.state.turns >= 4
                and scene.decider() == 0 and scene.state.phase is R.Phase.TURN)
    assert app.saves.has_save("cabo")  # autosaved at the human's turn
    saved = json.loads(json.dumps(scene.save_state()))
    before = scene.state.to_dict()
    app.stack.pop()
    app.stack.apply_requests()
    info = catalogue.get("cabo")
    assert info is not None
    resumed = info.make_scene(app, setup, saved)
    assert isinstance(resumed, CaboScene)
    resumed.speed = 30.0
    app.stack.push(resumed)
    app.stack.apply_requests()
    assert resumed.state.to_dict() == before
    pr = resumed.presenter
    for p, grid in enumerate(resumed.state.grids):
        assert [c is None for c in grid] == [s is None for s in pr.grids[p]]
    assert not pr.shown_codes() - {c.code for c in resumed.state.discard}
    hands2 = HumanHands(app, driver, resumed)
    hands2.play()
    assert resumed.state.is_terminal()


def test_continue_tells_the_log_once(app: Any, driver: HeadlessDriver) -> None:
    """After Continue the move log reads as it did live: every peek and move told once."""
    setup = make_setup(["mouse", "hard", "medium"], seed=31, rounds=3)
    scene = open_table(app, driver, setup)
    hands = HumanHands(app, driver, scene)
    _play_until(hands, lambda: scene.decider() == 0 and scene.state.phase is R.Phase.FLIP
                and any(isinstance(e, R.Flipped) for e in scene.state.events))
    live = scene.presenter.log.texts()
    rounds_begun = sum(1 for t in live if t.startswith("Round ") and " begins" in t)
    assert rounds_begun >= 1
    assert live.count("Everyone peeks at their two bottom cards.") == rounds_begun  # once each
    saved = json.loads(json.dumps(scene.save_state()))
    app.stack.pop()
    app.stack.apply_requests()
    resumed = open_table(app, driver, setup, saved)
    told = resumed.presenter.log.texts()
    assert told == live[-len(told):] and len(told) >= 3
    peeks = [t for t in told if "peek" in t]
    assert peeks == ["Everyone peeks at their two bottom cards."]


def test_resume_while_holding_a_drawn_card_shows_it_to_the_lone_human(
        app: Any, driver: HeadlessDriver) -> None:
    setup = make_setup(["mouse", "hard"], seed=2, rounds=1)
    state = R.CaboState.from_layout([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]],
                                    phase=R.Phase.DRAWN, drawn="9C")
    scene = open_table(app, driver, setup, {"version": 1, "rules": state.to_dict()})
    driver.run(3)
    assert scene.presenter.shown_codes() == {"9C"}
    assert "9 of clubs" in scene.prompt()[1]


def test_resume_in_couch_play_keeps_the_drawn_card_face_down_until_held(
        app: Any, driver: HeadlessDriver) -> None:
    setup = make_setup(["keys1", "keys2"], seed=2, rounds=1)
    state = R.CaboState.from_layout([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]],
                                    phase=R.Phase.DRAWN, drawn="9C")
    scene = open_table(app, driver, setup, {"version": 1, "rules": state.to_dict()})
    driver.run(30)
    assert app.stack.top is scene and scene.presenter.shown_codes() == set()
    assert "9 of clubs" not in scene.prompt()[1]
    driver.step([key_event(app, "keys1", "rotate_left", True)])
    driver.run(3)
    assert scene.presenter.shown_codes() == {"9C"}
    driver.step([key_event(app, "keys1", "rotate_left", False)])
    assert scene.presenter.shown_codes() == set()


def test_a_bad_save_is_refused(app: Any) -> None:
    setup = make_setup(["mouse", "hard"], seed=2)
    with pytest.raises(ValueError):
        CaboScene(app, setup, {"version": 99, "rules": {}})
    three = R.new_game(R.CaboOptions(players=3), 1).to_dict()
    with pytest.raises(ValueError):
        CaboScene(app, setup, {"version": 1, "rules": three})


# ---------------------------------------------------------------- devices


def test_unplugged_pad_hands_the_seat_to_an_ai(app: Any, driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["pad0", "hard", "medium"], seed=3, rounds=1))
    hands = HumanHands(app, driver, scene)
    _play_until(hands, lambda: scene.decider() == 0 and scene.state.phase is R.Phase.TURN)
    move = scene.state.move
    scene.replace_device("pad0", None)
    assert scene.seats[0].is_ai and 0 in scene.bots
    driver.run_until(lambda: scene.state.move > move, 600)
    assert scene.state.move > move
    driver.run_until(lambda: scene.state.is_terminal(), 30000)
    assert scene.state.is_terminal()


def test_unplugged_pad_while_its_peek_waits(app: Any, driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["pad0", "keys1", "medium"], seed=3, rounds=1))
    pr = scene.presenter
    driver.run_until(lambda: 0 in pr.waiting_to_look(), 600)
    scene.replace_device("pad0", None)
    driver.run(5)
    assert scene.seats[0].is_ai and pr.waiting_to_look() == [1] and pr.lookable(0) == []


def test_unplugged_pad_moves_to_a_keyboard(app: Any, driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["pad0", "hard"], seed=3, rounds=1))
    scene.replace_device("pad0", "keys2")
    assert scene.seats_for("keys2") == [0] and not scene.seats[0].is_ai


# ---------------------------------------------------------------- robustness


@pytest.mark.parametrize("scene_id", ["cabo.play", "cabo.mid", "cabo.couch"])
def test_demo_tables_survive_random_input(app: Any, driver: HeadlessDriver,
                                          scene_id: str) -> None:
    import random

    from game.app.scenes import named_scenes

    pygame.event.clear()
    scene = named_scenes()[scene_id].build(app, 5)
    assert isinstance(scene, CaboScene)
    scene.speed = 8.0
    app.stack.push(scene)
    app.stack.apply_requests()
    watch = PrivacyWatch(scene, set(scene.humans()) if not scene.couch() else set())
    start = scene.state.move
    rng = random.Random(scene_id)
    for _ in range(500):
        events = random_events(rng, app)
        # stay at the table: random clicks in the pause menu could quit
        events = [e for e in events if getattr(e, "key", None) != pygame.K_ESCAPE]
        driver.step(events)
        app.running = True
        watch()  # whatever was pressed, nothing private reached the screen or the log
    assert scene in app.stack.scenes  # the table is still open under whatever random input
    again = R.CaboState.from_dict(json.loads(json.dumps(scene.state.to_dict())))
    assert again.to_dict() == scene.state.to_dict()  # and its state is whole
    if scene_id == "cabo.play":
        assert scene.state.move > start + 10  # the AIs kept playing through the noise


def test_random_input_at_a_human_table(app: Any, driver: HeadlessDriver) -> None:
    import random

    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=9, rounds=1),
                       speed=10.0)
    rng = random.Random(4)
    for _ in range(1000):
        # stay at the table: no Esc (random clicks in the pause menu would quit to the title)
        events = [e for e in random_events(rng, app) if getattr(e, "key", None) != pygame.K_ESCAPE]
        if rng.random() < 0.3:  # aim some clicks at cards and piles
            pos = (rng.randrange(40, 980), rng.randrange(40, 640))
            events += [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
        driver.step(events)
        app.running = True
    assert isinstance(app.stack.scenes[0], CaboScene) and scene.state.move > 3


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_layout_is_readable_for_every_table_size(n: int) -> None:
    lay = TableLayout(n, home=0)
    blocks = [lay.block_rect(s) for s in range(n)]
    for i in range(n):
        assert FELT.contains(lay.block_rect(i, 12)), (n, i)
        for j in range(i + 1, n):
            assert not blocks[i].colliderect(blocks[j]), (n, i, j)
        grid = lay.grid_rect(i, 4)
        piles = lay.grid_rect(i, 4).inflate(0, 0)
        assert not grid.collidepoint(lay.draw_pos) and not piles.collidepoint(lay.discard_pos)
    assert lay.spots[0].side == "bottom"


def test_the_couch_demo_shows_the_lifted_corner_it_promises(app: Any,
                                                            driver: HeadlessDriver) -> None:
    from game.app.scenes import named_scenes

    pygame.event.clear()
    scene = named_scenes()["cabo.couch"].build(app, 3)
    assert isinstance(scene, CaboScene) and scene.couch()
    app.stack.push(scene)
    app.stack.apply_requests()
    driver.run(10)
    assert app.stack.top is scene and len(scene.presenter.lookable(scene.state.turn)) == 1
    assert scene.state.phase is R.Phase.DRAWN and scene.presenter.shown_codes() <= {
        c.code for c in scene.state.discard}  # nothing private until its owner holds
    assert "to look" in scene.prompt()[1]


def test_table_effects_draw_from_the_match_seeds_fx_stream(app: Any) -> None:
    import random

    from game.core.rng import derive_seed

    scene = CaboScene(app, make_setup(["mouse", "hard"], seed=77), demo=True)
    expected = random.Random(derive_seed(scene.state.seed, "fx", 0)).getstate()
    assert scene.presenter.effects.particles.rng.getstate() == expected
