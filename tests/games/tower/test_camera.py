"""Tower Kaboom's camera: the build fills the screen, shots pull it out, reduced motion cuts."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from game.games.tower import art
from game.games.tower.camera import (
    CARD_STRIP_BOTTOM,
    FULL,
    Camera,
    View,
    build_frame,
    catapult_rect,
    clamp_view,
    fit,
)
from game.games.tower.data import BLOCKS, SHAPES, SLOT_RANGES, TABLE_Y, VIEW_H, VIEW_W
from game.games.tower.scene import Stage

from .test_scene import ROW, glide_world, open_game, screen_of


def test_views_map_screen_and_world_both_ways():
    for view in (FULL, clamp_view(2.6, 400.0, 440.0), clamp_view(1.7, 0.0, 300.0)):
        for p in ((0.0, 0.0), (640.0, 360.0), (1279.0, 719.0), (13.5, 700.25)):
            back = view.to_screen(view.to_world(p))
            assert back == pytest.approx(p)
    assert FULL.to_screen((123.0, 456.0)) == (123.0, 456.0)


def test_an_empty_table_is_framed_close_with_tiles_tray_and_room_to_build():
    v = fit(build_frame(TABLE_Y, None, 640.0))
    assert v.zoom >= 2.5
    x0, y0, x1, y1 = v.world_rect()
    assert y1 >= art.TRAY_RECT.bottom - 1  # the whole tray
    assert v.to_screen((0.0, TABLE_Y - 60.0))[1] >= CARD_STRIP_BOTTOM - 1  # headroom, clear
    # The tray's blocks are all on screen (the camera pans to the row's ends with the hand).
    for hand in (SLOT_RANGES[0][0], SLOT_RANGES[-1][1]):
        v = fit(build_frame(TABLE_Y, None, hand))
        x0, _, x1, _ = v.world_rect()
        assert x0 - 1 <= hand <= x1 + 1


def test_a_tall_tower_pulls_the_camera_out_to_keep_it_in_view():
    near = fit(build_frame(TABLE_Y, None, 640.0))
    assert fit(build_frame(TABLE_Y - 50.0, None, 640.0)).zoom >= 2.5  # small towers: close
    tall = fit(build_frame(TABLE_Y - 250.0, None, 640.0))
    assert tall.zoom < near.zoom
    assert tall.to_screen((640.0, TABLE_Y - 250.0))[1] >= CARD_STRIP_BOTTOM - 1
    assert tall.contains((640.0, TABLE_Y - 250.0, 640.0, art.TRAY_RECT.bottom))


def test_a_shot_in_flight_pulls_out_to_show_its_catapult():
    near = fit(build_frame(TABLE_Y, None, 640.0))
    shot = catapult_rect(0)
    assert not near.contains(shot)
    frame = build_frame(TABLE_Y, None, 640.0, [shot, (300.0, 400.0, 340.0, 440.0)])
    wide = fit(frame)
    assert wide.zoom < near.zoom and wide.contains(shot) and wide.contains(frame.need)


def test_the_camera_eases_and_with_reduced_motion_cuts():
    far, near = FULL, fit(build_frame(TABLE_Y, None, 640.0))
    cam = Camera(far)
    cam.aim(near)
    cam.update(1 / 60, reduced_motion=False)
    assert far.zoom < cam.view.zoom < near.zoom  # on its way
    for _ in range(300):
        cam.update(1 / 60, reduced_motion=False)
    assert cam.view == near
    # Reduced motion: no in-between views, one cut, then stillness while the need fits.
    cam = Camera(far)
    cam.aim(near, (500.0, 500.0, 600.0, 700.0))
    cam.update(1 / 60, reduced_motion=True)
    assert cam.view == near
    nudged = View(near.zoom, near.x0 + 3.0, near.y0)
    cam.aim(nudged, (500.0, 500.0, 600.0, 700.0))
    for _ in range(30):
        cam.update(1 / 60, reduced_motion=True)
        assert cam.view == near  # small changes do not move it at all
    cam.aim(FULL, catapult_rect(2))  # something off screen must be seen: cut
    cam.update(1 / 60, reduced_motion=True)
    assert cam.view == FULL


def test_building_fills_the_screen_and_blocks_are_at_least_two_and_a_half_times_bigger(
        app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    assert scene.camera.view == FULL  # the get-ready screen shows the whole table
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    driver.run(90)
    v = scene.camera.view
    assert v.zoom >= 2.5
    # On screen, each block kind is drawn 2.5 times its full-table size or more.
    for key, shape in SHAPES.items():
        full = art.block_sprite(key, 0.0)
        close = art.block_sprite(key, 0.0, v.zoom)
        assert close.get_width() >= 2.5 * full.get_width() - 2, key
        assert close.get_height() >= 2.5 * full.get_height() - 2, key
        assert shape.width * v.zoom >= 2.5 * shape.width
    # The tray's blocks are where the mouse can reach them.
    seen = [b for b in BLOCKS if 0 <= screen_of(scene, b.tray_pos)[0] < VIEW_W
            and 0 <= screen_of(scene, b.tray_pos)[1] < VIEW_H]
    assert len(seen) >= 12


def test_a_human_saboteur_aiming_brings_their_catapult_into_view(app: Any, driver: Any) -> None:
    scene = open_game(app, "keys1", "mouse", row=ROW)
    driver.step()
    driver.key(pygame.K_SPACE)  # the keyboard builder turns the timer
    driver.run(120)
    assert scene.turn is not None
    cat = scene.turn.world.catapults[1]
    cup = cat.slot.launch_point
    # The builder is human, the saboteur idle: the build is framed.
    start = scene.camera.view
    assert start.zoom > 2.0 and not start.contains(catapult_rect(cat.slot_index))
    glide_world(driver, scene, scene.mouse_pos, cup, per_frame=60.0, buttons=0)
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=screen_of(scene, cup),
                                    button=1)])
    driver.run(60)
    assert scene.camera.view.contains(catapult_rect(cat.slot_index))
    assert math.isfinite(scene.camera.view.zoom)


def test_the_judging_and_scoreboard_show_the_whole_table(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    driver.run(60)
    assert scene.camera.view.zoom > 2.0
    assert scene.turn is not None
    scene.turn.finish_now()
    driver.run_until(lambda: scene.stage == Stage.JUDGE, 1200)
    driver.run(120)
    assert scene.camera.view == FULL
    assert scene.table_view.card_rect(2) == art.card_rect(2)  # full size on the wall again


def test_reduced_motion_camera_only_cuts(app: Any, driver: Any) -> None:
    app.settings.accessibility.reduced_motion = True
    scene = open_game(app, "mouse", "ai:hard", row=ROW)
    driver.step()
    driver.click((640, 400))
    views = [scene.camera.view]
    for _ in range(600):
        driver.step()
        if scene.camera.view != views[-1]:
            views.append(scene.camera.view)
            # Every change lands straight on the camera's target: no glide in between.
            assert scene.camera.view == scene.camera.target
    assert len(views) < 40
    assert any(v.zoom >= 2.5 for v in views)


def test_the_held_block_is_not_hidden_by_the_glove(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    driver.run(90)
    assert scene.turn is not None
    cube = next(b for b in BLOCKS if b.shape == "cube")
    glide_world(driver, scene, scene.mouse_pos, cube.tray_pos, per_frame=40.0, buttons=0)
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=screen_of(scene, cube.tray_pos),
                                    button=1)])
    glide_world(driver, scene, cube.tray_pos, (cube.tray_pos[0], TABLE_Y - 60.0))
    assert scene.world.held_block == cube.block_id
    x, y, _ = scene.world.block_pose(cube.block_id)
    half = SHAPES["cube"].width / 2
    tl, br = screen_of(scene, (x - half, y - half)), screen_of(scene, (x + half, y + half))
    box = pygame.Rect(tl, (br[0] - tl[0], br[1] - tl[1]))
    with_hand = pygame.Surface((1280, 720))
    without = pygame.Surface((1280, 720))
    scene.fx.shake_off = (0, 0)
    scene.draw(with_hand)
    draw_hand = scene.table_view.draw_hand
    scene.table_view.draw_hand = lambda *a: None  # type: ignore[method-assign]
    scene.draw(without)
    scene.table_view.draw_hand = draw_hand  # type: ignore[method-assign]
    changed = sum(1 for px in range(box.left, box.right) for py in range(box.top, box.bottom)
                  if with_hand.get_at((px, py)) != without.get_at((px, py)))
    assert box.w * box.h > 2000  # a big block at this zoom
    assert changed / (box.w * box.h) < 0.1  # the glove leaves the block in view


def test_a_keyboard_hand_stays_on_screen_and_a_mouse_saboteur_sees_their_catapult(
        app: Any, driver: Any) -> None:
    from .test_scene import hold_key

    scene = open_game(app, "keys1", "mouse", row=ROW)
    driver.step()
    driver.key(pygame.K_SPACE)
    driver.run(90)
    hold_key(driver, pygame.K_d, 120)  # two seconds to the right: past the row's end
    b = scene.builder_ctl
    assert b is not None and b.hand is not None
    assert scene.camera.view.contains((*b.hand, *b.hand))
    assert scene.turn is not None
    cat = scene.turn.world.catapults[1]
    assert not scene.camera.view.contains(catapult_rect(cat.slot_index))
    # The mouse saboteur reaches for the mouse: their catapult comes into view.
    for x in range(600, 300, -20):
        driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 400), rel=(0, 0),
                                        buttons=(0, 0, 0))])
    driver.run(90)
    assert scene.camera.view.contains(catapult_rect(cat.slot_index))


def _grey_and_size(key: str) -> tuple[float, tuple[int, int]]:
    """Mean brightness (what a colour-blind eye still sees) and opaque size of a block."""
    sprite = art.block_sprite(key, 0.0, 2.5)
    w, h = sprite.get_size()
    total = n = 0.0
    for x in range(0, w, 2):
        for y in range(0, h, 2):
            r, g, b, a = sprite.get_at((x, y))
            if a > 200:
                total += 0.299 * r + 0.587 * g + 0.114 * b
                n += 1
    return total / n, sprite.get_bounding_rect(min_alpha=200).size


def test_every_block_kind_is_told_apart_by_shape_or_tone_and_carries_a_mark():
    seen = {k: _grey_and_size(k) for k in SHAPES}
    keys = list(SHAPES)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            (ga, (wa, ha)), (gb, (wb, hb)) = seen[a], seen[b]
            shape_apart = abs(wa - wb) > 0.2 * max(wa, wb) or abs(ha - hb) > 0.2 * max(ha, hb)
            tone_apart = abs(ga - gb) > 25
            assert shape_apart or tone_apart, (a, b, seen[a], seen[b])
    # The short beam and the pillar, nearly the same size, differ in tone at a glance.
    assert abs(seen["plank"][0] - seen["pillar"][0]) > 50
    # Each kind has its own mark burnt in over the grain (a good share of its face).
    for key in SHAPES:
        marked = pygame.image.tobytes(art._wood_texture(key), "RGBA")
        plain = pygame.image.tobytes(art._wood_texture(key, marked=False), "RGBA")
        differ = sum(1 for i in range(0, len(marked), 4) if marked[i:i + 3] != plain[i:i + 3])
        assert differ > 0.02 * len(marked) / 4, key
