"""Tower Kaboom's wrong-spot guard: a block a human builder lets go at the next spot of a tower
that wants another block there (or nothing more) goes back to the tray at once with a
`BlockRefused` event, whose words the scene shows beside the tower; it is never set down there
as if right (a stranger's cube on the Stack's short-beam spot was taken silently and only
refused at scoring). The right block still settles, and a replay guards the same way."""

from __future__ import annotations

from typing import Any

from game.games.tower.controls import CursorBuilderControl, MouseBuilderControl
from game.games.tower.data import BLOCKS, SLOT_RANGES, TILES
from game.games.tower.events import BlockRefused
from game.games.tower.replay import apply_input, turn_hash
from game.games.tower.rules import Options, new_match, refused_words
from game.games.tower.turn import TurnController
from game.games.tower.worlddata import Where

# Seed 1, two players: slot 0 is the Needle (a long beam upright, then a cube), slot 1 the
# Lamp (pillar upright, short beam lying, pillar upright).
SEED = 1


class Inputs:
    def __init__(self) -> None:
        self.steps = 0
        self.inputs: list[tuple[int, int, list[Any]]] = []

    def note(self, seat: int, kind: str, args: tuple[Any, ...]) -> None:
        self.inputs.append((self.steps, seat, [kind, *args]))

    def stepped(self, turn: TurnController) -> None:
        self.steps += 1

    def feed(self, turn: TurnController) -> None:
        """Run `turn` (a fresh copy of the recorded one) to the recorded end, each input
        applied at the step it came at, as a replay does."""
        steps = 0
        for at_step, seat, payload in self.inputs:
            while steps < at_step:
                turn.step()
                steps += 1
            assert apply_input(turn, 0, seat, payload, 2) is None
        while steps < self.steps:
            turn.step()
            steps += 1


def tray_block(turn: TurnController, shape: str) -> int:
    return next(b.block_id for b in BLOCKS
                if b.shape == shape and turn.world.block_where(b.block_id) == Where.TRAY)


def centre(slot: int) -> float:
    return sum(SLOT_RANGES[slot]) / 2.0


def lamp_with_its_pillar() -> tuple[TurnController, int]:
    """The Lamp's first block (a pillar) stands on its pad; the short beam goes on it next."""
    turn = TurnController(new_match(Options(players=2), SEED))
    assert TILES[turn.match.row[1] or 0].name == "Lamp"
    pillar = tray_block(turn, "pillar")
    turn.world.hand.place(pillar, *turn.world.reading.placement_pose(1, (), ("pillar", "upright")))
    for _ in range(30):
        turn.step()
    assert next(j for j in turn.judgements() if j.slot == 1).progress == 1
    return turn, pillar


def mouse_drag(turn: TurnController, ctl: MouseBuilderControl, bid: int,
               end: tuple[float, float]) -> None:
    start = BLOCKS[bid].tray_pos
    assert ctl.press(turn, start, 1)
    for i in range(1, 31):
        k = i / 30
        ctl.motion(turn, (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k))
        turn.step()
    for _ in range(10):
        turn.step()


def refusals(turn: TurnController) -> list[BlockRefused]:
    return [e for e in turn.pop_events() if isinstance(e, BlockRefused)]


def spot_above(turn: TurnController, bid: int) -> tuple[float, float]:
    """Just above a block's top: where the next block of its tower is let go."""
    (mx, my), _, _ = turn.world.reading.top_face(bid)
    return (mx + 3.0, my - 16.0)


def test_a_cube_let_go_on_the_short_beams_spot_goes_back_with_a_note() -> None:
    turn, pillar = lamp_with_its_pillar()
    ctl = MouseBuilderControl(seat=turn.builder, kind="mouse")
    cube = tray_block(turn, "cube")
    at = spot_above(turn, pillar)
    mouse_drag(turn, ctl, cube, at)
    turn.pop_events()
    assert ctl.lift(turn, at, 1)
    assert turn.world.block_where(cube) == Where.TRAY  # not set down on the pillar
    assert refusals(turn) == [BlockRefused(cube, 1, "cube", "plank")]
    assert refused_words(TILES[turn.match.row[1] or 0].tile_id, "cube", "plank") \
        == "That spot needs the short beam, not a cube"
    for _ in range(60):
        turn.step()
    j = next(j for j in turn.judgements() if j.slot == 1)
    assert j.stack == (pillar,) and j.extra == 0  # the Lamp is still fine


