"""Cosmic Kaboom: flick your ship through space to gather Energy Crystals, then toss the Space
Bomb onto your rivals' planets.

Registers the game in the catalogue. Everything heavy (pygame drawing, pymunk, the AI) is
imported only when a scene, a simulation, the rules page or the picture is asked for, so
importing this package stays cheap. The pure foundation is `data` (the decisions the rulebook
leaves open), `rules`, `table`, `world` and `match`; the screen is `scene` (flow and input),
`view`, `hud`, `art`, `controls` and `effects`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.app import catalogue
from game.app.catalogue import (
    DemoScene,
    GameInfo,
    Option,
    folder_parts,
    lazy_attr,
    lazy_demo,
    lazy_watch_demo,
)
from game.core.saves import register_game_format
from game.games.cosmic.data import LAYOUTS, MATCH_LENGTH_HELP

GAME_ID = "cosmic"


def _demo(name: str) -> Any:
    return lazy_demo("game.games.cosmic.demos", name)


FIRST_TIPS: tuple[str, ...] = (
    "First, keep one of two Advancement cards: it bends a rule in your favour (play it on "
    "your turn from your panel; Automatic ones act by themselves). Each planet of yours a "
    "bomb destroys gives you another.",
    "On your turn, press anywhere in open space and pull back, then let go: your ship "
    "flies the other way, and the further you pull, the harder it goes (a press on the "
    "ship works too, but by a Base or the edge the window leaves little room to pull). "
    "Dots show its path (only the start of the longest); hold Shift for fine aim.",
    "Touch planets to pick up their Energy Crystals (each one earns another flick), then "
    "press Return to Base to bank them; that ends your turn. Leaving space loses your ship "
    "and what it carries.",
    "With all four colours banked at the start of your turn, you toss the Space Bomb "
    "instead: it lands, slides to a stop and destroys the planets under it there (red "
    "crosshairs while you aim). Aim for your rivals' planets.",
    "Points come from your planets still standing and your rivals' planets you destroyed.",
)


def first_tips_for(device: str, word: Callable[[str, str], str]) -> tuple[str, ...]:
    """The first tips in the words of `device` (`word` is the input layer's `word_for`): a
    keyboard or pad seat is taught its own keys, not the mouse's pull (a stranger at the
    left keys read only "press on your ship, pull back and let go")."""
    if device == "mouse":
        return FIRST_TIPS
    pad = device.startswith("pad")
    turn = "the stick's left/right turn the aim" if pad else \
        f"{word(device, 'left')}/{word(device, 'right')} turn the aim"
    power = ", its up/down set the power" if pad else \
        f", {word(device, 'up')}/{word(device, 'down')} set the power"
    fire = word(device, "confirm")
    # The mouse's tip says "hold Shift for fine aim"; on the left keys Left Shift also flicks
    # (a stranger held it to turn finely and flicked his ship out of space): said here.
    also = "" if pad else f" {word(device, 'primary')} flicks too: a tap of a key is the fine step."
    flick = (f"On your turn, {turn}{power}; {fire} flicks (hold {fire} to charge the power "
             "up and let go). Your ship flies along the aim, the further the more power. Dots "
             f"show its path (only the start of the longest).{also}")
    return (FIRST_TIPS[0], flick, *FIRST_TIPS[2:])


INFO = GameInfo(
    id=GAME_ID,
    title="Cosmic Kaboom",
    pitch="Flick your ship through space to grab Energy Crystals, then toss the Space Bomb "
          "onto your rivals' planets.",
    credit="Adapted from Cosmic Kaboom by Matt Loomis (Minion Games)",
    min_players=2,
    max_players=4,
    **folder_parts(__name__, "CosmicScene"),
    options=(
        Option("length", "Match length", ("rulebook", "short"), "short",
               MATCH_LENGTH_HELP),
        Option("planets", "Planets", LAYOUTS, LAYOUTS[0],
               "Laid out: a quick start with the planets already out (a different board most "
               "matches). You place: the "
               "rulebook's setup, each player in turn drags one of their planets into space "
               "(computer players choose their own spots)."),
        Option("fly_back", "Fly back to Base", (False, True), False,
               "Off (the rulebook): press Return to Base to bank your Hold, which ends your "
               "turn. On (harder): no Return to Base button; a flick must end on your own Base "
               "to bank your Hold."),
    ),
    demo_scenes=(
        DemoScene("cosmic.play", _demo("build_play"),
                  "Cosmic Kaboom: AI against AI, ships flicked through space"),
        DemoScene("cosmic.draft", _demo("build_draft"),
                  "Cosmic Kaboom: the first card choice, keep one of two", bench=False),
        DemoScene("cosmic.aim", _demo("build_aim"),
                  "Cosmic Kaboom: a player pulling back the slingshot, the path previewed",
                  bench=False),
        DemoScene("cosmic.toss", _demo("build_toss"),
                  "Cosmic Kaboom: a player tossing the Space Bomb, where it stops and goes off",
                  bench=False),
        DemoScene("cosmic.collision", _demo("build_collision"),
                  "Cosmic Kaboom: a flicked ship striking a planet, sparks flying"),
        DemoScene("cosmic.bomb", _demo("build_bomb"),
                  "Cosmic Kaboom: the Space Bomb in flight over space, its shadow below"),
        DemoScene("cosmic.explosion", _demo("build_explosion"),
                  "Cosmic Kaboom: the Space Bomb goes off over the planets it covers"),
        DemoScene("cosmic.over", _demo("build_over"),
                  "Cosmic Kaboom: the final score, planet by planet"),
        DemoScene("cosmic.watch", lazy_watch_demo("cosmic", "ai:hard,ai:medium", rounds=3),
                  "Cosmic Kaboom: Watch again, a simulated match played back"),
    ),
    accent="#8f6bff",
    default_players=2,
    higher_is_better=True,
    first_tips=FIRST_TIPS,
    first_tips_for=first_tips_for,
    sounds=("bomb_land", "bomb_toss", "crystal_chime", "game_win", "hull_clank", "kaboom",
            "penalty", "score", "ship_break", "ship_thrust", "card_deal", "card_flip",
            "ui_error", "round_end", "card_slide"),
)


def register() -> GameInfo:
    """Put Cosmic Kaboom in the catalogue (done on import; again if something cleared it)."""
    return catalogue.register(INFO)


register()


register_game_format(GAME_ID, lazy_attr("game.games.cosmic.savefmt", "FORMAT"))
"""The save's version, upgraders and check; its rules load only when a save is read."""
