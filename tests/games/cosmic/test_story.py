"""The move log's words (story.py) and the table's log panel: an AI's flick, card and bomb are
told with the seats' names and agreeing verbs, and the log sits where no panel lies."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.voice import Voice
from game.games.cosmic import art, hud
from game.games.cosmic.data import DESTROYED_POINTS, PLANETS
from game.games.cosmic.events import (
    Banked,
    Bomb,
    Collected,
    Event,
    Flicked,
    Over,
    Played,
    Returned,
    Shielded,
    ShipDestroyed,
    Turn,
)
from game.games.cosmic.match import FlickInput
from game.games.cosmic.rules import EndTurn, Play
from game.games.cosmic.story import lines_for

from .test_scene import human_turn, open_scene, tick

VOICE = Voice(["You", "Ben"], you=0)


def test_an_ai_flick_says_what_it_took_and_whose_ship_it_knocked_out() -> None:
    events = [Collected(seat=1, planet=3, colour="red"),
              ShipDestroyed(seat=0, by=1)]
    lines = lines_for(events, VOICE, {}, FlickInput(1, 0.0, 0.5))
    assert lines == [(1, "Ben flicks and takes the red crystal and knocks your ship out "
                         "of space")]
    mine = lines_for([], VOICE, {}, FlickInput(0, 0.0, 0.5))
    assert mine == [(0, "You flick: no crystal")]


def test_a_card_played_says_its_effect_on_its_target() -> None:
    events = [Played(seat=1, card="hijack")]
    lines = lines_for(events, VOICE, {}, Play(1, "hijack", "blue", 0))
    assert lines == [(1, "Ben plays Hijack: your blue crystal is discarded")]
    extra = lines_for([Played(seat=0, card="afterburner")], VOICE, {},
                      Play(0, "afterburner"))
    assert extra == [(0, "You play Afterburner: one extra flick this turn")]


def test_a_bomb_says_whose_planets_went_and_what_each_scored() -> None:
    theirs = next(p for p in PLANETS if p.dots == 3).planet_id
    own = next(p for p in PLANETS if p.dots == 1).planet_id
    owner = {theirs: 0, own: 1}
    lines = lines_for([Bomb(seat=1, destroyed=(theirs, own))], VOICE, owner)
    (seat, line), = lines
    assert seat == 1
    assert line.startswith("Ben's Space Bomb destroys your ")
    assert f"(+{DESTROYED_POINTS[3]}\u00a0for\u00a0Ben)" in line
    assert "their own" in line and "(0)" in line
    missed = lines_for([Bomb(seat=0, destroyed=())], VOICE, {})
    assert missed == [(0, "Your Space Bomb misses: nothing destroyed, your crystals stay on "
                          "your Base")]


def test_a_bomb_a_shield_stopped_does_not_say_it_missed() -> None:
    """A playtester's bomb on a shielded planet was told 'misses: nothing destroyed'."""
    lines = lines_for([Shielded(seat=1),
                       Bomb(seat=0, destroyed=())], VOICE, {})
    assert (0, "Your Space Bomb is stopped by Ben's Planetary Shield: your crystals stay on "
               "your Base") in lines
    assert not any("misses" in line for _seat, line in lines)
    # A named bomber's crystals keep their capital inside the sentence (a stranger read
    # "cleo's crystals").
    lines = lines_for([Shielded(seat=0), Bomb(seat=1, destroyed=())], VOICE, {})
    assert (1, "Ben's Space Bomb is stopped by your Planetary Shield: Ben's crystals stay on "
               "their Base") in lines


def test_a_new_round_and_the_end_are_told() -> None:
    lines = lines_for([Turn(seat=0, turn=4, phase="flick"),
                       Over(reason="planets", scores=(9, 1))], VOICE, {},
                      players=2)
    assert lines == [(None, "Round 3"), (None, "Match over: you 9 points, Ben 1 point")]


def test_the_log_goes_where_no_panel_lies() -> None:
    top_left = pygame.Rect(hud.SIDE_X[0], hud.PANEL_TOP, hud.PANEL_W, hud.SHORT_H)
    got = hud.log_rect([top_left])
    assert not got.colliderect(top_left) and got.w == hud.PANEL_W
    halves = [pygame.Rect(x, y, hud.PANEL_W, hud.SHORT_H) for x in hud.SIDE_X
              for y in (hud.PANEL_TOP, hud.PANEL_BOTTOM - hud.SHORT_H)]
    assert hud.log_rect(halves) == hud.LOG_STRIP
    assert not any(hud.LOG_STRIP.colliderect(r) for r in halves)


def test_the_scene_logs_an_ai_flick_with_its_name(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn())
    scene.time_scale = 4.0
    scene.perform(FlickInput(0, 0.3, 0.6))
    for _ in range(60 * 20):
        if scene.to_act == 1:
            break
        if scene.acting_human() == 0:
            scene.perform(EndTurn(0))
        tick(scene)
    for _ in range(60 * 20):
        if any(t.startswith("AI 1 flicks") for t in scene.presenter.log.texts()):
            break
        tick(scene)
    told = scene.presenter.log.texts()
    assert any(t.startswith("AI 1 flicks") for t in told), told
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)  # the panel draws where no seat's panel is
    r = scene.view.log_rect()
    assert all(not r.colliderect(scene.panel(s)) for s in range(2))


