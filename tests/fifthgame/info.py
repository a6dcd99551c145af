"""Dice Race's rules page, with its pictures (this module draws: it loads pygame)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from game.app.rulepics import RulePicture, pic


def rules_page(word: Callable[[str, str], str] | None = None) -> str:
    """The rules page (pygame-gui's HTML subset); `word` names a player's controls."""
    roll = word("keys1", "primary") if word else "the primary button"
    bank = word("keys1", "secondary") if word else "the secondary button"
    return ("<b>Dice Race</b><br><br>"
            f"{pic('die.6')}Two to four players take turns with one die. On your turn, roll as "
            "often as you like: each roll adds its pips to your pot.<br><br>"
            f"{pic('die.1', 'right')}Roll a 1 and the pot is lost, and the die passes on. Bank "
            "instead to add the pot to your score.<br><br>"
            "The first to reach the target (20, 30 or 50) wins.<br><br>"
            f"<b>Controls</b>: click Roll or Bank; on the keyboard {roll} rolls and {bank} "
            "banks.")


def rules_pictures() -> list[Any]:
    """The page's pictures, drawn by the table's own die art (loaded only when shown)."""
    from tests.fifthgame.art import die_face

    return [RulePicture(f"die.{n}", (80, 80), partial(die_face, n)) for n in (6, 1)]
