"""Per-profile statistics: games played and won, best scores, time played; versioned JSON on disk.

File format, version 1 (``stats.json`` in :func:`paths.data_dir`)::

    {"version": 1,
     "profiles": {"<profile>": {"<game id>": {
         "played": 3, "won": 1, "best_high": 42.0, "best_low": 7.0,
         "total_seconds": 812.5, "last_played": "<ISO time, UTC>"}}}}

Both the highest and the lowest score are kept, so each game decides which is its "best"
(`GameStats.best` with the game's direction: the lowest total where lower wins). A damaged
file, or one from a newer version, is moved aside and replaced by empty statistics, with a
:class:`LoadProblem`.
A single unusable entry is dropped or a single unusable field reset, and logged.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core import paths
from game.core.ids import check_game_id, clean_profile
from game.core.jsonio import (
    LoadProblem,
    UpgradeError,
    move_aside,
    read_json,
    remove_stale_temps,
    upgrade,
    write_json_atomic,
)

log = logging.getLogger(__name__)

STATS_VERSION = 1
# No older format exists yet; STATS_UPGRADERS[n] will turn version n into n+1 when one does.
STATS_UPGRADERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}

_FALLBACK = "your statistics start afresh"


@dataclass
class GameStats:
    """One profile's record in one game."""

    played: int = 0
    won: int = 0
    best_high: float | None = None
    best_low: float | None = None
    total_seconds: float = 0.0
    last_played: str | None = None

    @property
    def win_rate(self) -> float:
        """Fraction of games won (0 if none played)."""
        return self.won / self.played if self.played else 0.0

    def best(self, higher_is_better: bool) -> float | None:
        """The best score in a game whose direction is `higher_is_better` (the game's
        `GameInfo` says): the highest where more points win, the lowest where fewer do."""
        return self.best_high if higher_is_better else self.best_low


