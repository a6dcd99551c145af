"""Resumable games: one save and one autosave per game, as versioned JSON, read without raising.

Format version 1 (``<game id>.json`` and ``<game id>.autosave.json`` in :func:`paths.saves_dir`)::

    {"version": 1, "game": "cabo", "saved_at": "2026-11-21T12:00:00.000000+00:00", "seed": 1234,
     "kind": "resume" | "autosave", "state": {...the game's own plain data...},
     "meta": {"summary": "Round 3, Ana leads", ...}}

Version 0 (before versioning) named the game ``game_id`` and the seed ``rng_seed``, kept the
summary and a local, zone-less ``saved`` time ("2025-03-14 18:02:11") at the top level, and had no
``kind`` or ``meta``. ``SAVE_UPGRADERS[n]`` turns version n into n+1. A file that is damaged,
malformed or from a newer version is moved aside (never deleted) and recorded in
:attr:`SaveStore.problems` for the app to show.

Each game also versions its own part of ``state`` (``state["game"]["version"]``): it registers a
:class:`GameFormat` (version, upgraders, check) with :func:`register_game_format`, and
:func:`upgrade_game_state` brings a loaded save's game part up to date and checks it before the
app resumes it (``game/app/launch.py``).
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core import paths
from game.core.bounds import seed_problem
from game.core.ids import check_game_id
from game.core.jsonio import (
    LoadProblem,
    UpgradeError,
    Upgrader,
    move_aside,
    read_json,
    remove_stale_temps,
    upgrade,
    write_json_atomic,
)

log = logging.getLogger(__name__)

SAVE_VERSION = 1
NEWER_REASON = "was made by a newer version of Kaboom! Collection"


@dataclass
class SaveGame:
    """A loaded save: the game's opaque ``state`` plus the seed that makes the match replayable."""

    game: str
    seed: int
    state: dict[str, Any]
    saved_at: str
    summary: str = ""
    autosave: bool = False
    meta: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None

    @property
    def saved_time(self) -> datetime | None:
        """``saved_at`` as an aware datetime, or ``None`` if it cannot be read."""
        return _parse_time(self.saved_at)


def _upgrade_0_to_1(data: dict[str, Any]) -> dict[str, Any]:
    """v0 used ``game_id``/``rng_seed``, a top-level ``summary`` and a local ``saved`` time."""
    result: dict[str, Any] = {
        "game": data.pop("game_id", data.pop("game", None)),
        "seed": data.pop("rng_seed", data.pop("seed", None)),
        "state": data.pop("state", None),
        "kind": "resume",
    }
    saved = data.pop("saved", None)
    when = _parse_time(saved) if isinstance(saved, str) else None
    result["saved_at"] = when.isoformat() if when is not None else ""
    meta = data.pop("meta", None)
    meta = dict(meta) if isinstance(meta, dict) else {}
    summary = data.pop("summary", None)
    if isinstance(summary, str):
        meta.setdefault("summary", summary)
    result["meta"] = meta
    return result


SAVE_UPGRADERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _upgrade_0_to_1}


def _parse_time(text: str) -> datetime | None:
    """Read an ISO time; a time without a zone is taken as local time (as v0 wrote it)."""
    try:
        when = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    return when.astimezone() if when.tzinfo is None else when


class _Invalid(Exception):
    """A save whose content is not usable; the message says why (for logs)."""


class NewerGameSave(UpgradeError):
    """A game's part of a save written by a newer version of that game than this one reads."""


@dataclass(frozen=True)
class GameFormat:
    """How one game versions its own part of a save (``state["game"]``), upgrades and checks it.

    ``upgraders[n]`` turns a version-n game dict into version n+1 (the version is the dict's own
    ``"version"`` key; none means 0). ``check(state)`` gets the whole upgraded save state
    (``{"setup": ..., "game": ...}``) and raises any exception for data it cannot resume.
    """

    version: int
    upgraders: Mapping[int, Upgrader] = field(default_factory=dict)
    check: Callable[[dict[str, Any]], None] | None = None


def saved_game(state: Mapping[str, Any], version: int, title: str
               ) -> tuple[dict[str, Any], int]:
    """The start of every game's `GameFormat.check`: the game's part of a save ``state``
    (``{"setup", "game"}``) and how many seats its setup has; a ValueError naming the game
    (`title`) unless that part is a dict of this `version`."""
    game = state["game"]
    if not isinstance(game, dict) or game.get("version") != version:
        raise ValueError(f"not a {title} save of this version")
    return game, len(state["setup"]["seats"])


_GAME_FORMATS: dict[str, Callable[[], GameFormat]] = {}


def register_game_format(game_id: str, loader: Callable[[], GameFormat]) -> None:
    """Declare how ``game_id``'s saves are versioned; ``loader`` is called only when one loads.

    A game registers from its package ``__init__`` (cheap: the loader imports its rules lazily).
    """
    _GAME_FORMATS[check_game_id(game_id)] = loader


