"""RULES FOR SLAPPING CARDS, numbered 1 to 11 as in the rulebook, with each of its examples."""

from game.games.cabo.rules import (
    CaboState,
    CallKaboom,
    Discard,
    Draw,
    FlipTop,
    Give,
    PeekOther,
    Penalty,
    Phase,
    Pos,
    Replace,
    SkipGive,
    Slap,
    SlapFlip,
    SlapResult,
    SlapStop,
    UsePower,
    card,
    first_slap,
)

A, B, C = 0, 1, 2


def after_discard(code: str, grids, **kw) -> CaboState:
    """Seat A drew `code` and discarded it; B is next and hasn't drawn yet."""
    st = CaboState.from_layout(grids, draw=[code], **kw)
    st.must_apply(Draw(A))
    st.must_apply(Discard(A))
    return st


GRIDS = [["2S", "3S", "4S", "5S"], ["2H", "7H", "4H", "5H"], ["2D", "3D", "7D", "5D"]]


# Rule 1: cards players can slap


def test_rule1_slap_the_card_flipped_in_the_slap_phase():
    st = CaboState.from_layout(GRIDS, draw=["7C"], phase=Phase.FLIP)
    assert not st.is_legal(Slap(B))  # nothing flipped yet
    st.must_apply(FlipTop(A))
    assert all(st.is_legal(Slap(p)) for p in (A, B, C))


def test_rule1_slap_a_drawn_card_that_was_discarded():
    st = after_discard("7C", GRIDS)
    assert all(st.is_legal(Slap(p)) for p in (A, B, C))


def test_rule1_slap_a_card_replaced_out_of_a_grid():
    st = CaboState.from_layout(GRIDS, draw=["AC"])
    st.must_apply(Draw(A))
    st.must_apply(Replace(A, 0))
    assert st.top == card("2S") and st.is_legal(Slap(C))


def test_rule1_note_a_slap_does_not_stop_the_discarders_power():
    grids = [["2S", "3S", "4S", "5S"], ["2H", "9H", "4H", "5H"], ["2D", "3D", "7D", "5D"]]
    st = CaboState.from_layout(grids, draw=["9C"], seen={B: [(1, 1)]})
    st.must_apply(Draw(A))
    st.must_apply(UsePower(A))
    st.must_apply(Slap(B, 0.2))
    st.must_apply(SlapFlip(B, Pos(1, 1)))
    st.must_apply(SlapStop(B))
    assert st.top == card("9H")  # the slapper's card went onto the discard pile
    assert st.phase is Phase.POWER and st.current_player() == A
    st.must_apply(PeekOther(A, Pos(2, 0)))  # and A still uses the 9's power
    assert st.current_player() == B


# Rule 2: cards players cannot slap


def test_rule2_example_a_kings_slap_discard_cannot_be_slapped():
    grids = [["2S", "3S", "4S", "5S"], ["2H", "KH", "4H", "5H"], ["2D", "KC", "7D", "5D"]]
    st = after_discard("KS", grids)
    st.must_apply(Slap(B, 0.3))
    st.must_apply(SlapFlip(B, Pos(1, 1)))  # B discards a King of their own
    st.must_apply(SlapStop(B))
    assert st.top == card("KH")
    assert not any(st.is_legal(Slap(p)) for p in (A, B, C))  # C's King can't go on it


def test_rule2_example_an_unmatched_slap_discard_cannot_be_slapped_either():
    grids = [["2S", "3S", "4S", "5S"], ["2H", "KH", "4H", "5H"], ["2D", "3C", "7D", "5D"]]
    st = after_discard("KS", grids)
    st.must_apply(Slap(B, 0.3))
    st.must_apply(SlapFlip(B, Pos(1, 0)))  # oops: a 2
    assert st.top == card("2H")
    assert not any(st.is_legal(Slap(p)) for p in (A, B, C))  # C's 2 can't go on it


# Rule 3: who can slap


