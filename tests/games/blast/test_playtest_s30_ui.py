"""Session 30 playtest fixes on the Kaboom! Explosive table (the UI side)."""

from __future__ import annotations

import json
from typing import Any

from game.app import catalogue
from game.app.headless import HeadlessDriver
from game.games.blast.scene import BlastScene
from tests.games.blast.scene_helpers import make_setup, open_table


def _discard_under(scene: BlastScene) -> int:
    st = scene.state
    return len(st.discard) - len(st.chain)


def test_the_discard_count_shown_is_the_piles_own_and_survives_a_resume(
        app: Any, driver: HeadlessDriver) -> None:
    """A tester read 21 on the discard pile before saving and 19 after Continue: the count the
    table draws is the pile's own whenever the table is still, and a resume reads the same."""
    import game.games.blast as blast

    catalogue.register(blast.INFO)
    # Easy seats: each turn is played at once, so the table is still once a turn (a hard
    # seat's thinking held it still for a hundred frames at a time, the same count each frame).
    setup = make_setup(["easy", "easy", "easy", "easy"], seed=7)
    scene = open_table(app, driver, setup, speed=60)
    seen: list[tuple[int, int]] = []
    for _ in range(40000):
        driver.step()
        if not scene.presenter.busy and not scene.presenter.flying:
            seen.append((scene.presenter.discard_count, _discard_under(scene)))
        if scene.finished and not scene.presenter.busy:
            break
        if (not all(p.alive for p in scene.state.players) and not scene.state.over
                and not scene.presenter.busy and not scene.presenter.flying):
            break  # deep enough into the match that a knocked-out hand left play
    wrong = [s for s in seen if s[0] != s[1]]
    assert len(seen) >= 10 and not wrong, wrong[:5]
    assert not scene.state.over
    shown = scene.presenter.discard_count
    saved = json.loads(json.dumps(scene.save_state()))
    app.stack.pop()
    app.stack.apply_requests()
    info = catalogue.get("blast")
    assert info is not None
    resumed = info.make_scene(app, setup, saved)
    assert isinstance(resumed, BlastScene)
    app.stack.push(resumed)
    app.stack.apply_requests()
    driver.run(3)
    assert resumed.presenter.discard_count == shown


def test_a_keyboard_players_prompt_names_keys_though_the_pointer_moves(
        app: Any, driver: HeadlessDriver) -> None:
    """The first prompt said "click" to a keyboard player: the window opening under a resting
    mouse moved the pointer, and that alone made the bar speak mouse. Words follow the device
    the seat plays with until the player presses another."""
    import pygame

    scene = open_table(app, driver, make_setup(["keys1", "hard", "medium"], seed=11))
    assert driver.run_until(lambda: scene.prompt()[0] == 0 and not scene.presenter.busy
                            and scene.prompt()[1].startswith("Your turn"), 6000)
    driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 360), rel=(3, 2),
                                    buttons=(0, 0, 0))])
    said = scene.prompt()[1]
    move = app.input.word_for("keys1", "move")
    assert "click" not in said.lower() and move in said, said


