"""Cards, dealing, the peek and the slap phase that finds the round's starter."""

import pytest

from game.games.cabo import words
from game.games.cabo.rules import (
    DECK,
    OPENING_FLIPS,
    CaboOptions,
    CaboState,
    CallKaboom,
    Dealt,
    Draw,
    Flipped,
    FlipTop,
    NextRound,
    Pass,
    Peeked,
    Phase,
    Pos,
    Power,
    Reshuffled,
    RoundStarted,
    Slap,
    SlapFlip,
    SlapStop,
    TurnStarted,
    UsePower,
    card,
    new_game,
)


def test_deck_has_54_cards_with_both_jokers():
    assert len(DECK) == 54 == len(set(DECK))
    assert sum(c.is_joker for c in DECK) == 2
    assert {c.suit for c in DECK if c.is_joker} == {"R", "B"}


@pytest.mark.parametrize(
    ("code", "value"),
    [
        ("AS", 1), ("2H", 2), ("5D", 5), ("9C", 9), ("TH", 10), ("JS", 12), ("QD", 15),
        ("KH", 0), ("KD", 0), ("KS", 30), ("KC", 30), ("XR", -1), ("XB", -1),
    ],
)  # fmt: skip
def test_card_values(code, value):
    assert card(code).value == value


@pytest.mark.parametrize(
    ("code", "power"),
    [
        ("7H", Power.PEEK_OWN), ("8S", Power.PEEK_OWN),
        ("9D", Power.PEEK_OTHER), ("TC", Power.PEEK_OTHER),
        ("JH", Power.BLIND_SWAP), ("QS", Power.BLIND_SWAP),
        ("KD", Power.VISIBLE_SWAP), ("KS", Power.VISIBLE_SWAP),
        ("AS", None), ("2H", None), ("6C", None), ("XR", None),
    ],
)  # fmt: skip
def test_card_powers(code, power):
    assert card(code).power is power


def test_match_is_same_number_or_face_whatever_the_colour():
    assert card("7H").matches(card("7S"))
    assert card("KH").matches(card("KS"))  # a red and a black King still match
    assert card("XR").matches(card("XB"))
    assert not card("JH").matches(card("QH"))


def test_card_codes_round_trip_and_accept_10():
    assert all(card(c.code) is c or card(c.code) == c for c in DECK)
    assert card("10h") == card("TH")
    with pytest.raises(ValueError):
        card("1Z")


def test_players_2_to_6():
    for n in range(2, 7):
        assert new_game(CaboOptions(players=n)).players == n
    for n in (1, 7):
        with pytest.raises(ValueError):
            CaboOptions(players=n)


def test_the_lobby_the_rules_page_and_the_rules_default_to_one_number_of_rounds():
    """The rules page said 10 rounds by default while the lobby's default was 5."""
    from game.games.cabo import INFO
    from game.games.cabo import rules as R
    from game.games.cabo.info import rules_page

    lobby = next(o for o in INFO.options if o.key == "rounds")
    assert CaboOptions().rounds == lobby.default == R.DEFAULT_ROUNDS
    assert f"({lobby.default} by default" in rules_page()


def test_deal_four_face_down_cards_each_in_a_2x2_grid():
    st = new_game(CaboOptions(players=4), seed=1)
    assert [len(st.hand(p)) for p in range(4)] == [4, 4, 4, 4]
    assert len(st.draw) == 54 - 16 and st.discard == []
    assert st.phase is Phase.FLIP
    kinds = [type(e) for e in st.events]
    assert kinds[:2] == [RoundStarted, Dealt]


def test_peek_bottom_two_once_only_the_owner_sees_them():
    st = new_game(CaboOptions(players=3), seed=2)
    peeks = [e for e in st.events if isinstance(e, Peeked)]
    assert {(e.player, e.pos) for e in peeks} == {(p, Pos(p, s)) for p in range(3) for s in (2, 3)}
    assert all(e.visible_to == (e.player,) for e in peeks)
    obs = st.observation(1)
    assert set(obs.known()) == {Pos(1, 2), Pos(1, 3)}
    assert obs.known()[Pos(1, 2)] == st.card_at(Pos(1, 2))


def test_first_starter_is_an_option_or_seeded_random():
    assert new_game(CaboOptions(first_starter=2)).turn == 2
    starters = {new_game(CaboOptions(first_starter=None), seed=s).starter for s in range(30)}
    assert starters == {0, 1, 2, 3}
    assert (
        new_game(CaboOptions(first_starter=None), 5).starter
        == new_game(CaboOptions(first_starter=None), 5).starter
    )


