"""A playtester's couch evening (pt17): the keys' menu lands on the action wanted and says
why a greyed one cannot be pressed, the mouse says why it does nothing on a keys seat's turn,
and the lanes agree with a straight flick."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.input import ActionEvent
from game.games.cosmic.rules import Phase

from .test_layout import _Placed
from .test_scene import mouse, open_scene, tick, with_cards


def test_docked_keys_menu_lands_on_return_to_base_and_says_why_not_the_cards(app: Any) -> None:
    """Docked at his Base with an empty Hold, Ben's Left Ctrl had only "Ben's cards" to press:
    Ctrl then Space opened the card curtain, and his aim was gone. The keys land on Return
    to Base, greyed: Space says why and stays on the menu; the aim is still armed after."""
    scene = open_scene(app, "keys1", "mouse", match=with_cards("afterburner"))
    tick(scene)
    assert scene.match.phase == Phase.FLICK and scene.couch()
    assert not scene.hand_shown(0)
    scene.handle_action(ActionEvent("keys1", "left", True))  # the aim is set and shown
    aim = scene.aims.pad_aim
    assert aim is not None and aim.armed
    angle = aim.angle
    scene.handle_action(ActionEvent("keys1", "secondary", True))
    items = scene.commands.focus_items()
    focus = scene.commands.menu_focus
    assert focus is not None and items[focus] == ("button", "return")
    assert [k for kind, k in items if kind == "button"] == ["return", "end", "cards"]
    # the hint speaks of the keys that move along a row of buttons
    left, right = (app.input.word_for("keys1", a) for a in ("left", "right"))
    up, down = (app.input.word_for("keys1", a) for a in ("up", "down"))
    hint = scene.presenter.hint(0)
    assert f"{left}/{right} choose" in hint and f"{up}/{down} choose" not in hint, hint
    scene.handle_action(ActionEvent("keys1", "confirm", True))
    assert scene.curtain is None
    assert any(m.startswith("Your ship is already docked") for m, _ in scene.presenter.notes)
    assert scene.commands.menu_focus == focus
    scene.handle_action(ActionEvent("keys1", "right", True))  # End turn: greyed, says why
    scene.handle_action(ActionEvent("keys1", "confirm", True))
    assert scene.curtain is None and scene.match.phase == Phase.FLICK
    assert any(m.startswith("A turn ends only after a flick") for m, _ in scene.presenter.notes)
    scene.handle_action(ActionEvent("keys1", "right", True))  # the cards: the curtain
    scene.handle_action(ActionEvent("keys1", "confirm", True))
    assert scene.curtain is not None
    scene.curtain.cancel()
    scene.handle_action(ActionEvent("keys1", "secondary", True))
    assert scene.aims.pad_aim is aim and aim.angle == angle


def test_keys_menu_after_ctrl_back_keeps_the_aim_armed(app: Any) -> None:
    scene = open_scene(app, "keys1", "mouse", match=with_cards("afterburner"))
    tick(scene)
    scene.handle_action(ActionEvent("keys1", "left", True))
    aim = scene.aims.pad_aim
    assert aim is not None and aim.armed
    scene.handle_action(ActionEvent("keys1", "secondary", True))
    assert scene.commands.menu_focus is not None
    scene.handle_action(ActionEvent("keys1", "secondary", True))
    assert scene.commands.menu_focus is None and aim.armed


def test_a_click_on_a_keys_seats_turn_says_whose_turn_and_lights_nothing(
        app: Any, monkeypatch: Any) -> None:
    """Couch play: on Ben's keyboard turn the mouse was silently ignored, and the buttons
    lit under it as if a click would press them. A click says whose turn it is and what
    they play with; the buttons do not light for the mouse; the devices stay apart."""
    from game.games.cosmic import hud
    from game.games.cosmic import view as view_mod

    scene = open_scene(app, "keys1", "mouse", match=with_cards("afterburner"))
    tick(scene)
    name = scene.name(0)
    end = next(b for b in scene.commands.buttons() if b.key == "cards")
    centre = pygame.Rect(end.rect).center
    mouse(scene, "point", centre)
    hovers: list[tuple[int, int]] = []
    real = hud.draw_buttons
    monkeypatch.setattr(view_mod.hud, "draw_buttons",
                        lambda s, b, f, hover, *a, **k: (hovers.append(hover),
                                                         real(s, b, f, hover, *a, **k))[1])
    scene.draw(pygame.Surface((1280, 720)))
    assert hovers and not pygame.Rect(end.rect).collidepoint(hovers[-1])
    assert mouse(scene, "primary", centre)
    mouse(scene, "primary", centre, pressed=False)
    assert scene.curtain is None  # the devices stay apart
    said = [m for m, _ in scene.presenter.notes]
    assert f"{name}'s turn: {name} plays with the keyboard" in said
    mouse(scene, "primary", centre)  # a second click does not stack the same note
    assert [m for m, _ in scene.presenter.notes].count(said[-1]) == 1
    # on the mouse seat's own turn the buttons light under it again
    scene2 = open_scene(app, "mouse", "keys1", match=with_cards("afterburner"))
    tick(scene2)
    hovers.clear()
    b2 = scene2.commands.buttons()[0]
    mouse(scene2, "point", pygame.Rect(b2.rect).center)
    scene2.draw(pygame.Surface((1280, 720)))
    assert pygame.Rect(b2.rect).collidepoint(hovers[-1])
    # and the keys pressed on the mouse seat's turn say so too
    scene2.handle_action(ActionEvent("keys1", "confirm", True))
    name2 = scene2.name(0)
    assert any(m == f"{name2}'s turn: {name2} plays with the mouse"
               for m, _ in scene2.presenter.notes)


def _table(planets: dict[int, tuple[float, float]],
           ships: dict[int, tuple[float, float]]) -> Any:
    from game.games.cosmic.table import Table

    return Table((0, 2), planets, ships)


def test_no_bracket_on_a_lane_the_planet_against_the_ship_blocks() -> None:
    """A playtester's ship lay against a planet (s44): the green crystal was bracketed, but
    its lane slipped past that planet by half a unit and his flick along it met the planet.
    The brackets leave it out; the yellow one, well clear, stays and is reached."""
    import math

    from game.games.cosmic.world import flick_line, sure_shots

    table = _table({0: (255.543, 77.706), 1: (607.146, 450.07), 2: (102.236, 571.396),
                    3: (642.294, 255.543), 4: (255.73, 604.712), 6: (464.457, 642.294),
                    7: (116.11, 258.156), 8: (615.932, 148.323), 9: (77.706, 464.457),
                    10: (467.882, 114.552), 11: (567.997, 613.017)},
                   {0: (403.3, 126.794), 1: (194.785, 334.138)})
    shots = dict(sure_shots(table, 0, [3, 4]))
    assert 3 not in shots
    ship, green = table.ships[0], table.planets[3]
    at_crystal = math.atan2(green[1] - ship[1], green[0] - ship[0])
    assert flick_line(table, 0, at_crystal, 1.0).hit == 10  # what a straight flick does
    assert list(shots) == [4]
    line = flick_line(table, 0, shots[4], 1.0)
    assert line.end == "planet" and line.hit == 4


def test_no_bracket_on_a_lane_another_ship_sits_in() -> None:
    """Ben's ship sat in the lane to the red crystal (s55) and it was bracketed: a flick at
    the crystal met Ben's ship. The brackets leave it out."""
    import math

    from game.games.cosmic.world import flick_line, sure_shots

    table = _table({0: (255.992, 77.791), 1: (607.146, 450.07), 2: (102.236, 571.396),
                    3: (646.69, 251.95), 4: (253.466, 611.404), 6: (464.457, 642.294),
                    8: (615.932, 148.323), 9: (77.706, 464.457), 10: (467.882, 114.552),
                    11: (567.997, 613.017)},
                   {0: (206.795, 68.598), 1: (82.009, 382.732)})
    assert sure_shots(table, 0, [9]) == []
    ship, red = table.ships[0], table.planets[9]
    at_crystal = math.atan2(red[1] - ship[1], red[0] - ship[0])
    assert flick_line(table, 0, at_crystal, 1.0).end == "ship"
    # with Ben's ship away, the lane is open and bracketed
    assert [p for p, _ in sure_shots(_table(table.planets, {0: ship}), 0, [9])] == [9]


