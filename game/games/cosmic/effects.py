"""Cosmic Kaboom's effects: sound cues, impact sparks, thruster trails, crystals flying into a
Hold, a ship breaking up, the Space Bomb's explosion with its flash, rings and screen shake, and
short words on the table (+1 CRYSTAL, FOUL!, SHIELDED).

`CosmicEffects` keeps their state for one `CosmicScene` and reacts to what happens (world events
and the rules' events); `view.py` draws it. Nothing here changes the match. With reduced motion
there is no shake and no flash, and particles are a hint of themselves.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core.rng import derive_rng, derive_seed
from game.games.cosmic import hud
from game.games.cosmic.art import COLOUR_RGB, FIELD_X, SIDE, faction_colour, to_screen
from game.games.cosmic.data import PLANETS
from game.games.cosmic.events import Bomb, Shielded
from game.games.cosmic.match import FlickInput, TossInput
from game.games.cosmic.world import (
    BombLanded,
    CosmicWorld,
    Impact,
    PlanetOut,
    ShipOut,
    Touched,
    WorldEvent,
)
from game.ui import theme
from game.ui.particles import Particles
from game.ui.tween import settle_shake

if TYPE_CHECKING:
    from game.games.cosmic.scene import CosmicScene

Colour = tuple[int, int, int]
Point = tuple[float, float]

TRAIL_LEN = 16
"""Canvas points kept behind a moving ship (its thruster trail)."""
FLY_SECONDS = 0.75
"""A collected crystal takes this long to fly into its Hold."""
BLAST_SECONDS = 1.1
EDGE_SECONDS = 1.6
CALM_FIRE_SECONDS = 1.4
"""Under reduced motion the bomb still shows where it went off: a soft fireball that grows
and fades over this long (no flash, no shake, no sparks)."""
FLASH_PEAK = 0.15
"""How white the Space Bomb's flash makes the screen at most (a part, never the whole: a
stranger found the old full flash whitened everything for about a second, and the next one
still found a third of white over the whole screen harsh)."""
def bomb_effect(events: Sequence[object]) -> tuple[str, set[int]]:
    """What the table shows as a Space Bomb goes off, from the rules' events for it: "hit"
    (the explosion) when it destroyed a planet, "shield" when a Planetary Shield cancelled
    it (with the shielded seats), else "miss" (a puff)."""
    shields = {ev.seat for ev in events if isinstance(ev, Shielded)}
    if any(isinstance(ev, Bomb) and ev.destroyed for ev in events):
        return "hit", shields
    return ("shield" if shields else "miss"), shields


MISS_GREY = (150, 150, 160)
"""A Space Bomb that destroyed nothing: its puff and "MISS" (`fizzle`)."""
PUFF_SECONDS = 0.8
SHIELD_BLUE = (110, 200, 255)
"""A Planetary Shield's bubble and "Shielded!" (`shielded`)."""
SHIELD_SECONDS = 1.8
SHIELD_PX = 40.0
"""The shield bubble's radius round a saved planet, canvas pixels."""
FLASH_SECONDS = 0.25
BOMB_SHAKE = 5.0
"""Canvas pixels the Space Bomb shakes the table by at most: a short jolt of a few pixels
that settles within about two thirds of a second (14 px blurred the blast's own ring and
the planets it took; strangers asked for a punch, not a quake). None with reduced motion."""
TOUCH_SECONDS = 1.2
"""How long a touched planet stays lit (`CosmicEffects.touched`)."""
"""How long the flash takes to fade from its peak to nothing."""
"""The ring at the bomb's exact reach stays this long (long enough to read what it took)."""


@dataclass
class Popup:
    """A short-lived word on the table."""

    word: str
    x: float
    y: float
    life: float
    size: int = 26
    colour: Colour = theme.SPARK
    age: float = 0.0
    spot: tuple[int, int] | None = None
    turn_bound: bool = False
    """Whether it goes as the turn changes (`end_turn`): a word about this turn only."""
    """Where the view settled it, off the planets, ships and panels (placed once)."""


@dataclass
class Flyer:
    """A crystal on its way from a planet to a seat's Hold."""

    colour: str
    start: Point
    end: Point
    seat: int
    age: float = 0.0
    landed: bool = False


@dataclass
class Blast:
    """An expanding shock ring (the bomb, a ship breaking up). `kind` "ring" grows to `radius`
    as it fades; "edge" reaches `radius` at once and holds there (the blast's exact reach, so a
    player sees which planets it took); "fire" is a filled fireball that swells and cools."""

    x: float
    y: float
    radius: float
    colour: Colour
    life: float = BLAST_SECONDS
    age: float = 0.0
    kind: str = "ring"