def test_a_return_and_its_bank_are_one_line_naming_the_cubes() -> None:
    events = [Banked(seat=0, base=("red", "green", "yellow")),
              Returned(seat=0)]
    assert lines_for(events, VOICE, {}) == [
        (0, "You return to Base and bank: the Base holds red, green and yellow (3\u00a0of\u00a04)")]
    alone = lines_for([Returned(seat=1)], VOICE, {})
    assert alone == [(1, "Ben returns to Base")]
    moved = lines_for([Played(seat=1, card="orbital_shift")], VOICE, {},
                      Play(1, "orbital_shift", planet=3))
    assert moved == [(1, "Ben plays Orbital Shift: Ben's planet moves")]


def test_a_full_tables_log_shows_four_lines_and_opens_upward_under_the_pointer(
        app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", "ai:easy", "ai:easy",
                       match=human_turn(players=4))
    slot = scene.view.log_rect()
    assert slot == hud.LOG_STRIP
    scene.commands.mouse = (640.0, 360.0)
    rect, size = scene.view.log_area(slot)
    assert hud.log_room(rect, size) >= 4
    assert rect.bottom <= 720 and not rect.colliderect(art.FIELD_RECT)
    scene.commands.mouse = (float(hud.LOG_STRIP.centerx), float(hud.LOG_STRIP.centery))
    rect, size = scene.view.log_area(slot)
    assert hud.log_room(rect, size) >= 12 and rect.bottom <= 720
    scene.commands.mouse = (float(rect.centerx), float(rect.top + 20))  # reading up the opened log
    assert scene.view.log_area(slot)[0] == rect
    scene.commands.mouse = (640.0, 360.0)
    assert scene.view.log_area(slot)[0] == hud.LOG_STRIP


def test_a_rebuilt_log_tells_a_return_and_its_bank_as_one_line() -> None:
    from game.games.cosmic.story import replay_lines

    events = [Turn(seat=1, turn=5, phase="flick"),
              Flicked(seat=1),
              Collected(seat=1, planet=3, colour="red"),
              Banked(seat=1, base=("blue", "red")),
              Returned(seat=1),
              Turn(seat=0, turn=6, phase="flick")]
    lines = [line for _, line in replay_lines(events, VOICE, {}, 2)]
    assert lines == ["Ben flicks and takes the red crystal",
                     "Ben returns to Base and banks: the Base holds blue and red "
                     "(2\u00a0of\u00a04)",
                     "Round 4"]


def test_a_bounce_that_leaves_space_is_said_in_words(app: Any, monkeypatch: Any) -> None:
    """A glance off a planet that flies out of space is labelled like a straight one (a
    playtester lost a ship whose bounce showed only a small cross)."""
    from game.games.cosmic.match import CosmicMatch
    from game.games.cosmic.world import FlickLine

    from .test_scene import human_turn

    m: CosmicMatch = human_turn()
    scene = open_scene(app, "mouse", "ai:easy", match=m)
    said: list[str] = []
    monkeypatch.setattr(scene.view.aim, "_space_label",
                        lambda _s, words, *_a, **_k: said.append(words))
    line = FlickLine(((300.0, 300.0), (100.0, 300.0), (-40.0, 300.0)), "out")
    scene.view.aim._bounce_path(app.screen, 0, line, (0, 0))
    assert said == ["bounce: may fly out of space"]
    # cut short by the preview's reach it still warns (a stranger's 94% bounce said nothing)
    cut = FlickLine(((300.0, 300.0), (200.0, 300.0)), "out")
    scene.view.aim._bounce_path(app.screen, 0, cut, (0, 0), whole=False)
    assert said == ["bounce: may fly out of space"] * 2


def test_a_resumed_log_reads_as_the_table_told_it_decision_by_decision() -> None:
    # each decision's events as the table told them (with its input), and the whole log as
    # Continue tells it again: a shield's stopped bomb and a Teleporter's bank followed by a
    # return to Base once read differently after Continue
    from game.games.cosmic.rules import Flick, ReturnToBase, Toss
    from game.games.cosmic.story import replay_lines

    voice = Voice(["You", "Ben"])
    owner = {p: 0 if p % 2 else 1 for p in range(12)}
    told: list[tuple[Any, list[Event]]] = [
        (None, [Turn(seat=0, turn=0, phase="flick")]),
        (Flick(0), [Collected(seat=0, planet=1, colour="red")]),
        (Play(0, card="teleporter"), [Played(seat=0, card="teleporter"),
                                      Banked(seat=0, base=("red",))]),
        (ReturnToBase(0), [Returned(seat=0),
                           Turn(seat=1, turn=1, phase="flick")]),
        (Flick(1), [Collected(seat=1, planet=2, colour="blue")]),
        (ReturnToBase(1), [Banked(seat=1, base=("blue",)),
                           Returned(seat=1),
                           Turn(seat=0, turn=2, phase="bomb")]),
        (Toss(0), [Shielded(seat=1), Bomb(seat=0, destroyed=())]),
    ]
    live: list[Any] = []
    log: list[Event] = []
    for cause, events in told:
        live += lines_for(events, voice, owner, cause)
        if isinstance(cause, Flick):
            log.append(Flicked(seat=cause.player))
        log += events
    assert replay_lines(log, voice, owner) == live
    words = [w for _, w in live]
    assert "Ben's Space Bomb" not in words[-1] and "stopped by Ben's Planetary Shield" in words[-1]
    assert "You return to Base" in words and "Ben returns to Base and banks: the Base holds " \
        "blue (1\u00a0of\u00a04)" in words


