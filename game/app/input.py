"""Input per seat: mouse, two rebindable keyboard sets and hot-plugged gamepads.

Raw pygame events become `ActionEvent`s tagged with a device id ("mouse", "keys1", "keys2",
"pad0", "pad1", ...). Scenes ask what a device (and so a seat) did, never which key, and never
read raw pygame events: the pointer too is actions of the mouse device: "primary" and
"secondary" press and release at `pos`, `POINT` when it moves (with the buttons held), and the
wheel's "rotate_left" / "rotate_right". `fine` says Shift was held (fine turns, fine aim).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.core.settings import ACTIONS, DEFAULT_KEYS1, DEFAULT_KEYS2

if TYPE_CHECKING:
    from game.app.catalogue import Seat

log = logging.getLogger(__name__)

MOUSE = "mouse"
KEYS1 = "keys1"
KEYS2 = "keys2"
KEYBOARDS = (KEYS1, KEYS2)
DIRECTIONS = ("up", "down", "left", "right")
STICK_PRESS = 0.55  # stick deflection that counts as a d-pad press
STICK_RELEASE = 0.35  # hysteresis: a wobbling stick does not repeat presses
AXIS_MAX = 32767.0

PAD_BUTTONS: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: "confirm",
    pygame.CONTROLLER_BUTTON_B: "back",
    pygame.CONTROLLER_BUTTON_X: "primary",
    pygame.CONTROLLER_BUTTON_Y: "secondary",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "rotate_left",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rotate_right",
    pygame.CONTROLLER_BUTTON_START: "pause",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}


# What a player presses for each control, by kind of device: the one vocabulary that prompts,
# curtains and help pages use ("click", "SPACE", "A"). Keyboards say their bound key instead.
PAD_WORDS: Mapping[str, str] = {
    "confirm": "A", "back": "B", "primary": "X", "secondary": "Y", "rotate_left": "LB",
    "rotate_right": "RB", "pause": "Start", "up": "up", "down": "down", "left": "left",
    "right": "right", "move": "the stick",
}
POINT = "point"
"""The pointer moved to `pos` (an action of the mouse device; never 'held')."""

MOUSE_WORDS: Mapping[str, str] = {
    "confirm": "click", "primary": "click", "secondary": "right-click", "back": "right-click",
    "rotate_left": "wheel up", "rotate_right": "wheel down", "move": "the mouse",
}


@dataclass(frozen=True)
class ActionEvent:
    """`device` pressed (or released) `action`; `pos` is set for mouse actions (in logical
    canvas pixels); `fine` when Shift was held; `buttons` the mouse buttons held during a
    `POINT` move (1 left, 3 right); `moved` False for a `POINT` the window made, not the
    player (the pointer held still while F11 or a resize moved the window under it)."""

    device: str
    action: str
    pressed: bool = True
    pos: tuple[int, int] | None = None
    fine: bool = False
    buttons: frozenset[int] = frozenset()
    moved: bool = True

    def is_(self, *actions: str) -> bool:
        return self.pressed and self.action in actions


ControlWord = Callable[[str, str], str]
"""`word(device, control)`: what to press on a device for a control ("click", "SPACE", "A")."""


def default_word(device: str, control: str) -> str:
    """What to press with the default bindings, as `InputManager.word_for` says it (for text
    written without an app, such as a rules page asked for outside a screen)."""
    if device == MOUSE:
        return MOUSE_WORDS.get(control, "click")
    if device.startswith("pad"):
        return PAD_WORDS.get(control, "?")
    keys = DEFAULT_KEYS2 if device == KEYS2 else DEFAULT_KEYS1
    if control == "move":
        return " ".join(keys.get(d, "?").upper() for d in ("up", "left", "down", "right"))
    return keys.get(control, "?").upper()


def device_label(device: str, short: bool = False) -> str:
    """Human name of a device, one name everywhere (the lobby, Settings, How to play, prompts,
    plates): "Keys (left)" (a playtester met "Keyboard (left)" in some places and "Keys
    (left)" in others; the short one fits every button and plate). `short` is kept for old
    callers and changes nothing."""
    del short
    if device == MOUSE:
        return "Mouse"
    if device == KEYS1:
        return "Keys (left)"
    if device == KEYS2:
        return "Keys (right)"
    if device.startswith("pad"):
        return f"Gamepad {int(device[3:]) + 1}"
    return device


def played_label(seat: Seat) -> str:
    """Who plays a seat, as the line under its name says it: "AI - hard", "Keys (left)"."""
    return f"AI - {seat.difficulty}" if seat.is_ai else device_label(seat.device)


@dataclass
class _Pad:
    slot: int
    instance_id: int
    name: str
    handle: Any = None
    stick: dict[str, bool] = field(default_factory=lambda: dict.fromkeys(DIRECTIONS, False))
    axes: list[float] = field(default_factory=lambda: [0.0] * 6)

    @property
    def device(self) -> str:
        return f"pad{self.slot}"


class InputManager:
    """Translates events into actions and tracks what each device holds."""

    def __init__(self, keys1: Mapping[str, str] | None = None,
                 keys2: Mapping[str, str] | None = None) -> None:
        self.keymap: dict[int, list[tuple[str, str]]] = {}
        self.bindings: dict[str, dict[str, str]] = {}
        self.set_bindings(keys1 or DEFAULT_KEYS1, keys2 or DEFAULT_KEYS2)
        self.held: set[tuple[str, str]] = set()
        self.pads: dict[int, _Pad] = {}  # instance id -> pad
        self.lost_slots: dict[int, str] = {}  # slot -> name of the pad that was unplugged
        self.mouse_pos: tuple[int, int] = (-100, -100)  # nothing hovered until it moves
        self.on_pad_lost: Callable[[str], None] | None = None
        self.on_pad_added: Callable[[str], None] | None = None
        self.last_device: str = KEYS1

    # Bindings ------------------------------------------------------------------------
    def set_bindings(self, keys1: Mapping[str, str], keys2: Mapping[str, str]) -> list[str]:
        """Install both keyboard sets; unknown key names fall back to the default binding."""
        warnings: list[str] = []
        self.keymap = {}
        self.bindings = {KEYS1: {}, KEYS2: {}}
        for device, binds, defaults in ((KEYS1, keys1, DEFAULT_KEYS1),
                                        (KEYS2, keys2, DEFAULT_KEYS2)):
            for action in ACTIONS:
                name = binds.get(action, defaults[action])
                code = _key_code(name)
                if code is None:
                    warnings.append(f"Unknown key '{name}' for {action}; using "
                                    f"'{defaults[action]}'.")
                    name = defaults[action]
                    code = _key_code(name)
                if code is None:
                    continue
                self.bindings[device][action] = name
                self.keymap.setdefault(code, []).append((device, action))
        return warnings

    def key_for(self, device: str, action: str) -> str:
        """Display name of the key bound to `action` on a keyboard set."""
        return self.bindings.get(device, {}).get(action, "?").upper()

    def word_for(self, device: str, control: str) -> str:
        """What to press on `device` for `control` (an action, or "move"): "click", "SPACE", "A".

        The only place that names a device's controls, so every prompt agrees with the bindings.
        """
        if device == MOUSE:
            return MOUSE_WORDS.get(control, "click")
        if device.startswith("pad"):
            return PAD_WORDS.get(control, "?")
        if control == "move":
            keys = [self.key_for(device, d) for d in ("up", "left", "down", "right")]
            # the four arrows by their name (a stranger read "UP LEFT DOWN RIGHT and RETURN"
            # as a debug string); any other four (W A S D) spelt out
            return "ARROW KEYS" if keys == ["UP", "LEFT", "DOWN", "RIGHT"] else " ".join(keys)
        return self.key_for(device, control)

    # Devices -------------------------------------------------------------------------
    def devices(self) -> list[str]:
        """Every device a seat can use right now."""
        return [MOUSE, KEYS1, KEYS2] + sorted(p.device for p in self.pads.values())

    def pad_connected(self, device: str) -> bool:
        return any(p.device == device for p in self.pads.values())

    def attach_pad(self, instance_id: int, name: str = "Gamepad", handle: Any = None) -> str:
        """Register a pad; a pad replugged after a loss gets its old slot back."""
        used = {p.slot for p in self.pads.values()}
        slot = next((s for s, n in sorted(self.lost_slots.items()) if n == name and s not in used),
                    None)
        if slot is None:
            slot = next((s for s in sorted(self.lost_slots) if s not in used), None)
        if slot is None:
            slot = 0
            while slot in used:
                slot += 1
        self.lost_slots.pop(slot, None)
        pad = _Pad(slot, instance_id, name, handle)
        self.pads[instance_id] = pad
        log.info("gamepad %s connected as %s", name, pad.device)
        if self.on_pad_added:
            self.on_pad_added(pad.device)
        return pad.device

    def detach_pad(self, instance_id: int) -> str | None:
        pad = self.pads.pop(instance_id, None)
        if pad is None:
            return None
        self.lost_slots[pad.slot] = pad.name
        self.held = {h for h in self.held if h[0] != pad.device}
        log.info("gamepad %s (%s) disconnected", pad.name, pad.device)
        if self.on_pad_lost:
            self.on_pad_lost(pad.device)
        return pad.device

    def _open_controller(self, device_index: int) -> tuple[int, str, Any] | None:
        try:
            from pygame._sdl2 import controller

            if not controller.get_init():
                controller.init()
            if not controller.is_controller(device_index):
                return None
            pad = controller.Controller(device_index)
            joy = pad.as_joystick()
            return joy.get_instance_id(), joy.get_name(), pad
        except (pygame.error, ImportError, AttributeError) as exc:
            log.warning("could not open gamepad %s: %s", device_index, exc)
            return None

    # Events --------------------------------------------------------------------------
    def process(self, event: pygame.event.Event) -> list[ActionEvent]:
        """Turn one (already logical-coordinate) event into zero or more actions."""
        t = event.type
        out: list[ActionEvent] = []
        if t in (pygame.KEYDOWN, pygame.KEYUP):
            pressed = t == pygame.KEYDOWN
            fine = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            for device, action in self.keymap.get(event.key, ()):
                if pressed and (device, action) in self.held:
                    # A second key-down with no key-up between is the system repeating a held
                    # key, never a new press (a stranger's one Right Ctrl answered twice: the
                    # Kaboom! warning, then the call it warned of).
                    continue
                out.append(self._emit(device, action, pressed, fine=fine))
        elif t == pygame.MOUSEMOTION:
            self.mouse_pos = event.pos
            held = frozenset(b for b, a in ((1, "primary"), (3, "secondary"))
                             if (MOUSE, a) in self.held)
            out.append(ActionEvent(MOUSE, POINT, True, event.pos, _shift(), held))
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse_pos = event.pos
            clicked = {1: "primary", 3: "secondary"}.get(event.button)
            if clicked:
                out.append(self._emit(MOUSE, clicked, t == pygame.MOUSEBUTTONDOWN, event.pos,
                                      fine=_shift()))
        elif t == pygame.MOUSEWHEEL:
            action = "rotate_left" if event.y > 0 else "rotate_right"
            if event.y:
                out.append(ActionEvent(MOUSE, action, True, self.mouse_pos, _shift()))
                self.last_device = MOUSE
        elif t == pygame.CONTROLLERDEVICEADDED:
            opened = self._open_controller(event.device_index)
            if opened and opened[0] not in self.pads:
                self.attach_pad(*opened)
        elif t == pygame.CONTROLLERDEVICEREMOVED:
            self.detach_pad(event.instance_id)
        elif t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            pad = self.pads.get(event.instance_id)
            pressed_as = PAD_BUTTONS.get(event.button)
            if pad and pressed_as:
                out.append(self._emit(pad.device, pressed_as, t == pygame.CONTROLLERBUTTONDOWN))
        elif t == pygame.CONTROLLERAXISMOTION:
            pad = self.pads.get(event.instance_id)
            if pad:
                out.extend(self._axis(pad, event.axis, event.value / AXIS_MAX))
        return out

    def _emit(self, device: str, action: str, pressed: bool,
              pos: tuple[int, int] | None = None, fine: bool = False) -> ActionEvent:
        if pressed:
            self.held.add((device, action))
            self.last_device = device
        else:
            self.held.discard((device, action))
        return ActionEvent(device, action, pressed, pos, fine)

    def _axis(self, pad: _Pad, axis: int, value: float) -> list[ActionEvent]:
        value = max(-1.0, min(1.0, value))
        if 0 <= axis < len(pad.axes):
            pad.axes[axis] = value
        out: list[ActionEvent] = []
        pairs: tuple[tuple[str, float], ...]
        if axis == pygame.CONTROLLER_AXIS_LEFTX:
            pairs = (("left", -value), ("right", value))
        elif axis == pygame.CONTROLLER_AXIS_LEFTY:
            pairs = (("up", -value), ("down", value))
        elif axis == pygame.CONTROLLER_AXIS_TRIGGERRIGHT:
            pairs = (("primary", value),)
        else:
            return out
        for direction, amount in pairs:
            on = pad.stick.get(direction, False)
            if not on and amount >= STICK_PRESS:
                pad.stick[direction] = True
                out.append(self._emit(pad.device, direction, True))
            elif on and amount <= STICK_RELEASE:
                pad.stick[direction] = False
                out.append(self._emit(pad.device, direction, False))
        return out

    # Queries -------------------------------------------------------------------------
    def is_held(self, device: str, action: str) -> bool:
        return (device, action) in self.held

    def axis(self, device: str) -> tuple[float, float]:
        """Analogue direction for a device in -1..1 (keys and d-pad give full deflection)."""
        x = float(self.is_held(device, "right")) - float(self.is_held(device, "left"))
        y = float(self.is_held(device, "down")) - float(self.is_held(device, "up"))
        for pad in self.pads.values():
            if pad.device == device:
                ax, ay = pad.axes[0], pad.axes[1]
                if abs(ax) > 0.15 or abs(ay) > 0.15:
                    x, y = ax, ay
        return (max(-1.0, min(1.0, x)), max(-1.0, min(1.0, y)))

    def release_all(self, devices: Iterable[str] | None = None) -> None:
        """Forget held actions (focus lost, pause): nothing stays stuck down."""
        if devices is None:
            self.held.clear()
        else:
            ds = set(devices)
            self.held = {h for h in self.held if h[0] not in ds}


def _shift() -> bool:
    """Whether Shift is held now (the modifier for fine turns and aims)."""
    try:
        return bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
    except pygame.error:
        return False


def _key_code(name: str) -> int | None:
    try:
        return int(pygame.key.key_code(name))
    except (ValueError, pygame.error):
        return None


def parse_device(text: str) -> str | None:
    """Validate a device id from the lobby or the command line."""
    if text in (MOUSE, KEYS1, KEYS2):
        return text
    if text.startswith("pad") and text[3:].isdigit():
        return text
    return None