def game_format(game_id: str) -> GameFormat | None:
    """The registered format of ``game_id``'s saves, or ``None`` (its state is then opaque)."""
    loader = _GAME_FORMATS.get(game_id)
    return None if loader is None else loader()


def upgrade_game_state(game_id: str, state: dict[str, Any]) -> dict[str, Any]:
    """The save state with its game part brought up to date and checked; the input is untouched.

    Raises :class:`NewerGameSave` for a game part from a newer version, :class:`UpgradeError` for
    one that cannot be upgraded, and whatever the game's check raises for one it cannot resume.
    Games without a registered format get ``state`` back as it is.
    """
    fmt = game_format(game_id)
    if fmt is None:
        return state
    game = state.get("game")
    if not isinstance(game, dict):
        raise ValueError(f"the game part is {type(game).__name__}, expected an object")
    game, found = upgrade(game, fmt.version, fmt.upgraders)
    if found > fmt.version:
        raise NewerGameSave(f"{game_id} save version {found} is newer than {fmt.version}")
    result = {**state, "game": game}
    if fmt.check is not None:
        fmt.check(result)
    return result


class SaveStore:
    """Saves and loads games under ``root`` (default :func:`paths.saves_dir`, found on each use)."""

    def __init__(self, root: Path | None = None) -> None:
        self._root = None if root is None else Path(root)
        self.problems: list[LoadProblem] = []
        #: Names players know the games by ("Tower Kaboom"), for messages; else the game id.
        self.titles: dict[str, str] = {}
        self._cleaned: set[Path] = set()

    @property
    def root(self) -> Path:
        """The folder holding the save files (created if missing; OSError if it cannot be)."""
        if self._root is None:
            root = paths.saves_dir()
        else:
            self._root.mkdir(parents=True, exist_ok=True)
            root = self._root
        if root not in self._cleaned:
            self._cleaned.add(root)
            remove_stale_temps(root)
            for note in paths.take_notices():
                self.problems.append(LoadProblem(path=root, message=note))
        return root

    def path_for(self, game_id: str, *, autosave: bool = False) -> Path:
        """Where the save (or autosave) of ``game_id`` lives."""
        check_game_id(game_id)
        return self.root / (f"{game_id}.autosave.json" if autosave else f"{game_id}.json")

    def save(
        self,
        game_id: str,
        state: Mapping[str, Any],
        *,
        seed: int,
        summary: str = "",
        autosave: bool = False,
        meta: Mapping[str, Any] | None = None,
    ) -> Path:
        """Write the game's state atomically and return the file; raise on bad input or disk errors.

        ``state`` must be plain, finite JSON data (else TypeError/ValueError; the old save stays).
        """
        check_game_id(game_id)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        if not isinstance(state, Mapping):
            raise TypeError(f"state must be a mapping, not {type(state).__name__}")
        full_meta = dict(meta or {})
        full_meta["summary"] = str(summary)
        document = {
            "version": SAVE_VERSION,
            "game": game_id,
            "saved_at": datetime.now(UTC).isoformat(timespec="microseconds"),
            "seed": seed,
            "kind": "autosave" if autosave else "resume",
            "state": dict(state),
            "meta": full_meta,
        }
        path = self.path_for(game_id, autosave=autosave)
        write_json_atomic(path, document, compact=True)  # written during play
        log.info("saved %s (%s) to %s", game_id, document["kind"], path)
        return path

    def load(self, game_id: str) -> SaveGame | None:
        """The newer of save and autosave (by ``saved_at``), or ``None``; bad files never raise."""
        found = self.candidates(game_id)
        return found[0] if found else None

    def candidates(self, game_id: str) -> list[SaveGame]:
        """Every usable save of ``game_id``, newest first (a tie puts the resume save first).

        Unusable files are moved aside and recorded in :attr:`problems`; nothing is deleted.
        """
        check_game_id(game_id)
        found = [
            save
            for autosave in (False, True)
            if (save := self._load_one(game_id, autosave)) is not None
        ]
        oldest = datetime.min.replace(tzinfo=UTC)
        # sorted() is stable, so a tie keeps the explicit (resume) save first.
        return sorted(found, key=lambda save: save.saved_time or oldest, reverse=True)

    def set_aside(
        self,
        save: SaveGame,
        detail: str,
        *,
        reason: str = "could not be resumed",
        tag: str = "corrupt",
    ) -> LoadProblem:
        """Move a loaded save's file aside (never delete it) and return the player's message.

        For a save found unusable after loading (its game refused it, or it crashed on resume).
        """
        path = save.path or self.path_for(save.game, autosave=save.autosave)
        return self.set_aside_file(path, save.game, detail, reason=reason, tag=tag)

    def set_aside_file(
        self,
        path: Path,
        game_id: str,
        detail: str,
        *,
        reason: str = "could not be resumed",
        tag: str = "corrupt",
        fallback: str = "a fresh game can be started",
    ) -> LoadProblem:
        """Move one save file of ``game_id`` aside (never delete it); return the message."""
        what = self._what(game_id, path.name.endswith(".autosave.json"))
        return move_aside(path, what, detail=detail, reason=reason, tag=tag, fallback=fallback)

    def has_save(self, game_id: str) -> bool:
        """Whether a save or autosave file exists (cheap: :meth:`load` may yet find it unusable).

        A saves folder that cannot be made or read (read-only disk) means no save, not a crash.
        """
        try:
            return any(_present(self.path_for(game_id, autosave=a)) for a in (False, True))
        except OSError as err:
            log.warning("cannot look for saves of %s: %s", game_id, err)
            return False

    def delete(self, game_id: str) -> None:
        """Remove the save and autosave of ``game_id``; a file that cannot be removed is logged."""
        for autosave in (False, True):
            path = self.path_for(game_id, autosave=autosave)
            try:
                path.unlink(missing_ok=True)
            except OSError as err:
                log.warning("could not delete %s: %s", path, err)

    def discard(self, files: Iterable[Path]) -> None:
        """Remove these save files (a finished match's own); one that cannot go is logged.

        Only the files named: a finished match never removes another match's save.
        """
        for path in files:
            try:
                path.unlink(missing_ok=True)
            except OSError as err:
                log.warning("could not delete %s: %s", path, err)

    def game_ids(self) -> list[str]:
        """Games that have a save or autosave file, sorted."""
        ids = set()
        try:
            files = list(self.root.glob("*.json"))
        except OSError as err:
            log.warning("cannot list saves: %s", err)
            return []
        for path in files:
            game_id = path.name.removesuffix(".json").removesuffix(".autosave")
            try:
                ids.add(check_game_id(game_id))
            except ValueError:
                continue
        return sorted(ids)

    def _what(self, game_id: str, autosave: bool) -> str:
        """How messages name a save file: "autosave for Tower Kaboom"."""
        return f"{'autosave' if autosave else 'saved game'} for {self.titles.get(game_id, game_id)}"

    def take_problems(self) -> list[LoadProblem]:
        """Return the problems recorded so far and forget them (the app shows each once)."""
        problems, self.problems = self.problems, []
        return problems

    def _load_one(self, game_id: str, autosave: bool) -> SaveGame | None:
        try:
            path = self.path_for(game_id, autosave=autosave)
        except OSError as err:
            log.warning("cannot open the saves folder: %s", err)
            return None
        what = self._what(game_id, autosave)
        fallback = "it could not be resumed"
        data, problem = read_json(path, what, fallback=fallback)
        if problem is not None:
            self.problems.append(problem)
            return None
        if data is None:
            return None
        try:
            data, found = upgrade(data, SAVE_VERSION, SAVE_UPGRADERS)
        except UpgradeError as err:
            self.problems.append(move_aside(path, what, detail=str(err), fallback=fallback))
            return None
        if found > SAVE_VERSION:
            self.problems.append(
                move_aside(
                    path,
                    what,
                    detail=f"version {found} is newer than {SAVE_VERSION}",
                    reason=NEWER_REASON,
                    tag="newer",
                    fallback=fallback,
                )
            )
            return None
        try:
            save = _to_save(data, game_id, autosave)
        except _Invalid as err:
            self.problems.append(move_aside(path, what, detail=str(err), fallback=fallback))
            return None
        save.path = path
        return save


