"""Cosmic Kaboom rules, pure Python: turns, flicks, crystals, cubes, the Space Bomb, cards, scoring.

No pygame, no pymunk. The physics world reports what a flick or a bomb toss did as plain data
(`FlickOutcome`: the planets each ship touched in order, the ships and planets that ended
completely outside space, the ships resting on their own Base, the planets under the resting
bomb, a foul release); these rules apply it deterministically. The house API (as cabo's):
`legal_actions(player)`, `apply(action)` returning `None` when accepted and a `Rejected` value
with a reason when not (never an exception for an illegal move), `observation(player)`,
`to_dict`/`from_dict` (plain JSON), `clone`, `scores`/`winners`. The physical actions (`Flick`,
`Toss`, `Place`) appear in `legal_actions` as templates without their outcome or spot: the
world fills them in. Where a pushed-out planet may go back is the world's to judge: install a
`placement_check(planet, x, y)` callback; the rules always check the disc lies inside space.

Every random stream comes from the match seed through `derive_seed`: the Advancement deck
("deck"), the first player ("first") and each flick's physics seed ("flick", turn, flick).
The decisions the rulebook leaves open are listed in `game.games.cosmic.data`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from game.core.moves import Rejected as Rejected  # the games' shared refusal
from game.core.records import Leaf, RecordCodec
from game.core.rng import derive_rng, derive_seed
from game.core.rules import SeatedMatch
from game.games.cosmic import events as ev
from game.games.cosmic.data import (
    CARDS_BY_ID,
    COLOUR_INDEX,
    COLOUR_KEYS,
    DESTROYED_POINTS,
    FACTIONS,
    FIELD,
    GAME_END_DESTROYED,
    MAX_ROUNDS,
    PLANET_RADIUS,
    PLANETS,
    PLAYERS_MAX,
    PLAYERS_MIN,
    SEAT_FACTIONS,
    SHIP_RADIUS,
    SURVIVOR_POINTS,
    TOUCH_SLACK,
    Effect,
    deck_list,
    next_in_sequence,
    planets_of_colour,
)

STATE_VERSION = 1

PlacementCheck = Callable[[int, float, float], bool]
"""`check(planet_id, x, y)`: whether the world accepts a planet placed back at (x, y)."""


class Phase(StrEnum):
    """What the match waits for: a card choice, a planet placed back, a flick, a bomb, nothing."""

    DRAFT = "draft"
    PLACE = "place"
    FLICK = "flick"
    BOMB = "bomb"
    OVER = "over"


@dataclass(frozen=True)
class Options:
    """Players (2-4), the fly-back variant, the seats' factions, the round limit, how many
    destroyed planets end the match (`end_at`: the rulebook's 7, fewer for a quick match) and
    whether the players deploy the planets in turn (`deploy`) or start on the fixed layout."""

    players: int
    fly_back: bool = False
    factions: tuple[int, ...] = ()
    max_rounds: int = MAX_ROUNDS
    end_at: int = GAME_END_DESTROYED
    deploy: bool = False

    def __post_init__(self) -> None:
        if not PLAYERS_MIN <= self.players <= PLAYERS_MAX:
            raise ValueError(f"players must be {PLAYERS_MIN}-{PLAYERS_MAX}")
        if self.factions:
            if len(self.factions) != self.players or len(set(self.factions)) != self.players:
                raise ValueError("factions must name one distinct faction per seat")
            if any(not 0 <= f < len(FACTIONS) for f in self.factions):
                raise ValueError("unknown faction")
        if self.max_rounds < 1:
            raise ValueError("max_rounds must be >= 1")
        if not 1 <= self.end_at <= len(PLANETS):
            raise ValueError(f"end_at must be 1-{len(PLANETS)}")

    @property
    def seat_factions(self) -> tuple[int, ...]:
        """The faction of each seat."""
        return self.factions or SEAT_FACTIONS[self.players]

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "players": self.players,
            "fly_back": self.fly_back,
            "factions": list(self.factions),
            "max_rounds": self.max_rounds,
            "end_at": self.end_at,
            "deploy": self.deploy,
        }

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Options:
        """Inverse of `to_dict` (missing keys take defaults)."""
        return Options(
            players=int(d["players"]),
            fly_back=bool(d.get("fly_back", False)),
            factions=tuple(int(f) for f in d.get("factions", ())),
            max_rounds=int(d.get("max_rounds", MAX_ROUNDS)),
            end_at=int(d.get("end_at", GAME_END_DESTROYED)),
            deploy=bool(d.get("deploy", False)),
        )


# ---------------------------------------------------------------------------------------------
# What the world reports
# ---------------------------------------------------------------------------------------------


def resting_against(ship: tuple[float, float],
                    planets: Mapping[int, tuple[float, float]]) -> list[int]:
    """The planets a ship at rest at `ship` touches, nearest first: its edge within
    `TOUCH_SLACK` of theirs (or overlapping). The rulebook collects a crystal when a ship
    "collides with" its planet; a flick that ends with the ship resting against a planet
    collided with it, so the world adds these to the flick's touches."""
    reach = PLANET_RADIUS + SHIP_RADIUS + TOUCH_SLACK
    near: list[tuple[float, int]] = []
    for planet, (x, y) in planets.items():
        d = ((x - ship[0]) ** 2 + (y - ship[1]) ** 2) ** 0.5
        if d <= reach:
            near.append((d, planet))
    return [p for _, p in sorted(near)]



@dataclass(frozen=True)
class FlickOutcome:
    """What one flick (or one bomb toss) did, once every body rests.

    `touches`: for each ship that touched planets, the planet ids in the order it touched them.
    `ships_out` / `planets_out`: bodies that ended completely outside space. `on_base`: ships
    resting on their own Base (the fly-back variant docks them). `under_bomb`: planets the
    resting bomb covers (bomb tosses only). `foul`: the bomb left the hand in front of the Base.
    """

    touches: tuple[tuple[int, tuple[int, ...]], ...] = ()
    ships_out: tuple[int, ...] = ()
    planets_out: tuple[int, ...] = ()
    on_base: tuple[int, ...] = ()
    under_bomb: tuple[int, ...] = ()
    foul: bool = False

    @staticmethod
    def make(
        touches: Mapping[int, Iterable[int]] | None = None,
        *,
        ships_out: Iterable[int] = (),
        planets_out: Iterable[int] = (),
        on_base: Iterable[int] = (),
        under_bomb: Iterable[int] = (),
        foul: bool = False,
    ) -> FlickOutcome:
        """Build an outcome from plain mappings and lists."""
        return FlickOutcome(
            tuple(sorted((s, tuple(p)) for s, p in (touches or {}).items())),
            tuple(ships_out),
            tuple(planets_out),
            tuple(on_base),
            tuple(under_bomb),
            foul,
        )

    def touched_by(self, seat: int) -> tuple[int, ...]:
        """The planets one ship touched, in order."""
        for s, planets in self.touches:
            if s == seat:
                return planets
        return ()

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "touches": {str(s): list(p) for s, p in self.touches},
            "ships_out": list(self.ships_out),
            "planets_out": list(self.planets_out),
            "on_base": list(self.on_base),
            "under_bomb": list(self.under_bomb),
            "foul": self.foul,
        }

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> FlickOutcome:
        """Inverse of `to_dict`."""
        return FlickOutcome.make(
            {int(s): [int(p) for p in ps] for s, ps in dict(d.get("touches", {})).items()},
            ships_out=[int(s) for s in d.get("ships_out", ())],
            planets_out=[int(p) for p in d.get("planets_out", ())],
            on_base=[int(s) for s in d.get("on_base", ())],
            under_bomb=[int(p) for p in d.get("under_bomb", ())],
            foul=bool(d.get("foul", False)),
        )


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------

