"""The rules' events: everything that happens in a match, one frozen class per kind.

The same convention as Cabo's events (`game/games/cabo/rules/events.py`): each event is a
frozen, slotted, keyword-only dataclass with typed fields, `to_dict()` writes it and
`Event.from_dict()` reads it back. The JSON is the log Cosmic saves always held: the kind under
"kind" first, then the fields in order (a card played leaves out the colour, target and planet
it did not name), so old saves and pinned replays read the same. Cosmic has no secret part.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.records import RecordCodec

CODEC = RecordCodec()
"""Cosmic's events: plain fields only, each checked against its type when read."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Something that happened in a match; `kind` names it in the saved log."""

    kind: ClassVar[str] = ""
    OPTIONAL: ClassVar[tuple[str, ...]] = ()
    """Fields left out of the saved log when None (as the log always wrote them)."""

    def to_dict(self) -> dict[str, Any]:
        """This event as the saved log holds it: {"kind": ..., then each field in order}."""
        data: dict[str, Any] = {"kind": self.kind}
        optional = self.OPTIONAL
        for f in CODEC.fields(type(self)):
            value = getattr(self, f.name)
            if value is not None or f.name not in optional:
                data[f.name] = f.write(value)
        return data

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Event:
        """Inverse of `to_dict`; an unknown kind or a missing or bad field is a ValueError."""
        kind = data.get("kind") if isinstance(data, Mapping) else None
        cls = EVENT_TYPES.get(str(kind))
        if cls is None:
            raise ValueError(f"unknown cosmic event kind {kind!r}")
        optional = cls.OPTIONAL
        try:
            return cls(**{f.name: f.read(data[f.name]) if f.name in data or f.name not in optional
                          else None for f in CODEC.fields(cls)})
        except KeyError as err:
            raise ValueError(f"bad cosmic {kind!r} event {dict(data)!r}: no {err}") from err
        except (TypeError, ValueError) as err:
            raise ValueError(f"bad cosmic {kind!r} event {dict(data)!r}: {err}") from err


@dataclass(frozen=True, slots=True, kw_only=True)
class Placed(Event):
    """`seat` put its `planet` back into space at (x, y)."""

    kind: ClassVar[str] = "placed"
    seat: int
    planet: int
    x: float
    y: float


@dataclass(frozen=True, slots=True, kw_only=True)
class Returned(Event):
    """`seat` flew its ship home to Base (ending its turn)."""

    kind: ClassVar[str] = "returned"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Kept(Event):
    """`seat` kept the Advancement `card` (of a draft, or the last card of the deck)."""

    kind: ClassVar[str] = "kept"
    seat: int
    card: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Banked(Event):
    """`seat` banked its Hold; `base` is its Base after."""

    kind: ClassVar[str] = "banked"
    seat: int
    base: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Flicked(Event):
    """`seat` flicked its ship: the flick's own events follow this one."""

    kind: ClassVar[str] = "flicked"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Repeat(Event):
    """`seat` touched the crystal on `planet` of a colour it already holds."""

    kind: ClassVar[str] = "repeat"
    seat: int
    planet: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Collected(Event):
    """`seat` took the `colour` crystal from `planet`."""

    kind: ClassVar[str] = "collected"
    seat: int
    planet: int
    colour: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Salvaged(Event):
    """`seat` salvaged `colours` from the wreck of `victim`'s ship."""

    kind: ClassVar[str] = "salvaged"
    seat: int
    victim: int
    colours: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class EscapePod(Event):
    """`seat`'s Escape Pod kept its Hold (`kept`) as its ship was lost."""

    kind: ClassVar[str] = "escape_pod"
    seat: int
    kept: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ShipDestroyed(Event):
    """`seat`'s ship left space, knocked out by `by` (itself when it flew out)."""

    kind: ClassVar[str] = "ship_destroyed"
    seat: int
    by: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlanetOut(Event):
    """`owner`'s `planet` was knocked out of space (to be placed back)."""

    kind: ClassVar[str] = "planet_out"
    planet: int
    owner: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BombFoul(Event):
    """`seat`'s Space Bomb left from in front of its Base: a foul."""

    kind: ClassVar[str] = "bomb_foul"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Shielded(Event):
    """`seat`'s Planetary Shield saved its planets from a Space Bomb."""

    kind: ClassVar[str] = "shielded"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Bomb(Event):
    """`seat`'s Space Bomb went off, destroying the planets `destroyed` (none: a miss)."""

    kind: ClassVar[str] = "bomb"
    seat: int
    destroyed: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Over(Event):
    """The match ended for `reason` with these `scores`."""

    kind: ClassVar[str] = "over"
    reason: str
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Played(Event):
    """`seat` played the Advancement `card`, naming a colour, target seat or planet if any."""

    kind: ClassVar[str] = "played"
    OPTIONAL: ClassVar[tuple[str, ...]] = ("colour", "target", "planet")
    seat: int
    card: str
    colour: str | None = None
    target: int | None = None
    planet: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Turn(Event):
    """`seat`'s turn `turn` began, in `phase` ("flick" or "bomb")."""

    kind: ClassVar[str] = "turn"
    seat: int
    turn: int
    phase: str


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (Placed, Returned, Kept, Banked, Flicked, Repeat, Collected, Salvaged, EscapePod,
                ShipDestroyed, PlanetOut, BombFoul, Shielded, Bomb, Over, Played, Turn)
}
"""Every event class by the kind the saved log names it with."""
