"""Dice Race's headless AI-only match (`simulate dicerace`): no pygame."""

from __future__ import annotations

import time

from game.app.catalogue import MatchSetup, SimResult
from game.core import replay
from tests.fifthgame import rules as R
from tests.fifthgame.ai import Bot
from tests.fifthgame.options import options_from
from tests.fifthgame.replay import Recorder

MAX_ACTIONS = 5000
"""A race always ends long before this; a bug that loops is stopped, not hung on."""


def simulate(setup: MatchSetup) -> SimResult:
    """Every seat played by its AI ("human" seats by a medium one); the replay goes to an
    open capture."""
    started = time.perf_counter()
    state = R.new_match(options_from(setup), setup.seed)
    bots = [Bot(i, s.difficulty if s.is_ai else "medium", setup.seed)
            for i, s in enumerate(setup.seats)]
    recorder = Recorder(setup.to_dict(), state) if replay.capturing() else None
    while not state.is_over and state.move < MAX_ACTIONS:
        action = bots[state.turn].decide(state)
        state.apply(action)
        if recorder is not None:
            recorder.applied(state, action, None)
    if recorder is not None:
        made = recorder.finish(state)
        if made is not None:
            replay.captured(made)
    return SimResult.build(setup, scores=[float(s) for s in state.scores],
                           winners=state.winners(), rounds=1, moves=state.move,
                           seconds=time.perf_counter() - started)
