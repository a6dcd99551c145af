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


def test_place_tip_keeps_off_the_words_it_is_told_to() -> None:
    panel = pygame.Rect(64, 168, 700, 300)
    target = pygame.Rect(516, 214, 190, 40)
    left, below = pygame.Rect(64, 214, 440, 40), pygame.Rect(336, 276, 170, 40)
    hint = pygame.Rect(205, 178, 440, 20)  # the heading's hint, just over the button's row
    options = pygame.Rect(780, 168, 436, 300)  # another panel on the right
    x, y = place_tip((319, 61), target, [panel, options], [left, below, target], [hint])
    tip = pygame.Rect(x, y, 319, 61)
    assert not tip.colliderect(hint) and tip.bottom <= hint.top
    assert not tip.colliderect(left) and not tip.colliderect(below)
    # Without words to keep clear of, over the button as before.
    assert place_tip((319, 61), target, [panel, options], [left, below, target])[1] == \
        target.top - 4 - 61


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
@pytest.mark.parametrize("lobby", LOBBIES)
def test_no_lobby_tooltip_covers_the_players_heading_or_its_hint(app: Any, driver: Any,
                                                                 lobby: str,
                                                                 scale: float) -> None:
    """The device button's tooltip covered "click a player's kind to change it: Human or AI"
    (Tower Kaboom's lobby, a stranger): with any tooltip up, the players' heading line (its
    title and hint, between the panel's top edge and the first seat's row) reads as without."""
    from game.app.scenes import named_scenes

    text.set_scale(scale)
    app.stack.push(named_scenes()[lobby].build(app, 1))
    app.stack.apply_requests()
    driver.run(5)
    scene = app.stack.top
    panel = scene.tip_panels()[0]
    tipped = [e for e in scene.elements if getattr(e, "tool_tip_text", None)]
    first_row = min(e.rect.top for e in tipped)
    band = pygame.Rect(panel.x + 4, panel.y + 6, panel.w - 8, first_row - panel.y - 10)
    assert band.h >= 16
    driver.step()
    bare = app.screen.subsurface(band).copy()
    for b in tipped:
        driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0),
                                        buttons=(0, 0, 0))])
        driver.run(90)
        assert b.tool_tip is not None, b.tool_tip_text
        driver.step()
        now = app.screen.subsurface(band)
        changed = sum(now.get_at((x, y)) != bare.get_at((x, y))
                      for x in range(0, band.w, 3) for y in range(0, band.h, 2))
        assert changed == 0, (lobby, b.tool_tip_text, b.tool_tip.rect, band)
        driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                        buttons=(0, 0, 0))])
        driver.run(2)
