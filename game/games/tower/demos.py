"""Tower Kaboom's demo scenes for screenshot, smoke and bench, each deterministic from its seed.

- `tower.play`: AI builder against three AI saboteurs, every block and die in play (bench).
- `tower.build`: the human builder's still view, dice flying from off screen (bench).
- `tower.ready`: "Builder: You, get ready" between turns of a game under way: the tile choice.
- `tower.choose`: the human builder dragging a spare tile onto a pad.
- `tower.aichoice`: an AI builder's tile swaps sliding across the get-ready screen.
- `tower.judge`: the end of a turn being judged, won tiles flying to the builder.
- `tower.score`: the scoreboard between turns.
- `tower.mega`: the Mega tower going up.
- `tower.over`: the final scoreboard.
"""

from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING

from game.app.catalogue import MatchSetup, demo_seats
from game.app.input import MOUSE, POINT, ActionEvent
from game.core.memo import remembered
from game.games.tower.choice import choose_row
from game.games.tower.data import (
    BLOCKS,
    LYING,
    MEGA_SLOT,
    ORIENTATION_ANGLE,
    SHAPES,
    TABLE_Y,
    TILES,
)
from game.games.tower.options import options_from_setup
from game.games.tower.rules import MatchState, new_match
from game.games.tower.savefmt import SAVE_VERSION
from game.games.tower.scene import Stage, TowerScene
from game.games.tower.sim import play_turn
from game.games.tower.tilechoice import Spot
from game.games.tower.world import TowerWorld
from game.games.tower.worlddata import Where

if TYPE_CHECKING:
    from game.app.app import App

SPARE_SPOTS = (300.0, 232.0, 990.0, 1060.0, 340.0, 940.0, 268.0, 1024.0)
"""x positions on the table, clear of the tiles and catapults, for blocks set aside."""


def demo_setup(kinds: list[str], seed: int, **options: object) -> MatchSetup:
    """A table of seats: "human" (on the mouse first, then keyboards) or an AI difficulty."""
    seats = demo_seats(kinds)
    opts: dict[str, object] = {"rounds": 3, "closing_rule": False}
    opts.update(options)
    return MatchSetup("tower", seats, opts, seed)


def _scene(app: App, setup: MatchSetup, match: MatchState | None = None) -> TowerScene:
    state = None if match is None else {"version": SAVE_VERSION, "match": match.to_dict()}
    return TowerScene(app, setup, state, demo=True)


def _played(setup: MatchSetup, turns: int) -> MatchState:
    """A match with `turns` turns already played by AIs (headless). The same setup gives the
    same match (the rules and the AIs are seeded), so it is played once per process and each
    demo gets its own copy: the layout walk, the seeds test and bench open several demos of
    one match, and three turns of physics are the most of a demo's cost."""
    def play() -> dict[str, object]:
        match = new_match(options_from_setup(setup), setup.seed, [s.name for s in setup.seats])
        diffs = [s.difficulty if s.is_ai else "medium" for s in setup.seats]
        for _ in range(turns):
            if match.is_over:
                break
            play_turn(match, diffs)
        return match.to_dict()

    key = ("tower.demo", json.dumps(setup.to_dict(), sort_keys=True), turns)
    return MatchState.from_dict(remembered(key, play))


def place_tower(world: TowerWorld, slot: int, tile_id: int, count: int | None = None) -> int:
    """Set the first `count` pieces of a tile's tower on a slot exactly; how many it placed."""
    stack: tuple[int, ...] = ()
    pieces = TILES[tile_id].pieces[: count if count is not None else None]
    for piece in pieces:
        bid = next((b.block_id for b in BLOCKS if b.shape == piece[0]
                    and world.block_where(b.block_id) == Where.TRAY), None)
        if bid is None:
            break
        x, y, a = world.reading.placement_pose(slot, stack, piece)
        world.hand.place(bid, x, y - 0.5, a)
        for _ in range(10):
            world.step()
        stack += (bid,)
    return len(stack)


def set_aside(world: TowerWorld) -> None:
    """Lay every block still in the tray on the table beside the row."""
    spots = list(SPARE_SPOTS)
    for spec in BLOCKS:
        if world.block_where(spec.block_id) != Where.TRAY or not spots:
            continue
        shape = SHAPES[spec.shape]
        orient = LYING if LYING in shape.orientations else "upright"
        _, h = shape.size(orient)
        x = spots.pop(0)
        y = TABLE_Y - h / 2.0 - 0.5
        world.hand.place(spec.block_id, x, y, ORIENTATION_ANGLE[orient])
        for _ in range(6):
            world.step()


def _run_until(scene: TowerScene, stage: Stage, limit: float = 60.0) -> None:
    dt = 1.0 / 120.0
    t = 0.0
    while scene.stage != stage and t < limit:
        scene.update(dt)
        t += dt * scene.time_scale


