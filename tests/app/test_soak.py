"""The soak command runs a round (menus, a lobby, a whole AI match) and reports its memory;
the hour-long soak itself is run by hand (`python -m game soak --minutes 60`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from game.app import soak
from game.app.gamescene import GameScene
from game.cli import main


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


def test_one_round_of_the_soak_plays_a_whole_match_and_reports_memory(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["soak", "--rounds", "1", "--minutes", "1", "--game", "cabo"])
    out = capsys.readouterr().out
    assert code == 0
    assert "soak: round   1  rss" in out and "cabo over in" in out
    assert "soak: 1 rounds, highest" in out
    assert "at the tables" in out and "process peak" in out


def test_the_peak_is_never_below_the_memory_now() -> None:
    assert soak.peak_rss_mb() >= soak.rss_mb() > 0


def test_memory_is_read_and_handed_back() -> None:
    before = soak.rss_mb()
    assert 10 < before < 10_000
    soak.release_memory()  # gc and malloc_trim: never raises, memory is still readable
    assert soak.rss_mb() > 0


def test_an_unknown_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["soak", "--rounds", "1", "--game", "chess"])
    assert stop.value.code == 2 and "unknown game 'chess'" in capsys.readouterr().err


def test_the_allocator_is_tuned_on_linux() -> None:
    import sys

    from game.app.memory import tune_allocator

    assert tune_allocator() is sys.platform.startswith("linux")


def test_a_match_of_one_game_empties_only_the_other_games_drawing_caches() -> None:
    from game.app.memory import forget_other_games
    from game.games.cosmic import art as cosmic_art
    from game.ui import text

    cosmic_art._STARFIELD[-1] = object()  # type: ignore[assignment]
    text._CACHE[("probe",)] = object()  # type: ignore[assignment]
    assert forget_other_games("cosmic") >= 0 and -1 in cosmic_art._STARFIELD
    assert forget_other_games("cabo") >= 1
    assert -1 not in cosmic_art._STARFIELD  # another game's art: emptied
    assert ("probe",) in text._CACHE  # the kit's own text cache is shared: kept
    text._CACHE.pop(("probe",))


def test_back_at_the_title_every_table_drawing_is_let_go(app: object) -> None:
    """Issue 19: the drawings cached for a table (about 110 of 200 MB after a round of every
    game) are let go at the main menu, so an evening's process does not grow round by round."""
    from game.app.headless import HeadlessDriver
    from game.app.menus.title import TitleScene
    from game.app.scenes import named_scenes
    from game.tabletop.prompt import prompt_surface
    from game.ui import cache, theme

    driver = HeadlessDriver(app)  # type: ignore[arg-type]
    app.stack.push(named_scenes()["cabo.play"].build(app, 1))  # type: ignore[attr-defined]
    app.stack.apply_requests()  # type: ignore[attr-defined]
    driver.run(30)
    assert prompt_surface.cache_info().currsize > 0 and theme.font.cache_info().currsize > 0
    assert any(len(c) for c in cache.every_cache())
    app.reset(TitleScene(app), 0.0)  # type: ignore[attr-defined]
    app.stack.apply_requests()  # type: ignore[attr-defined]
    assert prompt_surface.cache_info().currsize == 0
    assert all(len(c) == 0 for c in cache.every_cache())
    driver.run(5)  # and the title draws again from nothing
    assert isinstance(app.stack.top, TitleScene)  # type: ignore[attr-defined]


def test_a_table_freezes_what_lives_all_match_and_lets_it_go_after(app: object) -> None:
    """As a table opens, what exists is set aside from the collector's full passes (short
    pauses while AIs plan); when it closes, that is collectable again."""
    import gc

    from game.app import catalogue
    from game.app.headless import HeadlessDriver

    info = catalogue.get("cabo")
    assert info is not None
    # Everything collectable first, as at a player's first table (and as the suite used to leave
    # it after the soak round above; tests/conftest.py now freezes it again after each test).
    gc.unfreeze()
    before = gc.get_freeze_count()
    try:
        driver = HeadlessDriver(app, info.make_scene(app, catalogue.default_setup(info, 1), None))
        driver.step()
        assert gc.get_freeze_count() > before + 1000
        driver.app.stack.pop()
        driver.step()
        assert gc.get_freeze_count() == 0
    finally:
        gc.freeze()  # what the suite's collection imported stays out of later passes
