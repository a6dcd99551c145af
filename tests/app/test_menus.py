"""Menus driven with real events: mouse clicks, keyboard and gamepad navigation."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import catalogue
from game.app.catalogue import GameInfo
from game.app.menus.catalogue import CatalogueScene
from game.app.menus.lobby import OPTION_ROWS, LobbyScene
from game.app.menus.overlays import CrashScene, DeviceLostOverlay, PauseOverlay
from game.app.menus.settings import ControlsScene, SettingsScene
from game.app.menus.title import TitleScene
from game.ui import theme
from tests.app import fakegame
from tests.ui.layout import Words, observing


@pytest.fixture
def counter() -> Iterator[GameInfo]:
    info = fakegame.register()
    yield info
    catalogue.unregister(info.id)


@contextmanager
def larger_text(app: Any, large: bool = True) -> Iterator[None]:
    """Settings' larger text on (or off) inside the block, and off after it, whatever the
    block raises."""
    app.settings.accessibility.large_text = large
    app.apply_settings()
    try:
        yield
    finally:
        app.settings.accessibility.large_text = False
        app.apply_settings()


def push_lobby(app: Any, driver: Any, game_id: str, frames: int = 30) -> LobbyScene:
    """A game's lobby opened and settled for some frames."""
    info = catalogue.get(game_id)
    assert info is not None
    lobby = LobbyScene(app, info)
    app.stack.push(lobby)
    driver.settle(frames)
    return lobby


def button_rect(scene: Any, label: str) -> pygame.Rect:
    for el in scene.elements:
        if getattr(el, "text", None) == label:
            return el.rect
    have = [getattr(e, "text", "") for e in scene.elements]
    raise AssertionError(f"no button {label!r}; have {have}")


def test_title_play_opens_catalogue_by_mouse(app: Any, driver: Any) -> None:
    app.stack.push(TitleScene(app))
    driver.step()
    driver.click(button_rect(app.stack.top, "Play").center)
    driver.settle()
    assert isinstance(app.stack.top, CatalogueScene)


def test_keyboard_navigation_and_back(app: Any, driver: Any) -> None:
    app.stack.push(TitleScene(app))
    driver.step()
    assert app.stack.top.nav.visible, "the focus shows from the start: the first key moves it"
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)  # Play -> How to -> Stats -> Settings
    driver.key(pygame.K_RETURN)
    driver.settle()
    assert isinstance(app.stack.top, SettingsScene)
    driver.key(pygame.K_ESCAPE)
    driver.settle()
    assert isinstance(app.stack.top, TitleScene)


def test_first_arrow_after_the_mouse_shows_the_ring_without_moving(app: Any,
                                                                  driver: Any) -> None:
    """A stranger's Down + Space on the title, the mouse gone from Settings, opened Credits:
    the hidden focus had stayed on Settings. The first arrow now only shows the ring, on the
    button under the pointer, else on the orange one; the next arrow moves it."""
    app.stack.push(TitleScene(app))
    driver.step()
    title = app.stack.top
    driver.move(button_rect(title, "Statistics").center)
    driver.step()
    assert not title.nav.visible
    driver.key(pygame.K_DOWN)
    assert title.nav.visible and title.nav.focused.element.text == "Statistics"
    driver.key(pygame.K_DOWN)
    assert title.nav.focused.element.text == "Settings"
    title.nav.visible, title.nav.home = False, None  # a mouse player's title, Play the home
    driver.move(button_rect(title, "Settings").center)
    driver.step()
    driver.move((40, 40))  # off every button: the pointer no longer names one
    driver.step()
    assert not title.nav.visible
    driver.key(pygame.K_DOWN)
    assert title.nav.visible and title.nav.focused.element.text == "Play"
    driver.key(pygame.K_SPACE)
    driver.settle()
    assert isinstance(app.stack.top, CatalogueScene)
    # Back by keys: the title's ring shows at once and the first arrow moves it.
    driver.key(pygame.K_ESCAPE)
    driver.settle()
    assert app.stack.top is title and title.nav.visible
    driver.key(pygame.K_DOWN)
    assert title.nav.focused.element.text == "How to play"


def test_enter_before_the_ring_shows_opens_the_orange_button_not_the_pointed_one(
        app: Any, driver: Any) -> None:
    """A stranger's Enter opened Play, under a pointer left there, instead of the orange
    button; a Space in Settings switched on the row under the pointer. Before the ring
    shows, a confirm acts on the orange button only, where the keys left the focus."""
    app.stack.push(TitleScene(app))
    driver.step()
    title = app.stack.top
    driver.move(button_rect(title, "Settings").center)
    driver.step()
    assert not title.nav.visible
    driver.key(pygame.K_RETURN)
    driver.settle()
    assert isinstance(app.stack.top, CatalogueScene)  # Play, the orange one: not Settings
    driver.key(pygame.K_ESCAPE)
    driver.settle()
    app.stack.push(SettingsScene(app))
    driver.settle()
    settings = app.stack.top
    before = json.dumps(app.settings.to_dict(), sort_keys=True)
    first = settings.nav.items[1].rect.center
    driver.move(first)
    driver.step()
    assert not settings.nav.visible
    driver.key(pygame.K_SPACE)
    driver.step()
    assert json.dumps(app.settings.to_dict(), sort_keys=True) == before  # nothing changed unseen
    assert settings.nav.visible  # the ring shows where the next press acts


