"""'Continue' after leaving mid-turn goes on from where the turn was left (the save carries
the turn: turnlog.py); a save whose turn does not lead back there plays that turn again from
its beginning, and the get-ready screen tells the player (strangers found their turn
restarted with a full timer, unsaid)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game.app import catalogue
from game.app.launch import resume_game
from game.games.tower.scene import Stage, TowerScene
from game.ui import text

from .test_scene import ROW, drag_build, drag_piece, fast_forward, hold_key, open_game

SAID = "Your turn starts again from its beginning (the save of it could not be used)"


class _Said:
    def __init__(self) -> None:
        self.drawn: list[str] = []

    def text(self, surface: object, rect: object, label: str, img: object) -> None:
        self.drawn.append(label)

    def panel(self, surface: object, rect: object) -> None:
        pass

    def rendered(self, img: object, label: str) -> None:
        self.drawn.append(label)


def _ready_words(app: Any, scene: TowerScene) -> list[str]:
    said = _Said()
    text.observe(said)
    try:
        scene.draw(app.screen)
    finally:
        text.observe(None)
    return said.drawn


def _leave_mid_turn(app: Any, driver: Any, damage: bool = False) -> tuple[Any, TowerScene]:
    """A mouse builder's turn left mid-way (a block set, the AI's dice flying), then Continue:
    (the scene left, the one resumed). `damage`: the save's turn is not the one left."""
    from game.games.tower.replay import turn_hash

    scene = open_game(app, "mouse", "ai:easy", seed=9, rounds=1)
    driver.step()
    driver.click((640, 400))  # the sand timer turns
    assert scene.stage == Stage.PLAY
    drag_piece(driver, scene, 3)
    driver.run(240)  # four seconds more: the AI saboteur fires
    assert scene.turn is not None
    if damage:
        real = scene.log.to_dict

        def damaged(turn: Any) -> dict[str, Any]:
            return {**real(turn), "hash": "0" * 64}

        scene.log.to_dict = damaged  # type: ignore[method-assign]
    scene.quit_to_menu()  # leaves mid-turn: the save holds the turn so far
    left = (scene.match.time_left, dict(scene.match.dice_left), turn_hash(scene.turn))
    driver.settle(20)
    info = catalogue.get("tower")
    assert info is not None and resume_game(app, info)
    driver.settle(1)
    return left, _under_the_pause(app, driver, paused=not damage)


def _under_the_pause(app: Any, driver: Any, paused: bool = True) -> TowerScene:
    """The table a save was played back to: it opens under the pause menu, the sand waiting
    for the player; Resume lets it run. (A table restarted from its turn's start opens
    plainly, on its get-ready screen.)"""
    from game.app.menus.overlays import PauseOverlay

    driver.run(3)  # the table's first frames
    top = app.stack.top
    assert isinstance(top, PauseOverlay) == paused, top
    if not isinstance(top, PauseOverlay):
        assert isinstance(top, TowerScene)
        return top
    resumed = top.game
    assert isinstance(resumed, TowerScene)
    waited = resumed.match.time_left
    driver.run(30)
    assert resumed.match.time_left == waited  # the sand waits under the menu
    top.on_back()  # Resume
    driver.settle(1)
    assert app.stack.top is resumed
    return resumed


def test_continue_after_leaving_mid_turn_goes_on_from_where_it_was_left(
        app: Any, driver: Any) -> None:
    """A stranger who quit late in a good turn and pressed Continue got the whole turn to play
    again, his fired dice given back: the save carries the turn, and Continue opens the
    table as it was left (the same table, sand and dice), with no "starts again" note."""
    from game.games.tower.replay import turn_hash

    (time_left, dice, digest), resumed = _leave_mid_turn(app, driver)
    assert resumed.stage == Stage.PLAY and resumed.turn is not None and not resumed.restarted
    assert abs(resumed.match.time_left - time_left) < 0.05 and resumed.match.dice_left == dice
    assert turn_hash(resumed.turn) == digest
    assert resumed.table_view.restart_words() == ""
    assert any(j.progress for j in resumed.judgements.values())  # the block set stands
    driver.run(30)  # and the turn runs on
    assert resumed.match.time_left < time_left
    fast_forward(driver, resumed, Stage.OVER, limit=40000)
    assert resumed.replay_path is not None  # the match's replay, whole and verified
    from game.core import replay
    from game.games.tower.replay import verify

    assert verify(replay.load(resumed.replay_path)).ok


