"""Tower Kaboom rules, pure Python: the match, its turns, dice, tiles, judging and scoring.

No pygame, no pymunk. The physics world reports what stands on each tile as plain data
(`TableView`); these rules judge it. Every move is an `Action` taken through `apply` (the kit's
one rules shape, `game.core.rules`), which returns `None` when it is taken and a `Rejected` value
when not, so the UI, the AI, replays and tests share one way in. Every random stream comes
from the match seed through `derive_seed`: the tile pile's `random.Random` ("tiles"), each
turn's physics seed ("turn") and each AI seat's seed per turn ("ai"). The match saves to plain
dicts.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from game.core.moves import Rejected as Rejected  # the games' shared refusal
from game.core.rng import derive_rng, derive_seed
from game.core.voice import count
from game.games.tower.data import (
    CATAPULT_SLOTS,
    MEGA_SLOT,
    MEGA_TILE_ID,
    ONE_FOOT,
    OPEN_SPARES,
    ORIENTATION_ANGLE,
    ROW_SLOTS,
    SHAPES,
    SLOT_RANGES,
    SMALL_TILE_IDS,
    TILES,
    UPRIGHT,
    UPRIGHT_TOLERANCE_DEG,
    CatapultSlot,
    Piece,
    TileDef,
)

PLAYERS_MIN = 2
PLAYERS_MAX = 5
DICE_PER_SABOTEUR: dict[int, int] = {2: 8, 3: 4, 4: 3, 5: 2}
"""Ammunition dice each saboteur gets, by the number of players."""
TURN_SECONDS = 30.0
DEFAULT_ROUNDS = 3

TABLE = -1
"""`BlockView.rests_on` marker: the block rests on the table (or a tile on it)."""
DIE = -2
"""`BlockView.rests_on` marker: the block rests on an ammunition die."""

STILL_SPEED = 12.0
"""Units per second: a block moving faster than this at judging is still falling."""
ANGLE_TOLERANCE = math.radians(UPRIGHT_TOLERANCE_DEG)
EDGE_TOLERANCE = 1.5
"""Units a bottom block's contact may stray past its tile's edge (contact slop)."""

#: The version of the dict `MatchState.to_dict` writes (a save's own version is savefmt's).
STATE_VERSION = 2



class Phase(StrEnum):
    """Where a match is: between turns, building, settling after the timer, or over."""

    READY = "ready"
    BUILDING = "building"
    SETTLING = "settling"
    OVER = "over"


@dataclass(frozen=True)
class Options:
    """Match options: players, rounds (rulebook recommends 3), the optional closing rule, timer."""

    players: int
    rounds: int = DEFAULT_ROUNDS
    closing_rule: bool = False
    turn_seconds: float = TURN_SECONDS

    def __post_init__(self) -> None:
        if not PLAYERS_MIN <= self.players <= PLAYERS_MAX:
            raise ValueError(f"players must be {PLAYERS_MIN}-{PLAYERS_MAX}")
        if self.rounds < 1:
            raise ValueError("rounds must be >= 1")
        if self.turn_seconds <= 0:
            raise ValueError("turn_seconds must be > 0")

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form."""
        return {
            "players": self.players,
            "rounds": self.rounds,
            "closing_rule": self.closing_rule,
            "turn_seconds": self.turn_seconds,
        }

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Options:
        """Inverse of `to_dict` (missing keys take defaults)."""
        return Options(
            players=int(d["players"]),
            rounds=int(d.get("rounds", DEFAULT_ROUNDS)),
            closing_rule=bool(d.get("closing_rule", False)),
            turn_seconds=float(d.get("turn_seconds", TURN_SECONDS)),
        )


# ---------------------------------------------------------------------------------------------
# Judging input: what the world sees on the table, as plain data
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BlockView:
    """One block as the judge sees it.

    `rests_on` lists what carries its weight: other block ids, `TABLE`, `DIE`. `table_span` is
    the x-extent of its contact with the table top (None when it does not touch the table).
    """

    block_id: int
    shape: str
    angle: float
    rests_on: tuple[int, ...]
    table_span: tuple[float, float] | None = None
    speed: float = 0.0
    held: bool = False
    position: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class TileView:
    """The blocks on one tile slot: those resting on its surface and everything resting on them."""

    slot: int
    tile_id: int | None
    x_range: tuple[float, float]
    blocks: tuple[BlockView, ...] = ()


@dataclass(frozen=True)
class TableView:
    """What stands on each of the row's slots at one moment."""

    tiles: tuple[TileView, ...]

    def tile(self, slot: int) -> TileView:
        """The view of one slot."""
        for t in self.tiles:
            if t.slot == slot:
                return t
        raise KeyError(slot)


@dataclass(frozen=True)
class TileJudgement:
    """The verdict on one tile: scored or not (with why), and how far its tower has got.

    `progress` counts blocks from the bottom that are right (shape, orientation, support);
    `stack` lists their ids; `extra` counts other blocks on the tile or the stack.
    """

    slot: int
    tile_id: int
    scored: bool
    reason: str
    progress: int
    stack: tuple[int, ...]
    extra: int
    found: str = ""
    """Shape key of the block that broke the tower ("wrong order", "toppled"), or of the one
    block at the bottom of a tile that holds no tower ("not on the tile", "not one stack": the
    right block there is named, never said to be missing), else ""."""
    found_angle: float | None = None
    """The body angle (radians) of the `found` block, None if not known: what "toppled" says
    is wrong with it (tilted, upside down, on its side, on end)."""
    bottom_on_die: bool = False
    """The bottom block rests partly on a die (so not flat on its tile)."""
    leaning: str = ""
    """Shape key of the one other block on the tile that leans on the bottom block with an end
    on the table (a tipped arch on its cube), else ""."""

    @property
    def complete(self) -> bool:
        """The whole tower is there and nothing else (it may still be moving)."""
        return self.progress == len(TILES[self.tile_id].pieces) and self.extra == 0


