"""Cosmic Kaboom AI: every seat's decisions (card choice, placing a planet back, card plays,
flicks, banking, the Space Bomb), planned by simulating candidate shots on the real physics.

A decision starts with `begin(match)`, which snapshots only what the seat may know: the rules'
`observation(seat)` (everything but other hands and the deck) and the table's plain positions.
Worlds for candidate shots are always rebuilt from that table (never copied). `work(budget)`
then thinks a slice at a time: the planner is a generator that yields after every physics frame
(and after every other small unit of work), and one call runs at most `SLICE_FRAMES` of them and
stops early once its time budget is spent, so no frame of the screen stalls. What is decided
depends only on the level, the seed and the visible state (each decision draws its own random
stream from the seed and a hash of that state); the clock only decides how it is sliced.

Levels differ in how many candidate shots they simulate (and at how many arrival speeds), how
well they aim the bomb (aim points tried, a correction from a simulated landing), how they play
their cards, and in the aim and strength noise of the shot they finally make. They are tuned on
the ladder in `tiers.py`, which starts from a model of a newcomer with a mouse: Easy wins about
half its games against it, each level above 60-85% against the one below. (A profile may also
check its best shots against small aiming errors, `robust`, and push loaded rival ships out,
`pushes`: stronger than the ladder wants today, kept for a level above Hard.)
"random" is a baseline: random shots at random
crystals, random banking, random legal card plays; it simulates nothing.
"""

from __future__ import annotations

import bisect
import math
import random
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.replay import state_hash
from game.core.rng import derive_rng
from game.games.cosmic.data import (
    BOMB_OVERLAP,
    CARDS_BY_ID,
    COLOUR_KEYS,
    DESTROYED_POINTS,
    FIELD,
    PLANET_RADIUS,
    PLANETS,
    SHIP_RADIUS,
    SURVIVOR_POINTS,
    Effect,
    next_in_sequence,
    planets_of_colour,
)
from game.games.cosmic.match import CosmicMatch, FlickInput, Input, PlaceInput, TossInput
from game.games.cosmic.rules import (
    Action,
    EndTurn,
    FlickOutcome,
    Keep,
    Phase,
    Play,
    ReturnToBase,
)
from game.games.cosmic.table import (
    Point,
    Table,
    bomb_cover,
    clamp_release,
    corner_of,
    dock_spot,
    inward,
    release_default,
)
from game.games.cosmic.world import (
    BOMB_AIR_MAX,
    BOMB_AIR_MIN,
    BOMB_DECEL,
    BOMB_LANDING_KEEP,
    BOMB_SPEED,
    DRAG,
    MAX_FLICK_SPEED,
    MIN_FLICK_POWER,
    SHIP_DECEL,
    BodyPool,
    CosmicWorld,
    clear_shots,
)

LEVELS = ("easy", "medium", "hard")
"""The levels a player picks in the lobby."""
RANDOM = "random"
"""Random play: a baseline for the ladder and `simulate`, not a level."""
AI_LEVELS = (*LEVELS, RANDOM)
"""Every computer seat `make_ai` accepts."""

SLICE_FRAMES = 40
"""At most this many physics frames (or other small work units) per `work()` call."""

# What the rules reward, in the AI's own currency (about a point of score = 3).
W_CUBE = 10.0
"""A cube of a colour it lacks."""
W_EXTRA = 3.0
"""The extra flick a collection earns."""
W_LOSS = 10.0
"""Each cube lost with a destroyed ship."""
W_OUT = 6.0
"""Its own ship leaving space (the turn ends, the ship docks)."""
W_RIVAL = 6.0
"""Each cube a rival loses when its ship is pushed out."""
W_BANK = 9.0
"""Each Hold cube banked by ending a flick on its own Base (fly-back variant)."""
W_EXPOSED = 1.5
"""Each Hold cube left lying in space at the end of the turn."""
W_NEXT = 0.006
"""Per unit of distance from the next crystal it needs."""
W_OWN_BOMBED = 40.0
EARLY_BOMB = 0.5
"""How often a seat playing its cards at random (Easy) plays a Prototype Bomb it may play."""
W_LOSES_MATCH = 1000.0
"""A toss that ends the match with the seat behind (`bomb_loses_match`): any other first."""
"""Each of its own planets under its bomb: never worth it."""


@dataclass(frozen=True)
class Profile:
    """How one level plays."""

    candidates: int
    """Candidate flicks simulated per decision."""
    offsets: tuple[float, ...]
    """Where on a target planet it aims, as a share of the contact radius off-centre."""
    speeds: tuple[float, ...]
    """Speeds (units/s) it wants left at contact."""
    robust: int
    """Best shots re-simulated with small aiming errors (0: trusts the nominal shot)."""
    robust_delta: float
    """The aiming error (radians) it checks its best shots against."""
    aim_noise: float
    """Standard deviation of its aim, radians."""
    power_noise: float
    """Standard deviation of its strength, as a share of the power."""
    bomb_targets: int
    """Bomb aim points simulated."""
    bomb_refine: int
    """Best aim points corrected from their simulated landing (and tried with spin)."""
    cards: str
    """"smart", "simple" or "random" card play and choice."""
    pushes: bool
    """Whether it tries to push loaded rival ships out of space."""
    bomb_noise: float = 1.0
    """Its aim and strength noise on a Space Bomb toss, as a share of the flick's (a bomb
    that misses wastes a whole turn: the match drags on for everyone)."""
    bomb_scatter: tuple[float, float] | None = None
    """Its own (aim radians, strength share) noise on a toss instead of the flick's scaled by
    `bomb_noise`. The flick's strength noise scaled is far too wide for a toss (the bomb's
    reach grows about as the square of the strength: Easy's 11% landed 130 px long or short
    at 600 px and hit 29% of its tosses, a playtester saw no hit in a whole duel). Easy's own
    (0.07, 0.06), held within 1.5 sd (`clip`), hits about 45% on the ladder, near a
    newcomer's hand (about 41%); Medium's (0.06, 0.06), its aim corrected from a simulated
    landing, about half."""
    retry: int = 0
    """When none of its `candidates` takes a crystal it needs, this many more of its ranked
    flicks (the next aim points and targets) are weighed before it settles. A playtester's
    Easy banked a cube in round 1 and then flicked "no crystal" six rounds running: with no
    straight lane, its three shots all went dead at the planet in the way, every turn."""
    clip: float = 0.0
    """Its aim and strength errors never pass this many standard deviations (0: no limit).
    A person's hand errs by modest amounts around what they meant: an unbounded tail sent
    Easy's ship off the board and its bomb far from any planet now and then, which read as a
    seat that was not trying, not as a beginner."""


