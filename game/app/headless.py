"""Headless driver: runs the real App frame by frame with scripted pygame events.

Every scene test, the smoke run, bench and screenshots use it, so they exercise the same
`App.frame` the window loop runs. Needs SDL_VIDEODRIVER=dummy (set by `make_headless_app`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame

from game.app.app import App
from game.app.input import ActionEvent
from game.app.scene import Scene
from game.app.sdl import prepare_headless_env

__all__ = ["FRAME_DT", "HeadlessDriver", "make_headless_app", "prepare_headless_env",
           "random_events"]

FRAME_DT = 1.0 / 60.0


def make_headless_app(audio: bool = False) -> App:
    """An App with a dummy 1280x720 window, default settings unless KABOOM_HOME has some."""
    prepare_headless_env()
    from game.app.menus.overlays import standard_screens

    return App(standard_screens(), audio=audio)


class HeadlessDriver:
    """Feeds real pygame events to the app, one fixed 1/60 s frame at a time.

    Every frame is played; one in `draw_every` is drawn, and always the last frame of a `run`
    and every frame with scripted events (a test sees what a player would see when it looks).
    The test suite draws one frame in four: drawing never changes what the game does, and a
    match played by a test is mostly frames nobody looks at."""

    #: Draw one frame in this many (1: every frame, as the real window does).
    draw_every: int = 1

    def __init__(self, app: App, scene: Scene | None = None) -> None:
        pygame.event.clear()  # nothing left over from an earlier app reaches this one
        self.app = app
        if scene is not None:
            app.stack.push(scene)
            app.stack.apply_requests()
        self.frames = 0

    @property
    def scene(self) -> Scene | None:
        return self.app.stack.top

    def step(self, events: Iterable[pygame.event.Event] = (), dt: float = FRAME_DT,
             draw: bool | None = None) -> None:
        """One frame: the scripted events plus whatever pygame-gui posted last frame. Drawn
        when `draw` says so, else when it carries events or falls on `draw_every`."""
        scripted = list(events)
        evs = scripted + pygame.event.get()
        if draw is None:
            draw = bool(scripted) or self.frames % self.draw_every == 0
        self.app.frame(evs, dt, draw)
        self.frames += 1

    def run(self, frames: int, dt: float = FRAME_DT,
            each: Callable[[int], Iterable[pygame.event.Event]] | None = None) -> None:
        for i in range(frames):
            self.step(each(i) if each else (), dt, True if i == frames - 1 else None)

    def run_until(self, predicate: Callable[[], bool], max_frames: int = 3600,
                  dt: float = FRAME_DT) -> bool:
        """Step until `predicate()` holds; False if it never did within `max_frames`."""
        for _ in range(max_frames):
            if predicate():
                return True
            self.step((), dt)
        return predicate()

    def settle(self, frames: int = 30) -> None:
        """Let fades and pending scene changes finish."""
        self.run(frames)

    # Input helpers ----------------------------------------------------------------------
    def wait_for_guard(self) -> None:
        """Let a new screen's press guard lapse, as a player's hand takes that long to reach a
        button anyway (raw `step` events still meet the guard: its own tests use them)."""
        for _ in range(60):
            top = self.app.stack.top
            if not self.app.presses.guarding and not self.app.stack.pending \
                    and (top is None or not top.settling()):
                return
            self.step()

    def move(self, pos: tuple[int, int]) -> None:
        self.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        """Move, press and release over three frames, like a real click."""
        self.move(pos)
        self.wait_for_guard()
        self.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
        self.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])
        self.step()

    def drag(self, start: tuple[int, int], end: tuple[int, int], frames: int = 20) -> None:
        self.move(start)
        self.wait_for_guard()
        self.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        for i in range(1, frames + 1):
            x = start[0] + (end[0] - start[0]) * i / frames
            y = start[1] + (end[1] - start[1]) * i / frames
            self.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)),
                                          rel=(0, 0), buttons=(1, 0, 0))])
        self.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])

    def key(self, key: int, frames_held: int = 1) -> None:
        self.wait_for_guard()
        self.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
        for _ in range(max(0, frames_held - 1)):
            self.step()
        self.step([pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)])

    def press(self, device: str, action: str) -> None:
        """Deliver a device action directly (a gamepad without a gamepad)."""
        self.app.inject_action(ActionEvent(device, action, True))
        self.step()
        self.app.inject_action(ActionEvent(device, action, False))

    def screenshot(self, path: str | Path) -> Path:
        """Write the logical 1280x720 canvas as it is now."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.app.screen, str(path))
        return path


def random_events(rng: random.Random, app: App) -> list[pygame.event.Event]:
    """Random but plausible input for smoke runs: moves, clicks, mapped keys, wheel."""
    out: list[pygame.event.Event] = []
    r = rng.random()
    pos = (rng.randrange(1280), rng.randrange(720))
    if r < 0.35:
        out.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    elif r < 0.45:
        button = rng.choice((1, 1, 1, 3))
        out.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        out.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    elif r < 0.65:
        keys = [k for k in app.input.keymap if k not in (pygame.K_ESCAPE, pygame.K_p)]
        k = rng.choice(keys)
        out.append(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
        out.append(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    elif r < 0.68:
        out.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)),
                                      flipped=False, precise_x=0.0, precise_y=0.0))
    elif r < 0.69:
        out.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                      scancode=0))
        out.append(pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode="",
                                      scancode=0))
    return out
