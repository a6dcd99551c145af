"""Whether an action is legal now, and if not, why (in words); never changes the state."""

from __future__ import annotations

from game.games.cabo.rules.actions import (
    Action,
    BlindSwap,
    Give,
    KingDecide,
    KingLook,
    PeekOther,
    PeekOwn,
    Replace,
    SlapFlip,
)
from game.games.cabo.rules.base import _StateBase
from game.games.cabo.rules.cards import Power
from game.games.cabo.rules.table import Phase


class _Checks(_StateBase):
    """One `_chk_<action>` per action type (state.py maps each type to its check); the state is
    never changed here."""

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
