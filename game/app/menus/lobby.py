"""The lobby every game shares: seats (human or AI, name, colour, device) and options."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.app.catalogue import (
    DEFAULT_NAMES,
    DIFFICULTIES,
    GameInfo,
    MatchSetup,
    Option,
    Seat,
    default_setup,
)
from game.app.gui import MenuScene, NavItem
from game.app.input import KEYS1, KEYS2, MOUSE, device_label
from game.app.menus.common import GAP, Stepper, header, section, section_title_rect
from game.app.menus.confirm import ConfirmDialog
from game.core.rng import new_seed
from game.ui import text, theme
from game.ui.draw import seat_shape

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.app.app import App
    from game.app.input import ActionEvent
    from game.core.saves import SaveGame

#: What a seat button steps through: the AIs from easiest, then a person.
KINDS = tuple(f"ai:{d}" for d in DIFFICULTIES) + ("human",)
ROW_H = 62
NOTICE_S = 8.0
"""How long the lobby's own notice (a seat renamed for a couch) stays under the players."""
KIND_TIP = "click a player's kind to change it: Human or AI (Easy, Medium, Hard)"
"""Said beside the players' heading: the kind button cycles."""
KIND_TIPS = (KIND_TIP, "click a kind to change it: Human or AI (Easy, Medium, Hard)")
"""The heading's hint, longest first: the first that fits on its line is said (with larger text
the long one did not fit, and the lobby dropped the hint)."""
OPTION_ROWS = 10
"""The first option's row in the keys' grid: after every player row and "+ Add player"."""
SEATS_X, SEATS_Y = 64, 168
#: Why the only person's seat has no working "x" (its tooltip, and the line a click on it shows).
LAST_HUMAN = "The only person playing keeps their seat: make another seat Human first."
#: A newcomer's first table in every game: a duel against one Easy AI (the quickest match to
#: learn, and the one the Easy level is tuned for). Seats are added with one click.
FIRST_TABLE = 2
#: The lobby's name for the first human; on a couch two people cannot both be "You".
SOLO_NAME = "You"
#: A seat row's columns in the keys' grid, left to right; the options' own column after them.
COL_SWATCH, COL_NAME, COL_KIND, COL_DEVICE, COL_REMOVE, COL_OPTION = range(6)
#: The row of Back and Start in the keys' grid, under everything.
LAST_ROW = 20
#: The options' section: its left edge and width, and one stepper's row height.
OPTIONS_X, OPTIONS_W, OPTION_H = 780, 436, 52


def kind_label(k: str) -> str:
    return "Human" if k == "human" else f"AI: {k.split(':')[1].capitalize()}"


