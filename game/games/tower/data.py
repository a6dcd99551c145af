"""Tower Kaboom as data: the 16 blocks, the 25 small towers and the Mega tower, and the table.

Decisions the rulebook leaves open (also in `RULES_NOTES`, which the rules page prints):

- World units are screen-like units of a logical 1280x720 side view: x to the right, **y down**
  (as on screen), gravity `(0, +GRAVITY)`. Angles are radians; a positive angle turns a body
  clockwise on screen (pymunk's convention with y down), so a sprite drawn with
  `pygame.transform.rotate` uses `-degrees(angle)`. 8 units are 1 cm of the real game, so
  `ONE_FOOT` (30.48 cm) is 243.84 units and a small tile is 11 cm wide.
- Gravity is a quarter of real gravity at that scale, so a falling tower reads on screen.
- The table top is the line `y = TABLE_Y` across the whole view. Five tiles lie on it in a row,
  Mega in the middle (slot 2) and two small tiles either side; tiles are flat (no thickness).
  The 25 small tiles are shuffled into a pile; four are dealt onto the pads, then
  `OPEN_SPARES` (4) more face up beside the row, so eight small towers are open. Before the
  sand timer turns, the builder may swap any small pad's tile with a spare, as often as they
  like (the rulebook lays every tile around the Mega; a side view has room for five, so the
  spares are the rest of the choice). A won tile's pad is refilled from the pile; when the pile
  is empty, from the first spare; when both are empty the pad stays empty.
- Catapults stand on the table outside the row: the inner pair 244 units (just over one foot)
  from the nearest tile, the outer pair further out (the third and fourth seats'). They are
  scenery: dice fly over them. Each shot needs `CATAPULT_RELOAD` seconds to load the next die.
- The builder's blocks wait in a tray drawn on the table's front edge (below the table top), in
  two rows right under the row of tiles.
  A block dragged out of the tray enters the table once it is above the table top in free space;
  a block let go over the tray, or knocked off the table, goes back to the tray.
- A held block does not touch dice (the builder may not block or intercept dice).
- A tower scores when, after the table settles at the end of the turn, the blocks resting on
  its tile form one stack in the printed order, bottom first; each block rests only on the one
  below it (the lowest only on the tile, wholly within the tile's edges), each is in the printed
  orientation within `UPRIGHT_TOLERANCE_DEG`, and nothing else rests on the tile or the stack.
  Dice are not blocks: a die on top of a finished tower does not spoil it, but a block resting
  on a die does not rest on the block below.
- A spent die at rest directly on a tile's surface is lifted off the table (the rulebook does
  not say what becomes of a fired die; one lying on a pad was in the builder's way all turn),
  unless a block rests on it. With the optional rule on, it stays instead:
- Optional rule: a die at rest directly on a tile's surface closes that tile for the turn. Only
  a tower that was already complete at that moment can score there, with the same blocks; its
  blocks can no longer be picked up.
- Points: a difficulty formula (`difficulty`) counts blocks and adds instability (tall upright
  pieces, pieces wider than what holds them, a slender whole); `points_for` bands it into 1-6.
  Tests check every printed value against the formula.
- The 16 blocks (3 long beams, 3 short beams, 4 cubes, 2 pillars, 2 arches, 2 roofs) build two
  or three small towers at once, or the Mega tower and a small one, never the whole row.
- Ties at the end of the game are shared wins.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

# ---------------------------------------------------------------------------------------------
# Units and table
# ---------------------------------------------------------------------------------------------

VIEW_W = 1280.0
VIEW_H = 720.0
UNITS_PER_CM = 8.0
ONE_FOOT = 30.48 * UNITS_PER_CM
GRAVITY = 981.0 * UNITS_PER_CM / 4.0
"""Units per second squared, pointing +y (down)."""

TABLE_Y = 600.0
TABLE_LEFT = 0.0
TABLE_RIGHT = VIEW_W
KILL_Y = VIEW_H + 60.0
"""Below this, a body has left the table for good."""
KILL_X = (-80.0, VIEW_W + 80.0)

ROW_SLOTS = 5
MEGA_SLOT = 2
OPEN_SPARES = 4
"""Face-up tiles beside the row: with the four small pads, eight small towers are open."""
SMALL_TILE_W = 92.0
MEGA_TILE_W = 120.0
TILE_GAP = 8.0

UPRIGHT = "upright"
LYING = "lying"
ORIENTATION_ANGLE = {UPRIGHT: 0.0, LYING: math.pi / 2.0}
UPRIGHT_TOLERANCE_DEG = 12.0
"""How far a block may lean from its printed orientation and still count as standing."""


def slot_ranges() -> list[tuple[float, float]]:
    """x-extent of each of the five tile slots on the table top, left to right."""
    widths = [MEGA_TILE_W if i == MEGA_SLOT else SMALL_TILE_W for i in range(ROW_SLOTS)]
    total = sum(widths) + TILE_GAP * (ROW_SLOTS - 1)
    x = VIEW_W / 2.0 - total / 2.0
    out: list[tuple[float, float]] = []
    for w in widths:
        out.append((x, x + w))
        x += w + TILE_GAP
    return out


SLOT_RANGES: list[tuple[float, float]] = slot_ranges()


@dataclass(frozen=True)
class CatapultSlot:
    """Where a catapult stands: base centre x on the table top, and which way it shoots."""

    x: float
    facing: int  # +1 shoots to the right (left-side catapult), -1 to the left
    half_width: float = 22.0
    pivot_height: float = 16.0
    arm_length: float = 30.0

    @property
    def footprint(self) -> tuple[float, float]:
        """x-extent of the catapult's base on the table."""
        return (self.x - self.half_width, self.x + self.half_width)

    @property
    def pivot(self) -> tuple[float, float]:
        """The arm's pivot point."""
        return (self.x, TABLE_Y - self.pivot_height)

    @property
    def launch_point(self) -> tuple[float, float]:
        """Where the die leaves the cup (the arm at its release angle)."""
        px, py = self.pivot
        a = self.release_angle
        return (
            px - self.facing * math.sin(a) * self.arm_length,
            py - math.cos(a) * self.arm_length,
        )

    rest_angle = math.radians(50.0)
    """Arm lean back from vertical (away from the table's middle) while loading: at 70 degrees
    an inner catapult's loaded die sat on the deck of the outer one behind it."""
    release_angle = math.radians(12.0)
    """Arm lean back from vertical when it lets the die go."""


