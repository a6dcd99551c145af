"""Headless test setup: no window, no sound card, and a private KABOOM_HOME per test."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from tests.contract import register_test_games  # noqa: E402

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
    """Everything imported and collected so far lives for the whole session: `gc.freeze()` moves
    it out of the collector's sight, so the full collections the kit runs whenever an App starts
    or a table opens (`game.app.memory.release_memory`) look only at what the tests made since
    (each was ~0.2 s in a session that has loaded every game and test module)."""
    import gc

    gc.collect()
    gc.freeze()
