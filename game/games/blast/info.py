"""Kaboom! Explosive's rules page: the rulebook as adapted, the controls, the deck's count table
and every decision the rulebook leaves open, written from `data.py` so the page can never
disagree with the game.

pygame-gui's HTML subset: newlines are ignored, `<br>` breaks.
"""

from __future__ import annotations

from collections.abc import Callable

from game.app.input import KEYS1, default_word
from game.games.blast.data import (
    CARD_TYPES,
    DECISIONS,
    DECK_SIZE,
    EMPTY_HAND_DRAW,
    HAND_SIZE,
    MAX_ROUNDS,
    TOTAL_CARDS,
    TRADE_IN,
    Category,
)

ACCENT = "#ff7a3d"
GROUPS: tuple[tuple[str, tuple[Category, ...]], ...] = (
    ("Attacks", (Category.ATTACK,)),
    ("Walls", (Category.WALL,)),
    ("Special, defence and character cards",
     (Category.SPECIAL, Category.DEFENCE, Category.CHARACTER)),
    ("Endgame cards (kept apart, one each)", (Category.ENDGAME,)),
)


def _heading(title: str) -> str:
    from game.app.menus.howto import heading

    return heading(title)


def _sub(title: str) -> str:
    return f"<br><font color={ACCENT}><b>{title}</b></font><br>"


def count_table() -> list[str]:
    """One line per group of the deck: its total, then every type with its copies and face."""
    lines = []
    for title, cats in GROUPS:
        cards = [c for c in CARD_TYPES if c.category in cats]
        total = sum(c.count for c in cards)
        listed = "; ".join(f"<b>{c.name}</b> ×{c.count}: {c.text}" for c in cards)
        lines.append(f"<i>{title} ({total})</i>: {listed}")
    return lines


def rules_page(word: Callable[[str, str], str] | None = None) -> str:
    """The whole rules page; `word(device, control)` names the controls (the player's bindings,
    or the defaults when not given)."""
    if word is None:
        word = default_word
    parts = [
        _heading("Kaboom! Explosive"),
        "Build walls, blow up everyone else's, and be the last player standing. Explosives "
        "destroy walls, defences are played out of turn when a card is aimed at you, and two "
        "characters, the Mad Chemist and the Underminer, change the whole table.<br>",
        _sub("Setting up"),
        "Each player lays out an iron wall, a stone wall and three palisades (two with five "
        f"players), then gets {HAND_SIZE} cards. With two players the Nuclear Bomb is out of "
        "the game. The six endgame cards are kept apart.<br>",
        _sub("Your turn"),
        "Draw a card, then <b>play</b> one card, or <b>trade</b> any "
        f"{TRADE_IN} cards for one new card, or <b>pass</b>. Productivity gives you two more "
        f"plays (three if another Productivity is one of them). With an empty hand you draw "
        f"{EMPTY_HAND_DRAW}. When the supply runs out, the discard pile is shuffled into a new "
        "one.<br>",
        _sub("Walls and explosives"),
        "A flaming arrow destroys a palisade; a pipe bomb up to a stone wall; TNT up to an iron "
        "wall; C4 up to a steel wall; an RPG any two walls of one enemy. You choose which of "
        "their walls it hits. A Force Field keeps every attack off its owner's walls; only a "
        "Spy destroys it. A player with no walls left is eliminated by an attack they do not "
        "stop.<br>",
        _sub("Out-of-turn defences"),
        "When a card is aimed at you, you alone may answer it at once: Fizzle (arrow, pipe "
        "bomb), Blast Shield (arrow to C4), Guard (a Spy), Oops (the explosive flies on to "
        "another player) or Backfire (it turns on its sender). An Oops or a Backfire can be "
        "answered again. On this table you are asked every time a card is aimed at you, even "
        "holding no defence, so nobody learns your hand from the question; AI players take a "
        "moment to answer too.<br>",
        _sub("The endgame"),
        "The first elimination starts the endgame: on their turn, each eliminated player picks "
        "one endgame card (Earthquake, Advanced Technology, Alien Invasion, Sabotage, Epidemic, "
        "Christmas), which then returns to the set. The last player standing wins; after "
        f"{MAX_ROUNDS} rounds the strongest walls win.<br>",
        _sub("Controls"),
        "<b>Mouse</b>: point at any card to see it large beside your hand, with every word "
        "of its rule. Cards you can play now stand up and glow; a dimmed card says why it "
        "cannot be played when you click it. Click a card to pick it, then its target: a "
        "player, a wall. Buttons above your hand trade, pass and take it.<br>"
        f"<b>Keyboard</b>: {word(KEYS1, 'move')} move between cards, players and buttons, "
        f"{word(KEYS1, 'confirm')} chooses, {word(KEYS1, 'back')} steps back.<br>"
        f"<b>Gamepad</b>: the stick or d-pad moves, {word('pad1', 'confirm')} chooses, "
        f"{word('pad1', 'back')} steps back.<br>"
        "With several people at one screen, hands stay hidden: the screen asks the next player "
        "to take the device before it shows their cards.<br>",
        _sub(f"The deck: {TOTAL_CARDS} cards ({DECK_SIZE} to play with, 6 endgame cards)"),
        *(f"• {line}<br>" for line in count_table()),
        _sub("How this table plays the rulebook"),
        *(f"{i}. {d}<br>" for i, d in enumerate(DECISIONS, start=1)),
    ]
    return "".join(parts)
