#!/usr/bin/env python3
"""Write README.md's games table from the game catalogue, so adding a game never edits README.

Usage: `python scripts/make_readme_games.py [--check]`; with --check, exit 1 (writing nothing)
when the table is out of date. The table sits between the two marker comments in README.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere: this checkout's `game` package
    sys.path.insert(0, str(ROOT))

from game.app import catalogue  # noqa: E402

README = ROOT / "README.md"
START = "<!-- games table: written from the catalogue by scripts/make_readme_games.py -->"
END = "<!-- /games table -->"


def table() -> str:
    """The markdown table of every registered game: id, title and pitch, player counts."""
    rows = ["| id | game | players |", "| --- | --- | --- |"]
    for info in catalogue.games():
        players = f"{info.min_players}-{info.max_players}"
        rows.append(f"| `{info.id}` | {info.title}: {info.pitch} | {players} |")
    return "\n".join(rows) + "\n"


def updated(text: str) -> str:
    """README `text` with the table between the markers rewritten."""
    start, end = text.find(START), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"README.md has no games table markers ({START} ... {END})")
    return text[:start + len(START)] + "\n" + table() + text[end:]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report a stale table")
    args = parser.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    new = updated(text)
    if new == text:
        return 0
    if args.check:
        print("README.md's games table is out of date: run scripts/make_readme_games.py")
        return 1
    fd, tmp = tempfile.mkstemp(dir=README.parent, prefix=".README.", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
        f.write(new)
    os.replace(tmp, README)  # atomic: README is never half-written
    print("README.md: games table written")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
