"""The one shape every game's pure rules take (OpenSpiel's): a state that lists the legal
actions of a seat, applies an action returning a refusal as a value, shows each seat what it
may know, says who won, and copies and saves itself.

Physical games (Tower, Cosmic) list their physical actions as templates whose outcome the
physics fills in (a flick's landing, a settled table) before `apply`; the outcome is then part
of the action, so a replay of the actions is the match. `tests/games/test_rules_contract.py`
holds every catalogue game's rules to this shape through `GameInfo.new_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, Protocol, Self, TypeVar, runtime_checkable

from game.core.bounds import check_seat_counts, check_seed, check_sizes
from game.core.moves import Rejected


@runtime_checkable
class Rules(Protocol):
    """A game's match state as the kit, the AIs, the replays and the tests use it."""

    @property
    def is_over(self) -> bool:
        """The match has ended (`winners` is final)."""
        ...

    def current_player(self) -> int | None:
        """The seat whose decision the match waits for; None when several may act at once (a
        physics turn) or the match is over. A game may name its own table and terminal seats
        with negative numbers, as OpenSpiel does (cabo's TABLE and TERMINAL), and a seat may
        have out-of-turn moves while another is to act (a slap)."""
        ...

    def legal_actions(self, player: int) -> Sequence[Any]:
        """Every action `player` may take now (physical ones as templates); [] when none."""
        ...

    def apply(self, action: Any) -> Rejected | None:
        """Take `action`: None when it was taken, a `Rejected` (with words a player can read)
        when it was not, and then the state is unchanged."""
        ...

    def observation(self, player: int) -> Any:
        """What seat `player` may know now, and nothing it may not."""
        ...

    def winners(self) -> Sequence[int]:
        """The seats that won, once the match is over ([] before, and for a draw)."""
        ...

    def clone(self) -> Self:
        """An independent copy: applying to one never changes the other."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The state as plain JSON data; `from_dict` reads it back equal."""
        ...

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """The state `to_dict` wrote."""
        ...


class _Seated(Protocol):
    """An action: it names the seat that takes it."""

    @property
    def player(self) -> int: ...


class _Seat(Protocol):
    """A seat's part of a match state: at least which seat it is."""

    @property
    def seat(self) -> int: ...


class _SeatCount(Protocol):
    """A match's options: at least how many seats play."""

    @property
    def players(self) -> int: ...


ActionT = TypeVar("ActionT", bound=_Seated)
EventT = TypeVar("EventT")


class SeatedMatch(Generic[ActionT, EventT]):
    """What a turn-taking match state that keeps its own log does the same in every game
    (Cosmic's and the Explosive's): refuse an action of no seat, of a finished match or out of
    turn, turn a refusal into a `Rejected`, count rounds, share the win in `returns`, log events
    and check a save's version. A game writes `current_player`, `winners`, `_problem` (why an
    action on turn is refused) and `_perform` (what a legal action does)."""

    SAVE_NAME = ""
    """The game's name in the words of a save of another version ("unsupported cosmic save
    version 2")."""
    STATE_VERSION = 1
    """The version a save of the state carries; `_saved` refuses any other."""

    options: _SeatCount
    seed: int
    first: int
    players: Sequence[_Seat]
    current: int
    turn: int
    over: bool
    events: list[EventT]

    def current_player(self) -> int | None:
        """The seat whose decision the match waits for; None once it is over."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """The seats that won once the match is over; [] while it goes on."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self.over

    @property
    def round(self) -> int:
        """Rounds begun so far (the first round is 1)."""
        return self.turn // self.options.players + 1

    def returns(self) -> list[float]:
        """Per seat: 1 for a sole win, shared fractions for ties, 0 otherwise (when over)."""
        won = self.winners()
        return [1.0 / len(won) if s in won else 0.0 for s in range(self.options.players)]

    def why_illegal(self, action: ActionT) -> str | None:
        """The reason an action is refused now, or None when it is legal."""
        if not 0 <= action.player < self.options.players:
            return "no such seat"
        if self.over:
            return "the match is over"
        if action.player != self.current_player():
            return self._not_your_turn()
        return self._problem(action)

    def _not_your_turn(self) -> str:
        """Why a seat that is not to act may not act now."""
        return "not your turn"

    def _problem(self, action: ActionT) -> str | None:
        """Why an action of the seat to act is refused now, or None when it is legal."""
        raise NotImplementedError

    def is_legal(self, action: ActionT) -> bool:
        """Whether `apply` would accept the action."""
        return self.why_illegal(action) is None

    def apply(self, action: ActionT) -> Rejected | None:
        """Apply an action; a refused one changes nothing and says why."""
        reason = self.why_illegal(action)
        if reason is not None:
            return Rejected(reason)
        self._perform(action)
        return None

    def _perform(self, action: ActionT) -> None:
        """Do what a legal action does, and move the match on."""
        raise NotImplementedError

    def _log(self, event: EventT) -> None:
        """Record an event (its private fields are for the seats it names only)."""
        self.events.append(event)

    def check_saved(self, game: Mapping[str, Any], setup_seats: int) -> None:
        """Raise unless the state, read from a save's game part `game`, has a seat of play for
        each of the setup's `setup_seats`, in order, with the seat to play and the first seat
        among them, and the save's size and seed are in bounds."""
        n = self.options.players
        check_seat_counts(n, setup_seats, [("seats of play", len(self.players))])
        if [p.seat for p in self.players] != list(range(n)):
            raise ValueError("the seats are out of order")
        if not 0 <= self.current < n or not 0 <= self.first < n:
            raise ValueError(f"seat {self.current} to play is not a seat")
        check_sizes(game, "the save")
        check_seed(self.seed)

    @classmethod
    def _saved(cls, d: Mapping[str, Any]) -> Self:
        """An empty state to read a save `d` into, with its seed and first seat; a save of
        another version is a ValueError."""
        if int(d.get("version", 0)) != cls.STATE_VERSION:
            raise ValueError(f"unsupported {cls.SAVE_NAME} save version {d.get('version')!r}")
        m = cls.__new__(cls)
        m.seed = int(d["seed"])
        m.first = int(d["first"])
        return m