PROFILES: dict[str, Profile] = {
    # Easy: a beginner's hand, three shots weighed, its errors modest (`clip`): it aims at
    # something sensible and misses by a little, never wildly off the board. Session 37: two
    # strangers beat it without ever being in danger (it flew out of space 3 to 4 times a
    # match, scored 6 and 11): its aim 0.095 -> 0.085 rad, its strength 14.5% -> 11%. `tiers`,
    # 48 matches a pair: easy v newcomer 43.8% -> 52.1%, medium v easy 75.0% -> 64.6%.
    "easy": Profile(3, (0.0, 0.5, -0.5), (160.0,), 0, 0.0, 0.085, 0.11, 3, 0, "random", False,
                    bomb_scatter=(0.07, 0.06), clip=1.5, retry=8),
    # Medium: more shots weighed, a steadier hand, and a bomb corrected from its simulated
    # landing with its own toss scatter (the flick's 10% strength noise made its bomb land
    # long or short more often than Easy's: Medium hit fewer tosses and won 51% against it)
    "medium": Profile(5, (0.0, 0.5, -0.5), (160.0,), 0, 0.0, 0.055, 0.1, 5, 1, "simple",
                      False, bomb_scatter=(0.06, 0.06)),
    # Hard: its own toss scatter too, steadier than Medium's (with the flick's 8% strength
    # noise Medium's new toss scatter hit more of its bombs than Hard and won 54% against it)
    "hard": Profile(7, (0.0, 0.45, -0.45), (120.0, 260.0), 0, 0.0, 0.04, 0.08, 6, 1, "smart",
                    False, bomb_scatter=(0.035, 0.03)),
}

CARD_VALUE: dict[str, float] = {
    "supply_drop": 9.0,
    "teleporter": 8.0,
    "afterburner": 7.0,
    "second_payload": 6.0,
    "planetary_shield": 6.5,
    "prototype_bomb": 6.0,
    "escape_pod": 5.5,
    "crystal_magnet": 6.0,
    "hijack": 5.0,
    "intelligence": 5.0,
    "tractor_beam": 4.0,
    "orbital_shift": 4.0,
    "salvage": 3.0,
    "emp_blast": 3.0,
}
"""How much it likes a card when it chooses which to keep."""


# ---------------------------------------------------------------------------------------------
# What a seat may know
# ---------------------------------------------------------------------------------------------


@dataclass
class View:
    """One seat's knowledge at a decision: the rules' observation and the table's positions."""

    seat: int
    obs: dict[str, Any]
    table: Table
    legal: list[Action] = field(default_factory=list)
    end_at: int = 0
    """Planets destroyed that end the match (the match's public options; 0: never)."""
    last_turn: int = -1
    """The match's last turn's number (the public options; -1: unknown)."""

    @property
    def phase(self) -> Phase:
        """What the match waits for."""
        return Phase(self.obs["phase"])

    def me(self) -> dict[str, Any]:
        """The seat's own public entry (with its hand)."""
        entry: dict[str, Any] = self.obs["players"][self.seat]
        return entry

    @property
    def faction(self) -> int:
        """The seat's faction."""
        return self.table.factions[self.seat]

    @property
    def hold(self) -> list[str]:
        """Cubes in its Cargo Hold."""
        return list(self.me()["hold"])

    @property
    def base(self) -> list[str]:
        """Cubes on its Base."""
        return list(self.me()["base"])

    @property
    def hand(self) -> list[str]:
        """Its own Advancement cards."""
        return list(self.me().get("hand", []))

    def need(self) -> list[str]:
        """Colours it lacks between Hold and Base."""
        have = set(self.hold) | set(self.base)
        return [c for c in COLOUR_KEYS if c not in have]

    def crystal(self, colour: str) -> int | None:
        """The planet holding a colour's crystal."""
        got = self.obs["crystals"].get(colour)
        return None if got is None else int(got)

    def alive(self) -> set[int]:
        """Surviving planets."""
        return {int(p["planet"]) for p in self.obs["planets"] if p["alive"]}

    def owner(self, planet: int) -> int:
        """The seat owning a planet."""
        return int(self.obs["planets"][planet]["owner"])

    def ship(self) -> Point:
        """Where its ship is (its dock spot when docked)."""
        return self.table.ship_at(self.seat)

    def targets(self) -> list[int]:
        """Planets on the table holding a crystal of a colour it needs."""
        out = []
        for colour in self.need():
            planet = self.crystal(colour)
            if planet is not None and planet in self.table.planets:
                out.append(planet)
        return out

    def rivals(self) -> list[dict[str, Any]]:
        """The other seats' public entries."""
        return [p for p in self.obs["players"] if int(p["seat"]) != self.seat]

    def legal_plays(self) -> list[Play]:
        """Card plays it may make now."""
        return [a for a in self.legal if isinstance(a, Play)]

    def may(self, kind: type[Action]) -> bool:
        """Whether an action of this type is legal now."""
        return any(type(a) is kind for a in self.legal)


