"""What the tenth playtest (strangers, 6/10) found, each fixed: a second Productivity spent for
nothing, a round-one knock-out with no word of why, Easy rushing a bare seat, and card rule
text that ignored Settings > Larger text."""

from __future__ import annotations

import random
from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.ai import PROFILES, Policy
from game.games.blast.rules import MatchState, Options, Play
from tests.games.blast.scene_helpers import make_setup, open_table


def _table(app: Any, driver: HeadlessDriver, m: MatchState, kinds: list[str]) -> Any:
    assert m.conserved()
    scene = open_table(app, driver, make_setup(kinds, seed=4),
                       {"version": 1, "match": m.to_dict()})
    assert driver.run_until(lambda: scene.decider() == 0 and not scene.presenter.busy, 600)
    return scene


def _copies(m: MatchState, seat: int, card: str, n: int) -> None:
    """`n` copies of `card` in a seat's hand, each swapped for another card of it (the 108
    cards stay conserved)."""
    hand = m.players[seat].hand
    while hand.count(card) < n:
        pile = next(p for p in (m.supply, m.discard, *(o.hand for o in m.players
                                                        if o.hand is not hand)) if card in p)
        spare = next(i for i, c in enumerate(hand) if c != card)
        pile[pile.index(card)], hand[spare] = hand[spare], card


def _productive(m: MatchState) -> None:
    """Seat 0 plays its first Productivity (it holds another)."""
    prod = next(a for a in m.legal_actions(0) if isinstance(a, Play) and a.card == D.PRODUCTIVITY)
    assert m.apply(prod) is None


def test_a_second_productivity_adds_no_play_by_the_rules() -> None:
    m = MatchState(Options(2, first=0), 3)
    _copies(m, 0, D.PRODUCTIVITY, 3)
    assert m.productivity_gain() == 1
    _productive(m)
    assert m.plays_left == 2 and m.productivity_gain() == 0
    _productive(m)
    assert m.plays_left == 2 and m.productivity_gain() == -1


def test_a_second_productivity_warns_before_it_is_spent(app: Any,
                                                        driver: HeadlessDriver) -> None:
    """A stranger's second Productivity was spent silently for nothing: the first click says
    one is already in effect, the second plays it anyway."""
    m = MatchState(Options(2, first=0), 3)
    _copies(m, 0, D.PRODUCTIVITY, 2)
    _productive(m)
    scene = _table(app, driver, m, ["mouse", "easy"])
    ctl = scene.table_controls
    ctl.refresh(0)
    held = scene.presenter.hand.count(D.PRODUCTIVITY)
    i = scene.presenter.hand.index(D.PRODUCTIVITY)
    scene.cursor.get(f"hand:{i}").on_activate()
    assert scene.state.players[0].hand.count(D.PRODUCTIVITY) == held  # not played
    said = scene.prompt()[1]
    assert "already in effect" in said and "again" in said, said
    ctl.refresh(0)
    scene.cursor.get(f"hand:{i}").on_activate()
    assert scene.state.players[0].hand.count(D.PRODUCTIVITY) == held - 1  # played now


def test_the_ai_plays_no_second_productivity() -> None:
    for level in ("easy", "medium"):
        for seed in range(20):
            m = MatchState(Options(2, first=0), seed)
            _copies(m, 0, D.PRODUCTIVITY, 2)
            _productive(m)
            ranked = Policy(PROFILES[level], seed).ranked(m, 0, random.Random(seed))
            assert not any(isinstance(a, Play) and a.card == D.PRODUCTIVITY
                           for _, a in ranked), (level, seed)
