"""Watch again: the Replays list (from Statistics) and the play-back bar both games' tables use.

A game offers watching with a `watch` module beside its scene whose `make_watch_scene(app,
replay)` builds its real table driven by the replay's inputs (the same convention as the
`replay` module `python -m game replay --verify` uses). The framework finds it through the
catalogue, so it knows no particular game.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import logging
import re
from collections.abc import Callable, Hashable, Sequence
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.app import catalogue
from game.app.gui import MenuScene
from game.app.input import ActionEvent, played_label
from game.app.menus.common import header, section
from game.core import replay
from game.core.memo import remembered
from game.ui import text, theme
from game.ui.draw import panel

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.scene import Scene

log = logging.getLogger(__name__)

RATES = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Play-back speeds, slowest first."""
PAGE = 8
BAR = pygame.Rect(10, 666, 1260, 48)


def game_package(info: catalogue.GameInfo) -> str:
    """The package that registered `info` (its optional `watch` module lives there)."""
    return catalogue.package_of(info.id) or info.make_scene.__module__


def watch_builder(game_id: str) -> Callable[[App, replay.Replay], Scene] | None:
    """The game's `watch.make_watch_scene`, or None when the game cannot play replays back."""
    info = catalogue.get(game_id)
    if info is None:
        return None
    try:
        module = importlib.import_module(f"{game_package(info)}.watch")
    except ImportError:
        return None
    build: Callable[[App, replay.Replay], Scene] | None = getattr(module, "make_watch_scene",
                                                                  None)
    return build


def can_watch(game_id: str) -> bool:
    """Whether replays of this game can be watched (the menus show entries only then).

    Looks for the `watch` module without importing it, so a menu does not load the tables."""
    info = catalogue.get(game_id)
    if info is None:
        return False
    try:
        return importlib.util.find_spec(f"{game_package(info)}.watch") is not None
    except (ImportError, ValueError):
        return False


def demo_watch(game_id: str, players: str, **options: object) -> Callable[[App, int], Scene]:
    """A demo scene (screenshot, smoke, bench): a simulated AI-only match of `game_id`, played
    back on its table. The replay is made on the spot, so no file is read or written."""

    def build(app: App, seed: int) -> Scene:
        info = catalogue.get(game_id)
        builder = watch_builder(game_id)
        if info is None or builder is None:
            raise ValueError(f"{game_id} cannot play replays back")
        setup = catalogue.MatchSetup(game_id, catalogue.parse_players(players, info),
                                     {**info.default_options(), **options}, seed)

        def simulated() -> replay.Replay:
            with replay.capture() as made:
                info.simulate(setup)
            if len(made) != 1:
                raise ValueError(f"simulating {game_id} made {len(made)} replays, not one")
            return made[0]

        # The same seed simulates the same match: made once per process (see core.memo).
        key = ("watch.demo", json.dumps(setup.to_dict(), sort_keys=True))
        return builder(app, remembered(key, simulated))

    return build


def open_replay(app: App, path: Path) -> bool:
    """Push the table playing back the replay at `path`; tell the player if it cannot."""
    try:
        rep = replay.load(path)
    except replay.ReplayError as err:
        app.notify(str(err), "warning")
        return False
    build = watch_builder(rep.game)
    if build is None:
        app.notify(f"Replays of '{rep.game}' cannot be watched in this version.", "warning")
        return False
    try:
        scene = build(app, rep)
    except replay.ReplayError as err:  # e.g. recorded under rules that have changed since
        app.notify(str(err), "warning")
        return False
    except (ValueError, KeyError, TypeError) as err:
        log.warning("cannot watch %s: %s", path, err)
        app.notify(f"This replay cannot be played back: {err}", "warning")
        return False
    app.push(scene, 0.25)
    return True


#: Clear space between a bar button's words and each of its sides.
BUTTON_PAD = 12


