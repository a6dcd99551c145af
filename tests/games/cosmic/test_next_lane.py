"""The next-lane key (the keys' and pad's "back": Tab, Backspace, B): a stranger on the keys
could not cycle through targets, and the straight-lane helper often said "No straight lane".
It jumps a keys aim from one useful target to the next round the ship (a flick: the crystals
the seat needs with a clear lane) or the hand (a toss: the rivals' planets a toss destroys),
at a power the preview shows getting there, and the hint names it."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game.app.input import ActionEvent
from game.games.cosmic.match import CosmicMatch
from game.games.cosmic.previews import next_target

from .test_scene import bomb_match, human_turn, open_scene, tick


def _press(scene: Any, action: str, device: str = "keys1") -> bool:
    done = scene.handle_action(ActionEvent(device, action, True))
    scene.handle_action(ActionEvent(device, action, False))
    return bool(done)


def test_next_target_goes_round_clockwise_and_wraps() -> None:
    targets = [("lane", 1, 0.5, 0.4), ("lane", 2, 2.0, 0.4), ("lane", 3, 5.0, 0.4)]
    assert next_target(targets, 0.0) == targets[0]
    assert next_target(targets, 0.5) == targets[1]  # on one: the next
    assert next_target(targets, 3.0) == targets[2]
    assert next_target(targets, 5.0) == targets[0]  # round past east
    assert next_target(targets, 0.5, -1) == targets[2]
    assert next_target([], 1.0) is None
    assert next_target(targets[:1], 0.5) == targets[0]  # one target: stays on it


def _ship_at(m: CosmicMatch, pos: tuple[float, float]) -> CosmicMatch:
    """`m` with seat 0's ship lying in space at `pos`."""
    d = m.to_dict()
    d["table"]["ships"] = {"0": list(pos)}
    d["state"]["players"][0]["docked"] = False
    return CosmicMatch.from_dict(d)


def _match_with_lanes(least: int) -> CosmicMatch:
    """Seat 0's flick from a spot in space with at least `least` sure lanes."""
    from game.games.cosmic.previews import AimPreviews

    m = _ship_at(human_turn(), (324.0, 324.0))
    assert len(AimPreviews(m).open_shots(0)) >= least
    return m


def test_the_next_lane_key_cycles_the_keys_aim_through_the_clear_lanes(app: Any) -> None:
    scene = open_scene(app, "keys1", "ai:medium", match=_match_with_lanes(2))
    tick(scene)
    aim = scene.aims.pad_aim
    assert aim is not None
    shots = scene.previews.open_shots(0)
    seen = []
    for _ in range(len(shots)):
        assert _press(scene, "back")
        assert aim.armed
        # the lane's own power comes with it: the dotted line reaches the planet the note
        # names (with the power kept it stopped short of it)
        assert aim.power == _lane_power(scene, aim.angle)
        line = scene.previews.preview(0, aim.angle, aim.power)
        assert line.end == "planet" and line.hit in {p for p, _ in shots}
        seen.append(line.hit)
    assert sorted(seen) == sorted(p for p, _ in shots)  # each once, then round again
    assert _press(scene, "back")
    assert scene.previews.preview(0, aim.angle, _lane_power(scene, aim.angle)).hit == seen[0]
    assert any(m.startswith("Lane to") and "TAB: next lane · W/S: power" in m
               for m, _ in scene.presenter.notes)
    assert "TAB next lane" in scene.presenter.hint(0)
    _banner_shows_whole(scene)


def _lane_power(scene: Any, angle: float) -> float:
    """The power the next-lane key's target at `angle` offers."""
    from game.games.cosmic.commands import REACH_ARRIVE
    from game.games.cosmic.controls import READY_POWER

    return next(t[3] for t in scene.previews.flick_targets(0, REACH_ARRIVE, READY_POWER)
                if t[2] == angle)


def test_the_next_lane_key_on_a_mouse_seat_leaves_its_mouse_alone(app: Any) -> None:
    scene = open_scene(app, "mouse", "ai:medium", match=_match_with_lanes(1))
    tick(scene)
    angle = scene.aims.pad_aim.angle if scene.aims.pad_aim is not None else None
    _press(scene, "back")
    assert scene.aims.device == "mouse"
    assert scene.aims.pad_aim is None or scene.aims.pad_aim.angle == angle