def angle_matches(angle: float, orientation: str, symmetry: float) -> bool:
    """Whether a body angle shows the printed orientation, given the shape's symmetry."""
    target = ORIENTATION_ANGLE[orientation]
    diff = (angle - target) % symmetry
    return min(diff, symmetry - diff) <= ANGLE_TOLERANCE


def piece_matches(block: BlockView, piece: Piece) -> bool:
    """Whether a block is the printed piece: same shape, in its orientation."""
    shape, orientation = piece
    if block.shape != shape:
        return False
    return angle_matches(block.angle, orientation, SHAPES[shape].symmetry)


def _on_tile(span: tuple[float, float] | None, x_range: tuple[float, float]) -> bool:
    if span is None:
        return False
    return span[0] >= x_range[0] - EDGE_TOLERANCE and span[1] <= x_range[1] + EDGE_TOLERANCE


def _chain(view: TileView, base: BlockView) -> list[BlockView]:
    """The stack up from `base`: each block the only one resting on the one below, on it alone."""
    chain = [base]
    while True:
        below = chain[-1].block_id
        # A block with its own foot on the table only leans on the tower: it is not stacked on
        # it (a stray block fallen beside a tower voided it, session 7/10 playtests).
        above = [b for b in view.blocks if below in b.rests_on and TABLE not in b.rests_on]
        if len(above) != 1 or above[0].rests_on != (below,) or above[0] in chain:
            return chain
        chain.append(above[0])


def _right(tile: TileDef, chain: list[BlockView]) -> int:
    """How many blocks from the bottom of `chain` are the tile's printed pieces."""
    n = 0
    for b, piece in zip(chain, tile.pieces, strict=False):
        if b.held or not piece_matches(b, piece):
            break
        n += 1
    return n


def _loose(view: TileView, chain: list[BlockView]) -> set[int]:
    """Blocks on the tile that are not carried by the tower `chain`: neither resting on it nor
    on a block that does (a block knocked onto the pad and lying beside the tower). A block
    with a foot on the table is carried by the table, even when it leans on the tower (the
    rulebook judges the tower stacked from its tile up, not what leans on its side)."""
    touching = {b.block_id for b in chain}
    grew = True
    while grew:
        grew = False
        for b in view.blocks:
            if b.block_id not in touching and TABLE not in b.rests_on \
                    and any(r in touching for r in b.rests_on):
                touching.add(b.block_id)
                grew = True
    return {b.block_id for b in view.blocks if b.block_id not in touching}


def judge_tile(
    tile: TileDef,
    view: TileView,
    *,
    closed: bool = False,
    closed_with: tuple[int, ...] | None = None,
) -> TileJudgement:
    """Judge one tile: one stack, printed order and orientation, each on the one below, still.

    A closed tile (optional rule) scores only with the very tower that stood when it closed.
    """
    blocks = {b.block_id: b for b in view.blocks}

    def verdict(
        scored: bool, reason: str, progress: int, stack: tuple[int, ...], found: str = "",
        angle: float | None = None, on_die: bool = False, leaning: str = "",
    ) -> TileJudgement:
        return TileJudgement(
            view.slot, tile.tile_id, scored, reason, progress, stack, len(blocks) - progress,
            found, angle, on_die, leaning,
        )

    if not blocks:
        return verdict(False, "empty", 0, ())
    bases = [b for b in view.blocks if TABLE in b.rests_on]
    chain: list[BlockView] = []
    flat = [b for b in bases if b.rests_on == (TABLE,) and _on_tile(b.table_span, view.x_range)]
    if len(bases) == 1 and flat:
        chain = _chain(view, flat[0])
    elif len(bases) > 1 and flat:
        # Another block lies on the pad too (a wreck from the tower beside it, a block set
        # down there): the rulebook asks only that the tower stand in order on its tile, so
        # the tower is the stack that stands best; blocks resting on it spoil it, loose ones
        # lying beside it do not (session 30: Three cubes stood and scored nothing), nor do
        # blocks with a foot on the table that lean on its side.
        best = max((_chain(view, b) for b in flat), key=lambda c: (_right(tile, c), len(c)))
        loose = _loose(view, best)
        if _right(tile, best) > 0 and all(b is best[0] or b.block_id in loose for b in bases):
            chain = best
    if chain:
        loose = _loose(view, chain)
        if loose:
            blocks = {i: b for i, b in blocks.items() if i not in loose}
    progress = 0
    mismatch = ""
    found = ""
    found_angle: float | None = None
    for i, b in enumerate(chain):
        if i >= len(tile.pieces):
            mismatch = "too many blocks"
            break
        if b.held:
            mismatch = "block still held"
            break
        if not piece_matches(b, tile.pieces[i]):
            mismatch = "toppled" if b.shape == tile.pieces[i][0] else "wrong order"
            found = b.shape
            found_angle = b.angle
            break
        progress += 1
    stack = tuple(b.block_id for b in chain[:progress])
    if not chain:
        reason = "not one stack" if len(bases) > 1 else "not on the tile"
        # The block at the bottom, named (a stranger read "needs a cube at the bottom" with a
        # cube there, a die wedged under it): the first piece's kind if one of the blocks on
        # the tile is of it, else the one block there.
        first = tile.pieces[0][0]
        right = [b for b in bases if b.shape == first]
        # Of several, the one nearest to starting the tower: flat on the tile, then as printed.
        right.sort(key=lambda b: (b not in flat, not piece_matches(b, tile.pieces[0])))
        at_bottom = right[0] if right else (bases[0] if len(bases) == 1 else None)
        if at_bottom is None:
            # Several blocks lie on the tile and none is the bottom piece: what the tower
            # lacks is its bottom block, not "one stack" (loose blocks beside a tower do not
            # spoil it: the rulebook asks only for the tower, in order, on its tile).
            lying = flat[0] if flat else bases[0]
            return verdict(False, "wrong order", 0, (), lying.shape, lying.angle)
        if len(bases) > 1 and at_bottom in flat and not piece_matches(at_bottom, tile.pieces[0]):
            # The right block is flat on the tile but fallen over or tilted, other blocks lying
            # beside it: that is what keeps the tower from standing (a stranger's pillar lay on
            # its side among the wreck and the verdict blamed "another block beside it").
            return verdict(False, "toppled", 0, (), at_bottom.shape, at_bottom.angle)
        if len(bases) > 1 and at_bottom not in flat:
            reason = "not on the tile"
        # A block with an end on the table that leans on the bottom block spoils the tower.
        leaners = [b for b in bases if b is not at_bottom and at_bottom.block_id in b.rests_on]
        lean = leaners[0].shape if leaners else ""
        return verdict(False, reason, 0, (), at_bottom.shape, at_bottom.angle,
                       DIE in at_bottom.rests_on, lean)
    if mismatch:
        return verdict(False, mismatch, progress, stack, found, found_angle)
    if progress < len(tile.pieces):
        reason = "not one stack" if len(blocks) > progress else "unfinished"
        return verdict(False, reason, progress, stack)
    if len(blocks) > progress:
        return verdict(False, "not one stack", progress, stack)
    if any(b.speed > STILL_SPEED for b in chain):
        return verdict(False, "still moving", progress, stack)
    if closed and closed_with != stack:
        return verdict(False, "tile closed", progress, stack)
    return verdict(True, "standing", progress, stack)


