"""What the engine hands back: `IllegalAction` (from `must_apply`), and the `Observation` a seat
uses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from game.games.cabo.rules.actions import Action
from game.games.cabo.rules.cards import Card, Power
from game.games.cabo.rules.table import Phase, Pos


class IllegalAction(ValueError):
    """Raised by `must_apply` for an action the rules don't allow now; the state is unchanged."""

    def __init__(self, action: Action, reason: str) -> None:
        super().__init__(f"{type(action).__name__} by seat {action.player}: {reason}")
        self.action = action
        self.reason = reason


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
