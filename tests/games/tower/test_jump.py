"""Keyboard and pad building by jumps (controls.CursorBuilderControl.jump): Tab (B) with the
hand empty takes the gold tower's next block and carries it over its pad, Space lets go (a
block in two presses); Tab again with a block held keeps it over that pad; the turn keys with
the hand empty go to another tower's block. A three-block tower is built in six presses (a
playtester could not finish one in 30 s steering the hand, and one in four presses a block
built about 4 blocks in 30 s against 7-8 with the mouse)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.games.tower.controls import CursorBuilderControl, tile_words
from game.games.tower.data import (
    ORIENTATION_ANGLE,
    SHAPES,
    SLOT_RANGES,
    TABLE_Y,
    TILES,
    TRAY_ZONE_Y,
)
from game.games.tower.scene import Stage

from .test_scene import open_game

COTTAGE_ROW = [1, 4, 0, 3, 2]
"""Bench, Cottage (short beam lying, cube, roof), Mega, Twin cubes, Hut."""
GAP = 20
"""Frames between a careful player's presses (a third of a second)."""


def press(driver: Any, key: int) -> None:
    driver.key(key)
    driver.run(GAP)


def _keyboard_turn(app: Any, driver: Any) -> CursorBuilderControl:
    """A keyboard builder's Cottage turn begun (Space), no saboteur firing, no jump made yet."""
    return _keyboard_scene(app, driver)[1]


def _keyboard_scene(app: Any, driver: Any, row: list[int | None] | None = None
                    ) -> tuple[Any, CursorBuilderControl]:
    """`_keyboard_turn`, with its scene (on `row`, the Cottage's by default)."""
    scene = open_game(app, "keys1", "ai:easy", row=row or COTTAGE_ROW)
    scene.sab_ctls.clear()
    driver.step()
    driver.key(pygame.K_SPACE)
    assert scene.turn is not None
    scene.sab_ctls.clear()
    b = scene.builder_ctl
    assert isinstance(b, CursorBuilderControl) and b.last_pad is None
    return scene, b


def test_tab_steps_through_the_tray_and_the_pads(app: Any, driver: Any) -> None:
    scene = open_game(app, "keys1", "ai:easy", row=COTTAGE_ROW)
    driver.step()
    driver.key(pygame.K_SPACE)  # the builder turns the timer
    assert scene.stage == Stage.PLAY and scene.turn is not None
    b = scene.builder_ctl
    assert isinstance(b, CursorBuilderControl)
    seen = []
    for _ in range(5):
        press(driver, pygame.K_e)
        bid = scene.world.hand.block_at(b.pos)
        assert bid is not None and not b.carrying
        seen.append(scene.world.block_shape(bid))
    # The gold tower is the Bench (the leftmost tile, no jump made yet). The turn keys, hand
    # empty, step on to the next block of each other tower left to right as the tiles lie
    # (the Cottage, the Mega: a stranger found no key to start it, and then Q and E skipped
    # it; the Twin cubes, the Hut), then round again: never a kind no tower needs next.
    assert seen == ["plank", "beam", "cube", "arch", "beam"]
    assert b.fetch_for == 0  # round again to the Bench
    press(driver, pygame.K_q)  # and back: the Hut's arch
    assert b.fetch_for == 4
    press(driver, pygame.K_e)  # and on again: the Bench's
    assert b.fetch_for == 0
    assert scene.world.block_shape(scene.world.hand.block_at(b.pos) or 0) == "beam"
    xs = []
    for _ in range(3):
        press(driver, pygame.K_TAB)  # takes the long beam and carries it over its pad
        xs.append(round(b.pos[0]))
        held = scene.world.hand.held_block
        assert b.carrying and held is not None and scene.world.block_shape(held) == "beam"
    # Over the Bench's pad, and pressed again it stays there (a stranger's second Tab went
    # on to another tower).
    assert SLOT_RANGES[0][0] <= xs[0] <= SLOT_RANGES[0][1] and len(set(xs)) == 1