def _a(name: str) -> str:
    """A block's name with its article: "a cube", "an arch"."""
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def refused_words(tile_id: int, shape: str, needed: str) -> str:
    """Why a block let go at a tower's next spot went back to the tray (`BlockRefused`): "That
    spot needs the short beam, not a cube"; "The Stack is finished: nothing more goes on it"."""
    if not needed:
        tile = TILES[tile_id]
        name = "The Mega tower" if tile.mega else f"The {tile.name}"
        return f"{name} is finished: nothing more goes on it"
    return (f"That spot needs the {SHAPES[needed].name.lower()}, "
            f"not {_a(SHAPES[shape].name.lower())}")


def _piece_words(piece: Piece) -> str:
    """"a cube", "a long beam lying flat", "a pillar standing up"."""
    shape, orientation = piece
    name = SHAPES[shape].name.lower()
    article = "an" if name[0] in "aeiou" else "a"
    if len(SHAPES[shape].orientations) < 2:
        return f"{article} {name}"
    how = "standing up" if orientation == UPRIGHT else "lying flat"
    return f"{article} {name} {how}"


def off_by(angle: float, piece: Piece) -> float:
    """Degrees a block at body `angle` is off the printed piece's orientation (0-180, by the
    shape's symmetry: a cube is never more than 45 off, a roof may be 180 off)."""
    shape, orientation = piece
    sym = SHAPES[shape].symmetry
    diff = (angle - ORIENTATION_ANGLE[orientation]) % sym
    return math.degrees(min(diff, sym - diff))


def _off_level(piece: Piece, angle: float | None = None) -> str:
    """What is wrong with the right block, in place but at the wrong angle, as the screen
    shows it: "is upside down: it must stand on its legs", "has fallen over: it must stand
    up", "stands on end: it must lie flat", "is tilted 20°: it may lean 12° at most (a die
    under it?)". A stranger's arch lay level, upside down, and was called "tilted"."""
    shape, orientation = piece
    kind = SHAPES[shape]
    off = 0.0 if angle is None else off_by(angle, piece)
    if angle is not None and kind.symmetry > math.pi and off >= 135.0:
        how = "stand on its legs" if shape == "arch" else "point up"
        return f"is upside down: it must {how}"
    if angle is not None and off >= 60.0:
        if len(kind.orientations) < 2:
            how = "stand on its legs" if shape == "arch" else "point up"
            return f"lies on its side: it must {how}"
        if orientation == UPRIGHT:
            return "has fallen over: it must stand up"
        return "stands on end: it must lie flat"
    tilt = f" {round(off)}°" if angle is not None and round(off) > UPRIGHT_TOLERANCE_DEG else ""
    most = f"it may lean {UPRIGHT_TOLERANCE_DEG:g}° at most" if tilt else ""
    if len(kind.orientations) < 2:
        return f"is tilted{tilt}: {most or 'it must sit level'} (a die under it?)"
    if orientation == UPRIGHT:
        return f"leans{tilt}: {most or 'it must stand up'}" if tilt else \
            "leans or has fallen: it must stand up"
    return f"is tilted{tilt}: {most or 'it must lie flat'} (a die under it?)"


def _bottom_wrong(j: TileJudgement) -> str:
    """What keeps a right bottom block from starting the tower when no tower stands on it:
    "rests on a die: pick it up off the die and the die is cleared away", "has another block
    leaning on it: the tower must be one stack", "sticks out over the tile's edge"."""
    if j.bottom_on_die:
        # A stranger read "it must sit flat on the tile" as "this tile is closed": by default
        # a spent die on a pad is cleared away as soon as no block rests on it.
        return "rests on a die: pick it up off the die and the die is cleared away"
    if j.reason == "not one stack" and j.leaning:
        # A tipped arch with one foot on the table and its bar on the cube: it is there, tipped.
        return (f"has {_a(SHAPES[j.leaning].name.lower())} leaning on it with one end on the "
                "table: the tower must be one stack")
    if j.reason == "not one stack":
        # Only a block that touches the tower spoils it; one lying beside it does not.
        return "has another block leaning on it: the tower must be one stack"
    # In plain words (a stranger read "is not wholly on the tile (over its edge, or on
    # another block)"): it hangs off its tile, the one way a lone bottom block fails here.
    return "hangs off its tile"


