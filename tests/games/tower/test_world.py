"""Tower Kaboom physics: building, judging, dice, drag, determinism, the closing rule."""

from __future__ import annotations

import json
import math

import pytest

from game.games.tower import bodies as B
from game.games.tower import events as E
from game.games.tower import hand as H
from game.games.tower import world as W
from game.games.tower import worlddata as D
from game.games.tower.data import (
    BLOCKS,
    CATAPULT_RELOAD,
    DIE_SIZE,
    GRAVITY,
    LYING,
    MAX_LAUNCH_SPEED,
    MIN_LAUNCH_ANGLE,
    MIN_LAUNCH_SPEED,
    SHAPES,
    SLOT_RANGES,
    TABLE_Y,
    TILES,
)
from game.games.tower.rules import (
    MatchState,
    Options,
    Phase,
    Rejected,
    StartTurn,
    judge_tile,
    new_match,
)
from game.games.tower.turn import TurnController
from game.physics.ballistic import solve_launch
from game.physics.guard import NotFiniteError

from .conftest import elevation_direction, place_tower

SUB_DT = W.FRAME_DT / B.SUBSTEPS


def steps(world: W.TowerWorld | TurnController, n: int) -> None:
    for _ in range(n):
        world.step()


def move_hand(turn: TurnController, a: tuple[float, float], b: tuple[float, float], speed=500.0):
    """Drag the hand in a straight line at `speed`, one frame at a time."""
    n = max(1, int(math.dist(a, b) / speed * 60))
    for i in range(1, n + 1):
        t = i / n
        turn.drag_to((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        turn.step()


def drag_build(turn: TurnController, slot: int) -> None:
    """Build the slot's tower as a careful human would: each block from the tray, set down."""
    tile = TILES[turn.match.row[slot] or 0]
    stack: tuple[int, ...] = ()
    for piece in tile.pieces:
        bid = next(
            b.block_id
            for b in BLOCKS
            if b.shape == piece[0] and turn.world.block_where(b.block_id) == D.Where.TRAY
        )
        start = BLOCKS[bid].tray_pos
        assert turn.grab(start) == bid
        x, y, a = turn.world.reading.placement_pose(slot, stack, piece)
        turn.set_angle(a)
        move_hand(turn, start, (start[0], 300.0))
        assert turn.world.block_where(bid) == D.Where.HELD  # out of the tray, on the table
        move_hand(turn, (start[0], 300.0), (x, 300.0))
        move_hand(turn, (x, 300.0), (x, y - 2.0))
        move_hand(turn, (x, y - 2.0), (x, y + 0.5), speed=40.0)
        assert turn.release() == bid
        steps(turn, 20)
        stack += (bid,)


def match_with_row(row: list[int | None], players: int = 2, **opts) -> MatchState:
    m = new_match(Options(players=players, **opts), seed=3)
    m.pile = [t for t in m.pile if t not in row] + [t for t in m.row if t not in row and t]
    m.row = list(row)
    return m


def aim_at(world: W.TowerWorld, seat: int, target: tuple[float, float], elevation_deg: float):
    """Catapult elevation and power that land a die on `target`."""
    cat = world.catapults[seat]
    elev = math.radians(elevation_deg)
    sol = solve_launch(
        cat.slot.launch_point,
        target,
        (0.0, GRAVITY),
        angle=elevation_direction(cat.slot.facing, elev),
        step_dt=SUB_DT,
    )
    assert sol is not None
    speed = math.hypot(*sol[0])
    assert MIN_LAUNCH_SPEED <= speed <= MAX_LAUNCH_SPEED
    return elev, (speed - MIN_LAUNCH_SPEED) / (MAX_LAUNCH_SPEED - MIN_LAUNCH_SPEED)


# -- building and judging ---------------------------------------------------------------------


def test_every_printed_tower_stands_when_built_carefully(make_world):
    for tid in TILES:
        slot = 2 if tid == 0 else 0
        row = [1, 2, 0, 3, 4]
        row[slot] = tid
        world = make_world(tuple(row))
        stack = place_tower(world, slot, tid)
        world.settle(3.0)
        steps(world, 60)
        j = judge_tile(TILES[tid], world.reading.judge().tile(slot))
        assert j.scored, (TILES[tid].name, j)
        assert j.stack == stack


def test_a_tower_built_by_dragging_scores():
    m = match_with_row([15, 2, 0, 3, 4])  # Watchtower: plank lying, pillar upright, roof
    turn = TurnController(m)
    drag_build(turn, 0)
    assert [j.progress for j in turn.judgements()][0] == 3
    while not turn.done:
        turn.step()
    assert turn.result is not None and turn.result.won_tiles == (15,)
    assert m.won[0] == [15] and m.phase == Phase.READY


def test_judge_sees_wrong_order_and_off_tile(make_world):
    world = make_world((13, 2, 0, 3, 4))
    x0, x1 = SLOT_RANGES[0]
    # Column wants two upright pillars; lay the first one down instead.
    world.hand.place(6, (x0 + x1) / 2, TABLE_Y - 9.0, math.pi / 2)
    world.settle(1.0)
    j = judge_tile(TILES[13], world.reading.judge().tile(0))
    assert not j.scored and j.reason == "toppled"
    # A block standing in the gap between two tiles belongs to neither.
    world2 = make_world((13, 2, 0, 3, 4))
    world2.hand.place(6, x1 + 4.0, TABLE_Y - 22.0, 0.0)
    world2.settle(1.0)
    view = world2.reading.judge()
    assert all(not t.blocks for t in view.tiles)
    assert not judge_tile(TILES[13], view.tile(0)).scored


def test_placement_pose_rests_on_the_block_below(make_world):
    world = make_world((16, 2, 0, 3, 4))
    stack = place_tower(world, 0, 16)
    world.settle(1.0)
    polys = world.block_polygons(stack[1])
    plank_top = min(y for poly in polys for _, y in poly)
    x, y, a = world.reading.placement_pose(0, stack[:2], TILES[16].pieces[2])
    assert y + SHAPES["cube"].height / 2 == pytest.approx(plank_top, abs=0.05)
    assert a == pytest.approx(0.0, abs=0.01)  # tilted with the face below (here level)
    assert x == pytest.approx(world.block_pose(stack[1])[0], abs=0.05)


# -- dice ---------------------------------------------------------------------------------------


def test_a_die_knocks_a_tower_over_so_it_does_not_score(make_world):
    world = make_world((13, 2, 0, 3, 4))  # Column: pillar on pillar
    stack = place_tower(world, 0, 13)
    world.settle(1.0)
    assert judge_tile(TILES[13], world.reading.judge().tile(0)).scored
    x, y, _ = world.block_pose(stack[-1])
    angle, power = aim_at(world, 1, (x, y), 30.0)
    die = world.catapults.fire(1, angle, power)
    assert die is not None
    world.settle(4.0)
    events = world.pop_events()
    assert any(isinstance(e, E.DieHit) and e.direct for e in events)
    assert any(isinstance(e, E.Impact) and e.kinds == ("die", "block") for e in events)
    j = judge_tile(TILES[13], world.reading.judge().tile(0))
    assert not j.scored
    assert world.stats.dice_fired == 1 and world.stats.dice_hit == 1


def test_fast_dice_do_not_tunnel_through_blocks(make_world):
    for shape_id, angle in ((3, 0.0), (3, math.pi / 2), (8, 0.0)):  # thin plank both ways, cube
        world = make_world()
        cx = 640.0
        h = SHAPES[world.block_shape(shape_id)].size("lying" if angle else "upright")[1]
        world.hand.place(shape_id, cx, TABLE_Y - h / 2, angle)
        world.settle(0.5)
        die = world.catapults.fire(1, 0.3, 0.5)
        assert die is not None
        body = world.dice[die].body
        body.position = (cx - 60.0, TABLE_Y - h / 2)
        body.velocity = (W.MAX_SPEED, 0.0)
        body.angular_velocity = 0.0
        for _ in range(10):
            world.step()
            assert world.dice[die].body.position.x < world.block_pose(shape_id)[0]
    # Straight down at the cap onto a lying plank.
    world = make_world()
    world.hand.place(3, 640.0, TABLE_Y - 8.0, math.pi / 2)
    world.settle(0.5)
    die = world.catapults.fire(1, 0.3, 0.5)
    assert die is not None
    body = world.dice[die].body
    body.position = (640.0, TABLE_Y - 80.0)
    body.velocity = (0.0, W.MAX_SPEED)
    for _ in range(10):
        world.step()
        assert world.dice[die].body.position.y < world.block_pose(3)[1]


def test_speed_is_capped(make_world):
    world = make_world()
    die = world.catapults.fire(1, 0.5, 1.0)
    assert die is not None
    world.dice[die].body.velocity = (10_000.0, 0.0)
    world.step()
    assert world.dice[die].body.velocity.length <= W.MAX_SPEED + 1e-6


def test_things_that_leave_the_table_are_removed(make_world):
    world = make_world()
    die = world.catapults.fire(1, 0.5, 0.5)
    assert die is not None
    world.dice[die].body.position = (1270.0, 560.0)
    world.dice[die].body.velocity = (400.0, 0.0)
    world.hand.place(5, 1300.0, 560.0, 0.0)  # a block beyond the table's end falls
    steps(world, 120)
    events = world.pop_events()
    assert E.DieLost(die) in events and die not in world.die_ids()
    assert E.BlockReturned(5, "fell") in events
    assert world.block_where(5) == D.Where.TRAY and world.stats.blocks_fell == 1
    assert world.block_pose(5)[:2] == BLOCKS[5].tray_pos
    assert all(b.space is None or b is world.space.static_body for b in [world.blocks[5].body])


def test_catapult_reload_and_arm(make_world):
    world = make_world(saboteurs=(1, 2))
    assert world.catapults.can_fire(1)
    views = {v.seat: v for v in world.catapults.views()}
    rest = views[1].arm_angle
    assert views[1].facing == 1 and views[2].facing == -1
    assert world.catapults.fire(1, 0.7, 0.5) is not None
    assert world.catapults.fire(1, 0.7, 0.5) is None  # reloading
    steps(world, 3)
    moving = {v.seat: v for v in world.catapults.views()}[1]
    assert moving.arm_angle != rest and not moving.ready
    steps(world, int(CATAPULT_RELOAD * 60) + 1)
    assert world.catapults.can_fire(1)


def test_predicted_shot_matches_the_flight(make_world):
    world = make_world()
    world.catapults.aim(1, math.radians(50), 0.7)
    path = world.catapults.predict_shot(1, every=B.SUBSTEPS, seconds=0.5)
    die = world.catapults.fire(1)
    assert die is not None
    world.dice[die].body.angular_velocity = 0.0
    for k in range(1, 20):
        world.step()
        x, y, _ = world.die_pose(die)
        assert (x, y) == pytest.approx(path[k], abs=1e-6)


# -- the hand -----------------------------------------------------------------------------------


def test_a_tray_block_joins_the_table_only_above_it(make_world):
    world = make_world()
    start = BLOCKS[0].tray_pos
    assert world.hand.grab(start) == 0
    assert world.block_where(0) == D.Where.LIFT and world.hand.held_block == 0
    world.hand.drag_to((start[0], 640.0))
    world.step()
    assert world.block_where(0) == D.Where.LIFT  # still below the table top
    world.hand.drag_to((start[0], 400.0))
    world.step()
    assert world.block_where(0) == D.Where.HELD
    # Let go over the tray: it goes back.
    world.hand.drag_to((start[0], 660.0))
    steps(world, 30)
    assert world.hand.release() == 0
    assert world.block_where(0) == D.Where.TRAY
    assert E.BlockReturned(0, "tray") in world.pop_events()


def test_a_tray_block_lowered_into_the_table_comes_out_solid_on_top(make_world):
    # Playtest: a keyboard hand brought an arch straight onto a pad, too low to clear the table
    # top, and it stayed a see-through lifted block until the sand ran out.
    world = make_world()
    arch = next(s.block_id for s in BLOCKS if s.shape == "arch")
    world.hand.grab(BLOCKS[arch].tray_pos, arch)
    world.hand.drag_to((300.0, TABLE_Y - 8.0))  # the arch's middle, under half its height up
    world.step()
    assert world.block_where(arch) == D.Where.HELD
    x, y, a = world.block_pose(arch)
    lowest = max(py for poly in B.shape_polygons("arch", x, y, a) for _, py in poly)
    assert lowest == pytest.approx(TABLE_Y, abs=2.0) and x == pytest.approx(300.0)
    assert world.hand.release() == arch
    steps(world, 30)
    assert world.block_where(arch) == D.Where.TABLE


def test_a_held_block_rotates_and_cannot_be_pushed_through_the_table(make_world):
    world = make_world()
    start = BLOCKS[6].tray_pos  # a pillar, lying in the tray
    world.hand.grab(start)
    world.hand.drag_to((500.0, 450.0))
    steps(world, 5)
    world.hand.set_held_angle(0.0)
    steps(world, 60)
    assert world.block_pose(6)[2] == pytest.approx(0.0, abs=0.02)
    world.hand.rotate_held(math.pi / 2)
    steps(world, 60)
    assert world.block_pose(6)[2] == pytest.approx(math.pi / 2, abs=0.02)
    world.hand.drag_to((500.0, 605.0))  # just under the table top: the table holds the block up
    steps(world, 90)
    assert world.block_pose(6)[1] == pytest.approx(TABLE_Y - 9.0, abs=1.0)


def test_a_dragged_block_slides_over_a_tower_and_never_moves_it():
    # Issue 16: a newcomer's held block shoved and toppled what was built. Now a held block
    # is out of the physics: swept across a tower it passes in front of it, pushing nothing.
    m = match_with_row([13, 2, 0, 3, 4])
    turn = TurnController(m)
    place_tower(turn.world, 0, 13)
    turn.world.settle(1.0)
    assert turn.judgements()[0].scored
    tower = turn.judgements()[0].stack
    before = {b: turn.world.block_pose(b) for b in tower}
    beam = next(b.block_id for b in BLOCKS if b.shape == "beam")
    start = BLOCKS[beam].tray_pos
    turn.grab(start)
    turn.set_angle(math.pi / 2)
    move_hand(turn, start, (300.0, 660.0))  # along the tray, left of the tower
    move_hand(turn, (300.0, 660.0), (300.0, 540.0))
    move_hand(turn, (300.0, 540.0), (520.0, 540.0), speed=300.0)
    assert turn.world.block_pose(beam)[:2] == pytest.approx((520.0, 540.0))  # went across
    for b in tower:
        assert turn.world.block_pose(b) == pytest.approx(before[b], abs=0.05)
    move_hand(turn, (520.0, 540.0), (700.0, 300.0), speed=300.0)
    turn.release()
    steps(turn, 120)
    assert turn.judgements()[0].scored
    for b in tower:
        assert turn.world.block_pose(b) == pytest.approx(before[b], abs=0.5)


def _second_cube_in_hand() -> tuple[TurnController, int, tuple[float, float],
                                     tuple[float, float, float]]:
    """Twin cubes (cube on cube) with its first cube placed and the second taken from the
    tray: the turn, the held cube, where it was taken and the pose it belongs in."""
    m = match_with_row([13, 2, 0, 3, 4], players=2)
    turn = TurnController(m)
    slot = 3
    first, second = [b.block_id for b in BLOCKS if b.shape == "cube"][:2]
    x, y, a = turn.world.reading.placement_pose(slot, (), TILES[3].pieces[0])
    turn.world.hand.place(first, x, y - 0.5, a)
    steps(turn, 20)
    start = BLOCKS[second].tray_pos
    assert turn.grab(start) == second
    pose = turn.world.reading.placement_pose(slot, (first,), TILES[3].pieces[1])
    return turn, second, start, pose


def test_a_block_let_go_a_little_high_and_off_centre_is_set_down_square_on_its_support():
    turn, second, start, (gx, gy, ga) = _second_cube_in_hand()
    slot = 3
    turn.set_angle(ga + math.radians(5.0))
    move_hand(turn, start, (start[0], 300.0))
    move_hand(turn, (start[0], 300.0), (gx + 4.0, gy - 10.0))  # 10 high, 4 off, 5 degrees
    steps(turn, 10)
    turn.release()
    px, py, pa = turn.world.block_pose(second)
    assert (px, py, pa) == pytest.approx((gx, gy, ga), abs=0.5)
    assert turn.world.block_speed(second) == 0.0
    steps(turn, 60)
    assert next(j for j in turn.judgements() if j.slot == slot).scored


def test_a_block_let_go_inside_a_tower_rises_out_of_it_and_one_let_go_high_falls():
    m = match_with_row([13, 2, 0, 3, 4], players=2)
    turn = TurnController(m)
    first, second = [b.block_id for b in BLOCKS if b.shape == "cube"][:2]
    x, y, a = turn.world.reading.placement_pose(3, (), TILES[3].pieces[0])
    turn.world.hand.place(first, x, y - 0.5, a)
    steps(turn, 20)
    before = turn.world.block_pose(first)
    turn.world.hand.place(second, x, y - 200.0, 0.0)
    assert turn.world.hand.grab((x, y - 200.0)) == second
    turn.world.hand.drag_to((x, y - 200.0))
    # A tower knocked onto a held block: the held block is inside the cube; let go there.
    turn.world.blocks[second].body.position = (x + 3.0, y)
    turn.release()
    assert turn.world.block_pose(second)[1] < y - 10.0  # it rose out of the cube
    assert turn.world.block_pose(first) == pytest.approx(before, abs=0.05)
    assert turn.world.hand.grab(turn.world.block_pose(second)[:2]) == second
    move_hand(turn, turn.world.hand.position or (0.0, 0.0), (x, y - 150.0))
    turn.release()
    assert turn.world.block_pose(second)[1] == pytest.approx(y - 150.0, abs=0.5)  # falls


def test_the_builder_may_not_block_dice(make_world):
    world = make_world()
    start = BLOCKS[0].tray_pos
    world.hand.grab(start)
    world.hand.drag_to((640.0, 400.0))
    steps(world, 40)
    die = world.catapults.fire(1, 0.5, 0.5)
    assert die is not None
    body = world.dice[die].body
    body.position = (560.0, 398.0)
    body.velocity = (900.0, 0.0)
    steps(world, 12)
    assert world.die_pose(die)[0] > 700.0  # passed through the held beam
    assert not any(isinstance(e, E.DieHit) for e in world.pop_events())
    world.hand.release()
    assert world.blocks[0].shapes[0].filter == B.FILTER_BLOCK


def test_impacts_are_reported_for_sound_and_dust(make_world):
    world = make_world()
    world.hand.place(8, 640.0, 300.0, 0.0)
    steps(world, 40)
    impacts = [e for e in world.pop_events() if isinstance(e, E.Impact)]
    assert impacts and impacts[0].kinds == ("block", "table")
    assert impacts[0].strength > W.IMPACT_MIN and impacts[0].y == pytest.approx(TABLE_Y, abs=2)


def test_what_to_draw(make_world):
    world = make_world(saboteurs=(1, 2, 3, 4))
    poses = world.poses()
    assert len(poses) == 16 and all(p.kind == "block" and p.where == "tray" for p in poses)
    world.catapults.fire(1, 0.6, 0.5)
    steps(world, 2)
    poses = world.poses(alpha=0.5)
    assert [p.kind for p in poses].count("die") == 1
    assert len(world.catapults.views()) == 4
    assert len(B.shape_polygons("arch", 0.0, 0.0, 0.0)) == 3
    assert len(B.die_polygon(0.0, 0.0, 0.3)) == 4
    assert world.advance(0.05) == 3 and 0.0 <= world.stepper.alpha < 1.0


# -- determinism and snapshots -------------------------------------------------------------------


def scripted(world: W.TowerWorld) -> None:
    world.hand.grab(BLOCKS[2].tray_pos)
    for i in range(40):
        world.hand.drag_to((BLOCKS[2].tray_pos[0] + i * 6.0, 690.0 - i * 8.0))
        world.step()
    world.hand.release()
    world.catapults.fire(1, math.radians(40), 0.62)
    steps(world, 30)
    world.catapults.fire(1, math.radians(25), 0.8)
    steps(world, 150)


def test_same_seed_and_inputs_give_the_same_result(make_world):
    a, b = make_world(seed=42), make_world(seed=42)
    for w in (a, b):
        place_tower(w, 0, 1)
        scripted(w)
    assert a.snapshot() == b.snapshot()
    c = make_world(seed=43)
    place_tower(c, 0, 1)
    scripted(c)
    assert c.snapshot() != a.snapshot()  # the seed sets each die's spin


def test_worlds_rebuilt_from_one_snapshot_run_identically(make_world):
    world = make_world(saboteurs=(1, 2))
    place_tower(world, 0, 1)
    world.catapults.fire(1, math.radians(45), 0.6)
    world.hand.grab(BLOCKS[9].tray_pos)
    world.hand.drag_to((700.0, 450.0))
    steps(world, 10)
    snap = world.snapshot()
    again = D.WorldSnapshot.from_dict(json.loads(json.dumps(snap.to_dict())))
    assert again == snap
    w1, w2 = W.TowerWorld.from_snapshot(snap), W.TowerWorld.from_snapshot(again)
    assert w1.hand.held_block == 9 and w1.block_where(0) == D.Where.TABLE
    for w in (w1, w2):
        w.catapults.fire(2, math.radians(35), 0.7)
        for i in range(90):
            w.hand.drag_to((700.0 - i, 450.0))
            w.step()
    assert w1.snapshot() == w2.snapshot()


# -- the turn and the optional rule ---------------------------------------------------------------


def rest_die_on(turn: TurnController, seat: int, x: float) -> int:
    die = turn.fire(seat, 0.5, 0.3)
    assert isinstance(die, int)
    body = turn.world.dice[die].body
    body.position = (x, TABLE_Y - DIE_SIZE / 2)
    body.velocity = (0.0, 0.0)
    body.angular_velocity = 0.0
    body.angle = 0.0
    return die


def test_turn_controller_enforces_the_rules():
    m = match_with_row([13, 2, 0, 3, 4], players=2)
    turn = TurnController(m)
    assert turn.building and turn.time_left == 30.0
    for _ in range(8):
        assert isinstance(turn.fire(1, 0.6, 0.2), int)
        steps(turn, int(CATAPULT_RELOAD * 60) + 1)
    assert turn.fire(1) == Rejected("no dice left")
    assert isinstance(turn.fire(0), Rejected)
    turn.grab(BLOCKS[0].tray_pos)
    turn.drag_to((400.0, 400.0))
    while turn.building:
        turn.step()
    assert turn.world.hand.held_block is None  # time up: the hand lets go
    assert turn.grab(BLOCKS[1].tray_pos) is None
    assert isinstance(turn.fire(1), Rejected)
    while not turn.done:
        turn.step()
    events = turn.pop_events()
    assert any(isinstance(e, E.TimeUp) for e in events)
    assert any(isinstance(e, E.TurnOver) for e in events)
    assert turn.settling_time <= W.SETTLE_SECONDS + 1e-6
    assert m.builder == 1


def test_optional_rule_a_die_at_rest_closes_a_tile():
    m = match_with_row([13, 2, 0, 3, 4], players=2, closing_rule=True)
    turn = TurnController(m)
    x0, x1 = SLOT_RANGES[1]
    rest_die_on(turn, 1, (x0 + x1) / 2)
    steps(turn, 40)
    events = turn.pop_events()
    assert E.TileClosed(1, False) in events
    assert 1 in m.closed and not m.can_build_on(1)


def test_optional_rule_a_finished_tower_on_a_closed_tile_still_scores():
    m = match_with_row([13, 2, 0, 3, 4], players=2, closing_rule=True)
    turn = TurnController(m)
    stack = place_tower(turn.world, 0, 13)
    turn.world.settle(1.0)
    x0, _ = SLOT_RANGES[0]
    rest_die_on(turn, 1, x0 + 14.0)  # beside the Column, on its tile
    steps(turn, 40)
    assert E.TileClosed(0, True) in turn.pop_events()
    assert m.closed[0] == stack
    assert turn.grab(turn.world.block_pose(stack[0])[:2]) is None  # its blocks are locked
    while not turn.done:
        turn.step()
    assert turn.result is not None and turn.result.won_tiles == (13,)


def test_without_the_option_dice_close_nothing():
    m = match_with_row([13, 2, 0, 3, 4], players=2)
    turn = TurnController(m)
    x0, x1 = SLOT_RANGES[1]
    rest_die_on(turn, 1, (x0 + x1) / 2)
    steps(turn, 40)
    events = turn.pop_events()
    assert any(isinstance(e, E.DieRested) for e in events)
    assert not any(isinstance(e, E.TileClosed) for e in events) and not m.closed


def test_a_world_is_built_from_the_match():
    m = new_match(4, seed=9)
    m.apply(StartTurn(m.builder))
    world = W.TowerWorld.from_match(m)
    assert world.setup.row == tuple(m.row) and world.setup.seed == m.turn_seed
    assert sorted(world.catapults) == m.saboteurs()
    for seat, cat in world.catapults.items():
        assert cat.slot == m.catapult_slots()[seat]
    assert LYING in SHAPES["beam"].orientations


def test_ghost_shows_the_next_block_of_a_hovered_tile():
    m = match_with_row([16, 2, 0, 3, 4])  # Stack: cube, plank, cube, roof
    turn = TurnController(m)
    assert W.TowerWorld.slot_at(426.0) == 0 and W.TowerWorld.slot_at(476.0) is None
    shape, x, y, a = turn.ghost(0) or ("", 0.0, 0.0, 0.0)
    assert shape == "cube" and y == pytest.approx(TABLE_Y - 12.0)
    stack = place_tower(turn.world, 0, 16)
    turn.world.settle(1.0)
    assert turn.ghost(0) is None  # complete
    turn.world.hand.place(stack[-1], 640.0, TABLE_Y - 12.0, 0.0)  # take the roof off
    turn.world.settle(1.0)
    ghost = turn.ghost(0)
    assert ghost is not None and ghost[0] == "roof"


def test_mouse_pull_back_aims_the_catapult(make_world):
    world = make_world(saboteurs=(1, 2))
    # Left catapult shoots right: pulling down and left aims up and right.
    elev, power = world.catapults.pull_to_aim(1, (-80.0, 80.0))
    assert elev == pytest.approx(math.radians(45)) and power == pytest.approx(
        math.hypot(80, 80) / 160
    )
    elev, power = world.catapults.pull_to_aim(2, (80.0, 80.0))  # right catapult mirrored
    assert elev == pytest.approx(math.radians(45))
    assert world.catapults.pull_to_aim(1, (-1000.0, 0.0))[1] == 1.0
    assert world.catapults.pull_to_aim(1, (-100.0, -100.0))[0] == pytest.approx(MIN_LAUNCH_ANGLE)




def test_a_block_still_in_hand_when_the_sand_runs_out_does_not_count():
    m = match_with_row([13, 2, 0, 3, 4], players=2)
    turn = TurnController(m)
    slot = 3  # Twin cubes: cube on cube
    first, second = [b.block_id for b in BLOCKS if b.shape == "cube"][:2]
    x, y, a = turn.world.reading.placement_pose(slot, (), TILES[3].pieces[0])
    turn.world.hand.place(first, x, y - 0.5, a)
    steps(turn, 10)
    # The builder holds the second cube exactly where it completes the tower.
    start = BLOCKS[second].tray_pos
    assert turn.grab(start) == second
    x, y, a = turn.world.reading.placement_pose(slot, (first,), TILES[3].pieces[1])
    move_hand(turn, start, (start[0], 300.0))
    move_hand(turn, (start[0], 300.0), (x, 300.0))
    move_hand(turn, (x, 300.0), (x, y), speed=60.0)
    steps(turn, 10)
    assert turn.world.hand.held_block == second
    live = next(j for j in turn.judgements() if j.slot == slot)
    assert live.reason == "block still held" and live.extra == 1  # resting right on the cube
    while turn.building:
        turn.step()
    assert E.BlockReturned(second, "time") in turn.pop_events()
    assert turn.world.block_where(second) == D.Where.TRAY
    assert turn.world.hand.held_block is None
    while not turn.done:
        turn.step()
    assert turn.result is not None
    verdict = next(j for j in turn.result.judgements if j.slot == slot)
    assert not verdict.scored and verdict.progress == 1
    assert turn.result.points == 0


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_numbers_that_are_not_finite_never_reach_the_world(bad: float):
    m = match_with_row([13, 2, 0, 3, 4], players=2)
    turn = TurnController(m)
    world = turn.world
    start = BLOCKS[0].tray_pos
    for call, what in [
        (lambda: world.hand.grab((bad, 300.0)), "grab point"),
        (lambda: world.hand.block_at((300.0, bad)), "block_at point"),
        (lambda: world.hand.place(0, bad, 500.0, 0.0), "place pose"),
        (lambda: world.catapults.aim(1, bad, 0.5), "aim"),
        (lambda: world.catapults.aim(1, 0.5, bad), "aim"),
        (lambda: world.catapults.fire(1, bad, 0.5), "fire aim"),
        (lambda: world.catapults.pull_to_aim(1, (bad, 10.0)), "pull"),
        (lambda: world.catapults.launch_velocity(1, 0.5, bad), "launch aim"),
        (lambda: world.catapults.predict_shot(1, bad, 0.5), "predicted shot"),
        (lambda: world.settle(bad), "settle time"),
        (lambda: world.advance(bad), "elapsed time"),
    ]:
        with pytest.raises(NotFiniteError, match=what):
            call()
    assert world.dice == {} and world.hand.held_block is None
    cat = world.catapults[1]
    assert math.isfinite(cat.aim_angle) and math.isfinite(cat.aim_power)
    # Holding a block: the hand and the angle refuse too, and the block keeps a sane pose.
    assert world.hand.grab(start) == 0
    with pytest.raises(NotFiniteError, match="drag_to point"):
        world.hand.drag_to((bad, 200.0))
    with pytest.raises(NotFiniteError, match="held angle"):
        world.hand.set_held_angle(bad)
    with pytest.raises(NotFiniteError, match="rotation"):
        world.hand.rotate_held(bad)
    # The turn (what controllers call) refuses quietly, and nothing it refused reaches the world.
    turn.drag_to((bad, bad))
    turn.set_angle(bad)
    turn.rotate(bad)
    turn.aim(1, bad, bad)
    assert turn.fire(1, bad, 0.5) == Rejected("the aim is not a number")
    assert m.dice_left[1] == 8
    steps(turn, 30)
    x, y, a = world.block_pose(0)
    assert all(math.isfinite(v) for v in (x, y, a))
    assert world.hand.held_angle is not None and math.isfinite(world.hand.held_angle)
    turn.release()
    world.hand.release()
    assert turn.grab((bad, 1.0)) is None


def test_a_block_at_rest_out_of_the_builders_reach_goes_back_to_the_tray(make_world):
    """The build view holds still and shows the row of pads: a block knocked beyond it, lying
    on the table, is handed back to the tray once still (where the builder can reach it)."""
    world = make_world()
    far = W.REACH_X[0] - 60.0
    near = (SLOT_RANGES[0][0] + SLOT_RANGES[0][1]) / 2.0
    h = SHAPES["cube"].height / 2.0
    world.hand.place(8, far, TABLE_Y - h, 0.0)  # a cube left of the row
    world.hand.place(9, near, TABLE_Y - h, 0.0)  # a cube on the first pad
    steps(world, W.REACH_FRAMES + 20)
    events = world.pop_events()
    assert E.BlockReturned(8, "reach") in events
    assert world.block_where(8) == D.Where.TRAY and world.block_pose(8)[:2] == BLOCKS[8].tray_pos
    assert world.block_where(9) == D.Where.TABLE
    assert world.stats.blocks_fell == 0  # handed back, not lost off the table


def test_a_die_in_flight_says_where_it_will_land(make_world):
    """The builder's close view marks where an incoming die comes down (issue: hidden dice)."""
    world = make_world(row=(None, None, None, None, None))
    die = world.catapults.fire(1, math.radians(45.0), 0.7)
    assert die is not None
    for _ in range(10):
        world.step()
    (seat, die_id, x, t), = world.catapults.dice_landings()
    assert (seat, die_id) == (1, die) and t > 0.1
    while world.catapults.dice_landings():
        world.step()
    landed_x = world.die_pose(die)[0]
    assert world.time == pytest.approx(10 / 60 + t, abs=0.05)
    assert landed_x == pytest.approx(x, abs=12.0)


def test_a_cube_let_go_eight_units_off_centre_is_centred_on_the_cube_below():
    """A playtester's cube let go a little off a narrow top landed beside the stack: within
    `SNAP_X` (9 units) of the centre it is set down centred, and the tower scores."""
    assert H.SNAP_X >= 8.5
    turn, second, start, (gx, gy, ga) = _second_cube_in_hand()
    slot = 3
    turn.set_angle(ga)
    move_hand(turn, start, (start[0], 300.0))
    move_hand(turn, (start[0], 300.0), (gx - 8.0, gy - 6.0))  # 6 high, 8 off to the left
    steps(turn, 10)
    turn.release()
    assert turn.world.block_pose(second)[:2] == pytest.approx((gx, gy), abs=0.5)
    steps(turn, 90)
    assert next(j for j in turn.judgements() if j.slot == slot).scored


def test_the_ghost_reads_a_judge_at_most_three_frames_old_and_never_across_a_hand_action():
    """The ghost outline is drawn every frame; the full judge every frame cost the build view
    about 0.7 ms. `judge_recent` reuses a view up to three physics frames old, but never one
    taken before a hand action or a placement."""
    w = W.TowerWorld.from_match(new_match(Options(players=2), seed=3))
    first = w.reading.judge()
    for _ in range(3):
        w.step()
        assert w.reading.judge_recent() is first
    w.step()
    fourth = w.reading.judge_recent()
    assert fourth is not first
    w.step()
    w.hand.place(0, 100.0, 100.0, 0.0)  # a placement: the cached view is stale at once
    assert w.reading.judge_recent() is not fourth
