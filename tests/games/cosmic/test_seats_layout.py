"""Every seat count's table: a stranger found the Base label under the log and card text cut
at three and four seats (the window at 1024x576 is the 1280x720 picture scaled)."""

from __future__ import annotations

from typing import Any

from .test_scene import human_turn, open_scene, tick


def test_no_unclaimed_base_label_lies_under_the_log(app: Any) -> None:
    """A stranger found "Solarii Base · unclaimed" under the three-seat log strip: the strip
    goes under the right panels when the lower-left Base is unclaimed. Every set of factions
    in play, with any of them a person's (whose panel may grow)."""
    from itertools import combinations

    from game.games.cosmic import hud
    from game.games.cosmic.data import FACTIONS

    every = range(len(FACTIONS))
    for n in (2, 3, 4):
        for factions in combinations(every, n):
            for k in range(n + 1):
                for growers in combinations(factions, k):
                    log = hud.log_home(factions, growers)
                    for f in every:
                        if f not in factions:
                            assert not hud.unclaimed_rect(f).colliderect(log), (factions, f)
                    shown = [hud.panel_rect(f, hud.may_grow(f, factions, log) and f in growers)
                             for f in factions]
                    assert not any(log.colliderect(r) for r in shown), (factions, growers)


def test_a_lone_card_whose_line_is_cut_grows_its_panel(app: Any) -> None:
    """"Pick up one of your planets and place it…": a two-seat player's one card whose words
    a short panel cuts takes the panel's whole side, where they show whole."""
    from game.games.cosmic import hud

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(players=2))
    scene.match.state.players[0].hand[:] = ["orbital_shift"]
    info = scene.view.seat_info(0)
    assert not hud.card_words_fit(hud.panel_rect(info.faction), info.cards)
    assert info.tall
    assert hud.card_words_fit(hud.info_rect(info), info.cards)


def test_a_cut_card_shows_whole_beside_its_panel_when_pointed_at(app: Any) -> None:
    """At four seats a panel holding four cards has no room for their words (one or two
    cards' it grows for): pointing at a card shows its whole face beside the panel, in
    space."""
    import pygame

    from game.games.cosmic import hud
    from game.games.cosmic import view as view_mod

    scene = open_scene(app, "mouse", "ai:easy", "ai:easy", "ai:easy",
                       match=human_turn(players=4))
    hand = ["orbital_shift", "hijack", "emp_blast", "prototype_bomb"]
    scene.match.state.players[0].hand[:] = hand
    tick(scene)
    info = scene.view.seat_info(0)
    row = hud.card_rects(hud.info_rect(info), 4, hand)[0]
    assert not info.tall and not hud.row_words_fit(row, "orbital_shift")
    shown: list[str] = []
    real = view_mod.hud.card_face

    def spy(card: str, w: int, h: int) -> Any:
        shown.append(card)
        return real(card, w, h)

    import unittest.mock as um

    with um.patch.object(view_mod.hud, "card_face", spy):
        scene.commands.mouse = (20.0, 20.0)
        scene.draw(pygame.Surface((1280, 720)))
        assert shown == []
        scene.commands.mouse = (float(row.centerx), float(row.centery))
        scene.draw(pygame.Surface((1280, 720)))
    assert shown == ["orbital_shift"]
    tip = hud.card_tip_rect(hud.info_rect(info), row)
    assert pygame.Rect(0, 0, 1280, 720).contains(tip)
    assert not any(tip.colliderect(scene.panel(s)) for s in range(4))


def test_in_larger_text_a_lone_cards_words_show_whole_in_a_tall_panel(app: Any) -> None:
    """With larger text a stranger read "At the start of your turn with thr…" in a tall panel
    that held nothing else: the row grows to show the card's words whole."""
    from game.games.cosmic import hud
    from game.ui import text, theme

    scene = open_scene(app, "mouse", "ai:easy", match=human_turn(players=2))
    scene.match.state.players[0].hand[:] = ["prototype_bomb"]
    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        info = scene.view.seat_info(0)
        rect = hud.info_rect(info)
        assert hud.card_words_fit(rect, info.cards)
    finally:
        text.set_scale(1.0)


def test_a_banner_hint_too_long_drops_whole_controls_never_cuts_one() -> None:
    """With larger text the banner read "... LEFT CTRL cards &…": a hint too long for the
    banner drops its last controls whole (split at " · "), never ends mid-word."""
    from game.games.cosmic import hud
    from game.ui import text, theme
    from tests.ui.layout import Words, observing

    hint = "A/D aim · W/S power · SPACE flicks · LEFT CTRL cards & buttons · " * 3
    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        r = hud.banner_rect()
        with observing(Words(rendered=True)) as seen:
            hud._banner("Your turn · 3 flicks left · round 2", hint.strip(" ·"),
                        (200, 80, 80), r.w, r.h)
    finally:
        text.set_scale(1.0)
    shown = [w for w in seen.words if "aim" in w or "power" in w or "CTRL" in w]
    assert shown and not any(w.endswith("…") for w in seen.words), seen.words


