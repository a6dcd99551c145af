"""Write the real game samples in ``saves/samples/`` by playing each game through the real code.

Run from the repository root: ``python saves/make_samples.py``. Each sample is the autosave the
game itself wrote during a headless match (one human played by the test hands, the rest AIs),
copied byte for byte. The tests load and resume them, so a format change that forgets an
upgrader fails there.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "saves" / "samples"


def _cabo(app: object, driver: object) -> Path:
    """A three-player Kaboom! cards match, saved at the human's turn in round 2."""
    from game.games.cabo import rules as R
    from tests.games.cabo.test_cabo_scene_helpers import HumanHands, make_setup, open_table

    setup = make_setup(["mouse", "hard", "medium"], seed=31, rounds=3)
    scene = open_table(app, driver, setup)  # type: ignore[arg-type]
    hands = HumanHands(app, driver, scene)  # type: ignore[arg-type]
    for _ in range(20000):
        if (scene.state.round == 2 and scene.state.turns >= 4 and scene.decider() == 0
                and scene.state.phase is R.Phase.TURN):
            break
        if not hands.act():
            hands.step()
    else:
        raise SystemExit("the cabo match never reached round 2")
    return Path(app.saves.path_for("cabo", autosave=True))  # type: ignore[attr-defined]


def _tower(app: object, driver: object) -> Path:
    """A three-player Tower Kaboom match, saved at the start of the third turn."""
    from game.games.tower.scene import Stage
    from tests.games.tower.test_scene import open_game

    scene = open_game(app, "mouse", "ai:medium", "ai:easy", seed=9)
    scene.time_scale = 6.0
    for _ in range(20000):
        if scene.match.turn >= 2 and scene.stage == Stage.READY:
            break
        if scene.stage == Stage.READY and scene.match.builder == 0:
            driver.click((640, 400))  # type: ignore[attr-defined]  # "get ready": go
        driver.step(dt=1.0 / 15.0)  # type: ignore[attr-defined]
    else:
        raise SystemExit("the tower match never reached its third turn")
    return Path(app.saves.path_for("tower", autosave=True))  # type: ignore[attr-defined]


def main() -> int:
    """Play both games in a scratch home and copy their autosaves into ``saves/samples``."""
    sys.path.insert(0, str(ROOT))
    os.environ["KABOOM_HOME"] = tempfile.mkdtemp(prefix="kaboom-samples-")
    from game.app.headless import HeadlessDriver, make_headless_app

    for name, play in (("save-v1-cabo.json", _cabo), ("save-v1-tower.json", _tower)):
        app = make_headless_app()
        driver = HeadlessDriver(app)
        written = play(app, driver)
        shutil.copyfile(written, SAMPLES / name)
        print(f"wrote {SAMPLES / name} from {written}")
        app.shutdown(quit_pygame=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
