"""How a human seat aims: a slingshot pulled with the mouse, or an aim turned and a power meter
charged on a keyboard set or a gamepad; the Space Bomb's hand, moved only within the legal
release zone; a planet's ghost moved to where it goes back.

Controllers are plain state with no pygame: the scene feeds them the seat's device actions
(pointer in canvas pixels, converted with `art.to_world`) and they hand back the match input
(`FlickInput`, `TossInput`) when the player lets go. Angles are world angles (y down), and
the canvas has the same orientation, so a pull on the screen is a pull on the table.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from game.games.cosmic.ai import bomb_power_for, bomb_reach, flick_power_for
from game.games.cosmic.art import FIELD_RECT, SCALE, SCREEN, to_screen, to_world
from game.games.cosmic.data import FIELD, PLANET_RADIUS, SHIP_RADIUS
from game.games.cosmic.match import FlickInput, TossInput
from game.games.cosmic.pull import MAX_PULL, pull_power, pull_share, toss_power
from game.games.cosmic.table import clamp_release, corner_of, release_default
from game.games.cosmic.world import MIN_FLICK_POWER
from game.ui.tween import ramp_travel

Point = tuple[float, float]

DEAD_ZONE = 14.0
"""A pull shorter than this (canvas pixels) is let go of, not flicked."""
MIN_PULL_TRAVEL = 2 * SHIP_RADIUS + 2.0
"""World units the weakest mouse flick a release makes carries the ship (a ship's width and
a little): a shorter pull is refused with `TOO_SHORT`, the turn kept (a stranger's first
flick at 16% moved the ship less than its own width and ended his turn)."""
MIN_PULL_POWER = flick_power_for(MIN_PULL_TRAVEL)
"""The power of the weakest mouse flick a release makes (`MIN_PULL_TRAVEL`)."""
TOO_SHORT = "Pull further to flick: a pull this short barely moves the ship"
"""Said when a mouse pull too short to move the ship visibly is let go (no flick made)."""
GRAB_RADIUS = 34.0
"""Canvas pixels around a ship's centre where a press picks up the slingshot."""
AIM_RATE = math.radians(60.0)
"""Aim turn per second as a held left or right starts turning (past `TURN_DELAY`): a steady
pace that speeds up gently (`AIM_ACCEL`) to at most `AIM_RATE_MAX`, so a 0.5 s hold turns
about 17 degrees and a 1.2 s hold about 70 (a stranger found a 0.5 s hold turned a few
degrees but a 1.2 s hold about 120, 'erratic')."""
AIM_ACCEL = math.radians(30.0)
"""How fast a held left or right speeds up, radians per second per second."""
AIM_RATE_MAX = math.radians(120.0)
"""The fastest a held left or right turns the aim, per second (reached after two seconds)."""
TURN_DELAY = 0.25
"""Seconds left or right is down before holding it turns on: a tap (even a slow one) is its
fixed `TAP_STEP` alone, and a hold is that step, then the steady turn."""
FINE = 0.25
"""Aim speed with the fine modifier (Shift), for the last degree; the mouse's pull moves a
quarter as far as the hand while Shift is held."""
CHARGE_SECONDS = 1.6
"""A held fire button fills the power meter in this long, then it sweeps back down. A
stranger's 1.2 s hold gave a feeble 17% at 2.0 s: now a second's hold reaches a useful half
power, and the soft end is found with taps of up and down (`POWER_STEP`) instead of a slow
fill."""
CHARGE_EASE = 1.25
"""The meter fills a little slowly at first (power = share of the fill time ** this)."""
POWER_STEP = 0.025
"""A tap of up or down moves a keyboard or pad flick's power this much (a quarter with
Shift): the fine steps a mouse finds by moving a pixel."""
HOLD_DELAY = 0.18
"""Seconds a direction key is down before holding it turns the aim or moves the power on
smoothly: a tap is its fixed step alone (a tap's key stays down a few frames, and those
frames' smooth turn made a "2.5 degree" tap turn 8)."""
POWER_RATE = 0.3
"""Power per second as up or down (or the stick) starts being held (past `HOLD_DELAY`)."""
POWER_ACCEL = 1.2
"""How fast a held up or down speeds up, power per second per second, up to `POWER_RATE_MAX`:
a short hold still finds a nearby power, a long one crosses the meter in about a second (at
a steady 0.35 a second a stranger waited three seconds to go from low to full)."""
POWER_RATE_MAX = 1.2
"""The fastest a held up or down moves the power, per second."""
READY_POWER = 0.5
"""A keyboard or pad seat's aim waits at this power at its first flick, later at its last
flick's power where no lane sets one (disarmed: it shows once touched): the middle of the
meter, a step or a short hold from most shots (it was 30%, and strangers held W for seconds
every turn; one found it back at half after every flick)."""
TAP_STEP = math.radians(2.0)
"""A tap of left or right turns the aim this much at once, every tap alike: in a flick and a
toss, armed or not, Shift held or not (Shift is the keys' fire, and a tap while charging
turned a quarter as far), on any frame rate. A press shorter than a frame was lost, and a
stranger's taps "did nothing" while a short hold overshot."""
SPIN_STEP = 0.25
"""One wheel notch or spin key: a quarter of the strongest spin."""
CURSOR_SPEED = 380.0
"""World units per second a keyboard or stick moves a planet being placed."""


STUCK_SECONDS = 0.4
"""Seconds a pull may wait pinned at the window's edge, short of full power and with none of
the mouse's own motion arriving, before the table says the edge is in the way
(`FinePointer.stuck`): a pointer moved by absolute positions (xdotool, a remote desktop)
cannot carry a pull past the edge."""
NO_ROOM = "Edge: let go flicks this hard · more: press in open space"
"""Said by the ship (or the bomb's hand) of a stuck pull (`FinePointer.stuck`): truthfully,
as the meter and path still show what a let-go does (it flicks at the power reached; "No
room this way" beside a meter left a stranger unsure whether it would fly)."""


