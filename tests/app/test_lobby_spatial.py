"""The lobby's arrows are spatial (each goes to the control that lies that way on screen) and
the keys' focus ring never lands on, or covers, a heading (strangers: Right from a seat row
went nowhere though the options stood beside it; the ring reached "OPTIONS")."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.catalogue import Seat
from game.app.input import KEYS1
from game.app.menus.common import section_title_rect
from game.app.menus.lobby import COL_DEVICE, COL_KIND, COL_NAME, COL_SWATCH, OPTION_ROWS
from game.ui.theme import SEAT_COLOURS as C
from tests.app.test_lobby_seats import _at, cabo_lobby, item

ARROWS = {pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0),
          pygame.K_RIGHT: (1, 0)}


def three(app: Any, driver: Any) -> Any:
    return cabo_lobby(app, driver, [Seat("You", C[0], "human", device=KEYS1),
                                    Seat("Ben", C[1], "ai", "easy"),
                                    Seat("Ana", C[2], "ai", "easy")])


def text_of(it: Any) -> str:
    return str(getattr(it.element, "text", ""))


def test_right_from_a_seat_row_reaches_the_options_beside_it(app: Any, driver: Any) -> None:
    lobby = three(app, driver)
    lobby.nav.focus(item(lobby, 1, COL_KIND))  # Ben's row has no device: his "x" then
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert _at(lobby) == (OPTION_ROWS + 1, 5)  # the option level with Ben's row
    lobby.nav.focus(item(lobby, 0, COL_SWATCH))
    driver.key(pygame.K_RIGHT)
    assert _at(lobby) == (0, COL_NAME)


def test_up_and_down_go_to_what_lies_above_and_below(app: Any, driver: Any) -> None:
    lobby = three(app, driver)
    lobby.nav.focus(item(lobby, 0, COL_NAME))
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    assert _at(lobby) == (2, COL_NAME)
    driver.key(pygame.K_DOWN)
    assert text_of(lobby.nav.focused) == "+ Add player"  # under the names, not an option
    driver.key(pygame.K_DOWN)
    assert text_of(lobby.nav.focused) == "Back"
    driver.key(pygame.K_RIGHT)
    assert text_of(lobby.nav.focused) == "Start game"
    driver.key(pygame.K_UP)
    n = len(lobby.info.options)
    assert _at(lobby) == (OPTION_ROWS + n - 1, 5)  # the option over Start
    for _ in range(n - 1):
        driver.key(pygame.K_UP)
    assert _at(lobby) == (OPTION_ROWS, 5)
    driver.key(pygame.K_UP)  # the top of the options' column: a first Up stays, it does not
    assert _at(lobby) == (OPTION_ROWS, 5)  # overshoot sideways (a stranger lost it there)
    driver.key(pygame.K_UP)  # a second: over to the players level with it
    assert _at(lobby)[0] == 0 and _at(lobby)[1] < 5


def test_down_from_the_last_players_buttons_is_add_player(app: Any, driver: Any) -> None:
    """A stranger's Down from the last player's "AI: Easy" went past "+ Add player": from any
    of the last row's buttons Down is "+ Add player", the next thing down the players."""
    lobby = three(app, driver)
    for col in (COL_NAME, COL_KIND):
        lobby.nav.focus(item(lobby, 2, col))
        driver.key(pygame.K_DOWN)
        assert text_of(lobby.nav.focused) == "+ Add player", col


@pytest.mark.parametrize("seats", [2, 6])
def test_the_arrows_reach_every_control_from_every_control(app: Any, driver: Any,
                                                           seats: int) -> None:
    """Up and down stop at a column's end, and Left/Right change an option's value: the keys
    still get from anywhere to anywhere (options to seats by Start, Back, Add player)."""
    people = [Seat("You", C[0], "human", device=KEYS1)] + [
        Seat(n, C[i + 1], "ai", "easy") for i, n in enumerate(["Ben", "Ana", "Cy", "Di", "Ed"])]
    lobby = cabo_lobby(app, driver, people[:seats])
    items = [it for it in lobby.nav.items if it.enabled]
    moves: dict[int, set[int]] = {}
    for it in items:
        moves[id(it)] = set()
        for key, (dx, _dy) in ARROWS.items():
            if dx and (it.on_left or it.on_right):
                continue  # a stepper's value
            lobby.nav.focus(it)
            driver.key(key)
            moves[id(it)].add(id(lobby.nav.focused))
    for start in items:
        seen, todo = {id(start)}, [id(start)]
        while todo:
            for nxt in moves.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        assert seen >= {id(it) for it in items}, text_of(start)


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_every_arrow_from_every_control_moves_that_way_and_never_onto_a_heading(
        app: Any, driver: Any, seats: int) -> None:
    people = [Seat("You", C[0], "human", device=KEYS1)] + [
        Seat(n, C[i + 1], "ai", "easy") for i, n in enumerate(["Ben", "Ana", "Cy", "Di", "Ed"])]
    lobby = cabo_lobby(app, driver, people[:seats])
    headings = [section_title_rect(lobby._players_rect(), "Players"),
                section_title_rect(pygame.Rect(780, 168, 436, 100), "Options")]
    items = [it for it in lobby.nav.items if it.enabled]
    for it in items:
        assert it.on_confirm or it.on_left or it.on_right  # something to do: no label
        ring = it.rect.inflate(2 * 9 + 4, 2 * 9 + 4)  # the ring at its widest pulse
        assert ring.collidelist(headings) < 0, (text_of(it), it.rect)
    for it in items:
        for key, (dx, dy) in ARROWS.items():
            if dx and (it.on_left or it.on_right):
                continue  # a stepper's value
            lobby.nav.focus(it)
            driver.key(key)
            to = lobby.nav.focused
            if to is it:
                continue
            assert to.enabled and to in items
            moved = (to.rect.centerx - it.rect.centerx, to.rect.centery - it.rect.centery)
            if dy < 0 and it.on_left and moved[1] >= 0:  # the top option: over to the players
                assert moved[0] < 0 and to.rect.top <= it.rect.bottom
                continue
            assert moved[0] * dx > 0 if dx else moved[1] * dy > 0, (text_of(it), key)


def test_the_device_button_goes_forward_by_click_and_right_back_by_left(
        app: Any, driver: Any) -> None:
    """A stranger found the device button going the wrong way: a click (or Enter) and Right go
    forward through Mouse, Keyboard (left), Keyboard (right), Left goes back."""
    from game.app.input import KEYS2, MOUSE

    lobby = three(app, driver)
    order = app.input.devices()
    assert order[:3] == [MOUSE, KEYS1, KEYS2]
    lobby.nav.focus(item(lobby, 0, COL_DEVICE))
    driver.key(pygame.K_RIGHT)
    assert lobby.setup.seats[0].device == KEYS2
    assert _at(lobby) == (0, COL_DEVICE)  # the focus stays on the button it changes
    driver.key(pygame.K_LEFT)
    assert lobby.setup.seats[0].device == KEYS1
    driver.key(pygame.K_LEFT)
    assert lobby.setup.seats[0].device == MOUSE
    driver.key(pygame.K_RETURN)
    assert lobby.setup.seats[0].device == KEYS1
    button = item(lobby, 0, COL_DEVICE).element
    driver.click(button.rect.center)
    assert lobby.setup.seats[0].device == KEYS2