def test_a_careful_keyboard_player_builds_a_cottage_in_well_under_30_seconds(
        app: Any, driver: Any) -> None:
    scene = open_game(app, "keys1", "ai:easy", row=COTTAGE_ROW)
    scene.sab_ctls.clear()  # no dice: the build alone is measured
    driver.step()
    driver.key(pygame.K_SPACE)
    assert scene.turn is not None
    scene.sab_ctls.clear()
    start = scene.match.time_left
    tab_to = {"plank": 1, "cube": 1, "roof": 1}  # the Cottage's next block comes first
    b = scene.builder_ctl
    assert isinstance(b, CursorBuilderControl)
    b.last_pad = 526.0  # the Cottage's pad (a jump there was made before)
    for kind in ("plank", "cube", "roof"):
        b = scene.builder_ctl
        assert isinstance(b, CursorBuilderControl)
        b.pos = (640.0, 400.0)  # the hand starts above the tray each time (worst case)
        for _ in range(tab_to[kind]):
            press(driver, pygame.K_TAB)  # takes it and carries it over the Cottage's pad
        held = scene.world.hand.held_block
        assert held is not None and scene.world.block_shape(held) == kind
        assert SLOT_RANGES[1][0] <= b.pos[0] <= SLOT_RANGES[1][1]
        press(driver, pygame.K_SPACE)
        driver.run(30)
    scene._refresh_judgements()
    j = scene.judgements[1]
    assert j.progress == 3 and j.scored, j
    spent = start - scene.match.time_left
    print(f"keyboard cottage: {spent:.1f} s")
    # 6 presses a third of a second apart, and the settling (12 presses took about 7 s)
    assert spent < 5.0, spent
    assert SHAPES["plank"].name == "Short beam"


def test_the_next_block_goes_first_to_the_pad_of_the_tower_being_built(
        app: Any, driver: Any) -> None:
    """A playtester's Tab, Space, Tab, Space put one block on every pad: the jump from the
    tray went to the pad nearest the hand, not the one just built on. Now the first jump of
    a newly taken block goes to the pad where the last one was let go."""
    scene, b = _keyboard_scene(app, driver)
    press(driver, pygame.K_e)  # the next tower's: the short beams (the Cottage's)
    press(driver, pygame.K_TAB)  # taken to the pad it was fetched for: the Cottage's
    assert b.carrying and SLOT_RANGES[1][0] <= b.pos[0] <= SLOT_RANGES[1][1]
    built_on = b.pos[0]
    press(driver, pygame.K_SPACE)  # let go there: the Cottage's short beam
    driver.run(30)
    b.pos = (640.0, 400.0)  # back above the tray
    press(driver, pygame.K_TAB)  # the Cottage's next block, a cube, over the Cottage
    held = scene.world.hand.held_block
    assert held is not None and scene.world.block_shape(held) == "cube"
    assert b.carrying
    assert abs(b.pos[0] - built_on) < 30.0, (b.pos, built_on)


def test_the_first_jump_of_a_turn_goes_to_the_first_tile_not_the_mega(
        app: Any, driver: Any) -> None:
    """A playtester's first Tab with a block in hand (no jump made yet) went to the Mega's pad,
    the one nearest a hand in the middle of the tray: it goes to the leftmost small tile."""
    b = _keyboard_turn(app, driver)
    for _ in range(4):
        press(driver, pygame.K_e)  # to the arches (the Hut's), in the middle of the tray
    press(driver, pygame.K_SPACE)
    assert b.carrying and abs(b.pos[0] - 640.0) < 120.0  # the hand is near the Mega's pad
    press(driver, pygame.K_TAB)
    hut = SLOT_RANGES[4]  # the pad the arch was fetched for, not the Mega's
    assert hut[0] <= b.pos[0] <= hut[1], (b.pos, hut)


