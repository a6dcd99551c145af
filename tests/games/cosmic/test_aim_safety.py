"""Aims that start fresh and safe (a stranger's couch match): another seat's keyboard aim is
never drawn on a mouse seat's turn, Esc does not turn a mouse seat's hints into the keys', a
keyboard aim never waits armed where the last flick went, and the bomb on the keys is aimed
as a flick is (left/right aim, up/down power, fire tosses at the power shown)."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from game.app.input import MOUSE, ActionEvent
from game.games.cosmic import aimview as aim_mod
from game.games.cosmic import art, marks
from game.games.cosmic.controls import POWER_STEP, READY_POWER, Aims, PadFlick, PadToss
from game.games.cosmic.data import FIELD
from game.games.cosmic.match import FlickInput
from game.games.cosmic.rules import Phase
from game.games.cosmic.scene import Stage

from .test_scene import STEP, human_turn, mouse, open_scene, tick


def _spy_preview(scene: Any, monkeypatch: Any) -> list[tuple[float, float]]:
    asked: list[tuple[float, float]] = []
    real = scene.previews.preview

    def spy(seat: int, angle: float, power: float) -> Any:
        asked.append((angle, power))
        return real(seat, angle, power)

    monkeypatch.setattr(scene.previews, "preview", spy)
    return asked


def test_a_keys_seats_aim_is_never_drawn_on_the_mouse_seats_turn(app: Any,
                                                                   monkeypatch: Any) -> None:
    scene = open_scene(app, "keys1", "mouse", match=human_turn())
    tick(scene)
    scene.handle_action(ActionEvent("keys1", "up", True))  # the keys seat touches its aim
    assert scene.aims.device == "keys1"
    scene.perform(FlickInput(0, 0.0, 0.05))
    for _ in range(60 * 30):
        scene.update(STEP)
        if scene.stage == Stage.DECIDE and scene.to_act == 1 \
                and scene.match.phase == Phase.FLICK:
            break
    assert scene.to_act == 1
    tick(scene)
    assert scene.aims.device == MOUSE
    assert scene.aims.pad_aim is not None and not scene.aims.pad_aim.armed
    asked = _spy_preview(scene, monkeypatch)
    scene.draw(pygame.Surface((1280, 720)))
    assert asked == []  # nobody aims: no arrow, no "power 30%", no preview
    assert "A/D" not in scene.presenter.hint(1) and "pull back" in scene.presenter.hint(1).lower()


def test_esc_or_back_on_the_left_keys_leaves_a_mouse_seat_as_it_was(app: Any,
                                                                     monkeypatch: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn())
    tick(scene)
    mouse_hint = scene.presenter.hint(0)
    for act in ("pause", "back", "secondary"):
        scene.handle_action(ActionEvent("keys1", act, True))
        scene.handle_action(ActionEvent("keys1", act, False))
        scene.commands.menu_focus = None
    assert scene.aims.device == MOUSE and scene.presenter.hint(0) == mouse_hint
    asked = _spy_preview(scene, monkeypatch)
    scene.draw(pygame.Surface((1280, 720)))
    assert asked == []


def test_a_keys_aim_starts_fresh_low_and_toward_a_shot_never_where_it_last_went() -> None:
    aims = Aims(MOUSE)
    aims.remember(FlickInput(0, 3.0, 0.78))  # the last flick: 78%, out of space
    aims.flick(0, "keys1", (50.0, 50.0), toward=0.6)
    pad = aims.pad_aim
    assert pad is not None and pad.armed
    assert pad.angle == pytest.approx(0.6) and pad.power == pytest.approx(READY_POWER)
    aims.flick(0, "keys1", (50.0, 50.0))  # nothing a straight flick reaches: the middle
    pad = aims.pad_aim
    assert pad is not None and pad.armed and pad.power == pytest.approx(READY_POWER)
    assert pad.angle == pytest.approx(math.atan2(FIELD / 2 - 50.0, FIELD / 2 - 50.0))


def test_space_means_one_thing_at_every_flick_decision() -> None:
    """A playtester's Space flicked at once at 30% after one crystal, and only showed the aim
    ("SPACE to aim") after another: it depended on whether a straight lane was open. Now at
    every keys flick decision the aim shows at once and a tap of fire flicks at the power
    shown, lane or not."""
    for toward in (0.6, None):
        aims = Aims(MOUSE)
        aims.flick(0, "keys1", (300.0, 300.0), toward=toward)
        pad = aims.pad_aim
        assert pad is not None
        pad.hold()
        got = pad.release()
        assert got is not None and got.power == pytest.approx(READY_POWER), toward


def test_a_greyed_end_turn_says_why(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn())
    tick(scene)
    end = next(b for b in scene.commands.buttons() if b.key == "end")
    assert not end.enabled and end.label == "End turn: flick first"


def test_a_greyed_return_to_base_says_why_on_hover_press_and_keys(app: Any) -> None:
    """A stranger, docked at his Base with an empty Hold, saw Return to Base greyed out and
    no reason: pointed at, it says why in a sentence above itself; a press on it says so in
    the banner; a keys player who opens the HUD with nothing to reach is told the same."""
    from game.games.cosmic import hud

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn())
    tick(scene)
    back = next(b for b in scene.commands.buttons() if b.key == "return")
    assert not back.enabled
    assert back.why.startswith("Your ship is already docked at your Base")
    assert back.why.endswith(".") and "Flick" in back.why
    assert all(b.why for b in scene.commands.buttons() if not b.enabled)
    surface = pygame.Surface((1280, 720))
    rect = pygame.Rect(back.rect)
    shown = hud.draw_buttons(surface, scene.commands.buttons(), None, rect.center, 0.0)
    assert len(shown) == 1 and shown[0].bottom <= rect.top
    assert surface.get_rect().contains(shown[0])
    assert hud.draw_buttons(surface, scene.commands.buttons(), None, (5, 5), 0.0) == []
    mouse(scene, "primary", rect.center)
    mouse(scene, "primary", rect.center, pressed=False)
    assert any(m.startswith("Your ship is already docked") for m, _ in scene.presenter.notes)
    keys = open_scene(app, "keys1", "ai:easy", match=human_turn())
    tick(keys)
    keys.handle_action(ActionEvent("keys1", "secondary", True))  # onto the HUD: its card
    assert keys.commands.menu_focus is not None
    # keys on the HUD: the focused greyed button says why, one tooltip at a time
    buttons = keys.commands.buttons()
    for i in (0, 1):
        tips = hud.draw_buttons(surface, buttons, i, (5, 5), 0.0, tips=True)
        assert len(tips) == 1 and tips[0].centerx == pygame.Rect(buttons[i].rect).centerx
    assert hud.draw_buttons(surface, buttons, None, (5, 5), 0.0, tips=True) == []
    keys.handle_action(ActionEvent("keys1", "back", True))
    keys.match.state.players[0].hand.clear()  # nothing to reach: the press says why
    keys.handle_action(ActionEvent("keys1", "secondary", True))
    assert any(m.startswith("Your ship is already docked") for m, _ in keys.presenter.notes)


def test_fire_on_a_disarmed_keys_aim_only_shows_it() -> None:
    aim = PadFlick(0, "keys1")
    aim.hold()
    assert aim.release() is None and aim.armed  # the careless press threw nothing away
    aim.hold()
    got = aim.release()
    assert got is not None and got.power == pytest.approx(READY_POWER)


def test_the_keys_bomb_is_aimed_as_a_flick_up_down_power_and_a_tap_tosses() -> None:
    toss = PadToss(0, "keys1", 0)
    assert not toss.armed
    start = toss.power
    toss.step(1)  # the first touch shows the aim where it stands
    toss.step(1)
    toss.step(-1)
    assert toss.armed and toss.power == pytest.approx(start)
    toss.step(-1)
    toss.hold()
    got = toss.release()  # a tap of fire: the toss at the power shown, not a fresh 0% charge
    assert got is not None and got.power == pytest.approx(start - POWER_STEP)


@pytest.mark.parametrize("device", ["keys1", "keys2"])
def test_the_rules_page_and_the_hints_name_the_keys_the_game_uses(app: Any, device: str) -> None:
    """The rules page said Q/E and hold SPACE, the flick hint A/D and W/S, the bomb hint W/S
    for the hand and hold LEFT SHIFT: one scheme now, in the player's bindings."""
    from game.games.cosmic.info import rules_page

    from .test_layout import bomb_turn_match

    k = app.input.word_for
    page = rules_page(k)
    flick, bomb = (f"{k(device, a)}/{k(device, b)}" for a, b in (("left", "right"),
                                                                  ("up", "down")))
    fire = k(device, "confirm")
    scene = open_scene(app, device, "ai:easy", match=bomb_turn_match())
    tick(scene)
    scene.handle_action(ActionEvent(device, "up", True))  # the aim touched: it shows
    hint = scene.presenter.hint(0)
    # (the arrows' long names in a word, to leave the banner room for the next-lane key)
    aim = "ARROWS aim" if device == "keys2" else f"{flick} aim · {bomb} power"
    assert aim in hint and f"{fire}: toss" in hint
    if device == "keys1":  # the rules page names the left keys
        assert f"{flick} aim · {bomb} power" in page and f"{fire}: toss" in page
        assert f"{k(device, 'rotate_left')}/{k(device, 'rotate_right')} spin" in page
        assert "turn the aim, hold" not in page


