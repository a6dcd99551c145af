"""A machine with no display: the game runs on without a window and says so in a sentence."""

from __future__ import annotations

import pygame
import pytest

from game.cli import no_window_message


def test_no_display_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.display.init()
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    msg = no_window_message()
    assert "no display" in msg and "without a window" in msg and "offscreen" in msg


def test_a_real_window_or_an_asked_for_headless_run_says_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.display.init()
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    assert no_window_message() == ""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "dummy")
    assert no_window_message() == ""
