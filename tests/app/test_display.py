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
    pygame.display.set_mode((1100, 1100), pygame.RESIZABLE)
    d.resized((1100, 1100))
    # 1280x720 scaled to 1100 wide: 618.75 tall, bars above and below.
    assert d.dest.w == 1100 and abs(d.dest.h - 619) <= 1
    assert d.dest.y == (1100 - d.dest.h) // 2
    assert d.to_logical((550, 550)) == (640, 360)
    assert d.to_logical((0, 0)) == (0, 0)  # clicks on the bars clamp to the edge
    d.present()  # scaling path runs


def test_at_logical_size_scenes_draw_into_the_window_with_no_copy(app: Any) -> None:
    """At 1280x720 the canvas is the window (a full-screen copy a frame saved); any other size
    draws into the kept canvas and scales it; back at 1280x720 it is the window again."""
    d = app.display
    assert d.canvas is d.window and app.screen is d.window
    d.canvas.fill((10, 20, 30))
    pygame.display.set_mode((1100, 1100), pygame.RESIZABLE)
    d.resized((1100, 1100))
    assert d.canvas is not d.window and d.canvas.get_size() == (1280, 720)
    d.canvas.fill((200, 100, 50))
    d.present()
    got = tuple(d.window.get_at((550, 550)))[:3]
    assert all(abs(a - b) <= 3 for a, b in zip(got, (200, 100, 50), strict=True))
    pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    d.resized((1280, 720))
    assert d.canvas is d.window
    assert tuple(d.canvas.get_at((640, 360)))[:3] == (200, 100, 50)  # the last frame kept


def test_minimum_window_is_asked_of_sdl_and_held_on_resize(app: Any) -> None:
    from game.app.display import MIN_WINDOW

    d = app.display
    assert d.minimum_size() == MIN_WINDOW  # the window manager is told
    pygame.display.set_mode((640, 360), pygame.RESIZABLE)  # a manager that ignored it
    d.resized((640, 360))
    assert d._windowed_size == MIN_WINDOW
    assert pygame.display.get_surface().get_size() == MIN_WINDOW  # set back, not just noted
    assert d.window.get_size() == MIN_WINDOW and d.dest.size == MIN_WINDOW
    assert d.minimum_size() == MIN_WINDOW  # set_mode forgets it; it is asked again
    d.resized((10, 10))
    assert d.window.get_size() == MIN_WINDOW
    d.present()


def test_text_is_readable_in_the_smallest_window(app: Any) -> None:
    """At the minimum window even the smallest text is over 10 screen pixels."""
    from game.app.display import LOGICAL_SIZE, MIN_WINDOW
    from game.ui import text, theme

    scale = min(MIN_WINDOW[0] / LOGICAL_SIZE[0], MIN_WINDOW[1] / LOGICAL_SIZE[1])
    tiny = text.render("Hg", 9, theme.CREAM)  # asked for smaller than the floor
    assert tiny.get_size() == text.render("Hg", text.MIN_PX, theme.CREAM).get_size()
    assert text.px(9) == text.MIN_PX and text.px(30) == 30
    assert text.MIN_PX * scale >= 10


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
    driver.wait_for_guard()  # a new screen's first moment ignores presses
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


def test_f11_does_not_pause_a_match_but_losing_focus_later_does(app: Any,
                                                                 driver: Any) -> None:
    """The window reopening for F11 loses focus for a moment: no pause for that; a focus lost
    later (the player switched away) still pauses the match."""
    from game.app import catalogue
    from game.app.catalogue import MatchSetup, Seat
    from game.app.menus.overlays import PauseOverlay
    from tests.app import fakegame

    info = fakegame.register()
    try:
        setup = MatchSetup("counter", [Seat("You", "#ff5a4e", "human", device="keys1"),
                                       Seat("Bo", "#3d8bff", "human", device="keys2")],
                           {"target": 3}, 1)
        scene = info.make_scene(app, setup, None)
        app.stack.push(scene)
        app.stack.apply_requests()
        driver.key(pygame.K_F11)
        driver.step([pygame.event.Event(pygame.WINDOWFOCUSLOST)])
        driver.settle(5)
        assert app.stack.top is scene  # not paused by our own mode change
        app.mode_changed_at -= 5.0  # five seconds later the player switches away
        driver.step([pygame.event.Event(pygame.WINDOWFOCUSLOST)])
        driver.settle(5)
        assert isinstance(app.stack.top, PauseOverlay)
    finally:
        catalogue.unregister(info.id)


def _match_on_top(app: Any) -> tuple[Any, Any]:
    from game.app.catalogue import MatchSetup, Seat
    from tests.app import fakegame

    info = fakegame.register()
    setup = MatchSetup("counter", [Seat("You", "#ff5a4e", "human", device="keys1"),
                                   Seat("Bo", "#3d8bff", "human", device="keys2")],
                       {"target": 3}, 1)
    scene = info.make_scene(app, setup, None)
    app.stack.push(scene)
    app.stack.apply_requests()
    return info, scene


