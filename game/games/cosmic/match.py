"""A Cosmic Kaboom match as the screen, the simulator, the AI and replays drive it: the rules'
`MatchState` plus the `Table` of positions, moved together. No pygame.

Every decision is an `Input`: a physical one (`FlickInput`, `TossInput`, `PlaceInput`) or a rules
action (`Keep`, `ReturnToBase`, `EndTurn`, `Play`). A physical input is played out in a
`CosmicWorld` built from the table; its outcome becomes the rules' `Flick`/`Toss` and its
resting positions the new table. A scene steps that world frame by frame to show it; the
simulator and the AI run it to rest at once; both then call `finish`. Replays record inputs, so
re-running them re-runs the physics.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from game.core.moves import Rejected
from game.games.cosmic.rules import (
    Action,
    EndTurn,
    Flick,
    FlickOutcome,
    Keep,
    MatchState,
    Options,
    Phase,
    Place,
    Play,
    ReturnToBase,
    Toss,
)
from game.games.cosmic.table import Point, Table
from game.games.cosmic.world import CosmicWorld


@dataclass(frozen=True)
class FlickInput:
    """Flick a seat's ship along `angle` (radians) with `power` (0..1)."""

    player: int
    angle: float
    power: float


@dataclass(frozen=True)
class TossInput:
    """Toss the Space Bomb from (x, y) along `angle` with `power` (0..1) and `spin` (-1..1)."""

    player: int
    x: float
    y: float
    angle: float
    power: float
    spin: float = 0.0


@dataclass(frozen=True)
class PlaceInput:
    """Put a planet down at (x, y)."""

    player: int
    planet: int
    x: float
    y: float


Input = FlickInput | TossInput | PlaceInput | Keep | ReturnToBase | EndTurn | Play
_PHYSICAL: dict[str, type[FlickInput] | type[TossInput] | type[PlaceInput]] = {
    "FlickInput": FlickInput,
    "TossInput": TossInput,
    "PlaceInput": PlaceInput,
}


def input_to_dict(inp: Input) -> dict[str, Any]:
    """Plain-data form of an input (with its type name)."""
    if isinstance(inp, (FlickInput, TossInput, PlaceInput)):
        return {"type": type(inp).__name__, **asdict(inp)}
    return inp.to_dict()


def input_from_dict(d: Mapping[str, Any]) -> Input:
    """Inverse of `input_to_dict`; raises ValueError/KeyError/TypeError on bad data."""
    kind = str(d["type"])
    if kind in _PHYSICAL:
        cls = _PHYSICAL[kind]
        names = [f for f in cls.__dataclass_fields__]
        values: dict[str, Any] = {}
        for name in names:
            if name in d:
                values[name] = int(d[name]) if name in ("player", "planet") else float(d[name])
        return cls(**values)
    action = Action.from_dict(d)
    if not isinstance(action, (Keep, ReturnToBase, EndTurn, Play)):
        raise ValueError(f"{kind} is played through the world, not as an input")
    return action


class CosmicMatch:
    """The rules and the table together."""

    def __init__(self, state: MatchState, table: Table | None = None) -> None:
        self.state = state
        self.table = (table or Table.start(state)).synced(state)
        self._install_check()

    @classmethod
    def new(cls, players: int, seed: int = 0, **options: Any) -> CosmicMatch:
        """A fresh match on the default deployment."""
        return cls(MatchState(Options(players, **options), seed))

    def _install_check(self) -> None:
        self.state.placement_check = lambda planet, x, y: self.table.can_place(planet, x, y)

    # -- queries -------------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """What the match waits for."""
        return self.state.phase

    def to_act(self) -> int | None:
        """The seat that must decide next."""
        return self.state.current_player()

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.state.over

    def ship_at(self, seat: int) -> Point:
        """Where a seat's ship is (its dock spot when docked)."""
        return self.table.ship_at(seat)

    # -- playing -------------------------------------------------------------------------------

    def world_for(self, inp: FlickInput | TossInput, *, poses: bool = True) -> CosmicWorld:
        """A world from the current table with the flick or toss launched (not yet stepped);
        `poses` keeps what a screen needs to draw between frames."""
        w = CosmicWorld(self.table, poses=poses)
        if isinstance(inp, FlickInput):
            w.flick(inp.player, inp.angle, inp.power)
        else:
            w.toss(inp.player, (inp.x, inp.y), inp.angle, inp.power, inp.spin)
        return w

    def why_not(self, inp: Input) -> str | None:
        """Why an input may not be made now (None when it may)."""
        if isinstance(inp, FlickInput):
            return self.state.why_illegal(Flick(inp.player, FlickOutcome()))
        if isinstance(inp, TossInput):
            return self.state.why_illegal(Toss(inp.player, FlickOutcome()))
        if isinstance(inp, PlaceInput):
            return self.state.why_illegal(Place(inp.player, inp.planet, inp.x, inp.y))
        return self.state.why_illegal(inp)

    def finish(self, inp: FlickInput | TossInput, world: CosmicWorld) -> Rejected | None:
        """Apply a played-out world's outcome to the rules and take its positions."""
        if not world.at_rest:
            raise RuntimeError("the flick has not played out yet")
        outcome = world.outcome()
        action: Action = (
            Flick(inp.player, outcome) if isinstance(inp, FlickInput) else Toss(inp.player, outcome)
        )
        got = self.state.apply(action)
        if got is not None:
            return got
        self.table = world.table_after().synced(self.state)
        return None

    def apply(self, inp: Input) -> Rejected | None:
        """Make one input; physical ones are played out to rest at once."""
        if isinstance(inp, (FlickInput, TossInput)):
            why = self.why_not(inp)
            if why is not None:
                return Rejected(why)
            w = self.world_for(inp, poses=False)
            w.run_to_rest()
            return self.finish(inp, w)
        if isinstance(inp, PlaceInput):
            got = self.state.apply(Place(inp.player, inp.planet, inp.x, inp.y))
            if got is not None:
                return got
            self.table = self.table.placed(inp.planet, inp.x, inp.y).synced(self.state)
            return None
        got = self.state.apply(inp)
        if got is None:
            self.table = self.table.synced(self.state)
        return got

    # -- saves ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Rules and table as plain JSON data."""
        return {"state": self.state.to_dict(), "table": self.table.to_dict()}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> CosmicMatch:
        """Inverse of `to_dict`; raises on bad data."""
        state = MatchState.from_dict(d["state"])
        table = Table.from_dict(d["table"])
        if len(table.factions) != state.options.players:
            raise ValueError("the table's seats do not match the match's")
        return cls(state, table)

    def clone(self) -> CosmicMatch:
        """An independent copy."""
        return CosmicMatch.from_dict(self.to_dict())