def at_edge(pos: Point) -> bool:
    """Whether `pos` (canvas pixels) lies on the window's edge, where the system's pointer
    stops (positions past the window come clamped to its last pixel)."""
    return pos[0] <= 0 or pos[1] <= 0 or pos[0] >= SCREEN[0] - 1 or pos[1] >= SCREEN[1] - 1


@dataclass
class FinePointer:
    """The point a mouse pull follows: the pointer itself, but while the fine modifier
    (Shift) is held each move counts `FINE` of its length, so the last pixel of aim and power
    is found by hand. Letting Shift go keeps the hand where it was (moves count in full from
    there); a new press starts again under the pointer.

    Once the pointer meets the window's edge it is `pinned`: the scene then reads the mouse
    in relative mode (`pygame.mouse.set_relative_mode`, the system cursor hidden: the band's
    hand is drawn instead) and each move counts the mouse's own motion (`rel`), so a pull
    goes on past the edge and its power is its length alone (the edge used to stretch the
    last of the room to full power: 70 px toward the top was 85% from a Base, 30% mid-board).
    """

    raw: Point = (0.0, 0.0)
    at: Point = (0.0, 0.0)
    pinned: bool = False
    """Whether the pull reached the window's edge (moves count the mouse's motion since)."""
    still: float = 0.0
    """Seconds the pull has been pinned with none of the mouse's own motion arriving."""
    felt: bool = False
    """Whether the mouse's own motion arrived since the pull was pinned: a real mouse. A
    pointer moved by absolute positions (xdotool, a remote desktop) brings none in relative
    mode, and its pull stays where the edge stopped it (`stuck`)."""

    def reset(self, pos: Point) -> None:
        """A new press at `pos`: the hand is under the pointer."""
        self.raw = pos
        self.at = pos
        self.pinned = False
        self.still = 0.0
        self.felt = False

    def wait(self, dt: float) -> None:
        """`dt` seconds went by (real time): a pinned pull no motion reaches counts them."""
        if self.pinned and not self.felt:
            self.still += dt

    @property
    def stuck(self) -> bool:
        """Whether the pull has been pinned at the window's edge for `STUCK_SECONDS` with none
        of the mouse's own motion arriving: the pointer cannot carry it on (the table says
        so, and that a press in open space leaves room)."""
        return self.pinned and not self.felt and self.still >= STUCK_SECONDS

    def move(self, pos: Point, fine: bool, rel: Point | None = None) -> Point:
        """The pointer moved to `pos` (by `rel`, the mouse's own motion, where known): where
        the hand goes. Pinned, `rel` moves it (the position is the system's, held at the
        edge); a release (no `rel`) moves it no further, and a move that knows no motion
        (`rel` (0, 0): a made-up event, as a test's) goes by its position."""
        if self.pinned and rel is None:
            dx, dy = 0.0, 0.0
        elif self.pinned and rel is not None and rel != (0.0, 0.0):
            dx, dy = rel
            self.felt = True
        else:
            dx, dy = pos[0] - self.raw[0], pos[1] - self.raw[1]
            was = self.pinned
            self.pinned = at_edge(pos)
            if self.pinned and not was:  # newly at the edge: the wait starts
                self.still = 0.0
                self.felt = False
        k = FINE if fine else 1.0
        self.at = (self.at[0] + dx * k, self.at[1] + dy * k)
        self.raw = pos
        return self.at


def flick_power(length: float) -> float:
    """The power of a flick (or toss) pulled `length` canvas pixels: its length's alone,
    wherever it starts and whichever way it goes (`pull.pull_power`)."""
    return pull_power(length)


def hand_reach(power: float) -> float:
    """How far behind its ship the hand of a flick at `power` is (`flick_power`'s inverse):
    where a past flick's hand was let go, or where a pull begun elsewhere in space is drawn
    behind the ship."""
    return pull_share(power) * MAX_PULL


@dataclass
class Pull:
    """One slingshot pull on the canvas: where it began, where the hand is (never further than
    full strength), the aim (opposite the pull) and its power, a flick's and a bomb toss's
    alike (`flick_power`)."""

    anchor: Point
    pointer: Point
    angle: float = 0.0
    power: float = 0.0
    length: float = 0.0
    """The pointer's distance from the anchor (unclamped)."""

    def to(self, pos: Point) -> None:
        """The pointer moved to `pos`: aim and power follow."""
        self.pointer = pos
        dx, dy = self.anchor[0] - pos[0], self.anchor[1] - pos[1]
        self.length = math.hypot(dx, dy)
        if self.length > 1e-6:
            self.angle = math.atan2(dy, dx)
        self.power = flick_power(self.length)

    @property
    def hand(self) -> Point:
        """Where the band's end is drawn: the pointer, held at full strength's reach."""
        k = min(self.length, MAX_PULL)
        return (self.anchor[0] - math.cos(self.angle) * k,
                self.anchor[1] - math.sin(self.angle) * k)

    @property
    def at_max(self) -> bool:
        """Whether the pull has reached full strength."""
        return self.power >= 0.999

    @property
    def in_dead_zone(self) -> bool:
        """Whether letting go now would cancel."""
        return self.length < DEAD_ZONE


def toward_centre(x: float, y: float) -> float:
    """The angle from (x, y) to the middle of space (a first aim that makes sense)."""
    return math.atan2(FIELD / 2 - y, FIELD / 2 - x)


