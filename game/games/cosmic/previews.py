"""What the trajectory assist draws for an aim, computed once per aim and table: a flick's path
to what it meets first and its glance off a planet, a toss's flight, slide and blast, and the
lanes to the crystals a seat still needs. Plain data over the match (no scene): the scene owns
one (`scene.previews`), the view and the hints read it.
"""

from __future__ import annotations

import math
from typing import Any

from game.games.cosmic.data import FIELD, PLANET_RADIUS, PLANETS, SHIP_RADIUS
from game.games.cosmic.match import CosmicMatch
from game.games.cosmic.world import (
    FlickLine,
    blast_at,
    bounce_line,
    flick_line,
    preview_toss,
    sure_shots,
)
from game.ui.cache import BoundedCache

Point = tuple[float, float]
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
