"""HOW TO END AND SCORE EACH ROUND, Auto Kaboom, Continuing Play and HOW TO WIN THE GAME."""

from game.games.cabo.rules import (
    TABLE,
    BlindSwap,
    CaboOptions,
    CaboState,
    CallKaboom,
    Discard,
    Draw,
    GameEnded,
    KaboomCalled,
    NextRound,
    PeekOther,
    Phase,
    Pos,
    Reveal,
    RoundEnded,
    Slap,
    SlapFlip,
    SlapStop,
    UsePower,
    card,
    round_winners,
    score_round,
)

A, B, C = 0, 1, 2


# Closest to zero


def test_closest_to_zero_example_0_beats_minus_1():
    assert round_winners([0, -1]) == (0,)


def test_closest_to_zero_example_minus_2_and_2_tie():
    assert round_winners([-2, 2, 5]) == (0, 1)


def test_closest_to_zero_example_an_ace_ties_a_joker():
    assert round_winners([1, -1]) == (0, 1)


def test_closest_to_zero_example_1_beats_minus_2_and_10_can_win():
    assert round_winners([1, -2]) == (0,)
    assert round_winners([10, 12, 31]) == (0,)


# Scoring


def test_scoring_example_5_3_and_a_joker_total_7():
    st = CaboState.from_layout([["5S", "3S", "XR"], ["AS"]])
    assert st.card_total(A) == 7


def test_scoring_example_an_ace_and_a_joker_total_0():
    st = CaboState.from_layout([["AS", "XB"], ["2S"]])
    assert st.card_total(A) == 0


def test_scoring_non_kaboomers_score_their_card_total():
    assert score_round([7, 0, -1, 30], kaboomer=None) == [7, 0, -1, 30]


def test_kaboomer_scoring_rule1_example_closest_with_3_scores_minus_8():
    assert score_round([3, 5, 9], kaboomer=0) == [-8, 5, 9]


def test_kaboomer_scoring_rule1_distance_counts_for_a_negative_total():
    assert score_round([-2, 5], kaboomer=0) == [-7, 5]


def test_kaboomer_scoring_rule2_example_not_closest_with_3_scores_13():
    assert score_round([3, 1, 9], kaboomer=0) == [13, 1, 9]


def test_kaboomer_scoring_rule3_example_joker_ties_ace_scores_11_and_1():
    assert score_round([-1, 1], kaboomer=0) == [11, 1]


def test_there_is_no_reward_for_beating_the_kaboomer():
    assert score_round([4, 2, 9], kaboomer=0) == [14, 2, 9]


# Ending the round


def test_kaboom_is_the_only_action_of_that_turn_and_nobody_draws():
    st = CaboState.from_layout([["AS"], ["2S"], ["3S"]])
    draw_before = len(st.draw)
    st.must_apply(CallKaboom(A))
    assert len(st.draw) == draw_before and st.current_player() == B
    assert not st.is_legal(CallKaboom(B))  # one Kaboom! per round


def test_after_kaboom_everyone_else_gets_one_last_turn():
    st = CaboState.from_layout([["AS"], ["2S"], ["3S"]], turn=B)
    st.must_apply(CallKaboom(B))
    order = []
    while st.phase is Phase.TURN:
        seat = st.current_player()
        order.append(seat)
        st.must_apply(Draw(seat))
        st.must_apply(Discard(seat))
    assert order == [C, A]  # the Kaboomer gets no further turn
    assert st.phase is Phase.LAST_CALL and st.current_player() == TABLE
    assert st.legal_actions() == [Reveal()]


def test_the_last_discard_can_still_be_slapped_before_the_reveal():
    st = CaboState.from_layout([["AS"], ["7S", "2S"]], turn=B, draw=["7C"])
    st.must_apply(CallKaboom(B))
    st.must_apply(Draw(A))
    st.must_apply(Discard(A))
    assert st.phase is Phase.LAST_CALL and st.is_legal(Slap(A))
    assert not st.is_legal(Slap(B))  # the Kaboomer can't


def test_kaboomer_cards_are_locked_no_touch_change_or_look():
    st = CaboState.from_layout([["AS", "2S"], ["2H", "3H"], ["2D", "3D"]], draw=["9C", "JC"])
    st.must_apply(CallKaboom(A))
    st.must_apply(Draw(B))
    st.must_apply(UsePower(B))
    assert not st.is_legal(PeekOther(B, Pos(A, 0)))
    assert st.is_legal(PeekOther(B, Pos(C, 0)))
    st.must_apply(PeekOther(B, Pos(C, 0)))
    st.must_apply(Draw(C))
    st.must_apply(UsePower(C))
    assert not st.is_legal(BlindSwap(C, Pos(A, 0), Pos(B, 0)))
    assert all(Pos(A, 0) not in (a.a, a.b) for a in st.legal_actions(C) if isinstance(a, BlindSwap))


