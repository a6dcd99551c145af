"""The lobby's seats by keyboard: the only person's seat cannot be removed by a stray Enter, and
a seat added with "+ Add player" takes the keys' focus (a stranger removed their own seat with
Right x3 and Enter, then added an AI whose row the focus did not follow)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app import catalogue
from game.app.catalogue import Seat
from game.app.input import KEYS1, KEYS2
from game.app.menus.lobby import (
    COL_DEVICE,
    COL_KIND,
    COL_NAME,
    COL_REMOVE,
    COL_SWATCH,
    LAST_HUMAN,
    LobbyScene,
)
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
    x = item(lobby, 0, COL_REMOVE)
    assert not x.enabled and not x.element.is_enabled
    lobby.nav.focus(item(lobby, 0, COL_SWATCH))  # the seat's colour
    for _ in range(3):
        driver.key(pygame.K_RIGHT)
    assert lobby.nav.focused is item(lobby, 0, COL_DEVICE), "the greyed 'x' is passed by"
    driver.key(pygame.K_RIGHT)  # Right from the device passes the greyed "x" by
    assert lobby.nav.focused is not item(lobby, 0, COL_REMOVE)
    assert lobby.setup.seats[0].device == KEYS1
    lobby.nav.focus(item(lobby, 0, COL_REMOVE))
    driver.key(pygame.K_RETURN)
    assert [s.name for s in lobby.setup.seats][0] == "You"
    assert any(not s.is_ai for s in lobby.setup.seats)
    # An AI's seat is still removed by its "x"; a click that reaches the person's says why.
    lobby.nav.focus(item(lobby, 2, COL_REMOVE))
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
    assert item(lobby, 0, COL_REMOVE).enabled and item(lobby, 1, COL_REMOVE).enabled
    lobby.nav.focus(item(lobby, 1, COL_REMOVE))
    driver.key(pygame.K_RETURN)
    assert [s.name for s in lobby.setup.seats] == ["Ben", "Cy", "Di"]
    assert not item(lobby, 0, COL_REMOVE).enabled  # now the only person
    # The focus stays on a seat's row, not on another "x" a second Enter would fire.
    assert lobby.nav.focused.row == 1 and lobby.nav.focused.col == COL_KIND


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


def _at(lobby: LobbyScene) -> tuple[int, int]:
    return lobby.nav.focused.row, lobby.nav.focused.col


def cabo_lobby(app: Any, driver: Any, seats: list[Seat]) -> LobbyScene:
    info = catalogue.get("cabo")
    assert info is not None and info.options
    lobby = LobbyScene(app, info)
    lobby.setup.seats = seats
    app.stack.push(lobby)
    driver.settle(5)
    lobby.nav.visible = True
    return lobby


def test_enter_on_a_name_types_it_and_the_keys_spell_not_move(app: Any, driver: Any) -> None:
    """The name is a stop of the keys: Enter there starts typing, the left keyboard's WASD
    then spell the name instead of moving, and Enter ends the typing."""
    lobby = cabo_lobby(app, driver, [Seat("You", C[0], "human", device=KEYS1),
                                     Seat("Ben", C[1], "ai", "easy")])
    lobby.nav.focus(item(lobby, 1, COL_NAME))
    driver.key(pygame.K_RETURN)
    field = lobby.name_fields[1]
    assert field.is_focused
    driver.key(pygame.K_d)
    assert _at(lobby) == (1, COL_NAME)
    driver.key(pygame.K_RETURN)
    assert not field.is_focused
    driver.key(pygame.K_d)
    assert _at(lobby) == (1, COL_KIND)


def test_right_at_a_names_end_or_up_down_tab_leave_the_field(app: Any, driver: Any) -> None:
    """A player going through the lobby by arrows was stuck in a name field: Right moves the
    caret while there is text after it and at the name's end moves on to the next control, as
    Up, Down and Tab leave it too."""
    lobby = cabo_lobby(app, driver, [Seat("You", C[0], "human", device=KEYS2),
                                     Seat("Ben", C[1], "ai", "easy")])
    field = lobby.name_fields[1]

    def typing() -> None:
        lobby.nav.focus(item(lobby, 1, COL_NAME))
        driver.key(pygame.K_RETURN)
        assert field.is_focused

    typing()
    driver.key(pygame.K_HOME)
    driver.key(pygame.K_RIGHT)  # inside the name: the caret's
    assert field.is_focused and field.edit_position == 1 and _at(lobby) == (1, COL_NAME)
    driver.key(pygame.K_END)
    driver.key(pygame.K_RIGHT)  # at its end: on to the kind beside it
    assert not field.is_focused and _at(lobby) == (1, COL_KIND)
    assert lobby.setup.seats[1].name == "Ben"
    for key, row in ((pygame.K_UP, 0), (pygame.K_DOWN, 2)):
        typing()
        driver.key(key)
        assert not field.is_focused and lobby.nav.focused.row == row, (key, _at(lobby))
    typing()
    driver.key(pygame.K_TAB)
    assert not field.is_focused and lobby._panel_of(lobby.nav.focused) == 1


def test_quick_presses_in_the_lobby_each_move(app: Any, driver: Any) -> None:
    """Presses 0.3 s apart, the lobby just opened by keys, each act ("w d d d moved nothing")."""
    from game.app.menus.title import TitleScene

    app.stack.push(TitleScene(app))
    driver.step()
    lobby = LobbyScene(app, catalogue.get("cabo"))  # type: ignore[arg-type]
    driver.key(pygame.K_RETURN)  # as a catalogue's Enter opens it
    app.push(lobby, 0.25)
    driver.settle(30)
    assert app.stack.top is lobby and lobby.nav.visible
    lobby.nav.focus(item(lobby, 0, COL_SWATCH))
    seen = []
    for k in (pygame.K_d, pygame.K_d, pygame.K_d):
        driver.key(k, frames_held=6)
        seen.append(lobby.nav.focused.col)
        driver.run(12)
    assert seen == [COL_NAME, COL_KIND, COL_DEVICE]


def test_removing_a_seat_keeps_the_others_colour_and_shape(app: Any, driver: Any) -> None:
    """A stranger removed a seat and Ana's triangle became a square: a seat colour has its own
    shape, in the lobby and at the table, whatever place the seat moves to."""
    lobby = open_lobby(app, driver, [Seat("You", C[0], "human", device=KEYS1),
                                     Seat("Ben", C[1], "ai", "easy"),
                                     Seat("Ana", C[2], "ai", "easy")])
    before = {s.name: (s.colour, app.seat_shape(i, s.colour))
              for i, s in enumerate(lobby.setup.seats)}
    lobby._remove(1)
    after = {s.name: (s.colour, app.seat_shape(i, s.colour))
             for i, s in enumerate(lobby.setup.seats)}
    assert after == {k: v for k, v in before.items() if k != "Ben"}
    assert after["Ana"][1] == "triangle"


def test_the_players_heading_says_how_a_seat_becomes_a_person(app: Any, driver: Any) -> None:
    """A stranger found the second person only by clicking "AI: Easy" round to "Human": the
    players' heading says the kind button changes a seat, clear of the heading."""
    from game.app.menus.lobby import KIND_TIP
    from tests.ui.layout import Words, observing

    lobby = open_lobby(app, driver, [Seat("You", C[0], "human", device=KEYS1),
                                     Seat("Ben", C[1], "ai", "easy")])
    with observing(Words()) as seen:
        lobby.draw_still(app.screen)
    assert KIND_TIP in seen.words
    tip = next(r for w, r in seen.boxes if w == KIND_TIP)
    head = next(r for w, r in seen.boxes if w.startswith("PLAYERS"))
    assert tip.left > head.right and lobby._players_rect().contains(tip)


