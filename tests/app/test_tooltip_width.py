"""A button's tooltip is as wide as its words (up to a limit): the lobby's device tooltip,
"Which controls this player uses", was squeezed onto three short lines by pygame_gui's default
170 px."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.gui import TOOLTIP_MAX_W, tooltip_width


def test_a_short_tooltip_is_one_line_and_a_long_one_wraps_at_the_limit(app: Any) -> None:
    from game.ui import text

    words = "Which controls this player uses"
    w = tooltip_width(words)
    assert w > text.render(words, 18, (255, 255, 255)).get_width()  # on one line
    assert tooltip_width("Colour") == 170
    assert tooltip_width("word " * 60) == TOOLTIP_MAX_W


def test_the_lobbys_device_button_tooltip_is_one_line(app: Any, driver: Any) -> None:
    from game.app.scenes import named_scenes

    app.stack.push(named_scenes()["lobby.tower"].build(app, 1))
    app.stack.apply_requests()
    driver.run(5)
    scene = app.stack.top
    buttons = [e for e in scene.elements
               if getattr(e, "tool_tip_text", None) == "Which controls this player uses"]
    assert buttons
    b = buttons[0]
    assert b.tool_tip_wrap_width is not None and b.tool_tip_wrap_width >= 250
    driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0),
                                    buttons=(0, 0, 0))])
    driver.run(120)
    tip = b.tool_tip
    assert tip is not None and tip.rect.h < 2 * tip.rect.w / 8  # one line, not three
