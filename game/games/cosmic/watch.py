"""Watch a Cosmic Kaboom match again: the real table, every seat's decisions fed from the replay.

No AI and no controller runs: each seat is played by a `FeedSeat` that hands the table the
next recorded input when that seat is to decide, exactly where an AI would give its decision, so
the table shows the aim line, plays the flick out on fresh fixed-step physics and applies the
rules as in the match. Play/pause and 0.5x-8x scale the table's time; "Next flick" plays a flick
or toss under way out at once. A demo table: it never saves, records statistics or writes a
replay. Should the file and this version disagree, play-back stops and says where.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.app.menus.replays import RATES, FedWatch, WatchControls
from game.core.replay import FeedSeat, Replay, ReplayError
from game.games.cosmic.match import Input, input_from_dict
from game.games.cosmic.replay import RULES, TITLE, fresh_match, match_hash
from game.games.cosmic.savefmt import SAVE_VERSION
from game.games.cosmic.scene import CosmicScene
from game.games.cosmic.stage import Stage
from game.ui import text, theme
from game.ui.draw import panel

if TYPE_CHECKING:
    from game.app.app import App

log = logging.getLogger(__name__)
BAR = pygame.Rect(392, 663, 496, 54)
"""The play-back bar: in the gap under the field between the two lower Bases, in two rows
(buttons, speed and place above, the device's keys below), so it hides nothing of the table
(a full-width bar covered both lower Bases and a ship docked there)."""
ROW_H = 26
"""The height of the bar's buttons (its first row)."""


class CosmicWatchControls(WatchControls):
    """The play-back bar in two rows to fit between the lower Bases: narrow buttons and the
    speed and place beside them, the keys of the device last used under them."""

    BUTTON_SIZE = 14
    LEAST = {"toggle": 52, "slower": 24, "faster": 24, "step": 80, "back": 46}
    GAP = 4
    BUTTON_LEFT, BUTTON_TOP = 6, 4
    BUTTON_H = ROW_H
    PAD = 6  # each button as wide as its words and this either side, at every text size

    def __init__(self, step_word: str, bar: pygame.Rect) -> None:
        super().__init__(step_word, bar=bar)

    def hint(self, word: Callable[[str, str], str]) -> str:
        """The device's keys in short words ("SPACE pause · A/D speed ..."); nothing for the
        mouse, which clicks the buttons."""
        if self.device == "mouse":
            return ""
        w = partial(word, self.device)
        return (f"{w('confirm')} pause · {w('left')}/{w('right')} speed · "
                f"{w('primary')} {self.step_word.lower()} · {w('back')} back")

    def draw(self, surface: pygame.Surface, status: str, hint: str = "") -> None:
        """Buttons with the speed and the place beside them, and the keys under them."""
        if text.scale() != self._laid_at:
            self._lay_out()  # larger text switched on or off
        bar = self.bar
        panel(surface, bar, theme.INK_2, radius=10, border=theme.LINE, shadow=4)
        labels = {"toggle": "Play" if self.paused else "Pause", "slower": "-", "faster": "+",
                  "step": self.step_word, "back": "Back"}
        for rect, command in self.buttons:
            pygame.draw.rect(surface, theme.INK, rect, border_radius=7)
            pygame.draw.rect(surface, theme.LINE, rect, 2, border_radius=7)
            text.blit(surface, labels[command], 14, theme.CREAM, rect.center, "center")
        speed = "paused" if self.paused else f"{RATES[self.rate_index]:g}x"
        left = self.buttons[-1][0].right + 10
        mid = self.buttons[0][0].centery
        r = text.blit(surface, f"REPLAY {speed}", 14, theme.SPARK, (left, mid), "midleft",
                      bold=True)
        room = bar.right - 8 - r.right - 8
        text.blit(surface, text.ellipsize(status, 12, room), 12, theme.MUTED,
                  (r.right + 8, mid), "midleft")
        line = hint or status_words(status)
        if line:
            size, lines = text.fit(line, 12, bar.w - 16, text.line_height(12))
            text.blit(surface, lines[0] if lines else "", size, theme.MUTED,
                      (bar.x + 8, bar.bottom - 13), "midleft")


def status_words(status: str) -> str:
    """The second row for the mouse: a stopped play-back's reason in full, else nothing."""
    return status if status.startswith("stopped") else ""


class CosmicWatchScene(FedWatch, CosmicScene):
    """The Cosmic Kaboom table playing a replay back."""

    replaying = True

    scene_id = "cosmic.watch"

    def __init__(self, app: App, rep: Replay) -> None:
        setup, played_by = self.open_replay(rep, TITLE, RULES)
        start = fresh_match(rep.options, rep.seed)
        if len(setup.seats) != start.state.options.players:
            raise ReplayError("damaged replay: its seats and its match disagree")
        super().__init__(app, setup, {"version": SAVE_VERSION, "match": start.to_dict()}, demo=True)
        self.played_by = played_by  # the panels say who played each seat, not the stand-ins
        if match_hash(self.match) != match_hash(start):
            raise ValueError("the replay's match is not the one this version deals")
        self.rep = rep
        self.feed_from(rep, input_from_dict, "a Cosmic Kaboom input")
        self.controls = CosmicWatchControls("Next flick", BAR)
        self.seat_feeds = {s: FeedSeat(self.feed, s, lambda: self.match.over)
                           for s in range(len(setup.seats))}

    def ai_for(self, seat: int) -> FeedSeat[Input]:
        return self.seat_feeds[seat]

    def update(self, dt: float) -> None:
        self.time_scale = self.controls.rate
        if self.diverged is not None and self.stage == Stage.DECIDE:
            return
        super().update(dt)

    def skip_flick(self) -> None:
        """Play a flick or toss under way out at once."""
        w = self.world
        if self.stage == Stage.FLIGHT and w is not None:
            w.run_to_rest()  # the next frame sees it at rest and goes on as usual
            w.take_events()

    # -- input --------------------------------------------------------------------------------

    def step_now(self) -> None:
        self.skip_flick()

    def watch_status(self) -> str:
        return f"round {self.match.state.round} · {self.next_input}/{len(self.feed)}"


def make_watch_scene(app: App, rep: Replay) -> CosmicWatchScene:
    """The catalogue's way in (see game.app.menus.replays): the table playing `rep` back."""
    return CosmicWatchScene(app, rep)
