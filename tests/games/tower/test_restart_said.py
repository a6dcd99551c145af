"""'Continue' after leaving mid-turn plays that turn again from its beginning (a turn in
progress is not saved): strangers found their turn restarted with a full timer, unsaid. The
save made once the sand has turned says so, and the get-ready screen tells the player."""

from __future__ import annotations

from typing import Any

import pytest

from game.app import catalogue
from game.app.launch import resume_game
from game.games.tower.scene import Stage, TowerScene
from game.ui import text

from .test_scene import ROW, drag_build, drag_piece, fast_forward, open_game

SAID = "Your turn starts again from its beginning (a turn in progress is not saved)"


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


def test_continue_after_leaving_mid_turn_says_the_turn_starts_again(app: Any,
                                                                    driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", seed=9)
    driver.step()
    driver.click((640, 400))  # the sand timer turns
    assert scene.stage == Stage.PLAY
    drag_piece(driver, scene, 3)
    scene.quit_to_menu()  # leaves mid-turn: the save holds the turn's start
    driver.settle(20)
    info = catalogue.get("tower")
    assert info is not None and resume_game(app, info)
    driver.settle(60)
    resumed = app.stack.top
    assert isinstance(resumed, TowerScene) and resumed.stage == Stage.READY
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
