"""Cosmic's rules page opened from the catalogue or the pause menu: a stranger's up and down
keys (to read on) moved the focus to the Tower tab, which Enter then opened."""

from __future__ import annotations

from typing import Any

import pygame


def test_keys_on_cosmics_rules_page_read_it_and_never_open_another_game(app: Any) -> None:
    from game.app.headless import HeadlessDriver
    from game.app.menus.howto import HowToScene

    scene = HowToScene(app, "cosmic")
    driver = HeadlessDriver(app, scene)
    driver.settle(10)
    bar = scene.box.scroll_bar
    assert bar is not None and bar.start_percentage == 0.0
    for key in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP):
        driver.key(key)
        driver.step()
    assert scene.nav.focused is scene.text_item
    assert bar.start_percentage > 0.0  # the keys read the page on
    driver.key(pygame.K_RETURN)
    driver.settle(10)
    top = app.stack.top
    assert isinstance(top, HowToScene) and top.games[top.page].id == "cosmic"
    driver.key(pygame.K_LEFT)  # the tabs are one deliberate press away
    assert scene.nav.focused is not None and scene.nav.focused.row == scene.page


def test_a_first_down_after_the_mouse_still_reads_the_page(app: Any) -> None:
    """Opened with the mouse (no focus ring yet), the first Down scrolls the page: it moved the
    hidden focus to the next game's tab."""
    from game.app.headless import HeadlessDriver
    from game.app.menus.howto import HowToScene

    scene = HowToScene(app, "cosmic")
    driver = HeadlessDriver(app, scene)
    driver.settle(10)
    scene.nav.visible = False  # as after a mouse move
    driver.key(pygame.K_DOWN)
    driver.step()
    assert scene.nav.focused is scene.text_item and scene.nav.visible
    assert scene.box.scroll_bar is not None and scene.box.scroll_bar.start_percentage > 0.0


def test_the_rules_page_says_why_two_players_own_six_planets_each() -> None:
    # A stranger's two-player table showed six planets a player and nothing said why (06-table).
    from game.games.cosmic.info import rules_page

    page = rules_page()
    assert "shared out evenly" in page and "with two players each owns six" in page
