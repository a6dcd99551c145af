"""The state's contract: legal actions, rejection without change, saves, clones, replays, events."""

import ast
import itertools
import json
import random
import re
from pathlib import Path

import pytest

import game.games.cabo.rules as rules
from game.games.cabo import words
from game.games.cabo.rules import (
    DECISIONS,
    TABLE,
    Action,
    BlindSwap,
    CaboOptions,
    CaboState,
    CallKaboom,
    Discard,
    Draw,
    Event,
    FlipTop,
    Give,
    IllegalAction,
    KingDecide,
    KingLook,
    NextRound,
    Pass,
    PeekOther,
    PeekOwn,
    Phase,
    Pos,
    Replace,
    Reveal,
    SkipGive,
    Slap,
    SlapFlip,
    SlapStop,
    UsePower,
    new_game,
)

CABO = Path(rules.__file__).parent.parent  # rules is a package: cabo/rules/__init__.py


def random_states(seeds=range(12), players=(2, 3, 4, 6), every=7):
    """States met in random play (slaps included), for property tests."""
    for seed in seeds:
        rng = random.Random(seed)
        st = new_game(CaboOptions(players=players[seed % len(players)], rounds=2), seed)
        step = 0
        while not st.is_terminal():
            if step % every == 0:
                yield st
            step += 1
            slaps = [a for p in range(st.players) for a in st.legal_actions(p) if a.player != -1]
            slaps = [a for a in slaps if isinstance(a, Slap)]
            options = st.legal_actions()
            if slaps and rng.random() < 0.15:
                options = slaps
            st.must_apply(rng.choice(options))


def candidate_actions(st: CaboState) -> list[Action]:
    """A wide net of actions, legal or not, around the current table."""
    places = [Pos(p, s) for p in range(st.players) for s in range(len(st.grids[p]) + 1)]
    acts: list[Action] = [Reveal(), NextRound()]
    for seat in range(st.players):
        slots = range(len(st.grids[seat]) + 1)
        acts += [FlipTop(seat), Draw(seat), CallKaboom(seat), Pass(seat), Discard(seat)]
        acts += [UsePower(seat), Slap(seat), SlapStop(seat), SkipGive(seat)]
        acts += [KingDecide(seat, True), KingDecide(seat, False)]
        acts += [cls(seat, s) for s in slots for cls in (Replace, PeekOwn, Give)]
        acts += [cls(seat, pos) for pos in places for cls in (PeekOther, SlapFlip)]
        if st.phase is Phase.POWER and seat == st.current_player():
            pairs = itertools.permutations(places, 2)
            acts += [cls(seat, a, b) for a, b in pairs for cls in (BlindSwap, KingLook)]
    return acts


def normal(action: Action) -> Action:
    if isinstance(action, BlindSwap | KingLook) and action.b < action.a:
        return type(action)(action.player, action.b, action.a)
    return action


def test_legal_actions_are_exactly_the_actions_that_apply():
    checked = 0
    for st in random_states():
        seats = [*range(st.players), TABLE]
        legal = {normal(a) for seat in seats for a in st.legal_actions(seat)}
        for action in legal:
            assert st.why_illegal(action) is None, (action, st.phase)
        for action in candidate_actions(st):
            assert st.is_legal(action) == (normal(action) in legal), (action, st.phase)
            checked += 1
    assert checked > 10_000


def test_an_illegal_action_changes_nothing():
    for st in itertools.islice(random_states(), 60):
        before = json.dumps(st.to_dict(), sort_keys=True)
        for action in candidate_actions(st):
            if not st.is_legal(action):
                events = len(st.events)
                result = st.apply(action)
                assert result is not None and result.reason and len(st.events) == events
        assert json.dumps(st.to_dict(), sort_keys=True) == before


def test_must_apply_raises_illegal_action_with_the_reason():
    st = new_game()
    with pytest.raises(IllegalAction) as info:
        st.must_apply(Draw(0))
    assert "phase flip" in info.value.reason
    with pytest.raises(ValueError):  # IllegalAction is a ValueError
        st.must_apply(FlipTop(3))
    assert "waiting for seat 0" in (st.why_illegal(FlipTop(3)) or "")


