"""Modal overlays: pause, gamepad unplugged, and the crash screen."""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import pygame

from game.app.app import Screens
from game.app.gui import MenuScene
from game.app.input import ActionEvent, device_label
from game.app.menus.overlay_base import OverlayScene as OverlayScene
from game.ui import text, theme
from game.ui.draw import panel

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.gamescene import GameScene


class PauseOverlay(OverlayScene):
    scene_id = "pause"
    heading = "Paused"

    def __init__(self, app: App, game: GameScene) -> None:
        super().__init__(app)
        self.game = game

    def build(self) -> None:
        from game.app.menus.howto import HowToScene
        from game.app.menus.settings import SettingsScene

        items = [("Resume", self.on_back, "#primary"),
                 ("How to play", lambda: self.app.push(HowToScene(self.app,
                                                                  self.game.setup.game_id)),
                  None),
                 ("Settings", lambda: self.app.push(SettingsScene(self.app)), None),
                 ("Save and quit to menu", self._quit, "#danger")]
        # The buttons keep clear space around their words: with larger text "Save and quit to
        # menu" filled its button edge to edge, so the panel widens to fit the widest.
        th = self.manager.get_theme()
        widest = max(th.get_font([oid or "button", "button"]).size(label)[0]
                     for label, _, oid in items)
        self.panel_size = (max(PauseOverlay.panel_size[0], widest + 48 + 120),
                           PauseOverlay.panel_size[1])
        r = self.panel_rect()
        x, w = r.x + 60, r.w - 120
        y = r.y + 96
        for i, (label, cb, oid) in enumerate(items):
            self.button((x, y, w, 52), label, cb, object_id=oid, row=i)
            y += 64
        self.nav.visible = self.app.input.last_device != "mouse"

    def resume(self) -> None:
        """Back from How to play or Settings: the focus goes to Resume, the one orange button
        (a playtester back from Settings pressed Space for Resume and opened Settings again)."""
        super().resume()
        self.nav.set(0)

    def _quit(self) -> None:
        self.game.quit_to_menu()

    def on_back(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        r = self.panel_rect()
        text.blit(surface, "Saved as you play: Continue picks it up.", 15, theme.MUTED,
                  (r.centerx, r.bottom - 28), "center")


@runtime_checkable
class SeatedTable(Protocol):
    """What the unplugged-gamepad screen needs of the game below it (every `GameScene`).

    A protocol, not the class, so this module does not import the game scene back."""

    def devices_in_use(self) -> set[str]: ...

    def replace_device(self, old: str, new: str | None) -> None: ...

    def quit_to_menu(self) -> None: ...


class DeviceLostOverlay(OverlayScene):
    """A gamepad in use was unplugged: wait for it, or hand its seat to someone else."""

    scene_id = "device_lost"
    heading = "Controller disconnected"
    panel_size = (620, 400)

    def __init__(self, app: App, device: str) -> None:
        super().__init__(app)
        self.device = device

    def build(self) -> None:
        r = self.panel_rect()
        x, w = r.x + 80, r.w - 160
        y = r.y + 180
        self.button((x, y, w, 50), "Give the seat to the keyboard", self._to_keys,
                    object_id="#primary", row=0)
        self.button((x, y + 62, w, 50), "Let an AI take the seat", self._to_ai, row=1)
        self.button((x, y + 124, w, 50), "Quit to menu", self._quit, object_id="#danger", row=2)

    def frame(self, frame_dt: float) -> None:
        if self.app.input.pad_connected(self.device):
            self.app.notify(f"{device_label(self.device)} is back.", "info", 3)
            self.app.pop()

    def _game(self) -> SeatedTable | None:
        below = self.app.stack.scenes[:-1]
        return next((s for s in reversed(below) if isinstance(s, SeatedTable)), None)

    def _to_keys(self) -> None:
        game = self._game()
        if game is not None:
            used = game.devices_in_use()
            free = next((d for d in ("keys1", "keys2", "mouse") if d not in used), None)
            game.replace_device(self.device, free)
        self.app.pop()

    def _to_ai(self) -> None:
        game = self._game()
        if game is not None:
            game.replace_device(self.device, None)
        self.app.pop()

    def _quit(self) -> None:
        game = self._game()
        if game is not None:
            game.quit_to_menu()

    def on_back(self) -> None:
        """Back does not dismiss: the game can't go on without a decision or the pad."""

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        r = self.panel_rect()
        msg = f"{device_label(self.device)} was unplugged. Plug it back in to carry on."
        for i, line in enumerate(text.wrap(msg, 19, r.w - 80)):
            text.blit(surface, line, 19, theme.CREAM, (r.centerx, r.y + 100 + 28 * i), "center")


class CrashScene(MenuScene):
    """Shown instead of vanishing when something goes wrong."""

    scene_id = "crash"
    music = None

    def __init__(self, app: App, exc: BaseException, report: Path | None) -> None:
        super().__init__(app)
        self.exc = exc
        self.report = report
        self.summary = "".join(traceback.format_exception_only(type(exc), exc)).strip()

    def build(self) -> None:
        self.button((440, 560, 190, 52), "Back to title", self._title, object_id="#primary",
                    row=0, col=0)
        self.button((650, 560, 190, 52), "Quit", self.app.quit, object_id="#danger", row=0, col=1)
        self.nav.visible = True

    def _title(self) -> None:
        from game.app.menus.title import TitleScene

        self.app.reset(TitleScene(self.app), 0.2)

    def handle_action(self, action: ActionEvent) -> bool:
        if action.is_("back", "pause"):
            return True
        return super().handle_action(action)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.INK)
        r = pygame.Rect(190, 110, 900, 420)
        panel(surface, r, theme.INK_2, border=theme.BLAST, radius=20)
        text.blit(surface, "Kaboom! Something went wrong.", 34, theme.CREAM, (640, 160),
                  "center", bold=True)
        lines = ["The game hit an error it could not recover from. Nothing else is lost:",
                 "your settings and saved games are safe.", "", self.summary[:200], ""]
        if self.report:
            lines += ["A crash report was written to:", str(self.report)]
        y = 220
        for line in lines:
            for sub in text.wrap(line, 18, 820) if line else [""]:
                text.blit(surface, sub, 18, theme.MUTED if sub.startswith(("A crash", "/"))
                          else theme.CREAM, (640, y), "center")
                y += 28


def standard_screens() -> Screens:
    """The crash and gamepad-unplugged screens, for whoever builds the App."""
    return Screens(crash=CrashScene, device_lost=DeviceLostOverlay)
