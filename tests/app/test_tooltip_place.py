"""A tooltip stays inside the panel of the control it explains: the lobby's device tooltip grew
right from the pointer over the options a player goes to next ("Planets", "First to flip")."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.gui import place_tip
from game.ui import text, theme

LOBBIES = ["lobby.cabo", "lobby.tower", "lobby.cosmic", "lobby.blast"]


def test_place_tip_moves_left_into_the_panel_and_up_at_the_screen_foot() -> None:
    panel = pygame.Rect(64, 168, 700, 300)
    target = pygame.Rect(516, 214, 190, 40)
    x, y = place_tip((320, 60), target, [panel])
    assert (x, y) == (panel.right - 320, target.bottom + 4)
    assert place_tip((100, 40), target, [panel]) == (target.left, target.bottom + 4)
    low = pygame.Rect(516, 690, 190, 28)
    assert place_tip((100, 40), low)[1] == low.top - 4 - 40  # over it: the screen ends


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
        assert home.contains(tip.rect), (b.tool_tip_text, tip.rect, home)
        for other in panels:
            if other is not home:
                assert not other.colliderect(tip.rect), (b.tool_tip_text, tip.rect, other)
        driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                        buttons=(0, 0, 0))])
        driver.run(2)
