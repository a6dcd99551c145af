"""Tower Kaboom with Settings' "Larger text" (strangers' playtest): every text stays in its box.

The shared layout walk (tests/ui/test_layout.py) checks text against panels; Tower draws much of
its text on boxes that are not panels (a shrunk card's name tag, the tray's felt under its rim,
the sand timer's glass, the play-back bar's room), so these tests measure those boxes.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.games.tower import art, guide, hud
from game.games.tower.controls import MouseSaboteurControl
from game.games.tower.data import ROW_SLOTS, SHAPES, TILES
from game.ui import text, theme
from tests.ui.layout import open_scene, record_frame

SIZES = [pytest.param(False, id="normal"), pytest.param(True, id="large")]


class Ink:
    """A text observer keeping each text's ink on the canvas (`text.note`d tags included)."""

    def __init__(self, canvas: pygame.Surface) -> None:
        self.canvas = canvas
        self.boxes: list[tuple[str, pygame.Rect]] = []

    def text(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
             img: pygame.Surface) -> None:
        if surface is self.canvas:
            self.boxes.append((label, img.get_bounding_rect(min_alpha=40).move(rect.topleft)))

    def panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Panels are not text."""

    def rendered(self, img: pygame.Surface, label: str) -> None:
        """Only what lands on the canvas counts."""


def _inked(scene_id: str, large: bool, frames: int = 30) -> tuple[Any, list[tuple[str, Any]]]:
    """The scene after `frames`, and the ink of every text its last frame drew."""
    app, driver = open_scene(scene_id, large)
    record_frame(app, driver, frames)  # images cached at the text size are made
    ink = Ink(app.screen)
    text.observe(ink)
    try:
        driver.step(draw=True)
    finally:
        text.observe(None)
    return app, ink.boxes


@pytest.mark.parametrize("large", SIZES)
def test_a_shrunk_cards_name_stays_on_its_card(large: bool) -> None:
    """Zoomed in to build, the cards shrink into a strip and their names go on paper tags:
    with larger text 'Mega Tower' ran past both edges of its card."""
    app, boxes = _inked("tower.build", large)
    try:
        view = app.stack.top.table_view
        row = app.stack.top.turn_row
        seen = 0
        for slot in range(ROW_SLOTS):
            tid = row[slot]
            if tid is None:
                continue
            name = "Mega Tower" if TILES[tid].mega else TILES[tid].name
            card = view.card_rect(slot)
            assert card.w < art.card_rect(slot).w  # shrunk: the tag is drawn
            tags = [r for label, r in boxes if label == name]
            assert tags, name
            for r in tags:
                assert card.contains(r), f"{name} {tuple(r)} leaves its card {tuple(card)}"
            seen += 1
        assert seen >= 4
    finally:
        app.shutdown(quit_pygame=False)


def test_a_cards_name_keeps_one_line_inside_its_card_at_a_readable_size() -> None:
    """A stranger with larger text saw "Three cubes" take two lines over its cubes on a shrunk
    card, "Watchtower" overhang its card, and on the get-ready screen both shrink to a tiny
    font: a card's name (its foot, `art.card_line`, and a shrunk card's tag, `name_tag_text`)
    is one line, never wider than its room, condensed rather than drawn smaller, and at the
    cards' widths never smaller than the normal text size."""
    from game.games.tower.view import name_tag_text

    pygame.init()
    names = ["Mega Tower", *{t.name for t in TILES.values()}]
    try:
        text.set_scale(1.0)
        normal = {n: text.render(n, art.NAME_SIZE, (0, 0, 0), bold=True).get_height()
                  for n in names}
        for scale in (1.0, theme.LARGE_TEXT_SCALE):
            text.set_scale(scale)
            for n in names:
                big = text.render(n, art.NAME_SIZE, (0, 0, 0), bold=True).get_size()
                for room in (80, art.card_width(0) - 6):
                    for img in (name_tag_text(n, room),
                                art.card_line(n, art.NAME_SIZE, (0, 0, 0), room + 6, 3)):
                        w, h = img.get_size()
                        assert w <= room and h <= big[1], (n, room, scale, w, h)
                        assert h >= normal[n], (n, room, scale, h)  # condensed, not shrunk
                # Far too narrow: still one line in its room, only then smaller.
                w, h = name_tag_text(n, 40).get_size()
                assert w <= 40 and h <= big[1]
        assert "Watchtower" in names and "Three cubes" in names
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("large", SIZES)
def test_the_tray_names_stay_in_the_felt_under_the_wood(large: bool) -> None:
    """Each kind's name sits in the felt of its row: larger text ran the back row's names
    into the tray's rim and the front row's into the shelf. (Where the gap under the rim is
    too low for them, the back row's names stand over the rim instead, clear of its wood.)"""
    app, boxes = _inked("tower.build", large)
    try:
        sc = app.stack.top
        v = sc.camera.view
        names = {s.name for s in SHAPES.values()}
        groups = guide.tray_groups()
        labels = [(label, r) for label, r in boxes if label.split(" x")[0] in names]
        assert len(labels) >= 4
        by_name = {s.name: k for k, s in SHAPES.items()}
        for label, r in labels:
            wx, wy, _ = groups[by_name[label.split(" x")[0]]]
            ceiling = v.to_screen((wx, guide.row_ceiling(wy)))[1]
            rim = v.to_screen((wx, art.TRAY_RECT.y - 5.0))[1]  # the top of the rim's frame
            assert r.top > ceiling or r.bottom < rim, \
                f"{label} {tuple(r)} over the wood at y={ceiling:.0f}"
        for i, (a, ra) in enumerate(labels):
            for b, rb in labels[i + 1:]:
                assert not ra.colliderect(rb), f"{a} overlaps {b}"
    finally:
        app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("figure", ["5", "30", "120"])
