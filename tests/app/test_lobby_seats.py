"""The lobby's seats by keyboard: the only person's seat cannot be removed by a stray Enter, and
a seat added with "+ Add player" takes the keys' focus (a stranger removed their own seat with
Right x3 and Enter, then added an AI whose row the focus did not follow)."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import catalogue
from game.app.catalogue import Seat
from game.app.input import KEYS1, KEYS2
from game.app.menus.lobby import LAST_HUMAN, LobbyScene
from game.ui.theme import SEAT_COLOURS as C


def open_lobby(app: Any, driver: Any, seats: list[Seat]) -> LobbyScene:
    info = catalogue.get("blast")
    assert info is not None
    lobby = LobbyScene(app, info)
    lobby.setup.seats = seats
    app.stack.push(lobby)
    driver.settle(5)
    lobby.nav.visible = True
    return lobby


def item(lobby: LobbyScene, row: int, col: int) -> Any:
    return next(it for it in lobby.nav.items if it.row == row and it.col == col)


def test_right_and_enter_cannot_remove_the_only_person(app: Any, driver: Any) -> None:
    lobby = open_lobby(app, driver, [Seat("You", C[0], "human", device=KEYS1),
                                     Seat("Ben", C[1], "ai", "easy"),
                                     Seat("Ana", C[2], "ai", "easy")])
    x = item(lobby, 0, 3)
    assert not x.enabled and not x.element.is_enabled
    lobby.nav.focus(item(lobby, 0, 0))  # the seat's colour
    for _ in range(3):
        driver.key(pygame.K_RIGHT)
    assert lobby.nav.focused.row != 0 or lobby.nav.focused.col != 3
    driver.key(pygame.K_RETURN)
    assert [s.name for s in lobby.setup.seats][0] == "You"
    assert any(not s.is_ai for s in lobby.setup.seats)
    # An AI's seat is still removed by its "x"; a click that reaches the person's says why.
    lobby.nav.focus(item(lobby, 2, 3))
    driver.key(pygame.K_RETURN)
    assert [s.name for s in lobby.setup.seats] == ["You", "Ben"]
    lobby.setup.seats.append(Seat("Ana", C[2], "ai", "easy"))
    lobby.rebuild()
    lobby._remove(0)
    assert lobby.error == LAST_HUMAN and len(lobby.setup.seats) == 3


def test_two_people_can_each_remove_the_other(app: Any, driver: Any) -> None:
    lobby = open_lobby(app, driver, [Seat("Ben", C[0], "human", device=KEYS1),
                                     Seat("Ana", C[1], "human", device=KEYS2),
                                     Seat("Cy", C[2], "ai", "easy"),
                                     Seat("Di", C[3], "ai", "easy")])
    assert item(lobby, 0, 3).enabled and item(lobby, 1, 3).enabled
    lobby.nav.focus(item(lobby, 1, 3))
    driver.key(pygame.K_RETURN)
    assert [s.name for s in lobby.setup.seats] == ["Ben", "Cy", "Di"]
    assert not item(lobby, 0, 3).enabled  # now the only person
    # The focus stays on a seat's row, not on another "x" a second Enter would fire.
    assert lobby.nav.focused.row == 1 and lobby.nav.focused.col == 1


def test_the_focus_follows_a_new_seat(app: Any, driver: Any) -> None:
    lobby = open_lobby(app, driver, [Seat("You", C[0], "human", device=KEYS1),
                                     Seat("Ben", C[1], "ai", "easy")])
    add = next(it for it in lobby.nav.items if getattr(it.element, "text", "") == "+ Add player")
    lobby.nav.focus(add)
    driver.key(pygame.K_RETURN)
    assert len(lobby.setup.seats) == 3
    focused = lobby.nav.focused
    assert focused.row == 2 and focused.element.text.startswith("AI:")
    driver.key(pygame.K_RETURN)  # Enter now changes the new seat's kind
    assert lobby.setup.seats[2].difficulty != "easy" or not lobby.setup.seats[2].is_ai


def _walk(lobby: LobbyScene, driver: Any, key: int, steps: int) -> list[Any]:
    seen = [lobby.nav.focused]
    for _ in range(steps):
        driver.key(key)
        seen.append(lobby.nav.focused)
    return seen


def test_keys_reach_every_control_in_reading_order(app: Any, driver: Any) -> None:
    """A stranger's Up from "Rounds" went to "+ Add player" and on to the colours only, and Right
    from a seat row jumped to the options past the AI rows: an AI's level was out of reach."""
    info = catalogue.get("cabo")
    assert info is not None
    lobby = LobbyScene(app, info)
    lobby.setup.seats = [Seat("You", C[0], "human", device=KEYS1), Seat("Ben", C[1], "ai", "easy"),
                         Seat("Ana", C[2], "ai", "easy")]
    app.stack.push(lobby)
    driver.settle(5)
    lobby.nav.visible = True
    lines: dict[int, list[Any]] = {}
    for it in lobby.nav.items:
        if it.enabled:
            lines.setdefault(it.row, []).append(it)
    order = [it for r in sorted(lines) for it in sorted(lines[r], key=lambda it: it.col)]
    assert [it.row for it in order] == sorted(it.row for it in order)
    # Right from the first colour visits every control in turn (a stepper's value aside).
    lobby.nav.focus(order[0])
    right = [order[0]]
    for _ in range(len(order) - 3):  # to the last option
        cur = lobby.nav.focused
        if cur.on_right:  # an option: Right changes its value, Down goes on
            driver.key(pygame.K_DOWN)
        else:
            driver.key(pygame.K_RIGHT)
        right.append(lobby.nav.focused)
    assert right == order[:-2]
    driver.key(pygame.K_DOWN)  # Start, beside the options; Back on its left
    assert lobby.nav.focused is order[-1]
    driver.key(pygame.K_LEFT)
    assert lobby.nav.focused is order[-2]
    # Up from the last line passes every line once, keeping to the column: the AI's level.
    lobby.nav.focus(item(lobby, 2, 1))
    ups = _walk(lobby, driver, pygame.K_UP, 2)
    assert [(it.row, it.col) for it in ups] == [(2, 1), (1, 1), (0, 1)]
    assert ups[1].element.text == "AI: Easy"
    # From Start, Up passes every line once: the options, "+ Add player", each seat row.
    lobby.nav.focus(item(lobby, 20, 1))
    ups = _walk(lobby, driver, pygame.K_UP, len(lines) - 1)
    assert [it.row for it in ups] == sorted(lines, reverse=True)
    # Down keeps to the column: the players' down to Back, the options' down to Start.
    downs = _walk(lobby, driver, pygame.K_DOWN, 4)
    assert [it.row for it in downs] == [0, 1, 2, 3, 20] and downs[-1].col == 0
    lobby.nav.focus(item(lobby, 10, 5))
    downs = _walk(lobby, driver, pygame.K_DOWN, 5)
    assert [it.row for it in downs] == [10, 11, 12, 13, 14, 20] and downs[-1].col == 1