def _to_save(data: dict[str, Any], game_id: str, autosave: bool) -> SaveGame:
    """Check a current-version document and turn it into a :class:`SaveGame`."""
    if data.get("game") != game_id:
        raise _Invalid(f"file is for game {data.get('game')!r}, expected {game_id!r}")
    seed = data.get("seed")
    problem = seed_problem(seed)
    if problem is not None or not isinstance(seed, int):
        raise _Invalid(problem or f"seed {seed!r} is not an integer")
    state = data.get("state")
    if not isinstance(state, dict):
        raise _Invalid(f"state is {type(state).__name__}, expected an object")
    saved_at = data.get("saved_at")
    if not isinstance(saved_at, str) or _parse_time(saved_at) is None:
        log.warning(
            "save for %s has unreadable saved_at %r; treating it as oldest", game_id, saved_at
        )
        saved_at = ""
    meta = data.get("meta")
    meta = copy.deepcopy(meta) if isinstance(meta, dict) else {}
    summary = meta.get("summary")
    return SaveGame(
        game=game_id,
        seed=seed,
        state=state,
        saved_at=saved_at,
        summary=summary if isinstance(summary, str) else "",
        autosave=autosave,
        meta=meta,
    )


def _present(path: Path) -> bool:
    """Something is at ``path``: a file, or anything in its way (a folder, a dangling link)."""
    return path.exists() or path.is_symlink()