def _reopen_events() -> list[pygame.event.Event]:
    """What SDL sends (X11, seen under Xvfb) when the window reopens for a mode change: the
    focus lost, then given back."""
    E = pygame.event.Event
    return [E(pygame.WINDOWHIDDEN), E(pygame.ACTIVEEVENT, gain=0, state=2),
            E(pygame.WINDOWFOCUSLOST), E(pygame.ACTIVEEVENT, gain=0, state=1),
            E(pygame.WINDOWLEAVE), E(pygame.WINDOWSHOWN), E(pygame.WINDOWEXPOSED),
            E(pygame.ACTIVEEVENT, gain=1, state=1), E(pygame.WINDOWENTER),
            E(pygame.ACTIVEEVENT, gain=1, state=2), E(pygame.WINDOWFOCUSGAINED)]


@pytest.mark.parametrize("toggled", [True, False])
def test_a_slow_f11_switch_does_not_pause_but_the_same_events_alone_do(
        app: Any, driver: Any, toggled: bool) -> None:
    """The switch and the first frame in the new mode can take over a second on a busy
    machine: the window's focus events that come in the next frame are still the switch's
    own, not a pause. The very same events with no switch (the player alt-tabbed) pause."""
    from game.app import catalogue
    from game.app.menus.overlays import PauseOverlay

    info, scene = _match_on_top(app)
    try:
        driver.settle(5)
        if toggled:
            driver.key(pygame.K_F11)
            app.mode_changed_at -= 2.0  # the switch took two seconds
        driver.step(_reopen_events())
        driver.settle(5)
        if toggled:
            assert app.stack.top is scene
        else:
            assert isinstance(app.stack.top, PauseOverlay)
    finally:
        catalogue.unregister(info.id)


def test_focus_lost_after_f11_and_never_given_back_pauses_once_settled(
        app: Any, driver: Any) -> None:
    """A focus loss during the switch waits: if the focus never comes back (the player did
    switch away), the match pauses once the window has settled."""
    from game.app import catalogue
    from game.app.menus.overlays import PauseOverlay

    info, scene = _match_on_top(app)
    try:
        driver.key(pygame.K_F11)
        driver.step([pygame.event.Event(pygame.WINDOWFOCUSLOST)])
        assert app.stack.top is scene
        app.mode_changed_at -= 5.0
        driver.settle(5)
        assert isinstance(app.stack.top, PauseOverlay)
    finally:
        catalogue.unregister(info.id)


def test_resizing_the_window_does_not_pause(app: Any, driver: Any) -> None:
    """A window manager that takes the focus while the player drags the window's edge: the
    resize is the player's own, no pause."""
    from game.app import catalogue

    info, scene = _match_on_top(app)
    try:
        driver.settle(5)
        app.mode_changed_at -= 5.0
        driver.step([pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=720)]
                    + _reopen_events())
        driver.settle(5)
        assert app.stack.top is scene
    finally:
        catalogue.unregister(info.id)


