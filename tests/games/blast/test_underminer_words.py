"""The bubble at an idle Underminer says why he took no wall, as the rules logged it."""

from __future__ import annotations

from game.games.blast.presenter import underminer_idle_words


def test_the_idle_underminer_names_what_kept_him_away() -> None:
    assert underminer_idle_words(("force_field",)) == "Underminer: a Force Field keeps him away"
    assert underminer_idle_words(("diplomacy",)) == "Underminer: Diplomacy keeps him away"
    assert underminer_idle_words(("no_wall",)) == "Underminer: no wall to take"
    assert underminer_idle_words(("no_wall", "open")) == "Underminer rests"
    assert underminer_idle_words(("force_field", "diplomacy")) == "Underminer: kept away"
    assert underminer_idle_words(("force_field", "no_wall")) == \
        "Underminer: no wall within reach"


def test_a_card_that_gets_through_is_marked_with_its_senders_colour() -> None:
    """"The Underminer gets through to Ben" carried Ben's marker and read as Ben's own move:
    a line that opens with the card is its sender's; one that opens with the target, his."""
    from game.games.blast.data import TNT, UNDERMINER
    from game.games.blast.rules.events import Took
    from game.games.blast.words import actor

    assert actor(Took(turn=3, seat=1, card=UNDERMINER, source=0, link=0)) == 0
    assert actor(Took(turn=3, seat=1, card=TNT, source=0, link=0)) == 1