def test_the_right_block_on_that_spot_still_settles() -> None:
    turn, pillar = lamp_with_its_pillar()
    ctl = MouseBuilderControl(seat=turn.builder, kind="mouse")
    plank = tray_block(turn, "plank")
    at = spot_above(turn, pillar)
    mouse_drag(turn, ctl, plank, at)
    turn.pop_events()
    ctl.lift(turn, at, 1)
    assert turn.world.block_where(plank) == Where.TABLE
    assert refusals(turn) == []
    for _ in range(60):
        turn.step()
    assert next(j for j in turn.judgements() if j.slot == 1).progress == 2


def test_a_block_let_go_away_from_every_pad_is_let_go_as_before() -> None:
    turn, _ = lamp_with_its_pillar()
    ctl = MouseBuilderControl(seat=turn.builder, kind="mouse")
    cube = tray_block(turn, "cube")
    at = (SLOT_RANGES[0][0] - 60.0, 450.0)  # over the table left of every pad
    mouse_drag(turn, ctl, cube, at)
    turn.pop_events()
    ctl.lift(turn, at, 1)
    assert turn.world.block_where(cube) == Where.TABLE
    assert refusals(turn) == []


def test_a_block_let_go_high_over_a_pad_that_wants_another_goes_back() -> None:
    """A stranger's pillar let go high over the Mega's pad, far from any outline, fell there
    and stayed: "the Mega tower needs a long beam at the bottom, not a pillar", and the Mega
    was spoiled for the turn. Over a pad, the guard holds at any height."""
    turn, _ = lamp_with_its_pillar()
    ctl = MouseBuilderControl(seat=turn.builder, kind="mouse")
    cube = tray_block(turn, "cube")
    mega = next(s for s, t in enumerate(turn.match.row) if t is not None and TILES[t].mega)
    at = (sum(SLOT_RANGES[mega]) / 2.0, 450.0)  # far above the Mega's pad
    mouse_drag(turn, ctl, cube, at)
    turn.pop_events()
    ctl.lift(turn, at, 1)
    assert turn.world.block_where(cube) == Where.TRAY
    said = [(e.slot, e.shape, e.needed) for e in refusals(turn)]
    assert said == [(mega, "cube", TILES[turn.match.row[mega] or 0].pieces[0][0])]


def test_a_keyboard_let_go_on_a_wrong_spot_is_refused_too() -> None:
    turn, pillar = lamp_with_its_pillar()
    ctl = CursorBuilderControl(seat=turn.builder, kind="keys")
    cube = tray_block(turn, "cube")
    ctl.pos = BLOCKS[cube].tray_pos
    assert ctl.action(turn, "confirm") and ctl.carrying
    at = spot_above(turn, pillar)
    for i in range(1, 31):
        k = i / 30
        start = BLOCKS[cube].tray_pos
        ctl.pos = (start[0] + (at[0] - start[0]) * k, start[1] + (at[1] - start[1]) * k)
        turn.drag_to(ctl.pos)
        turn.step()
    for _ in range(10):
        turn.step()
    turn.pop_events()
    ctl.action(turn, "confirm")
    assert turn.world.block_where(cube) == Where.TRAY
    assert refusals(turn) == [BlockRefused(cube, 1, "cube", "plank")]


