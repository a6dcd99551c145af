"""What a seat may know: observations hide every unseen card, and the AI sees nothing else."""

import copy
import random

from game.games.cabo.ai import CaboAI, RandomAI
from game.games.cabo.rules import (
    TABLE,
    BlindSwap,
    CaboOptions,
    CaboState,
    Discard,
    Draw,
    Drew,
    Give,
    KingDecide,
    KingLook,
    Phase,
    Pos,
    Replace,
    Slap,
    SlapFlip,
    SlapStop,
    UsePower,
    card,
    new_game,
)

A, B, C = 0, 1, 2


def tamper(st: CaboState, viewer: int, seed: int) -> CaboState:
    """A copy of `st` whose cards hidden from `viewer` are shuffled among their places."""
    other = st.clone()
    if other.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
        return other
    cells = [c for grid in other.grids for c in grid if c is not None and viewer not in c.seen]
    hidden = [c.card for c in cells] + list(other.draw)
    if other.drawn is not None and viewer != other.turn:
        hidden.append(other.drawn)
    shuffled = random.Random(seed).sample(hidden, len(hidden))
    swap = dict(zip(hidden, shuffled, strict=True))
    for c in cells:
        c.card = swap[c.card]
    other.draw = [swap[c] for c in other.draw]
    if other.drawn is not None and viewer != other.turn:
        other.drawn = swap[other.drawn]
    if other.king is not None:
        other.king.card_a = swap.get(other.king.card_a, other.king.card_a)
        other.king.card_b = swap.get(other.king.card_b, other.king.card_b)
    return other


def ai_states(difficulties, seeds):
    """Every decision point of AI matches, with the bots as they were just before deciding."""
    for seed in seeds:
        st = new_game(CaboOptions(players=len(difficulties), rounds=2), seed)
        bots = [CaboAI(d, s, seed * 10 + s) for s, d in enumerate(difficulties)]
        rng = random.Random(seed)
        while not st.is_terminal():
            cur = st.current_player()
            if cur == TABLE:
                st.must_apply(st.legal_actions()[0])
                continue
            yield st, bots
            slaps = [b.react(st.observation(b.seat)) for b in bots]
            slaps = [s for s in slaps if s is not None and st.is_legal(s)]
            if slaps and rng.random() < 0.7:
                st.must_apply(min(slaps, key=lambda s: s.t))
            else:
                st.must_apply(bots[cur].choose(st.observation(cur)))


def test_observations_do_not_change_when_hidden_cards_do():
    checked = 0
    for st, _ in ai_states(["hard", "medium", "easy"], seeds=range(3)):
        for viewer in range(st.players):
            assert st.observation(viewer) == tamper(st, viewer, checked).observation(viewer)
            checked += 1
    assert checked > 500


def test_ai_decisions_do_not_change_when_hidden_cards_do():
    """The AI reads only its observation: shuffling what it can't see changes nothing."""
    checked = 0
    for st, bots in ai_states(["hard", "medium", "easy", "hard"], seeds=range(3)):
        cur = st.current_player()
        for bot in bots:
            fake = tamper(st, bot.seat, checked)
            twin_a, twin_b = copy.deepcopy(bot), copy.deepcopy(bot)
            assert twin_a.react(st.observation(bot.seat)) == twin_b.react(
                fake.observation(bot.seat)
            )
            if bot.seat == cur:
                assert twin_a.choose(st.observation(cur)) == twin_b.choose(fake.observation(cur))
            checked += 1
    assert checked > 500


def test_random_ai_decisions_do_not_change_when_hidden_cards_do():
    st = new_game(CaboOptions(players=3), 8)
    for _ in range(60):
        cur = st.current_player()
        bot = RandomAI(cur, 5)
        fake = tamper(st, cur, 1)
        twin = copy.deepcopy(bot)
        action = bot.choose(st.observation(cur))
        assert twin.choose(fake.observation(cur)) == action
        st.must_apply(action)
        if st.current_player() == TABLE:
            st.must_apply(st.legal_actions()[0])