def reads_plural(tile: TileDef) -> bool:
    """Whether a tile's name takes a plural verb ("the Twin cubes go", "the Steps need")."""
    return not tile.mega and tile.name.endswith("s") and not tile.name.endswith("ss")


def explain(j: TileJudgement) -> str:
    """Why a tile did not score, in a player's words ("the Post needs a pillar, not a short
    beam"); "" when it scored."""
    if j.scored:
        return ""
    tile = TILES[j.tile_id]
    name = "the Mega tower" if tile.mega else f"the {tile.name}"
    many = reads_plural(tile)

    def verb(one: str, more: str) -> str:
        return more if many else one

    # "the Steps' bottom block", never "the Steps's" (a playtester read it).
    own = f"{name}'" if name.endswith("s") else f"{name}'s"
    piece = next_piece(tile, j.progress)
    reason = j.reason
    if reason == "wrong order" and piece is not None and j.found:
        found = SHAPES[j.found].name.lower()
        wanted = SHAPES[piece[0]].name.lower()
        where = "at the bottom" if j.progress == 0 else f"as block {j.progress + 1}"
        return f"{name} {verb('needs', 'need')} {_a(wanted)} {where}, not {_a(found)}"
    if reason == "toppled" and piece is not None:
        # The right block in the right place, only not level (or not upright): say so, not
        # "needs a long beam lying flat at the bottom" (a stranger's beam was there, tilted by
        # a die under it).
        where = "at the bottom" if j.progress == 0 else f"as block {j.progress + 1}"
        return (f"{own} {SHAPES[piece[0]].name.lower()} {where} "
                f"{_off_level(piece, j.found_angle)}")
    if reason in ("not one stack", "not on the tile") and j.progress == 0 and piece is not None \
            and j.found == piece[0]:
        # The right block is at the bottom: say what else is wrong, never that it is missing.
        kind = SHAPES[piece[0]].name.lower()
        if j.bottom_on_die:
            # What to do, naming the block (a stranger read "the Tee's short beam at the
            # bottom rests on a die: lift it off and the die is cleared" of a beam toppled onto
            # a die beside the pad and did not know what to do).
            return f"pick {own} {kind} up off the die: the die is then cleared away"
        return f"{own} {kind} at the bottom {_bottom_wrong(j)}"
    if reason == "unfinished" and piece is not None:
        return f"{name} still {verb('needs', 'need')} {_piece_words(piece)} on top"
    if reason == "too many blocks":
        return (f"{name} {verb('has', 'have')} too many blocks: "
                f"{verb('it takes', 'they take')} {len(tile.pieces)}")
    if reason == "not one stack" and j.progress > 0:
        return f"{name} must be one stack: lift off the block resting on it"
    if reason == "not one stack":
        return f"{name} must be one stack, with no other block leaning on it"
    if reason == "not on the tile":
        return f"{own} bottom block must stand wholly on its tile"
    if reason == "still moving":
        return f"{name} {verb('was', 'were')} still falling when the table settled"
    if reason == "tile closed":
        return f"a die closed {own} tile before the tower was finished"
    if reason == "block still held":
        return f"{own} top block was still in the hand"
    if reason == "empty":
        return f"nothing was built on {name}"
    return f"{name}: {reason}"


def standing_note(j: TileJudgement, fell: bool = False) -> str:
    """Why a tower that stands on its tile scored nothing, for the scoreboard, its owner's
    name to go before it: "Lamp stands, but needs a short beam lying flat on top: no points".
    "" when it scored or nothing stands there (a stranger saw a tower stand and could
    not tell why it earned nothing)."""
    if j.scored or (j.progress == 0 and j.extra == 0) or j.reason in ("empty", ""):
        return ""
    tile = TILES[j.tile_id]
    many = reads_plural(tile)

    def verb(one: str, more: str) -> str:
        return more if many else one

    piece = next_piece(tile, j.progress)
    reason = j.reason
    name = "Mega Tower" if tile.mega else tile.name
    if j.progress == 0:
        # No right block at the bottom: rubble or a stray block, not a tower that stands (a
        # stranger read "Ben's Mega Tower on pad 3 stands" for an arch left on its pad).
        what = (_a(SHAPES[j.found].name.lower()) if j.extra <= 1 and j.found
                else count(j.extra, "stray block"))
        # The right block at the bottom, only wrong where it is: "Bench's bottom long beam
        # hangs off its tile" (a stranger read "Ben's Bench's pad has its long beam at the
        # bottom, but it is not wholly on the tile (over its edge, or on another block)").
        bottom = f"{name}' bottom" if name.endswith("s") else f"{name}'s bottom"
        if reason == "toppled" and piece is not None and j.found == piece[0]:
            return (f"{bottom} {SHAPES[piece[0]].name.lower()} "
                    f"{_off_level(piece, j.found_angle)}")
        if reason in ("not one stack", "not on the tile") and piece is not None \
                and j.found == piece[0]:
            # A stranger read "needs a cube at the bottom" with the cube there.
            return f"{bottom} {SHAPES[piece[0]].name.lower()} {_bottom_wrong(j)}"
        first = (f": the {name} {verb('needs', 'need')} {_piece_words(piece)} at the bottom"
                 if piece else "")
        return f"{_pad_of(name)} holds only {what}, no tower{first}"
    if reason == "wrong order" and piece is not None and j.found:
        where = "at the bottom" if j.progress == 0 else f"as block {j.progress + 1}"
        why = (f"{verb('needs', 'need')} {_a(SHAPES[piece[0]].name.lower())} {where}, "
               f"not {_a(SHAPES[j.found].name.lower())}")
    elif reason == "toppled" and piece is not None:
        kind = SHAPES[piece[0]].name.lower()
        why = f"{'their' if many else 'its'} {kind} {_off_level(piece, j.found_angle)}"
    elif reason == "unfinished" and piece is not None:
        # How much of it stands first: a stranger read "Ben's Mushroom stands, but still
        # needs an arch" over a heap of rubble with only its stem up.
        # "standing" only when placed blocks fell (`fell`); blocks never placed were not
        # built (a stranger read "only 2 of 4 blocks standing" of a tower he had left).
        state = "standing" if fell else "built"
        return (f"{name} {verb('has', 'have')} only {j.progress} of {len(tile.pieces)} "
                f"blocks {state}, and still {verb('needs', 'need')} {_piece_words(piece)} "
                "on top: no points")
    elif reason == "too many blocks":
        why = f"{verb('has', 'have')} too many blocks ({len(tile.pieces)} make the tower)"
    elif reason == "not one stack":
        why = ("must be one stack, with no other block resting on it" if j.progress > 0
               else "must be one stack, with no other block leaning on it")
    elif reason == "not on the tile":
        why = "must stand wholly on the tile"
    elif reason == "still moving":
        why = f"{verb('was', 'were')} still falling when the table settled"
    elif reason == "tile closed":
        why = "lost its tile: a die closed it before the tower was finished"
    elif reason == "block still held":
        why = "had its top block still in the hand"
    else:
        why = reason
    return f"{name} {verb('stands', 'stand')}, but {why}: no points"


