"""Cosmic Kaboom on screen, headless: a whole AI-only match; a mouse slingshot flick, its right
click and dead zone; keys aiming and charging; the bomb's hand kept in the legal zone; placing
back refusing taken spots; cards played from the HUD; saving and resuming between decisions.

AI seats use a small deterministic stand-in with the real AI's interface (`CosmicAI`), so these
tests check the scene, not the AI's play.
"""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from game.app.catalogue import SEAT_COLOURS, MatchSetup, Seat
from game.app.input import MOUSE, POINT, ActionEvent
from game.games.cosmic import aimview as aim_mod
from game.games.cosmic import art, hud, marks, previews
from game.games.cosmic import scene as scene_mod
from game.games.cosmic.controls import (
    CHARGE_SECONDS,
    HOLD_DELAY,
    NO_ROOM,
    POWER_RATE,
    POWER_RATE_MAX,
    POWER_STEP,
    STUCK_SECONDS,
    flick_power,
    lift_gain,
    sweep,
    sweep_time,
)
from game.games.cosmic.data import BASE_CLEAR, FIELD, PLANET_RADIUS, PLANETS, SHIP_RADIUS
from game.games.cosmic.demos import skip_drafts
from game.games.cosmic.events import Bomb, Collected, Shielded, ShipDestroyed, Turn
from game.games.cosmic.match import CosmicMatch, FlickInput, Input, PlaceInput, TossInput
from game.games.cosmic.pull import pull_power
from game.games.cosmic.rules import EndTurn, Keep, Phase
from game.games.cosmic.scene import SAVE_VERSION, CosmicScene, Stage
from game.games.cosmic.table import corner_of, release_default, release_ok
from game.games.cosmic.world import flick_line
from game.ui import text, theme

STEP = 1.0 / 60.0


class StubAI:
    """The AI's interface: thinks for two frames, then flicks at the middle (or keeps, places,
    tosses, ends its turn)."""

    def __init__(self, level: str, seat: int, seed: int) -> None:
        self.seat = seat
        self.match: CosmicMatch | None = None
        self.frames = 0
        self.works = 0

    def begin(self, match: CosmicMatch) -> None:
        self.match = match
        self.frames = 0

    @property
    def thinking(self) -> bool:
        return self.match is not None

    def work(self, budget_s: float) -> Input | None:
        self.works += 1
        m = self.match
        if m is None:
            return None
        self.frames += 1
        if self.frames < 2:
            return None
        self.match = None
        st = m.state
        if m.phase == Phase.DRAFT:
            return Keep(self.seat, st.drafts[0][1][0])
        if m.phase == Phase.PLACE:
            planet = st.placements[0][1]
            x, y = m.table.free_spot(planet, (FIELD / 2, FIELD / 2))
            return PlaceInput(self.seat, planet, x, y)
        if m.phase == Phase.BOMB:
            f = st.options.seat_factions[self.seat]
            hx, hy = release_default(f)
            return TossInput(self.seat, hx, hy, math.atan2(FIELD / 2 - hy, FIELD / 2 - hx), 0.8)
        if st.flicks_made:
            return EndTurn(self.seat)
        x, y = m.ship_at(self.seat)
        return FlickInput(self.seat, math.atan2(FIELD / 2 - y, FIELD / 2 - x), 0.7)


class StubModule:
    LEVELS = ("easy", "medium", "hard")
    AI_LEVELS = (*LEVELS, "random")

    @staticmethod
    def make_ai(level: str, seat: int, seed: int) -> StubAI:
        return StubAI(level, seat, seed)


@pytest.fixture(autouse=True)
def stub_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scene_mod, "ai_module", lambda: StubModule)


def seats(*specs: str) -> list[Seat]:
    out = []
    for i, spec in enumerate(specs):
        if spec.startswith("ai:"):
            out.append(Seat(f"AI {i}", SEAT_COLOURS[i], "ai", spec[3:]))
        else:
            out.append(Seat(f"Human {i}", SEAT_COLOURS[i], "human", "medium", spec))
    return out


def open_scene(app: Any, *specs: str, match: CosmicMatch | None = None,
               seed: int = 3) -> CosmicScene:
    setup = MatchSetup("cosmic", seats(*specs), {"fly_back": False}, seed)
    state = None if match is None else {"version": SAVE_VERSION, "match": match.to_dict()}
    scene = CosmicScene(app, setup, state)
    app.stack.push(scene)
    app.stack.apply_requests()
    return scene


def human_turn(seed: int = 3, players: int = 2) -> CosmicMatch:
    """A match whose next decision is seat 0's first flick."""
    for s in range(seed, seed + 40):
        m = CosmicMatch.new(players, s)
        skip_drafts(m)
        if m.to_act() == 0 and m.phase == Phase.FLICK:
            return m
    raise AssertionError("no seed starts with seat 0")


def tick(scene: CosmicScene, seconds: float = STEP) -> None:
    t = 0.0
    while t < seconds - 1e-9:
        scene.update(STEP)
        scene.frame(STEP)  # a frame a step, as a 120 fps screen: held keys act in frames
        t += STEP


def mouse(scene: CosmicScene, action: str, pos: tuple[float, float], pressed: bool = True,
          ) -> bool:
    return scene.handle_action(ActionEvent(MOUSE, action, pressed, (round(pos[0]),
                                                                     round(pos[1]))))


def test_a_whole_ai_match_plays_out_headless(app: Any) -> None:
    match = CosmicMatch.new(2, 11, max_rounds=3)
    scene = open_scene(app, "ai:hard", "ai:easy", match=match)
    scene.time_scale = 6.0
    for _ in range(60 * 600):
        if scene.stage == Stage.OVER:
            break
        scene.update(STEP)
    assert scene.stage == Stage.OVER and scene.finished
    assert scene.match.over
    assert any(isinstance(i, FlickInput) for i in scene.inputs)
    assert all(ai.works > 0 for ai in scene.ais.values())


def test_mouse_slingshot_flicks_opposite_the_pull(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    ship = art.to_screen(*scene.match.ship_at(0))
    assert mouse(scene, "primary", ship)
    mouse(scene, POINT, (ship[0] - 40, ship[1] - 40))
    assert scene.aims.mouse_aim is not None and scene.aims.mouse_aim.active
    mouse(scene, "primary", (ship[0] - 40, ship[1] - 40), pressed=False)
    assert scene.stage == Stage.FLIGHT
    flick = scene.inputs[-1]
    assert isinstance(flick, FlickInput)
    assert flick.angle == pytest.approx(math.atan2(40, 40), abs=0.02)
    # by the corner the window's edge is near behind the pull: its length's power all the same
    power = flick_power(math.hypot(40, 40))
    assert flick.power == pytest.approx(power, abs=0.01)
    assert power == pull_power(math.hypot(40, 40))
    # the flick is the one the preview drew: on the preview's grid of angle and power
    assert flick.angle / previews.ANGLE_STEP == pytest.approx(
        round(flick.angle / previews.ANGLE_STEP), abs=1e-9)
    assert flick.power / previews.POWER_STEP == pytest.approx(
        round(flick.power / previews.POWER_STEP), abs=1e-9)
    line = scene.previews.preview(0, flick.angle, flick.power)
    assert line == flick_line(scene.match.table, 0, flick.angle, flick.power)
    tick(scene, 15.0)
    assert scene.stage != Stage.FLIGHT
    assert scene.match.state.players[0].docked is False


def test_a_pull_pinned_at_the_windows_edge_goes_on_by_the_mouse_motion(
        app: Any, driver: Any, monkeypatch: Any) -> None:
    """The playtest: from a Base a 70 px pull ending near the top edge was 85% (mid-board
    30%), as the edge counted as full power. Now the pull is its length's power at the
    edge; the scene reads the mouse in relative mode there, so the mouse's own motion
    (the events' `rel`) carries the pull past the edge to full, and the mode ends with the
    pull."""
    modes: list[bool] = []
    monkeypatch.setattr(pygame.mouse, "set_relative_mode", modes.append)
    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    sx, sy = (round(v) for v in art.to_screen(*scene.match.ship_at(0)))
    up = sy < 360
    edge_y = 0 if up else art.SCREEN[1] - 1
    room = abs(sy - edge_y)
    assert room < 120  # the window's edge is well short of a full pull behind the ship
    sign = -1 if up else 1

    def moved(y: float, rel: float) -> pygame.event.Event:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=(sx, round(y)), rel=(0, rel),
                                  buttons=(1, 0, 0))

    driver.move((sx, sy))
    driver.wait_for_guard()
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=1)])
    for i in range(1, 5):
        driver.step([moved(sy + sign * room * i / 4, sign * room / 4)])
    aim = scene.aims.mouse_aim
    assert aim is not None and aim.active
    assert aim.power == pytest.approx(pull_power(room), abs=0.01) and aim.power < 0.8
    assert scene.relative_mouse and modes == [True]
    for _ in range(12):  # the system's pointer stays on the edge; the mouse moves on
        driver.step([moved(edge_y, sign * 10.0)])
    assert aim.power == pytest.approx(1.0)
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(sx, edge_y), button=1)])
    flick = scene.inputs[-1]
    assert isinstance(flick, FlickInput) and flick.power == pytest.approx(1.0)
    assert math.sin(flick.angle) * sign < -0.99  # away from the edge it was pulled toward
    assert not scene.relative_mouse and modes == [True, False]


def _circle_hits(rect: pygame.Rect, circles: list[tuple[tuple[float, float], float]]) -> bool:
    """Whether `rect` covers any part of one of `circles` (centre, radius)."""
    for (cx, cy), r in circles:
        nx, ny = min(max(cx, rect.left), rect.right), min(max(cy, rect.top), rect.bottom)
        if math.hypot(cx - nx, cy - ny) < r:
            return True
    return False


def test_a_pull_the_edge_holds_is_marked_there_and_said_plainly_when_stuck(
        app: Any, driver: Any, monkeypatch: Any) -> None:
    """A pointer moved by absolute positions (xdotool's drag, a remote desktop) brings no
    motion of the mouse's own in relative mode: a pull from a Base toward the edge froze at
    the edge's power, its hand drawn off the screen. Now a hand ring and arrow sit at the
    edge where the band leaves the screen, and after a moment pinned the table says, by the
    ship, off planets, ships and panels, to start the pull in open space; a real mouse's
    motion never brings the words."""
    monkeypatch.setattr(pygame.mouse, "set_relative_mode", lambda on: None)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = marks.board_label

    def spy(surface: pygame.Surface, words: str, size: int, colour: Any, at: Any,
            anchor: str = "midtop") -> None:
        img = text.render(words, size, colour, True)
        drawn.append((words, img.get_rect(**{anchor: (round(at[0]), round(at[1]))})))
        real(surface, words, size, colour, at, anchor)

    monkeypatch.setattr(aim_mod, "board_label", spy)
    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    sx, sy = (round(v) for v in art.to_screen(*scene.match.ship_at(0)))
    edge_y = 0 if sy < 360 else art.SCREEN[1] - 1
    driver.move((sx, sy))
    driver.wait_for_guard()
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=1)])
    for i in range(1, 5):  # xdotool's steps: each a position, the last at the edge
        y = round(sy + (edge_y - sy) * i / 4)
        driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(sx - 10 * i, y),
                                        rel=(0, 0), buttons=(1, 0, 0))])
    aim = scene.aims.mouse_aim
    assert aim is not None and aim.active and aim.pointer.pinned and aim.power < 0.9
    hand = scene.view.aim.band_hand(aim, (sx, sy))
    assert not marks.BAND_SHOWN.collidepoint(hand)  # out of sight
    driver.step(draw=True)
    mark = scene.view.aim.edge_mark
    assert mark is not None and marks.BAND_SHOWN.inflate(-20, -20).collidepoint(mark)
    assert not any(words == NO_ROOM for words, _ in drawn)  # not at once
    drawn.clear()
    for _ in range(round(STUCK_SECONDS * 60) + 4):
        driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(sx - 40, edge_y), rel=(0, 0),
                                        buttons=(1, 0, 0))], draw=True)
    said = [r for words, r in drawn if words == NO_ROOM]
    assert said and aim.power < 0.9
    box = said[-1]
    assert not _circle_hits(box, scene.view.circles())
    assert not any(box.colliderect(r) for r in scene.view.keep_off())
    near = (min(max(sx, box.left), box.right), min(max(sy, box.top), box.bottom))
    assert math.dist(near, (sx, sy)) < 300  # by the ship (the nearest clear room)
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(sx - 40, edge_y), button=1)])
    # a real mouse: its motion arrives past the edge, and the words never come
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=1)])
    driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(sx, edge_y), rel=(0, edge_y - sy),
                                    buttons=(1, 0, 0))])
    drawn.clear()
    for _ in range(round(STUCK_SECONDS * 60) + 4):
        driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(sx, edge_y),
                                        rel=(0, 1 if edge_y else -1), buttons=(1, 0, 0))],
                    draw=True)
    assert not any(words == NO_ROOM for words, _ in drawn)


def test_a_pull_begun_in_open_space_reaches_full_power_by_absolute_moves(
        app: Any, driver: Any) -> None:
    """What the words advise works with a pointer moved by positions alone: a press in open
    space, pulled away from the aim, reaches full power inside the window."""
    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    start = (640, 360)
    driver.move(start)
    driver.wait_for_guard()
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    for i in range(1, 11):
        driver.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(640 + 20 * i, 360 + 10 * i),
                                        rel=(0, 0), buttons=(1, 0, 0))])
    aim = scene.aims.mouse_aim
    assert aim is not None and not aim.on_ship and aim.power == pytest.approx(1.0)
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(840, 460), button=1)])
    flick = scene.inputs[-1]
    assert isinstance(flick, FlickInput) and flick.power == pytest.approx(1.0)


