"""Dice Race's own rules, AI, replay, save check and words (the contract tests cover the rest)."""

from __future__ import annotations

import pytest

from game.app import catalogue
from game.core import replay
from game.core.voice import Voice
from tests.fifthgame import rules as R
from tests.fifthgame import savefmt
from tests.fifthgame.ai import Bot
from tests.fifthgame.replay import verify
from tests.fifthgame.words import told


def race(players: int = 2, seed: int = 5) -> R.State:
    return R.new_match(R.Options(players, 20), seed)


def seed_rolling(first: int) -> int:
    """A seed whose first roll shows `first`."""
    return next(s for s in range(500) if race(seed=s).die(0) == first)


def test_a_roll_adds_its_pips_and_a_one_empties_the_pot_and_passes() -> None:
    state = race(seed=seed_rolling(4))
    assert state.apply(R.Action(0, "roll")) is None and state.outcomes[-1] == R.Outcome(rolled=4)
    assert (state.pot, state.turn, state.last) == (4, 0, 4)
    bust = race(seed=seed_rolling(1))
    bust.pot = 9
    assert bust.apply(R.Action(0, "roll")) is None and bust.outcomes[-1].rolled == 1
    assert (bust.pot, bust.turn, bust.scores) == (0, 1, [0, 0])


def test_banking_scores_the_pot_and_the_target_wins_at_once() -> None:
    state = race(3)
    state.pot = 7
    assert state.apply(R.Action(0, "bank")) is None and state.outcomes[-1].banked == 7
    assert (state.scores, state.pot, state.turn) == ([7, 0, 0], 0, 1)
    state.pot, state.scores[1] = 5, 16
    state.apply(R.Action(1, "bank"))
    assert state.is_over and state.winners() == [1] and state.turn == 1
    assert all(state.legal_actions(seat) == [] for seat in range(3))


@pytest.mark.parametrize("action,why", [(R.Action(1, "roll"), "turn"),
                                        (R.Action(0, "bank"), "nothing in the pot"),
                                        (R.Action(0, "pass"), "unknown")])
def test_a_refusal_is_a_value_and_changes_nothing(action: R.Action, why: str) -> None:
    state = race()
    before = state.to_dict()
    result = state.apply(action)
    assert result is not None and why in result.reason
    assert state.to_dict() == before


def test_only_roll_until_the_pot_holds_something() -> None:
    state = race(seed=seed_rolling(3))
    assert state.legal_actions(0) == [R.Action(0, "roll")] and state.legal_actions(1) == []
    state.apply(R.Action(0, "roll"))
    assert state.legal_actions(0) == [R.Action(0, "roll"), R.Action(0, "bank")]


def test_the_dice_are_the_seeds_and_the_state_survives_its_dict() -> None:
    a, b = race(seed=9), race(seed=9)
    assert [a.die(n) for n in range(30)] == [b.die(n) for n in range(30)]
    assert len({tuple(race(seed=s).die(n) for n in range(8)) for s in range(5)}) > 1
    for _ in range(6):
        a.apply(a.legal_actions(a.turn)[-1] if a.pot >= 6 else R.Action(a.turn, "roll"))
    assert R.State.from_dict(a.to_dict()).to_dict() == a.to_dict()
    assert a.observation(1)["to_act"] == (a.turn == 1)
    with pytest.raises(ValueError, match="not a seat"):
        R.State.from_dict({**a.to_dict(), "turn": 5})


def test_the_ai_banks_at_its_nerve_or_the_target() -> None:
    state = race()
    state.pot = 9
    assert Bot(0, "easy", 1).decide(state).kind == "bank"
    assert Bot(0, "hard", 1).decide(state).kind == "roll"
    state.scores[0] = 15
    assert Bot(0, "hard", 1).decide(state).kind == "bank"  # 15 + 9 reaches 20
    with pytest.raises(ValueError, match="not to act"):
        Bot(1, "hard", 1).decide(state)


def test_a_simulated_race_replays_and_a_tampered_one_diverges() -> None:
    info = catalogue.get("dicerace")
    assert info is not None
    setup = catalogue.MatchSetup("dicerace", catalogue.parse_players("ai:hard,ai:easy", info),
                                 {"target": 20}, 8)
    with replay.capture() as made:
        result = info.simulate(setup)
    assert result.winners == (max(range(2), key=lambda p: result.scores[p]),)
    assert verify(made[0]).ok
    rep = made[0]
    step, seat, t, payload = rep.inputs[1]
    rep.inputs[1] = (step, seat, t, {**payload, "kind": "bank" if payload["kind"] == "roll"
                                     else "roll"})
    assert not verify(rep).ok


def test_the_save_check_refuses_a_finished_or_mismatched_race() -> None:
    state = race()
    setup: dict[str, list[dict[str, str]]] = {"seats": [{}, {}]}
    savefmt.check({"setup": setup, "game": {"version": 1, "rules": state.to_dict()}})
    with pytest.raises(ValueError, match="2 players, the setup 3"):
        savefmt.check({"setup": {"seats": [{}, {}, {}]},
                       "game": {"version": 1, "rules": state.to_dict()}})
    state.scores[0] = 20
    with pytest.raises(ValueError, match="already over"):
        savefmt.check({"setup": setup, "game": {"version": 1, "rules": state.to_dict()}})


def test_the_lines_agree_with_you_and_with_others() -> None:
    voice = Voice(["You", "Ben"])
    assert told(voice, R.Action(0, "roll"), R.Outcome(rolled=1)) == \
        "You roll a 1 and lose the pot."
    assert told(voice, R.Action(1, "roll"), R.Outcome(rolled=1)) == \
        "Ben rolls a 1 and loses the pot."
    assert told(voice, R.Action(1, "bank"), R.Outcome(banked=1)) == "Ben banks 1 point."