CATAPULT_SLOTS: list[CatapultSlot] = [
    CatapultSlot(114.0, +1),  # left, inner
    CatapultSlot(1166.0, -1),  # right, inner
    CatapultSlot(45.0, +1),  # left, outer
    CatapultSlot(1235.0, -1),  # right, outer
]
"""Seat s fires from slot s all match (rules.MatchState.catapult_layout; a fifth seat takes
the builder's free slot): inner ones first, so two players face each other across the row.
The inner ones stand one foot from the row; an outer one as far out as a mouse's pull to the
screen's edge still fires at full power (`controls.full_pull`), clear of the inner one's
loaded arm as drawn (`catapult_extent`: a stranger saw two on one side overlap, the inner's
die held back in its cup sat on the outer's deck)."""

CATAPULT_DECK = 6.0
"""Units the drawn deck (`art.catapult_base`) reaches beyond a catapult's `half_width`."""


def catapult_extent(slot: CatapultSlot, die: float = 16.0) -> tuple[float, float]:
    """x-extent of a catapult as drawn, loaded: its deck, and its arm leant back at rest with
    a die (`die` units across) in its cup, which holds it out past the arm's tip."""
    back = slot.arm_length * math.sin(slot.rest_angle) + die
    deck = slot.half_width + CATAPULT_DECK
    lo, hi = slot.x - deck, slot.x + deck
    if slot.facing > 0:
        return (min(lo, slot.x - back), hi)
    return (lo, max(hi, slot.x + back))