def test_at_the_start_a_seat_knows_only_its_own_bottom_two_cards():
    st = new_game(CaboOptions(players=4), 11)
    for seat in range(4):
        obs = st.observation(seat)
        assert set(obs.known()) == {Pos(seat, 2), Pos(seat, 3)}
        assert obs.count((seat + 1) % 4) == 4 and obs.draw_count == 54 - 16
        assert obs.discard == () and obs.drawn is None


def test_public_piles_counts_and_turn_are_in_the_observation():
    st = CaboState.from_layout([["2S", "3S"], ["4H"]], draw=["9C"], discard=["5D", "6D"])
    st.must_apply(Draw(A))
    st.must_apply(Discard(A))
    obs = st.observation(B)
    assert obs.discard == (card("6D"), card("5D"), card("9C"))
    assert obs.top == card("9C") and obs.window and obs.can_slap and obs.window_from == A
    assert obs.current == B and obs.phase is Phase.TURN
    assert [obs.count(p) for p in (A, B)] == [2, 1]
    assert Slap(B) in obs.legal and Draw(B) in obs.legal


def test_a_seen_card_that_left_the_table_is_not_known_when_it_comes_back():
    st = CaboState.from_layout(
        [["2S", "3S"], ["4H", "5H"], ["6D", "7D"]],
        draw=["AC", "JC"],
        seen={A: [(0, 0)]},
        fill_draw=False,
    )
    st.must_apply(Draw(A))
    st.must_apply(Replace(A, 0))  # A's known 2 goes to the discard pile
    st.must_apply(Draw(B))
    st.must_apply(Discard(B))  # the Jack covers it
    st.must_apply(Draw(C))  # the pile is empty: the 2 is reshuffled and C draws it
    assert st.drawn == card("2S")
    st.must_apply(Replace(C, 0))
    assert st.card_at(Pos(C, 0)) == card("2S")
    assert Pos(C, 0) not in st.observation(A).known()
    assert st.observation(C).known() == {Pos(C, 0): card("2S")}


def test_a_given_card_stays_known_to_the_giver_and_unknown_to_the_receiver():
    st = CaboState.from_layout(
        [["2S", "3S"], ["7H", "5H"], ["8D"]], draw=["7C"], seen={A: [(0, 1), (1, 0)]}
    )
    st.must_apply(Draw(A))
    st.must_apply(Discard(A))
    st.must_apply(Slap(A, 0.2))
    st.must_apply(SlapFlip(A, Pos(B, 0)))
    st.must_apply(Give(A, 1))
    assert st.observation(A).known() == {Pos(B, 0): card("3S")}
    assert st.observation(B).known() == {} and st.observation(C).known() == {}
    st.must_apply(SlapStop(A))


def test_the_king_user_follows_both_cards_others_only_know_where_they_went():
    st = CaboState.from_layout([["2S", "3S"], ["4H", "5H"]], draw=["KC"], seen={B: [(1, 0)]})
    st.must_apply(Draw(A))
    st.must_apply(UsePower(A))
    st.must_apply(KingLook(A, Pos(A, 0), Pos(B, 0)))
    st.must_apply(KingDecide(A, True))
    assert st.observation(A).known() == {Pos(A, 0): card("4H"), Pos(B, 0): card("2S")}
    assert st.observation(B).known() == {Pos(A, 0): card("4H")}  # B watched their 4 move


def test_moved_cards_carry_when_they_moved_and_when_the_viewer_saw_them():
    st = CaboState.from_layout([["2S", "3S"], ["4H", "5H"]], draw=["QC"], seen={B: [(1, 1)]})
    st.must_apply(Draw(A))
    st.must_apply(UsePower(A))
    st.must_apply(BlindSwap(A, Pos(A, 0), Pos(B, 1)))
    view = st.observation(B).grids[A][0]
    assert view is not None and view.card == card("5H")
    assert view.seen_at == 0 and view.moved_at == st.move


def test_events_for_redacts_what_the_viewer_may_not_see():
    st = CaboState.from_layout([["2S"], ["3S"]], draw=["9C"])
    st.must_apply(Draw(A))
    (mine,) = st.events_for(A)
    (theirs,) = st.events_for(B)
    assert isinstance(mine, Drew) and mine.card == card("9C")
    assert isinstance(theirs, Drew) and theirs.card is None
    (public,) = st.events_for(None)
    assert public == theirs