def test_the_keep_a_card_dialog_waits_until_the_bombs_result_is_seen(app: Any,
                                                                     monkeypatch: Any) -> None:
    """The dialog covered the explosion at once: a stranger never saw which planet went. It
    waits `DRAFT_AFTER_RESULT` seconds or a click; the result card never shows under it."""
    from game.games.cosmic import hud
    from game.games.cosmic import scene as scene_mod
    from game.games.cosmic.match import CosmicMatch
    from game.games.cosmic.presenter import DRAFT_AFTER_RESULT

    from .test_scene import mouse

    match = CosmicMatch.new(2, 4)
    assert match.phase == Phase.DRAFT and match.to_act() == 0
    scene = open_scene(app, "mouse", "ai:easy", match=match)
    tick(scene)
    scene.presenter.result = ("KABOOM! 1 planet destroyed", ("Ben destroys your red planet",),
                    scene_mod.RESULT_SECONDS)
    scene.presenter.result_seen = False
    drawn: list[str] = []
    monkeypatch.setattr(hud, "draw_draft", lambda *a, **k: drawn.append("draft"))
    monkeypatch.setattr(hud, "draw_result", lambda *a, **k: drawn.append("result"))
    scene.draw(pygame.Surface((1280, 720)))
    assert drawn == ["result"] and scene.presenter.draft_waits()
    _, rects = hud.draft_rects()
    mouse(scene, "primary", rects[0].center)  # the click goes on; it keeps nothing yet
    mouse(scene, "primary", rects[0].center, False)
    assert scene.match.phase == Phase.DRAFT and not scene.presenter.draft_waits()
    drawn.clear()
    scene.draw(pygame.Surface((1280, 720)))
    assert drawn == ["draft"]  # and the result card is not left showing through it
    scene.presenter.result_seen = False  # unclicked, the dialog comes by itself
    tick(scene, DRAFT_AFTER_RESULT + 0.1)
    assert not scene.presenter.draft_waits()


