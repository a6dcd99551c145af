"""The move log: recent public moves in the third person, newest at the bottom."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui import text, theme
from game.ui.draw import panel, seat_shape

Marker = tuple[str, tuple[int, int, int]]  # a seat's shape and colour
_PANEL_FOOT = 24
"""Rows at a panel's foot that differ from its middle (rounded corners, border, shadow)."""
_PANEL_TALL = 720
"""The height the blank panel is drawn at (a log is never taller than the screen)."""


def row_height(size: int) -> int:
    """A log row's height for text of `size`, grown with larger text (at a fixed size + 6 the
    rows of larger text ran together and the seat markers floated above their lines)."""
    return max(size + 6, text.line_height(size))


def marker_indent(size: int) -> int:
    """How far a marked line's words stand right of its seat marker."""
    return text.px(size) + 4


@dataclass
class LogLine:
    text: str
    colour: tuple[int, int, int]
    age: float = 0.0
    marker: Marker | None = None  # who did it, drawn before the line


class MoveLog:
    """Keeps the last lines; the panel shows as many as fit, older ones dimmer."""

    def __init__(self, keep: int = 200, wheel_hint: bool = False) -> None:
        self.lines: list[LogLine] = []
        self.wheel_hint = wheel_hint
        """The title says the wheel shows earlier moves while some are out of sight above (a
        game whose scene scrolls the log with `wheel`): a stranger never found the wheel."""
        self.more_above = False
        """Older entries were left out of the panel as last drawn."""
        self._keep_right = 0  # the title row's right end kept clear (`draw`)
        self.keep = keep
        self._added = 0  # lines ever added: the cached panel is redrawn when this changes
        self._cache: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._newest: list[tuple[str, tuple[int, int, int], tuple[int, int]]] = []
        self._blank: tuple[tuple[int, int], pygame.Surface] | None = None
        """The empty panel (shadow, fill, border) last drawn, and its size: a new line draws
        its text over a copy instead of blending the shadow again."""
        self.back = 0
        """Entries scrolled back from the newest (the wheel over the panel, `scroll`): a
        stranger could not find what had happened a few moves before."""
        self.drawn_at: pygame.Rect | None = None
        """Where the panel was last drawn (what a wheel over it scrolls)."""

    def add(self, line: str, colour: tuple[int, int, int] = theme.CREAM,
            marker: Marker | None = None, turn: bool = False) -> None:
        """A new entry at the bottom. `turn`: it opens a turn (or ends the round or match):
        a log scrolled back comes back to the newest for it (a stranger, scrolled back once,
        read old moves through the next turns and the result screen)."""
        self.lines.append(LogLine(line, colour, 0.0, marker))
        self._added += 1
        if turn:
            self.to_newest()
        elif self.back:  # scrolled back: what the reader is reading stays put
            self.back += 1
        if len(self.lines) > self.keep:
            del self.lines[: len(self.lines) - self.keep]

    def recolour(self, shapes: Sequence[str], colours: Sequence[tuple[int, int, int]]) -> None:
        """The seats' colours changed (the colour-blind palette switched mid-match): every
        marker already in the log takes its seat's new colour, its seat found by its shape (a
        stranger's older lines kept the old yellow beside the new magenta)."""
        by_shape = dict(zip(shapes, colours, strict=False))
        for ln in self.lines:
            if ln.marker is not None and ln.marker[0] in by_shape:
                ln.marker = (ln.marker[0], by_shape[ln.marker[0]])
        self._cache = None  # drawn again with the new markers

    def to_newest(self) -> None:
        """Back to the newest entries (a new turn, a hand-over to the next couch player, the
        match's end): what just happened is in sight again."""
        self.back = 0

    def scroll(self, steps: int) -> None:
        """Show `steps` entries further back (negative: toward the newest)."""
        self.back = max(0, min(len(self.lines) - 1, self.back + steps))

    def wheel(self, action: str, pos: tuple[float, float] | None) -> bool:
        """The mouse wheel turned (`action` the input's "rotate_left", up, or "rotate_right",
        down) at `pos`: over the panel it scrolls back or forward one entry. Whether it did
        (a table's scene passes on every wheel of the mouse)."""
        if action not in ("rotate_left", "rotate_right") or not self.over(pos):
            return False
        self.scroll(1 if action == "rotate_left" else -1)
        return True

    def over(self, pos: tuple[float, float] | None) -> bool:
        """Whether `pos` lies on the panel as last drawn."""
        return pos is not None and self.drawn_at is not None and self.drawn_at.collidepoint(pos)

    def update(self, dt: float) -> None:
        for ln in self.lines[-12:]:
            ln.age += dt

    def texts(self) -> list[str]:
        return [ln.text for ln in self.lines]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int = 15,
             title: str = "Moves", keep_right: int = 0) -> None:
        """Blit the panel, rendered again only when a line arrives; the newest line is drawn
        on top each frame (it flashes for a moment), so a frame costs two blits.
        `keep_right`: pixels at the title row's right end the caller draws on (a button),
        which the wheel's hint keeps off."""
        self.drawn_at = rect
        if self.back:
            title = f"{title}: earlier"  # (the wheel down comes back to the newest)
        self._keep_right = keep_right
        key = (rect.size, size, title, self._added, text.scale(), self.back,
               keep_right)  # (larger text: wrapped again)
        if self._cache is None or self._cache[0] != key:
            pad = 8
            img = self._empty_panel(rect.size, pad,
                                    self._cache[1] if self._cache is not None else None)
            self._newest = self._render(img, pygame.Rect(pad, pad, rect.w, rect.h), size, title)
            self._cache = (key, img)
        surface.blit(self._cache[1], (rect.x - 8, rect.y - 8))
        if self.lines and not self.back:
            # every part of the newest entry flashes together (only a wrapped entry's last
            # line turned yellow: a stranger read its first line as an older move)
            flash = self.lines[-1].age < 0.4
            for part, colour, (x, y) in self._newest:
                text.blit(surface, part, size, theme.SPARK if flash else colour,
                          (rect.x - 8 + x, rect.y - 8 + y))

    def _empty_panel(self, size: tuple[int, int], pad: int,
                     reuse: pygame.Surface | None) -> pygame.Surface:
        """The empty panel of `size` with `pad` px round it for the shadow, painted into
        `reuse` when it is that size (a fresh surface costs more than a frame's blits).

        The blank panel is drawn once per width, as tall as any asked for; a shorter one is
        its top and its foot (a panel is the same all the way down between its rounded ends),
        as a log that grows with its lines asks for a new height at each line."""
        full = (size[0] + pad * 2, size[1] + pad * 2)
        blank = self._blank
        if blank is None or blank[0][0] != size[0] or blank[0][1] < size[1]:
            tall_size = (size[0], max(size[1], _PANEL_TALL))  # room to grow, drawn once
            img = pygame.Surface((full[0], tall_size[1] + pad * 2), pygame.SRCALPHA)
            panel(img, pygame.Rect(pad, pad, *tall_size), theme.INK_2, radius=14,
                  border=theme.LINE, shadow=6, alpha=225)
            self._blank = blank = (tall_size, img)
        img = reuse if reuse is not None and reuse.get_size() == full \
            else pygame.Surface(full, pygame.SRCALPHA)
        img.fill((0, 0, 0, 0))
        tall = blank[1]
        foot = _PANEL_FOOT + pad * 2
        if tall.get_height() == full[1] or full[1] < 2 * foot:
            if tall.get_height() != full[1]:  # too short to join: drawn as it is
                panel(img, pygame.Rect(pad, pad, *size), theme.INK_2, radius=14,
                      border=theme.LINE, shadow=6, alpha=225)
                return img
            img.blit(tall, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)  # an exact copy
            return img
        top = full[1] - foot
        img.blit(tall, (0, 0), pygame.Rect(0, 0, full[0], top),
                 special_flags=pygame.BLEND_RGBA_MAX)
        img.blit(tall, (0, top), pygame.Rect(0, tall.get_height() - foot, full[0], foot),
                 special_flags=pygame.BLEND_RGBA_MAX)
        return img

    def _render(self, surface: pygame.Surface, rect: pygame.Rect, size: int, title: str
                ) -> list[tuple[str, tuple[int, int, int], tuple[int, int]]]:
        """Draw the lines on the empty panel but the newest entry's parts (each wrapped line of
        it), which are returned with their places. Older lines fade by their drawing's
        opacity, so every line's text is rendered once, not again in a dimmer colour each time
        a line arrives."""
        obs = text.observer()
        if obs is not None:
            obs.panel(surface, rect)
        title_w = text.blit(surface, title.upper(), 13, theme.SPARK, (rect.x + 12, rect.y + 8),
                            bold=True).w
        line_h = row_height(size)
        room = (rect.h - 34) // line_h
        indent = marker_indent(size)
        # (text, colour, marker on this part, part is indented under a marker)
        wrapped: list[tuple[str, tuple[int, int, int], Marker | None, bool]] = []
        newest_parts = 0
        shown = self.lines[:len(self.lines) - self.back]
        entries = 0  # entries shown (whole, or the newest cut short)
        for ln in reversed(shown):
            width = rect.w - 24 - (indent if ln.marker else 0)
            parts = text.wrap(ln.text, size, width)
            if not wrapped and len(parts) > room > 0:
                # the newest entry longer than the panel: its start, cut with an ellipsis (its
                # end alone hid who did what: "...keeps him away" with no "Ben brings in")
                parts = parts[:room]
                parts[-1] = text.ellipsize(parts[-1] + " …", size, width)
            newest_parts = newest_parts or len(parts)
            if wrapped and len(wrapped) + len(parts) > room:
                break  # an older line shows whole or not at all (no stray second half)
            for i in range(len(parts) - 1, -1, -1):
                wrapped.append((parts[i], ln.colour, ln.marker if i == 0 else None,
                                ln.marker is not None))
            entries += 1
            if len(wrapped) >= room:
                break
        wrapped = wrapped[:room]
        self.more_above = entries < len(shown)
        if self.wheel_hint and self.more_above:
            self._hint(surface, rect, title_w)
        newest: list[tuple[str, tuple[int, int, int], tuple[int, int]]] = []
        # the lines stand on the bottom edge, 10 px up, or as little as 6 when they would
        # otherwise touch the title (a three-seat Cosmic log's "LOG" sat on its first line)
        slack = rect.h - 34 - room * line_h
        y = rect.bottom - 10 + max(0, min(4, 4 - slack)) - line_h
        for i, (p, colour, marker, indented) in enumerate(wrapped):
            fade = 1.0 if i < 3 else max(0.45, 1 - (i - 3) * 0.08)
            x = rect.x + 12
            if marker is not None:
                seat_shape(surface, marker[0], (x + text.px(size) // 2 - 1, y + line_h // 2 - 1),
                           text.px(size) * 0.36, marker[1], None)
            pos = (x + indent if indented else x, y)
            if i < newest_parts and not self.back:
                newest.append((p, colour, pos))
            else:
                _faded(surface, p, size, colour, pos, round(255 * fade))
            y -= line_h
        return newest

    def _hint(self, surface: pygame.Surface, rect: pygame.Rect, title_w: int) -> None:
        """'Wheel up: earlier' at the title's right, in the longest words that fit beside
        the title (nothing when none does)."""
        right = rect.right - 12 - self._keep_right
        for hint in ("Wheel up: earlier moves", "Wheel up: earlier", "Wheel up"):
            if rect.x + 12 + title_w + 10 + text.render(hint, 12, theme.MUTED).get_width() \
                    <= right:
                text.blit(surface, hint, 12, theme.MUTED, (right, rect.y + 10),
                          anchor="topright")
                return


def _faded(surface: pygame.Surface, line: str, size: int, colour: tuple[int, int, int],
           pos: tuple[int, int], alpha: int) -> None:
    """`line` drawn at `pos` at opacity `alpha` (the cached drawing's own, put back after)."""
    if alpha >= 255:
        text.blit(surface, line, size, colour, pos)
        return
    img = text.render(line, size, colour)
    img.set_alpha(alpha)
    try:
        rect = surface.blit(img, pos)
    finally:
        img.set_alpha(255)
    text.note(surface, rect, line, img)
