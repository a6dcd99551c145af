"""The builder's guide (guide.py): the card under the pointer is shown big with its blocks named,
the tray names its kinds, and the kinds the tower being built still needs are lit in the tray."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.tower import art, guide
from game.games.tower.camera import clamp_view
from game.games.tower.data import TILES
from game.games.tower.rules import TileJudgement
from game.games.tower.scene import Stage

from .test_scene import ROW, open_game


def test_a_tiles_blocks_are_named_bottom_first_with_the_built_ones_marked() -> None:
    lamp = next(t for t in TILES.values() if t.name == "Lamp")
    words = guide.piece_words(lamp, progress=1)
    assert [w for w, _ in words] == ["1. Pillar, standing", "2. Short beam, lying",
                                     "3. Pillar, standing"]
    assert [done for _, done in words] == [True, False, False]
    assert guide.still_needs(lamp, 1) == {"plank": 1, "pillar": 1}


def test_the_tray_groups_follow_the_blocks_left_in_it() -> None:
    every = guide.tray_groups()
    assert set(every) == {"beam", "plank", "cube", "pillar", "arch", "roof"}
    assert every["cube"][2] == 4
    assert every["cube"][1] == every["arch"][1]  # one line of labels a row
    pillars = [b.block_id for b in guide.BLOCKS if b.shape == "pillar"]
    some = guide.tray_groups({b.block_id for b in guide.BLOCKS} - {pillars[0]})
    assert some["pillar"][2] == 1
    assert "pillar" not in guide.tray_groups(set())


def _playing(app: Any, driver: Any) -> Any:
    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))  # the builder turns the sand timer
    assert scene.stage == Stage.PLAY
    scene.camera.cut(clamp_view(2.25, 0.0, 400.0))  # the tray in sight
    scene._update_camera = lambda dt: None
    return scene


def test_the_card_under_the_pointer_is_drawn_big_with_its_blocks_named(
        app: Any, driver: Any, monkeypatch: Any) -> None:
    scene = _playing(app, driver)
    view = scene.table_view
    r = view.card_rect(0)
    assert r.w < art.card_rect(0).w  # shrunk into the strip over the close-up
    scene.mouse_screen = (float(r.centerx), float(r.centery))
    assert guide.hovered_card(view) is None  # not at once: the pointer rests on it first
    scene.real_time += guide.HOVER_REST_S + 0.01
    assert guide.hovered_card(view) == 0
    shown: list[pygame.Rect | None] = []
    real = guide.draw_enlarged
    monkeypatch.setattr(guide, "draw_enlarged",
                        lambda *a, **kw: shown.append(real(*a, **kw)) or shown[-1])
    view.draw(pygame.Surface((1280, 720)))
    assert shown and shown[0] is not None
    full = art.card_rect(0)  # at least as big as the card would hang on the wall, its list
    # beside or under it (smaller than it once was where it would cover the pads)
    assert shown[0].w > 1.5 * full.w and shown[0].h >= full.h
    assert shown[0].w > 2 * full.w or shown[0].h > 2 * full.h
    # The lit tray follows the hovered tile: all of its tower.
    need, name = guide.needed_kinds(scene, 0)
    assert name == TILES[ROW[0]].name and need == TILES[ROW[0]].needs()
    scene.mouse_screen = (640.0, 400.0)  # over the table: no big card
    assert guide.hovered_card(view) is None


def test_the_tower_being_built_lights_what_it_still_needs(app: Any, driver: Any,
                                                          monkeypatch: Any) -> None:
    scene = _playing(app, driver)
    tid = ROW[4]  # Cottage: short beam lying, cube, roof
    scene._set_at = {4: 10, 0: 5}
    scene.judgements = {4: TileJudgement(4, tid, False, "", 1, (0,), 0),
                        0: TileJudgement(0, ROW[0], False, "", 1, (1,), 0)}
    assert guide.working_slot(scene) == 4
    need, _ = guide.needed_kinds(scene, None)
    assert need == {"cube": 1, "roof": 1}
    lit: list[str] = []
    real = guide.text.render

    def spy(s: str, *a: Any, **k: Any) -> pygame.Surface:
        if a and a[1] == guide.GOLD:
            lit.append(s)
        return real(s, *a, **k)

    monkeypatch.setattr(guide.text, "render", spy)
    guide.draw_tray_labels(pygame.Surface((1280, 720)), scene.table_view, need)
    assert sorted(lit) == ["Cube x1", "Roof x1"]


def test_the_rules_page_says_what_back_does_for_a_keyboard_or_pad_builder() -> None:
    """Back is Tower's builder helper (the README's Controls table calls the key "back"): the
    rules page names it in the player's bindings and says it fetches the next block."""
    from game.games.tower.info import rules_page

    page = rules_page(lambda device, action: f"<{device}:{action}>")
    at = page.find("<keys1:back>")
    assert at >= 0 and "<keys2:back>" in page and "<pad1:back>" in page
    assert "next block" in page[at:at + 300]