def test_a_block_let_go_on_top_of_a_finished_tower_is_refused() -> None:
    turn = TurnController(new_match(Options(players=2), SEED))
    needle = TILES[turn.match.row[0] or 0]
    stack: list[int] = []
    for piece in needle.pieces:
        bid = tray_block(turn, piece[0])
        turn.world.hand.place(bid, *turn.world.reading.placement_pose(0, tuple(stack), piece))
        stack.append(bid)
        for _ in range(20):
            turn.step()
    assert next(j for j in turn.judgements() if j.slot == 0).complete
    ctl = MouseBuilderControl(seat=turn.builder, kind="mouse")
    cube = tray_block(turn, "cube")
    at = spot_above(turn, stack[-1])
    mouse_drag(turn, ctl, cube, at)
    turn.pop_events()
    ctl.lift(turn, at, 1)
    assert turn.world.block_where(cube) == Where.TRAY
    assert refusals(turn) == [BlockRefused(cube, 0, "cube", "")]
    assert refused_words(needle.tile_id, "cube", "") \
        == "The Needle is finished: nothing more goes on it"


def test_a_replay_of_a_refused_let_go_re_runs_to_the_same_table() -> None:
    turn, pillar = lamp_with_its_pillar()
    rec = Inputs()
    turn.recorder = rec
    start = turn_hash(turn)
    ctl = MouseBuilderControl(seat=turn.builder, kind="mouse")
    cube = tray_block(turn, "cube")
    at = spot_above(turn, pillar)
    mouse_drag(turn, ctl, cube, at)
    ctl.lift(turn, at, 1)
    for _ in range(5):
        turn.step()
    assert any(p[0] == "let_go" for _, _, p in rec.inputs)
    end = turn_hash(turn)
    # Again from the same table, fed the recorded inputs at the steps they came.
    replayed, _ = lamp_with_its_pillar()
    assert turn_hash(replayed) == start
    rec.feed(replayed)
    assert turn_hash(replayed) == end
    assert replayed.world.block_where(cube) == Where.TRAY


def test_a_stray_block_on_a_pad_is_named_while_the_block_that_goes_there_is_held() -> None:
    # A stranger's blocks stopped settling on a pad a die had knocked a block onto, and
    # nothing said why until the score panel. The turn names the pad at once.
    turn = TurnController(new_match(Options(players=2), SEED))
    assert TILES[turn.match.row[1] or 0].pieces[0] == ("pillar", "upright")
    cube = tray_block(turn, "cube")
    x, y, a = turn.world.reading.placement_pose(1, (), ("cube", "upright"))
    turn.world.hand.place(cube, x + 15.0, y, a)
    for _ in range(30):
        turn.step()
    ctl = MouseBuilderControl(seat=turn.builder, kind="mouse")
    pillar = tray_block(turn, "pillar")
    mouse_drag(turn, ctl, pillar, (centre(1), 450.0))
    assert turn.world.hand.held_block == pillar
    assert turn.blocked_spot("pillar", turn.world.block_pose(pillar)) == 1
    target = turn.settle_target("pillar", turn.world.block_pose(pillar))
    assert target is None or target[0] != 1
    # Not for a block the tower does not want next, nor over another pad.
    assert turn.blocked_spot("roof", turn.world.block_pose(pillar)) is None
    assert turn.blocked_spot("pillar", (centre(3), 450.0)) is None
    # Lifted off, the pad is free again.
    turn.world.hand.place(cube, 300.0, y, a)
    for _ in range(30):
        turn.step()
    assert turn.blocked_spot("pillar", (centre(1), 450.0)) is None


def test_no_refusal_while_the_block_set_before_still_settles() -> None:
    """A stranger's roof was refused with "That spot needs the arch" while the arch, set a
    moment before, stood in place still settling: while a block on the pad still moves, the
    guard waits; once it rests, a wrong block is refused as ever."""
    turn, pillar = lamp_with_its_pillar()
    plank = tray_block(turn, "plank")
    x, y, a = turn.world.reading.placement_pose(1, (pillar,), ("plank", "lying"))
    turn.world.hand.place(plank, x, y - 30.0, a)  # dropped from a little above its spot
    for _ in range(4):
        turn.step()
    top = (x, y - 30.0, 0.0)
    assert turn.wrong_spot("cube", top) is None  # the plank still falls: no guard yet
    for _ in range(60):
        turn.step()
    assert next(j for j in turn.judgements() if j.slot == 1).progress == 2
    assert turn.wrong_spot("cube", top) == (1, "pillar")
