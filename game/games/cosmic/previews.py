"""What the trajectory assist draws for an aim, computed once per aim and table: a flick's path
to what it meets first and its glance off a planet, a toss's flight, slide and blast, and the
lanes to the crystals a seat still needs. Plain data over the match (no scene): the scene owns
one (`scene.previews`), the view and the hints read it.
"""

from __future__ import annotations

import math
from typing import Any

from game.games.cosmic.ai import bomb_power_for, flick_power_for
from game.games.cosmic.data import FIELD, PLANET_RADIUS, PLANETS, SHIP_RADIUS
from game.games.cosmic.match import CosmicMatch
from game.games.cosmic.table import dock_spot, on_base
from game.games.cosmic.world import (
    LANE_SURE_POWER,
    FlickLine,
    blast_at,
    bounce_line,
    clear_shots,
    first_on_ray,
    flick_line,
    lane_clear,
    preview_toss,
    sure_shots,
)
from game.ui.cache import BoundedCache

Point = tuple[float, float]
Target = tuple[str, int | None, float, float]
"""A keys aim's target (`AimPreviews.flick_targets`, `toss_targets`): its kind ("lane" a sure
lane to a crystal, "narrow" one close by another body, "tight" a clear lane only full
power finishes, "short" a clear way toward
a crystal full power does not finish (both `AimPreviews.near_lanes`), "water" the clear water
nearest a crystal, "base" the seat's own Base, "planet" a planet the bomb destroys), the
planet (or None), and the (angle, power) that goes there."""
TossLine = tuple[list[Point], list[Point], list[int]]
"""A toss preview: the flight, the slide to rest, the planets the blast there destroys."""

#: The grid a human's flick or toss is put on, the one its preview is computed on (the
#: preview caches are keyed by it): half a degree, a hundredth of full power.
ANGLE_STEP = math.radians(0.5)
POWER_STEP = 0.01
PREVIEW_CACHE = 48
CLOSE_STEPS = 2
"""Power grid steps either way a close call is judged over (2% of full power: about a
pixel of a mouse pull)."""


EDGE_CLEAR = 60.0
"""World units from the edge of space a keys aim's first heading must stop (`open_water`)."""
SOFTER = (0.6, 0.35)
"""Shares of the shown power a keys aim's first heading may drop to when no heading at that
power is clean (`open_water`): a ship wedged between the planet it hit and the edge of space
has only soft flicks that stay in space."""
RESTS_AGAINST = PLANET_RADIUS + SHIP_RADIUS + 2.0
"""World units between a ship's and a planet's centres within which the ship rests against
the planet (the one it has just hit): never a keys aim's first heading (`open_water`)."""


