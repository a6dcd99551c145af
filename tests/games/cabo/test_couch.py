"""Two or more humans on one screen: what each of them needs to read is in sight.

A stranger's couch game hid the Kaboom! question ("Sure? Kaboom! again to call") under the
Draw button, and showed no eye on the cards a seat had seen (a lone human has them)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from game.games.cabo.presenter import PlatedWord, plated_word
from game.games.cabo.scene import CaboScene
from game.tabletop.effects import FloatText
from game.ui import theme
from tests.games.cabo.test_scene_table import click, press, table, wait_idle

GRIDS = [["7H", "3S", "4S", "5S"], ["7D", "3H", "4H", "5H"], ["2D", "3D", "4D", "5D"],
         ["2C", "3C", "4C", "5C"], ["6C", "8C", "9C", "TC"], ["6D", "8D", "9D", "TD"]]


@pytest.mark.parametrize(("n", "seat"), [(3, 1), (4, 0), (6, 1)])
def test_the_kaboom_question_never_rises_under_a_button(app: Any, driver: HeadlessDriver,
                                                        n: int, seat: int) -> None:
    """A couch player who knows none of their cards presses Kaboom!: the question rises in
    felt where no button is drawn over it, from start to end of its rise."""
    scene = table(app, driver, ["mouse", "keys1"] + ["hard"] * (n - 2), grids=GRIDS[:n],
                  phase=R.Phase.TURN, turn=seat, seen={})
    wait_idle(driver, scene)
    driver.run(3)
    buttons = [t.rect for t in scene.cursor.targets if t.kind == "button"]
    assert buttons
    if seat == 0:
        click(driver, scene.cursor.get("btn:kaboom").rect.center)  # type: ignore[union-attr]
    else:
        press(app, driver, "keys1", "secondary")
    (word,) = [f for f in scene.presenter.effects.floats
               if isinstance(f, PlatedWord) and f.label.startswith("Sure?")]
    assert not any(isinstance(e, R.KaboomCalled) for e in scene.state.events)
    start = plated_word(word.label, word.size, word.colour, 8).get_rect(center=word.pos)
    path = start.union(start.move(0, -round(FloatText.rise)))
    assert path.collidelist(buttons) < 0, (path, buttons)
    assert not path.colliderect(scene.layout.piles_rect())


def pupil(surface: pygame.Surface, scene: CaboScene, pos: R.Pos, dx: int = 0) -> tuple[int, ...]:
    """The colour at the pupil of an eye at the foot of the card at `pos` (`dx` off its
    middle), as the table draws it."""
    sprite = scene.presenter.sprite_at(pos)
    assert sprite is not None and not sprite.moves and not sprite.showing_face
    r = sprite.rect()
    return tuple(surface.get_at((r.centerx + dx, r.bottom - 4 - 9)))[:3]


def test_each_couch_player_sees_eyes_on_the_cards_they_have_looked_at(
        app: Any, driver: HeadlessDriver) -> None:
    """Ana (mouse) knows her top-left card and has spied Ben's bottom-left; Ben knows that
    card and his top-left. Each eye is in its seat's colour (Ana's eye on Ben's card is not
    Ben's); a card both know carries both eyes; the AI's knowledge shows nothing."""
    scene = table(app, driver, ["mouse", "keys1", "hard"], grids=GRIDS[:3],
                  phase=R.Phase.TURN, turn=0,
                  seen={0: [(0, 0), (1, 2)], 1: [(1, 2), (1, 0)], 2: [(2, 1)]})
    wait_idle(driver, scene)
    assert scene.couch() and scene.presenter.viewer is None
    ana, ben = scene.colours[0], scene.colours[1]
    marks = scene.view.seen_marks()
    assert marks == {R.Pos(0, 0): [ana], R.Pos(1, 2): [ana, ben], R.Pos(1, 0): [ben]}
    surface = pygame.Surface((1280, 720))
    scene.view.draw(surface)
    assert pupil(surface, scene, R.Pos(0, 0)) == ana
    assert pupil(surface, scene, R.Pos(1, 0)) == ben
    assert pupil(surface, scene, R.Pos(1, 2), -18) == ana  # two eyes, side by side
    assert pupil(surface, scene, R.Pos(1, 2), 18) == ben
    assert pupil(surface, scene, R.Pos(2, 1)) not in (ana, ben, theme.SPARK)
    assert scene.presenter.shown_codes() == set()  # eyes, never a value


def test_the_couch_kaboom_question_tells_the_table_nothing_of_the_callers_hand(
        app: Any, driver: HeadlessDriver) -> None:
    """The bar read "You know only 2 of your 4 cards" to the whole couch, and a call asked
    only when the hand was unsure or high. On a couch every first Kaboom! press asks, in the
    same words whatever the caller knows."""
    bars = []
    for grid, seen in ((["AH", "2S", "AS", "AD"], [(0, 0), (0, 1), (0, 2), (0, 3)]),
                       (["AH", "2S", "9S", "TD"], [(0, 0), (0, 1)]),
                       (["KH", "QS", "9S", "TD"], [])):
        scene = table(app, driver, ["keys1", "keys2", "hard"], grids=[grid] + GRIDS[1:3],
                      phase=R.Phase.TURN, turn=0, seen={0: seen})
        wait_idle(driver, scene)
        driver.run(30)  # past the turn's first moment (`TURN_GUARD`)
        press(app, driver, "keys1", "secondary")
        assert not any(isinstance(e, R.KaboomCalled) for e in scene.state.events)
        line = scene.prompt_line()
        assert "know" not in line and "points" not in line, line
        bars.append(line)
        app.stack.pop()
    assert len(set(bars)) == 1, bars


# ---------------------------------------------------------------- the couch demo's hints


@pytest.mark.parametrize("large", [False, True])
def test_the_couch_hints_cover_no_plate_score_or_card(app: Any, driver: HeadlessDriver,
                                                      large: bool) -> None:
    """In the couch demo (`cabo.couch`) "SPACE asks for the next card once this one lands"
    sat over Ben's and Ana's plates and scores, and "Hold Q" on the lower part of Ben's
    cards: at both text sizes each hint lies where no plate, score or card is."""
    from game.games.cabo import demos
    from game.games.cabo.scene import AGAIN_ONCE_LANDED
    from game.ui import text

    if large:
        app.settings.accessibility.large_text = True
        app.apply_settings()
        text.forget_cached_drawings()
    scene = demos.couch(app, 1)
    app.stack.push(scene)
    app.stack.apply_requests()
    driver.run(60)
    lay, pr = scene.layout, scene.presenter
    key = app.input.word_for(scene.device_of(1), "confirm")
    for seat in (0, 1):
        scene.feedback.refused(seat, AGAIN_ONCE_LANDED.format(key=key))
    surface = pygame.Surface((1280, 720))
    scene.view.draw(surface)
    taken = [lay.plate_rect(p) for p in range(scene.state.players)]
    taken += [s.rect() for grid in pr.grids for s in grid if s is not None]
    taken += [s.rect() for s in pr.sprites() if s.visible]
    words = [plated_word(f.label, f.size, f.colour, 8).get_rect(center=f.pos)
             for f in pr.effects.floats if isinstance(f, PlatedWord)
             and "once it lands" in f.label]
    tags = scene.view.look_tags_at
    assert len(words) == 2 and tags
    for r in words + tags:
        assert r.collidelist(taken) < 0, (r, taken[r.collidelist(taken)])
    for w in words:  # nor over either on its way up
        assert w.move(0, -round(FloatText.rise)).collidelist(taken[:scene.state.players]) < 0


def test_a_couch_bar_and_buttons_say_nothing_of_a_hidden_hand(
        app: Any, driver: HeadlessDriver) -> None:
    """On a couch the bar and the buttons are everyone's: an unsure Kaboom! reads the same
    for a caller with 19 points as for one with -1 (no "call it anyway"), and the drawn
    card's power button the same for a 3 as for a 9 (never "Use its power")."""
    said = []
    for grid in (["7H", "3S", "4S", "5S"], ["AH", "XR", "KD", "AS"]):
        scene = table(app, driver, ["keys1", "keys2", "hard"], grids=[grid] + GRIDS[1:3],
                      phase=R.Phase.TURN, turn=0, seen={0: [(0, s) for s in range(4)]})
        driver.step()
        press(app, driver, "keys1", "secondary")
        said.append(scene.prompt()[1])
        assert scene.state.kaboomer is None and "anyway" not in said[-1]
    assert said[0] == said[1]
    labels = []
    for drawn in ("3C", "9C"):
        scene = table(app, driver, ["keys1", "keys2", "hard"], grids=GRIDS[:3],
                      phase=R.Phase.DRAWN, turn=0, drawn=drawn, seen={})
        driver.run(30)
        labels.append(sorted(t.label for t in scene.cursor.targets if t.kind == "button"))
        assert not any("its power" in label for label in labels[-1]), labels
    assert labels[0] == labels[1]
