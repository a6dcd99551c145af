"""Reduced motion calms how the cards table moves, never its pacing: a stranger with it on
still saw cards slide across the table, flip to a thin edge, and bursts pop and pulse."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.cabo.scene import CaboScene
from game.tabletop.effects import rotated_hand
from tests.games.cabo.scene_helpers import make_setup, open_table
from tests.games.cabo.test_scene_table import press, slappable


def drawn_width(draw: Any, size: tuple[int, int] = (600, 400)) -> int:
    """How wide the opaque part of what `draw(surface)` puts on a clear surface is (a card's
    shadow is faint: not counted)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    draw(surface)
    return surface.get_bounding_rect(min_alpha=128).w


@pytest.mark.parametrize("reduced", [True, False])
def test_a_flip_cross_fades_with_reduced_motion_and_squashes_without(
        app: Any, driver: HeadlessDriver, reduced: bool) -> None:
    """Every card turned over as two AIs play: with reduced motion no frame of a turn draws
    it narrower than 80% of its width; without it a turn still squashes it to an edge."""
    app.settings.accessibility.reduced_motion = reduced
    scene: CaboScene = open_table(app, driver, make_setup(["hard", "medium"], seed=3, rounds=1),
                                  speed=1.0)
    pr = scene.presenter
    narrowest, turning = 1.0, 0
    for _ in range(900):
        driver.step()
        for s in pr.sprites():
            if not s.visible or s.flip in (0.0, 1.0):
                continue
            turning += 1
            w = drawn_width(lambda surface, s=s: s.draw(surface, (300 - s.x, 200 - s.y)))
            narrowest = min(narrowest, w / s.w)
        if turning > 40:
            break
    assert turning > 40  # cards were turned over, frame by frame
    if reduced:
        assert narrowest >= 0.8, narrowest
    else:
        assert narrowest < 0.5, narrowest


@pytest.mark.parametrize("reduced", [True, False])
def test_a_slide_is_a_short_glide_that_lands_when_it_did(app: Any, driver: HeadlessDriver,
                                                         reduced: bool) -> None:
    """A card sent across the table: with reduced motion it is there within a fifth of a
    second and rests; its landing (what the slap window waits for) comes when it always did."""
    app.settings.accessibility.reduced_motion = reduced
    scene = slappable(app, driver, ["keys1", "medium", "medium"])
    card = scene.presenter._sprite((100.0, 100.0))
    landed: list[float] = []
    clock = 0.0
    card.move_to((500.0, 300.0), 0.42, delay=0.05, on_done=lambda: landed.append(clock))
    there = None
    for _ in range(40):
        card.update(1 / 60)
        clock += 1 / 60
        if there is None and (round(card.x), round(card.y)) == (500, 300):
            there = clock
    assert landed and abs(landed[0] - 0.47) < 0.03 and card.moves == []
    assert there is not None
    if reduced:
        assert there <= 0.05 + 0.2 + 1e-6, there
    else:
        assert there > 0.4, there


@pytest.mark.parametrize("reduced", [True, False])
def test_a_slap_burst_neither_pulses_nor_shakes_with_reduced_motion(
        app: Any, driver: HeadlessDriver, reduced: bool) -> None:
    """The SLAP! burst: with reduced motion one size from first frame to last (it fades in
    and out), its hand lands without a spreading ring, and the table stays still."""
    app.settings.accessibility.reduced_motion = reduced
    scene = slappable(app, driver, ["keys1", "keys2", "medium"])
    pr = scene.presenter
    press(app, driver, "keys1", "primary")
    sizes: set[int] = set()
    ringed = False
    for _ in range(90):
        driver.step()
        for b in pr.effects.bursts:
            w = drawn_width(lambda surface, b=b: b.draw(surface, (640 - b.pos[0],
                                                                  360 - b.pos[1])),
                            (1280, 720))
            if w:
                sizes.add(w)
        for hand in pr.effects.hands:
            if hand.landed and hand.t < hand.duration + 0.2:
                drawn = pygame.Surface((1280, 720), pygame.SRCALPHA)
                hand.draw(drawn, (0, 0))
                alone = rotated_hand(hand.colour, hand.size, hand.angle_step)
                ringed |= pygame.mask.from_surface(drawn).count() > \
                    pygame.mask.from_surface(alone).count() + 20
        if reduced:
            assert pr.effects.offset() == (0.0, 0.0)
    assert sizes
    if reduced:
        assert len(sizes) == 1, sizes
        assert not ringed
        assert all(f.rise == 0 for f in pr.effects.floats)
    else:
        assert len(sizes) > 2, sizes
        assert ringed
