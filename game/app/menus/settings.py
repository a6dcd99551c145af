"""Settings: display, audio, accessibility, assists, profile and controls.

Every change applies at once (so the player hears the new volume) and is written, atomically,
when the player leaves the screen.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.app.gui import MenuScene, NavItem
from game.app.input import KEYS1, KEYS2, ActionEvent, device_label
from game.app.menus.common import Stepper, header, on_off, percent, section
from game.core.settings import ACTIONS, DEFAULT_KEYS1, DEFAULT_KEYS2
from game.ui import text, theme

if TYPE_CHECKING:
    from game.app.app import App

LEVELS = tuple(round(i / 10, 1) for i in range(11))
ACTION_LABELS = {
    "up": "Up", "down": "Down", "left": "Left", "right": "Right", "confirm": "Confirm",
    "back": "Back", "primary": "Action (slap / fire)", "secondary": "Second action",
    "rotate_left": "Rotate left", "rotate_right": "Rotate right", "pause": "Pause",
}
#: The settings' panels, and how far under each panel's top its first row stands: clear of the
#: heading and of the keys' ring round that row, with larger text too (the ring round
#: "Fullscreen" touched "DISPLAY", the headings crowded their panels' tops).
PANELS = ((pygame.Rect(64, 126, 560, 196), "Display"),
          (pygame.Rect(64, 336, 560, 196), "Sound"),
          (pygame.Rect(656, 126, 560, 196), "Accessibility"),
          (pygame.Rect(656, 336, 560, 244), "Assists and profile"))
FIRST_ROW_DY = 54
PAD_HELP = ("Gamepad: stick or d-pad to move, A confirm, B back, X action (slap / fire), "
            "Y second action, LB / RB rotate, Start pause.")


class SettingsScene(MenuScene):
    scene_id = "settings"

    def build(self) -> None:
        s = self.app.settings
        lx, rx, w = 84, 676, 520
        y = PANELS[0][0].top + FIRST_ROW_DY
        y2 = PANELS[1][0].top + FIRST_ROW_DY - y  # the lower panels' rows, from y

        def apply(obj: Any, attr: str, rebuild_theme: bool = False) -> Any:
            def set_value(v: Any) -> None:
                setattr(obj, attr, v)
                self.app.apply_settings()
                if rebuild_theme:
                    self.app.gui.rebuild_theme()
                    self.rebuild()
            return set_value

        rows = [
            (lx, y, "Fullscreen (F11)", (False, True), s.display.fullscreen,
             apply(s.display, "fullscreen"), on_off),
            (lx, y + 46, "Vertical sync", (False, True), s.display.vsync,
             apply(s.display, "vsync"), on_off),
            (lx, y + 92, "Show frame time", (False, True), s.display.show_fps,
             apply(s.display, "show_fps"), on_off),
            (lx, y + y2, "Master volume", LEVELS, round(s.audio.master, 1),
             apply(s.audio, "master"), percent),
            (lx, y + y2 + 46, "Effects", LEVELS, round(s.audio.effects, 1),
             apply(s.audio, "effects"), percent),
            (lx, y + y2 + 92, "Music", LEVELS, round(s.audio.music, 1),
             apply(s.audio, "music"), percent),
            (rx, y, "Colour-blind palette", (False, True), s.accessibility.colourblind,
             apply(s.accessibility, "colourblind"), on_off),
            (rx, y + 46, "Reduced motion", (False, True), s.accessibility.reduced_motion,
             apply(s.accessibility, "reduced_motion"), on_off),
            (rx, y + 92, "Larger text", (False, True), s.accessibility.large_text,
             apply(s.accessibility, "large_text", rebuild_theme=True), on_off),
            (rx, y + y2, "Trajectory preview", (False, True), s.assists.trajectory_preview,
             apply(s.assists, "trajectory_preview"), on_off),
            (rx, y + y2 + 46, "First-match tips", (False, True), s.assists.first_match_tips,
             apply(s.assists, "first_match_tips"), on_off),
        ]
        steppers = [Stepper(self, x, yy, w, label, choices, value, cb, fmt,
                            row=i % 6 if x == lx else i - 6, col=0 if x == lx else 1,
                            label_w=270)
                    for i, (x, yy, label, choices, value, cb, fmt) in enumerate(rows)]
        self.fullscreen_row = steppers[0]
        self.label((rx, y + y2 + 92, 270, 40), "Profile name")
        self.profile = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(rx + 270, y + y2 + 94, 250, 38), self.manager)
        self.profile.set_text_length_limit(16)
        self.profile.set_text(s.profile)
        self.track(self.profile)
        self.button((rx + 270, y + y2 + 144, 250, 40), "Controls...",
                    lambda: self.app.push(ControlsScene(self.app), 0.2), object_id="#small",
                    row=5, col=1)  # the row after the right column's last stepper
        self.button((64, 650, 160, 44), "Back", self.on_back, object_id="#small", row=7)

    def on_display_mode_changed(self) -> None:
        """F11 pressed here: the Fullscreen row shows the new mode."""
        self.fullscreen_row.show(self.app.settings.display.fullscreen)

    def _commit(self) -> None:
        name = self.profile.get_text().strip() if hasattr(self, "profile") else ""
        if name:
            self.app.settings.profile = name
        self.app.save_settings()

    def on_back(self) -> None:
        self._commit()
        super().on_back()

    def exit(self) -> None:
        self._commit()
        super().exit()

    def still_key(self) -> Hashable:
        return self.app.sound_note()

    def draw_still(self, surface: pygame.Surface) -> Sequence[pygame.Rect]:
        top = header(surface, "Settings", "Changes apply at once and are saved when you leave")
        for rect, title in PANELS:
            section(surface, rect, title)
        note = self.app.sound_note()
        if note:  # the volumes above do nothing a player can hear: say why
            text.blit(surface, note, 15, theme.SPARK, (84, PANELS[1][0].bottom + 14))
        return [top, *(r for r, _ in PANELS)]


#: Where the Controls table's first row stands and how far apart its rows are: the panel keeps
#: clear of the title's underline with larger text (a stranger saw it cover it).
CONTROLS_ROWS_Y = 166
CONTROLS_ROW_H = 38


class ControlsScene(MenuScene):
    """Rebind both keyboard sets; a key already used in the same set swaps places."""

    scene_id = "controls"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.capture: tuple[str, str] | None = None

    def build(self) -> None:
        c = self.app.settings.controls
        self.problems = binding_problems(c.keys1, c.keys2)
        for i, action in enumerate(ACTIONS):
            y = CONTROLS_ROWS_Y + i * CONTROLS_ROW_H
            self.label((180, y, 300, 36), ACTION_LABELS.get(action, action))
            for j, (dev, binds) in enumerate((("keys1", c.keys1), ("keys2", c.keys2))):
                label = binds.get(action, "?").upper()
                if self.capture == (dev, action):
                    label = "press a key..."
                self.button((500 + j * 300, y + 2, 260, 34), label,
                            partial(self._start_capture, dev, action),
                            object_id="#small", row=i, col=j)
        self.button((64, 650, 160, 44), "Back", self.on_back, object_id="#small", row=20, col=0)
        self.button((960, 650, 256, 44), "Reset to defaults", self._reset, object_id="#small",
                    row=20, col=1)

    def _start_capture(self, device: str, action: str) -> None:
        self.capture = (device, action)
        self.rebuild()

    def _reset(self) -> None:
        c = self.app.settings.controls
        c.keys1 = dict(DEFAULT_KEYS1)
        c.keys2 = dict(DEFAULT_KEYS2)
        self.app.apply_settings()
        self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.capture and event.type == pygame.KEYDOWN:
            dev, action = self.capture
            self.capture = None
            if event.key != pygame.K_ESCAPE:
                binds = (self.app.settings.controls.keys1 if dev == "keys1"
                         else self.app.settings.controls.keys2)
                name = pygame.key.name(event.key)
                for other, key in list(binds.items()):
                    if key == name and other != action:
                        binds[other] = binds.get(action, key)  # swap with the old binding
                binds[action] = name
                self.app.apply_settings()
                self.app.sound.play("ui_toggle")
            self.rebuild()
            return True
        return super().handle_event(event)

    def handle_action(self, action: ActionEvent) -> bool:
        if self.capture:
            return True  # the key itself is read in handle_event
        return super().handle_action(action)

    def on_back(self) -> None:
        self.app.save_settings()
        super().on_back()

    def still_key(self) -> Hashable:
        return tuple(self.problems)

    def draw_still(self, surface: pygame.Surface) -> Sequence[pygame.Rect]:
        top = header(surface, "Controls", "Click a key, then press the new one (Esc cancels)")
        rect = pygame.Rect(160, CONTROLS_ROWS_Y - 48, 960, 48 + len(ACTIONS) * CONTROLS_ROW_H + 12)
        section(surface, rect, "")
        for x, words in ((630, device_label(KEYS1)), (930, device_label(KEYS2))):
            text.blit(surface, words, 18, theme.SPARK, (x, rect.y + 18), "center", bold=True)
        text.blit(surface, PAD_HELP, 16, theme.MUTED, (640, 612), "center")
        for i, line in enumerate(text.wrap("; ".join(self.problems), 15, 700)[:3]):
            text.blit(surface, line, 15, theme.SPARK, (640, 638 + i * 20), "center")
        return [top, rect]


def binding_problems(keys1: dict[str, str], keys2: dict[str, str]) -> list[str]:
    """What the player should fix in Controls: key names pygame does not know (the default is
    used instead) and keys bound to two actions across both keyboard sets."""
    problems: list[str] = []
    sets = (("left", keys1), ("right", keys2))
    for side, binds in sets:
        for action, name in binds.items():
            try:
                pygame.key.key_code(name)
            except ValueError:
                problems.append(f"'{name}' ({ACTION_LABELS.get(action, action)}, {side}) is "
                                "not a key; the default is used")
    uses: dict[str, list[str]] = {}
    for side, binds in sets:
        for action, name in binds.items():
            uses.setdefault(name, []).append(f"{ACTION_LABELS.get(action, action)} ({side})")
    for name, where in uses.items():
        if len(where) > 1:
            problems.append(f"{name.upper()} is bound to {' and '.join(where)}")
    return problems


__all__ = ["SettingsScene", "ControlsScene", "NavItem"]
