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


def test_without_a_window_the_loop_runs_slowly_and_with_one_it_is_capped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A stranger's windowless launch took a whole core: the loop spun with nothing to show.
    With a window, a flip that ignores vsync is capped too."""
    from game.app import app as app_module
    from game.app.headless import make_headless_app

    app = make_headless_app()
    pygame.display.init()
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    assert app.frame_cap() == app_module.NO_WINDOW_FPS <= 15
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    assert app.frame_cap() == app_module.MAX_FPS