class AimPreviews:
    """The previews of one match's aims, cached by table, seat and aim."""

    def __init__(self, match: CosmicMatch) -> None:
        self.match = match
        self._preview: BoundedCache[tuple[Any, ...], FlickLine] = BoundedCache(PREVIEW_CACHE)
        self._toss_preview: BoundedCache[tuple[Any, ...], TossLine] = BoundedCache(PREVIEW_CACHE)
        self._bounce: BoundedCache[tuple[Any, ...], FlickLine | None] = \
            BoundedCache(PREVIEW_CACHE)
        self._shots_key: tuple[Any, ...] | None = None
        self._shots: list[tuple[int, float]] = []
        self._near_key: tuple[Any, ...] | None = None
        self._near: list[tuple[int, float, str]] = []
        self._table_id = 0
        self._table_obj = match.table

    def table_version(self) -> int:
        """A number that changes whenever the table of positions is replaced."""
        if self.match.table is not self._table_obj:
            self._table_obj = self.match.table
            self._table_id += 1
        return self._table_id

    def preview(self, seat: int, angle: float, power: float) -> FlickLine:
        """A flick's path to what it meets first (the trajectory assist), cached per aim."""
        return self._line(seat, angle, power)

    def _line(self, seat: int, angle: float, power: float) -> FlickLine:
        a = round(angle / ANGLE_STEP)
        p = round(power / POWER_STEP)
        key = (self.table_version(), seat, a, p)
        got = self._preview.get(key)
        if got is None:
            got = flick_line(self.match.table, seat, a * ANGLE_STEP, p * POWER_STEP)
            self._preview[key] = got
        return got

    def close_call(self, seat: int, angle: float, power: float) -> str | None:
        """What a hair's change of the aim shown changes, or None when nothing does: the
        flick's first contact (or its leaving space, or stopping clear) is recomputed a grid
        step either way in angle (half a degree, about a pixel of a mouse pull) and in power
        (`CLOSE_STEPS` steps). The preview is the engine's to the pixel for the aim it shows,
        but a hand lets go a pixel off: a stranger's previewed hit grazed past, a previewed
        miss touched. The words say which way it may go."""
        line = self._line(seat, angle, power)
        seen = {(line.end, line.hit)}
        for da, dp in ((ANGLE_STEP, 0), (-ANGLE_STEP, 0), (0, CLOSE_STEPS * POWER_STEP),
                       (0, -CLOSE_STEPS * POWER_STEP)):
            other = self._line(seat, angle + da, power + dp)
            seen.add((other.end, other.hit))
        if len(seen) == 1:
            return None
        others = {end for end, hit in seen if (end, hit) != (line.end, line.hit)}
        if line.end in ("planet", "ship"):
            return "close: may miss"
        if line.end == "out":
            return "close: may stay in space"
        return "close: may fly out" if "out" in others else "close: may touch"

    def may_leave(self, seat: int, angle: float, power: float) -> bool:
        """Whether a hair's change of the aim (`close_call`'s grid steps) flies out of space,
        straight or off the first planet it meets (`bounce_preview`): what a cut preview,
        whose end is not shown, still warns of."""
        def out(a: float, p: float) -> bool:
            line = self._line(seat, a, p)
            if line.end == "planet":
                bounce = self.bounce_preview(seat, a, p)
                return bounce is not None and bounce.end == "out"
            return line.end == "out"

        return any(out(angle + da, power + dp) for da, dp in (
            (0.0, 0.0), (ANGLE_STEP, 0.0), (-ANGLE_STEP, 0.0), (0.0, CLOSE_STEPS * POWER_STEP),
            (0.0, -CLOSE_STEPS * POWER_STEP)))

    def bounce_preview(self, seat: int, angle: float, power: float) -> FlickLine | None:
        """Where the flick goes after glancing off the first planet it meets (an estimate,
        see `world.bounce_line`), cached per aim like `preview`."""
        a = round(angle / ANGLE_STEP)
        p = round(power / POWER_STEP)
        key = (self.table_version(), seat, a, p, "bounce")
        if key not in self._bounce:
            self._bounce[key] = bounce_line(self.match.table, seat, a * ANGLE_STEP,
                                            p * POWER_STEP)
        return self._bounce[key]

    def open_shots(self, seat: int) -> list[tuple[int, float]]:
        """The crystals `seat` still needs that one straight flick from its ship surely
        reaches at full power (`world.sure_shots`: planet, angle), for the lanes drawn on its
        turn; cached per table and holdings."""
        st = self.match.state
        p = st.players[seat]
        want = [planet for colour, planet in sorted(st.crystal.items())
                if planet is not None and not p.holds(colour)]
        key = (self.table_version(), seat, tuple(want))
        if self._shots_key != key:
            self._shots_key = key
            self._shots = sure_shots(self.match.table, seat, want)
        return self._shots

    def near_lanes(self, seat: int) -> list[tuple[int, float, str]]:
        """With no sure lane (`open_shots`), the nearest thing to one, for each crystal
        `seat` still needs (planet, angle, kind): "narrow", a straight lane that meets it
        first, a hair either way of the aim too, but passes another planet or ship closer
        than a sure lane's room (`world.lane_clear`): a keys aim, exact, goes down it; a hand
        must aim with care; "tight", such a lane with room that only full power finishes;
        or "short", a straight
        way to it that nothing blocks but that even full power does not finish: the ship
        stops on it in open space, nearer the crystal, and a hair either way of the aim stops
        there too. Offered (drawn, said, cycled to) for what it is, rather than "No straight
        lane" (a stranger met that on most turns; most were crystals out of one flick's
        reach with the way open). Empty when a sure lane is open; cached per table and
        holdings."""
        if self.open_shots(seat):
            return []
        st = self.match.state
        p = st.players[seat]
        want = [planet for colour, planet in sorted(st.crystal.items())
                if planet is not None and not p.holds(colour)]
        key = (self.table_version(), seat, tuple(want))
        if self._near_key != key:
            self._near_key = key
            self._near = self._find_near(seat, want)
        return self._near

    def lanes(self, seat: int) -> list[tuple[int, float]]:
        """The lanes drawn on `seat`'s turn (planet, angle): the sure ones (`open_shots`) or,
        with none, the nearest things to one that a flick really reaches (`near_lanes`,
        "narrow" and "tight"), never a "short" way that even full power does not finish (a
        stranger followed a dotted lane at MAX and stopped short of its crystal)."""
        return self.open_shots(seat) or [
            (planet, angle) for planet, angle, kind in self.near_lanes(seat) if kind != "short"]

    def _find_near(self, seat: int, want: list[int]) -> list[tuple[int, float, str]]:
        table = self.match.table
        out: list[tuple[int, float, str]] = []
        for planet, angle in clear_shots(table, seat, want):
            angle = _on_grid(angle)
            if not all(self._meets(seat, angle + da, 1.0, planet)
                       for da in (0.0, ANGLE_STEP, -ANGLE_STEP)):
                continue  # a hair off the aim misses: no lane to offer
            if not lane_clear(table, seat, planet, angle) or \
                    self._meets(seat, angle, LANE_SURE_POWER, planet):
                out.append((planet, angle, "narrow"))  # close by another body
            else:
                out.append((planet, angle, "tight"))  # only full power finishes it
        x, y = table.ship_at(seat)
        for planet in want:
            if any(q == planet for q, _, _ in out) or planet not in table.planets:
                continue
            px, py = table.planets[planet]
            angle = _on_grid(math.atan2(py - y, px - x))
            if first_on_ray(table, seat, (x, y), angle) != planet:
                continue  # something else lies on the way
            ends = [self._line(seat, angle + da, 1.0)
                    for da in (0.0, ANGLE_STEP, -ANGLE_STEP)]
            if all(e.end == "rest" for e in ends):
                out.append((planet, angle, "short"))
        return out

    def _meets(self, seat: int, angle: float, power: float, planet: int) -> bool:
        """Whether the flick (on the preview's grid) meets `planet` first."""
        line = self._line(seat, angle, power)
        return line.end == "planet" and line.hit == planet

    def lane_power(self, seat: int, angle: float, planet: int, arrive: float
                   ) -> float | None:
        """The power (on the preview's grid) a keys lane along `angle` offers for `planet`:
        the least from the one that still moves at `arrive` as it meets it
        (`flick_power_for`) upward whose flick the world's own prediction shows meeting it,
        a margin (`LANE_MARGIN` less power) meeting it too; None when not even full power
        does. (The estimate alone fell short: at 37% a stranger's ship stopped just before
        the red planet and the turn was lost.)"""
        ship = self.match.table.ship_at(seat)
        gap = math.dist(ship, self.match.table.planets[planet]) - PLANET_RADIUS - SHIP_RADIUS
        # (never under the estimate: up onto the grid)
        power = min(1.0, math.ceil(flick_power_for(gap, arrive) / POWER_STEP - 1e-9)
                    * POWER_STEP)
        while power <= 1.0 + 1e-9:
            if self._meets(seat, angle, power, planet) and self._meets(
                    seat, angle, max(0.0, power - LANE_MARGIN), planet):
                return power
            power = _on_power(power + LANE_STEP)
            if power >= 1.0:
                return 1.0 if self._meets(seat, angle, 1.0, planet) else None
        return None

    def flick_targets(self, seat: int, arrive: float, ready: float) -> list[Target]:
        """What a keys or pad flick's next-lane key cycles through, in order round the ship
        (clockwise from east): each crystal the seat needs that a straight flick surely
        reaches (`open_shots`), at the power that still moves at `arrive` as it meets it;
        failing those, the nearest thing to a lane to each (`near_lanes`) at full power;
        failing those too, the clear water nearest a crystal
        it needs (`open_water` at `ready` power). With the fly-back variant and a Hold, its
        own Base too when a straight flick stops on it. Each is checked on the preview's own
        grid: the dotted path shown for it goes where it says."""
        st = self.match.state
        table = self.match.table
        p = st.players[seat]
        ship = table.ship_at(seat)
        out: list[Target] = []
        for planet, angle in self.open_shots(seat):
            angle = _on_grid(angle)
            got = self.lane_power(seat, angle, planet, arrive)
            if got is not None:
                out.append(("lane", planet, angle, got))
        if not out:
            for planet, angle, kind in self.near_lanes(seat):
                gap = math.dist(ship, table.planets[planet]) - PLANET_RADIUS - SHIP_RADIUS
                power = 1.0 if kind != "narrow" else next(
                    (pw for pw in (flick_power_for(gap, arrive), LANE_SURE_POWER)
                     if self._meets(seat, angle, pw, planet)), 1.0)
                out.append((kind, planet, angle, _on_power(power)))
        if not out:
            water = self.open_water(seat, ready)
            if water is not None:
                out.append(("water", None, water[0], water[1]))
        faction = st.options.seat_factions[seat]
        if st.options.fly_back and p.hold:
            home = dock_spot(faction)
            angle = math.atan2(home[1] - ship[1], home[0] - ship[0])
            gap = math.dist(ship, home)
            for power in (flick_power_for(gap), flick_power_for(gap + 20.0)):
                line = self._line(seat, angle, power)
                if line.end == "rest" and on_base(faction, *line.points[-1]):
                    out.append(("base", None, _on_grid(angle), _on_power(power)))
                    break
        return sorted(out, key=lambda t: t[2] % math.tau)

    def toss_targets(self, seat: int, hand: Point) -> list[Target]:
        """What a keys or pad toss's next-target key cycles through, in order round the
        hand: each planet on the table not the seat's own whose spinless toss aimed at it
        (at the power whose bomb stops there, `ai.bomb_power_for`) the preview shows
        destroying it, and no planet of the seat's own."""
        st = self.match.state
        table = self.match.table
        out: list[Target] = []
        for planet, xy in sorted(table.planets.items()):
            if st.owner.get(planet) == seat:
                continue
            angle = _on_grid(math.atan2(xy[1] - hand[1], xy[0] - hand[0]))
            power = _on_power(bomb_power_for(math.dist(hand, xy)))
            blast = self.toss_preview(hand, angle, power, 0.0)[2]
            if planet in blast and all(st.owner.get(b) != seat for b in blast):
                out.append(("planet", planet, angle, power))
        return sorted(out, key=lambda t: t[2] % math.tau)

    def open_water(self, seat: int, power: float, steps: int = 48,
                   ) -> tuple[float, float] | None:
        """With no straight lane to a crystal, an aim (angle, power) for a keys or pad flick
        to start on, of `steps` headings round the ship at `power` (or, where none of those
        is clean, at a gentler `SOFTER` share of it): best one whose flick meets a crystal the
        seat still needs; else one that stops in open space nearest such a crystal, with no
        close call onto anything else; else one stopping there with a close call; else one
        stopping by the edge of space that a hair more does not fly out; else one meeting a
        planet that is neither of a colour the ship holds nor the one it rests against. None
        when every heading leaves space, meets a ship or such a planet, or may fly out.

        A stranger's keyboard aim came back after each crystal pointing straight into a
        planet; later, after a pickup, it pointed at the crystal that had just moved on (a
        colour he already held: "close: may touch") or at the planet he had just hit, which
        his ship lay against by the edge of space. Those are never a first aim: each flick
        and its close calls (`close_call`'s hair either way) are judged by what they meet."""
        st = self.match.state
        table = self.match.table
        p = st.players[seat]
        want = {planet for colour, planet in sorted(st.crystal.items())
                if planet is not None and not p.holds(colour)}
        spots = [table.planets[planet] for planet in sorted(want)]
        ship = table.ship_at(seat)
        avoid = {planet for planet, xy in table.planets.items()
                 if planet not in want and (p.holds(PLANETS[planet].colour)
                                            or math.dist(ship, xy) <= RESTS_AGAINST)}
        best: tuple[int, int, float, float, float] | None = None
        for gentler, share in enumerate((1.0, *SOFTER)):
            pw = round(power * share / POWER_STEP) * POWER_STEP
            for k in range(steps):
                angle = round(k * math.tau / steps / ANGLE_STEP) * ANGLE_STEP
                line = self._line(seat, angle, pw)
                x, y = line.points[-1]
                near = min((math.dist((x, y), xy) for xy in spots), default=0.0)
                if line.end == "planet" and line.hit in want:
                    rank = 0
                elif line.end == "planet" and line.hit not in avoid:
                    rank = 4
                elif line.end != "rest":
                    continue
                else:
                    inside = min(x, y, FIELD - x, FIELD - y) >= EDGE_CLEAR
                    rank = 1 if inside else 3  # by the edge: a hair more may fly out
                    if best is not None and (rank, gentler, near) >= best[:3]:
                        continue  # its close calls could only make it worse
                    if self._strays(seat, angle, pw, want):
                        if not inside:
                            continue
                        rank = 2
                if best is None or (rank, gentler, near) < best[:3]:
                    best = (rank, gentler, near, angle, pw)
            if best is not None and best[0] <= 1:
                break  # a clean heading at this power: no gentler one is needed
        return None if best is None else (best[3], best[4])

    def _strays(self, seat: int, angle: float, power: float, want: set[int]) -> bool:
        """Whether a hair off this aim (`close_call`'s steps) meets something other than a
        crystal in `want`, or leaves space."""
        for da, dp in ((ANGLE_STEP, 0), (-ANGLE_STEP, 0), (0, CLOSE_STEPS * POWER_STEP),
                       (0, -CLOSE_STEPS * POWER_STEP)):
            other = self._line(seat, angle + da, power + dp)
            if other.end == "out" or other.end == "ship" or (
                    other.end == "planet" and other.hit not in want):
                return True
        return False

    def toss_preview(self, hand: Point, angle: float, power: float, spin: float) -> TossLine:
        """A toss's flight to where it comes down, its whole slide to where it stops, and the
        planets it would destroy going off there (the preview assist), cached per aim."""
        a = round(angle / ANGLE_STEP)
        p = round(power / POWER_STEP)
        key = (self.table_version(), round(hand[0]), round(hand[1]), a, p, round(spin * 4))
        got = self._toss_preview.get(key)
        if got is None:
            flight, slide = preview_toss(hand, a * ANGLE_STEP, p * POWER_STEP, spin)
            got = (flight, slide, blast_at(self.match.table, slide[-1]))
            self._toss_preview[key] = got
        return got

    def toss_close(self, hand: Point, angle: float, power: float, spin: float) -> list[int]:
        """The planets a toss a hair off this one (a grid step of angle, `CLOSE_STEPS` of
        power, either way) would catch that this one does not: a hand lets go a pixel off,
        and a stranger's preview at 49% said Blue only, at 51% Yellow only, while his bomb
        caught a quarter of Blue and half of Yellow."""
        here = self.toss_preview(hand, angle, power, spin)[2]
        close: list[int] = []
        for da, dp in ((ANGLE_STEP, 0.0), (-ANGLE_STEP, 0.0), (0.0, CLOSE_STEPS * POWER_STEP),
                       (0.0, -CLOSE_STEPS * POWER_STEP)):
            for planet in self.toss_preview(hand, angle + da, power + dp, spin)[2]:
                if planet not in here and planet not in close:
                    close.append(planet)
        return close



LANE_MARGIN = 0.04
"""Power a keys lane's offered flick keeps in hand: this much less still meets its planet."""
LANE_STEP = 0.02
"""How far a keys lane's power is raised at a time while its flick still falls short."""


def _on_grid(angle: float) -> float:
    """`angle` on the preview's half-degree grid (what the flick is put on)."""
    return round(angle / ANGLE_STEP) * ANGLE_STEP


def _on_power(power: float) -> float:
    """`power` on the preview's grid, within the meter."""
    return min(1.0, round(power / POWER_STEP) * POWER_STEP)


def next_target(targets: list[Target], angle: float, direction: int = 1) -> Target | None:
    """The target after (or, `direction` -1, before) the aim at `angle`, going round: the
    first one clockwise (counter-clockwise) more than half a grid step away, wrapping."""
    if not targets:
        return None
    here = angle % math.tau
    ahead = [((t[2] - here) * direction) % math.tau for t in targets]
    order = sorted(range(len(targets)), key=lambda i: ahead[i])
    for i in order:
        if ANGLE_STEP / 2 < ahead[i] < math.tau - ANGLE_STEP / 2:
            return targets[i]
    return targets[order[0]]
