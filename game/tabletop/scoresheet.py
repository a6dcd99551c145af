"""The score sheet: players down the side, rounds across the top, running totals.

The rulebook's own suggestion for keeping score ("players listed vertically, rounds across the
top"). The game fills the cells; the sheet lays them out and is rendered once per change.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import text, theme
from game.ui.cache import cached
from game.ui.draw import lerp_colour, panel, seat_shape

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class SheetRow:
    """One player: name, colour and shape marker, the cells per round, and the total."""

    name: str
    colour: Colour
    shape: str
    cells: tuple[tuple[str, str, str], ...]  # per round: (main, small, style)
    total: str
    best: bool = False  # leading (or winning) the game


STYLES: dict[str, Colour] = {
    "": theme.CREAM,
    "win": theme.MINT,  # closest to zero this round
    "good": theme.SKY,  # a successful call (a bonus)
    "bad": theme.BLAST,  # a failed call (a penalty)
}


@dataclass(frozen=True)
class SheetLayout:
    """Where everything on a sheet goes, measured from the text at the current text size."""

    panel: pygame.Rect
    title: pygame.Rect
    headings_y: int  # centre line of the R1.. / Total headings
    heading_h: int
    rows: tuple[pygame.Rect, ...]
    footer: tuple[tuple[str, pygame.Rect], ...]  # wrapped lines
    name_w: int
    col_w: int
    total_w: int

    def text_boxes(self) -> list[pygame.Rect]:
        """The title, the headings band, every row and every footer line (for layout checks)."""
        band = pygame.Rect(self.panel.x, self.headings_y - self.heading_h // 2, self.panel.w,
                           self.heading_h)
        return [self.title, band, *self.rows, *(r for _, r in self.footer)]


def sheet_layout(n_rows: int, rounds: int, title: str, width: int, footer: str) -> SheetLayout:
    """Lay a sheet out for the text size in use: larger text makes it taller, never cramped."""
    name_w = 150
    total_w = max(74, text.render("Total", 14, theme.CREAM, True).get_width() + 16)
    col_w = min(72, max(34, (width - 32 - name_w - total_w) // max(1, rounds)))
    title_img = text.render(title, 24, theme.SPARK, True)
    width = max(32 + name_w + col_w * rounds + total_w, title_img.get_width() + 40, 420)
    col_w = (width - 32 - name_w - total_w) // max(1, rounds)
    title_img = text.render(title, 24, theme.SPARK, True)
    heading_h = text.render("R10", 14, theme.MUTED, True).get_height()
    main_h = text.render("-10", 16, theme.CREAM, True).get_height()
    small_h = text.render("-10", 11, theme.MUTED).get_height()
    row_h = max(40, main_h + small_h + 4)
    panel_rect = pygame.Rect(12, 8, width, 0)
    title_rect = title_img.get_rect(topleft=(panel_rect.x + 18, panel_rect.y + 12))
    headings_y = title_rect.bottom + 10 + heading_h // 2
    top = headings_y + heading_h // 2 + 10
    rows = tuple(pygame.Rect(panel_rect.x + 8, top + row_h * i, width - 16, row_h)
                 for i in range(n_rows))
    y = top + row_h * n_rows + 8
    lines: list[tuple[str, pygame.Rect]] = []
    for line in text.wrap(footer, 13, width - 36) if footer else []:
        img = text.render(line, 13, theme.MUTED)
        lines.append((line, img.get_rect(topleft=(panel_rect.x + 18, y))))
        y += img.get_height() + 2
    panel_rect.h = y + 10 - panel_rect.y
    return SheetLayout(panel_rect, title_rect, headings_y, heading_h, rows, tuple(lines),
                       name_w, col_w, total_w)


def score_sheet(rows: tuple[SheetRow, ...], rounds: int, title: str = "Score sheet",
                highlight_round: int = -1, width: int = 760, footer: str = "") -> pygame.Surface:
    """The whole sheet as one surface: `rounds` columns, then a Total column."""
    return _score_sheet(rows, rounds, title, highlight_round, width, footer, text.scale())


@cached(16, max_mb=4)
def _score_sheet(rows: tuple[SheetRow, ...], rounds: int, title: str, highlight_round: int,
                 width: int, footer: str, _scale: float) -> pygame.Surface:
    lay = sheet_layout(len(rows), rounds, title, width, footer)
    r = lay.panel
    col_w, total_w = lay.col_w, lay.total_w
    width = r.w
    s = pygame.Surface((r.right + 12, r.bottom + 16), pygame.SRCALPHA)
    panel(s, r, theme.INK_2, radius=18, border=theme.SPARK, shadow=10)
    text.blit(s, title, 24, theme.SPARK, lay.title.topleft, bold=True)
    x0 = r.x + 16 + lay.name_w
    y0 = lay.headings_y
    rows_h = sum(row.h for row in lay.rows)
    for k in range(rounds):
        cx = x0 + col_w * k + col_w // 2
        colour = theme.SPARK if k == highlight_round else theme.MUTED
        if k == highlight_round:
            band = pygame.Rect(x0 + col_w * k + 2, y0 - lay.heading_h // 2 - 4, col_w - 4,
                               rows_h + lay.heading_h + 12)
            pygame.draw.rect(s, lerp_colour(theme.INK_2, theme.SPARK, 0.12), band,
                             border_radius=8)
        text.blit(s, f"R{k + 1}", 14, colour, (cx, y0), "center", bold=True)
    text.blit(s, "Total", 14, theme.CREAM, (x0 + col_w * rounds + total_w // 2, y0), "center",
              bold=True)
    for i, (row, box) in enumerate(zip(rows, lay.rows, strict=True)):
        y, row_h = box.y, box.h
        if i % 2 == 0:
            pygame.draw.rect(s, lerp_colour(theme.INK_2, theme.INK_3, 0.55), box,
                             border_radius=8)
        seat_shape(s, row.shape, (r.x + 28, y + row_h // 2), 8, row.colour)
        name = row.name if len(row.name) <= 14 else row.name[:13] + "."
        text.blit(s, name, 16, theme.CREAM, (r.x + 44, y + row_h // 2), "midleft", bold=True)
        for k, (main, small, style) in enumerate(row.cells):
            cx = x0 + col_w * k + col_w // 2
            main_rect = text.blit(s, main, 16, STYLES.get(style, theme.CREAM),
                                  (cx, y + 2), "midtop", bold=bool(style))
            if small:
                text.blit(s, small, 11, theme.MUTED, (cx, main_rect.bottom), "midtop")
        tx = x0 + col_w * rounds + total_w // 2
        if row.best:
            pill = pygame.Rect(0, 0, total_w - 10, row_h - 10)
            pill.center = (tx, y + row_h // 2)
            pygame.draw.rect(s, theme.SPARK, pill, border_radius=pill.h // 2)
            text.blit(s, row.total, 18, theme.INK, pill.center, "center", bold=True)
        else:
            text.blit(s, row.total, 18, theme.CREAM, (tx, y + row_h // 2), "center", bold=True)
    for line, rect in lay.footer:
        text.blit(s, line, 13, theme.MUTED, rect.topleft)
    return s.convert_alpha() if pygame.display.get_surface() else s