def test_the_rules_page_says_a_dragged_block_settles_into_its_outline() -> None:
    """The mouse builder's aid (`TurnController.settle`): the page said only that a ghost shows
    the hovered tile's next block; it now says the dragged block's outline shows where it goes
    and that a block let go near it settles into it."""
    from game.games.tower.info import rules_page

    page = rules_page()
    at = page.find("Builder on the mouse")
    mouse = page[at:page.find("Builder on keys", at)]
    assert at >= 0 and "hovered tile" not in mouse
    assert "outline shows where it goes" in mouse and "settles into place" in mouse


def test_the_rules_page_says_continue_brings_back_the_turn_as_it_was_left() -> None:
    """A save made mid-turn holds the turn so far (test_restart_said): the page said it was
    saved "as it was when that turn began", while Continue opens the exact table left."""
    from game.games.tower.info import rules_page

    page = rules_page()
    assert "when that turn began" not in page
    at = page.find("Leaving during a turn")
    assert at >= 0 and "just as it was left" in page[at:at + 200]


@pytest.mark.parametrize("slot", [0, 1, 2, 3, 4])
def test_the_enlarged_card_stands_by_its_card_clear_of_the_row_and_the_hints(
        app: Any, driver: Any, slot: int) -> None:
    """A stranger pointed at the Needle (far left) and its big copy stood at x 960, over the
    Watchtower and the Chapel; the Mega's stood at the far left, its list over "Drag a
    block...". It stands next to its card now: under it (past the hints where they lie under
    it), across or just aside of its column, never over another card or the hints, on screen,
    clear of the tower the card describes, and within about a third of a second."""
    from game.games.tower.demos import place_tower

    scene = open_game(app, "mouse", "ai:easy", row=[20, 15, 0, 11, 4])
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    for s in (0, 1, 3):
        place_tower(scene.world, s, scene.match.row[s] or 0, 3)
    driver.run(40)
    view = scene.table_view
    r = view.card_rect(slot)
    driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0),
                                    buttons=(0, 0, 0))])
    driver.run(round(60 * 0.3))  # shown within 0.3 s of the pointer coming to rest
    big = view.enlarged
    full = art.card_rect(slot)
    assert big is not None and big.w > 1.5 * full.w and big.h >= full.h
    assert app.screen.get_rect().contains(big)
    reach = guide.BESIDE_REACH
    if not (big.right >= r.left - reach and big.left <= r.right + reach):
        # No room by its card clear of the pads and the tower it describes (the Mega's long
        # list, the Needle's tall tower): in the free wall, a lead from its card to it.
        assert view.enlarged_lead is not None, (slot, big, r)
        assert slot in (0, 2), slot
        return
    under = [p for p in view.hint_plates if p.left < big.right and p.right > big.left
             and p.top < big.top]
    beside = big.top < r.bottom and big.bottom > r.top  # at its height, in the free wall
    assert beside or r.bottom <= big.top <= max([r.bottom] + [p.bottom for p in under]) + 12, (
        slot, big, view.hint_plates)
    assert not big.colliderect(r)  # nor the card the pointer reads
    for s in range(5):
        if s != slot:
            assert not big.colliderect(view.card_rect(s)), (slot, s, big)
    assert not any(big.colliderect(p) for p in view.hint_plates), (slot, view.hint_plates)
    own = view.tower_box(slot, scene.camera.view)
    assert own is None or not big.colliderect(own), (slot, big, own)


