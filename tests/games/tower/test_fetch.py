"""The keyboard build helper (Tab) fetches only the next block a tower needs: when the chosen
tiles together need more cubes than the set holds it says so and serves another tower, or does
nothing (a stranger's Tab+Space put a long beam on Three cubes, a cube at the Viaduct's base
and an arch on a Mega Tower nobody asked for)."""

from __future__ import annotations

from typing import Any

import pygame

from game.games.tower.controls import CursorBuilderControl
from game.games.tower.data import BLOCKS, SLOT_RANGES
from game.games.tower.worlddata import Where

from .test_jump import press
from .test_scene import open_game

ROW = [10, 18, 0, 1, 2]
"""Three cubes, Viaduct (arch, cube, short beam, cube), Mega, Bench (beam, cube), Hut."""


def _scene(app: Any, driver: Any, left: set[str],
           row: list[int] = ROW) -> tuple[Any, CursorBuilderControl]:
    """A keyboard builder's turn on `row` whose tray holds only the kinds in `left` (the
    others taken out: the chosen tiles used them up)."""
    scene = open_game(app, "keys1", "ai:easy", row=list(row))
    scene.sab_ctls.clear()
    driver.step()
    driver.key(pygame.K_SPACE)
    assert scene.turn is not None
    scene.sab_ctls.clear()
    world = scene.world
    real = world.block_where
    shapes = {b.block_id: b.shape for b in BLOCKS}

    def where(bid: int) -> Where:
        got = real(bid)
        return Where.TABLE if got == Where.TRAY and shapes[bid] not in left else got

    world.block_where = where  # type: ignore[method-assign]
    # ...and stand in other towers, so none is free on the table either.
    world.hand.locked.update(bid for bid, shape in shapes.items() if shape not in left)
    b = scene.builder_ctl
    assert isinstance(b, CursorBuilderControl)
    b.last_pad = sum(SLOT_RANGES[0]) / 2.0  # building the Three cubes
    b.pos = (640.0, 400.0)
    return scene, b


def test_no_cube_left_says_so_and_fetches_the_next_tower_its_own_block(
        app: Any, driver: Any) -> None:
    scene, b = _scene(app, driver, {"beam", "plank", "pillar", "arch", "roof"})
    press(driver, pygame.K_TAB)
    assert b.note == "No cube left for the Three cubes: take one from another tower"
    assert b.note_left > 0.0
    # Not a long beam for the Three cubes: the Viaduct's arch, its next block, taken to the
    # Viaduct's pad, the one it came for.
    held = scene.world.hand.held_block
    assert held is not None and scene.world.block_shape(held) == "arch"
    assert b.fetch_for == 1 and scene.table_view.key_target() == 1  # the Viaduct is ringed
    assert SLOT_RANGES[1][0] <= b.pos[0] <= SLOT_RANGES[1][1], b.pos
    # The note is drawn on the table for the player to read.
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    plates = scene.table_view.hint_plates
    assert len(plates) >= 2 and plates[1].top >= plates[0].bottom  # under the key tips


def test_nothing_a_tower_needs_left_does_nothing_and_never_starts_the_mega(
        app: Any, driver: Any) -> None:
    # Beams (the untouched Mega's first block) and pillars (nobody's next) are all that is left.
    # The Twin cubes need cubes and the Hut an arch: no tower but the Mega can use a beam.
    scene, b = _scene(app, driver, {"beam", "pillar"}, row=[10, 18, 0, 3, 2])
    before = b.pos
    press(driver, pygame.K_TAB)
    assert b.pos == before and b.fetch_for is None  # the hand stays: nothing fetched
    assert b.note.startswith("No cube left for the Three cubes")


def test_a_tower_that_can_no_longer_be_finished_is_never_fed(app: Any, driver: Any) -> None:
    # A stranger's Tab+Space put a long beam on the Gatehouse (long beam, arch, roof) when
    # both arches stood in other towers: it could never be finished.
    import dataclasses

    scene, b = _scene(app, driver, {"beam", "plank", "pillar", "cube", "arch", "roof"},
                      row=[5, 18, 0, 1, 2])
    turn = scene.turn
    assert turn is not None
    arches = tuple(x.block_id for x in BLOCKS if x.shape == "arch")
    real = turn.judgements
    real_where = scene.world.block_where

    def where(bid: int) -> Where:
        return Where.TABLE if bid in arches else real_where(bid)

    def judgements() -> list[Any]:  # both arches stand in the Hut's tower
        return [dataclasses.replace(j, stack=arches) if j.slot == 4 else j for j in real()]

    scene.world.block_where = where  # type: ignore[method-assign]
    turn.judgements = judgements  # type: ignore[method-assign]
    press(driver, pygame.K_TAB)
    assert b.note == "No arch left for the Gatehouse: take one from another tower"
    # The beam Tab picks is the Bench's (long beam, cube), the one tower it can still finish.
    assert b.fetch_for == 3
