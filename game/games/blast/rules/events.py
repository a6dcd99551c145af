"""The match log's events: one frozen class per kind, with the secret part only some seats see.

The same shape as cabo's events: fields named in `PRIVATE` (the cards a draw, a deal, a look,
an Inspector or a Spy showed) are for the seats in `visible_to` only, and `redacted(viewer)` is
the event as a seat (or a spectator, None or -1) may see it. The dict form is the one saves and
replays have always held: ``kind``, ``turn``, the public fields, then ``secret`` (the private
fields not left out) and ``seen_by`` (the seats that may see it), so a save reads back exactly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.records import RecordCodec

CODEC = RecordCodec()
"""The Explosive's events: plain fields only (cards are their names)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Something that happened on turn `turn`. Fields named in PRIVATE are only for the seats
    in `visible_to` (None where a seat may not see them)."""

    kind: ClassVar[str] = ""
    PRIVATE: ClassVar[tuple[str, ...]] = ()
    turn: int

    @property
    def visible_to(self) -> tuple[int, ...]:
        """Seats that may see the private fields (every seat sees the rest); () when there is
        no secret part."""
        return ()

    def redacted(self, viewer: int | None) -> Event:
        """This event as `viewer` may see it (private fields None when not theirs; None or -1:
        a spectator, who sees no secret)."""
        if not self.PRIVATE or (viewer is not None and viewer in self.visible_to):
            return self
        return dataclasses.replace(self, **dict.fromkeys(self.PRIVATE))  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, Any]:
        """The plain-JSON form: kind, turn, the public fields, then secret and seen_by."""
        out: dict[str, Any] = {"kind": self.kind}
        fields = CODEC.fields(type(self))
        for f in fields:
            if f.name not in self.PRIVATE:
                out[f.name] = f.write(getattr(self, f.name))
        seen = self.visible_to
        if seen:
            secret = {f.name: f.write(getattr(self, f.name)) for f in fields
                      if f.name in self.PRIVATE and getattr(self, f.name) is not None}
            if secret:
                out["secret"] = secret
            out["seen_by"] = list(seen)
        return out

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Event:
        """Inverse of `to_dict`; an unknown kind is a ValueError naming it."""
        kind = data.get("kind")
        cls = EVENT_TYPES.get(str(kind))
        if cls is None:
            raise ValueError(f"unknown blast event kind {kind!r}")
        secret = data.get("secret") or {}
        try:
            public = {k: v for k, v in data.items() if k not in cls.PRIVATE}
            private = {k: v for k, v in secret.items() if k in cls.PRIVATE}
            args = CODEC.read(cls, {**public, **private}, missing=True)
            return cls(**args)
        except TypeError as exc:
            raise ValueError(f"bad blast {kind} event: {exc}") from None


@dataclass(frozen=True, slots=True, kw_only=True)
class Setup(Event):
    """The table is laid out: walls for each seat, hands dealt, `removed` cards left out."""

    kind: ClassVar[str] = "setup"
    players: int
    first: int
    walls: tuple[str, ...]
    hand_size: int
    supply: int
    removed: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt(Event):
    """`count` cards dealt to `seat` (which ones: only that seat sees)."""

    kind: ClassVar[str] = "dealt"
    PRIVATE: ClassVar[tuple[str, ...]] = ("cards",)
    seat: int
    count: int
    cards: tuple[str, ...] | None = None

    @property
    def visible_to(self) -> tuple[int, ...]:
        return (self.seat,)


@dataclass(frozen=True, slots=True, kw_only=True)
class Reshuffled(Event):
    """The discard pile became a new supply of `count` cards."""

    kind: ClassVar[str] = "reshuffled"
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Drew(Event):
    """`seat` drew `count` cards (`why`: turn, trade, empty hand, christmas)."""

    kind: ClassVar[str] = "drew"
    PRIVATE: ClassVar[tuple[str, ...]] = ("cards",)
    seat: int
    count: int
    why: str
    cards: tuple[str, ...] | None = None

    @property
    def visible_to(self) -> tuple[int, ...]:
        return (self.seat,)


@dataclass(frozen=True, slots=True, kw_only=True)
class Eliminated(Event):
    """`seat` is out, knocked out by `by`'s `card` (`origin` played it, `via` how it came)."""

    kind: ClassVar[str] = "eliminated"
    seat: int
    by: int
    card: str
    origin: int
    via: str
    hand: tuple[str, ...] = ()
    """The hand that went face up to the discard pile with the seat (public: the pile is). The
    table showed its walls fall and the rest arrive unseen: the pile's count jumped at the end
    of the match, and nobody's log said how a Non-Violent Protests came to lie there."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EndgameStarted(Event):
    """The first elimination (`seat`) starts the endgame."""

    kind: ClassVar[str] = "endgame_started"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Over(Event):
    """The match ended (`reason`: last_standing, round_limit), seats ranked best first."""

    kind: ClassVar[str] = "over"
    reason: str
    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Aimed(Event):
    """A card is aimed at `target`: a defence window opens (`link`: its depth in the chain)."""

    kind: ClassVar[str] = "aimed"
    card: str
    source: int
    target: int
    origin: int
    power: int
    walls: tuple[str, ...]
    mode: str
    link: int
    via: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Took(Event):
    """The target took the card: it lands."""

    kind: ClassVar[str] = "took"
    seat: int
    card: str
    source: int
    link: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Answered(Event):
    """The target answered `against` with the defence `card` (an Oops sends it `to` a seat)."""

    kind: ClassVar[str] = "answered"
    seat: int
    card: str
    against: str
    source: int
    to: int
    link: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Cancelled(Event):
    """The aimed `card` is cancelled `by` a defence card."""

    kind: ClassVar[str] = "cancelled"
    seat: int
    card: str
    by: str
    why: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Stopped(Event):
    """`seat`'s Force Field stopped `by`'s `card`."""

    kind: ClassVar[str] = "stopped"
    seat: int
    card: str
    by: int
    why: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Destroyed(Event):
    """`by`'s `card` destroyed `seat`'s `walls`."""

    kind: ClassVar[str] = "destroyed"
    seat: int
    walls: tuple[str, ...]
    card: str
    by: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Killed(Event):
    """`by`'s Assassin killed `seat`'s `character`."""

    kind: ClassVar[str] = "killed"
    seat: int
    character: str
    by: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Inspected(Event):
    """`by`'s Inspector saw `seat`'s hand (both see it); its Nuclear Bombs were discarded."""

    kind: ClassVar[str] = "inspected"
    PRIVATE: ClassVar[tuple[str, ...]] = ("hand",)
    seat: int
    by: int
    discarded: tuple[str, ...]
    hand: tuple[str, ...] | None = None

    @property
    def visible_to(self) -> tuple[int, ...]:
        return tuple(sorted({self.by, self.seat}))


@dataclass(frozen=True, slots=True, kw_only=True)
class Protested(Event):
    """Protests made `seat` discard these cards."""

    kind: ClassVar[str] = "protested"
    seat: int
    by: int
    discarded: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Invaded(Event):
    """Alien Invasion made `seat` discard these cards."""

    kind: ClassVar[str] = "invaded"
    seat: int
    by: int
    discarded: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Sabotaged(Event):
    """Sabotage destroyed `seat`'s strongest wall."""

    kind: ClassVar[str] = "sabotaged"
    seat: int
    by: int
    walls: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Epidemic(Event):
    """Epidemic: `seat` loses their next turn."""

    kind: ClassVar[str] = "epidemic"
    seat: int
    by: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ForceFieldDestroyed(Event):
    """A Spy destroyed `seat`'s Force Field."""

    kind: ClassVar[str] = "force_field_destroyed"
    seat: int
    by: int
    walls: tuple[str, ...]
    origin: int
    via: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Stolen(Event):
    """`by`'s Spy took `count` (0 or 1) cards from `seat`; which card: only the two see."""

    kind: ClassVar[str] = "stolen"
    PRIVATE: ClassVar[tuple[str, ...]] = ("card",)
    seat: int
    by: int
    count: int
    origin: int
    via: str
    card: str | None = None

    @property
    def visible_to(self) -> tuple[int, ...]:
        return tuple(sorted({self.seat, self.by})) if self.count else ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Fallout(Event):
    """The Nuclear Bomb's player lost these walls."""

    kind: ClassVar[str] = "fallout"
    seat: int
    walls: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class EndgameCard(Event):
    """An eliminated seat called an endgame card (at `target`, or -1)."""

    kind: ClassVar[str] = "endgame_card"
    seat: int
    card: str
    target: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Earthquake(Event):
    """Earthquake destroyed `seat`'s weakest wall."""

    kind: ClassVar[str] = "earthquake"
    seat: int
    walls: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Traded(Event):
    """`seat` traded these cards in for a new one."""

    kind: ClassVar[str] = "traded"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Passed(Event):
    """`seat` passed, after `played` plays this turn (0 in saves older than the field)."""

    kind: ClassVar[str] = "passed"
    seat: int
    played: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Undermined(Event):
    """`seat`'s Underminer goes for `target`'s `wall`."""

    kind: ClassVar[str] = "undermine"
    seat: int
    target: int
    wall: str