def test_with_larger_text_every_held_cards_words_show_whole_in_its_panel(app: Any) -> None:
    """With larger text and two Advancement cards a four-seat panel showed their names only,
    and a lone Hijack read "Discard one …": the rows are as tall as the cards' words wrap to
    and the panel grows for them (the other panel on its side gives way). Two and three
    cards, both text sizes, a shared side and a side alone: every card's words are drawn."""
    import pygame

    from game.games.cosmic import hud
    from game.games.cosmic.data import CARDS_BY_ID
    from game.ui import text, theme

    from .test_layout import _said

    cases = [(4, ("hijack",)), (4, ("hijack", "emp_blast")), (3, ("hijack", "emp_blast")),
             (2, ("hijack", "emp_blast")), (2, ("hijack", "emp_blast", "orbital_shift")),
             (2, ("prototype_bomb", "hijack", "emp_blast"))]
    for scale in (1.0, theme.LARGE_TEXT_SCALE):
        for players, hand in cases:
            scene = open_scene(app, "mouse", *["ai:easy"] * (players - 1),
                               match=human_turn(players=players))
            scene.match.state.players[0].hand[:] = list(hand)
            text.set_scale(scale)
            try:
                tick(scene)
                said = _said(lambda s=scene: s.draw(pygame.Surface((1280, 720))))
                drawn = " ".join(" ".join(w for w, _ in said.lines).split())
                panels = [scene.panel(s) for s in range(players)]
                shared = players == 4 or (players == 3 and scene.faction_of(0) in (1, 2))
                room = hud.TALL_H - hud.PANEL_GAP - (hud.NEIGHBOUR_MIN if shared else 0)
                if hud.CARD_TOP + hud.cards_height(hand) <= room:  # else its neighbour's
                    # rows come first, and a card cut shows whole when pointed at
                    for card in hand:
                        words = " ".join(CARDS_BY_ID[card].text.split())
                        assert words in drawn, (scale, players, card)
                assert all(p.h >= hud.CARD_TOP + 30 for p in panels), (scale, players, hand)
                assert all(pygame.Rect(0, hud.PANEL_TOP, 1280, hud.TALL_H).contains(p)
                           for p in panels)
                assert not any(a.colliderect(b) for i, a in enumerate(panels)
                               for b in panels[i + 1:]), (scale, players, hand)
            finally:
                text.set_scale(1.0)
            app.stack.pop()
            app.stack.apply_requests()


def test_with_larger_text_a_grown_panel_leaves_its_neighbour_every_row(app: Any) -> None:
    """With larger text a stranger opened "Ben's cards" (three of them) at three seats and
    Cleo's panel below was pushed down until her Planets, Took and cards rows were cut off:
    a panel grown for its cards leaves the other panel on its side room for all its rows,
    at two, three and four seats, and no panel overlaps another or the log."""
    import pygame

    from game.games.cosmic import hud
    from game.ui import text, theme

    from .test_layout import _said

    hand = ["escape_pod", "hijack", "emp_blast"]
    text.set_scale(theme.LARGE_TEXT_SCALE)
    try:
        for players, actors in ((2, (0,)), (3, (1, 2)), (4, (0, 1))):
            for actor in actors:
                scene = open_scene(app, *["ai:easy"] * actor, "mouse",
                                   *["ai:easy"] * (players - actor - 1),
                                   match=human_turn(players=players))
                scene.match.state.players[actor].hand[:] = hand
                for seat in range(players):
                    if seat != actor:
                        scene.match.state.players[seat].hand[:] = ["hijack", "emp_blast"]
                tick(scene)
                said = _said(lambda s=scene: s.draw(pygame.Surface((1280, 720))))
                drawn = " ".join(w for w, _ in said.lines)
                panels = [scene.panel(s) for s in range(players)]
                for seat, p in enumerate(panels):
                    assert p.h >= hud.CARD_TOP + 30, (players, actor, seat)
                assert drawn.count("Took") == players and drawn.count("Planets") == players
                assert drawn.count("2 cards") == players - 1, (players, actor)
                assert not any(a.colliderect(b) for i, a in enumerate(panels)
                               for b in panels[i + 1:]), (players, actor)
                log = scene.view.log_rect()
                assert not any(log.colliderect(p) for p in panels), (players, actor)
                app.stack.pop()
                app.stack.apply_requests()
    finally:
        text.set_scale(1.0)
