"""The news bubble beside the piles holds its words in both text sizes."""

from __future__ import annotations

import pytest

from game.games.cabo import hud
from game.ui import text, theme


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
def test_the_bubble_grows_with_its_lines(scale: float) -> None:
    """"Ben wins the game!" ran out of its bubble with larger text (21 px steps)."""
    text.set_scale(scale)
    message = "Ben wins the game!"
    lines = text.wrap(message, 16, 180 - 24, bold=True)
    img = hud.banner_surface(message, theme.SPARK)
    assert img.get_height() >= 16 + len(lines) * text.line_height(16, True)
    assert hud.banner_surface(message, theme.SPARK) is img  # made once, not every frame
