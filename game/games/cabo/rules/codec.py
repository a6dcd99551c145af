"""Actions and events as plain data: the kit's record codec, with a card as its code and a
grid position as [seat, slot], under a "type" key naming the class."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.records import Leaf, RecordCodec
from game.games.cabo.rules.cards import Card, card
from game.games.cabo.rules.table import Pos


def _pos(value: Any) -> Pos:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise TypeError(f"{value!r} is not a [seat, slot] place")
    return Pos(int(value[0]), int(value[1]))


CODEC = RecordCodec({
    Card: Leaf(lambda c: c.code, card),
    Pos: Leaf(lambda p: [p.player, p.slot], _pos),
})
"""Cabo's records: the kit's codec, with its two leaf types."""


def _record_to_dict(obj: Any) -> dict[str, Any]:
    return {"type": type(obj).__name__, **CODEC.write(obj)}


def _record_from_dict(registry: Mapping[str, type], data: Mapping[str, Any]) -> Any:
    kind = data.get("type")
    cls = registry.get(str(kind))
    if cls is None:
        raise ValueError(f"unknown record type {kind!r}")
    try:
        return cls(**CODEC.read(cls, data))
    except (KeyError, TypeError, ValueError) as err:
        raise ValueError(f"bad {kind} record {dict(data)!r}: {err}") from err