class WatchControls:
    """Play/pause, speed, step and view for a table playing a replay back; draws its bar.

    Keys, pads and the mouse (clicking the bar) give the same commands: confirm plays or
    pauses, left/right change the speed, primary steps (cards) or skips to the next turn
    (physics), secondary changes whose hidden cards are shown (cards), back leaves."""

    #: The buttons' words' size, the least width of each button, the space between them and
    #: their left, top and height inside the bar (None: the bar's height less 12); a table with a
    #: smaller bar (Cosmic's, between its lower Bases) sets its own.
    BUTTON_SIZE = 16
    LEAST = {"toggle": 100, "slower": 44, "faster": 44, "step": 130, "view": 190, "back": 90}
    GAP = 10
    BUTTON_LEFT, BUTTON_TOP = 12, 6
    BUTTON_H: int | None = None
    PAD = BUTTON_PAD

    def __init__(self, step_word: str, views: list[str] | None = None,
                 bar: pygame.Rect | None = None) -> None:
        self.bar = pygame.Rect(bar) if bar is not None else BAR.copy()
        self.paused = False
        self.rate_index = RATES.index(1.0)
        self.step_word = step_word
        self.views = views or []
        self.view_index = 0
        self.device = "keys1"  # the device last used: the bar names its controls
        self.buttons: list[tuple[pygame.Rect, str]] = []
        self._laid_at = 0.0  # the text scale the buttons were laid out for
        self._lay_out()

    def _lay_out(self) -> None:
        """The buttons left to right, each wide enough for its words with room either side at
        the text's scale (with larger text "End this turn" filled its button edge to edge)."""
        self._laid_at = text.scale()
        self.buttons = []
        x = self.bar.x + self.BUTTON_LEFT
        h = self.BUTTON_H if self.BUTTON_H is not None else self.bar.h - 12
        words = {"toggle": ["Pause", "Play"], "slower": ["-"], "faster": ["+"],
                 "step": [self.step_word], "view": self.views, "back": ["Back"]}
        for command, least in self.LEAST.items():
            if command == "view" and not self.views:
                continue
            need = max(text.render(w, self.BUTTON_SIZE, theme.CREAM).get_width()
                       for w in words[command])
            w = max(least, need + 2 * self.PAD)
            self.buttons.append((pygame.Rect(x, self.bar.y + self.BUTTON_TOP, w, h), command))
            x += w + self.GAP

    @property
    def rate(self) -> float:
        """Table seconds per real second (0 while paused)."""
        return 0.0 if self.paused else RATES[self.rate_index]

    def command(self, action: ActionEvent) -> str | None:
        """The command an action gives: toggle, slower, faster, step, view, back, or None."""
        if not action.pressed:
            return None
        self.device = action.device
        if action.device == "mouse":
            if action.action != "primary" or action.pos is None:
                return None
            return next((c for r, c in self.buttons if r.collidepoint(action.pos)), None)
        return {"confirm": "toggle", "left": "slower", "right": "faster", "primary": "step",
                "secondary": "view" if self.views else None, "back": "back",
                "pause": "back"}.get(action.action)

    def apply(self, command: str) -> None:
        """Change the play-back state for toggle/slower/faster/view (the scene does the rest)."""
        if command == "toggle":
            self.paused = not self.paused
        elif command == "slower":
            self.rate_index = max(0, self.rate_index - 1)
        elif command == "faster":
            self.rate_index = min(len(RATES) - 1, self.rate_index + 1)
        elif command == "view" and self.views:
            self.view_index = (self.view_index + 1) % len(self.views)

    def hint(self, word: Callable[[str, str], str]) -> str:
        """The keys or buttons of the device last used, named by `word(device, action)`
        (the input layer's `word_for`); after the mouse, the left keys' (a stranger who
        clicked "+" up to 8x found the line empty: it always says what the keys do)."""
        w = partial(word, "keys1" if self.device == "mouse" else self.device)
        parts = [f"{w('confirm')} play/pause", f"{w('left')} {w('right')} speed",
                 f"{w('primary')} {self.step_word.lower()}"]
        if self.views:
            parts.append(f"{w('secondary')} view")
        parts.append(f"{w('back')} back")
        return "   ".join(parts)

    def draw(self, surface: pygame.Surface, status: str, hint: str = "") -> None:
        """The bar: buttons, the speed, where the play-back is and the device's controls."""
        if text.scale() != self._laid_at:
            self._lay_out()  # larger text switched on or off
        bar = self.bar
        panel(surface, bar, theme.INK_2, radius=12, border=theme.LINE, shadow=6)
        labels = {"toggle": "Play" if self.paused else "Pause", "slower": "-", "faster": "+",
                  "step": self.step_word,
                  "view": self.views[self.view_index] if self.views else "", "back": "Back"}
        for rect, command in self.buttons:
            pygame.draw.rect(surface, theme.INK, rect, border_radius=8)
            pygame.draw.rect(surface, theme.LINE, rect, 2, border_radius=8)
            text.blit(surface, labels[command], 16, theme.CREAM, rect.center, "center")
        speed = "paused" if self.paused else f"{RATES[self.rate_index]:g}x"
        left = self.buttons[-1][0].right + 16
        room = bar.right - 12 - left  # everything right of the buttons stays inside the bar
        r = text.blit(surface, f"REPLAY {speed}", 16, theme.SPARK, (left, bar.centery - 10),
                      "midleft", bold=True)
        text.blit(surface, text.ellipsize(status, 14, room - r.width - 14), 14, theme.MUTED,
                  (r.right + 14, r.centery), "midleft")
        if hint:
            for words in (hint, compact_hint(hint)):  # larger text: the short form, whole
                size, lines = text.fit(words, 12, room, text.line_height(12))
                if len(lines) == 1 and not lines[0].endswith("…"):
                    break
            text.blit(surface, lines[0] if lines else "", size, theme.MUTED,
                      (left, bar.centery + 11), "midleft")


