"""Tower Kaboom's events: what the physics table reports (`TowerWorld.pop_events`) and what a
turn adds to them (`TurnController.pop_events`), as plain data for sounds, dust, the camera and
the words on screen. No pygame, no pymunk.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.games.tower.rules import TurnResult

# ---------------------------------------------------------------------------------------------
# The table's events (world.py)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Impact:
    """Two things hit: for sound and dust. `kinds` like ("die", "block"); `strength` ~ impulse."""

    kinds: tuple[str, str]
    x: float
    y: float
    strength: float


@dataclass(frozen=True)
class DieFired:
    """A catapult launched a die."""

    seat: int
    die_id: int
    x: float
    y: float


@dataclass(frozen=True)
class DieHit:
    """A die touched a block for the first time; `direct` if before it touched the table."""

    die_id: int
    block_id: int
    direct: bool
    speed: float = 0.0
    """How fast the die moved as it touched (a die lying still that a block slides into is no
    shot: a stranger read "Ben's die knocked the cube off" for a cube that slid at the timeout)."""


@dataclass(frozen=True)
class DieLost:
    """A die left the table and was removed."""

    die_id: int


@dataclass(frozen=True)
class DieRested:
    """A die came to rest on a tile's surface (the optional closing rule)."""

    die_id: int
    slot: int


@dataclass(frozen=True)
class DieCleared:
    """A spent die that came to rest on a pad was lifted off the table (closing rule off), so
    it does not lie in the builder's way; (x, y) is where it lay."""

    die_id: int
    x: float
    y: float


@dataclass(frozen=True)
class BlockReturned:
    """A block went back to the tray: `reason` is "fell" (left the table), "reach" (came to rest
    on the table out of the builder's reach), "tray" (put back), "time" (still in the hand
    when the sand ran out) or "refused" (let go at a tower's spot that wants another block:
    `BlockRefused` says which)."""

    block_id: int
    reason: str


@dataclass(frozen=True)
class BlockPlaced:
    """The hand let a block go on the table."""

    block_id: int


WorldEvent = (Impact | DieFired | DieHit | DieLost | DieRested | DieCleared | BlockReturned
              | BlockPlaced)
"""What the physics table reports."""

# ---------------------------------------------------------------------------------------------
# The turn's events (turn.py)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TileClosed:
    """Optional rule: a tile closed; `complete` says whether a finished tower stood there."""

    slot: int
    complete: bool


@dataclass(frozen=True)
class TimeUp:
    """The sand timer ran out: input stops and the table settles."""


@dataclass(frozen=True)
class TurnOver:
    """The turn was judged and scored."""

    result: TurnResult


@dataclass(frozen=True)
class BlockRefused:
    """The builder let go a block at the spot of a tower that wants another block there (or
    nothing more): it went back to the tray instead of being set down as if right. `needed` is
    the shape key the spot wants, "" when the tower is finished."""

    block_id: int
    slot: int
    shape: str
    needed: str


TurnEvent = WorldEvent | TileClosed | TimeUp | TurnOver | BlockRefused
"""What a turn reports: the table's events and its own."""
