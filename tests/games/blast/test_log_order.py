"""Two log bugs a stranger read: a pass after a play, and the Nuclear Bomb's fallout after
"Game over"."""

from __future__ import annotations

from game.games.blast import data as D
from game.games.blast.rules import Pass, Play, TakeIt
from game.games.blast.words import Voice
from tests.games.blast.helpers import ok, table

FF = D.FORCE_FIELD


def test_a_pass_after_a_play_reads_as_ending_the_turn() -> None:
    m = table(3, hands={0: [D.PRODUCTIVITY, D.STONE, D.IRON]})
    ok(m, Play(0, D.PRODUCTIVITY), Play(0, D.STONE))
    start = len(m.events)
    ok(m, Pass(0))
    lines = [ln for e in m.events[start:] if (ln := Voice(["Ana", "Ben", "Cy"]).describe(e))]
    assert lines[0] == "Ana ends the turn."
    assert not any("passes" in ln for ln in lines)
    assert Voice(["Ana", "Ben", "Cy"], 0).describe(m.events[start]) == "You end the turn."


def test_a_pass_with_no_play_still_reads_as_a_pass() -> None:
    m = table(3, hands={0: [D.STONE]})
    start = len(m.events)
    ok(m, Pass(0))
    assert Voice(["Ana", "Ben", "Cy"]).describe(m.events[start]) == "Ana passes."


def test_nothing_is_logged_after_game_over_when_a_nuke_ends_the_match() -> None:
    m = table(3, hands={0: [D.NUKE, D.SPY]}, walls={1: [FF]})
    m.players[2].alive = False  # seat 2 already out: the Nuke may be played
    m.players[2].out_order = 0
    m.eliminations = 1
    m.endgame = True
    before = len(m.players[0].walls)
    ok(m, Play(0, D.NUKE, 1), TakeIt(1))
    kinds = [e.kind for e in m.events]
    assert m.over and kinds[-1] == "over"
    assert kinds.index("fallout") < kinds.index("over")
    assert len(m.players[0].walls) == before - (before + 1) // 2  # the fallout is still paid
    lines = [Voice(["Ana", "Ben", "Cy"]).describe(e) or "" for e in m.events]
    assert lines[-1].startswith("Game over")