def view_of(match: CosmicMatch, seat: int) -> View:
    """The knowledge of `seat` in `match` (observation + plain positions; no hidden cards)."""
    obs = match.state.observation(seat)
    table = Table.from_dict(match.table.to_dict())
    opts = match.state.options
    return View(seat, obs, table, [Action.from_dict(a) for a in obs["legal"]],
                end_at=opts.end_at, last_turn=opts.max_rounds * opts.players - 1)


def bomb_under(view: View, at: Point) -> list[int]:
    """The planets a bomb resting at `at` destroys (as `judge_bomb_point` weighs them)."""
    return [planet for planet, xy in sorted(view.table.planets.items())
            if bomb_cover(at, xy) >= BOMB_OVERLAP]


def bomb_loses_match(view: View, destroyed: Sequence[int]) -> bool:
    """Whether a toss of the seat's destroying `destroyed` ends the match with the seat not
    among the winners, from what it knows (the public scores and options; a rival's hidden
    Planetary Shield could only spare planets). A Medium ended a match it was behind in
    with a bomb on its own planet, and lost."""
    obs = view.obs
    scores = [int(p["score"]) for p in obs["players"]]
    for planet in destroyed:
        who = view.owner(planet)
        scores[who] -= SURVIVOR_POINTS
        if who != view.seat:
            scores[view.seat] += DESTROYED_POINTS[PLANETS[planet].dots]
    gone = {int(p["planet"]) for p in obs["planets"] if not p["alive"]} | set(destroyed)
    ends = bool(view.end_at) and len(gone) >= view.end_at
    ends = ends or any(all(int(p["planet"]) in gone for p in obs["planets"]
                           if int(p["owner"]) == s) for s in range(len(scores)))
    retry = bool(obs.get("bomb_retry")) and not destroyed
    ends = ends or (int(obs["turn"]) >= view.last_turn >= 0 and not retry)
    return ends and scores[view.seat] < max(scores)


# ---------------------------------------------------------------------------------------------
# Physics models for aiming (the simulation has the last word)
# ---------------------------------------------------------------------------------------------


def ship_stop_distance(speed: float) -> float:
    """How far a ship sliding at `speed` goes before friction and drag stop it."""
    a, k = SHIP_DECEL, DRAG
    return speed / k - a / (k * k) * math.log1p(k * speed / a)


_STOP_TABLE: list[float] = [ship_stop_distance(float(v)) for v in range(int(MAX_FLICK_SPEED) + 1)]
"""Stop distance at each whole speed 0..MAX_FLICK_SPEED (for quick inversion)."""


def flick_power_for(distance: float, arrive: float = 0.0) -> float:
    """The flick power that covers `distance` and still moves at `arrive` units/s."""
    want = max(0.0, distance) + ship_stop_distance(max(0.0, arrive))
    if _STOP_TABLE[-1] <= want:
        return 1.0
    i = bisect.bisect_left(_STOP_TABLE, want)
    lo, hi = _STOP_TABLE[i - 1], _STOP_TABLE[i]
    speed = i - 1 + (want - lo) / (hi - lo) if hi > lo else float(i)
    return max(MIN_FLICK_POWER + 0.01, speed / MAX_FLICK_SPEED)


def bomb_reach(power: float) -> float:
    """How far a spinless toss of `power` travels: flight plus the slide after landing."""
    p = min(max(power, 0.0), 1.0)
    v = BOMB_SPEED * p
    air = BOMB_AIR_MIN + (BOMB_AIR_MAX - BOMB_AIR_MIN) * p
    slide = v * BOMB_LANDING_KEEP
    return v * air + slide * slide / (2 * BOMB_DECEL)


def bomb_power_for(distance: float) -> float:
    """The toss power whose bomb comes to rest `distance` from the release point."""
    if bomb_reach(1.0) <= distance:
        return 1.0
    lo, hi = 0.0, 1.0
    for _ in range(40):
        mid = (lo + hi) / 2
        if bomb_reach(mid) < distance:
            lo = mid
        else:
            hi = mid
    return hi


def _first_contact(table: Table, seat: int, start: Point, angle: float) -> int | None:
    """The planet a ship flicked straight along `angle` would meet first (ships block: -1)."""
    dx, dy = math.cos(angle), math.sin(angle)
    best: tuple[float, int] | None = None
    bodies: list[tuple[int, Point, float]] = [
        (p, xy, PLANET_RADIUS) for p, xy in table.planets.items()
    ]
    bodies += [(-1, xy, SHIP_RADIUS) for s, xy in table.ships.items() if s != seat]
    for ident, (bx, by), r in bodies:
        rx, ry = bx - start[0], by - start[1]
        along = rx * dx + ry * dy
        if along <= 0:
            continue
        off = abs(rx * dy - ry * dx)
        reach = r + SHIP_RADIUS
        if off < reach:
            t = along - math.sqrt(reach * reach - off * off)
            if best is None or t < best[0]:
                best = (t, ident)
    return None if best is None else best[1]


# ---------------------------------------------------------------------------------------------
# Judging a simulated flick
# ---------------------------------------------------------------------------------------------


def _next_crystal(view: View, colour: str, at: int, alive: set[int]) -> int | None:
    planets = {p.dots: p.planet_id for p in planets_of_colour(colour)}
    dots = PLANETS[at].dots
    for _ in range(len(planets)):
        dots = next_in_sequence(dots)
        if planets[dots] in alive:
            return planets[dots]
    return None