def test_arrows_point_at_the_ringed_title_button_not_the_orange_one(app: Any, driver: Any) -> None:
    """Enter opens the ringed button: arrows either side of it say so, beside the orange one."""
    app.stack.push(TitleScene(app))
    driver.step()
    title = app.stack.top
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)
    driver.step(draw=True)
    assert title.nav.focused.element.text not in ("Play", "Quit")
    ringed = title.nav.focused.rect
    canvas = app.display.canvas
    spark = pygame.Color(*theme.SPARK)
    for x in (ringed.left - 22, ringed.right + 22):
        assert canvas.get_at((x, ringed.centery)) == spark
    play = button_rect(title, "Play")
    assert canvas.get_at((play.left - 22, play.centery)) != spark


def test_the_orange_follows_the_ring_and_comes_back_to_play_for_the_mouse(
        app: Any, driver: Any) -> None:
    """An orange Play beside a ring on another button read as two choices at once: once the
    ring shows, the ringed button is the orange one (none on the red Quit)."""
    app.stack.push(TitleScene(app))
    driver.step()
    title = app.stack.top

    def ids() -> dict[str, str | None]:
        return {it.element.text: it.element.get_object_ids()[-1] for it in title.nav.items}

    assert ids()["Play"] == "#primary" and ids()["Settings"] != "#primary"
    driver.key(pygame.K_DOWN)
    driver.step()
    ringed = title.nav.focused.element.text
    assert ringed != "Play" and ids()[ringed] == "#primary"
    assert [k for k, v in ids().items() if v == "#primary"] == [ringed]  # one orange only
    driver.key(pygame.K_ESCAPE)  # Esc on the title rings Quit
    driver.step()
    assert title.nav.focused.element.text == "Quit"
    assert "#primary" not in ids().values() and ids()["Quit"] == "#danger"


def test_gamepad_navigates_menus(app: Any, driver: Any) -> None:
    app.stack.push(TitleScene(app))
    driver.step()
    driver.press("pad0", "confirm")
    driver.settle()
    assert isinstance(app.stack.top, CatalogueScene)
    assert app.stack.top.nav.visible, "came by pad: the catalogue shows its focus at once"
    driver.press("pad0", "back")
    driver.settle()
    assert isinstance(app.stack.top, TitleScene)


def test_empty_catalogue_says_so(app: Any, driver: Any,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalogue, "_REGISTRY", {})
    scene = CatalogueScene(app)
    app.stack.push(scene)
    driver.step()
    assert scene.games == []
    assert [getattr(e, "text", "") for e in scene.elements] == ["Back"]


def test_settings_change_applies_and_is_saved(app: Any, driver: Any, kaboom_home: Path) -> None:
    app.stack.push(TitleScene(app))
    app.stack.push(SettingsScene(app))
    driver.step()
    scene = app.stack.top
    # Row 3 of the left column is the master volume: focus it and press left twice.
    master = next(it for it in scene.nav.items if it.row == 3 and it.col == 0)
    scene.nav.focus(master)
    scene.nav.visible = True
    before = app.settings.audio.master
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_LEFT)
    assert app.settings.audio.master == pytest.approx(before - 0.2)
    assert app.sound.volumes[0] == pytest.approx(before - 0.2)
    driver.key(pygame.K_ESCAPE)
    driver.settle()
    saved = json.loads((kaboom_home / "config" / "settings.json").read_text())
    assert saved["audio"]["master"] == pytest.approx(before - 0.2)


def test_rebind_a_key(app: Any, driver: Any) -> None:
    app.stack.push(ControlsScene(app))
    driver.step()
    scene = app.stack.top
    driver.click(button_rect(scene, "LEFT SHIFT").center)  # keys1 primary
    driver.key(pygame.K_g)
    assert app.settings.controls.keys1["primary"] == "g"
    (act,) = app.input.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0,
                                                  unicode="g", scancode=0))
    assert (act.device, act.action) == ("keys1", "primary")


def test_lobby_remembers_setup_and_starts(app: Any, driver: Any, counter: GameInfo) -> None:
    app.stack.push(CatalogueScene(app))
    app.stack.push(LobbyScene(app, counter))
    driver.step()
    lobby = app.stack.top
    driver.click(button_rect(lobby, "+ Add player").center)
    assert len(lobby.setup.seats) == 3
    driver.click(button_rect(lobby, "Start game").center)
    driver.settle()
    assert app.stack.top.scene_id == "counter"
    remembered = app.settings.last_setup["counter"]
    assert len(remembered["seats"]) == 3
    # The next lobby starts from the remembered table.
    assert len(LobbyScene(app, counter).setup.seats) == 3


def test_lobby_refuses_two_humans_on_one_device(app: Any, driver: Any,
                                                counter: GameInfo) -> None:
    lobby = LobbyScene(app, counter)
    for seat in lobby.setup.seats:
        seat.kind, seat.device = "human", "keys1"
    app.stack.push(lobby)
    driver.step()
    driver.click(button_rect(lobby, "Start game").center)
    assert "share one device" in lobby.error
    assert app.stack.top is lobby


def _start_counter(app: Any, driver: Any, counter: GameInfo) -> Any:
    setup = catalogue.default_setup(counter, seed=5, humans=2)
    setup.seats[0].device, setup.seats[1].device = "keys1", "keys2"
    app.stack.push(TitleScene(app))
    app.stack.push(counter.make_scene(app, setup, None))
    driver.step()
    return app.stack.top