def test_tab_offers_first_the_blocks_the_tower_still_needs(app: Any, driver: Any) -> None:
    """A stranger pressed Tab about 11 times to reach an arch through kinds the tile did not
    need: the first Tab now goes to the target tower's next block, the next to its other
    kinds, and the tray lights them."""
    from game.games.tower import guide

    scene, b = _keyboard_scene(app, driver)
    hut = sum(SLOT_RANGES[4]) / 2.0  # the Hut: an arch, then a roof
    b.last_pad = hut
    b.pos = (640.0, 400.0)
    press(driver, pygame.K_e)  # the roof cannot go on yet: the next tower's block instead
    assert scene.world.block_shape(scene.world.hand.block_at(b.pos) or 0) == "beam"
    scene._refresh_judgements()
    # the tray lights the tower ringed in gold, the one E moved to (a stranger's tray still
    # lit the tower he had left)
    ringed = scene.table_view.key_target()
    assert ringed is not None and ringed != 4
    need, name = guide.needed_kinds(scene, None)
    assert name == TILES[scene.turn_row[ringed] or 0].name and need["beam"] >= 1
    b.last_pad, b.fetch_for = hut, None  # the Hut ringed again
    b.pos = (640.0, 400.0)

    def held() -> str:
        bid = scene.world.hand.held_block
        return scene.world.block_shape(bid) if bid is not None else ""

    press(driver, pygame.K_TAB)  # the Hut's next block, its arch, over the Hut
    assert held() == "arch" and SLOT_RANGES[4][0] <= b.pos[0] <= SLOT_RANGES[4][1]
    press(driver, pygame.K_TAB)  # again: it stays there
    assert held() == "arch" and SLOT_RANGES[4][0] <= b.pos[0] <= SLOT_RANGES[4][1]
    press(driver, pygame.K_SPACE)
    driver.run(40)
    b.pos = (640.0, 400.0)
    press(driver, pygame.K_TAB)  # the arch stands: now the roof comes first
    assert held() == "roof"


def test_a_block_taken_for_the_tower_comes_up_turned_as_its_card_prints_it(
        app: Any, driver: Any) -> None:
    """The Column's pillars lie in the tray and stand on the card: taken by Tab alone or by
    Space, each comes up standing (a stranger set pillars lying down and never saw why nothing
    scored)."""
    import math

    from game.games.tower.data import BLOCKS

    scene = open_game(app, "keys1", "ai:easy", row=[1, 4, 0, 3, 13])  # the Column on slot 4
    scene.sab_ctls.clear()
    driver.step()
    driver.key(pygame.K_SPACE)
    scene.sab_ctls.clear()
    b = scene.builder_ctl
    assert isinstance(b, CursorBuilderControl)
    b.last_pad = sum(SLOT_RANGES[4]) / 2.0
    b.pos = (640.0, 400.0)
    press(driver, pygame.K_TAB)  # taken and carried over the Column's pad
    bid = scene.world.hand.held_block
    assert bid is not None and scene.world.block_shape(bid) == "pillar"
    assert next(x for x in BLOCKS if x.block_id == bid).tray_orientation == "lying"
    angle = scene.world.hand.held_angle
    assert angle is not None
    assert abs((angle + math.pi / 2) % math.pi - math.pi / 2) < math.radians(5), angle
    press(driver, pygame.K_SPACE)  # let go on the pad
    driver.run(30)
    b.pos = (640.0, 400.0)
    press(driver, pygame.K_e)  # another tower's block: the turn keys only go to it
    press(driver, pygame.K_q)  # back to the Column's next, a pillar, in the tray
    bid = scene.world.hand.block_at(b.pos)
    assert not b.carrying and bid is not None and scene.world.block_shape(bid) == "pillar"
    press(driver, pygame.K_SPACE)  # taken by Space
    angle = scene.world.hand.held_angle
    assert angle is not None
    assert abs((angle + math.pi / 2) % math.pi - math.pi / 2) < math.radians(5), angle


