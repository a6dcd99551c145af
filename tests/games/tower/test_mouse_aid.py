"""Tower Kaboom's mouse aid: a block taken from the tray keeps the way it lay (one picked up
off the table comes up turned as its card prints it), a faint outline shows where the dragged
block goes, and one let go close to the outline settles into it exactly, turned as printed
(far from it, it is let go as before). A replay of a settled let-go re-runs to the same
table."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game.games.tower.controls import MouseBuilderControl
from game.games.tower.data import BLOCKS, ORIENTATION_ANGLE, SLOT_RANGES, TABLE_Y, TILES
from game.games.tower.replay import apply_input, turn_hash
from game.games.tower.rules import Options, new_match
from game.games.tower.turn import TurnController
from game.games.tower.worlddata import Where

# Seed 1, two players: slot 0 is the Needle (a long beam upright, then a cube), slot 1 the
# Lamp (pillar upright, short beam lying, pillar upright).
SEED = 1


class Inputs:
    """Records a turn's inputs with the step they came at (as a replay does)."""

    def __init__(self) -> None:
        self.steps = 0
        self.inputs: list[tuple[int, int, list[Any]]] = []

    def note(self, seat: int, kind: str, args: tuple[Any, ...]) -> None:
        self.inputs.append((self.steps, seat, [kind, *args]))

    def stepped(self, turn: TurnController) -> None:
        self.steps += 1


def new_turn() -> TurnController:
    turn = TurnController(new_match(Options(players=2), SEED))
    assert TILES[turn.match.row[0] or 0].pieces == (("beam", "upright"), ("cube", "upright"))
    return turn


def tray_block(turn: TurnController, shape: str) -> int:
    return next(b.block_id for b in BLOCKS
                if b.shape == shape and turn.world.block_where(b.block_id) == Where.TRAY)


def centre(slot: int) -> float:
    return sum(SLOT_RANGES[slot]) / 2.0


def drag(turn: TurnController, ctl: MouseBuilderControl, start: tuple[float, float],
         end: tuple[float, float], frames: int = 30) -> None:
    for i in range(1, frames + 1):
        k = i / frames
        ctl.motion(turn, (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k))
        turn.step()
    for _ in range(10):
        turn.step()


def pick_beam_over_needle(turn: TurnController) -> tuple[MouseBuilderControl, int]:
    ctl = MouseBuilderControl(seat=turn.builder, kind="mouse")
    bid = tray_block(turn, "beam")
    start = BLOCKS[bid].tray_pos
    assert ctl.press(turn, start, 1)
    drag(turn, ctl, start, (centre(0), 500.0))
    return ctl, bid


def test_a_block_from_the_tray_keeps_the_way_it_lay_and_still_settles_as_printed() -> None:
    """A stranger's long beam, taken flat from the tray for a flat spot, turned upright in his
    hand: a tray block keeps the way it lay, and let go over its outline it still settles as
    its card prints it (the Needle's beam stands)."""
    turn = new_turn()
    ctl = MouseBuilderControl(seat=turn.builder, kind="mouse")
    beam = tray_block(turn, "beam")
    assert BLOCKS[beam].tray_orientation == "lying"
    ctl.press(turn, BLOCKS[beam].tray_pos, 1)
    drag(turn, ctl, BLOCKS[beam].tray_pos, (400.0, 450.0))
    assert turn.world.hand.held_angle == pytest.approx(ORIENTATION_ANGLE["lying"])
    drag(turn, ctl, (400.0, 450.0), (centre(0), 500.0))  # over the Needle's pad
    assert turn.world.hand.held_angle == pytest.approx(ORIENTATION_ANGLE["lying"])
    got = ctl.outline(turn)
    assert got is not None and got[4]  # its outline lit: letting go settles it
    ctl.lift(turn, (centre(0), 500.0), 1)
    for _ in range(90):
        turn.step()
    x, _, a = turn.world.block_pose(beam)
    assert abs(math.sin(a - ORIENTATION_ANGLE["upright"])) < 0.05 and abs(x - centre(0)) < 2.0
    assert turn.judgements()[0].progress == 1
    # The wheel and a right click still turn a held block a quarter.
    pillar = tray_block(turn, "pillar")
    ctl.press(turn, BLOCKS[pillar].tray_pos, 1)
    drag(turn, ctl, BLOCKS[pillar].tray_pos, (400.0, 450.0))
    assert turn.world.hand.held_angle == pytest.approx(ORIENTATION_ANGLE["lying"])
    ctl.wheel(turn, 1)
    assert abs(math.sin(turn.world.hand.held_angle or 0.0)) == pytest.approx(0.0, abs=1e-9)
    ctl.press(turn, (400.0, 450.0), 3)
    assert abs(math.sin(turn.world.hand.held_angle or 0.0)) == pytest.approx(1.0)


