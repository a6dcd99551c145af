"""Starting and resuming matches: the one path from the lobby, the CLI, the title and the catalogue.

Every save is checked in full here before any of it reaches a scene: the envelope by
:class:`~game.core.saves.SaveStore`, the setup (seats, options, seed, game id) by
:func:`check_setup`, and the game's own part by its registered format (version, upgraders, check).
A save that fails, or that the scene refuses or crashes on while resuming, is moved aside under a
name the player is told, never deleted; the other save of that game, if good, is still offered.
"""

from __future__ import annotations

import logging
import math
import os
import re
import shutil
import weakref
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from game.app import catalogue
from game.app.catalogue import DIFFICULTIES, GameInfo, MatchSetup, Seat
from game.core.bounds import check_seed
from game.core.saves import NEWER_REASON, NewerGameSave, SaveGame, upgrade_game_state

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.scene import Scene

log = logging.getLogger(__name__)

#: A crash this soon (logic seconds) after a resume is blamed on the save, which is set aside.
RESUME_GRACE_S = 10.0
#: Play time carried in a save beyond this (a year) is not believed.
MAX_ELAPSED_S = 365 * 24 * 3600.0
MAX_SEAT_NAME = 32
MAX_OPTIONS = 64
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_SEAT_KINDS = ("human", "ai")
_SEAT_DIFFICULTIES = (*DIFFICULTIES, "random")

#: A resumed save's original bytes are kept beside it under its name plus this, until the
#: resumed match has run healthily (the match autosaves over the file it was resumed from).
KEEP_SUFFIX = ".resumed"

#: Resumed scenes, the save each came from and the copy of its original bytes (for
#: :func:`set_aside_after_crash` and :func:`resumed_healthy`).
_resumed_from: weakref.WeakKeyDictionary[Scene, tuple[SaveGame, Path | None]] = \
    weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Resumable:
    """A save that passed every check: its setup, its up-to-date state and its play time."""

    save: SaveGame
    setup: MatchSetup
    game_state: Any
    elapsed_s: float


@runtime_checkable
class _Resumed(Protocol):
    """A match scene (GameScene): the time played before the resume, the file it was resumed
    from, and the save files it has written since."""

    elapsed_before: float
    resumed_from: Path | None
    saves_written: set[Path]


def remember_game(app: App, info: GameInfo) -> None:
    """The catalogue preselects the game last played, next time too (saved at once, the
    settings file written atomically)."""
    if app.settings.last_game != info.id:
        app.settings.last_game = info.id
        app.save_settings()


def start_game(app: App, info: GameInfo, setup: MatchSetup, fade: float = 0.35, *,
               closing_dialog: bool = False) -> None:
    """Open a new match of `info` on top of the menus; it takes the lobby's place.

    The table is set up in the dark of the fade, with "Setting up ..." showing there: on a slow
    machine that takes seconds, and a frozen lobby under a pressed button looks like a hang.
    With `closing_dialog`, the dialog on top (the one asking whether to replace an unfinished
    save) closes first.
    """
    remember_game(app, info)
    scenes = list(app.stack.scenes)
    if closing_dialog and scenes:
        app.pop()  # requests run in order: the dialog goes before the match comes
        scenes.pop()
    below = scenes[-1] if scenes else None
    in_place = below is not None and getattr(below, "scene_id", "") == "lobby"

    def build() -> None:
        from game.app.menus.coach import first_match_tips

        scene = info.make_scene(app, setup, None)
        tips = first_match_tips(app, info, scene)
        if in_place:
            app.stack.replace(scene)
        else:
            app.stack.push(scene)
        if tips is not None:
            app.stack.push(tips)

    app.build_then_show(build, f"Setting up {info.title}…", fade)


def unfinished_save(app: App, info: GameInfo) -> SaveGame | None:
    """The usable autosave a new match of `info` would write over, or None.

    Unusable saves found on the way are moved aside and told, as on Continue.
    """
    if not app.saves.has_save(info.id):
        return None
    found = [r.save for r in resumables(app, info) if r.save.autosave]
    _tell(app)
    return found[0] if found else None


def describe_save_time(save: SaveGame) -> str:
    """When a save was written, in words a player reads: "today at 14:03", "3 Nov at 09:15"."""
    return describe_time(save.saved_time)


def describe_time(when: datetime | None) -> str:
    """A moment in the player's own clock and words: "today at 14:03", "3 Nov at 09:15"
    (every menu alike: the Replays list said "17:59 UTC" beside a save's "today at 18:03")."""
    if when is None:
        return "at an unknown time"
    local = when.astimezone()
    today = datetime.now().astimezone().date()
    day = "today" if local.date() == today else f"{local.day} {local:%b %Y}" \
        if local.year != today.year else f"{local.day} {local:%b}"
    return f"{day} at {local:%H:%M}"