def test_tab_takes_a_carried_block_to_its_towers_pad_wherever_the_hand_holds_it(
        app: Any, driver: Any) -> None:
    """A block held left of its middle sat left of its pad's centre after a jump. Tab takes
    the block over its tower's pad, its middle over the pad's, and pressed again it stays (a
    stranger's second Tab switched tower unexpectedly)."""
    scene, b = _keyboard_scene(app, driver)
    bid = _tray_block(scene, "beam")  # a long beam (the Bench's), steered to
    x, y, _ = scene.world.block_pose(bid)
    b.pos = (x - 40.0, y)  # take it near its left end
    press(driver, pygame.K_SPACE)
    assert b.carrying
    seen = []
    for _ in range(3):
        press(driver, pygame.K_TAB)
        bx = scene.world.block_pose(bid)[0]
        seen.append(next(s for s, (x0, x1) in enumerate(SLOT_RANGES) if x0 <= bx <= x1))
        assert abs(bx - sum(SLOT_RANGES[0]) / 2.0) < 2.0
    assert seen == [0, 0, 0], seen


def test_the_target_stays_on_a_knocked_tower_while_its_tile_is_open() -> None:
    """Session 30: a die knocked the Belfry and Tab went off to fetch for the Mega tower. The
    last pad's tower stays the target, toppled or wrong (Tab lifts its fallen blocks off
    first, never piling more on); without a last pad, the leftmost that can score."""
    from game.games.tower.controls import build_target
    from game.games.tower.rules import TileJudgement

    def j(slot: int, tid: int, reason: str, progress: int, extra: int) -> TileJudgement:
        return TileJudgement(slot, tid, False, reason, progress, (), extra)

    row = [j(0, 1, "toppled", 0, 1), j(1, 4, "empty", 0, 0), j(2, 0, "empty", 0, 0),
           j(3, 3, "wrong order", 1, 1), j(4, 2, "unfinished", 1, 0)]
    pad = [sum(r) / 2.0 for r in SLOT_RANGES]
    assert build_target(row, lambda s: True, pad[0]) == 0
    assert build_target(row, lambda s: True, pad[3]) == 3
    assert build_target(row, lambda s: True, pad[4]) == 4  # still being built: stays
    assert build_target(row, lambda s: True, None) == 1  # the leftmost that can score
    assert build_target(row, lambda s: s != 3, pad[3]) == 1  # its tile closed: moves on
    # without a last pad, one the free blocks can still finish before one they cannot (the
    # ring went to a Gatehouse after the Aqueduct had taken both arches)
    assert build_target(row, lambda s: True, None, lambda s: s != 1) == 4
    assert build_target(row, lambda s: True, None, lambda s: False) == 1  # none: as before


def test_the_pad_the_keyboard_builds_on_is_marked(app: Any, driver: Any) -> None:
    """A Tab player could not see which pad Space would build on: the target's card is ringed
    in gold, following the carried block from pad to pad."""
    from game.games.tower.guide import GOLD

    scene, b = _keyboard_scene(app, driver)
    view = scene.table_view
    assert view.key_target() == 0  # the Bench: the leftmost tile that is not the Mega
    press(driver, pygame.K_TAB)  # its long beam, carried
    for want in (0, 1):
        if want == 0:
            press(driver, pygame.K_TAB)
        else:  # steered over the next pad
            b.pos = (sum(SLOT_RANGES[1]) / 2.0, b.pos[1])
            assert scene.turn is not None
            scene.turn.drag_to(b.pos)
            driver.run(GAP)
        assert view.key_target() == want
        ring = view.card_rect(want).inflate(8, 8)
        px = app.screen.get_at((ring.centerx, ring.top + 1))
        assert tuple(px)[:3] == GOLD, px
        other = view.card_rect(1 - want).inflate(8, 8)
        assert tuple(app.screen.get_at((other.centerx, other.top + 1)))[:3] != GOLD


