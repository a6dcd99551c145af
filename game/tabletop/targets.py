"""What a player can point at on a card table, for every kind of device.

A decision offers `Target`s (cards, piles, buttons). The mouse clicks one; a keyboard or gamepad
moves a cursor between them with the four directions and confirms. The game builds the targets
from its rules' legal actions, so anything reachable is legal and everything legal is reachable.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import text, theme
from game.ui.draw import lerp_colour, panel

DIRS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
#: How long a press still belongs to a choice that has just left the spot under it (a prompt
#: that timed out, a decision replaced by the next): quicker than anyone reads a new screen,
#: so a press this soon after was aimed at what was there (a stranger's late "Take it" as
#: its countdown ran out started a card that had come up under the pointer).
ARM_S = 0.45
#: A decision that changes this soon after the deciding player's own press changed because of
#: it: its spots are not armed against a press aimed at what left (`TargetCursor.pressed`).
OWN_PRESS_S = 0.25


@dataclass
class Target:
    """Something to choose: `key` is stable while the decision lasts ("card:1:2", "btn:draw")."""

    key: str
    rect: pygame.Rect
    on_activate: Callable[[], None]
    label: str = ""
    kind: str = "card"  # card | pile | button
    hint: str = ""  # the key that also triggers it, shown on buttons
    accent: tuple[int, int, int] = theme.FUSE
    enabled: bool = True  # False: shown greyed (can't be chosen now)
    keys: bool = True
    """Reached by the arrow keys (and a pad's stick). False: the mouse's alone, as a hand
    card while its card is aimed (a stranger's D wandered from the walls into his hand)."""


class TargetCursor:
    """The focused target of one decision, moved by directions or set by the mouse."""

    def __init__(self) -> None:
        self.targets: list[Target] = []
        self.focus_key: str | None = None
        self.hover_key: str | None = None
        #: Where targets left from and when (the clock given to `set_targets`), for `ARM_S`.
        self.gone: list[tuple[pygame.Rect, float]] = []
        #: When the focused target last became another choice's (a confirm then was not
        #: aimed at it), on the same clock.
        self.refocused_at: float | None = None
        #: When the deciding player last pressed (`pressed`), on the same clock.
        self.pressed_at = -1e9

    def pressed(self, now: float) -> None:
        """The deciding player pressed: targets set within `OWN_PRESS_S` changed because of
        it, a change they expect, so what left is not guarded (only the others' moves arm
        `just_left`)."""
        self.pressed_at = now

    def set_targets(self, targets: list[Target], prefer: str | None = None,
                    now: float | None = None) -> None:
        """New targets; focus stays on the same key if it survives, else on `prefer`.
        `now` (the scene's clock) records the spots whose choice left, for `just_left`."""
        if now is not None and now - self.pressed_at <= OWN_PRESS_S:
            now = None  # the player's own press changed them
        if now is not None:
            kept = {(t.key, tuple(t.rect)) for t in targets}
            self.gone = [g for g in self.gone if now - g[1] < ARM_S]
            self.gone += [(t.rect.copy(), now) for t in self.targets
                          if (t.key, tuple(t.rect)) not in kept]
            focus = self.get(self.focus_key)
            if focus is not None and (focus.key, tuple(focus.rect)) not in kept:
                self.refocused_at = now
        self.targets = targets
        keys = [t.key for t in targets]
        focus = self.get(self.focus_key)
        if focus is None or not focus.keys:
            by_keys = [t.key for t in targets if t.keys] or keys
            self.focus_key = prefer if prefer in by_keys else (by_keys[0] if by_keys else None)
            inner = self._inside(self.get(self.focus_key))
            if inner:  # a seat's zone round its walls: the keys start on its first wall (a
                # stranger's D from Ben's zone landed on Ben's own wall inside it, to the
                # right, and his Underminer dug there instead of under Ana's)
                self.focus_key = min(inner, key=lambda t: (t.rect.x, t.rect.y)).key
        if self.hover_key not in keys:
            self.hover_key = None

    def _inside(self, outer: Target | None) -> list[Target]:
        """The targets lying wholly inside `outer` (a seat's zone round the walls that may
        each be chosen too)."""
        if outer is None:
            return []
        return [t for t in self.targets if t is not outer and outer.rect.contains(t.rect)]

    def just_left(self, pos: tuple[int, int] | None, now: float) -> bool:
        """Whether a choice left the spot `pos` (None: the keyboard's focus) less than `ARM_S`
        ago: a press there now was aimed at it, and must not act on what replaced it."""
        if pos is None:
            return self.refocused_at is not None and now - self.refocused_at < ARM_S
        return any(now - at < ARM_S and r.collidepoint(pos) for r, at in self.gone)

    def settling(self, now: float) -> bool:
        """Whether any choice left its spot, or the focus its choice, less than `ARM_S` ago."""
        return any(now - at < ARM_S for _, at in self.gone) \
            or (self.refocused_at is not None and now - self.refocused_at < ARM_S)

    def clear(self) -> None:
        self.targets = []
        self.focus_key = None
        self.hover_key = None

    def get(self, key: str | None) -> Target | None:
        return next((t for t in self.targets if t.key == key), None)

    def focused(self) -> Target | None:
        return self.get(self.focus_key)

    def neighbour(self, key: str | None, direction: str) -> str | None:
        """The target a press of `direction` moves to from `key` (pure: tests plan with it)."""
        cur = self.get(key)
        if cur is None or direction not in DIRS:
            return key
        dx, dy = DIRS[direction]
        cx, cy = cur.rect.center
        best: tuple[float, str] | None = None
        reach = [t for t in self.targets if t.keys and t is not cur]
        for t in reach:
            vx, vy = t.rect.centerx - cx, t.rect.centery - cy
            along = vx * dx + vy * dy
            if along <= 4:
                continue
            ortho = abs(vx * dy - vy * dx)
            score = along + ortho * 2.2
            if best is None or score < best[0]:
                best = (score, t.key)
        if best is not None:
            return best[1]
        # Nothing that way: wrap to the far side, nearest in the other axis.
        wrap: tuple[float, float, str] | None = None
        for t in reach:
            vx, vy = t.rect.centerx - cx, t.rect.centery - cy
            along = -(vx * dx + vy * dy)  # furthest the other way first
            ortho = abs(vx * dy - vy * dx)
            cand = (ortho, -along, t.key)
            if wrap is None or cand < wrap:
                wrap = cand
        return wrap[2] if wrap is not None else key

    def move(self, direction: str) -> bool:
        nxt = self.neighbour(self.focus_key, direction)
        moved = nxt != self.focus_key
        self.focus_key = nxt
        return moved

    def hit(self, pos: tuple[int, int]) -> Target | None:
        """The target under the mouse: buttons first, then the top-most card."""
        for t in self.targets:
            if t.kind == "button" and t.rect.collidepoint(pos):
                return t
        for t in reversed(self.targets):
            if t.rect.collidepoint(pos):
                return t
        return None

    def path_to(self, key: str, limit: int = 40) -> list[str] | None:
        """The shortest list of directions from the focus to `key` (for tests and demos)."""
        start = self.focus_key
        if start == key:
            return []
        seen = {start}
        frontier: list[tuple[str | None, list[str]]] = [(start, [])]
        while frontier:
            nxt_frontier: list[tuple[str | None, list[str]]] = []
            for node, path in frontier:
                for d in DIRS:
                    n = self.neighbour(node, d)
                    if n in seen:
                        continue
                    if n == key:
                        return path + [d]
                    seen.add(n)
                    if len(path) < limit:
                        nxt_frontier.append((n, path + [d]))
            frontier = nxt_frontier
        return None


@lru_cache(maxsize=64)
def button_width(label: str, hint: str, size: int = 17) -> int:
    """Width for a table button with its label and key hint."""
    w = text.render(label, size, theme.CREAM, True).get_width() + 34
    if hint:
        w += text.render(hint, 12, theme.INK, True).get_width() + 20
    return max(96, w)


#: A disabled button: a flat grey, its label muted (never a seat's or an accent's colour).
DISABLED_FILL = (58, 62, 74)
DISABLED_TEXT = (128, 132, 146)


def draw_button(surface: pygame.Surface, target: Target, *, hover: bool = False,
                focus: bool = False, pulse: float = 0.0, size: int = 17,
                unfocused: bool = False) -> None:
    """A table button: accent fill, its label, and the key that presses it in a small cap.

    Three looks that never pass for one another (a stranger took an unfocused choice for a
    disabled one): focused, a brighter fill inside a pulsing gold ring; `unfocused` (another
    target has the keys' focus), its own colour as a rim round a darker fill, the label and
    key cap as bright as ever; disabled (`target.enabled` False), flat grey with a muted label,
    no shadow and no key cap."""
    r = target.rect
    base = target.accent
    if not target.enabled:
        panel(surface, r, DISABLED_FILL, radius=r.h // 2, border=theme.LINE, border_w=1,
              shadow=0)
        text.blit(surface, target.label, size, DISABLED_TEXT, (r.x + 17, r.centery), "midleft",
                  bold=True)
        return
    if unfocused and not focus:
        rim = lerp_colour(base, theme.CREAM, 0.3)
        panel(surface, r, lerp_colour(base, theme.INK, 0.5), radius=r.h // 2, border=rim,
              border_w=2, shadow=4)
    else:
        fill = lerp_colour(base, (255, 255, 255), 0.16 if hover or focus else 0.0)
        panel(surface, r, fill, radius=r.h // 2, border=lerp_colour(base, (20, 14, 10), 0.45),
              shadow=6)
    if focus:
        grow = 3 + round(2 * (1 + math.sin(pulse * 6)) / 2)
        pygame.draw.rect(surface, theme.SPARK, r.inflate(grow * 2, grow * 2), 3,
                         border_radius=r.h // 2 + grow)
    x = r.x + 17
    if target.hint:
        cap = text.render(target.hint, 12, theme.INK, True)
        cap_r = pygame.Rect(x - 4, 0, cap.get_width() + 12, 20)
        cap_r.centery = r.centery
        pygame.draw.rect(surface, theme.CREAM, cap_r, border_radius=6)
        surface.blit(cap, cap.get_rect(center=cap_r.center))
        x = cap_r.right + 8
    text.blit(surface, target.label, size, theme.CREAM, (x, r.centery), "midleft", bold=True,
              shadow=True)