@pytest.mark.parametrize("large", SIZES)
def test_the_sand_timers_figure_and_round_stay_clear_of_its_glass(large: bool,
                                                                  figure: str) -> None:
    """The seconds beside the glass and the round under it, inside the room the chips leave
    the timer (a 120 s timer in larger text reached the next chip; the round ran into the
    glass's foot)."""
    pygame.init()
    text.set_scale(theme.LARGE_TEXT_SCALE if large else 1.0)
    canvas = pygame.Surface((1280, 720), pygame.SRCALPHA)
    ink = Ink(canvas)
    text.observe(ink)
    try:
        hud.draw_timer(canvas, float(figure), 120.0, True, 0.0, "ROUND 3 / 3")
        glass = hud.timer_rects(figure)[0]
    finally:
        text.observe(None)
        text.set_scale(1.0)
    room = pygame.Rect(hud.TIMER_CX - hud.TIMER_HALF, 0, 2 * hud.TIMER_HALF, 90)
    found = dict(ink.boxes)
    assert set(found) == {figure, "ROUND 3 / 3"}
    for label, r in found.items():
        assert not r.colliderect(glass), f"{label} {tuple(r)} on the glass {tuple(glass)}"
        assert room.contains(r), f"{label} {tuple(r)} leaves the timer's room {tuple(room)}"
    assert found["ROUND 3 / 3"].top > glass.bottom


@pytest.mark.parametrize("large", SIZES)
def test_the_watch_bar_shows_the_keys_whole(large: bool) -> None:
    """Watch again's bar names the device's keys in full, inside the bar (with larger text
    they ended in '...next…' and the way back was lost)."""
    app, boxes = _inked("tower.watch", large, frames=10)
    try:
        bar = app.stack.top.controls.bar
        hint = app.stack.top.controls.hint(app.input.word_for)
        assert hint.endswith("back")
        shown = [(label, r) for label, r in boxes if r.colliderect(bar)]
        assert any(label == hint for label, _ in shown), [label for label, _ in shown]
        for label, r in shown:
            assert bar.contains(r), f"{label} {tuple(r)} leaves the bar {tuple(bar)}"
    finally:
        app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("cup", [(18, 200), (18, 330), (1262, 260), (300, 250)])
