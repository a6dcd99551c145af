"""Between turns: the score panel appears in place with its prompt, and with reduced motion
(Settings, Accessibility) the won tiles stay in place, fading at most (a stranger with it on
still saw cards fly over the HUD), and the scores' prompt names the inputs that move on."""

from __future__ import annotations

from typing import Any

import pytest

from game.games.tower import art, hud
from game.games.tower.scene import Stage
from game.ui import theme

from .test_scene import open_game


@pytest.mark.parametrize("reduced", [False, True])
def test_the_score_panel_is_in_place_with_its_prompt_from_its_first_frame(
        app: Any, reduced: bool) -> None:
    """A stranger saw the score panel come up without "Click to continue", then jump up with
    it (sliding up from below; with reduced motion it faded in): from its first frame it is
    where it stays, still, its prompt on it."""
    import pygame

    app.settings.accessibility.reduced_motion = reduced
    scene = open_game(app, "mouse", "ai:easy")
    scene.stage, scene.time = Stage.SCORE, 10.0
    frames = []
    for t in (0.0, 0.05, 0.2, 0.35, 2.0):
        scene.stage_t = t
        surf = pygame.Surface((1280, 720))
        scene.table_view._draw_board(surf, final=False)
        frames.append(pygame.image.tobytes(surf, "RGB"))
    assert all(f == frames[-1] for f in frames)
    first = pygame.image.frombytes(frames[0], (1280, 720), "RGB")
    spark = sum(1 for x in range(440, 840) for y in range(300, 600)
                if tuple(first.get_at((x, y)))[:3] == theme.SPARK)
    assert spark > 50  # "Click to continue", in gold, on the first frame


def test_a_won_tile_stays_on_its_card_with_reduced_motion(app: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy")
    scene.turn_builder = 0
    card = art.card_rect(2)
    moving = scene.table_view.flight_pose(2, 0.5)
    assert (moving[0], moving[1]) != (card.centerx, card.centery) and moving[2] < 1.0
    app.settings.accessibility.reduced_motion = True
    for f in (0.0, 0.3, 0.7, 1.0):
        x, y, scale, alpha = scene.table_view.flight_pose(2, f)
        assert (x, y, scale) == (card.centerx, card.centery, 1.0)
        assert alpha == round(255 * (1.0 - f))


def _board_prompt(app: Any, monkeypatch: Any, scene: Any) -> str:
    seen: list[str] = []
    real = hud.draw_board

    def spy(*args: Any, **kw: Any) -> None:
        seen.append(kw["prompt"])
        real(*args, **kw)

    monkeypatch.setattr(hud, "draw_board", spy)
    scene.stage, scene.stage_t = Stage.SCORE, 2.0
    scene.draw(app.screen)
    return seen[-1]


def test_the_scores_name_every_humans_input_in_one_wording(app: Any, monkeypatch: Any) -> None:
    """A stranger on the mouse, next to build, read "Press SPACE to continue" (the first
    seat's keys): the prompt names every input that works. Another read "Press SPACE or
    click" and "Click or press SPACE" on two screens: one wording, whoever builds next."""
    scene = open_game(app, "keys1", "mouse", "ai:easy")
    scene.match.turn = 1  # the mouse seat builds next
    assert scene.match.builder == 1
    space = app.input.word_for("keys1", "confirm")
    assert _board_prompt(app, monkeypatch, scene) == f"Click or press {space} to continue"
    scene.match.turn = 0
    assert _board_prompt(app, monkeypatch, scene) == f"Click or press {space} to continue"


def test_a_mouse_table_is_told_to_click(app: Any, monkeypatch: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy")
    assert _board_prompt(app, monkeypatch, scene) == "Click to continue"


def test_the_scoreboard_holds_still_while_nothing_happens(app: Any) -> None:
    """A stranger saw the score panel bob about 2 px with nothing happening (its prompt)."""
    import pygame

    scene = open_game(app, "mouse", "ai:easy")
    scene.stage, scene.stage_t = Stage.SCORE, 2.0
    frames = []
    for t in (10.0, 10.3, 10.6):
        scene.time = t
        surf = pygame.Surface((1280, 720))
        scene.table_view._draw_board(surf, final=False)
        frames.append(pygame.image.tobytes(surf, "RGB"))
    assert frames[0] == frames[1] == frames[2]


@pytest.mark.parametrize("device", ["keys1", "mouse"])
def test_a_press_as_the_scores_come_up_moves_on_once_they_take_one(
        app: Any, driver: Any, device: str) -> None:
    """A stranger's first Space on "Press SPACE to continue", after his keyboard build turn,
    did nothing (the scores took no press for their first 0.8 s, and said nothing of it); a
    second one moved on. A fresh press on the scores (Space, or a click) is kept, and moves
    on as soon as the scores take one; a press held over from the turn still never does
    (tests/games/tower/test_scene.py)."""
    import pygame

    from game.games.tower.scene import SCORE_REACT_SECONDS, SKIP_GUARD_SECONDS

    from .test_scene import ROW, fast_forward

    scene = open_game(app, device, "ai:easy", row=ROW)
    driver.step()
    if device == "keys1":
        driver.key(pygame.K_SPACE)  # the keyboard builder turns the sand timer
        for key in (pygame.K_TAB, pygame.K_SPACE):
            driver.key(key)  # and sets a block
            driver.run(30)
    else:
        driver.click((640, 400))
    assert scene.turn is not None
    scene.turn.finish_now()
    fast_forward(driver, scene, Stage.SCORE)

    def press() -> None:
        if device == "keys1":
            driver.key(pygame.K_SPACE)
        else:
            driver.click((640, 400))

    # A press in the scores' first moments is the turn's, hammered on as the sand ran out (a
    # later stranger's Tab and Space skipped the scores unseen): it is dropped.
    scene.stage_t = 0.0  # (fast_forward's steps are long: the scores as they come up)
    press()  # (a press is taken on its first frame, well inside SCORE_REACT_SECONDS)
    assert not scene.go_when_ready
    assert not driver.run_until(lambda: scene.stage != Stage.SCORE, 90)
    assert scene.stage == Stage.SCORE
    # A press made once the scores can be read is an answer: kept until they take it.
    scene.stage_t = SCORE_REACT_SECONDS + 0.05
    scene.go_when_ready = False
    press()
    assert scene.stage == Stage.SCORE and scene.stage_t < SKIP_GUARD_SECONDS
    assert driver.run_until(lambda: scene.stage != Stage.SCORE, 120)
    assert scene.stage == Stage.READY and scene.match.turn == 1
