"""The sound bank: every effect loaded once, played by id, silent when there is no audio device.

Nothing is heard until init() opens the mixer (the headless app never calls it), but sound ids
are checked from the start, so a typo is reported even in silent test runs. Effects play on the
mixer's ordinary channels with volume = master * effects * volume and a
left/right pan; music loops on a reserved channel at master * music. A missing device, a missing
file or an unknown id never raises: the bank logs it once and carries on quietly.
"""

from __future__ import annotations

import logging
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.ui.assets import assets_dir

log = logging.getLogger(__name__)

FREQUENCY = 44100
BUFFER = 512  # samples per mix: about 12 ms of latency at 44.1 kHz
NUM_CHANNELS = 32
MUSIC_CHANNEL = 0  # reserved, so find_channel() never hands it to an effect


def default_sound_dir() -> Path:
    """The kit's sounds folder: `sounds/` in the assets (`game.ui.assets.assets_dir`)."""
    return assets_dir() / "sounds"


def pre_init() -> None:
    """Request a low-latency mixer; call before pygame.init() so its auto-init uses these values."""
    pygame.mixer.pre_init(FREQUENCY, -16, 2, BUFFER)


@contextmanager
def quiet_native_stderr() -> Iterator[None]:
    """Send what C libraries write to stderr meanwhile to the null device.

    Without a sound card, ALSA prints about twenty lines while SDL looks for one; the game
    reports the outcome itself in one line, so the terminal stays readable. Does nothing where
    there is no stderr file descriptor (windowed builds).
    """
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _clamp(x: float, lo: float = 0.0, hi: float = 1.0) -> float:
    return lo if x < lo else hi if x > hi else x


def pan_gains(volume: float, pan: float) -> tuple[float, float]:
    """Left and right gains for a volume and a pan (-1 left .. 1 right); centre is full on both."""
    v = _clamp(volume)
    p = _clamp(pan, -1.0, 1.0)
    return v * min(1.0, 1.0 - p), v * min(1.0, 1.0 + p)


@dataclass
class _Voice:
    """One playing instance of an effect, remembered so volume changes reach it."""

    channel: pygame.mixer.Channel
    sound: pygame.mixer.Sound
    volume: float
    pan: float

    def busy(self) -> bool:
        return bool(self.channel.get_busy()) and self.channel.get_sound() is self.sound


