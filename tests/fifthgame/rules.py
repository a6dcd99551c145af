"""Dice Race's rules: pure Python, seeded, no pygame.

Two to four seats take turns. On your turn you roll one die as often as you like: each roll adds
its pips to your pot, but a 1 empties the pot and ends your turn. Bank instead to add the pot to
your score and pass the die. The first to reach the target wins at once (one winner; the match
ends on that bank). Every roll comes from the match seed and the roll's number, so the same
actions give the same match in any process.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.moves import Rejected
from game.core.rng import derive_rng

TARGETS = (20, 30, 50)
DEFAULT_TARGET = 30
BUST = 1
"""The face that empties the pot."""


@dataclass(frozen=True)
class Options:
    """What a match is played with."""

    players: int = 2
    target: int = DEFAULT_TARGET

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "target": self.target}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Options:
        players, target = d["players"], d["target"]
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"{players!r} players (Dice Race takes 2-4)")
        if target not in TARGETS:
            raise ValueError(f"target {target!r} is not one of {TARGETS}")
        return cls(players, int(target))


@dataclass(frozen=True)
class Action:
    """A seat's decision: "roll" or "bank"."""

    player: int
    kind: str

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind}

    @classmethod
    def from_dict(cls, d: Any) -> Action:
        if not isinstance(d, dict) or d.get("kind") not in ("roll", "bank") \
                or isinstance(d.get("player"), bool) or not isinstance(d.get("player"), int):
            raise ValueError(f"not a Dice Race action: {d!r}")
        return cls(int(d["player"]), str(d["kind"]))


@dataclass(frozen=True)
class Outcome:
    """What an applied action did: the pips rolled, or the points banked (the match's log)."""

    rolled: int | None = None
    banked: int | None = None


@dataclass
class State:
    """A whole match: scores, whose turn, the pot, and how many dice were rolled."""

    options: Options
    seed: int
    scores: list[int] = field(default_factory=list)
    turn: int = 0
    pot: int = 0
    rolls: int = 0
    last: int | None = None
    actions: list[Action] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)
    """What each applied action did, in order (not saved: replaying `actions` remakes it)."""

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def move(self) -> int:
        """Actions applied so far (the replay's step)."""
        return len(self.actions)

    @property
    def is_over(self) -> bool:
        """Someone reached the target."""
        return any(s >= self.options.target for s in self.scores)

    def current_player(self) -> int | None:
        """The seat to roll or bank; None once the race is over."""
        return None if self.is_over else self.turn

    def winners(self) -> list[int]:
        """The seat that reached the target (none while the race goes on)."""
        return [p for p, s in enumerate(self.scores) if s >= self.options.target]

    def legal_actions(self, player: int) -> list[Action]:
        """The seat's choices: roll always, bank once the pot holds something; [] when it is
        not the seat's turn."""
        if self.is_over or player != self.turn:
            return []
        moves = [Action(self.turn, "roll")]
        if self.pot > 0:
            moves.append(Action(self.turn, "bank"))
        return moves

    def die(self, n: int) -> int:
        """The pips of the match's `n`-th roll (seeded: same seed, same dice)."""
        return derive_rng(self.seed, "roll", n).randint(1, 6)

    def apply(self, action: Action) -> Rejected | None:
        """Apply `action` (what it did is the last of `outcomes`), or refuse it (a value, not
        an exception) and change nothing."""
        if self.is_over:
            return Rejected("the race is over")
        if action.player != self.turn:
            return Rejected(f"it is seat {self.turn}'s turn, not seat {action.player}'s")
        if action.kind == "bank" and self.pot == 0:
            return Rejected("there is nothing in the pot to bank")
        if action.kind not in ("roll", "bank"):
            return Rejected(f"unknown action {action.kind!r}")
        self.actions.append(action)
        if action.kind == "bank":
            banked = self.pot
            self.scores[self.turn] += banked
            self.pot = 0
            self.last = None
            if not self.is_over:
                self.turn = (self.turn + 1) % self.players
            self.outcomes.append(Outcome(banked=banked))
            return None
        pips = self.die(self.rolls)
        self.rolls += 1
        self.last = pips
        if pips == BUST:
            self.pot = 0
            self.turn = (self.turn + 1) % self.players
        else:
            self.pot += pips
        self.outcomes.append(Outcome(rolled=pips))
        return None

    def observation(self, seat: int) -> dict[str, Any]:
        """What `seat` sees: everything is public in a dice race, and whether it is to act."""
        return {"you": seat, "scores": list(self.scores), "turn": self.turn, "pot": self.pot,
                "last": self.last, "target": self.options.target,
                "to_act": self.turn == seat and not self.is_over}

    def clone(self) -> State:
        """An independent copy."""
        return State(self.options, self.seed, list(self.scores), self.turn, self.pot,
                     self.rolls, self.last, list(self.actions), list(self.outcomes))

    def to_dict(self) -> dict[str, Any]:
        return {"options": self.options.to_dict(), "seed": self.seed,
                "scores": list(self.scores), "turn": self.turn, "pot": self.pot,
                "rolls": self.rolls, "last": self.last,
                "actions": [a.to_dict() for a in self.actions]}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> State:
        """A state from its dict; ValueError (or KeyError/TypeError) for a damaged one."""
        options = Options.from_dict(d["options"])
        state = cls(options, int(d["seed"]), [int(s) for s in d["scores"]], int(d["turn"]),
                    int(d["pot"]), int(d["rolls"]), None if d["last"] is None else int(d["last"]),
                    [Action.from_dict(a) for a in d["actions"]])
        if len(state.scores) != options.players:
            raise ValueError(f"{len(state.scores)} scores for {options.players} players")
        if not 0 <= state.turn < options.players:
            raise ValueError(f"turn {state.turn} is not a seat of {options.players}")
        if state.pot < 0 or state.rolls < 0 or any(s < 0 for s in state.scores):
            raise ValueError("a negative pot, roll count or score")
        if state.last is not None and not 1 <= state.last <= 6:
            raise ValueError(f"a die showing {state.last}")
        return state


def new_match(options: Options | int, seed: int) -> State:
    """A fresh race (`options`, or a player count with the default target): every score 0,
    seat 0 to roll."""
    opts = options if isinstance(options, Options) else Options(players=options)
    return State(opts, seed, [0] * opts.players)
