"""Demo tables for screenshot, smoke and bench: real matches fast-forwarded by the AIs.

Each demo plays a seeded match with bots (slaps timed as in `sim`) until a moment worth showing,
then opens the table there as a resumed game, so every demo is the real scene on a real state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.app.catalogue import MatchSetup, demo_table
from game.core.rng import derive_rng, derive_seed
from game.games.cabo import rules as R
from game.games.cabo.ai import make_bot
from game.games.cabo.options import options_from
from game.games.cabo.slaps import SlapWindows, next_action

if TYPE_CHECKING:
    from game.app.app import App
    from game.games.cabo.scene import CaboScene


def demo_setup(seed: int, players: int = 4, humans: int = 1, rounds: int = 10,
               devices: tuple[str, ...] = ("mouse", "keys1", "keys2")) -> MatchSetup:
    """A table with `humans` humans on the first seats and AIs on the rest."""
    options = {"rounds": rounds, "first_starter": "first player", "slap_window": 1.5,
               "ai_pace": "normal"}
    return MatchSetup("cabo", demo_table(players, humans, devices), options, seed)


def fast_forward(setup: MatchSetup, stop: Callable[[R.CaboState, R.Slap | None], bool],
                 max_moves: int = 20000) -> tuple[R.CaboState, R.Slap | None]:
    """Play the match with a bot in every seat until `stop(state, slap about to land)`.

    Returns the state and, if the stop came just before a slap, that slap (not applied)."""
    state = R.new_game(options_from(setup), derive_seed(setup.seed, "deal"))
    bots = [make_bot(s.difficulty if s.is_ai else "hard", i, derive_rng(setup.seed, "ai", i))
            for i, s in enumerate(setup.seats)]
    seats = dict(enumerate(bots))
    slaps = SlapWindows()
    for _ in range(max_moves):
        if state.is_terminal():
            break
        action = next_action(state, seats, slaps)
        slap = action if isinstance(action, R.Slap) else None
        if stop(state, slap):
            return state, slap
        state.must_apply(action)
    return state, None


def _scene(app: App, setup: MatchSetup, state: R.CaboState | None) -> CaboScene:
    from game.games.cabo.savefmt import SAVE_VERSION
    from game.games.cabo.scene import CaboScene

    saved = None if state is None else {"version": SAVE_VERSION, "rules": state.to_dict()}
    return CaboScene(app, setup, saved, demo=True)


def deal(app: App, seed: int) -> CaboScene:
    """A new match: the deal and the first peek."""
    return _scene(app, demo_setup(seed), None)


def play(app: App, seed: int) -> CaboScene:
    """Four AIs in the thick of a round (the bench scene)."""
    setup = demo_setup(seed, humans=0)
    state, _ = fast_forward(setup, lambda st, s: st.phase is R.Phase.TURN and st.turns >= 6)
    return _scene(app, setup, state)


def mid(app: App, seed: int) -> CaboScene:
    """Mid-round, the human has just drawn a card and must choose what to do with it."""
    setup = demo_setup(seed)

    def stop(st: R.CaboState, slap: R.Slap | None) -> bool:
        return (slap is None and st.round >= 2 and st.turns >= 8 and st.phase is R.Phase.DRAWN
                and st.turn == 0 and st.drawn is not None and st.drawn.power is not None)

    state, _ = fast_forward(setup, stop)
    return _scene(app, setup, state)


def slap(app: App, seed: int) -> CaboScene:
    """An AI is about to win a slap: the hand comes down a moment after the scene opens."""
    setup = demo_setup(seed)

    def stop(st: R.CaboState, slap: R.Slap | None) -> bool:
        return slap is not None and slap.player != 0 and st.turns >= 4

    state, winner = fast_forward(setup, stop)
    scene = _scene(app, setup, state)
    if winner is not None:
        scene.slaps.expect(state, winner, 0.35)
    return scene


def end(app: App, seed: int) -> CaboScene:
    """The last turn of round 3 is done: the cards are revealed and scored."""
    setup = demo_setup(seed)
    state, _ = fast_forward(setup, lambda st, s: st.round == 3 and st.phase is R.Phase.LAST_CALL)
    scene = _scene(app, setup, state)
    scene.landed_at = -10.0  # the last discard's window is long over
    return scene


def six(app: App, seed: int) -> CaboScene:
    """Six players mid-round, readable at a glance."""
    setup = demo_setup(seed, players=6)

    def stop(st: R.CaboState, slap: R.Slap | None) -> bool:
        grown = any(len(g) > 4 for g in st.grids)
        return slap is None and st.phase is R.Phase.TURN and st.turn == 0 and (
            grown or st.turns >= 30)

    state, _ = fast_forward(setup, stop)
    return _scene(app, setup, state)


def couch(app: App, seed: int) -> CaboScene:
    """Two humans and two AIs: the second human has drawn a card, which waits face down with
    a lifted corner until they hold to look."""
    setup = demo_setup(seed, humans=2)

    def stop(st: R.CaboState, slap: R.Slap | None) -> bool:
        return slap is None and st.phase is R.Phase.DRAWN and st.turn == 1

    state, _ = fast_forward(setup, stop)
    return _scene(app, setup, state)