def test_the_pass_curtains_title_keeps_clear_of_its_reason_at_both_text_sizes(
        app: Any) -> None:
    """With larger text the pass curtain's "Pass to Cleo" crowded "Choose an Advancement
    card where only you can see" under it (s195), and the reason ran to the card's edges:
    every line keeps a clear gap from the next and stays well inside the card."""
    from game.tabletop.curtain import PassCurtain
    from game.ui import text, theme

    for scale in (1.0, theme.LARGE_TEXT_SCALE):
        text.set_scale(scale)
        curtain = PassCurtain(app, "Cleo", theme.SKY, "mouse", lambda: None,
                              reason="Choose an Advancement card where only you can see",
                              shape="circle")
        seen = _Placed()
        text.observe(seen)
        try:
            curtain.draw(pygame.Surface((1280, 720)))
        finally:
            text.observe(None)
        card = curtain.layout()[0] if hasattr(curtain, "layout") else \
            pygame.Rect(330, 210, 620, 300)  # (the card before it was laid out)
        rows = [r for w, r in seen.lines if w != "Everyone else, look away!"]
        assert len(rows) >= 3, seen.lines
        for above, below in zip(rows, rows[1:], strict=False):
            # the title's line box has room under its letters: its glyphs end higher
            assert below.top - above.bottom >= 0, (scale, above, below)
        title, reason = rows[0], rows[1]
        ink = pygame.font.Font.get_descent(theme.font(text.px(40), True))
        assert reason.top - (title.bottom + ink) >= 8, scale
        assert all(card.inflate(-40, -20).contains(r) for r in rows), scale
    text.set_scale(1.0)


