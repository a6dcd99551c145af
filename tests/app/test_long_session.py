"""A long headless session keeps memory flat: menus and whole all-AI matches of every game in
the catalogue, over and over in one process, free every App they make, and the process stops
growing after its first passes (a leak of even one small object per sprite drawn fails it)."""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import gc
import io
import os
import sys
import weakref
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.app import catalogue, headless
from game.app.gamescene import GameScene
from game.app.gui import forget_themes
from game.app.headless import HeadlessDriver
from game.app.menus.title import TitleScene
from game.cli import main
from game.ui import text
from game.ui.cache import BoundedCache
from tests.contract import game_ids


@pytest.fixture(autouse=True)
def tidy_memory(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Tables collect garbage as they open, as in a player's session (tests/conftest.py turns
    that off for the rest of the suite): this module measures memory. A table closed with this
    on unfreezes everything (`GameScene.exit`), the suite's imports too: frozen again after
    (tests/conftest.py), or every full collection for the rest of the worker (each title
    screen's, Python's own) walks the whole session's heap, about a tenth of a second each."""
    monkeypatch.setattr(GameScene, "tidy_memory", True)
    yield
    gc.collect()
    gc.freeze()


PASSES = 3
MENUS = ["menu", "catalogue", "settings", "controls", "stats", "howto", "credits",
         "lobby.cabo", "lobby.tower"]
MENU_FRAMES = 20
PLAYERS = "ai:hard,ai:easy"
MAX_FRAMES = 20_000
# What may still grow per pass once warm (passes 2 to PASSES), with drawing caches emptied:
# Python heap blocks: a session adds a couple of hundred per pass (weak references, names);
# the leak this guards against (pygame-ce's Mask.copy, per block sprite drawn) added 2,300.
BLOCKS_PER_PASS = 800
# C heap in use (surfaces, fonts, physics): flat to the kilobyte.
HEAP_MB_PER_PASS = 0.5
# Resident memory also counts heap fragmentation, which settles over the first passes; an App
# never shut down held 44 MB per pass.
RSS_GROWTH_MB = 40.0


def _rss_mb() -> float:
    """Resident memory after handing freed heap back to the OS (glibc), so only what is still
    in use counts, not what the allocator keeps for later."""
    gc.collect()
    name = ctypes.util.find_library("c")
    if name:
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(name).malloc_trim(0)
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


class _MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def _heap_in_use_mb() -> float | None:
    """Bytes the C heap has handed out and not had back (glibc's mallinfo2): every surface,
    font, physics body and large Python object, without the free space fragmentation keeps."""
    name = ctypes.util.find_library("c")
    if not name:
        return None
    libc = ctypes.CDLL(name)
    fn = getattr(libc, "mallinfo2", None)
    if fn is None:
        return None
    fn.restype = _MallInfo2
    info = fn()
    return float(info.uordblks + info.hblkhd) / 1e6


def _whole_match(game_id: str, seed: int) -> None:
    """Title screen, then a whole one-round all-AI match of `game_id`, then back to the menu
    and the app shut down, as a player's session does."""
    app = headless.make_headless_app()
    try:
        driver = HeadlessDriver(app, TitleScene(app))
        driver.step()
        info = catalogue.get(game_id)
        assert info is not None
        options = {**info.default_options(), "rounds": 1, "ai_pace": "brisk"}
        setup = catalogue.MatchSetup(game_id, catalogue.parse_players(PLAYERS, info), options, seed)
        scene = info.make_scene(app, setup, None)
        assert isinstance(scene, GameScene)
        # Logic time runs faster than real time, as in the scene tests: same rules, fewer frames.
        if hasattr(scene, "speed"):
            scene.speed = 8.0
        if hasattr(scene, "time_scale"):
            scene.time_scale = 6.0
        app.stack.push(scene)
        app.stack.apply_requests()
        assert driver.run_until(lambda: scene.finished, MAX_FRAMES, dt=1 / 15), game_id
        scene.quit_to_menu()
        driver.settle(20)
        assert not isinstance(app.stack.top, type(scene)), "the match did not leave"
    finally:
        app.shutdown(quit_pygame=False)


