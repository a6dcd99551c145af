"""A fire press while the catapult reloads is answered: a sound, the time left in words, and a
ring round the cup filling (a playtester's presses were swallowed without a cue)."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.controls import PadSaboteurControl
from game.games.tower.scene import Stage
from game.games.tower.view import refusal_words

from .test_scene import hold_key, open_game


def test_the_refusal_words_say_why_and_how_long() -> None:
    assert refusal_words("catapult reloading", 0.42) == "Reloading: 0.4 s"
    assert refusal_words("catapult reloading", 0.0) == "Loaded: fire!"
    assert refusal_words("no dice left", 0.3) == "No dice left"


def test_a_press_during_the_reload_is_kept_and_fires_when_loaded(app: Any, driver: Any,
                                                                monkeypatch: Any) -> None:
    """A stranger's fire presses during the reload did nothing (two of eight dice unused,
    twice): the press is kept, told on screen ("Loading: fires in 0.4 s"), and the die flies
    the moment the catapult is loaded; the replay records the fire when it happens."""
    scene = open_game(app, "mouse", "keys1")
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    ctl = scene.sab_ctls[1]
    assert isinstance(ctl, PadSaboteurControl)
    played: list[str] = []
    monkeypatch.setattr(scene.fx, "sound", lambda name, *a, **k: played.append(name))
    hold_key(driver, pygame.K_LSHIFT, 1)  # fires
    assert scene.world.stats.dice_fired == 1 and "ui_error" not in played
    fires = [i for i in scene.recorder.replay.inputs if i[3][0] == "fire"]
    hold_key(driver, pygame.K_LSHIFT, 1)  # at once again: reloading, so kept
    driver.step()
    assert scene.world.stats.dice_fired == 1 and ctl.queued
    assert ctl.refusals == 0 and "ui_error" not in played  # kept, not refused
    hints: list[str] = []
    from game.games.tower import hud
    real = hud.draw_hint
    monkeypatch.setattr(hud, "draw_hint",
                        lambda surf, lines, *a, **k: hints.extend(lines) or real(surf, lines,
                                                                                  *a, **k))
    scene.table_view.draw(pygame.Surface((1280, 720)))
    assert any(h.startswith("Loading: fires in 0.") for h in hints), hints
    driver.run(45)  # the reload (0.6 s) ends: the kept press fires by itself
    assert scene.world.stats.dice_fired == 2 and not ctl.queued
    assert scene.match.dice_left[1] == scene.dice_view[1]
    later = [i for i in scene.recorder.replay.inputs if i[3][0] == "fire"]
    assert len(later) == len(fires) + 1  # one recorded fire, when the die flew