def test_f11_on_the_settings_screen_updates_its_fullscreen_row(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Fullscreen row never disagrees with the window: F11 pressed on Settings shows it."""
    from game.app import display as display_mod
    from game.app.headless import HeadlessDriver
    from game.app.menus.settings import SettingsScene

    real_set_mode = pygame.display.set_mode
    monkeypatch.setattr(display_mod, "headless", lambda: False)
    monkeypatch.setattr(pygame.display, "set_mode", lambda size=(0, 0), flags=0, *a, **k:
                        real_set_mode(display_mod.LOGICAL_SIZE, flags & ~pygame.FULLSCREEN))
    scene = SettingsScene(app)
    driver = HeadlessDriver(app, scene)
    driver.step()
    assert scene.fullscreen_row.value is False
    driver.key(pygame.K_F11)
    assert scene.fullscreen_row.value is True
    assert scene.fullscreen_row.value_label.text == "On"


def _counter_match(app: Any) -> Any:
    from game.app.catalogue import MatchSetup, Seat
    from tests.app import fakegame

    info = fakegame.register()
    setup = MatchSetup("counter", [Seat("You", "#ff5a4e", "human", device="keys1"),
                                   Seat("Bo", "#3d8bff", "human", device="keys2")],
                       {"target": 3}, 1)
    scene = info.make_scene(app, setup, None)
    app.stack.push(scene)
    app.stack.apply_requests()
    return scene


def test_a_window_remade_below_its_minimum_does_not_pause(app: Any, driver: Any) -> None:
    """Shrinking the window below 1024x576 made the game set it back, which on X11 remakes the
    window: it lost focus twice and the match paused by itself. Our own remaking is no reason."""
    from game.app import catalogue
    from game.app.display import MIN_WINDOW

    try:
        scene = _counter_match(app)
        driver.step([pygame.event.Event(pygame.VIDEORESIZE, w=800, h=450, size=(800, 450))])
        assert app.display.window.get_size() == MIN_WINDOW
        driver.step([pygame.event.Event(pygame.WINDOWFOCUSLOST),
                     pygame.event.Event(pygame.WINDOWFOCUSGAINED),
                     pygame.event.Event(pygame.WINDOWFOCUSLOST)])
        driver.settle(5)
        assert app.stack.top is scene
        # A resize the window manager kept (no remaking) leaves a later focus loss alone.
        assert not app.display.resized(MIN_WINDOW)
    finally:
        catalogue.unregister("counter")


def test_two_reasons_to_pause_in_one_frame_open_one_pause_menu(app: Any, driver: Any) -> None:
    """The window losing focus twice in a frame (as it is remade), or with Esc, stacked two
    pause menus: one Esc seemed to do nothing. One menu, and one Esc back to the game."""
    from game.app import catalogue
    from game.app.menus.overlays import PauseOverlay

    esc = {"key": pygame.K_ESCAPE, "mod": 0, "unicode": "\x1b", "scancode": 41}
    try:
        scene = _counter_match(app)
        driver.step([pygame.event.Event(pygame.WINDOWFOCUSLOST),
                     pygame.event.Event(pygame.WINDOWFOCUSGAINED),
                     pygame.event.Event(pygame.WINDOWFOCUSLOST)])
        driver.settle(5)
        assert isinstance(app.stack.top, PauseOverlay) and app.stack.scenes[-2] is scene
        driver.key(pygame.K_ESCAPE)
        driver.settle(5)
        assert app.stack.top is scene
        driver.step([pygame.event.Event(pygame.KEYDOWN, **esc),
                     pygame.event.Event(pygame.WINDOWFOCUSLOST)])
        driver.step([pygame.event.Event(pygame.KEYUP, **esc)])
        driver.settle(5)
        assert isinstance(app.stack.top, PauseOverlay) and app.stack.scenes[-2] is scene
        driver.key(pygame.K_ESCAPE)
        driver.settle(5)
        assert app.stack.top is scene
    finally:
        catalogue.unregister("counter")


def test_esc_on_a_hand_off_curtain_still_pauses_the_game_below(app: Any, driver: Any) -> None:
    """The pause opens once, not only when the game is on top: the curtain asks it too."""
    from game.app import catalogue
    from game.app.menus.overlays import PauseOverlay
    from game.tabletop.curtain import PassCurtain

    try:
        scene = _counter_match(app)
        app.stack.push(PassCurtain(app, "Bo", (60, 140, 255), "keys2", lambda: None))
        app.stack.apply_requests()
        driver.key(pygame.K_ESCAPE)
        driver.settle(5)
        assert isinstance(app.stack.top, PauseOverlay)
        assert sum(isinstance(s, PauseOverlay) for s in app.stack.scenes) == 1
        assert scene in app.stack.scenes
    finally:
        catalogue.unregister("counter")


def _pointer_still(driver: Any) -> None:
    """The move SDL reports as the window reopens under a still pointer."""
    driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(20, 20), rel=(0, 0),
                                    buttons=(0, 0, 0))])


def test_the_focus_ring_stays_after_f11_and_back_from_settings(app: Any, driver: Any) -> None:
    """A stranger's ring vanished from the pause menu after F11, and back from Settings where
    Fullscreen was switched: the window reopening moves no focus and hides no ring."""
    from game.app import catalogue
    from game.app.menus.overlays import PauseOverlay
    from game.app.menus.settings import SettingsScene

    try:
        _counter_match(app)
        driver.key(pygame.K_ESCAPE)
        driver.settle(5)
        pause = app.stack.top
        assert isinstance(pause, PauseOverlay)
        driver.key(pygame.K_DOWN)
        driver.key(pygame.K_F11)
        _pointer_still(driver)
        assert pause.nav.visible and pause.nav.index == 1  # How to play, ring shown
        driver.key(pygame.K_DOWN)
        driver.key(pygame.K_RETURN)
        driver.settle(10)
        assert isinstance(app.stack.top, SettingsScene)
        driver.key(pygame.K_F11)  # as Fullscreen switched in Settings does
        driver.key(pygame.K_ESCAPE)
        driver.settle(10)
        assert app.stack.top is pause
        _pointer_still(driver)
        assert pause.nav.visible and pause.nav.index == 0  # on Resume, its ring shown
        app.mode_changed_at -= 5.0  # later the player takes up the mouse: the ring goes
        _pointer_still(driver)
        assert not pause.nav.visible
    finally:
        catalogue.unregister("counter")