def test_a_bomb_flying_under_the_banner_is_drawn_over_it(app: Any, monkeypatch: Any) -> None:
    """A stranger's bomb in flight went behind the top banner: the HUD never hides it."""
    from game.games.cosmic import art, hud
    from game.games.cosmic.world import BodyPose

    from .test_layout import bomb_turn_match

    scene = open_scene(app, "mouse", "ai:easy", match=bomb_turn_match())
    tick(scene)
    x, y = art.to_world(*hud.BANNER.center)
    pose = BodyPose("bomb", 0, x, y + 10.0, 0.0, 1.0, height=0.3)
    monkeypatch.setattr(scene.view, "_poses", lambda: [pose])
    scene.stage = Stage.FLIGHT
    blits: list[tuple[int, int]] = []
    real = art.bomb_sprite

    def spy(step: int, angle: int) -> Any:
        img = real(step, angle)
        blits.append((step, angle))
        return img

    monkeypatch.setattr(art, "bomb_sprite", spy)
    surface = pygame.Surface((1280, 720))
    scene.view._bomb(surface, [pose], (0, 0), over_hud=True)
    assert blits  # drawn again over the HUD
    blits.clear()
    far = BodyPose("bomb", 0, 360.0, 360.0, 0.0, 1.0, height=0.3)  # mid-space: once is enough
    scene.view._bomb(surface, [far], (0, 0), over_hud=True)
    assert len(blits) <= 1 and not scene.view._under_hud(
        real(0, 0).get_rect(center=art.to_screen(360.0, 360.0)))


def test_a_label_pushed_away_from_its_mark_keeps_a_line_to_it() -> None:
    """"bounce: may fly out of space" sat 400 px from its red cross: a label that cannot sit
    by its mark draws a thin line to it; one beside its mark draws none."""
    from game.games.cosmic.marks import leader

    surface = pygame.Surface((400, 200))
    leader(surface, pygame.Rect(10, 10, 80, 20), (300.0, 150.0), (255, 0, 0), 30.0)
    assert surface.get_at((200, 80))[:3] != (0, 0, 0) or any(
        surface.get_at((x, y))[0] for x in range(90, 300) for y in range(30, 150))
    quiet = pygame.Surface((400, 200))
    leader(quiet, pygame.Rect(10, 10, 80, 20), (100.0, 25.0), (255, 0, 0), 30.0)
    assert not any(quiet.get_at((x, y))[0] for x in range(400) for y in range(200))


def test_the_bomb_label_steps_past_a_planet_but_not_far_away() -> None:
    """A stranger's "goes off here" sat on the planet beside the ring (a planet under the
    words cost as much as 25 px of distance): it takes a clear place up to about 100 px
    further out, with its leader line, but not one far across space."""
    from game.games.cosmic import art
    from game.games.cosmic.data import PLANET_RADIUS
    from game.games.cosmic.marks import box_gap, landing_label_box

    ring, r = (400, 300), 30
    reach = art.px(PLANET_RADIUS)
    near = [(ring[0], ring[1] + r + 4, "midtop")]
    far = [(ring[0], ring[1] + r + 90, "midtop")]
    planet_under_near = [(ring[0], ring[1] + r + 14)]
    box = landing_label_box((120, 16), ring, r, near + far, planet_under_near, [], [],
                            pygame.Rect(0, 0, 1280, 720))
    assert not box.inflate(reach * 2, reach * 2).collidepoint(planet_under_near[0])
    too_far = [(ring[0], ring[1] + r + 300, "midtop")]
    box = landing_label_box((120, 16), ring, r, near + too_far, planet_under_near, [], [],
                            pygame.Rect(0, 0, 1280, 720))
    assert box_gap(box, ring) < r + 20


def test_the_bomb_label_never_covers_the_planet_aimed_at() -> None:
    """A stranger's "goes off here / destroys ..." lay over the planet he was aiming at: a
    planet the blast takes (its target) is never under the words while a side is clear, even
    a farther one; a bystander planet still only nudges them (the test above)."""
    from game.games.cosmic import art
    from game.games.cosmic.data import PLANET_RADIUS
    from game.games.cosmic.marks import landing_label_box

    ring, r = (400, 300), 30
    near = [(ring[0], ring[1] + r + 4, "midtop")]
    far = [(ring[0], ring[1] + r + 100, "midtop")]
    target = (ring[0], ring[1] + r + 14)
    box = landing_label_box((120, 16), ring, r, near + far, [target], [], [],
                            pygame.Rect(0, 0, 1280, 720), [target])
    reach = art.px(PLANET_RADIUS)
    assert not box.inflate(reach * 2, reach * 2).collidepoint(target)


