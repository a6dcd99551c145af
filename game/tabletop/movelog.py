"""The move log: recent public moves in the third person, newest at the bottom."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import text, theme
from game.ui.draw import panel


@dataclass
class LogLine:
    text: str
    colour: tuple[int, int, int]
    age: float = 0.0


class MoveLog:
    """Keeps the last lines; the panel shows as many as fit, older ones dimmer."""

    def __init__(self, keep: int = 200) -> None:
        self.lines: list[LogLine] = []
        self.keep = keep

    def add(self, line: str, colour: tuple[int, int, int] = theme.CREAM) -> None:
        self.lines.append(LogLine(line, colour))
        if len(self.lines) > self.keep:
            del self.lines[: len(self.lines) - self.keep]

    def update(self, dt: float) -> None:
        for ln in self.lines[-12:]:
            ln.age += dt

    def texts(self) -> list[str]:
        return [ln.text for ln in self.lines]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int = 15,
             title: str = "Moves") -> None:
        panel(surface, rect, theme.INK_2, radius=14, border=theme.LINE, shadow=6, alpha=225)
        text.blit(surface, title.upper(), 13, theme.SPARK, (rect.x + 12, rect.y + 8), bold=True)
        line_h = size + 6
        room = (rect.h - 34) // line_h
        wrapped: list[tuple[str, tuple[int, int, int], float]] = []
        for ln in reversed(self.lines):
            parts = text.wrap(ln.text, size, rect.w - 24)
            for p in reversed(parts):
                wrapped.append((p, ln.colour, ln.age))
            if len(wrapped) >= room:
                break
        wrapped = wrapped[:room]
        y = rect.bottom - 10 - line_h
        for i, (p, colour, age) in enumerate(wrapped):
            fade = 1.0 if i < 3 else max(0.45, 1 - (i - 3) * 0.08)
            col = (int(colour[0] * fade), int(colour[1] * fade), int(colour[2] * fade))
            if age < 0.4 and i == 0:
                col = theme.SPARK
            text.blit(surface, p, size, col, (rect.x + 12, y))
            y -= line_h