def _pad_of(name: str) -> str:
    """"Lamp's pad" (after its owner: "Your Lamp's pad"): the pads carry no numbers on the
    table, their tiles' names do (a stranger read "pad 4" and looked for a number)."""
    return f"{name}' pad" if name.endswith("s") else f"{name}'s pad"


def next_piece(tile: TileDef, progress: int) -> Piece | None:
    """The printed piece to place next on a tower with `progress` right blocks (None if done)."""
    return tile.pieces[progress] if progress < len(tile.pieces) else None


# ---------------------------------------------------------------------------------------------
# Catapults
# ---------------------------------------------------------------------------------------------


def catapult_clearance(slot: CatapultSlot, row: list[tuple[float, float]] | None = None) -> float:
    """Distance from a catapult's base to the nearest tile of the row (units)."""
    ranges = SLOT_RANGES if row is None else row
    lo, hi = slot.footprint
    best = math.inf
    for x0, x1 in ranges:
        if hi <= x0:
            gap = x0 - hi
        elif lo >= x1:
            gap = lo - x1
        else:
            gap = 0.0
        best = min(best, gap)
    return best


def catapult_legal(slot: CatapultSlot, row: list[tuple[float, float]] | None = None) -> bool:
    """The rulebook's constraint: at least one foot from the closest tower tile."""
    return catapult_clearance(slot, row) >= ONE_FOOT


# ---------------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnResult:
    """What a finished turn did: verdicts, tiles won and replaced, a Mega win, game over."""

    turn: int
    builder: int
    judgements: tuple[TileJudgement, ...]
    won_tiles: tuple[int, ...]
    points: int
    replaced: dict[int, int | None]
    mega: bool
    game_over: bool


# ---------------------------------------------------------------------------------------------
# Actions: the kit's one rules shape (`game.core.rules.Rules`)
# ---------------------------------------------------------------------------------------------

TABLE = -1
"""The seat of the table's own moves: the sand timer, a die closing a tile, the judged table."""


@dataclass(frozen=True)
class Action:
    """A move of the match; `player` takes it (`TABLE` for the table's own)."""

    player: int


@dataclass(frozen=True)
class ChooseTile(Action):
    """The builder swaps pad `slot`'s tile with spare `spare` (before the sand timer turns)."""

    slot: int
    spare: int


@dataclass(frozen=True)
class StartTurn(Action):
    """The builder turns the sand timer: building starts, saboteurs get their dice."""


@dataclass(frozen=True)
class EndBuilding(Action):
    """Building stops now: the builder is done, or (by `TABLE`) nothing is left to do."""


@dataclass(frozen=True)
class Fire(Action):
    """A saboteur launches one of their dice (where it flies is the physics')."""


@dataclass(frozen=True)
class Tick(Action):
    """The table's sand timer runs `dt` seconds (None in a template: the frame fills it in)."""

    dt: float | None = None


@dataclass(frozen=True)
class CloseTile(Action):
    """Closing rule: a die came to rest on pad `slot`, whose complete tower (block indices) is
    `complete`, or None when it has none."""

    slot: int
    complete: tuple[int, ...] | None = None


@dataclass(frozen=True)
class FinishTurn(Action):
    """The table settled as `view` shows (None in a template: the physics fills it in): judge
    it, score it and pass the builder on (the result is `MatchState.last_result`)."""

    view: TableView | None = None


# ---------------------------------------------------------------------------------------------
# The match
# ---------------------------------------------------------------------------------------------


