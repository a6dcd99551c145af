"""Kaboom! Explosive's rules page: the rulebook as adapted, the controls, the deck's count table
and every decision the rulebook leaves open, written from `data.py` so the page can never
disagree with the game.

pygame-gui's HTML subset: newlines are ignored, `<br>` breaks.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from game.app.input import KEYS1, default_word
from game.app.rulepics import RulePicture, heading, pic, side_by_side, subheading
from game.games.blast.data import (
    CARD_TYPES,
    DECISIONS,
    DECK_SIZE,
    DEFENCES,
    EMPTY_HAND_DRAW,
    ENDGAME_CARDS,
    HAND_SIZE,
    MAX_ROUNDS,
    TOTAL_CARDS,
    TRADE_IN,
    WALLS,
    Category,
)

if TYPE_CHECKING:
    import pygame

ACCENT = "#ff7a3d"
GROUPS: tuple[tuple[str, tuple[Category, ...]], ...] = (
    ("Attacks", (Category.ATTACK,)),
    ("Walls", (Category.WALL,)),
    ("Special, defence and character cards",
     (Category.SPECIAL, Category.DEFENCE, Category.CHARACTER)),
    ("Endgame cards (kept apart, one each)", (Category.ENDGAME,)),
)


CARD_W, CARD_H = 120, 168
"""A card face on the page: its name, pictogram and gist read at a glance, six to a row (at
92 x 128 nineteen of the 32 faces had no room for their gist, and showed no words at all)."""
EXPLOSIVES = tuple(c.card_id for c in CARD_TYPES if c.category == Category.ATTACK)
CHARACTERS = tuple(c.card_id for c in CARD_TYPES if c.category == Category.CHARACTER)
START_WALLS = ("iron_wall", "stone_wall", "palisade", "palisade", "palisade")


def _sub(title: str) -> str:
    return subheading(title, ACCENT)


def count_table() -> list[str]:
    """One line per group of the deck: its total, then every type with its copies and face."""
    lines = []
    for title, cats in GROUPS:
        cards = [c for c in CARD_TYPES if c.category in cats]
        total = sum(c.count for c in cards)
        # One card to a line: the printed lines end in full stops, so a run-on list read ".;".
        listed = "".join(f"<br>• <b>{c.name}</b> ×{c.count}: {c.text}" for c in cards)
        gallery = "".join(pic(f"card.{c.card_id}", "inline") for c in cards)
        lines.append(f"{gallery}<br><i>{title} ({total})</i>:{listed}")
    return lines


def rules_page(word: Callable[[str, str], str] | None = None) -> str:
    """The whole rules page; `word(device, control)` names the controls (the player's bindings,
    or the defaults when not given)."""
    if word is None:
        word = default_word
    parts = [
        heading("Kaboom! Explosive"),
        pic("characters", "right"),
        "Build walls, blow up everyone else's, and be the last player standing. Explosives "
        "destroy walls, defences are played out of turn when a card is aimed at you, and two "
        "characters, the Mad Chemist and the Underminer, change the whole table.<br>",
        _sub("Setting up"),
        "Each player lays out an iron wall, a stone wall and three palisades (two with five "
        f"players), then gets {HAND_SIZE} cards. With two players the Nuclear Bomb is out of "
        "the game. The six endgame cards are kept apart.<br>" + pic("wall_line", "inline") + "<br>",
        _sub("Your turn"),
        "Draw a card, then <b>play</b> one card, or <b>trade</b> any "
        f"{TRADE_IN} cards for one new card, or <b>pass</b>. Productivity gives you two more "
        f"plays (three if another Productivity is one of them). With an empty hand you draw "
        f"{EMPTY_HAND_DRAW}. When the supply runs out, the discard pile is shuffled into a new "
        "one.<br>",
        _sub("Walls and explosives"),
        pic("explosives", "inline") + "<br>",
        "A flaming arrow destroys a palisade; a pipe bomb up to a stone wall; TNT up to an iron "
        "wall; C4 up to a steel wall; an RPG any two walls of one enemy. You choose which of "
        "their walls it hits. A Force Field keeps every attack off its owner's walls; only a "
        "Spy destroys it. A player with no walls left is eliminated by an attack they do not "
        "stop.<br>" + pic("walls", "inline") + "<br>",
        _sub("Out-of-turn defences"),
        pic("defences"),
        "When a card is aimed at you, you alone may answer it at once: Fizzle (arrow, pipe "
        "bomb), Blast Shield (arrow to C4), Guard (a Spy), Oops (the explosive flies on to "
        "another player) or Backfire (it turns on its sender). An Oops or a Backfire can be "
        "answered again. On this table the game always stops for you when a card is aimed "
        "at you: holding an answer you choose; holding none it says so and the card hits a "
        "moment later, so nobody learns your hand from how long it took. AI players take a "
        "moment to answer too.<br>",
        _sub("The endgame"),
        pic("endgame", "inline") + "<br>",
        "The first elimination starts the endgame: on their turn, each eliminated player picks "
        "one endgame card (Earthquake, Advanced Technology, Alien Invasion, Sabotage, Epidemic, "
        "Christmas), which then returns to the set. The last player standing wins; after "
        f"{MAX_ROUNDS} rounds the strongest walls win.<br>",
        _sub("Controls"),
        "<b>Mouse</b>: point at any card to see it large beside your hand, with every word "
        "of its rule. Cards you can play now stand up and glow; a dimmed card says why it "
        "cannot be played when you click it. Click a card to lift it, then click it again (or "
        "Play) to play it, or click its target: a player, a wall. A target you pointed at "
        "stays lit, and clicking the lifted card again plays it there. Esc, a right click or "
        "a click on the bare felt puts the card down. Buttons above your hand trade, pass and "
        "take it.<br>"
        f"<b>Keyboard</b>: {word(KEYS1, 'move')} move between cards, players and buttons, "
        f"{word(KEYS1, 'confirm')} chooses, {word(KEYS1, 'back')} steps back.<br>"
        f"<b>Gamepad</b>: the stick or d-pad moves, {word('pad1', 'confirm')} chooses, "
        f"{word('pad1', 'back')} steps back.<br>"
        "With several people at one screen, hands stay hidden: the screen asks the next player "
        "to take the device before it shows their cards.<br>",
        _sub(f"The deck: {TOTAL_CARDS} cards ({DECK_SIZE} to play with, 6 endgame cards)"),
        *(f"{line}<br><br>" for line in count_table()),
        _sub("How this table plays the rulebook"),
        *(f"{i}. {d}<br>" for i, d in enumerate(DECISIONS, start=1)),
    ]
    return "".join(parts)


def _face(card_id: str) -> pygame.Surface:
    from game.games.blast import art

    return art.card_face(card_id, CARD_W, CARD_H)


def _icons(card_ids: tuple[str, ...], size: int = 56) -> pygame.Surface:
    """The pictograms of `card_ids` in a row, as the cards carry them."""
    from game.games.blast import art

    return side_by_side([art.icon(c, size) for c in card_ids], 6)


def _wall_line() -> pygame.Surface:
    """A player's starting wall line: iron, stone and three palisades."""
    from game.games.blast import art

    return side_by_side([art.wall_piece(w, 96, 64) for w in START_WALLS], 8)


