"""The move log: recent public moves in the third person, newest at the bottom."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import text, theme
from game.ui.draw import panel, seat_shape

Marker = tuple[str, tuple[int, int, int]]  # a seat's shape and colour


@dataclass
class LogLine:
    text: str
    colour: tuple[int, int, int]
    age: float = 0.0
    marker: Marker | None = None  # who did it, drawn before the line


class MoveLog:
    """Keeps the last lines; the panel shows as many as fit, older ones dimmer."""

    def __init__(self, keep: int = 200) -> None:
        self.lines: list[LogLine] = []
        self.keep = keep
        self._added = 0  # lines ever added: the cached panel is redrawn when this changes
        self._cache: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._newest: tuple[str, tuple[int, int, int], tuple[int, int]] | None = None

    def add(self, line: str, colour: tuple[int, int, int] = theme.CREAM,
            marker: Marker | None = None) -> None:
        self.lines.append(LogLine(line, colour, 0.0, marker))
        self._added += 1
        if len(self.lines) > self.keep:
            del self.lines[: len(self.lines) - self.keep]

    def update(self, dt: float) -> None:
        for ln in self.lines[-12:]:
            ln.age += dt

    def texts(self) -> list[str]:
        return [ln.text for ln in self.lines]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int = 15,
             title: str = "Moves") -> None:
        """Blit the panel, rendered again only when a line arrives; the newest line is drawn
        on top each frame (it flashes for a moment), so a frame costs two blits."""
        key = (rect.size, size, title, self._added, text.scale())  # larger text: wrapped again
        if self._cache is None or self._cache[0] != key:
            pad = 8
            img = pygame.Surface((rect.w + pad * 2, rect.h + pad * 2), pygame.SRCALPHA)
            self._newest = self._render(img, pygame.Rect(pad, pad, rect.w, rect.h), size, title)
            self._cache = (key, img)
        surface.blit(self._cache[1], (rect.x - 8, rect.y - 8))
        if self._newest is not None and self.lines:
            part, colour, (x, y) = self._newest
            if self.lines[-1].age < 0.4:
                colour = theme.SPARK
            text.blit(surface, part, size, colour, (rect.x - 8 + x, rect.y - 8 + y))

    def _render(self, surface: pygame.Surface, rect: pygame.Rect, size: int, title: str
                ) -> tuple[str, tuple[int, int, int], tuple[int, int]] | None:
        """Draw the panel but the newest line's last part, which is returned with its place."""
        panel(surface, rect, theme.INK_2, radius=14, border=theme.LINE, shadow=6, alpha=225)
        text.blit(surface, title.upper(), 13, theme.SPARK, (rect.x + 12, rect.y + 8), bold=True)
        line_h = size + 6
        room = (rect.h - 34) // line_h
        indent = size + 4
        # (text, colour, marker on this part, part is indented under a marker)
        wrapped: list[tuple[str, tuple[int, int, int], Marker | None, bool]] = []
        for ln in reversed(self.lines):
            width = rect.w - 24 - (indent if ln.marker else 0)
            parts = text.wrap(ln.text, size, width)
            if wrapped and len(wrapped) + len(parts) > room:
                break  # an older line shows whole or not at all (no stray second half)
            for i in range(len(parts) - 1, -1, -1):
                wrapped.append((parts[i], ln.colour, ln.marker if i == 0 else None,
                                ln.marker is not None))
            if len(wrapped) >= room:
                break
        wrapped = wrapped[:room]
        newest = None
        # the lines stand on the bottom edge, 10 px up, or as little as 6 when they would
        # otherwise touch the title (a three-seat Cosmic log's "LOG" sat on its first line)
        slack = rect.h - 34 - room * line_h
        y = rect.bottom - 10 + max(0, min(4, 4 - slack)) - line_h
        for i, (p, colour, marker, indented) in enumerate(wrapped):
            fade = 1.0 if i < 3 else max(0.45, 1 - (i - 3) * 0.08)
            col = (int(colour[0] * fade), int(colour[1] * fade), int(colour[2] * fade))
            x = rect.x + 12
            if marker is not None:
                seat_shape(surface, marker[0], (x + size // 2 - 1, y + line_h // 2 - 1),
                           size * 0.36, marker[1], None)
            pos = (x + indent if indented else x, y)
            if i == 0:
                newest = (p, col, pos)
            else:
                text.blit(surface, p, size, col, pos)
            y -= line_h
        return newest
