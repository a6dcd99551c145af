"""Letterboxed scaling: any window size, mouse mapped back to the logical canvas."""

from __future__ import annotations

from typing import Any

import pygame
import pytest


def test_headless_window_is_logical_size(app: Any) -> None:
    assert app.screen.get_size() == (1280, 720)
    assert app.display.to_logical((640, 360)) == (640, 360)


def test_resize_letterboxes_and_maps_mouse(app: Any) -> None:
    d = app.display
    pygame.display.set_mode((1000, 1000), pygame.RESIZABLE)
    d.resized((1000, 1000))
    # 1280x720 scaled to 1000 wide: 562.5 tall, bars above and below.
    assert d.dest.w == 1000 and abs(d.dest.h - 562) <= 1
    assert d.dest.y == (1000 - d.dest.h) // 2
    assert d.to_logical((500, 500)) == (640, 360)
    assert d.to_logical((0, 0)) == (0, 0)  # clicks on the bars clamp to the edge
    d.present()  # scaling path runs


def test_tiny_window_is_clamped(app: Any) -> None:
    app.display.resized((10, 10))
    assert app.display._windowed_size == (640, 360)


def test_resize_event_reaches_display(app: Any, driver: Any) -> None:
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    driver.step([pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))])
    assert app.display.dest.size == (1920, 1080)
    got: list[tuple[int, int]] = []
    from game.app.scene import Scene

    class Catch(Scene):
        def handle_event(self, event: pygame.event.Event) -> bool:
            if event.type == pygame.MOUSEBUTTONDOWN:
                got.append(event.pos)
            return False

    app.stack.push(Catch(app))
    driver.step()
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(960, 540), button=1)])
    assert got == [(640, 360)]


def test_fullscreen_toggle_key_switches_mode_and_is_remembered(
        app: Any, driver: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """F11 asks SDL for a full-screen mode, then a window again, and saves each choice."""
    from game.app import display as display_mod
    from game.core.settings import load_settings

    requested: list[tuple[tuple[int, int], int]] = []
    real_set_mode = pygame.display.set_mode

    def spy(size: tuple[int, int] = (0, 0), flags: int = 0, *args: Any, **kw: Any) -> Any:
        requested.append((tuple(size), flags))  # type: ignore[arg-type]
        # The dummy driver has no real screen: open a window whatever was asked.
        return real_set_mode(display_mod.LOGICAL_SIZE, flags & ~pygame.FULLSCREEN)

    monkeypatch.setattr(display_mod, "headless", lambda: False)
    monkeypatch.setattr(pygame.display, "set_mode", spy)
    assert app.display.fullscreen is False

    driver.key(pygame.K_F11)
    assert app.display.fullscreen is True
    assert requested and requested[-1][1] & pygame.FULLSCREEN
    assert app.settings.display.fullscreen is True
    assert load_settings()[0].display.fullscreen is True  # written to disk

    driver.key(pygame.K_F11)
    assert app.display.fullscreen is False
    assert not requested[-1][1] & pygame.FULLSCREEN
    assert requested[-1][0] == display_mod.LOGICAL_SIZE  # the window size it had before
    assert load_settings()[0].display.fullscreen is False