@pytest.mark.parametrize("large", SIZES)
def test_the_power_bars_max_stays_under_the_top_bar_and_off_the_cards(
        large: bool, cup: tuple[int, int]) -> None:
    """A saboteur's power bar beside a cup high on the screen (aimed from the edge, where it
    is pushed up out of the arrow's reach): its MAX stays on screen, under the chips, and
    off the tiles' cards in the strip."""
    from game.games.tower.view import HUD_BOTTOM

    app, _ = _inked("tower.build", large, frames=2)
    try:
        view = app.stack.top.table_view
        ink = Ink(app.screen)
        text.observe(ink)
        try:
            view._draw_power(app.screen, cup, 1 if cup[0] < 640 else -1, 1.0, (200, 60, 60))
        finally:
            text.observe(None)
        found = dict(ink.boxes)
        assert set(found) == {"MAX", "100%"}
        for label, r in found.items():
            assert r.top >= HUD_BOTTOM and app.screen.get_rect().contains(r), (label, r)
            for s in range(ROW_SLOTS):
                assert not r.colliderect(view.card_rect(s)), (label, r, view.card_rect(s))
    finally:
        app.shutdown(quit_pygame=False)


def test_turning_on_larger_text_mid_match_redraws_the_cards(app: Any) -> None:
    """Larger text turned on mid-match left the cards' old art (its names at the old size)
    under the new ("Mega Tower" twice until a reload): the view's card caches are redrawn."""
    from tests.games.tower.test_scene import open_game

    scene = open_game(app, "mouse", "ai:easy")
    view = scene.table_view
    try:
        text.set_scale(1.0)
        scene.draw(app.screen)
        before = dict(view._card_imgs)
        assert before
        text.set_scale(theme.LARGE_TEXT_SCALE)
        scene.draw(app.screen)
        after = view._card_imgs
        assert set(after) == set(before)
        assert all(after[key] is not before[key] for key in before)
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("large", SIZES)
def test_the_mega_cards_lines_keep_clear_of_its_border(large: bool) -> None:
    """With larger text the Mega card's "Mega Tower" and "wins the game" ran onto its border
    (squeezed to all but 2 px of the card): the kit's fitting sets each line inside the card's
    margins, at the size it fits, never cut short and never squeezed out of reading."""
    pygame.init()
    text.set_scale(theme.LARGE_TEXT_SCALE if large else 1.0)
    try:
        widths = {art.card_rect(s).w for s in range(ROW_SLOTS) if s == 2} | {120}
        for width in widths:
            for label, size in (("Mega Tower", art.NAME_SIZE), ("wins the game", 10)):
                img = art.card_line(label, size, (0, 0, 0), width)
                assert img.get_width() <= width - 2 * art.CARD_TEXT_MARGIN, (label, width)
                plain = text.render(label, size, (0, 0, 0), bold=True)
                assert img.get_height() >= 0.75 * plain.get_height(), (label, width)
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("large", SIZES)
@pytest.mark.parametrize("seats", [("mouse", "ai:easy"),
                                   ("ai:easy", "ai:easy", "keys1", "ai:easy", "keys2")])
def test_the_mega_cards_tag_covers_its_whole_foot(large: bool, seats: tuple[str, ...]) -> None:
    """On a shrunk Mega card the name tag covers both lines of its foot: with larger text the
    card's own squeezed "Mega Tower" showed over the tag (the strip's size and the couch
    view's in-between size alike)."""
    from game.app.headless import HeadlessDriver, make_headless_app
    from game.games.tower.data import MEGA_SLOT
    from tests.games.tower.test_scene import ROW, open_game

    app = make_headless_app()
    app.settings.assists.first_match_tips = False
    text.set_scale(theme.LARGE_TEXT_SCALE if large else 1.0)
    try:
        driver = HeadlessDriver(app)
        scene = open_game(app, *seats, row=ROW)
        driver.run(200 if seats[0].startswith("ai") else 1)
        if not seats[0].startswith("ai"):
            driver.click((640, 400))
        assert scene.turn is not None
        scene.draw(app.screen)
        view = scene.table_view
        card = view.card_rect(MEGA_SLOT)
        assert card.w < art.card_rect(MEGA_SLOT).w  # shrunk: the tag is drawn
        tag = view.tag_rects[ROW[MEGA_SLOT]]
        foot = art.card_foot(True)[0] * card.h / art.CARD_H
        assert tag.top <= card.bottom - foot + 3 and tag.bottom <= card.bottom
        assert card.left <= tag.left and tag.right <= card.right
    finally:
        text.set_scale(1.0)
        app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("large", SIZES)
