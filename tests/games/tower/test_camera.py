"""Tower Kaboom's camera: the build fills the screen, shots pull it out, reduced motion cuts."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from game.games.tower import art
from game.games.tower.camera import (
    BUILD_ZOOM,
    CARD_STRIP_BOTTOM,
    FULL,
    HUD_BOTTOM,
    STEP_OUT_ROOM,
    Camera,
    View,
    build_frame,
    catapult_body,
    catapult_rect,
    clamp_view,
    fit,
    tower_height,
    turn_view,
)
from game.games.tower.data import (
    BLOCKS,
    CATAPULT_SLOTS,
    ORIENTATION_ANGLE,
    SHAPES,
    SLOT_RANGES,
    TABLE_Y,
    TILES,
    VIEW_H,
    VIEW_W,
)
from game.games.tower.scene import Stage
from game.games.tower.view import AIM_ARROW_MAX
from game.games.tower.worlddata import Where
from game.ui import text, theme

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


def test_with_no_hand_to_follow_a_tall_tower_pulls_the_camera_out_to_keep_it_in_view():
    near = fit(build_frame(TABLE_Y, None, 640.0))
    assert fit(build_frame(TABLE_Y - 50.0, None, 640.0)).zoom >= 2.5  # small towers: close
    tall = fit(build_frame(TABLE_Y - 250.0, None, 640.0))
    assert tall.zoom < near.zoom
    assert tall.to_screen((640.0, TABLE_Y - 250.0))[1] >= CARD_STRIP_BOTTOM - 1
    assert tall.contains((640.0, TABLE_Y - 250.0, 640.0, art.TRAY_RECT.bottom))


def _under_strip(v: View, r: tuple[float, float, float, float]) -> bool:
    """Whether a world rect is on screen below the card strip."""
    (x0, y0), (x1, y1) = v.to_screen((r[0], r[1])), v.to_screen((r[2], r[3]))
    return x0 >= -0.5 and x1 <= VIEW_W + 0.5 and y0 >= CARD_STRIP_BOTTOM - 0.5 \
        and y1 <= VIEW_H + 0.5


@pytest.mark.parametrize("tower", [TABLE_Y - 84.0, TABLE_Y - 108.0, TABLE_Y - 236.0])
def test_with_towers_standing_the_close_up_follows_the_hand_at_build_zoom(tower: float):
    """A long beam upright, the Needle, the Mega: the camera stays close and moves instead."""
    cam = Camera(FULL)
    # Fetching: an empty hand down at the tray sees the whole tray.
    f = build_frame(tower, None, 640.0, None, (640.0, 690.0), cam)
    fetch = fit(f)
    assert fetch.zoom == BUILD_ZOOM
    assert _under_strip(fetch, (500.0, art.TRAY_RECT.top, 780.0, art.TRAY_RECT.bottom))
    cam.cut(fetch)
    # Lifting a cube up to the tower's top: the camera rises with it, still close.
    hand_y, view = 690.0, fetch
    while hand_y > tower - 40.0:
        hand_y -= 6.0
        cam.aim(fit(build_frame(tower, hand_y - 12.0, 640.0, None, (640.0, hand_y), cam)))
        cam.update(1 / 60, reduced_motion=False)
        view = cam.view
        assert view.zoom == BUILD_ZOOM
        assert view.contains((628.0, hand_y - 12.0, 652.0, hand_y + 12.0))  # the block
    for _ in range(120):
        cam.update(1 / 60, reduced_motion=False)
    # At rest over the tower: the block and the tower's top under it, below the card strip.
    assert _under_strip(cam.view, (628.0, hand_y - 12.0, 652.0, tower + 8.0))
    # Lowering the block onto the tower, inside the dead zone, leaves the camera still.
    rest = cam.view
    for dy in (0.0, 8.0, 20.0, 36.0):
        f = build_frame(tower, hand_y + dy - 12.0, 640.0, None, (640.0, hand_y + dy), cam)
        assert fit(f) == rest


def test_an_empty_hand_going_down_brings_back_the_whole_tray():
    tower = TABLE_Y - 236.0
    cam = Camera(FULL)
    cam.cut(fit(build_frame(tower, None, 640.0, None, (640.0, tower - 10.0), cam)))
    assert not cam.view.contains((640.0, art.TRAY_RECT.bottom, 640.0, art.TRAY_RECT.bottom))
    hand_y = tower - 10.0
    while hand_y < TABLE_Y + 40.0:
        hand_y += 8.0
        cam.aim(fit(build_frame(tower, None, 640.0, None, (640.0, hand_y), cam)))
        cam.update(1 / 60, reduced_motion=False)
        assert cam.view.contains((640.0, hand_y, 640.0, hand_y))
    for _ in range(120):
        cam.update(1 / 60, reduced_motion=False)
    assert _under_strip(cam.view, (500.0, art.TRAY_RECT.top, 780.0, art.TRAY_RECT.bottom))
    assert cam.view.zoom == BUILD_ZOOM


def test_a_block_set_down_on_the_table_shows_the_tile_under_it():
    """With the Mega standing the view is up high; a long beam lowered toward an empty tile
    brings the tile and the table's edge into view before it lands."""
    tower = TABLE_Y - 236.0
    cam = Camera(FULL)
    cam.cut(fit(build_frame(tower, tower - 100.0, 900.0, None, (900.0, tower - 58.0), cam)))
    assert not cam.view.contains((900.0, TABLE_Y, 900.0, TABLE_Y))
    hand_y = tower - 58.0
    while hand_y < TABLE_Y - 44.0:  # the beam (84 long, held by its middle) comes down
        hand_y = min(TABLE_Y - 44.0, hand_y + 4.0)
        cam.aim(fit(build_frame(tower, hand_y - 42.0, 900.0, None, (900.0, hand_y), cam)))
        cam.update(1 / 60, reduced_motion=False)
    for _ in range(120):
        cam.update(1 / 60, reduced_motion=False)
    assert _under_strip(cam.view, (880.0, hand_y - 42.0, 920.0, TABLE_Y + 20.0))
    assert cam.view.zoom == BUILD_ZOOM


