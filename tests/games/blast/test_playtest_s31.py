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


def _endgame_lines(card: str, target: int, you: int | None = None) -> list[str]:
    """The log's lines from an endgame card called by Dev (seat 3) to Ana's next turn."""
    from game.games.blast import data as D
    from game.games.blast import words as W
    from game.games.blast.rules import Endgame, Pass, TakeIt
    from tests.games.blast.helpers import ok
    from tests.games.blast.test_endgame import endgame_table

    m = endgame_table(walls={1: [D.FORCE_FIELD, D.STONE], 2: [D.STEEL]},
                      hands={1: [D.SPY, D.BLAST_SHIELD]})
    n0 = len(m.events)
    ok(m, Endgame(3, card, target))
    while m.current_player() not in (None, 0):
        seat = m.current_player()
        assert seat is not None
        ok(m, TakeIt(seat) if TakeIt(seat) in m.legal_actions(seat) else Pass(seat))
    voice = W.Voice(["Ana", "Ben", "Cleo", "Dev"], you)
    return [line for e in m.events[n0:] if (line := voice.describe(e))]


def test_each_endgame_card_says_what_it_does_to_whom() -> None:
    """'Dev calls Earthquake.' then 'Ben loses their stone wall': a stranger could not tell
    what an endgame card did. Each line now says the card's effect, and who lost what."""
    from game.games.blast import data as D

    quake = _endgame_lines(D.EARTHQUAKE, -1)
    assert quake[0].startswith("Dev calls Earthquake: every player still in loses their "
                               "weakest wall")
    assert "Earthquake destroys Ana's weakest wall, a palisade." in quake
    assert "Earthquake destroys Ben's weakest wall, a stone wall." in quake
    assert "Earthquake destroys Cleo's weakest wall, a steel wall." in quake
    assert "Earthquake destroys your weakest wall, a palisade." in _endgame_lines(
        D.EARTHQUAKE, -1, you=0)
    tech = _endgame_lines(D.ADVANCED_TECH, -1)
    assert tech[0].startswith("Dev calls Advanced Technology: for one round every explosive "
                              "breaks one wall stronger")
    xmas = _endgame_lines(D.CHRISTMAS, -1)
    assert xmas[0] == "Dev calls Christmas: every player still in draws three cards."
    assert [x for x in xmas if x.startswith("Christmas: ")] == [
        f"Christmas: {n} draws three cards." for n in ("Ana", "Ben", "Cleo")]
    assert "Christmas: you draw three cards." in _endgame_lines(D.CHRISTMAS, -1, you=1)
    sab = _endgame_lines(D.SABOTAGE, 1)
    assert sab[0] == "Dev calls Sabotage on Ben: it destroys Ben's strongest wall, even a " \
                     "Force Field."
    assert "Sabotage destroys Ben's strongest wall, a Force Field." in sab
    aliens = _endgame_lines(D.ALIENS, 1)
    assert aliens[0].startswith("Dev calls Alien Invasion on Ben: it discards every Spy")
    sick = _endgame_lines(D.EPIDEMIC, 1, you=1)
    assert sick[0] == "Dev calls Epidemic on you: it costs you a turn."
    for lines in (quake, tech, xmas, sab, aliens, sick):
        assert not any(" their " in x and "loses their weakest" not in x for x in lines), lines


def test_a_two_seat_loss_reads_as_a_loss_in_the_statistics(
        app: Any, driver: HeadlessDriver) -> None:
    """Statistics said "Best score: 2nd place" after a lost duel (2nd of 2 is last): the best
    finish now names the table's size, and last place says it was a loss."""
    import game.games.blast as blast
    from game.app import catalogue
    from game.app.menus.stats import StatsScene
    from game.games.blast import data as D
    from game.games.blast.rules import TakeIt
    from tests.games.blast.helpers import ok, table

    if catalogue.get(blast.INFO.id) is None:
        catalogue.register(blast.INFO)
    m = table(2, hands={0: [D.ARROW]}, walls={1: []})
    ok(m, Play(0, D.ARROW, 1))
    scene = open_table(app, driver, make_setup(["easy", "mouse"], seed=3),
                       {"version": 1, "match": m.to_dict()})
    driver.run_until(lambda: scene.decider() == 1, 600)
    scene.human_act(TakeIt(1))
    driver.run_until(lambda: scene.finished, 600)
    profile = app.settings.profile
    rows = {r[0]: r for r in StatsScene(app).rows(profile)}
    assert rows["Kaboom! Explosive"][4] == "Lost: 2nd of 2"
    assert [blast._place_words(blast.stats_score(p, n)) for p, n in ((1, 3), (2, 4), (4, 4))] \
        == ["1st of 3", "2nd of 4", "Lost: 4th of 4"]
    app.stats.record(profile, "blast", won=True, score=blast.stats_score(1, 5), seconds=60)
    app.stats.record(profile, "blast", won=True, score=blast.stats_score(1, 2), seconds=60)
    rows = {r[0]: r for r in StatsScene(app).rows(profile)}
    assert rows["Kaboom! Explosive"][4] == "1st of 5"  # a win at five beats one at two


