"""What every game's pure rules share about moves: a refused move is a value, not an exception.

`apply`-style methods return None when a move is taken and a `Rejected` with a reason a player
can read when it is not (boardgame.io's INVALID_MOVE, with words), so callers write
`if (why := match.apply(Fire(seat))) is not None: ...` and the state is never half changed.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rejected:
    """Why a move was refused."""

    reason: str
