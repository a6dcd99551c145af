"""Pieces the menu screens share: the screen header and option steppers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.app.gui import MenuScene, NavItem
from game.ui import text, theme
from game.ui.draw import panel


def header(surface: pygame.Surface, title: str, subtitle: str = "") -> pygame.Rect:
    """The big title at the top of a menu screen, with a fuse-orange underline; where it is
    (the embers pass behind it)."""
    r = text.blit(surface, title, 40, theme.CREAM, (64, 34), bold=True, shadow=True)
    bar = pygame.Rect(64, r.bottom + 4, 72, 5)
    pygame.draw.rect(surface, theme.FUSE, bar, border_radius=3)
    out = r.union(bar)
    if subtitle:
        out.union_ip(text.blit(surface, subtitle, 18, theme.MUTED, (r.right + 20, r.bottom - 8),
                               "bottomleft"))
    return out


#: A section's heading, this far under the panel's top: clear of the keys' focus ring round
#: the panel's first row (the ring's pulse reached the "OPTIONS" heading).
SECTION_TITLE_DY = 9


def section(surface: pygame.Surface, rect: pygame.Rect, title: str) -> None:
    panel(surface, rect, theme.INK_2, radius=16, border=theme.LINE, shadow=10)
    text.blit(surface, title.upper(), 16, theme.SPARK, (rect.x + 20, rect.y + SECTION_TITLE_DY),
              bold=True)


def section_title_rect(rect: pygame.Rect, title: str) -> pygame.Rect:
    """Where a section's heading's letters are drawn (non-interactive text: no focus ring
    may cover it)."""
    img = text.render(title.upper(), 16, theme.SPARK, True)
    return img.get_bounding_rect().move(rect.x + 20, rect.y + SECTION_TITLE_DY)


ARROW = 36
"""A stepper's arrow buttons are this square."""
GAP = 8
"""Clear space between a stepper's value and each arrow (larger text included)."""


class Stepper:
    """A gamepad-friendly choice: `label  < value >`, cycled by arrows, clicks or left/right."""

    def __init__(self, scene: MenuScene, x: int, y: int, w: int, label: str,
                 choices: Sequence[Any], value: Any, on_change: Callable[[Any], None],
                 fmt: Callable[[Any], str] = str, row: int = 0, col: int = 0,
                 label_w: int | None = None) -> None:
        self.scene = scene
        self.choices = list(choices)
        self.index = self.choices.index(value) if value in self.choices else 0
        self.on_change = on_change
        self.fmt = fmt
        lw = self._fit(scene, label, label_w if label_w is not None else w // 2, w)
        scene.label((x, y, lw, 40), label)
        vx = x + lw
        vw = w - lw
        scene.button((vx, y + 2, ARROW, ARROW), "<", lambda: self.step(-1), object_id="#arrow",
                     nav=False)
        #: Where the value is written, between the arrows.
        self.value_rect = pygame.Rect(vx + ARROW + GAP, y, vw - 2 * (ARROW + GAP), 40)
        self.value_label = scene.label(self.value_rect, fmt(self.value), object_id="#value")
        scene.button((vx + vw - ARROW, y + 2, ARROW, ARROW), ">", lambda: self.step(1),
                     object_id="#arrow", nav=False)
        self.item = scene.nav.add(NavItem(pygame.Rect(x - 8, y - 2, w + 16, 44),
                                          lambda: self.step(1), lambda: self.step(-1),
                                          lambda: self.step(1), row=row, col=col))

    def _fit(self, scene: MenuScene, label: str, lw: int, w: int) -> int:
        """Where label and value split: moved left when the widest value would be clipped
        (larger text), as long as the label still fits."""
        theme_ = scene.manager.get_theme()
        value_font = theme_.get_font(["#value", "label"])
        label_font = theme_.get_font(["label"])
        # pygame-gui pads a label's text inside its box: measure with that margin.
        widest = round(max(value_font.size(self.fmt(c))[0] for c in self.choices) * 1.1) + 4
        arrows = 2 * (ARROW + GAP)
        if widest + arrows > w - lw:
            lw = max(label_font.size(label)[0] + GAP, w - arrows - widest)
        return lw

    @property
    def value(self) -> Any:
        return self.choices[self.index]

    def show(self, value: Any) -> None:
        """Show `value` without acting on it: the setting changed elsewhere (F11)."""
        if value in self.choices:
            self.index = self.choices.index(value)
            self.value_label.set_text(self.fmt(self.value))

    def step(self, d: int) -> None:
        """Move along the choices: On/Off flips round; a longer list stops at its ends."""
        if len(self.choices) <= 2:
            self.index = (self.index + d) % len(self.choices)
        else:
            self.index = max(0, min(len(self.choices) - 1, self.index + d))
        self.value_label.set_text(self.fmt(self.value))
        self.scene.app.sound.play("ui_toggle")
        self.on_change(self.value)


def on_off(v: Any) -> str:
    return "On" if v else "Off"


def percent(v: Any) -> str:
    return f"{round(float(v) * 100)}%"
