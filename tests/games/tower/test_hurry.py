"""A human builder who is done while only AIs aim at their towers may speed the turn up."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.tower.scene import HURRY_SCALE, Stage

from .test_scene import ROW, open_game


def all_built(scene: Any) -> None:
    """The builder's towers all stand finished (judged so): the turn may be hurried. The
    sand and the dice run on as ever."""
    import dataclasses

    from game.games.tower.data import TILES

    turn = scene.turn
    assert turn is not None
    real = turn.judgements

    def judgements() -> list[Any]:
        return [dataclasses.replace(j, progress=len(TILES[j.tile_id].pieces), extra=0)
                for j in real()]

    turn.judgements = judgements  # type: ignore[method-assign]
    scene._refresh_judgements()


def test_a_builder_done_against_ais_speeds_the_sand_up_and_back(app: Any, driver: Any) -> None:
    """A stranger sat through the rest of the sand with nothing to do, only AIs aiming: the
    "Speed up" button in the corner plays the rest of the turn quicker. The sand's game time is
    the same (one world frame is the same 1/60 s of sand: the AIs keep every second to fire),
    only more of them pass each real second; clicked again, it is back to normal."""
    scene = open_game(app, "mouse", "ai:easy", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY and not scene.hurry_offered()  # towers to build
    all_built(scene)
    assert scene.hurry_offered()
    driver.run(10)
    scene.draw(app.screen)
    words = scene.table_view.hurry_words()
    assert words == (f"Faster ×{round(HURRY_SCALE)}", "till a die flies »")

    def sand_per_frame() -> tuple[float, float]:
        """Sand seconds and world frames passing over 30 app frames."""
        t0, f0 = scene.match.time_left, scene._frames
        driver.run(30)
        return t0 - scene.match.time_left, scene._frames - f0

    normal_sand, normal_frames = sand_per_frame()
    held = scene.world.hand.held_block
    driver.click(scene.table_view.hurry_rect().center)
    # The button's click, not the hand's:
    assert scene.hurried and scene.world.hand.held_block == held
    fast_sand, fast_frames = sand_per_frame()
    assert fast_sand > 3.0 * normal_sand
    assert fast_sand / fast_frames == pytest.approx(normal_sand / normal_frames)  # per frame
    assert scene.table_view.hurry_words() == (f"Sand ×{round(HURRY_SCALE)}", "Click: normal")
    driver.click(scene.table_view.hurry_rect().center)
    assert not scene.hurried
    again, _ = sand_per_frame()
    assert again < 1.5 * normal_sand


def test_no_speed_up_while_a_person_aims(app: Any, driver: Any) -> None:
    """A person's saboteur (a keyboard on the couch) is owed the sand's real time: no button,
    and a click there is the builder's hand as ever."""
    scene = open_game(app, "mouse", "keys1", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    assert not scene.hurry_offered()
    driver.click(scene.table_view.hurry_rect().center)
    assert not scene.hurried


@pytest.mark.parametrize("large", [False, True])
def test_the_builders_hint_keeps_clear_of_the_speed_up_button(
        app: Any, driver: Any, large: bool) -> None:
    """In a wide view (the Mega widened it) the builder's hint goes down by the tray, where
    the "Speed up" button is: it moves left of the button, in larger text too."""
    from game.games.tower.camera import FULL
    from game.ui import text, theme

    text.set_scale(theme.LARGE_TEXT_SCALE if large else 1.0)
    try:
        scene = open_game(app, "keys1", "ai:easy", "ai:easy", row=ROW)
        driver.step()
        driver.key(pygame.K_SPACE)
        all_built(scene)
        assert scene.stage == Stage.PLAY and scene.hurry_offered()
        scene.turn_view = FULL  # as wide as it gets
        scene.camera.cut(FULL)
        scene.draw(app.screen)
        plates = scene.table_view.hint_plates
        assert plates and all(p.bottom > 600 for p in plates[:1])  # down by the tray
        for p in plates:
            assert not p.colliderect(scene.table_view.hurry_rect()), p
            assert app.screen.get_rect().contains(p)
    finally:
        text.set_scale(1.0)


def test_the_hurry_buttons_words_show_whole_in_larger_text(app: Any, driver: Any) -> None:
    """At 1024x576 with larger text a stranger read "Fast-forward…": both lines of the
    button show whole, never cut with an ellipsis."""
    from game.ui import text, theme
    from tests.ui.layout import Words, observing

    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    all_built(scene)
    assert scene.hurry_offered()
    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        for hurried in (False, True):
            scene.hurried = hurried
            with observing(Words()) as seen:
                scene.table_view._draw_hurry(app.screen)
            top, low = scene.table_view.hurry_words()
            assert top in seen.words and low in seen.words, (seen.words, top, low)
    finally:
        text.set_scale(1.0)


def test_a_die_fired_while_sped_up_brings_the_turn_back_to_normal_speed(
        app: Any, driver: Any) -> None:
    """A stranger pressed "Faster" once his towers stood and watched two of them fall to the
    AI's dice at four times the pace, with no time to answer. The turn is sped up only till a
    die flies: then it is back to normal speed, and the button says why for a moment."""
    from game.games.tower.events import DieFired

    scene = open_game(app, "mouse", "ai:easy", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    driver.run(5)
    all_built(scene)
    driver.click(scene.table_view.hurry_rect().center)
    assert scene.hurried
    seat = next(iter(scene.sab_ctls))
    scene._on_event(DieFired(seat, 99, 100.0, 400.0))
    assert not scene.hurried
    scene.draw(app.screen)
    assert scene.table_view.hurry_words() == ("Normal speed", "a die is flying")
    scene.real_time += 3.0
    assert scene.table_view.hurry_words()[0] == f"Faster ×{round(HURRY_SCALE)}"
    driver.click(scene.table_view.hurry_rect().center)  # pressed again: sped up again
    assert scene.hurried


def test_the_speed_up_is_offered_only_once_the_towers_are_built(app: Any, driver: Any) -> None:
    """A stranger clicked "Faster ×4" mid-build out of curiosity and his own sand ran at four
    times the pace: it is offered only when every open tower stands finished or can no longer
    be (an untouched Mega aside), and a click there meanwhile is the builder's hand."""
    import dataclasses

    from game.games.tower.data import TILES

    scene = open_game(app, "mouse", "ai:easy", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    turn = scene.turn
    assert turn is not None and not scene.hurry_offered()
    driver.click(scene.table_view.hurry_rect().center)
    assert not scene.hurried
    real = turn.judgements
    first = real()
    mega = next(j.slot for j in first if TILES[j.tile_id].mega)
    small = [j.slot for j in first if j.slot != mega]

    def built(*slots: int) -> None:
        def judgements() -> list[Any]:
            return [dataclasses.replace(j, progress=len(TILES[j.tile_id].pieces), extra=0)
                    if j.slot in slots else j for j in real()]
        turn.judgements = judgements  # type: ignore[method-assign]
        scene._refresh_judgements()

    built(*small[:-1])
    assert not scene.hurry_offered()  # one small tower still to build
    built(*small)
    # The Mega untouched, but every block still free to finish it (the towers are faked):
    # something left to build (a stranger was offered it with the Mega still to build).
    assert not scene.hurry_offered()
    built(*small, mega)
    assert scene.hurry_offered()  # nothing left to build
    scene.draw(app.screen)
    assert scene.table_view.hurry_words()[0] == f"Faster ×{round(HURRY_SCALE)}"


def test_a_saboteur_out_of_dice_may_speed_an_ais_build_to_the_scores(
        app: Any, driver: Any) -> None:
    """A stranger's dice were gone 25 s before the sand and the AI's rebuild idled on with
    nothing offered: once every person at the table is done (here the one saboteur has no die
    left) the button is there, and no die the AIs fire slows the sand back down."""
    from game.games.tower.events import DieFired
    from game.games.tower.scene import Stage as S

    scene = open_game(app, "ai:easy", "mouse", row=ROW)
    assert driver.run_until(lambda: scene.stage == S.PLAY, 3000)
    me = 1
    assert scene.match.dice_left.get(me, 0) > 0 and not scene.hurry_offered()
    scene.match.dice_left[me] = 0
    assert scene.hurry_offered()
    scene.draw(app.screen)
    assert scene.table_view.hurry_words() == (f"Faster ×{round(HURRY_SCALE)}",
                                              "to the scores »")
    driver.click(scene.table_view.hurry_rect().center)
    assert scene.hurried
    scene._on_event(DieFired(0, 0, 100.0, 100.0))
    assert scene.hurried  # nobody's towers of their own to answer for


def test_no_speed_up_while_the_builder_is_still_building(app: Any, driver: Any) -> None:
    """A stranger saw "Faster ×4 till a die flies »" come up while he was still building his
    own turn: once his small towers stood it stayed up as he carried a block on to the Mega
    and built it. It is offered only when no person at the table has anything left to do:
    never while the builder's hand holds a block, nor while a tower they set a block on stands
    unfinished (even one the free blocks can no longer finish: they are building it)."""
    from .test_scene import (
        BLOCKS,
        TILES,
        Where,
        carry_from_tray,
        drag_build,
        glide_world,
        screen_of,
        up,
        verdict,
    )

    scene = open_game(app, "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.click((640, 400))
    scene.match.dice_left = {s: 0 for s in scene.match.dice_left}  # no die knocks a tower
    for slot in (0, 1, 3, 4):  # every small tower: the untouched Mega is no duty
        drag_build(driver, scene, slot)
    driver.run(10)
    turn = scene.turn
    assert turn is not None and scene.stage == Stage.PLAY
    assert scene.hurry_offered()  # done: the button is there
    mega = next(s for s, t in enumerate(ROW) if t is not None and TILES[t].mega)
    piece = TILES[ROW[mega]].pieces[0]
    bid = next(b.block_id for b in BLOCKS
               if b.shape == piece[0] and turn.world.block_where(b.block_id) == Where.TRAY)
    x, y, _ = turn.world.reading.placement_pose(mega, verdict(scene, mega).stack, piece)
    pos = carry_from_tray(driver, scene, bid, x)
    assert turn.world.hand.held_block == bid
    assert not scene.hurry_offered()  # a block in the hand: still building
    pos = glide_world(driver, scene, pos, (x, y - 4))
    pos = glide_world(driver, scene, pos, (x, y + 1), per_frame=1.0)
    up(driver, screen_of(scene, pos))
    driver.run(30)
    assert turn.world.hand.held_block is None and verdict(scene, mega).progress == 1
    assert not scene.hurry_offered()  # the Mega begun, though the blocks left cannot finish it
    assert scene.match.time_left > 3.0


def test_the_hurry_button_shows_its_key_and_the_key_presses_it(app: Any, driver: Any) -> None:
    """A stranger on the keys found no key for "Faster ×4": a key presses it (Left Ctrl, not
    Space: Space is the build key, and a builder's Space toggled it unasked), and a cap on the
    button says so, whole in larger text too, with both lines whole."""
    from game.ui import text, theme
    from tests.ui.layout import Words, observing

    scene = open_game(app, "keys1", "ai:easy", row=ROW)
    driver.step()
    driver.key(pygame.K_SPACE)
    assert scene.stage == Stage.PLAY
    all_built(scene)
    assert scene.hurry_offered() and not scene.hurried
    view = scene.table_view
    assert view.hurry_key() == "LEFT CTRL"
    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        with observing(Words()) as seen:
            view._draw_hurry(app.screen)
        top, low = view.hurry_words()
        assert [top, low, "LEFT CTRL"] == [w for w in seen.words
                                           if w in (top, low, "LEFT CTRL")]
        assert view.hurry_cap.contains(text.render("LEFT CTRL", 12, theme.CREAM, bold=True)
                                       .get_rect(center=view.hurry_cap.center))
    finally:
        text.set_scale(1.0)
    driver.key(pygame.K_SPACE)  # the build key: never "Faster"
    assert not scene.hurried
    driver.run(20)
    if scene.world.hand.held_block is not None:
        driver.key(pygame.K_SPACE)  # (it took a block: let go again)
        driver.run(40)
    assert scene.world.hand.held_block is None and not scene.hurried
    driver.key(pygame.K_LCTRL)
    assert scene.hurried
    driver.key(pygame.K_LCTRL)
    assert not scene.hurried
    mouse = open_game(app, "mouse", "ai:easy", row=ROW)
    assert mouse.table_view.hurry_key() == ""  # the mouse clicks it