def test_slap_phase_players_flip_the_top_draw_card_in_turn_clockwise():
    st = new_game(CaboOptions(players=3, first_starter=1), seed=3)
    seats = []
    for _ in range(4):
        seat = st.current_player()
        top = st.draw[-1]
        st.must_apply(FlipTop(seat))
        assert st.top == top
        seats.append(seat)
    assert seats == [1, 2, 0, 1]
    assert not st.is_legal(Draw(st.current_player()))


def _slap_phase_table() -> CaboState:
    return CaboState.from_layout(
        [["2S", "3S", "7H", "4S"], ["5S", "6S", "9C", "8C"]],
        draw=["7D", "QS"],
        phase=Phase.FLIP,
        seen={0: [(0, 2), (0, 3)], 1: [(1, 2), (1, 3)]},
    )


def test_slap_phase_a_correct_slap_starts_play_with_the_slapper():
    st = _slap_phase_table()
    st.must_apply(FlipTop(0))
    st.must_apply(Slap(1, 0.5))  # seat 1 slaps first... and only has a 9 and an 8 to go on
    st.must_apply(SlapStop(1))
    assert st.phase is Phase.FLIP  # a penalty-only slap does not start play
    st = _slap_phase_table()
    st.must_apply(FlipTop(0))
    st.must_apply(Slap(0, 0.4))
    st.must_apply(SlapFlip(0, Pos(0, 2)))
    st.must_apply(SlapStop(0))
    assert st.phase is Phase.TURN and st.current_player() == 0
    assert st.grids[0][2] is None  # the slot stays empty: the card is not replaced
    assert st.top == card("7H")
    assert isinstance(st.events[-1], TurnStarted)


def test_slap_phase_a_penalty_slap_does_not_start_play():
    st = _slap_phase_table()
    st.must_apply(FlipTop(0))
    st.must_apply(Slap(1, 0.4))
    st.must_apply(SlapFlip(1, Pos(1, 2)))  # a 9 on a 7
    assert st.phase is Phase.FLIP and st.current_player() == 1
    assert len(st.hand(1)) == 3 + 2


def test_slap_phase_flipped_cards_have_no_power():
    st = _slap_phase_table()
    st.must_apply(FlipTop(0))  # a 7, flipped, not drawn
    assert st.legal_actions(1) == [Slap(1), FlipTop(1)]
    assert not st.is_legal(UsePower(0))


def test_slap_phase_ends_when_the_draw_pile_runs_out():
    st = CaboState.from_layout(
        [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]],
        draw=["9C", "TC"],
        phase=Phase.FLIP,
        turn=1,
        fill_draw=False,
    )
    st.must_apply(FlipTop(1))
    st.must_apply(FlipTop(0))
    assert st.phase is Phase.TURN and st.turn == 1  # the round's starter begins play
    assert st.is_legal(Slap(0))  # the last flipped card is slappable until the draw
    st.must_apply(Draw(1))
    assert isinstance(st.events[-2], Reshuffled)
    assert st.discard == [card("TC")] and st.drawn == card("9C")


def test_by_the_rulebook_the_opening_flips_go_on_until_a_slap():
    st = new_game(CaboOptions(players=2, first_starter=1), seed=4)
    for _ in range(OPENING_FLIPS * 2):
        st.must_apply(FlipTop(st.current_player()))
    assert st.phase is Phase.FLIP and st.opening_flips() == OPENING_FLIPS * 2


def test_the_quick_opening_ends_after_its_flips_with_no_correct_slap():
    st = new_game(CaboOptions(players=2, first_starter=1, opening_flips=OPENING_FLIPS), seed=4)
    for i in range(OPENING_FLIPS):
        assert st.phase is Phase.FLIP and st.opening_flips() == i
        if i == 3:  # a penalty-only slap on the way does not end the opening
            seat = st.current_player()
            st.must_apply(Slap(seat, 0.5))
            st.must_apply(SlapStop(seat))
        st.must_apply(FlipTop(st.current_player()))
    assert st.phase is Phase.TURN and st.turn == 1  # the round's starter begins play
    assert st.is_legal(Slap(0)) and st.top == st.discard[-1]  # slappable until the draw
    assert sum(isinstance(e, Flipped) for e in st.events) == OPENING_FLIPS


