"""The title screen: the logo over a turning starburst, and the main menu."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game import __version__
from game.app.gui import MenuScene
from game.app.memory import let_go_of_drawings
from game.ui import text, theme
from game.ui.background import draw_title_background, logo


class TitleScene(MenuScene):
    scene_id = "menu"
    #: The line at the foot of the screen: the menu's buttons end above it.
    HINT = "Mouse, keyboard or gamepad: arrows / stick to move, Enter / A to choose"
    HINT_BASE = 712
    #: Where Play's button starts, with or without a Continue above it.
    MENU_TOP = 326
    #: The Continue button's height (taller than the rest: it is the likely choice).
    CONTINUE_H = 52
    #: The logo's scale and centre line when a Continue needs the room above Play.
    SMALL_LOGO = (0.8, 138)

    labels: tuple[str, ...] = ()
    continuing = False

    def build(self) -> None:
        from game.app.launch import latest_resumable, resume_game
        from game.app.menus.catalogue import CatalogueScene
        from game.app.menus.credits import CreditsScene
        from game.app.menus.howto import HowToScene
        from game.app.menus.settings import SettingsScene
        from game.app.menus.stats import StatsScene

        w, h = 320, 48
        saved = latest_resumable(self.app)  # the most recently saved game of any kind
        items: list[tuple[str, Callable[[], object], str | None]] = []
        if saved is not None:
            items.append((f"Continue {saved.title}", lambda: resume_game(self.app, saved),
                          "#primary"))
        # One orange button: Continue when there is a match to go back to, else Play.
        play_style = None if items else "#primary"
        items += [("Play", lambda: self.app.push(CatalogueScene(self.app), 0.25), play_style),
                 ("How to play", lambda: self.app.push(HowToScene(self.app), 0.25), None),
                 ("Statistics", lambda: self.app.push(StatsScene(self.app), 0.25), None),
                 ("Settings", lambda: self.app.push(SettingsScene(self.app), 0.25), None),
                 ("Credits", lambda: self.app.push(CreditsScene(self.app), 0.25), None),
                 ("Quit", self.app.quit, "#danger")]
        w = max(w, self._widest(items) + 48)  # "Continue <game>" in larger text
        x = 640 - w // 2
        # Play and the buttons under it stay where they always are: a Continue goes above
        # them, under a smaller logo (a player back from a match clicked where Play had been
        # and hit the gap the Continue had pushed it to).
        y = self.MENU_TOP - (self.CONTINUE_H + 8) * (1 if saved is not None else 0)
        self.styles: dict[int, str | None] = {}
        for i, (label, cb, oid) in enumerate(items):
            hh = self.CONTINUE_H if saved is not None and i == 0 else h
            b = self.button((x, y, w, hh), label, cb, object_id=oid, row=i)
            self.styles[id(b)] = oid
            y += hh + 8
        self.labels = tuple(label for label, _, _ in items)
        self.continuing = saved is not None
        self.orange = self.nav.items[0].element if self.nav.items else None

    def frame(self, frame_dt: float) -> None:
        super().frame(frame_dt)
        self._orange_follows_the_ring()

    def _orange_follows_the_ring(self) -> None:
        """Once the keys or a pad show the focus ring, the orange is on the ringed button (none
        when it is on the red Quit): an orange Play beside a ring on another button read as two
        choices made at once. With the mouse, Continue (or Play) is the orange one."""
        cur = self.nav.focused if self.nav.visible else None
        want = self.nav.items[0].element if cur is None and self.nav.items else None
        if cur is not None and self.styles.get(id(cur.element), "") != "#danger":
            want = cur.element
        if want is self.orange:
            return
        if self.orange is not None and self.orange.alive():
            base = self.styles.get(id(self.orange))
            self.orange.change_object_id(None if base == "#primary" else base)
        if want is not None and want.get_object_ids()[-1] != "#primary":
            want.change_object_id("#primary")
        self.orange = want

    def enter(self) -> None:
        let_go_of_drawings()  # the tables' drawings are not needed here (game.app.memory)
        super().enter()

    def resume(self) -> None:
        let_go_of_drawings()
        before = self.labels
        super().resume()
        if self.labels != before:
            # The buttons changed (a Continue came or went): the focus starts on the orange
            # one, not on whatever now sits at the old index.
            self.nav.set(0)

    def _widest(self, items: Sequence[tuple[str, Callable[[], object], str | None]]) -> int:
        """The widest button label in the theme's fonts (they grow with larger text)."""
        th = self.manager.get_theme()
        return max(th.get_font([oid or "button", "button"] if oid else ["button"]).size(label)[0]
                   for label, _, oid in items)

    def on_back(self) -> None:
        """Esc on the title does nothing drastic: it moves focus to Quit."""
        self.nav.visible = True
        self.nav.set(len(self.nav.items) - 1)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The focus ring, and arrows either side of the ringed button: Enter opens that one,
        whichever is orange (the ring alone was easy to miss beside the orange button)."""
        super().draw_overlay(surface)
        cur = self.nav.focused
        if not self.nav.visible or cur is None or not cur.enabled:
            return
        r, cy = cur.rect, cur.rect.centery
        for tip, back in ((r.left - 14, r.left - 30), (r.right + 14, r.right + 30)):
            pygame.draw.polygon(surface, theme.SPARK, [(tip, cy), (back, cy - 10), (back, cy + 10)])

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.time
        draw_title_background(surface, t, self.app.reduced_motion)
        bob = 0 if self.app.reduced_motion else math.sin(t * 1.7) * 6
        if self.continuing:
            scale, centre = self.SMALL_LOGO
            img = logo(scale)
        else:
            img, centre = logo(), 172
        surface.blit(img, img.get_rect(center=(640, centre + bob)))
        text.blit(surface, f"v{__version__}", 14, theme.MUTED, (1266, 712), "bottomright")
        text.blit(surface, self.HINT, 14, theme.MUTED, (14, self.HINT_BASE), "bottomleft")
        note = self.app.sound_note()
        if note:
            text.blit(surface, note, 14, theme.SPARK, (1266, 690), "bottomright")
