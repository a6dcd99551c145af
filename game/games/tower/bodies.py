"""Tower Kaboom's pymunk bodies (no pygame): a block's and a die's body and shapes, the collision
types and filters that tell table, blocks, the held block and dice apart, and the geometry of a
shape at a pose (for drawing, ghosts and the AIs).

`TowerWorld` (world.py) keeps them on its table; the hand (hand.py) carries blocks and the
catapults (catapults.py) fire dice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pymunk

from game.games.tower.data import (
    DIE_DENSITY,
    DIE_SIZE,
    ORIENTATION_ANGLE,
    SHAPES,
    WOOD_DENSITY,
    WOOD_ELASTICITY,
    WOOD_FRICTION,
    BlockDef,
    BlockShape,
)
from game.games.tower.worlddata import Point, Where

SUBSTEPS = 4
"""Physics steps per 1/60 s frame: a die at the speed cap moves under half its size per step."""
REST_NORMAL = 0.5
"""A contact whose normal is steeper than this (cosine to vertical) carries weight."""

CT_TABLE, CT_BLOCK, CT_DIE = 1, 2, 3
CAT_TABLE, CAT_BLOCK, CAT_HELD, CAT_DIE = 1, 2, 4, 8
_ALL = 0xFFFFFFFF
FILTER_TABLE = pymunk.ShapeFilter(categories=CAT_TABLE, mask=_ALL)
FILTER_BLOCK = pymunk.ShapeFilter(categories=CAT_BLOCK, mask=_ALL)
FILTER_HELD = pymunk.ShapeFilter(categories=CAT_HELD, mask=CAT_TABLE | CAT_BLOCK)
"""The held block's shapes (out of the space) look for what is under them among the table and
placed blocks only: it passes through dice (the builder may not block them), pushes nothing."""
FILTER_DIE = pymunk.ShapeFilter(categories=CAT_DIE, mask=_ALL & ~CAT_HELD)

Owners = dict[pymunk.Shape, tuple[str, int]]
"""What each shape on the table belongs to: ("table", 0), ("block", id) or ("die", id)."""


@dataclass
class Block:
    spec: BlockDef
    shape: BlockShape
    body: pymunk.Body
    shapes: list[pymunk.Poly]
    where: Where = Where.TRAY
    prev: tuple[float, float, float] = (0.0, 0.0, 0.0)
    still: int = 0
    """World frames it has lain still out of the builder's reach (see `world.REACH_X`)."""


@dataclass
class Die:
    die_id: int
    seat: int
    body: pymunk.Body
    shape: pymunk.Poly
    hit: bool = False
    landed: bool = False
    rest_time: float = 0.0
    rested_slot: int | None = None
    prev: tuple[float, float, float] = (0.0, 0.0, 0.0)


def make_block(spec: BlockDef, owners: Owners) -> Block:
    """A block's body and shapes, in its tray spot (out of the space); its shapes in `owners`."""
    shape = SHAPES[spec.shape]
    body = pymunk.Body()
    polys: list[pymunk.Poly] = []
    for part in shape.parts:
        p = pymunk.Poly(body, list(part))
        p.density = WOOD_DENSITY
        p.friction = WOOD_FRICTION
        p.elasticity = WOOD_ELASTICITY
        p.collision_type = CT_BLOCK
        p.filter = FILTER_BLOCK
        polys.append(p)
        owners[p] = ("block", spec.block_id)
    body.position = spec.tray_pos
    body.angle = ORIENTATION_ANGLE[spec.tray_orientation]
    blk = Block(spec, shape, body, polys)
    blk.prev = (spec.tray_pos[0], spec.tray_pos[1], body.angle)
    return blk


def make_die() -> tuple[pymunk.Body, pymunk.Poly]:
    """A die's body and its square shape, not yet placed nor in a space."""
    body = pymunk.Body()
    shape = pymunk.Poly.create_box(body, (DIE_SIZE, DIE_SIZE))
    shape.density = DIE_DENSITY
    shape.friction = WOOD_FRICTION
    shape.elasticity = 0.2
    shape.collision_type = CT_DIE
    shape.filter = FILTER_DIE
    return body, shape


def rotate(p: Point, angle: float) -> Point:
    c, s = math.cos(angle), math.sin(angle)
    return (p[0] * c - p[1] * s, p[0] * s + p[1] * c)


def shape_polygons(shape_key: str, x: float, y: float, angle: float) -> list[list[Point]]:
    """World-space convex polygons of a block shape at a pose (for drawing and ghosts)."""
    out: list[list[Point]] = []
    for part in SHAPES[shape_key].parts:
        poly: list[Point] = []
        for vx, vy in part:
            rx, ry = rotate((vx, vy), angle)
            poly.append((x + rx, y + ry))
        out.append(poly)
    return out


def die_polygon(x: float, y: float, angle: float) -> list[Point]:
    """World-space square of a die at a pose."""
    h = DIE_SIZE / 2.0
    out: list[Point] = []
    for vx, vy in ((-h, -h), (h, -h), (h, h), (-h, h)):
        rx, ry = rotate((vx, vy), angle)
        out.append((x + rx, y + ry))
    return out
