"""The score sheet: players down the side, rounds across the top, running totals.

The rulebook's own suggestion for keeping score ("players listed vertically, rounds across the
top"). The game fills the cells; the sheet lays them out and is rendered once per change.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import text, theme
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


@lru_cache(maxsize=16)
def score_sheet(rows: tuple[SheetRow, ...], rounds: int, title: str = "Score sheet",
                highlight_round: int = -1, width: int = 760, footer: str = "") -> pygame.Surface:
    """The whole sheet as one surface: `rounds` columns, then a Total column."""
    name_w = 150
    total_w = 74
    col_w = max(34, (width - 32 - name_w - total_w) // max(1, rounds))
    width = 32 + name_w + col_w * rounds + total_w
    row_h = 40
    head_h = 74
    foot_h = 30 if footer else 8
    height = head_h + row_h * len(rows) + foot_h + 10
    s = pygame.Surface((width + 24, height + 24), pygame.SRCALPHA)
    r = pygame.Rect(12, 8, width, height)
    panel(s, r, theme.INK_2, radius=18, border=theme.SPARK, shadow=10)
    text.blit(s, title, 24, theme.SPARK, (r.x + 18, r.y + 12), bold=True)
    x0 = r.x + 16 + name_w
    y0 = r.y + head_h - 26
    for k in range(rounds):
        cx = x0 + col_w * k + col_w // 2
        colour = theme.SPARK if k == highlight_round else theme.MUTED
        text.blit(s, f"R{k + 1}", 14, colour, (cx, y0), "center", bold=True)
        if k == highlight_round:
            band = pygame.Rect(x0 + col_w * k + 2, y0 - 12, col_w - 4,
                               row_h * len(rows) + 24)
            pygame.draw.rect(s, lerp_colour(theme.INK_2, theme.SPARK, 0.12), band,
                             border_radius=8)
            text.blit(s, f"R{k + 1}", 14, theme.SPARK, (cx, y0), "center", bold=True)
    text.blit(s, "Total", 14, theme.CREAM, (x0 + col_w * rounds + total_w // 2, y0), "center",
              bold=True)
    for i, row in enumerate(rows):
        y = r.y + head_h + row_h * i
        if i % 2 == 0:
            pygame.draw.rect(s, lerp_colour(theme.INK_2, theme.INK_3, 0.55),
                             (r.x + 8, y, width - 16, row_h), border_radius=8)
        seat_shape(s, row.shape, (r.x + 28, y + row_h // 2), 8, row.colour)
        name = row.name if len(row.name) <= 14 else row.name[:13] + "."
        text.blit(s, name, 16, theme.CREAM, (r.x + 44, y + row_h // 2), "midleft", bold=True)
        for k, (main, small, style) in enumerate(row.cells):
            cx = x0 + col_w * k + col_w // 2
            text.blit(s, main, 16, STYLES.get(style, theme.CREAM), (cx, y + 13), "center",
                      bold=bool(style))
            if small:
                text.blit(s, small, 11, theme.MUTED, (cx, y + 30), "center")
        tx = x0 + col_w * rounds + total_w // 2
        if row.best:
            pill = pygame.Rect(0, 0, total_w - 10, row_h - 10)
            pill.center = (tx, y + row_h // 2)
            pygame.draw.rect(s, theme.SPARK, pill, border_radius=pill.h // 2)
            text.blit(s, row.total, 18, theme.INK, pill.center, "center", bold=True)
        else:
            text.blit(s, row.total, 18, theme.CREAM, (tx, y + row_h // 2), "center", bold=True)
    if footer:
        text.blit(s, footer, 13, theme.MUTED, (r.x + 18, r.bottom - 26))
    return s.convert_alpha() if pygame.display.get_surface() else s
