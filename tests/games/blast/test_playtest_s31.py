"""Session 31: what strangers found in Kaboom! Explosive, each pinned so it stays fixed."""

from __future__ import annotations

from typing import Any

from game.app.headless import HeadlessDriver
from game.games.blast.rules import MatchState, Options, Play
from tests.games.blast.scene_helpers import key_event, make_setup, open_table


def _keys_duel(app: Any, driver: HeadlessDriver, first: int = 1) -> tuple[Any, list[str]]:
    """A keyboard player (seat 0) against Easy Ben, at the table's real pace; notes recorded."""
    m = MatchState(Options(2, first=first), 1)
    scene = open_table(app, driver, make_setup(["keys1", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    notes: list[str] = []
    real = scene.feedback.note

    def note(seat: int, words: str) -> None:
        notes.append(words)
        real(seat, words)

    scene.feedback.note = note
    driver.run(5)
    return scene, notes


def _tap(app: Any, driver: HeadlessDriver, a: str) -> None:
    driver.step([key_event(app, "keys1", a, True)])
    driver.step([key_event(app, "keys1", a, False)])


def test_space_pressed_while_the_last_move_lands_plays_when_the_turn_shows(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's Space while Ben's card still flew was swallowed ("One moment"): it is kept
    and acts on the turn's first card once the move lands."""
    scene, notes = _keys_duel(app, driver)
    driver.run_until(lambda: scene.state.current_player() == 0, 2000)
    assert scene.presenter.busy and scene.decider() is None
    _tap(app, driver, "right")
    _tap(app, driver, "confirm")
    assert [k[1] for k in scene.keys_kept] == ["right", "confirm"]
    assert notes and "Kept" in notes[-1]
    driver.run_until(lambda: scene.decider() == 0, 2000)
    driver.step()
    played = [a for a in scene.actions if isinstance(a, Play) and a.player == 0]
    assert scene.table_controls.pick.card or played or scene.table_controls.refusal, \
        "the kept Space did nothing"


def test_arrows_while_another_seat_answers_say_why_they_wait(
        app: Any, driver: HeadlessDriver) -> None:
    """Arrows pressed while another seat's move showed went nowhere, unsaid."""
    scene, notes = _keys_duel(app, driver, first=0)
    driver.run_until(lambda: scene.decider() == 0, 2000)
    attack = next(a for a in scene.state.legal_actions(0)
                  if isinstance(a, Play) and a.target == 1)
    scene.human_act(attack)
    driver.step()
    assert scene.state.current_player() == 1 and scene.presenter.busy
    del notes[:]
    scene._wait_note_at = -99.0
    _tap(app, driver, "left")
    assert notes and "Ben" in notes[-1], notes


def test_turning_a_replay_to_a_seat_mid_draw_shows_each_card_once(app: Any) -> None:
    """Watch again showed two Underminers in one hand (the deck has one): the view turned to a
    seat while its draw was still being shown took the drawn card from the state and the draw
    dealt it again."""
    from game.games.blast.rules.events import Drew
    from game.games.blast.watch import BlastWatchScene
    from tests.games.blast.test_watch import _simulated

    scene = BlastWatchScene(app, _simulated())
    pr = scene.presenter
    for _ in range(20000):
        pending = [e for e in scene.state.events[pr.next_event:]
                   if isinstance(e, Drew) and e.count]
        if pending:
            break
        scene.update(1.0 / 30.0)
    assert pending, "no draw was ever still to be shown"
    seat = pending[0].seat
    scene._set_view(seat)
    for _ in range(600):  # the presenter alone: the match waits where it stands
        pr.update(1.0 / 30.0)
        if not pr.busy:
            break
    assert sorted(s.code for s in pr.fan) == sorted(scene.state.players[seat].hand)


def test_a_firestorms_arrows_end_at_each_palisade_it_burns(
        app: Any, driver: HeadlessDriver, monkeypatch: Any) -> None:
    """The Firestorm's arrow ended in the middle of Ben's zone, not at the walls it burns: an
    arrow now ends at each palisade."""
    import pygame

    from game.games.blast import view as V
    from game.games.blast.data import FIRESTORM, IRON, PALISADE
    from game.games.blast.presenter import Link

    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=5))
    pr = scene.presenter
    pr.seats[1].walls = [PALISADE, IRON, PALISADE]
    pr.chain = [Link(FIRESTORM, 0, 1, t=9.0)]
    ends: list[tuple[float, float]] = []
    monkeypatch.setattr(V, "draw_arrow", lambda _s, _a, end, *_x, **_k: ends.append(end))
    scene.view._arrows(pygame.Surface((1280, 720)), True)
    rects = scene.wall_rects(1)
    assert len(ends) == 2, ends
    for end, r in zip(ends, (rects[0], rects[2]), strict=True):
        assert r.inflate(2, 14).collidepoint(end), (end, r)
