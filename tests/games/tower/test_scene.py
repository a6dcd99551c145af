"""Tower Kaboom on screen, driven headless with real events through the real App.frame.

A scripted mouse drag builds a tower that scores; a die fired by a mouse pull knocks one over;
the Mega tower ends the game; dice per player count are shown and enforced; the optional
closing rule; pausing freezes the sand timer; saves between turns resume; seats change hands.
The helpers here are shared with `test_scene_games.py` (whole games played start to finish).
"""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from game.app import catalogue
from game.app.catalogue import MatchSetup, Seat
from game.app.headless import HeadlessDriver
from game.app.menus.overlays import PauseOverlay
from game.games.tower import art
from game.games.tower.bodies import SUBSTEPS
from game.games.tower.controls import (
    AISaboteurControl,
    CursorBuilderControl,
    MouseBuilderControl,
    PadSaboteurControl,
    full_pull,
    power_cap,
)
from game.games.tower.data import (
    BLOCKS,
    CATAPULT_SLOTS,
    GRAVITY,
    MAX_LAUNCH_SPEED,
    MIN_LAUNCH_SPEED,
    ORIENTATION_ANGLE,
    SHAPES,
    SLOT_RANGES,
    TABLE_Y,
    TILES,
    VIEW_W,
)
from game.games.tower.demos import place_tower
from game.games.tower.effects import BLOCKED_WORDS
from game.games.tower.events import DieHit, TileClosed
from game.games.tower.rules import DICE_PER_SABOTEUR, new_match
from game.games.tower.scene import SAVE_VERSION, Stage, TowerScene, options_from_setup
from game.games.tower.world import FRAME_DT
from game.games.tower.worlddata import Where
from game.physics.ballistic import solve_launch

COLOURS = catalogue.SEAT_COLOURS
ROW = [7, 2, 0, 3, 4]
"""Post (pillar upright, cube) in slot 0, then Hut, Mega, Twin cubes, Cottage."""


# ---------------------------------------------------------------------------------------------
# Helpers (also used by test_scene_games.py)
# ---------------------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def tower_registered() -> None:
    """Another test may have emptied the catalogue: Tower Kaboom registers itself again."""
    from game.games import tower

    if catalogue.get("tower") is None:
        tower.register()


def make_seats(*specs: str) -> list[Seat]:
    """"mouse", "keys1", "keys2", "padN" for humans; "ai:easy" etc. for AIs."""
    out: list[Seat] = []
    for i, spec in enumerate(specs):
        if spec.startswith("ai:"):
            out.append(Seat(f"AI {i + 1}", COLOURS[i], "ai", spec[3:]))
        else:
            out.append(Seat(f"Human {i + 1}", COLOURS[i], "human", "medium", spec))
    return out


def open_game(app: Any, *specs: str, seed: int = 5, rounds: int = 3, closing: bool = False,
              row: list[int | None] | None = None, sand: int | None = None) -> TowerScene:
    """Push a Tower Kaboom scene for these seats (a fixed row goes in through a save; `sand`:
    a shorter sand timer in the setup's options, for a test that plays whole turns)."""
    info = catalogue.get("tower")
    assert info is not None
    options = {**info.default_options(), "rounds": rounds, "closing_rule": closing}
    if sand is not None:
        options["sand_timer"] = sand
    setup = MatchSetup("tower", make_seats(*specs), options, seed)  # as the lobby writes it
    state = None
    if row is not None:
        m = new_match(options_from_setup(setup), seed, [s.name for s in setup.seats])
        m.pile = [t for t in m.pile if t not in row] + [t for t in m.row if t and t not in row]
        m.spares = [t for t in m.spares if t not in row]
        m.row = list(row)
        state = {"version": SAVE_VERSION, "match": m.to_dict()}
    info = catalogue.get("tower")
    assert info is not None
    scene = info.make_scene(app, setup, state)
    assert isinstance(scene, TowerScene)
    app.stack.push(scene)
    app.stack.apply_requests()
    return scene


def ev(kind: int, **kw: Any) -> pygame.event.Event:
    return pygame.event.Event(kind, **kw)