def _walls_picture() -> pygame.Surface:
    """Every wall, weakest to strongest, the strongest already cracked by a blast."""
    from game.games.blast import art

    return side_by_side([art.wall_piece(w, 96, 64) for w in WALLS], 8)


def _characters() -> pygame.Surface:
    """The two characters' tokens as they stand on the table."""
    from game.games.blast import art

    return side_by_side([art.character_token(c, 84) for c in CHARACTERS], 10)


def rules_pictures() -> list[RulePicture]:
    """The pictures the page shows, each drawn by the table's own art."""
    return [
        RulePicture("characters", (190, 90), _characters, grow=1.0),
        RulePicture("wall_line", (560, 64), _wall_line, grow=1.0),
        RulePicture("walls", (560, 64), _walls_picture, grow=1.0),
        RulePicture("explosives", (340, 56), partial(_icons, EXPLOSIVES), grow=1.0),
        RulePicture("defences", (260, 48), partial(_icons, DEFENCES, 46), grow=1.0),
        RulePicture("endgame", (400, 56), partial(_icons, ENDGAME_CARDS), grow=1.0),
        *(RulePicture(f"card.{c.card_id}", (CARD_W, CARD_H), partial(_face, c.card_id),
                      grow=1.0) for c in CARD_TYPES),
    ]