def test_following_with_reduced_motion_cuts_seldom_and_far():
    """A block lifted from the tray to the top of the Mega: a cut or two, never a glide."""
    tower = TABLE_Y - 236.0
    cam = Camera(FULL)
    cam.update(1 / 60, reduced_motion=True)
    hand_y = 690.0
    f = build_frame(tower, None, 640.0, None, (640.0, hand_y), cam)
    cam.aim(fit(f), f.need)
    cam.update(1 / 60, reduced_motion=True)
    views = [cam.view]
    while hand_y > tower - 60.0:
        hand_y -= 4.0
        f = build_frame(tower, hand_y - 12.0, 640.0, None, (640.0, hand_y), cam)
        cam.aim(fit(f), f.need)
        cam.update(1 / 60, reduced_motion=True)
        assert cam.view.zoom == BUILD_ZOOM
        assert cam.view.contains((628.0, hand_y - 12.0, 652.0, hand_y + 12.0))
        if cam.view != views[-1]:
            assert cam.view == cam.target  # a cut, straight to the target
            views.append(cam.view)
    assert 2 <= len(views) <= 3, views


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


def _pads_and_cards_on_screen(scene: Any) -> None:
    """Every pad, its card and every tray block are wholly on screen in the current view."""
    v = scene.camera.view
    for x0, x1 in SLOT_RANGES:
        assert v.contains((x0, TABLE_Y - 2.0, x1, TABLE_Y + 2.0), 0.0), (v, x0, x1)
    for slot in range(len(SLOT_RANGES)):
        r = scene.table_view.card_rect(slot)
        assert r.left >= 0 and r.right <= VIEW_W and r.top >= 0, (slot, r)
        x0, x1 = SLOT_RANGES[slot]
        sx0, sx1 = screen_of(scene, (x0, 0.0))[0], screen_of(scene, (x1, 0.0))[0]
        assert sx0 - 2 <= r.centerx <= sx1 + 2  # each card over its own pad
    for spec in BLOCKS:
        w, h = SHAPES[spec.shape].size(spec.tray_orientation)
        x, y = spec.tray_pos
        assert v.contains((x - w / 2, y - h / 2, x + w / 2, y + h / 2), 0.0), spec


