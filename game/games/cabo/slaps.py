"""Cabo's slap windows on the shared `ReactionWindow`: the one slap arbitration that the simulation,
the demos and the table on screen all use, so they interleave slaps and turns alike for a seed.

A slappable discard opens a window lasting the rules' slap window. Each decision made while it
is open counts `ACTION_TIME` seconds of window time. At every decision each computer seat that has
not slapped yet looks at the discard (`Bot.react`, whose delay comes from the seat's seeded rng);
a slap lands before the next decision when its time is within one decision of now, and before a
closing action (the next draw, flip, reveal or pass) when it is inside the window. Exact ties go
clockwise from the discarder (rule 6). On screen a slap also waits for its delay on the table
clock; with a human at the table AI slaps race on that clock alone (so a slow human loses to a
quick AI whatever the turn is doing), and a human's slap lands the moment it is made.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from game.games.cabo.ai import Bot
from game.games.cabo.rules import TABLE, Action, CaboState, Draw, FlipTop, Pass, Reveal, Slap
from game.tabletop.reactions import ReactionWindow

ACTION_TIME = 0.5  # seconds of window time one decision takes
CLOSERS = (Draw, FlipTop, Reveal, Pass)  # actions that end a slap window
OPENING_EXTRA = 0.75
"""Seconds more each opening card stays slappable at a table with an Easy AI
(`CaboScene.ai_wait`): a stranger found a card every 2.5 s too quick to slap; with 1.5 s more
the next found the opening's eight cards (about 40 s before the first turn) a long wait."""
SLAP_GRACE = 2.5
"""Seconds after a new discard lands during which a press is judged against the card it
covered, the one its player saw: that card's time is over, so the slap means nothing and costs
nothing (rule 11), and the table says so. A sure player needs about a second to see, recall and
press, a newcomer 1.5-2.5 s (a stranger's slaps came 1-2 s late and, with a 0.9 s grace, landed
on the card that had just replaced the one he meant, for a penalty). Not judged so: the press
of the player who discarded the new card (they know it), of a player who knows where a match
of the new card lies and none of the covered one. A press refused so is spent: another press in
the same grace is refused alike (a stranger's one press, refused, came back 1.5 s later as a
slap of the new card, for a penalty). A grace ends early when the next card lands."""


class SlapWindows:
    """The open slap window of one match, its AI reactions and when each shows on screen."""

    def __init__(self) -> None:
        """No window yet; one opens with the first slappable discard `current` sees."""
        self.window: ReactionWindow | None = None
        self.due_at: dict[int, float] = {}  # seat -> table clock its slap comes down on screen
        self._asked: tuple[int, int] | None = None  # (window id, move) the seats last looked at

    def current(self, st: CaboState) -> ReactionWindow | None:
        """The window of the discard slappable now (table time synced to the moves), or None."""
        if not (st.window and st.slap is None):
            self.window = None
            return None
        if self.window is None or self.window.key != st.window_id:
            self.window = ReactionWindow(st.players, st.options.slap_window, step=ACTION_TIME,
                                         first_seat=st.window_from or 0, key=st.window_id)
            self.due_at = {}
        self.window.advance_to(st.move - st.window_id)
        return self.window

    def ask(self, st: CaboState, bots: Mapping[int, Bot], clock: float = 0.0) -> None:
        """Every computer seat yet to slap looks at the discard, once per move (table `clock`)."""
        w = self.current(st)
        if w is None or self._asked == (st.window_id, st.move):
            return
        self._asked = (st.window_id, st.move)
        for seat, bot in sorted(bots.items()):
            if seat == st.kaboomer or w.answered(seat):
                continue
            slap = bot.react(st.observation(seat, with_legal=bot.needs_legal))
            if slap is not None and w.submit(seat, slap.t) is not None:
                self.due_at[seat] = clock + slap.t

    def expect(self, st: CaboState, slap: Slap, due_at: float) -> None:
        """Set the window up so that `slap` (from a fast-forward) wins, on screen at `due_at`."""
        w = self.current(st)
        if w is None:
            raise ValueError("no slap window is open")
        w.submit(slap.player, min(max(0.0, slap.t - w.now), w.step))  # before the next decision
        for seat in range(st.players):
            w.decline(seat)
        self.due_at[slap.player] = due_at
        self._asked = (st.window_id, st.move)

    def due(self, st: CaboState, closing: bool = False) -> Slap | None:
        """The slap that lands before the next decision (or, `closing`, before the window ends)."""
        w = self.current(st)
        if w is None:
            return None
        until = None if closing else w.now + w.step
        won = w.first(until, lambda r: st.is_legal(Slap(r.seat, r.at)))
        return None if won is None else Slap(won.seat, won.at)

    def on_screen(self, st: CaboState, clock: float, humans: bool) -> Slap | None:
        """The due slap whose delay has run on the table clock. With `humans` at the table any
        slap inside the window races on the clock (a human's slap is timed by the clock, not in
        decisions); an all-computer table orders slaps and decisions as `simulate` does."""
        slap = self.due(st, closing=humans)
        if slap is None or self.due_at.get(slap.player, math.inf) > clock:
            return None
        return slap


def next_action(st: CaboState, bots: Mapping[int, Bot], slaps: SlapWindows) -> Action:
    """The next action of an all-computer table: a slap that lands first, else the decision."""
    slaps.ask(st, bots)
    slap = slaps.due(st)
    if slap is not None:
        return slap
    cur = st.current_player()
    if cur == TABLE:
        action = st.legal_actions()[0]
    else:
        bot = bots[cur]
        action = bot.choose(st.observation(cur, with_legal=bot.needs_legal))
    if isinstance(action, CLOSERS):
        slap = slaps.due(st, closing=True)
        if slap is not None:
            return slap
    return action
