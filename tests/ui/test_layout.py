"""Every screen in both text sizes: no text box over another, none leaving its panel or the
screen, none clipped (the check lives in tests/ui/layout.py)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import catalogue
from game.app.scenes import named_scenes
from game.ui import text, theme
from tests.contract import recipe_of
from tests.ui.layout import LayoutRecorder, open_scene, problems, record_frame

SAMPLES = Path(__file__).resolve().parents[2] / "saves" / "samples"
# Each game's rules page (howto.<game>) is the "howto" scene's one text box with another page in
# it: "howto" stands for them all here (the pages' pictures are tested in tests/app).
SCENES = [s for s in named_scenes() if not s.startswith("howto.")]
SIZES = [pytest.param(False, id="normal"), pytest.param(True, id="large")]


def check(app: Any, driver: Any, frames: int = 60) -> list[str]:
    try:
        return problems(record_frame(app, driver, frames))
    finally:
        app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("scene_id", SCENES)
def test_scene_text_never_overlaps_or_leaves_its_panel(scene_id: str) -> None:
    """In normal text, then with larger text switched on at that screen (as the pause menu's
    Settings does mid-match): everything drawn again at the new size, and it still fits."""
    app, driver = open_scene(scene_id, False)
    try:
        assert text.scale() == 1.0
        found = problems(record_frame(app, driver))
        assert not found, "normal text:\n" + "\n".join(found)
        app.settings.accessibility.large_text = True
        app.apply_settings()
        app.gui.rebuild_theme()
        assert text.scale() == theme.LARGE_TEXT_SCALE
        found = problems(record_frame(app, driver))
        assert not found, "larger text:\n" + "\n".join(found)
    finally:
        app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("large", SIZES)
def test_title_with_saved_games_fits(large: bool) -> None:
    """The Continue button (a game's title in it) joins the menu without crowding it."""
    from game.app.headless import make_headless_app

    seeder = make_headless_app()
    for info in catalogue.games():  # real saves, as the games wrote them (saves/samples/)
        recipe = recipe_of(info.id)
        sample = SAMPLES / recipe.SAMPLE
        dest = seeder.saves.path_for(info.id)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(sample, dest)
    seeder.shutdown(quit_pygame=False)
    app, driver = open_scene("menu", large)
    assert any(app.saves.has_save(g.id) for g in catalogue.games())
    labels = [getattr(it.element, "text", "") for it in app.stack.top.nav.items]
    assert any(lbl.startswith("Continue") for lbl in labels)
    found = check(app, driver)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("large", SIZES)
def test_cabo_score_sheet_fits(large: bool) -> None:
    """The sheet that comes up after a round's reveal (issue 8: its title ran over its
    headings and its legend was cut off in larger text).

    Fails in larger text until the cabo engineer's score-sheet fix is merged: the legend is
    one line wider than the sheet (game/tabletop/scoresheet.py), left to them on purpose.
    """
    app, driver = open_scene("cabo.end", large)
    scene = app.stack.top

    def sheet_up() -> bool:
        """The round's scores come up over the piles; the sheet opens on its button."""
        if scene.presenter.reveal is not None and not scene.presenter.busy \
                and not scene.show_scores:
            scene.toggle_scores()
        return bool(scene.show_scores)

    try:
        rec = record_frame(app, driver, 30, until=sheet_up)
        assert scene.show_scores
        found = problems(rec)
        assert not found, "\n".join(found)
    finally:
        app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("large", SIZES)
def test_cabo_round_results_fit(large: bool) -> None:
    """The round's scores in the sidebar after the reveal, beside the turned-over hands."""
    app, driver = open_scene("cabo.end", large)
    scene = app.stack.top
    try:
        rec = record_frame(app, driver, 30, until=lambda: scene.presenter.reveal is not None
                           and not scene.presenter.busy)
        assert not scene.show_scores and scene.view.results_due()
        found = problems(rec)
        assert not found, "\n".join(found)
    finally:
        app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("large", SIZES)
def test_full_lobby_fits(large: bool) -> None:
    """Six seats (clicked in with '+ Add player'), each with its widest choices."""
    app, driver = open_scene("lobby.cabo", large)
    scene = app.stack.top
    for _ in range(6):
        add = [it for it in scene.nav.items
               if getattr(it.element, "text", "") == "+ Add player"]
        if not add:
            break
        driver.click(add[0].rect.center)
        driver.run(5)
        scene = app.stack.top
    assert len(scene.setup.seats) == scene.info.max_players
    found = check(app, driver)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("large", SIZES)
def test_statistics_with_records_fit(large: bool) -> None:
    """Every game played, with long numbers: the table's columns stay apart."""
    app, driver = open_scene("menu", large)
    profile = app.settings.profile
    for info in catalogue.games():
        for k in range(120):
            app.stats.record(profile, info.id, won=k % 3 == 0, score=-123.5 + k,
                             seconds=3600 * 99 + k)
    app.stats.record("Cleo", catalogue.games()[0].id, won=True, score=3, seconds=60)
    from game.app.menus.stats import StatsScene

    app.stack.push(StatsScene(app))
    app.stack.apply_requests()
    # two players' records: the buttons say they step between players (a stranger read
    # "< Previous" and "Next >" as paging one list of games)
    labels = {el.text for el in app.gui.manager.get_sprite_group().sprites()
              if hasattr(el, "text")}
    assert {"< Previous player", "Next player >"} <= labels
    found = check(app, driver)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("large", SIZES)
def test_toasts_over_a_menu_fit(large: bool) -> None:
    app, driver = open_scene("settings", large)
    app.notify("Your settings file was damaged, so it was moved aside and the defaults are "
               "used; your saved games are safe.", "warning")
    app.notify("Could not save the game: disk full", "error")
    found = check(app, driver, frames=20)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("large", SIZES)
def test_crash_screen_with_a_long_report_path_fits(large: bool) -> None:
    from pathlib import Path

    from game.app.menus.overlays import CrashScene

    app, driver = open_scene("menu", large)
    report = Path("/home/someone-with-a-long-name/.local/state/KaboomCollection/log/"
                  "crash-2026-11-23T19-51-33-ValueError-in-tower-scene.txt")
    error = ValueError("a tower block left the world at x=12345.678, y=-98765.4321 while "
                       "the builder held it; the snapshot was saved beside the report")
    app.stack.push(CrashScene(app, error, report))
    app.stack.apply_requests()
    found = check(app, driver, frames=10)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("large", SIZES)
@pytest.mark.parametrize("device", ["mouse", "keys1", "pad0"])
def test_pass_curtain_fits(large: bool, device: str) -> None:
    """The couch curtain with the longest name and a reason, for each kind of device."""
    from game.tabletop.curtain import PassCurtain

    app, driver = open_scene("menu", large)
    app.stack.push(PassCurtain(app, "Maximilianaaaa", theme.SKY, device, lambda: None,
                               reason="Your turn: draw a card, then swap, use or discard it",
                               shape="star"))
    app.stack.apply_requests()
    found = check(app, driver, frames=10)
    assert not found, "\n".join(found)


def test_larger_text_from_the_settings_screen_relays_it_out() -> None:
    """A player clicks Larger text's arrow: the screen is rebuilt in the new size and fits."""
    import pygame_gui

    app, driver = open_scene("settings", False)
    driver.run(5)
    sprites = app.gui.manager.get_sprite_group().sprites()
    label = next(e for e in sprites
                 if isinstance(e, pygame_gui.elements.UILabel) and e.text == "Larger text")
    arrow = min((e for e in sprites if isinstance(e, pygame_gui.elements.UIButton)
                 and e.text == ">" and abs(e.rect.centery - label.rect.centery) < 6
                 and e.rect.x > label.rect.x), key=lambda e: e.rect.x)
    driver.click(arrow.rect.center)
    driver.run(5)
    assert app.settings.accessibility.large_text is True
    assert text.scale() == theme.LARGE_TEXT_SCALE
    found = check(app, driver, frames=10)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("scene_id", ["cabo.mid", "tower.score"])
def test_switching_text_size_mid_game_lays_out_again(scene_id: str) -> None:
    """Images cached at the old size (plates, button widths, chips) are drawn again."""
    app, driver = open_scene(scene_id, False)
    driver.run(30)
    app.settings.accessibility.large_text = True
    app.apply_settings()
    app.gui.rebuild_theme()
    found = check(app, driver)
    assert not found, "\n".join(found)


# The checker itself: it must see what a player would see as broken. -----------------------
def _canvas_recorder() -> tuple[LayoutRecorder, pygame.Surface]:
    from tests.ui.layout import RecordingCanvas

    canvas = RecordingCanvas((1280, 720))
    rec = LayoutRecorder(canvas)
    canvas.recorder = rec
    return rec, canvas


def test_checker_sees_text_running_together_across_a_cached_image() -> None:
    pygame.init()
    rec, canvas = _canvas_recorder()
    text.observe(rec)
    try:
        header = pygame.Surface((270, 50), pygame.SRCALPHA)
        from game.ui.draw import panel

        panel(header, header.get_rect(), theme.INK_2, shadow=0)
        text.blit(header, "Kaboom! cards", 24, theme.SPARK, (14, 25), "midleft", bold=True)
        canvas.blit(header, (1000, 8))
        text.blit(canvas, "Round 1 of 3", 18, theme.CREAM, (1256, 33), "midright", bold=True)
    finally:
        text.observe(None)
    found = problems(rec)
    assert any("overlaps" in p and "Kaboom! cards" in p for p in found)


def test_checker_sees_text_leaving_its_panel_and_the_screen() -> None:
    pygame.init()
    rec, canvas = _canvas_recorder()
    text.observe(rec)
    try:
        from game.ui.draw import panel

        panel(canvas, pygame.Rect(100, 100, 80, 40), theme.INK_2)
        text.blit(canvas, "Continue Kaboom! cards", 20, theme.CREAM, (104, 104))
        text.blit(canvas, "off the edge", 20, theme.CREAM, (1250, 600))
        text.blit(canvas, "fine", 20, theme.CREAM, (600, 600))
    finally:
        text.observe(None)
    found = problems(rec)
    assert any("'Continue Kaboom! cards'" in p and "leaves its panel" in p for p in found)
    assert any("'off the edge'" in p and "leaves the screen" in p for p in found)
    assert not any("'fine'" in p for p in found)


def test_checker_sees_text_cut_off_its_image() -> None:
    pygame.init()
    rec, canvas = _canvas_recorder()
    text.observe(rec)
    try:
        small = pygame.Surface((60, 20), pygame.SRCALPHA)
        text.blit(small, "much too long", 16, theme.CREAM, (2, 0))
    finally:
        text.observe(None)
    assert any("cut off its (60, 20) image" in p for p in problems(rec))


class _Heights:
    """Remembers the drawn height of each text line (a text.DrawObserver)."""

    def __init__(self) -> None:
        self.heights: dict[str, int] = {}

    def text(self, surface: Any, rect: pygame.Rect, label: str, img: Any) -> None:
        self.heights[label] = rect.h

    def panel(self, surface: Any, rect: pygame.Rect) -> None:
        pass

    def rendered(self, img: Any, label: str) -> None:
        pass


def _catalogue_heights(large: bool) -> dict[str, int]:
    app, driver = open_scene("catalogue", large)
    seen = _Heights()
    text.observe(seen)
    try:
        driver.run(5)
    finally:
        text.observe(None)
        app.shutdown(quit_pygame=False)
    return seen.heights


def test_larger_text_never_makes_a_fitted_blurb_smaller() -> None:
    """Each game's card in the catalogue: with larger text, every line of its pitch is drawn at
    least as tall as with normal text (the picture gives up room, the words do not shrink)."""
    normal, large = _catalogue_heights(False), _catalogue_heights(True)
    for info in catalogue.games():
        words = set(info.pitch.split())
        lines_n = [h for t, h in normal.items()
                   if t and t != info.title and set(t.split()) <= words]
        lines_l = [h for t, h in large.items()
                   if t and t != info.title and set(t.split()) <= words]
        assert lines_n and lines_l, info.id
        assert min(lines_l) >= max(lines_n), (info.id, lines_n, lines_l)


@pytest.mark.parametrize("game_id", [g.id for g in catalogue.games()])
def test_lobby_option_values_stand_clear_of_their_arrows_in_larger_text(game_id: str) -> None:
    from game.app.menus.common import GAP

    app, driver = open_scene(f"lobby.{game_id}", True)
    try:
        driver.run(3)
        lobby = app.stack.top
        arrows = [el.rect for el in lobby.elements if getattr(el, "text", "") in ("<", ">")]
        values = [el for el in lobby.elements
                  if "#value" in (getattr(el, "object_ids", None) or [])]
        assert values, "the lobby shows its options"
        for el in values:
            ink = el.font.size(el.text)[0]
            assert ink + 2 <= el.rect.w, (el.text, ink, el.rect)
            beside = [a for a in arrows if abs(a.centery - el.rect.centery) < 10]
            assert len(beside) == 2
            assert all(abs(a.right - el.rect.left) >= GAP or abs(el.rect.right - a.left) >= GAP
                       for a in beside)
    finally:
        app.shutdown(quit_pygame=False)


@pytest.mark.parametrize("large", SIZES)
def test_the_lobby_notice_under_six_seats_stays_clear_of_back(large: bool) -> None:
    """The players' panel is as tall as the game's most seats ("+ Add player" keeps its place):
    the notice of a renamed seat under Kaboom! cards' six rows stays clear of Back."""
    app, driver = open_scene("lobby.cabo", large)
    lobby = app.stack.top
    lobby._cycle_kind(1, -1)  # a second human: "You" is renamed, and the lobby says so
    assert lobby.notice is not None
    assert not check(app, driver, 5)
