"""Couch: a human builder with human saboteurs beside them on one screen. The saboteurs' aim
help and the KABOOM! bursts stay off the towers being built (a couch builder lost their tower
under a saboteur's key hint and a KABOOM!), or are drawn see-through where nothing near is clear.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower import guide
from game.games.tower.data import TILES
from game.games.tower.demos import place_tower
from tests.games.tower.test_scene import open_game


def _couch(app: Any, driver: Any) -> Any:
    """The builder on the mouse, two saboteurs on the keyboards; three towers standing."""
    scene = open_game(app, "mouse", "keys1", "keys2", seed=3)
    scene.start_turn()
    turn = scene.turn
    small = [s for s, t in enumerate(scene.match.row) if t is not None and not TILES[t].mega]
    for slot in small[:3]:
        place_tower(turn.world, slot, scene.match.row[slot] or 0)
    turn.world.settle(1.0)
    driver.run(30)
    return scene


def test_a_saboteurs_key_hint_is_never_drawn_solid_over_the_builders_blocks(
        app: Any, driver: Any) -> None:
    scene = _couch(app, driver)
    view = scene.table_view
    panels: list[pygame.Rect] = []

    class Panels:
        def text(self, *_: Any) -> None:
            """Only panels here."""

        def rendered(self, *_: Any) -> None:
            """Only panels here."""

        def panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
            if surface is app.screen:
                panels.append(pygame.Rect(rect))

    from game.ui import text

    text.observe(Panels())
    try:
        driver.step(draw=True)
    finally:
        text.observe(None)
    keep = guide.needed_areas(view)
    assert keep and view.keep_clear == keep
    sab_hints = [p for p in view.hint_plates if p not in panels]  # drawn see-through
    solid = [p for p in view.hint_plates if p in panels]
    assert len(view.hint_plates) >= 3  # the builder's tips and each saboteur's keys
    builder_tips = solid[0] if solid else None
    for p in solid:
        if p is builder_tips:
            continue  # the builder's own help
        hit = [tuple(k) for k in keep if p.colliderect(k)]
        assert not hit, f"a saboteur's hint {tuple(p)} is drawn over the blocks at {hit}"
    assert all(any(p.colliderect(k) for k in keep) for p in sab_hints)


def test_a_kaboom_keeps_clear_of_the_building_or_is_see_through(app: Any, driver: Any) -> None:
    scene = _couch(app, driver)
    view = scene.table_view
    driver.step(draw=True)
    for slot, tid in enumerate(scene.turn_row):
        if tid is None:
            continue
        scene.fx.popups.clear()
        scene.fx.kaboom(slot)
        pop = scene.fx.popups[-1]
        x0, y0, x1, y1 = _popup_box(pop)
        burst = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
        over = [k for k in guide.needed_areas(view) if burst.colliderect(k)]
        assert pop.faint or not over, f"slot {slot}: a solid KABOOM! over the towers"
        assert pop.faint or not any(burst.colliderect(view.card_rect(s))
                                    for s in range(len(scene.turn_row)))


def _popup_box(pop: Any) -> tuple[float, float, float, float]:
    from game.games.tower.effects import popup_rect

    return popup_rect(pop)


def test_a_saboteurs_key_hint_goes_once_they_have_fired(app: Any, driver: Any) -> None:
    """A stranger's couch saboteur hint stayed over his trajectory dots and the dice in
    flight after he had fired: once a saboteur has fired, their hint is gone."""
    scene = _couch(app, driver)
    view = scene.table_view
    driver.step(draw=True)
    before = len(view.hint_plates)
    sab = next(s for s, c in scene.sab_ctls.items() if c.human)
    scene.match.dice_left[sab] -= 1  # as after a shot
    driver.step(draw=True)
    assert len(view.hint_plates) == before - 1


def test_a_knock_note_never_covers_a_couch_saboteurs_power_bar_or_picture(
        app: Any, driver: Any) -> None:
    """A knock's note ("Ben's die knocks the pillar off the Hut!") was drawn over the power
    bar of a keyboard saboteur on the couch (its MAX and the bar): the notes keep clear of
    every power bar and of the pictures of the saboteurs' catapults, whichever tower was hit."""
    from tests.games.tower.test_overlaps import KNOCK_WORDS, knocked_table

    for slot in (0, 1, 3, 4):
        scene = knocked_table(app, driver, ("mouse", "keys1", "keys2"), slot)
        scene.fx.knocked(slot, KNOCK_WORDS, (200, 60, 60), big=False)
        driver.run(10)
        scene.draw(app.screen)
        tv = scene.table_view
        note = tv.note_plates[slot]
        assert len(tv.power_plates) == 2 and len(tv.insets.rects) == 2
        for bar in tv.power_plates.values():
            assert not note.colliderect(bar), (slot, note, bar)
        for pic in tv.insets.rects.values():
            assert not note.colliderect(pic.inflate(10, 10)), (slot, note, pic)
        app.stack.pop()
        app.stack.apply_requests()


def test_a_saboteurs_aim_arc_is_faint_over_the_builders_area(app: Any, driver: Any) -> None:
    """A couch saboteur's aim arc was drawn solid across the builder's view: its dots over the
    area the builder needs are drawn faint (see-through), those outside it as before."""
    scene = _couch(app, driver)
    view = scene.table_view
    keep = view.keep_clear
    assert keep
    area = keep[0].unionall(keep[1:])
    v = scene.camera.view
    # An arc straight across the middle of the build area, clear of its boxes' insides.
    pts = [v.to_world((float(x), float(area.top + 4))) for x in range(40, 1240, 40)]
    surface = pygame.Surface((1280, 720))
    surface.fill((0, 0, 0))
    view._draw_path(surface, v, pts, (255, 0, 0))
    assert view.faint_dots > 0
    inside = [view.to_screen(p) for p in pts[1:]
              if area.inflate(16, 16).collidepoint(view.to_screen(p))
              and not any(k.collidepoint(view.to_screen(p)) for k in keep)]
    assert inside
    for at in inside:
        c = surface.get_at(at)
        assert max(c[0], c[1], c[2]) < 200, (at, c)  # see-through over black, not full


def test_a_saboteurs_hint_never_covers_the_trays_names(app: Any, driver: Any) -> None:
    """At 1024x576 a couch saboteur's hint slid over the tray's "Short beam": whatever the
    tray's names, no saboteur's plate covers one (a name put under the hint's spot here)."""
    scene = _couch(app, driver)
    view = scene.table_view
    driver.step(draw=True)
    sab = [p for p in view.hint_plates if p.centerx != 640]  # not the builder's own
    assert sab
    real = guide.draw_tray_labels

    def labels(surface: Any, v: Any, *args: Any) -> None:
        real(surface, v, *args)
        v.tray_labels.append(pygame.Rect(sab[0].centerx - 40, sab[0].centery, 80, 18))

    guide.draw_tray_labels = labels  # type: ignore[assignment]
    try:
        driver.step(draw=True)
    finally:
        guide.draw_tray_labels = real  # type: ignore[assignment]
    assert view.tray_labels
    for p in [p for p in view.hint_plates if p.centerx != 640]:
        for lb in view.tray_labels:
            assert not p.colliderect(lb), (p, lb)