def test_on_a_couch_the_builder_gets_the_solo_view_and_the_keyboard_aims_from_the_edge(
        app: Any, driver: Any) -> None:
    """Issue 16: a keyboard saboteur's catapult widened a couch builder's view and moved the
    table from where solo play has it. The builder's view is the solo one; the saboteur's
    catapult, off it, is marked at the edge, where its aim arrow and power bar are drawn."""
    solo = open_game(app, "mouse", "ai:easy", "ai:easy", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert solo.stage == Stage.PLAY
    alone = solo.camera.view
    app.stack.pop()
    app.stack.apply_requests()
    scene = open_game(app, "mouse", "keys1", "ai:easy", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    assert scene.camera.view == alone
    _pads_and_cards_on_screen(scene)
    scene.draw(app.screen)
    cat = scene.world.catapults[1]
    assert not scene.camera.view.contains(catapult_body(cat.slot_index), 0.0)
    bar = scene.table_view.power_plates.get(1)
    assert bar is not None and app.screen.get_rect().contains(bar)
    for plate in scene.table_view.hint_plates:
        assert not plate.colliderect(bar)  # the key hint sits beside the bar
    # The bar and its figure sit out of the aim arrow's reach (a stranger read "77%" under it).
    cup_y = min(max(scene.table_view.to_screen(cat.slot.launch_point)[1], 120), VIEW_H - 40)
    assert bar.bottom <= cup_y - AIM_ARROW_MAX
    cat.aim_power = 1.0  # "100%", in larger text: its figure still whole on the screen
    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        scene.draw(app.screen)
        assert app.screen.get_rect().contains(scene.table_view.power_plates[1])
    finally:
        text.set_scale(1.0)


def test_a_power_bar_no_longer_drawn_pushes_no_hint_aside(app: Any, driver: Any) -> None:
    """The saboteurs' power bars push their key hints aside only while they are drawn: a bar
    kept from an earlier frame (the aim ended) moved hints for nothing."""
    scene = open_game(app, "mouse", "keys1", "ai:easy", row=ROW)
    driver.step()
    scene.table_view.power_plates[7] = pygame.Rect(0, 0, 40, 40)  # a bar of a past frame
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    scene.draw(app.screen)
    assert 7 not in scene.table_view.power_plates and 1 in scene.table_view.power_plates


def test_the_turn_view_shows_every_pad_card_and_tray_block_as_big_as_that_allows(
        app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    assert scene.camera.view == FULL  # the get-ready screen shows the whole table
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    v = scene.camera.view
    assert v == scene.turn_view  # cut to at once: no glide under the first press
    _pads_and_cards_on_screen(scene)
    # As big as that allows for the game's tallest small tower (zoom about 1.9), not framed
    # down for the Mega (a zoom of 1.375 made every block too small).
    assert v.zoom >= 1.875
    for key in SHAPES:
        full = art.block_sprite(key, 0.0)
        close = art.block_sprite(key, 0.0, v.zoom)
        assert close.get_width() >= 1.875 * full.get_width() - 2, key
    # Room under the card strip to build the tallest small tower and carry its last block over.
    tallest = max(tower_height(t) for t in TILES if not TILES[t].mega)
    assert v.y0 + CARD_STRIP_BOTTOM / v.zoom <= TABLE_Y - tallest - 30.0
    assert v.contains((SLOT_RANGES[0][0], TABLE_Y - tallest - 30.0, SLOT_RANGES[-1][1],
                       716.0))


def test_every_turn_of_a_match_is_framed_alike(app: Any, driver: Any) -> None:
    """Pads, cards and tray stay where they were from turn to turn (a playtester lost them
    when each turn was framed for its own row): a short row and a tall row get one view."""
    views = []
    for row in ([1, 2, 0, 3, 14], [25, 7, 0, 13, 4], [20, 19, 0, 23, 16]):
        scene = open_game(app, "mouse", "ai:easy", row=row)
        driver.step()
        driver.click((640, 400))
        assert scene.stage == Stage.PLAY
        _pads_and_cards_on_screen(scene)
        views.append(scene.camera.view)
        app.stack.pop()
        app.stack.apply_requests()
    assert views[0] == views[1] == views[2]


def test_the_mega_may_rise_into_the_card_strip_without_moving_the_view() -> None:
    """Only a tower under the name plates widens the turn's view: the Mega but for its last
    block stays inside the view the turn began with."""
    v = turn_view()
    mega = tower_height(0)
    roof = SHAPES["roof"].size("upright")[1]
    below_last = TABLE_Y - (mega - roof)
    assert below_last - STEP_OUT_ROOM > v.y0 + HUD_BOTTOM / v.zoom
    assert (below_last - v.y0) * v.zoom < CARD_STRIP_BOTTOM  # up in the card strip


def test_a_mouse_saboteurs_catapult_is_in_the_turn_view_from_the_start(
        app: Any, driver: Any) -> None:
    scene = open_game(app, "keys1", "mouse", row=ROW)
    driver.step()
    driver.key(pygame.K_SPACE)  # the keyboard builder turns the timer
    assert scene.turn is not None
    cat = scene.turn.world.catapults[1]
    start = scene.camera.view
    assert start.contains(catapult_rect(cat.slot_index))
    _pads_and_cards_on_screen(scene)
    cup = cat.slot.launch_point
    glide_world(driver, scene, scene.mouse_pos, cup, per_frame=60.0, buttons=0)
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=screen_of(scene, cup),
                                    button=1)])
    driver.run(60)
    assert scene.camera.view == start  # aiming moves nothing

