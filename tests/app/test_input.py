"""Input mapping: keyboard sets, rebinding, gamepads (hot-plug, stick hysteresis), mouse."""

from __future__ import annotations

import pygame

from game.app.input import InputManager, device_label, parse_device
from game.core.settings import DEFAULT_KEYS1, DEFAULT_KEYS2


def key(k: int, down: bool = True) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=0,
                              unicode="", scancode=0)


def test_two_keyboard_sets_are_separate_devices() -> None:
    im = InputManager()
    (a,) = im.process(key(pygame.K_w))
    (b,) = im.process(key(pygame.K_UP))
    assert (a.device, a.action) == ("keys1", "up")
    assert (b.device, b.action) == ("keys2", "up")
    assert im.is_held("keys1", "up") and im.is_held("keys2", "up")
    im.process(key(pygame.K_w, down=False))
    assert not im.is_held("keys1", "up")
    assert im.axis("keys2") == (0.0, -1.0)


def test_rebinding_and_bad_key_names_fall_back() -> None:
    im = InputManager()
    k1 = dict(DEFAULT_KEYS1, primary="f", up="no-such-key")
    warnings = im.set_bindings(k1, DEFAULT_KEYS2)
    assert any("no-such-key" in w for w in warnings)
    (a,) = im.process(key(pygame.K_f))
    assert (a.device, a.action) == ("keys1", "primary")
    (u,) = im.process(key(pygame.K_w))
    assert u.action == "up"  # fell back to the default
    assert im.key_for("keys1", "primary") == "F"


def test_gamepad_hotplug_buttons_and_slot_reuse() -> None:
    im = InputManager()
    lost: list[str] = []
    im.on_pad_lost = lost.append
    dev = im.attach_pad(101, "Pad A")
    assert dev == "pad0" and "pad0" in im.devices()
    (a,) = im.process(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=101,
                                         button=pygame.CONTROLLER_BUTTON_X))
    assert (a.device, a.action) == ("pad0", "primary")
    im.process(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=101))
    assert lost == ["pad0"] and "pad0" not in im.devices()
    assert not im.is_held("pad0", "primary")  # nothing stays stuck down
    assert im.attach_pad(202, "Pad A") == "pad0"  # replugged: same seat


def test_stick_has_hysteresis() -> None:
    im = InputManager()
    im.attach_pad(5, "Pad")

    def axis(v: float) -> list:
        return im.process(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=5,
                                             axis=pygame.CONTROLLER_AXIS_LEFTX,
                                             value=int(v * 32767)))

    assert [a.action for a in axis(0.8)] == ["right"]
    assert axis(0.5) == []  # wobble inside the band: no repeat, no release
    assert axis(0.9) == []
    rel = axis(0.1)
    assert [(a.action, a.pressed) for a in rel] == [("right", False)]
    assert im.axis("pad0")[0] == 0.0


def test_mouse_buttons_and_wheel() -> None:
    im = InputManager()
    (a,) = im.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1))
    assert (a.device, a.action, a.pos) == ("mouse", "primary", (10, 20))
    (w,) = im.process(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert w.action == "rotate_left"
    im.process(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 60), rel=(1, 1), buttons=(0,) * 3))
    assert im.mouse_pos == (50, 60)


def test_device_names() -> None:
    assert device_label("pad1") == "Gamepad 2"
    assert device_label("keys2") == "Keys (right)"
    assert parse_device("pad3") == "pad3"
    assert parse_device("joystick") is None


def test_a_repeated_key_down_without_a_key_up_is_one_press() -> None:
    """A stranger's one Right Ctrl answered twice (the Kaboom! warning, then the call it
    warned of): a second key-down before the key comes up is the system repeating a held key,
    not a press; after the key-up the next key-down is a press again."""
    im = InputManager()
    assert [(a.device, a.action, a.pressed) for a in im.process(key(pygame.K_RCTRL))] == [
        ("keys2", "secondary", True)]
    assert im.process(key(pygame.K_RCTRL)) == []
    assert [a.pressed for a in im.process(key(pygame.K_RCTRL, down=False))] == [False]
    assert [a.pressed for a in im.process(key(pygame.K_RCTRL))] == [True]
