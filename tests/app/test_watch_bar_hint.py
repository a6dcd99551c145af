"""The Watch again bar names every key of the device in use, whole, in both text sizes."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.menus.replays import WatchControls, compact_hint
from game.ui import text, theme
from tests.ui.layout import Words, observing


def test_compact_hint_shortens_modifier_keys_only() -> None:
    h = "SPACE play/pause   LEFT RIGHT speed   LEFT SHIFT step   RIGHT CTRL view   TAB back"
    assert compact_hint(h) == ("SPACE play/pause  LEFT RIGHT speed  L-SHIFT step  "
                               "R-CTRL view  TAB back")  # the arrow keys keep their names


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_bar_draws_the_whole_key_line(app: Any, scale: float) -> None:
    text.set_scale(scale)
    bar = WatchControls("Step", ["table", "Ana"])
    hint = bar.hint(app.input.word_for)
    with observing(Words()) as seen:
        bar.draw(pygame.Surface((1280, 720)), "action 2 of 90, round 1", hint)
    line = seen.words[-1]
    assert "…" not in line and line.endswith("back") and "step" in line and "view" in line