def judge_flick(view: View, outcome: FlickOutcome, after: Table) -> tuple[float, int]:
    """The value of a played-out flick for the seat, and the cubes it collected."""
    seat = view.seat
    hold, base = view.hold, view.base
    alive = view.alive()
    crystals = {c: view.crystal(c) for c in COLOUR_KEYS}
    collected: list[str] = []
    for planet in outcome.touched_by(seat):
        colour = PLANETS[planet].colour
        if planet not in alive or crystals[colour] != planet:
            continue
        if colour in hold or colour in base or colour in collected:
            continue
        collected.append(colour)
        crystals[colour] = _next_crystal(view, colour, planet, alive)
    value = 0.0
    new_hold = hold + collected
    if seat in outcome.ships_out:
        pod = any(CARDS_BY_ID[c].effect == Effect.KEEP_HOLD for c in view.hand)
        value -= W_OUT + (0.0 if pod and new_hold else W_LOSS * len(new_hold))
    else:
        value += W_CUBE * len(collected) + (W_EXTRA if collected else 0.0)
        pos = after.ships.get(seat)
        if view.obs["fly_back"] and seat in outcome.on_base:
            value += W_BANK * len(new_hold)
        elif pos is not None:
            edge = min(pos[0], pos[1], FIELD - pos[0], FIELD - pos[1])
            if not collected:
                value -= W_EXPOSED * len(new_hold) * (1.0 + 2.0 * max(0.0, 1.0 - edge / 120.0))
            have = set(new_hold) | set(base)
            dists = [
                math.hypot(pos[0] - after.planets[p][0], pos[1] - after.planets[p][1])
                for c, p in crystals.items()
                if c not in have and p is not None and p in after.planets
            ]
            if dists:
                value -= W_NEXT * min(dists)
            if view.obs["fly_back"] and new_hold:
                home = corner_of(view.faction)
                value -= 0.004 * len(new_hold) * math.hypot(pos[0] - home[0], pos[1] - home[1])
    for other in dict.fromkeys(outcome.ships_out):
        if other != seat:
            value += 0.5 + W_RIVAL * len(view.obs["players"][other]["hold"])
    return value, len(collected)


def judge_bomb_point(view: View, at: Point) -> float:
    """The value of the bomb resting at `at`: enemy planets under it by their points (and the
    survivor points their owner loses), a heavy penalty for the seat's own."""
    value = 0.0
    for planet, xy in view.table.planets.items():
        cover = bomb_cover(at, xy)
        if cover >= BOMB_OVERLAP:
            if view.owner(planet) == view.seat:
                value -= W_OWN_BOMBED
            else:
                value += DESTROYED_POINTS[PLANETS[planet].dots] + SURVIVOR_POINTS
    return value


# ---------------------------------------------------------------------------------------------
# The AI
# ---------------------------------------------------------------------------------------------

Plan = Generator[None, None, Input]


@dataclass
class _Shot:
    """A candidate flick or toss and what its simulation said."""

    inp: FlickInput | TossInput
    value: float = 0.0
    cubes: int = 0
    rest: Point = (0.0, 0.0)
    aim: Point = (0.0, 0.0)
    scores: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        """Its value averaged over the nominal shot and its checked aiming errors."""
        return sum(self.scores) / len(self.scores) if self.scores else self.value


