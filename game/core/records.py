"""Typed records as plain JSON and back: the one codec every game's events and actions use.

A record is a dataclass whose fields are typed; its JSON is the fields in order, each as plain
data: an int, float, str or bool as itself, an enum as its value, a tuple as a list (nested
too), None as null, and a game's own leaf types (a card, a grid position) as the game says.
`RecordCodec(leaves)` works out, once per class from its type hints, how each field is written
and read back, and reading checks each value against its type, so a damaged save is a
ValueError naming the field, not a wrong object. The envelope around the fields (the key that
names the kind, a secret part) stays each game's own: its saves and replays keep their bytes.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

Convert = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class Leaf:
    """How a game's own field type is written (`write`) and read back (`read`)."""

    write: Convert
    read: Convert


@dataclass(frozen=True, slots=True)
class FieldCodec:
    """One field of a record: its name, its writer and its reader."""

    name: str
    write: Convert
    read: Convert


def _same(value: Any) -> Any:
    return value


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def _float(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{value!r} is not a number")
    return value  # an int stays an int, so the log writes back as it was read


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not a string")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{value!r} is not true or false")
    return value


_SCALARS: dict[Any, Convert] = {int: _int, float: _float, str: _str, bool: _bool}


def _optional(inner: Convert) -> Convert:
    return lambda value: None if value is None else inner(value)


def _items(value: Any) -> list[Any] | tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        raise TypeError(f"{value!r} is not a list")
    return value


class RecordCodec:
    """Writes and reads records field by field from their type hints; `leaves` adds a game's
    own field types. An unsupported type hint is a TypeError when the class is first used."""

    def __init__(self, leaves: Mapping[type, Leaf] | None = None) -> None:
        self._leaves: dict[type, Leaf] = dict(leaves or {})
        self._fields: dict[type, tuple[FieldCodec, ...]] = {}

    def fields(self, cls: type) -> tuple[FieldCodec, ...]:
        """The fields of record class `cls`, in order, each with its writer and reader."""
        got = self._fields.get(cls)
        if got is None:
            hints = typing.get_type_hints(cls)
            got = self._fields[cls] = tuple(
                FieldCodec(f.name, *self.converters(hints[f.name]))
                for f in dataclasses.fields(cls))
        return got

    def prepare(self, classes: Iterable[type]) -> None:
        """Work out the fields of `classes` now (as their module loads), not in the first
        frame that writes one: reading type hints is a frame's worth of time."""
        for cls in classes:
            self.fields(cls)

    def write(self, record: Any) -> dict[str, Any]:
        """Every field of `record` as plain JSON data, in order."""
        return {f.name: f.write(getattr(record, f.name)) for f in self.fields(type(record))}

    def read(self, cls: type, data: Mapping[str, Any], *, missing: bool = False) -> dict[str, Any]:
        """The constructor arguments of `cls` read from `data`; a field absent from `data` is a
        KeyError, or left out when `missing` (its default then applies)."""
        return {f.name: f.read(data[f.name]) for f in self.fields(cls)
                if not missing or f.name in data}

    def converters(self, hint: Any) -> tuple[Convert, Convert]:
        """The (writer, reader) of a value typed `hint`."""
        if hint in _SCALARS:
            return _same, _SCALARS[hint]
        leaf = self._leaves.get(hint) if isinstance(hint, type) else None
        if leaf is not None:
            return leaf.write, leaf.read
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return (lambda v: v.value), hint
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is typing.Union or origin is types.UnionType:
            inner = [a for a in args if a is not type(None)]
            if len(inner) != 1:
                raise TypeError(f"a record field may be one type or None, not {hint!r}")
            write, read = self.converters(inner[0])
            return _optional(write), _optional(read)
        if origin is tuple:
            return self._tuple(args)
        raise TypeError(f"no record codec for {hint!r}")

    def _tuple(self, args: tuple[Any, ...]) -> tuple[Convert, Convert]:
        if len(args) == 2 and args[1] is Ellipsis:
            item_write, item_read = self.converters(args[0])

            def write_all(value: Any) -> list[Any]:
                return [item_write(v) for v in value]

            def read_all(value: Any) -> tuple[Any, ...]:
                return tuple(item_read(v) for v in _items(value))
            return write_all, read_all
        parts = [self.converters(a) for a in args]

        def write_each(value: Any) -> list[Any]:
            return [w(v) for (w, _), v in zip(parts, value, strict=True)]

        def read_each(value: Any) -> tuple[Any, ...]:
            return tuple(r(v) for (_, r), v in zip(parts, _items(value), strict=True))
        return write_each, read_each