def sweep(t: float) -> float:
    """The power meter after holding fire for `t` seconds: up to full, back down, again."""
    phase = (t / CHARGE_SECONDS) % 2.0
    share = phase if phase <= 1.0 else 2.0 - phase
    return float(share ** CHARGE_EASE)


def sweep_time(power: float) -> float:
    """How long a held fire button takes to charge the meter to `power` (`sweep`'s inverse
    on its way up), so a charge picks up from the power already shown."""
    return float(CHARGE_SECONDS * min(1.0, max(0.0, power)) ** (1.0 / CHARGE_EASE))


@dataclass
class FlickAim:
    """A seat's aim for the next flick, as the view draws it."""

    seat: int
    device: str
    angle: float = 0.0
    power: float = 0.0
    active: bool = False
    """Whether a pull or a charge is under way (the slingshot shows)."""
    last: tuple[float, float] | None = None
    """The seat's previous flick (angle, power): the view shows it to repeat or adjust."""

    def cancel(self) -> None:
        """Let go without flicking."""
        self.active = False
        self.power = 0.0


@dataclass
class MouseFlick(FlickAim):
    """Press on your ship (or anywhere in space), pull back like a slingshot, let go: the
    pull's length alone is the strength, full at `MAX_PULL` (`flick_power`); one that meets
    the window's edge goes on by the mouse's own motion (`FinePointer.pinned`). A pull
    inside the dead zone, or a right click, lets go without a flick."""

    anchor: Point = (0.0, 0.0)
    """Where the press began, on the ship or in open space: the drag counts from there, so
    a press anywhere on the ship starts at no power and no aim (counted from the ship's
    centre, a press by its rim began at 9% aimed away from wherever it was pressed, and a
    click there flicked)."""
    ship: Point = (0.0, 0.0)
    """The ship's centre on the canvas when the pull began (the band is drawn from there)."""
    grabbed: bool = False
    """Whether the press was on the ship (within `GRAB_RADIUS` of its centre)."""
    pull: Pull | None = None
    pointer: FinePointer = field(default_factory=FinePointer)
    fine: bool = False
    """Whether the fine modifier was held at the last move (the view says so)."""
    too_short: bool = False
    """Whether the last release was a pull past the dead zone too short to flick
    (`MIN_PULL_POWER`): the table says `TOO_SHORT`."""
    snap: tuple[float, float] | None = None
    """A lane's pull (angle, power) the right click snapped to, shown as the pull: a plain
    click on the ship flicks it, a drag aims afresh (the keys' next-lane key had it, the
    mouse seat beside them had to drag precisely)."""

    def snap_to(self, angle: float, power: float) -> None:
        """Show the pull of a lane: a click on the ship, no drag, flicks it."""
        self.snap = (angle, power)
        self.angle, self.power = angle, power

    def press(self, pos: Point, ship: Point) -> bool:
        """The left button went down at `pos`: on (or near) the ship, or elsewhere in
        space, the pull is the ship's, counted from where it was pressed (drawn from the
        ship: `aimview.band_hand`); outside space it is no pull."""
        sx, sy = to_screen(*ship)
        on_ship = math.hypot(pos[0] - sx, pos[1] - sy) <= GRAB_RADIUS
        if not on_ship and not FIELD_RECT.inflate(40, 40).collidepoint(pos):
            return False
        self.active = True
        self.ship = (sx, sy)
        self.grabbed = on_ship
        self.anchor = pos
        self.pull = Pull(self.anchor, pos)
        self.pointer.reset(pos)
        self.motion(pos)
        return True

    def motion(self, pos: Point, fine: bool = False, rel: Point | None = None) -> None:
        """The pointer moved (by `rel`, the mouse's own motion, where known): the band
        stretches from the anchor toward the pointer (a quarter as far with the fine modifier
        held)."""
        if not self.active or self.pull is None:
            return
        self.fine = fine
        self.pull.to(self.pointer.move(pos, fine, rel))
        self.angle = self.pull.angle
        self.power = self.pull.power

    @property
    def hand(self) -> Point:
        """The band's end on the canvas (the pointer, held at full strength's reach)."""
        return self.pull.hand if self.pull is not None else self.anchor

    @property
    def stuck(self) -> bool:
        """Whether the pull waits pinned at the window's edge short of full power, no motion
        of the mouse's own carrying it on (`FinePointer.stuck`)."""
        return self.active and self.pointer.stuck and self.power < 0.999

    @property
    def on_ship(self) -> bool:
        """Whether the pull began on the ship (else it began elsewhere in space)."""
        return self.grabbed

    @property
    def in_dead_zone(self) -> bool:
        """Whether letting go now would cancel."""
        return self.pull is None or self.pull.in_dead_zone

    def release(self, pos: Point, fine: bool = False) -> FlickInput | None:
        """The left button came up: the flick, or None in the dead zone."""
        if not self.active:
            return None
        self.motion(pos, fine)
        self.active = False
        self.too_short = False
        snap, self.snap = self.snap, None
        if self.in_dead_zone and snap is not None and self.on_ship:
            # a plain click on the ship: the snapped lane's pull, as shown
            self.angle, self.power = snap
            return FlickInput(self.seat, *snap)
        if self.in_dead_zone or self.power < MIN_FLICK_POWER:
            self.power = 0.0
            return None
        if self.power < MIN_PULL_POWER:  # past the dead zone but barely moving the ship
            self.power = 0.0
            self.too_short = True
            return None
        return FlickInput(self.seat, self.angle, self.power)


def tap_turn(angle: float, direction: int) -> float:
    """`angle` turned by one tap of left (-1) or right (+1): `TAP_STEP` always (a flick's aim
    and a bomb's alike; no modifier changes it)."""
    return (angle + direction * TAP_STEP) % math.tau


