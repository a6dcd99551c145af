"""A tower whose outline needs a kind none is left of is said at once and its outline marked
(a stranger used both arches on the Bridge and the Viaduct, and the Temple's outline went on
asking for an arch with no word until the scores: "still needs an arch on top")."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from game.games.tower.controls import CursorBuilderControl, starved
from game.games.tower.data import BLOCKS, SLOT_RANGES
from game.games.tower.scene import Stage
from game.games.tower.view import STARVED
from game.games.tower.worlddata import Where

from .test_scene import open_game

ROW = [25, 6, 0, 1, 14]
"""Temple (long beam, arch, short beam, pillar, roof), Bridge (arch, ...), Mega, Bench, Aqueduct."""
WORDS = "No arch left for the Temple: take one from another tower"


def _arches_used(scene: Any) -> None:
    """Both arches stand in the Aqueduct's tower (on slot 4): none is free for the others."""
    turn = scene.turn
    assert turn is not None
    arches = tuple(b.block_id for b in BLOCKS if b.shape == "arch")
    real, real_where = turn.judgements, scene.world.block_where

    def where(bid: int) -> Where:
        return Where.TABLE if bid in arches else real_where(bid)

    def judgements() -> list[Any]:
        return [dataclasses.replace(j, stack=arches, progress=2, scored=True,
                                    reason="standing")
                if j.slot == 4 else j for j in real()]

    scene.world.block_where = where
    turn.judgements = judgements


def _start(app: Any, driver: Any, builder: str) -> Any:
    scene = open_game(app, builder, "ai:easy", row=list(ROW))
    driver.step()
    if builder == "mouse":
        driver.click((640, 400))
    else:
        driver.key(pygame.K_SPACE)
    assert scene.stage == Stage.PLAY and scene.turn is not None
    scene.sab_ctls.clear()
    driver.run(5)
    assert scene.starved == {} and scene.supply_note == ""  # every arch free: nothing said
    return scene


def test_a_tower_left_without_its_kind_is_said_at_once_and_its_outline_marked(
        app: Any, driver: Any) -> None:
    scene = _start(app, driver, "mouse")
    _arches_used(scene)
    driver.run(3)
    # The Temple and the Bridge need an arch; the Mega is not begun: left out.
    assert scene.starved == {0: "arch", 1: "arch"}
    assert starved(scene.turn, scene.turn.judgements()) == scene.starved
    assert scene.supply_note == WORDS
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    view = scene.table_view
    assert any(p.w > 0 for p in view.hint_plates)
    # The Bridge's outline (its arch's, on an empty hand) is crossed out in the warning
    # colour; the Temple's (its long beam, still in the tray) and the Bench's are not.
    ghosts = {slot: (key, x, y, a) for slot, key, x, y, a in view.idle_ghosts()}
    for slot, marked in ((1, True), (0, False), (3, False)):
        _, x, y, _ = ghosts[slot]
        centre = view.to_screen((x, y))
        assert (tuple(surface.get_at(centre))[:3] == STARVED) is marked, slot
    # Said once: a later look says nothing new.
    scene.supply_note = ""
    driver.run(3)
    assert scene.supply_note == ""


def test_a_keyboard_builder_is_told_in_its_note(app: Any, driver: Any) -> None:
    scene = _start(app, driver, "keys1")
    b = scene.builder_ctl
    assert isinstance(b, CursorBuilderControl)
    _arches_used(scene)
    driver.run(3)
    assert b.note == WORDS and b.note_left > 0.0


def _cubes_used(scene: Any, left: int) -> None:
    """All but `left` cubes stand in the Aqueduct's pad's stack (slot 4)."""
    turn = scene.turn
    assert turn is not None
    cubes = tuple(b.block_id for b in BLOCKS if b.shape == "cube")[left:]
    real, real_where = turn.judgements, scene.world.block_where

    def where(bid: int) -> Where:
        return Where.TABLE if bid in cubes else real_where(bid)

    def judgements() -> list[Any]:
        return [dataclasses.replace(j, stack=cubes) if j.slot == 4 else j for j in real()]

    scene.world.block_where = where
    turn.judgements = judgements


VIADUCT_ROW = [25, 18, 0, 1, 14]
"""The Viaduct (arch, cube, short beam, cube) on slot 1."""


def test_a_tower_short_of_one_of_two_cubes_says_how_many_and_crosses_out_no_fillable_outline(
        app: Any, driver: Any) -> None:
    """A stranger read "No cube left for the Viaduct" with "Cube x1" in the tray, and a red X
    over the cube outline that last cube then fitted: it needed two."""
    scene = open_game(app, "mouse", "ai:easy", row=list(VIADUCT_ROW))
    driver.step()
    driver.click((640, 400))
    scene.sab_ctls.clear()
    driver.run(5)
    _cubes_used(scene, 1)
    driver.run(3)
    assert scene.starved.get(1) == "cube"
    assert scene.supply_note == ("The Viaduct needs 2 cubes: 1 left in the tray. Take one "
                                 "from another tower")
    assert not scene.crossed(1, "cube")  # the tray's cube still fills the next cube outline
    assert not scene.crossed(1, "arch")
    _cubes_used(scene, 0)
    driver.run(3)
    assert scene.crossed(1, "cube")  # none left at all: crossed out


def test_tab_on_a_tower_short_of_cubes_refuses_with_the_same_words(
        app: Any, driver: Any) -> None:
    scene = open_game(app, "keys1", "ai:easy", row=list(VIADUCT_ROW))
    driver.step()
    driver.key(pygame.K_SPACE)
    scene.sab_ctls.clear()
    driver.run(5)
    b = scene.builder_ctl
    assert isinstance(b, CursorBuilderControl)
    _cubes_used(scene, 1)
    driver.run(3)
    words = "The Viaduct needs 2 cubes: 1 left in the tray. Take one from another tower"
    assert b.note == words
    b.note, b.note_left = "", 0.0
    b.last_pad = 0.5 * sum(SLOT_RANGES[1])
    assert b.target_slot(scene.turn) == 1
    b._tray_target(scene.turn, 0)
    assert b.note == words


def test_a_starved_tower_is_said_only_once_the_builder_works_on_it(
        app: Any, driver: Any) -> None:
    """A stranger building the Mega read "No arch left for the Gatehouse": a tower the builder
    is not working on is not said (its outline is still marked), until they turn to it."""
    from game.games.tower.demos import place_tower

    scene = _start(app, driver, "mouse")
    world = scene.world
    place_tower(world, 2, 0, 1)  # the Mega's first block: the builder works on the Mega
    scene._set_at[2] = scene._frames
    driver.run(3)
    _arches_used(scene)
    driver.run(3)
    assert {0: "arch", 1: "arch"}.items() <= scene.starved.items()  # marked
    # said of the Mega (it needs arches too), not of the towers the builder is not on
    assert "Temple" not in scene.supply_note and "Bridge" not in scene.supply_note
    assert scene.supply_note.startswith("No arch left for the Mega")
    scene._set_at[0] = scene._frames  # a block let go over the Temple: working on it now
    driver.run(3)
    assert scene.supply_note == WORDS
