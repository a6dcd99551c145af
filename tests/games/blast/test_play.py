"""Whole matches: random legal games (2-5 players) conserve the cards and end within the bound,
seeds replay, saves round-trip mid-chain, observations leak nothing, refusals say why."""

from __future__ import annotations

import json
import random

import pytest

from game.games.blast import data as D
from game.games.blast.rules import (
    ACTION_TYPES,
    Action,
    Arrange,
    Defend,
    Endgame,
    MatchState,
    Pass,
    Phase,
    Play,
    TakeIt,
    Trade,
    Undermine,
    new_match,
    random_game,
    random_step,
)
from game.games.blast.rules.events import Looked
from tests.games.blast.helpers import ok, refused, table

SEEDS = range(12)


def play_until(m: MatchState, seed: int, stop: object, limit: int = 5000) -> int:
    """Random legal steps until `stop(m)` holds; the number of steps taken."""
    for step in range(limit):
        if m.is_terminal() or stop(m):  # type: ignore[operator]
            return step
        assert m.apply(random_step(m, seed, step)) is None
    return limit


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_conserve_cards_and_end_within_the_bound(players: int) -> None:
    kinds: set[str] = set()
    for seed in SEEDS:
        m = new_match(players, seed)
        step = 0
        while not m.is_terminal():
            seat = m.current_player()
            assert seat is not None
            legal = m.legal_actions(seat)
            assert legal, m.phase
            if m.phase == Phase.DEFEND:
                assert legal[0] == TakeIt(seat)
                assert all(isinstance(a, TakeIt | Defend) for a in legal)
            for other in range(players):
                if other != seat:
                    assert m.legal_actions(other) == []
            assert m.apply(random_step(m, seed, step)) is None
            assert m.conserved(), m.census()
            assert sorted(m.endgame_set + ([D.ADVANCED_TECH] if m.tech_seat >= 0 else [])) == (
                sorted(D.ENDGAME_CARDS))
            step += 1
        assert m.turn <= m.options.max_rounds * players
        assert m.winners() and all(m.players[w].alive for w in m.winners())
        assert m.end_reason in ("last_standing", "round_limit")
        kinds |= {e.kind for e in m.events}
    assert {"aimed", "took", "destroyed", "played"} <= kinds


def test_random_play_reaches_every_card() -> None:
    played: set[str] = set()
    for seed in range(15):
        for players in (3, 4, 5):
            m = random_game(players, seed)
            played |= {e.card for e in m.events
                       if e.kind in ("played", "answered", "endgame_card")}
    every = {c.card_id for c in D.CARD_TYPES}
    assert played == every, every - played


def test_a_seed_replays_the_same_match() -> None:
    for players in (2, 5):
        a, b = random_game(players, 11), random_game(players, 11)
        assert a.to_dict() == b.to_dict()
    assert random_game(4, 1).to_dict() != random_game(4, 2).to_dict()


def test_round_trip_inside_a_defence_window_then_play_on() -> None:
    m = new_match(4, 3)
    step = play_until(m, 3, lambda s: s.phase == Phase.DEFEND and len(s.chain) >= 1)
    assert m.phase == Phase.DEFEND
    data = json.loads(json.dumps(m.to_dict()))
    copy = MatchState.from_dict(data)
    assert copy.to_dict() == m.to_dict()
    assert copy.current_player() == m.current_player() and copy.window() == m.window()
    for s in range(4):
        assert copy.observation(s) == m.observation(s)
        assert copy.legal_actions(s) == m.legal_actions(s)
    clone = m.clone()
    for state in (m, copy, clone):
        k = step
        while not state.is_terminal():
            assert state.apply(random_step(state, 3, k)) is None
            k += 1
    assert m.to_dict() == copy.to_dict() == clone.to_dict()


def test_round_trip_in_every_phase() -> None:
    seen: set[Phase] = set()
    for seed in range(4):
        m = new_match(5, seed)
        for step in range(400):
            if m.is_terminal():
                break
            seen.add(m.phase)
            if step % 3 == 0 or m.phase != Phase.PLAY:
                saved = m.to_dict()  # made once: the dump and the comparison see the same state
                assert MatchState.from_dict(json.loads(json.dumps(saved))).to_dict() == saved
            assert m.apply(random_step(m, seed, step)) is None
    assert {Phase.PLAY, Phase.DEFEND, Phase.ARRANGE, Phase.ENDGAME} <= seen


def test_other_save_versions_are_refused() -> None:
    data = new_match(3, 0).to_dict()
    data["version"] = 99
    with pytest.raises(ValueError, match="version"):
        MatchState.from_dict(data)


# -- what a seat may know -----------------------------------------------------------------------


def swap_hand(m: MatchState, seat: int, rng: random.Random) -> MatchState:
    """The same public table, but `seat` holds other cards (as many) from the supply's bottom
    and the rest of the supply below the cards a Twist of Fate is looking at is reshuffled."""
    copy = m.clone()
    p = copy.players[seat]
    k = len(p.hand)
    free = len(copy.supply) - copy.twist
    if free < k:
        return copy
    bottom = copy.supply[:free]
    rng.shuffle(bottom)
    p.hand, bottom[:k] = sorted(bottom[:k], key=D.CARD_ORDER.__getitem__), p.hand
    rng.shuffle(bottom)
    copy.supply[:free] = bottom
    assert copy.conserved()
    return copy


