"""What total a Kaboom! call usually needs at a table: pure, no pygame.

`KABOOM_NEEDS` is measured, not guessed: `scripts/cabo_kaboom_needs.py` plays AI-only matches
(20 of 10 rounds per table size and AI level, the lobby's default options; about 190 calls
each) and, in every round a Kaboom! call ended, takes the rivals' closest-to-zero card total
at the reveal. A call with N points works when every rival is further from zero; the number
kept is the largest N that held for at least half of those calls. Run the script again after
a change to the AI or the rules and paste its table here.
"""

from __future__ import annotations

from collections.abc import Sequence

KABOOM_NEEDS: dict[int, dict[str, int]] = {
    2: {"easy": 6, "medium": 7, "hard": 6},
    3: {"easy": 5, "medium": 5, "hard": 4},
    4: {"easy": 3, "medium": 3, "hard": 2},
    5: {"easy": 3, "medium": 2, "hard": 2},
    6: {"easy": 2, "medium": 2, "hard": 2},
}
"""Seats at the table -> AI level -> the largest total a Kaboom! call usually wins with."""
LEVELS = ("easy", "medium", "hard")


def kaboom_needs(players: int, rivals: Sequence[str]) -> int:
    """The total a Kaboom! call usually needs (or less) at a table of `players` seats whose
    other seats are `rivals` (AI levels; a person counts as "medium"): the table of its
    strongest rival, who is the likeliest to beat the call."""
    row = KABOOM_NEEDS[min(max(players, 2), 6)]
    levels = [r if r in LEVELS else "medium" for r in rivals] or ["medium"]
    return min(row[level] for level in levels)


SEATS_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
CALL_NEEDS = (f"A good call usually has {KABOOM_NEEDS[2]['medium']} or less with two players, "
              f"{KABOOM_NEEDS[3]['medium']} or less with three, "
              f"{KABOOM_NEEDS[4]['medium']} or less with four; any total may call.")
"""The first tips' word on what a Kaboom! call needs, for any table (the rules' page)."""


def call_needs_here(players: int, needs: int) -> str:
    """The first tips' word on what a call needs at this table (a stranger at three seats
    read the totals for two and four only)."""
    # "usually needs 5 or less" read like a rule: it is advice, and any total may call
    return f"At this table of {SEATS_WORDS.get(players, str(players))} players a good call " \
        f"usually has {needs} or less; any total may call."
