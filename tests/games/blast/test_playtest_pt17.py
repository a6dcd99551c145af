"""Playtest 17's fixes for Kaboom! Explosive: the log keeps what just happened in sight (a
character's arrival in two lines, back to the newest at every turn, hand-over and the match's
end)."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.headless import HeadlessDriver
from game.games.blast import words as W
from game.games.blast.layout import LOG_RECT
from game.games.blast.rules import MatchState, Options
from game.games.blast.rules.actions import Pass
from game.games.blast.rules.events import Over, Turn
from game.games.blast.words import Voice
from game.tabletop.movelog import marker_indent
from game.ui import text
from tests.games.blast.scene_helpers import make_setup, open_table


def test_a_character_comes_in_with_a_two_line_log_entry() -> None:
    """Ben's Mad Chemist and Underminer came in with about eight lines each: the player saw
    only "Your turn". The arrival is one or two lines; the card reader keeps the full text."""
    pygame.font.init()
    for you in (0, 1):
        voice = Voice(["Ana", "Ben", "Cleo"], you=you)
        for card in ("mad_chemist", "underminer"):
            line = voice.arrival(1, card)
            assert "brings in" in line or "bring in" in line
            rows = text.wrap(line, 14, LOG_RECT.w - 24 - marker_indent(14))
            assert len(rows) <= 2, rows


def _scrolled(app: Any, driver: HeadlessDriver, kinds: list[str]) -> Any:
    m = MatchState(Options(2, first=0), 5)
    scene = open_table(app, driver, make_setup(kinds, seed=5),
                       {"version": 1, "match": m.to_dict()}, speed=30.0)
    pr = scene.presenter
    driver.run_until(lambda: scene.decider() == 0 and not pr.busy, 3000)
    for i in range(8):
        pr.log.add(f"An older move {i}.")
    pr.log.scroll(5)
    assert pr.log.back == 5
    return scene


def test_the_next_turn_brings_a_scrolled_back_log_to_the_newest(
        app: Any, driver: HeadlessDriver) -> None:
    """Once scrolled back ('MOVES: EARLIER') the log stayed there and hid the opponent's
    moves: the next turn shows the newest again."""
    scene = _scrolled(app, driver, ["mouse", "easy"])
    pr = scene.presenter
    scene.human_act(Pass(0))
    assert driver.run_until(lambda: any(isinstance(e, Turn) and e.seat == 1
                                        for e in scene.state.events), 600)
    driver.run_until(lambda: pr.log.lines[-1].text.startswith(scene.names[1]), 600)
    assert pr.log.back == 0


def test_a_hand_over_brings_a_scrolled_back_log_to_the_newest(
        app: Any, driver: HeadlessDriver) -> None:
    """The next couch player met the log scrolled back by the last, shrunk to one cut-off
    line: the hand-over shows the newest moves."""
    scene = _scrolled(app, driver, ["mouse", "keys1"])
    log = scene.presenter.log
    if scene.curtain is not None:  # Ana's own, at the start
        scene.curtain._open()
        assert log.back == 0  # the curtain opened on the newest too
        log.scroll(5)
    scene.request_curtain(1, "")
    assert scene.curtain is not None and log.back == 0
    log.scroll(5)
    scene.curtain._open()
    assert log.back == 0


def test_the_matchs_end_brings_a_scrolled_back_log_to_the_newest(
        app: Any, driver: HeadlessDriver) -> None:
    """On the result screen the scrolled-back log hid the Nuke and the game-over line."""
    scene = _scrolled(app, driver, ["mouse", "easy"])
    pr = scene.presenter
    pr._log(Over(turn=scene.state.turn, reason="last_standing", winners=(0,),
                 ranking=((0,), (1,))))
    assert pr.log.back == 0


def test_the_facts_list_every_character_on_the_table() -> None:
    """The facts said "Upgrades: none" beside the player's own Underminer, and only "Ben's Mad
    Chemist" while Ben had the Underminer too: every seat's every character is listed, whole,
    at either text size."""
    from game.games.blast import hud
    from game.games.blast.view import INFO_H, fact_lines, upgrades
    from game.ui import theme
    from tests.ui.layout import Words, observing, open_scene

    app, driver = open_scene("blast.duel", False)
    try:
        driver.run(5)
        sc = app.stack.top
        pr = sc.presenter
        pr.seats[0].characters = ["underminer"]
        pr.seats[1].characters = ["mad_chemist", "underminer"]
        pr.tech = True
        mine = W.capitalise(f"{sc.voice.poss(0)} Underminer")
        ben = sc.voice.poss(1)
        want = ["Advanced Tech", mine.lower(), f"{ben} Mad Chemist", f"{ben} Underminer"]
        listed = upgrades(sc)
        assert all(w.lower() in listed.lower() for w in want), listed
        for scale in (1.0, theme.LARGE_TEXT_SCALE):
            text.set_scale(scale)
            hud.info_surface.cache_clear()
            with observing(Words()) as seen:
                hud.info_surface(fact_lines(sc), INFO_H)
            shown = " ".join(seen.words)
            assert "…" not in shown and "..." not in shown, shown
            assert all(w.lower() in shown.lower() for w in want), shown
        pr.seats[0].characters = ["underminer"]
        pr.seats[1].characters = []
        pr.tech = False
        assert upgrades(sc) == mine
    finally:
        text.set_scale(1.0)
        app.shutdown(quit_pygame=False)


def test_a_focused_walls_name_keeps_off_the_hands_card_titles(monkeypatch: Any) -> None:
    """In larger text the "palisade" under a focused wall just over the hand lay on the Pipe
    Bomb's title, and ran off the felt's left edge: at either text size the name keeps off
    every card of the hand (the one lifted for play too) and inside the felt."""
    from dataclasses import replace

    from game.app.headless import HeadlessDriver, make_headless_app
    from game.app.scenes import named_scenes
    from game.games.blast import view as view_mod
    from game.games.blast.layout import FELT
    from game.ui import theme

    app = make_headless_app()
    try:
        scene = named_scenes()["blast.attack"].build(app, 1)
        app.stack.push(scene)
        app.stack.apply_requests()
        HeadlessDriver(app).run(30)
        monkeypatch.setattr(scene, "device_in_use", lambda seat: "keys1")
        wall = next(t for t in scene.cursor.targets if t.key.startswith("wall:") and t.label)
        home = scene.layout.home
        fan = scene.presenter.fan
        fan[0].lift = max(fan[0].lift, 20.0)  # the card being played stands up
        drawn: list[pygame.Rect] = []
        real = view_mod.text.blit

        def spy(surface: pygame.Surface, words: str, *a: Any, **k: Any) -> pygame.Rect:
            r: pygame.Rect = real(surface, words, *a, **k)
            if words == wall.label:
                drawn.append(r)
            return r

        monkeypatch.setattr(view_mod.text, "blit", spy)
        checked = 0
        for scale in (1.0, theme.LARGE_TEXT_SCALE):
            text.set_scale(scale)
            for under in scene.wall_rects(home):  # the row just over the hand (a couch
                # player aims at the seat whose zone is there)
                moved = replace(wall, rect=under.copy())
                scene.cursor.targets = [moved if t.key == wall.key else t
                                        for t in scene.cursor.targets]
                scene.cursor.focus_key = wall.key
                drawn.clear()
                scene.draw(app.screen)
                assert drawn, under
                cards = [s.rect() for s in fan]
                assert drawn[-1].collidelist(cards) < 0, (scale, under, drawn[-1], cards)
                assert FELT.contains(drawn[-1]), drawn[-1]
                checked += 1
        assert checked >= 4
    finally:
        text.set_scale(1.0)
        app.shutdown(quit_pygame=False)


def test_field_down_is_ringed_dark_over_the_walls(app: Any, driver: HeadlessDriver) -> None:
    """"Field down!" rose in light blue over the wall pictures and could hardly be read: it is
    ringed in dark ink, so it reads over light art as well as over the felt."""
    from game.games.blast.rules.events import ForceFieldDestroyed

    m = MatchState(Options(2, first=0), 5)
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=5),
                       {"version": 1, "match": m.to_dict()}, speed=30.0)
    pr = scene.presenter
    pr.effects.floats.clear()
    beat = pr._b_force_field(ForceFieldDestroyed(turn=m.turn, seat=0, by=1, walls=(),
                                                 origin=1, via="spy"))
    next(beat)
    word = next(f for f in pr.effects.floats if f.label == "Field down!")
    light = (214, 206, 190)  # a palisade's pale wood
    surface = pygame.Surface((400, 200))
    surface.fill(light)
    word.pos = (200.0, 100.0)
    word.draw(surface, (0, 0))
    dark = 0
    for x in range(0, 400, 1):
        for y in range(40, 160, 2):
            r, g, b, _ = surface.get_at((x, y))
            dark += 0.3 * r + 0.59 * g + 0.11 * b < 60
    assert dark > 150, dark  # a dark ring round the letters, not a faint grey shadow


def test_the_twist_caption_says_what_the_next_pick_does(monkeypatch: Any) -> None:
    """After the first pick of a Twist of Fate its caption still said "Your first pick goes
    on top": after each pick it says where the next one lies and who draws it, inside its
    panel at either text size."""
    from game.games.blast import hud
    from game.games.blast.view import decision_panel
    from game.ui import theme
    from tests.ui.layout import open_scene

    said: list[tuple[str, int]] = []
    real = hud.caption_surface

    def spy(words: str, *a: Any, **k: Any) -> pygame.Surface:
        img = real(words, *a, **k)
        said.append((words, img.get_width()))
        return img

    monkeypatch.setattr(hud, "caption_surface", spy)
    app, driver = open_scene("blast.twist", False)
    try:
        driver.run(30)
        sc = app.stack.top
        pick = sc.table_controls.pick

        def caption() -> str:
            said.clear()
            sc.draw(app.screen)
            box = decision_panel(sc)
            assert box is not None
            words, width = said[-1]
            assert width <= box.w, (words, width, box.w)
            return words

        for scale in (1.0, theme.LARGE_TEXT_SCALE):
            text.set_scale(scale)
            pick.picked.clear()
            words = caption()
            assert words.startswith(("Your first pick goes on top", "First pick goes on top",
                                     "On top: ")), words
            assert "draws this one next" in words, words
            for n, place in ((1, "second"), (2, "third")):
                pick.picked.append(n - 1)
                words = caption()
                assert words.startswith((f"Next pick goes {place}",
                                         f"{place.capitalize()} from the top: ",
                                         "Next pick: ")), words
                assert "first pick" not in words.lower()
                if scale == 1.0:  # who draws it and at which turn, in the caption
                    assert " this one at " in words and " turn" in words, words
                # and always in the prompt bar, which has room at either text size
                said_now = sc.prompt()[1]
                assert f"lie {place} from the top" in said_now, said_now
                assert " this one at " in said_now, said_now
            pick.picked[:] = list(range(sc.state.twist))
            assert "pick" not in caption()
    finally:
        text.set_scale(1.0)
        app.shutdown(quit_pygame=False)


def test_a_defence_that_cannot_answer_is_drawn_dimmed_in_grey(
        app: Any, driver: HeadlessDriver) -> None:
    """Against TNT a stranger's Guard stood out in its bright blue, playable-looking, while the
    prompt said nothing in the hand answers it: a card that cannot be played now is drawn in
    grey under its veil, a defence as much as any other."""
    from game.games.blast.data import GUARD, TNT
    from game.games.blast.rules import Phase, Play
    from tests.games.blast.helpers import table

    m = table(2, hands={0: [TNT], 1: ["palisade", "stone_wall", GUARD, "weapons_inspector"]})
    assert m.apply(Play(0, TNT, 1, (m.players[1].walls[0],))) is None
    assert m.phase == Phase.DEFEND
    scene = open_table(app, driver, make_setup(["easy", "mouse"], seed=5),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    driver.run(20)
    pr = scene.presenter
    assert scene.state.phase == Phase.DEFEND and pr.hand
    i = pr.hand.index(GUARD)
    assert i in scene.table_controls.unplayable
    scene.draw(app.screen)
    r = pr.fan[i].rect().inflate(-16, -16)
    spread = []
    for x in range(r.x, r.right, 3):
        for y in range(r.y, r.bottom, 3):
            c = app.screen.get_at((x, y))
            spread.append(max(c.r, c.g, c.b) - min(c.r, c.g, c.b))
    assert sum(spread) / len(spread) < 15, sum(spread) / len(spread)  # grey, not blue


def test_a_scrolled_back_log_is_sized_for_the_entries_it_shows() -> None:
    """Scrolled back, the panel sized for the newest one-line entry showed the older one cut
    to "Ana's iron wall is ...": it is sized from the entry in sight at its foot."""
    from game.games.blast.layout import LOG_TALL
    from game.games.blast.view import fitted_log
    from game.tabletop.movelog import MoveLog, row_height

    pygame.font.init()
    log = MoveLog()
    long = "Ana answers with Backfire: it turns on Cleo, and Cleo's iron wall is destroyed."
    log.add(long)
    log.add("Ben's turn.")
    log.scroll(1)
    rows = len(text.wrap(long, 14, LOG_TALL.w - 24))
    assert rows > 1
    room = pygame.Rect(LOG_TALL.x, LOG_TALL.y, LOG_TALL.w, 34 + rows * row_height(14) + 10)
    # (room for the long entry alone, as beside a card read in the preview)
    assert fitted_log(log, room, 14).h >= 34 + rows * row_height(14)