def test_pause_save_and_resume(app: Any, driver: Any, counter: GameInfo) -> None:
    game = _start_counter(app, driver, counter)
    driver.key(pygame.K_LSHIFT)  # seat 0 (keys1) acts
    assert game.counts == [1, 0]
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseOverlay)
    driver.key(pygame.K_LSHIFT)  # paused: the game ignores it
    assert game.counts == [1, 0]
    driver.click(button_rect(app.stack.top, "Save and quit to menu").center)
    driver.settle()
    assert isinstance(app.stack.top, TitleScene)
    assert app.saves.has_save("counter")
    from game.app.launch import resume_game

    with observing(Words()) as said:
        assert resume_game(app, counter)  # set up at once: the dark with its words shows first
    assert f"Opening your {counter.title} game…" in said.words
    fade = app._fade
    assert fade is not None and fade.t == fade.duration / 2, "the game fades in from the dark"
    driver.settle()
    assert app.stack.top.counts == [1, 0]


def test_finish_records_stats_and_drops_save(app: Any, driver: Any, counter: GameInfo) -> None:
    game = _start_counter(app, driver, counter)
    for _ in range(3):
        driver.key(pygame.K_RSHIFT)  # seat 1 on keys2 reaches the target
    assert game.finished
    assert not app.saves.has_save("counter")
    stats = app.stats.for_profile(game.seats[1].name)
    assert stats["counter"].won == 1


def test_unplugged_pad_pauses_and_asks(app: Any, driver: Any, counter: GameInfo) -> None:
    app.input.attach_pad(77, "Test pad")
    setup = catalogue.default_setup(counter, seed=5, humans=2)
    setup.seats[1].device = "pad0"
    app.stack.push(counter.make_scene(app, setup, None))
    driver.step()
    driver.step([pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=77)])
    assert isinstance(app.stack.top, DeviceLostOverlay)
    driver.click(button_rect(app.stack.top, "Let an AI take the seat").center)
    driver.settle()
    assert app.stack.top.seats[1].is_ai


def test_replugged_pad_resumes(app: Any, driver: Any, counter: GameInfo) -> None:
    app.input.attach_pad(77, "Test pad")
    setup = catalogue.default_setup(counter, seed=5, humans=2)
    setup.seats[1].device = "pad0"
    game = counter.make_scene(app, setup, None)
    app.stack.push(game)
    driver.step()
    driver.step([pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=77)])
    app.input.attach_pad(78, "Test pad")
    driver.settle(5)
    assert app.stack.top is game and not game.seats[1].is_ai


def test_crash_shows_screen_and_writes_report(app: Any, driver: Any, counter: GameInfo,
                                              kaboom_home: Path) -> None:
    game = _start_counter(app, driver, counter)
    game.explode = True
    app.safe_frame([], 1 / 60)
    assert isinstance(app.stack.top, CrashScene)
    reports = list((kaboom_home / "logs").glob("crash-*.txt"))
    assert reports and "boom in update" in reports[0].read_text()
    assert '"seed": 5' in reports[0].read_text() or "seed" in reports[0].read_text()
    app.safe_frame([], 1 / 60)  # the crash screen itself runs fine
    driver.click(button_rect(app.stack.top, "Back to title").center)
    driver.settle()
    assert isinstance(app.stack.top, TitleScene)


def test_corrupt_settings_are_reported_on_screen(kaboom_home: Path) -> None:
    from game.app.headless import make_headless_app

    cfg = kaboom_home / "config"
    cfg.mkdir(parents=True)
    (cfg / "settings.json").write_text('{"audio": {"master": 0.5,')
    app = make_headless_app()
    try:
        assert any("settings" in t.text.lower() for t in app.toasts)
        assert list(cfg.glob("settings.json.corrupt-*"))
    finally:
        app.shutdown(quit_pygame=False)


def test_title_offers_continue_for_a_saved_game(app: Any, driver: Any,
                                                counter: GameInfo) -> None:
    game = _start_counter(app, driver, counter)
    driver.key(pygame.K_LSHIFT)  # autosaves
    assert app.saves.has_save("counter")
    app.stack.reset(TitleScene(app))
    driver.settle()
    primaries = [el.text for el in app.stack.top.elements
                 if "#primary" in getattr(el, "object_ids", [])]
    assert primaries == ["Continue Counter"]  # one orange button: the way back into the match
    driver.click(button_rect(app.stack.top, "Continue Counter").center)
    driver.settle()
    assert app.stack.top.scene_id == "counter"
    assert app.stack.top.counts == game.counts


def _menu_clears_the_hint(app: Any, driver: Any, plate_bottom: int = 290) -> None:
    """The title's buttons end above its foot line and below the logo's plate (`plate_bottom`:
    the smaller logo's above a Continue ends higher), in larger text too (the stranger saw
    the hint touch Quit)."""
    from game.ui import text

    for large in (False, True):
        app.settings.accessibility.large_text = large
        app.apply_settings()
        app.gui.rebuild_theme()
        app.stack.reset(TitleScene(app))
        driver.settle(5)
        title = app.stack.top
        hint_top = title.HINT_BASE - text.render(title.HINT, 14, (0, 0, 0)).get_height()
        rects = [el.rect for el in title.elements if hasattr(el, "text")]
        assert max(r.bottom for r in rects) + 12 <= hint_top, large
        assert min(r.top for r in rects) >= plate_bottom, large  # under the COLLECTION plate