def build_play(app: App, seed: int) -> TowerScene:
    """Four AIs mid-turn: towers on the tiles, spare blocks aside, dice about to fly."""
    setup = demo_setup(["hard", "hard", "medium", "hard"], seed)
    scene = _scene(app, setup)
    scene.start_turn()
    turn = scene.turn
    assert turn is not None
    for slot, tid in enumerate(scene.match.row):
        if tid is None:
            continue
        if TILES[tid].mega:
            place_tower(turn.world, slot, tid, 4)
        else:
            place_tower(turn.world, slot, tid)
    set_aside(turn.world)
    turn.world.settle(1.0)
    for ctl in scene.sab_ctls.values():
        ai = getattr(ctl, "ai", None)
        if ai is not None:
            # Quick on the trigger, nothing held back: every die is in play within seconds.
            ai.skill = dataclasses.replace(ai.skill, cadence=1.0, reserve=0, patience=0.0)
            ai.cooldown = 0.3 + 0.25 * ctl.seat
    scene.events_seen.clear()
    return scene


def build_human(app: App, seed: int) -> TowerScene:
    """A human builder on the mouse mid-turn: the turn's still view (every pad, card and the
    tray), two towers up, three catapults firing quickly from off screen (edge markers)."""
    setup = demo_setup(["human", "hard", "medium", "hard"], seed)
    scene = _scene(app, setup)
    scene.start_turn()
    turn = scene.turn
    assert turn is not None
    small = [s for s, t in enumerate(scene.match.row) if t is not None and not TILES[t].mega]
    for slot in small[:2]:
        place_tower(turn.world, slot, scene.match.row[slot] or 0)
    turn.world.settle(1.0)
    for ctl in scene.sab_ctls.values():
        ai = getattr(ctl, "ai", None)
        if ai is not None:
            ai.skill = dataclasses.replace(ai.skill, cadence=1.0, reserve=0, patience=0.0)
            ai.cooldown = 0.3 + 0.25 * ctl.seat
    scene.events_seen.clear()
    return scene


def build_ready(app: App, seed: int) -> TowerScene:
    """Turn four of a three-player game: the human builds next."""
    setup = demo_setup(["human", "medium", "hard"], seed)
    return _scene(app, setup, _played(setup, 3))


def build_choose(app: App, seed: int) -> TowerScene:
    """The get-ready screen of turn four, the human builder dragging a spare onto a pad."""
    scene = build_ready(app, seed)
    picker = scene.picker
    spare, pad = picker.rect(Spot("spare", 1)).center, picker.rect(Spot("pad", 1)).center
    picker.action(ActionEvent(MOUSE, "primary", True, spare))
    for i in range(1, 9):
        at = (spare[0] + (pad[0] - spare[0]) * i // 10, spare[1] + (pad[1] - spare[1]) * i // 10)
        picker.action(ActionEvent(MOUSE, POINT, True, at, buttons=frozenset({1})))
    return scene


def build_aichoice(app: App, seed: int) -> TowerScene:
    """An AI builder swapping tiles on the get-ready screen (the first seed from `seed` on
    where it makes at least two swaps), as the saboteurs see it."""
    for s in range(seed, seed + 50):
        setup = demo_setup(["hard", "human", "medium"], s)
        match = new_match(options_from_setup(setup), s, [x.name for x in setup.seats])
        if len(choose_row(match, "hard")) >= 2:
            break
    return _scene(app, setup)


def build_judge(app: App, seed: int) -> TowerScene:
    """A turn just ended: two towers stand, one was knocked, the verdicts come in."""
    setup = demo_setup(["medium", "hard", "medium"], seed)
    scene = _scene(app, setup, _played(setup, 3))
    scene.start_turn()
    turn = scene.turn
    assert turn is not None
    row = scene.match.row
    small = [s for s, t in enumerate(row) if t is not None and not TILES[t].mega]
    for slot in small[:2]:
        place_tower(turn.world, slot, row[slot] or 0)
    if len(small) > 2:
        place_tower(turn.world, small[2], row[small[2]] or 0, 1)
    turn.finish_now()
    _run_until(scene, Stage.JUDGE)
    return scene


def build_score(app: App, seed: int) -> TowerScene:
    """The scoreboard after a turn of a game under way."""
    scene = build_judge(app, seed)
    scene.advance()
    _run_until(scene, Stage.SCORE, 10.0)
    return scene


def build_mega(app: App, seed: int) -> TowerScene:
    """The Mega tower half built, and a builder set on finishing it."""
    setup = demo_setup(["hard", "easy"], seed)
    scene = _scene(app, setup)
    scene.start_turn()
    turn = scene.turn
    assert turn is not None
    place_tower(turn.world, MEGA_SLOT, TILES[scene.match.row[MEGA_SLOT] or 0].tile_id, 5)
    turn.world.settle(1.0)
    ai = getattr(scene.builder_ctl, "ai", None)
    if ai is not None:
        ai.skill = dataclasses.replace(ai.skill, mega_value=60.0)
    return scene


def build_over(app: App, seed: int) -> TowerScene:
    """The final scoreboard of a one-round game."""
    setup = demo_setup(["human", "hard", "medium"], seed, rounds=1)
    return _scene(app, setup, _played(setup, 3))