def down(driver: HeadlessDriver, pos: tuple[int, int], button: int = 1) -> None:
    driver.step([ev(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])


def up(driver: HeadlessDriver, pos: tuple[int, int], button: int = 1) -> None:
    driver.step([ev(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def glide(driver: HeadlessDriver, a: tuple[int, int], b: tuple[int, int],
          per_frame: float = 8.0) -> tuple[int, int]:
    """Move the pointer from a to b a few units per frame, as a hand would."""
    n = max(1, math.ceil(math.dist(a, b) / per_frame))
    for i in range(1, n + 1):
        p = (round(a[0] + (b[0] - a[0]) * i / n), round(a[1] + (b[1] - a[1]) * i / n))
        driver.step([ev(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))])
    return b


def screen_of(scene: TowerScene, p: tuple[float, float]) -> tuple[int, int]:
    """Where a world point is on screen now (through the camera)."""
    x, y = scene.camera.view.to_screen(p)
    return (round(x), round(y))


def glide_world(driver: HeadlessDriver, scene: TowerScene, a: tuple[float, float],
                b: tuple[float, float], per_frame: float = 6.0, buttons: int = 1
                ) -> tuple[float, float]:
    """Move the pointer so the hand goes from world point a to b a few units per frame, each
    step mapped through the camera as it is then (it may be moving), and then hold it over b
    until the hand is there and the camera has stopped. On the way one frame in the driver's
    `draw_every` is drawn (nobody looks at each, and drawing the table is most of a drag's
    cost), and its last and every frame held over b."""
    n = max(1, math.ceil(math.dist(a, b) / per_frame))
    held = (buttons, 0, 0)
    for i in range(1, n + 1):
        p = (a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n)
        driver.step([ev(pygame.MOUSEMOTION, pos=screen_of(scene, p), rel=(0, 0), buttons=held)],
                    draw=i == n or i % driver.draw_every == 0)
    for _ in range(120):
        cam = scene.camera
        if cam.view == cam.target and math.dist(scene.mouse_pos, b) < 0.75:
            break
        driver.step([ev(pygame.MOUSEMOTION, pos=screen_of(scene, b), rel=(0, 0), buttons=held)])
    return b


def carry_from_tray(driver: HeadlessDriver, scene: TowerScene, block: int,
                    x: float) -> tuple[float, float]:
    """Pick a block up from the tray with the mouse and carry it, held high over the table, to
    above x; where the hand is then."""
    start = BLOCKS[block].tray_pos
    glide_world(driver, scene, scene.mouse_pos, start, per_frame=40.0, buttons=0)
    down(driver, screen_of(scene, start))
    pos = glide_world(driver, scene, start, (start[0], TABLE_Y - 90.0))
    return glide_world(driver, scene, pos, (x, TABLE_Y - 90.0))


def drop_from_tray(driver: HeadlessDriver, scene: TowerScene, block: int, x: float,
                   y: float) -> None:
    """Carry a tray block with the mouse to above x, lower it slowly to just over y and let
    go there."""
    pos = carry_from_tray(driver, scene, block, x)
    pos = glide_world(driver, scene, pos, (x, y + 1), per_frame=2.0)
    up(driver, screen_of(scene, pos))


def hold_key(driver: HeadlessDriver, key: int, frames: int) -> None:
    """Press a key for some frames; its events carry the modifiers held now, as SDL's do."""
    mod = pygame.key.get_mods()
    driver.step([ev(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)])
    driver.run(max(0, frames - 1))
    driver.step([ev(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)])


def verdict(scene: TowerScene, slot: int) -> Any:
    assert scene.turn is not None
    return next(j for j in scene.turn.judgements() if j.slot == slot)


def drag_piece(driver: HeadlessDriver, scene: TowerScene, slot: int) -> int:
    """Drag the next block of a slot's tower from the tray with the mouse and set it down."""
    turn = scene.turn
    assert turn is not None
    tile = TILES[scene.match.row[slot] or 0]
    j = verdict(scene, slot)
    piece = tile.pieces[j.progress]
    bid = next(b.block_id for b in BLOCKS
               if b.shape == piece[0] and turn.world.block_where(b.block_id) == Where.TRAY)
    spec = BLOCKS[bid]
    start = spec.tray_pos
    glide_world(driver, scene, scene.mouse_pos, start, per_frame=40.0, buttons=0)
    down(driver, screen_of(scene, start))
    assert turn.world.hand.held_block == bid
    x, y, _ = turn.world.reading.placement_pose(slot, j.stack, piece)
    carry = min(TABLE_Y - 110.0, y - 70.0)
    pos = glide_world(driver, scene, start, (start[0], carry))
    # Out of the tray the block comes up turned as its card prints it: turn what is left.
    held = turn.world.hand.held_angle
    assert held is not None
    sym = SHAPES[piece[0]].symmetry
    turn_by = (ORIENTATION_ANGLE[piece[1]] - held) % sym
    for _ in range(round(turn_by / (math.pi / 2)) % max(1, round(sym / (math.pi / 2)))):
        down(driver, screen_of(scene, pos), 3)  # a right click turns the block a quarter
        up(driver, screen_of(scene, pos), 3)
    pos = glide_world(driver, scene, pos, (x, carry))
    pos = glide_world(driver, scene, pos, (x, y - 4))
    pos = glide_world(driver, scene, pos, (x, y + 1), per_frame=1.0)
    up(driver, screen_of(scene, pos))
    driver.run(25)
    return bid


def drag_build(driver: HeadlessDriver, scene: TowerScene, slot: int) -> None:
    """Build a slot's whole tower with the mouse."""
    for _ in TILES[scene.match.row[slot] or 0].pieces:
        drag_piece(driver, scene, slot)


def fast_forward(driver: HeadlessDriver, scene: TowerScene, until: Stage | None = None,
                 limit: int = 3000) -> None:
    """Run the table fast (a test-only time scale) until the stage changes or reaches `until`."""
    old = scene.time_scale
    scene.time_scale = 6.0
    start = scene.stage
    for _ in range(limit):
        if (until is None and scene.stage != start) or scene.stage == until:
            break
        if scene.stage == Stage.SCORE and scene.stage_t > 1.0 and until != Stage.SCORE:
            scene.advance()  # the scores wait for a person's click: click it on
        driver.step(dt=1.0 / 15.0)
    scene.time_scale = old
    assert until is None or scene.stage == until, scene.stage


def click_on(driver: HeadlessDriver, scene: TowerScene, pos: tuple[int, int] = (640, 400)
             ) -> None:
    """A click on the judging or the scores once they have been up long enough to be seen
    (a press sooner is taken for one meant for the turn that just ended)."""
    from game.games.tower.scene import SKIP_GUARD_SECONDS

    stage = scene.stage
    for _ in range(200):
        if scene.stage != stage or stage not in (Stage.JUDGE, Stage.SCORE) \
                or scene.stage_t >= SKIP_GUARD_SECONDS:
            break
        driver.step()
    driver.click(pos)


def mouse_turn_over(app: Any, driver: HeadlessDriver, until: Stage = Stage.SCORE,
                    **options: Any) -> TowerScene:
    """A mouse builder against Easy whose first turn has been played out, up to `until` (the
    judging or the scores)."""
    scene = open_game(app, "mouse", "ai:easy", row=ROW, **options)
    driver.step()
    driver.click((640, 400))
    assert scene.turn is not None
    scene.turn.finish_now()
    fast_forward(driver, scene, until)
    return scene


def pull_for(scene: TowerScene, seat: int, target: tuple[float, float],
             elevation_deg: float) -> tuple[int, int]:
    """Where to pull the mouse (from the seat's cup) to land a die on `target`."""
    assert scene.turn is not None
    cat = scene.turn.world.catapults[seat]
    e = math.radians(elevation_deg)
    f = cat.slot.facing
    direction = math.atan2(-math.sin(e), f * math.cos(e))
    sol = solve_launch(cat.slot.launch_point, target, (0.0, GRAVITY), angle=direction,
                       step_dt=FRAME_DT / SUBSTEPS)
    assert sol is not None
    power = (math.hypot(*sol[0]) - MIN_LAUNCH_SPEED) / (MAX_LAUNCH_SPEED - MIN_LAUNCH_SPEED)
    assert 0.0 <= power <= 1.0
    lx, ly = cat.slot.launch_point
    back = (-f * math.cos(e), math.sin(e))
    bounds = scene.camera.view.world_rect()
    cap = power_cap((lx, ly), f, e, bounds)  # the mouse's strongest shot lands on screen
    assert power <= cap
    r = power / cap * full_pull((lx, ly), back, bounds)
    return (round(lx - f * math.cos(e) * r), round(ly + math.sin(e) * r))


def mouse_fire(driver: HeadlessDriver, scene: TowerScene, seat: int,
               pull: tuple[int, int]) -> None:
    """Press at the catapult, pull back to `pull` and let go."""
    assert scene.turn is not None
    start = scene.turn.world.catapults[seat].slot.launch_point
    glide_world(driver, scene, scene.mouse_pos, start, per_frame=60.0, buttons=0)
    down(driver, screen_of(scene, start))
    glide_world(driver, scene, start, pull, per_frame=12.0)
    up(driver, screen_of(scene, pull))


# ---------------------------------------------------------------------------------------------
# Building, knocking down, the Mega tower
# ---------------------------------------------------------------------------------------------


def test_a_scripted_mouse_drag_builds_a_tower_that_scores(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "keys1", row=ROW)
    driver.step()
    assert scene.stage == Stage.READY
    driver.click((640, 400))  # the builder turns the sand timer
    assert scene.stage == Stage.PLAY
    assert isinstance(scene.builder_ctl, MouseBuilderControl)
    time0 = scene.match.time_left
    drag_build(driver, scene, 0)
    j = verdict(scene, 0)
    assert j.progress == 2 and j.scored, j
    assert scene.match.time_left < time0
    fast_forward(driver, scene, Stage.JUDGE)
    assert scene.result is not None and scene.result.won_tiles == (7,)
    assert scene.match.totals() == [3, 0]
    assert scene.plan is not None and [s for _, s, _ in scene.plan.flights] == [0]
    fast_forward(driver, scene, Stage.SCORE)
    assert scene.shown_scores[0] == 3  # the won tile landed on the builder's chip
    assert scene.match.row[0] != 7  # replaced from the pile


def test_a_die_fired_by_a_mouse_pull_knocks_a_tower_over(app: Any, driver: Any) -> None:
    scene = open_game(app, "keys1", "mouse", row=[4, 2, 0, 3, 13])  # Column: pillar on pillar
    driver.step()
    driver.key(pygame.K_SPACE)  # keys1 confirm: the builder starts
    assert scene.stage == Stage.PLAY and isinstance(scene.builder_ctl, CursorBuilderControl)
    turn = scene.turn
    assert turn is not None
    stack = place_tower(turn.world, 4, 13)  # by seat 1's catapult, on the right
    turn.world.settle(1.0)
    assert stack == 2 and verdict(scene, 4).scored
    top = verdict(scene, 4).stack[-1]
    x, y, _ = turn.world.block_pose(top)
    mouse_fire(driver, scene, 1, pull_for(scene, 1, (x, y), 35.0))
    assert scene.match.dice_left[1] == DICE_PER_SABOTEUR[2] - 1
    driver.run(90)
    assert any(isinstance(e, DieHit) and e.direct for e in scene.events_seen)
    assert not verdict(scene, 4).scored
    # The saboteur's hit is credited by name, not told as the builder's mistake.
    words, _, colour = scene.fx.credits[4]
    assert words == (f"{scene.names[1]}'s die knocks the Column down!\n"
                     f"{scene.names[0]} must rebuild it or lose 4 points")
    assert colour == scene.colours[1] and 4 not in scene.fx.notes
    fast_forward(driver, scene, Stage.JUDGE)
    j = next(j for j in scene.result.judgements if j.slot == 4) if scene.result else None
    assert j is not None and scene.knocks.standing_knock(j) is not None
    # The scoreboard after the turn shows the saboteur's payoff: the points they denied.
    assert [r.denied for r in scene.table_view.board_info(final=False).rows] == [0, 4]
    assert scene.result is not None and scene.result.won_tiles == ()
    assert scene.match.totals() == [0, 0]


def test_debris_on_a_tile_nobody_built_on_is_no_tower(app: Any, driver: Any) -> None:
    """A playtester read "knocks the long beam off the Mega tower" and a cross under the Mega
    when only debris lay on its pad: blocks on a tile the builder never set a block on are
    not a tower (no knock words, no KABOOM credit, no verdict at the judging)."""
    scene = open_game(app, "keys1", "mouse", row=[4, 2, 0, 3, 13])  # Column on the right
    driver.step()
    driver.key(pygame.K_SPACE)
    turn = scene.turn
    assert turn is not None
    place_tower(turn.world, 4, 13)
    turn.world.settle(1.0)
    assert 4 in turn.world.hand.built and verdict(scene, 4).progress == 2
    turn.world.hand.built.discard(4)  # as if both pillars had fallen there from another tower
    top = verdict(scene, 4).stack[-1]
    x, y, _ = turn.world.block_pose(top)
    mouse_fire(driver, scene, 1, pull_for(scene, 1, (x, y), 35.0))
    driver.run(90)
    assert any(isinstance(e, DieHit) and e.direct for e in scene.events_seen)
    assert verdict(scene, 4).progress < 2  # knocked
    assert 4 not in scene.fx.credits
    fast_forward(driver, scene, Stage.JUDGE)
    assert scene.plan is not None
    assert all(j.slot != 4 for _, j in scene.plan.reveals)


def test_the_mega_tower_ends_the_game(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "keys1", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.turn is not None
    assert place_tower(scene.turn.world, 2, 0) == len(TILES[0].pieces)
    scene.turn.world.settle(1.0)
    fast_forward(driver, scene, Stage.JUDGE)
    assert scene.result is not None and scene.result.mega and scene.result.game_over
    assert scene.plan is not None and scene.plan.mega_at is not None
    fast_forward(driver, scene, Stage.OVER)
    assert scene.match.mega_winner == 0 and scene.match.turn == 1
    assert scene.finished
    # a couch of two named seats: the win goes under the winner's name (neither seat is the
    # profile's: no seat called You or by the profile's name)
    assert app.stats.for_profile(scene.seats[0].name)["tower"].won == 1
    assert "tower" not in app.stats.for_profile(app.settings.profile)
    assert not app.saves.has_save("tower")
    driver.run(90)
    from tests.app.test_match_end import bar_button

    driver.click(bar_button(app, "Main menu").center)  # the end bar: back to the menu
    driver.settle(40)
    from game.app.menus.title import TitleScene

    assert isinstance(app.stack.top, TitleScene)


# ---------------------------------------------------------------------------------------------
# Dice and the closing rule
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_dice_per_player_count_are_shown(app: Any, driver: Any, players: int) -> None:
    scene = open_game(app, "mouse", *["ai:easy"] * (players - 1))
    driver.step()
    per = DICE_PER_SABOTEUR[players]
    assert scene.dice_display() == {s: (per, per) for s in range(1, players)}
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    chips = scene.table_view.chips()
    assert [c.dice_total for c in chips] == [0] + [per] * (players - 1)
    assert chips[0].builder and not chips[0].saboteur
    assert len(scene.world.catapults.views()) == players - 1
    scene.draw(app.screen)


def test_dice_per_player_count_are_enforced(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "keys1")
    driver.step()
    driver.click((640, 400))
    ctl = scene.sab_ctls[1]
    assert isinstance(ctl, PadSaboteurControl)
    hold_key(driver, pygame.K_w, 20)  # raise the throw a little
    assert ctl.elevation > math.radians(40.0)
    for _ in range(10):
        hold_key(driver, pygame.K_LSHIFT, 1)  # keys1 primary fires
        driver.run(40)  # longer than the catapult's reload
    assert scene.match.dice_left[1] == 0
    assert scene.world.stats.dice_fired == DICE_PER_SABOTEUR[2] == 8
    assert ctl.last_rejected == "no dice left"


def test_the_optional_rule_closes_a_tile_a_die_rests_on(app: Any, driver: Any) -> None:
    scene = open_game(app, "keys1", "mouse", closing=True, row=[4, 2, 0, 3, 13], seed=2)
    driver.step()
    driver.key(pygame.K_SPACE)
    x0, x1 = SLOT_RANGES[4]
    assert scene.turn is not None and scene.turn.ghost(4) is not None
    mouse_fire(driver, scene, 1, pull_for(scene, 1, (x1 - 12.0, TABLE_Y - 8), 70.0))
    driver.run(200)
    assert TileClosed(4, False) in scene.events_seen
    assert 4 in scene.match.closed
    assert scene.turn.ghost(4) is None  # nothing more may be built there
    assert any(p.word == "CLOSED" for p in scene.fx.popups) or scene.fx.popups == []
    scene.draw(app.screen)


def test_without_the_optional_rule_the_same_shot_closes_nothing(app: Any, driver: Any) -> None:
    scene = open_game(app, "keys1", "mouse", closing=False, row=[4, 2, 0, 3, 13])
    driver.step()
    driver.key(pygame.K_SPACE)
    x0, x1 = SLOT_RANGES[4]
    mouse_fire(driver, scene, 1, pull_for(scene, 1, (x1 - 12.0, TABLE_Y - 8), 70.0))
    driver.run(200)
    assert not any(isinstance(e, TileClosed) for e in scene.events_seen)
    assert not scene.match.closed and scene.turn is not None and scene.turn.ghost(4) is not None


# ---------------------------------------------------------------------------------------------
# Pause, saves, seats changing hands
# ---------------------------------------------------------------------------------------------


def test_pause_freezes_the_sand_timer(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "keys1")
    driver.step()
    driver.click((640, 400))
    driver.run(30)
    before = scene.match.time_left
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseOverlay)
    left = scene.match.time_left
    assert left < before
    driver.run(120)
    assert scene.match.time_left == left
    driver.key(pygame.K_ESCAPE)  # Esc again resumes
    driver.settle(10)
    assert app.stack.top is scene
    driver.run(30)
    assert scene.match.time_left < left


def test_save_between_turns_and_resume(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", "ai:easy", seed=9)
    driver.step()
    assert app.saves.has_save("tower")  # autosaved at the start of the first turn
    driver.click((640, 400))
    drag_piece(driver, scene, 3)
    saved = scene.save_state()
    assert saved is not None and saved["match"]["turn"] == 0  # mid-turn: the turn's start
    fast_forward(driver, scene, Stage.SCORE)
    click_on(driver, scene)  # the scores wait for their click
    assert scene.stage == Stage.READY
    assert scene.match.turn == 1
    state = scene.save_state()
    # The save is the turn's start, before the (AI) builder's tile choice, made again on resume.
    from game.games.tower.choice import ai_choose
    from game.games.tower.rules import MatchState

    assert state is not None and state["match"] == scene.safe_state
    again = MatchState.from_dict(state["match"])
    ai_choose(again, "easy")
    assert again.to_dict() == scene.match.to_dict()
    from game.app.launch import resume_game

    info = catalogue.get("tower")
    assert info is not None
    assert resume_game(app, info)
    driver.settle(40)
    resumed = app.stack.top
    assert isinstance(resumed, TowerScene) and resumed is not scene
    assert resumed.match.to_dict() == scene.match.to_dict()
    assert resumed.stage == Stage.READY and resumed.match.builder == 1


def test_a_bad_save_is_refused(app: Any) -> None:
    info = catalogue.get("tower")
    assert info is not None
    setup = MatchSetup("tower", make_seats("mouse", "ai:easy"), {}, 1)
    with pytest.raises(ValueError):
        info.make_scene(app, setup, {"version": 99, "match": {}})
    m = new_match(3, 1)
    with pytest.raises(ValueError):
        info.make_scene(app, setup, {"version": SAVE_VERSION, "match": m.to_dict()})


def test_replace_device_mid_turn(app: Any, driver: Any) -> None:
    scene = open_game(app, "pad0", "keys1", "mouse")
    driver.step()
    driver.press("pad0", "confirm")  # the pad's builder starts the turn
    assert scene.stage == Stage.PLAY
    b = scene.builder_ctl
    assert isinstance(b, CursorBuilderControl) and b.device == "pad0"
    b.pos = BLOCKS[8].tray_pos
    driver.press("pad0", "confirm")  # grab a cube
    assert b.holding and scene.world.hand.held_block is not None
    scene.replace_device("pad0", "keys2")  # the pad went away; the right keyboard takes over
    nb = scene.builder_ctl
    assert isinstance(nb, CursorBuilderControl) and nb.device == "keys2"
    assert scene.world.hand.held_block is None  # the old hand let go
    hold_key(driver, pygame.K_UP, 10)  # keys2 moves the new hand
    assert nb.pos[1] < 560.0
    scene.replace_device("keys1", None)  # a saboteur's seat goes to an AI
    assert isinstance(scene.sab_ctls[1], AISaboteurControl)
    scene.replace_device("mouse", None)
    assert isinstance(scene.sab_ctls[2], AISaboteurControl)
    assert scene.turn is not None
    place_tower(scene.turn.world, 0, scene.match.row[0] or 0)  # something worth a die
    fast_forward(driver, scene, Stage.JUDGE)
    assert scene.world.stats.dice_fired > 0  # the new AIs fired


# ---------------------------------------------------------------------------------------------
# Presentation odds and ends
# ---------------------------------------------------------------------------------------------


def test_reduced_motion_means_no_screen_shake(app: Any, driver: Any) -> None:
    app.settings.accessibility.reduced_motion = True
    scene = open_game(app, "mouse", "ai:hard")
    scene.fx.add_shake(8.0)
    scene.fx.kaboom(0)
    driver.step()
    assert scene.fx.shake == 0.0 and scene.fx.shake_off == (0, 0)


def test_two_towers_falling_side_by_side_say_kaboom_one_above_the_other(app: Any,
                                                                       driver: Any) -> None:
    """Two neighbours knocked down at once: each KABOOM! takes its own free slot, so no
    burst is drawn over another (a layout check caught them on one line)."""
    from game.games.tower.effects import popup_rect

    scene = open_game(app, "mouse", "ai:hard")
    driver.step()
    scene.fx.kaboom(0)
    scene.fx.kaboom(1)
    scene.fx.kaboom(1)
    words = [p for p in scene.fx.popups if p.word == "KABOOM!"]
    assert len(words) == 3
    boxes = [popup_rect(p) for p in words]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_ghost_and_hand_follow_the_mouse_builder(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "keys1", row=ROW)
    driver.step()
    driver.click((640, 400))
    x0, x1 = SLOT_RANGES[0]
    target = ((x0 + x1) / 2, 540.0)
    glide_world(driver, scene, scene.mouse_pos, target, per_frame=30.0, buttons=0)
    assert scene.builder_ctl is not None and scene.builder_ctl.hand is not None
    assert math.dist(scene.builder_ctl.hand, target) < 0.75
    assert scene.turn is not None
    ghost = scene.turn.ghost(0)
    assert ghost is not None and ghost[0] == "pillar"
    scene.draw(app.screen)


def test_the_held_block_turns_by_wheel_right_click_and_spare_keys(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.turn is not None
    world = scene.turn.world
    start = BLOCKS[0].tray_pos  # a long beam, lying
    glide_world(driver, scene, scene.mouse_pos, start, per_frame=30.0, buttons=0)
    down(driver, screen_of(scene, start))
    glide_world(driver, scene, start, (start[0], 480.0))
    pos = screen_of(scene, (start[0], 480.0))
    a0 = world.hand.held_angle
    assert a0 is not None
    wheel = ev(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    driver.step([wheel])  # one notch: a quarter turn, so the lying beam stands up
    assert world.hand.held_angle == pytest.approx(a0 - math.pi / 2)
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    try:
        driver.step([wheel])  # Shift + wheel: fine turning
        assert world.hand.held_angle == pytest.approx(a0 - math.pi / 2 - math.radians(15))
        hold_key(driver, pygame.K_e, 1)  # keys1 belongs to nobody: its rotate keys help
        assert world.hand.held_angle == pytest.approx(a0 - math.pi / 2)
    finally:
        pygame.key.set_mods(0)
    hold_key(driver, pygame.K_e, 1)  # without Shift, a quarter turn back to lying
    assert world.hand.held_angle == pytest.approx(a0)
    down(driver, pos, 3)
    up(driver, pos, 3)
    assert world.hand.held_angle == pytest.approx(a0 + math.pi / 2)
    up(driver, pos)
    assert world.hand.held_block is None


def test_every_card_and_block_rotation_renders() -> None:
    art.prewarm_blocks()
    art.prewarm_cards()
    for tid in TILES:
        width = art.card_width(2 if TILES[tid].mega else 0)
        c = art.card(tid, width)
        assert len(c.pieces) == len(TILES[tid].pieces)
        assert c.base.get_size() == (width, art.CARD_H)
    assert art.block_sprite("beam", 0.0) is art.block_sprite("beam", math.pi)  # symmetric
    assert art.angle_index("cube", math.radians(91.0)) == art.angle_index("cube", 0.0) == 0


def test_every_catapult_and_its_flag_stay_on_screen() -> None:
    """Four saboteurs use the outer slots too: no pennant may be cut off at the screen edge."""
    for slot in CATAPULT_SLOTS:
        base, (px, py) = art.catapult_base(slot.facing, (200, 60, 60), "triangle")
        seen = base.get_bounding_rect(min_alpha=10)
        seen.move_ip(round(slot.pivot[0]) - px, round(slot.pivot[1]) - py)
        assert seen.left >= 0 and seen.right <= VIEW_W, (slot, seen)


@pytest.mark.parametrize("zoom", [1.0, 1.7, 2.6])
def test_a_press_at_screen_point_p_grabs_the_block_under_p_at_any_zoom(
        app: Any, driver: Any, zoom: float) -> None:
    from game.games.tower.camera import clamp_view

    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.turn is not None
    world = scene.turn.world
    world.hand.place(15, 700.0, TABLE_Y - 12.0, 0.0)  # a roof on the table, in the Mega's slot
    for x0 in (300.0, 380.0, 460.0):
        view = clamp_view(zoom, x0, 720.0 - 720.0 / zoom)
        for bid in (0, 3, 6, 8, 12, 15):
            scene.camera.cut(view)
            scene.camera.aim(view)
            scene._update_camera = lambda dt: None  # type: ignore[method-assign]
            wx, wy, _ = world.block_pose(bid)
            if bid == 12:
                wy -= 9.0  # the arch's top bar, not the gap under it
            p = screen_of(scene, (wx, wy))
            if not (0 <= p[0] < 1280 and 0 <= p[1] < 720):
                continue  # that block is off screen in this view
            driver.step([ev(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))])
            down(driver, p)
            assert world.hand.held_block == bid, (zoom, x0, bid, p)
            up(driver, p)
            assert world.hand.held_block is None
            if bid != 15:
                assert world.block_where(bid) == Where.TRAY


def test_the_turn_runs_on_the_physics_frame_clock_and_draws_between_frames(
        app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.turn is not None
    scene.clock.reset()
    frames = scene.turn.world.frame
    driver.step(dt=1.0 / 120.0)  # one app logic step: half a world frame
    assert scene.turn.world.frame == frames and scene.clock.alpha == pytest.approx(0.5)
    driver.step(dt=1.0 / 120.0)
    assert scene.turn.world.frame == frames + 1 and scene.clock.alpha == pytest.approx(0, abs=1e-6)
    # Drawn half way between the last two world frames.
    x0, y0 = 500.0, 500.0
    scene.turn.world.hand.place(8, x0, y0, 0.0)
    driver.step(dt=1.0 / 60.0)  # a frame of free fall
    driver.step(dt=1.0 / 120.0)
    halfway = {p.ident: p for p in scene.world.poses(scene.clock.alpha)}[8]
    now = {p.ident: p for p in scene.world.poses(1.0)}[8]
    assert y0 <= halfway.y < now.y


def test_the_pointer_reaches_the_table_as_actions_of_the_mouse(app: Any, driver: Any) -> None:
    """The scene reads no raw events: injected mouse actions grab, turn (fine when the action
    says Shift) and let go, and the pointer is placed through the camera."""
    from game.app.input import MOUSE, POINT, ActionEvent

    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    app.inject_action(ActionEvent(MOUSE, "primary", True, (640, 400)))  # turns the sand timer
    assert scene.stage == Stage.PLAY and scene.turn is not None
    world = scene.turn.world
    start = BLOCKS[0].tray_pos
    for _ in range(240):  # the camera settles on the build
        driver.step()
        if scene.camera.view == scene.camera.target:
            break
    at = screen_of(scene, start)
    app.inject_action(ActionEvent(MOUSE, POINT, True, at))
    assert math.dist(scene.mouse_pos, start) < 1.0
    app.inject_action(ActionEvent(MOUSE, "primary", True, at))
    assert world.hand.held_block is not None
    a0 = world.hand.held_angle
    assert a0 is not None
    app.inject_action(ActionEvent(MOUSE, "rotate_right", True, at))
    assert world.hand.held_angle == pytest.approx(a0 + math.pi / 2)
    app.inject_action(ActionEvent(MOUSE, "rotate_left", True, at, fine=True))
    assert world.hand.held_angle == pytest.approx(a0 + math.pi / 2 - math.radians(15))
    app.inject_action(ActionEvent(MOUSE, "primary", False, at))
    assert world.hand.held_block is None


def test_the_rules_page_names_the_turn_keys_of_the_bindings() -> None:
    from game.games.tower.info import rules_page

    def word(device: str, action: str) -> str:
        return {"rotate_left": "Z", "rotate_right": "X"}.get(action, "?") if device == "keys1" \
            else {"rotate_left": "L1", "rotate_right": "R1"}.get(action, "?")

    assert "a right click or Q / E turns" in rules_page()  # the default bindings
    page = rules_page(word)
    assert "a right click or Z / X turns" in page and "Q / E" not in page
    assert "the rotate keys (L1 / R1) turn" in page


# ---------------------------------------------------------------------------------------------
# Between turns: the scores wait for their click, and that click never turns the sand timer
# ---------------------------------------------------------------------------------------------


def test_the_scores_wait_for_the_click_they_ask_for(app: Any, driver: Any) -> None:
    scene = mouse_turn_over(app, driver)
    driver.run(60 * 20)  # twenty seconds, far past the old six
    assert scene.stage == Stage.SCORE
    frame = pygame.Surface((1280, 720))
    scene.draw(frame)
    driver.click((640, 400))
    assert scene.stage == Stage.READY


def test_a_table_of_ais_moves_on_from_the_scores_by_itself(app: Any, driver: Any) -> None:
    scene = open_game(app, "ai:easy", "ai:easy", row=ROW)
    fast_forward(driver, scene, Stage.SCORE)
    fast_forward(driver, scene, Stage.READY)
    assert scene.match.turn == 1


def test_the_click_that_dismisses_the_scores_never_turns_the_sand_timer(
        app: Any, driver: Any) -> None:
    """A double click on the scores: the first moves on, the second lands on the get-ready
    screen and is swallowed. The timer turns only on a click once that screen has shown."""
    scene = mouse_turn_over(app, driver, rounds=2)
    click_on(driver, scene)  # the AI's turn next
    fast_forward(driver, scene, Stage.PLAY)
    assert scene.turn is not None and scene.match.builder == 1
    scene.turn.finish_now()
    fast_forward(driver, scene, Stage.SCORE)
    assert scene.match.builder == 0
    click_on(driver, scene)  # dismiss the scores ...
    assert scene.stage == Stage.READY
    driver.click((640, 400))  # ... and the second click of a double click
    driver.run(10)
    assert scene.stage == Stage.READY
    driver.run_until(lambda: scene.stage_t >= scene.ready_guard, 120)
    driver.click((640, 400))  # now the builder means it
    assert scene.stage == Stage.PLAY


# ---------------------------------------------------------------------------------------------
# Rule notes: only for the human builder's own build
# ---------------------------------------------------------------------------------------------


def _wrong_first_piece(scene: TowerScene, slot: int) -> tuple[int, tuple[float, float, float]]:
    """A tray cube and where it would stand as the first piece of a tile that starts with
    something else (the Post with a pillar, the Mega with a long beam)."""
    assert scene.turn is not None
    world = scene.turn.world
    cube = next(b.block_id for b in BLOCKS
                if b.shape == "cube" and world.block_where(b.block_id) == Where.TRAY)
    return cube, world.reading.placement_pose(slot, (), ("cube", "upright"))


def test_a_human_builders_wrong_block_gets_a_rule_note(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "keys1", row=ROW)
    driver.step()
    driver.click((640, 400))
    cube, (x, y, _) = _wrong_first_piece(scene, 0)
    drop_from_tray(driver, scene, cube, x, y)
    driver.run(40)
    # At once, by the tower, and the block goes back rather than being set down as if right.
    assert scene.fx.refusals[0][0] == "That spot needs the pillar, standing up, not a cube"
    assert scene.world.block_where(cube) == Where.TRAY


@pytest.mark.parametrize("builder", ["mouse", "ai:easy"])
def test_no_rule_note_for_a_block_nobody_built_there(app: Any, driver: Any,
                                                     builder: str) -> None:
    """A block a die threw onto a tile (put there here by hand, not by the builder) says
    nothing, and nor does anything an AI builder builds."""
    scene = open_game(app, builder, "keys1", row=ROW)
    driver.step()
    if builder == "mouse":
        driver.click((640, 400))
    else:
        fast_forward(driver, scene, Stage.PLAY)
    assert scene.turn is not None
    cube, (x, y, a) = _wrong_first_piece(scene, 2)  # on the Mega's tile: nobody builds it
    scene.turn.world.hand.place(cube, x, y - 0.5, a)
    for _ in range(240):
        driver.step()
        assert not scene.fx.notes, scene.fx.notes
    assert verdict(scene, 2).reason == "wrong order"  # wrong all right, and no note said so


@pytest.mark.parametrize(("given", "seconds"), [(None, 30.0), (30, 30.0), (60, 60.0),
                                                (45, 45.0), ("60", 30.0), (True, 30.0),
                                                (float("nan"), 30.0), (5, 30.0)])
def test_the_lobbys_sand_timer_sets_the_builders_time(given: Any, seconds: float) -> None:
    """The rulebook's 30 s is the default; a beginner's 45 s or 60 s from the lobby; anything
    else falls back to 30 s."""
    opts = {} if given is None else {"sand_timer": given}
    setup = MatchSetup("tower", make_seats("mouse", "ai:easy"), opts, 1)
    assert options_from_setup(setup).turn_seconds == seconds
    info = catalogue.get("tower")
    assert info is not None
    opt = next(o for o in info.options if o.key == "sand_timer")
    assert opt.default == 30 and opt.label_for(60) == "60 s beginner" and "30 s" in opt.help


def test_a_beginners_sand_timer_runs_sixty_seconds(app: Any, driver: Any) -> None:
    setup = MatchSetup("tower", make_seats("mouse", "ai:easy"), {"sand_timer": 60}, 3)
    info = catalogue.get("tower")
    assert info is not None
    scene = info.make_scene(app, setup, None)
    assert isinstance(scene, TowerScene)
    app.stack.push(scene)
    app.stack.apply_requests()
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    for _ in range(60 * 35):  # past the rulebook's 30 s: still building (nothing drawn: no
        driver.step(draw=False)  # pixel is looked at)
    assert scene.turn is not None and scene.turn.building
    assert 20.0 < scene.match.time_left < 26.0


def test_the_hud_round_agrees_with_the_scores_end_of_round(app: Any, driver: Any) -> None:
    """The board's round agrees with the HUD's; and its next builder is spoken to in the
    voice's agreement (a stranger's board said "Next: You builds with all 16 blocks")."""
    scene = open_game(app, "mouse", "ai:easy", row=ROW, rounds=2)
    driver.step()
    feet = []
    for _ in range(2):  # both builders of round 1
        if scene.stage == Stage.READY:
            driver.run_until(lambda: scene.stage_t >= scene.ready_guard, 120)
            driver.click((640, 400))
        fast_forward(driver, scene, Stage.PLAY)
        assert scene.turn is not None
        scene.turn.finish_now()
        fast_forward(driver, scene, Stage.SCORE)
        feet.append((scene.match.builder, scene.table_view.board_info(False).footer))
        if scene.match.turn < 2:
            click_on(driver, scene)
    v = scene.voice
    for seat, foot in feet:
        name = "You build" if v.is_you(seat) else f"{v.name(seat)} builds"
        assert foot.startswith(f"Next: {name} with all 16 blocks"), foot
    assert any(v.is_you(seat) for seat, _ in feet) and not all(v.is_you(s) for s, _ in feet)
    title = scene.table_view.board_info(False).title
    assert title == "End of round 1"
    assert scene.table_view.round_label() == "ROUND 1 / 2"
    click_on(driver, scene)
    assert scene.stage == Stage.READY
    assert scene.table_view.round_label() == "ROUND 2 / 2"


def test_a_newcomer_is_pointed_at_the_beginners_sand_timer() -> None:
    """A first mouse builder found 30 s too short: the lobby's option says what to pick and the
    first-match tips say where it is; the rulebook's 30 s stays the default."""
    info = catalogue.get("tower")
    assert info is not None
    opt = next(o for o in info.options if o.key == "sand_timer")
    assert opt.default == 30
    assert opt.help.startswith("New to Tower Kaboom? Choose 45 s or 60 s")
    tip = next(t for t in info.first_tips if "Sand timer" in t)
    assert "lobby" in tip and "45" in tip and "60" in tip


def test_a_match_nobody_scored_in_ends_as_a_draw_without_confetti(app: Any, driver: Any) -> None:
    """A stranger's 0-0 match said "You and Ben share the win!" under confetti and counted a
    win: when nobody scored a point, nobody wins, and the scoreboard says it is a draw."""
    scene = open_game(app, "mouse", "ai:easy", row=ROW, rounds=1)
    driver.step()
    while not scene.match.is_over:
        if scene.stage == Stage.READY:
            driver.run_until(lambda: scene.stage_t >= scene.ready_guard, 120)
            driver.click((640, 400))
        fast_forward(driver, scene, Stage.PLAY)
        assert scene.turn is not None
        scene.turn.finish_now()
        fast_forward(driver, scene, Stage.SCORE if scene.match.turn < 1 else None)
        if scene.stage == Stage.SCORE:
            driver.click((640, 400))
    fast_forward(driver, scene, Stage.OVER)
    assert scene.match.totals() == [0, 0] and scene.match.winners() == []
    assert scene.table_view.board_info(True).title == "A draw: nobody scored"
    driver.run(120)
    assert scene.fx.confetti.items == []
    record = app.stats.for_profile(app.settings.profile)["tower"]
    assert record.played == 1 and record.won == 0


def test_a_press_held_over_from_the_turn_never_skips_the_scores(app: Any, driver: Any) -> None:
    """A stranger's fire and drop presses, still coming as the sand ran out, skipped the scores
    unseen: the judging and the scores take no press for their first moment."""
    from game.games.tower.scene import SKIP_GUARD_SECONDS

    scene = mouse_turn_over(app, driver, Stage.JUDGE)
    assert scene.stage_t < SKIP_GUARD_SECONDS
    driver.click((640, 400))
    assert scene.stage == Stage.JUDGE  # too soon: the show goes on
    # Pressed on the judging and held as the scores come up, let go on them: no click of theirs.
    down(driver, (640, 400))
    assert driver.run_until(lambda: scene.stage == Stage.SCORE, 900)
    driver.run(30)
    up(driver, (640, 400))
    driver.run(90)
    assert scene.stage == Stage.SCORE  # and the scores stay up to be read
    click_on(driver, scene)
    assert scene.stage == Stage.READY


def test_a_keyboard_builders_first_tips_teach_the_tab_helper() -> None:
    """A stranger building with the keyboard never learnt that Tab fetches the block the tower
    needs: the first-match tips for a keyboard or pad say so, in the bindings' words."""
    from game.app.input import default_word
    from game.games.tower import FIRST_TIPS, first_tips_for

    info = catalogue.get("tower")
    assert info is not None and info.first_tips_for is first_tips_for
    assert first_tips_for("mouse", default_word) == FIRST_TIPS == info.first_tips
    keys = first_tips_for("keys1", default_word)
    # Two presses a block (four built about 4 blocks in 30 s against the mouse's 7-8).
    assert ("TAB takes the next block of the tower whose card is ringed in gold and carries "
            "it over its spot; SPACE drops it (TAB always serves the ringed tower). Q / E "
            "choose another tower (a held block goes with the hand)") in keys[1]
    assert "LEFT SHIFT fires" in keys[3] and "mouse" not in " ".join(keys)
    # The saboteur's tip a stranger lacked: his dice were gone when Easy rebuilt late.
    late = "Keep a die for the last seconds: a tower knocked down late may not be rebuilt"
    assert late in keys[3] and late in FIRST_TIPS[3]
    assert first_tips_for("keys2", default_word)[1].startswith("BACKSPACE takes")
    pad = first_tips_for("pad0", default_word)
    assert pad[1].startswith("B takes") and "X fires" in pad[3]
    assert len(keys) == len(FIRST_TIPS)


def test_a_stray_block_on_the_pad_is_named_while_its_next_block_is_held(
        app: Any, driver: Any) -> None:
    """A block knocked onto a pad stopped new blocks settling there, with no word until the
    score panel (a stranger's): held over that pad, the block that goes there says why."""
    scene = open_game(app, "mouse", "keys1", row=ROW)
    driver.step()
    driver.click((640, 400))
    cube, (x, y, a) = _wrong_first_piece(scene, 0)
    scene.world.hand.place(cube, x + 15.0, y, a)
    driver.run(30)
    assert not scene.fx.blocked
    pillar = next(b.block_id for b in BLOCKS
                  if b.shape == "pillar" and scene.world.block_where(b.block_id) == Where.TRAY)
    pos = carry_from_tray(driver, scene, pillar, x)
    driver.run(3)
    assert scene.fx.blocked == {0: BLOCKED_WORDS}
    up(driver, screen_of(scene, pos))
    driver.run(3)
    assert not scene.fx.blocked


def test_a_saboteurs_late_fire_key_never_skips_the_judging_or_the_scores(
        app: Any, driver: Any) -> None:
    """A keyboard saboteur's Left Shift, pressed after the sand ran out, skipped a stranger's
    round-end scores unseen, twice: between turns the fire key does nothing; Space (confirm)
    or a click moves on."""
    from game.games.tower.scene import SKIP_GUARD_SECONDS

    scene = open_game(app, "keys1", "mouse", row=ROW)  # keys build, the mouse aims
    driver.step()
    driver.key(pygame.K_SPACE)
    assert scene.turn is not None
    scene.turn.finish_now()
    fast_forward(driver, scene, Stage.JUDGE)
    for stage in (Stage.JUDGE, Stage.SCORE):
        for _ in range(600):
            if scene.stage == stage and scene.stage_t >= SKIP_GUARD_SECONDS:
                break
            driver.step()
        assert scene.stage == stage
        driver.key(pygame.K_LSHIFT)
        assert scene.stage == stage, stage  # the fire key moves nothing on
        driver.key(pygame.K_SPACE)
        driver.step()
        assert scene.stage != stage, stage  # confirm does


def test_a_drag_between_turns_never_skips_the_judging_or_the_scores(app: Any,
                                                                    driver: Any) -> None:
    """A stranger still repairing his towers when the sand ran out dragged on, and each drag
    skipped a screen: he never saw his own score. Between turns only a click moves on (pressed
    and let go on that screen, in place): a drag does nothing, and the click acts as it ends."""
    from game.games.tower.scene import SKIP_GUARD_SECONDS

    scene = mouse_turn_over(app, driver)
    driver.run_until(lambda: scene.stage_t >= SKIP_GUARD_SECONDS, 200)
    driver.drag((500, 500), (700, 420))  # reaching for a block that is no longer there
    assert scene.stage == Stage.SCORE
    driver.move((640, 400))
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 400), button=1)])
    assert scene.stage == Stage.SCORE  # pressed: not yet
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(642, 401), button=1)])
    assert scene.stage == Stage.READY  # let go in place: a click