def _is_finite_number(value: object) -> bool:
    """True for an int or float that is not a bool, NaN or infinite."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return math.isfinite(value)


def _read_count(raw: dict[str, Any], key: str, where: str) -> int:
    value = raw.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        log.warning("stats: %s.%s=%r is not a count; using 0", where, key, value)
        return 0
    return value


def _read_float(raw: dict[str, Any], key: str, where: str, default: float | None) -> float | None:
    value = raw.get(key, default)
    if value is None:
        return default
    if not _is_finite_number(value):
        log.warning("stats: %s.%s=%r is not a number; using %r", where, key, value, default)
        return default
    return float(value)


def _read_game_stats(raw: dict[str, Any], where: str) -> GameStats:
    """Read one entry field by field, resetting what is unusable."""
    played = _read_count(raw, "played", where)
    won = min(_read_count(raw, "won", where), played)
    total = _read_float(raw, "total_seconds", where, 0.0) or 0.0
    last = raw.get("last_played")
    if last is not None and not isinstance(last, str):
        log.warning("stats: %s.last_played=%r is not text; dropping it", where, last)
        last = None
    return GameStats(
        played=played,
        won=won,
        best_high=_read_float(raw, "best_high", where, None),
        best_low=_read_float(raw, "best_low", where, None),
        total_seconds=max(total, 0.0),
        last_played=last,
    )


class Stats:
    """Statistics of every profile; :meth:`load` never raises and lists trouble in ``problems``."""

    def __init__(self) -> None:
        self._profiles: dict[str, dict[str, GameStats]] = {}
        self.problems: list[LoadProblem] = []
        self.path: Path | None = None

    def record(
        self, profile: str, game_id: str, *, won: bool, score: float, seconds: float
    ) -> None:
        """Add one finished game; ValueError for a bad profile, game id, score or duration."""
        profile = clean_profile(profile)
        check_game_id(game_id)
        if not _is_finite_number(score):
            raise ValueError(f"score must be a finite number, not {score!r}")
        if not _is_finite_number(seconds) or seconds < 0:
            raise ValueError(f"seconds must be a finite number >= 0, not {seconds!r}")
        entry = self._profiles.setdefault(profile, {}).setdefault(game_id, GameStats())
        entry.played += 1
        entry.won += 1 if won else 0
        score = float(score)
        entry.best_high = score if entry.best_high is None else max(entry.best_high, score)
        entry.best_low = score if entry.best_low is None else min(entry.best_low, score)
        entry.total_seconds += float(seconds)
        entry.last_played = datetime.now(UTC).isoformat(timespec="seconds")

    def for_profile(self, profile: str) -> dict[str, GameStats]:
        """Copies of a profile's records by game id (empty for an unknown profile)."""
        games = self._profiles.get(profile.strip(), {})
        return {game_id: replace(entry) for game_id, entry in sorted(games.items())}

    def profiles(self) -> list[str]:
        """Profiles with at least one record, sorted."""
        return sorted(self._profiles)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data in the current file format."""
        return {
            "version": STATS_VERSION,
            "profiles": {
                profile: {game_id: asdict(entry) for game_id, entry in games.items()}
                for profile, games in self._profiles.items()
            },
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Stats:
        """Build statistics from current-format data; raises ValueError if its shape is unusable."""
        profiles = data.get("profiles", {})
        if not isinstance(profiles, dict):
            raise ValueError(f"'profiles' is {type(profiles).__name__}, expected an object")
        stats = cls()
        for raw_profile, games in profiles.items():
            try:
                profile = clean_profile(raw_profile)
            except ValueError as err:
                log.warning("stats: dropping profile %r: %s", raw_profile, err)
                continue
            if not isinstance(games, dict):
                log.warning("stats: dropping profile %r: not an object", raw_profile)
                continue
            for game_id, raw in games.items():
                try:
                    check_game_id(game_id)
                except ValueError as err:
                    log.warning("stats: dropping entry %r/%r: %s", profile, game_id, err)
                    continue
                if not isinstance(raw, dict):
                    log.warning("stats: dropping entry %r/%r: not an object", profile, game_id)
                    continue
                where = f"{profile}/{game_id}"
                stats._profiles.setdefault(profile, {})[game_id] = _read_game_stats(raw, where)
        return stats

    @classmethod
    def load(cls, path: Path | None = None) -> Stats:
        """Load statistics (default :func:`paths.stats_path`); a bad file gives empty stats."""
        stats = cls()
        try:
            path = paths.stats_path() if path is None else Path(path)
        except OSError as err:
            log.warning("statistics folder unusable: %s", err)
            stats.problems.append(LoadProblem(
                path=Path(paths.home() or "."),
                message=f"The statistics folder could not be used ({err}); results of this "
                        "session will not be kept.",
                detail=str(err)))
            return stats
        for note in paths.take_notices():
            stats.problems.append(LoadProblem(path=path.parent, message=note))
        remove_stale_temps(path.parent)
        what = "statistics file"
        data, problem = read_json(path, what, fallback=_FALLBACK)
        if data is not None:
            try:
                data, found = upgrade(data, STATS_VERSION, STATS_UPGRADERS)
                if found > STATS_VERSION:
                    problem = move_aside(
                        path,
                        what,
                        detail=f"version {found} is newer than {STATS_VERSION}",
                        reason="was made by a newer version of Kaboom! Collection",
                        tag="newer",
                        fallback=_FALLBACK,
                    )
                else:
                    stats = cls.from_dict(data)
            except (UpgradeError, ValueError) as err:
                problem = move_aside(path, what, detail=str(err), fallback=_FALLBACK)
        if problem is not None:
            stats.problems.append(problem)
        stats.path = path
        return stats

    def save(self, path: Path | None = None) -> None:
        """Write atomically to ``path``, else where it was loaded from, else the default."""
        if path is None:
            path = self.path if self.path is not None else paths.stats_path()
        write_json_atomic(Path(path), self.to_dict())