CATAPULT_RELOAD = 0.6
"""Seconds between two shots of one catapult (loading the next die)."""
MIN_LAUNCH_SPEED = 250.0
MAX_LAUNCH_SPEED = 1350.0
"""Launch speed at power 0 and power 1, units per second."""
MIN_LAUNCH_ANGLE = math.radians(5.0)
MAX_LAUNCH_ANGLE = math.radians(80.0)
"""Elevation limits of a catapult (radians above horizontal, toward the table's middle)."""

DIE_SIZE = 16.0
DIE_DENSITY = 0.03
WOOD_DENSITY = 0.01
WOOD_FRICTION = 0.75
"""Per shape; pymunk multiplies the two frictions, so wood on wood is about 0.56."""
WOOD_ELASTICITY = 0.1
TABLE_FRICTION = 0.9

TRAY_FLOOR_Y = 706.0
"""Bottom line of the front row of blocks waiting in the tray (on the table's front edge)."""
TRAY_ZONE_Y = TABLE_Y + 12.0
"""A hand below this line is over the tray: letting go there returns the block."""

# ---------------------------------------------------------------------------------------------
# Blocks
# ---------------------------------------------------------------------------------------------

Poly = tuple[tuple[float, float], ...]


def _box(w: float, h: float, cx: float = 0.0, cy: float = 0.0) -> Poly:
    return (
        (cx - w / 2, cy - h / 2),
        (cx + w / 2, cy - h / 2),
        (cx + w / 2, cy + h / 2),
        (cx - w / 2, cy + h / 2),
    )


@dataclass(frozen=True)
class BlockShape:
    """A wooden block shape. Geometry is local to its bounding box centre, y down, upright."""

    key: str
    name: str
    width: float
    height: float
    parts: tuple[Poly, ...]
    count: int
    symmetry: float
    """Smallest rotation (radians) that leaves the shape looking the same."""
    orientations: tuple[str, ...]
    top_width: float
    """Width of the flat top other blocks can rest on (0: nothing goes on it), when upright."""
    letter: str
    colour: tuple[int, int, int]

    def size(self, orientation: str) -> tuple[float, float]:
        """(width, height) of the block's bounding box in an orientation."""
        if orientation == LYING:
            return (self.height, self.width)
        return (self.width, self.height)

    def top(self, orientation: str) -> float:
        """Width of the flat top in an orientation."""
        if orientation == LYING:
            return self.height
        return self.top_width


SHAPES: dict[str, BlockShape] = {
    s.key: s
    for s in (
        BlockShape(
            "beam",
            "Long beam",
            16.0,
            84.0,
            (_box(16.0, 84.0),),
            3,
            math.pi,
            (UPRIGHT, LYING),
            16.0,
            "B",
            (196, 140, 82),
        ),
        BlockShape(
            "plank",
            "Short beam",
            16.0,
            48.0,
            (_box(16.0, 48.0),),
            3,
            math.pi,
            (UPRIGHT, LYING),
            16.0,
            "S",
            (238, 204, 142),
        ),
        BlockShape(
            "cube",
            "Cube",
            24.0,
            24.0,
            (_box(24.0, 24.0),),
            4,
            math.pi / 2,
            (UPRIGHT,),
            24.0,
            "C",
            (222, 176, 104),
        ),
        BlockShape(
            "pillar",
            "Pillar",
            18.0,
            44.0,
            (_box(18.0, 44.0),),
            2,
            math.pi,
            (UPRIGHT, LYING),
            18.0,
            "P",
            (132, 84, 52),
        ),
        BlockShape(
            "arch",
            "Arch",
            56.0,
            28.0,
            (
                _box(56.0, 10.0, 0.0, -9.0),
                _box(12.0, 18.0, -22.0, 5.0),
                _box(12.0, 18.0, 22.0, 5.0),
            ),
            2,
            2 * math.pi,
            (UPRIGHT,),
            56.0,
            "A",
            (204, 150, 90),
        ),
        BlockShape(
            "roof",
            "Roof",
            48.0,
            24.0,
            (((-24.0, 12.0), (0.0, -12.0), (24.0, 12.0)),),
            2,
            2 * math.pi,
            (UPRIGHT,),
            0.0,
            "R",
            (184, 82, 58),
        ),
    )
}
BLOCK_COUNT = sum(s.count for s in SHAPES.values())


