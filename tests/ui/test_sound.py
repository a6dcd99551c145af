"""The sound bank (headless, dummy audio driver) and the sound generator script."""

from __future__ import annotations

import importlib.util
import logging
import os
import sys
import wave
from array import array
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import catalogue  # noqa: E402
from game.ui import assets, sound  # noqa: E402
from game.ui.sound import SoundBank, default_sound_dir, pan_gains  # noqa: E402
from game.ui.synth import SoundBook  # noqa: E402
from tests.contract import folder as contract_folder  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
SOUND_DIR = REPO / "assets" / "sounds"  # the kit's; each game keeps its own beside it
GAME_DIRS = [catalogue.game_folder(m) / "assets" / "sounds" for m in catalogue.GAME_MODULES]
"""Every catalogue game's own sounds folder (a new game adds nothing here)."""


def wav_path(name: str) -> Path:
    """Where a sound's committed file is: the kit's folder or one game's."""
    found = [d / f"{name}.wav" for d in [SOUND_DIR, *GAME_DIRS] if (d / f"{name}.wav").exists()]
    assert len(found) == 1, f"{name}: {found}"
    return found[0]

KIT_EXPECTED = {
    "ui_hover", "ui_click", "ui_back", "ui_open", "ui_error", "ui_toggle",
    "card_deal", "card_flip", "card_slide", "card_shuffle", "penalty",
    "kaboom", "round_end", "game_win", "score", "timer_tick", "timer_end",
}  # fmt: skip
"""The kit's shared sounds, by hand: a second record the recipes are checked against."""
EXPECTED = KIT_EXPECTED | {n for info in catalogue.games() for n in info.sounds}
"""Every sound: the kit's and those each catalogue game declares in its `GameInfo.sounds`."""
MUSIC = {"music_menu"}