@dataclass
class MatchState:
    """A whole match: seats, tiles won, the row and pile, whose turn, dice and timer, the rng.

    Build with `new_match`. Save with `to_dict` between turns (phase READY): the physics of a
    turn in progress is not part of a save.
    """

    options: Options
    seed: int
    names: list[str]
    rng: random.Random
    won: list[list[int]]
    row: list[int | None]
    pile: list[int]
    spares: list[int] = field(default_factory=list)
    """Face-up tiles beside the row, left to right: the builder may swap them onto the pads
    before the sand timer turns (`ChooseTile`)."""
    turn: int = 0
    phase: Phase = Phase.READY
    time_left: float = 0.0
    dice_left: dict[int, int] = field(default_factory=dict)
    closed: dict[int, tuple[int, ...] | None] = field(default_factory=dict)
    turn_seed: int = 0
    mega_winner: int | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    last_result: TurnResult | None = field(default=None, compare=False)
    """What the last `FinishTurn` did (not saved: the scoreboard of the turn just played)."""

    def ai_seed(self, seat: int) -> int:
        """The seed of an AI seat's generator this turn: the scene and `sim` both use it."""
        return derive_seed(self.seed, "ai", seat, self.turn)

    # -- who is who -------------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.options.players

    @property
    def builder(self) -> int:
        """Seat of this turn's Master Builder (seat 0 first, then clockwise)."""
        return self.turn % self.players

    @property
    def round(self) -> int:
        """1-based round number of the current (or last) turn."""
        return min(self.turn // self.players, self.options.rounds - 1) + 1

    @property
    def total_turns(self) -> int:
        """Turns in a full match: each player builds once per round."""
        return self.options.rounds * self.players

    def saboteurs(self) -> list[int]:
        """Seats firing this turn, clockwise from the builder's left."""
        return [(self.builder + k) % self.players for k in range(1, self.players)]

    def catapult_layout(self) -> tuple[int, ...]:
        """The seat at each catapult in `CATAPULT_SLOTS` order this turn, -1 where none stands.

        Each seat keeps one catapult all match (seat s at slot s; with five players the fifth
        takes the builder's free one), so a saboteur's catapult, and the view framed round
        it, stand in the same place turn after turn (a playtester's moved from side to side)."""
        n = min(self.players, len(CATAPULT_SLOTS))
        layout = [-1] * n
        sabs = self.saboteurs()
        for s in sabs:
            if s < n:
                layout[s] = s
        for s in sabs:
            if s >= n:
                layout[layout.index(-1)] = s
        return tuple(layout)

    def catapult_of(self, seat: int) -> int:
        """Index into `CATAPULT_SLOTS` of a saboteur's catapult this turn."""
        return self.catapult_layout().index(seat)

    def catapult_words(self, seat: int) -> str:
        """Where a saboteur fires from this turn, in words: "left catapult", or "inner left
        catapult" when another saboteur's stands on the same side (with three players the
        third seat's is the outer left one: two read "left catapult" before)."""
        mine = self.catapult_of(seat)
        facing = CATAPULT_SLOTS[mine].facing
        side = "left" if facing > 0 else "right"
        shared = any(CATAPULT_SLOTS[i].facing == facing and i != mine
                     for i, s in enumerate(self.catapult_layout()) if s >= 0)
        if not shared:
            return f"{side} catapult"
        return f"{'inner' if mine < 2 else 'outer'} {side} catapult"

    def catapult_slots(self) -> dict[int, CatapultSlot]:
        """Each saboteur's catapult this turn."""
        return {s: CATAPULT_SLOTS[i] for i, s in enumerate(self.catapult_layout()) if s >= 0}

    def dice_per_saboteur(self) -> int:
        """Dice each saboteur gets this match."""
        return DICE_PER_SABOTEUR[self.players]

    # -- scores ------------------------------------------------------------------------------

    def totals(self) -> list[int]:
        """Points per seat so far (Mega tiles score nothing)."""
        return [sum(TILES[t].points for t in tiles) for tiles in self.won]

    def winners(self) -> list[int]:
        """Seats that won (Mega builder, else highest total; ties share), once the match is over.

        Decision (the rulebook is silent): when nobody scored a point, nobody wins; a 0-0
        match is a draw, not a win shared by every seat."""
        if self.phase != Phase.OVER:
            return []
        if self.mega_winner is not None:
            return [self.mega_winner]
        totals = self.totals()
        best = max(totals)
        if best <= 0:
            return []
        return [i for i, t in enumerate(totals) if t == best]

    @property
    def is_over(self) -> bool:
        """The match has ended."""
        return self.phase == Phase.OVER

    # -- tiles -------------------------------------------------------------------------------

    def tile_at(self, slot: int) -> TileDef | None:
        """The tile lying in a row slot, if any."""
        tid = self.row[slot]
        return None if tid is None else TILES[tid]

    def can_choose(self, slot: int, spare: int) -> Rejected | None:
        """Whether the builder may swap a pad's tile with a spare now (before the timer)."""
        if self.phase != Phase.READY:
            return Rejected("tiles can only be swapped before the sand timer turns")
        if not 0 <= slot < ROW_SLOTS:
            return Rejected(f"there is no pad {slot}")
        if slot == MEGA_SLOT:
            return Rejected("the Mega tile stays in the middle")
        if not 0 <= spare < len(self.spares):
            return Rejected(f"there is no spare tile {spare}")
        return None

    def _choose_tile(self, slot: int, spare: int) -> Rejected | None:
        """The builder's choice: swap a small pad's tile with a spare tile beside the row (a
        spare put on an empty pad leaves the spares). Only before the sand timer turns."""
        why = self.can_choose(slot, spare)
        if why is not None:
            return why
        old = self.row[slot]
        if old is None:
            self.row[slot] = self.spares.pop(spare)
        else:
            self.row[slot], self.spares[spare] = self.spares[spare], old
        return None

    def _refill(self) -> int | None:
        """The tile for a won pad: the pile's top, else the first spare, else none."""
        if self.pile:
            return self.pile.pop()
        if self.spares:
            return self.spares.pop(0)
        return None

    def can_build_on(self, slot: int) -> bool:
        """Whether the builder may add blocks on a slot now (a tile there, not closed)."""
        return self.row[slot] is not None and slot not in self.closed

    # -- moves -------------------------------------------------------------------------------

    def _start_turn(self) -> Rejected | None:
        """Turn the sand timer: the builder builds, saboteurs get their dice."""
        if self.phase != Phase.READY:
            return Rejected(f"cannot start a turn while {self.phase}")
        self.phase = Phase.BUILDING
        self.time_left = self.options.turn_seconds
        self.dice_left = {s: self.dice_per_saboteur() for s in self.saboteurs()}
        self.closed = {}
        self.turn_seed = derive_seed(self.seed, "turn", self.turn)
        return None

    def _advance_time(self, dt: float) -> None:
        """Run the sand timer; when it runs out, building stops and the table settles."""
        if self.phase != Phase.BUILDING:
            return
        self.time_left = max(0.0, self.time_left - dt)
        if self.time_left <= 1e-9:
            self.time_left = 0.0
            self.phase = Phase.SETTLING

    def _end_building(self) -> Rejected | None:
        """Stop building now (the timer ran out elsewhere, or nothing is left to do)."""
        if self.phase != Phase.BUILDING:
            return Rejected("not building")
        self.time_left = 0.0
        self.phase = Phase.SETTLING
        return None

    def can_fire(self, seat: int) -> Rejected | None:
        """Whether a seat may launch a die now."""
        if self.phase != Phase.BUILDING:
            return Rejected("the sand timer is not running")
        if seat == self.builder:
            return Rejected("the builder has no catapult")
        if seat not in self.dice_left:
            return Rejected("no such saboteur")
        if self.dice_left[seat] <= 0:
            return Rejected("no dice left")
        return None

    def _fire(self, seat: int) -> Rejected | None:
        """Spend one of a saboteur's dice (each die is fired once per turn)."""
        why = self.can_fire(seat)
        if why is not None:
            return why
        self.dice_left[seat] -= 1
        return None

    def _close_tile(self, slot: int, complete: tuple[int, ...] | None) -> Rejected | None:
        """Optional rule: a die came to rest on a tile; record the complete tower there, if any."""
        if not self.options.closing_rule:
            return Rejected("the closing rule is off")
        if self.phase != Phase.BUILDING:
            return Rejected("not building")
        if not 0 <= slot < ROW_SLOTS or self.row[slot] is None:
            return Rejected("no tile there")
        if slot in self.closed:
            return Rejected("already closed")
        self.closed[slot] = complete
        return None

    # -- judging -----------------------------------------------------------------------------

    def judge(self, view: TableView) -> list[TileJudgement]:
        """Judge every tile in the row against a table view (pure: changes nothing)."""
        out: list[TileJudgement] = []
        for slot, tid in enumerate(self.row):
            if tid is None:
                continue
            tv = view.tile(slot)
            if tv.tile_id != tid:
                raise ValueError(f"view shows tile {tv.tile_id} in slot {slot}, row has {tid}")
            out.append(
                judge_tile(
                    TILES[tid],
                    tv,
                    closed=slot in self.closed,
                    closed_with=self.closed.get(slot),
                )
            )
        return out

    def _finish_turn(self, view: TableView) -> TurnResult:
        """Score the settled table: award standing towers, refill the row, pass the builder on."""
        if self.phase == Phase.BUILDING:
            self._end_building()
        if self.phase != Phase.SETTLING:
            raise ValueError(f"cannot finish a turn while {self.phase}")
        builder = self.builder
        judgements = tuple(self.judge(view))
        won: list[int] = []
        replaced: dict[int, int | None] = {}
        mega = False
        for j in judgements:
            if not j.scored:
                continue
            if j.tile_id == MEGA_TILE_ID:
                mega = True
                continue
            won.append(j.tile_id)
            new = self._refill()
            self.row[j.slot] = new
            replaced[j.slot] = new
        self.won[builder].extend(won)
        points = sum(TILES[t].points for t in won)
        self.history.append(
            {
                "turn": self.turn,
                "round": self.round,
                "builder": builder,
                "won": list(won),
                "points": points,
                "mega": mega,
                "dice_unfired": sum(self.dice_left.values()),
            }
        )
        self.dice_left = {}
        self.closed = {}
        self.turn += 1
        if mega:
            self.mega_winner = builder
            self.phase = Phase.OVER
        elif self.turn >= self.total_turns:
            self.phase = Phase.OVER
        else:
            self.phase = Phase.READY
        return TurnResult(
            turn=self.turn - 1,
            builder=builder,
            judgements=judgements,
            won_tiles=tuple(won),
            points=points,
            replaced=replaced,
            mega=mega,
            game_over=self.phase == Phase.OVER,
        )

    # -- the kit's one shape ----------------------------------------------------------------

    def current_player(self) -> int | None:
        """The builder while the tiles may still be swapped; None while the timer runs (the
        builder and the saboteurs act at once) or the table settles, and once over."""
        return self.builder if self.phase == Phase.READY else None

    def legal_actions(self, player: int) -> list[Action]:
        """What `player` may do now (the table's timer and judged table as templates)."""
        if self.phase == Phase.READY:
            if player != self.builder:
                return []
            swaps: list[Action] = [ChooseTile(player, slot, spare)
                                   for slot in range(ROW_SLOTS)
                                   for spare in range(len(self.spares))
                                   if self.can_choose(slot, spare) is None]
            return [*swaps, StartTurn(player)]
        if self.phase == Phase.BUILDING:
            if player == TABLE:
                closing: list[Action] = [CloseTile(TABLE, slot) for slot in range(ROW_SLOTS)
                                         if self.options.closing_rule
                                         and self.row[slot] is not None
                                         and slot not in self.closed]
                return [Tick(TABLE), *closing]
            if player == self.builder:
                return [EndBuilding(player)]
            return [Fire(player)] if self.can_fire(player) is None else []
        if self.phase == Phase.SETTLING and player == TABLE:
            return [FinishTurn(TABLE)]
        return []

    def apply(self, action: Action) -> Rejected | None:
        """Take `action`, or refuse it (a value) and change nothing."""
        why = self._problem(action)
        if why is not None:
            return why
        if isinstance(action, ChooseTile):
            return self._choose_tile(action.slot, action.spare)
        if isinstance(action, StartTurn):
            return self._start_turn()
        if isinstance(action, EndBuilding):
            return self._end_building()
        if isinstance(action, Fire):
            return self._fire(action.player)
        if isinstance(action, Tick):
            assert action.dt is not None
            self._advance_time(action.dt)
            return None
        if isinstance(action, CloseTile):
            return self._close_tile(action.slot, action.complete)
        assert isinstance(action, FinishTurn) and action.view is not None
        self.last_result = self._finish_turn(action.view)
        return None

    def _problem(self, action: Action) -> Rejected | None:
        """Why `action` is refused now (who may take it, and a template's missing outcome)."""
        table_moves = (Tick, CloseTile, FinishTurn)
        if isinstance(action, table_moves) and action.player != TABLE:
            return Rejected("only the table runs the timer and judges the towers")
        if isinstance(action, ChooseTile | StartTurn | Fire) and action.player == TABLE:
            return Rejected("the table has no hands")
        if isinstance(action, ChooseTile | StartTurn | EndBuilding) \
                and action.player not in (self.builder, TABLE):
            return Rejected(f"only the builder, {self.names[self.builder]}, does that")
        if isinstance(action, Tick):
            if action.dt is None or not math.isfinite(action.dt) or action.dt < 0:
                return Rejected("the timer needs a time to run")
            if self.phase != Phase.BUILDING:
                return Rejected("the sand timer is not running")
        if isinstance(action, FinishTurn):
            if action.view is None:
                return Rejected("the turn is judged on the settled table")
            if self.phase not in (Phase.BUILDING, Phase.SETTLING):
                return Rejected(f"no turn to finish while {self.phase}")
        if not isinstance(action, (ChooseTile, StartTurn, EndBuilding, Fire, Tick, CloseTile,
                                   FinishTurn)):
            return Rejected(f"unknown action {action!r}")
        return None

    def observation(self, player: int) -> dict[str, Any]:
        """What `player` may know: everything (Tower hides nothing), and whose move it is."""
        return {**self.to_dict(), "you": player, "legal": [
            type(a).__name__ for a in self.legal_actions(player)]}

    # -- copies and saves --------------------------------------------------------------------

    def clone(self) -> MatchState:
        """An independent copy (for AI look-ahead or prediction)."""
        return copy.deepcopy(self)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data, including the rng state."""
        version, internal, gauss = self.rng.getstate()
        return {
            "version": STATE_VERSION,
            "game": "tower",
            "options": self.options.to_dict(),
            "seed": self.seed,
            "names": list(self.names),
            "rng": [version, list(internal), gauss],
            "won": [list(w) for w in self.won],
            "row": list(self.row),
            "pile": list(self.pile),
            "spares": list(self.spares),
            "turn": self.turn,
            "phase": self.phase.value,
            "time_left": self.time_left,
            "dice_left": {str(k): v for k, v in self.dice_left.items()},
            "closed": {str(k): (None if v is None else list(v)) for k, v in self.closed.items()},
            "turn_seed": self.turn_seed,
            "mega_winner": self.mega_winner,
            "history": copy.deepcopy(self.history),
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> MatchState:
        """Inverse of `to_dict`."""
        if d.get("version") != STATE_VERSION:
            raise ValueError(f"unsupported tower save version {d.get('version')!r}")
        rng = random.Random()
        version, internal, gauss = d["rng"]
        rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
        return cls(
            options=Options.from_dict(d["options"]),
            seed=int(d["seed"]),
            names=[str(n) for n in d["names"]],
            rng=rng,
            won=[[int(t) for t in w] for w in d["won"]],
            row=[None if t is None else int(t) for t in d["row"]],
            pile=[int(t) for t in d["pile"]],
            spares=[int(t) for t in d["spares"]],
            turn=int(d["turn"]),
            phase=Phase(d["phase"]),
            time_left=float(d["time_left"]),
            dice_left={int(k): int(v) for k, v in d["dice_left"].items()},
            closed={
                int(k): (None if v is None else tuple(int(i) for i in v))
                for k, v in d["closed"].items()
            },
            turn_seed=int(d["turn_seed"]),
            mega_winner=None if d["mega_winner"] is None else int(d["mega_winner"]),
            history=copy.deepcopy(list(d["history"])),
        )


def new_match(
    options: Options | int,
    seed: int,
    names: list[str] | None = None,
) -> MatchState:
    """A fresh match: shuffle the small tiles, deal four beside the Mega tile and `OPEN_SPARES`
    face up beside the row; seat 0 builds."""
    opts = options if isinstance(options, Options) else Options(players=options)
    rng = derive_rng(seed, "tiles")
    pile = list(SMALL_TILE_IDS)
    rng.shuffle(pile)
    row: list[int | None] = []
    for slot in range(ROW_SLOTS):
        row.append(MEGA_TILE_ID if slot == MEGA_SLOT else pile.pop())
    spares = [pile.pop() for _ in range(min(OPEN_SPARES, len(pile)))]
    seat_names = names if names is not None else [f"Player {i + 1}" for i in range(opts.players)]
    if len(seat_names) != opts.players:
        raise ValueError("one name per player")
    return MatchState(
        options=opts,
        seed=seed,
        names=list(seat_names),
        rng=rng,
        won=[[] for _ in range(opts.players)],
        row=row,
        pile=pile,
        spares=spares,
    )
