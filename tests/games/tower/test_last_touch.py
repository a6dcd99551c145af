"""Where a saboteur's last die came down is marked while they aim again: the preview draws
only the start of a flight, and a stranger on the keys sent four dice to the same wrong pad,
never seeing where one landed."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.games.tower.scene import Stage
from tests.ui.layout import Words, observing

from .test_scene import ROW, open_game


def test_the_last_die_is_marked_where_it_came_down_until_the_next_turn(
        app: Any, driver: Any) -> None:
    scene = open_game(app, "keys1", "mouse", "ai:easy", row=ROW)
    driver.step()
    driver.key(pygame.K_SPACE)
    assert scene.stage == Stage.PLAY
    view = scene.table_view
    assert view.last_touch == {}
    scene.turn.aim(1, math.radians(45.0), 0.6)
    die = scene.turn.fire(1)
    assert isinstance(die, int), die
    landed_at = None
    for _ in range(400):
        driver.step()
        scene.draw(app.screen)
        if 1 in view.last_touch:
            landed_at = view.last_touch[1]
            break
    assert landed_at is not None, "the die never came down"
    x, y, _a = scene.world.die_pose(die)
    assert abs(x - landed_at[0]) < 60 and abs(y - landed_at[1]) < 60
    with observing(Words()) as words:
        scene.draw(app.screen)
    assert "last" in words.words  # marked for the saboteur aiming again
    scene.table_view.new_turn()
    assert view.last_touch == {}


def test_the_last_word_stays_whole_at_the_screens_edge(app: Any, driver: Any,
                                                       monkeypatch: Any) -> None:
    """A die that came down by the screen's right edge had its "last" cut in half there."""
    from game.games.tower.data import VIEW_W

    scene = open_game(app, "keys1", "mouse", "ai:easy", row=ROW)
    driver.step()
    view = scene.table_view
    edge = pygame.Vector2(VIEW_W - 3, 300)
    monkeypatch.setattr(view, "to_screen", lambda p: (round(edge.x), round(edge.y)))
    view.last_touch[1] = (0.0, 0.0)
    with observing(Words()) as seen:
        view._draw_last_touch(app.screen, 1, (200, 80, 80))
    drawn = [r for words, r in seen.boxes if words == "last"]
    assert drawn and drawn[-1].right <= VIEW_W and drawn[-1].left >= 0, drawn


