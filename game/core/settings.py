"""Player settings: typed dataclasses, tolerant loading, versioned JSON on disk.

Loading never fails: each field that is missing, of the wrong type or unusable falls back to its
own default, numbers out of range are clamped, and each change becomes a player-readable warning.

File format, version 1 (``settings.json`` in :func:`game.core.paths.config_dir`)::

    {"version": 1,
     "display": {"fullscreen": false, "vsync": true, "show_fps": false},
     "audio": {"master": 0.8, "effects": 0.9, "music": 0.6},            # 0..1
     "accessibility": {"colourblind": false, "reduced_motion": false, "large_text": false},
     "controls": {"keys1": {"up": "w", ...}, "keys2": {"up": "up", ...}},  # action -> key name
     "assists": {"trajectory_preview": true, "first_match_tips": true},
     "profile": "Player",
     "last_setup": {"<game id>": {...the lobby's last setup, opaque...}},
     "last_game": "<game id>"}   # the game last played: the catalogue preselects it ("" none)

Version 0 (before versioning) had no ``version`` key, ``fullscreen`` and ``show_fps`` at the top
level, and volumes as whole percentages under ``volume``, with ``sfx`` for effects::

    {"fullscreen": true, "show_fps": false, "volume": {"master": 80, "sfx": 90, "music": 60},
     "controls": {"keys1": {...}, "keys2": {...}}, "profile": "Player"}

``UPGRADERS[n]`` turns a version-n dict into version n+1. A file from a newer version loads what
this version understands, with a warning; :func:`load_settings` keeps a copy of such a file so
that saving cannot lose it.
"""

from __future__ import annotations

import copy
import logging
import math
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from game.core import paths
from game.core.ids import clean_profile
from game.core.jsonio import (
    UpgradeError,
    aside_name,
    read_json,
    remove_stale_temps,
    upgrade,
    write_json_atomic,
)

log = logging.getLogger(__name__)

SETTINGS_VERSION = 1

ACTIONS: tuple[str, ...] = (
    "up",
    "down",
    "left",
    "right",
    "confirm",
    "back",
    "primary",
    "secondary",
    "rotate_left",
    "rotate_right",
    "pause",
)

# Key names as pygame.key.name() gives them; the app maps them to codes with pygame.key.key_code().
DEFAULT_KEYS1: Mapping[str, str] = MappingProxyType(
    {
        "up": "w",
        "down": "s",
        "left": "a",
        "right": "d",
        "confirm": "space",
        "back": "tab",
        "primary": "left shift",
        "secondary": "left ctrl",
        "rotate_left": "q",
        "rotate_right": "e",
        "pause": "escape",
    }
)
DEFAULT_KEYS2: Mapping[str, str] = MappingProxyType(
    {
        "up": "up",
        "down": "down",
        "left": "left",
        "right": "right",
        "confirm": "return",
        "back": "backspace",
        "primary": "right shift",
        "secondary": "right ctrl",
        "rotate_left": "[",
        "rotate_right": "]",
        "pause": "p",
    }
)
MAX_KEY_NAME_LENGTH = 32

_RANGE = "range"  # field metadata key: (low, high) a number is clamped to


def _clamp_fields(obj: object) -> None:
    """Clamp each float field that declares a range (NaN becomes the default), as loading does."""
    for f in fields(obj):  # type: ignore[arg-type]
        bounds = f.metadata.get(_RANGE)
        if bounds is not None:
            low, high = bounds
            value = float(getattr(obj, f.name))
            value = f.default if math.isnan(value) else min(max(value, low), high)  # type: ignore[assignment]
            setattr(obj, f.name, float(value))


@dataclass
class DisplaySettings:
    """Window options."""

    fullscreen: bool = False
    vsync: bool = True
    show_fps: bool = False


@dataclass
class AudioSettings:
    """Volumes from 0 (silent) to 1 (full), clamped."""

    master: float = field(default=0.8, metadata={_RANGE: (0.0, 1.0)})
    effects: float = field(default=0.9, metadata={_RANGE: (0.0, 1.0)})
    music: float = field(default=0.6, metadata={_RANGE: (0.0, 1.0)})

    def __post_init__(self) -> None:
        _clamp_fields(self)


@dataclass
class AccessibilitySettings:
    """Options that make the game easier to see and follow."""

    colourblind: bool = False
    reduced_motion: bool = False
    large_text: bool = False