def aim_axes(axis: Point) -> tuple[float, float]:
    """A direction's (turn, lift) for a flick aim: only its main axis counts, so a stick
    turned with a slight tilt up or down does not also change the power (keys give one
    axis at a time anyway)."""
    x, y = axis
    return (x, 0.0) if abs(x) >= abs(y) else (0.0, -y)


class _Driven(Protocol):
    """What `drive`, `hold`, `release_power` and friends work on: a keyboard or pad aim."""

    angle: float
    power: float
    active: bool
    armed: bool
    before: float
    turn_t: float
    lift_t: float
    fire_t: float
    charge_t: float


def drive(aim: _Driven, dt: float, turn: float, fine: bool, lift: float) -> None:
    """One logic step of a keyboard or pad aim: turn by the held direction, raise or lower the
    power by the held up/down (`lift` > 0 is up), each once held past `HOLD_DELAY`; charge
    while fire is held. Holding a direction arms the aim (it shows from then on)."""
    k = FINE if fine else 1.0
    aim.turn_t = _held_for(aim.turn_t, dt) if turn else 0.0
    aim.lift_t = _held_for(aim.lift_t, dt) if lift else 0.0
    if turn or lift:
        aim.armed = True
    # only the time past the hold delay moves anything (a long frame that crosses it counts
    # its part after the delay, so a slow machine's few long frames ramp as many short ones);
    # the turn is the same with Shift held or not (Shift is the keys' fire)
    if turn and aim.turn_t > TURN_DELAY:
        aim.angle = (aim.angle + turn * turn_gain(aim.turn_t, dt)) % math.tau
    if aim.active:
        aim.fire_t += dt
        if aim.fire_t > HOLD_DELAY:  # a tap of fire goes at the power shown
            aim.charge_t += _past(aim.fire_t, dt)
            aim.power = sweep(aim.charge_t)
    elif lift and aim.lift_t > HOLD_DELAY:
        aim.power = min(1.0, max(MIN_FLICK_POWER, aim.power
                                 + lift * k * lift_gain(aim.lift_t, dt)))


def lift_gain(held: float, dt: float) -> float:
    """The power a held up or down adds over a step of `dt` seconds that ends with it held for
    `held`: the accelerating rate (`POWER_RATE`, `POWER_ACCEL`, `POWER_RATE_MAX`) integrated
    over the step's part past the hold delay, so it follows real time at any frame rate."""
    return _ramp(max(0.0, held - HOLD_DELAY)) - _ramp(max(0.0, held - dt - HOLD_DELAY))


def turn_gain(held: float, dt: float) -> float:
    """The turn (radians, at full deflection) a held left or right adds over a step of `dt`
    seconds that ends with it held for `held`: `turn_travel` over the step's part past
    `TURN_DELAY`, so it follows real time at any frame rate."""
    return turn_travel(held) - turn_travel(held - dt)


def turn_travel(held: float) -> float:
    """How far (radians, at full deflection) left or right held for `held` seconds has turned
    the aim beyond its tap's step: nothing up to `TURN_DELAY`, then `AIM_RATE` speeding up
    gently (`AIM_ACCEL`) to at most `AIM_RATE_MAX`."""
    return ramp_travel(max(0.0, held - TURN_DELAY), AIM_RATE, AIM_ACCEL, AIM_RATE_MAX)


def _ramp(t: float, start: float = POWER_RATE, accel: float = POWER_ACCEL,
          top_rate: float = POWER_RATE_MAX) -> float:
    """What a hold adds in its first `t` seconds past the hold delay (`ramp_travel`), the
    power's rates by default."""
    return ramp_travel(t, start, accel, top_rate)


FIRST_HELD_S = HOLD_DELAY
"""The most one frame counts of a direction's hold when it is first seen held (no more than
the hold delay): a tap whose key-up came a slow frame late counted as a hold and turned 10
degrees where the same tap had turned 2.5 (a stranger on a loaded machine). A hold at 5
frames a second is unchanged."""


def _held_for(held: float, dt: float) -> float:
    """How long a direction has been held after this step (`held` before it)."""
    return held + dt if held > 0.0 else min(dt, FIRST_HELD_S)


def _past(held: float, dt: float) -> float:
    """The part of this step's `dt` that falls after the hold delay, for a key held `held`
    seconds by the end of the step."""
    return min(dt, held - HOLD_DELAY)


def press_fire(aim: _Driven) -> None:
    """Fire went down. On a disarmed aim it only arms it (the aim and its preview show, the
    next press goes): one careless press never throws a turn away on an aim nobody set up.
    On an armed aim the meter charges on from the power shown."""
    if not aim.armed:
        aim.armed = True
        return
    aim.active = True
    aim.before = aim.power
    aim.fire_t = 0.0
    aim.charge_t = sweep_time(aim.power)


class _KeyCharge:
    """Fire on a keyboard or pad aim, a flick's or a toss's: press, cancel, disarm."""

    angle: float
    turn_t: float
    lift_t: float
    power: float
    active: bool
    armed: bool
    before: float
    fire_t: float
    charge_t: float

    def hold(self) -> None:
        """Fire went down (see `press_fire`)."""
        press_fire(self)

    def cancel(self) -> None:
        """Let go of a charge without throwing: the power goes back to where it stood."""
        if self.active:
            self.power = self.before
        self.active = False

    def disarm(self) -> None:
        """Another hand took over (the mouse, a pause): the aim hides until touched again."""
        self.cancel()
        self.armed = False