@dataclass(frozen=True)
class BlockDef:
    """One of the 16 physical blocks: its id, shape and where it waits in the tray."""

    block_id: int
    shape: str
    tray_orientation: str
    tray_pos: tuple[float, float]


TRAY_ROWS: tuple[tuple[str, ...], ...] = (("beam", "plank"), ("pillar", "cube", "arch", "roof"))
"""The tray's two rows, front row last: the long pieces behind, the small ones in front."""
TRAY_ROW_FLOORS = (TRAY_FLOOR_Y - 44.0, TRAY_FLOOR_Y)
TRAY_GAP = 10.0


def _tray() -> tuple[BlockDef, ...]:
    """Every block's place in the tray: two rows under the row of tiles, so the camera that
    frames the tiles frames the tray too. Ids run beams, short beams, pillars, cubes, arches,
    roofs."""
    places: dict[str, list[tuple[str, tuple[float, float]]]] = {}
    for row, floor in zip(TRAY_ROWS, TRAY_ROW_FLOORS, strict=True):
        items: list[tuple[str, str]] = []
        for key in row:
            shape = SHAPES[key]
            orient = LYING if LYING in shape.orientations else UPRIGHT
            items.extend((key, orient) for _ in range(shape.count))
        total = sum(SHAPES[k].size(o)[0] for k, o in items) + TRAY_GAP * (len(items) - 1)
        x = VIEW_W / 2.0 - total / 2.0
        for key, orient in items:
            w, h = SHAPES[key].size(orient)
            places.setdefault(key, []).append((orient, (x + w / 2.0, floor - h / 2.0)))
            x += w + TRAY_GAP
    out: list[BlockDef] = []
    for key in ("beam", "plank", "pillar", "cube", "arch", "roof"):
        for orient, pos in places[key]:
            out.append(BlockDef(len(out), key, orient, pos))
    return tuple(out)


BLOCKS: tuple[BlockDef, ...] = _tray()

# ---------------------------------------------------------------------------------------------
# Towers and tiles
# ---------------------------------------------------------------------------------------------

Piece = tuple[str, str]
"""(shape key, orientation) of one block of a printed tower."""


@dataclass(frozen=True)
class TileDef:
    """A tower tile: the printed tower (bottom first) and the points it scores."""

    tile_id: int
    name: str
    pieces: tuple[Piece, ...]
    points: int
    mega: bool = False

    def needs(self) -> Counter[str]:
        """How many blocks of each shape the tower uses."""
        return Counter(shape for shape, _ in self.pieces)


def difficulty(pieces: tuple[Piece, ...]) -> float:
    """How hard a tower is: one per block, plus tall upright pieces, perches and slenderness."""
    d = float(len(pieces))
    total_h = 0.0
    for i, (key, orient) in enumerate(pieces):
        shape = SHAPES[key]
        w, h = shape.size(orient)
        total_h += h
        d += 0.5 * max(0.0, h / w - 1.0)
        if i > 0:
            below_key, below_orient = pieces[i - 1]
            support = SHAPES[below_key].top(below_orient)
            d += 1.5 * max(0.0, 1.0 - support / w)
    base_w = SHAPES[pieces[0][0]].size(pieces[0][1])[0]
    d += 0.8 * max(0.0, total_h / base_w - 1.0)
    return d


POINT_BANDS = (3.0, 4.3, 5.6, 7.0, 8.6)
"""Difficulty thresholds: below the first is 1 point, at or above the last is 6 points."""


def points_for(d: float) -> int:
    """The points printed on a tile whose tower has difficulty `d`."""
    return 1 + sum(1 for t in POINT_BANDS if d >= t)


