"""Session 35's playtest fixes for Kaboom! Explosive: a card landing in the hand (or leaving it)
while the pointer rests on another card does not move the card under the pointer."""

from __future__ import annotations

import copy
from typing import Any

import pygame

from game.app.headless import HeadlessDriver
from tests.games.blast.scene_helpers import make_setup, open_table


def test_a_card_landing_in_the_hand_leaves_the_card_under_the_pointer_in_place(
        app: Any, driver: HeadlessDriver) -> None:
    """A stranger's click, meant for one card, took its neighbour: the turn's card landed in
    the hand and the whole fan re-centred under the resting pointer. The card under it now
    stays put (the others make room round it) until the pointer leaves the hand, and a click
    there takes that same card."""
    scene = open_table(app, driver, make_setup(["mouse", "easy"], seed=4))
    driver.run(5)
    ctl = scene.table_controls
    pr = scene.presenter
    fan = pr.fan
    assert len(fan) >= 4
    slots = ctl.fan_slots()
    pos = (round(slots[1].x), round(slots[1].y))
    scene._point(pos)  # resting on the second card
    slots = ctl.fan_slots()
    for s, slot in zip(fan, slots, strict=True):
        s.x, s.y = slot.x, slot.y
    pointed = fan[1]
    assert ctl.focus_index == 1
    x_before = slots[1].x
    for where in (0, len(fan)):  # a card lands at the hand's front, then at its back
        fan.insert(where, copy.copy(fan[0]))
        now = ctl.fan_slots()
        i = fan.index(pointed)
        assert abs(now[i].x - x_before) < 0.5, (where, now[i].x, x_before)
        assert ctl.focus_index == i  # still the one lifted and previewed
        assert now[i - 1].x < x_before < now[i + 1].x  # the others make room round it
        for s, slot in zip(fan, now, strict=True):
            s.x, s.y = slot.x, slot.y
        assert scene.target_at(pos) == f"hand:{i}"  # a click takes the card pointed at
    scene._point((pos[0], 60))  # the pointer leaves the hand: it eases back to the middle
    centred = ctl.fan_slots()
    assert ctl.hold_dx == 0.0
    mid = (centred[0].x + centred[-1].x) / 2
    assert abs(mid - scene.layout.fan_centre[0]) < 1.0


def test_with_larger_text_no_wall_card_reads_smaller_than_the_hands_usual_card() -> None:
    """A stranger with larger text on found the wall cards' rule lines smaller than the other
    cards' (their gists wrapped onto more lines): at every hand size each wall's gist is drawn
    at least as large as the middle card's."""
    import statistics

    from game.games.blast import art
    from game.games.blast import data as D
    from game.games.blast.layout import TableLayout
    from game.ui import text, theme

    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        for w, h in TableLayout(2).hand_sizes:
            sizes = {c: art.text_sizes(c, w, h)[1] for c in D.DECK_TYPES}
            sizes = {c: px for c, px in sizes.items() if px}  # those printed
            if not sizes:  # the smallest hand leaves every gist to the preview
                continue
            middle = statistics.median(sizes.values())
            # (or at a hand card's readable floor, which every printed gist now meets)
            assert all(sizes.get(wall, middle) >= min(middle, art.HAND_GIST_PX)
                       for wall in D.WALLS), (
                (w, h), middle, sizes)
    finally:
        text.set_scale(1.0)


def test_the_recap_bubble_keeps_off_the_other_seats_zones_where_the_felt_has_room(
        app: Any, driver: HeadlessDriver) -> None:
    """At a five-seat table a stranger's "While you waited" covered Ben's whole wall row, the
    felt beside it empty: the home seat's bubble now tries the open felt too, off every other
    seat's zone and the piles."""
    from game.games.blast import hud

    scene = open_table(app, driver, make_setup(["mouse", "easy", "easy", "easy", "easy"]))
    home = scene.layout.home
    words = "While you waited: your palisade fell to Flaming Arrow"
    zone_w = scene.layout.zone(home).rect.w
    img = hud.note_surface(words, max(zone_w, 300))  # wrapped to the zone, as drawn
    at = scene.view.bubble_at(home, img.get_size())
    others = [z.rect for s, z in enumerate(scene.layout.zones) if s != home]
    assert at.collidelist(others) < 0, at
    assert not at.colliderect(scene.layout.piles_rect())
    assert at.collidelist(scene.layout.keep_clear()) < 0


