"""How `saves/make_samples.py` writes Kaboom! Explosive's real sample save (`saves/samples/`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.games.blast.savefmt import SAVE_VERSION

SAMPLE = f"save-v{SAVE_VERSION}-blast.json"


def make_sample(app: Any, driver: Any) -> Path:
    """A four-player match (a human on the mouse and three AIs), saved at the human's turn in
    round 3, played through the table's own controls."""
    from game.games.blast.rules import Phase
    from tests.games.blast.scene_helpers import HumanHands, make_setup, open_table

    setup = make_setup(["mouse", "hard", "medium", "easy"], seed=21)
    scene = open_table(app, driver, setup)
    hands = HumanHands(app, driver, scene)
    for _ in range(60000):
        st = scene.state
        if (st.round >= 3 and st.phase == Phase.PLAY and st.current_player() == 0
                and scene.decider() == 0 and not scene.presenter.busy):
            break
        if scene.finished:
            raise SystemExit("the blast match ended before round 3")
        if not hands.act():
            hands.step()
    else:
        raise SystemExit("the blast match never reached round 3")
    scene.autosave()
    return Path(app.saves.path_for("blast", autosave=True))


def _part(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    return lambda doc: change(doc["state"]["game"]["match"])


BAD_GAME_STATES: dict[str, Callable[[dict[str, Any]], None]] = {
    "turn-out-of-range": _part(lambda r: r.update(turn=-3)),
    "unknown-card": _part(lambda r: r["supply"].__setitem__(0, "laser_sword")),
    "players-mismatch": _part(lambda r: r["options"].update(players=5)),
    "match-a-list": lambda d: d["state"]["game"].update(match=[1, 2]),
    "card-doubled": _part(lambda r: r["supply"].append(r["supply"][0])),
    "wall-not-a-wall": _part(lambda r: r["players"][1]["walls"].__setitem__(0, "tnt")),
    "turn-beyond-the-rounds": _part(lambda r: r.update(turn=10**30)),
    "plays-beyond-the-deck": _part(lambda r: r.update(plays_left=10**6)),
    "seed-too-large": _part(lambda r: r.update(seed=10**40)),
}
"""Damage inside this game's own part of a save (`tests/app/test_bad_files.py` adds the
envelope's and the setup's): each must be refused at load, moved aside and told."""

REFUSED_SAMPLES: tuple[str, ...] = ()
"""Old samples in `saves/samples/` that can no longer be resumed and must be set aside."""
