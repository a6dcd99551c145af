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


def test_the_rules_pages_cards_show_their_whole_line_at_body_size() -> None:
    """A stranger: the rules page's card pictures had tiny, cut words ("Salvage Rights ...
    take..."). Each card is drawn unshrunk, its words at least the page's body size and whole."""
    import json
    from pathlib import Path

    from game.app.rulepics import fitted
    from game.games.cosmic import hud
    from game.games.cosmic.data import CARDS_BY_ID
    from game.games.cosmic.info import CARD_PICTURE_TEXT, rules_pictures
    from game.ui import text

    theme = json.loads((Path(__file__).parents[3] / "assets" / "theme.json").read_text())
    body = int(theme["text_box"]["font"]["size"])
    assert body <= CARD_PICTURE_TEXT
    cards = [p for p in rules_pictures() if p.name.startswith("card.")]
    assert len(cards) == len(CARDS_BY_ID)
    for p in cards:
        drawn = p.draw()
        shown = fitted(drawn, p.box, p.grow)
        assert shown.get_size() == drawn.get_bounding_rect().size, p.name  # never shrunk
        card = p.name.removeprefix("card.")
        w, h = drawn.get_size()
        assert hud.card_height(card, w, CARD_PICTURE_TEXT) <= h, p.name  # room for every line
        lines = text.wrap(CARDS_BY_ID[card].text, CARD_PICTURE_TEXT, w - 24)
        assert " ".join(lines).split() == CARDS_BY_ID[card].text.split()  # whole, no ellipsis


def test_what_players_read_calls_the_colours_they_collect_crystals_never_cubes() -> None:
    """The playtest: Supply Drop and Hijack said "Energy Cube" while the table says "crystal"
    everywhere else (the rulebook's cube only tracks the crystal a player took): one word in
    the card texts, the rules page and its notes, the tips, and the log's card lines."""
    import re

    from game.app.input import default_word
    from game.core.voice import Voice
    from game.games.cosmic import FIRST_TIPS
    from game.games.cosmic.data import CARDS, RULES_NOTES
    from game.games.cosmic.info import rules_page
    from game.games.cosmic.story import card_effect

    said = [c.text for c in CARDS] + list(RULES_NOTES) + list(FIRST_TIPS)
    said.append(re.sub(r"<[^>]+>", " ", rules_page(default_word)))
    voice = Voice(["Ana", "Ben"], 0)
    from game.games.cosmic.rules import Play

    for card in ("supply_drop", "hijack", "prototype_bomb"):
        said.append(card_effect(Play(0, card, target=1, colour="red"), voice, 0))
    for words in said:
        assert not re.search(r"\bcubes?\b", words, re.IGNORECASE), words
    assert sum("crystal" in w for w in said) > 10


def test_no_stray_comma_follows_a_picture_on_the_rules_page() -> None:
    """The R B G Y cubes' icons stood before ", the crystal moves on": a comma alone after
    the icons read as stray. No inline picture on the page is followed by a comma."""
    import re

    from game.games.cosmic.info import rules_page

    page = rules_page()
    assert not re.search(r"inline>\s*,", page)
    assert 'crystal <picture name="cubes" inline> (a ship' in page
