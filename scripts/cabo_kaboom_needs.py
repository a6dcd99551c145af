#!/usr/bin/env python3
"""Measure what total a Kaboom! call usually needs to win a round of Kaboom! cards, from
simulated AI-only matches, and print the table `game/games/cabo/coach.py` keeps
(`KABOOM_NEEDS`).

How: for each table size (2 to 6 seats) and AI level, AI-only matches are played with the
lobby's default options. In every round ended by a (non-automatic) Kaboom! call, the rivals'
closest-to-zero card total at the reveal is what the call had to beat: a call with N points
works when every rival is further from zero than N. The number kept is the largest N for which
that held in at least half of those rounds ("a Kaboom! usually needs M or less here").

Usage: `python scripts/cabo_kaboom_needs.py [--matches 20]` (about 15 s a table size and
level on one core at 20 matches of 10 rounds).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.games.cabo import rules as R  # noqa: E402
from game.games.cabo.sim import play_match, start_match  # noqa: E402

LEVELS = ("easy", "medium", "hard")
SUCCESS_SHARE = 0.5
"""A call 'usually' works: in at least this share of the rounds measured."""


def closest_rivals(players: int, level: str, matches: int) -> list[int]:
    """The rivals' closest |card total| in each round a Kaboom! call ended."""
    out: list[int] = []
    for seed in range(matches):
        state, bots = start_match([level] * players, 1000 + seed, {"rounds": 10})
        play_match(state, bots)
        called: int | None = None
        for ev in state.events:
            if isinstance(ev, R.KaboomCalled):
                called = None if ev.auto else ev.player
            elif isinstance(ev, R.RoundEnded):
                if called is not None:
                    out.append(min(abs(t) for p, t in enumerate(ev.card_totals) if p != called))
                called = None
    return out


def needs(rivals: list[int]) -> int:
    """The largest total a call beats every rival with in at least SUCCESS_SHARE of rounds."""
    best = 0
    for n in range(0, 40):
        if sum(1 for r in rivals if r > n) >= SUCCESS_SHARE * len(rivals):
            best = n
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    args = parser.parse_args(argv)
    print("KABOOM_NEEDS = {")
    for players in range(2, 7):
        row = []
        for level in LEVELS:
            rivals = closest_rivals(players, level, args.matches)
            row.append(f'"{level}": {needs(rivals)}')
            print(f"    # {players} seats, {level}: {len(rivals)} calls measured",
                  file=sys.stderr)
        print(f"    {players}: {{{', '.join(row)}}},")
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