def test_a_planets_crystal_is_drawn_wholly_inside_its_disc(app: Any) -> None:
    """A ship sat on a gem that stuck out past the disc and "took no crystal": only the disc
    counts, so every pixel of the gem lies within it (and clear of the owner's badge)."""
    from game.games.cosmic import art
    from game.games.cosmic.data import PLANET_RADIUS
    from game.games.cosmic.marks import GEM_SIZE, gem_rise

    gem = art.crystal_gem("red", GEM_SIZE)
    r = art.px(PLANET_RADIUS)
    rect = gem.get_rect(center=(0, round(gem_rise())))
    far = max(math.hypot(rect.x + i + 0.5, rect.y + j + 0.5)
              for i in range(gem.get_width()) for j in range(gem.get_height())
              if gem.get_at((i, j)).a > 0)
    assert far <= r
    lowest = max(rect.y + j for i in range(gem.get_width()) for j in range(gem.get_height())
                 if gem.get_at((i, j)).a > 0)
    assert lowest <= -(r // 3) - 7 + 3  # above the badge (`art.planet_sprite`), or nearly


def test_a_doomed_planet_wears_crosshairs_not_a_rim_like_ring() -> None:
    """The red "will be destroyed" ring looked like the red rim of a red player's own
    planets: it is a gunsight whose ticks cross the rim, in and out, round a broken ring."""
    from game.games.cosmic.marks import doomed_mark

    surface = pygame.Surface((200, 200))
    doomed_mark(surface, (100, 100), 30)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        for reach in (26, 40):  # inside the rim and beyond the ring
            assert surface.get_at((100 + dx * reach, 100 + dy * reach))[:3] != (0, 0, 0)
    diag = round(36 / math.sqrt(2))
    assert surface.get_at((100 + diag, 100 + diag))[:3] != (0, 0, 0)  # the ring's arcs


def test_a_keys_seats_bomb_hand_is_drawn_whole_from_the_first_frame(app: Any,
                                                                    monkeypatch: Any) -> None:
    """A keys seat's bomb hand (and a restored one after Continue) started half off the
    window: the view drew the mouse's hand, the device left over from another seat."""
    from game.games.cosmic import art

    from .test_layout import bomb_turn_match

    scene = open_scene(app, "keys1", "ai:easy", match=bomb_turn_match())
    tick(scene)
    hands: list[tuple[float, float]] = []
    monkeypatch.setattr(scene.view.aim, "_hand", lambda _s, at, _spin: hands.append(at))
    scene.draw(pygame.Surface((1280, 720)))
    assert hands
    w, h = art.SCREEN
    for x, y in hands:
        assert min(x, y, w - x, h - y) >= 20


def test_the_keys_hint_says_a_first_press_only_shows_a_disarmed_aim(app: Any) -> None:
    from .test_layout import bomb_turn_match

    scene = open_scene(app, "keys1", "ai:easy", match=bomb_turn_match())
    tick(scene)
    fire = app.input.word_for("keys1", "confirm")
    assert f"{fire}: show" in scene.presenter.hint(0)
    scene.handle_action(ActionEvent("keys1", "up", True))
    assert f"{fire}: toss" in scene.presenter.hint(0)


@pytest.mark.parametrize("second", ["ai:easy", "keys2"])
def test_the_toss_preview_names_what_the_rules_destroy_and_marks_only_those(
        app: Any, monkeypatch: Any, second: str) -> None:
    """A stranger saw "goes off here" and two crosshairs, and only one planet died (the other
    owner's Planetary Shield spared theirs). The words list what the rules destroy there and
    the crosshairs mark exactly those; a hidden hand's Shield is not given away."""
    from game.games.cosmic import view as view_mod
    from game.games.cosmic.data import PLANETS

    from .test_layout import bomb_turn_match

    m = bomb_turn_match()
    st = m.state
    mine = next(p for p in sorted(st.alive) if st.owner[p] == 0)
    theirs = next(p for p in sorted(st.alive) if st.owner[p] == 1)
    st.players[1].hand = ["planetary_shield"]
    scene = open_scene(app, "keys1", second, match=m)
    tick(scene)
    scene.handle_action(ActionEvent("keys1", "up", True))  # the aim touched: it shows
    table = scene.match.table
    (ax, ay), (bx, by) = table.planets[mine], table.planets[theirs]
    rest = ((ax + bx) / 2, (ay + by) / 2)
    monkeypatch.setattr(scene.previews, "toss_preview",
                        lambda *a: ([rest, rest, rest], [rest, rest, rest], [mine, theirs]))
    marked: list[tuple[int, int]] = []
    words: list[str] = []
    real_mark, real_label = marks.doomed_mark, view_mod.board_label
    maybes: list[tuple[int, int]] = []
    monkeypatch.setattr(aim_mod, "maybe_mark", lambda s, at, r: maybes.append(at))
    monkeypatch.setattr(aim_mod, "doomed_mark",
                        lambda s, at, r: (marked.append(at), real_mark(s, at, r)))
    monkeypatch.setattr(aim_mod, "board_label",
                        lambda s, w, *a, **k: (words.append(w), real_label(s, w, *a, **k)))
    scene.draw(pygame.Surface((1280, 720)))
    said = next(w for w in words if w.startswith(("goes off here", "destroys")))
    hit, spared = st.bomb_result([mine, theirs])
    v = scene.voice
    assert hit == [mine] and spared == [theirs]  # the rules: Ben's Shield spares his

    def name(p: int, whose: str) -> str:
        return f"{whose} {PLANETS[p].colour.capitalize()} {'•' * PLANETS[p].dots}"

    # hidden, an AI's hand or a couch player's behind its curtain (a stranger read Ana's
    # secret Shield from "hits nothing"): the sure crosshair only on what the rules destroy;
    # Ben's is a "maybe"
    assert said == (f"destroys 1: {name(mine, v.poss(0))} "
                    f"(and {name(theirs, v.poss(1))} unless shielded)")
    assert len(marked) == 1
    assert len(maybes) == 1
    assert len(marked) == len(hit)  # the preview's count is the result's


@pytest.mark.parametrize("card", ["planetary_shield", None])
def test_the_toss_preview_never_counts_a_hidden_hands_planet_as_sure(app: Any,
                                                                     card: str | None) -> None:
    """Preview and result agree: the sure planets are a subset of what `bomb_result`
    destroys, and a hidden hand's planets read the same whether it holds a Shield or not
    (the preview gives no card away)."""
    from game.games.cosmic.data import CARDS_BY_ID

    from .test_layout import bomb_turn_match

    m = bomb_turn_match()
    st = m.state
    mine = next(p for p in sorted(st.alive) if st.owner[p] == 0)
    theirs = next(p for p in sorted(st.alive) if st.owner[p] == 1)
    other = next(c for c in CARDS_BY_ID if c != "planetary_shield")
    st.players[1].hand = [card or other]
    scene = open_scene(app, "keys1", "ai:easy", match=m)
    tick(scene)
    doomed, maybe = scene.view.blast_doomed([mine, theirs])
    hit, _ = st.bomb_result([mine, theirs])
    assert set(doomed) <= set(hit)
    assert doomed == [mine] and maybe == [theirs]


def test_the_flick_preview_dots_and_the_lost_cross_stay_on_the_board(app: Any,
                                                                    monkeypatch: Any) -> None:
    """A stranger saw the preview's dots and the "ship lost" cross of a flick out of the top
    of space drawn over the prompt bar: both are drawn inside the board (`BOARD_CLIP`), the
    cross pulled in whole."""
    from game.games.cosmic import view as view_mod
    from game.games.cosmic.world import FlickLine

    scene = open_scene(app, "keys1", "ai:easy", match=human_turn())
    tick(scene)
    scene.handle_action(ActionEvent("keys1", "up", True))  # the aim touched: it shows
    out = FlickLine(tuple((300.0, 40.0 - 4.0 * k) for k in range(25)), "out")
    monkeypatch.setattr(scene.previews, "preview", lambda *a: out)
    monkeypatch.setattr(scene.previews, "bounce_preview", lambda *a: None)
    drawn: list[tuple[str, pygame.Rect, tuple[Any, ...]]] = []
    inside = [False]
    real_circle, real_line = pygame.draw.circle, pygame.draw.line

    def circle(s: pygame.Surface, *a: Any, **k: Any) -> Any:
        if inside[0]:
            drawn.append(("circle", s.get_clip(), a))
        return real_circle(s, *a, **k)

    def line(s: pygame.Surface, *a: Any, **k: Any) -> Any:
        if inside[0]:
            drawn.append(("line", s.get_clip(), a))
        return real_line(s, *a, **k)

    real_path = scene.view.aim._flick_path

    def path(*a: Any, **k: Any) -> Any:
        inside[0] = True
        try:
            return real_path(*a, **k)
        finally:
            inside[0] = False

    monkeypatch.setattr(pygame.draw, "circle", circle)
    monkeypatch.setattr(pygame.draw, "line", line)
    monkeypatch.setattr(scene.view.aim, "_flick_path", path)
    scene.draw(pygame.Surface((1280, 720)))
    board = marks.BOARD_CLIP
    assert any(kind == "circle" for kind, _, _ in drawn)
    cross = [a for kind, _, a in drawn if kind == "line" and a[0] == view_mod.theme.BLAST]
    assert cross  # the path leaves space: the cross is drawn
    for _, clip, _ in drawn:
        assert board.contains(clip)
    for a in cross:
        for x, y in a[1:3]:
            assert board.collidepoint(x, y)


def test_a_ship_past_the_edge_never_covers_a_button_or_a_panel(app: Any) -> None:
    """A playtester's AI ship sat on the End turn button: the world's bodies stay under the
    HUD (a ship there is marked by its outline only), so the button's face and the panels'
    words show whole."""
    from game.games.cosmic import art
    from game.games.cosmic.data import FIELD

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=3, players=2))
    tick(scene)
    button = next(pygame.Rect(b.rect) for b in scene.commands.buttons())
    panel = scene.panel(1)
    plain = pygame.Surface(art.SCREEN)
    scene.draw(plain)
    m = scene.match
    m.state.players[1].docked = False
    for at in ((button.centerx, button.top + 2), (panel.left + 4, panel.centery)):
        wx, wy = art.to_world(*at)
        wx, wy = min(FIELD + 10.0, max(-10.0, wx)), min(FIELD + 10.0, max(-10.0, wy))
        m.table.ships[1] = (wx, wy)
        sx, sy = art.to_screen(wx, wy)
        shown = pygame.Surface(art.SCREEN)
        scene.draw(shown)
        inside = [(round(sx) + dx, round(sy) + dy) for dx in (-4, 0, 4) for dy in (-4, 0, 4)]
        hud_px = [p for p in inside if button.collidepoint(p) or panel.collidepoint(p)]
        assert hud_px, at
        assert all(shown.get_at(p) == plain.get_at(p) for p in hud_px), at


