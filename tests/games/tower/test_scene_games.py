"""Whole Tower Kaboom games on screen, start to finish, with real events; demos, smoke, catalogue.

The sand timer runs at a test-only time scale between the scripted moves, so a three-round
game takes a few seconds; every move itself (drags, pulls, key presses, clicks) is a real event
through the real App.frame.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.app import catalogue
from game.app.catalogue import MatchSetup
from game.app.headless import HeadlessDriver, random_events
from game.app.menus.title import TitleScene
from game.app.scenes import named_scenes
from game.games.tower.controls import CursorBuilderControl, MouseSaboteurControl
from game.games.tower.data import BLOCKS, RULES_NOTES, SLOT_RANGES, TABLE_Y, TILES
from game.games.tower.events import BlockPlaced, DieFired
from game.games.tower.scene import Stage, TowerScene
from game.games.tower.sim import simulate_match

from .test_scene import (  # noqa: F401 - tower_registered is an autouse fixture
    click_on,
    drag_piece,
    ev,
    fast_forward,
    hold_key,
    make_seats,
    mouse_fire,
    open_game,
    tower_registered,
)


def _human_builds(driver: HeadlessDriver, scene: TowerScene) -> None:
    """The mouse builder sets one block of the cheapest open tower."""
    row = scene.match.row
    slot = min((s for s, t in enumerate(row) if t is not None and not TILES[t].mega),
               key=lambda s: len(TILES[row[s] or 0].pieces))
    drag_piece(driver, scene, slot)


def _human_fires(driver: HeadlessDriver, scene: TowerScene, seat: int) -> None:
    """The mouse saboteur pulls back and lets a die fly at the middle of the row."""
    assert scene.turn is not None
    lx, ly = scene.turn.world.catapults[seat].slot.launch_point
    facing = scene.turn.world.catapults[seat].slot.facing
    mouse_fire(driver, scene, seat, (round(lx - facing * 70), round(ly + 60)))


def test_a_whole_game_one_human_against_two_ais(app: Any, driver: Any) -> None:
    """A one-round match (each seat builds once): the flow of every round, end to end."""
    scene = open_game(app, "mouse", "ai:easy", "ai:medium", seed=21, rounds=1, sand=15)
    driver.step()
    built = fired = 0
    turns_seen: list[int] = []
    for _ in range(40):
        if scene.stage == Stage.OVER:
            break
        if scene.stage == Stage.READY:
            turns_seen.append(scene.match.turn)
            if scene.match.builder == 0:
                driver.click((640, 400))  # our turn to build: turn the sand timer
            else:
                fast_forward(driver, scene)  # an AI builder starts by itself
            assert scene.stage == Stage.PLAY
            if scene.match.builder == 0:
                _human_builds(driver, scene)
                built += 1
            else:
                assert isinstance(scene.sab_ctls[0], MouseSaboteurControl)
                _human_fires(driver, scene, 0)
                fired += 1
            fast_forward(driver, scene, Stage.JUDGE)
        elif scene.stage == Stage.JUDGE:
            click_on(driver, scene)  # skip the show
            assert scene.stage in (Stage.SCORE, Stage.OVER)
        elif scene.stage == Stage.SCORE:
            click_on(driver, scene)  # on to the next builder
            driver.run(50)  # the get-ready screen shows before a click turns the timer
    assert scene.stage == Stage.OVER
    assert turns_seen == list(range(3))
    assert built == 1 and fired == 2
    m = scene.match
    assert m.turn == 3 and len(m.history) == 3 and m.round == 1
    assert sum(h["dice_unfired"] for h in m.history) < 3 * 8
    assert scene.finished
    record = app.stats.for_profile(app.settings.profile)["tower"]
    assert record.played == 1 and record.won == (0 in m.winners())
    assert not app.saves.has_save("tower")
    scene.draw(app.screen)
    driver.run(90)
    from tests.app.test_match_end import bar_button

    driver.click(bar_button(app, "Main menu").center)
    driver.settle(40)
    assert isinstance(app.stack.top, TitleScene)


def steer(driver: Any, b: Any, axis: int, goal: float, more: int, less: int) -> None:
    """Hold the key toward `goal` on one axis of a keyboard hand until it is within a frame's
    move of it (the hand starts slow and speeds up while the key is held)."""
    key = more if goal > b.pos[axis] else less
    sign = 1.0 if key == more else -1.0
    driver.step([ev(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
    for _ in range(600):
        if (goal - b.pos[axis]) * sign <= 4.0:
            break
        driver.step()
    driver.step([ev(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)])


def test_two_human_game_start_to_finish(app: Any, driver: Any) -> None:
    """Mouse and left keyboard: each builds a turn while the other fires."""
    scene = open_game(app, "mouse", "keys1", seed=4, rounds=1, sand=15)
    driver.step()
    # Turn 1: the mouse builds, the keyboard fires.
    driver.click((640, 400))
    assert scene.match.builder == 0
    drag_piece(driver, scene, 3)
    hold_key(driver, pygame.K_d, 12)  # more power
    hold_key(driver, pygame.K_LSHIFT, 1)
    assert any(isinstance(e, DieFired) and e.seat == 1 for e in scene.events_seen)
    fast_forward(driver, scene, Stage.JUDGE)
    fast_forward(driver, scene, Stage.SCORE)
    click_on(driver, scene)
    driver.run(50)
    assert scene.stage == Stage.READY and scene.match.builder == 1
    driver.click((640, 400))  # the mouse is not the builder: the click does not start
    assert scene.stage == Stage.READY
    driver.key(pygame.K_SPACE)  # the keyboard builder turns the timer
    assert scene.stage == Stage.PLAY
    b = scene.builder_ctl
    assert isinstance(b, CursorBuilderControl)
    # Turn 2: the keyboard steers a hand to the block pad 3's tower starts with, in the tray,
    # and lifts it onto that tile (another block would go back: test_wrong_spot).
    first = TILES[scene.match.row[3] or 0].pieces[0][0]
    cube = next(b for b in BLOCKS if b.shape == first)
    steer(driver, b, 1, cube.tray_pos[1], pygame.K_s, pygame.K_w)
    steer(driver, b, 0, cube.tray_pos[0], pygame.K_d, pygame.K_a)
    driver.key(pygame.K_SPACE)  # grab
    assert b.holding
    steer(driver, b, 1, TABLE_Y - 60, pygame.K_s, pygame.K_w)  # lift it clear of the tray
    assert scene.world.hand.held_block is not None and b.pos[1] < TABLE_Y - 40
    x0, x1 = SLOT_RANGES[3]
    steer(driver, b, 0, (x0 + x1) / 2, pygame.K_d, pygame.K_a)
    hold_key(driver, pygame.K_s, 8)
    driver.key(pygame.K_SPACE)  # let go
    driver.run(30)
    assert any(isinstance(e, BlockPlaced) for e in scene.events_seen)
    mouse_fire(driver, scene, 0, (60, 640))
    assert scene.match.dice_left[0] == 7
    fast_forward(driver, scene, Stage.JUDGE)
    fast_forward(driver, scene, Stage.OVER)
    assert scene.match.is_over and scene.finished
    for name in ("Human 1", "Human 2"):  # a couch of named seats: each under its own name
        assert app.stats.for_profile(name)["tower"].played == 1
    assert "tower" not in app.stats.for_profile(app.settings.profile)  # no seat is its


def test_an_all_ai_game_on_screen_replays_the_simulation(app: Any, driver: Any) -> None:
    # Two seats: three (seed 11) is tests/app/test_play_matches_simulate.py's first case.
    scene = open_game(app, "ai:hard", "ai:medium", seed=11, rounds=1, sand=15)
    scene.time_scale = 6.0
    driver.run_until(lambda: scene.stage == Stage.OVER, 3000, dt=1.0 / 15.0)
    sim = simulate_match(["hard", "medium"], 11, {"rounds": 1, "turn_seconds": 15})
    assert scene.match.totals() == sim["scores"]
    assert [h["won"] for h in scene.match.history] == [t["won"] for t in sim["per_turn"]]


def test_random_input_smoke(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "keys1", "ai:hard", seed=3, closing=True)
    scene.time_scale = 3.0
    rng = random.Random(7)
    for _ in range(600):
        driver.step(random_events(rng, app))
        app.running = True
        if app.stack.top is not scene and not isinstance(app.stack.top, TowerScene):
            top = app.stack.top
            if top is not None and top.scene_id == "pause":
                driver.key(pygame.K_ESCAPE)
    assert scene.match.turn >= 1 or scene.stage != Stage.READY


def test_demo_scenes_build_and_run(app: Any) -> None:
    scenes = named_scenes()
    ids = [s for s in scenes if s.startswith("tower.")]
    assert {"tower.play", "tower.ready", "tower.judge", "tower.score", "tower.mega"} <= set(ids)
    expect = {"tower.play": Stage.PLAY, "tower.ready": Stage.READY, "tower.judge": Stage.JUDGE,
              "tower.score": Stage.SCORE, "tower.mega": Stage.PLAY, "tower.over": Stage.OVER,
              "tower.watch": Stage.READY, "tower.choose": Stage.READY,
              "tower.aichoice": Stage.READY, "tower.build": Stage.PLAY}
    for sid in ids:
        app.stack.scenes.clear()
        scene = scenes[sid].build(app, 3)
        assert isinstance(scene, TowerScene) and scene.demo
        assert scene.stage == expect[sid], sid
        if sid == "tower.play":  # as built, before it runs
            assert scene.turn is not None
            on_table = [p for p in scene.world.poses() if p.kind == "block" and p.where == "table"]
        driver = HeadlessDriver(app, scene)
        driver.run(20)
        if sid == "tower.choose":  # the human holds a spare over a pad
            assert scene.picker.active and scene.picker.drag is not None
        if sid == "tower.aichoice":  # the AI builder's swaps are being shown
            assert not scene.picker.human and len(scene.picker.swaps) >= 2
        if sid == "tower.build":  # the human builder's view holds while dice fly
            assert scene.turn_view is not None and scene.camera.view == scene.turn_view
    # Nearly every block in play for the bench (a block that came to rest out of the builder's
    # reach has gone back to the tray, as the world's rule says).
    assert len(on_table) >= len(BLOCKS) * 3 // 4
    assert not app.saves.has_save("tower")  # demos never save


def test_catalogue_entry(app: Any) -> None:
    info = catalogue.get("tower")
    assert info is not None and info.title == "Tower Kaboom"
    assert (info.min_players, info.max_players, info.default_players) == (2, 5, 3)
    assert info.default_options() == {"rounds": 3, "closing_rule": False, "sand_timer": 30}
    page = info.rules_page()
    assert "Mega Tower" in page and "<br>" in page and "\n" not in page
    for note in RULES_NOTES[:3]:
        assert note in page
    for tile in TILES.values():
        assert tile.name in page
    surf = pygame.Surface((256, 190))
    info.draw_picture(surf)
    setup = MatchSetup("tower", make_seats("ai:easy", "ai:hard"), {"rounds": 1}, 2)
    result = info.simulate(setup)
    assert result.game == "tower" and result.seed == 2 and result.players == ("easy", "hard")
    assert result.rounds == 1 and len(result.scores) == 2 and result.moves > 0
