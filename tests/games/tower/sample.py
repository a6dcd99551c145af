"""How `saves/make_samples.py` writes Tower Kaboom's real sample save (`saves/samples/`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.games.tower.savefmt import SAVE_VERSION

SAMPLE = f"save-v{SAVE_VERSION}-tower.json"
SHORT_OPTIONS: list[str] = ["rounds=1"]
"""Options that keep a whole match short, for the contract tests that play one."""
"""Older samples stay beside it (`save-v1-tower.json`): the tests resume them through the
upgraders."""


def make_sample(app: Any, driver: Any) -> Path:
    """A three-player Tower Kaboom match, saved at the start of the third turn."""
    from game.games.tower.scene import Stage
    from tests.games.tower.test_scene import open_game

    scene = open_game(app, "mouse", "ai:medium", "ai:easy", seed=9)
    scene.time_scale = 6.0
    for _ in range(20000):
        if scene.match.turn >= 2 and scene.stage == Stage.READY:
            break
        if scene.stage == Stage.READY and scene.match.builder == 0:
            driver.click((640, 400))  # "get ready": go
        driver.step(dt=1.0 / 15.0)
    else:
        raise SystemExit("the tower match never reached its third turn")
    return Path(app.saves.path_for("tower", autosave=True))


def _part(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    return lambda doc: change(doc["state"]["game"]["match"])


BAD_GAME_STATES: dict[str, Callable[[dict[str, Any]], None]] = {
    "turn-out-of-range": _part(lambda r: r.update(turn=-3)),
    "bad-tile": _part(lambda r: r["row"].__setitem__(0, 999)),
    "players-mismatch": _part(lambda r: r["options"].update(players=5)),
    "match-a-list": lambda d: d["state"]["game"].update(match=[1, 2]),
    "spare-twice": _part(lambda r: r["spares"].__setitem__(1, r["spares"][0])),
    "turn-beyond-the-rounds": _part(lambda r: r.update(turn=10**30)),
    "turn-seconds-huge": _part(lambda r: r["options"].update(turn_seconds=1e300)),
    "seed-too-large": _part(lambda r: r.update(seed=10**40)),
}
"""Damage inside this game's own part of a save (`tests/app/test_bad_files.py` adds the
envelope's and the setup's): each must be refused at load, moved aside and told."""

REFUSED_SAMPLES: tuple[str, ...] = ()
"""Old samples in `saves/samples/` that can no longer be resumed and must be set aside."""