def test_a_keys_bomb_starts_aimed_to_stop_in_the_middle_of_space() -> None:
    """The keys toss used to wait at 30% and fall beside the thrower's own Base (the preview a
    useless spot by the corner): it starts aimed to stop in the middle of space, and from a
    previous toss only when that one stopped inside space."""
    from game.games.cosmic.match import TossInput
    from game.games.cosmic.world import preview_toss

    for faction in range(4):
        aims = Aims(MOUSE)
        aims.toss(0, "keys1", faction, (0.0, 0.0))
        toss = aims.pad_toss
        assert toss is not None and not toss.armed
        rest = preview_toss(toss.hand, toss.angle, toss.power, toss.spin)[1][-1]
        assert math.dist(rest, (FIELD / 2, FIELD / 2)) < 40.0, (faction, rest)
        wild = TossInput(0, toss.hand[0], toss.hand[1], toss.angle + math.pi, 0.9, 0.5)
        aims.remember(wild)  # last time: thrown away from space
        aims.toss(0, "keys1", faction, (0.0, 0.0))
        again = aims.pad_toss
        assert again is not None and again.spin == 0.0
        assert (again.angle, again.power) == pytest.approx((toss.angle, toss.power))
        good = TossInput(0, toss.hand[0], toss.hand[1], toss.angle + 0.1, 0.6, 0.25)
        aims.remember(good)
        aims.toss(0, "keys1", faction, (0.0, 0.0))
        kept = aims.pad_toss
        assert kept is not None
        assert (kept.angle, kept.power, kept.spin) == pytest.approx((good.angle, 0.6, 0.25))


def test_esc_pauses_and_the_keys_bomb_aim_is_as_it_was_on_resuming(app: Any) -> None:
    """Esc opens the pause screen, which says nothing of the aim: coming back, the keys aim is
    still shown (armed) at the aim and power the player set; only a charge under way is let
    go of, back to the power it started from."""
    from .test_layout import bomb_turn_match

    scene = open_scene(app, "keys1", "ai:easy", match=bomb_turn_match())
    tick(scene)
    toss = scene.aims.pad_toss
    assert toss is not None
    scene.handle_action(ActionEvent("keys1", "up", True))
    scene.handle_action(ActionEvent("keys1", "up", True))
    scene.handle_action(ActionEvent("keys1", "right", True))
    set_to = (toss.angle, toss.power)
    assert toss.armed
    scene.handle_action(ActionEvent("keys1", "primary", True))  # a charge begun
    tick(scene, 0.5)
    assert toss.active and toss.power != pytest.approx(set_to[1])
    scene.handle_action(ActionEvent("keys1", "pause", True))
    app.stack.apply_requests()
    assert app.stack.top is not scene
    app.stack.pop()
    app.stack.apply_requests()
    assert app.stack.top is scene
    assert toss.armed and not toss.active
    assert (toss.angle, toss.power) == pytest.approx(set_to)


