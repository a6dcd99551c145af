"""Session 36's playtest fixes for Kaboom! Explosive: a knocked-out hand goes to the discard
pile in sight and in the log (the pile's count jumped from 17 to 23 at game over, and nobody's
log said how a Non-Violent Protests came to lie there)."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast.data import DEFENCES, PROTESTS, TNT
from game.games.blast.demos import _give
from game.games.blast.rules import MatchState, Options, Phase, Play
from game.games.blast.rules.events import Eliminated
from tests.games.blast.scene_helpers import make_setup, open_table


def _knockout_table() -> MatchState:
    """Ben's TNT at Ana, who has no walls, no answer, and a Non-Violent Protests in hand."""
    m = MatchState(Options(3, first=1), 5)
    _give(m, 1, [TNT])
    _give(m, 0, [PROTESTS])
    ana = m.players[0]
    m.supply.extend(ana.walls)  # every card stays somewhere
    ana.walls = []
    answers = [c for c in ana.hand if c in DEFENCES]
    ana.hand[:] = [c for c in ana.hand if c not in DEFENCES]
    m.supply.extend(answers)
    assert m.conserved() and len(ana.hand) >= 4
    assert m.apply(Play(1, TNT, 0, ())) is None
    assert m.phase == Phase.DEFEND
    return m


def test_a_knocked_out_hand_is_named_in_the_event_and_the_log() -> None:
    """The hand goes face up to the pile with its seat: the event carries it (the pile is
    public) and every log reads which cards they were."""
    from game.games.blast import words as W
    from game.games.blast.rules import TakeIt

    m = _knockout_table()
    hand = tuple(m.players[0].hand)
    assert m.apply(TakeIt(0)) is None
    out = next(e for e in m.events if isinstance(e, Eliminated))
    assert out.hand == hand
    assert Eliminated.from_dict(out.to_dict()) == out
    line = W.Voice(["Ana", "Ben", "Cleo"], None).hand_to_pile(out)
    assert line is not None and line.startswith("Ana's hand goes to the discard pile:")
    assert "Non-Violent Protests" in line


def test_the_discard_count_rises_card_by_card_as_a_knocked_out_hand_lands(
        app: Any, driver: HeadlessDriver) -> None:
    """Ana, out, loses her hand: the pile's count rises one card at a time as each is seen
    to land (it jumped by the whole hand once the table settled), the count always equals
    the pile at rest, and the log at the table names the hand."""
    m = _knockout_table()
    hand = len(m.players[0].hand)
    scene = open_table(app, driver, make_setup(["easy", "mouse", "easy"], seed=5),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    pr = scene.presenter
    last, rises = pr.discard_count, []
    for _ in range(60 * 8):
        driver.step()
        if pr.discard_count != last:
            rises.append(pr.discard_count - last)
        last = pr.discard_count
        if any(isinstance(e, Eliminated) for e in scene.state.events) and not pr.busy \
                and not pr.flying:
            break
    assert any(isinstance(e, Eliminated) for e in scene.state.events)
    st = scene.state
    assert pr.discard_count == len(st.discard) - len(st.chain)
    assert max(rises) == 1, rises  # one card landing at a time, never a hand at once
    assert sum(rises) >= hand
    said = [ln.text for ln in pr.log.lines]
    assert any("hand goes to the discard pile" in s and "Non-Violent Protests" in s
               for s in said), said[-6:]
