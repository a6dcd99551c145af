"""Board labels keep off what they describe: over several seeded boards and in both text
sizes, the bomb's verdict words ("destroys Ben's Yellow ... unless shielded"), the power
bar's "power NN%" plate and the "last pull" words cover no planet (with its badge and
glow), ship, Base ring or panel, and stay on the board (a stranger found each of them
sitting on a planet, a badge or a Base ring)."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pygame
import pytest

from game.games.cosmic import aimview as aim_mod
from game.games.cosmic import art, marks
from game.games.cosmic.data import COLOUR_KEYS, FACTIONS, SHIP_RADIUS
from game.games.cosmic.rules import Phase
from game.games.cosmic.table import BASE_RADIUS, corner_of
from game.ui import text, theme

from .test_scene import human_turn, open_scene, tick

SEEDS = (3, 11, 23)


@pytest.fixture(params=[1.0, theme.LARGE_TEXT_SCALE], ids=["normal", "larger"])
def text_size(request: Any) -> Any:
    text.set_scale(request.param)
    yield request.param
    text.set_scale(1.0)


def _covered(scene: Any, box: pygame.Rect, ship_too: bool = True,
             board: pygame.Rect = art.FIELD_RECT) -> list[str]:
    """What `box` covers that a label must not: planets (with badge and glow), ships, Base
    rings, panels; and whether it leaves the board."""
    out = []
    keep = marks.planet_keep_r()
    for p, xy in scene.match.table.planets.items():
        at = art.to_screen(*xy)
        if marks.box_cuts_ring(box, (round(at[0]), round(at[1])), keep):
            out.append(f"planet {p}")
    if ship_too:
        for s in range(len(scene.seats)):
            at = art.to_screen(*scene.match.ship_at(s))
            if marks.box_cuts_ring(box, (round(at[0]), round(at[1])),
                                   art.px(SHIP_RADIUS) + 3):
                out.append(f"ship {s}")
    for f in range(len(FACTIONS)):
        at = art.to_screen(*corner_of(f))
        if marks.box_cuts_ring(box, (round(at[0]), round(at[1])), art.px(BASE_RADIUS)):
            out.append(f"base {f}")
    for s in range(len(scene.seats)):
        if box.colliderect(scene.panel(s)):
            out.append(f"panel {s}")
    if box.colliderect(scene.view.log_rect()):
        out.append("log")
    if not board.contains(box):
        out.append("off the board")
    return out


def _bomb_scene(app: Any, seed: int) -> Any:
    m = human_turn(seed=seed)
    m.state.players[0].base = list(COLOUR_KEYS)
    m.state.turn_phase = Phase.BOMB
    m.state.bomb_cubes = list(COLOUR_KEYS)
    scene = open_scene(app, "keys1", "ai:easy", match=m)
    tick(scene)
    return scene


@pytest.mark.parametrize("seed", SEEDS)
def test_the_bomb_verdict_covers_no_planet_ship_base_or_panel(app: Any, monkeypatch: Any,
                                                              seed: int,
                                                              text_size: float) -> None:
    scene = _bomb_scene(app, seed)
    toss = scene.aims.pad_toss
    assert toss is not None and scene.match.phase == Phase.BOMB
    toss.armed = True
    boxes: list[pygame.Rect] = []
    real = marks.landing_label_box
    def spy(*a: Any, **k: Any) -> pygame.Rect:
        boxes.append(real(*a, **k))
        return boxes[-1]

    monkeypatch.setattr(aim_mod, "landing_label_box", spy)
    base = toss.angle
    shown = pygame.Surface((1280, 720))
    bad = []
    for turn, power in ((-0.4, 0.35), (-0.4, 0.8), (0.0, 0.55), (0.4, 0.35), (0.4, 0.8),
                        (0.0, 0.8)):
        toss.angle, toss.power = base + turn, power
        boxes.clear()
        scene.draw(shown)
        assert boxes
        # the plate as drawn (the words' box with its margin)
        hit = _covered(scene, boxes[-1])
        if hit:
            bad.append((turn, power, hit))
    assert bad == []


def _power_plates(monkeypatch: Any) -> list[pygame.Rect]:
    caught: list[pygame.Rect] = []
    real = marks.meter_rect

    def spy(*a: Any, **k: Any) -> pygame.Rect:
        r = real(*a, **k)
        caught.append(r)
        return r

    monkeypatch.setattr(aim_mod, "meter_rect", spy)
    return caught


@pytest.mark.parametrize("seed", SEEDS)
def test_the_power_plate_covers_no_planet_badge_or_base_ring(app: Any, monkeypatch: Any,
                                                             seed: int,
                                                             text_size: float) -> None:
    caught = _power_plates(monkeypatch)
    scene = open_scene(app, "keys1", "ai:easy", match=human_turn(seed=seed))
    tick(scene)
    aim = scene.aims.pad_aim
    assert aim is not None
    shown = pygame.Surface((1280, 720))
    bad = []
    for k in range(8):
        aim.angle = k * math.tau / 8
        caught.clear()
        scene.draw(shown)
        if not caught:
            continue
        bar = caught[-1]
        words = pygame.Rect(0, 0, max(bar.w, marks.meter_words_w()), marks.meter_words_h())
        words.midbottom = bar.midtop
        plate = bar.union(words).inflate(6, 14)  # its dark plate and the notch under it
        hit = [h for h in _covered(scene, plate) if not h.startswith("ship 0")]
        if hit:
            bad.append((k, hit))
    assert bad == []


def test_the_power_plate_keeps_off_a_bases_ring_by_a_corner(app: Any) -> None:
    """A stranger's "power 41%" sat on his Base's ring with his ship near that corner: for a
    ship near each corner, aimed every way, the plate stays off every Base's ring."""
    bad = []
    base_r = art.px(BASE_RADIUS)
    for f in range(len(FACTIONS)):
        bx, by = art.base_points(f)
        ix = 1 if bx < art.FIELD_RECT.centerx else -1
        iy = 1 if by < art.FIELD_RECT.centery else -1
        for k, (ox, oy) in itertools.product(range(8), ((62, 108), (108, 62), (90, 90))):
            at = (round(bx + ix * ox), round(by + iy * oy))
            bar = marks.meter_rect(at, k * math.tau / 8)
            words = pygame.Rect(0, 0, max(bar.w, marks.meter_words_w()), marks.meter_words_h())
            words.midbottom = bar.midtop
            plate = bar.union(words).inflate(6, 14)
            for g in range(len(FACTIONS)):
                c = art.base_points(g)
                if marks.box_cuts_ring(plate, (round(c[0]), round(c[1])), base_r):
                    bad.append((f, k, g))
    assert bad == []