def test_a_block_off_the_table_is_turned_for_a_tower_that_needs_it_not_an_untouched_mega(
        ) -> None:
    """Seed 5: Mushroom, Aqueduct, Mega, Viaduct, Needle. A long beam picked up lying off the
    table (knocked off; the Mushroom being built needs none) comes up standing, as the Needle
    prints it, not lying as the nearer Mega does (a beam came up lying in a real window)."""
    turn = TurnController(new_match(Options(players=2), 5))
    names = [TILES[t or 0].name for t in turn.match.row]
    assert names == ["Mushroom", "Aqueduct", "Mega Tower", "Viaduct", "Needle"]
    ctl = MouseBuilderControl(seat=turn.builder, kind="mouse")
    beam = tray_block(turn, "beam")
    turn.world.hand.place(beam, 640.0, TABLE_Y - 8.0, ORIENTATION_ANGLE["lying"])
    for _ in range(30):
        turn.step()
    assert turn.world.block_where(beam) == Where.TABLE
    x, y, _ = turn.world.block_pose(beam)
    ctl.press(turn, (x, y), 1)
    drag(turn, ctl, (x, y), (600.0, 450.0))
    assert turn.world.hand.held_angle == pytest.approx(ORIENTATION_ANGLE["upright"])


def test_the_outline_shows_where_the_dragged_block_goes() -> None:
    turn = new_turn()
    ctl, _ = pick_beam_over_needle(turn)
    got = ctl.outline(turn)
    assert got is not None
    shape, x, y, a, near = got
    # The Needle's first block: a long beam (84 tall) standing up in the middle of its pad.
    assert (shape, x, y, a) == ("beam", pytest.approx(centre(0)), pytest.approx(TABLE_Y - 42.0),
                                pytest.approx(0.0))
    assert near  # held 58 units above it, less than its height: letting go settles it
    ctl.motion(turn, (centre(0) + 30.0, 440.0))
    turn.step()
    assert ctl.outline(turn) == ("beam", *got[1:4], True)  # over its pad, a little high: lit
    ctl.motion(turn, (centre(0), 320.0))
    turn.step()
    assert ctl.outline(turn) == ("beam", *got[1:4], False)  # far above its pad: it drops
    ctl.motion(turn, (centre(0) + 52.0, 545.0))
    turn.step()
    assert ctl.outline(turn) == ("beam", *got[1:4], False)  # beside its pad: still far
    ctl.motion(turn, (centre(0) + 7.0, 545.0))
    turn.step()
    assert ctl.outline(turn) == ("beam", *got[1:4], True)


def test_let_go_close_to_the_outline_the_block_settles_into_it() -> None:
    turn = new_turn()
    ctl, bid = pick_beam_over_needle(turn)
    ctl.motion(turn, (centre(0) + 7.0, 540.0))  # 7 units off, 18 above, 3 degrees turned
    turn.step()
    turn.set_angle(math.radians(3.0))
    for _ in range(5):
        turn.step()
    ctl.lift(turn, (centre(0) + 7.0, 540.0), 1)
    x, y, a = turn.world.block_pose(bid)
    assert (x, a) == (pytest.approx(centre(0)), pytest.approx(0.0))
    assert y == pytest.approx(TABLE_Y - 42.0, abs=0.3)
    for _ in range(60):
        turn.step()
    j = next(j for j in turn.judgements() if j.slot == 0)
    assert j.progress == 1 and j.reason == "unfinished"


@pytest.mark.parametrize("let_go, angle", [((52.0, 540.0), 0.0), ((0.0, 300.0), 0.0),
                                            ((52.0, 540.0), 35.0)])