def test_observations_never_show_another_seats_hand() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(8):
        m = new_match(4, seed)
        for step in range(150):
            if m.is_terminal():
                break
            if step % 7 == 0:
                for viewer in range(4):
                    obs = m.observation(viewer)
                    assert obs["players"][viewer].get("hand") == m.players[viewer].hand
                    for other in range(4):
                        if other == viewer:
                            continue
                        assert "hand" not in obs["players"][other]
                        hand = m.players[other].hand  # sorted: order never tells when a card came
                        assert hand == sorted(hand, key=D.CARD_ORDER.__getitem__)
                        assert swap_hand(m, other, rng).observation(viewer) == obs
                        checked += 1
            assert m.apply(random_step(m, seed, step)) is None
    assert checked > 100


def test_a_defence_window_shows_non_targets_nothing_of_the_targets_options() -> None:
    with_defences = table(3, hands={0: [D.TNT, D.SPY], 1: [D.OOPS, D.BLAST_SHIELD, D.BACKFIRE]})
    without = table(3, hands={0: [D.TNT, D.SPY], 1: [D.STONE, D.SPY, D.PALISADE]})
    for m in (with_defences, without):
        ok(m, Play(0, D.TNT, 1, (D.IRON,)))
    for viewer in (0, 2):
        a, b = with_defences.observation(viewer), without.observation(viewer)
        assert a == b and a["legal"] == []
        assert a["window"] == {"target": 1, "source": 0, "card": D.TNT, "link": 0}
    assert with_defences.observation(1)["legal"] == [a.to_dict() for a in (
        TakeIt(1), Defend(1, D.BLAST_SHIELD), Defend(1, D.OOPS, 2), Defend(1, D.BACKFIRE))]
    assert without.observation(1)["legal"] == [TakeIt(1).to_dict()]


def test_secret_events_are_shown_only_to_those_who_saw() -> None:
    m = random_game(4, 2)
    for viewer in range(-1, 4):
        for e in m.events_for(viewer):
            if "secret" in e.to_dict():
                assert viewer in e.visible_to
    assert any("secret" in e.to_dict() for e in m.events_for(0))
    assert not any("secret" in e.to_dict() for e in m.events_for(-1))
    assert all(e.redacted(-1) == e for e in m.events_for(-1))


def test_twist_cards_are_seen_only_by_its_player() -> None:
    m = table(3, hands={0: [D.TWIST, D.SPY]}, top=[D.RPG, D.C4, D.TNT, D.NUKE])
    ok(m, Play(0, D.TWIST))
    assert m.observation(0)["looking"] == [D.RPG, D.C4, D.TNT, D.NUKE]
    for viewer in (1, 2):
        assert m.observation(viewer)["looking"] == []
        assert all(e.cards is None for e in m.events_for(viewer) if isinstance(e, Looked))


# -- refusals and the actions' plain data -------------------------------------------------------


def test_refusals_say_why_and_change_nothing() -> None:
    m = table(3, hands={0: [D.TNT, D.SPY, D.PALISADE]}, walls={1: [D.PALISADE, D.FORCE_FIELD]})
    cases: list[tuple[Action, str]] = [
        (Pass(7), "no such seat"),
        (Pass(1), "not your turn"),
        (Play(0, "banana"), "no such card"),
        (Play(0, D.RPG, 2, (D.IRON, D.STONE)), "you do not hold that card"),
        (Play(0, D.PALISADE, 1), "the Palisade is played without a target"),
        (Play(0, D.TNT, 1, (D.PALISADE,)), "their Force Field stops every attack"),
        (Play(0, D.TNT, 2, (D.IRON,), "x"), "an explosive has no mode"),
        (Play(0, D.EARTHQUAKE), "endgame cards are chosen by eliminated players, never held"),
        (Endgame(0, D.CHRISTMAS), "that is not a move of your turn's play step"),
        (TakeIt(0), "that is not a move of your turn's play step"),
        (Defend(0, D.OOPS, 1), "that is not a move of your turn's play step"),
        (Arrange(0, ()), "that is not a move of your turn's play step"),
        (Undermine(0, 2, D.STONE), "you have no Underminer"),
    ]
    for action, reason in cases:
        assert refused(m, action) == reason, action
    m.players[2].alive = False
    assert refused(m, Play(0, D.TNT, 2, (D.IRON,))) == "that player is eliminated"


def test_every_action_type_round_trips_as_plain_data() -> None:
    samples: list[Action] = [
        Play(0, D.RPG, 2, (D.STONE, D.IRON)), Play(1, D.SPY, 0, (), "steal"),
        Trade(0, (D.SPY, D.SPY, D.TNT)), Pass(3), Undermine(1, 2, D.IRON),
        Arrange(0, (D.C4, D.TNT)), TakeIt(2), Defend(1, D.OOPS, 3), Endgame(4, D.EPIDEMIC, 0),
    ]
    assert {type(a).__name__ for a in samples} == set(ACTION_TYPES)
    for a in samples:
        assert Action.from_dict(json.loads(json.dumps(a.to_dict()))) == a
    with pytest.raises(ValueError, match="unknown action"):
        Action.from_dict({"type": "Cheat", "player": 0})