def test_the_round_is_scored_when_the_table_reveals():
    st = CaboState.from_layout([["AS", "2S"], ["5H", "3H"], ["KH", "XR"]])
    st.must_apply(CallKaboom(A))
    for seat in (B, C):
        st.must_apply(Draw(seat))
        st.must_apply(Discard(seat))
    (ended,) = st.must_apply(Reveal())
    assert isinstance(ended, RoundEnded)
    assert ended.card_totals == (3, 8, -1)
    assert ended.scores == (13, 8, -1)  # C's -1 is closer than A's 3
    assert ended.winners == (C,) and ended.next_starter == C
    assert ended.hands[A] == (card("AS"), card("2S"))
    assert st.totals == [13, 8, -1] and st.history == [[13, 8, -1]]
    assert st.phase is Phase.ROUND_OVER and st.current_player() == TABLE
    assert st.observation(B).known()[Pos(A, 0)] == card("AS")  # all cards are face up now


# Auto Kaboom


def test_auto_kaboom_a_player_with_no_cards_at_their_turn():
    grids = [["7S", "2S"], [None, None], ["3D", "4D"]]
    st = CaboState.from_layout(grids, draw=["8C"])
    st.must_apply(Draw(A))
    events = st.must_apply(Discard(A))
    assert KaboomCalled(B, True) in events
    assert st.kaboomer == B and st.current_player() == C


def test_auto_kaboom_after_slapping_away_your_last_card_before_drawing():
    grids = [["7S", "2S"], ["7H"], ["3D", "4D"]]
    st = CaboState.from_layout(grids, draw=["7C"], seen={B: [(1, 0)]})
    st.must_apply(Draw(A))
    st.must_apply(Discard(A))
    st.must_apply(Slap(B, 0.3))
    st.must_apply(SlapFlip(B, Pos(B, 0)))
    st.must_apply(SlapStop(B))
    assert st.kaboomer == B and st.current_player() == C


def test_auto_kaboom_scores_zero_and_can_still_lose_to_a_tie():
    assert score_round([0, 3], kaboomer=0) == [-5, 3]
    assert score_round([0, 0], kaboomer=0) == [10, 0]


def test_after_a_kaboom_a_player_without_cards_still_takes_their_last_turn():
    grids = [["AS"], [None], ["3D"]]
    st = CaboState.from_layout(grids, turn=C)
    st.must_apply(CallKaboom(C))
    st.must_apply(Draw(A))
    st.must_apply(Discard(A))
    assert st.current_player() == B and st.phase is Phase.TURN and st.kaboomer == C
    assert st.legal_actions() == [Slap(B), Draw(B)]


# Continuing play


def _finish_round(st: CaboState, kaboomer: int) -> RoundEnded:
    st.must_apply(CallKaboom(kaboomer))
    while st.phase is Phase.TURN:
        seat = st.current_player()
        st.must_apply(Draw(seat))
        st.must_apply(Discard(seat))
    ended = st.must_apply(Reveal())[0]
    assert isinstance(ended, RoundEnded)
    return ended


def test_the_round_winner_starts_the_next_round():
    st = CaboState.from_layout([["9S"], ["2H"], ["KS"]], options=CaboOptions(players=3))
    ended = _finish_round(st, A)
    assert ended.winners == (B,)
    st.must_apply(NextRound())
    assert st.round == 2 and st.phase is Phase.FLIP and st.current_player() == B
    assert [len(st.hand(p)) for p in range(3)] == [4, 4, 4]


def test_a_round_winner_tie_goes_to_the_lowest_total_so_far():
    st = CaboState.from_layout([["9S"], ["2H"], ["XR", "3S"]], totals=[0, 20, 5])
    ended = _finish_round(st, A)
    assert ended.winners == (B, C)
    assert ended.next_starter == C  # 20 + 2 against 5 + 2


def test_the_game_ends_after_the_chosen_number_of_rounds_lowest_total_wins():
    st = CaboState.from_layout(
        [["9S"], ["2H"]],
        options=CaboOptions(players=2, rounds=2),
        round=2,
        totals=[10, 15],
        turn=B,
    )
    _finish_round(st, B)  # B: 2 against 9, closest: -7
    assert st.is_terminal() and st.current_player() < 0
    assert st.totals == [19, 8]
    assert isinstance(st.events[-1], GameEnded) and st.events[-1].winners == (B,)
    assert st.winners() == (B,) and st.returns() == [-19.0, -8.0]
    assert st.legal_actions() == []


def test_totals_add_up_over_rounds():
    st = CaboState.from_layout([["9S"], ["2H"]], totals=[3, 4])
    _finish_round(st, A)
    assert st.totals == [3 + 19, 4 + 2]


def test_a_full_game_plays_the_default_rounds():
    from game.games.cabo.rules import DEFAULT_ROUNDS
    from game.games.cabo.sim import simulate_match

    result = simulate_match(["hard", "medium"], seed=3)
    assert result["rounds"] == DEFAULT_ROUNDS