def test_rule3_anyone_can_slap_whoever_has_the_turn():
    st = after_discard("7C", GRIDS)
    st.must_apply(Slap(C, 0.4))  # C: not the discarder, not the next player
    assert st.current_player() == C and st.phase is Phase.SLAP


def test_rule3_a_player_may_slap_their_own_discard():
    st = after_discard("7C", GRIDS)
    assert st.is_legal(Slap(A))


def test_rule3_example_player_a_keeps_a_drawn_8_and_slaps_the_replaced_8():
    grids = [["2S", "8S", "4S", "5S"], ["2H", "3H", "4H", "5H"]]
    st = CaboState.from_layout(grids, draw=["8D"])
    st.must_apply(Draw(A))
    st.must_apply(Replace(A, 1))  # an unknown card: it is also an 8
    assert st.top == card("8S")
    st.must_apply(Slap(A, 0.5))
    st.must_apply(SlapFlip(A, Pos(0, 1)))  # the 8 she drew, now in her grid
    st.must_apply(SlapStop(A))
    assert st.hand(A) == [card("2S"), card("4S"), card("5S")]
    assert st.discard[-2:] == [card("8S"), card("8D")]


# Rule 4: when you can slap


def test_rule4_slap_any_time_until_the_next_player_draws():
    st = after_discard("7C", GRIDS)
    assert st.current_player() == B and st.is_legal(Slap(C))
    st.must_apply(Draw(B))
    assert not any(st.is_legal(Slap(p)) for p in (A, B, C))
    assert "nothing to slap" in (st.why_illegal(Slap(C)) or "")


def test_rule4_the_next_player_may_slap_before_drawing():
    st = after_discard("7C", GRIDS)
    st.must_apply(Slap(B, 0.2))
    st.must_apply(SlapFlip(B, Pos(1, 1)))
    st.must_apply(SlapStop(B))
    assert st.phase is Phase.TURN and st.current_player() == B
    assert st.is_legal(Draw(B))


# Rule 5: you do not have to slap


def test_rule5_you_do_not_have_to_slap():
    st = after_discard("7C", GRIDS, seen={B: [(1, 1)], C: [(2, 2)]})
    st.must_apply(Draw(B))  # both knew a 7; nobody slapped; no penalty, nothing forced
    assert not any(isinstance(e, Penalty) for e in st.events)
    assert st.hand(B)[1] == card("7H")


# Rule 6: when two players slap the same card


def test_rule6_the_first_slap_wins():
    st = after_discard("7C", GRIDS)
    slaps = [Slap(C, 0.61), Slap(B, 0.45), Slap(A, 0.9)]
    winner = first_slap(slaps, st.window_from, st.players)
    assert winner == Slap(B, 0.45)
    st.must_apply(winner)
    for late in (Slap(C, 0.61), Slap(A, 0.9)):
        result = st.apply(late)
        assert result is not None and "already" in result.reason
    assert st.current_player() == B


def test_rule6_an_exact_tie_goes_clockwise_from_the_discarder():
    assert first_slap([Slap(2, 0.5), Slap(1, 0.5)], discarder=0, players=3) == Slap(1, 0.5)
    assert first_slap([Slap(0, 0.5), Slap(2, 0.5)], discarder=1, players=3) == Slap(2, 0.5)
    assert first_slap([], discarder=0, players=3) is None


def test_rule6_a_discard_can_be_slapped_only_once():
    st = after_discard("7C", GRIDS)
    st.must_apply(Slap(B, 0.3))
    st.must_apply(SlapStop(B))  # B changed their mind: the 7 is still on top
    assert st.top == card("7C")
    assert not st.is_legal(Slap(C))


# Rule 7: slapping and flipping an unmatched card = 2 penalty cards