@pytest.mark.parametrize("seed", SEEDS)
def test_the_last_pull_words_cover_no_planet_glow_or_badge(app: Any, monkeypatch: Any,
                                                          seed: int,
                                                          text_size: float) -> None:
    """A stranger read "ast pull": the words lay half over a planet's glow and badge (they
    kept off its disc only). For a ship beside each planet and a last pull every way, the
    words wherever they are drawn cover no planet with its badge and glow, no other ship,
    Base ring or panel, and stay between the panels."""
    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(seed=seed))
    tick(scene)
    drawn: list[pygame.Rect] = []
    real = text.blit

    def spy(surface: pygame.Surface, words: str, size: int, colour: Any, pos: Any,
            anchor: str = "topleft", bold: bool = False, shadow: bool = False) -> pygame.Rect:
        r: pygame.Rect = real(surface, words, size, colour, pos, anchor, bold, shadow)
        if words == "last pull":
            drawn.append(r)
        return r

    monkeypatch.setattr(text, "blit", spy)
    shown = pygame.Surface((1280, 720))
    bad = []
    for p, xy in list(scene.match.table.planets.items())[seed % 2::2]:  # half, each seed
        px, py = art.to_screen(*xy)
        for k in (1, 5):
            a = k * math.tau / 8
            ship = (px + math.cos(a) * 60, py + math.sin(a) * 60)
            for j in range(6):
                drawn.clear()
                scene.view.aim._last_pull(shown, ship, j * math.tau / 6 + 0.3, 0.4)
                for box in drawn:
                    hit = [h for h in _covered(scene, box, board=marks.BOARD_CLIP)
                           if not h.startswith("ship 0")]
                    if hit:
                        bad.append((p, k, j, hit, tuple(box)))
    assert bad == [], [str(b) for b in bad[:8]]
