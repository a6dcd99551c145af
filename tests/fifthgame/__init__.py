"""Dice Race, the kit's fifth game: a small but complete game that lives under the tests.

It is built the way a newcomer builds a game (README, "the shape of a game folder"): pure seeded
rules, options, an AI, simulate, a table, a save format, replays and Watch again, demos, a
sample save recipe and its words through the kit's Voice. It is never shown to players:
`tests/conftest.py` registers it for the test session only (`register()`), so every contract
test that runs over the catalogue runs over it too.
"""

from __future__ import annotations

from game.app import catalogue
from game.app.catalogue import (
    DemoScene,
    GameInfo,
    Option,
    lazy_attr,
    lazy_call,
    lazy_demo,
    lazy_watch_demo,
)
from game.core.saves import register_game_format
from tests.fifthgame.words import TIPS

GAME_ID = "dicerace"
PACKAGE = __name__

INFO = GameInfo(
    id=GAME_ID,
    title="Dice Race",
    pitch="Roll as long as you dare, bank before a 1: first to the target wins.",
    credit="The folk dice game Pig, as the kit's test game.",
    min_players=2,
    max_players=4,
    make_scene=lazy_call(f"{PACKAGE}.scene", "DiceScene"),
    simulate=lazy_call(f"{PACKAGE}.sim", "simulate"),
    rules_page=lazy_call(f"{PACKAGE}.info", "rules_page"),
    rules_pictures=lazy_call(f"{PACKAGE}.info", "rules_pictures"),
    draw_picture=lazy_call(f"{PACKAGE}.art", "picture"),
    new_rules=lazy_call(f"{PACKAGE}.rules", "new_match"),
    options=(Option("target", "Target", (20, 30, 50), 30, "The score that wins the race."),),
    demo_scenes=(
        DemoScene("dicerace.play", lazy_demo(f"{PACKAGE}.demos", "play"),
                  "Dice Race: four AIs mid-race"),
        DemoScene("dicerace.turn", lazy_demo(f"{PACKAGE}.demos", "turn"),
                  "Dice Race: your turn", bench=False),
        DemoScene("dicerace.watch", lazy_watch_demo(GAME_ID, "ai:hard,ai:easy", target=20),
                  "Dice Race: Watch again, a simulated race played back", bench=False),
    ),
    accent="#3ccf91",
    default_players=3,
    higher_is_better=True,
    first_tips=TIPS,
    sounds=("game_win", "penalty", "score", "ui_click"),
)


def register() -> GameInfo:
    """Put Dice Race in the catalogue (after the real games) with its save format; the tests'
    session does this once (`tests/conftest.py`), a script that wants it too."""
    catalogue.load_games()  # the real games first, so they keep their order
    return catalogue.register(INFO)


def unregister() -> None:
    catalogue.unregister(GAME_ID)


register_game_format(GAME_ID, lazy_attr(f"{PACKAGE}.savefmt", "FORMAT"))