def _megas_first_block_down(app: Any, driver: Any) -> tuple[Any, int]:
    """A mouse builder's turn under way with the Mega's first block set on its pad; the
    scene and the Mega's slot."""
    from game.games.tower.data import TILES

    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    slot = next(s for s, t in enumerate(ROW) if TILES[t].mega)
    world = scene.world
    piece = TILES[ROW[slot]].pieces[0]
    bid = next(b for b in range(16)
               if world.block_shape(b) == piece[0] and world.block_where(b) == "tray")
    world.hand.place(bid, *world.reading.placement_pose(slot, (), piece))
    return scene, slot


def test_the_megas_first_block_is_announced_by_its_pad(app: Any, driver: Any) -> None:
    """A stranger's Medium built the Mega Tower on the last turn, unannounced, and won
    outright. Its first right block is now said by its pad: who starts it, and that finished
    it wins outright. Once a turn."""

    scene, slot = _megas_first_block_down(app, driver)
    world = scene.world
    world.hand.built.add(slot)
    driver.run(20)
    words, _, _ = scene.fx.credits[slot]
    assert words == "You start the Mega Tower: finished, it wins outright!"
    scene.fx.credits.pop(slot)
    driver.run(20)
    assert slot not in scene.fx.credits  # once a turn


def test_debris_on_the_megas_pad_is_not_announced_as_its_start(app: Any, driver: Any) -> None:
    """A die knocked the Needle's beam onto the Mega's pad and a stranger read "You start the
    Mega Tower: finished, it wins outright!": only the builder's own block there starts it."""

    scene, slot = _megas_first_block_down(app, driver)
    world = scene.world
    world.hand.built.discard(slot)  # as debris comes: fallen there, never let go over it
    driver.run(20)
    assert slot not in scene.fx.credits