def test_the_next_target_key_aims_the_bomb_at_a_rivals_planet_it_destroys(app: Any) -> None:
    scene = open_scene(app, "keys1", "ai:medium", match=bomb_match())
    tick(scene)
    toss = scene.aims.pad_toss
    assert toss is not None
    owner = scene.match.state.owner
    hit = set()
    power = toss.power
    for _ in range(4):
        assert _press(scene, "back")
        assert toss.armed and toss.spin == 0.0
        target = next(t for t in scene.previews.toss_targets(0, toss.hand)
                      if t[2] == toss.angle)
        assert toss.power == target[3] != power  # the power that reaches it comes too
        blast = scene.previews.toss_preview(toss.hand, toss.angle, toss.power, toss.spin)[2]
        assert target[1] in blast
        assert blast and all(owner[p] != 0 for p in blast)
        hit.update(blast)
    assert len(hit) >= 2  # it moved on between targets
    assert "TAB next target" in scene.presenter.hint(0)
    _banner_shows_whole(scene)


def _banner_shows_whole(scene: Any) -> None:
    """The banner draws the keys' hint, the next-lane key and all, uncut."""
    import pygame

    from game.games.cosmic import art, hud

    from .test_layout import _said, _whole

    scene.presenter.notes = []
    title, hint, colour = scene.presenter.banner()
    lane = next(w for w in ("next lane", "next target", "lanes", "targets") if w in hint)
    lane = hint[:hint.index(lane) + len(lane)].rsplit(" · ", 1)[-1]  # "TAB next lane"...
    said = _said(lambda: hud.draw_banner(pygame.Surface(art.SCREEN), title, hint, colour))
    assert _whole(lane, said), (hint, said.lines)


def test_with_no_sure_lane_the_narrow_lanes_are_offered_and_go_where_they_say() -> None:
    """From (466, 324) on this table no lane has a sure lane's room (the hint said "No
    straight lane"), but three crystals have straight lanes that meet them, a hair either
    way of the aim too, passing close by another planet: offered as "narrow", and the keys'
    targets go down each (the dotted path shown meets the crystal)."""
    from game.games.cosmic.demos import skip_drafts
    from game.games.cosmic.previews import ANGLE_STEP, AimPreviews

    m = CosmicMatch.new(2, 3)
    skip_drafts(m)
    pv = AimPreviews(_ship_at(m, (466.0, 324.0)))
    assert pv.open_shots(0) == []
    near = pv.near_lanes(0)
    assert len(near) >= 2 and {kind for _, _, kind in near} == {"narrow"}
    targets = pv.flick_targets(0, 160.0, 0.5)
    assert [t[0] for t in targets] == ["narrow"] * len(near)
    turns = [t[2] % math.tau for t in targets]
    assert turns == sorted(turns)  # in order round the ship
    for _, planet, angle, power in targets:
        for da in (0.0, ANGLE_STEP, -ANGLE_STEP):
            line = pv.preview(0, angle + da, power)
            assert line.end == "planet" and line.hit == planet


def test_with_no_lane_at_all_the_key_offers_the_clear_water_nearest_a_crystal() -> None:
    from game.games.cosmic.previews import AimPreviews

    m = human_turn()
    pv = AimPreviews(m)
    pv.open_shots = lambda seat: []  # type: ignore[method-assign]
    pv.near_lanes = lambda seat: []  # type: ignore[method-assign]
    targets = pv.flick_targets(0, 160.0, 0.5)
    water = pv.open_water(0, 0.5)
    assert water is not None and targets == [("water", None, water[0], water[1])]
    assert math.isfinite(targets[0][2])


def test_the_hint_offers_a_narrow_or_full_power_lane_rather_than_no_straight_lane(
        app: Any) -> None:
    """Where no lane has a sure lane's room, the mouse's hint named the lack ("No straight
    lane", on most of a stranger's turns): a narrow lane, or one only full power finishes,
    is drawn and said for what it is."""
    for pos, words in (((65.0, 240.0), "Narrow lanes only"),
                       ((310.0, 30.0), "only full power gets there")):
        scene = open_scene(app, "mouse", "ai:medium", match=_ship_at(human_turn(), pos))
        tick(scene)
        assert scene.previews.open_shots(0) == []
        hint = scene.presenter.flick_hint(0)
        assert words in hint and "No straight lane" not in hint, hint
        scene.app.stack.pop()