def test_tab_says_when_its_target_moves_on_from_a_knocked_tower(app: Any, driver: Any) -> None:
    """A stranger's Tab fetched for another tower with no word why, after a die broke the one
    being built: the switch is told ("The Signpost fell: TAB now fetches for the Temple"), and
    the note shows whenever it comes, not only under the first seconds' tips."""
    from game.games.tower.rules import TileJudgement

    def j(slot: int, tid: int, reason: str, progress: int, extra: int = 0) -> TileJudgement:
        return TileJudgement(slot, tid, False, reason, progress, (), extra)

    pad = [sum(r) / 2.0 for r in SLOT_RANGES]
    b = CursorBuilderControl(0, "cursor", "keys1", last_pad=pad[0])
    building = [j(0, 9, "unfinished", 1), j(1, 25, "empty", 0)]
    b.watch_target(building, lambda s: True, "TAB")
    assert b.note == ""
    b.watch_target([j(0, 9, "not one stack", 0, 2), j(1, 25, "empty", 0)],
                   lambda s: True, "TAB")
    assert b.note == "The Signpost was knocked: TAB picks up the fallen blocks first"
    assert b.note_left > 0 and b.seen_target == 0
    # standing as it was beside a stray block: not "knocked" (a stranger's upright Column)
    b = CursorBuilderControl(0, "cursor", "keys1", last_pad=pad[0])
    b.watch_target(building, lambda s: True, "TAB")
    b.watch_target([j(0, 9, "not one stack", 1, 1), j(1, 25, "empty", 0)],
                   lambda s: True, "TAB")
    assert b.note == "The Signpost has a stray block on its tile: TAB picks up the loose " \
        "blocks first"
    # A tile a die closed; a tower finished (nothing to say); a jump of the player's own.
    b = CursorBuilderControl(0, "cursor", "keys1", last_pad=pad[0])
    b.watch_target(building, lambda s: True, "TAB")
    b.watch_target(building, lambda s: s != 0, "TAB")
    assert b.note == "A die closed the Signpost's tile: TAB now fetches for the Temple"
    b = CursorBuilderControl(0, "cursor", "keys1", last_pad=pad[0])
    b.watch_target(building, lambda s: True, "TAB")
    done = TileJudgement(0, 9, True, "standing", 2, (1, 2), 0)
    b.watch_target([done, j(1, 25, "empty", 0)], lambda s: True, "TAB")
    assert b.note == ""
    b.watch_target(building, lambda s: True, "TAB")
    b.last_pad = pad[1]
    b.watch_target(building, lambda s: True, "TAB")
    assert b.note == ""
    # On the table: the scene looks, and the note is drawn long after the tips have gone.
    scene, b = _keyboard_scene(app, driver)
    assert scene.turn is not None
    real = scene.turn.judgements
    first = real()
    target = b.target_slot(scene.turn)
    assert target is not None
    broken = [TileJudgement(x.slot, x.tile_id, False, "toppled", 0, (), 1)
              if x.slot == target else x for x in first]
    scene.turn.judgements = lambda: broken  # type: ignore[method-assign]
    driver.run(12)
    assert b.note == ("The Bench cannot take a block on top as it stands: TAB now fetches "
                      "for the Cottage")
    assert scene.table_view.key_target() == 1 and tile_words(4) == "the Cottage"
    scene.stage_t = 60.0
    scene.draw(pygame.Surface((1280, 720)))
    assert scene.table_view.hint_plates, "the note is not drawn once the tips have gone"


def _built_on(scene: Any, b: CursorBuilderControl, slot: int) -> None:
    """The keyboard builder has been building the tower on `slot` (its last jump was there)."""
    b.last_pad = sum(SLOT_RANGES[slot]) / 2.0
    b.pos = (b.pos[0], TRAY_ZONE_Y + 30.0)  # the hand back at the tray


def _pillar_on_the_benchs_beam(scene: Any, driver: Any) -> tuple[int, int]:
    """The Bench's long beam lying on its pad, a pillar knocked onto it lying on it (a wrong
    block on the tower): (beam, pillar)."""
    world = scene.world
    cx = sum(SLOT_RANGES[0]) / 2.0
    beam, pillar = _tray_block(scene, "beam"), _tray_block(scene, "pillar")
    _, bh = SHAPES["beam"].size("lying")
    _, ph = SHAPES["pillar"].size("lying")
    world.hand.place(beam, cx, TABLE_Y - bh / 2.0 - 0.5, ORIENTATION_ANGLE["lying"])
    driver.run(20)
    world.hand.place(pillar, cx, TABLE_Y - bh - ph / 2.0 - 1.0, ORIENTATION_ANGLE["lying"])
    driver.run(30)
    return beam, pillar