def test_a_couch_matchs_time_played_counts_the_hand_offs(app: Any, driver: Any) -> None:
    """Statistics' time played: the pass curtain pauses the table under it, so a couch
    match's clock stood still while the device went round (the Explosive tester's time played
    came out low; Cosmic's curtain is the same kit piece). Its seconds are the match's."""
    from game.app.headless import FRAME_DT
    from game.tabletop.curtain import PassCurtain

    scene = open_scene(app, "mouse", "keys1")
    scene.request_curtain(1, "Choose an Advancement card where only you can see")
    app.stack.apply_requests()
    curtain = app.stack.top
    assert isinstance(curtain, PassCurtain)
    before, table = scene.elapsed, scene.real_time
    driver.run(90)  # a second and a half while the keyboard changes hands
    assert scene.real_time == table  # the table itself waits under the curtain
    assert abs(scene.elapsed - before - 90 * FRAME_DT) < 0.05
    driver.press(curtain.device, "confirm")
    assert driver.run_until(lambda: app.stack.top is scene, 300)
    assert scene.time_above >= 90 * FRAME_DT - 0.01  # kept once the curtain has gone
    assert abs(scene.elapsed - (scene.real_time + scene.time_above)) < 1e-9


def test_a_lone_mouse_seats_keys_hint_names_the_menu_key_only_while_it_reaches_something(
        app: Any) -> None:
    """The first flick hint of a lone mouse seat that took up the arrow keys said "R CTRL
    menu", which only answered "Nothing to play or press now": the menu key is named only
    while it reaches a button or a card."""
    from game.games.cosmic.demos import skip_drafts
    from game.games.cosmic.match import CosmicMatch

    m = next(mm for mm in (CosmicMatch.new(2, s) for s in range(1, 20))
             if skip_drafts(mm) or mm.to_act() == 0)
    m.state.players[0].hand = []  # (no card to play: nothing on the HUD to reach)
    scene = open_scene(app, "mouse", "ai:easy", match=m)
    tick(scene)
    assert scene.to_act == 0 and scene.match.phase == Phase.FLICK
    for pressed in (True, False):
        scene.handle_action(ActionEvent("keys2", "left", pressed))
    tick(scene)
    hint = scene.presenter.hint(0)
    assert scene.commands.menu_start() is None
    assert " aim" in hint and "menu" not in hint and "CTRL" not in hint, hint
    # with a card to play the key reaches it, and is named
    scene.match.state.players[0].hand = ["intelligence"]
    assert scene.commands.menu_start() is not None
    assert "CTRL menu · " in scene.presenter.hint(0)


def test_the_placed_planets_blocked_word_covers_no_other_planet_base_ring_or_panel(
        app: Any) -> None:
    """Planet setup drew the red "blocked" word under the ghost, on the very planet that
    blocked the spot: over several blocked spots (just above each other planet), the word
    lies on the board clear of every other planet, ship, Base ring and panel."""
    from game.games.cosmic import art
    from game.games.cosmic.data import PLANET_RADIUS
    from game.games.cosmic.table import BASE_RADIUS

    from .test_scene import placing_back

    m, planet, scene = placing_back(app)
    view = scene.view
    checked = 0
    for other, (ox, oy) in sorted(m.table.planets.items()):
        if other == planet:
            continue
        at = (ox, oy - PLANET_RADIUS * 1.2)  # on it, the ghost just above its middle
        if m.table.can_place(planet, *at):
            continue
        box = view.ghost_word_box(planet, at, "blocked")
        assert art.FIELD_RECT.contains(box), other
        for (cx, cy), r in view.circles():
            near = pygame.Rect(0, 0, 1, 1).move(round(cx), round(cy)).inflate(2 * r - 8, 2 * r - 8)
            assert not box.colliderect(near), (other, box, (cx, cy))
        for f in scene.factions:
            bx, by = art.base_points(f)
            ring = art.px(BASE_RADIUS) - 4
            assert not box.colliderect(pygame.Rect(bx - ring, by - ring, 2 * ring, 2 * ring))
        assert box.collidelist(view.keep_off()) < 0
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("device", ["mouse", "keys1"])
def test_a_card_playable_now_is_said_before_the_aim_in_the_devices_words(
        app: Any, device: str) -> None:
    """A stranger with three colours banked read "No straight lane… try a bounce" while his
    Prototype Bomb waited: the prompt says the card first, in his device's words."""
    from .test_scene import human_turn

    m = human_turn(seed=3, players=2)
    m.state.players[0].hand = ["prototype_bomb"]
    m.state.players[0].base = ["red", "blue", "green"]
    scene = open_scene(app, device, "ai:easy", match=m)
    tick(scene)
    assert scene.to_act == 0 and scene.match.phase == Phase.FLICK
    assert scene.card_plays(0, "prototype_bomb")
    hint = scene.presenter.hint(0)
    if device == "mouse":
        assert hint.startswith("You can play Prototype Bomb now: click it"), hint
    else:
        key = app.input.word_for(device, "secondary")
        assert hint.startswith(f"You can play Prototype Bomb now: {key} cards"), hint
