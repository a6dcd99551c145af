"""Statistics know each game's direction: where the lowest total wins, the lowest is the best
score, and the table says so."""

from __future__ import annotations

from typing import Any

from game.app import catalogue
from game.app.menus.stats import StatsScene
from game.core.stats import GameStats, Stats


def test_best_is_the_highest_or_the_lowest_as_the_game_says() -> None:
    stats = Stats()
    for score in (21, 9, 35):
        stats.record("Ana", "cabo", won=False, score=score, seconds=60)
    cabo = stats.for_profile("Ana")["cabo"]
    assert cabo.best(higher_is_better=False) == 9.0
    assert cabo.best(higher_is_better=True) == 35.0
    assert GameStats().best(False) is None


def test_the_statistics_table_shows_the_lowest_total_for_a_lower_wins_game(app: Any) -> None:
    import game.games.cabo as cabo
    import game.games.tower as tower

    for info in (cabo.INFO, tower.INFO):
        if catalogue.get(info.id) is None:  # loads the catalogue first; a test may empty it
            catalogue.register(info)
    assert cabo.INFO.higher_is_better is False and tower.INFO.higher_is_better is True
    app.stats.record("Ana", "cabo", won=False, score=21, seconds=600)
    app.stats.record("Ana", "cabo", won=True, score=9, seconds=600)
    app.stats.record("Ana", "tower", won=True, score=14, seconds=600)
    app.stats.record("Ana", "tower", won=False, score=30, seconds=600)
    app.stats.record("Ana", "gone", won=False, score=3, seconds=60)  # no longer installed
    rows = {r[0]: r for r in StatsScene(app).rows("Ana")}
    assert rows["Kaboom! cards"][4] == "9 (lower wins)"
    assert rows["Tower Kaboom"][4] == "30"
    assert rows["gone"][4] == "-"


def test_a_game_may_say_its_best_in_its_own_words(app: Any) -> None:
    import game.games.blast as blast

    if catalogue.get(blast.INFO.id) is None:
        catalogue.register(blast.INFO)
    app.stats.record("Ana", "blast", won=False, score=3, seconds=600)
    app.stats.record("Ana", "blast", won=True, score=1, seconds=600)
    rows = {r[0]: r for r in StatsScene(app).rows("Ana")}
    assert rows["Kaboom! Explosive"][4] == "1st place"
    assert [blast._place_words(p) for p in (2, 3, 4, 11)] == ["2nd place", "3rd place",
                                                              "4th place", "11th place"]
