"""Dice Race's rules page and first-match tips' words."""

from __future__ import annotations

from collections.abc import Callable

TIPS = (
    "Race to the target score: the first to reach it wins at once.",
    "On your turn, roll the die as often as you dare: each roll adds its pips to your pot.",
    "A 1 empties your pot and passes the die. Bank to add the pot to your score and pass.",
)


def rules_page(word: Callable[[str, str], str] | None = None) -> str:
    """The rules page (pygame-gui's HTML subset); `word` names a player's controls."""
    roll = word("keys1", "primary") if word else "the primary button"
    bank = word("keys1", "secondary") if word else "the secondary button"
    return ("<b>Dice Race</b><br><br>"
            "Two to four players take turns with one die. On your turn, roll as often as you "
            "like: each roll adds its pips to your pot. Roll a 1 and the pot is lost, and the "
            "die passes on. Bank instead to add the pot to your score.<br><br>"
            "The first to reach the target (20, 30 or 50) wins.<br><br>"
            f"<b>Controls</b>: click Roll or Bank; on the keyboard {roll} rolls and {bank} "
            "banks.")
