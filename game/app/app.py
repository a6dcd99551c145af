"""The application: window, fixed-step loop, scene stack, input, settings, saves, sound.

`App.frame(events, frame_dt)` is one whole frame and is what both the real loop (`run`) and
the headless driver call, so tests exercise the very code players run.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.app import catalogue
from game.app.clock import FixedStep
from game.app.display import LOGICAL_SIZE, Display, headless
from game.app.input import ActionEvent, InputManager
from game.app.scene import Scene, SceneStack
from game.core import replay
from game.core.saves import SaveStore
from game.core.settings import Settings, group_warnings, load_settings, save_settings
from game.core.stats import Stats
from game.ui import text, theme
from game.ui.draw import dim_layer, panel
from game.ui.sound import SoundBank, default_sound_dir, pre_init, quiet_native_stderr

if TYPE_CHECKING:
    from game.app.gui import GuiManager

log = logging.getLogger(__name__)
TITLE = "Kaboom! Collection"
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
PRESSES = (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN)
RELEASES = (pygame.MOUSEBUTTONUP, pygame.KEYUP, pygame.CONTROLLERBUTTONUP)
#: With reduced motion, a labelled fade shows its dark and label this long (about two frames).
REDUCED_FADE_S = 0.04
#: At most this many presses (and their releases) are kept while a screen fades in.
HELD_MAX = 8
#: Seconds a new screen ignores a repeat of the press that changed it: the second click of a
#: double click, or a key hammered to skip, meant for the screen that just left. Any other
#: press (another key, a click elsewhere) acts at once: a player quick to the new screen
#: never loses their first click.
PRESS_GUARD_S = 0.35
#: Only a press made this shortly before a screen change can be the press that changed it (the
#: change comes that frame, or halfway through a fade): a screen that changes by itself (a bar
#: that arrives, a turn that ends) long after the last press never drops that key's next press.
CAUSE_S = 0.75
#: A click this close to the one that changed the screen is that click repeated.
REPEAT_PX = 16
#: A frame longer than this (a window dragged, the machine asleep) adds only this much to a
#: scene's real time, so a laptop lid closed mid-match does not count as an hour played.
REAL_TIME_CAP_S = 1.0
#: Time a frame gives to opening the fonts ahead of need (`text.warm_fonts`) until all are
#: open: the first frames take under half a 60 fps frame longer, no later frame a new font.
FONT_WARM_S = 0.006
#: The loop's frame rate cap with a window, and without one (nothing to see: the game only
#: keeps time, and a spinning loop took a whole core).
MAX_FPS, NO_WINDOW_FPS = 144, 10
#: A window losing focus this soon after the game switched full screen on or off lost it to
#: that switch, not to the player: it does not pause a match.
MODE_CHANGE_S = 1.0
#: ... nor one lost in the frames just after the switch, however long they took: the switch
#: itself and the first frame in the new mode took over a second on a loaded machine, and the
#: window's focus events came after that.
MODE_CHANGE_FRAMES = 3


def press_id(event: pygame.event.Event) -> tuple[str, int, int] | None:
    """Which physical control a press or release event is (mouse button, key, pad button)."""
    t = event.type
    if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return ("mouse", 0, int(event.button))
    if t in (pygame.KEYDOWN, pygame.KEYUP):
        return ("key", 0, int(event.key))
    if t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        return ("pad", int(event.instance_id), int(event.button))
    return None


FADE_STEP_CAP_S = 0.1
"""The most a fade moves on in one frame: a long frame (a hitch while a table is built) does
not skip it, yet on a slow, busy machine (10 frames a second) a 0.35 s fade still takes four
frames, not the seven a 0.05 cap gave (strangers on a loaded machine waited 2-3 s a screen)."""

class PressGuard:
    """A press belongs to the screen it began on: it never acts on the next one.

    The app tells the guard when the top screen changes (a scene pushed, popped or replaced) and
    a scene may tell it when its own screen changes within itself (a score overlay giving way
    to the next turn). Controls held at that moment become stale: their release, and the mouse
    buttons they hold during a move, reach nobody. Fresh presses are ignored for a moment
    (`PRESS_GUARD_S`) when they repeat the last press (the same key or button, a click at the
    same spot), so that a double click or a hammered key ends on the screen it was for.
    """

    def __init__(self) -> None:
        self.clock = 0.0
        self.until = 0.0
        self.down: set[tuple[str, int, int]] = set()
        self.stale: set[tuple[str, int, int]] = set()
        #: The latest press: its control and, for a click, where it was.
        self.last: tuple[tuple[str, int, int], tuple[int, int] | None] | None = None
        #: When the latest press was made (the guard's clock).
        self.last_at = 0.0
        #: The press whose repeats the guard ignores (the last one when the screen changed,
        #: if it was recent enough to have changed it).
        self.repeat: tuple[tuple[str, int, int], tuple[int, int] | None] | None = None

    def tick(self, dt: float) -> None:
        self.clock += dt

    def screen_changed(self, guard: float = PRESS_GUARD_S) -> None:
        """The screen under the player changed: what is held now belongs to the old one."""
        self.stale |= self.down
        self.until = max(self.until, self.clock + guard)
        self.repeat = self.last if self.clock - self.last_at <= CAUSE_S else None

    @property
    def guarding(self) -> bool:
        return self.clock < self.until

    def _repeats(self, pid: tuple[str, int, int], pos: tuple[int, int] | None) -> bool:
        """Whether a fresh press repeats the one that changed the screen."""
        if self.repeat is None or self.repeat[0] != pid:
            return False
        before = self.repeat[1]
        if pos is None or before is None:
            return True
        return abs(pos[0] - before[0]) <= REPEAT_PX and abs(pos[1] - before[1]) <= REPEAT_PX

    def admit(self, event: pygame.event.Event, busy: bool) -> bool:
        """Whether `event` may act on the current screen. `busy`: a screen change is under way
        (requested this frame, or fading), so a new press could only reach the leaving one."""
        pid = press_id(event)
        if pid is None:
            return True
        if event.type in PRESSES:
            self.down.add(pid)
            pos = tuple(event.pos) if pid[0] == "mouse" and hasattr(event, "pos") else None
            press = (pid, (int(pos[0]), int(pos[1])) if pos else None)
            repeat = self.guarding and self._repeats(*press)
            self.last, self.last_at = press, self.clock
            if busy or repeat:
                self.stale.add(pid)
                return False
            self.stale.discard(pid)
            return True
        self.down.discard(pid)
        if pid in self.stale:
            self.stale.discard(pid)
            return False
        return True

    def strip_motion(self, event: pygame.event.Event) -> pygame.event.Event:
        """A move with a stale mouse button held: the move counts, the held button does not."""
        if not any(k == "mouse" for k, _, _ in self.stale):
            return event
        d = event.dict.copy()
        held = list(d.get("buttons", (0, 0, 0)))
        for kind, _, button in self.stale:
            if kind == "mouse" and 1 <= button <= len(held):
                held[button - 1] = 0
        d["buttons"] = tuple(held)
        return pygame.event.Event(event.type, d)

    def forget(self) -> None:
        """Nothing is held any more (the window lost focus)."""
        self.down.clear()
        self.stale.clear()


@dataclass(frozen=True)
class Screens:
    """The framework's own emergency screens, handed to the App by whoever builds it.

    The App opens them but never imports them: the screens (menus) import the App's types, so
    an App that imported them back would close an import circle.
    """

    crash: Callable[[App, BaseException, Path | None], Scene]
    device_lost: Callable[[App, str], Scene]


@dataclass
class Toast:
    text: str
    kind: str
    ttl: float


@dataclass
class _Fade:
    """A dip to dark and back; `action` runs at the darkest moment. A `label` ("Setting up
    the table...") shows on the dark while the action runs, for an action that takes a while."""

    action: Callable[[], None]
    duration: float
    t: float = 0.0
    applied: bool = False
    label: str = ""
    #: A labelled fade's action waits until a frame of full dark with the label was drawn:
    #: that frame stays on the screen while the action (a table's set-up) runs.
    shown: bool = False


def _icon() -> pygame.Surface:
    """The window icon: the Kaboom! blast, drawn by code."""
    from game.ui.draw import burst

    icon = pygame.Surface((64, 64), pygame.SRCALPHA)
    burst(icon, (32, 32), 31, 20, 12, theme.BLAST, 0.1)
    burst(icon, (32, 32), 25, 16, 12, theme.FUSE, 0.35)
    text.blit(icon, "K", 30, theme.INK, (32, 33), "center", bold=True)
    return icon


def _init_controllers() -> None:
    """Start SDL's game-controller subsystem so pads (already plugged or hot-plugged) report in."""
    try:
        from pygame._sdl2 import controller

        if not controller.get_init():
            controller.init()
    except (ImportError, pygame.error) as exc:  # no controller support: keyboards still work
        log.info("gamepads unavailable: %s", exc)


class App:
    """Owns every shared service; scenes reach them through `scene.app`."""

    def __init__(self, screens: Screens, *, settings: Settings | None = None,
                 audio: bool = True) -> None:
        self.screens = screens
        self._crash_screen: Scene | None = None
        if audio:
            pre_init()  # small mixer buffer for snappy effects; must precede pygame.init()
        with quiet_native_stderr():  # no sound card: ALSA's chatter; the bank says it in one line
            pygame.init()
        self.settings_warnings: list[str] = []
        if settings is None:
            settings, self.settings_warnings = load_settings()
        self.settings = settings
        self.display = Display(settings.display.fullscreen, settings.display.vsync, TITLE)
        pygame.display.set_icon(_icon())
        self.input = InputManager(settings.controls.keys1, settings.controls.keys2)
        _init_controllers()
        self.input.on_pad_lost = self._pad_lost
        self.input.on_pad_added = self._pad_added
        self.stack = SceneStack()
        self.fixed = FixedStep()
        self.saves = SaveStore()
        self.stats = Stats.load()
        self._stats_loaded = self.stats.to_dict()  # shutdown writes them only if they changed
        replay.clean_stale_temps()  # saves, settings, stats and logs clean their own folders
        # The kit's sounds and each registered game's own (the app knows the games; ui does not).
        self.sound = SoundBank(default_sound_dir(), game_dirs=catalogue.sound_dirs())
        if audio:
            self.sound.init()
        self.apply_settings()
        self.running = True
        self.frame_count = 0
        self._fonts_warm = False
        self.time = 0.0
        self.mode_changed_at = -MODE_CHANGE_S  # when the window last changed mode (F11)
        self._mode_changed_frame = -MODE_CHANGE_FRAMES - 1  # and in which frame
        #: Focus was lost while the window settled into a mode the game set: it pauses when the
        #: window has settled unless the focus came back (the switch's own loss comes back).
        self._focus_lost_settling = False
        self.toasts: list[Toast] = []
        self._fade: _Fade | None = None
        #: Presses made while the new screen fades in, given to it when the fade ends.
        self._held: list[pygame.event.Event] = []
        self.last_frame_ms = 0.0
        self.presses = PressGuard()
        self.gui = self._make_gui()
        self.crashed: BaseException | None = None
        self._crashes = 0
        #: Called after a crash, before the crash screen opens (launch sets a resumed save aside).
        self.crash_hooks: list[Callable[[App], None]] = []
        self._current_music: str | None = None
        if self.settings_warnings:
            self.notify(group_warnings(self.settings_warnings), "warning", 12)
        for problem in self.saves.problems + self.stats.problems:
            self.notify(problem.message, "warning")

    # Services ------------------------------------------------------------------------
    def _make_gui(self) -> GuiManager:
        from game.app.gui import GuiManager

        return GuiManager(self)

    def apply_settings(self) -> None:
        """Push the settings into every subsystem (called after the Settings screen)."""
        s = self.settings
        self.sound.set_volumes(s.audio.master, s.audio.effects, s.audio.music)
        text.set_scale(theme.LARGE_TEXT_SCALE if s.accessibility.large_text else 1.0)
        warnings = self.input.set_bindings(s.controls.keys1, s.controls.keys2)
        for w in warnings:
            log.warning(w)
        if self.display.fullscreen != s.display.fullscreen:
            self.note_mode_change()
            self.display.set_fullscreen(s.display.fullscreen)
            self.note_mode_change()  # the window's own events come after the switch ends
        if self.display.vsync != s.display.vsync:
            self.display.set_vsync(s.display.vsync)

    def save_settings(self) -> None:
        try:
            save_settings(self.settings)
        except (OSError, ValueError) as exc:
            self.notify(f"Could not save settings: {exc}", "warning")

    @property
    def reduced_motion(self) -> bool:
        return self.settings.accessibility.reduced_motion

    @property
    def colourblind(self) -> bool:
        return self.settings.accessibility.colourblind

    def seat_colour(self, index: int, chosen: str | None = None) -> tuple[int, int, int]:
        """A seat's colour as the lobby shows it (the safe palette when asked for)."""
        return theme.seat_colour(index, self.colourblind, chosen)

    def sound_note(self) -> str | None:
        """Why nothing is heard, in words the title shows (None when sound plays): a player
        without a sound device, or with the volume down, should not wonder whether it is broken."""
        if self.sound.silent:
            return "Sound off: no audio device was found"
        a = self.settings.audio
        if a.master <= 0 or a.effects <= 0:
            return "Sound muted (Settings, Audio)"
        return None

    @staticmethod
    def seat_shape(index: int, colour: str | None = None) -> str:
        """A seat's shape as the lobby shows it: colour is never a seat's only mark. A seat
        colour has its own shape (red a circle, blue a square...), so a seat keeps its shape
        when another seat is removed (a stranger's triangle became a square); a colour from
        elsewhere goes by the seat's place."""
        if colour is not None and colour.lower() in theme.SEAT_COLOURS:
            index = theme.SEAT_COLOURS.index(colour.lower())
        return theme.SEAT_SHAPES[index % len(theme.SEAT_SHAPES)]

    def notify(self, message: str, kind: str = "info", seconds: float = 5.0) -> None:
        """Tell the player something on screen (a toast at the top)."""
        log.info("notice (%s): %s", kind, message)
        self.toasts.append(Toast(message, kind, seconds))
        self.toasts = self.toasts[-4:]

    def play_music(self, name: str | None) -> None:
        """Switch the music: a track name, "" for silence, None to leave it as it is."""
        if name is None or name == self._current_music:
            return
        self._current_music = name
        if name:
            self.sound.play_music(name)
        else:
            self.sound.stop_music()

    # Scene changes ---------------------------------------------------------------------
    def _transition(self, action: Callable[[], None], fade: float,
                    then: Scene | None = None, label: str = "", dark: bool = False) -> None:
        """Run `action` now or halfway through a fade; `then` is pushed in the same moment.
        A `dark` fade starts at its darkest (the screen is dark already: `show_busy`).

        With reduced motion a fade is a cut: no dip at all, or, for a labelled one, two frames
        of the dark with its label (the action still runs in a frame of its own)."""
        if then is not None:
            first = action

            def action() -> None:
                first()
                self.stack.push(then)

        if fade > 0 and self.reduced_motion:
            fade = REDUCED_FADE_S if label else 0.0
        if fade <= 0 or headless() and fade < 0.01 and not label:
            action()
            return
        self._fade = _Fade(action, fade, label=label)
        if dark:
            self._fade.t, self._fade.shown = fade / 2, True

    def show_busy(self, label: str) -> None:
        """Put `label` on the dark over the screen and show it at once: a moment's work comes
        before the next frame (a saved match set up again), and a frozen menu under a pressed
        button looks like a hang. `from_dark` below then fades the new screen in from it."""
        surf = self.display.canvas
        surf.blit(dim_layer(LOGICAL_SIZE, 255), (0, 0))
        text.blit(surf, label, 26, theme.CREAM, (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2),
                  "center")
        self.display.present()

    def from_dark(self, scene: Scene, fade: float = 0.35) -> None:
        """Push `scene` as the second half of a fade: the screen is dark already (`show_busy`)."""
        self._transition(lambda: self.stack.push(scene), fade, dark=True)

    def build_then_show(self, build: Callable[[], None], label: str,
                        fade: float = 0.35) -> None:
        """Dip to dark, show `label` there while `build` runs (a match's table takes a moment
        to set up on a slow machine), then fade in on what `build` pushed or replaced."""
        self._transition(build, fade, label=label)

    def push(self, scene: Scene, fade: float = 0.0, then: Scene | None = None) -> None:
        """Push `scene` (and `then` over it, in the same moment)."""
        self._transition(lambda: self.stack.push(scene), fade, then)

    def pop(self, fade: float = 0.0) -> None:
        self._transition(self.stack.pop, fade)

    def replace(self, scene: Scene, fade: float = 0.25, then: Scene | None = None) -> None:
        """Replace the top scene with `scene` (and push `then` over it, in the same moment)."""
        self._transition(lambda: self.stack.replace(scene), fade, then)

    def reset(self, scene: Scene, fade: float = 0.25) -> None:
        self._transition(lambda: self.stack.reset(scene), fade)

    def quit(self) -> None:
        self.running = False

    def guard_presses(self, seconds: float = PRESS_GUARD_S) -> None:
        """A scene's own screen changed under the player (an overlay gave way to the next
        turn): presses held now, and fresh ones for `seconds`, never act on the new view."""
        self.presses.screen_changed(seconds)
        self.input.release_all()

    # Gamepads -------------------------------------------------------------------------
    def _pad_lost(self, device: str) -> None:
        top = self.stack.top
        uses = getattr(top, "devices_in_use", None)
        if callable(uses) and device in uses():
            self.stack.push(self.screens.device_lost(self, device))
        else:
            self.notify("A gamepad was unplugged.", "info", 3)

    def _pad_added(self, device: str) -> None:
        self.notify(f"{device.replace('pad', 'Gamepad ')} connected.", "info", 3)

    # The frame -------------------------------------------------------------------------
    def frame(self, events: Iterable[pygame.event.Event], frame_dt: float,
              draw: bool = True) -> None:
        """One frame: events, fixed logic steps, per-frame hooks, draw, scene changes.

        `draw=False` (headless tests only) plays the frame without drawing it: drawing never
        changes what the game does, so a test may look at one frame in several."""
        t0 = time.perf_counter()
        self.frame_count += 1
        self.presses.tick(frame_dt)
        top_before = self.stack.top
        for event in events:
            self._dispatch(event)
        if self._focus_lost_settling and not self.mode_settling():
            self._focus_lost_settling = False  # settled, and the focus never came back
            self._focus_lost()
        steps = self.fixed.advance(frame_dt)
        dt = self.fixed.dt
        for _ in range(steps):
            for scene in self.stack.updating():
                scene.time += dt
                scene.update(dt)
            self.time += dt
        if self._fade:
            if not draw:
                self._fade.shown = True  # nobody sees a frame that is not drawn
            self._advance_fade(frame_dt)
            if self._fade is None and self._held:
                # Judged as if the screen changed just now: a hammered repeat of the press
                # that changed it is still that press, and ends on the old screen.
                self.presses.until = max(self.presses.until, self.presses.clock + PRESS_GUARD_S)
                held, self._held = self._held, []
                for event in held:
                    self._dispatch(event)
        for scene in self.stack.updating():
            scene.real_time += min(max(frame_dt, 0.0), REAL_TIME_CAP_S)
            scene.frame(frame_dt)
        self.gui.update(frame_dt)
        self._update_toasts(frame_dt)
        if draw:
            self.draw()
        if not self._fonts_warm:
            self._fonts_warm = text.warm_fonts(FONT_WARM_S)
        self.stack.apply_requests()
        top = self.stack.top
        if top is not top_before:
            self.guard_presses()
        if top is not None:
            self.play_music(top.music)
        self.last_frame_ms = (time.perf_counter() - t0) * 1000

    def _advance_fade(self, frame_dt: float) -> None:
        fade = self._fade
        assert fade is not None
        fade.t += min(frame_dt, FADE_STEP_CAP_S)
        half = fade.duration / 2
        if not fade.applied and fade.t >= half:
            if fade.shown or not fade.label:
                fade.applied = True
                fade.action()
            else:
                fade.t = half  # held at full dark until a frame shows the label
        if fade.applied and fade.t >= fade.duration:
            self._fade = None

    def _arriving(self) -> bool:
        """Whether the new screen is fading in: the fade's switch is made and applied."""
        return self._fade is not None and self._fade.applied and not self.stack.pending

    def _dispatch(self, event: pygame.event.Event) -> None:
        t = event.type
        if t == pygame.QUIT:
            top = self.stack.top
            handler = getattr(top, "on_quit_request", None)
            if callable(handler) and handler():
                return
            self.running = False
            return
        if t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (event.w, event.h) if t == pygame.VIDEORESIZE else (event.x, event.y)
            if self.display.resized(size):  # the window set anew loses focus a moment (X11)
                self.mode_changed_at = time.perf_counter()
            # A resize the player made (dragging the window's edge) is no switching away
            # either: a focus loss with it waits for the window to settle.
            self._mode_changed_frame = self.frame_count
            return
        if t == pygame.WINDOWFOCUSLOST:
            self.input.release_all()
            self.presses.forget()
            self._held.clear()  # a press kept in a fade, its release never to come
            if self.mode_settling():
                # Our own window reopening (F11, full screen from Settings) loses focus for a
                # moment: that is no reason to pause a match, unless it stays lost.
                self._focus_lost_settling = True
            else:
                self._focus_lost()
            return
        if t == pygame.WINDOWFOCUSGAINED:
            self._focus_lost_settling = False  # and goes on to the screens as before
        if t == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.note_mode_change()
            self.settings.display.fullscreen = self.display.toggle_fullscreen()
            self.note_mode_change()  # the window's own events come after the switch ends
            self.save_settings()
            shown = getattr(self.stack.top, "on_display_mode_changed", None)
            if callable(shown):
                shown()
            return
        if self._arriving() and (t in RELEASES or t in PRESSES and len(self._held) < HELD_MAX):
            # The new screen is already showing as it fades in: a press made now is meant for
            # it (on a slow machine a fade lasts long enough to press). Kept as it came (its
            # position still the window's), not dropped, and given to that screen when the fade
            # ends, through the same guard as any press. Every release is kept, so no press
            # given later is left held down.
            self._held.append(event)
            return
        if t in MOUSE_EVENTS:
            event = self._to_logical(event)
        if t == pygame.MOUSEMOTION:
            event = self.presses.strip_motion(event)
        busy = self._fade is not None or self.stack.pending
        if not self.presses.admit(event, busy):
            if t in RELEASES:
                self.input.process(event)  # let go of what the old screen saw held
            return  # a press for another screen: neither it nor its release acts here
        if self._fade is not None:
            # Ignore input during a fade so one press can't act on two screens.
            self.input.process(event)
            return
        actions = self.input.process(event)
        if t == pygame.MOUSEMOTION and self.window_moved_pointer():
            # The window reopened (F11) or was resized under a still pointer: SDL reports the
            # pointer's new place as a move, which is no sign the player took up the mouse.
            actions = [dataclasses.replace(a, moved=False) for a in actions]
        top = self.stack.top
        if top is None:
            return
        if top.uses_gui and self.gui.process_event(event):
            return
        if top.handle_event(event):
            return
        for act in actions:
            if self.stack.top is top:
                top.handle_action(act)

    def _focus_lost(self) -> None:
        # The screen that will be on top: a pause pushed this frame (by the first of two
        # focus losses, or by Esc) is not opened twice.
        handler = getattr(self.stack.next_top, "on_focus_lost", None)
        if callable(handler):
            handler()

    def note_mode_change(self) -> None:
        """The game changes the window's mode now (F11, Fullscreen in Settings): the focus
        the window loses for it in the next moments is no sign the player switched away."""
        self.mode_changed_at = time.perf_counter()
        self._mode_changed_frame = self.frame_count

    def mode_settling(self) -> bool:
        """Whether the window is still settling into a mode the game set (F11, a resize)."""
        return (time.perf_counter() - self.mode_changed_at < MODE_CHANGE_S
                or self.frame_count - self._mode_changed_frame <= MODE_CHANGE_FRAMES)

    def window_moved_pointer(self) -> bool:
        """Whether a pointer move now is one the window made, not the player: it reopened
        (F11, Fullscreen in Settings) or was resized under a still pointer a moment ago."""
        return time.perf_counter() - self.mode_changed_at < MODE_CHANGE_S

    def _to_logical(self, event: pygame.event.Event) -> pygame.event.Event:
        d = event.dict.copy()
        d["pos"] = self.display.to_logical(event.pos)
        if "rel" in d:
            d["rel"] = self.display.rel_to_logical(event.rel)
        return pygame.event.Event(event.type, d)

    def inject_action(self, action: ActionEvent) -> None:
        """Deliver an action to the top scene (tests, AI seats that mimic a device)."""
        top = self.stack.top
        if top is not None:
            top.handle_action(action)

    @property
    def screen(self) -> pygame.Surface:
        """The 1280x720 surface scenes draw on this frame (the window itself at that size)."""
        return self.display.canvas

    # Drawing -------------------------------------------------------------------------
    def draw(self) -> None:
        surf = self.screen
        visible = self.stack.visible()
        if not visible:
            surf.fill(theme.INK)
        last_gui = max((i for i, s in enumerate(visible) if s.uses_gui), default=-1)
        for i, scene in enumerate(visible):
            scene.draw(surf)
            if i == last_gui:
                self.gui.draw(surf)
                draw_overlay = getattr(scene, "draw_overlay", None)
                if callable(draw_overlay):
                    draw_overlay(surf)
        self._draw_toasts(surf)
        if self._fade:
            f = self._fade
            half = f.duration / 2
            a = f.t / half if f.t < half else max(0.0, 1 - (f.t - half) / half)
            if self.reduced_motion:
                a = 1.0 if not f.applied else 0.0
            surf.blit(dim_layer(LOGICAL_SIZE, int(255 * min(1.0, a))), (0, 0))
            if f.label and not f.applied and a >= 0.5:
                text.blit(surf, f.label, 26, theme.CREAM,
                          (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2), "center")
                f.shown = f.shown or f.t >= half  # the dark is full: the build may start
        if self.settings.display.show_fps:
            text.blit(surf, f"{self.last_frame_ms:4.1f} ms", 14, theme.MUTED, (1270, 700),
                      "bottomright")

    def _update_toasts(self, dt: float) -> None:
        for toast in self.toasts:
            toast.ttl -= dt
        self.toasts = [t for t in self.toasts if t.ttl > 0]

    def _draw_toasts(self, surf: pygame.Surface) -> None:
        y = 16
        for toast in self.toasts:
            colour = {"warning": theme.SPARK, "error": theme.BLAST}.get(toast.kind, theme.SKY)
            lines = text.wrap(toast.text, 18, 620)
            h = 20 + 26 * len(lines)
            rect = pygame.Rect(0, y, 680, h)
            rect.centerx = LOGICAL_SIZE[0] // 2
            panel(surf, rect, theme.INK_2, radius=12, border=colour, shadow=8)
            pygame.draw.rect(surf, colour, (rect.x + 10, rect.y + 10, 5, h - 20), border_radius=3)
            for i, line in enumerate(lines):
                text.blit(surf, line, 18, theme.CREAM, (rect.x + 28, rect.y + 10 + 26 * i))
            y += h + 8

    # The real loop -------------------------------------------------------------------
    def run(self, first: Scene) -> int:
        """Run until quit. An uncaught error shows a crash screen instead of vanishing."""
        self.stack.push(first)
        self.stack.apply_requests()
        clock = pygame.time.Clock()
        while self.running:
            frame_dt = clock.tick(self.frame_cap()) / 1000.0
            self.safe_frame(pygame.event.get(), frame_dt)
            self.display.present()
        self.shutdown()
        return 0

    def frame_cap(self) -> int:
        """The most frames a second the loop runs: 144 (a vsynced flip waits for the screen
        first, so the cap only bites where vsync is not honoured: it spun a whole core), and
        `NO_WINDOW_FPS` when there is no window to show them (no display: SDL fell back to
        an off-screen driver)."""
        driver = pygame.display.get_driver() if pygame.display.get_init() else ""
        return NO_WINDOW_FPS if driver in ("dummy", "offscreen") else MAX_FPS

    def safe_frame(self, events: Iterable[pygame.event.Event], frame_dt: float) -> None:
        """`frame`, but an error writes a crash report and opens the crash screen."""
        from game.core.log import write_crash_report

        try:
            self.frame(events, frame_dt)
        except Exception as exc:
            self._crashes += 1
            report = write_crash_report(exc, self.crash_context())
            log.exception("crash; report written to %s", report)
            top = self.stack.top
            if self._crashes > 3 or (top is not None and top is self._crash_screen):
                raise  # the crash screen itself is failing: give up loudly
            for hook in list(self.crash_hooks):
                try:
                    hook(self)  # e.g. a save that crashes on resume must not loop
                except Exception:  # noqa: BLE001 - already crashing; the report matters more
                    log.exception("crash hook %r failed", hook)
            self.crashed = exc
            for scene in self.stack.scenes:
                try:
                    scene.exit()
                except Exception:  # noqa: BLE001 - already crashing; free what we can
                    log.exception("error while leaving %s", scene.scene_id)
            self.stack.scenes.clear()
            self.stack._requests.clear()
            self._fade = None
            self._held.clear()
            self._crash_screen = self.screens.crash(self, exc, report)
            self.stack.push(self._crash_screen)
            self.stack.apply_requests()

    def crash_context(self) -> dict[str, Any]:
        top = self.stack.top
        ctx: dict[str, Any] = {"scenes": [s.scene_id for s in self.stack.scenes],
                               "frame": self.frame_count}
        setup = getattr(top, "setup", None)
        if setup is not None:
            ctx["game"] = getattr(setup, "game_id", None)
            ctx["seed"] = getattr(setup, "seed", None)
        if top is not None:
            try:
                ctx["scene_state"] = top.snapshot()
            except Exception:  # noqa: BLE001 - best effort inside a crash
                ctx["scene_state"] = "unavailable"
        return ctx

    def shutdown(self, quit_pygame: bool = True) -> None:
        """Leave every scene, keep the statistics, let go of the app, and (in a real run) close
        pygame. Headless runs (smoke, tests) make many apps in one process: each must be freed."""
        while self.stack.scenes:
            self.stack.scenes.pop().exit()
        self.stack._requests.clear()
        self.toasts.clear()
        self._fade = None
        self._held.clear()
        try:
            if self.stats.to_dict() != self._stats_loaded:
                self.stats.save()
        except (OSError, ValueError) as exc:
            log.warning("could not save stats: %s", exc)
        self.input.on_pad_lost = None
        self.input.on_pad_added = None
        from pygame_gui.core.utility import get_default_manager, set_default_manager

        if get_default_manager() is getattr(self.gui, "manager", None):
            set_default_manager(None)  # pygame-gui's global would keep this whole app alive
        # Drop events still queued for this app's widgets. Read them: pygame-ce's event.clear()
        # never frees a posted event's objects, which pinned whole apps.
        with contextlib.suppress(pygame.error):
            pygame.event.get()
        if quit_pygame:
            pygame.quit()
