"""Cached text rendering: the frame loop never renders the same string twice.

Text is never drawn below MIN_PX logical pixels, so it stays readable in the smallest window.
A draw observer (`observe`, tests only) is told of every text box and panel drawn, so a test
can check that no text overlaps another or leaves its panel, in either text size.
"""

from __future__ import annotations

import re
import sys
import time
from functools import lru_cache
from typing import Protocol

import pygame

from game.ui import cache, theme

_CACHE: cache.BoundedCache[tuple[object, ...], pygame.Surface] = cache.BoundedCache(800, max_mb=8)
_scale = 1.0
#: The smallest text size drawn (logical px): over 10 screen px at the minimum window (0.8).
MIN_PX = 13


def set_scale(scale: float) -> None:
    """Larger text for accessibility; forgets every cached drawing made at the old size."""
    global _scale
    if scale != _scale:
        _scale = scale
        _CACHE.clear()
        _warmed.clear()  # the fonts were forgotten too: warmed again at the new sizes
        forget_cached_drawings()


def forget_cached_drawings() -> None:
    """Clear every `functools.lru_cache` in the game's modules, and every `BoundedCache`.

    Plates, headers, button widths and score sheets are cached by what they show, not by the
    text size; when the size changes they must be drawn again, or larger text would spill out
    of boxes measured for the old size. Rare (a settings change), so a sweep is fine.
    """
    cache.clear_all()
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "game" or name.startswith("game.")):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type):
                continue  # a class with a cache_clear method (BoundedCache itself)
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()


def scale() -> float:
    return _scale


def px(size: int) -> int:
    """The pixel size text of `size` is drawn at: never below MIN_PX, and that scaled for larger
    text, so the small print (side panels, hints, logs) grows by the same clear step as the rest
    rather than from a floor it was already raised to."""
    return round(max(MIN_PX, size) * _scale)