def test_a_keys_saboteurs_first_miss_says_which_keys_change_the_aim_once(
        app: Any, driver: Any) -> None:
    """A stranger on the keys never changed the aim between shots: all seven dice came down
    on one pile. The spot of the last die is marked plainly (a ring and "last" on a plate),
    and the first miss says which keys turn and power the catapult, once a match."""
    from game.games.tower.view import MISS_HINT_SECONDS

    scene = open_game(app, "mouse", "keys1", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    view = scene.table_view
    said: list[str] = []
    for shot in range(2):
        scene.turn.aim(1, math.radians(45.0), 0.4)  # short of the towers: on the table
        for _ in range(120):  # reloaded
            if isinstance(scene.turn.fire(1), int):
                break
            driver.step()
        for frame in range(400):
            driver.step()
            if frame % 4:  # read one frame in four: the hint shows for MISS_HINT_SECONDS
                continue
            with observing(Words()) as words:
                scene.draw(app.screen)
            said += [w for w in words.words if w.startswith("Missed")]
            if shot == 0 and said:
                break
        mark = view.last_marks.get(1)
        assert mark is not None and mark.w >= 2 * 16 and mark.h >= 40, mark  # plainly there
        if shot == 0:
            assert said and said[0] == "Missed: A/D for power, W/S to turn", said
            assert 1 in view.miss_told
            scene.real_time += MISS_HINT_SECONDS + 0.1
            driver.step()
            with observing(Words()) as words:
                scene.draw(app.screen)
            assert not [w for w in words.words if w.startswith("Missed")]  # it goes
            said.clear()
    assert not said  # once a match


def test_the_missed_note_is_drawn_clear_of_the_power_gauge(app: Any, driver: Any) -> None:
    """A stranger's "Missed: ..." note was drawn over the power bar it told him to change: it
    stands clear of every power gauge drawn (an AI building: the view shows his catapult)."""
    scene = open_game(app, "ai:easy", "keys1", row=ROW)
    driver.step()
    scene.start_turn()
    driver.step()
    assert scene.stage == Stage.PLAY and scene.turn is not None
    view = scene.table_view
    scene.turn.aim(1, math.radians(45.0), 0.4)  # short of the towers: on the table
    for _ in range(120):  # reloaded
        if isinstance(scene.turn.fire(1), int):
            break
        driver.step()
    said: list[str] = []
    for _ in range(400):
        driver.step()
        with observing(Words()) as words:
            scene.draw(app.screen)
        said = [w for w in words.words if w.startswith("Missed")]
        if said:
            break
    assert said and 1 in view.aim_notes and 1 in view.power_plates
    assert not view.aim_notes[1].colliderect(view.power_plates[1]), (view.aim_notes[1],
                                                                     view.power_plates[1])
    assert app.screen.get_rect().contains(view.aim_notes[1])


def test_the_last_word_keeps_off_the_builders_hand_and_towers(app: Any, driver: Any) -> None:
    """A stranger's "last" sat on the builder's hand and tower: the word goes by its ring
    where it covers neither (below it here, the hand just above the ring)."""
    from game.games.tower.data import TABLE_Y

    scene = open_game(app, "mouse", "keys1", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    view = scene.table_view
    table_y = view.to_screen((0.0, TABLE_Y))[1]
    spot = scene.camera.view.to_world((900, table_y - 6))  # on the table, clear of the pads
    view.last_touch[1] = spot
    x, y = view.to_screen(spot)
    b = scene.builder_ctl
    b.pos = scene.camera.view.to_world((x, y - 40))  # the hand where the word went
    hand = pygame.Rect(x - 20, y - 60, 40, 40)
    with observing(Words()) as seen:
        view._draw_last_touch(app.screen, 1, (200, 80, 80))
    drawn = [r for words, r in seen.boxes if words == "last"]
    assert drawn and not drawn[-1].colliderect(hand), (drawn, hand)
    assert drawn[-1].top > y  # below the ring


def test_the_missed_note_goes_when_their_next_shot_is_fired(app: Any, driver: Any) -> None:
    """A stranger's "Missed: A/D for power..." stayed up after a later shot had hit: a
    saboteur's note on a miss goes as their next die is away."""
    scene = open_game(app, "mouse", "keys1", row=ROW)
    driver.step()
    driver.click((640, 400))
    assert scene.stage == Stage.PLAY
    view = scene.table_view

    def missed() -> list[str]:
        with observing(Words()) as words:
            scene.draw(app.screen)
        return [w for w in words.words if w.startswith("Missed")]

    scene.turn.aim(1, math.radians(45.0), 0.4)  # short of the towers: on the table
    for _ in range(120):  # reloaded
        if isinstance(scene.turn.fire(1), int):
            break
        driver.step()
    for _ in range(60):
        driver.run(8)
        scene.draw(app.screen)  # (the view notes where dice came down as it draws)
        if 1 in view.miss_hint:
            break
    assert missed() and view.miss_hint.get(1, 0.0) > scene.real_time  # still in its time
    scene.world.catapults[1].since_fire = 1e9  # reloaded (quicker than waiting)
    assert isinstance(scene.turn.fire(1), int)  # the next shot
    driver.step()
    assert not missed(), "the note on the last miss stayed up as the next die flew"


def test_the_last_mark_keeps_off_bursts_and_dice(app: Any, driver: Any) -> None:
    """A stranger's "last" was drawn across a KABOOM burst and cut to "las" by a die: it is
    not drawn while a burst covers its ring, and its word goes where no die is."""
    from game.games.tower.data import TABLE_Y
    from game.games.tower.effects import Popup

    scene = open_game(app, "mouse", "keys1", row=ROW)
    driver.step()
    driver.click((640, 400))
    view = scene.table_view
    table_y = view.to_screen((0.0, TABLE_Y))[1]
    spot = scene.camera.view.to_world((900, table_y - 6))
    view.last_touch[1] = spot
    x, y = view.to_screen(spot)
    # a die just above the ring, where the word goes first
    die = [pygame.Rect(round(x) - 20, round(y) - 60, 40, 40)]
    view._die_boxes = lambda v: die  # type: ignore[method-assign]
    with observing(Words()) as seen:
        view._draw_last_touch(app.screen, 1, (200, 80, 80))
    drawn = [r for words, r in seen.boxes if words == "last"]
    assert drawn and not drawn[-1].colliderect(die[0]), (drawn, die)
    scene.fx.popups.append(Popup("KABOOM!", x, y, 1.0))
    with observing(Words()) as seen:
        view._draw_last_touch(app.screen, 1, (200, 80, 80))
    assert not [r for words, r in seen.boxes if words == "last"]
    assert 1 not in view.last_marks
