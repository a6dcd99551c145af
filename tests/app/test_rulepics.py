"""Pictures on the rules pages: every game's page shows its pieces and special cards drawn by
its own art, each picture shows something, and a picture that fails leaves the words."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import catalogue, rulepics
from game.app.menus.howto import HowToScene
from game.app.rulepics import PictureCache, RulePicture
from tests.contract import game_ids

GAMES = game_ids()  # every catalogue game's page has pictures (a fifth game's too)


def _info(game_id: str) -> catalogue.GameInfo:
    info = catalogue.get(game_id)
    assert info is not None
    return info


def _words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _solid() -> pygame.Surface:
    s = pygame.Surface((40, 30), pygame.SRCALPHA)
    s.fill((200, 40, 40, 255))
    return s


def _picture() -> pygame.Surface:
    s = _solid()
    pygame.draw.circle(s, (255, 255, 255), (20, 15), 8)
    return s


def _broken() -> pygame.Surface:
    raise RuntimeError("the art failed")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_picture_the_page_marks_is_drawn_and_shows_something(app: Any,
                                                                   game_id: str) -> None:
    info = _info(game_id)
    assert info.rules_pictures is not None
    pictures = info.rules_pictures()
    marked = rulepics.names_in(info.rules_page(None))
    assert sorted(marked) == sorted(p.name for p in pictures)  # none missing, none unused
    for p in pictures:
        surface = rulepics.fitted(p.draw(), p.box, p.grow)
        assert not rulepics.is_blank(surface), p.name
        assert surface.get_width() <= p.box[0] and surface.get_height() <= p.box[1], p.name
        # Large enough to read on the page (1024x576 shows it at 0.8x).
        assert max(surface.get_size()) >= 40, p.name


def test_the_pages_picture_their_main_pieces_and_special_cards() -> None:
    from game.games.blast.data import CARD_TYPES
    from game.games.cosmic.data import CARDS

    names = {g: set(rulepics.names_in(_info(g).rules_page(None))) for g in GAMES}
    assert {"timer", "catapult", "dice", "card.small", "card.mega", "block.cube",
            "block.arch", "block.roof"} <= names["tower"]
    assert {"ships", "planets", "bomb", "cubes"} <= names["cosmic"]
    assert {f"card.{c.card_id}" for c in CARDS} <= names["cosmic"]
    assert {f"card.{c.card_id}" for c in CARD_TYPES} <= names["blast"]
    assert {"walls", "wall_line", "characters", "defences"} <= names["blast"]
    assert {"power.peek_own", "power.peek_other", "power.blind_swap", "power.visible_swap",
            "value.XR", "value.KH", "grid"} <= names["cabo"]


def test_a_failing_or_blank_picture_leaves_the_words(app: Any, tmp_path: Path) -> None:
    page = ("<b>Cube</b>: " + rulepics.pic("ok") + "a cube. " + rulepics.pic("broken")
            + "A " + rulepics.pic("blank", "inline") + "blank.")
    pictures = [RulePicture("ok", (60, 60), _picture), RulePicture("broken", (60, 60), _broken),
                RulePicture("blank", (60, 60), _solid)]
    folder = tmp_path / "pictures"
    cache = PictureCache(lambda: folder)
    shown = rulepics.page_with_pictures("test", page, lambda: pictures, cache)
    assert shown.count("<img ") == 1 and str(folder) in shown
    assert _words(shown) == "Cube: a cube. A blank."
    assert [p.name[:8] for p in folder.iterdir()] == ["test-ok-"]  # no half files


def test_a_picture_list_that_fails_or_an_unwritable_folder_leaves_the_words(
        app: Any, tmp_path: Path) -> None:
    page = "Words " + rulepics.pic("ok") + "stay."

    def no_list() -> list[RulePicture]:
        raise RuntimeError("no pictures")

    assert rulepics.page_with_pictures("test", page, no_list, PictureCache()) == "Words stay."
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    cache = PictureCache(lambda: blocked / "rules")
    shown = rulepics.page_with_pictures("test", page, lambda: [RulePicture("ok", (9, 9),
                                                                          _picture)], cache)
    assert shown == "Words stay."


def test_pictures_are_drawn_once_and_again_only_when_their_file_is_gone(
        app: Any, tmp_path: Path) -> None:
    calls: list[int] = []

    def counted() -> pygame.Surface:
        calls.append(1)
        return _picture()

    code = tmp_path / "code"
    code.mkdir()
    (code / "art.py").write_text("# v1")
    folder = tmp_path / "pictures"
    cache = PictureCache(lambda: folder, lambda game_id: [code])
    pictures = [RulePicture("ok", (60, 60), counted)]
    path = cache.paths("g", pictures)["ok"]
    cache.paths("g", pictures)
    assert len(calls) == 1
    path.unlink()
    assert cache.paths("g", pictures)["ok"].is_file() and len(calls) == 2
    # The next run finds the file its code drew and draws nothing ...
    assert PictureCache(lambda: folder, lambda game_id: [code]).paths("g", pictures)
    assert len(calls) == 2
    # ... but art changed since draws again, and the old version is removed.
    (code / "art.py").write_text("# version two")
    new = PictureCache(lambda: folder, lambda game_id: [code]).paths("g", pictures)["ok"]
    assert len(calls) == 3 and [p.name for p in folder.iterdir()] == [new.name]


def test_colons_stay_with_their_words() -> None:
    html = "<b>Aqueduct</b>: arch; <i>1 point</i>: x; <font color=#fff>Red</font>: y"
    assert rulepics.keep_colons(html) == ("<b>Aqueduct:</b> arch; <i>1 point:</i> x; "
                                          "<font color=#fff>Red:</font> y")
    for game_id in GAMES:
        page = rulepics.page_with_pictures(game_id, _info(game_id).rules_page(None), None)
        assert not re.search(r"</(b|i|font)>:", page), game_id


@pytest.fixture
def pictured(app: Any) -> Iterator[catalogue.GameInfo]:
    """A small game whose one-line page shows one picture (a quick How to play scene)."""
    from tests.app import fakegame

    base = fakegame.register()
    info = dataclasses.replace(
        base, rules_page=lambda word=None: rulepics.pic("dot") + "<b>Counter</b>: press.",
        rules_pictures=lambda: [RulePicture("dot", (60, 60), _picture)])
    catalogue.register(info)
    yield info
    catalogue.unregister(info.id)


def test_the_how_to_scene_shows_the_pictures(app: Any, pictured: catalogue.GameInfo) -> None:
    from game.app.headless import HeadlessDriver
    from game.app.menus.howto import HowToScene

    scene = HowToScene(app, pictured.id)
    HeadlessDriver(app, scene).step()
    assert scene.box.html_text.count("<img ") == 1 and "Counter:</b> press" in scene.box.html_text


def test_the_how_to_scene_shows_the_words_when_a_picture_file_cannot_be_loaded(
        app: Any, pictured: catalogue.GameInfo, monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    from game.app.headless import HeadlessDriver
    from game.app.menus.howto import HowToScene

    bad = tmp_path / "bad.png"
    bad.write_text("not a png")
    monkeypatch.setattr(rulepics, "resolve",
                        lambda html, pictures: rulepics._MARK.sub(f'<img src="{bad}">', html))
    scene = HowToScene(app, pictured.id)
    HeadlessDriver(app, scene).step()
    assert "<img" not in scene.box.html_text and "Counter:</b> press" in scene.box.html_text


def test_keys_reach_the_page_from_any_game_button_and_scroll_it(
        app: Any, pictured: catalogue.GameInfo) -> None:
    from game.app.headless import HeadlessDriver
    from game.app.menus.howto import HowToScene

    long_page = "".join(f"{rulepics.pic('dot')}Paragraph {i} of the rules.<br><br>"
                        for i in range(40))
    object.__setattr__(pictured, "rules_page", lambda word=None: long_page)
    scene = HowToScene(app, pictured.id)
    driver = HeadlessDriver(app, scene)
    driver.step()
    own = next(it for it in scene.nav.items if it.row == scene.page and it.col == 0)
    other = next(it for it in scene.nav.items if it.row not in (0, scene.page) and it.col == 0)
    scene.nav.focus(other)  # another game's button, not on the page's top row
    driver.key(pygame.K_RIGHT)  # the first press shows the focus ring
    driver.key(pygame.K_RIGHT)
    assert scene.nav.focused is scene.text_item
    bar = scene.box.scroll_bar
    assert bar is not None and bar.start_percentage == 0
    driver.key(pygame.K_DOWN)
    driver.step()
    assert bar.start_percentage == pytest.approx(bar.visible_percentage / 3, abs=0.01)
    driver.key(pygame.K_LEFT)  # back to the shown page's own button
    assert scene.nav.focused is own


def test_a_games_pictures_are_stamped_from_the_folder_that_registered_it() -> None:
    """The cache's stamp reads the game's own code wherever its package lives (a game under
    the tests too), so a change to its art draws its pictures again."""
    from tests.contract import folder

    for game_id in GAMES:
        assert rulepics.source_folders(game_id)[0] == folder(game_id)
    assert rulepics.source_folders("dicerace")[0].name == "fifthgame"


def test_a_wheel_notch_over_a_rules_page_moves_a_good_part_of_the_view(app: Any,
                                                                       driver: Any) -> None:
    """A long page read with the wheel: a notch moves a good part of what shows (pygame-gui's
    default moved a 25th; six notches went 125 px down a page of several thousand)."""
    scene = HowToScene(app, "cosmic")
    app.stack.push(scene)
    driver.settle(30)
    bar = scene.box.scroll_bar
    assert bar is not None and bar.start_percentage == 0.0
    driver.move((700, 300))
    driver.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                    precise_x=0.0, precise_y=-1.0, touch=False, which=0)])
    driver.settle(30)
    assert bar.start_percentage >= bar.visible_percentage / 10  # the default: a 25th
    assert bar.start_percentage <= bar.visible_percentage / 2  # and no line is skipped
