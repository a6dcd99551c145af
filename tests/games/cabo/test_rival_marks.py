"""A rival's card the player has looked at (a Spy, a King) carries the same eye as their own
known cards, never its value, until it moves: a stranger's spied cards had no mark."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from game.games.cabo.scene import CaboScene
from game.ui import theme
from tests.games.cabo.test_scene_table import click, table, wait_idle


def eye_on(scene: CaboScene, pos: R.Pos) -> bool:
    """The seen eye is drawn at the foot of the card at `pos` (its gold pupil, its ink)."""
    surface = pygame.Surface((1280, 720))
    scene.view.draw(surface)
    sprite = scene.presenter.sprite_at(pos)
    assert sprite is not None and not sprite.moves
    r = sprite.rect()
    left, top = r.centerx - 17, r.bottom - 4 - 18  # the tag, 34 x 18, midbottom 4 px up
    return (tuple(surface.get_at((left + 17, top + 9)))[:3] == theme.SPARK
            and tuple(surface.get_at((left + 3, top + 9)))[:3] == theme.INK)


def test_a_spied_card_is_marked_without_its_value(app: Any, driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.POWER, turn=0,
                  power=R.Power.PEEK_OTHER, discard=["9S"])
    driver.step()
    assert not eye_on(scene, R.Pos(1, 2))
    click(driver, scene.cursor.get("card:1:2").rect.center)  # type: ignore[union-attr]
    assert driver.run_until(lambda: scene.presenter.hold is not None, 200)
    click(driver, (640, 500))  # let go of the look
    wait_idle(driver, scene)
    assert eye_on(scene, R.Pos(1, 2))
    assert (1, 2) in scene.view.own_hand(0).rivals
    assert not eye_on(scene, R.Pos(1, 0)) and not eye_on(scene, R.Pos(2, 2))
    assert scene.presenter.shown_codes() == {"9S"}  # the eye, never the 4 of hearts


def test_a_rivals_marked_card_loses_its_eye_when_it_moves(app: Any,
                                                         driver: HeadlessDriver) -> None:
    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.POWER, turn=0,
                  power=R.Power.BLIND_SWAP, discard=["JS"], seen={0: [(1, 2), (2, 1)]})
    wait_idle(driver, scene)
    assert eye_on(scene, R.Pos(1, 2)) and eye_on(scene, R.Pos(2, 1))
    click(driver, scene.cursor.get("card:1:2").rect.center)  # type: ignore[union-attr]
    click(driver, scene.cursor.get("card:2:0").rect.center)  # type: ignore[union-attr]
    assert any(isinstance(e, R.Swapped) for e in scene.state.events)
    wait_idle(driver, scene)
    rivals = scene.view.own_hand(0).rivals
    assert (1, 2) not in rivals and (2, 0) not in rivals and (2, 1) in rivals
    assert not eye_on(scene, R.Pos(1, 2)) and not eye_on(scene, R.Pos(2, 0))
    assert eye_on(scene, R.Pos(2, 1))  # the one that stayed keeps its eye