def _unbounded_surface_dicts() -> list[str]:
    """Module-level plain dicts in the game holding drawings: each grows without end."""
    found = []
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "game" or name.startswith("game.")):
            continue
        for attr, value in list(vars(module).items()):
            if isinstance(value, dict) and not isinstance(value, BoundedCache) and any(
                    isinstance(v, pygame.Surface) or (isinstance(v, tuple) and any(
                        isinstance(x, pygame.Surface) for x in v))
                    for v in list(value.values())[:50]):
                found.append(f"{name}.{attr}")
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")
@pytest.mark.parametrize("part", ["menus", *game_ids()])
def test_menus_and_whole_matches_over_and_over_keep_memory_flat(
        monkeypatch: pytest.MonkeyPatch, part: str) -> None:
    """One part of the session per test (the menus, or one game's whole matches), so the
    suite's workers share the passes out; each part is measured on its own, so its leak is not
    hidden in another part's noise."""
    made: list[weakref.ref[Any]] = []
    real = headless.make_headless_app

    def tracked(audio: bool = False) -> Any:
        app = real(audio=audio)
        made.append(weakref.ref(app))
        return app

    monkeypatch.setattr(headless, "make_headless_app", tracked)
    assert len(game_ids()) >= 2
    smoke = ["smoke", "--frames", str(MENU_FRAMES)] + [a for s in MENUS for a in ("--scene", s)]
    rss: list[float] = []
    blocks: list[int] = []
    heap: list[float | None] = []
    for p in range(PASSES):
        if part == "menus":
            with contextlib.redirect_stdout(io.StringIO()) as out:
                assert main(smoke + ["--seed", str(p)]) == 0, out.getvalue()
        else:
            _whole_match(part, seed=100 + p)
        gc.collect()
        alive = [ref for ref in made if ref() is not None]
        assert alive == [], f"{len(alive)} of {len(made)} apps still alive after pass {p + 1}"
        if p == PASSES - 1:
            # Full after whole matches: every drawing cache must be bounded.
            assert _unbounded_surface_dicts() == []
        # Bounded caches fill over many matches (at new angles, zooms, sizes) and then stop;
        # emptied here, what is left after each pass is only what the session itself keeps.
        text.forget_cached_drawings()
        forget_themes()  # the parsed gui themes, shared by every App of the process
        rss.append(_rss_mb())
        heap.append(_heap_in_use_mb())
        blocks.append(sys.getallocatedblocks())
    assert len(made) == PASSES * (len(MENUS) if part == "menus" else 1)
    later = PASSES - 2  # passes after the second (the first two warm up imports and heaps)
    grew = blocks[-1] - blocks[1]
    assert grew < BLOCKS_PER_PASS * later, f"Python heap blocks by pass: {blocks}"
    start, end = heap[1], heap[-1]
    if start is not None and end is not None:
        assert end - start < HEAP_MB_PER_PASS * later, f"C heap in use by pass (MB): {heap}"
    assert rss[-1] - rss[1] < RSS_GROWTH_MB, f"resident memory by pass (MB): {rss}"


def test_events_queued_for_a_closed_app_do_not_keep_it_alive() -> None:
    app = headless.make_headless_app()
    title = TitleScene(app)
    HeadlessDriver(app, title).step()
    # A widget event posted in the very last frame, never read (as smoke's last click leaves).
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, ui_element=title.elements[0]))
    ref = weakref.ref(app)
    app.shutdown(quit_pygame=False)
    del app, title
    nxt = headless.make_headless_app()
    HeadlessDriver(nxt)  # the next run starts as smoke's next scene does
    gc.collect()
    try:
        assert ref() is None
    finally:
        nxt.shutdown(quit_pygame=False)