class CosmicAI:
    """A computer seat: `begin(match)` when it must decide, then `work(budget)` until it
    returns the decided input."""

    def __init__(self, level: str, seat: int, seed: int) -> None:
        if level not in AI_LEVELS:
            raise ValueError(f"unknown Cosmic Kaboom AI level {level!r}")
        self.level = level
        self.seat = seat
        self.seed = seed
        self.pool = BodyPool()
        """Bodies its candidate worlds reuse (fewer objects for the garbage collector)."""
        self.profile = PROFILES.get(level, PROFILES["easy"])
        self.view: View | None = None
        self.rng = random.Random(0)
        self._plan: Plan | None = None
        self._done: Input | None = None
        self.last_slice_frames = 0
        """Work units (physics frames, mostly) the last `work()` call ran."""
        self.max_slice_frames = 0
        """The most work units any `work()` call ran."""
        self.frames = 0
        """Physics frames simulated over this AI's life."""

    # -- the scene's API ---------------------------------------------------------------------

    @property
    def thinking(self) -> bool:
        """Whether a decision is under way."""
        return self._plan is not None

    def begin(self, match: CosmicMatch) -> None:
        """Start deciding for `match`, where this seat must act. Snapshots what the seat may
        know, so the live match may change (be drawn, animated) meanwhile."""
        if match.to_act() != self.seat:
            raise ValueError(f"seat {self.seat} is not to act")
        self.view = view_of(match, self.seat)
        digest = state_hash([self.view.obs, self.view.table.to_dict()])
        self.rng = derive_rng(self.seed, "decide", self.level, digest)
        self._done = None
        self._plan = self._decide(self.view)

    def work(self, budget_s: float) -> Input | None:
        """Think for about `budget_s` seconds (at most `SLICE_FRAMES` work units); the decided
        input once done (returned once), else None."""
        plan = self._plan
        if plan is None:
            return None
        deadline = time.perf_counter() + budget_s
        units = 0
        try:
            while units < SLICE_FRAMES:
                next(plan)
                units += 1
                if time.perf_counter() >= deadline:
                    break
        except StopIteration as stop:
            self._done = stop.value
            self._plan = None
        self.last_slice_frames = units
        self.max_slice_frames = max(self.max_slice_frames, units)
        return self._done if self._plan is None else None

    # -- planning ----------------------------------------------------------------------------

    def _decide(self, view: View) -> Plan:
        phase = view.phase
        if phase == Phase.DRAFT:
            return self._keep(view)
        if phase == Phase.PLACE:
            return (yield from self._place(view))
        play = self._card(view)
        if play is not None:
            return play
        if phase == Phase.BOMB:
            return (yield from self._bomb(view))
        return (yield from self._flick_turn(view))

    def _simulate(self, view: View, shots: Sequence[_Shot]) -> Generator[None, None, None]:
        """Play each shot out in a world rebuilt from the table, one frame per yield."""
        for shot in shots:
            world = CosmicWorld(view.table, poses=False, pool=self.pool)
            inp = shot.inp
            if isinstance(inp, FlickInput):
                world.flick(self.seat, inp.angle, inp.power)
            else:
                world.toss(self.seat, (inp.x, inp.y), inp.angle, inp.power, inp.spin)
            yield
            while not world.at_rest:
                world.step()
                self.frames += 1
                yield
            if isinstance(inp, FlickInput):
                shot.value, shot.cubes = judge_flick(view, world.outcome(), world.table_after())
            else:
                bomb = world.bomb
                shot.rest = (bomb.x, bomb.y) if bomb is not None else (inp.x, inp.y)
                shot.value = judge_bomb_point(view, shot.rest) if bomb is not None else -1.0
            world.release()

    # -- card choice and placement -----------------------------------------------------------

    def _keep(self, view: View) -> Keep:
        offer = [str(c) for c in view.obs["offer"]]
        if self.profile.cards == "random" or self.level == RANDOM:
            return Keep(self.seat, self.rng.choice(offer))
        scored = [(self._card_value(view, c), -i, c) for i, c in enumerate(offer)]
        return Keep(self.seat, max(scored)[2])

    def _card_value(self, view: View, card: str) -> float:
        value = CARD_VALUE.get(card, 1.0)
        if self.profile.cards != "smart":
            return value
        banked = len(view.base)
        if card == "second_payload" and banked >= 3:
            value += 4.0
        if card == "prototype_bomb" and banked == 2:
            value += 3.0
        if card == "supply_drop" and any(view.crystal(c) is None for c in view.need()):
            value += 4.0
        return value

    def _place(self, view: View) -> Plan:
        planet = int(view.obs["placements"][0][1])
        table = view.table
        if self.level == RANDOM or self.profile.cards == "random":
            near = (self.rng.uniform(100, FIELD - 100), self.rng.uniform(100, FIELD - 100))
            x, y = table.free_spot(planet, near)
            return PlaceInput(self.seat, planet, x, y)
        rivals = [corner_of(table.factions[int(r["seat"])]) for r in view.rivals()]
        own = corner_of(view.faction)
        mine = [xy for p, xy in table.planets.items() if view.owner(p) == self.seat]
        best: tuple[float, float, float] | None = None
        step = 40.0
        y = PLANET_RADIUS + 2.0
        while y <= FIELD - PLANET_RADIUS:
            x = PLANET_RADIUS + 2.0
            while x <= FIELD - PLANET_RADIUS:
                if table.can_place(planet, x, y):
                    far = min(math.hypot(x - cx, y - cy) for cx, cy in rivals)
                    score = far - 0.15 * math.hypot(x - own[0], y - own[1])
                    if self.profile.cards == "smart":
                        # no second planet of its own within one bomb's reach
                        close = sum(1 for mx, my in mine if math.hypot(x - mx, y - my) < 130)
                        score -= 60.0 * close
                    if best is None or score > best[0]:
                        best = (score, x, y)
                x += step
            y += step
            yield
        if best is None:
            x, y = table.free_spot(planet, own)
        else:
            x, y = best[1], best[2]
        return PlaceInput(self.seat, planet, x, y)

    # -- card plays ---------------------------------------------------------------------------

    def _card(self, view: View) -> Play | None:
        plays = [p for p in view.legal_plays() if not CARDS_BY_ID[p.card].automatic]
        if not plays:
            return None
        if self.profile.cards == "random" and self.level != RANDOM and any(
                p.card == "prototype_bomb" for p in plays) and self.rng.random() < EARLY_BOMB:
            # a beginner bombs when a card lets it, now and then (a stranger's Easy never
            # bombed all match: the pressure was all his)
            return next(p for p in plays if p.card == "prototype_bomb")
        if self.profile.cards == "random" or self.level == RANDOM:
            return self.rng.choice(plays) if self.rng.random() < 0.15 else None
        by_card: dict[str, list[Play]] = {}
        for p in plays:
            by_card.setdefault(p.card, []).append(p)
        smart = self.profile.cards == "smart"
        obs = view.obs
        start = int(obs["flicks_made"]) == 0
        need = view.need()
        if view.phase == Phase.BOMB:
            if "second_payload" in by_card:
                return by_card["second_payload"][0]
            if smart and "intelligence" in by_card:
                return by_card["intelligence"][0]
            return None
        if "prototype_bomb" in by_card:
            return by_card["prototype_bomb"][0]
        if "intelligence" in by_card and (smart or start):
            return by_card["intelligence"][0]
        if "supply_drop" in by_card and need:
            return self._supply(view, by_card["supply_drop"])
        if "teleporter" in by_card and len(view.hold) >= (1 if smart else 2):
            return by_card["teleporter"][0]
        if "afterburner" in by_card and start and need and view.targets():
            return by_card["afterburner"][0]
        if not smart:
            return None
        if "hijack" in by_card:
            return max(by_card["hijack"], key=lambda p: self._hijack_value(view, p))
        if "crystal_magnet" in by_card and start:
            got = self._magnet(view, by_card["crystal_magnet"])
            if got is not None:
                return got
        if "orbital_shift" in by_card and start:
            got = self._shift(view, by_card["orbital_shift"])
            if got is not None:
                return got
        if "emp_blast" in by_card and any(
            not r["docked"] and not r["hold"] for r in view.rivals()
        ):
            return by_card["emp_blast"][0]
        if "tractor_beam" in by_card and start and len(need) <= 2 and view.targets():
            return by_card["tractor_beam"][0]
        return None

    def _supply(self, view: View, plays: list[Play]) -> Play:
        """A cube of the colour whose crystal is gone or farthest from its ship."""
        ship = view.ship()
        need = set(view.need())

        def cost(p: Play) -> float:
            colour = p.colour or ""
            planet = view.crystal(colour)
            if colour not in need:
                return -1.0
            if planet is None or planet not in view.table.planets:
                return 1e6
            x, y = view.table.planets[planet]
            return math.hypot(x - ship[0], y - ship[1])

        return max(plays, key=cost)

    def _hijack_value(self, view: View, play: Play) -> float:
        rival = view.obs["players"][play.target if play.target is not None else 0]
        return len(rival["base"]) * 2.0 + (0.0 if play.colour in rival["base"] else 1.0)

    def _magnet(self, view: View, plays: list[Play]) -> Play | None:
        """Bring a needed crystal to the planet of its colour nearest the ship, when that
        saves a long way."""
        ship = view.ship()
        best: tuple[float, Play] | None = None
        for colour in view.need():
            at = view.crystal(colour)
            if at is None or at not in view.table.planets:
                continue
            ax, ay = view.table.planets[at]
            now = math.hypot(ax - ship[0], ay - ship[1])
            for p in plays:
                if p.planet is None or p.colour != colour or p.planet not in view.table.planets:
                    continue
                x, y = view.table.planets[p.planet]
                gain = now - math.hypot(x - ship[0], y - ship[1])
                if gain > 120.0 and (best is None or gain > best[0]):
                    best = (gain, p)
        return None if best is None else best[1]

    def _shift(self, view: View, plays: list[Play]) -> Play | None:
        """Move its planet nearest to a rival about to bomb away from that rival."""
        threats = [
            corner_of(view.table.factions[int(r["seat"])])
            for r in view.rivals()
            if len(r["base"]) >= 3
        ]
        if not threats:
            return None
        best: tuple[float, Play] | None = None
        for p in plays:
            if p.planet is None or p.planet not in view.table.planets:
                continue
            x, y = view.table.planets[p.planet]
            near = min(math.hypot(x - cx, y - cy) for cx, cy in threats)
            if near < 520.0 and (best is None or near < best[0]):
                best = (near, p)
        return None if best is None else best[1]

    # -- flicks -------------------------------------------------------------------------------

    def _flick_turn(self, view: View) -> Plan:
        fly_back = bool(view.obs["fly_back"])
        need = view.need()
        hold = view.hold
        may_return = view.may(ReturnToBase)
        may_end = view.may(EndTurn)
        if not need and may_return:
            return ReturnToBase(self.seat)
        if self.level == RANDOM:
            return self._random_flick(view, may_return, may_end)
        prof = self.profile
        candidates = yield from self._flick_candidates(view)
        shots = [_Shot(FlickInput(self.seat, a, p)) for a, p in candidates]
        yield from self._simulate(view, shots)
        if prof.retry and not any(s.cubes for s in shots):
            again = [_Shot(FlickInput(self.seat, a, p)) for a, p in self._retry_candidates(view)]
            yield from self._simulate(view, again)
            shots += again
        if prof.robust and shots:
            top = sorted(shots, key=lambda s: -s.value)[: prof.robust]
            checks: list[_Shot] = []
            for shot in top:
                shot.scores = [shot.value]
                assert isinstance(shot.inp, FlickInput)
                for d in (-prof.robust_delta, prof.robust_delta):
                    checks.append(_Shot(FlickInput(self.seat, shot.inp.angle + d, shot.inp.power)))
            yield from self._simulate(view, checks)
            for i, shot in enumerate(top):
                shot.scores += [checks[2 * i].value, checks[2 * i + 1].value]
            best = max(top, key=lambda s: s.mean)
            value = best.mean
        elif shots:
            best = max(shots, key=lambda s: s.value)
            value = best.value
            if value < -W_OUT + 1.0:
                # every shot it weighed loses the ship (a glance off the crystal slides out
                # of space): a soft flick toward the middle instead, as anyone would
                safe = [_Shot(FlickInput(self.seat, a, p)) for a, p in _toward_middle(view)]
                yield from self._simulate(view, safe)
                best = max([best, *safe], key=lambda s: s.value)
                value = best.value
        else:
            best = _Shot(FlickInput(self.seat, 0.0, 0.3))
            value = -1.0
        if may_return and hold:
            threshold = 3.0 + 4.0 * len(hold) + (6.0 if len(need) <= 1 else 0.0)
            if value < threshold:
                return ReturnToBase(self.seat)
        if may_end and value < (0.0 if not fly_back else -4.0):
            return EndTurn(self.seat)
        assert isinstance(best.inp, FlickInput)
        return self._noisy_flick(best.inp)

    def _err(self, sd: float) -> float:
        """One error of its hand: normal with `sd`, held within the profile's `clip`."""
        got = self.rng.gauss(0.0, sd)
        cap = self.profile.clip * sd
        return min(cap, max(-cap, got)) if cap > 0.0 else got

    def _noisy_flick(self, inp: FlickInput) -> FlickInput:
        prof = self.profile
        angle = inp.angle + self._err(prof.aim_noise)
        power = inp.power * (1.0 + self._err(prof.power_noise))
        power = min(1.0, max(MIN_FLICK_POWER + 0.01, power))
        return FlickInput(self.seat, angle, power)

    def _flick_candidates(
        self, view: View
    ) -> Generator[None, None, list[tuple[float, float]]]:
        """Candidate (angle, power) flicks, the most promising first, cut to the level's
        count: at the crystals it needs (centre and off-centre, several arrival speeds), at
        loaded rival ships (hard), home to its Base when flying back with cargo. Yields after
        each target planet's lines are traced, so a slice stays short."""
        prof = self.profile
        ship = view.ship()
        table = view.table
        ranked: list[tuple[tuple[float, ...], float, float]] = []
        contact = PLANET_RADIUS + SHIP_RADIUS
        variants = [(b, v) for v in prof.speeds for b in prof.offsets]
        variants.sort(key=lambda bv: (abs(bv[0]), prof.speeds.index(bv[1]) % 2, bv[1]))
        for planet in view.targets():
            px, py = table.planets[planet]
            d = math.hypot(px - ship[0], py - ship[1])
            if d < 1.0:
                continue
            base = math.atan2(py - ship[1], px - ship[0])
            for rank, (b, v) in enumerate(variants):
                lateral = b * contact
                angle = base + math.asin(max(-1.0, min(1.0, lateral / d)))
                travel = max(0.0, math.sqrt(max(0.0, d * d - lateral * lateral)) - contact)
                power = flick_power_for(travel, v)
                blocked = _first_contact(table, self.seat, ship, angle) != planet
                ranked.append(((float(blocked), float(rank), d), angle, power))
            yield
        if prof.pushes:
            for rival in view.rivals():
                seat = int(rival["seat"])
                if rival["docked"] or not rival["hold"] or seat not in table.ships:
                    continue
                rx, ry = table.ships[seat]
                angle = math.atan2(ry - ship[1], rx - ship[0])
                for k, power in enumerate((0.75, 1.0)):
                    ranked.append(((0.0, float(k) + 0.5, 0.0), angle, power))
        if view.obs["fly_back"] and view.hold:
            hx, hy = dock_spot(view.faction)
            ix, iy = inward(view.faction)
            hx, hy = hx - ix * 14.0, hy - iy * 14.0
            d = math.hypot(hx - ship[0], hy - ship[1])
            if d > 10.0:
                angle = math.atan2(hy - ship[1], hx - ship[0])
                for k, extra in enumerate((0.0, -18.0, 18.0)):
                    power = flick_power_for(d + extra, 0.0)
                    ranked.append(((0.0, float(k), 0.0), angle, power))
        if not ranked:
            cx, cy = FIELD / 2, FIELD / 2
            angle = math.atan2(cy - ship[1], cx - ship[0])
            d = math.hypot(cx - ship[0], cy - ship[1])
            for k, f in enumerate((0.5, 0.8)):
                ranked.append(((0.0, float(k), 0.0), angle, flick_power_for(d * f)))
        ranked.sort(key=lambda r: r[0])
        return [(a, p) for _, a, p in ranked[: prof.candidates]]

    def _retry_candidates(self, view: View) -> list[tuple[float, float]]:
        """More flicks at the crystals it needs, nearest first, for when none of its first
        takes one (`Profile.retry` of them): along each open lane past the edge of a planet in
        the way (`world.clear_shots`), then turned a little either side of each crystal, a
        touch harder, to glance round or off what is in the way, as a player tries another
        line after a dead shot."""
        ship = view.ship()
        table = view.table
        targets = sorted(view.targets(), key=lambda p: math.dist(ship, table.planets[p]))
        contact = PLANET_RADIUS + SHIP_RADIUS

        def power(planet: int, angle: float, harder: float = 1.0) -> float:
            px, py = table.planets[planet]
            d = math.hypot(px - ship[0], py - ship[1])
            lateral = d * math.sin(angle - math.atan2(py - ship[1], px - ship[0]))
            along = math.sqrt(max(0.0, d * d - lateral * lateral))
            return min(1.0, flick_power_for(max(0.0, along - contact), 160.0) * harder)

        out = [(a, power(p, a)) for p, a in clear_shots(table, self.seat, targets)]
        for planet in targets:
            px, py = table.planets[planet]
            base = math.atan2(py - ship[1], px - ship[0])
            for turn in RETRY_TURNS:
                out.append((base + turn, power(planet, base + turn, RETRY_HARDER)))
        return out[: self.profile.retry]

    def _random_flick(self, view: View, may_return: bool, may_end: bool) -> Input:
        rng = self.rng
        if may_return and view.hold and rng.random() < 0.5:
            return ReturnToBase(self.seat)
        if may_end and rng.random() < 0.2:
            return EndTurn(self.seat)
        ship = view.ship()
        targets = view.targets() or sorted(view.table.planets)
        if not targets:
            return FlickInput(self.seat, rng.uniform(-math.pi, math.pi), rng.uniform(0.2, 0.8))
        tx, ty = view.table.planets[rng.choice(targets)]
        angle = math.atan2(ty - ship[1], tx - ship[0]) + rng.gauss(0.0, 0.15)
        return FlickInput(self.seat, angle, rng.uniform(0.2, 0.9))

    # -- the Space Bomb -----------------------------------------------------------------------

    def _bomb(self, view: View) -> Plan:
        faction = view.faction
        release = release_default(faction)
        if self.level == RANDOM:
            rng = self.rng
            angle = math.atan2(FIELD / 2 - release[1], FIELD / 2 - release[0])
            return TossInput(self.seat, release[0], release[1],
                             angle + rng.uniform(-0.4, 0.4), rng.uniform(0.3, 1.0),
                             rng.uniform(-1.0, 1.0))
        prof = self.profile
        aims = self._bomb_aims(view)[: prof.bomb_targets]
        shots: list[_Shot] = []
        for (tx, ty), _ in aims:
            angle = math.atan2(ty - release[1], tx - release[0])
            power = bomb_power_for(math.hypot(tx - release[0], ty - release[1]))
            shots.append(_Shot(TossInput(self.seat, release[0], release[1], angle, power)))
        # and a soft toss into its own corner's open space: nothing to aim at, or every aim
        # would end the match in a loss (`bomb_loses_match`)
        angle = math.atan2(FIELD / 2 - release[1], FIELD / 2 - release[0])
        soft = _Shot(TossInput(self.seat, release[0], release[1], angle, 0.05))
        yield from self._simulate(view, [*shots, soft])
        for shot, (target, _) in zip(shots, aims, strict=False):
            shot.aim = target
        if prof.bomb_refine:
            top = sorted(shots[: len(aims)], key=lambda s: -s.value)[: prof.bomb_refine]
            spins = (0.0, 0.4, -0.4) if prof.cards == "smart" else (0.0,)
            fixes: list[_Shot] = []
            for shot in top:
                for spin in spins:
                    fixes.append(_Shot(self._corrected(shot, shot.aim, spin), aim=shot.aim))
            # a first pass with spin only shows its curve: correct each from its own landing
            yield from self._simulate(view, fixes)
            final: list[_Shot] = []
            for fix in fixes:
                final.append(_Shot(self._corrected(fix, fix.aim, _spin_of(fix)), aim=fix.aim))
            yield from self._simulate(view, final)
            shots = shots + fixes + final
        shots.append(soft)
        for shot in shots:
            shot.scores = [self._bomb_expected(view, shot)]
            if bomb_loses_match(view, bomb_under(view, shot.rest)):
                shot.scores[0] -= W_LOSES_MATCH  # never the toss that ends it in a loss
            yield
        best = max(shots, key=lambda s: s.scores[0])
        inp = best.inp
        assert isinstance(inp, TossInput)
        return self._noisy_toss(inp, faction)

    def _noisy_toss(self, inp: TossInput, faction: int) -> TossInput:
        """The planned toss as its hand makes it: its `bomb_scatter`, else the flick's scatter
        times `bomb_noise`."""
        prof = self.profile
        k = prof.bomb_noise
        aim, strength = prof.bomb_scatter or (prof.aim_noise * k, prof.power_noise * k)
        angle = inp.angle + self._err(aim)
        power = min(1.0, max(0.0, inp.power * (1.0 + self._err(strength))))
        x, y = clamp_release(faction, inp.x, inp.y)
        return TossInput(self.seat, x, y, angle, power, inp.spin)

    def _bomb_aims(self, view: View) -> list[tuple[Point, float]]:
        """Aim points: enemy planets and the midpoints of close enemy pairs, best first."""
        enemy = [
            (p, xy) for p, xy in sorted(view.table.planets.items()) if view.owner(p) != self.seat
        ]
        aims: list[tuple[Point, float]] = []
        for _, xy in enemy:
            aims.append((xy, judge_bomb_point(view, xy)))
        for i, (_, a) in enumerate(enemy):
            for _, b in enemy[i + 1:]:
                if math.hypot(a[0] - b[0], a[1] - b[1]) < 2 * PLANET_RADIUS + 40.0:
                    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                    aims.append((mid, judge_bomb_point(view, mid)))
        release = release_default(view.faction)
        aims.sort(key=lambda t: (-t[1], math.hypot(t[0][0] - release[0], t[0][1] - release[1])))
        return aims

    def _corrected(self, shot: _Shot, target: Point, spin: float) -> TossInput:
        """The toss of `shot` re-aimed so its simulated resting point moves onto `target`."""
        inp = shot.inp
        assert isinstance(inp, TossInput)
        rx, ry = inp.x, inp.y
        want_d = math.hypot(target[0] - rx, target[1] - ry)
        got_d = math.hypot(shot.rest[0] - rx, shot.rest[1] - ry)
        want_a = math.atan2(target[1] - ry, target[0] - rx)
        got_a = math.atan2(shot.rest[1] - ry, shot.rest[0] - rx) if got_d > 1.0 else inp.angle
        turn = math.remainder(want_a - got_a, math.tau)
        model = bomb_reach(inp.power) + (want_d - got_d)
        return TossInput(self.seat, rx, ry, inp.angle + turn, bomb_power_for(model), spin)

    def _bomb_expected(self, view: View, shot: _Shot) -> float:
        """The landing's value; hard averages it over the spread of its own aim."""
        inp = shot.inp
        assert isinstance(inp, TossInput)
        nominal = shot.value
        if self.profile.cards != "smart":
            return nominal
        rx, ry = inp.x, inp.y
        dx, dy = shot.rest[0] - rx, shot.rest[1] - ry
        d = math.hypot(dx, dy)
        total = nominal
        n = 1
        sa = max(self.profile.aim_noise, 0.01) * 1.5
        sp = max(self.profile.power_noise, 0.02) * 1.5
        for da, dp in ((sa, 0.0), (-sa, 0.0), (0.0, sp), (0.0, -sp)):
            ang = math.atan2(dy, dx) + da
            dd = d * (1.0 + 1.6 * dp)
            total += judge_bomb_point(view, (rx + math.cos(ang) * dd, ry + math.sin(ang) * dd))
            n += 1
        return total / n


