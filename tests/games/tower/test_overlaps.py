"""Words on the build and judge screens never cover each other (a reviewer saw "The table
settles…" over the Mega's card and a "+4" over the BUILDER label)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.tower import art, hud
from game.games.tower.data import ROW_SLOTS, VIEW_H, VIEW_W
from game.games.tower.demos import place_tower
from game.games.tower.scene import Stage, TowerScene
from game.games.tower.view import SETTLE_WORDS
from game.ui import text

from .test_scene import ROW, open_game


def test_the_points_popup_stays_clear_of_the_chips_and_the_cards(app: Any) -> None:
    scene = open_game(app, "mouse", "ai:easy", "ai:easy", "ai:easy")
    view = scene.table_view
    chips = hud.chip_rects(4)
    cards = [art.card_rect(s) for s in range(ROW_SLOTS)]
    for seat in range(4):
        scene.fx.popups.clear()
        scene.fx.card_lands(view.chip_centre(seat), 6)
        p = scene.fx.popups[-1]
        reach = hud.comic_reach(p.word, p.size)
        # Its whole life: from where it pops to where it has risen (12 px a second).
        area = pygame.Rect(0, 0, round(2 * reach), round(2 * reach + 12 * p.life))
        area.midbottom = (round(p.x), round(p.y + reach))
        assert area.collidelist(chips) == -1, (seat, area, chips[seat])
        assert area.collidelist(cards) == -1, (seat, area)


def test_the_table_settles_words_are_under_the_strip_of_cards(app: Any, driver: Any) -> None:
    scene = open_game(app, "keys1", "ai:easy")
    driver.step()
    driver.key(pygame.K_SPACE)
    driver.run(30)  # the close build view: the cards shrunk into the strip
    assert scene.camera.view.zoom > 1.4
    view = scene.table_view
    img = text.render(SETTLE_WORDS, 16, (255, 255, 255), bold=True)
    words = img.get_rect(center=view.settle_words_at())
    cards = [view.card_rect(s) for s in range(ROW_SLOTS) if scene.turn_row[s] is not None]
    assert cards and words.collidelist(cards) == -1, (words, cards)
    assert words.collidelist(hud.chip_rects(len(scene.seats))) == -1


def test_the_strip_cards_are_big_enough_to_read_and_cover_nothing(app: Any, driver: Any) -> None:
    """The cards over the close build view were 55 px wide, too small to read while building:
    now near the wall's size (90%), side by side, under the chips, over the controls' plate."""
    scene = open_game(app, "keys1", "ai:easy")
    driver.step()
    driver.key(pygame.K_SPACE)
    driver.run(30)
    assert scene.camera.view.zoom > 1.4
    scene.draw(app.screen)
    view = scene.table_view
    cards = [view.card_rect(s) for s in range(ROW_SLOTS) if scene.turn_row[s] is not None]
    for slot, r in enumerate(cards):
        assert r.h >= 0.85 * art.CARD_H, r
        assert r.collidelist(cards[:slot] + cards[slot + 1:]) == -1
        assert r.collidelist(hud.chip_rects(len(scene.seats))) == -1
        assert r.collidelist(view.hint_plates) == -1, (r, view.hint_plates)


def test_simultaneous_bursts_take_free_slots_inside_the_screen(app: Any) -> None:
    """A stranger saw KABOOM! drawn over HIT! and TIME! at the screen's edge: every burst
    showing at once has its own box, its whole life (pop and rise) inside 1280x720."""
    from game.games.tower.data import VIEW_H, VIEW_W
    from game.games.tower.effects import popup_rect

    scene = open_game(app, "mouse", "ai:easy")
    fx = scene.fx
    fx.popups.clear()
    fx.knocked(0, "Ben's die knocks it", (200, 60, 60), big=False)
    fx.kaboom(0)
    fx.knocked(ROW_SLOTS - 1, "Ann's die knocks it", (60, 60, 200), big=False)
    fx.kaboom(ROW_SLOTS - 1)  # at the row's end, by the screen's edge
    fx.kaboom(1)
    fx.no_towers()
    assert len(fx.popups) >= 4
    boxes = [popup_rect(p) for p in fx.popups]
    for i, a in enumerate(boxes):
        assert a[0] >= 0 and a[2] <= VIEW_W and a[1] >= 0 and a[3] <= VIEW_H, (fx.popups[i], a)
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_saboteur_hints_stay_off_the_tile_cards(app: Any, driver: Any) -> None:
    """A stranger saw a catapult player's hint cover a card's name: on a couch (the whole
    table in view, cards on the wall) each saboteur's hint sits under the cards."""
    scene = open_game(app, "keys1", "mouse", "keys2")
    scene.start_turn()
    driver.run(5)
    scene.draw(app.screen)
    view = scene.table_view
    cards = [view.card_rect(s) for s in range(ROW_SLOTS) if scene.turn_row[s] is not None]
    plates = view.hint_plates[1:]  # the builder's tips, then one plate per saboteur
    assert len(plates) == 2
    for plate in plates:
        assert plate.collidelist(cards) == -1, (plate, cards)
        assert app.screen.get_rect().contains(plate)


