"""The actions: every decision a seat (or the table) can take, and their plain-data form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.games.cabo.rules.codec import _record_from_dict, _record_to_dict
from game.games.cabo.rules.table import TABLE, Pos


@dataclass(frozen=True, slots=True)
class Action:
    """A decision by a seat (or the table). Every action names who takes it."""

    player: int

    def to_dict(self) -> dict[str, Any]:
        return _record_to_dict(self)

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Action:
        action: Action = _record_from_dict(ACTION_TYPES, data)
        return action


@dataclass(frozen=True, slots=True)
class FlipTop(Action):
    """Slap phase: flip the top draw card face up onto the discard pile."""


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the top draw card and look at it."""


@dataclass(frozen=True, slots=True)
class CallKaboom(Action):
    """Say Kaboom! instead of drawing: lock your cards; everyone else gets one last turn."""


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Only when nothing can be drawn or flipped, or a slap took every target of a power."""


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard the drawn card without using its power; the turn ends."""


@dataclass(frozen=True, slots=True)
class UsePower(Action):
    """Discard the drawn card, then announce and use its power."""


@dataclass(frozen=True, slots=True)
class Replace(Action):
    """Put the drawn card into your slot; the card there goes face up to the discard pile."""

    slot: int


@dataclass(frozen=True, slots=True)
class PeekOwn(Action):
    """7/8: look at one of your own cards."""

    slot: int


@dataclass(frozen=True, slots=True)
class PeekOther(Action):
    """9/10: look at one card of another player."""

    pos: Pos


@dataclass(frozen=True, slots=True)
class BlindSwap(Action):
    """Jack/Queen: swap two cards on the table without looking."""

    a: Pos
    b: Pos


@dataclass(frozen=True, slots=True)
class KingLook(Action):
    """King: choose two cards on the table and look at both."""

    a: Pos
    b: Pos


@dataclass(frozen=True, slots=True)
class KingDecide(Action):
    """King: announce whether the two looked-at cards are swapped."""

    swap: bool


@dataclass(frozen=True, slots=True)
class Slap(Action):
    """Slap the top discard; t is the reaction time in seconds after it was discarded."""

    t: float = 0.0


@dataclass(frozen=True, slots=True)
class SlapFlip(Action):
    """After winning a slap: flip a card from any unlocked grid onto the discard pile."""

    pos: Pos


@dataclass(frozen=True, slots=True)
class SlapStop(Action):
    """After winning a slap: flip no more cards (no flip at all costs a penalty card)."""


@dataclass(frozen=True, slots=True)
class Give(Action):
    """After flipping another player's match: give them your card unseen into the emptied slot."""

    slot: int


@dataclass(frozen=True, slots=True)
class SkipGive(Action):
    """After flipping another player's match: keep your cards."""


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """The table: the last turn's slap window is over; flip up all cards and score the round."""

    player: int = TABLE


@dataclass(frozen=True, slots=True)
class NextRound(Action):
    """The table: deal the next round."""

    player: int = TABLE


ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (
        FlipTop, Draw, CallKaboom, Pass, Discard, UsePower, Replace, PeekOwn, PeekOther,
        BlindSwap, KingLook, KingDecide, Slap, SlapFlip, SlapStop, Give, SkipGive, Reveal,
        NextRound,
    )
}  # fmt: skip