@dataclass
class Trails:
    """Recent canvas points of each moving ship."""

    points: dict[int, deque[Point]] = field(default_factory=dict)

    def add(self, seat: int, p: Point) -> None:
        q = self.points.setdefault(seat, deque(maxlen=TRAIL_LEN))
        if not q or math.hypot(q[-1][0] - p[0], q[-1][1] - p[1]) > 2.5:
            q.append(p)

    def fade(self, seat: int) -> None:
        """A ship that stopped drops one point a call until its trail is gone."""
        q = self.points.get(seat)
        if q:
            q.popleft()


class CosmicEffects:
    """The effects of one table: what they show now, and how they react to the play."""

    def __init__(self, scene: CosmicScene, seed: int) -> None:
        self.scene = scene
        self.rng = derive_rng(seed, "fx", 0)
        self.sparks = Particles(260, seed=derive_seed(seed, "fx", 1))
        self.debris = Particles(220, seed=derive_seed(seed, "fx", 2))
        self.exhaust = Particles(160, seed=derive_seed(seed, "fx", 3))
        self.calm = False
        """Reduced motion (Settings): no particles, shake, flash or shock waves."""
        self.popups: list[Popup] = []
        self.flyers: list[Flyer] = []
        self.blasts: list[Blast] = []
        self.trails = Trails()
        self.shake = 0.0
        self.shake_off = (0, 0)
        self.flash = 0.0
        self.collected_now: set[str] = set()
        """Crystals the flick under way took (flown to the Hold at the touch, not again when
        the rules say so at rest)."""
        self.hidden_crystals: set[str] = set()
        """Crystals not drawn on their planets: they are flying to a Hold."""
        self.shown_hold: dict[int, set[str]] = {}
        """Cubes that flew into a Hold during the flick under way (the rules take them at rest)."""
        self.touched: dict[int, float] = {}
        """Planets a flicking ship touched, and the seconds since (each lights up a moment,
        a resting touch too: a stranger saw no sign that a ship at rest on a rim counted)."""
        self.last_ship: dict[int, Point] = {}
        """Each ship's last world point in the flight (where a lost one breaks up)."""
        # last, once everything it calms exists (called first, a match opened with reduced
        # motion already on stopped with an AttributeError)
        self._follow_settings()

    def _follow_settings(self) -> None:
        """Reduced motion as the settings have it now: it may be switched on mid-match from
        the pause menu (a stranger did, and the next bomb still burst in sparks and waves)."""
        calm = bool(self.scene.app.reduced_motion)
        if calm == self.calm and self.sparks.enabled == (not calm):
            return
        self.calm = calm
        for p in (self.sparks, self.debris, self.exhaust):
            p.enabled = not calm
            if calm:
                p.items = []  # what was already flying goes at once
        if calm:
            self.shake = 0.0
            self.flash = 0.0
            self.blasts = [b for b in self.blasts if b.kind == "edge"]

    # -- cues -----------------------------------------------------------------------------------

    def sound(self, name: str, volume: float = 1.0, x: float | None = None) -> None:
        """A sound, panned to where on the canvas it happened."""
        pan = 0.0 if x is None else max(-1.0, min(1.0, (x - 640.0) / 640.0))
        self.scene.app.sound.play(name, volume, pan)

    def add_shake(self, amount: float) -> None:
        """Shake the table (never with reduced motion)."""
        if not self.calm and not self.scene.app.reduced_motion:
            self.shake = min(14.0, self.shake + amount)

    def popup(self, word: str, x: float, y: float, *, size: int = 26,
              colour: Colour = theme.SPARK, life: float = 1.2,
              turn_bound: bool = False) -> None:
        """A word on the table at canvas (x, y)."""
        self.popups.append(Popup(word, x, y, life, size, colour, turn_bound=turn_bound))

    def end_turn(self) -> None:
        """The turn changed: the words about the last one go (a floating "already held"
        stayed mid-board over the next player's turn); one just made, by the flick that
        ended the turn, stays its short life to be read."""
        self.popups = [p for p in self.popups if not p.turn_bound or p.age == 0.0]

    # -- world events ----------------------------------------------------------------------------

    def on_world(self, ev: WorldEvent) -> None:
        """What a world event sounds and looks like."""
        if isinstance(ev, Impact):
            x, y = to_screen(ev.x, ev.y)
            loud = min(1.0, max(0.2, ev.strength / 700.0))
            self.sound("hull_clank", loud, x)
            n = min(18, 4 + int(ev.strength / 60.0))
            for col in (theme.SPARK, (255, 255, 255), theme.FUSE):
                self.sparks.emit(x, y, n // 3 + 1, col, speed=140 + ev.strength * 0.25,
                                 life=0.45, size=2.4, gravity=0.0, drag=3.0)
            if ev.strength > 500.0:
                self.add_shake(min(4.0, ev.strength / 300.0))
        elif isinstance(ev, ShipOut):
            self.sound("ship_break", 0.9)
        elif isinstance(ev, PlanetOut):
            self.sound("penalty", 0.7)
        elif isinstance(ev, BombLanded):
            x, y = to_screen(ev.x, ev.y)
            self.sound("bomb_land", 1.0, x)
            self.debris.emit(x, y, 16, (150, 140, 170), speed=160, life=0.6, size=3.0,
                             gravity=0.0, drag=4.0)
            self.add_shake(3.0)

    def new_flight(self) -> None:
        """A flick or toss begins: nothing of it is collected or shown yet."""
        self.collected_now = set()
        self.hidden_crystals = set()
        self.shown_hold = {}

    def flight_told(self) -> None:
        """The rules took the flight's outcome: the Holds and crystals show as they say."""
        self.shown_hold = {}
        self.hidden_crystals = set()

    def follow_ships(self, world: CosmicWorld) -> None:
        """Remember where each ship is (a lost one breaks up at its last place)."""
        for s, body in world.ships.items():
            self.last_ship[s] = (float(body.position.x), float(body.position.y))

    def on_flight(self, ev: WorldEvent, pending: FlickInput | TossInput | None) -> None:
        """A world event of the flight under way: its sound and look, a crystal the flicking
        ship touched flying to its Hold at once, a ship lost breaking up."""
        self.on_world(ev)
        sc = self.scene
        if isinstance(ev, Touched) and isinstance(pending, FlickInput) \
                and ev.seat == pending.player:
            self.touched[ev.planet] = 0.0
            st = sc.match.state
            colour = PLANETS[ev.planet].colour
            p = st.players[ev.seat]
            if st.crystal.get(colour) == ev.planet and not p.holds(colour) \
                    and colour not in self.collected_now and ev.planet in st.alive:
                self.collected_now.add(colour)
                self.hidden_crystals.add(colour)
                at = sc.view.planet_spots.get(ev.planet) or sc.planet_screen(ev.planet)
                if at is not None:
                    self.collect(colour, at, hud.hold_slot(sc.panel(ev.seat), colour), ev.seat)
                self.shown_hold.setdefault(ev.seat, set()).add(colour)
        elif isinstance(ev, ShipOut):
            at = self.last_ship.get(ev.seat)
            if at is not None:
                self.ship_lost(to_screen(*at), sc.faction_of(ev.seat))

    def thrust(self, seat: int, faction: int, p: Point, speed: float, angle: float) -> None:
        """A moving ship leaves a trail, and a puff of exhaust behind it when fast."""
        self.trails.add(seat, p)
        if speed > 250.0 and self.rng.random() < 0.5:
            back = angle + math.pi
            self.exhaust.emit(p[0] + math.cos(back) * 8, p[1] + math.sin(back) * 8, 1,
                              faction_colour(faction), speed=40, angle=back, spread=0.8,
                              life=0.35, size=2.6, gravity=0.0, drag=2.0)

    def launch(self, p: Point, angle: float, power: float) -> None:
        """A flick: the thruster fires."""
        self.sound("ship_thrust", 0.4 + 0.6 * power, p[0])
        back = angle + math.pi
        self.exhaust.emit(p[0], p[1], 10, theme.FUSE, speed=160 * (0.4 + power), angle=back,
                          spread=0.9, life=0.4, size=3.0, gravity=0.0, drag=3.0)

    # -- rules events ----------------------------------------------------------------------------

    def collect(self, colour: str, start: Point, end: Point, seat: int) -> None:
        """A crystal leaves its planet for a seat's Hold."""
        self.flyers.append(Flyer(colour, start, end, seat))
        self.sound("crystal_chime", 0.9, start[0])
        self.sparks.emit(start[0], start[1], 14, COLOUR_RGB[colour], speed=160, life=0.6,
                         size=2.6, gravity=0.0, drag=2.5)
        self.popup("+ CRYSTAL", start[0], start[1] - 34, size=20, colour=COLOUR_RGB[colour])

    def ship_lost(self, p: Point, faction: int) -> None:
        """A ship lost in deep space breaks up where it was last seen."""
        x = min(max(p[0], FIELD_X - 30), FIELD_X + SIDE + 30)
        y = p[1]
        col = faction_colour(faction)
        self.debris.emit(x, y, 24, col, speed=200, life=0.9, size=3.0, gravity=0.0, drag=1.5)
        self.sparks.emit(x, y, 14, theme.SPARK, speed=240, life=0.5, size=2.4, gravity=0.0,
                         drag=2.5)
        if not self.calm:
            self.blasts.append(Blast(x, y, 46.0, col, 0.6))
        self.add_shake(3.0)

    def explode(self, p: Point, radius: float) -> None:
        """The Space Bomb goes off: the loudest kaboom and a second rumble, a white flash, a
        fireball, a ring holding at exactly the blast's reach (`radius` canvas pixels), two
        shock waves running out past it, sparks and tumbling debris, and a short shake of a
        few pixels (the view holds the table still while a player aims)."""
        x, y = p
        self.sound("kaboom", 1.0, x)
        self.sound("bomb_land", 0.8, x)
        self._follow_settings()
        self.blasts.append(Blast(x, y, radius, theme.BLAST, EDGE_SECONDS, kind="edge"))
        if self.calm:  # reduced motion: the ring at its reach and a slow, soft glow inside it
            self.blasts.append(Blast(x, y, radius, theme.SPARK, CALM_FIRE_SECONDS, kind="fire"))
            return
        self.flash = 1.0
        self.add_shake(BOMB_SHAKE)
        self.blasts.append(Blast(x, y, radius * 1.15, theme.SPARK, 0.75, kind="fire"))
        self.blasts.append(Blast(x, y, radius * 3.2, theme.SPARK, 1.3))
        self.blasts.append(Blast(x, y, radius * 2.0, theme.FUSE, 0.9))
        for col, n, sp in ((theme.SPARK, 50, 420), (theme.FUSE, 50, 320), (theme.BLAST, 40, 240),
                           ((255, 255, 255), 26, 520)):
            self.sparks.emit(x, y, n, col, speed=sp, life=1.1, size=4.0, gravity=0.0, drag=1.6)
        self.debris.emit(x, y, 44, (110, 96, 120), speed=230, life=1.8, size=5.0, gravity=0.0,
                         drag=1.0)

    def fizzle(self, p: Point, radius: float) -> None:
        """The Space Bomb destroyed nothing: a small grey puff and "MISS", never the
        fireball (a stranger's bomb blew up over his planets, then "misses")."""
        x, y = p
        self.sound("bomb_land", 0.5, x)
        self.blasts.append(Blast(x, y, radius * 0.55, MISS_GREY, PUFF_SECONDS, kind="puff"))
        if not self.calm:
            self.sparks.emit(x, y, 14, MISS_GREY, speed=90, life=0.6, size=2.6, gravity=0.0,
                             drag=3.0)
        self.popup("MISS", x, y - radius * 0.6, size=24, colour=MISS_GREY, life=1.4)

    def shielded(self, spots: list[Point], p: Point) -> None:
        """A Planetary Shield cancelled the Space Bomb: a shield bubble over each saved
        planet and "Shielded!" on the table, its own moment (it was only a log line)."""
        x, y = p
        self.sound("bomb_land", 0.5, x)
        for sx, sy in spots or [p]:
            self.blasts.append(Blast(sx, sy, SHIELD_PX, SHIELD_BLUE, SHIELD_SECONDS,
                                     kind="shield"))
        top = min((s[1] for s in spots), default=y)
        self.popup("Shielded!", x, top - SHIELD_PX - 14, size=26, colour=SHIELD_BLUE,
                   life=SHIELD_SECONDS)

    def planet_destroyed(self, p: Point, colour: str) -> None:
        """A planet under the bomb breaks into rocks of its colour."""
        self.debris.emit(p[0], p[1], 26, COLOUR_RGB[colour], speed=210, life=1.2, size=4.2,
                         gravity=0.0, drag=1.4)

    # -- time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Age everything by `dt` seconds."""
        self._follow_settings()
        for p in (self.sparks, self.debris, self.exhaust):
            p.update(dt)
        for pop in self.popups:
            pop.age += dt
        self.popups = [p for p in self.popups if p.age < p.life]
        for fl in self.flyers:
            fl.age += dt
            if not fl.landed and fl.age >= FLY_SECONDS:
                fl.landed = True
                self.sound("score", 0.6, fl.end[0])
                self.sparks.emit(fl.end[0], fl.end[1], 10, COLOUR_RGB[fl.colour], speed=110,
                                 life=0.5, size=2.2, gravity=0.0, drag=3.0)
        self.flyers = [f for f in self.flyers if f.age < FLY_SECONDS + 0.05]
        for b in self.blasts:
            b.age += dt
        self.blasts = [b for b in self.blasts if b.age < b.life]
        self.touched = {p: a + dt for p, a in self.touched.items() if a + dt < TOUCH_SECONDS}
        self.flash = max(0.0, self.flash - dt / FLASH_SECONDS)
        self.shake, self.shake_off = settle_shake(self.shake, 7.0, dt, self.rng)

    @property
    def busy(self) -> bool:
        """Whether a crystal is still flying (the turn waits to show where it lands)."""
        return any(not f.landed for f in self.flyers)
