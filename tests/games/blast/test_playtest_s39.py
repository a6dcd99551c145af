"""Session 39's playtest fixes for Kaboom! Explosive (a stranger in a real window, 7/10)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.headless import HeadlessDriver
from game.games.blast import art, hud
from game.games.blast import data as D
from game.games.blast.controls import arrange_rects, arrange_slots
from game.games.blast.layout import FELT, look_size
from game.tabletop.effects import SCALE_STEPS, scaled
from game.ui import text, theme
from tests.games.blast.helpers import table
from tests.games.blast.scene_helpers import HumanHands, open_match


@pytest.mark.parametrize("players", [2, 4])
def test_no_walls_left_keeps_clear_of_the_falling_wall_and_the_boom(
        app: Any, driver: HeadlessDriver, monkeypatch: pytest.MonkeyPatch,
        players: int) -> None:
    """A stranger read "No walls left!" over the ruined palisade and under the BOOM! burst.
    Frame by frame as a Flaming Arrow takes the last wall, wherever the words are drawn they
    clear the wall still crumbling and every burst; once the dust settles they show."""
    m = table(players, hands={0: [D.ARROW, D.STONE]}, walls={1: [D.PALISADE]})
    scene = open_match(app, driver, m, ["mouse", "hard", "hard", "hard"], speed=1.0)
    hands = HumanHands(app, driver, scene)
    hands.point_at(0, f"hand:{scene.presenter.hand.index(D.ARROW)}")
    driver.step()
    drawn: list[pygame.Rect] = []
    real = text.blit

    def blit(surface: pygame.Surface, words: str, size: int, colour: Any,
             pos: tuple[float, float], anchor: str = "topleft", bold: bool = False,
             shadow: bool = False) -> pygame.Rect:
        rect = real(surface, words, size, colour, pos, anchor, bold, shadow)
        if words == hud.NO_WALLS:
            drawn.append(rect)
        return rect

    monkeypatch.setattr(text, "blit", blit)
    hands.point_at(0, "wall:1:0")
    pr = scene.presenter
    seen = 0
    for _ in range(240):
        drawn.clear()
        scene.view._layer = None  # the table's layer drawn anew: every word it holds counted
        driver.step(draw=True)
        bursts = [scaled((b.label, b.width, b.fill, b.edge, theme.CREAM), SCALE_STEPS + 1)
                  .get_rect(center=(round(b.pos[0]), round(b.pos[1]))) for b in pr.effects.bursts]
        debris = [c.rect for c in pr.crumbles if c.seat == 1]
        for r in drawn:
            seen += 1
            assert r.collidelist(debris) < 0, (r, debris)
            assert r.collidelist(bursts) < 0, (r, bursts)
        if drawn and not debris and not bursts and not pr.seats[1].walls:
            break  # the dust has settled and the words show: nothing left for them to clear
    assert not pr.seats[1].walls and seen and drawn, "No walls left! never showed"


@pytest.mark.parametrize("players", [2, 4])
def test_a_lifted_hand_card_stays_under_the_back_button(
        app: Any, driver: HeadlessDriver, players: int) -> None:
    """A stranger's pointed-at card rose under the Back button while he aimed a Flaming Arrow.
    Each card pointed at in turn: a card below a button stops short of it (room for the
    keys' focus ring), the others rise fully; a dimmed one does not rise."""
    hand = [D.ARROW, D.ARROW, D.PALISADE, D.IRON, D.PALISADE, D.FIZZLE, D.ARROW]
    scene = open_match(app, driver, table(players, hands={0: hand}),
                  ["mouse", "hard", "hard", "hard"])
    hands = HumanHands(app, driver, scene)
    hands.point_at(0, "hand:0")
    driver.step()
    back = scene.cursor.get("btn:back")
    assert scene.table_controls.pick.stage == "target" and back is not None
    under = 0
    for i, slot in enumerate(list(scene.table_controls.slots)):
        hands.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(round(slot.x), round(slot.y)),
                                       rel=(1, 0), buttons=(0, 0, 0))])
        driver.run(30)
        card = scene.presenter.fan[i]
        r = card.rect()
        if i in scene.table_controls.unplayable:  # a dimmed card stays down (session 43)
            assert card.lift == 0, i
            continue
        assert card.lift > 0, i  # pointed at: it rises
        if back.rect.x < r.right and back.rect.right > r.x:
            under += 1
            assert r.top >= back.rect.bottom + 6, (i, r, back.rect)
    assert under


