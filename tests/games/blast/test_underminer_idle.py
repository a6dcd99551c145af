"""The Underminer takes no wall on a turn: the log says why (a stranger's Underminer sat idle
some turns with no word)."""

from __future__ import annotations

from game.games.blast import data as D
from game.games.blast.rules import MatchState, Pass, Play, TakeIt, Undermine
from game.games.blast.rules.events import UnderminerIdle
from game.games.blast.words import Voice
from tests.games.blast.helpers import ok, table


def _idle(m: MatchState) -> list[UnderminerIdle]:
    return [e for e in m.events if isinstance(e, UnderminerIdle)]


def test_no_wall_to_take_is_logged_and_worded_for_you_and_a_name() -> None:
    """Seat 1 has only a steel wall: seat 0's turn ends after its play with the Underminer
    unused, and the log says why, as 'You have' or 'Ben has'."""
    m = table(2, hands={0: [D.STONE, D.PIPE]}, walls={1: [D.STEEL]},
              characters={0: [D.UNDERMINER]})
    ok(m, Play(0, D.STONE))
    assert m.current == 1  # nothing to dig: the turn ended by itself
    (e,) = _idle(m)
    assert (e.seat, e.enemies, e.why) == (0, (1,), ("no_wall",))
    assert Voice(["You", "Ben"], 0).describe(e) == \
        "Your Underminer takes no wall. Ben has no palisade, stone or iron wall."
    assert Voice(["Ann", "You"], 1).describe(e) == \
        "Ann's Underminer takes no wall. You have no palisade, stone or iron wall."


def test_force_field_and_diplomacy_keep_him_away() -> None:
    m = table(3, hands={0: [D.STONE]}, walls={1: [D.PALISADE, D.FORCE_FIELD],
                                              2: [D.PALISADE]},
              characters={0: [D.UNDERMINER]})
    m.players[2].diplomacy = True
    ok(m, Play(0, D.STONE))
    (e,) = _idle(m)
    assert e.why == ("force_field", "diplomacy")
    assert Voice(["You", "Ben", "Cy"], 0).describe(e) == (
        "Your Underminer takes no wall. Ben's Force Field keeps him away. Cy's Diplomacy "
        "keeps him away.")


def test_a_wall_left_standing_is_an_idle_underminer_and_a_strike_says_nothing_more() -> None:
    m = table(2, hands={0: [D.STONE, D.PIPE]}, characters={0: [D.UNDERMINER]})
    ok(m, Play(0, D.STONE), Pass(0))
    (e,) = _idle(m)
    assert e.why == ("open",)
    assert Voice(["You", "Ben"], 0).describe(e) == \
        "Your Underminer stays idle this turn (his button is beside your hand)."
    # another seat's rest is its choice, said as one (a stranger read "stays idle" with his
    # walls there to dig as a broken AI)
    assert Voice(["Ann", "You"], 1).describe(e) == "Ann's Underminer rests this turn."
    dug = table(2, hands={0: [D.STONE]}, characters={0: [D.UNDERMINER]})
    ok(dug, Undermine(0, 1, D.PALISADE))
    while dug.chain:
        ok(dug, TakeIt(dug.current_player() or 0))
    ok(dug, Play(0, D.STONE))
    assert not _idle(dug)
