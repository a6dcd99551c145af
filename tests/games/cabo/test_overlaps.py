"""What the table draws over what, at both text sizes: a word by a seat, the banner, the bursts,
the hand tag, the buttons and the moves' hint each keep their own place (a stranger's playtest
found a Kaboom! warning cut under the hand tag and across the buttons, the banner in the
KABOOM! burst, a SLAP! over the hand tag and "Wheel up: earlier" cut to "Wheel up")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from game.games.cabo.presenter import PlatedWord, plated_word
from game.games.cabo.scene import CaboScene
from game.games.cabo.view import burst_rect
from game.ui import text, theme
from tests.games.cabo.test_scene_table import click, slappable, table
from tests.ui.layout import Words, observing

SCALES = pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE], ids=["normal", "large"])


@pytest.fixture
def scaled_text(scale: float) -> Iterator[float]:
    text.set_scale(scale)
    try:
        yield scale
    finally:
        text.set_scale(1.0)


def frame(scene: CaboScene) -> pygame.Surface:
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    return surface


def note_paths(scene: CaboScene, label: str) -> list[pygame.Rect]:
    """Where each note `label` showing now is drawn over its whole rise."""
    out = []
    for f in scene.presenter.effects.floats:
        if isinstance(f, PlatedWord) and f.label == label and not f.done:
            r = plated_word(f.label, f.size, f.colour, 8).get_rect(
                center=(round(f.pos[0]), round(f.pos[1])))
            out.append(r.union(r.move(0, -round(f.rise))))
    return out


def cards(scene: CaboScene) -> list[pygame.Rect]:
    return [s.rect() for grid in scene.presenter.grids for s in grid if s is not None]


@SCALES
@pytest.mark.parametrize("kinds", [["mouse", "hard", "hard"], ["mouse", "keys1", "hard"]],
                         ids=["alone", "couch"])
def test_the_kaboom_warning_keeps_off_the_hand_tag_the_buttons_and_the_cards(
        app: Any, driver: HeadlessDriver, scaled_text: float, kinds: list[str]) -> None:
    scene = table(app, driver, kinds, phase=R.Phase.TURN, turn=0, seen={})
    driver.run(20)
    frame(scene)
    button = scene.cursor.get("btn:kaboom")
    assert button is not None
    click(driver, button.rect.center)
    assert scene.state.kaboomer is None  # it asks first
    buttons = [t.rect for t in scene.cursor.targets if t.kind == "button"]
    frame(scene)
    paths = note_paths(scene, "Sure? Kaboom! again to call")
    assert paths, [f.label for f in scene.presenter.effects.floats]
    for path in paths:
        assert path.collidelist(buttons) < 0, (path, buttons)
        assert path.collidelist(cards(scene)) < 0, path
        if len(scene.humans()) == 1:
            assert scene.view.hand_at is not None
            assert not path.colliderect(scene.view.hand_at), (path, scene.view.hand_at)


@SCALES
def test_the_kaboom_bubble_keeps_off_the_kaboom_burst(app: Any, driver: HeadlessDriver,
                                                      scaled_text: float) -> None:
    # a known total a call usually wins with (2): a higher one asks first (`kaboom_needs`)
    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.TURN, turn=0,
                  seen={0: [(0, 0), (0, 1), (0, 2), (0, 3)]},
                  grids=[["AH", "2S", "XR", "KH"], ["7D", "3H", "4H", "5H"],
                         ["2D", "3D", "4D", "5D"]])
    driver.run(20)
    button = scene.cursor.get("btn:kaboom")
    assert button is not None
    click(driver, button.rect.center)
    assert scene.state.kaboomer == 0
    together = 0
    for _ in range(120):
        driver.step()
        frame(scene)
        bursts = [burst_rect(b) for b in scene.presenter.effects.bursts if not b.done]
        if scene.view.banner_at is not None and bursts:
            together += 1
            assert scene.view.banner_at.collidelist(bursts) < 0, (scene.view.banner_at, bursts)
    assert together


@SCALES
def test_a_slap_burst_keeps_off_the_hand_tag(app: Any, driver: HeadlessDriver,
                                             scaled_text: float) -> None:
    scene = slappable(app, driver, ["mouse", "medium", "medium"])
    driver.run(30)
    frame(scene)
    click(driver, scene.layout.discard_pos)
    assert scene.state.slap is not None and scene.state.slap.player == 0
    seen = 0
    for _ in range(40):
        driver.step()
        frame(scene)
        slaps = [burst_rect(b) for b in scene.presenter.effects.bursts
                 if b.label == "SLAP!" and not b.done]
        if slaps and scene.view.hand_at is not None:
            seen += 1
            assert scene.view.hand_at.collidelist(slaps) < 0, (scene.view.hand_at, slaps)
    assert seen


@SCALES
def test_the_moves_say_wheel_up_for_earlier_ones_whole(app: Any, driver: HeadlessDriver,
                                                       scaled_text: float) -> None:
    scene = table(app, driver, ["mouse", "hard", "hard"], phase=R.Phase.TURN, turn=0)
    driver.run(5)
    for i in range(40):
        scene.presenter.log.add(f"Ben discarded the {i % 9 + 2} of clubs.")
    with observing(Words()) as seen:
        frame(scene)
    assert any(w.startswith("Wheel up: earlier") for w in seen.words), \
        [w for w in seen.words if "Wheel" in w]
    hint = next(r for w, r in seen.boxes if w.startswith("Wheel up"))
    from game.games.cabo.view import SCORES_RECT

    assert not hint.colliderect(SCORES_RECT), (hint, SCORES_RECT)


@SCALES
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_power_word_never_rises_behind_the_banner(app: Any, driver: HeadlessDriver,
                                                      scaled_text: float, n: int) -> None:
    """A stranger saw "Power!" hidden behind the bubble that names the power: the bubble
    keeps off the word's whole rise."""
    grids = [["7H", "3S", "4S", "5S"], ["7D", "3H", "4H", "5H"], ["2D", "3D", "4D", "5D"],
             ["2C", "3C", "4C", "5C"]][:n]
    scene = table(app, driver, ["mouse"] + ["hard"] * (n - 1), phase=R.Phase.DRAWN, turn=0,
                  drawn="9C", grids=grids)
    driver.run(20)
    button = scene.cursor.get("btn:power")
    assert button is not None
    click(driver, button.rect.center)
    together = 0
    for _ in range(90):
        driver.step()
        frame(scene)
        words = note_paths(scene, "Power!")
        if scene.view.banner_at is not None and words:
            together += 1
            assert scene.view.banner_at.collidelist(words) < 0, (scene.view.banner_at, words)
    assert together
