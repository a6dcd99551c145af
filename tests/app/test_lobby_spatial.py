"""The lobby's arrows are spatial (each goes to the control that lies that way on screen) and
the keys' focus ring never lands on, or covers, a heading (strangers: Right from a seat row
went nowhere though the options stood beside it; the ring reached "OPTIONS")."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.catalogue import Seat
from game.app.input import KEYS1, KEYS2
from game.app.menus.common import section_title_rect
from game.app.menus.lobby import (
    COL_DEVICE,
    COL_KIND,
    COL_NAME,
    COL_OPTION,
    COL_REMOVE,
    COL_SWATCH,
    LAST_ROW,
    OPTION_ROWS,
)
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


def test_left_and_right_go_along_a_seats_buttons_and_stop_at_its_ends(app: Any,
                                                                       driver: Any) -> None:
    """Strangers reached a seat's Mouse/Keys button by trial and error, and Right from a seat
    went into the options, where Left changed a value instead of coming back: Left and Right
    go along the seat's own buttons in order and stay at the row's ends (Tab changes panel)."""
    lobby = three(app, driver)
    lobby.setup.seats[1] = Seat("Ben", C[1], "human", device=KEYS2)
    lobby.rebuild()
    lobby.nav.focus(item(lobby, 0, COL_SWATCH))
    seen = [_at(lobby)]
    for _ in range(5):
        driver.key(pygame.K_RIGHT)
        seen.append(_at(lobby))
    assert seen == [(0, c) for c in (COL_SWATCH, COL_NAME, COL_KIND, COL_DEVICE, COL_REMOVE,
                                     COL_REMOVE)]
    for _ in range(5):
        driver.key(pygame.K_LEFT)
    assert _at(lobby) == (0, COL_SWATCH)
    lobby.nav.focus(item(lobby, 2, COL_KIND))  # Ana's row has no device: her "x" then
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    assert _at(lobby) == (2, COL_REMOVE)


def test_up_and_down_go_to_what_lies_above_and_below(app: Any, driver: Any) -> None:
    lobby = three(app, driver)
    lobby.nav.focus(item(lobby, 0, COL_NAME))
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    assert _at(lobby) == (2, COL_NAME)
    driver.key(pygame.K_DOWN)
    assert text_of(lobby.nav.focused) == "+ Add player"  # under the names, not an option
    driver.key(pygame.K_UP)
    driver.key(pygame.K_UP)
    driver.key(pygame.K_UP)
    driver.key(pygame.K_UP)  # over the first seat: round to Start
    assert text_of(lobby.nav.focused) == "Start game"
    driver.key(pygame.K_LEFT)
    assert text_of(lobby.nav.focused) == "Back"
    driver.key(pygame.K_RIGHT)
    assert text_of(lobby.nav.focused) == "Start game"
    driver.key(pygame.K_UP)
    n = len(lobby.info.options)
    assert _at(lobby) == (OPTION_ROWS + n - 1, 5)  # the option over Start
    for _ in range(n - 1):
        driver.key(pygame.K_UP)
    assert _at(lobby) == (OPTION_ROWS, 5)
    driver.key(pygame.K_UP)  # the top of the options: the players' row level with it
    assert _at(lobby) == (0, COL_DEVICE)


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
            assert dy or to.row == it.row, (text_of(it), key)  # Left/Right keep to the row
            if dy < 0 and it.on_left and moved[1] >= 0:  # the top option: the seat level
                assert moved[0] < 0 and to.row == 0
                continue
            if dy > 0 and moved[1] <= 0:  # Down from Back or Start: round to the first seat
                assert it.row == LAST_ROW and (to.row, to.col) == (0, COL_KIND)
                continue
            if dy < 0 and moved[1] >= 0:  # Up from the first seat: round to Start
                assert it.row == 0 and text_of(to) == "Start game"
                continue
            assert moved[0] * dx > 0 if dx else moved[1] * dy > 0, (text_of(it), key)


def test_the_device_button_goes_forward_by_click_and_left_right_move_along_the_row(
        app: Any, driver: Any) -> None:
    """A click (or Enter) goes forward through Mouse, Keys (left), Keys (right); Left and
    Right at a seat row move between the row's controls, they do not change the device."""
    from game.app.input import KEYS2, MOUSE

    lobby = three(app, driver)
    order = app.input.devices()
    assert order[:3] == [MOUSE, KEYS1, KEYS2]
    lobby.setup.seats[1] = Seat("Ben", C[1], "human", device=KEYS2)
    lobby.rebuild()
    lobby.nav.focus(item(lobby, 0, COL_DEVICE))
    driver.key(pygame.K_RIGHT)
    assert lobby.setup.seats[0].device == KEYS1
    assert _at(lobby) == (0, COL_REMOVE)  # the row's next control, its "x"
    driver.key(pygame.K_LEFT)
    assert _at(lobby) == (0, COL_DEVICE)
    driver.key(pygame.K_LEFT)
    assert _at(lobby) == (0, COL_KIND) and lobby.setup.seats[0].device == KEYS1
    lobby.setup.seats[1] = Seat("Ben", C[1], "ai", "easy")
    lobby.rebuild()
    lobby.nav.focus(item(lobby, 0, COL_DEVICE))
    driver.key(pygame.K_RETURN)
    assert lobby.setup.seats[0].device == KEYS2
    button = item(lobby, 0, COL_DEVICE).element
    driver.click(button.rect.center)
    assert lobby.setup.seats[0].device != KEYS2


