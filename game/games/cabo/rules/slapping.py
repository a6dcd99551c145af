"""Slaps: who wins among simultaneous slaps, and the slapper's flips, gifts, stop and penalty."""

from __future__ import annotations

import math
from collections.abc import Iterable

from game.games.cabo.rules.actions import Action, Give, Slap, SlapFlip
from game.games.cabo.rules.base import _SlapState
from game.games.cabo.rules.events import Gave, SlapAttempt, SlapFlipped, SlapResult
from game.games.cabo.rules.table import (
    NO_FLIP_PENALTY,
    WRONG_FLIP_PENALTY,
    WRONG_FLIP_REASON,
    Phase,
)
from game.games.cabo.rules.turns import _Turns


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


class _Slapping(_Turns):
    """The effects of Slap, SlapFlip, SlapStop, Give and SkipGive."""

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
                a.player, WRONG_FLIP_PENALTY, WRONG_FLIP_REASON
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