def test_the_keys_toss_power_label_keeps_off_the_bombs_predicted_path(app: Any) -> None:
    """A stranger's "power 71%" sat on the dots of the toss he was lining up: the bar and
    its words keep off the flight and slide shown, wherever the toss is aimed."""
    from game.games.cosmic import art
    from game.games.cosmic.world import preview_toss

    from .test_layout import bomb_turn_match

    scene = open_scene(app, "keys1", "ai:easy", match=bomb_turn_match())
    tick(scene)
    toss = scene.aims.pad_toss
    assert toss is not None
    scene.handle_action(ActionEvent("keys1", "up", True))  # the aim shows
    surface = pygame.Surface((1280, 720))
    base = toss.angle
    covered = []
    for k in range(-6, 7):
        toss.angle = base + k * 0.06
        for power in (0.45, 0.6, 0.75):
            toss.power = power
            scene.draw(surface)
            bar = scene.view.aim.bar_area
            assert bar is not None
            flight, slide = preview_toss(toss.hand, toss.angle, toss.power, toss.spin)
            dots = [art.to_screen(*p) for p in [*flight, *slide]]
            if any(bar.collidepoint(d) for d in dots):
                covered.append((k, power))
    assert covered == []



def test_a_toss_on_the_edge_of_a_second_planet_says_it_is_close(app: Any,
                                                                 monkeypatch: Any) -> None:
    """A stranger's preview said Blue only at 49% and Yellow only at 51%, and his bomb caught
    both: where a hair more or less power catches another planet, the preview marks it and
    names it ("; close to Ben's Yellow ••")."""
    from game.games.cosmic import view as view_mod

    from .test_layout import bomb_turn_match

    m = bomb_turn_match()
    scene = open_scene(app, "keys1", "ai:easy", match=m)
    tick(scene)
    pv = scene.previews
    hand = (FIELD / 2, FIELD / 2)
    edge = None
    for k in range(36):  # round the compass, in from the rim: where the blast's catch changes
        angle = k * math.tau / 36
        last = None
        for step in range(20, 100):
            blast = pv.toss_preview(hand, angle, step / 100, 0.0)[2]
            if last is not None and set(blast) - set(last):
                edge = (angle, (step - 1) / 100, set(blast) - set(last))
                break
            last = blast
        if edge is not None:
            break
    assert edge is not None
    angle, power, gained = edge
    close = pv.toss_close(hand, angle, power, 0.0)
    assert gained <= set(close)
    assert not set(close) & set(pv.toss_preview(hand, angle, power, 0.0)[2])
    # drawn: the words name it
    words: list[str] = []
    real_label = view_mod.board_label
    monkeypatch.setattr(aim_mod, "board_label",
                        lambda s, w, *a, **k: (words.append(w), real_label(s, w, *a, **k)))
    near: list[tuple[int, int]] = []
    red: list[tuple[int, int]] = []
    monkeypatch.setattr(aim_mod, "near_mark", lambda s, at, r: near.append(at))
    monkeypatch.setattr(aim_mod, "maybe_mark", lambda s, at, r: red.append(at))
    scene.view.aim._landing(pygame.Surface((1280, 720)), hand, angle, power, 0.0, (0, 0))
    said = next(w for w in words if w.startswith(("goes off here", "destroys")))
    assert "; close to " in said, said
    # and marked as a near miss, never with the red ticks of a planet it destroys (a
    # stranger read red crosshairs on a planet the words said it missed)
    spots = {planet: art.to_screen(*scene.match.table.planets[planet]) for planet in close}
    assert len(near) == len(close) and not red
    assert {(round(x), round(y)) for x, y in spots.values()} == set(near)


def test_keys_on_a_card_show_the_card_alone_not_every_greyed_buttons_reason(
        app: Any, monkeypatch: Any) -> None:
    """A stranger's Ctrl onto the HUD opened three boxes at once over the board: the focused
    card shown large and both greyed-out buttons' reasons. With a card focused only the card
    shows; the reasons come back with the focus on a button, or nothing to focus."""
    from game.games.cosmic import hud
    from game.games.cosmic import view as view_mod

    keys = open_scene(app, "keys1", "ai:easy", match=human_turn())
    tick(keys)
    keys.handle_action(ActionEvent("keys1", "secondary", True))  # onto the HUD: its card
    items = keys.commands.focus_items()
    assert keys.commands.menu_focus is not None
    assert items[keys.commands.menu_focus][0] == "card"
    asked: list[bool] = []
    real = hud.draw_buttons
    monkeypatch.setattr(view_mod.hud, "draw_buttons",
                        lambda *a, tips=False, **k: (asked.append(tips), real(*a, tips=tips,
                                                                              **k))[1])
    keys.draw(pygame.Surface((1280, 720)))
    assert asked == [False]
    # and the banner says what the keys do there (it said "SPACE to aim", and Space pressed
    # the ringed item)
    hint = keys.presenter.hint(0)
    fire = app.input.word_for("keys1", "confirm")
    assert f"{fire} presses the ringed one" in hint and f"{fire} to aim" not in hint, hint
    keys.handle_action(ActionEvent("keys1", "secondary", True))  # back to aiming
    assert keys.commands.menu_focus is None and "presses" not in keys.presenter.hint(0)