U, L = UPRIGHT, LYING
MEGA_TILE_ID = 0


def _t(i: int, name: str, pts: int, *pieces: Piece) -> TileDef:
    return TileDef(i, name, tuple(pieces), pts)


SMALL_TILES: tuple[TileDef, ...] = (
    _t(1, "Bench", 1, ("beam", L), ("cube", U)),
    _t(2, "Hut", 1, ("arch", U), ("roof", U)),
    _t(3, "Twin cubes", 1, ("cube", U), ("cube", U)),
    _t(4, "Cottage", 2, ("plank", L), ("cube", U), ("roof", U)),
    _t(5, "Gatehouse", 2, ("beam", L), ("arch", U), ("roof", U)),
    _t(6, "Bridge", 2, ("arch", U), ("plank", L), ("cube", U)),
    _t(7, "Post", 3, ("pillar", U), ("cube", U)),
    _t(8, "Totem", 2, ("cube", U), ("pillar", U)),
    _t(9, "Signpost", 2, ("beam", L), ("plank", U)),
    _t(10, "Three cubes", 3, ("cube", U), ("cube", U), ("cube", U)),
    _t(11, "Chapel", 2, ("arch", U), ("beam", L), ("roof", U)),
    _t(12, "Table", 3, ("beam", L), ("pillar", U), ("plank", L)),
    _t(13, "Column", 4, ("pillar", U), ("pillar", U)),
    _t(14, "Aqueduct", 1, ("arch", U), ("arch", U)),
    _t(15, "Watchtower", 3, ("plank", L), ("pillar", U), ("roof", U)),
    _t(16, "Stack", 5, ("cube", U), ("plank", L), ("cube", U), ("roof", U)),
    _t(17, "Seesaw", 2, ("beam", L), ("cube", U), ("beam", L)),
    _t(18, "Viaduct", 3, ("arch", U), ("cube", U), ("plank", L), ("cube", U)),
    _t(19, "Lamp", 6, ("pillar", U), ("plank", L), ("pillar", U)),
    _t(20, "Needle", 6, ("beam", U), ("cube", U)),
    _t(21, "Tee", 4, ("plank", U), ("plank", L)),
    _t(22, "Steps", 2, ("beam", L), ("plank", L), ("cube", U), ("cube", U)),
    _t(23, "Belfry", 4, ("arch", U), ("pillar", U), ("plank", L), ("roof", U)),
    _t(24, "Mushroom", 3, ("cube", U), ("arch", U), ("roof", U)),
    _t(25, "Temple", 5, ("beam", L), ("arch", U), ("plank", L), ("pillar", U), ("roof", U)),
)

MEGA_TILE = TileDef(
    MEGA_TILE_ID,
    "Mega Tower",
    (
        ("beam", L),
        ("arch", U),
        ("beam", L),
        ("cube", U),
        ("cube", U),
        ("plank", L),
        ("pillar", U),
        ("plank", L),
        ("arch", U),
        ("roof", U),
    ),
    0,
    mega=True,
)
"""Scores no points; standing at the end of the builder's turn, it wins the whole game."""

TILES: dict[int, TileDef] = {t.tile_id: t for t in (*SMALL_TILES, MEGA_TILE)}

SAID_WITH_TOWER = frozenset({"Table"})
"""Tile names a sentence could take for the table the game is played on: said "the Table
tower" (a stranger read "Ben's die knocked the pillar off the Table" as the furniture)."""


def tower_words(tile_id: int) -> str:
    """A tile's tower in a sentence: "the Signpost", "the Table tower", "the Mega tower"."""
    tile = TILES[tile_id]
    if tile.mega:
        return "the Mega tower"
    return f"the {tile.name} tower" if tile.name in SAID_WITH_TOWER else f"the {tile.name}"


def said_as_tower(said: str, tile_id: int) -> str:
    """A sentence about one tile's tower (the rules' verdicts: "nothing was built on the
    Table") with a name the table could be taken for said as a tower ("on the Table tower")."""
    name = TILES[tile_id].name
    if name not in SAID_WITH_TOWER:
        return said
    return re.sub(rf"\b{re.escape(name)}\b(?! tower)", f"{name} tower", said)
