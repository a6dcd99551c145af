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


def test_a_couch_person_reads_what_happened_while_the_screen_was_another_s(
        app: Any, driver: HeadlessDriver) -> None:
    """On a couch each person saw only the log's newest lines after a hand-off: Ana never saw
    the line for Ben's Mad Chemist, and neither log said how a Non-Violent Protests reached
    the pile. The curtain that brings Ana's hand up also tells her, at her seat, what the
    table did since her hand was last up: the character brought in, the knock-out and the
    hand it sent to the pile."""
    from game.games.blast.data import CHEMIST, PRODUCTIVITY
    from game.games.blast.rules import TakeIt
    from game.tabletop.curtain import PassCurtain

    m = MatchState(Options(3, first=1), 5)
    _give(m, 1, [PRODUCTIVITY, CHEMIST, TNT])
    _give(m, 2, [PROTESTS])
    cleo = m.players[2]
    m.supply.extend(cleo.walls)
    cleo.walls = []
    answers = [c for c in cleo.hand if c in DEFENCES]
    cleo.hand[:] = [c for c in cleo.hand if c not in DEFENCES]
    m.supply.extend(answers)
    assert m.conserved()
    start = len(m.events)  # what Ana saw last (the table opens from the match after it)
    for action in (Play(1, PRODUCTIVITY), Play(1, CHEMIST), Play(1, TNT, 2, ()), TakeIt(2)):
        assert m.apply(action) is None, action
    while m.current_player() != 0:  # Ben ends his turn, Cleo (out) passes her endgame card
        legal = m.legal_actions(m.current_player())
        assert m.apply(next((a for a in legal if type(a).__name__ == "Pass"), legal[0])) is None
    assert not m.players[2].alive and m.phase == Phase.PLAY
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=5),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    scene.seen_upto[0] = start
    assert driver.run_until(lambda: isinstance(app.stack.top, PassCurtain), 300)
    assert app.stack.top.name == "Ana"
    scene._curtain_opened(0)
    app.stack.pop()
    app.stack.apply_requests()
    driver.step()
    bubble = scene.presenter.bubble
    assert bubble is not None and bubble[1] == 0, bubble
    said = bubble[0]
    assert said.startswith("While you waited: "), said
    assert "Ben brought in the Mad Chemist" in said, said
    assert "Cleo is out (" in said and "Non-Violent Protests" in said, said
    # once read, the same things are not told again at her next look
    assert scene.presenter.couch_recap(0, scene.seen_upto[0], scene.presenter.next_event) == ""


def cleo_out_at_her_endgame_turn() -> MatchState:
    """Three seats: Cleo (seat 2), bare, knocked out by Ana's Firestorm, at her first endgame
    turn."""
    from game.games.blast.data import FIRESTORM
    from game.games.blast.rules import Pass, TakeIt

    m = MatchState(Options(3, first=0), 7)
    _give(m, 0, [FIRESTORM])
    cleo = m.players[2]
    m.discard.extend(cleo.walls)
    cleo.walls = []
    for action in (Play(0, FIRESTORM, 2), TakeIt(2)):
        assert m.apply(action) is None, action
    while m.phase != Phase.ENDGAME:
        assert m.apply(Pass(m.current_player())) is None
    assert m.current_player() == 2
    return m


def test_an_ai_s_endgame_card_goes_to_a_seeded_one_of_equally_good_targets() -> None:
    """A knocked-out Cleo (AI) aimed Epidemic at Ana twice, Ben as good a target: ties among
    endgame targets went to the lowest seat. They go to a seeded one of them."""
    from game.core.rng import derive_rng
    from game.games.blast.ai import make_ai
    from game.games.blast.rules.actions import Endgame

    m = cleo_out_at_her_endgame_turn()
    targets = set()
    for level in ("medium", "hard"):
        for k in range(12):
            scored = make_ai(level, 2, k).policy._endgame(m, 2, derive_rng(k, "s36"))
            order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))  # as ranked
            best = scored[order[0]][1]
            assert isinstance(best, Endgame)
            targets.add((level, best.target))
    assert {t for lv, t in targets if lv == "hard"} == {0, 1}, targets


def test_a_hand_put_down_for_an_ai_comes_back_out_of_turn_only_behind_a_curtain(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's couch: the AI fired at Ben just after Ben's turn, and Ben's hand came up
    face-up with no curtain, for Cleo to see. Once the last hand went face down for an AI's
    decision, that hand comes back out of its person's turn only behind a curtain; on its
    own turn it comes back as before."""
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=4))
    scene.curtains_opened.append(1)  # Ben opened the last curtain
    scene.shown_to_all = False
    assert scene.holds_screen(1)
    scene.downed_for_ai = True  # his hand went down while the AI decided
    scene.state.current = 2  # the AI's turn: an answer of Ben's is out of his turn
    assert not scene.holds_screen(1)
    scene.state.current = 1  # Ben's own turn going on: his hand as before
    assert scene.holds_screen(1)
