"""The Kaboom! look: palette, fonts and the pygame-gui theme built from them.

One warm night-time palette (ink navy, fuse orange, spark yellow) across every screen.
The colour-blind-safe palette swaps seat colours for the Okabe-Ito set and every seat also
gets a shape, so no information is carried by colour alone.
"""

from __future__ import annotations

import copy
import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from game.ui.assets import assets_dir

Colour = tuple[int, int, int]


def hex_rgb(h: str) -> Colour:
    h = h.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


INK = hex_rgb("#121829")  # background
INK_2 = hex_rgb("#1c2540")  # panels
INK_3 = hex_rgb("#2a3659")  # raised panels, hover
LINE = hex_rgb("#3e4c78")
CREAM = hex_rgb("#fbf3e4")  # main text
MUTED = hex_rgb("#a9b2cf")  # secondary text
FUSE = hex_rgb("#ff7a2f")  # accent, primary buttons
SPARK = hex_rgb("#ffd23f")  # highlights, focus ring
BLAST = hex_rgb("#e63946")  # danger, Kaboom!
MINT = hex_rgb("#3ccf91")  # success
SKY = hex_rgb("#4aa8ff")  # info
FELT = hex_rgb("#1f5c4a")  # card table
FELT_DARK = hex_rgb("#164236")
WOOD = hex_rgb("#c8894a")
WOOD_DARK = hex_rgb("#8a5a2b")

SEAT_COLOURS = ("#e8553d", "#3d8be8", "#f2c12e", "#46b86a", "#a066d8", "#ee7fb4")
# Colour-blind safe (from the Okabe-Ito and Tol sets): every pair stays at least 25 apart in CIELAB
# for normal, protan, deutan and tritan vision, and bright enough to read on the ink panels. The
# most distinct come first, so small tables get the clearest seats.
# The first was Okabe-Ito amber: a stranger's colour-blind seat 1 read as Cosmic's yellow
# planets; its rose stays clear of all four planet colours (red, blue, green, yellow).
# Green third, violet fourth, magenta fifth: three strangers read the rose first seat and a
# magenta third as one pink (both sit on the same side of a three-seat table), and another the
# rose first and a magenta fourth ("two close pinks") at four.
SEAT_COLOURS_SAFE = ("#ff8899", "#9ad0f5", "#228833", "#785ef0", "#dc267f", "#f4f4f4")
# A chosen seat colour's shade in the safe palette (the lobby's n-th colour, the safe n-th):
# switching the palette mid-match keeps every seat in its own colour, distinct from the others
# (by seat number, Ana who chose blue took Ben's shade when Ben had chosen red).
SAFE_SHADE = dict(zip(SEAT_COLOURS, SEAT_COLOURS_SAFE, strict=True))
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")
MIN_SEAT_DISTANCE = 20.0  # the least CIELAB distance between two seats' colours

# Machado, Oliveira and Fernandes (2009), severity 1, applied to linear RGB.
_VISION: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
               (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
               (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
               (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *_VISION)

#: How much larger "Larger text" draws every text: a step a player sees at a glance (1.2 read as
#: barely larger). Shared by the kit's text (`game.ui.text`) and the pygame-gui theme.
LARGE_TEXT_SCALE = 1.3

FONT_REGULAR = "NotoSans-Regular.ttf"
FONT_BOLD = "NotoSans-Bold.ttf"


def seat_colour(index: int, colourblind: bool, chosen: str | None = None) -> Colour:
    """The colour shown for a seat: the chosen one, or the safe palette when asked for."""
    if colourblind:
        safe = SAFE_SHADE.get((chosen or "").lower())
        return hex_rgb(safe or SEAT_COLOURS_SAFE[index % len(SEAT_COLOURS_SAFE)])
    if chosen:
        try:
            return hex_rgb(chosen)
        except ValueError:  # not #rrggbb: the seat's own colour instead
            pass
    return hex_rgb(SEAT_COLOURS[index % len(SEAT_COLOURS)])


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def lab(colour: Colour, vision: str = "normal") -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour as seen with `vision` (normal, protan, deutan, tritan)."""
    r, g, b = (_linear(c) for c in colour)
    m = _VISION.get(vision)
    if m is not None:
        r, g, b = (min(1.0, max(0.0, row[0] * r + row[1] * g + row[2] * b)) for row in m)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def colour_distance(a: Colour, b: Colour, vision: str = "normal") -> float:
    """How different two colours look (CIE76 delta E) with the given colour vision."""
    la, lb = lab(a, vision), lab(b, vision)
    return math.dist(la, lb)


def font_path(bold: bool = False) -> Path:
    """pygame-gui ships Noto Sans; we use it everywhere for one consistent type."""
    import pygame_gui

    return Path(pygame_gui.__file__).parent / "data" / (FONT_BOLD if bold else FONT_REGULAR)


@lru_cache(maxsize=160)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A cached font object (loaded once per size and weight). Text measured before any window
    opens (a layout worked out at import or in a test) starts the font module itself."""
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        return pygame.font.Font(font_path(bold), size)
    except (OSError, pygame.error, FileNotFoundError):
        f = pygame.font.Font(None, int(size * 1.3))
        f.set_bold(bold)
        return f


def gui_theme(large_text: bool = False) -> dict[str, Any]:
    """The pygame-gui theme from the assets' theme.json, with font sizes scaled for large text."""
    with open(assets_dir() / "theme.json", encoding="utf-8") as fh:
        theme: dict[str, Any] = json.load(fh)
    if not large_text:
        return theme
    theme = copy.deepcopy(theme)
    for block in theme.values():
        f = block.get("font") if isinstance(block, dict) else None
        if isinstance(f, dict) and "size" in f:
            f["size"] = str(round(int(f["size"]) * LARGE_TEXT_SCALE))
    return theme