def test_the_title_menu_clears_its_hint_line(app: Any, driver: Any,
                                             counter: GameInfo) -> None:
    _menu_clears_the_hint(app, driver)  # six buttons
    _start_counter(app, driver, counter)
    driver.key(pygame.K_LSHIFT)  # autosaves: seven buttons, Continue first
    _menu_clears_the_hint(app, driver, plate_bottom=240)
    assert "Continue Counter" in [el.text for el in app.stack.top.elements]


def test_a_continue_leaves_play_where_it_was_and_takes_the_focus(app: Any, driver: Any,
                                                                 counter: GameInfo) -> None:
    """A stranger back from a match clicked where Play had been and hit a gap (the Continue had
    pushed every button down), and the focus sat on Statistics (the old index)."""
    app.stack.reset(TitleScene(app))
    driver.settle(5)
    before = {label: button_rect(app.stack.top, label) for label in ("Play", "Quit")}
    _start_counter(app, driver, counter)
    driver.key(pygame.K_LSHIFT)  # autosaves
    title = TitleScene(app)
    app.stack.reset(title)
    driver.settle(5)
    title.nav.index = 3
    app.push(SettingsScene(app), 0)
    driver.settle(5)
    app.stack.pop()
    app.stack.apply_requests()
    driver.settle(5)
    assert {label: button_rect(title, label) for label in before} == before
    cont = button_rect(title, "Continue Counter")
    assert cont.bottom + 8 <= before["Play"].top
    assert title.nav.index == 3  # nothing changed while Settings was open: the focus stays
    app.saves.delete("counter")
    app.push(SettingsScene(app), 0)
    driver.settle(5)
    app.stack.pop()
    app.stack.apply_requests()
    driver.settle(5)
    assert title.labels[0] == "Play" and title.nav.index == 0  # the buttons changed


def test_without_a_save_play_is_the_one_orange_button(app: Any, driver: Any) -> None:
    app.stack.push(TitleScene(app))
    driver.step()
    assert [el.text for el in app.stack.top.elements
            if "#primary" in getattr(el, "object_ids", [])] == ["Play"]


def test_the_title_says_why_nothing_is_heard(app: Any) -> None:
    assert app.sound.silent  # the headless app opens no mixer
    assert app.sound_note() == "Sound off: no audio device was found"
    app.sound._silent = False
    assert app.sound_note() is None
    app.settings.audio.master = 0.0
    assert app.sound_note() == "Sound muted (Settings, Audio)"


def test_the_colour_blind_palette_reaches_a_match_in_progress(app: Any, driver: Any,
                                                               counter: GameInfo) -> None:
    from game.ui import theme

    game = _start_counter(app, driver, counter)
    before = list(game.colours)
    held = game.colours  # a view that kept the list sees the change too
    driver.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseOverlay)
    app.settings.accessibility.colourblind = True  # switched in the pause menu's Settings
    driver.key(pygame.K_ESCAPE)  # back to the table
    driver.settle()
    assert app.stack.top is game
    safe = [theme.hex_rgb(c) for c in theme.SEAT_COLOURS_SAFE[:2]]
    assert game.colours == safe != before
    assert held is game.colours


def test_the_pause_menu_says_how_to_come_back_in_the_players_words(
        app: Any, driver: Any, counter: GameInfo) -> None:
    """A stranger read "saved at its last safe point" as jargon: the note says the game is
    saved as it is played and where to pick it up, inside the panel."""
    _start_counter(app, driver, counter)
    driver.key(pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    with observing(Words()) as said:
        app.draw()
    note = [(w, r) for w, r in said.boxes if "Continue picks it up" in w]
    assert note and not any("safe point" in w for w in said.words)
    assert pause.panel_rect().contains(note[0][1])


def test_back_from_settings_the_pause_menu_focuses_resume(app: Any, driver: Any,
                                                         counter: GameInfo) -> None:
    """A playtester back from Settings pressed Space for Resume (the orange button) and was
    sent to Settings again: the focus had stayed on Settings."""
    from game.app.menus.settings import SettingsScene

    game = _start_counter(app, driver, counter)
    driver.key(pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_DOWN)  # Resume -> How to play -> Settings
    driver.key(pygame.K_RETURN)
    driver.settle()
    assert isinstance(app.stack.top, SettingsScene)
    driver.key(pygame.K_ESCAPE)
    driver.settle()
    assert app.stack.top is pause
    driver.key(pygame.K_RETURN)
    driver.settle()
    assert app.stack.top is game


def test_games_are_quiet_menus_have_music(app: Any, driver: Any, counter: GameInfo) -> None:
    app.stack.push(TitleScene(app))
    driver.step()
    assert app._current_music == "music_menu"
    _start_counter(app, driver, counter)
    driver.step()
    assert app._current_music == ""


def test_larger_text_lobby_shows_the_pointed_options_help_at_full_size(app: Any,
                                                                      driver: Any) -> None:
    from game.ui import text

    cosmic = catalogue.get("cosmic")
    assert cosmic is not None
    app.settings.accessibility.large_text = True
    app.apply_settings()
    lobby = LobbyScene(app, cosmic)
    app.stack.push(lobby)
    driver.settle()
    said = Words()
    text.observe(said)
    try:
        lobby.nav.visible = False
        row = pygame.Rect(800, 168 + 44 + 2 * 52, 400, 40)  # the third option's row
        lobby.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0),
                                              buttons=(0, 0, 0)))
        lobby.draw(app.screen)
    finally:
        text.observe(None)
        app.settings.accessibility.large_text = False
        app.apply_settings()
    third = cosmic.options[2].label
    assert any(line.startswith(f"{third}:") for line in said.words)
    assert not any(line.startswith(f"{cosmic.options[0].label}:") for line in said.words)
    assert "Point at an option, or move to it, to read what it means." in said.words