def test_rule7_a_wrong_flip_costs_two_face_down_penalty_cards():
    st = after_discard("7C", GRIDS)
    draw_before = len(st.draw)
    st.must_apply(Slap(C, 0.3))
    events = st.must_apply(SlapFlip(C, Pos(2, 0)))  # a 2, not a 7
    assert st.top == card("2D")  # the unmatched card stays on the discard pile
    penalty = next(e for e in events if isinstance(e, Penalty))
    assert penalty.player == C and penalty.slots == (0, 4)  # the empty slot, then a new one
    assert len(st.hand(C)) == 3 + 2 and len(st.draw) == draw_before - 2
    assert all(st.observation(p).known() == {} for p in (A, B, C))  # nobody may look at them
    assert penalty.redacted(C).cards is None  # not even the player who takes them
    assert st.phase is Phase.TURN and st.current_player() == B  # the slap is over


# Rule 8: slapping but not flipping ('changed mind') = 1 penalty card


def test_rule8_changed_mind_costs_one_penalty_card():
    st = after_discard("7C", GRIDS)
    st.must_apply(Slap(C, 0.3))
    events = st.must_apply(SlapStop(C))
    penalty = next(e for e in events if isinstance(e, Penalty))
    assert penalty.slots == (4,) and len(st.hand(C)) == 5
    result = events[-1]
    assert isinstance(result, SlapResult) and result.penalty == 1 and result.matched == 0


# Rule 9: players can flip more than one card on a single slap


def test_rule9_example_a_7_is_discarded_and_player_a_has_two_7s():
    grids = [["7S", "3S", "7H", "5S"], ["2H", "3H", "4H", "5H"]]
    st = after_discard("7C", grids, seen={A: [(0, 0), (0, 2)]})
    st.must_apply(Slap(A, 0.3))
    st.must_apply(SlapFlip(A, Pos(0, 0)))
    st.must_apply(SlapFlip(A, Pos(0, 2)))
    st.must_apply(SlapStop(A))
    assert st.hand(A) == [card("3S"), card("5S")]
    assert st.discard[-3:] == [card("7C"), card("7S"), card("7H")]


def test_rule9_example_player_a_discards_their_own_10_and_player_bs_10():
    grids = [["TS", "3S", "4S", "5S"], ["2H", "TH", "4H", "5H"]]
    st = CaboState.from_layout(grids, draw=["TC"], turn=B)
    st.must_apply(Draw(B))
    st.must_apply(Discard(B))
    st.must_apply(Slap(A, 0.3))
    st.must_apply(SlapFlip(A, Pos(0, 0)))
    st.must_apply(SlapFlip(A, Pos(1, 1)))
    st.must_apply(SkipGive(A))
    st.must_apply(SlapStop(A))
    assert card("TS") not in st.hand(A) and card("TH") not in st.hand(B)
    assert SlapResult(A, 2, 0) in st.events


def test_rule9_up_to_every_match_on_the_table_with_jokers():
    grids = [["XB", "3S"], ["2H", "3H"]]
    st = CaboState.from_layout(grids, draw=["XR"], turn=B)
    st.must_apply(Draw(B))
    st.must_apply(Discard(B))
    st.must_apply(Slap(A, 0.3))
    st.must_apply(SlapFlip(A, Pos(0, 0)))
    st.must_apply(SlapStop(A))
    assert st.hand(A) == [card("3S")]


# Rule 10: slapping a card to flip/discard the card of another player


def test_rule10_a_correct_flip_from_another_grid_lets_you_give_a_card_into_that_place():
    st = after_discard("7C", GRIDS, seen={A: [(1, 1), (0, 3)]})
    st.must_apply(Slap(A, 0.3))
    st.must_apply(SlapFlip(A, Pos(1, 1)))
    assert st.phase is Phase.GIVE and st.current_player() == A
    assert {a.slot for a in st.legal_actions() if isinstance(a, Give)} == {0, 1, 2, 3}
    st.must_apply(Give(A, 3))
    assert st.card_at(Pos(1, 1)) == card("5S")  # into the same position
    assert st.grids[A][3] is None and len(st.hand(A)) == 3  # the slapper has one card less
    assert st.observation(B).known() == {}  # B may not look at it
    assert st.observation(A).known() == {Pos(1, 1): card("5S")}  # A still knows what they gave
    st.must_apply(SlapStop(A))
    assert st.phase is Phase.TURN and st.current_player() == B


