"""The "You know N of M cards" line always says what the player knows as the table shows it:
none before the opening peek is shown, one more once a peek or a swap in is shown, one fewer
once a swap (or an AI's blind swap) takes a known card away, and never a turn late while AIs
play on (strangers read stale counts after swaps and before the first peek)."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from game.games.cabo.knowing import ShownKnowledge
from game.games.cabo.scene import CaboScene
from tests.games.cabo.scene_helpers import make_setup, open_table
from tests.games.cabo.test_scene_table import table, wait_idle

GRIDS2 = [["7H", "3S", "4S", "5S"], ["7D", "3H", "4H", "5H"]]


def known(scene: CaboScene, seat: int = 0) -> int:
    return len(scene.view.own_hand(seat).known)


def run_until_shown(driver: HeadlessDriver, scene: CaboScene, count: int) -> None:
    """Frames until the presenter has shown the first `count` events (AIs may play on)."""
    assert driver.run_until(lambda: scene.presenter.shown_events >= count, 1200)


def test_nothing_is_known_before_the_opening_peek_is_shown(
        app: Any, driver: HeadlessDriver) -> None:
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=5, rounds=3), speed=1.0)
    assert scene.state.observation(0, with_legal=False).known()  # the rules dealt and peeked
    assert scene.view.hand_words(0) == "You know none of your cards yet"
    assert scene.view.own_hand(0).slots == []  # no "seen" eye on a card not yet shown
    pr = scene.presenter
    assert driver.run_until(lambda: pr.hold is not None and pr.hold.kind == "start", 1200)
    assert scene.view.hand_words(0).startswith("You know 2 of 4 cards")
    assert sorted(scene.view.own_hand(0).slots) == sorted(
        p.slot for p in scene.state.observation(0, with_legal=False).known() if p.player == 0)


def test_a_swap_in_counts_once_it_lands_not_before_and_not_a_turn_late(
        app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["mouse", "easy"], grids=GRIDS2, phase=R.Phase.DRAWN, turn=0,
                  drawn="2H", seen={0: [(0, 0)]})
    wait_idle(driver, scene)
    assert scene.view.hand_words(0) == "You know 1 of 4 cards: 7 points so far"
    scene.human_act(R.Replace(0, 1))
    after = len(scene.state.events)
    driver.step()
    assert scene.presenter.busy  # the card is on its way: not counted yet
    assert scene.view.hand_words(0) == "You know 1 of 4 cards: 7 points so far"
    run_until_shown(driver, scene, after)
    assert scene.view.hand_words(0) == "You know 2 of 4 cards: 9 points so far"


def test_a_blind_swap_out_and_back_in_is_counted_as_it_is_shown(
        app: Any, driver: HeadlessDriver) -> None:
    """Ben's Jack swaps Ana's known 7 for his unknown 3 of hearts: Ana now knows one card
    fewer (she followed her 7 to Ben's grid, and never saw his 3)."""
    scene = table(app, driver, ["mouse", "easy"], grids=GRIDS2, phase=R.Phase.POWER, turn=1,
                  power=R.Power.BLIND_SWAP, discard=["JC"], seen={0: [(0, 0), (0, 1)]})
    wait_idle(driver, scene)
    assert scene.view.hand_words(0) == "You know 2 of 4 cards: 10 points so far"
    assert scene.state.apply(R.BlindSwap(1, R.Pos(0, 0), R.Pos(1, 1))) is None
    after = len(scene.state.events)
    assert scene.view.hand_words(0) == "You know 2 of 4 cards: 10 points so far"
    run_until_shown(driver, scene, after)
    assert scene.view.hand_words(0) == "You know 1 of 4 cards: 3 points so far"
    assert scene.view.own_hand(0).slots == [1]


def test_a_peek_counts_while_the_card_is_shown(app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["mouse", "easy"], grids=GRIDS2, phase=R.Phase.POWER, turn=0,
                  power=R.Power.PEEK_OWN, discard=["7C"], seen={0: [(0, 0)]})
    wait_idle(driver, scene)
    assert scene.view.hand_words(0) == "You know 1 of 4 cards: 7 points so far"
    scene.human_act(R.PeekOwn(0, 3))
    driver.step()
    pr = scene.presenter
    assert driver.run_until(lambda: pr.hold is not None, 600)
    assert scene.view.hand_words(0) == "You know 2 of 4 cards: 12 points so far"


def test_every_frame_of_a_match_the_count_matches_what_the_table_has_shown(
        app: Any, driver: HeadlessDriver) -> None:
    """An AI-only table watched from seat 0's side: whenever the table stands still the line
    is the rules' own count (never a move behind)."""
    scene = open_table(app, driver, make_setup(["hard", "easy", "medium"], seed=8, rounds=1),
                       speed=4.0)
    scene.presenter.set_viewer(0)
    checked = 0
    for _ in range(3000):
        driver.step()
        if scene.finished:
            break
        if scene.presenter.busy or scene.state.phase in (R.Phase.ROUND_OVER,
                                                         R.Phase.GAME_OVER):
            continue
        obs = scene.state.observation(0, with_legal=False)
        truth = sorted(p.slot for p in obs.known() if p.player == 0)
        assert sorted(scene.view.own_hand(0).slots) == truth
        checked += 1
    assert checked > 10


def test_records_restart_for_a_restored_state() -> None:
    state = R.new_match(2, seed=3)
    k = ShownKnowledge()
    k.note(state)
    k.note(state)
    assert len(k.records) == 1
    fresh = R.CaboState.from_layout(GRIDS2, seen={0: [(0, 2)]})
    k.note(fresh)
    assert len(k.records) == 1 and k.hand(0, 0, 1, 4).slots == [2]
    assert k.hand(1, 0, 1, 4).known == () and k.hand(0, 0, 2, 4).cards == 4  # another round


_ = pygame


def test_the_opening_peek_counts_from_the_moment_its_cards_turn_up(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger read "You know none of your cards yet" beside his two peeked cards face up:
    from the first frame either face shows, the line counts both; and not before ("You know 2
    of 4 cards: 11 points" stood over the two cards still face down, on their way up)."""
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=5), speed=1.0)
    pr = scene.presenter
    frames_up = frames_down = 0
    for _ in range(900):
        driver.step()
        own = [s for s in pr.grids[0] if s is not None]
        if any(s.showing_face for s in own):
            frames_up += 1
            assert "none" not in scene.view.hand_words(0), scene.view.hand_words(0)
            assert known(scene) == 2
        elif any(s.face_up for s in own):  # turning up, faces not showing yet
            frames_down += 1
            assert scene.view.hand_words(0) == "You know none of your cards yet"
        if pr.hold is not None:
            break
    assert frames_up and frames_down and pr.hold is not None and pr.hold.kind == "start"


def test_a_swap_is_counted_in_the_very_frame_its_cards_land(
        app: Any, driver: HeadlessDriver) -> None:
    """Strangers read a stale "You know N of M cards" as a swap landed (it changed a pause
    after): frame by frame, the line keeps the old count while the swapped cards fly and
    gives the new one in the frame they come down, for a swap in from the drawn card and for
    an AI's blind swap."""

    def through(scene: CaboScene, act: Any, slots: list[R.Pos], old: str, new: str) -> None:
        pr = scene.presenter
        before = {p: pr.sprite_at(p) for p in slots}
        act()
        landed_at = said_at = None
        for frame in range(120):
            driver.step()
            now = [pr.sprite_at(p) for p in slots]
            down = all(s is not None and s is not before[p] and not s.moves
                       for p, s in zip(slots, now, strict=True)) \
                if any(s is not before[p] for p, s in zip(slots, now, strict=True)) else False
            words = scene.view.hand_words(0)
            assert words in (old, new), words
            if down and landed_at is None:
                landed_at = frame
            if words == new and said_at is None:
                said_at = frame
            if said_at is not None:
                assert words == new, frame  # never back to the old count
        assert landed_at is not None and said_at == landed_at, (landed_at, said_at)

    scene = table(app, driver, ["mouse", "easy"], grids=GRIDS2, phase=R.Phase.DRAWN, turn=0,
                  drawn="2H", seen={0: [(0, 0)]})
    wait_idle(driver, scene)
    through(scene, lambda: scene.human_act(R.Replace(0, 1)), [R.Pos(0, 1)],
            "You know 1 of 4 cards: 7 points so far", "You know 2 of 4 cards: 9 points so far")
    app.stack.pop()
    scene = table(app, driver, ["mouse", "easy"], grids=GRIDS2, phase=R.Phase.POWER, turn=1,
                  power=R.Power.BLIND_SWAP, discard=["JC"], seen={0: [(0, 0), (0, 1)]})
    wait_idle(driver, scene)
    through(scene, lambda: scene.state.apply(R.BlindSwap(1, R.Pos(0, 0), R.Pos(1, 1))),
            [R.Pos(0, 0), R.Pos(1, 1)],
            "You know 2 of 4 cards: 10 points so far", "You know 1 of 4 cards: 3 points so far")