def test_time_is_called_under_the_cards_where_the_ticks_go(app: Any) -> None:
    """A stranger saw TIME! drawn over the judging's ticks on the cards: it bursts under
    the row of cards on the wall, whole on the screen."""
    from game.games.tower.data import VIEW_H, VIEW_W
    from game.games.tower.effects import popup_rect
    from game.games.tower.events import TimeUp

    scene = open_game(app, "mouse", "ai:easy")
    scene.fx.popups.clear()
    scene.fx.on_event(TimeUp())
    (pop,) = scene.fx.popups
    x0, y0, x1, y1 = popup_rect(pop)
    area = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    assert area.collidelist([art.card_rect(s) for s in range(ROW_SLOTS)]) == -1
    assert x0 >= 0 and x1 <= VIEW_W and y0 >= 0 and y1 <= VIEW_H


def test_time_ends_the_turns_notes_and_knock_words(app: Any) -> None:
    """A stranger's "Your die knocked the short beam off the Signpost" stood half under
    TIME!: the turn's notes and knock words end when the sand does (the judging tells the
    rest)."""
    from game.games.tower.events import TimeUp

    scene = open_game(app, "mouse", "ai:easy")
    scene.fx.knocked(1, "Your die knocked the short beam off the Signpost", (200, 80, 80),
                     True)
    scene.fx.notes[2] = ("The Signpost must be one stack", 3.0)
    assert scene.fx.credits and scene.fx.notes
    scene.fx.on_event(TimeUp())
    assert not scene.fx.credits and not scene.fx.notes


def knocked_table(app: Any, driver: Any, specs: tuple[str, ...], slot: int) -> TowerScene:
    """A turn begun on ROW with every tower up, the one on a slot knocked down to its first
    block, and the towers judged."""
    scene = open_game(app, *specs, row=ROW)
    driver.step()
    scene.start_turn()
    driver.run(5)
    turn = scene.turn
    assert turn is not None
    for s in (0, 1, 3, 4):  # every tower up; the knocked one down to its first block
        place_tower(turn.world, s, ROW[s], 1 if s == slot else None)
    turn.world.settle(1.0)
    scene._refresh_judgements()
    return scene


KNOCK_WORDS = "Ben's die knocks the pillar off the Hut!\nYou must rebuild it or lose 6 points"


@pytest.mark.parametrize("specs", [("mouse", "ai:easy"), ("ai:easy", "mouse"),
                                   ("mouse", "keys1", "keys2")])
def test_a_knock_note_stands_beside_the_pad_it_talks_about(app: Any, driver: Any,
                                                           specs: tuple[str, ...]) -> None:
    """A playtester read "Ben's die knocks the pillar off the Lamp!" drawn over the fallen Lamp
    itself: the note stands to the side of that pad's column (from the cards down to the
    table), and clear of the other towers standing, in the builder's close view, a saboteur's
    view and on a couch, whichever tower was knocked."""
    from game.games.tower.data import SLOT_RANGES, TABLE_Y

    for slot in (0, 1, 3, 4):
        scene = knocked_table(app, driver, specs, slot)
        scene.fx.knocked(slot, KNOCK_WORDS, (200, 60, 60), big=False)
        driver.run(10)
        scene.draw(app.screen)
        v = scene.camera.view
        note = scene.table_view.note_plates[slot]
        x0, x1 = SLOT_RANGES[slot]
        left, table = v.to_screen((x0, TABLE_Y))
        column = pygame.Rect(left, 0, v.to_screen((x1, TABLE_Y))[0] - left, table)
        assert not note.colliderect(column), (specs, slot, note, column)
        for s in (0, 1, 3, 4):
            j = scene.judgements.get(s)
            if s == slot or j is None or not j.stack:
                continue
            top = v.to_screen((0.0, min(scene.top_of(b) for b in j.stack)))[1]
            a, b = (v.to_screen((x, TABLE_Y))[0] for x in SLOT_RANGES[s])
            assert not note.colliderect(pygame.Rect(a, top, b - a, table - top)), (specs, slot, s)
        assert app.screen.get_rect().contains(note)
        assert note.collidelist(scene.table_view.hint_plates) == -1
        app.stack.pop()
        app.stack.apply_requests()


