"""Playtest 18's fixes for Kaboom! Explosive: words that overflowed or overlapped, a recap
that retold what the player saw, and a first moment of a turn said as if it went on."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.blast.data import (
    ASSASSIN,
    BLAST_SHIELD,
    CHEMIST,
    IRON,
    PALISADE,
    PIPE,
    STEEL,
    STONE,
    UNDERMINER,
)
from game.games.blast.rules import Pass, Phase, Play
from game.games.blast.rules.actions import TakeIt
from game.tabletop.prompt import prompt_surface
from game.ui import text, theme
from tests.games.blast.helpers import table
from tests.games.blast.scene_helpers import make_setup, open_table


def _ink_rows(bar: pygame.Surface) -> list[int]:
    """The rows of the bar where its cream text has pixels (the border and fill are not)."""
    w, h = bar.get_size()
    rows = []
    for y in range(h):
        if any((c := bar.get_at((x, y))).r > 200 and c.g > 190 and c.b > 150
               for x in range(30, w - 30)):
            rows.append(y)
    return rows


def test_the_longest_walls_only_prompt_keeps_inside_the_bar_at_both_sizes(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's "Nothing to attack with now: build a wall ... or pass." wrapped to two
    lines and the second sat on the bar's bottom border (s108, s117)."""
    m = table(2, hands={0: [IRON, STEEL, PALISADE, STONE]}, walls={1: [STONE, STONE]},
              characters={0: [UNDERMINER]})
    scene = open_table(app, driver, make_setup(["keys1", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(3)
    said = scene.prompt()[1]
    assert said.startswith("Nothing to attack with now") and "Underminer" in said, said
    try:
        for scale in (1.0, theme.LARGE_TEXT_SCALE):
            text.set_scale(scale)
            prompt_surface.cache_clear()
            bar = prompt_surface("", theme.SKY, "star", said)
            rows = _ink_rows(bar)
            assert rows and rows[0] >= 3 and rows[-1] <= bar.get_height() - 4, (scale, rows)
            assert len(text.wrap(said, text.MIN_PX, bar.get_width() - 32)) <= 2, scale
    finally:
        text.set_scale(1.0)
        prompt_surface.cache_clear()


def test_a_couch_seats_first_moment_of_a_turn_is_not_said_to_go_on(
        app: Any, driver: HeadlessDriver) -> None:
    """A couch match opened with "Cleo, your turn goes on: show your hand ... or end your
    turn" in round 1, before any turn had gone on (s153)."""
    scene = open_table(app, driver, make_setup(["mouse", "keys1", "easy"], seed=4))
    seen = []
    for _ in range(240):
        driver.step()
        seat, said = scene.prompt()
        st = scene.state
        if seat is not None and st.current_player() == seat and st.played == 0 \
                and not st.undermined and scene.presenter.viewer != seat:
            seen.append(said)
    assert seen
    assert not any("goes on" in s or "end your turn" in s for s in seen), seen


def test_a_hit_the_player_chose_to_take_is_not_retold_as_while_you_waited(
        app: Any, driver: HeadlessDriver) -> None:
    """"While you waited: your stone wall fell to Pipe Bomb" showed right after the player
    clicked "Take it" themselves, the wall falling in their sight (s18)."""
    m = table(2, hands={0: [PIPE], 1: [BLAST_SHIELD, STONE, STEEL]},
              walls={1: [STONE, STONE, PALISADE]})
    assert m.apply(Pass(0)) is None and m.apply(Pass(1)) is None  # seat 1 has had a turn
    assert m.apply(Play(0, PIPE, 1, (STONE,))) is None
    scene = open_table(app, driver, make_setup(["easy", "mouse"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    took = False
    said: list[str] = []
    for _ in range(900):
        driver.step()
        st = scene.state
        if not took and st.phase == Phase.DEFEND and st.current_player() == 1 \
                and not scene.presenter.busy:
            scene.human_act(TakeIt(1))
            took = True
        bubble = scene.presenter.bubble
        if bubble is not None:
            said.append(bubble[0])
        if took and st.current_player() == 1 and st.phase == Phase.PLAY \
                and not scene.presenter.busy:
            break
    assert took and len(scene.state.players[1].walls) == 2
    assert scene.state.current_player() == 1
    assert not any("fell" in s or "waited" in s for s in said), said


@pytest.mark.parametrize("kinds", [["mouse", "easy"], ["easy", "mouse"]],
                         ids=["over-an-ai", "over-the-player"])
def test_a_floating_word_over_a_panel_keeps_clear_of_its_status_line(
        app: Any, driver: HeadlessDriver, kinds: list[str]) -> None:
    """"Mad Chemist down!" floated right over "No walls left!" in the same panel (s99)."""
    from game.tabletop.effects import faded_text

    m = table(2, hands={0: [ASSASSIN]}, walls={1: []}, characters={1: [CHEMIST]})
    assert m.apply(Play(0, ASSASSIN, 1, (), CHEMIST)) is None
    scene = open_table(app, driver, make_setup(kinds, seed=4),
                       {"version": 1, "match": m.to_dict()})
    pr = scene.presenter
    word = None
    for _ in range(600):
        driver.step()
        word = next((f for f in pr.effects.floats if f.label == "Mad Chemist down!"), None)
        if word is not None:
            break
    assert word is not None
    from game.games.blast import hud

    row = scene.layout.zone(1).row  # where the view draws the status line (`view._zones`)
    assert not pr.seats[1].walls and pr.walls_up
    status = text.render(hud.NO_WALLS, hud.NO_WALLS_PX, theme.BLAST, True).get_rect(
        midleft=(row.x + 8, row.centery))
    zone = scene.layout.zone(1).rect
    img = faded_text(word.label, word.size, word.colour, 8)
    for lift in (0.0, word.rise):
        box = img.get_rect(center=(round(word.pos[0]), round(word.pos[1] - lift)))
        assert not box.colliderect(status), (box, status)
        assert zone.contains(box), (box, zone)
    try:  # and with larger text, where the words are wider and taller
        text.set_scale(theme.LARGE_TEXT_SCALE)
        status = text.render(hud.NO_WALLS, hud.NO_WALLS_PX, theme.BLAST, True).get_rect(
            midleft=(row.x + 8, row.centery))
        at, rise = pr.row_word_spot(1, word.label, word.size)
        img = faded_text(word.label, word.size, word.colour, 8)
        for lift in (0.0, rise):
            box = img.get_rect(center=(round(at[0]), round(at[1] - lift)))
            assert not box.colliderect(status), (box, status)
            assert zone.contains(box), (box, zone)
    finally:
        text.set_scale(1.0)