def test_up_and_down_go_round_the_panels(app: Any, driver: Any) -> None:
    """Up and Down leave a panel only past its ends, for what lies next that way: Up from
    "Rounds" (the first option) is the seat row level with it, not the last seat's AI button;
    Down from "+ Add player" is Back under it, not the top of the options; Down from the last
    option is Start; Down past Start comes round to the first seat row."""
    lobby = three(app, driver)
    lobby.nav.focus(item(lobby, OPTION_ROWS, COL_OPTION))
    assert lobby.info.options[0].label == "Rounds"
    driver.key(pygame.K_UP)
    assert _at(lobby) == (0, COL_DEVICE)
    driver.key(pygame.K_DOWN)
    assert _at(lobby) == (1, COL_KIND)  # the next seat, the button under (Ben has no device)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    assert text_of(lobby.nav.focused) == "+ Add player"
    driver.key(pygame.K_DOWN)
    assert text_of(lobby.nav.focused) == "Back"
    lobby.nav.focus(item(lobby, OPTION_ROWS, COL_OPTION))
    for j in range(1, len(lobby.info.options)):
        driver.key(pygame.K_DOWN)
        assert _at(lobby) == (OPTION_ROWS + j, COL_OPTION)  # the options in order
    driver.key(pygame.K_DOWN)
    assert text_of(lobby.nav.focused) == "Start game"
    driver.key(pygame.K_DOWN)
    assert _at(lobby) == (0, COL_KIND)
    driver.key(pygame.K_UP)
    assert text_of(lobby.nav.focused) == "Start game"


def test_down_from_a_full_tables_last_seat_is_back(app: Any, driver: Any) -> None:
    people = [Seat("You", C[0], "human", device=KEYS1)] + [
        Seat(n, C[i + 1], "ai", "easy") for i, n in enumerate(["Ben", "Ana", "Cy", "Di", "Ed"])]
    lobby = cabo_lobby(app, driver, people[:lobby_max(app)])
    last = len(lobby.setup.seats) - 1
    for col in (COL_SWATCH, COL_NAME, COL_KIND):
        lobby.nav.focus(item(lobby, last, col))
        driver.key(pygame.K_DOWN)
        assert text_of(lobby.nav.focused) == "Back", col


def lobby_max(app: Any) -> int:
    from game.app import catalogue

    info = catalogue.get("cabo")
    assert info is not None
    return info.max_players


def test_tab_cycles_the_panels_and_shift_tab_goes_back(app: Any, driver: Any) -> None:
    lobby = three(app, driver)
    lobby.nav.focus(item(lobby, 1, COL_NAME))
    seen = []
    for _ in range(3):
        driver.key(pygame.K_TAB)
        seen.append(_at(lobby) if lobby.nav.focused.row != LAST_ROW else "start")
    assert seen == [(OPTION_ROWS, COL_OPTION), "start", (0, COL_KIND)]
    assert lobby.app.stack.top is lobby  # Tab is the left keys' Back elsewhere: not here
    driver.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT,
                                    unicode="", scancode=0)])
    driver.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0, unicode="",
                                    scancode=0)])
    assert text_of(lobby.nav.focused) == "Start game"


def test_the_option_the_keys_are_on_shows_left_right_change_it(app: Any, driver: Any) -> None:
    """Left and Right change an option's value but move along a seat's row: the focused option
    shows small triangles beside its value (only it, and only while the ring shows)."""
    from game.app.menus.common import GAP
    from game.ui import theme

    lobby = three(app, driver)

    def marks() -> int:
        driver.step(draw=True)
        r = lobby.steppers[1].value_rect
        n = 0
        for gap in (pygame.Rect(r.left - GAP, r.top, GAP, r.h), pygame.Rect(r.right, r.top,
                                                                          GAP, r.h)):
            n += sum(tuple(app.screen.get_at((x, y)))[:3] == theme.SPARK
                     for x in range(gap.left, gap.right) for y in range(gap.top, gap.bottom))
        return n

    lobby.nav.focus(item(lobby, OPTION_ROWS + 1, COL_OPTION))
    assert lobby.focused_stepper() is lobby.steppers[1]
    assert marks() >= 10
    lobby.nav.focus(item(lobby, 0, COL_KIND))
    assert lobby.focused_stepper() is None and marks() == 0
    lobby.nav.focus(item(lobby, OPTION_ROWS + 1, COL_OPTION))
    lobby.nav.visible = False  # the mouse took over
    assert marks() == 0
