"""The first-match tip about the sand timer read garbled to a stranger ("Sand timer (the lobby's
Options) at 45 or 60 s is a beginner's timer for everyone at the table"): it says plainly where
the option is and what it gives."""

from __future__ import annotations

from game.app.input import default_word
from game.games.tower import FIRST_TIPS, first_tips_for


def test_the_sand_timer_tip_reads_plainly() -> None:
    for tips in (FIRST_TIPS, first_tips_for("keys1", default_word)):
        tip = next(t for t in tips if "Sand timer" in t)
        # the tip shows after the match began: it speaks of the next one
        assert tip.startswith("Too quick? Next match, set the lobby's Sand timer to 45 or 60 s: "
                              "more time for every builder.")
        assert "(the lobby's Options)" not in tip and "beginner's timer" not in tip
