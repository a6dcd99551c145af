"""A press belongs to the screen it began on: it never acts on the next one (app-wide)."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.app import PRESS_GUARD_S
from game.app.headless import FRAME_DT, HeadlessDriver
from game.app.input import ActionEvent
from game.app.scene import Scene


def down(pos: tuple[int, int] = (100, 100), button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos: tuple[int, int] = (100, 100), button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def key(kind: int, k: int = pygame.K_SPACE) -> pygame.event.Event:
    return pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0)


class Recorder(Scene):
    """Counts what reaches it; on its first press it may hand over to `then`."""

    def __init__(self, app: Any, then: Scene | None = None, on: str = "down") -> None:
        super().__init__(app)
        self.then = then
        self.on = on
        self.events: list[int] = []
        self.actions: list[ActionEvent] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.events.append(event.type)
        if self.then is not None:
            leave = (event.type == pygame.MOUSEBUTTONDOWN if self.on == "down"
                     else event.type == pygame.KEYDOWN)
            if leave:
                self.app.stack.replace(self.then)
                self.then = None
                return True
        return False

    def handle_action(self, action: ActionEvent) -> bool:
        self.actions.append(action)
        return True


def frames_for(seconds: float) -> int:
    return int(seconds / FRAME_DT) + 2


def test_release_of_a_press_begun_on_the_old_screen_never_reaches_the_new(app: Any) -> None:
    second = Recorder(app)
    first = Recorder(app, then=second)
    d = HeadlessDriver(app, first)
    d.step([down()])
    assert app.stack.top is second
    d.step([up()])
    assert pygame.MOUSEBUTTONUP not in second.events
    assert not second.actions
    assert not app.input.is_held("mouse", "primary"), "the release still let go of the button"


def test_a_drag_begun_on_the_old_screen_moves_without_its_button(app: Any) -> None:
    second = Recorder(app)
    d = HeadlessDriver(app, Recorder(app, then=second))
    d.step([down()])
    d.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(200, 200), rel=(100, 100),
                               buttons=(1, 0, 0))])
    moves = [a for a in second.actions if a.action == "point"]
    assert moves and all(not a.buttons for a in moves)


def test_a_double_click_ends_on_the_screen_it_was_for(app: Any) -> None:
    second = Recorder(app)
    d = HeadlessDriver(app, Recorder(app, then=second))
    d.step([down()])
    d.step([up()])
    d.step([down()])  # the double click's second press, 2 frames after the change
    d.step([up()])
    assert not [a for a in second.actions if a.pressed and a.action == "primary"]
    # once the guard has lapsed, the new screen hears a fresh click
    d.run(frames_for(PRESS_GUARD_S))
    d.step([down()])
    d.step([up()])
    assert [a.action for a in second.actions if a.pressed] == ["primary"]


def test_keys_hammered_through_a_change_do_not_act_on_the_next_screen(app: Any) -> None:
    second = Recorder(app)
    d = HeadlessDriver(app, Recorder(app, then=second, on="key"))
    d.step([key(pygame.KEYDOWN)])
    d.step([key(pygame.KEYUP), key(pygame.KEYDOWN)])
    d.step([key(pygame.KEYUP)])
    assert not second.actions
    assert not app.input.is_held("keys1", "confirm")


def test_presses_in_the_frame_that_asked_for_a_change_never_reach_the_leaving_screen(
        app: Any) -> None:
    second = Recorder(app)
    first = Recorder(app, then=second)
    d = HeadlessDriver(app, first)
    d.step([down(), up(), down((300, 300)), up((300, 300))])
    assert first.events.count(pygame.MOUSEBUTTONDOWN) == 1
    assert not [a for a in second.actions if a.pressed and a.action == "primary"]


def test_a_scene_can_guard_its_own_screen_change(app: Any) -> None:
    only = Recorder(app)
    d = HeadlessDriver(app, only)
    d.run(frames_for(PRESS_GUARD_S))
    d.step([down()])
    app.guard_presses()  # e.g. a score overlay gives way to the next turn under the pointer
    d.step([up()])
    d.step([down()])
    d.step([up()])
    presses = [a for a in only.actions if a.action == "primary"]
    assert [a.pressed for a in presses] == [True], "neither the release nor the quick re-press"
    d.run(frames_for(PRESS_GUARD_S))
    d.step([down()])
    assert [a.pressed for a in only.actions if a.action == "primary"] == [True, True]


def test_focus_lost_forgets_stale_presses(app: Any) -> None:
    second = Recorder(app)
    d = HeadlessDriver(app, Recorder(app, then=second))
    d.step([down()])
    d.step([pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    assert not app.presses.stale and not app.presses.down


def test_a_click_elsewhere_right_after_the_change_acts_on_the_new_screen(app: Any) -> None:
    """A quick player's first click on the new screen is never lost: only a repeat of the
    click that changed the screen (a double click, at the same spot) is held back."""
    second = Recorder(app)
    d = HeadlessDriver(app, Recorder(app, then=second))
    d.step([down()])
    d.step([up()])
    d.step([down((400, 300))])  # a fresh click on the new screen's button, far from the first
    assert [a.action for a in second.actions if a.pressed] == ["primary"]


def test_another_key_right_after_the_change_acts_on_the_new_screen(app: Any) -> None:
    second = Recorder(app)
    d = HeadlessDriver(app, Recorder(app, then=second, on="key"))
    d.step([key(pygame.KEYDOWN)])
    d.step([key(pygame.KEYUP)])
    d.step([key(pygame.KEYDOWN, pygame.K_DOWN)])
    assert [a.action for a in second.actions if a.pressed] == ["down"]


def test_a_press_made_while_the_new_screen_fades_in_reaches_it(app: Any) -> None:
    """On a slow machine a fade lasts long enough to press: once the new screen shows (the
    fade's second half) a fresh press is kept and given to it when the fade ends, while a
    press in the first half (the old screen still showing) and a hammered repeat of the
    press that changed the screen are not."""
    second = Recorder(app)
    first = Recorder(app)
    d = HeadlessDriver(app, first)
    d.run(frames_for(PRESS_GUARD_S))
    app.replace(second, fade=1.0)
    d.step([key(pygame.KEYDOWN, pygame.K_UP)])  # the old screen still shows: dropped
    d.step([key(pygame.KEYUP, pygame.K_UP)])
    d.run_until(lambda: app.stack.top is second)
    assert app._fade is not None, "the new screen is fading in"
    d.step([key(pygame.KEYDOWN, pygame.K_UP), key(pygame.KEYUP, pygame.K_UP)])  # hammered
    d.step([key(pygame.KEYDOWN, pygame.K_DOWN)])
    d.step([key(pygame.KEYUP, pygame.K_DOWN)])
    assert not second.actions, "nothing acts while the screen fades"
    d.run_until(lambda: app._fade is None)
    d.step()
    assert [a.action for a in second.actions if a.pressed] == ["down"]
    assert not [a for a in first.actions if a.action == "up"]


class Where(Recorder):
    """Records where each click reached it."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.clicks: list[tuple[int, int]] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.clicks.append(tuple(event.pos))
        return super().handle_event(event)


def test_a_click_kept_through_a_fade_lands_where_it_was_made_in_a_scaled_window(
        app: Any, monkeypatch: Any) -> None:
    """The window's position is turned into the canvas's once: a click kept through a fade in a
    window twice the canvas's size landed at a quarter of its place."""
    monkeypatch.setattr(app.display, "to_logical", lambda pos: (pos[0] // 2, pos[1] // 2))
    second = Where(app)
    d = HeadlessDriver(app, Recorder(app))
    d.run(frames_for(PRESS_GUARD_S))
    app.replace(second, fade=1.0)
    d.run_until(lambda: app.stack.top is second)
    d.step([down((800, 600))])
    d.step([up((800, 600))])
    d.run_until(lambda: app._fade is None)
    d.step()
    assert second.clicks == [(400, 300)]


def test_a_focus_loss_forgets_presses_kept_through_a_fade(app: Any) -> None:
    second = Recorder(app)
    d = HeadlessDriver(app, Recorder(app))
    d.run(frames_for(PRESS_GUARD_S))
    app.replace(second, fade=1.0)
    d.run_until(lambda: app.stack.top is second)
    d.step([key(pygame.KEYDOWN, pygame.K_DOWN)])
    d.step([pygame.event.Event(pygame.WINDOWFOCUSLOST)])
    d.run_until(lambda: app._fade is None)
    d.step()
    assert not second.actions


def test_a_screen_that_changes_by_itself_never_drops_the_next_press_of_the_last_key(
        app: Any) -> None:
    """Strangers' presses 0.3 s apart were lost: a screen changing by itself (a bar arriving, a
    turn ending) long after the last press took that press for the one that changed it, and
    dropped its next press as a "repeat". Only a press just before a change is guarded."""
    first, second = Recorder(app), Recorder(app)
    d = HeadlessDriver(app, first)
    d.step([key(pygame.KEYDOWN, pygame.K_d)])
    d.step([key(pygame.KEYUP, pygame.K_d)])
    d.run(frames_for(1.0))  # no key for a second: then the screen changes on its own
    app.stack.replace(second)
    d.step()
    assert app.stack.top is second
    d.step([key(pygame.KEYDOWN, pygame.K_d)])
    assert [a.action for a in second.actions if a.pressed] == ["right"]