class LobbyScene(MenuScene):
    scene_id = "lobby"

    def __init__(self, app: App, info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        self.error = ""
        self.pointer: tuple[int, int] = (-1, -1)  # logical mouse position, for the option help
        self.last_option = ""  # the option changed last, whose help is shown when not all fit
        self.setup = self._initial_setup()
        #: Seats renamed for a couch (by id): the name given, undone when one person is left.
        self.renamed: dict[int, str] = {}
        #: A line under the players saying what the lobby did by itself, and until when.
        self.notice: tuple[str, float] | None = None
        #: The top option a first Up stopped on (a second Up goes over to the players).
        self._couch_names()  # a remembered couch table with one person left: "You" again

    def _initial_setup(self) -> MatchSetup:
        """The last setup used for this game, cleaned against the game's current rules."""
        last = self.app.settings.last_setup.get(self.info.id)
        setup = default_setup(self.info, 0, players=FIRST_TABLE)
        if isinstance(last, dict):
            try:
                seats = [Seat.from_dict(s, i) for i, s in enumerate(last.get("seats", []))
                         if isinstance(s, dict)]
                if self.info.min_players <= len(seats) <= self.info.max_players:
                    setup.seats = seats
                opts = last.get("options", {})
                setup.options = self.info.clean_options(opts if isinstance(opts, dict) else {})
            except (TypeError, ValueError, AttributeError):
                pass
        return setup

    # Widgets ---------------------------------------------------------------------------
    def build(self) -> None:
        self.name_fields: list[pygame_gui.elements.UITextEntryLine] = []
        seats = self.setup.seats
        for i, seat in enumerate(seats):
            y = SEATS_Y + 40 + i * ROW_H
            self.button((SEATS_X + 16, y + 4, 44, 44), "", partial(self._cycle_colour, i),
                        object_id="#swatch", row=i, col=0, tooltip="Change colour")
            field = NameField(pygame.Rect(SEATS_X + 70, y + 6, 190, 40), self.manager)
            field.set_text_length_limit(14)
            field.set_text(seat.name)
            self.track(field)
            self.name_fields.append(field)
            # The name is a stop of the keys too (Right from the colour skipped it): Enter
            # there starts typing, Enter or Esc ends it.
            self.nav.add(NavItem(pygame.Rect(field.rect), partial(self._edit_name, i), row=i,
                                 col=COL_NAME, element=field, tooltip="Type a name"))
            kind = "human" if not seat.is_ai else f"ai:{seat.difficulty}"
            if kind not in KINDS:
                kind = "ai:medium"
            self.button((SEATS_X + 272, y + 6, 170, 40), kind_label(kind),
                        partial(self._cycle_kind, i, 1), object_id="#small", row=i,
                        col=COL_KIND)
            if not seat.is_ai:
                self.button((SEATS_X + 452, y + 6, 190, 40),
                            device_label(seat.device),
                            partial(self._cycle_device, i), object_id="#small", row=i,
                            col=COL_DEVICE, tooltip="Which controls this player uses")
                # a click or Enter goes forward (Mouse, Keys (left), Keys (right), Gamepad
                # 1...); Left/Right at a seat row move between its controls (a stranger's
                # Right stuck on the device button changing it instead of reaching the "x")
            if len(seats) > self.info.min_players:
                # The only person at the table keeps their seat: its "x" is greyed and the keys
                # pass it by (Right x3 from a stranger's colour removed them, with no undo).
                keep = self._last_human(i)
                self.button((SEATS_X + 652, y + 8, 36, 36), "x", partial(self._remove, i),
                            object_id="#arrow", row=i, col=COL_REMOVE, enabled=not keep,
                            tooltip=LAST_HUMAN if keep else "Remove this player")
        n = len(seats)
        if n < self.info.max_players:
            self.button(self.add_rect(), "+ Add player", self._add, object_id="#small", row=n,
                        col=0)
        # Options: in the keys' order after the players (rows OPTION_ROWS..), so Up from the
        # first option reaches the players and Down from them the options (a stranger on the
        # keyboard could not get from the options to the players' device button).
        self.steppers: list[Stepper] = []
        for j, opt in enumerate(self.info.options):
            row = self._option_row(j)
            stepper = Stepper(self, row.x + 24, row.y, 404, opt.label, opt.choices,
                    self.setup.options.get(opt.key, opt.default),
                    partial(self._set_option, opt.key), fmt=opt.label_for,
                    row=OPTION_ROWS + j, col=COL_OPTION, label_w=190)
            self.steppers.append(stepper)
        self.button((64, 650, 160, 44), "Back", self.on_back, object_id="#small", row=LAST_ROW,
                    col=0)
        self.start_button = self.button((1216 - 260, 640, 260, 56), "Start game", self._start,
                                        object_id="#primary", row=LAST_ROW, col=1)
        self.nav.focus(self.nav.items[-1])

    def _sync_names(self) -> None:
        for seat, field in zip(self.setup.seats, getattr(self, "name_fields", []), strict=False):
            name = field.get_text().strip()
            seat.name = name[:14] if name else seat.name

    def _refresh(self) -> None:
        self._sync_names()
        self.error = ""
        self.rebuild()

    def _cycle_colour(self, i: int) -> None:
        seat = self.setup.seats[i]
        used = {s.colour for j, s in enumerate(self.setup.seats) if j != i}
        cur = theme.SEAT_COLOURS.index(seat.colour) if seat.colour in theme.SEAT_COLOURS else -1
        for k in range(1, len(theme.SEAT_COLOURS) + 1):
            cand = theme.SEAT_COLOURS[(cur + k) % len(theme.SEAT_COLOURS)]
            if cand not in used:
                seat.colour = cand
                break
        self._refresh()

    def _cycle_kind(self, i: int, d: int) -> None:
        seat = self.setup.seats[i]
        cur = "human" if not seat.is_ai else f"ai:{seat.difficulty}"
        nxt = KINDS[(KINDS.index(cur) + d) % len(KINDS)] if cur in KINDS else "human"
        if nxt == "human":
            seat.kind = "human"
            seat.device = self._free_device(i, seat.device)
        else:
            seat.kind = "ai"
            seat.difficulty = nxt.split(":")[1]
        self._sync_names()
        self._couch_names()
        self.error = ""
        self.rebuild()

    def _couch_names(self) -> None:
        """With two or more humans at the screen, nobody is called "You" (every sentence would
        say "Ben, You set a Firestorm on you!"): such a seat takes a free name."""
        humans = [s for s in self.setup.seats if not s.is_ai]
        renamed = self.renamed
        if len(humans) < 2:  # one person again: the seat renamed for the couch is You again
            profile = self.app.settings.profile.strip()
            auto = {n.casefold() for n in (*DEFAULT_NAMES, profile)}
            for seat in self.setup.seats:
                if renamed.get(id(seat)) == seat.name or (
                        seat.profile and not seat.is_ai and seat.name.casefold() in auto):
                    # renamed here, or in the couch match this lobby's setup remembers (its
                    # mark is the profile's: a stranger's lone seat stayed "Cleo" next time)
                    seat.name = SOLO_NAME
                seat.profile = False
            renamed.clear()
            self.notice = None  # what it said is undone
            return
        taken = {s.name.casefold() for s in self.setup.seats}
        profile = self.app.settings.profile.strip()
        profile = "" if profile == "Player" else profile  # the settings' unnamed default
        for seat in humans:
            if seat.name.strip().casefold() != SOLO_NAME.casefold():
                continue
            pool = ((profile,) if profile else ()) + DEFAULT_NAMES
            name = next((n for n in pool
                         if n.casefold() not in taken and n.casefold() != SOLO_NAME.casefold()),
                        f"Player {self.setup.seats.index(seat) + 1}")
            seat.name = name[:14]
            # The first "You" renamed is the profile's own seat (its statistics stay one).
            seat.profile = not any(s.profile for s in self.setup.seats)
            renamed[id(seat)] = seat.name
            taken.add(name.casefold())
            self.notice = (f'Several people at this screen: "{SOLO_NAME}" is now '
                           f'"{seat.name}" (type another name in its field).',
                           self.app.time + NOTICE_S)

    def _free_device(self, i: int, start: str) -> str:
        devices = self.app.input.devices()
        used = {s.device for j, s in enumerate(self.setup.seats) if j != i and not s.is_ai}
        if start in devices and start not in used:
            return start
        return next((d for d in devices if d not in used), devices[0])

    def _cycle_device(self, i: int, d: int = 1) -> None:
        """Seat i's next free device (`d` 1: forward in the devices' order; -1: back)."""
        seat = self.setup.seats[i]
        devices = self.app.input.devices()
        used = {s.device for j, s in enumerate(self.setup.seats) if j != i and not s.is_ai}
        idx = devices.index(seat.device) if seat.device in devices else (-1 if d > 0 else 0)
        for k in range(1, len(devices) + 1):
            cand = devices[(idx + d * k) % len(devices)]
            if cand not in used:
                seat.device = cand
                break
        self._refresh()

    def _last_human(self, i: int) -> bool:
        """Whether seat i is the only person's seat at the table (the rest are AIs)."""
        seats = self.setup.seats
        return not seats[i].is_ai and sum(not s.is_ai for s in seats) == 1

    def _focus_row(self, i: int) -> None:
        """Put the keys' focus on seat i's row (its kind button: what a new seat is changed
        by first), so the row the player just made or reached is the one they act on."""
        row = [it for it in self.nav.items if it.row == i and it.col == COL_KIND and it.enabled]
        if row:
            self.nav.focus(row[0])

    def _remove(self, i: int) -> None:
        if not 0 <= i < len(self.setup.seats):
            return
        if self._last_human(i):  # a click that reached it anyway: say why nothing happened
            self.error = LAST_HUMAN
            self.app.sound.play("ui_error")
            return
        if len(self.setup.seats) > self.info.min_players:
            self._sync_names()  # the fields go with their seats: the others keep their names
            self.setup.seats.pop(i)
            del self.name_fields[i:i + 1]
            self._refresh()
            # Not on whatever now stands at the old index (another row's "x" under Enter).
            self._focus_row(min(i, len(self.setup.seats) - 1))

    def _add(self) -> None:
        n = len(self.setup.seats)
        if n >= self.info.max_players:
            return
        used = {s.colour for s in self.setup.seats}
        colour = next(c for c in theme.SEAT_COLOURS if c not in used)
        names = {s.name for s in self.setup.seats}
        name = next((nm for nm in DEFAULT_NAMES if nm not in names), f"Player {n + 1}")
        self.setup.seats.append(Seat(name, colour, "ai", "easy"))
        self._refresh()
        self._focus_row(n)  # the keys follow the new seat (they stayed where the button was)

    def _set_option(self, key: str, value: object) -> None:
        self.setup.options[key] = value
        self.last_option = key

    # Start -----------------------------------------------------------------------------
    def validate(self) -> str:
        seats = self.setup.seats
        if not self.info.min_players <= len(seats) <= self.info.max_players:
            return (f"{self.info.title} needs {self.info.min_players}-"
                    f"{self.info.max_players} players.")
        devices = [s.device for s in seats if not s.is_ai]
        if len(devices) != len(set(devices)):
            return "Two humans share one device: give each human their own controls."
        missing = [d for d in devices if d not in self.app.input.devices()]
        if missing:
            return f"{device_label(missing[0])} is not connected."
        return ""

    def _start(self) -> None:
        from game.app.launch import start_game, unfinished_save

        self._sync_names()
        self._couch_names()
        self.error = self.validate()
        if self.error:
            self.app.sound.play("ui_error")
            return
        self.setup.seed = new_seed()
        self.app.settings.last_setup[self.info.id] = {
            "seats": [s.to_dict() for s in self.setup.seats], "options": dict(self.setup.options)}
        self.app.save_settings()
        unfinished = unfinished_save(self.app, self.info)
        if unfinished is not None:  # a new match would write over it: ask first
            self.app.push(replace_save_dialog(
                self.app, self.info, unfinished,
                lambda: start_game(self.app, self.info, self.setup, closing_dialog=True)))
            return
        start_game(self.app, self.info, self.setup)

    def still_key(self) -> Hashable:
        return len(self.setup.seats)

    def add_rect(self) -> pygame.Rect:
        """Where "+ Add player" is: in the last seat's row, whatever the number of seats, so it
        stays under the pointer as seats fill the rows above it (it moved down a row a click,
        and a quick second click landed on the new seat's buttons). The last seat takes its
        place when the table is full."""
        return pygame.Rect(SEATS_X + 16, SEATS_Y + 48 + (self.info.max_players - 1) * ROW_H,
                           200, 42)

    def _players_rect(self) -> pygame.Rect:
        """The players' panel: a row for each seat the game allows (the last holds "+ Add
        player" until it is taken), so it never grows under the pointer either."""
        return pygame.Rect(SEATS_X, SEATS_Y, 700, 60 + max(self.info.max_players, 4) * ROW_H)

    def _panels(self) -> list[pygame.Rect]:
        """The players' panel, and the options' when the game has options."""
        panels = [self._players_rect()]
        if self.info.options:
            panels.append(pygame.Rect(OPTIONS_X, SEATS_Y, OPTIONS_W,
                                      60 + len(self.info.options) * OPTION_H))
        return panels

    def tip_panels(self) -> Sequence[pygame.Rect]:
        return self._panels()

    def _kind_hint(self) -> tuple[str, int, tuple[int, int]] | None:
        """The players' heading's hint: its line, text size and bottom-left point (the
        longest of `KIND_TIPS` that fits beside the heading), or None when none fits."""
        players = self._players_rect()
        head = section_title_rect(players, self._players_title())
        room = players.right - 20 - (head.right + 16)
        for tip in KIND_TIPS:
            size, lines = text.fit(tip, 14, room, text.line_height(14))
            if len(lines) == 1 and not lines[0].endswith("…"):
                return lines[0], size, (head.right + 16, head.bottom)
        return None

    def _players_title(self) -> str:
        return f"Players ({self.info.min_players}-{self.info.max_players})"

    def tip_keep_clear(self) -> Sequence[pygame.Rect]:
        """The sections' headings and the players' hint line: a tooltip never covers them
        (the device button's tip covered "click a player's kind to change it")."""
        panels = self._panels()
        titles = [self._players_title(), "Options"]
        keep = [section_title_rect(p, t).inflate(4, 4)
                for p, t in zip(panels, titles, strict=False)]
        hint = self._kind_hint()
        if hint is not None:
            line, size, at = hint
            r = text.render(line, size, theme.MUTED).get_rect(bottomleft=at)
            keep.append(r.inflate(4, 4))
        return keep

    def draw_still(self, surface: pygame.Surface) -> Sequence[pygame.Rect]:
        top = header(surface, self.info.title, "Set the table")
        panels = self._panels()
        section(surface, panels[0], self._players_title())
        # How a seat becomes a person or another AI: a stranger found the second person only
        # by clicking "AI: Easy" round to "Human".
        hint = self._kind_hint()
        if hint is not None:
            line, size, at = hint
            text.blit(surface, line, size, theme.MUTED, at, "bottomleft")
        players = panels[0]
        # ...and off the notice under the players (a couch seat renamed).
        quiet = [*panels, pygame.Rect(players.x, players.bottom + 8, players.w, 48)]
        if self.info.options:
            section(surface, panels[1], "Options")
            # The options' help below their panel: the drifting embers keep off it too (a
            # stranger saw dots over the words).
            quiet.append(self._help_area().inflate(0, 12))
        return [top, *quiet]

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)  # the seats' shapes are drawn over the widgets
        if self.notice is not None and self.app.time < self.notice[1]:
            # Under the players, where it happened (a toast at the top covered the title).
            y = self._players_rect().bottom + 12
            step = text.line_height(16)
            x, width = SEATS_X + 6, 690
            if y + 2 * step > 646:  # a tall players' panel: beside Back, not over it
                x, width = 244, 520
            for i, line in enumerate(text.wrap(self.notice[0], 16, width)[:2]):
                text.blit(surface, line, 16, theme.SPARK, (x, y + i * step))
        if self.info.options:
            self._draw_option_help(surface)
        if self.error:
            text.blit(surface, self.error, 18, theme.BLAST, (940, 624), "bottomright", bold=True)

    def _help_area(self) -> pygame.Rect:
        """Where the options' help is written, under their panel."""
        top = SEATS_Y + 60 + len(self.info.options) * OPTION_H + 14
        return pygame.Rect(OPTIONS_X, top, OPTIONS_W, 600 - top)

    def _draw_option_help(self, surface: pygame.Surface) -> None:
        """What each option means, under the options panel, so "Closing rule: Off" is explained
        where it is chosen. Every option's help when it fits at a readable size; when it does not
        (larger text, many options) the help of the option pointed at or moved to, at full size,
        so larger text really is larger."""
        area = self._help_area()
        top, bottom = area.top, area.bottom
        paragraphs = [f"{o.label}: {self._option_help(o)}" for o in self.info.options
                      if o.help]
        for size in (14, 13):
            step = text.line_height(size)
            need = sum(len(text.wrap(par, size, 420)) * step + 6 for par in paragraphs)
            if top + need <= bottom:
                self._blit_paragraphs(surface, paragraphs, size, top, bottom)
                return
        # one option's help, whole: down to the Start button and a size smaller when it must
        # (with larger text a long help, Kaboom! cards' "Time to slap", fitted nowhere and
        # was left out without a word)
        opt = self.info.options[self._help_index()]
        shown = [f"{opt.label}: {self._option_help(opt)}"] if opt.help else []
        point = "Point at an option, or move to it, to read what it means."
        last = self.start_button.rect.top - 8
        for size in (14, 13, 12):
            lines = sum(len(text.wrap(par, size, 420)) for par in shown)
            if top + lines * text.line_height(size) + text.line_height(13) <= last:
                break
        y = self._blit_paragraphs(surface, shown, size, top, last)
        if y + text.line_height(13) <= last:
            text.blit(surface, point, 13, theme.MUTED, (788, y))

    def _option_help(self, opt: Option) -> str:
        """An option's help for the value chosen now (`Option.help_for`)."""
        return opt.help_for(self.setup.options.get(opt.key, opt.default))

    @staticmethod
    def _blit_paragraphs(surface: pygame.Surface, paragraphs: list[str], size: int, top: int,
                         bottom: int) -> int:
        """Wrapped paragraphs from `top`, none past `bottom`; the y under the last."""
        step = text.line_height(size)
        y = top
        for par in paragraphs:
            lines = text.wrap(par, size, 420)
            if y + len(lines) * step > bottom:
                break
            for line in lines:
                text.blit(surface, line, size, theme.MUTED, (788, y))
                y += step
            y += 6
        return y

    @staticmethod
    def _option_row(j: int) -> pygame.Rect:
        """Where option `j`'s stepper row is: the one geometry its widgets, its section and
        its pointed-at help share."""
        return pygame.Rect(OPTIONS_X, SEATS_Y + 44 + j * OPTION_H, OPTIONS_W, OPTION_H)

    def _help_index(self) -> int:
        """The option whose help is shown when not all fit: the one the keys or pad focus, else
        the one under the pointer, else the last changed, else the first."""
        rows = [self._option_row(j) for j in range(len(self.info.options))]
        item = self.nav.focused if self.nav.visible else None
        for j, r in enumerate(rows):  # by its middle: a focus rect may reach the row above
            if item is not None and r.collidepoint(item.rect.center):
                return j
        for j, r in enumerate(rows):
            if r.collidepoint(self.pointer):
                return j
        keys = [o.key for o in self.info.options]
        return keys.index(self.last_option) if self.last_option in keys else 0

    def _edit_name(self, i: int) -> None:
        """Start typing seat i's name (the keys' Enter on its field)."""
        if 0 <= i < len(self.name_fields):
            self.manager.set_focus_set(self.name_fields[i])

    def _editing(self) -> pygame_gui.elements.UITextEntryLine | None:
        """The name field being typed in, if any."""
        return next((f for f in getattr(self, "name_fields", []) if f.is_focused), None)

    def _stop_editing(self) -> None:
        self.manager.set_focus_set(None)
        self._sync_names()

    def handle_action(self, action: ActionEvent) -> bool:
        """The lobby's arrows, predictable in every game (strangers: Up from "Rounds" jumped to
        an AI button, Down from "+ Add player" into the options, a seat's device button took
        trial and error). Up and Down go through a panel in reading order, to the next panel
        only past its ends (`_vertical`); Left and Right go along a seat's buttons (colour,
        name, kind, device, remove) and stop at the row's ends, and on an option change its
        value; Tab and Shift+Tab go from panel to panel (`_tab`)."""
        editing = self._editing()
        if editing is not None and action.device in (KEYS1, KEYS2) and action.pressed:
            # Typing a name: the letters are the name's, not moves (keys1's WASD); Esc ends it.
            if action.is_("back", "pause"):
                self._stop_editing()
            return True
        cur = self.nav.focused
        dirs = {"up": -1, "down": 1, "left": -1, "right": 1}
        if (action.device == MOUSE or not action.pressed or not self.nav.visible
                or cur is None or action.action not in dirs):
            return super().handle_action(action)
        d = dirs[action.action]
        if action.action in ("left", "right"):
            if cur.on_left if d < 0 else cur.on_right:
                return super().handle_action(action)  # a stepper's value
            target = self._along_row(cur, d)
        else:
            target = self._vertical(cur, d)
        if target is None:
            return True  # the end of the row, or of the screen: the focus stays
        self.nav.focus(target)
        self.app.sound.play("ui_hover", 0.6)
        return True

    # Panels ------------------------------------------------------------------------------
    def _stops(self, panel: int) -> list[NavItem]:
        """The keys' stops in a panel: enabled items that do something."""
        return [it for it in self.nav.items
                if it.enabled and self._panel_of(it) == panel
                and (it.on_confirm or it.on_left or it.on_right)]

    def _along_row(self, cur: NavItem, d: int) -> NavItem | None:
        """Left/Right: the next of the row's own buttons that way (a seat's colour, name, kind,
        device, remove; Back and Start), None at the row's end (the options are Tab away: Left
        there changes a value, so Right into them was a way with no way back)."""
        row = [it for it in self._stops(self._panel_of(cur))
               if it.row == cur.row and (it.col - cur.col) * d > 0]
        return min(row, key=lambda it: abs(it.col - cur.col)) if row else None

    @staticmethod
    def _nearest_x(items: list[NavItem], cur: NavItem) -> NavItem:
        """The item of a row in the focus's column: one standing over or under it, its left
        edge nearest (a seat's name under the name), else the nearest across."""
        a = cur.rect

        def key(it: NavItem) -> tuple[int, int]:
            b = it.rect
            gap = max(0, b.left - a.right, a.left - b.right)
            return (gap, abs(b.left - a.left))
        return min(items, key=key)

    def _vertical(self, cur: NavItem, d: int) -> NavItem | None:
        """Up/Down: the next row of the panel in reading order (its button nearest the focus's
        column), and past the panel's ends the panel that way: Down from the players' or the
        options' last row is Back or Start under it; Up from Back or Start the panel over
        it; Up from the first option the players' row level with it; Up from the first seat
        and Down from Back or Start go round the screen (the first seat row, Start)."""
        here = self._panel_of(cur)
        stops = self._stops(here)
        rows = sorted({it.row for it in stops if (it.row - cur.row) * d > 0},
                      key=lambda r: abs(r - cur.row))
        if rows:
            return self._nearest_x([it for it in stops if it.row == rows[0]], cur)
        if here in (0, 1) and d > 0:  # under the players Back, under the options Start
            bar = sorted(self._stops(2), key=lambda it: it.col)
            return (bar[-1] if here == 1 else bar[0]) if bar else None
        if here == 2 and d < 0:
            return self.nav.toward(0, -1)  # the last row of the panel over Back or Start
        if here == 1:  # Up from the first option: the players' row nearest on screen
            seats = self._stops(0)
            if not seats:
                return None
            row = min(seats, key=lambda it: abs(it.rect.centery - cur.rect.centery)).row
            return self._nearest_x([it for it in seats if it.row == row], cur)
        return self._panel_entry(2 if d < 0 else 0)  # round the screen

    def _panel_of(self, it: NavItem) -> int:
        """Which panel an item is in, in the keys' order: 0 the players (seat rows and "+ Add
        player"), 1 the options, 2 Back and Start."""
        if it.row == LAST_ROW:
            return 2
        return 1 if it.col == COL_OPTION else 0

    def _panel_entry(self, panel: int, last: bool = False) -> NavItem | None:
        """Where the focus lands coming into a panel: the players' first (or last) seat row's
        kind button, the first (or last) option, Start."""
        items = self._stops(panel)
        if not items:
            return None
        if panel == 0:
            seats = [it for it in items if it.col == COL_KIND]
            return max(seats, key=lambda it: it.row) if last else min(seats, key=lambda it: it.row)
        if panel == 1:
            return max(items, key=lambda it: it.row) if last else min(items, key=lambda it: it.row)
        return max(items, key=lambda it: it.col)  # Start game

    def _tab(self, back: bool) -> None:
        """Tab (Shift+Tab back): the focus to the next panel, the players, the options, Back
        and Start, round again."""
        cur = self.nav.focused
        panels = [p for p in (0, 1, 2) if self._panel_entry(p) is not None]
        here = self._panel_of(cur) if cur is not None and self.nav.visible else -1
        if here not in panels:
            nxt = panels[-1] if back else panels[0]
        else:
            nxt = panels[(panels.index(here) + (-1 if back else 1)) % len(panels)]
        target = self._panel_entry(nxt)
        if target is not None:
            self.nav.visible = True
            self.nav.focus(target)
            self.app.sound.play("ui_hover", 0.6)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in LEAVE_KEYS and self._editing() is not None:
            # Up, Down, Tab, or Right past the name's end (`NameField`) leave the field as they
            # leave any control: a player going through the lobby by arrows was stuck in it
            self._stop_editing()
            if event.key != pygame.K_TAB:
                return False  # the arrow's action moves the focus on (`handle_action`)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self._editing() is None:
            # Tab cycles the panels (it is the left keys' Back elsewhere: Esc still leaves)
            self._tab(back=bool(event.mod & pygame.KMOD_SHIFT))
            return True
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos  # logical: the option pointed at has its help shown
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in getattr(
                self, "name_fields", []):
            self._stop_editing()  # Enter ends the typing; the ring is on the name again
            return True
        return super().handle_event(event)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        super().draw_overlay(surface)
        self._draw_value_hint(surface)
        for i, seat in enumerate(self.setup.seats):
            y = SEATS_Y + 40 + i * ROW_H
            seat_shape(surface, self.app.seat_shape(i, seat.colour), (SEATS_X + 38, y + 26), 15,
                       self.app.seat_colour(i, seat.colour))


    def focused_stepper(self) -> Stepper | None:
        """The option the keys' ring is on, if it is on one."""
        cur = self.nav.focused if self.nav.visible else None
        return next((st for st in getattr(self, "steppers", []) if st.item is cur), None)

    def _draw_value_hint(self, surface: pygame.Surface) -> None:
        """On the option the keys are on, small triangles either side of its value, pointing
        to its arrows: Left and Right change it here (in the players they move along a row,
        and a stranger did not know which they did). Drawn, not typed: no font's glyphs."""
        stepper = self.focused_stepper()
        if stepper is None:
            return
        r = stepper.value_rect
        w, h = max(3, GAP // 2 + 1), max(6, text.px(10))
        for d, edge in ((-1, r.left - GAP // 2), (1, r.right + GAP // 2)):
            tip = edge + d * (w // 2)
            base = tip - d * w
            pygame.draw.polygon(surface, theme.SPARK, [(tip, r.centery), (base, r.centery - h // 2),
                                                       (base, r.centery + h // 2)])


LEAVE_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT)
"""Keys that end typing a name and move on through the lobby (Right only at the name's end:
`NameField` keeps it for the caret before that)."""


class NameField(pygame_gui.elements.UITextEntryLine):
    """A seat's name field: Right moves the caret while there is text after it, and at the end
    of the name (nothing selected) is left to the lobby, whose arrows move on from the field."""

    def process_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_RIGHT and self.is_focused
                and self.edit_position >= len(self.get_text())
                and self.select_range[0] == self.select_range[1]):
            return False
        return bool(super().process_event(event))


def replace_save_dialog(app: App, info: GameInfo, save: SaveGame,
                        start: Callable[[], None]) -> ConfirmDialog:
    """Asked before a new match writes over the player's unfinished game of the same kind:
    "Continue my game" (the focus) goes back to that game, Back changes nothing, and "Start
    anyway" calls `start`."""
    from game.app.launch import describe_save_time, resume_game

    def continue_it() -> None:
        app.pop()  # the dialog goes first; the saved game opens over the menus
        resume_game(app, info)

    message = (f"You have an unfinished {info.title} game (saved {describe_save_time(save)}). "
               "Starting a new one replaces it. Start anyway?")
    return ConfirmDialog(app, "Unfinished game", message, yes_label="Start anyway",
                         no_label="Continue my game", on_yes=start, detail=save.summary,
                         on_no=continue_it)


__all__ = ["LobbyScene", "NavItem", "replace_save_dialog"]
