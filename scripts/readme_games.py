#!/usr/bin/env python3
"""Write the README's table of games from the game catalogue, so the two never disagree.

Usage: `python scripts/readme_games.py` rewrites the block between the README's
`<!-- games:begin -->` and `<!-- games:end -->` markers; `--check` only reports a difference
(exit status 1), which is what the test does.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
BEGIN = "<!-- games:begin (written by scripts/readme_games.py from the catalogue) -->"
END = "<!-- games:end -->"


def games_block(games: Iterable[Any]) -> str:
    """The README lines for these catalogue entries: a count and one table row per game."""
    games = list(games)
    count = {1: "One game is", 2: "Two games are", 3: "Three games are", 4: "Four games are"}
    lead = count.get(len(games), f"{len(games)} games are")
    rows = [f"{lead} in so far; only finished games appear in the game catalogue.", "",
            "| id | game | what it is | players |", "| --- | --- | --- | --- |"]
    for g in games:
        rows.append(f"| `{g.id}` | {g.title} | {g.pitch} | {g.min_players}-{g.max_players} |")
    return "\n".join(rows)


def replace_block(readme: str, block: str) -> str:
    """The README text with the marked block replaced; ValueError if the markers are missing."""
    start = readme.find(BEGIN)
    stop = readme.find(END)
    if start < 0 or stop < start:
        raise ValueError(f"README.md has no '{BEGIN}' ... '{END}' block")
    return readme[:start + len(BEGIN)] + "\n" + block + "\n" + readme[stop:]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report whether it is stale")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    from game.app import catalogue

    old = README.read_text(encoding="utf-8")
    try:
        new = replace_block(old, games_block(catalogue.games()))
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.check:
        if new != old:
            print("README.md's games table is stale: run python scripts/readme_games.py")
            return 1
        return 0
    if new != old:
        tmp = README.with_suffix(".md.tmp")
        tmp.write_text(new, encoding="utf-8")
        tmp.replace(README)  # atomic: a crash never leaves half a README
        print("README.md: games table updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