def _uncovered(screen: pygame.Surface, face: pygame.Surface, at: pygame.Rect,
               card: str) -> list[str]:
    """The parts of a card (its picture, name band and rule line) where the screen differs
    from `face` drawn at `at`."""
    lay = art.face_layout(card, face.get_width(), face.get_height())
    parts = {"picture": lay.art, "name": lay.header}
    if lay.rule_box is not None:
        parts["rule"] = lay.rule_box
    out = []
    for name, part in parts.items():
        inner = part.inflate(-4, -4)
        for y in range(inner.top, inner.bottom, 2):
            for x in range(inner.left, inner.right, 2):
                want = face.get_at((x, y))
                if want.a == 255 and screen.get_at((at.x + x, at.y + y))[:3] != want[:3]:
                    out.append(name)
                    break
            else:
                continue
            break
    return out


@pytest.mark.parametrize("players", [2, 4])
def test_trade_tags_hang_clear_of_the_cards_picture_and_name(
        app: Any, driver: HeadlessDriver, players: int) -> None:
    """A stranger's TRADE tags covered the pictures of the cards he picked. Now each hangs
    from its card's foot: the picture, the name and the rule line show whole, and the tag
    is still drawn there, under the card."""
    hand = [D.ARROW, D.ARROW, D.PALISADE, D.IRON, D.PALISADE, D.FIZZLE, D.TWIST]
    scene = open_match(app, driver, table(players, hands={0: hand}),
                       ["mouse", "hard", "hard", "hard"])
    hands = HumanHands(app, driver, scene)
    hands.point_at(0, "btn:trade")
    for i in (2, 3):
        driver.step()
        hands.point_at(0, f"hand:{i}")
    hands.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(500, 150), rel=(1, 0),
                                   buttons=(0, 0, 0))])
    driver.run(30)
    driver.step(draw=True)
    screen = pygame.display.get_surface()
    assert screen is not None
    for i in (2, 3):
        s = scene.presenter.fan[i]
        r = s.rect()
        face = art.card_face(s.code, r.w, r.h)
        assert _uncovered(screen, face, r, s.code) == [], (i, s.code)
        below = pygame.Rect(r.centerx - 10, r.bottom + 2, 20, 4)  # the tag, in its colour
        assert any(screen.get_at((x, y))[:3] == theme.FUSE
                   for x in range(below.left, below.right) for y in range(below.top,
                                                                          below.bottom))


@pytest.mark.parametrize("players", [2, 4])
def test_twist_of_fate_numbers_hang_clear_of_the_cards_picture_and_name(
        app: Any, driver: HeadlessDriver, players: int) -> None:
    """A stranger's Twist of Fate numbers sat on the middle of the pictures. Each picked card
    now shows its picture, name and rule line whole (undimmed), its number under its foot."""
    scene = open_match(app, driver, table(players, hands={0: [D.TWIST, D.ARROW]}),
                  ["mouse", "hard", "hard", "hard"])
    hands = HumanHands(app, driver, scene)
    hands.lift(0, D.TWIST)
    assert driver.run_until(lambda: scene.cursor.get("look:0") is not None, 300)
    for i in (2, 0):
        driver.step()
        hands.point_at(0, f"look:{i}")
    hands.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(500, 100), rel=(1, 0),
                                   buttons=(0, 0, 0))])
    driver.run(10)
    driver.step(draw=True)
    screen = pygame.display.get_surface()
    assert screen is not None
    looking = scene.state.looking()
    w, h = look_size(scene.layout.wide)
    for i in (2, 0):
        face = art.card_face(looking[i], w, h)  # never greyed (session 43)
        slot = arrange_slots(len(looking), [2, 0]).index(i)  # each stays where it lay
        at = face.get_rect(center=arrange_rects(len(looking), scene.layout.wide)[slot].center)
        assert _uncovered(screen, face, at, looking[i]) == [], (i, looking[i])
        foot = (at.centerx - 7, at.bottom + 7)
        assert screen.get_at(foot)[:3] == theme.SPARK, i  # the number's disc


