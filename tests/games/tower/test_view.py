"""Tower Kaboom's view (view.py): what it draws follows the camera, and the still table is
smooth at rest and never re-made as a new surface each frame while the camera glides."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower import art
from game.games.tower.camera import clamp_view

from .test_scene import ROW, open_game


def test_the_background_glides_in_one_buffer_and_rests_smooth(app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    view = scene.table_view
    cam = scene.camera
    start = clamp_view(1.6, 300.0, 300.0)
    cam.cut(start)
    cam.aim(start)
    scene._update_camera = lambda dt: cam.update(dt, False)  # type: ignore[method-assign]
    cam.aim(clamp_view(2.2, 380.0, 380.0))
    surf = pygame.Surface((1280, 720), 0, app.display.canvas)
    for i in range(3):
        driver.step()
        assert cam.view != cam.target  # still gliding
        view.draw(surf)
        # Scaled straight into the frame: no screen-sized buffer scaled and blitted after.
        assert view.glided == 2 * i + 1 and view._bg_buffer is None
        v = cam.view
        bare = pygame.Surface((1280, 720), 0, app.display.canvas)
        view._draw_background(bare, v, 0, 0, False)  # the table alone, where it shows
        m = art.MARGIN
        layer = view._table_layer()
        for sx, sy in ((640, 360), (100, 600), (1200, 80)):
            wx, wy = v.to_world((float(sx), float(sy)))
            near = {tuple(layer.get_at((round(wx + m) + dx, round(wy + m) + dy)))
                    for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
            assert tuple(bare.get_at((sx, sy))) in near
    shaken = pygame.Surface((1280, 720), 0, app.display.canvas)
    buffers = set()
    for _ in range(3):
        driver.step()
        assert cam.view != cam.target
        scene.fx.shake_off = (3, -2)  # a shake moves the frame: the buffer's way then
        view.draw(shaken)
        assert view._bg_buffer is not None
        buffers.add(id(view._bg_buffer))
    assert len(buffers) == 1  # the same buffer every moving frame
    scene.fx.shake_off = (0, 0)
    cam.cut(cam.target)
    # At rest the smooth scale is made a slice a frame (no stalled frame), then shown.
    frames = 0
    while view._bg is None and frames < 10:
        view.draw(surf)
        frames += 1
    assert 1 < frames <= 6
    assert view._bg is not None
    smooth = view._bg[1]
    assert smooth.get_parent() is not view._bg_buffer  # kept apart from the gliding buffer
    w, h = smooth.get_size()
    assert w >= 1280 and h >= 720  # the whole screen and the shake's margin
    view.draw(surf)
    assert view._bg is not None and view._bg[1] is smooth  # reused while nothing moves


def test_two_why_notes_at_once_never_cover_each_other(app: Any, driver: Any,
                                                      monkeypatch: Any) -> None:
    """A die that spoils two towers at once: both notes are read whole, one under the other."""
    from game.games.tower import hud
    from game.games.tower.scene import Stage

    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))  # the builder turns the sand timer
    assert scene.stage == Stage.PLAY
    drawn: list[pygame.Rect] = []
    real = hud.draw_hint

    def spy(surface: pygame.Surface, lines: list[str], centre: tuple[int, int],
            colour: Any = None, alpha: int = 210) -> pygame.Rect:
        rect = real(surface, lines, centre, colour or (255, 255, 255), alpha)
        drawn.append(rect)
        return rect

    monkeypatch.setattr(hud, "draw_hint", spy)
    for zoom in (1.0, 2.625):  # the whole table and the build close-up
        scene.camera.cut(clamp_view(zoom, 0.0, 200.0))
        scene._update_camera = lambda dt: None  # type: ignore[method-assign]
        for slot in (0, 1, 3):
            scene.fx.notes[slot] = ("The Totem needs a short beam at the bottom, not a cube", 2.0)
        drawn.clear()
        scene.table_view.draw(pygame.Surface((1280, 720)))
        assert len(drawn) >= 3  # the three notes (and the help line while it shows)
        for i, a in enumerate(drawn):
            for b in drawn[i + 1:]:
                assert not a.colliderect(b), (zoom, a, b)


def test_a_why_note_never_covers_its_tiles_card(app: Any, driver: Any, monkeypatch: Any) -> None:
    """While the camera pulls out the cards grow back toward the wall: the note stays under
    its tile's card at every zoom, so the player reads both."""
    from game.games.tower import hud
    from game.games.tower.scene import Stage

    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    drawn: list[pygame.Rect] = []
    real = hud.draw_hint
    monkeypatch.setattr(hud, "draw_hint", lambda *a, **k: drawn.append(real(*a, **k)) or drawn[-1])
    scene._update_camera = lambda dt: None  # type: ignore[method-assign]
    for zoom in (1.25, 1.3, 1.4, 1.5, 2.0, 2.625):
        scene.camera.cut(clamp_view(zoom, 0.0, 200.0))
        scene.fx.notes.clear()
        scene.fx.notes[1] = ("The Signpost's bottom block must stand wholly on its tile", 2.0)
        drawn.clear()
        scene.table_view.draw(pygame.Surface((1280, 720)))
        card = scene.table_view.card_rect(1)
        notes = [r for r in drawn if r.w < 400]  # the help line is the wide one
        assert notes and not notes[0].colliderect(card), (zoom, notes[0], card)


