"""Nothing the table writes (banners, words, the couch's "For Ana's eyes only" tag) lies over
a card: strangers at four seats and on a couch found seat tags and banners on their cards."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.cabo import rules as R
from game.games.cabo.layout import FELT, NOTE_W, TableLayout
from game.games.cabo.view import tag_place
from game.ui import theme
from tests.games.cabo.test_scene_table import table, wait_idle

FOUR = [["7H", "3S", "4S", "5S"], ["7D", "3H", "4H", "5H"], ["2D", "3D", "4D", "5D"],
        ["2C", "3C", "4C", "5C", "6C", "6D"]]


def resting_cards(scene: Any) -> list[pygame.Rect]:
    return [s.rect() for s in scene.presenter.sprites() if s.visible and not s.moves]


def test_the_banner_keeps_off_a_grid_grown_towards_the_piles(
        app: Any, driver: HeadlessDriver) -> None:
    """At four seats the right-hand seat's penalty cards reach toward the piles, where the
    "Round 2 of 10" banner sat."""
    scene = table(app, driver, ["mouse", "easy", "easy", "easy"], grids=FOUR,
                  phase=R.Phase.TURN, turn=0)
    wait_idle(driver, scene)
    surface = pygame.Surface((1280, 720))
    for msg in ("Round 2 of 10", "Ben wins the round with 3 points"):
        scene.presenter.banner = (msg, theme.SPARK, 5.0)
        scene.view.draw(surface)
        at = scene.view.banner_at
        assert at is not None and FELT.contains(at)
        assert at.collidelist(resting_cards(scene)) < 0, msg
        plates = [scene.layout.plate_rect(p) for p in range(4)]
        assert at.collidelist(plates) < 0, msg


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_word_by_the_piles_keeps_off_a_grown_home_grid_and_the_held_card(
        seats: int) -> None:
    pygame.font.init()  # (the layout measures the plates' words)
    lay = TableLayout(seats, 0)
    counts = [6] + [4] * (seats - 1)
    x, y = lay.word_point(counts=counts)
    path = lay.note_path(x, y, 130)
    cards = [pygame.Rect(0, 0, lay.card_w, lay.card_h) for _ in range(6)]
    for slot, r in enumerate(cards):
        r.center = tuple(round(c) for c in lay.slot_pos(0, slot, 6))
    held = pygame.Rect(0, 0, lay.card_w, lay.card_h)
    hx, hy = lay.hand_pos(0, 6)
    held.center = (round(hx), round(hy))
    assert path.collidelist(cards + [held]) < 0
    nx, ny = lay.note_point(1, 4, NOTE_W, (), counts)
    assert lay.note_path(nx, ny, NOTE_W).collidelist(cards) < 0


def test_the_eyes_only_tag_finds_free_felt_when_its_usual_places_are_taken() -> None:
    """A wide tag (with the drawn card's power on it) by a side seat on a crowded couch table:
    the places beside its cards were all taken, and it lay on the next seat's grid."""
    cards = pygame.Rect(50, 285, 140, 190)
    tag = pygame.Rect(0, 0, 376, 63)
    avoid = [cards, pygame.Rect(0, 475, 700, 180), pygame.Rect(0, 200, 450, 85),
             pygame.Rect(190, 285, 300, 190)]
    at = tag_place(tag, cards, avoid)
    assert at.collidelist(avoid) < 0 and at.size == tag.size


def test_a_slap_burst_is_drawn_over_the_tags_and_banners(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger saw the SLAP! burst under a box drawn after it: bursts go over every tag."""
    from game.tabletop.effects import SCALE_STEPS, Burst, scaled

    scene = table(app, driver, ["mouse", "easy"], grids=FOUR[:2], phase=R.Phase.TURN, turn=0,
                  seen={0: [(0, 0)]})
    wait_idle(driver, scene)
    surface = pygame.Surface((1280, 720))
    scene.view.draw(surface)
    tag = scene.view.hand_at
    assert tag is not None
    colour = scene.colours[0]
    burst = Burst("SLAP!", tag.center, 150, colour, theme.CREAM, hold=5.0, t=1.0)
    scene.presenter.effects.bursts.append(burst)
    scene.presenter.banner = ("Round 1 of 2", theme.SPARK, 5.0)
    scene.view.draw(surface)
    img = scaled(("SLAP!", 150, colour, theme.CREAM, theme.CREAM), SCALE_STEPS)
    at = img.get_rect(center=tag.center)
    shown = [(x, y) for x in range(tag.left + 4, tag.right - 4, 3)
             for y in range(tag.top + 4, tag.bottom - 4, 3)
             if at.collidepoint(x, y) and img.get_at((x - at.x, y - at.y)).a == 255]
    assert shown
    assert all(surface.get_at(p)[:3] == img.get_at((p[0] - at.x, p[1] - at.y))[:3]
               for p in shown)


@pytest.mark.parametrize(("seats", "large"), [(2, False), (3, True), (4, True)])
def test_the_eyes_only_tag_never_covers_the_buttons_or_the_held_card(
        app: Any, driver: HeadlessDriver, seats: int, large: bool) -> None:
    """A stranger on a couch held his drawn card up: "For Ben's eyes only" lay over the
    "Discard it" button (its last line hidden) and over the card itself; nor may it land on the
    card while it flies in from the pile. Checked every frame of two looks, 2, 3 and 4 seats."""
    from game.ui import text
    from tests.games.cabo.scene_helpers import HumanHands

    if large:
        app.settings.accessibility.large_text = True
        app.apply_settings()
        text.forget_cached_drawings()
    grids = [["7H", "3S", "4S"], ["8D", "3H", "4H"], ["2D", "3D", "4D", "5D"],
             ["2C", "3C", "4C", "5C"]][:seats]
    scene = table(app, driver, ["mouse", "keys1", "keys2", "hard"][:seats], grids=grids,
                  phase=R.Phase.TURN, turn=1, draw=["9C"], seen={0: [(0, 0)], 1: [(1, 0)]})
    wait_idle(driver, scene)
    scene.human_act(R.Draw(1))
    hands = HumanHands(app, driver, scene)
    surface = pygame.Surface((1280, 720))
    seen: list[pygame.Rect] = []
    covered: list[pygame.Rect] = []

    def check() -> None:
        scene.view.draw(surface)
        at = scene.view.hand_at
        if at is None:
            return
        seen.append(at)
        buttons = [t.rect for t in scene.cursor.targets if t.kind == "button"]
        held = scene.presenter.held
        if at.collidelist(buttons) >= 0 or (held is not None and at.colliderect(held.rect())):
            covered.append(at)

    hands.frames_check.append(check)
    hands.look(1, frames=8)
    wait_idle(driver, scene)
    hands.look(1, frames=8)
    assert seen and not covered
