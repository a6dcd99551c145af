"""The game catalogue: one card per registered game, with picture, players and pitch."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache, partial

import pygame

from game.app import catalogue
from game.app.catalogue import GameInfo
from game.app.gui import MenuScene
from game.app.menus.common import header
from game.ui import text, theme
from game.ui.draw import panel

CARD_W, CARD_H = 280, 500
MARGIN = 32
"""The least room left and right of the row of cards."""
PIC_H = 190


@lru_cache(maxsize=8)
def _picture(game_id: str) -> pygame.Surface:
    """The game's picture, drawn by the game once and cached."""
    info = catalogue.get(game_id)
    surf = pygame.Surface((CARD_W - 24, PIC_H))
    surf.fill(theme.INK_3)
    if info is not None:
        info.draw_picture(surf)
    return surf


@lru_cache(maxsize=16)
def _picture_fit(game_id: str, w: int, h: int) -> pygame.Surface:
    """The game's picture whole in a w x h strip: scaled down as one (never cropped: larger text
    cut the cards' word and a tower's top off), centred and framed, on the card's own ink at
    its sides (a blur of the picture there read as a smudge to a stranger)."""
    pic = _picture(game_id)
    pw, ph = pic.get_size()
    if (pw, ph) == (w, h):
        return pic
    k = min(w / pw, h / ph)
    fw, fh = max(1, round(pw * k)), max(1, round(ph * k))
    out = pygame.Surface((w, h))
    out.fill(theme.INK_2)
    at = pygame.Rect((w - fw) // 2, (h - fh) // 2, fw, fh)
    out.blit(pygame.transform.smoothscale(pic, (fw, fh)), at)
    pygame.draw.rect(out, theme.LINE, at.inflate(2, 2), 1)
    return out


class CatalogueScene(MenuScene):
    scene_id = "catalogue"

    def build(self) -> None:
        self.games = catalogue.games()
        n = len(self.games)
        self.cards: list[pygame.Rect] = []
        self.pressed_card: int | None = None  # the card a left press began on (its body)
        gap = 28
        # Four cards fit at full width; more share the screen's width (a fifth game's card
        # must not run off it).
        width = min(CARD_W, (1280 - 2 * MARGIN - (n - 1) * gap) // max(n, 1))
        total = n * width + (n - 1) * gap
        x0 = 640 - total // 2
        for i, info in enumerate(self.games):
            rect = pygame.Rect(x0 + i * (width + gap), 130, width, CARD_H)
            self.cards.append(rect)
            bx = rect.x + 16
            bw = rect.w - 32
            by = rect.bottom - 112
            resume = self.app.saves.has_save(info.id)
            self.button((bx, by, bw, 48), "New game", partial(self._lobby, info),
                        object_id="#primary", row=0, col=i)
            if resume:
                self.button((bx, by + 56, bw // 2 - 4, 40), "Resume",
                            partial(self._resume, info), object_id="#small", row=1, col=i * 2)
            self.button((bx + (bw // 2 + 4 if resume else 0), by + 56,
                         bw // 2 - 4 if resume else bw, 40), "Rules",
                        partial(self._rules, info), object_id="#small", row=1,
                        col=i * 2 + 1)
        self.button((64, 650, 160, 44), "Back", self.on_back, object_id="#small", row=2)
        self._preselect()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on a card's body (its picture, name or pitch, not a button) opens that
        game's lobby, as its New game does: a stranger's clicks on a card did nothing. The
        press and its release both on the same card, away from its buttons."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and \
                getattr(event, "button", 0) == 1:
            card = self._card_body_at(event.pos)
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.pressed_card = card
            elif card is not None and card == self.pressed_card:
                self.pressed_card = None
                self.app.sound.play("ui_click")
                self._lobby(self.games[card])
                return True
            else:
                self.pressed_card = None
        return super().handle_event(event)

    def _card_body_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the game whose card is under `pos`, away from every button on it."""
        if any(getattr(el, "rect", None) is not None and el.rect.collidepoint(pos)
               for el in self.elements):
            return None
        return next((i for i, r in enumerate(self.cards) if r.collidepoint(pos)), None)

    def _preselect(self) -> None:
        """The keys' focus starts on the New game of the game last played (the settings'
        `last_game`); a game no longer in the catalogue, or none yet: the first game."""
        ids = [info.id for info in self.games]
        last = self.app.settings.last_game
        col = ids.index(last) if last in ids else 0
        item = next((it for it in self.nav.items if it.row == 0 and it.col == col), None)
        if item is not None:
            self.nav.focus(item)

    def _lobby(self, info: GameInfo) -> None:
        from game.app.menus.lobby import LobbyScene

        self.app.push(LobbyScene(self.app, info), 0.25)

    def _resume(self, info: GameInfo) -> None:
        from game.app.launch import resume_game

        resume_game(self.app, info)

    def _rules(self, info: GameInfo) -> None:
        from game.app.menus.howto import HowToScene

        self.app.push(HowToScene(self.app, info.id), 0.25)

    def still_key(self) -> Hashable:
        return tuple(tuple(r) for r in self.cards), tuple(info.id for info in self.games)

    def draw_still(self, surface: pygame.Surface) -> Sequence[pygame.Rect]:
        """The cards never move: baked into the backdrop, the embers rise between them."""
        top = header(surface, "Choose a game", f"{len(self.games)} in the collection")
        self._draw_cards(surface)
        return [top, *self.cards]

    def _draw_cards(self, surface: pygame.Surface) -> None:
        if not self.games:
            rect = pygame.Rect(0, 0, 640, 220)
            rect.center = (640, 360)
            panel(surface, rect, theme.INK_2, border=theme.LINE)
            text.blit(surface, "No games are ready yet", 30, theme.CREAM, (640, 320), "center",
                      bold=True)
            text.blit(surface, "Finished games appear here. Check back after the next update.",
                      18, theme.MUTED, (640, 372), "center")
            return
        # One size for every title: the longest's fitted size (larger text shrank only "Kaboom!
        # Explosive", and the row read as one game less important than the others).
        title_size = min(text.fit(info.title, 24, rect.w - 36, text.line_height(24, True),
                                  bold=True)[0]
                         for info, rect in zip(self.games, self.cards, strict=True))
        for info, rect in zip(self.games, self.cards, strict=True):
            accent = theme.hex_rgb(info.accent)
            panel(surface, rect, theme.INK_2, border=theme.LINE, radius=18, shadow=14)
            # Larger text needs more lines for the pitch: the picture gives up height rather
            # than the text shrinking back, and is shown smaller, whole (`_picture_fit`).
            # A narrower card (more than four games) does the same for its narrower lines.
            crop = round((text.scale() - 1.0) * 220) + (CARD_W - rect.w)
            pr = pygame.Rect(rect.x + 12, rect.y + 12, rect.w - 24, PIC_H - crop)
            surface.blit(_picture_fit(info.id, pr.w, pr.h), pr)
            pygame.draw.rect(surface, accent, (rect.x + 12, pr.bottom, rect.w - 24, 5))
            y = pr.bottom + 14
            text.blit(surface, info.title, title_size, theme.CREAM, (rect.x + 18, y), bold=True)
            players = (f"{info.min_players}-{info.max_players} players"
                       if info.min_players != info.max_players else f"{info.min_players} players")
            text.blit(surface, players, 15, accent, (rect.x + 18, y + 34), bold=True)
            room = rect.bottom - 112 - 6 - (y + 60)  # down to the buttons
            size, lines = text.fit(info.pitch, 16, rect.w - 36, room)
            step = text.line_height(size)
            for j, line in enumerate(lines):
                text.blit(surface, line, size, theme.MUTED, (rect.x + 18, y + 60 + j * step))
