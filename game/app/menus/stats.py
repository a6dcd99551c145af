"""Statistics per player profile: games played, won, best score and time at the table."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pygame

from game.app import catalogue
from game.app.gui import MenuScene
from game.app.menus.common import header, section
from game.app.menus.replays import ReplaysScene, any_watchable
from game.core.settings import Settings
from game.ui import text, theme

# Where each column starts at least; a wider cell pushes the next ones right (`columns`).
COLS = (("Game", 0), ("Played", 300), ("Won", 400), ("Win rate", 500), ("Best result", 640),
        ("Time played", 800))
GAP = 28
"""The least space between the widest cell of a column and the next column (a stranger read
"Lost: 2nd of 2" and "11h 18m" as "2nd of 211h" in larger text)."""
LOWER_WINS = " (lower wins)"
"""Said after the best score of a game where the lowest total wins."""


class StatsScene(MenuScene):
    scene_id = "stats"

    def build(self) -> None:
        self.profiles = self.app.stats.profiles() or [self.app.settings.profile]
        me = self.app.settings.profile
        self.index = self.profiles.index(me) if me in self.profiles else 0
        if len(self.profiles) > 1:
            self.button((750, 50, 214, 40), "< Previous player", lambda: self._cycle(-1),
                        object_id="#small", row=0, col=0)
            self.button((974, 50, 214, 40), "Next player >", lambda: self._cycle(1),
                        object_id="#small", row=0, col=1)
        self.button((64, 650, 160, 44), "Back", self.on_back, object_id="#small", row=1)
        if any_watchable():
            self.button((1000, 650, 180, 44), "Replays",
                        lambda: self.app.push(ReplaysScene(self.app), 0.25),
                        object_id="#small", row=1, col=1)

    def _cycle(self, d: int) -> None:
        self.index = (self.index + d) % len(self.profiles)

    def still_key(self) -> Hashable:
        return self.profiles[self.index], self.app.settings.profile  # no game ends in here

    def draw_still(self, surface: pygame.Surface) -> Sequence[pygame.Rect]:
        profile = self.profiles[self.index]
        unnamed = profile == self.app.settings.profile == Settings().profile
        if unnamed:
            # The unnamed default: the lobby calls this player "You", so "Player" is no name
            # of theirs (a stranger wondered who "Player" was); where to name it goes under
            # the table.
            sub = "Your games"
        else:
            whose = ("Your games" if profile == self.app.settings.profile
                     else "Another player's games")
            sub = f"{whose} (profile \u201c{profile}\u201d)"
        top = header(surface, "Statistics", sub)
        rect = pygame.Rect(120, 130, 1040, 480)
        section(surface, rect, "")
        x0, y = rect.x + 40, rect.y + 30
        if unnamed:
            text.blit(surface, "Give your profile a name in Settings to keep each player's "
                      "record apart.", 15, theme.MUTED, (rect.centerx, rect.bottom - 24),
                      "center")
        rows = self.rows(profile)
        at = columns(rows, rect.w - 80)
        for (label, _), dx in zip(COLS, at, strict=True):
            text.blit(surface, label, 17, theme.SPARK, (x0 + dx, y), bold=True)
        pygame.draw.line(surface, theme.LINE, (x0, y + 34), (rect.right - 40, y + 34), 2)
        if not rows:
            text.blit(surface, "No finished games yet. Play one and your record starts here.",
                      20, theme.MUTED, (rect.centerx, rect.centery), "center")
            return [top, rect]
        for i, cells in enumerate(rows):
            for dx, cell in zip(at, cells, strict=True):
                where = (x0 + dx, y + 56 + i * 44)
                if cell.endswith(LOWER_WINS):  # the number, and under it which way is best
                    text.blit(surface, cell[:-len(LOWER_WINS)], 19, theme.CREAM, where)
                    text.blit(surface, LOWER_WINS.strip(" ()"), 12, theme.MUTED,
                              (where[0], where[1] + 24))
                    continue
                text.blit(surface, cell, 19, theme.CREAM, where)
        return [top, rect]

    def rows(self, profile: str) -> list[tuple[str, ...]]:
        """The table's cells per game; "best" is the highest or lowest score as the game says,
        and a game where the lowest total wins says so ("21 (lower wins)"), so a small number
        reads as the good one. A game no longer in the catalogue has no known best."""
        titles = {g.id: (g.title, g.higher_is_better, g.best_words) for g in catalogue.games()}
        out: list[tuple[str, ...]] = []
        for gid, gs in sorted(self.app.stats.for_profile(profile).items()):
            title, higher, words = titles.get(gid, (gid, None, None))
            best = None if higher is None else gs.best(higher)
            cell = "-" if best is None else words(best) if words is not None \
                else f"{best:g}" if higher else f"{best:g}{LOWER_WINS}"
            mins = int(gs.total_seconds // 60)
            out.append((title, str(gs.played), str(gs.won), f"{gs.win_rate * 100:.0f}%",
                        cell, f"{mins // 60}h {mins % 60:02d}m"))
        return out


def _width(words: str, size: int, bold: bool = False) -> int:
    return int(theme.font(text.px(size), bold).size(words)[0])


def cell_width(cell: str) -> int:
    """How wide a table cell is drawn (a "lower wins" cell: its number or its note)."""
    if cell.endswith(LOWER_WINS):
        return max(_width(cell[:-len(LOWER_WINS)], 19),
                   _width(LOWER_WINS.strip(" ()"), 12))
    return _width(cell, 19)


def columns(rows: Sequence[tuple[str, ...]], width: int) -> list[int]:
    """Where each column starts, from the table's left: at its place in `COLS`, or further
    right when the column before holds a wider cell, so that GAP always parts two columns;
    when that runs past `width`, the columns after the first close up evenly to fit."""
    at: list[int] = []
    edge = 0
    for i, (label, dx) in enumerate(COLS):
        x = max(dx, edge)
        at.append(x)
        widest = max([_width(label, 17, bold=True),
                      *(cell_width(r[i]) for r in rows)])
        edge = x + widest + GAP
    over = edge - GAP - width
    if over > 0 and len(at) > 1:
        step = over / (len(at) - 1)
        at = [round(x - step * i) for i, x in enumerate(at)]
    return at
