"""Every seat count's table at 1280x720 (the window at 1024x576 is this picture scaled), in
normal and larger text: nothing overlaps, nothing is cut (a stranger found the Base label under
the log and card text cut at three and four seats)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.layout import RecordingCanvas, problems, record_frame

from .test_scene import human_turn, open_scene, tick


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_count_reads_in_both_text_sizes(players: int, large: bool) -> None:
    from game.app.headless import HeadlessDriver, make_headless_app
    from game.ui import text

    app = make_headless_app()
    try:
        app.settings.assists.first_match_tips = False
        app.screen = app.display.canvas = RecordingCanvas(app.screen.get_size())
        app.settings.accessibility.large_text = large
        app.apply_settings()
        app.gui.rebuild_theme()
        text.forget_cached_drawings()
        specs = ["mouse"] + ["ai:easy"] * (players - 1)
        scene = open_scene(app, *specs, match=human_turn(players=players))
        tick(scene)
        for seat in range(players):
            scene._log_line(seat, f"{scene.name(seat)} takes a red cube from a planet far away")
        found = problems(record_frame(app, HeadlessDriver(app), 30))
    finally:
        app.shutdown(quit_pygame=False)
        text.set_scale(1.0)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_unclaimed_base_label_lies_under_the_log(app: Any, players: int) -> None:
    """A stranger found "Solarii Base · unclaimed" under the three-seat log strip: the strip
    goes under the right panels when the lower-left Base is unclaimed."""
    from game.games.cosmic import hud
    from game.games.cosmic.data import FACTIONS

    for seed in range(3, 9):
        scene = open_scene(app, *(["mouse"] + ["ai:easy"] * (players - 1)),
                           match=human_turn(seed=seed, players=players))
        log = scene.view.log_rect()
        for f in range(len(FACTIONS)):
            if f not in scene.factions:
                assert not hud.unclaimed_rect(f).colliderect(log), (players, seed, f)
        assert not any(log.colliderect(scene.panel(s)) for s in range(players))
        app.stack.pop()
        app.stack.apply_requests()


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
    """At four seats a panel has room for one line of a card's words: pointing at the card
    shows its whole face beside the panel, in space."""
    import pygame

    from game.games.cosmic import hud
    from game.games.cosmic import view as view_mod

    scene = open_scene(app, "mouse", "ai:easy", "ai:easy", "ai:easy",
                       match=human_turn(players=4))
    scene.match.state.players[0].hand[:] = ["orbital_shift"]
    tick(scene)
    info = scene.view.seat_info(0)
    row = hud.card_rects(hud.info_rect(info), 1)[0]
    assert not info.tall and not hud.row_words_fit(row, "orbital_shift")
    shown: list[str] = []
    real = view_mod.hud.card_face

    def spy(card: str, w: int, h: int) -> Any:
        shown.append(card)
        return real(card, w, h)

    import unittest.mock as um

    with um.patch.object(view_mod.hud, "card_face", spy):
        scene.mouse = (20.0, 20.0)
        scene.draw(pygame.Surface((1280, 720)))
        assert shown == []
        scene.mouse = (float(row.centerx), float(row.centery))
        scene.draw(pygame.Surface((1280, 720)))
    assert shown == ["orbital_shift"]
    tip = hud.card_tip_rect(hud.info_rect(info), row)
    assert pygame.Rect(0, 0, 1280, 720).contains(tip)
    assert not any(tip.colliderect(scene.panel(s)) for s in range(4))
