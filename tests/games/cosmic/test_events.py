"""The rules' typed events: each kind writes the saved log's JSON exactly as the log always held
it (key order too) and reads back to an equal event; bad log entries are a clear error."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from game.games.cosmic.events import (
    EVENT_TYPES,
    Banked,
    Bomb,
    BombFoul,
    Collected,
    EscapePod,
    Event,
    Flicked,
    Kept,
    Over,
    Placed,
    PlanetOut,
    Played,
    Repeat,
    Returned,
    Salvaged,
    Shielded,
    ShipDestroyed,
    Turn,
)

SAVED: list[tuple[Event, str]] = [
    (Placed(seat=1, planet=7, x=360.0, y=412.5),
     '{"kind": "placed", "seat": 1, "planet": 7, "x": 360.0, "y": 412.5}'),
    (Returned(seat=0), '{"kind": "returned", "seat": 0}'),
    (Kept(seat=2, card="hijack"), '{"kind": "kept", "seat": 2, "card": "hijack"}'),
    (Banked(seat=0, base=("red", "blue")),
     '{"kind": "banked", "seat": 0, "base": ["red", "blue"]}'),
    (Flicked(seat=1), '{"kind": "flicked", "seat": 1}'),
    (Repeat(seat=1, planet=3), '{"kind": "repeat", "seat": 1, "planet": 3}'),
    (Collected(seat=0, planet=4, colour="green"),
     '{"kind": "collected", "seat": 0, "planet": 4, "colour": "green"}'),
    (Salvaged(seat=0, victim=1, colours=("yellow",)),
     '{"kind": "salvaged", "seat": 0, "victim": 1, "colours": ["yellow"]}'),
    (EscapePod(seat=1, kept=("red", "green")),
     '{"kind": "escape_pod", "seat": 1, "kept": ["red", "green"]}'),
    (ShipDestroyed(seat=1, by=0), '{"kind": "ship_destroyed", "seat": 1, "by": 0}'),
    (PlanetOut(planet=9, owner=1), '{"kind": "planet_out", "planet": 9, "owner": 1}'),
    (BombFoul(seat=0), '{"kind": "bomb_foul", "seat": 0}'),
    (Shielded(seat=1), '{"kind": "shielded", "seat": 1}'),
    (Bomb(seat=0, destroyed=(2, 5)), '{"kind": "bomb", "seat": 0, "destroyed": [2, 5]}'),
    (Over(reason="planets", scores=(9, 4)),
     '{"kind": "over", "reason": "planets", "scores": [9, 4]}'),
    (Played(seat=1, card="hijack", colour="blue", target=0),
     '{"kind": "played", "seat": 1, "card": "hijack", "colour": "blue", "target": 0}'),
    (Turn(seat=1, turn=3, phase="bomb"),
     '{"kind": "turn", "seat": 1, "turn": 3, "phase": "bomb"}'),
]


def test_every_kind_has_a_pinned_saved_form() -> None:
    assert {type(e) for e, _ in SAVED} == set(EVENT_TYPES.values())
    assert {e.kind for e, _ in SAVED} == set(EVENT_TYPES)


@pytest.mark.parametrize(("event", "saved"), SAVED, ids=[e.kind for e, _ in SAVED])
def test_an_event_writes_the_saved_json_and_reads_back_equal(event: Event, saved: str) -> None:
    assert json.dumps(event.to_dict()) == saved
    back = Event.from_dict(json.loads(saved))
    assert back == event and type(back) is type(event)


def test_a_card_played_leaves_out_what_it_did_not_name() -> None:
    bare = Played(seat=0, card="afterburner")
    assert bare.to_dict() == {"kind": "played", "seat": 0, "card": "afterburner"}
    assert Event.from_dict(bare.to_dict()) == bare
    moved = Played(seat=1, card="orbital_shift", planet=4)
    assert list(moved.to_dict()) == ["kind", "seat", "card", "planet"]


def test_events_are_frozen_slotted_and_keyword_only() -> None:
    ev = Collected(seat=0, planet=1, colour="red")
    with pytest.raises(dataclasses.FrozenInstanceError):
        ev.seat = 1  # type: ignore[misc]
    assert not hasattr(ev, "__dict__")
    with pytest.raises(TypeError):
        Collected(0, 1, "red")  # type: ignore[misc]


@pytest.mark.parametrize("bad", [
    {"kind": "teleported", "seat": 0},
    {"seat": 0},
    {"kind": "collected", "seat": 0, "planet": 1},
    {"kind": "bomb", "seat": "0", "destroyed": []},
    {"kind": "bomb", "seat": 0, "destroyed": 3},
    {"kind": "banked", "seat": True, "base": []},
])
def test_a_bad_log_entry_is_a_clear_error(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="cosmic"):
        Event.from_dict(bad)