@dataclass
class ControlSettings:
    """Two keyboard sets, so two players can share one keyboard: action -> pygame key name."""

    keys1: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_KEYS1))
    keys2: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_KEYS2))

    def conflicts(self) -> list[str]:
        """Key names bound to more than one action across both sets (they share one keyboard)."""
        seen: dict[str, int] = {}
        for keys in (self.keys1, self.keys2):
            for name in keys.values():
                seen[name] = seen.get(name, 0) + 1
        return sorted(name for name, count in seen.items() if count > 1)


@dataclass
class AssistSettings:
    """Help for new players: the shot preview and the first-match tips. (A card game's slap
    timing is its lobby's option, recorded with the match; an old file's ``slap_pause_s`` is
    ignored without a warning.)"""

    trajectory_preview: bool = True
    #: Before a profile's first match of a game, a card of first-turn tips from that game.
    first_match_tips: bool = True

    def __post_init__(self) -> None:
        _clamp_fields(self)


@dataclass
class Settings:
    """Everything the player can set; ``version`` is always the in-memory (current) format."""

    version: int = SETTINGS_VERSION
    display: DisplaySettings = field(default_factory=DisplaySettings)
    audio: AudioSettings = field(default_factory=AudioSettings)
    accessibility: AccessibilitySettings = field(default_factory=AccessibilitySettings)
    controls: ControlSettings = field(default_factory=ControlSettings)
    assists: AssistSettings = field(default_factory=AssistSettings)
    profile: str = "Player"
    last_setup: dict[str, dict[str, Any]] = field(default_factory=dict)
    last_game: str = ""  # the id of the game last played ("" none yet)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data in the current file format (a deep copy)."""
        data = asdict(self)
        data["version"] = SETTINGS_VERSION
        return data

    @classmethod
    def from_dict(cls, data: Any) -> tuple[Settings, list[str]]:
        """Build settings from file data of any known version, with player-readable warnings."""
        settings, warnings, _backup_tag = _parse(data)
        return settings, warnings


# --- upgrades -------------------------------------------------------------------------------------


def _upgrade_0_to_1(data: dict[str, Any]) -> dict[str, Any]:
    """v0 kept display flags at the top level and volumes as percentages under ``volume``."""
    display = data.get("display")
    display = dict(display) if isinstance(display, dict) else {}
    for key in ("fullscreen", "vsync", "show_fps"):
        if key in data:
            display.setdefault(key, data.pop(key))
    if display:
        data["display"] = display

    volume = data.pop("volume", None)
    if isinstance(volume, dict) and "audio" not in data:
        audio: dict[str, Any] = {}
        for old, new in (("master", "master"), ("sfx", "effects"), ("music", "music")):
            if old in volume:
                value = volume[old]
                is_number = isinstance(value, int | float) and not isinstance(value, bool)
                # A non-number is passed through unchanged so validation reports it.
                audio[new] = value / 100 if is_number else value
        data["audio"] = audio
    elif volume is not None:
        log.info("settings v0: ignoring 'volume' of type %s", type(volume).__name__)
    return data


UPGRADERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _upgrade_0_to_1}


# --- parsing --------------------------------------------------------------------------------------

_S = TypeVar("_S")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _invalid(warnings: list[str], where: str, value: Any, default: Any) -> None:
    warnings.append(
        f"Setting '{where}' had an unusable value ({_short(value)}); "
        f"the default ({default!r}) was used."
    )


def _read_section(cls: type[_S], raw: Any, name: str, warnings: list[str]) -> _S:
    """Read a dataclass of bools and floats field by field, keeping what is valid."""
    factory: Callable[..., _S] = cls
    default = factory()
    if raw is None:
        return default
    if not isinstance(raw, dict):
        warnings.append(f"Settings section '{name}' was unusable; its defaults were used.")
        return default
    values: dict[str, Any] = {}
    for f in fields(default):  # type: ignore[arg-type]
        if f.name not in raw:
            continue
        where = f"{name}.{f.name}"
        value = raw[f.name]
        fallback = getattr(default, f.name)
        if isinstance(fallback, bool):
            if isinstance(value, bool):
                values[f.name] = value
            else:
                _invalid(warnings, where, value, fallback)
        elif isinstance(fallback, float):
            number = _read_number(value, f.metadata.get(_RANGE), where, fallback, warnings)
            values[f.name] = number
    return factory(**values)


