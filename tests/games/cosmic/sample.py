"""How `saves/make_samples.py` writes Cosmic Kaboom's real sample save (`saves/samples/`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.games.cosmic.savefmt import SAVE_VERSION

SAMPLE = f"save-v{SAVE_VERSION}-cosmic.json"
SHORT_OPTIONS: list[str] = ["length=short"]
"""Options that keep a whole match short, for the contract tests that play one."""


def make_sample(app: Any, driver: Any) -> Path:
    """A three-player Cosmic Kaboom match (a human on the mouse and two AIs), saved at the
    human's decision in round 3. The human's decisions are made the way the HUD makes them
    (`CosmicScene.perform`), chosen by a medium AI standing in for the player."""
    from game.app.catalogue import SEAT_COLOURS, MatchSetup, Seat
    from game.games.cosmic.ai import decide, make_ai
    from game.games.cosmic.scene import CosmicScene, Stage

    seats = [Seat("You", SEAT_COLOURS[0], "human", "medium", "mouse"),
             Seat("Ben", SEAT_COLOURS[1], "ai", "medium", "mouse"),
             Seat("Cleo", SEAT_COLOURS[2], "ai", "easy", "mouse")]
    scene = CosmicScene(app, MatchSetup("cosmic", seats, {"fly_back": False}, 9))
    app.stack.push(scene)
    app.stack.apply_requests()
    scene.time_scale = 6.0
    stand_in = make_ai("medium", 0, 77)
    for _ in range(40000):
        m = scene.match
        if m.to_act() == 0 and scene.stage == Stage.DECIDE:
            if m.state.round >= 3:
                break
            scene.perform(decide(stand_in, m))
        driver.step(dt=1.0 / 15.0)
    else:
        raise SystemExit("the cosmic match never reached round 3")
    scene.autosave()
    return Path(app.saves.path_for("cosmic", autosave=True))


def _part(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    return lambda doc: change(doc["state"]["game"]["match"])


BAD_GAME_STATES: dict[str, Callable[[dict[str, Any]], None]] = {
    "turn-out-of-range": _part(lambda r: r["state"].update(turn=-3)),
    "bad-colour": _part(lambda r: r["state"]["players"][0]["base"].append("purple")),
    "players-mismatch": _part(lambda r: r["state"]["options"].update(players=4)),
    "match-a-list": lambda d: d["state"]["game"].update(match=[1, 2]),
    "planet-nowhere": _part(lambda r: r["table"]["planets"].clear()),
    "position-not-a-number": _part(
        lambda r: r["table"]["planets"].update({"0": ["left", 3.0]})),
    "planet-far-off-the-table": _part(
        lambda r: r["table"]["planets"].update({next(iter(r["table"]["planets"])): [1e300, 5.0]})),
    "planets-overlapping": _part(lambda r: r["table"]["planets"].update(
        {k: [360.0 + i, 360.0] for i, k in enumerate(list(r["table"]["planets"])[:2])})),
    "turn-beyond-the-rounds": _part(lambda r: r["state"].update(turn=10**30)),
    "flicks-beyond-a-turn": _part(lambda r: r["state"].update(flicks_left=10**6)),
    "seed-too-large": _part(lambda r: r["state"].update(seed=10**40)),
}
"""Damage inside this game's own part of a save (`tests/app/test_bad_files.py` adds the
envelope's and the setup's): each must be refused at load, moved aside and told."""

REFUSED_SAMPLES: tuple[str, ...] = ()
"""Old samples in `saves/samples/` that can no longer be resumed and must be set aside."""