@dataclass
class PadFlick(_KeyCharge, FlickAim):
    """A keyboard or pad flick, aimed as a mouse seat aims: left/right turn the aim, up/down
    set the power (a tap is a small step), and fire flicks. Each decision starts fresh at a
    low power toward a sensible target (`Aims.flick`); a disarmed aim shows no preview and
    fire only arms it (a stranger's aim stayed armed at 78% out of space between flicks, one
    careless press from losing his Hold). Holding fire charges the power up from where it
    is (and back down past full); letting go flicks at the power shown."""

    armed: bool = False
    """Whether the player has touched this aim since the decision began (it shows)."""
    charge_t: float = 0.0
    before: float = 0.0
    """The power shown when the charge began (a cancelled charge goes back to it)."""
    turn_t: float = 0.0
    """How long left or right has been held (smooth turning waits for `HOLD_DELAY`)."""
    lift_t: float = 0.0
    """How long up or down has been held."""
    fire_t: float = 0.0
    """How long fire has been held: a tap flicks at the power shown, a hold charges."""

    def __post_init__(self) -> None:
        if self.power <= 0.0:
            self.power = READY_POWER

    def update(self, dt: float, turn: float, fine: bool = False, lift: float = 0.0) -> None:
        """Once per logic step with the held direction (see `drive`)."""
        drive(self, dt, turn, fine, lift)

    def set_power(self, power: float) -> None:
        """The power, kept between the weakest flick and full."""
        self.power = min(1.0, max(MIN_FLICK_POWER, power))

    def nudge(self, direction: int) -> None:
        """Left or right went down: a small fixed turn now (holding turns on smoothly); on a
        disarmed aim the first tap only shows it where it stands (it showed it turned a
        step: a stranger's first D took a fine lane to "close: may miss")."""
        if self.armed:
            self.angle = tap_turn(self.angle, direction)
        self.armed = True

    def step(self, direction: int, fine: bool = False) -> None:
        """Up (+1) or down (-1) went down: a small fixed step of power now (holding moves
        it on smoothly); a disarmed aim is armed first, where it stands."""
        if self.armed and not self.active:
            self.set_power(self.power + direction * POWER_STEP * (FINE if fine else 1.0))
        self.armed = True

    def release(self) -> FlickInput | None:
        """Fire came up: the flick at the meter's power."""
        if not self.active:
            return None
        self.active = False
        if self.power < MIN_FLICK_POWER:
            return None
        return FlickInput(self.seat, self.angle, self.power)


@dataclass
class TossAim:
    """The Space Bomb in a seat's hand: where it leaves (always legal), aim, strength, spin."""

    seat: int
    device: str
    faction: int
    hand: Point = (0.0, 0.0)
    angle: float = 0.0
    power: float = 0.0
    spin: float = 0.0
    active: bool = False

    def __post_init__(self) -> None:
        self.hand = release_default(self.faction)
        self.angle = toward_centre(*self.hand)

    def move_hand(self, x: float, y: float) -> None:
        """Reach toward (x, y): the hand stops at the edge of the release zone."""
        self.hand = clamp_release(self.faction, x, y)

    def turn_spin(self, notches: int) -> None:
        """Wheel or spin keys: a quarter of the strongest spin per notch, within -1..1."""
        self.spin = min(1.0, max(-1.0, round((self.spin + notches * SPIN_STEP) * 4) / 4))

    def cancel(self) -> None:
        """Let go without tossing."""
        self.active = False
        self.power = 0.0

    def resume(self, last: TossInput | None) -> None:
        """Start from the seat's previous toss (its hand, aim and spin), if any."""
        if last is not None:
            self.move_hand(last.x, last.y)
            self.angle = last.angle
            self.spin = last.spin

    def toss(self) -> TossInput:
        """The toss as it stands."""
        return TossInput(self.seat, self.hand[0], self.hand[1], self.angle, self.power,
                         self.spin)


@dataclass
class MouseToss(TossAim):
    """The hand follows the pointer within the zone; press anywhere and pull back to aim and
    set the strength, let go to toss; the wheel sets the spin, a right click lets go.

    A toss's pull is a flick's: `MAX_PULL` for full power wherever the press starts and
    whichever way it goes, along the toss's own curve (`toss_power`: each pixel moves the
    landing alike). A stranger pressing in the green
    zone by his Base found 14 px was 30% and 45 px MAX, while in space, as the banner asks,
    26 px was 9%: the toss's full pull used to shrink to the nearest edge in any direction.
    Pressing in space leaves room for every toss."""

    anchor: Point = (0.0, 0.0)
    pointer: Point = (0.0, 0.0)
    pull: Pull | None = None
    fine_pointer: FinePointer = field(default_factory=FinePointer)

    @property
    def stuck(self) -> bool:
        """Whether the pull waits pinned at the window's edge short of full power, no motion
        of the mouse's own carrying it on (`FinePointer.stuck`)."""
        return self.active and self.fine_pointer.stuck and self.power < 0.999

    def hover(self, pos: Point) -> None:
        """The pointer moved with no pull: the hand reaches toward it."""
        if not self.active:
            self.move_hand(*to_world(*pos))

    def press(self, pos: Point) -> bool:
        """The left button went down: the pull starts where it was pressed."""
        self.active = True
        self.anchor = pos
        self.pointer = pos
        self.fine_pointer.reset(pos)
        self.pull = Pull(pos, pos)
        self.power = 0.0
        return True

    def motion(self, pos: Point, fine: bool = False, rel: Point | None = None) -> None:
        """The pointer moved (by `rel`, the mouse's own motion, where known): pulling back
        aims the other way (a quarter as far with the fine modifier held)."""
        if not self.active:
            self.hover(pos)
            return
        pos = self.fine_pointer.move(pos, fine, rel)
        self.pointer = pos
        if self.pull is None:
            self.pull = Pull(self.anchor, pos)
        self.pull.to(pos)
        self.angle = self.pull.angle
        self.power = toss_power(self.pull.length)  # (a toss's own curve: `toss_power`)

    def release(self, pos: Point, fine: bool = False) -> TossInput | None:
        """The left button came up: the toss, or None inside the dead zone."""
        if not self.active:
            return None
        self.motion(pos, fine)
        self.active = False
        if math.hypot(self.anchor[0] - self.pointer[0],
                      self.anchor[1] - self.pointer[1]) < DEAD_ZONE:
            self.power = 0.0
            return None
        return self.toss()


