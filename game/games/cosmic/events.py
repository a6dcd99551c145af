"""The rules' events: everything that happens in a match, one frozen class per kind.

The same convention as Cabo's events (`game/games/cabo/rules/events.py`): each event is a
frozen, slotted, keyword-only dataclass with typed fields, `to_dict()` writes it and
`Event.from_dict()` reads it back. The JSON is the log Cosmic saves always held: the kind under
"kind" first, then the fields in order (a card played leaves out the colour, target and planet
it did not name), so old saves and pinned replays read the same. Cosmic has no secret part.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

Convert = Callable[[Any], Any]


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
        for name, _ in _converters(type(self)):
            value = getattr(self, name)
            if type(value) is tuple:
                data[name] = list(value)
            elif value is not None or name not in optional:
                data[name] = value
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
            return cls(**{name: convert(data[name]) if name in data or name not in optional
                          else None for name, convert in _converters(cls)})
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


def _int(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"{v!r} is not a whole number")
    return v


def _float(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise TypeError(f"{v!r} is not a number")
    return v  # an int stays an int, so the log writes back as it was read


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise TypeError(f"{v!r} is not a string")
    return v


_SCALARS: dict[Any, Convert] = {int: _int, float: _float, str: _str}


def _converter(hint: Any) -> Convert:
    """How to read one field of the saved log for its type: checked scalars, lists as
    tuples, None where the type allows it."""
    if hint in _SCALARS:
        return _SCALARS[hint]
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple:
        item = _SCALARS[args[0]]

        def seq(v: Any) -> tuple[Any, ...]:
            if not isinstance(v, (list, tuple)):
                raise TypeError(f"{v!r} is not a list")
            return tuple(item(x) for x in v)
        return seq
    inner = _SCALARS[next(a for a in args if a is not type(None))]
    return lambda v: None if v is None else inner(v)


_CONVERTERS: dict[type[Event], tuple[tuple[str, Convert], ...]] = {}


def _converters(cls: type[Event]) -> tuple[tuple[str, Convert], ...]:
    """Each field of `cls` with its reader, worked out once per class."""
    got = _CONVERTERS.get(cls)
    if got is None:
        hints = typing.get_type_hints(cls)
        got = _CONVERTERS[cls] = tuple((f.name, _converter(hints[f.name]))
                                       for f in dataclasses.fields(cls))
    return got
