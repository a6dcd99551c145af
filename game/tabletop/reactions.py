"""Reaction windows: out-of-turn answers (a slap, a defence) gathered in time and judged fairly.

Pure Python (no pygame), deterministic: the same submissions in the same window give the same
winner on every machine, so a simulation, a demo and the table on screen agree.

How a window runs:

- A game event opens a `ReactionWindow` (a discard that can be slapped, an attack that can be
  defended). Its time ``now`` starts at 0 and the window lasts ``duration`` seconds of window time.
- Seats `submit` a reaction at a time: a human's real reaction time, or an AI seat's delay drawn
  from that seat's own seeded rng (`draw_delay(seat_rng, lo, hi)`), added to ``now``. A seat
  answers once per window; a seat can also `decline` (it will not answer), and when every seat has
  answered or declined the window need wait no longer (`settled`).
- Table time passes in decisions: `advance` moves ``now`` on by ``step`` seconds per decision of
  the seat on turn (the pace a simulation uses; the table on screen uses the same pace, so both
  interleave reactions and decisions alike). `first(until=now + step)` is the reaction that lands
  before the next decision; `first()` one that lands before the window closes (before a closing
  action such as the next draw).
- The winner is the earliest reaction; exact ties go to the seat first in ``order``: clockwise
  from ``first_seat`` (cabo: from the discarder, as its rules say), or, with ``tie_rng``, an order
  drawn once when the window opens (fair and still deterministic for a seed).
- `close` ends the window with its winner (or none); nothing is accepted after.

A race only: the explosive game's defences are not one (only the target may answer), so they
are decisions of its rules, not reaction windows.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Reaction:
    """One seat's answer: when it lands (seconds of window time) and what it answers with."""

    seat: int
    at: float
    kind: str = ""  # the game's name for the answer (a defence card); "" for a plain reaction


def draw_delay(rng: random.Random, lo: float, hi: float) -> float:
    """An AI seat's reaction delay in [lo, hi] seconds from its own rng, rounded to milliseconds."""
    if not (0.0 <= lo <= hi and math.isfinite(hi)):
        raise ValueError(f"a reaction delay range needs 0 <= lo <= hi, not {lo}..{hi}")
    return round(rng.uniform(lo, hi), 3)


class ReactionWindow:
    """One chance for the seats to react out of turn; see the module docstring for the rules."""

    def __init__(self, seats: int, duration: float, *, step: float = 0.0, first_seat: int = 0,
                 tie_rng: random.Random | None = None, key: Hashable = None) -> None:
        """A window for `seats` seats lasting `duration` seconds, table time `step` per decision."""
        if seats < 1:
            raise ValueError("a reaction window needs at least one seat")
        if not (duration > 0 and math.isfinite(duration)):
            raise ValueError(f"a reaction window lasts a finite time > 0, not {duration}")
        if not (step >= 0 and math.isfinite(step)):
            raise ValueError(f"a decision takes a finite time >= 0, not {step}")
        self.seats = seats
        self.duration = float(duration)
        self.step = float(step)
        self.key = key
        if tie_rng is not None:
            self.order: tuple[int, ...] = tuple(tie_rng.sample(range(seats), seats))
        else:
            start = first_seat % seats
            self.order = tuple((start + i) % seats for i in range(seats))
        self._rank = {seat: i for i, seat in enumerate(self.order)}
        self.steps = 0
        self.reactions: dict[int, Reaction] = {}
        self.declined: set[int] = set()
        self.closed = False
        self.winner: Reaction | None = None

    @property
    def now(self) -> float:
        """Window time: seconds since the window opened, counted in decisions."""
        return self.steps * self.step

    def advance(self, decisions: int = 1) -> None:
        """The seat on turn made `decisions` more decisions: table time moves on."""
        if decisions < 0:
            raise ValueError("table time does not run backwards")
        self.steps += decisions

    def advance_to(self, decisions: int) -> None:
        """Table time is `decisions` decisions after the opening (never moves back)."""
        self.steps = max(self.steps, decisions)

    def answered(self, seat: int) -> bool:
        """The seat has reacted or declined in this window (it is not asked again)."""
        return seat in self.reactions or seat in self.declined

    @property
    def settled(self) -> bool:
        """Every seat has reacted or declined: waiting longer cannot change the outcome."""
        return all(self.answered(s) for s in range(self.seats))

    def submit(self, seat: int, delay: float, kind: str = "") -> Reaction | None:
        """Seat reacts `delay` seconds from now; None if closed or the seat already answered.

        A reaction landing at or after `duration` is recorded (the seat has had its go) but never
        wins."""
        self._check_seat(seat)
        if not (delay >= 0 and math.isfinite(delay)):
            raise ValueError(f"a reaction delay is a finite number of seconds >= 0, not {delay}")
        if self.closed or self.answered(seat):
            return None
        reaction = Reaction(seat, self.now + delay, kind)
        self.reactions[seat] = reaction
        return reaction

    def decline(self, seat: int) -> None:
        """Seat will not react in this window."""
        self._check_seat(seat)
        if seat not in self.reactions:
            self.declined.add(seat)

    def ranked(self, until: float | None = None,
               valid: Callable[[Reaction], bool] | None = None) -> list[Reaction]:
        """Reactions that landed by `until` (default: the whole window) and are `valid`, best
        first: earliest, exact ties in ``order`` (`first` takes the best)."""
        limit = self.duration if until is None else until
        landed = (r for r in self.reactions.values()
                  if r.at < self.duration and r.at <= limit and (valid is None or valid(r)))
        return sorted(landed, key=self._sort_key)

    def first(self, until: float | None = None,
              valid: Callable[[Reaction], bool] | None = None) -> Reaction | None:
        """The winning reaction among those `ranked` would list, or None."""
        best = self.ranked(until, valid)
        return best[0] if best else None

    def close(self, winner: Reaction | None = None) -> None:
        """End the window, with the reaction the game accepted (or none)."""
        self.closed = True
        self.winner = winner

    def _sort_key(self, r: Reaction) -> tuple[float, int]:
        return (r.at, self._rank[r.seat])

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.seats:
            raise ValueError(f"seat {seat} is not at this table of {self.seats}")

