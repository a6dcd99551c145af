"""Kaboom! An Explosive Card Game (game id ``blast``): walls, explosives and out-of-turn defences.

Registers the game in the catalogue. `data` holds the cards, the 108-card deck and the decisions
the rulebook leaves open; `rules` is the pure rules engine (no pygame). Importing this package is
cheap: the table, the art, the AI and the demos load only when they are asked for.
"""

from __future__ import annotations

import math
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

GAME_ID = "blast"


def _demo(name: str) -> Any:
    return lazy_demo("game.games.blast.demos", name)


def stats_score(place: int, players: int) -> float:
    """A finish as the statistics keep it (lower is better): the place, less a hundredth per
    seat at the table, so a win at five beats a win at two and any win beats any second place;
    `_place_words` reads both back ("1st of 3"). A place alone said "2nd place" for a two-seat
    loss, which is last."""
    return place - players / 100


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _place_words(score: float) -> str:
    """A best finish as the statistics say it: "1st of 3", "2nd of 4", "Lost: 2nd of 2" (last
    at the table is a loss, never a "2nd place"); a record kept before table sizes were:
    "2nd place"."""
    place = max(1, math.ceil(score - 1e-6))
    players = round((place - score) * 100)
    if players < 2:
        return f"{_ordinal(place)} place"
    if place >= players:
        return f"Lost: {_ordinal(place)} of {players}"
    return f"{_ordinal(place)} of {players}"


def _tips(read: str) -> tuple[str, ...]:
    return (
        "Everyone starts behind walls. Draw, then play one card, trade cards in for a new one, "
        f"or pass. Cards you can play now glow; {read} to read it large. Productivity: play "
        "two more cards this turn.",
        "Fire explosives at your rivals' walls: a bigger explosive breaks a stronger wall. A "
        "player with no walls left is knocked out by the next attack they do not stop.",
        "When a card is aimed at you, you may answer at once with a defence (Fizzle, Blast "
        "Shield, Oops, Backfire...): the game asks you, and waits.",
        "Two characters stay on the table once played: the Mad Chemist makes his owner's "
        "explosives one rank stronger, and the Underminer takes an enemy's wall every turn. "
        "Only an Assassin removes either; a Force Field or Diplomacy keeps the Underminer away.",
        "Build new walls when yours fall. The last player standing wins. A player knocked "
        "out still takes turns, playing endgame cards (Earthquake, Sabotage...), and from "
        "then on the Nuclear Bomb may be played: a Weapons Inspector takes it from a hand.",
    )


def first_tips_for(device: str, word: Callable[[str, str], str]) -> tuple[str, ...]:
    """The first tips in the words of `device` (`word` is the input layer's `word_for`)."""
    if device == "mouse":
        return _tips("point at any card")
    if device.startswith("pad"):
        return _tips("move to any card with the stick or d-pad")
    keys = "/".join(word(device, a) for a in ("up", "left", "down", "right"))
    return _tips(f"move to any card with {keys}")


INFO = GameInfo(
    id=GAME_ID,
    title="Kaboom! Explosive",
    pitch="Build walls, lob TNT and C4 at your rivals, and answer their attacks out of turn. "
          "The last one standing wins.",
    credit="Adapted from Kaboom! An Explosive Card Game (Jem Games)",
    min_players=2,
    max_players=5,
    **folder_parts(__name__, "BlastScene"),
    options=(
        Option("ai_pace", "AI pace", ("relaxed", "normal", "brisk"), "normal",
               "How long computer players take over each move and each answer.",
               value_help=(
                   # one match length, said once (at normal): the others say how they differ
                   # from it (a stranger read "about 10 min" at normal and "a little under 10
                   # minutes" at brisk as no difference)
                   ("relaxed", "Relaxed: computer players take half as long again over each "
                               "move as at normal, so a match runs a little longer."),
                   ("normal", "Normal: a two-player match takes about 10 minutes (a long "
                              "one 20), longer with more players."),
                   ("brisk", "Brisk: computer players take a little over half as long over "
                             "each move as at normal; your own turns are most of a match, "
                             "so it ends only a little sooner."))),
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
        DemoScene("blast.duel", _demo("duel"),
                  "Kaboom! Explosive: two players, the large hand beside walls and characters"),
        DemoScene("blast.twist", _demo("twist"),
                  "Kaboom! Explosive: a Twist of Fate, the top cards to arrange for the next draw"),
        DemoScene("blast.over", _demo("over"), "Kaboom! Explosive: the final summary"),
        DemoScene("blast.watch", lazy_watch_demo("blast", "ai:hard,ai:medium,ai:easy"),
                  "Kaboom! Explosive: Watch again, a simulated match played back"),
    ),
    accent="#e8553d",
    default_players=4,
    higher_is_better=False,
    best_words=_place_words,
    first_tips=_tips("point at any card"),
    first_tips_for=first_tips_for,
    sounds=("card_deal", "card_flip", "card_shuffle", "card_slide", "fuse_hiss", "game_win",
            "kaboom", "nuke_rumble", "oops_whoosh", "penalty", "round_end", "shield_up",
            "ui_click", "ui_error", "ui_hover", "wall_crumble"),
)
"""Scores are places (1 = the winner, tied seats share a place): lower is better."""


def register() -> GameInfo:
    """Put the game in the catalogue (done on import; again if something cleared it)."""
    return catalogue.register(INFO)


register()


register_game_format(GAME_ID, lazy_attr("game.games.blast.savefmt", "FORMAT"))
"""The save's version, upgraders and check; its rules load only when a save is read."""