def test_the_opening_flips_are_counted_afresh_each_round():
    st = new_game(CaboOptions(players=2, rounds=2, opening_flips=OPENING_FLIPS), seed=4)
    for _ in range(OPENING_FLIPS):
        st.must_apply(FlipTop(st.current_player()))
    st.must_apply(CallKaboom(st.current_player()))
    while st.phase is not Phase.ROUND_OVER:
        st.must_apply(next(a for a in st.legal_actions() if not isinstance(a, Slap)))
    st.must_apply(NextRound())
    assert st.phase is Phase.FLIP and st.opening_flips() == 0


def test_slap_phase_with_an_empty_draw_pile_passes_to_the_starter():
    st = CaboState.from_layout(
        [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]],
        phase=Phase.FLIP,
        turn=1,
        fill_draw=False,
    )
    assert st.legal_actions() == [Pass(1)]
    st.must_apply(Pass(1))
    assert st.phase is Phase.TURN and st.turn == 1


def test_reshuffle_keeps_the_top_discard_and_shuffles_the_rest():
    st = CaboState.from_layout(
        [["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]],
        discard=["9C", "TC", "JC", "QC"],
        fill_draw=False,
    )
    st.must_apply(Draw(0))
    assert st.discard == [card("9C")]
    assert st.drawn in {card("TC"), card("JC"), card("QC")}
    assert len(st.draw) == 2
    assert any(isinstance(e, Reshuffled) and e.count == 3 for e in st.events)


def test_flip_event_is_public():
    st = _slap_phase_table()
    st.must_apply(FlipTop(0))
    event = st.events[-1]
    assert isinstance(event, Flipped) and event.card == card("7D")
    assert "7 of diamonds" in (words.describe(event, ["Ann", "Bob"]) or "")


def test_the_lobbys_quick_opening_is_the_rules_count() -> None:
    from game.app.catalogue import MatchSetup, Seat
    from game.games.cabo import QUICK_OPENING, RULEBOOK_OPENING
    from game.games.cabo.options import options_from

    assert f"{OPENING_FLIPS} cards" == QUICK_OPENING
    seats = [Seat("Ana", "yellow"), Seat("Ben", "blue", "ai", "easy")]
    for opts in ({"opening": QUICK_OPENING}, {}):  # the quick one is the default
        assert options_from(MatchSetup("cabo", seats, opts, 1)).opening_flips == OPENING_FLIPS
    rulebook = MatchSetup("cabo", seats, {"opening": RULEBOOK_OPENING}, 1)
    assert options_from(rulebook).opening_flips is None


def test_the_default_opening_ends_within_its_flips_and_the_lobby_says_so() -> None:
    """A stranger's "until a slap" opening ran 12 flips: the lobby's default now stops after
    `OPENING_FLIPS` cards, its explanation names both choices, and the simulation plays the
    same opening as the table."""
    from game.app.catalogue import MatchSetup, Seat
    from game.games.cabo import INFO, QUICK_OPENING, RULEBOOK_OPENING
    from game.games.cabo.options import options_from
    from game.games.cabo.rules.events import Flipped, RoundStarted
    from game.games.cabo.sim import play_match, start_match

    assert OPENING_FLIPS <= 8
    opening = next(o for o in INFO.options if o.key == "opening")
    assert INFO.default_options()["opening"] == QUICK_OPENING
    assert f"{QUICK_OPENING} (default)" in opening.help and "Until a slap" in opening.help
    assert RULEBOOK_OPENING in opening.choices
    seats = [Seat("Ana", "yellow", "ai", "medium"), Seat("Ben", "blue", "ai", "medium")]
    opts = options_from(MatchSetup("cabo", seats, {}, 1))
    longest = 0
    for seed in range(12):
        st, bots = start_match(["medium", "medium"], seed,
                               {"rounds": 2, "opening_flips": opts.opening_flips})
        play_match(st, bots)
        run = 0
        for ev in st.events:
            if isinstance(ev, RoundStarted):
                run = 0
            elif isinstance(ev, Flipped):
                run += 1
                longest = max(longest, run)
    assert 0 < longest <= OPENING_FLIPS


def test_the_opening_option_round_trips_and_the_rulebooks_leaves_no_trace() -> None:
    quick = CaboOptions(players=2, opening_flips=OPENING_FLIPS)
    assert CaboOptions.from_dict(quick.to_dict()) == quick
    assert "opening_flips" not in CaboOptions(players=2).to_dict()  # old replays still verify
    assert CaboOptions.from_dict(CaboOptions(players=2).to_dict()).opening_flips is None