class SoundBank:
    """Loads the kit's assets/sounds/*.wav and each game's own <game folder>/assets/sounds/
    once, and plays them by file id (`bank.play("slap")`); ids are shared by every game."""

    def __init__(
        self,
        sound_dir: Path | None = None,
        *,
        game_dirs: Sequence[Path] | None = None,
        max_instances: int = 4,
        min_gap_ms: float = 30.0,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.sound_dir = Path(sound_dir) if sound_dir is not None else default_sound_dir()
        self.max_instances = max_instances
        self.min_gap = min_gap_ms / 1000.0
        self._clock = clock
        self._ready = False
        self._silent = True
        self.game_dirs = list(game_dirs or [])  # the games' own folders, named by the app
        by_id: dict[str, Path] = {}
        for folder in [self.sound_dir, *self.game_dirs]:
            for path in sorted(folder.glob("*.wav")) if folder.is_dir() else []:
                clash = by_id.setdefault(path.stem, path)
                if clash is not path:  # two games' sounds with one id: the first one plays
                    log.warning("sound %r is in both %s and %s; using the first", path.stem,
                                clash.parent, path.parent)
        self._paths: list[Path] = list(by_id.values())
        self._names = frozenset(by_id)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._voices: dict[str, list[_Voice]] = {}
        self._last_play: dict[str, float] = {}
        self._warned: set[str] = set()
        self._master = self._effects = self._music = 1.0
        self._music_channel: pygame.mixer.Channel | None = None
        self._music_name: str | None = None
        self._music_gain = 1.0

    # --- setup ---------------------------------------------------------------------------

    def init(self) -> bool:
        """Open the mixer (if nobody has) and load every sound; False means the bank is silent.

        Any failure (no audio device, no SDL_mixer, broken driver) is logged once and leaves the
        bank silent: every call still works and does nothing. Calling init() again is a no-op.
        """
        if self._ready:
            return not self._silent
        self._ready = True
        if not self._paths:
            self._warn_once("<dir>", "no sounds found in %s", self.sound_dir)
        try:
            if pygame.mixer.get_init() is None:
                pre_init()
                with quiet_native_stderr():
                    pygame.mixer.init()
            pygame.mixer.set_num_channels(max(NUM_CHANNELS, pygame.mixer.get_num_channels()))
            pygame.mixer.set_reserved(MUSIC_CHANNEL + 1)
            self._music_channel = pygame.mixer.Channel(MUSIC_CHANNEL)
        except Exception as exc:  # any audio failure at all means "play silently"
            self._warn_once("<init>", "no usable audio device (%s), so it plays silently", exc)
            self._music_channel = None
            return False
        for path in self._paths:
            try:
                self._sounds[path.stem] = pygame.mixer.Sound(path)
            except (pygame.error, OSError) as exc:
                self._warn_once(path.stem, "could not load sound %s: %s", path, exc)
        self._silent = False
        log.info("sound bank ready: %d sounds from %s", len(self._sounds), self.sound_dir)
        return True

    def close(self) -> None:
        """Stop everything and let go of the sounds (before pygame.mixer.quit())."""
        self.stop_all()
        self._sounds.clear()
        self._voices.clear()
        self._music_channel = None
        self._silent = True

    # --- state ---------------------------------------------------------------------------

    @property
    def silent(self) -> bool:
        """True when nothing can be heard (init not called or failed, or closed)."""
        return self._silent

    @property
    def names(self) -> frozenset[str]:
        """Ids of the sounds on disk (file names without .wav)."""
        return self._names

    @property
    def loaded(self) -> frozenset[str]:
        """Ids actually loaded into the mixer (empty when silent)."""
        return frozenset(self._sounds)

    @property
    def volumes(self) -> tuple[float, float, float]:
        """(master, effects, music), each 0..1."""
        return self._master, self._effects, self._music

    @property
    def music_playing(self) -> str | None:
        """Id of the music track started last, or None after stop_music()."""
        return self._music_name

    # --- volumes -------------------------------------------------------------------------

    def set_volumes(self, master: float, effects: float, music: float) -> None:
        """Set the three sliders (0..1); playing effects and music follow at once."""
        self._master, self._effects, self._music = _clamp(master), _clamp(effects), _clamp(music)
        if self._silent:
            return
        try:
            for voices in self._voices.values():
                for voice in voices:
                    if voice.busy():
                        self._apply(voice)
            if self._music_channel is not None and self._music_name is not None:
                self._music_channel.set_volume(self._music_level())
        except pygame.error as exc:
            self._warn_once("<runtime>", "sound error: %s", exc)

    def _music_level(self) -> float:
        return self._master * self._music * self._music_gain

    def _apply(self, voice: _Voice) -> None:
        gain = self._master * self._effects * voice.volume
        if voice.pan == 0.0:
            voice.channel.set_volume(gain)  # one value: plain volume, panning reset to centre
        else:
            voice.channel.set_volume(*pan_gains(gain, voice.pan))

    # --- effects -------------------------------------------------------------------------

    def play(self, name: str, volume: float = 1.0, pan: float = 0.0) -> pygame.mixer.Channel | None:
        """Play effect `name` at volume (0..1) and pan (-1 left .. 1 right); returns its channel.

        Returns None (and plays nothing) when silent, when the id is unknown (warned once), when
        the same sound started less than min_gap_ms ago, when max_instances of it are already
        playing, or when every channel is busy.
        """
        sound = self._sounds.get(name)
        if sound is None:
            if name not in self._names and self._names:
                self._warn_once(name, "unknown sound %r", name)
            return None
        now = self._clock()
        if now - self._last_play.get(name, -math.inf) < self.min_gap:
            return None
        if self._master * self._effects * volume <= 0.0:
            return None
        try:
            voices = [v for v in self._voices.get(name, ()) if v.busy()]
            self._voices[name] = voices
            if len(voices) >= self.max_instances:
                return None
            channel = pygame.mixer.find_channel()
            if channel is None:
                return None
            voice = _Voice(channel, sound, _clamp(volume), _clamp(pan, -1.0, 1.0))
            self._apply(voice)  # before play(), so no buffer ever goes out at the wrong level
            channel.play(sound)
        except pygame.error as exc:
            self._warn_once("<runtime>", "sound error: %s", exc)
            return None
        voices.append(voice)
        self._last_play[name] = now
        return channel

    def stop_all(self, fade_ms: int = 0) -> None:
        """Stop (or fade out) every effect and the music."""
        if self._silent:
            self._music_name = None
            return
        try:
            if fade_ms > 0:
                pygame.mixer.fadeout(fade_ms)
            else:
                pygame.mixer.stop()
        except pygame.error as exc:
            self._warn_once("<runtime>", "sound error: %s", exc)
        self._voices.clear()
        self._music_name = None

    # --- music ---------------------------------------------------------------------------

    def play_music(
        self, name: str, loop: bool = True, fade_ms: int = 1000, volume: float = 1.0
    ) -> None:
        """Start track `name` (a WAV in the bank) on the music channel at master * music * volume.

        Asking for the track that is already playing only updates its volume.
        """
        self._music_gain = _clamp(volume)
        channel = self._music_channel
        sound = self._sounds.get(name)
        if channel is None or sound is None:
            if sound is None and name not in self._names and self._names:
                self._warn_once(name, "unknown music %r", name)
            return
        try:
            if self._music_name == name and channel.get_sound() is sound and channel.get_busy():
                channel.set_volume(self._music_level())
                return
            channel.stop()  # also cancels a fade in progress, which would restore its own volume
            channel.set_volume(self._music_level())  # the fade-in ramps up to this level
            channel.play(sound, loops=-1 if loop else 0, fade_ms=max(0, fade_ms))
        except pygame.error as exc:
            self._warn_once("<runtime>", "sound error: %s", exc)
            return
        self._music_name = name

    def stop_music(self, fade_ms: int = 600) -> None:
        """Fade the music out over fade_ms (0 stops at once)."""
        self._music_name = None
        if self._music_channel is None:
            return
        try:
            if fade_ms > 0:
                self._music_channel.fadeout(fade_ms)
            else:
                self._music_channel.stop()
        except pygame.error as exc:
            self._warn_once("<runtime>", "sound error: %s", exc)

    # --- helpers -------------------------------------------------------------------------

    def _warn_once(self, key: str, msg: str, *args: object) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(msg, *args)