@dataclass(frozen=True, slots=True, kw_only=True)
class UnderminerIdle(Event):
    """`seat`'s turn ends with its Underminer in play and no wall taken: `why` for each enemy
    still in (`enemies`, in seat order): "no_wall" (no palisade, stone or iron wall),
    "force_field" (a Force Field keeps him away), "diplomacy" (their Diplomacy does), or
    "open" (a wall he could have taken: the seat left him idle)."""

    kind: ClassVar[str] = "underminer_idle"
    seat: int
    enemies: tuple[int, ...]
    why: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Arranged(Event):
    """`seat` put the top `count` cards back (in which order: only they see)."""

    kind: ClassVar[str] = "arranged"
    PRIVATE: ClassVar[tuple[str, ...]] = ("order",)
    seat: int
    count: int
    order: tuple[str, ...] | None = None

    @property
    def visible_to(self) -> tuple[int, ...]:
        return (self.seat,)


@dataclass(frozen=True, slots=True, kw_only=True)
class Played(Event):
    """`seat` played `card` (at `target`, or -1)."""

    kind: ClassVar[str] = "played"
    seat: int
    card: str
    target: int
    walls: tuple[str, ...]
    mode: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Looked(Event):
    """Twist of Fate: `seat` looked at the top `count` cards."""

    kind: ClassVar[str] = "looked"
    PRIVATE: ClassVar[tuple[str, ...]] = ("cards",)
    seat: int
    count: int
    cards: tuple[str, ...] | None = None

    @property
    def visible_to(self) -> tuple[int, ...]:
        return (self.seat,)


