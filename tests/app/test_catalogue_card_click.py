"""A click on the body of a game's card in the catalogue opens that game's lobby, as its New
game button does (a stranger's clicks on a card's picture and words did nothing)."""

from __future__ import annotations

from typing import Any

from game.app.menus.catalogue import CatalogueScene
from game.app.menus.lobby import LobbyScene


def test_a_click_on_a_cards_picture_opens_its_lobby(app: Any, driver: Any) -> None:
    app.stack.push(CatalogueScene(app))
    driver.step()
    cat = app.stack.top
    for i, info in enumerate(cat.games[:2]):
        card = cat.cards[i]
        driver.click((card.centerx, card.top + 120))  # the picture
        driver.settle()
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene) and lobby.info.id == info.id
        app.pop()
        driver.settle()
        assert app.stack.top is cat


def test_a_click_beside_the_cards_opens_nothing(app: Any, driver: Any) -> None:
    app.stack.push(CatalogueScene(app))
    driver.step()
    cat = app.stack.top
    gap = (cat.cards[0].right + cat.cards[1].left) // 2
    driver.click((gap, cat.cards[0].centery))
    driver.settle()
    assert app.stack.top is cat