def render(text: str, size: int, colour: tuple[int, int, int], bold: bool = False,
           shadow: bool = False) -> pygame.Surface:
    """Antialiased text (optionally with a soft drop shadow), cached by its arguments."""
    key = (text, size, colour, bold, shadow, _scale)
    surf = _CACHE.get(key)
    if surf is not None:
        if _observer is not None:
            _observer.rendered(surf, text)
        return surf
    f = theme.font(px(size), bold)
    main = f.render(text, True, colour)
    if _MINUS.search(text):
        _thicken_minus(main, text, f, colour)
    if shadow:
        sh = f.render(text, True, (0, 0, 0))
        sh.set_alpha(120)
        off = max(2, size // 16)
        surf = pygame.Surface((main.get_width() + off, main.get_height() + off), pygame.SRCALPHA)
        surf.blit(sh, (off, off))
        surf.blit(main, (0, 0))
    else:
        surf = main
    _CACHE[key] = surf
    if _observer is not None:
        _observer.rendered(surf, text)
    return surf


_MINUS = re.compile(r"(?:^|(?<=[\s(\[/:=]))[-\u2212](?=\d)")
"""A minus sign of a negative number: at the start or after a space, bracket, slash, colon or
equals sign, before a digit ("-4", "(-12)", "total: -3"; not the dash of "3-4")."""


def minus_stroke(pixels: int) -> int:
    """The thickness (logical px) a negative number's minus is drawn at, for a font `pixels`
    high: at least 2, so it survives the canvas's scaling to 0.8 in the smallest window (the
    font's 1-px stroke at 13-15 px faded to a grey smudge there, and "-4" read as "4")."""
    return max(2, round(pixels * 0.09))


def _thicken_minus(img: pygame.Surface, text: str, f: pygame.font.Font,
                   colour: tuple[int, int, int]) -> None:
    """Draw each negative number's minus in `img` as a solid bar `minus_stroke` thick, over
    the font's glyph (same place, same width), centred on the glyph's own stroke."""
    h = img.get_height()
    t = minus_stroke(f.get_height())
    for m in _MINUS.finditer(text):
        x0 = f.size(text[:m.start()])[0]
        x1 = f.size(text[:m.end()])[0]
        rows = [y for y in range(h)
                if any(img.get_at((x, y)).a > 96 for x in range(x0, min(x1, img.get_width())))]
        if not rows:
            continue
        cols = [x for x in range(x0, min(x1, img.get_width()))
                if any(img.get_at((x, y)).a > 96 for y in rows)]
        mid = (rows[0] + rows[-1] + 1) / 2
        top = max(0, round(mid - t / 2))
        left, right = cols[0], cols[-1] + 1
        if right - left < 2 * t:  # a short hyphen: twice as wide as the stroke is thick
            grow = 2 * t - (right - left)
            left = max(0, left - grow // 2)
            right = min(img.get_width(), right + grow - grow // 2)
        img.fill((*colour, 255), pygame.Rect(left, top, right - left, t))


def blit(surface: pygame.Surface, text: str, size: int, colour: tuple[int, int, int],
         pos: tuple[float, float], anchor: str = "topleft", bold: bool = False,
         shadow: bool = False) -> pygame.Rect:
    """Draw cached text anchored at `pos` (any pygame.Rect anchor name); returns its rect."""
    img = render(text, size, colour, bold, shadow)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    if _observer is not None:
        _observer.text(surface, rect, text, img)
    return rect


def note(surface: pygame.Surface, rect: pygame.Rect, label: str, img: pygame.Surface) -> None:
    """Tell the draw observer about text from `render` that the caller blitted itself."""
    if _observer is not None:
        _observer.text(surface, rect, label, img)


WARM_FONTS: tuple[tuple[int, bool], ...] = (
    *((s, False) for s in (13, 14, 15, 16, 17, 18, 20, 22, 24, 30, 33, 36)),
    *((s, True) for s in (*range(6, 39), 40, 42, 44, 46, 48, 52, 58, 60, 62, 64, 66, 68, 70)),
)
"""The font sizes (pixels at normal text size) and weights the scenes draw with, the pop-in
words' growing sizes among them: what `warm_fonts` opens ahead of need."""
_warmed: set[tuple[int, bool]] = set()


def warm_fonts(budget_s: float) -> bool:
    """Open a few of the `WARM_FONTS` (scaled for larger text) for about `budget_s` seconds;
    True when every one is open. A font's first use costs about 1.5 ms (a tenth of a frame),
    so the app opens them over the first frames, not mid-match when a new size first shows."""
    start = time.perf_counter()
    for size, bold in WARM_FONTS:
        pixels = max(1, round(size * _scale))
        if (pixels, bold) in _warmed:
            continue
        if time.perf_counter() - start >= budget_s:
            return False
        theme.font(pixels, bold).size("H")
        _warmed.add((pixels, bold))
    return True


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines that fit `width` pixels at `size` (cached)."""
    return list(_wrap(text, size, width, bold, _scale))


def ellipsize(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text`, shortened to end in an ellipsis if it is wider than `width` at `size` (cached:
    a label drawn every frame measures itself once)."""
    return _ellipsize(text, size, width, bold, _scale)


@lru_cache(maxsize=512)
def _ellipsize(text: str, size: int, width: int, bold: bool, _at_scale: float) -> str:
    f = theme.font(px(size), bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def line_height(size: int, bold: bool = False) -> int:
    """The distance between lines of wrapped text at `size` (grows with larger text)."""
    return int(theme.font(px(size), bold).get_linesize())


def fit(text: str, size: int, width: int, height: int, bold: bool = False,
        leading: int = 0) -> tuple[int, list[str]]:
    """The largest size (from `size` down to MIN_PX, scaled for larger text) at which `text`
    wraps into `width` x `height`, and its lines, set `leading` px closer (negative) or
    further apart than the font's line height. If even the smallest is too long, the lines
    that fit are kept and the last ends in an ellipsis, so nothing is cut through the middle of
    a line."""
    smallest = min(size, MIN_PX)  # every size below draws as MIN_PX (scaled)
    for s in range(size, smallest - 1, -1):
        lines = wrap(text, s, width, bold)
        if len(lines) * (line_height(s, bold) + leading) <= height:
            return s, lines
    s = smallest
    lines = wrap(text, s, width, bold)
    keep = max(1, height // (line_height(s, bold) + leading))
    if len(lines) > keep:
        lines = lines[:keep]
        f = theme.font(px(s), bold)
        last = lines[-1]  # the text goes on: the last line always ends in an ellipsis
        while last and f.size(last + "…")[0] > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    return s, lines


@lru_cache(maxsize=512)
def _wrap(text: str, size: int, width: int, bold: bool, _s: float) -> tuple[str, ...]:
    """Greedy word wrap. A line's width is estimated from its words' cached widths and
    measured whole only when the estimate is near the edge (the gap a space and the hinting
    leave between a sum of words and the line, a few px at most, is inside the margin):
    measuring every candidate line cost a frame's worth of time when a log line arrived."""
    f = theme.font(px(size), bold)
    space = _word_width(" ", px(size), bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line, est, n = "", 0, 0
        for w in para.split(" "):
            ww = _word_width(w, px(size), bold)
            if not line:
                line, est, n = w, ww, 1
            else:
                cand, cand_est = f"{line} {w}", est + space + ww
                margin = 4 + n  # the estimate's worst error grows with the words summed
                if cand_est <= width - margin:
                    fits = True
                elif cand_est > width + margin:
                    fits = False
                else:
                    cand_est = f.size(cand)[0]
                    fits = cand_est <= width
                if fits:
                    line, est, n = cand, cand_est, n + 1
                else:
                    lines.append(line)
                    line, est, n = w, ww, 1
            while n == 1 and len(line) > 1 and est > width and f.size(line)[0] > width:
                head, line = _break_word(line, f, width)  # a path or URL wider than the box
                lines.append(head)
                est = f.size(line)[0]
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=4096)
def _word_width(word: str, pixels: int, bold: bool) -> int:
    return int(theme.font(pixels, bold).size(word)[0])


def _break_word(word: str, f: pygame.font.Font, width: int) -> tuple[str, str]:
    """Split a word too wide for `width`: after a / - _ . if one fits, else where it must."""
    n = len(word) - 1
    while n > 1 and f.size(word[:n])[0] > width:
        n -= 1
    n = max(1, n)
    cut = max((i + 1 for i in range(n // 2, n) if word[i] in "/-_."), default=n)
    return word[:cut], word[cut:]


# Layout checking ----------------------------------------------------------------------------
class DrawObserver(Protocol):
    """Told of every text box and panel drawn (tests/ui/layout.py checks layouts with one)."""

    def text(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
             img: pygame.Surface) -> None: ...

    def panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None: ...

    def rendered(self, img: pygame.Surface, label: str) -> None: ...


_observer: DrawObserver | None = None


def observe(obs: DrawObserver | None) -> None:
    """Start (or with None, stop) telling `obs` about the text and panels drawn."""
    global _observer
    _observer = obs


def observer() -> DrawObserver | None:
    """The active draw observer, if a test set one."""
    return _observer
