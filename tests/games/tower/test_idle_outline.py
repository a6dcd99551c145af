"""A mouse builder with an empty hand sees where to build: every open tower's next block shows
as a faint outline on its pad (the tips say "drag a block onto its faint outline"; a stranger
saw none until a block was in his hand, and none at all with the hand over the tray)."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.bodies import shape_polygons
from game.games.tower.data import BLOCKS
from game.games.tower.scene import Stage
from game.ui import theme

from .test_scene import ROW, glide_world, open_game


def _cream_near(surface: pygame.Surface, at: tuple[float, float]) -> bool:
    x0, y0 = round(at[0]), round(at[1])
    w, h = surface.get_size()
    return any(surface.get_at((x, y))[:3] == theme.CREAM
               for x in range(max(0, x0 - 1), min(w, x0 + 2))
               for y in range(max(0, y0 - 1), min(h, y0 + 2)))


def test_an_empty_mouse_hand_over_the_tray_sees_every_towers_next_outline(
        app: Any, driver: Any) -> None:
    scene = open_game(app, "mouse", "keys1", row=list[int | None](ROW))
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY and scene.turn is not None
    tray = BLOCKS[0].tray_pos
    glide_world(driver, scene, scene.mouse_pos, (tray[0], tray[1] - 30.0), per_frame=30.0,
                buttons=0)
    assert scene.builder_ctl is not None and not scene.builder_ctl.holding
    turn = scene.turn
    open_slots = [s for s in range(len(ROW)) if turn.ghost(s) is not None]
    assert len(open_slots) == len(ROW)  # a fresh turn: every tower wants its first block
    scene.draw(app.screen)
    view = scene.table_view
    for slot in open_slots:
        got = turn.ghost(slot)
        assert got is not None
        shape, x, y, a = got
        poly = shape_polygons(shape, x, y, a)[0]
        pts = [view.to_screen(p) for p in poly]
        # The middle of each edge of the outline is drawn in the pale outline colour.
        ring = pts[1:] + pts[:1]
        edges = [((p[0] + q[0]) / 2, (p[1] + q[1]) / 2) for p, q in zip(pts, ring, strict=True)]
        seen = sum(_cream_near(app.screen, e) for e in edges)
        assert seen >= len(edges) - 1, (slot, shape, seen, len(edges))
