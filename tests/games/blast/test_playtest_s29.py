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
    scene.cursor.get(f"hand:{i}").on_activate()  # lifted (every card is, `_arms`)
    ctl.refresh(0)
    scene.cursor.get(f"hand:{i}").on_activate()  # the click that would play it: a warning
    assert scene.state.players[0].hand.count(D.PRODUCTIVITY) == held  # not played
    said = scene.prompt()[1]
    # in plain words (a later stranger could not read "the card's \"three\" counts this one
    # among them ... gives it back: no extra play")
    plays = scene.state.plays_left
    assert said.startswith("A second Productivity adds no play: it uses one and gives one "
                           f"back, so you still have {plays} play"), said
    assert "again to play it anyway" in said and "counts this one" not in said, said
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


def test_a_knock_out_says_why_and_what_would_have_saved_you() -> None:
    """A stranger knocked out early did not know why: the line names the card, whose it was,
    the bare row and the answers that would have saved them."""
    from game.games.blast.rules import TakeIt
    from game.games.blast.words import Voice
    from tests.games.blast.helpers import ok, table

    m = table(3, hands={1: ["tnt", "spy"]}, walls={0: []})
    m.current = 1
    start = len(m.events)
    ok(m, Play(1, "tnt", 0), TakeIt(0))
    lines = [ln for e in m.events_for(-1, start)
             if (ln := Voice(["Ana", "Ben", "Cleo"], you=0).describe(e))]
    out = next(ln for ln in lines if "knocks you out" in ln)
    assert out == ("Ben's TNT knocks you out of the game! You had no walls left; answering "
                   "with a Blast Shield, Oops or Backfire would have saved you."), out
    m = table(3, hands={1: ["firestorm", "spy"]}, walls={2: []})
    m.current = 1
    start = len(m.events)
    ok(m, Play(1, "firestorm", 2), TakeIt(2))
    lines = [ln for e in m.events_for(-1, start)
             if (ln := Voice(["Ana", "Ben", "Cleo"], you=0).describe(e))]
    assert any("Cleo had no walls left, and no card answers a Firestorm: only a wall would "
               "have saved Cleo." in ln for ln in lines), lines


def test_easy_leaves_a_thin_row_alone_in_the_opening_rounds() -> None:
    """A stranger was knocked out in the first rounds, Easy seats piling on a row already
    down to its last walls: in the opening rounds Easy aims no attack at such a row."""
    from game.games.blast.ai import make_ai
    from tests.games.blast.helpers import table

    for seed in range(12):
        m = table(3, hands={1: ["tnt", "pipe_bomb", "flaming_arrow", "firestorm"]},
                  walls={0: ["palisade"]})
        m.current = 1
        ai = make_ai("easy", 1, seed)
        ai.begin(m)
        action = None
        while action is None:
            action = ai.work(0.05)
        assert not (isinstance(action, Play) and action.target == 0), (seed, action)


def test_larger_text_grows_every_cards_rule_line_and_keeps_it_inside() -> None:
    """Settings > Larger text left a hand card's rule line at its old size (its box was
    already full, so the fit shrank it back): on the preview the box takes room from the
    picture, so the words grow there, and on every card they stay inside (s30: a hand card's
    picture keeps its size, tests/games/blast/test_playtest_s30_ui2.py)."""
    import pygame

    from game.games.blast import art, layout
    from game.ui import text, theme

    pygame.font.init()
    sizes = [(layout.HAND_W, layout.HAND_H), (layout.DUEL_HAND_W, layout.DUEL_HAND_H),
             (layout.SMALL_HAND_W, layout.SMALL_HAND_H), *layout.PREVIEW_SIZES]
    try:
        text.set_scale(1.0)
        before = {(c, w, h): art.face_layout(c, w, h) for c in D.DECK_TYPES for w, h in sizes}
        text.set_scale(theme.LARGE_TEXT_SCALE)  # the app's larger text
        same: list[tuple[str, int, int]] = []
        for (c, w, h), old in before.items():
            new = art.face_layout(c, w, h)
            if h < art.FULL_RULE_H and (old.rule is None or new.rule is None):
                continue  # a hand card's gist too long for it at a readable size
            assert old.rule is not None and new.rule is not None and new.rule_box is not None
            assert new.rule.size >= old.rule.size, (c, w, h, old.rule.size, new.rule.size)
            if new.rule.size == old.rule.size:
                same.append((c, w, h))
            assert new.rule.height <= new.rule_box.h, (c, w, h)
            assert pygame.Rect(0, 0, w, h).contains(new.rule_box), (c, w, h)
            assert not new.rule.lines[-1].endswith("…") and new.rule.squeeze == 1.0, (c, w, h)
            # the picture still reads (the preview's gives its words more room: they are read
            # at 16 px even in a 1024x576 window, `art.READ_RULE_PX`)
            floor = art.READ_ART / theme.LARGE_TEXT_SCALE \
                if w >= art.READ_W and h >= art.FULL_RULE_H else .28
            assert new.art.h >= h * floor, (c, w, h)
        # s30: a hand card's picture keeps its size (a stranger saw the hand's pictures shrink
        # by a third), so its gist grows only where there is room; the preview, where the
        # whole rule is read, grows every line
        assert all(h < art.FULL_RULE_H for _, _, h in same), same
    finally:
        text.set_scale(1.0)