def test_the_embers_keep_off_the_option_help_and_the_notice(app: Any, driver: Any) -> None:
    """A stranger saw the background's drifting dots over the lobby's words: the rects the
    embers keep behind take in the options' help and the notice under the players."""
    from tests.ui.layout import Words, observing

    lobby = open_lobby(app, driver, [Seat("You", C[0], "human", device=KEYS1),
                                     Seat("Ben", C[1], "ai", "easy")])
    quiet = lobby.draw_still(app.screen)
    lobby.notice = ("Several people at this screen: a name", app.time + 5.0)
    with observing(Words()) as seen:
        lobby.draw(app.screen)
    words = [r for w, r in seen.boxes if w.startswith(("AI pace", "How long", "Several"))
             or "minutes" in w]
    assert words
    for r in words:
        assert any(q.contains(r) for q in quiet), r


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("game_id", ["cabo", "blast", "cosmic", "tower"])
def test_every_lobby_keeps_its_kind_hint_in_larger_text(app: Any, driver: Any, game_id: str,
                                                       large: bool) -> None:
    """With larger text the lobby dropped "click a player's kind..." (it did not fit beside
    the heading): a hint that fits is said there at both sizes, in every game's lobby."""
    from tests.app.test_menus import larger_text, push_lobby
    from tests.ui.layout import Words, observing

    with larger_text(app, large):
        lobby = push_lobby(app, driver, game_id, 5)
        with observing(Words()) as seen:
            lobby.draw_still(app.screen)
    tips = [(w, r) for w, r in seen.boxes if w.startswith("click a") and "Human or AI" in w]
    assert len(tips) == 1, seen.words
    head = next(r for w, r in seen.boxes if w.startswith("PLAYERS"))
    tip = tips[0][1]
    assert tip.left > head.right and lobby._players_rect().contains(tip)
