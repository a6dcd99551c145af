"""The typed events: each kind reads back from its dict form exactly; secrets for their seats."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.games.blast.rules import events as E
from game.games.blast.rules import random_game

SAMPLES: list[E.Event] = [
    E.Setup(turn=0, players=3, first=1, walls=("palisade", "stone_wall"), hand_size=7,
            supply=40, removed=()),
    E.Dealt(turn=0, seat=1, count=2, cards=("tnt", "spy")),
    E.Reshuffled(turn=4, count=12),
    E.Drew(turn=2, seat=0, count=1, why="turn", cards=("c4",)),
    E.Eliminated(turn=9, seat=2, by=0, card="rpg", origin=1, via="oops"),
    E.EndgameStarted(turn=9, seat=2),
    E.Over(turn=30, reason="last_standing", winners=(1,), ranking=((1,), (0, 2))),
    E.Aimed(turn=3, card="tnt", source=0, target=1, origin=0, power=3,
            walls=("iron_wall",), mode="", link=0, via=""),
    E.Took(turn=3, seat=1, card="tnt", source=0, link=0),
    E.Answered(turn=3, seat=1, card="oops", against="tnt", source=0, to=2, link=0),
    E.Cancelled(turn=3, seat=1, card="tnt", by="blast_shield", why="defended"),
    E.Stopped(turn=3, seat=1, card="tnt", by=0, why="force field"),
    E.Destroyed(turn=3, seat=1, walls=("iron_wall",), card="tnt", by=0),
    E.Killed(turn=5, seat=1, character="mad_chemist", by=0),
    E.Inspected(turn=5, seat=1, by=0, discarded=("nuclear_bomb",), hand=("tnt", "nuclear_bomb")),
    E.Protested(turn=5, seat=1, by=0, discarded=("tnt",)),
    E.Invaded(turn=5, seat=1, by=2, discarded=()),
    E.Sabotaged(turn=5, seat=1, by=2, walls=("steel_wall",)),
    E.Epidemic(turn=5, seat=1, by=2),
    E.ForceFieldDestroyed(turn=5, seat=1, by=0, walls=("force_field",), origin=0, via=""),
    E.Stolen(turn=5, seat=1, by=0, count=1, origin=0, via="", card="backfire"),
    E.Fallout(turn=6, seat=0, walls=("palisade",)),
    E.EndgameCard(turn=7, seat=2, card="earthquake", target=-1),
    E.Earthquake(turn=7, seat=0, walls=("palisade",)),
    E.Traded(turn=8, seat=0, cards=("tnt", "tnt", "spy")),
    E.Passed(turn=8, seat=1, played=1),
    E.Undermined(turn=8, seat=1, target=0, wall="stone_wall"),
    E.UnderminerIdle(turn=8, seat=1, enemies=(0, 2), why=("no_wall", "force_field")),
    E.Arranged(turn=8, seat=1, count=2, order=("rpg", "c4")),
    E.Played(turn=8, seat=1, card="tnt", target=0, walls=("stone_wall",), mode=""),
    E.Looked(turn=8, seat=1, count=2, cards=("c4", "rpg")),
    E.Turn(turn=8, seat=1, round=3, alive=True),
    E.DiplomacyEnded(turn=9, seat=1),
    E.TechnologyEnded(turn=9, seat=2),
    E.LostTurn(turn=9, seat=1),
]


def test_every_kind_has_a_sample() -> None:
    assert sorted(type(e).kind for e in SAMPLES) == sorted(E.EVENT_TYPES)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).kind)
def test_each_kind_reads_back_from_its_json(event: E.Event) -> None:
    d = json.loads(json.dumps(event.to_dict()))
    assert list(d)[:2] == ["kind", "turn"] and d["kind"] == type(event).kind
    assert E.Event.from_dict(d) == event
    if event.PRIVATE:  # the secret part is a dict beside the public fields, for its seats
        assert set(d["secret"]) == set(event.PRIVATE) and d["seen_by"] == list(event.visible_to)
        hidden = event.redacted(-1)
        assert all(getattr(hidden, name) is None for name in event.PRIVATE)
        assert "secret" not in hidden.to_dict() and E.Event.from_dict(hidden.to_dict()) == hidden
        assert event.redacted(event.visible_to[0]) == event
    else:
        assert "secret" not in d and "seen_by" not in d and event.redacted(-1) is event


def test_a_spy_that_found_nothing_has_no_secret_part() -> None:
    e = E.Stolen(turn=1, seat=1, by=0, count=0, origin=0, via="")
    assert e.visible_to == () and "seen_by" not in e.to_dict()


def test_a_pass_from_an_older_save_reads_as_no_play_before_it() -> None:
    assert E.Event.from_dict({"kind": "passed", "turn": 3, "seat": 1}) == \
        E.Passed(turn=3, seat=1, played=0)


def test_an_unknown_or_broken_event_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown blast event kind 'boom'"):
        E.Event.from_dict({"kind": "boom", "turn": 0})
    with pytest.raises(ValueError, match="bad blast turn event"):
        E.Event.from_dict({"kind": "turn", "turn": 0})


def test_a_match_log_keeps_its_exact_json_form() -> None:
    m = random_game(3, 1)
    for e in m.events:
        d = e.to_dict()
        assert E.Event.from_dict(d).to_dict() == d
        for viewer in range(-1, 3):  # a viewer's copy only drops what is not theirs to see
            seen = e.redacted(viewer).to_dict()
            assert seen == {k: v for k, v in d.items()
                            if k != "secret" or viewer in d["seen_by"]}
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.events[0].turn = 5  # type: ignore[misc]
