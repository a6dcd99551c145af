"""One Tower Kaboom turn on a `TowerWorld`: the sand timer, the builder's and saboteurs'
checked actions, the closing rule, settling and judging (the match's flow; world.py is the
physics table it runs on). Pure Python and pymunk, no pygame.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Protocol

from game.games.tower.data import SHAPES, SLOT_RANGES, SMALL_TILE_W, TABLE_Y, TILES
from game.games.tower.events import (
    BlockRefused,
    DieRested,
    TileClosed,
    TimeUp,
    TurnEvent,
    TurnOver,
)
from game.games.tower.rules import (
    STILL_SPEED,
    TABLE,
    CloseTile,
    EndBuilding,
    FinishTurn,
    Fire,
    MatchState,
    Phase,
    Rejected,
    StartTurn,
    Tick,
    TileJudgement,
    TurnResult,
    judge_tile,
    next_piece,
)
from game.games.tower.world import SETTLE_FRAMES, SETTLE_SECONDS, TowerWorld
from game.games.tower.worlddata import Point
from game.physics.guard import is_finite
from game.physics.stepper import FRAME_DT

TABLE_SEAT = TABLE
"""The seat a replay names for an input no player gave (a headless run's finish_now): the
rules' table, which runs the timer and judges the towers."""


SETTLE_MIN, SETTLE_MAX = 20.0, 40.0
"""Bounds (units) of the settling reach across: the block's width as the outline stands (a
stranger's cube let go just beside its outline fell beside the tower and spoiled the tile)."""


BLOCKED_MARGIN = 30.0
"""Units beside a pad the hand may be and still be over it (`blocked_spot`)."""


def in_reach(shape: str, pose: tuple[float, float, float],
             target: tuple[float, float, float]) -> bool:
    """Whether a block of `shape` let go at `pose` settles into `target`: within about a block
    width across (as the outline stands) and from a block's height above it down to it, at any
    angle: the outline says how it goes (a stranger who turned a block that had come up turned
    as printed let go of it lying where it stands, and it fell)."""
    tx, ty, ta = target
    spec = SHAPES[shape]
    c, s = abs(math.cos(ta)), abs(math.sin(ta))
    across = spec.width * c + spec.height * s
    tall = spec.width * s + spec.height * c
    reach = min(max(across, SETTLE_MIN), SETTLE_MAX)
    dx, dy = pose[0] - tx, pose[1] - ty
    return abs(dx) <= reach and -max(tall, reach) <= dy <= reach


SNAP_ACROSS = SMALL_TILE_W / 2.0
"""Units either side of its spot a block let go with the aid (`in_snap_reach`) still settles:
anywhere over its pad, as Tab carries a keyboard builder's block over the pad's middle."""
SNAP_ABOVE = 60.0
"""Units above a block's own height over its spot that a block let go with the aid still
settles from (a stranger's mouse blocks let go a little high over their pad fell and tipped,
while Tab set the keyboard's foot just above the top: keys built far more easily)."""


def in_snap_reach(shape: str, pose: tuple[float, float, float],
                  target: tuple[float, float, float]) -> bool:
    """Whether a block let go with the aid (a mouse's or keys' `let_go(aided=True)`) at `pose`
    settles into `target`: close to it (`in_reach`), or over its pad (`SNAP_ACROSS` either
    side) anywhere from the table up to `SNAP_ABOVE` over a block's height above the spot, at
    any angle. The spot Tab would carry the block to, reached as easily with the mouse: a
    block let go lower than its spot, over the tower itself (a stranger dropped his blocks
    onto the tower's side, the pointer on the tower), settles on top as the outline shows."""
    if in_reach(shape, pose, target):
        return True
    tx, ty, ta = target
    spec = SHAPES[shape]
    c, s = abs(math.cos(ta)), abs(math.sin(ta))
    tall = spec.width * s + spec.height * c
    dx, dy = pose[0] - tx, pose[1] - ty
    below = max(SETTLE_MIN, TABLE_Y - ty)
    return abs(dx) <= SNAP_ACROSS and -(max(tall, SETTLE_MAX) + SNAP_ABOVE) <= dy <= below


class TurnRecorder(Protocol):
    """Told every control input a turn receives and every logic step it takes (replays)."""

    def note(self, seat: int, kind: str, args: tuple[Any, ...]) -> None:
        """A seat's input reached the turn (before the next step)."""

    def stepped(self, turn: TurnController) -> None:
        """The turn took one logic step."""


class TurnController:
    """Runs one turn of a match on a `TowerWorld`: the timer, checked actions, closing, scoring.

    Build it when the match is READY (it turns the sand timer) or BUILDING. Call `step()` once
    per fixed frame; act with `grab/drag_to/rotate/release` (the builder) and `fire` (a
    saboteur). When the timer runs out the held block goes back to the tray (it does not
    count), input is refused, the table settles
    (at most `settle_seconds`), the rules judge it and `result` is set (`done`).
    """

    def __init__(self, match: MatchState, settle_seconds: float = SETTLE_SECONDS) -> None:
        if match.phase == Phase.READY:
            why = match.apply(StartTurn(match.builder))
            assert why is None
        if match.phase != Phase.BUILDING:
            raise ValueError(f"no turn to run while {match.phase}")
        self.match = match
        self.world = TowerWorld.from_match(match)
        self.settle_seconds = settle_seconds
        self.settling_time = 0.0
        self._quiet = 0
        self.result: TurnResult | None = None
        self._events: list[TurnEvent] = []
        self.recorder: TurnRecorder | None = None
        """Set by whoever records the match: every input below and every step is told to it."""

    def _note(self, seat: int, kind: str, *args: Any) -> None:
        if self.recorder is not None and not self.done:
            self.recorder.note(seat, kind, args)

    @property
    def building(self) -> bool:
        """The sand timer is running: the builder builds, saboteurs fire."""
        return self.match.phase == Phase.BUILDING

    @property
    def done(self) -> bool:
        """The turn has been judged and scored (`result`)."""
        return self.result is not None

    @property
    def time_left(self) -> float:
        """Seconds left on the sand timer."""
        return self.match.time_left

    @property
    def builder(self) -> int:
        """This turn's builder seat."""
        return self.match.builder

    def step(self) -> None:
        """One fixed frame: timer, physics, the closing rule; then settling and judging."""
        if self.done:
            return
        self._step()
        if self.recorder is not None:
            self.recorder.stepped(self)

    def _step(self) -> None:
        if self.building:
            self.match.apply(Tick(TABLE_SEAT, FRAME_DT))
            self.world.step()
            self._handle_world_events()
            if not self.building:
                self.world.hand.withdraw_held()
                self._events.append(TimeUp())
            return
        self.world.step()
        self._handle_world_events()
        self.settling_time += FRAME_DT
        self._quiet = self._quiet + 1 if self.world.is_still() else 0
        if self._quiet >= SETTLE_FRAMES or self.settling_time >= self.settle_seconds - 1e-9:
            why = self.match.apply(FinishTurn(TABLE_SEAT, self.world.reading.judge()))
            assert why is None and self.match.last_result is not None
            self.result = self.match.last_result
            self._events.append(TurnOver(self.result))

    def finish_now(self) -> None:
        """Stop building at once (e.g. a headless run with nothing left to do)."""
        self._note(TABLE_SEAT, "finish_now")
        if self.building:
            self.match.apply(EndBuilding(TABLE_SEAT))
            self.world.hand.withdraw_held()
            self._events.append(TimeUp())

    def _handle_world_events(self) -> None:
        for ev in self.world.pop_events():
            self._events.append(ev)
            if isinstance(ev, DieRested) and self.match.options.closing_rule and self.building:
                self._close(ev.slot)
            elif isinstance(ev, DieRested) and not self.match.options.closing_rule:
                # Decision (data.RULES_NOTES): a spent die at rest on a pad is lifted off, so
                # it does not lie in the builder's way (strangers built round dice all turn).
                self.world.catapults.clear_die(ev.die_id)

    def _close(self, slot: int) -> None:
        if slot in self.match.closed or self.match.row[slot] is None:
            return
        tid = self.match.row[slot]
        assert tid is not None
        j = judge_tile(TILES[tid], self.world.reading.judge().tile(slot))
        complete = j.stack if j.scored else None
        if self.match.apply(CloseTile(TABLE_SEAT, slot, complete)) is None:
            if complete:
                self.world.hand.lock(complete)
            self._events.append(TileClosed(slot, complete is not None))

    def pop_events(self) -> list[TurnEvent]:
        """World events plus the turn's own (TileClosed, TimeUp, TurnOver)."""
        self._handle_world_events()
        out, self._events = self._events, []
        return out

    # -- builder -----------------------------------------------------------------------------

    def grab(self, point: Point, block_id: int | None = None) -> int | None:
        """The builder takes hold of a block (only while the timer runs, at a finite point)."""
        if not is_finite(*point):
            return None
        self._note(self.builder, "grab", point[0], point[1], block_id)
        if not self.building:
            return None
        return self.world.hand.grab(point, block_id)

    def drag_to(self, point: Point) -> None:
        """The builder's hand moves (a NaN or infinite point is ignored)."""
        if not is_finite(*point):
            return
        self._note(self.builder, "drag_to", point[0], point[1])
        if self.building:
            self.world.hand.drag_to(point)

    def rotate(self, delta: float) -> None:
        """The builder turns the held block (a NaN or infinite turn is ignored)."""
        if not is_finite(delta):
            return
        self._note(self.builder, "rotate", delta)
        if self.building:
            self.world.hand.rotate_held(delta)

    def set_angle(self, angle: float) -> None:
        """The builder turns the held block to an angle (a NaN or infinite one is ignored)."""
        if not is_finite(angle):
            return
        self._note(self.builder, "set_angle", angle)
        if self.building:
            self.world.hand.set_held_angle(angle)

    def release(self) -> int | None:
        """The builder lets go."""
        self._note(self.builder, "release")
        return self.world.hand.release()

    def put_back(self) -> int | None:
        """The block in the builder's hand goes back to the tray, not into play (the game
        pauses, the window loses focus, the seat changes hands). Recorded as "put_back"."""
        self._note(self.builder, "put_back")
        return self.world.hand.put_back()

    def settle(self) -> int | None:
        """The builder lets go with the mouse's aid: a block let go close to its outline
        (`settle_target`, `in_snap_reach`) settles into that exact pose; elsewhere it is let go as
        by `release`. Recorded as its own input, so a replay settles it the same way."""
        self._note(self.builder, "settle")
        return self.world.hand.release(self._settle_pose)

    def let_go(self, aided: bool = False) -> int | None:
        """The human builder lets go, guarded: a block let go at the spot of a tower that wants
        another block there (`wrong_spot`) goes back to the tray with a `BlockRefused` event
        (the scene says "That spot needs the short beam, not a cube" beside it) instead of
        being set down as if right; a stranger's cube on the Stack's short-beam spot was taken
        silently and only refused at scoring. `aided` adds the mouse's settle (`settle`).
        Recorded as its own input ("let_go"), so a replay guards it the same way."""
        self._note(self.builder, "let_go", 1 if aided else 0)
        refused: list[tuple[int, str, str]] = []

        def refuse(shape: str, pose: tuple[float, float, float]) -> bool:
            wrong = self.wrong_spot(shape, pose)
            if wrong is not None:
                refused.append((wrong[0], shape, wrong[1]))
            return wrong is not None

        bid = self.world.hand.release(self._settle_pose if aided else None, refuse)
        if bid is not None and refused:
            slot, shape, needed = refused[0]
            self._events.append(BlockRefused(bid, slot, shape, needed))
        return bid

    def wrong_spot(self, shape: str, pose: tuple[float, float, float]
                   ) -> tuple[int, str] | None:
        """The tower whose next spot a `shape` block let go at `pose` (at that spot, or
        anywhere over its pad) would take while that spot wants another block: (slot, the
        shape key it wants, "" when the tower is finished and wants nothing more); None when
        the block is let go anywhere else, or where the spot wants it. A spoiled tower (blocks
        on it that do not belong) wants no guard."""
        best: tuple[float, int, str] | None = None
        for slot, tid in enumerate(self.match.row):
            if tid is None or not self.match.can_build_on(slot):
                continue
            view = self.world.reading.judge().tile(slot)
            view = replace(view, blocks=tuple(b for b in view.blocks if not b.held))
            if self.world.settling_over(*SLOT_RANGES[slot], STILL_SPEED):
                # The block set just before still settling: not judged yet (a stranger's roof
                # was refused with "needs the arch" while the arch, just set, was in place).
                continue
            j = judge_tile(TILES[tid], view)
            if j.extra:
                continue
            piece = next_piece(TILES[tid], j.progress)
            if piece is not None and piece[0] == shape:
                continue
            if piece is None:
                (mx, my), _, _ = self.world.reading.top_face(j.stack[-1])
                spec = SHAPES[shape]
                tall = spec.width * abs(math.sin(pose[2])) + spec.height * abs(math.cos(pose[2]))
                spot_shape = shape
                spot = (mx, my - tall / 2.0, pose[2])
            else:
                spot_shape = piece[0]
                spot = self.world.reading.placement_pose(slot, j.stack, piece)
            x0, x1 = SLOT_RANGES[slot]
            if not in_reach(spot_shape, pose, spot) and not x0 <= pose[0] <= x1:
                # Let go over a pad, far from its spot, it would fall on that tower as junk: a
                # stranger's pillar dropped high over the Mega pad lay there and cost him the
                # Mega ("the Mega tower needs a long beam at the bottom, not a pillar").
                continue
            d = abs(pose[0] - spot[0])
            if best is None or d < best[0]:
                best = (d, slot, "" if piece is None else piece[0])
        return None if best is None else best[1:]

    def _settle_pose(self, shape: str, pose: tuple[float, float, float]
                     ) -> tuple[float, float, float] | None:
        target = self.settle_target(shape, pose)
        if target is None or not in_snap_reach(shape, pose, target[1:]):
            return None
        return target[1:]

    def blocked_spot(self, shape: str, near: Point | tuple[float, float, float]) -> int | None:
        """The pad under `near` whose tower wants a `shape` block next but takes none, a block
        that does not belong being in the way (knocked onto the pad, or resting on the tower):
        its slot, else None. No outline shows there and nothing settles, so the builder is
        told at once (a stranger's blocks stopped snapping with no word until the score)."""
        for slot, tid in enumerate(self.match.row):
            x0, x1 = SLOT_RANGES[slot]
            if tid is None or not self.match.can_build_on(slot) \
                    or not x0 - BLOCKED_MARGIN <= near[0] <= x1 + BLOCKED_MARGIN:
                continue
            view = self.world.reading.judge().tile(slot)
            view = replace(view, blocks=tuple(b for b in view.blocks if not b.held))
            j = judge_tile(TILES[tid], view)
            piece = next_piece(TILES[tid], j.progress)
            if j.extra and piece is not None and piece[0] == shape:
                return slot
        return None

    def settle_target(self, shape: str, near: Point | tuple[float, float, float]
                      ) -> tuple[int, float, float, float] | None:
        """Where a `shape` block goes next: (slot, x, y, angle) of the next block of the open
        tower nearest `near` (across) whose next printed piece is that shape; None if no tower
        needs one next. The faint outline a mouse builder drags onto."""
        best: tuple[float, int, float, float, float] | None = None
        for slot, tid in enumerate(self.match.row):
            if tid is None or not self.match.can_build_on(slot):
                continue
            view = self.world.reading.judge().tile(slot)
            # The tower as it stands without the block in the hand (held on it, it is not
            # part of it yet).
            view = replace(view, blocks=tuple(b for b in view.blocks if not b.held))
            j = judge_tile(TILES[tid], view)
            piece = next_piece(TILES[tid], j.progress)
            if piece is None or j.extra or piece[0] != shape:
                continue
            x, y, a = self.world.reading.placement_pose(slot, j.stack, piece)
            d = abs(x - near[0])
            if best is None or d < best[0]:
                best = (d, slot, x, y, a)
        return None if best is None else best[1:]

    # -- saboteurs ---------------------------------------------------------------------------

    def can_fire(self, seat: int) -> Rejected | None:
        """Whether a saboteur may fire now (timer, dice left, catapult loaded)."""
        why = self.match.can_fire(seat)
        if why is not None:
            return why
        if not self.world.catapults.can_fire(seat):
            return Rejected("catapult reloading")
        return None

    def fire(
        self, seat: int, angle: float | None = None, power: float | None = None
    ) -> int | Rejected:
        """A saboteur launches a die: the die id, or why not."""
        if not is_finite(*(v for v in (angle, power) if v is not None)):
            return Rejected("the aim is not a number")
        self._note(seat, "fire", angle, power)
        why = self.can_fire(seat)
        if why is not None:
            return why
        taken = self.match.apply(Fire(seat))
        assert taken is None
        die = self.world.catapults.fire(seat, angle, power)
        assert die is not None
        return die

    def aim(self, seat: int, angle: float, power: float) -> None:
        """A saboteur points the catapult (a NaN or infinite aim is ignored)."""
        if not is_finite(angle, power):
            return
        self._note(seat, "aim", angle, power)
        if seat in self.world.catapults:
            self.world.catapults.aim(seat, angle, power)

    # -- views -------------------------------------------------------------------------------

    def judgements(self) -> list[TileJudgement]:
        """Live verdicts per tile (progress for the HUD, ghosts and AI)."""
        return self.match.judge(self.world.reading.judge())

    def ghost(self, slot: int) -> tuple[str, float, float, float] | None:
        """The next block of a slot's tower where it would go: (shape, x, y, angle), or None.

        None when there is no tile, the tile is closed, or its tower is complete or spoiled
        (blocks on it that do not belong).
        """
        tid = self.match.row[slot]
        if tid is None or not self.match.can_build_on(slot):
            return None
        j = judge_tile(TILES[tid], self.world.reading.judge_recent().tile(slot))
        piece = next_piece(TILES[tid], j.progress)
        if piece is None or j.extra:
            return None
        x, y, a = self.world.reading.placement_pose(slot, j.stack, piece)
        return (piece[0], x, y, a)
