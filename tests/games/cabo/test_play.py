"""Phase 3: drawing, replacing, discarding and the card powers."""

from game.games.cabo import words
from game.games.cabo.rules import (
    BlindSwap,
    CaboState,
    CallKaboom,
    Discard,
    Discarded,
    Draw,
    Drew,
    KingDecide,
    KingDecided,
    KingLook,
    Pass,
    Peeked,
    PeekOther,
    PeekOwn,
    Phase,
    Pos,
    PowerUsed,
    Replace,
    Replaced,
    Slap,
    SlapFlip,
    SlapStop,
    Swapped,
    TurnStarted,
    UsePower,
    card,
)

GRIDS = [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"], ["2D", "3D", "4D", "5D"]]


def table(draw, **kw) -> CaboState:
    """Three players, seat 0 to play, `draw` on top of the draw pile."""
    return CaboState.from_layout(kw.pop("grids", GRIDS), draw=draw, **kw)


def test_turn_starts_with_draw_or_kaboom():
    st = table(["9C"])
    assert st.legal_actions() == [Draw(0), CallKaboom(0)]


def test_drawn_card_is_seen_only_by_the_drawer():
    st = table(["9C"])
    (event,) = st.must_apply(Draw(0))
    assert isinstance(event, Drew) and event.card == card("9C")
    assert "9 of clubs" not in (words.describe(event, ["A", "B", "C"]) or "")
    assert event.redacted(0) == event and event.redacted(1).card is None  # type: ignore[attr-defined]
    assert st.observation(0).drawn == card("9C")
    assert st.observation(1).drawn is None


def test_drawn_card_three_options_use_power_replace_or_discard():
    st = table(["9C"])
    st.must_apply(Draw(0))
    legal = st.legal_actions()
    assert Discard(0) in legal and UsePower(0) in legal
    assert {a.slot for a in legal if isinstance(a, Replace)} == {0, 1, 2, 3}


def test_a_card_without_power_can_only_be_kept_or_discarded():
    st = table(["6C"])
    st.must_apply(Draw(0))
    assert UsePower(0) not in st.legal_actions()
    assert "no power" in (st.why_illegal(UsePower(0)) or "")


def test_discard_ends_the_turn_and_play_goes_clockwise():
    st = table(["6C"])
    st.must_apply(Draw(0))
    events = st.must_apply(Discard(0))
    assert isinstance(events[0], Discarded) and not events[0].use_power
    assert st.top == card("6C") and st.current_player() == 1 and st.phase is Phase.TURN
    assert isinstance(events[-1], TurnStarted) and events[-1].player == 1


def test_replace_puts_the_drawn_card_in_the_slot_and_flips_the_old_one_up():
    st = table(["AC"])
    st.must_apply(Draw(0))
    events = st.must_apply(Replace(0, 1))
    assert st.card_at(Pos(0, 1)) == card("AC")
    assert st.top == card("3S")
    rep = events[0]
    assert isinstance(rep, Replaced) and rep.old == card("3S")
    assert "Ace of clubs" not in (words.describe(rep, ["A", "B", "C"]) or "")
    assert "3 of spades" in (words.describe(rep, ["A", "B", "C"]) or "")
    assert st.observation(0).known() == {Pos(0, 1): card("AC")}
    assert st.observation(1).known() == {}


def test_replace_does_not_let_the_player_look_first():
    st = table(["AC"])
    st.must_apply(Draw(0))
    st.must_apply(Replace(0, 2))
    assert not [e for e in st.events if isinstance(e, Peeked)]


def test_use_power_discards_first_then_announces_the_power():
    st = table(["8C"])
    st.must_apply(Draw(0))
    events = st.must_apply(UsePower(0))
    assert isinstance(events[0], Discarded) and events[0].use_power
    assert st.top == card("8C") and st.phase is Phase.POWER
    assert "look at one of their own cards" in (words.describe(events[0], ["A", "B", "C"]) or "")


def test_power_7_or_8_looks_at_one_of_your_own_cards():
    for code in ("7C", "8C"):
        st = table([code])
        st.must_apply(Draw(0))
        st.must_apply(UsePower(0))
        assert {type(a) for a in st.legal_actions()} == {PeekOwn, Slap}  # own discard: slappable
        events = st.must_apply(PeekOwn(0, 1))
        assert isinstance(events[0], PowerUsed)
        peek = events[1]
        assert isinstance(peek, Peeked) and peek.card == card("3S") and peek.visible_to == (0,)
        assert st.observation(0).known() == {Pos(0, 1): card("3S")}
        assert st.observation(1).known() == {}
        assert st.current_player() == 1


def test_power_9_or_10_looks_at_one_card_of_another_player():
    for code in ("9C", "TC"):
        st = table([code])
        st.must_apply(Draw(0))
        st.must_apply(UsePower(0))
        targets = {a.pos for a in st.legal_actions() if isinstance(a, PeekOther)}
        assert targets == {Pos(p, s) for p in (1, 2) for s in range(4)}
        assert not st.is_legal(PeekOther(0, Pos(0, 1)))
        st.must_apply(PeekOther(0, Pos(2, 3)))
        assert st.card_at(Pos(2, 3)) == card("5D")  # the card goes back where it was
        assert st.observation(0).known() == {Pos(2, 3): card("5D")}
        assert st.observation(2).known() == {}


def test_power_jack_or_queen_blind_swaps_any_two_cards_without_looking():
    for code in ("JC", "QC"):
        st = table([code])
        st.must_apply(Draw(0))
        st.must_apply(UsePower(0))
        st.must_apply(BlindSwap(0, Pos(1, 0), Pos(2, 3)))
        assert st.card_at(Pos(1, 0)) == card("5D") and st.card_at(Pos(2, 3)) == card("2H")
        assert not [e for e in st.events if isinstance(e, Peeked)]
        assert isinstance(st.events[-2], Swapped) and st.events[-2].blind


def test_blind_swap_may_use_your_own_cards_too():
    st = table(["QC"])
    st.must_apply(Draw(0))
    st.must_apply(UsePower(0))
    assert st.is_legal(BlindSwap(0, Pos(0, 0), Pos(0, 1)))
    assert st.is_legal(BlindSwap(0, Pos(0, 0), Pos(1, 1)))
    assert not st.is_legal(BlindSwap(0, Pos(0, 0), Pos(0, 0)))


def test_king_visible_swap_look_at_both_then_swap():
    st = table(["KC"])
    st.must_apply(Draw(0))
    st.must_apply(UsePower(0))
    events = st.must_apply(KingLook(0, Pos(0, 0), Pos(1, 1)))
    peeks = [e for e in events if isinstance(e, Peeked)]
    assert [p.card for p in peeks] == [card("2S"), card("3H")]
    assert st.phase is Phase.KING_DECIDE
    assert st.observation(0).king_cards == (card("2S"), card("3H"))
    assert st.observation(1).king_cards is None
    assert st.observation(1).king == (Pos(0, 0), Pos(1, 1))  # which cards is public
    events = st.must_apply(KingDecide(0, True))
    decided = events[0]
    assert isinstance(decided, KingDecided) and decided.swap
    assert "swapped" in (words.describe(decided, ["A", "B", "C"]) or "")
    assert st.card_at(Pos(0, 0)) == card("3H")
    assert st.observation(0).known() == {Pos(0, 0): card("3H"), Pos(1, 1): card("2S")}


def test_king_visible_swap_may_decide_not_to_swap():
    st = table(["KC"])
    st.must_apply(Draw(0))
    st.must_apply(UsePower(0))
    st.must_apply(KingLook(0, Pos(0, 0), Pos(1, 1)))
    events = st.must_apply(KingDecide(0, False))
    assert "left the two cards" in (words.describe(events[0], ["A", "B", "C"]) or "")
    assert st.card_at(Pos(0, 0)) == card("2S")


def test_king_both_cards_are_chosen_before_looking():
    st = table(["KC"])
    st.must_apply(Draw(0))
    st.must_apply(UsePower(0))
    looks = [a for a in st.legal_actions() if isinstance(a, KingLook)]
    assert looks and all(a.a != a.b for a in looks)
    assert len(looks) == 12 * 11 // 2  # every pair, chosen at once


def test_king_swap_is_off_when_a_slap_takes_a_looked_at_card():
    st = table(["KC"], grids=[["2S", "3S", "4S", "5S"], ["KH", "3H", "4H", "5H"]])
    st.must_apply(Draw(0))
    st.must_apply(UsePower(0))
    st.must_apply(KingLook(0, Pos(0, 0), Pos(1, 0)))
    st.must_apply(Slap(1, 0.5))
    st.must_apply(SlapFlip(1, Pos(1, 0)))  # seat 1 slaps the discarded King with their own
    st.must_apply(SlapStop(1))
    assert st.phase is Phase.KING_DECIDE
    assert st.legal_actions() == [KingDecide(0, False)]


def test_a_kept_power_card_gives_no_power():
    st = table(["9C"])
    st.must_apply(Draw(0))
    st.must_apply(Replace(0, 0))
    assert st.phase is Phase.TURN and st.current_player() == 1


def test_powers_come_only_from_the_draw_pile():
    st = table(["6C"], grids=[["2S", "3S", "9S", "5S"], ["2H", "3H", "4H", "5H"]])
    st.must_apply(Draw(0))
    st.must_apply(Replace(0, 2))  # a 9 leaves the grid: no power for anyone
    assert st.phase is Phase.TURN and st.top == card("9S")
    assert not any(isinstance(e, PowerUsed) for e in st.events)


def test_a_power_needs_a_target():
    st = table(["7C"], grids=[[None, None], ["2H", "3H"]])
    st.must_apply(Draw(0))
    assert not st.is_legal(UsePower(0))  # no own card to look at
    assert st.legal_actions() == [Discard(0)]  # and no card to replace


def test_a_power_whose_targets_were_slapped_away_is_lost():
    st = table(["9C"], grids=[["2S", "3S"], ["9H", "9D"]], seen={1: [(1, 0), (1, 1)]})
    st.must_apply(Draw(0))
    st.must_apply(UsePower(0))
    st.must_apply(Slap(1, 0.3))
    st.must_apply(SlapFlip(1, Pos(1, 0)))
    st.must_apply(SlapFlip(1, Pos(1, 1)))
    st.must_apply(SlapStop(1))
    assert st.phase is Phase.POWER
    assert st.legal_actions(0) == [Pass(0)]
    st.must_apply(Pass(0))
    assert st.kaboomer == 1  # seat 1 starts their turn without cards: auto Kaboom!
    assert st.current_player() == 0 and st.phase is Phase.TURN


def test_watchers_follow_a_known_card_through_a_blind_swap():
    st = table(["JC"], seen={1: [(1, 2)], 2: [(1, 2)]})
    st.must_apply(Draw(0))
    st.must_apply(UsePower(0))
    st.must_apply(BlindSwap(0, Pos(1, 2), Pos(2, 0)))
    assert st.observation(1).known() == {Pos(2, 0): card("4H")}
    assert st.observation(2).known() == {Pos(2, 0): card("4H")}
    assert st.observation(0).known() == {}
