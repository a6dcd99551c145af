"""A tooltip stays inside the panel of the control it explains: the lobby's device tooltip grew
right from the pointer over the options a player goes to next ("Planets", "First to flip")."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.gui import place_tip
from game.ui import text, theme

LOBBIES = ["lobby.cabo", "lobby.tower", "lobby.cosmic", "lobby.blast"]


def test_place_tip_goes_beside_or_over_the_control_clear_of_the_others() -> None:
    panel = pygame.Rect(64, 168, 700, 300)
    target = pygame.Rect(516, 214, 190, 40)
    below = pygame.Rect(516, 262, 190, 40)  # the control a player goes to next
    # no room on the right inside the panel: on the left of it, level with it
    assert place_tip((320, 60), target, [panel], [target, below]) == (192, 204)
    # room on the right: there
    assert place_tip((40, 30), target, [panel], [below]) == (target.right + 4, 219)
    # a row of controls either side: over it
    left, right = pygame.Rect(64, 214, 440, 40), pygame.Rect(710, 214, 54, 40)
    assert place_tip((100, 40), target, [panel], [left, right, below]) == \
        (target.left, target.top - 4 - 40)
    # nothing clear anywhere: under it, moved left into the panel; over it at the screen foot
    def wall(t: pygame.Rect) -> list[pygame.Rect]:  # controls all round `t`
        return [pygame.Rect(0, 0, 1280, t.top), pygame.Rect(0, t.bottom, 1280, 720),
                pygame.Rect(0, t.top, t.left, t.h), pygame.Rect(t.right, t.top, 1280, t.h)]

    assert place_tip((320, 60), target, [panel], wall(target))[0] == panel.right - 320
    low = pygame.Rect(516, 690, 190, 28)
    assert place_tip((100, 40), low, (), wall(low))[1] == low.top - 4 - 40


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
@pytest.mark.parametrize("lobby", LOBBIES)
def test_every_lobby_tooltip_stays_in_its_panel(app: Any, driver: Any, lobby: str,
                                               scale: float) -> None:
    from game.app.scenes import named_scenes

    text.set_scale(scale)
    app.stack.push(named_scenes()[lobby].build(app, 1))
    app.stack.apply_requests()
    driver.run(5)
    scene = app.stack.top
    panels = scene.tip_panels()
    tipped = [e for e in scene.elements if getattr(e, "tool_tip_text", None)]
    assert tipped and len(panels) >= 1
    for b in tipped:
        driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0),
                                        buttons=(0, 0, 0))])
        driver.run(90)
        tip = b.tool_tip
        assert tip is not None, b.tool_tip_text
        home = next(p for p in panels if p.contains(b.rect))
        assert pygame.Rect(0, 0, 1280, 720).contains(tip.rect), (b.tool_tip_text, tip.rect)
        for other in panels:
            if other is not home:
                assert not other.colliderect(tip.rect), (b.tool_tip_text, tip.rect, other)
        # nor over any other control: the next seat's row, the options under the button
        for el in scene.elements:
            if el is b or el is tip or not el.visible or el.rect.contains(b.rect):
                continue
            assert not el.rect.colliderect(tip.rect), \
                (lobby, b.tool_tip_text, tip.rect, getattr(el, "text", el), el.rect)
        driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                        buttons=(0, 0, 0))])
        driver.run(2)
