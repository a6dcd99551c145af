"""Kaboom! An Explosive Card Game (game id ``blast``): walls, explosives and out-of-turn defences.

Registers the game in the catalogue. `data` holds the cards, the 108-card deck and the decisions
the rulebook leaves open; `rules` is the pure rules engine (no pygame). Importing this package is
cheap: the table, the art, the AI and the demos load only when they are asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.app import catalogue
from game.app.catalogue import (
    DemoScene,
    GameInfo,
    MatchSetup,
    Option,
    SimResult,
    lazy_demo,
    lazy_watch_demo,
)
from game.core.saves import GameFormat, register_game_format

if TYPE_CHECKING:
    import pygame

    from game.app.app import App
    from game.app.scene import Scene

GAME_ID = "blast"


def make_scene(app: App, setup: MatchSetup, saved: dict[str, Any] | None) -> Scene:
    """A new match, or one resumed from a save made at a human's decision."""
    from game.games.blast.scene import BlastScene

    return BlastScene(app, setup, saved)


def simulate(setup: MatchSetup) -> SimResult:
    """An AI-only match, headless (the CLI's simulate command): rules and AI only, no pygame."""
    from game.games.blast.sim import simulate as run

    return run(setup)


def rules_page(word: Callable[[str, str], str] | None = None) -> str:
    """How to play, written from the game's data and decisions."""
    from game.games.blast.info import rules_page as page

    return page(word)


def draw_picture(surface: pygame.Surface) -> None:
    """The catalogue picture."""
    from game.games.blast.art import picture

    picture(surface)


def _demo(name: str) -> Any:
    return lazy_demo("game.games.blast.demos", name)


INFO = GameInfo(
    id=GAME_ID,
    title="Kaboom! Explosive",
    pitch="Build walls, lob TNT, C4 and RPGs at your rivals and answer their attacks out of "
          "turn with Oops, Backfire and Blast Shields. The last one standing wins.",
    credit="Adapted from Kaboom! An Explosive Card Game (Jem Games)",
    min_players=2,
    max_players=5,
    make_scene=make_scene,
    simulate=simulate,
    rules_page=rules_page,
    draw_picture=draw_picture,
    options=(
        Option("ai_pace", "AI pace", ("relaxed", "normal", "brisk"), "normal",
               "How long computer players take over each move and each answer."),
    ),
    demo_scenes=(
        DemoScene("blast.play", _demo("play"), "Kaboom! Explosive: four AIs mid-battle (bench)"),
        DemoScene("blast.hand", _demo("hand"),
                  "Kaboom! Explosive: your turn, playable cards lifted in the fan"),
        DemoScene("blast.attack", _demo("attack"),
                  "Kaboom! Explosive: choosing a target, the arrow from you to them"),
        DemoScene("blast.defence", _demo("defence"),
                  "Kaboom! Explosive: TNT aimed at you, your defences offered"),
        DemoScene("blast.chain", _demo("chain"),
                  "Kaboom! Explosive: a chain resolving, Oops then Backfire"),
        DemoScene("blast.endgame", _demo("endgame"),
                  "Kaboom! Explosive: eliminated, picking an endgame card"),
        DemoScene("blast.over", _demo("over"), "Kaboom! Explosive: the final summary"),
        DemoScene("blast.watch", lazy_watch_demo("blast", "ai:hard,ai:medium,ai:easy"),
                  "Kaboom! Explosive: Watch again, a simulated match played back"),
    ),
    accent="#e8553d",
    default_players=4,
    higher_is_better=False,
    sounds=("card_deal", "card_flip", "card_shuffle", "card_slide", "fuse_hiss", "game_win",
            "kaboom", "nuke_rumble", "oops_whoosh", "penalty", "round_end", "shield_up",
            "ui_click", "ui_error", "ui_hover", "wall_crumble"),
)
"""Scores are places (1 = the winner, tied seats share a place): lower is better."""


def register() -> GameInfo:
    """Put the game in the catalogue (done on import; again if something cleared it)."""
    return catalogue.register(INFO)


register()


def _save_format() -> GameFormat:
    """The save's version, upgraders and check; its rules load only when a save is read."""
    from game.games.blast.savefmt import FORMAT

    return FORMAT


register_game_format(GAME_ID, _save_format)
