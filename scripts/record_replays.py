#!/usr/bin/env python3
"""Record each game's pinned replay: one short, seeded AI-only match per game in
`tests/data/replays/<game>.json`, which the suite re-runs under the current rules.

Why: a replay re-runs a match from its inputs, so a change to a game's rules breaks every replay
recorded before it. The game's `RULES` revision (in its `replay.py`) must then move, so old
replays are refused in words instead of diverging. `tests/games/test_rules_revision.py` makes
that impossible to forget: when a rules change makes the pinned replay diverge, the test says to
move `RULES` and re-record; when `RULES` moved, it says to re-record.

Usage: `python scripts/record_replays.py [GAME ...]` (default: every game in the catalogue).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FOLDER = REPO / "tests" / "data" / "replays"
SEED = 3
PLAYERS = "ai:easy,ai:medium"


def record(game: str) -> Path:
    """Simulate one match of `game` with a replay and move it to `FOLDER/<game>.json`."""
    from game.cli import main
    from tests.contract import short_options

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["KABOOM_HOME"] = str(Path(tmp) / "home")
        args = ["simulate", game, "--players", PLAYERS, "--seed", str(SEED),
                "--replay-dir", tmp]
        for option in short_options(game):
            args += ["--option", option]
        code = main(args)
        if code != 0:
            raise SystemExit(f"record_replays: simulating {game} failed (exit {code})")
        made = sorted(Path(tmp).glob(f"{game}-*.json"))
        if len(made) != 1:
            raise SystemExit(f"record_replays: expected one {game} replay, found {len(made)}")
        FOLDER.mkdir(parents=True, exist_ok=True)
        dest = FOLDER / f"{game}.json"
        shutil.copyfile(made[0], dest)
        return dest


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(REPO))
    from game.app import catalogue
    from tests.contract import register_test_games

    if any(catalogue.get(g) is None for g in args.games):
        register_test_games()  # a game that lives under the tests (tests/fifthgame)
    games = args.games or [g.id for g in catalogue.games()]
    for game in games:
        print(f"recorded {record(game).relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
