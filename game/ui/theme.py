"""The Kaboom! look: palette, fonts and the pygame-gui theme built from them.

One warm night-time palette (ink navy, fuse orange, spark yellow) across every screen.
The colour-blind-safe palette swaps seat colours for the Okabe-Ito set and every seat also
gets a shape, so no information is carried by colour alone.
"""

from __future__ import annotations

import copy
import json
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
# Okabe-Ito: distinguishable with the common colour-vision deficiencies.
SEAT_COLOURS_SAFE = ("#e69f00", "#56b4e9", "#f0e442", "#009e73", "#cc79a7", "#0072b2")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")

FONT_REGULAR = "NotoSans-Regular.ttf"
FONT_BOLD = "NotoSans-Bold.ttf"


def seat_colour(index: int, colourblind: bool, chosen: str | None = None) -> Colour:
    """The colour shown for a seat: the chosen one, or the safe palette when asked for."""
    if colourblind:
        return hex_rgb(SEAT_COLOURS_SAFE[index % len(SEAT_COLOURS_SAFE)])
    return hex_rgb(chosen or SEAT_COLOURS[index % len(SEAT_COLOURS)])


def font_path(bold: bool = False) -> Path:
    """pygame-gui ships Noto Sans; we use it everywhere for one consistent type."""
    import pygame_gui

    return Path(pygame_gui.__file__).parent / "data" / (FONT_BOLD if bold else FONT_REGULAR)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A cached font object (loaded once per size and weight)."""
    try:
        return pygame.font.Font(font_path(bold), size)
    except (OSError, pygame.error, FileNotFoundError):
        f = pygame.font.Font(None, int(size * 1.3))
        f.set_bold(bold)
        return f


def gui_theme(large_text: bool = False) -> dict[str, Any]:
    """The pygame-gui theme from game/assets/theme.json, with font sizes scaled for large text."""
    with open(assets_dir() / "theme.json", encoding="utf-8") as fh:
        theme: dict[str, Any] = json.load(fh)
    if not large_text:
        return theme
    theme = copy.deepcopy(theme)
    for block in theme.values():
        f = block.get("font") if isinstance(block, dict) else None
        if isinstance(f, dict) and "size" in f:
            f["size"] = str(round(int(f["size"]) * 1.25))
    return theme