def test_the_colour_blind_palette_mid_match_repaints_the_catapult_pennants(app: Any) -> None:
    """A playtester switched the colour-blind palette in the pause menu's Settings: the seats
    changed colour but the catapults' pennants kept the old ones (drawn into the table layer)."""
    from game.ui import theme

    scene = open_game(app, "mouse", "ai:easy", "ai:easy")
    scene.draw(app.screen)
    before = {seat: colour for seat, _, colour, _ in scene.table_view._layer_cats}
    assert before, "a catapult is on the table"
    app.settings.accessibility.colourblind = True
    assert scene.refresh_identity()
    scene.draw(app.screen)
    after = {seat: colour for seat, _, colour, _ in scene.table_view._layer_cats}
    assert after.keys() == before.keys()
    for seat, colour in after.items():
        assert colour == scene.colours[seat] != before[seat]
        assert theme.hex_rgb(theme.SEAT_COLOURS_SAFE[seat]) == colour


def test_the_table_behind_the_get_ready_panel_is_drawn_once_while_it_stands_still(
        app: Any, driver: Any, monkeypatch: Any) -> None:
    """The get-ready screen shows the table dimmed behind its panel: once the panel is in, the
    table, the dim and the panel's frame are kept and shown again (one blit a frame), until
    something on the table moves (here a shake), and the frame looks the same either way."""
    from game.games.tower.demos import build_ready
    from game.games.tower.scene import Stage

    scene = build_ready(app, 3)
    app.stack.push(scene)
    app.stack.apply_requests()
    driver.run(40)  # the panel slides in (0.45 s)
    assert scene.stage == Stage.READY
    view = scene.table_view
    tables: list[int] = []
    chromes: list[int] = []
    real_table, real_chrome = view._draw_table, scene.picker.draw_chrome
    monkeypatch.setattr(view, "_draw_table", lambda s, h: (tables.append(1), real_table(s, h)))
    monkeypatch.setattr(scene.picker, "draw_chrome",
                        lambda s, k: (chromes.append(1), real_chrome(s, k)))
    kept = pygame.Surface((1280, 720), 0, app.display.canvas)
    view._still_table = None  # kept from the frames above: start afresh
    for _ in range(6):
        view.draw(kept)
    assert (len(tables), len(chromes)) == (1, 1), "drawn once, then shown again"
    fresh = pygame.Surface((1280, 720), 0, app.display.canvas)
    view._still_table = None
    view.draw(fresh)
    for at in ((640, 100), (200, 400), (1100, 650), (640, 360)):
        assert kept.get_at(at) == fresh.get_at(at), at
    scene.fx.shake_off = (3, 0)  # the table moves: drawn anew each frame
    view.draw(kept)
    view.draw(kept)
    assert len(tables) == 4
