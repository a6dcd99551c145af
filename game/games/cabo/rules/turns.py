"""Dealing and the turn machinery: the piles, the slap window, penalties, and the effects of
the slap-phase flip, drawing, discarding, replacing and the powers."""

from __future__ import annotations

from game.games.cabo.rules.actions import (
    Action,
    BlindSwap,
    KingDecide,
    KingLook,
    PeekOther,
    PeekOwn,
    Replace,
)
from game.games.cabo.rules.base import _KingState, _StateBase
from game.games.cabo.rules.cards import DECK, Card, Power
from game.games.cabo.rules.events import (
    Dealt,
    Discarded,
    Drew,
    Event,
    Flipped,
    KaboomCalled,
    KingDecided,
    Peeked,
    Penalty,
    PowerUsed,
    Replaced,
    Reshuffled,
    RoundStarted,
    Swapped,
    TurnStarted,
)
from game.games.cabo.rules.table import GRID_SIZE, PEEK_SLOTS, Cell, Phase, Pos


class _Turns(_StateBase):
    """The table's machinery (piles, slap window, penalties, turn order) and the effects of the
    turn's actions. Effects are only ever called after the matching check passed."""

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
        """The slap phase can't go on forever: an empty draw pile (or, with the lobby's quick
        opening, its count of cards flipped with no correct slap) starts play with the starter."""
        limit = self.options.opening_flips
        if self.phase is Phase.FLIP and (not self.draw or limit is not None
                                         and self.opening_flips() >= limit):
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
