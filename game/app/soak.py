"""The soak: one headless process playing an evening, to see that memory stays flat.

Each round moves through the menus, every game's lobby and one whole AI-only match of every
game on its real table (drawn every frame, several logic steps per frame), then goes back to
the title, lets go of what it held and prints the process's resident memory. Memory is judged
after the first round, once every cache has been filled once (`python -m game soak`).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

#: Logic seconds each drawn frame covers: matches run several times faster than real time.
FRAME_DT = 0.1
#: A match that has not ended after this many frames is left (and reported) all the same.
MAX_MATCH_FRAMES = 30_000
#: Short matches: the options a round's matches are played with.
SHORT_OPTIONS: dict[str, dict[str, object]] = {
    "cabo": {"rounds": 1, "ai_pace": "brisk"},
    "tower": {"rounds": 1},
    "cosmic": {"rounds": 2},
    "blast": {"ai_pace": "brisk"},
}


def rss_mb() -> float:
    """The process's resident memory now, in MB (Linux's /proc; elsewhere its peak so far)."""
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024.0 * 1024.0) if sys.platform == "darwin" else peak / 1024.0


_trim: Callable[[int], int] | None = None
_trim_looked = False


def release_memory() -> None:
    """Collect garbage and hand freed heap pages back to the system (glibc's `malloc_trim`):
    pygame surfaces and pymunk spaces are freed by C, and glibc otherwise keeps the pages of
    its arenas, so a process that once drew a busy table would stay that large all evening."""
    global _trim, _trim_looked
    gc.collect()
    if not _trim_looked:
        _trim_looked = True
        name = ctypes.util.find_library("c") if sys.platform.startswith("linux") else None
        if name:
            try:
                _trim = ctypes.CDLL(name).malloc_trim
            except (OSError, AttributeError):
                _trim = None
    if _trim is not None:
        _trim(0)


@dataclass
class Round:
    """One round of the soak: its number, memory after it, and what it played."""

    number: int
    rss_mb: float
    seconds: float
    matches: dict[str, str] = field(default_factory=dict)


def _ai_setup(info: object, seed: int) -> object:
    from game.app.catalogue import SEAT_COLOURS, GameInfo, MatchSetup, Seat

    assert isinstance(info, GameInfo)
    n = max(info.min_players, min(info.max_players, 3))
    levels = ("easy", "medium", "hard")
    seats = [Seat(f"AI {i + 1}", SEAT_COLOURS[i], "ai", levels[(seed + i) % 3], "mouse")
             for i in range(n)]
    options = {**info.default_options(), **SHORT_OPTIONS.get(info.id, {})}
    return MatchSetup(info.id, seats, options, seed)


def play_round(app: object, number: int, rng: random.Random) -> Round:
    """Menus, each game's lobby and one whole AI match of each game, then back to the title."""
    from game.app import catalogue
    from game.app.app import App
    from game.app.gamescene import GameScene
    from game.app.headless import HeadlessDriver, random_events
    from game.app.menus.catalogue import CatalogueScene
    from game.app.menus.howto import HowToScene
    from game.app.menus.lobby import LobbyScene
    from game.app.menus.settings import SettingsScene
    from game.app.menus.stats import StatsScene
    from game.app.menus.title import TitleScene

    assert isinstance(app, App)
    started = time.perf_counter()
    driver = HeadlessDriver(app)
    result = Round(number, 0.0, 0.0)

    def show(scene: object, frames: int, poke: bool = True) -> None:
        app.reset(scene, 0.0)  # type: ignore[arg-type]
        for _ in range(frames):
            events = random_events(rng, app) if poke else []
            # Moves and wheel only: a random click must not quit or start something else.
            driver.step([e for e in events if e.type not in _CLICKS_AND_KEYS], FRAME_DT)
            app.running = True

    show(TitleScene(app), 20)
    for menu in (CatalogueScene, SettingsScene, StatsScene, HowToScene):
        show(menu(app), 20)
    for info in catalogue.games():
        show(LobbyScene(app, info), 20)
        setup = _ai_setup(info, rng.randrange(1_000_000))
        scene = info.make_scene(app, setup, None)  # type: ignore[arg-type]
        if isinstance(scene, GameScene):
            scene.demo = True  # the soak neither saves nor counts statistics
        app.reset(scene, 0.0)
        frames = 0
        while frames < MAX_MATCH_FRAMES and not getattr(scene, "finished", False):
            driver.step((), FRAME_DT)
            app.running = True
            frames += 1
        driver.run(30, FRAME_DT)  # the end of the match on screen
        result.matches[info.id] = (f"over in {frames} frames" if frames < MAX_MATCH_FRAMES
                                   else f"cut off at {frames} frames")
    show(TitleScene(app), 10, poke=False)
    release_memory()
    result.rss_mb = rss_mb()
    result.seconds = time.perf_counter() - started
    return result


_CLICKS_AND_KEYS: frozenset[int] = frozenset()


def run(minutes: float, rounds: int | None = None, seed: int = 1,
        report: Callable[[str], None] = print) -> list[Round]:
    """Play rounds until `minutes` have passed (or `rounds` are done); report each round's
    memory. Returns the rounds."""
    global _CLICKS_AND_KEYS
    import pygame

    from game.app.headless import make_headless_app

    _CLICKS_AND_KEYS = frozenset({pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN,
                                  pygame.KEYUP})
    rng = random.Random(seed)
    app = make_headless_app()
    done: list[Round] = []
    start = time.perf_counter()
    release_memory()
    report(f"soak: start rss {rss_mb():.0f} MB")
    try:
        while (rounds is None or len(done) < rounds) and \
                (time.perf_counter() - start < minutes * 60 or not done):
            r = play_round(app, len(done) + 1, rng)
            done.append(r)
            first = done[0].rss_mb
            growth = (r.rss_mb / first - 1.0) * 100.0
            games = ", ".join(f"{k} {v}" for k, v in r.matches.items())
            report(f"soak: round {r.number:>3}  rss {r.rss_mb:7.1f} MB  ({growth:+.1f}% on "
                   f"round 1)  {r.seconds:5.1f}s  elapsed {(time.perf_counter() - start) / 60:5.1f}"
                   f" min  [{games}]")
    finally:
        app.shutdown(quit_pygame=False)
    return done
