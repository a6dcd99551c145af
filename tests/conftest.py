"""Headless test setup: no window, no sound card, and a private KABOOM_HOME per test."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from game.app.gamescene import GameScene  # noqa: E402
from game.app.headless import HeadlessDriver  # noqa: E402
from tests.contract import register_test_games  # noqa: E402

# A test plays every frame and draws one in eight (and every frame it scripts input in, and the
# last of each run): drawing never changes the game, and most frames of a test match are never
# looked at. The layout and screenshot checks draw every frame they read.
HeadlessDriver.draw_every = 8

# The full garbage collections a table runs as it opens change nothing a test looks at and
# cost a tenth of a second each on a busy machine, in most tests: off, except in the memory
# tests (tests/app/test_long_session.py, test_soak.py), which turn them back on.
GameScene.tidy_memory = False

# Saves are written atomically (a temporary file, fsync, rename): the rename is what a test
# can see; the fsyncs only make a save survive a power cut, which no test can observe, and cost
# the suite some ten seconds of disk waits (2,000 of them). Off in the test processes: a killed
# process (tests/core/test_kill_during_save.py) loses nothing the system already holds, fsync
# or not, and tests/core/test_jsonio.py puts a failing one in on purpose.
os.fsync = lambda fd: None

# The fifth game (tests/fifthgame) joins the catalogue for the whole session, before any test
# module builds its parameters from `catalogue.games()`: every contract test runs over it.
register_test_games()


@pytest.fixture(autouse=True)
def kaboom_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own settings, saves and logs folder: nothing touches the user's."""
    from game.core import paths

    home = tmp_path / "kaboom-home"
    monkeypatch.setenv("KABOOM_HOME", str(home))
    paths.set_home(None)
    yield home
    paths.set_home(None)


@pytest.fixture(autouse=True)
def normal_text_size() -> Iterator[None]:
    """Every test starts at the normal text size, whatever the one before it switched on (a
    table opened with larger text leaves the process-wide scale at it: a later test measuring
    "normal" text then measured the larger one, as a playtester's run of the suite found)."""
    from game.tabletop import sprites
    from game.ui import text

    text.set_scale(1.0)
    sprites.set_calm(False)  # (as process-wide: a table opened with reduced motion sets it)
    yield


@pytest.fixture
def app(kaboom_home: Path):  # type: ignore[no-untyped-def]
    """A headless App with default settings, but no first-match tips over new tables (tests of
    the coach, tests/app/test_coach.py, turn them back on)."""
    from game.app.headless import make_headless_app

    application = make_headless_app()
    application.settings.assists.first_match_tips = False
    yield application
    application.shutdown(quit_pygame=False)


@pytest.fixture
def driver(app):  # type: ignore[no-untyped-def]
    from game.app.headless import HeadlessDriver

    return HeadlessDriver(app)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Everything imported by the collection (pytest, pygame, every game's modules and test
    tables: some 50,000 objects) lives for the whole run: freeze it out of the collector, so
    the full collections the app runs at the main menu (`memory.release_memory`) and Python's
    own look only at what the tests made (a tenth of a second each otherwise)."""
    import gc

    gc.collect()
    gc.freeze()