def test_a_seats_note_covers_no_name_plate(app: Any, driver: HeadlessDriver) -> None:
    """"Cleo is thinking" lay on the name plate of the seat who pressed: a note now lies on no
    seat's plate, nor on another seat's zone, at every table size and in larger text."""
    from game.games.blast import hud
    from game.games.blast.layout import FELT
    from game.ui import text, theme

    for n in (2, 3, 4, 5):
        scene = open_table(app, driver, make_setup(["mouse", *["easy"] * (n - 1)], seed=2))
        for scale in (1.0, theme.LARGE_TEXT_SCALE):
            text.set_scale(scale)
            try:
                for seat in range(n):
                    scene.layout = scene._layout_for(seat)
                    words = "Cleo is thinking: wait for your turn."
                    scene._note(seat, words)
                    note = scene.note
                    assert note is not None
                    r = hud.note_surface(words, note.width).get_rect(
                        center=(round(note.centre[0]), round(note.centre[1])))
                    lay = scene.layout
                    assert FELT.contains(r)
                    assert r.collidelist([lay.zone(s).plate for s in range(n)]) < 0, (n, seat)
                    assert r.collidelist([lay.zone(s).rect for s in range(n) if s != seat]) \
                        < 0, (n, seat, scale)
            finally:
                text.set_scale(1.0)


def test_the_end_tables_reasons_are_whole_in_larger_text(app: Any, monkeypatch: Any) -> None:
    """With larger text the summary's reasons were cut off ("Out in round 13 (Pipe Bom..."):
    the panel widens on the felt, and a reason still too long wraps under its name."""
    from game.games.blast import hud
    from game.games.blast.layout import FELT
    from game.ui import text, theme

    fates = ("Winner", "Out in round 13 (Pipe Bomb from you)",
             "Out in round 10 (Nuclear Bomb from Bartholomew-Alexander)",
             "Still standing: 12 wall strength")
    rows = tuple(hud.SummaryRow(i + 1, n, theme.SPARK, "circle", f, 9, None, i == 0)
                 for i, (n, f) in enumerate(zip(("Ana", "Ben", "Cleo", "Dev"), fates,
                                                strict=True)))
    drawn: list[str] = []
    real = text.blit

    def seen(surface: Any, words: str, *a: Any, **k: Any) -> Any:
        drawn.append(words)
        return real(surface, words, *a, **k)

    monkeypatch.setattr(text, "blit", seen)
    for scale in (1.0, theme.LARGE_TEXT_SCALE):
        text.set_scale(scale)
        try:
            hud.summary_surface.cache_clear()
            del drawn[:]
            img = hud.summary_surface("You win!", rows, "Ranked last one standing.", scale)
        finally:
            text.set_scale(1.0)
        assert img.get_width() <= FELT.w - 16
        said = " ".join(drawn)
        for fate in fates:
            assert fate in said, (scale, fate, drawn)


def test_the_endgame_pickers_cards_read_at_16_px_and_cover_no_plate(
        app: Any, driver: HeadlessDriver) -> None:
    """The endgame picker's cards were 72x100, their words at 8 px: they are large enough that
    every name and rule line reads at 16 px, on the felt, under no seat's plate, with Pass
    clear of them and of every zone."""
    from game.games.blast import art, demos
    from game.games.blast import data as D
    from game.games.blast.controls import PICK_H, PICK_W, picker_rects
    from game.games.blast.layout import FELT
    from game.games.blast.view import decision_panel

    for c in D.ENDGAME_CARDS:
        lay = art.face_layout(c, PICK_W, PICK_H)
        assert lay.name.size >= 16 and lay.rule is not None and lay.rule.size >= 16, c
    scene = demos.endgame(app, 3)
    app.stack.push(scene)
    app.stack.apply_requests()
    driver.run(40)
    assert scene.decider() is not None
    box = decision_panel(scene)
    assert box is not None and FELT.contains(box)
    rects = picker_rects()
    assert all(box.contains(r) for r in rects)
    lay = scene.layout
    assert box.collidelist([lay.zone(s).plate for s in range(lay.n)]) < 0
    pass_btn = scene.cursor.get("btn:pass")
    assert pass_btn is not None and FELT.contains(pass_btn.rect)
    assert not pass_btn.rect.colliderect(box)
    assert pass_btn.rect.collidelist([lay.zone(s).rect for s in range(lay.n)]) < 0
