"""Settings: defaults, field-by-field tolerance, v0 upgrade, newer versions, damaged files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.core import paths
from game.core.settings import (
    ACTIONS,
    DEFAULT_KEYS1,
    DEFAULT_KEYS2,
    SETTINGS_VERSION,
    UPGRADERS,
    AudioSettings,
    Settings,
    load_settings,
    save_settings,
)

from .helpers import SampleCopier, aside_files


def test_defaults() -> None:
    s = Settings()
    assert s.version == SETTINGS_VERSION == 1
    assert (s.display.fullscreen, s.display.vsync, s.display.show_fps) == (False, True, False)
    assert (s.audio.master, s.audio.effects, s.audio.music) == (0.8, 0.9, 0.6)
    assert not (s.accessibility.colourblind or s.accessibility.reduced_motion)
    assert s.assists.trajectory_preview is True and s.assists.first_match_tips is True
    assert s.profile == "Player" and s.last_setup == {}
    assert tuple(DEFAULT_KEYS1) == ACTIONS == tuple(DEFAULT_KEYS2)
    assert s.controls.keys1["primary"] == "left shift" and s.controls.keys2["rotate_left"] == "["
    assert s.controls.conflicts() == []


def test_default_keys_are_not_shared_between_instances() -> None:
    a, b = Settings(), Settings()
    a.controls.keys1["up"] = "z"
    assert b.controls.keys1["up"] == "w" and DEFAULT_KEYS1["up"] == "w"
    with pytest.raises(TypeError):
        DEFAULT_KEYS1["up"] = "z"  # type: ignore[index]


def test_constructed_values_are_clamped() -> None:
    assert AudioSettings(master=3, effects=-1).master == 1.0
    assert AudioSettings(effects=-1).effects == 0.0
    assert AudioSettings(master=float("nan")).master == 0.8
    assert AudioSettings(music=float("inf")).music == 1.0


def test_round_trip(tmp_path: Path) -> None:
    s = Settings()
    s.display.fullscreen = True
    s.audio.music = 0.25
    s.accessibility.large_text = True
    s.controls.keys2["confirm"] = "keypad enter"
    s.assists.trajectory_preview = False
    s.profile = "Zoë"
    s.last_setup = {"cabo": {"players": [{"kind": "ai"}], "rounds": 3}}
    path = tmp_path / "s.json"
    save_settings(s, path)
    loaded, warnings = load_settings(path)
    assert warnings == []
    assert loaded == s
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == SETTINGS_VERSION


def test_default_path_uses_kaboom_home(kaboom_home: Path) -> None:
    save_settings(Settings(profile="Home"))
    assert (kaboom_home / "config" / "settings.json").is_file()
    assert load_settings()[0].profile == "Home"


def test_missing_file_gives_defaults_quietly(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "none.json") == (Settings(), [])


def test_partial_settings_keep_valid_fields() -> None:
    data = {
        "version": 1,
        "display": {"fullscreen": "yes", "vsync": False},
        "audio": {"master": "loud", "music": 0.3, "effects": True},
        "assists": {"slap_pause_s": 3, "trajectory_preview": False},
    }
    s, warnings = Settings.from_dict(data)
    assert s.display.fullscreen is False and s.display.vsync is False
    assert (s.audio.master, s.audio.effects, s.audio.music) == (0.8, 0.9, 0.3)
    assert s.assists.trajectory_preview is False  # the removed slap_pause_s: no warning
    assert not hasattr(s.assists, "slap_pause_s")
    assert s.accessibility == Settings().accessibility
    assert len(warnings) == 3
    assert any("'audio.master'" in w and "'loud'" in w and "0.8" in w for w in warnings)
    assert any("'display.fullscreen'" in w for w in warnings)


@pytest.mark.parametrize(
    ("section", "key", "value", "expected"),
    [
        ("audio", "master", 1.7, 1.0),
        ("audio", "music", -0.2, 0.0),
        ("audio", "effects", 12, 1.0),
    ],
)
def test_out_of_range_is_clamped(section: str, key: str, value: float, expected: float) -> None:
    s, warnings = Settings.from_dict({"version": 1, section: {key: value}})
    assert getattr(getattr(s, section), key) == expected
    assert len(warnings) == 1 and "outside" in warnings[0]


def test_non_finite_number_falls_back() -> None:
    s, warnings = Settings.from_dict({"version": 1, "audio": {"master": float("inf")}})
    assert s.audio.master == 0.8 and len(warnings) == 1


def test_wrong_section_types() -> None:
    data = {"version": 1, "display": 5, "audio": [], "controls": "arrows", "last_setup": "x"}
    s, warnings = Settings.from_dict(data)
    assert s == Settings()
    assert len(warnings) == 4


def test_controls_fall_back_per_key() -> None:
    data = {
        "version": 1,
        "controls": {
            "keys1": {"up": "i", "down": 5, "left": "", "right": "  l  ", "jump": "x"},
            "keys2": ["not", "a", "dict"],
        },
    }
    s, warnings = Settings.from_dict(data)
    keys1 = s.controls.keys1
    assert keys1["up"] == "i" and keys1["right"] == "l"
    assert keys1["down"] == DEFAULT_KEYS1["down"] and keys1["left"] == DEFAULT_KEYS1["left"]
    assert "jump" not in keys1 and set(keys1) == set(ACTIONS)
    assert s.controls.keys2 == dict(DEFAULT_KEYS2)
    assert len(warnings) == 3


def test_conflicts_are_reported() -> None:
    s = Settings()
    s.controls.keys2["pause"] = "escape"
    assert s.controls.conflicts() == ["escape"]


def test_profile_and_last_setup_validation() -> None:
    data: dict[str, Any] = {
        "version": 1,
        "profile": "   ",
        "last_setup": {"cabo": {"rounds": 2}, "tower": [1, 2], "blast": {"deck": "small"}},
    }
    s, warnings = Settings.from_dict(data)
    assert s.profile == "Player"
    assert s.last_setup == {"cabo": {"rounds": 2}, "blast": {"deck": "small"}}
    assert len(warnings) == 2
    s2, _ = Settings.from_dict({"version": 1, "profile": "  Ana  "})
    assert s2.profile == "Ana"


def test_last_setup_is_copied() -> None:
    data: dict[str, Any] = {"version": 1, "last_setup": {"cabo": {"players": [1]}}}
    s, _ = Settings.from_dict(data)
    data["last_setup"]["cabo"]["players"].append(2)
    assert s.last_setup == {"cabo": {"players": [1]}}


def test_not_a_dict() -> None:
    s, warnings = Settings.from_dict(["version", 1])
    assert s == Settings() and len(warnings) == 1


def test_v0_sample_upgrades(tmp_path: Path, copy_sample: SampleCopier) -> None:
    path = copy_sample("settings-v0.json", tmp_path / "settings.json")
    s, warnings = load_settings(path)
    assert warnings == []
    assert s.display.fullscreen is True and s.display.show_fps is True and s.display.vsync is True
    assert (s.audio.master, s.audio.effects, s.audio.music) == pytest.approx((0.8, 0.9, 0.6))
    assert s.controls.keys1["up"] == "i" and s.controls.keys1["confirm"] == "space"
    assert s.controls.keys2["pause"] == "pause" and s.controls.keys2["up"] == "up"
    assert s.profile == "Ana"
    assert aside_files(path) == []
    # Saving writes the current format; loading it again is clean.
    save_settings(s, path)
    on_disk = json.loads(path.read_text(encoding="utf-8"))
    assert on_disk["version"] == 1 and "volume" not in on_disk and "fullscreen" not in on_disk
    assert load_settings(path) == (s, [])


def test_v0_upgrader_alone() -> None:
    v0 = {"fullscreen": True, "volume": {"master": 50, "sfx": 100, "music": 0}}
    v1 = UPGRADERS[0](dict(v0))
    assert v1["display"] == {"fullscreen": True}
    assert v1["audio"] == {"master": 0.5, "effects": 1.0, "music": 0.0}


def test_v0_with_bad_volume_keeps_the_rest() -> None:
    s, warnings = Settings.from_dict({"volume": {"master": "max", "music": 250}, "show_fps": True})
    assert s.audio.master == 0.8 and s.audio.music == 1.0 and s.display.show_fps is True
    assert len(warnings) == 2


def test_v1_sample(tmp_path: Path, copy_sample: SampleCopier) -> None:
    path = copy_sample("settings-v1.json", tmp_path / "settings.json")
    s, warnings = load_settings(path)
    assert warnings == []
    assert s.accessibility.colourblind and s.assists.trajectory_preview is False
    assert s.last_setup["cabo"]["target_score"] == 100
    written = json.loads(path.read_text(encoding="utf-8"))
    # Fields added since the sample was written come in at their defaults; nothing else moves.
    written["assists"].setdefault("first_match_tips", True)
    written.setdefault("last_game", "")
    # ...and what was removed since (Settings' "Pause for slaps") is dropped without a word.
    assert written["assists"].pop("slap_pause_s") == 2.0
    assert s.to_dict() == written


def test_future_version_loads_what_it_understands(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    future = {
        "version": 7,
        "audio": {"master": 0.3, "voice": 0.5},
        "hologram": {"enabled": True},
        "profile": "Ana",
    }
    path.write_text(json.dumps(future), encoding="utf-8")
    s, warnings = load_settings(path)
    assert s.audio.master == 0.3 and s.profile == "Ana"
    assert any("newer version" in w for w in warnings)
    # The original is kept aside (the newer fields are not lost) and what was understood is
    # written at this version, so the next start is clean.
    kept = aside_files(path)
    assert len(kept) == 1 and kept[0].name.startswith("settings.json.newer-")
    assert json.loads(kept[0].read_text(encoding="utf-8")) == future
    assert any(str(kept[0]) in w for w in warnings)
    rewritten = json.loads(path.read_text(encoding="utf-8"))
    assert rewritten["version"] == SETTINGS_VERSION and rewritten["profile"] == "Ana"
    assert rewritten["audio"]["master"] == 0.3 and "hologram" not in rewritten
    again, warnings = load_settings(path)
    assert warnings == [] and again == s and len(aside_files(path)) == 1


def test_a_newer_file_that_cannot_be_rewritten_is_still_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.core import settings as settings_module

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 7, "profile": "Ana"}), encoding="utf-8")
    original = path.read_bytes()

    def full_disk(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(settings_module, "write_json_atomic", full_disk)
    s, warnings = load_settings(path)
    assert s.profile == "Ana"
    kept = aside_files(path)
    assert len(kept) == 1 and kept[0].read_bytes() == original
    assert any(str(kept[0]) in w for w in warnings)
    monkeypatch.undo()
    assert load_settings(path)[1] == []  # no file: defaults, nothing to tell, no second copy
    assert len(aside_files(path)) == 1


def test_unrecognised_version_is_read_as_current(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": "two", "display": {"fullscreen": True}}))
    s, warnings = load_settings(path)
    assert s.display.fullscreen is True
    assert len(warnings) == 2
    assert aside_files(path)[0].name.startswith("settings.json.unknown-version-")
    assert json.loads(path.read_text())["version"] == SETTINGS_VERSION
    assert load_settings(path) == (s, [])


@pytest.mark.parametrize(
    "sample", ["corrupt-truncated.json", "corrupt-binary.json", "list", "wrong-type"]
)
def test_damaged_file_moved_aside_and_defaults_used(
    sample: str, copy_sample: SampleCopier, kaboom_home: Path
) -> None:
    path = paths.settings_path()
    if sample == "list":
        path.write_text("[1, 2]")
    elif sample == "wrong-type":
        path.write_text('"fullscreen"')
    else:
        copy_sample(sample, path)
    original = path.read_bytes()
    s, warnings = load_settings()
    assert s == Settings()
    assert len(warnings) == 1 and warnings[0].startswith("Your settings file was damaged")
    assert not path.exists()
    moved = aside_files(path)
    assert len(moved) == 1 and moved[0].read_bytes() == original
    assert moved[0].name.startswith("settings.json.corrupt-") and moved[0].name in warnings[0]
    # The app goes on: saving and loading again works and is quiet.
    save_settings(s)
    assert load_settings() == (Settings(), [])