def test_larger_text_fonts_are_all_loaded_with_the_theme(app: Any) -> None:
    """A stranger's console showed pygame-gui's "font ... not already loaded" (italic, 23 pt)
    on opening How to play with larger text: the scaled theme's sizes are preloaded too."""
    from game.app.gui import FONT_SIZES, forget_themes
    from game.ui import theme as look

    forget_themes()  # the large theme is made (and its fonts loaded) afresh here
    app.settings.accessibility.large_text = True
    try:
        app.apply_settings()
        app.gui.rebuild_theme()  # as the Settings screen does
        fonts = app.gui.manager.get_theme().get_font_dictionary()
        for size in FONT_SIZES:
            big = round(size * look.LARGE_TEXT_SCALE)
            for bold, italic in ((False, False), (True, False), (False, True)):
                font_id = fonts.create_font_id(big, "noto_sans", bold, italic)
                assert fonts.check_font_preloaded(font_id), font_id
    finally:
        app.settings.accessibility.large_text = False
        app.apply_settings()
        app.gui.rebuild_theme()


class _Placed(Words):
    """Words, and where each was drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.rects: list[pygame.Rect] = []

    def text(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
             img: pygame.Surface) -> None:
        super().text(surface, rect, label, img)
        self.rects.append(pygame.Rect(rect))


@pytest.mark.parametrize("game_id", ["cabo", "cosmic"])
def test_larger_text_lobby_shows_every_options_help_whole(app: Any, driver: Any,
                                                          game_id: str) -> None:
    """With larger text a long help (Kaboom! cards' "Time to slap", its "Opening") fitted
    nowhere and was left out without a word: each option pointed at shows its help whole,
    above the Start button."""
    from game.ui import text

    info = catalogue.get(game_id)
    assert info is not None
    app.settings.accessibility.large_text = True
    app.apply_settings()
    lobby = LobbyScene(app, info)
    app.stack.push(lobby)
    driver.settle()
    try:
        lobby.nav.visible = False
        for j, opt in enumerate(info.options):
            said = _Placed()
            rects = said.rects
            text.observe(said)
            try:
                row = lobby._option_row(j)
                lobby.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=row.center,
                                                      rel=(0, 0), buttons=(0, 0, 0)))
                lobby.draw(app.screen)
            finally:
                text.observe(None)
            shown = " ".join(" ".join(said.words).split())
            assert " ".join(f"{opt.label}: {opt.help}".split()) in shown, opt.key
            help_rects = [r for r, w in zip(rects, said.words, strict=True) if r.x >= 780
                          and r.top > lobby._option_row(len(info.options) - 1).bottom]
            assert help_rects and all(r.bottom <= lobby.start_button.rect.top
                                      for r in help_rects), opt.key
    finally:
        app.settings.accessibility.large_text = False
        app.apply_settings()


def test_every_lobby_first_opens_on_a_duel_against_easy(app: Any) -> None:
    """A newcomer's first table is the same in every game: You against one Easy AI."""
    for info in catalogue.games():
        seats = LobbyScene(app, info).setup.seats
        assert len(seats) == max(2, info.min_players), info.id
        assert [s.is_ai for s in seats][:2] == [False, True], info.id
        assert seats[1].difficulty == "easy", info.id


def test_a_second_human_at_the_screen_renames_the_seat_called_you(app: Any, driver: Any,
                                                                 counter: GameInfo) -> None:
    """On a couch nobody is "You": the words would say "Ben, You set a Firestorm on you!"."""
    lobby = LobbyScene(app, counter)
    app.stack.push(lobby)
    driver.step()
    assert lobby.setup.seats[0].name == "You"
    lobby._cycle_kind(1, -1)  # the AI seat becomes a second human
    names = [s.name for s in lobby.setup.seats]
    assert "You" not in names and len(set(names)) == len(names)
    assert lobby.name_fields[0].get_text() == names[0], "the field shows the new name"
    assert lobby.notice is not None and f'"You" is now "{names[0]}"' in lobby.notice[0]

    with observing(Words()) as said:
        lobby.draw(app.screen)
    assert any('"You" is now' in line for line in said.words), "and says so, under the seats"
    lobby._cycle_kind(1, 1)  # back to one person at the screen: the first seat is You again
    assert lobby.setup.seats[0].name == "You"
    assert lobby.notice is None, "and the notice of the rename goes with it"


def test_two_quick_clicks_on_a_seat_kind_count_twice(app: Any, driver: Any,
                                                     counter: GameInfo) -> None:
    """Both clicks land before the screen rebuilds after the first: the second still counts
    (it acts through the rebuilt button in the same place)."""
    lobby = LobbyScene(app, counter)
    app.stack.push(lobby)
    driver.step()
    pos = button_rect(lobby, "AI: Easy").center
    driver.move(pos)
    driver.wait_for_guard()
    click = [pygame.event.Event(t, pos=pos, button=1)
             for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)] * 2
    driver.step(click)
    driver.step()
    driver.step()
    assert lobby.setup.seats[1].difficulty == "hard"