def test_the_bomb_label_steps_off_a_planet_and_a_ship_round_its_ring() -> None:
    """A stranger's "goes off here: hits nothing; close to Ana's Green ••" lay over a planet
    and a ship: every one of the given sides was covered, while a place a little way round
    the ring was clear. The words take it (a ship under them counts as much as a planet)."""
    from game.games.cosmic import art
    from game.games.cosmic.data import PLANET_RADIUS, SHIP_RADIUS
    from game.games.cosmic.marks import box_gap, landing_label_box

    ring, r = (600, 360), 30
    reach, ship_r = art.px(PLANET_RADIUS), art.px(SHIP_RADIUS)
    size = (300, 18)
    sides = [(ring[0], ring[1] + r + 4, "midtop"), (ring[0], ring[1] - r - 4, "midbottom"),
             (ring[0] + r + 6, ring[1], "midleft"), (ring[0] - r - 6, ring[1], "midright")]
    planets = [(ring[0] + 40, ring[1] + r + 16), (ring[0] - 40, ring[1] - r - 16),
               (ring[0] + r + 60, ring[1] + 6)]
    ships = [(ring[0] - r - 60, ring[1] - 4)]
    box = landing_label_box(size, ring, r, sides, planets, ships, [],
                            pygame.Rect(0, 0, 1280, 720))
    assert not any(box.inflate(reach * 2, reach * 2).collidepoint(p) for p in planets), box
    assert not any(box.inflate(ship_r * 2, ship_r * 2).collidepoint(p) for p in ships), box
    assert box_gap(box, ring) < r + 130


def test_with_larger_text_the_power_words_keep_off_a_planet_over_the_bar(app: Any) -> None:
    """With larger text "power 44%" sat on a planet: the bar kept a planet off its plate,
    but the plate counted 22 px of words over it and the words stand taller. A planet just
    above where the bar would go moves the bar, so its words cover no planet."""
    from game.games.cosmic import art, marks
    from game.games.cosmic.data import PLANET_RADIUS
    from game.ui import text, theme

    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        at = (640.0, 420.0)
        words_h = text.line_height(15, True) + 4  # "power 44%" drawn bold at 15
        assert words_h > 22
        plain = marks.meter_rect(at, 0.0)
        disc = art.px(PLANET_RADIUS)
        planet = (plain.centerx, plain.top - 24 - disc - 4)
        bar = marks.meter_rect(at, 0.0, (planet,))
        words = pygame.Rect(bar.x, bar.top - words_h, bar.w, words_h)
        plate = words.union(bar)
        near_x = min(max(planet[0], plate.left), plate.right)
        near_y = min(max(planet[1], plate.top), plate.bottom)
        assert math.dist(planet, (near_x, near_y)) > disc, (plate, planet)
    finally:
        text.set_scale(1.0)


def test_keys_on_the_hud_show_one_tooltip_at_a_time_gone_when_the_focus_moves(
        app: Any, monkeypatch: Any) -> None:
    """With the left keys, Left Ctrl then A over the buttons left the greyed Return to
    Base's and End turn's tooltips overlapping each other and the board: only the focused
    button's shows, and it goes when the focus moves to another item."""
    from game.games.cosmic import hud

    keys = open_scene(app, "keys1", "ai:easy", match=human_turn())
    keys.match.state.players[0].hand[:] = ["afterburner"]
    tick(keys)
    said: list[str] = []
    real = hud.button_tip
    monkeypatch.setattr(hud, "button_tip", lambda why: (said.append(why), real(why))[1])
    keys.handle_action(ActionEvent("keys1", "secondary", True))  # Left Ctrl: onto the HUD
    assert keys.commands.menu_focus is not None
    seen = []
    for _ in range(4):  # A: the focus moves left round the buttons and the card
        keys.handle_action(ActionEvent("keys1", "left", True))
        said.clear()
        keys.draw(pygame.Surface((1280, 720)))
        item = keys.commands.focus_items()[keys.commands.menu_focus or 0]
        button = next((b for b in keys.commands.buttons() if b.key == item[1]), None)
        greyed = button is not None and not button.enabled
        assert said == ([button.why] if greyed and button is not None else []), item
        seen.append(item)
    assert ("button", "return") in seen and ("button", "end") in seen


def test_a_bomb_turn_with_a_card_says_it_and_each_space_does_what_the_banner_said(
        app: Any) -> None:
    """A stranger on the keys read "SPACE to aim", pressed it and never played his Second
    Payload first: the banner names the card key ("cards first"), the first Space only shows
    the aim ("aim bomb"), the card plays from the HUD while the aim waits, and only then a
    second Space tosses ("toss")."""
    from .test_layout import bomb_turn_match

    m = bomb_turn_match()
    m.state.players[0].hand = ["second_payload"]
    scene = open_scene(app, "keys1", "ai:easy", match=m)
    tick(scene)
    fire = app.input.word_for("keys1", "confirm")
    hint = scene.presenter.hint(0)
    assert f"{fire}: show" in hint and " cards · " in hint, hint
    scene.handle_action(ActionEvent("keys1", "primary", True))
    scene.handle_action(ActionEvent("keys1", "primary", False))
    tick(scene)
    assert scene.stage == Stage.DECIDE and scene.match.phase == Phase.BOMB
    assert f"{fire}: toss" in scene.presenter.hint(0)
    scene.handle_action(ActionEvent("keys1", "secondary", True))  # the HUD: the card ringed
    scene.handle_action(ActionEvent("keys1", "confirm", True))
    tick(scene)
    assert scene.match.state.players[0].hand == []
    hint = scene.presenter.hint(0)
    # (the menu key named only while it reaches something: the card played, nothing)
    assert " cards · " not in hint, hint
    assert (" menu · " in hint) == (scene.commands.menu_start() is not None), hint
    for _ in range(2):  # each Space as the banner says: "show aim" (if hidden), "toss"
        said = scene.presenter.hint(0)
        scene.handle_action(ActionEvent("keys1", "primary", True))
        tick(scene, 0.1)
        scene.handle_action(ActionEvent("keys1", "primary", False))
        tick(scene)
        assert (scene.stage == Stage.DECIDE) == (f"{fire}: show" in said), said
        if scene.stage != Stage.DECIDE:
            break
    assert scene.stage != Stage.DECIDE


