"""Kaboom! the traveler's card game (the Cabo family): the pure rules engine.

One plain-data `CaboState` serves the table scene, the AI, saves, replays and tests (the OpenSpiel
model): `current_player()`, `legal_actions(player)`, `apply(action)`, `is_terminal()`, `returns()`,
and `observation(player)` for exactly what one seat may know. Randomness comes only from the seeded
`random.Random` kept in the state. Every change is also told as an `Event` whose private parts name
who may see them, so a log or an animation never leaks a hidden card.

Table model: each seat has a list of slots (`grids[seat][slot]`); slots 0 and 1 are the far row and
slots 2 and 3 the near row of the starting 2x2 grid. A card is addressed by `Pos(seat, slot)`.

Decisions
---------
Where the rulebook leaves timing open, or a screen has to replace a physical act:

1. Peek: at the deal every player automatically looks at their two near cards (slots 2 and 3) once.
2. Slap window: an original discard (a card flipped in the slap phase, a drawn card discarded with
   or without its power, a card replaced out of a grid) may be slapped until the next player draws
   (in the slap phase: until the next card is flipped; after the last turn of a round: until the
   table reveals). The table keeps the window open at least `slap_window` seconds (1.5 by default)
   before the next draw, flip or reveal; an AI draws exactly then.
3. First slap wins: slaps are timed from the discard; the earliest wins and exact ties go to the
   seat first in clockwise order starting with the discarder. A discard can be slapped only once:
   later slaps on it do nothing and cost nothing.
4. Only the top of the discard pile can be slapped; slapping when the top card is not slappable (a
   card discarded by a slap, or its window has closed) does nothing and costs nothing (rule 11).
5. After winning a slap the slapper flips one card at a time from any grid except a Kaboomer's.
   After each match they may flip another or stop. A wrong flip ends the slap with 2 penalty cards
   (rule 7); stopping before flipping anything costs 1 penalty card (rule 8).
6. After a correct flip from another player's grid the slapper may give one of their own cards,
   unseen, into the emptied slot, before flipping anything else.
7. A card leaving a grid leaves its slot empty; a given card fills the emptied slot; penalty cards
   fill the lowest empty slot, otherwise a new slot at the end. Slots never move during a round.
8. Slap phase: from the starter, players in turn flip the top draw card. The first slap with at
   least one correct flip starts play with the slapper; a slap that only earns a penalty does not.
   If the draw pile runs out before anyone slaps correctly, play starts with the round's starter
   (the last flipped card stays slappable until they draw).
9. A power is announced after its card is discarded and must then be completed (a King's way out
   is to decide not to swap). A power needs a legal target: a 7/8 needs a card of your own, a 9/10
   a card of another player, a Jack, Queen or King two cards on the table; locked cards never
   count. Slaps may happen while a power is being used; the power goes on with the changed table
   (if a slap took every target, the power is lost and the turn passes).
10. King: both cards are chosen before looking. If a slap takes either card away before the
    decision, the swap can no longer happen (only "no swap").
11. Calling Kaboom! does not close the slap window on the previous discard; the next draw does. A
    Kaboomer's cards are locked: they can't be flipped, swapped, looked at or given to, and the
    Kaboomer can't slap.
12. Auto Kaboom!: a player who starts their turn (before drawing) with no cards, while nobody has
    called Kaboom!, calls it automatically. After a Kaboom! a player without cards still takes
    their last turn (draw, then discard or use the power).
13. The current player may slap the previous discard before drawing.
14. Reshuffle: when the draw pile is empty, the discard pile except its top card is shuffled into
    a new draw pile. If nothing can be drawn, penalty cards are skipped and a turn passes.
15. Round starter: the first round's starter is an option (seat 0 by default, or random). Later
    the round's winner starts; a tie goes to the lowest total including this round, then to the
    lowest seat.
16. Game winner: lowest total after the last round; players tied for it all win.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import random
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

# ------------------------------------------------------------------------------------ constants

MIN_PLAYERS = 2
MAX_PLAYERS = 6
GRID_SIZE = 4
PEEK_SLOTS = (2, 3)
WRONG_FLIP_PENALTY = 2
NO_FLIP_PENALTY = 1
KABOOM_BONUS = 5
KABOOM_PENALTY = 10
DEFAULT_ROUNDS = 10
DEFAULT_SLAP_WINDOW = 1.5
TABLE = -1
TERMINAL = -2
SAVE_VERSION = 1

DECISIONS: tuple[str, ...] = (
    "Peek: at the deal every player automatically looks at their two near cards (slots 2 and 3)"
    " once.",
    "Slap window: an original discard (a card flipped in the slap phase, a drawn card discarded"
    " with or without its power, a card replaced out of a grid) may be slapped until the next"
    " player draws (in the slap phase: until the next card is flipped; after the last turn of a"
    " round: until the table reveals). The table keeps the window open at least `slap_window`"
    " seconds (1.5 by default) before the next draw, flip or reveal; an AI draws exactly then.",
    "First slap wins: slaps are timed from the discard; the earliest wins and exact ties go to the"
    " seat first in clockwise order starting with the discarder. A discard can be slapped only"
    " once: later slaps on it do nothing and cost nothing.",
    "Only the top of the discard pile can be slapped; slapping when the top card is not slappable"
    " (a card discarded by a slap, or its window has closed) does nothing and costs nothing"
    " (rule 11).",
    "After winning a slap the slapper flips one card at a time from any grid except a Kaboomer's."
    " After each match they may flip another or stop. A wrong flip ends the slap with 2 penalty"
    " cards (rule 7); stopping before flipping anything costs 1 penalty card (rule 8).",
    "After a correct flip from another player's grid the slapper may give one of their own cards,"
    " unseen, into the emptied slot, before flipping anything else.",
    "A card leaving a grid leaves its slot empty; a given card fills the emptied slot; penalty"
    " cards fill the lowest empty slot, otherwise a new slot at the end. Slots never move during a"
    " round.",
    "Slap phase: from the starter, players in turn flip the top draw card. The first slap with at"
    " least one correct flip starts play with the slapper; a slap that only earns a penalty does"
    " not. If the draw pile runs out before anyone slaps correctly, play starts with the round's"
    " starter (the last flipped card stays slappable until they draw).",
    "A power is announced after its card is discarded and must then be completed (a King's way out"
    " is to decide not to swap). A power needs a legal target: a 7/8 needs a card of your own, a"
    " 9/10 a card of another player, a Jack, Queen or King two cards on the table; locked cards"
    " never count. Slaps may happen while a power is being used; the power goes on with the"
    " changed table (if a slap took every target, the power is lost and the turn passes).",
    "King: both cards are chosen before looking. If a slap takes either card away before the"
    ' decision, the swap can no longer happen (only "no swap").',
    "Calling Kaboom! does not close the slap window on the previous discard; the next draw does. A"
    " Kaboomer's cards are locked: they can't be flipped, swapped, looked at or given to, and the"
    " Kaboomer can't slap.",
    "Auto Kaboom!: a player who starts their turn (before drawing) with no cards, while nobody has"
    " called Kaboom!, calls it automatically. After a Kaboom! a player without cards still takes"
    " their last turn (draw, then discard or use the power).",
    "The current player may slap the previous discard before drawing.",
    "Reshuffle: when the draw pile is empty, the discard pile except its top card is shuffled into"
    " a new draw pile. If nothing can be drawn, penalty cards are skipped and a turn passes.",
    "Round starter: the first round's starter is an option (seat 0 by default, or random). Later"
    " the round's winner starts; a tie goes to the lowest total including this round, then to the"
    " lowest seat.",
    "Game winner: lowest total after the last round; players tied for it all win.",
)

# ---------------------------------------------------------------------------------------- cards

ACE, JACK, QUEEN, KING, JOKER = 1, 11, 12, 13, 14
SUITS = ("S", "H", "D", "C")
_RANK_CODES = "?A23456789TJQKX"
_RANK_NAMES = {ACE: "Ace", JACK: "Jack", QUEEN: "Queen", KING: "King", JOKER: "Joker"}
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


class Power(enum.StrEnum):
    """What a card drawn from the draw pile lets its drawer do after discarding it."""

    PEEK_OWN = "peek_own"
    PEEK_OTHER = "peek_other"
    BLIND_SWAP = "blind_swap"
    VISIBLE_SWAP = "visible_swap"

    @property
    def text(self) -> str:
        """A short description for logs and the rules page."""
        return _POWER_TEXT[self]


_POWER_TEXT = {
    Power.PEEK_OWN: "look at one of their own cards",
    Power.PEEK_OTHER: "look at another player's card",
    Power.BLIND_SWAP: "swap two cards without looking (blind swap)",
    Power.VISIBLE_SWAP: "look at two cards, then swap them or not (visible swap)",
}
_POWERS = {
    7: Power.PEEK_OWN,
    8: Power.PEEK_OWN,
    9: Power.PEEK_OTHER,
    10: Power.PEEK_OTHER,
    JACK: Power.BLIND_SWAP,
    QUEEN: Power.BLIND_SWAP,
    KING: Power.VISIBLE_SWAP,
}


@dataclass(frozen=True, slots=True)
class Card:
    """One of the 54 cards: rank 1 (Ace) to 13 (King), 14 for a Joker; suit S/H/D/C, R/B jokers."""

    rank: int
    suit: str

    @property
    def value(self) -> int:
        """Points: Ace 1, 2-10 face, Jack 12, Queen 15, red King 0, black King 30, Joker -1."""
        rank = self.rank
        if rank <= 10:
            return rank
        if rank == JACK:
            return 12
        if rank == QUEEN:
            return 15
        if rank == KING:
            return 0 if self.is_red else 30
        return -1

    @property
    def is_red(self) -> bool:
        return self.suit in ("H", "D", "R")

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def power(self) -> Power | None:
        """The power this card gives when drawn from the draw pile (never from a grid)."""
        return _POWERS.get(self.rank)

    @property
    def code(self) -> str:
        """Two characters for saves: rank (A23456789TJQKX) then suit (SHDC, R/B for jokers)."""
        return _RANK_CODES[self.rank] + self.suit

    @property
    def rank_name(self) -> str:
        return _RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def name(self) -> str:
        """Words for logs: 'the 7 of hearts', 'the red Joker'."""
        if self.is_joker:
            return f"the {'red' if self.is_red else 'black'} Joker"
        return f"the {self.rank_name} of {_SUIT_NAMES[self.suit]}"

    @property
    def short(self) -> str:
        """A compact label such as '10♥' or 'Jkr'."""
        if self.is_joker:
            return "Jkr"
        label = self.rank_name[0] if self.rank in _RANK_NAMES else str(self.rank)
        return label + _SUIT_SYMBOLS[self.suit]

    def matches(self, other: Card) -> bool:
        """Slap matching: same number or face (Jack, Queen, King, Joker); colour doesn't matter."""
        return self.rank == other.rank

    def __str__(self) -> str:
        return self.short


DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14)) + (
    Card(JOKER, "R"),
    Card(JOKER, "B"),
)
_BY_CODE = {c.code: c for c in DECK}


def card(code: str | Card) -> Card:
    """The card with this code ('7H', 'TS' or '10S', 'KD', 'XR' for the red Joker)."""
    if isinstance(code, Card):
        return code
    text = code.strip().upper().replace("10", "T")
    try:
        return _BY_CODE[text]
    except KeyError:
        raise ValueError(f"no such card: {code!r}") from None


def rank_value_text(rank: int) -> str:
    """A rank in words for 'slaps the Jack' style texts."""
    return _RANK_NAMES.get(rank, str(rank))


class Pos(NamedTuple):
    """A place on the table: a seat and a slot of that seat's grid."""

    player: int
    slot: int


@dataclass(slots=True)
class Cell:
    """A face-down card in a grid slot: who has seen it (seat -> move) and when it last moved."""

    card: Card
    seen: dict[int, int] = field(default_factory=dict)
    moved_at: int = 0

    def copy(self) -> Cell:
        return Cell(self.card, dict(self.seen), self.moved_at)


class Phase(enum.StrEnum):
    """The decision the table is waiting for."""

    FLIP = "flip"  # slap phase: the current player flips the top draw card
    TURN = "turn"  # the current player draws or calls Kaboom!
    DRAWN = "drawn"  # the current player holds a drawn card: discard, use its power or replace
    POWER = "power"  # the current player chooses the power's target(s)
    KING_DECIDE = "king_decide"  # the current player has looked at two cards: swap or not
    SLAP = "slap"  # the slapper flips a card or stops
    GIVE = "give"  # the slapper may give one of their cards into the emptied slot
    LAST_CALL = "last_call"  # last turn done; the table reveals after the slap window
    ROUND_OVER = "round_over"  # scores are shown; the table deals the next round
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class CaboOptions:
    """Match options; the defaults follow the rulebook."""

    players: int = 4
    rounds: int = DEFAULT_ROUNDS
    first_starter: int | None = 0  # None: chosen by the match's seeded rng
    slap_window: float = DEFAULT_SLAP_WINDOW  # seconds a discard stays slappable before a draw

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS}-{MAX_PLAYERS}, not {self.players}")
        if self.rounds < 1:
            raise ValueError("rounds must be at least 1")
        if self.first_starter is not None and not 0 <= self.first_starter < self.players:
            raise ValueError(f"first_starter {self.first_starter} is not a seat")
        if not self.slap_window > 0:
            raise ValueError("slap_window must be positive")

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CaboOptions:
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown cabo options: {sorted(unknown)}")
        return cls(**dict(data))


