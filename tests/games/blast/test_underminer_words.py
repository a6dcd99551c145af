"""The bubble at an idle Underminer says why he took no wall, as the rules logged it."""

from __future__ import annotations

from game.games.blast.presenter import underminer_idle_words


def test_the_idle_underminer_names_what_kept_him_away() -> None:
    assert underminer_idle_words(("force_field",)) == "Underminer: a Force Field keeps him away"
    assert underminer_idle_words(("diplomacy",)) == "Underminer: Diplomacy keeps him away"
    assert underminer_idle_words(("no_wall",)) == "Underminer: no wall to take"
    assert underminer_idle_words(("no_wall", "open")) == "Underminer stays idle"
    assert underminer_idle_words(("force_field", "diplomacy")) == "Underminer: kept away"
    assert underminer_idle_words(("force_field", "no_wall")) == \
        "Underminer: no wall within reach"