ACTION_CODEC = RecordCodec({FlickOutcome: Leaf(FlickOutcome.to_dict, FlickOutcome.from_dict)})
"""Cosmic's actions: plain fields, and a flick's outcome as its own dict."""


@dataclass(frozen=True)
class Action:
    """A decision by a seat. Every action names who takes it."""

    player: int

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form, with the action's type name."""
        return {"type": type(self).__name__, **ACTION_CODEC.write(self)}

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> Action:
        """Inverse of `to_dict`."""
        kind = ACTION_TYPES[str(d["type"])]
        action: Action = kind(**ACTION_CODEC.read(kind, d, missing=True))
        return action


@dataclass(frozen=True)
class Keep(Action):
    """Keep one of the two Advancement cards offered; the other goes to the bottom."""

    card: str = ""


@dataclass(frozen=True)
class Place(Action):
    """Put one of your planets back inside space (pushed out, or moved by Orbital Shift)."""

    planet: int = -1
    x: float | None = None
    y: float | None = None


@dataclass(frozen=True)
class Flick(Action):
    """Flick your ship; the world supplies what happened."""

    outcome: FlickOutcome | None = None


@dataclass(frozen=True)
class ReturnToBase(Action):
    """Instead of flicking: dock at your Base and bank your Hold; the turn ends."""


@dataclass(frozen=True)
class EndTurn(Action):
    """Stop after a flick even though another flick was earned."""


@dataclass(frozen=True)
class Toss(Action):
    """Toss the Space Bomb; the world supplies where it came to rest."""

    outcome: FlickOutcome | None = None


@dataclass(frozen=True)
class Play(Action):
    """Play an Advancement card, with what it needs: a colour, a target seat, a planet."""

    card: str = ""
    colour: str | None = None
    target: int | None = None
    planet: int | None = None


ACTION_TYPES: dict[str, type[Action]] = {
    k.__name__: k for k in (Keep, Place, Flick, ReturnToBase, EndTurn, Toss, Play)
}


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------


