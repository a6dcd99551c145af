"""The events: everything that happens, with the private parts only some seats may see."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from game.games.cabo.rules.cards import Card, Power
from game.games.cabo.rules.codec import _record_from_dict, _record_to_dict
from game.games.cabo.rules.table import Pos


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. Fields named in PRIVATE are only for the seats in visible_to."""

    PRIVATE: ClassVar[tuple[str, ...]] = ()

    @property
    def visible_to(self) -> tuple[int, ...]:
        """Seats that may see the private fields (every seat sees the rest)."""
        return ()

    def redacted(self, viewer: int | None) -> Event:
        """This event as `viewer` may see it (private fields None when not theirs)."""
        if not self.PRIVATE or (viewer is not None and viewer in self.visible_to):
            return self
        return dataclasses.replace(self, **dict.fromkeys(self.PRIVATE))

    def to_dict(self) -> dict[str, Any]:
        return _record_to_dict(self)

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Event:
        event: Event = _record_from_dict(EVENT_TYPES, data)
        return event


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int
    starter: int


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """Cards dealt face down: `counts[seat]` cards to each seat, in slots 0.."""

    round: int
    counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Peeked(Event):
    """`player` looked at the card at `pos` (reason: start, peek_own, peek_other, king)."""

    PRIVATE: ClassVar[tuple[str, ...]] = ("card",)
    player: int
    pos: Pos
    card: Card | None
    reason: str

    @property
    def visible_to(self) -> tuple[int, ...]:
        return (self.player,)


@dataclass(frozen=True, slots=True)
class Flipped(Event):
    """Slap phase: `player` flipped `card` from the draw pile onto the discard pile."""

    player: int
    card: Card


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discard pile (but its top card) was shuffled into a new draw pile of `count` cards."""

    count: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    PRIVATE: ClassVar[tuple[str, ...]] = ("card",)
    player: int
    card: Card | None

    @property
    def visible_to(self) -> tuple[int, ...]:
        return (self.player,)


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """The drawn card went face up to the discard pile, to use its power or not."""

    player: int
    card: Card
    use_power: bool


@dataclass(frozen=True, slots=True)
class Replaced(Event):
    """The drawn `card` went into `slot`; `old` went face up to the discard pile."""

    PRIVATE: ClassVar[tuple[str, ...]] = ("card",)
    player: int
    slot: int
    card: Card | None
    old: Card

    @property
    def visible_to(self) -> tuple[int, ...]:
        return (self.player,)


@dataclass(frozen=True, slots=True)
class PowerUsed(Event):
    """The announced power's public part: who used it on which cards."""

    player: int
    power: Power
    targets: tuple[Pos, ...]


@dataclass(frozen=True, slots=True)
class Swapped(Event):
    player: int
    a: Pos
    b: Pos
    blind: bool


@dataclass(frozen=True, slots=True)
class KingDecided(Event):
    player: int
    swap: bool


@dataclass(frozen=True, slots=True)
class SlapAttempt(Event):
    """`player` won the slap on `card`, `t` seconds after it was discarded."""

    player: int
    t: float
    card: Card


@dataclass(frozen=True, slots=True)
class SlapFlipped(Event):
    """The slapper flipped `card` from `pos`; `match` says whether it matched the slapped card."""

    player: int
    pos: Pos
    card: Card
    match: bool


@dataclass(frozen=True, slots=True)
class Gave(Event):
    """The slapper moved their card from `slot`, unseen, into the emptied place `to`."""

    player: int
    slot: int
    to: Pos


@dataclass(frozen=True, slots=True)
class Penalty(Event):
    """`player` took penalty cards face down into `slots`; nobody may see them."""

    PRIVATE: ClassVar[tuple[str, ...]] = ("cards",)
    player: int
    slots: tuple[int, ...]
    cards: tuple[Card, ...] | None
    reason: str


@dataclass(frozen=True, slots=True)
class SlapResult(Event):
    """The slap is over: `matched` cards flipped correctly, `penalty` cards taken."""

    player: int
    matched: int
    penalty: int


@dataclass(frozen=True, slots=True)
class KaboomCalled(Event):
    player: int
    auto: bool


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    player: int
    last: bool


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """All cards are revealed and scored. `card_totals` are face values, `scores` round points."""

    round: int
    hands: tuple[tuple[Card | None, ...], ...]
    card_totals: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    kaboomer: int | None
    winners: tuple[int, ...]
    next_starter: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    totals: tuple[int, ...]
    winners: tuple[int, ...]


EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in (
        RoundStarted, Dealt, Peeked, Flipped, Reshuffled, Drew, Discarded, Replaced, PowerUsed,
        Swapped, KingDecided, SlapAttempt, SlapFlipped, Gave, Penalty, SlapResult, KaboomCalled,
        TurnStarted, RoundEnded, GameEnded,
    )
}  # fmt: skip
