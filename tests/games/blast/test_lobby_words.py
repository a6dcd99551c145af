"""The lobby says how long a Kaboom! Explosive match takes (a stranger found no match length
anywhere before starting one), beside the one option it has, for the pace chosen."""

from __future__ import annotations

from typing import Any

import game.games.blast as blast


def test_the_lobby_help_says_how_long_a_match_takes() -> None:
    (pace,) = blast.INFO.options
    said = pace.help_for(pace.default)
    assert "minutes" in said and "two-player" in said


def test_the_pace_help_follows_the_pace_chosen(app: Any, driver: Any) -> None:
    """Session 41: the help still said "about 10 minutes" after switching to brisk."""
    from game.app.menus.lobby import LobbyScene
    from game.ui import text
    from tests.app.test_menus import _Placed

    (pace,) = blast.INFO.options
    lobby = LobbyScene(app, blast.INFO)
    app.stack.push(lobby)
    driver.settle()
    shown = {}
    try:
        lobby.nav.visible = False
        for value in ("brisk", "normal"):
            lobby.setup.options[pace.key] = value
            said = _Placed()
            text.observe(said)
            try:
                lobby.draw(app.screen)
            finally:
                text.observe(None)
            shown[value] = " ".join(" ".join(said.words).split())
    finally:
        app.stack.pop()
        app.stack.apply_requests()
    assert "Brisk:" in shown["brisk"] and "about 10 minutes (a long" not in shown["brisk"]
    assert "Normal:" in shown["normal"] and "about 10 minutes (a long" in shown["normal"]


def test_the_pace_help_gives_one_match_length_and_says_how_the_others_differ() -> None:
    """Session 43: "normal" said "about 10 minutes" and "brisk" "a little under 10 minutes",
    which read as no difference: only normal gives a length; the others say how far each
    move's pause differs, as `PACES` sets it, and which way the match goes."""
    from game.games.blast.options import PACES

    (pace,) = blast.INFO.options
    helps = dict(pace.value_help)
    assert [v for v, h in helps.items() if "minutes" in h] == ["normal"]
    assert PACES["relaxed"] == 1.5 and "half as long again" in helps["relaxed"]
    assert "longer" in helps["relaxed"]
    assert 0.5 < PACES["brisk"] < 0.7 and "a little over half as long" in helps["brisk"]
    assert "sooner" in helps["brisk"]