def _sorted_colours(colours: Iterable[str]) -> list[str]:
    return sorted(set(colours), key=lambda c: COLOUR_INDEX[c])


@dataclass
class PlayerState:
    """One seat: faction, the cubes in its ship's Cargo Hold and on its Base, cards, docking."""

    seat: int
    faction: int
    hold: list[str] = field(default_factory=list)
    base: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    docked: bool = True

    def holds(self, colour: str) -> bool:
        """Whether the colour is already between the Hold and the Base."""
        return colour in self.hold or colour in self.base

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "seat": self.seat,
            "faction": self.faction,
            "hold": list(self.hold),
            "base": list(self.base),
            "hand": list(self.hand),
            "docked": self.docked,
        }

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> PlayerState:
        """Inverse of `to_dict`."""
        return PlayerState(
            int(d["seat"]),
            int(d["faction"]),
            [str(c) for c in d["hold"]],
            [str(c) for c in d["base"]],
            [str(c) for c in d["hand"]],
            bool(d["docked"]),
        )


def deployment_order(owner: Mapping[int, int], first: int, players: int) -> list[tuple[int, int]]:
    """The setup's planet placing: seats take turns from the first player, one planet each
    time, each placing its planets lowest dots first, as (seat, planet)."""
    queues = {s: sorted((p for p, o in owner.items() if o == s),
                        key=lambda p: (PLANETS[p].dots, p)) for s in range(players)}
    out: list[tuple[int, int]] = []
    while any(queues.values()):
        for k in range(players):
            seat = (first + k) % players
            if queues[seat]:
                out.append((seat, queues[seat].pop(0)))
    return out


def deal_planets(factions: tuple[int, ...], first: int) -> dict[int, int]:
    """Owner seat of every planet: each seat's faction planets, then the unused factions'
    planets dealt lowest dots first to the seats in reverse turn order (the last seat first)."""
    n = len(factions)
    owner: dict[int, int] = {}
    spare = []
    for p in PLANETS:
        if p.faction in factions:
            owner[p.planet_id] = factions.index(p.faction)
        else:
            spare.append(p)
    spare.sort(key=lambda p: (p.dots, p.faction, p.planet_id))
    order = [(first - 1 - k) % n for k in range(n)]
    for i, p in enumerate(spare):
        owner[p.planet_id] = order[i % n]
    return owner