def _tray_block(scene: Any, shape: str) -> int:
    return next(i for i in range(16) if scene.world.block_shape(i) == shape
                and scene.world.block_where(i) == "tray")


def test_tab_lifts_the_fallen_block_off_a_knocked_tower(app: Any, driver: Any) -> None:
    """Session 30: a die knocked the Belfry and Tab fetched for the Mega tower. Tab now picks
    up the block lying wrong on the tower's pad and says so; the same kind as the tower needs
    next goes back on as printed, any other back to the tray."""
    scene, b = _keyboard_scene(app, driver)
    world = scene.world
    cx = sum(SLOT_RANGES[4]) / 2.0
    arch = _tray_block(scene, "arch")
    world.hand.place(arch, cx, TABLE_Y - 14.0, math.pi)  # the Hut's arch knocked upside down
    driver.run(30)
    _built_on(scene, b, 4)
    assert scene.turn.judgements()[4].reason == "toppled"
    press(driver, pygame.K_TAB)  # the arch is what the Hut needs first: over its pad
    assert b.note == "TAB picks up the fallen arch from the Hut"
    assert b.target_slot(scene.turn) == 4
    assert world.hand.held_block == arch
    assert world.slot_at(b.pos[0]) == 4
    press(driver, pygame.K_SPACE)
    driver.run(40)
    j = scene.turn.judgements()[4]
    assert j.progress == 1 and j.stack == (arch,), j


def test_tab_takes_a_fallen_block_the_tower_does_not_need_to_the_tray(app: Any,
                                                                       driver: Any) -> None:
    scene, b = _keyboard_scene(app, driver)
    world = scene.world
    _, roof = _pillar_on_the_benchs_beam(scene, driver)
    _built_on(scene, b, 0)
    j = scene.turn.judgements()[0]
    assert j.reason == "wrong order" and j.progress == 1, j
    press(driver, pygame.K_TAB)  # takes the fallen pillar, and to the tray with it
    assert world.hand.held_block == roof
    assert b.pos[1] > TRAY_ZONE_Y and b.note == "Let go: the pillar goes back to the tray"
    press(driver, pygame.K_SPACE)
    assert world.block_where(roof) == "tray"
    # A tower that can take its next block, with one of that kind lying on its pad (knocked
    # off it): Tab fetches that one, not a fresh one from the tray.
    x0, x1 = SLOT_RANGES[3]
    first, fallen = _tray_block(scene, "cube"), -1
    world.hand.place(first, (x0 + x1) / 2.0 + 20.0, TABLE_Y - 12.5, 0.0)
    fallen = _tray_block(scene, "cube")
    world.hand.place(fallen, x0 + 14.0, TABLE_Y - 12.5, 0.0)
    driver.run(30)
    _built_on(scene, b, 3)
    assert scene.turn.judgements()[3].reason == "unfinished"
    press(driver, pygame.K_TAB)
    assert b.note == f"TAB picks up the fallen cube from {tile_words(3)}"
    assert world.hand.held_block in (first, fallen)
    assert world.slot_at(b.pos[0]) == 3


def test_a_keyboard_block_let_go_near_its_outline_settles_into_it(app: Any, driver: Any) -> None:
    """Keys get the mouse's aid too: a block let go a little beside its spot settles exactly
    on the block below (a stranger's keyboard cube came down half on a die wedged beside the
    plank, and Tab lifted and set it back there again and again)."""
    scene, b = _keyboard_scene(app, driver)
    press(driver, pygame.K_TAB)  # the Bench's long beam, over its pad
    assert b.carrying and scene.turn is not None
    bid = scene.world.hand.held_block
    assert bid is not None
    target = scene.turn.settle_target(scene.world.block_shape(bid), scene.world.block_pose(bid))
    assert target is not None
    slot, tx, _, _ = target
    x, y = b.pos
    b.pos = (x + 14.0, y)
    scene.turn.drag_to(b.pos)
    press(driver, pygame.K_SPACE)
    driver.run(90)
    bx, _, _ = scene.world.block_pose(bid)
    assert abs(bx - tx) < 2.0, (bx, tx)
    assert scene.turn.judgements()[slot].progress == 1