def test_slap_times_must_be_sensible():
    st = CaboState.from_layout([["2S"], ["3S"]], draw=["4C"])
    st.must_apply(Draw(0))
    st.must_apply(Discard(0))
    assert not st.is_legal(Slap(1, -1.0)) and not st.is_legal(Slap(1, float("nan")))
    assert st.is_legal(Slap(1, 12.5))


def test_save_and_resume_mid_round_through_json():
    for st in itertools.islice(random_states(seeds=[5], every=11), 8):
        text = json.dumps(st.to_dict())
        copy = CaboState.from_dict(json.loads(text))
        assert copy.to_dict() == st.to_dict()
        # both go on identically, reshuffles (the rng) included
        rng_a, rng_b = random.Random(1), random.Random(1)
        a, b = st.clone(), copy
        for _ in range(150):
            if a.is_terminal():
                break
            a.must_apply(rng_a.choice(a.legal_actions()))
            b.must_apply(rng_b.choice(b.legal_actions()))
        assert a.to_dict() == b.to_dict()


def test_a_save_of_another_version_is_refused():
    data = new_game().to_dict()
    data["version"] = 99
    with pytest.raises(ValueError):
        CaboState.from_dict(data)


def test_clone_is_independent():
    st = new_game(seed=4)
    twin = st.clone()
    twin.must_apply(FlipTop(0))
    assert st.discard == [] and twin.discard != []
    assert st.to_dict()["rng"] != twin.to_dict()["rng"] or st.draw != twin.draw


def test_same_seed_same_deal():
    assert new_game(seed=9).to_dict() == new_game(seed=9).to_dict()
    assert new_game(seed=9).to_dict() != new_game(seed=10).to_dict()


def test_replay_rebuilds_the_match_from_seed_and_actions():
    st = list(itertools.islice(random_states(seeds=[3], every=1), 400))[-1]
    again = CaboState.replay(st.options, st.seed, st.actions)
    assert again.to_dict() == st.to_dict()
    actions = [Action.from_dict(json.loads(json.dumps(a.to_dict()))) for a in st.actions]
    assert actions == st.actions


def test_events_round_trip_through_json():
    st = list(itertools.islice(random_states(seeds=[2], every=1), 600))[-1]
    kinds = {type(e).__name__ for e in st.events}
    assert {"Peeked", "Drew", "SlapAttempt", "Penalty", "RoundEnded"} <= kinds
    for event in st.events:
        assert Event.from_dict(json.loads(json.dumps(event.to_dict()))) == event


def test_event_texts_never_leak_private_cards():
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
    for st in itertools.islice(random_states(seeds=[1, 2]), 40):
        for event in st.events:
            public = event.redacted(None)
            for name in event.PRIVATE:
                assert getattr(public, name) is None
            text = words.describe(event, names)
            # the line is written from the public view only: what a viewer saw changes nothing
            assert text == words.describe(public, names)
            for viewer in range(st.players):
                assert words.describe(event.redacted(viewer), names, viewer) == \
                    words.describe(public, names, viewer)


def test_a_private_card_is_kept_for_its_viewer_and_never_told():
    st = CaboState.from_layout([["2S"], ["3S"]], draw=["9C"])
    (drew,) = st.must_apply(Draw(0))
    assert drew.redacted(0) == drew and drew.redacted(1) == rules.Drew(0, None)
    assert words.describe(drew, ["Ann", "Bob"]) == "Ann drew a card."
    assert words.describe(drew, ["Ann", "Bob"], you=0) == "You drew a card."


def test_decisions_are_listed_in_the_module_docstring():
    doc = " ".join((rules.__doc__ or "").split())
    assert "Decisions" in doc
    for decision in DECISIONS:
        assert " ".join(decision.split()) in doc, decision[:40]


def test_rules_ai_and_sim_import_no_pygame_or_pymunk_and_use_no_global_random():
    global_random = re.compile(
        r"(?<![\w.])random\.(random|choice|shuffle|randint|randrange|sample|uniform|seed)\("
    )
    rules_modules = sorted(p.relative_to(CABO).as_posix() for p in (CABO / "rules").glob("*.py"))
    assert "rules/state.py" in rules_modules
    for name in (*rules_modules, "ai.py", "sim.py"):
        source = (CABO / name).read_text()
        assert not global_random.search(source), name
        tree = ast.parse(source)
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module.split(".")[0])
        assert not imported & {"pygame", "pymunk", "pygame_gui"}, name