LONG_PROMPTS = (
    "The endgame begins: whoever is out picks an endgame card each turn, and a Nuclear Bomb may "
    "now be played (no card answers it; a Weapons Inspector or Non-Violent Protests takes it "
    "from a hand).",
    "Cleo's Underminer digs under Ana's iron wall! No defence answers him (only an Assassin "
    "removes him; a Force Field or Diplomacy keeps him away): it hits in 3\u00a0s.",
    "Your turn: play a glowing card (click one), trade three for one (ends your turn), or pass. "
    "A dimmed card says why not.",
)


@pytest.mark.parametrize("scale", [1.0, theme.LARGE_TEXT_SCALE], ids=["normal", "large"])
def test_the_prompt_bar_is_one_line_or_two_with_room(
        app: Any, driver: HeadlessDriver, monkeypatch: pytest.MonkeyPatch,
        scale: float) -> None:
    """A stranger's prompt bar wrapped onto two small lines that met its border. Now its words
    are one line at 14 px or more (scaled), or two at 14 px with 4 px and more from the
    border of a bar grown for them, over the foot of the rim, never onto the felt."""
    from game.tabletop.prompt import prompt_surface

    scene = open_match(app, driver, table(3, hands={0: [D.ARROW, D.PALISADE]}),
                  ["mouse", "hard", "hard"])
    drawn: list[tuple[pygame.Surface, str, int, pygame.Rect]] = []
    real = text.blit

    def blit(surface: pygame.Surface, words: str, size: int, colour: Any,
             pos: tuple[float, float], anchor: str = "topleft", bold: bool = False,
             shadow: bool = False) -> pygame.Rect:
        rect = real(surface, words, size, colour, pos, anchor, bold, shadow)
        drawn.append((surface, words, size, rect))
        return rect

    monkeypatch.setattr(text, "blit", blit)
    text.set_scale(scale)
    try:
        for seat in (None, 0):
            for message in LONG_PROMPTS:
                prompt_surface.cache_clear()
                if hasattr(hud, "prompt_bar"):  # drawn anew: its words are counted
                    hud.prompt_bar.cache_clear()
                monkeypatch.setattr(scene, "prompt", lambda m=message, s=seat: (s, m))
                drawn.clear()
                screen = pygame.Surface((1280, 720))
                scene.view._prompt(screen)
                words = [(s, w, size, r) for s, w, size, r in drawn
                         if w and (w in message or message.startswith(w.rstrip("…")))
                         and len(w) > 8]
                assert words, (seat, message)
                bar = words[0][0]
                assert all(size >= 14 for _s, _w, size, _r in words), (message, words)
                if len(words) > 1:
                    assert len(words) == 2, [w for _s, w, _z, _r in words]
                    for _s, w, _z, r in words:
                        assert r.top >= 4 and r.bottom <= bar.get_height() - 4, (w, r, bar)
                    assert screen.get_at((640, FELT.bottom + 1))[:3] != theme.INK_2
    finally:
        text.set_scale(1.0)


def test_the_preview_lets_go_of_a_wall_when_the_pointer_leaves_the_window(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's preview kept showing a wall the pointer had left: past the window's edge
    no mouse move comes. Leaving the window (or its focus) lets go of what was pointed at;
    pointing again shows it again."""
    scene = open_match(app, driver, table(2, hands={0: [D.ARROW, D.PIPE]},
                                     walls={1: [D.PALISADE, D.STONE]}), ["mouse", "hard"])
    hands = HumanHands(app, driver, scene)
    wall = scene.wall_rects(1)[0]

    def over_wall() -> None:
        hands.step([pygame.event.Event(pygame.MOUSEMOTION, pos=wall.center, rel=(1, 0),
                                       buttons=(0, 0, 0))])
        driver.run(3)
        shown = scene.view._previewed()
        assert shown is not None and shown[0] == D.PALISADE, shown

    over_wall()
    hands.step([pygame.event.Event(pygame.WINDOWLEAVE, window=None)])
    driver.run(3)
    assert scene.view._previewed() is None
    assert scene.cursor.hover_key is None and scene.table_controls.pointer_pos is None
    over_wall()
    scene.on_focus_lost()
    app.stack.apply_requests()
    assert scene.view._previewed() is None and scene.cursor.hover_key is None