def _check_seat(raw: Any, index: int) -> Seat:
    """One seat of a saved setup, or ValueError naming what is wrong."""
    where = f"seat {index + 1}"
    if not isinstance(raw, dict):
        raise ValueError(f"{where} is {type(raw).__name__}, expected an object")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_SEAT_NAME \
            or not name.isprintable():
        raise ValueError(f"{where} has an unusable name {name!r}")
    colour = raw.get("colour")
    if not isinstance(colour, str) or _COLOUR.fullmatch(colour) is None:
        raise ValueError(f"{where} has an unusable colour {colour!r}")
    kind = raw.get("kind")
    if kind not in _SEAT_KINDS:
        raise ValueError(f"{where} is of unknown kind {kind!r}")
    difficulty = raw.get("difficulty", "medium")
    if difficulty not in _SEAT_DIFFICULTIES:
        raise ValueError(f"{where} has unknown difficulty {difficulty!r}")
    device = raw.get("device", "mouse")
    if not catalogue.is_device(device):
        raise ValueError(f"{where} has unknown device {device!r}")
    # the profile's own seat keeps its mark: dropped, a couch's "You" renamed "Cleo" filed her
    # results under "Cleo" after Continue, and the replay, its setup no longer the match's,
    # was not written (two strangers' continued couch matches had no Watch again)
    return Seat(name.strip(), colour, str(kind), str(difficulty), device,
                raw.get("profile") is True)


def check_setup(raw: Any, info: GameInfo) -> MatchSetup:
    """A saved match setup checked field by field (shape, types, ranges); ValueError if unusable.

    Options keep only known keys with allowed values (others fall back to the default).
    """
    if not isinstance(raw, dict):
        raise ValueError(f"the setup is {type(raw).__name__}, expected an object")
    if raw.get("game_id") != info.id:
        raise ValueError(f"the setup is for game {raw.get('game_id')!r}, not {info.id!r}")
    seats_raw = raw.get("seats")
    if not isinstance(seats_raw, list):
        raise ValueError(f"the seats are {type(seats_raw).__name__}, expected a list")
    if not info.min_players <= len(seats_raw) <= info.max_players:
        raise ValueError(f"{len(seats_raw)} seats; {info.title} takes "
                         f"{info.min_players}-{info.max_players}")
    seats = [_check_seat(seat, i) for i, seat in enumerate(seats_raw)]
    options = raw.get("options", {})
    if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
        raise ValueError("the options are not a small object")
    seed = check_seed(raw.get("seed"))
    scalars = {k: v for k, v in options.items() if isinstance(v, str | int | float | bool)}
    return MatchSetup(info.id, seats, info.clean_options(scalars), seed)


def _elapsed(save: SaveGame) -> float:
    """Seconds already played before the save (0 if absent or not believable)."""
    value = save.meta.get("elapsed_s", 0.0)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) \
            or not 0 <= value <= MAX_ELAPSED_S:
        log.warning("save for %s: ignoring elapsed_s %r", save.game, value)
        return 0.0
    return float(value)


def _tell(app: App) -> None:
    """Show the player every save problem found so far."""
    for problem in app.saves.take_problems():
        app.notify(problem.message, "warning", 8)


def resumables(app: App, info: GameInfo) -> list[Resumable]:
    """Every save of `info` that passes all checks, newest first; failing ones are moved aside."""
    found: list[Resumable] = []
    app.saves.titles[info.id] = info.title
    for save in app.saves.candidates(info.id):
        try:
            setup = check_setup(save.state.get("setup"), info)
            state = upgrade_game_state(info.id, save.state)
            if "game" not in state:
                raise ValueError("the save has no game state")
        except NewerGameSave as exc:
            app.saves.problems.append(app.saves.set_aside(save, str(exc), reason=NEWER_REASON,
                                                          tag="newer"))
            continue
        except Exception as exc:  # noqa: BLE001 - any failure in a game's check means "unusable"
            log.warning("save %s of %s is unusable: %r", save.path, info.id, exc)
            app.saves.problems.append(app.saves.set_aside(save, f"unusable: {exc!r}"))
            continue
        found.append(Resumable(save, setup, state["game"], _elapsed(save)))
    return found


def latest_resumable(app: App) -> GameInfo | None:
    """The game whose newest usable save is the most recent of all, or None (problems told)."""
    best: tuple[Any, GameInfo] | None = None
    for info in catalogue.games():
        if not app.saves.has_save(info.id):
            continue
        found = resumables(app, info)
        if found:
            when = found[0].save.saved_time
            key = (when is not None, when.timestamp() if when is not None else 0.0)
            if best is None or key > best[0]:
                best = (key, info)
    _tell(app)
    return None if best is None else best[1]


