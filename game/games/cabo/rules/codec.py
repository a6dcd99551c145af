"""Actions and events as plain data: dataclass records to JSON-ready dicts and back."""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from typing import Any

from game.games.cabo.rules.cards import Card, card
from game.games.cabo.rules.table import Pos


def _encode(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float) and not isinstance(value, enum.Enum):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, str):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _encode(v) for k, v in value.items()}
    raise TypeError(f"can't encode {value!r}")


def _decode(hint: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        return _decode(inner[0], value)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v) for v in value)
        return tuple(_decode(a, v) for a, v in zip(args, value, strict=True))
    if hint is Card:
        return card(value)
    if hint is Pos:
        return Pos(int(value[0]), int(value[1]))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(value)
    if hint is float:
        return float(value)
    return value


_HINTS: dict[type, dict[str, Any]] = {}


def _record_to_dict(obj: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"type": type(obj).__name__}
    for f in dataclasses.fields(obj):
        data[f.name] = _encode(getattr(obj, f.name))
    return data


def _record_from_dict(registry: Mapping[str, type], data: Mapping[str, Any]) -> Any:
    kind = data.get("type")
    cls = registry.get(str(kind))
    if cls is None:
        raise ValueError(f"unknown record type {kind!r}")
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    kwargs = {f.name: _decode(hints[f.name], data[f.name]) for f in dataclasses.fields(cls)}
    return cls(**kwargs)
