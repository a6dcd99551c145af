"""No sound card: the terminal gets one line from the game, not the audio library's chatter."""

from __future__ import annotations

import logging
import os
from typing import Any

import pygame
import pytest

from game.ui import sound
from game.ui.sound import SoundBank, default_sound_dir, quiet_native_stderr

CHATTER = b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n"


def test_quiet_native_stderr_hides_c_level_writes_and_restores(
        capfd: pytest.CaptureFixture[str]) -> None:
    os.write(2, b"before\n")
    with quiet_native_stderr():
        os.write(2, CHATTER)
    os.write(2, b"after\n")
    err = capfd.readouterr().err
    assert "before" in err and "after" in err
    assert "ALSA" not in err


def test_bank_without_device_prints_one_line(
        monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    pygame.mixer.quit()

    def broken_init(*args: object, **kwargs: object) -> None:
        os.write(2, CHATTER * 8)  # what libasound prints while SDL probes for a card
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    handler = logging.StreamHandler()  # stands in for the game's stderr log handler
    logger = logging.getLogger(sound.__name__)
    monkeypatch.setattr(logger, "propagate", False)  # other tests' handlers stay out of it
    logger.addHandler(handler)
    try:
        assert SoundBank(default_sound_dir()).init() is False
    finally:
        logger.removeHandler(handler)
    lines = [ln for ln in capfd.readouterr().err.splitlines() if ln.strip()]
    assert len(lines) == 1 and "plays silently" in lines[0]


def test_app_start_hides_audio_chatter_of_pygame_init(
        monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    from game.app.headless import make_headless_app

    real_init = pygame.init

    def chatty_init(*args: Any, **kwargs: Any) -> Any:
        os.write(2, CHATTER * 8)  # pygame.init() opens the mixer too
        return real_init(*args, **kwargs)

    monkeypatch.setattr(pygame, "init", chatty_init)
    app = make_headless_app(audio=False)
    try:
        assert "ALSA" not in capfd.readouterr().err
    finally:
        app.shutdown(quit_pygame=False)


def test_importing_the_game_prints_nothing() -> None:
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    out = subprocess.run([sys.executable, "-c", "import game.app.app"], env=env,
                         capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout == "" and out.stderr == ""  # no "pygame-ce 2.5 (SDL ...)" greeting