SMALL_TILE_IDS: tuple[int, ...] = tuple(t.tile_id for t in SMALL_TILES)
INVENTORY: Counter[str] = Counter({k: s.count for k, s in SHAPES.items()})


def fits(tiles: list[TileDef] | tuple[TileDef, ...]) -> bool:
    """Whether the 16 blocks are enough to build all these towers at once."""
    need: Counter[str] = Counter()
    for t in tiles:
        need.update(t.needs())
    return all(need[k] <= INVENTORY[k] for k in need)


RULES_NOTES: list[str] = [
    "The table is seen from the side: five tiles lie in a row, the Mega tile in the middle.",
    f"Four small tiles are dealt onto the pads from a shuffled pile of 25, and {OPEN_SPARES} "
    "more lie face up beside the row: eight small towers to choose from.",
    "Your choice: before you turn the sand timer, swap any small pad's tile with a spare, as "
    "often as you like (the Mega tile stays in the middle). Once the timer runs, tiles stay put.",
    "A won tile's pad is refilled from the pile. When the pile runs out, it is refilled from "
    "the spares; when the spares run out too, the pad stays empty: fewer towers are left to "
    "build, and the match still ends after the last round.",
    "Catapults stand at least one foot (30 cm) from the nearest tile.",
    "16 blocks: 3 long beams, 3 short beams, 4 cubes, 2 pillars, 2 arches, 2 roofs.",
    "Drag a block out of the tray and stack it; let go over the tray to put it back. A block "
    "let go where a tower wants another one (a cube on a short beam's spot) goes back to the "
    "tray, and a note says which block that spot needs.",
    "A block you are holding does not stop dice: the builder may not block them.",
    "When the sand runs out everyone stops: a block still in the builder's hand goes back to "
    "the tray and does not count.",
    "A block knocked off the table goes back to the tray; a die that leaves it is spent.",
    "A tower scores when, after the table settles, its blocks stand on its tile in the printed "
    "order, each resting only on the one below, each upright or lying as printed "
    f"(within {UPRIGHT_TOLERANCE_DEG:.0f} degrees), with no other block resting on it or under "
    "it; a loose block lying beside it on the tile does not spoil it.",
    "Dice are not blocks: a die resting on a finished tower does not spoil it.",
    "Points grow with difficulty: more blocks, tall upright pieces, pieces wider than their "
    "support and slender towers are worth more (1 to 6 points).",
    "The Mega tower scores nothing, but if it stands at the end of your turn you win at once.",
    f"Each catapult needs {CATAPULT_RELOAD:.1f} s to load its next die.",
    "A spent die that comes to rest on a pad is lifted off the table a moment later, so it is "
    "never in the builder's way (unless a block rests on it: then it stays). With the closing "
    "rule on, it stays and closes the tile instead.",
    "Optional rule: a die at rest on a tile closes it; only a tower finished before that can "
    "score there, and its blocks can no longer be picked up.",
    "Equal highest totals share the win; when nobody has scored a point, nobody wins.",
]


def row_shortage(row: Sequence[int | None]) -> tuple[str, int, int] | None:
    """(kind, needed, in the tray) for the kind the row's towers, the Mega left out, need more
    of together than the 16 blocks hold (the most short of), None when every tower of the row
    can stand at once. A stranger's row asked for four arches of the tray's two; he found out
    mid-build, when the get-ready screen, the one moment a tile can still be swapped, could
    have said so."""
    need: Counter[str] = Counter()
    for tid in row:
        if tid is not None and not TILES[tid].mega:
            need.update(kind for kind, _ in TILES[tid].pieces)
    have = Counter(b.shape for b in BLOCKS)
    short = [(need[k] - have[k], k) for k in need if need[k] > have[k]]
    if not short:
        return None
    _, kind = max(short)
    return kind, need[kind], have[kind]
