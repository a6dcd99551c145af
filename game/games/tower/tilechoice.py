"""The get-ready screen's tile choice: the builder swaps pads' tiles with spares, then goes.

Between turns the four small pads' cards stand in a row around the Mega card, and the spares
(`MatchState.spares`) stand under them. A human builder clicks a spare then a pad (or a pad
then a spare, or drags one onto the other) to swap them, or moves a cursor with keys or a pad
and confirms twice; the cursor starts on the sand timer, so one click anywhere else (or one
confirm) still turns the timer, as before. An AI builder's swaps (`choice.ai_choose`) are made
as the screen opens and shown one after the other, cards sliding past each other, so everyone
sees what changed. Every swap goes through `choice.choose`, which records it for the replay.

`TileChoice` is the controller and its drawing; the scene calls `begin` when a turn's
get-ready screen opens, gives it the actions of the READY stage first (`action`), and lets it
draw the panel (`draw`; False when there are no spares left to choose from).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.app.input import MOUSE, POINT, ActionEvent
from game.core.voice import count
from game.games.tower import art, hud
from game.games.tower.choice import ai_choose, choose
from game.games.tower.data import MEGA_SLOT, ROW_SLOTS, SHAPES, TILES, row_shortage, tower_words
from game.games.tower.options import ai_difficulty
from game.games.tower.rules import MatchState, reads_plural
from game.ui import text, theme
from game.ui.draw import dim_layer, panel, prewarm_panel, seat_shape
from game.ui.tween import ease_in_out_cubic

if TYPE_CHECKING:
    from game.games.tower.scene import TowerScene

Colour = tuple[int, int, int]

PANEL = pygame.Rect(4, 88, 1272, 590)
"""The get-ready panel: the screen's width, over every catapult (each within `CATAPULT_REACH`
of its slot) and the table's name plaque (they stuck out past a narrower panel's edges)."""
REPLAY_TRIM = 24
"""Pixels the panel's bottom rises when a match is watched again: clear of the play-back bar's
strip (watch.BAR, top at 668, its strip from 658) with a few pixels to spare; the bottom lines
rise with it."""
COLUMN_GAP = 150
"""Pixels between the centres of two columns of cards (a pad over its spare)."""
PAD_TOP = PANEL.y + 136
SPARE_TOP = PAD_TOP + art.CARD_H + 30
SABS_GAP = 12
"""Screen pixels from the spare cards' feet down to the who-fires line's letters."""
SABS_LINE_GAP = 6
"""Screen pixels between the who-fires line's letters and the saboteurs' controls line's
under it (with larger text they touched)."""
LABEL_X = (150 + PANEL.centerx - 2 * COLUMN_GAP - 46) // 2
"""Centre of the row labels, in the margin left of the first column of cards."""
SPARE_COLUMNS = (0, 1, 3, 4)
"""The columns the spares stand in, left to right: under the small pads, the Mega's free."""
FIRST_SWAP = 0.45
SWAP_EVERY = 0.45
SWAP_SECONDS = 0.38
"""An AI builder's swaps: when the first starts, how far apart, how long each slides."""
DRAG_START = 8
"""Pixels the pointer moves with the button held before a press becomes a drag."""


@dataclass(frozen=True)
class Spot:
    """A card's place on the panel: a pad (`slot` of the row) or a spare (`index`)."""

    kind: str  # "pad" or "spare"
    index: int


TIMER = Spot("timer", 0)
"""The cursor's rest: confirming there turns the sand timer (the scene does it)."""


def column_x(column: int) -> int:
    """Screen x of a column's centre (column 2 is the Mega's)."""
    return PANEL.centerx + (column - MEGA_SLOT) * COLUMN_GAP


