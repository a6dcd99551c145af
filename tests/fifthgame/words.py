"""Dice Race's lines, spoken through the kit's Voice ("You roll a 4", "Ben banks 9 points")."""

from __future__ import annotations

from game.core.voice import Voice, count
from tests.fifthgame import rules as R

#: The first-match coach's tips.
TIPS = (
    "Race to the target score: the first to reach it wins at once.",
    "On your turn, roll the die as often as you dare: each roll adds its pips to your pot.",
    "A 1 empties your pot and passes the die. Bank to add the pot to your score and pass.",
)


def told(voice: Voice, action: R.Action, result: R.Outcome) -> str:
    """The log line for an applied action."""
    seat = action.player
    if result.banked is not None:
        return voice.says(seat, "banks", "bank", f" {count(result.banked, 'point')}.")
    if result.rolled == R.BUST:
        return (voice.says(seat, "rolls", "roll", " a 1 and ")
                + voice.verb(seat, "loses", "lose") + " the pot.")
    return voice.says(seat, "rolls", "roll", f" a {result.rolled}.")


def prompt(voice: Voice, state: R.State, roll: str, bank: str) -> str:
    """Whose turn it is and, for a human seat, how to act (`roll`, `bank`: the controls' words;
    empty for a computer seat)."""
    if state.is_over:
        return voice.winners(state.winners()) + "!"
    if not roll:
        return voice.says(state.turn, "is", "are", " thinking...")
    if state.pot == 0:
        return f"{voice.Poss(state.turn)} turn: {roll} to roll."
    return f"{voice.Poss(state.turn)} turn: {roll} to roll again, {bank} to bank."