def test_a_menus_still_parts_are_drawn_once_and_again_only_when_they_change(
        app: Any, driver: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The header and panels of a menu are baked into its backdrop: frames after the first
    draw none of them, until what they show changes (here the text size)."""
    from game.app.menus import settings as settings_menu

    drawn: list[str] = []
    real = settings_menu.section

    def counted(surface: pygame.Surface, rect: pygame.Rect, title: str) -> None:
        drawn.append(title)
        real(surface, rect, title)

    monkeypatch.setattr(settings_menu, "section", counted)
    scene = SettingsScene(app)
    app.stack.push(scene)
    for _ in range(12):
        driver.step(draw=True)
    assert sorted(drawn) == ["Accessibility", "Assists and profile", "Display", "Sound"]
    app.settings.accessibility.large_text = True
    app.apply_settings()
    try:
        driver.step(draw=True)
        driver.step(draw=True)
        assert len(drawn) == 8, "larger text lays the panels out again, once"
    finally:
        app.settings.accessibility.large_text = False
        app.apply_settings()
    # The embers rise behind the panels and the header, never over their words.
    _, _, behind = scene._still  # type: ignore[misc]
    assert any(r.collidepoint(70, 50) for r in behind), "the header covers the embers"
    assert any(r.collidepoint(300, 200) for r in behind), "so does the Display panel"


def test_the_lobby_explains_the_option_the_keys_are_on_not_the_one_above(app: Any,
                                                                         driver: Any) -> None:
    """With larger text one option's help shows: the focused one (it showed the row above,
    whose rect the focus rect reached into)."""
    with larger_text(app):
        lobby = push_lobby(app, driver, "cosmic")
        lobby.nav.visible = True
        for j in range(len(lobby.info.options)):
            item = next(it for it in lobby.nav.items if it.col == 5 and it.row == OPTION_ROWS + j)
            lobby.nav.focus(item)
            assert lobby._help_index() == j, (j, item.rect)


def test_a_confirm_dialogs_answers_fit_their_buttons(app: Any, driver: Any) -> None:
    """"Continue my game" overflowed its button in larger text: each answer fits, in either
    size, and both buttons stay inside the panel."""
    from game.app.menus.confirm import ConfirmDialog

    for large in (False, True):
        app.settings.accessibility.large_text = large
        app.apply_settings()
        app.gui.rebuild_theme()
        app.stack.reset(TitleScene(app))
        dialog = ConfirmDialog(app, "Unfinished game", "Start a new match?",
                               yes_label="Start anyway", no_label="Continue my game",
                               on_yes=lambda: None)
        app.stack.push(dialog)
        driver.settle(3)
        theme_ = app.gui.manager.get_theme()
        panel = dialog.panel_rect()
        for el in dialog.elements:
            ids = [i for i in el.object_ids if i and i.startswith("#")]
            width = theme_.get_font([*ids, "button"]).size(el.text)[0]
            assert width + 16 <= el.rect.w, (large, el.text, width, el.rect.w)
            assert panel.contains(el.rect), (large, el.text)


def test_down_the_settings_right_column_reaches_controls(app: Any, driver: Any) -> None:
    """Keys walk each column of Settings top to bottom: from the right column's last row, Down
    goes to Controls..., not across to the left column's Music."""
    app.stack.push(SettingsScene(app))
    driver.settle(5)
    scene = app.stack.top
    right = sorted((it for it in scene.nav.items if it.col == 1), key=lambda it: it.rect.y)
    scene.nav.visible = True
    scene.nav.focus(right[0])
    for _ in range(len(right) - 1):
        driver.key(pygame.K_DOWN)
    focused = scene.nav.focused
    assert focused is right[-1] and focused.element.text == "Controls..."


def test_keys_reach_the_lobbys_players_from_back(app: Any, driver: Any) -> None:
    """A keyboard player could not reach the players (to pick their device): from Back, Up went
    to the options beside them. Up and down stay in the focus's column."""
    from game.app import catalogue as cat

    lobby = LobbyScene(app, cat.get("cabo"))
    app.stack.push(lobby)
    driver.settle(5)
    back = next(it for it in lobby.nav.items if getattr(it.element, "text", "") == "Back")
    lobby.nav.visible = True
    lobby.nav.focus(back)
    driver.key(pygame.K_UP)
    assert lobby.nav.focused.element.text == "+ Add player"
    driver.key(pygame.K_UP)
    assert lobby.nav.focused.col == 0 and lobby.nav.focused.row == len(lobby.setup.seats) - 1


def test_keys_go_between_the_lobbys_options_and_its_players(app: Any, driver: Any) -> None:
    """A stranger on the keyboard could not get from the options to the players' device button:
    Up from the first option went nowhere, and Left changed its value. Up from the first
    option goes on to the seat row level with it (the last seat's AI button was a jump no one
    expected), and Tab back to the options."""
    from game.app import catalogue as cat

    lobby = LobbyScene(app, cat.get("cosmic"))
    app.stack.push(lobby)
    driver.settle(5)
    options = sorted((it for it in lobby.nav.items if it.col == 5), key=lambda it: it.row)
    assert options
    lobby.nav.visible = True
    lobby.nav.focus(options[1])
    driver.key(pygame.K_UP)
    assert lobby.nav.focused is options[0]
    driver.key(pygame.K_UP)
    assert (lobby.nav.focused.row, lobby.nav.focused.col) == (0, 3)  # the first seat's device
    driver.key(pygame.K_TAB)
    assert lobby.nav.focused is options[0]