RETRY_TURNS = (0.12, -0.12, 0.25, -0.25)
"""Radians either side of a crystal a retried flick turns (`CosmicAI._retry_candidates`)."""
RETRY_HARDER = 1.1
"""How much harder than to reach the crystal a retried flick goes: a stranger's Easy flew out
of space three turns running (16 Easy pairs: at 1.25, 33 ships lost in 463 flicks; at 1.1, 24
in 445, the crystals as many)."""


def _toward_middle(view: View) -> list[tuple[float, float]]:
    """Soft flicks from the ship toward the middle of space (a third and two thirds of the
    way): what is left when every aimed shot would lose the ship."""
    ship = view.ship()
    cx, cy = FIELD / 2, FIELD / 2
    d = math.hypot(cx - ship[0], cy - ship[1])
    if d < 1.0:
        return []
    angle = math.atan2(cy - ship[1], cx - ship[0])
    return [(angle, flick_power_for(d * f)) for f in (1 / 3, 2 / 3)]


def _spin_of(shot: _Shot) -> float:
    """The spin a candidate toss was made with."""
    inp = shot.inp
    return inp.spin if isinstance(inp, TossInput) else 0.0


def make_ai(level: str, seat: int, seed: int) -> CosmicAI:
    """A computer seat of `level` ("easy", "medium", "hard" or "random")."""
    return CosmicAI(level, seat, seed)


def decide(ai: CosmicAI, match: CosmicMatch, budget_s: float = 0.05) -> Input:
    """Begin and work until the AI has decided (blocking: for simulations and tests)."""
    ai.begin(match)
    while True:
        got = ai.work(budget_s)
        if got is not None:
            return got
