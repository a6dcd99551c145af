"""The actions: every decision a seat can take, as frozen records with a plain-data form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.core.records import RecordCodec

CODEC = RecordCodec()
"""The Explosive's actions: plain fields (cards by name, walls as a list)."""

NO_TARGET = -1
"""`target` of an action that names no player."""


@dataclass(frozen=True, slots=True)
class Action:
    """A decision by one seat. Every action names who takes it."""

    player: int

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: ``{"type": class name, field: value, ...}`` (tuples as lists)."""
        return {"type": type(self).__name__, **CODEC.write(self)}

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Action:
        """Inverse of `to_dict`; an unknown type or a missing or bad field is a ValueError."""
        cls = ACTION_TYPES.get(str(data.get("type")))
        if cls is None:
            raise ValueError(f"unknown action type {data.get('type')!r}")
        try:
            return cls(**CODEC.read(cls, data))
        except (KeyError, TypeError) as err:
            raise ValueError(f"bad {cls.__name__} action {dict(data)!r}: {err}") from err


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from your hand on your turn.

    `target`: the enemy it is aimed at (`NO_TARGET` for walls, characters, Productivity, Twist
    of Fate, Diplomacy). `walls`: for an explosive, the wall(s) it destroys (empty against an
    enemy without walls). `mode`: for a Spy ``"steal"`` or ``"force_field"``, for an Assassin the
    character killed.
    """

    card: str
    target: int = NO_TARGET
    walls: tuple[str, ...] = ()
    mode: str = ""


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Instead of playing: discard three cards and draw one. Ends the turn."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """End your turn (or, eliminated, choose no endgame card)."""


@dataclass(frozen=True, slots=True)
class Undermine(Action):
    """Your Underminer destroys an enemy's palisade, stone or iron wall (once a turn)."""

    target: int
    wall: str


@dataclass(frozen=True, slots=True)
class Arrange(Action):
    """After a Twist of Fate: the order of the cards looked at, top of the supply first."""

    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TakeIt(Action):
    """In a defence window: do not answer; the card aimed at you takes effect."""


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """In a defence window: answer with a defence card (`target`: where an Oops sends it)."""

    card: str
    target: int = NO_TARGET


@dataclass(frozen=True, slots=True)
class Endgame(Action):
    """Eliminated, on your turn: choose an endgame card (`target` for the aimed ones)."""

    card: str
    target: int = NO_TARGET


ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (Play, Trade, Pass, Undermine, Arrange, TakeIt, Defend, Endgame)
}
CODEC.prepare(ACTION_TYPES.values())
