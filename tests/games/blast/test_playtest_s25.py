"""What the fifth playtest (a stranger, 7/10) found, each fixed: a Mad Chemist that landed over
the walls, a nine-card duel hand that clipped its titles, clicks dropped while the table moved
and a couch bar that told everyone what a hand held (`test_playtest_s24` keeps that one)."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast import data as D
from game.games.blast.demos import _give
from game.games.blast.rules import MatchState, Options, Play
from tests.games.blast.scene_helpers import make_setup, open_table


def test_a_played_character_lands_on_its_own_place_not_over_the_walls(
        app: Any, driver: HeadlessDriver) -> None:
    m = MatchState(Options(4, first=0), 7)
    _give(m, 0, [D.CHEMIST])
    scene = open_table(app, driver, make_setup(["mouse", "easy", "easy", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    driver.run(30)
    scene.human_act(Play(0, D.CHEMIST))
    last = None
    for _ in range(120):
        driver.step()
        flying = [s for s in scene.presenter.flying if s.code == D.CHEMIST]
        if flying:
            last = flying[0].rect()
        elif last is not None:
            break
    assert last is not None
    driver.run_until(lambda: D.CHEMIST in scene.presenter.seats[0].characters, 60)
    tokens = scene.token_rects(0)
    assert D.CHEMIST in scene.presenter.seats[0].characters
    near = abs(last.centerx - tokens[-1].centerx) + abs(last.centery - tokens[-1].centery)
    assert near <= 8, (last, tokens)  # its last frame in flight: on its token's place
    assert not any(last.colliderect(w) for w in scene.wall_rects(0)), last


def _duel_hand(app: Any, driver: HeadlessDriver, size: int) -> Any:
    m = MatchState(Options(2, first=0), 7)
    hand = m.players[0].hand
    while len(hand) < size:
        hand.append(m.supply.pop())
    m.supply.extend(hand[size:])
    del hand[size:]
    assert m.conserved()
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()})
    driver.run(20)
    return scene


def test_a_long_duel_hand_takes_smaller_cards_so_no_title_is_hidden(
        app: Any, driver: HeadlessDriver) -> None:
    """A nine-card duel hand of large cards hid 18 px of each card ("Flaming Arro"): the hand
    takes the next smaller card size whenever its cards would hide more than a sliver."""
    from game.games.blast.layout import DUEL_HAND_W, HAND_OVERLAP

    for size in (7, 9, 11):
        scene = _duel_hand(app, driver, size)
        lay = scene.layout
        slots = scene.table_controls.fan_slots()
        assert len(slots) == size and all(s.w == lay.hand_w for s in scene.presenter.fan)
        steps = [b.x - a.x for a, b in zip(slots, slots[1:], strict=False)]
        if size == 7:
            assert lay.hand_w == DUEL_HAND_W  # a short hand keeps the large cards
        elif size == 9:
            assert lay.hand_w < DUEL_HAND_W and min(steps) >= lay.hand_w - HAND_OVERLAP
        else:
            assert (lay.hand_w, lay.hand_h) == lay.hand_sizes[-1]
        app.stack.pop()


def test_the_results_box_sits_in_the_middle_of_the_felt(app: Any) -> None:
    """The summary was drawn high and left of the table it dims: now halfway down the felt,
    centred on the screen as the end-of-match bar under it is."""
    from game.games.blast.demos import over
    from game.games.blast.layout import FELT, SCREEN
    from game.games.blast.view import summary, summary_rect

    scene = over(app, 3)
    at = summary_rect(summary(scene).get_size())
    assert FELT.contains(at)
    assert abs(at.centerx - SCREEN[0] // 2) <= 8 and abs(at.centery - FELT.centery) <= 1


def _ai_first_duel(app: Any, driver: HeadlessDriver) -> tuple[Any, list[tuple[int, str]]]:
    """Two seats, the Easy AI (seat 1) first, the table at its real pace; the notes by seats
    recorded."""
    m = MatchState(Options(2, first=1), 1)  # Ben trades first: no defence window
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    notes: list[tuple[int, str]] = []
    scene.feedback.note = lambda seat, words: notes.append((seat, words))
    driver.run(5)
    return scene, notes


def _press(driver: HeadlessDriver, pos: tuple[int, int]) -> None:
    import pygame

    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def test_a_click_while_another_seat_decides_says_why_it_waits(
        app: Any, driver: HeadlessDriver) -> None:
    scene, notes = _ai_first_duel(app, driver)
    assert scene.state.current_player() == 1 and scene.decider() is None
    slot = scene.table_controls.slots[0]
    _press(driver, (int(slot.x), int(slot.y)))
    assert notes and notes[-1][0] == 0 and "Ben" in notes[-1][1], notes
    assert "wait" in notes[-1][1] or "moment" in notes[-1][1]
    assert scene.queued is None  # not the seat's decision next: nothing kept


def test_a_hand_card_pressed_while_the_last_move_lands_is_picked_when_it_has(
        app: Any, driver: HeadlessDriver) -> None:
    scene, notes = _ai_first_duel(app, driver)
    driver.run_until(lambda: scene.state.current_player() == 0, 2000)
    assert scene.presenter.busy and scene.decider() is None  # Ben's move still shows
    slots = scene.table_controls.slots
    i = len(slots) // 2
    card = scene.presenter.hand[i]
    _press(driver, (int(slots[i].x), int(slots[i].y)))
    assert scene.queued is not None and scene.queued[1] == card
    assert notes and "lands" in notes[-1][1]
    driver.run_until(lambda: scene.decider() == 0, 2000)
    driver.step()
    played = [a for a in scene.actions if isinstance(a, Play) and a.player == 0]
    # as the press would have done: picked up (to aim), or played at once (a wall)
    assert scene.table_controls.pick.card == card or [a.card for a in played] == [card]


def test_a_note_by_the_left_seat_stays_whole_on_the_felt(app: Any,
                                                         driver: HeadlessDriver) -> None:
    """'en decides how to answer the C4: one moment' ran off the screen's left edge."""
    from game.games.blast import hud
    from game.games.blast.layout import FELT

    scene, _notes = _ai_first_duel(app, driver)
    words = "Ben decides how to answer the C4: one moment."
    type(scene)._note(scene, 0, words)
    note = scene.note
    assert note is not None and note.words == words
    half = hud.note_surface(words, note.width).get_width() / 2
    assert FELT.x <= note.centre[0] - half and note.centre[0] + half <= FELT.right
    assert note.alive(scene.clock + 2.5)  # a sentence stays long enough to read


def test_a_key_on_the_focused_hand_card_while_the_last_move_lands_is_kept_too(
        app: Any, driver: HeadlessDriver) -> None:
    """A keyboard player's Space on their focused card while the last move still showed got only
    "One moment..." and was lost; it is kept like a click on the card."""
    scene, notes = _ai_first_duel(app, driver)
    driver.run_until(lambda: scene.state.current_player() == 0, 2000)
    assert scene.presenter.busy and scene.decider() is None
    scene.cursor.focus_key = "hand:1"
    card = scene.presenter.hand[1]
    assert scene._press_waits(0, None)
    assert scene.queued is not None and scene.queued[1] == card
    assert notes and "lands" in notes[-1][1]