def test_a_focused_targets_name_is_drawn_over_the_hand(monkeypatch: Any) -> None:
    """A couch player aiming at the bottom seat's walls read "palis": the focused wall's name,
    under it, was cut off by the hand drawn after it. The name is drawn last, over the hand."""
    from game.app.headless import HeadlessDriver, make_headless_app
    from game.app.scenes import named_scenes
    from game.games.blast import view as view_mod

    app = make_headless_app()
    scene = named_scenes()["blast.attack"].build(app, 1)
    app.stack.push(scene)
    app.stack.apply_requests()
    HeadlessDriver(app).run(30)
    walls = [t for t in scene.cursor.targets if t.key.startswith("wall:") and t.label]
    assert walls
    scene.cursor.focus_key = walls[0].key
    monkeypatch.setattr(scene, "device_in_use", lambda seat: "keys1")
    order: list[str] = []
    real_fan, real_blit = scene.view._fan, view_mod.text.blit
    monkeypatch.setattr(scene.view, "_fan", lambda *a: (order.append("fan"), real_fan(*a)))
    monkeypatch.setattr(view_mod.text, "blit", lambda s, words, *a, **k: (
        order.append(words), real_blit(s, words, *a, **k))[1])
    scene.draw(app.screen)
    assert walls[0].label in order and "fan" in order
    assert order.index(walls[0].label) > order.index("fan")
    app.shutdown(quit_pygame=False)


def test_the_news_banner_keeps_off_for_whose_eyes_only(app: Any,
                                                       driver: HeadlessDriver) -> None:
    """On a couch the news banner ("Ana fires TNT at Ben") lay over "For Ben's eyes only":
    the banner keeps off it."""
    from game.games.blast import hud
    from game.games.blast.view import banner_place
    from game.ui import theme

    found = 0
    for players in (["keys1", "mouse", "easy"], ["mouse", "keys1", "easy", "easy"]):
        for seat in (0, 1):
            scene = open_table(app, driver, make_setup(players, seed=4))
            driver.run(5)
            scene._show_hand_of(seat)  # a couch person's hand up, their panel at the bottom
            eyes = scene.view.eyes_only_rect()
            assert eyes is not None
            for words in ("Ana fires TNT at Ben (iron wall)", "Walls up, cards dealt: go!"):
                img = hud.banner_surface(words, theme.SPARK, 330)
                at = banner_place(scene, img.get_size())
                if at is not None:
                    found += 1
                    assert not pygame.Rect(at, img.get_size()).colliderect(eyes), (seat, words)
    assert found


def test_no_target_name_hangs_off_the_felt_under_an_endgame_card(monkeypatch: Any) -> None:
    """A keyboard player's focused endgame card had its name drawn under it, off the tray and
    the felt: a card low in its tray shows its own name, and no label goes under it."""
    from game.app.headless import HeadlessDriver, make_headless_app
    from game.app.scenes import named_scenes
    from game.games.blast import view as view_mod
    from game.games.blast.layout import FELT

    app = make_headless_app()
    scene = named_scenes()["blast.endgame"].build(app, 1)
    app.stack.push(scene)
    app.stack.apply_requests()
    HeadlessDriver(app).run(30)
    low = [t for t in scene.cursor.targets if t.label and t.rect.bottom + 24 > FELT.bottom]
    assert low
    scene.cursor.focus_key = low[0].key
    monkeypatch.setattr(scene, "device_in_use", lambda seat: "keys1")
    drawn: list[tuple[str, Any]] = []
    real = view_mod.text.blit
    monkeypatch.setattr(view_mod.text, "blit", lambda s, words, size, colour, at, *a, **k: (
        drawn.append((words, at)), real(s, words, size, colour, at, *a, **k))[1])
    scene.draw(app.screen)
    assert not any(words == low[0].label and at[1] > low[0].rect.bottom for words, at in drawn)
    app.shutdown(quit_pygame=False)