def test_a_knocked_small_tower_is_the_target_before_the_untouched_mega() -> None:
    """A stranger's Tab said "TAB now fetches for the Mega tower", then "No arch left for the
    Mega tower", while his Steps lay knocked: with no small tower able to take a block on top,
    a knocked one (Tab lifts its fallen blocks) comes before starting the Mega. A let-go in the
    8 px between two pads still counts as the nearer pad's."""
    from game.games.tower.controls import build_target
    from game.games.tower.rules import TileJudgement

    def j(slot: int, tid: int, reason: str, progress: int, done: bool = False
          ) -> TileJudgement:
        return TileJudgement(slot, tid, done, reason, progress, (), 0)

    row = [j(0, 1, "standing", 2, True), j(1, 4, "not one stack", 1),
           j(2, 0, "empty", 0), j(3, 3, "standing", 2, True), j(4, 2, "toppled", 0)]
    assert build_target(row, lambda s: True, None) == 1
    assert build_target(row, lambda s: True, None, lambda s: s == 2) == 1
    gap = (SLOT_RANGES[3][1] + SLOT_RANGES[4][0]) / 2.0
    assert build_target(row, lambda s: True, gap + 2.0) == 4
    assert build_target(row, lambda s: True, gap - 2.0) == 1  # the finished Twin cubes' side


def test_the_last_pad_is_where_the_block_went_not_where_the_hand_held_it(
        app: Any, driver: Any) -> None:
    """A keyboard hand steered onto a long beam's end holds it far off its centre: the pad of
    the let-go is the block's, not the hand's (a hand's x had fallen over the next pad, and
    Tab's tower moved on unasked)."""
    scene, b = _keyboard_scene(app, driver)
    world = scene.world
    bx, by, _ = world.block_pose(_tray_block(scene, "beam"))  # a long beam (the Bench's)
    half = SHAPES["beam"].size("lying")[0] / 2.0
    b.pos = (bx + half - 6.0, by)  # steered onto its right end
    press(driver, pygame.K_SPACE)
    assert b.carrying and abs(b.pos[0] - bx) > half - 10.0
    press(driver, pygame.K_TAB)  # over the Bench's pad, the beam centred on it
    centre = sum(SLOT_RANGES[0]) / 2.0
    assert abs((b.last_pad or 0.0) - centre) < 3.0, b.last_pad
    driver.run(GAP)
    press(driver, pygame.K_SPACE)
    driver.run(30)
    assert abs((b.last_pad or 0.0) - centre) < 3.0, b.last_pad
    assert b.target_slot(scene.turn) == 0


def test_the_turn_keys_reach_a_knocked_towers_fallen_block(app: Any, driver: Any) -> None:
    """A stranger's Q and E could not get back to his knocked tower once Tab served another:
    with the hand empty they step to a knocked tower's fallen block too, and say so."""
    scene, b = _keyboard_scene(app, driver)
    world = scene.world
    _, pillar = _pillar_on_the_benchs_beam(scene, driver)
    assert scene.turn is not None
    assert scene.turn.judgements()[0].reason == "wrong order"
    _built_on(scene, b, 1)  # building the Cottage
    assert b.target_slot(scene.turn) == 1
    shapes = []
    for _ in range(4):
        press(driver, pygame.K_q)
        shapes.append((b.fetch_for, world.hand.block_at(b.pos)))
    assert (0, pillar) in shapes, shapes
    while (b.fetch_for, world.hand.block_at(b.pos)) != (0, pillar):
        press(driver, pygame.K_q)
    assert b.note == "TAB picks up the fallen pillar from the Bench"
    press(driver, pygame.K_TAB)  # taken; not the Bench's next block: back to the tray with it
    assert world.hand.held_block == pillar
    assert b.note == "Let go: the pillar goes back to the tray"