def test_a_kaboom_over_a_person_building_stays_by_the_tower_it_names(app: Any,
                                                                    driver: Any) -> None:
    """A burst keeps clear of what a person building needs to see, but a stranger found
    KABOOM! 250 px from the tower it hit (the search stepped by whole bursts). It now looks
    only near its tower, and with no room there it shows faint, see-through, on the spot."""
    from game.games.tower.data import SLOT_RANGES, TABLE_Y
    from game.games.tower.effects import POPUP_MARGIN, POPUP_RISE

    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.fx._keep_clear()  # a person builds: the towers are kept clear
    from .conftest import place_tower

    used: set[int] = set()
    for slot in (0, 1, 3, 4):  # towers going up round the pads
        used |= set(place_tower(scene.world, slot, ROW[slot], used))
        scene.world.hand.built.add(slot)
    driver.run(3)
    reach = hud.comic_reach("KABOOM!", 26)
    step = max(2 * reach + POPUP_MARGIN, 2 * reach + 1.1 * POPUP_RISE + POPUP_MARGIN) / 3
    for slot in range(ROW_SLOTS):
        scene.fx.popups.clear()
        scene.fx.knocked(slot, "Ben's die hits", (90, 140, 230), big=False)  # a HIT! there
        scene.fx.kaboom(slot)
        pop = scene.fx.popups[-1]
        assert pop.word == "KABOOM!"
        x0, x1 = SLOT_RANGES[slot]
        sx, _ = scene.camera.view.to_screen(((x0 + x1) / 2.0, TABLE_Y - 80.0))
        assert abs(pop.x - sx) <= 2 * step + 12, (slot, pop.x, sx)


def test_a_score_rows_won_tiles_close_up_to_all_show() -> None:
    """A stranger read a score row's "+1" (a tile not shown) as a point: the won tiles close
    up to all fit where they can, and only past that are the rest counted, in words."""
    from game.games.tower.hud import TILE_SLIVER, tile_run

    assert tile_run(3, 200) == (30, 3)  # room to spare: side by side
    step, shown = tile_run(9, 160)
    assert shown == 9 and TILE_SLIVER <= step < 30 and 8 * step + 26 <= 160
    step, shown = tile_run(9, 105)  # no room even closed up: the rest in words
    assert step == TILE_SLIVER and 1 <= shown < 9
    assert (shown - 1) * step + 26 + 64 <= 105


def test_an_enlarged_card_never_hides_a_catapults_edge_arrow(app: Any, driver: Any) -> None:
    """A stranger's enlarged card covered the arrow at the screen's right edge that marks a
    catapult off screen: the arrows are drawn over it."""
    scene = open_game(app, "mouse", "keys1", "keys2", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    driver.run(5)
    view = scene.table_view
    scene.draw(app.screen)
    assert view.edge_marks, "a couch saboteur's catapult is off the builder's screen"
    for seat, at in view.edge_marks:
        right = at[0] > 640
        slot = max(range(5), key=lambda s: view.card_rect(s).centerx * (1 if right else -1))
        card = view.card_rect(slot)
        scene.mouse_screen = (float(card.centerx), float(card.centery))
        view.hover_rest = (slot, scene.real_time - 10.0, card.center)
        scene.draw(app.screen)
        assert view.enlarged is not None
        x = round(VIEW_W) - 18 if right else 18
        y = min(max(at[1], 120), round(VIEW_H) - 40)
        tip = (x + (8 if right else -8), y)
        assert tuple(app.screen.get_at(tip))[:3] == scene.colours[seat], (seat, tip)