@dataclass
class PadToss(_KeyCharge, TossAim):
    """The Space Bomb on a keyboard or pad, aimed as a flick is (one scheme for both: a
    stranger met three): left/right aim, up/down power (a tap a small step), the spin keys
    spin, fire tosses at the power shown (held, it charges on from there). The hand waits
    where the whole bomb shows, behind the Base. It starts disarmed, as a flick does: its
    preview shows, and fire tosses, once the player has touched the aim (a stranger's held
    fire let go at 7% next to his own Base)."""

    armed: bool = False
    """Whether the player has touched this aim since the decision began (it shows)."""
    charge_t: float = 0.0
    before: float = 0.0
    turn_t: float = 0.0
    """How long left or right has been held (smooth turning waits for `HOLD_DELAY`)."""
    lift_t: float = 0.0
    fire_t: float = 0.0

    def __post_init__(self) -> None:
        super().__post_init__()
        self.hand = visible_release(self.faction)
        self.angle, self.power = centre_toss(self.hand)

    def resume(self, last: TossInput | None) -> None:
        """Start from the seat's previous toss's aim, strength and spin (disarmed) when that
        bomb stopped inside space, else aimed to stop in the middle of space; the hand stays
        where the whole bomb shows."""
        if last is None:
            return
        if inside_space(toss_rest(self.hand, last.angle, last.power), TOSS_MARGIN):
            self.angle, self.power, self.spin = last.angle, last.power, last.spin
        else:
            self.angle, self.power = centre_toss(self.hand)
            self.spin = 0.0

    def update(self, dt: float, axis: Point, fine: bool = False) -> None:
        """Once per logic step with the device's direction (see `drive`)."""
        turn, lift = aim_axes(axis)
        drive(self, dt, turn, fine, lift)

    def nudge(self, direction: int) -> None:
        """Left or right went down: a small fixed turn now (holding turns on smoothly); on a
        disarmed aim the first tap only shows it where it stands, as a flick's does."""
        if self.armed:
            self.angle = tap_turn(self.angle, direction)
        self.armed = True

    def step(self, direction: int, fine: bool = False) -> None:
        """Up (+1) or down (-1) went down: a small fixed step of power now."""
        if self.armed and not self.active:
            self.power = min(1.0, max(MIN_FLICK_POWER, self.power + direction * POWER_STEP
                                      * (FINE if fine else 1.0)))
        self.armed = True

    def turn_spin(self, notches: int) -> None:
        """The spin keys: as `TossAim.turn_spin`, and the aim shows."""
        super().turn_spin(notches)
        self.armed = True

    def release(self) -> TossInput | None:
        """Fire came up: the toss at the meter's power."""
        if not self.active:
            return None
        self.active = False
        if self.power < MIN_FLICK_POWER:
            return None
        return self.toss()


def visible_release(faction: int) -> Point:
    """Where a keyboard or pad hand starts: the legal release point whose bomb sits furthest
    inside the window (the default behind a top Base drew it half off the top edge), the
    nearer to `release_default` on a tie."""
    home = release_default(faction)
    cx, cy = corner_of(faction)
    w, h = SCREEN
    best: tuple[float, float, Point] | None = None
    for i in range(-6, 7):
        for j in range(-6, 7):
            p = clamp_release(faction, cx + i * 12.0, cy + j * 12.0)
            sx, sy = to_screen(*p)
            inside = min(sx, sy, w - sx, h - sy, HAND_MARGIN)
            key = (inside, -math.dist(p, home))
            if best is None or key > best[:2]:
                best = (*key, p)
    assert best is not None
    return best[2]


TOSS_MARGIN = 60.0
"""World units a keys toss's starting aim keeps its bomb's resting point inside space."""


def toss_rest(hand: Point, angle: float, power: float) -> Point:
    """Where a spinless toss from `hand` comes to rest, by the bomb's own flight and slide
    (`ai.bomb_reach`, the model the AI aims by)."""
    reach = bomb_reach(power)
    return (hand[0] + math.cos(angle) * reach, hand[1] + math.sin(angle) * reach)


def inside_space(at: Point, margin: float = 0.0) -> bool:
    """Whether `at` is inside space, at least `margin` from every edge."""
    return margin <= at[0] <= FIELD - margin and margin <= at[1] <= FIELD - margin


def centre_toss(hand: Point) -> tuple[float, float]:
    """The (angle, power) of a toss from `hand` whose bomb stops in the middle of space: a
    keys or pad toss's first aim (at a low power it fell beside the thrower's own Base, the
    preview showing a useless spot near the corner)."""
    mid = (FIELD / 2, FIELD / 2)
    return toward_centre(*hand), bomb_power_for(math.dist(hand, mid))


HAND_MARGIN = 26.0
"""Pixels a keyboard hand's bomb keeps from the window's edge where the release zone allows."""


