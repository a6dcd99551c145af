"""The soak: one headless process playing an evening, to see that memory stays flat.

Each round moves through the menus, every game's lobby and one whole AI-only match of every
game on its real table (drawn every frame, several logic steps per frame), then goes back to
the title, lets go of what it held and prints the process's resident memory. Memory is judged
after the first round, once every cache has been filled once (`python -m game soak`).
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.app.memory import peak_rss_mb, release_memory, rss_mb, tune_allocator

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


@dataclass
class Round:
    """One round of the soak: its number, memory after it (at the title), the most memory read
    at the end of one of its matches (the tables' drawings all cached), and what it played."""

    number: int
    rss_mb: float
    seconds: float
    table_mb: float = 0.0
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


def play_round(app: object, number: int, rng: random.Random,
               games: Sequence[str] | None = None) -> Round:
    """Menus, each game's lobby and one whole AI match of each game (or of `games`), then back
    to the title."""
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
        if games is not None and info.id not in games:
            continue
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
        result.table_mb = max(result.table_mb, rss_mb())  # at the table, every cache in use
        result.matches[info.id] = (f"over in {frames} frames" if frames < MAX_MATCH_FRAMES
                                   else f"cut off at {frames} frames")
    show(TitleScene(app), 10, poke=False)
    release_memory()
    result.rss_mb = rss_mb()
    result.seconds = time.perf_counter() - started
    return result


_CLICKS_AND_KEYS: frozenset[int] = frozenset()


def run(minutes: float, rounds: int | None = None, seed: int = 1,
        report: Callable[[str], None] = print, games: Sequence[str] | None = None
        ) -> list[Round]:
    """Play rounds until `minutes` have passed (or `rounds` are done); report each round's
    memory. `games` limits the matches to those games. Returns the rounds."""
    global _CLICKS_AND_KEYS
    import pygame

    from game.app.headless import make_headless_app

    _CLICKS_AND_KEYS = frozenset({pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN,
                                  pygame.KEYUP})
    rng = random.Random(seed)
    tune_allocator()
    app = make_headless_app()
    done: list[Round] = []
    start = time.perf_counter()
    release_memory()
    report(f"soak: start rss {rss_mb():.0f} MB")
    try:
        while (rounds is None or len(done) < rounds) and \
                (time.perf_counter() - start < minutes * 60 or not done):
            r = play_round(app, len(done) + 1, rng, games)
            done.append(r)
            first = done[0].rss_mb
            growth = (r.rss_mb / first - 1.0) * 100.0
            games = ", ".join(f"{k} {v}" for k, v in r.matches.items())
            report(f"soak: round {r.number:>3}  rss {r.rss_mb:7.1f} MB  ({growth:+.1f}% on "
                   f"round 1)  {r.seconds:5.1f}s  elapsed {(time.perf_counter() - start) / 60:5.1f}"
                   f" min  at the tables {r.table_mb:6.1f} MB  peak {peak_rss_mb():6.1f} MB"
                   f"  [{games}]")
    finally:
        app.shutdown(quit_pygame=False)
    return done


__all__ = ["Round", "peak_rss_mb", "play_round", "release_memory", "rss_mb", "run"]