def resume_game(app: App, info: GameInfo) -> bool:
    """Resume the newest usable save of `info`; a save that won't resume is moved aside, told,
    and the next one (the other of save and autosave) is tried."""
    found = resumables(app, info)
    if found:
        app.show_busy(f"Opening your {info.title} game…")
    for candidate in found:
        try:
            scene = info.make_scene(app, candidate.setup, candidate.game_state)
        except Exception as exc:  # noqa: BLE001 - a game refusing its save must not crash the menu
            log.warning("save %s of %s did not resume: %r", candidate.save.path, info.id, exc)
            app.saves.problems.append(app.saves.set_aside(
                candidate.save, f"the game refused it: {exc!r}"))
            continue
        if isinstance(scene, _Resumed):  # a GameScene, without importing it (no import circle)
            scene.elapsed_before = candidate.elapsed_s
            scene.resumed_from = candidate.save.path
        _resumed_from[scene] = (candidate.save, _keep_original(candidate.save))
        if not candidate.save.autosave:
            _keep_older_autosave(app, info, [r.save for r in found if r.save.autosave])
        if set_aside_after_crash not in app.crash_hooks:
            app.crash_hooks.append(set_aside_after_crash)
        _tell(app)
        remember_game(app, info)
        app.from_dark(scene)
        return True
    _tell(app)
    app.notify(f"No saved {info.title} game to resume.", "info", 3)
    return False


def _keep_older_autosave(app: App, info: GameInfo, autosaves: list[SaveGame]) -> None:
    """A saved game was continued while an (older) autosave of another match is there: the
    continued match autosaves over that file, so it is moved aside first, and told."""
    for save in autosaves:
        if save.path is None or not save.path.exists():
            continue
        problem = app.saves.set_aside_file(
            save.path, info.id, "older than the saved game continued", tag="older",
            reason="is of another, older game",
            fallback="the game you continued will not write over it")
        app.saves.problems.append(problem)


def _keep_original(save: SaveGame) -> Path | None:
    """Copy a save's bytes beside it before the resumed match can write over it; the copy's
    path, or None if it could not be made (logged: resuming goes on)."""
    if save.path is None:
        return None
    keep = save.path.with_name(save.path.name + KEEP_SUFFIX)
    try:
        shutil.copyfile(save.path, keep)
    except OSError as err:
        log.warning("could not keep a copy of %s while resuming it: %s", save.path, err)
        return None
    return keep


def _drop_copy(keep: Path | None) -> None:
    if keep is None:
        return
    try:
        keep.unlink(missing_ok=True)
    except OSError as err:
        log.warning("could not remove %s: %s", keep, err)


def resumed_healthy(scene: Scene) -> None:
    """A resumed match ran past :data:`RESUME_GRACE_S` (or left without crashing): the copy of
    its save's original bytes is no longer needed. Other scenes: nothing happens."""
    entry = _resumed_from.pop(scene, None)
    if entry is not None:
        _drop_copy(entry[1])


def set_aside_after_crash(app: App) -> None:
    """After a crash: a save resumed within the last few seconds is moved aside (and told), so
    the next start does not crash on it again; so is every save that match wrote since (an
    autosave at its first turn would crash the next start just the same). When the match had
    already written over the file it was resumed from, the file's original bytes (kept aside
    while resuming) are what is moved aside under its name, so the player's save is never lost.
    """
    for scene in list(app.stack.scenes):
        entry = _resumed_from.pop(scene, None)
        if entry is None:
            continue
        save, keep = entry
        if scene.time > RESUME_GRACE_S or save.path is None:
            _drop_copy(keep)
            continue
        written = scene.saves_written if isinstance(scene, _Resumed) else set()
        later = sorted(written - {save.path})
        if save.path in written:
            later.insert(0, save.path)  # its bytes now are the match's, written since
        detail = "the game crashed while resuming it"
        for path in later:
            if path.exists() or path.is_symlink():
                app.notify(app.saves.set_aside_file(
                    path, save.game, detail,
                    reason="was written just before the game crashed while resuming").message,
                    "warning", 12)
        if save.path in written and keep is not None and keep.exists():
            try:
                os.replace(keep, save.path)  # the player's own bytes, back under their name
            except OSError as err:
                log.warning("could not put %s back: %s", keep, err)
        else:
            _drop_copy(keep)
        if save.path.exists() or save.path.is_symlink():
            app.notify(app.saves.set_aside_file(
                save.path, save.game, detail,
                reason="made the game crash while resuming").message, "warning", 12)
