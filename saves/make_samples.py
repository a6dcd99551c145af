"""Write the real game samples in ``saves/samples/`` by playing each game through the real code.

Run from the repository root: ``python saves/make_samples.py [GAME ...]``. Each sample is the
autosave the game itself wrote during a headless match (one human played by the test hands, the
rest AIs), copied byte for byte. The tests load and resume them, so a format change that forgets
an upgrader fails there.

Every game in the catalogue gives its recipe in its tests folder, `tests/games/<id>/sample.py`
(a game that lives under the tests: its own `sample`):
`SAMPLE` (the file name here) and `make_sample(app, driver) -> Path` (play until the game has
autosaved, return that file). A new game needs nothing in this script.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "saves" / "samples"


def main(argv: list[str] | None = None) -> int:
    """Play each game (all, or those named) in a scratch home and copy its autosave into
    ``saves/samples``."""
    sys.path.insert(0, str(ROOT))
    os.environ["KABOOM_HOME"] = tempfile.mkdtemp(prefix="kaboom-samples-")
    from game.app import catalogue
    from game.app.headless import HeadlessDriver, make_headless_app
    from tests.contract import recipe_of, register_test_games

    wanted = set(sys.argv[1:] if argv is None else argv)
    if any(catalogue.get(g) is None for g in wanted):
        register_test_games()  # a game that lives under the tests (tests/fifthgame)
    for info in catalogue.games():
        if wanted and info.id not in wanted:
            continue
        recipe = recipe_of(info.id)
        app = make_headless_app()
        driver = HeadlessDriver(app)
        written = recipe.make_sample(app, driver)
        shutil.copyfile(written, SAMPLES / recipe.SAMPLE)
        print(f"wrote {SAMPLES / recipe.SAMPLE} from {written}")
        app.shutdown(quit_pygame=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