def compact_hint(hint: str) -> str:
    """The bar's keys in fewer letters ("LEFT SHIFT step" -> "L-SHIFT step", narrower gaps):
    with larger text the whole line was cut after its fourth key ("TA...")."""
    short = re.sub(r"\b(LEFT|RIGHT) (SHIFT|CTRL|ALT)\b", lambda m: f"{m[1][0]}-{m[2]}", hint)
    return short.replace("   ", "  ")


_ROWS: dict[tuple[Path, int, int], tuple[Path, str, str] | None] = {}


class WatchTable:
    """What every Watch again table does with its bar: a mixin put before the game's scene
    class. It routes the bar's commands (back leaves, step is the game's `step_now`, view shows
    another seat's hidden cards through `show_view`, the rest change the play-back), pauses
    when the window loses focus, and draws the bar with the game's `watch_status`."""

    app: App
    controls: WatchControls

    def handle_action(self, action: ActionEvent) -> bool:
        return self.game_action(action)

    def game_action(self, action: ActionEvent) -> bool:
        command = self.controls.command(action)
        if command is None:
            return False
        if command == "back":
            self.app.pop(0.25)
        elif command == "step":
            self.step_now()
        else:
            self.controls.apply(command)
            if command == "view":
                self.show_view(self.controls.view_index)
        return True

    def on_focus_lost(self) -> None:
        self.controls.paused = True

    def step_now(self) -> None:
        """Show the next step at once (a card table's next action, a physics table's turn)."""
        raise NotImplementedError

    def show_view(self, index: int) -> None:
        """Show the hidden cards of `controls.views[index]` (tables without views ignore it)."""

    def watch_status(self) -> str:
        """Where the play-back is, in a few words ("action 12 of 80, round 2")."""
        raise NotImplementedError

    @staticmethod
    def open_replay(rep: replay.Replay, title: str,
                    rules: int) -> tuple[catalogue.MatchSetup, list[str]]:
        """Every Watch again table's start: a file of another rules revision refused in words,
        the match's setup with every seat handed to the replay (an AI stand-in: nobody plays),
        and who played each seat in the match ("AI - easy", "Mouse"), for `played_by`: the
        table shows those words under the names, not the stand-ins'."""
        replay.check_rules(rep, title, rules)
        setup = catalogue.MatchSetup.from_dict(rep.setup)
        played_by = [played_label(s) for s in setup.seats]
        for seat in setup.seats:
            seat.kind = "ai"
        return setup, played_by

    def draw(self, surface: pygame.Surface) -> None:
        """The table as the game draws it, what only play-back shows, then the bar over it."""
        super().draw(surface)  # type: ignore[misc]
        self.draw_watched(surface)
        self.draw_watch_bar(surface)

    def draw_watched(self, surface: pygame.Surface) -> None:
        """What the table shows only in play-back, under the bar (every hidden card face up)."""

    def why_stopped(self) -> str | None:
        """Why the play-back stopped (the replay went another way), or None while it agrees:
        the table's `diverged`."""
        why = getattr(self, "diverged", None)
        return None if why is None else str(why)

    def draw_watch_bar(self, surface: pygame.Surface) -> None:
        why = self.why_stopped()
        status = self.watch_status() if why is None else f"stopped: {why}"
        self.controls.draw(surface, status, self.controls.hint(self.app.input.word_for))


