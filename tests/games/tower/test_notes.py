"""The judge's notes and the raised card read whole: a note breaks only between phrases (a
playtester read "needs a short / beam lying flat"), and the card raised under the pointer
covers no other card nor the controls' plate (it hid the Mega card beside it)."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.games.tower import art, demos, guide, hud
from game.games.tower.data import ROW_SLOTS, SHAPES, SLOT_RANGES, TABLE_Y, TILES
from game.games.tower.rules import TileJudgement, explain
from game.games.tower.view import (
    NOTE_DOWN_COST,
    NOTE_STEP,
    PHRASE_STARTS,
    STAMP_DROP,
    WHY_WIDTH,
    _nearest_place,
    phrase_wrap,
)
from game.ui import text
from tests.games.tower.test_scene import open_game

REASONS = ("wrong order", "toppled", "unfinished", "too many blocks", "not one stack",
           "not on the tile", "still moving", "tile closed", "block still held", "empty")


def _notes() -> list[str]:
    out = []
    for tid, tile in TILES.items():
        for reason in REASONS:
            for progress in range(len(tile.pieces)):
                for found in (SHAPES if reason in ("wrong order", "toppled") else ("",)):
                    j = TileJudgement(0, tid, False, reason, progress, (), 0, found)
                    why = explain(j)
                    out.append(why[:1].upper() + why[1:])
    return sorted(set(out))


def test_every_judge_note_breaks_only_between_phrases(app: Any) -> None:
    notes = _notes()
    assert len(notes) > 50
    for why in notes:
        lines = phrase_wrap(why, 14, WHY_WIDTH)
        assert " ".join(lines) == why
        assert len(lines) <= 3, lines
        for before, line in zip(lines, lines[1:], strict=False):
            first = line.split(" ")[0].lower()
            assert first in PHRASE_STARTS or before[-1] in ":,", lines
        for line in lines:
            assert text.render(line, 14, (0, 0, 0), bold=True).get_width() <= WHY_WIDTH, line


def test_the_raised_card_covers_no_other_card_nor_the_controls(app: Any, driver: Any) -> None:
    """It once hid the Mega card beside it; then the towers going up. It stands next to its
    card now, never over another card nor the controls' hints, and clear of the pad of the
    tile it describes (test_guide: next to its card)."""
    scene = open_game(app, "mouse", "ai:easy", "ai:easy")
    scene.start_turn()
    driver.run(5)
    view = scene.table_view
    scene.draw(app.screen)  # the controls' plates
    for slot in (1, 3):  # the Mega's neighbours
        scene.mouse_screen = view.card_rect(slot).center
        guide.hovered_card(view)
        scene.real_time += guide.HOVER_REST_S + 0.01  # the pointer rests on the card
        assert guide.hovered_card(view) == slot
        big = guide.draw_enlarged(app.screen, view, slot, {})
        assert big is not None
        assert not big.colliderect(view.card_rect(slot)), slot
        v = scene.camera.view
        (x0, y), (x1, _) = (v.to_screen((x, TABLE_Y)) for x in SLOT_RANGES[slot])
        assert not big.colliderect(pygame.Rect(round(x0), round(y) - 40,
                                               round(x1 - x0), 50)), slot
        for other in range(ROW_SLOTS):
            if other != slot:
                assert not big.colliderect(view.card_rect(other)), (slot, other)
        assert not any(big.colliderect(p) for p in view.hint_plates), slot
        assert app.screen.get_rect().contains(big)


def test_a_refused_tiles_note_covers_no_stamp_nor_its_points(app: Any, driver: Any) -> None:
    # A three-line note under a refused tile is wider than its card: it covered the "+3" of
    # the tile beside it, which had scored.
    scene = open_game(app, "mouse", "ai:easy", "ai:easy")
    scene.start_turn()
    driver.run(5)
    view = scene.table_view
    for slot in range(ROW_SLOTS):
        card = art.card_rect(slot)
        tid = scene.match.row[slot]
        assert tid is not None
        j = TileJudgement(slot, tid, False, "wrong order", 0, (), 0, "arch")
        placed: list[pygame.Rect] = []
        view._draw_why(app.screen, j, card, placed)
        for other in range(ROW_SLOTS):
            r = art.card_rect(other)
            stamp = hud.stamp_rect((r.centerx, r.bottom + STAMP_DROP), "+6")
            assert not placed[0].colliderect(stamp), (slot, other)
        assert app.screen.get_rect().contains(placed[0])


def test_the_raised_card_steps_aside_from_the_tower_being_built(app: Any, driver: Any) -> None:
    # Raised under its own small card, the card being read hid the very tower it describes.
    scene = open_game(app, "mouse", "ai:easy", "ai:easy")
    scene.start_turn()
    driver.run(5)
    tid = scene.turn_row[1]
    assert tid is not None
    assert demos.place_tower(scene.world, 1, tid, 1) == 1  # the Aqueduct: one arch of two
    scene._set_at[1] = 1  # as a block let go over the tile marks it
    driver.run(30)
    view = scene.table_view
    assert guide.working_slot(scene) == 1
    scene.draw(app.screen)
    for slot in (1, 0):  # the card of the tower being built, then the next one to build
        scene.mouse_screen = view.card_rect(slot).center
        big = guide.draw_enlarged(app.screen, view, slot, {})
        assert big is not None
        needed = guide.needed_areas(view, slot)
        # The arch, the column over its tile, and the column over the tile read about.
        assert len(needed) == (2 if slot == 1 else 3)
        assert not any(big.colliderect(k) for k in needed), slot
        for other in range(ROW_SLOTS):
            assert not big.colliderect(view.card_rect(other)), (slot, other)
        assert app.screen.get_rect().contains(big)


def test_a_note_keeps_clear_of_the_card_being_read(app: Any, driver: Any) -> None:
    """A stranger pointed at a card to read it, and the note on its tower ("The Twin cubes'
    cube at the bottom has another block on the tile beside it") lay over that card."""
    scene = open_game(app, "mouse", "ai:easy", "ai:easy")
    scene.start_turn()
    driver.run(5)
    view = scene.table_view
    msg = "The Twin cubes' cube at the bottom has another block on the tile beside it"
    read = 0
    for slot in range(ROW_SLOTS):
        scene.fx.notes = {slot: (msg, 3.0)}
        scene.mouse_screen = view.card_rect(slot).center
        guide.hovered_card(view)
        scene.real_time += guide.HOVER_REST_S + 0.01  # the pointer rests on the card
        if guide.hovered_card(view) != slot:
            continue
        scene.draw(app.screen)
        big = guide.draw_enlarged(app.screen, view, slot, {})
        note = view.note_plates[slot]
        assert big is not None and not note.colliderect(big), slot
        assert not note.colliderect(view.card_rect(slot)), slot
        read += 1
    assert read >= 3


def _place_by_place(xs: list[int], w: int, h: int, y0: int, column: pygame.Rect,
                    screen: pygame.Rect, hard: list[pygame.Rect],
                    towers: list[pygame.Rect]) -> tuple[int, pygame.Rect] | None:
    """A knock note's place tried a Rect a place, as the view first did it."""
    best: tuple[int, int, pygame.Rect] | None = None
    y = y0
    while y + h // 2 <= column.bottom:
        down = NOTE_DOWN_COST * (y - y0)
        if best is not None and best[0] == 0 and down >= best[1]:
            break
        for x in xs:
            across = down + abs(x - column.centerx)
            if best is not None and best[0] == 0 and across >= best[1]:
                break
            r = pygame.Rect(0, 0, w, h)
            r.center = (x, y)
            if not (screen.contains(r) and r.collidelist(hard) < 0):
                continue
            key = (sum(c.w * c.h for t in towers for c in [r.clip(t)]), across)
            if best is None or key < best[:2]:
                best = (*key, r)
            if key[0] == 0:
                break
        y += NOTE_STEP
    return None if best is None else (best[0], best[2])


def test_a_knock_notes_place_is_the_one_a_place_by_place_search_finds() -> None:
    # The row-at-a-time search (a spike frame's two milliseconds place by place) must pick
    # the very place, area over towers and all, the plain search picks: notes do not move.
    rng = random.Random(5)
    over_towers = nowhere = 0
    for _ in range(3000):
        w, h = rng.randint(1, 400), rng.randint(1, 120)
        column = pygame.Rect(rng.randint(0, 1200), rng.randint(100, 300), rng.randint(1, 200),
                             rng.randint(1, 600))
        screen = pygame.Rect(4, 86, 1272, column.bottom - 86)

        def box() -> pygame.Rect:
            return pygame.Rect(rng.randint(-50, 1300), rng.randint(0, 800),
                               rng.randint(1, 400), rng.randint(1, 300))

        hard = [column.inflate(24, 0)] + [box() for _ in range(rng.randint(0, 8))]
        towers = [box() for _ in range(rng.randint(0, 5))]
        xs = sorted(range(w // 2 + 4, 1280 - w // 2 - 4, NOTE_STEP),
                    key=lambda x, c=column.centerx: abs(x - c))
        y0 = rng.randint(0, 700)
        want = _place_by_place(xs, w, h, y0, column, screen, hard, towers)
        assert _nearest_place(xs, w, h, y0, column, screen, hard, towers) == want
        nowhere += want is None
        over_towers += want is not None and want[0] > 0
    assert nowhere > 100 and over_towers >= 5  # both hard cases were met


def test_a_lead_runs_from_the_card_pointed_at_to_its_enlarged_copy(app: Any, driver: Any) -> None:
    """The enlarged card keeps the tower it describes clear, so it may stand off from the
    card being read: a stranger looked for it by the card. A gold lead joins the two, from
    the card's outline to the enlarged copy, unless it would run across another card or the
    controls' hints."""
    scene = open_game(app, "mouse", "ai:easy", "ai:easy")
    scene.start_turn()
    driver.run(5)
    view = scene.table_view
    scene.draw(app.screen)
    leads = 0
    for slot in range(ROW_SLOTS):
        if scene.turn_row[slot] is None:
            continue
        scene.mouse_screen = view.card_rect(slot).center
        guide.hovered_card(view)
        scene.real_time += guide.HOVER_REST_S + 0.01
        app.screen.fill((0, 0, 0))
        big = guide.draw_enlarged(app.screen, view, slot, {})
        assert big is not None
        ring = view.card_rect(slot).inflate(6, 6)
        ends = view.enlarged_lead
        gold = guide.GOLD[:3]
        lead = sum(1 for x in range(0, app.screen.get_width(), 2)
                   for y in range(0, app.screen.get_height(), 2)
                   if not big.collidepoint(x, y) and not ring.inflate(4, 4).collidepoint(x, y)
                   and app.screen.get_at((x, y))[:3] == gold)
        assert (lead >= 5) == (ends is not None), (slot, lead, ends)  # what is drawn
        if ends is not None:
            leads += 1
            assert ring.inflate(2, 2).collidepoint(ends[0])  # from the card pointed at
            assert not any(view.card_rect(s).clipline(*ends)
                           for s in range(ROW_SLOTS) if s != slot)  # never across the row
        else:  # none: beside it, or across the row or the hints
            could = guide.callout(ring, big)
            assert could is None or any(
                r.clipline(*could) for r in view.hint_plates
                + [view.card_rect(s) for s in range(ROW_SLOTS) if s != slot])
    assert leads  # a copy standing off from its card gets a lead


def test_no_lead_between_a_card_and_a_copy_beside_it() -> None:
    a = pygame.Rect(100, 100, 60, 80)
    assert guide.callout(a, pygame.Rect(165, 100, 200, 260)) is None
    (ax, ay), (bx, by) = guide.callout(a, pygame.Rect(400, 300, 200, 260)) or ((0, 0), (0, 0))
    assert (ax, ay) == (160, 180) and (bx, by) == (400, 300)
