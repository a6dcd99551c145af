"""Scoring: a round's points and winners, the reveal that ends a round, and the next deal."""

from __future__ import annotations

from collections.abc import Sequence

from game.games.cabo.rules.actions import Action
from game.games.cabo.rules.events import GameEnded, RoundEnded
from game.games.cabo.rules.table import KABOOM_BONUS, KABOOM_PENALTY, Phase
from game.games.cabo.rules.turns import _Turns


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


class _Scoring(_Turns):
    """Totals, winners, and the effects of Reveal and NextRound."""

    def scores(self) -> list[int]:
        """Total points so far per seat (lowest wins)."""
        return list(self.totals)

    def winners(self) -> tuple[int, ...]:
        """Seats with the lowest total once the game is over (ties share); () before."""
        if self.phase is not Phase.GAME_OVER:
            return ()
        best = min(self.totals)
        return tuple(p for p, t in enumerate(self.totals) if t == best)

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