class FedWatch(WatchTable):
    """A Watch again table whose seats take their decisions from one `ReplayFeed` (the
    Explosive's and Cosmic's): it reads the replay's inputs into the feed, says how far the
    play-back has got and why it stopped, and stops it at an input the match refuses."""

    feed: replay.ReplayFeed[Any]

    def feed_from(self, rep: replay.Replay, read: Callable[[Any], Any], what: str) -> None:
        """Read every input of `rep` with `read` (a decision that names its `player`) into
        `feed`; one it cannot read makes the replay damaged, in words that say which input
        and that it is not `what` ("an action")."""
        decisions: list[tuple[int, Any]] = []
        for n, (_step, who, _t, payload) in enumerate(rep.inputs):
            try:
                decisions.append((who, read(payload)))
            except (KeyError, TypeError, ValueError, AttributeError) as err:
                raise replay.ReplayError(
                    f"damaged replay: input {n} is not {what} ({err!r})") from None
        self.feed = replay.ReplayFeed(decisions, lambda d: int(d.player))

    @property
    def next_input(self) -> int:
        """How many recorded decisions the table has been given."""
        return self.feed.next_input

    @property
    def diverged(self) -> str | None:
        """Why play-back stopped, if it did."""
        return self.feed.diverged

    def refuse(self, why: str) -> None:
        """Stop play-back: the input just given is not legal here, for `why`."""
        self.feed.stop(f"input {self.next_input - 1} is not legal here ({why})")


def _row(path: Path) -> tuple[Path, str, str] | None:
    """The Replays list's lines for one file; None when it cannot be watched."""
    try:
        rep = replay.load(path)
    except replay.ReplayError as err:
        log.info("replay %s is not listed: %s", path.name, err)
        return None
    info = catalogue.get(rep.game)
    if info is None or not can_watch(rep.game):
        return None
    names = [str(s.get("name", "?")) for s in rep.setup["seats"]]
    winners = rep.summary.get("winners") or []
    won = ", ".join(names[w] for w in winners if isinstance(w, int)
                    and 0 <= w < len(names)) or "-"
    from game.app.launch import describe_time

    try:
        made: datetime | None = datetime.fromisoformat(rep.created.replace("Z", "+00:00"))
    except ValueError:
        made = None
    if made is not None and made.tzinfo is None:
        made = made.replace(tzinfo=UTC)  # the replay's clock is UTC
    return (path, f"{info.title}  ({describe_time(made)})",
            f"{', '.join(names)}   won: {won}   seed {rep.seed}")


class ReplaysScene(MenuScene):
    """The newest replays in the data folder, newest first; each can be watched again."""

    scene_id = "replays"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.page = 0
        self.rows: list[tuple[Path, str, str]] = []

    def build(self) -> None:
        self.rows = self._read()
        start = self.page * PAGE
        for i, (path, _, _) in enumerate(self.rows[start:start + PAGE]):
            self.button((1000, 150 + i * 58, 140, 44), "Watch",
                        partial(open_replay, self.app, path), object_id="#small", row=i)
        last = len(self.rows[start:start + PAGE])
        if start + PAGE < len(self.rows):
            self.button((1010, 650, 180, 44), "Older >", lambda: self._turn(1),
                        object_id="#small", row=last, col=1)
        if self.page:
            self.button((820, 650, 180, 44), "< Newer", lambda: self._turn(-1),
                        object_id="#small", row=last, col=2)
        self.button((64, 650, 160, 44), "Back", self.on_back, object_id="#small", row=last)

    def _turn(self, d: int) -> None:
        self.page = max(0, self.page + d)
        self.rebuild()

    def _read(self) -> list[tuple[Path, str, str]]:
        """(file, title line, detail line) for each replay that can be watched."""
        out: list[tuple[Path, str, str]] = []
        for path in replay.listing():
            try:
                stat = path.stat()
            except OSError:
                continue
            key = (path, stat.st_mtime_ns, stat.st_size)
            if key not in _ROWS:  # a replay is read once, not on every visit to the list
                _ROWS[key] = _row(path)
            row = _ROWS[key]
            if row is not None:
                out.append(row)
        return out

    def still_key(self) -> Hashable:
        return self.page, tuple(self.rows)

    def draw_still(self, surface: pygame.Surface) -> Sequence[pygame.Rect]:
        top = header(surface, "Replays", f"the last {replay.KEEP} finished matches")
        rect = pygame.Rect(120, 130, 1040, 500)
        section(surface, rect, "")
        if not self.rows:
            text.blit(surface, "No replays yet. Every finished match is kept here to watch "
                      "again.", 20, theme.MUTED, rect.center, "center")
            return [top, rect]
        start = self.page * PAGE
        for i, (_, title, detail) in enumerate(self.rows[start:start + PAGE]):
            y = 150 + i * 58
            text.blit(surface, title, 19, theme.CREAM, (rect.x + 30, y), bold=True)
            text.blit(surface, detail, 15, theme.MUTED, (rect.x + 30, y + 26))
        return [top, rect]


def any_watchable() -> bool:
    """Whether some registered game can play replays back (Statistics shows the entry then)."""
    return any(can_watch(g.id) for g in catalogue.games())