def test_right_click_and_the_dead_zone_cancel(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    ship = art.to_screen(*scene.match.ship_at(0))
    mouse(scene, "primary", ship)
    mouse(scene, POINT, (ship[0] - 80, ship[1]))
    mouse(scene, "secondary", (ship[0] - 80, ship[1]))
    mouse(scene, "primary", (ship[0] - 80, ship[1]), pressed=False)
    assert scene.stage == Stage.DECIDE and not scene.inputs
    mouse(scene, "primary", ship)
    mouse(scene, POINT, (ship[0] - 5, ship[1] + 4))
    mouse(scene, "primary", (ship[0] - 5, ship[1] + 4), pressed=False)
    assert scene.stage == Stage.DECIDE and not scene.inputs
    # A press outside space (and off every panel) is no pull at all.
    assert not mouse(scene, "primary", (art.FIELD_RECT.right + 30, 690))


def test_a_pull_may_start_anywhere_in_space(app: Any) -> None:
    # Pressing away from the ship pulls from there; the flick still leaves from the ship.
    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    start = (640.0, 360.0)
    assert mouse(scene, "primary", start)
    mouse(scene, POINT, (600.0, 320.0))
    mouse(scene, "primary", (600.0, 320.0), pressed=False)
    flick = scene.inputs[-1]
    assert isinstance(flick, FlickInput)
    assert flick.angle == pytest.approx(math.atan2(40, 40), abs=0.02)
    assert flick.power == pytest.approx(pull_power(math.hypot(40, 40)), abs=0.01)


def test_keys_turn_the_aim_and_charge_the_power(app: Any) -> None:
    scene = open_scene(app, "keys1", "ai:medium", match=human_turn())
    tick(scene)
    aim = scene.aims.pad_aim
    assert aim is not None
    before = aim.angle
    app.input.held.add(("keys1", "right"))
    tick(scene, 0.5)
    app.input.held.discard(("keys1", "right"))
    assert aim.angle > before
    shown = aim.power
    scene.handle_action(ActionEvent("keys1", "up", True))
    scene.handle_action(ActionEvent("keys1", "up", False))
    assert aim.power == pytest.approx(shown + POWER_STEP)
    aim.set_power(0.0)
    scene.handle_action(ActionEvent("keys1", "primary", True))
    tick(scene, 0.5)
    expected = sweep(sweep_time(aim.before) + 0.5 - HOLD_DELAY)  # a charge waits out a tap
    scene.handle_action(ActionEvent("keys1", "primary", False))
    flick = scene.inputs[-1]
    assert isinstance(flick, FlickInput)
    assert flick.power == pytest.approx(expected, abs=0.05)
    assert CHARGE_SECONDS * 2 > 0.5


def test_a_tap_of_left_or_right_turns_the_aim_a_small_step(app: Any) -> None:
    """A press shorter than a frame turned nothing (a stranger's taps "did nothing"): each
    press of left or right is a small fixed turn, the same with Shift (the keys' fire) held:
    a tap while charging turned a quarter as far, one of the stranger's "different amounts"."""
    from game.games.cosmic.controls import TAP_STEP

    scene = open_scene(app, "keys1", "ai:medium", match=human_turn())
    tick(scene)
    aim = scene.aims.pad_aim
    assert aim is not None
    before = aim.angle
    for _ in range(3):  # down and up between two frames: no frame sees the key held
        assert scene.handle_action(ActionEvent("keys1", "right", True))
        scene.handle_action(ActionEvent("keys1", "right", False))
    assert (aim.angle - before) % math.tau == pytest.approx(3 * TAP_STEP)
    scene.handle_action(ActionEvent("keys1", "left", True))
    scene.handle_action(ActionEvent("keys1", "left", False))
    assert (aim.angle - before) % math.tau == pytest.approx(2 * TAP_STEP)
    scene.handle_action(ActionEvent("keys1", "right", True, fine=True))  # Shift held
    scene.handle_action(ActionEvent("keys1", "right", False, fine=True))
    assert (aim.angle - before) % math.tau == pytest.approx(3 * TAP_STEP)


def bomb_match(human: int = 0) -> CosmicMatch:
    m = human_turn()
    d = m.to_dict()
    st = d["state"]
    st["players"][human]["base"] = ["red", "blue", "green", "yellow"]
    st["turn_phase"] = "bomb"
    st["bomb_cubes"] = ["red", "blue", "green", "yellow"]
    return CosmicMatch.from_dict(d)


def test_the_bomb_hand_stays_in_the_legal_zone(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:medium", match=bomb_match())
    tick(scene)
    toss = scene.aims.mouse_toss
    assert toss is not None
    for pos in ((640, 360), (900, 650), (0, 0), (345, 65)):
        mouse(scene, POINT, pos)
        assert release_ok(toss.faction, *toss.hand), pos
    centre = art.FIELD_RECT.center
    mouse(scene, "primary", centre)
    mouse(scene, POINT, (centre[0] - 70, centre[1] - 70))
    mouse(scene, "rotate_right", (centre[0] - 70, centre[1] - 70))
    mouse(scene, "primary", (centre[0] - 70, centre[1] - 70), pressed=False)
    got = scene.inputs[-1]
    assert isinstance(got, TossInput) and release_ok(toss.faction, got.x, got.y)
    assert got.spin == pytest.approx(0.25)
    turn = scene.match.state.turn
    tick(scene, 20.0)
    assert scene.match.state.turn > turn  # the toss was played: the turn moved on


def placing_back(app: Any) -> tuple[CosmicMatch, int, Any]:
    """A mouse human about to place one of its planets back (its first), the aim on."""
    m = human_turn()
    d = m.to_dict()
    planet = m.state.planets_of(0)[0]
    d["state"]["placements"] = [[0, planet]]
    m = CosmicMatch.from_dict(d)
    scene = open_scene(app, "mouse", "ai:medium", match=m)
    tick(scene)
    assert scene.aims.place is not None
    return m, planet, scene


def test_placing_back_refuses_a_taken_spot(app: Any) -> None:
    m, planet, scene = placing_back(app)
    other = next(p for p in m.table.planets if p != planet)
    taken = art.to_screen(*m.table.planets[other])
    mouse(scene, POINT, taken)
    mouse(scene, "primary", taken)
    mouse(scene, "primary", taken, pressed=False)
    assert scene.match.phase == Phase.PLACE and not scene.inputs
    free = m.table.free_spot(planet, (FIELD / 2, FIELD / 2))
    spot = art.to_screen(*free)
    mouse(scene, "primary", taken)  # picked up on a taken spot, dragged to a free one
    mouse(scene, POINT, spot)
    assert not scene.inputs
    mouse(scene, "primary", spot, pressed=False)
    assert isinstance(scene.inputs[-1], PlaceInput)
    assert planet in scene.match.table.planets


def with_cards(*cards: str) -> CosmicMatch:
    m = human_turn()
    d = m.to_dict()
    d["state"]["players"][0]["hand"] = list(cards)
    return CosmicMatch.from_dict(d)


def test_cards_are_played_from_the_hud(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:medium", match=with_cards("afterburner",
                                                                    "supply_drop"))
    tick(scene)
    rect = hud.panel_rect(scene.faction_of(0))
    rows = hud.card_rects(rect, 2)
    mouse(scene, "primary", rows[0].center)
    assert scene.match.state.flicks_left == 2
    assert scene.match.state.players[0].hand == ["supply_drop"]
    rows = hud.card_rects(rect, 1)
    mouse(scene, "primary", rows[0].center)
    assert scene.commands.chooser is not None and len(scene.commands.chooser[1]) == 4
    # The prompt names what is chosen (a stranger read "Pick a target" over the colours).
    assert scene.presenter.hint(0) == "Click the colour you want"
    box, options = hud.chooser_rects(4, scene.faction_of(0))
    # over the player's own side panel, never over space (it hid the planets it named)
    assert not box.colliderect(art.FIELD_RECT.inflate(-40, -40))
    assert box.colliderect(hud.panel_rect(scene.faction_of(0), True))
    mouse(scene, "primary", options[1].center)
    assert scene.commands.chooser is None
    assert scene.match.state.players[0].hold == ["blue"]


def test_keys_reach_the_hud_and_its_cards(app: Any) -> None:
    scene = open_scene(app, "keys1", "ai:medium", match=with_cards("afterburner"))
    tick(scene)
    scene.handle_action(ActionEvent("keys1", "secondary", True))
    # the greyed buttons are reached too (pressed, they say why); the keys land on the card
    items = scene.commands.focus_items()
    assert items == [("button", "return"), ("button", "end"), ("card", "afterburner")]
    assert scene.commands.menu_focus == 2
    scene.handle_action(ActionEvent("keys1", "confirm", True))
    assert scene.match.state.flicks_left == 2 and scene.commands.menu_focus is None


def test_the_draft_shows_both_cards_and_keeps_the_clicked_one(app: Any) -> None:
    for s in range(1, 40):
        m = CosmicMatch.new(2, s)
        if m.to_act() == 0 and m.phase == Phase.DRAFT:
            break
    scene = open_scene(app, "mouse", "ai:medium", match=m)
    tick(scene)
    offer = list(m.state.drafts[0][1])
    _, rects = hud.draft_rects()
    mouse(scene, "primary", rects[1].center)
    assert scene.inputs[-1] == Keep(0, offer[1])
    assert offer[1] in scene.match.state.players[0].hand


def test_a_mouse_seat_keeps_a_card_with_the_keys_by_the_ring(app: Any, monkeypatch: Any) -> None:
    """The playtest, one human on a Mouse seat choosing with the keys: the banner said
    "Click the card to keep", no card was ringed, D did nothing to be seen, and Space kept
    the left card. The first key shows the ring and the keys' words; D and A move it;
    Space keeps the ringed card."""
    for s in range(1, 40):
        m = CosmicMatch.new(2, s)
        if m.to_act() == 0 and m.phase == Phase.DRAFT:
            break
    scene = open_scene(app, "mouse", "ai:medium", match=m)
    tick(scene)
    offer = list(m.state.drafts[0][1])
    rings: list[tuple[int, bool]] = []
    real = hud.draw_draft

    def spy(surface: Any, title: str, cards: Any, focus: int, t: float, ring: bool) -> Any:
        rings.append((focus, ring))
        return real(surface, title, cards, focus, t, ring)

    monkeypatch.setattr(hud, "draw_draft", spy)

    def shown() -> tuple[int, bool]:
        scene.draw(pygame.Surface((1280, 720)))
        return rings[-1]

    assert shown() == (0, False) and "Click" in scene.presenter.hint(0)
    scene.handle_action(ActionEvent("keys1", "right", True))  # the first key: the ring shows
    assert shown() == (0, True) and "Click" not in scene.presenter.hint(0)
    assert "D" in scene.presenter.hint(0)
    scene.handle_action(ActionEvent("keys1", "right", True))
    assert shown() == (1, True)
    scene.handle_action(ActionEvent("keys1", "left", True))
    scene.handle_action(ActionEvent("keys1", "right", True))
    assert shown() == (1, True)
    scene.handle_action(ActionEvent("keys1", "confirm", True))
    assert scene.inputs[-1] == Keep(0, offer[1])


def test_save_and_resume_between_decisions(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    saved = scene.save_state()
    assert saved is not None and saved["version"] == SAVE_VERSION
    again = CosmicScene(app, scene.setup, saved)
    assert again.match.to_dict() == scene.match.to_dict()
    scene.open_pause()
    app.stack.apply_requests()
    from game.app.menus.overlays import PauseOverlay

    assert isinstance(app.stack.top, PauseOverlay)
    with pytest.raises(ValueError):
        CosmicScene(app, scene.setup, {"version": 99, "match": saved["match"]})


def test_a_mid_flick_save_holds_the_flick_played_out(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    before = scene.match.to_dict()
    ship = art.to_screen(*scene.match.ship_at(0))
    mouse(scene, "primary", ship)
    mouse(scene, POINT, (ship[0] - 50, ship[1] - 50))
    mouse(scene, "primary", (ship[0] - 50, ship[1] - 50), pressed=False)
    assert scene.stage == Stage.FLIGHT
    saved = scene.save_state()
    assert saved is not None and saved["match"] != before
    assert scene.match.to_dict() == before  # the save plays it out on a copy
    while scene.stage == Stage.FLIGHT:
        tick(scene, 0.5)
    assert saved["match"] == scene.match.to_dict()  # where the screen's flight lands


def test_continue_after_leaving_during_a_kill_keeps_the_kill(app: Any) -> None:
    """Left while the seat's own ship flies out of space (destroyed: the turn ends), the
    save holds the loss, and Continue resumes after it instead of rewinding the turn."""
    scene = open_scene(app, "mouse", "mouse", seed=3)  # recorded from its seed
    while scene.match.phase == Phase.DRAFT:
        seat = scene.to_act
        assert seat is not None
        assert scene.perform(Keep(seat, scene.match.state.drafts[0][1][0]))
    me = scene.to_act
    assert me is not None and scene.match.phase == Phase.FLICK
    x, y = scene.match.ship_at(me)
    out = math.atan2(y - FIELD / 2, x - FIELD / 2)
    assert scene.perform(FlickInput(me, out, 1.0))
    tick(scene, 0.05)
    assert scene.stage == Stage.FLIGHT
    saved = scene.save_state()
    assert saved is not None and saved["replay"] is not None
    again = CosmicScene(app, scene.setup, saved)
    assert again.recorder is not None and again.recorder.ok  # the replay goes on from it
    st = again.match.state
    assert any(isinstance(e, ShipDestroyed) and e.seat == me for e in st.events)
    assert again.to_act == 1 - me and again.stage == Stage.DECIDE


def test_a_couch_keeps_each_players_cards_behind_the_curtain(app: Any) -> None:
    from game.tabletop.curtain import PassCurtain

    scene = open_scene(app, "mouse", "keys1", seed=5)
    st = scene.match.state
    assert scene.match.phase == Phase.DRAFT
    first = scene.to_act
    assert first is not None
    # before the curtain is up the banner shows its words, not keys for cards nobody sees
    assert scene.presenter.banner()[1] == scene_mod.DRAFT_CURTAIN
    tick(scene, 0.1)
    app.stack.apply_requests()
    curtain = app.stack.top
    assert isinstance(curtain, PassCurtain) and curtain.name == scene.name(first)
    # the seat looks on the curtain as on the table (the lobby's colour and shape)
    assert curtain.colour == art.faction_colour(scene.faction_of(first))
    assert curtain.shape == art.faction_shape(scene.faction_of(first))
    assert not scene.hand_shown(0) and not scene.hand_shown(1)
    assert scene.view.seat_info(first).cards == ()  # nothing face up while the screen passes
    curtain.time = 1.0
    curtain.handle_action(ActionEvent(scene.device_of(first), "confirm"))
    app.stack.apply_requests()
    assert scene.peeked == first and scene.hand_shown(first)
    assert "keeps" in scene.presenter.banner()[1] or "Click" in scene.presenter.banner()[1]
    other = 1 - first
    assert not scene.hand_shown(other)
    assert scene.perform(Keep(first, st.drafts[0][1][0]))
    tick(scene, 0.1)
    app.stack.apply_requests()
    # the other human's choice: the screen goes back behind a curtain, for them this time
    assert scene.to_act == other
    assert not scene.hand_shown(first)
    assert isinstance(app.stack.top, PassCurtain) and app.stack.top.name == scene.name(other)


def test_a_couch_curtain_waits_until_a_bombs_result_has_been_seen(app: Any) -> None:
    """The pass curtain came down over a bomb's explosion at once: nobody saw whose planets
    went. It waits until the result has been up for a beat."""
    from game.tabletop.curtain import PassCurtain

    scene = open_scene(app, "mouse", "keys1", seed=5)
    assert scene.match.phase == Phase.DRAFT
    scene.presenter.result = ("KABOOM!", ("Ben loses the Red planet",), scene_mod.RESULT_SECONDS)
    tick(scene, 0.5)
    app.stack.apply_requests()
    assert not isinstance(app.stack.top, PassCurtain) and scene.curtain_due is not None
    tick(scene, scene_mod.RESULT_BEAT)
    app.stack.apply_requests()
    assert isinstance(app.stack.top, PassCurtain)


def test_the_save_summary_reads_a_tie_as_a_tie(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn())
    st = scene.match.state
    a, b = st.scores()
    from game.core.voice import count

    assert a == b and scene.save_summary() == f"Round 1, everyone is on {count(a, 'point')}"
    mine = next(p for p, o in sorted(st.owner.items()) if o == 1)
    st.owner[mine] = 0
    assert scene.save_summary() == f"Round 1, you lead with {count(st.scores()[0], 'point')}"


def _couch_with_a_card(app: Any) -> CosmicScene:
    """A couch (mouse and keys) at seat 0's flick, holding an Afterburner."""
    m = human_turn(seed=3, players=2)
    m.state.players[0].hand = ["afterburner"]
    m.state.deck.remove("afterburner")
    scene = open_scene(app, "mouse", "keys1", match=m)
    tick(scene, 0.1)
    return scene


def _look_at_my_cards(app: Any, scene: CosmicScene) -> None:
    """My cards, then the mouse player's click on the pass curtain."""
    from game.tabletop.curtain import PassCurtain

    assert scene.commands.activate("cards")
    app.stack.apply_requests()
    curtain = app.stack.top
    assert isinstance(curtain, PassCurtain)
    curtain.time = 1.0
    curtain.handle_action(ActionEvent(MOUSE, "primary", pos=(640, 360)))
    app.stack.apply_requests()


def test_a_couch_player_looks_at_their_cards_from_the_hud(app: Any) -> None:
    scene = _couch_with_a_card(app)
    assert scene.to_act == 0 and not scene.hand_shown(0)
    assert "cards" in [b.key for b in scene.commands.buttons()]
    # named for whose they are ("My cards" read as the clicker's on the other's turn)
    label = next(b.label for b in scene.commands.buttons() if b.key == "cards")
    assert label == f"{scene.voice.Poss(0)} cards" and scene.names[0] in label
    assert not scene.commands.play_card(0, "afterburner")  # not before looking
    _look_at_my_cards(app, scene)
    assert scene.hand_shown(0) and "cards" not in [b.key for b in scene.commands.buttons()]
    assert "hide" in [b.key for b in scene.commands.buttons()]
    assert scene.commands.activate("hide")  # face down again, by the player's own hand
    assert not scene.hand_shown(0)
    _look_at_my_cards(app, scene)
    assert scene.commands.play_card(0, "afterburner")
    tick(scene, 0.1)
    # the move is made: the cards go face down for the turn's flicks, which all may watch
    assert not scene.hand_shown(0) and scene.view.seat_info(0).cards == ()


def test_a_couch_players_cards_go_face_down_when_they_start_a_pull(app: Any) -> None:
    scene = _couch_with_a_card(app)
    _look_at_my_cards(app, scene)
    assert scene.hand_shown(0)
    ship = art.to_screen(*scene.match.ship_at(0))
    assert mouse(scene, "primary", ship)
    mouse(scene, POINT, (ship[0] - 40, ship[1] - 40))
    tick(scene, 0.05)
    assert scene.aims.active and not scene.hand_shown(0)


def test_no_panel_lies_under_a_bomb_hand_its_ring_or_spin_label() -> None:
    """Issue 16: the bomb's aim covered a panel and its points. Every spot of every corner's
    release zone, with the power ring (30 px) and the spin label under it, stays clear of
    every panel (short or tall) and of the unclaimed corners' labels."""
    rects = [hud.panel_rect(f, tall) for f in range(4) for tall in (False, True)]
    for f in range(4):
        cx, cy = art.to_screen(*corner_of(f))
        for dx in range(-120, 121, 4):
            for dy in range(-120, 121, 4):
                wx, wy = art.to_world(cx + dx, cy + dy)
                if not release_ok(f, wx, wy):
                    continue
                x, y = cx + dx, cy + dy
                ring = pygame.Rect(0, 0, 64, 64)
                ring.center = (round(x), round(y))
                reach = ring.union(pygame.Rect(round(x) - 40, round(y), 80, 52))
                for r in rects:
                    assert not r.colliderect(reach), (f, x, y, r)


def test_the_hand_starts_the_toss_anywhere_over_space(app: Any) -> None:
    m = human_turn(seed=3, players=2)
    m.state.players[0].base = ["red", "blue", "green", "yellow"]
    m.state.turn_phase = Phase.BOMB
    scene = open_scene(app, "mouse", "ai:easy", match=m)
    tick(scene, 0.1)
    assert scene.match.phase == Phase.BOMB and scene.to_act == 0
    at = art.to_screen(300.0, 300.0)
    mouse(scene, POINT, at)
    assert mouse(scene, "primary", at)
    mouse(scene, POINT, (at[0] - 60, at[1] - 60))
    assert mouse(scene, "primary", (at[0] - 60, at[1] - 60), pressed=False)
    tick(scene, 0.1)
    assert isinstance(scene.pending, TossInput)
    assert release_ok(scene.faction_of(0), scene.pending.x, scene.pending.y)


def test_the_table_layer_is_patched_per_panel_and_matches_a_full_redraw(app: Any) -> None:
    import pygame

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    view = scene.view
    layer = view._table_layer()
    before = pygame.image.tobytes(layer, "RGB")
    scene.match.state.players[1].hold = ["red", "green"]  # a panel changes
    assert view._table_layer() is layer  # patched in place, not drawn whole
    patched = pygame.image.tobytes(layer, "RGB")
    assert patched != before
    view._layer = None  # draw it all again
    assert pygame.image.tobytes(view._table_layer(), "RGB") == patched


def test_a_shielded_bomb_says_the_shield_held_not_that_it_missed(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    scene.presenter._on_rules_event(Shielded(seat=1))
    scene.presenter._on_rules_event(Bomb(seat=0, destroyed=()))
    message = scene.presenter.notes[-1][0]
    assert "Planetary Shield holds" in message and "misses" not in message
    assert scene.presenter.shielded_now == []


def test_the_bombs_result_card_hides_while_a_bomb_is_in_the_air(app: Any) -> None:
    import pygame

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    planet = scene.match.state.planets_of(1)[0]
    scene.presenter._on_rules_event(Bomb(seat=0, destroyed=(planet,)))
    assert scene.presenter.result is not None and "+" in scene.presenter.result[1][0]
    left, top, w = scene.view.result_place(scene.presenter.result[1],
                                           scene.presenter.result_spots)
    box = hud.result_rect(hud.result_rows(scene.presenter.result[1], w), top, left, w)
    shown = pygame.Surface((1280, 720))
    scene.draw(shown)
    scene.stage = Stage.FLIGHT
    hidden = pygame.Surface((1280, 720))
    scene.draw(hidden)
    assert shown.subsurface(box).get_at((20, 10)) != hidden.subsurface(box).get_at((20, 10))


def test_the_bombs_result_card_goes_where_it_hides_no_planet_or_ship(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    lines = [RESULT_LINE]
    left, top, w = scene.view.result_place(lines)
    box = hud.result_rect(hud.result_rows(lines, w), top, left, w)
    reach = art.px(PLANET_RADIUS)
    spots = [art.to_screen(*xy) for xy in scene.match.table.planets.values()]
    assert spots and not any(box.inflate(reach * 2, reach * 2).collidepoint(x, y)
                             for x, y in spots)  # no planet's disc under the card
    assert box != hud.result_rect(2)  # the old low place hid the planets by the lower edge


def test_the_power_bar_keeps_clear_of_a_ship_in_any_corner() -> None:
    """By every Base, aiming anywhere into space, the bar and its words keep away from the
    ship and off the aim line (a corner's clamp once pushed them against the ship)."""
    from game.games.cosmic.marks import METER_CLEAR, meter_rect, to_segment

    for faction in range(4):
        at = art.to_screen(*corner_of(faction))
        centre = math.atan2(art.SCREEN[1] / 2 - at[1], art.SCREEN[0] / 2 - at[0])
        for turn in (-35.0, 0.0, 35.0):
            angle = centre + math.radians(turn)
            rect = meter_rect(at, angle)
            plate = rect.union(rect.move(0, -22))  # the bar and its words above it
            assert not plate.collidepoint(at)
            near = math.dist(at, (min(max(at[0], plate.left), plate.right),
                                  min(max(at[1], plate.top), plate.bottom)))
            assert near >= METER_CLEAR
            end = (at[0] + math.cos(angle) * 200, at[1] + math.sin(angle) * 200)
            assert to_segment(plate.center, at, end) >= METER_CLEAR


def test_the_power_bar_moves_off_a_planet_where_there_is_room() -> None:
    from game.games.cosmic.data import PLANET_RADIUS
    from game.games.cosmic.marks import meter_rect

    at = art.to_screen(*corner_of(0))
    angle = math.atan2(art.SCREEN[1] / 2 - at[1], art.SCREEN[0] / 2 - at[0])
    first = meter_rect(at, angle)
    planet = first.center
    moved = meter_rect(at, angle, (planet,))
    reach = art.px(PLANET_RADIUS)
    assert not moved.union(moved.move(0, -22)).inflate(reach * 2, reach * 2).collidepoint(planet)


def test_a_match_ending_bomb_leaves_its_result_up_before_the_sheet(app: Any) -> None:
    from dataclasses import replace

    from game.games.cosmic.demos import _bomb_turn
    from game.games.cosmic.world import blast_at, preview_toss

    _setup, match, seat = _bomb_turn(4)
    hand = release_default(match.state.options.seat_factions[seat])
    toss = next(TossInput(seat, *hand, a, k / 10, 0.0)
                for p, (x, y) in sorted(match.table.planets.items())
                if match.state.owner[p] != seat
                for a in (math.atan2(y - hand[1], x - hand[0]),) for k in range(2, 11)
                if p in blast_at(match.table, preview_toss(hand, a, k / 10)[1][-1]))
    match.state.options = replace(match.state.options, end_at=1)
    scene = open_scene(app, *("mouse" if i == seat else "ai:easy" for i in range(2)),
                       match=match)
    tick(scene)
    assert scene.perform(toss)
    scene.time_scale = 8.0  # the flight and the slide, quickly
    for _ in range(3000):
        tick(scene)
        if scene.match.over:
            break
    scene.time_scale = 1.0
    assert scene.match.over and scene.presenter.result is not None
    assert scene.stage != Stage.OVER  # the last bomb's result is read first
    tick(scene, scene_mod.END_AFTER_RESULT + 0.1)
    assert scene.stage == Stage.OVER


def test_the_bomb_goes_off_big_with_a_ring_at_its_reach_and_never_shakes_an_aim(app: Any,
                                                                               ) -> None:
    from game.games.cosmic.data import BOMB_RADIUS

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    assert not app.reduced_motion
    scene.fx.explode((640.0, 360.0), art.px(BOMB_RADIUS))
    kinds = {b.kind: b for b in scene.fx.blasts}
    assert set(kinds) == {"fire", "edge", "ring"}
    assert kinds["edge"].radius == art.px(BOMB_RADIUS)  # the blast's exact reach
    assert 2.0 <= scene.fx.shake <= 6.0 and scene.fx.flash == 1.0  # a jolt of a few px
    assert not scene.view._steady()  # nobody aims: the table shakes
    ship = art.to_screen(*scene.match.ship_at(0))
    assert mouse(scene, "primary", ship)
    mouse(scene, POINT, (ship[0] - 60, ship[1] - 60))
    assert scene.aims.active and scene.view._steady()  # an aim in hand: it holds still


def test_each_planet_kind_wears_its_own_pattern_not_only_its_hue(app: Any) -> None:
    from game.games.cosmic.data import COLOUR_KEYS, PATTERNS, PLANETS
    from game.games.cosmic.info import rules_page

    assert sorted(PATTERNS) == sorted(COLOUR_KEYS) and len(set(PATTERNS.values())) == 4
    # in grey (hue gone) two planets of different kinds with the same owner and dots differ
    by_colour = {p.colour: p.planet_id for p in PLANETS if p.dots == 1}
    greys = set()
    for colour in COLOUR_KEYS:
        img = art.planet_sprite(by_colour[colour], 0)
        grey = pygame.transform.grayscale(img)
        w, h = grey.get_size()
        mask = bytes(1 if grey.get_at((x, y))[0] < 90 else 0 for y in range(0, h, 2)
                     for x in range(0, w, 2))
        greys.add(mask)
    assert len(greys) == 4
    page = rules_page()
    assert all(word in page for word in PATTERNS.values())


def test_a_ship_past_the_edge_is_marked_over_the_panels_and_the_banner(app: Any) -> None:
    """A ship partly out past the edge stays findable under a panel or the banner: its outline
    in its seat's colour is drawn over them (the sprite itself stays under the HUD, which a
    playtester found hiding the End turn button)."""
    from game.games.cosmic.table import Table

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    scene.match.state.players[1].docked = False
    reach = art.px(SHIP_RADIUS)
    for spot in ((-11.0, 300.0), (360.0, -11.0)):
        t = scene.match.table
        scene.match.table = Table(t.factions, dict(t.planets), {**t.ships, 1: spot})
        shown = pygame.Surface((1280, 720))
        scene.draw(shown)
        x, y = art.to_screen(*spot)
        k = reach - 1
        ring = [(round(x + math.cos(a / 10) * k), round(y + math.sin(a / 10) * k))
                for a in range(63)]
        assert any(tuple(shown.get_at(p))[:3] == tuple(scene.colours[1]) for p in ring), spot


def test_the_flick_hint_points_at_lanes_or_says_what_to_do_without_one(app: Any) -> None:
    from game.games.cosmic.table import Table

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    assert scene.previews.open_shots(0)  # the quick start: a lane from the Base
    assert scene.presenter.flick_hint(0).startswith("Dotted lanes")
    st = scene.match.state
    t = scene.match.table
    # the ship boxed in by a ring of planets that hold no crystal: no straight lane out
    ship = (360.0, 360.0)
    bare = [p for p in sorted(t.planets) if p not in st.crystal.values()][:6]
    ring = {p: (ship[0] + 49.0 * math.cos(k * math.pi / 3),
                ship[1] + 49.0 * math.sin(k * math.pi / 3)) for k, p in enumerate(bare)}
    far = [(80.0, 80.0 + 90.0 * i) for i in range(7)]
    for p, xy in zip((p for p in sorted(t.planets) if p not in bare), far, strict=False):
        ring[p] = xy
    scene.match.table = Table(t.factions, ring, {0: ship})
    st.players[0].docked = False
    st.players[0].hold = ["red"]
    assert not scene.previews.open_shots(0)
    assert scene.presenter.flick_hint(0).startswith("No straight lane")
    st.players[0].hold = ["red", "blue", "green", "yellow"]
    assert "Return to Base to bank" in scene.presenter.flick_hint(0)


def test_lanes_lead_to_the_first_catch_and_brackets_stay(app: Any,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A sweep of four crystals was a matter of following dots: the dotted lanes show the way
    to a trip's first crystal; after a catch only the brackets mark what is still needed."""
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    assert scene.previews.open_shots(0)
    dots: list[object] = []
    lines: list[object] = []
    real_circle, real_line = pygame.draw.circle, pygame.draw.line

    def circle(*a: Any, **k: Any) -> Any:
        dots.append(a[2] if len(a) > 2 else None)
        return real_circle(*a, **k)

    def line(*a: Any, **k: Any) -> Any:
        lines.append(a[2] if len(a) > 2 else None)
        return real_line(*a, **k)

    monkeypatch.setattr(pygame.draw, "circle", circle)
    monkeypatch.setattr(pygame.draw, "line", line)
    surface = pygame.Surface((1280, 720))
    scene.view.aim._lanes(surface, 0, (0, 0))
    assert dots and lines, "lanes and brackets before the first catch"
    dots.clear()
    lines.clear()
    scene.match.state.players[0].hold = ["violet"]  # a catch that opens no new shot
    scene.view.aim._lanes(surface, 0, (0, 0))
    assert not dots and lines, "after a catch: brackets, no lanes"
    assert scene.presenter.flick_hint(0).startswith("Brackets: crystals a straight flick reaches")


def test_the_bomb_turns_banner_counts_its_round(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:medium", match=bomb_match())
    tick(scene)
    title = scene.presenter.banner()[0]
    assert "Space Bomb" in title and f"round {scene.match.state.round}" in title


def test_the_end_line_says_why_a_match_with_no_bomb_left_ended() -> None:
    from game.core.voice import Voice
    from game.games.cosmic.data import planets_of_colour
    from game.games.cosmic.presenter import end_line
    from game.games.cosmic.rules import new_match

    st = new_match(2, 0)
    for p in planets_of_colour("red"):
        st._destroy_planet(p.planet_id, by=0)
    st._end("no_bomb")
    line = end_line(st, Voice(["Ana", "Ben"], 0))
    assert "No Red crystal" in line and "no Space Bomb" in line
    st.end_reason = "rounds"
    assert "rounds played" in end_line(st, Voice(["Ana", "Ben"], 0))


def test_the_ships_take_the_colour_blind_palette_switched_mid_match(app: Any) -> None:
    from game.games.cosmic import art
    from game.ui import theme

    scene = open_scene(app, "mouse", "ai:easy")
    first = scene.factions[0]
    assert art._LIVERY[first][0] == scene.colours[0]
    app.settings.accessibility.colourblind = True  # in the pause menu's Settings
    scene.draw(app.screen)
    assert scene.view._layer is not None
    assert scene.refresh_identity()
    assert art._LIVERY[first][0] == theme.hex_rgb(theme.SEAT_COLOURS_SAFE[0])
    assert scene.view._layer is None  # the Bases and panels are drawn again, in the new colours


def test_the_flick_preview_is_drawn_over_the_power_bar(app: Any, monkeypatch: Any) -> None:

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    ship = art.to_screen(*scene.match.ship_at(0))
    assert mouse(scene, "primary", ship)
    mouse(scene, POINT, (ship[0] - 70, ship[1] - 50))
    # the bar's plate as big as space: whatever of the preview shows is drawn over it
    space = art.FIELD_RECT.inflate(-40, -40)
    monkeypatch.setattr(aim_mod, "meter_rect", lambda *a, **k: space.copy())
    frames = []
    for on in (False, True):
        app.settings.assists.trajectory_preview = on
        shown = pygame.Surface((1280, 720))
        scene.draw(shown)
        frames.append(shown.subsurface(space.inflate(-8, -8)))
    app.settings.assists.trajectory_preview = True
    assert any(frames[0].get_at((x, y)) != frames[1].get_at((x, y))
               for x in range(0, frames[0].get_width(), 2)
               for y in range(0, frames[0].get_height(), 2))


def test_sparks_and_blasts_never_spill_over_a_side_panel(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    scene.fx.shake, scene.fx.shake_off = 0.0, (0, 0)  # at rest: panels in the table layer
    panel = hud.seat_rect(scene.faction_of(0), scene.factions)
    plain = pygame.Surface((1280, 720))
    scene.draw(plain)
    scene.fx.sparks.emit(panel.centerx, panel.centery, 40, (255, 0, 255), speed=0.0,
                         life=5.0, size=6.0, gravity=0.0, drag=0.0)
    scene.fx.debris.emit(panel.right - 4, panel.centery, 40, (0, 255, 0), speed=0.0,
                         life=5.0, size=6.0, gravity=0.0, drag=0.0)
    shown = pygame.Surface((1280, 720))
    scene.draw(shown)
    for at in (panel.center, (panel.right - 4, panel.centery)):
        assert shown.get_at(at) == plain.get_at(at), at
    # inside space they still show
    mid = art.FIELD_RECT.center
    scene.fx.sparks.emit(mid[0], mid[1], 10, (255, 0, 255), speed=0.0, life=5.0, size=6.0,
                         gravity=0.0, drag=0.0)
    scene.draw(shown)
    assert tuple(shown.get_at(mid))[:3] == (255, 0, 255)


def test_the_pull_hand_stops_at_the_banner(app: Any) -> None:
    """It was drawn over the prompt bar; a stranger found the band across the prompt bar and
    the log: now it stops at the board's edge (the pointer itself shows the hand there)."""
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    ship = art.to_screen(*scene.match.ship_at(0))
    hand = (hud.BANNER.x + 30, hud.BANNER.centery)
    assert mouse(scene, "primary", ship)
    mouse(scene, POINT, hand)
    aim = scene.aims.mouse_aim
    assert aim is not None and aim.active
    shown = pygame.Surface((1280, 720))
    scene.draw(shown)
    held = (round(aim.hand[0]), round(aim.hand[1]))
    assert hud.BANNER.collidepoint(held)
    from game.ui import theme
    assert tuple(shown.get_at(held))[:3] != tuple(theme.CREAM)[:3]  # the banner, not the hand


def test_an_ai_showing_its_aim_says_so_in_the_banner(app: Any) -> None:
    scene = open_scene(app, "ai:easy", "mouse", match=human_turn(seed=3, players=2))
    tick(scene)  # seat 0 (the AI here) flicks first
    for _ in range(600):
        if scene.stage == Stage.SHOW:
            break
        scene.update(STEP)
    assert scene.stage == Stage.SHOW
    assert scene.presenter.banner()[1] == f"{scene.name(0)} takes aim…"


def test_a_planet_under_the_power_bar_shows_through_it(app: Any, monkeypatch: Any) -> None:

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    ship = art.to_screen(*scene.match.ship_at(0))
    assert mouse(scene, "primary", ship)
    mouse(scene, POINT, (ship[0] - 30, ship[1] - 20))  # a weak pull: the bar's fill is short
    far = max(scene.match.table.planets.values(),
              key=lambda xy: math.dist(art.to_screen(*xy), ship))
    centre = art.to_screen(*far)
    bar = pygame.Rect(0, 0, *marks.METER_SIZE)
    bar.midright = (round(centre[0]) + 20, round(centre[1]))
    monkeypatch.setattr(aim_mod, "meter_rect", lambda *a, **k: bar.copy())
    shown = pygame.Surface((1280, 720))
    scene.draw(shown)
    at = (bar.right - 22, bar.centery)  # on the bar's empty part, over the planet
    assert tuple(shown.get_at(at))[:3] != (14, 16, 34)  # not the plate's flat dark


def test_an_aim_label_keeps_in_space_off_the_band_the_bar_panels_and_planets(
        app: Any, monkeypatch: Any) -> None:
    # A stranger's "out of space: ship lost" lay across his band and two planets: a pull
    # straight down from the top of space, flicking the ship up and out.
    from game.games.cosmic import view as view_mod
    from game.ui import text

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    ship = art.to_screen(*scene.match.ship_at(0))
    assert mouse(scene, "primary", ship)
    hand = (ship[0] + 4, ship[1] + 100)
    mouse(scene, POINT, hand)
    said: list[tuple[str, int, tuple[float, float]]] = []
    real = view_mod.board_label

    def spy(surface: Any, words: str, size: int, colour: Any, at: Any,
            anchor: str = "midtop") -> None:
        said.append((words, size, at))
        real(surface, words, size, colour, at, anchor)

    monkeypatch.setattr(view_mod, "board_label", spy)
    monkeypatch.setattr(aim_mod, "board_label", spy)
    scene.draw(pygame.Surface((1280, 720)))
    out = [(size, at) for words, size, at in said if words == "out of space: ship lost"]
    assert out, said
    size, at = out[0]
    label = text.render("out of space: ship lost", size, (0, 0, 0), True).get_rect(
        midtop=(round(at[0]), round(at[1])))
    assert art.FIELD_RECT.contains(label)
    bar = scene.view.aim.bar_area
    assert bar is not None and not label.colliderect(bar)
    for k in range(0, 101, 4):  # the band from the ship to the hand
        x = ship[0] + (hand[0] - ship[0]) * k / 100
        y = ship[1] + (hand[1] - ship[1]) * k / 100
        assert not label.inflate(4, 4).collidepoint(x, y), (k, label)
    for centre in scene.match.table.planets.values():
        cx, cy = art.to_screen(*centre)
        dx = max(label.left - cx, 0.0, cx - label.right)
        dy = max(label.top - cy, 0.0, cy - label.bottom)
        assert math.hypot(dx, dy) >= art.px(PLANET_RADIUS), (centre, label)
    assert all(not label.colliderect(hud.seat_rect(f, scene.factions)) for f in scene.factions)


def test_an_aim_arrow_pointed_out_of_space_stops_at_the_panel(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    ship = art.to_screen(*scene.match.ship_at(0))
    panel = hud.seat_rect(scene.faction_of(0), scene.factions)
    plain = pygame.Surface((1280, 720))
    scene.draw(plain)
    assert mouse(scene, "primary", ship)
    # pulled up and right, so the arrow points down-left into the left panel
    mouse(scene, POINT, (ship[0] + 90, ship[1] - 70))
    aim = scene.aims.mouse_aim
    assert aim is not None and aim.active
    shown = pygame.Surface((1280, 720))
    scene.draw(shown)
    # the panel's score corner (the red cross at the edge of space may touch its very corner)
    strip = panel.clip(pygame.Rect(panel.right - 110, panel.y + 20, 90, 70))
    diff = [(x, y) for x in range(strip.left, strip.right) for y in range(strip.top, strip.bottom)
            if shown.get_at((x, y)) != plain.get_at((x, y))]
    assert not diff, (diff[:5], len(diff), strip)


def test_a_flick_that_ends_the_turn_with_nothing_says_so(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy")
    st = scene.match.state
    scene.rules_seen = len(st.events)
    st.events.append(Turn(seat=1, turn=2, phase="flick"))
    scene.presenter.say_why_a_turn_ended(0)
    assert scene.presenter.notes[-1][0] == "Your flick took no crystal: your turn is over"
    scene.presenter.notes = []
    st.events.insert(-1, Collected(seat=0, planet=1, colour="red"))
    scene.presenter.say_why_a_turn_ended(0)
    # the crystal says it; a turn with a crystal is not a silent end
    assert scene.presenter.notes == []


def test_the_last_seats_note_leaves_the_banner_when_the_turn_passes_to_a_person(
        app: Any) -> None:
    # a couch: seat 0's flick takes nothing; seat 1's banner then shows seat 1's own hint
    scene = open_scene(app, "mouse", "keys1", match=human_turn())
    tick(scene)
    x, y = scene.match.ship_at(0)
    assert scene.perform(FlickInput(0, math.atan2(y - FIELD / 2, x - FIELD / 2), 0.12))
    for _ in range(60 * 20):
        if scene.stage == Stage.DECIDE and scene.to_act == 1:
            break
        scene.update(STEP)
    assert scene.to_act == 1 and scene.stage == Stage.DECIDE
    assert scene.presenter.notes == []
    assert scene.presenter.banner()[1] == scene.presenter.hint(1)
    # a note made on seat 1's own turn still shows
    scene.presenter.note("Something for seat 1")
    assert scene.presenter.banner()[1] == "Something for seat 1"


def test_each_person_finds_their_last_aim_on_their_next_turn(app: Any) -> None:
    # a couch of a keyboard and a mouse: each seat's next aim knows its own last flick
    scene = open_scene(app, "keys1", "mouse", match=human_turn())
    tick(scene)
    aim = scene.aims.pad_aim
    assert aim is not None
    app.input.held.add(("keys1", "right"))
    tick(scene, 0.4)
    app.input.held.discard(("keys1", "right"))
    scene.handle_action(ActionEvent("keys1", "primary", True))
    tick(scene, 0.6)
    scene.handle_action(ActionEvent("keys1", "primary", False))
    mine = scene.inputs[-1]
    assert isinstance(mine, FlickInput)
    seen: dict[int, Any] = {}
    for _ in range(60 * 60):
        scene.update(STEP)
        if scene.stage == Stage.DECIDE and scene.match.phase == Phase.FLICK \
                and scene.decision_key == scene._decision():
            seat = scene.to_act
            if seat == 1 and 1 not in seen:  # the mouse seat flicks once, its own way
                assert scene.aims.mouse_aim is not None and scene.aims.mouse_aim.last is None
                seen[1] = True
                x, y = scene.match.ship_at(1)
                scene.perform(FlickInput(1, math.atan2(FIELD / 2 - y, FIELD / 2 - x) + 0.3, 0.4))
            elif seat == 1 and scene.aims.mouse_aim is not None:
                seen[2] = scene.aims.mouse_aim.last
                break
            elif seat == 0 and scene.match.state.turn > 1 and 0 not in seen:
                seen[0] = scene.aims.pad_aim
            elif seat is not None and scene.match.state.flicks_made:
                scene.perform(EndTurn(seat))
            elif seat == 0 and 0 in seen:
                scene.perform(FlickInput(0, 1.0, 0.2))
    pad = seen[0]
    # the keys seat's aim starts fresh (its last flick is the meter's mark, never an armed
    # aim left pointing where it last went)
    assert pad is not None and not pad.armed
    assert pad.last == pytest.approx((mine.angle, mine.power))
    flick1 = next(i for i in scene.inputs if isinstance(i, FlickInput) and i.player == 1)
    assert seen[2] == pytest.approx((flick1.angle, flick1.power))


def test_a_resumed_match_shows_the_story_so_far_in_its_log(app: Any) -> None:
    # after Continue the log tells what happened before the save, as it was told live
    scene = open_scene(app, "ai:easy", "ai:easy", "ai:easy", match=human_turn(players=3))
    scene.time_scale = 6.0
    for _ in range(60 * 200):
        if scene.match.state.turn >= 8 and scene.stage == Stage.DECIDE:
            break
        scene.update(STEP)
    told = scene.presenter.log.texts()
    assert len(told) >= 8 and any("flicks" in t for t in told)
    state = scene.save_state()
    assert state is not None
    app.stack.pop()
    app.stack.apply_requests()
    again = CosmicScene(app, scene.setup, state)
    assert again.presenter.log.texts() == told


@pytest.mark.parametrize("colourblind", [False, True])
def test_an_unclaimed_base_stays_distinct_from_every_seat_colour(app: Any,
                                                                 colourblind: bool) -> None:
    # a two-seat table leaves two Bases unclaimed: their colour is far from both seats' in
    # every vision (the colour-blind orange sat 8 apart from the unclaimed yellow Base)
    from game.ui import theme

    app.settings.accessibility.colourblind = colourblind
    scene = open_scene(app, "mouse", "ai:easy", "ai:easy")
    scene.refresh_identity()
    free = [f for f in range(4) if f not in scene.factions]
    assert free
    for f in free:
        c = art.faction_colour(f)
        for seat in range(3):
            for vision in theme.VISIONS:
                gap = math.dist(theme.lab(c, vision), theme.lab(scene.colours[seat], vision))
                assert gap >= theme.MIN_SEAT_DISTANCE, (f, seat, vision, gap)


def test_a_collected_crystal_flies_into_the_hold_without_crossing_the_name() -> None:
    from game.games.cosmic.marks import flyer_point

    for faction in range(4):
        panel = hud.panel_rect(faction)
        name_row = pygame.Rect(panel.x, panel.y, panel.w, hud.HOLD_Y)
        end = hud.hold_slot(panel, "yellow")
        for start in ((640.0, 120.0), (640.0, 600.0), (500.0, 360.0), (800.0, 360.0),
                      (360.0, 80.0), (920.0, 80.0), (360.0, 640.0), (920.0, 640.0)):
            for i in range(41):
                x, y = flyer_point(start, end, i / 40)
                assert not name_row.inflate(0, -4).collidepoint(x, y - 6), (faction, start, i)


def test_a_word_popped_over_a_planet_settles_where_it_hides_no_planet_or_ship(
        app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn())
    tick(scene)
    for xy in list(scene.match.table.planets.values())[:6]:
        x, y = art.to_screen(*xy)
        scene.fx.popup("+ CRYSTAL", x, y, size=20)
    scene.draw(app.screen)
    from game.ui import text

    for p in scene.fx.popups:
        assert p.spot is not None
        w, h = text.render(p.word, p.size, p.colour, True).get_size()
        box = pygame.Rect(0, 0, w, h + 24)
        box.center = p.spot
        for (cx, cy), r in scene.view.circles():
            dx = max(box.left - cx, 0.0, cx - box.right)
            dy = max(box.top - cy, 0.0, cy - box.bottom)
            assert dx * dx + dy * dy >= r * r
        assert not any(box.colliderect(k) for k in scene.view.keep_off())


def test_reduced_motion_switched_on_mid_match_calms_the_next_bomb(app: Any) -> None:
    from game.games.cosmic.data import BOMB_RADIUS

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    scene.fx.ship_lost((640.0, 360.0), 0)
    assert scene.fx.sparks.items and scene.fx.debris.items
    app.settings.accessibility.reduced_motion = True  # from the pause menu's Settings
    tick(scene)
    assert not scene.fx.sparks.items and not scene.fx.debris.items  # what flew is gone
    scene.fx.explode((640.0, 360.0), art.px(BOMB_RADIUS))
    assert sorted(b.kind for b in scene.fx.blasts) == ["edge", "fire"]  # its reach, softly lit
    assert not scene.fx.sparks.items and not scene.fx.debris.items
    assert scene.fx.shake == 0.0 and scene.fx.flash == 0.0
    app.settings.accessibility.reduced_motion = False  # and back: the sparks return
    tick(scene)
    scene.fx.explode((640.0, 360.0), art.px(BOMB_RADIUS))
    assert scene.fx.sparks.items and scene.fx.flash == 1.0


def test_a_match_opened_with_reduced_motion_on_shows_the_bomb_as_a_ring_only(app: Any) -> None:
    from game.games.cosmic.data import BOMB_RADIUS

    app.settings.accessibility.reduced_motion = True  # set in Settings before the match
    try:
        scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
        tick(scene)
        plain = pygame.Surface((1280, 720))
        scene.draw(plain)
        at = art.FIELD_RECT.center
        r = art.px(BOMB_RADIUS)
        scene.fx.explode((float(at[0]), float(at[1])), r)
        tick(scene, 0.1)
        shown = pygame.Surface((1280, 720))
        scene.draw(shown)
        assert scene.fx.flash == 0.0 and scene.fx.shake == 0.0
        # no full-screen flash: space well away from the blast and the panels stay as they were
        far = [(art.FIELD_RECT.left + 12, art.FIELD_RECT.bottom - 12),
               (art.FIELD_RECT.right - 12, art.FIELD_RECT.top + 30),
               hud.seat_rect(scene.faction_of(0), scene.factions).center]
        for p in far:
            assert shown.get_at(p) == plain.get_at(p), p
        # but the ring at the blast's reach does show
        assert any(shown.get_at((at[0] + dx, at[1])) != plain.get_at((at[0] + dx, at[1]))
                   for dx in range(r - 6, r + 8))
    finally:
        app.settings.accessibility.reduced_motion = False


def test_the_keep_a_card_dialog_after_a_bomb_says_its_keys_in_the_banner(app: Any) -> None:
    scene = next(s for s in (open_scene(app, "keys1", "ai:easy", seed=k) for k in range(3, 30))
                 if s.match.phase == Phase.DRAFT and s.to_act == 0)
    tick(scene)
    title = "KABOOM! 1 planet destroyed"
    # as a bomb that destroyed a planet leaves it
    scene.presenter.note(title, scene_mod.RESULT_SECONDS)
    scene.presenter.result = (title, ("Your own Green 3-dot planet",), scene_mod.RESULT_SECONDS)
    scene.presenter.result_seen = False
    assert scene.presenter.draft_waits()
    assert scene.presenter.banner()[1] == title  # the result is read first
    scene.presenter.result_seen = True  # a key was pressed, or the wait ran out: the dialog is up
    assert not scene.presenter.draft_waits()
    hint = scene.presenter.banner()[1]
    assert hint == scene.presenter.hint(0) and "choose" in hint and "keeps" in hint


def test_the_bombs_result_card_shows_every_word_of_every_line(app: Any) -> None:
    from game.core.voice import Voice
    from game.games.cosmic.data import PLANETS
    from game.games.cosmic.presenter import bomb_lines
    from game.ui import text

    owner = {p.planet_id: (0 if p.planet_id < 6 else 1) for p in PLANETS}
    hit = [p.planet_id for p in PLANETS if p.dots == 3]  # both seats' 3-dot planets
    for names in (["You", "Ben"], ["Cleo", "Dev"]):
        title, lines = bomb_lines(Voice(names), owner, 0, hit)
        rows = [row for line in lines for row in hud._result_wrap(line)]
        assert len(rows) == hud.result_rows(lines) > len(lines)  # the own-planet line wraps
        assert " ".join(r.strip() for r in rows).split() == " ".join(lines).split()
        for row in rows:
            assert "…" not in row
            assert text.render(row, hud.RESULT_PX, (0, 0, 0)).get_width() <= hud.RESULT_W - 28
        img = hud._result(title, tuple(lines))
        assert img.get_height() == hud.result_rect(len(rows)).h


def test_the_toss_landing_words_keep_off_the_keyboards_aim_arrow(app: Any,
                                                                 monkeypatch: Any) -> None:
    from game.games.cosmic.data import COLOUR_KEYS
    from game.games.cosmic.rules import MatchState

    m = human_turn(seed=7, players=2)
    st = m.to_dict()["state"]
    st["players"][0]["base"] = list(COLOUR_KEYS)
    st["turn_phase"] = str(Phase.BOMB)
    st["bomb_cubes"] = list(COLOUR_KEYS)
    m = CosmicMatch(MatchState.from_dict(st), m.table)
    scene = open_scene(app, "keys1", "ai:easy", match=m)
    tick(scene)
    assert scene.match.phase == Phase.BOMB and scene.to_act == 0
    toss = scene.aims.pad_toss
    assert toss is not None
    toss.armed = True
    boxes: list[pygame.Rect] = []
    real = marks.landing_label_box
    monkeypatch.setattr(aim_mod, "landing_label_box",
                        lambda *a, **k: boxes.append(real(*a, **k)) or boxes[-1])
    base = toss.angle
    shown = pygame.Surface((1280, 720))
    crossed = []
    for turn in (-0.5, -0.3, -0.15, 0.0, 0.15, 0.3, 0.5):
        for power in (0.3, 0.4, 0.45, 0.55):
            toss.angle, toss.power = base + turn, power
            boxes.clear()
            scene.draw(shown)
            assert boxes
            hand = art.to_screen(*toss.hand)
            dx, dy = math.cos(toss.angle), math.sin(toss.angle)
            x0, y0 = hand[0] + dx * 18, hand[1] + dy * 18
            full = marks.ARROW_MIN + marks.ARROW_SPAN + 12
            if boxes[-1].clipline((x0, y0), (x0 + dx * full, y0 + dy * full)):
                crossed.append((turn, power))
    assert crossed == []


def _plate_spy(monkeypatch: Any) -> list[tuple[pygame.Rect, tuple[tuple[int, int], ...]]]:
    """Every power bar placed while drawing: its rect and the predicted path it was given."""

    caught: list[tuple[pygame.Rect, tuple[tuple[int, int], ...]]] = []
    real = marks.meter_rect

    def spy(at: Any, angle: float, planets: Any = (), band: float = 0.0,
            path: tuple[tuple[int, int], ...] = (), avoid: Any = (),
            keep: Any = None) -> pygame.Rect:
        r = real(at, angle, planets, band, path, avoid, keep)
        caught.append((r, path))
        return r

    monkeypatch.setattr(aim_mod, "meter_rect", spy)
    return caught


def test_the_power_words_never_sit_on_the_drawn_path_anywhere_in_space(
        app: Any, monkeypatch: Any) -> None:
    caught = _plate_spy(monkeypatch)
    scene = open_scene(app, "keys1", "ai:easy", match=human_turn(seed=5))
    tick(scene)
    aim = scene.aims.pad_aim
    assert aim is not None
    aim.armed = True
    shown = pygame.Surface((1280, 720))
    checked = 0
    for sx in (0.2, 0.5, 0.8):
        for sy in (0.2, 0.5, 0.8):
            scene.match.table.ships[0] = (FIELD * sx, FIELD * sy)
            for k in range(8):
                for power in (0.35, 0.8):
                    aim.angle, aim.power = k * math.pi / 4 + 0.2, power
                    caught.clear()
                    scene.draw(shown)
                    rect, path = caught[-1]
                    assert len(path) >= 2  # the preview was drawn
                    plate = rect.union(rect.move(0, -22))  # the bar and its words
                    assert not any(plate.collidepoint(p) for p in path), (sx, sy, k, power)
                    assert not any(plate.clipline(p0, p1)
                                   for p0, p1 in zip(path, path[1:], strict=False))
                    ship = art.to_screen(*scene.match.ship_at(0))
                    assert not plate.inflate(16, 16).collidepoint(ship)
                    checked += 1
    assert checked == 144


def test_the_power_words_keep_off_the_last_pulls_ring_and_words(app: Any,
                                                                  monkeypatch: Any) -> None:

    caught = _plate_spy(monkeypatch)
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3))
    tick(scene)
    shown = pygame.Surface((1280, 720))
    scene.match.table.ships[0] = (FIELD * 0.6, FIELD * 0.6)
    ship = art.to_screen(*scene.match.ship_at(0))
    clashes = 0
    for k in range(12):
        a = k * math.pi / 6
        assert mouse(scene, "primary", ship)
        mouse(scene, POINT, (ship[0] - math.cos(a) * 60, ship[1] - math.sin(a) * 60))
        aim = scene.aims.mouse_aim
        assert aim is not None and aim.active
        for turn in (0.6, 1.6, 3.1):  # the last pull somewhere else round the ship
            aim.last = (a + turn, 0.5)
            caught.clear()
            scene.draw(shown)
            rect, _ = caught[-1]
            plate = rect.union(rect.move(0, -22))
            hx, hy = marks.last_pull_hand(ship, a + turn, 0.5)
            words = scene.view.aim.last_pull_place(ship, (hx, hy))
            clashes += plate.colliderect(pygame.Rect(hx - 8, hy - 8, 16, 16))
            clashes += plate.colliderect(words)
        mouse(scene, "secondary", ship)  # cancel, aim again
    assert clashes == 0


def test_yours_on_a_doomed_planet_keeps_off_the_blasts_ring_and_crosshair(app: Any) -> None:
    from game.games.cosmic.data import BOMB_RADIUS
    from game.ui import text

    size = text.render("yours!", 13, (255, 0, 0), True).get_size()
    r = art.px(BOMB_RADIUS)
    pr = art.px(PLANET_RADIUS) + 4
    room = art.FIELD_RECT.inflate(-8, -8)
    crossed_before = 0
    for ring, planet in (((420, 205), (407, 246)),  # the bomb stopping just above the planet
                         ((640, 400), (640, 360)), ((600, 300), (640, 300)),
                         ((500, 500), (470, 470))):
        above = pygame.Rect((0, 0), size)
        above.midbottom = (planet[0], planet[1] - pr)
        crossed_before += marks.box_cuts_ring(above, ring, r + 3)
        box = marks.yours_box(size, planet, pr, ring, r, room)
        inside = all(math.dist(p, ring) < r - 3 for p in
                     (box.topleft, box.topright, box.bottomleft, box.bottomright))
        assert inside or not marks.box_cuts_ring(box, ring, r + 3), (ring, planet, box)
        assert not box.inflate(16, 16).collidepoint(ring)
        assert room.contains(box)
        assert math.dist(box.center, planet) < pr + 40  # still beside its planet
    assert crossed_before >= 2  # the old place, always above, crossed the ring


def test_the_last_pulls_words_never_sit_on_the_ship_or_a_planet(app: Any) -> None:

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3))
    tick(scene)
    covered_before = 0
    for sx, sy in ((0.35, 0.78), (0.5, 0.5), (0.2, 0.3), (0.7, 0.6)):
        scene.match.table.ships[0] = (FIELD * sx, FIELD * sy)
        ship = art.to_screen(*scene.match.ship_at(0))
        circles = scene.view.circles()
        for k in range(12):
            for power in (0.2, 0.35):  # a short pull: the ring close behind the ship
                hand = marks.last_pull_hand(ship, k * math.pi / 6, power)
                words = scene.view.aim.last_pull_place(ship, hand)
                old = pygame.Rect(0, 0, *words.size)
                old.midtop = (hand[0], hand[1] + 10)  # where they always went before
                if not art.FIELD_RECT.contains(words):
                    continue
                for (cx, cy), r in circles:
                    dx = max(words.left - cx, 0.0, cx - words.right)
                    dy = max(words.top - cy, 0.0, cy - words.bottom)
                    assert dx * dx + dy * dy >= r * r, (sx, sy, k, power)
                    ox = max(old.left - cx, 0.0, cx - old.right)
                    oy = max(old.top - cy, 0.0, cy - old.bottom)
                    covered_before += ox * ox + oy * oy < r * r
    assert covered_before > 0  # the old place did cover a ship or planet


def test_the_bombs_result_card_stays_put_while_a_ship_flies_under_it(app: Any,
                                                                       monkeypatch: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    planet = scene.match.state.planets_of(1)[0]
    scene.presenter._on_rules_event(Bomb(seat=0, destroyed=(planet,)))
    assert scene.presenter.result is not None
    tops: list[tuple[int | None, int | None, int]] = []
    real = hud.draw_result
    monkeypatch.setattr(hud, "draw_result",
                        lambda s, t, ls, a, top=None, left=None, w=0: (
                            tops.append((left, top, w)), real(s, t, ls, a, top, left, w)))
    shown = pygame.Surface((1280, 720))
    scene.draw(shown)
    lines = scene.presenter.result[1]
    first = tops[-1]
    # the other ship comes to rest right where the card is
    card = hud.result_rect(hud.result_rows(lines, first[2]), first[1], first[0], first[2])
    at = (card.centerx, card.centery)
    wx = (at[0] - art.FIELD_X) / art.SIDE * FIELD
    wy = (at[1] - art.FIELD_Y) / art.SIDE * FIELD
    scene.match.table.ships[1] = (wx, wy)
    # placed afresh, it would jump elsewhere
    assert scene.view.result_place(lines, scene.presenter.result_spots) != first
    scene.draw(shown)
    assert tops[-1] == first  # but the card a player is reading stays where it was


def test_the_kaboom_flash_is_soft_and_short_and_none_in_reduced_motion(app: Any) -> None:
    """A stranger found the Space Bomb's flash whitened the whole screen for about a second:
    at its peak it lays at most 35% white over the table, and it is gone within 0.25 s."""
    from game.games.cosmic import view as view_mod
    from game.games.cosmic.data import BOMB_RADIUS

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    scene.fx.explode((640.0, 360.0), art.px(BOMB_RADIUS))
    assert scene.fx.flash == 1.0
    for grey in (0, 100, 200):
        s = pygame.Surface((1280, 720))
        s.fill((grey, grey, grey))
        view_mod.flash_overlay(s, scene.fx.flash)
        got = s.get_at((5, 5))[0]
        assert grey < got <= grey + 0.36 * (255 - grey) + 1  # lighter, never whited out
    scene.fx.update(0.26)
    assert scene.fx.flash == 0.0  # a quarter of a second, not a second
    app.settings.accessibility.reduced_motion = True
    tick(scene)
    scene.fx.explode((640.0, 360.0), art.px(BOMB_RADIUS))
    assert scene.fx.flash == 0.0


def _twelve_boards() -> dict[tuple[int, bool], int]:
    """A match seed for each quick-start board: (layout set, mirrored) -> seed."""
    from game.core.rng import derive_rng
    from game.games.cosmic.data import LAYOUT_SETS

    found: dict[tuple[int, bool], int] = {}
    for seed in range(1, 2000):
        rng = derive_rng(seed, "layout")  # as `data.start_layout` draws it
        board = (rng.randrange(len(LAYOUT_SETS)), rng.random() < 0.5)
        found.setdefault(board, seed)
        if len(found) == 2 * len(LAYOUT_SETS):
            return found
    raise AssertionError(f"only {len(found)} boards found")


RESULT_LINE = "Ana's Green 2-dot planet: +4 for Ben, \u22122 for Ana"
SHIELD_LINE = "Ben's and Cleo's Planetary Shield spared the rest"


@pytest.mark.parametrize("players", [2, 4])
def test_the_bomb_result_card_hides_no_planet_or_ship_on_any_board(app: Any,
                                                                   players: int) -> None:
    """The bomb's result card was checked on one board and only moved up or down the middle:
    on every one of the twelve boards, whichever one to three planets it names (gone from the
    table, their points rising there), it lies on screen over space and never hides a planet
    it names, the points over it, or a ship; nor the banner or buttons. One or two planets
    gone, it hides no planet at all; three (or a shield's line too), where the board has no
    clear place that big, it goes off space over the move log (no panel under it, or, at a
    full table, in the log opened upward) and hides none either."""
    from game.games.cosmic.data import layout_from

    reach = art.px(PLANET_RADIUS)
    ship = art.px(SHIP_RADIUS)
    for (_, _mirror), seed in sorted(_twelve_boards().items()):
        match = CosmicMatch.new(players, seed)
        skip_drafts(match)
        scene = open_scene(app, "mouse", *["ai:easy"] * (players - 1), match=match)
        table = scene.match.table
        everything = dict(table.planets)
        assert everything == {p: layout_from(*_board_of(seed))[p] for p in everything}
        ships = [art.to_screen(*scene.match.ship_at(s)) for s in range(players)]
        planets = sorted(everything)
        for first in range(len(planets)):
            for k in (1, 2, 3):
                named = planets[first:first + k]
                spots = tuple(art.to_screen(*everything[p]) for p in named)
                table.planets = {p: xy for p, xy in everything.items() if p not in named}
                for shield in (False, True):
                    lines = [RESULT_LINE] * len(named) + [SHIELD_LINE] * shield
                    left, top, w = scene.view.result_place(lines, spots)
                    card = hud.result_rect(hud.result_rows(lines, w), top, left, w)
                    if not art.FIELD_RECT.contains(card):  # over the log: no panel under it
                        log = scene.view.log_rect()
                        assert len(lines) > 2 and pygame.Rect(0, 0, *art.SCREEN).contains(card)
                        assert card.collidelist([scene.panel(s) for s in range(players)]) < 0 \
                            or hud.log_opened(log).contains(card), (seed, named, card)
                    else:
                        assert card.top > art.FIELD_Y and card.bottom <= hud.BUTTON_Y - 10
                    wide = card.inflate(2 * reach, 2 * reach)
                    for x, y in spots:  # the planet and its points rising above it
                        assert not wide.clipline(x, y, x, y - 50), (seed, named, lines)
                    for x, y in ships:
                        assert not card.inflate(2 * ship, 2 * ship).collidepoint(x, y), seed
                    hidden = sum(wide.collidepoint(*art.to_screen(*xy))
                                 for xy in table.planets.values())
                    assert hidden == 0, (seed, named, lines)
        table.planets = everything


def _board_of(seed: int) -> tuple[tuple[tuple[float, float], ...], bool]:
    from game.core.rng import derive_rng
    from game.games.cosmic.data import LAYOUT_SETS

    rng = derive_rng(seed, "layout")
    spots = LAYOUT_SETS[rng.randrange(len(LAYOUT_SETS))]
    return spots, rng.random() < 0.5


def test_the_bomb_result_card_is_drawn_where_it_hides_none_of_the_planets_it_names(
        app: Any) -> None:
    """The card as the table shows it after a real toss: placed clear of the destroyed
    planets' spots the presenter kept."""
    from game.games.cosmic import demos

    setup, match, seat = demos._bomb_turn(16)
    scene = demos.scene_for(app, setup, match)
    app.stack.push(scene)
    app.stack.apply_requests()
    scene.perform(demos._best_toss(match, seat))
    demos.run(scene, 30.0, lambda: (scene.draw(app.screen),  # as every frame is drawn
                                    scene.presenter.result is not None)[1])
    assert scene.presenter.result is not None and scene.presenter.result_spots
    scene.draw(app.screen)
    home = scene.view._result_home
    assert home is not None
    title, lines, _ = scene.presenter.result
    left, top, w = home[1]
    card = hud.result_rect(hud.result_rows(lines, w), top, left, w)
    reach = art.px(PLANET_RADIUS)
    for x, y in scene.presenter.result_spots:
        assert not card.inflate(2 * reach, 2 * reach).collidepoint(x, y)


def test_held_power_keys_ramp_on_real_time_even_on_a_slow_machine(app: Any) -> None:
    """W/S (up/down) held for a second raise the power as much at 5 frames a second (frames
    slower than the logic clock's catch-up, which drops time) as at 60: the ramp follows the
    real time the player holds the key, not the 120 Hz logic clock."""
    rises = []
    for fps in (60, 5):
        scene = open_scene(app, "keys1", "ai:medium", match=human_turn())
        app.frame([], 1 / 60, draw=False)
        aim = scene.aims.pad_aim
        assert aim is not None and aim.armed
        aim.set_power(0.2)
        app.input.held.add(("keys1", "up"))
        for _ in range(fps):
            app.frame([], 1 / fps, draw=False)
        app.input.held.discard(("keys1", "up"))
        rises.append(aim.power - 0.2)
        app.stack.pop()
        app.stack.apply_requests()
    assert rises[0] == pytest.approx(lift_gain(1.0, 1.0), abs=0.03)
    assert rises[1] == pytest.approx(rises[0], abs=0.03), rises


def test_held_power_keys_speed_up_while_held_from_a_middle_start(app: Any) -> None:
    """Strangers: the keyboard power started at 30% and W crawled up it. It starts in the
    middle, and a held W moves it faster the longer it is held: the meter's whole width in
    about a second, yet the first tenth of a second of a hold moves it only a little."""
    scene = open_scene(app, "keys1", "ai:medium", match=human_turn())
    app.frame([], 1 / 60, draw=False)
    aim = scene.aims.pad_aim
    assert aim is not None
    aim.set_power(0.1)
    app.input.held.add(("keys1", "up"))
    seen = [aim.power]
    for _ in range(12):  # 0.1 s a sample
        for _ in range(6):
            app.frame([], 1 / 60, draw=False)
        seen.append(aim.power)
    app.input.held.discard(("keys1", "up"))
    gains = [b - a for a, b in zip(seen, seen[1:], strict=False)]
    assert 0.0 < gains[2] < 0.06  # just past the hold delay: a fine, slow start
    assert gains[6] > 1.5 * gains[2]  # held on, faster
    assert seen[-1] > 0.95 and seen[5] < 0.5  # low to full in about a second
    assert POWER_RATE < 0.35 < POWER_RATE_MAX


def test_a_planet_the_flicking_ship_touches_lights_up_a_moment(app: Any) -> None:
    # A stranger's ship rested on a planet's rim and saw no sign it counted (25.png): every
    # planet the flicking ship touches (resting against it too) is ringed brightly, then fades.
    from game.games.cosmic.world import Touched

    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    planet = next(iter(scene.match.table.planets))
    cx, cy = (round(v) for v in art.to_screen(*scene.match.table.planets[planet]))
    ring = art.px(PLANET_RADIUS) + 4

    def lit_pixels() -> int:
        shot = pygame.Surface((1280, 720))
        scene.draw(shot)
        n = 0
        for k in range(36):
            a = k * math.pi / 18
            c = shot.get_at((round(cx + ring * math.cos(a)), round(cy + ring * math.sin(a))))
            n += c.r > 200 and c.g > 200
        return n

    before = lit_pixels()
    scene.fx.on_flight(Touched(1, planet), FlickInput(0, 0.0, 0.5))  # another seat's ship
    assert planet not in scene.fx.touched
    scene.fx.on_flight(Touched(0, planet), FlickInput(0, 0.0, 0.5))
    assert planet in scene.fx.touched
    assert lit_pixels() > before + 20
    scene.fx.update(2.0)
    assert planet not in scene.fx.touched


def test_every_crystal_on_a_planet_shows_its_lettered_cube(app: Any) -> None:
    # A red crystal on a red planet with a blue owner's badge glowed pink and was taken for
    # blue (17-aim, 18): beside each crystal its cube, lettered as in the Holds.
    from game.games.cosmic import view as view_mod

    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    shot = pygame.Surface((1280, 720))
    scene.draw(shot)
    seen = 0
    for colour, planet in scene.match.state.crystal.items():
        if planet is None or planet not in scene.match.table.planets:
            continue
        cx, cy = art.to_screen(*scene.match.table.planets[planet])
        at = view_mod.crystal_tag_centre(cx, cy)
        tag = art.cube(colour, view_mod.CRYSTAL_TAG, True)
        box = tag.get_rect(center=at)
        drawn = shot.subsurface(box.clip(shot.get_rect()))
        want = tuple(art.COLOUR_RGB[colour])
        hits = sum(tuple(drawn.get_at((x, y)))[:3] == want
                   for x in range(drawn.get_width()) for y in range(drawn.get_height()))
        assert hits >= 20, (colour, hits)
        seen += 1
    assert seen >= 3


def test_the_last_pulls_words_keep_off_the_bases_ring_and_the_lane(app: Any) -> None:
    # A stranger's "last pull" lay on his Base's ring and the pull's lane (12, 16, 57.png).
    from game.games.cosmic.table import BASE_RADIUS, corner_of

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3))
    tick(scene)
    base = art.to_screen(*corner_of(scene.factions[0]))
    inward = (1.0 if base[0] < 640 else -1.0, 1.0 if base[1] < 360 else -1.0)
    ship = (base[0] + inward[0] * 80.0, base[1] + inward[1] * 45.0)  # 12.png: by the Base
    scene.match.table.ships[0] = art.to_world(*ship)
    base_r = art.px(BASE_RADIUS)
    away = math.atan2(ship[1] - base[1], ship[0] - base[0])
    checked = 0
    for turn in (-0.4, -0.2, 0.0, 0.2, 0.4):  # pulled back toward the Base, as in 12.png
        for power in (0.15, 0.25, 0.35):
            hand = marks.last_pull_hand(ship, away + turn, power)
            words = scene.view.aim.last_pull_place(ship, hand)
            checked += 1
            dx = max(words.left - base[0], 0.0, base[0] - words.right)
            dy = max(words.top - base[1], 0.0, base[1] - words.bottom)
            assert math.hypot(dx, dy) > base_r, (turn, power, words)
            assert not any(words.colliderect(b) for b in marks.lane_boxes(ship, hand))
    assert checked == 15


def _no_lane_scene(app: Any) -> CosmicScene:
    """A keys seat's flick with no straight lane to any crystal: each crystal behind a bare
    planet, seen from the ship at (200, 360)."""
    from game.games.cosmic.table import Table

    scene = open_scene(app, "keys1", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    st = scene.match.state
    t = scene.match.table
    ship = (200.0, 360.0)
    crystals = [p for p in sorted(t.planets) if p in st.crystal.values()]
    bare = [p for p in sorted(t.planets) if p not in st.crystal.values()]
    spots: dict[int, tuple[float, float]] = {}
    for k, p in enumerate(crystals):  # each behind a bare planet, seen from the ship
        y = 150.0 + 140.0 * k
        spots[p] = (640.0, y)
        spots[bare[k]] = (420.0, ship[1] + (y - ship[1]) * 220.0 / 440.0)
    for i, p in enumerate(bare[len(crystals):]):
        spots[p] = (60.0 + 90.0 * i, 60.0)
    scene.match.table = Table(t.factions, spots, {0: ship})
    st.players[0].docked = False
    st.players[0].hold = []
    assert not scene.previews.open_shots(0)
    return scene


def test_with_no_lane_a_keyboard_aim_keeps_the_last_flicks_power(app: Any) -> None:
    """A stranger's keyboard aim went back to half power before every flick: a seat's keys
    aim starts at its last flick's power, made this turn (half power at a fresh turn)."""
    from game.games.cosmic.controls import READY_POWER, PadFlick
    from game.games.cosmic.previews import SOFTER

    scene = _no_lane_scene(app)
    scene.commands.prepare(0)
    first = scene.aims.pad_aim
    assert isinstance(first, PadFlick)
    assert first.power in (pytest.approx(READY_POWER),
                           *(pytest.approx(READY_POWER * s) for s in SOFTER))
    scene.aims.remember(FlickInput(0, 1.0, 0.3))
    scene.inputs.append(FlickInput(0, 1.0, 0.3))  # (this turn's flick)
    scene.commands.prepare(0)
    aim = scene.aims.pad_aim
    assert isinstance(aim, PadFlick)
    assert aim.power == pytest.approx(0.3)
    scene.inputs.append(EndTurn(1))  # another seat's turn between: a fresh turn
    scene.commands.prepare(0)
    aim = scene.aims.pad_aim
    assert isinstance(aim, PadFlick)
    assert aim.power in (pytest.approx(READY_POWER),
                         *(pytest.approx(READY_POWER * s) for s in SOFTER))


def test_with_no_lane_a_keyboard_aim_starts_toward_open_space_not_into_a_planet(
        app: Any) -> None:
    """A stranger's keyboard aim came back after each crystal pointing straight into a
    planet: with no straight lane to a crystal, it starts on a heading whose flick at the
    power shown stops in open space, nearer a crystal it needs."""
    from game.games.cosmic.controls import READY_POWER, PadFlick, toward_centre
    from game.games.cosmic.world import flick_line

    scene = _no_lane_scene(app)
    ship = scene.match.table.ship_at(0)
    assert flick_line(scene.match.table, 0, toward_centre(*ship), READY_POWER).end == "planet"
    scene.commands.prepare(0)
    aim = scene.aims.pad_aim
    assert isinstance(aim, PadFlick)
    line = flick_line(scene.match.table, 0, aim.angle, aim.power)
    assert line.end == "rest", line.end
    # and well inside space: a stranger's first heading stopped by the edge, "close: may fly
    # out", one Space from losing his Hold
    from game.games.cosmic.data import FIELD
    from game.games.cosmic.previews import EDGE_CLEAR

    x, y = line.points[-1]
    assert min(x, y, FIELD - x, FIELD - y) >= EDGE_CLEAR


def test_the_hud_buttons_are_worked_out_once_per_state_and_again_when_it_moves(
        app: Any) -> None:
    """A frame asked for the buttons seven times, each working out every legal action: they
    are kept while the table stands still and worked out again once a move changes it."""
    from game.games.cosmic.rules import EndTurn

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    first = scene.commands.buttons()
    assert first and scene.commands.buttons() is first
    assert [b.enabled for b in first if b.key == "end"] == [False]
    st = scene.match.state
    st.flicks_made += 1  # as after a flick: End turn becomes legal
    assert any(isinstance(a, EndTurn) for a in scene.legal(0))
    again = scene.commands.buttons()
    assert again is not first
    assert [b.enabled for b in again if b.key == "end"] == [True]


@pytest.mark.parametrize("width", [260, 320])
def test_the_bomb_result_title_fits_its_card_in_larger_text(width: int) -> None:
    """In larger text a stranger read "BOOM! 2 planets destroy": the title ran off both sides
    of the card. It is fitted to the card, whole."""
    from game.games.cosmic import hud
    from game.ui import theme
    from tests.ui.layout import problems, recording

    title = "KABOOM! 2 planets destroyed"
    lines = ("Ben's Yellow 3-dot planet: +5 for you (-2 for Ben)",)
    with recording(theme.LARGE_TEXT_SCALE) as rec:
        hud._result(title + " ", lines, width)  # (a title of its own: not a cached card)
    assert problems(rec) == []
    drawn = [b.text.strip() for boxes in rec._images.values() for b in boxes[2]]
    assert " ".join(drawn).startswith(title), drawn  # every word of it, none cut off
    img = hud._result(title + " ", lines, width)
    rows = hud.result_rows(lines, width, title)
    assert img.get_height() == hud.result_rect(rows, w=width).h


def test_the_first_tips_name_no_button_a_solo_table_lacks() -> None:
    """The tips said to play a card "with My cards", a button only a couch has: a solo
    stranger looked for it. They say where the cards are played: the player's panel."""
    from game.games.cosmic import FIRST_TIPS

    said = " ".join(FIRST_TIPS)
    assert "My cards" not in said and "from your panel" in said


def _keys_first_aim_meets(scene: CosmicScene, planet: int) -> list[str]:
    """What the keyboard seat 0's first aim, and a hair off it either way, meet that a first
    aim must not: `planet` or leaving space."""
    from game.games.cosmic.controls import PadFlick
    from game.games.cosmic.previews import CLOSE_STEPS, POWER_STEP

    scene.commands.prepare(0)
    aim = scene.aims.pad_aim
    assert isinstance(aim, PadFlick)
    bad = []
    for da, dp in ((0.0, 0.0), (previews.ANGLE_STEP, 0.0), (-previews.ANGLE_STEP, 0.0),
                   (0.0, CLOSE_STEPS * POWER_STEP), (0.0, -CLOSE_STEPS * POWER_STEP)):
        line = flick_line(scene.match.table, 0, aim.angle + da, aim.power + dp)
        if line.end == "out" or (line.end == "planet" and line.hit == planet):
            bad.append(line.end)
    return bad


@pytest.mark.parametrize("case", ["wedged", "moved-on"])
def test_after_a_pickup_a_keyboard_aim_never_starts_at_a_colour_held_or_the_planet_hit(
        app: Any, case: str) -> None:
    """A stranger: after a pickup the keyboard aim pointed at the crystal that had just moved
    on, a colour he held ("close: may touch"), or at the planet he had just hit, his ship
    lying against it by the edge of space. The first aim after every flick keeps off both
    and out of the edge, a hair either way too (with no straight lane to a crystal still
    needed, as here: each lies behind a bare planet)."""
    from game.games.cosmic.table import Table

    scene = open_scene(app, "keys1", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    st = scene.match.state
    t = scene.match.table
    crystals = [p for p in sorted(t.planets) if p in st.crystal.values()]
    bare = [p for p in sorted(t.planets) if p not in st.crystal.values()]
    held = crystals[0]  # its colour is in the Hold; its crystal moved on to this planet
    spots: dict[int, tuple[float, float]] = {}
    if case == "wedged":  # in the corner, against the planet just hit toward the middle
        ship = (SHIP_RADIUS + 20.0, SHIP_RADIUS + 20.0)
        k = (PLANET_RADIUS + SHIP_RADIUS + 0.3) / math.sqrt(2.0)
        spots[held] = (ship[0] + k, ship[1] + k)
    else:  # mid-board, the held colour's planet just past the best stop in open space
        ship = (200.0, 360.0)
        spots[held] = (420.0, 220.0)
    bares = []
    for k, p in enumerate(crystals[1:]):  # each behind a bare planet, seen from (200, 360)
        y = 290.0 + 140.0 * k
        spots[p] = (640.0, y)
        bares.append((420.0, 360.0 + (y - 360.0) * 0.5))
    bares += [(60.0 + 90.0 * i, 660.0 if case == "wedged" else 60.0)
              for i in range(len(bare) - len(bares))]
    spots.update(zip(bare, bares, strict=True))
    scene.match.table = Table(t.factions, spots, {0: ship})
    st.players[0].docked = False
    st.players[0].hold = [PLANETS[held].colour]
    st.players[0].base = []
    assert not scene.previews.open_shots(0)
    assert _keys_first_aim_meets(scene, held) == []


@pytest.mark.parametrize(("shield", "retry"), [(False, False), (True, False), (False, True)])
def test_a_bomb_that_destroys_nothing_says_the_crystals_stay_on_its_result_card(
        app: Any, shield: bool, retry: bool) -> None:
    """A stranger: "after a shielded or missed bomb, the 4 cubes stay on the Base but nothing
    on screen says so" (the note went as the next turn began). The result card, which
    outlasts the note, says so and when the thrower tosses again (now, when a Second
    Payload lets the same turn toss again), and the log keeps it."""
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    if retry:  # the same seat's bomb turn goes on
        scene.match.state.turn_phase = Phase.BOMB
    if shield:
        scene.presenter._on_rules_event(Shielded(seat=1))
    scene.presenter._on_rules_event(Bomb(seat=0, destroyed=()))
    scene.presenter.notes = []  # the turn passed on: its notes go
    got = scene.presenter.result
    assert got is not None
    title, lines, _left = got
    # and why it is tossed again now or next turn (a stranger read "toss again now" once
    # and "next turn" another time with no reason given)
    if retry:
        said = "Second Payload: you toss again now (your crystals stay on your Base)"
    elif shield:
        said = ("Shield stopped it: the bomb goes back, you toss next turn (your crystals "
                "stay on your Base)")
    else:
        said = "Your crystals stay on your Base: you toss again next turn"
    assert lines == (said,)
    assert ("AI 1's Planetary Shield holds" if shield else "The Space Bomb misses") == title
    shot = pygame.Surface((1280, 720))
    scene.draw(shot)  # the card is placed and drawn with no planet to keep clear of
    assert scene.view._result_home is not None


def test_a_bombs_result_card_gives_way_to_a_persons_aim_once_seen(app: Any) -> None:
    """A stranger's next turn began with "KABOOM! 1 planet destroyed" still over the planets
    he aimed at: once it has been up a beat (`RESULT_BEAT`), a person's aim over space takes
    its place; sooner, it stays to be read."""
    from game.games.cosmic.presenter import RESULT_BEAT, RESULT_SECONDS

    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    assert scene.acting_human() == 0
    scene.presenter.result = ("KABOOM! 1 planet destroyed", ("Ben's Red planet",),
                              RESULT_SECONDS)
    tick(scene)
    assert scene.presenter.result is not None  # just up: it stays
    scene.presenter.result = ("KABOOM! 1 planet destroyed", ("Ben's Red planet",),
                              RESULT_SECONDS - RESULT_BEAT - 0.1)
    tick(scene)
    assert scene.presenter.result is None


def test_a_keys_aim_on_a_crystal_starts_with_the_power_that_reaches_it(app: Any) -> None:
    """Two strangers' keyboard aims snapped onto a crystal at half power, stopped short and
    ended the turn, then took 10 to 14 presses of W every flick: an aim that starts on a
    crystal's lane starts with the power that reaches it, and flicked as it stands takes it."""
    scene = open_scene(app, "keys1", "ai:medium", match=human_turn())
    tick(scene)
    aim = scene.aims.pad_aim
    assert aim is not None
    shots = scene.previews.open_shots(0)
    assert shots, "the test table has a straight lane"
    from game.games.cosmic.ai import flick_power_for
    from game.games.cosmic.commands import REACH_ARRIVE
    from game.games.cosmic.data import PLANET_RADIUS, SHIP_RADIUS

    ship = scene.match.ship_at(0)
    planet = min(shots, key=lambda s: math.dist(ship, scene.match.table.planets[s[0]]))[0]
    gap = math.dist(ship, scene.match.table.planets[planet]) - PLANET_RADIUS - SHIP_RADIUS
    assert aim.power >= flick_power_for(gap, REACH_ARRIVE) - 1e-9
    from game.games.cosmic.world import play_flick

    touched = play_flick(scene.match.table, 0, aim.angle, aim.power).touches.get(0, [])
    assert touched[:1] == [planet]
    before = len(scene.match.state.players[0].hold)
    assert scene.perform(FlickInput(0, aim.angle, aim.power))
    for _ in range(60 * 20):
        scene.update(STEP)
        if scene.match.state.flicks_made and scene.stage == Stage.DECIDE:
            break
    assert len(scene.match.state.players[0].hold) > before


def test_a_mouse_seat_taking_up_the_keys_finds_the_same_reaching_power(app: Any) -> None:
    """A lone person on a mouse seat may aim with the keys: that aim starts with the power
    that reaches its crystal too, not half power."""
    from game.games.cosmic.ai import flick_power_for
    from game.games.cosmic.commands import REACH_ARRIVE
    from game.games.cosmic.data import PLANET_RADIUS, SHIP_RADIUS

    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    aim = scene.aims.pad_aim
    shots = scene.previews.open_shots(0)
    assert aim is not None and shots
    ship = scene.match.ship_at(0)
    planet = min(shots, key=lambda s: math.dist(ship, scene.match.table.planets[s[0]]))[0]
    gap = math.dist(ship, scene.match.table.planets[planet]) - PLANET_RADIUS - SHIP_RADIUS
    assert aim.power >= flick_power_for(gap, REACH_ARRIVE) - 1e-9
    from game.games.cosmic.world import play_flick

    touched = play_flick(scene.match.table, 0, aim.angle, aim.power).touches.get(0, [])
    assert touched[:1] == [planet]


def test_a_resting_bombs_cover_reads_in_words_under_or_safe(app: Any, monkeypatch: Any) -> None:
    """While the bomb settles, each planet it covers says how much lies under it, and one too
    little under to go says it is safe (a stranger read bare '40%', '31%' as a mystery)."""
    from types import SimpleNamespace

    from game.games.cosmic import view as view_mod
    from game.games.cosmic.data import BOMB_OVERLAP, BOMB_RADIUS
    from game.games.cosmic.table import bomb_cover

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    bomb = (300.0, 300.0)
    near = (bomb[0] + BOMB_RADIUS + 10.0, bomb[1])  # much of it under: goes
    edge = (bomb[0] - BOMB_RADIUS - PLANET_RADIUS + 6.0, bomb[1])  # a sliver: stays
    assert bomb_cover(bomb, near) >= BOMB_OVERLAP > bomb_cover(bomb, edge) > 0.0
    body = [SimpleNamespace(position=SimpleNamespace(x=x, y=y)) for x, y in (near, edge)]
    scene.world = SimpleNamespace(planets={0: body[0], 1: body[1]})  # type: ignore[assignment]
    said: list[str] = []
    real = view_mod.text.blit
    monkeypatch.setattr(view_mod.text, "blit",
                        lambda s, words, *a, **k: (said.append(words), real(s, words, *a, **k))[1])
    scene.view._covered(pygame.Surface((1280, 720)), bomb, (0, 0))
    scene.world = None
    assert said == [f"{round(bomb_cover(bomb, near) * 100)}% under",
                    f"{round(bomb_cover(bomb, edge) * 100)}%: safe"]


def test_a_lone_result_line_wraps_without_an_indent_and_listed_ones_hang() -> None:
    """The result card indents a line's continued rows only to tell its lines apart: a card
    of one line wraps flush (a stranger read the indent of '(-2 for / Ben)' as stray)."""
    from game.games.cosmic import hud

    line = "Ben's Yellow 3-dot planet: +5 for you, \u22122 for Ben, and some more words"
    w = 260
    lone = hud._result_wrap(line, w, hang=len([line]) > 1)
    listed = hud._result_wrap(line, w, hang=True)
    assert len(lone) > 1 and not any(r.startswith(" ") for r in lone)
    assert all(r.startswith("   ") for r in listed[1:])
    assert hud.result_rows([line], w) == len(lone)


def test_a_card_played_between_keeps_the_keys_aim_the_player_set(app: Any) -> None:
    """A stranger's aim and power went back to the start after he played a card: the same
    flick still to make keeps the aim he set."""
    scene = open_scene(app, "keys1", "ai:medium", match=with_cards("afterburner"))
    tick(scene)
    aim = scene.aims.pad_aim
    assert aim is not None
    aim.armed = True
    aim.angle, aim.power = 1.234, 0.8
    scene.handle_action(ActionEvent("keys1", "secondary", True))
    scene.handle_action(ActionEvent("keys1", "confirm", True))
    assert scene.match.state.flicks_left == 2  # the card was played
    tick(scene, 0.2)
    aim = scene.aims.pad_aim
    assert aim is not None and aim.angle == pytest.approx(1.234) and aim.power == 0.8


def test_a_planets_owner_reads_on_a_planet_of_the_owners_own_colour(app: Any) -> None:
    """A stranger twice aimed the bomb at his own planet: his red was a thin rim on a red
    planet. A dark seam parts the disc from a wide rim of the owner's colour, and the owner's
    shape sits on a dark badge at the rim."""
    from game.games.cosmic.data import PLANET_RADIUS, PLANETS

    red = next(p.planet_id for p in PLANETS if p.colour == "red")
    owner = 0
    rim = art.faction_colour(owner)
    img = art.planet_sprite(red, owner)
    r = art.px(PLANET_RADIUS)
    cx, cy = img.get_width() // 2, img.get_height() // 2
    seam = img.get_at((cx + r, cy))
    assert max(seam[:3]) < 60  # dark, between the disc and the rim
    for k in (2, 3, 4):
        assert tuple(img.get_at((cx + r + k, cy)))[:3] == rim  # a rim four pixels wide
    bx, by = round(cx - r * 0.72), round(cy - r * 0.72)
    assert tuple(img.get_at((bx, by - 10)))[:3] == rim  # the badge's ring
    assert max(img.get_at((bx - 5, by + 6))[:3]) < 60  # its dark ground round the shape


def test_the_bomb_flash_is_a_soft_veil_never_a_white_screen(app: Any) -> None:
    """A stranger found a third of white over the whole screen at each explosion harsh (and a
    flash is a risk for the photosensitive): at its peak the veil lifts black by at most a
    sixth of the way to white."""
    from game.games.cosmic.marks import flash_overlay

    surface = pygame.Surface((1280, 720))
    surface.fill((0, 0, 0))
    flash_overlay(surface, 1.0)
    assert 0 < max(surface.get_at((640, 360))[:3]) <= 255 // 6


def test_placing_a_planet_near_a_base_is_refused_and_its_zone_ringed(app: Any) -> None:
    m, planet, scene = placing_back(app)
    near = art.to_screen(120.0, 110.0)  # clear of the Base's disc, inside its clear zone
    start = art.to_screen(*m.table.free_spot(planet, (FIELD / 2, FIELD / 2)))
    mouse(scene, "primary", start)
    mouse(scene, POINT, near)
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    cx, cy = art.to_screen(0.0, 0.0)
    r = art.px(BASE_CLEAR) / math.sqrt(2.0)  # the zone's ring, halfway round its quarter
    ring = [surface.get_at((round(cx + r) + dx, round(cy + r) + dy))[:3]
            for dx in range(-2, 3) for dy in range(-2, 3)]
    assert tuple(theme.BLAST[:3]) in ring
    mouse(scene, "primary", near, pressed=False)
    assert scene.match.phase == Phase.PLACE and not scene.inputs
    assert "Too near a Base" in scene.presenter.notes[-1][0]


def test_the_tips_and_the_hint_say_press_anywhere_in_open_space(app: Any) -> None:
    from game.games.cosmic import FIRST_TIPS

    assert "press anywhere in open space and pull back" in FIRST_TIPS[1]
    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    assert "open space" in scene.presenter.flick_hint(0)
    app.settings.assists.trajectory_preview = False
    assert scene.presenter.flick_hint(0).startswith("Press anywhere in open space")


def test_a_pull_stuck_at_the_edge_says_what_letting_go_does_and_does_it() -> None:
    from game.games.cosmic.controls import STUCK_SECONDS, MouseFlick

    aim = MouseFlick(0, "mouse")
    ship = (31.0, 31.0)
    sx, sy = art.to_screen(*ship)
    assert aim.press((sx, sy), ship)
    aim.motion((sx - 20, 0.0), rel=(0.0, 0.0))  # an absolute pointer meets the top edge
    aim.pointer.wait(STUCK_SECONDS + 0.1)
    assert aim.stuck and 0.0 < aim.power < 0.9
    shown = aim.power
    assert "let go flicks this hard" in NO_ROOM and "open space" in NO_ROOM
    got = aim.release((sx - 20, 0.0))
    assert isinstance(got, FlickInput) and got.power == pytest.approx(shown)


@pytest.mark.parametrize("outcome", ["hit", "miss", "shield"])
def test_the_bomb_going_off_shows_what_it_did(app: Any, outcome: str) -> None:
    """A stranger's bomb blew up in a fireball over his planets, then "The Space Bomb
    misses": the explosion only for a hit; a toss that destroys nothing a small grey puff
    and "MISS"; a Planetary Shield that cancels it a shield bubble over the saved planets and
    "Shielded!" on the table."""
    import math as _math

    from game.games.cosmic.match import TossInput

    from .test_layout import bomb_turn_match

    m = bomb_turn_match()
    if outcome == "shield":
        m.state.players[1].hand = ["planetary_shield"]
    scene = open_scene(app, "keys1", "ai:easy", match=m)
    tick(scene)
    toss = scene.aims.pad_toss
    assert toss is not None
    hand = toss.hand
    got = None
    if outcome == "miss":
        for k in range(72):
            angle = k * _math.tau / 72
            for power in (0.35, 0.5, 0.65):
                blast = scene.previews.toss_preview(hand, angle, power, 0.0)
                if not blast[2] and 60 < blast[1][-1][0] < 600 and 60 < blast[1][-1][1] < 600:
                    got = (angle, power)
                    break
            if got:
                break
    else:
        rival = [t for t in scene.previews.toss_targets(0, hand)
                 if scene.match.state.owner.get(t[1]) == 1]
        got = (rival[0][2], rival[0][3])
    assert got is not None
    assert scene.perform(TossInput(0, hand[0], hand[1], got[0], got[1], 0.0))
    for _ in range(40):
        tick(scene, 0.25)
        if scene.bomb_shown:
            break
    assert scene.bomb_shown == outcome
    kinds = {b.kind for b in scene.fx.blasts}
    words = [p.word for p in scene.fx.popups]
    if outcome == "hit":
        assert "fire" in kinds and "MISS" not in words
    elif outcome == "miss":
        assert kinds == {"puff"} and "MISS" in words and scene.fx.flash == 0.0
    else:
        assert kinds == {"shield"} and "Shielded!" in words and scene.fx.flash == 0.0
    scene.draw(pygame.Surface((1280, 720)))  # each effect draws


def test_already_held_is_short_and_goes_when_the_turn_changes(app: Any) -> None:
    """A floating "already held" stayed mid-board for seconds across turns: it is short, and
    the next turn's beginning clears one left over from before."""
    from game.games.cosmic.events import Repeat
    from game.games.cosmic.presenter import HELD_SECONDS

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn())
    tick(scene)
    planet = next(iter(scene.match.table.planets))
    scene.presenter._last_planet[planet] = (400.0, 300.0)
    scene.presenter._on_rules_event(Repeat(seat=0, planet=planet))
    held = [p for p in scene.fx.popups if p.word == "already held"]
    assert held and held[0].life == HELD_SECONDS <= 1.0
    scene.fx.update(0.1)
    scene.fx.popup("+3", 300.0, 300.0)  # a word not about the turn stays
    scene.fx.end_turn()
    words = [p.word for p in scene.fx.popups]
    assert "already held" not in words and "+3" in words


def test_a_bombs_result_card_leaves_the_board_as_the_next_turn_begins(app: Any) -> None:
    """A stranger's "The Space Bomb misses" stayed mid-board into the next player's turn,
    over the lanes: once the next turn has begun and it has been up `RESULT_MIN`, it goes,
    whoever plays (an AI's turn too); sooner, it stays that long to be read."""
    from game.games.cosmic.events import Turn
    from game.games.cosmic.presenter import RESULT_MIN, RESULT_SECONDS

    scene = open_scene(app, "ai:medium", "mouse", match=human_turn())
    pr = scene.presenter
    pr.result = ("The Space Bomb misses", ("Nothing destroyed",), RESULT_SECONDS - 0.5)
    pr.update(0.1, 0.1)
    assert pr.result is not None  # the thrower's own turn still: it stays
    pr.show([Turn(seat=0, turn=2, phase="flick")])
    assert pr.result is not None  # just up: read first
    pr.update(RESULT_MIN, RESULT_MIN)
    assert pr.result is None
    pr.result = ("The Space Bomb misses", ("Nothing destroyed",), RESULT_SECONDS - 3.0)
    pr.result_turned = False
    pr.show([Turn(seat=0, turn=3, phase="flick")])
    assert pr.result is None  # up long enough: it goes as the turn begins


def test_a_word_popping_up_keeps_clear_of_the_bombs_result_card(app: Any) -> None:
    """A stranger's floating "Shielded!" was half hidden behind the bomb's result card: a word
    popping up settles where the card is not."""
    from game.games.cosmic import scene as scene_mod
    from game.ui import text

    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    scene.presenter.result = ("The Space Bomb misses", ("Ben's Planetary Shield holds",),
                              scene_mod.RESULT_SECONDS)
    box = scene.view.result_box()
    assert box is not None
    scene.fx.popup("Shielded!", box.centerx, box.centery, size=26, life=5.0)
    scene.draw(pygame.Surface((1280, 720)))
    pop = scene.fx.popups[-1]
    assert pop.spot is not None
    w, h = text.render(pop.word, pop.size, pop.colour, True).get_size()
    assert not pygame.Rect(0, 0, w, h + 24).move(pop.spot[0] - w // 2,
                                                 pop.spot[1] - (h + 24) // 2).colliderect(box)


def test_the_bomb_booms_shakes_a_few_pixels_and_then_everything_settles(app: Any,
                                                                      monkeypatch: Any) -> None:
    """The Space Bomb's moment: the boom sound, a white flash, shock rings, sparks and debris
    and a short shake of a few pixels; then it all ends and the table is drawn where it was."""
    from game.games.cosmic.data import BOMB_RADIUS

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    played: list[str] = []
    monkeypatch.setattr(app.sound, "play", lambda name, *a, **k: played.append(name))
    scene.fx.explode((640.0, 360.0), art.px(BOMB_RADIUS))
    assert "kaboom" in played
    fx = scene.fx
    assert fx.flash == 1.0 and fx.sparks.items and fx.debris.items
    assert any(b.kind == "ring" for b in fx.blasts)
    biggest = 0
    for _ in range(60 * 3):
        fx.update(1 / 60)
        biggest = max(biggest, abs(fx.shake_off[0]), abs(fx.shake_off[1]))
    assert 1 <= biggest <= 6  # it shook, by a few pixels only
    assert fx.shake == 0.0 and fx.shake_off == (0, 0) and fx.flash == 0.0
    assert not fx.blasts and not fx.sparks.items and not fx.debris.items


def test_a_pull_too_short_to_move_the_ship_visibly_is_refused_with_a_word(app: Any) -> None:
    """A stranger's first flick at 16% moved his ship less than its own width and ended his
    turn: a mouse pull past the dead zone but short of `MIN_PULL_POWER` flicks nothing and
    the table says to pull further; a pull just past it flicks, moving the ship at least its
    own width."""
    from game.games.cosmic.controls import MIN_PULL_POWER, MIN_PULL_TRAVEL, TOO_SHORT
    from game.games.cosmic.pull import MAX_PULL, pull_share
    from game.games.cosmic.world import play_flick

    assert MIN_PULL_TRAVEL >= 28.0
    scene = open_scene(app, "mouse", "ai:medium", match=human_turn())
    tick(scene)
    ship = art.to_screen(*scene.match.ship_at(0))
    edge = pull_share(MIN_PULL_POWER) * MAX_PULL
    for short in (edge * 0.6, edge - 2.0):
        mouse(scene, "primary", ship)
        mouse(scene, POINT, (ship[0] - short, ship[1]))
        mouse(scene, "primary", (ship[0] - short, ship[1]), pressed=False)
        assert scene.stage == Stage.DECIDE and not scene.inputs
        assert scene.presenter.notes[-1][0] == TOO_SHORT
    table = scene.match.table
    mouse(scene, "primary", ship)
    mouse(scene, POINT, (ship[0] - edge - 2.0, ship[1]))
    mouse(scene, "primary", (ship[0] - edge - 2.0, ship[1]), pressed=False)
    got = scene.inputs[-1]
    assert isinstance(got, FlickInput)
    start = table.ship_at(0)
    world = play_flick(table, 0, got.angle, got.power)
    moved = math.dist(start, world.table_after().ship_at(0)) if 0 in \
        world.table_after().ships else MIN_PULL_TRAVEL
    assert moved >= 2 * 14.0


def test_a_persons_own_new_turn_closes_the_bombs_result_at_once(app: Any) -> None:
    """A stranger's "Your Planetary Shield holds" stayed over the board into his own turn and
    hid his "last pull": once a new turn has begun and a person is to aim, the result box
    goes at once (the banner's note and the log still say it); on an AI's turn it stays to be
    read."""
    from game.games.cosmic.events import Bomb, Shielded, Turn

    scene = open_scene(app, "mouse", "ai:medium", match=human_turn(seed=3, players=2))
    tick(scene)
    assert scene.acting_human() == 0
    scene.presenter._on_rules_event(Shielded(seat=0))
    scene.presenter._on_rules_event(Bomb(seat=1, destroyed=()))
    tick(scene)
    assert scene.presenter.result is not None  # just up, no new turn yet: it stays
    scene.presenter._on_rules_event(Turn(seat=0, turn=scene.match.state.turn, phase="flick"))
    tick(scene)
    assert scene.presenter.result is None
    assert any("Planetary Shield" in m or "misses" in m for m, _ in scene.presenter.notes)
