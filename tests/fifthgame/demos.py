"""Dice Race's demo scenes for screenshot, smoke and bench: tables made ready to show."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app import catalogue
from tests.fifthgame.ai import Bot
from tests.fifthgame.scene import DiceScene

if TYPE_CHECKING:
    from game.app.app import App


def _table(app: App, seed: int, players: str, actions: int) -> DiceScene:
    info = catalogue.get("dicerace")
    assert info is not None
    setup = catalogue.MatchSetup("dicerace", catalogue.parse_players(players, info),
                                 info.default_options(), seed)
    scene = DiceScene(app, setup, demo=True)
    bots = [Bot(i, "medium", seed) for i in range(len(setup.seats))]
    while scene.state.move < actions and not scene.state.is_over:
        action = bots[scene.state.turn].decide(scene.state)
        if scene.state.winners() or (scene.state.scores[action.player] + scene.state.pot
                                     >= scene.state.options.target and action.kind == "bank"):
            break  # keep the race going: a demo shows play, not the end
        scene.act(action)
    return scene


def play(app: App, seed: int) -> DiceScene:
    """Four AIs mid-race."""
    return _table(app, seed, "ai:easy,ai:medium,ai:hard,ai:medium", 14)


def turn(app: App, seed: int) -> DiceScene:
    """Your turn against two AIs, a few rolls in."""
    return _table(app, seed, "human,ai:medium,ai:hard", 0)