def test_tab_fetches_a_needed_block_knocked_off_onto_the_table(app: Any, driver: Any) -> None:
    """A stranger's Column lost its pillar off its pad: Tab said "No pillar left for the
    Column" and carried another tower's block onto the wreck. With none of the kind in the
    tray, Tab fetches one lying free on the table, wherever it lies, and it goes on the pad."""
    scene, b = _keyboard_scene(app, driver)
    world = scene.world
    beams = _beam_knocked_off(scene, driver, b)
    press(driver, pygame.K_TAB)  # taken, and over the Bench's pad
    assert b.note == "TAB picks up a fallen long beam for the Bench", b.note
    assert world.hand.held_block == beams[0]
    assert world.slot_at(b.pos[0]) == 0
    press(driver, pygame.K_SPACE)
    driver.run(40)
    assert scene.turn is not None and scene.turn.judgements()[0].progress == 1


def test_the_first_turn_key_after_a_let_go_goes_to_another_tower(app: Any, driver: Any) -> None:
    """A stranger's first E after finishing a tower only moved the hand to a tray block of the
    same tower; a second press changed it. The first goes on to the next tower."""
    scene, b = _keyboard_scene(app, driver)
    press(driver, pygame.K_TAB)  # the Bench's long beam, over its pad
    press(driver, pygame.K_SPACE)  # let go there
    driver.run(30)
    assert not b.carrying and b.target_slot(scene.turn) == 0
    press(driver, pygame.K_e)
    assert b.fetch_for == 1, b.fetch_for  # the Cottage's short beam, not the Bench's cube
    assert scene.world.block_shape(scene.world.hand.block_at(b.pos) or 0) == "plank"


def test_the_ghost_is_drawn_on_the_gold_ringed_tower(app: Any, driver: Any) -> None:
    """A stranger building by keys saw the gold ring on the Signpost's card and the ghost of a
    next block on the Mega pad, under the idle hand: the ghost is the ringed tower's, wherever
    the hand is, and it follows the ring when Q / E choose another tower."""
    scene, b = _keyboard_scene(app, driver)
    assert scene.turn is not None
    view = scene.table_view
    mega = sum(SLOT_RANGES[2]) / 2.0
    b.pos = (mega, TABLE_Y - 40.0)  # the hand over the Mega's pad, empty
    driver.run(GAP)
    turn = scene.turn
    asked: list[int] = []
    real = turn.ghost

    def ghost(slot: int) -> Any:
        asked.append(slot)
        return real(slot)

    turn.ghost = ghost  # type: ignore[method-assign]
    scene.draw(app.screen)
    assert view.key_target() == 0 and asked == [0]  # the Bench's, not the Mega's
    asked.clear()
    press(driver, pygame.K_e)  # another tower: the Cottage's next block
    scene.draw(app.screen)
    assert view.key_target() == 1 and asked and set(asked) == {1}


def _beam_knocked_off(scene: Any, driver: Any, b: CursorBuilderControl) -> list[int]:
    """The Cottage row with one long beam knocked onto another tower's pad and the others
    locked away with won towers, the builder building the Bench: the beams' ids."""
    world = scene.world
    beams = [i for i in range(16) if world.block_shape(i) == "beam"]
    _, bh = SHAPES["beam"].size("lying")
    world.hand.place(beams[0], sum(SLOT_RANGES[3]) / 2.0, TABLE_Y - bh / 2.0 - 0.5,
                     ORIENTATION_ANGLE["lying"])  # knocked onto another tower's pad
    for k, other in enumerate(beams[1:]):  # the others taken with won towers
        world.hand.place(other, sum(SLOT_RANGES[4]) / 2.0,
                         TABLE_Y - bh * (k + 0.5) - 0.5 * (k + 1), ORIENTATION_ANGLE["lying"])
        world.hand.locked.add(other)
    driver.run(30)
    _built_on(scene, b, 0)  # building the Bench (a long beam, then a cube)
    return beams
