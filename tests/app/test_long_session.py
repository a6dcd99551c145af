"""A long headless session keeps memory flat: `smoke` run over and over in one process frees
every App it makes, and the process does not grow pass after pass."""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import gc
import io
import os
import sys
import weakref
from typing import Any

import pytest

from game.app import headless
from game.cli import main

PASSES = 4
SCENES = ["menu", "settings", "cabo.play", "tower.play"]
GROWTH_LIMIT_MB = 60.0  # over the last three passes; the leak this guards against was 44 per pass


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


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")
def test_repeated_smoke_frees_every_app_and_stays_flat(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[weakref.ref[Any]] = []
    real = headless.make_headless_app

    def tracked(audio: bool = False) -> Any:
        app = real(audio=audio)
        made.append(weakref.ref(app))
        return app

    monkeypatch.setattr(headless, "make_headless_app", tracked)
    args = ["smoke", "--frames", "40"] + [a for s in SCENES for a in ("--scene", s)]
    sizes = []
    for _ in range(PASSES):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            assert main(args) == 0, out.getvalue()
        gc.collect()
        alive = [ref for ref in made if ref() is not None]
        assert alive == [], f"{len(alive)} of {len(made)} apps still alive after their pass"
        sizes.append(_rss_mb())
    assert len(made) == PASSES * len(SCENES)
    growth = sizes[-1] - sizes[0]
    assert growth < GROWTH_LIMIT_MB, f"resident memory by pass: {sizes}"


def test_events_queued_for_a_closed_app_do_not_keep_it_alive() -> None:
    import pygame

    from game.app.headless import HeadlessDriver
    from game.app.menus.title import TitleScene

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
