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
from typing import Any, Protocol, Self, runtime_checkable

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