def test_let_go_far_from_the_outline_the_block_is_let_go_as_before(
        let_go: tuple[float, float], angle: float) -> None:
    turn = new_turn()
    ctl, bid = pick_beam_over_needle(turn)
    at = (centre(0) + let_go[0], let_go[1])
    ctl.motion(turn, at)
    turn.step()
    turn.set_angle(math.radians(angle))
    for _ in range(30):
        turn.step()
    before = turn.world.block_pose(bid)
    got = ctl.outline(turn)
    assert got is not None and not got[4]  # the outline is shown, not lit: too far
    ctl.lift(turn, at, 1)
    x, y, a = turn.world.block_pose(bid)
    assert (x, a) == (pytest.approx(before[0], abs=0.5), pytest.approx(before[2], abs=1e-6))
    settled = (x == pytest.approx(centre(0), abs=1.0) and a == pytest.approx(0.0, abs=1e-3)
               and y == pytest.approx(TABLE_Y - 42.0, abs=1.0))
    assert not settled


@pytest.mark.parametrize("at", [(30.0, 440.0), (-40.0, 480.0), (0.0, 420.0)])
def test_let_go_anywhere_over_its_pad_a_little_high_the_block_settles_as_tab_sets_it(
        at: tuple[float, float]) -> None:
    """Tab carries a keyboard builder's block over its pad's middle, its foot just above the
    top; a stranger's mouse blocks let go a little high or off the middle fell and tipped.
    Let go anywhere over its pad, up to `SNAP_ABOVE` over a block's height, it settles."""
    turn = new_turn()
    ctl, bid = pick_beam_over_needle(turn)
    hand = (centre(0) + at[0], at[1])
    ctl.motion(turn, hand)
    for _ in range(10):
        turn.step()
    _lets_go_settled(turn, ctl, bid, hand)
    for _ in range(60):
        turn.step()
    j = next(j for j in turn.judgements() if j.slot == 0)
    assert j.progress == 1 and j.reason == "unfinished"


def _lets_go_settled(turn: Any, ctl: Any, bid: int, hand: tuple[float, float]) -> None:
    """The outline is lit, and letting go at `hand` sets the beam standing on the Needle's
    pad, centred, upright."""
    got = ctl.outline(turn)
    assert got is not None and got[4]  # lit: letting go now settles it
    ctl.lift(turn, hand, 1)
    x, y, a = turn.world.block_pose(bid)
    assert (x, a) == (pytest.approx(centre(0)), pytest.approx(0.0))
    assert y == pytest.approx(TABLE_Y - 42.0, abs=0.3)


@pytest.mark.parametrize("angle", [35.0, 90.0])
def test_let_go_close_to_the_outline_at_any_angle_the_block_settles_as_it_shows(
        angle: float) -> None:
    """A stranger turned a block that had come up turned as printed and let go of it lying
    where it stands: the outline says how it goes, so a let-go close to it settles as shown."""
    turn = new_turn()
    ctl, bid = pick_beam_over_needle(turn)
    at = (centre(0) + 15.0, 500.0)  # a beam's width off and most of its height above
    ctl.motion(turn, at)
    turn.step()
    turn.set_angle(math.radians(angle))
    for _ in range(5):
        turn.step()
    _lets_go_settled(turn, ctl, bid, at)


def test_a_replay_of_a_settled_let_go_re_runs_to_the_same_table() -> None:
    turn = new_turn()
    rec = Inputs()
    turn.recorder = rec
    ctl, bid = pick_beam_over_needle(turn)
    ctl.motion(turn, (centre(0) + 7.0, 540.0))
    turn.step()
    ctl.lift(turn, (centre(0) + 7.0, 540.0), 1)
    for _ in range(90):
        turn.step()
    assert turn.world.block_pose(bid)[0] == pytest.approx(centre(0), abs=0.1)
    assert [p[:2] for _, _, p in rec.inputs].count(["let_go", 1]) == 1  # guarded, aided
    want = turn_hash(turn)

    again = _replayed(rec)
    assert turn_hash(again) == want
    assert again.world.block_pose(bid)[0] == pytest.approx(centre(0), abs=0.1)