def test_every_games_pitch_is_drawn_at_the_catalogues_full_size(
        app: Any, driver: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stranger saw the Explosive's blurb in a smaller font than the other three: it was too
    long for its card and shrank. Each shipped game's pitch fits at full size."""
    import importlib

    from game.app.menus import catalogue as menu
    from tests.contract import shipped_ids

    sizes: dict[str, int] = {}
    fit = menu.text.fit

    def recording(words: str, size: int, *args: Any, **kwargs: Any) -> Any:
        got = fit(words, size, *args, **kwargs)
        sizes[words] = got[0]
        return got
    monkeypatch.setattr(menu.text, "fit", recording)
    fifth = importlib.import_module("tests.fifthgame")
    fifth.unregister()  # the collection's own four cards, as players see them
    try:
        app.stack.push(CatalogueScene(app))
        driver.settle(3)
        app.draw()
    finally:
        fifth.register()
    for game_id in shipped_ids():
        pitch = catalogue.get(game_id).pitch
        assert sizes.get(pitch) == 16, (game_id, sizes.get(pitch))


def test_a_fade_on_a_slow_machine_takes_a_few_frames_not_seconds(app: Any, driver: Any) -> None:
    """Strangers on a busy machine (about 10 frames a second) waited 2-3 s for each screen: a
    fade moved on at most 0.05 s a frame. At 10 frames a second a 0.35 s fade is done in 4."""
    app.stack.reset(TitleScene(app))
    driver.settle(5)
    app.push(SettingsScene(app), 0.35)
    frames = 0
    while app._fade is not None and frames < 20:
        driver.step(dt=0.1)
        frames += 1
    assert isinstance(app.stack.top, SettingsScene) and frames <= 4, frames


def test_add_player_stays_under_the_pointer(app: Any, driver: Any) -> None:
    """A stranger clicked "+ Add player" twice: the button had jumped down a row under the
    pointer, so the second click landed on the new seat. It keeps its place while there is room,
    and a double click adds two seats."""
    from game.app import catalogue as cat

    info = cat.get("cabo")
    lobby = LobbyScene(app, info)
    app.stack.push(lobby)
    driver.settle(5)
    start = len(lobby.setup.seats)
    assert start + 3 <= info.max_players
    where = pygame.Rect(button_rect(lobby, "+ Add player"))
    panel = lobby._players_rect()
    driver.click(where.center)
    assert len(lobby.setup.seats) == start + 1
    assert button_rect(lobby, "+ Add player") == where
    assert lobby._players_rect() == panel
    pos = where.center
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    driver.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    driver.step()
    assert len(lobby.setup.seats) == start + 3
    assert all(not s.is_ai or s.difficulty == "easy" for s in lobby.setup.seats[start:])
    while len(lobby.setup.seats) < info.max_players:  # the last seat takes the button's row
        driver.click(where.center)
    assert all(getattr(e, "text", "") != "+ Add player" for e in lobby.elements)
    assert lobby._players_rect() == panel


def test_larger_text_pause_buttons_keep_room_around_their_words(app: Any, driver: Any,
                                                                 counter: GameInfo) -> None:
    """With larger text "Save and quit to menu" filled its button edge to edge."""
    app.settings.accessibility.large_text = True
    app.apply_settings()
    app.gui.rebuild_theme()
    try:
        _start_counter(app, driver, counter)
        driver.key(pygame.K_ESCAPE)
        pause = app.stack.top
        assert isinstance(pause, PauseOverlay)
        th = app.gui.manager.get_theme()
        buttons = [el for el in pause.elements if getattr(el, "text", "")]
        assert len(buttons) == 4
        for el in buttons:
            oid = el.object_ids[-1] if el.object_ids and el.object_ids[-1] else "button"
            words = th.get_font([oid, "button"]).size(el.text)[0]
            assert el.rect.w - words >= 40, (el.text, el.rect.w, words)
            assert pause.panel_rect().contains(el.rect)
    finally:
        app.settings.accessibility.large_text = False
        app.apply_settings()
        app.gui.rebuild_theme()


def test_the_keys_focus_ring_is_unlike_the_pointers_hover(app: Any, driver: Any) -> None:
    """In the lobby a stranger could not tell the keys' ring from the button under the mouse:
    both were a thin gold line. Hover is a quiet border now; the keys' ring a thick gold one
    outside the button."""
    app.settings.accessibility.reduced_motion = True  # the ring holds still to be measured
    lobby = LobbyScene(app, catalogue.get("cabo"))
    app.stack.push(lobby)
    driver.settle(5)
    kind = next(it for it in lobby.nav.items if it.row == 0 and it.col == 2)
    spark = pygame.Color(*theme.SPARK)
    driver.move(kind.rect.center)
    for _ in range(3):
        driver.step(draw=True)
    assert not lobby.nav.visible
    canvas = app.display.canvas
    r = kind.rect
    edge = [canvas.get_at((r.left + dx, r.centery)) for dx in range(-8, 3)]
    assert spark not in edge, "hover draws no gold"
    driver.key(pygame.K_DOWN)  # the first arrow: the ring shows on the pointed button
    assert lobby.nav.visible and lobby.nav.focused is kind
    driver.step(draw=True)
    ring = [dx for dx in range(-12, 0) if canvas.get_at((r.left + dx, r.centery)) == spark]
    assert len(ring) >= 4, ring


def test_a_keyboard_has_one_name_everywhere() -> None:
    """A stranger met "Keys (left)" on the lobby's button and "Keyboard (left)" in Settings
    and How to play: one name, the short one, in every text size and every place."""
    from game.app.input import KEYS1, KEYS2, MOUSE, device_label
    from game.app.menus.howto import controls_page
    from game.app.menus.settings import ControlsScene
    from tests.ui.layout import Words, observing
    from tests.ui.test_layout import open_scene

    assert device_label(KEYS2) == "Keys (right)" and device_label(KEYS1) == "Keys (left)"
    assert device_label(MOUSE) == "Mouse"
    for large in (False, True):
        app, driver = open_scene("lobby.cabo", large)
        scene = app.stack.top
        scene.setup.seats[0].device = KEYS2
        scene._refresh()
        labels = [getattr(it.element, "text", "") for it in scene.nav.items]
        assert "Keys (right)" in labels, labels
        words = controls_page(app)
        assert "Keys (left)" in words and "Keyboard (" not in words
        app.push(ControlsScene(app))
        driver.settle(5)
        assert isinstance(app.stack.top, ControlsScene)
        with observing(Words()) as seen:
            app.stack.top.draw_still(pygame.Surface((1280, 720)))
        assert "Keys (left)" in seen.words
        assert not any("Keyboard (" in w for w in seen.words), seen.words


def test_a_first_left_or_right_on_a_screen_opened_by_keys_only_marks_the_row(
        app: Any, driver: Any) -> None:
    """A stranger came to Settings by keys and his first Right switched Fullscreen on before
    he had seen where the focus was. The ring shows at once, and a first left or right on a
    value row only marks it; the next one changes it. Up and down move as ever."""
    app.input.last_device = "keys1"
    app.stack.push(TitleScene(app))
    app.stack.push(SettingsScene(app))
    driver.step()
    scene = app.stack.top
    assert scene.nav.visible and scene.nav.fresh
    row = scene.nav.focused
    assert row is not None and (row.on_left or row.on_right)
    before = json.dumps(app.settings.to_dict(), sort_keys=True)
    driver.key(pygame.K_RIGHT)
    assert json.dumps(app.settings.to_dict(), sort_keys=True) == before  # marked, unchanged
    assert scene.nav.focused is row and not scene.nav.fresh
    driver.key(pygame.K_RIGHT)
    assert json.dumps(app.settings.to_dict(), sort_keys=True) != before  # now it changes


def test_every_rules_page_opens_with_its_game_in_short(app: Any, driver: Any) -> None:
    """A stranger found a rules page a wall of text: under its title each page says the game
    in short first (its first-match tips, numbered, worded for the player's device), then the
    rules in full."""
    from game.app.menus.howto import HowToScene, first_tips

    app.input.last_device = "mouse"
    scene = HowToScene(app)
    app.stack.push(scene)
    driver.settle(3)
    for i, info in enumerate(scene.games):
        scene._show(i)
        page = scene._page_html()
        tips = first_tips(info, "mouse", app.input.word_for)
        assert len(tips) >= 3
        short, full = page.index("In short"), page.index("The rules in full")
        assert page.index(info.title) < short < full
        body = page[short:full]
        assert all(f"<b>{n}.</b>" in body for n in range(1, len(tips) + 1)), info.id


@pytest.mark.parametrize("large", [False, True])
def test_the_controls_table_keeps_clear_of_its_title(app: Any, driver: Any, large: bool) -> None:
    """With larger text the Controls panel covered the title's underline (a stranger): the
    panel starts under the title, and the gamepad line under the panel."""
    from game.ui import text

    text.set_scale(theme.LARGE_TEXT_SCALE if large else 1.0)
    try:
        scene = ControlsScene(app)
        app.stack.push(scene)
        driver.settle(2)
        with observing(Words()) as said:
            top, panel = scene.draw_still(app.screen)
        assert panel.top >= top.bottom + 2, (top, panel)
        pad = next(r for w, r in said.boxes if w.startswith("Gamepad:"))
        assert pad.top >= panel.bottom, (pad, panel)
    finally:
        text.set_scale(1.0)


@pytest.mark.parametrize("large", [False, True])
def test_the_settings_headings_have_room_over_their_first_rows(app: Any, driver: Any,
                                                               large: bool) -> None:
    """With larger text the Settings' headings crowded the tops of their panels (the keys'
    ring round "Fullscreen" touched "DISPLAY"): under each heading, room before its panel's
    first row, ring and all, and every row inside its panel."""
    from game.app.menus.common import section_title_rect
    from game.app.menus.settings import PANELS

    with larger_text(app, large):
        scene = SettingsScene(app)
        app.stack.push(scene)
        driver.settle(3)
        for rect, title in PANELS:
            rows = [it for it in scene.nav.items if rect.collidepoint(it.rect.center)]
            assert rows, title
            assert all(rect.contains(it.rect) for it in rows), title
            head = section_title_rect(rect, title)
            first = min(rows, key=lambda it: it.rect.top)
            ring = first.rect.inflate(2 * 9 + 4, 2 * 9 + 4)  # the ring at its widest pulse
            assert ring.top >= head.bottom + 4, (title, ring.top, head.bottom)
