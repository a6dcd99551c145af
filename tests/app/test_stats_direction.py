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


def _couch(app: Any, names: tuple[str, str]) -> Any:
    from game.app.catalogue import MatchSetup, Seat
    from game.games.cosmic.scene import CosmicScene

    seats = [Seat(names[0], "#e05a47", "human", "medium", "mouse"),
             Seat(names[1], "#4a90e2", "human", "medium", "keys1")]
    scene = CosmicScene(app, MatchSetup("cosmic", seats, {}, 3), None)
    app.stack.push(scene)
    app.stack.apply_requests()
    return scene


def test_a_couch_match_credits_the_profile_with_its_own_seat_only(app: Any) -> None:
    """A stranger's friend (seat 1) won a couch match and the Statistics gave the win to the
    profile, which was the first human's: the profile's seat is the one with its name."""
    app.settings.profile = "Sam"
    scene = _couch(app, ("Ana", "Sam"))
    assert scene.profile_seat() == 1
    scene.finish([9.0, 3.0], [0])
    sam = app.stats.for_profile("Sam")["cosmic"]
    ana = app.stats.for_profile("Ana")["cosmic"]
    assert (sam.played, sam.won, ana.played, ana.won) == (1, 0, 1, 1)


def test_a_couch_of_typed_names_credits_nobody_as_the_profile(app: Any) -> None:
    app.settings.profile = "Player"
    scene = _couch(app, ("Ana", "Ben"))
    assert scene.profile_seat() is None
    scene.finish([3.0, 9.0], [1])
    assert "cosmic" not in app.stats.for_profile("Player")
    assert app.stats.for_profile("Ben")["cosmic"].won == 1
    assert app.stats.for_profile("Ana")["cosmic"].won == 0


def test_the_seat_the_lobby_renames_for_a_couch_stays_the_profiles(app: Any, driver: Any) -> None:
    """A stranger with the unnamed profile played alone (results under "Player"), then a couch
    where the lobby renamed "You" to "Cleo": that match went to a profile "Cleo", one person
    under two names. The renamed seat carries the profile, through the setup's file form too."""
    from game.app.catalogue import MatchSetup, Seat
    from game.games.cosmic.scene import CosmicScene
    from tests.app.test_lobby_seats import open_lobby

    app.settings.profile = "Player"
    lobby = open_lobby(app, driver, [Seat("You", "#e05a47", "human", device="mouse"),
                                     Seat("Ben", "#4a90e2", "ai", "easy")])
    lobby.setup.seats[1].kind = "human"
    lobby.setup.seats[1].device = "keys1"
    lobby._couch_names()
    you = lobby.setup.seats[0]
    assert you.name != "You" and you.profile and not lobby.setup.seats[1].profile
    seats = [Seat.from_dict(s.to_dict(), i) for i, s in enumerate(lobby.setup.seats)]
    scene = CosmicScene(app, MatchSetup("cosmic", seats, {}, 3), None)
    app.stack.push(scene)
    app.stack.apply_requests()
    assert scene.profile_seat() == 0
    scene.finish([9.0, 3.0], [0])
    assert app.stats.for_profile("Player")["cosmic"].won == 1
    assert "cosmic" not in app.stats.for_profile(you.name)
    lobby.setup.seats[1].kind = "ai"  # one person again: "You", and no mark left over
    lobby._couch_names()
    assert you.name == "You" and not you.profile


def test_a_remembered_couch_seat_alone_next_time_is_you_again(app: Any, driver: Any) -> None:
    """After a couch match the lobby remembers its table: a stranger took the second person
    off next time and his own seat stayed "Cleo" (the name the couch gave it). The seat that
    carries the profile's mark, under a name the lobby gives, is "You" again when it is the
    one person at the table, when the lobby opens as when a seat changes."""
    from game.app import catalogue
    from game.app.catalogue import Seat
    from game.app.menus.lobby import LobbyScene

    app.settings.profile = "Player"
    info = catalogue.get("tower")
    assert info is not None
    cleo = Seat("Cleo", "#e05a47", "human", device="mouse", profile=True)
    app.settings.last_setup["tower"] = {"seats": [
        cleo.to_dict(), Seat("Ben", "#4a90e2", "ai", "medium").to_dict()], "options": {}}
    lobby = LobbyScene(app, info)
    you = lobby.setup.seats[0]
    assert you.name == "You" and not you.profile
    typed = Seat("Zoë", "#e05a47", "human", device="mouse", profile=True)  # typed: kept
    app.settings.last_setup["tower"]["seats"][0] = typed.to_dict()
    assert LobbyScene(app, info).setup.seats[0].name == "Zoë"


def test_the_best_column_reads_for_a_score_and_for_a_place() -> None:
    """A stranger read "Best score: 1st of 2" for Kaboom! Explosive, where the best is a
    place at the table, not a score: the column is the best result, which reads for both
    ("Best result: 21 (lower wins)", "Best result: 1st of 2")."""
    from game.app.menus.stats import COLS

    names = [name for name, _ in COLS]
    assert "Best result" in names and "Best score" not in names


def test_the_columns_part_by_a_clear_gap_at_every_text_size() -> None:
    """A long best ("Lost: 2nd of 2") pushes "Time played" right: in larger text a stranger
    read "Lost: 2nd of 2" beside "11h 18m" as "2nd of 211h"."""
    from game.app.menus.stats import COLS, GAP, cell_width, columns
    from game.ui import text, theme

    rows = [("Kaboom! Explosive", "12", "3", "25%", "Lost: 2nd of 2", "11h 18m"),
            ("Kaboom! cards", "1", "0", "0%", "21 (lower wins)", "0h 04m")]
    try:
        for scale in (1.0, theme.LARGE_TEXT_SCALE):
            text.set_scale(scale)
            at = columns(rows, 960)
            assert at[0] == 0 and at == sorted(at)
            for i in range(len(COLS) - 1):
                widest = max(cell_width(r[i]) for r in rows)
                assert at[i + 1] - at[i] - widest >= GAP - 1, (scale, i, at)
            assert at[-1] + max(cell_width(r[-1]) for r in rows) <= 960
    finally:
        text.set_scale(1.0)


def test_the_unnamed_profile_is_you_not_player(app: Any, driver: Any) -> None:
    """A stranger, "You" in every lobby, wondered who the Statistics' profile "Player" was:
    the unnamed default is "Your games", with where to name it; a named one shows its name."""
    from tests.ui.layout import Words, observing

    app.stats.record(app.settings.profile, "cabo", won=True, score=9, seconds=60)
    app.stack.push(StatsScene(app))
    driver.settle(2)
    with observing(Words()) as said:
        app.stack.top.draw_still(app.screen)
    assert "Your games" in said.words and any("name in Settings" in w for w in said.words)
    assert not any("Player" in w for w in said.words)
    app.settings.profile = "Ana"
    app.stats.record("Ana", "cabo", won=True, score=9, seconds=60)
    with observing(Words()) as said:
        ana = StatsScene(app)
        ana.build()
        ana.draw_still(app.screen)
    assert any("\u201cAna\u201d" in w for w in said.words)
