"""The table's fixed numbers, places (`Pos`), grid cells, phases and the match options."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from game.games.cabo.rules.cards import Card

# ------------------------------------------------------------------------------------ constants

MIN_PLAYERS = 2
MAX_PLAYERS = 6
GRID_SIZE = 4
PEEK_SLOTS = (2, 3)
WRONG_FLIP_PENALTY = 2
WRONG_FLIP_REASON = "flipped a card that didn't match"  # its Penalty event's reason
NO_FLIP_PENALTY = 1
KABOOM_BONUS = 5
KABOOM_PENALTY = 10
RULEBOOK_ROUNDS = 10  # the rulebook's full game ("somewhat arbitrary", it says)
DEFAULT_ROUNDS = 5
"""Rounds in a match unless the lobby says otherwise: about 15-20 minutes at a newcomer's pace
with two or three seats. The lobby's default, the rules page and a setup without the option
all read this one number."""
DEFAULT_SLAP_WINDOW = 4.0
"""A newcomer needs 1.5-3.3 s to see a match and press; a stranger at an Easy table found the
opening's cards covered at 3 s "tight": 4 s by default (the lobby keeps 1-3 s for quick hands)."""
OPENING_FLIPS = 8
"""The lobby's quick opening (its default; not the rulebook's): the opening flips of a round
stop after this many cards if nobody has slapped one correctly (under half a minute at the
default slap window), and play starts with the round's starter. The rulebook's "until a slap"
ran 12 flips and more for strangers (two seats: one round in five went past 8)."""
TABLE = -1
TERMINAL = -2
STATE_VERSION = 1


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
    #: The opening flips stop after this many cards with no correct slap; None (the rulebook):
    #: they go on until someone slaps a match or the draw pile runs out.
    opening_flips: int | None = None

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS}-{MAX_PLAYERS}, not {self.players}")
        if self.rounds < 1:
            raise ValueError("rounds must be at least 1")
        if self.first_starter is not None and not 0 <= self.first_starter < self.players:
            raise ValueError(f"first_starter {self.first_starter} is not a seat")
        if not self.slap_window > 0:
            raise ValueError("slap_window must be positive")
        if self.opening_flips is not None and self.opening_flips < 1:
            raise ValueError("opening_flips must be at least 1 (or None: until a slap)")

    def to_dict(self) -> dict[str, Any]:
        """Plain data; the rulebook's opening (None) is left out, so a match without the quick
        opening hashes, saves and replays exactly as before the option existed."""
        data = dataclasses.asdict(self)
        if data["opening_flips"] is None:
            del data["opening_flips"]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CaboOptions:
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown cabo options: {sorted(unknown)}")
        return cls(**dict(data))