class MatchState(SeatedMatch[Action, ev.Event]):
    """A whole match of Cosmic Kaboom as plain data, driven by actions."""

    SAVE_NAME = "cosmic"
    STATE_VERSION = STATE_VERSION
    options: Options
    players: list[PlayerState]

    def __init__(self, options: Options, seed: int = 0) -> None:
        self.options = options
        self.seed = seed
        n = options.players
        self.first = derive_rng(seed, "first").randrange(n)
        self.players = [PlayerState(s, f) for s, f in enumerate(options.seat_factions)]
        self.owner = deal_planets(options.seat_factions, self.first)
        self.alive: list[int] = [p.planet_id for p in PLANETS]
        self.destroyed_by: dict[int, int] = {}
        self.crystal: dict[str, int | None] = {
            c: planets_of_colour(c)[0].planet_id for c in COLOUR_KEYS
        }
        deck = deck_list()
        derive_rng(seed, "deck").shuffle(deck)
        self.deck: list[str] = deck
        self.discard: list[str] = []
        self.drafts: list[tuple[int, list[str]]] = []
        self.placements: list[tuple[int, int]] = []
        self.current = self.first
        self.turn = 0
        self.turn_phase = Phase.FLICK
        self.flicks_left = 1
        self.flicks_made = 0
        self.turn_done = False
        self.bomb_cubes: list[str] = []
        self.bomb_retry = False
        self.tractor = False
        self.over = False
        self.end_reason = ""
        self.events: list[ev.Event] = []
        self.placement_check: PlacementCheck | None = None
        for k in range(n):
            self._queue_draft((self.first + k) % n)
        self.deploying = options.deploy
        """The setup's planet placing is under way (the rulebook's step 5)."""
        if options.deploy:
            self.placements = deployment_order(self.owner, self.first, n)
        self._begin_turn(self.first)

    # -- queries ------------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """What the match waits for now."""
        if self.over:
            return Phase.OVER
        if self.placements:
            return Phase.PLACE
        if self.drafts:
            return Phase.DRAFT
        return self.turn_phase

    def current_player(self) -> int | None:
        """The seat that must act next (a placement or a card choice may be out of turn)."""
        phase = self.phase
        if phase == Phase.OVER:
            return None
        if phase == Phase.PLACE:
            return self.placements[0][0]
        if phase == Phase.DRAFT:
            return self.drafts[0][0]
        return self.current

    def planets_of(self, seat: int) -> list[int]:
        """Every planet a seat owns, destroyed or not."""
        return [p for p, s in sorted(self.owner.items()) if s == seat]

    def destroyed(self) -> list[int]:
        """Planets destroyed so far, in id order."""
        return sorted(self.destroyed_by)

    def flick_seed(self) -> int:
        """The physics seed of the next flick or toss (the world seeds its noise with it)."""
        return derive_seed(self.seed, "flick", self.turn, self.flicks_made)

    def score_breakdown(self, seat: int) -> dict[str, int]:
        """A seat's points: surviving own planets, and enemy planets destroyed by dots."""
        survivors = sum(1 for p in self.planets_of(seat) if p in self.alive)
        out = {"survivors": survivors, "survivor_points": survivors * SURVIVOR_POINTS}
        total = out["survivor_points"]
        for dots, points in DESTROYED_POINTS.items():
            count = sum(
                1
                for p, by in self.destroyed_by.items()
                if by == seat and self.owner[p] != seat and PLANETS[p].dots == dots
            )
            out[f"destroyed_{dots}"] = count
            total += count * points
        out["own_destroyed"] = sum(
            1 for p, by in self.destroyed_by.items() if by == seat and self.owner[p] == seat
        )
        out["total"] = total
        return out

    def scores(self) -> list[int]:
        """Every seat's points as the match stands."""
        return [self.score_breakdown(s)["total"] for s in range(self.options.players)]

    @property
    def is_over(self) -> bool:
        """The match has ended (`winners` is final)."""
        return self.over

    def winners(self) -> list[int]:
        """Seats with the highest score once the match is over (ties share the win); [] while
        it goes on."""
        if not self.over:
            return []
        scores = self.scores()
        best = max(scores)
        return [s for s, v in enumerate(scores) if v == best]

    # -- legal actions ------------------------------------------------------------------------

    def legal_actions(self, player: int) -> list[Action]:
        """Every action the seat may take now (physical ones as templates without outcome)."""
        phase = self.phase
        if phase == Phase.OVER or player != self.current_player():
            return []
        if phase == Phase.PLACE:
            return [Place(player, self.placements[0][1])]
        if phase == Phase.DRAFT:
            return [Keep(player, c) for c in dict.fromkeys(self.drafts[0][1])]
        out: list[Action] = []
        if phase == Phase.BOMB:
            out.append(Toss(player))
        else:
            out.append(Flick(player))
            if self._may_return(player):
                out.append(ReturnToBase(player))
            if self.flicks_made > 0:
                out.append(EndTurn(player))
        for card in dict.fromkeys(self.players[player].hand):
            out.extend(a for a in self._card_plays(player, card) if self._play_problem(a) is None)
        return out

    def _may_return(self, player: int) -> bool:
        if self.options.fly_back:
            return False
        p = self.players[player]
        return bool(p.hold) or not p.docked

    def _card_plays(self, player: int, card: str) -> list[Play]:
        effect = CARDS_BY_ID[card].effect
        if effect == Effect.MOVE_CRYSTAL:
            return [
                Play(player, card, colour=PLANETS[p].colour, planet=p)
                for p in self.alive
            ]
        if effect == Effect.GAIN_CUBE:
            return [Play(player, card, colour=c) for c in COLOUR_KEYS]
        if effect == Effect.DISCARD_RIVAL_CUBE:
            return [
                Play(player, card, colour=c, target=t.seat)
                for t in self.players
                for c in t.hold
            ]
        if effect == Effect.MOVE_OWN_PLANET:
            return [Play(player, card, planet=p) for p in self.planets_of(player)]
        return [Play(player, card)]

    # -- checking -----------------------------------------------------------------------------

    def _problem(self, action: Action) -> str | None:
        phase = self.phase
        if isinstance(action, Keep):
            if phase != Phase.DRAFT:
                return "no card choice is waiting"
            return None if action.card in self.drafts[0][1] else "that card is not offered"
        if isinstance(action, Place):
            return self._place_problem(action, phase)
        if phase in (Phase.PLACE, Phase.DRAFT):
            return "a planet must be placed first" if phase == Phase.PLACE else (
                "a card must be chosen first"
            )
        if isinstance(action, Play):
            return self._play_problem(action)
        if isinstance(action, Toss):
            if phase != Phase.BOMB:
                return "no Space Bomb to toss: bank four colours first"
            return self._outcome_problem(action.outcome)
        if phase == Phase.BOMB:
            return "four colours are banked: this turn is a Space Bomb toss"
        if isinstance(action, Flick):
            return self._outcome_problem(action.outcome)
        if isinstance(action, ReturnToBase):
            if self.options.fly_back:
                return "fly-back variant: flick your way back to your Base"
            if not self._may_return(action.player):
                return "your ship is docked with an empty Hold: flick"
            return None
        if isinstance(action, EndTurn):
            return None if self.flicks_made > 0 else "flick (or return to Base) first"
        return "unknown action"

    def _outcome_problem(self, outcome: FlickOutcome | None) -> str | None:
        if outcome is None:
            return "the world must supply the outcome"
        n = self.options.players
        seats = [s for s, _ in outcome.touches] + list(outcome.ships_out) + list(outcome.on_base)
        if any(not 0 <= s < n for s in seats):
            return "the outcome names a seat not in play"
        planets = [p for _, ps in outcome.touches for p in ps]
        planets += list(outcome.planets_out) + list(outcome.under_bomb)
        if any(not 0 <= p < len(PLANETS) for p in planets):
            return "the outcome names an unknown planet"
        return None

    def _place_problem(self, action: Place, phase: Phase) -> str | None:
        if phase != Phase.PLACE:
            return "no planet is waiting to be placed"
        if action.planet != self.placements[0][1]:
            return "place the waiting planet"
        if action.x is None or action.y is None:
            return "a placement needs a spot"
        if not place_inside(action.x, action.y):
            return "the planet must lie completely inside space"
        check = self.placement_check
        if check is not None and not check(action.planet, action.x, action.y):
            return "that spot is taken"
        return None

    def _play_problem(self, a: Play) -> str | None:
        p = self.players[a.player]
        if a.card not in CARDS_BY_ID:
            return "no such card"
        if a.card not in p.hand:
            return "you do not hold that card"
        card = CARDS_BY_ID[a.card]
        if card.automatic:
            return "this card is automatic: it triggers by itself"
        if self.phase not in (Phase.FLICK, Phase.BOMB) or a.player != self.current:
            return "cards are played on your own turn"
        effect = card.effect
        if effect == Effect.BOMB_RETRY:
            if self.phase != Phase.BOMB:
                return "only before a Space Bomb toss"
            return "already armed" if self.bomb_retry else None
        if effect == Effect.DRAW_CARD:
            return None if self.deck else "the deck is empty"
        if self.phase != Phase.FLICK:
            return "not during a Space Bomb turn"
        if effect == Effect.EXTRA_FLICK:
            return None
        if effect == Effect.BANK_IN_PLACE:
            return None if p.hold else "your Hold is empty"
        if effect == Effect.MOVE_CRYSTAL:
            if a.planet is None or a.planet not in self.alive:
                return "name a surviving planet"
            colour = PLANETS[a.planet].colour
            if self.crystal[colour] in (None, a.planet):
                return "the crystal is already there"
            return None
        if effect == Effect.GAIN_CUBE:
            if a.colour not in COLOUR_KEYS:
                return "name a colour"
            return "you already have that colour" if p.holds(a.colour) else None
        if effect == Effect.DISCARD_RIVAL_CUBE:
            if a.target is None or not 0 <= a.target < self.options.players:
                return "name another player"
            if a.target == a.player:
                return "name another player"
            if a.colour not in self.players[a.target].hold:
                return "that cube is not in their Hold"
            return None
        if effect == Effect.RECALL_RIVALS:
            others = [q for q in self.players if q.seat != a.player]
            return None if any(not q.docked for q in others) else "every other ship is docked"
        if effect == Effect.EARLY_BOMB:
            if self.flicks_made > 0:
                return "only at the start of your turn"
            return None if len(p.base) == 3 else "bank exactly three colours first"
        if effect == Effect.MOVE_OWN_PLANET:
            if a.planet is None or a.planet not in self.alive or self.owner[a.planet] != a.player:
                return "name one of your surviving planets"
            return None
        if effect == Effect.REPEAT_HIT_FLICK:
            return "already active" if self.tractor else None
        return "unknown card"

    # -- applying -----------------------------------------------------------------------------

    def _perform(self, action: Action) -> None:
        if isinstance(action, Keep):
            self._keep(action)
        elif isinstance(action, Place):
            assert action.x is not None and action.y is not None
            self.placements.pop(0)
            if not self.placements:
                self.deploying = False
            self._log(ev.Placed(seat=action.player, planet=action.planet, x=action.x, y=action.y))
        elif isinstance(action, Play):
            self._play(action)
        elif isinstance(action, Flick):
            assert action.outcome is not None
            self._flick(action.player, action.outcome)
        elif isinstance(action, Toss):
            assert action.outcome is not None
            self._toss(action.player, action.outcome)
        elif isinstance(action, ReturnToBase):
            self._bank(action.player)
            self.players[action.player].docked = True
            self._log(ev.Returned(seat=action.player))
            self.turn_done = True
        elif isinstance(action, EndTurn):
            self.turn_done = True
        self._advance()

    def _keep(self, a: Keep) -> None:
        seat, offer = self.drafts.pop(0)
        rest = list(offer)
        rest.remove(a.card)
        self.players[seat].hand.append(a.card)
        self.deck.extend(rest)
        self._log(ev.Kept(seat=seat, card=a.card))

    def _queue_draft(self, seat: int) -> None:
        offer = self.deck[:1]
        del self.deck[:1]
        # the top card and the next one unlike it (two alike only when the deck holds nothing
        # else): a choice of two Planetary Shields was no choice
        other = next((i for i, c in enumerate(self.deck) if c not in offer), 0)
        offer += self.deck[other:other + 1]
        del self.deck[other:other + 1]
        if len(offer) == 1:
            self.players[seat].hand.append(offer[0])
            self._log(ev.Kept(seat=seat, card=offer[0]))
        elif offer:
            self.drafts.append((seat, offer))

    def _bank(self, seat: int) -> None:
        p = self.players[seat]
        if p.hold:
            p.base = _sorted_colours(p.base + p.hold)
            p.hold = []
            self._log(ev.Banked(seat=seat, base=tuple(p.base)))

    def _use_card(self, seat: int, card: str) -> None:
        self.players[seat].hand.remove(card)
        self.discard.append(card)

    def bomb_result(self, under: Iterable[int]) -> tuple[list[int], list[int]]:
        """What a Space Bomb going off over `under` does by the rules, changing nothing: the
        planets it destroys and those a Planetary Shield spares (each surviving planet once,
        in the order given). The toss and its preview both ask this."""
        alive = [p for p in dict.fromkeys(under) if p in self.alive]
        shielded = {o for o in dict.fromkeys(self.owner[p] for p in alive)
                    if self._has_effect(o, Effect.SHIELD) is not None}
        return ([p for p in alive if self.owner[p] not in shielded],
                [p for p in alive if self.owner[p] in shielded])

    def _has_effect(self, seat: int, effect: Effect) -> str | None:
        for c in self.players[seat].hand:
            if CARDS_BY_ID[c].effect == effect:
                return c
        return None

    def _move_crystal_on(self, colour: str) -> None:
        """Send a colour's crystal to the next surviving planet of its colour in sequence."""
        at = self.crystal[colour]
        if at is None:
            return
        planets = {p.dots: p.planet_id for p in planets_of_colour(colour)}
        dots = PLANETS[at].dots
        for _ in range(len(planets)):
            dots = next_in_sequence(dots)
            if planets[dots] in self.alive:
                self.crystal[colour] = planets[dots]
                return
        self.crystal[colour] = None

    def _flick(self, seat: int, outcome: FlickOutcome) -> None:
        p = self.players[seat]
        self._log(ev.Flicked(seat=seat))  # where a flick's events start (the log's story)
        self.flicks_left -= 1
        self.flicks_made += 1
        p.docked = False
        earned = False
        for planet in outcome.touched_by(seat):
            if planet not in self.alive:
                continue
            colour = PLANETS[planet].colour
            if self.crystal[colour] != planet:
                continue
            if p.holds(colour):
                self._log(ev.Repeat(seat=seat, planet=planet))
                if self.tractor:
                    self.tractor = False
                    earned = True
                continue
            p.hold = _sorted_colours([*p.hold, colour])
            self._move_crystal_on(colour)
            self._log(ev.Collected(seat=seat, planet=planet, colour=colour))
            earned = True
        for other in dict.fromkeys(outcome.ships_out):
            self._destroy_ship(other, by=seat)
        if self.options.fly_back and seat in outcome.on_base and seat not in outcome.ships_out:
            self._bank(seat)
            p.docked = True
        self._push_out(outcome.planets_out)
        if earned:
            self.flicks_left += 1
        if seat in outcome.ships_out:
            self.flicks_left = 0
        if self.flicks_left <= 0:
            self.turn_done = True

    def _destroy_ship(self, seat: int, by: int) -> None:
        victim = self.players[seat]
        if by != seat:
            salvage = self._has_effect(by, Effect.SALVAGE)
            taker = self.players[by]
            taken = [c for c in victim.hold if not taker.holds(c)]
            if salvage is not None and taken:
                self._use_card(by, salvage)
                taker.hold = _sorted_colours(taker.hold + taken)
                victim.hold = [c for c in victim.hold if c not in taken]
                self._log(ev.Salvaged(seat=by, victim=seat, colours=tuple(taken)))
        pod = self._has_effect(seat, Effect.KEEP_HOLD)
        if pod is not None and victim.hold:
            self._use_card(seat, pod)
            self._log(ev.EscapePod(seat=seat, kept=tuple(victim.hold)))
        else:
            victim.hold = []
        victim.docked = True
        self._log(ev.ShipDestroyed(seat=seat, by=by))

    def _push_out(self, planets: Iterable[int]) -> None:
        for planet in dict.fromkeys(planets):
            waiting = [q for _, q in self.placements]
            if planet in self.alive and planet not in waiting:
                self.placements.append((self.owner[planet], planet))
                self._log(ev.PlanetOut(planet=planet, owner=self.owner[planet]))

    def _toss(self, seat: int, outcome: FlickOutcome) -> None:
        self.flicks_made += 1
        if outcome.foul:
            self._log(ev.BombFoul(seat=seat))
            self.turn_done = True
            return
        hit, spared = self.bomb_result(outcome.under_bomb)
        for owner in dict.fromkeys(self.owner[p] for p in spared):
            shield = self._has_effect(owner, Effect.SHIELD)
            assert shield is not None
            self._use_card(owner, shield)
            self._log(ev.Shielded(seat=owner))
        n = self.options.players
        for planet in hit:
            self._destroy_planet(planet, by=seat)
        self._push_out(outcome.planets_out)
        # One card per planet lost (decision in data.py): owners in turn order from the bomber,
        # each drawing once for every planet of theirs this bomb destroyed.
        for planet in sorted(hit, key=lambda p: ((self.owner[p] - seat) % n, p)):
            self._queue_draft(self.owner[planet])
        self._log(ev.Bomb(seat=seat, destroyed=tuple(hit)))
        if hit:
            p = self.players[seat]
            p.base = [c for c in p.base if c not in self.bomb_cubes]
            self.turn_done = True
        elif self.bomb_retry:
            self.bomb_retry = False
        else:
            self.turn_done = True
        self._check_end()

    def _destroy_planet(self, planet: int, by: int) -> None:
        self.alive.remove(planet)
        self.destroyed_by[planet] = by
        colour = PLANETS[planet].colour
        if self.crystal[colour] == planet:
            self._move_crystal_on(colour)
        self.placements = [(s, q) for s, q in self.placements if q != planet]

    def bombs_impossible(self) -> list[str]:
        """The colours no one can ever bank again (their crystal gone with their last planet
        and no player holding that cube): with any, no Space Bomb can be built, so the match
        ends at the end of the turn (decision in data.py)."""
        return [c for c in COLOUR_KEYS if self.crystal.get(c) is None
                and not any(p.holds(c) for p in self.players)]

    def _check_end(self) -> None:
        if len(self.destroyed_by) >= self.options.end_at:
            self._end("planets")
        elif any(
            all(p in self.destroyed_by for p in self.planets_of(s))
            for s in range(self.options.players)
        ):
            self._end("faction")

    def _end(self, reason: str) -> None:
        self.over = True
        self.end_reason = reason
        self.drafts = []
        self.placements = []
        self._log(ev.Over(reason=reason, scores=tuple(self.scores())))

    def _play(self, a: Play) -> None:
        p = self.players[a.player]
        effect = CARDS_BY_ID[a.card].effect
        self._use_card(a.player, a.card)
        self._log(ev.Played(seat=a.player, card=a.card, colour=a.colour, target=a.target,
                            planet=a.planet))
        if effect == Effect.EXTRA_FLICK:
            self.flicks_left += 1
        elif effect == Effect.BANK_IN_PLACE:
            self._bank(a.player)
        elif effect == Effect.MOVE_CRYSTAL:
            assert a.planet is not None
            self.crystal[PLANETS[a.planet].colour] = a.planet
        elif effect == Effect.GAIN_CUBE:
            assert a.colour is not None
            p.hold = _sorted_colours([*p.hold, a.colour])
        elif effect == Effect.DISCARD_RIVAL_CUBE:
            assert a.target is not None
            rival = self.players[a.target]
            rival.hold = [c for c in rival.hold if c != a.colour]
        elif effect == Effect.RECALL_RIVALS:
            for q in self.players:
                if q.seat != a.player:
                    q.docked = True
        elif effect == Effect.BOMB_RETRY:
            self.bomb_retry = True
        elif effect == Effect.EARLY_BOMB:
            self.turn_phase = Phase.BOMB
            self.bomb_cubes = list(p.base)
        elif effect == Effect.MOVE_OWN_PLANET:
            assert a.planet is not None
            self.placements.append((a.player, a.planet))
        elif effect == Effect.DRAW_CARD:
            self._queue_draft(a.player)
        elif effect == Effect.REPEAT_HIT_FLICK:
            self.tractor = True

    # -- turns --------------------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        self.current = seat
        self.flicks_left = 1
        self.flicks_made = 0
        self.turn_done = False
        self.bomb_retry = False
        self.tractor = False
        p = self.players[seat]
        if len(p.base) == len(COLOUR_KEYS):
            self.turn_phase = Phase.BOMB
            self.bomb_cubes = list(p.base)
        else:
            self.turn_phase = Phase.FLICK
            self.bomb_cubes = []
        self._log(ev.Turn(seat=seat, turn=self.turn, phase=str(self.turn_phase)))

    def _advance(self) -> None:
        if self.over or self.placements or self.drafts or not self.turn_done:
            return
        self.turn += 1
        if self.turn >= self.options.max_rounds * self.options.players:
            self._end("rounds")
            return
        if self.bombs_impossible():
            self._end("no_bomb")
            return
        self._begin_turn((self.current + 1) % self.options.players)

    # -- views and saves ----------------------------------------------------------------------

    def observation(self, player: int) -> dict[str, Any]:
        """What one seat may know, as plain data: everything but others' cards and the deck."""
        players = []
        for q in self.players:
            entry: dict[str, Any] = {
                "seat": q.seat,
                "faction": q.faction,
                "hold": list(q.hold),
                "base": list(q.base),
                "docked": q.docked,
                "hand_count": len(q.hand),
                "score": self.score_breakdown(q.seat)["total"],
            }
            if q.seat == player:
                entry["hand"] = list(q.hand)
            players.append(entry)
        offer = self.drafts[0][1] if self.drafts and self.drafts[0][0] == player else []
        return {
            "viewer": player,
            "phase": str(self.phase),
            "current": self.current,
            "to_act": self.current_player(),
            "turn": self.turn,
            "round": self.round,
            "flicks_left": self.flicks_left,
            "flicks_made": self.flicks_made,
            "fly_back": self.options.fly_back,
            "players": players,
            "planets": [
                {
                    "planet": pl.planet_id,
                    "owner": self.owner[pl.planet_id],
                    "colour": pl.colour,
                    "dots": pl.dots,
                    "alive": pl.planet_id in self.alive,
                    "destroyed_by": self.destroyed_by.get(pl.planet_id),
                }
                for pl in PLANETS
            ],
            "crystals": dict(self.crystal),
            "deck_count": len(self.deck),
            "discard": list(self.discard),
            "offer": list(offer),
            "placements": [[s, q] for s, q in self.placements],
            "deploying": self.deploying,
            "bomb_retry": self.bomb_retry,
            "tractor": self.tractor,
            "over": self.over,
            "end_reason": self.end_reason,
            "legal": [a.to_dict() for a in self.legal_actions(player)],
        }

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON data."""
        return {
            "version": STATE_VERSION,
            "options": self.options.to_dict(),
            "seed": self.seed,
            "first": self.first,
            "players": [p.to_dict() for p in self.players],
            "owner": {str(k): v for k, v in sorted(self.owner.items())},
            "alive": list(self.alive),
            "destroyed_by": {str(k): v for k, v in sorted(self.destroyed_by.items())},
            "crystal": dict(self.crystal),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "drafts": [[s, list(o)] for s, o in self.drafts],
            "placements": [[s, q] for s, q in self.placements],
            "deploying": self.deploying,
            "current": self.current,
            "turn": self.turn,
            "turn_phase": str(self.turn_phase),
            "flicks_left": self.flicks_left,
            "flicks_made": self.flicks_made,
            "turn_done": self.turn_done,
            "bomb_cubes": list(self.bomb_cubes),
            "bomb_retry": self.bomb_retry,
            "tractor": self.tractor,
            "over": self.over,
            "end_reason": self.end_reason,
            "events": [e.to_dict() for e in self.events],
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> MatchState:
        """Inverse of `to_dict`."""
        m = cls._saved(d)
        m.options = Options.from_dict(d["options"])
        m.players = [PlayerState.from_dict(p) for p in d["players"]]
        m.owner = {int(k): int(v) for k, v in d["owner"].items()}
        m.alive = [int(p) for p in d["alive"]]
        m.destroyed_by = {int(k): int(v) for k, v in d["destroyed_by"].items()}
        m.crystal = {str(k): (None if v is None else int(v)) for k, v in d["crystal"].items()}
        m.deck = [str(c) for c in d["deck"]]
        m.discard = [str(c) for c in d["discard"]]
        m.drafts = [(int(s), [str(c) for c in o]) for s, o in d["drafts"]]
        m.placements = [(int(s), int(q)) for s, q in d["placements"]]
        m.deploying = bool(d.get("deploying", False)) and bool(m.placements)
        m.current = int(d["current"])
        m.turn = int(d["turn"])
        m.turn_phase = Phase(d["turn_phase"])
        m.flicks_left = int(d["flicks_left"])
        m.flicks_made = int(d["flicks_made"])
        m.turn_done = bool(d["turn_done"])
        m.bomb_cubes = [str(c) for c in d["bomb_cubes"]]
        m.bomb_retry = bool(d["bomb_retry"])
        m.tractor = bool(d["tractor"])
        m.over = bool(d["over"])
        m.end_reason = str(d["end_reason"])
        m.events = [ev.Event.from_dict(e) for e in d["events"]]
        m.placement_check = None
        return m

    def clone(self) -> MatchState:
        """An independent copy (keeping the world's placement check)."""
        copy = MatchState.from_dict(self.to_dict())
        copy.placement_check = self.placement_check
        return copy


def place_inside(x: float, y: float) -> bool:
    """Whether a planet centred at (x, y) lies completely inside space."""
    r = PLANET_RADIUS
    return r <= x <= FIELD - r and r <= y <= FIELD - r


def new_match(players: int, seed: int = 0, **options: Any) -> MatchState:
    """A fresh match: planets dealt, crystals on the 1-dot planets, two cards offered to each."""
    return MatchState(Options(players, **options), seed)