def test_a_mouse_bomb_turn_plays_a_card_before_the_toss(app: Any) -> None:
    """The mouse seat's banner says a card can go first, and a click on it plays it while
    the toss still waits."""
    from game.games.cosmic import hud

    from .test_layout import bomb_turn_match

    m = bomb_turn_match()
    m.state.players[0].hand = ["second_payload"]
    scene = open_scene(app, "mouse", "ai:easy", match=m)
    tick(scene)
    assert scene.presenter.hint(0).startswith("Click your card to play it first")
    rect = hud.card_rects(scene.panel(0), 1, ["second_payload"])[0]
    mouse(scene, "primary", rect.center)
    mouse(scene, "primary", rect.center, False)
    tick(scene)
    assert scene.match.state.players[0].hand == []
    assert scene.match.phase == Phase.BOMB and scene.stage == Stage.DECIDE
    assert not scene.presenter.hint(0).startswith("Click your card")


def test_a_keys_aim_with_every_crystal_held_starts_toward_its_own_base(app: Any) -> None:
    """Fly-back variant, every crystal's colour in the Hold: no crystal left to aim at, and
    open water is useless; the keys' first aim is the flick home, onto its own Base."""
    from dataclasses import replace

    from game.games.cosmic.table import dock_spot, on_base

    m = human_turn(5)
    st = m.state
    st.options = replace(st.options, fly_back=True)
    p = st.players[0]
    p.hold.extend(sorted(c for c, planet in st.crystal.items() if planet is not None))
    p.docked = False
    faction = st.options.seat_factions[0]
    home = dock_spot(faction)
    m.table.ships[0] = (home[0] * 0.6 + FIELD * 0.2, home[1] * 0.6 + FIELD * 0.2)
    scene = open_scene(app, "keys1", "ai:easy", match=m)
    tick(scene)
    pad = scene.aims.pad_aim
    assert pad is not None
    line = scene.previews.preview(0, pad.angle, pad.power)
    assert line.end == "rest" and on_base(faction, *line.points[-1])


@pytest.mark.parametrize(("bomb", "armed"), [(False, True), (False, False), (True, True),
                                             (True, False)])
def test_each_key_the_keys_hint_names_does_what_it_says(app: Any, bomb: bool,
                                                        armed: bool) -> None:
    """Strangers disagreed whether Space aimed or threw: in every keys state (a flick or the
    bomb, its aim shown or still hidden) the hint names each key with what it does, and
    pressing it does just that."""
    from game.games.cosmic.controls import fire_does

    from .test_layout import bomb_turn_match

    scene = open_scene(app, "keys1", "ai:easy", match=bomb_turn_match() if bomb
                       else human_turn())
    tick(scene)
    pad = scene.aims.pad_toss if bomb else scene.aims.pad_aim
    assert pad is not None
    pad.armed = armed
    k = app.input.word_for
    hint = scene.presenter.hint(0)
    fire = k("keys1", "confirm")
    said = (hint + " · ").split(f"{fire}: ", 1)[1].split(" · ", 1)[0]
    assert said in (fire_does(bomb, armed), fire_does(bomb, armed, short=True)), hint
    turn = f"{k('keys1', 'left')}/{k('keys1', 'right')}"
    lift = f"{k('keys1', 'up')}/{k('keys1', 'down')}"
    assert (f"{turn} aim · {lift} power" in hint or f"{turn} {lift} aim" in hint
            or "ARROWS aim" in hint), hint  # (short: the four keys aim together)
    if armed:  # the named keys turn the aim and move the power
        angle, power = pad.angle, pad.power
        scene.handle_action(ActionEvent("keys1", "left", True))
        scene.handle_action(ActionEvent("keys1", "left", False))
        scene.handle_action(ActionEvent("keys1", "down", True))
        scene.handle_action(ActionEvent("keys1", "down", False))
        assert pad.angle != angle and pad.power < power
    scene.handle_action(ActionEvent("keys1", "confirm", True))
    scene.handle_action(ActionEvent("keys1", "confirm", False))
    tick(scene)
    if said in ("flick", "toss"):  # it went: the flick or the toss plays out
        assert scene.stage != Stage.DECIDE
    else:  # it only showed the aim, and now the hint says the next press goes
        assert scene.stage == Stage.DECIDE and pad.armed
        assert f"{fire}: {fire_does(bomb, True)}" in scene.presenter.hint(0)


def test_a_waiting_seats_hint_names_no_key(app: Any) -> None:
    """While another seat decides, no key of the player's is named (none does anything)."""
    scene = open_scene(app, "ai:easy", "keys1", match=human_turn())
    tick(scene)
    assert not scene.is_human(scene.to_act)
    hint = scene.presenter.hint(scene.to_act)
    for action in ("confirm", "left", "right", "up", "down", "back"):
        assert f"{app.input.word_for('keys1', action)} " not in f"{hint} ", hint


def test_a_keys_aim_never_starts_on_the_crystal_the_seat_already_holds(app: Any) -> None:
    """The ship lies beside a crystal of a colour it holds: the keys' first aim goes for a
    crystal it still needs (or open water), never into that planet."""
    from game.games.cosmic.data import PLANET_RADIUS, PLANETS, SHIP_RADIUS

    seen_lane = False
    for seed in (3, 5, 7):
        m = human_turn(seed)
        st = m.state
        ship = m.ship_at(0)
        colour, planet = min(((c, p) for c, p in st.crystal.items() if p is not None),
                             key=lambda cp: math.dist(ship, m.table.planets[cp[1]]))
        st.players[0].hold.append(colour)
        st.players[0].docked = False
        px, py = m.table.planets[planet]
        gap = PLANET_RADIUS + SHIP_RADIUS + 12.0
        side = -1.0 if px > FIELD / 2 else 1.0
        m.table.ships[0] = (px + side * gap, py)  # right beside it, toward the middle
        scene = open_scene(app, "keys1", "ai:easy", match=m)
        tick(scene)
        pad = scene.aims.pad_aim
        assert pad is not None and pad.armed
        line = scene.previews.preview(0, pad.angle, 1.0)  # (the power is the player's)
        if line.end == "planet":
            assert line.hit != planet, seed
            assert not st.players[0].holds(PLANETS[line.hit].colour), seed
            seen_lane = True
        app.stack.pop()
    assert seen_lane  # (at least one start goes for a crystal it needs)
