"""The window: a 1280x720 logical canvas scaled to any window size, letterboxed."""

from __future__ import annotations

import logging
import os
import warnings

import pygame

LOGICAL_SIZE = (1280, 720)
#: The smallest window: the canvas at 0.8 scale, where the smallest text (13 logical px, see
#: `game.ui.text.MIN_PX`) is over 10 screen pixels; below it side-panel text is unreadable.
MIN_WINDOW = (1024, 576)
log = logging.getLogger(__name__)


def headless() -> bool:
    """True when SDL has no real screen (tests, smoke, bench, screenshots)."""
    return os.environ.get("SDL_VIDEODRIVER", "") in ("dummy", "offscreen")


class Display:
    """Owns the OS window and the logical surface every scene draws on.

    Scenes always see 1280x720. `present()` scales that canvas to the largest rectangle of
    the same aspect that fits the window and fills the rest with black bars; `to_logical()`
    maps a window position back, so clicks land where the player sees them.
    """

    def __init__(self, fullscreen: bool = False, vsync: bool = True, title: str = "") -> None:
        #: Where scenes draw: the window itself when it is exactly the logical size (no copy a
        #: frame), else `_own_canvas`, scaled into the window by `present`.
        self._own_canvas = pygame.Surface(LOGICAL_SIZE)
        self.canvas = self._own_canvas
        self._pinned = False
        self.fullscreen = False
        self.vsync = vsync
        self.window: pygame.Surface
        self.dest = pygame.Rect(0, 0, *LOGICAL_SIZE)
        self._scaled: pygame.Surface | None = None
        self._windowed_size = LOGICAL_SIZE
        pygame.display.set_caption(title)
        self._open(fullscreen)

    def _open(self, fullscreen: bool) -> None:
        flags = pygame.RESIZABLE
        size = self._windowed_size
        if fullscreen and not headless():
            flags = pygame.FULLSCREEN
            size = (0, 0)
        vsync = 1 if (self.vsync and not headless()) else 0
        try:
            self.window = pygame.display.set_mode(size, flags, vsync=vsync)
        except pygame.error as exc:  # some drivers refuse vsync or the mode: fall back
            log.warning("display mode %s flags=%s vsync=%s refused (%s); retrying", size, flags,
                        vsync, exc)
            self.window = pygame.display.set_mode(LOGICAL_SIZE, pygame.RESIZABLE)
            fullscreen = False
        self.fullscreen = fullscreen
        self._set_minimum()
        self._relayout()

    def _sdl_window(self) -> pygame.Window | None:
        """The SDL window behind the display module's surface (None if the driver has none)."""
        try:
            with warnings.catch_warnings():  # pygame-ce nudges towards its Window-only API
                warnings.simplefilter("ignore", DeprecationWarning)
                return pygame.Window.from_display_module()
        except (pygame.error, AttributeError):
            return None

    def _set_minimum(self) -> None:
        """Ask the window manager not to let the window shrink below MIN_WINDOW (each set_mode
        forgets it); `resized` enforces it too, for managers that ignore the request."""
        win = self._sdl_window()
        if win is not None and not self.fullscreen:
            try:
                win.minimum_size = MIN_WINDOW
            except pygame.error as exc:
                log.info("window minimum size refused: %s", exc)

    def minimum_size(self) -> tuple[int, int]:
        """The minimum size SDL holds for the window now ((0, 0) if unknown)."""
        win = self._sdl_window()
        return tuple(win.minimum_size) if win is not None else (0, 0)  # type: ignore[return-value]

    def _relayout(self) -> None:
        ww, wh = self.window.get_size()
        lw, lh = LOGICAL_SIZE
        scale = min(ww / lw, wh / lh) if ww and wh else 1.0
        w, h = max(1, round(lw * scale)), max(1, round(lh * scale))
        self.dest = pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)
        self._scaled = None if (w, h) == LOGICAL_SIZE else pygame.Surface((w, h))
        direct = (ww, wh) == LOGICAL_SIZE and not self._pinned
        new = self.window if direct else self._own_canvas
        if new is not self.canvas:
            old, self.canvas = self.canvas, new
            if old is self._own_canvas:  # (an old window surface may be gone)
                new.blit(old, (0, 0))  # the last frame stays until the next is drawn

    def pin_canvas(self, surface: pygame.Surface) -> None:
        """Draw on `surface` from now on at every window size (tests record what is drawn)."""
        self._own_canvas = self.canvas = surface
        self._pinned = True

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        if not on:
            self._open(False)
        else:
            self._windowed_size = self.window.get_size()
            self._open(True)

    def set_vsync(self, on: bool) -> None:
        """Reopen the window with or without vsync (drivers that refuse it fall back)."""
        self.vsync = on
        self._open(self.fullscreen)

    def toggle_fullscreen(self) -> bool:
        self.set_fullscreen(not self.fullscreen)
        return self.fullscreen

    def resized(self, size: tuple[int, int]) -> bool:
        """Called on VIDEORESIZE/WINDOWSIZECHANGED: hold the minimum size and relayout.

        A window made smaller than MIN_WINDOW (a window manager that ignores the minimum) is
        set back to it, so the canvas is never scaled below the readable size. True when the
        window was set anew for that: some drivers remake it, and it loses focus for a moment.
        """
        reopened = False
        w, h = max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1])
        if not self.fullscreen:
            self._windowed_size = (w, h)
            if (w, h) != tuple(size):
                try:
                    reopened = True
                    pygame.display.set_mode((w, h), pygame.RESIZABLE)
                    self._set_minimum()
                except pygame.error as exc:
                    log.warning("could not hold the minimum window size: %s", exc)
        self.window = pygame.display.get_surface() or self.window
        self._relayout()
        return reopened

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Window pixel -> logical pixel (clamped to the canvas)."""
        if self.dest.w <= 0 or self.dest.h <= 0:
            return (0, 0)
        x = (pos[0] - self.dest.x) * LOGICAL_SIZE[0] / self.dest.w
        y = (pos[1] - self.dest.y) * LOGICAL_SIZE[1] / self.dest.h
        return (int(min(max(x, 0), LOGICAL_SIZE[0] - 1)), int(min(max(y, 0), LOGICAL_SIZE[1] - 1)))

    def rel_to_logical(self, rel: tuple[float, float]) -> tuple[float, float]:
        """A mouse move's own motion in logical pixels, fractions kept: in a window larger
        than the canvas a one-pixel move is less than a logical pixel, and cut to a whole
        one it was lost (a game reading the motion itself, as Cosmic's pull past the
        window's edge, lost every slow move)."""
        if self.dest.w <= 0 or self.dest.h <= 0:
            return (0.0, 0.0)
        return (rel[0] * LOGICAL_SIZE[0] / self.dest.w, rel[1] * LOGICAL_SIZE[1] / self.dest.h)

    def present(self) -> None:
        """Scale the canvas into the window and flip."""
        if self.canvas is self.window:
            pass  # the scenes drew straight into the window
        elif self.window.get_size() == LOGICAL_SIZE and self.dest.topleft == (0, 0):
            self.window.blit(self.canvas, (0, 0))
        else:
            self.window.fill((0, 0, 0))
            if self._scaled is None:
                self.window.blit(self.canvas, self.dest)
            else:
                pygame.transform.smoothscale(self.canvas, self.dest.size, self._scaled)
                self.window.blit(self._scaled, self.dest)
        pygame.display.flip()