def test_the_judging_and_scoreboard_show_the_whole_table(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    driver.run(60)
    assert scene.camera.view.zoom >= 1.875  # the build close-up
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
    assert views[0] == scene.turn_view or scene.stage != Stage.PLAY
    assert len(views) <= 2  # the turn's view, then the whole table for the judging

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
    assert scene.world.hand.held_block == cube.block_id
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


def test_a_keyboard_hand_stays_on_screen_and_the_view_holds(app: Any, driver: Any) -> None:
    from .test_scene import hold_key

    scene = open_game(app, "keys1", "ai:easy", row=ROW)
    driver.step()
    driver.key(pygame.K_SPACE)
    start = scene.camera.view
    hold_key(driver, pygame.K_d, 120)  # two seconds to the right: past the row's end
    b = scene.builder_ctl
    assert b is not None and b.hand is not None
    assert scene.camera.view.contains((*b.hand, *b.hand))
    assert scene.camera.view == start

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


# ---------------------------------------------------------------------------------------------
# Catapults are shown whole or not at all
# ---------------------------------------------------------------------------------------------


def _cut(v: View, r: tuple[float, float, float, float]) -> bool:
    """Whether the screen's edge cuts a world rect (partly in view, partly out)."""
    x0, y0, x1, y1 = v.world_rect()
    overlaps = r[0] < x1 and r[2] > x0 and r[1] < y1 and r[3] > y0
    return overlaps and not v.contains(r, 0.0)


def test_a_catapults_body_covers_its_sprite_pennant_and_arm():
    for i, slot in enumerate(CATAPULT_SLOTS):
        base, (px, py) = art.catapult_base(slot.facing, (200, 60, 60), "triangle")
        seen = base.get_bounding_rect(min_alpha=10)
        seen.move_ip(round(slot.pivot[0]) - px, round(slot.pivot[1]) - py)
        bx0, by0, bx1, by1 = catapult_body(i)
        assert bx0 <= seen.left and seen.right <= bx1 and by0 <= seen.top, (i, seen)
        # The arm at rest leans out by its length, its cup a little further.
        px_, py_ = slot.pivot
        tip_x = px_ - slot.facing * math.sin(slot.rest_angle) * slot.arm_length
        assert bx0 <= tip_x - 8 and tip_x + 8 <= bx1


@pytest.mark.parametrize("saboteurs", [1, 2, 3, 4])
def test_pulled_out_views_show_each_catapult_whole_or_not_at_all(saboteurs: int):
    """Shots from every catapult, dice anywhere along their way, towers of any height."""
    slots = list(range(saboteurs))
    for tower in (TABLE_Y, TABLE_Y - 108.0, TABLE_Y - 236.0):
        for src in slots:
            sx = CATAPULT_SLOTS[src].x
            for t in (0.0, 0.25, 0.5, 0.75, 1.0):
                x = sx + (640.0 - sx) * t
                y = TABLE_Y - 40.0 - 260.0 * math.sin(math.pi * t)
                die = (x - 30.0, y - 30.0, x + 30.0, y + 30.0)
                for extra in ([catapult_rect(src), die], [die]):
                    v = fit(build_frame(tower, None, 640.0, extra, (640.0, 650.0), None, slots))
                    for i in slots:
                        assert not _cut(v, catapult_body(i)), (saboteurs, tower, src, t, i, v)
    # The case from the report: a shot from the inner left catapult, four saboteurs.
    v = fit(build_frame(TABLE_Y - 60.0, None, 640.0, [catapult_rect(0)], (640.0, 650.0), None,
                        [0, 1, 2, 3]))
    assert v.contains(catapult_body(2), 0.0) and v.contains(catapult_body(0), 0.0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_view_taken_in_play_shows_each_catapult_whole_or_not_at_all(
        app: Any, driver: Any, players: int) -> None:
    """AI seats only, so dice fly and the camera pulls out, follows and closes in on its own:
    every view the camera aims at, and every view it rests on, cuts no catapult (a glide
    between two such views slides them in and out)."""
    scene = open_game(app, *(["ai:hard"] * players), seed=3)
    seen: set[View] = set()
    pulled = 0
    for _ in range(480):
        driver.step()
        cam = scene.camera
        views = {cam.target, cam.view} if cam.view == cam.target else {cam.target}
        for v in views - seen:
            seen.add(v)
            for cat in scene.world.catapults.values():
                assert not _cut(v, catapult_body(cat.slot_index)), (players, v, cat.slot_index)
            pulled += v.zoom < 2.0
    assert len(scene.world.catapults) == players - 1
    assert pulled > 0  # shots were shown


# ---------------------------------------------------------------------------------------------
# Building close up with towers standing, by mouse, through the camera
# ---------------------------------------------------------------------------------------------


def _drag_over(driver: Any, scene: Any, slot: int, over: float) -> None:
    """Like `drag_piece`, with the mouse through the camera, but carried above height `over`
    (the tallest tower's top) on its way to the slot."""
    from .test_scene import down, up, verdict

    turn = scene.turn
    tile = TILES[scene.match.row[slot] or 0]
    j = verdict(scene, slot)
    piece = tile.pieces[j.progress]
    spec = next(b for b in BLOCKS
                if b.shape == piece[0] and turn.world.block_where(b.block_id) == Where.TRAY)
    start = spec.tray_pos
    glide_world(driver, scene, scene.mouse_pos, start, per_frame=40.0, buttons=0)
    down(driver, screen_of(scene, start))
    assert turn.world.hand.held_block == spec.block_id
    x, y, _ = turn.world.reading.placement_pose(slot, j.stack, piece)
    carry = min(TABLE_Y - 110.0, y - 70.0, over - 40.0)
    pos = glide_world(driver, scene, start, (start[0], carry))
    # Out of the tray it comes up turned as its card prints it: turn what is left.
    sym = SHAPES[piece[0]].symmetry
    turns = round(((ORIENTATION_ANGLE[piece[1]] - (turn.world.hand.held_angle or 0.0)) % sym)
                  / (math.pi / 2)) % max(1, round(sym / (math.pi / 2)))
    for _ in range(turns):
        down(driver, screen_of(scene, pos), 3)  # a right click turns it a quarter
        up(driver, screen_of(scene, pos), 3)
    pos = glide_world(driver, scene, pos, (x, carry))
    pos = glide_world(driver, scene, pos, (x, y - 4))
    pos = glide_world(driver, scene, pos, (x, y + 1), per_frame=1.0)
    up(driver, screen_of(scene, pos))
    driver.run(25)


@pytest.mark.parametrize(("standing", "count", "build"), [
    (("Needle", 0), 1, 0),  # a long beam upright stands: put the Needle's cube on it
    (("Needle", 0), None, 1),  # the whole Needle stands: build the Post beside it
    (("Mega", 2), None, 4),  # the whole Mega stands: build the Cottage beside it
])
def test_building_by_mouse_with_towers_standing_holds_one_view(
        app: Any, driver: Any, standing: tuple[str, int], count: int | None, build: int) -> None:
    """The block in the hand is on screen every frame and the view never changes while the
    builder builds; a Mega tower standing whole moves nothing either (its roof shows under
    the faded top bar: a stranger's view zoomed out by itself mid-build)."""
    from game.games.tower.demos import place_tower

    from .test_scene import verdict

    row = [20, 7, 0, 3, 4]  # Needle, Post, Mega, Twin cubes, Cottage
    # With the Mega, an AI saboteur without dice: a human's catapult is always in the view
    # (couch), and that wider view may already have room for the Mega.
    mega = standing[0] == "Mega"
    scene = open_game(app, "mouse", "ai:easy" if mega else "keys2", row=row)
    driver.step()
    driver.click((640, 400))
    assert scene.turn is not None
    if mega:
        scene.match.dice_left[1] = 0  # it holds fire: this test is about the view
    first = scene.camera.view
    world = scene.turn.world
    name, slot = standing
    tid = next(t for t in row if TILES[t].name.startswith(name))
    place_tower(world, slot, tid, count)
    world.settle(1.0)
    driver.run(120)
    over = min(y for bid in verdict(scene, slot).stack
               for poly in world.block_polygons(bid) for _, y in poly)
    held_view = scene.camera.view
    assert held_view == first
    assert held_view.to_screen((SLOT_RANGES[2][0], over))[1] >= 0.0  # the Mega's top on screen
    _pads_and_cards_on_screen(scene)
    step = driver.step

    def watched(*a: Any, **kw: Any) -> None:
        step(*a, **kw)
        v = scene.camera.view
        assert v == held_view
        held = world.hand.held_block
        if held is not None:
            polys = world.block_polygons(held)
            xs = [x for poly in polys for x, _ in poly]
            ys = [y for poly in polys for _, y in poly]
            assert v.contains((min(xs), min(ys), max(xs), max(ys)), 2.0), (v, xs, ys)

    driver.step = watched  # type: ignore[method-assign]
    # carried over the standing tower's top, or (the whole Mega) as high as the view goes
    carry = max(over, held_view.y0 + 64.0)  # (`_drag_over` carries 40 above it)
    for _ in TILES[row[build]].pieces[verdict(scene, build).progress:]:
        _drag_over(driver, scene, build, carry)
    driver.step = step  # type: ignore[method-assign]
    assert verdict(scene, build).complete


def test_over_a_whole_human_turn_with_dice_flying_the_view_never_moves(
        app: Any, driver: Any) -> None:
    """Issue 16: nothing under the builder's pointer moves unless the player moves it. A mouse
    builder drags blocks by real events while two catapults fire; from the timer's turn to
    the judging the world-to-screen transform is one and the same, every frame; the dice that
    fly out of view are marked at the screen's edge instead."""
    from .test_scene import drag_piece, fast_forward, verdict

    scene = open_game(app, "mouse", "ai:easy", "ai:medium", row=ROW, seed=11)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    view = scene.camera.view
    step = driver.step
    offscreen = 0
    marked = 0
    draw_markers = scene.table_view._draw_shot_markers

    def markers(surface: pygame.Surface, v: View) -> None:
        nonlocal marked
        flying = scene.world.catapults.dice_in_flight()
        if not any(not v.contains((x, y, x, y)) for _, x, y in flying):
            draw_markers(surface, v)  # no die out of view: nothing to mark (not compared)
            return
        before = surface.copy()
        draw_markers(surface, v)
        marked += before.get_view("2").raw != surface.get_view("2").raw

    scene.table_view._draw_shot_markers = markers  # type: ignore[method-assign]

    def watched(*a: Any, **kw: Any) -> None:
        nonlocal offscreen
        step(*a, **kw)
        if scene.stage == Stage.PLAY:
            assert scene.camera.view == view
            assert scene.table_view.to_screen((0.0, 0.0)) == \
                tuple(round(c) for c in view.to_screen((0.0, 0.0)))
            offscreen += any(not view.contains((x, y, x, y))
                             for _, x, y in scene.world.catapults.dice_in_flight())

    driver.step = watched  # type: ignore[method-assign]
    for slot in (0, 3, 1):
        for _ in range(2):
            if scene.turn is None or not scene.turn.building or verdict(scene, slot).complete:
                break
            try:
                drag_piece(driver, scene, slot)
            except (AssertionError, StopIteration):
                driver.run(20)  # a die knocked the block away: go on with the next
    fast_forward(driver, scene, Stage.JUDGE)
    driver.step = step  # type: ignore[method-assign]
    assert scene.turn is not None and scene.turn.world.stats.dice_fired >= 3
    assert offscreen > 0 and marked > 0
    assert scene.match.totals()[0] > 0  # and the builder scored through the still view


def test_a_tower_risen_into_the_card_strip_shows_through_its_card(app: Any, driver: Any,
                                                                  monkeypatch: Any) -> None:
    from game.games.tower.rules import TileJudgement

    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    view = scene.table_view
    r = view.card_rect(2)
    scene.judgements = {2: TileJudgement(2, 0, False, "", 9, (0,), 0)}
    v = scene.camera.view
    surf = pygame.Surface((1280, 720))
    monkeypatch.setattr(scene, "top_of", lambda bid: TABLE_Y - 40.0)
    assert not view._under_card(2, r)
    view.draw(surf)
    solid = surf.get_at(r.center)
    high = v.y0 + (r.bottom - 30) / v.zoom
    monkeypatch.setattr(scene, "top_of", lambda bid: high)
    monkeypatch.setattr(scene, "_table_facts", lambda: (high, None, []))
    assert view._under_card(2, r) and not view._under_card(0, view.card_rect(0))
    view.draw(surf)
    assert surf.get_at(r.center) != solid  # the card is drawn faint over what is behind it


def test_watch_again_frames_every_pad_and_catapult_in_one_still_view(app: Any) -> None:
    """A playtester's Watch again came in closer than play and cut the leftmost pad (the film
    camera of an AI-only table): a watched turn is framed like play frames it for people, one
    still view with every pad, the tray and every catapult, the row in the middle."""
    from game.games.tower.camera import TRAY_BOTTOM, catapult_body
    from game.games.tower.data import SLOT_RANGES, VIEW_W
    from game.games.tower.watch import TowerWatchScene

    from .test_scene import open_game

    scene = open_game(app, "ai:hard", "ai:medium")
    TowerWatchScene._choose_view(scene)  # type: ignore[arg-type]
    view = scene.turn_view
    assert view is not None and scene.camera.view == view
    x0, _, x1, y1 = view.world_rect()
    assert x0 <= SLOT_RANGES[0][0] and SLOT_RANGES[-1][1] <= x1 and y1 + 1.0 >= TRAY_BOTTOM
    for cat in scene.world.catapults.values():
        bx0, _, bx1, _ = catapult_body(cat.slot_index)
        assert x0 <= bx0 and bx1 <= x1
    assert abs((x0 + x1) / 2.0 - VIEW_W / 2.0) < 1.0


def test_on_a_couch_the_keyboard_saboteurs_aim_fire_and_hit_never_move_the_view(
        app: Any, driver: Any) -> None:
    """Issue 16, couch: a stranger building by mouse saw the view slide while the keyboard
    saboteur aimed and fired, and set a roof on the wrong pad. With the builder dragging, the
    keyboard saboteur aims (A/D, W/S), fires (Left Shift) and knocks a finished tower down
    (KABOOM, the crash that shakes an AI table): the world-to-screen transform, shake
    included, is one and the same every frame of the turn."""
    import dataclasses

    from game.games.tower.ai import SABOTEUR_SKILLS, SaboteurAI
    from game.games.tower.controls import PadSaboteurControl
    from game.games.tower.demos import place_tower
    from game.games.tower.events import DieHit

    from .test_scene import drag_piece, verdict

    scene = open_game(app, "mouse", "keys1", row=ROW, seed=11)
    driver.step()
    driver.click((640, 400))
    turn = scene.turn
    assert scene.stage == Stage.PLAY and turn is not None
    sab = scene.sab_ctls[1]
    assert isinstance(sab, PadSaboteurControl)
    target = 4
    place_tower(turn.world, target, scene.match.row[target] or 0)
    turn.world.settle(1.0)
    assert verdict(scene, target).complete
    view = scene.camera.view
    origin = scene.table_view.to_screen((0.0, 0.0))
    step = driver.step
    frames = 0

    def watched(*a: Any, **kw: Any) -> None:
        nonlocal frames
        step(*a, **kw)
        if scene.stage == Stage.PLAY and turn.building:
            frames += 1
            assert scene.camera.view == view
            assert scene.fx.shake_off == (0, 0)
            assert scene.table_view.to_screen((0.0, 0.0)) == origin

    driver.step = watched  # type: ignore[method-assign]
    for key in (pygame.K_a, pygame.K_d, pygame.K_w, pygame.K_s):
        driver.key(key, 6)  # the saboteur tries the aim keys
    # Then aims true at the finished tower's top block and fires by key.
    top = verdict(scene, target).stack[-1]
    x, y, _ = turn.world.block_pose(top)
    skill = dataclasses.replace(SABOTEUR_SKILLS["hard"], angle_error=0.0, power_error=0.0)
    shot = SaboteurAI(1, "hard", 1, skill)._solve(turn, (x, y), target)
    assert shot is not None
    sab.elevation, sab.power = shot
    turn.aim(1, *shot)
    driver.key(pygame.K_LSHIFT)
    assert turn.world.stats.dice_fired == 1
    drag_piece(driver, scene, 0)  # the builder builds on while the die flies and hits
    driver.run(60)
    driver.step = step  # type: ignore[method-assign]
    assert frames > 150
    assert any(isinstance(e, DieHit) for e in scene.events_seen)
    assert not verdict(scene, target).complete and target in scene.fx.credits  # knocked


def test_the_strips_shrunk_cards_keep_their_names_readable(app: Any, driver: Any) -> None:
    """Shrunk into the strip over a close build view, a card's name was about 6 px tall on a
    1024x576 window (a playtester): each is redrawn at full size on a tag over its foot, at
    least 11 px there (the picture shrinks by 0.8)."""
    from game.ui import text

    drawn: dict[str, pygame.Rect] = {}

    class Said:
        def text(self, surface: object, rect: pygame.Rect, label: str, img: object) -> None:
            drawn[label] = rect

        def panel(self, surface: object, rect: object) -> None:
            pass

        def rendered(self, img: object, label: str) -> None:
            pass

    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY and scene.camera.view.zoom > 1.5  # the close view
    text.observe(Said())
    try:
        scene.draw(pygame.Surface((1280, 720)))
    finally:
        text.observe(None)
    for slot, tid in enumerate(ROW):
        if tid is None:
            continue
        name = "Mega Tower" if TILES[tid].mega else TILES[tid].name
        assert name in drawn, (name, sorted(drawn))
        rect = drawn[name]
        assert rect.h * 0.8 >= 14.0, (name, rect)  # a 14 px line at 1280x720
        assert scene.table_view.card_rect(slot).inflate(120, 12).contains(rect)


def test_on_a_couch_an_offscreen_saboteur_gets_an_inset_from_the_turns_start(
        app: Any, driver: Any) -> None:
    """A keyboard saboteur aimed blind while the other person built (their catapult off the
    solo build view), and a stranger saw the picture only after his first shot: from the
    turn's first frame, while they have dice left and while their die flies, a framed picture
    of their catapult sits in the top corner on its side, clear of every pad, card and the
    tray, its power bar under it and still when they start aiming; the builder's view never
    moves for it."""
    scene = open_game(app, "mouse", "keys1", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    view = scene.camera.view
    origin = scene.table_view.to_screen((0.0, 0.0))
    cat = scene.world.catapults[1]
    assert not view.contains(catapult_body(cat.slot_index), 0.0)
    scene.draw(app.screen)
    first = scene.table_view.insets.rects.get(1)  # not aiming yet: pictured all the same
    bar0 = scene.table_view.power_plates.get(1)
    assert first is not None and bar0 is not None
    driver.key(pygame.K_w, 12)  # the keyboard saboteur raises the aim
    scene.draw(app.screen)
    rect = scene.table_view.insets.rects.get(1)
    assert rect == first and scene.table_view.power_plates.get(1) == bar0  # nothing jumps
    assert rect is not None and app.screen.get_rect().contains(rect)
    assert rect.w >= 120 and rect.h >= 90
    frame = rect.inflate(10, 10)  # its frame too
    v = scene.camera.view
    for slot in range(len(SLOT_RANGES)):
        assert not frame.colliderect(scene.table_view.card_rect(slot)), slot
        x0, x1 = SLOT_RANGES[slot]
        (sx0, sy0), (sx1, _) = v.to_screen((x0, TABLE_Y - 16.0)), v.to_screen((x1, TABLE_Y))
        pad = pygame.Rect(round(sx0), round(sy0), round(sx1 - sx0), 40)
        # Nor over the column a tower rises in there.
        column = pygame.Rect(pad.x, round(v.to_screen((0.0, TABLE_Y - 140.0))[1]), pad.w,
                             pad.bottom)
        assert not frame.colliderect(pad) and not frame.colliderect(column), slot
    tray = art.TRAY_RECT
    (tx0, ty0), (tx1, ty1) = v.to_screen(tray.topleft), v.to_screen(tray.bottomright)
    assert not frame.colliderect(pygame.Rect(round(tx0), round(ty0), round(tx1 - tx0),
                                             round(ty1 - ty0)))
    # The power bar sits under the picture, never behind it.
    bar = scene.table_view.power_plates.get(1)
    assert bar is not None and not bar.colliderect(frame)
    # Fired: the picture stays while the die flies; the view has not moved.
    driver.key(pygame.K_LSHIFT)
    driver.run(30)
    scene.draw(app.screen)
    assert scene.world.catapults.dice_in_flight() and 1 in scene.table_view.insets.rects
    assert scene.camera.view == view and scene.table_view.to_screen((0.0, 0.0)) == origin
    # Idle, the die at rest, dice left: still pictured (the next aim is seen before it).
    driver.run(420)
    scene.draw(app.screen)
    assert not any(s == 1 for s, _x, _y in scene.world.catapults.dice_in_flight())
    assert scene.match.dice_left.get(1, 0) > 0 and scene.table_view.insets.rects.get(1) == rect
    assert scene.camera.view == view


def test_no_inset_for_a_catapult_in_view_or_an_ai(app: Any, driver: Any) -> None:
    """A mouse saboteur's catapult is in the turn's view (no picture needed); an AI's never
    gets one."""
    scene = open_game(app, "keys1", "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.key(pygame.K_SPACE)
    assert scene.stage == Stage.PLAY
    scene.turn.aim(1, 0.9, 0.7)
    scene.turn.aim(2, 0.9, 0.7)
    scene.draw(app.screen)
    driver.step()
    scene.turn.aim(1, 1.0, 0.6)
    scene.turn.aim(2, 1.0, 0.6)
    scene.draw(app.screen)
    assert scene.table_view.insets.rects == {}


def test_a_die_landing_beyond_the_screens_side_is_marked_there(app: Any, driver: Any) -> None:
    """A stranger's high-power dice flew off the couch builder's still view unseen: while a
    die flies to a landing beyond the screen's side, a marker at that side says where it comes
    down (and one at the edge while it flies off the top)."""
    scene = open_game(app, "mouse", "keys1", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    sab = scene.sab_ctls[1]
    sab.elevation, sab.power = math.radians(50.0), 1.0
    scene.turn.aim(1, sab.elevation, sab.power)
    driver.key(pygame.K_LSHIFT)
    view = scene.camera.view
    left, _, right, _ = view.world_rect()
    seen_top = landed_marked = False
    for _ in range(60):
        driver.step()
        landings = [(d, x) for s, d, x, _t in scene.world.catapults.dice_landings() if s == 1]
        if not landings:
            break
        scene.draw(app.screen)
        die, x = landings[0]
        assert not left <= x <= right  # it comes down beyond the view's left side
        mark = scene.table_view.landing_marks.get(die)
        assert mark is not None and app.screen.get_rect().contains(mark)
        assert mark.centerx < VIEW_W / 4  # on the side where it lands
        landed_marked = True
        _, y = scene.world.die_pose(die)[:2]
        if view.to_screen((0.0, y))[1] < 0:
            assert scene.table_view.flight_marks  # flying over the top: marked at the edge
            seen_top = True
        drawn = [*scene.table_view.power_plates.values(),
                 *(r.inflate(10, 10) for r in scene.table_view.insets.rects.values())]
        for m in [*scene.table_view.flight_marks, mark]:
            assert not any(m.colliderect(d) for d in drawn)  # never over a gauge or the inset
    assert landed_marked and seen_top
    assert scene.camera.view == view


@pytest.mark.parametrize("large", [False, True])
def test_two_people_aiming_from_one_side_keep_their_gauges_and_hints_apart(
        app: Any, driver: Any, large: bool) -> None:
    """Two keyboards on the couch aim from the right while a person builds: the corner inset
    holds their power bars down under it, side by side, their MAX and figures clear of each
    other, of the inset and of the key hints (a hint sat over a MAX), in larger text too."""
    if large:
        text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        scene = open_game(app, "mouse", "keys1", "ai:easy", "keys2", row=ROW)
        driver.step()
        driver.click((640, 400))
        assert scene.stage == Stage.PLAY
        sides = {scene.world.catapults[s].slot.facing for s in (1, 3)}
        assert sides == {-1}  # both on the right
        driver.key(pygame.K_w, 10)
        driver.key(pygame.K_UP, 10)
        scene.draw(app.screen)
        tv = scene.table_view
        bars = [tv.power_plates[1], tv.power_plates[3]]
        assert not bars[0].colliderect(bars[1])
        screen = app.screen.get_rect()
        for bar in bars:
            assert screen.contains(bar)
            for pic in tv.insets.rects.values():
                assert not bar.colliderect(pic.inflate(10, 10))
            for plate in tv.hint_plates:
                assert not plate.colliderect(bar)
        assert tv.insets.rects  # the last to aim is pictured
    finally:
        text.set_scale(1.0)


def test_any_block_reaching_into_a_card_shows_through_it_without_the_view_moving(
        app: Any, driver: Any) -> None:
    """A stranger's Mega tower, knocked askew, rose behind its card, which faded only while
    the hand was on it: any block in play that reaches into a card fades that card, at any
    size, and the build view does not move for it."""
    from game.games.tower.data import BLOCKS
    from game.games.tower.worlddata import Where

    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    view = scene.table_view
    v = scene.camera.view
    r = view.card_rect(0)
    surf = pygame.Surface((1280, 720))
    view.draw(surf)
    solid = surf.get_at((r.centerx, r.bottom - 12))
    assert not view._under_card(0, r)
    before = (v.x0, v.y0, v.zoom)
    # A loose beam (on no tower's stack) up in the card's lower part, as a tall wreck leans.
    cube = next(b.block_id for b in BLOCKS
                if b.shape == "cube" and scene.world.block_where(b.block_id) == Where.TRAY)
    wx = v.x0 + r.centerx / v.zoom
    wy = v.y0 + (r.bottom - 12) / v.zoom
    scene.world.hand.place(cube, wx, wy, 0.0)
    assert view._under_card(0, r) and not view._under_card(4, view.card_rect(4))
    view.draw(surf)
    assert (v.x0, v.y0, v.zoom) == before
    assert surf.get_at((r.centerx, r.bottom - 12)) != solid


def test_an_ai_saboteurs_aim_is_marked_where_its_die_would_land(app: Any, driver: Any) -> None:
    """A stranger building in the close view saw no shot coming until his tower was down: while
    an AI catapult takes aim, a ring in its colour on the table marks where the die would come
    down (from the aim's own flight, `landing_x`)."""
    from game.games.tower.controls import landing_x

    scene = open_game(app, "mouse", "ai:easy", row=ROW)  # it lobs at bare pads
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    ai = scene.sab_ctls[1].ai
    assert ai is not None
    for _ in range(1500):
        driver.step()
        if ai.aiming is not None:
            break
    assert ai.aiming is not None
    cat = scene.world.catapults[1]
    x = landing_x(cat.slot.launch_point, cat.slot.facing, *ai.aiming)
    assert scene.table_view.ai_aims() == [(1, x)]
    sx, sy = scene.camera.view.to_screen((x, TABLE_Y))
    scene.draw(app.screen)
    colour = scene.colours[1]
    near = [tuple(app.screen.get_at((round(sx) + dx, round(sy) + dy)))[:3]
            for dx in range(-40, 41) for dy in range(-30, 1)
            if app.screen.get_rect().collidepoint(round(sx) + dx, round(sy) + dy)]
    assert colour in near