def test_rule10_the_slapper_may_keep_their_cards():
    st = after_discard("7C", GRIDS)
    st.must_apply(Slap(A, 0.3))
    st.must_apply(SlapFlip(A, Pos(1, 1)))
    st.must_apply(SkipGive(A))
    st.must_apply(SlapStop(A))
    assert st.grids[B][1] is None and len(st.hand(A)) == 4


def test_rule10_a_wrong_flip_from_another_grid_costs_two_and_the_owner_has_one_less():
    st = after_discard("7C", GRIDS)
    st.must_apply(Slap(A, 0.3))
    st.must_apply(SlapFlip(A, Pos(1, 0)))  # B's 2
    assert len(st.hand(A)) == 6 and len(st.hand(B)) == 3
    assert st.top == card("2H") and st.phase is Phase.TURN


def test_rule10_a_slapper_without_cards_gives_nothing():
    grids = [[None, None], ["7H", "3H"], ["2D", "3D"]]
    st = CaboState.from_layout(grids, draw=["7C"], turn=B)
    st.must_apply(Draw(B))
    st.must_apply(Discard(B))
    st.must_apply(Slap(A, 0.3))
    st.must_apply(SlapFlip(A, Pos(1, 0)))
    assert st.phase is Phase.SLAP  # no GIVE step: A has nothing to give


# Rule 11: slapping a card that is not in the discard pile


def test_rule11_slapping_anything_but_the_top_discard_does_nothing():
    st = after_discard("7C", GRIDS)
    st.must_apply(Slap(B, 0.2))
    st.must_apply(SlapFlip(B, Pos(1, 1)))
    st.must_apply(SlapStop(B))
    before = st.to_dict()
    # The original 7 is now under B's 7; slapping at it is nothing, and costs nothing.
    result = st.apply(Slap(C, 0.5))
    assert result is not None and "nothing to slap" in result.reason
    assert st.to_dict() == before


# Slaps and Kaboom!


def test_a_kaboomer_cannot_slap_and_their_cards_cannot_be_flipped():
    grids = [["2S", "3S", "4S", "5S"], ["2H", "7H", "4H", "5H"], ["7S", "3D", "7D", "5D"]]
    st = CaboState.from_layout(grids, draw=["7C"], turn=C)
    st.must_apply(CallKaboom(C))
    st.must_apply(Draw(A))
    st.must_apply(Discard(A))
    assert not st.is_legal(Slap(C))
    st.must_apply(Slap(A, 0.4))
    assert not st.is_legal(SlapFlip(A, Pos(2, 0)))
    assert "locked" in (st.why_illegal(SlapFlip(A, Pos(2, 0))) or "")
    assert st.is_legal(SlapFlip(A, Pos(1, 1)))


def test_penalty_cards_fill_empty_slots_then_extend_the_grid_past_ten_cards():
    grids = [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]]
    st = CaboState.from_layout(grids, draw=["9C"])
    st.must_apply(Draw(A))
    st.must_apply(Discard(A))
    st.must_apply(Slap(A, 0.3))
    events = st.must_apply(SlapFlip(A, Pos(A, 0)))  # a 2 on a 9
    assert next(e for e in events if isinstance(e, Penalty)).slots == (0, 4)
    for _ in range(6):
        seat = st.current_player()
        st.must_apply(Draw(seat))
        st.must_apply(Discard(seat))
        st.must_apply(Slap(A, 0.3))
        st.must_apply(SlapStop(A))  # changed mind: one more card each time
    assert len(st.hand(A)) == 11 and len(st.grids[A]) == 11
    assert [e.slots for e in st.events if isinstance(e, Penalty)][-1] == (10,)