class FakeClock:
    """A clock the test moves by hand, so retrigger gaps are deterministic."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def load_make_sounds() -> ModuleType:
    """Import scripts/make_sounds.py (scripts/ is not a package)."""
    path = REPO / "scripts" / "make_sounds.py"
    spec = importlib.util.spec_from_file_location("make_sounds", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def bank(clock: FakeClock) -> Iterator[SoundBank]:
    pygame.mixer.quit()
    b = SoundBank(SOUND_DIR, game_dirs=GAME_DIRS, clock=clock)
    assert b.init(), "the dummy audio driver should open"
    yield b
    b.close()
    pygame.mixer.quit()


def near(a: float, b: float) -> bool:
    return abs(a - b) <= 1.0 / 64  # SDL keeps channel volume in 1/128 steps


# --- paths -------------------------------------------------------------------------------------


def test_default_sound_dir_is_the_packages_assets() -> None:
    assert default_sound_dir() == SOUND_DIR
    assert default_sound_dir().is_dir()


def test_assets_dir_inside_frozen_bundle(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets.assets_dir() == tmp_path / "game" / "assets"
    assert default_sound_dir() == tmp_path / "game" / "assets" / "sounds"


# --- bank --------------------------------------------------------------------------------------


def test_bank_loads_every_expected_id(bank: SoundBank) -> None:
    assert not bank.silent
    assert bank.loaded >= EXPECTED | MUSIC
    assert bank.loaded == bank.names


def test_play_returns_a_busy_channel(bank: SoundBank) -> None:
    channel = bank.play("ui_click")
    assert channel is not None
    assert channel.get_busy()
    assert channel.get_sound() is not None


def test_pan_gains() -> None:
    assert pan_gains(0.8, 0.0) == (0.8, 0.8)
    assert pan_gains(1.0, -1.0) == (1.0, 0.0)
    assert pan_gains(1.0, 1.0) == (0.0, 1.0)
    assert pan_gains(1.0, 0.5) == (0.5, 1.0)
    assert pan_gains(2.0, 7.0) == (0.0, 1.0)  # clamped


def test_panned_play_works(bank: SoundBank) -> None:
    assert bank.play("card_deal", volume=0.7, pan=-0.6) is not None


def test_effect_volume_is_master_times_effects_times_volume(bank: SoundBank) -> None:
    bank.set_volumes(0.5, 0.8, 1.0)
    channel = bank.play("slap", volume=0.5)
    assert channel is not None
    assert near(channel.get_volume(), 0.5 * 0.8 * 0.5)


def test_set_volumes_reaches_playing_effects(bank: SoundBank) -> None:
    channel = bank.play("kaboom")
    assert channel is not None and near(channel.get_volume(), 1.0)
    bank.set_volumes(0.25, 1.0, 1.0)
    assert near(channel.get_volume(), 0.25)
    assert bank.volumes == (0.25, 1.0, 1.0)


def test_muted_effects_do_not_play(bank: SoundBank) -> None:
    bank.set_volumes(1.0, 0.0, 1.0)
    assert bank.play("slap") is None


def test_retrigger_gap(bank: SoundBank, clock: FakeClock) -> None:
    assert bank.play("wood_hit_hard") is not None
    clock.now += 0.010
    assert bank.play("wood_hit_hard") is None  # 10 ms later: swallowed
    assert bank.play("wood_hit_soft") is not None  # other sounds are not affected
    clock.now += 0.025
    assert bank.play("wood_hit_hard") is not None


def test_instance_limit(bank: SoundBank, clock: FakeClock) -> None:
    played = []
    for _ in range(6):
        clock.now += 0.05
        played.append(bank.play("kaboom"))
    assert sum(ch is not None for ch in played) == bank.max_instances == 4
    assert len({id(ch) for ch in played if ch is not None}) == 4


def test_unknown_name_warns_once(bank: SoundBank, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger=sound.__name__):
        assert bank.play("no_such_sound") is None
        assert bank.play("no_such_sound") is None
        bank.play_music("no_such_track")
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 2
    assert "no_such_sound" in warnings[0].getMessage()


def test_music_volume_and_stop(bank: SoundBank) -> None:
    bank.set_volumes(0.5, 1.0, 0.6)
    bank.play_music("music_menu", fade_ms=0)
    channel = pygame.mixer.Channel(sound.MUSIC_CHANNEL)
    assert channel.get_busy() and bank.music_playing == "music_menu"
    assert near(channel.get_volume(), 0.3)
    bank.set_volumes(1.0, 1.0, 0.2)  # applies to the playing track at once
    assert near(channel.get_volume(), 0.2)
    bank.play_music("music_menu", fade_ms=0)  # same track again: keeps playing
    assert channel.get_busy()
    bank.stop_music(fade_ms=0)
    assert not channel.get_busy() and bank.music_playing is None


def test_effects_never_take_the_music_channel(bank: SoundBank, clock: FakeClock) -> None:
    bank.play_music("music_menu", fade_ms=0)
    for name in sorted(EXPECTED):
        clock.now += 0.05
        channel = bank.play(name)
        assert channel is None or channel != pygame.mixer.Channel(sound.MUSIC_CHANNEL)
    assert bank.music_playing == "music_menu"


def test_no_device_means_silent(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    pygame.mixer.quit()

    def broken_init(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    b = SoundBank(SOUND_DIR, game_dirs=GAME_DIRS)
    with caplog.at_level(logging.WARNING, logger=sound.__name__):
        assert b.init() is False
        assert b.init() is False
    assert b.silent and not b.loaded
    assert b.names >= EXPECTED  # ids are still known, so typos are still reported
    assert b.play("slap", volume=1.0, pan=0.3) is None
    b.play_music("music_menu")
    b.set_volumes(0.2, 0.3, 0.4)
    b.stop_music()
    b.stop_all()
    assert b.volumes == (0.2, 0.3, 0.4)
    assert len([r for r in caplog.records if "plays silently" in r.getMessage()]) == 1


def test_missing_folder_is_harmless(tmp_path: Path) -> None:
    pygame.mixer.quit()
    b = SoundBank(tmp_path / "nowhere", game_dirs=[tmp_path / "nor here"])
    try:
        b.init()
        assert b.play("slap") is None
    finally:
        b.close()
        pygame.mixer.quit()


def test_silent_until_init_but_names_are_checked(caplog: pytest.LogCaptureFixture) -> None:
    b = SoundBank(SOUND_DIR, game_dirs=GAME_DIRS)  # the headless app never calls init()
    with caplog.at_level(logging.WARNING, logger=sound.__name__):
        assert b.silent
        assert b.play("ui_hover") is None
        assert b.play("ui_hovr") is None
        b.play_music("music_menu")
    assert [r.getMessage() for r in caplog.records] == ["unknown sound 'ui_hovr'"]


# --- committed files ---------------------------------------------------------------------------


def read_wav(path: Path) -> tuple[wave._wave_params, array[int]]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        samples = array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        samples.byteswap()
    return params, samples


@pytest.mark.parametrize("name", sorted(EXPECTED | MUSIC))
def test_committed_file_is_sane(name: str) -> None:
    params, samples = read_wav(wav_path(name))
    assert (params.nchannels, params.sampwidth) == (1, 2)
    assert params.framerate in (22050, 44100)
    seconds = params.nframes / params.framerate
    if name in MUSIC:
        assert 8.0 <= seconds <= 16.0
    else:
        assert 0.03 <= seconds <= 1.6
    top = max(abs(s) for s in samples)
    assert 32767 * 10 ** (-30 / 20) < top < 32767 * 10 ** (-1 / 20)  # audible, never clipped


def test_folder_stays_small() -> None:
    total = sum(p.stat().st_size for d in [SOUND_DIR, *GAME_DIRS] for p in d.glob("*.wav"))
    assert total < 1.5 * 1024 * 1024


# --- generator ---------------------------------------------------------------------------------


def test_generator_covers_every_sound() -> None:
    ms = load_make_sounds()
    assert {n for book, _ in ms.books() for n in book} == EXPECTED | MUSIC


def test_generator_writes_each_book_into_its_folder() -> None:
    ms = load_make_sounds()
    folders = {folder: set(book) for book, folder in ms.books()}
    assert set(folders) == {SOUND_DIR, *GAME_DIRS}
    for folder, names in folders.items():
        assert {p.stem for p in folder.glob("*.wav")} == names, folder


def test_generator_is_deterministic(tmp_path: Path) -> None:
    ms = load_make_sounds()
    assert ms.render_pcm("card_flip") == ms.render_pcm("card_flip")
    first = ms.main(tmp_path / "a", ["ui_click", "die_hit"])
    second = ms.main(tmp_path / "b", ["ui_click", "die_hit"])
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes()
        params, samples = read_wav(a)
        assert params.nchannels == 1 and params.framerate == ms.SR and len(samples) > 100
    with pytest.raises(KeyError, match="unknown sound"):
        ms.main(tmp_path / "c", ["no_such_sound"])


def test_committed_files_match_generator() -> None:
    """Every committed WAV, the kit's and each game's, comes from its current recipe (re-run the
    script after an edit)."""
    ms = load_make_sounds()
    for book, folder in ms.books():
        for name in book:
            if name in MUSIC:
                continue  # the 10 s loop takes seconds to render; its file is checked above
            fresh = array("h", book.render_pcm(name))
            if sys.byteorder == "big":
                fresh.byteswap()
            _, committed = read_wav(folder / f"{name}.wav")
            assert len(fresh) == len(committed), name
            if fresh == committed:
                continue  # equal to the bit (compared in C), the usual case
            # a libm on another platform may round a last bit differently
            assert max(abs(a - b) for a, b in zip(fresh, committed, strict=True)) <= 2, name


def test_an_id_in_two_books_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    ms = load_make_sounds()
    kit = SoundBook()
    kit.sound("slap", -3.0)(lambda rng: [0.5])  # Kaboom! cards' own id, in the kit too
    monkeypatch.setattr(ms, "KIT", kit)
    with pytest.raises(ValueError, match="two books"):
        ms.books()
    with pytest.raises(ValueError, match="already in this book"):
        kit.sound("slap", -3.0)(lambda rng: [0.5])


# --- each game declares its sounds -------------------------------------------------------------


def _games() -> list[catalogue.GameInfo]:
    catalogue.load_games()
    return catalogue.games()


def test_the_bank_finds_each_games_own_sounds_through_the_catalogue() -> None:
    from game.app.headless import make_headless_app

    app = make_headless_app()  # the app names the games' folders to the bank
    b = app.sound
    app.shutdown(quit_pygame=False)
    assert set(catalogue.sound_dirs()) == set(GAME_DIRS)
    assert b.names == EXPECTED | MUSIC
    assert SoundBank(SOUND_DIR, game_dirs=[]).names == {p.stem for p in SOUND_DIR.glob("*.wav")}


def test_every_game_declares_the_sounds_it_plays() -> None:
    ms = load_make_sounds()
    kit = set(ms.KIT)
    for info in _games():
        folder = contract_folder(info.id)  # game/games/<id>, or a test game's own package
        own = {p.stem for p in (folder / "assets" / "sounds").glob("*.wav")}
        declared = set(info.sounds)
        assert declared, info.id
        assert declared <= kit | own, f"{info.id} declares sounds nobody makes"
        assert own <= declared, f"{info.id} makes sounds it does not declare"
        # every sound id written in the game's code is one it declares
        source = " ".join(p.read_text(encoding="utf-8") for p in folder.glob("*.py"))
        used = {n for n in EXPECTED | MUSIC if f'"{n}"' in source}
        assert used <= declared, f"{info.id} plays undeclared {sorted(used - declared)}"


def test_a_clashing_id_keeps_the_first_file(tmp_path: Path,
                                            caplog: pytest.LogCaptureFixture) -> None:
    kit, game = tmp_path / "kit", tmp_path / "game"
    for folder in (kit, game):
        folder.mkdir()
        (folder / "boom.wav").write_bytes((SOUND_DIR / "kaboom.wav").read_bytes())
    (game / "fizz.wav").write_bytes((SOUND_DIR / "score.wav").read_bytes())
    with caplog.at_level(logging.WARNING, logger=sound.__name__):
        b = SoundBank(kit, game_dirs=[game])
    assert b.names == {"boom", "fizz"}
    assert any("boom" in r.getMessage() and "first" in r.getMessage() for r in caplog.records)