def test_up_and_down_go_between_the_hand_and_the_buttons_and_back_to_the_same_card(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger lost the focus between the buttons row and the hand: the focused card stands
    raised, so Down went along the hand, and coming back from the buttons the focus landed on
    another card. Up/Down now cross between hand and buttons, and come back where they left."""
    from tests.games.blast.scene_helpers import key_event

    scene = open_table(app, driver, make_setup(["keys1", "hard", "medium"], seed=11))
    assert driver.run_until(lambda: scene.prompt()[0] == 0 and not scene.presenter.busy
                            and scene.prompt()[1].startswith("Your turn"), 6000)
    cur = scene.cursor

    def press(d: str) -> str | None:
        driver.step([key_event(app, "keys1", d, True)])
        driver.step([key_event(app, "keys1", d, False)])
        driver.run(8)
        assert cur.focused() is not None, (d, cur.focus_key)
        return cur.focus_key

    cur.focus_key = "hand:2"
    for d in ("up", "down"):
        cur.focus_key = "hand:2"
        cur.last_hand = "hand:2"
        away = press(d)
        assert away is not None and away.startswith("btn:"), (d, away)
        assert press("down" if d == "up" else "up") == "hand:2"
    cur.focus_key = "hand:5"
    press("left")
    assert press("up").startswith("btn:") and press("down") == "hand:4"  # type: ignore[union-attr]
    # focused by the mouse or at the decision's start, never reached by a key (s33: W then S
    # came down on the rightmost card, and Space played it)
    cur.focus_key, cur.last_hand = "hand:1", None
    assert press("up").startswith("btn:") and press("down") == "hand:1"  # type: ignore[union-attr]


def test_an_attack_a_force_field_stops_shows_the_stop_never_a_boom(
        app: Any, driver: HeadlessDriver) -> None:
    """"BOOM!" burst over an attack a Force Field stopped: the stop's moment shows instead
    (Ben backfires Ana's TNT onto Ana, whose Force Field stops it)."""
    from game.games.blast.rules import Defend, Play, TakeIt
    from tests.games.blast.helpers import ok, table

    m = table(3, hands={0: ["tnt", "stone_wall"], 1: ["backfire"]},
              walls={0: ["force_field", "stone_wall"]}, seed=2)
    scene = open_table(app, driver, make_setup(["mouse", "easy", "easy"], seed=4),
                       {"version": 1, "match": m.to_dict()}, speed=1.0)
    driver.run(3)
    st = scene.state
    start = len(st.events)
    play = next(a for a in st.legal_actions(0)
                if isinstance(a, Play) and a.card == "tnt" and a.target == 1)
    ok(st, play, Defend(1, "backfire"), TakeIt(0))
    assert any(e.kind == "stopped" for e in st.events[start:])
    words: set[str] = set()
    for _ in range(2000):
        driver.step()
        words |= {b.label for b in scene.presenter.effects.bursts}
        if not scene.presenter.busy and not scene.presenter.effects.bursts:
            break
    assert "FORCE FIELD!" in words and not {"BOOM!", "KABOOM!"} & words, words


def test_a_crumbling_wall_stays_within_its_own_place(app: Any, driver: HeadlessDriver) -> None:
    """The crumble of a wall hid the other walls and "No walls left!": it sinks and fades
    inside the place the wall stood, and nothing outside that place changes."""
    import pygame

    from game.games.blast.presenter import Crumble

    scene = open_table(app, driver, make_setup(["mouse", "easy", "easy"], seed=4))
    driver.run(3)
    pr = scene.presenter
    pr.skip()
    seat = 1
    rect = scene.layout.wall_rects(seat, 3, scene.view.token_count(seat))[1].copy()
    for t in (0.2, 0.6, 0.8):
        plain = pygame.Surface((1280, 720))
        pr.crumbles = []
        scene.view._zones_live(plain, 1.0)
        with_it = pygame.Surface((1280, 720))
        pr.crumbles = [Crumble(seat, "stone_wall", rect, t=t)]
        scene.view._zones_live(with_it, 1.0)
        pr.crumbles = []
        changed = [(x, y) for x in range(0, 1280, 2) for y in range(0, 720, 2)
                   if plain.get_at((x, y)) != with_it.get_at((x, y))]
        assert changed, t  # the crumble shows
        outside = [p for p in changed if not rect.collidepoint(p)]
        assert not outside, (t, outside[:5], rect)


def test_no_walls_left_is_written_past_the_last_wall_crumbling_not_under_it(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger read "...walls left!" through the falling palisade: while a seat's last wall
    crumbles, the words stand past its debris, on no part of it, and only once."""
    from game.games.blast.presenter import Crumble
    from tests.ui.layout import Words, observing

    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4))
    driver.run(3)
    pr = scene.presenter
    pr.skip()
    seat = 1
    rect = scene.layout.wall_rects(seat, 1, scene.view.token_count(seat))[0].copy()
    pr.seats[seat].walls = []
    pr.crumbles = [Crumble(seat, "palisade", rect, t=0.2)]
    with observing(Words()) as seen:
        scene.view._table_layer()
        scene.view._zones_live(scene.view._table_layer().copy(), 1.0)
    boxes = [box for label, box in seen.boxes if label == "No walls left!"]
    assert len(boxes) == 1, boxes
    assert not boxes[0].colliderect(rect), (boxes[0], rect)


def test_turn_lost_rises_past_no_walls_left_not_over_it(app: Any,
                                                        driver: HeadlessDriver) -> None:
    """A stranger saw "Turn lost" drawn over "No walls left!" in a wall-less seat's row: it
    rises past those words."""
    from game.games.blast.rules.events import LostTurn
    from game.ui import text, theme

    scene = open_table(app, driver, make_setup(["mouse", "easy", "easy"], seed=4))
    driver.run(3)
    pr = scene.presenter
    pr.skip()
    seat = 1
    pr.seats[seat].walls = []
    pr.walls_up = True
    pr.effects.floats.clear()
    next(pr._b_lost_turn(LostTurn(turn=0, seat=seat)))
    row = scene.layout.zone(seat).row
    gone = text.render("No walls left!", 14, theme.BLAST, True).get_rect(
        midleft=(row.x + 8, row.centery))
    lost = [f for f in pr.effects.floats if f.label == "Turn lost"]
    assert lost
    box = text.render("Turn lost", 20, theme.MUTED, True).get_rect(center=lost[0].pos)
    assert not box.colliderect(gone), (box, gone)
    assert row.contains(box)


def test_a_persons_turn_opens_with_what_befell_them_while_they_waited(
        app: Any, driver: HeadlessDriver) -> None:
    """The short log scrolled away what happened between a stranger's turns: he never saw Ana
    knocked out, nor what took his wall. A person's turn opens with a few words of it at
    their seat; nothing is said when nothing befell them."""
    from game.games.blast.rules.events import Destroyed, Drew, Eliminated, Turn

    scene = open_table(app, driver, make_setup(["mouse", "easy", "easy"], seed=4))
    driver.run(3)
    pr = scene.presenter
    pr.skip()
    quiet = [Turn(turn=0, seat=0, round=1, alive=True), Drew(turn=1, seat=1, count=1, why="turn"),
             Turn(turn=2, seat=0, round=2, alive=True)]
    pr.state.events = [*quiet]
    assert pr.while_you_waited(0, 2) == ""
    pr.state.events = [Turn(turn=0, seat=0, round=1, alive=True),
                       Destroyed(turn=1, seat=0, walls=("steel_wall",), card="sabotage", by=2),
                       Eliminated(turn=1, seat=1, by=2, card="tnt", origin=2, via=""),
                       Turn(turn=2, seat=0, round=2, alive=True)]
    said = pr.while_you_waited(0, 3)
    v = scene.voice
    assert said.startswith("While you waited: ")
    assert f"{v.subj(1)} is out" in said and "steel wall fell to Sabotage" in said, said
    assert pr.while_you_waited(1, 3) == ""  # an AI's turn: nothing said
