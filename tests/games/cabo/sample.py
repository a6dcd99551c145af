"""How `saves/make_samples.py` writes Kaboom! cards' real sample save (`saves/samples/`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

SAMPLE = "save-v1-cabo.json"
SHORT_OPTIONS: list[str] = ["rounds=1"]
"""Options that keep a whole match short, for the contract tests that play one."""


def make_sample(app: Any, driver: Any) -> Path:
    """A three-player Kaboom! cards match, saved at the human's turn in round 2."""
    from game.games.cabo import rules as R
    from tests.games.cabo.scene_helpers import HumanHands, make_setup, open_table

    setup = make_setup(["mouse", "hard", "medium"], seed=31, rounds=3)
    scene = open_table(app, driver, setup)
    hands = HumanHands(app, driver, scene)
    for _ in range(20000):
        if (scene.state.round == 2 and scene.state.turns >= 4 and scene.decider() == 0
                and scene.state.phase is R.Phase.TURN):
            break
        if not hands.act():
            hands.step()
    else:
        raise SystemExit("the cabo match never reached round 2")
    return Path(app.saves.path_for("cabo", autosave=True))


def _part(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    return lambda doc: change(doc["state"]["game"]["rules"])


BAD_GAME_STATES: dict[str, Callable[[dict[str, Any]], None]] = {
    "turn-out-of-range": _part(lambda r: r.update(turn=9)),
    "bad-card": _part(lambda r: r["draw"].__setitem__(0, "ZZ")),
    "players-mismatch": _part(lambda r: r["options"].update(players=5)),
    "rules-a-list": lambda d: d["state"]["game"].update(rules=[1, 2]),
    "total-beyond-the-cards": _part(lambda r: r["totals"].__setitem__(0, 10**30)),
    "rounds-too-many": _part(lambda r: r["options"].update(rounds=10**30)),
    "seed-too-large": _part(lambda r: r.update(seed=10**40)),
    "slap-window-huge": _part(lambda r: r["options"].update(slap_window=1e300)),
}
"""Damage inside this game's own part of a save (`tests/app/test_bad_files.py` adds the
envelope's and the setup's): each must be refused at load, moved aside and told."""

REFUSED_SAMPLES: tuple[str, ...] = ("save-v0-cabo.json",)
"""Old samples in `saves/samples/` that can no longer be resumed and must be set aside."""