def test_with_the_fly_back_variant_and_a_hold_the_base_is_a_target() -> None:
    from dataclasses import replace

    from game.games.cosmic.previews import AimPreviews
    from game.games.cosmic.table import on_base

    m = _ship_at(human_turn(), (200.0, 40.0))
    m.state.players[0].hold = ["red"]
    pv = AimPreviews(m)
    assert not [t for t in pv.flick_targets(0, 160.0, 0.5) if t[0] == "base"]  # no variant
    m.state.options = replace(m.state.options, fly_back=True)
    base = [t for t in AimPreviews(m).flick_targets(0, 160.0, 0.5) if t[0] == "base"]
    assert len(base) == 1
    _, _, angle, power = base[0]
    line = AimPreviews(m).preview(0, angle, power)
    assert line.end == "rest" and on_base(m.state.options.seat_factions[0], *line.points[-1])


@pytest.mark.parametrize("device", ["keys1", "keys2"])
@pytest.mark.parametrize("scale", [1.0, 1.3])
def test_the_banner_says_the_next_lane_key_on_either_keys_at_any_text_size(
        app: Any, device: str, scale: float) -> None:
    """A stranger with larger text never found the next-lane key: the banner dropped it (and
    the arrows' keys dropped it at normal size too). It is said on every keys seat's flick
    and Space Bomb, in short words where the line has no room, with the menu key."""
    from game.ui import text, theme

    text.set_scale(theme.LARGE_TEXT_SCALE if scale > 1.0 else 1.0)
    try:
        for match in (human_turn(), bomb_match()):
            scene = open_scene(app, device, "ai:medium", match=match)
            tick(scene)
            hint = scene.presenter.banner()[1]
            assert " menu · " in hint or " cards · " in hint, hint
            _banner_shows_whole(scene)
            app.stack.pop()
            app.stack.apply_requests()
    finally:
        text.set_scale(1.0)


def _far_crystals(near_one: bool) -> tuple[CosmicMatch, int]:
    """The ship in the top left corner and every crystal in the far corner, the way to each
    clear but longer than full power runs (with `near_one`, one of them just within it)."""
    from game.games.cosmic.demos import skip_drafts
    from game.games.cosmic.table import Table

    m = CosmicMatch.new(2, 3)
    skip_drafts(m)
    seat = m.to_act()
    assert seat is not None
    crystals = sorted(p for p in m.state.crystal.values() if p is not None)
    bare = [p for p in sorted(m.table.planets) if p not in crystals]
    far = [(660.0, 660.0), (560.0, 670.0), (670.0, 560.0),
           (570.0, 570.0) if near_one else (610.0, 610.0)]
    spots = dict(zip(crystals, far, strict=True))
    for i, p in enumerate(bare):
        spots[p] = (300.0 + 90.0 * i, 60.0) if i < 4 else (60.0, 250.0 + 90.0 * (i - 4))
    m.table = Table(m.table.factions, spots, {seat: (60.0, 60.0)})
    return m, seat


def test_no_lane_is_drawn_to_a_crystal_even_full_power_does_not_reach() -> None:
    """A stranger followed a dotted lane at MAX and stopped short of its crystal: a lane is
    drawn only where a flick reaches the crystal; a clear way that even full power does not
    finish is none."""
    from game.games.cosmic.previews import AimPreviews

    m, seat = _far_crystals(near_one=True)
    pv = AimPreviews(m)
    kinds = {planet: kind for planet, _, kind in pv.near_lanes(seat)}
    assert "short" in kinds.values() and set(kinds.values()) - {"short"}
    drawn = [planet for planet, _ in pv.lanes(seat)]
    assert drawn and all(kinds[p] != "short" for p in drawn)
    for planet, angle in pv.lanes(seat):
        line = pv.preview(seat, angle, 1.0)
        assert line.end == "planet" and line.hit == planet  # MAX gets there


def test_crystals_out_of_reach_even_at_full_power_are_said_so(app: Any) -> None:
    from game.games.cosmic.presenter import OUT_OF_REACH
    from game.games.cosmic.previews import AimPreviews

    m, seat = _far_crystals(near_one=False)
    pv = AimPreviews(m)
    assert pv.open_shots(seat) == [] and pv.near_lanes(seat)
    assert {kind for _, _, kind in pv.near_lanes(seat)} == {"short"} and pv.lanes(seat) == []
    scene = open_scene(app, "mouse", "mouse", match=m)
    scene.match.table = m.table
    hint = scene.presenter.flick_hint(seat)
    assert hint == OUT_OF_REACH and "out of reach even at full power" in hint