class TileChoice:
    """The builder's choice of tiles on the get-ready screen (human picker, AI's shown)."""

    def __init__(self, scene: TowerScene) -> None:
        self.scene = scene
        self.human = False
        self.cursor = TIMER
        self.selected: Spot | None = None
        self.hover: Spot | None = None
        self.press_at: tuple[int, int] | None = None
        self.drag: tuple[int, int] | None = None
        """Where the pointer holds a dragged card (None: no drag)."""
        self.note = ""
        self.note_until = 0.0
        self.started = 0.0
        self.before: tuple[list[int | None], list[int]] = ([], [])
        self.swaps: list[tuple[int, int]] = []
        """An AI builder's swaps (slot, spare), shown from `before` one after the other."""
        self.who = ""
        self.prompt_box = pygame.Rect(0, 0, 0, 0)
        """Where the prompt's outline is drawn at its highest, this frame (tests read it)."""
        self.chooser: Callable[[MatchState], list[tuple[int, int]]] | None = None
        """Makes a non-human builder's swaps (default: the AI's, `choice.ai_choose`); Watch
        again applies the replay's recorded ones instead."""

    # -- state --------------------------------------------------------------------------------

    def begin(self) -> None:
        """A get-ready screen opens: a human builder may choose; an AI builder chooses now."""
        scene = self.scene
        m = scene.match
        seat = scene.seats[m.builder]
        self.human = not seat.is_ai
        self.who = seat.name
        self.cursor, self.selected, self.hover = TIMER, None, None
        self.press_at, self.drag, self.note = None, None, ""
        self.started = scene.time
        self.before = (list(m.row), list(m.spares))
        self.swaps = []
        if not self.human and not m.is_over:
            self.swaps = (self.chooser(m) if self.chooser is not None else
                          ai_choose(m, ai_difficulty(seat.difficulty), scene.log))

    def _after(self, count: int) -> tuple[list[int | None], list[int]]:
        """The row and spares after the first `count` of the AI's swaps (for the animation)."""
        row, spares = list(self.before[0]), list(self.before[1])
        for slot, spare in self.swaps[:count]:
            old = row[slot]
            if old is None:
                row[slot] = spares.pop(spare)
            else:
                row[slot], spares[spare] = spares[spare], old
        return row, spares

    @property
    def device(self) -> str:
        """The builder's device now (a seat may change hands while the screen shows)."""
        return self.scene.seats[self.scene.match.builder].device if self.human else ""

    @property
    def active(self) -> bool:
        """A human builder is choosing (there is something to choose from)."""
        return self.human and bool(self.scene.match.spares)

    def _spots(self) -> list[Spot]:
        m = self.scene.match
        pads = [Spot("pad", s) for s in range(ROW_SLOTS) if s != MEGA_SLOT]
        return pads + [Spot("spare", i) for i in range(len(m.spares))]

    def rect(self, spot: Spot) -> pygame.Rect:
        """Where a spot's card stands on screen."""
        if spot.kind == "pad":
            w = art.card_width(spot.index)
            return pygame.Rect(column_x(spot.index) - w // 2, PAD_TOP, w, art.CARD_H)
        w = art.card_width(0)
        col = SPARE_COLUMNS[spot.index]
        return pygame.Rect(column_x(col) - w // 2, SPARE_TOP, w, art.CARD_H)

    def spot_at(self, pos: tuple[int, int]) -> Spot | None:
        """The card under a screen point, if any."""
        for spot in self._spots():
            if self.rect(spot).collidepoint(pos):
                return spot
        return None

    def _tile(self, spot: Spot) -> int | None:
        m = self.scene.match
        if spot.kind == "pad":
            return m.row[spot.index]
        return m.spares[spot.index] if spot.index < len(m.spares) else None

    def _name(self, spot: Spot) -> str:
        tid = self._tile(spot)
        return "the empty pad" if tid is None else tower_words(tid)

    # -- input --------------------------------------------------------------------------------

    def action(self, action: ActionEvent) -> bool:
        """An action while the get-ready screen shows; True when the choice used it."""
        if not self.active or action.device != self.device:
            return False
        if action.device == MOUSE:
            return self._mouse(action)
        if not action.pressed:
            return False
        if action.action in ("up", "down", "left", "right"):
            self._move(action.action)
            return True
        if action.is_("back"):
            if self.selected is not None:
                self.selected = None
            elif self.cursor != TIMER:
                self.cursor = TIMER
            else:
                return False
            return True
        if action.is_("confirm", "primary"):
            if self.cursor == TIMER:
                return False  # the scene turns the sand timer
            self._pick(self.cursor)
            return True
        return False

    def _mouse(self, action: ActionEvent) -> bool:
        pos = action.pos
        if pos is None:
            return False
        if action.action == POINT:
            self.hover = self.spot_at(pos)
            start = (self.press_at is not None and self.selected is not None
                     and math.dist(pos, self.press_at) >= DRAG_START)
            if self.drag is not None or start:
                self.drag = pos
            return self.drag is not None
        if action.action != "primary":
            if action.is_("secondary") and self.selected is not None:
                self.selected = None
                return True
            return False
        spot = self.spot_at(pos)
        if not action.pressed:  # let go: a drag ends on a card, or nowhere
            dragged, self.drag, self.press_at = self.drag, None, None
            if dragged is None:
                return spot is not None
            if spot is not None and self.selected is not None and spot != self.selected:
                self._pick(spot)
            else:
                self.selected = None
            return True
        if spot is None:
            if self._on_mega(pos):
                self._say("The Mega tile stays in the middle")
                return True
            # A click beside the cards turns the sand timer, as the prompt says; a half-made
            # swap is let go (clicking the chosen card again, or a right-click, only lets go).
            self.selected = None
            self.press_at = None
            return False  # the scene turns the sand timer
        self.press_at = pos
        self._pick(spot, from_mouse=True)
        return True

    def _on_mega(self, pos: tuple[int, int]) -> bool:
        w = art.card_width(MEGA_SLOT)
        return pygame.Rect(column_x(MEGA_SLOT) - w // 2, PAD_TOP, w, art.CARD_H).collidepoint(pos)

    def _pick(self, spot: Spot, from_mouse: bool = False) -> None:
        """Select a card, or swap it with the one selected in the other row."""
        sel = self.selected
        if sel is None or sel.kind == spot.kind:
            if sel == spot and not from_mouse:
                self.selected = None
            elif sel == spot:
                self.selected = None
                self.press_at = None
            else:
                self.selected = spot
            return
        pad, spare = (sel, spot) if sel.kind == "pad" else (spot, sel)
        m = self.scene.match
        was = m.row[pad.index]
        why = choose(m, pad.index, spare.index, self.scene.log)
        self.selected = None
        self.press_at = None
        if why is not None:
            self._say(why.reason[:1].upper() + why.reason[1:])
            return
        new = m.row[pad.index]
        assert new is not None
        goes = "go" if reads_plural(TILES[new]) else "goes"
        # "in play" (a tile called the Table read "The Table goes on the table")
        said = f"{tower_words(new)} {goes} into play" + (
            f", {tower_words(was)} beside it" if was is not None else "")
        self._say(said[:1].upper() + said[1:])
        self.scene.app.sound.play("card_slide", 0.7, 0.0)
        # The swap is done: the cursor rests on the timer again, so the next confirm turns it
        # as the prompt says (a stranger's Space, on the card just swapped, began a new swap).
        self.cursor = TIMER

    def _say(self, words: str) -> None:
        self.note, self.note_until = words, self.scene.time + 2.5

    def _move(self, direction: str) -> None:
        m = self.scene.match
        c = self.cursor
        pads = [s for s in range(ROW_SLOTS) if s != MEGA_SLOT]
        n = len(m.spares)
        if c == TIMER:  # every way but down leads onto the cards (a stranger's A and D
            # on the timer did nothing, and he took the choice for the mouse's alone)
            if direction == "down":
                return
            at = {"up": 1, "left": 0, "right": -1}[direction]
            self.cursor = Spot("spare", [*range(n)][at] if n > 1 else 0) if n \
                else Spot("pad", pads[at])
            return
        if c.kind == "pad":
            i = pads.index(c.index)
            if direction == "left":
                self.cursor = Spot("pad", pads[max(0, i - 1)])
            elif direction == "right":
                self.cursor = Spot("pad", pads[min(len(pads) - 1, i + 1)])
            elif direction == "down":
                self.cursor = Spot("spare", min(i, n - 1)) if n else TIMER
            return
        if direction == "left":
            self.cursor = Spot("spare", max(0, c.index - 1))
        elif direction == "right":
            self.cursor = Spot("spare", min(n - 1, c.index + 1))
        elif direction == "up":
            self.cursor = Spot("pad", pads[min(c.index, len(pads) - 1)])
        else:
            self.cursor = TIMER

    # -- drawing ------------------------------------------------------------------------------

    def instruction(self) -> str:
        """The line that says what to do (or what the AI builder did)."""
        if self.note and self.scene.time < self.note_until:
            return self.note
        if not self.human:
            v, seat = self.scene.voice, self.scene.match.builder
            if not self.swaps:
                return v.says(seat, "keeps", "keep", " the tiles on the table")
            shown = self._swaps_done()
            if shown < len(self.swaps):
                return v.says(seat, "is swapping", "are swapping", " tiles…")
            return f"{self.who} swapped {len(self.swaps)} tile{'s' if len(self.swaps) > 1 else ''}"
        sel = self.selected
        if sel is None and self.device != MOUSE and self.cursor == TIMER:
            word = self.scene.app.input.word_for
            moves = "/".join(word(self.device, d) for d in ("up", "left", "right"))
            if self.device.startswith("pad"):
                moves = "the stick"
            # Each step in its key (a stranger could not read "Swap tiles if you like (W/A/D
            # onto the cards)"); the prompt under it says how to turn the timer.
            c = word(self.device, "confirm")
            return f"To swap a tile: {moves} to a spare, {c}, then a pad, {c}"
        if sel is None:
            short = row_shortage(self.scene.match.row)
            if short is not None:
                # Too few of a kind for every tower at once: said now, while a tile can
                # still be swapped (`row_shortage`).
                kind, need, have = short
                name = SHAPES[kind].name.lower()
                return (f"These towers need {count(need, name)}, the tray has {have}: "
                        f"swap a tile, or turn the sand timer")
            return "Swap tiles if you like, then turn the sand timer"
        if sel.kind == "spare":
            return f"Now pick the pad for {self._name(sel)}"
        return f"Now pick the spare to put in place of {self._name(sel)}"

    def confirm_does(self) -> str:
        """What the keyboard's confirm does now, for the prompt: "" when it turns the sand
        timer, else "pick up the Viaduct", "put the Viaduct in its place" or "let go of it"."""
        c = self.cursor
        if not self.human or self.device == MOUSE or c == TIMER:
            return ""
        sel = self.selected
        if sel is None or sel.kind == c.kind:
            return "let go of it" if sel == c else f"pick up {self._name(c)}"
        return f"swap {self._name(sel)} with {self._name(c)}"

    def _swaps_done(self) -> int:
        t = self.scene.time - self.started - FIRST_SWAP
        if t < 0:
            return 0
        return min(len(self.swaps), int(t / SWAP_EVERY) + (1 if t % SWAP_EVERY >= SWAP_SECONDS
                                                            else 0))

    def shows(self) -> bool:
        """Whether the get-ready screen is this panel (there are spares to choose from)."""
        m = self.scene.match
        return bool(m.spares or self.swaps)

    def _rect(self, k: float) -> pygame.Rect:
        r = PANEL.move(0, -round((1.0 - k) * 420))
        if self.scene.replaying:
            r.h -= REPLAY_TRIM  # clear of the play-back bar along the bottom edge
        return r

    def prewarm(self) -> None:
        """The panel's big drop shadow, made before the first get-ready screen shows it (it
        was that screen's first frame's cost: 3 ms)."""
        prewarm_panel(self._rect(1.0).size, radius=22, shadow=18)

    def draw_chrome(self, surface: pygame.Surface, k: float) -> None:
        """The dimmed table and the empty panel: still once the panel is in (the view keeps
        them with the table behind, see `TowerView._draw`)."""
        surface.blit(dim_layer(surface.get_size(), hud.DIM_ALPHA), (0, 0))
        colour = self.scene.colours[self.scene.match.builder]
        panel(surface, self._rect(k), theme.INK_2, radius=22, border=colour, border_w=3,
              shadow=18)

    def draw(self, surface: pygame.Surface, prompt: str, k: float, chrome: bool = True) -> bool:
        """The panel: who builds, the pads over the spares, what to do, who fires, the prompt
        (`chrome`: with the dim and the panel itself, else they are drawn already).
        False (nothing drawn) when there are no spares to choose from."""
        scene = self.scene
        m = scene.match
        if not self.shows():
            return False
        seat = m.builder
        colour = scene.colours[seat]
        if chrome:
            self.draw_chrome(surface, k)
        dy = round((1.0 - k) * 420)
        r = self._rect(k)
        kicker = (f"ROUND {m.round} OF {m.options.rounds}  ·  TURN {m.turn + 1} OF "
                  f"{m.total_turns}")
        text.blit(surface, kicker, 14, theme.MUTED, (r.centerx, r.y + 24), "center", bold=True)
        for x in (r.x + 64, r.right - 64):
            art.draw_hourglass(surface, (x, r.y + 62), 1.0, 0.0, False, False)
        big = text.render(f"Builder: {scene.seats[seat].name}", 32, colour, bold=True,
                          shadow=True)
        by = r.y + 62
        seat_shape(surface, scene.shapes[seat], (r.centerx - big.get_width() // 2 - 22, by),
                   12, colour)
        at = big.get_rect(center=(r.centerx + 6, by))
        surface.blit(big, at)
        if scene.replaying:  # watched again: who played the seat, not the replay's stand-in
            text.blit(surface, scene.seat_label(seat), 15, theme.MUTED, (at.right + 14, by),
                      "midleft", bold=True)
        line = self.instruction()
        text.blit(surface, text.ellipsize(line, 19, r.w - 80, bold=True), 19, theme.CREAM,
                  (r.centerx, r.y + 104), "center", bold=True)
        self._label(surface, ("ON THE", "TABLE"), "build here", PAD_TOP - dy)
        self._label(surface, ("SPARES",), "swap onto a pad", SPARE_TOP - dy)
        self._draw_cards(surface, dy)
        img = text.render(prompt, 19, theme.SPARK, bold=True, shadow=True)
        # The prompt's outline at its highest (it bobs 2 px): the saboteurs' lines stand
        # clear above it at any text size (in larger text the outline cut through the hint
        # line "Ben: Press anywhere...", a stranger saw).
        centre = min(r.bottom - 28, r.bottom - 10 - (img.get_height() + 6) // 2)
        self.prompt_box = img.get_rect(center=(r.centerx, centre)).inflate(24, 6)
        self._draw_sabs(surface, r, self.prompt_box.top - 2)
        if k > 0.95:
            lift = round(2 * math.sin(scene.time * 5))
            on_timer = self.human and self.scene.seats[seat].device != MOUSE \
                and self.cursor == TIMER
            pr = img.get_rect(center=(r.centerx, centre + lift))
            if on_timer:
                # A slim outline: clear of the saboteurs' hint line above it.
                pygame.draw.rect(surface, theme.SPARK, pr.inflate(24, 6), 2, border_radius=9)
            surface.blit(img, pr)
        return True

    def _card(self, tid: int, width: int) -> pygame.Surface:
        return art.card(tid, width).base

    def _draw_cards(self, surface: pygame.Surface, dy: int) -> None:
        m = self.scene.match
        if self.human:
            row, spares = list(m.row), list(m.spares)
            moving: tuple[int, int, float] | None = None
        else:
            done = self._swaps_done()
            row, spares = self._after(done)
            moving = None
            if done < len(self.swaps):
                t = self.scene.time - self.started - FIRST_SWAP - done * SWAP_EVERY
                if t >= 0:
                    slot, spare = self.swaps[done]
                    moving = (slot, spare, ease_in_out_cubic(min(1.0, t / SWAP_SECONDS)))
        mega = m.row[MEGA_SLOT]
        if mega is not None:
            w = art.card_width(MEGA_SLOT)
            mr = pygame.Rect(column_x(MEGA_SLOT) - w // 2, PAD_TOP - dy, w, art.CARD_H)
            surface.blit(self._card(mega, w), mr)
        middle = pygame.Rect(0, 0, COLUMN_GAP - 20, art.CARD_H).move(0, SPARE_TOP - dy)
        middle.centerx = column_x(MEGA_SLOT)
        self._draw_middle(surface, middle)
        late: list[tuple[pygame.Surface, pygame.Rect]] = []
        for spot in self._spots():
            tid = row[spot.index] if spot.kind == "pad" else (
                spares[spot.index] if spot.index < len(spares) else None)
            rect = self.rect(spot).move(0, -dy)
            if tid is None:
                pygame.draw.rect(surface, theme.LINE, rect, 2, border_radius=10)
                text.blit(surface, "empty", 13, theme.MUTED, rect.center, "center")
                continue
            img = self._card(tid, rect.w)
            if moving is not None and (spot == Spot("pad", moving[0])
                                       or spot == Spot("spare", moving[1])):
                other = self.rect(Spot("spare", moving[1]) if spot.kind == "pad"
                                  else Spot("pad", moving[0])).move(0, -dy)
                p = moving[2]
                x = round(rect.x + (other.x - rect.x) * p)
                y = round(rect.y + (other.y - rect.y) * p - math.sin(p * math.pi) * 30)
                late.append((img, pygame.Rect(x, y, rect.w, rect.h)))
                continue
            if self.drag is not None and self.press_at is not None and spot == self.selected:
                ghost = img.copy()
                ghost.set_alpha(90)
                surface.blit(ghost, rect)
                late.append((img, rect.move(self.drag[0] - self.press_at[0],
                                            self.drag[1] - self.press_at[1])))
                continue
            lift = 6 if spot == self.selected else 0
            surface.blit(img, rect.move(0, -lift))
            if spot.kind == "pad" and self.before[0] and tid != self.before[0][spot.index]:
                # swapped in this time: everyone sees which towers are new on the table
                pygame.draw.rect(surface, theme.SPARK, rect.move(0, -lift).inflate(6, 6), 2,
                                 border_radius=11)
            self._outline(surface, spot, rect.move(0, -lift))
        for img, rect in late:
            surface.blit(img, rect)
            pygame.draw.rect(surface, theme.SPARK, rect.inflate(8, 8), 3, border_radius=12)

    def _outline(self, surface: pygame.Surface, spot: Spot, rect: pygame.Rect) -> None:
        if not self.human:
            return
        colour = self.scene.colours[self.scene.match.builder]
        if spot == self.selected:
            pygame.draw.rect(surface, colour, rect.inflate(12, 12), 4, border_radius=13)
        elif self.selected is not None and self.selected.kind != spot.kind:
            pygame.draw.rect(surface, theme.CREAM, rect.inflate(8, 8), 1, border_radius=11)
        if self.device != MOUSE and spot == self.cursor:
            pygame.draw.rect(surface, theme.SPARK, rect.inflate(18, 18), 3, border_radius=15)
        elif self.device == MOUSE and spot == self.hover and spot != self.selected:
            pygame.draw.rect(surface, theme.SPARK, rect.inflate(10, 10), 2, border_radius=12)

    def _label(self, surface: pygame.Surface, lines: tuple[str, ...], sub: str,
               top: int) -> None:
        """A row's name in the margin on its left, with a word on what it is for."""
        width = LABEL_X - 150 - 12
        y = top + art.CARD_H // 2 - 10 * len(lines)
        for line in lines:
            text.blit(surface, line, 14, theme.SPARK, (LABEL_X, y), "center", bold=True)
            y += text.line_height(14, bold=True)
        for line in text.wrap(sub, 12, 2 * width):
            text.blit(surface, line, 12, theme.MUTED, (LABEL_X, y + 4), "center")
            y += text.line_height(12)

    def _draw_middle(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """Under the Mega: what the lower row is, with arrows that say swap."""
        cx = r.centerx
        col = theme.MUTED
        for side in (-1, 1):
            x = cx + side * 30
            y0, y1 = r.y + 28, r.y + 72
            pygame.draw.line(surface, col, (x, y0), (x, y1), 3)
            tip = y0 if side < 0 else y1
            d = 1 if side < 0 else -1
            head = [(x, tip), (x - 7, tip + 9 * d), (x + 7, tip + 9 * d)]
            pygame.draw.polygon(surface, col, head)
        text.blit(surface, "SWAP", 13, theme.MUTED, (cx, r.y + 100), "center", bold=True)

    def saboteur_hints(self) -> list[str]:
        """Each human saboteur's controls ("Ben: pull back from your catapult..."), as the
        plain get-ready panel says them; none for AI seats or a match watched again."""
        scene = self.scene
        if scene.replaying:
            return []
        out = []
        for s in scene.match.saboteurs():
            seat = scene.seats[s]
            if not seat.is_ai:
                out.append(f"{seat.name}: {scene.saboteur_hint(seat.device)}")
        return out

    def _draw_sabs(self, surface: pygame.Surface, r: pygame.Rect, floor: int) -> None:
        """One line: who fires from where, with how many dice; under it the human saboteurs'
        controls, both above `floor` (the prompt's outline at its highest)."""
        scene = self.scene
        m = scene.match
        parts: list[tuple[str, Colour, str]] = []
        for s in m.saboteurs():
            where = m.catapult_words(s)
            who = f" ({scene.seat_label(s)})" if scene.replaying else ""
            parts.append((f"{scene.seats[s].name} · {where}{who}", scene.colours[s],
                          scene.shapes[s]))
        head = f"Saboteurs, {m.dice_per_saboteur()} dice each:"
        hints = self.saboteur_hints()
        feet = SPARE_TOP + art.CARD_H
        size = 15
        while True:
            # The controls line shrinks with the who-fires line once that is under 13 (room
            # for the gap between them with larger text).
            small = min(13, size)
            line = text.ellipsize("   ·   ".join(hints), small, r.w - 80) if hints else ""
            img = text.render(line, small, theme.MUTED)
            ink = img.get_bounding_rect(min_alpha=40)
            imgs = [text.render(p[0], size, theme.CREAM, bold=True) for p in parts]
            hi = text.render(head, size, theme.SPARK, bold=True)
            width = hi.get_width() + sum(i.get_width() + 42 for i in imgs)
            head_ink = hi.get_bounding_rect(min_alpha=40)
            # Both lines between the spares' feet (SABS_GAP under them: with larger text and a
            # couch saboteur's controls, "Saboteurs, 4 dice each" touched the cards) and the
            # floor: smaller where they do not fit.
            tall = feet + SABS_GAP + head_ink.h + (SABS_LINE_GAP + ink.h if hints else 0) \
                > floor - 3
            if (width <= r.w - 60 and not tall) or size <= 11:
                break
            size -= 1
        x = r.centerx - width // 2
        y = max(r.bottom - 79, SPARE_TOP + art.CARD_H + 16)  # under the spares, trimmed too
        least = feet + SABS_GAP - head_ink.top + hi.get_height() // 2
        y = max(y, least)
        if hints:
            # Its letters' foot 3 px over the floor, the who-fires line over them.
            top = min(y + 21 - img.get_height() // 2, floor - 3 - ink.bottom)
            y = max(least, min(y, top + ink.top - SABS_LINE_GAP - head_ink.bottom
                               + hi.get_height() // 2))
            top = max(top, y - hi.get_height() // 2 + head_ink.bottom + SABS_LINE_GAP
                      - ink.top)
            at = img.get_rect(midtop=(r.centerx, top))
            surface.blit(img, at)
            text.note(surface, at, line, img)
        at = hi.get_rect(midleft=(x, y))
        surface.blit(hi, at)
        text.note(surface, at, head, hi)
        x += hi.get_width() + 20
        for (words, colour, shape), img in zip(parts, imgs, strict=True):
            seat_shape(surface, shape, (x + 7, y), 7, colour)
            at = img.get_rect(midleft=(x + 20, y))
            surface.blit(img, at)
            text.note(surface, at, words, img)
            x += img.get_width() + 42