def _read_number(
    value: Any,
    bounds: tuple[float, float] | None,
    where: str,
    default: float,
    warnings: list[str],
) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        _invalid(warnings, where, value, default)
        return default
    number = float(value)
    if bounds is not None:
        low, high = bounds
        clamped = min(max(number, low), high)
        if clamped != number:
            warnings.append(
                f"Setting '{where}' was {number:g}, outside {low:g} to {high:g}; "
                f"{clamped:g} was used."
            )
        number = clamped
    return number


def _valid_key_name(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    name = value.strip()
    if not name or len(name) > MAX_KEY_NAME_LENGTH:
        return None
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        return None
    return name


def _read_keys(
    raw: Any, where: str, defaults: Mapping[str, str], warnings: list[str]
) -> dict[str, str]:
    keys = dict(defaults)
    if raw is None:
        return keys
    if not isinstance(raw, dict):
        warnings.append(f"Settings '{where}' were unusable; the default keys were used.")
        return keys
    for action, value in raw.items():
        if action not in defaults:
            log.info("settings: dropping unknown action %r in %s", action, where)
            continue
        name = _valid_key_name(value)
        if name is None:
            _invalid(warnings, f"{where}.{action}", value, defaults[action])
        else:
            keys[action] = name
    return keys


def _read_controls(raw: Any, warnings: list[str]) -> ControlSettings:
    if raw is None:
        return ControlSettings()
    if not isinstance(raw, dict):
        warnings.append("Settings section 'controls' was unusable; the default keys were used.")
        return ControlSettings()
    return ControlSettings(
        keys1=_read_keys(raw.get("keys1"), "controls.keys1", DEFAULT_KEYS1, warnings),
        keys2=_read_keys(raw.get("keys2"), "controls.keys2", DEFAULT_KEYS2, warnings),
    )


def _read_last_setup(raw: Any, warnings: list[str]) -> dict[str, dict[str, Any]]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        warnings.append("The remembered game setups were unusable and were forgotten.")
        return {}
    kept: dict[str, dict[str, Any]] = {}
    for game_id, setup in raw.items():
        if isinstance(game_id, str) and _usable_setup(setup):
            kept[game_id] = copy.deepcopy(setup)
        else:
            name = game_id[:40] if isinstance(game_id, str) else _short(game_id)
            warnings.append(f"The remembered setup for '{name}' was unusable and was forgotten.")
    return kept


_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,39}")


def _read_last_game(raw: Any, warnings: list[str]) -> str:
    """The game last played, by id: a short lower-case id, else none (the catalogue then
    preselects its first game; an id no longer in the catalogue is passed over there)."""
    if raw is None or raw == "":
        return ""
    if isinstance(raw, str) and _GAME_ID.fullmatch(raw):
        return raw
    warnings.append("The game you last played was not recognised; the first game is chosen.")
    return ""


_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_SEAT_TEXT = ("name", "kind", "difficulty", "device")


def _usable_setup(setup: Any) -> bool:
    """Whether a remembered lobby setup has the shape the lobby reads: seats as a list of objects
    with short text fields and ``#rrggbb`` colours, options as an object of plain values."""
    if not isinstance(setup, dict):
        return False
    seats = setup.get("seats", [])
    options = setup.get("options", {})
    if not isinstance(seats, list) or len(seats) > 16 or not isinstance(options, dict):
        return False
    if any(isinstance(v, dict | list) for v in options.values()):
        return False
    for seat in seats:
        if not isinstance(seat, dict):
            return False
        colour = seat.get("colour")
        if colour is not None and (not isinstance(colour, str) or not _COLOUR.fullmatch(colour)):
            return False
        for key in _SEAT_TEXT:
            value = seat.get(key)
            if value is not None and (not isinstance(value, str) or len(value) > 32):
                return False
    return True