@dataclass
class PlaceCursor:
    """A planet being put back: where its ghost is (world units)."""

    seat: int
    device: str
    planet: int
    pos: Point

    def update(self, dt: float, axis: Point, fine: bool = False) -> None:
        """A keyboard or stick moves the ghost (kept inside space)."""
        ax, ay = axis
        if not ax and not ay:
            return
        k = CURSOR_SPEED * dt * (FINE if fine else 1.0)
        self.point(self.pos[0] + ax * k, self.pos[1] + ay * k)

    def point(self, x: float, y: float) -> None:
        """Put the ghost at (x, y), kept wholly inside space."""
        r = PLANET_RADIUS
        self.pos = (min(max(x, r), FIELD - r), min(max(y, r), FIELD - r))


def pixels_of(units: float) -> float:
    """World units as canvas pixels (for aim lines drawn from a power)."""
    return units * SCALE


@dataclass
class Aims:
    """The acting human's input state while they decide: the flick or toss being pulled or
    charged (one controller per kind of device), the planet being put back, and which device
    last aimed (whose aim the view draws). The scene keeps one, starts it on each new
    decision and feeds it the device's direction each step; it holds no match state."""

    mouse_id: str
    """The input layer's name for the mouse (`game.app.input.MOUSE`)."""
    mouse_aim: MouseFlick | None = None
    pad_aim: PadFlick | None = None
    mouse_toss: MouseToss | None = None
    pad_toss: PadToss | None = None
    device: str = ""
    """The device the acting human last aimed with."""
    place: PlaceCursor | None = None
    place_held: bool = False
    """The mouse picked the planet being placed up (it goes down where the press ends)."""
    last_flick: dict[int, tuple[float, float]] = field(default_factory=dict)
    aimed_from: Point | None = None
    """Where the ship lay when the last flick aim was made (`flick` keeps that aim for the
    same ship where it lies)."""
    aimed_when: tuple[int, ...] = ()
    """Which flick that aim was for (the turn and the flicks made in it): a kept aim is for
    the same flick only."""
    kept_aim: tuple[int, float, float] | None = None
    """The keys aim a decision ended with (seat, angle, power): the next decision of the
    same flick, the ship where it was, starts from it."""
    """Each human seat's previous flick (angle, power): its next aim starts from it (a
    playtester re-found the same aim from scratch every turn)."""
    last_toss: dict[int, TossInput] = field(default_factory=dict)
    """Each human seat's previous Space Bomb toss: the next starts from its hand and aim."""

    def remember(self, inp: FlickInput | TossInput) -> None:
        """A human's flick or toss was made: their next one starts from it."""
        if isinstance(inp, FlickInput):
            self.last_flick[inp.player] = (inp.angle, inp.power)
        else:
            self.last_toss[inp.player] = inp

    def __post_init__(self) -> None:
        if not self.device:
            self.device = self.mouse_id

    @property
    def active(self) -> bool:
        """Whether a flick or toss is being pulled or charged now (an aim in hand)."""
        return any(a is not None and a.active for a in (self.mouse_aim, self.pad_aim,
                                                        self.mouse_toss, self.pad_toss))

    @property
    def pinned(self) -> bool:
        """Whether a mouse pull under way has met the window's edge: the scene reads the mouse
        in relative mode while it is (`FinePointer.pinned`)."""
        return (self.mouse_aim is not None and self.mouse_aim.active
                and self.mouse_aim.pointer.pinned) or (
            self.mouse_toss is not None and self.mouse_toss.active
            and self.mouse_toss.fine_pointer.pinned)

    @property
    def stuck(self) -> bool:
        """Whether a mouse pull under way waits pinned at the window's edge, short of full
        power, with none of the mouse's own motion carrying it on (`FinePointer.stuck`):
        the table says to start the pull in open space."""
        return (self.mouse_aim is not None and self.mouse_aim.stuck) or (
            self.mouse_toss is not None and self.mouse_toss.stuck)

    def cancel(self) -> None:
        """Let go of every pull and charge without flicking; a keyboard or pad aim hides
        until touched again (after a pause, a curtain, a button)."""
        for aim in (self.mouse_aim, self.mouse_toss):
            if aim is not None:
                aim.cancel()
        for pad in (self.pad_aim, self.pad_toss):
            if pad is not None:
                pad.disarm()

    def let_go(self) -> None:
        """The pause menu covered the table (Esc): a pull or a charge under way is let go of
        (a charge's power goes back to what was shown), and nothing else changes: a keyboard
        or pad aim stays armed where the player set it (Esc used to hide it and undo its
        setting, which the pause screen never said)."""
        for aim in (self.mouse_aim, self.mouse_toss):
            if aim is not None:
                aim.cancel()
        for pad in (self.pad_aim, self.pad_toss):
            if pad is not None:
                pad.cancel()

    def clear(self) -> None:
        """No human decision: every controller let go of and dropped; the next decision's
        device is its own seat's (another seat's keys never carry over)."""
        self.cancel()
        aim = self.pad_aim
        if aim is not None:  # (a second clear, with no aim made between, keeps it)
            self.kept_aim = (aim.seat, aim.angle, aim.power)
        self.mouse_aim = self.pad_aim = None
        self.mouse_toss = self.pad_toss = None
        self.place = None
        self.place_held = False
        self.device = self.mouse_id

    def flick(self, seat: int, device: str, ship: Point, toward: float | None = None,
              power: float = READY_POWER, when: tuple[int, ...] = ()) -> None:
        """A flick to aim: the mouse slingshot and the device's turn-and-charge, the latter
        fresh and safe each decision, never the last flick's aim left pointing out of space:
        at a low power toward `toward` (a crystal a straight flick reaches) or, with no such
        crystal, toward the middle of space (a low flick there stays in space), and for a
        keys or pad seat always shown with its dotted path, so fire always means "flick at
        the power shown" (a playtester's Space flicked at once after one crystal and only
        showed the aim after another, as a lane was open or not). A keys aim starts at
        `power` (`READY_POWER` unless only a softer flick there stays in space)."""
        last = self.last_flick.get(seat)
        self.device = device
        self.mouse_aim = MouseFlick(seat, self.mouse_id, last=last)
        kept = self.kept_aim
        if kept is not None and kept[0] == seat and self.aimed_from == ship \
                and self.aimed_when == when:
            # the same flick still to make (a card played between): the aim the player set
            # stays (a stranger's aim and power went back to the start after a card); a
            # later flick from the same spot does not (a stranger's ship, sent back to its
            # Base by a rival's EMP Blast, met the old aim there at MAX power)
            toward, power = kept[1], kept[2]
        self.aimed_from = ship
        self.aimed_when = when
        self.pad_aim = PadFlick(seat, device, angle=toward_centre(*ship) if toward is None
                                else toward, power=power, last=last,
                                armed=device != self.mouse_id)

    def toss(self, seat: int, device: str, faction: int, pointer: Point) -> None:
        """A Space Bomb to toss: the hand waits where the pointer reaches (mouse seats)."""
        self.device = device
        self.mouse_toss = MouseToss(seat, self.mouse_id, faction)
        self.pad_toss = PadToss(seat, device, faction)
        last = self.last_toss.get(seat)
        self.mouse_toss.resume(last)
        self.pad_toss.resume(last)
        if device == self.mouse_id:
            self.mouse_toss.hover(pointer)

    def placing(self, seat: int, device: str, planet: int, spot: Point) -> None:
        """A planet to put down, its ghost starting at `spot`."""
        self.place = PlaceCursor(seat, device, planet, spot)

    def steer(self, dt: float, axis: Point, device: str) -> None:
        """One logic step of a key set's or stick's direction `axis` from `device`: turn
        the flick aim, move the bomb hand, move the planet's ghost; a mouse pull pinned at
        the window's edge counts the time (`FinePointer.wait`)."""
        if self.mouse_aim is not None and self.mouse_aim.active:
            self.mouse_aim.pointer.wait(dt)
        if self.mouse_toss is not None and self.mouse_toss.active:
            self.mouse_toss.fine_pointer.wait(dt)
        if self.pad_aim is not None:
            if axis != (0.0, 0.0) and not self.pad_aim.active:
                self.device = device
            turn, lift = aim_axes(axis)
            self.pad_aim.update(dt, turn, lift=lift)
        if self.pad_toss is not None:
            if axis != (0.0, 0.0) and not self.pad_toss.active:
                self.device = device
            self.pad_toss.update(dt, axis)
        if self.place is not None and axis != (0.0, 0.0):
            self.place.update(dt, axis)


