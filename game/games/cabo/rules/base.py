"""The fields of a match's state and the read-only questions the other parts ask of the table.

`CaboState` (state.py) is built from mixins that share these fields: checks.py says whether an
action is legal, turns.py, slapping.py and scoring.py carry actions out. Nothing here changes
the state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.games.cabo.rules.actions import Action, BlindSwap, KingLook, PeekOther, PeekOwn
from game.games.cabo.rules.cards import Card, Power
from game.games.cabo.rules.events import Event, Flipped, RoundStarted
from game.games.cabo.rules.table import CaboOptions, Cell, Phase, Pos


@dataclass
class _SlapState:
    """The slap being resolved: the slapper, the slapped card, and the phase to go back to."""

    player: int
    card: Card
    t: float
    resume: Phase
    flips: int = 0
    matched: int = 0
    give_to: Pos | None = None


@dataclass
class _KingState:
    """A King's two looked-at places and the cards seen there."""

    a: Pos
    b: Pos
    card_a: Card
    card_b: Card


class _StateBase:
    """The plain data of a match (set by `CaboState.__init__` or `from_dict`) and the queries on
    it that checks and effects share."""

    options: CaboOptions
    seed: int
    rng: random.Random
    round: int
    phase: Phase
    turn: int
    starter: int
    grids: list[list[Cell | None]]
    draw: list[Card]  # the top card is the last
    discard: list[Card]  # the top card is the last
    window: bool
    window_id: int
    window_from: int | None
    drawn: Card | None
    power: Power | None
    king: _KingState | None
    slap: _SlapState | None
    kaboomer: int | None
    turns: int
    totals: list[int]
    history: list[list[int]]
    next_starter: int | None
    move: int
    events: list[Event]
    actions: list[Action]

    def opening_flips(self) -> int:
        """Cards flipped in this round's opening so far (counted from the round's events)."""
        count = 0
        for ev in reversed(self.events):
            if isinstance(ev, RoundStarted):
                break
            if isinstance(ev, Flipped):
                count += 1
        return count

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
                "nothing to slap: only an original discard on top of the discard pile can be "
                "slapped, and only until the next draw"
            )
        if seat == self.kaboomer:
            return "a player who called Kaboom! can't slap"
        return None
