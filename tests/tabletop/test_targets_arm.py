"""A press aimed at a choice that has just left its spot never acts on what replaced it."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.headless import HeadlessDriver
from game.games.blast.data import TNT
from game.games.blast.demos import _give
from game.games.blast.rules import MatchState, Options, Play
from game.tabletop.targets import ARM_S, Target, TargetCursor
from tests.games.blast.scene_helpers import make_setup, open_table


def _t(key: str, rect: tuple[int, int, int, int], log: list[str]) -> Target:
    return Target(key, pygame.Rect(rect), lambda: log.append(key), kind="button")


def test_a_spot_whose_choice_left_is_dead_for_a_moment_then_live() -> None:
    log: list[str] = []
    c = TargetCursor()
    c.set_targets([_t("btn:take", (100, 100, 80, 40), log)], now=1.0)
    assert not c.just_left((120, 110), 1.0)
    c.set_targets([_t("hand:3", (90, 90, 60, 80), log)], now=2.0)  # something else there now
    assert c.just_left((120, 110), 2.0 + ARM_S * 0.9)
    assert not c.just_left((300, 300), 2.1)  # elsewhere: nothing left that spot
    assert not c.just_left((120, 110), 2.0 + ARM_S)  # long enough to have seen the new screen
    assert c.just_left(None, 2.1) and not c.just_left(None, 2.0 + ARM_S)  # the focus too


def test_a_choice_that_stays_put_is_never_dead() -> None:
    log: list[str] = []
    c = TargetCursor()
    take = _t("btn:take", (100, 100, 80, 40), log)
    c.set_targets([take], now=1.0)
    c.set_targets([take, _t("btn:new", (400, 100, 80, 40), log)], now=2.0)
    assert not c.just_left((120, 110), 2.1) and not c.just_left(None, 2.1)


def test_a_late_click_on_take_it_after_the_card_was_taken_does_nothing(
        app: Any, driver: HeadlessDriver, monkeypatch: Any) -> None:
    """A stranger clicked Take it just as its countdown ran out: the click landed on what had
    come up there (it started an Underminer). Now a click there that soon does nothing."""
    m = MatchState(Options(3, first=1), 8)
    _give(m, 1, [TNT])
    answers = ("oops", "backfire", "blast_shield")
    m.supply.extend(c for c in m.players[0].hand if c in answers)
    m.players[0].hand = [c for c in m.players[0].hand if c not in answers]
    m.apply(Play(1, TNT, 0, ("iron_wall",)))
    scene = open_table(app, driver, make_setup(["mouse", "hard", "medium"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    for _ in range(300):
        driver.step()
        if scene.cursor.get("btn:take") is not None:
            break
    take = scene.cursor.get("btn:take")
    assert take is not None
    spot = take.rect.center
    for _ in range(600):  # the countdown runs out: the card is taken for them
        driver.step()
        if scene.state.window() is None and scene.cursor.get("btn:take") is None:
            break
    assert scene.state.window() is None and scene.cursor.get("btn:take") is None
    waits: list[Any] = []
    monkeypatch.setattr(scene, "_press_waits", lambda *a, **k: waits.append(a) or True)
    events = len(scene.state.events)
    driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0))])
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1)])
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1)])
    assert waits == [] and scene.queued is None  # no word, no card kept for later
    assert all(getattr(e, "seat", None) != 0 for e in scene.state.events[events:])
    assert scene.cursor.just_left(spot, scene.time)
    driver.run(int(ARM_S * 60) + 2)
    assert not scene.cursor.just_left(spot, scene.time)  # a look later, presses act again


def test_a_change_the_players_own_press_made_arms_nothing() -> None:
    """The deciding player's own press changed the choices (a card chosen, its targets come
    up): that is no surprise, so the spots are live at once; a change soon after another
    player's move is guarded as before."""
    from game.tabletop.targets import OWN_PRESS_S

    log: list[str] = []
    c = TargetCursor()
    c.set_targets([_t("hand:0", (100, 100, 80, 40), log)], now=1.0)
    c.pressed(2.0)
    c.set_targets([_t("wall:1:0", (90, 90, 60, 80), log)], now=2.0 + OWN_PRESS_S * 0.5)
    assert not c.just_left((120, 110), 2.1) and not c.settling(2.1)
    c.set_targets([_t("btn:take", (95, 95, 60, 60), log)], now=3.0)  # not their press
    assert c.just_left((120, 110), 3.1)