FIRE_DOES = {
    (False, True): "flick",
    (True, True): "toss",
    (False, False): "show aim",
    (True, False): "show aim",
}
"""What the fire key (and the keys' `primary`) does on a keys or pad aim, by (a Space Bomb,
armed): armed it charges and, let go, flicks or tosses at the power shown; disarmed its
first press only shows the aim (`press_fire`). The one source of the hint's fire words: the
banner said "SPACE to aim" here and "SPACE: aim bomb" there while Space threw the bomb on
the next press, and strangers disagreed about which key aimed and which threw."""


def fire_does(bomb: bool, armed: bool, short: bool = False) -> str:
    """The fire key's action now (`FIRE_DOES`); in a short line (larger text) a disarmed
    aim's "show aim" is "show", beside the direction keys' "aim" (the line has no room for
    the next-lane key otherwise)."""
    said = FIRE_DOES[(bomb, armed)]
    return "show" if short and not armed else said


def keys_words(word: Callable[[str, str], str], device: str, bomb: bool = False,
               armed: bool = True, short: bool = False, spin_said: bool = True) -> str:
    """A keyboard's or pad's flick (or Space Bomb) controls in the player's own bindings
    (`word(device, action)`), one scheme for both: the hint and the rules page both say this,
    so neither is written by hand (a stranger met three schemes: Q/E, A/D and hold Shift).
    `spin_said` False leaves the bomb's spin keys to the caller (`spin_words`)."""
    pad = device.startswith("pad")
    turn = "Stick" if pad else f"{word(device, 'left')}/{word(device, 'right')}"
    power = "up/down" if pad else f"{word(device, 'up')}/{word(device, 'down')}"
    spin = f" · {spin_words(word, device)}" if bomb and spin_said else ""
    verb = f": {fire_does(bomb, armed, short)}"
    if short and not pad:
        # (a short line: the banner had no room for the four keys' names, the menu key and
        # the next-lane key; "aim" is the slingshot's turn and power both)
        keys = "ARROWS" if (turn, power) == ("LEFT/RIGHT", "UP/DOWN") else f"{turn} {power}"
        return f"{keys} aim{spin} · {word(device, 'confirm')}{verb}"
    return f"{turn} aim · {power} power{spin} · {word(device, 'confirm')}{verb}"


def lane_words(word: Callable[[str, str], str], device: str, bomb: bool = False,
               short: bool = False) -> str:
    """The next-lane key in the device's own binding: "TAB next lane" ("next target" for the
    Space Bomb: `TableCommands.next_target`; a stranger on the keys could not cycle through
    targets). The banner says it after the menu key, in short words (`short`) where its line
    has no room for it, the rules page with the rest of the keys."""
    if short:  # (a short line: "TAB lanes")
        return f"{word(device, 'back')} " + ("targets" if bomb else "lanes")
    return f"{word(device, 'back')} next " + ("target" if bomb else "lane")


def spin_words(word: Callable[[str, str], str], device: str) -> str:
    """The Space Bomb's spin keys in the device's own binding: "Q/E spin"."""
    return f"{word(device, 'rotate_left')}/{word(device, 'rotate_right')} spin"