def test_bounce_is_said_only_for_a_real_bounce(app: Any, monkeypatch: Any) -> None:
    """A playtester read "bounce: crystal!" on a straight shot: the ship hit its crystal head
    on and came to rest against it. The word is said when the glance carries it on to the
    crystal from another planet, never when the crystal is the planet hit first."""
    from game.games.cosmic.match import CosmicMatch
    from game.games.cosmic.world import FlickLine

    from .test_scene import human_turn

    m: CosmicMatch = human_turn()
    scene = open_scene(app, "mouse", "ai:easy", match=m)
    st = m.state
    crystal = next(p for c, p in sorted(st.crystal.items())
                   if p in m.table.planets and not st.players[0].holds(c))
    said: list[str] = []
    monkeypatch.setattr(scene.view.aim, "_space_label",
                        lambda _s, words, *_a, **_k: said.append(words))
    x, y = m.table.planets[crystal]
    line = FlickLine(((x + 60.0, y), (x + 48.0, y)), "planet", crystal)
    scene.view.aim._bounce_path(app.screen, 0, line, (0, 0), True, crystal)
    assert said == []  # the crystal was hit head on: no bounce
    other = next(p for p in m.table.planets if p != crystal)
    scene.view.aim._bounce_path(app.screen, 0, line, (0, 0), True, other)
    assert said == ["bounce: crystal!"]  # glanced off another planet onto it


def test_a_button_greyed_under_a_resting_pointer_keeps_its_tip_until_it_moves(
        app: Any) -> None:
    """After a stranger's own click on Return to Base, the greyed button's tooltip popped up
    over the board and hid the crystals until the mouse moved: it waits for the pointer."""
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn())
    view = scene.view
    r = pygame.Rect(100, 600, 160, 40)
    on = hud.Button("return", "Return to Base", (r.x, r.y, r.w, r.h), True, "")
    off = hud.Button("return", "Return to Base", (r.x, r.y, r.w, r.h), False, "Why not.")
    view.note_buttons([on], r.center)
    view.note_buttons([off], r.center)  # greyed under the resting pointer
    assert view.quiet_tip(off, r.center)
    assert not view.quiet_tip(off, (r.centerx + 3, r.centery))  # moved: the tip shows
    view.note_buttons([off], (5, 5))
    view.note_buttons([off], r.center)  # came back onto it: it was grey already
    assert not view.quiet_tip(off, r.center)
    assert not view.quiet_tip(on, r.center)


def test_the_teleporters_line_says_what_its_card_says() -> None:
    """'Ben's Hold is banked where the ship is' read as the cubes left in space, beside a
    card that says the Hold goes to the Base and the ship stays where it is."""
    from types import SimpleNamespace

    from game.core.voice import Voice
    from game.games.cosmic.story import card_effect

    said = card_effect(SimpleNamespace(card="teleporter"), Voice(["You", "Ben"], 0), 1)
    assert said == "Ben's Hold goes to Ben's Base; the ship stays put"
    assert card_effect(SimpleNamespace(card="teleporter"), Voice(["You", "Ben"], 0), 0) == \
        "your Hold goes to your Base; the ship stays put"


def test_log_phrases_never_wrap_apart() -> None:
    """A stranger's log wrapped inside "(4 of 4)" and left "for Ben)" alone on a row: the
    banked count and a bomb's gain stay whole at any width the text wraps to."""
    from game.ui.text import wrap

    pygame.font.init()
    voice = Voice(["You", "Ben"])
    owner = {p.planet_id: 1 for p in PLANETS}
    banked = lines_for([Banked(seat=0, base=("red", "blue", "green", "yellow"))], voice, owner)
    some = [p.planet_id for p in PLANETS][:2]
    bombed = lines_for([Bomb(seat=0, destroyed=tuple(some))], voice, owner)
    for line, whole in ((banked[-1][1], "(4\u00a0of\u00a04)"), (bombed[-1][1], "for\u00a0you)")):
        assert whole in line, line
        for width in range(120, 400, 7):
            rows = wrap(line, 14, width)
            assert any(whole in row for row in rows), (width, rows)