def test_a_saved_turn_that_does_not_lead_back_starts_again_and_says_so(
        app: Any, driver: Any) -> None:
    _, resumed = _leave_mid_turn(app, driver, damage=True)
    driver.settle(60)
    assert resumed.stage == Stage.READY and resumed.restarted
    assert resumed.match.turn == 0 and resumed.match.time_left == 0.0
    assert SAID in _ready_words(app, resumed)
    # Once it starts again, the note is gone; a save between turns says nothing of it.
    resumed.start_turn()
    assert resumed.table_view.restart_words() == ""


def test_a_save_made_between_turns_resumes_without_the_note(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", seed=9)
    driver.step()
    saved = scene.save_state()
    assert saved is not None and saved["turn_begun"] is False
    scene.quit_to_menu()
    driver.settle(20)
    info = catalogue.get("tower")
    assert info is not None and resume_game(app, info)
    driver.settle(60)
    resumed = app.stack.top
    assert isinstance(resumed, TowerScene) and resumed.stage == Stage.READY
    assert SAID not in _ready_words(app, resumed)


@pytest.mark.parametrize("left_on", [Stage.JUDGE, Stage.SCORE])
def test_continue_after_leaving_a_judged_turn_opens_the_next_builders_turn(
        app: Any, driver: Any, left_on: Stage) -> None:
    """A stranger left on the scores and, on Continue, played the turn just scored again. Once
    the turn is judged (its show or its scores) the save is the match after it: the scores
    kept, the next builder's get-ready screen, and no "starts again" note."""
    scene = open_game(app, "mouse", "keys1", row=ROW)  # a saboteur who never fires
    driver.step()
    driver.click((640, 400))  # the sand timer turns
    drag_build(driver, scene, 0)  # the Post: 3 points
    fast_forward(driver, scene, left_on)
    assert scene.match.totals() == [3, 0] and scene.match.builder == 1
    saved = scene.save_state()
    assert saved is not None and saved["turn_begun"] is False
    scene.quit_to_menu()
    driver.settle(20)
    info = catalogue.get("tower")
    assert info is not None and resume_game(app, info)
    driver.settle(60)
    resumed = app.stack.top
    assert isinstance(resumed, TowerScene) and resumed.stage == Stage.READY
    assert resumed.match.turn == 1 and resumed.match.builder == 1
    assert resumed.match.totals() == [3, 0] and resumed.shown_scores == [3.0, 0.0]
    assert 7 not in resumed.match.row  # the Post was won and left the row
    assert resumed.table_view.restart_words() == ""
    assert not any("starts again" in w for w in _ready_words(app, resumed))


def test_leaving_during_the_last_turns_judging_ends_the_match(app: Any, driver: Any) -> None:
    """Left while the last turn was judged, the match stayed saved as that turn began, and
    Continue played it again: now leaving then ends the match as its show would (the result
    counted, the replay written) and leaves no save of it."""
    from game.app.launch import resumables

    scene = open_game(app, "mouse", "ai:easy", seed=9, rounds=1)
    driver.step()
    driver.click((640, 400))
    drag_piece(driver, scene, 3)
    fast_forward(driver, scene, Stage.READY)  # the scores clicked on
    fast_forward(driver, scene, Stage.JUDGE)  # the AI's turn, the match's last
    assert scene.match.is_over and not scene.finished
    info = catalogue.get("tower")
    assert info is not None and resumables(app, info)  # the save made as the turn began
    scene.quit_to_menu()
    driver.settle(20)
    assert scene.finished and scene.replay_path is not None and scene.replay_path.is_file()
    assert not resumables(app, info)
    from game.core import replay
    from game.games.tower.replay import verify

    assert verify(replay.load(scene.replay_path)).ok


def test_the_scores_autosave_the_match_after_the_turn(app: Any, driver: Any) -> None:
    """A window closed on the scores (no quit, so no save made on leaving) kept the save made
    as the turn began: the scores autosave the match after the turn once they are up."""
    from game.app.launch import resumables

    scene = open_game(app, "mouse", "ai:easy", seed=9)
    driver.step()
    driver.click((640, 400))
    drag_piece(driver, scene, 3)
    fast_forward(driver, scene, Stage.SCORE)
    driver.run(60)
    assert scene.stage == Stage.SCORE
    info = catalogue.get("tower")
    assert info is not None
    found = resumables(app, info)
    assert found and found[0].game_state is not None
    assert found[0].game_state["match"]["turn"] == 1
    assert found[0].game_state["turn_begun"] is False


@pytest.mark.parametrize("builder", ["keys1", "ai:easy"])
def test_a_keyboard_or_ai_builders_turn_goes_on_too(app: Any, driver: Any,
                                                     builder: str) -> None:
    """The keys' hand carrying a block when the game was left carries it still; an AI
    builder's turn (its tile choices made again as the table opens, its part of the turn
    played again) goes on as it was, the block in its hand still there."""
    import pygame

    from game.games.tower.controls import CursorBuilderControl
    from game.games.tower.replay import turn_hash

    scene = open_game(app, builder, "mouse", seed=4, rounds=1)
    driver.step()
    if builder == "keys1":
        driver.key(pygame.K_SPACE)
        driver.key(pygame.K_TAB)  # a block taken and carried over its pad
        driver.run(20)
    else:
        fast_forward(driver, scene, Stage.PLAY)
        driver.run(300)
    assert scene.stage == Stage.PLAY and scene.turn is not None
    carrying = scene.world.hand.held_block
    assert carrying is not None or builder != "keys1"
    scene.quit_to_menu()
    digest = turn_hash(scene.turn)
    driver.settle(20)
    info = catalogue.get("tower")
    assert info is not None and resume_game(app, info)
    driver.settle(1)
    resumed = _under_the_pause(app, driver)
    assert resumed.stage == Stage.PLAY
    assert resumed.turn is not None and not resumed.restarted
    assert turn_hash(resumed.turn) == digest
    assert resumed.world.hand.held_block == carrying  # (the AI's hand carries on too)
    if builder == "keys1":
        b = resumed.builder_ctl
        assert isinstance(b, CursorBuilderControl) and b.carrying
    driver.run(60)
    assert resumed.stage == Stage.PLAY


def _mind(scene: TowerScene) -> dict[str, Any]:
    """What the AI builder has in mind (its hand, plan and dice of chance)."""
    b = scene.builder_ctl
    ai = getattr(b, "ai", None)
    assert ai is not None
    return {**{k: v for k, v in vars(ai).items() if k != "rng"}, "rng": ai.rng.getstate()}


def test_continue_in_an_ai_builders_turn_keeps_what_the_dice_did(app: Any, driver: Any) -> None:
    """A stranger's die knocked the AI builder's tower; he saved and quit from the pause menu
    and pressed Continue: the sand and his dice count came back, but the table came back as
    the AI's hand left it (the block it carried let go, its plan forgotten: it cleared its
    tower and began again), so the die spent had done nothing. Now the AIs play their part
    of the turn back from their seeds: the same table (every block, the fallen ones), dice,
    sand and AI (its hand, its plan), and the turn goes on as it would have."""
    import pygame

    from game.games.tower.controls import PadSaboteurControl
    from game.games.tower.events import DieHit
    from game.games.tower.replay import turn_hash

    scene = open_game(app, "ai:easy", "keys1", seed=5, rounds=1)
    driver.step()
    fast_forward(driver, scene, Stage.PLAY)
    turn = scene.turn
    assert turn is not None
    keys = scene.sab_ctls[1]
    assert isinstance(keys, PadSaboteurControl)
    # the aim whose two dice knock this table's tower (the keys' start aim is the nearest pad)
    keys.elevation, keys.power = math.radians(40.0), 0.6
    turn.aim(1, keys.elevation, keys.power)
    for wait in (150, 250):
        driver.run(wait)
        driver.key(pygame.K_SPACE)  # the keys' saboteur fires
    driver.run(100)
    hits = [e for e in scene.events_seen if isinstance(e, DieHit)]
    assert hits and scene.match.dice_left == {1: 6}
    fallen = [b for b in range(16) if turn.world.block_where(b) == "table"
              and abs(turn.world.block_pose(b)[1] - 588.0) < 5.0]
    assert fallen  # blocks of the AI's tower lie on the table, knocked off
    b = scene.builder_ctl
    assert b is not None
    driver.run_until(lambda: b.holding, 600)  # its hand carries a block as the game is left
    sab = scene.sab_ctls[1]
    assert isinstance(sab, PadSaboteurControl)
    first = (sab.elevation, sab.power)
    hold_key(driver, pygame.K_w, 20)  # the keys' saboteur aims higher for the next
    aim = (sab.elevation, sab.power)
    assert aim != first
    scene.open_pause()
    driver.settle(1)
    scene.quit_to_menu()  # "Save and quit to menu"
    left = (scene.match.time_left, dict(scene.match.dice_left), turn_hash(turn),
            [turn.world.block_pose(b) for b in range(16)], _mind(scene))
    driver.settle(20)
    info = catalogue.get("tower")
    assert info is not None and resume_game(app, info)
    driver.settle(1)
    resumed = _under_the_pause(app, driver)
    again = resumed.turn
    assert resumed.stage == Stage.PLAY and again is not None and not resumed.restarted
    assert (resumed.match.time_left, resumed.match.dice_left, turn_hash(again),
            [again.world.block_pose(b) for b in range(16)], _mind(resumed)) == left
    keys = resumed.sab_ctls[1]
    assert isinstance(keys, PadSaboteurControl) and (keys.elevation, keys.power) == aim
    # The turn goes on as it would have, had it not been left.
    for _ in range(240):
        scene._world_frame()
        resumed._world_frame()
    assert turn_hash(again) == turn_hash(turn)
    fast_forward(driver, resumed, Stage.READY)  # the person's turn next: left unplayed
    resumed.start_turn()
    assert resumed.turn is not None
    resumed.turn.finish_now()
    fast_forward(driver, resumed, Stage.OVER)
    assert resumed.replay_path is not None  # the match's replay, whole and verified
    from game.core import replay
    from game.games.tower.replay import verify

    assert verify(replay.load(resumed.replay_path)).ok


def test_a_turn_played_back_waits_still_until_the_pause_menu_covers_it(
        app: Any, driver: Any) -> None:
    """On a busy machine the table's first frame after Continue is long, and its several logic
    steps ran the turn on (the sand, the AI's hand) before the pause menu it had asked for
    came up at the frame's end: it stays still until the menu covers it."""
    from game.app.menus.overlays import PauseOverlay
    from game.games.tower.replay import turn_hash

    scene = open_game(app, "ai:easy", "keys1", seed=5, rounds=1)
    driver.step()
    fast_forward(driver, scene, Stage.PLAY)
    b = scene.builder_ctl
    assert b is not None and driver.run_until(lambda: b.holding, 900)
    scene.quit_to_menu()
    assert scene.turn is not None
    left = (scene.match.time_left, turn_hash(scene.turn), _mind(scene))
    driver.settle(20)
    info = catalogue.get("tower")
    assert info is not None and resume_game(app, info)
    for _ in range(60):
        driver.step(dt=0.25)  # a quarter of a second a frame: eight logic steps each
        if isinstance(app.stack.top, PauseOverlay):
            break
    top = app.stack.top
    assert isinstance(top, PauseOverlay)
    resumed = top.game
    assert isinstance(resumed, TowerScene) and resumed.turn is not None
    assert (resumed.match.time_left, turn_hash(resumed.turn), _mind(resumed)) == left
