"""Kaboom! cards, the traveler's memory card game: registers itself in the catalogue.

Importing this package is cheap: the table scene and the demos load only when a match opens.
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
from game.games.cabo.coach import CALL_NEEDS
from game.games.cabo.rules.table import DEFAULT_ROUNDS, DEFAULT_SLAP_WINDOW, RULEBOOK_ROUNDS
from game.games.cabo.words import kaboom_sum

RELAXED_SLAP_WINDOW = 6.0
"""The lobby's longest Time to slap: a relaxed table for young or new players."""

GAME_ID = "cabo"
#: The lobby's two openings: the quick one (the default), which stops after `rules.OPENING_FLIPS`
#: cards, and the rulebook's (cards flipped until a slap); the catalogue loads without the rules.
RULEBOOK_OPENING = "until a slap"
QUICK_OPENING = "8 cards"


ROUNDS_CHOICES = (1, 3, 5, 10)
"""The lobby's Rounds values (the only ones it steps through)."""


def _or_list(values: tuple[Any, ...]) -> str:
    """"1, 3, 5 or 10"."""
    words = [str(v) for v in values]
    return f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else words[0]


def _demo(name: str) -> Any:
    return lazy_demo("game.games.cabo.demos", name)


def _tips(slap: str, draw: str, kaboom: str) -> tuple[str, ...]:
    """The first-match tips, with how to slap, draw and call Kaboom! on one device: short
    ones, shown one at a time (`first_tips_paged`; at most 3 lines each)."""
    return (
        "Look at your bottom two cards once and remember them. An eye marks each card you "
        "have seen.",
        # the round's goal and the match's, as the rulebook has them (the tip said "the
        # lowest total wins the round" and the pitch "closest to zero")
        "A round goes to the cards closest to zero (Joker -1, red King 0, black King 30); "
        "the match to the lowest score.",
        "Before the first turn, cards are turned up from the draw pile one by one. Nothing "
        f"to slap? Ask for the next card{draw}.",
        f"If one matches a card you have seen, slap it ({slap}). A wrong slap costs 2 "
        "penalty cards.",
        f"Your turn: draw a card{draw}, then swap it for one of yours or discard it. "
        "Discard PEEK, SPY or SWAP to use its power.",
        "Once you think your total is the closest to zero, call Kaboom! "
        f"{kaboom}. The line by your cards adds up the ones you have seen.",
        f"Called and closest? {kaboom_sum(3, -8, True)}. Beaten or tied: +10 plus your "
        "total (13).",
        f"{CALL_NEEDS} After a call, the others get one last turn.",
    )


def first_tips_for(device: str, word: Callable[[str, str], str]) -> tuple[str, ...]:
    """The first tips in the words of `device` (`word` is the input layer's `word_for`)."""
    if device == "mouse":
        return _tips("click your matching card, or the discard pile", " (click the draw pile)",
                     "(click its button) instead "
                     "of drawing")
    return _tips(f"press {word(device, 'primary')}",
                 f" (press {word(device, 'confirm')} on the draw pile)",
                 f"(press {word(device, 'secondary')}) instead of drawing")


INFO = GameInfo(
    id=GAME_ID,
    title="Kaboom! cards",
    pitch="The traveler's memory game: peek, swap, slap, call Kaboom! when your cards are "
          "closest to zero. Lowest score wins.",
    credit="The traveler's memory card game of the Cabo family, as played on the trails.",
    min_players=2,
    max_players=6,
    **folder_parts(__name__, "CaboScene"),
    options=(
        # the rules' default (the rulebook calls its 10 arbitrary; the full game stays an
        # option)
        # the help names every value: the option steps 1 -> 3 -> 5 -> 10, and a stranger
        # thought he had picked 2
        Option("rounds", "Rounds", ROUNDS_CHOICES, DEFAULT_ROUNDS,
               f"{_or_list(ROUNDS_CHOICES)} rounds in a game; lowest total wins. 5 take about "
               f"15-20 minutes; {RULEBOOK_ROUNDS} is the rulebook's full game."),
        Option("first_starter", "First to flip", ("first player", "random"), "first player",
               "Who starts the first round (later rounds: the round's winner)."),
        # 4 s by default: a newcomer needs 1.8-3.3 s to see a match and press (`ai.NEWCOMER`),
        # and 3 s felt tight to a stranger at an Easy table; a shorter window is for quick hands
        # the one slap timing a player sets (Settings had a second one, "Pause for slaps",
        # that only mattered when longer: strangers could not tell the two apart)
        # 6 s, relaxed: for young and new players (a playtest found 4 s the longest); the
        # computer players keep their own reaction times, so a longer time makes none quicker
        Option("slap_window", "Time to slap (s)", (1.0, 1.5, 2.0, 3.0, 4.0, RELAXED_SLAP_WINDOW),
               DEFAULT_SLAP_WINDOW,
               "How long each face-up card can be slapped before the next draw or flip. "
               f"{DEFAULT_SLAP_WINDOW:g} s gives a newcomer time to spot a match; "
               f"{RELAXED_SLAP_WINDOW:g} s is relaxed, for young or new players (AIs slap no "
               "faster); short times are for quick hands."),
        # the quick opening by default: the rulebook's "until a slap" ran 12 flips and more
        # for strangers; it stays an option
        Option("opening", "Opening", (QUICK_OPENING, RULEBOOK_OPENING), QUICK_OPENING,
               f"{QUICK_OPENING} (default): flips stop at a slapped match or after "
               f"{QUICK_OPENING}; then the first player starts. Until a slap: the "
               "rulebook's, with no limit (two players may flip a dozen)."),
        Option("ai_pace", "AI pace", ("relaxed", "normal", "brisk"), "normal",
               "How long computer players take over each move."),
    ),
    demo_scenes=(
        DemoScene("cabo.deal", _demo("deal"), "Kaboom! cards: the deal and the first peek"),
        DemoScene("cabo.play", _demo("play"), "Kaboom! cards: four AIs mid-round (bench)"),
        DemoScene("cabo.mid", _demo("mid"), "Kaboom! cards: your drawn card, mid-round"),
        DemoScene("cabo.slap", _demo("slap"), "Kaboom! cards: an AI wins a slap"),
        DemoScene("cabo.end", _demo("end"), "Kaboom! cards: a round's reveal and score sheet"),
        DemoScene("cabo.six", _demo("six"), "Kaboom! cards: six players mid-round"),
        DemoScene("cabo.couch", _demo("couch"), "Kaboom! cards: two humans, hold to look"),
        DemoScene("cabo.watch", lazy_watch_demo("cabo", "ai:hard,ai:medium,ai:easy", rounds=1),
                  "Kaboom! cards: Watch again, a simulated round played back"),
    ),
    accent="#e63946",
    default_players=4,
    higher_is_better=False,
    first_tips=_tips("the bar at the bottom says how", "", "instead of drawing"),
    first_tips_for=first_tips_for,
    first_tips_paged=True,
    sounds=("card_deal", "card_flip", "card_shuffle", "card_slide", "game_win", "kaboom", "peek",
            "penalty", "round_end", "score", "slap", "slap_wrong", "swap", "ui_click", "ui_error",
            "ui_hover"),
)

catalogue.register(INFO)


register_game_format(GAME_ID, lazy_attr("game.games.cabo.savefmt", "FORMAT"))
"""The save's version, upgraders and check; its rules load only when a save is read."""