def test_a_card_shows_large_after_the_pointer_lets_go_only_once_it_moves(
        app: Any, driver: Any) -> None:
    """A stranger's pointer, just let go of a block under the card strip, popped the card
    open (the rest before a card shows is shorter now): a pointer still where the hand let
    go shows nothing; moved onto a card and resting there, it shows."""
    scene = _playing(app, driver)
    view = scene.table_view
    r = view.card_rect(0)
    scene.mouse_screen = (float(r.centerx), float(r.centery))
    hand = scene.world.hand
    hand._held = 3  # as if carrying a block over the card
    assert hand.held_block == 3 and guide.hovered_card(view) is None
    hand._held = None  # let go there
    scene.real_time += 2.0
    assert guide.hovered_card(view) is None
    scene.mouse_screen = (float(r.centerx + 10), float(r.centery))
    assert guide.hovered_card(view) is None
    scene.real_time += guide.HOVER_REST_S + 0.01
    assert guide.hovered_card(view) == 0


def test_a_pointer_drifting_slowly_on_a_card_still_shows_it(app: Any, driver: Any) -> None:
    """A hand on a mouse drifts a pixel or two a frame: measured from where the pointer first
    stopped, a stranger's drift kept the card from ever showing."""
    scene = _playing(app, driver)
    view = scene.table_view
    r = view.card_rect(0)
    for i in range(30):  # 30 frames, 2 px a frame: 58 px in all
        scene.mouse_screen = (float(r.left + 10 + 2 * i), float(r.centery))
        got = guide.hovered_card(view)
        scene.real_time += 1 / 60
    assert got == 0
    assert guide.HOVER_REST_S <= 0.3


def test_the_rules_page_says_where_the_mouse_slings_full_power_is() -> None:
    """The page said a pull "to the edge of the screen" is full power, but the sling is at
    full power at its ring (`FULL_PULL`, about 150 px): the words say what the player does."""
    from game.games.tower.controls import FULL_PULL, MouseSaboteurControl
    from game.games.tower.info import rules_page

    page = rules_page()
    at = page.find("Saboteur on the mouse")
    mouse = page[at:page.find("<br>", at)]
    assert at >= 0 and "edge of the screen" not in mouse
    assert "pull back to the ring for full power" in mouse
    assert MouseSaboteurControl(seat=1).reach == FULL_PULL  # the ring drawn is that pull


def test_a_card_shows_large_only_once_the_pointer_rests_on_it(app: Any, driver: Any) -> None:
    """A stranger, just letting go of the Mega tower's top block under the card strip, had the
    card pop up large over the spot he was building: a pointer passing over a card shows
    nothing; one resting there a moment shows it, and it stays while the pointer reads it."""
    scene = _playing(app, driver)
    view = scene.table_view
    r = view.card_rect(0)
    scene.mouse_screen = (float(r.centerx), float(r.centery))
    assert guide.hovered_card(view) is None
    for step in range(3):  # moving across it: never shown
        scene.real_time += guide.HOVER_REST_S * 0.6
        scene.mouse_screen = (float(r.centerx + 8 * (step + 1)), float(r.centery))
        assert guide.hovered_card(view) is None
    scene.real_time += guide.HOVER_REST_S + 0.01
    assert guide.hovered_card(view) == 0  # at rest: shown
    scene.mouse_screen = (float(r.centerx - 10), float(r.centery))
    assert guide.hovered_card(view) == 0  # and read on, moving over it


def test_the_rules_page_says_the_build_view_holds_still_and_the_couch_picture_shows() -> None:
    """The page said the camera comes close while you build and pulls out for shots and
    aiming saboteurs; a turn with a person in it holds one still view (camera.turn_view), and
    a couch saboteur off it sees their catapult in a corner picture from the turn's start."""
    from game.games.tower.info import rules_page

    page = rules_page()
    at = page.find("Builder on the mouse")
    mouse = page[at:page.find("Builder on keys", at)]
    assert "camera comes close" not in mouse and "pulls out" not in mouse
    assert "view holds still" in mouse
    at = page.find("Saboteur on keys or a gamepad")
    keys = page[at:page.find("Saboteur on the mouse", at)]
    assert "picture" in keys and "from the start of the turn" in keys