@dataclass(frozen=True, slots=True, kw_only=True)
class Turn(Event):
    """`seat`'s turn begins (an endgame turn when not `alive`)."""

    kind: ClassVar[str] = "turn"
    seat: int
    round: int
    alive: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DiplomacyEnded(Event):
    """`seat`'s Diplomacy wears off."""

    kind: ClassVar[str] = "diplomacy_ended"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TechnologyEnded(Event):
    """Advanced Technology wears off."""

    kind: ClassVar[str] = "technology_ended"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LostTurn(Event):
    """`seat` is sick: the turn is lost."""

    kind: ClassVar[str] = "lost_turn"
    seat: int


EVENT_TYPES: dict[str, type[Event]] = {cls.kind: cls for cls in (
    Setup, Dealt, Reshuffled, Drew, Eliminated, EndgameStarted,
    Over, Aimed, Took, Answered, Cancelled, Stopped,
    Destroyed, Killed, Inspected, Protested, Invaded, Sabotaged,
    Epidemic, ForceFieldDestroyed, Stolen, Fallout, EndgameCard, Earthquake,
    Traded, Passed, Undermined, UnderminerIdle, Arranged, Played, Looked,
    Turn, DiplomacyEnded, TechnologyEnded, LostTurn,
)}
"""Each event class by the `kind` its dict form is tagged with."""
CODEC.prepare(EVENT_TYPES.values())
