"""Playtest s45's fixes for Kaboom! Explosive: the playable cards glow (and take a click) from
the first frame of a person's turn, not only once its opening beat has played."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.rules import Pass
from game.games.blast.rules.events import Drew, Played
from tests.games.blast.helpers import table
from tests.games.blast.scene_helpers import open_match


def _to_own_turn(app: Any, driver: HeadlessDriver) -> Any:
    """A table (Ana a person with the mouse, Ben an AI) run to the first frame at which Ana's
    next turn's card is on its way into her hand (the turn's opening still playing): Ana
    holds TNT and a Pipe Bomb, Ben a stone wall; she draws a Flaming Arrow."""
    m = table(2, hands={0: [D.TNT, D.PIPE]}, top=[D.STONE, D.ARROW])
    sc = open_match(app, driver, m, ["mouse", "easy"], speed=1.0)
    sc.human_act(Pass(0))
    for _ in range(60 * 20):
        driver.step()
        pr = sc.presenter
        if pr.turn == 0 and any(isinstance(e, Drew) and e.seat == 0 and e.turn > 0
                                for e in sc.state.events[:pr.next_event]):
            return sc
    raise AssertionError("Ana's turn never came")


def test_playable_cards_glow_from_the_first_frame_of_the_turn(app: Any,
                                                               driver: HeadlessDriver) -> None:
    sc = _to_own_turn(app, driver)
    assert sc.presenter.busy  # the turn's opening beat still plays
    tc = sc.table_controls
    assert sc.decider() == 0
    hand = sc.presenter.hand
    assert {hand[i] for i in tc.playable} == {D.TNT, D.PIPE, D.ARROW}
    assert sc.prompt()[0] == 0  # the bar already tells Ana what to do


def test_a_click_on_a_glowing_card_during_the_opening_picks_it(app: Any,
                                                               driver: HeadlessDriver) -> None:
    sc = _to_own_turn(app, driver)
    assert sc.presenter.busy
    i = sc.presenter.hand.index(D.TNT)
    target = next(t for t in sc.cursor.targets if t.key == f"hand:{i}")
    _click(driver, target.rect.center)
    assert sc.presenter.busy  # picked while the opening still played
    assert sc.table_controls.pick.card == D.TNT
    wall = next(t for t in sc.cursor.targets if t.key.startswith(("wall:1", "seat:1")))
    _click(driver, wall.rect.center)
    assert any(isinstance(e, Played) and e.seat == 0 and e.card == D.TNT
               for e in sc.state.events)


def _click(driver: HeadlessDriver, pos: tuple[int, int]) -> None:
    driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                    buttons=(0, 0, 0))])
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