def test_every_offered_lane_at_its_offered_power_reaches_its_planet() -> None:
    """A stranger's keys lane, at its offered 37%, stopped just short of the red planet and
    the turn was lost (another visibly missed): over several boards and ship spots, every
    lane the next-lane key offers, at the power it offers, touches its planet when the flick
    is played out in the world itself."""
    from game.games.cosmic.commands import REACH_ARRIVE
    from game.games.cosmic.controls import READY_POWER
    from game.games.cosmic.previews import AimPreviews
    from game.games.cosmic.world import play_flick

    checked = 0
    for seed in (3, 5, 8, 13):
        for spot in ((324.0, 324.0), (200.0, 420.0), (460.0, 230.0)):
            m = _ship_at(human_turn(seed), spot)
            for kind, planet, angle, power in AimPreviews(m).flick_targets(
                    0, REACH_ARRIVE, READY_POWER):
                if kind != "lane":
                    continue
                assert planet is not None
                touched = play_flick(m.table, 0, angle, power).touches.get(0, [])
                assert touched[:1] == [planet], (seed, spot, planet, power, touched)
                checked += 1
    assert checked >= 8


def test_the_keys_opening_aim_points_down_the_nearest_lane_at_its_power(
        app: Any) -> None:
    """The keys aim a flick starts with points down the nearest lane at the lane's own power
    (the power kept sent a stranger's dotted path past it, onto a crystal he already held):
    it touches that planet in the world itself."""
    from game.games.cosmic.world import play_flick

    checked = 0
    for seed in (3, 5, 8, 13):
        for spot in ((324.0, 324.0), (200.0, 420.0), (460.0, 230.0)):
            m = _ship_at(human_turn(seed), spot)
            scene = open_scene(app, "keys1", "ai:medium", match=m)
            tick(scene)
            shots = scene.previews.open_shots(0)
            aim = scene.aims.pad_aim
            assert aim is not None
            ship = m.table.ship_at(0)
            if shots:
                near = min(shots, key=lambda s: math.dist(ship, m.table.planets[s[0]]))[0]
                assert aim.power == _lane_power(scene, aim.angle)  # the lane's own power
                touched = play_flick(m.table, 0, aim.angle, aim.power).touches.get(0, [])
                assert touched[:1] == [near], (seed, spot, aim.power, touched)
                checked += 1
            app.stack.pop()
            app.stack.apply_requests()
    assert checked >= 6


def test_the_keys_opening_aim_goes_down_a_narrow_lane(app: Any) -> None:
    """With no sure lane but narrow ones drawn, the keys aim a flick starts with goes down
    the nearest, at the power the player sets (the lane's own power gets there)."""
    from game.games.cosmic.demos import skip_drafts

    m = CosmicMatch.new(2, 3)
    skip_drafts(m)
    m = _ship_at(m, (466.0, 324.0))
    scene = open_scene(app, "keys1", "ai:medium", match=m)
    scene.aims.last_flick[0] = (0.0, 0.15)  # a soft last flick
    scene.commands.reset()
    scene.commands.prepare(0)
    aim = scene.aims.pad_aim
    assert aim is not None and scene.previews.open_shots(0) == []
    lanes = {p for p, _ in scene.previews.lanes(0)}
    line = scene.previews.preview(0, aim.angle, _lane_power(scene, aim.angle))
    assert line.end == "planet" and line.hit in lanes, (aim.angle, aim.power, line.end)


def test_the_no_lane_target_speaks_of_space_not_water() -> None:
    """It said "the clear water nearest one", in space."""
    from game.games.cosmic.commands import target_words

    words = target_words("water", None, 1)
    assert "water" not in words and "nearest" in words


def test_a_mouse_seats_right_click_snaps_to_a_lane_and_a_click_on_the_ship_flicks_it(
        app: Any) -> None:
    """The keys' Tab snapped to a lane with its power; the mouse seat beside them had to
    drag precisely. A right click snaps the mouse's aim to the next lane at the power that
    gets there, shown as the pull, and a plain click on the ship flicks it."""
    from game.games.cosmic import art

    from .test_scene import mouse

    scene = open_scene(app, "mouse", "ai:medium", match=_match_with_lanes(2))
    tick(scene)
    assert "right-click: next lane" in scene.presenter.hint(0)
    shots = {p for p, _ in scene.previews.open_shots(0)}
    ship = art.to_screen(*scene.match.ship_at(0))
    assert mouse(scene, "secondary", (900.0, 600.0))
    aim = scene.aims.mouse_aim
    assert aim is not None and aim.snap is not None and not aim.active
    first = aim.snap
    line = scene.previews.preview(0, *first)
    assert line.end == "planet" and line.hit in shots
    assert "Click your ship" in scene.presenter.hint(0)
    assert mouse(scene, "secondary", (900.0, 600.0))  # the next lane
    assert aim.snap is not None and aim.snap != first
    shown = aim.snap
    seen = scene.previews.preview(0, *shown).hit
    mouse(scene, "primary", ship)
    mouse(scene, "primary", ship, pressed=False)
    assert scene.aims.last_flick[0] == pytest.approx(shown)
    assert seen in shots