@pytest.mark.parametrize("seats", [("keys1", "mouse", "ai:easy"),
                                   ("mouse", "keys1", "ai:easy", "keys2"),
                                   ("ai:easy", "keys1", "ai:easy", "keys2", "mouse")])
def test_no_aim_hint_sits_over_a_power_bar(app: Any, driver: Any, large: bool,
                                           seats: tuple[str, ...]) -> None:
    """A saboteur's key hint, moved down below the builder's tip, landed on a power bar's MAX
    in larger text (a keyboard builder, a mouse saboteur): every hint stays clear of every
    bar, its MAX and its figure, and on the screen."""
    from tests.games.tower.test_scene import ROW, open_game

    text.set_scale(theme.LARGE_TEXT_SCALE if large else 1.0)
    try:
        scene = open_game(app, *seats, row=ROW)
        driver.step()
        if seats[0] == "mouse":
            driver.click((640, 400))
        elif seats[0] == "keys1":
            driver.key(pygame.K_SPACE)
        else:
            driver.run(200)
        assert scene.turn is not None and scene.turn.building
        for ctl in scene.sab_ctls.values():
            if isinstance(ctl, MouseSaboteurControl):
                # A mouse's bar shows while it pulls: a long pull back, held.
                cat = scene.turn.world.catapults[ctl.seat]
                cup = cat.slot.launch_point
                ctl.press(scene.turn, cup)
                ctl.motion(scene.turn, (cup[0] - cat.slot.facing * 300.0, cup[1] + 200.0))
            elif ctl.human:
                scene.turn.aim(ctl.seat, 0.9, 0.99)
        driver.run(3)
        scene.draw(app.screen)
        view = scene.table_view
        assert view.power_plates and view.hint_plates
        for hint in view.hint_plates:
            assert app.screen.get_rect().contains(hint)
            for seat, bar in view.power_plates.items():
                assert not hint.colliderect(bar), (seat, tuple(hint), tuple(bar))
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("large", SIZES)
def test_the_scores_title_and_its_subtitle_do_not_touch(large: bool) -> None:
    """With larger text the Scores title and "Turn 4 of 9 played" under it touched: the
    subtitle starts a gap under the title's line, and the rows under the subtitle's."""
    from game.games.tower import hud

    pygame.init()
    text.set_scale(theme.LARGE_TEXT_SCALE if large else 1.0)
    try:
        title = text.render("Scores", 34, (0, 0, 0), bold=True, shadow=True).get_height()
        sub = text.render("Turn 4 of 9 played", 15, (0, 0, 0), bold=True).get_height()
        t0, s0, rows = hud.board_heads(title, sub)
        assert t0 >= 4 and s0 >= t0 + title + hud.TITLE_GAP and rows >= s0 + sub + 4
        if not large:  # the normal size keeps its rows where they were
            assert (t0 + title // 2, rows) == (36, 92)
    finally:
        text.set_scale(1.0)


def test_a_cards_name_keeps_clear_of_its_cards_and_tags_edges() -> None:
    """A stranger with larger text saw "Three cubes" touch its card's edges: on a card's foot
    and on a shrunk card's tag, every name keeps 3 px clear of the border each side."""
    app, boxes = _inked("tower.build", True)
    try:
        view = app.stack.top.table_view
        seen = 0
        for tid, tag in view.tag_rects.items():
            name = "Mega Tower" if TILES[tid].mega else TILES[tid].name
            for label, ink in boxes:
                if label == name:
                    assert ink.left - tag.left >= 4 and tag.right - ink.right >= 4, (
                        name, tuple(ink), tuple(tag))
                    seen += 1
        assert seen >= 4
        narrowest = min(art.card_width(s) for s in range(ROW_SLOTS))
        for t in TILES.values():
            if t.mega:
                continue
            img = art.card_line(t.name, art.NAME_SIZE, (0, 0, 0), narrowest,
                                art.CARD_NAME_MARGIN)
            ink = img.get_bounding_rect(min_alpha=40)
            left = (narrowest - img.get_width()) // 2 + ink.left
            assert left >= 2 + 3 and narrowest - (left + ink.w) >= 2 + 3, (t.name, left)
    finally:
        app.shutdown(quit_pygame=False)
