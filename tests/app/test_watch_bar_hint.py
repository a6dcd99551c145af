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


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE])
@pytest.mark.parametrize("step", ["Step", "End this turn", "Next flick"])
def test_every_button_has_room_round_its_words(scale: float, step: str) -> None:
    """With larger text "End this turn" filled its button edge to edge (a stranger, Tower's
    replay): each button is wider than its words by room either side, at both sizes, and the
    bar's words still start after the last button."""
    text.set_scale(scale)
    try:
        bar = WatchControls(step, ["table", "Ana Longname"])
        with observing(Words()) as seen:
            bar.draw(pygame.Surface((1280, 720)), "action 2 of 90, round 1", "")
        buttons = [r for r, _ in bar.buttons]
        for word, box in seen.boxes:
            inside = [r for r in buttons if r.colliderect(box)]
            if inside:
                r = inside[0]
                assert box.left - r.left >= 8 and r.right - box.right >= 8, (word, box, r)
        for a, b in zip(buttons, buttons[1:], strict=False):
            assert a.right < b.left
        status = next(box for word, box in seen.boxes if word.startswith("REPLAY"))
        assert status.left > buttons[-1].right
    finally:
        text.set_scale(1.0)


def test_the_key_line_is_said_at_every_speed_by_keys_or_mouse(app: Any) -> None:
    """A stranger's bar had no key line at 8x (reached by clicking "+"): at every speed, and
    whatever device changed it, the line says what the keys do."""
    from game.app.input import ActionEvent
    from game.app.menus.replays import RATES

    bar = WatchControls("Step", ["table", "Ana"])
    plus = next(r for r, c in bar.buttons if c == "faster")
    bar.rate_index = 0
    for device, press in (("keys1", ActionEvent("keys1", "right", True)),
                          ("mouse", ActionEvent("mouse", "primary", True, plus.center))):
        bar.rate_index = 0
        for i in range(len(RATES)):
            assert bar.rate_index == i
            with observing(Words()) as seen:
                bar.draw(pygame.Surface((1280, 720)), "action 2 of 90, round 1",
                         bar.hint(app.input.word_for))
            line = seen.words[-1]
            assert f"{RATES[i]:g}x" in " ".join(seen.words), (device, i)
            assert "speed" in line and line.endswith("back"), (device, RATES[i], line)
            command = bar.command(press)
            assert command == "faster" and bar.device == device
            bar.apply(command)