def test_the_newcomer_model_builds_by_the_aid_as_a_mouse_player_does() -> None:
    """`tiers.NEWCOMER` (a person's first matches with a mouse) carries each block to its
    outline and lets go there: its blocks settle into their exact poses."""
    from game.games.tower.ai import BuilderAI
    from game.games.tower.tiers import NEWCOMER, NEWCOMER_NAME

    assert NEWCOMER.builder.aided
    turn = new_turn()
    rec = Inputs()
    turn.recorder = rec
    ai = BuilderAI(NEWCOMER_NAME, 3, NEWCOMER.builder)
    while ai.placed < 1:
        ai.update(turn)
        turn.step()
    kinds = [p[0] for _, _, p in rec.inputs]
    assert "settle" in kinds and "release" not in kinds
    poses = {bid: turn.world.block_pose(bid) for bid in range(len(BLOCKS))}
    for _ in range(20):
        turn.step()  # the table takes it (contacts)
    j = next(j for j in turn.judgements() if j.slot == ai.target)
    assert j.progress == 1
    bid = j.stack[0]
    tile = TILES[turn.match.row[j.slot] or 0]
    x, y, a = turn.world.reading.placement_pose(j.slot, (), tile.pieces[0])
    got = poses[bid]  # as it was let go
    assert got[0] == pytest.approx(x, abs=1e-6) and got[2] == pytest.approx(a, abs=1e-6)


def test_a_block_picked_up_off_the_table_snaps_as_a_tray_block_does() -> None:
    # A stranger's fallen pillar, picked up lying off the table and let go on its pad's
    # outline, never settled there: only tray blocks came up turned as printed.
    turn = new_turn()
    ctl = MouseBuilderControl(seat=turn.builder, kind="mouse")
    bid = tray_block(turn, "pillar")
    start = BLOCKS[bid].tray_pos
    assert ctl.press(turn, start, 1)
    gap = (SLOT_RANGES[1][1] + SLOT_RANGES[2][0]) / 2.0
    drag(turn, ctl, start, (gap, 300.0))
    turn.set_angle(math.pi / 2.0)  # turned by hand: it lies
    for _ in range(5):
        turn.step()
    ctl.lift(turn, (gap, 300.0), 1)
    for _ in range(200):
        turn.step()
    x, y, a = turn.world.block_pose(bid)
    assert abs(math.sin(a)) > 0.9  # lying on the table
    assert ctl.press(turn, (x, y), 1)
    held_angle = turn.world.hand.held_angle
    assert held_angle is not None and abs(math.sin(held_angle)) < 0.1
    target = turn.settle_target("pillar", turn.world.block_pose(bid))
    assert target is not None and target[0] == 1
    outline = ctl.outline(turn)
    assert outline is not None
    drag(turn, ctl, (x, y), (target[1], target[2]))
    ctl.lift(turn, (target[1], target[2]), 1)
    for _ in range(60):
        turn.step()
    assert turn.judgements()[1].progress == 1


@pytest.mark.parametrize("dx", [0.0, 30.0, -30.0])
def test_a_block_let_go_over_the_tower_lower_than_its_spot_settles_on_top(dx: float) -> None:
    """A stranger let his mouse blocks go with the pointer on the tower's side, lower than the
    outline on top: over its pad, down to the table, the block settles as the outline shows;
    a replay of that let-go re-runs to the same table."""
    turn = new_turn()
    rec = Inputs()
    turn.recorder = rec
    ctl, beam = pick_beam_over_needle(turn)
    ctl.lift(turn, (centre(0), 500.0), 1)
    for _ in range(60):
        turn.step()
    cube = tray_block(turn, "cube")
    start = BLOCKS[cube].tray_pos
    assert ctl.press(turn, start, 1)
    low = (centre(0) + dx, TABLE_Y - 30.0)  # beside the standing beam's middle
    drag(turn, ctl, start, low)
    got = ctl.outline(turn)
    assert got is not None and got[4]  # the outline is lit
    ghost = got[1:4]
    ctl.lift(turn, low, 1)
    assert turn.world.block_pose(cube) == pytest.approx(ghost, abs=0.5)
    for _ in range(60):
        turn.step()
    j = next(j for j in turn.judgements() if j.slot == 0)
    assert j.complete
    want = turn_hash(turn)
    again = _replayed(rec)
    assert turn_hash(again) == want


def _replayed(rec: Any) -> Any:
    """A fresh turn fed the recorded inputs at their steps (the replay's own path)."""
    again = new_turn()
    inputs = list(rec.inputs)
    for step in range(rec.steps):
        while inputs and inputs[0][0] == step:
            _, seat, payload = inputs.pop(0)
            assert apply_input(again, 0, seat, payload, 2) is None
        again.step()
    return again
