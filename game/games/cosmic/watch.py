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
from typing import TYPE_CHECKING

import pygame

from game.app.menus.replays import WatchControls, WatchTable
from game.core.replay import FeedSeat, Replay, ReplayError, ReplayFeed
from game.games.cosmic.match import Input, input_from_dict
from game.games.cosmic.replay import RULES, TITLE, fresh_match, match_hash
from game.games.cosmic.savefmt import SAVE_VERSION
from game.games.cosmic.scene import CosmicScene, Stage

if TYPE_CHECKING:
    from game.app.app import App

log = logging.getLogger(__name__)
BAR = pygame.Rect(190, 668, 900, 46)
"""The play-back bar: along the bottom edge, under the field, wide enough that the speed, the
round and the count of decisions and the keys' line all show in full (at 640 pixels they were
cut off), clear of the unclaimed Base's label at the bottom left."""


class CosmicWatchScene(WatchTable, CosmicScene):
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
        decisions: list[tuple[int, Input]] = []
        for n, (_step, who, _t, payload) in enumerate(rep.inputs):
            try:
                decisions.append((who, input_from_dict(payload)))
            except (KeyError, TypeError, ValueError, AttributeError) as err:
                raise ReplayError(f"damaged replay: input {n} is not a Cosmic Kaboom input "
                                  f"({err!r})") from None
        self.feed = ReplayFeed(decisions, lambda inp: inp.player)
        self.controls = WatchControls("Next flick", bar=BAR)
        self.seat_feeds = {s: FeedSeat(self.feed, s, lambda: self.match.over)
                           for s in range(len(setup.seats))}

    @property
    def next_input(self) -> int:
        """How many recorded decisions the table has been given."""
        return self.feed.next_input

    @property
    def diverged(self) -> str | None:
        """Why play-back stopped, if it did."""
        return self.feed.diverged

    def ai_for(self, seat: int) -> FeedSeat[Input]:
        return self.seat_feeds[seat]

    def refuse(self, why: str) -> None:
        self.feed.stop(f"input {self.next_input - 1} is not legal here ({why})")

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
