"""Couch: two people and an AI saboteur. A saboteur's knock is told by their own catapult or
the tower hit, never by another saboteur's (a stranger read "Ben's die knocks the Tee down" at
the far left, by Cleo's catapult); a mouse saboteur's "Press anywhere..." hint keeps off their
own catapult and pull ring (a stranger's lay over both while she aimed)."""

from __future__ import annotations

from typing import Any

from game.games.tower.data import TILES
from game.games.tower.demos import place_tower
from tests.games.tower.test_scene import open_game


def _couch(app: Any, driver: Any, towers: bool) -> Any:
    """A keyboard builder, a mouse saboteur (right) and an AI saboteur (left)."""
    scene = open_game(app, "keys1", "mouse", "ai:easy", seed=3)
    scene.start_turn()
    assert scene.turn is not None
    if towers:
        small = [s for s, t in enumerate(scene.match.row) if t is not None and not TILES[t].mega]
        for slot in small[:3]:
            place_tower(scene.turn.world, slot, scene.match.row[slot] or 0)
        scene.turn.world.settle(1.0)
    driver.run(30)
    return scene


def test_a_knock_is_never_told_by_the_other_saboteurs_catapult(app: Any, driver: Any) -> None:
    scene = _couch(app, driver, towers=True)
    view = scene.table_view
    sabs = sorted(scene.sab_ctls)
    assert len(sabs) == 2
    faces = {s: scene.world.catapults[s].slot.facing for s in sabs}
    assert set(faces.values()) == {1, -1}  # one on each side
    told = 0
    for slot, tid in enumerate(scene.turn_row):
        if tid is None or TILES[tid].mega:
            continue
        for seat in sabs:
            scene.fx.credits.clear()
            view._note_at.clear()
            view._note_width.clear()
            scene.fx.knocked(slot, "Ben's die knocks the Tee down!", scene.colours[seat],
                             big=True, seat=seat)
            driver.step(draw=True)
            plate = view.note_plates[slot]
            other = next(s for s in sabs if s != seat)
            zone = view.catapult_zone(other)
            assert not plate.colliderect(zone), \
                f"seat {seat}'s knock on slot {slot} at {tuple(plate)} is by seat {other}'s " \
                f"catapult {tuple(zone)}"
            told += 1
    assert told >= 6


def test_a_mouse_saboteurs_hint_keeps_off_their_catapult_and_ring(
        app: Any, driver: Any) -> None:
    scene = _couch(app, driver, towers=False)
    view = scene.table_view
    seat = next(s for s, c in scene.sab_ctls.items() if c.human)
    ctl = scene.sab_ctls[seat]
    cup = scene.world.catapults[seat].slot.launch_point
    ctl.press(scene.turn, (cup[0] + 30, cup[1]))
    ctl.motion(scene.turn, (cup[0] + 90, cup[1] + 40))
    driver.step(draw=True)
    assert ctl.pulling
    cx, cy = view.to_screen(cup)
    r = round(ctl.reach * scene.camera.view.zoom)
    ring = (cx - r, cy - r, 2 * r, 2 * r)
    name = scene.seats[seat].name
    assert len(view.hint_plates) >= 2  # the builder's tips and this saboteur's hint
    hint = view.hint_plates[-1]
    assert not hint.colliderect(ring), f"{name}'s hint {tuple(hint)} over her ring {ring}"
    for p in view.hint_plates[:-1]:
        assert not hint.colliderect(p), "the hint moved onto another plate"
