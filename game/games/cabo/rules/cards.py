"""The 54 cards: rank and suit codes, point values, the powers a drawn card gives, and the deck."""

from __future__ import annotations

import enum
from dataclasses import dataclass

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
