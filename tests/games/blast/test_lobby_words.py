"""The lobby says how long a Kaboom! Explosive match takes (a stranger found no match length
anywhere before starting one), beside the one option it has."""

from __future__ import annotations

import game.games.blast as blast


def test_the_lobby_help_says_how_long_a_match_takes() -> None:
    (pace,) = blast.INFO.options
    assert "minutes" in pace.help and "two players" in pace.help