def _parse(data: Any) -> tuple[Settings, list[str], str | None]:
    """Settings, warnings, and a tag if the file's version was not understood (keep a copy)."""
    warnings: list[str] = []
    if not isinstance(data, dict):
        warnings.append("The settings were not in the expected form; the defaults were used.")
        return Settings(), warnings, None
    backup_tag: str | None = None
    try:
        data, found = upgrade(data, SETTINGS_VERSION, UPGRADERS)
    except UpgradeError as err:
        log.warning("settings: %s; reading them as version %d", err, SETTINGS_VERSION)
        warnings.append(
            "The settings file's version was not recognised; the settings this version "
            "understands were used."
        )
        backup_tag = "unknown-version"
    else:
        if found > SETTINGS_VERSION:
            warnings.append(
                "Your settings file was written by a newer version of Kaboom! Collection; "
                "settings this version does not understand were ignored."
            )
            backup_tag = "newer"

    known = {f.name for f in fields(Settings)}
    for key in data:
        if key not in known:
            log.info("settings: ignoring unknown key %r", key)

    profile = Settings().profile
    if "profile" in data:
        try:
            profile = clean_profile(data["profile"])
        except ValueError:
            _invalid(warnings, "profile", data["profile"], profile)

    settings = Settings(
        display=_read_section(DisplaySettings, data.get("display"), "display", warnings),
        audio=_read_section(AudioSettings, data.get("audio"), "audio", warnings),
        accessibility=_read_section(
            AccessibilitySettings, data.get("accessibility"), "accessibility", warnings
        ),
        controls=_read_controls(data.get("controls"), warnings),
        assists=_read_section(AssistSettings, data.get("assists"), "assists", warnings),
        profile=profile,
        last_setup=_read_last_setup(data.get("last_setup"), warnings),
        last_game=_read_last_game(data.get("last_game"), warnings),
    )
    return settings, warnings, backup_tag


# --- files ----------------------------------------------------------------------------------------


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """Load settings (default :func:`paths.settings_path`); never raises; warnings are for players.

    A damaged file is moved aside and defaults are used; a file this version does not fully
    understand is also copied aside, because the next save rewrites it in the current format.
    """
    try:
        path = paths.settings_path() if path is None else Path(path)
    except OSError as err:
        log.warning("settings folder unusable: %s", err)
        message = (f"The settings folder could not be used ({err}); the default settings "
                   "were used and changes will not be kept.")
        return Settings(), [*paths.take_notices(), message]
    notices = paths.take_notices()
    remove_stale_temps(path.parent)
    data, problem = read_json(path, "settings file", fallback="the default settings were used")
    if problem is not None:
        return Settings(), [*notices, problem.message]
    if data is None:
        return Settings(), notices
    settings, warnings, backup_tag = _parse(data)
    warnings[:0] = notices
    if backup_tag is not None:
        warnings.append(_renew(path, settings, backup_tag))
    return settings, warnings


def _renew(path: Path, settings: Settings, tag: str) -> str:
    """A settings file of another version: move the original aside (kept, never deleted), then
    write what was read in this version's format, so the next start is clean; return the
    player's message naming where the original went."""
    try:
        backup = aside_name(path, tag)
        path.rename(backup)
    except OSError as err:
        log.warning("settings: could not move %s aside: %s", path, err)
        return "Your original settings file was left as it is; changes will replace it."
    try:
        write_json_atomic(path, settings.to_dict())
    except (OSError, ValueError) as err:
        log.warning("settings: could not write %s: %s", path, err)
        return f"Your original settings file was moved to {backup}."
    return (f"Your original settings file was moved to {backup}, and the settings were saved "
            "again in this version's format.")


_NAMED = re.compile(r"^Setting '([^']+)'")


def group_warnings(warnings: list[str]) -> str:
    """All loading warnings as one short message: field problems grouped by section, others whole.

    The title screen shows this single notice, so fourteen warnings never push each other off.
    """
    sections: dict[str, list[str]] = {}
    others: list[str] = []
    for warning in warnings:
        match = _NAMED.match(warning)
        if match is None:
            others.append(warning)
            continue
        section, _, name = match.group(1).rpartition(".")
        sections.setdefault(section or "general", []).append(name)
    parts = list(others)
    if sections:
        count = sum(len(names) for names in sections.values())
        groups = "; ".join(f"{section}: {', '.join(names)}"
                           for section, names in sections.items())
        noun = "setting was" if count == 1 else "settings were"
        parts.append(f"{count} {noun} unusable or out of range and reset ({groups}).")
    return " ".join(parts)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write settings atomically (default :func:`paths.settings_path`); OSError if disk fails."""
    path = paths.settings_path() if path is None else Path(path)
    write_json_atomic(path, settings.to_dict())