def test_after_a_flick_the_keys_aim_points_down_a_lane_from_the_new_spot_at_its_power(
        app: Any) -> None:
    """After each flick the keys aim left where it pointed from the old spot, and a Space
    wasted the turn: the next flick of the turn starts pointing down the nearest lane from
    where the ship lies now, at that lane's power (else the power the player last flicked
    at)."""
    from game.games.cosmic.rules import Phase
    from game.games.cosmic.stage import Stage

    again = 0
    for seed in (3, 5, 8, 13):
        m = _ship_at(human_turn(seed), (324.0, 324.0))
        scene = open_scene(app, "keys1", "ai:medium", match=m)
        tick(scene)
        aim = scene.aims.pad_aim
        assert aim is not None
        if not scene.previews.open_shots(0):
            app.stack.pop()
            app.stack.apply_requests()
            continue
        assert _press(scene, "back")
        assert aim.power == _lane_power(scene, aim.angle)
        assert _press(scene, "confirm")
        flown = scene.match.ship_at(0)
        for _ in range(1200):
            if scene.stage == Stage.DECIDE:
                break
            tick(scene)
        tick(scene)  # (the next decision is set up)
        if scene.to_act == 0 and scene.match.phase == Phase.FLICK \
                and scene.match.ship_at(0) != flown:
            aim = scene.aims.pad_aim
            assert aim is not None
            shots = scene.previews.open_shots(0)
            ship = scene.match.ship_at(0)
            if shots:
                near = min(shots, key=lambda s: math.dist(ship, scene.match.table.planets[s[0]]))
                from game.games.cosmic.previews import ANGLE_STEP
                assert aim.angle == round(near[1] / ANGLE_STEP) * ANGLE_STEP, seed
                # at the lane's power (the power kept sent the path past it, onto a
                # crystal already held)
                assert aim.power == _lane_power(scene, aim.angle), seed
            else:
                assert aim.power == pytest.approx(scene.aims.last_flick[0][1]), seed
            again += 1
        app.stack.pop()
        app.stack.apply_requests()
    assert again >= 1


def test_the_target_note_names_a_planet_only_where_the_preview_hits_it(app: Any) -> None:
    """A stranger read "Bomb on Red ••" from the target key while the preview said "goes off
    here: hits nothing", and later "Toward Yellow: not reached at this power" while the
    preview overshot onto his own planet: the key brings the power that reaches the target
    (the note says "Bomb on"), and the note for any toss toward a planet agrees with the
    preview: "overshoots" past it, "not reached" short of it, and a loud warning where the
    blast takes one of the seat's own planets."""
    from game.games.cosmic.commands import TARGET_WORDS, toss_hint

    scene = open_scene(app, "keys1", "ai:medium", match=bomb_match())
    tick(scene)
    toss = scene.aims.pad_toss
    assert toss is not None
    scene.presenter.notes = []
    assert _press(scene, "back")
    blast = scene.previews.toss_preview(toss.hand, toss.angle, toss.power, 0.0)[2]
    assert blast and scene.presenter.notes[-1][0].startswith("Bomb on")
    owner = scene.match.state.owner
    kinds = set()
    for planet, xy in scene.match.table.planets.items():
        angle = math.atan2(xy[1] - toss.hand[1], xy[0] - toss.hand[0])
        for power in (0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 1.0):
            kind = toss_hint(scene, 0, toss.hand, angle, power, planet, "planet")
            _f, slide, blast = scene.previews.toss_preview(toss.hand, angle, power, 0.0)
            if any(owner.get(b) == 0 for b in blast):
                assert kind == "own"
            elif planet in blast:
                assert kind == "planet"
            else:
                far = math.dist(toss.hand, slide[-1]) > math.dist(toss.hand, xy)
                assert kind == ("overshoots" if far else "toward")
            kinds.add(kind)
    assert {"own", "overshoots", "toward", "planet"} <= kinds
    assert "YOUR OWN" in TARGET_WORDS["own"]