# -------------------------------------------------------------------------- plain-data codec


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


# -------------------------------------------------------------------------------------- actions


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


# --------------------------------------------------------------------------------------- events


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


# ------------------------------------------------------------------------------- small records


class IllegalAction(ValueError):
    """Raised by `must_apply` for an action the rules don't allow now; the state is unchanged."""

    def __init__(self, action: Action, reason: str) -> None:
        super().__init__(f"{type(action).__name__} by seat {action.player}: {reason}")
        self.action = action
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Result:
    """What `apply` returns: ok and the new events, or the reason the action was refused."""

    ok: bool
    events: tuple[Event, ...] = ()
    error: str | None = None


class SlotView(NamedTuple):
    """A card in a grid as one viewer knows it: the card if they saw it and followed it."""

    card: Card | None
    seen_at: int | None  # the move at which the viewer last looked at this card
    moved_at: int  # the move at which this card last changed place (public)


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything one seat may legitimately know; the AI decides from this alone."""

    viewer: int
    players: int
    round: int
    rounds: int
    phase: Phase
    current: int
    turn: int
    starter: int
    move: int
    turns: int
    grids: tuple[tuple[SlotView | None, ...], ...]
    discard: tuple[Card, ...]
    draw_count: int
    window: bool  # the top discard may be slapped now (by someone)
    can_slap: bool  # ...and the viewer may slap it
    window_id: int  # the move that opened the current slap window
    window_from: int | None  # who discarded the slappable card
    drawn: Card | None
    power: Power | None
    king: tuple[Pos, Pos] | None
    king_cards: tuple[Card, Card] | None
    slapper: int | None
    slap_card: Card | None
    slap_matched: int
    give_to: Pos | None
    kaboomer: int | None
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    legal: tuple[Action, ...]

    @property
    def top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def count(self, seat: int) -> int:
        return sum(1 for s in self.grids[seat] if s is not None)

    def occupied(self, seat: int) -> list[int]:
        return [i for i, s in enumerate(self.grids[seat]) if s is not None]

    def known(self) -> dict[Pos, Card]:
        """Cards the viewer knows, by place."""
        out: dict[Pos, Card] = {}
        for p, grid in enumerate(self.grids):
            for i, s in enumerate(grid):
                if s is not None and s.card is not None:
                    out[Pos(p, i)] = s.card
        return out


@dataclass
class _SlapState:
    player: int
    card: Card
    t: float
    resume: Phase
    flips: int = 0
    matched: int = 0
    give_to: Pos | None = None


@dataclass
class _KingState:
    a: Pos
    b: Pos
    card_a: Card
    card_b: Card


# ----------------------------------------------------------------------------------------- scoring


def score_round(card_totals: Sequence[int], kaboomer: int | None) -> list[int]:
    """Round points: face totals, but a Kaboomer gets -5 - distance if strictly closest to zero,
    else +10 + distance (a tie is not closest)."""
    scores = list(card_totals)
    if kaboomer is not None:
        dist = abs(card_totals[kaboomer])
        closest = all(dist < abs(t) for p, t in enumerate(card_totals) if p != kaboomer)
        scores[kaboomer] = -KABOOM_BONUS - dist if closest else KABOOM_PENALTY + dist
    return scores


def round_winners(card_totals: Sequence[int]) -> tuple[int, ...]:
    """Seats whose card total is closest to zero (several on a tie)."""
    best = min(abs(t) for t in card_totals)
    return tuple(p for p, t in enumerate(card_totals) if abs(t) == best)


def first_slap(slaps: Iterable[Slap], discarder: int | None, players: int) -> Slap | None:
    """The slap that wins among simultaneous ones: earliest t, exact ties clockwise from the
    discarder (the discarder first)."""
    start = 0 if discarder is None else discarder
    best: Slap | None = None
    best_key: tuple[float, int] = (math.inf, 0)
    for s in slaps:
        key = (s.t, (s.player - start) % players)
        if best is None or key < best_key:
            best, best_key = s, key
    return best


# ------------------------------------------------------------------------------------------ state


class CaboState:
    """The whole match: all grids, piles, phase, scores and the seeded rng; plain data."""

    def __init__(self, options: CaboOptions | None = None, seed: int = 0) -> None:
        """A new match, already dealt (phase FLIP); use `new_game` or `from_layout` normally."""
        self.options = options or CaboOptions()
        self.seed = seed
        self.rng = random.Random(seed)
        n = self.options.players
        self.round = 1
        self.phase = Phase.FLIP
        self.turn = 0
        self.starter = 0
        self.grids: list[list[Cell | None]] = [[] for _ in range(n)]
        self.draw: list[Card] = []  # the top card is the last
        self.discard: list[Card] = []  # the top card is the last
        self.window = False
        self.window_id = 0
        self.window_from: int | None = None
        self.drawn: Card | None = None
        self.power: Power | None = None
        self.king: _KingState | None = None
        self.slap: _SlapState | None = None
        self.kaboomer: int | None = None
        self.turns = 0
        self.totals = [0] * n
        self.history: list[list[int]] = []
        self.next_starter: int | None = None
        self.move = 0
        self.events: list[Event] = []
        self.actions: list[Action] = []
        first = self.options.first_starter
        self._deal(self.rng.randrange(n) if first is None else first)

    # ---- construction

    @classmethod
    def from_layout(
        cls,
        grids: Sequence[Sequence[str | Card | None]],
        *,
        draw: Sequence[str | Card] = (),
        discard: Sequence[str | Card] = (),
        phase: Phase = Phase.TURN,
        turn: int = 0,
        seen: Mapping[int, Iterable[tuple[int, int]]] | None = None,
        drawn: str | Card | None = None,
        power: Power | None = None,
        window: bool = False,
        window_from: int | None = None,
        kaboomer: int | None = None,
        totals: Sequence[int] | None = None,
        round: int = 1,
        options: CaboOptions | None = None,
        seed: int = 0,
        fill_draw: bool = True,
    ) -> CaboState:
        """A hand-made table for scenario tests and tutorials. Cards are codes ('7H', 'XR');
        `draw` and `discard` are listed top first; `seen[seat]` lists (seat, slot) places that
        seat knows; unused cards go under the given draw cards unless fill_draw is False."""
        opts = options or CaboOptions(players=len(grids), first_starter=0)
        if opts.players != len(grids):
            opts = dataclasses.replace(opts, players=len(grids))
        state = cls(opts, seed)
        state.events.clear()
        used: set[Card] = set()

        def take(code: str | Card) -> Card:
            c = card(code)
            if c in used:
                raise ValueError(f"{c.code} is used twice in the layout")
            used.add(c)
            return c

        state.grids = [
            [None if code is None else Cell(take(code)) for code in grid] for grid in grids
        ]
        top_first_draw = [take(c) for c in draw]
        top_first_discard = [take(c) for c in discard]
        held = take(drawn) if drawn is not None else None
        rest = [c for c in DECK if c not in used] if fill_draw else []
        state.draw = rest + top_first_draw[::-1]
        state.discard = top_first_discard[::-1]
        for viewer, places in (seen or {}).items():
            for p, s in places:
                cell = state.grids[p][s]
                if cell is None:
                    raise ValueError(f"seat {viewer} can't have seen empty slot {(p, s)}")
                cell.seen[viewer] = 0
        state.phase = phase
        state.turn = turn
        state.starter = turn
        state.drawn = held
        state.power = power
        state.window = window
        state.window_from = window_from if window_from is not None else (turn if window else None)
        state.kaboomer = kaboomer
        state.round = round
        state.totals = list(totals) if totals is not None else [0] * opts.players
        if phase is Phase.DRAWN and held is None:
            raise ValueError("phase DRAWN needs a drawn card")
        if phase is Phase.POWER and power is None:
            raise ValueError("phase POWER needs a power")
        return state

    # ---- the OpenSpiel-like core

    def current_player(self) -> int:
        """The seat to decide now; TABLE to reveal or deal; TERMINAL once the game is over."""
        if self.slap is not None:
            return self.slap.player
        if self.phase in (Phase.LAST_CALL, Phase.ROUND_OVER):
            return TABLE
        if self.phase is Phase.GAME_OVER:
            return TERMINAL
        return self.turn

    def is_terminal(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def returns(self) -> list[float]:
        """Per seat, minus the total score (higher is better, the OpenSpiel convention)."""
        return [float(-t) for t in self.totals]

    def scores(self) -> list[int]:
        """Total points so far per seat (lowest wins)."""
        return list(self.totals)

    def winners(self) -> tuple[int, ...]:
        """Seats with the lowest total (the game's winners once it is over)."""
        best = min(self.totals)
        return tuple(p for p, t in enumerate(self.totals) if t == best)

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action `player` (default: the current decision maker) may take now. A Slap is
        listed with t=0; any t >= 0 is accepted."""
        cur = self.current_player()
        seat = cur if player is None else player
        acts: list[Action] = []
        if seat >= 0 and self._why_not_slap(seat) is None:
            acts.append(Slap(seat))
        if seat != cur or cur == TERMINAL:
            return acts
        phase = self.phase
        if phase is Phase.FLIP:
            acts.append(FlipTop(seat) if self.draw else Pass(seat))
        elif phase is Phase.TURN:
            acts.append(Draw(seat) if self._can_draw() else Pass(seat))
            if self.kaboomer is None:
                acts.append(CallKaboom(seat))
        elif phase is Phase.DRAWN:
            acts.append(Discard(seat))
            assert self.drawn is not None
            power = self.drawn.power
            if power is not None and self._power_usable(power, seat):
                acts.append(UsePower(seat))
            acts.extend(Replace(seat, s) for s in self._occupied(seat))
        elif phase is Phase.POWER:
            acts.extend(self._power_actions(seat) or [Pass(seat)])
        elif phase is Phase.KING_DECIDE:
            acts.append(KingDecide(seat, False))
            if self._king_intact():
                acts.append(KingDecide(seat, True))
        elif phase is Phase.SLAP:
            acts.append(SlapStop(seat))
            acts.extend(SlapFlip(seat, pos) for pos in self._touchable())
        elif phase is Phase.GIVE:
            acts.append(SkipGive(seat))
            acts.extend(Give(seat, s) for s in self._occupied(seat))
        elif phase is Phase.LAST_CALL:
            acts.append(Reveal())
        elif phase is Phase.ROUND_OVER:
            acts.append(NextRound())
        return acts

    def why_illegal(self, action: Action) -> str | None:
        """None if `action` is legal now, else the reason in words."""
        if isinstance(action, Slap):
            if not (math.isfinite(action.t) and action.t >= 0):
                return "a slap's time must be a finite number of seconds >= 0"
            return self._why_not_slap(action.player)
        cur = self.current_player()
        if cur == TERMINAL:
            return "the game is over"
        if action.player != cur:
            who = "the table" if cur == TABLE else f"seat {cur}"
            return f"it is not seat {action.player}'s decision: waiting for {who}"
        check = _CHECKS.get(type(action))
        if check is None:
            return f"unknown action {action!r}"
        return check(self, action)

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def apply(self, action: Action) -> Result:
        """Apply a legal action and return its events; an illegal one changes nothing and is
        returned as Result(ok=False, error=reason)."""
        reason = self.why_illegal(action)
        if reason is not None:
            return Result(False, (), reason)
        start = len(self.events)
        self.move += 1
        self.actions.append(action)
        _DOS[type(action)](self, action)
        return Result(True, tuple(self.events[start:]), None)

    def must_apply(self, action: Action) -> tuple[Event, ...]:
        """Like apply, but raise IllegalAction for an illegal action."""
        result = self.apply(action)
        if not result.ok:
            raise IllegalAction(action, result.error or "illegal")
        return result.events

    # ---- what one seat may know

    def observation(self, viewer: int, *, with_legal: bool = True) -> Observation:
        """What `viewer` may legitimately know now: cards they saw (and followed through public
        moves), public piles and counts, their drawn card, and their legal actions."""
        revealed = self.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
        grids = tuple(
            tuple(
                None
                if c is None
                else SlotView(
                    c.card if revealed or viewer in c.seen else None, c.seen.get(viewer), c.moved_at
                )
                for c in grid
            )
            for grid in self.grids
        )
        king = self.king
        slap = self.slap
        mine = viewer == self.turn
        return Observation(
            viewer=viewer,
            players=self.options.players,
            round=self.round,
            rounds=self.options.rounds,
            phase=self.phase,
            current=self.current_player(),
            turn=self.turn,
            starter=self.starter,
            move=self.move,
            turns=self.turns,
            grids=grids,
            discard=tuple(self.discard),
            draw_count=len(self.draw),
            window=self.window and self.slap is None,
            can_slap=viewer >= 0 and self._why_not_slap(viewer) is None,
            window_id=self.window_id,
            window_from=self.window_from,
            drawn=self.drawn if mine else None,
            power=self.power,
            king=(king.a, king.b) if king is not None else None,
            king_cards=(king.card_a, king.card_b) if king is not None and mine else None,
            slapper=slap.player if slap is not None else None,
            slap_card=slap.card if slap is not None else None,
            slap_matched=slap.matched if slap is not None else 0,
            give_to=slap.give_to if slap is not None else None,
            kaboomer=self.kaboomer,
            totals=tuple(self.totals),
            history=tuple(tuple(h) for h in self.history),
            legal=tuple(self.legal_actions(viewer)) if with_legal else (),
        )

    def events_for(self, viewer: int | None, start: int = 0) -> list[Event]:
        """The event log from `start`, redacted for `viewer` (None: public only)."""
        return [e.redacted(viewer) for e in self.events[start:]]

    # ---- copies and saves

    def clone(self) -> CaboState:
        """An independent copy (events and actions are immutable and shared by value)."""
        other = CaboState.__new__(CaboState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.grids = [[None if c is None else c.copy() for c in g] for g in self.grids]
        other.draw = list(self.draw)
        other.discard = list(self.discard)
        other.king = dataclasses.replace(self.king) if self.king is not None else None
        other.slap = dataclasses.replace(self.slap) if self.slap is not None else None
        other.totals = list(self.totals)
        other.history = [list(h) for h in self.history]
        other.events = list(self.events)
        other.actions = list(self.actions)
        return other

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready plain data; `from_dict` restores an identical state (rng included)."""
        version, internal, gauss = self.rng.getstate()
        king = self.king
        slap = self.slap
        return {
            "version": SAVE_VERSION,
            "game": "cabo",
            "options": self.options.to_dict(),
            "seed": self.seed,
            "rng": [version, list(internal), gauss],
            "round": self.round,
            "phase": self.phase.value,
            "turn": self.turn,
            "starter": self.starter,
            "grids": [
                [
                    None
                    if c is None
                    else {
                        "card": c.card.code,
                        "seen": {str(k): v for k, v in c.seen.items()},
                        "moved_at": c.moved_at,
                    }
                    for c in grid
                ]
                for grid in self.grids
            ],
            "draw": [c.code for c in self.draw],
            "discard": [c.code for c in self.discard],
            "window": self.window,
            "window_id": self.window_id,
            "window_from": self.window_from,
            "drawn": self.drawn.code if self.drawn else None,
            "power": self.power.value if self.power else None,
            "king": None
            if king is None
            else {
                "a": list(king.a),
                "b": list(king.b),
                "card_a": king.card_a.code,
                "card_b": king.card_b.code,
            },
            "slap": None
            if slap is None
            else {
                "player": slap.player,
                "card": slap.card.code,
                "t": slap.t,
                "resume": slap.resume.value,
                "flips": slap.flips,
                "matched": slap.matched,
                "give_to": list(slap.give_to) if slap.give_to is not None else None,
            },
            "kaboomer": self.kaboomer,
            "turns": self.turns,
            "totals": list(self.totals),
            "history": [list(h) for h in self.history],
            "next_starter": self.next_starter,
            "move": self.move,
            "events": [e.to_dict() for e in self.events],
            "actions": [a.to_dict() for a in self.actions],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CaboState:
        """Rebuild a state saved by `to_dict`."""
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"unsupported cabo save version {data.get('version')!r}")
        state = cls.__new__(cls)
        state.options = CaboOptions.from_dict(data["options"])
        state.seed = int(data["seed"])
        version, internal, gauss = data["rng"]
        state.rng = random.Random()
        state.rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
        state.round = int(data["round"])
        state.phase = Phase(data["phase"])
        state.turn = int(data["turn"])
        state.starter = int(data["starter"])
        state.grids = [
            [
                None
                if c is None
                else Cell(
                    card(c["card"]),
                    {int(k): int(v) for k, v in c["seen"].items()},
                    int(c["moved_at"]),
                )
                for c in grid
            ]
            for grid in data["grids"]
        ]
        state.draw = [card(c) for c in data["draw"]]
        state.discard = [card(c) for c in data["discard"]]
        state.window = bool(data["window"])
        state.window_id = int(data["window_id"])
        state.window_from = data["window_from"]
        state.drawn = card(data["drawn"]) if data["drawn"] else None
        state.power = Power(data["power"]) if data["power"] else None
        k = data["king"]
        state.king = (
            None
            if k is None
            else _KingState(Pos(*k["a"]), Pos(*k["b"]), card(k["card_a"]), card(k["card_b"]))
        )
        s = data["slap"]
        state.slap = (
            None
            if s is None
            else _SlapState(
                player=int(s["player"]),
                card=card(s["card"]),
                t=float(s["t"]),
                resume=Phase(s["resume"]),
                flips=int(s["flips"]),
                matched=int(s["matched"]),
                give_to=Pos(*s["give_to"]) if s["give_to"] is not None else None,
            )
        )
        state.kaboomer = data["kaboomer"]
        state.turns = int(data["turns"])
        state.totals = [int(t) for t in data["totals"]]
        state.history = [[int(x) for x in h] for h in data["history"]]
        state.next_starter = data["next_starter"]
        state.move = int(data["move"])
        state.events = [Event.from_dict(e) for e in data["events"]]
        state.actions = [Action.from_dict(a) for a in data["actions"]]
        return state

    @classmethod
    def replay(cls, options: CaboOptions | None, seed: int, actions: Iterable[Action]) -> CaboState:
        """Rebuild a match from its options, seed and action list (raises on a bad action)."""
        state = cls(options, seed)
        for action in actions:
            state.must_apply(action)
        return state

    # ---- helpers on the table

    def card_at(self, pos: Pos) -> Card | None:
        """The card at `pos` (full knowledge: for tests and the reveal, never for a seat's view)."""
        grid = self.grids[pos.player]
        if not 0 <= pos.slot < len(grid):
            return None
        cell = grid[pos.slot]
        return cell.card if cell is not None else None

    def hand(self, seat: int) -> list[Card]:
        """The cards in a seat's grid, in slot order (full knowledge)."""
        return [c.card for c in self.grids[seat] if c is not None]

    def card_total(self, seat: int) -> int:
        return sum(c.value for c in self.hand(seat))

    def _occupied(self, seat: int) -> list[int]:
        return [i for i, c in enumerate(self.grids[seat]) if c is not None]

    def _touchable(self) -> list[Pos]:
        """Every card on the table that isn't locked by a Kaboom! call."""
        return [
            Pos(p, i)
            for p, grid in enumerate(self.grids)
            if p != self.kaboomer
            for i, c in enumerate(grid)
            if c is not None
        ]

    def _pos_problem(self, pos: Pos) -> str | None:
        p, s = pos
        if not 0 <= p < self.options.players:
            return f"seat {p} is not at the table"
        if p == self.kaboomer:
            return f"seat {p} called Kaboom!: their cards are locked"
        grid = self.grids[p]
        if not 0 <= s < len(grid) or grid[s] is None:
            return f"there is no card at seat {p} slot {s}"
        return None

    def _own_slot_problem(self, seat: int, slot: int) -> str | None:
        grid = self.grids[seat]
        if not 0 <= slot < len(grid) or grid[slot] is None:
            return f"seat {seat} has no card in slot {slot}"
        return None

    def _can_draw(self) -> bool:
        return bool(self.draw) or len(self.discard) > 1

    def _power_usable(self, power: Power, seat: int) -> bool:
        if power is Power.PEEK_OWN:
            return bool(self._occupied(seat))
        touchable = self._touchable()
        if power is Power.PEEK_OTHER:
            return any(pos.player != seat for pos in touchable)
        return len(touchable) >= 2

    def _power_actions(self, seat: int) -> list[Action]:
        power = self.power
        if power is Power.PEEK_OWN:
            return [PeekOwn(seat, s) for s in self._occupied(seat)]
        touchable = self._touchable()
        if power is Power.PEEK_OTHER:
            return [PeekOther(seat, pos) for pos in touchable if pos.player != seat]
        make = BlindSwap if power is Power.BLIND_SWAP else KingLook
        return [make(seat, a, b) for i, a in enumerate(touchable) for b in touchable[i + 1 :]]

    def _king_intact(self) -> bool:
        king = self.king
        return (
            king is not None
            and self.card_at(king.a) == king.card_a
            and self.card_at(king.b) == king.card_b
        )

    def _why_not_slap(self, seat: int) -> str | None:
        if not 0 <= seat < self.options.players:
            return f"seat {seat} is not at the table"
        if self.slap is not None:
            return "a slap is already being resolved"
        if self.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            return "the round is over"
        if not self.window or not self.discard:
            return (
                "nothing to slap: only an original discard on top of the pile can be slapped, "
                "and only until the next draw"
            )
        if seat == self.kaboomer:
            return "a player who called Kaboom! can't slap"
        return None

    # ---- checks (state is never changed here)

    def _chk_phase(self, *phases: Phase) -> str | None:
        if self.phase not in phases:
            return f"not now: the table is in phase {self.phase.value}"
        return None

    def _chk_flip(self, a: Action) -> str | None:
        return self._chk_phase(Phase.FLIP) or (None if self.draw else "the draw pile is empty")

    def _chk_draw(self, a: Action) -> str | None:
        return self._chk_phase(Phase.TURN) or (
            None if self._can_draw() else "there is no card left to draw"
        )

    def _chk_kaboom(self, a: Action) -> str | None:
        problem = self._chk_phase(Phase.TURN)
        if problem:
            return problem
        if self.kaboomer is not None:
            return "someone has already called Kaboom! this round"
        return None

    def _chk_pass(self, a: Action) -> str | None:
        problem = self._chk_phase(Phase.TURN, Phase.FLIP, Phase.POWER)
        if problem:
            return problem
        if self.phase is Phase.POWER:
            if self._power_actions(a.player):
                return "the power still has a target: use it"
            return None
        can = bool(self.draw) if self.phase is Phase.FLIP else self._can_draw()
        return "you can only pass when nothing can be drawn" if can else None

    def _chk_discard(self, a: Action) -> str | None:
        return self._chk_phase(Phase.DRAWN)

    def _chk_use_power(self, a: Action) -> str | None:
        problem = self._chk_phase(Phase.DRAWN)
        if problem:
            return problem
        assert self.drawn is not None
        power = self.drawn.power
        if power is None:
            return f"{self.drawn.name} has no power"
        if not self._power_usable(power, a.player):
            return f"there is nothing to {power.text} on the table"
        return None

    def _chk_replace(self, a: Action) -> str | None:
        assert isinstance(a, Replace)
        return self._chk_phase(Phase.DRAWN) or self._own_slot_problem(a.player, a.slot)

    def _chk_power_is(self, power: Power) -> str | None:
        problem = self._chk_phase(Phase.POWER)
        if problem:
            return problem
        if self.power is not power:
            return f"the power being used is {self.power}, not {power.value}"
        return None

    def _chk_peek_own(self, a: Action) -> str | None:
        assert isinstance(a, PeekOwn)
        return self._chk_power_is(Power.PEEK_OWN) or self._own_slot_problem(a.player, a.slot)

    def _chk_peek_other(self, a: Action) -> str | None:
        assert isinstance(a, PeekOther)
        problem = self._chk_power_is(Power.PEEK_OTHER) or self._pos_problem(a.pos)
        if problem:
            return problem
        return "a 9 or 10 looks at another player's card" if a.pos.player == a.player else None

    def _chk_two(self, a: Action, power: Power) -> str | None:
        assert isinstance(a, BlindSwap | KingLook)
        problem = self._chk_power_is(power) or self._pos_problem(a.a) or self._pos_problem(a.b)
        if problem:
            return problem
        return "choose two different cards" if a.a == a.b else None

    def _chk_blind(self, a: Action) -> str | None:
        return self._chk_two(a, Power.BLIND_SWAP)

    def _chk_king_look(self, a: Action) -> str | None:
        return self._chk_two(a, Power.VISIBLE_SWAP)

    def _chk_king_decide(self, a: Action) -> str | None:
        assert isinstance(a, KingDecide)
        problem = self._chk_phase(Phase.KING_DECIDE)
        if problem:
            return problem
        if a.swap and not self._king_intact():
            return "a looked-at card has been slapped away: the swap can't happen"
        return None

    def _chk_slap_flip(self, a: Action) -> str | None:
        assert isinstance(a, SlapFlip)
        return self._chk_phase(Phase.SLAP) or self._pos_problem(a.pos)

    def _chk_slap_stop(self, a: Action) -> str | None:
        return self._chk_phase(Phase.SLAP)

    def _chk_give(self, a: Action) -> str | None:
        assert isinstance(a, Give)
        return self._chk_phase(Phase.GIVE) or self._own_slot_problem(a.player, a.slot)

    def _chk_skip_give(self, a: Action) -> str | None:
        return self._chk_phase(Phase.GIVE)

    def _chk_reveal(self, a: Action) -> str | None:
        return self._chk_phase(Phase.LAST_CALL)

    def _chk_next_round(self, a: Action) -> str | None:
        return self._chk_phase(Phase.ROUND_OVER)

    # ---- effects (only ever called after the matching check passed)

    def _emit(self, event: Event) -> None:
        self.events.append(event)

    def _next_seat(self, seat: int) -> int:
        return (seat + 1) % self.options.players

    def _take_card(self) -> Card | None:
        """Top of the draw pile, reshuffling the discard pile (but its top card) when empty."""
        if not self.draw:
            if len(self.discard) <= 1:
                return None
            rest = self.discard[:-1]
            self.rng.shuffle(rest)
            self.draw = rest
            self.discard = self.discard[-1:]
            self._emit(Reshuffled(len(rest)))
        return self.draw.pop()

    def _open_window(self, seat: int, card: Card) -> None:
        self.discard.append(card)
        self.window = True
        self.window_id = self.move
        self.window_from = seat

    def _deal(self, starter: int) -> None:
        n = self.options.players
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.grids = [[] for _ in range(n)]
        for _ in range(GRID_SIZE):
            for p in range(n):
                self.grids[p].append(Cell(deck.pop(), {}, self.move))
        self.draw = deck
        self.discard = []
        self.window = False
        self.window_from = None
        self.drawn = None
        self.power = None
        self.king = None
        self.slap = None
        self.kaboomer = None
        self.turns = 0
        self.starter = starter
        self.turn = starter
        self.phase = Phase.FLIP
        self._emit(RoundStarted(self.round, starter))
        self._emit(Dealt(self.round, tuple(GRID_SIZE for _ in range(n))))
        for p in range(n):
            for s in PEEK_SLOTS:
                cell = self.grids[p][s]
                assert cell is not None
                cell.seen[p] = self.move
                self._emit(Peeked(p, Pos(p, s), cell.card, "start"))

    def _penalise(self, seat: int, count: int, reason: str) -> int:
        slots: list[int] = []
        cards: list[Card] = []
        grid = self.grids[seat]
        for _ in range(count):
            c = self._take_card()
            if c is None:
                break
            cell = Cell(c, {}, self.move)
            try:
                slot = grid.index(None)
                grid[slot] = cell
            except ValueError:
                slot = len(grid)
                grid.append(cell)
            slots.append(slot)
            cards.append(c)
        self._emit(Penalty(seat, tuple(slots), tuple(cards), reason))
        return len(slots)

    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.phase = Phase.TURN
        self._emit(TurnStarted(seat, self.kaboomer is not None))
        self._auto_kaboom()

    def _auto_kaboom(self) -> None:
        if (
            self.phase is Phase.TURN
            and self.slap is None
            and self.kaboomer is None
            and not self._occupied(self.turn)
        ):
            self.kaboomer = self.turn
            self._emit(KaboomCalled(self.turn, True))
            self._end_turn()

    def _end_turn(self) -> None:
        self.power = None
        self.king = None
        self.turns += 1
        nxt = self._next_seat(self.turn)
        if self.kaboomer is not None and nxt == self.kaboomer:
            self.phase = Phase.LAST_CALL
            return
        self._start_turn(nxt)

    def _swap(self, a: Pos, b: Pos) -> None:
        ca = self.grids[a.player][a.slot]
        cb = self.grids[b.player][b.slot]
        assert ca is not None and cb is not None
        ca.moved_at = cb.moved_at = self.move
        self.grids[a.player][a.slot] = cb
        self.grids[b.player][b.slot] = ca

    def _do_flip(self, a: Action) -> None:
        c = self._take_card()
        assert c is not None
        self._open_window(a.player, c)
        self._emit(Flipped(a.player, c))
        self.turn = self._next_seat(a.player)
        self._flip_phase_over()

    def _flip_phase_over(self) -> None:
        """The slap phase can't go on forever: an empty draw pile starts play with the starter."""
        if self.phase is Phase.FLIP and not self.draw:
            self._start_turn(self.starter)

    def _do_draw(self, a: Action) -> None:
        self.window = False
        c = self._take_card()
        assert c is not None
        self.drawn = c
        self.phase = Phase.DRAWN
        self._emit(Drew(a.player, c))

    def _do_pass(self, a: Action) -> None:
        if self.phase is Phase.POWER:
            self._end_turn()
            return
        self.window = False
        if self.phase is Phase.FLIP:
            self._start_turn(self.starter)
        else:
            self._end_turn()

    def _do_kaboom(self, a: Action) -> None:
        self.kaboomer = a.player
        self._emit(KaboomCalled(a.player, False))
        self._end_turn()

    def _do_discard(self, a: Action) -> None:
        c = self.drawn
        assert c is not None
        self.drawn = None
        self._open_window(a.player, c)
        self._emit(Discarded(a.player, c, False))
        self._end_turn()

    def _do_use_power(self, a: Action) -> None:
        c = self.drawn
        assert c is not None
        self.drawn = None
        self._open_window(a.player, c)
        self.power = c.power
        self.phase = Phase.POWER
        self._emit(Discarded(a.player, c, True))

    def _do_replace(self, a: Action) -> None:
        assert isinstance(a, Replace) and self.drawn is not None
        old = self.grids[a.player][a.slot]
        assert old is not None
        new = self.drawn
        self.drawn = None
        self.grids[a.player][a.slot] = Cell(new, {a.player: self.move}, self.move)
        self._open_window(a.player, old.card)
        self._emit(Replaced(a.player, a.slot, new, old.card))
        self._end_turn()

    def _look(self, seat: int, pos: Pos, reason: str) -> Card:
        cell = self.grids[pos.player][pos.slot]
        assert cell is not None
        cell.seen[seat] = self.move
        self._emit(Peeked(seat, pos, cell.card, reason))
        return cell.card

    def _do_peek_own(self, a: Action) -> None:
        assert isinstance(a, PeekOwn)
        pos = Pos(a.player, a.slot)
        self._emit(PowerUsed(a.player, Power.PEEK_OWN, (pos,)))
        self._look(a.player, pos, "peek_own")
        self._end_turn()

    def _do_peek_other(self, a: Action) -> None:
        assert isinstance(a, PeekOther)
        self._emit(PowerUsed(a.player, Power.PEEK_OTHER, (a.pos,)))
        self._look(a.player, a.pos, "peek_other")
        self._end_turn()

    def _do_blind(self, a: Action) -> None:
        assert isinstance(a, BlindSwap)
        self._emit(PowerUsed(a.player, Power.BLIND_SWAP, (a.a, a.b)))
        self._swap(a.a, a.b)
        self._emit(Swapped(a.player, a.a, a.b, True))
        self._end_turn()

    def _do_king_look(self, a: Action) -> None:
        assert isinstance(a, KingLook)
        self._emit(PowerUsed(a.player, Power.VISIBLE_SWAP, (a.a, a.b)))
        ca = self._look(a.player, a.a, "king")
        cb = self._look(a.player, a.b, "king")
        self.king = _KingState(a.a, a.b, ca, cb)
        self.phase = Phase.KING_DECIDE

    def _do_king_decide(self, a: Action) -> None:
        assert isinstance(a, KingDecide) and self.king is not None
        self._emit(KingDecided(a.player, a.swap))
        if a.swap:
            self._swap(self.king.a, self.king.b)
            self._emit(Swapped(a.player, self.king.a, self.king.b, False))
        self._end_turn()

    def _do_slap(self, a: Action) -> None:
        assert isinstance(a, Slap)
        top = self.discard[-1]
        self.window = False
        self.slap = _SlapState(a.player, top, a.t, self.phase)
        self.phase = Phase.SLAP
        self._emit(SlapAttempt(a.player, a.t, top))

    def _do_slap_flip(self, a: Action) -> None:
        assert isinstance(a, SlapFlip) and self.slap is not None
        slap = self.slap
        cell = self.grids[a.pos.player][a.pos.slot]
        assert cell is not None
        self.grids[a.pos.player][a.pos.slot] = None
        self.discard.append(cell.card)  # a slap's discard: never slappable
        match = cell.card.matches(slap.card)
        slap.flips += 1
        self._emit(SlapFlipped(a.player, a.pos, cell.card, match))
        if not match:
            penalty = self._penalise(
                a.player, WRONG_FLIP_PENALTY, "flipped a card that didn't match"
            )
            self._end_slap(penalty)
            return
        slap.matched += 1
        if a.pos.player != a.player and self._occupied(a.player):
            slap.give_to = a.pos
            self.phase = Phase.GIVE

    def _do_slap_stop(self, a: Action) -> None:
        assert self.slap is not None
        penalty = 0
        if self.slap.flips == 0:
            penalty = self._penalise(a.player, NO_FLIP_PENALTY, "slapped without flipping a card")
        self._end_slap(penalty)

    def _do_give(self, a: Action) -> None:
        assert isinstance(a, Give) and self.slap is not None and self.slap.give_to is not None
        to = self.slap.give_to
        cell = self.grids[a.player][a.slot]
        assert cell is not None
        self.grids[a.player][a.slot] = None
        cell.moved_at = self.move
        self.grids[to.player][to.slot] = cell
        self.slap.give_to = None
        self.phase = Phase.SLAP
        self._emit(Gave(a.player, a.slot, to))

    def _do_skip_give(self, a: Action) -> None:
        assert self.slap is not None
        self.slap.give_to = None
        self.phase = Phase.SLAP

    def _end_slap(self, penalty: int) -> None:
        slap = self.slap
        assert slap is not None
        self.slap = None
        self._emit(SlapResult(slap.player, slap.matched, penalty))
        if slap.resume is Phase.FLIP and slap.matched > 0:
            self._start_turn(slap.player)
            return
        self.phase = slap.resume
        self._flip_phase_over()
        self._auto_kaboom()

    def _do_reveal(self, a: Action) -> None:
        self.window = False
        n = self.options.players
        card_totals = [self.card_total(p) for p in range(n)]
        scores = score_round(card_totals, self.kaboomer)
        for p in range(n):
            self.totals[p] += scores[p]
        self.history.append(scores)
        winners = round_winners(card_totals)
        self.next_starter = min(winners, key=lambda p: (self.totals[p], p))
        hands = tuple(tuple(c.card if c is not None else None for c in grid) for grid in self.grids)
        self._emit(
            RoundEnded(
                self.round,
                hands,
                tuple(card_totals),
                tuple(scores),
                tuple(self.totals),
                self.kaboomer,
                winners,
                self.next_starter,
            )
        )
        if self.round >= self.options.rounds:
            self.phase = Phase.GAME_OVER
            self._emit(GameEnded(tuple(self.totals), self.winners()))
        else:
            self.phase = Phase.ROUND_OVER

    def _do_next_round(self, a: Action) -> None:
        assert self.next_starter is not None
        self.round += 1
        self._deal(self.next_starter)


_Check = typing.Callable[[CaboState, Action], "str | None"]
_Do = typing.Callable[[CaboState, Action], None]

_CHECKS: dict[type[Action], _Check] = {
    FlipTop: CaboState._chk_flip,
    Draw: CaboState._chk_draw,
    CallKaboom: CaboState._chk_kaboom,
    Pass: CaboState._chk_pass,
    Discard: CaboState._chk_discard,
    UsePower: CaboState._chk_use_power,
    Replace: CaboState._chk_replace,
    PeekOwn: CaboState._chk_peek_own,
    PeekOther: CaboState._chk_peek_other,
    BlindSwap: CaboState._chk_blind,
    KingLook: CaboState._chk_king_look,
    KingDecide: CaboState._chk_king_decide,
    SlapFlip: CaboState._chk_slap_flip,
    SlapStop: CaboState._chk_slap_stop,
    Give: CaboState._chk_give,
    SkipGive: CaboState._chk_skip_give,
    Reveal: CaboState._chk_reveal,
    NextRound: CaboState._chk_next_round,
}

_DOS: dict[type[Action], _Do] = {
    FlipTop: CaboState._do_flip,
    Draw: CaboState._do_draw,
    CallKaboom: CaboState._do_kaboom,
    Pass: CaboState._do_pass,
    Discard: CaboState._do_discard,
    UsePower: CaboState._do_use_power,
    Replace: CaboState._do_replace,
    PeekOwn: CaboState._do_peek_own,
    PeekOther: CaboState._do_peek_other,
    BlindSwap: CaboState._do_blind,
    KingLook: CaboState._do_king_look,
    KingDecide: CaboState._do_king_decide,
    Slap: CaboState._do_slap,
    SlapFlip: CaboState._do_slap_flip,
    SlapStop: CaboState._do_slap_stop,
    Give: CaboState._do_give,
    SkipGive: CaboState._do_skip_give,
    Reveal: CaboState._do_reveal,
    NextRound: CaboState._do_next_round,
}


def new_game(options: CaboOptions | None = None, seed: int = 0) -> CaboState:
    """A new match, dealt and peeked, waiting for the starter's first flip."""
    return CaboState(options, seed)
